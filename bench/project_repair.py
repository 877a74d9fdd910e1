"""Throughput of project mode: ``spancopy repair DIR`` on a project of a few hundred Java files.

A fixed, seeded sample of ``--files`` files of clean, reviewed Java
(``../shared/data/java-algorithms``: TheAlgorithms and williamfiset's Algorithms, not trained
on) is copied into a temporary directory, and the real command runs on it once as a user
would run it in CI (``--json --quiet``, the shipped Java model, its default beam), in a
subprocess timed from start to exit (model loading included). The clean code also shows
what project mode reports where nothing is wrong: the confident findings per file are false
alarms unless the code has a bug. Ends with a ``RESULT`` line::

    python bench/project_repair.py [--files 300] [--seed 0] [--threads N]
"""

from __future__ import annotations

import argparse
import json
import os
import random
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DATA = Path(os.environ.get("SPANCOPY_SHARED_DATA", ROOT.parent / "shared" / "data"))
SOURCE = DATA / "java-algorithms"


def sample(files: int, seed: int) -> list[Path]:
    """``files`` .java files of the data set, drawn with ``seed`` from its sorted list."""
    found = sorted(SOURCE.rglob("*.java"))
    if len(found) < files:
        raise SystemExit(f"{SOURCE}: {len(found)} .java files, fewer than --files {files}")
    return random.Random(seed).sample(found, files)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--files", type=int, default=300, help="files in the project")
    ap.add_argument("--seed", type=int, default=0, help="seed of the sample")
    ap.add_argument("--threads", type=int, help="OMP_NUM_THREADS of the run (default: unset)")
    args = ap.parse_args()
    chosen = sample(args.files, args.seed)
    with tempfile.TemporaryDirectory(prefix="spancopy-project-") as tmp:
        project = Path(tmp) / "project"
        for path in chosen:  # their folders kept, so that names stay unique
            target = project / path.relative_to(SOURCE)
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(path, target)
        env = dict(os.environ)
        if args.threads:
            env["OMP_NUM_THREADS"] = str(args.threads)
        command = [sys.executable, "-m", "spancopy_core.cli", "repair", str(project)]
        started = time.monotonic()
        done = subprocess.run([*command, "--json", "--quiet"], capture_output=True, env=env)
        seconds = time.monotonic() - started
        cpu = resource.getrusage(resource.RUSAGE_CHILDREN)  # the run's and its javac's
    if done.returncode not in (0, 1):
        sys.stderr.write(done.stderr.decode(errors="replace"))
        raise SystemExit(f"spancopy repair exited {done.returncode}")
    summary = json.loads(done.stdout)["summary"]
    print(json.dumps(summary))
    print(
        f"RESULT project_repair files={summary['files']} units={summary['units']} "
        f"findings={summary['findings']} files_with_findings={summary['files_with_findings']} "
        f"not_parsed={summary['not_parsed']} seconds={seconds:.1f} "
        f"cpu_seconds={cpu.ru_utime + cpu.ru_stime:.1f} "
        f"files_per_s={summary['files'] / seconds:.3g} "
        f"cores={os.cpu_count()} load={os.getloadavg()[0]:.1f}"
    )


if __name__ == "__main__":
    main()
