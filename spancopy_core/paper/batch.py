"""Padded training batches: token ids plus the lattices of correct actions as flat tensors.

:func:`collate` runs where the lattices are computed (DataLoader workers in training) and only
concatenates numpy arrays; :meth:`Batch.to` moves the result to the model's device. The input
sequence is wrapped as ``BOS x_1 .. x_n EOS`` for the encoder; copy positions ``i`` index the
real tokens ``x_{i+1}`` (0-based), so BOS/EOS can never be copied. For a model with an edit
encoder every example also carries the edit it applies (an
:class:`~spancopy_core.editing.alignment.Alignment`), padded by :func:`pad_edits`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, fields
from typing import cast

import numpy as np
import torch

from spancopy_core.editing.alignment import PAD_TAG, Alignment
from spancopy_core.paper.context import has_context, segment_ids
from spancopy_core.paper.focus import NONE
from spancopy_core.paper.lattice import Lattice
from spancopy_core.paper.model_types import EditTensors
from spancopy_core.paper.ngrams import input_ngrams
from spancopy_core.paper.vocab import BOS_ID, EOS_ID, PAD_ID, Vocabulary


@dataclass
class Batch:
    """``B`` pairs, ``S`` = longest input, ``T`` = longest target + 1 (the EOS position)."""

    src: torch.Tensor  # (B, S + 2) input ids with BOS/EOS, PAD after
    src_len: torch.Tensor  # (B,) n + 2
    focus: (
        torch.Tensor
    )  # (B, S + 2) focus ids of the input (spancopy_core.paper.focus), NONE at BOS/EOS/PAD
    tgt_in: torch.Tensor  # (B, T) decoder inputs: BOS y_1 .. y_m, PAD after
    tgt_len: torch.Tensor  # (B,) m (tokens before EOS)
    gen_ids: torch.Tensor  # (B, T) id Gen must emit at k (EOS at k = m), PAD after
    gen_ok: torch.Tensor  # (B, T) bool: Gen is correct at k < m (EOS at m is handled apart)
    copies: torch.Tensor  # (N, 4) int64 rows (b, k, i, l): Copy(i, i + l) correct at (b, k)
    longest: torch.Tensor  # (P, 3) int64 rows (b, k, l) of the longest decomposition
    ngrams: torch.Tensor  # (B, S + 2, G) character n-gram ids of the inputs, G = 0 when off
    edit_before: torch.Tensor  # (B, A) the edits (EditTensors); A = 0 when there are none
    edit_after: torch.Tensor  # (B, A)
    edit_tags: torch.Tensor  # (B, A)
    edit_len: torch.Tensor  # (B,)

    @property
    def num_tokens(self) -> int:
        """Target tokens including each EOS: the denominator of the per-token loss."""
        return int((self.tgt_len + 1).sum())

    @property
    def edit(self) -> EditTensors | None:
        """The edits of the examples, or None when the batch has none."""
        if self.edit_tags.size(1) == 0:
            return None
        return EditTensors(self.edit_before, self.edit_after, self.edit_tags, self.edit_len)

    def to(self, device: torch.device | str, non_blocking: bool = False) -> Batch:
        """The batch on ``device``; ``non_blocking`` copies pinned memory asynchronously."""
        return Batch(
            **{
                f.name: getattr(self, f.name).to(device, non_blocking=non_blocking)
                for f in fields(self)
            }
        )

    def pin_memory(self) -> Batch:
        return Batch(**{f.name: getattr(self, f.name).pin_memory() for f in fields(self)})


# (inputs, target, lattice), optionally followed by the focus ids of the inputs (or None) and
# then by the edit that the example applies
Example = (
    tuple[list[str], list[str], Lattice]
    | tuple[list[str], list[str], Lattice, list[int] | None]
    | tuple[list[str], list[str], Lattice, list[int] | None, Alignment]
)


def pad_edits(
    edits: Sequence[Alignment], vocab: Vocabulary
) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """The arrays of :class:`~spancopy_core.paper.model_types.EditTensors` for ``edits``: before and
    after ids (B, A) with PAD at gaps, tags (B, A) and lengths (B,). ``A`` and every length
    are at least 1 (an empty edit is one PAD_TAG position), as the encoder's GRU needs."""
    B = len(edits)
    A = max(1, max((len(e.tags) for e in edits), default=0))
    before = np.full((B, A), PAD_ID, dtype=np.int64)
    after = np.full((B, A), PAD_ID, dtype=np.int64)
    tags = np.full((B, A), PAD_TAG, dtype=np.int64)
    lengths = np.ones(B, dtype=np.int64)
    for b, e in enumerate(edits):
        n = len(e.tags)
        for out, side in ((before, e.before), (after, e.after)):
            present = [p for p, t in enumerate(side) if t is not None]
            out[b, present] = vocab.ids([t for t in side if t is not None])
        tags[b, :n] = e.tags
        lengths[b] = max(1, n)
    return before, after, tags, lengths


def collate(pairs: Sequence[Example], vocab: Vocabulary, char_ngrams: int = 0) -> Batch:
    """Pad examples into one :class:`Batch` (without focus ids, the focus is NONE; the context
    segment of an input is marked CONTEXT, :mod:`spancopy_core.paper.context`), with the
    hashed character n-grams of the inputs in ``char_ngrams`` buckets (none when 0). Either
    every example carries an edit or none does."""
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
    copies: list[np.ndarray] = []
    longest: list[np.ndarray] = []
    edits: list[Alignment] = []
    for b, (x, y, lat, *extra) in enumerate(pairs):
        n, m = len(x), len(y)
        src[b, 0], src[b, 1 : n + 1], src[b, n + 1] = BOS_ID, vocab.ids(x), EOS_ID
        # Example is a union of tuples: its 4th item is the focus ids, its 5th the edit
        given = cast("list[int] | None", extra[0] if extra else None)
        if given is not None or has_context(x):
            focus[b, 1 : n + 1] = segment_ids(x, given)
        if len(extra) > 1:
            edits.append(cast(Alignment, extra[1]))
        tgt_in[b, 0], tgt_in[b, 1 : m + 1] = BOS_ID, lat.gen_ids
        gen_ids[b, :m], gen_ids[b, m] = lat.gen_ids, EOS_ID
        gen_ok[b, :m] = lat.gen_ok
        src_len[b], tgt_len[b] = n + 2, m
        copies.append(np.concatenate([np.full((len(lat.copies), 1), b), lat.copies], axis=1))
        longest.append(np.concatenate([np.full((len(lat.longest), 1), b), lat.longest], axis=1))
    if edits and len(edits) != B:
        raise ValueError("either every example of a batch carries an edit or none does")
    empty = np.zeros((B, 0), dtype=np.int64)
    edit_before, edit_after, edit_tags, edit_len = (
        pad_edits(edits, vocab) if edits else (empty, empty, empty, np.zeros(B, dtype=np.int64))
    )
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
        edit_before=torch.from_numpy(edit_before),
        edit_after=torch.from_numpy(edit_after),
        edit_tags=torch.from_numpy(edit_tags),
        edit_len=torch.from_numpy(edit_len),
    )
