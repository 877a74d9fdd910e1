"""``python -m trainer detect``: the examples of a pair, the head's fit on a toy signal it can
separate (and not on labels it cannot), and the command as a real process: a head beside a
model that loads with it, a bad option a one-line error."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

import pytest
import torch

from spancopy_core.paper import detection
from spancopy_core.paper.detection import DetectionHead, DetectorConfig
from spancopy_core.paper.focus import INSIDE, NONE, OUTSIDE
from spancopy_core.storage.checkpoint import load_model, save_model
from trainer.data import write_pairs
from trainer.detect import auc, distinct, fit, pair_examples

BUGGY = "int f ( ) { a = 1 ; return a ; }".split()
FIXED = "int f ( ) { a = 2 ; return a ; }".split()


def test_a_pair_gives_the_buggy_side_at_its_change_and_the_fixed_side_as_negatives():
    found = pair_examples([(BUGGY, FIXED)], random.Random(0))
    at_change = (OUTSIDE,) * 5 + (INSIDE,) * 4 + (OUTSIDE,) * 4  # the statement `a = 1 ;`
    assert (tuple(BUGGY), at_change, 1, 0) in found
    assert (tuple(BUGGY), None, 1, 0) in found
    assert (tuple(FIXED), at_change, 0, 0) in found
    assert (tuple(FIXED), None, 0, 0) in found
    assert sorted(e.label for e in found) == [0, 0, 0, 1, 1]
    assert all(e.focus is None or NONE not in e.focus for e in found)


def test_equal_examples_are_kept_once_and_contradicting_ones_dropped():
    a = pair_examples([(BUGGY, FIXED)], random.Random(0))
    b = pair_examples([(FIXED, BUGGY)], random.Random(0), first=1)  # the same methods, reversed
    kept = distinct(a + a)
    assert len(kept) == len(set((e.tokens, e.focus) for e in a))
    assert not any(e.focus is None for e in distinct(a + b))  # each method seen both ways


def _toy(n: int, seed: int) -> tuple[torch.Tensor, torch.Tensor]:
    g = torch.Generator().manual_seed(seed)
    x = torch.randn(n, 12, generator=g) * 3 + 5
    x = x[(x[:, 2] - x[:, 7]).abs() > 1.0]  # a margin: separable
    return x, ((x[:, 2] - x[:, 7]) > 0).float()  # a signal in two of the twelve columns


def _fitted(x: torch.Tensor, y: torch.Tensor, hidden: int) -> DetectionHead:
    head = DetectionHead(DetectorConfig(features=12, hidden=hidden))
    return fit(x, y, head, epochs=60, lr=1e-2, weight_decay=0.0, seed=0)


def test_the_head_learns_a_separable_toy_signal_and_not_noise():
    x, y = _toy(600, seed=1)
    test_x, test_y = _toy(400, seed=2)
    for hidden in (0, 8):
        head = _fitted(x, y, hidden)
        with torch.no_grad():
            scores = torch.sigmoid(head(test_x))
        accuracy = float(((scores >= 0.5).float() == test_y).float().mean())
        assert accuracy > 0.95 and auc(scores, test_y) > 0.98
    shuffled = y[torch.randperm(len(y), generator=torch.Generator().manual_seed(3))]
    head = _fitted(x, shuffled, 0)
    with torch.no_grad():
        scores = torch.sigmoid(head(test_x))
    assert 0.35 < auc(scores, test_y) < 0.65  # labels unrelated to x: nothing to learn


def test_auc_counts_pairs_ranked_right_and_ties_as_half():
    labels = torch.tensor([1.0, 1.0, 0.0, 0.0])
    assert auc(torch.tensor([0.9, 0.8, 0.1, 0.2]), labels) == 1.0
    assert auc(torch.tensor([0.1, 0.2, 0.9, 0.8]), labels) == 0.0
    assert auc(torch.tensor([0.5, 0.9, 0.5, 0.1]), labels) == 0.875  # 3 right, 1 tie of 4


def _detect(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "trainer", "detect", *args, "--no-progress"],
        capture_output=True,
        text=True,
    )


def test_the_command_writes_a_head_that_loads_with_its_model(toy_model: Path, tmp_path: Path):
    data = tmp_path / "data"
    rng = random.Random(0)
    pairs = []
    for _ in range(30):
        a, b = rng.sample(["VAR_1", "VAR_2", "VAR_3", "1", "0"], 2)
        fixed = f"int METHOD_1 ( int VAR_1 ) {{ if ( {a} >= {b} ) return {a} ; return {b} ; }}"
        pairs.append((fixed.replace(">=", ">").split(), fixed.split()))
    write_pairs(data, "train", pairs)
    model = tmp_path / "model"
    subprocess.run(["cp", "-r", str(toy_model), str(model)], check=True)
    args = ["--data", str(data), "--model", str(model), "--out", str(model), "--epochs", "2"]
    done = _detect(*args, "--hidden", "4", "--automatic-share", "0.07", "--cache", str(tmp_path),
                   "--device", "cpu")  # fmt: skip
    assert done.returncode == 0, done.stderr
    config = json.loads((model / detection.CONFIG).read_text())
    assert config["hidden"] == 4 and config["automatic_share"] == 0.07
    # written uncalibrated: bench/false_alarms.py --calibrate fits the maps on real requests
    assert (config["line_scale"], config["line_shift"]) == (1.0, 0.0)
    loaded = load_model(model, device="cpu")
    head = detection.head_of(loaded)
    assert head is not None and head.config.hidden == 4
    found = detection.detect(loaded, [pairs[0][0]], [None])
    assert found is not None and 0.0 <= found[0].probability <= 1.0
    assert found[0].least_share == config["diagnostics_share"]  # no focus: a diagnostic's rule
    assert list(tmp_path.glob("data-*.safetensors"))  # the features' cache


@pytest.mark.slow
def test_a_model_replaced_at_the_same_path_gets_features_of_its_own(
    toy_model: Path, tmp_path: Path
):
    # the cache was keyed by the model's path: a new shipped model read the old one's features
    # (two pairs that no example of the other contradicts: a pair beside its reverse left
    # only the random foci, which the data's path seeds, and at times nothing at all)
    data = tmp_path / "data"
    other = "int g ( int b ) { return b + 1 ; }".split()
    write_pairs(data, "train", [(BUGGY, FIXED), (other, other[:-3] + ["2", ";", "}"])])
    model, cache = tmp_path / "model", tmp_path / "cache"
    subprocess.run(["cp", "-r", str(toy_model), str(model)], check=True)
    args = ["--data", str(data), "--model", str(model), "--out", str(tmp_path / "head")]
    args += ["--epochs", "1", "--hidden", "2", "--cache", str(cache)]
    assert _detect(*args).returncode == 0
    assert _detect(*args).returncode == 0  # the same model: its cache, no other
    assert len(list(cache.glob("data-*.safetensors"))) == 1
    changed = load_model(model, device="cpu")
    with torch.no_grad():
        for p in changed.parameters():
            p.add_(1.0)
    save_model(changed, changed.vocab, model)
    assert _detect(*args).returncode == 0
    assert len(list(cache.glob("data-*.safetensors"))) == 2


def test_data_without_examples_is_one_line(toy_model: Path, tmp_path: Path):
    # pairs whose two sides are the same give no example (a traceback of torch.cat until now)
    data = tmp_path / "data"
    write_pairs(data, "train", [(BUGGY, BUGGY), (FIXED, FIXED)])
    done = _detect("--data", str(data), "--model", str(toy_model), "--out", str(tmp_path / "h"))
    assert done.returncode == 2, done.stderr
    assert done.stderr.strip().count("\n") == 0 and "no examples" in done.stderr


def test_a_bad_option_is_one_line(tmp_path: Path):
    done = _detect("--data", str(tmp_path), "--out", str(tmp_path), "--automatic-share", "-1")
    assert done.returncode == 2
    assert done.stderr.strip().count("\n") == 0 and "--automatic-share" in done.stderr
