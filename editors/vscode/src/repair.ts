/**
 * "spancopy: Repair method at cursor": the server's explicit, wider-beam repair in a quick pick;
 * "spancopy: Apply my last edit to the method at cursor": the same for the server's similar
 * edits (the edit just made elsewhere, proposed on this method).
 *
 * Runs `workspace/executeCommand` `spancopy.repairMethod` (`spancopy.applySimilarEdit`) for the
 * cursor's position, shows the
 * candidates (each a code action: a title with the change and its probability, and a
 * `WorkspaceEdit`) in a quick pick, previews the highlighted one as a diff beside the user's
 * editor (never in its place: a preview tab would be replaced), and applies the one the user
 * accepts; when the pick closes the diffs close and the user's editor is shown again. The
 * server's own progress shows in the status bar; the notification's Cancel button sends
 * `$/cancelRequest`. A null answer means no method holds the cursor.
 */
import * as vscode from "vscode";
import { CodeAction, ExecuteCommandRequest, LanguageClient } from "vscode-languageclient/node";

import { applyEdits } from "./edits";

/** The URI scheme of the read-only documents that hold a candidate's text for the diff. */
const PREVIEW_SCHEME = "spancopy-candidate";

/** The text of every previewed candidate, by preview URI. */
const previews = new Map<string, string>();

/** Serve the diff preview's right-hand side; dispose of the result on deactivation. */
export function registerPreviews(): vscode.Disposable {
  return vscode.workspace.registerTextDocumentContentProvider(PREVIEW_SCHEME, {
    provideTextDocumentContent: (uri) => previews.get(uri.toString()) ?? "",
  });
}

/** What differs between the commands that end in a quick pick of the server's actions. */
interface ActionCommand {
  command: string;
  progress: string;
  failed: string;
  none: string;
  pickTitle: string;
  placeholder: string;
}

const REPAIR: ActionCommand = {
  command: "spancopy.repairMethod",
  progress: "spancopy: repairing the method at the cursor",
  failed: "the repair failed",
  none: "no repair found for this method.",
  pickTitle: "spancopy: repairs of the method at the cursor",
  placeholder: "Enter applies the highlighted repair",
};

const SIMILAR_EDIT: ActionCommand = {
  command: "spancopy.applySimilarEdit",
  progress: "spancopy: applying your last edit to the method at the cursor",
  failed: "the similar edit failed",
  none: "your last edit (since the file was opened or saved) does not apply here.",
  pickTitle: "spancopy: your last edit, applied to the method at the cursor",
  placeholder: "Enter applies the highlighted edit",
};

interface CandidateItem extends vscode.QuickPickItem {
  edit: vscode.WorkspaceEdit;
  preview: vscode.Uri;
}

/** Ask the server for repairs of the method at the cursor and let the user pick one. */
export function repairMethodAtCursor(
  client: LanguageClient,
  editor: vscode.TextEditor,
): Promise<void> {
  return pickServerAction(client, editor, REPAIR);
}

/** Ask the server to apply the user's last edit to the method at the cursor; pick one. */
export function applySimilarEditAtCursor(
  client: LanguageClient,
  editor: vscode.TextEditor,
): Promise<void> {
  return pickServerAction(client, editor, SIMILAR_EDIT);
}

async function pickServerAction(
  client: LanguageClient,
  editor: vscode.TextEditor,
  spec: ActionCommand,
): Promise<void> {
  const document = editor.document;
  let cancelled = false;
  let actions: CodeAction[] | null;
  try {
    actions = await vscode.window.withProgress(
      {
        location: vscode.ProgressLocation.Notification,
        title: spec.progress,
        cancellable: true,
      },
      async (_progress, token) => {
        token.onCancellationRequested(() => (cancelled = true));
        const params = {
          command: spec.command,
          arguments: [
            {
              uri: document.uri.toString(),
              position: client.code2ProtocolConverter.asPosition(editor.selection.active),
            },
          ],
        };
        const result = await client.sendRequest(ExecuteCommandRequest.type, params, token);
        return result as CodeAction[] | null;
      },
    );
  } catch (error) {
    if (!cancelled) {
      const reason = error instanceof Error ? error.message : String(error);
      void vscode.window.showErrorMessage(`spancopy: ${spec.failed}: ${reason}`);
    }
    return;
  }
  if (actions === null || actions === undefined) {
    void vscode.window.showInformationMessage("spancopy: no method at the cursor.");
    return;
  }
  if (actions.length === 0) {
    void vscode.window.showInformationMessage(`spancopy: ${spec.none}`);
    return;
  }
  const items = await Promise.all(actions.map((action, i) => toItem(client, document, action, i)));
  const chosen = await pick(items, document, spec);
  await vscode.window.showTextDocument(document, {
    viewColumn: editor.viewColumn,
    preserveFocus: false,
    preview: false,
  });
  if (chosen !== undefined && !(await vscode.workspace.applyEdit(chosen.edit))) {
    void vscode.window.showWarningMessage(
      "spancopy: the document changed; the repair was not applied.",
    );
  }
}

async function toItem(
  client: LanguageClient,
  document: vscode.TextDocument,
  action: CodeAction,
  index: number,
): Promise<CandidateItem> {
  const edit = await client.protocol2CodeConverter.asWorkspaceEdit(action.edit ?? {});
  const offsets = edit.get(document.uri).map((e) => ({
    start: document.offsetAt(e.range.start),
    end: document.offsetAt(e.range.end),
    newText: e.newText,
  }));
  const preview = vscode.Uri.from({
    scheme: PREVIEW_SCHEME,
    path: document.uri.path,
    query: `candidate=${index}&version=${document.version}`,
  });
  previews.set(preview.toString(), applyEdits(document.getText(), offsets));
  return { label: action.title, picked: action.isPreferred === true, edit, preview };
}

/** The quick pick; the highlighted candidate is shown as a diff beside it. */
function pick(
  items: CandidateItem[],
  document: vscode.TextDocument,
  spec: ActionCommand,
): Promise<CandidateItem | undefined> {
  const quickPick = vscode.window.createQuickPick<CandidateItem>();
  quickPick.title = spec.pickTitle;
  quickPick.placeholder = spec.placeholder;
  quickPick.items = items;
  quickPick.ignoreFocusOut = true;
  const name = document.uri.path.split("/").pop() ?? "";
  return new Promise((resolve) => {
    let chosen: CandidateItem | undefined;
    let hidden = false;
    // The diffs open one after another, and the pick closes them only once the last has
    // opened: an Enter pressed while a diff is still opening must not leave it beside the
    // user's editor (it did, on a slow machine), and none opens after the pick has closed.
    let shown: Promise<unknown> = Promise.resolve();
    quickPick.onDidChangeActive(([item]) => {
      if (item === undefined || hidden) {
        return;
      }
      const title = `${name} ↔ ${item.label}`;
      const open = () =>
        hidden
          ? undefined
          : vscode.commands.executeCommand("vscode.diff", document.uri, item.preview, title, {
              preview: true,
              preserveFocus: true,
              viewColumn: vscode.ViewColumn.Beside,
            });
      shown = shown.then(open, open);
    });
    quickPick.onDidAccept(() => {
      chosen = quickPick.activeItems[0];
      quickPick.hide();
    });
    quickPick.onDidHide(() => {
      hidden = true;
      quickPick.dispose();
      const close = () => closePreviews();
      const done = () => resolve(chosen);
      shown.then(close, close).then(done, done);
    });
    quickPick.show();
  });
}

async function closePreviews(): Promise<void> {
  const isPreview = (tab: vscode.Tab) =>
    tab.input instanceof vscode.TabInputTextDiff && tab.input.modified.scheme === PREVIEW_SCHEME;
  const tabs = vscode.window.tabGroups.all.flatMap((group) => group.tabs).filter(isPreview);
  await vscode.window.tabGroups.close(tabs);
  previews.clear();
}
