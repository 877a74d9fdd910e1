"""Log-probabilities of a few hypotheses as plain Python floats (no torch).

The beam search and the repair candidates add up the probability mass of a handful of
hypotheses; this is the one place that does it, shifted by the maximum so that ``exp`` stays
in range. torch-free, so that the server's event-loop process never imports torch for it.
"""

from __future__ import annotations

import math
from collections.abc import Sequence


def logsumexp(values: Sequence[float]) -> float:
    """``log(sum(exp(v)))`` of Python floats, shifted by the maximum; ``-inf`` when empty."""
    if not values:
        return -math.inf
    m = max(values)
    if math.isinf(m):
        return m
    return m + math.log(sum(math.exp(v - m) for v in values))
