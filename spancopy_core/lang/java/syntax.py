"""Java front-end: lexing, methods, BFP-compatible abstraction and its inverse.

:func:`parse` runs tree-sitter-java (incrementally, given the previous tree) for the syntax -
methods, imports, the role of every identifier - and a context-free regular lexer for the token
boundaries, so that the same text always lexes the same way, even inside ERROR regions (where
tree-sitter's lexer depends on the parse state and may split a string literal). As in BFP, the
operators ``>>`` ``>>>`` ``<<`` ``->`` ``::`` are split into single characters (generic closers
and shifts alike), which also keeps the lexer free of context; apart from that, the tokens equal
tree-sitter's leaves on the 15,132 files of the JDK 17 sources. String and char literals (text
blocks too) are one token; comments are skipped but keep their place in the offsets; MISSING
nodes yield nothing. :func:`abstract` rewrites a method's tokens the way the BFP data set of
Tufano et al. (TOSEM 2019) is written: identifiers become ``TYPE_n`` / ``METHOD_n`` / ``VAR_n``,
literals ``STRING_n`` / ``CHAR_n`` / ``INT_n`` / ``FLOAT_n``, numbered by first occurrence,
except the names in ``known`` (the model vocabulary's idioms); a dotted name whose qualified
form is known, through ``java.lang`` or the file's imports, becomes that one token
(``System.out.println`` -> ``java.lang.System.out.println``). The :class:`Mapping` records, for
every abstract token, the source tokens it stands for, so that a ``Copy(i, j)`` maps back to a
byte-exact source range; :func:`concretize` inverts the abstraction and raises
:class:`~spancopy_core.lang.errors.ConcretizeError` for what the mapping cannot explain; like
BFP, it writes a class literal ``Foo.class`` as ``VAR_n class``. :class:`JavaStyle` lays out
generated Java for :func:`spancopy_core.edits.edits`.
"""

from __future__ import annotations

import bisect
import re
import threading
from collections import Counter
from collections.abc import Container, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import NamedTuple

import numpy as np
import tree_sitter
import tree_sitter_java

from ...positions import LineIndex, PositionError, majority_newline
from ..errors import ConcretizeError, SourceTooLargeError

MAX_SOURCE_BYTES = 16 * 2**20  # larger texts raise SourceTooLargeError

# Public top-level types of java.lang in JDK 17 (implicitly imported in every file).
JAVA_LANG = frozenset(
    """AbstractMethodError Appendable ArithmeticException ArrayIndexOutOfBoundsException
    ArrayStoreException AssertionError AutoCloseable Boolean BootstrapMethodError Byte
    CharSequence Character Class ClassCastException ClassCircularityError ClassFormatError
    ClassLoader ClassNotFoundException ClassValue CloneNotSupportedException Cloneable Comparable
    Compiler Deprecated Double Enum EnumConstantNotPresentException Error Exception
    ExceptionInInitializerError Float FunctionalInterface IllegalAccessError
    IllegalAccessException IllegalArgumentException IllegalCallerException
    IllegalMonitorStateException IllegalStateException IllegalThreadStateException
    IncompatibleClassChangeError IndexOutOfBoundsException InheritableThreadLocal
    InstantiationError InstantiationException Integer InternalError InterruptedException Iterable
    LayerInstantiationException LinkageError Long Math Module ModuleLayer
    NegativeArraySizeException NoClassDefFoundError NoSuchFieldError NoSuchFieldException
    NoSuchMethodError NoSuchMethodException NullPointerException Number NumberFormatException
    Object OutOfMemoryError Override Package Process ProcessBuilder ProcessHandle Readable Record
    ReflectiveOperationException Runnable Runtime RuntimeException RuntimePermission SafeVarargs
    SecurityException SecurityManager Short StackOverflowError StackTraceElement StackWalker
    StrictMath String StringBuffer StringBuilder StringIndexOutOfBoundsException SuppressWarnings
    System Thread ThreadDeath ThreadGroup ThreadLocal Throwable TypeNotPresentException
    UnknownError UnsatisfiedLinkError UnsupportedClassVersionError
    UnsupportedOperationException VerifyError VirtualMachineError Void""".split()
)

# Reserved words and literals (JLS 3.9, 3.10.3, 3.10.8); contextual keywords are not here.
KEYWORDS = frozenset(
    """abstract assert boolean break byte case catch char class const continue default do double
    else enum extends final finally float for goto if implements import instanceof int interface
    long native new package private protected public return short static strictfp super switch
    synchronized this throw throws transient try void volatile while true false null""".split()
)

PLACEHOLDER = re.compile(r"(?:TYPE|METHOD|VAR|STRING|CHAR|INT|FLOAT)_\d+")
_QUALIFIED = re.compile(r"(?:[^\W\d]|\$)[\w$]*(?:\.(?:[^\W\d]|\$)[\w$]*)+")
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

_CATEGORY = {
    "type": "TYPE",
    "method": "METHOD",
    "var": "VAR",
    "string": "STRING",
    "char": "CHAR",
    "int": "INT",
    "float": "FLOAT",
}
_SCOPE = "scope"  # an identifier before "." or "::": a type if CamelCase, else a variable
_ROLE = {
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
    nesting depth (0 unless inside another method's body) and whether it contains a parse
    error."""

    name: str
    kind: str  # "method" or "constructor"
    start_byte: int
    end_byte: int
    start: int
    end: int
    tokens: slice
    depth: int
    has_error: bool


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


def _walk(tree: tree_sitter.Tree) -> tuple[list[tuple], list[tree_sitter.Node], list[tuple]]:
    """The leaves that decide roles and keywords, as (node type, named, parent type, field,
    start byte, end byte): identifiers and word-like anonymous leaves; the method nodes
    and the (start byte, end byte) of the import declarations, in document order."""
    leaves: list[tuple] = []
    methods: list[tree_sitter.Node] = []
    imports: list[tuple] = []
    cursor = tree.walk()
    parents: list[str] = [""]
    while True:
        node = cursor.node
        assert node is not None
        kind = node.type
        if kind in _COMMENTS:
            pass
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
                return leaves, methods, imports
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


def _lex_spans(text: str) -> list[tuple[int, int, str]]:
    """(start, end, kind) of the regular lexer's tokens in ``text``, BFP's splits done."""
    spans: list[tuple[int, int, str]] = []
    for m in _LEXER.finditer(text):
        group = m.lastgroup
        if group == "skip":
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
    """A parsed Java text: its tree, tokens, methods and imports.

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
        leaves, method_nodes, import_ranges = _walk(tree)
        self.lines = LineIndex(text)
        self._units = _Units(text, self.data)
        self.tokens = self._tokens(leaves)
        starts = [t.start_byte for t in self.tokens]
        self.methods = self._methods(method_nodes, starts)
        self.imports = self._imports(import_ranges, starts)

    def _spans(self, leaves: list[tuple]) -> list[tuple[int, int, str]]:
        """Token (start, end, kind) in code points: the regular lexer, with tree-sitter's
        multi-word keyword ``non-sealed`` kept whole."""
        spans = _lex_spans(self.text)
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
                )
            )
            open_ends.append(node.end_byte)
        return out

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
        incrementally from this tree (which is left untouched)."""
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
        return JavaSource(text, tree, max_bytes=self.max_bytes)


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


# -- abstraction --------------------------------------------------------------------------


class _Resolver:
    """Qualified names that a simple name may stand for, from ``java.lang`` and the imports
    (``java.util.List``, ``java.util.*``, ``static org.junit.Assert.assertEquals``)."""

    def __init__(self, imports: tuple[str, ...]) -> None:
        self.single: dict[str, str] = {}
        self.wild: list[str] = []
        for imp in imports:
            name = imp.removeprefix("static ").strip()
            if name.endswith(".*"):
                self.wild.append(name[:-2])
            elif "." in name:
                self.single.setdefault(name.rsplit(".", 1)[1], name)
        self.cache: dict[str, tuple[str, ...]] = {}

    def candidates(self, name: str) -> tuple[str, ...]:
        found = self.cache.get(name)
        if found is None:
            out = []
            if name in self.single:
                out.append(self.single[name])
            elif name in JAVA_LANG:
                out.append("java.lang." + name)
            out.extend(f"{w}.{name}" for w in self.wild)
            found = self.cache[name] = tuple(out)
        return found

    def is_type(self, name: str) -> bool:
        """Whether ``name`` is imported by name or is a java.lang type."""
        return name in self.single or name in JAVA_LANG

    def shorten(self, qualified: str) -> str:
        """The shortest way to write ``qualified`` in this file (fully qualified if nothing
        imports it)."""
        parts = qualified.split(".")
        for k in range(len(parts) - 1, 0, -1):
            found = self.candidates(parts[k])
            if found and found[0] == ".".join(parts[: k + 1]):
                return ".".join(parts[k:])
        return qualified


@lru_cache(maxsize=256)
def _resolver(imports: tuple[str, ...]) -> _Resolver:
    return _Resolver(imports)


def _canonical(text: str, kind: str) -> str:
    """The spelling under which a literal is looked up in ``known`` (BFP writes float literals
    as ``1.0F``, ``0.0``, longs with ``L``)."""
    if kind == "int":
        return text[:-1] + "L" if text[-1] == "l" else text
    if kind != "float" or text[:2] in ("0x", "0X"):
        return text
    suffix = text[-1] if text[-1] in "fFdD" else ""
    mantissa, e, exponent = (text[:-1] if suffix else text).lower().partition("e")
    if "." not in mantissa:
        mantissa += ".0"
    mantissa = ("0" if mantissa.startswith(".") else "") + mantissa
    mantissa += "0" if mantissa.endswith(".") else ""
    return (
        mantissa + ("E" + exponent if e else "") + ("F" if suffix in ("f", "F") and suffix else "")
    )


@dataclass(frozen=True)
class Mapping:
    """How one abstracted token sequence relates to its source.

    ``tokens`` is the abstract sequence (the model input); ``spans[k] = (s, e)`` says that
    ``tokens[k]`` stands for the source tokens ``s:e`` given to :func:`abstract`; ``surface``
    maps each placeholder and each idiom spelled differently in the source (``java.lang.String``
    for ``String``) to its source text (shared by both sides of a pair); ``imports`` decide how a
    qualified idiom that the source does not contain is written back."""

    tokens: tuple[str, ...]
    spans: tuple[tuple[int, int], ...]
    surface: dict[str, str]
    imports: tuple[str, ...] = ()

    def concretize(self, tokens: Sequence[str]) -> list[str]:
        """See :func:`concretize`."""
        return concretize(tokens, self)


class Abstraction(NamedTuple):
    """``abstract``'s result: the abstract tokens and their mapping."""

    tokens: list[str]
    mapping: Mapping


class _Abstractor:
    """Placeholder numbering (by first occurrence, per category) shared by a pair."""

    def __init__(self, known: Container[str], imports: tuple[str, ...]) -> None:
        self.known, self.imports = known, imports
        self.resolver = _resolver(imports)
        self.ids: dict[tuple[str, str], str] = {}
        self.counts: Counter[str] = Counter()
        self.surface: dict[str, str] = {}

    def _placeholder(self, category: str, text: str) -> str:
        key = (category, text)
        name = self.ids.get(key)
        if name is None:
            self.counts[category] += 1
            name = self.ids[key] = f"{category}_{self.counts[category]}"
            self.surface[name] = text
        return name

    def _spell(self, token: str, text: str) -> None:
        """Remember how the source writes a known token (its shortest spelling)."""
        if len(text) < len(self.surface.get(token, text + " ")):
            self.surface[token] = text

    def _known(self, token: str) -> bool:
        return token in self.known and not PLACEHOLDER.fullmatch(token)

    def run(self, tokens: Sequence[Token]) -> Abstraction:
        texts = [t.text for t in tokens]
        out: list[str] = []
        spans: list[tuple[int, int]] = []
        n, i = len(tokens), 0
        while i < n:
            tok = tokens[i]
            if tok.kind == "identifier":
                if i == 0 or texts[i - 1] != ".":
                    chain = self._chain(tokens, texts, i)
                    if chain is not None:
                        word, stop = chain
                        out.append(word)
                        spans.append((i, stop))
                        i = stop
                        continue
                out.append(self._identifier(tok, texts[i + 1 : i + 3]))
            elif (
                tok.text == "."
                and texts[i + 1 : i + 2] == ["class"]
                and i
                and tokens[i - 1].kind == "identifier"
            ):
                out.append("class")  # BFP writes Name.class as "VAR_n class"
                spans.append((i, i + 2))
                i += 2
                continue
            elif tok.kind in ("string", "char", "int", "float"):
                canonical = _canonical(tok.text, tok.kind)
                if self._known(canonical):
                    self._spell(canonical, tok.text)
                    out.append(canonical)
                else:
                    out.append(self._placeholder(_CATEGORY[tok.kind], tok.text))
            else:
                if tok.kind == "error":
                    self.surface.setdefault(tok.text, tok.text)
                out.append(tok.text)
            spans.append((i, i + 1))
            i += 1
        return Abstraction(out, Mapping(tuple(out), tuple(spans), self.surface, self.imports))

    def _identifier(self, tok: Token, after: list[str]) -> str:
        if self._known(tok.text):
            return tok.text
        role = tok.role
        if after == [".", "class"]:
            role = "var"  # as BFP does for class literals
        elif role == "var" and after[:1] == ["."] and self.resolver.is_type(tok.text):
            role = "type"
        return self._placeholder(_CATEGORY[role], tok.text)

    def _chain(self, tokens: Sequence[Token], texts: list[str], i: int) -> tuple[str, int] | None:
        """A dotted name starting at ``i`` that becomes one token: the longest prefix whose
        qualified or written form is known, else a package-qualified type (``a.b.Type``)."""
        n = len(tokens)
        names = [i]
        while (
            names[-1] + 2 < n
            and texts[names[-1] + 1] == "."
            and tokens[names[-1] + 2].kind == "identifier"
        ):
            names.append(names[-1] + 2)
        heads = (*self.resolver.candidates(texts[i]), texts[i])
        for k in range(len(names), 0, -1):
            rest = "".join(texts[i + 1 : names[k - 1] + 1])
            for head in heads if k > 1 else heads[:-1]:
                word = head + rest
                if self._known(word):
                    self._spell(word, texts[i] + rest)
                    return word, names[k - 1] + 1
        for k, j in enumerate(names[1:], start=1):
            if not texts[j][:1].isupper():
                continue
            if any(not texts[m][:1].islower() for m in names[:k]):
                break
            text = "".join(texts[i : j + 1])
            return self._placeholder("TYPE", text), j + 1
        return None


def strip_annotations(tokens: Sequence[Token]) -> list[Token]:
    """``tokens`` without annotations: ``@`` with its (dotted) name and, if present, its
    parenthesised arguments. Applies to leading ones (``@Override``) and those of parameters,
    locals and type uses alike; ``@interface`` is one token and stays."""
    out: list[Token] = []
    n, i = len(tokens), 0
    while i < n:
        if tokens[i].text != "@" or i + 1 >= n or tokens[i + 1].kind != "identifier":
            out.append(tokens[i])
            i += 1
            continue
        i += 2
        while i + 1 < n and tokens[i].text == "." and tokens[i + 1].kind == "identifier":
            i += 2
        if i < n and tokens[i].text == "(":
            depth = 0
            while i < n:
                depth += {"(": 1, ")": -1}.get(tokens[i].text, 0)
                i += 1
                if depth == 0:
                    break
    return out


def abstract(
    tokens: Sequence[Token], known: Container[str] = frozenset(), imports: Sequence[str] = ()
) -> Abstraction:
    """BFP-style abstraction of ``tokens`` (usually one method's); ``known`` are the names and
    literals kept as they are (the model vocabulary), ``imports`` the file's imports as
    :attr:`JavaSource.imports` gives them. Unpacks as ``(abstract_tokens, mapping)``."""
    return _Abstractor(known, tuple(imports)).run(tokens)


def abstract_pair(
    before: Sequence[Token],
    after: Sequence[Token],
    known: Container[str] = frozenset(),
    imports: Sequence[str] = (),
) -> tuple[Abstraction, Abstraction]:
    """Abstract both sides of a training pair with one shared numbering and surface map (the
    fixed side's new names continue the numbering)."""
    abstractor = _Abstractor(known, tuple(imports))
    return abstractor.run(before), abstractor.run(after)


def _is_token(text: str) -> bool:
    """Whether ``text`` is exactly one Java token (not whitespace, a comment or junk)."""
    m = _LEXER.fullmatch(text)
    return m is not None and m.lastgroup not in ("skip", "error")


def concretize(tokens: Sequence[str], mapping: Mapping) -> list[str]:
    """The source text of each abstract token: placeholders and idioms as the source wrote
    them, other known qualified names in their shortest form for the file's imports, Java
    keywords, operators and literals as themselves. Raises :class:`ConcretizeError` for a
    token the mapping cannot explain (``VAR_9`` in a method with four variables, ``<unk>``)."""
    out: list[str] = []
    resolver = _resolver(mapping.imports)
    for k, token in enumerate(tokens):
        text = mapping.surface.get(token)
        if (
            token == "class"
            and k
            and _is_name(tokens[k - 1])
            and not (k + 1 < len(tokens) and _is_name(tokens[k + 1]))
        ):
            text = ".class"  # BFP's "VAR_n class" is Name.class (not "@A class B")
        elif text is None:
            if PLACEHOLDER.fullmatch(token):
                raise ConcretizeError(f"{token} is not a name of this method")
            if _QUALIFIED.fullmatch(token):
                text = resolver.shorten(token)
            elif _is_token(token):
                text = token
            else:
                raise ConcretizeError(f"{token!r} is not a Java token")
        out.append(text)
    return out


# -- layout of generated Java -------------------------------------------------------------

_OPCHARS = frozenset("+-*/%=<>!&|^~?:.")
_BINARY = frozenset(
    """= += -= *= /= %= &= |= ^= <<= >>= >>>= == != <= >= && || + - * / % & | ^ << >> >>> ? : ->
    < >""".split()
)
_NO_SPACE_BEFORE = frozenset({";", ",", ")", "]", ".", "::", "...", ".class"})
_NO_SPACE_AFTER = frozenset({"(", "[", ".", "::", "@", "!", "~"})
_CONTROL = frozenset({"if", "for", "while", "switch", "catch", "synchronized", "try"})
_MODIFIERS = frozenset(
    "public protected private static final abstract synchronized native default".split()
)
_AFTER_BLOCK = frozenset({"else", "catch", "finally", "while", ")", ",", ";", "."})
_GLUE = {(">", ">"), ("<", "<"), ("-", ">"), (":", ":")}  # the halves of >> << -> ::


def _wordy(c: str) -> bool:
    return c.isalnum() or c in "_$"


def _must_separate(a: str, b: str) -> bool:
    """Whether writing ``a`` and ``b`` without a space would lex differently."""
    x, y = a[-1], b[0]
    return (
        (_wordy(x) and _wordy(y))
        or (x in _OPCHARS and y in _OPCHARS)
        or (x.isdigit() and y == ".")
        or (x == "." and y.isdigit())
        or (a == "@" and b.startswith("interface"))
    )


def _is_name(token: str) -> bool:
    return _wordy(token[0]) and not token[0].isdigit() and token not in KEYWORDS


def _glue(tokens: Sequence[str]) -> list[tuple[int, int]]:
    """Token index ranges that are written as one operator: ``> >`` is ``>>``, ``- >`` is
    ``->``, ``: :`` is ``::`` (the lexer splits them, as BFP does)."""
    groups: list[tuple[int, int]] = []
    for k, token in enumerate(tokens):
        if groups and (tokens[k - 1], token) in _GLUE and groups[-1][1] - groups[-1][0] < 3:
            first = tokens[groups[-1][0]]
            if first == token or (first, token) in (("-", ">"), (":", ":")):
                if not (first in "-:" and groups[-1][1] - groups[-1][0] > 1):
                    groups[-1] = (groups[-1][0], k + 1)
                    continue
        groups.append((k, k + 1))
    return groups


@dataclass(frozen=True)
class JavaStyle:
    """Layout of generated Java, learned from a file by :func:`learn_style`: no space before
    ``; ) , .``, spaces around binary operators if the file has them, a space between a
    control keyword and ``(`` if the file has one, and in statement position one statement per
    line indented by ``indent_unit`` per open brace."""

    newline: str = "\n"
    indent_unit: str = "    "
    space_binary: bool = True
    space_keyword_paren: bool = True

    def layout(self, tokens: Sequence[str], start: int, multiline: bool) -> list[str]:
        """See :class:`spancopy_core.edits.Style`. Split operators are glued back first."""
        groups = _glue(tokens)
        merged = ["".join(tokens[a:b]) for a, b in groups]
        first_new = next((g for g, (a, b) in enumerate(groups) if b > start), len(groups))
        seps = self._layout(merged, first_new, multiline)
        out = []
        for (a, b), sep in zip(groups, seps, strict=True):
            out.extend([sep] + [""] * (b - a - 1))
        return out[start:]

    def _layout(self, tokens: list[str], start: int, multiline: bool) -> list[str]:
        seps: list[str] = []
        depth = generics = level = 0
        unary = label = False
        generic_open = generic_close = False  # the previous token's role
        for k, cur in enumerate(tokens):
            prev = tokens[k - 1] if k else None
            opens = (
                cur == "<"
                and prev is not None
                and ((prev[0].isupper() and _is_name(prev)) or prev == "." or prev in _MODIFIERS)
            )
            closes = generics > 0 and set(cur) == {">"}
            if prev is None:
                sep = ""
            elif generic_open or closes or (opens and prev not in _MODIFIERS):
                sep = ""
            elif generic_close and cur in ("(", "[", ".", "::", ","):
                sep = ""
            elif _must_separate(prev, cur):
                sep = " "
            elif cur in _NO_SPACE_BEFORE or prev in _NO_SPACE_AFTER or unary:
                sep = ""
            elif cur == "(":
                if prev in _CONTROL:
                    sep = " " if self.space_keyword_paren else ""
                else:
                    sep = "" if _is_name(prev) or prev in ("this", "super") else " "
            elif cur == "[":
                sep = "" if _wordy(prev[-1]) or prev in ("]", ")") else " "
            elif cur in ("++", "--") and (_is_name(prev) or prev in (")", "]")):
                sep = ""
            elif cur == ":" and label:
                sep = ""
            elif cur in _BINARY or prev in _BINARY:
                sep = " " if self.space_binary or "->" in (cur, prev) else ""
            else:
                sep = " "
            if multiline and depth == 0 and k >= start and prev is not None:
                if cur == "}" and prev != "{":
                    level -= 1
                if (
                    prev == "{"
                    and cur != "}"
                    or prev == ";"
                    or (prev == "}" and cur not in _AFTER_BLOCK or cur == "}" and prev != "{")
                ):
                    sep = "\n" + self.indent_unit * max(level, 0)
            if k >= start and cur == "{" and depth == 0:
                level += 1
            if cur in ("(", "["):
                depth += 1
            elif cur in (")", "]"):
                depth = max(depth - 1, 0)
            if opens:
                generics += 1
            elif closes:
                generics = max(generics - len(cur), 0)
            if cur in ("case", "default"):
                label = True
            elif cur in (";", "{", "}", ":", "->"):
                label = False
            unary = cur in ("++", "--", "+", "-") and (
                prev is None or not (_is_name(prev) or prev in (")", "]") or _wordy(prev[-1]))
            )
            generic_open, generic_close = opens, closes
            seps.append(sep)
        return seps

    def statement_like(self, prev: str | None, tokens: Sequence[str], nxt: str | None) -> bool:
        """Whole statements: they end with ``;`` or ``}`` and follow ``;``, ``{`` or ``}``."""
        return bool(tokens) and tokens[-1] in (";", "}") and prev in (None, ";", "{", "}")

    def split(self, token: str) -> list[str]:
        """The lexemes of one concrete token (a qualified name's parts and dots, ``.class``,
        the characters of ``->``)."""
        return [token[s:e] for s, e, _ in _lex_spans(token)]

    def lexemes(self, text: str) -> list[str]:
        """Token texts of ``text`` as :func:`lex` sees them."""
        return [t.text for t in lex(text)]


def learn_style(text: str, tokens: Sequence[Token] | None = None) -> JavaStyle:
    """The layout habits of one file: line break, indentation unit, spaces around binary
    operators and after control keywords (majority votes, defaults where the file is silent)."""
    tokens = lex(text) if tokens is None else tokens
    newline = majority_newline(text)
    indents = [m.group(1) for m in re.finditer(r"^([ \t]*)\S", text, re.MULTILINE)]
    tabs = sum(1 for s in indents if s.startswith("\t"))
    steps = Counter(
        len(b) - len(a)
        for a, b in zip(indents, indents[1:], strict=False)
        if 0 < len(b) - len(a) <= 8 and "\t" not in a + b
    )
    unit = "\t" if tabs * 2 > len(indents) else " " * (steps.most_common(1)[0][0] if steps else 4)
    spaced = tight = kw_spaced = kw_tight = 0
    for prev, tok, nxt in zip(tokens, tokens[1:], tokens[2:], strict=False):
        if (
            tok.text in _BINARY
            and tok.text not in ("<", ">", "?", ":", "->")
            and tok.kind == "operator"
        ):
            around = prev.end < tok.start and tok.end < nxt.start
            spaced, tight = (
                spaced + around,
                tight + (prev.end == tok.start and tok.end == nxt.start),
            )
        if prev.text in _CONTROL and tok.text == "(":
            kw_spaced, kw_tight = (
                kw_spaced + (prev.end < tok.start),
                kw_tight + (prev.end == tok.start),
            )
    return JavaStyle(
        newline=newline,
        indent_unit=unit,
        space_binary=spaced >= tight,
        space_keyword_paren=kw_spaced >= kw_tight,
    )
