"""The server's copy of open documents (lsp_server/textsync.py) against hand-written cases and
against tests/lsp/editor.py, an independent reference of what an editor does."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from lsprotocol import types

from lsp_server.textsync import OpenDocuments, SyncError, TextDocument, apply_change, document_key

from . import editor


def change(text: str, start, end, new: str, encoding: str = "utf-16") -> str:
    return apply_change(text, start, end, new, encoding)


@pytest.mark.parametrize(
    ("text", "start", "end", "new", "expected"),
    [
        # lines end at \n, \r\n and a lone \r only
        ("a\r\nb\rc\nd", (1, 0), (1, 1), "X", "a\r\nX\rc\nd"),
        ("a\r\nb\rc\nd", (2, 0), (2, 1), "X", "a\r\nb\rX\nd"),
        ("a\r\nb\rc\nd", (3, 0), (3, 1), "X", "a\r\nb\rc\nX"),
        # \f, \v, U+2028, U+2029, U+0085 and \x1c are characters inside a line
        ("a\fb\u2028c\nd", (0, 4), (0, 5), "X", "a\fb\u2028X\nd"),
        ("a\vb\x1cc\u2029\x85e\nf", (1, 0), (1, 1), "X", "a\vb\x1cc\u2029\x85e\nX"),
        # past the end of a line: its end, before the terminator (never inside \r\n)
        ("ab\r\ncd", (0, 99), (0, 99), "X", "abX\r\ncd"),
        ("ab\rcd", (0, 3), (0, 3), "X", "abX\rcd"),
        ("ab\ncd", (0, 1), (0, 50), "", "a\ncd"),
        # a line past the last: the end of the text
        ("ab\ncd", (7, 3), (9, 0), "X", "ab\ncdX"),
        ("ab\n", (1, 5), (1, 5), "X", "ab\nX"),
        # whole lines, terminators included
        ("ab\r\ncd\r\nef", (0, 2), (1, 2), "", "ab\r\nef"),
        ("ab\r\ncd", (0, 0), (1, 0), "", "cd"),
        # UTF-16: an emoji is two units
        ("😀b😀c", (0, 2), (0, 3), "X", "😀X😀c"),
        ("😀b😀c", (0, 5), (0, 6), "X", "😀b😀X"),
    ],
)
def test_hand_written_changes(text, start, end, new, expected):
    assert change(text, start, end, new) == expected


@pytest.mark.parametrize(("encoding", "character"), [("utf-8", 6), ("utf-16", 3), ("utf-32", 2)])
def test_positions_count_units_of_the_encoding(encoding, character):
    assert change("é😀x", (0, character), (0, character + 1), "Y", encoding) == "é😀Y"


@pytest.mark.parametrize(
    ("start", "end"), [((0, 3), (0, 1)), ((1, 0), (0, 2)), ((-1, 0), (0, 0)), ((0, -1), (0, 0))]
)
def test_ranges_that_cannot_be_applied_raise(start, end):
    with pytest.raises(SyncError):
        change("abcd\nefgh", start, end, "X")


def test_a_bad_range_desynchronises_until_a_full_change():
    doc = TextDocument("file:///a.java", "file:///a.java", "java", 1, "abc", opening=1)
    doc.change(2, [(((0, 2), (0, 1)), "X"), (((0, 0), (0, 0)), "Y")], "utf-16")
    assert (doc.version, doc.synced, doc.text) == (2, False, "abc")
    doc.change(3, [(((0, 0), (0, 0)), "Z")], "utf-16")  # still out of sync: not applied
    assert (doc.synced, doc.text) == (False, "abc")
    doc.change(4, [(None, "new"), (((0, 3), (0, 3)), "!")], "utf-16")
    assert (doc.version, doc.synced, doc.text) == (4, True, "new!")


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("file:///tmp/My%20Dir/B.java", "file:///tmp/My Dir/B.java"),
        ("file:///c%3A/x.java", "file:///c:/x.java"),
        ("file:///C%3A/x.java", "file:///c:/x.java"),
        ("FILE://localhost/tmp/%42.java", "file:///tmp/B.java"),
        ("untitled:Untitled-1", "untitled:Untitled-1"),
    ],
)
def test_one_document_under_every_spelling_of_its_uri(a, b):
    assert document_key(a) == document_key(b)
    docs = OpenDocuments()
    first = docs.open(a, "java", 1, "x")
    assert docs.get(b) is first
    second = docs.open(b, "java", 1, "y")
    assert docs.get(a) is second and second.opening > first.opening
    assert docs.close(a) is second and docs.get(b) is None


def test_different_files_have_different_keys():
    assert document_key("file:///tmp/a%2520b.java") != document_key("file:///tmp/a%20b.java")
    assert document_key("file:///tmp/A.java") != document_key("file:///tmp/a.java")


# -- against the reference editor ------------------------------------------------------------
ALPHABET = ["a", "b", " ", "\n", "\r", "\r\n", "\f", "\u2028", "\x85", "\x1c", "😀", "é", "{"]
texts = st.lists(st.sampled_from(ALPHABET), max_size=30).map("".join)


def boundaries(text: str) -> list[int]:
    """Offsets an editor can point at: not between \\r and \\n."""
    return [
        k for k in range(len(text) + 1) if not (0 < k < len(text) and text[k - 1 : k + 1] == "\r\n")
    ]


@st.composite
def edit_sequences(draw):
    encoding = draw(st.sampled_from(["utf-8", "utf-16", "utf-32"]))
    text = draw(texts)
    steps, current = [], text
    for _ in range(draw(st.integers(1, 6))):
        ok = boundaries(current)
        a, b = sorted((draw(st.sampled_from(ok)), draw(st.sampled_from(ok))))
        new = draw(texts)
        start = editor.to_position(current, a, encoding)
        end = editor.to_position(current, b, encoding)
        edit = types.TextEdit(range=types.Range(start=start, end=end), new_text=new)
        current = editor.apply(current, [edit], encoding)
        steps.append(edit)
    return encoding, text, steps, current


@settings(max_examples=300, deadline=None)
@given(edit_sequences())
def test_incremental_changes_match_the_reference_editor(case):
    encoding, text, steps, expected = case
    doc = TextDocument("file:///a.java", "file:///a.java", "java", 1, text, opening=1)
    changes = [
        (
            (
                (e.range.start.line, e.range.start.character),
                (e.range.end.line, e.range.end.character),
            ),
            e.new_text,
        )
        for e in steps
    ]
    doc.change(2, changes, encoding)
    assert doc.synced and doc.text == expected
