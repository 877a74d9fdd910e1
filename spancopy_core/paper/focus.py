"""The focus: where the user points, told to the model as one feature per input token, one of
:data:`NONE`, :data:`INSIDE`, :data:`OUTSIDE` and :data:`CONTEXT`. Serving marks the tokens on
the lines the user's range touches; training derives the focus from each pair's diff
(:func:`from_diff`, the statement around the first change) with :class:`Noise` for an imprecise
cursor. Pure and torch-free: tokens in, ids out.
Design notes: docs/design.md#paper-focus.
"""

from __future__ import annotations

import difflib
import random
from collections.abc import Sequence
from dataclasses import dataclass

NONE, OUTSIDE, INSIDE = 0, 1, 2
IDS = 3  # size of the focus embedding
CONTEXT = 3  # a token of the context segment (spancopy_core.paper.context), not a focus id
_ENDS = frozenset({";", "{", "}"})  # a statement ends after one of these


@dataclass(frozen=True)
class Noise:
    """How often a training focus is not the exact statement (each a probability; the rest of
    the time it is exact)."""

    none: float = 0.2  # no focus at all
    neighbour: float = 0.1  # the statement before or after instead
    wider: float = 0.15  # one more statement on each side

    def __post_init__(self) -> None:
        if min(self.none, self.neighbour, self.wider) < 0 or (
            self.none + self.neighbour + self.wider > 1
        ):
            raise ValueError("focus noise probabilities must be >= 0 and add up to at most 1")


EXACT = Noise(0.0, 0.0, 0.0)


def statements(tokens: Sequence[str]) -> list[tuple[int, int]]:
    """The statements of ``tokens`` as ``(start, end)`` index ranges (end exclusive), in
    order and covering every token: each ends after ``;``, ``{`` or ``}``, or at the end."""
    out, start = [], 0
    for i, t in enumerate(tokens):
        if t in _ENDS:
            out.append((start, i + 1))
            start = i + 1
    if start < len(tokens):
        out.append((start, len(tokens)))
    return out


def first_change(before: Sequence[str], after: Sequence[str]) -> tuple[int, int] | None:
    """The token range ``(i, j)`` of ``before`` that the first difference from ``after``
    replaces (``i == j``: an insertion before token ``i``); None when they are equal."""
    matcher = difflib.SequenceMatcher(None, before, after, autojunk=False)
    for tag, i1, i2, _, _ in matcher.get_opcodes():
        if tag != "equal":
            return i1, i2
    return None


def mark(n: int, start: int, end: int) -> list[int]:
    """Ids of ``n`` tokens with ``start:end`` inside the focus."""
    return [INSIDE if start <= i < end else OUTSIDE for i in range(n)]


def from_diff(
    before: Sequence[str],
    after: Sequence[str],
    rng: random.Random | None = None,
    noise: Noise = EXACT,
) -> list[int]:
    """The training focus of the pair ``before -> after``: the statements holding its first
    change (an insertion points at the statement it comes before), made noisy with ``rng``
    by ``noise``. An empty ``before`` has no focus, nor have equal sides without ``rng``; with
    ``rng``, equal sides (an identity pair: correct code left as it is) take a random statement
    as the change, as a cursor on a correct line."""
    n = len(before)
    change = first_change(before, after)
    if n == 0 or (change is None and rng is None):
        return [NONE] * n
    if change is None:
        assert rng is not None  # the guard above: no change without rng has no focus
        start, _ = rng.choice(statements(before))
        change = start, start + 1
    i, j = change
    j = max(j, i + 1)  # an insertion: the token after it
    i, j = min(i, n - 1), min(j, n)
    spans = statements(before)
    first = next(k for k, (s, e) in enumerate(spans) if s <= i < e)
    last = next(k for k, (s, e) in enumerate(spans) if s < j <= e)
    draw = rng.random() if rng is not None else 1.0
    if draw < noise.none:
        return [NONE] * n
    draw -= noise.none
    if draw < noise.neighbour:
        assert rng is not None  # draw < 1 only with rng (Noise's shares add up to 1 at most)
        k = first - 1 if rng.random() < 0.5 else last + 1
        k = min(max(k, 0), len(spans) - 1)
        first = last = k
    elif draw - noise.neighbour < noise.wider:
        first, last = max(first - 1, 0), min(last + 1, len(spans) - 1)
    return mark(n, spans[first][0], spans[last][1])
