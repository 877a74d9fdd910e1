"""``python -m trainer identity``: identity pairs, correct code that a repair leaves as it is.

A model trained only on pairs that need a change learns that every input needs one: asked at a
correct line, it proposes something (issue 24, "Confidence that means something"). The identity
pairs of a data split are the fixed sides of its pairs, each paired with itself (input equal to
output), deduplicated (first occurrence kept) and written in the BFP layout; a seeded sample of
at most ``limit`` of them when asked. A training run with the focus draws a random statement of
each as its focus (:func:`spancopy_core.paper.focus.from_diff`), as a cursor on a correct line,
or none (the focus noise), as diagnostics ask.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from pathlib import Path

from .data import Pair, read_pairs, write_pairs


def identity_pairs(pairs: Sequence[Pair]) -> list[Pair]:
    """The distinct fixed sides of ``pairs``, in order of first occurrence, each as the pair
    of itself with itself."""
    seen: set[tuple[str, ...]] = set()
    out: list[Pair] = []
    for _, fixed in pairs:
        if fixed and tuple(fixed) not in seen:
            seen.add(tuple(fixed))
            out.append((list(fixed), list(fixed)))
    return out


def run(
    sources: Sequence[Path], split: str, out: Path, *, limit: int | None = None, seed: int = 0
) -> int:
    """Write ``out/split.{buggy,fixed}``: the identity pairs of ``split`` of every directory of
    ``sources`` together (a seeded sample of ``limit`` when there are more); their number."""
    pairs = identity_pairs([p for source in sources for p in read_pairs(source, split)])
    if limit is not None and len(pairs) > limit:
        pairs = random.Random(seed).sample(pairs, limit)
    write_pairs(out, split, pairs)
    return len(pairs)
