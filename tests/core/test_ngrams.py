"""The character n-gram feature (ModelConfig.char_ngrams): the ids by hand, where they go in a
batch, that a model with it sees spelling, that it is exact in scoring and decoding, and that
models without it (every model saved before it) are unchanged."""

from __future__ import annotations

import json
import zlib

import pytest
import torch

from spancopy_core.paper.config import ModelConfig
from spancopy_core.paper.decoding import beam_search, encode_inputs
from spancopy_core.paper.model import SpanCopyModel
from spancopy_core.paper.ngrams import MAX_NGRAMS, input_ngrams, ngram_ids
from spancopy_core.paper.scoring import log_probs
from spancopy_core.storage.checkpoint import load_model, save_model

from .tiny import TINY_VOCAB, make_batch, tiny_model


def crc_id(gram: str, buckets: int) -> int:
    return zlib.crc32(gram.encode()) % buckets + 1


def test_ngram_ids_by_hand():
    grams = ["<a", "ab", "b>", "<ab", "ab>", "<ab>"]  # n = 2, 3, 4 of "<ab>"
    assert ngram_ids("ab", 1000) == tuple(crc_id(g, 1000) for g in grams)
    assert ngram_ids("AB", 1000) == ngram_ids("ab", 1000)  # case folded
    assert all(1 <= i <= 7 for i in ngram_ids("receive", 7))
    assert len(ngram_ids("x" * 100, 1000)) == MAX_NGRAMS


def test_input_ngrams_sit_on_the_tokens_of_bos_x_eos():
    grams = input_ngrams([["ab", "c"], ["d"]], 50, 5)  # (B, S + 2, G)
    assert grams.shape == (2, 5, 6)  # "ab" has the most n-grams: 6
    assert list(grams[0, 1]) == list(ngram_ids("ab", 50))
    assert list(grams[0, 2, :3]) == list(ngram_ids("c", 50)) and not grams[0, 2, 3:].any()
    assert not grams[:, 0].any() and not grams[0, 3:].any() and not grams[1, 2:].any()
    assert input_ngrams([["ab"]], 0, 3).shape == (1, 3, 0)  # off: no n-grams


def test_default_model_and_batch_have_no_ngrams():
    model = tiny_model()
    assert model.config.char_ngrams == 0
    assert not any("ngram" in name for name in model.state_dict())
    assert make_batch([(["a", "x"], ["b"])]).ngrams.shape == (1, 4, 0)


def test_a_checkpoint_without_the_field_loads_unchanged(tmp_path):
    model = tiny_model()
    save_model(model, model.vocab, tmp_path)
    config = json.loads((tmp_path / "config.json").read_text())
    assert "char_ngrams" not in config["model"]  # written as before the feature existed
    loaded = load_model(tmp_path, device="cpu")
    assert loaded.config == model.config
    batch = make_batch([(["a", "x", "b"], ["b", "x"])])
    with torch.no_grad():
        assert torch.equal(loaded(batch), model(batch))


def ngram_model(seed: int = 0, copy_mode: str = "span") -> SpanCopyModel:
    model = tiny_model(copy_mode, seed=seed, char_ngrams=64)
    with torch.no_grad():
        model.ngram_embedding.weight.normal_()  # make the spelling matter
    return model


def test_the_encoder_sees_the_spelling_of_unknown_words():
    plain, spelled = tiny_model(), ngram_model()
    inputs = [["a", "xyz"], ["a", "qrs"]]  # two different unknown words
    with torch.no_grad():
        same = encode_inputs(plain, inputs).states
        differ = encode_inputs(spelled, inputs).states
    assert torch.allclose(same[0], same[1])  # both are <unk> without the feature
    assert not torch.allclose(differ[0], differ[1], atol=1e-3)


def test_the_output_embeddings_spell_the_vocabulary():
    model = ngram_model()
    table = model.token_table()  # (V, D)
    grams = torch.tensor([ngram_ids(t, 64) for t in ("a", "b")])  # (2, 4) one-letter words
    want = model.embedding.weight[4:6] + model.ngram_embedding.weight[grams].mean(1)
    assert torch.allclose(table[4:6], want, atol=1e-6)


def test_the_cached_table_follows_weight_updates():
    model = ngram_model()
    with torch.no_grad():
        before = model.token_table().clone()
        model.ngram_embedding.weight.add_(1.0)
        after = model.token_table()
    assert not torch.allclose(before, after)
    assert torch.allclose(after, model.embedding.weight + model._ngram_mean(model.vocab_ngrams))


def test_every_parameter_gets_a_gradient_with_ngrams():
    model = SpanCopyModel(ModelConfig(8, 8, dropout=0.0, char_ngrams=64), TINY_VOCAB).train()
    batch = make_batch([(["a", "x", "b"], ["b", "a"]), (["c"], ["y", "c"])])
    batch.ngrams = torch.from_numpy(input_ngrams([["a", "x", "b"], ["c"]], 64, 5))
    model(batch).backward()
    for name, p in model.named_parameters():
        assert p.grad is not None and p.grad.abs().sum() > 0, name


def test_a_model_with_ngrams_needs_them():
    model = ngram_model()
    with pytest.raises(ValueError, match="n-grams"):
        model(make_batch([(["a"], ["b"])]))  # a batch collated without them


@pytest.mark.parametrize("copy_mode", ["span", "token"])
def test_wide_beam_scores_are_the_exact_marginals(copy_mode):
    model = ngram_model(seed=2, copy_mode=copy_mode)
    x = ["a", "xyz", "b"]
    (hyps,) = beam_search(model, [x], beam_size=10**4, top_k=10**4, max_len=3)
    exact = log_probs(model, [(x, None, h.tokens) for h in hyps[:50]])
    assert [h.log_prob for h in hyps[:50]] == pytest.approx(exact, abs=2e-4)


@pytest.mark.parametrize("value", [-1, 2**20 + 1, 1.5, True])
def test_bad_bucket_counts_are_refused(value):
    with pytest.raises(ValueError, match="char_ngrams"):
        ModelConfig(char_ngrams=value)
