"""The detection head (issue 24): its features are pools of the frozen encoder's states, it is
stored beside its model and loaded with it (a head of another shape is refused in one line), and
the one confidence rule follows it where the model has one."""

from __future__ import annotations

import math
import shutil
from pathlib import Path

import pytest
import torch

from spancopy_core.paper import detection
from spancopy_core.paper.detection import Detection, DetectionHead, DetectorConfig
from spancopy_core.paper.focus import INSIDE, OUTSIDE
from spancopy_core.repair import pipeline, runner
from spancopy_core.repair.candidates import Candidate
from spancopy_core.repair.languages import frontend_for
from spancopy_core.repair.pipeline import ParsedText, UnitRepairs
from spancopy_core.storage.checkpoint import CheckpointError, load_model

METHOD = "int METHOD_1 ( int VAR_1 ) { if ( VAR_1 > 0 ) return VAR_1 ; return 0 ; }".split()


def test_the_features_pool_the_encoder_states_over_the_focus_and_the_method(toy_model: Path):
    from spancopy_core.paper.decoding import encode_inputs

    model = load_model(toy_model, device="cpu")
    H = model.config.hidden_size
    ids = [INSIDE if 5 <= i < 12 else OUTSIDE for i in range(len(METHOD))]
    got = detection.features(model, [METHOD, METHOD], [ids, None])
    assert got.shape == (2, detection.feature_count(H))
    with torch.no_grad():
        states = encode_inputs(model, [METHOD], [ids]).states[0, 1:-1]  # (S, H)
    assert torch.allclose(got[0, :H], states[5:12].mean(0), atol=1e-5)
    assert torch.allclose(got[0, H : 2 * H], states[5:12].amax(0), atol=1e-5)
    assert torch.allclose(got[0, 2 * H : 3 * H], states.mean(0), atol=1e-5)
    assert got[0, detection.HAS_FOCUS] == 1 and got[1, detection.HAS_FOCUS] == 0
    # without a focus, the focus pools are the method's
    assert torch.allclose(got[1, :H], got[1, 2 * H : 3 * H])


def _with_head(toy_model: Path, directory: Path, **rules: float) -> Path:
    shutil.copytree(toy_model, directory)
    H = load_model(toy_model, device="cpu").config.hidden_size
    head = DetectionHead(DetectorConfig(features=detection.feature_count(H), hidden=3, **rules))
    detection.save(directory, head)
    return directory


def test_a_head_loads_with_its_model_and_judges_each_input(toy_model: Path, tmp_path: Path):
    assert detection.head_of(load_model(toy_model, device="cpu")) is None
    assert detection.detect(load_model(toy_model, device="cpu"), [METHOD], [None]) is None
    rules = {"automatic_threshold": 0.25, "diagnostics_threshold": 0.75, "diagnostics_min_ratio": 3}
    model = load_model(_with_head(toy_model, tmp_path / "m", **rules), device="cpu")
    ids = [OUTSIDE] * len(METHOD)
    found = detection.detect(model, [METHOD, METHOD], [ids, None])
    assert found is not None
    assert [(d.threshold, d.min_ratio) for d in found] == [(0.25, 1.0), (0.75, 3.0)]
    assert all(0 < d.probability < 1 for d in found)


def test_a_head_of_another_shape_is_refused_in_one_line(toy_model: Path, tmp_path: Path):
    directory = _with_head(toy_model, tmp_path / "m")
    other = DetectionHead(DetectorConfig(features=7, hidden=3))
    from safetensors.torch import save_file

    save_file({k: v.contiguous() for k, v in other.state_dict().items()}, directory / "x.st")
    (directory / "x.st").replace(directory / detection.WEIGHTS)
    with pytest.raises(CheckpointError) as info:
        load_model(directory, device="cpu")
    assert detection.WEIGHTS in str(info.value) and "\n" not in str(info.value)
    (directory / detection.CONFIG).write_text('{"format_version": 1, "features": "x"}')
    with pytest.raises(CheckpointError, match="bad detector config"):
        load_model(directory, device="cpu")


def _found(log_prob: float, unchanged: float, head: Detection | None) -> UnitRepairs:
    doc = ParsedText.parse(
        "class C { int f() { return 1; } }", frontend_for("java", "file:///C.java")
    )
    (unit,) = pipeline.units(doc, ())
    candidate = Candidate((), "t", 0.5, log_prob, unit.start, unit.end, "x", ("b",))
    return UnitRepairs(unit, [], [candidate], unchanged, 0.1, detection=head)


@pytest.mark.parametrize(
    ("ratio", "head", "expected"),
    [
        (8.0, None, False),  # no head: the caller's ratio (10) rules
        (12.0, None, True),
        (8.0, Detection(0.9, 0.8, 5.0), True),  # the head's rule: P >= 0.8 and ratio >= 5
        (4.0, Detection(0.9, 0.8, 5.0), False),
        (1000.0, Detection(0.7, 0.8, 5.0), False),
    ],
)
def test_the_confidence_rule_follows_the_head(ratio: float, head, expected: bool):
    found = _found(math.log(ratio) - 3.0, -3.0, head)
    assert runner.confident(found, 10.0) is expected


def test_a_head_changes_no_repair_shown(toy_model: Path):
    """The list a user asks for (and its shares) is the same with and without a head, at a
    line and for the whole file; only the head's judgement is added."""
    model = load_model(toy_model, device="cpu")
    text = "class T {\n  int f(int a, int b) {\n    if (a > b) {\n      return b;\n    }\n"
    doc = ParsedText.parse(text + "    return a;\n  }\n}\n", frontend_for("java", "file:///T.java"))

    def shown(focus) -> tuple[list, list[UnitRepairs]]:
        found, _ = runner.repair(model, doc, focus, pipeline.RepairOptions())
        return [[(c.title, c.probability) for c in r.candidates] for r in found], found

    line = pipeline.line_focus(doc, 2)
    (at_line, plain), (whole, _) = shown(line), shown(None)
    head = DetectionHead(DetectorConfig(features=detection.feature_count(32), hidden=0))
    detection.attach(model, detection.Detector(head))
    (at_line_judged, judged), (whole_judged, _) = shown(line), shown(None)
    assert at_line_judged == at_line and any(at_line)
    assert whole_judged == whole and any(whole)
    assert all(r.detection is None for r in plain) and all(r.detection for r in judged)
