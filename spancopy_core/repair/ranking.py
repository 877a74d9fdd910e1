"""One ranking of every candidate repair of a unit, by the model's exact probability (pure): the
beam's candidates and the templates at the focus are scored by the marginal over every action
sequence and :func:`rank` orders them by log-probability minus the :class:`Penalties` that keep
noise (signature changes, deletions, changes off the focus, large rewrites) below real fixes;
equal candidates up to parentheses or layout are one. With a detection head, the shares shown
divide its calibrated probability (:func:`calibrated_shares`).
Design notes: docs/design.md#repair-ranking.
"""

from __future__ import annotations

import math
from collections.abc import Container, Sequence
from dataclasses import replace
from typing import Any

from spancopy_core.editing.edits import TextEdit, apply_edits
from spancopy_core.editing.positions import LineIndex
from spancopy_core.paper.probability import logsumexp
from spancopy_core.repair import suspects
from spancopy_core.repair.candidates import Candidate, acceptable
from spancopy_core.repair.frontend import Frontend, Penalties, Suspect, Unit, written


def template_candidates(
    text: str,
    unit: Unit,
    frontend: Frontend[Any],
    focus: tuple[int, int],
    known: Container[str],
    *,
    syntax_check: bool = True,
    fixes_only: bool = False,
) -> list[Candidate]:
    """The front-end's templates of ``unit`` in the code-point range ``focus`` (with
    ``fixes_only``, only its fixes of likely bugs, :meth:`Frontend.fixes`) as candidates
    (model output in ``tokens``, empty when not expressible), dropping those that change
    nothing once tidied (:meth:`Frontend.tidy`), those after which a
    unit that parsed no longer parses or that make no sense
    (:func:`~spancopy_core.repair.candidates.acceptable`). :func:`rank` sets their
    probabilities."""
    out = []
    made = frontend.fixes if fixes_only else frontend.templates
    for edit, target in made(unit, focus[0], focus[1], known):
        if not frontend.tidy(text, [edit]):
            continue  # the same program written otherwise (Math.min(x, lo) for (lo, x))
        shifted = TextEdit(edit.start - unit.start, edit.end - unit.start, edit.new_text)
        new_text = apply_edits(text[unit.start : unit.end], [shifted])
        if not acceptable(frontend, unit, new_text, syntax_check):
            continue
        out.append(
            Candidate(
                (edit,),
                frontend.title(text, [edit]),
                0.0,
                -math.inf,
                unit.start,
                unit.end,
                new_text,
                tokens=target or (),
            )
        )
    return out


def merge(beam: Sequence[Candidate], templates: Sequence[Candidate]) -> list[Candidate]:
    """Beam candidates, then the templates whose model output no beam candidate has."""
    seen = {c.tokens for c in beam}
    out = list(beam)
    for c in templates:
        if not c.tokens or c.tokens not in seen:
            seen.add(c.tokens)
            out.append(c)
    return out


def span(before: Sequence[str], after: Sequence[str]) -> int:
    """How many tokens a change spans: of the longer of ``before`` and ``after`` once their
    common prefix and suffix are taken off (1 for one token replaced, inserted or deleted)."""
    shortest = min(len(before), len(after))
    head = 0
    while head < shortest and before[head] == after[head]:
        head += 1
    tail = 0
    while tail < shortest - head and before[-1 - tail] == after[-1 - tail]:
        tail += 1
    return max(len(before), len(after)) - head - tail


def penalty(
    text: str,
    unit: Unit,
    candidate: Candidate,
    lines: LineIndex,
    focus_lines: tuple[int, int] | None,
    penalties: Penalties,
    frontend: Frontend[Any],
    found_bugs: Sequence[Suspect] | None = None,
) -> float:
    """The sum of the penalties that apply to ``candidate`` (see the module docstring); what
    is a signature and what is a statement, the front-end says (:meth:`Frontend.shape`); less
    :attr:`Penalties.suspicion` where it is the check's own fix of one of the likely bugs of
    the unit as written on the focus lines (``found_bugs``: :func:`suspects.seen`'s, found
    here when None)."""
    total = 0.0
    if penalties.suspicion:
        if found_bugs is None:
            found_bugs = suspects.seen(frontend, unit, lines, focus_lines)
        written_text = text[unit.start : unit.end] if found_bugs else ""
        hit = (
            suspects.fixed(frontend, unit, written_text, candidate.new_text, found_bugs)
            if found_bugs
            else None
        )
        if hit is not None and hit.fix is not None:  # the check's own (the model's is a guess)
            total -= penalties.suspicion
    shape = frontend.shape(text, unit, candidate.edits)
    if shape.in_signature:
        total += penalties.signature
    removed = [text[e.start : e.end] for e in candidate.edits]
    if all(not e.new_text.strip() for e in candidate.edits) and any(r.strip() for r in removed):
        total += penalties.deletion if shape.removes_statement else penalties.token_deletion
    if penalties.edit_size and candidate.tokens:
        total += penalties.edit_size * math.log(max(1, span(unit.tokens, candidate.tokens)))
    if off_focus(candidate, lines, focus_lines):
        total += penalties.off_focus
    if shape.rare_comparison:
        total += penalties.rare_comparison
    return total


def off_focus(candidate: Candidate, lines: LineIndex, focus_lines: tuple[int, int] | None) -> bool:
    """Whether no edit of ``candidate`` touches the 0-based ``focus_lines`` (None: no focus,
    so never)."""
    if focus_lines is None:
        return False
    lo, hi = focus_lines
    return not any(
        lines.line(e.start) <= hi and lo <= lines.line(max(e.start, e.end - 1))
        for e in candidate.edits
    )


# words after which "(" groups an expression (return (a + b);); after any other word it opens
# the arguments of a call or the parentheses that a statement requires (if, while, catch, ...)
_GROUPING_AFTER = frozenset({"return", "case", "throw", "else", "assert", "yield", "do"})


def _without_parentheses(tokens: Sequence[str]) -> tuple[str, ...]:
    """``tokens`` without grouping parentheses (``return (a + b);`` is ``return a + b;``), but
    with a call's: ``s.length()`` is not ``s.length``, which a merge would otherwise count as
    the unit unchanged or hide behind the shorter spelling, lending it the call's probability
    even where only one of them makes sense."""
    out: list[str] = []
    kept: list[bool] = []  # per "(" not yet closed: whether it stays
    for k, t in enumerate(tokens):
        if t == "(":
            before = tokens[k - 1] if k else ""
            kept.append(
                (before[:1].isalpha() or before[:1] in ("_", "$")) and before not in _GROUPING_AFTER
            )
            if kept[-1]:
                out.append(t)
        elif t == ")":
            if kept.pop() if kept else False:
                out.append(t)
        else:
            out.append(t)
    return tuple(out)


def _keys(candidate: Candidate, frontend: Frontend[Any]) -> tuple[tuple[str, ...], str]:
    """What makes two candidates one: the model output without parentheses, and the new
    text without layout (the same program laid out differently)."""
    return _without_parentheses(candidate.tokens), frontend.layout_free(candidate.new_text)


def order(candidate: Candidate) -> float:
    """The combined ranking's key, the best candidate's least: its penalty minus its
    log-probability."""
    return candidate.penalty - candidate.log_prob


def rank(
    text: str,
    unit: Unit,
    found: Sequence[Candidate],
    log_probs: Sequence[float | None],
    unchanged_log_prob: float,
    lines: LineIndex,
    focus_lines: tuple[int, int] | None,
    frontend: Frontend[Any],
    *,
    top_k: int,
    penalties: Penalties | None = None,
) -> list[Candidate]:
    """At most ``top_k`` of ``found`` (scored ``log_probs``, None: not expressible), best
    first by log-probability minus penalty, with their exact log-probabilities, shares and
    penalties (see the module docstring); ``penalties``: the front-end's unless given. A
    repair with no edit on ``focus_lines`` is titled with its line (:meth:`Frontend.title`)."""
    penalties = frontend.penalties if penalties is None else penalties
    scored = [lp for lp in log_probs if lp is not None]
    # the unit as the model got it is one of the outputs scored, once: among the candidates
    # when it is a repair (the front-end corrected the unit), else as the unit unchanged
    is_input = any(c.tokens == unit.tokens for c, lp in zip(found, log_probs) if lp is not None)
    total = logsumexp(scored if is_input else [unchanged_log_prob, *scored])
    programs: dict[int, Candidate] = {}  # by id of the first of its spellings
    ids: dict[object, int] = {}  # either key of a candidate -> its program
    unexpressible = []
    unchanged = _without_parentheses(written(unit))  # no repair: the unit up to parentheses
    found_bugs = suspects.seen(frontend, unit, lines, focus_lines) if penalties.suspicion else []
    for c, lp in zip(found, log_probs, strict=True):
        if c.tokens and _without_parentheses(c.tokens) == unchanged:
            continue
        if lp is None:
            unexpressible.append(replace(c, probability=0.0, log_prob=-math.inf))
            continue
        c = replace(
            c,
            probability=math.exp(lp - total),
            log_prob=lp,
            penalty=penalty(text, unit, c, lines, focus_lines, penalties, frontend, found_bugs),
        )
        keys = _keys(c, frontend)
        ident = next((ids[k] for k in keys if k in ids), None)
        if ident is None:
            ident = len(programs)
            ids.update(dict.fromkeys(keys, ident))
            programs[ident] = c
            continue
        ids.update(dict.fromkeys(keys, ident))
        kept = programs[ident]
        short = c if len(c.new_text) < len(kept.new_text) else kept  # both masses, shorter
        programs[ident] = replace(
            short,
            probability=kept.probability + c.probability,
            log_prob=logsumexp([kept.log_prob, c.log_prob]),
        )
    best = sorted(programs.values(), key=order)  # stable
    ordered = best + unexpressible
    return [  # a repair away from the focus says where: its line may read like the focus's
        replace(c, title=frontend.title(text, c.edits, located=True))
        if off_focus(c, lines, focus_lines)
        else c
        for c in ordered[:top_k]
    ]


def calibrated_shares(ranked: Sequence[Candidate], probability: float) -> list[Candidate]:
    """The repairs of a final ranking with the shares a model with a detection head shows: its
    calibrated probability that the repairs shown hold the fix, ``probability``, times each
    one's share among them (:func:`~spancopy_core.repair.candidates.shares` renormalised), so
    that they keep their order and sum to ``probability``; the unit as written has the rest."""
    total = math.fsum(c.probability for c in ranked)
    if total <= 0:
        return [replace(c, probability=0.0) for c in ranked]
    return [replace(c, probability=probability * (c.probability / total)) for c in ranked]
