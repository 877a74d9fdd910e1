"""Hypotheses -> candidates -> LSP objects, without a model or a server."""

from __future__ import annotations

import math

import pytest
from lsprotocol import types

from lsp_server import convert
from spancopy_core.actions import Hypothesis
from spancopy_core.edits import apply_edits
from spancopy_core.positions import LineIndex
from spancopy_core.repair.candidates import (
    candidates,
    confidence,
    format_probability,
    title,
    unchanged_share,
)
from spancopy_core.repair.java import JavaFrontend

from . import editor
from .toy import VOCAB

TEXT = """class Toy {
    int clamp(int value, int limit) {
        String s = "😀é"; if (value > limit) {
            return limit;
        }
        return value;
    }
}
"""
FRONTEND = JavaFrontend()


@pytest.fixture(scope="module")
def unit():
    parsed = FRONTEND.parse(TEXT)
    at = TEXT.index(">")
    (u,) = FRONTEND.units_in(parsed, at, at, VOCAB)
    return u


def replaced(tokens, old, new, occurrence=0):
    out, seen = list(tokens), 0
    for k, t in enumerate(out):
        if t == old:
            if seen == occurrence:
                out[k : k + 1] = new
                return out
            seen += 1
    raise AssertionError(f"{old} not found")


def hyps(unit):
    t = unit.tokens
    return [
        Hypothesis(replaced(t, ">", [">="]), -0.5, []),  # the fix
        Hypothesis(list(t), -1.0, []),  # unchanged
        Hypothesis(replaced(t, ";", []), -1.5, []),  # return limit  } : no longer parses
        Hypothesis(replaced(t, ">", [">", "VAR_9"]), -2.0, []),  # a name the method lacks
        Hypothesis(replaced(t, ">", ["<"]), -4.0, []),
        Hypothesis(replaced(t, ">", [">="]), -3.0, []),  # the fix again (merge_at_end)
    ]


def test_candidates_rank_map_back_and_drop(unit):
    h = hyps(unit)
    style = FRONTEND.style(FRONTEND.parse(TEXT))
    found = candidates(TEXT, unit, h, style, FRONTEND, top_k=5)
    z = sum(math.exp(x.log_prob) for x in h)
    assert [c.title for c in found] == ["Replace `>` with `>=`", "Replace `>` with `<`"]
    assert found[0].probability == pytest.approx((math.exp(-0.5) + math.exp(-3.0)) / z)
    assert found[1].probability == pytest.approx(math.exp(-4.0) / z)
    assert found[0].log_prob == pytest.approx(math.log(math.exp(-0.5) + math.exp(-3.0)))
    fixed = apply_edits(TEXT, found[0].edits)
    assert fixed == TEXT.replace("value > limit", "value >= limit")
    assert fixed[found[0].start : found[0].start + len(found[0].new_text)] == found[0].new_text
    assert unchanged_share(unit, h) == pytest.approx(math.exp(-1.0) / z)
    # Past top_k, hypotheses are only merged into the repairs found: the same share.
    (only,) = candidates(TEXT, unit, h, style, FRONTEND, top_k=1)
    assert only.title == found[0].title and only.probability == found[0].probability
    # Without the syntax check the broken candidate is offered; top_k cuts the list.
    loose = candidates(TEXT, unit, h, style, FRONTEND, top_k=2, syntax_check=False)
    assert [c.title for c in loose] == ["Replace `>` with `>=`", "Delete `;`"]


def test_nothing_to_offer(unit):
    style = FRONTEND.style(FRONTEND.parse(TEXT))
    assert candidates(TEXT, unit, [], style, FRONTEND, top_k=5) == []
    only_input = [Hypothesis(list(unit.tokens), -0.1, [])]
    assert candidates(TEXT, unit, only_input, style, FRONTEND, top_k=5) == []
    assert unchanged_share(unit, []) == 0.0


def test_confidence_against_the_unchanged_method(unit):
    h = hyps(unit)
    style = FRONTEND.style(FRONTEND.parse(TEXT))
    best = candidates(TEXT, unit, h, style, FRONTEND, top_k=1)[0]
    assert confidence(unit, h, best) == pytest.approx(
        (math.exp(-0.5) + math.exp(-3.0)) / math.exp(-1.0)
    )
    lost = [x for x in h if x.tokens != list(unit.tokens)]  # the beam lost the input
    best = candidates(TEXT, unit, lost, style, FRONTEND, top_k=1)[0]
    assert confidence(unit, lost, best) == pytest.approx(
        (math.exp(-0.5) + math.exp(-3.0)) / math.exp(-4.0)
    )


@pytest.mark.parametrize(
    ("p", "shown"), [(0.0, "<1%"), (0.004, "<1%"), (0.31, "31%"), (0.994, "99%"), (0.999, ">99%")]
)
def test_format_probability(p, shown):
    assert format_probability(p) == shown


@pytest.mark.parametrize(("encoding", "character"), [("utf-16", 36), ("utf-8", 39), ("utf-32", 35)])
def test_code_action_ranges_in_each_encoding(unit, encoding, character):
    style = FRONTEND.style(FRONTEND.parse(TEXT))
    best = candidates(TEXT, unit, hyps(unit), style, FRONTEND, top_k=1)[0]
    lines = LineIndex(TEXT)
    action = convert.code_action(
        "file:///Toy.java", 7, lines, best, encoding, preferred=True, data={"id": 1}
    )
    assert action.title == title(best) == "Replace `>` with `>=` (47%)"
    assert action.kind == types.CodeActionKind.QuickFix and action.is_preferred
    (edit,) = action.edit.document_changes[0].edits
    # `        String s = "😀é"; if (value >`: the emoji is 2 UTF-16 units, 4 UTF-8 bytes.
    assert edit.range.start == types.Position(line=2, character=character)
    assert editor.apply_action(TEXT, action, "file:///Toy.java", 7, encoding) == apply_edits(
        TEXT, best.edits
    )
    assert convert.offset(lines, edit.range.start, encoding) == TEXT.index(">")
    bare = convert.without_edit(action)
    assert bare.edit is None and (bare.title, bare.data) == (action.title, {"id": 1})


def test_diagnostic_points_at_the_change(unit):
    style = FRONTEND.style(FRONTEND.parse(TEXT))
    best = candidates(TEXT, unit, hyps(unit), style, FRONTEND, top_k=1)[0]
    d = convert.diagnostic(LineIndex(TEXT), best, "clamp", 2.5, "utf-16")
    assert d.severity == types.DiagnosticSeverity.Information and d.source == "spancopy"
    assert d.range.start == types.Position(line=2, character=36)
    assert "Replace `>` with `>=`" in d.message and "2.5x" in d.message


def test_editor_positions_agree_with_line_index():
    text = "a😀\r\nb\rcé\n\n"
    lines = LineIndex(text)
    for enc in ("utf-8", "utf-16", "utf-32"):
        for k in range(len(text) + 1):
            if text[k - 1 : k + 1] == "\r\n":
                continue
            pos = convert.position(lines, k, enc)
            assert pos == editor.to_position(text, k, enc)
            assert editor.to_offset(text, pos, enc) == k
