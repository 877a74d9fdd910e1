"""Real bugs, end to end: a held-out ManySStuBs4J slice through the repair pipeline the server runs.

For each pair of the slice (``trainer/heldout.py``: whole projects that no training or model
selection sees; ``--slice dev`` for model selection, ``test`` for final figures only): the file
is the package and import lines, ``class <class_name> {``, the buggy method at its indentation
and ``}``; the focus is the first line where buggy and fixed differ (a line diff of the method
text, indentation ignored), as a user would point at it. :func:`spancopy_core.repair.runner.
repair_units` runs on that focus, like a code action at that line; a repair is right when the file
after its edits equals the file with the fixed method token by token, whitespace and comments
ignored (the Java front-end's lexer). Printed side by side, top-1 and top-5:

- baseline: :func:`~spancopy_core.repair.templates.single_token_mutations` of the focus line in
  their fixed order, the first five that still parse;
- model: the beam search's candidates in the beam's order (``RepairOptions.ranking="beam"``);
- combined: the pipeline's default, the beam's candidates and the templates at the focus ranked
  together by the model's exact probability, with its penalties
  (:mod:`spancopy_core.repair.ranking`).

Both rankings share one beam search per bug, run with the focus (a model trained without the
focus feature ignores it). ``--whole`` asks the bug's method without a focus instead, as
``spancopy repair FILE`` and diagnostics ask each method (the slice's name in ``RESULT`` ends
in ``/whole``).

Also: how many fixes are expressible at all (every token of the abstracted fix is in the
abstracted buggy method or, other than a placeholder, in the model vocabulary), the share of
rank-1 repairs that only delete tokens, where rank-1 edits lie relative to the focus, ms per
bug and the machine; a ``RESULT`` line last. ``--json FILE`` writes one record per bug.

    python bench/real_bugs.py [--slice dev|test] [--limit N] [--model DIR] [--beam 20] [--top-k 5]
    python bench/real_bugs.py --records bench/data/everyday_bugs.jsonl

``--compile-check`` adds a row: the combined repairs compiled after the ranking as the server
compiles them (:mod:`spancopy_core.repair.compile_check`, one resident javac; a JDK on PATH),
with the wall and CPU time the check took per bug (this process's and the JVM's), how many
buggy files compile as written, how many can be checked (those, and those that only lack
other classes: :func:`spancopy_core.lang.java.compiler.checkable`), how many repairs javac
rejected, and how many fixes it would reject (the fixed file as a variant of the buggy one:
a real fix the check drops).

``--records`` evaluates other records of the same shape: ``bench/data/everyday_bugs.jsonl``
holds 28 everyday bugs written by hand for this check (off-by-one, ``&&``/``||``, ``==`` on
strings, integer division, wrong variable or field, missing ``!``, a wrong literal or call),
one small change each, never used to choose anything. ``bench/data/contest_bugs.jsonl`` holds
132 whole competitive-programming programs with one bug each (``bench/contest_bugs.py``): its
records carry a ``split``, and ``--slice dev`` (the default) or ``--slice test`` picks the half
evaluated; choose on ``dev`` only. ``bench/data/classic_bugs.jsonl``, built the same way
(``bench/contest_bugs.py --source bench/data/classic_bugs.txt``), holds 40 textbook algorithms
of the QuixBugs kind written for this check (bit count, searches, sorts, graph walks, shortest
paths, dynamic programs, ...), one defect on one line each: a wrong operator or comparison, an
off-by-one, a wrong variable or argument, a missing condition or term, a wrong return value, a
missing line; ``dev`` and ``test`` halves of 20 likewise.
"""

from __future__ import annotations

import argparse
import difflib
import functools
import json
import os
import re
import sys
import time
from collections import Counter
from collections.abc import Container, Iterable, Sequence
from dataclasses import asdict, dataclass, replace
from pathlib import Path
from typing import Any

from tqdm import tqdm

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from bench.common import JAVA_EDITS, machine, sample  # noqa: E402
from spancopy_core import DEFAULT_JAVA_MODEL  # noqa: E402
from spancopy_core.editing.edits import apply_edits  # noqa: E402
from spancopy_core.editing.positions import LineIndex  # noqa: E402
from spancopy_core.lang import java  # noqa: E402
from spancopy_core.lang.java import compiler  # noqa: E402
from spancopy_core.repair import compile_check, pipeline, project_rules, runner  # noqa: E402
from spancopy_core.repair.candidates import Candidate  # noqa: E402
from spancopy_core.repair.java import JavaFrontend  # noqa: E402
from spancopy_core.repair.languages import frontend_for  # noqa: E402
from spancopy_core.repair.pipeline import (  # noqa: E402
    ParsedText,
    RepairOptions,
    UnitRepairs,
    line_focus,
)
from spancopy_core.repair.templates import single_token_mutations  # noqa: E402
from trainer import bfp, heldout  # noqa: E402

MSB = JAVA_EDITS / "manysstubs4j.jsonl"
ROOT = Path(__file__).resolve().parents[1]
EVERYDAY = ROOT / "bench" / "data" / "everyday_bugs.jsonl"
TOP = 5


SIDES = ("buggy", "fixed")
_ABSTRACT = re.compile(r"\b(?:abstract|native)\b")
_STRING = re.compile(r'"(?:\\.|[^"\\])*"')


@functools.lru_cache(maxsize=1024)  # each side is asked of both sides' files
def _interface_member(method: str) -> bool:
    """Whether ``method`` is a declaration that only an interface may hold: no body, and
    neither abstract nor native (CodRep's IClassResolver: ``Class resolveClass(...);``; its
    annotations may hold braces and words)."""
    if not method.rstrip().endswith(";"):  # a body ends in "}": no need to parse
        return False
    found = java.parse(method).methods
    bodiless = len(found) == 1 and not found[0].has_body and found[0].kind == "method"
    return bodiless and not _ABSTRACT.search(_STRING.sub('""', method))


def file_text(record: dict[str, Any], method: str) -> tuple[str, int]:
    """A file holding ``method`` (the record's buggy or fixed side) in its class (an
    interface where a side declares what only an interface may), and the 0-based line where
    the method starts. The method follows the record's other ``members``
    (declarations, if any) unless the record carries the class body around it: ``before``
    and ``after``, lines with their indentation (whole programs, ``bench/contest_bugs.py``)."""
    head = [f"package {record['package']};", ""] if record.get("package") else []
    head += [f"import {name};" for name in record.get("imports", [])]
    kind = "interface" if any(_interface_member(record.get(k, "")) for k in SIDES) else "class"
    head += ["", f"{kind} {record.get('class_name') or 'C'} {{"]
    indent = record.get("indent", "")
    head += [indent + member for member in record.get("members", [])]
    head += record["before"].split("\n") if record.get("before") else []
    tail = record["after"].split("\n") if record.get("after") else []
    body = [*head, indent + method, *tail, "}", ""]
    return "\n".join(body), len(head)


def first_changed_line(buggy: str, fixed: str) -> int:
    """The 0-based line of ``buggy`` where a line diff with ``fixed`` first differs
    (indentation and trailing blanks ignored; an insertion points at the line after it)."""
    before = [line.strip() for line in buggy.split("\n")]
    after = [line.strip() for line in fixed.split("\n")]
    for tag, i1, _, _, _ in difflib.SequenceMatcher(
        None, before, after, autojunk=False
    ).get_opcodes():
        if tag != "equal":
            return min(i1, len(before) - 1)
    return 0


def code_tokens(text: str) -> list[str]:
    """The Java tokens of ``text``: no whitespace, no comments."""
    return [t.text for t in java.lex(text)]


def same_code(a: str, b: str) -> bool:
    """Whether two Java texts differ at most in whitespace and comments."""
    return code_tokens(a) == code_tokens(b)


def pure_deletion(before: Sequence[str], after: Sequence[str]) -> bool:
    """Whether ``after`` is ``before`` with some tokens removed and nothing else changed."""
    it = iter(before)
    return len(after) < len(before) and all(t in it for t in after)


def expressible(before: Sequence[str], after: Sequence[str], vocab: Container[str]) -> bool:
    """Whether a model could write ``after`` from ``before`` (both abstracted with one
    numbering): each token is copied from ``before`` or, unless a placeholder, generated."""
    have = set(before)
    return all(t in have or (t in vocab and not java.PLACEHOLDER.fullmatch(t)) for t in after)


@dataclass
class Bug:
    """What the benchmark found for one pair."""

    id: str
    focus_line: int  # 0-based, in the method
    expressible: bool
    baseline_rank: int | None  # 1-based rank of the fix, None when not in the top five
    model_rank: int | None
    combined_rank: int | None
    model_units: int  # units the pipeline repaired at the focus (0: none found or skipped)
    rank1_title: str | None
    rank1_deletion: bool | None
    rank1_lines: tuple[int, int] | None  # first and last line of its edits, relative to the focus
    ms: float
    # with --compile-check: the combined repairs compiled after the ranking
    compiled_rank: int | None = None
    compiles: bool | None = None  # whether the buggy file compiles as written (None: untold)
    checkable: bool | None = None  # ... or lacks only other classes (compiler.checkable)
    fix_rejected: bool = False  # the fixed file itself rejected: a real fix the check drops
    rejected: int = 0  # repairs javac rejected
    compile_ms: float = 0.0  # wall time of the check
    compile_cpu_ms: float = 0.0  # CPU time of the check: this process's and the JVM's


def _rank(texts: Sequence[str], expected: str) -> int | None:
    want = code_tokens(expected)
    return next((k for k, t in enumerate(texts[:TOP], 1) if code_tokens(t) == want), None)


def _parses(text: str) -> bool:
    return not java.parse(text).tree.root_node.has_error


def baseline(text: str, start: int, end: int) -> list[str]:
    """The first five single-token mutants of ``text[start:end]`` that still parse."""
    out: list[str] = []
    for edit in single_token_mutations(java.lex(text), start, end):
        mutant = apply_edits(text, [edit])
        if _parses(mutant):
            out.append(mutant)
            if len(out) == TOP:
                break
    return out


def _method_tokens(text: str, line: int) -> list[java.Token]:
    """The tokens of the method that starts on the 0-based ``line`` of ``text``."""
    doc = java.parse(text)
    offset = LineIndex(text).offset(line, 0)
    method = min((m for m in doc.methods if m.start >= offset), key=lambda m: (m.start, m.depth))
    return doc.tokens[method.tokens]


def flat(found: Iterable[UnitRepairs]) -> list[Candidate]:
    """The repairs of every unit, in order."""
    return [c for r in found for c in r.candidates]


def _jvm_cpu(checker: compiler.Compiler) -> float:
    """Seconds of CPU the checker's JVM has used (0 before it starts)."""
    process = checker.process
    if process is None:
        return 0.0
    with open(f"/proc/{process.pid}/stat") as f:  # Linux: utime, stime in clock ticks
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _compiled(
    bug: Bug,
    checker: compiler.Compiler,
    text: str,
    units: Sequence[UnitRepairs],
    expected: str,
    top_k: int,
) -> Bug:
    """``bug`` with the rank of the fix among ``units``' repairs after the compile check of
    ``checker`` (a minute's budget: as many compiled as to find ``top_k`` that compile) and
    the check's measures."""
    wall, cpu, jvm = time.perf_counter(), time.process_time(), _jvm_cpu(checker)
    checked, rejected = [], 0
    fix_rejected = checker.check(text, [expected], 60.0) == [False]
    for r in units:
        verdicts = checker.check(text, compile_check.variants(text, r), 60.0, wanted=top_k)
        rejected += verdicts.count(False)
        checked.append(compile_check.settle(r, verdicts, top_k))
    cpu = time.process_time() - cpu + _jvm_cpu(checker) - jvm
    return replace(
        bug,
        compiled_rank=_rank([apply_edits(text, c.edits) for c in flat(checked)], expected),
        compiles=checker.known(text),
        checkable=checker.checkable(text),
        fix_rejected=fix_rejected,
        rejected=rejected,
        compile_ms=(time.perf_counter() - wall) * 1000,
        compile_cpu_ms=cpu * 1000,
    )


def evaluate(
    model: Any,
    record: dict[str, Any],
    options: RepairOptions,
    rules: project_rules.Rules = (),
    checker: compiler.Compiler | None = None,
    whole: bool = False,
) -> Bug:
    """One pair through the baseline and the pipeline (and the compile check of ``checker``);
    ``whole``: the bug's method asked without a focus, as ``spancopy repair FILE`` and
    diagnostics ask each method (the baseline stays at the bug's line)."""
    text, method_line = file_text(record, record["buggy"])
    expected, _ = file_text(record, record["fixed"])
    line = first_changed_line(record["buggy"], record["fixed"])
    before, after = bfp.abstract_pair(
        _method_tokens(text, method_line),
        _method_tokens(expected, method_line),
        model.vocab,
        record.get("imports", []),
    )
    doc = ParsedText.parse(text, frontend_for("java", "file:///C.java"))
    focus = line_focus(doc, method_line + line)
    base = baseline(text, *focus)
    t0 = time.perf_counter()
    if whole:  # the outermost unit holding the bug's line, as all units without a focus
        found = [
            u
            for u in pipeline.units(doc, model.vocab, None, context=model.config.context)
            if u.start <= focus[0] < u.end
        ]
    else:
        found = pipeline.units(
            doc, model.vocab, focus, context=model.config.context, options=options
        )
    kept, _ = pipeline.within_limit(found, options, doc.frontend)
    asked = None if whole else focus
    inline = runner.Inline(model, memo={})  # one beam search for both rankings

    def ranked(how: RepairOptions) -> list[UnitRepairs]:
        return list(
            runner.repair_units(model, doc, kept, how, focus=asked, runtime=inline, rules=rules)
        )

    alone = flat(ranked(replace(options, ranking="beam")))
    if checker is None:
        combined = flat(ranked(options))
        ms = (time.perf_counter() - t0) * 1000
    else:  # ranked once, cut to top_k without and with the check
        units = ranked(compile_check.widened(options))
        ms = (time.perf_counter() - t0) * 1000
        combined = flat(compile_check.settle(r, [], options.top_k) for r in units)
    results = [apply_edits(text, c.edits) for c in combined]
    title, deletion, lines = None, None, None
    if combined:
        title = combined[0].title
        deletion = pure_deletion(code_tokens(text), code_tokens(results[0]))
        rel = [doc.lines.line(e.start) - (method_line + line) for e in combined[0].edits]
        lines = (min(rel), max(rel))
    bug = Bug(
        id=record["id"],
        focus_line=line,
        expressible=expressible(before, after, model.vocab),
        baseline_rank=_rank(base, expected),
        model_rank=_rank([apply_edits(text, c.edits) for c in alone], expected),
        combined_rank=_rank(results, expected),
        model_units=len(kept),
        rank1_title=title,
        rank1_deletion=deletion,
        rank1_lines=lines,
        ms=ms,
    )
    return bug if checker is None else _compiled(bug, checker, text, units, expected, options.top_k)


def _where(lines: tuple[int, int]) -> str:
    lo, hi = lines
    if lo <= 0 <= hi:
        return "on the focus line"
    return "within 2 lines" if min(abs(lo), abs(hi)) <= 2 else "3 or more lines away"


def report(bugs: Sequence[Bug], slice_name: str, compiled: bool = False) -> str:
    """The table, the observations and the RESULT line (with the compile check's row and
    measures when ``compiled``)."""
    n = len(bugs)

    def share(k: int, of: int) -> str:
        return f"{k}/{of} ({k / of:.1%})" if of else f"{k}/0"

    def top(ranks: Sequence[int | None], k: int) -> int:
        return sum(r is not None and r <= k for r in ranks)

    base = [b.baseline_rank for b in bugs]
    model = [b.model_rank for b in bugs]
    combined = [b.combined_rank for b in bugs]
    rank1 = [b for b in bugs if b.rank1_title is not None]
    deletions = sum(bool(b.rank1_deletion) for b in rank1)
    can = [b for b in bugs if b.expressible]
    where = Counter(_where(b.rank1_lines) for b in rank1 if b.rank1_lines is not None)
    ms = sorted(b.ms for b in bugs)
    out = [
        f"| {slice_name} (n={n}) | top-1 | top-5 |",
        "|---|---:|---:|",
        f"| baseline: single-token mutations | {top(base, 1)} | {top(base, 5)} |",
        f"| model alone: beam candidates in beam order | {top(model, 1)} | {top(model, 5)} |",
        f"| combined: beam + templates, exact probability | {top(combined, 1)}"
        f" | {top(combined, 5)} |",
    ]
    ranks = [b.compiled_rank for b in bugs]
    if compiled:
        out.append(f"| combined + compile check | {top(ranks, 1)} | {top(ranks, 5)} |")
    out += [
        "",
        f"expressible fixes (tokens of the buggy method or the vocabulary): {share(len(can), n)};"
        f" combined top-5 among them: {share(top([b.combined_rank for b in can], 5), len(can))}",
        f"no unit repaired at the focus: {sum(b.model_units == 0 for b in bugs)}",
        f"bugs with a rank-1 combined repair: {len(rank1)}; pure deletions: "
        f"{share(deletions, len(rank1))}",
        "rank-1 edits: "
        + ", ".join(f"{k} {share(v, len(rank1))}" for k, v in sorted(where.items())),
        f"pipeline ms per bug: mean {sum(ms) / max(1, n):.0f}, median {ms[n // 2] if n else 0:.0f}",
    ]
    d = deletions / len(rank1) if rank1 else 0.0
    out.append(
        f"RESULT slice={slice_name} n={n} baseline_top1={top(base, 1)} baseline_top5={top(base, 5)}"
        f" model_top1={top(model, 1)} model_top5={top(model, 5)}"
        f" combined_top1={top(combined, 1)} combined_top5={top(combined, 5)}"
        f" rank1_deletions={d:.3f}"
        f" expressible={len(can)}"
    )
    if compiled:
        wall, cpu = sorted(b.compile_ms for b in bugs), sorted(b.compile_cpu_ms for b in bugs)

        def p(xs: Sequence[float], q: float) -> float:
            return xs[min(len(xs) - 1, int(q * len(xs)))] if xs else 0.0

        out[-1] += (
            f" compiled_top1={top(ranks, 1)} compiled_top5={top(ranks, 5)}"
            f" files_compiling={sum(bool(b.compiles) for b in bugs)}"
            f" files_checked={sum(bool(b.checkable) for b in bugs)}"
            f" fixes_rejected={sum(b.fix_rejected for b in bugs)}"
            f" rejected={sum(b.rejected for b in bugs)}"
            f" compile_ms_p50={p(wall, 0.5):.0f} compile_ms_p90={p(wall, 0.9):.0f}"
            f" compile_cpu_ms_p50={p(cpu, 0.5):.0f} compile_cpu_ms_mean={sum(cpu) / n:.0f}"
            f" pipeline_ms_p50={p(ms, 0.5):.0f}"
        )
    return "\n".join(out)


def read_records(path: Path | None, slice_name: str) -> tuple[list[dict[str, Any]], str]:
    """The records to evaluate and their name: the ManySStuBs4J held-out slice ``slice_name``
    without ``path``, else the records of the JSONL file ``path`` (its ``slice_name`` half
    when they carry a ``split``)."""
    if path is None:
        return heldout.read_slice(slice_name, MSB), slice_name
    records = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
    if any("split" in r for r in records):  # halves of a set: the slice picks one
        return [r for r in records if r.get("split") == slice_name], f"{path.stem}/{slice_name}"
    return records, path.stem


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument(
        "--slice",
        choices=heldout.SLICES,
        default="dev",
        help="the held-out slice, or the half of --records that carry a split",
    )
    ap.add_argument("--limit", type=int, help="a seeded sample of N pairs of the slice")
    ap.add_argument("--model", type=Path, default=DEFAULT_JAVA_MODEL)
    ap.add_argument("--beam", type=int, default=JavaFrontend.beam_size)
    ap.add_argument("--top-k", type=int, default=RepairOptions.top_k)
    ap.add_argument(
        "--narrow-tokens",
        type=int,
        default=RepairOptions.narrow_tokens,
        help="a longer method is read as its statements around the bug's line (0: whole)",
    )
    ap.add_argument(
        "--whole",
        action="store_true",
        help="ask the bug's method without a focus (as spancopy repair FILE and diagnostics)",
    )
    ap.add_argument("--json", type=Path, metavar="FILE", help="write one record per bug")
    ap.add_argument(
        "--compile-check",
        action="store_true",
        help="also the repairs after which the file still compiles, and the check's cost",
    )
    ap.add_argument(
        "--records",
        type=Path,
        metavar="JSONL",
        help="evaluate these records (buggy, fixed, class_name, imports) instead of a slice,"
        f" e.g. {EVERYDAY.relative_to(ROOT)}",
    )
    args = ap.parse_args()
    source = args.records or MSB
    if not source.is_file():
        sys.stderr.write(f"real-bug data not found: {source} (see ../shared/data/java-edits)\n")
        return 2
    from spancopy_core.storage.checkpoint import load_model

    records, name = read_records(args.records, args.slice)
    if args.limit is not None:
        records = sample(records, args.limit, seed=0)
    model = load_model(args.model, device="cpu")
    # an adapted model's mined rules and refit penalties, as the server's
    rules = project_rules.load_rules(args.model)
    penalties = project_rules.load_penalties(args.model)
    options = RepairOptions(
        beam_size=args.beam,
        top_k=args.top_k,
        penalties=penalties,
        narrow_tokens=args.narrow_tokens,
    )
    checker = compiler.Compiler() if args.compile_check else None
    print(machine())
    print(
        f"model {args.model}  beam={args.beam} top_k={args.top_k}"
        f" narrow_tokens={args.narrow_tokens}  slice={name}"
        + ("  whole method, no focus" if args.whole else "")
    )
    bugs = [
        evaluate(model, r, options, rules, checker, args.whole)
        for r in tqdm(records, unit="bug", file=sys.stderr)
    ]
    print(report(bugs, f"{name}/whole" if args.whole else name, compiled=checker is not None))
    if args.json:
        args.json.write_text("".join(json.dumps(asdict(b)) + "\n" for b in bugs))
    return 0


if __name__ == "__main__":
    sys.exit(main())
