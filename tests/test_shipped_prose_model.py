"""The shipped prose model (spancopy_core/pretrained/prose-en): package data that loads, a
span-copy model over prose lexer tokens that sees spelling (character n-grams), of a few tens of
megabytes, whose card states its true size. Nothing here depends on which corrections today's
weights prefer: a retrained model of the same kind passes."""

import json
import re
from pathlib import Path

import pytest

from spancopy_core.lang.text import tokenize
from spancopy_core.paper.decoding import beam_search
from spancopy_core.storage.checkpoint import load_model

PROSE_MODEL = Path(__file__).resolve().parents[1] / "spancopy_core" / "pretrained" / "prose-en"


@pytest.fixture(scope="module")
def model():
    return load_model(PROSE_MODEL, device="cpu")


def test_files_and_size():
    files = sorted(p.name for p in PROSE_MODEL.iterdir())
    assert files == ["MODEL_CARD.md", "config.json", "model.safetensors", "vocab.json"]
    size = sum(p.stat().st_size for p in PROSE_MODEL.iterdir())
    assert size < 40 * 2**20


def test_a_span_copy_model_that_sees_spelling(model):
    assert model.config.copy_mode == "span"
    assert model.config.char_ngrams > 0


def test_card_states_the_true_parameter_count_and_vocabulary(model):
    card = (PROSE_MODEL / "MODEL_CARD.md").read_text()
    parameters = sum(p.numel() for p in model.parameters())
    assert f"{parameters:,}" in card
    assert f"{len(model.vocab):,}" in card
    config = json.loads((PROSE_MODEL / "config.json").read_text())
    assert config["training"]["parameters"] == parameters


def test_vocabulary_is_english_words_as_the_lexer_gives_them(model):
    words = model.vocab.itos[4:]
    for common in ["the", "The", "of", ".", ",", "n't", "because", "people", "receive"]:
        assert common in model.vocab, common
    assert all([w.text for w in tokenize(w)] == [w] for w in words)  # one lexer token each
    assert sum(bool(re.fullmatch(r"[A-Za-z]+", w)) for w in words) > 0.8 * len(words)


def test_decodes_lexer_tokens_of_a_sentence(model):
    tokens = [w.text for w in tokenize("I do n't recieve many leters from my freinds .")]
    (hyps,) = beam_search(model, [tokens], beam_size=5, top_k=5)
    assert len(hyps) == 5 and len({tuple(h.tokens) for h in hyps}) == 5  # merged: distinct
    assert [h.log_prob for h in hyps] == sorted((h.log_prob for h in hyps), reverse=True)
    for h in hyps:  # each token copied from the input or generated from the vocabulary
        assert all(t in tokens or t in model.vocab for t in h.tokens)
