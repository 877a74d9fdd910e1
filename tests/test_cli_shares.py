"""``spancopy repair --line N --json`` through a real process with a model whose detection head
(issue 24) judges every line alike: the shares it prints are the head's calibrated probability
times each repair's share among those it prints without the head, in the same order, decreasing;
the method as written gets the rest. The text output prints the same shares."""

from __future__ import annotations

import json
import math
import shutil
from pathlib import Path

import pytest
import torch

from spancopy_core.paper import detection
from spancopy_core.paper.detection import DetectionHead, DetectorConfig

from .test_cli import spancopy

# a correct method: nothing at line 3 needs a change
CORRECT = (
    "class Twice {\n    int twice(int x) {\n        int y = x + x;\n        return y;\n    }\n}\n"
)


def _with_head(toy_model: Path, directory: Path, raw: float, shift: float) -> Path:
    """A copy of ``toy_model`` whose head says P(needs a change) = ``raw`` of every input, its
    calibration at a line ``sigmoid(logit(p) + shift)``."""
    shutil.copytree(toy_model, directory)
    config = DetectorConfig(features=detection.feature_count(32), hidden=0, line_shift=shift)
    head = DetectionHead(config)
    with torch.no_grad():
        head.net[0].weight.zero_()
        head.net[0].bias.fill_(math.log(raw / (1 - raw)))
    detection.save(directory, head)
    return directory


def _method(model: Path, source: Path, *more: str) -> dict:
    out = spancopy("repair", source, "--line", 3, "--json", "--model", model, *more)
    assert out.returncode == 0, out.stderr
    (method,) = json.loads(out.stdout)["methods"]
    return method


@pytest.mark.slow
def test_a_correct_lines_shares_are_scaled_by_the_head(toy_model: Path, tmp_path: Path):
    source = tmp_path / "Twice.java"
    source.write_text(CORRECT)
    judged = _with_head(toy_model, tmp_path / "model", 0.4, math.log(0.5))
    before, after = _method(toy_model, source), _method(judged, source)
    assert before["repairs"], "the toy model offers repairs on a correct line"
    # calibrated: odds 0.4 / 0.6 halved, 1/3 : 2/3 -> P = 0.25
    total = sum(r["probability"] for r in before["repairs"])
    assert [r["title"] for r in after["repairs"]] == [r["title"] for r in before["repairs"]]
    for b, a in zip(before["repairs"], after["repairs"], strict=True):
        assert math.isclose(a["probability"], 0.25 * b["probability"] / total, rel_tol=1e-5)
    shares = [r["probability"] for r in after["repairs"]]
    assert shares == sorted(shares, reverse=True)
    assert math.isclose(after["unchanged_probability"], 0.75, rel_tol=1e-5)
    text = spancopy("repair", source, "--line", 3, "--model", judged)
    first = after["repairs"][0]
    assert f"#1 {first['title']} ({round(100 * first['probability'])}%)" in text.stdout
