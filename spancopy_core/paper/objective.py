"""Training objectives over the lattice of correct actions (paper Eq. 2 and Table 2): ``marginal``
(the suffix recurrence of Eq. 2 summing over every action sequence), :func:`viterbi` (the same
recurrence in the max semiring), ``any_correct`` and ``longest``, as batched tensor operations
with one Python loop over the output positions.
Design notes: docs/design.md#paper-objective.
"""

from __future__ import annotations

import torch

from spancopy_core.paper.batch import Batch
from spancopy_core.paper.logspace import LOG, MAX, NEG, Semiring
from spancopy_core.paper.model_types import Scores
from spancopy_core.paper.vocab import EOS_ID


def correct_action_log_probs(
    scores: Scores, batch: Batch, semiring: Semiring = LOG
) -> tuple[torch.Tensor, torch.Tensor]:
    """Return ``W`` (B, T, L) and the EOS term (B, T), log q of Gen(EOS) at k = m else NEG.

    ``W[b, k, l]`` combines the correct actions of length ``l`` at ``(b, k)`` in ``semiring``:
    their total probability (:data:`LOG`) or the best one's (:data:`MAX`); NEG when none.
    """
    B, T, _ = scores.gen.shape
    positions = torch.arange(T, device=scores.gen.device)
    gen_sc = scores.gen.gather(-1, batch.gen_ids[..., None]).squeeze(-1)  # (B, T)
    eos_lp = scores.gen[..., EOS_ID] - scores.log_z  # (B, T)
    at_end = positions[None, :] == batch.tgt_len[:, None]  # (B, T)
    end_term = torch.where(at_end, eos_lp, torch.full_like(eos_lp, NEG))

    # Setup: one flat list of (segment, unnormalised score) for every correct action.
    S = scores.start.size(-1)
    b, k, i, l = batch.copies.unbind(-1)  # (N,) each
    L = max(1, int(l.max())) if l.numel() else 1
    row = (b * T + k) * S
    start, end = scores.start.reshape(-1), scores.end.reshape(-1)  # (B * T * S,)
    copy_sc = start.index_select(0, row + i) + end.index_select(0, row + i + l - 1)  # (N,)
    gen_ok = batch.gen_ok & (positions[None, :] < batch.tgt_len[:, None])  # (B, T)
    gen_flat = gen_ok.view(-1).nonzero().squeeze(-1)  # (G,) flat b * T + k
    values = torch.cat([copy_sc, gen_sc.reshape(-1).index_select(0, gen_flat)])  # (N + G,)
    segment = torch.cat([(b * T + k) * L + (l - 1), gen_flat * L])  # (N + G,)
    # Reduce: W[b, k, l] = semiring sum of log q over the correct actions of length l at
    # (b, k); every action at (b, k) shares the normaliser, subtracted once per segment.
    W = semiring.segment_sum(values, segment, B * T * L)
    W = W.view(B, T, L) - scores.log_z[..., None]
    return W, end_term


def suffix_dp(W: torch.Tensor, end_term: torch.Tensor, semiring: Semiring) -> torch.Tensor:
    """Suffix DP of Eq. 2 in log space over ``semiring``: (B, T, L), (B, T) -> logP[0] (B,).

    ``logP[k] = plus(sum_l(W[k, l] + logP[k + l]), end_term[k])``; positions past a target's
    end have no correct action (``W`` and ``end_term`` are NEG there), which masks them.
    """
    B, T, L = W.shape
    # Init: window[:, l - 1] holds logP[k + l]; positions past T are impossible.
    window = W.new_full((B, L), NEG)
    log_p = window[:, 0]
    # Scan: right to left over output positions. unbind() once: per-step slicing would
    # allocate a zero gradient of the whole of W at every step of the backward pass.
    W_k, end_k = W.unbind(1), end_term.unbind(1)
    for k in range(T - 1, -1, -1):
        log_p = semiring.plus(semiring.sum(W_k[k] + window, -1), end_k[k])
        window = torch.cat([log_p[:, None], window[:, :-1]], dim=1)
    return log_p


def marginal(W: torch.Tensor, end_term: torch.Tensor) -> torch.Tensor:
    """Log-probability of the target summed over its action sequences (Eq. 2): (B,).

    ``W`` from :func:`correct_action_log_probs` in the :data:`LOG` semiring."""
    return suffix_dp(W, end_term, LOG)


def viterbi(W: torch.Tensor, end_term: torch.Tensor) -> torch.Tensor:
    """Log-probability of the target's most probable action sequence: (B,).

    ``W`` from :func:`correct_action_log_probs` in the :data:`MAX` semiring."""
    return suffix_dp(W, end_term, MAX)


def best_derivation_log_prob(scores: Scores, batch: Batch) -> torch.Tensor:
    """Per pair (B,), the log-probability of the most probable action sequence that produces
    the target (EOS included)."""
    return viterbi(*correct_action_log_probs(scores, batch, MAX))


def any_correct(W: torch.Tensor, end_term: torch.Tensor, tgt_len: torch.Tensor) -> torch.Tensor:
    """Per position log of the summed probability of correct actions, summed: (B,)."""
    T = W.size(1)
    inside = torch.arange(T, device=W.device)[None, :] < tgt_len[:, None]  # (B, T)
    per_pos = torch.logsumexp(W, dim=-1).masked_fill(~inside, 0.0)  # (B, T)
    return per_pos.sum(-1) + end_term.max(-1).values


def longest(W: torch.Tensor, end_term: torch.Tensor, path: torch.Tensor) -> torch.Tensor:
    """Log-probability of the longest-copy action sequence: (B,)."""
    b, k, l = path.unbind(-1)
    per_step = W[b, k, l - 1]  # (P,)
    return end_term.max(-1).values.index_add(0, b, per_step)


def sequence_log_likelihood(scores: Scores, batch: Batch, objective: str) -> torch.Tensor:
    """Per-pair log-likelihood (B,) of ``batch`` targets under ``objective``."""
    W, end_term = correct_action_log_probs(scores, batch)
    if objective == "marginal":
        return marginal(W, end_term)
    if objective == "any_correct":
        return any_correct(W, end_term, batch.tgt_len)
    if objective == "longest":
        return longest(W, end_term, batch.longest)
    raise ValueError(f"unknown objective {objective!r}")
