"""Beam search: exact marginals and best derivations with a wide beam, the pure selection step
on hand-made scores, merge groups, greedy, variants, cancellation, batching."""

from __future__ import annotations

import functools
import itertools
import math

import numpy as np
import pytest
import torch
from hypothesis import given, settings
from hypothesis import strategies as st

from spancopy_core.editing.alignment import align, side
from spancopy_core.paper.actions import Copy, Gen, apply_actions
from spancopy_core.paper.decoding import (
    Beam,
    DecodingCancelled,
    MergeGroups,
    Ray,
    SlotLayout,
    advance,
    beam_search,
    candidate_log_probs,
    same_output_groups,
)
from spancopy_core.paper.logspace import NEG
from spancopy_core.paper.model_types import Scores
from spancopy_core.paper.objective import best_derivation_log_prob, sequence_log_likelihood
from spancopy_core.paper.vocab import BOS, EOS, EOS_ID, UNK

from .tiny import TINY_VOCAB, make_batch, tiny_model

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


@functools.cache
def wide_beam(variant, copy_mode):
    """Every output of at most 3 tokens of each of INPUTS, from a beam too wide to prune."""
    model = tiny_model(copy_mode, seed=3)
    return model, beam_search(
        model, INPUTS, beam_size=10**5, top_k=10**5, variant=variant, max_len=3
    )


@pytest.mark.parametrize("variant", ["merged", "merge_at_end"])
@pytest.mark.parametrize("copy_mode", ["span", "token"])
def test_wide_beam_gives_exact_marginals(variant, copy_mode):
    model, results = wide_beam(variant, copy_mode)
    for x, hyps in zip(INPUTS, results):
        assert {tuple(h.tokens) for h in hyps} == reachable(x, 3)
        assert [h.log_prob for h in hyps] == sorted((h.log_prob for h in hyps), reverse=True)
        for h in hyps:
            assert h.log_prob == pytest.approx(exact_log_prob(model, x, h.tokens), abs=2e-4)
            assert apply_actions(x, h.actions[:-1]) == h.tokens
            assert h.actions[-1] == Gen("</s>")
        assert sum(math.exp(h.log_prob) for h in hyps) <= 1 + 1e-5


def derivation_log_prob(scores, b, x, actions):
    """log q of one action sequence, scored by teacher forcing position by position."""
    total, k = 0.0, 0
    for action in actions:
        if isinstance(action, Gen):
            score = scores.gen[b, k, TINY_VOCAB.id(action.token)]
        else:
            score = scores.start[b, k, action.i] + scores.end[b, k, action.j - 1]
        total += (score - scores.log_z[b, k]).item()
        k += len(apply_actions(x, [action])) if action != Gen(EOS) else 0
    return total


@pytest.mark.parametrize("variant", ["merged", "merge_at_end"])
@pytest.mark.parametrize("copy_mode", ["span", "token"])
def test_wide_beam_actions_are_the_most_probable_derivation(variant, copy_mode):
    model, results = wide_beam(variant, copy_mode)
    for x, hyps in zip(INPUTS, results):
        batch = make_batch([(x, h.tokens) for h in hyps], copy_mode=copy_mode)
        with torch.no_grad():
            scores = model.scores(batch)
            best = best_derivation_log_prob(scores, batch)  # Viterbi, tested on its own
        for b, h in enumerate(hyps):
            got = derivation_log_prob(scores, b, x, h.actions)
            assert got == pytest.approx(best[b].item(), abs=2e-4), (x, h)


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


EDITS = [align(["a", "b"], ["a", "c", "b"]), align(["c"], []), align(["a", "x"], ["x", "a"])]


@pytest.mark.parametrize("copy_mode", ["span", "token"])
def test_wide_beam_with_an_edit_gives_exact_marginals(copy_mode):
    # An edit-representation model applies each input's edit: every reachable output comes
    # out with its exact marginal under that edit (the objective, tested by enumeration).
    model = tiny_model(copy_mode, seed=3, edit_dim=4)
    results = beam_search(model, INPUTS, beam_size=10**5, top_k=10**5, max_len=3, edits=EDITS)
    for x, edit, hyps in zip(INPUTS, EDITS, results):
        assert {tuple(h.tokens) for h in hyps} == reachable(x, 3)
        batch = make_batch(
            [(x, h.tokens) for h in hyps],
            copy_mode=copy_mode,
            edits=[(side(edit.before), side(edit.after))] * len(hyps),
        )
        with torch.no_grad():
            exact = sequence_log_likelihood(model.scores(batch), batch, "marginal")
        for h, want in zip(hyps, exact.tolist()):
            assert h.log_prob == pytest.approx(want, abs=2e-4)
    # Another edit, other probabilities: the search reads the edit.
    other = beam_search(model, INPUTS, beam_size=4, top_k=4, max_len=3, edits=EDITS[::-1])
    top = beam_search(model, INPUTS, beam_size=4, top_k=4, max_len=3, edits=EDITS)
    assert [[h.log_prob for h in hs] for hs in other] != [[h.log_prob for h in hs] for hs in top]
    with pytest.raises(ValueError, match="one edit per input"):
        beam_search(model, INPUTS, edits=EDITS[:1])


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


# -- the selection step on hand-made scores ----------------------------------------------------
# TINY_VOCAB ids: PAD 0, UNK 1, BOS 2, EOS 3, a 4, b 5, c 6 (V = 7). With S = 3 input tokens
# the slot of Copy(i, j) is 7 + 3 * i + (j - 1), written out by hand below.
A, B = 4, 5
LAYOUT = SlotLayout(TINY_VOCAB, 3)
COPY = {(0, 1): 7, (0, 2): 8, (0, 3): 9, (1, 2): 11, (1, 3): 12, (2, 3): 15}


def hand_log_q(probs):
    """(1, 1, C) log-probabilities: ``probs`` {slot: p}, NEG elsewhere."""
    log_q = torch.full((1, 1, LAYOUT.C), NEG)
    for slot, p in probs.items():
        log_q[0, 0, slot] = math.log(p)
    return log_q


def start_beam(inputs):
    return Beam(inputs=inputs, max_len=10, rays=[Ray((), 0.0, 0.0, (), None, (BOS,))], finished={})


def groups_of(inputs):
    return MergeGroups.build([same_output_groups(inputs, LAYOUT, span=True)], LAYOUT.C)


def test_slot_layout_by_hand():
    assert [LAYOUT.action(s) for s in (EOS_ID, A)] == [Gen(EOS), Gen("a")]
    assert {ij: LAYOUT.action(s) for ij, s in COPY.items()} == {ij: Copy(*ij) for ij in COPY}


X = ("a", "b", "a")
# "a" three ways (Gen and two copies), "b" by Gen only, "a b" by one copy, and EOS.
FIRST_STEP = {EOS_ID: 0.1, A: 0.2, COPY[0, 1]: 0.3, COPY[2, 3]: 0.1, COPY[0, 2]: 0.25, B: 0.05}


def first_step(probs: dict[int, float], beam_size: int, top_k: int):
    """The beam of ``X`` after one merging step with the hand-made action ``probs``."""
    (beam,) = advance(
        [start_beam(X)],
        0,
        hand_log_q(probs),
        LAYOUT,
        beam_size=beam_size,
        top_k=top_k,
        merge=True,
        groups=groups_of(X),
    )
    return beam


def test_step_merges_the_actions_of_a_ray_that_yield_the_same_tokens():
    beam = first_step(FIRST_STEP, beam_size=10, top_k=10)
    got = [(r.tokens, math.exp(r.log_prob), math.exp(r.best), r.actions) for r in beam.rays]
    want = [
        (("a",), 0.6, 0.3, (Copy(0, 1),)),
        (("a", "b"), 0.25, 0.25, (Copy(0, 2),)),
        (("b",), 0.05, 0.05, (Gen("b"),)),
    ]
    assert [(t, a) for t, _, _, a in got] == [(t, a) for t, _, _, a in want]
    for (_, p, best, _), (_, wp, wbest, _) in zip(got, want):
        assert (p, best) == pytest.approx((wp, wbest), rel=1e-5)
    assert [r.pending for r in beam.rays] == [("a",), ("a", "b"), ("b",)]
    assert list(beam.finished) == [()] and beam.finished[()].actions == (Gen(EOS),)
    assert not beam.done


def test_step_without_merging_keeps_every_derivation():
    beam = start_beam(X)
    log_q = hand_log_q(FIRST_STEP)
    (after,) = advance([beam], 0, log_q, LAYOUT, beam_size=10, top_k=10, merge=False)
    got = {r.actions: round(math.exp(r.log_prob), 6) for r in after.rays}
    assert got == {
        (Copy(0, 1),): 0.3,
        (Copy(0, 2),): 0.25,
        (Gen("a"),): 0.2,
        (Copy(2, 3),): 0.1,
        (Gen("b"),): 0.05,
    }
    assert beam.rays[0].tokens == () and not beam.finished  # the input beam is left alone


def test_step_merges_a_child_with_a_waiting_ray_of_the_same_tokens():
    # At t = 1, ray "a" (0.5; best derivation 0.3) is extended by "b" (Gen 0.5, Copy 0.3)
    # and meets the ray "a b" (0.2) that a copy made earlier: they become one ray.
    x = ("a", "b")
    layout = SlotLayout(TINY_VOCAB, 2)  # Copy(i, j) at 7 + 2 * i + (j - 1)
    short = Ray(("a",), math.log(0.5), math.log(0.3), (Copy(0, 1),), None, ())
    waiting = Ray(("a", "b"), math.log(0.2), math.log(0.2), (Copy(0, 2),), None, ())
    beam = Beam(inputs=x, max_len=10, rays=[short, waiting], finished={})
    log_q = torch.full((1, 1, layout.C), NEG)
    log_q[0, 0, [B, 7 + 2 * 1 + 1, EOS_ID]] = torch.tensor([0.5, 0.3, 0.2]).log()
    groups = MergeGroups.build([same_output_groups(x, layout, span=True)], layout.C)
    (after,) = advance([beam], 1, log_q, layout, beam_size=10, top_k=10, merge=True, groups=groups)
    (ray,) = after.rays
    assert ray.tokens == ("a", "b") and ray.actions == (Copy(0, 2),)
    assert math.exp(ray.log_prob) == pytest.approx(0.5 * 0.8 + 0.2, rel=1e-5)
    assert math.exp(ray.best) == pytest.approx(0.2, rel=1e-5)  # beats 0.3 * 0.5
    assert list(after.finished) == [("a",)]
    assert math.exp(after.finished[("a",)].log_prob) == pytest.approx(0.1, rel=1e-5)


def test_step_prunes_to_the_beam_and_settles():
    narrow = first_step(FIRST_STEP, beam_size=1, top_k=1)
    assert [r.tokens for r in narrow.rays] == [("a",)] and not narrow.finished
    assert not narrow.done
    # A finished output more probable than everything still live ends the search.
    settled = first_step({EOS_ID: 0.7, A: 0.3}, beam_size=2, top_k=1)
    assert [r.tokens for r in settled.rays] == [("a",)] and list(settled.finished) == [()]
    assert settled.done


def test_candidate_log_probs_mask_what_does_not_fit():
    # Uniform scores over V = 7 Gens and the 6 spans of 3 tokens; log_z = 0 for simplicity.
    zeros = Scores(
        gen=torch.zeros(2, 1, 7),
        start=torch.zeros(2, 1, 3),
        end=torch.zeros(2, 1, 3),
        log_z=torch.zeros(2, 1),
    )
    remaining = torch.tensor([0, 2])  # input 0 must stop; input 1 may take two more tokens
    for span, allowed in ((True, {7, 8, 11, 12, 15}), (False, {7, 11, 15})):
        log_q = candidate_log_probs(zeros, remaining, LAYOUT.span_lengths(span, "cpu"))
        assert log_q.shape == (2, 1, LAYOUT.C)
        assert set(torch.nonzero(log_q[0, 0] > NEG / 2).flatten().tolist()) == {EOS_ID}
        assert set(torch.nonzero(log_q[1, 0] > NEG / 2).flatten().tolist()) == {
            *range(7),
            *allowed,
        }


def groups_by_definition(x, S, span):
    """Merge groups straight from the definition (the search's former O(n^3) set-up): slots
    grouped by the tokens they yield, in order of first occurrence, a Gen first."""
    V = len(TINY_VOCAB)
    classes = {}
    for i in range(len(x)):
        for t in range(i, len(x) if span else i + 1):
            classes.setdefault(tuple(x[i : t + 1]), []).append(V + i * S + t)
    groups = []
    for content, slots in classes.items():
        if len(content) == 1 and content[0] in TINY_VOCAB:
            slots = [TINY_VOCAB.id(content[0]), *slots]
        if len(slots) > 1:
            groups.append(slots)
    return groups


@settings(max_examples=200, deadline=None)
@given(
    x=st.lists(st.sampled_from(["a", "b", "c", "x", "y"]), max_size=14),
    pad=st.integers(0, 3),
    span=st.booleans(),
)
def test_merge_groups_equal_the_definition(x, pad, span):
    S = max(1, len(x)) + pad
    slots, sizes = same_output_groups(x, SlotLayout(TINY_VOCAB, S), span)
    got = [g.tolist() for g in np.split(slots, np.cumsum(sizes)[:-1])] if len(sizes) else []
    assert got == groups_by_definition(x, S, span)
