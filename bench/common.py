"""Shared helpers of the benchmark scripts: the BFP data and a header naming the machine."""

from __future__ import annotations

import os
import platform
import random
from pathlib import Path

import torch

BFP = Path(__file__).resolve().parents[1] / ".." / "shared" / "data" / "bfp"


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
