"""Language plug-ins: what the server needs of a front-end, and the Java one.

A :class:`Frontend` turns a document into *units* (Java: methods and constructors; prose,
later: sentences) and a unit into model tokens with the mapping back to the source
(:class:`Unit`); it also learns the file's layout style and checks that an edited unit still
parses. The server and ``spancopy repair`` only talk to this interface, so a second language
plugs in by adding a front-end to :data:`FRONTENDS` together with a model trained on it.
Parsing is incremental: :func:`covering_edit` reduces any change between two versions of a
text to one replacement, which :meth:`Frontend.parse` hands to tree-sitter with the old tree.
"""

from __future__ import annotations

import threading
from collections.abc import Container, Sequence
from dataclasses import dataclass
from pathlib import PurePosixPath
from typing import Any, Protocol
from urllib.parse import unquote, urlparse

import tree_sitter
import tree_sitter_java

from spancopy_core.edits import Alignment, SourceToken, Style
from spancopy_core.lang import java

MAX_UNITS_PER_REQUEST = 8  # a selection over more methods repairs the first eight


@dataclass(frozen=True)
class Unit:
    """One repairable unit of a document, ready for the model.

    ``start``/``end`` are its code-point range in the text; ``tokens`` the model input
    (abstracted), ``mapping`` and ``source_tokens`` what :func:`spancopy_core.edits.edits`
    needs to map a hypothesis back; ``has_error`` whether it contains a parse error;
    ``context`` the text to put before and after it to parse it alone."""

    name: str
    start: int
    end: int
    tokens: tuple[str, ...]
    mapping: Alignment
    source_tokens: Sequence[SourceToken]
    has_error: bool
    context: tuple[str, str] = ("", "")


class Frontend(Protocol):
    """A language as the server sees it."""

    name: str
    language_ids: frozenset[str]
    extensions: tuple[str, ...]

    def parse(self, text: str, previous: Any | None = None) -> Any:
        """Parse ``text``, incrementally from ``previous`` (an earlier result) if given."""
        ...

    def units_in(self, parsed: Any, start: int, end: int, known: Container[str]) -> list[Unit]:
        """The innermost units overlapping ``[start, end]`` (at most
        :data:`MAX_UNITS_PER_REQUEST`), abstracted with the model vocabulary ``known``."""
        ...

    def all_units(self, parsed: Any, known: Container[str]) -> list[Unit]:
        """Every outermost unit of the document."""
        ...

    def style(self, parsed: Any) -> Style:
        """The layout habits of the document."""
        ...

    def still_parses(self, unit: Unit, new_text: str) -> bool:
        """Whether ``new_text``, the unit after an edit, parses without error."""
        ...


class JavaFrontend:
    """Java: the units are methods and constructors (tree-sitter-java, BFP abstraction of
    their tokens without annotations, which BFP does not have and the model never sees)."""

    name = "java"
    language_ids = frozenset({"java"})
    extensions = (".java",)

    def parse(self, text: str, previous: java.JavaSource | None = None) -> java.JavaSource:
        if previous is None:
            return java.parse(text)
        start, end, new_text = covering_edit(previous.text, text)
        return previous.edit(start, end, new_text)

    def _unit(self, parsed: java.JavaSource, method: java.Method, known: Container[str]) -> Unit:
        tokens = java.strip_annotations(parsed.tokens[method.tokens])  # as the trainer does
        node = parsed.tree.root_node.descendant_for_byte_range(method.start_byte, method.end_byte)
        # A method parses as a member of a class; a compact constructor only in a record.
        compact = node is not None and node.type == "compact_constructor_declaration"
        abstraction = java.abstract(tokens, known, parsed.imports)
        return Unit(
            name=method.name,
            start=method.start,
            end=method.end,
            tokens=tuple(abstraction.tokens),
            mapping=abstraction.mapping,
            source_tokens=tokens,
            has_error=method.has_error,
            context=("record _() {\n" if compact else "class _ {\n", "\n}\n"),
        )

    def units_in(
        self, parsed: java.JavaSource, start: int, end: int, known: Container[str]
    ) -> list[Unit]:
        hits = [m for m in parsed.methods if m.start <= end and start <= m.end]
        inner = [
            m
            for m in hits
            if not any(o is not m and m.start <= o.start and o.end <= m.end for o in hits)
        ]
        return [self._unit(parsed, m, known) for m in inner[:MAX_UNITS_PER_REQUEST]]

    def all_units(self, parsed: java.JavaSource, known: Container[str]) -> list[Unit]:
        return [self._unit(parsed, m, known) for m in parsed.methods if m.depth == 0]

    def style(self, parsed: java.JavaSource) -> java.JavaStyle:
        return java.learn_style(parsed.text, parsed.tokens)

    def still_parses(self, unit: Unit, new_text: str) -> bool:
        before, after = unit.context
        data = (before + new_text + after).encode("utf-8", "surrogatepass")
        return not _java_parser().parse(data).root_node.has_error


_LOCAL = threading.local()


def _java_parser() -> tree_sitter.Parser:
    """A bare tree-sitter-java parser per thread: the syntax check needs the tree only, not
    the front-end's tokens (a tenth of the time)."""
    parser = getattr(_LOCAL, "parser", None)
    if parser is None:
        language = tree_sitter.Language(tree_sitter_java.language())
        parser = _LOCAL.parser = tree_sitter.Parser(language)
    return parser


FRONTENDS: tuple[Frontend, ...] = (JavaFrontend(),)


def frontend_for(language_id: str | None, uri: str) -> Frontend | None:
    """The front-end for a document (by language id, else by file extension), or None."""
    for frontend in FRONTENDS:
        if language_id in frontend.language_ids:
            return frontend
    suffix = PurePosixPath(unquote(urlparse(uri).path)).suffix.lower()
    for frontend in FRONTENDS:
        if suffix in frontend.extensions:
            return frontend
    return None


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
