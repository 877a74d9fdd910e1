"""Similar edits: the edit the user just made to one method, proposed on the others (no LSP), the
editor feature of the edit-representation model (the paper's first experiment, after Yin et
al. 2019): :func:`changed_methods` finds the observed edits, :func:`tasks` pairs them with other
methods, and :func:`similar` proposes on each the rewrites of the edit's rules where one matches
(:func:`rule_pools`), ranked by the edit model's exact probability, else the beam's results
under the edit (:func:`decode_where_needed`: on the methods most like the edit's before side,
within a budget of tokens, :func:`to_search`) that make the edit's change at the same place
(:func:`makes_the_change`) and pass the bar ``threshold``. Design notes:
docs/design.md#repair-similar (why rules are not floored and the beam is not searched there).
"""

from __future__ import annotations

import difflib
import math
from collections import Counter
from collections.abc import Callable, Container, Sequence
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import TYPE_CHECKING, cast

from spancopy_core.editing.alignment import Alignment, align
from spancopy_core.lang import java
from spancopy_core.lang.java import PLACEHOLDER, validity
from spancopy_core.lang.java.syntax import is_name
from spancopy_core.repair import runner
from spancopy_core.repair.candidates import Candidate, candidates
from spancopy_core.repair.frontend import Penalties, Unit
from spancopy_core.repair.java import method_unit
from spancopy_core.repair.pipeline import ParsedText, UnitRepairs
from spancopy_core.repair.rewrite import rule_candidates

if TYPE_CHECKING:
    from spancopy_core.paper.actions import Hypothesis
    from spancopy_core.paper.model import SpanCopyModel

BATCH = 64  # tasks per batched beam search (the 49 other methods of a 50-method file at once)
MAX_EDITS = 3  # observed edits applied at once (the first changed methods of the file)
CONTEXT = 2  # tokens on either side of a changed run that anchor it (see anchors)
SLACK = 10  # tokens a proposal may add beyond what the edit adds to its own method
NO_PENALTIES = Penalties(
    signature=0.0, deletion=0.0, token_deletion=0.0, off_focus=0.0, suspicion=0.0
)


@dataclass(frozen=True)
class SimilarOptions:
    """What changes the similar-edit proposals: the search and the filters after it."""

    # The repairs' width: on the hand-written cases of bench/similar_edit.py --quality the
    # shipped edit model finds 7 of 14 right results in the top 3 at 20 (5 at 5 and at 10), and
    # the 49 other methods of a 50-method file take 1.3 s on one thread (0.5 s at 5).
    beam_size: int = 20
    top_k: int = 3  # proposals per method
    # The bar of the beam's proposals (where no rule matches): at least this many times as
    # likely, under the edit, as the method left as it is (0: no bar). Rule rewrites have none
    # (see the design notes). Chosen with the first shipped edit model (1,751 steps: on the
    # hand-written cases with 30 real methods beside each, bench --real 30, it proposed on 2
    # real methods where the edit does not apply at 0, none at 1, the combined hits the same)
    # and kept for the model trained to the recipe's 10,000 steps: its one unrelated proposal
    # on the hand cases (a null check of a field, in reset()) stayed at 2 and at 5; the beam
    # no longer searches the methods of an edit the rules capture (to_search), which ends it.
    threshold: float = 1.0
    min_overlap: float = 0.9  # least change_overlap of a proposal with the edit
    max_unit_tokens: int = 400  # longer methods are skipped
    syntax_check: bool = True  # drop proposals after which a method no longer parses
    rules: bool = True  # where the edit's rewrite rules match, their rewrites (repair/rewrite.py)
    # The beam's budget, in model tokens of the methods it searches (the most relevant first,
    # see to_search): the beam costs about 0.8 ms of CPU per token of method here; on the
    # 50-method file of bench/similar_edit.py (49 methods of about 43 tokens) 1.9 s of CPU
    # unbounded, 0.5 s at 512 (12 methods). The rest are said (similar's unsearched) and get
    # the rules' proposals only.
    beam_tokens: int = 512

    def __post_init__(self) -> None:
        if not 0 <= self.threshold < math.inf:
            raise ValueError(f"threshold must be a finite number >= 0, not {self.threshold!r}")
        if not 0 <= self.min_overlap <= 1:
            raise ValueError(f"min_overlap must be in [0, 1], not {self.min_overlap!r}")
        if self.beam_tokens < 0:
            raise ValueError(f"beam_tokens must be >= 0, not {self.beam_tokens!r}")


@dataclass(frozen=True)
class ObservedEdit:
    """A method as it was and as it is: its name, its code-point range and 0-based first line
    in the new text, and both versions' tokens (annotations stripped, as the model sees them)
    with the file's imports."""

    name: str
    start: int
    end: int
    line: int
    before: tuple[java.Token, ...]
    after: tuple[java.Token, ...]
    imports: tuple[str, ...] = ()


def carried(edit: ObservedEdit) -> bool:
    """Whether ``edit`` changed its method beyond its annotations: the model and the rules
    read methods without them (as BFP does), so an annotation added or removed is carried to
    no other method."""
    return [t.text for t in edit.before] != [t.text for t in edit.after]


@dataclass(frozen=True)
class Task:
    """One decode: ``unit`` (a method, abstracted together with ``edit``) under ``alignment``,
    the edit in the model's tokens."""

    unit: Unit
    edit: ObservedEdit
    alignment: Alignment


@dataclass(frozen=True)
class SimilarRepairs:
    """The proposals for one method under one observed edit (the most confident edit of
    those that gave it any), as the repair pipeline's :class:`UnitRepairs`."""

    repairs: UnitRepairs
    edit: ObservedEdit


def _texts(source: java.JavaSource, method: java.Method) -> tuple[str, ...]:
    return tuple(t.text for t in source.tokens[method.tokens])


def _methods(source: java.JavaSource) -> list[java.Method]:
    """The methods that edits are read from and applied to: outermost, with a body."""
    return [m for m in source.methods if m.depth == 0 and m.has_body]


def changed_methods(old: java.JavaSource, new: java.JavaSource) -> list[ObservedEdit]:
    """The methods of ``new`` whose tokens differ from their counterpart in ``old``, in file
    order. Methods are paired by a diff of the two method lists (by token texts): within a
    replaced run of as many methods on both sides, by position; the others (a method moved,
    runs of different lengths) by name. A method added or removed has no counterpart and is
    no edit, nor is one with a syntax error (an edit still being typed)."""
    olds, news = _methods(old), _methods(new)
    a = [_texts(old, m) for m in olds]
    b = [_texts(new, m) for m in news]
    pairs: list[tuple[java.Method, java.Method]] = []
    free_old: list[java.Method] = []
    free_new: list[java.Method] = []
    matcher = difflib.SequenceMatcher(None, a, b, autojunk=False)
    for op, i1, i2, j1, j2 in matcher.get_opcodes():
        if op == "replace" and i2 - i1 == j2 - j1:
            pairs += zip(olds[i1:i2], news[j1:j2], strict=True)
        elif op != "equal":
            free_old += olds[i1:i2]
            free_new += news[j1:j2]
    for m in free_new:
        twin = next((o for o in free_old if o.name == m.name), None)
        if twin is not None:
            free_old.remove(twin)
            pairs.append((twin, m))
    out = []
    for o, m in sorted(pairs, key=lambda p: p[1].start):
        if m.has_error or _texts(old, o) == _texts(new, m):
            continue  # half-typed (a syntax error), or changed in layout or comments only
        out.append(
            ObservedEdit(
                name=m.name,
                start=m.start,
                end=m.end,
                line=new.lines.line(m.start),
                before=tuple(java.strip_annotations(old.tokens[o.tokens])),
                after=tuple(java.strip_annotations(new.tokens[m.tokens])),
                imports=new.imports,
            )
        )
    return out


def target_input(
    tokens: Sequence[java.Token], edit: ObservedEdit, known: Container[str], imports: Sequence[str]
) -> tuple[java.ModelInput, Alignment]:
    """A target method's model input and the edit in the model's tokens, abstracted together,
    target first (see the module docstring)."""
    source = java.strip_annotations(tokens)
    target, before, after = java.abstract_together(
        (source, edit.before, edit.after), known, imports
    )
    return java.ModelInput(target.tokens, target.mapping, source), align(
        before.tokens, after.tokens
    )


def targets(
    source: java.JavaSource,
    skip: Sequence[tuple[int, int]] = (),
    focus: tuple[int, int] | None = None,
) -> list[java.Method]:
    """The methods an edit is applied to: outermost, with a body, overlapping none of the
    code-point ranges ``skip`` and overlapping ``focus`` (None: anywhere), in file order."""
    return [
        m
        for m in _methods(source)
        if not any(m.start < hi and lo < m.end for lo, hi in skip)
        and (focus is None or (m.start <= focus[1] and focus[0] <= m.end))
    ]


def tasks(
    doc: ParsedText,
    edits: Sequence[ObservedEdit],
    known: Container[str],
    options: SimilarOptions,
    skip: Sequence[tuple[int, int]] = (),
    focus: tuple[int, int] | None = None,
) -> list[Task]:
    """One task per (method of ``doc``, edit) for the first :data:`MAX_EDITS` edits: every
    method of :func:`targets` (``skip``: the edited methods, when ``doc`` is their file)
    with at most ``options.max_unit_tokens`` model tokens, in file order. A task's unit knows
    its file's declarations (:func:`~spancopy_core.lang.java.validity.environment`) and takes
    the names its edit's method uses from out of sight as declared."""
    source: java.JavaSource = doc.parsed
    # the names each edit's method uses from its file: a rewrite may bring them to a target
    uses = [validity.free_names(" ".join(t.text for t in e.after)) for e in edits[:MAX_EDITS]]
    out = []
    for m in targets(source, skip, focus):
        env = validity.environment(source, m)  # what the repairs' validity check knows there
        for edit, names in zip(edits[:MAX_EDITS], uses, strict=True):
            model_input, alignment = target_input(
                source.tokens[m.tokens], edit, known, source.imports
            )
            if len(model_input.tokens) <= options.max_unit_tokens:
                seen = replace(env, free=env.free | names)
                out.append(Task(method_unit(m, model_input, seen), edit, alignment))
    return out


def _change(before: Sequence[str], after: Sequence[str]) -> Counter:
    """The abstract token change ``before -> after`` as a multiset of ``(side, token)``: the
    tokens removed and those added by the changed runs of a token diff, every placeholder
    written as its kind (``VAR_3`` -> ``VAR``), so that the same change to differently
    named code looks the same."""
    out: Counter = Counter()
    matcher = difflib.SequenceMatcher(None, before, after, autojunk=False)
    for op, i1, i2, j1, j2 in matcher.get_opcodes():
        if op == "equal":
            continue
        for side, run in (("-", before[i1:i2]), ("+", after[j1:j2])):
            for t in run:
                out[side, _kind(t)] += 1
    return out


def _kind(token: str) -> str:
    """A placeholder as its kind (``VAR_3`` -> ``VAR``), any other token as it is."""
    return token.rsplit("_", 1)[0] if PLACEHOLDER.fullmatch(token) else token


def _name_at(tokens: Sequence[str], p: int) -> bool:
    return 0 <= p < len(tokens) and is_name(tokens[p])


def _anchor(tokens: Sequence[str], p: int) -> bool:
    """Whether ``tokens[p]`` names something outside the method, which an analogous change
    happens at too: a called method, a type (placeholder or idiom), a qualified name; not a
    variable (``VAR_n`` or an idiom like ``size`` that is not called)."""
    t = tokens[p]
    if PLACEHOLDER.fullmatch(t):
        return t.startswith(("METHOD_", "TYPE_"))
    called = p + 1 < len(tokens) and tokens[p + 1] == "("
    return is_name(t) and (called or t[0].isupper() or "." in t)


def _call_before(tokens: Sequence[str], p: int) -> int | None:
    """The position of the name of the innermost call whose parentheses hold position ``p``
    (``open`` for a position among the arguments of ``open(a, b)``), if any."""
    depth = 0
    for q in range(p - 1, -1, -1):
        depth += {")": 1, "(": -1}.get(tokens[q], 0)
        if depth < 0:
            return q - 1 if _name_at(tokens, q - 1) else None
    return None


def anchors(before: Sequence[str], after: Sequence[str]) -> set[str]:
    """The names a change ``before -> after`` is anchored at (see :func:`_anchor`): among the
    tokens it removes, the :data:`CONTEXT` tokens on either side of each changed run, and
    the name of the call holding the run; the method's own name (before its first ``(``)
    is never one. An analogous change removes or touches the same names."""
    own = before.index("(") - 1 if "(" in before else -1
    out: set[str] = set()
    matcher = difflib.SequenceMatcher(None, before, after, autojunk=False)
    for op, i1, i2, _, _ in matcher.get_opcodes():
        if op == "equal":
            continue
        near = set(range(max(0, i1 - CONTEXT), min(len(before), i2 + CONTEXT)))
        call = _call_before(before, i1)
        if call is not None:
            near.add(call)
        out |= {before[p] for p in near if p != own and _anchor(before, p)}
    return out


def _removed(before: Sequence[str], after: Sequence[str]) -> set[str]:
    """The tokens the changed runs of a token diff ``before -> after`` remove."""
    matcher = difflib.SequenceMatcher(None, before, after, autojunk=False)
    return {t for op, i1, i2, _, _ in matcher.get_opcodes() if op != "equal" for t in before[i1:i2]}


@lru_cache(maxsize=16)
def _free(method: tuple[str, ...]) -> frozenset[str]:
    return validity.free_names(" ".join(method))


def held(task: Task) -> set[str]:
    """The names (model tokens) that the edit removes from its method and that the method
    takes from its file (:func:`validity.free_names`: a field, a constant, a method called
    without a receiver): ``ESC`` of ``last != ESC`` -> ``last != Esc``. Each names the same
    thing in every method of the file, so an analogous change removes it too; another
    variable (``pos`` -> ``Esc``) is a change of the same shape, not the edit. A name the
    method declares (a parameter, a local) is not held: another method's may be named
    otherwise."""
    free = _free(tuple(t.text for t in task.edit.before))
    surface = cast("java.Mapping", task.unit.mapping).surface  # a method's unit's
    return {t for t in _edit_removed(task.alignment) if surface.get(t, t) in free}


@lru_cache(maxsize=64)
def _edit_removed(edit: Alignment) -> frozenset[str]:
    """The names the edit ``edit`` removes (:func:`_removed`), once per task, not once per
    hypothesis that :func:`makes_the_change` checks."""
    before = [t for t in edit.before if t is not None]
    after = [t for t in edit.after if t is not None]
    return frozenset(t for t in _removed(before, after) if is_name(t))


def change_overlap(edit: Alignment, before: Sequence[str], after: Sequence[str]) -> float:
    """How much the change ``before -> after`` is the change of ``edit``: the size of the
    common part of the two :func:`_change` multisets over the size of the larger (1: the same
    tokens removed and added, up to placeholder numbers; 0: nothing in common)."""
    ours = _change(before, after)
    theirs = _change(
        [t for t in edit.before if t is not None], [t for t in edit.after if t is not None]
    )
    larger = max(sum(ours.values()), sum(theirs.values()))
    return sum((ours & theirs).values()) / larger if larger else 0.0


def _growth(edit: Alignment) -> int:
    """How many tokens longer the edit makes its method (0 when it makes it shorter)."""
    return max(0, sum(t is not None for t in edit.after) - sum(t is not None for t in edit.before))


def _names(tokens: Sequence[str]) -> set[str]:
    """The names ``tokens`` write (placeholders, identifiers and idioms; no keyword, literal
    or operator)."""
    return {t for t in tokens if is_name(t)}


def makes_the_change(task: Task, after: Sequence[str], min_overlap: float) -> bool:
    """Whether turning ``task.unit`` into ``after`` is the change of ``task.alignment``: its
    :func:`change_overlap` is at least ``min_overlap``, it is anchored at every name the edit
    is anchored at (:func:`anchors`; the target shares the edit's placeholders), and every
    name it writes is the target's or one the edit introduces: not a variable of the edited
    method (``if (name == null)`` copied into a method without ``name``), nor a method it
    calls or is (``TextUtil.prependsHtml(...)``, the edited method's own name, where the edit
    wrapped an argument in ``TextUtil.stripNewlines``); and it removes the names of the file
    that the edit removes (:func:`held`)."""
    edit_before = [t for t in task.alignment.before if t is not None]
    edit_after = [t for t in task.alignment.after if t is not None]
    if change_overlap(task.alignment, task.unit.tokens, after) < min_overlap:
        return False
    if not anchors(edit_before, edit_after) <= anchors(task.unit.tokens, after):
        return False
    if not held(task) <= _removed(task.unit.tokens, after):
        return False
    known = set(task.unit.tokens) | (set(edit_after) - set(edit_before))
    return _names(after) <= known


def searchable(task: Task) -> bool:
    """Whether the beam can give ``task`` a proposal at all: its method has every name the
    edit is anchored at (:func:`anchors`) and every name of the file it removes
    (:func:`held`), which :func:`makes_the_change` asks of any proposal (a proposal's
    anchors are names of the method it changes)."""
    edit_before = [t for t in task.alignment.before if t is not None]
    edit_after = [t for t in task.alignment.after if t is not None]
    return anchors(edit_before, edit_after) | held(task) <= set(task.unit.tokens)


def _pairs(tokens: Sequence[str]) -> set[tuple[str, str]]:
    kinds = [_kind(t) for t in tokens]
    return set(zip(kinds, kinds[1:], strict=False))


def relevance(task: Task) -> float:
    """How much of the edit's before side at its change ``task``'s method has: the share of the
    adjacent token pairs (placeholders as their kind) of each changed run of the edit's method
    with :data:`CONTEXT` tokens either side that the method has too (0: nothing in common
    there, where the beam is not searched)."""
    before = [t for t in task.alignment.before if t is not None]
    after = [t for t in task.alignment.after if t is not None]
    near: set[tuple[str, str]] = set()
    matcher = difflib.SequenceMatcher(None, before, after, autojunk=False)
    for op, i1, i2, _, _ in matcher.get_opcodes():
        if op != "equal":
            near |= _pairs(before[max(0, i1 - CONTEXT) : i2 + CONTEXT])
    return len(near & _pairs(task.unit.tokens)) / len(near) if near else 0.0


def to_search(
    found: Sequence[Task], rules: Sequence[Sequence[Candidate]], options: SimilarOptions
) -> tuple[list[int], list[int]]:
    """``(the tasks the beam searches; those the budget leaves unsearched)``, each in file
    order: of the tasks of an edit whose rewrite rules rewrite no method here (``rules``:
    :func:`rule_pools`; where they rewrite some, they say where the edit applies, and the
    model is the source of the edits no rule captures), that are :func:`searchable` and have
    some :func:`relevance`, the most relevant taken first (file order among equals) while
    their methods' tokens fit ``options.beam_tokens``."""
    captured = {t.edit for t, pool in zip(found, rules, strict=True) if pool}
    scores = {
        k: relevance(t) for k, t in enumerate(found) if t.edit not in captured and searchable(t)
    }
    wanted = sorted((k for k, r in scores.items() if r > 0), key=lambda k: -scores[k])
    searched: list[int] = []
    left: list[int] = []
    spent = 0
    for k in wanted:
        cost = len(found[k].unit.tokens)
        if spent + cost <= options.beam_tokens:
            searched.append(k)
            spent += cost
        else:
            left.append(k)
    return sorted(searched), sorted(left)  # in file order, as the tasks are


def rule_pools(
    doc: ParsedText, found: Sequence[Task], known: Container[str], options: SimilarOptions
) -> list[list[Candidate]]:
    """Per task, the candidates of the edit's rewrite rules where one matches its method
    (:func:`spancopy_core.repair.rewrite.rule_candidates`, in the model vocabulary
    ``known``), else none; none at all without ``options.rules``."""
    if not options.rules:
        return [[] for _ in found]
    return [
        rule_candidates(
            doc,
            t.unit,
            (t.edit.before, t.edit.after),
            known,
            syntax_check=options.syntax_check,
        )
        for t in found
    ]


def decode(
    model: SpanCopyModel,
    found: Sequence[Task],
    options: SimilarOptions,
    *,
    should_stop: Callable[[], bool] | None = None,
    batch_size: int = BATCH,
) -> list[list[Hypothesis]]:
    """The hypotheses of every task, best first: batched beam searches of ``batch_size``
    tasks, shortest first (less padding), ``options.beam_size`` hypotheses each, none longer
    than its input by more than the edit grows its method plus :data:`SLACK` tokens. Raises
    :class:`~spancopy_core.paper.decoding.DecodingCancelled` when ``should_stop`` says so."""
    from spancopy_core.paper.decoding import beam_search  # imports torch

    order = sorted(range(len(found)), key=lambda k: len(found[k].unit.tokens))
    out: list[list[Hypothesis]] = [[] for _ in found]
    for k in range(0, len(order), batch_size):
        chunk = order[k : k + batch_size]
        longest = max(len(found[i].unit.tokens) + _growth(found[i].alignment) for i in chunk)
        beams = beam_search(
            model,
            [list(found[i].unit.tokens) for i in chunk],
            beam_size=options.beam_size,
            top_k=options.beam_size,
            max_len=longest + SLACK,
            should_stop=should_stop,
            edits=[found[i].alignment for i in chunk],
        )
        for i, hyps in zip(chunk, beams, strict=True):
            out[i] = hyps
    return out


def decode_where_needed(
    model: SpanCopyModel,
    found: Sequence[Task],
    rules: Sequence[Sequence[Candidate]],
    options: SimilarOptions,
    *,
    should_stop: Callable[[], bool] | None = None,
    batch_size: int = BATCH,
    unsearched: Callable[[list[Task]], None] | None = None,
) -> list[list[Hypothesis]]:
    """:func:`decode` of the tasks of :func:`to_search`; no hypotheses for the others (see
    the module docstring). ``unsearched`` is given the tasks the budget left, if any."""
    todo, left = to_search(found, rules, options)
    if left and unsearched is not None:
        unsearched([found[k] for k in left])
    out: list[list[Hypothesis]] = [[] for _ in found]
    searched = decode(
        model, [found[k] for k in todo], options, should_stop=should_stop, batch_size=batch_size
    )
    for k, hyps in zip(todo, searched, strict=True):
        out[k] = hyps
    return out


def _beam_pool(
    doc: ParsedText, task: Task, hyps: Sequence[Hypothesis], options: SimilarOptions
) -> list[Candidate]:
    """The candidates of the hypotheses of ``task`` that make the edit's change."""
    alike = [  # cheap first: the edits of a hypothesis are costly to make and check
        h for h in hyps if makes_the_change(task, h.tokens, options.min_overlap)
    ]
    return candidates(
        doc.text,
        task.unit,
        alike,
        doc.style,
        doc.frontend,
        top_k=options.beam_size,
        syntax_check=options.syntax_check,
    )


def proposals(
    model: SpanCopyModel,
    doc: ParsedText,
    found: Sequence[Task],
    beams: Sequence[Sequence[Hypothesis]],
    rules: Sequence[Sequence[Candidate]],
    options: SimilarOptions,
) -> list[SimilarRepairs]:
    """The kept proposals of every task (see the module docstring), one
    :class:`SimilarRepairs` per method that has any (under its most confident edit), in file
    order: a task's rule rewrites (``rules``) where it has any, else the candidates of its
    hypotheses (``beams``) that make the edit's change; scored under each task's edit (one
    model job for the rules' pools, one for the beam's), ranked, and the beam's floored at
    ``options.threshold`` (the repair runner's :func:`~spancopy_core.repair.runner.rank_pools`)."""
    pools = [
        rewrites or _beam_pool(doc, task, hyps, options)
        for task, hyps, rewrites in zip(found, beams, rules, strict=True)
    ]
    groups = (  # the rules' rewrites have no bar; the beam's the threshold's
        ([k for k, p in enumerate(pools) if p and rules[k]], 0.0),
        ([k for k, p in enumerate(pools) if p and not rules[k]], options.threshold),
    )
    best: dict[int, SimilarRepairs] = {}
    for ks, ratio in groups:
        how = runner.Ranking(options.top_k, NO_PENALTIES, ratio)
        ranked = runner.drive(
            runner.rank_pools(
                runner.Inline(model),
                doc,
                [found[k].unit for k in ks],
                [None] * len(ks),
                [pools[k] for k in ks],
                None,
                how,
                edits=[found[k].alignment for k in ks],
            )
        )
        for k, result in zip(ks, ranked, strict=True):
            if not result.candidates:
                continue
            task = found[k]
            here = SimilarRepairs(runner.judged(task.unit, [], result, None), task.edit)
            old = best.get(task.unit.start)
            if old is None or here.repairs.confidence() > old.repairs.confidence():
                best[task.unit.start] = here
    return [best[k] for k in sorted(best)]


def similar(
    model: SpanCopyModel,
    doc: ParsedText,
    edits: Sequence[ObservedEdit],
    options: SimilarOptions,
    *,
    skip: Sequence[tuple[int, int]] = (),
    focus: tuple[int, int] | None = None,
    should_stop: Callable[[], bool] | None = None,
    batch_size: int = BATCH,
    unsearched: Callable[[list[Task]], None] | None = None,
) -> list[SimilarRepairs]:
    """Every stage at once: the proposals of ``edits`` on the methods of ``doc`` outside
    ``skip`` that overlap ``focus`` (see :func:`tasks`; ``unsearched``: see
    :func:`decode_where_needed`)."""
    found = tasks(doc, edits, model.vocab, options, skip, focus)
    rules = rule_pools(doc, found, model.vocab, options)
    beams = decode_where_needed(
        model,
        found,
        rules,
        options,
        should_stop=should_stop,
        batch_size=batch_size,
        unsearched=unsearched,
    )
    return proposals(model, doc, found, beams, rules, options)


def similar_in_file(
    model: SpanCopyModel,
    old_text: str,
    doc: ParsedText,
    options: SimilarOptions,
    *,
    should_stop: Callable[[], bool] | None = None,
    batch_size: int = BATCH,
    unsearched: Callable[[list[Task]], None] | None = None,
) -> tuple[list[ObservedEdit], list[SimilarRepairs]]:
    """``(the edits between old_text and doc, their proposals on doc's other methods)``."""
    edits = changed_methods(java.parse(old_text), doc.parsed)
    skip = [(e.start, e.end) for e in edits]
    found = similar(
        model,
        doc,
        edits,
        options,
        skip=skip,
        should_stop=should_stop,
        batch_size=batch_size,
        unsearched=unsearched,
    )
    return edits, found
