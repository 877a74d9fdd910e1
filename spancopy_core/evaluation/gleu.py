"""GLEU for grammatical error correction: "GLEU without tuning" of Napoles et al., as JFLEG has it:
BLEU with a penalty for source n-grams the system kept and the reference changed.
:func:`sentence_stats` gives a sentence's statistics vector, :func:`score` the (corpus) score of
summed vectors, :func:`sentence_gleu` the reference's sentence-level score; with several
references the corpus score averages the reference script's seeded draws, so it reproduces the
published figures.
Design notes: docs/design.md#evaluation-gleu.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Sequence

import numpy as np

ORDER = 4
ITERATIONS = 500
SEED_STEP = 101  # draw j is seeded with SEED_STEP * j, as in JFLEG's eval/gleu.py

Tokens = Sequence[str]


def ngrams(tokens: Tokens, n: int) -> Counter[tuple[str, ...]]:
    """The multiset of the ``n``-grams of ``tokens``."""
    return Counter(tuple(tokens[i : i + n]) for i in range(len(tokens) + 1 - n))


def sentence_stats(source: Tokens, hypothesis: Tokens, reference: Tokens) -> tuple[int, ...]:
    """``(|h|, |r|, numerator_1, denominator_1, ..., numerator_4, denominator_4)`` of one
    hypothesis against one reference (the formula of the module docstring)."""
    stats = [len(hypothesis), len(reference)]
    for n in range(1, ORDER + 1):
        h, s, r = ngrams(hypothesis, n), ngrams(source, n), ngrams(reference, n)
        kept_errors = Counter({g: c for g, c in s.items() if g not in r})
        matched = sum((h & r).values()) - sum((h & kept_errors).values())
        stats += [max(0, matched), max(0, len(hypothesis) + 1 - n)]
    return tuple(stats)


def score(stats: Sequence[float], smooth: bool = False) -> float:
    """GLEU in [0, 1] of a statistics vector (one sentence's, or a corpus sum)."""
    if smooth:
        stats = [s if s != 0 else 1 for s in stats]
    if any(s == 0 for s in stats):
        return 0.0
    hyp_len, ref_len = stats[0], stats[1]
    log_precision = sum(math.log(stats[k] / stats[k + 1]) for k in range(2, len(stats), 2))
    return math.exp(min(0.0, 1 - ref_len / hyp_len) + log_precision / ORDER)


def sentence_gleu(source: Tokens, hypothesis: Tokens, references: Sequence[Tokens]) -> float:
    """Sentence-level GLEU: the mean smoothed score against each reference."""
    per_ref = [score(sentence_stats(source, hypothesis, r), smooth=True) for r in references]
    return sum(per_ref) / len(per_ref)


def reference_draws(counts: Sequence[int], iterations: int = ITERATIONS) -> np.ndarray:
    """(iterations, N) indices: in draw ``j``, the reference used for sentence ``i`` (of
    ``counts[i]``), from ``random.Random(SEED_STEP * j)`` sentence by sentence (Python 2's
    ``randint`` arithmetic, see the module docstring)."""
    draws = np.empty((iterations, len(counts)), dtype=np.int64)
    for j in range(iterations):
        rng = random.Random(SEED_STEP * j)
        draws[j] = [int(rng.random() * c) for c in counts]
    return draws


def corpus_gleu(
    sources: Sequence[Tokens],
    hypotheses: Sequence[Tokens],
    references: Sequence[Sequence[Tokens]],
    iterations: int = ITERATIONS,
) -> float:
    """Corpus GLEU in [0, 1]: the mean over ``iterations`` draws of one reference per sentence
    of the score of the summed statistics; ``references[i]`` are sentence i's references."""
    if not len(sources) == len(hypotheses) == len(references):
        raise ValueError("sources, hypotheses and references must have the same length")
    if not sources:
        raise ValueError("GLEU of an empty corpus")
    if any(not refs for refs in references):
        raise ValueError("every sentence needs at least one reference")
    width = max(len(refs) for refs in references)
    table = np.zeros((len(sources), width, 2 + 2 * ORDER), dtype=np.int64)  # (N, R, 10)
    for i, (s, h, refs) in enumerate(zip(sources, hypotheses, references)):
        for k, r in enumerate(refs):
            table[i, k] = sentence_stats(s, h, r)
    draws = reference_draws([len(refs) for refs in references], iterations)  # (I, N)
    rows = np.arange(len(sources))[None, :]  # (1, N)
    sums = table[rows, draws].sum(axis=1)  # (I, 10)
    return float(np.mean([score(row.tolist()) for row in sums]))
