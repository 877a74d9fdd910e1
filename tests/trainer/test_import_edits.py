"""``python -m trainer import-edits`` on a small hand-written JSONL file, through a real process."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from trainer import bfp, heldout
from trainer.cli import main
from trainer.data import read_pairs

SHARED = Path(os.environ.get("SPANCOPY_SHARED_DATA", "/work/shared/data")) / "java-edits"


def calls(n: int) -> str:
    return " ".join(f"step{k}();" for k in range(n))


RECORDS = [
    {  # a real-looking fix: a small pair
        "id": "t:0",
        "source": "manysstubs4j",
        "buggy": "@Override\n    public boolean isEmpty() {\n        return numItems > 0;\n    }",
        "fixed": "@Override\n    public boolean isEmpty() {\n        return numItems == 0;\n    }",
        "imports": [],
    },
    {  # the imports decide the qualified name; medium-sized
        "id": "t:1",
        "source": "codrep-d1",
        "buggy": "void run() throws IOException { " + calls(14) + " close(); }",
        "fixed": "void run() throws IOException { " + calls(14) + " flush(); close(); }",
        "imports": ["java.io.IOException"],
    },
    {  # identical after abstraction: the imported name written in full
        "id": "t:2",
        "source": "codrep-d2",
        "buggy": "void f() throws IOException { g(); }",
        "fixed": "void f() throws java.io.IOException { g(); }",
        "imports": ["java.io.IOException"],
    },
    {  # too long
        "id": "t:3",
        "source": "codrep-d2",
        "buggy": "void g() { " + calls(30) + " }",
        "fixed": "void g() { " + calls(31) + " }",
    },
    {  # does not parse
        "id": "t:4",
        "source": "codrep-d2",
        "buggy": "void h( { a(); }",
        "fixed": "void h() { a(); }",
    },
    {  # the first pair again (abstracts the same)
        "id": "t:5",
        "source": "codrep-d3",
        "buggy": "public boolean isEmpty() { return numItems > 0; }",
        "fixed": "public boolean isEmpty() { return numItems == 0; }",
    },
]


def _training_project(record: dict) -> bool:
    return heldout.slice_of(record["package"], record["path"]) is None


def write_jsonl(path: Path, records: list, extra_lines: tuple[str, ...] = ()) -> Path:
    path.write_text("\n".join([*map(json.dumps, records), "", *extra_lines]) + "\n")
    return path


def run(*args: object) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "trainer", "import-edits", *map(str, args)],
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_import_edits_end_to_end(tmp_path):
    src = write_jsonl(tmp_path / "edits.jsonl", RECORDS)
    out = tmp_path / "out"
    proc = run(src, "--out", out, "--held-out", "0")
    assert proc.returncode == 0, proc.stderr
    small = read_pairs(out / "small", "train")
    medium = read_pairs(out / "medium", "train")
    assert small == [
        (
            "public boolean isEmpty ( ) { return VAR_1 > 0 ; }".split(),
            "public boolean isEmpty ( ) { return VAR_1 == 0 ; }".split(),
        )
    ]
    assert len(medium) == 1
    buggy, fixed = medium[0]
    assert buggy[:7] == "void METHOD_1 ( ) throws java.io.IOException {".split()
    assert buggy[-5:] == "METHOD_16 ( ) ; }".split()  # close()
    assert fixed[-9:] == "METHOD_17 ( ) ; METHOD_16 ( ) ; }".split()  # flush(); close()
    assert 50 < len(fixed) <= 100
    summary = json.loads((out / "summary.json").read_text())
    assert summary["counts"] == {
        "records": 6,
        "excluded: project of the real-bug test slice": 0,
        "excluded: project of the real-bug dev slice": 0,
        "dropped: does not parse as one method": 1,
        "dropped: identical after abstraction": 1,
        "dropped: longer than 100 tokens": 1,
        "dropped: duplicate pair": 1,
    }
    assert summary["sources"] == {"manysstubs4j": 1, "codrep-d1": 1}
    assert "dropped: duplicate pair" in proc.stdout and "records" in proc.stdout


def test_real_bug_slices_are_always_excluded(tmp_path):
    """Records of a project in the real-bug test or dev slice (trainer/heldout.json) are never
    written, whatever their source, even with --held-out 0; the summary counts them."""
    pair = RECORDS[0]
    records = [
        {**pair, "package": "com.zaxxer.hikari.pool"},  # test slice (HikariCP)
        {**pair, "package": "com.google.common.collect", "source": "codrep-d1"},  # dev (Guava)
        {**pair, "package": "org.apache.storm.utils"},  # dev (Storm) ...
        {**pair, "package": "backtype.storm.utils"},  # ... under its old name too
        {  # a training project (Camel)
            **pair,
            "buggy": pair["buggy"].replace("> 0", "< 1"),
            "package": "org.apache.camel.util",
        },
    ]
    src = write_jsonl(tmp_path / "edits.jsonl", records)
    out = tmp_path / "out"
    assert main(["import-edits", str(src), "--out", str(out), "--held-out", "0"]) == 0
    assert read_pairs(out / "small", "train") == [
        (
            "public boolean isEmpty ( ) { return VAR_1 < 1 ; }".split(),
            "public boolean isEmpty ( ) { return VAR_1 == 0 ; }".split(),
        )
    ]
    counts = json.loads((out / "summary.json").read_text())["counts"]
    assert counts["excluded: project of the real-bug test slice"] == 1
    assert counts["excluded: project of the real-bug dev slice"] == 3
    assert counts["records"] == 5


def test_held_out_split_is_seeded_and_disjoint(tmp_path):
    records = [  # 40 pairs that stay different after abstraction
        {
            "buggy": f"int f() {{ {'x++; ' * k}return x {op} 1; }}",
            "fixed": f"int f() {{ {'x++; ' * k}return x {op} 0; }}",
        }
        for k in range(10)
        for op in "+-*/"
    ]
    src = write_jsonl(tmp_path / "many.jsonl", records)
    outs = []
    for name in ("a", "b"):
        out = tmp_path / name
        assert (
            main(
                [
                    "import-edits",
                    str(src),
                    "--out",
                    str(out),
                    "--held-out",
                    "0.25",
                    "--held-name",
                    "test",
                    "--seed",
                    "3",
                ]
            )
            == 0
        )
        outs.append(out)
    train, held = (read_pairs(outs[0] / "small", s) for s in ("train", "test"))
    assert len(held) == 10 and len(train) == 30
    assert not {tuple(map(tuple, p)) for p in train} & {tuple(map(tuple, p)) for p in held}
    for s in ("train", "test"):
        assert read_pairs(outs[1] / "small", s) == read_pairs(outs[0] / "small", s)


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("{not json", "invalid JSON"),
        ("[1, 2]", "expected a JSON object"),
        ('{"buggy": "void f() {}"}', '"buggy" and "fixed" must be strings'),
        ('{"buggy": "a", "fixed": "b", "imports": "java.util.List"}', '"imports" must be a list'),
    ],
)
def test_malformed_line_names_file_and_line(tmp_path, capsys, line, message):
    src = write_jsonl(tmp_path / "bad.jsonl", RECORDS[:1], extra_lines=(line,))
    assert main(["import-edits", str(src), "--out", str(tmp_path / "out")]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"error: {src}:3: {message}")  # line 2 is blank
    assert err.count("\n") == 1


@pytest.mark.slow
def test_bad_paths_and_options_through_a_process(tmp_path):
    proc = run(tmp_path / "missing.jsonl", "--out", tmp_path / "out")
    assert proc.returncode == 2
    assert proc.stderr == f"error: {tmp_path / 'missing.jsonl'}: No such file or directory\n"
    src = write_jsonl(tmp_path / "ok.jsonl", RECORDS[:1])
    proc = run(src, "--out", tmp_path / "out", "--held-out", "1.5")
    assert proc.returncode == 2 and proc.stderr.startswith("error: --held-out")
    (tmp_path / "latin1.jsonl").write_bytes(b'{"buggy": "\xe9"}\n')
    proc = run(tmp_path / "latin1.jsonl", "--out", tmp_path / "out")
    assert proc.returncode == 2
    assert proc.stderr.startswith(f"error: {tmp_path / 'latin1.jsonl'}:1: not UTF-8")


@pytest.mark.skipif(not (SHARED / "manysstubs4j.jsonl").is_file(), reason="no java-edits data")
def test_real_records_parse_and_abstract(tmp_path):
    """The first 300 ManySStuBs4J records of training projects: nearly all parse; pairs look
    like BFP's."""
    with open(SHARED / "manysstubs4j.jsonl", encoding="utf-8") as f:
        lines = (line for line in f if _training_project(json.loads(line)))
        head = [next(lines) for _ in range(300)]
    src = tmp_path / "head.jsonl"
    src.write_text("".join(head))
    out = tmp_path / "out"
    assert main(["import-edits", str(src), "--out", str(out), "--held-out", "0"]) == 0
    summary = json.loads((out / "summary.json").read_text())
    assert summary["counts"]["dropped: does not parse as one method"] <= 3
    assert summary["counts"]["excluded: project of the real-bug test slice"] == 0
    for b in bfp.BUCKETS:
        for x, y in read_pairs(out / b, "train"):
            assert "@" not in x + y and x != y
            assert bfp.bucket(len(x), len(y)) == b
    assert summary["total_pairs"] > 150
