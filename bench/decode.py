"""Merged beam search latency on real BFP inputs, one by one and batched, side by side.

Decodes 200 BFP small and 100 BFP medium buggy methods (valid split, seeded sample) with
``beam_search(variant="merged", beam_size=20, top_k=20)``: one input per call (the editor's
case, median and p90 ms per example) and ``--batch`` inputs per call (throughput, ms per
example of the batch, median and p90 over batches).

    python bench/decode.py [--model DIR] [--small 200] [--medium 100] [--batch 32]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

import torch

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from bench.common import load_bfp, machine, sample  # noqa: E402
from spancopy_core import DEFAULT_JAVA_MODEL as DEFAULT_MODEL  # noqa: E402
from spancopy_core.paper.decoding import beam_search  # noqa: E402
from spancopy_core.storage.checkpoint import load_model  # noqa: E402


def p90(xs: list[float]) -> float:
    return sorted(xs)[max(0, int(round(0.9 * len(xs))) - 1)]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--model", type=Path, default=DEFAULT_MODEL)
    ap.add_argument("--small", type=int, default=200)
    ap.add_argument("--medium", type=int, default=100)
    ap.add_argument("--batch", type=int, default=32)
    ap.add_argument("--beam", type=int, default=20)
    args = ap.parse_args()
    print(machine())
    model = load_model(args.model, device="cpu")
    n_params = sum(p.numel() for p in model.parameters())
    print(f"model {args.model} ({n_params / 1e6:.2f} M parameters)  beam={args.beam}")
    result = []
    for size, n in (("small", args.small), ("medium", args.medium)):
        inputs = [x for x, _ in sample(load_bfp(size), n, seed=2)]
        beam_search(model, inputs[:2], beam_size=args.beam, top_k=args.beam)  # warm-up
        single = []
        for x in inputs:
            t0 = time.perf_counter()
            beam_search(model, [x], beam_size=args.beam, top_k=args.beam)
            single.append((time.perf_counter() - t0) * 1000)
        batched = []
        for i in range(0, len(inputs), args.batch):
            chunk = inputs[i : i + args.batch]
            t0 = time.perf_counter()
            beam_search(model, chunk, beam_size=args.beam, top_k=args.beam)
            batched.append((time.perf_counter() - t0) * 1000 / len(chunk))
        med_1, med_b = statistics.median(single), statistics.median(batched)
        print(
            f"{size:6s} n={len(inputs)}  one-by-one median {med_1:6.1f} ms"
            f" p90 {p90(single):6.1f} ms"
            f"  | batched({args.batch}) median {med_b:6.1f} ms/example p90 {p90(batched):6.1f}"
            f"  | speed-up {med_1 / med_b:.2f}x"
        )
        result += [
            f"{size}_single_median_ms={med_1:.1f}",
            f"{size}_single_p90_ms={p90(single):.1f}",
            f"{size}_batched_median_ms={med_b:.1f}",
            f"{size}_batched_p90_ms={p90(batched):.1f}",
            f"{size}_batch_speedup={med_1 / med_b:.2f}",
        ]
    print("RESULT " + " ".join(result) + f" threads={torch.get_num_threads()}")


if __name__ == "__main__":
    main()
