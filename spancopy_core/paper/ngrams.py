"""Hashed character n-grams: how a model with ``ModelConfig.char_ngrams > 0`` sees spelling: each
token's embedding also gets the mean embedding of its lower-case character n-grams (fastText
style, :data:`SIZES`), hashed with CRC-32 into ``buckets`` ids (0 pads), so that the ids are
the same in every process.
Design notes: docs/design.md#paper-ngrams.
"""

from __future__ import annotations

import zlib
from collections.abc import Sequence
from functools import lru_cache

import numpy as np

SIZES = (2, 3, 4)  # n-gram lengths
MAX_NGRAMS = 24  # n-grams kept per token (the first ones: a long token's start)


@lru_cache(maxsize=2**16)
def ngram_ids(token: str, buckets: int) -> tuple[int, ...]:
    """The hashed ids (``1..buckets``) of the character n-grams of ``<token>`` in lower case,
    shortest n first, at most :data:`MAX_NGRAMS`."""
    marked = f"<{token.lower()}>"
    ids = []
    for n in SIZES:
        for i in range(len(marked) - n + 1):
            ids.append(zlib.crc32(marked[i : i + n].encode("utf-8", "surrogatepass")) % buckets + 1)
    return tuple(ids[:MAX_NGRAMS])


def ngram_matrix(tokens: Sequence[str], buckets: int, width: int) -> np.ndarray:
    """(len(tokens), width) int64 n-gram ids of each token, 0-padded (``width`` at least the
    longest row, at most :data:`MAX_NGRAMS`)."""
    out = np.zeros((len(tokens), width), dtype=np.int64)
    for k, token in enumerate(tokens):
        ids = ngram_ids(token, buckets)[:width]
        out[k, : len(ids)] = ids
    return out


def width(token_lists: Sequence[Sequence[str]], buckets: int) -> int:
    """The n-gram width of a batch: the most n-grams of one of its tokens (0 when off)."""
    if buckets <= 0:
        return 0
    return max((len(ngram_ids(t, buckets)) for tokens in token_lists for t in tokens), default=1)


def input_ngrams(token_lists: Sequence[Sequence[str]], buckets: int, length: int) -> np.ndarray:
    """(B, length, G) ids of the inputs as the encoder sees them (``BOS x EOS``, PAD after):
    row ``b``'s tokens at positions ``1..n``, zeros elsewhere; G = 0 when ``buckets`` is 0."""
    G = width(token_lists, buckets)
    out = np.zeros((len(token_lists), length, G), dtype=np.int64)
    if G:
        for b, tokens in enumerate(token_lists):
            out[b, 1 : len(tokens) + 1] = ngram_matrix(tokens, buckets, G)
    return out
