"""Each mutation operator on hand-written Java: the buggy side it makes, over many seeds."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from spancopy_core.lang import java
from trainer import mutations as mu

SEEDS = range(60)


def norm(text: str) -> str:
    """Token texts of ``text``, space-separated."""
    return " ".join(t.text for t in java.lex(text))


def method(source: str) -> mu.MethodSites:
    """The sites of the only method of ``source`` (wrapped in a class)."""
    doc = java.parse("class C {\n" + source + "\n}")
    assert not doc.tree.root_node.has_error
    m = [m for m in doc.methods if m.depth == 0][0]
    return mu.MethodSites(doc.method_node(m), doc.tokens[m.tokens])


def context(names=(), strings=(), statements=()) -> mu.FileContext:
    stmts = tuple(tuple(java.lex(s)) for s in statements)
    return mu.FileContext(tuple(names), tuple(strings), stmts)


def outcomes(kind: str, source: str, ctx: mu.FileContext | None = None) -> set[str] | None:
    """Every buggy version that operator ``kind`` makes of ``source`` over :data:`SEEDS`
    (None if it finds no site); the method's own tokens are never changed."""
    m = method(source)
    before = list(m.tokens)
    out = set()
    for seed in SEEDS:
        edit = mu.OPERATORS[kind](m, ctx or context(), random.Random(seed))
        if edit is None:
            return None
        out.add(" ".join(t.text for t in edit.apply(m.tokens)))
    assert list(m.tokens) == before
    return out


def test_operator_swap():
    assert outcomes("operator_swap", "boolean f(boolean a, boolean b) { return a && b; }") == {
        norm("boolean f(boolean a, boolean b) { return a || b; }")
    }
    got = outcomes("operator_swap", "boolean f(int a, int b) { return a == b; }")
    assert norm("boolean f(int a, int b) { return a != b; }") in got
    assert got <= {norm(f"boolean f(int a, int b) {{ return a {op} b; }}") for op in mu._RELATIONAL}
    assert outcomes("operator_swap", "void f() { i++; }") == {norm("void f() { i--; }")}
    assert outcomes("operator_swap", "void f() { n += 2; }") == {norm("void f() { n -= 2; }")}
    assert outcomes("operator_swap", 'String f(int a) { return "n=" + a; }') is None


def test_boundary():
    src = "void f(int n) { for (int i = 0; i < n; i++) { g(i); } }"
    assert outcomes("boundary", src) == {norm(src.replace("i < n", "i <= n"))}
    assert outcomes("boundary", "boolean f(int a) { return a >= 0; }") == {
        norm("boolean f(int a) { return a > 0; }")
    }
    assert outcomes("boundary", "boolean f(int a) { return a == 0; }") is None


def test_removed_null_check():
    guard = "int f(String s) { if (s == null) return 0; return s.length(); }"
    assert outcomes("removed_null_check", guard) == {norm("int f(String s) { return s.length(); }")}
    wrap = "void f(Runnable r) { if (r != null) { r.run(); } done(); }"
    assert outcomes("removed_null_check", wrap) == {norm("void f(Runnable r) { r.run(); done(); }")}
    conj = "boolean f(String s) { return s != null && s.isEmpty(); }"
    assert outcomes("removed_null_check", conj) == {
        norm("boolean f(String s) { return s.isEmpty(); }")
    }
    ternary = 'String f(String s) { return s == null ? "" : s.trim(); }'
    assert outcomes("removed_null_check", ternary) == {
        norm("String f(String s) { return s.trim(); }")
    }
    # an else branch, or a test that is not a null check, is left alone
    assert outcomes("removed_null_check", "void f(A a) { if (a == null) x(); else y(); }") is None
    assert outcomes("removed_null_check", "void f(int a) { if (a == 0) return; x(); }") is None


def test_deleted_statement():
    assert outcomes("deleted_statement", "void f() { a(); b(); }") == {
        norm("void f() { b(); }"),
        norm("void f() { a(); }"),
    }
    # the body's final return stays; a return in a nested block may go
    assert outcomes("deleted_statement", "int f() { return 1; }") is None
    assert outcomes("deleted_statement", "int f(boolean c) { if (c) { return 0; } return 1; }") == {
        norm("int f(boolean c) { return 1; }"),
        norm("int f(boolean c) { if (c) { } return 1; }"),
    }


def test_extra_statement():
    ctx = context(statements=["log(x);"])
    assert outcomes("extra_statement", "void f() { a(); }", ctx) == {
        norm("void f() { log(x); a(); }"),
        norm("void f() { a(); log(x); }"),
    }
    # never after a return (unreachable code), never before super(...)
    assert outcomes("extra_statement", "int f() { return 1; }", ctx) == {
        norm("int f() { log(x); return 1; }")
    }
    assert outcomes("extra_statement", "C() { super(1); }", ctx) == {
        norm("C() { super(1); log(x); }")
    }
    assert outcomes("extra_statement", "void f() { a(); }") is None  # nothing to copy


def test_wrong_method():
    ctx = context(names=["add", "remove", "addAll"])
    got = outcomes("wrong_method", "void f(java.util.List<Object> l, Object x) { l.add(x); }", ctx)
    assert got == {
        norm("void f(java.util.List<Object> l, Object x) { l.remove(x); }"),
        norm("void f(java.util.List<Object> l, Object x) { l.addAll(x); }"),
    }
    m = method("void f() { g(); }")
    edit = mu.wrong_method(m, ctx, random.Random(0))
    assert edit.new[0].role == "method"


def test_wrong_variable():
    assert outcomes("wrong_variable", "int f(int a, int b) { return a + b; }") == {
        norm("int f(int a, int b) { return b + b; }"),
        norm("int f(int a, int b) { return a + a; }"),
    }
    # a declaration is not a use; one variable alone has no alternative
    assert outcomes("wrong_variable", "int f(int a) { int b = a; return 0; }") is None


def test_wrong_field():
    fields = "int count, size; static final int TOTAL = 1;\n"
    assert outcomes("wrong_field", fields + "int f(int a) { return count + a; }") == {
        norm("int f(int a) { return size + a; }"),
        norm("int f(int a) { return TOTAL + a; }"),
    }
    # a field named twice keeps a name (its fix needs no new one); locals and parameters are
    # not fields, nor are the fields of other classes of the file
    assert outcomes("wrong_field", fields + "int f() { return count + count; }") is None
    assert outcomes("wrong_field", fields + "int f(int a) { return a; }") is None
    assert outcomes("wrong_field", fields + "void f(int size) { this.x = size; }") is None
    other = "int f() { return B.count; } static class B { static int count, size; }"
    assert outcomes("wrong_field", other) is None
    assert mu.CONTEXT_WEIGHTS["wrong_field"] > 0 == mu.USER_WEIGHTS["wrong_field"]


def test_arguments():
    src = "void f(int a, int b) { g(a, b); }"
    assert outcomes("swapped_arguments", src) == {norm("void f(int a, int b) { g(b, a); }")}
    assert outcomes("dropped_argument", src) == {
        norm("void f(int a, int b) { g(b); }"),
        norm("void f(int a, int b) { g(a); }"),
    }
    assert outcomes("swapped_arguments", "void f(int a) { g(a, a); }") is None
    assert outcomes("extra_argument", "void f(int a) { g(); }") == {norm("void f(int a) { g(a); }")}
    assert outcomes("extra_argument", "void f(int a) { g(a); }") == {
        norm("void f(int a) { g(a, a); }")
    }


def test_changed_literal():
    assert outcomes("changed_literal", "boolean f() { return true; }") == {
        norm("boolean f() { return false; }")
    }
    assert outcomes("changed_literal", "int f() { return 5; }") == {
        norm(f"int f() {{ return {n}; }}") for n in (0, 1, 2, 4, 6)
    }
    assert outcomes("changed_literal", "long f() { return 0L; }") == {
        norm(f"long f() {{ return {n}L; }}") for n in (1, 2)
    }
    assert outcomes("changed_literal", "double f() { return 0.5; }") == {
        norm("double f() { return 1.0; }")
    }
    ctx = context(strings=['"a"', '"b"'])
    assert outcomes("changed_literal", 'String f() { return "a"; }', ctx) == {
        norm('String f() { return "b"; }')
    }
    # literals inside annotations are never touched
    assert outcomes("changed_literal", '@SuppressWarnings("a") void f() { }', ctx) is None


def test_changed_return():
    assert outcomes("changed_return", "int f(int a, int b) { return a + b; }") == {
        norm("int f(int a, int b) { return a; }"),
        norm("int f(int a, int b) { return b; }"),
        norm("int f(int a, int b) { return 0; }"),
    }
    assert outcomes("changed_return", "Object f() { return x; }") == {
        norm("Object f() { return null; }")
    }
    assert outcomes("changed_return", "boolean f() { return false; }") == {
        norm("boolean f() { return true; }")
    }
    assert outcomes("changed_return", "void f() { return; }") is None


def test_changed_modifier():
    got = outcomes("changed_modifier", "public void f() { }")
    assert got == {
        norm("protected void f() { }"),
        norm("private void f() { }"),
        norm("void f() { }"),
        norm("public static void f() { }"),
        norm("public final void f() { }"),
    }
    got = outcomes("changed_modifier", "@Override private static final int f(final int a) { }")
    assert norm("@Override public static final int f(final int a) { }") in got
    assert norm("@Override private final int f(final int a) { }") in got
    assert norm("@Override private static int f(final int a) { }") in got
    assert norm("@Override private static final int f(int a) { }") in got
    # constructors get no static
    assert not any("static" in g for g in outcomes("changed_modifier", "C() { }"))


def test_dropped_this_negated_condition_removed_break():
    assert outcomes("dropped_this", "void f(int x) { this.x = x; }") == {
        norm("void f(int x) { x = x; }")
    }
    assert outcomes("dropped_this", "void f() { this.g(); }") == {norm("void f() { g(); }")}
    assert outcomes("negated_condition", "void f() { if (ok) a(); }") == {
        norm("void f() { if (!(ok)) a(); }")
    }
    assert outcomes("negated_condition", "void f() { while (!done()) a(); }") == {
        norm("void f() { while (done()) a(); }")
    }
    src = "void f(int x) { switch (x) { case 1: a(); break; default: b(); } }"
    assert outcomes("removed_break", src) == {
        norm("void f(int x) { switch (x) { case 1: a(); default: b(); } }")
    }
    assert outcomes("removed_break", "void f() { while (true) { if (x) break; } }") is None


def test_render_keeps_split_operators_together():
    m = method("int f(int a) { return a >> 2 >>> 1; }")
    assert mu.render(m.tokens) == "int f(int a) { return a >> 2 >>> 1; }"
    assert mu.parses(m.tokens)
    assert not mu.parses(m.tokens[:-1])  # the closing brace missing
    no_paren = [*m.tokens[:2], *m.tokens[3:]]  # "int f int a) ..."
    assert not mu.parses(no_paren)
    glued = [t._replace(start_byte=-1, end_byte=-1) for t in m.tokens]  # "a > > 2"
    assert ">>" not in mu.render(glued) and not mu.parses(glued)


@pytest.mark.parametrize("seed", [0, 1])
def test_mutants_are_distinct_parse_and_leave_the_method_alone(seed):
    m = method(
        "public int f(int[] a, String s) { int n = 0; if (s == null) return -1;"
        " for (int i = 0; i < a.length; i++) { if (a[i] > 0) { n += a[i]; } else break; }"
        " this.total = n; return n + s.length(); }"
    )
    ctx = context(names=["f", "g", "length"], strings=['"x"'], statements=["g();"])
    original = [t.text for t in m.tokens]
    rejected: Counter[str] = Counter()
    found = mu.mutants(m, ctx, 5, random.Random(seed), rejected)
    assert len(found) == 5
    kinds = [k for k, _ in found]
    assert len(set(kinds)) == 5 and set(kinds) <= set(mu.KINDS)
    texts = {tuple(t.text for t in buggy) for _, buggy in found}
    assert len(texts) == 5 and tuple(original) not in texts
    assert all(mu.parses(buggy) for _, buggy in found)
    assert [t.text for t in m.tokens] == original
    again = mu.mutants(m, ctx, 5, random.Random(seed))
    assert [(k, [t.text for t in b]) for k, b in again] == [
        (k, [t.text for t in b]) for k, b in found
    ]
    assert set(mu.OPERATORS) == set(mu.USER_WEIGHTS) == set(mu.KINDS) >= set(mu.WEIGHTS)
