"""The repair pipeline, with no LSP in it: a text, its language and a focus in, repairs out.
Each stage is here once (parse, view, units, model inputs with focus ids, batched merged beam
search, candidates, templates at the focus, exact-probability ranking), run in order for every
caller by :mod:`spancopy_core.repair.runner`, with the limits every caller applies
(:data:`MAX_DOCUMENT_CHARS`, :data:`MAX_BEAM_SIZE`, :data:`MAX_TOP_K`, :data:`MAX_UNIT_TOKENS`).
Design notes: docs/design.md#repair-pipeline.
"""

from __future__ import annotations

import difflib
import math
from collections.abc import Callable, Container, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from spancopy_core.editing.edits import Style
from spancopy_core.editing.positions import LineIndex
from spancopy_core.paper.actions import Action, Copy, Gen, Hypothesis
from spancopy_core.paper.context import join, method_length, segment_ids
from spancopy_core.paper.focus import INSIDE, NONE, OUTSIDE
from spancopy_core.repair import ranking
from spancopy_core.repair.candidates import Candidate, candidates, confidence, unchanged_share
from spancopy_core.repair.frontend import Frontend, Narrows, Penalties, Unit, written

if TYPE_CHECKING:
    from spancopy_core.paper.detection import Detection
    from spancopy_core.paper.model import SpanCopyModel
    from spancopy_core.repair.suspects import Suspicion

BATCH = 8  # units per batched beam search
# Longer texts are refused: the Java front-end lexes the whole text in Python, about 3 s per MB.
MAX_DOCUMENT_CHARS = 2**20
MAX_BEAM_SIZE = 200  # of RepairOptions.beam_size as a user sets it
MAX_TOP_K = 50
MAX_UNIT_TOKENS = 10_000  # of RepairOptions.max_unit_tokens
# A unit longer than RepairOptions.max_unit_tokens but not than this is repaired without the
# beam search where it has a likely bug whose fix is known (within_limit): a contest program's long
# main. Its fixes' scores cost its length squared: 0.2 s at 449 model tokens, 0.7 s at 1,031
SCORED_TOKENS = 1_200
# A confident repair's least ratio to the unit as written: the editor's automatic lightbulb
# (automaticMinRatio) and spancopy repair DIR. Measured with bench/false_alarms.py on correct
# held-out code and real bugs (the shipped model, every line asked): at 2, 15.0% of correct
# lines were answered (17.5% of bug lines); at 3, 13.0%; at 20, 3.0% (1.7%). The model does
# not yet tell a bug from correct code, so the lightbulb stays quiet where nothing is wrong.
CONFIDENT_RATIO = 20.0
# A method too long to search, asked at a focus, is searched as its statements nearest the
# focus, at most this many tokens (RepairOptions.narrow_tokens). Chosen with
# bench/long_methods.py (JDK methods of 401-1,200 tokens with one user-like bug each, dev
# files): the fix in the top 5 for 0 / 100 / 150 / 250 / 350 tokens: see docs/benchmarks.md.
NARROW_TOKENS = 250

Focus = tuple[int, int]  # code-point range [start, end] of the text the user points at


@dataclass(frozen=True)
class RepairOptions:
    """What changes the repairs of a unit: the search and the filters after it."""

    beam_size: int | None = None  # None: the front-end's (Frontend.beam_size)
    top_k: int = 5  # repairs offered per unit
    decoding: str = "merged"  # one of spancopy_core.paper.decoding.VARIANTS
    max_unit_tokens: int = 400  # longer units are skipped (decoding time grows with length)
    # at a focus, a unit longer than max_unit_tokens is searched as the part of it around the
    # focus, at most this long (Narrows; 0: it is not, and gets only its likely bugs' fixes)
    narrow_tokens: int = NARROW_TOKENS
    syntax_check: bool = True  # drop repairs after which a unit that parsed no longer parses
    # drop the best repairs that add a compile error to the file (javac in a resident process,
    # spancopy_core.lang.java.compiler.adds_errors; a JDK on PATH, else nothing dropped)
    compile_check: bool = False
    ranking: str = "combined"  # one of RANKINGS
    # A repair is offered only when at least this many times as likely as the unit as written;
    # None: the front-end's Frontend.min_ratio (1 for sentences, 0 for methods).
    min_ratio: float | None = None
    # the combined ranking's penalties of Java methods, refit on a project's history by
    # python -m trainer adapt (spancopy_core.repair.project_rules.load_penalties); None: the
    # Java front-end's, chosen on public real bugs
    penalties: Penalties | None = None
    # the beam candidates that the combined ranking scores (the rest of the beam only adds
    # mass to a candidate of the same tokens); None: POOL, or top_k where it is more
    pool: int | None = None

    def __post_init__(self) -> None:
        if self.ranking not in RANKINGS:
            raise ValueError(f"ranking must be one of {RANKINGS}, not {self.ranking!r}")
        if self.min_ratio is not None and not 0 <= self.min_ratio < math.inf:
            raise ValueError(f"min_ratio must be a finite number >= 0, not {self.min_ratio!r}")
        if self.pool is not None and self.pool < 1:
            raise ValueError(f"pool must be at least 1, not {self.pool!r}")

    def pooled(self) -> int:
        """The beam candidates that the combined ranking scores."""
        return max(POOL, self.top_k) if self.pool is None else self.pool

    def beam(self, frontend: Frontend) -> int:
        """The beam width for ``frontend``'s units: ``beam_size``, or the front-end's."""
        return frontend.beam_size if self.beam_size is None else self.beam_size

    def ratio(self, frontend: Frontend) -> float:
        """The least ratio to the unit as written of a repair offered for ``frontend``."""
        return frontend.min_ratio if self.min_ratio is None else self.min_ratio

    def ranked_with(self, frontend: Frontend) -> Penalties:
        """The combined ranking's penalties for ``frontend``'s units: a project's
        (``penalties``) for Java methods, where it has them; else the front-end's."""
        if self.penalties is None or frontend.name != "java":
            return frontend.penalties
        return self.penalties


RANKINGS = ("combined", "beam")
POOL = 10  # beam candidates that the combined ranking scores, at least


@dataclass
class ParsedText:
    """A text parsed by its front-end, with its line table, the path of its file (if it has
    one: the compile check finds the project's other files from it) and (learned on first use)
    the layout style that generated tokens imitate."""

    text: str
    frontend: Frontend
    parsed: Any
    lines: LineIndex
    _style: Style | None = field(default=None, repr=False)
    path: str | None = None

    @classmethod
    def parse(
        cls,
        text: str,
        frontend: Frontend,
        previous: ParsedText | None = None,
        path: str | None = None,
    ) -> ParsedText:
        """Parse ``text`` (of the file ``path``, if any), incrementally from ``previous`` (an
        earlier version) when it was parsed by the same front-end."""
        old = previous.parsed if previous is not None and previous.frontend is frontend else None
        return cls(text, frontend, frontend.parse(text, old), LineIndex(text), path=path)

    @property
    def style(self) -> Style:
        if self._style is None:
            self._style = self.frontend.style(self.parsed)
        return self._style


@dataclass(frozen=True)
class UnitRepairs:
    """What the pipeline found for one unit: the hypotheses of the beam search (best first,
    the unchanged unit among them) and the repairs shown (best first, each with its share)."""

    unit: Unit
    hypotheses: list[Hypothesis]
    candidates: list[Candidate]
    unchanged_log_prob: float | None = None  # exact, when the candidates were ranked by it
    unchanged_share: float | None = None  # the unit as written's, beside the candidates'
    # the model's detection head's P(needs a change) and its rule (None: the model has none)
    detection: Detection | None = None
    # likely bugs of the unit as written that a repair shown removes (repair.suspects)
    suspected: tuple[Suspicion, ...] = ()

    def best(self) -> Candidate | None:
        """The most likely repair shown (the first of the list but for penalties)."""
        return max(self.candidates, key=lambda c: c.log_prob, default=None)

    def confidence(self) -> float:
        """How many times as likely as the unit as written its most likely repair is (0
        without one): exact with the combined ranking, else from the beam
        (:func:`~spancopy_core.repair.candidates.confidence`); infinite for a unit its
        front-end corrected before the model saw it (prose respellings)."""
        best = self.best()
        if best is None:
            return 0.0
        if self.unit.tokens != written(self.unit):
            return math.inf  # the front-end corrected the unit (a misspelling): it is sure
        if self.unchanged_log_prob is None:
            return confidence(self.unit, self.hypotheses, best)
        if best.log_prob == -math.inf:
            return 0.0
        # exp overflows above about 709: a ratio of e^700 is as sure as any
        return math.exp(min(best.log_prob - self.unchanged_log_prob, 700.0))

    def unchanged_probability(self) -> float:
        """The share of the unit as written, measured like the candidates' shares."""
        if self.unchanged_share is None:
            return unchanged_share(self.unit, self.hypotheses, as_written=True)
        return self.unchanged_share


def view(doc: ParsedText, focus: Focus | None) -> ParsedText:
    """The text that serves ``focus``: ``doc`` itself, or, when its front-end hands the focus
    to another one (the prose of a Java comment), the same text parsed by that one."""
    if focus is None:
        return doc
    inner = doc.frontend.embedded(doc.parsed, min(focus), max(focus))
    if inner is None:
        return doc
    frontend, parsed = inner
    return ParsedText(doc.text, frontend, parsed, doc.lines, path=doc.path)


def units(
    doc: ParsedText,
    known: Container[str],
    focus: Focus | None = None,
    *,
    context: bool = False,
    options: RepairOptions | None = None,
) -> list[Unit]:
    """The units to repair: the innermost ones overlapping ``focus`` (with ``options``, those
    too long to search narrowed to the focus: :func:`narrowed`), or, without a focus, every
    outermost unit; abstracted with the model vocabulary ``known``, each with its context
    segment when ``context`` (the model reads one: ``ModelConfig.context``)."""
    if focus is None:
        return doc.frontend.all_units(doc.parsed, known, context)
    found = doc.frontend.units_in(doc.parsed, min(focus), max(focus), known, context)
    if options is None:
        return found
    return narrowed(doc, found, focus, options, known, context)


def narrowed(
    doc: ParsedText,
    found: Sequence[Unit],
    focus: Focus,
    options: RepairOptions,
    known: Container[str],
    context: bool = False,
) -> list[Unit]:
    """``found`` as the model reads them at ``focus``: each unit too long to search
    (:func:`searched`) as its front-end narrows it to the focus's lines (:class:`Narrows`),
    at most ``options.narrow_tokens`` tokens (0: none narrowed), where it can."""
    frontend, budget = doc.frontend, options.narrow_tokens
    if not budget or not isinstance(frontend, Narrows):
        return list(found)
    region = focus_region(doc, focus)

    def narrow(u: Unit) -> Unit:
        if searched(u, options):
            return u
        return frontend.narrowed(doc.parsed, u, *region, budget, known, context) or u

    return [narrow(u) for u in found]


def model_input(unit: Unit) -> list[str]:
    """What the model reads of ``unit``: its tokens, then its context segment if it has one
    (:mod:`spancopy_core.paper.context`)."""
    return join(unit.tokens, unit.scope)


def within_method(hypothesis: Hypothesis, n: int) -> Hypothesis:
    """``hypothesis`` of an input whose first ``n`` tokens are the method, with every copy
    from the context segment written as the generation of the tokens it copies: the
    derivation of a repair indexes the method alone, as the edits of
    :func:`spancopy_core.editing.edits.edits` need."""
    if not any(isinstance(a, Copy) and a.j > n for a in hypothesis.actions):
        return hypothesis
    actions: list[Action] = []
    k = 0
    for a in hypothesis.actions:
        if isinstance(a, Copy) and a.j > n:
            actions += [Gen(t) for t in hypothesis.tokens[k : k + a.j - a.i]]
        else:
            actions.append(a)
        k += a.j - a.i if isinstance(a, Copy) else 1
    return Hypothesis(hypothesis.tokens, hypothesis.log_prob, actions)


def focus_lines(doc: ParsedText, focus: Focus) -> tuple[int, int]:
    """The first and last 0-based lines that ``focus`` touches."""
    return doc.lines.line(min(focus)), doc.lines.line(max(focus))


def focus_region(doc: ParsedText, focus: Focus) -> Focus:
    """The code-point range of the whole lines that ``focus`` touches."""
    first, last = focus_lines(doc, focus)
    return doc.lines.offset(first, 0), doc.lines.line_end(last)


def focus_ids(doc: ParsedText, unit: Unit, focus: Focus | None) -> tuple[int, ...] | None:
    """The model's focus ids of ``unit``'s tokens: INSIDE for a token with source text on a
    line that ``focus`` touches; None without a focus. The tokens of a unit its front-end
    corrected take the ids of the tokens written (:func:`corrected_ids`)."""
    if focus is None:
        return None
    lo, hi = focus_region(doc, focus)
    source = unit.source_tokens
    ids = [
        INSIDE
        if any(source[i].start <= hi and lo < source[i].end for i in range(s, e))
        else OUTSIDE
        for s, e in unit.mapping.spans
    ]
    return corrected_ids(written(unit), unit.tokens, ids)


def whole_focus(doc: ParsedText, unit: Unit, focus: Focus | None) -> bool:
    """Whether ``focus`` touches the line of every token of ``unit``: a request at a line that
    holds the whole method (picocli's ``boolean matchedMinElements() { return
    matchedFully(false); }``), which asks whether the method is wrong, not the line."""
    ids = focus_ids(doc, unit, focus)
    return ids is not None and all(i == INSIDE for i in ids)


def corrected_ids(old: Sequence[str], new: Sequence[str], ids: Sequence[int]) -> tuple[int, ...]:
    """Per token of ``new`` (``old`` corrected), the id of its token in ``old`` (``ids``, one
    per token of ``old``): along the token diff of the two, a kept token its own, a token
    put in place of others or added the id of the first one replaced (of the token before
    an addition; of the first token, at the start)."""
    if tuple(old) == tuple(new):
        return tuple(ids)
    out: list[int] = []
    matcher = difflib.SequenceMatcher(None, list(old), list(new), autojunk=False)
    for op, i1, i2, j1, j2 in matcher.get_opcodes():
        if op == "equal":
            out += ids[i1:i2]
        elif j2 > j1:
            near = i1 if op == "replace" else max(i1 - 1, 0)
            out += [ids[near] if ids else NONE] * (j2 - j1)
    return tuple(out)


def line_focus(doc: ParsedText, line: int) -> Focus:
    """The focus of a whole 0-based line (clamped to the text)."""
    start = doc.lines.offset(line, 0)
    return start, doc.lines.line_end(doc.lines.line(start))


def within_limit(
    found: Sequence[Unit], options: RepairOptions, frontend: Frontend | None = None
) -> tuple[list[Unit], list[Unit]]:
    """``(kept, skipped)``: the units of at most ``options.max_unit_tokens`` model tokens and,
    with the units' ``frontend``, those of at most :data:`SCORED_TOKENS` with a likely bug
    whose fix the check knows (not searched, :func:`searched`: only such fixes are offered,
    at a focus those on its lines, without one, as diagnostics ask, all); and the others."""

    def kept(u: Unit) -> bool:
        if searched(u, options):
            return True
        if frontend is None or len(u.tokens) > SCORED_TOKENS:
            return False
        return any(s.fix is not None for s in frontend.suspicions(u))

    verdicts = [kept(u) for u in found]  # once each: a long unit's likely bugs are looked up
    return (
        [u for u, ok in zip(found, verdicts) if ok],
        [u for u, ok in zip(found, verdicts) if not ok],
    )


def searched(unit: Unit, options: RepairOptions) -> bool:
    """Whether the beam search runs on ``unit``: not where it is longer than
    ``options.max_unit_tokens`` (the search's time grows with the length; such a unit at a
    focus gets only the fixes of its likely bugs there, scored by the model: scoring each
    of its templates too would cost seconds, its length for each)."""
    return len(unit.tokens) <= options.max_unit_tokens


def decode(
    model: SpanCopyModel,
    inputs: Sequence[Sequence[str]],
    options: RepairOptions,
    *,
    should_stop: Callable[[], bool] | None = None,
    focus: Sequence[Sequence[int] | None] | None = None,
) -> list[list[Hypothesis]]:
    """The hypotheses of each input, best first: batched beam searches of :data:`BATCH`
    inputs each, ``options.beam_size`` hypotheses per input (which must be set: see
    :meth:`RepairOptions.beam`), with the focus ids of each input's method tokens (None: no
    focus). An input may end with a context segment (:func:`model_input`); its hypotheses
    copy from the method only (:func:`within_method`). Raises
    :class:`~spancopy_core.paper.decoding.DecodingCancelled` when ``should_stop`` says so."""
    from spancopy_core.paper.decoding import beam_search  # imports torch

    if options.beam_size is None:
        raise ValueError("decode needs options.beam_size (RepairOptions.beam)")
    out: list[list[Hypothesis]] = []
    for k in range(0, len(inputs), BATCH):
        chunk = [list(x) for x in inputs[k : k + BATCH]]
        ids = None
        if focus is not None:
            ids = [segment_ids(x, f) for x, f in zip(chunk, focus[k : k + BATCH], strict=True)]
        found = beam_search(
            model,
            chunk,
            beam_size=options.beam_size,
            top_k=options.beam_size,
            variant=options.decoding,
            should_stop=should_stop,
            focus=ids,
        )
        for x, hyps in zip(chunk, found, strict=True):
            n = method_length(x)
            out.append([within_method(h, n) for h in hyps])
    return out


def unit_candidates(
    doc: ParsedText,
    unit: Unit,
    hypotheses: Sequence[Hypothesis],
    options: RepairOptions,
    focus: Focus | None = None,
    known: Container[str] = (),
) -> list[Candidate]:
    """The repairs of ``unit`` made of its hypotheses (see
    :func:`spancopy_core.repair.candidates.candidates`): in the beam's order, with
    ``options.ranking == "beam"``; else the pool that :func:`spancopy_core.repair.runner.ranked`
    orders, the templates at ``focus`` (without a
    focus: of the whole unit if ``Frontend.whole_unit_templates``, else only the fixes of the
    unit's likely bugs, :meth:`Frontend.fixes`, as for a unit not :func:`searched`; in the
    model vocabulary ``known``) after those of the beam."""
    if options.ranking == "beam":
        return candidates(
            doc.text,
            unit,
            hypotheses,
            doc.style,
            doc.frontend,
            top_k=options.top_k,
            syntax_check=options.syntax_check,
        )
    if unit.tokens != written(unit) and all(tuple(h.tokens) != unit.tokens for h in hypotheses):
        # the front-end's correction of the unit is a candidate, found by the beam or not
        floor = min((h.log_prob for h in hypotheses), default=0.0)
        hypotheses = [*hypotheses, Hypothesis(list(unit.tokens), floor, [])]
    beam = candidates(
        doc.text,
        unit,
        hypotheses,
        doc.style,
        doc.frontend,
        top_k=options.pooled(),
        syntax_check=options.syntax_check,
    )
    region = focus_region(doc, focus) if focus is not None else (unit.start, unit.end)
    templates = ranking.template_candidates(
        doc.text,
        unit,
        doc.frontend,
        region,
        known,
        syntax_check=options.syntax_check,
        fixes_only=(focus is None and not doc.frontend.whole_unit_templates)
        or not searched(unit, options),  # a long unit: scoring each template costs its length
    )
    return ranking.merge(beam, templates)


def score_items(
    unit: Unit, ids: Sequence[int] | None, pool: Sequence[Candidate]
) -> list[tuple[Sequence[str], Sequence[int] | None, Sequence[str]]]:
    """What :func:`spancopy_core.paper.scoring.log_probs` scores for ``unit`` (its
    :func:`model_input`): the unit unchanged (as written, or as its front-end corrected it),
    then each expressible candidate of ``pool``."""
    x = model_input(unit)
    items: list[tuple[Sequence[str], Sequence[int] | None, Sequence[str]]] = [(x, ids, unit.tokens)]
    return items + [(x, ids, c.tokens) for c in pool if c.tokens]
