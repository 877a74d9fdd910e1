"""Build ``bench/data/contest_bugs.jsonl`` from ``bench/data/contest_bugs.txt``: whole
competitive-programming programs, each with one bug in one method, as ``bench/real_bugs.py
--records`` reads them. ``--source bench/data/classic_bugs.txt`` builds the classic-algorithm
set the same way (``classic_bugs.jsonl``, ids ``classic:...``).

The source holds programs written the way contestants write them (one public class with
``main`` reading input through ``Scanner`` or ``BufferedReader``, a few static helpers and
fields), each after a header ``### problem:bug_kind``. Each program is written *fixed*; one line
ends with ``//! TEXT``: the buggy program has ``TEXT`` there instead (same indentation; an empty
``TEXT`` removes the line, a missing statement). The bug kinds are the mistakes contestants make:
off-by-one bounds and array sizes, ``<``/``<=``, the wrong loop variable, ``int`` overflow,
missing ``%``, ``Math.max``/``Math.min``, wrong initial values, ``+=``/``=``, ``print``/
``println``, ``==`` on strings, comparator direction, ``&&``/``||``, ``break``/``continue``,
integer division, wrong variable.

A record is the buggy method (``buggy``) and its fix (``fixed``) in the shape of
``bench/data/everyday_bugs.jsonl`` (``class_name``, ``imports``, ``indent``: the indentation of
the method's first line), plus ``before`` and ``after``: the class body around the method (the
other fields and methods, lines with their indentation), so that :func:`bench.real_bugs.
file_text` rebuilds the whole program; and ``split``: ``dev`` or ``test``, a seeded half each
(seed 11, programs shuffled by id) — choose nothing on ``test``.

``bench/data/classic_bugs.txt`` holds 40 textbook algorithms in the same format, one class per
algorithm (bit count, searches, sorts, graph walks, shortest paths, dynamic programs, ...; helper
classes such as a ``Node`` are nested members), each with one small defect: a wrong operator
or comparison, an off-by-one, a wrong variable or argument, a missing condition or term, a
wrong return value, a missing line.

    python bench/contest_bugs.py [--source TXT] [--check-javac]

The output is the source with the suffix ``.jsonl``; a record's id is the source's name
without ``_bugs`` and the program's header (``contest:prefix_sum_queries:array_size``).

``--check-javac`` compiles the fixed and the buggy program of each record with ``javac`` (when
installed) and names those that do not compile.
"""

from __future__ import annotations

import argparse
import difflib
import json
import random
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from spancopy_core.lang import java  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
SOURCE = ROOT / "bench" / "data" / "contest_bugs.txt"
CLASSIC = ROOT / "bench" / "data" / "classic_bugs.txt"
SEED = 11
MARK = "//!"
CLASS = re.compile(r"^(?:public\s+)?(?:final\s+)?class\s+(\w+)\s*\{\s*$")
IMPORT = re.compile(r"^import\s+([\w.*]+)\s*;\s*$")


class SourceError(ValueError):
    """A program of the source that does not follow its format."""


def programs(text: str) -> list[tuple[str, list[str]]]:
    """``(header, lines)`` of each program of the source."""
    out: list[tuple[str, list[str]]] = []
    for line in text.split("\n"):
        if line.startswith("### "):
            out.append((line[4:].strip(), []))
        elif out:
            out[-1][1].append(line)
    return out


def sides(lines: list[str]) -> tuple[list[str], list[str]]:
    """The fixed and the buggy program's lines."""
    fixed: list[str] = []
    buggy: list[str] = []
    for line in lines:
        code, mark, bug = line.partition(MARK)
        code = code.rstrip()
        fixed.append(code)
        if mark:
            indent = code[: len(code) - len(code.lstrip())]
            if bug.strip():
                buggy.append(indent + bug.strip())
        else:
            buggy.append(code)
    return fixed, buggy


def _method_lines(body: list[str], line: int) -> tuple[int, int]:
    """The first and last line of ``body`` (the class body) of the method holding ``line``."""
    text = "\n".join(body)
    doc = java.parse(text)
    offset = sum(len(x) + 1 for x in body[:line]) + len(body[line]) - len(body[line].lstrip())
    method = doc.method_at(offset)
    if method is None:
        raise SourceError(f"line {line + 1} of the class body is in no method")
    return text.count("\n", 0, method.start), text.count("\n", 0, method.end)


def record(header: str, lines: list[str], prefix: str = "contest") -> dict:
    """The record of one program (see the module docstring), its id ``prefix:header``."""
    fixed, buggy = sides(lines)
    imports = [m.group(1) for x in fixed if (m := IMPORT.match(x))]
    start = next((k for k, x in enumerate(fixed) if CLASS.match(x)), None)
    if start is None:
        raise SourceError(f"{header}: no class line")
    name = CLASS.match(fixed[start]).group(1)
    end = max(k for k, x in enumerate(fixed) if x == "}")
    fixed_body = fixed[start + 1 : end]
    buggy_body = buggy[start + 1 : end - len(fixed) + len(buggy)]
    ops = difflib.SequenceMatcher(None, buggy_body, fixed_body, autojunk=False).get_opcodes()
    changed = next(i1 for tag, i1, _, _, _ in ops if tag != "equal")
    first, last = _method_lines(buggy_body, min(changed, len(buggy_body) - 1))
    tail = len(buggy_body) - last - 1  # lines after the method, the same on both sides
    if (
        fixed_body[:first] != buggy_body[:first]
        or fixed_body[len(fixed_body) - tail :] != (buggy_body[last + 1 :])
    ):
        raise SourceError(f"{header}: the bug is not inside one method")
    method_of = lambda body: body[first : len(body) - tail]  # noqa: E731
    head = method_of(buggy_body)[0]
    indent = head[: len(head) - len(head.lstrip())]
    return {
        "id": f"{prefix}:{header}",
        "buggy": "\n".join(method_of(buggy_body))[len(indent) :],
        "fixed": "\n".join(method_of(fixed_body))[len(indent) :],
        "class_name": name,
        "imports": imports,
        "indent": indent,
        "before": "\n".join(buggy_body[:first]),
        "after": "\n".join(buggy_body[last + 1 :]),
    }


def split(records: list[dict], seed: int = SEED) -> None:
    """Mark the first half of a seeded shuffle ``dev``, the rest ``test``."""
    ids = sorted(r["id"] for r in records)
    random.Random(seed).shuffle(ids)
    dev = set(ids[: len(ids) // 2])
    for r in records:
        r["split"] = "dev" if r["id"] in dev else "test"


def output(source: Path) -> Path:
    """Where the records built from ``source`` go."""
    return source.with_suffix(".jsonl")


def build(source: Path) -> list[dict]:
    """The records of every program of ``source``, split (raises :class:`SourceError`)."""
    prefix = source.stem.removesuffix("_bugs")
    text = source.read_text(encoding="utf-8")
    records = [record(h, lines, prefix) for h, lines in programs(text)]
    ids = [r["id"] for r in records]
    if len(set(ids)) != len(ids):
        raise SourceError("duplicate ids")
    split(records)
    return records


def _javac_errors(records: list[dict]) -> list[str]:
    from bench.real_bugs import file_text

    bad = []
    with tempfile.TemporaryDirectory() as tmp:
        for r in records:
            for side in ("fixed", "buggy"):
                folder = Path(tmp) / f"{len(bad)}_{side}"
                folder.mkdir(exist_ok=True)
                path = folder / f"{r['class_name']}.java"
                path.write_text(file_text(r, r[side])[0].replace("class ", "public class ", 1))
                run = subprocess.run(
                    ["javac", "-nowarn", "-d", str(folder), str(path)],
                    capture_output=True,
                    text=True,
                )
                if run.returncode != 0:
                    bad.append(f"{r['id']} ({side}): {run.stderr.splitlines()[0]}")
    return bad


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument(
        "--source",
        type=Path,
        default=SOURCE,
        help=f"the programs (default {SOURCE.relative_to(ROOT)}; or {CLASSIC.relative_to(ROOT)})",
    )
    ap.add_argument("--check-javac", action="store_true", help="compile each program with javac")
    args = ap.parse_args()
    try:
        records = build(args.source)
    except (OSError, SourceError) as e:
        sys.stderr.write(f"{args.source.name}: {e}\n")
        return 2
    out = output(args.source)
    out.write_text("".join(json.dumps(r) + "\n" for r in records), encoding="utf-8")
    print(f"{len(records)} records -> {out}")
    if args.check_javac:
        if shutil.which("javac") is None:
            sys.stderr.write("javac not found\n")
            return 2
        bad = _javac_errors(records)
        print("\n".join(bad) or "every program compiles")
        return 1 if bad else 0
    return 0


if __name__ == "__main__":
    sys.exit(main())
