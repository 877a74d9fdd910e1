"""Metrics on hand-made cases; checkpoint round trip and its clear errors."""

from __future__ import annotations

import json

import pytest
import torch
from safetensors import safe_open

from spancopy_core import DEFAULT_JAVA_MODEL
from spancopy_core.evaluation.metrics import canonical, evaluate, span_lengths, span_statistics
from spancopy_core.paper.actions import Copy, Gen
from spancopy_core.paper.decoding import beam_search
from spancopy_core.storage.checkpoint import CheckpointError, load_model, save_model

from .tiny import make_batch, tiny_model


def test_evaluate_conventions():
    inputs = [["a", "<", "b"], ["x"], ["f", "(", ")"]]
    targets = [["a", "<=", "b"], ["y"], ["g", "(", ")"]]
    predictions = [
        [["a", "<", "b"], ["a", "<=", "b"]],  # unchanged input first, then the fix
        [["z"], ["w"], ["y"]],  # fix at rank 3
        [["h", "(", ")"]],  # wrong name: a structural match only
    ]
    m = evaluate(predictions, targets, inputs, ks=(1, 2, 3))
    assert m["top1"] == 0 and m["top1_changed"] == pytest.approx(1 / 3)
    assert m["acc@2"] == pytest.approx(1 / 3) and m["acc@3"] == pytest.approx(2 / 3)
    assert m["mrr"] == pytest.approx((1 / 2 + 1 / 3) / 3)
    assert m["structural_top1"] == pytest.approx(2 / 3)  # "z" ~ "y" and "h" ~ "g"
    assert m["unchanged_first"] == pytest.approx(1 / 3) and m["count"] == 3


def test_canonical_renames_abstract_and_concrete_names_alike():
    tokens = ["VAR_3", ".", "size", "(", "VAR_3", ")", "return", "null"]
    assert canonical(tokens, keywords={"return", "null"}) == [
        "ID_1",
        ".",
        "ID_2",
        "(",
        "ID_1",
        ")",
        "return",
        "null",
    ]
    assert canonical(tokens)[-2:] == ["ID_3", "ID_4"]  # without keywords, words are names
    assert canonical(["foo", "+", "bar"]) == canonical(["VAR_1", "+", "VAR_2"])
    assert canonical(["foo", "+", "foo"]) != canonical(["VAR_1", "+", "VAR_2"])


def test_span_statistics():
    ders = [[Copy(0, 5), Gen("x"), Copy(6, 9), Gen("</s>")], [Copy(0, 1), Gen("</s>")]]
    assert span_lengths(ders) == {5: 1, 3: 1, 1: 1}
    st = span_statistics(ders)
    assert st["mean_copy_length"] == 3 and st["copied_token_share"] == pytest.approx(9 / 10)
    assert st["actions_per_output"] == 3


def test_checkpoint_round_trip_gives_identical_outputs(tmp_path):
    model = tiny_model(seed=11)
    save_model(model, model.vocab, tmp_path)
    loaded = load_model(tmp_path, device="cpu")
    batch = make_batch([(["a", "b", "x"], ["b", "x"])])
    with torch.no_grad():
        assert torch.equal(model(batch), loaded(batch))
    x = [["a", "b", "c", "a"]]
    assert beam_search(model, x, beam_size=4) == beam_search(loaded, x, beam_size=4)
    assert loaded.config == model.config and loaded.vocab.itos == model.vocab.itos


def test_edit_model_round_trip_and_the_shipped_model_unchanged(tmp_path):
    model = tiny_model(seed=11, edit_dim=4)
    save_model(model, model.vocab, tmp_path)
    loaded = load_model(tmp_path, device="cpu")
    assert json.loads((tmp_path / "config.json").read_text())["model"]["edit_dim"] == 4
    edit = [(["a", "b"], ["a", "c"])]
    batch = make_batch([(["a", "b", "x"], ["b", "x"])], edits=edit)
    with torch.no_grad():
        assert torch.equal(model(batch), loaded(batch))
    # The shipped Java model has no edit encoder: its config is read as written (the config
    # dict that a save writes again is the file's), and its weights are exactly its tensors.
    shipped = load_model(DEFAULT_JAVA_MODEL, device="cpu")
    written = json.loads((DEFAULT_JAVA_MODEL / "config.json").read_text())["model"]
    assert shipped.config.edit_dim == 0 and shipped.config.to_dict() == written
    assert not hasattr(shipped, "edit_encoder")
    with safe_open(str(DEFAULT_JAVA_MODEL / "model.safetensors"), "pt") as f:
        assert sorted(f.keys()) == sorted(shipped.state_dict())


@pytest.fixture
def saved(tmp_path):
    model = tiny_model()
    save_model(model, model.vocab, tmp_path)
    return tmp_path


@pytest.mark.parametrize("name", ["config.json", "vocab.json", "model.safetensors"])
def test_missing_file_is_named(saved, name):
    (saved / name).unlink()
    with pytest.raises(CheckpointError, match=name) as err:
        load_model(saved)
    assert err.value.path.name == name


def test_truncated_weights(saved):
    w = saved / "model.safetensors"
    w.write_bytes(w.read_bytes()[:200])
    with pytest.raises(CheckpointError, match="model.safetensors"):
        load_model(saved)


def test_mismatched_vocab_and_config(saved):
    vocab = json.loads((saved / "vocab.json").read_text())
    vocab["tokens"].append("extra")
    (saved / "vocab.json").write_text(json.dumps(vocab))
    with pytest.raises(CheckpointError, match="model.safetensors.*does not match"):
        load_model(saved)
    (saved / "vocab.json").write_text("{not json")
    with pytest.raises(CheckpointError, match="vocab.json"):
        load_model(saved)
    (saved / "config.json").write_text(json.dumps({"format_version": 99}))
    with pytest.raises(CheckpointError, match="config.json"):
        load_model(saved)


def test_pickle_is_never_loaded(tmp_path):
    model = tiny_model()
    save_model(model, model.vocab, tmp_path)
    (tmp_path / "model.safetensors").unlink()
    torch.save(model.state_dict(), tmp_path / "model.pt")
    with pytest.raises(CheckpointError, match="model.safetensors"):
        load_model(tmp_path)
    with pytest.raises(CheckpointError, match="not a model directory"):
        load_model(tmp_path / "nowhere")
