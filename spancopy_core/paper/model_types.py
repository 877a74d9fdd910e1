"""Tensor bundles that the model hands to the objective and the beam search.

:class:`Memory` holds what the encoder computes once per input and the decoder reuses at every
output position; :class:`Scores` holds the unnormalised action scores of the action head (paper
section 2) and their log-normaliser; :class:`EditTensors` the edits that an edit-representation
model is conditioned on. A leaf module: the model builds these, the objective and
the search read them, and none of them needs to import another to name the types.
"""

from __future__ import annotations

from typing import NamedTuple

import torch


class Memory(NamedTuple):
    """Encoder results for ``B`` inputs of at most ``S`` tokens, reused at every step."""

    states: torch.Tensor  # (B, S + 2, H) encoder states of BOS x_1 .. x_n EOS
    keys: torch.Tensor  # (B, S + 2, H) attention keys W_a r
    mask: torch.Tensor  # (B, S + 2) bool, true on real positions (BOS and EOS included)
    span_keys: torch.Tensor  # (B, 2S, H) [W_s r_i + b_s ; W_e r_t + b_e] over x_1 .. x_n
    span_bias: torch.Tensor  # (B, 1, 2S) 0 on copyable positions, NEG on padding
    edit_bias: torch.Tensor  # (B, 1, H) the edit's term in the attentional output (0: none)
    # (B, S) bool, true on the context segment of x_1 .. x_n; None when no input has one
    segment: torch.Tensor | None
    init_state: torch.Tensor  # (layers, B, H) initial decoder state

    def rows(self, index: torch.Tensor) -> Memory:
        """The rows ``index`` (K,) of this memory, as the memory of K inputs."""
        return Memory(
            states=self.states.index_select(0, index),
            keys=self.keys.index_select(0, index),
            mask=self.mask.index_select(0, index),
            span_keys=self.span_keys.index_select(0, index),
            span_bias=self.span_bias.index_select(0, index),
            edit_bias=self.edit_bias.index_select(0, index),
            segment=None if self.segment is None else self.segment.index_select(0, index),
            init_state=self.init_state.index_select(1, index),  # (layers, K, H)
        )


class EditTensors(NamedTuple):
    """``B`` edits in the aligned form of :mod:`spancopy_core.editing.alignment`, ``A``
    positions."""

    before: torch.Tensor  # (B, A) ids of the before side, PAD at gaps and after the end
    after: torch.Tensor  # (B, A) ids of the after side, PAD at gaps and after the end
    tags: torch.Tensor  # (B, A) alignment tags, PAD_TAG after the end
    lengths: torch.Tensor  # (B,) aligned lengths, at least 1


class Scores(NamedTuple):
    """Unnormalised action scores at ``T`` output positions and their log-normaliser."""

    gen: torch.Tensor  # (B, T, V) generation logits, NEG for PAD and BOS
    start: torch.Tensor  # (B, T, S) a[k, i], NEG where i is not copyable
    end: torch.Tensor  # (B, T, S) e[k, t], NEG where t is not copyable
    log_z: torch.Tensor  # (B, T) log of the sum over every Gen and every allowed Copy
