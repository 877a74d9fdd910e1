"""The objectives and the Viterbi DP equal brute-force enumeration of every action sequence on
tiny cases."""

from __future__ import annotations

import math

import pytest
import torch
from hypothesis import given, settings
from hypothesis import strategies as st

from spancopy_core.paper.logspace import NEG
from spancopy_core.paper.model_types import Scores
from spancopy_core.paper.objective import (
    best_derivation_log_prob,
    correct_action_log_probs,
    marginal,
    sequence_log_likelihood,
)
from spancopy_core.paper.vocab import EOS_ID, UNK, UNK_ID

from .tiny import ALPHABET, TINY_VOCAB, make_batch, tiny_model

seqs = st.lists(st.sampled_from(ALPHABET), min_size=0, max_size=5)
pairs = st.lists(st.tuples(seqs, seqs), min_size=1, max_size=3)


def all_actions(x, copy_mode):
    """Every action as (tokens it yields, kind, payload), straight from the definition."""
    acts = [((TINY_VOCAB.itos[v],), "gen", v) for v in range(len(TINY_VOCAB))]
    for i in range(len(x)):
        for j in range(i + 1, (i + 2 if copy_mode == "token" else len(x) + 1)):
            acts.append((tuple(x[i:j]), "copy", (i, j)))
    return acts


def brute_log_q(scores: Scores, b: int, k: int, x, copy_mode):
    """Materialised log q of every action at (b, k), normalised independently of log_z."""
    raw = []
    for _, kind, p in all_actions(x, copy_mode):
        if kind == "gen":
            raw.append(float(scores.gen[b, k, p]))
        else:
            raw.append(float(scores.start[b, k, p[0]] + scores.end[b, k, p[1] - 1]))
    z = torch.logsumexp(torch.tensor(raw, dtype=torch.float64), 0).item()
    return [(toks, kind, p, r - z) for (toks, kind, p), r in zip(all_actions(x, copy_mode), raw)]


def correct(toks, kind, p, x, y, k):
    """Is the action correct at position k of target y (UNK rule for Gen(UNK))?"""
    if kind == "gen" and p == UNK_ID:
        t = y[k] if k < len(y) else None
        return t is not None and t not in TINY_VOCAB and t not in x
    if kind == "gen" and TINY_VOCAB.itos[p] == UNK:
        return False
    return tuple(y[k : k + len(toks)]) == toks


def brute_force(scores, b, x, y, copy_mode, objective):
    lq = [brute_log_q(scores, b, k, x, copy_mode) for k in range(len(y) + 1)]
    eos = next(v for t, kind, p, v in lq[len(y)] if kind == "gen" and p == EOS_ID)

    def ok(k):
        return [(len(t), v) for t, kind, p, v in lq[k] if correct(t, kind, p, x, y, k)]

    if objective == "marginal":
        total = {len(y): eos}

        for k in range(len(y) - 1, -1, -1):  # every sequence = action at k + sequence from k + l
            terms = [v + total[k + l] for l, v in ok(k)]
            total[k] = torch.logsumexp(torch.tensor(terms, dtype=torch.float64), 0).item()
        return total[0]
    if objective == "any_correct":
        s = eos
        for k in range(len(y)):
            s += torch.logsumexp(torch.tensor([v for _, v in ok(k)], dtype=torch.float64), 0).item()
        return s
    s, k = eos, 0
    while k < len(y):
        acts = ok(k)
        best = max(l for l, _ in acts)
        s += torch.logsumexp(torch.tensor([v for l, v in acts if l == best]), 0).item()
        k += best
    return s


@pytest.mark.parametrize("copy_mode", ["span", "token"])
@pytest.mark.parametrize("objective", ["marginal", "any_correct", "longest"])
@settings(max_examples=25, deadline=None)
@given(data=pairs)
def test_objective_equals_enumeration(data, copy_mode, objective):
    model = tiny_model(copy_mode, objective)
    batch = make_batch(data, copy_mode=copy_mode)
    with torch.no_grad():
        scores = model.scores(batch)
        got = sequence_log_likelihood(scores, batch, objective)
    for b, (x, y) in enumerate(data):
        want = brute_force(scores, b, x, y, copy_mode, objective)
        assert got[b].item() == pytest.approx(want, rel=1e-4, abs=1e-3)


def count_derivations(x, y, copy_mode):
    """Number of action sequences producing y from x, by recursion on the definition."""
    memo = {len(y): 1}
    for k in range(len(y) - 1, -1, -1):
        memo[k] = sum(
            memo[k + len(t)]
            for t, kind, p in all_actions(x, copy_mode)
            if correct(t, kind, p, x, y, k)
        )
    return memo[0]


@pytest.mark.parametrize("copy_mode", ["span", "token"])
@settings(max_examples=40, deadline=None)
@given(data=pairs)
def test_uniform_scores_count_derivations(data, copy_mode):
    batch = make_batch(data, copy_mode=copy_mode)
    B, T = batch.tgt_in.shape
    S, V = batch.src.size(1) - 2, len(TINY_VOCAB)
    zeros = Scores(
        gen=torch.zeros(B, T, V, dtype=torch.float64),
        start=torch.zeros(B, T, S, dtype=torch.float64),
        end=torch.zeros(B, T, S, dtype=torch.float64),
        log_z=torch.zeros(B, T, dtype=torch.float64),
    )
    W, end_term = correct_action_log_probs(zeros, batch)
    counts = marginal(W, end_term).exp()
    for b, (x, y) in enumerate(data):
        assert counts[b].item() == pytest.approx(count_derivations(x, y, copy_mode), rel=1e-9)


def test_identical_sequence_counts_compositions():
    # "abab" from itself, f(k) = derivations of y[k:], counted by hand: single tokens have
    # 3 actions (Gen + 2 copies); "ab" 2 copies; "ba", "aba", "bab", "abab" one each.
    # f(3) = 3, f(2) = 3*3 + 2 = 11, f(1) = 3*11 + 3 + 1 = 37, f(0) = 3*37 + 2*11 + 3 + 1 = 137.
    x = y = ["a", "b", "a", "b"]
    assert count_derivations(x, y, "span") == 137
    data = [(x, y)]
    batch = make_batch(data)
    B, T = batch.tgt_in.shape
    S, V = batch.src.size(1) - 2, len(TINY_VOCAB)
    zeros = Scores(
        gen=torch.zeros(B, T, V),
        start=torch.zeros(B, T, S),
        end=torch.zeros(B, T, S),
        log_z=torch.zeros(B, T),
    )
    W, end_term = correct_action_log_probs(zeros, batch)
    assert math.exp(marginal(W, end_term)[0].item()) == pytest.approx(137, rel=1e-5)


def derivations(x, y, copy_mode):
    """Every action sequence producing y from x (before the final EOS), enumerated one by one
    as lists of (k, kind, payload)."""

    def from_position(k):
        if k == len(y):
            yield []
            return
        for t, kind, p in all_actions(x, copy_mode):
            if correct(t, kind, p, x, y, k):
                for rest in from_position(k + len(t)):
                    yield [(k, kind, p), *rest]

    return list(from_position(0))


@pytest.mark.parametrize("copy_mode", ["span", "token"])
@settings(max_examples=25, deadline=None)
@given(data=pairs)
def test_viterbi_equals_best_enumerated_derivation(data, copy_mode):
    model = tiny_model(copy_mode)
    batch = make_batch(data, copy_mode=copy_mode)
    with torch.no_grad():
        scores = model.scores(batch)
        got = best_derivation_log_prob(scores, batch)
        total = sequence_log_likelihood(scores, batch, "marginal")
    for b, (x, y) in enumerate(data):
        lq = [
            {(kind, p): v for _, kind, p, v in brute_log_q(scores, b, k, x, copy_mode)}
            for k in range(len(y) + 1)
        ]
        every = derivations(x, y, copy_mode)
        assert len(every) == count_derivations(x, y, copy_mode)
        eos = lq[len(y)][("gen", EOS_ID)]
        want = max(sum(lq[k][(kind, p)] for k, kind, p in d) for d in every) + eos
        assert got[b].item() == pytest.approx(want, rel=1e-4, abs=1e-3)
        # One derivation's probability is part of the marginal, and equals it when it is alone.
        assert got[b].item() <= total[b].item() + 1e-4
        if len(every) == 1:
            assert got[b].item() == pytest.approx(total[b].item(), rel=1e-5, abs=1e-4)


def test_impossible_entries_stay_finite():
    # W has no correct action at each EOS position and past each target's end, and none at
    # all for the empty pair: those entries are the finite NEG (minus log_z), not -inf, and
    # the loss and every gradient stay finite.
    model = tiny_model()
    batch = make_batch([(["a"], ["x", "x", "b"]), ([], [])])
    with torch.no_grad():
        W, end_term = correct_action_log_probs(model.scores(batch), batch)
    impossible = W < NEG / 2
    assert impossible.any() and (~impossible).any()
    assert torch.isfinite(W).all() and torch.isfinite(end_term).all()
    loss = model(batch)
    loss.backward()
    assert torch.isfinite(loss)
    assert all(torch.isfinite(p.grad).all() for p in model.parameters() if p.grad is not None)


edits = st.lists(st.tuples(seqs, seqs), min_size=3, max_size=3)


@pytest.mark.parametrize("copy_mode", ["span", "token"])
@settings(max_examples=25, deadline=None)
@given(data=pairs, edit_pairs=edits)
def test_objective_with_an_edit_equals_enumeration(data, edit_pairs, copy_mode):
    # An edit-representation model: every pair is decoded under an edit (any edit, not only
    # its own), which changes the scores; the DP over them still equals the enumeration.
    model = tiny_model(copy_mode, edit_dim=4)
    batch = make_batch(data, copy_mode=copy_mode, edits=edit_pairs[: len(data)])
    with torch.no_grad():
        scores = model.scores(batch)
        got = sequence_log_likelihood(scores, batch, "marginal")
    for b, (x, y) in enumerate(data):
        want = brute_force(scores, b, x, y, copy_mode, "marginal")
        assert got[b].item() == pytest.approx(want, rel=1e-4, abs=1e-3)
