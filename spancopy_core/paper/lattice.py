"""The lattice of correct actions for one (input, target) training pair (paper Eq. 2).

``M[k, i]`` is the length of the longest common run of ``target[k:]`` and ``inputs[i:]``, so
the correct copies at output position ``k`` are ``Copy(i, i + l)`` for ``1 <= l <= M[k, i]``.
They are collected once per pair as a sparse ``(k, i, l)`` list (``sum(M)`` rows, about
``n**2 / 2`` for a typical edit) because they do not depend on the parameters. ``Gen`` of the
target token is correct when it is in the vocabulary; ``Gen(UNK)`` is correct iff the target
token is out of vocabulary and cannot be copied (the paper's UNK rule). Pure numpy.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from spancopy_core.paper.vocab import Vocabulary


@dataclass(frozen=True)
class Lattice:
    """Correct actions of one pair. ``n`` input and ``m`` target tokens (EOS not included)."""

    n: int
    m: int
    match: np.ndarray  # (m, n) int32: M[k, i], longest common run of target[k:] and inputs[i:]
    copies: np.ndarray  # (N, 3) int32 rows (k, i, l): Copy(i, i + l) is correct at position k
    gen_ids: np.ndarray  # (m,) int64: id that Gen must emit at k (the token's id, or UNK)
    gen_ok: np.ndarray  # (m,) bool: that Gen is a correct action at k
    longest: np.ndarray  # (P, 2) int32 rows (k, l): the longest-correct-action decomposition


def match_table(in_keys: np.ndarray, out_keys: np.ndarray) -> np.ndarray:
    """``M[k, i] = out[k] == in[i] ? 1 + M[k+1, i+1] : 0`` as an (m, n) int32 array."""
    m, n = len(out_keys), len(in_keys)
    eq = out_keys[:, None] == in_keys[None, :]  # (m, n)
    M = np.zeros((m + 1, n + 1), dtype=np.int32)
    for k in range(m - 1, -1, -1):
        M[k, :n] = eq[k] * (1 + M[k + 1, 1:])
    return M[:m, :n]


def build_lattice(
    inputs: list[str],
    target: list[str],
    vocab: Vocabulary,
    max_copy_len: int | None = None,
) -> Lattice:
    """Correct actions for producing ``target`` from ``inputs``; ``max_copy_len=1`` gives the
    CopyTok lattice (copies of single tokens only)."""
    oov: dict[str, int] = {}
    _, in_keys = vocab.encode(inputs, oov)
    out_ids, out_keys = vocab.encode(target, oov)
    M = match_table(np.asarray(in_keys, dtype=np.int64), np.asarray(out_keys, dtype=np.int64))
    m, n = M.shape
    capped = M if max_copy_len is None else np.minimum(M, max_copy_len)

    # Copies: one row per (k, i, l) with 1 <= l <= capped[k, i].
    ks, is_ = np.nonzero(capped)
    counts = capped[ks, is_]
    total = int(counts.sum())
    starts = np.repeat(np.cumsum(counts) - counts, counts)
    ls = np.arange(total, dtype=np.int64) - starts + 1
    copies = (
        np.stack([np.repeat(ks, counts), np.repeat(is_, counts), ls], axis=1)
        .astype(np.int32)
        .reshape(total, 3)
    )

    in_vocab = np.asarray([k >= 0 for k in out_keys], dtype=bool)
    copyable = capped.max(axis=1) > 0 if n else np.zeros(m, dtype=bool)
    gen_ok = in_vocab | ~copyable
    gen_ids = np.asarray(out_ids, dtype=np.int64)

    # Longest decomposition: at each k take the longest correct action (a Gen has length 1).
    longest = []
    k = 0
    while k < m:
        step = max(1, int(capped[k].max()) if n else 1)
        longest.append((k, step))
        k += step
    return Lattice(
        n=n,
        m=m,
        match=M,
        copies=copies,
        gen_ids=gen_ids,
        gen_ok=gen_ok,
        longest=np.asarray(longest, dtype=np.int32).reshape(-1, 2),
    )
