"""Candidates that make no sense never reach the ranking: the Java front-end's validity
check (spancopy_core.lang.java.validity) applied to the beam's candidates and to the templates,
through the Frontend contract; prose keeps its candidates."""

from __future__ import annotations

from spancopy_core.paper.actions import Hypothesis
from spancopy_core.repair import ranking
from spancopy_core.repair.candidates import candidates
from spancopy_core.repair.frontend import Unit
from spancopy_core.repair.java import JavaFrontend
from spancopy_core.repair.prose import PLAINTEXT
from tests.toy import VOCAB

TEXT = """class Stats {
    private int count;

    static int indexOfMax(int[] a) {
        int best = 0;
        for (int i = 1; i < a.length; i++) {
            if (a[i] > a[best]) best = i;
        }
        return best;
    }
}
"""
FRONTEND = JavaFrontend()


def _unit() -> Unit:
    at = TEXT.index("best = 0")
    (unit,) = FRONTEND.units_in(FRONTEND.parse(TEXT), at, at, VOCAB)
    return unit


def _replaced(unit: Unit, old: str, new: str) -> list[str]:
    """The unit's model tokens with the last ``old`` (concrete text) made ``new``."""
    names = {text: p for p, text in unit.mapping.surface.items()}
    tokens = list(unit.tokens)
    k = max(k for k, t in enumerate(unit.mapping.concretize(tokens)) if t == old)
    tokens[k] = names.get(new, new)
    return tokens


def test_the_beams_nonsense_is_dropped() -> None:
    unit = _unit()
    hypotheses = [
        Hypothesis(_replaced(unit, "best", "i"), -0.5, []),  # return i: out of its loop
        Hypothesis(_replaced(unit, "length", "size"), -0.6, []),  # a.size on an array
        Hypothesis(list(unit.tokens), -1.0, []),  # unchanged
        Hypothesis(_replaced(unit, "<", ">="), -1.2, []),  # i >= a.length; i++: never ends
        Hypothesis(_replaced(unit, "<", "<="), -1.4, []),  # i <= a.length, a[i]: past the end
        Hypothesis(_replaced(unit, "1", "0"), -1.5, []),  # i = 0: sense
    ]
    style = FRONTEND.style(FRONTEND.parse(TEXT))
    found = candidates(TEXT, unit, hypotheses, style, FRONTEND, top_k=5)
    assert [c.title for c in found] == ['Change to "for (int i = 0; i < a.length; i++) {"']


def test_the_templates_nonsense_is_dropped() -> None:
    unit = _unit()
    lo = TEXT.index("if (a[i]")
    focus = (lo, TEXT.index("\n", lo))
    titles = [c.title for c in ranking.template_candidates(TEXT, unit, FRONTEND, focus, VOCAB)]
    assert 'Change to "if (a[i] >= a[best]) best = i;"' in titles
    assert 'Change to "if (!a[i] > a[best]) best = i;"' not in titles  # ! on an int


def test_a_template_that_only_swaps_a_commutative_calls_arguments_is_dropped() -> None:
    text = TEXT.replace("if (a[i] > a[best]) best = i;", "count = Math.max(count, a[i]);")
    at = text.index("count = Math")
    (unit,) = FRONTEND.units_in(FRONTEND.parse(text), at, at, VOCAB)
    focus = (at, text.index("\n", at))
    titles = [c.title for c in ranking.template_candidates(text, unit, FRONTEND, focus, VOCAB)]
    assert titles  # the line has templates
    assert not any("Math.max(a[i], count)" in t for t in titles)


def test_prose_keeps_every_candidate() -> None:
    text = "Its a nice day."
    (unit,) = PLAINTEXT.all_units(PLAINTEXT.parse(text), VOCAB)
    assert PLAINTEXT.sensible(unit, "x < x && x")
