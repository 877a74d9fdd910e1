"""``python -m trainer average``: the weighted mean of two models' weights, written as a model
that loads and decodes; mismatched models are one-line errors."""

from __future__ import annotations

import json
from pathlib import Path

import torch

from spancopy_core.paper.decoding import beam_search
from spancopy_core.storage.checkpoint import load_model, save_model
from trainer.cli import main


def _shifted(model_dir: Path, out: Path, by: float) -> Path:
    """A copy of the model at ``model_dir`` with every floating-point parameter plus ``by``."""
    model = load_model(model_dir, device="cpu")
    with torch.no_grad():
        for p in model.parameters():
            p.add_(by)
    save_model(model, model.vocab, out)
    return out


def test_the_mean_of_two_models_is_their_weights_averaged(toy_model: Path, tmp_path: Path):
    other = _shifted(toy_model, tmp_path / "other", 0.5)
    out = tmp_path / "mean"
    argv = ["average", "--models", str(toy_model), str(other), "--weights", "3", "1"]
    assert main([*argv, "--out", str(out)]) == 0
    a, b, mean = (load_model(d, device="cpu") for d in (toy_model, other, out))
    pa, pb = dict(a.named_parameters()), dict(b.named_parameters())
    for name, p in mean.named_parameters():
        # 3/4 of the first and 1/4 of the second: the first's value plus a quarter of 0.5
        assert torch.allclose(p, pa[name] + 0.125, atol=1e-6), name
        assert torch.allclose(p, 0.75 * pa[name] + 0.25 * pb[name], atol=1e-6), name
    config = json.loads((out / "config.json").read_text())
    assert config["averaged"]["weights"] == [3.0, 1.0]
    assert list(mean.vocab) == list(a.vocab)
    tokens = list(a.vocab)[4:9]
    assert beam_search(mean, [tokens], 2, 2)[0]  # it decodes


def test_a_model_averaged_with_itself_is_unchanged(toy_model: Path, tmp_path: Path):
    out = tmp_path / "same"
    assert main(["average", "--models", str(toy_model), str(toy_model), "--out", str(out)]) == 0
    a, same = load_model(toy_model, device="cpu"), load_model(out, device="cpu")
    for (name, p), q in zip(a.named_parameters(), same.parameters()):
        assert torch.allclose(p, q, atol=1e-7), name


def test_models_of_two_architectures_are_a_one_line_error(
    toy_model: Path, toy_prose_model: Path, tmp_path: Path, capsys
):
    out = tmp_path / "x"
    assert (
        main(["average", "--models", str(toy_model), str(toy_prose_model), "--out", str(out)]) == 2
    )
    err = capsys.readouterr().err
    assert err.startswith("error: the models'") and err.count("\n") == 1, err
    assert not out.exists()


def test_weights_that_do_not_match_the_models_are_a_one_line_error(
    toy_model: Path, tmp_path: Path, capsys
):
    argv = ["average", "--models", str(toy_model), str(toy_model), "--weights", "1"]
    assert main([*argv, "--out", str(tmp_path / "x")]) == 2
    assert capsys.readouterr().err == "error: 2 models and 1 weights\n"
    argv = ["average", "--models", str(toy_model), str(toy_model), "--weights", "0", "0"]
    assert main([*argv, "--out", str(tmp_path / "x")]) == 2
    assert capsys.readouterr().err == "error: --weights must be at least 0 and not all 0\n"
