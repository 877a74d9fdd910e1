"""One benchmark script run on two revisions of the project, alternating, in one run.

Timings on a shared 2-core machine drift by up to 2x within minutes, so "before" and "after"
figures taken at different times cannot be compared. This script checks out ``--before`` and
``--after`` (git revisions) into temporary worktrees and runs the same benchmark command in
each, alternating ``--rounds`` times (before, after, after, before, ...: each revision runs
first equally often), and compares the numeric fields of the last ``RESULT`` line of each run:
per revision the median and the minimum over the rounds (the minimum is the run least disturbed
by other load), and their ratios after / before. The benchmark's arguments follow ``--``; they
must mean the same in both revisions (pass ``--model`` explicitly when the default model
differs between them).

    python bench/ab.py --before cd741cd --after HEAD --rounds 3 -- bench/decode.py --small 50

Ends with ``RESULT ab ...``: ``KEY_ratio_min`` and ``KEY_ratio_median`` for every numeric key
the two revisions share (below 1: the after revision is smaller, i.e. faster for a time).
"""

from __future__ import annotations

import argparse
import os
import re
import signal
import statistics
import subprocess
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
_FIELD = re.compile(r"(\w+)=(-?\d+(?:\.\d+)?(?:e-?\d+)?)(?=\s|$)")


def parse_result(output: str) -> dict[str, float]:
    """The numeric ``key=value`` fields of the last ``RESULT`` line of ``output``."""
    lines = [line for line in output.splitlines() if line.startswith("RESULT ")]
    if not lines:
        raise ValueError("no RESULT line in the benchmark's output")
    return {key: float(value) for key, value in _FIELD.findall(lines[-1])}


def order(rounds: int) -> list[str]:
    """The order of the runs: ``before`` and ``after`` alternate, and each goes first in every
    other round (ABBA), so a drift of the machine's load favours neither."""
    out: list[str] = []
    for k in range(rounds):
        out += ["before", "after"] if k % 2 == 0 else ["after", "before"]
    return out


def compare(
    runs: dict[str, list[dict[str, float]]],
) -> list[tuple[str, float, float, float, float, float, float]]:
    """Per key both revisions report: ``(key, before_median, after_median, ratio_median,
    before_min, after_min, ratio_min)`` (a ratio is after / before, NaN where before is 0)."""
    shared = [k for k in runs["before"][0] if all(k in r for r in runs["before"] + runs["after"])]
    rows = []
    for key in shared:
        b = [r[key] for r in runs["before"]]
        a = [r[key] for r in runs["after"]]
        bm, am = statistics.median(b), statistics.median(a)
        bl, al = min(b), min(a)
        rows.append(
            (
                key,
                bm,
                am,
                am / bm if bm else float("nan"),
                bl,
                al,
                al / bl if bl else float("nan"),
            )
        )
    return rows


def checkout(revision: str, folder: Path) -> Path:
    """A detached worktree of ``revision`` in ``folder`` (the shared data is found beside it
    through a link, as the benchmarks look for ``../shared``)."""
    tree = folder / "tree"
    subprocess.run(
        ["git", "-C", str(ROOT), "worktree", "add", "--detach", "--quiet", str(tree), revision],
        check=True,
    )
    shared = ROOT.parent / "shared"
    if shared.exists():
        (folder / "shared").symlink_to(shared.resolve())
    return tree


def run(tree: Path, command: Sequence[str]) -> dict[str, float]:
    """Run the benchmark ``command`` (a script path relative to the project and its
    arguments) in ``tree``; its RESULT fields."""
    env = {**os.environ, "PYTHONPATH": str(tree)}
    done = subprocess.run(
        [sys.executable, *command], cwd=tree, env=env, capture_output=True, text=True
    )
    if done.returncode:
        tail = (done.stderr or done.stdout).strip().splitlines()[-1:] or ["(no output)"]
        raise SystemExit(f"{command[0]} failed in {tree} (exit {done.returncode}): {tail[0]}")
    return parse_result(done.stdout)


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--before", required=True, help="git revision measured as 'before'")
    ap.add_argument("--after", default="HEAD", help="git revision measured as 'after'")
    ap.add_argument("--rounds", type=int, default=3, help="runs of each revision")
    ap.add_argument("command", nargs="+", help="after --: the benchmark script and its arguments")
    args = ap.parse_args(argv)
    if args.rounds < 1:
        ap.error("--rounds must be at least 1")
    import torch

    # a kill (SIGTERM) unwinds like Ctrl-C, so the worktrees are removed
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(f"{Path(__file__).name}: terminated"))
    print(f"cores={os.cpu_count()} torch={torch.__version__} python={sys.version.split()[0]}")
    runs: dict[str, list[dict[str, float]]] = {"before": [], "after": []}
    with tempfile.TemporaryDirectory(prefix="spancopy-ab-") as tmp:
        trees = {}
        try:
            for side in ("before", "after"):
                (Path(tmp) / side).mkdir()
                trees[side] = checkout(getattr(args, side), Path(tmp) / side)
            for k, side in enumerate(order(args.rounds), start=1):
                print(f"[{k}/{2 * args.rounds}] {side} ({getattr(args, side)})", flush=True)
                runs[side].append(run(trees[side], args.command))
        finally:
            for tree in trees.values():
                subprocess.run(
                    ["git", "-C", str(ROOT), "worktree", "remove", "--force", str(tree)],
                    check=False,
                )
    rows = compare(runs)
    print(f"{'key':28s} {'before':>10s} {'after':>10s} {'ratio':>7s}   (medians; minima)")
    for key, bm, am, rm, bl, al, rl in rows:
        print(f"{key:28s} {bm:10.3f} {am:10.3f} {rm:7.3f}   ({bl:.3f} {al:.3f} {rl:.3f})")
    fields = " ".join(
        f"{key}_ratio_min={rl:.3f} {key}_ratio_median={rm:.3f}" for key, _, _, rm, _, _, rl in rows
    )
    print(
        f"RESULT ab script={args.command[0]} before={args.before} after={args.after} "
        f"rounds={args.rounds} {fields}"
    )


if __name__ == "__main__":
    main()
