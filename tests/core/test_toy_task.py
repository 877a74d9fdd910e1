"""A small span-copy model learns a toy editing task and decodes it by copying long spans.

Each target is a random sequence of 6-14 words with one ``open close`` pair; the input is the
target with one token inserted (``junk``), deleted (the ``close``) or replaced (one of four
words ``w_k`` by its twin ``t_k``). Every edit is detectable from the input, but the rest of
the sequence is random, so only copying reproduces it. A small model (one thread, fixed seed)
trains for 200 steps, a few seconds on a CPU.
"""

from __future__ import annotations

import random

import torch

from spancopy_core.evaluation.metrics import evaluate, span_statistics
from spancopy_core.paper.config import ModelConfig
from spancopy_core.paper.decoding import beam_search
from spancopy_core.paper.model import SpanCopyModel
from spancopy_core.paper.vocab import Vocabulary
from tests.toy import train_steps

WORDS = [f"w{k}" for k in range(12)]
TWINS = {w: f"t{k}" for k, w in enumerate(WORDS[:4])}


def make_pair(rng: random.Random) -> tuple[list[str], list[str]]:
    y = [rng.choice(WORDS) for _ in range(rng.randint(6, 14))]
    p = rng.randint(0, len(y))
    y[p:p] = ["open", "close"]
    x = list(y)
    kind = rng.randrange(3)
    if kind == 0:
        x.insert(rng.randint(0, len(x)), "junk")
    elif kind == 1:
        x.remove("close")
    else:
        q = rng.choice([i for i, t in enumerate(x) if t in WORDS])
        x[q] = TWINS[rng.choice(WORDS[:4])]
        y[q] = WORDS[int(x[q][1:])]
    return x, y


def test_span_copy_learns_toy_edits(one_thread):
    rng = random.Random(0)
    torch.manual_seed(0)
    vocab = Vocabulary([*WORDS, *TWINS.values(), "open", "close", "junk"])
    config = ModelConfig(embedding_dim=16, hidden_size=48, encoder_layers=1, dropout=0.0)
    model = SpanCopyModel(config, vocab)
    steps = 200
    train_steps(model, vocab, [make_pair(rng) for _ in range(16 * steps)], steps, 1e-2, decay=True)

    test = [make_pair(random.Random(1000 + s)) for s in range(100)]
    inputs = [x for x, _ in test]
    greedy = beam_search(model, inputs, variant="greedy")
    acc = evaluate([[h.tokens for h in hs] for hs in greedy], [y for _, y in test], inputs)
    stats = span_statistics([hs[0].actions for hs in greedy])
    # Targets hold 8-16 tokens and one edit: the model copies the runs around it whole.
    assert acc["top1"] >= 0.9, (acc, stats)
    assert stats["mean_copy_length"] >= 4, stats
