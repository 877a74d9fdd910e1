/**
 * The spancopy extension: a thin client of `python -m lsp_server` over stdio.
 *
 * It starts the server for Java, plain-text and Markdown files (methods repaired by the Java
 * model; sentences, and those of Java comments, by the prose model), sends the `spancopy.*` settings as
 * `initializationOptions`, answers `workspace/configuration` with the same object and pushes it
 * again in `workspace/didChangeConfiguration` whenever the user changes a setting, so the
 * server never needs a restart for a setting of its own (only `spancopy.server.pythonPath`
 * restarts it). Quick fixes and work-done progress are vscode-languageclient's own; this file
 * adds the three commands of the palette.
 */
import * as vscode from "vscode";
import {
  DidChangeConfigurationNotification,
  LanguageClient,
  LanguageClientOptions,
  ServerOptions,
  TransportKind,
} from "vscode-languageclient/node";

import { checkPython, describeProblem, installCommand, resolvePython } from "./python";
import { applySimilarEditAtCursor, registerPreviews, repairMethodAtCursor } from "./repair";
import { SECTION, Settings, buildServerSettings, serverSettingKeys } from "./settings";

/**
 * Java, plain-text and Markdown files on disk and unsaved ones; never other schemes (a diff's
 * candidate side).
 */
const DOCUMENT_SELECTOR = ["java", "plaintext", "markdown"].flatMap((language) => [
  { scheme: "file", language },
  { scheme: "untitled", language },
]);

let client: LanguageClient | undefined;
let output: vscode.OutputChannel;
let keys: string[];

export async function activate(context: vscode.ExtensionContext): Promise<void> {
  output = vscode.window.createOutputChannel("spancopy");
  const properties = context.extension.packageJSON.contributes.configuration.properties;
  keys = serverSettingKeys(properties as Record<string, unknown>);
  context.subscriptions.push(
    output,
    registerPreviews(),
    vscode.commands.registerCommand("spancopy.restartServer", restart),
    vscode.commands.registerCommand("spancopy.showOutput", () => output.show()),
    vscode.commands.registerTextEditorCommand("spancopy.repairMethodAtCursor", (editor) =>
      client === undefined ? notRunning() : repairMethodAtCursor(client, editor),
    ),
    vscode.commands.registerTextEditorCommand("spancopy.applySimilarEditAtCursor", (editor) =>
      client === undefined ? notRunning() : applySimilarEditAtCursor(client, editor),
    ),
    vscode.workspace.onDidChangeConfiguration(onDidChangeConfiguration),
  );
  await start();
}

export async function deactivate(): Promise<void> {
  await stop();
}

/** The server's settings for `scope` (a document URI, or the workspace). */
function serverSettings(scope?: vscode.Uri): Settings {
  const configuration = vscode.workspace.getConfiguration(SECTION, scope);
  return buildServerSettings(keys, (key) => configuration.get(key));
}

async function start(): Promise<void> {
  const configured = vscode.workspace.getConfiguration(SECTION).get<string>("server.pythonPath");
  const python = resolvePython(configured ?? "", process.platform);
  const status = await checkPython(python);
  if (status.kind !== "ok") {
    output.appendLine(describeProblem(python, status));
    void offerFix(python, describeProblem(python, status), status.kind === "no-package");
    return;
  }
  const serverOptions: ServerOptions = {
    command: python,
    args: ["-m", "lsp_server"],
    transport: TransportKind.stdio,
  };
  const clientOptions: LanguageClientOptions = {
    documentSelector: DOCUMENT_SELECTOR,
    outputChannel: output,
    initializationOptions: serverSettings(),
    middleware: {
      workspace: {
        // Answer the server's pull for our section with the same object the other paths send.
        configuration: async (params, token, next) => {
          const answers = await next(params, token);
          if (!Array.isArray(answers)) {
            return answers;
          }
          return params.items.map((item, i) =>
            item.section === SECTION
              ? serverSettings(item.scopeUri ? vscode.Uri.parse(item.scopeUri) : undefined)
              : answers[i],
          );
        },
      },
    },
  };
  output.appendLine(`Starting ${python} -m lsp_server`);
  client = new LanguageClient(SECTION, "spancopy", serverOptions, clientOptions);
  try {
    await client.start();
  } catch (error) {
    // vscode-languageclient has shown and logged why; the commands stay available.
    output.appendLine(`The server did not start: ${String(error)}`);
  }
}

async function stop(): Promise<void> {
  const running = client;
  client = undefined;
  if (running !== undefined) {
    await running.dispose();
  }
}

async function restart(): Promise<void> {
  await stop();
  await start();
}

async function onDidChangeConfiguration(event: vscode.ConfigurationChangeEvent): Promise<void> {
  if (event.affectsConfiguration(`${SECTION}.server`)) {
    await restart();
  } else if (event.affectsConfiguration(SECTION) && client?.isRunning()) {
    await client.sendNotification(DidChangeConfigurationNotification.type, {
      settings: { [SECTION]: serverSettings() },
    });
  }
}

async function offerFix(python: string, message: string, packageMissing: boolean): Promise<void> {
  const copy = "Copy install command";
  const settings = "Open settings";
  const actions = packageMissing ? [copy, settings] : [settings];
  const choice = await vscode.window.showErrorMessage(message, ...actions);
  if (choice === copy) {
    await vscode.env.clipboard.writeText(installCommand(python));
  } else if (choice === settings) {
    await vscode.commands.executeCommand(
      "workbench.action.openSettings",
      `${SECTION}.server.pythonPath`,
    );
  }
}

function notRunning(): void {
  void vscode.window.showWarningMessage(
    "spancopy: the language server is not running (see spancopy: Show output).",
  );
}
