"""Log-space helpers shared by the objective and the beam search.

``NEG`` is the finite log-space zero (impossible actions, padding): unlike ``-inf`` it keeps
every sum and gradient finite. :func:`segment_logsumexp` and :func:`segment_max` reduce values
that share a segment index, the sparse reductions that the lattice and the ray merging need.
A :class:`Semiring` names the two operations of a dynamic programme over log-probabilities:
:data:`LOG` sums alternatives (marginal likelihood), :data:`MAX` keeps the best one (Viterbi).
The plain-float version for a few Python numbers is
:func:`spancopy_core.paper.probability.logsumexp`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

import torch

NEG = -1e9


def segment_max(values: torch.Tensor, index: torch.Tensor, size: int) -> torch.Tensor:
    """Maximum of the last dimension of ``values`` (..., N) per segment ``index`` (N,).

    Returns (..., size), ``NEG`` for empty segments (and values below it).
    """
    shape = (*values.shape[:-1], size)
    return values.new_full(shape, NEG).scatter_reduce(
        -1, index.expand_as(values), values, reduce="amax", include_self=True
    )


def segment_logsumexp(
    values: torch.Tensor, index: torch.Tensor, size: int
) -> tuple[torch.Tensor, torch.Tensor]:
    """Reduce the last dimension of ``values`` (..., N) into ``size`` segments by ``index`` (N,).

    Returns ``(lse, mx)``, both (..., size): the log-sum-exp and the maximum of each segment,
    ``NEG`` for empty segments. The shift by the (detached) maximum keeps exp() in range.
    """
    idx = index.expand_as(values)
    mx = segment_max(values.detach(), index, size)
    shifted = (values - mx.gather(-1, idx)).exp()
    total = values.new_zeros(mx.shape).scatter_add(-1, idx, shifted)
    lse = torch.where(total > 0, mx + total.clamp_min(1e-30).log(), values.new_full((), NEG))
    return lse, mx


class Semiring(NamedTuple):
    """The "addition" of a dynamic programme over log-probabilities, in three forms.

    Path scores multiply (add in log space) in every semiring; alternatives are combined by
    ``plus`` (two tensors, elementwise), ``sum`` (over one dimension) or ``segment_sum``
    (over the values that share a segment index, ``NEG`` for empty segments).
    """

    plus: Callable[[torch.Tensor, torch.Tensor], torch.Tensor]
    sum: Callable[[torch.Tensor, int], torch.Tensor]
    segment_sum: Callable[[torch.Tensor, torch.Tensor, int], torch.Tensor]


def _segment_lse(values: torch.Tensor, index: torch.Tensor, size: int) -> torch.Tensor:
    return segment_logsumexp(values, index, size)[0]


LOG = Semiring(plus=torch.logaddexp, sum=torch.logsumexp, segment_sum=_segment_lse)
MAX = Semiring(plus=torch.maximum, sum=torch.amax, segment_sum=segment_max)
