"""The one runner of the repair stages, for every caller: a batch of units in, their repairs out
(decode, candidates and templates, exact scores, ranking, the ratio floor, the shares shown:
of the model's detection head's calibrated probability where it has one).
What differs between callers is a :class:`Runtime`: the server's awaits its threads and caches
(:class:`RankKey`); the CLI, trainer and benchmarks run synchronously (:class:`Inline`,
:func:`drive`, :func:`repair_units`).
Design notes: docs/design.md#repair-runner.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Container, Coroutine, Hashable, Iterator, Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any, NamedTuple, Protocol, TypeVar

from spancopy_core.paper.actions import Hypothesis
from spancopy_core.repair import compile_check, pipeline, ranking, suspects
from spancopy_core.repair.candidates import (
    Candidate,
    same_program_share,
    shares,
    unchanged_share,
)
from spancopy_core.repair.frontend import Floors, Penalties, Unit, written
from spancopy_core.repair.pipeline import Focus, ParsedText, RepairOptions, UnitRepairs
from spancopy_core.repair.project_rules import Rules, focus_candidates

if TYPE_CHECKING:
    from spancopy_core.paper.detection import Detection
    from spancopy_core.paper.model import SpanCopyModel

T = TypeVar("T")
ScoreItem = tuple[Sequence[str], Sequence[int] | None, Sequence[str]]  # of scoring.log_probs


class Runtime(Protocol):
    """Where the runner's work runs: the model's (beam search, exact scores) and the CPU's
    (candidates: mapping hypotheses back, syntax checks, templates)."""

    async def decode(
        self,
        inputs: Sequence[Sequence[str]],
        focus: Sequence[tuple[int, ...] | None],
        options: RepairOptions,
    ) -> list[list[Hypothesis]]: ...

    async def score(
        self, items: Sequence[ScoreItem], edits: Sequence[Any] | None = None
    ) -> list[float]: ...

    async def cpu(self, work: Callable[[], T]) -> T: ...

    async def detect(
        self,
        inputs: Sequence[Sequence[str]],
        focus: Sequence[tuple[int, ...] | None],
        unchanged: Sequence[float | None] | None = None,
    ) -> list[Detection] | None: ...


@dataclass
class Inline:
    """The runtime of synchronous callers: everything in the calling thread, on ``model``;
    ``memo`` (when given) keeps each decode, so a caller may run the stages after it twice
    (a benchmark comparing rankings) on one beam search."""

    model: SpanCopyModel
    should_stop: Callable[[], bool] | None = None
    memo: dict[tuple[Any, ...], list[Hypothesis]] | None = field(default=None, repr=False)

    async def decode(
        self,
        inputs: Sequence[Sequence[str]],
        focus: Sequence[tuple[int, ...] | None],
        options: RepairOptions,
    ) -> list[list[Hypothesis]]:
        search = (options.beam_size, options.decoding)
        keys = [(tuple(x), f, search) for x, f in zip(inputs, focus, strict=True)]
        memo = {} if self.memo is None else self.memo
        todo = [k for k in dict.fromkeys(keys) if k not in memo]
        if todo:
            found = pipeline.decode(
                self.model,
                [k[0] for k in todo],
                options,
                should_stop=self.should_stop,
                focus=[k[1] for k in todo],
            )
            memo.update(zip(todo, found, strict=True))
        return [memo[k] for k in keys]

    async def score(
        self, items: Sequence[ScoreItem], edits: Sequence[Any] | None = None
    ) -> list[float]:
        from spancopy_core.paper.scoring import log_probs  # imports torch

        return log_probs(self.model, items, edits=edits) if items else []

    async def cpu(self, work: Callable[[], T]) -> T:
        return work()

    async def detect(
        self,
        inputs: Sequence[Sequence[str]],
        focus: Sequence[tuple[int, ...] | None],
        unchanged: Sequence[float | None] | None = None,
    ) -> list[Detection] | None:
        from spancopy_core.paper.detection import detect  # imports torch

        return detect(self.model, inputs, focus, unchanged)


def drive(work: Coroutine[Any, Any, T]) -> T:
    """The result of a coroutine that never suspends (the runner on :class:`Inline`, whose
    awaits all return at once), without an event loop: safe in any thread, a running loop's
    included."""
    try:
        work.send(None)
    except StopIteration as done:
        return done.value
    work.close()
    raise RuntimeError("the runner suspended: an Inline runtime awaits nothing")


class Cache(Protocol):
    """A cache of ranked results (the server's LRU cache)."""

    def get(self, key: RankKey) -> Ranked | None: ...

    def put(self, key: RankKey, value: Ranked) -> None: ...


class RankKey(NamedTuple):
    """What a unit's ranked repairs depend on, the hypotheses aside (a caller's ``document``
    names the text, its version and the model that decodes it)."""

    document: Hashable
    start: int
    end: int
    lines: tuple[int, int] | None  # the focus lines
    options: RepairOptions


class Ranked(NamedTuple):
    """The repairs of a unit as shown: best first, with their shares; the unit as written."""

    candidates: list[Candidate]
    unchanged_log_prob: float | None  # exact; None when nothing needed scoring
    unchanged_share: float
    # of the beam's changes, the share that leaves the unit as it is (same_program_share)
    same_share: float = 0.0


@dataclass(frozen=True)
class Ranking:
    """How a pool is ranked: at most ``top_k`` shown, the ``penalties`` of
    :meth:`RepairOptions.ranked_with`, none less than ``ratio`` times as likely as the unit as
    written (0: no floor), or than the floor of its kind where the front-end has ``floors`` and
    the options set no ratio."""

    top_k: int
    penalties: Penalties
    ratio: float
    floors: Floors | None = None

    @classmethod
    def of(cls, options: RepairOptions, doc: ParsedText) -> Ranking:
        ratio = options.ratio(doc.frontend)
        floors = doc.frontend if isinstance(doc.frontend, Floors) else None
        floors = floors if options.min_ratio is None else None  # the user's ratio floors all
        return cls(options.top_k, options.ranked_with(doc.frontend), ratio, floors)


def at_least(ratio: float, log_prob: float, unchanged_log_prob: float) -> bool:
    """Whether a repair of ``log_prob`` is at least ``ratio`` times as likely as the unit as
    written (``unchanged_log_prob``): the one confidence rule, of the ratio floor
    (``--min-ratio``, :attr:`RepairOptions.min_ratio`), automatic code actions and
    diagnostics."""
    if ratio <= 0:
        return True
    return log_prob >= unchanged_log_prob + math.log(ratio)


def keeps(unit: Unit, candidate: Candidate, ratio: float, unchanged_log_prob: float) -> bool:
    """Whether ``candidate`` of ``unit`` passes the ratio floor: :func:`at_least`, but for the
    front-end's own correction of the unit (a prose respelling), which is sure: it is the model
    input, the unit the others are measured against, and is never measured against the unit as
    written."""
    if candidate.tokens == unit.tokens and unit.tokens != written(unit):
        return True
    return at_least(ratio, candidate.log_prob, unchanged_log_prob)


def confident(
    found: UnitRepairs,
    ratio: float,
    doc: ParsedText | None = None,
    focus: Focus | None = None,
) -> bool:
    """Whether ``found`` shows a repair that passes the ratio floor at ``ratio`` (:func:`keeps`;
    from the beam's shares with ``ranking="beam"``, :meth:`UnitRepairs.confidence`). A unit
    that the model's detection head judged (:attr:`UnitRepairs.detection`) follows the head's
    rule instead: a repair is shown and the head's calibrated probability that the list holds
    the fix, which the shares shown sum to (:func:`judged`), is at least the rule's least
    share. A unit with a likely bug that a repair shown removes
    (:attr:`UnitRepairs.suspected`) is answered whatever the ratio or the head. With the
    ``doc`` it is in, only the repairs that speak count (the head's probability is then the
    sum of their shares): a cosmetic one (:class:`EditShape`: modifiers alone, an exception's
    message dropped) does not, nor, with a ``focus`` (an automatic request's cursor), one that
    edits none of its lines (:func:`~spancopy_core.repair.ranking.off_focus`: a lightbulb at
    Commons Compress's ``@Override`` for a change six lines down is noise). A ``focus`` on
    every line of a unit judged by a head (a method on one line) is never answered on the
    head's word (:func:`whole_line_unit`)."""
    if found.suspected:  # a likely bug that a repair shown removes (repair.suspects)
        return True
    if found.detection is not None and doc is not None and whole_line_unit(doc, found.unit, focus):
        return False
    speaking = [c for c in found.candidates if doc is None or _speaks(doc, focus, found.unit, c)]
    if not speaking:
        return False
    if found.detection is not None:
        probability = found.detection.probability
        if len(speaking) < len(found.candidates):  # the share of those that speak
            probability = sum(c.probability for c in speaking)
        return probability >= found.detection.least_share
    if found.unchanged_log_prob is None:
        return found.confidence() >= ratio
    return any(keeps(found.unit, c, ratio, found.unchanged_log_prob) for c in speaking)


def whole_line_unit(doc: ParsedText, unit: Unit, focus: Focus | None) -> bool:
    """Whether an automatic request at ``focus`` asks about the whole of ``unit``
    (:func:`pipeline.whole_focus`), where the head's line rule does not hold: of 153 random
    lines of picocli in a method on one line, 35 were answered automatically (23%; of its 147
    other lines, 4), while at the lines of 93 real bugs in a method on one line
    (ManySStuBs4J's 33, 60 of CodRep's) 4 were: no better than at correct code."""
    return focus is not None and pipeline.whole_focus(doc, unit, focus)


def _speaks(doc: ParsedText, focus: Focus | None, unit: Unit, candidate: Candidate) -> bool:
    """Whether ``candidate`` of ``unit`` is a reason for :func:`confident` to answer."""
    lines = None if focus is None else pipeline.focus_lines(doc, focus)
    if ranking.off_focus(candidate, doc.lines, lines):
        return False
    return not doc.frontend.shape(doc.text, unit, candidate.edits).cosmetic


def judged(
    unit: Unit, hypotheses: list[Hypothesis], result: Ranked, detection: Detection | None
) -> UnitRepairs:
    """``unit``'s repairs as shown: their shares as ranked without a head (``detection``
    None), else of the head's calibrated probability (:func:`ranking.calibrated_shares`)
    times the share of the beam's changes that change the unit (a change that leaves it as
    it is, :attr:`Ranked.same_share`, is the unit as written), the unit as written having
    the rest."""
    if detection is None:
        return UnitRepairs(unit, hypotheses, *result[:3])
    kept = 1.0 - result.same_share
    d = detection._replace(probability=detection.probability * kept, kept=detection.kept * kept)
    shown = ranking.calibrated_shares(result.candidates, d.probability)
    return UnitRepairs(unit, hypotheses, shown, result.unchanged_log_prob, 1.0 - d.probability, d)


def ratio_floor(
    unit: Unit,
    found: Sequence[Candidate],
    ratio: float,
    unchanged_log_prob: float,
    floors: Floors | None = None,
) -> list[Candidate]:
    """The candidates that pass the ratio floor (:func:`keeps`): ``ratio``, or each one's kind's
    (:meth:`Floors.min_ratio_of`) with ``floors``."""
    return [
        c
        for c in found
        if keeps(
            unit,
            c,
            ratio if floors is None else floors.min_ratio_of(unit, c.tokens),
            unchanged_log_prob,
        )
    ]


def ranked(
    doc: ParsedText,
    unit: Unit,
    pool: Sequence[Candidate],
    log_probs: Sequence[float],
    lines: tuple[int, int] | None,
    how: Ranking,
) -> Ranked:
    """The repairs shown of ``unit`` from the scores of :func:`pipeline.score_items`
    (:func:`spancopy_core.repair.ranking.rank`, then :func:`ratio_floor`, then the shares)."""
    unchanged, rest = log_probs[0], iter(log_probs[1:])
    scores = [next(rest) if c.tokens else None for c in pool]
    # the model input as a repair (a corrected unit) scores what the input does, exactly
    scores = [unchanged if c.tokens == unit.tokens else s for c, s in zip(pool, scores)]
    best = ranking.rank(
        doc.text,
        unit,
        pool,
        scores,
        unchanged,
        doc.lines,
        lines,
        doc.frontend,
        top_k=how.top_k,
        penalties=how.penalties,
    )
    kept = ratio_floor(unit, best, how.ratio, unchanged, how.floors)
    shown, share = shares(kept, unchanged, unit.tokens)
    return Ranked(shown, unchanged, share)


def _unscored(unit: Unit, pool: Sequence[Candidate], how: Ranking) -> Ranked | None:
    """The result of a pool that needs no scoring: empty, or the model input alone, with all
    the share: the front-end's correction of the unit passes any floor (:func:`keeps`), the
    unit as written then having none, the unit itself (a change of layout only) is as likely
    as itself, so passes a floor up to 1. None for any other pool."""
    if any(c.tokens != unit.tokens for c in pool):
        return None
    sure = unit.tokens != written(unit)
    shown = [replace(c, probability=1.0) for c in pool if sure or how.ratio <= 1]
    return Ranked(shown, None, 0.0 if sure else 1.0)


async def rank_pools(
    runtime: Runtime,
    doc: ParsedText,
    units: Sequence[Unit],
    ids: Sequence[tuple[int, ...] | None],
    pools: Sequence[Sequence[Candidate]],
    lines: tuple[int, int] | None,
    how: Ranking,
    edits: Sequence[Any] | None = None,
) -> list[Ranked]:
    """The pools of ``units`` (model focus ``ids``) scored in one model job (under the edit of
    each unit, ``edits``, for the edit model) and ranked (:func:`ranked`)."""
    done = [_unscored(u, pool, how) for u, pool in zip(units, pools, strict=True)]
    todo = [k for k, d in enumerate(done) if d is None]
    items = [pipeline.score_items(units[k], ids[k], pools[k]) for k in todo]
    per_item = None if edits is None else [edits[k] for k, i in zip(todo, items) for _ in i]
    flat = await runtime.score([i for unit_items in items for i in unit_items], per_item)
    offsets = list(itertools.accumulate((len(i) for i in items), initial=0))
    for k, a, b in zip(todo, offsets[:-1], offsets[1:], strict=True):
        done[k] = ranked(doc, units[k], pools[k], flat[a:b], lines, how)
    return [d for d in done if d is not None]


async def run(
    runtime: Runtime,
    doc: ParsedText,
    units: Sequence[Unit],
    options: RepairOptions,
    *,
    focus: Focus | None = None,
    known: Container[str] = (),
    cache: Cache | None = None,
    document: Hashable = None,
    rules: Rules = (),
    only_confident: bool = False,
) -> list[UnitRepairs]:
    """Every stage on ``units`` of ``doc`` told ``focus`` (in the model vocabulary ``known``,
    with the project's rewrite ``rules`` of the model's directory, :mod:`.project_rules`):
    one batched decode, the candidates of the units not in ``cache`` (keyed by ``document``,
    which must name ``doc`` and the model) in one CPU job, their scores in one model job; with
    ``options.compile_check``, :mod:`.compile_check` with the front-end's verdicts, in another
    CPU job. ``only_confident`` (callers that show only what :func:`confident` passes:
    diagnostics, automatic code actions, project mode): the units that the detection head
    rules out first (:func:`ruled_out`) are not searched and get no repairs, which
    :func:`confident` would not pass anyway."""
    if only_confident and (quiet := await ruled_out(runtime, doc, units, focus)):
        live = [u for k, u in enumerate(units) if k not in quiet]
        rest = iter(
            await run(
                runtime, doc, live, options, focus=focus, known=known, cache=cache,
                document=document, rules=rules,
            )
        )  # fmt: skip
        return [_silent(u, quiet[k]) if k in quiet else next(rest) for k, u in enumerate(units)]
    shown = options.top_k
    checked = options.compile_check
    if checked:  # COMPILED more ranked, those that no longer compile dropped after
        options = compile_check.widened(options)
    options = replace(options, beam_size=options.beam(doc.frontend))
    ids = [pipeline.focus_ids(doc, u, focus) for u in units]
    inputs = [pipeline.model_input(u) for u in units]
    hyps = await _decode(runtime, doc, units, inputs, ids, options)
    lines = pipeline.focus_lines(doc, focus) if focus is not None else None
    keys = [RankKey(document, u.start, u.end, lines, options) for u in units]
    found: list[Ranked | None] = [None if cache is None else cache.get(k) for k in keys]
    todo = [k for k, f in enumerate(found) if f is None]

    def pools() -> list[tuple[list[Candidate], float]]:  # in the CPU thread (the style)
        return [_pool(doc, units[k], hyps[k], options, focus, known, rules) for k in todo]

    built = await runtime.cpu(pools) if todo else []
    made = [pool for pool, _ in built]
    if options.ranking == "beam":
        results = [_beam(units[k], hyps[k], pool, options, doc) for k, pool in zip(todo, made)]
    else:
        sub = [units[k] for k in todo]
        results = await rank_pools(
            runtime, doc, sub, [ids[k] for k in todo], made, lines, Ranking.of(options, doc)
        )
    for k, result, (_, same) in zip(todo, results, built, strict=True):
        found[k] = result = result._replace(same_share=same)
        if cache is not None:
            cache.put(keys[k], result)
    # the head reads the unit's log-probability of itself, which the ranking has scored
    scored = [
        r.unchanged_log_prob if r is not None and tuple(x) == tuple(u.tokens) else None
        for r, x, u in zip(found, inputs, units, strict=True)
    ]
    detected: Sequence[Detection | None] = await runtime.detect(inputs, ids, scored) or [
        None
    ] * len(units)
    repaired = [
        judged(u, h, _known(r), d) for u, h, r, d in zip(units, hyps, found, detected, strict=True)
    ]

    if not checked:  # the likely bugs' parses are cheap: here, as the ranking's are
        return [_suspected(doc, r, lines) for r in repaired]

    def finished() -> list[UnitRepairs]:  # in the CPU thread: javac
        out = compile_check.checked(doc, repaired, shown)
        return [_suspected(doc, r, lines) for r in out]

    return await runtime.cpu(finished)


async def ruled_out(
    runtime: Runtime, doc: ParsedText, units: Sequence[Unit], focus: Focus | None
) -> dict[int, Detection]:
    """The units (by index, with the head's :class:`Detection`) that :func:`confident` cannot
    pass whatever their repairs, known before any search: the model's detection head
    (reading only the unit and its exact score) puts them below its rule's least share,
    which the shares of the repairs that speak sum to at most, or the ``focus`` is on every
    line of the unit (:func:`whole_line_unit`), and they have no likely bug
    on the ``focus`` lines (:func:`suspects.seen`) for a repair to fix. Empty for a model
    without a head, whose ratio rule needs the repairs."""
    inputs = [pipeline.model_input(u) for u in units]
    ids = [pipeline.focus_ids(doc, u, focus) for u in units]
    detected = await runtime.detect(inputs, ids)
    if not detected:
        return {}
    lines = pipeline.focus_lines(doc, focus) if focus is not None else None
    return {
        k: d
        for k, (u, d) in enumerate(zip(units, detected, strict=True))
        if (d.probability < d.least_share or whole_line_unit(doc, u, focus))
        and not suspects.seen(doc.frontend, u, doc.lines, lines)
    }


def _silent(unit: Unit, detection: Detection) -> UnitRepairs:
    """What a unit :func:`ruled_out` shows: no repairs, the unit as written the head's rest."""
    return judged(unit, [], Ranked([], None, 1.0), detection)


def _suspected(doc: ParsedText, found: UnitRepairs, lines: tuple[int, int] | None) -> UnitRepairs:
    """``found`` with the likely bugs of its unit on ``lines`` that a repair shown fixes
    (:attr:`UnitRepairs.suspected`); where the check's own fix is among them and the
    detection head judged the unit, the probability that the list holds the fix, which the
    shares shown sum to, at least :data:`suspects.SHARE`."""
    where = (doc.frontend, found.unit, doc.text, doc.lines)
    hit = suspects.suspected(*where, found.candidates, lines)
    if not hit:
        return found
    d = found.detection
    if d is None or d.probability >= suspects.SHARE or not any(s.known for s in hit):
        return replace(found, suspected=hit)
    return replace(
        found,
        candidates=ranking.calibrated_shares(found.candidates, suspects.SHARE),
        unchanged_share=1.0 - suspects.SHARE,
        detection=d._replace(probability=suspects.SHARE),
        suspected=hit,
    )


def _pool(
    doc: ParsedText,
    unit: Unit,
    hypotheses: Sequence[Hypothesis],
    options: RepairOptions,
    focus: Focus | None,
    known: Container[str],
    rules: Rules,
) -> tuple[list[Candidate], float]:
    """The candidates of ``unit`` (:func:`pipeline.unit_candidates`) and, ranked with them,
    the rewrites that the project's ``rules`` make on the ``focus`` lines
    (:func:`~spancopy_core.repair.project_rules.focus_candidates`); and the share of the
    beam's changes that leave the unit as it is (:func:`same_program_share`)."""
    pool = pipeline.unit_candidates(doc, unit, hypotheses, options, focus, known)
    same = same_program_share(doc.text, unit, hypotheses, doc.style, doc.frontend, pool)
    if focus is None or not rules or options.ranking == "beam":
        return pool, same
    region = pipeline.focus_region(doc, focus)
    found = focus_candidates(doc, unit, rules, region, known, syntax_check=options.syntax_check)
    return ranking.merge(pool, found), same


async def _decode(
    runtime: Runtime,
    doc: ParsedText,
    units: Sequence[Unit],
    inputs: Sequence[Sequence[str]],
    ids: Sequence[tuple[int, ...] | None],
    options: RepairOptions,
) -> list[list[Hypothesis]]:
    """The beam's hypotheses of each unit that is searched (:func:`pipeline.searched`) and
    that the front-end searches (all but where it is :class:`Floors` and says not, and the
    options set no ratio), none for the others."""
    floors = doc.frontend if isinstance(doc.frontend, Floors) else None
    floors = floors if options.min_ratio is None else None  # the user's ratio: all searched
    todo = [
        k
        for k, u in enumerate(units)
        if pipeline.searched(u, options) and (floors is None or floors.searched(u))
    ]
    hyps: list[list[Hypothesis]] = [[] for _ in units]
    if todo:
        found = await runtime.decode([inputs[k] for k in todo], [ids[k] for k in todo], options)
        for k, h in zip(todo, found, strict=True):
            hyps[k] = h
    return hyps


def _known(result: Ranked | None) -> Ranked:
    assert result is not None, "every unit is ranked or cached by now"
    return result


def _beam(
    unit: Unit,
    hypotheses: Sequence[Hypothesis],
    pool: Sequence[Candidate],
    options: RepairOptions,
    doc: ParsedText,
) -> Ranked:
    """The beam's candidates in the beam's order with the beam's shares (``ranking="beam"``),
    floored against the unit's share of the beam."""
    share, ratio = unchanged_share(unit, hypotheses), options.ratio(doc.frontend)
    unchanged = _log(share)
    kept = [
        c for c in pool if keeps(unit, replace(c, log_prob=_log(c.probability)), ratio, unchanged)
    ]
    return Ranked(kept, None, unchanged_share(unit, hypotheses, as_written=True))


def _log(p: float) -> float:
    return math.log(p) if p > 0 else -math.inf


def repair_units(
    model: SpanCopyModel,
    doc: ParsedText,
    kept: Sequence[Unit],
    options: RepairOptions,
    *,
    should_stop: Callable[[], bool] | None = None,
    focus: Focus | None = None,
    runtime: Inline | None = None,
    rules: Rules = (),
    only_confident: bool = False,
) -> Iterator[UnitRepairs]:
    """:func:`run` synchronously on units already selected, in batches of
    :data:`pipeline.BATCH`, each unit yielded as soon as its batch is done (for callers that
    report progress on long files)."""
    inline = runtime or Inline(model, should_stop)
    for k in range(0, len(kept), pipeline.BATCH):
        batch = kept[k : k + pipeline.BATCH]
        found = run(
            inline, doc, batch, options, focus=focus, known=model.vocab, rules=rules,
            only_confident=only_confident,
        )  # fmt: skip
        yield from drive(found)


def repair(
    model: SpanCopyModel,
    doc: ParsedText,
    focus: Focus | None,
    options: RepairOptions,
    *,
    should_stop: Callable[[], bool] | None = None,
    rules: Rules = (),
) -> tuple[list[UnitRepairs], list[Unit]]:
    """Every stage at once: ``(repairs of each unit decoded, units skipped as too long)``."""
    found_units = pipeline.units(
        doc, model.vocab, focus, context=model.config.context, options=options
    )
    kept, skipped = pipeline.within_limit(found_units, options, doc.frontend)
    found = repair_units(
        model, doc, kept, options, should_stop=should_stop, focus=focus, rules=rules
    )
    return list(found), skipped
