"""From decoded hypotheses to ranked repair candidates of one unit (pure, no LSP): each
hypothesis, best first, is mapped back to minimal, format-preserving edits (dropped when it
cannot be, or when it breaks parsing), merged with others of the same concrete tokens and
titled; its probability is its share of the mass of every hypothesis the beam returned.
Design notes: docs/design.md#repair-candidates.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, replace

from spancopy_core.editing.edits import Style, TextEdit, apply_edits, edits
from spancopy_core.lang.errors import FrontendError
from spancopy_core.paper.actions import Hypothesis
from spancopy_core.paper.probability import logsumexp
from spancopy_core.repair.frontend import Frontend, Unit, written


@dataclass(frozen=True)
class Candidate:
    """One repair of a unit: its edits on the document text, title and probability."""

    edits: tuple[TextEdit, ...]
    title: str
    probability: float
    log_prob: float
    start: int  # code-point range of the unit, which holds every edit
    end: int
    new_text: str  # text[start:end] after the edits
    tokens: tuple[str, ...] = ()  # the model output it is (empty: one the model cannot write)
    penalty: float = 0.0  # subtracted from log_prob to rank it (see repair.ranking)


def unchanged_share(
    unit: Unit, hypotheses: Sequence[Hypothesis], as_written: bool = False
) -> float:
    """The share of the model input unchanged among ``hypotheses`` (0 when the beam lost
    it), or of the unit ``as_written``: where the front-end corrected it before the model read
    it, none of the model's outputs, mostly (a sentence whose ``three put`` was made ``three
    puts`` was shown the repair at >99% and itself at 100%)."""
    if not hypotheses:
        return 0.0
    total = logsumexp([h.log_prob for h in hypotheses])
    same = written(unit) if as_written else unit.tokens
    return sum(math.exp(h.log_prob - total) for h in hypotheses if tuple(h.tokens) == same)


def same_program_share(
    text: str,
    unit: Unit,
    hypotheses: Sequence[Hypothesis],
    style: Style,
    frontend: Frontend,
    pool: Sequence[Candidate],
) -> float:
    """The share, among the beam's ``hypotheses`` that change the model input, of those that
    leave ``unit`` as it is: the text as written, or the same program another way (no edit
    left once :meth:`~spancopy_core.repair.frontend.Frontend.tidy` has dropped what Java
    implies: ``super();`` first in a constructor). What the beam spends on them is no repair
    but the unit unchanged (jline's empty ``StringsCompleter() {}``: 30% of the beam writes
    ``super();``). Those of the ``pool`` already made are repairs; a hypothesis that names
    what the unit does not have is none of either."""
    if not hypotheses:
        return 0.0
    total = logsumexp([h.log_prob for h in hypotheses])
    changed = 1.0 - unchanged_share(unit, hypotheses)
    if changed <= 0:
        return 0.0
    made = {c.tokens for c in pool}
    same = 0.0
    for h in hypotheses:
        tokens = tuple(h.tokens)
        if tokens == unit.tokens or tokens in made:
            continue
        try:
            unit.mapping.concretize(h.tokens)
            kept = tokens == written(unit) or not frontend.tidy(
                text, edits(text, unit.source_tokens, unit.mapping, h, style=style)
            )
        except FrontendError:
            continue  # a name the unit does not have
        if kept:
            same += math.exp(h.log_prob - total)
    return min(1.0, same / changed)


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
    """At most ``top_k`` repairs of ``unit`` in ``text``, most probable first.

    Hypotheses with the same concrete tokens are one repair (their mass adds up). Mapping a
    hypothesis back and checking its syntax is the costly part, so once ``top_k`` repairs
    are found the remaining (less probable) hypotheses are only concretised, to add their
    mass to a repair with the same tokens."""
    if not hypotheses:
        return []
    total = logsumexp([h.log_prob for h in hypotheses])
    found: dict[tuple[str, ...], Candidate] = {}
    rejected: set[tuple[str, ...]] = set()
    for h in sorted(hypotheses, key=lambda h: -h.log_prob):
        try:
            key = tuple(unit.mapping.concretize(h.tokens))
        except FrontendError:
            continue  # a name the unit does not have
        old = found.get(key)
        if old is not None:
            found[key] = replace(
                old,
                probability=old.probability + math.exp(h.log_prob - total),
                log_prob=logsumexp([old.log_prob, h.log_prob]),
            )
            continue
        if key in rejected or len(found) >= top_k or tuple(h.tokens) == written(unit):
            continue
        rejected.add(key)
        made = _candidate(text, unit, h, style, frontend, syntax_check)
        if made is not None:
            rejected.discard(key)
            found[key] = replace(made, probability=math.exp(h.log_prob - total))
    return sorted(found.values(), key=lambda c: -c.probability)


def _candidate(
    text: str, unit: Unit, h: Hypothesis, style: Style, frontend: Frontend, syntax_check: bool
) -> Candidate | None:
    """The repair that hypothesis ``h`` makes of ``unit`` (its share not yet set), or None
    when it cannot be written back, changes nothing, reaches outside the unit or may not be
    offered (:func:`acceptable`)."""
    try:
        changes = frontend.tidy(text, edits(text, unit.source_tokens, unit.mapping, h, style=style))
    except FrontendError:
        return None
    if not changes:
        return None  # the method as written, spelled differently
    if any(e.start < unit.start or e.end > unit.end for e in changes):
        return None  # it would touch the text around the unit (a newline after a method)
    if not within_view(text, unit, changes):
        return None
    start, end = unit.start, unit.end
    shifted = [TextEdit(e.start - start, e.end - start, e.new_text) for e in changes]
    new_text = apply_edits(text[start:end], shifted)
    if not acceptable(frontend, unit, new_text, syntax_check):
        return None
    title = frontend.title(text, changes)
    return Candidate(tuple(changes), title, 0.0, h.log_prob, start, end, new_text, tuple(h.tokens))


def within_view(text: str, unit: Unit, changes: Sequence[TextEdit]) -> bool:
    """Whether ``changes`` leave alone the text that the model did not read of ``unit`` (its
    :attr:`~spancopy_core.repair.frontend.Unit.gaps`): none edits it or writes it anew (a
    copy of the tokens on either side of a gap writes the text between them), and no two
    surround it (a brace added before it and one after would move it into a new block)."""
    for a, b in unit.gaps:
        if any((e.start < b and a < e.end) or text[a:b] in e.new_text for e in changes):
            return False
        if any(e.end <= a for e in changes) and any(b <= e.start for e in changes):
            return False
    return True


def acceptable(frontend: Frontend, unit: Unit, new_text: str, syntax_check: bool) -> bool:
    """Whether a candidate that makes ``unit`` ``new_text`` may be offered: it still parses
    (checked with ``syntax_check`` when the unit parsed) and makes sense to its front-end
    (:meth:`~spancopy_core.repair.frontend.Frontend.sensible`)."""
    if syntax_check and not unit.has_error and not frontend.still_parses(unit, new_text):
        return False
    return frontend.sensible(unit, new_text)


def confidence(unit: Unit, hypotheses: Sequence[Hypothesis], best: Candidate) -> float:
    """How many times as likely as the unchanged unit its best repair is. When the beam lost
    the unchanged unit, its share is taken as that of the least likely hypothesis kept (an
    upper bound, so the ratio errs low)."""
    unchanged = unchanged_share(unit, hypotheses)
    if unchanged == 0.0:
        log_probs = [h.log_prob for h in hypotheses]
        unchanged = math.exp(min(log_probs) - logsumexp(log_probs))
    return best.probability / unchanged if unchanged > 0 else math.inf


def shares(
    ranked: Sequence[Candidate], unchanged_log_prob: float, model_input: Sequence[str]
) -> tuple[list[Candidate], float]:
    """The candidates of a final ranking (best first) with the share each title shows, and the
    share of the unit as written: each one's final score (log-probability minus penalty) over
    the sum of those of the candidates shown and of the model input unchanged (counted once:
    as a candidate when it is one, a unit its front-end corrected: the unit as written then has
    no share, being no output of the model's), so that shares never increase down the list
    and, with the unit's, sum to one."""
    scores = [c.log_prob - c.penalty for c in ranked]
    is_input = [c.tokens == tuple(model_input) for c in ranked]
    total = logsumexp(scores if any(is_input) else [*scores, unchanged_log_prob])
    if total == -math.inf:
        return [replace(c, probability=0.0) for c in ranked], 1.0
    shown = [replace(c, probability=math.exp(s - total)) for c, s in zip(ranked, scores)]
    return shown, 0.0 if any(is_input) else math.exp(unchanged_log_prob - total)


def format_probability(p: float) -> str:
    """``0.31`` -> ``"31%"``; below one percent ``"<1%"``, above 99.5% ``">99%"``."""
    if p < 0.01:
        return "<1%"
    if p > 0.995:
        return ">99%"
    return f"{p:.0%}"


def title(candidate: Candidate) -> str:
    """The code action title: ``Change to "return size >= n;" (31%)``."""
    return f"{candidate.title} ({format_probability(candidate.probability)})"
