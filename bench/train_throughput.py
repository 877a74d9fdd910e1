"""Training throughput of the default span-copy model: examples per second at B=64.

Small- and medium-shaped batches of real BFP pairs (valid splits), the default
:class:`ModelConfig` and the ``marginal`` objective; each step is forward + backward + AdamW,
timed after two warm-up steps, at every thread count from 1 to the machine's cores. The
lattices are built beforehand (the trainer builds them in DataLoader workers, in parallel with
the steps); their cost per batch is printed apart.

    python bench/train_throughput.py [--steps 10] [--batch 64]
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
from pathlib import Path

import torch

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from bench.common import bfp_vocab, machine  # noqa: E402
from bench.train_step import build, make_batches, step  # noqa: E402


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--steps", type=int, default=10)
    ap.add_argument("--batch", type=int, default=64)
    args = ap.parse_args()
    print(machine())
    vocab = bfp_vocab()
    result = []
    for size in ("small", "medium"):
        batches, lattice_ms = make_batches(size, vocab, args.steps + 2, args.batch)
        for threads in range(1, (os.cpu_count() or 1) + 1):
            torch.set_num_threads(threads)
            model, opt = build(vocab)
            times = [step(model, opt, b, "span") for b in batches][2:]
            per_s = args.batch / statistics.median(times)
            print(
                f"{size:6s} threads={threads}  {statistics.median(times) * 1000:7.1f} ms/step"
                f"  {per_s:6.1f} examples/s  (lattices: {lattice_ms:.1f} ms/batch in workers)"
            )
            result.append(f"{size}_examples_per_s_t{threads}={per_s:.1f}")
    print("RESULT " + " ".join(result) + f" batch={args.batch}")


if __name__ == "__main__":
    main()
