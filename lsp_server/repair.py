"""From decoded hypotheses to ranked repair candidates of one unit (pure, no LSP).

For each hypothesis of a unit, best first: skip the unchanged input; map it back to the
source with :func:`spancopy_core.edits.edits` (minimal, format-preserving edits; a hypothesis
that needs a name the method does not have raises ``ConcretizeError`` and is dropped); with
``syntax_check``, drop it when the unit parsed before and no longer parses after the edits;
merge hypotheses that give the same text. Each candidate carries a title in the file's own
names (:func:`spancopy_core.edits.summary`, e.g. "Replace `>` with `>=`").

Probability. ``probability`` is the candidate's *share of the probability mass of every
hypothesis the beam search returned for the unit*, the unchanged input and the dropped ones
included: ``exp(log_prob) / sum over hypotheses of exp(log_prob)``. A user reads "31%" as
"of what the model considered, this repair got 31%"; dropping unmappable hypotheses never
inflates the others, and the unchanged method's share is what the rest is measured against.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from spancopy_core.actions import Hypothesis
from spancopy_core.edits import Style, TextEdit, apply_edits, edits, summary
from spancopy_core.lang.errors import FrontendError

from .languages import Frontend, Unit


@dataclass(frozen=True)
class Candidate:
    """One repair of a unit: its edits on the document text, title and probability."""

    edits: tuple[TextEdit, ...]
    title: str
    probability: float
    log_prob: float
    start: int  # code-point range of the text that the edits touch, unit included
    end: int
    new_text: str  # text[start:end] after the edits


def _log_total(hypotheses: Sequence[Hypothesis]) -> float:
    m = max(h.log_prob for h in hypotheses)
    return m + math.log(sum(math.exp(h.log_prob - m) for h in hypotheses))


def _logaddexp(a: float, b: float) -> float:
    m = max(a, b)
    return m + math.log(math.exp(a - m) + math.exp(b - m))


def unchanged_share(unit: Unit, hypotheses: Sequence[Hypothesis]) -> float:
    """The share of the unchanged input among ``hypotheses`` (0 when the beam lost it)."""
    if not hypotheses:
        return 0.0
    total = _log_total(hypotheses)
    return sum(math.exp(h.log_prob - total) for h in hypotheses if tuple(h.tokens) == unit.tokens)


def candidates(
    text: str,
    unit: Unit,
    hypotheses: Sequence[Hypothesis],
    style: Style,
    frontend: Frontend,
    *,
    top_k: int,
    syntax_check: bool = True,
) -> list[Candidate]:
    """At most ``top_k`` repairs of ``unit`` in ``text``, most probable first."""
    if not hypotheses:
        return []
    total = _log_total(hypotheses)
    found: dict[str, Candidate] = {}
    for h in hypotheses:
        if tuple(h.tokens) == unit.tokens:
            continue
        try:
            changes = edits(text, unit.source_tokens, unit.mapping, h, style=style)
        except FrontendError:
            continue  # a name the unit does not have, or nothing to anchor an edit to
        if not changes:
            continue
        start = min(unit.start, *(e.start for e in changes))
        end = max(unit.end, *(e.end for e in changes))
        shifted = [TextEdit(e.start - start, e.end - start, e.new_text) for e in changes]
        new_text = apply_edits(text[start:end], shifted)
        if syntax_check and not unit.has_error and not frontend.still_parses(unit, new_text):
            continue
        share = math.exp(h.log_prob - total)
        old = found.get(new_text)
        if old is not None:  # another hypothesis with the same text: the mass adds up
            found[new_text] = Candidate(
                old.edits,
                old.title,
                old.probability + share,
                _logaddexp(old.log_prob, h.log_prob),
                old.start,
                old.end,
                new_text,
            )
            continue
        found[new_text] = Candidate(
            tuple(changes), summary(text, changes), share, h.log_prob, start, end, new_text
        )
    ranked = sorted(found.values(), key=lambda c: -c.probability)
    return ranked[:top_k]


def format_probability(p: float) -> str:
    """``0.31`` -> ``"31%"``; below one percent ``"<1%"``, above 99.5% ``">99%"``."""
    if p < 0.01:
        return "<1%"
    if p > 0.995:
        return ">99%"
    return f"{p:.0%}"


def title(candidate: Candidate) -> str:
    """The code action title: "Replace `>` with `>=` (31%)"."""
    return f"{candidate.title} ({format_probability(candidate.probability)})"
