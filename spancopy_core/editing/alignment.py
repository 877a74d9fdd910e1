"""An edit as two aligned token sequences with a tag per position (Yin et al. 2019, section 3.2).

The edit encoder of the edit-representation model (:class:`spancopy_core.paper.model.EditEncoder`)
reads an edit ``x- -> x+`` as one sequence of positions: a token diff (difflib, no junk
heuristic) of the two token lists, laid out so that position ``p`` holds a token of ``x-`` or
a gap, a token of ``x+`` or a gap, and a tag:

- :data:`EQUAL`: the same token on both sides;
- :data:`DELETE`: a token of ``x-`` against a gap;
- :data:`INSERT`: a gap against a token of ``x+``;
- :data:`REPLACE`: a replaced run of ``x-`` against its replacement, the shorter side padded
  with gaps at its end.

Removing the gaps from either side gives back that side's tokens. Pure and torch-free.
"""

from __future__ import annotations

import difflib
from collections.abc import Sequence
from typing import NamedTuple

PAD_TAG, EQUAL, REPLACE, INSERT, DELETE = 0, 1, 2, 3, 4
TAGS = 5  # size of the tag embedding; PAD_TAG marks padding after an aligned sequence
_TAG_OF = {"equal": EQUAL, "replace": REPLACE, "insert": INSERT, "delete": DELETE}


class Alignment(NamedTuple):
    """An edit as aligned sequences of equal length; ``None`` is a gap."""

    before: tuple[str | None, ...]  # tokens of x- or gaps
    after: tuple[str | None, ...]  # tokens of x+ or gaps
    tags: tuple[int, ...]  # EQUAL, REPLACE, INSERT or DELETE per position


def align(before: Sequence[str], after: Sequence[str]) -> Alignment:
    """The aligned form of the edit ``before -> after`` (see the module docstring)."""
    xs: list[str | None] = []
    ys: list[str | None] = []
    tags: list[int] = []
    matcher = difflib.SequenceMatcher(None, before, after, autojunk=False)
    for op, i1, i2, j1, j2 in matcher.get_opcodes():
        n = max(i2 - i1, j2 - j1)
        xs += [*before[i1:i2], *[None] * (n - (i2 - i1))]
        ys += [*after[j1:j2], *[None] * (n - (j2 - j1))]
        tags += [_TAG_OF[op]] * n
    return Alignment(tuple(xs), tuple(ys), tuple(tags))


def side(tokens: Sequence[str | None]) -> list[str]:
    """One side of an alignment without its gaps: the tokens of ``x-`` or of ``x+``."""
    return [t for t in tokens if t is not None]
