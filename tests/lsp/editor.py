"""What an editor does with the server's answers, written independently of the server's code:
LSP positions in UTF-8/16/32 units and applying ``TextEdit``s (LSP 3.17, "Position")."""

from __future__ import annotations

import re
from collections.abc import Sequence

from lsprotocol import types

_LINE = re.compile(r"[^\r\n]*(?:\r\n|\r|\n|$)")


def _units(ch: str, encoding: str) -> int:
    if encoding == "utf-8":
        return len(ch.encode("utf-8", "surrogatepass"))
    if encoding == "utf-16":
        return 2 if ord(ch) > 0xFFFF else 1
    return 1


def lines(text: str) -> list[str]:
    """The lines of ``text`` with their terminators (``\\n``, ``\\r\\n``, ``\\r``)."""
    out = [m.group(0) for m in _LINE.finditer(text)]
    return out[:-1] if len(out) > 1 and out[-1] == "" else out


def to_offset(text: str, pos: types.Position, encoding: str) -> int:
    """Code-point offset of ``pos``; the position must fall on a character boundary."""
    rows = lines(text)
    assert pos.line < len(rows) or (pos.line == len(rows) and pos.character == 0)
    base = sum(len(r) for r in rows[: pos.line])
    if pos.line == len(rows):
        return base
    row, units = rows[pos.line].rstrip("\r\n"), 0
    for k, ch in enumerate(row):
        if units == pos.character:
            return base + k
        units += _units(ch, encoding)
        assert units <= pos.character, "a position inside a character"
    assert units == pos.character, f"character {pos.character} past the end of line {pos.line}"
    return base + len(row)


def to_position(text: str, offset: int, encoding: str) -> types.Position:
    rows = lines(text[:offset])
    if rows[-1].endswith(("\n", "\r")):
        rows.append("")
    return types.Position(line=len(rows) - 1, character=sum(_units(c, encoding) for c in rows[-1]))


def apply(text: str, edits: Sequence[types.TextEdit], encoding: str = "utf-16") -> str:
    """Apply non-overlapping edits the way an editor does (all against the original)."""
    spans = sorted(
        (
            (
                to_offset(text, e.range.start, encoding),
                to_offset(text, e.range.end, encoding),
                e.new_text,
            )
            for e in edits
        ),
        reverse=True,
    )
    for k in range(len(spans) - 1):
        assert spans[k + 1][1] <= spans[k][0], "overlapping edits"
    for start, end, new in spans:
        text = text[:start] + new + text[end:]
    return text


def apply_action(text: str, action: types.CodeAction, uri: str, version: int, encoding: str) -> str:
    """Apply a code action's versioned edit, checking it targets ``uri`` at ``version``."""
    assert action.edit is not None and action.edit.changes is None
    (change,) = action.edit.document_changes or []
    assert isinstance(change, types.TextDocumentEdit)
    assert (change.text_document.uri, change.text_document.version) == (uri, version)
    return apply(text, change.edits, encoding)  # type: ignore[arg-type]
