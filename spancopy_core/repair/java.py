"""The Java plug-in of the repair pipeline: methods and constructors as units.

Units are the methods and constructors that tree-sitter-java finds (:mod:`spancopy_core.lang.java`),
their tokens BFP-abstracted without annotations, which BFP does not have and the model never sees.
"""

from __future__ import annotations

import threading
from collections.abc import Container

import tree_sitter
import tree_sitter_java

from ..lang import java
from .frontend import MAX_UNITS_PER_REQUEST, Unit, covering_edit


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
