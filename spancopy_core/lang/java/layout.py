"""Layout of generated Java: :class:`JavaStyle`, learned from a file by :func:`learn_style`.

The style decides the whitespace before each token that :func:`spancopy_core.editing.edits.edits`
inserts: spaces around operators and after control keywords as the file writes them, split
operators (``> >``) glued back, and one statement per line, indented, in statement position.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from spancopy_core.editing import edits
from spancopy_core.editing.positions import majority_newline
from spancopy_core.lang.java.syntax import (
    KEYWORDS,
    Token,
    is_name,
    is_word_char,
    lex,
    lex_spans,
    method_at,
)

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


_OPERAND_WORDS = frozenset({"this", "super", "true", "false", "null", "class"})


def _operand_end(token: str | None) -> bool:
    """Whether ``token`` ends an operand, so that a ``+`` or ``-`` after it is binary: a name,
    a literal, ``this``, ``)`` or ``]``; not a keyword (``return -1``), an operator or an
    opening bracket (``(-1)``)."""
    if token is None:
        return False
    if token in (")", "]") or token[-1] in "'\"":
        return True
    return is_word_char(token[-1]) and (token not in KEYWORDS or token in _OPERAND_WORDS)


def _capitalised(name: str) -> bool:
    """Whether the (possibly qualified) name's last part starts with a capital: a type's."""
    return name.rsplit(".", 1)[-1][:1].isupper()


def _must_separate(a: str, b: str) -> bool:
    """Whether writing ``a`` and ``b`` without a space would lex differently."""
    x, y = a[-1], b[0]
    return (
        (is_word_char(x) and is_word_char(y))
        or (x in _OPCHARS and y in _OPCHARS)
        or (x.isdigit() and y == ".")
        or (x == "." and y.isdigit())
        or (a == "@" and b.startswith("interface"))
    )


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
    # binary operators the file writes otherwise than space_binary says (most of the time)
    other_binary: frozenset[str] = frozenset()
    # names the file uses as variables: a "<" after one compares, it opens no type arguments
    variables: frozenset[str] = frozenset()

    def _spaced(self, op: str) -> bool:
        """Whether the binary operator ``op`` takes spaces around it in this file: as the file
        writes it, else as ``<=``/``>=`` for ``<``/``>`` (generic brackets are never counted),
        else as its other binary operators."""
        own = {"<": "<=", ">": ">="}.get(op, op)
        if own in self.other_binary:
            return not self.space_binary
        return self.space_binary or op == "->"

    def layout(self, tokens: Sequence[str], start: int, multiline: bool) -> list[str]:
        """See :class:`spancopy_core.editing.edits.Style`. Split operators are glued back first."""
        groups = _glue(tokens)
        merged = ["".join(tokens[a:b]) for a, b in groups]
        first_new = next((g for g, (a, b) in enumerate(groups) if b > start), len(groups))
        seps = self._layout(merged, first_new, multiline)
        out = []
        for (a, b), sep in zip(groups, seps, strict=True):
            out.extend([sep] + [""] * (b - a - 1))
        return out[start:]

    def _layout(self, tokens: list[str], start: int, multiline: bool) -> list[str]:
        # One pass over the tokens with the state that decides each separator (bracket depth,
        # open type arguments, unary position, case labels, indentation level): long, but
        # split it and the state would travel between the parts.
        seps: list[str] = []
        depth = generics = level = 0
        unary = label = False
        generic_open = generic_close = False  # the previous token's role
        for k, cur in enumerate(tokens):
            prev = tokens[k - 1] if k else None
            opens = (
                cur == "<"
                and prev is not None
                and (
                    (_capitalised(prev) and is_name(prev) and prev not in self.variables)
                    or prev == "."
                    or prev in _MODIFIERS
                )
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
            elif cur in ("+", "-") and not _operand_end(prev):  # a sign: spaced as before it
                if prev in _BINARY:
                    sep = " " if self._spaced(prev) else ""
                else:
                    sep = "" if prev == "{" else " "  # return -1, (a, -1), {-1}
            elif cur == "(":
                if prev in _CONTROL:
                    sep = " " if self.space_keyword_paren else ""
                else:
                    sep = "" if is_name(prev) or prev in ("this", "super") else " "
            elif cur == "[":
                sep = "" if is_word_char(prev[-1]) or prev in ("]", ")") else " "
            elif cur in ("++", "--") and (is_name(prev) or prev in (")", "]")):
                sep = ""
            elif cur == ":" and label:
                sep = ""
            elif cur in _BINARY or prev in _BINARY:
                sep = " " if self._spaced(cur if cur in _BINARY else prev) else ""
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
            unary = cur in ("++", "--", "+", "-") and not _operand_end(prev)
            generic_open, generic_close = opens, closes
            seps.append(sep)
        return seps

    def statement_like(self, prev: str | None, tokens: Sequence[str], nxt: str | None) -> bool:
        """Whole statements: they end with ``;`` or ``}`` and follow ``;``, ``{`` or ``}``."""
        return bool(tokens) and tokens[-1] in (";", "}") and prev in (None, ";", "{", "}")

    def split(self, token: str) -> list[str]:
        """The lexemes of one concrete token (a qualified name's parts and dots, ``.class``,
        the characters of ``->``)."""
        return [token[s:e] for s, e, _ in lex_spans(token)]

    def lexemes(self, text: str) -> list[str]:
        """Token texts of ``text`` as :func:`lex` sees them."""
        return [t.text for t in lex(text)]


_OPERATORS = "-+*/%=<>!&|^~?:"  # characters of Java's operators but "."


def layout_free(text: str) -> str:
    """Java ``text`` without its layout (:func:`spancopy_core.editing.edits.layout_free`)."""
    return edits.layout_free(text, _OPERATORS)


_NAME = re.compile(r"[A-Za-z_$][\w$]*(?:\s*\.\s*[A-Za-z_$][\w$]*)*")  # maybe qualified
_GROUPED_NAME = re.compile(rf"\(\s*({_NAME.pattern})\s*\)")  # in parentheses
_PRIMITIVES = frozenset("boolean byte char short int long float double".split())  # (int) x: a cast
_ENDS_GROUP = frozenset("!=<>&|?:;,)].+-*/%^")  # after a group: (x) != null; not a cast's operand


def ungrouped(source: str, changes: Sequence[edits.TextEdit]) -> list[edits.TextEdit]:
    """``changes`` of ``source`` without the parentheses they write around a bare name where
    they only group it: ``if ((agents) != null)`` is ``if (agents != null)`` (BFP's fixes
    write ``( VAR_1 ) != null``, and the model learnt it). Only parentheses that the edits
    write, both of them (in one edit, or around a name of the source between two), after no
    name, ``)`` or ``]`` (a call's, a statement's, a cast's: ``f(x)``, ``if (x)``) and before an
    operator or an end (not a cast's operand, not a lambda's ``->``); an edit that then changes
    nothing is left out."""
    changes = sorted(changes, key=lambda c: (c.start, c.end))
    new = [c.new_text for c in changes]
    for k in range(len(changes) - 1):  # "(" + a name kept from the source + ")"
        a, b = changes[k], changes[k + 1]
        name = source[a.end : b.start].strip()
        head, tail = new[k].rstrip(), new[k + 1].lstrip()
        if head.endswith("(") and tail.startswith(")") and _NAME.fullmatch(name):
            before = head[:-1].rstrip() or source[: a.start].rstrip()
            after = tail[1:].lstrip() or source[b.end :].lstrip()
            if _groups(before, name, after):
                new[k], new[k + 1] = head[:-1], tail[1:]
    for k, change in enumerate(changes):  # "(name)" written by one edit

        def plain(m: re.Match[str], text: str = new[k], change: edits.TextEdit = change) -> str:
            before = text[: m.start()].rstrip() or source[: change.start].rstrip()
            after = text[m.end() :].lstrip() or source[change.end :].lstrip()
            return m.group(1) if _groups(before, m.group(1), after) else m.group(0)

        new[k] = _GROUPED_NAME.sub(plain, new[k])
    return [
        edits.TextEdit(c.start, c.end, text)
        for c, text in zip(changes, new, strict=True)
        if text != source[c.start : c.end]
    ]


# a call whose two arguments (no call, no comma in them) may be swapped for the same value
_COMMUTATIVE = re.compile(r"\b(Math\.min|Math\.max|Objects\.equals)\(([^(),]+),([^(),]+)\)")
# a call of Arrays over the whole of an array named by its range: Arrays.sort(a,0,a.length)
_WHOLE_RANGE = re.compile(
    r"\bArrays\.(sort|parallelSort|fill|binarySearch)\((\w+),0,\2\.length(?=[,)])"
)
# a call of the class's own method through this (this.get() is get() wherever both compile;
# not Outer.this.get(), nor this.<T>get(), which has no unqualified form)
_THIS_CALL = re.compile(r"(?<![\w.])this\.(?=\w+\()")


def equivalent(source: str, changes: Sequence[edits.TextEdit]) -> bool:
    """Whether ``changes`` of ``source`` only write the same program another way, on the
    lines they touch: the two arguments of ``Math.min``, ``Math.max`` or ``Objects.equals``
    swapped (``lo = Math.min(x, lo)`` for ``lo = Math.min(lo, x)``), an array's whole
    range named to ``Arrays`` (``Arrays.sort(array, 0, array.length)`` for
    ``Arrays.sort(array)``, offered first in Commons Lang's ArraySorter), or a call of the
    class's own method qualified with ``this`` or not (``this.get()`` for ``get()``, offered
    in Joda-Time's ``compareTo``); or a statement Java implies written
    (:func:`_implied`). The same value: no repair."""
    if not changes:
        return False
    if _implied(source, changes):
        return True
    start = source.rfind("\n", 0, min(c.start for c in changes)) + 1
    end = source.find("\n", max(c.end for c in changes))
    old = source[start : len(source) if end < 0 else end]
    new = edits.apply_edits(
        old, [edits.TextEdit(c.start - start, c.end - start, c.new_text) for c in changes]
    )
    calls = r"\b(Math\.min|Math\.max|Objects\.equals|Arrays\.\w+|this\.\w+)\("
    if not any(re.search(calls, code) for code in (old, new)):
        return False  # the lines touched call none, before or after
    return old != new and _canonical(old) == _canonical(new)


# the start of a method's body: the end of its parameters (or of its throws clause) and "{"
_BODY = re.compile(r"\)\s*(?:throws\s+[\w.<>?,\s]+?)?\s*\{")
_INVOCATION = re.compile(r"\s*(?:this|super)\s*\(")  # an explicit constructor invocation


def _implied(source: str, changes: Sequence[edits.TextEdit]) -> bool:
    """Whether ``changes`` only write a statement that Java implies where it is written:
    ``super();`` first in a constructor's body (JLS 8.8.7: JUnit's empty AssertionFailedError()
    was offered ``Insert "super();"`` at 12%, automatically), ``return;`` last in a void
    method's or a constructor's (JUnit's Filter.apply was offered it), ``;`` after a statement
    or a brace (TestWatcherTest: an empty statement or member, or no program at all; not
    after ``if (x)``, where it empties the branch)."""
    if len(changes) != 1 or source[changes[0].start : changes[0].end].strip():
        return False
    at, written = changes[0].start, changes[0].new_text.strip()
    if written == ";":  # after a statement or a brace: an empty statement or member
        return source[:at].rstrip()[-1:] in (";", "{", "}")
    if written not in ("super();", "return;"):
        return False
    method = method_at(source, at)
    if method is None or not method.has_body:
        return False
    text = source[method.start : method.end]
    if written == "return;":
        void = method.kind == "constructor" or re.search(rf"\bvoid\s+{method.name}\s*\(", text)
        return bool(void) and _uncommented(source[changes[0].end : method.end]) == "}"
    body = _BODY.search(text)
    return (
        method.kind == "constructor"
        and body is not None
        and not _uncommented(source[method.start + body.end() : at])
        and not _INVOCATION.match(source, changes[0].end)  # (one there: no program)
    )


def _uncommented(code: str) -> str:
    """``code`` without its comments and the white space around (slf4j's empty
    ``NOPLoggerFactory() { // nothing to do }`` was offered ``super();``)."""
    return _COMMENT.sub(" ", code).strip()


_COMMENT = re.compile(r"//[^\n\r]*|/\*.*?\*/", re.DOTALL)


def _canonical(code: str) -> str:
    """``code`` without white space, each commutative call's arguments in order, each call of
    ``Arrays`` over an array's whole range without the range, each call of the class's own
    methods without ``this.``."""
    code = _THIS_CALL.sub("", re.sub(r"\s+", "", code))
    code = _WHOLE_RANGE.sub(lambda m: f"Arrays.{m[1]}({m[2]}", code)
    return _COMMUTATIVE.sub(lambda m: f"{m[1]}({','.join(sorted((m[2], m[3])))})", code)


def _groups(before: str, name: str, after: str) -> bool:
    """Whether parentheses around ``name`` between the texts ``before`` and ``after`` only
    group it (see :func:`ungrouped`)."""
    opens = before[-1:]
    return (
        not (opens and (is_word_char(opens) or opens in ")]"))
        and after[:1] in _ENDS_GROUP
        and not after.startswith("->")
        and name not in _PRIMITIVES
    )


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
    kw_spaced = kw_tight = 0
    ops: Counter[tuple[str, bool]] = Counter()  # (operator, spaced around) -> times
    for prev, tok, nxt in zip(tokens, tokens[1:], tokens[2:], strict=False):
        if (
            tok.text in _BINARY
            and tok.text not in ("<", ">", "?", ":", "->")
            and tok.kind == "operator"
            and not (tok.text == "*" and prev.text == ".")  # import java.util.*;
            and not (tok.text in ("+", "-") and not _operand_end(prev.text))  # a sign: (-1)
        ):
            if prev.end < tok.start and tok.end < nxt.start:
                ops[tok.text, True] += 1
            elif prev.end == tok.start and tok.end == nxt.start:
                ops[tok.text, False] += 1
        if prev.text in _CONTROL and tok.text == "(":
            kw_spaced, kw_tight = (
                kw_spaced + (prev.end < tok.start),
                kw_tight + (prev.end == tok.start),
            )
    spaced = sum(n for (_, around), n in ops.items() if around)
    space_binary = spaced >= ops.total() - spaced
    return JavaStyle(
        newline=newline,
        indent_unit=unit,
        space_binary=space_binary,
        space_keyword_paren=kw_spaced >= kw_tight,
        other_binary=frozenset(
            op
            for op, around in ops
            if around != space_binary and ops[op, around] > ops[op, not around]
        ),
        variables=_variables(tokens),
    )


def _variables(tokens: Sequence[Token]) -> frozenset[str]:
    """The names ``tokens`` use as variables, but for those of the package and import
    declarations (``import java.util.ArrayDeque;`` names a type, whose ``<`` opens type
    arguments: ``new ArrayDeque<>()``, not ``new ArrayDeque < > ()``)."""
    out, declaring = set(), False
    for t in tokens:
        if t.kind == "keyword" and t.text in ("package", "import"):
            declaring = True
        elif t.text == ";":
            declaring = False
        elif not declaring and t.kind == "identifier" and t.role == "var":
            out.add(t.text)
    return frozenset(out)
