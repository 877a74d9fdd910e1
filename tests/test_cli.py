"""``spancopy repair`` end to end, through real processes, on the shipped example."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from .lsp.conftest import SERVER_ENV, parses

ROOT = Path(__file__).resolve().parents[1]
EXAMPLE = ROOT / "examples" / "RingBuffer.java"
TEXT = EXAMPLE.read_text(encoding="utf-8")
IS_FULL = TEXT[TEXT.index("public boolean isFull") : TEXT.index("}", TEXT.index("isFull")) + 1]


def spancopy(*args: object) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "spancopy_core.cli", *map(str, args)],
        capture_output=True,
        text=True,
        env=SERVER_ENV,
        cwd=ROOT,
        timeout=120,
    )


def test_repairs_of_one_method_as_diffs(toy_model: Path):
    out = spancopy("repair", "examples/RingBuffer.java", "--line", 17, "--model", toy_model)
    assert out.returncode == 0, out.stderr
    header, *repairs = out.stdout.split("\n#")
    assert header == f"examples/RingBuffer.java:16: method isFull: {len(repairs)} repair(s)"
    assert repairs[0].startswith("1 Replace `>` with `>=` (")
    for rank, repair in enumerate(repairs, start=1):
        title, diff = repair.split("\n", 1)
        assert title.startswith(f"{rank} ") and title.endswith("%)")
        assert diff.startswith("--- a/examples/RingBuffer.java\n+++ b/examples/RingBuffer.java\n")
    assert (
        "-        return size > items.length;\n+        return size >= items.length;\n"
        in (repairs[0])
    )
    assert out.stdout.endswith("1 method(s) checked, 1 with repairs\n")


def apply_lsp_edits(text: str, edits: list[dict]) -> str:
    """Apply JSON edits (0-based lines; characters are code points in this ASCII file)."""
    lines = text.splitlines(keepends=True)

    def offset(p: dict) -> int:
        return sum(map(len, lines[: p["line"]])) + p["character"]

    for e in sorted(edits, key=lambda e: offset(e["start"]), reverse=True):
        text = text[: offset(e["start"])] + e["newText"] + text[offset(e["end"]) :]
    return text


def test_json_of_every_method(toy_model: Path):
    out = spancopy("repair", EXAMPLE, "--json", "--top-k", 2, "--model", toy_model)
    assert out.returncode == 0, out.stderr
    report = json.loads(out.stdout)
    methods = {m["name"]: m for m in report["methods"]}
    assert list(methods) == ["RingBuffer", "isFull", "add", "get", "poll"]
    is_full = methods["isFull"]
    assert (is_full["line"], is_full["tokens"]) == (16, 14)
    assert 0 <= is_full["unchanged_probability"] < 1
    assert 1 <= len(is_full["repairs"]) <= 2
    assert is_full["repairs"][0]["title"] == "Replace `>` with `>=`"
    start = TEXT.index(IS_FULL)
    before, after, seen = TEXT[:start], TEXT[start + len(IS_FULL) :], set()
    for rank, repair in enumerate(is_full["repairs"], start=1):
        assert repair["rank"] == rank and repair["diff"].startswith("--- ")
        assert 0 < repair["probability"] <= 1 - is_full["unchanged_probability"]
        repaired = apply_lsp_edits(TEXT, repair["edits"])
        assert repaired not in seen and parses(repaired)
        assert repaired.startswith(before) and repaired.endswith(after)
        seen.add(repaired)
    first = apply_lsp_edits(TEXT, is_full["repairs"][0]["edits"])
    assert first == TEXT.replace("size > items.length", "size >= items.length")


@pytest.mark.parametrize(
    ("args", "code", "message"),
    [
        (("repair", "missing.java"), 2, "no such file"),
        (("repair", "README.md"), 2, "unsupported file type"),
        (("repair", "examples/RingBuffer.java", "--line", 2), 1, "no method at this line"),
    ],
)
def test_usage_errors(toy_model: Path, args, code: int, message: str):
    out = spancopy(*args, "--model", toy_model)
    assert out.returncode == code and message in out.stderr, out.stderr


def test_missing_model_and_binary_file(tmp_path: Path):
    out = spancopy("repair", EXAMPLE, "--model", tmp_path / "none")
    assert out.returncode == 2
    assert "cannot load the model" in out.stderr and "--model DIR" in out.stderr
    binary = tmp_path / "Bin.java"
    binary.write_bytes(b"class A { \xff\xfe }")
    out = spancopy("repair", binary, "--model", tmp_path / "none")
    assert out.returncode == 2 and "not UTF-8 text" in out.stderr
