"""Java syntax: tree-sitter-java for the structure, a context-free lexer for the tokens.
:func:`parse` gives a :class:`JavaSource` (tokens, methods, imports, comments), lexing the same
text the same way even inside ERROR regions and splitting ``>>``-style operators as BFP does;
class members are parsed alone inside :func:`member_context`. This is the only module that
touches tree-sitter.
Design notes: docs/design.md#lang-java-syntax.
"""

from __future__ import annotations

import bisect
import re
import threading
from typing import NamedTuple

import numpy as np
import tree_sitter
import tree_sitter_java

from spancopy_core.editing.positions import LineIndex, PositionError
from spancopy_core.lang.errors import SourceTooLargeError

MAX_SOURCE_BYTES = 16 * 2**20  # larger texts raise SourceTooLargeError

# Reserved words and literals (JLS 3.9, 3.10.3, 3.10.8); contextual keywords are not here.
KEYWORDS = frozenset(
    """abstract assert boolean break byte case catch char class const continue default do double
    else enum extends final finally float for goto if implements import instanceof int interface
    long native new package private protected public return short static strictfp super switch
    synchronized this throw throws transient try void volatile while true false null""".split()
)
# Contextual keywords (JLS 3.9) that a method may contain (the module ones cannot occur there).
CONTEXTUAL_KEYWORDS = frozenset("var record yield sealed permits".split())

_LEXER = re.compile(
    r"""(?P<skip>\s+|//[^\r\n]*|/\*[\s\S]*?\*/)
    |(?P<string>\"\"\"(?:[^"\\]|\\[\s\S]|"(?!""))*\"\"\"|"(?:[^"\\\r\n]|\\[^\r\n])*")
    |(?P<char>'(?:[^'\\\r\n]|\\(?:u+[0-9a-fA-F]{4}|[0-7]{1,3}|[^\r\n]))')
    |(?P<number>0[xX][0-9a-fA-F_]*(?:\.[0-9a-fA-F_]*)?(?:[pP][+-]?[0-9_]+)?[lLfFdD]?
       |0[bB][01_]+[lL]?
       |(?:[0-9][0-9_]*(?:\.[0-9_]*)?|\.[0-9][0-9_]*)(?:[eE][+-]?[0-9_]+)?[lLfFdD]?)
    |(?P<identifier>(?:[^\W\d]|\$)[\w$]*)
    |(?P<operator>>>>=|<<=|>>=|>>>|\.\.\.|->|::|\+\+|--|&&|\|\||==|!=|<=|>=|\+=|-=|\*=|/=|&=
       |\|=|\^=|%=|<<|>>|@interface(?![\w$])|[(){}\[\];,.@=><!~?:+\-*/&|^%])
    |(?P<error>[\s\S])""",
    re.VERBOSE,
)
_COMMENTS = frozenset({"line_comment", "block_comment", "comment"})
_METHOD_NODES = frozenset(
    {"method_declaration", "constructor_declaration", "compact_constructor_declaration"}
)

_SCOPE = "scope"  # an identifier before "." or "::": a type if CamelCase, else a variable
_ROLE: dict[tuple[str, str | None], str] = {
    ("method_declaration", "name"): "method",
    ("method_invocation", "name"): "method",
    ("annotation_type_element_declaration", "name"): "method",
    ("constructor_declaration", "name"): "type",
    ("compact_constructor_declaration", "name"): "type",
    ("class_declaration", "name"): "type",
    ("interface_declaration", "name"): "type",
    ("enum_declaration", "name"): "type",
    ("record_declaration", "name"): "type",
    ("annotation_type_declaration", "name"): "type",
    ("marker_annotation", "name"): "type",
    ("annotation", "name"): "type",
    ("method_invocation", "object"): _SCOPE,
    ("field_access", "object"): _SCOPE,
    ("scoped_identifier", "scope"): _SCOPE,
    ("scoped_identifier", "name"): _SCOPE,
}


class Token(NamedTuple):
    """One lexed token. Offsets: bytes of the UTF-8 text (``surrogatepass``) and code points
    of the ``str``; ``line`` is 0-based (``\\n``, ``\\r\\n``, ``\\r``), the column is given in
    code points, UTF-16 units and UTF-8 bytes. ``kind`` is one of identifier, keyword,
    operator, string, char, int, float, error; ``role`` (identifiers only) is type, method or
    var."""

    text: str
    kind: str
    role: str
    start_byte: int
    end_byte: int
    start: int
    end: int
    line: int
    col: int
    col_utf16: int
    col_utf8: int


class Method(NamedTuple):
    """A method or constructor: its name, ranges, the slice of the file's tokens it spans, its
    nesting depth (0 unless inside another method's body), whether it contains a parse error,
    whether it is a record's compact constructor (``Name { ... }``, which parses only inside a
    record), whether it has a body (abstract and interface methods have none) and whether it
    is a member of an interface (whose body takes no constructor)."""

    name: str
    kind: str  # "method" or "constructor"
    start_byte: int
    end_byte: int
    start: int
    end: int
    tokens: slice
    depth: int
    has_error: bool
    is_compact_constructor: bool
    has_body: bool
    in_interface: bool = False


SyntaxNode = tree_sitter.Node  # for callers that walk a method's syntax (JavaSource.method_node)


_LOCAL = threading.local()


def _parser() -> tree_sitter.Parser:
    """One parser per thread (tree-sitter parsers are not thread-safe)."""
    parser = getattr(_LOCAL, "parser", None)
    if parser is None:
        parser = _LOCAL.parser = tree_sitter.Parser(
            tree_sitter.Language(tree_sitter_java.language())
        )
    return parser


def _encode(text: str, max_bytes: int) -> bytes:
    if len(text) > max_bytes:  # every code point is at least one byte
        raise SourceTooLargeError(f"{len(text)} code points > {max_bytes} bytes")
    data = text.encode("utf-8", "surrogatepass")
    if len(data) > max_bytes:
        raise SourceTooLargeError(f"{len(data)} bytes > {max_bytes} bytes")
    return data


def _walk(
    tree: tree_sitter.Tree,
) -> tuple[list[tuple], list[tree_sitter.Node], list[tuple], list[tuple[int, int]]]:
    """The leaves that decide roles and keywords, as (node type, named, parent type, field,
    start byte, end byte): identifiers and word-like anonymous leaves; the method nodes,
    the (start byte, end byte) of the import declarations and of the comments, in document
    order."""
    leaves: list[tuple] = []
    methods: list[tree_sitter.Node] = []
    imports: list[tuple] = []
    comments: list[tuple[int, int]] = []
    cursor = tree.walk()
    parents: list[str] = [""]
    while True:
        node = cursor.node
        assert node is not None
        kind = node.type
        if kind in _COMMENTS:
            comments.append((node.start_byte, node.end_byte))
        elif node.child_count == 0:
            if kind in ("identifier", "type_identifier") or (
                kind[:1].isalpha() and not node.is_named
            ):
                field = cursor.field_name if kind == "identifier" else None
                leaves.append(
                    (kind, node.is_named, parents[-1], field, node.start_byte, node.end_byte)
                )
        else:
            if kind in _METHOD_NODES:
                methods.append(node)
            elif kind == "import_declaration":
                imports.append((node.start_byte, node.end_byte))
            parents.append(kind)
            cursor.goto_first_child()
            continue
        while not cursor.goto_next_sibling():
            if not cursor.goto_parent():
                return leaves, methods, imports, comments
            parents.pop()


def _role(kind: str, parent: str, field: str | None, text: str, after: str, before: str) -> str:
    if kind == "type_identifier":
        return "type"
    if parent == "method_reference":
        role = "method" if before == ":" else _SCOPE
    else:
        role = _ROLE.get((parent, field), "var")
    if role == _SCOPE:
        camel = text[:1].isupper() and any(c.islower() for c in text[1:])
        return "type" if camel and after in (".", ":") else "var"
    return role


def _number_kind(text: str) -> str:
    if text[:2] in ("0x", "0X"):
        return "float" if "." in text or "p" in text or "P" in text else "int"
    return "float" if any(c in ".eEfFdD" for c in text) else "int"


_SPLIT = frozenset({">>", ">>>", "<<", "->", "::"})  # BFP writes these as single characters


def lex_spans(text: str) -> list[tuple[int, int, str]]:
    """(start, end, kind) of the regular lexer's tokens in ``text``, BFP's splits done."""
    spans: list[tuple[int, int, str]] = []
    for m in _LEXER.finditer(text):
        group = m.lastgroup
        if group is None or group == "skip":  # every alternative of the lexer is a group
            continue
        start, end = m.span()
        if group == "operator" and end - start > 1 and text[start:end] in _SPLIT:
            spans.extend((k, k + 1, "operator") for k in range(start, end))
        else:
            spans.append((start, end, group))
    return spans


class _Units:
    """Byte, code-point and UTF-16 offsets of one text (identity when it is ASCII)."""

    def __init__(self, text: str, data: bytes) -> None:
        self.ascii = len(text) == len(data)
        if not self.ascii:
            raw = np.frombuffer(data, dtype=np.uint8)
            lead = (raw & 0xC0) != 0x80  # first byte of a code point
            self.char_of_byte = np.append(np.cumsum(lead) - 1, len(text))
            self.byte_of_char = np.append(np.flatnonzero(lead), len(data))
            units = np.where(raw[self.byte_of_char[:-1]] >= 0xF0, 2, 1)  # UTF-16 units per char
            self.u16 = np.concatenate(([0], np.cumsum(units)))

    def chars(self, byte_offsets: np.ndarray) -> np.ndarray:
        return byte_offsets if self.ascii else self.char_of_byte[byte_offsets]

    def bytes(self, char_offsets: np.ndarray) -> np.ndarray:
        return char_offsets if self.ascii else self.byte_of_char[char_offsets]

    def utf16(self, char_offsets: np.ndarray) -> np.ndarray:
        return char_offsets if self.ascii else self.u16[char_offsets]


class JavaSource:
    """A parsed Java text: its tree, tokens, methods, imports and comment ranges.

    ``old_tree`` (a tree already edited with ``Tree.edit`` to match ``text``) is reused by
    tree-sitter for an incremental parse; :meth:`edit` does the bookkeeping for one change."""

    def __init__(
        self,
        text: str,
        old_tree: tree_sitter.Tree | None = None,
        *,
        max_bytes: int = MAX_SOURCE_BYTES,
    ) -> None:
        self.text = text
        self.data = _encode(text, max_bytes)
        self.max_bytes = max_bytes
        parser = _parser()
        tree = parser.parse(self.data) if old_tree is None else parser.parse(self.data, old_tree)
        assert tree is not None  # no timeout is set
        self.tree = tree
        leaves, method_nodes, import_ranges, comment_ranges = _walk(tree)
        self.lines = LineIndex(text)
        self._units = _Units(text, self.data)
        self.tokens = self._tokens(leaves)
        starts = [t.start_byte for t in self.tokens]
        self.methods = self._methods(method_nodes, starts)
        self._nodes = {(n.start_byte, n.end_byte): n for n in method_nodes}
        self.imports = self._imports(import_ranges, starts)
        self._first: int | None = None  # index of the first token of a type (_type_tokens)
        self._types: frozenset[str] | None = None  # declared_types, on first use
        self.comments: list[tuple[int, int]] = (
            [tuple(r) for r in self._units.chars(np.array(comment_ranges, dtype=np.int64)).tolist()]
            if comment_ranges
            else []
        )  # code-point (start, end) of every comment (Javadoc too), in document order

    def _spans(self, leaves: list[tuple]) -> list[tuple[int, int, str]]:
        """Token (start, end, kind) in code points: the regular lexer, with tree-sitter's
        multi-word keyword ``non-sealed`` kept whole."""
        spans = lex_spans(self.text)
        sealed = [leaf[4:] for leaf in leaves if leaf[0] == "non-sealed"]
        if sealed:
            bounds = self._units.chars(np.array(sealed, dtype=np.int64)).tolist()
            for start, end in reversed(bounds):  # from the back: indices stay valid
                k = bisect.bisect_left(spans, (start,))
                spans[k : k + 3] = [(start, end, "keyword")]
        return spans

    def _tokens(self, leaves: list[tuple]) -> list[Token]:
        text = self.text
        spans = self._spans(leaves)
        if not spans:
            return []
        chars = np.array([(s, e) for s, e, _ in spans], dtype=np.int64)  # (N, 2)
        bounds = self._units.bytes(chars)
        line_starts = np.array(self.lines.line_starts, dtype=np.int64)
        lines = np.searchsorted(line_starts, chars[:, 0], side="right") - 1
        first = line_starts[lines]
        col = chars[:, 0] - first
        col16 = self._units.utf16(chars[:, 0]) - self._units.utf16(first)
        col8 = bounds[:, 0] - self._units.bytes(first)
        starts, ends = chars[:, 0].tolist(), chars[:, 1].tolist()
        texts = [text[s:e] for s, e in zip(starts, ends, strict=True)]
        byte_starts = bounds[:, 0].tolist()
        info = {(leaf[4], leaf[5]): leaf for leaf in leaves}
        byte_ends = bounds[:, 1].tolist()
        kinds, roles = [], []
        n = len(spans)
        for k, (_, _, group) in enumerate(spans):
            t = texts[k]
            role = ""
            if group == "number":
                group = _number_kind(t)
            elif group == "identifier":
                leaf = info.get((byte_starts[k], byte_ends[k]))
                if (
                    t in KEYWORDS
                    or (leaf and not leaf[1])
                    or (t == "var" and leaf and leaf[0] == "type_identifier")
                ):
                    group = "keyword"
                elif leaf:
                    after = texts[k + 1] if k + 1 < n else ""
                    before = texts[k - 1] if k else ""
                    role = _role(leaf[0], leaf[2], leaf[3], t, after, before)
                else:
                    role = "var"
            kinds.append(group)
            roles.append(role)
        return list(
            map(
                Token._make,
                zip(
                    texts,
                    kinds,
                    roles,
                    byte_starts,
                    byte_ends,
                    starts,
                    ends,
                    lines.tolist(),
                    col.tolist(),
                    col16.tolist(),
                    col8.tolist(),
                    strict=True,
                ),
            )
        )

    def _methods(self, nodes: list[tree_sitter.Node], starts: list[int]) -> list[Method]:
        if not nodes:
            return []
        byte_ranges = np.array([(n.start_byte, n.end_byte) for n in nodes], dtype=np.int64)
        char_ranges = self._units.chars(byte_ranges).tolist()
        out: list[Method] = []
        open_ends: list[int] = []  # end bytes of the enclosing methods
        for node, (start, end) in zip(nodes, char_ranges, strict=True):
            while open_ends and open_ends[-1] <= node.start_byte:
                open_ends.pop()
            name = node.child_by_field_name("name")
            out.append(
                Method(
                    name=self._slice(name.start_byte, name.end_byte) if name else "",
                    kind="method" if node.type == "method_declaration" else "constructor",
                    start_byte=node.start_byte,
                    end_byte=node.end_byte,
                    start=start,
                    end=end,
                    tokens=slice(
                        bisect.bisect_left(starts, node.start_byte),
                        bisect.bisect_left(starts, node.end_byte),
                    ),
                    depth=len(open_ends),
                    has_error=node.has_error,
                    is_compact_constructor=node.type == "compact_constructor_declaration",
                    has_body=node.child_by_field_name("body") is not None,
                    in_interface=node.parent is not None and node.parent.type == "interface_body",
                )
            )
            open_ends.append(node.end_byte)
        return out

    @property
    def package(self) -> str:
        """The package the file declares (``""``: the unnamed package)."""
        texts = [t.text for t in self.tokens[:64]]
        if texts[:1] != ["package"] or ";" not in texts:
            return ""
        return "".join(texts[1 : texts.index(";")])

    def _imports(self, ranges: list[tuple], starts: list[int]) -> tuple[str, ...]:
        out = []
        for lo, hi in ranges:
            texts = [
                t.text
                for t in self.tokens[
                    bisect.bisect_left(starts, lo) : bisect.bisect_left(starts, hi)
                ]
            ]
            body = [t for t in texts if t not in ("import", ";")]
            if body[:1] == ["static"]:
                out.append("static " + "".join(body[1:]))
            elif body:
                out.append("".join(body))
        return tuple(out)

    def _slice(self, start_byte: int, end_byte: int) -> str:
        return self.data[start_byte:end_byte].decode("utf-8", "surrogatepass")

    def declared_types(self) -> frozenset[str]:
        """The names of every class, interface, enum, record and annotation type declared in
        the text (nested and local ones too)."""
        if self._types is None:
            self._types = frozenset(
                self.tokens[k + 1].text
                for k, t in enumerate(self.tokens[:-1])
                if t.kind == "keyword"
                and t.text in ("class", "interface", "enum", "record")
                and self.tokens[k + 1].kind == "identifier"
            )
        return self._types

    def method_node(self, method: Method) -> SyntaxNode:
        """The tree-sitter node of one of this source's methods."""
        return self._nodes[method.start_byte, method.end_byte]

    def scope(self, method: Method) -> list[Token]:
        """Tokens of the file that a fix of ``method`` may need, most relevant first, one per
        distinct (text, role): the names declared by the classes around it, innermost first
        (fields, constants and enum constants, then methods); then the names used elsewhere in
        the file's types (other methods' locals and calls, library members), the most frequent
        first; then the literals used there, the most frequent first. Each is the token of its
        declaration or first use, so it carries its role. Tokens of ``method`` itself are not
        left out here (the abstraction drops what the method already has)."""
        starts = [t.start_byte for t in self.tokens]
        fields: list[Token] = []
        methods: list[Token] = []
        for kind, name in declared_members(self.method_node(method)):
            k = bisect.bisect_left(starts, name.start_byte)
            if k < len(self.tokens) and self.tokens[k].start_byte == name.start_byte:
                (methods if kind == "method" else fields).append(self.tokens[k])
        lo, hi = method.tokens.start, method.tokens.stop
        types = self._type_tokens()  # sets self._first
        first = self._first or 0
        outside = [t for k, t in enumerate(types) if not lo <= k + first < hi]
        names = [t for t in outside if t.kind == "identifier"]
        literals = [t for t in outside if t.kind in ("int", "float", "string", "char")]
        out: dict[tuple[str, str], Token] = {}
        for group in (fields, methods, _by_frequency(names), _by_frequency(literals)):
            for t in group:
                out.setdefault((t.text, t.role), t)
        return list(out.values())

    def _type_tokens(self) -> list[Token]:
        """The tokens from the first type declaration on (no package or import names)."""
        if self._first is None:
            starts = [t.start_byte for t in self.tokens]
            first = next(
                (c.start_byte for c in self.tree.root_node.named_children if c.type in _TYPES),
                self.tree.root_node.end_byte,
            )
            self._first = bisect.bisect_left(starts, first)
        return self.tokens[self._first :]

    def method_at(self, offset: int) -> Method | None:
        """The innermost method whose range contains the code-point ``offset`` (its end
        included), or None. Offsets outside the text raise :class:`PositionError`."""
        if not 0 <= offset <= len(self.text):
            raise PositionError(f"offset {offset} outside a text of {len(self.text)} code points")
        best = None
        for m in self.methods:
            if m.start <= offset <= m.end and (best is None or m.depth > best.depth):
                best = m
        return best

    def edit(self, start: int, end: int, new_text: str) -> JavaSource:
        """The source after replacing ``text[start:end]`` by ``new_text``, re-parsed
        incrementally from this tree (which is left untouched). A text with a syntax error is
        parsed afresh: tree-sitter's error recovery depends on the tree it starts from, and an
        incremental parse of a broken text can find methods that a fresh one does not (the
        repairs of a text must not depend on the history of its edits)."""
        if not 0 <= start <= end <= len(self.text):
            raise PositionError(
                f"edit [{start}, {end}) outside a text of {len(self.text)} code points"
            )
        text = self.text[:start] + new_text + self.text[end:]
        new_data = _encode(text, self.max_bytes)
        start_byte = len(self.text[:start].encode("utf-8", "surrogatepass"))
        old_end_byte = start_byte + len(self.text[start:end].encode("utf-8", "surrogatepass"))
        new_end_byte = start_byte + len(new_text.encode("utf-8", "surrogatepass"))
        tree = self.tree.copy()
        tree.edit(
            start_byte=start_byte,
            old_end_byte=old_end_byte,
            new_end_byte=new_end_byte,
            start_point=_point(self.data, start_byte),
            old_end_point=_point(self.data, old_end_byte),
            new_end_point=_point(new_data, new_end_byte),
        )
        if _parser().parse(new_data, tree).root_node.has_error:
            return JavaSource(text, max_bytes=self.max_bytes)
        return JavaSource(text, tree, max_bytes=self.max_bytes)


_TYPES = frozenset(
    {
        "class_declaration",
        "interface_declaration",
        "enum_declaration",
        "record_declaration",
        "annotation_type_declaration",
    }
)
_TYPE_BODIES = frozenset({"class_body", "interface_body", "enum_body", "annotation_type_body"})
_FIELDS = frozenset({"field_declaration", "constant_declaration"})


def _members_of(body: tree_sitter.Node) -> list[tree_sitter.Node]:
    """The member declarations of a type body (those of an enum's body declarations too)."""
    out = []
    for child in body.named_children:
        if child.type == "enum_body_declarations":
            out += child.named_children
        else:
            out.append(child)
    return out


def _declared_names(member: tree_sitter.Node) -> list[tree_sitter.Node]:
    """The name nodes a member declares: a field's declarators, a method's or enum constant's
    name; none for other members."""
    if member.type in _FIELDS:
        return [
            name
            for d in member.named_children
            if d.type == "variable_declarator" and (name := d.child_by_field_name("name"))
        ]
    if member.type in ("method_declaration", "enum_constant"):
        name = member.child_by_field_name("name")
        return [name] if name is not None else []
    return []


def declared_members(node: tree_sitter.Node) -> list[tuple[str, tree_sitter.Node]]:
    """The members that the types around ``node`` declare, innermost type first, each as
    ``("field", name)`` (fields, constants, enum constants) or ``("method", name)``, in
    declaration order."""
    out = []
    body = node.parent
    while body is not None:
        if body.type in _TYPE_BODIES:
            for member in _members_of(body):
                kind = "method" if member.type == "method_declaration" else "field"
                out += [(kind, name) for name in _declared_names(member)]
        body = body.parent
    return out


def enclosing_fields(node: tree_sitter.Node) -> list[str]:
    """The names of the fields that the types around ``node`` declare, innermost first."""
    return [
        name.text.decode("utf-8", "surrogatepass")
        for kind, name in declared_members(node)
        if kind == "field" and name.text is not None
    ]


def _by_frequency(tokens: list[Token]) -> list[Token]:
    """The first token of each distinct (text, role), the most frequent first (ties: first
    seen first)."""
    counts: dict[tuple[str, str], list] = {}
    for k, t in enumerate(tokens):
        entry = counts.setdefault((t.text, t.role), [0, k, t])
        entry[0] += 1
    return [t for _, _, t in sorted(counts.values(), key=lambda e: (-e[0], e[1]))]


def _point(data: bytes, offset: int) -> tuple[int, int]:
    """tree-sitter's (row, byte column) of a byte offset (rows counted at ``\\n``)."""
    return data.count(b"\n", 0, offset), offset - (data.rfind(b"\n", 0, offset) + 1)


def parse(text: str, old_tree: tree_sitter.Tree | None = None) -> JavaSource:
    """Parse ``text`` (reusing ``old_tree`` if given, see :class:`JavaSource`)."""
    return JavaSource(text, old_tree)


def lex(text: str, old_tree: tree_sitter.Tree | None = None) -> list[Token]:
    """Every token of ``text`` (see :class:`Token` and the module docstring)."""
    return JavaSource(text, old_tree).tokens


def methods(text: str, old_tree: tree_sitter.Tree | None = None) -> list[Method]:
    """Every method and constructor of ``text``, nested, anonymous and enum ones included."""
    return JavaSource(text, old_tree).methods


def method_at(text: str, offset: int, old_tree: tree_sitter.Tree | None = None) -> Method | None:
    """The innermost method containing the code-point ``offset`` (see ``JavaSource.method_at``)."""
    return JavaSource(text, old_tree).method_at(offset)


def member_context(compact: bool = False, interface: bool = False) -> tuple[str, str]:
    """The text to write before and after class members to parse them alone: a class body, a
    record's for a compact constructor (which only a record may have), or an interface's for
    its members (where a constructor does not parse)."""
    if compact:
        return "record _() {\n", "\n}\n"
    return ("interface _ {\n" if interface else "class _ {\n"), "\n}\n"


def syntax_tree(text: str) -> SyntaxNode:
    """The root of tree-sitter-java's tree of ``text``: the tree only, not the tokens, a tenth
    of :func:`parse`'s time."""
    return _parser().parse(text.encode("utf-8", "surrogatepass")).root_node


def has_syntax_error(text: str) -> bool:
    """Whether tree-sitter-java finds an error (an ERROR or MISSING node) in ``text``
    (:func:`syntax_tree`)."""
    return syntax_tree(text).has_error


_COMMENT_MARKS = re.compile(r"^\s*(?://+|/\*+|\*+(?!/))?|\*+/\s*$", re.MULTILINE)
# how commented-out code may sit in a file: statements, an expression, class members
_CODE_SHAPES = (
    ("class C { void m() {\n", "\n} }"),
    ("class C { Object o = (\n", "\n); }"),
    ("class C {\n", "\n}"),
)
# a name, a space, then "(": prose's parenthesis ("Note (important)"), rarely a call
_SPACED_CALL = re.compile(r"(?<![\w$.])([^\W\d][\w$]*)[ \t]+\(")
_BEFORE_PARENTHESIS = frozenset(
    "if for while switch catch synchronized return new throw assert else do try".split()
)


def commented_code(comment: str) -> bool:
    """Whether the text of ``comment`` (one comment or lines of them, with their ``//``,
    ``/*``, ``*`` and ``*/``) is Java rather than prose: it parses without error as statements,
    an expression or class members, and has two tokens or more, one of them ``; ( { =``
    (a lone word is prose), and no name before a spaced ``(`` but a keyword's (``Note
    (important)`` is prose)."""
    body = _COMMENT_MARKS.sub("", comment)
    spans = lex_spans(body)
    kinds = [k for _, _, k in spans]
    marks = {body[a:b] for a, b, k in spans if k == "operator"} & {";", "(", "{", "="}
    if len(spans) < 2 or "error" in kinds or not marks:
        return False
    if any(m.group(1) not in _BEFORE_PARENTHESIS for m in _SPACED_CALL.finditer(body)):
        return False
    return any(not has_syntax_error(before + body + after) for before, after in _CODE_SHAPES)


def _members(text: str) -> tuple[JavaSource, slice] | None:
    """``text`` parsed as the members of a class and the slice of its tokens, if it parses
    without error; else None."""
    before, after = member_context()
    doc = JavaSource(before + text + after)
    if doc.tree.root_node.has_error:
        return None
    return doc, slice(len(lex_spans(before)), len(doc.tokens) - len(lex_spans(after)))


def member_tokens(text: str) -> list[Token] | None:
    """The tokens of ``text`` if it parses without error as the members of a class, else None
    (offsets count from the class header of :func:`member_context`)."""
    found = _members(text)
    return None if found is None else found[0].tokens[found[1]]


def method_tokens(text: str) -> list[Token] | None:
    """The tokens of ``text`` if it is exactly one method or constructor that parses without
    error as a member of a class, else None (offsets as for :func:`member_tokens`)."""
    found = _members(text)
    if found is None:
        return None
    doc, span = found
    top = [m for m in doc.methods if m.depth == 0]
    if len(top) != 1 or top[0].tokens != span:
        return None
    return doc.tokens[span]


def is_token(text: str) -> bool:
    """Whether ``text`` is exactly one Java token (not whitespace, a comment or junk)."""
    m = _LEXER.fullmatch(text)
    return m is not None and m.lastgroup not in ("skip", "error")


def is_word_char(c: str) -> bool:
    """Whether the character ``c`` can be part of a Java name or number."""
    return c.isalnum() or c in "_$"


def is_name(token: str) -> bool:
    """Whether the token text ``token`` is a (possibly qualified or abstract) name, not a
    keyword, literal or operator."""
    return is_word_char(token[0]) and not token[0].isdigit() and token not in KEYWORDS
