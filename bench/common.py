"""Shared helpers of the benchmark scripts: the shared data (BFP, real Java edits) and a header
naming the machine."""

from __future__ import annotations

import os
import platform
import random
from pathlib import Path

import torch

from spancopy_core.paper.vocab import Vocabulary

SHARED_DATA = Path(__file__).resolve().parents[1] / ".." / "shared" / "data"
BFP = SHARED_DATA / "bfp"
JAVA_EDITS = SHARED_DATA / "java-edits"


def machine() -> str:
    """One line naming what the figures were measured on."""
    return (
        f"cores={os.cpu_count()} torch={torch.__version__} threads={torch.get_num_threads()} "
        f"python={platform.python_version()} cpu={platform.machine()}"
    )


def load_bfp(size: str, split: str = "valid") -> list[tuple[list[str], list[str]]]:
    """(buggy, fixed) token lists of ``../shared/data/bfp/SIZE/SPLIT``; exits if absent."""
    folder = BFP / size
    if not (folder / f"{split}.buggy").is_file():
        raise SystemExit(f"BFP data not found in {folder} (see ../shared/data/bfp/README.md)")
    with open(folder / f"{split}.buggy") as fb, open(folder / f"{split}.fixed") as ff:
        return [(b.split(), f.split()) for b, f in zip(fb, ff, strict=True)]


def sample(pairs: list, n: int, seed: int = 0) -> list:
    return random.Random(seed).sample(pairs, min(n, len(pairs)))


def bfp_vocab() -> Vocabulary:
    """The vocabulary of every token of the BFP small and medium valid splits."""
    return Vocabulary.build([x + y for x, y in load_bfp("small") + load_bfp("medium")])
