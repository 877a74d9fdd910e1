"""The compile check of Java repairs (spancopy_core.repair.compile_check; RepairOptions.
compile_check, spancopy repair's default, --no-compile-check turns it off; the server's
java.compileCheck): a repair after which a file that compiled no longer does is not offered;
without a JDK nothing is dropped. On a ranking checked as the runner checks it, through a real
``spancopy repair`` process with the shipped model, and settle's shares."""

from __future__ import annotations

import json
import math
import os
import shutil
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import pytest

from spancopy_core.editing.edits import TextEdit, apply_edits
from spancopy_core.editing.positions import LineIndex
from spancopy_core.lang.java import compiler
from spancopy_core.paper.detection import Detection
from spancopy_core.repair import compile_check, ranking
from spancopy_core.repair.candidates import Candidate
from spancopy_core.repair.java import JavaFrontend
from spancopy_core.repair.pipeline import ParsedText, RepairOptions, UnitRepairs
from tests.java_sources import STATS

LINE = 7  # 1-based: the if
needs_jdk = pytest.mark.skipif(not compiler.available(), reason="no JDK (javac, java) on PATH")


def _candidate(old: str, new: str) -> Candidate:
    start = STATS.index(old)
    edit = TextEdit(start, start + len(old), new)
    after = apply_edits(STATS, [edit])
    return Candidate((edit,), new, 0.0, -math.inf, 0, len(STATS), after, tokens=(new,))


def _ranked(check: bool) -> list[str]:
    """Two repairs of the if's method, ranked (for the check: :func:`compile_check.widened`),
    then checked as the runner checks them (:func:`compile_check.checked`, javac's verdicts)."""
    doc = ParsedText.parse(STATS, JavaFrontend())
    (unit,) = doc.frontend.all_units(doc.parsed, ())
    found = [_candidate("best = i;", "best = a;"), _candidate("a[i] > a", "a[i] >= a")]
    options = RepairOptions(top_k=1, compile_check=check)
    top_k = (compile_check.widened(options) if check else options).top_k
    ranked = ranking.rank(
        STATS, unit, found, [-1.0, -2.0], -3.0, LineIndex(STATS), None, doc.frontend,
        top_k=top_k,
    )  # fmt: skip
    repairs = [UnitRepairs(unit, [], ranked, -3.0)]
    if check:
        repairs = compile_check.checked(doc, repairs, options.top_k)
    return [c.title for c in repairs[0].candidates]


@needs_jdk
def test_the_check_drops_what_no_longer_compiles() -> None:
    assert _ranked(check=False) == ["best = a;"]
    assert _ranked(check=True) == ["a[i] >= a"]  # an int[] is no int: the next one shown


def test_without_a_jdk_the_check_drops_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(compiler.shutil, "which", lambda name: None)
    assert _ranked(check=True) == ["best = a;"]


def _repair(path: Path, *extra: str, env: dict[str, str] | None = None) -> list[dict]:
    out = subprocess.run(
        [sys.executable, "-m", "spancopy_core.cli", "repair", str(path), "--line", str(LINE)]
        + ["--json", *extra],
        capture_output=True,
        text=True,
        timeout=600,  # seconds; the limit only keeps a hang from blocking the suite
        env=env,
    )
    assert out.returncode == 0 and not out.stderr, out.stderr  # with a JDK or without: silence
    return json.loads(out.stdout)["methods"][0]["repairs"]


def _javac_accepts(folder: Path, text: str) -> bool:
    (folder / "Stats.java").write_text(text, encoding="utf-8")
    done = subprocess.run(
        ["javac", "-d", str(folder / "classes"), str(folder / "Stats.java")],
        capture_output=True,
        timeout=600,
    )
    return done.returncode == 0


@pytest.mark.slow
@needs_jdk
def test_spancopy_repair_offers_only_repairs_that_compile(tmp_path: Path) -> None:
    # best declared with var: the validity check does not know its type, so the repair
    # best = a (an int[]) is left to the compile check
    source = STATS.replace("int best = 0;", "var best = 0;")
    path = tmp_path / "src" / "Stats.java"
    path.parent.mkdir()
    path.write_text(source, encoding="utf-8")
    checked = _repair(path)
    unchecked = _repair(path, "--no-compile-check")
    lines = LineIndex(source)

    def text_of(repair: dict) -> str:
        edits = [
            TextEdit(
                lines.offset(e["start"]["line"], e["start"]["character"]),
                lines.offset(e["end"]["line"], e["end"]["character"]),
                e["newText"],
            )
            for e in repair["edits"]
        ]
        return apply_edits(source, edits)

    work = tmp_path / "javac"
    work.mkdir()
    assert all(_javac_accepts(work, text_of(r)) for r in checked)
    assert not all(_javac_accepts(work, text_of(r)) for r in unchecked)  # the check did work


def test_spancopy_repair_without_a_jdk_runs_as_before(tmp_path: Path) -> None:
    path = tmp_path / "Stats.java"
    path.write_text(STATS, encoding="utf-8")
    python = Path(sys.executable).parent
    env = {**os.environ, "PATH": str(python)}  # no javac there, unless beside python
    if shutil.which("javac", path=env["PATH"]):
        pytest.skip("a JDK beside the interpreter")
    assert _repair(path, env=env)  # repairs, and exit status 0


# -- the check after the ranking (spancopy_core.repair.compile_check), as the server runs it --


def _found(log_probs: list[float], unchanged: float, **kw: object) -> UnitRepairs:
    doc = ParsedText.parse(STATS, JavaFrontend())
    (unit,) = doc.frontend.all_units(doc.parsed, ())
    found = [
        replace(_candidate("best = i;", f"best = {k};"), log_prob=lp, probability=0.1)
        for k, lp in enumerate(log_probs)
    ]
    return UnitRepairs(unit, [], found, unchanged, **kw)  # type: ignore[arg-type]


def test_settle_drops_the_rejected_and_shares_what_is_left() -> None:
    found = _found([-1.0, -2.0, -3.0], -1.5)
    settled = compile_check.settle(found, [True, False, True], top_k=5)
    assert [c.title for c in settled.candidates] == ["best = 0;", "best = 2;"]
    total = math.exp(-1.0) + math.exp(-3.0) + math.exp(-1.5)  # the list and the unit
    assert [c.probability for c in settled.candidates] == pytest.approx(
        [math.exp(-1.0) / total, math.exp(-3.0) / total]
    )
    assert settled.unchanged_share == pytest.approx(math.exp(-1.5) / total)


def test_settle_fills_the_list_from_the_repairs_not_compiled() -> None:
    found = _found([-1.0, -2.0, -3.0, -4.0], -9.0)
    # two judged (the first rejected), the others never compiled: they count as compiling
    settled = compile_check.settle(found, [False, True], top_k=2)
    assert [c.title for c in settled.candidates] == ["best = 1;", "best = 2;"]


def test_settle_keeps_the_beams_shares() -> None:
    found = _found([-1.0, -2.0], -1.5)
    beam = replace(found, unchanged_log_prob=None)
    settled = compile_check.settle(beam, [False, True], top_k=5)
    assert [(c.title, c.probability) for c in settled.candidates] == [("best = 1;", 0.1)]


def test_settle_shares_a_detection_heads_probability_among_those_kept() -> None:
    found = _found([-1.0, -2.0, -3.0], -1.5)
    shares = [0.3, 0.2, 0.1]  # of a calibrated 60%, the unit as written 40%
    judged = replace(
        found,
        candidates=[replace(c, probability=p) for c, p in zip(found.candidates, shares)],
        unchanged_share=0.4,
        detection=Detection(0.6, 0.2, 0.5),
    )
    settled = compile_check.settle(judged, [True, False, True], top_k=5)
    assert [c.probability for c in settled.candidates] == pytest.approx([0.45, 0.15])
    assert settled.unchanged_share == 0.4


def test_the_ranking_keeps_ten_more_than_it_shows() -> None:
    options = compile_check.widened(RepairOptions(top_k=3, compile_check=True))
    assert (options.top_k, options.compile_check) == (13, False)
    found = _found([-1.0, -2.0], -1.5)
    assert compile_check.variants(STATS, found) == [
        STATS.replace("best = i;", "best = 0;"),
        STATS.replace("best = i;", "best = 1;"),
    ]


@needs_jdk
def test_the_repairs_past_the_first_ten_are_compiled_until_enough_compile() -> None:
    """Commons Lang's ``validIndex``: eight of the first ten did not compile and the two after
    them were shown unchecked; the ranked repairs are compiled in order until as many as are
    shown compile (javac's verdicts, as the runner asks)."""
    doc = ParsedText.parse(STATS, JavaFrontend())
    found = _found([-1.0 - k for k in range(14)], -20.0)
    names = [f"best = missing{k};" for k in range(11)] + ["best = 0;", "best = 1;", "best = 2;"]
    found = replace(
        found,
        candidates=[
            replace(_candidate("best = i;", name), log_prob=c.log_prob, probability=0.05)
            for c, name in zip(found.candidates, names, strict=True)
        ],
    )
    (checked,) = compile_check.checked(doc, [found], top_k=2)
    assert [c.title for c in checked.candidates] == ["best = 0;", "best = 1;"]
