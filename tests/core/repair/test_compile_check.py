"""The compile check of Java repairs (RepairOptions.compile_check; spancopy repair's default,
--no-compile-check turns it off): a repair after which a file that compiled no longer does is
not offered; without a JDK nothing is dropped. Through the ranking and through a real
``spancopy repair`` process with the shipped model."""

from __future__ import annotations

import json
import math
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from spancopy_core.editing.edits import TextEdit, apply_edits
from spancopy_core.editing.positions import LineIndex
from spancopy_core.lang.java import compiler
from spancopy_core.repair import ranking
from spancopy_core.repair.candidates import Candidate
from spancopy_core.repair.java import JavaFrontend
from spancopy_core.repair.pipeline import ParsedText
from tests.java_sources import STATS

LINE = 7  # 1-based: the if
needs_jdk = pytest.mark.skipif(not compiler.available(), reason="no JDK (javac, java) on PATH")


def _candidate(old: str, new: str) -> Candidate:
    start = STATS.index(old)
    edit = TextEdit(start, start + len(old), new)
    after = apply_edits(STATS, [edit])
    return Candidate((edit,), new, 0.0, -math.inf, 0, len(STATS), after, tokens=(new,))


def _ranked(compile_check: bool) -> list[str]:
    doc = ParsedText.parse(STATS, JavaFrontend())
    (unit,) = doc.frontend.all_units(doc.parsed, ())
    found = [_candidate("best = i;", "best = a;"), _candidate("a[i] > a", "a[i] >= a")]
    ranked = ranking.rank(
        STATS, unit, found, [-1.0, -2.0], -3.0, LineIndex(STATS), None, doc.frontend,
        top_k=5, compile_check=compile_check,
    )  # fmt: skip
    return [c.title for c in ranked]


@needs_jdk
def test_the_ranking_drops_what_no_longer_compiles() -> None:
    assert _ranked(compile_check=False) == ["best = a;", "a[i] >= a"]
    assert _ranked(compile_check=True) == ["a[i] >= a"]  # an int[] is no int


def test_without_a_jdk_the_ranking_drops_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(compiler.shutil, "which", lambda name: None)
    assert _ranked(compile_check=True) == ["best = a;", "a[i] >= a"]


def _repair(path: Path, *extra: str, env: dict[str, str] | None = None) -> list[dict]:
    out = subprocess.run(
        [sys.executable, "-m", "spancopy_core.cli", "repair", str(path), "--line", str(LINE)]
        + ["--json", *extra],
        capture_output=True,
        text=True,
        timeout=600,  # seconds; the limit only keeps a hang from blocking the suite
        env=env,
    )
    assert out.returncode == 0, out.stderr
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
