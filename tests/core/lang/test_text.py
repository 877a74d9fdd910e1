"""Prose front-end: tokens, sentences, Markdown blocks, and edits on prose."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from spancopy_core.editing.edits import apply_edits, edits
from spancopy_core.editing.positions import PositionError
from spancopy_core.lang import text
from spancopy_core.lang.errors import ConcretizeError
from spancopy_core.paper.actions import Copy, Gen, Hypothesis
from spancopy_core.repair.titles import change_title


def words(s: str) -> list[str]:
    return [w.text for w in text.tokenize(s)]


def sentences(s: str, markdown: bool = False) -> list[str]:
    return [s[x.start : x.end] for x in text.sentences(s, markdown)]


def blocks(s: str, markdown: bool = False) -> list[tuple[str, str]]:
    """Each sentence with the kind of block it is in."""
    return [(s[x.start : x.end], x.block) for x in text.sentences(s, markdown)]


def test_tokens():
    assert words("Don't over-think it: 3.14, 1,000 and 12:30... (really?) — no!") == [
        "Do", "n't", "over-think", "it", ":", "3.14", ",", "1,000", "and", "12:30", "...", "(",
        "really", "?", ")", "—", "no", "!",
    ]  # fmt: skip
    assert words("See `x = 1.5` at https://example.com/a?b=c.") == [
        "See", "`x = 1.5`", "at", "https://example.com/a?b=c", ".",
    ]  # fmt: skip
    # emoji with skin tone, ZWJ family, flag, combining accent: one token each
    family = "\U0001f468\u200d\U0001f469\u200d\U0001f467"  # man ZWJ woman ZWJ girl
    thumb = "\U0001f44d\U0001f3fd"  # thumbs up, medium skin tone
    flag = "\U0001f1eb\U0001f1f7"  # two regional indicators
    assert words(f"ok {thumb} {family} {flag} cafe\u0301!") == [
        "ok", thumb, family, flag, "cafe\u0301", "!",
    ]  # fmt: skip
    for w in text.tokenize("a “quoted” word\r\nnext"):
        assert "a “quoted” word\r\nnext"[w.start : w.end] == w.text


def test_sentences():
    assert sentences(
        "Dr. Smith met J. Doe, e.g. at 3.30 p.m. on Monday. He left! Did she? "
        '"Yes," she said. "Fine." Then... nothing.'
    ) == [
        "Dr. Smith met J. Doe, e.g. at 3.30 p.m. on Monday.",
        "He left!",
        "Did she?",
        '"Yes," she said.',
        '"Fine."',
        "Then... nothing.",
    ]
    assert sentences("no terminator at the end") == ["no terminator at the end"]
    assert sentences("first paragraph\n\nsecond one. Two") == [
        "first paragraph",
        "second one.",
        "Two",
    ]


def test_a_sentence_that_ends_a_line_ends_whatever_the_next_line_starts_with():
    """A terminator at the end of a line ends the sentence even before a word in lower case
    (a file of one sentence a line, JFLEG's as one file); within a line, or after an
    abbreviation, the lower case word goes on the sentence."""
    assert sentences("Thus it is today .\nimage you self .\r\nso it is. and more") == [
        "Thus it is today .",
        "image you self .",
        "so it is. and more",
    ]
    assert sentences("We use sed etc.\nand awk, e.g.\nthis one.") == [
        "We use sed etc.\nand awk, e.g.\nthis one."
    ]
    # i.e. with one period (npm's docs: "(ie." / "the dependency types" got "The")
    assert sentences("Groups are defined by their ancestors (ie.\nthe types defined).") == [
        "Groups are defined by their ancestors (ie.\nthe types defined)."
    ]


MARKDOWN = """# A heading

Some prose here. It has `inline code` too.

```python
x = 1. Not prose.
```

    indented code. Not prose either.

- item one. Item two.
- > quoted item.
1. numbered item
~~~
tilde fence. Still code.
~~~
Last line.
"""


def test_markdown_blocks_skip_code_and_markers():
    assert sentences(MARKDOWN, markdown=True) == [
        "A heading",
        "Some prose here.",
        "It has `inline code` too.",
        "item one.",
        "Item two.",
        "quoted item.",
        "numbered item",
        "Last line.",
    ]
    assert [s.block for s in text.parse(MARKDOWN, markdown=True).sentences] == [
        "heading", "text", "text", "item", "item", "item", "item", "text",
    ]  # fmt: skip
    doc = text.parse(MARKDOWN, markdown=True)
    assert len(doc.paragraphs) == 6
    assert all(not w.text.startswith(("#", "-")) for w in doc.tokens)
    # Without Markdown rules, code is prose like any other text.
    assert "x = 1." in " ".join(sentences(MARKDOWN))


def test_a_line_of_pipes_within_a_paragraph_is_no_table_without_its_delimiter_row():
    """docs/design.md: a code span over two lines put ``|r| / |h|))`, ...`` at a line's start;
    taken for a table row, it cut the paragraph, whose last line became a sentence of its own
    (and got ``Reference``). A table opens with a header row and a delimiter row, after a
    paragraph's line too."""
    source = (
        "It is `BP = exp(min(0, 1 -\n|r| / |h|))`, and 0 when one is 0, the\n"
        "reference's sentence-level convention.\n\nText:\n| a | b |\n|---|---|\n| 1 | 2 |\n"
    )
    assert sentences(source, markdown=True) == [
        "It is `BP = exp(min(0, 1 -\n|r| / |h|))`, and 0 when one is 0, the\n"
        "reference's sentence-level convention.",
        "Text:",
    ]


def test_a_mark_before_a_bracket_or_standing_alone_ends_no_sentence_before_lower_case():
    """Underscore's README: ``(each, map, reduce, filter...)`` / ``without extending ...`` and
    bc's ``the &&, ||, and !`` / ``operators, (c) ...`` were cut in two, and the second part
    got a capital. A line's end after a sentence's end still ends it, in whatever case."""
    underscore = "It provides (each, map, filter...)\nwithout extending any objects.\n"
    assert sentences(underscore) == [underscore.strip()]
    bc = "They are (b) the &&, ||, and !\noperators, (c) comparison.\n"
    assert sentences(bc) == [bc.strip()]
    assert sentences("It works!\nthen we go.\n") == ["It works!", "then we go."]
    assert sentences("It works.\nthen we go.\n") == ["It works.", "then we go."]


def test_pipes_in_inline_code_make_no_table_row():
    """tar's README: a list item's line ``forms of `<|>?:` characters are converted to actual
    `<|>?:` characters`` was taken for a table row and skipped, and the rest of the item,
    ``in the archive.``, became a sentence of its own (and got ``In``). A table's rows, code
    in their cells or not, are still no prose."""
    source = (
        "- `win32` Paths replace `\\` and names with\n"
        "  `<|>?:` characters are converted to actual `<|>?:` characters\n"
        "  in the archive.\n\n| a | b |\n|---|---|\n| `x|y` | z |\n"
    )
    assert sentences(source, markdown=True) == [
        "`win32` Paths replace `\\` and names with\n"
        "  `<|>?:` characters are converted to actual `<|>?:` characters\n"
        "  in the archive."
    ]
    # nor do a type's pipes (Node.js' zlib.md: "{Buffer|TypedArray|DataView} (deflate only,"
    # was a row, and "empty dictionary by default)" got "Empty" and a period)
    item = "* `dictionary` {Buffer|TypedArray|DataView} (deflate only,\n  empty by default)\n"
    assert sentences(item, markdown=True) == [item[2:-1]]
    assert sentences("x | y | z\n--|--|--\n1 | 2 | 3\n", markdown=True) == []
    # a row opened by a pipe needs none at its end (1ds-core-js' "|  name  |What it is. |number")
    assert sentences("| x | y\n|---|---\n|  name  |What it is. |number\n", markdown=True) == []


def test_sentence_at():
    doc = text.parse("One here. Two there.")
    assert doc.sentence_at(12) == doc.sentences[1]
    assert doc.sentence_at(9) == doc.sentences[0]  # the end of a sentence belongs to it
    with pytest.raises(PositionError):
        doc.sentence_at(99)
    assert text.parse("\n\n  \n").sentence_at(1) is None


def test_prose_edits_and_title():
    source = "The results is clear . We are done."
    doc = text.parse(source)
    first = doc.sentences[0]
    tokens = doc.tokens[first.tokens]
    abstraction = text.abstract(tokens)
    style = text.learn_style(source)
    hyp = Hypothesis(
        ["The", "results", "are", "clear", "."], -0.5, [Copy(0, 2), Gen("are"), Copy(3, 5)]
    )
    result = edits(source, tokens, abstraction.mapping, hyp, style=style)
    assert apply_edits(source, result) == "The results are clear . We are done."
    assert change_title(source, result) == 'Change to "The results are clear . We are done."'
    inserted = edits(
        source, tokens, abstraction.mapping, ["The", "results", "(", "so", "far", ")", "is"]
        + ["clear", "."], style=style
    )  # fmt: skip
    assert apply_edits(source, inserted).startswith("The results (so far) is clear .")


def test_prose_concretize_rejects_non_tokens():
    mapping = text.abstract(text.tokenize("A <b> tag.")).mapping
    assert mapping.tokens == ("A", "<b>", "tag", ".")  # an HTML tag is code: one token
    assert text.concretize(["<b>", "new", "<"], mapping) == ["<b>", "new", "<"]
    with pytest.raises(ConcretizeError):
        text.concretize(["<i>"], mapping)  # code the sentence does not have
    for bad in ("<unk>", "</s>", "two words", "", " "):
        with pytest.raises(ConcretizeError):
            text.concretize([bad], mapping)


PROSE = (
    "Café owners don't always agree: prices rose 3.5% in 2023, or so (they say). "
    "The “new” menu — with emoji 👍🏽 — is on https://example.com/menu. Why not?"
)
POOL = ["the", "a", ",", ".", "(", ")", '"', "don't", "well-known", "3.14", "!", "?", "👍🏽", "-"]


@settings(max_examples=100, deadline=None)
@given(st.data())
def test_prose_edit_round_trip(data):
    doc = text.parse(PROSE)
    tokens = doc.tokens
    inputs = list(text.abstract(tokens).mapping.tokens)
    pieces: list = []
    pos = 0
    while pos < len(inputs):
        op = data.draw(st.sampled_from(["keep", "keep", "gen", "skip"]))
        if op == "keep":
            end = min(len(inputs), pos + data.draw(st.integers(1, 8)))
            pieces.append(Copy(pos, end))
            pos = end
        elif op == "gen":
            pieces.append(Gen(data.draw(st.sampled_from(POOL))))
        else:
            pos += 1
    out = [t for a in pieces for t in (inputs[a.i : a.j] if isinstance(a, Copy) else [a.token])]
    mapping = text.abstract(tokens).mapping
    result = edits(PROSE, tokens, mapping, Hypothesis(out, 0.0, pieces), style=text.ProseStyle())
    written = [text.normalize(w) for w in words(apply_edits(PROSE, result))]
    assert written == [x for t in out for x in words(t)]


def test_a_text_at_a_base_offset_has_the_offsets_of_its_document():
    part = "I saw it. Then we left.\n\nA new one !"
    based, padded = text.TextSource(part, base=100), text.TextSource(" " * 100 + part)
    assert based.tokens == padded.tokens and based.tokens[0] == text.Word("I", "word", 100, 101)
    assert based.sentences == padded.sentences and based.paragraphs == padded.paragraphs
    assert based.sentence_at(105) == padded.sentence_at(105) == based.sentences[0]
    assert based.sentence_at(100 + len(part)) == based.sentences[-1]
    for outside in (99, 101 + len(part)):
        with pytest.raises(PositionError):
            based.sentence_at(outside)


def test_an_inserted_comma_is_glued_to_the_word_before_it():
    source = "For example we go ; then stop"
    words = text.TextSource(source).tokens
    mapping = text.abstract(words).mapping
    style = text.learn_style(source)

    def fixed(tokens: list[str]) -> str:
        return apply_edits(source, edits(source, words, mapping, tokens, style=style))

    assert fixed(["For", "example", ",", "we", "go", ";", "then", "stop"]) == (
        "For example, we go ; then stop"
    )
    assert fixed(["For", "example", "we", "go", ";", "then", ",", "stop"]) == (
        "For example we go ; then, stop"
    )
    # an opening bracket takes its space before it; a word between words as before
    assert fixed(["For", "example", "(", "we", "go", ";", "then", "stop"]) == (
        "For example (we go ; then stop"
    )
    assert fixed(["For", "example", "we", "all", "go", ";", "then", "stop"]) == (
        "For example we all go ; then stop"
    )


def test_a_replacement_that_starts_with_a_comma_is_glued_too():
    source = "For example i go ."
    words = text.TextSource(source).tokens
    mapping = text.abstract(words).mapping
    hyp = ["For", "example", ",", "I", "go", "."]
    found = edits(source, words, mapping, hyp, style=text.learn_style(source))
    assert apply_edits(source, found) == "For example, I go ."


@pytest.mark.parametrize("apostrophe", ["'", "’"])
def test_contractions_are_split_as_the_model_learned_them(apostrophe):
    a = apostrophe
    assert words(f"It won{a}t work, but here{a}s what you{a}ll see; I{a}m sure we{a}d try.") == [
        "It", "wo", f"n{a}t", "work", ",", "but", "here", a, "s", "what", "you", a, "ll", "see",
        ";", "I", a, "m", "sure", "we", a, "d", "try", ".",
    ]  # fmt: skip
    # not contractions: an apostrophe inside a word, a plural possessive, a clitic-like end
    assert words(f"o{a}clock rock{a}n{a}roll students{a} DON{a}T") == [
        f"o{a}clock", f"rock{a}n{a}roll", "students", a, "DO", f"N{a}T",
    ]  # fmt: skip
    # the model reads straight apostrophes; already split text lexes the same
    tokens = text.tokenize(f"Here{a}s one that isn{a}t.")
    assert text.abstract(tokens).tokens == ["Here", "'", "s", "one", "that", "is", "n't", "."]
    assert words("Here 's one that is n't .") == text.abstract(tokens).tokens


@pytest.mark.parametrize("apostrophe", ["'", "’"])
def test_generated_contractions_are_written_as_typed(apostrophe):
    """A contraction the model writes is laid out without spaces (never ``do n't``), with the
    sentence's own apostrophe."""
    source = f"You can{apostrophe}t see it ."
    tokens = text.tokenize(source)
    mapping = text.abstract(tokens).mapping
    style = text.learn_style(source)
    for hyp, expected in [
        (["You", "ca", "n't", "see", "it", ",", "it", "'", "s", "here", "."], "it’s here."),
        (["You", "do", "n't", "see", "it", "."], "You don’t see it ."),
    ]:
        found = apply_edits(source, edits(source, tokens, mapping, hyp, style=style))
        assert found.endswith(expected.replace("’", apostrophe)), found


def test_markdown_structure_is_not_prose():
    source = """# A Heading

Setext heading
--------------

<!-- a comment
over lines. -->

<div align="center">
  <img src="logo.png"> Not prose.
</div>

[docs]: https://example.com/docs "The docs"

| Name | What it does |
|------|--------------|
| run  | Runs things. |

Prose with <a name="x"></a> an anchor, [a link](docs/usage.md), `code` and _emphasis_.
"""
    doc = text.parse(source, markdown=True)
    assert sentences(source, markdown=True) == [
        "A Heading",
        "Setext heading",
        'Prose with <a name="x"></a> an anchor, [a link](docs/usage.md), `code` and _emphasis_.',
    ]
    assert [s.block for s in doc.sentences] == ["heading", "heading", "text"]
    kinds = {w.text: w.kind for w in doc.tokens}
    for code in ('<a name="x">', "</a>", "(docs/usage.md)", "`code`", "_emphasis_"):
        assert kinds[code] == "code", code


def test_a_heading_is_one_line_and_a_plain_text_title_its_underlined_line():
    """An ATX heading ends at its line (psmisc's README: ``### GitLab`` / ``For the latest
    **psmisc** source, ...`` was one heading); a list item takes its lines. In plain text a
    line underlined (``===``, ``---``, ``~~~``, ``***``) is a title and the underline no prose
    (valgrind's README: ``Release notes for Valgrind`` / ``~~~~`` / ``If you are ...`` was one
    sentence); under two lines, it only ends the paragraph."""
    markdown = "### GitLab\nFor the latest source, see the site.\n- an item\n  on two lines\n"
    assert blocks(markdown, markdown=True) == [
        ("GitLab", "heading"),
        ("For the latest source, see the site.", "text"),
        ("an item\n  on two lines", "item"),
    ]
    plain = (
        "Release notes\n~~~~~~~~~~~~~\nIf you build it, read this.\n\nTwo\nlines\n=====\nNext.\n"
    )
    assert blocks(plain) == [
        ("Release notes", "heading"),
        ("If you build it, read this.", "text"),
        ("Two\nlines", "text"),
        ("Next.", "text"),
    ]


def test_technical_words_are_code():
    assert {w.text: w.kind for w in text.tokenize(
        "Run setup.py from ~/src/app.py with snake_case, camelCase, GitHub, v1.2.3 and /usr/bin."
    ) if w.kind == "code"} == dict.fromkeys(
        ["setup.py", "~/src/app.py", "snake_case", "camelCase", "GitHub", "v1.2.3", "/usr/bin"],
        "code",
    )  # fmt: skip
    # names in -js and -db (npm READMEs: nodejs, iojs, termjs got nodes, ions, terms)
    names = "It runs on nodejs and iojs with termjs, MongoDB and mongodb; adjust its jobs."
    assert [w.text for w in text.tokenize(names) if w.kind == "code"] == [
        "nodejs", "iojs", "termjs", "MongoDB", "mongodb",
    ]  # fmt: skip
    # ordinary prose, abbreviations and a missing space after a period stay words
    assert all(w.kind in ("word", "punct") for w in text.tokenize("I went home.Then e.g. he/she"))


def test_inline_code_over_a_line_break_is_one_code_token():
    # Markdown lets inline code run over a line break (as in this project's README); lexed a
    # line at a time, its halves became words and punctuation that the model "corrected".
    source = "> The subtrees (`orders.get(orders.size()\n> - 1)` here) and\n> `a` too.\n"
    doc = text.parse(source, markdown=True)
    assert [w.text for w in doc.tokens if w.kind == "code"] == [
        "`orders.get(orders.size()\n> - 1)`",
        "`a`",
    ]
    assert not any(w.text == ">" for w in doc.tokens)  # the quote markers are not prose


@pytest.mark.parametrize("hyphen", ["\u2010", "-"])
@pytest.mark.parametrize("newline", ["\n", "\r\n", "\r"])
def test_a_word_hyphenated_at_a_line_end_is_one_code_token(hyphen: str, newline: str):
    """nroff hyphenates manual pages at line ends (ssh(1): ``key ma‐`` / ``terial from the
    agent``); the halves read as words were respelt (``terial`` -> ``trial``)."""
    source = f"An attacker cannot obtain key ma{hyphen}{newline}     terial from the agent.\n"
    tokens = text.tokenize(source)
    broken = [w for w in tokens if w.kind == "code"]
    assert [w.text for w in broken] == [f"ma{hyphen}{newline}     terial"]
    assert source[broken[0].start : broken[0].end] == broken[0].text
    assert [w.text for w in tokens if w.kind == "word"] == (
        "An attacker cannot obtain key from the agent".split()
    )
    # not a dash between spaces, a list item on the next line, nor a capital after the break
    for kept in ("foo -\nbar", "items:\n- one", "a line-\nBreak"):
        assert not [w for w in text.tokenize(kept) if w.kind == "code"], kept


def test_a_definition_lists_term_is_a_heading_of_its_own():
    """git-commit(1) as ``man`` lays it out: the term ``strip``, its description indented under
    it, read as one sentence, got ``Strip Strip leading ...``."""
    source = (
        "       --cleanup=<mode>\n           This option determines how the message is cleaned.\n"
        "\n           strip\n               Strip leading and trailing empty lines.\n"
        "\n           nil, existing\n               Make numbered backups if they exist.\n"
    )
    doc = text.parse(source, markdown=False)
    found = [(source[s.start : s.end], s.block) for s in doc.sentences]
    assert ("strip", text.HEADING) in found
    assert ("Strip leading and trailing empty lines.", text.TEXT) in found
    assert ("nil, existing", text.HEADING) in found
    # a heading in capitals, whatever its first row opens with (ps(1))
    rows = "PERSONALITY\n       390        like the OS/390 OpenEdition ps\n"
    rows += "       debian     like the old Debian ps\n"
    assert [s.block for s in text.parse(rows, markdown=False).sentences] == [text.HEADING]
    assert [c.text.split()[0] for c in text.parse(rows, markdown=False).code] == ["390"]
    # laid out with tabs (tar(1): "\t      nil, existing" over "\t\t     Make numbered ..."
    # got "Nil"; sed(1): "       b label" over "\t      Branch to label" got "B")
    tabs = "\t      nil, existing\n\t\t     Make numbered backups.\n\n       b label\n"
    tabs += "\t      Branch to label.\n"
    found = [(tabs[s.start : s.end], s.block) for s in text.parse(tabs, markdown=False).sentences]
    assert found == [
        ("nil, existing", text.HEADING),
        ("Make numbered backups.", text.TEXT),
        ("b label", text.HEADING),
        ("Branch to label.", text.TEXT),
    ]
    # one word, capitalised (Python's tkinter docs: "Tcl" over "Tcl is a dynamic ..." got
    # Delete "Tcl")
    tcl = "Tcl\n   Tcl is a dynamic interpreted programming language.\n"
    assert [(tcl[s.start : s.end], s.block) for s in text.parse(tcl, markdown=False).sentences] == [
        ("Tcl", text.HEADING),
        ("Tcl is a dynamic interpreted programming language.", text.TEXT),
    ]
    # a sentence's first line, or a longer one, with a deeper line after it is no term
    prose = "This is a sentence that goes on\n    and on.\n"
    assert [s.block for s in text.parse(prose, markdown=False).sentences] == [text.TEXT]


def test_a_plain_text_list_item_is_a_sentence_of_its_own():
    """pango's NEWS lists its changes as ``- Fix weight conversion on MacOS`` / ``- Update to
    Unicode 15`` / ...: in plain text every item of a paragraph was one sentence, judged, and
    respelt, as one (``pango-view`` got ``pang-view``). Each item is a sentence of an ITEM block
    now, as in Markdown, its marker no token; a line under it continues it. A mark with a wider
    gap after it is a tag beside its description (date(1)'s ``-      (hyphen) do not pad``)."""
    source = (
        "Changes in 1.50.12\n- Fix weight conversion on MacOS\n"
        "- Fix char offset in multi-paragraph\n  layouts\n* Enable cairo by default\n"
        "2. Second step here.\n"
    )
    assert blocks(source) == [
        ("Changes in 1.50.12", text.TEXT),
        ("Fix weight conversion on MacOS", text.ITEM),
        ("Fix char offset in multi-paragraph\n  layouts", text.ITEM),
        ("Enable cairo by default", text.ITEM),
        ("Second step here.", text.ITEM),
    ]
    assert words(source)[:3] == ["Changes", "in", "1.50.12"]
    assert "-" not in [w.text for w in text.parse(source).tokens]
    tags = (
        "       -      (hyphen) do not pad the field\n       _      (underscore) pad with spaces\n"
    )
    assert text.ITEM not in {x.block for x in text.sentences(tags)}
    dash = "We use the tool - not the library - for this.\n"
    assert blocks(dash) == [(dash.strip(), text.TEXT)]


def test_code_blocks_are_no_sentences_but_code_of_the_document():
    """Fenced and indented Markdown code, and in plain text an indented paragraph after a
    colon with no sentence end (the commands of ``spancopy repair`` on xdg-utils' README,
    ``export PATH=...``, taken for a sentence and capitalised), are no prose: each line or
    paragraph is a code token of ``TextSource.code``, in no sentence."""
    markdown = "Build it:\n\n```sh\nmeson setup build\n```\n\n    ninja -C build\n\nDone.\n"
    doc = text.parse(markdown, markdown=True)
    assert sentences(markdown, markdown=True) == ["Build it:", "Done."]
    assert [w.text for w in doc.code] == ["meson setup build", "    ninja -C build"]
    assert {w.kind for w in doc.code} == {"code"}
    plain = (
        "    A script could look like this:\n\n        export PATH=$PATH:$DIR\n"
        "        xdg-desktop-menu install my.desktop\n\n    And now it has a menu.\n"
    )
    assert sentences(plain) == ["A script could look like this:", "And now it has a menu."]
    assert [w.text.split()[0] for w in text.parse(plain).code] == ["export"]
    # after a sentence the commands continue (no terminator: libpam's README), the same; the
    # rest of that sentence follows the code (and is not capitalised: repair.prose.after_code)
    cut = "You can run more checks by executing\n\n      make xtests\n\nas root.\n"
    assert sentences(cut) == ["You can run more checks by executing", "as root."]
    assert [w.text.strip() for w in text.parse(cut).code] == ["make xtests"]
    # a paragraph of column rows (a name, then 3 spaces or a tab, then what it is) is a table
    rows = "Contents\n\n  libipt        A packet encoder library\n\n  test\tSome tests\n\n"
    rows += "It works.  Two spaces end a sentence here.\n"
    assert sentences(rows) == ["Contents", "It works.", "Two spaces end a sentence here."]
    assert [w.text.split()[0] for w in text.parse(rows).code] == ["libipt", "test"]
    # ... and so is a paragraph of labels, each before one value (FreeType's mailing lists)
    labels = "Use the lists.\n\n  general use and discussion:      list@nongnu.org\n"
    labels += "  engine internals, porting, etc.: devel@nongnu.org\n\nNote: it is one sentence.\n"
    assert sentences(labels) == ["Use the lists.", "Note: it is one sentence."]
    assert [w.text.split()[0] for w in text.parse(labels).code] == ["general"]
    # an indented paragraph that ends its sentences is prose, after a colon or not
    prose = "Note:\n\n    The menu is ready. Use it.\n"
    assert sentences(prose) == ["Note:", "The menu is ready.", "Use it."]
    assert text.parse(prose).code == []


def test_the_alt_text_of_an_image_is_code():
    """A badge's alt text (``[![Conda](...)](...)``, respelt ``Code`` by the corrector) is
    no prose; an exclamation mark before a bracket with a space between stays punctuation."""
    kinds = {
        w.text: w.kind for w in text.tokenize("[![Conda](https://x.org/c.svg)](https://x.org)")
    }
    assert kinds["![Conda]"] == "code"
    assert [w.kind for w in text.tokenize("Stop! [See](x.md)")][:3] == ["word", "punct", "punct"]


PTB = "".join(
    f"It 's line {k} , and we do n't know why .\n" for k in range(12)
)  # a file tokenised the Penn Treebank's way (JFLEG's)


def test_a_file_tokenised_the_penn_treebank_way_gets_repairs_spaced_alike():
    """What a repair adds to a spaced file is spaced as the file is (``word ,``, ``it 's``,
    ``do n't``); an ordinary file keeps ordinary layout."""
    assert text.learn_style(PTB).spaced
    source = "Its late so we dont know why ."
    words = text.TextSource(source).tokens
    mapping = text.abstract(words).mapping
    hyp = ["It", "'", "s", "late", ",", "so", "we", "do", "n't", "know", "why", "."]
    for style, expected in [
        (text.learn_style(PTB), "It 's late , so we do n't know why ."),
        (text.learn_style(source), "It's late, so we don't know why ."),
    ]:
        assert apply_edits(source, edits(source, words, mapping, hyp, style=style)) == expected


@pytest.mark.parametrize(
    "source",
    [
        "Short . Too short , to tell .\n",  # fewer than SPACED_MIN marks
        "".join(f"Line {k}, spaced here: once .\n" for k in range(6))  # a period in two spaced
        + "".join(f"Line {k}, a sentence.\n" for k in range(6)),
        "Un texte : bien écrit , ou non ? Oui. " * 2 + "Fin, enfin." * 10,
    ],
)
def test_a_file_with_few_spaced_marks_is_laid_out_as_usual(source):
    assert not text.learn_style(source).spaced


def test_a_name_quoted_the_gnu_way_is_code():
    """groff's README quotes its programs `troff', `pic' (TeX's quotes, as GNU documents
    do): the names were respelt (`gropdf' -> groff); inline code with an apostrophe inside
    is still Markdown's."""
    kinds = [(w.text, w.kind) for w in text.tokenize("Use `gropdf', `pic' or `it's` here.")]
    assert kinds == [
        ("Use", "word"), ("`gropdf'", "code"), (",", "punct"), ("`pic'", "code"),
        ("or", "word"), ("`it's`", "code"), ("here", "word"), (".", "punct"),
    ]  # fmt: skip
    assert [w.kind for w in text.tokenize("a `b c' d")] == [
        "word",
        "punct",
        "word",
        "word",
        "punct",
        "word",
    ]


def test_a_dotted_name_is_code():
    """kerberos' README: ``the edu.mit.Kerberos preference file`` got ``edge`` for ``edu``
    (>99%); a name of three dotted parts or more is code (a package, a class, a reversed
    domain), with the sentence's period left out; abbreviations and two words glued by a
    period stay words."""
    kinds = [
        (w.text, w.kind)
        for w in text.tokenize("See edu.mit.Kerberos and java.util.List. Use org.a_b.Node2 too.")
    ]
    assert kinds == [
        ("See", "word"), ("edu.mit.Kerberos", "code"), ("and", "word"),
        ("java.util.List", "code"), (".", "punct"), ("Use", "word"),
        ("org.a_b.Node2", "code"), ("too", "word"), (".", "punct"),
    ]  # fmt: skip
    words = "i.e. U.S.A. e.g. he went home.Then it rained at 3.5 a.m. ... and so on."
    assert [w.text for w in text.tokenize(words) if w.kind == "code"] == []
    # of two parts, the second in lower case (yallist's "node.prev" got "perf"), and dotfiles
    # (yauzl's ".npmignore and .travis.yml" got "ignore" and "yaml")
    members = "Use node.prev, Node.js and options.env; remove .npmignore and .travis.yml."
    assert [w.text for w in text.tokenize(members) if w.kind == "code"] == [
        "node.prev", "Node.js", "options.env", ".npmignore", ".travis.yml",
    ]  # fmt: skip


def test_a_call_is_code():
    """git's coccinelle README: ``"hashcmp() != 0"`` got ``hashmap``; a name with its empty
    argument list is code, an identifier's too; a word before arguments is still a word."""
    kinds = [(w.text, w.kind) for w in text.tokenize("Use hashcmp() or gtk_init() for f(x).")]
    assert kinds == [
        ("Use", "word"), ("hashcmp()", "code"), ("or", "word"), ("gtk_init()", "code"),
        ("for", "word"), ("f", "word"), ("(", "punct"), ("x", "word"), (")", "punct"),
        (".", "punct"),
    ]  # fmt: skip


def test_a_generated_apostrophe_takes_the_writers_typography():
    """In a sentence of typographic apostrophes a generated one is typographic; in a sentence
    without any, it is so when the document's are (TextSource.typographic), else straight."""
    curly = text.TextSource("I don\u2019t know.\n\nYou shouldnt go.\n")
    straight = text.TextSource("I don't know.\n\nYou shouldnt go.\n")
    assert curly.typographic and not straight.typographic
    for source, mark in ((curly, "\u2019"), (straight, "'")):
        words = source.tokens[source.sentences[1].tokens]
        mapping = text.abstract(words, source.typographic).mapping
        assert text.concretize(["should", "n't", "go"], mapping)[1] == f"n{mark}t"
    mixed = text.tokenize("It\u2019s what we'd want.")
    assert text.concretize(["n't"], text.abstract(mixed, typographic=True).mapping) == ["n't"]


def test_a_capitalised_function_word_opening_a_line_opens_a_sentence():
    """A line that ends without a terminator is followed by a new sentence where the next
    line opens with a capitalised function word or opening word (JFLEG's learners end lines
    so: ``... will develope`` / ``However , ...``; avahi's README: ``(if building from SVN
    rather than a tarball)`` / ``If you are not using ...``); not with a name, ``I``, or a
    word in lower case."""
    source = (
        "It was fun\nHowever, we left\nwe went home\nwritten by\nDonald Knuth and\nI think so\n"
    )
    assert sentences(source) == [
        "It was fun",
        "However, we left\nwe went home\nwritten by\nDonald Knuth and\nI think so",
    ]
    assert sentences("a tarball)\n  If you are not using it, stop.\n") == [
        "a tarball)",
        "If you are not using it, stop.",
    ]


def test_in_a_text_of_one_sentence_a_line_every_line_break_before_a_capital_ends_one():
    """A writer whose lines end sentences (eight lines or more, 80% of them: JFLEG's learners,
    an essay typed with the editor wrapping it) puts a new sentence on each line, the one
    before ending without a terminator too (``We must trust ourselves`` / ``Learn``: two
    sentences, each to end); a hard-wrapped text's lines go on (``written by`` / ``Donald
    Knuth``)."""
    essay = "".join(f"This is sentence {k}.\n" for k in range(12)) + (
        "We must trust ourselves\nLearn\nIt is fine.\nwe went home\n"
    )
    assert text.lined(essay)
    assert sentences(essay)[-4:] == [
        "We must trust ourselves",
        "Learn",
        "It is fine.",
        "we went home",
    ]
    wrapped = "".join(f"This is line {k} of a long\nsentence of it, and\n" for k in range(4))
    wrapped += "written by\nDonald Knuth.\n"
    assert not text.lined(wrapped)
    assert "written by\nDonald Knuth." in sentences(wrapped)[-1]
    assert not text.lined("One.\nTwo.\nThree\nFour\n")  # too few lines to tell
    # Markdown's writers break lines between paragraphs, items and captions
    assert text.parse(essay).lined and not text.parse(essay, markdown=True).lined


def test_commands_under_a_colon_within_a_paragraph_are_code():
    """pulseaudio's README: ``In order to run pulseaudio from the build dir:`` then, on the
    next lines and indented deeper, ``meson build`` and ``meson compile -C build`` were one
    sentence with it (``meson`` got ``mason``). Lines so indented under a line ending with a
    colon are a block of their own, code where no line of it ends a sentence or introduces
    one; the lines back out of it are prose again."""
    source = (
        "HACKING:\n\tIn order to run it from the build dir:\n\t  meson build\n"
        "\t  meson compile -C build\n\tThen run it.\n\nRun this:\n    make install\nand restart.\n"
    )
    doc = text.parse(source)
    assert sentences(source) == [
        "HACKING:",
        "In order to run it from the build dir:",
        "Then run it.",
        "Run this:",
        "and restart.",
    ]
    assert [c.text for c in doc.code] == [
        "\t  meson build\n\t  meson compile -C build",
        "    make install",
    ]
    prose_under = "Notes:\n    This line is prose.\n    So is this one.\n"
    assert sentences(prose_under) == ["Notes:", "This line is prose.", "So is this one."]
    # a list under a colon is prose, each item a sentence of its own, and so is the line that
    # continues an item
    items = (
        "Unchecked:\n - Darwin - GCC - like their Linux counter part\n - it links,\nsince it is.\n"
    )
    assert blocks(items) == [
        ("Unchecked:", text.TEXT),
        ("Darwin - GCC - like their Linux counter part", text.ITEM),
        ("it links,\nsince it is.", text.ITEM),
    ]
    assert text.parse(items).code == []


def test_a_manual_pages_name_and_a_printf_directive_are_code():
    """sort(1)'s ``See shuf(1)`` got ``shut (1)`` and find(1)'s ``The directives %a, %b, %i``
    got ``%I``: a name with its manual section, or with no arguments, and a directive are
    code; a word before arguments, a percentage and an escaped percent sign are not."""
    kinds = [
        (w.text, w.kind)
        for w in text.tokenize("See shuf(1), git-commit(1), printf(3p), f(x) and %a, %i.")
    ]
    assert kinds == [
        ("See", "word"), ("shuf(1)", "code"), (",", "punct"), ("git-commit(1)", "code"),
        (",", "punct"), ("printf(3p)", "code"), (",", "punct"), ("f", "word"), ("(", "punct"),
        ("x", "word"), (")", "punct"), ("and", "word"), ("%a", "code"), (",", "punct"),
        ("%i", "code"), (".", "punct"),
    ]  # fmt: skip
    assert [w.kind for w in text.tokenize("It is 50% of it, %%d or 5%i.")].count("code") == 0


def test_command_lines_as_deep_as_the_prose_are_code():
    """xargs(1)'s examples lie between sentences, as deep as they (``find /tmp -name core
    -type f -print0 | xargs -0 /bin/rm -f`` got ``Find``), and ps(1)'s under ``Examples:``
    (``ps jaxkuid,-ppid,+pid`` got ``jacked``): a paragraph of command lines, or of lines
    opened by one command, is code, and so are lines opened by a command under a colon; a
    sentence in lower case with a dash in it is prose."""
    source = (
        "       It fails on names with newlines.\n\n"
        "       find /tmp -name core -type f -print0 | xargs -0 /bin/rm -f\n\n"
        "       Find files named core in /tmp and delete them.\n\n"
        "              Examples:\n              ps jaxkuid,-ppid,+pid\n"
        "              ps axk comm o comm,args\n\n"
        "       the man -kind has been subdued\n"
    )
    doc = text.parse(source)
    assert [c.text.strip() for c in doc.code] == [
        "find /tmp -name core -type f -print0 | xargs -0 /bin/rm -f",
        "ps jaxkuid,-ppid,+pid\n              ps axk comm o comm,args",
    ]
    assert sentences(source) == [
        "It fails on names with newlines.",
        "Find files named core in /tmp and delete them.",
        "Examples:",
        "the man -kind has been subdued",
    ]
    # lines of prose opened by one word are prose where one ends a sentence
    assert text.parse("we went home\nwe ate it.\n").code == []
    # a command under a colon within a paragraph, the prose after it (find(1))
    inside = (
        "       passing the names to\n       find like this:\n"
        "       find . -name frcode.c locate.c -print\n"
        "       That  command  is  of course not going to work.\n"
    )
    assert [c.text.strip() for c in text.parse(inside).code] == [
        "find . -name frcode.c locate.c -print"
    ]
    assert sentences(inside)[-1] == "That  command  is  of course not going to work."


def test_restructured_text_literal_blocks_markup_and_sessions_are_code():
    """Python's FAQ and tutorial (reStructuredText in ``.rst.txt`` files, as many a
    README.txt): the code of a literal block after ``::`` (``with open(file) as f:`` got
    ``With``, ``for i in range(n):`` got ``For I``), its paragraphs after a blank line as deep,
    a directive of code and its block, explicit markup (``.. _tut-morelists:`` got
    ``moralists``), a grid table (datetime's ``(1)(6) | +---`` got ``I-1``) and an interactive
    session (``>>> for i in ...``) are no prose; a note's text under its directive and the
    prose after the block are."""
    source = (
        "Use the with statement; this will work regardless of memory management scheme::\n\n"
        "   for file in very_long_list_of_files:\n"
        "       with open(file) as f:\n"
        "           c = f.read(1)\n\n"
        "   for i in range(10):\n"
        "       print(i)\n\n"
        "Why doesn't CPython use a more traditional scheme?\n\n"
        ".. _tut-morelists:\n\n"
        ".. code-block:: pycon\n\n"
        "   if status == 'active':\n"
        "       pass\n\n"
        ".. note::\n\n"
        "   The list is sorted in place.\n\n"
        ">>> for i in range(3):\n"
        "...     print(i)\n"
        "cat 3\n\n"
        "+-------------------+--------------------------+\n"
        "| ``t1 = t2 - t3``  | Difference of *t2* and   |\n"
        "|                   | *t3*. (1)(6)             |\n"
        "+-------------------+--------------------------+\n\n"
        "That is all.\n"
    )
    assert sentences(source) == [
        "Use the with statement; this will work regardless of memory management scheme::",
        "Why doesn't CPython use a more traditional scheme?",
        "The list is sorted in place.",
        "That is all.",
    ]
    # a colon alone introduces prose (or commands: test_command_lines_as_deep_as_the_prose_are_code)
    assert sentences("It reads:\n\n   We went home, and it rained.\n") == [
        "It reads:",
        "We went home, and it rained.",
    ]


def test_a_tag_beside_its_description_is_code():
    """ps(1)'s field list, ``ouid        OWNER     displays the Unix user identifier ...``
    over a line indented to ``displays`` (``ouid`` got ``uuid``), and find(1)'s ``rates
    Prints a summary ...`` on a line of its own (``Rates``): the tag is code, the description
    a paragraph of its own; a first line of justified prose and a sentence are no tag."""
    source = (
        "       ouid        OWNER     displays the Unix user identifier of the owner of the\n"
        "                             session of a process.\n\n"
        "              rates  Prints a summary indicating how often each predicate failed.\n\n"
        "       Global  options always return true.  Global options take effect even for\n"
        "       tests which occur earlier on the command line.\n\n"
        "       or  AFS mount points.\n"
    )
    doc = text.parse(source)
    assert [c.text for c in doc.code] == ["ouid        OWNER", "rates"]
    # a sentence with two spaces after it is no tag, nor is a clause
    assert text.parse("i went home.  It is  fine.\n\nyes,  Sure it is.\n").code == []
    # where runs of spaces are no writer's (a comment's prose, its markup blanked), no tag
    assert text.TextSource(source, spaced=False).code == []
    # the next line indented with a tab (less(1): "m      Followed by any lowercase" over
    # "\t      displayed line" got "M")
    tabbed = "       m      Followed by any letter, marks the first\n\t      displayed line.\n"
    assert [c.text for c in text.parse(tabbed).code] == ["m"]
    # a gap of a tab and spaces (curl(1): "scheme\t     The URL scheme" got "Scheme")
    gap = "\t      scheme\t     The URL scheme that\n\t\t\t     was used.\n"
    assert [c.text for c in text.parse(gap).code] == ["scheme"]
    assert sentences(source) == [
        "displays the Unix user identifier of the owner of the\n"
        "                             session of a process.",
        "Prints a summary indicating how often each predicate failed.",
        "Global  options always return true.",
        "Global options take effect even for\n"
        "       tests which occur earlier on the command line.",
        "or  AFS mount points.",
    ]


def test_a_list_items_letter_is_code():
    """The Artistic License's items ``c) rename any non-standard executables`` and ``c) give
    ...`` got ``C)``: a letter and a closing parenthesis is an item's marker, code; a letter
    in parentheses, and a word before one, are words."""
    kinds = [(w.text, w.kind) for w in text.tokenize("c) rename it, as b) says (a) or (x) do)")]
    assert kinds == [
        ("c)", "code"), ("rename", "word"), ("it", "word"), (",", "punct"), ("as", "word"),
        ("b)", "code"), ("says", "word"), ("(", "punct"), ("a", "word"), (")", "punct"),
        ("or", "word"), ("(", "punct"), ("x", "word"), (")", "punct"), ("do", "word"),
        (")", "punct"),
    ]  # fmt: skip


def test_a_character_class_is_code():
    """grep(1)'s ``[:print:], [:punct:], [:space:], [:upper:], and [:xdigit:]`` got ``punt``
    and ``digit``: a bracket expression's class is code, in its brackets or not; a word in
    brackets is a word."""
    tokens = text.tokenize("Use [:punct:], [[:xdigit:]] or [x].")
    assert [(w.text, w.kind) for w in tokens] == [
        ("Use", "word"), ("[:punct:]", "code"), (",", "punct"), ("[[:xdigit:]]", "code"),
        ("or", "word"), ("[", "punct"), ("x", "word"), ("]", "punct"), (".", "punct"),
    ]  # fmt: skip


def test_words_joined_by_dots_are_code():
    """git 2.38's release notes: ``"git symbolic-ref symref non..sen..se"`` got ``non..
    seen..se``: words joined by two dots or three (a range of revisions, ``HEAD..main``) are
    code; an ellipsis between spaces is punctuation."""
    tokens = text.tokenize("Use non..sen..se, HEAD..main or v1...v2; wait ... what.")
    assert [w.text for w in tokens if w.kind == "code"] == [
        "non..sen..se", "HEAD..main", "v1...v2",
    ]  # fmt: skip
    assert [w.kind for w in text.tokenize("wait ... what")] == ["word", "punct", "word"]


def test_a_command_that_ends_a_line_after_a_colon():
    """perf's tips: ``For a higher level overview, try: perf report --sort comm,dso`` (and
    ``perf mem record / perf mem report``); a sentence after a colon is no command."""
    tips = (
        "For a higher level overview, try: perf report --sort comm,dso\n"
        "For memory address profiling, try: perf mem record / perf mem report\n"
        "Note: the -v option prints more.\n"
        "Run it: make all\n"
        "Two ways: this / that\n"
    )
    assert text.inline_commands(tips) == [
        "perf report --sort comm,dso",
        "perf mem record / perf mem report",
    ]


def test_periods_written_apart_stay_apart():
    """Three periods of a hypothesis (generated or copied, the round trip's falsifying
    example) are written as three, never glued into an ellipsis, one token; an ellipsis
    stays one."""
    style = text.ProseStyle()
    for tokens in (["it", ".", ".", "."], ["so", "...", "."], ["so", "..."]):
        seps = style.layout(tokens, 0, False)
        written = "".join(s + t for s, t in zip(seps, tokens, strict=True))
        assert [text.normalize(w) for w in words(written)] == tokens, written
