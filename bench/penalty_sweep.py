"""Choose the combined ranking's penalties on the real-bug dev sets (never a test slice).

Each dev bug is asked once through the repair pipeline that ``bench/real_bugs.py`` and the
server run (the focus at the first changed line, the whole pool ranked), and its candidates are
ranked again under every setting of a grid by the ranking's own order
(:meth:`trainer.adapt.Asked.ranked`, with which ``adapt`` fits a project's penalties), so each
setting's figures are those ``bench/real_bugs.py`` would print with it. Printed: top-1 / top-5 /
rank-1 pure deletions per set for the front-end's penalties and for the best settings, the most
fixes first and in the first five among those whose rank-1 pure deletions are at most
``--max-deletions`` of the bugs (deletions are what users call noise, and a few real fixes).

    python bench/penalty_sweep.py [--model DIR] [--sets NAME ...] [--limit N]
                                  [--max-deletions SHARE]

The figures of a set that chose the penalties are dev figures: report the test slices, once,
with ``bench/real_bugs.py --slice test``.
"""

from __future__ import annotations

import argparse
import itertools
import sys
from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from tqdm import tqdm

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from bench import real_bugs  # noqa: E402
from bench.common import machine, sample  # noqa: E402
from spancopy_core import DEFAULT_JAVA_MODEL  # noqa: E402
from spancopy_core.editing.edits import apply_edits  # noqa: E402
from spancopy_core.repair import pipeline, runner  # noqa: E402
from spancopy_core.repair.frontend import Penalties  # noqa: E402
from spancopy_core.repair.languages import frontend_for  # noqa: E402
from spancopy_core.repair.pipeline import POOL, ParsedText, RepairOptions, line_focus  # noqa: E402
from trainer.adapt import Asked, fix_rank  # noqa: E402

DATA = Path(__file__).resolve().parent / "data"
# name -> (records, None: the ManySStuBs4J slice; the slice or half read)
SETS = {
    "msb": (None, "dev"),
    "contest": (DATA / "contest_bugs.jsonl", "dev"),
    "classic": (DATA / "classic_bugs.jsonl", "dev"),
    "everyday": (DATA / "everyday_bugs.jsonl", "dev"),
}
RANKED = 100  # candidates of each bug's pool kept to rank again
# every setting tried: a deleted statement, deleted tokens within one, an edit off the focus,
# the weight of the log of the tokens a change spans, an edit of the signature, a comparison
# turned another way than the usual
GRID = {
    "deletion": (6.0, 4.5, 3.0, 1.5, 0.0),
    "token_deletion": (2.0, 1.0, 0.0),
    "off_focus": (6.0, 3.0),
    "edit_size": (2.5, 2.0, 1.5, 1.0, 0.5, 0.0),
    "signature": (3.0, 1.5),
    "rare_comparison": (2.0, 0.0),
}
Figures = tuple[int, int, int]  # top-1, top-5, rank-1 pure deletions


@dataclass(frozen=True)
class Bug:
    """A dev bug as the pipeline answered it, and which of its candidates only delete code."""

    asked: Asked
    deletes: frozenset[int]  # id() of each candidate whose result only deletes tokens

    def figures(self, penalties: Penalties) -> Figures:
        ranked = self.asked.ranked(penalties)  # ranked once: the sweep's hot loop
        rank = fix_rank(ranked)
        first_deletes = bool(ranked) and id(ranked[0][0]) in self.deletes
        return int(rank == 1), int(rank is not None), int(first_deletes)


def ask(model: Any, record: dict[str, Any]) -> Bug:
    """``record``'s buggy file asked at the first changed line, every candidate kept."""
    text, method_line = real_bugs.file_text(record, record["buggy"])
    expected, _ = real_bugs.file_text(record, record["fixed"])
    want, before = real_bugs.code_tokens(expected), real_bugs.code_tokens(text)
    doc = ParsedText.parse(text, frontend_for("java", "file:///C.java"))
    focus = line_focus(
        doc, method_line + real_bugs.first_changed_line(record["buggy"], record["fixed"])
    )
    found, _ = runner.repair(model, doc, focus, RepairOptions(top_k=RANKED, pool=POOL))
    units, deletes = [], set()
    for u in found:
        marked = []
        for c in u.candidates:
            after = real_bugs.code_tokens(apply_edits(text, c.edits))
            marked.append((c, after == want))
            if real_bugs.pure_deletion(before, after):
                deletes.add(id(c))
        units.append((u.unit, tuple(marked)))
    return Bug(Asked(doc, pipeline.focus_lines(doc, focus), tuple(units)), frozenset(deletes))


def total(bugs: Sequence[Bug], penalties: Penalties) -> Figures:
    """``penalties``' figures summed over ``bugs``."""
    sums = [0, 0, 0]
    for bug in bugs:
        for k, v in enumerate(bug.figures(penalties)):
            sums[k] += v
    return sums[0], sums[1], sums[2]


def settings() -> list[Penalties]:
    """The grid: every combination of :data:`GRID`'s values."""
    names = list(GRID)
    return [
        replace(Penalties(), **dict(zip(names, values, strict=True)))
        for values in itertools.product(*(GRID[n] for n in names))
    ]


def choose(
    rows: Sequence[tuple[Penalties, Figures]], cap: float
) -> list[tuple[Penalties, Figures]]:
    """``rows`` whose rank-1 deletions are at most ``cap``, best first: the most fixes first
    and in the first five together, then in the first five; ties keep their order."""
    kept = [r for r in rows if r[1][2] <= cap]
    return sorted(kept, key=lambda r: (-(r[1][0] + r[1][1]), -r[1][1]))


def _text(p: Penalties) -> str:
    return ",".join(f"{name}:{getattr(p, name):g}" for name in GRID)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--model", type=Path, default=DEFAULT_JAVA_MODEL)
    ap.add_argument(
        "--sets", nargs="+", choices=list(SETS), default=list(SETS), help="the dev sets asked"
    )
    ap.add_argument("--limit", type=int, help="a seeded sample of N bugs of each set")
    ap.add_argument(
        "--max-deletions",
        type=float,
        default=0.10,
        help="the most rank-1 pure deletions (a share of the bugs) a chosen setting may have",
    )
    args = ap.parse_args()
    if not real_bugs.MSB.is_file() and "msb" in args.sets:
        sys.stderr.write(f"real-bug data not found: {real_bugs.MSB} (or leave msb out: --sets)\n")
        return 2
    from spancopy_core.storage.checkpoint import load_model

    model = load_model(args.model, device="cpu")
    asked: dict[str, list[Bug]] = {}
    for name in args.sets:
        records, _ = real_bugs.read_records(*SETS[name])
        if args.limit is not None:
            records = sample(records, args.limit, seed=0)
        asked[name] = [ask(model, r) for r in tqdm(records, desc=name, unit="bug", leave=False)]
    every = [b for bugs in asked.values() for b in bugs]
    print(machine())
    print(f"model {args.model}: {', '.join(f'{k} {len(v)}' for k, v in asked.items())} bugs")
    rows = [(p, total(every, p)) for p in settings()]
    best = choose(rows, args.max_deletions * len(every))
    now = dict(rows)[Penalties()]  # the grid holds the front-end's setting
    print("| penalties | " + " | ".join(asked) + " | all: top-1 / top-5 / rank-1 deletions |")
    print("|---|" + "---:|" * (len(asked) + 1))
    shown = [("front-end's", Penalties(), now)]
    shown += [(f"#{k + 1}", p, figures) for k, (p, figures) in enumerate(best[:5])]
    for label, p, figures in shown:
        cells = [" / ".join(map(str, total(bugs, p)[:2])) for bugs in asked.values()]
        whole = " / ".join(map(str, figures))
        print(f"| {label} {_text(p)} | " + " | ".join(cells) + f" | {whole} |")
    if not best:
        print(f"RESULT best=none n={len(every)} front_end={now[0]}/{now[1]}/{now[2]}")
        return 0
    chosen, figures = best[0]
    print(
        f"RESULT best={_text(chosen)} top1={figures[0]} top5={figures[1]}"
        f" rank1_deletions={figures[2]} front_end_top1={now[0]} front_end_top5={now[1]}"
        f" front_end_rank1_deletions={now[2]} n={len(every)}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
