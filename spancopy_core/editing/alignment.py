"""An edit as two aligned token sequences with a tag per position (Yin et al. 2019, section 3.2):
a token diff of ``x-`` and ``x+`` laid out position by position, each holding a token or a gap
on each side and one of the tags :data:`EQUAL`, :data:`DELETE`, :data:`INSERT`,
:data:`REPLACE`, as the edit encoder (:class:`spancopy_core.paper.model.EditEncoder`) reads it.
Pure and torch-free.
Design notes: docs/design.md#editing-alignment.
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
