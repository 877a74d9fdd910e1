"""A long method read at a focus (spancopy_core.lang.java.narrowing): at every line of real JDK
methods and of a contest program's long main, what is left out is whole statements (switch
groups, members of a class in the method), never a token of the focus, farthest from it
first, and what is left is a method that still parses."""

from __future__ import annotations

import bisect

import pytest

from spancopy_core.lang import java
from spancopy_core.lang.java.narrowing import elided

LISTS = ("block", "constructor_body", "switch_block_statement_group", "switch_block", "class_body")

LONG_MAIN = """import java.util.*;

class Main {
    public static void main(String[] args) {
        Scanner sc = new Scanner(System.in);
        int n = sc.nextInt();
        long[] a = new long[n];
        for (int i = 0; i < n; i++) {
            a[i] = sc.nextLong();
        }
        long best = Long.MIN_VALUE, sum = 0;
        for (int i = 0; i < n; i++) {
            sum += a[i];
            if (sum > best) {
                best = sum;
            }
            if (sum < 0) {
                sum = 0;
            }
        }
        switch (n % 3) {
            case 0:
                System.out.println("zero");
                break;
            default:
                System.out.println("other");
        }
        Integer[] order = new Integer[n];
        for (int i = 0; i < n; i++) order[i] = i;
        Arrays.sort(order, new Comparator<Integer>() {
            @Override
            public int compare(Integer x, Integer y) {
                return Long.compare(a[x], a[y]);
            }

            @Override
            public String toString() {
                return "by value";
            }
        });
        String kind = switch ((int) (best % 2)) {
            case 0 -> "even";
            default -> {
                String odd = "odd";
                yield odd;
            }
        };
        int lo = 0, hi = n - 1;
        while (lo < hi) {
            int mid = (lo + hi) / 2;
            if (a[mid] < best) lo = mid + 1;
            else hi = mid;
        }
        System.out.println(best + " " + lo + " " + kind);
    }
}
"""


def statements(node: java.SyntaxNode) -> list[java.SyntaxNode]:
    """Every element of a block, a switch group, a switch or a class body under ``node`` (a
    walk of the test's own)."""
    out = []
    for child in node.named_children:
        if node.type in LISTS and child.type not in ("line_comment", "block_comment"):
            if child.type != "switch_label":
                out.append(child)
        out.extend(statements(child))
    return out


def cases(texts: dict[str, str]):
    """(source, method, line) for every line of every method with a body of ``texts``."""
    for name, text in texts.items():
        source = java.parse(text)
        for m in source.methods:
            if m.has_body and not m.has_error:
                tokens = source.tokens[m.tokens]
                for line in sorted({t.line for t in tokens}):
                    yield name, source, m, line


def check(source: java.JavaSource, method: java.Method, line: int, budget: int) -> None:
    lines = source.lines
    start, end = lines.offset(line, 0), lines.line_end(line)
    out = elided(source, method, start, end, budget)
    first, last = method.tokens.start, method.tokens.stop
    n = last - first
    if n <= budget:
        assert out == []
        return
    gone = {k for i, j in out for k in range(i, j)}
    # sorted, disjoint, apart, within the method
    assert all(first <= i < j <= last for i, j in out)
    assert all(a[1] < b[0] for a, b in zip(out, out[1:]))
    # no token of the focus line
    assert not any(source.tokens[k].line == line for k in gone)
    # whole statements: the kept text parses as the method it was
    text = source.text
    kept = ""
    cut = method.start
    for i, j in out:
        kept += text[cut : source.tokens[i].start]
        cut = source.tokens[j - 1].end
    kept += text[cut : method.end]
    assert not java.has_syntax_error("class C {\n" + kept + "\n}\n")
    # farthest first: every statement left whole is no farther than any statement left out
    starts = [t.start_byte for t in source.tokens]

    def span(node: java.SyntaxNode) -> tuple[int, int]:
        return bisect.bisect_left(starts, node.start_byte), bisect.bisect_left(
            starts, node.end_byte
        )

    def distance(i: int, j: int) -> int:
        top, bottom = source.tokens[i].line, source.tokens[j - 1].line
        return max(top - line, line - bottom, 0)

    spans = [span(s) for s in statements(source.method_node(method))]
    off_focus = [
        (i, j) for i, j in spans if not any(source.tokens[k].line == line for k in range(i, j))
    ]
    out_whole = [distance(i, j) for i, j in off_focus if all(k in gone for k in range(i, j))]
    in_whole = [distance(i, j) for i, j in off_focus if not any(k in gone for k in range(i, j))]
    if out_whole and in_whole:
        assert max(in_whole) <= min(out_whole)
    left = n - len(gone)
    if left > budget:  # nothing more could go
        assert in_whole == []


@pytest.mark.parametrize("budget", [25, 60, 120])
def test_every_line_of_real_methods(jdk_files: dict[str, str], budget: int):
    seen = 0
    for _, source, method, line in cases(jdk_files):
        check(source, method, line, budget)
        seen += 1
    assert seen > 500


@pytest.mark.parametrize("budget", [20, 50, 100, 150])
def test_every_line_of_a_long_main(budget: int):
    for _, source, method, line in cases({"Main.java": LONG_MAIN}):
        check(source, method, line, budget)


def read_at(line_text: str, budget: int) -> list[str]:
    """The tokens of LONG_MAIN's main left at its line ``line_text`` within ``budget``."""
    source = java.parse(LONG_MAIN)
    main = source.methods[0]
    line = LONG_MAIN.split("\n").index(line_text)
    start, end = source.lines.offset(line, 0), source.lines.line_end(line)
    out = elided(source, main, start, end, budget)
    return [t.text for k, t in enumerate(source.tokens[main.tokens], main.tokens.start)
            if not any(i <= k < j for i, j in out)]  # fmt: skip


def test_the_focus_and_what_encloses_it_stay():
    kept = read_at("                best = sum;", 60)
    text = " ".join(kept)
    assert len(kept) <= 60
    # the signature, the loop and the if around the focus, the statement before it
    assert text.startswith("public static void main ( String [ ] args ) {")
    assert (
        "for ( int i = 0 ; i < n ; i ++ ) { sum += a [ i ] ; if ( sum > best ) { best = sum ; }"
        in text
    )
    assert "switch" not in text and "while" not in text  # far below: out first
    assert text.endswith("} }")


def test_a_short_method_is_left_whole():
    source = java.parse(LONG_MAIN)
    main = source.methods[0]
    n = main.tokens.stop - main.tokens.start
    signature = main.start, source.lines.line_end(source.lines.line(main.start))
    assert elided(source, main, *signature, n) == []
    assert elided(source, main, *signature, n - 1) != []


def test_members_of_a_class_in_the_method_and_switch_rules_may_go():
    kept = " ".join(read_at("                return Long.compare(a[x], a[y]);", 60))
    assert "public int compare ( Integer x , Integer y ) { return Long . compare" in kept
    assert "toString" not in kept  # the other member of the anonymous class
    assert "yield" not in kept and "switch" not in kept
