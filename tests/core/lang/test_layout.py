"""Generated Java takes the spacing the file itself uses around the same token (issue 24:
``if (N <= 0)`` became ``if (N< 0)``, ``x.getLowerBounds()`` became ``x. trim ()``): every
binary operator, the control keywords before ``(``, and calls, in spaced and in tight files."""

from __future__ import annotations

import pytest

from spancopy_core.editing.edits import TextEdit, apply_edits, edits
from spancopy_core.lang import java

BINARY = """= += -= *= /= %= &= |= ^= <<= >>= >>>= == != < > <= >= && || + - * / % & | ^ << >>
>>>""".split()

SPACED = """class A {
    int f(int N, int b, java.util.List<String> x, @Deprecated int unused) {
        if (N == b) {
            N = b + 1;
        }
        while (b < N) b++;
        String s = x.get(0).toString();
        return N;
    }
}
"""
TIGHT = SPACED.replace(" == ", "==").replace(" = ", "=").replace(" + ", "+").replace(" < ", "<")


def _changed(source: str, old: list[str], new: list[str]) -> str:
    """The line of ``source`` that changes when the method's tokens ``old`` (their first
    run) become ``new``, laid out by the style learned from ``source``."""
    doc = java.parse(source)
    method = doc.methods[0]
    tokens = doc.tokens[method.tokens]
    texts = [t.text for t in tokens]
    known = frozenset(texts) | frozenset(new)  # every name as itself: no placeholders
    abstraction = java.abstract(tokens, known, doc.imports)
    out = list(abstraction.tokens)
    k = next(k for k in range(len(out)) if out[k : k + len(old)] == old)
    out[k : k + len(old)] = new
    style = java.learn_style(source, doc.tokens)
    result = apply_edits(source, edits(source, tokens, abstraction.mapping, out, style=style))
    (line,) = [a for a, b in zip(result.split("\n"), source.split("\n")) if a != b]
    return line.strip()


@pytest.mark.parametrize("op", BINARY)
def test_a_generated_operator_is_spaced_as_the_file_spaces_operators(op: str) -> None:
    pieces = list(op) if op in (">>", ">>>", "<<") else [op]  # BFP's split operators
    was = "!=" if op == "==" else "=="
    spaced, tight = SPACED.replace("N == b", f"N {was} b"), TIGHT.replace("N==b", f"N{was}b")
    assert _changed(spaced, ["N", was, "b"], ["N", *pieces, "b"]) == f"if (N {op} b) {{"
    assert _changed(tight, ["N", was, "b"], ["N", *pieces, "b"]) == f"if (N{op}b) {{"


def test_an_operator_is_spaced_as_the_file_spaces_that_operator() -> None:
    mixed = SPACED.replace("b + 1", "b+1")  # spaces around most operators, none around +
    assert _changed(mixed, ["b", "+", "1"], ["b", "-", "1"]) == "N = b - 1;"
    assert _changed(mixed, ["N", "==", "b"], ["N", "+", "b"]) == "if (N+b) {"
    assert _changed(mixed, ["N", "==", "b"], ["N", "!=", "b"]) == "if (N != b) {"


def test_a_sign_is_no_binary_operator() -> None:
    """Guava's ComparisonChain writes ``new InactiveComparisonChain(-1)``: its ``(-1)`` was
    counted as a minus written tight, so the file's minus was tight, and after ``return``,
    a keyword taken for an operand, the sign was glued: ``return 0;`` became ``return-1;``
    (spancopy repair --line, 2nd repair)."""
    signed = SPACED.replace("x.get(0)", "x.get(-1)")
    assert _changed(signed, ["b", "+", "1"], ["b", "-", "1"]) == "N = b - 1;"
    for source in (SPACED, TIGHT, signed):
        assert _changed(source, ["return", "N"], ["return", "-", "1"]) == "return -1;"
        assert _changed(source, ["return", "N"], ["return", "-", "N"]) == "return -N;"
    assert _changed(SPACED, ["b", "+", "1"], ["-", "b"]) == "N = -b;"
    assert _changed(SPACED, ["0"], ["1", ",", "-", "1"]) == "String s = x.get(1, -1).toString();"


def test_an_import_on_demand_is_no_tight_multiplication() -> None:
    """``import java.util.*;`` made ``*`` an operator the file writes without spaces: a
    generated product read ``return sum*xs.size();``."""
    wildcard = "import java.util.*;\n\n" + SPACED
    assert _changed(wildcard, ["b", "+", "1"], ["b", "*", "2"]) == "N = b * 2;"
    tight = "import java.util.*;\n\n" + TIGHT.replace("b+1", "b*1")
    assert _changed(tight, ["N", "==", "b"], ["N", "*", "b"]) == "if (N*b) {"


def test_a_comparison_after_a_capitalised_variable_opens_no_type_arguments() -> None:
    assert _changed(SPACED, ["==", "b"], ["<=", "0"]) == "if (N <= 0) {"
    assert _changed(SPACED, ["==", "b"], ["<", "1"]) == "if (N < 1) {"
    assert _changed(SPACED, ["b", "<", "N"], ["N", ">", "b"]) == "while (N > b) b++;"
    generic = _changed(SPACED, ["String", "s"], ["java.util.List", "<", "Integer", ">", "s"])
    assert generic == "java.util.List<Integer> s = x.get(0).toString();"


@pytest.mark.parametrize("keyword", ["if", "while", "switch", "synchronized"])
def test_a_control_keyword_takes_the_files_space_before_its_parenthesis(keyword: str) -> None:
    tight = SPACED.replace("if (", "if(").replace("while (", "while(")
    for source, space in ((SPACED, " "), (tight, "")):
        if keyword == "if":  # the while loop's keyword
            assert _changed(source, ["while"], ["if"]) == f"if{space}(b < N) b++;"
        else:
            assert _changed(source, ["if"], [keyword]) == f"{keyword}{space}(N == b) {{"


@pytest.mark.parametrize(
    ("old", "new", "line"),
    [
        (["toString"], ["trim"], "String s = x.get(0).trim();"),
        (["get"], ["remove"], "String s = x.remove(0).toString();"),
        ([".", "toString", "(", ")"], [], "String s = x.get(0);"),
        (["toString", "(", ")"], ["trim", "(", ")", ".", "strip", "(", ")"], None),
        (["0"], ["N", "-", "1"], "String s = x.get(N - 1).toString();"),
        (["0"], ["f", "(", "N", ",", "b", ")"], "String s = x.get(f(N, b)).toString();"),
    ],
)
def test_a_call_is_written_as_calls_are(old: list[str], new: list[str], line: str | None) -> None:
    """In a method with an annotation inside it (which the model never sees)."""
    expected = line or "String s = x.get(0).trim().strip();"
    assert _changed(SPACED, old, new) == expected


def test_an_imported_type_opens_type_arguments() -> None:
    """jsoup's SoftPool imports ``java.util.ArrayDeque``: the import's names were taken for
    variables, and a generated ``new ArrayDeque<>()`` was written ``new ArrayDeque < > ()``."""
    source = "import java.util.ArrayDeque;\n\n" + SPACED
    new = ["new", "ArrayDeque", "<", ">", "(", ")", ".", "toString", "(", ")"]
    generated = _changed(source, ["x", ".", "get", "(", "0", ")"], new)
    assert generated == "String s = new ArrayDeque<>().toString().toString();"


@pytest.mark.parametrize(
    ("line", "old", "new", "written"),
    [
        ("agents.put(a, b);", "agents.put", "if ((agents) != null) agents.put",
         "if (agents != null) agents.put(a, b);"),
        ("foo(x);", "x", "(x)", "foo(x);"),  # a group of its own: the edit changes nothing
        ("foo(1, x);", "x", "(x) + (y.z)", "foo(1, x + y.z);"),
        ("if (x) y();", "x", "!(x)", "if (!x) y();"),
        ("return x;", "x", "(x).trim()", "return (x).trim();"),  # after a word: kept
        ("return x;", "x", "(int) x", "return (int) x;"),  # casts
        ("return x;", "x", "(String) x", "return (String) x;"),
        ("return x;", "x", "f(x)", "return f(x);"),  # a call's
        ("y = x;", "x", "(x) -> x", "y = (x) -> x;"),  # a lambda's
        ("y = x;", "x", "(int) -x", "y = (int) -x;"),
    ],
)  # fmt: skip
def test_parentheses_written_around_a_name_only_to_group_it_are_left_out(
    line: str, old: str, new: str, written: str
) -> None:
    """java-algorithms' MultiAgentScheduling was offered `if ((agents) != null) ...`, jsoup's
    StringUtil `i < (padding.length)`: BFP's fixes write ( VAR_1 ) != null."""
    source = f"    {line}\n"
    at = source.index(old)
    change = TextEdit(at, at + len(old), new)
    assert apply_edits(source, java.ungrouped(source, [change])).strip() == written


@pytest.mark.parametrize(
    ("line", "written"),
    [
        ("if (x) y();", "if (x != null) y();"),  # the parentheses grouped only x
        ("foo(x);", "foo(x != null);"),
        ("return x;", "return (x) != null;"),  # after a word: kept
    ],
)
def test_grouping_parentheses_around_a_name_kept_from_the_source_are_left_out(
    line: str, written: str
) -> None:
    """The model copies the name and writes each parenthesis: two edits around it."""
    source = f"    {line}\n"
    name = source.index("x")
    apart = [TextEdit(name, name, "("), TextEdit(name + 1, name + 1, ") != null")]
    assert apply_edits(source, java.ungrouped(source, apart)).strip() == written


@pytest.mark.parametrize(
    ("line", "old", "new", "same"),
    [
        ("lo = Math.min(lo, x);", "lo, x", "x, lo", True),
        ("hi = Math.max(hi, a[i]);", "hi, a[i]", "a[i],hi", True),
        ("ok = Objects.equals(a, b);", "a, b", "b, a", True),
        ("lo = Math.min(lo, x);", "Math.min(lo, x)", "Math.max(x, lo)", False),
        ("d = Math.floorMod(a, b);", "a, b", "b, a", False),  # not commutative
        ("lo = Math.min(lo, x);", "lo, x", "lo, y", False),
        # Commons Lang's ArraySorter was offered Arrays.sort(array, 0, array.length) first
        ("Arrays.sort(array);", "array)", "array, 0, array.length)", True),
        ("Arrays.fill(a, 0, a.length, 1);", "a, 0, a.length, 1", "a, 1", True),
        ("i = Arrays.binarySearch(a, k);", "a, k", "a, 0, a.length, k", True),
        ("Arrays.sort(array);", "array)", "array, 1, array.length)", False),
        ("Arrays.sort(array);", "array)", "array, 0, array.length - 1)", False),
        ("Arrays.sort(array);", "array)", "array, 0, other.length)", False),
        ("Arrays.sort(a, 0, n);", "a, 0, n", "a", False),
        # this. before a call of the class's own method (Joda-Time's compareTo was
        # offered int thisValue = this.get();)
        ("int v = get();", "get()", "this.get()", True),
        ("int v = this.get();", "this.get()", "get()", True),
        ("run(this.size(), 1);", "this.size(), 1", "size(), 1", True),
        ("int v = get();", "get()", "Outer.this.get()", False),
        ("int v = get();", "get()", "this.got()", False),
        ("int v = get();", "get()", "this.get", False),
        ("int v = size;", "size", "this.size()", False),
    ],
)
def test_a_swap_of_commutative_arguments_or_a_whole_range_is_the_same_program(
    line: str, old: str, new: str, same: bool
) -> None:
    """Stats.java's correct `lo = Math.min(lo, x);` was offered `lo = Math.min(x, lo);`
    first, at 6%: the same value, no repair; so is an array's whole range, and a call with
    this. or without."""
    source = f"class A {{\n    void f() {{\n        {line}\n    }}\n}}\n"
    at = source.index(old)
    assert java.equivalent(source, [TextEdit(at, at + len(old), new)]) is same


IMPLIED = """class A extends B {
    A() {
    }

    A(String s) {
        // nothing to do
    }

    A(int x) {
        super(x);
    }

    void f(int x) {
        if (x > 0) {
            g();
        }
    }

    int h() {
        return 1;
    }
}
"""


@pytest.mark.parametrize(
    ("after", "new", "same"),
    [
        # JUnit's empty AssertionFailedError() was offered Insert "super();" at 12%
        ("    A() {", "\n        super();", True),
        ("    A() {\n", "        super();\n", True),
        ("    A(int x) {", "\n        super();", False),  # before its super(x): no program
        ("    A() {", "\n        this(1);", False),
        ("    A() {", "\n        super(1);", False),
        # JUnit's Filter.apply was offered Insert "return;" last
        ("            g();\n        }", "\n        return;", True),
        ("    A() {", "\n        return;", True),  # a constructor's body, empty
        # slf4j's NOPLoggerFactory() { // nothing to do } was offered Insert "super();"
        ("    A(String s) {", "\n        super();", True),
        ("        // nothing to do", "\n        super();", True),
        ("        // nothing to do", "\n        return;", True),
        ("            g();", "\n            return;", False),  # the end of an if's block
        ("        return 1;", "\n        return;", False),  # no program
        # TestWatcherTest was offered Insert ";" after a statement: an empty one
        ("            g();", "\n            ;", True),
        ("    A() {", ";", True),
        ("        if (x > 0)", ";", False),  # the branch emptied
    ],
)
def test_a_statement_java_implies_written_is_the_same_program(
    after: str, new: str, same: bool
) -> None:
    """JLS 8.8.7: a constructor's body without an explicit constructor invocation begins with
    super(); JLS 14.17: a void method's body that completes returns; JLS 14.6: an empty
    statement does nothing."""
    at = IMPLIED.index(after) + len(after)
    assert java.equivalent(IMPLIED, [TextEdit(at, at, new)]) is same
