"""Position conversion (spancopy_core.editing.positions), edit application and summaries (pure
helpers
of spancopy_core.editing.edits)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from spancopy_core.editing.edits import TextEdit, apply_edits
from spancopy_core.editing.positions import (
    UTF8,
    UTF16,
    UTF32,
    LineIndex,
    PositionError,
    majority_newline,
    offset_to_position,
    position_to_offset,
    unit_length,
)
from spancopy_core.lang.errors import FrontendError

# Characters that stress the conversions: ASCII, 2- and 3-byte UTF-8, non-BMP emoji, a lone
# surrogate, and every LSP line terminator.
ALPHABET = st.sampled_from(["a", " ", "é", "€", "😀", "𝄞", "\ud800", "\n", "\r", "\r\n", "\t"])
TEXTS = st.lists(ALPHABET, max_size=40).map("".join)


def reference_position(text: str, offset: int, encoding: str) -> tuple[int, int]:
    """Brute force: walk the text character by character."""
    line, column, k = 0, 0, 0
    while k < offset:
        c = text[k]
        if c == "\r" and k + 1 < len(text) and text[k + 1] == "\n" and k + 1 < offset:
            line, column, k = line + 1, 0, k + 2
            continue
        if c in "\r\n":
            line, column = line + 1, 0
        elif encoding == UTF8:
            column += len(c.encode("utf-8", "surrogatepass"))
        elif encoding == UTF16:
            column += 2 if ord(c) > 0xFFFF else 1
        else:
            column += 1
        k += 1
    return line, column


@given(TEXTS, st.data(), st.sampled_from([UTF8, UTF16, UTF32]))
def test_position_matches_brute_force_and_round_trips(text, data, encoding):
    offset = data.draw(st.integers(0, len(text)))
    index = LineIndex(text)
    position = index.position(offset, encoding)
    if not (offset and text[offset - 1] == "\r" and text[offset : offset + 1] == "\n"):
        assert position == reference_position(text, offset, encoding)
        assert index.offset(*position, encoding) == offset


def test_emoji_columns_in_each_encoding():
    text = "x = '😀';\r\ny"
    assert offset_to_position(text, 6, UTF32) == (0, 6)
    assert offset_to_position(text, 6, UTF16) == (0, 7)
    assert offset_to_position(text, 6, UTF8) == (0, 9)
    assert offset_to_position(text, len(text), UTF16) == (1, 1)
    assert position_to_offset(text, 0, 7, UTF16) == 6
    assert position_to_offset(text, 0, 6, UTF16) == 5  # inside the surrogate pair: its start
    assert unit_length("😀é", UTF8) == 6 and unit_length("😀é", UTF16) == 3


def test_lsp_clamping_and_errors():
    text = "ab\r\ncd"
    assert position_to_offset(text, 0, 99) == 2  # past the line end: the line end
    assert position_to_offset(text, 7, 0) == len(text)  # past the last line: the end
    assert LineIndex(text).line_end(0) == 2
    with pytest.raises(PositionError):
        position_to_offset(text, -1, 0)
    with pytest.raises(PositionError):
        offset_to_position(text, 99)
    with pytest.raises(PositionError):
        unit_length("é", "utf-7")
    assert issubclass(PositionError, FrontendError) and issubclass(FrontendError, ValueError)


def test_range_of_an_edit():
    index = LineIndex("a😀b\nc")
    assert index.range(1, 3, UTF16) == ((0, 1), (0, 4))


def test_majority_newline():
    assert majority_newline("") == "\n"
    assert majority_newline("a\r\nb\r\nc\nd") == "\r\n"  # two of three lines
    assert majority_newline("a\r\nb\nc") == "\n"  # a tie keeps \n
    assert majority_newline("a\rb\rc\n") == "\n"  # a lone \r is not \r\n


def test_apply_edits_in_any_order_and_rejects_overlap():
    text = "0123456789"
    edits = [TextEdit(8, 9, "X"), TextEdit(0, 0, "<"), TextEdit(2, 5, "")]
    assert apply_edits(text, edits) == "<01567X9"
    with pytest.raises(PositionError):
        apply_edits(text, [TextEdit(0, 5, ""), TextEdit(4, 6, "")])
    with pytest.raises(PositionError):
        apply_edits(text, [TextEdit(5, 11, "")])
