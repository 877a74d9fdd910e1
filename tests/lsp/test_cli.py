"""``spancopy repair`` end to end, through real processes, on the shipped example."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from .conftest import SERVER_ENV, expected_repairs

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "examples" / "RingBuffer.java"


def spancopy(*args: object) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "lsp_server.cli", *map(str, args)],
        capture_output=True,
        text=True,
        env=SERVER_ENV,
        cwd=ROOT,
        timeout=120,
    )


def test_repairs_of_one_method_as_diffs(toy_model: Path):
    out = spancopy("repair", "examples/RingBuffer.java", "--line", 17, "--model", toy_model)
    assert out.returncode == 0, out.stderr
    text = EXAMPLE.read_text(encoding="utf-8")
    expected = expected_repairs(toy_model, text, text.index("size > items"))
    header = f"examples/RingBuffer.java:16: method isFull: {len(expected)} repair(s)\n"
    assert out.stdout.startswith(header)
    for rank, (title, _) in enumerate(expected, start=1):
        assert f"\n#{rank} {title}\n--- a/examples/RingBuffer.java\n" in out.stdout
    assert "-        return size > items.length;\n+        return size >= items.length;\n" in (
        out.stdout
    )
    assert out.stdout.endswith("1 method(s) checked, 1 with repairs\n")


def test_json_of_every_method(toy_model: Path):
    out = spancopy("repair", EXAMPLE, "--json", "--top-k", 2, "--model", toy_model)
    assert out.returncode == 0, out.stderr
    report = json.loads(out.stdout)
    text = EXAMPLE.read_text(encoding="utf-8")
    methods = {m["name"]: m for m in report["methods"]}
    assert list(methods) == ["RingBuffer", "isFull", "add", "get", "poll"]
    is_full = methods["isFull"]
    assert (is_full["line"], is_full["tokens"]) == (16, 14)
    assert 0 <= is_full["unchanged_probability"] < 1
    expected = expected_repairs(toy_model, text, text.index("size > items"), top_k=2)
    assert [r["title"] for r in is_full["repairs"]] == [t.rsplit(" (", 1)[0] for t, _ in expected]
    for repair, (_, repaired) in zip(is_full["repairs"], expected, strict=True):
        assert repair["probability"] > 0 and repair["diff"].startswith("--- ")
        lines = text.splitlines(keepends=True)
        out_text = text
        for e in sorted(
            repair["edits"],
            key=lambda e: (e["start"]["line"], e["start"]["character"]),
            reverse=True,
        ):
            start = sum(map(len, lines[: e["start"]["line"]])) + e["start"]["character"]
            end = sum(map(len, lines[: e["end"]["line"]])) + e["end"]["character"]
            out_text = out_text[:start] + e["newText"] + out_text[end:]
        assert out_text == repaired  # ASCII file: UTF-16 characters are code points


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
