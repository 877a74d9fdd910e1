"""``python -m trainer average``: the weighted mean of the weights of models that share an
architecture and a vocabulary (a "model soup", Wortsman et al. 2022), typically two
fine-tunings of one model. Pure but for reading the models: :func:`average` takes loaded
models and returns the averaged state."""

from __future__ import annotations

from collections.abc import Sequence

import torch

from .config import TrainerError


def average(models: Sequence[torch.nn.Module], weights: Sequence[float]) -> dict[str, torch.Tensor]:
    """``sum_k weights[k] * models[k]``'s parameters and buffers, the weights normalised to
    sum to 1; :class:`TrainerError` if the models' states differ in names or shapes, or a
    weight is negative or all are 0."""
    if len(models) != len(weights) or len(models) < 2:
        raise TrainerError("average needs two models or more, and one weight per model")
    if min(weights) < 0 or sum(weights) <= 0:
        raise TrainerError("--weights must be at least 0 and not all 0")
    states = [m.state_dict() for m in models]
    first = {k: v.shape for k, v in states[0].items()}
    for state in states[1:]:
        if {k: v.shape for k, v in state.items()} != first:
            raise TrainerError("the models differ in their parameters: not one architecture")
    total = float(sum(weights))
    return {
        name: sum(w / total * s[name].float() for w, s in zip(weights, states)).to(tensor.dtype)
        for name, tensor in states[0].items()
    }
