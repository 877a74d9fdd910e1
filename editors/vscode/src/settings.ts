/**
 * The settings the extension sends to the server, built from `package.json`.
 *
 * Every `spancopy.*` property contributed in `package.json` is a server setting except the
 * client's own (`spancopy.server.*`, `spancopy.trace.*`). The server reads them under the
 * section `spancopy` as one nested object (`diagnostics.enable` becomes
 * `{ diagnostics: { enable } }`), the shape VS Code itself gives for a section. The same object
 * is sent as `initializationOptions`, as the answer to `workspace/configuration` and in
 * `workspace/didChangeConfiguration`. This module does not import `vscode`, so the settings
 * tests can run it under plain Node.
 */

/** The configuration section of every setting, in VS Code and on the server. */
export const SECTION = "spancopy";

/** Settings that configure the client, not the server: never sent. */
const CLIENT_ONLY = ["server.", "trace."];

/** A nested settings object, as sent over the wire. */
export type Settings = { [key: string]: unknown };

/**
 * The server's setting names (without the `spancopy.` prefix), in `package.json` order.
 *
 * @param properties `contributes.configuration.properties` of `package.json`.
 */
export function serverSettingKeys(properties: Record<string, unknown>): string[] {
  const prefix = `${SECTION}.`;
  return Object.keys(properties)
    .filter((name) => name.startsWith(prefix))
    .map((name) => name.slice(prefix.length))
    .filter((key) => !CLIENT_ONLY.some((client) => key.startsWith(client)));
}

/**
 * The nested settings object for `keys`, each value read with `get`.
 *
 * @param keys dotted setting names, as returned by {@link serverSettingKeys}.
 * @param get the value of one dotted name (VS Code's configuration, or the defaults).
 */
export function buildServerSettings(keys: string[], get: (key: string) => unknown): Settings {
  const root: Settings = {};
  for (const key of keys) {
    const parts = key.split(".");
    let node = root;
    for (const part of parts.slice(0, -1)) {
      const child = node[part];
      node = (typeof child === "object" && child !== null ? child : (node[part] = {})) as Settings;
    }
    node[parts[parts.length - 1]] = get(key);
  }
  return root;
}
