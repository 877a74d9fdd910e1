"""What the repair pipeline needs of a language front-end (:class:`Frontend`, :class:`Unit`): a
document into units and a unit into model tokens with the mapping back, the file's layout
style, parse checks, titles, embedded languages, the model and ranking parameters; a language
plugs in through :data:`spancopy_core.repair.languages.FRONTENDS`. :func:`covering_edit` makes
parsing incremental.
Design notes: docs/design.md#repair-frontend.
"""

from __future__ import annotations

from collections.abc import Container, Hashable, Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple, Protocol, TypeVar, runtime_checkable

from spancopy_core.editing.edits import Alignment, SourceToken, Style, TextEdit

MAX_UNITS_PER_REQUEST = 8  # a selection over more methods repairs the first eight


@dataclass(frozen=True)
class Unit:
    """One repairable unit of a document, ready for the model.

    ``start``/``end`` are its code-point range in the text; ``tokens`` the model input
    (abstracted), ``mapping`` and ``source_tokens`` what :func:`spancopy_core.editing.edits.edits`
    needs to map a hypothesis back; ``has_error`` whether it contains a parse error;
    ``context`` the text to put before and after it to parse it alone; ``scope`` the tokens of
    its context segment (:mod:`spancopy_core.paper.context`: names around it that it lacks, which
    ``mapping`` writes back too; empty unless asked for). ``mapping.tokens`` are the unit *as
    written* (:func:`written`); ``tokens`` are the same, but where the front-end corrects the
    unit before the model sees it (prose: misspelt words respelt,
    :mod:`spancopy_core.repair.channel`, a comma after an opening phrase), when they are the
    corrected unit, which every repair of the unit starts from."""

    name: str
    start: int
    end: int
    tokens: tuple[str, ...]
    mapping: Alignment
    source_tokens: Sequence[SourceToken]
    has_error: bool
    context: tuple[str, str] = ("", "")
    scope: tuple[str, ...] = ()
    # what the front-end knows of the unit's surroundings for :meth:`Frontend.sensible` (Java:
    # the declarations around a method, spancopy_core.lang.java.validity.Environment); None:
    # nothing
    environment: Hashable | None = None
    # code-point ranges of the text between ``start`` and ``end`` that ``tokens`` leave out (a
    # long method read at a focus: :meth:`Narrows.narrowed`); no repair may edit or copy them
    gaps: tuple[tuple[int, int], ...] = ()


def written(unit: Unit) -> tuple[str, ...]:
    """The model tokens of ``unit`` as written (before the front-end's corrections)."""
    return tuple(unit.mapping.tokens)


@dataclass(frozen=True)
class Penalties:
    """Subtracted from a candidate's log-probability (natural log) before ranking. Chosen
    for the shipped model on the real-bug *dev* sets (ManySStuBs4J dev, contest dev, classic
    dev, everyday; never a test slice): each bug asked once, its pool ranked again under a
    grid of settings (``bench/penalty_sweep.py``), the most fixes first and in the top five
    among the settings whose rank-1 pure deletions are at most a tenth of the bugs (stage 6 of
    the model card: 751 dev bugs, top-1 / top-5 / rank-1 deletions 64 / 134 / 29 as the
    previous model's penalties rank them, 67 / 144 / 73 with these; the previous model with
    its own 60 / 130 / 71). ``edit_size``, the weight of the log of the number of model
    tokens a change spans, is a prior over the size of fixes that falls as a power of it:
    one-token fixes are the most common."""

    signature: float = 3.0
    deletion: float = 6.0  # a deleted statement (or more)
    token_deletion: float = 1.0  # deleted tokens within a statement
    off_focus: float = 6.0
    edit_size: float = 1.5  # times the log of the tokens a change spans
    # a bonus (subtracted) for a repair that fixes a likely bug of the unit as written on the
    # lines of the focus (:mod:`spancopy_core.repair.suspects`): enough to put a check's own fix
    # of eight tokens first (docs/design.md#repair-suspects)
    suspicion: float = 60.0
    # one comparison turned into another that real fixes seldom choose (EditShape). Of the
    # fixes in ManySStuBs4J and CodRep that change one comparison operator into another, 60 of
    # 80 changes of <, <=, > or >= only add or drop its "=" (< into <=: 15, into >=: 4, into
    # >: 3), and 50 of 61 changes of == or != make the other; the dev sets (bench/penalty_sweep.py)
    # gain 3 fixes first at 1.0 to 3.0, none lost
    rare_comparison: float = 2.0


class Suspect(NamedTuple):
    """A likely bug that a front-end sees (:meth:`Frontend.suspicions`): its 0-based line in
    the unit's text, what it is, its code, and the fix its check knows (a code-point range of
    the unit's text and the new text; None: none)."""

    row: int
    what: str
    code: str
    fix: tuple[int, int, str] | None = None


@dataclass(frozen=True)
class EditShape:
    """What the ranking's penalties (:class:`Penalties`) need to know of a change, which only
    its language can tell: whether every edit lies in the unit's signature (Java: the
    modifiers, return type, name and parameters of a method, before its body), whether
    the text it deletes held a whole statement or more, and whether it only turns one
    comparison into another that real fixes seldom choose (Java: ``<`` into ``>=`` or ``>``,
    where ``<=`` is the usual fix), and whether it is cosmetic (Java: modifiers alone written
    or removed, ``public`` for ``private``, ``final`` or ``@Override`` added; an exception's
    message dropped, ``throw new X("...")`` -> ``throw new X()``; any change of a method
    without a body, a matter of design): a matter of taste, for which nothing is reported
    unasked (:func:`~spancopy_core.repair.runner.confident`)."""

    in_signature: bool = False
    removes_statement: bool = False
    rare_comparison: bool = False
    cosmetic: bool = False


P = TypeVar("P")  # what a front-end's parse returns (Java: JavaSource)


class Frontend(Protocol[P]):
    """A language as the server sees it; ``P`` is the type of its parses."""

    name: str
    language_ids: frozenset[str]
    extensions: tuple[str, ...]
    model: str  # the model that serves it: a key of spancopy_core.DEFAULT_MODELS
    unit_kind: str  # what a unit is called in messages: "method", "sentence"
    penalties: Penalties  # subtracted from candidates' log-probabilities to rank them
    min_ratio: float  # a repair is offered only at least this many times as likely as the unit
    beam_size: int  # the width of the beam search of its units, unless the options say
    # Without a focus, whether the templates of the whole unit are ranked too (else only the
    # beam's candidates are, and templates only at a focus).
    whole_unit_templates: bool

    def parse(self, text: str, previous: P | None = None) -> P:
        """Parse ``text``, incrementally from ``previous`` (an earlier result) if given."""
        ...

    def units_in(
        self, parsed: P, start: int, end: int, known: Container[str], context: bool = False
    ) -> list[Unit]:
        """The innermost units overlapping ``[start, end]`` (at most
        :data:`MAX_UNITS_PER_REQUEST`), abstracted with the model vocabulary ``known``; with
        ``context``, each with its context segment (``Unit.scope``) if the language has one."""
        ...

    def all_units(self, parsed: P, known: Container[str], context: bool = False) -> list[Unit]:
        """Every outermost unit of the document (``context`` as for :meth:`units_in`)."""
        ...

    def style(self, parsed: P) -> Style:
        """The layout habits of the document."""
        ...

    def templates(
        self, unit: Unit, start: int, end: int, known: Container[str]
    ) -> list[tuple[TextEdit, tuple[str, ...] | None]]:
        """Repair templates of the unit within the code-point range ``[start, end]``: each an
        edit of the text and the model output it amounts to (None: not expressible)."""
        ...

    def still_parses(self, unit: Unit, new_text: str) -> bool:
        """Whether ``new_text``, the unit after an edit, parses without error."""
        ...

    def sensible(self, unit: Unit, new_text: str) -> bool:
        """Whether ``new_text``, the unit after an edit, makes sense beyond its syntax (Java:
        its names resolve, no member of a primitive, no comparison of a thing with itself;
        prose: always)."""
        ...

    def suspicions(self, unit: Unit, new_text: str | None = None) -> list[Suspect]:
        """What in ``new_text`` (the unit's text after an edit; None: the unit as written, as
        the front-end read it) compiles but is very likely a bug: its 0-based line in the
        unit's text, what it is, its code and the fix the check knows (code-point range of
        the text and new text; None: none) (Java: a String compared by reference, an int
        product given to a long, ...; prose: nothing)."""
        ...

    def fixes(
        self, unit: Unit, start: int, end: int, known: Container[str]
    ) -> list[tuple[TextEdit, tuple[str, ...] | None]]:
        """The fixes of the likely bugs of the unit as written (:meth:`suspicions`) within the
        code-point range ``[start, end]`` of the document, as :meth:`templates` gives its
        templates (also among them)."""
        ...

    def title(self, text: str, edits: Sequence[TextEdit], located: bool = False) -> str:
        """The plain-text title of a repair made of ``edits`` on ``text``; ``located``: one
        that says where, for a repair away from the lines the user points at."""
        ...

    def embedded(self, parsed: P, start: int, end: int) -> tuple[Frontend[Any], Any] | None:
        """Another front-end and its parse serving the code-point range ``[start, end]``
        (the prose of a Java comment holding it), or None: this one serves it. (Any: the other
        front-end's parse type, which only it reads.)"""
        ...

    def shape(self, text: str, unit: Unit, edits: Sequence[TextEdit]) -> EditShape:
        """What the penalties need to know of the change ``edits`` of ``unit`` in ``text``."""
        ...

    def compiles(
        self,
        text: str,
        variants: Sequence[str],
        path: str | None = None,
        wanted: int | None = None,
    ) -> list[bool]:
        """Whether each of ``variants`` (the document ``text`` after a candidate's edits) still
        compiles, beside the project's other files around ``path`` (the document's file, if
        any), in order until ``wanted`` do (None: all told); True where that cannot be told
        (no compiler, ``text`` itself does not compile, the time budget spent) or was not
        asked."""
        ...

    def tidy(self, text: str, edits: list[TextEdit]) -> list[TextEdit]:
        """The ``edits`` of ``text`` that a candidate makes, written as a person would (Java:
        without parentheses that only group a name); no edit when that changes nothing."""
        ...

    def layout_free(self, text: str) -> str:
        """``text`` without its layout: two candidates with the same result are one program
        (:func:`spancopy_core.editing.edits.layout_free` with the language's operators)."""
        ...


@runtime_checkable
class Floors(Protocol):
    """A front-end that sets apart the kinds of candidate it ranks (prose: the beam's, Harper's,
    the homophone swaps'; :class:`spancopy_core.repair.prose.Bars`): the units the beam search
    runs on, and the ratio floor of each candidate, in place of one :attr:`Frontend.min_ratio`
    (with a ratio the user sets, ``RepairOptions.min_ratio``, every unit is searched and every
    kind floored alike)."""

    def searched(self, unit: Unit) -> bool:
        """Whether the beam search runs on ``unit`` (else its candidates are the front-end's
        own: its correction of the unit and its templates)."""
        ...

    def min_ratio_of(self, unit: Unit, tokens: tuple[str, ...]) -> float:
        """The least ratio to the unit as the model gets it of the candidate of ``unit`` whose
        model output is ``tokens``."""
        ...


@runtime_checkable
class Narrows(Protocol):
    """A front-end that reads a long unit at a focus as the part of it around the focus (Java:
    the statements near the lines pointed at, :mod:`spancopy_core.lang.java.narrowing`)."""

    def narrowed(
        self,
        parsed: Any,
        unit: Unit,
        start: int,
        end: int,
        budget: int,
        known: Container[str],
        context: bool = False,
    ) -> Unit | None:
        """``unit`` (one of ``parsed``'s, longer than ``budget`` tokens) as the model reads it
        at the code-point range ``[start, end]``: at most about ``budget`` tokens, the text
        left out in :attr:`Unit.gaps`; None where nothing can be left out."""
        ...


def covering_edit(old: str, new: str) -> tuple[int, int, str]:
    """One replacement ``(start, end, text)`` turning ``old`` into ``new``: everything between
    their common prefix and common suffix (``old[start:end]`` becomes ``text``)."""
    limit = min(len(old), len(new))
    lo, hi = 0, limit  # the common prefix length is in [lo, hi]
    while lo < hi:  # binary search with C-speed slice comparisons
        mid = (lo + hi + 1) // 2
        if old[lo:mid] == new[lo:mid]:
            lo = mid
        else:
            hi = mid - 1
    prefix = lo
    lo, hi = 0, limit - prefix
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if old[len(old) - mid : len(old) - lo] == new[len(new) - mid : len(new) - lo]:
            lo = mid
        else:
            hi = mid - 1
    suffix = lo
    return prefix, len(old) - suffix, new[prefix : len(new) - suffix]
