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
- calibration: of the repairs shown at clean and bug lines together with a share in each band,
  how many are the fix (all of the clean lines' are wrong);
- for a model with a detection head (:mod:`spancopy_core.paper.detection`): the separation of
  bug lines (buggy methods) from clean ones by the head's probability (AUC), and for each least
  share s of a grid the share of clean and bug lines where the head's calibrated probability
  that the list holds the fix (the sum of the shares shown) is s or more (an automatic code
  action's rule), and of clean and buggy methods (diagnostics'); the least share answering at
  most 3% of clean lines (marking at most 1.5% of clean methods) and the most bug lines (buggy
  methods), at least 4x (3x) as often; what the shipped rules answer.

The shares of a model with a head are its calibrated probability times each repair's share
among those shown (:func:`spancopy_core.repair.ranking.calibrated_shares`). ``--calibrate``
(with ``--part tune``, or ``--replay`` of a tune part's ``--dump``) fits the calibration of each
kind: a Platt map of P(needs a change), a logistic regression of bug requests against clean
ones on the logit of the head's probability (:func:`fit_platt`; its base rate is the sample's
mix of clean and bug requests), times the share of bug requests whose list holds the fix; it
chooses both least shares on the calibrated probabilities (the automatic one: the highest lift
at most 3% of clean lines where none reaches 4x; diagnostics: never where none reaches 3x) and
writes them into the model's ``detector.json``; the tables then show what they give on the tune
part.

``RESULT`` lines last.

    python bench/false_alarms.py [--model DIR] [--lines 200] [--methods 60] [--bugs 120]
        [--part all|tune|report] [--calibrate] [--dump FILE | --replay FILE]
"""

from __future__ import annotations

import argparse
import hashlib
import json
import math
import sys
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, NamedTuple

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
from spancopy_core.paper import detection  # noqa: E402
from spancopy_core.paper.detection import DetectorConfig, calibrate  # noqa: E402
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
# the head's rules: 0.5% to 15% by 0.5%, to 50% by 1%, to 100% by 5%
LEAST_SHARES = (
    *(k / 200 for k in range(1, 31)),
    *(k / 100 for k in range(16, 51)),
    *(k / 20 for k in range(11, 21)),
)
NEVER = 2.0  # a least share no repair is shown at: the rule answers nothing
BANDS = ((0.0, 0.05), (0.05, 0.1), (0.1, 0.2), (0.2, 0.4), (0.4, 0.6), (0.6, 1.01))
REPORTED_BAND = (0.2, 0.4)  # of the RESULT line: "of the repairs shown at about 30%"
Map = tuple[float, float, float]  # a calibration's (scale, shift, found): calibrate()
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


class Judged(NamedTuple):
    """A unit judged by a detection head: the head's own probability, the shares of the
    repairs shown (best first) and whether each is the fix."""

    raw: float
    shares: tuple[float, ...]
    right: tuple[bool, ...]
    kept: float = 1.0  # of the beam's changes, the share that changes the unit (Detection)

    def within(self) -> list[float]:
        """Each repair's share among those shown (the shares do not depend on the
        calibration but for this factor)."""
        total = sum(self.shares)
        return [s / total if total > 0 else 0.0 for s in self.shares]

    def calibrated(self, how: Map) -> list[float]:
        """The shares shown with the calibration ``how`` (:func:`calibrated_shares`)."""
        return [self.probability(how) * q for q in self.within()]

    def probability(self, how: Map) -> float:
        """The probability that the list holds the fix with the calibration ``how``."""
        return calibrate(self.raw, *how) * self.kept


@dataclass(frozen=True)
class Asked:
    """What one request found: the best repair's ratio to the unit as written (0: none);
    per repair shown, its share and whether it is the fix (never, on clean code); whether the
    shipped rule answers (:func:`spancopy_core.repair.runner.confident`); the units the
    detection head judged (none without a head)."""

    ratio: float
    shown: tuple[tuple[float, bool], ...]
    shipped: bool = False
    units: tuple[Judged, ...] = ()
    score: float = 0.0  # the head's calibrated P(the list holds the fix), of a unit shown

    def top(self) -> float:
        """The share of the first repair shown of any unit (0: none)."""
        return max((p for p, _ in self.shown), default=0.0)


def best_ratio(found: Sequence[UnitRepairs]) -> float:
    """How many times as likely as its unit the best repair of any unit is (0: none)."""
    return max((r.confidence() for r in found if r.candidates), default=0.0)


def asked(
    found: Sequence[UnitRepairs],
    doc: ParsedText,
    expected: str | None,
    rule: float,
    focus: pipeline.Focus | None = None,
) -> Asked:
    """What ``found`` (the repairs of a request at ``focus`` of ``doc``) shows, a repair right
    when its result is ``expected`` (same tokens); ``rule``: the ratio of the rule without a
    head."""
    text = doc.text
    right = [
        tuple(expected is not None and same_code(apply_edits(text, c.edits), expected)
              for c in r.candidates)
        for r in found
    ]  # fmt: skip
    shown = tuple(
        (c.probability, k) for r, rs in zip(found, right) for c, k in zip(r.candidates, rs)
    )
    units = tuple(
        Judged(r.detection.raw, tuple(c.probability for c in r.candidates), rs, r.detection.kept)
        for r, rs in zip(found, right)
        if r.detection is not None
    )
    shipped = any(runner.confident(r, rule, doc, focus) for r in found)
    judged = [r.detection.probability for r in found if r.detection and r.candidates]
    return Asked(best_ratio(found), shown, shipped, units, max(judged, default=0.0))


def ask(
    model: Any, doc: ParsedText, line: int, expected: str | None = None, automatic: float = 0
) -> Asked:
    """A request at the 0-based ``line`` of ``doc`` (a code action there); a repair is right
    when its result is ``expected``; ``automatic``: the automaticMinRatio."""
    focus = pipeline.line_focus(doc, line)
    found, _ = runner.repair(model, doc, focus, RepairOptions())
    return asked(found, doc, expected, automatic, focus)


def marked(
    model: Any, doc: ParsedText, unit: Unit, threshold: float, expected: str | None = None
) -> Asked:
    """What diagnostics (no focus) find of ``unit`` of ``doc``: ``shipped`` whether they mark
    it at ``threshold`` (or the head's rule)."""
    found = list(runner.repair_units(model, doc, [unit], RepairOptions()))
    return asked(found, doc, expected, threshold)


def methods(model: Any, doc: ParsedText, focused: bool = True) -> list[Unit]:
    """The methods of ``doc`` that the server repairs at a line (``focused``: every one, a
    method over the length limit searched around the line, :func:`pipeline.narrowed`), or
    without a focus, as diagnostics do (not over the length limit, unless a check knows the
    fix of a likely bug in it: :func:`pipeline.within_limit`)."""
    found = pipeline.units(doc, model.vocab, None, context=model.config.context)
    return found if focused else pipeline.within_limit(found, RepairOptions(), doc.frontend)[0]


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
    """The method of ``case`` that holds the bug's line, if diagnostics (no focus) see it."""
    at = case.doc.lines.offset(case.line, 0)
    found = methods(model, case.doc, focused=False)
    return next((u for u in found if u.start <= at < u.end), None)


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


def calibration(asked: Sequence[Asked]) -> list[tuple[int, float, int]]:
    """Per band of :data:`BANDS`: (repairs shown with a share in it, the sum of their shares,
    how many are right)."""
    out = []
    for lo, hi in BANDS:
        inside = [(p, right) for a in asked for p, right in a.shown if lo <= p < hi]
        out.append((len(inside), sum(p for p, _ in inside), sum(r for _, r in inside)))
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
    bands = calibration([*clean, *bugs])
    out += ["", "| share shown | repairs at clean and bug lines | mean share | right |"]
    out.append("|---|---:|---:|---:|")
    for (lo, hi), (k, total, right) in zip(BANDS, bands):
        mean = f"{total / k:.1%}" if k else "-"
        out.append(f"| {lo:.0%}-{min(hi, 1):.0%} | {k} | {mean} | {share(right, k)} |")
    k, total, right = bands[BANDS.index(REPORTED_BAND)]
    lo, hi = REPORTED_BAND
    every = sum(n for n, _, _ in bands)
    expected, found = sum(t for _, t, _ in bands), sum(r for _, _, r in bands)
    results += [
        f"RESULT false_alarms diagnostics threshold={threshold:g} clean_marked={fc:.4f}"
        f" buggy_marked={fb:.4f} clean_n={len(clean_marks)} buggy_n={len(bug_marks)}",
        f"RESULT false_alarms calibration band={lo:.0%}-{hi:.0%} shown={k}"
        f" mean_share={total / max(1, k):.3f} right={right} right_share={right / max(1, k):.3f}"
        f" chosen_ratio={'none' if chosen is None else f'{chosen:g}'}",
        f"RESULT false_alarms calibration all shown={every} shares_sum={expected:.2f}"
        f" right={found} mean_share={expected / max(1, every):.4f}"
        f" right_share={found / max(1, every):.4f}",
    ]
    if any(a.units for a in [*clean, *bugs]):
        results += head_report(clean, bugs, clean_marks, bug_marks)
    return "\n".join(out + [""] + results)


def auc(positives: Sequence[float], negatives: Sequence[float]) -> float:
    """P(a positive scores above a negative), ties half (nan without both)."""
    if not positives or not negatives:
        return float("nan")
    wins = sum((p > q) + 0.5 * (p == q) for p in positives for q in negatives)
    return wins / (len(positives) * len(negatives))


def raw(a: Asked) -> float:
    """The head's highest probability of the units of a request."""
    return max((u.raw for u in a.units), default=0.0)


def share_grid(
    clean: Sequence[Asked], bugs: Sequence[Asked], what: str, most: float, lift: float
) -> tuple[list[str], float | None, bool]:
    """The table of the rules "the head's calibrated probability >= s" on ``clean`` and
    ``bugs`` requests (``what``: lines or methods); the least share s answering at most
    ``most`` of ``clean`` and the most of ``bugs``, at least ``lift`` times as often (of those,
    the one answering the fewest of ``clean``, then the largest), or else the one of the
    highest lift at most ``most`` (None: none answers bugs more often); whether it reaches
    ``lift``."""
    n, m = len(clean), len(bugs)
    out = [
        f"| head rule ({what}): P(list holds the fix) >= s | clean (n={n}) | bug (n={m})"
        " | bug / clean |",
        "|---|---:|---:|---:|",
    ]
    met: tuple[float, float, float] | None = None  # (bug share, -clean share, s)
    short: tuple[float, float, float] | None = None  # (lift, bug share, s)
    for s in LEAST_SHARES:
        c, b = sum(a.score >= s for a in clean), sum(a.score >= s for a in bugs)
        fc, fb = c / max(1, n), b / max(1, m)
        ratio = f"{fb / fc:.1f}" if fc else "inf" if fb else "-"
        out.append(f"| s={s:g} | {share(c, n)} | {share(b, m)} | {ratio} |")
        if fc > most or fb <= fc:
            continue
        if fb >= lift * fc:  # ties: fewer clean, then the larger s
            met = max(met or (fb, -fc, s), (fb, -fc, s))
        gain = fb / fc if fc else math.inf
        short = max(short or (gain, fb, s), (gain, fb, s))
    if met is not None:
        return out, met[2], True
    return out, None if short is None else short[2], False


def head_report(
    clean: Sequence[Asked],
    bugs: Sequence[Asked],
    clean_marks: Sequence[Asked],
    bug_marks: Sequence[Asked],
) -> list[str]:
    """The detection head's separation, its rules' tables and choice, and the shipped rules'
    RESULT lines."""
    lines, line_rule, line_met = share_grid(clean, bugs, "lines", 0.03, 4.0)
    methods, method_rule, method_met = share_grid(clean_marks, bug_marks, "methods", 0.015, 3.0)

    def shown(rule: float | None, met: bool = True) -> str:
        return "none" if rule is None else f"{rule:g}" + ("" if met else "_below_the_lift")

    out = ["", *lines, "chosen (<= 3% of clean lines, >= 4x at bug lines; else the highest"]
    out[-1] += f" lift): s={shown(line_rule, line_met)}"
    out += ["", *methods, f"chosen (<= 1.5% of clean methods, >= 3x): s={shown(method_rule)}"]
    out[-1] += "" if method_met else " (below the lift: diagnostics never)"
    a, b = sum(x.shipped for x in clean), sum(x.shipped for x in bugs)
    c, d = sum(x.shipped for x in clean_marks), sum(x.shipped for x in bug_marks)
    line_auc = auc([raw(x) for x in bugs], [raw(x) for x in clean])
    method_auc = auc([raw(x) for x in bug_marks], [raw(x) for x in clean_marks])
    out += [
        "",
        f"RESULT false_alarms head separation line_auc={line_auc:.3f} method_auc={method_auc:.3f}",
        f"RESULT false_alarms head automatic clean_answered={a / max(1, len(clean)):.4f}"
        f" bug_answered={b / max(1, len(bugs)):.4f} clean_n={len(clean)} bug_n={len(bugs)}"
        f" chosen_s={shown(line_rule, line_met)}",
        f"RESULT false_alarms head diagnostics clean_marked={c / max(1, len(clean_marks)):.4f}"
        f" buggy_marked={d / max(1, len(bug_marks)):.4f} clean_n={len(clean_marks)}"
        f" buggy_n={len(bug_marks)} chosen_s={shown(method_rule if method_met else None)}",
    ]
    return out


def fit_platt(units: Sequence[Judged], labels: Sequence[bool], steps: int = 200) -> Map:
    """The calibration (:func:`calibrate`) of the head's probability of ``units``: the Platt
    map (scale > 0, shift) of the logistic regression of ``labels`` (needs a change) on its
    logit, times the share of the units labelled True whose repairs shown hold the fix."""
    import torch

    p = torch.tensor([u.raw for u in units], dtype=torch.float64).clamp(1e-9, 1 - 1e-9)
    x = torch.log(p / (1 - p))  # (N,)
    y = torch.tensor([float(k) for k in labels], dtype=torch.float64)  # (N,)
    log_scale = torch.zeros((), dtype=torch.float64, requires_grad=True)  # scale = e^log_scale
    shift = torch.zeros((), dtype=torch.float64, requires_grad=True)
    opt = torch.optim.LBFGS([log_scale, shift], max_iter=steps, line_search_fn="strong_wolfe")
    loss_fn = torch.nn.BCEWithLogitsLoss()

    def closure() -> torch.Tensor:
        opt.zero_grad()
        loss = loss_fn(log_scale.exp() * x + shift, y)
        loss.backward()
        return loss

    opt.step(closure)
    needing = [u for u, k in zip(units, labels, strict=True) if k]
    found = sum(any(u.right) for u in needing) / max(1, len(needing))
    return float(log_scale.detach().exp()), float(shift.detach()), found


def recalibrated(a: Asked, how: Map, least: float) -> Asked:
    """``a`` as shown with the calibration ``how`` and the rule "calibrated probability >=
    ``least``"."""
    shown = tuple(
        (p, right) for u in a.units for p, right in zip(u.calibrated(how), u.right, strict=True)
    )
    score = max((u.probability(how) for u in a.units if u.shares), default=0.0)
    return replace(a, shown=shown, shipped=bool(shown) and score >= least, score=score)


def calibrated_rules(directory: Path, found: Requests, made_of: dict[str, object]) -> Requests:
    """Fit the calibration of lines and methods of ``found`` (:func:`fit_platt`: bug requests
    against clean ones), choose each rule's least share on the calibrated probabilities
    (:func:`share_grid`; the automatic rule of the highest lift where none reaches 4x,
    diagnostics :data:`NEVER` where none reaches 3x), write them into the head's
    ``detector.json`` in ``directory``; the requests as they are shown with them."""
    text = (directory / detection.CONFIG).read_text(encoding="utf-8")
    config, training = (
        DetectorConfig.from_dict(json.loads(text)),
        json.loads(text).get("training", {}),
    )
    chosen: list[float] = []
    maps: list[Map] = []
    out: Requests = {}
    kinds = (("clean", "bugs", 0.03, 4.0, True), ("clean_marks", "bug_marks", 0.015, 3.0, False))
    for clean_kind, bug_kind, most, lift, fallback in kinds:
        clean, bugs = found[clean_kind], found[bug_kind]
        units = [u for a in clean for u in a.units] + [u for a in bugs for u in a.units]
        labels = [False] * sum(len(a.units) for a in clean) + [True] * sum(
            len(a.units) for a in bugs
        )
        how = fit_platt(units, labels)
        _, least, met = share_grid(
            [recalibrated(a, how, NEVER) for a in clean],
            [recalibrated(a, how, NEVER) for a in bugs],
            "",
            most,
            lift,
        )
        least = NEVER if least is None or not (met or fallback) else least
        maps.append(how)
        chosen.append(least)
        out[clean_kind] = [recalibrated(a, how, least) for a in clean]
        out[bug_kind] = [recalibrated(a, how, least) for a in bugs]
    (ls, lb, lf), (ms, mb, mf) = maps
    config = replace(
        config,
        line_scale=ls,
        line_shift=lb,
        line_found=lf,
        method_scale=ms,
        method_shift=mb,
        method_found=mf,
        automatic_share=chosen[0],
        diagnostics_share=chosen[1],
    )
    detection.save_config(directory, config, {**training, "calibration": made_of})
    print(
        f"calibrated: lines {lf:.4g} sigmoid({ls:.4g} logit(p) {lb:+.4g}), methods"
        f" {mf:.4g} sigmoid({ms:.4g} logit(p) {mb:+.4g}); least shares automatic"
        f" {chosen[0]:g}, diagnostics {chosen[1]:g} ({NEVER:g}: never); written to"
        f" {directory / detection.CONFIG}"
    )
    return out


Requests = dict[str, list[Asked]]  # by the names of REQUESTS
REQUESTS = ("clean", "bugs", "clean_marks", "bug_marks")  # lines, then methods


def dump(requests: Requests, part: str, path: Path) -> None:
    """Write what every request of ``part`` found (``--dump``) to ``path`` as JSON."""
    data = {k: [[a.ratio, a.shown, a.shipped, a.units] for a in v] for k, v in requests.items()}
    path.write_text(json.dumps({"part": part, **data}), encoding="utf-8")


def replayed(path: Path, directory: Path) -> Requests:
    """The requests of a ``--dump`` of a model with a detection head, as shown
    with the calibration and rules of the head in ``directory`` now (the repairs and the
    head's own probability do not depend on them: :func:`recalibrated`)."""
    config = DetectorConfig.from_dict(json.loads((directory / detection.CONFIG).read_text()))
    lines = ((config.line_scale, config.line_shift, config.line_found), config.automatic_share)
    methods = (
        (config.method_scale, config.method_shift, config.method_found),
        config.diagnostics_share,
    )
    data = json.loads(path.read_text(encoding="utf-8"))
    out = {}
    for kind in REQUESTS:
        how, least = methods if kind.endswith("marks") else lines
        out[kind] = [
            recalibrated(
                Asked(
                    ratio,
                    (),
                    False,
                    tuple(Judged(r, tuple(s), tuple(k), *kept) for r, s, k, *kept in units),
                ),
                how,
                least,
            )
            for ratio, _, _, units in data[kind]
        ]
    return out


def _sampled(items: list, n: int, seed: int) -> list:
    return items if n == 0 else sample(items, n, seed)


def _arguments() -> argparse.Namespace:
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
    ap.add_argument(
        "--calibrate",
        action="store_true",
        help="with --part tune: fit the detection head's calibration, choose its rules and"
        " write them into the model's detector.json",
    )
    ap.add_argument("--dump", type=Path, help="write what every request found here (JSON)")
    ap.add_argument(
        "--replay",
        type=Path,
        help="report a --dump of a model with a detection head with the calibration and rules"
        " of --model's head now, without asking the model again",
    )
    return ap.parse_args()


def _requests(args: argparse.Namespace, threshold: float) -> Requests | str:
    """Every request of ``args`` asked of its model (or why not, in one line)."""
    files = synth.find_sources([args.clean]) if args.clean else None
    split = "valid" if args.part == "tune" else "test"
    paths = (
        [Path(t.root) / t.name for t in files] if files is not None else held_out_files(split=split)
    )
    if not paths:
        return f"no Java files in {args.clean or ALGORITHMS}"
    if args.records is None and not MSB.is_file():
        return f"real-bug data not found: {MSB} (see ../shared/data/java-edits)"
    if not (args.model / "config.json").is_file():
        return f"not a model directory: {args.model}"
    from spancopy_core.storage.checkpoint import load_model

    model = load_model(args.model, device="cpu")
    automatic = ServerSettings().automatic_min_ratio
    requests = list(clean_requests(model, paths))
    units = [  # diagnostics ask without a focus: the units they repair (within_limit)
        (doc, unit)
        for doc, unit in {(id(doc), u.start): (doc, u) for doc, u, _ in requests}.values()
        if pipeline.within_limit([unit], RepairOptions(), doc.frontend)[0]
    ]
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
    bug_marks = [
        marked(model, c.doc, u, threshold, c.expected) for c, u in tqdm(bug_units, **bar) if u
    ]
    return {"clean": clean, "bugs": bugs, "clean_marks": clean_marks, "bug_marks": bug_marks}


def main() -> int:
    args = _arguments()
    threshold = ServerSettings().diagnostics_threshold
    head = (args.model / detection.CONFIG).is_file()
    if (args.calibrate or args.replay) and not head:
        sys.stderr.write("--calibrate and --replay need a model with a detection head\n")
        return 2
    part = json.loads(args.replay.read_text())["part"] if args.replay else args.part
    if args.calibrate and part != "tune":
        sys.stderr.write(f"--calibrate chooses on the tune part, not {part}\n")
        return 2
    if args.replay is not None:
        found = replayed(args.replay, args.model)
        print(f"replayed {args.replay} (part {part}) with {args.model / detection.CONFIG}")
    elif isinstance(found := _requests(args, threshold), str):
        sys.stderr.write(found + "\n")
        return 2
    if args.calibrate:
        made_of = {"part": part, **{k: len(v) for k, v in found.items()}, "seed": args.seed}
        found = calibrated_rules(args.model, found, made_of)
    if args.dump is not None:
        dump(found, part, args.dump)
    print(report(*(found[k] for k in REQUESTS), threshold))
    return 0


if __name__ == "__main__":
    sys.exit(main())
