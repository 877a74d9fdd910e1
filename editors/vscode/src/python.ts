/**
 * Finding the Python that runs the server, and telling the user what is missing.
 *
 * Before starting `python -m lsp_server` the extension asks the configured interpreter whether
 * it can find the `lsp_server` package (without importing it, so the check takes milliseconds
 * rather than the seconds PyTorch needs). A missing interpreter or package becomes one clear
 * message with the command that fixes it, instead of a server that dies silently.
 */
import { execFile } from "child_process";

/** The interpreter to run: the setting, or `python3` (`python` on Windows) when it is empty. */
export function resolvePython(configured: string, platform: NodeJS.Platform): string {
  const trimmed = configured.trim();
  if (trimmed !== "") {
    return trimmed;
  }
  return platform === "win32" ? "python" : "python3";
}

/** What the interpreter check found. */
export type PythonStatus =
  | { kind: "ok" }
  | { kind: "no-python"; detail: string }
  | { kind: "no-package"; detail: string };

/** Where the install command wants the user's clone of the spancopy repository. */
const CHECKOUT = "path/to/spancopy";

const FIND_SERVER =
  "import importlib.util, sys; sys.exit(0 if importlib.util.find_spec('lsp_server') else 3)";

/** Whether `python` runs and can find the `lsp_server` package. */
export function checkPython(python: string): Promise<PythonStatus> {
  return new Promise((resolve) => {
    execFile(python, ["-c", FIND_SERVER], { timeout: 30_000 }, (error, _stdout, stderr) => {
      if (error === null) {
        resolve({ kind: "ok" });
      } else if (error.code === 3) {
        resolve({ kind: "no-package", detail: stderr.trim() });
      } else {
        resolve({ kind: "no-python", detail: stderr.trim() || error.message });
      }
    });
  });
}

/** The shell command that installs the server into `python` from a spancopy checkout. */
export function installCommand(python: string): string {
  const quoted = /\s/.test(python) ? `"${python}"` : python;
  return `${quoted} -m pip install -e ${CHECKOUT}`;
}

/** The message shown for a failed check, naming the interpreter and the fix. */
export function describeProblem(python: string, status: PythonStatus): string {
  switch (status.kind) {
    case "ok":
      return "";
    case "no-python":
      return (
        `spancopy: cannot run Python '${python}' (${status.detail}). Install Python 3.10 or ` +
        "newer, or set spancopy.server.pythonPath to an interpreter."
      );
    case "no-package":
      return (
        `spancopy: the language server is not installed for '${python}'. Install it from a ` +
        `clone of spancopy with \`${installCommand(python)}\`, or set ` +
        "spancopy.server.pythonPath to the interpreter that has it."
      );
  }
}
