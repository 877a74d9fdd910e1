"""``python -m trainer half``: a model directory copied with float16 weights, which loads into
float32 parameters and decodes as the original does; one-line errors."""

from __future__ import annotations

import json
from pathlib import Path

import torch

from spancopy_core.paper.decoding import beam_search
from spancopy_core.storage.checkpoint import load_model
from spancopy_core.storage.model_dir import read_weights_header
from trainer.cli import main


def test_half_copies_the_model_with_float16_weights(toy_prose_model: Path, tmp_path: Path):
    out = tmp_path / "half"
    assert main(["half", "--model", str(toy_prose_model), "--out", str(out)]) == 0
    header = read_weights_header(out / "model.safetensors", 2**30)
    assert {dtype for _, dtype in header.values()} == {"F16"}
    full, half = (json.loads((d / "config.json").read_text()) for d in (toy_prose_model, out))
    assert half == full  # the training block and the rest kept
    size = (out / "model.safetensors").stat().st_size
    assert size < 0.6 * (toy_prose_model / "model.safetensors").stat().st_size
    original, copy = load_model(toy_prose_model, device="cpu"), load_model(out, device="cpu")
    assert all(p.dtype == torch.float32 for p in copy.parameters())
    tokens = ["I", "recieve", "it", "today", "."]
    (a,), (b,) = beam_search(original, [tokens], 4, 4), beam_search(copy, [tokens], 4, 4)
    assert [h.tokens for h in a][:1] == [h.tokens for h in b][:1]


def test_half_of_no_model_is_a_one_line_error(tmp_path: Path, capsys):
    assert main(["half", "--model", str(tmp_path / "none"), "--out", str(tmp_path / "x")]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error:") and err.count("\n") == 1
