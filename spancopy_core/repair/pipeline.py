"""The repair pipeline, with no LSP in it: a text, its language and a focus in, repairs out.

    text --parse--> ParsedText --units(focus)--> Unit* --length limit--> model inputs
         --decode (batched merged beam search)--> Hypothesis* --candidates--> Candidate* (edits)

Every user of the model runs these stages and nothing else: the tests call :func:`repair`, which
runs them all, and ``spancopy repair`` (:mod:`spancopy_core.cli`) the same with the decoding and
candidate stages unit by unit (:func:`repair_units`), to report as it goes; the language
server runs the same stage functions in its own threads, :func:`decode` on its model thread and
:func:`unit_candidates` on its CPU thread, with caches between them, and diagnostics select with
:func:`confident`. The *focus* is what the user points at, a code-point range ``(start, end)`` of
the text (a code action's range, ``--line N``, the cursor of the repair command): the units
overlapping it are repaired; without a focus every outermost unit of the document is.

Limits every caller applies (the server to its settings and documents, ``spancopy repair`` to
its options and files): :data:`MAX_DOCUMENT_CHARS`, :data:`MAX_BEAM_SIZE`, :data:`MAX_TOP_K`,
:data:`MAX_UNIT_TOKENS`.

torch is imported only by :func:`decode` (through :mod:`spancopy_core.decoding`), so parsing and
unit selection stay cheap for callers that may never decode.
"""

from __future__ import annotations

from collections.abc import Callable, Container, Iterator, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ..actions import Hypothesis
from ..edits import Style
from ..positions import LineIndex
from .candidates import Candidate, candidates, confidence
from .frontend import Frontend, Unit

if TYPE_CHECKING:
    from ..model import SpanCopyModel

BATCH = 8  # units per batched beam search
# Longer texts are refused: the Java front-end lexes the whole text in Python, about 3 s per MB.
MAX_DOCUMENT_CHARS = 2**20
MAX_BEAM_SIZE = 200  # of RepairOptions.beam_size as a user sets it
MAX_TOP_K = 50
MAX_UNIT_TOKENS = 10_000  # of RepairOptions.max_unit_tokens

Focus = tuple[int, int]  # code-point range [start, end] of the text the user points at


@dataclass(frozen=True)
class RepairOptions:
    """What changes the repairs of a unit: the search and the filters after it."""

    beam_size: int = 20
    top_k: int = 5  # repairs offered per unit
    decoding: str = "merged"  # one of spancopy_core.decoding.VARIANTS
    max_unit_tokens: int = 400  # longer units are skipped (decoding time grows with length)
    syntax_check: bool = True  # drop repairs after which a unit that parsed no longer parses


@dataclass
class ParsedText:
    """A text parsed by its front-end, with its line table and (learned on first use) the
    layout style that generated tokens imitate."""

    text: str
    frontend: Frontend
    parsed: Any
    lines: LineIndex
    _style: Style | None = field(default=None, repr=False)

    @classmethod
    def parse(cls, text: str, frontend: Frontend, previous: ParsedText | None = None) -> ParsedText:
        """Parse ``text``, incrementally from ``previous`` (an earlier version) when it was
        parsed by the same front-end."""
        old = previous.parsed if previous is not None and previous.frontend is frontend else None
        return cls(text, frontend, frontend.parse(text, old), LineIndex(text))

    @property
    def style(self) -> Style:
        if self._style is None:
            self._style = self.frontend.style(self.parsed)
        return self._style


@dataclass(frozen=True)
class UnitRepairs:
    """What the pipeline found for one unit: the hypotheses of the beam search (best first,
    the unchanged unit among them) and the repairs made of them (most probable first)."""

    unit: Unit
    hypotheses: list[Hypothesis]
    candidates: list[Candidate]


def units(doc: ParsedText, known: Container[str], focus: Focus | None = None) -> list[Unit]:
    """The units to repair: the innermost ones overlapping ``focus``, or, without a focus,
    every outermost unit; abstracted with the model vocabulary ``known``."""
    if focus is None:
        return doc.frontend.all_units(doc.parsed, known)
    return doc.frontend.units_in(doc.parsed, min(focus), max(focus), known)


def line_focus(doc: ParsedText, line: int) -> Focus:
    """The focus of a whole 0-based line (clamped to the text)."""
    start = doc.lines.offset(line, 0)
    return start, doc.lines.line_end(doc.lines.line(start))


def within_limit(found: Sequence[Unit], options: RepairOptions) -> tuple[list[Unit], list[Unit]]:
    """``(kept, skipped)``: the units of at most ``options.max_unit_tokens`` model tokens, and
    the others."""
    kept = [u for u in found if len(u.tokens) <= options.max_unit_tokens]
    return kept, [u for u in found if len(u.tokens) > options.max_unit_tokens]


def decode(
    model: SpanCopyModel,
    inputs: Sequence[Sequence[str]],
    options: RepairOptions,
    *,
    should_stop: Callable[[], bool] | None = None,
) -> list[list[Hypothesis]]:
    """The hypotheses of each input, best first: batched beam searches of :data:`BATCH`
    inputs each, ``options.beam_size`` hypotheses per input. Raises
    :class:`~spancopy_core.decoding.DecodingCancelled` when ``should_stop`` says so."""
    from ..decoding import beam_search  # imports torch

    out: list[list[Hypothesis]] = []
    for k in range(0, len(inputs), BATCH):
        out += beam_search(
            model,
            [list(x) for x in inputs[k : k + BATCH]],
            beam_size=options.beam_size,
            top_k=options.beam_size,
            variant=options.decoding,
            should_stop=should_stop,
        )
    return out


def unit_candidates(
    doc: ParsedText, unit: Unit, hypotheses: Sequence[Hypothesis], options: RepairOptions
) -> list[Candidate]:
    """The repairs of ``unit`` made of its hypotheses (see
    :func:`spancopy_core.repair.candidates.candidates`)."""
    return candidates(
        doc.text,
        unit,
        hypotheses,
        doc.style,
        doc.frontend,
        top_k=options.top_k,
        syntax_check=options.syntax_check,
    )


def repair(
    model: SpanCopyModel,
    doc: ParsedText,
    focus: Focus | None,
    options: RepairOptions,
    *,
    should_stop: Callable[[], bool] | None = None,
) -> tuple[list[UnitRepairs], list[Unit]]:
    """Every stage at once: ``(repairs of each unit decoded, units skipped as too long)``."""
    kept, skipped = within_limit(units(doc, model.vocab, focus), options)
    return list(repair_units(model, doc, kept, options, should_stop=should_stop)), skipped


def repair_units(
    model: SpanCopyModel,
    doc: ParsedText,
    kept: Sequence[Unit],
    options: RepairOptions,
    *,
    should_stop: Callable[[], bool] | None = None,
) -> Iterator[UnitRepairs]:
    """The decoding and candidate stages of :func:`repair` on units already selected, in
    order, each yielded as soon as its batch of :data:`BATCH` units is decoded (for callers
    that report progress on long files)."""
    for k in range(0, len(kept), BATCH):
        batch = kept[k : k + BATCH]
        beams = decode(model, [u.tokens for u in batch], options, should_stop=should_stop)
        for u, hyps in zip(batch, beams, strict=True):
            yield UnitRepairs(u, hyps, unit_candidates(doc, u, hyps, options))


def confident(found: Sequence[UnitRepairs], threshold: float) -> list[tuple[UnitRepairs, float]]:
    """The units whose best repair is at least ``threshold`` times as likely as the unit as
    written (:func:`~spancopy_core.repair.candidates.confidence`), with that ratio: what
    diagnostics mark."""
    out = []
    for r in found:
        if r.candidates and (ratio := confidence(r.unit, r.hypotheses, r.candidates[0])) >= (
            threshold
        ):
            out.append((r, ratio))
    return out
