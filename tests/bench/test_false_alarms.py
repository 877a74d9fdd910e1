"""bench/false_alarms.py: its held-out files are those ``trainer synth`` puts in its test split,
its shares and calibration on hand-written requests, and a run end to end as a real process
with the toy model (no shared data needed)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from bench import false_alarms
from bench.false_alarms import Asked
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
    # bands 0-10%, 10-20%, 20-40%, 40-60%, 60-100%
    assert false_alarms.calibration(BUGS) == [(1, 1), (1, 0), (3, 2), (1, 0), (0, 0)]
    assert false_alarms.calibration(CLEAN)[2] == (2, 0)


def test_the_report_prints_the_shares_and_results():
    marked, unmarked = Asked(3.0, (), shipped=True), Asked(0.0, ())
    clean_marks, bug_marks = [marked, unmarked, unmarked, unmarked], [marked, marked]
    text = false_alarms.report(CLEAN, BUGS, clean_marks, bug_marks, 2.0)
    assert "| 3 | 1/21 (4.8%) | 2/4 (50.0%) | 10.5 | 0.91 |" in text
    assert (
        "diagnostics at the shipped settings (no focus, threshold 2, or the detection head's"
        " rule): clean methods 1/4 (25.0%), buggy methods 2/2"
    ) in text
    assert "| 20%-40% | 3 | 2/3 (66.7%) | 2 |" in text
    assert "RESULT false_alarms ratio=3 clean_answered=0.0476 bug_answered=0.5000" in text
    assert "right=2 right_share=0.667 shown_at_clean=2 chosen_ratio=3" in text


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


def test_a_wrong_model_directory_is_one_line(tmp_path: Path):
    done = _run("--model", str(tmp_path), "--clean", str(tmp_path), "--records", "x.jsonl")
    assert done.returncode == 2
    assert done.stderr == f"no Java files in {tmp_path}\n"
    (tmp_path / "A.java").write_text("class A {}\n")
    done = _run("--model", str(tmp_path), "--clean", str(tmp_path), "--records", "x.jsonl")
    assert done.returncode == 2
    assert done.stderr == f"not a model directory: {tmp_path}\n"
