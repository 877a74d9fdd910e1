"""The prose plug-in: sentences of text and Markdown as units, the prose of Java comments, and
repairs of the toy prose model through the pipeline (hand-written expectations)."""

from __future__ import annotations

import math
from pathlib import Path

import pytest

from spancopy_core import DEFAULT_MODELS, DEFAULT_PROSE_MODEL
from spancopy_core.editing.edits import TextEdit, apply_edits
from spancopy_core.lang.text import learn_style, tokenize
from spancopy_core.paper.actions import Hypothesis
from spancopy_core.paper.scoring import log_probs
from spancopy_core.repair import pipeline, prose, runner
from spancopy_core.repair.candidates import Candidate
from spancopy_core.repair.channel import Lexicon
from spancopy_core.repair.frontend import Floors, written
from spancopy_core.repair.java import JavaFrontend
from spancopy_core.repair.languages import frontend_for
from spancopy_core.repair.pipeline import ParsedText, RepairOptions
from spancopy_core.repair.prose import (
    JAVA_COMMENTS,
    MARKDOWN,
    PLAINTEXT,
    CommentProse,
    ProseFrontend,
    derived_words,
    glued_words,
    plurals,
    without_front_matter,
)
from spancopy_core.storage.checkpoint import load_model

OPTIONS = RepairOptions(beam_size=8, top_k=3)
# The plain-text front-end without Harper's suggestions: its own corrector and templates.
SPELLING = ProseFrontend("plaintext", frozenset(), (".txt",), markdown=False, harper=None)


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
    assert written(first) == ("I", "recieve", "it", ".")  # the lexer's token texts, case kept
    assert first.tokens == ("I", "receive", "it", ".")  # the model sees it respelt
    assert [(t.start, t.end) for t in first.source_tokens] == [(0, 1), (2, 9), (10, 12), (13, 14)]


def test_a_sentence_in_another_language_is_none_of_ours():
    """picocli's README lists talks in French and Portuguese: ``Des applications en ligne
    de commande avec Picocli`` got ``line`` and ``command``, ``Desenvolva aplicações CLI
    nativas em Java com Graalvm`` ``applicant's``, at >99%. A sentence in another language
    gets no unit; the English around it still does."""
    text = (
        "#### Talks\n\n"
        "* [Des applications en ligne de commande avec Picocli](https://example.org/a) (2019)\n"
        "* [Desenvolva aplicações CLI nativas em Java com Graalvm](https://example.org/b)\n"
        "* A talk that we recieve often.\n"
    )
    doc = ParsedText.parse(text, MARKDOWN)
    assert names(doc) == ["Talks", "A talk that we recieve often."]
    assert pipeline.units(doc, ())[1].tokens[4] == "receive"


def test_the_corrector_makes_a_counted_noun_plural_and_drops_the_to_after_make_them():
    """Learners' grammar the model seldom fixes (JFLEG dev: ``There are several reason``,
    ``makes them to be``), made by the corrector with the shipped lexicon's plurals; a
    quantifier before a verb, and a word of the user's, left as written."""

    def corrected(sentence: str, frontend: ProseFrontend = SPELLING) -> str:
        return " ".join(frontend.correct(tuple(sentence.split())))

    assert corrected("There are several reason .") == "There are several reasons ."
    assert corrected("It makes them to be happy .") == "It makes them be happy ."
    assert corrected("Make sure these work on Linux .") == "Make sure these work on Linux ."
    assert corrected("There is no information .") == "There is no information ."
    mine = SPELLING.configured(prose.ProseSettings(None, frozenset({"reason"})))
    assert corrected("There are several reason .", mine) == "There are several reason ."


def test_a_sentence_of_a_lined_text_that_ends_its_line_without_a_terminator_gets_one():
    """A text whose lines end sentences (``text.lined``: an essay typed one paragraph a line,
    JFLEG's learners) with one line left without its period: the corrector ends it; not a
    title, a line of fewer than three words, or a line of a hard-wrapped text."""
    essay = "My Summer Holiday In Spain\n" + "".join(
        f"This is sentence {k} of it.\n" for k in range(12)
    )
    essay += "We must trust ourselves\nLearn\nIt is fine.\n"
    doc = ParsedText.parse(essay, SPELLING)
    ended = {doc.text[u.start : u.end]: u.tokens[-1] == "." for u in pipeline.units(doc, ())}
    assert ended["We must trust ourselves"]
    assert not ended["My Summer Holiday In Spain"]
    assert not ended["Learn"]
    assert all(ended[f"This is sentence {k} of it."] for k in range(12))
    wrapped = "".join(f"This line {k} goes on\nand on.\n" for k in range(6))
    wrapped += "We must trust ourselves\n"
    units = pipeline.units(ParsedText.parse(wrapped, SPELLING), ())
    assert units[-1].tokens[-1] == "ourselves"


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


def test_a_short_fragment_keeps_its_end():
    """Short fragments (under 5 tokens, no . ! ? at the end) gain no words after their last
    one (as corrected), a terminator at most, and Markdown headings and list items not even
    that, nor a change of case alone; their words may change; a longer sentence may gain
    words at its end."""
    source = "# Instalation guide\n\n## Usage\n\n- Run teh tol\n\nWe must trust ourselves now\n"
    doc = ParsedText.parse(source, MARKDOWN)
    title, usage, item, longer = pipeline.units(doc, ())
    assert title.tokens == ("Installation", "guide")  # corrected by the spelling corrector
    assert MARKDOWN.still_parses(title, "Installation guide")
    assert MARKDOWN.still_parses(title, "An installation guide")
    assert MARKDOWN.still_parses(title, "Instalation guides")  # a word changed, none added
    assert not MARKDOWN.still_parses(title, "Installation guide.")  # a heading: no period
    assert not MARKDOWN.still_parses(title, "Installation guide guide.")
    assert not MARKDOWN.still_parses(title, "Instalation Guide")  # case alone
    assert MARKDOWN.still_parses(usage, "Usage")
    assert not MARKDOWN.still_parses(usage, "Usage.")
    assert not MARKDOWN.still_parses(usage, "Usage database.")
    assert item.tokens[-1] == "tool"  # its last word corrected
    assert MARKDOWN.still_parses(item, "Run the tool")
    assert not MARKDOWN.still_parses(item, "Run the tool!")  # an item: no terminator
    assert not MARKDOWN.still_parses(item, "run teh tol")  # nor a change of case alone
    assert not MARKDOWN.still_parses(item, "Run the tool now.")
    assert MARKDOWN.still_parses(longer, "We must trust ourselves now and then.")
    long_heading = ParsedText.parse("Setting up the tool on Linux\n===\n", MARKDOWN)
    (unit,) = pipeline.units(long_heading, ())
    assert not MARKDOWN.still_parses(unit, "Setting up the tool on Linux.")  # setext heading


def test_repairs_of_the_toy_model(model):
    text = "I recieve it today.\n\nWe receive the letter again.\n\nThey receive teh file.\n"
    doc = ParsedText.parse(text, PLAINTEXT)
    found, skipped = runner.repair(model, doc, None, OPTIONS)
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
    correct, wrong = runner.repair(model, doc, None, options)[0]
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
    assert written(returns) == ("Returns", "teh", "`@code x`", "value", ".")  # HTML tags out
    assert [u.name for u in pipeline.units(inner, (), (at, at))] == [recieve.name]
    assert [JAVA[t.start : t.end] for t in recieve.source_tokens] == list(written(recieve))
    # each part's text is its own, not the file up to it
    sources = inner.parsed.sources
    assert all(s.base > 0 and len(s.text) < len(JAVA) // 2 for s in sources)
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


def test_names_letters_quoted_values_and_the_files_comment_words_are_comment_terms():
    """The comments of the held-out java-algorithms files: ``Given two strings A and B`` got
    ``AN``, ``Example: "abcdef" and "zcdemf"`` got ``abide`` and ``zydeco``, and ``abba``,
    in four comments of one file, ``abi`` in each. A capital letter after a sentence's first
    word (not ``I``), a word alone between glued double quotes and a word the file's comments
    use three times are terms."""
    java = (
        "class C {\n"
        "    // Given two strings A and B, find the longest one.\n"
        '    // Example: "abcdef" and "zcdemf" give "cde".\n'
        "    int f() { return 1; }\n"
        "    // The abba of it.\n    int g() { return 2; }\n"
        "    // One abba more.\n    int h() { return 3; }\n"
        "    /** And abba again. A word here, I think. */\n    int k() { return 4; }\n"
        "}\n"
    )
    given, example, the, _, _, last = pipeline.units(ParsedText.parse(java, JAVA_COMMENTS), ())
    assert {"a", "b"} <= given.terms and "given" not in given.terms
    assert {"abcdef", "zcdemf", "cde"} <= example.terms
    assert "abba" in the.terms  # (each comment alone uses it once)
    assert "a" not in last.terms and "i" not in last.terms  # a sentence's first word; "I"


def test_the_jdks_jargon_is_a_comment_term_though_the_file_does_not_use_it():
    """``prev``, ``impl``, ``deque``: words of the JDK's identifiers (the shipped
    ``java_words``) that the lexicon lacks are a comment's terms, its code using them or not;
    not in a plain text's or a Markdown file's prose, which keep ``prev`` and ``impl`` as a
    programmer's abbreviations (:func:`prose.abbreviations`), and not ``deque``."""
    java = "class C {\n    // Keep the prev impl of the deque.\n    int f() { return 1; }\n}\n"
    (unit,) = pipeline.units(ParsedText.parse(java, JAVA_COMMENTS), ())
    assert {"prev", "impl", "deque"} <= unit.terms
    plain = "We keep it.\nIt is here.\nKeep the prev impl of the deque.\n"  # (a careful writer)
    prose_unit = pipeline.units(ParsedText.parse(plain, PLAINTEXT), ())[-1]
    assert {"prev", "impl"} <= prose_unit.terms and "deque" not in prose_unit.terms


def test_a_programmers_abbreviation_is_a_comment_term_a_misspelling_is_not():
    """jsoup's comments: ``(incl internal)``, ``API compat``, ``caught in devel``, ``quot``
    got ``inc``, ``compact``, ``level``, ``quota``: the first letters of a word the
    documentation writes often are an abbreviation, kept in a comment; ``Retreive`` and
    ``beacause`` are respelt still. A Markdown file's prose keeps them too (jsoup's CHANGES.md:
    ``the HttpClient impl`` got ``imply``), and a plain text's (jsoup's commit messages:
    ``impl``, ``algo``, ``compat`` got ``imply``, ``also``, ``compact``) but a careless
    writer's (a learner's essay cuts words short too: JFLEG dev's GLEU fell 0.3 with every
    prose keeping them)."""
    assert all(prose.abbreviation(w) for w in ("incl", "compat", "devel", "quot"))
    assert not any(prose.abbreviation(w) for w in ("retreive", "beacause", "teh", "noop"))
    java = "class C {\n    // Retreive it (incl internal) for API compat.\n    int f;\n}\n"
    (unit,) = pipeline.units(ParsedText.parse(java, JAVA_COMMENTS), ())
    assert {"incl", "compat"} <= unit.terms and "retreive" not in unit.terms
    (markdown,) = pipeline.units(ParsedText.parse("It is (incl internal).\n", MARKDOWN), ())
    assert "incl" in markdown.terms
    (plain,) = pipeline.units(ParsedText.parse("It is (incl internal).\n", PLAINTEXT), ())
    assert "incl" in plain.terms
    learner = "We recieve it.\nThey beleive it.\nIt is a litle late.\nIt is (incl internal).\n"
    assert "incl" not in pipeline.units(ParsedText.parse(learner, PLAINTEXT), ())[-1].terms
    edited = "We receive it.\nThey believe it.\nIt is a little late.\nIt is (incl internal).\n"
    assert "incl" in pipeline.units(ParsedText.parse(edited, PLAINTEXT), ())[-1].terms


def test_comment_repairs_stay_in_the_comment(model):
    java = ParsedText.parse(JAVA, JavaFrontend())
    for word, fixed in (("recieve", "receive"), ("teh mail", "the mail")):
        at = JAVA.index(word)
        inner = pipeline.view(java, (at, at))
        (found,), _ = runner.repair(model, inner, (at, at), OPTIONS)
        best = found.candidates[0]
        assert apply_edits(JAVA, best.edits) == JAVA.replace(word, fixed)
    unit = pipeline.units(pipeline.view(java, (at, at)), (), (at, at))[0]
    assert not JAVA_COMMENTS.still_parses(unit, "teh mail. */ int x;")


def test_a_comments_sentences_are_fragments_whose_case_and_end_are_the_writers():
    """jsoup's comments got ``Avoid`` and ``The`` with a period (``// avoid allocation for
    normal serialization``, ``@param key the data key``) at >99%, on 967 of 3,545 comment
    sentences; a comment's sentence keeps its first word's case and its end, its spelling
    still repaired."""
    source = (
        "class A {\n    /**\n     * @param key the data key\n     */\n    void f(int key) {\n"
        "        // avoid allocation for teh normal case\n        g();\n    }\n}\n"
    )
    java = ParsedText.parse(source, JavaFrontend())
    for fragment, fixed in (("the data key", None), ("avoid allocation", "the normal case")):
        at = source.index(fragment)
        (unit,) = pipeline.units(pipeline.view(java, (at, at)), (), (at, at))
        assert unit.tokens[0] == written(unit)[0]  # not capitalised
        sentence = unit.sentence
        assert not JAVA_COMMENTS.still_parses(unit, sentence[0].upper() + sentence[1:])
        assert not JAVA_COMMENTS.still_parses(unit, sentence + ".")
        if fixed:
            assert JAVA_COMMENTS.still_parses(unit, sentence.replace("teh normal case", fixed))
    # a sentence over a run of line comments, read without its markers (Harper's
    # SentenceCapitalization got 'If' through in jsoup's AuthenticationHandler)
    run = "class A {\n    void f() {\n        // if it fails, we\n        // retry it\n    }\n}\n"
    at = run.index("if it")
    (unit,) = pipeline.units(pipeline.view(ParsedText.parse(run, JavaFrontend()), (at, at)), ())
    typed = run[unit.start : unit.end]
    assert "//" in typed and not JAVA_COMMENTS.still_parses(unit, "I" + typed[1:])
    assert JAVA_COMMENTS.still_parses(unit, typed.replace("retry", "try"))


def test_a_comments_words_that_the_code_uses_are_its_terms():
    """jsoup's comments got ``imply`` for ``impl``, ``else`` for ``els``, ``path`` for
    ``xpath``: jargon its code uses (``childEls``, ``xpathImpl``). The words of the file's
    identifiers that the lexicon lacks, not those of its comments or strings, are terms."""
    source = (
        "class A {\n    List<E> childEls; // the cached child els\n"
        '    String s = "recieve"; /* sorted by teh key */\n    void xpathImpl() {}\n}\n'
    )
    words = JAVA_COMMENTS.parse(source).code_words
    assert {"childels", "els", "xpathimpl", "xpath", "impl"} <= words
    assert not {"recieve", "teh", "child", "cached", "list", "class"} & words
    at = source.index("child els")
    (unit,) = pipeline.units(pipeline.view(ParsedText.parse(source, JavaFrontend()), (at, at)), ())
    assert "els" in unit.terms and unit.tokens == written(unit)
    assert not JAVA_COMMENTS.still_parses(unit, "the cached child else")


def test_a_comment_keeps_the_case_of_the_codes_type_names():
    """Commons Lang's MutableInt: ``Gets the value as a Integer instance`` got ``an integer``
    (94%) for ``an Integer``, the type the method returns. A type the code names keeps its
    capital in the comments; the word in lower case is still the writer's to change."""
    source = (
        "class A {\n    /** Gets the value as a Integer instance. */\n"
        "    Integer get() { return null; }\n\n    /** Keeps a lists of items. */\n"
        "    List<Integer> items;\n}\n"
    )
    assert {"Integer", "List"} <= JAVA_COMMENTS.parse(source).type_names
    value, items = pipeline.units(ParsedText.parse(source, JAVA_COMMENTS), ())
    assert not JAVA_COMMENTS.still_parses(value, "Gets the value as an integer instance.")
    assert JAVA_COMMENTS.still_parses(value, "Gets the value as an Integer instance.")
    assert JAVA_COMMENTS.still_parses(items, "Keeps a list of items.")


def test_tokens_of_a_unit_are_the_lexers():
    """The contract with the prose model: a sentence's input is the lexer's token texts."""
    text = "Don't over-think it: see `a b` at https://x.org/p, café 😀!"
    (unit,) = pipeline.units(ParsedText.parse(text, MARKDOWN), ())
    assert list(unit.tokens) == [w.text for w in tokenize(text)]


def test_homophone_templates_of_a_sentence():
    text = "They lose there file.\n"
    doc = ParsedText.parse(text, SPELLING)
    (unit,) = pipeline.units(doc, ())
    assert unit.tokens == written(unit)  # nothing to respell
    known = {"loose", "their"}  # "they 're" cannot be written: no "re"
    want = [
        (TextEdit(5, 9, "loose"), ("They", "loose", "there", "file", ".")),
        (TextEdit(10, 15, "their"), ("They", "lose", "their", "file", ".")),
    ]
    assert SPELLING.templates(unit, unit.start, unit.end, known) == want
    assert SPELLING.templates(unit, 12, 12, known) == want[1:]  # a cursor on "there"
    assert SPELLING.templates(unit, unit.start, unit.end, ()) == []  # no words to write


def test_a_corrected_sentence_has_no_templates():
    doc = ParsedText.parse("They lose there fiel.\n", SPELLING)
    (unit,) = pipeline.units(doc, ())
    assert unit.tokens == ("They", "lose", "there", "file", ".")
    assert SPELLING.templates(unit, unit.start, unit.end, {"loose", "their"}) == []


def test_the_homophone_templates_are_capped(monkeypatch):
    monkeypatch.setattr(prose, "MAX_SPELLING", 1)
    doc = ParsedText.parse("They lose there file.\n", SPELLING)
    (unit,) = pipeline.units(doc, ())
    found = SPELLING.templates(unit, unit.start, unit.end, {"loose", "their"})
    assert [e.new_text for e, _ in found] == ["loose"]  # the first words first


def test_the_corrected_sentence_is_a_candidate_without_a_beam(model):
    """No beam at all (no hypotheses): the pool is the corrector's sentence, one edit for
    the run of respelt words, and it is offered: it is the model input, which repairs must
    beat."""
    text = "They recieve teh mesage again.\n"
    doc = ParsedText.parse(text, SPELLING)
    (unit,) = pipeline.units(doc, model.vocab)
    assert unit.tokens == ("They", "receive", "the", "message", "again", ".")
    options = RepairOptions(top_k=5)
    pool = pipeline.unit_candidates(doc, unit, [], options, None, model.vocab)
    assert [c.new_text for c in pool] == ["They receive the message again."]
    assert [(e.start, e.end, e.new_text) for e in pool[0].edits] == [(5, 23, "receive the message")]
    assert pool[0].title == 'Replace "recieve teh mesage" with "receive the message"'
    scores = log_probs(model, pipeline.score_items(unit, None, pool))
    ranked, unchanged, *_ = runner.ranked(
        doc, unit, pool, scores, None, runner.Ranking.of(options, doc)
    )
    assert [c.new_text for c in ranked] == ["They receive the message again."]
    assert ranked[0].log_prob == pytest.approx(unchanged)


def test_without_the_corrector_the_model_sees_the_sentence_as_written():
    plain = ProseFrontend("plaintext", frozenset(), (), markdown=False, spelling=None, harper=None)
    (unit,) = pipeline.units(ParsedText.parse("i recieve it.\n", plain), ())
    assert unit.tokens == written(unit) == ("i", "recieve", "it", ".")
    (unit,) = pipeline.units(ParsedText.parse("i recieve it.\n", PLAINTEXT), ())
    assert unit.tokens == ("I", "receive", "it", ".")


def test_the_lexicon_is_read_once():
    assert prose.shared_lexicon() is prose.shared_lexicon()
    assert "receive" in prose.shared_lexicon() and "recieve" not in prose.shared_lexicon()


def test_the_corrector_gives_a_respelling_the_model_alone_misses(model):
    """The toy model learned ``recieve`` -> ``receive`` and nothing of ``mesage``: alone it
    never respells it (it deletes it); with the corrector first, the respelling is rank 1."""
    text = "We receive the mesage again.\n"
    alone = ProseFrontend("plaintext", frozenset(), (), markdown=False, spelling=None)
    (found,), _ = runner.repair(model, ParsedText.parse(text, alone), None, OPTIONS)
    assert found.candidates and all("message" not in c.new_text for c in found.candidates)
    (found,), _ = runner.repair(model, ParsedText.parse(text, PLAINTEXT), None, OPTIONS)
    assert found.candidates[0].title == 'Replace "mesage" with "message"'
    assert apply_edits(text, found.candidates[0].edits) == text.replace("mesage", "message")


def test_a_pool_of_the_input_alone_is_offered_without_scoring(model, monkeypatch):
    """The corrected sentence alone (no beam candidate but the input): offered as the full
    ranking offers it, without a pass of the model; a correct sentence gets nothing."""
    text = "They recieve teh mesage again.\n\nWe receive the letter again.\n"
    doc = ParsedText.parse(text, SPELLING)
    units = pipeline.units(doc, model.vocab)
    copies = [[Hypothesis(list(u.tokens), -0.5, [])] for u in units]  # the beam: copies only
    searched: list[list[str]] = []

    def decode(model, inputs, *args, **kwargs):
        searched.extend(inputs)
        return [[Hypothesis(list(x), -0.5, [])] for x in inputs]

    monkeypatch.setattr(pipeline, "decode", decode)
    calls = []
    monkeypatch.setattr("spancopy_core.paper.scoring.log_probs", lambda *a, **k: calls.append(a))
    corrected, correct = runner.repair_units(model, doc, units, OPTIONS)
    assert calls == []
    assert [tuple(x) for x in searched] == [units[0].tokens]  # not the correct one (Bars)
    assert [c.new_text for c in corrected.candidates] == ["They receive the message again."]
    assert corrected.candidates[0].probability == 1.0 and corrected.confidence() == math.inf
    assert correct.candidates == [] and correct.confidence() == 0.0
    strict = RepairOptions(beam_size=8, top_k=3, min_ratio=2.0)  # the corrector is sure: kept
    found = [r.candidates for r in runner.repair_units(model, doc, units, strict)]
    assert found == [corrected.candidates, []]
    monkeypatch.undo()
    pool = pipeline.unit_candidates(doc, units[0], copies[0], OPTIONS, None, model.vocab)
    scores = log_probs(model, pipeline.score_items(units[0], None, pool))
    how = runner.Ranking.of(OPTIONS, doc)
    ranked = runner.ranked(doc, units[0], pool, scores, None, how).candidates
    assert [c.edits for c in ranked] == [c.edits for c in corrected.candidates]


def test_a_correction_that_adds_a_token_with_and_without_a_focus(model):
    text = "For example we recieve it.\n"
    doc = ParsedText.parse(text, SPELLING)
    (unit,) = pipeline.units(doc, model.vocab)
    assert unit.tokens == ("For", "example", ",", "we", "receive", "it", ".")
    assert len(pipeline.focus_ids(doc, unit, (0, 0))) == len(unit.tokens)
    for focus in (None, (text.index("we"), text.index("we"))):
        (found,), _ = runner.repair(model, doc, focus, OPTIONS)  # decodes with the focus
        assert found.candidates  # the toy model's own rewrites may outrank the correction
        (pool,) = pipeline.unit_candidates(doc, unit, [], OPTIONS, focus, model.vocab)
        assert apply_edits(text, pool.edits) == "For example, we receive it.\n"
        assert [(e.start, e.end, e.new_text) for e in pool.edits] == [
            (11, 11, ","),
            (15, 22, "receive"),
        ]


def test_a_label_keeps_the_case_of_its_first_word():
    doc = ParsedText.parse("help: Prints out the names of available commands.\n", PLAINTEXT)
    (unit,) = pipeline.units(doc, ())
    assert unit.tokens == written(unit)  # the corrector leaves it too
    assert not PLAINTEXT.still_parses(unit, "Help: Prints out the names of available commands.")
    assert PLAINTEXT.still_parses(unit, "help: Prints out the names of the available commands.")


def test_a_repair_that_drops_a_negation_is_not_offered():
    """The rule NEGATION_KEPT: "won't" -> "will" inverts the sentence; a repair that keeps
    the negation in another form, or fixes a word beside it, passes."""
    doc = ParsedText.parse("It won’t recieve it, and we can not stop.\n", PLAINTEXT)
    (unit,) = pipeline.units(doc, ())
    assert PLAINTEXT.still_parses(unit, "It won’t receive it, and we cannot stop.")
    assert PLAINTEXT.still_parses(unit, "It will not receive it, and we can not stop.")
    assert not PLAINTEXT.still_parses(unit, "It will receive it, and we can not stop.")
    assert not PLAINTEXT.still_parses(unit, "It won’t receive it, and we can stop.")
    assert prose.keeps_negations(["never"], ["not", "ever"])
    assert not prose.keeps_negations(["Never"], ["ever"])


def test_a_repair_that_changes_the_number_of_a_word_after_an_option_is_not_offered():
    """The rule OPTION_NOUN_KEPT: ssh(1)'s ``multiple -i options`` got ``option``, the
    option's letter read as a pronoun; the number of a word after another word, or after a
    dash glued to a word (``man -kind``), may still change, and so may the option's word."""
    doc = ParsedText.parse("Use multiple -i options and two option.\n", PLAINTEXT)
    (unit,) = pipeline.units(doc, ())
    assert PLAINTEXT.still_parses(unit, "Use multiple -i options and two options.")
    assert not PLAINTEXT.still_parses(unit, "Use multiple -i option and two option.")
    assert not PLAINTEXT.still_parses(unit, "Use multiple -i optionss and two option.")
    assert PLAINTEXT.still_parses(unit, "Use multiple -i flags and two option.")
    words = tokenize("a well -known options list")
    assert prose.keeps_option_nouns(words, ["a", "well", "-", "known", "option", "list"])


def test_a_repair_that_drops_a_name_is_not_offered():
    """The rule NAME_KEPT: Commons Lang's README, ``the central Maven repositories``, got
    ``managed`` (86%); a name may change its case (a learner's ``the School``) or be respelt,
    and a capital that starts a sentence, follows a colon or is ``I`` makes no name."""
    doc = ParsedText.parse(
        "Alternatively you can pull it from the central Maven Repo.\n", PLAINTEXT
    )
    (unit,) = pipeline.units(doc, ())
    assert not PLAINTEXT.still_parses(
        unit, "Alternatively, you can pull it from the central managed Repo."
    )
    assert not PLAINTEXT.still_parses(unit, "Alternatively, you can pull it from the central Repo.")
    assert PLAINTEXT.still_parses(
        unit, "Alternatively, you can pull it from the central maven repo."
    )
    assert PLAINTEXT.still_parses(
        unit, "Alternatively, you can pull it from the central Maven Repos."
    )
    assert PLAINTEXT.still_parses(unit, "You can pull it from the central Maven Repo.")
    words = tokenize("Later, I think: Then we go to Paris and Londn, and I'm done.")
    assert prose._names(words) == {"paris": 1, "londn": 1}
    new = ["Later", ",", "I", "believe", ":", "we", "go", "to", "Paris", "and", "London", "."]
    assert prose.keeps_names(words, new)
    assert not prose.keeps_names(words, new[:8] + ["Rome"] + new[9:])
    go = tokenize("It is written in Go and C.")
    assert not prose.keeps_names(go, ["It", "is", "written", "in", "to", "and", "C", "."])


def test_a_repair_that_ends_one_more_clause_with_to_is_not_offered():
    """``it's optional in the config file too.`` got ``file to.`` first (89%): ``to`` for
    ``too`` before a clause's end; a sentence that ended with ``to`` as written may keep it."""
    doc = ParsedText.parse("Its optional in the config file too.\n", PLAINTEXT)
    (unit,) = pipeline.units(doc, ())
    assert PLAINTEXT.still_parses(unit, "It's optional in the config file too.")
    assert not PLAINTEXT.still_parses(unit, "It's optional in the config file to.")
    doc = ParsedText.parse("Run it if you want to, or skip it.\n", PLAINTEXT)
    (unit,) = pipeline.units(doc, ())
    assert PLAINTEXT.still_parses(unit, "Run it if you want to, or skip it.")
    assert prose.stranded_to(["want", "to", ",", "and", "to"]) == 2
    assert prose.stranded_to(["to", "go", "."]) == 0


def test_a_word_the_document_uses_three_times_is_a_term():
    """A word outside the lexicon that the document uses three times is left as written by
    the corrector and by every repair; used twice, it is respelt."""
    term = "Colorspace matters. Set the colorspace first. The colorspace is RGB.\n"
    doc = ParsedText.parse(term, PLAINTEXT)
    assert prose.terms(doc.parsed, prose.shared_lexicon()) == {"colorspace"}
    units = pipeline.units(doc, ())
    assert [u.tokens == written(u) for u in units] == [True, True, True]
    assert not PLAINTEXT.still_parses(units[1], "Set the color space first.")
    plural = ParsedText.parse("A colorspace here. Two colorspaces there. Colorspaces.\n", PLAINTEXT)
    assert prose.terms(plural.parsed, prose.shared_lexicon()) == {"colorspace", "colorspaces"}
    twice = ParsedText.parse("We recieve it. They recieve it too.\n", PLAINTEXT)
    assert "receive" in pipeline.units(twice, ())[0].tokens
    far = "The colorspace is set. " + "We hold it here. " * 250 + "Colorspace. A colorspace.\n"
    assert prose.terms(ParsedText.parse(far, PLAINTEXT).parsed, prose.shared_lexicon()) == set()
    near = "The colorspace is set. " + "We hold it here. " * 240 + "Colorspace. A colorspace.\n"
    assert prose.terms(ParsedText.parse(near, PLAINTEXT).parsed, prose.shared_lexicon()) == {
        "colorspace"
    }


def test_the_names_of_html_are_terms_once_used():
    """An HTML element or attribute that the lexicon lacks is a term of any document that uses
    it once (jsoup's change log, ``around thead, tbody, and tfoot``, got ``thread, body, and
    foot``); one that is an English word (``form``, ``table``) is not, and stays correctable."""
    text = "It handles thead, tbody, and tfoot in a table form with an href.\n"
    doc = ParsedText.parse(text, PLAINTEXT)
    assert prose.terms(doc.parsed, prose.shared_lexicon()) == {"thead", "tbody", "tfoot", "href"}
    (unit,) = pipeline.units(doc, ())
    assert unit.tokens == written(unit)
    assert {"form", "table", "a"} <= prose.markup_words()  # in the list, but words


def test_the_negation_of_contractions_is_no_term():
    """``n't``, written three times (``don't``, ``doesn't``, ``didn't``), is no term of the
    document: a later ``cant`` still gets its apostrophe (JFLEG dev as one file, where the
    learners write ``do n't`` often, left ``we cant stay`` as written)."""
    text = "I don't know. He doesn't care. They didn't go. We cant stay.\n"
    doc = ParsedText.parse(text, PLAINTEXT)
    assert prose.terms(doc.parsed, prose.shared_lexicon()) == set()
    last = pipeline.units(doc, ())[3]
    assert PLAINTEXT.still_parses(last, "We can't stay.")


def test_the_items_of_a_list_of_names_are_kept():
    """coreutils' NEWS, ``df now recognizes these file systems as remote: acfs, coda, fhgfs,
    gpfs, ibrix, ocfs2, and vxfs.``, got ``acts`` and ``ibid`` (>99%): a list with an item no
    English word's typo (no vowel, or a digit) is a list of names. A learner's list of typos,
    and two names, are not."""
    names = "Remote file systems: acfs, coda, fhgfs, gpfs, ibrix, ocfs2, and vxfs.\n"
    (unit,) = pipeline.units(ParsedText.parse(names, PLAINTEXT), ())
    assert {"acfs", "ibrix", "coda"} <= unit.terms
    assert unit.tokens == written(unit)
    typos = "I like aple, banan and oranje.\n"
    (unit,) = pipeline.units(ParsedText.parse(typos, PLAINTEXT), ())
    assert not {"aple", "banan", "oranje"} & unit.terms
    assert "banana" in unit.tokens  # (respelt: no term)
    two = ParsedText.parse("It runs on gpfs and acfs.\n", PLAINTEXT)
    assert "acfs" not in pipeline.units(two, ())[0].terms


def test_harpers_spelling_keeps_a_part_of_a_term():
    """pango's NEWS: its term ``pango-view`` got ``pang-view``, Harper's SpellCheck linting
    the part ``pango`` alone, which is no term. A part of a term (or of a user's word) is kept;
    outside any term it is respelt."""
    tokens = ("Use", "the", "pango-view", "tool", "here", ".")
    assert PLAINTEXT.spell(tokens, frozenset({"pango-view"})) == tokens
    assert PLAINTEXT.spell(tokens, frozenset())[2] == "pang-view"


def test_a_term_that_harpers_precise_rules_correct_is_corrected():
    """``alot`` used three times is a term, but Harper's precise rules write ``a lot``: the
    corrected sentence keeps its other corrections and is offered (a term it keeps is not)."""
    doc = ParsedText.parse("We had alot of fun.\nAlot of it.\nI have alot of tiem.\n", PLAINTEXT)
    assert prose.terms(doc.parsed, prose.shared_lexicon()) == {"alot"}
    unit = pipeline.units(doc, ())[2]
    assert unit.tokens == ("I", "have", "a", "lot", "of", "time", ".")
    assert PLAINTEXT.still_parses(unit, "I have a lot of time.")


def test_each_kind_of_candidate_has_its_floor():
    """Bars: the beam searches a sentence the corrector changed (or any, without a corrector),
    not one it left as written; a Harper suggestion, a homophone swap and the beam's rewrite
    each have their own floor."""
    bars = prose.Bars(beam=1.5, harper=2.0, homophone=5.0)
    front = ProseFrontend("plaintext", frozenset(), (".txt",), markdown=False, bars=bars)
    assert isinstance(front, Floors) and not isinstance(JavaFrontend(), Floors)
    text = "They lose there file.\n\nWe bought apples, pears and plums.\n\nWe recieve it.\n"
    swap, harper, corrected = pipeline.units(ParsedText.parse(text, front), ())
    assert [front.searched(u) for u in (swap, harper, corrected)] == [False, False, True]
    alone = ProseFrontend("plaintext", frozenset(), (), markdown=False, spelling=None)
    assert alone.searched(pipeline.units(ParsedText.parse(text, alone), ())[0])
    assert front.min_ratio_of(swap, ("They", "loose", "there", "file", ".")) == 5.0
    # Harper suggests "their" too: a Harper suggestion, first
    assert front.min_ratio_of(swap, ("They", "lose", "their", "file", ".")) == 2.0
    assert front.min_ratio_of(swap, ("They", "lost", "there", "file", ".")) == math.inf
    oxford = ("We", "bought", "apples", ",", "pears", ",", "and", "plums", ".")
    assert front.min_ratio_of(harper, oxford) == 2.0
    assert front.min_ratio_of(corrected, ("We", "received", "it", ".")) == 1.5


def test_the_ratio_floor_of_a_kind_drops_what_the_one_floor_keeps():
    """A homophone swap twice as likely as the sentence: under the shipped floor of its kind
    (5) it is not offered; a ratio the user sets (--min-ratio 1) floors every kind alike."""
    doc = ParsedText.parse("They lose there file.\n", PLAINTEXT)
    (unit,) = pipeline.units(doc, ())
    tokens = ("They", "loose", "there", "file", ".")
    swap = Candidate((TextEdit(5, 9, "loose"),), "t", 0.0, -1.0 + math.log(2), 0, 21, "", tokens)
    assert runner.ratio_floor(unit, [swap], 1.0, -1.0, PLAINTEXT) == []
    assert runner.ratio_floor(unit, [swap], 1.0, -1.0) == [swap]
    assert runner.Ranking.of(RepairOptions(), doc).floors is PLAINTEXT
    assert runner.Ranking.of(RepairOptions(min_ratio=1.0), doc).floors is None


def test_a_corrected_sentence_gets_harpers_spelling_too():
    """Harper's SpellCheck respells a word the channel leaves (imidiatly) only in a sentence
    the corrector changed (here: the comma after Therefore), never a user's word."""
    text = "Therefore I brought a car imidiatly .\n\nI brought a car imidiatly .\n"
    changed, alone = pipeline.units(ParsedText.parse(text, PLAINTEXT), ())
    assert changed.tokens == ("Therefore", ",", "I", "brought", "a", "car", "immediately", ".")
    assert alone.tokens == written(alone)
    mine = ProseFrontend(
        "plaintext", frozenset(), (), markdown=False, words=frozenset({"imidiatly"})
    )
    kept, _ = pipeline.units(ParsedText.parse(text, mine), ())
    assert kept.tokens == ("Therefore", ",", "I", "brought", "a", "car", "imidiatly", ".")


def test_a_name_the_document_writes_in_lower_case_is_not_capitalised():
    """pip starts two sentences in lower case and none capitalised: the writer's name, kept;
    "the" starts one capitalised as well: capitalised."""
    text = "pip supports VCS.\n\npip looks at it.\nthe cat ran.\nthe dog ran.\nThe end.\n"
    doc = ParsedText.parse(text, PLAINTEXT)
    assert prose.lower_case_names(doc.parsed) == {"pip"}
    firsts = [u.tokens[0] for u in pipeline.units(doc, ())]
    assert firsts == ["pip", "pip", "The", "The", "The"]
    once = ParsedText.parse("pip supports VCS.\n\nIt looks at it.\n", PLAINTEXT)
    assert [u.tokens[0] for u in pipeline.units(once, ())] == ["Pip", "It"]
    # one start in lower case, and written in lower case three times more, never capitalised
    # (python-pip's README.Debian: "pip on Debian is a crazy mess ..." got "Pip")
    # (a careful writer's, and seldom in the documentation the lexicon counts: "someone",
    # written so three times, is capitalised)
    lexicon = prose.shared_lexicon()
    debian = "pip on Debian is a mess.\n\nIt runs pip in a venv, and pip runs the pip there.\n"
    doc = ParsedText.parse(debian, PLAINTEXT)
    assert prose.always_lower(doc.parsed, lexicon) == {"pip"}
    assert [u.tokens[0] for u in pipeline.units(doc, ())] == ["pip", "It"]
    twice = "pip on Debian is a mess.\n\nIt runs pip in a venv, and Pip runs the pip there.\n"
    assert prose.always_lower(ParsedText.parse(twice, PLAINTEXT).parsed, lexicon) == set()
    learner = debian.replace("pip", "someone")
    doc = ParsedText.parse(learner, PLAINTEXT)
    assert prose.always_lower(doc.parsed, lexicon) == set()
    assert [u.tokens[0] for u in pipeline.units(doc, ())] == ["Someone", "It"]
    # a careless writer's (slips around it) is capitalised
    slips = "We recieve it.\nThey beleive it.\nIt is a litle late.\n"
    doc = ParsedText.parse(slips + debian, PLAINTEXT)
    assert [u.tokens[0] for u in pipeline.units(doc, ())][3:] == ["Pip", "It"]
    # a heading in capitals is neither (zlib's README: ZLIB DATA COMPRESSION LIBRARY)
    caps = "ZLIB DATA COMPRESSION LIBRARY\n\nzlib is a library.\n\nzlib is fast.\n"
    assert prose.lower_case_names(ParsedText.parse(caps, PLAINTEXT).parsed) == {"zlib"}
    # a name started capitalised once may still be the writer's lower-case name (tar(1): 18
    # lines of its synopsis start with "tar", one sentence with "Tar exit code")
    tar = "tar -c file here\n\ntar -x file here\n\ntar -t file here\n\nTar exits with 0.\n"
    assert prose.lower_case_names(ParsedText.parse(tar, PLAINTEXT).parsed) == {"tar"}
    # a command's name opening its command lines, which are code (find(1): ten, one sentence
    # opened by "Find compares" and one by "find exits": got "Find exits")
    find = "".join(f"       find . -name '*.{k}' -print\n\n" for k in "abc")
    find += "       Find compares it.\n\n       find exits with status 0.\n"
    doc = ParsedText.parse(find, PLAINTEXT)
    assert len(doc.parsed.code) == 3
    assert prose.lower_case_names(doc.parsed) == {"find"}
    assert [u.tokens[0] for u in pipeline.units(doc, ())] == ["Find", "find"]
    # "I" is capitalised, not in capitals: a learner's "i" stays a word to capitalise
    learner = "i think so.\n\ni go home.\n\nI am here.\n"
    doc = ParsedText.parse(learner, PLAINTEXT)
    assert prose.lower_case_names(doc.parsed) == set()
    assert [u.tokens[0] for u in pipeline.units(doc, ())] == ["I", "I", "I"]


def test_a_name_the_document_writes_in_lower_case_only_is_a_term():
    """dpkg's README.feature-removal-schedule writes ``perl`` six times, never ``Perl``, and
    got ``Perl`` in each sentence (>99%): a name the lexicon capitalises, written in lower case
    three times near each other and never capitalised, is the writer's spelling. Twice, or
    capitalised once, it is not."""
    lexicon = prose.shared_lexicon()
    assert "perl" in lexicon.proper
    thrice = "The perl modules load. We moved to perl modules. Then perl reads them.\n"
    doc = ParsedText.parse(thrice, PLAINTEXT)
    assert "perl" in prose.terms(doc.parsed, lexicon)
    assert all("Perl" not in u.tokens for u in pipeline.units(doc, ()))
    twice = "The perl modules load. We moved to perl modules. Then it reads them.\n"
    doc = ParsedText.parse(twice, PLAINTEXT)
    assert "perl" not in prose.terms(doc.parsed, lexicon)
    assert [u.tokens.count("Perl") for u in pipeline.units(doc, ())] == [1, 1, 0]
    capitalised = "Perl is old. " + thrice
    doc = ParsedText.parse(capitalised, PLAINTEXT)
    assert "perl" not in prose.terms(doc.parsed, lexicon)
    assert [u.tokens.count("Perl") for u in pipeline.units(doc, ())] == [1, 1, 1, 1]


@pytest.mark.parametrize(
    ("sentence", "first"),
    [
        ("date +'%-N' now suppresses excess digits.", "date"),  # coreutils' NEWS: Date
        ("struct gcry_kdf_thread_ops is a new struct.", "struct"),  # libgcrypt's: Struct
        ("ls -l now lists the files.", "ls"),
        ("then - as we said - it stops.", "Then"),  # a dash between spaces
        ("then it stops.", "Then"),
    ],
)
def test_a_command_opening_a_sentence_keeps_its_case(sentence: str, first: str):
    """A sentence's first word followed by code (a code token, or an operator or a dash glued
    to what follows it) is a command's name or a keyword, its case the writer's."""
    (unit,) = pipeline.units(ParsedText.parse(sentence + "\n", PLAINTEXT), ())
    assert unit.tokens[0] == first


def test_words_the_document_writes_as_code_are_its_terms():
    """A word outside the lexicon that the document writes in code (inline code, a code
    block), glued to a slash (``nodejs/node``, ``GLibC/Musl``) or after an option's dash
    (``-lpthread``, ``--with-editline``) is a name: never respelt (the false alarms ``meson``
    -> ``mason``, ``nodejs`` -> ``nodes``, ``Musl`` -> ``Must``, ``lpthread`` -> ``pthread``,
    ``editline`` -> ``edit line`` in bc's README); a word outside the lexicon written nowhere
    as code still is. (``nodejs`` is now code itself, a name in -js: ``libuv`` takes its
    place.)"""
    text = (
        "The meson build is fast.\n\nRun `meson configure` first.\n\n"
        "Push it to libuv/node now.\n\nLink with -lpthread on GCC/Clang/GLibC/Musl here.\n\n"
        "We recieve it.\n\n--with-editline uses the editline library.\n"
    )
    doc = ParsedText.parse(text, MARKDOWN)
    found = {"meson", "libuv", "musl", "lpthread", "editline"}
    assert prose.technical_words(doc.parsed) >= found
    assert found <= prose.terms(doc.parsed, prose.shared_lexicon())
    units = pipeline.units(doc, ())
    assert [u.tokens == written(u) for u in units] == [True, True, True, True, False, True]
    assert units[4].tokens == ("We", "receive", "it", ".")
    block = "Installing it follows the meson dance:\n\n  meson builddir\n  ninja install\n"
    assert "meson" in prose.terms(ParsedText.parse(block, PLAINTEXT).parsed, prose.shared_lexicon())
    # (not meson: Harper's dictionary holds it, so it is no longer respelt at all)
    once = ParsedText.parse("The musl build is fast.\n", PLAINTEXT)
    assert pipeline.units(once, ())[0].tokens != written(pipeline.units(once, ())[0])


def test_a_name_written_as_code_starts_a_sentence_in_lower_case():
    """``configure will look ...`` once, with ``./configure`` in code (man-db's README), and
    ``systemd depends on ...`` with ``src/systemd`` (systemd's): commands kept in lower case,
    not capitalised; a word the document never writes as code starts once: capitalised."""
    text = "configure will look for it.\n\nRun `./configure` first.\n\nthe end is near.\n"
    doc = ParsedText.parse(text, MARKDOWN)
    assert prose.lower_case_names(doc.parsed, prose.technical_words(doc.parsed)) == {"configure"}
    firsts = [u.tokens[0] for u in pipeline.units(doc, ())]
    assert firsts == ["configure", "Run", "The"]


def test_a_name_written_as_code_is_not_capitalised_anywhere():
    """``debian`` of ``the debian/ directory`` (ca-certificates' README) is the writer's
    lower-case name though the lexicon capitalises it (Lexicon.proper): a term, kept in every
    sentence; in a document that never writes it as code it is capitalised."""
    text = "Edit the files under the debian/ directory.\n\nThe debian maintainer helps.\n"
    doc = ParsedText.parse(text, MARKDOWN)
    assert "debian" in prose.terms(doc.parsed, prose.shared_lexicon())
    assert all(u.tokens == written(u) for u in pipeline.units(doc, ()))
    (unit,) = pipeline.units(ParsedText.parse("The debian maintainer helps.\n", MARKDOWN), ())
    assert "Debian" in unit.tokens


def test_a_name_in_emphasis_starts_a_sentence_in_lower_case():
    """``**polkit** uses ...`` and ``polkit is ...`` start two sentences with the name in lower
    case (the emphasis markers are not its first word): kept, not capitalised."""
    text = "**polkit** uses it.\n\npolkit is a toolkit.\n"
    doc = ParsedText.parse(text, MARKDOWN)
    assert prose.lower_case_names(doc.parsed) == {"polkit"}
    assert [u.tokens == written(u) for u in pipeline.units(doc, ())] == [True, True]


def test_the_corrector_leaves_code_and_link_targets_as_written():
    """A corrected sentence is laid out and linted again (Harper's precise rules and spelling):
    its link target stays glued to the link text, so it is still one code token, and no
    suggestion inside code is made (``devel-docs`` -> ``devil-docs``, ``ncu-ci``); before,
    the split link target made every repair of the sentence unacceptable."""
    source = "Therefore we visit the [roadmap](devel-docs/roadmap.md) and `ncu-ci` imidiatly.\n"
    (unit,) = pipeline.units(ParsedText.parse(source, MARKDOWN), ())
    assert unit.tokens == (
        "Therefore", ",", "we", "visit", "the", "[", "roadmap", "]", "(devel-docs/roadmap.md)",
        "and", "`ncu-ci`", "immediately", ".",
    )  # fmt: skip
    fixed = "Therefore, we visit the [roadmap](devel-docs/roadmap.md) and `ncu-ci` immediately."
    assert MARKDOWN.still_parses(unit, fixed)


def test_a_word_the_document_capitalises_twice_is_a_name():
    """``Punycode`` twice in libidn2's README (a sentence's first word, a link's text) was
    respelt ``Unicode``: a word outside the lexicon written capitalised twice within the
    window is a name; once, at a sentence's start, it is still respelt."""
    text = "Punycode is an encoding.\n\nWe use [Punycode](https://x.org/rfc3492) here.\n"
    doc = ParsedText.parse(text, MARKDOWN)
    assert "punycode" in prose.terms(doc.parsed, prose.shared_lexicon())
    assert all(u.tokens == written(u) for u in pipeline.units(doc, ()))
    once = ParsedText.parse("Becouse it rains, we stay.\n", PLAINTEXT)
    assert pipeline.units(once, ())[0].tokens[0] == "Because"


def test_a_list_item_opened_by_a_letter_is_not_capitalised():
    """The Artistic License: ``c) rename any non-standard executables ...`` got ``C)`` at
    >99%, as ``1) rename`` never did."""
    items = "    c) rename any non-standard executables so the names do not conflict.\n"
    (unit,) = pipeline.units(ParsedText.parse(items, PLAINTEXT), ())
    assert unit.tokens == written(unit)


def test_a_code_word_with_an_ending_is_a_term():
    """``fuzzers`` in libidn2's README, whose link target says ``fuzz``, was respelt
    ``fuzzes``: a word outside the lexicon that is a code word of the document (of 4 letters
    or more) with an ending (``s``, ``ers``, ``ing``, ...) is a term; without the code word it
    is still spelt right, the agent noun of a word the lexicon counts rarely (``fuzz``, 16
    times: :func:`~spancopy_core.repair.prose.derived_words`), and a misspelling beside it
    respelt."""
    text = "See [the report](https://x.org/fuzz-coverage/).\n\nOur fuzzers run daily.\n"
    doc = ParsedText.parse(text, MARKDOWN)
    assert "fuzzers" in prose.terms(doc.parsed, prose.shared_lexicon())
    assert all(u.tokens == written(u) for u in pipeline.units(doc, ()))
    alone = ParsedText.parse("Our fuzzers recieve input.\n", MARKDOWN)
    assert pipeline.units(alone, ())[0].tokens == ("Our", "fuzzers", "receive", "input", ".")
    # its last consonant doubled before the ending: find(1)'s "statted" of its tag "stat"
    # (a field of its debug options, beside its description) got "started"
    page = (
        "              stat   Print messages as files are examined with the stat system call.\n\n"
        "       After it has statted 2 fewer subdirectories, it knows the rest.\n"
    )
    doc = ParsedText.parse(page, PLAINTEXT)
    assert "statted" in prose.terms(doc.parsed, prose.shared_lexicon())
    assert all(u.tokens == written(u) for u in pipeline.units(doc, ()))


def test_the_rest_of_a_sentence_after_a_code_block_is_not_capitalised():
    """Tcl's README: ``... for example`` / a command in a code block / ``to print Tcl.n to
    PDF.``; the corrector capitalised ``to``, the start of the rest of the sentence, and so
    did Harper's SentenceCapitalization. A paragraph in lower case after no code block is
    still capitalised."""
    text = (
        "Invoke troff, for example\n\n\t\tgroff -man -Tpdf Tcl.n >output.pdf\n\n"
        "to print Tcl.n to PDF.\n\nthe end is near.\n"
    )
    doc = ParsedText.parse(text, MARKDOWN)
    rest, end = pipeline.units(doc, ())[1:]
    assert prose.after_code(doc.parsed, doc.parsed.sentences[1])
    assert rest.tokens == written(rest)
    assert not MARKDOWN.still_parses(rest, "To print Tcl.n to PDF.")  # Harper's suggestion
    assert MARKDOWN.still_parses(rest, "to print Tcl.n as PDF.")
    assert end.tokens[0] == "The"
    # after a fenced block too (stack_data's description: ``` / "and then run the original
    # code ..." got "And")
    fenced = "To see it, change the code:\n\n```python\nfoo()\n```\n\nand then run it again.\n"
    doc = ParsedText.parse(fenced, MARKDOWN)
    assert [u.tokens[0] for u in pipeline.units(doc, ())] == ["To", "and"]


def test_the_rest_of_a_sentence_after_a_quotation_or_a_colon_is_not_capitalised():
    """procps' bugs.md: ``... from upstream git.`` / ``> git clone ...`` / ``and use `git
    format-patch` format.``: ``and`` got ``And`` (>99%); a quotation after ``... empty:`` got
    ``Nothing`` and a period. A paragraph in lower case after one that ends without a
    terminator continues its sentence; after a sentence's end or a heading it starts one."""
    text = (
        "Get the source.\n\n> git clone git@example.org:x/y.git\n\nand use `git am`.\n\n"
        "The list is empty:\n\n> nothing here\n\nbut you can add items.\n\n"
        "It works.\n\nthe end is near.\n\n# Usage\n\nrun it.\n"
    )
    doc = ParsedText.parse(text, MARKDOWN)
    units = pipeline.units(doc, ())
    firsts = [u.tokens[0] for u in units]
    assert firsts[2:] == ["and", "The", "nothing", "but", "It", "The", "Usage", "Run"]
    quoted = units[4]
    assert quoted.tokens == written(quoted)  # no capital, no period
    continued = [prose.after_code(doc.parsed, s) for s in doc.parsed.sentences]
    assert continued == [False, False, True, False, True, True, False, False, False, False]


def test_a_word_in_capitals_is_a_term():
    """tar-stream's README: ``It implements USTAR with ...`` got ``user`` for ``USTAR`` from
    the beam (85%): a word in capitals (an acronym, a constant) is the document's, kept as
    written; ``I`` is no such word."""
    source = "It implements USTAR with support for extended headers.\n"
    (unit,) = pipeline.units(ParsedText.parse(source, PLAINTEXT), ())
    assert "ustar" in unit.terms and "i" not in unit.terms
    assert not PLAINTEXT.still_parses(unit, "It implements user with support for extended headers.")
    assert PLAINTEXT.still_parses(unit, "It implements USTAR with support for extended header.")


def test_no_apostrophe_apart_from_its_words_is_written():
    """quickjs-emscripten's README: the beam's ``quick ' s-scripted`` for
    ``quickjs-emscripten`` was offered (>99%): a repair that writes an apostrophe between
    spaces, as the model's tokens split a clitic, is refused; one the sentence had is not
    counted against it."""
    source = "It is a build of quickjs-emscripten, and the debug build.\n"
    (unit,) = pipeline.units(ParsedText.parse(source, MARKDOWN), ())
    assert not MARKDOWN.still_parses(
        unit, "It is a build of quick ' s-scripted, and the debug build."
    )
    assert not MARKDOWN.still_parses(unit, "It is a build of quick ’ s, and the debug build.")
    assert MARKDOWN.still_parses(unit, "It is a build of quickjs-emscripten and the debug build.")
    quoted = "He said ' yes ' to it.\n"
    (unit,) = pipeline.units(ParsedText.parse(quoted, PLAINTEXT), ())
    assert PLAINTEXT.still_parses(unit, "He said ' yes ' to them.")


def test_plurals_of_words_the_lexicon_counts_rarely_are_spelt_right():
    """information and today are counted 50 times or more (PLURAL_EVIDENCE): they take no
    plural; family takes -ies, not -s."""
    counts = {"validator": 33, "distro": 8, "family": 5, "information": 1739, "today": 136}
    sentence = ["The", "validators", "and", "Distros", "informations", "todays", "familys", "the"]
    assert plurals(sentence, Lexicon({**counts, "the": 9})) == {"validators", "distros"}


def test_a_plural_of_a_rare_word_is_not_respelt_but_one_of_a_frequent_word_is():
    (unit,) = pipeline.units(ParsedText.parse("The validators and informations.\n", SPELLING), ())
    assert unit.tokens == (
        "The",
        "validators",
        "and",
        "information",
        ".",
    )


def test_words_glued_inside_a_word_by_punctuation_keep_their_case():
    assert glued_words(tokenize("tl;dr: it works, R&D and/or e.g. foo;")) == {"tl", "dr", "r", "d"}
    assert glued_words(tokenize("_tl;dr: it works._")) == {"dr"}  # _tl is code
    # a package's wildcard (JUnit's coding style, a plain-text list of imports)
    assert glued_words(tokenize("import java.* then javax.*")) == {"java", "javax"}
    assert glued_words(tokenize("It ends. * A list")) == set()
    (unit,) = pipeline.units(ParsedText.parse("import java.*\n", SPELLING), ())
    assert unit.tokens[1:] == ("java", ".", "*")
    (unit,) = pipeline.units(ParsedText.parse("tl;dr: the build is reproducible.\n", SPELLING), ())
    assert unit.tokens == (
        "tl",
        ";",
        "dr",
        ":",
        "the",
        "build",
        "is",
        "reproducible",
        ".",
    )


def test_words_made_of_words_the_lexicon_counts_rarely_are_spelt_right():
    """With a prefix: introduced and allocates are counted fewer than PREFIX_EVIDENCE times;
    ability more often (unability: inability), cods never (recods: records), till is a
    function word. Agent nouns: render is counted fewer than PLURAL_EVIDENCE times, costume
    too, but man (maner: manner) and small (smallers) more often."""
    counts = {"introduced": 125, "allocates": 13, "ability": 900, "cods": 0, "till": 39}
    sentence = ["It", "reintroduced", "Preallocates", "unability", "recods", "untill", "the"]
    assert derived_words(sentence, Lexicon({**counts, "the": 9})) == {
        "reintroduced",
        "preallocates",
    }
    counts = {"render": 12, "costume": 3, "man": 806, "mane": 2, "small": 324, "imp": 0}
    sentence = ["renderers", "Renderer", "costumer", "maner", "smallers", "imper"]
    assert derived_words(sentence, Lexicon(counts)) == {"renderers", "renderer", "costumer"}
    # a verb in -ize names a tool at any count (docs/design.md: "initializer" -> "initialized")
    counts = {"initialize": 70, "normalise": 900, "size": 900}
    sentence = ["initializer", "normalisers", "sizer"]
    assert derived_words(sentence, Lexicon(counts)) == {"initializer", "normalisers"}
    # a British spelling of a word in -ize (jsoup's commits: "tokeniser" -> "tokenizer")
    counts = {"tokenizer": 300, "normalization": 40}
    sentence = ["tokeniser", "normalisation", "tokenisre"]
    assert derived_words(sentence, Lexicon(counts)) == {"tokeniser", "normalisation"}
    # -able adjectives (docs/training.md: "resumable" was respelt "presumable"); merge is
    # counted as often as a word whose -able form the lexicon would list
    counts = {"resume": 54, "parse": 97, "merge": 581}
    sentence = ["resumable", "parseable", "mergeable", "able"]
    assert derived_words(sentence, Lexicon(counts)) == {"resumable", "parseable"}
    # -less adjectives of a noun counted at any count (jsoup's log: "hostless" -> "hostess");
    # not of a word of 3 letters ("hopless" is "hopeless" misspelt) nor of none
    counts = {"host": 900, "server": 40, "hop": 5, "hope": 50, "xyz": 0}
    sentence = ["hostless", "Serverless", "hopless", "xyzless", "less"]
    assert derived_words(sentence, Lexicon(counts)) == {"hostless", "serverless"}
    # re before a word of 4 letters or more, at any count (jsoup's log: "recode" -> "decode");
    # not where no word is left (recods, recieve)
    counts = {"code": 1710, "link": 640, "cods": 0, "ceive": 0}
    sentence = ["recode", "Relink", "recods", "recieve", "reed"]
    assert derived_words(sentence, Lexicon(counts)) == {"recode", "relink"}


@pytest.mark.parametrize(
    "sentence",
    [
        "The patch reintroduced the old behaviour of the loader.",
        "The hashtable maps each key to its bucket.",
        "The renderer draws to an offscreen buffer first.",
        "It is the de facto standard.",
        "The size is not known a priori by the caller.",
    ],
)
def test_derived_words_compounds_and_latin_phrases_are_not_respelt(sentence: str):
    (unit,) = pipeline.units(ParsedText.parse(sentence + "\n", SPELLING), ())
    words = [w.lower() for w in unit.tokens]
    for word in ("reintroduced", "hashtable", "renderer", "offscreen", "facto", "priori"):
        assert (word in sentence) == (word in words), unit.tokens


def test_the_words_of_a_latin_phrase_are_terms_the_model_keeps():
    (unit,) = pipeline.units(ParsedText.parse("It is the de facto standard.\n", SPELLING), ())
    assert {"de", "facto"} <= unit.terms


def test_a_coinage_the_corrector_keeps_is_a_term_the_model_keeps():
    """In general the usecase ...: the corrector adds a comma, so the beam searches the sentence and
    respelt usecase (usage); in a careless writer's sentence with a misspelling the compound is
    split, no term; a careful writer's keeps it (a split is no respelling one edit away)."""
    text = "In general the usecase shows why the renderer matters.\n\nThe hashtable is importent.\n"
    kept, careful = pipeline.units(ParsedText.parse(text, SPELLING), ())
    assert kept.tokens[:5] == ("In", "general", ",", "the", "usecase")
    assert {"usecase", "renderer"} <= kept.terms
    assert careful.tokens == ("The", "hashtable", "is", "important", ".")
    learner = "We recieve it.\nThey beleive it.\nIt is a litle late.\nThe hashtable is importent.\n"
    split = pipeline.units(ParsedText.parse(learner, SPELLING), ())[-1]
    assert split.tokens == ("The", "hash", "table", "is", "important", ".")
    assert "hashtable" not in split.terms


def test_the_layout_of_comment_prose_is_learnt_from_the_comments():
    """Code spaced before its commas (``f(a , b)``) does not make a comment's repairs spaced;
    comments written the Penn Treebank way do."""
    calls = "".join(f"        f(a{k} , b , c) ;\n" for k in range(12))
    source = f"class A {{\n    // It is one , and it works .\n    void m() {{\n{calls}    }}\n}}\n"
    assert learn_style(source).spaced
    assert not JAVA_COMMENTS.style(JAVA_COMMENTS.parse(source)).spaced
    spaced = "".join(f"    // Line {k} , as the corpus writes it .\n" for k in range(6))
    assert JAVA_COMMENTS.style(JAVA_COMMENTS.parse(f"class A {{\n{spaced}}}\n")).spaced


def test_a_careless_writers_sentences_get_harpers_spelling_too():
    """Where the sentences around have slips the channel sees (prose.careless), a word both
    dictionaries lack is respelt by Harper in a sentence the channel leaves as written
    (``sofisticated``); in a document without such slips it is left for the writer."""
    assert prose.careless([True, True, True], 2)
    assert not prose.careless([True, True, False], 2)  # fewer than CARELESS_SLIPS
    assert prose.careless([True], 0) and prose.careless([True, True], 1)  # a short text: all
    assert not prose.careless([True, False], 0) and not prose.careless([False], 0)
    many = [True] * 3 + [False] * 18  # 3 of the 21 around: under CARELESS_SHARE
    assert not prose.careless(many, 10) and prose.careless([True, *many], 10)
    last = "They make more sofisticated tools.\n"
    learner = "We recieve it.\nThey beleive it.\nIt is a litle late.\n" + last
    edited = "We receive it.\nThey believe it.\nIt is a little late.\n" + last
    units = pipeline.units(ParsedText.parse(learner, PLAINTEXT), ())
    assert units[-1].tokens == ("They", "make", "more", "sophisticated", "tools", ".")
    at = len(learner) - 3
    (alone,) = pipeline.units(ParsedText.parse(learner, PLAINTEXT), (), (at, at))
    assert alone.tokens == units[-1].tokens  # asked at the sentence: the same
    units = pipeline.units(ParsedText.parse(edited, PLAINTEXT), ())
    assert units[-1].tokens == written(units[-1])


def test_a_careful_writer_gets_only_the_respellings_one_edit_away():
    """In well-edited text a word two edits from a word is a name or a term more often than a
    slip (bench/prose_false_alarms.py: ``mypy`` -> ``may``, ``conda`` -> ``code``,
    ``lossage`` -> ``message``, ``manylinux`` -> ``many Linux``): the channel respells it
    only in a careless writer's sentences (prose.careless); one edit away, in any."""
    last = "We need acomodation for them.\n"
    learner = "We recieve it.\nThey beleive it.\nIt is a litle late.\n" + last
    edited = "We receive it.\nThey believe it.\nIt is a little late.\n" + last
    units = pipeline.units(ParsedText.parse(learner, PLAINTEXT), ())
    assert units[-1].tokens == ("We", "need", "accommodation", "for", "them", ".")
    units = pipeline.units(ParsedText.parse(edited, PLAINTEXT), ())
    assert units[-1].tokens == written(units[-1])
    (unit,) = pipeline.units(ParsedText.parse("It is availible at the site.\n", PLAINTEXT), ())
    assert unit.tokens == ("It", "is", "available", "at", "the", "site", ".")


def test_the_commands_of_perfs_tips_are_not_respelt():
    """perf's tips.txt, a sentence and a command on each line: six findings, none right
    (``dso`` -> ``dsa``, ``evlist`` -> ``enlist``, ``srcline`` -> ``saline``, ``mem`` -> ``men``
    after ``try:``; ``+brstackinsn`` -> ``brackish`` after an option's plus; ``(mis)predictions``
    -> ``miss``, a prefix in parentheses)."""
    tips = (
        "For a higher level overview, try: perf report --sort comm,dso\n"
        "To see list of saved events and attributes: perf evlist -v\n"
        "Profiling branch (mis)predictions with: perf record -b / perf report\n"
        "To show assembler sample contexts use perf record -b / perf script -F +brstackinsn --xed\n"
        "If you have debuginfo enabled, try: perf report -s sym,srcline\n"
        "For memory address profiling, try: perf mem record / perf mem report\n"
        'Git status learned "-s(hort)" output format.\n'  # (git's: hort got short)
    )
    units = pipeline.units(ParsedText.parse(tips, PLAINTEXT), ())
    assert len(units) >= 5  # (two lines may read as one sentence: the fourth has no colon)
    for unit in units:
        assert unit.tokens == written(unit)


def test_a_careful_writer_keeps_a_library_named_near_another():
    """libkrb5's README.Debian: ``libss`` (e2fsprogs' library) got ``libssl`` (>99%): with
    Harper, a careful writer's word is not respelt into one its dictionary lacks (a name for
    a name); a careless writer's still is."""
    last = "It is built against the libcom_err and libss provided by e2fsprogs.\n"
    edited = "We receive it.\nThey believe it.\nIt is a little late.\n" + last
    units = pipeline.units(ParsedText.parse(edited, PLAINTEXT), ())
    assert units[-1].tokens == written(units[-1])
    learner = "We recieve it.\nThey beleive it.\nIt is a litle late.\n" + last
    units = pipeline.units(ParsedText.parse(learner, PLAINTEXT), ())
    assert "libssl" in units[-1].tokens


def test_a_careless_writer_gets_the_comma_before_a_clause_of_but_and_which():
    """A careless writer (prose.careless) leaves out the comma before ``but`` joining two
    clauses and before ``which`` opening one (english.clause_commas); well-edited text writes
    "compiles but is wrong" with none, and keeps it so."""
    last = "The code is short but it is very slow.\n"
    learner = "We recieve it.\nThey beleive it.\nIt is a litle late.\n" + last
    edited = "We receive it.\nThey believe it.\nIt is a little late.\n" + last
    units = pipeline.units(ParsedText.parse(learner, PLAINTEXT), ())
    assert units[-1].tokens == (
        "The", "code", "is", "short", ",", "but", "it", "is", "very", "slow", "."
    )  # fmt: skip
    units = pipeline.units(ParsedText.parse(edited, PLAINTEXT), ())
    assert units[-1].tokens == written(units[-1])


@pytest.mark.parametrize("apostrophe", ["'", "’"])
def test_a_possessive_capitalised_keeps_its_apostrophe_on_the_word(model, apostrophe):
    """docs/design.md: a sentence opened by ``reference's`` got ``Reference 's``: the layout of
    the new word saw the apostrophe after it but not the clitic after that, and took it for a
    quote."""
    text = f"It works well today.\n\nuser{apostrophe}s file is here and it is fine.\n"
    doc = ParsedText.parse(text, SPELLING)
    unit = pipeline.units(doc, model.vocab)[1]
    (pool,) = pipeline.unit_candidates(doc, unit, [], OPTIONS, None, model.vocab)
    assert apply_edits(text, pool.edits) == text.replace("user", "User")
