"""What the repair templates at the focus cost: today's against those of an earlier commit,
side by side in one run.

For each bug of ``--records`` (default: the dev half of ``bench/data/contest_bugs.jsonl``;
focus at the first changed line, as ``bench/real_bugs.py`` does), the beam search runs once;
then the stages after it that the templates feed, :func:`~spancopy_core.repair.pipeline.
unit_candidates` (beam candidates and templates, syntax checks), the exact probabilities of
the pool (:func:`spancopy_core.paper.scoring.log_probs`, one batched forward pass) and
:func:`~spancopy_core.repair.runner.ranked`, run once with today's templates and once with
``spancopy_core/repair/templates.py`` as it was at ``--rev`` (read with ``git show``), in
alternating order so that load on the machine slows both alike. Prints, per version, the
templates per focus line, the candidates scored and the milliseconds of those stages per bug,
and the ratio of today's milliseconds to the earlier ones; a ``RESULT`` line last.

    python bench/template_cost.py --rev 1fd0e75 [--records JSONL] [--limit N]
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import time
import types
from collections.abc import Callable
from pathlib import Path

from tqdm import tqdm

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from bench import real_bugs  # noqa: E402
from bench.common import machine, sample  # noqa: E402
from spancopy_core import DEFAULT_JAVA_MODEL  # noqa: E402
from spancopy_core.paper.scoring import log_probs  # noqa: E402
from spancopy_core.repair import java as java_frontend  # noqa: E402
from spancopy_core.repair import pipeline, runner  # noqa: E402
from spancopy_core.repair.languages import frontend_for  # noqa: E402
from spancopy_core.repair.pipeline import ParsedText, RepairOptions, line_focus  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
TEMPLATES = "spancopy_core/repair/templates.py"


def templates_at(rev: str) -> Callable:
    """``repair_templates`` of ``TEMPLATES`` as it was at the git revision ``rev``."""
    source = subprocess.run(
        ["git", "show", f"{rev}:{TEMPLATES}"], cwd=ROOT, capture_output=True, text=True
    )
    if source.returncode != 0:
        raise SystemExit(f"git show {rev}:{TEMPLATES} failed: {source.stderr.strip()}")
    # revisions before the core's subpackages (paper/, editing/, ...) import ..edits
    text = source.stdout.replace("from ..edits import", "from spancopy_core.editing.edits import")
    module = types.ModuleType("spancopy_core.repair._templates_then")
    module.__package__ = "spancopy_core.repair"
    exec(compile(text, f"{rev}:{TEMPLATES}", "exec"), module.__dict__)  # noqa: S102
    return module.repair_templates


def stages(model, doc, unit, ids, hyps, focus, options) -> tuple[int, int, float]:
    """(templates at the focus, candidates scored, ms) of the stages after the beam search."""
    lo, hi = pipeline.focus_lines(doc, focus)
    region = pipeline.focus_region(doc, focus)
    count = len(doc.frontend.templates(unit, *region, model.vocab))
    t0 = time.perf_counter()
    pool = pipeline.unit_candidates(doc, unit, hyps, options, focus, model.vocab)
    items = pipeline.score_items(unit, ids, pool)
    how = runner.Ranking.of(options, doc)
    runner.ranked(doc, unit, pool, log_probs(model, items), (lo, hi), how)
    return count, len(items), (time.perf_counter() - t0) * 1000


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rev", required=True, help="the git revision of the earlier templates")
    ap.add_argument("--records", type=Path, default=ROOT / "bench" / "data" / "contest_bugs.jsonl")
    ap.add_argument("--limit", type=int, help="a seeded sample of N records")
    ap.add_argument("--model", type=Path, default=DEFAULT_JAVA_MODEL)
    args = ap.parse_args()
    then = templates_at(args.rev)
    now = java_frontend.repair_templates
    lines = args.records.read_text(encoding="utf-8").splitlines()
    records = [r for r in map(json.loads, lines) if r.get("split", "dev") == "dev"]
    if args.limit is not None:
        records = sample(records, args.limit, seed=0)
    from spancopy_core.storage.checkpoint import load_model

    model = load_model(args.model, device="cpu")
    options = RepairOptions()
    found: dict[str, list[tuple[int, int, float]]] = {"today": [], args.rev: []}
    for k, r in enumerate(tqdm(records, unit="bug", file=sys.stderr)):
        text, method_line = real_bugs.file_text(r, r["buggy"])
        doc = ParsedText.parse(text, frontend_for("java", "file:///C.java"))
        focus = line_focus(doc, method_line + real_bugs.first_changed_line(r["buggy"], r["fixed"]))
        kept, _ = pipeline.within_limit(pipeline.units(doc, model.vocab, focus), options)
        for unit in kept:
            ids = pipeline.focus_ids(doc, unit, focus)
            (hyps,) = pipeline.decode(model, [unit.tokens], options, focus=[ids])
            order = [("today", now), (args.rev, then)]
            for name, fn in order if k % 2 == 0 else order[::-1]:
                java_frontend.repair_templates = fn
                try:
                    found[name].append(stages(model, doc, unit, ids, hyps, focus, options))
                finally:
                    java_frontend.repair_templates = now
    print(machine())
    print(f"model {args.model}  records {args.records.name} (dev)  units {len(found['today'])}")
    print(
        "| templates | templates per focus line (mean / max) | scored per unit | ms mean | ms p50 |"
    )
    print("|---|---:|---:|---:|---:|")
    ms = {}
    for name, rows in found.items():
        counts, scored, times = zip(*rows, strict=True) if rows else ((0,), (0,), (0.0,))
        ms[name] = statistics.mean(times)
        print(
            f"| {name} | {statistics.mean(counts):.1f} / {max(counts)} |"
            f" {statistics.mean(scored):.1f} | {ms[name]:.0f} | {statistics.median(times):.0f} |"
        )
    ratio = ms["today"] / ms[args.rev] if ms[args.rev] else float("nan")
    print(f"RESULT rev={args.rev} units={len(found['today'])} ms_ratio_today_to_rev={ratio:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
