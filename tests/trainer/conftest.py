"""Fixtures of the trainer tests: a tiny toy data directory (delete the inserted ``junk``)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from trainer.data import Pair, write_pairs


def toy_pairs(n: int, seed: int) -> list[Pair]:
    """``n`` pairs whose input is the output with one ``junk`` token inserted."""
    rng = random.Random(seed)
    words = ["a", "b", "c", "d", "(", ")", ";"]
    pairs = []
    for _ in range(n):
        y = [rng.choice(words) for _ in range(rng.randint(3, 12))]
        x = list(y)
        x.insert(rng.randrange(len(x) + 1), "junk")
        pairs.append((x, y))
    return pairs


@pytest.fixture(scope="module")
def data(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """64 train pairs (8 batches of 8), 16 valid and 12 test pairs."""
    d = tmp_path_factory.mktemp("data")
    write_pairs(d, "train", toy_pairs(64, 0))
    write_pairs(d, "valid", toy_pairs(16, 1))
    write_pairs(d, "test", toy_pairs(12, 2))
    return d
