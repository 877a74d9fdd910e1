"""The Java plug-in: covering edits, incremental parses, units under a range, syntax checks."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from lsp_server.documents import MAX_DOCUMENT_CHARS, Documents, DocumentTooLarge
from spancopy_core.editing.edits import apply_edits
from spancopy_core.lang.java import parse
from spancopy_core.paper.actions import Hypothesis
from spancopy_core.repair.candidates import candidates
from spancopy_core.repair.frontend import covering_edit
from spancopy_core.repair.java import JavaFrontend
from spancopy_core.repair.languages import frontend_for
from tests.toy import VOCAB

JAVA = Path(__file__).resolve().parents[1] / "fixtures" / "java"
FRONTEND = JavaFrontend()


def brute_force_edit(old: str, new: str) -> tuple[int, int, str]:
    p = 0
    while p < min(len(old), len(new)) and old[p] == new[p]:
        p += 1
    s = 0
    while s < min(len(old), len(new)) - p and old[-1 - s] == new[-1 - s]:
        s += 1
    return p, len(old) - s, new[p : len(new) - s]


@given(st.text("ab😀\n", max_size=30), st.text("ab😀\n", max_size=30))
def test_covering_edit_is_the_smallest_single_replacement(old, new):
    start, end, text = covering_edit(old, new)
    assert old[:start] + text + old[end:] == new
    assert (start, end, text) == brute_force_edit(old, new)


def test_incremental_parse_equals_a_fresh_parse():
    text = (JAVA / "StringJoiner.java").read_text(encoding="utf-8")
    rng = random.Random(0)
    parsed = FRONTEND.parse(text)
    for _ in range(12):
        a = rng.randrange(len(text))
        b = min(len(text), a + rng.randrange(40))
        text = text[:a] + rng.choice(["", "x", " > ", "{", "}\n", "/* é😀 */", "int y;"]) + text[b:]
        parsed = FRONTEND.parse(text, parsed)
        fresh = parse(text)
        assert parsed.tokens == fresh.tokens
        assert parsed.methods == fresh.methods


def test_incremental_parse_of_broken_texts_equals_a_fresh_parse():
    """Random small edits (CRLF, \\f, emoji, braces) that break the text: tree-sitter's error
    recovery depends on the tree it starts from, so the methods found must not (a seeded
    search found 15 differences in 4,500 edits before broken texts were parsed afresh)."""
    rng = random.Random(1)
    pieces = ["x", " ", "value", ">", "<", ";", "\n", "\r\n", "\f", "😀", "𝄞", "}", "{", "(", ")"]
    base = NESTED.replace("\n", "\r\n").replace("void outer()", "void outer(int\f a)")
    for _ in range(150):
        text = base
        parsed = FRONTEND.parse(text)
        for _ in range(15):
            a = rng.randint(0, len(text))
            b = min(len(text), a + rng.randint(0, 3))
            text = text[:a] + "".join(rng.choices(pieces, k=rng.randint(0, 3))) + text[b:]
            parsed = FRONTEND.parse(text, parsed)
            assert parsed.methods == parse(text).methods, repr(text)


NESTED = """class A {
    void outer() {
        Runnable r = new Runnable() {
            public void run() { go(1 > 0); }
        };
    }
    int second(int x) { return x; }
}
record P(int x) {
    P { if (x < 0) throw new IllegalArgumentException(); }
}
"""


def test_units_in_prefers_the_innermost_method():
    parsed = FRONTEND.parse(NESTED)
    at = NESTED.index("go(")
    assert [u.name for u in FRONTEND.units_in(parsed, at, at, VOCAB)] == ["run"]
    at = NESTED.index("Runnable r")
    assert [u.name for u in FRONTEND.units_in(parsed, at, at, VOCAB)] == ["outer"]
    start, end = NESTED.index("go("), NESTED.index("return x")
    assert [u.name for u in FRONTEND.units_in(parsed, start, end, VOCAB)] == ["run", "second"]
    assert FRONTEND.units_in(parsed, 0, 0, VOCAB) == []
    assert [u.name for u in FRONTEND.all_units(parsed, VOCAB)] == ["outer", "second", "P"]


def test_unit_tokens_are_the_abstraction_and_map_back():
    parsed = FRONTEND.parse(NESTED)
    (unit,) = FRONTEND.units_in(parsed, NESTED.index("return x"), NESTED.index("return x"), VOCAB)
    assert unit.tokens == tuple("int METHOD_1 ( int VAR_1 ) { return VAR_1 ; }".split())
    assert NESTED[unit.start : unit.end] == "int second(int x) { return x; }"
    assert unit.mapping.concretize(list(unit.tokens))[1] == "second"


def test_annotations_are_not_model_input_and_stay_in_place():
    method = "public int f(@Deprecated int x) { return x > 0 ? 1 : 0; }"
    text = "class A {\n    @Override\n    " + method + "\n}\n"
    parsed = FRONTEND.parse(text)
    (unit,) = FRONTEND.all_units(parsed, VOCAB)
    assert "@" not in unit.tokens and unit.tokens[:4] == ("public", "int", "METHOD_1", "(")
    assert text[unit.start :].startswith("@Override")
    style = FRONTEND.style(parsed)
    fix = Hypothesis([">=" if t == ">" else t for t in unit.tokens], -0.1, [])
    (repair,) = candidates(text, unit, [fix], style, FRONTEND, top_k=1)
    assert apply_edits(text, repair.edits) == text.replace("x > 0", "x >= 0")


def test_still_parses_methods_and_compact_constructors():
    parsed = FRONTEND.parse(NESTED)
    units = {u.name: u for u in FRONTEND.all_units(parsed, VOCAB)}
    second, compact = units["second"], units["P"]
    assert FRONTEND.still_parses(second, NESTED[second.start : second.end])
    assert not FRONTEND.still_parses(second, "int second(int x) { return x }")
    assert FRONTEND.still_parses(compact, NESTED[compact.start : compact.end])
    assert not FRONTEND.still_parses(compact, "P { if (x < 0) throw; }")


def test_frontend_by_language_id_then_extension():
    assert frontend_for("java", "untitled:Untitled-1") is not None
    assert frontend_for(None, "file:///src/My%20App/Main.JAVA") is not None
    assert frontend_for("plaintext", "file:///notes.txt").name == "plaintext"
    assert frontend_for("markdown", "file:///README.md").name == "markdown"
    assert frontend_for("python", "file:///setup.py") is None
    assert frontend_for(None, "file:///notes.rst") is None


@pytest.mark.parametrize(
    ("name", "kind"),
    [
        ("README", "plaintext"),
        ("NEWS", "plaintext"),
        ("pkg/TODO", "plaintext"),
        ("README.Debian", "plaintext"),
        ("readme.md", "markdown"),
        ("README.rst", None),
        ("COPYING", None),
        ("ChangeLog", None),
        ("Makefile", None),
        ("READMEFIRST", None),
    ],
)
def test_plain_text_by_its_name(name: str, kind: str | None):
    # GNU's and Debian's plain-text files, named without an extension of ours
    frontend = frontend_for(None, f"file:///src/{name}")
    assert (frontend and frontend.name) == kind


def test_a_documents_path_is_its_files_for_the_compile_check():
    # javac finds the project's other classes from it (compiler.source_root)
    docs = Documents()
    on_disk = docs.snapshot("file:///src/org/x/A%20B.java", "k1", 1, 1, NESTED, FRONTEND)
    assert on_disk.doc.path == str(Path("/src/org/x/A B.java"))
    unsaved = docs.snapshot("untitled:Untitled-1", "k2", 1, 1, NESTED, FRONTEND)
    assert unsaved.doc.path is None


def test_documents_reuse_a_version_and_refuse_huge_texts():
    docs, uri = Documents(), "file:///A.java"
    first = docs.snapshot(uri, uri, 1, 1, NESTED, FRONTEND)
    assert docs.snapshot(uri, uri, 1, 1, NESTED, FRONTEND) is first
    second = docs.snapshot(uri, uri, 1, 2, NESTED.replace("1 > 0", "1 >= 0"), FRONTEND)
    assert second is not first and ">=" in second.doc.text
    reopened = docs.snapshot(uri, uri, 2, 2, NESTED, FRONTEND)  # another opening, same version
    assert (reopened.opening, reopened.doc.text) == (2, NESTED)
    try:
        docs.snapshot(
            "file:///B.java", "file:///B.java", 1, 1, " " * (MAX_DOCUMENT_CHARS + 1), FRONTEND
        )
    except DocumentTooLarge:
        pass
    else:
        raise AssertionError("a huge document was parsed")
