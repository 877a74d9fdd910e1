"""The Java plug-in of the repair pipeline: methods and constructors as units.

Units are the methods and constructors that tree-sitter-java finds (:mod:`spancopy_core.lang.java`);
their tokens are the model input that the trainer makes too
(:func:`spancopy_core.lang.java.model_input`: BFP-abstracted without annotations, which BFP does
not have and the model never sees). For a model that reads a context segment
(:mod:`spancopy_core.paper.context`) each unit also gets the names and literals of its file that it
lacks (:meth:`spancopy_core.lang.java.JavaSource.scope`), numbered after its own.
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Container, Sequence
from dataclasses import replace
from typing import cast

from spancopy_core.editing.edits import SourceToken, TextEdit, apply_edits
from spancopy_core.lang import java
from spancopy_core.lang.java import compiler, narrowing, validity
from spancopy_core.repair.frontend import (
    MAX_UNITS_PER_REQUEST,
    EditShape,
    Penalties,
    Suspect,
    Unit,
    covering_edit,
)
from spancopy_core.repair.prose import (
    JAVA_COMMENTS,
    CommentProse,
    JavaCommentFrontend,
    comment_region,
)
from spancopy_core.repair.templates import literal_step, repair_templates
from spancopy_core.repair.titles import change_title

# the new tokens a likely bug's own fix may write besides those of any edit (Math.max,
# 1000000007, a field the method does not use: MOD; java.new_literal)
_FRESH = (*java.NEW_LITERALS, "int", "method", "var")
# each comparison and the one real fixes choose for it, most of the time (EditShape)
_USUAL_COMPARISON = {"<": "<=", "<=": "<", ">": ">=", ">=": ">", "==": "!=", "!=": "=="}


def _replaced(source: Sequence[SourceToken], starts: Sequence[int], edit: TextEdit) -> str:
    """The text of the one source token that ``edit`` replaces ("" if it replaces no one
    token)."""
    k = bisect.bisect_left(starts, edit.start)
    if k < len(source) and source[k].start == edit.start and source[k].end == edit.end:
        return source[k].text
    return ""


class JavaFrontend:
    """Java: the units are methods and constructors (tree-sitter-java, BFP abstraction of
    their tokens without annotations, which BFP does not have and the model never sees)."""

    name = "java"
    language_ids = frozenset({"java"})
    extensions: tuple[str, ...] = (".java",)
    model = "java"
    unit_kind = "method"
    penalties = Penalties()
    min_ratio = 0.0  # every repair: the user points at a bug
    beam_size = 20
    whole_unit_templates = False  # templates only at a focus: the lines the user points at

    def parse(self, text: str, previous: java.JavaSource | None = None) -> java.JavaSource:
        if previous is None:
            return java.parse(text)
        start, end, new_text = covering_edit(previous.text, text)
        return previous.edit(start, end, new_text)

    def _unit(
        self,
        parsed: java.JavaSource,
        method: java.Method,
        known: Container[str],
        context: bool,
        tokens: Sequence[java.Token] | None = None,
    ) -> Unit:
        """The unit of ``method``, its model input abstracted from its ``tokens`` (by default
        all of them; fewer where it is narrowed)."""
        scope = parsed.scope(method) if context else ()
        read = parsed.tokens[method.tokens] if tokens is None else tokens
        model_input = java.model_input(read, known, parsed.imports, scope)
        return method_unit(method, model_input, validity.environment(parsed, method))

    def units_in(
        self,
        parsed: java.JavaSource,
        start: int,
        end: int,
        known: Container[str],
        context: bool = False,
    ) -> list[Unit]:
        hits = [m for m in parsed.methods if m.start <= end and start <= m.end]
        inner = [
            m
            for m in hits
            if not any(o is not m and m.start <= o.start and o.end <= m.end for o in hits)
        ]
        return [self._unit(parsed, m, known, context) for m in inner[:MAX_UNITS_PER_REQUEST]]

    def all_units(
        self, parsed: java.JavaSource, known: Container[str], context: bool = False
    ) -> list[Unit]:
        return [self._unit(parsed, m, known, context) for m in parsed.methods if m.depth == 0]

    def narrowed(
        self,
        parsed: java.JavaSource,
        unit: Unit,
        start: int,
        end: int,
        budget: int,
        known: Container[str],
        context: bool = False,
    ) -> Unit | None:
        """The method of ``unit`` without the statements farthest from ``[start, end]``
        (:func:`spancopy_core.lang.java.narrowing.elided`), abstracted anew; None where it
        keeps them all."""
        method = next(
            (m for m in parsed.methods if (m.start, m.end) == (unit.start, unit.end)), None
        )
        if method is None:
            return None
        out = narrowing.elided(parsed, method, start, end, budget)
        if not out:
            return None
        tokens = parsed.tokens
        kept, k = [], method.tokens.start
        for i, j in out:
            kept += tokens[k:i]
            k = j
        kept += tokens[k : method.tokens.stop]
        gaps = tuple((tokens[i].start, tokens[j - 1].end) for i, j in out)
        return replace(self._unit(parsed, method, known, context, kept), gaps=gaps)

    def style(self, parsed: java.JavaSource) -> java.JavaStyle:
        return java.learn_style(parsed.text, parsed.tokens)

    def templates(
        self, unit: Unit, start: int, end: int, known: Container[str]
    ) -> list[tuple[TextEdit, tuple[str, ...] | None]]:
        """The repair templates (:func:`~spancopy_core.repair.templates.repair_templates`)
        of the unit's tokens within ``[start, end]``, each with the model output it amounts
        to: the unit's tokens with the edited ones replaced by the new tokens abstracted with
        the unit's numbering (a string, char or floating literal the unit lacks: the next
        placeholder of its kind, ``x + " "`` for ``x + ' '``), or None when a new token is
        neither in the vocabulary ``known`` nor a name or literal the unit already has. A
        literal one more or one less than the unit's (``26`` for ``25``), which the model
        cannot write, is scored as the expression of the same value that it can: ``(25 +
        1)``, the literal's own token in parentheses.
        The fixes of the method's likely bugs there (:meth:`fixes`) are among them."""
        source = cast("Sequence[java.Token]", unit.source_tokens)  # a Java unit's: the lexer's
        fixes = self._fixes(unit, start, end)
        return self._expressed(unit, repair_templates(source, start, end), known) + (
            self._expressed(unit, fixes, known, _FRESH)
        )

    def _expressed(
        self,
        unit: Unit,
        edits: Sequence[TextEdit],
        known: Container[str],
        fresh: Container[str] = java.NEW_LITERALS,
    ) -> list[tuple[TextEdit, tuple[str, ...] | None]]:
        """``edits`` of the unit, each with the model output it amounts to (:meth:`templates`);
        a new token of a kind in ``fresh`` takes the next placeholder of its category
        (:func:`~spancopy_core.lang.java.new_literal`)."""
        source = cast("Sequence[java.Token]", unit.source_tokens)
        starts = [t.start for t in source]
        position = {s: k for k, (s, _) in enumerate(unit.mapping.spans)}
        position[len(source)] = len(unit.tokens)
        mapping = cast(java.Mapping, unit.mapping)  # a Java unit's: the abstraction's
        names = {text: p for p, text in mapping.surface.items()}
        out = []
        for edit in edits:
            a = position.get(bisect.bisect_left(starts, edit.start))
            b = position.get(bisect.bisect_left(starts, edit.end))
            added: dict[str, str] = {}  # new string and char literals: fresh placeholders
            new = java.lex(edit.new_text)
            at = bisect.bisect_left(starts, edit.end)
            after = source[at].text if at < len(source) else ""  # the token after the edit
            abstract = [
                t.text
                if t.text in known
                else names.get(t.text)
                or java.new_literal(mapping, _as_named(t, new, k, after), known, added, fresh)
                for k, t in enumerate(new)
            ]
            target = None
            if a is not None and b is not None and None in abstract and b == a + 1:
                step = literal_step(_replaced(source, starts, edit), edit.new_text)
                if step is not None and all(t in known for t in (step, "1", "(", ")")):
                    abstract = ["(", unit.tokens[a], step, "1", ")"]  # n - (1 + 1), not n - 1 + 1
            if a is not None and b is not None and None not in abstract:
                target = (*unit.tokens[:a], *cast("list[str]", abstract), *unit.tokens[b:])
            out.append((edit, target))
        return out

    def still_parses(self, unit: Unit, new_text: str) -> bool:
        """Whether the method written ``new_text`` parses where it stands (in a class, an
        interface or a record: ``unit.context``) and keeps its body, or its lack of one.
        tree-sitter takes a body for an interface's or an abstract method's ``;`` and a ``;``
        for a body, which javac refuses (a missing body, or an abstract method's body)."""
        before, after = unit.context  # java.member_context of the unit's method
        if java.has_syntax_error(before + new_text + after):
            return False
        return new_text.rstrip().endswith("}") == (unit.source_tokens[-1].text == "}")

    def sensible(self, unit: Unit, new_text: str) -> bool:
        """Whether the method ``new_text`` makes sense where the unit is
        (:func:`spancopy_core.lang.java.validity.problems`: names that resolve, members that
        exist, no comparison of an expression with itself, ...)."""
        env = unit.environment
        known = env if isinstance(env, validity.Environment) else None
        return not validity.problems(new_text, known, unit.context)

    def suspicions(self, unit: Unit, new_text: str | None = None) -> list[Suspect]:
        """:func:`spancopy_core.lang.java.validity.suspicions` of the method ``new_text``; of
        the method as written, its environment's (found once, when the method was read)."""
        env = unit.environment
        known = env if isinstance(env, validity.Environment) else None
        if new_text is None:
            return [Suspect(*s) for s in known.suspects] if known is not None else []
        return [Suspect(*s) for s in validity.suspicions(new_text, known, unit.context)]

    def fixes(
        self, unit: Unit, start: int, end: int, known: Container[str]
    ) -> list[tuple[TextEdit, tuple[str, ...] | None]]:
        """The fixes of :meth:`suspicions` of the method as written within ``[start, end]``,
        each with the model output it amounts to (:meth:`templates`)."""
        return self._expressed(unit, self._fixes(unit, start, end), known, _FRESH)

    def _fixes(self, unit: Unit, start: int, end: int) -> list[TextEdit]:
        """The fixes that the checks know of the method as written (once each: the likely
        bugs of one condition share its fix)."""
        found = self.suspicions(unit)
        edits = dict.fromkeys(
            TextEdit(unit.start + s.fix[0], unit.start + s.fix[1], s.fix[2]) for s in found if s.fix
        )
        return [e for e in edits if start <= e.start and e.end <= end]

    def title(self, text: str, edits: Sequence[TextEdit], located: bool = False) -> str:
        return change_title(text, edits, located)

    def shape(self, text: str, unit: Unit, edits: Sequence[TextEdit]) -> EditShape:
        """In the signature: every edit ends before the body's ``{``; a statement removed: the
        deleted text holds a ``;``, ``{`` or ``}``; a rare comparison: one edit turns one
        comparison operator into another, not the one of :data:`_USUAL_COMPARISON`."""
        body = next((t.start for t in unit.source_tokens if t.text == "{"), unit.end)
        removed = "".join(text[e.start : e.end] for e in edits)
        return EditShape(
            in_signature=all(e.end <= body for e in edits),
            removes_statement=any(c in removed for c in ";{}"),
            rare_comparison=_rare_comparison(text, unit, edits),
            cosmetic=(all(e.end <= body for e in edits) and _modifiers_only(text, edits))
            or _drops_message(text, edits)
            or _bodiless(text, unit),
        )

    def tidy(self, text: str, edits: list[TextEdit]) -> list[TextEdit]:
        """Without parentheses that only group a name; none where the edits only write the
        same program another way (:func:`~spancopy_core.lang.java.equivalent`)."""
        changes = java.ungrouped(text, edits)
        return [] if java.equivalent(text, changes) else changes

    def layout_free(self, text: str) -> str:
        return java.layout_free(text)

    def compiles(
        self,
        text: str,
        variants: Sequence[str],
        path: str | None = None,
        wanted: int | None = None,
    ) -> list[bool]:
        """javac's verdict (:func:`spancopy_core.lang.java.compiler.check`), the project's
        classes found from ``path`` (:func:`~spancopy_core.lang.java.compiler.source_root`)."""
        root = compiler.source_root(path, text)
        return compiler.check(text, variants, wanted=wanted, root=root)

    def embedded(
        self, parsed: java.JavaSource, start: int, end: int
    ) -> tuple[JavaCommentFrontend, CommentProse] | None:
        """The prose of the comment holding ``[start, end]`` (its ends included, whitespace
        at either end of the range left out: a whole line of a comment is in it), if any; none
        (no unit) when the comment, or the paragraph of line comments around it, is
        commented-out code (:func:`spancopy_core.lang.java.commented_code`)."""
        source = parsed.text
        while start < end and source[start].isspace():
            start += 1
        while end > start and source[end - 1].isspace():
            end -= 1
        k = bisect.bisect_right(parsed.comments, (start, len(source) + 1)) - 1
        if k >= 0 and parsed.comments[k][0] <= start and end <= parsed.comments[k][1]:
            region = comment_region(source, parsed.comments, k)
            lo, hi = parsed.comments[k]
            if java.commented_code(source[lo:hi]) or java.commented_code(source[slice(*region)]):
                return JAVA_COMMENTS, CommentProse(source, ())  # code, not prose
            return JAVA_COMMENTS, CommentProse(source, (region,))
        return None


def method_unit(
    method: java.Method,
    model_input: java.ModelInput,
    environment: validity.Environment | None = None,
) -> Unit:
    """The unit of ``method`` with its model input (:func:`spancopy_core.lang.java.model_input`,
    or an abstraction shared with other methods, as similar edits make) and the declarations
    around it (None: unknown, only what the method declares is checked)."""
    return Unit(
        name=method.name,
        start=method.start,
        end=method.end,
        tokens=tuple(model_input.tokens),
        mapping=model_input.mapping,
        source_tokens=model_input.source,
        has_error=method.has_error,
        context=java.member_context(method.is_compact_constructor, method.in_interface),
        scope=tuple(model_input.context),
        environment=environment,
    )


def _as_named(token: java.Token, new: Sequence[java.Token], k: int, after: str) -> java.Token:
    """``token``, the ``k``-th of an edit's ``new`` tokens (``after``: the text of the source
    token that follows the edit), as a name of its category where it is an identifier: a
    method's (kind ``method``) where a ``(`` follows, ``max`` of ``Math.max(best, x)``, else a
    variable's (``var``), ``MOD`` of ``(f[i - 1] + f[i - 2]) % MOD``."""
    if token.kind != "identifier":
        return token
    following = new[k + 1].text if k + 1 < len(new) else after
    return token._replace(kind="method" if following == "(" else "var")


# what may stand before a method's type without being it: modifiers and annotations
_MODIFIERS = frozenset(
    """public protected private static final abstract synchronized native strictfp default
    transient volatile""".split()
)


def _bodiless(text: str, unit: Unit) -> bool:
    """Whether ``unit`` is a method declared without a body (of an interface, abstract or
    native): a change of it is one of design, which its implementations and callers would
    follow, never reported unasked (Guava's ``boolean isDirected();`` drew a lightbulb for
    ``void isDirected();``, ``void increment();`` one for ``void increment(String id);``)."""
    return text[unit.start : unit.end].rstrip().endswith(";")  # a body ends with "}"


def _modifiers_only(text: str, edits: Sequence[TextEdit]) -> bool:
    """Whether ``edits`` (in a signature) remove and write modifiers or annotations alone."""
    words = [w for e in edits for w in (text[e.start : e.end] + " " + e.new_text).split()]
    return bool(words) and all(w in _MODIFIERS or w.startswith("@") for w in words)


_THROW = re.compile(r"\s*throw\s+new\s+([\w.]+)\s*\(.+\)\s*;\s*(?://.*)?")


def _drops_message(text: str, edits: Sequence[TextEdit]) -> bool:
    """Whether ``edits`` only drop the arguments of the exception a line throws (``throw new
    IllegalArgumentException("Point has wrong dimension");`` -> ``throw new
    IllegalArgumentException();``, offered on correct lines of the held-out files)."""
    if not edits:
        return False
    start = text.rfind("\n", 0, min(e.start for e in edits)) + 1
    end = text.find("\n", max(e.end for e in edits))
    old = text[start : len(text) if end < 0 else end]
    thrown = _THROW.fullmatch(old)
    if thrown is None:
        return False
    new = apply_edits(old, [TextEdit(e.start - start, e.end - start, e.new_text) for e in edits])
    return re.sub(r"\s+", "", new.split("//")[0]) == f"thrownew{thrown[1]}();"


def _rare_comparison(text: str, unit: Unit, edits: Sequence[TextEdit]) -> bool:
    """Whether ``edits`` are one edit within one comparison operator of ``unit`` that makes it
    another comparison, not the usual one (:data:`_USUAL_COMPARISON`): ``<`` into ``>=``."""
    if len(edits) != 1:
        return False
    (e,) = edits
    tokens = unit.source_tokens  # in order: the last one starting at or before the edit
    k = bisect.bisect_right(tokens, e.start, key=lambda t: t.start) - 1
    if k < 0 or not (e.start < tokens[k].end and e.end <= tokens[k].end):
        return False  # the edit lies in no one token (an insertion: before its end)
    token = tokens[k]
    if token.text not in _USUAL_COMPARISON:
        return False
    new = (text[token.start : e.start] + e.new_text + text[e.end : token.end]).strip()
    return new in _USUAL_COMPARISON and new not in (token.text, _USUAL_COMPARISON[token.text])
