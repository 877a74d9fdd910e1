"""Likely bugs through a real server (issue 24): with the shipped model and a detection head that
never says "needs a change", an automatic request at a line comparing Strings by reference, or
declaring an array one element short of the loop that fills it, is answered, its fix first, and
a diagnostic names the bug and the fix; the same file fixed gets neither. The head alone would
answer nothing: the answer is the check's."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
import torch
from lsprotocol import types

from spancopy_core import DEFAULT_JAVA_MODEL
from spancopy_core.paper import detection
from spancopy_core.paper.detection import DetectionHead, DetectorConfig
from tests.java_sources import CORRECT_MAX, NAMES, ONE_LINERS

from .conftest import (
    change_doc,
    check_repairs,
    close,
    launch,
    line_actions,
    open_doc,
    shown_percent,
    until,
)

pytestmark = pytest.mark.asyncio(loop_scope="function")

TEXT = NAMES
PREFIX = """class Sums {
    static long[] prefix(int n, int[] a) {
        long[] pre = new long[n];
        for (int i = 1; i <= n; i++) {
            pre[i] = pre[i - 1] + a[i - 1];
        }
        return pre;
    }
}
"""
STUCK = """class Search {
    static long best(long[] a) {
        long best = Long.MIN_VALUE;
        for (long x : a) {
            best = Math.min(best, x);
        }
        return best;
    }
}
"""
SEARCH = """import java.util.ArrayDeque;
import java.util.Arrays;

class Grid {
    static int steps(char[][] grid, int rows, int cols, int[] dr, int[] dc) {
        int[][] dist = new int[rows][cols];
        for (int[] row : dist) Arrays.fill(row, -1);
        ArrayDeque<int[]> queue = new ArrayDeque<>();
        queue.add(new int[] {0, 0});
        dist[0][0] = 0;
        while (!queue.isEmpty()) {
            int[] at = queue.poll();
            for (int d = 0; d < 4; d++) {
                int r = at[0] + dr[d], c = at[1] + dc[d];
                if (r < 0 || c < 0 || r >= rows || c >= cols) continue;
                if (grid[r][c] == '#') continue;
                dist[r][c] = dist[at[0]][at[1]] + 1;
                queue.add(new int[] {r, c});
            }
        }
        return dist[rows - 1][cols - 1];
    }
}
"""
SWAPPED = """class Ranges {
    static long sum(long[] prefix, int from, int to) {
        return prefix[to] - prefix[from];
    }

    static long total(long[] prefix, int from, int to) {
        return sum(prefix, to, from);
    }
}
"""
# (text, the buggy code, its fix, the 0-based line of both, what the warning says): a String
# compared by reference; an array one short, read at n in a loop from 1, marked and fixed on
# its declaration's line; a search from the least value that takes the minimum, fixed by a
# method the method does not call (Math.max, outside the model's vocabulary); a breadth-first
# search that never skips a cell it has seen, fixed by eight tokens; arguments named as each
# other's parameters
CASES = [
    (TEXT, "name == wanted", "name.equals(wanted)", 4, "compares Strings by reference"),
    (PREFIX, "new long[n]", "new long[n + 1]", 2, "reads past the end"),
    (STUCK, "Math.min(best, x)", "Math.max(best, x)", 4, "never changes 'best'"),
    (SEARCH, "'#')", "'#' || dist[r][c] != -1)", 15, "never tested for -1"),
    (SWAPPED, "sum(prefix, to, from)", "sum(prefix, from, to)", 6, "passes 'to' as 'from'"),
]


def never_head(directory: Path) -> Path:
    """A copy of the shipped model whose detection head says "no change needed" to anything."""
    shutil.copytree(DEFAULT_JAVA_MODEL, directory)
    shipped = json.loads((DEFAULT_JAVA_MODEL / detection.CONFIG).read_text())
    head = DetectionHead(DetectorConfig(features=shipped["features"], hidden=0))
    with torch.no_grad():
        head.net[0].weight.zero_()
        head.net[0].bias.fill_(-20.0)
    detection.save(directory, head)
    return directory


@pytest.mark.parametrize(
    ("text", "bug", "fix", "at", "says"),
    CASES,
    ids=["equals", "size", "extreme", "search", "swapped"],
)
async def test_a_likely_bug_is_answered_and_marked_where_the_head_is_silent(
    tmp_path, text, bug, fix, at, says
):
    settings = {"diagnostics": {"enable": True, "debounceMs": 0}}
    client = await launch(never_head(tmp_path / "model"), settings)
    try:
        uri = (tmp_path / "Names.java").as_uri()
        open_doc(client, uri, text)
        line = text.split("\n")[at]
        auto = await line_actions(client, uri, at, line, types.CodeActionTriggerKind.Automatic)
        assert auto and fix in auto[0].title
        assert auto[0].is_preferred
        assert shown_percent(auto[0]) >= 50  # the share of such lists, not the silent head's
        await until(lambda: bool(client.diagnostics.get(uri)))
        (found,) = client.diagnostics[uri]
        assert found.range.start.line == at
        assert says in found.message
        assert fix in found.message
        assert found.severity == types.DiagnosticSeverity.Warning

        fixed = text.replace(bug, fix)
        change_doc(client, uri, 2, fixed)
        await until(lambda: len(client.diagnostics[uri]) == 0)  # published again, empty
        line = fixed.split("\n")[at]
        auto = await line_actions(client, uri, at, line, types.CodeActionTriggerKind.Automatic)
        assert not auto
    finally:
        await close(client)


def long_main(bug: str) -> str:
    """A contest program whose ``main`` is over the length limit, with ``bug`` at line 6."""
    reads = "".join(
        f"        long v{k} = sc.nextLong();\n        total += v{k} * {k};\n" for k in range(30)
    )
    return (
        "import java.util.Scanner;\n\nclass Main {\n    public static void main(String[] args) {\n"
        "        Scanner sc = new Scanner(System.in);\n"
        "        String s = sc.next(), t = sc.next();\n"
        f"        {bug}\n        long total = 0;\n{reads}"
        "        System.out.println(total);\n    }\n}\n"
    )


async def test_a_method_over_the_length_limit_is_searched_around_the_line_asked(tmp_path):
    """maxMethodTokens (400) is over a long main's length, but a line asked is searched in the
    statements around it: the likely bug's fix comes first there, automatically too; the
    other lines keep quiet when the cursor moves; asked for, their repairs stay near the line
    and leave the far statements as they are; once fixed, the bug's line is quiet."""
    client = await launch(DEFAULT_JAVA_MODEL)
    try:
        uri = (tmp_path / "Main.java").as_uri()
        text = long_main('if (s == t) System.out.println("same");')
        method = text[text.index("    public static") : text.rindex("    }") + 5]
        open_doc(client, uri, text)
        line = text.split("\n")[6]
        auto = await line_actions(client, uri, 6, line, types.CodeActionTriggerKind.Automatic)
        assert auto and "s.equals(t)" in auto[0].title and auto[0].is_preferred
        asked = await line_actions(client, uri, 6, line, types.CodeActionTriggerKind.Invoked)
        assert asked and "s.equals(t)" in asked[0].title
        check_repairs(asked, text, uri, 1, method)
        far = [x for x in text.split("\n")[40:66] if x.strip()]  # 20 lines below and more
        for at in (9, 30):
            other = text.split("\n")[at]
            trigger = types.CodeActionTriggerKind.Automatic
            assert not await line_actions(client, uri, at, other, trigger)
            found = await line_actions(client, uri, at, other, types.CodeActionTriggerKind.Invoked)
            for repaired in check_repairs(found, text, uri, 1, method):
                kept = repaired.split("\n")
                assert all(x in kept for x in far if abs(text.split("\n").index(x) - at) > 20)
        fixed = text.replace("s == t", "s.equals(t)")
        change_doc(client, uri, 2, fixed)
        line = fixed.split("\n")[6]
        auto = await line_actions(client, uri, 6, line, types.CodeActionTriggerKind.Automatic)
        assert not auto
    finally:
        await close(client)


async def test_a_method_over_the_length_limit_is_marked_at_a_likely_bug_only(tmp_path):
    """Diagnostics do not search a method over maxMethodTokens, but a likely bug in it whose
    fix a check knows is marked, with that fix; once fixed, the method is not marked."""
    settings = {"diagnostics": {"enable": True, "debounceMs": 0}}
    client = await launch(DEFAULT_JAVA_MODEL, settings)
    try:
        uri = (tmp_path / "Main.java").as_uri()
        text = long_main('if (s == t) System.out.println("same");')
        open_doc(client, uri, text)
        await until(lambda: bool(client.diagnostics.get(uri)))
        (found,) = client.diagnostics[uri]
        assert found.range.start.line == 6
        assert "compares Strings by reference" in found.message and "s.equals(t)" in found.message
        change_doc(client, uri, 2, text.replace("s == t", "s.equals(t)"))
        await until(lambda: len(client.diagnostics[uri]) == 0)  # published again, empty
    finally:
        await close(client)


async def test_a_correct_loop_gets_no_automatic_answer_and_an_ordered_list(tmp_path):
    """The issue's Correct.java through a real server with the shipped model: the cursor
    moving onto its correct loop gets nothing; asked for, the alternatives come with shares
    that never increase down the list, the first preferred."""
    client = await launch(DEFAULT_JAVA_MODEL)
    try:
        uri = (tmp_path / "Correct.java").as_uri()
        open_doc(client, uri, CORRECT_MAX)
        at = 3
        line = CORRECT_MAX.split("\n")[at]
        assert line.strip() == "for (int i = 1; i < a.length; i++) {"
        auto = await line_actions(client, uri, at, line, types.CodeActionTriggerKind.Automatic)
        assert not auto
        asked = await line_actions(client, uri, at, line, types.CodeActionTriggerKind.Invoked)
        assert asked
        shares = [shown_percent(a) for a in asked]
        assert shares == sorted(shares, reverse=True)
        assert [bool(a.is_preferred) for a in asked] == [True] + [False] * (len(asked) - 1)
    finally:
        await close(client)


async def test_a_method_on_one_line_gets_no_lightbulb_but_a_list_when_asked(tmp_path):
    """picocli's one-line methods got a lightbulb at 23% of their lines (its other lines at
    3%), real bugs in such methods no more often: the cursor moving onto one gets nothing;
    asked for, the list comes, in order."""
    client = await launch(DEFAULT_JAVA_MODEL)
    try:
        uri = (tmp_path / "Layout.java").as_uri()
        open_doc(client, uri, ONE_LINERS)
        lines = ONE_LINERS.split("\n")
        at = next(k for k, x in enumerate(lines) if "isAttached()" in x)
        line = lines[at]
        auto = await line_actions(client, uri, at, line, types.CodeActionTriggerKind.Automatic)
        assert not auto
        asked = await line_actions(client, uri, at, line, types.CodeActionTriggerKind.Invoked)
        assert asked
        shares = [shown_percent(a) for a in asked]
        assert shares == sorted(shares, reverse=True)
    finally:
        await close(client)
