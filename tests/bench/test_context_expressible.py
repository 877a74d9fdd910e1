"""bench/context_expressible.py on hand-written records: a fix that needs a field of the class
is expressible only with the context segment; one that needs a name the file lacks is not."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from bench import real_bugs

ROOT = Path(__file__).resolve().parents[2]
RECORDS = [
    {  # needs the field "heightPx", which the buggy method lacks
        "id": "field",
        "class_name": "Box",
        "indent": "    ",
        "members": ["private int widthPx;", "private int heightPx;"],
        "buggy": "int area() {\n        return widthPx * widthPx;\n    }",
        "fixed": "int area() {\n        return widthPx * heightPx;\n    }",
    },
    {  # needs "depthPx", declared nowhere in the file
        "id": "nowhere",
        "class_name": "Box",
        "indent": "    ",
        "members": ["private int widthPx;"],
        "buggy": "int volume() {\n        return widthPx * widthPx;\n    }",
        "fixed": "int volume() {\n        return widthPx * depthPx;\n    }",
    },
    {  # needs nothing new
        "id": "operator",
        "class_name": "Box",
        "buggy": "boolean fits(int a, int b) {\n    return a > b;\n}",
        "fixed": "boolean fits(int a, int b) {\n    return a >= b;\n}",
    },
]


def test_file_text_declares_the_members_before_the_method():
    text, line = real_bugs.file_text(RECORDS[0], RECORDS[0]["buggy"])
    assert text.splitlines()[line - 2 : line + 1] == [
        "    private int widthPx;",
        "    private int heightPx;",
        "    int area() {",
    ]


def test_the_context_makes_the_field_fix_expressible(tmp_path):
    path = tmp_path / "records.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in RECORDS))
    out = subprocess.run(
        [sys.executable, "bench/context_expressible.py", "--records", str(path)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    ).stdout
    result = out.strip().splitlines()[-1]
    assert result.startswith("RESULT source=records limit=16 n=3")
    assert " expressible_without=1 expressible_with=2 " in result
    assert "VAR 1/2" in out  # heightPx supplied, depthPx not
