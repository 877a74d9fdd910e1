"""Synthetic bugs: one token-level mutation of a real Java method, reversing a BFP fix pattern.

A real method is the fixed side of a training pair; the buggy side is that method after one
:class:`Edit` (replace the tokens ``start:end`` by ``new``) made by one operator of
:data:`OPERATORS`, each the reverse of a common kind of fix in BFP (Tufano et al., TOSEM 2019):
a swapped operator (``==``/``!=``, ``&&``/``||``, ``+``/``-``, ``++``/``--``, ``+=``/``-=``), a
boundary (``<``/``<=``), a removed null check (an ``if (x == null) ...`` guard deleted, an
``if (x != null)`` unwrapped, ``x != null &&`` dropped, a null-testing ternary replaced by its
branch), a deleted statement, an extra statement (one copied from the same file: the fix that
deletes a statement is BFP's most frequent), a wrong method called (another method name of the
file), a wrong variable, swapped, dropped or extra arguments, a changed literal, a changed return
expression, a changed modifier (visibility, ``static``, ``final``, ``synchronized``), a dropped
``this.``, a negated condition and a removed ``break``/``continue``.

:class:`MethodSites` finds the candidate places in one walk of the method's syntax subtree
(:meth:`spancopy_core.lang.java.JavaSource.method_node`; never inside annotations); the
operators map tree nodes to token indices through the tokens' byte offsets and edit the
concrete token list, so that unchanged tokens keep the roles the front-end gave them in their
file. :func:`mutants` draws up to ``k`` different operators per method with the weights of
:data:`WEIGHTS` and keeps a mutant only if its text, rendered with the original spacing between
tokens that were adjacent, lexes back to the same tokens and parses without error inside a
class (:func:`parses`).
"""

from __future__ import annotations

import bisect
import random
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import NamedTuple

from spancopy_core.lang import java
from spancopy_core.lang.java import SyntaxNode, Token

# Relative frequency of each operator, chosen so that the mix of edits resembles BFP's fixes:
# statement-sized deletions and insertions first, then one-token replacements.
WEIGHTS: dict[str, float] = {
    "extra_statement": 14,
    "deleted_statement": 12,
    "changed_modifier": 3,  # always applicable: 8 gave 16% of the JDK pairs, BFP has 2-5%
    "wrong_method": 7,
    "wrong_variable": 7,
    "changed_literal": 6,
    "operator_swap": 6,
    "removed_null_check": 6,
    "changed_return": 5,
    "negated_condition": 5,
    "dropped_argument": 5,
    "extra_argument": 4,
    "dropped_this": 4,
    "boundary": 3,
    "swapped_arguments": 3,
    "removed_break": 2,
}
# The bugs people make while writing code, rather than BFP's fix commits (issue 11): wrong
# operators, boundaries, literals and variables, missing conditions or offsets, ``==`` on
# strings, swapped arguments and missing statements; few extra statements (whose fix, a
# deletion, is what the BFP mix over-teaches) and no modifier changes.
USER_WEIGHTS: dict[str, float] = {
    "operator_swap": 10,
    "boundary": 10,
    "wrong_variable": 10,
    "changed_literal": 8,
    "dropped_offset": 8,
    "negated_condition": 7,
    "wrong_method": 6,
    "removed_null_check": 6,
    "swapped_arguments": 5,
    "deleted_statement": 4,
    "changed_return": 4,
    "string_equals": 4,
    "dropped_argument": 3,
    "extra_statement": 2,
    "extra_argument": 2,
    "dropped_this": 2,
    "removed_break": 2,
    "changed_modifier": 0,
    "wrong_field": 0,  # only with a context segment (CONTEXT_WEIGHTS): else its fix is unwritable
}
# The user mix plus a wrong field of the class: a fix that needs a name the buggy method lacks,
# which only a model reading the context segment (spancopy_core.paper.context) can write.
CONTEXT_WEIGHTS: dict[str, float] = {**USER_WEIGHTS, "wrong_field": 8}
PROFILES = {"bfp": WEIGHTS, "user": USER_WEIGHTS, "context": CONTEXT_WEIGHTS}  # synth --profile
KINDS = (*WEIGHTS, "dropped_offset", "string_equals", "wrong_field")  # bfp: the order of old runs

MAX_STATEMENT = 30  # longest statement (tokens) that deleted_statement removes
MAX_EXTRA = 15  # longest statement (tokens) that extra_statement inserts
_SWAP = {
    "==": "!=",
    "!=": "==",
    "<": ">",
    ">": "<",
    "<=": ">=",
    ">=": "<=",
    "&&": "||",
    "||": "&&",
    "+": "-",
    "-": "+",
    "*": "/",
    "/": "*",
    "%": "/",
    "&": "|",
    "|": "&",
    "^": "&",
    "+=": "-=",
    "-=": "+=",
    "*=": "/=",
    "/=": "*=",
    "&=": "|=",
    "|=": "&=",
    "++": "--",
    "--": "++",
}
_RELATIONAL = ("==", "!=", "<", ">", "<=", ">=")
_BOUNDARY = {"<": "<=", "<=": "<", ">": ">=", ">=": ">"}
_VISIBILITY = ("public", "protected", "private")
_MODIFIER_WEIGHTS = {
    "swap visibility": 6,
    "drop visibility": 0.5,
    "add visibility": 0.5,
    "static": 1,
    "final": 1,
    "synchronized": 0.3,
    "local final": 0.3,
}
_PRIMITIVE = frozenset("byte short int long char float double".split())
_JUMPS = frozenset({"return_statement", "throw_statement", "break_statement", "continue_statement"})
_DELETABLE = frozenset(
    {"expression_statement", "return_statement", "throw_statement", "if_statement"}
)
_STATEMENT_PARENTS = frozenset({"block", "constructor_body", "switch_block_statement_group"})
_SKIP = frozenset({"marker_annotation", "annotation", "line_comment", "block_comment"})
_LITERALS = frozenset(
    {"decimal_integer_literal", "decimal_floating_point_literal", "string_literal", "true", "false"}
)
_MODIFIERS = frozenset(
    "public protected private static final abstract synchronized native default strictfp".split()
)
_DECLARATIONS = frozenset(
    {
        ("variable_declarator", "name"),
        ("formal_parameter", "name"),
        ("catch_formal_parameter", "name"),
        ("enhanced_for_statement", "name"),
        ("lambda_expression", "parameters"),
        ("resource", "name"),
    }
)
_NOT_USES = frozenset(
    {"inferred_parameters", "labeled_statement", "break_statement", "continue_statement"}
)


class Edit(NamedTuple):
    """Replace the method tokens ``start:end`` by ``new``."""

    start: int
    end: int
    new: tuple[Token, ...]

    def apply(self, tokens: Sequence[Token]) -> list[Token]:
        """The edited token list."""
        return [*tokens[: self.start], *self.new, *tokens[self.end :]]


def new_token(text: str, kind: str, role: str = "") -> Token:
    """A token that the source does not contain (no offsets: never glued to a neighbour)."""
    return Token(text, kind, role, -1, -1, -1, -1, -1, 0, 0, 0)


def _detached(tok: Token) -> Token:
    """A copy of ``tok`` for another place: same text, kind and role, no offsets."""
    return new_token(tok.text, tok.kind, tok.role)


def render(tokens: Sequence[Token]) -> str:
    """Java text of ``tokens``: tokens adjacent in their file keep their (empty) gap, so that
    split operators such as ``> >`` stay ``>>``; every other gap is one space."""
    parts: list[str] = []
    prev_end = -2
    for tok in tokens:
        if parts:
            parts.append("" if tok.start_byte >= 0 and tok.start_byte == prev_end else " ")
        parts.append(tok.text)
        prev_end = tok.end_byte
    return "".join(parts)


def parses(tokens: Sequence[Token]) -> bool:
    """Whether ``tokens`` rendered as a method inside a class lex back to the same token texts
    and parse without error (no ERROR or MISSING node)."""
    got = java.member_tokens(render(tokens))
    return (
        got is not None
        and len(got) == len(tokens)
        and all(a.text == b.text for a, b in zip(got, tokens, strict=True))
    )


@dataclass(frozen=True)
class FileContext:
    """What the operators may borrow from the method's file."""

    method_names: tuple[str, ...]  # names declared or called in the file
    strings: tuple[str, ...]  # string literals of the file
    statements: tuple[tuple[Token, ...], ...]  # short expression statements of its methods


def _inner(node: SyntaxNode) -> SyntaxNode:
    """``node`` without enclosing parentheses."""
    while node.type == "parenthesized_expression" and node.named_child_count:
        node = node.named_children[0]
    return node


def _operator(node: SyntaxNode) -> SyntaxNode | None:
    op = node.child_by_field_name("operator")
    if op is None and node.type == "update_expression":
        op = next((c for c in node.children if c.type in ("++", "--")), None)
    return op


def _null_test(node: SyntaxNode) -> str | None:
    """``==`` or ``!=`` if ``node`` compares something with ``null``, else None."""
    node = _inner(node)
    if node.type != "binary_expression":
        return None
    op = _operator(node)
    left, right = node.child_by_field_name("left"), node.child_by_field_name("right")
    if op is None or op.type not in ("==", "!=") or left is None or right is None:
        return None
    return op.type if "null_literal" in (left.type, right.type) else None


def _named(node: SyntaxNode) -> list[SyntaxNode]:
    return [c for c in node.named_children if c.type not in _SKIP]


class MethodSites:
    """The nodes of one method that operators may edit, found in one walk of its subtree."""

    def __init__(self, node: SyntaxNode, tokens: Sequence[Token]) -> None:
        self.node = node
        self.tokens = tokens
        self.starts = [t.start_byte for t in tokens]
        self.binary: list[SyntaxNode] = []
        self.updates: list[SyntaxNode] = []  # ++/--, compound assignments
        self.ifs: list[tuple[SyntaxNode, str]] = []  # with the parent's type
        self.conditions: list[SyntaxNode] = []  # if/while/do/ternary conditions
        self.ternaries: list[SyntaxNode] = []
        self.statements: list[tuple[SyntaxNode, SyntaxNode]] = []  # (stmt, parent)
        self.blocks: list[SyntaxNode] = []
        self.calls: list[SyntaxNode] = []
        self.arguments: list[SyntaxNode] = []
        self.literals: list[SyntaxNode] = []
        self.returns: list[SyntaxNode] = []
        self.this_refs: list[SyntaxNode] = []
        self.jumps: list[SyntaxNode] = []
        self.names: list[SyntaxNode] = []  # identifiers that are not declarations
        self.local_modifiers: list[SyntaxNode] = []
        self.modifiers: SyntaxNode | None = None
        self._walk(node)

    def span(self, node: SyntaxNode) -> tuple[int, int]:
        """The token range ``start:end`` of ``node`` in the method."""
        return (
            bisect.bisect_left(self.starts, node.start_byte),
            bisect.bisect_left(self.starts, node.end_byte),
        )

    def index(self, node: SyntaxNode) -> int:
        """The index of the token starting ``node``."""
        return bisect.bisect_left(self.starts, node.start_byte)

    def slice(self, node: SyntaxNode) -> tuple[Token, ...]:
        """The tokens of ``node``."""
        start, end = self.span(node)
        return tuple(self.tokens[start:end])

    def expression_statements(self) -> list[tuple[Token, ...]]:
        """The method's expression statements of at most :data:`MAX_EXTRA` tokens."""
        out = []
        for stmt, _ in self.statements:
            if stmt.type == "expression_statement":
                start, end = self.span(stmt)
                if end - start <= MAX_EXTRA:
                    out.append(tuple(self.tokens[start:end]))
        return out

    def _walk(self, root: SyntaxNode) -> None:
        cursor = root.walk()
        parents: list[SyntaxNode] = []
        while True:
            node = cursor.node
            assert node is not None
            descend = node.type not in _SKIP
            if descend and parents:
                self._visit(node, parents[-1], cursor.field_name)
            if descend and node.child_count and cursor.goto_first_child():
                parents.append(node)
                continue
            while not cursor.goto_next_sibling():
                if not cursor.goto_parent():
                    return
                parents.pop()

    def _visit(self, node: SyntaxNode, parent: SyntaxNode, field: str | None) -> None:
        kind = node.type
        if parent.type in _STATEMENT_PARENTS and node.is_named:
            self.statements.append((node, parent))
        if kind == "binary_expression":
            self.binary.append(node)
        elif kind == "update_expression":
            self.updates.append(node)
        elif kind == "assignment_expression":
            op = _operator(node)
            if op is not None and op.type != "=":
                self.updates.append(node)
        elif kind == "if_statement":
            self.ifs.append((node, parent.type))
            self._condition(node)
        elif kind in ("while_statement", "do_statement"):
            self._condition(node)
        elif kind == "ternary_expression":
            self.ternaries.append(node)
            self._condition(node)
        elif kind in ("block", "constructor_body"):
            self.blocks.append(node)
        elif kind == "method_invocation":
            self.calls.append(node)
            obj = node.child_by_field_name("object")
            if obj is not None and obj.type == "this":
                self.this_refs.append(node)
        elif kind == "field_access":
            obj = node.child_by_field_name("object")
            if obj is not None and obj.type == "this":
                self.this_refs.append(node)
        elif kind == "argument_list":
            self.arguments.append(node)
        elif kind in _LITERALS:
            self.literals.append(node)
        elif kind == "return_statement":
            self.returns.append(node)
        elif kind in ("break_statement", "continue_statement"):
            self.jumps.append(node)
        elif kind == "identifier":
            if (parent.type, field) not in _DECLARATIONS and parent.type not in _NOT_USES:
                self.names.append(node)
        elif kind == "modifiers":
            if parent == self.node:
                self.modifiers = node
            elif parent.type in ("local_variable_declaration", "formal_parameter"):
                self.local_modifiers.append(node)

    def _condition(self, node: SyntaxNode) -> None:
        cond = node.child_by_field_name("condition")
        if cond is not None:
            self.conditions.append(cond)


Operator = Callable[[MethodSites, FileContext, random.Random], "Edit | None"]


def _pick(rng: random.Random, items: Sequence):
    return items[rng.randrange(len(items))] if items else None


def _replace_one(m: MethodSites, node: SyntaxNode, text: str, kind: str) -> Edit:
    i = m.index(node)
    return Edit(i, i + 1, (new_token(text, kind, m.tokens[i].role),))


def operator_swap(m: MethodSites, f: FileContext, rng: random.Random) -> Edit | None:
    """``a == b`` -> ``a != b``, ``&&`` -> ``||``, ``+`` -> ``-``, ``++`` -> ``--``, ..."""
    sites = []
    for node in (*m.binary, *m.updates):
        op = _operator(node)
        if op is None or op.type not in _SWAP:
            continue
        if op.type in ("+", "+=") and any(t.kind == "string" for t in m.slice(node)):
            continue  # string concatenation
        sites.append(op)
    op = _pick(rng, sites)
    if op is None:
        return None
    new = _SWAP[op.type]
    if op.type in _RELATIONAL and rng.random() < 0.3:
        new = rng.choice([r for r in _RELATIONAL if r not in (op.type, _BOUNDARY.get(op.type))])
    return _replace_one(m, op, new, "operator")


def boundary(m: MethodSites, f: FileContext, rng: random.Random) -> Edit | None:
    """``i < n`` -> ``i <= n`` and back, ``>`` -> ``>=`` and back."""
    ops = [op for node in m.binary if (op := _operator(node)) is not None and op.type in _BOUNDARY]
    op = _pick(rng, ops)
    return None if op is None else _replace_one(m, op, _BOUNDARY[op.type], "operator")


def removed_null_check(m: MethodSites, f: FileContext, rng: random.Random) -> Edit | None:
    """Drop a null guard: ``if (x == null) return;`` deleted, ``if (x != null) {S}`` -> ``S``,
    ``x != null && c`` -> ``c``, ``x == null || c`` -> ``c``, ``x == null ? a : b`` -> ``b``."""
    edits: list[Edit] = []
    for node, parent in m.ifs:
        cond = node.child_by_field_name("condition")
        body = node.child_by_field_name("consequence")
        test = _null_test(cond) if cond is not None else None
        if test is None or body is None or parent not in _STATEMENT_PARENTS:
            continue
        if node.child_by_field_name("alternative") is not None:
            continue
        start, end = m.span(node)
        if test == "==":
            edits.append(Edit(start, end, ()))
        else:
            inner = m.slice(body)
            edits.append(Edit(start, end, inner[1:-1] if body.type == "block" else inner))
    for node in m.binary:
        op = _operator(node)
        if op is None or op.type not in ("&&", "||"):
            continue
        left, right = node.child_by_field_name("left"), node.child_by_field_name("right")
        if left is None or right is None:
            continue
        guard = "!=" if op.type == "&&" else "=="
        for drop, keep in ((left, right), (right, left)):
            if _null_test(drop) == guard:
                start, end = m.span(node)
                edits.append(Edit(start, end, m.slice(keep)))
    for node in m.ternaries:
        cond = node.child_by_field_name("condition")
        test = _null_test(cond) if cond is not None else None
        branch = node.child_by_field_name("alternative" if test == "==" else "consequence")
        if test is not None and branch is not None:
            start, end = m.span(node)
            edits.append(Edit(start, end, m.slice(branch)))
    return _pick(rng, edits)


def deleted_statement(m: MethodSites, f: FileContext, rng: random.Random) -> Edit | None:
    """Delete one statement of a block (not the method body's final return or throw)."""
    body = m.node.child_by_field_name("body")
    sites = []
    for stmt, parent in m.statements:
        if stmt.type not in _DELETABLE:
            continue
        if stmt.type in ("return_statement", "throw_statement") and parent == body:
            continue
        start, end = m.span(stmt)
        if end - start <= MAX_STATEMENT:
            sites.append(Edit(start, end, ()))
    return _pick(rng, sites)


def extra_statement(m: MethodSites, f: FileContext, rng: random.Random) -> Edit | None:
    """Insert a short expression statement of the same file before a statement of a block,
    or at the end of a block that does not end with a jump."""
    if not f.statements:
        return None
    positions = []
    for block in m.blocks:
        children = _named(block)
        for k, stmt in enumerate(children):
            if k == 0 and stmt.type == "explicit_constructor_invocation":
                continue
            positions.append(m.index(stmt))
        if not children or children[-1].type not in _JUMPS:
            positions.append(m.span(block)[1] - 1)  # before the closing brace
    pos = _pick(rng, positions)
    if pos is None:
        return None
    return Edit(pos, pos, _pick(rng, f.statements))


def wrong_method(m: MethodSites, f: FileContext, rng: random.Random) -> Edit | None:
    """Call another method of the file: ``a.add(x)`` -> ``a.remove(x)``."""
    call = _pick(rng, m.calls)
    name = call.child_by_field_name("name") if call is not None else None
    if name is None:
        return None
    current = m.tokens[m.index(name)].text
    others = [n for n in f.method_names if n != current]
    similar = [n for n in others if n[:3] == current[:3]]
    new = _pick(rng, similar if similar and rng.random() < 0.5 else others)
    return None if new is None else _replace_one(m, name, new, "identifier")


def wrong_variable(m: MethodSites, f: FileContext, rng: random.Random) -> Edit | None:
    """Use another variable of the method: ``f(a)`` -> ``f(b)``."""
    uses: list[int] = []
    first: dict[str, Token] = {}
    for node in m.names:
        i = m.index(node)
        tok = m.tokens[i]
        if (
            tok.role == "var"
            and tok.kind == "identifier"
            and (i == 0 or m.tokens[i - 1].text != ".")
        ):
            uses.append(i)
            first.setdefault(tok.text, tok)
    if len(first) < 2:
        return None
    i = _pick(rng, uses)
    new = _pick(rng, [t for name, t in first.items() if name != m.tokens[i].text])
    return Edit(i, i + 1, (_detached(new),))


def wrong_field(m: MethodSites, f: FileContext, rng: random.Random) -> Edit | None:
    """Use another field of the classes around the method where it names one of their fields
    once (and has no local of its name): ``return count;`` -> ``return size;``. The fix then
    needs a name that the buggy method lacks, which the context segment offers
    (:meth:`spancopy_core.lang.java.JavaSource.scope` lists those fields first)."""
    fields = java.enclosing_fields(m.node)
    uses: dict[str, list[int]] = {}
    for node in m.names:
        i = m.index(node)
        tok = m.tokens[i]
        if tok.role == "var" and tok.kind == "identifier" and tok.text in fields:
            uses.setdefault(tok.text, []).append(i)
    counts = Counter(t.text for t in m.tokens)
    once = [ix[0] for name, ix in uses.items() if counts[name] == 1]  # gone from the bug
    i = _pick(rng, once)
    if i is None:
        return None
    new = _pick(rng, [n for n in dict.fromkeys(fields) if n != m.tokens[i].text])
    return None if new is None else Edit(i, i + 1, (new_token(new, "identifier", "var"),))


def _arguments(m: MethodSites) -> list[list[SyntaxNode]]:
    return [args for node in m.arguments if (args := _named(node))]


def swapped_arguments(m: MethodSites, f: FileContext, rng: random.Random) -> Edit | None:
    """Swap two adjacent arguments: ``f(a, b)`` -> ``f(b, a)``."""
    sites = []
    for args in _arguments(m):
        for a, b in zip(args, args[1:]):
            first, second = m.slice(a), m.slice(b)
            if [t.text for t in first] != [t.text for t in second]:
                between = m.tokens[m.span(a)[1] : m.span(b)[0]]
                sites.append(Edit(m.span(a)[0], m.span(b)[1], (*second, *between, *first)))
    return _pick(rng, sites)


def dropped_argument(m: MethodSites, f: FileContext, rng: random.Random) -> Edit | None:
    """Drop one argument (with its comma): ``f(a, b)`` -> ``f(a)``."""
    args = _pick(rng, _arguments(m))
    if args is None:
        return None
    k = rng.randrange(len(args))
    if len(args) == 1:
        start, end = m.span(args[0])
    elif k + 1 < len(args):
        start, end = m.span(args[k])[0], m.span(args[k + 1])[0]
    else:
        start, end = m.span(args[k - 1])[1], m.span(args[k])[1]
    return Edit(start, end, ())


def extra_argument(m: MethodSites, f: FileContext, rng: random.Random) -> Edit | None:
    """Pass one argument too many, a variable or literal of the method: ``f(a)`` ->
    ``f(a, b)``, ``g()`` -> ``g(0)``."""
    if not m.arguments:
        return None
    values = {
        t.text: t
        for t in m.tokens
        if (t.kind == "identifier" and t.role == "var") or t.kind in ("int", "string")
    }
    value = _pick(rng, sorted(values))
    if value is None:
        return None
    node = _pick(rng, m.arguments)
    args = _named(node)
    new = _detached(values[value])
    if not args:
        i = m.index(node) + 1
        return Edit(i, i, (new,))
    k = rng.randrange(len(args) + 1)
    comma = new_token(",", "operator")
    if k == len(args):
        i = m.span(args[-1])[1]
        return Edit(i, i, (comma, new))
    i = m.index(args[k])
    return Edit(i, i, (new, comma))


def _changed_number(text: str, rng: random.Random) -> str | None:
    suffix = text[-1] if text[-1] in "lL" else ""
    digits = text[: len(text) - len(suffix)].replace("_", "")
    if not digits.isdigit() or (len(digits) > 1 and digits[0] == "0"):
        return None  # octal
    value = int(digits)
    options = {0, 1, 2, value + 1} | ({value - 1} if value > 0 else set())
    options.discard(value)
    return f"{rng.choice(sorted(options))}{suffix}"


def changed_literal(m: MethodSites, f: FileContext, rng: random.Random) -> Edit | None:
    """``true`` <-> ``false``, ``0`` -> ``1``, ``n`` -> ``n + 1``, ``0.0`` <-> ``1.0``, or
    another string literal of the file."""
    node = _pick(rng, m.literals)
    if node is None:
        return None
    tok = m.tokens[m.index(node)]
    new: str | None = None
    if tok.text in ("true", "false"):
        new = "false" if tok.text == "true" else "true"
    elif tok.kind == "int":
        new = _changed_number(tok.text, rng)
    elif tok.kind == "float":
        new = "1.0" if tok.text.startswith("0") else "0.0"
        new += tok.text[-1] if tok.text[-1] in "fFdD" else ""
    elif tok.kind == "string":
        new = _pick(rng, [s for s in f.strings if s != tok.text])
    return None if new is None or new == tok.text else _replace_one(m, node, new, tok.kind)


def changed_return(m: MethodSites, f: FileContext, rng: random.Random) -> Edit | None:
    """Return something else: one operand of a binary expression, one branch of a ternary,
    the flipped boolean, or a default value for the return type (``null``, ``0``, ``false``)."""
    node = _pick(rng, m.returns)
    value = _named(node)[0] if node is not None and _named(node) else None
    if value is None:
        return None
    start, end = m.span(value)
    inner = _inner(value)
    options: list[tuple[Token, ...]] = []
    if inner.type == "binary_expression":
        options += [
            m.slice(c) for c in (inner.child_by_field_name(x) for x in ("left", "right")) if c
        ]
    elif inner.type == "ternary_expression":
        options += [
            m.slice(c)
            for c in (inner.child_by_field_name(x) for x in ("consequence", "alternative"))
            if c
        ]
    rtype = m.node.child_by_field_name("type")
    type_text = rtype.text.decode("utf-8", "replace") if rtype is not None and rtype.text else ""
    if type_text == "boolean" or inner.type in ("true", "false"):
        current = m.tokens[start].text if end - start == 1 else ""
        options.append((new_token("true" if current == "false" else "false", "keyword"),))
    elif type_text in _PRIMITIVE:
        options.append((new_token("0", "int"),))
    elif type_text and type_text != "void":
        options.append((new_token("null", "keyword"),))
    old = [t.text for t in m.tokens[start:end]]
    options = [o for o in options if [t.text for t in o] != old]
    new = _pick(rng, options)
    return None if new is None else Edit(start, end, new)


def _leading_modifiers(m: MethodSites) -> tuple[int, dict[str, int]]:
    """The index where a visibility would be inserted and the method's modifier keywords with
    their indices."""
    found: dict[str, int] = {}
    insert = 0
    if m.modifiers is not None:
        start, end = m.span(m.modifiers)
        insert = end
        for i in range(start, end):
            text = m.tokens[i].text
            if text in _MODIFIERS and text not in found:
                found[text] = i
                insert = min(insert, i)
    return insert, found


def changed_modifier(m: MethodSites, f: FileContext, rng: random.Random) -> Edit | None:
    """Another visibility, a visibility dropped or added, ``static``/``final`` added or
    removed, ``synchronized`` removed, or ``final`` removed from a parameter or local
    variable. Swapped visibilities are the most frequent, as ``private`` <-> ``public`` are in
    BFP's fixes."""
    insert, mods = _leading_modifiers(m)
    is_method = m.node.type == "method_declaration"
    vis = next((v for v in _VISIBILITY if v in mods), None)
    groups: dict[str, list[Edit]] = {g: [] for g in _MODIFIER_WEIGHTS}
    if vis is not None:
        i = mods[vis]
        groups["swap visibility"] = [
            Edit(i, i + 1, (new_token(v, "keyword"),)) for v in _VISIBILITY if v != vis
        ]
        groups["drop visibility"] = [Edit(i, i + 1, ())]
    elif "default" not in mods:
        groups["add visibility"] = [
            Edit(insert, insert, (new_token(v, "keyword"),)) for v in ("public", "private")
        ]
    after_vis = mods[vis] + 1 if vis is not None else insert
    for word, add in (("static", is_method), ("final", True), ("synchronized", False)):
        if word in mods:
            groups[word].append(Edit(mods[word], mods[word] + 1, ()))
        elif add and "abstract" not in mods and "default" not in mods:
            groups[word].append(Edit(after_vis, after_vis, (new_token(word, "keyword"),)))
    for node in m.local_modifiers:
        start, end = m.span(node)
        groups["local final"] += [
            Edit(i, i + 1, ()) for i in range(start, end) if m.tokens[i].text == "final"
        ]
    names = [g for g, edits in groups.items() if edits]
    if not names:
        return None
    name = rng.choices(names, [_MODIFIER_WEIGHTS[g] for g in names])[0]
    return _pick(rng, groups[name])


def dropped_this(m: MethodSites, f: FileContext, rng: random.Random) -> Edit | None:
    """``this.x`` -> ``x``, ``this.f()`` -> ``f()``."""
    node = _pick(rng, m.this_refs)
    if node is None:
        return None
    i = m.index(node)
    return Edit(i, i + 2, ()) if m.tokens[i + 1].text == "." else None


def negated_condition(m: MethodSites, f: FileContext, rng: random.Random) -> Edit | None:
    """``if (c)`` -> ``if (!(c))`` (BFP always writes a negation with parentheses), ``if (!c)``
    -> ``if (c)``; also for ``while``, ``do`` and ``?:``."""
    cond = _pick(rng, m.conditions)
    if cond is None:
        return None
    inner = _inner(cond)
    start, end = m.span(inner)
    op = _operator(inner) if inner.type == "unary_expression" else None
    if op is not None and op.type == "!":
        return Edit(start, start + 1, ())
    bang, left, right = (new_token(x, "operator") for x in "!()")
    return Edit(start, end, (bang, left, *m.tokens[start:end], right))


def removed_break(m: MethodSites, f: FileContext, rng: random.Random) -> Edit | None:
    """Delete a ``break;`` or ``continue;`` statement."""
    sites = [
        m.span(j) for j in m.jumps if j.parent is not None and j.parent.type in _STATEMENT_PARENTS
    ]
    span = _pick(rng, sites)
    return None if span is None else Edit(span[0], span[1], ())


def dropped_offset(m: MethodSites, f: FileContext, rng: random.Random) -> Edit | None:
    """``n - 1`` -> ``n``, ``i + 1`` -> ``i`` (an off-by-one)."""
    sites = []
    for node in m.binary:
        op, right = _operator(node), node.child_by_field_name("right")
        if op is not None and op.type in ("+", "-") and right is not None and right.text == b"1":
            sites.append(node)
    node = _pick(rng, sites)
    if node is None:
        return None
    start, end = m.span(node)
    left = node.child_by_field_name("left")
    return None if left is None else Edit(start, end, m.slice(left))


def string_equals(m: MethodSites, f: FileContext, rng: random.Random) -> Edit | None:
    """``a.equals(b)`` -> ``a == b`` (reference comparison of strings and boxes)."""
    sites = []
    for call in m.calls:
        name, obj = call.child_by_field_name("name"), call.child_by_field_name("object")
        args = call.child_by_field_name("arguments")
        if name is None or obj is None or args is None or name.text != b"equals":
            continue
        if len(_named(args)) == 1:
            sites.append((call, obj, _named(args)[0]))
    site = _pick(rng, sites)
    if site is None:
        return None
    call, obj, arg = site
    start, end = m.span(call)
    return Edit(start, end, (*m.slice(obj), new_token("==", "operator"), *m.slice(arg)))


OPERATORS: dict[str, Operator] = {
    "dropped_offset": dropped_offset,
    "string_equals": string_equals,
    "extra_statement": extra_statement,
    "deleted_statement": deleted_statement,
    "changed_modifier": changed_modifier,
    "wrong_method": wrong_method,
    "wrong_variable": wrong_variable,
    "wrong_field": wrong_field,
    "changed_literal": changed_literal,
    "operator_swap": operator_swap,
    "removed_null_check": removed_null_check,
    "changed_return": changed_return,
    "negated_condition": negated_condition,
    "dropped_argument": dropped_argument,
    "extra_argument": extra_argument,
    "boundary": boundary,
    "swapped_arguments": swapped_arguments,
    "dropped_this": dropped_this,
    "removed_break": removed_break,
}


def mutants(
    m: MethodSites,
    f: FileContext,
    k: int,
    rng: random.Random,
    rejected: Counter[str] | None = None,
    tries: int = 3,
    weights: dict[str, float] = WEIGHTS,
) -> list[tuple[str, list[Token]]]:
    """Up to ``k`` verified mutants of one method, each by a different operator: (kind,
    buggy tokens). Operators are drawn by ``weights`` (:data:`PROFILES`) among those that
    apply and weigh more than zero; each gets ``tries`` attempts; mutants that do not parse
    are counted in ``rejected`` by kind."""
    original = [t.text for t in m.tokens]
    seen = {tuple(original)}
    out: list[tuple[str, list[Token]]] = []
    kinds = [x for x in KINDS if weights.get(x, 0) > 0]
    while len(out) < k and kinds:
        kind = rng.choices(kinds, [weights[x] for x in kinds])[0]
        kinds.remove(kind)
        for _ in range(tries):
            edit = OPERATORS[kind](m, f, rng)
            if edit is None:
                break
            buggy = edit.apply(m.tokens)
            texts = tuple(t.text for t in buggy)
            if texts in seen:
                continue
            if not parses(buggy):
                if rejected is not None:
                    rejected[kind] += 1
                continue
            seen.add(texts)
            out.append((kind, buggy))
            break
    return out
