"""Hypotheses -> ranked repair candidates of a unit, without a model."""

from __future__ import annotations

import math

import pytest

from spancopy_core.editing.edits import apply_edits
from spancopy_core.paper.actions import Hypothesis
from spancopy_core.repair.candidates import (
    candidates,
    confidence,
    format_probability,
    same_program_share,
    unchanged_share,
)
from spancopy_core.repair.frontend import Unit
from spancopy_core.repair.java import JavaFrontend
from tests.java_sources import LONG_CLAMP as LONG
from tests.toy import VOCAB

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


def clamp_unit() -> Unit:
    """The method of :data:`TEXT`, abstracted with the toy vocabulary."""
    at = TEXT.index(">")
    (u,) = FRONTEND.units_in(FRONTEND.parse(TEXT), at, at, VOCAB)
    return u


@pytest.fixture(scope="module")
def unit() -> Unit:
    return clamp_unit()


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
    assert [c.title for c in found] == [
        'Change to "String s = "😀é"; if (value >= limit) {"',
        'Change to "String s = "😀é"; if (value < limit) {"',
    ]
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
    assert [c.title for c in loose][0] == found[0].title
    assert loose[1].title == 'Change to "String s = "😀é" if (value > limit) {"'


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


def test_every_edit_stays_inside_the_unit(unit):
    """Dropping the method's closing brace would delete its line with the newline after the
    method (outside the unit): never offered, even without the syntax check."""
    style = FRONTEND.style(FRONTEND.parse(TEXT))
    brace = Hypothesis(list(unit.tokens[:-1]), -0.1, [])
    fix = Hypothesis(replaced(unit.tokens, ">", [">="]), -0.2, [])
    found = candidates(TEXT, unit, [brace, fix], style, FRONTEND, top_k=5, syntax_check=False)
    for c in found:
        assert all(unit.start <= e.start <= e.end <= unit.end for e in c.edits), c.title
    assert found[-1].title == 'Change to "String s = "😀é"; if (value >= limit) {"'


def test_parentheses_that_only_group_a_name_are_not_written(unit):
    """BFP's fixes write ( VAR_1 ) != null and the model learnt it: java-algorithms'
    MultiAgentScheduling was offered `if ((agents) != null) ...`. Generated grouping
    parentheses around a name are left out; a hypothesis that only adds them changes nothing."""
    style = FRONTEND.style(FRONTEND.parse(TEXT))
    value = unit.tokens.index(">") - 1  # the placeholder of value, before >
    name = unit.tokens[value]
    grouped = list(unit.tokens)
    grouped[value : value + 1] = ["(", name, ")"]
    guarded = replaced(grouped, ">", [">="])
    h = [Hypothesis(guarded, -0.5, []), Hypothesis(grouped, -1.0, [])]
    (found,) = candidates(TEXT, unit, h, style, FRONTEND, top_k=5)
    assert found.title == 'Change to "String s = "😀é"; if (value >= limit) {"'


def test_a_narrowed_unit_leaves_alone_what_the_model_did_not_read():
    """A long method read at a focus (Unit.gaps): a repair inside what the model read is
    offered; one whose edit would cover the text left out (the tokens on either side of a
    gap deleted) never is, nor one whose edits surround it."""
    doc = FRONTEND.parse(LONG)
    line = LONG.split("\n").index("        if (value > limit) {")
    start = sum(len(x) + 1 for x in LONG.split("\n")[:line])
    (whole,) = FRONTEND.units_in(doc, start, start, VOCAB)
    unit = FRONTEND.narrowed(doc, whole, start, start + 26, 30, VOCAB)
    assert unit is not None and unit.gaps and len(unit.tokens) < len(whole.tokens)
    (gap, *_) = unit.gaps
    assert LONG[slice(*gap)].split("\n        ") == [
        "int a = value * 2;",
        "int b = a + limit;",
        "int c = b - value;",
    ]
    # the positions of the tokens on either side of the first gap
    before = max(k for k, t in enumerate(unit.source_tokens) if t.end <= gap[0])
    after = before + 1
    spans = unit.mapping.spans
    p = next(k for k, (s, _) in enumerate(spans) if s == before)
    q = next(k for k, (s, _) in enumerate(spans) if s == after)
    t = list(unit.tokens)
    across = t[:p] + t[q + 1 :]  # "{" and "int" of "int d" gone: would delete the gap
    style = FRONTEND.style(doc)
    around = replaced(replaced(t, ">", [">="]), "int", ["long"])  # edits on either side
    h = [
        Hypothesis(replaced(t, ">", [">="]), -0.5, []),
        Hypothesis(across, -0.6, []),
        Hypothesis(around, -0.7, []),
        Hypothesis(t, -1.0, []),
    ]
    found = candidates(LONG, unit, h, style, FRONTEND, top_k=5, syntax_check=False)
    assert [apply_edits(LONG, c.edits) for c in found] == [
        LONG.replace("value > limit", "value >= limit")
    ]
    for c in found:
        assert LONG[slice(*gap)] in c.new_text


EMPTY = """class Toy extends Base {
    int value;

    Toy() {
    }
}
"""


def test_a_change_that_leaves_the_unit_as_it_is_is_the_unit_unchanged():
    """jline's empty ``StringsCompleter() {}``: 30% of the beam wrote ``super();`` (Java
    implies it: no repair, dropped) and the rest a statement the unit cannot name, so the
    head's 13% went to ``Insert "init();"`` of 2%, answered automatically. The share of the
    beam's changes that leave the unit as it is (``super();`` first, ``return;`` last);
    not a real repair, a name the unit lacks or the input itself."""
    at = EMPTY.index("Toy()")
    (unit,) = FRONTEND.units_in(FRONTEND.parse(EMPTY), at, at, VOCAB)
    style = FRONTEND.style(FRONTEND.parse(EMPTY))
    t = list(unit.tokens)
    body = t.index("{") + 1
    implied = t[:body] + ["super", "(", ")", ";"] + t[body:]
    assigns = t[:body] + ["this", ".", "VAR_9", "=", "0", ";"] + t[body:]  # no such name
    returns = t[:body] + ["return", ";"] + t[body:]  # Java implies it last: the same program
    public = ["public", *t]  # a real repair (a modifier)
    h = [
        Hypothesis(implied, -1.0, []),
        Hypothesis(assigns, -1.2, []),
        Hypothesis(t, -2.0, []),
        Hypothesis(public, -2.5, []),
        Hypothesis(returns, -3.0, []),
    ]
    pool = candidates(EMPTY, unit, h, style, FRONTEND, top_k=5)
    assert [c.title for c in pool] == ['Change to "public Toy() {"']
    z = sum(math.exp(x.log_prob) for x in h)
    changed = 1 - math.exp(-2.0) / z
    same = (math.exp(-1.0) + math.exp(-3.0)) / z
    got = same_program_share(EMPTY, unit, h, style, FRONTEND, pool)
    assert got == pytest.approx(same / changed)
    assert same_program_share(EMPTY, unit, [h[2], h[3]], style, FRONTEND, pool) == 0.0
    assert same_program_share(EMPTY, unit, [h[2]], style, FRONTEND, []) == 0.0
    assert same_program_share(EMPTY, unit, [], style, FRONTEND, []) == 0.0
