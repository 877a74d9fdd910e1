"""The real-bug test/dev split (trainer/heldout.py): project keys, a deterministic choice of whole
projects, and the shipped table against the data it was made from."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections import defaultdict
from pathlib import Path

import pytest

from trainer import heldout
from trainer.cli import main

SHARED = Path(os.environ.get("SPANCOPY_SHARED_DATA", "/work/shared/data")) / "java-edits"
MSB = SHARED / "manysstubs4j.jsonl"


@pytest.mark.parametrize(
    ("package", "path", "key"),
    [
        ("org.neo4j.kernel.impl.api", "kernel/src/A.java", "org.neo4j"),
        ("org.apache.camel.component.file", None, "org.apache.camel"),  # umbrella: 3 parts
        ("com.google.common.collect", None, "com.google.common"),
        ("alluxio.master.file", None, "alluxio"),  # not a domain: the first part
        ("tachyon.client", None, "alluxio"),  # renamed
        ("eu.stratosphere.pact.common", None, "org.apache.flink"),
        ("org.apache.hadoop.hive.ql.exec", None, "org.apache.hadoop"),
        ("org.apache.hive.service.cli", None, "org.apache.hadoop"),
        ("redis.clients.jedis", None, "redis"),
        (None, "src/samples/Kinesis/Sample.java", "path:src/samples"),
        ("", "app/Main.java", "path:app"),
        (None, "HelloServer.java", None),
        (None, None, None),
    ],
)
def test_project_key(package, path, key):
    assert heldout.project_key(package, path) == key


def synthetic_counts() -> dict[str, int]:
    """Projects of 1 to 30 pairs and three larger than the cap (MAX_PROJECT = 100)."""
    counts = {f"com.p{i}": 1 + (i * 7) % 30 for i in range(120)}
    counts |= {"org.apache.big": 400, "com.huge": 101, "io.giant": 1000}
    return counts


def test_choice_fills_each_slice_with_whole_small_projects():
    counts = synthetic_counts()
    chosen = heldout.choose(counts)
    pairs = {
        name: sum(counts[k] for k, s in chosen.items() if s == name) for name in ("test", "dev")
    }
    for name in ("test", "dev"):  # at least the target, overshooting by less than one project
        assert 600 <= pairs[name] < 600 + 30
    assert set(chosen.values()) == {"test", "dev"}
    assert not {"org.apache.big", "com.huge", "io.giant"} & set(chosen)  # too large: train
    assert len(chosen) < 120  # the rest of the small projects train


def test_choice_is_deterministic_and_independent_of_order_and_python_hash():
    counts = synthetic_counts()
    chosen = heldout.choose(counts)
    assert heldout.choose(dict(reversed(list(counts.items())))) == chosen
    script = (
        "import json, sys; from trainer.heldout import choose; "
        "print(json.dumps(choose(json.loads(sys.stdin.read())), sort_keys=True))"
    )
    for seed in ("1", "2"):
        proc = subprocess.run(
            [sys.executable, "-c", script],
            input=json.dumps(counts),
            capture_output=True,
            text=True,
            env={**os.environ, "PYTHONHASHSEED": seed},
            check=True,
        )
        assert json.loads(proc.stdout) == chosen


def test_choice_depends_on_the_salt(monkeypatch):
    counts = synthetic_counts()
    chosen = heldout.choose(counts)
    monkeypatch.setattr(heldout, "SALT", "another salt")
    assert heldout.choose(counts) != chosen


def test_records_of_one_project_fall_on_one_side(tmp_path):
    """A synthetic ManySStuBs4J file through ``python -m trainer heldout``: every project's
    records (different subpackages and modules, an old name) get one slice; CodRep records do
    not count towards the slices."""
    projects: list[tuple[str, dict]] = []  # (the true project, record)
    for i in range(120):
        for j in range(1 + (i * 7) % 30):
            package, path = f"com.p{i}.module{j % 3}.sub{j}", f"module{j % 3}/src/A{j}.java"
            projects.append((f"p{i}", {"package": package, "path": path}))
    projects += [("alluxio", {"package": f"tachyon.x{j}", "path": None}) for j in range(5)]
    projects += [("alluxio", {"package": "alluxio.master", "path": None})]
    records = [{"source": "manysstubs4j", **r} for _, r in projects]
    records += [{"source": "codrep-d1", "package": "com.codrep.only", "path": None}] * 50
    src = tmp_path / "msb.jsonl"
    src.write_text("".join(json.dumps(r) + "\n" for r in records))
    out = tmp_path / "heldout.json"
    assert main(["heldout", str(src), "--out", str(out)]) == 0
    table = heldout.load_table(out)
    sides: dict[str, set] = defaultdict(set)
    for project, r in projects:
        sides[project].add(table.get(heldout.project_key(r["package"], r["path"])))
    assert all(len(s) == 1 for s in sides.values())
    assert "com.codrep.only" not in table
    written = json.loads(out.read_text())
    assert written["pairs"]["test"] >= 600 and written["pairs"]["dev"] >= 600
    assert not set(written["projects"]["test"]) & set(written["projects"]["dev"])


@pytest.mark.skipif(not MSB.is_file(), reason="no java-edits data in ../shared")
def test_shipped_table_is_the_choice_made_on_the_data(tmp_path):
    out = tmp_path / "heldout.json"
    heldout.write_table(MSB, out)
    assert json.loads(out.read_text()) == json.loads(heldout.HELDOUT_JSON.read_text())


@pytest.mark.skipif(not MSB.is_file(), reason="no java-edits data in ../shared")
def test_slices_on_the_data():
    test, dev = heldout.read_slice("test", MSB), heldout.read_slice("dev", MSB)
    assert 600 <= len(test) <= 700 and 600 <= len(dev) <= 700
    assert not {r["id"] for r in test} & {r["id"] for r in dev}
    assert all(r["source"] == "manysstubs4j" for r in test + dev)
    keys = {
        name: {heldout.project_key(r["package"], r["path"]) for r in part}
        for name, part in (("test", test), ("dev", dev))
    }
    assert not keys["test"] & keys["dev"]
    assert len(keys["test"]) >= 20 and len(keys["dev"]) >= 20
