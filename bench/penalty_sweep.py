"""Choose the combined ranking's penalties on the real-bug dev slice (never the test slice).

For every pair of the slice, runs the pipeline like ``bench/real_bugs.py`` does (focus at the
first changed line) and keeps, per candidate of the combined pool (the beam's and the
templates'), its exact log-probability, how much of each penalty applies to it
(:func:`spancopy_core.repair.ranking.penalty` with one penalty at a time, of weight 1: 1 or 0,
the log of the span for ``edit_size``), whether it came from
the beam, and whether it is the fix. Then ranks the pool under every penalty setting of a grid,
with most of :func:`spancopy_core.repair.ranking.rank`'s rules (variants equal up to
parentheses are one; unscored templates last; not the merging up to layout nor the dropping of
the unit as written up to parentheses, so its figures can differ from ``bench/real_bugs.py``'s
by a bug or two), and prints top-1 / top-5 / rank-1 pure deletions per setting:
the best by top-5 then top-1 among those whose rank-1 repairs are pure deletions for at most
``--max-deletions`` of the pairs (deletions are what users call noise, and a few real fixes),
and today's (:class:`~spancopy_core.repair.frontend.Penalties`).
The dev pairs are split in two seeded halves: settings are chosen on half A and their figures
on half B printed beside, to show whether a choice carries over.

    python bench/penalty_sweep.py [--model DIR] [--limit N] [--features FILE]
    python bench/penalty_sweep.py --records bench/data/contest_bugs.jsonl

``--records`` sweeps on those records instead (of a set with halves, ``dev`` only).

``--features FILE`` stores the candidates (JSON lines) and reuses them when FILE exists.
"""

from __future__ import annotations

import argparse
import itertools
import json
import random
import sys
from collections.abc import Sequence
from dataclasses import fields
from pathlib import Path
from typing import Any

from tqdm import tqdm

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from bench import real_bugs  # noqa: E402
from bench.common import machine, sample  # noqa: E402
from spancopy_core import DEFAULT_JAVA_MODEL  # noqa: E402
from spancopy_core.editing.edits import apply_edits  # noqa: E402
from spancopy_core.paper.probability import logsumexp  # noqa: E402
from spancopy_core.paper.scoring import log_probs  # noqa: E402
from spancopy_core.repair import pipeline, ranking  # noqa: E402
from spancopy_core.repair.frontend import Penalties  # noqa: E402
from spancopy_core.repair.languages import frontend_for  # noqa: E402
from spancopy_core.repair.pipeline import ParsedText, RepairOptions, line_focus  # noqa: E402
from trainer import heldout  # noqa: E402

KINDS = tuple(f.name for f in fields(Penalties))  # signature, deletion, ..., edit_size
GRID = (0.0, 1.0, 2.0, 3.0, 4.5, 6.0, 8.0)
GRIDS = {k: (0.0, 1.5, 2.5, 4.0) if k == "edit_size" else GRID for k in KINDS}


def features(model: Any, record: dict[str, Any], options: RepairOptions) -> list[dict[str, Any]]:
    """The combined pool of one pair: per candidate ``lp`` (None: not scored), ``applies``
    (each penalty kind that applies, with its amount at weight 1), ``beam``, ``fix``, ``key``
    (its output without parentheses), ``len`` and ``deletion`` (it only deletes tokens, as
    ``bench/real_bugs.py`` counts them)."""
    text, method_line = real_bugs.file_text(record, record["buggy"])
    expected, _ = real_bugs.file_text(record, record["fixed"])
    want = real_bugs.code_tokens(expected)
    doc = ParsedText.parse(text, frontend_for("java", "file:///C.java"))
    focus = line_focus(
        doc, method_line + real_bugs.first_changed_line(record["buggy"], record["fixed"])
    )
    lines = pipeline.focus_lines(doc, focus)
    found = pipeline.units(doc, model.vocab, focus, context=model.config.context)
    kept, _ = pipeline.within_limit(found, options)
    ids = [pipeline.focus_ids(doc, u, focus) for u in kept]
    beams = pipeline.decode(model, [pipeline.model_input(u) for u in kept], options, focus=ids)
    out = []
    for u, f, h in zip(kept, ids, beams, strict=True):
        pool = pipeline.unit_candidates(doc, u, h, options, focus, model.vocab)
        from_beam = len(pipeline.unit_candidates(doc, u, h, options))  # the beam's, first
        scores = iter(log_probs(model, pipeline.score_items(u, f, pool))[1:])
        for k, c in enumerate(pool):
            amounts = {
                kind: ranking.penalty(
                    doc.text,
                    u,
                    c,
                    doc.lines,
                    lines,
                    Penalties(**{k2: float(k2 == kind) for k2 in KINDS}),
                    doc.frontend,
                )
                for kind in KINDS
            }
            applies = {k: v for k, v in amounts.items() if v}
            after = real_bugs.code_tokens(apply_edits(text, c.edits))
            out.append(
                {
                    "lp": next(scores) if c.tokens else None,
                    "applies": applies,
                    "beam": k < from_beam,
                    "fix": after == want,
                    "key": " ".join(t for t in c.tokens if t not in ("(", ")")),
                    "len": len(c.tokens),
                    "deletion": real_bugs.pure_deletion(real_bugs.code_tokens(text), after),
                }
            )
    return out


def ranks(pool: Sequence[dict[str, Any]], penalties: dict[str, float]) -> list[dict[str, Any]]:
    """``pool`` ordered like :func:`spancopy_core.repair.ranking.rank` with ``penalties``."""
    programs: dict[str, dict[str, Any]] = {}
    unscored = []
    for c in pool:
        if c["lp"] is None:
            unscored.append(c)
            continue
        kept = programs.get(c["key"])
        if kept is None:
            programs[c["key"]] = c
            continue
        short = c if c["len"] < kept["len"] else kept
        programs[c["key"]] = {
            **short,
            "lp": logsumexp([kept["lp"], c["lp"]]),
            "fix": kept["fix"] or c["fix"],
        }

    def score(c: dict[str, Any]) -> float:
        return c["lp"] - sum(penalties[k] * v for k, v in c["applies"].items())

    return sorted(programs.values(), key=lambda c: -score(c)) + unscored


def figures(
    pools: Sequence[Sequence[dict[str, Any]]], penalties: dict[str, float]
) -> tuple[int, int, int]:
    """(top-1, top-5, rank-1 pure deletions) over ``pools``."""
    top1 = top5 = deletions = 0
    for pool in pools:
        ranked = ranks(pool, penalties)
        first = next((k for k, c in enumerate(ranked[:5]) if c["fix"]), None)
        top1 += first == 0
        top5 += first is not None
        deletions += bool(ranked) and ranked[0]["deletion"]
    return top1, top5, deletions


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--model", type=Path, default=DEFAULT_JAVA_MODEL)
    ap.add_argument("--limit", type=int, help="a seeded sample of N pairs of the dev slice")
    ap.add_argument("--features", type=Path, metavar="FILE", help="cache of the candidates")
    ap.add_argument(
        "--records",
        type=Path,
        metavar="JSONL",
        help="sweep on these records (their dev half if they carry a split), not the slice",
    )
    ap.add_argument(
        "--max-deletions",
        type=float,
        default=0.10,
        help="the most rank-1 pure deletions (a share of the pairs) a chosen setting may have",
    )
    args = ap.parse_args()
    if args.features and args.features.is_file():
        pools = [json.loads(line) for line in args.features.read_text().splitlines()]
    else:
        if not (args.records or real_bugs.MSB).is_file():
            sys.stderr.write(f"real-bug data not found: {args.records or real_bugs.MSB}\n")
            return 2
        from spancopy_core.storage.checkpoint import load_model

        if args.records:
            lines = args.records.read_text(encoding="utf-8").splitlines()
            records = [r for r in map(json.loads, lines) if r.get("split", "dev") == "dev"]
        else:
            records = heldout.read_slice("dev", real_bugs.MSB)
        if args.limit is not None:
            records = sample(records, args.limit, seed=0)
        model = load_model(args.model, device="cpu")
        options = RepairOptions()
        pools = [features(model, r, options) for r in tqdm(records, unit="bug", file=sys.stderr)]
        if args.features:
            args.features.write_text("".join(json.dumps(p) + "\n" for p in pools))
    order = list(range(len(pools)))
    random.Random(0).shuffle(order)
    half_a = [pools[i] for i in order[: len(order) // 2]]
    half_b = [pools[i] for i in order[len(order) // 2 :]]
    print(machine())
    print(f"model {args.model}  dev pairs {len(pools)} (A {len(half_a)}, B {len(half_b)})")
    rows = []
    for values in itertools.product(*(GRIDS[k] for k in KINDS)):
        p = dict(zip(KINDS, values, strict=True))
        rows.append((figures(half_a, p), p))
    cap = args.max_deletions * len(half_a)
    rows.sort(key=lambda r: (r[0][2] > cap, -r[0][1], -r[0][0], r[0][2]))
    today = {k: getattr(Penalties(), k) for k in KINDS}
    none = dict.fromkeys(KINDS, 0.0)
    print(
        "| penalties | A top-1 | A top-5 | A rank-1 deletions"
        " | B top-1 | B top-5 | B rank-1 deletions |"
    )
    print("|---|---:|---:|---:|---:|---:|---:|")
    for label, p in [("none", none), ("today", today)] + [
        (f"#{k + 1}", r[1]) for k, r in enumerate(rows[:5])
    ]:
        a, b = figures(half_a, p), figures(half_b, p)
        print(f"| {label} {p} | {a[0]} | {a[1]} | {a[2]} | {b[0]} | {b[1]} | {b[2]} |")
    best = rows[0][1]
    both = figures(pools, best)
    print(
        "RESULT best="
        + ",".join(f"{k}:{v:g}" for k, v in best.items())
        + f" all_top1={both[0]} all_top5={both[1]} all_rank1_deletions={both[2]} n={len(pools)}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
