"""Log-space helpers shared by the objective and the beam search.

``NEG`` is the finite log-space zero (impossible actions, padding): unlike ``-inf`` it keeps
every sum and gradient finite. :func:`segment_logsumexp` reduces values that share a segment
index, the sparse ``logsumexp`` that the lattice and the ray merging need.
"""

from __future__ import annotations

import torch

NEG = -1e9


def segment_logsumexp(
    values: torch.Tensor, index: torch.Tensor, size: int
) -> tuple[torch.Tensor, torch.Tensor]:
    """Reduce the last dimension of ``values`` (..., N) into ``size`` segments by ``index`` (N,).

    Returns ``(lse, mx)``, both (..., size): the log-sum-exp and the maximum of each segment,
    ``NEG`` for empty segments. The shift by the (detached) maximum keeps exp() in range.
    """
    shape = (*values.shape[:-1], size)
    idx = index.expand_as(values)
    mx = values.new_full(shape, NEG).scatter_reduce(
        -1, idx, values.detach(), reduce="amax", include_self=True
    )
    shifted = (values - mx.gather(-1, idx)).exp()
    total = values.new_zeros(shape).scatter_add(-1, idx, shifted)
    lse = torch.where(total > 0, mx + total.clamp_min(1e-30).log(), values.new_full((), NEG))
    return lse, mx
