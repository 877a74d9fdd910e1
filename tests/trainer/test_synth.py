"""``python -m trainer synth`` end to end on the real OpenJDK files of tests/fixtures/java."""

from __future__ import annotations

import hashlib
import json
import os
import re
import shlex
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from spancopy_core.lang import java
from spancopy_core.paper import context
from trainer import bfp
from trainer.cli import main
from trainer.idioms import load_idioms
from trainer.mutations import KINDS

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "java"
SHORTER = {"deleted_statement", "removed_null_check", "dropped_argument", "dropped_this"}
LONGER = {"extra_statement", "extra_argument"}


def synth(*args: object) -> subprocess.CompletedProcess:
    proc = subprocess.run(
        [sys.executable, "-m", "trainer", "synth", "--no-progress", *map(str, args)],
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, "PYTHONUNBUFFERED": "1"},
    )
    assert proc.returncode == 0, proc.stderr
    return proc


def read(out: Path) -> dict[tuple[str, str], list[tuple[str, str, str]]]:
    """(bucket, split) -> [(kind, buggy, fixed)], checking that the files are line-parallel."""
    data = {}
    for b in bfp.BUCKETS:
        for path in sorted((out / b).glob("*.kind")):
            split = path.stem
            lines = [
                (out / b / f"{split}.{s}").read_text().splitlines()
                for s in ("kind", "buggy", "fixed")
            ]
            assert len({len(x) for x in lines}) == 1, f"{b}/{split} not line-parallel"
            data[b, split] = list(zip(*lines))
    return data


def canonical(tokens: list[str]) -> tuple[str, ...]:
    """Placeholders renumbered by first occurrence within ``tokens``."""
    ids: dict[str, str] = {}
    out = []
    for t in tokens:
        if java.PLACEHOLDER.fullmatch(t):
            category = t.rsplit("_", 1)[0]
            if t not in ids:
                ids[t] = f"{category}_{sum(v.startswith(category) for v in ids.values()) + 1}"
            t = ids[t]
        out.append(t)
    return tuple(out)


@pytest.fixture(scope="module")
def runs(tmp_path_factory) -> dict[str, Path]:
    root = tmp_path_factory.mktemp("synth")
    args = {
        "one": ["--workers", "1"],
        "two": ["--workers", "2"],
        "splits": ["--workers", "2", "--valid", "0.4", "--test", "0.3"],
        "seed1": ["--workers", "1", "--seed", "1", "--limit", "20", "--per-method", "1"],
    }
    for name, extra in args.items():
        synth("--java", FIXTURES, "--out", root / name, *extra)
    return {name: root / name for name in args}


def test_output_format_buckets_and_kinds(runs):
    data = read(runs["one"])
    assert set(data) == {(b, s) for b in bfp.BUCKETS for s in ("train", "valid")}
    rows = [(b, *row) for (b, _), rows in data.items() for row in rows]
    assert len(rows) > 150
    kinds = {kind for _, kind, _, _ in rows}
    assert kinds <= set(KINDS) and len(kinds) >= 10
    for bucket, kind, buggy, fixed in rows:
        x, y = buggy.split(), fixed.split()
        assert x != y
        assert bfp.bucket(len(x), len(y)) == bucket
        assert "@" not in x + y
        if kind in SHORTER:
            assert len(x) < len(y), (kind, buggy, fixed)
        if kind in LONGER:
            assert len(x) > len(y), (kind, buggy, fixed)
        if kind in ("operator_swap", "boundary"):
            changed = [(a, b) for a, b in zip(x, y) if a != b]
            assert len(x) == len(y) and len(changed) == 1, (buggy, fixed)
            assert not changed[0][0][0].isalnum() and not changed[0][1][0].isalnum()
    pairs = [(buggy, fixed) for _, _, buggy, fixed in rows]
    assert len(pairs) == len(set(pairs)), "duplicate pairs"
    summary = json.loads((runs["one"] / "summary.json").read_text())
    assert summary["total_pairs"] == len(rows)
    assert summary["kinds"] == {k: sum(r[1] == k for r in rows) for k in summary["kinds"]}
    assert summary["counts"]["methods"] > summary["counts"]["methods used"] > 100


def test_fixed_sides_are_real_methods(runs):
    """Every fixed side is the abstraction of a method of the fixtures (placeholders
    renumbered, since a pair's numbering starts on the buggy side)."""
    known = load_idioms()
    methods = set()
    for path in FIXTURES.glob("*.java"):
        doc = java.parse(path.read_text(encoding="utf-8"))
        for m in doc.methods:
            model_input = java.model_input(doc.tokens[m.tokens], known, doc.imports)
            methods.add(canonical(model_input.tokens))
    rows = [row for rows in read(runs["one"]).values() for row in rows]
    assert all(canonical(fixed.split()) in methods for _, _, fixed in rows)


def test_deterministic_whatever_the_workers(runs):
    for b in bfp.BUCKETS:
        for name in ("train.buggy", "train.fixed", "train.kind", "valid.fixed"):
            assert (runs["one"] / b / name).read_bytes() == (runs["two"] / b / name).read_bytes()


def test_splits_partition_the_same_pairs(runs):
    base = read(runs["one"])
    split = read(runs["splits"])
    assert {s for _, s in split} == {"train", "valid", "test"}
    assert all(split[b, s] for b in bfp.BUCKETS for s in ("train", "valid", "test"))

    def union(data):
        return sorted(row for rows in data.values() for row in rows)

    assert union(split) == union(base)


def test_seed_limit_and_per_method(runs):
    data = read(runs["seed1"])
    rows = [row for rows in data.values() for row in rows]
    assert len(rows) == 20
    base = {row for rows in read(runs["one"]).values() for row in rows}
    assert not set(rows) <= base  # another seed, other mutants


def test_zip_source_equals_directory_source(tmp_path):
    archive = tmp_path / "src.zip"
    with zipfile.ZipFile(archive, "w") as z:
        for path in sorted(FIXTURES.glob("*.java")):
            z.write(path, path.name)
    one = tmp_path / "from-zip"
    assert (
        main(
            ["synth", "--java", str(archive), "--out", str(one), "--workers", "1", "--no-progress"]
        )
        == 0
    )
    two = tmp_path / "from-files"
    files = [str(p) for p in sorted(FIXTURES.glob("*.java"))]
    assert (
        main(["synth", "--java", *files, "--out", str(two), "--workers", "1", "--no-progress"]) == 0
    )
    assert read(one) == read(two)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--java", "{tmp}/missing"], "{tmp}/missing: no such file or directory"),
        (["--java", "{tmp}/notes.txt"], "{tmp}/notes.txt: not a directory, .java file or .zip"),
        (["--java", "{tmp}/broken.zip"], "{tmp}/broken.zip: not a zip archive"),
        (["--java", "{tmp}/empty"], "no .java files in {tmp}/empty"),
        (["--java", str(FIXTURES), "--idioms", "{tmp}/notes.txt"], "{tmp}/notes.txt: not a JSON"),
        (["--java", str(FIXTURES), "--per-method", "0"], "--per-method must be at least 1"),
        (["--java", str(FIXTURES), "--valid", "0.7", "--test", "0.5"], "--valid and --test"),
    ],
)
def test_bad_input_gives_one_line_errors(tmp_path, capsys, args, message):
    (tmp_path / "notes.txt").write_text("hello")
    (tmp_path / "broken.zip").write_text("not a zip")
    (tmp_path / "empty").mkdir()
    args = [a.format(tmp=tmp_path) for a in args]
    assert main(["synth", *args, "--out", str(tmp_path / "out"), "--no-progress"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: " + message.format(tmp=tmp_path))
    assert err.count("\n") == 1


SAMPLE = Path(__file__).resolve().parents[2] / "trainer" / "sample_data"
JDK_SRC_ZIP = Path(
    os.environ.get("SPANCOPY_JDK_SRC_ZIP", "/usr/lib/jvm/java-17-openjdk-amd64/lib/src.zip")
)


def test_sample_data_matches_its_readme():
    readme = (SAMPLE / "README.md").read_text()
    rows = []
    for split in ("train", "valid", "test"):
        lines = [
            (SAMPLE / f"{split}.{s}").read_text().splitlines() for s in ("kind", "buggy", "fixed")
        ]
        assert len({len(x) for x in lines}) == 1
        assert f"| {split} | {len(lines[0]):,} |" in readme
        rows += zip(*lines)
    for kind, buggy, fixed in rows:
        assert kind in KINDS and buggy != fixed and "@" not in buggy + fixed
        assert bfp.bucket(len(buggy.split()), len(fixed.split())) == "small"
    assert len(set(rows)) == len(rows)
    assert sum(p.stat().st_size for p in SAMPLE.iterdir()) < 700_000


def sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as f:
        while chunk := f.read(1 << 20):
            digest.update(chunk)
    return digest.hexdigest()


@pytest.mark.skipif(not JDK_SRC_ZIP.is_file(), reason="no JDK src.zip")
def test_sample_data_is_reproduced_by_the_readme_command(tmp_path):
    readme = (SAMPLE / "README.md").read_text()
    # The sample comes from one JDK build; another build's sources give other pairs.
    (made_from,) = re.findall(r"sha256 `([0-9a-f]{64})`", readme)
    if sha256(JDK_SRC_ZIP) != made_from:
        pytest.skip(f"{JDK_SRC_ZIP} is another JDK build than the sample's (sha256 {made_from})")
    block = readme.split("```")[1]
    command = shlex.split(block.replace("\\\n", " ").strip().splitlines()[0])
    assert command[:4] == ["python", "-m", "trainer", "synth"]
    paths = {
        "/usr/lib/jvm/java-17-openjdk-amd64/lib/src.zip": str(JDK_SRC_ZIP),
        "/tmp/sample-synth": str(tmp_path),
    }
    synth(*(paths.get(a, a) for a in command[4:]), "--workers", "2")
    for path in SAMPLE.iterdir():
        if path.name != "README.md":
            assert (tmp_path / "small" / path.name).read_bytes() == path.read_bytes(), path.name


@pytest.mark.slow
def test_context_segment_holds_the_names_a_wrong_field_fix_needs(tmp_path):
    synth("--java", FIXTURES, "--out", tmp_path / "ctx", "--workers", "1", "--profile",
          "context", "--context")  # fmt: skip
    synth("--java", FIXTURES, "--out", tmp_path / "plain", "--workers", "1", "--profile",
          "context")  # fmt: skip
    rows = [(b, *row) for (b, _), rows in read(tmp_path / "ctx").items() for row in rows]
    plain = [(b, *row) for (b, _), rows in read(tmp_path / "plain").items() for row in rows]
    assert summary_of(tmp_path / "ctx")["context"] is True
    # The same mutants, each input followed by its context segment (a few more kept: pairs
    # that differ by their context alone are no duplicates); buckets by the method.
    methods = {(k, tuple(context.split(x.split())[0])) for _, k, x, _ in rows}
    assert {(k, tuple(x.split())) for _, k, x, _ in plain} <= methods
    assert len(plain) <= len(rows) <= len(plain) * 1.05
    with_context = 0
    needs = supplied = 0
    for bucket, kind, buggy, fixed in rows:
        method, scope = context.split(buggy.split())
        y = fixed.split()
        assert bfp.bucket(len(method), len(y)) == bucket
        assert len(scope) <= context.MAX_TOKENS and not set(scope) & set(method)
        with_context += bool(scope)
        new = [t for t in y if t not in method]
        if kind == "wrong_field":  # a name the bug lacks: an idiom, or a placeholder
            assert new, (buggy, fixed)
            placeholders = [t for t in new if java.PLACEHOLDER.fullmatch(t)]
            needs += bool(placeholders)
            supplied += bool(placeholders) and all(t in scope for t in placeholders)
    # The context offers the field a fix needs, but for fields that no class around the
    # method declares (inherited from another class of the file) when the segment is full.
    assert with_context > 0.9 * len(rows) and needs >= 5 and supplied >= 0.8 * needs


def summary_of(out: Path) -> dict:
    return json.loads((out / "summary.json").read_text())
