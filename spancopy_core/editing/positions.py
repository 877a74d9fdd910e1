"""Positions in a text: code-point offsets <-> LSP ``(line, character)`` in any encoding.

Offsets into the Python ``str`` (code points) are the currency of the front-ends and of
:mod:`spancopy_core.editing.edits`; :class:`LineIndex` converts them to LSP ``(line, character)``
positions and back in any position encoding (``utf-8``, ``utf-16``, ``utf-32``). Lines end at
``\\n``, ``\\r\\n`` or a lone ``\\r`` as in LSP and the JLS. Bad offsets and unknown encodings
raise :class:`PositionError`. This module imports nothing of the project but the error base
class, so that the front-ends, the edit machinery and the server can all use it.
"""

from __future__ import annotations

import bisect
import re

from spancopy_core.lang.errors import FrontendError

UTF8, UTF16, UTF32 = "utf-8", "utf-16", "utf-32"
ENCODINGS = (UTF8, UTF16, UTF32)

_NEWLINE = re.compile(r"\r\n?|\n")


class PositionError(FrontendError):
    """An offset outside the text, or an edit that overlaps another or leaves the text."""


def unit_length(text: str, encoding: str = UTF16) -> int:
    """Length of ``text`` in code units of ``encoding`` (lone surrogates count as one UTF-16
    unit and three UTF-8 bytes, as ``surrogatepass`` encodes them)."""
    if encoding == UTF32 or text.isascii():
        return len(text)
    if encoding == UTF16:
        return len(text.encode("utf-16-le", "surrogatepass")) // 2
    if encoding == UTF8:
        return len(text.encode("utf-8", "surrogatepass"))
    raise PositionError(f"unknown position encoding {encoding!r}; use one of {ENCODINGS}")


def majority_newline(text: str) -> str:
    """The line break of most of ``text``'s lines: ``"\\r\\n"`` if more than half of its
    ``\\n`` follow a ``\\r``, else ``"\\n"``."""
    return "\r\n" if text.count("\r\n") * 2 > text.count("\n") else "\n"


class LineIndex:
    """Line table of one text: offset <-> ``(line, character)`` in any position encoding."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.line_starts = [0] + [m.end() for m in _NEWLINE.finditer(text)]

    def line(self, offset: int) -> int:
        """0-based line of a code-point offset."""
        self._check(offset)
        return bisect.bisect_right(self.line_starts, offset) - 1

    def line_end(self, line: int) -> int:
        """Offset of the end of ``line``'s content (before its line terminator)."""
        if line + 1 >= len(self.line_starts):
            return len(self.text)
        end = self.line_starts[line + 1]
        if self.text[end - 1] == "\n" and end >= 2 and self.text[end - 2] == "\r":
            return end - 2
        return end - 1

    def position(self, offset: int, encoding: str = UTF16) -> tuple[int, int]:
        """``(line, character)`` of a code-point offset, ``character`` in ``encoding`` units."""
        line = self.line(offset)
        start = self.line_starts[line]
        return line, unit_length(self.text[start:offset], encoding)

    def offset(self, line: int, character: int, encoding: str = UTF16) -> int:
        """Code-point offset of an LSP position. As LSP prescribes, a character past the end of
        its line means the line end and a line past the last means the end of the text; a
        character inside a surrogate pair (UTF-16) or a multi-byte sequence (UTF-8) means the
        start of that code point. Negative values raise :class:`PositionError`."""
        if line < 0 or character < 0:
            raise PositionError(f"negative position ({line}, {character})")
        if line >= len(self.line_starts):
            return len(self.text)
        start, end = self.line_starts[line], self.line_end(line)
        if encoding == UTF32 or self.text[start:end].isascii():
            return min(start + character, end)
        if encoding not in ENCODINGS:
            raise PositionError(f"unknown position encoding {encoding!r}; use one of {ENCODINGS}")
        units = 0
        for k in range(start, end):
            units += unit_length(self.text[k], encoding)
            if units > character:
                return k
        return end

    def range(
        self, start: int, end: int, encoding: str = UTF16
    ) -> tuple[tuple[int, int], tuple[int, int]]:
        """The LSP range ``((line, character), (line, character))`` of the code-point range
        ``[start, end)``."""
        return self.position(start, encoding), self.position(end, encoding)

    def _check(self, offset: int) -> None:
        if not 0 <= offset <= len(self.text):
            raise PositionError(f"offset {offset} outside a text of {len(self.text)} code points")


def offset_to_position(text: str, offset: int, encoding: str = UTF16) -> tuple[int, int]:
    """``(line, character)`` of a code-point offset into ``text``."""
    return LineIndex(text).position(offset, encoding)


def position_to_offset(text: str, line: int, character: int, encoding: str = UTF16) -> int:
    """Code-point offset of the LSP position ``(line, character)`` in ``text``."""
    return LineIndex(text).offset(line, character, encoding)
