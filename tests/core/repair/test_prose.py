"""The prose plug-in: sentences of text and Markdown as units, the prose of Java comments, and
repairs of the toy prose model through the pipeline (hand-written expectations)."""

from __future__ import annotations

from pathlib import Path

import pytest

from spancopy_core import DEFAULT_MODELS, DEFAULT_PROSE_MODEL
from spancopy_core.checkpoint import load_model
from spancopy_core.edits import TextEdit, apply_edits
from spancopy_core.lang.text import tokenize
from spancopy_core.repair import pipeline, prose
from spancopy_core.repair.java import JavaFrontend
from spancopy_core.repair.languages import frontend_for
from spancopy_core.repair.pipeline import ParsedText, RepairOptions
from spancopy_core.repair.prose import (
    JAVA_COMMENTS,
    MARKDOWN,
    PLAINTEXT,
    CommentProse,
    ProseFrontend,
    without_front_matter,
)
from spancopy_core.scoring import log_probs

OPTIONS = RepairOptions(beam_size=8, top_k=3)


@pytest.fixture(scope="module")
def model(toy_prose_model: Path):
    return load_model(toy_prose_model, device="cpu")


def names(doc: ParsedText, focus: pipeline.Focus | None = None) -> list[str]:
    return [doc.text[u.start : u.end] for u in pipeline.units(doc, (), focus)]


def test_languages_and_models():
    assert frontend_for("plaintext", "untitled:1") is PLAINTEXT
    assert frontend_for("text", "untitled:2") is PLAINTEXT  # Neovim's filetype
    assert frontend_for("markdown", "file:///a/NOTES") is MARKDOWN
    assert frontend_for(None, "file:///a/notes.txt") is PLAINTEXT
    assert frontend_for(None, "file:///a/README.MD") is MARKDOWN
    assert frontend_for(None, "file:///a/doc.markdown") is MARKDOWN
    assert frontend_for(None, "file:///a/notes.rst") is None
    assert PLAINTEXT.model == MARKDOWN.model == JAVA_COMMENTS.model == "prose"
    assert DEFAULT_MODELS["prose"] == DEFAULT_PROSE_MODEL
    assert DEFAULT_PROSE_MODEL.name == "prose-en"


def test_one_sentence_per_paragraph_is_one_unit_each():
    text = "I recieve it .\n\nThey receive teh file , on time .\n\n\nok\n\nSo be it ...\n"
    doc = ParsedText.parse(text, PLAINTEXT)
    assert names(doc) == [
        "I recieve it .",
        "They receive teh file , on time .",
        "ok",
        "So be it ...",
    ]
    first = pipeline.units(doc, ())[0]
    assert first.tokens == ("I", "recieve", "it", ".")  # the lexer's token texts, case kept
    assert [(t.start, t.end) for t in first.source_tokens] == [(0, 1), (2, 9), (10, 12), (13, 14)]


def test_the_focus_selects_the_sentences_it_touches():
    text = "First one. Second one!\nStill second? Third.\n\nFourth."
    doc = ParsedText.parse(text, PLAINTEXT)
    at = text.index("Second")
    assert names(doc, (at, at)) == ["Second one!"]
    assert names(doc, pipeline.line_focus(doc, 1)) == ["Still second?", "Third."]
    assert names(doc, (0, len(text))) == [
        "First one.",
        "Second one!",
        "Still second?",
        "Third.",
        "Fourth.",
    ]
    blank = text.index("\n\n") + 1
    assert names(doc, (blank, blank)) == []
    items = "- First item.  \n  - Second item\n"
    doc = ParsedText.parse(items, MARKDOWN)
    for cursor, expected in ((0, "First item."), (15, "First item."), (17, "Second item")):
        assert names(doc, (cursor, cursor)) == [expected], cursor


MD = """---
title: Notes. On things
tags: [a, b]
---
# A heding here

Run `make teh build` then see https://example.com/teh. It is fine.

```sh
echo teh end. Not prose
```

    indented code. Not prose either

- an item. Second item sentence
"""


def test_markdown_leaves_code_front_matter_and_markers_alone():
    blanked = "   \n" + " " * len("title: Notes. On things") + "\n" + " " * 12 + "\n   \n"
    assert without_front_matter(MD) == blanked + MD[MD.index("# A heding") :]
    for text in ("--- not front matter\nText.", "Intro.\n\n---\n\nMiddle text.\n\n---\n"):
        assert without_front_matter(text) == text  # none, or rules between paragraphs
    doc = ParsedText.parse(MD, MARKDOWN)
    assert names(doc) == [
        "A heding here",
        "Run `make teh build` then see https://example.com/teh.",
        "It is fine.",
        "an item.",
        "Second item sentence",
    ]
    run = pipeline.units(doc, ())[1]
    assert run.tokens == ("Run", "`make teh build`", "then", "see", "https://example.com/teh", ".")


def test_a_repair_that_touches_code_is_not_prose():
    doc = ParsedText.parse(MD, MARKDOWN)
    run = pipeline.units(doc, ())[1]
    text = doc.text[run.start : run.end]
    assert MARKDOWN.still_parses(run, text.replace("Run", "Now run"))
    assert not MARKDOWN.still_parses(run, text.replace("make teh", "make the"))
    assert not MARKDOWN.still_parses(run, text.replace("/teh", "/the"))
    assert not MARKDOWN.still_parses(run, text.replace("then see", "then `see`"))
    assert not MARKDOWN.still_parses(run, text.replace("https://example.com/teh", "it"))


def test_repairs_of_the_toy_model(model):
    text = "I recieve it today.\n\nWe receive the letter again.\n\nThey receive teh file.\n"
    doc = ParsedText.parse(text, PLAINTEXT)
    found, skipped = pipeline.repair(model, doc, None, OPTIONS)
    assert skipped == [] and [r.unit.name for r in found] == [
        "I recieve it today.",
        "We receive the letter again.",
        "They receive teh file.",
    ]
    first, correct, third = found
    assert first.candidates[0].edits == (TextEdit(2, 9, "receive"),)
    assert first.candidates[0].title == 'Replace "recieve" with "receive"'
    at = text.index("teh")
    assert third.candidates[0].edits == (TextEdit(at, at + 3, "the"),)
    assert correct.candidates == []  # the model prefers it as written: nothing offered
    for r in (first, third):
        assert all(c.log_prob >= r.unchanged_log_prob for c in r.candidates)
    # every sentence's best repair applied at once: exact, non-overlapping edits
    best = [e for r in found for e in (r.candidates[0].edits if r.candidates else ())]
    assert apply_edits(text, best) == text.replace("recieve", "receive").replace("teh", "the")


def test_the_beam_ranking_offers_only_what_beats_the_sentence_too(model):
    text = "We receive the letter again.\n\nI recieve it today.\n"
    doc = ParsedText.parse(text, PLAINTEXT)
    options = RepairOptions(beam_size=8, top_k=3, ranking="beam")
    correct, wrong = pipeline.repair(model, doc, None, options)[0]
    assert correct.candidates == []
    assert wrong.candidates[0].title == 'Replace "recieve" with "receive"'


JAVA = """class C {
    /**
     * Returns <b>teh</b> {@code x} value. I recieve it today.
     * @param x the input
     */
    int f(int x) { return x; } // They receive teh file.
    // We receive
    // teh mail.
}
"""


def test_sentences_without_words_are_not_prose():
    text = "😀 é !\n\n42 .\n\nI recieve it .\n\n`x` , `y`\n"
    doc = ParsedText.parse(text, PLAINTEXT)
    assert names(doc) == ["I recieve it ."]
    assert names(doc, (0, 0)) == []  # the cursor on the emoji
    java = "class C {\n    /* 😀 é */\n    // teh end\n    int f() { return 1; }\n}\n"
    inner = pipeline.view(ParsedText.parse(java, JavaFrontend()), (java.index("teh"),) * 2)
    assert names(inner) == ["teh end"]


def test_comment_prose_keeps_the_offsets_of_the_file():
    java = ParsedText.parse(JAVA, JavaFrontend())
    at = JAVA.index("recieve")
    inner = pipeline.view(java, (at, at))
    assert inner.frontend is JAVA_COMMENTS and isinstance(inner.parsed, CommentProse)
    assert names(inner) == [
        "Returns <b>teh</b> {@code x} value.",
        "I recieve it today.",
        "the input",
    ]
    returns, recieve, _ = pipeline.units(inner, ())
    assert returns.tokens == ("Returns", "teh", "`@code x`", "value", ".")  # HTML tags out
    assert [u.name for u in pipeline.units(inner, (), (at, at))] == [recieve.name]
    assert [JAVA[t.start : t.end] for t in recieve.source_tokens] == list(recieve.tokens)
    code = JAVA.index("return")
    assert pipeline.view(java, (code, code)) is java  # code is Java
    crlf = JAVA.replace("\n", "\r\n").replace("{@code x}", "{@code\r\n     * x}")
    crlf_doc = ParsedText.parse(crlf, JavaFrontend())
    at_crlf = crlf.index("recieve")
    assert names(pipeline.view(crlf_doc, (at_crlf, at_crlf))) == [
        "Returns <b>teh</b> {@code\r\n     * x} value.",
        "I recieve it today.",
        "the input",
    ]
    star = JAVA.index("     * Returns")  # the start of a Javadoc line: its first sentence
    assert names(pipeline.view(java, (star, star)), (star, star)) == [returns.name]
    assert returns.name == "Returns <b>teh</b> {@code x} value."  # named by the file's text
    trailing = JAVA.index("teh file")
    assert names(pipeline.view(java, (trailing, trailing))) == ["They receive teh file."]
    line = pipeline.line_focus(java, 7)  # "    // teh mail.": the run of line comments
    assert names(pipeline.view(java, line), line) == ["We receive\n    // teh mail."]


def test_comment_repairs_stay_in_the_comment(model):
    java = ParsedText.parse(JAVA, JavaFrontend())
    for word, fixed in (("recieve", "receive"), ("teh mail", "the mail")):
        at = JAVA.index(word)
        inner = pipeline.view(java, (at, at))
        (found,), _ = pipeline.repair(model, inner, (at, at), OPTIONS)
        best = found.candidates[0]
        assert apply_edits(JAVA, best.edits) == JAVA.replace(word, fixed)
    unit = pipeline.units(pipeline.view(java, (at, at)), (), (at, at))[0]
    assert not JAVA_COMMENTS.still_parses(unit, "teh mail. */ int x;")


def test_tokens_of_a_unit_are_the_lexers():
    """The contract with the prose model: a sentence's input is the lexer's token texts."""
    text = "Don't over-think it: see `a b` at https://x.org/p, café 😀!"
    (unit,) = pipeline.units(ParsedText.parse(text, MARKDOWN), ())
    assert list(unit.tokens) == [w.text for w in tokenize(text)]


def test_spelling_templates_of_a_sentence(model):
    text = "They receive teh file.\n"
    doc = ParsedText.parse(text, PLAINTEXT)
    (unit,) = pipeline.units(doc, model.vocab)
    # "teh": "the" (one transposition away) and "they" (two away), which the model cannot
    # write in lower case, so only "the"
    want = [(TextEdit(13, 16, "the"), ("They", "receive", "the", "file", "."))]
    assert PLAINTEXT.templates(unit, unit.start, unit.end, model.vocab) == want
    assert PLAINTEXT.templates(unit, 13, 13, model.vocab) == want  # a cursor on the word
    assert PLAINTEXT.templates(unit, 0, 12, model.vocab) == []  # "teh" is not in the range
    assert PLAINTEXT.templates(unit, unit.start, unit.end, ()) == []  # no words, no spelling


def test_without_a_focus_the_spelling_templates_are_ranked_by_the_model(model):
    """No beam at all (no hypotheses): the pool is the templates alone, and the toy model,
    which learned ``recieve`` -> ``receive``, ranks that one first."""
    text = "They recieve teh mesage again.\n"
    doc = ParsedText.parse(text, PLAINTEXT)
    (unit,) = pipeline.units(doc, model.vocab)
    options = RepairOptions(top_k=5, min_ratio=0.0)
    pool = pipeline.unit_candidates(doc, unit, [], options, None, model.vocab)
    assert [c.title for c in pool] == [
        'Replace "recieve" with "receive"',
        'Replace "teh" with "the"',
        'Replace "mesage" with "message"',
    ]
    scores = log_probs(model, pipeline.score_items(unit, None, pool))
    ranked, unchanged = pipeline.rank(doc, unit, pool, scores, None, options)
    assert ranked[0].title == 'Replace "recieve" with "receive"'
    assert ranked[0].log_prob > unchanged
    assert ranked[0].new_text == "They receive teh mesage again."


def test_the_spelling_templates_are_capped(model, monkeypatch):
    monkeypatch.setattr(prose, "MAX_SPELLING", 2)
    doc = ParsedText.parse("They recieve teh mesage again.\n", PLAINTEXT)
    (unit,) = pipeline.units(doc, model.vocab)
    found = PLAINTEXT.templates(unit, unit.start, unit.end, model.vocab)
    assert [e.new_text for e, _ in found] == ["receive", "the"]  # the first words first


def test_the_dictionary_is_built_once_per_vocabulary(model):
    frontend = ProseFrontend("plaintext", frozenset(), (), markdown=False)
    first = frontend.dictionary(model.vocab)
    assert frontend.dictionary(model.vocab) is first
    assert "receive" in first and "teh" not in first
    other = frontend.dictionary(["teh"])
    assert other is not first and "teh" in other
