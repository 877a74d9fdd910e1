"""``python -m trainer identity``: the distinct fixed sides of data, each paired with itself,
run as a real process; a bad directory is a one-line error."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from trainer.data import read_pairs, write_pairs


def _identity(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "trainer", "identity", *args], capture_output=True, text=True
    )


def test_fixed_sides_become_identity_pairs_once_each(tmp_path: Path):
    a, b = tmp_path / "a", tmp_path / "b"
    write_pairs(a, "train", [(["x", "-", "1"], ["x", "+", "1"]), (["y"], ["z", ";"])])
    write_pairs(b, "train", [(["q"], ["x", "+", "1"]), (["w"], ["w", "w"])])
    out = tmp_path / "out"
    done = _identity("--data", str(a), str(b), "--out", str(out))
    assert done.returncode == 0, done.stderr
    assert read_pairs(out, "train") == [
        (["x", "+", "1"], ["x", "+", "1"]),
        (["z", ";"], ["z", ";"]),
        (["w", "w"], ["w", "w"]),
    ]


def test_a_limit_keeps_a_sample_of_that_many(tmp_path: Path):
    a = tmp_path / "a"
    write_pairs(a, "valid", [(["b"], [f"t{i}"]) for i in range(10)])
    out = tmp_path / "out"
    done = _identity("--data", str(a), "--split", "valid", "--limit", "4", "--out", str(out))
    assert done.returncode == 0, done.stderr
    got = read_pairs(out, "valid")
    assert len(got) == 4 and all(x == y and x[0].startswith("t") for x, y in got)
    assert len({x[0] for x, _ in got}) == 4


def test_a_missing_directory_is_one_line(tmp_path: Path):
    done = _identity("--data", str(tmp_path / "nope"), "--out", str(tmp_path / "out"))
    assert done.returncode == 2
    assert done.stderr == f"error: {tmp_path / 'nope'}: not a directory\n"
