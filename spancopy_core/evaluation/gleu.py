"""GLEU for grammatical error correction: "GLEU without tuning" of Napoles et al., as JFLEG has it.

GLEU (Napoles, Sakaguchi, Post, Tetreault, ACL 2015; revised 2016 for several references, the
version of JFLEG's ``eval/gleu.py``, Napoles, Sakaguchi, Tetreault, EACL 2017) is BLEU with a
penalty for n-grams that the writer should have changed and the system kept. For one hypothesis
``h`` of source ``s`` against one reference ``r``, and each order ``n = 1..4``, with ``#`` the
n-gram multiset of a token list, ``&`` the multiset intersection (the smaller count of each
n-gram) and ``s \\ r`` the n-grams of the source that do not occur in the reference at all (with
their source counts)::

    numerator_n   = max(0, |#h & #r| - |#h & (#s \\ #r)|)
    denominator_n = max(0, |h| + 1 - n)

:func:`sentence_stats` gives the vector ``(|h|, |r|, numerator_1, denominator_1, ...,
numerator_4, denominator_4)``; vectors add over a corpus, and :func:`score` turns a (summed)
vector into ``BP * exp(mean_n log(numerator_n / denominator_n))`` with ``BP = exp(min(0, 1 -
|r| / |h|))``, and 0 when any entry is 0 (``smooth=True`` counts a zero entry as 1, the
reference's sentence-level convention).

With several references, the corpus score is the mean over ``iterations`` (500) draws of one
reference per sentence, as the reference script does: draw ``j`` seeds Python's Mersenne Twister
with ``101 * j`` and picks, sentence by sentence, reference ``int(random() * count)`` -- what the
script's ``random.randint`` computes under Python 2, which the published figures were made with
(Python 3's ``randint`` draws another sequence, and JFLEG dev's source would score 38.20, not the
published 38.21). The score is therefore deterministic and reproduces the published ones.
:func:`sentence_gleu` is the reference's sentence-level score: the mean over the
references of the smoothed score against each. Tokens are compared as given, case included;
splitting text into tokens is the caller's
(``spancopy_core.evaluation.prose_metrics.scoring_tokens``).
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
