"""Single-token mutations at the focus (spancopy_core.repair.templates), on hand-written lines."""

from __future__ import annotations

from spancopy_core.edits import apply_edits
from spancopy_core.lang import java
from spancopy_core.repair.templates import repair_templates, single_token_mutations


def mutants(text: str, line: int = 0) -> list[str]:
    """The focus line of ``text`` after each mutation, in order."""
    lines = text.split("\n")
    start = sum(len(x) + 1 for x in lines[:line])
    found = single_token_mutations(java.lex(text), start, start + len(lines[line]))
    return [apply_edits(text, [e]).split("\n")[line] for e in found]


def test_order_is_token_by_token_then_the_fixed_lists():
    assert mutants("if (i < n && a + 1 == b) {") == [
        "if (i <= n && a + 1 == b) {",
        "if (i > n && a + 1 == b) {",
        "if (i >= n && a + 1 == b) {",
        "if (i == n && a + 1 == b) {",
        "if (i != n && a + 1 == b) {",
        "if (i < n || a + 1 == b) {",
        "if (i < n && a - 1 == b) {",
        "if (i < n && a + 2 == b) {",
        "if (i < n && a + 0 == b) {",
        "if (i < n && a + 1 < b) {",
        "if (i < n && a + 1 <= b) {",
        "if (i < n && a + 1 > b) {",
        "if (i < n && a + 1 >= b) {",
        "if (i < n && a + 1 != b) {",
    ]


def test_only_the_focus_line_is_mutated():
    text = "int f(int a) {\n  return a - 0;\n  // a < b\n}"
    assert mutants(text, line=1) == ["  return a + 0;", "  return a - 1;"]
    assert mutants(text, line=2) == []  # a comment has no tokens
    assert mutants(text, line=0) == []


def test_literals_keep_their_suffix_and_never_go_negative():
    assert mutants("long x = 10L + 0;") == [
        "long x = 11L + 0;",
        "long x = 9L + 0;",
        "long x = 10L - 0;",
        "long x = 10L + 1;",
    ]
    assert mutants("x = 0x1F | 1_000 | 1.5 | 'a';") == []  # hex, underscores, floats, chars


def test_split_operators_and_strings_are_left_alone():
    assert mutants('x = a >> 2; f(y -> y); s = "a < b"; g(A::b);') == [
        'x = a >> 3; f(y -> y); s = "a < b"; g(A::b);',
        'x = a >> 1; f(y -> y); s = "a < b"; g(A::b);',
    ]
    assert mutants("i++; j--; k += 1; l >>= m; n != o;")[:3] == [
        "i++; j--; k += 2; l >>= m; n != o;",
        "i++; j--; k += 0; l >>= m; n != o;",
        "i++; j--; k += 1; l >>= m; n < o;",
    ]


def test_each_mutant_is_one_edit_of_one_token():
    text = "while (a >= 3) a--;"
    tokens = java.lex(text)
    edits = single_token_mutations(tokens, 0, len(text))
    assert [(text[e.start : e.end], e.new_text) for e in edits] == [
        (">=", "<"),
        (">=", "<="),
        (">=", ">"),
        (">=", "=="),
        (">=", "!="),
        ("3", "4"),
        ("3", "2"),
    ]


def repairs(text: str, line: int = 0) -> list[str]:
    """The focus line of ``text`` after each repair template, in order."""
    lines = text.split("\n")
    start = sum(len(x) + 1 for x in lines[:line])
    tokens = java.parse(text).tokens
    found = repair_templates(tokens, start, start + len(lines[line]))
    return [apply_edits(text, [e]).split("\n")[line] for e in found]


def test_repair_templates_add_variables_negations_and_off_by_ones():
    text = (
        "class C { boolean f(int[] a, int n, boolean ok) {\nif (a[n] > 0 && ok) return x.done;\n}}"
    )
    got = repairs(text, line=1)
    single = mutants(text, line=1)
    assert got[: len(single)] == single  # the fixed list first, in its order
    rest = set(got[len(single) :])
    assert {
        "if (n[n] > 0 && ok) return x.done;",  # another variable of the method
        "if (a[a] > 0 && ok) return x.done;",
        "if (a[ok] > 0 && ok) return x.done;",
        "if (a[n] > 0 && a) return x.done;",
        "if (!a[n] > 0 && ok) return x.done;",  # a negation added before the condition
        "if (a[n + 1] > 0 && ok) return x.done;",  # off by one, after an operand
        "if (a[n - 1] > 0 && ok) return x.done;",
        "if (a[n] > 0 + 1 && ok) return x.done;",
        "if (a[n] + 1 > 0 && ok) return x.done;",
    } <= rest
    assert "if (a[n] > 0 && ok) return x.ok;" not in rest  # a member name after "." stays
    assert all(".done" in r for r in rest)  # a member name after "." is never replaced


def test_a_negation_is_removed_and_never_doubled():
    assert "while (ok) {" in repairs("class C { void f(boolean ok) {\nwhile (!ok) {\n}}}", line=1)
    assert "while (!!ok) {" not in repairs(
        "class C { void f(boolean ok) {\nwhile (!ok) {\n}}}", line=1
    )
