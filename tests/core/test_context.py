"""The context segment (spancopy_core.paper.context): the objective equals brute-force enumeration
of
the action sequences that copy within a segment only, the beam search finds every output with
its exact marginal and never copies across the separator, a model given the marker computes
what it computed before (and the shipped model, with no context, what the code before the
segment computed), and a small model learns to copy the token a fix needs from the context."""

from __future__ import annotations

import itertools
import json
import random
from pathlib import Path

import pytest
import torch
from hypothesis import given, settings
from hypothesis import strategies as st

from spancopy_core import DEFAULT_JAVA_MODEL
from spancopy_core.paper.actions import Copy, apply_actions
from spancopy_core.paper.batch import collate
from spancopy_core.paper.config import ModelConfig
from spancopy_core.paper.context import MAX_TOKENS, SEPARATOR, join, segment_ids, split
from spancopy_core.paper.decoding import beam_search, candidate_log_probs
from spancopy_core.paper.focus import CONTEXT, INSIDE, NONE, OUTSIDE
from spancopy_core.paper.lattice import build_lattice
from spancopy_core.paper.logspace import NEG
from spancopy_core.paper.model import SpanCopyModel
from spancopy_core.paper.model_types import Scores
from spancopy_core.paper.objective import sequence_log_likelihood
from spancopy_core.paper.scoring import log_probs
from spancopy_core.paper.vocab import EOS_ID, UNK, Vocabulary
from spancopy_core.storage.checkpoint import load_model, save_model
from tests.toy import train_steps

from .test_objective import correct
from .tiny import ALPHABET, TINY_VOCAB, make_batch, tiny_model

REFERENCE = Path(__file__).resolve().parents[1] / "fixtures" / "shipped_reference.json"
WIDE = ALPHABET + ["y"]  # "x" and "y" are out of vocabulary

methods = st.lists(st.sampled_from(ALPHABET), min_size=0, max_size=4)
contexts = st.lists(st.sampled_from(WIDE), min_size=1, max_size=3)
targets = st.lists(st.sampled_from(WIDE), min_size=0, max_size=4)
pairs = st.lists(st.tuples(methods, contexts, targets), min_size=1, max_size=3)


def test_join_split_and_ids_by_hand():
    x = join(["a", "b"], ["c", "x"])
    assert x == ["a", "b", SEPARATOR, "c", "x"]
    assert split(x) == (["a", "b"], ["c", "x"])
    assert split(["a"]) == (["a"], [])
    assert join(["a"], []) == ["a"]
    assert len(join([], ["c"] * 100)) == MAX_TOKENS + 1
    assert segment_ids(x) == [NONE, NONE, CONTEXT, CONTEXT, CONTEXT]
    assert segment_ids(x, [INSIDE, OUTSIDE]) == [INSIDE, OUTSIDE, CONTEXT, CONTEXT, CONTEXT]
    with pytest.raises(ValueError):
        segment_ids(x, [INSIDE])


def allowed_actions(x):
    """Every action as (tokens it yields, kind, payload): Gen of each vocabulary word and
    Copy(i, j) of every span that does not hold the separator (so lies in one segment)."""
    acts = [((TINY_VOCAB.itos[v],), "gen", v) for v in range(len(TINY_VOCAB))]
    for i in range(len(x)):
        for j in range(i + 1, len(x) + 1):
            if SEPARATOR not in x[i:j]:
                acts.append((tuple(x[i:j]), "copy", (i, j)))
    return acts


def brute_marginal(scores, b, x, y):
    """log P(y | x) by enumeration: each action's probability normalised over the allowed
    actions alone (not with the model's log_z), summed over every sequence that yields y."""

    def log_q(k):
        acts = allowed_actions(x)
        raw = torch.tensor(
            [
                float(scores.gen[b, k, p])
                if kind == "gen"
                else float(scores.start[b, k, p[0]] + scores.end[b, k, p[1] - 1])
                for _, kind, p in acts
            ],
            dtype=torch.float64,
        )
        z = torch.logsumexp(raw, 0).item()
        return [(t, kind, p, r - z) for (t, kind, p), r in zip(acts, raw.tolist())]

    table = [log_q(k) for k in range(len(y) + 1)]
    total = {len(y): next(v for _, kind, p, v in table[len(y)] if kind == "gen" and p == EOS_ID)}
    for k in range(len(y) - 1, -1, -1):
        terms = [
            v + total[k + len(t)] for t, kind, p, v in table[k] if correct(t, kind, p, x, y, k)
        ]
        total[k] = torch.logsumexp(torch.tensor(terms, dtype=torch.float64), 0).item()
    return total[0]


def context_model(seed=0):
    """A tiny model with a trained-looking context marker and focus."""
    model = tiny_model(seed=seed, focus=True, context=True)
    with torch.no_grad():
        model.context_marker.normal_(0, 2.0)
        model.focus_embedding.weight.normal_(0, 2.0)
    return model


@pytest.mark.parametrize("with_marker", [False, True])
@settings(max_examples=25, deadline=None)
@given(data=pairs)
def test_objective_equals_enumeration_within_segments(data, with_marker):
    model = context_model() if with_marker else tiny_model()
    examples = [(join(m, c), y) for m, c, y in data]
    batch = make_batch(examples)
    with torch.no_grad():
        scores = model.scores(batch)
        got = sequence_log_likelihood(scores, batch, "marginal")
    for b, (x, y) in enumerate(examples):
        assert got[b].item() == pytest.approx(brute_marginal(scores, b, x, y), rel=1e-4, abs=1e-3)


def test_copies_across_the_separator_have_no_probability_in_the_search():
    # Hand-made scores over x = a SEP b: every span gets score 0 and Gen is impossible, so the
    # allowed spans [0,0] and [2,2] share the probability and the others get NEG.
    S, V = 3, len(TINY_VOCAB)
    scores = Scores(
        gen=torch.full((1, 1, V), NEG),
        start=torch.tensor([[[0.0, NEG, 0.0]]]),
        end=torch.tensor([[[0.0, NEG, 0.0]]]),
        log_z=torch.tensor([[torch.log(torch.tensor(2.0)).item()]]),
    )
    idx = torch.arange(S)
    span_len = (idx[None, :] - idx[:, None] + 1).clamp_min(0)
    segment = torch.tensor([[False, True, True]])
    log_q = candidate_log_probs(scores, torch.tensor([5]), span_len, segment)[0, 0, V:]
    allowed = {(i, t) for i in range(S) for t in range(S) if log_q[i * S + t] > NEG / 2}
    assert allowed == {(0, 0), (2, 2)}
    assert log_q[0].item() == pytest.approx(-torch.log(torch.tensor(2.0)).item())
    # Without the segment, a span from a over SEP to b would be allowed (at score NEG + NEG).
    no_mask = candidate_log_probs(scores, torch.tensor([5]), span_len)[0, 0, V:]
    assert no_mask[0 * S + 2] > log_q[0 * S + 2]


INPUTS = [join(["a", "b"], ["x", "c"]), join([], ["y"]), join(["x", "a"], ["a", "x"]), ["b"]]


def reachable(x, max_len):
    alphabet = sorted({"a", "b", "c", UNK, *x} - {SEPARATOR})
    return {seq for n in range(max_len + 1) for seq in itertools.product(alphabet, repeat=n)}


@pytest.mark.parametrize("variant", ["merged", "merge_at_end"])
def test_wide_beam_with_context_gives_exact_marginals(variant):
    # A beam too wide to prune finds every output of at most 3 tokens exactly once, with its
    # marginal under the objective (proved against enumeration above), and never the
    # separator; every copy of every derivation lies within one segment.
    model = context_model(seed=3)
    results = beam_search(model, INPUTS, beam_size=10**5, top_k=10**5, variant=variant, max_len=3)
    for x, hyps in zip(INPUTS, results):
        assert {tuple(h.tokens) for h in hyps} == reachable(x, 3)
        batch = make_batch([(x, h.tokens) for h in hyps])
        with torch.no_grad():
            exact = sequence_log_likelihood(model.scores(batch), batch, "marginal")
        for h, want in zip(hyps, exact.tolist()):
            assert h.log_prob == pytest.approx(want, abs=2e-4)
            assert apply_actions(x, h.actions[:-1]) == h.tokens
            assert all(SEPARATOR not in x[a.i : a.j] for a in h.actions if isinstance(a, Copy))


def _log_likelihood(model, x, y, ids=None):
    batch = collate([(x, y, build_lattice(x, y, TINY_VOCAB), ids)], TINY_VOCAB)
    with torch.no_grad():
        return float(sequence_log_likelihood(model.scores(batch), batch, "marginal")[0])


def test_a_model_given_the_marker_is_unchanged_until_trained(tmp_path):
    model = tiny_model(focus=True)
    with torch.no_grad():
        model.focus_embedding.weight.normal_(0, 2.0)
    x, y = join(["a", "b"], ["x"]), ["a", "x"]
    ids = segment_ids(x, [INSIDE, OUTSIDE])
    before = [_log_likelihood(model, x, y, ids), _log_likelihood(model, ["a", "b"], ["b"])]
    model.add_context()
    assert model.config.context and model.config.to_dict()["context"] is True
    after = [_log_likelihood(model, x, y, ids), _log_likelihood(model, ["a", "b"], ["b"])]
    assert after == before
    with torch.no_grad():
        model.context_marker.normal_(0, 2.0)
    assert _log_likelihood(model, x, y, ids) != pytest.approx(before[0], abs=1e-4)
    assert _log_likelihood(model, ["a", "b"], ["b"]) == before[1]  # no context: no marker
    save_model(model, TINY_VOCAB, tmp_path / "m")
    loaded = load_model(tmp_path / "m", device="cpu")
    assert loaded.config.context
    assert _log_likelihood(loaded, x, y, ids) == pytest.approx(
        _log_likelihood(model, x, y, ids), abs=1e-5
    )
    # A config without the feature is written as before it existed.
    assert "context" not in ModelConfig().to_dict()


def test_the_shipped_model_computes_what_the_code_before_the_segment_computed():
    # tests/fixtures/shipped_reference.json was written by the code of commit 98eb778.
    ref = json.loads(REFERENCE.read_text())
    model = load_model(DEFAULT_JAVA_MODEL, device="cpu")
    assert not model.config.context
    x, f = ref["input"], ref["focus"]
    hyps = beam_search(model, [x], beam_size=5, top_k=5, focus=[f])[0]
    assert [[" ".join(h.tokens), h.log_prob] for h in hyps] == [
        [t, pytest.approx(lp, abs=2e-4)] for t, lp in ref["beam"]
    ]
    exact = log_probs(model, [(x, f, h.tokens) for h in hyps] + [(x, None, x)])
    assert exact == pytest.approx(ref["exact"], abs=2e-4)


# -- learning to copy from the context ---------------------------------------------------------

WORDS = [f"w{k}" for k in range(10)]
HOLES = ["hole0", "hole1", "hole2"]  # hole k: the fix is the k-th context name


def copy_task(rng: random.Random) -> tuple[list[str], list[str], int]:
    """A method of random words with one hole; its fix puts there the context name that the
    hole names. The names (n0..n99) are out of the vocabulary and not in the method, so only
    a copy from the context writes them. Returns (input, target, position of the name)."""
    method = [rng.choice(WORDS) for _ in range(rng.randint(4, 10))]
    names = rng.sample([f"n{k}" for k in range(100)], 3)
    k = rng.randrange(3)
    p = rng.randrange(len(method))
    target = list(method)
    method[p], target[p] = HOLES[k], names[k]
    return join(method, names), target, p


def test_a_small_model_learns_to_copy_the_name_a_fix_needs_from_the_context(one_thread):
    rng = random.Random(0)
    torch.manual_seed(0)
    vocab = Vocabulary([*WORDS, *HOLES])
    config = ModelConfig(
        embedding_dim=16, hidden_size=48, encoder_layers=1, dropout=0.0, context=True
    )
    model = SpanCopyModel(config, vocab)
    steps = 250
    pairs = [copy_task(rng)[:2] for _ in range(16 * steps)]
    train_steps(model, vocab, pairs, steps, 1e-2, decay=True)

    test = [copy_task(random.Random(1000 + s)) for s in range(100)]
    greedy = beam_search(model, [x for x, _, _ in test], variant="greedy")
    right = 0
    for (x, y, p), (h,) in zip(test, greedy):
        n = len(split(x)[0])
        from_context = [a for a in h.actions if isinstance(a, Copy) and a.i > n]
        right += h.tokens == y and [x[a.i] for a in from_context] == [y[p]]
    assert right >= 90, right
