"""Repair templates at the focus: single-token mutations of Java code, in a fixed order.

Each token inside the focus, left to right, yields its replacements in this order: a comparison
operator each other one of ``< <= > >= == !=`` (in that order), ``+`` and ``-`` each other,
``&&`` and ``||`` each other, a decimal integer literal its value plus one, then minus one (never
below zero; an ``L`` suffix is kept). The halves of ``>>``, ``<<``, ``->`` and ``::``, which the
lexer splits as BFP does, are not operators of their own and stay as they are. Pure: tokens in,
edits on the text out, one edit per mutant; whether a mutant still parses is the caller's
check. This is the mutation baseline of ``bench/real_bugs.py`` (the first five mutants that
parse).

:func:`repair_templates`, the candidates that the combined ranking scores with the model
(:mod:`spancopy_core.repair.ranking`), adds the inverses of more bug kinds that people make
(``trainer/mutations.py``): another variable of the method in place of a variable (at most
:data:`MAX_NAMES` names, in the order they first appear), a ``!`` removed, or added before
the condition of an ``if``/``while``, and an off-by-one: ``+ 1`` or ``- 1`` after an operand
that ends an index, an argument, a comparison side or a statement. Their order does not
matter: the model ranks them.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence

from ..edits import TextEdit
from ..lang.java import Token

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
    names = list(dict.fromkeys(t.text for t in pool if t.kind == "identifier" and t.role == "var"))
    for i, t in enumerate(tokens):
        if not (start <= t.start and t.end <= end):
            continue
        before = tokens[i - 1].text if i > 0 else ""
        after = tokens[i + 1].text if i + 1 < len(tokens) else ""
        if t.kind == "identifier" and t.role == "var" and before != ".":
            others = [n for n in names if n != t.text][:MAX_NAMES]
            out += [TextEdit(t.start, t.end, n) for n in others]
        if t.text == "!" and t.kind == "operator":
            out.append(TextEdit(t.start, t.end, ""))
        if t.text == "(" and before in ("if", "while") and after != "!":
            out.append(TextEdit(t.end, t.end, "!"))
        if (t.kind in ("identifier", "int") or t.text in (")", "]")) and after in _OPERAND_END:
            if before != "." and not _glued(tokens, i):
                out += [TextEdit(t.end, t.end, " + 1"), TextEdit(t.end, t.end, " - 1")]
    return out
