"""Shared tiny fixtures for the core tests: a 3-token vocabulary and small models."""

from __future__ import annotations

import torch

from spancopy_core.editing.alignment import align
from spancopy_core.paper.batch import collate
from spancopy_core.paper.config import ModelConfig
from spancopy_core.paper.lattice import build_lattice
from spancopy_core.paper.model import SpanCopyModel
from spancopy_core.paper.vocab import Vocabulary

TINY_VOCAB = Vocabulary(["a", "b", "c"])
ALPHABET = ["a", "b", "c", "x"]  # "x" is out of vocabulary


def tiny_model(copy_mode: str = "span", objective: str = "marginal", seed: int = 0, **kw):
    torch.manual_seed(seed)
    cfg = ModelConfig(
        embedding_dim=8, hidden_size=8, dropout=0.0, copy_mode=copy_mode, objective=objective, **kw
    )
    model = SpanCopyModel(cfg, TINY_VOCAB)
    if cfg.edit_dim:  # the edit's terms start at zero: give them a say
        for layer in (model.edit_encoder.to_state, model.edit_encoder.to_output):
            torch.nn.init.normal_(layer.weight)
    # Spread the scores so that probabilities are far from uniform.
    with torch.no_grad():
        for p in model.parameters():
            p.mul_(4.0)
    return model.eval()


def make_batch(pairs, vocab=TINY_VOCAB, copy_mode: str = "span", edits=None):
    """The batch of ``pairs``; with ``edits`` (one (before, after) per pair), each pair
    carries the aligned edit."""
    max_copy = 1 if copy_mode == "token" else None
    examples = [(x, y, build_lattice(x, y, vocab, max_copy)) for x, y in pairs]
    if edits is not None:
        examples = [(*e, None, align(b, a)) for e, (b, a) in zip(examples, edits, strict=True)]
    return collate(examples, vocab)
