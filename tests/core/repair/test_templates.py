"""Single-token mutations at the focus (spancopy_core.repair.templates), on hand-written lines."""

from __future__ import annotations

from spancopy_core.editing.edits import apply_edits
from spancopy_core.lang import java
from spancopy_core.repair.java import JavaFrontend
from spancopy_core.repair.pipeline import ParsedText
from spancopy_core.repair.templates import (
    contest_templates,
    declared_types,
    literal_step,
    repair_templates,
    single_token_mutations,
)


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
        "class C { boolean f(int[] a, int n, boolean ok, long m, boolean up) {\n"
        "if (a[n] > 0 && ok) return x.done;\n}}"
    )
    got = repairs(text, line=1)
    single = mutants(text, line=1)
    assert got[: len(single)] == single  # the fixed list first, in its order
    rest = set(got[len(single) :])
    assert {
        "if (a[m] > 0 && ok) return x.done;",  # another variable of the method, an integer
        "if (a[x] > 0 && ok) return x.done;",  # x: a field, of a type unknown
        "if (a[n] > 0 && up) return x.done;",
        "if (!a[n] > 0 && ok) return x.done;",  # a negation added before the condition
        "if (a[n + 1] > 0 && ok) return x.done;",  # off by one, after an operand
        "if (a[n - 1] > 0 && ok) return x.done;",
        "if (a[n] > 0 + 1 && ok) return x.done;",
        "if (a[n] + 1 > 0 && ok) return x.done;",
    } <= rest
    assert (
        not {
            "if (n[n] > 0 && ok) return x.done;",  # declared with another type
            "if (a[ok] > 0 && ok) return x.done;",
            "if (a[n] > 0 && a) return x.done;",
        }
        & rest
    )
    assert "if (a[n] > 0 && ok) return x.ok;" not in rest  # a member name after "." stays
    assert all(".done" in r for r in rest)  # a member name after "." is never replaced
    assert "if (a[done] > 0 && ok) return x.done;" not in rest  # nor stands in for one


def test_a_variable_declared_object_stands_in_for_any_other_and_any_for_it():
    text = (
        "class C { void f(List<Object> items, String name, int n) {\n"
        "for (Object item : items) {\n"
        "out.add(items);\n"
        "use(item, n);\n"
        "}}}"
    )
    assert "out.add(item);" in repairs(text, line=2)  # a List's place: an Object
    assert {"use(items, n);", "use(name, n);", "use(n, n);"} <= set(repairs(text, line=3))
    assert "out.add(name);" not in repairs(text, line=2)  # a String is no List


def test_a_negation_is_removed_and_never_doubled():
    assert "while (ok) {" in repairs("class C { void f(boolean ok) {\nwhile (!ok) {\n}}}", line=1)
    assert "while (!!ok) {" not in repairs(
        "class C { void f(boolean ok) {\nwhile (!ok) {\n}}}", line=1
    )


def test_a_string_built_in_the_wrong_order_has_its_operands_swapped():
    text = (
        "class C { String f(int n, String s, int k) {\n"
        'String out = "";\n'
        "out = out + DIGITS.charAt(n % 10);\n"
        "out = s.trim() + out;\n"
        "k = k + n;\n"
        "out = out + s + s;\n"
        "String t = out + s;\n"
        "}}"
    )
    assert "out = DIGITS.charAt(n % 10) + out;" in repairs(text, line=2)  # appended: prepend
    assert "out = out + s.trim();" in repairs(text, line=3)  # prepended: append
    assert not any("n + k" in r for r in repairs(text, line=4))  # numbers: no order to fix
    assert "out = s + out + s;" not in repairs(text, line=5)  # three operands
    assert "String t = s + out;" not in repairs(text, line=6)  # a declaration


def contest(line: str) -> list[str]:
    """The focus line after each contest template (contest_templates), in order."""
    text = "class C { void f() {\n" + line + "\n}}"
    start = text.index(line)
    found = contest_templates(java.parse(text).tokens, start, start + len(line))
    return [apply_edits(text, [e]).split("\n")[1] for e in found]


def test_an_int_declaration_is_widened_with_its_reads_and_constants():
    assert contest("int n = Integer.parseInt(st.nextToken());") == [
        "long n = Long.parseLong(st.nextToken());"
    ]
    assert contest("int[] a = new int[n];") == ["long[] a = new long[n];"]  # one statement
    assert "long x = sc.nextLong();" in contest("int x = sc.nextInt();")
    assert contest("Arrays.fill(d, Integer.MAX_VALUE);")[1:] == [
        "Arrays.fill(d, Long.MAX_VALUE);",
        "Arrays.fill(d, Integer.MIN_VALUE);",
    ]


def test_casts_go_before_the_left_operand_of_a_product_or_quotient():
    got = contest("long r = a[i] * b / f(x).y;")
    assert "long r = (long) a[i] * b / f(x).y;" in got
    assert "long r = a[i] * (double) b / f(x).y;" in got
    assert "long r = a[i] * b % f(x).y;" in got
    assert "long s = (long) (a + b) * c;" in contest("long s = (a + b) * c;")
    assert not any("(long) (long)" in g for g in contest("long s = (long) a * b;"))


def test_similar_members_keywords_and_assignments_are_swapped():
    assert contest("best = Math.min(best, cur);") == [
        "best += Math.min(best, cur);",
        "best -= Math.min(best, cur);",
        "best *= Math.min(best, cur);",
        "best = Math.max(best, cur);",
        "best = Math.min(cur, best);",  # neighbouring arguments swapped
    ]
    assert contest("System.out.print(x);") == ["System.out.println(x);"]
    assert contest("if (a == 0) break;") == ["if (a == 0) continue;"]
    assert contest("j--;") == ["j++;"]
    assert contest("x %= 10;") == ["x /= 10;"]
    assert contest("e >>= 1;") == ["e <<= 1;"]
    assert contest("x &= y;") == ["x |= y;", "x ^= y;"]
    assert contest("p += 5;") == ["p = 5;", "p -= 5;", "p *= 5;"]
    assert contest("z = x | y;")[-2:] == ["z = x & y;", "z = x ^ y;"]
    assert contest("int t = 0;") == ["long t = 0;"]  # no "+=" in a declaration


def test_string_comparison_becomes_equals_but_not_on_literals():
    assert contest("if (s == r) {") == ["if (s.equals(r)) {"]
    assert contest("if (a.get(i) != b) {") == ["if (!a.get(i).equals(b)) {"]
    assert contest("if (a == 0 || b == null) {") == []


def test_subtraction_operands_swap_and_off_by_ones_are_removed():
    assert "sort(p, (x, y) -> x[1] - y[1]);" in contest("sort(p, (x, y) -> y[1] - x[1]);")
    got = contest("s += a[i - 1] - b;")
    assert "s += a[i] - b;" in got  # "- 1" removed
    assert "s += b - a[i - 1];" in got
    assert "s += a[1 - i] - b;" not in got  # "i - 1" ends in "]", not ")", ";" or ","


def test_declared_types_of_locals_parameters_and_loop_variables():
    text = """class C { void f(String[] args) {
 Scanner sc = new Scanner(System.in);
 int n = sc.nextInt(), m = g(a, b);
 long[] pre = new long[n + 1];
 Map<String, Integer> cnt = new HashMap<>();
 for (int i = 0, j = n - 1; i < j; i++) {}
 for (long v : adj[u]) {}
 double avg = 0; float w = 1; char c = 'a';
 sort(p, (x, y) -> x[1] - y[1]);
}}"""
    assert declared_types(java.parse(text).tokens) == {
        "args": "String[]",
        "sc": "Scanner",
        "n": "int",
        "m": "int",
        "pre": "int[]",  # long and int are one family
        "cnt": "Map",
        "i": "int",
        "j": "int",
        "v": "int",
        "avg": "double",
        "w": "double",
        "c": "char",
    }  # a, b (arguments), u, p, x, y (lambda parameters): no declared type


def test_literal_step_names_a_literal_one_more_or_one_less():
    assert literal_step("25", "26") == "+"
    assert literal_step("10L", "9L") == "-"
    assert literal_step("25", "27") is None
    assert literal_step("25", "26L") is None  # another type
    assert literal_step("x", "1") is None


def test_a_new_literal_is_scored_as_the_old_one_plus_or_minus_one():
    text = "class C {\n  int f(int[] c) {\n    return c[25] + c[7];\n  }\n}\n"
    doc = ParsedText.parse(text, JavaFrontend())
    start = text.index("    return")
    (unit,) = doc.frontend.units_in(doc.parsed, start, start, ())
    known = {"+", "-", "1", "(", ")", "return", "[", "]", ";"}
    found = {
        (text[e.start : e.end], e.new_text): target
        for e, target in doc.frontend.templates(unit, start, text.index("\n  }"), known)
    }
    body = ("return", "VAR_1", "[", "INT_1", "]", "+", "VAR_1", "[", "INT_2", "]", ";", "}")
    assert unit.tokens[-len(body) :] == body
    head = unit.tokens[: -len(body)]
    assert found["25", "26"] == (*head, *body[:3], "(", "INT_1", "+", "1", ")", *body[4:])
    assert found["7", "6"] == (*head, *body[:8], "(", "INT_2", "-", "1", ")", *body[9:])
    assert found["+", "-"] == (*head, *body[:5], "-", *body[6:])  # in the vocabulary: as is


def test_an_off_by_one_follows_a_member_too():
    got = repairs("class C { void f(String[] w) {\nfor (int i = w.length; i >= 0; i--) {}\n}}", 1)
    assert "for (int i = w.length - 1; i >= 0; i--) {}" in got
