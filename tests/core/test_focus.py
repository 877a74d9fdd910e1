"""The focus feature: training foci from diffs, and a model that reads it."""

from __future__ import annotations

import random

import pytest
import torch

from spancopy_core.paper import focus
from spancopy_core.paper.batch import collate
from spancopy_core.paper.decoding import beam_search
from spancopy_core.paper.focus import INSIDE, NONE, OUTSIDE
from spancopy_core.paper.lattice import build_lattice
from spancopy_core.paper.objective import sequence_log_likelihood
from spancopy_core.storage.checkpoint import load_model, save_model

from .tiny import TINY_VOCAB, tiny_model

METHOD = "void f ( ) { a = 1 ; if ( a > b ) { g ( ) ; } return ; }".split()


def ids(marks: str) -> list[int]:
    return [{"-": OUTSIDE, "#": INSIDE, ".": NONE}[c] for c in marks]


def test_statements_cover_the_tokens_and_end_after_braces_and_semicolons():
    spans = focus.statements(METHOD)
    assert spans[0] == (0, 5)  # void f ( ) {
    assert [METHOD[e - 1] for _, e in spans] == ["{", ";", "{", ";", "}", ";", "}"]
    assert [i for s, e in spans for i in range(s, e)] == list(range(len(METHOD)))
    assert focus.statements(["a", "b"]) == [(0, 2)]


def test_the_focus_of_a_change_is_its_statement():
    fixed = list(METHOD)
    fixed[METHOD.index(">")] = ">="
    got = focus.from_diff(METHOD, fixed)
    #                  void f ( ) { a = 1 ; if ( a > b ) { g ( ) ; } return ; }
    assert got == ids("-" * 9 + "#" * 7 + "-" * 8)
    inside = [METHOD[i] for i, f in enumerate(got) if f == INSIDE]
    assert inside == "if ( a > b ) {".split()
    assert set(got) == {INSIDE, OUTSIDE}


def test_an_insertion_points_at_the_statement_it_comes_before():
    fixed = METHOD[:5] + "x ( ) ;".split() + METHOD[5:]
    got = focus.from_diff(METHOD, fixed)
    assert [METHOD[i] for i, f in enumerate(got) if f == INSIDE] == "a = 1 ;".split()


def test_a_change_over_two_statements_marks_both():
    fixed = METHOD[:7] + ["2", "+", "while"] + METHOD[10:]  # one change: "1 ; if" replaced
    got = focus.from_diff(METHOD, fixed)
    assert [METHOD[i] for i, f in enumerate(got) if f == INSIDE] == (
        "a = 1 ; if ( a > b ) {".split()
    )


def test_no_change_and_empty_input_have_no_focus():
    assert focus.from_diff(METHOD, METHOD) == [NONE] * len(METHOD)
    assert focus.from_diff([], ["a"]) == []


def test_an_identity_pair_drawn_with_a_generator_marks_one_whole_statement():
    # correct code left as it is (identity training pairs): a cursor on any of its statements
    spans = {(s, e) for s, e in focus.statements(METHOD)}
    rng = random.Random(0)
    seen = set()
    for _ in range(200):
        got = focus.from_diff(METHOD, METHOD, rng)
        inside = [i for i, f in enumerate(got) if f == INSIDE]
        assert set(got) == {INSIDE, OUTSIDE}
        span = (inside[0], inside[-1] + 1)
        assert span in spans and len(inside) == span[1] - span[0]
        seen.add(span)
    assert seen == spans  # every statement gets drawn


def test_noise_draws_each_kind_at_about_its_rate():
    fixed = list(METHOD)
    fixed[METHOD.index(">")] = ">="
    exact = focus.from_diff(METHOD, fixed)
    noise = focus.Noise(none=0.2, neighbour=0.1, wider=0.15)
    rng = random.Random(0)
    kinds = {"none": 0, "exact": 0, "wider": 0, "neighbour": 0}
    n = 4000
    for _ in range(n):
        got = focus.from_diff(METHOD, fixed, rng, noise)
        inside = {i for i, f in enumerate(got) if f == INSIDE}
        want = {i for i, f in enumerate(exact) if f == INSIDE}
        if not inside:
            kinds["none"] += 1
        elif inside == want:
            kinds["exact"] += 1
        elif inside > want:
            kinds["wider"] += 1
        else:
            assert not inside & want
            kinds["neighbour"] += 1
    for kind, p in (("none", 0.2), ("neighbour", 0.1), ("wider", 0.15), ("exact", 0.55)):
        assert abs(kinds[kind] / n - p) < 0.03, (kind, kinds)


def test_bad_noise_is_refused():
    with pytest.raises(ValueError):
        focus.Noise(none=0.6, neighbour=0.3, wider=0.2)


def _log_likelihood(model, x, y, f):
    batch = collate([(x, y, build_lattice(x, y, TINY_VOCAB), f)], TINY_VOCAB)
    with torch.no_grad():
        return float(sequence_log_likelihood(model.scores(batch), batch, "marginal")[0])


def test_a_model_given_the_focus_feature_is_unchanged_until_trained(tmp_path):
    model = tiny_model()
    x, y = list("abca"), list("abb")
    before = _log_likelihood(model, x, y, ids("-##-"))
    model.add_focus()
    assert model.config.focus
    assert _log_likelihood(model, x, y, ids("-##-")) == pytest.approx(before)
    hyps = beam_search(model, [x], beam_size=3, top_k=3, focus=[ids("-##-")])
    assert [h.tokens for h in hyps[0]] == [
        h.tokens for h in beam_search(model, [x], beam_size=3, top_k=3)[0]
    ]


def test_the_focus_changes_what_a_model_with_a_trained_focus_computes(tmp_path):
    model = tiny_model(focus=True)
    with torch.no_grad():
        model.focus_embedding.weight.normal_(0, 2.0)
    x, y = list("abca"), list("abb")
    a = _log_likelihood(model, x, y, ids("-##-"))
    b = _log_likelihood(model, x, y, ids("##--"))
    c = _log_likelihood(model, x, y, ids("...."))
    assert len({round(a, 6), round(b, 6), round(c, 6)}) == 3
    # The focus travels with the checkpoint, and the beam search uses it.
    save_model(model, TINY_VOCAB, tmp_path / "m")
    loaded = load_model(tmp_path / "m", device="cpu")
    assert loaded.config.focus
    assert _log_likelihood(loaded, x, y, ids("-##-")) == pytest.approx(a, abs=1e-5)
    with_focus = beam_search(loaded, [x], beam_size=4, top_k=4, focus=[ids("-##-")])[0]
    direct = {tuple(h.tokens): h.log_prob for h in with_focus}
    for tokens, log_prob in direct.items():
        if log_prob > -30:
            assert _log_likelihood(loaded, x, list(tokens), ids("-##-")) >= log_prob - 1e-4
    with pytest.raises(ValueError):
        beam_search(loaded, [x], focus=[ids("-#")])
