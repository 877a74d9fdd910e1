/**
 * Applying LSP text edits to a string: the text a candidate repair would leave in a document.
 *
 * The diff preview of "spancopy: Repair method at cursor" shows the document as it would be
 * after a candidate's edits, without touching the buffer. Edits are given as offsets into the
 * original text and never overlap (LSP 3.17, `TextEdit[]`), so one pass in order of position
 * applies them all.
 * This module does not import `vscode`.
 */

/** One replacement of `text[start:end]` by `newText`, offsets into the original text. */
export interface OffsetEdit {
  start: number;
  end: number;
  newText: string;
}

/** `text` with every edit applied; throws on overlapping edits. */
export function applyEdits(text: string, edits: readonly OffsetEdit[]): string {
  const sorted = [...edits].sort((a, b) => a.start - b.start || a.end - b.end);
  let result = "";
  let cursor = 0;
  for (const edit of sorted) {
    if (edit.start < cursor || edit.end < edit.start) {
      throw new Error(`overlapping or inverted edit at offset ${edit.start}`);
    }
    result += text.slice(cursor, edit.start) + edit.newText;
    cursor = edit.end;
  }
  return result + text.slice(cursor);
}
