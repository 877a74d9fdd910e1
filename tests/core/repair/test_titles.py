"""Titles show what the changed line becomes, in plain text (issue 14 item 1)."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from spancopy_core.editing.edits import TextEdit
from spancopy_core.repair.titles import LIMIT, _line_number, change_title, word_title

RING = "    public boolean isFull() {\n        return size > items.length;\n    }\n"
AT = RING.index(">")


def test_one_line_shows_the_line_it_becomes():
    assert change_title(RING, [TextEdit(AT, AT + 1, ">=")]) == (
        'Change to "return size >= items.length;"'
    )
    assert change_title(RING, []) == "No change"


def test_two_spellings_of_one_program_read_as_what_they_are():
    """The issue's "Replace `>` with `< (`, insert `)`": the title is the program."""
    end = RING.index(";")
    title = change_title(RING, [TextEdit(AT, AT + 1, "< ("), TextEdit(end, end, ")")])
    assert title == 'Change to "return size < ( items.length);"'


@pytest.mark.parametrize("which", [1, 2, 3])
def test_a_token_that_occurs_several_times_is_named_by_its_occurrence(which):
    line = "    a[i] = b[i] + i;\n"
    at = [k for k, ch in enumerate(line) if ch == "i"][which - 1]
    title = change_title(line, [TextEdit(at, at + 1, "j")])
    nth = {1: "1st", 2: "2nd", 3: "3rd"}[which]
    assert title.startswith(f'Change the {nth} "i" to "j": "')


def test_operators_inside_longer_operators_are_not_occurrences():
    line = "a >= b > c > d;"
    at = line.index("> c")
    assert change_title(line, [TextEdit(at, at + 1, "<")]) == (
        'Change the 1st ">" to "<": "a >= b < c > d;"'
    )
    once = "return a >= b;"
    k = once.index(">=")
    assert change_title(once, [TextEdit(k, k + 2, ">")]) == 'Change to "return a > b;"'


def test_lines_inserted_deleted_moved_and_changed():
    src = "if (a) {\n  x();\n}\ny();\n"
    assert change_title(src, [TextEdit(0, 0, "if (x == null) return;\n")]) == (
        'Insert "if (x == null) return;"'
    )
    assert change_title(src, [TextEdit(9, 16, "")]) == 'Delete "x();"'
    brace = src.index("}")
    moved = change_title(src, [TextEdit(brace, brace + 2, ""), TextEdit(len(src), len(src), "}\n")])
    assert moved.startswith("Move ")
    assert change_title(src, [TextEdit(0, 2, "while"), TextEdit(11, 12, "z")]) == (
        'Change lines 1-2 to "while (a) { z();"'
    )
    assert change_title(src, [TextEdit(3, 3, " ")]) == "Reformat"


def test_lines_changed_apart_are_titled_with_the_lines_between():
    """HdrHistogram's ``close()`` got a change of its first and last lines, titled with
    those alone: ``"public void close() { if (scanner != null) } }"``, which reads as code
    that does not parse; the lines kept between them belong in it."""
    src = "    public void close()\n    {\n        scanner.close();\n    }\n"
    first, last = src.index("()") + 2, src.rindex("}") + 1
    edits = [TextEdit(first, first, " { if (scanner != null)"), TextEdit(last, last, " }")]
    assert change_title(src, edits) == (
        'Change lines 1-4 to "public void close() { if (scanner != null) { scanner.close(…"'
    )


@pytest.mark.parametrize("end", ["\n", "\r\n", "\r"])
def test_every_line_end_ends_a_line(end: str):
    """Issue 28: in a file whose lines end in a lone \\r, a title quoted them all joined."""
    src = "/** doc */\npublic abstract void select() throws IOException;\n/** more */\n"
    src = src.replace("\n", end)
    at = src.index("void")
    assert change_title(src, [TextEdit(at, at + 4, "int")]) == (
        'Change to "public abstract int select() throws IOException;"'
    )
    at = src.index("/** more")
    assert change_title(src, [TextEdit(0, 1, "//"), TextEdit(at, at + 1, "#")]) == (
        'Change lines 1-3 to "//** doc */ public abstract void select() throws…"'
    )
    k = src.index("()")
    assert change_title(src, [TextEdit(k, k, "a")]).startswith('Change to "public abstract void')


@given(st.text(alphabet="ab\r\n", max_size=40), st.data())
def test_a_line_number_counts_lsps_line_ends(source: str, data):
    """``\r\n`` ends one line, a lone ``\r`` or ``\n`` one each, also when the offset falls
    between the two characters of a ``\r\n``: the lines that ``re.split`` makes of the text
    before the offset."""
    at = data.draw(st.integers(0, len(source)))
    assert _line_number(source, at) == len(re.split(r"\r\n|\r|\n", source[:at]))


def test_plain_text_and_bounded_length_with_the_change_in_view():
    line = "x = " + "a" * 80 + " + b > c;"
    at = line.index(">")
    title = change_title(line, [TextEdit(at, at + 1, ">=")])
    assert "`" not in title
    assert len(title) < LIMIT + 20 and ">=" in title and "…" in title


@pytest.mark.parametrize("n", range(1, 30, 2))
def test_a_cut_title_keeps_whole_words(n):
    # the window of a long line starts and ends at the edges of names, never inside one,
    # wherever the cut falls (the name's length moves it)
    name = "old" + "C" * n + "apacity"
    line = f"int jump = ({name} < 64) ? ({name} + 2) : ({name} >> 1) + theRest(ofTheLine);"
    at = line.index(">>")
    title = change_title(line, [TextEdit(at, at + 2, ">>>")])
    shown = title.split('"', 1)[1].rsplit('"', 1)[0]
    assert ">>>" in shown and len(shown) <= LIMIT
    assert set(re.findall(r"\w+", shown)) <= set(re.findall(r"\w+", line)), shown


PROSE = "However I recieve teh the letter today\n"


@pytest.mark.parametrize(
    ("edits", "title"),
    [
        ([TextEdit(10, 17, "receive")], 'Replace "recieve" with "receive"'),
        ([TextEdit(18, 22, "")], 'Delete "teh"'),
        ([TextEdit(7, 7, ",")], 'Insert "," after "However"'),
        ([TextEdit(33, 33, "every ")], 'Insert "every" before "today"'),
        ([TextEdit(38, 38, ".")], 'Insert "." after "today"'),
        ([TextEdit(7, 8, "  ")], "Fix the spacing"),
        (
            [TextEdit(18, 22, ""), TextEdit(10, 17, "receive")],
            'Replace "recieve" with "receive"; delete "teh"',
        ),
    ],
)
def test_prose_titles_say_the_change_in_words(edits, title):
    assert word_title(PROSE, edits) == title


def test_long_prose_titles_are_cut():
    long = "word " * 60
    title = word_title(long, [TextEdit(0, len(long) - 1, "x")])
    assert title.startswith('Replace "word word') and title.endswith("…")
    assert len(title) <= 2 * LIMIT


def test_a_repair_away_from_the_cursor_says_on_which_line():
    """Asked at a `return false;`, a repair of another line titled `Change to "return false;"`
    read like no change at all (jsoup's HtmlTreeBuilderState): located, it names its line."""
    text = "    if (x) {\n        return false;\n    }\n    return true;\n"
    at = text.index("true")
    edit = TextEdit(at, at + 4, "false")
    assert change_title(text, [edit]) == 'Change to "return false;"'
    assert change_title(text, [edit], located=True) == 'Change line 4 to "return false;"'
    twice = "int f(int a) {\n    return a - a;\n}\n"
    second = twice.rindex("a")
    assert change_title(twice, [TextEdit(second, second + 1, "1")], located=True) == (
        'Change the 2nd "a" on line 2 to "1": "return a - 1;"'
    )
    line = text.index("    return true;")
    removed = TextEdit(line, line + len("    return true;\n"), "")
    assert change_title(text, [removed], located=True) == 'Delete "return true;" on line 4'
    added = TextEdit(line, line, "    x = 1;\n")
    assert change_title(text, [added], located=True) == 'Insert "x = 1;" on line 4'
    two = TextEdit(text.index("false"), at + 4, "true;\n    }\n    return 0")
    assert change_title(text, [two], located=True).startswith("Change lines 2-4 to ")


@pytest.mark.parametrize("added", ["newLen", "tmpLen", "inc"])
def test_a_cut_title_shows_the_end_of_the_change(added):
    """The JDK's StringJoiner: three repairs adding an argument after a long message were all
    titled `…OutOfMemoryError("Requested array size exceeds VM limit",…` (the window moved
    back to a word's start and lost what each adds)."""
    line = '            throw new OutOfMemoryError("Requested array size exceeds VM limit");\n'
    at = line.index('");') + 1
    title = change_title(line, [TextEdit(at, at, f", {added}")])
    shown = title.split('"', 1)[1].rsplit('"', 1)[0]
    assert shown.endswith(f'limit", {added});') and len(shown) <= LIMIT, shown


LETTERS = "abcdefghijklmnopqrstuvwxyz"


@settings(max_examples=200, deadline=None)
@given(
    words=st.lists(st.text(LETTERS, min_size=1, max_size=20), min_size=6, max_size=20),
    which=st.integers(min_value=0),
    new=st.text(LETTERS, min_size=1, max_size=20),
)
def test_a_long_line_titled_shows_the_whole_word_a_repair_writes(words, which, new):
    """Whatever the line, a one-word change shows all of the word it writes (on jsoup's long
    lines, 263 of 4,088 such titles lost the end of it before) within the limit."""
    line = "    f(" + ", ".join(words) + ");\n"
    k = which % len(words)
    at = line.index("(") + 1 + sum(len(w) + 2 for w in words[:k])
    title = change_title(line, [TextEdit(at, at + len(words[k]), new)])
    if words[k] == new:
        return
    shown = title.split('"', 1)[1].rsplit('"', 1)[0] if title.startswith("Change to") else ""
    if shown:
        assert new in re.findall(r"\w+", shown) and len(shown) <= LIMIT, (title, new)
