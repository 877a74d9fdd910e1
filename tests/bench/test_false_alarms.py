"""bench/false_alarms.py: its held-out files are those ``trainer synth`` puts in its test split,
its shares and calibration on hand-written requests, the detection head's calibration fit and
rules, and a run end to end as a real process with the toy model (no shared data needed)."""

from __future__ import annotations

import json
import math
import random
import shutil
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import pytest

from bench import false_alarms
from bench.false_alarms import Asked, Judged
from spancopy_core.paper import detection
from spancopy_core.paper.detection import DetectionHead, DetectorConfig
from trainer import synth
from trainer.data import read_pairs
from trainer.idioms import load_idioms

SCRIPT = Path(false_alarms.__file__)


def test_the_held_out_files_are_synths_test_split(tmp_path: Path):
    # file Ci_j holds a method of i increments and j decrements: a pair's fixed side names it
    root = tmp_path / "src"
    for i in range(1, 9):
        for j in range(1, 9):
            body = " ".join(["a++;"] * i + ["a--;"] * j)
            (root / f"p{i}").mkdir(parents=True, exist_ok=True)
            (root / f"p{i}" / f"C{i}_{j}.java").write_text(
                f"class C{i}_{j} {{\n  int f(int a) {{ {body} return a; }}\n}}\n"
            )
    out = tmp_path / "pairs"
    s = false_alarms.SPLIT
    synth.run([root], out, load_idioms(None), seed=s["seed"], valid=s["valid"], test=s["test"])
    in_test = {
        f"C{y.count('++')}_{y.count('--')}"
        for size in ("small", "medium")
        if (out / size / "test.fixed").is_file()
        for _, y in read_pairs(out / size, "test")
    }
    held = {p.stem for p in false_alarms.held_out_files(root)}
    assert in_test and held == in_test
    assert all(p.is_file() and p.parent.parent == root for p in false_alarms.held_out_files(root))


# 21 clean lines: one answered up to R=2.5, one up to 12, one with only unlikely repairs, the
# rest below 1; four bug lines answered up to 30, 6, 1.2 and 0.1.
CLEAN = [
    Asked(2.5, ((0.7, False),)),
    Asked(12.0, ((0.25, False), (0.05, False))),
    Asked(0.5, ((0.3, False),)),
    *[Asked(0.2, ((0.01, False),))] * 18,
]
BUGS = [
    Asked(30.0, ((0.3, True), (0.1, False))),
    Asked(6.0, ((0.35, False), (0.2, True))),
    Asked(1.2, ((0.5, False),)),
    Asked(0.1, ((0.05, True),)),
]


def test_answered_counts_the_requests_at_or_above_a_ratio():
    assert [false_alarms.answered(CLEAN, r) for r in (1, 2.5, 3, 12, 13)] == [2, 2, 1, 1, 0]
    assert [false_alarms.answered(BUGS, r) for r in (1, 2, 6, 10, 31)] == [3, 2, 2, 1, 0]
    assert false_alarms.answered([Asked(0.0, ())], 0) == 0  # no repair: nothing to answer


def test_the_chosen_ratio_keeps_clean_lines_under_5_percent_at_4x_the_bugs():
    # R=1, 1.5, 2: 2/21 clean (9.5%); R=3: 1/21 (4.8%) clean, 2/4 bugs
    assert false_alarms.choose_ratio(CLEAN, BUGS) == 3
    # bugs answered no more often than the clean line above 12: no R of the grid qualifies
    # until R=20, where nothing is answered at all
    assert false_alarms.choose_ratio(CLEAN, [Asked(12.0, ()), *[Asked(0.1, ())] * 19]) is None


def test_calibration_counts_the_shown_repairs_and_the_right_ones_per_band():
    # bands 0-5%, 5-10%, 10-20%, 20-40%, 40-60%, 60-100%: (repairs, sum of shares, right)
    found = false_alarms.calibration([*CLEAN, *BUGS])
    assert [(n, right) for n, _, right in found] == [
        (18, 0),
        (2, 1),
        (1, 0),
        (5, 2),
        (1, 0),
        (1, 0),
    ]
    assert [total for _, total, _ in found] == pytest.approx([0.18, 0.1, 0.1, 1.4, 0.5, 0.7])


def test_the_report_prints_the_shares_and_results():
    marked, unmarked = Asked(3.0, (), shipped=True), Asked(0.0, ())
    clean_marks, bug_marks = [marked, unmarked, unmarked, unmarked], [marked, marked]
    text = false_alarms.report(CLEAN, BUGS, clean_marks, bug_marks, 2.0)
    assert "| 3 | 1/21 (4.8%) | 2/4 (50.0%) | 10.5 | 0.91 |" in text
    assert (
        "diagnostics at the shipped settings (no focus, threshold 2, or the detection head's"
        " rule): clean methods 1/4 (25.0%), buggy methods 2/2"
    ) in text
    assert "| 20%-40% | 5 | 28.0% | 2/5 (40.0%) |" in text
    assert "RESULT false_alarms ratio=3 clean_answered=0.0476 bug_answered=0.5000" in text
    assert (
        "RESULT false_alarms calibration band=20%-40% shown=5 mean_share=0.280 right=2"
        " right_share=0.400 chosen_ratio=3"
    ) in text
    # 28 repairs shown whose shares sum to 2.98, 3 of them right
    assert (
        "RESULT false_alarms calibration all shown=28 shares_sum=2.98 right=3"
        " mean_share=0.1064 right_share=0.1071"
    ) in text
    assert "head" not in text.split("RESULT", 1)[1]  # no head: no head's figures


def _judged(raw: float, *shares: float, right: int | None = None) -> Asked:
    """A request whose one unit the head judged ``raw``, showing ``shares`` (the one at
    ``right`` the fix)."""
    rights = tuple(k == right for k in range(len(shares)))
    return Asked(1.0, tuple(zip(shares, rights)), units=(Judged(raw, shares, rights),))


def test_a_judged_unit_is_shown_with_any_calibration():
    unit = _judged(0.5, 0.3, 0.1, right=1).units[0]
    assert unit.within() == pytest.approx([0.75, 0.25])
    # sigmoid(2 logit(0.5) + ln 3) = 3 / 4, half of the fixes found: 3 / 8
    assert unit.calibrated((2.0, math.log(3), 0.5)) == pytest.approx([0.28125, 0.09375])
    again = false_alarms.recalibrated(_judged(0.5, 0.3, 0.1), (2.0, math.log(3), 1.0), 0.6)
    assert [p for p, _ in again.shown] == pytest.approx([0.5625, 0.1875])
    assert again.score == pytest.approx(0.75) and again.shipped
    assert not false_alarms.recalibrated(again, (1.0, 0.0, 1.0), 0.6).shipped  # 0.5 < 0.6
    assert false_alarms.recalibrated(_judged(0.5), (1.0, 0.0, 1.0), 0.0).score == 0  # none
    # a third of the beam's changes left the unit as it is: two thirds of it, as shown
    kept = unit._replace(kept=2 / 3)
    assert kept.calibrated((2.0, math.log(3), 0.5)) == pytest.approx([0.1875, 0.0625])
    thirds = replace(_judged(0.5, 0.3, 0.1), units=(kept,))
    assert false_alarms.recalibrated(thirds, (2.0, math.log(3), 1.0), 0.6).score == pytest.approx(
        0.5
    )
    assert not false_alarms.recalibrated(thirds, (2.0, math.log(3), 1.0), 0.6).shipped


def _scored(*scores: float) -> list[Asked]:
    return [Asked(1.0, ((s, False),), score=s) if s else Asked(0.0, ()) for s in scores]


def test_the_least_share_answers_few_clean_lines_and_many_more_bug_lines():
    # scores: clean 0.5 once, 0.045 once, 0.01 for 98; bugs 0.2 x 6, 0.045 x 4, none x 10
    clean = _scored(0.5, 0.045, *[0.01] * 98)
    bugs = _scored(*[0.2] * 6, *[0.045] * 4, *[0.0] * 10)
    table, chosen, met = false_alarms.share_grid(clean, bugs, "lines", 0.03, 4.0)
    # s <= 0.01 answers every clean line; 0.015 to 0.045: 2% of clean, 50% of bugs (25x), the
    # largest of them chosen; above, 1% of clean and 30% of bugs
    assert (chosen, met) == (0.045, True)
    assert "| s=0.045 | 2/100 (2.0%) | 10/20 (50.0%) | 25.0 |" in table
    assert "| s=0.05 | 1/100 (1.0%) | 6/20 (30.0%) | 30.0 |" in table
    assert false_alarms.share_grid(clean, bugs, "lines", 0.01, 4.0)[1:] == (0.2, True)
    assert false_alarms.share_grid(clean, clean, "lines", 0.03, 4.0)[1:] == (None, False)
    # no rule reaches 4x: 3% of clean and 5% of bugs up to 0.05 is the highest lift there is
    clean = _scored(0.5, 0.05, 0.05, *[0.01] * 97)
    bugs = _scored(0.05, *[0.01] * 19)
    assert false_alarms.share_grid(clean, bugs, "lines", 0.03, 4.0)[1:] == (0.05, False)


def test_auc_counts_the_pairs_ranked_right_and_ties_as_half():
    assert false_alarms.auc([0.9, 0.5], [0.5, 0.1]) == pytest.approx((1 + 1 + 0.5 + 1) / 4)
    assert math.isnan(false_alarms.auc([], [0.1]))


def _platt_sample(scale: float, shift: float, n: int = 4000) -> tuple[list[Judged], list[bool]]:
    """Units that need a change with probability sigmoid(scale logit(raw) + shift), a quarter
    of those with the fix among the repairs shown; and whether each needs a change."""
    rng = random.Random(0)
    units, labels = [], []
    for _ in range(n):
        raw = rng.uniform(0.02, 0.98)
        p = 1 / (1 + math.exp(-(scale * math.log(raw / (1 - raw)) + shift)))
        labels.append(rng.random() < p)
        units.append(Judged(raw, (0.6, 0.2), (labels[-1] and rng.random() < 0.25, False)))
    return units, labels


def test_the_platt_fit_recovers_the_map_that_made_the_outcomes():
    scale, shift, found = false_alarms.fit_platt(*_platt_sample(1.7, -1.2))
    assert scale == pytest.approx(1.7, abs=0.15) and shift == pytest.approx(-1.2, abs=0.15)
    assert found == pytest.approx(0.25, abs=0.04)


def _requests(units: list[Judged], labels: list[bool]) -> false_alarms.Requests:
    clean = [Asked(0.0, (), units=(u,)) for u, k in zip(units, labels) if not k]
    bugs = [Asked(0.0, (), units=(u,)) for u, k in zip(units, labels) if k]
    return {"clean": clean, "bugs": bugs, "clean_marks": clean, "bug_marks": bugs}


def test_calibrated_rules_are_written_beside_the_head(tmp_path: Path):
    head = DetectionHead(DetectorConfig(features=6, hidden=0))
    detection.save(tmp_path, head, {"data": ["x"]})
    found = false_alarms.calibrated_rules(
        tmp_path, _requests(*_platt_sample(3.0, -1.0, 1500)), {"part": "t"}
    )
    written = json.loads((tmp_path / detection.CONFIG).read_text())
    assert written["line_scale"] == pytest.approx(3.0, abs=0.5)
    assert written["line_found"] == pytest.approx(0.25, abs=0.06)
    assert written["training"] == {"data": ["x"], "calibration": {"part": "t"}}
    least = written["automatic_share"]
    clean = found["clean"]
    assert [a.shipped for a in clean] == [a.score >= least for a in clean]
    assert sum(a.shipped for a in clean) <= 0.03 * len(clean)
    assert sum(a.shipped for a in found["bugs"]) >= 4 * sum(a.shipped for a in clean)
    # the same requests as methods reach 3x too: diagnostics get a least share, not never
    assert written["diagnostics_share"] < 1


def test_a_dump_is_replayed_with_the_heads_calibration_now(tmp_path: Path):
    config = DetectorConfig(
        features=6, hidden=0, line_shift=math.log(3), automatic_share=0.7, diagnostics_share=0.6
    )
    detection.save(tmp_path, DetectionHead(config))
    requests = {k: [_judged(0.5, 0.3, 0.1, right=0)] for k in false_alarms.REQUESTS}
    false_alarms.dump(requests, "report", tmp_path / "dump.json")
    again = false_alarms.replayed(tmp_path / "dump.json", tmp_path)
    # lines: sigmoid(logit(0.5) + ln 3) = 0.75 >= 0.7; methods as the head says (0.5 < 0.6)
    assert [p for p, _ in again["bugs"][0].shown] == pytest.approx([0.5625, 0.1875])
    assert again["bugs"][0].shipped and not again["bug_marks"][0].shipped
    assert [right for _, right in again["bugs"][0].shown] == [True, False]
    # a unit whose beam spent a tenth of its changes on the unit as it is: 0.675 < 0.7
    (unit,) = requests["bugs"][0].units
    requests["bugs"] = [replace(requests["bugs"][0], units=(unit._replace(kept=0.9),))]
    false_alarms.dump(requests, "report", tmp_path / "dump.json")
    again = false_alarms.replayed(tmp_path / "dump.json", tmp_path)
    assert [p for p, _ in again["bugs"][0].shown] == pytest.approx([0.50625, 0.16875])
    assert not again["bugs"][0].shipped


CLEAN_JAVA = """class Limits {
    boolean fits(int value, int limit) {
        // at the limit it still fits

        return value >= limit;
    }
}
"""
RECORD = {
    "id": "everyday:0",
    "class_name": "Limits",
    "indent": "    ",
    "buggy": "public boolean fits(int value, int limit) {\n        return value > limit;\n    }",
    "fixed": "public boolean fits(int value, int limit) {\n        return value >= limit;\n    }",
}


def _run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, str(SCRIPT), *args], capture_output=True, text=True)


def test_a_run_end_to_end_asks_every_code_line(toy_model: Path, tmp_path: Path):
    clean = tmp_path / "clean"
    clean.mkdir()
    (clean / "Limits.java").write_text(CLEAN_JAVA)
    records = tmp_path / "bugs.jsonl"
    records.write_text(json.dumps(RECORD) + "\n")
    done = _run(
        *("--model", str(toy_model), "--clean", str(clean), "--records", str(records)),
        *("--lines", "0", "--methods", "0", "--bugs", "0"),
    )
    assert done.returncode == 0, done.stderr
    # three lines of code in the method (the comment and the blank line are not asked)
    assert "clean_n=3 bug_n=1" in done.stdout
    assert "clean_n=1 buggy_n=1" in done.stdout  # diagnostics: one method each
    assert done.stdout.count("RESULT false_alarms ratio=") == len(false_alarms.RATIOS)


def test_calibrate_needs_the_tune_part_and_a_head(toy_model: Path, tmp_path: Path):
    (tmp_path / "A.java").write_text("class A {}\n")
    args = ("--clean", str(tmp_path), "--records", "x.jsonl", "--calibrate")
    done = _run("--model", str(toy_model), *args, "--part", "tune")  # no head
    assert done.returncode == 2
    assert done.stderr == "--calibrate and --replay need a model with a detection head\n"
    model = tmp_path / "model"
    shutil.copytree(toy_model, model)
    detection.save(model, DetectionHead(DetectorConfig(features=detection.feature_count(32))))
    done = _run("--model", str(model), *args, "--part", "report")
    assert done.returncode == 2
    assert done.stderr == "--calibrate chooses on the tune part, not report\n"


@pytest.mark.slow
def test_a_wrong_model_directory_is_one_line(tmp_path: Path):
    done = _run("--model", str(tmp_path), "--clean", str(tmp_path), "--records", "x.jsonl")
    assert done.returncode == 2
    assert done.stderr == f"no Java files in {tmp_path}\n"
    (tmp_path / "A.java").write_text("class A {}\n")
    done = _run("--model", str(tmp_path), "--clean", str(tmp_path), "--records", "x.jsonl")
    assert done.returncode == 2
    assert done.stderr == f"not a model directory: {tmp_path}\n"
