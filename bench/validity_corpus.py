"""The validity check (spancopy_core.lang.java.validity) against real code: what it flags in
correct methods as written, and in real fixes as candidates (issue 24: it must never drop a fix).

1. Every method of the ``.java`` files under each ``--correct`` directory (by default the
   MIT-licensed java-algorithms of ``../shared/data``): the problems of each as written
   (``Environment.written``, but the check's note ``'this.x' is 'x' here``), counted by kind,
   names and literals blanked. Correct code has almost none (the likely bugs of
   :mod:`spancopy_core.repair.suspects` are among them); a rule added to the check should add
   none here.
2. The fixed side of each ``--edits`` pair (by default ManySStuBs4J and CodRep of
   ``../shared/data/java-edits``, whitespace-only pairs left out) judged against its buggy
   method's file: the problems a real fix has that the buggy method had not (the fixes the
   check would drop), each pair listed with ``--list``.

    python bench/validity_corpus.py [--correct DIR ...] [--edits FILE ...] [--grep REGEX] [--list]

Prints ``RESULT validity_corpus correct ...`` and ``RESULT validity_corpus fixes ...`` lines and
the most common kinds of each.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections import Counter
from collections.abc import Iterable, Iterator
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from bench.real_bugs import file_text  # noqa: E402
from spancopy_core.lang import java  # noqa: E402
from spancopy_core.lang.java.syntax import SourceTooLargeError  # noqa: E402
from spancopy_core.lang.java.validity import environment, problems  # noqa: E402

SHARED = Path(__file__).resolve().parents[2] / "shared" / "data"
CORRECT = [SHARED / "java-algorithms"]
EDITS = [SHARED / "java-edits" / "manysstubs4j.jsonl", SHARED / "java-edits" / "codrep.jsonl"]
_QUOTED = re.compile(r"'[^']*'")
# the check's note that a candidate writes this.x where the method writes x: no problem of code
_NOTE = re.compile(r"^'this\.\w+' is '\w+' here$")


def kind(problem: str) -> str:
    """``problem`` with what it quotes blanked: the rule that found it."""
    return _QUOTED.sub("'X'", problem)[:80]


def written(paths: Iterable[Path]) -> Iterator[tuple[str, list[str]]]:
    """(file:line name, problems as written) of every method of the Java files under
    ``paths`` (files that cannot be read or parsed are passed over)."""
    for root in paths:
        for path in sorted(root.rglob("*.java")):
            try:
                source = path.read_text(encoding="utf-8")
                doc = java.parse(source)
            except (OSError, UnicodeDecodeError, SourceTooLargeError):
                continue
            for m in doc.methods:
                line = source.count("\n", 0, m.start) + 1
                found = environment(doc, m).written
                yield f"{path}:{line} {m.name}", [p for p in found if not _NOTE.match(p)]


def fixes(records: Iterable[dict]) -> Iterator[tuple[str, list[str]]]:
    """(id, new problems) of the fixed side of each pair against its buggy method's file."""
    for r in records:
        if r.get("whitespace_or_comment_only"):
            continue
        text, line = file_text(r, r["buggy"])
        doc = java.parse(text)
        at = doc.lines.offset(line, 0)
        method = min((m for m in doc.methods if m.start >= at), key=lambda m: m.start)
        env = environment(doc, method)
        yield r["id"], [p for p in problems(r["fixed"], env) if p not in env.written]


def read_edits(paths: Iterable[Path]) -> Iterator[dict]:
    for path in paths:
        with path.open(encoding="utf-8") as f:
            yield from (json.loads(line) for line in f)


def report(name: str, found: Iterable[tuple[str, list[str]]], pattern: str, listed: bool) -> None:
    """Count ``found`` (problems matching ``pattern``), print its RESULT line and top kinds."""
    wanted = re.compile(pattern)
    n = hit = 0
    kinds: Counter[str] = Counter()
    for where, found_problems in found:
        n += 1
        shown = [p for p in found_problems if wanted.search(p)]
        if shown:
            hit += 1
            kinds.update(kind(p) for p in shown)
            if listed:
                print(f"{where}: {shown}")
    print(f"RESULT validity_corpus {name} units={n} flagged={hit} problems={sum(kinds.values())}")
    for k, count in kinds.most_common(12):
        print(f"  {count:6d}  {k}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--correct", type=Path, nargs="*", default=CORRECT, help="directories")
    parser.add_argument("--edits", type=Path, nargs="*", default=EDITS, help="JSONL pair files")
    parser.add_argument("--grep", default="", help="count only problems matching this regex")
    parser.add_argument("--list", action="store_true", help="print each unit flagged")
    args = parser.parse_args(argv)
    missing = [p for p in [*args.correct, *args.edits] if not p.exists()]
    if missing:
        print(f"validity_corpus: {missing[0]}: no such file or directory", file=sys.stderr)
        return 2
    report("correct", written(args.correct), args.grep, args.list)
    report("fixes", fixes(read_edits(args.edits)), args.grep, args.list)
    return 0


if __name__ == "__main__":
    sys.exit(main())
