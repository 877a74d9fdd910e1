"""The detection head (issue 24): its features are pools of the frozen encoder's states, it is
stored beside its model and loaded with it (a head of another shape is refused in one line), its
calibration keeps the order of its probabilities, the shares shown divide its calibrated
probability in the order of the ranking, and the one confidence rule reads them where the model
has a head."""

from __future__ import annotations

import math
import shutil
from dataclasses import replace
from pathlib import Path

import pytest
import torch
from hypothesis import given
from hypothesis import strategies as st

from spancopy_core.editing.edits import TextEdit, apply_edits
from spancopy_core.paper import detection
from spancopy_core.paper.detection import Detection, DetectionHead, DetectorConfig
from spancopy_core.paper.focus import INSIDE, OUTSIDE
from spancopy_core.repair import pipeline, ranking, runner
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


def _sigmoid(z: float) -> float:
    return 1 / (1 + math.exp(-z))


def _logit(p: float) -> float:
    return math.log(p / (1 - p))


def test_a_head_loads_with_its_model_and_judges_each_input(toy_model: Path, tmp_path: Path):
    assert detection.head_of(load_model(toy_model, device="cpu")) is None
    assert detection.detect(load_model(toy_model, device="cpu"), [METHOD], [None]) is None
    rules = {"automatic_share": 0.25, "diagnostics_share": 0.75}
    calibration = {"line_scale": 2.0, "line_shift": 0.5, "line_found": 0.25}
    calibration |= {"method_scale": 0.5, "method_shift": -1.0}
    model = load_model(_with_head(toy_model, tmp_path / "m", **rules, **calibration), "cpu")
    ids = [OUTSIDE] * len(METHOD)
    found = detection.detect(model, [METHOD, METHOD], [ids, None])
    assert found is not None
    assert [d.least_share for d in found] == [0.25, 0.75]
    assert all(0 < d.raw < 1 for d in found)
    line, method = found  # each calibrated by its kind's map
    assert line.probability == pytest.approx(0.25 * _sigmoid(2.0 * _logit(line.raw) + 0.5))
    assert method.probability == pytest.approx(_sigmoid(0.5 * _logit(method.raw) - 1.0))


@given(
    st.floats(0.05, 20.0),
    st.floats(-8.0, 8.0),
    st.lists(st.floats(0.0, 1.0), min_size=2, max_size=20),
)
def test_the_calibration_keeps_the_order_of_the_probabilities(scale, shift, ps):
    calibrated = [detection.calibrate(p, scale, shift) for p in sorted(ps)]
    assert calibrated == sorted(calibrated)
    assert all(0.0 <= c <= 1.0 for c in calibrated)


def test_the_calibration_is_platts_map_and_a_decreasing_one_is_refused():
    assert detection.calibrate(0.2, 1.0, 0.0) == pytest.approx(0.2)  # the identity
    # logit(0.2) = -ln 4; 2 * -ln 4 + ln 2 = -ln 8: 1 / 9
    assert detection.calibrate(0.2, 2.0, math.log(2)) == pytest.approx(1 / 9)
    assert detection.calibrate(1.0, 3.0, -50.0) == 1.0 and detection.calibrate(0.0, 1, 9) == 0
    assert detection.calibrate(0.2, 2.0, math.log(2), 0.3) == pytest.approx(0.3 / 9)  # found
    for bad in (0.0, -1.0, math.inf):
        with pytest.raises(ValueError, match="line_scale"):
            DetectorConfig(features=4, line_scale=bad)
    with pytest.raises(ValueError, match="method_found"):
        DetectorConfig(features=4, method_found=1.5)


def test_a_head_of_another_shape_is_refused_in_one_line(toy_model: Path, tmp_path: Path):
    directory = _with_head(toy_model, tmp_path / "m")
    other = DetectionHead(DetectorConfig(features=7, hidden=3))
    from safetensors.torch import save_file

    save_file({k: v.contiguous() for k, v in other.state_dict().items()}, directory / "x.st")
    (directory / "x.st").replace(directory / detection.WEIGHTS)
    with pytest.raises(CheckpointError) as info:
        load_model(directory, device="cpu")
    assert detection.WEIGHTS in str(info.value) and "\n" not in str(info.value)
    (directory / detection.CONFIG).write_text('{"format_version": 2, "features": "x"}')
    with pytest.raises(CheckpointError, match="bad detector config"):
        load_model(directory, device="cpu")


def _found(shares: list[float], head: Detection | None, log_prob: float = -3.0) -> UnitRepairs:
    doc = ParsedText.parse(
        "class C { int f() { return 1; } }", frontend_for("java", "file:///C.java")
    )
    (unit,) = pipeline.units(doc, ())
    found = [Candidate((), "t", p, log_prob, unit.start, unit.end, "x", ("b",)) for p in shares]
    return UnitRepairs(unit, [], found, -3.0, 0.1, detection=head)


@pytest.mark.parametrize(
    ("shares", "head", "expected"),
    [
        ([0.2, 0.1], Detection(0.3, 0.3, 0.4), True),  # the shares' sum at the least share
        ([0.2, 0.09], Detection(0.29, 0.3, 0.4), False),
        ([], Detection(0.99, 0.0, 0.99), False),  # nothing shown: nothing to answer
        ([0.9], Detection(0.95, 2.0, 0.99), False),  # a least share above 1: never
    ],
)
def test_the_confidence_rule_reads_the_heads_calibrated_probability(shares, head, expected):
    # the ratio to the code as written (e^5, far above the caller's 10) plays no part
    assert runner.confident(_found(shares, head, log_prob=2.0), 10.0) is expected


def test_with_the_document_only_the_repairs_that_speak_make_the_heads_share():
    """The head's probability that the list holds the fix is the sum of the shares shown;
    with the document, a cosmetic repair's share (``public`` added) does not count."""
    text = "class C {\n    int f() {\n        return 1;\n    }\n}\n"
    doc = ParsedText.parse(text, frontend_for("java", "file:///C.java"))
    (unit,) = pipeline.units(doc, ())

    def repair(at: str, old: str, new: str, share: float) -> Candidate:
        start = text.index(at)
        edit = TextEdit(start, start + len(old), new)
        fixed = apply_edits(text, [edit])[unit.start : unit.end + len(new) - len(old)]
        return Candidate((edit,), new, share, -1.0, unit.start, unit.end, fixed, ("b",))

    cosmetic, fix = repair("int f", "", "public ", 0.2), repair("1;", "1", "0", 0.05)
    head = Detection(0.25, 0.1, 0.4)
    found = UnitRepairs(unit, [], [cosmetic, fix], -3.0, 0.75, detection=head)
    assert runner.confident(found, 10.0)  # without the document: 0.25 >= 0.1
    assert not runner.confident(found, 10.0, doc)  # 0.05 speaks
    found = UnitRepairs(unit, [], [cosmetic, replace(fix, probability=0.12)], -3.0, 0.68, head)
    assert runner.confident(found, 10.0, doc)


@pytest.mark.parametrize(("ratio", "expected"), [(8.0, False), (12.0, True)])
def test_without_a_head_the_callers_ratio_rules(ratio: float, expected: bool):
    assert runner.confident(_found([0.5], None, math.log(ratio) - 3.0), 10.0) is expected


@given(
    st.lists(st.floats(0.0, 1.0), min_size=1, max_size=8).map(lambda xs: sorted(xs)[::-1]),
    st.floats(0.0, 1.0),
)
def test_calibrated_shares_keep_the_order_and_sum_to_the_probability(shares, p):
    ranked = _found(shares, None).candidates
    shown = [c.probability for c in ranking.calibrated_shares(ranked, p)]
    assert shown == sorted(shown, reverse=True)
    assert [c.title for c in ranking.calibrated_shares(ranked, p)] == [c.title for c in ranked]
    total = sum(shares)
    expected = [p * (s / total) for s in shares] if total else [0.0] * len(shares)
    assert shown == pytest.approx(expected)


def test_a_head_scales_the_shares_and_changes_no_repair_shown(toy_model: Path):
    """The list a user asks for is the same with and without a head, at a line and for the
    whole file, in the same order; each share is the head's calibrated probability times the
    repair's share among those shown without it, the unit as written has the rest."""
    model = load_model(toy_model, device="cpu")
    text = "class T {\n  int f(int a, int b) {\n    if (a > b) {\n      return b;\n    }\n"
    doc = ParsedText.parse(text + "    return a;\n  }\n}\n", frontend_for("java", "file:///T.java"))

    def shown(focus) -> list[UnitRepairs]:
        return runner.repair(model, doc, focus, pipeline.RepairOptions())[0]

    line = pipeline.line_focus(doc, 2)
    plain = {"line": shown(line), "file": shown(None)}
    config = DetectorConfig(
        features=detection.feature_count(32), hidden=0, line_shift=1.0, method_scale=2.0
    )
    head = DetectionHead(config)
    with torch.no_grad():  # P(needs a change) = 0.3 whatever the input
        head.net[0].weight.zero_()
        head.net[0].bias.fill_(_logit(0.3))
    detection.attach(model, detection.Detector(head))
    judged = {"line": shown(line), "file": shown(None)}
    # calibrated: sigmoid(logit(0.3) + 1) at a line, sigmoid(2 logit(0.3)) for a method
    expected_p = {"line": _sigmoid(_logit(0.3) + 1.0), "file": _sigmoid(2 * _logit(0.3))}
    for where, p in expected_p.items():
        assert all(r.detection is None for r in plain[where])
        assert any(r.candidates for r in plain[where])
        for before, after in zip(plain[where], judged[where], strict=True):
            assert [c.title for c in after.candidates] == [c.title for c in before.candidates]
            total = sum(c.probability for c in before.candidates)
            assert [c.probability for c in after.candidates] == pytest.approx(
                [p * c.probability / total for c in before.candidates], rel=1e-5
            )
            assert after.unchanged_probability() == pytest.approx(1 - p, rel=1e-5)


def test_a_given_unchanged_log_probability_is_the_feature_and_saves_its_scoring(
    toy_model: Path, monkeypatch
):
    """The last feature is the unchanged method's log-probability per token (EOS included):
    scored exactly where not given, read as given otherwise, with no scoring of that input."""
    from spancopy_core.paper import scoring

    model = load_model(toy_model, device="cpu")
    ids = [INSIDE if 5 <= i < 12 else OUTSIDE for i in range(len(METHOD))]
    exact = scoring.log_probs(model, [(METHOD, ids, METHOD), (METHOD, None, METHOD)])
    scored: list[int] = []
    real = scoring.log_probs

    def counted(model, items, *args, **kwargs):
        scored.append(len(items))
        return real(model, items, *args, **kwargs)

    monkeypatch.setattr(scoring, "log_probs", counted)
    alone = detection.features(model, [METHOD, METHOD], [ids, None])
    assert scored == [2]
    assert alone[:, -1].tolist() == pytest.approx([lp / (len(METHOD) + 1) for lp in exact])
    given = detection.features(model, [METHOD, METHOD], [ids, None], unchanged=[-7.0, None])
    assert scored == [2, 1]  # the second input only
    assert given[0, -1].item() == pytest.approx(-7.0 / (len(METHOD) + 1))
    assert torch.equal(given[1], alone[1]) and torch.equal(given[0, :-1], alone[0, :-1])
    with pytest.raises(ValueError, match="one log-probability"):
        detection.features(model, [METHOD], [ids], unchanged=[])


def test_the_runner_gives_the_head_the_ranked_unchanged_log_probability(
    toy_model: Path, tmp_path: Path, monkeypatch
):
    """Through the runner the head judges each unit as it judges it alone, from the log-
    probability of the unit as written that the ranking scored: no second scoring of it."""
    from spancopy_core.paper import scoring

    model = load_model(_with_head(toy_model, tmp_path / "m"), "cpu")
    text = "class T {\n  int f(int a, int b) {\n    if (a > b) {\n      return b;\n    }\n"
    doc = ParsedText.parse(text + "    return a;\n  }\n}\n", frontend_for("java", "file:///T.java"))
    focus = pipeline.line_focus(doc, 2)
    units = pipeline.units(doc, model.vocab, focus)
    scored: list[list[tuple]] = []
    real = scoring.log_probs

    def counted(model, items, *args, **kwargs):
        scored.append([(tuple(x), tuple(y)) for x, _, y in items])
        return real(model, items, *args, **kwargs)

    monkeypatch.setattr(scoring, "log_probs", counted)
    found = runner.repair(model, doc, focus, pipeline.RepairOptions())[0]
    ids = [pipeline.focus_ids(doc, u, focus) for u in units]
    inputs = [pipeline.model_input(u) for u in units]
    unchanged = [(tuple(x), tuple(x)) for x in inputs]
    # the unit as written is scored once, with the candidates
    assert sum(item == u for call in scored for item in call for u in unchanged) == len(units)
    monkeypatch.setattr(scoring, "log_probs", real)
    alone = detection.detect(model, inputs, ids)
    assert alone is not None and [r.detection for r in found] == [
        pytest.approx(d, rel=1e-5) for d in alone
    ]


def _constant_head(model, p: float, **rules: float) -> None:
    """Attach to ``model`` a head whose P(needs a change) is ``p`` whatever the input, its
    calibration the identity."""
    config = DetectorConfig(features=detection.feature_count(32), hidden=0, **rules)
    head = DetectionHead(config)
    with torch.no_grad():
        head.net[0].weight.zero_()
        head.net[0].bias.fill_(_logit(p))
    detection.attach(model, detection.Detector(head))


def test_only_confident_searches_no_unit_the_head_rules_out(toy_model: Path, monkeypatch):
    """Callers that show only confident repairs (diagnostics, automatic code actions, project
    mode) have the runner search no unit whose head probability is below its rule's least
    share and which has no likely bug on the focus lines: such units get no repairs and the
    same verdict as after a full search; the unit with a likely bug is searched, as is every
    unit when the head's probability reaches the rule."""
    model = load_model(toy_model, device="cpu")
    text = (
        "class T {\n  int f(int a, int b) {\n    if (a > b) {\n      return b;\n    }\n"
        "    return a;\n  }\n  boolean g(String s, String t) {\n    return s == t;\n  }\n}\n"
    )
    doc = ParsedText.parse(text, frontend_for("java", "file:///T.java"))
    decoded: list[int] = []
    real = pipeline.decode

    def counted(model, inputs, *args, **kwargs):
        decoded.append(len(inputs))
        return real(model, inputs, *args, **kwargs)

    monkeypatch.setattr(pipeline, "decode", counted)

    def run(focus, only: bool) -> list[UnitRepairs]:
        units = pipeline.units(doc, model.vocab, focus)
        options = pipeline.RepairOptions(compile_check=False)
        return list(
            runner.repair_units(model, doc, units, options, focus=focus, only_confident=only)
        )

    rules = {"automatic_share": 0.5, "diagnostics_share": 0.5}
    _constant_head(model, 0.3, **rules)  # below both rules' least share
    for focus, searched in [
        (None, ["g"]),
        (pipeline.line_focus(doc, 2), []),
        (pipeline.line_focus(doc, 8), ["g"]),
    ]:
        full, decoded[:] = run(focus, False), []
        quick = run(focus, True)
        assert [r.unit.name for r in quick if r.hypotheses] == searched
        assert sum(decoded) == len(searched)
        for a, b in zip(full, quick, strict=True):
            assert runner.confident(a, 2, doc, focus) == runner.confident(b, 2, doc, focus)
            if not b.hypotheses:
                assert b.candidates == [] and b.detection == pytest.approx(a.detection)
                assert b.unchanged_probability() == pytest.approx(a.unchanged_probability())
            else:
                assert [c.title for c in b.candidates] == [c.title for c in a.candidates]
    _constant_head(model, 0.7, **rules)  # at least the rule: every unit is searched
    full, quick = run(None, False), run(None, True)
    assert all(r.hypotheses for r in quick)
    assert [[c.title for c in r.candidates] for r in quick] == [
        [c.title for c in r.candidates] for r in full
    ]
    detection.attach(model, None)  # without a head: the ratio rule needs every search
    assert all(r.hypotheses for r in run(None, True))
