"""Padded training batches: token ids plus the lattices of correct actions as flat tensors.

:func:`collate` runs where the lattices are computed (DataLoader workers in training) and only
concatenates numpy arrays; :meth:`Batch.to` moves the result to the model's device. The input
sequence is wrapped as ``BOS x_1 .. x_n EOS`` for the encoder; copy positions ``i`` index the
real tokens ``x_{i+1}`` (0-based), so BOS/EOS can never be copied.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, fields

import numpy as np
import torch

from .focus import NONE
from .lattice import Lattice
from .ngrams import input_ngrams
from .vocab import BOS_ID, EOS_ID, PAD_ID, Vocabulary


@dataclass
class Batch:
    """``B`` pairs, ``S`` = longest input, ``T`` = longest target + 1 (the EOS position)."""

    src: torch.Tensor  # (B, S + 2) input ids with BOS/EOS, PAD after
    src_len: torch.Tensor  # (B,) n + 2
    focus: (
        torch.Tensor
    )  # (B, S + 2) focus ids of the input (spancopy_core.focus), NONE at BOS/EOS/PAD
    tgt_in: torch.Tensor  # (B, T) decoder inputs: BOS y_1 .. y_m, PAD after
    tgt_len: torch.Tensor  # (B,) m (tokens before EOS)
    gen_ids: torch.Tensor  # (B, T) id Gen must emit at k (EOS at k = m), PAD after
    gen_ok: torch.Tensor  # (B, T) bool: Gen is correct at k < m (EOS at m is handled apart)
    copies: torch.Tensor  # (N, 4) int64 rows (b, k, i, l): Copy(i, i + l) correct at (b, k)
    longest: torch.Tensor  # (P, 3) int64 rows (b, k, l) of the longest decomposition
    ngrams: torch.Tensor  # (B, S + 2, G) character n-gram ids of the inputs, G = 0 when off

    @property
    def num_tokens(self) -> int:
        """Target tokens including each EOS: the denominator of the per-token loss."""
        return int((self.tgt_len + 1).sum())

    def to(self, device: torch.device | str) -> Batch:
        return Batch(**{f.name: getattr(self, f.name).to(device) for f in fields(self)})

    def pin_memory(self) -> Batch:
        return Batch(**{f.name: getattr(self, f.name).pin_memory() for f in fields(self)})


# (inputs, target, lattice) or (inputs, target, lattice, focus ids of the inputs)
Example = tuple[list[str], list[str], Lattice] | tuple[list[str], list[str], Lattice, list[int]]


def collate(pairs: Sequence[Example], vocab: Vocabulary, char_ngrams: int = 0) -> Batch:
    """Pad examples into one :class:`Batch` (without focus ids, the focus is NONE), with the
    hashed character n-grams of the inputs in ``char_ngrams`` buckets (none when 0)."""
    B = len(pairs)
    S = max(1, max(len(x) for x, *_ in pairs))
    T = max(len(y) for _, y, *_ in pairs) + 1
    src = np.full((B, S + 2), PAD_ID, dtype=np.int64)
    focus = np.full((B, S + 2), NONE, dtype=np.int64)
    tgt_in = np.full((B, T), PAD_ID, dtype=np.int64)
    gen_ids = np.full((B, T), PAD_ID, dtype=np.int64)
    gen_ok = np.zeros((B, T), dtype=bool)
    src_len = np.zeros(B, dtype=np.int64)
    tgt_len = np.zeros(B, dtype=np.int64)
    copies, longest = [], []
    for b, (x, y, lat, *given) in enumerate(pairs):
        n, m = len(x), len(y)
        src[b, 0], src[b, 1 : n + 1], src[b, n + 1] = BOS_ID, vocab.ids(x), EOS_ID
        if given:
            focus[b, 1 : n + 1] = given[0]
        tgt_in[b, 0], tgt_in[b, 1 : m + 1] = BOS_ID, lat.gen_ids
        gen_ids[b, :m], gen_ids[b, m] = lat.gen_ids, EOS_ID
        gen_ok[b, :m] = lat.gen_ok
        src_len[b], tgt_len[b] = n + 2, m
        copies.append(np.concatenate([np.full((len(lat.copies), 1), b), lat.copies], axis=1))
        longest.append(np.concatenate([np.full((len(lat.longest), 1), b), lat.longest], axis=1))
    return Batch(
        src=torch.from_numpy(src),
        src_len=torch.from_numpy(src_len),
        focus=torch.from_numpy(focus),
        tgt_in=torch.from_numpy(tgt_in),
        tgt_len=torch.from_numpy(tgt_len),
        gen_ids=torch.from_numpy(gen_ids),
        gen_ok=torch.from_numpy(gen_ok),
        copies=torch.from_numpy(np.concatenate(copies).astype(np.int64)).reshape(-1, 4),
        longest=torch.from_numpy(np.concatenate(longest).astype(np.int64)).reshape(-1, 3),
        ngrams=torch.from_numpy(input_ngrams([x for x, *_ in pairs], char_ngrams, S + 2)),
    )
