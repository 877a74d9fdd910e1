"""Repair templates at the focus: single-token mutations of Java code, in a fixed order.

Each token inside the focus, left to right, yields its replacements in this order: a comparison
operator each other one of ``< <= > >= == !=`` (in that order), ``+`` and ``-`` each other,
``&&`` and ``||`` each other, a decimal integer literal its value plus one, then minus one (never
below zero; an ``L`` suffix is kept). The halves of ``>>``, ``<<``, ``->`` and ``::``, which the
lexer splits as BFP does, are not operators of their own and stay as they are. Pure: tokens in,
edits on the text out, one edit per mutant; whether a mutant still parses is the caller's
check. This is the mutation baseline of ``bench/real_bugs.py`` (the first five mutants that
parse), and the template candidates that a combined ranking will score with the model.
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
