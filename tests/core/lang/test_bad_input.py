"""Bad input never raises anything but the documented errors (FrontendError and subclasses):
text of any content is valid and goes through lexing, abstraction, concretization and edits
without any error at all; only a text over the size limit raises (SourceTooLargeError)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from spancopy_core.editing.edits import apply_edits, edits
from spancopy_core.editing.positions import LineIndex
from spancopy_core.lang import java, text
from spancopy_core.lang.errors import FrontendError, SourceTooLargeError
from spancopy_core.paper.actions import Copy, Gen, Hypothesis, apply_actions
from spancopy_core.repair.titles import change_title

KNOWN = frozenset({"0", "1", "java.lang.String"})


def binary_junk(n: int, seed: int = 0) -> str:
    rng = random.Random(seed)
    return bytes(rng.randrange(256) for _ in range(n)).decode("latin-1")


BAD = {
    "empty": "",
    "whitespace": " \t\r\n\f",
    "nul bytes": "class A { void f() { int x = 1;\x00\x00 x++; } }\x00",
    "binary junk": binary_junk(3000),
    "lone surrogates": 'class A { void f\ud800() { String s = "\udfff"; } } \ud83d',
    "crlf": "class A {\r\n  void f() {\r\n    g();\r\n  }\r\n}\r\n",
    "cr only": "class A {\r  void f() {\r    g();\r  }\r}\r",
    "unterminated": 'class A { void f() { String s = "abc; /* open comment',
    "bom and emoji": "\ufeffclass A { void f() { 😀(); } }",
}


def check_tokens(source: str, tokens) -> None:
    """Tokens tile the text: in order, non-overlapping, each the slice it claims to be."""
    end = 0
    for t in tokens:
        assert end <= t.start < t.end <= len(source)
        assert source[t.start : t.end] == t.text
        end = t.end


def exercise_java(source: str) -> None:
    doc = java.parse(source)
    check_tokens(source, doc.tokens)
    index = LineIndex(source)
    for t in doc.tokens[:50]:
        assert index.position(t.start, "utf-16") == (t.line, t.col_utf16)
    style = java.learn_style(source, doc.tokens)
    for method in doc.methods or []:
        tokens = doc.tokens[method.tokens]
        if not tokens:
            continue
        abstraction = java.abstract(tokens, KNOWN, doc.imports)
        concrete = java.concretize(abstraction.tokens, abstraction.mapping)
        assert [x for c in concrete for x in style.split(c)] == [t.text for t in tokens]
        n, mid = len(abstraction.tokens), len(abstraction.tokens) // 2
        actions = [Copy(0, mid), Gen("0"), Copy(mid + 1, n)]  # replace the middle token
        actions = [a for a in actions if not isinstance(a, Copy) or a.i < a.j]
        hyp = Hypothesis(apply_actions(abstraction.tokens, actions), 0.0, actions)
        result = edits(source, tokens, abstraction.mapping, hyp, style=style)
        apply_edits(source, result)
        change_title(source, result)
    if doc.text:
        doc.method_at(len(doc.text) // 2)
        doc.edit(0, min(3, len(doc.text)), "x")


@pytest.mark.parametrize("name", sorted(BAD))
def test_java_bad_input(name):
    exercise_java(BAD[name])


@pytest.mark.parametrize("name", sorted(BAD))
def test_prose_bad_input(name):
    for markdown in (False, True):
        doc = text.parse(BAD[name], markdown=markdown)
        check_tokens(BAD[name], doc.tokens)
        for sentence in doc.sentences[:5]:
            tokens = doc.tokens[sentence.tokens]
            abstraction = text.abstract(tokens)
            result = edits(
                BAD[name], tokens, abstraction.mapping, ["x"], style=text.learn_style(BAD[name])
            )
            apply_edits(BAD[name], result)


@pytest.mark.slow
def test_five_megabytes(jdk_files):
    body = "".join(jdk_files.values())
    source = ("// 😀 é\r\n" + body) * (5_000_000 // len(body) + 1)
    assert len(source.encode("utf-8")) > 5_000_000
    doc = java.parse(source)
    check_tokens(source, doc.tokens)
    last = doc.tokens[-1]
    assert (last.line, last.col_utf16) == LineIndex(source).position(last.start, "utf-16")
    assert len(doc.methods) > 5000
    assert len(text.parse(source, markdown=True).tokens) > 100_000


def test_too_large_is_a_documented_error():
    with pytest.raises(SourceTooLargeError):
        java.parse("x" * (java.MAX_SOURCE_BYTES + 1))
    with pytest.raises(SourceTooLargeError):  # fits in code points, not in UTF-8 bytes
        java.parse("é" * (java.MAX_SOURCE_BYTES // 2 + 1))
    with pytest.raises(SourceTooLargeError):
        text.parse("x" * (text.MAX_SOURCE_CHARS + 1))
    assert issubclass(SourceTooLargeError, FrontendError)


@settings(max_examples=150, deadline=None)
@given(st.text(st.characters(exclude_categories=()), max_size=300))  # surrogates included
def test_any_text_lexes(source):
    exercise_java(source)
    doc = text.parse(source, markdown=True)
    check_tokens(source, doc.tokens)


JAVA_BITS = st.sampled_from(
    ["class A {", "void f(", ") {", "}", "int x = ", "1;", '"s"', "'c'", "/*", "*/", "//", "\n",
     "\r\n", ">>", "->", "::", "<T>", "@A", "new B() {", "\x00", "\ud800", "😀", "\"\"\"\n", ";"]
)  # fmt: skip


@settings(max_examples=150, deadline=None)
@given(st.lists(JAVA_BITS, max_size=40).map("".join))
def test_java_like_fragments(source):
    exercise_java(source)
