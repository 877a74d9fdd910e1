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

from .conftest import change_doc, close, launch, line_actions, open_doc, shown_percent, until

pytestmark = pytest.mark.asyncio(loop_scope="function")

TEXT = """class Names {
    static int count(String[] names, String wanted) {
        int n = 0;
        for (String name : names) {
            if (name == wanted) {
                n++;
            }
        }
        return n;
    }
}
"""
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
# (text, the buggy code, its fix, the 0-based line of both, what the warning says): a String
# compared by reference; an array one short, read at n in a loop from 1, marked and fixed on
# its declaration's line; a search from the least value that takes the minimum, fixed by a
# method the method does not call (Math.max, outside the model's vocabulary)
CASES = [
    (TEXT, "name == wanted", "name.equals(wanted)", 4, "compares Strings by reference"),
    (PREFIX, "new long[n]", "new long[n + 1]", 2, "reads past the end"),
    (STUCK, "Math.min(best, x)", "Math.max(best, x)", 4, "never changes 'best'"),
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
    ("text", "bug", "fix", "at", "says"), CASES, ids=["equals", "size", "extreme"]
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
