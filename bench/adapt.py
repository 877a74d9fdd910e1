"""``python -m trainer adapt`` on real histories: the held-out newest commits and the real bugs.

For each repository (git bundles of ``../shared/data/java-repos``, cloned into a temporary
folder): ``python -m trainer adapt`` as a user runs it (a subprocess, one torch thread), whose
own evaluation is the held-out edits of the newest commits by date, scored for the shipped and
the adapted model through the repair pipeline (adapt chooses what it writes on the commits
before them, its validation); then ``bench/real_bugs.py`` on the real-bug dev sets
(ManySStuBs4J dev, a seeded ``--limit`` of it; the everyday bugs; contest and classic dev)
with the shipped model once and with each written model (where adapt keeps the shipped model,
nothing changes), to show what adapting costs on bugs of other projects; and, beside those
recall figures, the false alarms on correct code: ``bench/false_alarms.py`` on the project's
own Java as its clone holds it (the code a user of the adapted model has open; a seeded
sample of :data:`CLEAN_LINES` lines and :data:`CLEAN_METHODS` methods), the share of lines
that an automatic code-action request answers and of methods that diagnostics mark, at the
shipped settings, for the shipped and the written model. Prints per repository the mining
counts, the validation and held-out top-1/top-5 of both models, the real-bug top-1/top-5
before and after, the false alarms, the wall time of each part and the machine, and a
``RESULT`` line per repository: ``adapted_top5`` is the best adapted model's (written or
not), ``in_use_top5`` and ``top5_ratio`` that of the model in use after adapt (the shipped
one where none was written).

    python bench/adapt.py [--repos jsoup javapoet] [--minutes 5] [--held-out 100]
                          [--msb-limit 200] [--keep DIR] [--dev] [--no-bugs] [--no-clean]

``--dev`` cuts each history before the commits that a run holds out (:func:`before_held_out`)
and so scores on the next newest commits: settings are chosen there, never on the held-out.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from bench.common import SHARED_DATA, machine  # noqa: E402
from spancopy_core import DEFAULT_JAVA_MODEL  # noqa: E402
from spancopy_core.repair.pipeline import CONFIDENT_RATIO  # noqa: E402
from trainer.adapt import SHARES, setting  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
REPOS = SHARED_DATA / "java-repos"
ENV = {**os.environ, "OMP_NUM_THREADS": "1"}
# The real-bug dev sets of bench/real_bugs.py: (name, its arguments)
BUG_SETS = (
    ("manysstubs-dev", ["--slice", "dev"]),
    ("everyday", ["--records", "bench/data/everyday_bugs.jsonl"]),
    ("contest-dev", ["--records", "bench/data/contest_bugs.jsonl", "--slice", "dev"]),
    ("classic-dev", ["--records", "bench/data/classic_bugs.jsonl", "--slice", "dev"]),
)


def run(command: list[str]) -> tuple[str, float]:
    """stdout of ``command`` (run in the project root, one torch thread) and its seconds;
    exits with its stderr's last line if it fails."""
    started = time.monotonic()
    done = subprocess.run(command, cwd=ROOT, env=ENV, capture_output=True, text=True)
    crashed = "Traceback (most recent call last)" in done.stderr  # Python exits 1 as well
    if done.returncode not in (0, 1) or crashed:  # adapt exits 1 when it keeps the shipped one
        last = (done.stderr.strip().splitlines() or ["failed"])[-1]
        raise SystemExit(f"{' '.join(command[:4])}: {last}")
    return done.stdout, time.monotonic() - started


def real_bugs(model: Path, msb_limit: int) -> tuple[dict[str, tuple[int, int]], float]:
    """Combined top-1/top-5 of ``model`` on each of :data:`BUG_SETS`, and the seconds."""
    out, seconds = {}, 0.0
    for name, args in BUG_SETS:
        limit = ["--limit", str(msb_limit)] if name == "manysstubs-dev" else []
        text, took = run(
            [sys.executable, "bench/real_bugs.py", *args, *limit, "--model", str(model)]
        )
        found = re.search(r"combined_top1=(\d+) combined_top5=(\d+)", text)
        assert found is not None, text
        out[name] = (int(found[1]), int(found[2]))
        seconds += took
    return out, seconds


CLEAN_LINES, CLEAN_METHODS = 100, 30  # of the project's own code, asked as false alarms


def clean_alarms(model: Path, clean: Path) -> tuple[float, float]:
    """The shares of :data:`CLEAN_LINES` lines of the Java under ``clean`` that an automatic
    code action answers and of :data:`CLEAN_METHODS` of its methods that diagnostics mark,
    with ``model`` at the shipped settings (``bench/false_alarms.py``: the detection head's
    rules where the model has a head, else the ratio rules)."""
    command = [sys.executable, "bench/false_alarms.py", "--model", str(model), "--clean"]
    command += [str(clean), "--lines", str(CLEAN_LINES), "--methods", str(CLEAN_METHODS)]
    text, _ = run([*command, "--bugs", "30"])
    automatic = re.search(r"head automatic clean_answered=([\d.]+)", text) or re.search(
        rf"ratio={CONFIDENT_RATIO:g} clean_answered=([\d.]+)", text
    )
    marked = re.search(r"diagnostics threshold=\S+ clean_marked=([\d.]+)", text)
    assert automatic is not None and marked is not None, text
    return float(automatic[1]), float(marked[1])


def before_held_out(clone: Path, held_out: int) -> str:
    """Cut the history of ``clone`` before the commits that ``adapt --held-out`` holds out (a
    branch ``dev`` at the newest commit older than the oldest of them, checked out), so that
    adapting it holds out the next newest ones: a dev split that never sees the held-out
    commits. Returns the commit checked out."""
    from spancopy_core.storage.model_dir import read_vocab
    from trainer import history

    edits = history.mine(clone, set(read_vocab(DEFAULT_JAVA_MODEL).itos)).edits
    _, held = history.split_by_date(edits, min(held_out, len(edits) // 5))
    cut = min(e.time for e in held)
    sha = history.git(clone, "rev-list", "-1", f"--before={cut - 1}", "HEAD").strip()
    history.git(clone, "checkout", "-q", "-B", "dev", sha)
    return sha


def adapt(
    name: str, work: Path, minutes: float, held_out: int, dev: bool = False
) -> tuple[dict, float]:
    """Clone the bundle ``name`` (``dev``: cut before its held-out commits) and adapt the
    shipped model to it; its plan.json and the seconds of the adapt command."""
    clone = work / (f"{name}-dev" if dev else name)
    if not clone.is_dir():
        bundle = REPOS / f"{name}.bundle"
        subprocess.run(["git", "clone", "-q", str(bundle), str(clone)], check=True)
        if dev:
            print(f"{name}: dev split, history cut at {before_held_out(clone, held_out)[:12]}")
    out = work / f"{clone.name}-model"
    command = [sys.executable, "-m", "trainer", "adapt", "--repo", str(clone), "--out", str(out)]
    command += ["--minutes", str(minutes), "--held-out", str(held_out), "--threads", "1"]
    text, seconds = run([*command, "--no-progress"])
    print(text, end="")
    plan = json.loads((out.with_name(out.name + ".work") / "plan.json").read_text())
    return plan, seconds


def bugs_table(before: dict[str, tuple[int, int]], after: dict[str, tuple[int, int]]) -> str:
    rows = [
        f"| {k} | {before[k][0]} / {before[k][1]} | {after[k][0]} / {after[k][1]} |" for k in before
    ]
    total = [sum(v[i] for v in d.values()) for d in (before, after) for i in (0, 1)]
    rows.append(f"| sum | {total[0]} / {total[1]} | {total[2]} / {total[3]} |")
    return "\n".join(
        ["| real-bug dev set | shipped top-1 / top-5 | adapted |", "|---|---:|---:|", *rows]
    )


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repos", nargs="+", default=["jsoup", "javapoet"])
    ap.add_argument("--minutes", type=float, default=5.0, help="adapt --minutes")
    ap.add_argument("--held-out", type=int, default=100, help="adapt --held-out")
    ap.add_argument("--msb-limit", type=int, default=200, help="ManySStuBs4J dev bugs sampled")
    ap.add_argument("--keep", type=Path, help="clone and write here (default: a temporary one)")
    ap.add_argument(
        "--no-bugs", dest="bugs", action="store_false", help="leave the real-bug sets out"
    )
    ap.add_argument(
        "--no-clean",
        dest="clean",
        action="store_false",
        help="leave the false alarms on the project's own code out",
    )
    ap.add_argument(
        "--dev",
        action="store_true",
        help="leave the held-out commits out and hold out the next newest (to choose settings)",
    )
    args = ap.parse_args()
    print(machine())
    with tempfile.TemporaryDirectory() as scratch:
        work = args.keep or Path(scratch)
        work.mkdir(parents=True, exist_ok=True)
        none: dict[str, tuple[int, int]] = {name: (0, 0) for name, _ in BUG_SETS}
        shipped, shipped_seconds = (
            real_bugs(DEFAULT_JAVA_MODEL, args.msb_limit) if args.bugs else (none, 0.0)
        )
        for name in args.repos:
            plan, seconds = adapt(name, work, args.minutes, args.held_out, args.dev)
            model = work / f"{name}{'-dev' if args.dev else ''}-model"
            written = model.is_dir()  # else the shipped model stays in use
            after, after_seconds = (
                real_bugs(model, args.msb_limit) if written and args.bugs else (shipped, 0.0)
            )
            s, a = plan["shipped"], plan["adapted"]
            valid = plan["valid shipped"]
            valid_best = max(plan[f"valid {share:g}"]["top5"] for share in SHARES)
            print(f"\n## {name}: {plan['commits']} commits, {plan['edits']} small method edits")
            print(
                f"held-out ({a['n']} edits of the newest commits): shipped top-1 {s['top1']} "
                f"top-5 {s['top5']}, adapted top-1 {a['top1']} top-5 {a['top5']}"
                f" ({'written' if written else 'not written: the shipped model stays'})"
            )
            print(bugs_table(shipped, after))
            clone = work / (f"{name}-dev" if args.dev else name)
            alarms = [(0.0, 0.0), (0.0, 0.0)]
            if args.clean:
                alarms[0] = clean_alarms(DEFAULT_JAVA_MODEL, clone)
                alarms[1] = clean_alarms(model, clone) if written else alarms[0]
                print(
                    f"false alarms on the project's own code ({CLEAN_LINES} lines, "
                    f"{CLEAN_METHODS} methods): automatic code actions answer "
                    f"{alarms[0][0]:.1%} of lines with the shipped model, {alarms[1][0]:.1%} with "
                    f"the model in use; diagnostics mark {alarms[0][1]:.1%} and "
                    f"{alarms[1][1]:.1%} of methods"
                )
            print(
                f"wall: adapt {seconds:.0f} s (fine-tuning {plan['training']['seconds']} s, "
                f"{plan['training']['steps']} steps), real bugs {shipped_seconds:.0f} s shipped"
                f" / {after_seconds:.0f} s adapted"
            )
            in_use = a["top5"] if written else s["top5"]
            ratio = in_use / s["top5"] if s["top5"] else float("inf")
            sums = [sum(v[1] for v in d.values()) for d in (shipped, after)]
            print(
                f"RESULT repo={name} commits={plan['commits']} edits={plan['edits']}"
                f" heldout={a['n']} valid_shipped_top5={valid['top5']}"
                f" valid_adapted_top5={valid_best}"
                f" written={int(written)} chosen_share={plan['chosen']}"
                f" shipped_top1={s['top1']} shipped_top5={s['top5']}"
                f" adapted_top1={a['top1']} adapted_top5={a['top5']} in_use_top5={in_use}"
                f" top5_ratio={ratio:.2f} real_bugs_top5_shipped={sums[0]}"
                f" real_bugs_top5_adapted={sums[1]} adapt_seconds={seconds:.0f}"
                f" steps={plan['training']['steps']} rules={plan['rules']}"
                f" penalties={setting(plan['penalties'])}"
                f" clean_automatic_shipped={alarms[0][0]:.3f}"
                f" clean_automatic_in_use={alarms[1][0]:.3f}"
                f" clean_diagnostics_shipped={alarms[0][1]:.3f}"
                f" clean_diagnostics_in_use={alarms[1][1]:.3f}"
                f" split={'dev' if args.dev else 'heldout'}"
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
