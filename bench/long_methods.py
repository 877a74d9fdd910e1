"""Long methods: bugs in methods over the length limit, asked at the bug's line, with and without
narrowing (:mod:`spancopy_core.lang.java.narrowing`).

The server searches a method of at most ``maxMethodTokens`` (400) model tokens; a longer one,
asked at a line, is searched as its statements nearest that line (``RepairOptions.narrow_tokens``;
0: it is not searched, and only the fix of a likely bug there that a check knows is offered).
No real-bug set here has such methods (the ManySStuBs4J and CodRep pairs stop at 150 tokens,
the contest programs at 463), so this benchmark makes them: real methods of the JDK 17
sources (``lib/src.zip`` of ``openjdk-17-source``; the Java models learned from its methods of
at most 100 tokens, never from one this long) of more than ``--min-tokens`` and at most
``--max-tokens`` model tokens, one per file, files of the ``--part`` (``dev`` to choose,
``test`` once: the halves of the sorted file list by a hash of each name), each with one
user-like bug (``trainer.mutations``, the ``user`` profile: a wrong operator, boundary,
variable or literal, a missing condition, ...). Each bug is asked as ``bench/real_bugs.py``
asks (its file, the first changed line, the combined ranking), and the same line of the
correct method is asked too: per setting, top-1 and top-5, the share of bug lines and of
correct lines that an automatic request answers (the shipped rule), the share of correct lines
with any repair when invoked, and the seconds per request. ``RESULT`` lines last.

    python bench/long_methods.py [--methods 40] [--part dev|test] [--narrow 0,250]
"""

from __future__ import annotations

import argparse
import difflib
import random
import sys
import time
import zipfile
import zlib
from pathlib import Path
from typing import Any

from tqdm import tqdm

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from bench.common import machine  # noqa: E402
from bench.false_alarms import asked  # noqa: E402
from bench.real_bugs import evaluate, file_text, first_changed_line  # noqa: E402
from spancopy_core import DEFAULT_JAVA_MODEL  # noqa: E402
from spancopy_core.lang import java  # noqa: E402
from spancopy_core.repair import pipeline, runner  # noqa: E402
from spancopy_core.repair.languages import frontend_for  # noqa: E402
from spancopy_core.repair.pipeline import ParsedText, RepairOptions  # noqa: E402
from trainer.mutations import USER_WEIGHTS, FileContext, MethodSites, mutants  # noqa: E402

JDK_SRC = Path("/usr/lib/jvm/java-17-openjdk-amd64/lib/src.zip")
JAVA = frontend_for("java", "file:///C.java")


def part_of(name: str) -> str:
    """``dev`` or ``test``: a hash of the file's name."""
    return "dev" if zlib.crc32(name.encode()) % 2 == 0 else "test"


def buggy_record(name: str, text: str, known: Any, rng: random.Random, lo: int, hi: int):
    """A record of ``bench/real_bugs.py``'s shape (``buggy``, ``fixed``, ``class_name``,
    ``imports``, ``indent``) for one long method of the file ``text``, with one user-like
    bug; None when the file has no such method or no mutation applies."""
    doc = java.parse(text)
    longs = [
        m
        for m in doc.methods
        if m.depth == 0
        and m.has_body
        and not m.has_error
        and lo < len(java.model_input(doc.tokens[m.tokens], known, doc.imports).tokens) <= hi
    ]
    if not longs:
        return None
    m = rng.choice(longs)
    tokens = doc.tokens[m.tokens]
    context = FileContext(
        tuple(sorted({t.text for t in doc.tokens if t.role == "method"})),
        tuple(sorted({t.text for t in doc.tokens if t.kind == "string" and t.text[:3] != '"""'})),
        (),
    )
    found = mutants(MethodSites(doc.method_node(m), tokens), context, 1, rng, weights=USER_WEIGHTS)
    if not found:
        return None
    kind, buggy = found[0]
    old, new = [t.text for t in tokens], [t.text for t in buggy]
    ops = [
        o
        for o in difflib.SequenceMatcher(None, old, new, autojunk=False).get_opcodes()
        if o[0] != "equal"
    ]
    i, j, k, n = ops[0][1], ops[-1][2], ops[0][3], ops[-1][4]
    method = text[m.start : m.end]
    written = " ".join(new[k:n])
    if i < j:
        a, b = tokens[i].start - m.start, tokens[j - 1].end - m.start
    else:  # an insertion before token i
        a = b = tokens[i].start - m.start
        written += " "
    indent = text[text.rfind("\n", 0, m.start) + 1 : m.start]
    return {
        "id": f"{name}:{m.name}:{kind}",
        "buggy": method[:a] + written + method[b:],
        "fixed": method,
        "class_name": name.rsplit("/", 1)[1].removesuffix(".java"),
        "imports": list(doc.imports),
        "indent": indent if not indent.strip() else "",
    }


def records(jdk: Path, part: str, n: int, known: Any, lo: int, hi: int) -> list[dict[str, Any]]:
    """``n`` bugs of files of ``part``, one per file, in a seeded order of the files."""
    with zipfile.ZipFile(jdk) as z:
        names = sorted(x for x in z.namelist() if x.endswith(".java") and part_of(x) == part)
        rng = random.Random(f"long-methods/{part}")
        rng.shuffle(names)
        out: list[dict[str, Any]] = []
        for name in names:
            if len(out) >= n:
                break
            try:
                text = z.read(name).decode("utf-8")
            except UnicodeDecodeError:
                continue
            record = buggy_record(name, text, known, rng, lo, hi)
            if record is not None and record["buggy"] != record["fixed"]:
                out.append(record)
    return out


def ask_line(model: Any, record: dict[str, Any], side: str, options: RepairOptions):
    """The request at the bug's line of the record's ``side`` (buggy or fixed)."""
    text, at = file_text(record, record[side])
    doc = ParsedText.parse(text, JAVA)
    line = at + first_changed_line(record["buggy"], record["fixed"])
    focus = pipeline.line_focus(doc, line)
    found, _ = runner.repair(model, doc, focus, options)
    return asked(found, doc, None, pipeline.CONFIDENT_RATIO, focus)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--methods", type=int, default=40, help="bugs, one per file")
    ap.add_argument("--part", choices=("dev", "test"), default="dev", help="half of the files")
    ap.add_argument(
        "--narrow",
        default=f"0,{pipeline.NARROW_TOKENS}",
        help="RepairOptions.narrow_tokens settings compared, comma-separated (0: off)",
    )
    ap.add_argument("--min-tokens", type=int, default=RepairOptions.max_unit_tokens)
    ap.add_argument("--max-tokens", type=int, default=pipeline.SCORED_TOKENS)
    ap.add_argument("--model", type=Path, default=DEFAULT_JAVA_MODEL)
    ap.add_argument("--jdk", type=Path, default=JDK_SRC, help="the JDK's src.zip")
    args = ap.parse_args()
    if not args.jdk.is_file():
        sys.stderr.write(f"JDK sources not found: {args.jdk} (apt-get install openjdk-17-source)\n")
        return 2
    from spancopy_core.storage.checkpoint import load_model

    model = load_model(args.model, device="cpu")
    bugs = records(args.jdk, args.part, args.methods, model.vocab, args.min_tokens, args.max_tokens)
    print(machine())
    print(
        f"model {args.model}  part={args.part}  {len(bugs)} methods of"
        f" {args.min_tokens + 1}-{args.max_tokens} model tokens, one bug each"
    )
    results = []
    for narrow in [int(x) for x in args.narrow.split(",")]:
        options = RepairOptions(narrow_tokens=narrow)
        ranks, bug_auto, clean_auto, clean_any, seconds = [], 0, 0, 0, 0.0
        for record in tqdm(bugs, unit="bug", file=sys.stderr, desc=f"narrow {narrow}"):
            t0 = time.perf_counter()
            ranks.append(evaluate(model, record, options).combined_rank)
            seconds += time.perf_counter() - t0
            bug_auto += ask_line(model, record, "buggy", options).shipped
            clean = ask_line(model, record, "fixed", options)
            clean_auto += clean.shipped
            clean_any += bool(clean.shown)
        n = len(bugs)
        top1 = sum(r == 1 for r in ranks)
        top5 = sum(r is not None and r <= 5 for r in ranks)
        print(
            f"narrow_tokens={narrow}: fix first {top1}/{n}, in the top 5 {top5}/{n}; automatic"
            f" answers at bug lines {bug_auto}/{n}, at correct lines {clean_auto}/{n}; correct"
            f" lines with a list when asked {clean_any}/{n}; {seconds / max(1, n):.2f} s per bug"
        )
        results.append(
            f"RESULT long_methods part={args.part} narrow_tokens={narrow} n={n} top1={top1}"
            f" top5={top5} bug_auto={bug_auto} clean_auto={clean_auto} clean_any={clean_any}"
            f" s_per_bug={seconds / max(1, n):.2f}"
        )
    print("\n".join(results))
    return 0


if __name__ == "__main__":
    sys.exit(main())
