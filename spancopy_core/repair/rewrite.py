"""Rewrite rules generalised from one observed edit, and applied to other methods (no LSP), after
Refazer (Rolim et al., ICSE 2017) and Getafix (Bader et al., OOPSLA 2019): the edit's changed
sites are anti-unified at three levels of generality (:data:`LEVELS`), :func:`rewrites` applies
the rules where they match, and :func:`rule_candidates` makes the rewrites candidates.
Design notes: docs/design.md#repair-rewrite.
"""

from __future__ import annotations

import bisect
import difflib
from collections import Counter
from collections.abc import Container, Iterator, Sequence
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import TYPE_CHECKING, cast

from spancopy_core.lang import java
from spancopy_core.lang.java.syntax import is_name
from spancopy_core.paper.actions import Hypothesis
from spancopy_core.repair.candidates import Candidate, candidates
from spancopy_core.repair.frontend import Unit

if TYPE_CHECKING:
    from spancopy_core.repair.pipeline import ParsedText

LEVELS = ("names kept", "names abstracted", "literals abstracted")
LITERALS = frozenset({"string", "char", "int", "float"})
# Parents whose children are a list of independent items (statements, members): changes to
# several of them are several sites; in any other node they are one site, the node.
LISTS = frozenset({"block", "constructor_body", "class_body", "switch_block_statement_group"})
# What a literal or a declared name is, to compare a hole's binding at the target with the
# edit's (see _type): numbers alike (an int literal stands for a long as well), a box as its
# primitive, and every other type a reference ("object": a null check or equals() fits any).
LITERAL_TYPES = {"string": "object", "char": "char", "int": "number", "float": "number"}
TYPE_CLASSES = {
    "char": "char",
    "Character": "char",
    "boolean": "boolean",
    "Boolean": "boolean",
    **dict.fromkeys(
        ("byte", "short", "int", "long", "float", "double", "Byte", "Short", "Integer", "Long")
        + ("Float", "Double"),
        "number",
    ),
}
DECLARATIONS = frozenset(  # the nodes that declare a parameter or local variable's type
    {
        "formal_parameter",
        "catch_formal_parameter",
        "enhanced_for_statement",
        "resource",
        "local_variable_declaration",
    }
)
_APART = 1 << 40  # code points between the after side of an edit and any target
MAX_SINGLE = 4  # at most this many matches of a method are also rewritten one at a time
MAX_TOKENS = 600  # longer methods get no rules and no rewrites (the trees are walked recursively)


@dataclass(frozen=True)
class Node:
    """A syntax node over a token list: its kind, token range ``[lo, hi)`` and children (none
    for a node of one token, which is a leaf whatever tree-sitter says)."""

    kind: str
    lo: int
    hi: int
    children: tuple[Node, ...] = ()


@dataclass(frozen=True)
class Pattern:
    """One side of a rule: a hole (``hole >= 0``, binds any subtree), a leaf (``tokens``, the
    tokens it is written as) or a node of ``kind`` with ``children``."""

    kind: str = ""
    tokens: tuple[java.Token, ...] = ()
    children: tuple[Pattern, ...] = ()
    hole: int = -1
    # an after side's hole written with every match of the first pattern in its binding
    # replaced by the second (a loop's body: ``#0 [ i ]`` -> ``value``; see _carried)
    replace: tuple[Pattern, Pattern] | None = None

    def key(self) -> tuple:
        """What makes two patterns the same (tokens by text)."""
        if self.hole >= 0:
            if self.replace is not None:
                return ("#", self.hole, self.replace[0].key(), self.replace[1].key())
            return ("#", self.hole)
        return (
            self.kind,
            tuple(t.text for t in self.tokens),
            tuple(c.key() for c in self.children),
        )


@dataclass(frozen=True)
class Rule:
    """A rewrite: a run of sibling ``before`` patterns under a node of kind ``parent`` (empty:
    one node, anywhere) becomes ``after``, at the generality ``level`` (one of :data:`LEVELS`)."""

    level: str
    parent: str
    before: tuple[Pattern, ...]
    after: tuple[Pattern, ...]
    # per hole, what its binding in the edited method is (_type; None: not known): a match
    # must bind it to nothing known to be otherwise. None: an untyped rule (generalise's
    # default, as the rules a project's history makes: trainer.rules), matched by shape alone
    types: tuple[str | None, ...] | None = None
    # a rename of a name of the file (:func:`_renamed`): matches only where the name refers to
    # the file's member (:func:`_member`), not to a variable the method declares
    member: bool = False
    # the holes that the after side writes more often than the before side and that bind no
    # call in the edit (:func:`_plain`): a match never binds them to one
    plain: tuple[int, ...] = ()

    @property
    def general(self) -> bool:
        """Whether the rule is very general: its before side names nothing of its own (every
        name in a hole: ``this . #0 = #0 ;``, ``return #0 == #1 ;``) or it is of the last
        level, literals abstracted too (``#0 . equals ( #1 ) => #0 == #1`` of ``c.equals('"')``):
        such a rule, when typed, matches only where a hole binds what is known to be of the
        type it binds in the edit (see :func:`matches`)."""
        return self.level == LEVELS[-1] or not any(_named(p) for p in self.before)

    def __str__(self) -> str:
        """The rule as text, holes numbered: ``#0 . trim #1 => #0 . strip #1``."""
        return f"{_text(self.before)} => {_text(self.after)}"

    def key(self) -> tuple:
        return (
            self.parent,
            tuple(p.key() for p in self.before),
            tuple(p.key() for p in self.after),
            self.types,
            self.member,
            self.plain,
        )


def _named(p: Pattern) -> bool:
    """Whether a pattern has an identifier of its own (not in a hole)."""
    if p.hole >= 0:
        return False
    return any(t.kind == "identifier" for t in p.tokens) or any(_named(c) for c in p.children)


def _text(patterns: Sequence[Pattern]) -> str:
    out = []
    for p in patterns:
        if p.hole >= 0 and p.replace is not None:
            out.append(f"#{p.hole}[{_text(p.replace[:1])} := {_text(p.replace[1:])}]")
        elif p.hole >= 0:
            out.append(f"#{p.hole}")
        elif p.children:
            out.append(_text(p.children))
        else:
            out.extend(t.text for t in p.tokens)
    return " ".join(out)


class _Tree:
    """A method's tokens and its syntax tree over them, and the types of the names it
    declares (parameters and locals, wherever in the method; see :func:`_declared`)."""

    def __init__(self, tokens: Sequence[java.Token], root: Node) -> None:
        self.tokens = tokens
        self.root = root
        self.declared = _declared(self, root)

    def texts(self, node: Node) -> tuple[str, ...]:
        return tuple(t.text for t in self.tokens[node.lo : node.hi])


def _type_name(t: _Tree, node: Node) -> str | None:
    """A declared type as :func:`_type` compares it (:data:`TYPE_CLASSES`, else
    ``object``); None for ``var``."""
    name = "".join(t.texts(node))
    return None if name == "var" else TYPE_CLASSES.get(name, "object")


def _declared(t: _Tree, root: Node) -> dict[str, str]:
    """The type of each parameter and local variable of the method ``root`` (the first
    declaration of a name; ``var`` ones left out)."""
    out: dict[str, str] = {}
    for n in _walk(root):
        typed = [c for c in n.children if "type" in c.kind and c.kind != "type_arguments"]
        declared = _type_name(t, typed[0]) if typed and n.kind in DECLARATIONS else None
        if declared is None:
            continue
        # int a = 1, b; declares a and b (a declarator of one token is a leaf)
        if n.kind == "local_variable_declaration":
            names = [
                c.children[0] if c.children else c
                for c in n.children
                if c.kind == "variable_declarator"
            ]
        else:
            names = [c for c in n.children if c.kind == "identifier"][:1]
        for c in names:
            out.setdefault(t.tokens[c.lo].text, declared)
    return out


def _type(t: _Tree, node: Node) -> str | None:
    """What ``node`` of ``t`` is known to be: a literal's type, or a parameter's or local
    variable's declared type (:data:`LITERAL_TYPES`, :data:`TYPE_CLASSES`); None for
    anything else (an expression, a field)."""
    if node.hi - node.lo != 1:
        return None
    token = t.tokens[node.lo]
    if token.kind in LITERAL_TYPES:
        return LITERAL_TYPES[token.kind]
    if token.text in ("true", "false"):
        return "boolean"
    return t.declared.get(token.text) if token.kind == "identifier" else None


def _joined(tokens: Sequence[java.Token]) -> str:
    """The tokens as one line of text, a space where the source had any (or lost some)."""
    out: list[str] = []
    for k, t in enumerate(tokens):
        if k and t.start != tokens[k - 1].end:
            out.append(" ")
        out.append(t.text)
    return "".join(out)


def tree(tokens: Sequence[java.Token]) -> _Tree | None:
    """The syntax tree of a method's ``tokens`` (annotations stripped, as the model sees them),
    or None when they do not parse as exactly one method or are more than
    :data:`MAX_TOKENS`."""
    if len(tokens) > MAX_TOKENS:
        return None
    before, after = java.member_context()
    source = java.parse(before + _joined(tokens) + after)
    methods = [m for m in source.methods if m.depth == 0]
    if source.tree.root_node.has_error or len(methods) != 1:
        return None
    first = methods[0].tokens.start
    if [t.text for t in source.tokens[methods[0].tokens]] != [t.text for t in tokens]:
        return None  # a token the joined text lexes differently
    starts = [t.start_byte for t in source.tokens]
    ends = [t.end_byte for t in source.tokens]

    def convert(node: java.SyntaxNode) -> Node | None:
        lo = bisect.bisect_left(starts, node.start_byte) - first
        hi = bisect.bisect_right(ends, node.end_byte) - first
        if hi <= lo or node.type in ("line_comment", "block_comment"):
            return None
        kids = [] if hi - lo == 1 else [convert(c) for c in node.children]
        return Node(node.type, lo, hi, tuple(k for k in kids if k is not None))

    root = convert(source.method_node(methods[0]))
    return None if root is None else _Tree(tokens, root)


@dataclass(frozen=True)
class _Site:
    """Where an edit changed a method: the run ``before`` of children of a node of kind
    ``parent`` became ``after`` (``parent`` empty: one node became another)."""

    parent: str
    before: tuple[Node, ...]
    after: tuple[Node, ...]


def _weak(b: _Tree, a: _Tree, site: _Site, typed: bool) -> bool:
    """Whether a site's before side, at its most general, has no name, keyword or literal
    of its own (``(#1, #2)``): it would match too much, so its parent is the site."""
    holes = _shared(b, a, site.before, site.after, len(LEVELS) - 1, typed)
    return not any(_anchored(_pattern(b, x, holes, top=True)) for x in site.before)


def _sites(b: _Tree, a: _Tree, x: Node, y: Node, typed: bool) -> list[_Site]:
    """The sites where ``x`` (of ``b``) became ``y`` (of ``a``), two nodes that differ (see
    the module docstring): the smallest nodes or runs of children that changed, grown to
    their parent while weak (:func:`_weak`), and when ``typed`` (similar edits) from a call's
    arguments to the call; changes to several children are one site, the node, unless it is
    a list (:data:`LISTS`)."""
    whole = [_Site("", (x,), (y,))]
    if x.kind != y.kind or not x.children or not y.children:
        return whole
    matcher = difflib.SequenceMatcher(
        None, [b.texts(c) for c in x.children], [a.texts(c) for c in y.children], autojunk=False
    )
    ops = [op for op in matcher.get_opcodes() if op[0] != "equal"]
    listed = x.kind in LISTS
    if len(ops) > 1 and not listed:
        return whole
    out: list[_Site] = []
    for _, i1, i2, j1, j2 in ops:
        if i2 - i1 == 1 == j2 - j1:
            inner = _sites(b, a, x.children[i1], y.children[j1], typed)
            one = len(inner) == 1 and inner[0].before[0].hi - inner[0].before[0].lo == 1
            called = typed and any(site.before[0].kind == "argument_list" for site in inner)
            if not listed and (one or called or any(_weak(b, a, s, typed) for s in inner)):
                # one token changed, too little to match on, or the arguments of a call,
                # which its name places (not initialise(input, baseUri, parser) for an
                # argument of new Element(tag, baseUri, attributes)): the parent
                return whole
            out += inner
            continue
        if not listed:
            return whole
        if i1 == i2 or j1 == j2:  # an insertion or deletion: a neighbour (named first) places it
            near = [k for k in (i2, i1 - 1) if 0 <= k < len(x.children)]
            near.sort(key=lambda k: not x.children[k].children)
            if not near:
                return whole
            if near[0] >= i2:
                i2, j2 = i2 + 1, j2 + 1
            else:
                i1, j1 = i1 - 1, j1 - 1
        out.append(_Site(x.kind, x.children[i1:i2], y.children[j1:j2]))
    return out


def _walk(node: Node) -> Iterator[Node]:
    yield node
    for c in node.children:
        yield from _walk(c)


def _shared(
    b: _Tree, a: _Tree, before: Sequence[Node], after: Sequence[Node], level: int, typed: bool
) -> dict[tuple[str, ...], int]:
    """The hole of each shared subtree at ``level`` (see the module docstring), by its
    tokens: a subtree of the before side copied whole into the after side, when every name,
    keyword and literal of it that the after side writes is written there inside a copy of
    such a subtree (``(Tag.valueOf(tag.name(), settings), baseUri, settings.attrs(tag))`` ->
    ``(..., null, ...)``: both arguments are holes, though each names ``settings``; not
    ``x.y`` where the after side also writes ``x`` alone). Untyped (a project's mined rules,
    as they were): only where it writes them in copies of that subtree alone. The sides' top
    nodes are never holes themselves (a rule must say what it rewrites)."""
    nodes = {(n.lo, n.hi): n for t in after for n in _walk(t)}.values()
    copies = Counter(a.texts(n) for n in nodes)
    words = Counter(t.text for top in after for t in a.tokens[top.lo : top.hi])

    def alone(x: tuple[str, ...]) -> bool:
        """Whether the after side writes the words of ``x`` in copies of ``x`` only."""
        inside = Counter(w for w in x if _word(w))
        return all(words[w] == copies[x] * c for w, c in inside.items())

    def copied(blocked: set[tuple[str, ...]]) -> list[Node]:
        """The outermost subtrees of ``before`` that the after side copies, but ``blocked``."""
        out: list[Node] = []

        def visit(n: Node, top: bool) -> None:
            if not n.children:
                return
            if not top and b.texts(n) in copies and b.texts(n) not in blocked:
                out.append(n)
                return
            for c in n.children:
                visit(c, False)

        for node in before:
            visit(node, True)
        return out

    blocked: set[tuple[str, ...]] = set()
    while True:  # each round blocks a subtree at least: at most as many rounds as subtrees
        found = copied(blocked)
        texts = {b.texts(n) for n in found}
        inside = {k for n in nodes if a.texts(n) in texts for k in range(n.lo, n.hi)}
        covered = Counter(a.tokens[k].text for k in inside)
        bad = {
            x
            for x in texts
            if (any(_word(w) and words[w] != covered[w] for w in x) if typed else not alone(x))
        }
        if not bad:
            break
        blocked |= bad
    holes: dict[tuple[str, ...], int] = {}

    def visit(n: Node, top: bool) -> None:
        texts = b.texts(n)
        if n.children:
            if not top and texts in copies and texts not in blocked:
                holes.setdefault(texts, len(holes))
                return
            for c in n.children:
                visit(c, False)
            return
        t = b.tokens[n.lo]
        abstract = (level >= 1 and t.kind == "identifier" and t.role == "var") or (
            level >= 2 and t.kind in LITERALS
        )
        if abstract and words[t.text]:
            holes.setdefault(texts, len(holes))

    for node in before:
        visit(node, True)
    return holes


def _word(token: str) -> bool:
    """Whether a token is a name, keyword or literal (not an operator or punctuation)."""
    return token[:1].isalnum() or token[:1] in "_$\"'"


def _pattern(t: _Tree, node: Node, holes: dict[tuple[str, ...], int], top: bool = False) -> Pattern:
    """``node`` as a pattern: its subtrees in ``holes`` as holes (not itself when ``top`` and
    it has children, as :func:`_shared` decides)."""
    texts = t.texts(node)
    if texts in holes and not (top and node.children):
        return Pattern(hole=holes[texts])
    if not node.children:
        return Pattern(node.kind, tuple(t.tokens[node.lo : node.hi]))
    return Pattern(node.kind, children=tuple(_pattern(t, c, holes) for c in node.children))


def _anchored(p: Pattern) -> bool:
    """Whether a pattern has a name, keyword or literal of its own (not in a hole)."""
    if p.hole >= 0:
        return False
    return any(_word(x.text) for x in p.tokens) or any(_anchored(c) for c in p.children)


def generalise(
    before: Sequence[java.Token], after: Sequence[java.Token], *, typed: bool = False
) -> list[Rule]:
    """The rewrite rules of the edit ``before -> after`` (a method's tokens, annotations
    stripped), most specific level first, without duplicates; none when the two are the same
    or either does not parse. ``typed``: each hole keeps the type of what it binds in the
    edit (:attr:`Rule.types`, as similar edits generalise the user's edit)."""
    b = tree(before)
    # the after side's offsets moved away, so that no token of it ever seems to touch one of
    # the target's in a rewrite (see _joined)
    a = tree([t._replace(start=t.start + _APART, end=t.end + _APART) for t in after])
    if b is None or a is None or b.texts(b.root) == a.texts(a.root):
        return []
    renamed = _renamed(b, a) if typed else None
    if renamed is not None:  # its site rules would rename a place at a time, or a local
        return [renamed]
    rules: dict[tuple, Rule] = {}
    sites = _sites(b, a, b.root, a.root, typed)
    changed = [(site.after[0].lo, site.after[-1].hi) for site in sites]
    for site in sites:
        for level, name in enumerate(LEVELS):
            holes = _shared(b, a, site.before, site.after, level, typed)
            rule = Rule(
                name,
                site.parent,
                tuple(_pattern(b, x, holes, top=True) for x in site.before),
                tuple(_pattern(a, y, holes) for y in site.after),
                _hole_types(b, site.before, holes) if typed else None,
            )
            if typed:
                rule = replace(rule, plain=_plain(b, site.before, holes, rule))
            if _useful(rule) and not _left_alone(a, rule, changed):
                rules.setdefault(rule.key(), rule)
            # similar edits' rules only; a project's mined rules (untyped) stay as they were
            carried = _carried(b, a, site, holes, rule) if typed else None
            if carried is not None and _useful(carried) and not _left_alone(a, carried, changed):
                rules.setdefault(carried.key(), carried)
    return list(rules.values())


# where a name is written after a receiver (``x.name``, ``x.name()``)
ACCESSES = frozenset({"field_access", "method_invocation"})


def _parents(root: Node) -> dict[tuple[int, int, str], Node]:
    """The parent of each node under ``root``, by the node's range and kind."""
    out: dict[tuple[int, int, str], Node] = {}
    for n in _walk(root):
        for c in n.children:
            out[c.lo, c.hi, c.kind] = n
    return out


def _member(t: _Tree, leaf: Node, parent: Node | None, declared: Container[str]) -> bool:
    """Whether the name ``leaf`` refers to a member of the method's file: written alone and
    not ``declared`` by the method (:func:`_locals`; nor the method's own name), or after
    ``this`` or a type's name (``this.name``, ``Tag.Known``)."""
    if parent is not None and parent.kind in ACCESSES and parent.children[0] is not leaf:
        receiver = parent.children[0]
        names = t.texts(receiver)
        return names == ("this",) or (len(names) == 1 and names[0][:1].isupper())
    if parent is not None and parent.kind in ("method_declaration", "constructor_declaration"):
        return False
    return t.tokens[leaf.lo].text not in declared


def _locals(t: _Tree) -> set[str]:
    """Every name the method declares (``var`` ones and lambda parameters included, which
    :attr:`_Tree.declared` leaves out)."""
    out: set[str] = set()
    for n in _walk(t.root):
        if n.kind == "variable_declarator":  # int a = 1 (a declarator of one token is a leaf)
            out.add(t.tokens[n.lo].text)
        elif n.kind in DECLARATIONS or n.kind == "inferred_parameters":
            out.update(t.tokens[c.lo].text for c in n.children if c.kind == "identifier")
        elif n.kind == "lambda_expression" and n.children and not n.children[0].children:
            out.add(t.tokens[n.children[0].lo].text)  # x -> ...
    return out


def _renamed(b: _Tree, a: _Tree) -> Rule | None:
    """The rule of an edit that only renames a name of its file: every token that changed is
    ``old`` become ``new`` (two names, not types: a parameter's type changed is no class
    renamed), no ``old`` is left, and each ``old`` refers to a member of the file
    (:func:`_member`: ``last != ESC`` -> ``last != Esc``, ``this.blockWriter`` ->
    ``this.body``, ``Tag.Defined`` -> ``Tag.Known``). Its rule renames the name wherever it
    refers to that member (:attr:`Rule.member`), whatever is around it, and is the edit's
    only rule (its sites' rules would rename one place at a time, or a local of that name);
    None for any other edit."""
    if len(b.tokens) != len(a.tokens):
        return None
    changed = {
        (x.text, y.text) for x, y in zip(b.tokens, a.tokens, strict=True) if x.text != y.text
    }
    if len(changed) != 1:
        return None
    ((old, new),) = changed
    if not (is_name(old) and is_name(new)) or any(t.text == old for t in a.tokens):
        return None
    parents = _parents(b.root)
    leaves = [n for n in _walk(b.root) if not n.children and b.tokens[n.lo].text == old]
    kinds = {n.kind for n in leaves}
    if kinds != {"identifier"}:
        return None
    declared = _locals(b)
    if not all(_member(b, n, parents.get((n.lo, n.hi, n.kind)), declared) for n in leaves):
        return None
    lo = leaves[0].lo
    return Rule(
        LEVELS[0],
        "",
        (Pattern("identifier", (b.tokens[lo],)),),
        (Pattern("identifier", (a.tokens[lo],)),),
        (),
        member=True,
    )


def _carried(
    b: _Tree, a: _Tree, site: _Site, holes: dict[tuple[str, ...], int], rule: Rule
) -> Rule | None:
    """The rule of a site that rewrote a statement and, in its body, every match of one
    subtree into another (``for (int i = 0; i < values.length; i++) { total += values[i]; }``
    -> ``for (int value : values) { total += value; }``): ``rule`` with the body a hole that
    binds any body and is written with that replacement made (:attr:`Pattern.replace`), so
    that it matches loops of other bodies; past the first level, a variable the statement
    declares and the edit removes (the index ``i``) is a hole too, so that a loop over ``j``
    matches. None for any other site."""
    if len(site.before) != 1 or len(site.after) != 1:
        return None
    x, y = site.before[0], site.after[0]
    if not x.children or not y.children or x.children[-1].kind != y.children[-1].kind:
        return None
    found = _replacement(b, a, x.children[-1], y.children[-1])
    if found is None:
        return None
    old, new = found
    holes = dict(holes)
    if LEVELS.index(rule.level) >= 1:
        kept = set(a.texts(y))
        for name in _declared(b, x):
            if name not in kept:
                holes.setdefault((name,), len(holes))
    body = len(holes)  # a hole of its own, after the others
    before = _pattern(b, x, holes, top=True)
    after = _pattern(a, y, holes, top=True)
    replace = (_pattern(b, old, holes, top=True), _pattern(a, new, holes, top=True))
    bound = _holes([before.children[:-1]])  # the body is the carried hole now
    if not _holes([after.children[:-1]]) <= bound or not _holes([replace[1:]]) <= bound | _holes(
        [replace[:1]]
    ):
        return None  # a hole the after side writes that only the body would bind
    types = None if rule.types is None else (*_hole_types(b, site.before, holes), None)
    return Rule(
        rule.level,
        rule.parent,
        (Pattern(before.kind, children=(*before.children[:-1], Pattern(hole=body))),),
        (
            Pattern(
                after.kind,
                children=(*after.children[:-1], Pattern(hole=body, replace=replace)),
            ),
        ),
        types,
    )


def _holes(groups: Sequence[Sequence[Pattern]]) -> set[int]:
    """The holes of the patterns of ``groups``, wherever in them."""
    out: set[int] = set()
    for patterns in groups:
        for p in patterns:
            if p.hole >= 0:
                out.add(p.hole)
            else:
                out |= _holes([p.children])
    return out


def _replacement(b: _Tree, a: _Tree, x: Node, y: Node) -> tuple[Node, Node] | None:
    """The subtrees ``(old, new)`` of ``x`` and ``y`` (two bodies) when ``y`` is ``x`` with
    every occurrence of ``old`` (at least one) written as ``new`` and nothing else changed;
    else None."""
    xs, ys = b.texts(x), a.texts(y)
    ops = difflib.SequenceMatcher(None, xs, ys, autojunk=False).get_opcodes()
    changed = [op for op in ops if op[0] != "equal"]
    if not changed or any(op[0] != "replace" for op in changed):
        return None
    if len({(xs[i1:i2], ys[j1:j2]) for _, i1, i2, j1, j2 in changed}) != 1:
        return None
    _, i1, i2, j1, j2 = changed[0]
    old = next((n for n in _walk(x) if (n.lo, n.hi) == (x.lo + i1, x.lo + i2)), None)
    new = next((n for n in _walk(y) if (n.lo, n.hi) == (y.lo + j1, y.lo + j2)), None)
    if old is None or new is None or not old.children:
        return None  # not whole subtrees, or one token (a rename: no rewrite of a shape)
    return old, new


def _useful(rule: Rule) -> bool:
    """Whether ``rule`` can match anywhere: its before side has a name, keyword or literal
    of its own, and if it is :attr:`~Rule.general`, a hole of a known type (see
    :func:`_fits`: ``return #0 ; => return #0 + 1 ;`` of ``return open(path) + limit;``
    has none)."""
    anchored = any(_anchored(p) for p in rule.before)
    untyped = rule.types is None or not rule.general
    return anchored and (untyped or any(t is not None for t in rule.types or ()))


def _hole_types(
    b: _Tree, before: Sequence[Node], holes: dict[tuple[str, ...], int]
) -> tuple[str | None, ...]:
    """The :func:`_type` of what each hole binds in the edited method ``b``, by hole."""
    types: dict[int, str | None] = {}
    for n in (n for top in before for n in _walk(top)):
        if b.texts(n) in holes:
            types.setdefault(holes[b.texts(n)], _type(b, n))
    return tuple(types.get(k) for k in range(len(holes)))


def _left_alone(a: _Tree, rule: Rule, changed: Sequence[tuple[int, int]]) -> bool:
    """Whether the edited method, after the edit, still has a match of ``rule`` outside the
    token ranges the edit ``changed``: a place the user left as it was, so the rule is more
    general than the edit (``a.trim() + b.trim()`` -> ``a.strip() + b.trim()`` is no rule for
    every ``x.trim()``; Getafix learns from such negative examples too)."""
    return any(
        all(hi <= start or end <= lo for start, end in changed) for lo, hi, _ in matches(a, rule)
    )


def _match(
    t: _Tree, p: Pattern, n: Node, binds: dict[int, Node], types: Sequence[str | None] | None
) -> bool:
    """Whether ``p`` matches ``n``, binding its holes in ``binds`` (extended in place), each
    to nothing known to be of another type than ``types`` says (by hole; None: any)."""
    if p.hole >= 0:
        bound = binds.get(p.hole)
        if bound is None:
            want = None if types is None else types[p.hole]
            got = _type(t, n)
            binds[p.hole] = n
            return want is None or got is None or want == got
        return t.texts(bound) == t.texts(n)
    if p.kind != n.kind or len(p.children) != len(n.children):
        return False
    if not p.children:
        return tuple(x.text for x in p.tokens) == t.texts(n)
    return all(_match(t, c, m, binds, types) for c, m in zip(p.children, n.children, strict=True))


def _fits(t: _Tree, rule: Rule, binds: dict[int, Node]) -> bool:
    """Whether a match of ``rule`` binding ``binds`` counts: any match of an untyped rule or
    of one that names something of its own; a typed :attr:`~Rule.general` one's only when a
    hole binds what is known to be of the type it binds in the edit (``this . #0 = #0 ;`` of
    ``String name`` at ``this.title = title`` of ``String title``, not at a field or an
    ``int``)."""
    if rule.types is None or not rule.general:
        return True
    types = rule.types
    return any(types[k] is not None and _type(t, n) == types[k] for k, n in binds.items())


class _NoFit(Exception):
    """A carried hole's binding cannot be written with its replacement (see _replaced)."""


def _instance(t: _Tree, p: Pattern, binds: dict[int, Node]) -> list[java.Token]:
    """The tokens of the after pattern ``p`` with its holes' bindings."""
    if p.hole >= 0 and p.replace is not None:
        return _replaced(t, binds[p.hole], p.replace, binds)
    if p.hole >= 0:
        n = binds[p.hole]
        return list(t.tokens[n.lo : n.hi])
    if not p.children:
        return list(p.tokens)
    return [x for c in p.children for x in _instance(t, c, binds)]


def _replaced(
    t: _Tree, body: Node, replace: tuple[Pattern, Pattern], binds: dict[int, Node]
) -> list[java.Token]:
    """The tokens of ``body`` with every match of ``replace[0]`` (its holes bound as
    ``binds`` has them) written as ``replace[1]``. Raises :class:`_NoFit` when there is none,
    or when one is assigned to or stepped (``values[i] = 0``, ``values[i]++``: a loop
    variable would take the value, not the array)."""
    old, new = replace
    found: list[tuple[int, int, list[java.Token]]] = []

    def visit(n: Node, parent: Node | None) -> None:
        here = dict(binds)
        if _match(t, old, n, here, None):
            written = parent is not None and (
                parent.kind == "update_expression"
                or (parent.kind == "assignment_expression" and parent.children[0] is n)
            )
            if written:
                raise _NoFit
            found.append((n.lo, n.hi, _instance(t, new, here)))
            return
        for c in n.children:
            visit(c, n)

    visit(body, None)
    if not found:
        raise _NoFit
    out = list(t.tokens[body.lo : body.hi])
    for lo, hi, tokens in sorted(found, key=lambda f: -f[0]):
        out[lo - body.lo : hi - body.lo] = tokens
    return out


# what evaluating does something: a hole binding one is not written more often than it was
CALLS = frozenset({"method_invocation", "object_creation_expression", "array_creation_expression"})


def _counts(patterns: Sequence[Pattern]) -> Counter:
    """How often each hole is written in ``patterns``."""
    out: Counter = Counter()
    for p in patterns:
        if p.hole >= 0:
            out[p.hole] += 1
        else:
            out += _counts(p.children)
    return out


def _plain(
    b: _Tree, before: Sequence[Node], holes: dict[tuple[str, ...], int], rule: Rule
) -> tuple[int, ...]:
    """The holes of ``rule`` that it writes more often after than before and that bind no
    call in the edited method ``b`` (``node`` of ``#2 . addChildren (...)`` -> ``if ( #2 .
    #0 == #0 ) #2 . remove ( ) ; #2 . addChildren (...)``): written at a target as a call,
    the rule would call it more often than the edit does. One that the edit wrote twice as a
    call (``if (element.parent() == null) return 0;`` before ``element.parent().children()``)
    may."""
    reads, writes = _counts(rule.before), _counts(rule.after)
    called = {
        holes[b.texts(n)] for t in before for n in _walk(t) if b.texts(n) in holes and _calls(n)
    }
    return tuple(sorted(k for k, n in writes.items() if n > reads[k] and k not in called))


def _calls(node: Node) -> bool:
    """Whether ``node`` calls or creates something (:data:`CALLS`)."""
    return any(n.kind in CALLS for n in _walk(node))


def matches(t: _Tree, rule: Rule) -> list[tuple[int, int, list[java.Token]]]:
    """Every place ``rule`` matches in ``t``, outermost and leftmost first, none overlapping:
    ``(lo, hi, new tokens)``: ``t.tokens[lo:hi]`` becomes the new tokens. The rule's
    :attr:`~Rule.plain` holes never bind a call (:func:`_calls`)."""
    out: list[tuple[int, int, list[java.Token]]] = []
    width = len(rule.before)

    def fits(ps: Sequence[Pattern], ns: Sequence[Node], binds: dict[int, Node]) -> bool:
        ok = all(_match(t, p, m, binds, rule.types) for p, m in zip(ps, ns, strict=True))
        return ok and _fits(t, rule, binds)

    def written(binds: dict[int, Node]) -> list[java.Token] | None:
        if any(_calls(binds[k]) for k in rule.plain if k in binds):
            return None
        try:
            return [x for p in rule.after for x in _instance(t, p, binds)]
        except _NoFit:
            return None

    parents = _parents(t.root) if rule.member else {}
    declared = _locals(t) if rule.member else set()

    def member(n: Node) -> bool:
        return not rule.member or _member(t, n, parents.get((n.lo, n.hi, n.kind)), declared)

    def visit(n: Node) -> None:
        if not rule.parent:
            binds: dict[int, Node] = {}
            if fits(rule.before, [n], binds) and member(n) and (new := written(binds)) is not None:
                out.append((n.lo, n.hi, new))
                return
        elif n.kind == rule.parent:
            k = 0
            while k + width <= len(n.children):
                binds = {}
                run = n.children[k : k + width]
                if fits(rule.before, run, binds) and (new := written(binds)) is not None:
                    out.append((run[0].lo, run[-1].hi, new))
                    k += width
                    continue
                for m in n.children[k : k + 1]:
                    visit(m)
                k += 1
            for m in n.children[k:]:
                visit(m)
            return
        for c in n.children:
            visit(c)

    visit(t.root)
    return out


def _applied(
    tokens: Sequence[java.Token], found: Sequence[tuple[int, int, list[java.Token]]]
) -> list[java.Token]:
    out = list(tokens)
    for lo, hi, new in sorted(found, key=lambda f: -f[0]):
        out[lo:hi] = new
    return out


def _words(patterns: Sequence[Pattern]) -> set[str]:
    """The token texts a match of ``patterns`` must have (their leaves outside holes)."""
    out: set[str] = set()
    for p in patterns:
        if p.hole < 0:
            out.update(t.text for t in p.tokens)
            out |= _words(p.children)
    return out


def rewrites(rules: Sequence[Rule], tokens: Sequence[java.Token]) -> list[list[java.Token]]:
    """The method ``tokens`` rewritten by ``rules``: per level, every match of its rules at
    once, then (with several, at most :data:`MAX_SINGLE`) each alone but a rename's (a name
    renamed in one place and not the next is half a rename); distinct, in that order.
    A method without every token of some rule's before side is not parsed (most methods)."""
    texts = {t.text for t in tokens}
    if not any(_words(r.before) <= texts for r in rules):
        return []
    t = tree(tokens)
    if t is None:
        return []
    out: dict[tuple[str, ...], list[java.Token]] = {}
    for level in LEVELS:
        found: list[tuple[int, int, list[java.Token]]] = []
        alone: list[tuple[int, int, list[java.Token]]] = []  # a rename's are not (half done)
        for rule in (r for r in rules if r.level == level):
            for lo, hi, new in matches(t, rule):
                if all(hi <= f[0] or f[1] <= lo for f in found):
                    found.append((lo, hi, new))
                    alone += [] if rule.member else [(lo, hi, new)]
        options = [found] + ([[f] for f in alone[:MAX_SINGLE]] if len(found) > 1 else [])
        for chosen in options if found else []:
            result = _applied(tokens, chosen)
            out.setdefault(tuple(x.text for x in result), result)
    return [v for k, v in out.items() if k != tuple(x.text for x in tokens)]


def hypotheses(
    rules: Sequence[Rule],
    target: Sequence[java.Token],
    edit: tuple[Sequence[java.Token], Sequence[java.Token]],
    known: Container[str],
    imports: Sequence[str],
) -> list[Hypothesis]:
    """The rewrites of the method ``target`` (its tokens, annotations stripped) as model
    outputs, abstracted together with it and the edit as
    :func:`spancopy_core.repair.similar.target_input` abstracts them (target, edit before,
    edit after), so they share the target's placeholders; log-probability 0 (to be scored)."""
    out = []
    for result in rewrites(rules, target):
        tokens = java.method_tokens(_joined(result))
        if tokens is None:
            continue  # a rewrite that does not parse
        *_, new = java.abstract_together((target, edit[0], edit[1], tokens), known, imports)
        out.append(Hypothesis(list(new.tokens), 0.0, []))
    return out


@lru_cache(maxsize=16)
def edit_rules(before: tuple[java.Token, ...], after: tuple[java.Token, ...]) -> list[Rule]:
    """:func:`generalise`, typed, once per edit (the same edit is applied to every other
    method)."""
    return generalise(before, after, typed=True)


def rule_candidates(
    doc: ParsedText,
    unit: Unit,
    edit: tuple[tuple[java.Token, ...], tuple[java.Token, ...]],
    known: Container[str],
    *,
    syntax_check: bool = True,
) -> list[Candidate]:
    """The rewrites of ``unit`` by the rules of ``edit`` (its method's tokens before and
    after) as candidates, made as :func:`~spancopy_core.repair.candidates.candidates` makes
    the beam's hypotheses (format-preserving edits, the same checks); empty where no rule
    matches. Unscored: :mod:`spancopy_core.repair.similar` ranks them by the edit model."""
    target = cast("Sequence[java.Token]", unit.source_tokens)  # a Java unit's are java.Tokens
    found = hypotheses(edit_rules(*edit), target, edit, known, doc.parsed.imports)
    return candidates(
        doc.text,
        unit,
        found,
        doc.style,
        doc.frontend,
        top_k=len(found),
        syntax_check=syntax_check,
    )
