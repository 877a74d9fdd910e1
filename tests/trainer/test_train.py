"""The training loop (``trainer.train``) run in process on tiny data: what it logs, which
parameters it decays, which dropout a fine-tuned model trains with, how often it reads the loss.

Several tests replace the model's loss by the constant 2.5 with zero gradients: every logged
mean must then be exactly 2.5, and AdamW can move a parameter only through weight decay.
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

import pytest
import torch
from torch import nn

from spancopy_core.paper.actions import Hypothesis
from spancopy_core.paper.config import ModelConfig
from spancopy_core.paper.context import join, split
from spancopy_core.paper.model import SpanCopyModel
from spancopy_core.paper.vocab import Vocabulary
from spancopy_core.storage.checkpoint import load_model, save_model
from trainer import evaluate, train
from trainer.config import TrainConfig, TrainerError
from trainer.data import write_pairs

from .conftest import toy_pairs

LOSS = 2.5
TINY = ModelConfig(embedding_dim=16, hidden_size=16)


def config(data: Path, out: Path, **kw) -> TrainConfig:
    """A run on the toy data: 8 steps per epoch (64 pairs in batches of 8)."""
    settings = dict(vocab_min_count=1, model=TINY, batch_size=8, warmup=5, workers=0)
    settings.update(kw)
    return TrainConfig(train=[data], valid=[data], out=out, progress=False, **settings)


def records(out: Path) -> list[dict]:
    """The training-loss records of ``out/metrics.jsonl`` (not the per-epoch ones)."""
    lines = (out / "metrics.jsonl").read_text().splitlines()
    return [r for r in map(json.loads, lines) if "loss" in r]


def save_fresh_model(out: Path, model_config: ModelConfig) -> SpanCopyModel:
    """An untrained model on the toy vocabulary, saved as a model directory."""
    torch.manual_seed(1)
    vocab = Vocabulary.build([x + y for x, y in toy_pairs(64, 0)])
    model = SpanCopyModel(model_config, vocab)
    save_model(model, vocab, out)
    return model


@pytest.fixture
def constant_loss(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every forward pass returns the loss 2.5, with zero gradients for every parameter."""

    def forward(self: SpanCopyModel, batch) -> torch.Tensor:
        return sum(p.sum() for p in self.parameters()) * 0 + LOSS

    monkeypatch.setattr(SpanCopyModel, "forward", forward)


def test_every_step_is_logged_once_at_its_true_mean(data, tmp_path, constant_loss):
    out = tmp_path / "m"
    train.main(config(data, out, epochs=2, log_every=3))
    # Every 3rd step, and the steps left at the end of each epoch (7-8, 16).
    assert [r["step"] for r in records(out)] == [3, 6, 8, 9, 12, 15, 16]
    assert [r["epoch"] for r in records(out)] == [1, 1, 1, 2, 2, 2, 2]
    assert all(r["loss"] == LOSS for r in records(out))  # a mean of 2.5s, however many


def test_a_resumed_run_logs_the_true_mean(data, tmp_path, constant_loss):
    out = tmp_path / "m"
    train.main(config(data, out, epochs=1, log_every=3, max_steps=4, save_every=1))
    state_file = out / "checkpoint" / "trainer_state.json"
    state = json.loads(state_file.read_text())
    state.update(done=False, epoch=0, batch_in_epoch=4)  # as if cut off after step 4
    state_file.write_text(json.dumps(state))
    train.main(config(data, out, epochs=1, log_every=3, resume=True))
    assert [r["step"] for r in records(out)] == [3, 4, 6, 8]
    assert all(r["loss"] == LOSS for r in records(out))  # step 6: the mean of steps 5 and 6


def test_minutes_end_the_epoch_early_validated_and_saved(
    data, tmp_path, constant_loss, monkeypatch
):
    # A clock that moves 10 s at every reading: a minute is spent within the first epoch's 8
    # steps, which then ends there as at --max-steps: validated, the model saved, done.
    clock = iter(range(0, 10**6, 10))
    monkeypatch.setattr(train.time, "monotonic", lambda: float(next(clock)))
    out = tmp_path / "m"
    summary = train.main(config(data, out, epochs=3, minutes=1))
    assert 1 <= summary["steps"] < 8 and summary["epochs"] == 1
    assert (out / "model.safetensors").is_file()
    epochs = [r for r in map(json.loads, (out / "metrics.jsonl").read_text().splitlines())]
    assert [r["epoch"] for r in epochs if "valid_loss" in r] == [1]
    assert json.loads((out / "checkpoint" / "trainer_state.json").read_text())["done"]


def test_training_stops_after_patience_epochs_without_improvement(data, tmp_path, constant_loss):
    # The validation loss is 2.5 every epoch: epoch 1 improves on nothing (infinity), the
    # epochs after it do not improve (equal is not better).
    out = tmp_path / "m"
    summary = train.main(config(data, out, epochs=10, patience=2))
    epochs = [r for r in map(json.loads, (out / "metrics.jsonl").read_text().splitlines())]
    assert [r["epoch"] for r in epochs if "valid_loss" in r] == [1, 2, 3]
    assert summary["epochs"] == 3 and summary["steps"] == 24 and summary["best_valid_loss"] == LOSS
    state = json.loads((out / "checkpoint" / "trainer_state.json").read_text())
    assert state["done"] and state["bad_epochs"] == 2


def test_a_resumed_run_keeps_counting_epochs_without_improvement(data, tmp_path, constant_loss):
    out = tmp_path / "m"
    train.main(config(data, out, epochs=2, patience=2))  # ends at --epochs: one bad epoch
    state_file = out / "checkpoint" / "trainer_state.json"
    state = json.loads(state_file.read_text())
    assert state["epoch"] == 2 and state["bad_epochs"] == 1 and state["done"]
    state.update(done=False)  # as if cut off before a third epoch
    state_file.write_text(json.dumps(state))
    summary = train.main(config(data, out, epochs=10, patience=2, resume=True))
    # One more epoch, the second without improvement: patience is spent.
    assert summary["epochs"] == 3 and summary["steps"] == 24
    assert json.loads(state_file.read_text())["bad_epochs"] == 2
    # A finished run resumed again trains nothing.
    assert train.main(config(data, out, epochs=10, patience=2, resume=True))["steps"] == 24


def test_fine_tuning_leaves_the_loaded_config_as_it_was(data, tmp_path, monkeypatch):
    base = tmp_path / "base"
    save_fresh_model(base, TINY)
    loaded: list[ModelConfig] = []
    real = train.load_model

    def spy(directory, **kw):
        model = real(directory, **kw)
        loaded.append(model.config)
        return model

    monkeypatch.setattr(train, "load_model", spy)
    wanted = ModelConfig(16, 16, dropout=0.0, objective="longest", focus=True)
    train.main(config(data, tmp_path / "tuned", init=base, model=wanted, epochs=1, max_steps=1))
    assert (loaded[0].dropout, loaded[0].objective, loaded[0].focus) == (0.2, "marginal", False)
    tuned = load_model(tmp_path / "tuned").config
    assert (tuned.dropout, tuned.objective, tuned.focus) == (0.0, "longest", True)


def test_the_loss_is_read_once_per_record(data, tmp_path, monkeypatch):
    """Reading a tensor on the host waits for the device: the loop does it once per log
    record and once per validation, never once per step."""
    reads: list[str] = []
    for name in ("item", "tolist", "__float__", "__int__", "__bool__"):
        real = getattr(torch.Tensor, name)

        def read(self, *args, _real=real, _name=name):
            if sys._getframe(1).f_code.co_filename == train.__file__:
                reads.append(_name)
            return _real(self, *args)

        monkeypatch.setattr(torch.Tensor, name, read)
    out = tmp_path / "m"
    train.main(config(data, out, epochs=2, log_every=4))  # 16 steps, 2 validations
    assert len(records(out)) == 4
    assert len(reads) <= 4 + 2, reads


def test_weight_decay_shrinks_the_weight_matrices_only(data, tmp_path, constant_loss):
    base, tuned = tmp_path / "base", tmp_path / "tuned"
    names = [n for n, _ in save_fresh_model(base, TINY).named_parameters()]
    train.main(config(data, tuned, init=base, epochs=1, lr=0.1, weight_decay=0.5))
    before, after = load_model(base).state_dict(), load_model(tuned).state_dict()
    unchanged = {n for n in names if torch.equal(before[n], after[n])}
    assert unchanged == {"embedding.weight"} | {n for n in names if "bias" in n}
    assert all(after[n].norm() < before[n].norm() for n in set(names) - unchanged)


def test_fine_tuning_trains_with_the_new_dropout_everywhere(data, tmp_path, monkeypatch):
    base = tmp_path / "base"
    save_fresh_model(base, ModelConfig(16, 16, encoder_layers=2, decoder_layers=2, dropout=0.3))
    seen: set[float] = set()
    forward = SpanCopyModel.forward

    def spy(self: SpanCopyModel, batch) -> torch.Tensor:
        if self.training:
            seen.update(m.p for m in self.modules() if isinstance(m, nn.Dropout))
            seen.update(m.dropout for m in self.modules() if isinstance(m, nn.GRU))
        return forward(self, batch)

    monkeypatch.setattr(SpanCopyModel, "forward", spy)
    tuned = tmp_path / "tuned"
    train.main(config(data, tuned, init=base, epochs=1, model=ModelConfig(16, 16, dropout=0.0)))
    assert seen == {0.0}
    assert load_model(tuned).config.dropout == 0.0


def appended_pairs(n: int, seed: int) -> list[tuple[list[str], list[str]]]:
    """Pairs whose output is the input with one of four words appended, drawn at random: only
    the edit tells which."""
    rng = random.Random(seed)
    pairs = []
    for _ in range(n):
        x = [rng.choice("abc") for _ in range(rng.randint(2, 6))]
        pairs.append((x, [*x, rng.choice(["p", "q", "r", "s"])]))
    return pairs


def test_an_edit_model_learns_to_apply_the_edit_it_is_given(tmp_path):
    data = tmp_path / "data"
    write_pairs(data, "train", appended_pairs(256, 0))
    write_pairs(data, "valid", appended_pairs(32, 1))
    accuracy = {}
    for edit_dim in (0, 8):
        out = tmp_path / f"edit{edit_dim}"
        model = ModelConfig(16, 16, dropout=0.0, edit_dim=edit_dim)
        train.main(config(data, out, model=model, epochs=6, lr=1e-2, batch_size=32))
        result = evaluate.run(
            out, data, split="valid", beam=1, variant="greedy", limit=None, json_out=None,
            span_hist=None, device="cpu", batch_size=32, progress=False,
        )  # fmt: skip
        accuracy[edit_dim] = result["metrics"]["top1"]
    # Without the edit the model can only guess the appended word (about one in four); with
    # it, the edit says which (evaluate decodes each input under its own pair's edit).
    assert accuracy[0] <= 0.5, accuracy
    assert accuracy[8] >= 0.9, accuracy


def test_an_edit_run_resumes_and_init_adds_the_edit_encoder(data, tmp_path):
    edit = ModelConfig(16, 16, edit_dim=8)
    out = tmp_path / "m"
    train.main(config(data, out, model=edit, epochs=1, max_steps=4, save_every=1))
    state_file = out / "checkpoint" / "trainer_state.json"
    state = json.loads(state_file.read_text())
    state.update(done=False)
    state_file.write_text(json.dumps(state))
    train.main(config(data, out, model=edit, epochs=2, resume=True))
    assert load_model(out / "checkpoint").config.edit_dim == 8
    assert json.loads(state_file.read_text())["step"] == 12  # 4, then the 8 of epoch 2
    base, tuned = tmp_path / "base", tmp_path / "tuned"
    save_fresh_model(base, TINY)
    train.main(config(data, tuned, init=base, model=edit, epochs=1))
    assert load_model(tuned).config.edit_dim == 8
    with pytest.raises(TrainerError, match="edit-dim 4 differs"):
        train.main(config(data, tmp_path / "t2", init=tuned, model=ModelConfig(16, 16, edit_dim=4)))


def test_init_with_context_adds_the_marker_and_trains_it_on_context_inputs(tmp_path):
    # Toy pairs whose inputs end with a context segment; the fine-tuned model keeps its other
    # features and learns a marker (zero when added).
    pairs = [(join(x, ["ctx1", "ctx2"]), y) for x, y in toy_pairs(64, 0)]
    data = tmp_path / "data"
    for name in ("train", "valid"):
        write_pairs(data, name, pairs)
    base, tuned = tmp_path / "base", tmp_path / "tuned"
    save_fresh_model(base, ModelConfig(16, 16, focus=True))
    context = ModelConfig(16, 16, focus=True, context=True)
    train.main(config(data, tuned, init=base, model=context, epochs=1))
    model = load_model(tuned)
    assert model.config.context and model.config.focus
    assert model.context_marker.abs().sum() > 0


def test_evaluate_gives_context_to_a_model_that_reads_it_and_compares_with_the_method(
    tmp_path, monkeypatch
):
    pairs = [(join(x, ["p", "zz"]), y) for x, y in appended_pairs(8, 2)]
    data = tmp_path / "ctx"
    write_pairs(data, "valid", pairs)
    seen = {}

    def decode_all(model, inputs, *args, **kw):  # every model answers the method unchanged
        seen[model.config.context] = inputs
        return [[Hypothesis(split(x)[0], 0.0, [])] for x in inputs]

    monkeypatch.setattr(evaluate, "decode_all", decode_all)
    for with_context in (False, True):
        model = tmp_path / f"m{int(with_context)}"
        save_fresh_model(model, ModelConfig(16, 16, context=with_context))
        metrics = evaluate.run(
            model, data, split="valid", beam=3, variant="merged", limit=None, json_out=None,
            span_hist=None, device="cpu", batch_size=8, progress=False,
        )["metrics"]  # fmt: skip
        assert metrics["unchanged_first"] == 1.0  # "unchanged": the method, not the input
    assert seen[True] == [x for x, _ in pairs]  # the context for the model that reads it
    assert seen[False] == [split(x)[0] for x, _ in pairs]  # none for the other


def test_the_context_segment_does_not_count_towards_max_len(tmp_path):
    data = tmp_path / "data"
    for name in ("train", "valid"):  # a method of 10 tokens with a context of 5 (16 in all)
        write_pairs(data, name, [(join(["a"] * 10, ["c"] * 5), ["a"] * 10)])
    kept, _ = train.load_data(config(data, tmp_path / "m", max_len=10))
    assert len(kept) == 1
    with pytest.raises(TrainerError, match="no training pairs"):
        train.load_data(config(data, tmp_path / "m", max_len=9))
