"""Repair templates at the focus: single-token mutations of Java code, in a fixed order (the
mutation baseline of ``bench/real_bugs.py``), and, in :func:`repair_templates` and
:func:`contest_templates`, the inverses of the bugs people make, for the combined ranking to
score. Pure: tokens in, edits on the text out, one edit per mutant.
Design notes: docs/design.md#repair-templates.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence

from spancopy_core.editing.edits import TextEdit
from spancopy_core.lang.java import Token

SWAPS: tuple[tuple[str, ...], ...] = (
    ("<", "<=", ">", ">=", "==", "!="),
    ("+", "-"),
    ("&&", "||"),
)
MAX_NAMES = 8  # other variables tried in place of one
_OPERAND_END = frozenset(
    {"]", ")", ";", ",", "<", "<=", ">", ">=", "==", "!=", "&&", "||", "?", ":"}
)
_DECIMAL = re.compile(r"(0|[1-9][0-9]*)([lL]?)")
_GLUED = frozenset({">>", "<<", "->", "::"})  # operators the lexer splits into two tokens


def _glued(tokens: Sequence[Token], i: int) -> bool:
    """Whether token ``i`` is half of an operator that the lexer split."""

    def pair(a: Token, b: Token) -> bool:
        return a.end == b.start and a.text + b.text in _GLUED

    return (i > 0 and pair(tokens[i - 1], tokens[i])) or (
        i + 1 < len(tokens) and pair(tokens[i], tokens[i + 1])
    )


def _replacements(token: Token) -> Iterator[str]:
    if token.kind == "operator":
        for group in SWAPS:
            if token.text in group:
                yield from (t for t in group if t != token.text)
    elif token.kind == "int" and (m := _DECIMAL.fullmatch(token.text)):
        value, suffix = int(m.group(1)), m.group(2)
        yield f"{value + 1}{suffix}"
        if value > 0:
            yield f"{value - 1}{suffix}"


def literal_step(old: str, new: str) -> str | None:
    """``"+"`` or ``"-"`` when the decimal literal ``new`` is ``old`` plus or minus one (a
    literal mutation of :func:`single_token_mutations`), else None."""
    a, b = _DECIMAL.fullmatch(old), _DECIMAL.fullmatch(new)
    if a is None or b is None or a.group(2) != b.group(2):
        return None
    step = int(b.group(1)) - int(a.group(1))
    return {1: "+", -1: "-"}.get(step)


def single_token_mutations(tokens: Sequence[Token], start: int, end: int) -> list[TextEdit]:
    """The mutants of the tokens lying within the code-point range ``[start, end]`` of the text
    that ``tokens`` were lexed from (:func:`spancopy_core.lang.java.lex`), in the order of the
    module docstring; each is one edit replacing one token."""
    return [
        TextEdit(t.start, t.end, new)
        for i, t in enumerate(tokens)
        if start <= t.start and t.end <= end and not _glued(tokens, i)
        for new in _replacements(t)
    ]


def repair_templates(
    tokens: Sequence[Token], start: int, end: int, method: Sequence[Token] = ()
) -> list[TextEdit]:
    """:func:`single_token_mutations` of the tokens within ``[start, end]``, then the other
    templates of the module docstring; ``method`` holds the tokens whose variables may stand
    in for one another (default: ``tokens``)."""
    out = single_token_mutations(tokens, start, end)
    pool = method or tokens
    names = list(
        dict.fromkeys(
            t.text
            for k, t in enumerate(pool)
            if t.kind == "identifier" and t.role == "var" and (k == 0 or pool[k - 1].text != ".")
        )
    )  # not a member after "." (System.in, Integer.MAX_VALUE): no variable of the method
    types = declared_types(pool)
    for i, t in enumerate(tokens):
        if not (start <= t.start and t.end <= end):
            continue
        before = tokens[i - 1].text if i > 0 else ""
        after = tokens[i + 1].text if i + 1 < len(tokens) else ""
        if t.kind == "identifier" and t.role == "var" and before != ".":
            mine = types.get(t.text)
            others = [
                n
                for n in names
                if n != t.text
                and (mine in (None, "Object") or types.get(n, mine) in (mine, "Object"))
            ][:MAX_NAMES]
            out += [TextEdit(t.start, t.end, n) for n in others]
        if t.text == "!" and t.kind == "operator":
            out.append(TextEdit(t.start, t.end, ""))
        if t.text == "(" and before in ("if", "while") and after != "!":
            out.append(TextEdit(t.end, t.end, "!"))
        if (t.kind in ("identifier", "int") or t.text in (")", "]")) and after in _OPERAND_END:
            if not _glued(tokens, i):  # a member too: a.length - 1
                out += [TextEdit(t.end, t.end, " + 1"), TextEdit(t.end, t.end, " - 1")]
        if t.text == "+" and t.kind == "operator":
            out += _reordered(tokens, i, types)
    return out + contest_templates(tokens, start, end)


_FAMILY = {"long": "int", "short": "int", "byte": "int", "float": "double"}
_PRIMITIVE = frozenset({"int", "long", "short", "byte", "char", "boolean", "double", "float"})


def declared_types(tokens: Sequence[Token]) -> dict[str, str]:
    """The declared type of each variable declared among ``tokens`` (locals, parameters,
    loop variables), the integer types as one (``int``) and the floating ones as one
    (``double``); a generic type by its name (``List``); ``[]`` per dimension."""
    types: dict[str, str] = {}
    for k, t in enumerate(tokens):
        if k == 0 or t.kind != "identifier" or t.role != "var" or t.text in types:
            continue
        if (tokens[k + 1].text if k + 1 < len(tokens) else "") not in ("=", ",", ";", ":", ")"):
            continue
        j: int | None = k
        if tokens[k - 1].text == ",":  # a later declarator: the type of the first one
            j = _first_declarator(tokens, k - 1)
        found = _type_before(tokens, j) if j is not None else None
        if found is not None:
            types[t.text] = found
    return types


def _first_declarator(tokens: Sequence[Token], comma: int) -> int | None:
    """The name that the declaration holding the ``,`` at ``comma`` declares first, or None
    (a ``,`` of a call's arguments)."""
    depth = 0
    for j in range(comma - 1, 0, -1):
        text = tokens[j].text
        if text in (")", "]", "}"):
            depth += 1
        elif text in ("(", "[", "{", ";"):
            if depth == 0:
                return None
            depth -= 1
        elif depth == 0 and tokens[j].role == "var" and _type_before(tokens, j) is not None:
            return j
    return None


def _type_before(tokens: Sequence[Token], k: int) -> str | None:
    """The type written just before the name at token ``k`` (see :func:`declared_types`)."""
    j, dims = k - 1, ""
    while j >= 1 and tokens[j].text == "]" and tokens[j - 1].text == "[":
        j, dims = j - 2, dims + "[]"
    if j >= 0 and tokens[j].text == ">":  # a generic type: its name before the "<"
        depth = 0
        while j >= 0:
            depth += {">": 1, "<": -1}.get(tokens[j].text, 0)
            if depth == 0:
                break
            j -= 1
        j -= 1
    if j < 0:
        return None
    t = tokens[j]
    if (t.kind == "keyword" and t.text in _PRIMITIVE) or (
        t.kind == "identifier" and t.role == "type"
    ):
        return _FAMILY.get(t.text, t.text) + dims
    return None


# Members of a similar name that contestants confuse, each tried in place of the other.
SIMILAR: tuple[tuple[str, str], ...] = (
    ("max", "min"),
    ("print", "println"),
    ("nextInt", "nextLong"),
    ("MAX_VALUE", "MIN_VALUE"),
    ("toUpperCase", "toLowerCase"),
    ("pollFirst", "pollLast"),
    ("peekFirst", "peekLast"),
    ("addFirst", "addLast"),
    ("ceilingKey", "higherKey"),
    ("floorKey", "lowerKey"),
    ("startsWith", "endsWith"),
    ("indexOf", "lastIndexOf"),
)
_SIMILAR = {a: b for pair in SIMILAR for a, b in (pair, pair[::-1])}
_KEYWORD_SWAPS = {"break": "continue", "continue": "break"}
_EXTRA_SWAPS: tuple[tuple[str, ...], ...] = (
    ("++", "--"),
    ("=", "+=", "-=", "*="),
    ("/", "%"),
    ("/=", "%="),
    ("<<=", ">>="),
    ("&", "|", "^"),
    ("&=", "|=", "^="),
)
_WIDER = {"int": "long", "Integer": "Long", "nextInt": "nextLong", "parseInt": "parseLong"}
_VALUE = frozenset({"identifier", "int", "float", "char", "string"})
_LITERAL = frozenset({"int", "float", "char"})


def _match(tokens: Sequence[Token], k: int, step: int) -> int | None:
    """The index of the bracket matching the one at ``k``, searching in direction ``step``."""
    depth = 0
    for j in range(k, -1 if step < 0 else len(tokens), step):
        if tokens[j].text in ("(", "["):
            depth += step
        elif tokens[j].text in (")", "]"):
            depth -= step
        if depth == 0:
            return j
    return None


def _left_operand(tokens: Sequence[Token], i: int) -> int | None:
    """The first token of the operand that ends just before token ``i`` (a name, literal,
    call, index, member or parenthesised expression), or None."""
    k = i - 1
    while k >= 0:
        if tokens[k].text in (")", "]"):
            j = _match(tokens, k, -1)
            if j is None:
                return None
            if j > 0 and (tokens[j - 1].kind == "identifier" or tokens[j - 1].text in ")]"):
                k = j - 1  # a call or an index: what it applies to comes first
                continue
            first = j
        elif tokens[k].kind in _VALUE:
            first = k
        else:
            return None
        if first > 1 and tokens[first - 1].text == "." and not _glued(tokens, first - 1):
            k = first - 2
            continue
        return first
    return None


def _right_operand(tokens: Sequence[Token], i: int) -> int | None:
    """The last token of the operand that starts just after token ``i``, or None."""
    if i + 1 >= len(tokens):
        return None
    k: int | None = i + 1
    if tokens[i + 1].text == "(":
        k = _match(tokens, i + 1, 1)
    elif tokens[i + 1].kind not in _VALUE:
        return None
    while k is not None and k + 1 < len(tokens):
        if tokens[k + 1].text in ("(", "["):
            k = _match(tokens, k + 1, 1)
        elif tokens[k + 1].text == "." and k + 2 < len(tokens):
            k += 2
        else:
            break
    return k


def _text(tokens: Sequence[Token], a: int, b: int, new: dict[int, str] | None = None) -> str:
    """Tokens ``a`` to ``b`` (inclusive) as text, one space where the source had some, token
    ``k`` spelt ``new[k]`` where given."""
    new = new or {}
    out = []
    for k in range(a, b + 1):
        if k > a and tokens[k].start > tokens[k - 1].end:
            out.append(" ")
        out.append(new.get(k, tokens[k].text))
    return "".join(out)


def _assigns(tokens: Sequence[Token], i: int) -> bool:
    """Whether the ``=`` at token ``i`` assigns to a variable, a field or an element (not a
    declaration's initialiser, where ``+=`` would not parse)."""
    if i < 2:
        return False
    return tokens[i - 1].text == "]" or (
        tokens[i - 1].kind == "identifier" and tokens[i - 2].text in (";", "{", "}", ".")
    )


def contest_templates(tokens: Sequence[Token], start: int, end: int) -> list[TextEdit]:
    """The contest templates of the module docstring for the tokens within ``[start, end]``."""
    out: list[TextEdit] = []
    widened = -1  # the last token of the statement that an "int" widening covered
    for i, t in enumerate(tokens):
        if not (start <= t.start and t.end <= end) or _glued(tokens, i):
            continue
        before = tokens[i - 1].text if i > 0 else ""
        if t.kind == "keyword" and t.text in _KEYWORD_SWAPS:
            out.append(TextEdit(t.start, t.end, _KEYWORD_SWAPS[t.text]))
        if t.kind == "identifier" and before == "." and t.text in _SIMILAR:
            out.append(TextEdit(t.start, t.end, _SIMILAR[t.text]))
        if t.kind == "operator" and (t.text != "=" or _assigns(tokens, i)):
            for group in _EXTRA_SWAPS:
                if t.text in group:
                    out += [TextEdit(t.start, t.end, x) for x in group if x != t.text]
        after = tokens[i + 1].text if i + 2 < len(tokens) else ""
        if t.text == "Integer" and after == "." and before != "." and i > widened:
            new = {k: _WIDER.get(tokens[k].text, tokens[k].text) for k in (i, i + 2)}
            out.append(TextEdit(t.start, tokens[i + 2].end, _text(tokens, i, i + 2, new)))
        if t.text == "int" and t.kind == "keyword" and i > widened:
            widened = next(
                (k for k in range(i, len(tokens)) if tokens[k].text in (";", "{", ")")),
                len(tokens) - 1,
            )
            widest = max(k for k in range(i, widened + 1) if k == i or tokens[k].text in _WIDER)
            new = {
                k: _WIDER[tokens[k].text] for k in range(i, widest + 1) if tokens[k].text in _WIDER
            }
            out.append(TextEdit(t.start, tokens[widest].end, _text(tokens, i, widest, new)))
        if t.text in ("*", "/") and t.kind == "operator":
            first = _left_operand(tokens, i)
            cast = "(long) " if t.text == "*" else "(double) "
            if first is not None and not (first > 0 and tokens[first - 1].text == ")"):
                out.append(TextEdit(tokens[first].start, tokens[first].start, cast))
        if t.text in ("==", "!=") and (first := _left_operand(tokens, i)) is not None:
            last = _right_operand(tokens, i)
            if last is not None and not {tokens[first].kind, tokens[last].kind} & _LITERAL:
                if "null" not in (tokens[first].text, tokens[last].text):
                    left, right = _text(tokens, first, i - 1), _text(tokens, i + 1, last)
                    call = f"{'!' if t.text == '!=' else ''}{left}.equals({right})"
                    out.append(TextEdit(tokens[first].start, tokens[last].end, call))
        if t.text == "-" and (first := _left_operand(tokens, i)) is not None:
            last = _right_operand(tokens, i)
            after = tokens[last + 1].text if last is not None and last + 1 < len(tokens) else ""
            if last is not None and after in (")", ";", ","):
                swapped = f"{_text(tokens, i + 1, last)} - {_text(tokens, first, i - 1)}"
                out.append(TextEdit(tokens[first].start, tokens[last].end, swapped))
        if t.text in ("+", "-") and i + 2 < len(tokens) and tokens[i + 1].text == "1":
            if tokens[i + 2].text in _OPERAND_END and i > 0:
                out.append(TextEdit(tokens[i - 1].end, tokens[i + 1].end, ""))
        if t.text == "(" and i > 0 and tokens[i - 1].kind == "identifier":
            out += _swapped_arguments(tokens, i)
    return out


def _reordered(tokens: Sequence[Token], i: int, types: dict[str, str]) -> list[TextEdit]:
    """The operands of the ``+`` at token ``i`` swapped when they make up the value of
    ``s = ...;`` and one of them is ``s``, a ``String`` (by ``types``); else nothing."""
    first, last = _left_operand(tokens, i), _right_operand(tokens, i)
    if first is None or last is None or first < 2 or last + 1 >= len(tokens):
        return []
    name = tokens[first - 2]
    if tokens[last + 1].text != ";" or tokens[first - 1].text != "=":
        return []
    if types.get(name.text) != "String" or not _assigns(tokens, first - 1):
        return []
    left, right = _text(tokens, first, i - 1), _text(tokens, i + 1, last)
    if name.text not in (left, right) or left == right:
        return []
    return [TextEdit(tokens[first].start, tokens[last].end, f"{right} + {left}")]


def _swapped_arguments(tokens: Sequence[Token], i: int) -> list[TextEdit]:
    """Each two neighbouring arguments (of at most four tokens) of the call whose ``(`` is
    token ``i``, swapped."""
    close = _match(tokens, i, 1)
    if close is None or close == i + 1:
        return []
    args, first, depth = [], i + 1, 0
    for k in range(i + 1, close + 1):
        text = tokens[k].text
        if text in ("(", "[", "{"):
            depth += 1
        elif text in (")", "]", "}") and k < close:
            depth -= 1
        if (text == "," and depth == 0) or k == close:
            args.append((first, k - 1))
            first = k + 1
    out = []
    for (a, b), (c, d) in zip(args, args[1:]):
        if b - a < 4 and d - c < 4 and _text(tokens, a, b) != _text(tokens, c, d):
            swapped = f"{_text(tokens, c, d)}, {_text(tokens, a, b)}"
            out.append(TextEdit(tokens[a].start, tokens[d].end, swapped))
    return out
