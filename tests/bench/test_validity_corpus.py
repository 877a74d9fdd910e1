"""bench/validity_corpus.py on hand-written inputs (no shared data needed): correct code is not
flagged, a fix that names what nothing declares is, and a missing input is one line."""

from __future__ import annotations

import json
from pathlib import Path

from bench import validity_corpus

CORRECT = """class Ring {
    private final int[] items;
    private int size;

    Ring(int capacity) {
        this.items = new int[capacity];
    }

    boolean isFull() {
        return size >= items.length;
    }
}
"""


def _pair(fixed_body: str) -> dict:
    return {
        "id": "pair:1",
        "class_name": "Limits",
        "indent": "    ",
        "imports": [],
        "members": ["private int floor;"],  # a class seen whole: no name out of sight
        "buggy": "int cap(int value, int limit) {\n"
        "        return value > limit ? limit : value;\n    }",
        "fixed": "int cap(int value, int limit) {\n        " + fixed_body + "\n    }",
    }


def test_correct_code_is_not_flagged_and_a_fix_with_an_unknown_name_is(tmp_path: Path, capsys):
    (tmp_path / "src").mkdir()
    (tmp_path / "src" / "Ring.java").write_text(CORRECT, encoding="utf-8")
    pairs = tmp_path / "pairs.jsonl"
    fixes = ["return Math.min(value, limit);", "return Math.min(value, bound);"]
    pairs.write_text("".join(json.dumps(_pair(f)) + "\n" for f in fixes), encoding="utf-8")
    assert validity_corpus.main(["--correct", str(tmp_path / "src"), "--edits", str(pairs)]) == 0
    out = capsys.readouterr().out
    assert "RESULT validity_corpus correct units=2 flagged=0 problems=0" in out
    assert "RESULT validity_corpus fixes units=2 flagged=1 problems=1" in out
    assert "'X' is not declared here" in out


def test_a_missing_input_is_one_line(tmp_path: Path, capsys):
    assert validity_corpus.main(["--correct", str(tmp_path / "none")]) == 2
    err = capsys.readouterr().err.strip()
    assert err.endswith("none: no such file or directory") and "\n" not in err
