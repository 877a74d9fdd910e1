"""False alarms: what the Java model proposes on correct code, beside what it finds at real bugs.

The clean side is well-tested correct Java that no model trained on: the held-out *test* files
of ``../shared/data/java-algorithms`` (:func:`held_out_files`: the files that
``python -m trainer synth --valid 0.1 --test 0.1 --seed 1`` of ``recipes/java-calibrate.sh``
puts in its test split; the shipped model never saw the folder at all). Every line holding code
of every method of those files is a request at that line (focus = the line, as a code action
there), through the runner every caller shares (:func:`spancopy_core.repair.runner.repair`);
every method is a request without a focus, as diagnostics ask. The buggy side is the real-bug
dev sets of ``bench/real_bugs.py`` (read by its :func:`~bench.real_bugs.read_records`: the
ManySStuBs4J dev slice, the contest dev half, the everyday bugs), asked at the bug's line and,
without a focus, for its method. Printed, for a seeded sample of lines, methods and bugs
(``--lines``, ``--methods``, ``--bugs``; ``0``: all):

- for each ratio R: the share of clean lines and of bug lines where the best repair is at least
  R times as likely as the line as written (what an automatic code-action request would
  answer), their quotient, and the precision of the rule with as many clean lines as bug lines;
  the smallest R of the grid that answers under 5% of clean lines and at least 4x as often at
  bug lines;
- the share of lines with any repair at all (an invoked request: the full list);
- the share of clean and of buggy methods that diagnostics mark (no focus, the server's
  default ``diagnostics.threshold``);
- calibration: of the repairs shown at bug lines with a share in each band, how many are the
  fix (and how many repairs the clean lines were shown in each band, all of them wrong);
- for a model with a detection head (:mod:`spancopy_core.paper.detection`): the same shares
  for each rule "P(needs a change) > t and best >= R x as written" of a grid, the rule that
  answers at most 3% of clean lines (marks at most 1.5% of clean methods) and the most bug
  lines (buggy methods) at least 4x (3x) as often, and what the shipped rules answer.

``--part tune`` asks the java-algorithms files of synth's *valid* split and one half of the
real-bug dev records (by a hash of their id), to choose the head's thresholds on;
``--part report`` the held-out test files and the other half, once, for the figures.
``RESULT`` lines last.

    python bench/false_alarms.py [--model DIR] [--lines 200] [--methods 60] [--bugs 120]
        [--part all|tune|report]
"""

from __future__ import annotations

import argparse
import hashlib
import sys
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tqdm import tqdm

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from bench.common import SHARED_DATA, machine, sample  # noqa: E402
from bench.real_bugs import (  # noqa: E402
    EVERYDAY,
    MSB,
    file_text,
    first_changed_line,
    read_records,
    same_code,
)
from lsp_server.settings import ServerSettings  # noqa: E402
from spancopy_core import DEFAULT_JAVA_MODEL  # noqa: E402
from spancopy_core.editing.edits import apply_edits  # noqa: E402
from spancopy_core.repair import pipeline, runner  # noqa: E402
from spancopy_core.repair.frontend import Unit  # noqa: E402
from spancopy_core.repair.languages import frontend_for  # noqa: E402
from spancopy_core.repair.pipeline import ParsedText, RepairOptions, UnitRepairs  # noqa: E402
from trainer import synth  # noqa: E402

ALGORITHMS = SHARED_DATA / "java-algorithms"
SPLIT = {"seed": 1, "valid": 0.1, "test": 0.1}  # recipes/java-calibrate.sh's synth of the folder
CONTEST = Path(__file__).resolve().parent / "data" / "contest_bugs.jsonl"
BUG_SETS: tuple[Path | None, ...] = (None, CONTEST, EVERYDAY)  # None: ManySStuBs4J
RATIOS = (1.0, 1.5, 2.0, 3.0, 5.0, 10.0, 20.0)
THRESHOLDS = (0.5, 0.6, 0.7, 0.8, 0.85, 0.9, 0.95, 0.98)  # of the detection head's grid
HEAD_RATIOS = (0.0, 1.0, 2.0, 5.0)
BANDS = ((0.0, 0.1), (0.1, 0.2), (0.2, 0.4), (0.4, 0.6), (0.6, 1.01))
JAVA = frontend_for("java", "file:///C.java")


def held_out_files(root: Path = ALGORITHMS, split: str = "test") -> list[Path]:
    """The Java files of ``root`` whose pairs ``trainer synth`` with :data:`SPLIT` writes to
    its ``split`` (:func:`trainer.synth.split_of`: by file)."""
    tasks = synth.find_sources([root])
    return [
        Path(t.root) / t.name
        for t in tasks
        if synth.split_of(t.name, SPLIT["seed"], SPLIT["valid"], SPLIT["test"]) == split
    ]


def half_of(record: dict[str, Any]) -> str:
    """``"tune"`` or ``"report"``: the half of the real-bug dev records ``record`` is in."""
    digest = hashlib.sha256(str(record.get("id", record["buggy"])).encode()).digest()
    return "tune" if digest[0] % 2 == 0 else "report"


@dataclass(frozen=True)
class Asked:
    """What one request found: the best repair's ratio to the unit as written (0: none);
    per repair shown, its share and whether it is the fix (never, on clean code); per unit,
    the detection head's P(needs a change) and its best repair's ratio (none without a head);
    whether the shipped rule answers (:func:`spancopy_core.repair.runner.confident`)."""

    ratio: float
    shown: tuple[tuple[float, bool], ...]
    units: tuple[tuple[float, float], ...] = ()
    shipped: bool = False


def best_ratio(found: Sequence[UnitRepairs]) -> float:
    """How many times as likely as its unit the best repair of any unit is (0: none)."""
    return max((r.confidence() for r in found if r.candidates), default=0.0)


def heads(found: Sequence[UnitRepairs]) -> tuple[tuple[float, float], ...]:
    """Per unit judged by a detection head: (P(needs a change), its best repair's ratio)."""
    return tuple((r.detection.probability, r.confidence()) for r in found if r.detection)


def ask(
    model: Any, doc: ParsedText, line: int, expected: str | None = None, automatic: float = 0
) -> Asked:
    """A request at the 0-based ``line`` of ``doc`` (a code action there); a repair is right
    when its result is ``expected`` (same tokens); ``automatic``: the automaticMinRatio."""
    found, _ = runner.repair(model, doc, pipeline.line_focus(doc, line), RepairOptions())
    results = [(c.probability, apply_edits(doc.text, c.edits)) for r in found for c in r.candidates]
    shown = tuple((p, expected is not None and same_code(t, expected)) for p, t in results)
    shipped = any(runner.confident(r, automatic) for r in found)
    return Asked(best_ratio(found), shown, heads(found), shipped)


def marked(model: Any, doc: ParsedText, unit: Unit, threshold: float) -> Asked:
    """What diagnostics (no focus) find of ``unit`` of ``doc``: ``shipped`` whether they mark
    it at ``threshold`` (or the head's rule)."""
    found = list(runner.repair_units(model, doc, [unit], RepairOptions()))
    shipped = any(runner.confident(r, threshold) for r in found)
    return Asked(best_ratio(found), (), heads(found), shipped)


def methods(model: Any, doc: ParsedText) -> list[Unit]:
    """The methods of ``doc`` that the server repairs (not over the length limit)."""
    found = pipeline.units(doc, model.vocab, None, context=model.config.context)
    return pipeline.within_limit(found, RepairOptions())[0]


def code_lines(doc: ParsedText, unit: Unit) -> list[int]:
    """The 0-based lines of ``unit`` that hold a token of code (no blank or comment line)."""
    return sorted({t.line for t in doc.parsed.tokens if unit.start <= t.start < unit.end})


def clean_requests(model: Any, files: Sequence[Path]) -> Iterator[tuple[ParsedText, Unit, int]]:
    """Every (document, method, code line) of ``files``."""
    for path in files:
        doc = ParsedText.parse(path.read_text(encoding="utf-8"), JAVA)
        for unit in methods(model, doc):
            yield from ((doc, unit, line) for line in code_lines(doc, unit))


@dataclass(frozen=True)
class BugCase:
    """A real bug as the benchmark asks it: the buggy file, the bug's 0-based line, the fixed
    file."""

    doc: ParsedText
    line: int
    expected: str


def bug_case(record: dict[str, Any]) -> BugCase:
    """``record`` (of :func:`bench.real_bugs.read_records`) placed in its file."""
    text, method_line = file_text(record, record["buggy"])
    line = method_line + first_changed_line(record["buggy"], record["fixed"])
    return BugCase(ParsedText.parse(text, JAVA), line, file_text(record, record["fixed"])[0])


def bug_method(model: Any, case: BugCase) -> Unit | None:
    """The method of ``case`` that holds the bug's line."""
    at = case.doc.lines.offset(case.line, 0)
    return next((u for u in methods(model, case.doc) if u.start <= at < u.end), None)


def share(k: int, n: int) -> str:
    return f"{k}/{n} ({k / n:.1%})" if n else "0/0"


def answered(asked: Sequence[Asked], ratio: float) -> int:
    """How many requests an automatic request at ``ratio`` answers."""
    return sum(a.ratio > 0 and a.ratio >= ratio for a in asked)


def choose_ratio(clean: Sequence[Asked], bugs: Sequence[Asked]) -> float | None:
    """The smallest ratio of :data:`RATIOS` that answers under 5% of ``clean`` and at least
    four times as often at ``bugs`` (None: none does)."""
    for r in RATIOS:
        c, b = answered(clean, r) / max(1, len(clean)), answered(bugs, r) / max(1, len(bugs))
        if c < 0.05 and b >= 4 * c and b > 0:
            return r
    return None


def calibration(asked: Sequence[Asked]) -> list[tuple[int, int]]:
    """Per band of :data:`BANDS`: (repairs shown with a share in it, how many are right)."""
    out = []
    for lo, hi in BANDS:
        inside = [right for a in asked for p, right in a.shown if lo <= p < hi]
        out.append((len(inside), sum(inside)))
    return out


def report(
    clean: Sequence[Asked],
    bugs: Sequence[Asked],
    clean_marks: Sequence[Asked],
    bug_marks: Sequence[Asked],
    threshold: float,
) -> str:
    """The tables and the RESULT lines."""
    n, m = len(clean), len(bugs)
    out = [
        f"| R (automatic: best >= R x as written) | clean lines (n={n}) | bug lines (n={m})"
        " | bug / clean | precision (equal mix) |",
        "|---:|---:|---:|---:|---:|",
    ]
    results = []
    for r in RATIOS:
        c, b = answered(clean, r), answered(bugs, r)
        fc, fb = c / max(1, n), b / max(1, m)
        lift = f"{fb / fc:.1f}" if fc else "inf" if fb else "-"
        precision = f"{fb / (fb + fc):.2f}" if fb + fc else "-"
        out.append(f"| {r:g} | {share(c, n)} | {share(b, m)} | {lift} | {precision} |")
        results.append(
            f"RESULT false_alarms ratio={r:g} clean_answered={fc:.4f} bug_answered={fb:.4f}"
            f" clean_n={n} bug_n={m}"
        )
    chosen = choose_ratio(clean, bugs)
    out.append(
        "smallest R answering under 5% of clean lines and >= 4x as often at bug lines: "
        + (f"{chosen:g}" if chosen is not None else "none of the grid")
    )
    out.append(
        f"invoked (any repair shown): clean lines {share(sum(bool(a.shown) for a in clean), n)},"
        f" bug lines {share(sum(bool(a.shown) for a in bugs), m)}"
    )
    mc, mb = sum(a.shipped for a in clean_marks), sum(a.shipped for a in bug_marks)
    fc, fb = mc / max(1, len(clean_marks)), mb / max(1, len(bug_marks))
    out.append(
        f"diagnostics at the shipped settings (no focus, threshold {threshold:g}, or the"
        f" detection head's rule): clean methods"
        f" {share(mc, len(clean_marks))}, buggy methods {share(mb, len(bug_marks))}"
    )
    out += ["", "| share shown | repairs at bug lines | right | repairs at clean lines |"]
    out.append("|---|---:|---:|---:|")
    for (lo, hi), (k, right), (kc, _) in zip(BANDS, calibration(bugs), calibration(clean)):
        out.append(f"| {lo:.0%}-{min(hi, 1):.0%} | {k} | {share(right, k)} | {kc} |")
    k, right = calibration(bugs)[BANDS.index((0.2, 0.4))]
    results += [
        f"RESULT false_alarms diagnostics threshold={threshold:g} clean_marked={fc:.4f}"
        f" buggy_marked={fb:.4f} clean_n={len(clean_marks)} buggy_n={len(bug_marks)}",
        f"RESULT false_alarms calibration band=20-40% shown_at_bugs={k} right={right}"
        f" right_share={right / max(1, k):.3f} shown_at_clean={calibration(clean)[2][0]}"
        f" chosen_ratio={'none' if chosen is None else f'{chosen:g}'}",
    ]
    if any(a.units for a in [*clean, *bugs]):
        results += head_report(clean, bugs, clean_marks, bug_marks)
    return "\n".join(out + [""] + results)


def flagged(a: Asked, threshold: float, ratio: float) -> bool:
    """Whether the rule "P(needs a change) > threshold and a repair >= ratio x as written"
    answers ``a``."""
    return any(p > threshold and r > 0 and r >= ratio for p, r in a.units)


def head_grid(
    clean: Sequence[Asked], bugs: Sequence[Asked], what: str, most: float, lift: float
) -> tuple[list[str], tuple[float, float] | None]:
    """The table of the head's rules on ``clean`` and ``bugs`` requests (``what``: lines or
    methods), and the rule answering at most ``most`` of ``clean`` and the most of ``bugs``,
    at least ``lift`` times as often (None: none does)."""
    n, m = len(clean), len(bugs)
    out = [
        f"| head rule ({what}): P > t, best >= R x | clean (n={n}) | bug (n={m}) | bug / clean |",
        "|---|---:|---:|---:|",
    ]
    best: tuple[float, float, float] | None = None  # (bug share, t, R)
    for t in THRESHOLDS:
        for r in HEAD_RATIOS:
            c = sum(flagged(a, t, r) for a in clean)
            b = sum(flagged(a, t, r) for a in bugs)
            fc, fb = c / max(1, n), b / max(1, m)
            ratio = f"{fb / fc:.1f}" if fc else "inf" if fb else "-"
            out.append(f"| t={t:g} R={r:g} | {share(c, n)} | {share(b, m)} | {ratio} |")
            if fc <= most and fb > 0 and fb >= lift * fc and (best is None or fb > best[0]):
                best = (fb, t, r)
    return out, None if best is None else (best[1], best[2])


def head_report(
    clean: Sequence[Asked],
    bugs: Sequence[Asked],
    clean_marks: Sequence[Asked],
    bug_marks: Sequence[Asked],
) -> list[str]:
    """The detection head's tables, its rules' choice and the shipped rules' RESULT lines."""
    lines, line_rule = head_grid(clean, bugs, "lines", 0.03, 4.0)
    methods, method_rule = head_grid(clean_marks, bug_marks, "methods", 0.015, 3.0)

    def shown(rule: tuple[float, float] | None) -> str:
        return "none of the grid" if rule is None else f"t={rule[0]:g} R={rule[1]:g}"

    out = ["", *lines, f"chosen (<= 3% of clean lines, >= 4x at bug lines): {shown(line_rule)}"]
    out += ["", *methods, f"chosen (<= 1.5% of clean methods, >= 3x): {shown(method_rule)}"]
    a, b = sum(x.shipped for x in clean), sum(x.shipped for x in bugs)
    c, d = sum(x.shipped for x in clean_marks), sum(x.shipped for x in bug_marks)
    out += [
        "",
        f"RESULT false_alarms head automatic clean_answered={a / max(1, len(clean)):.4f}"
        f" bug_answered={b / max(1, len(bugs)):.4f} clean_n={len(clean)} bug_n={len(bugs)}"
        f" chosen={shown(line_rule).replace(' ', '_')}",
        f"RESULT false_alarms head diagnostics clean_marked={c / max(1, len(clean_marks)):.4f}"
        f" buggy_marked={d / max(1, len(bug_marks)):.4f} clean_n={len(clean_marks)}"
        f" buggy_n={len(bug_marks)} chosen={shown(method_rule).replace(' ', '_')}",
    ]
    return out


def _sampled(items: list, n: int, seed: int) -> list:
    return items if n == 0 else sample(items, n, seed)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--model", type=Path, default=DEFAULT_JAVA_MODEL)
    ap.add_argument("--clean", type=Path, help="clean Java files' folder (default: held out)")
    ap.add_argument("--lines", type=int, default=200, help="clean lines asked (0: all)")
    ap.add_argument("--methods", type=int, default=60, help="clean methods asked (0: all)")
    ap.add_argument("--bugs", type=int, default=120, help="real bugs asked (0: all)")
    ap.add_argument("--seed", type=int, default=0, help="seed of the samples")
    ap.add_argument(
        "--part",
        choices=("all", "tune", "report"),
        default="all",
        help="tune: synth's valid files and one half of the bug records (to choose on);"
        " report: the held-out test files and the other half; all: the test files, every bug",
    )
    ap.add_argument(
        "--records",
        type=Path,
        nargs="+",
        metavar="JSONL",
        help="real-bug records (as bench/real_bugs.py --records; default: the dev sets)",
    )
    args = ap.parse_args()
    files = synth.find_sources([args.clean]) if args.clean else None
    split = "valid" if args.part == "tune" else "test"
    paths = (
        [Path(t.root) / t.name for t in files] if files is not None else held_out_files(split=split)
    )
    if not paths:
        sys.stderr.write(f"no Java files in {args.clean or ALGORITHMS}\n")
        return 2
    if args.records is None and not MSB.is_file():
        sys.stderr.write(f"real-bug data not found: {MSB} (see ../shared/data/java-edits)\n")
        return 2
    if not (args.model / "config.json").is_file():
        sys.stderr.write(f"not a model directory: {args.model}\n")
        return 2
    from spancopy_core.storage.checkpoint import load_model

    model = load_model(args.model, device="cpu")
    settings = ServerSettings()
    threshold, automatic = settings.diagnostics_threshold, settings.automatic_min_ratio
    requests = list(clean_requests(model, paths))
    units = list({(id(doc), unit.start): (doc, unit) for doc, unit, _ in requests}.values())
    records = [r for path in args.records or BUG_SETS for r in read_records(path, "dev")[0]]
    records = [r for r in records if args.part == "all" or half_of(r) == args.part]
    lines = _sampled(requests, args.lines, args.seed)
    units = _sampled(units, args.methods, args.seed)
    cases = [bug_case(r) for r in _sampled(records, args.bugs, args.seed)]
    print(machine())
    print(
        f"model {args.model}  clean: {len(paths)} files, {len(lines)} of {len(requests)} lines,"
        f" {len(units)} methods; bugs: {len(cases)} of {len(records)} (dev sets); part {args.part}"
    )
    bar = {"file": sys.stderr, "unit": "request"}
    clean = [ask(model, doc, line, automatic=automatic) for doc, _, line in tqdm(lines, **bar)]
    clean_marks = [marked(model, doc, unit, threshold) for doc, unit in tqdm(units, **bar)]
    bugs = [ask(model, c.doc, c.line, c.expected, automatic) for c in tqdm(cases, **bar)]
    bug_units = [(c, bug_method(model, c)) for c in cases]
    bug_marks = [marked(model, c.doc, u, threshold) for c, u in tqdm(bug_units, **bar) if u]
    print(report(clean, bugs, clean_marks, bug_marks, threshold))
    return 0


if __name__ == "__main__":
    sys.exit(main())
