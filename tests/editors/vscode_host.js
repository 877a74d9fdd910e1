// A stand-in for the VS Code extension host, for tests/editors/test_vscode.py.
//
// Loads the compiled extension (editors/vscode/out/extension.js) with stub `vscode` and
// `vscode-languageclient/node` modules that record what the extension does, runs one scenario
// and prints the record as JSON. It checks the extension's own glue (settings read from the
// configuration, the client it builds, its answers and notifications); the protocol itself is
// vscode-languageclient's, and what the server makes of the settings is tested against a real
// server. Usage: node vscode_host.js EXTENSION_DIR CONFIGURATION_JSON SCENARIO [PYTHON]
// Scenarios: "activate" (activate, deactivate); "lifecycle" (activate, answer a pull of the
// settings, change spancopy.topK, change an unrelated setting, change
// spancopy.server.pythonPath to PYTHON, deactivate).
"use strict";
const Module = require("module");
const path = require("path");

const [extensionDir, configurationJson, scenario, nextPython] = process.argv.slice(2);
const packageJSON = require(path.join(extensionDir, "package.json"));
const properties = packageJSON.contributes.configuration.properties;
const user = JSON.parse(configurationJson); // "spancopy.topK" -> value, as settings.json
const record = { clients: [], commands: [], errors: [], notifications: [] };
let configurationListener = () => undefined;
const disposable = { dispose: () => undefined };

const vscode = {
  ProgressLocation: { Notification: 15, Window: 10 },
  TabInputTextDiff: class {},
  Uri: { parse: (value) => ({ toString: () => value }) },
  env: { clipboard: { writeText: async () => undefined } },
  window: {
    createOutputChannel: () => ({ appendLine: () => {}, show: () => {}, dispose: () => {} }),
    showErrorMessage: async (message) => void record.errors.push(message),
    showWarningMessage: async (message) => void record.errors.push(message),
  },
  commands: {
    registerCommand: (id) => (record.commands.push(id), disposable),
    registerTextEditorCommand: (id) => (record.commands.push(id), disposable),
    executeCommand: async () => undefined,
  },
  workspace: {
    // Like VS Code: the user's value, else the default that package.json declares.
    getConfiguration: (section) => ({
      get: (key) => {
        const name = `${section}.${key}`;
        return name in user ? user[name] : properties[name]?.default;
      },
    }),
    onDidChangeConfiguration: (listener) => ((configurationListener = listener), disposable),
    registerTextDocumentContentProvider: () => disposable,
  },
};

class LanguageClient {
  constructor(id, name, serverOptions, clientOptions) {
    this.entry = { id, name, serverOptions, clientOptions, started: false, disposed: false };
    record.clients.push(this.entry);
  }
  async start() {
    this.entry.started = true;
  }
  async dispose() {
    this.entry.disposed = true;
  }
  isRunning() {
    return this.entry.started && !this.entry.disposed;
  }
  async sendNotification(type, params) {
    record.notifications.push({ method: type.method, params });
  }
}
const languageclient = {
  LanguageClient,
  TransportKind: { stdio: 0 },
  DidChangeConfigurationNotification: { type: { method: "workspace/didChangeConfiguration" } },
  ExecuteCommandRequest: { type: { method: "workspace/executeCommand" } },
};

const load = Module._load;
Module._load = function (request, ...rest) {
  if (request === "vscode") return vscode;
  if (request === "vscode-languageclient/node") return languageclient;
  return load.call(this, request, ...rest);
};

/** A configuration change event that affects `names` and their parent sections. */
function changed(...names) {
  return {
    affectsConfiguration: (section) =>
      names.some((name) => name === section || name.startsWith(`${section}.`)),
  };
}

async function main() {
  const extension = require(path.join(extensionDir, "out", "extension.js"));
  await extension.activate({ subscriptions: [], extension: { packageJSON } });
  const client = record.clients[0];
  if (scenario === "lifecycle" && client !== undefined) {
    // The server's pull: our section is answered by the extension, others by VS Code.
    const pull = client.clientOptions.middleware.workspace.configuration;
    record.configuration = await pull(
      { items: [{ section: "spancopy" }, { section: "editor" }] },
      {},
      async () => ["vscode's answer for spancopy", "vscode's answer for editor"],
    );
    user["spancopy.topK"] = 2;
    await configurationListener(changed("spancopy.topK"));
    await configurationListener(changed("editor.fontSize"));
    user["spancopy.server.pythonPath"] = nextPython;
    await configurationListener(changed("spancopy.server.pythonPath"));
  }
  await extension.deactivate();
  // Functions (the middleware) do not survive JSON; the record keeps everything else.
  process.stdout.write(JSON.stringify(record));
}

main().catch((error) => {
  process.stderr.write(String(error && error.stack ? error.stack : error));
  process.exit(1);
});
