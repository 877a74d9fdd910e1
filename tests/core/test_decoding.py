"""Beam search: exact marginals with a wide beam, greedy, variants, cancellation, batching."""

from __future__ import annotations

import itertools
import math

import pytest
import torch

from spancopy_core.actions import Copy, Gen, apply_actions
from spancopy_core.decoding import DecodingCancelled, beam_search
from spancopy_core.objective import sequence_log_likelihood
from spancopy_core.vocab import EOS_ID, UNK

from .tiny import make_batch, tiny_model

INPUTS = [["a", "b", "a"], ["x", "c"], []]


def exact_log_prob(model, x, y):
    """log P(y | x) summed over every derivation, from the (brute-force-tested) objective."""
    batch = make_batch([(x, y)], copy_mode=model.config.copy_mode)
    with torch.no_grad():
        return sequence_log_likelihood(model.scores(batch), batch, "marginal")[0].item()


def reachable(x, max_len):
    """Every output of at most max_len tokens (vocabulary tokens, UNK and input tokens)."""
    alphabet = sorted({"a", "b", "c", UNK, *x})
    return {seq for n in range(max_len + 1) for seq in itertools.product(alphabet, repeat=n)}


@pytest.mark.parametrize("variant", ["merged", "merge_at_end"])
@pytest.mark.parametrize("copy_mode", ["span", "token"])
def test_wide_beam_gives_exact_marginals(variant, copy_mode):
    model = tiny_model(copy_mode, seed=3)
    max_len = 3
    results = beam_search(
        model, INPUTS, beam_size=10**5, top_k=10**5, variant=variant, max_len=max_len
    )
    for x, hyps in zip(INPUTS, results):
        assert {tuple(h.tokens) for h in hyps} == reachable(x, max_len)
        assert [h.log_prob for h in hyps] == sorted((h.log_prob for h in hyps), reverse=True)
        for h in hyps:
            assert h.log_prob == pytest.approx(exact_log_prob(model, x, h.tokens), abs=2e-4)
            assert apply_actions(x, h.actions[:-1]) == h.tokens
            assert h.actions[-1] == Gen("</s>")
        assert sum(math.exp(h.log_prob) for h in hyps) <= 1 + 1e-5


def test_merging_beats_merge_at_end_with_a_narrow_beam():
    # With a narrow beam, merging rays frees beam slots that merge_at_end spends on equal
    # outputs, so its best hypothesis is at least as probable and never a duplicate.
    model = tiny_model(seed=5)
    x = ["a", "b", "a", "b", "a", "c"]
    merged = beam_search(model, [x], beam_size=3, top_k=3, variant="merged")[0]
    at_end = beam_search(model, [x], beam_size=3, top_k=3, variant="merge_at_end")[0]
    assert len({tuple(h.tokens) for h in merged}) == len(merged)
    assert merged[0].log_prob >= at_end[0].log_prob - 1e-6
    exact = exact_log_prob(model, x, merged[0].tokens)
    assert merged[0].log_prob <= exact + 1e-4


def manual_greedy(model, x, max_len):
    """Follow the single most probable action, scoring each prefix by teacher forcing."""
    y, actions = [], []
    V = len(model.vocab)
    while True:
        batch = make_batch([(x, y)])
        with torch.no_grad():
            sc = model.scores(batch)
        k = len(y)
        options = [
            (sc.gen[0, k, v].item(), Gen(model.vocab.itos[v]))
            for v in range(V)
            if len(y) < max_len or v == EOS_ID
        ]
        for i in range(len(x)):
            for j in range(i + 1, min(len(x), i + max_len - len(y)) + 1):
                options.append((sc.start[0, k, i].item() + sc.end[0, k, j - 1].item(), Copy(i, j)))
        _, best = max(options, key=lambda o: o[0])
        actions.append(best)
        if best == Gen("</s>"):
            return y, actions
        y = y + ([best.token] if isinstance(best, Gen) else x[best.i : best.j])


def test_greedy_follows_the_best_action():
    for seed in range(4):
        model = tiny_model(seed=seed)
        for x in INPUTS:
            (hyp,) = beam_search(model, [x], variant="greedy", max_len=8)[0]
            tokens, actions = manual_greedy(model, x, 8)
            assert hyp.tokens == tokens and hyp.actions == actions


def test_should_stop_is_polled_every_step():
    model = tiny_model()
    calls = []

    def stop():
        calls.append(1)
        return len(calls) >= 3

    with pytest.raises(DecodingCancelled):
        beam_search(model, INPUTS, beam_size=4, max_len=50, should_stop=stop)
    assert len(calls) == 3


def test_batched_equals_one_by_one():
    model = tiny_model(seed=7)
    inputs = [["a", "b", "c", "a", "b"], ["x"], ["c", "c", "a", "x", "b", "a", "c"], []]
    together = beam_search(model, inputs, beam_size=6, top_k=6)
    for x, hyps in zip(inputs, together):
        alone = beam_search(model, [x], beam_size=6, top_k=6)[0]
        assert [h.tokens for h in hyps] == [h.tokens for h in alone]
        assert [h.actions for h in hyps] == [h.actions for h in alone]
        for h, g in zip(hyps, alone):
            assert h.log_prob == pytest.approx(g.log_prob, abs=1e-4)


def test_bad_arguments():
    model = tiny_model()
    with pytest.raises(ValueError, match="variant"):
        beam_search(model, INPUTS, variant="sampled")
    with pytest.raises(ValueError, match="positive"):
        beam_search(model, INPUTS, beam_size=0)
    assert beam_search(model, []) == []
