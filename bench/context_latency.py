"""What the context segment costs a repair: the pipeline with and without it, side by side.

For methods of real Java files (the OpenJDK files of ``tests/fixtures/java`` and a seeded
sample of the JDK's ``lib/src.zip``), the focus on the method's second line, the whole repair
pipeline (:func:`spancopy_core.repair.runner.repair`: units, decoding, candidates, exact
ranking; the file parsed once beforehand, as the server keeps it) runs once with the model as
it is and once with the same model given the context feature (its marker at zero:
:meth:`spancopy_core.paper.model.SpanCopyModel.add_context`), so that the second reads every unit's
context segment (:mod:`spancopy_core.paper.context`); the two alternate method by method, so that
the load of the machine hits both alike. Prints p50/p90 of each, the ratio of the medians,
the context length, and a ``RESULT`` line.

    python bench/context_latency.py [--model DIR] [--methods 30] [--beam 20] [--jdk-files 20]
"""

from __future__ import annotations

import argparse
import copy
import statistics
import sys
import time
from pathlib import Path

import torch

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from bench.common import machine  # noqa: E402
from bench.lsp_latency import java_files  # noqa: E402
from spancopy_core import DEFAULT_JAVA_MODEL  # noqa: E402
from spancopy_core.repair import pipeline, runner  # noqa: E402
from spancopy_core.repair.java import JavaFrontend  # noqa: E402
from spancopy_core.repair.pipeline import ParsedText, RepairOptions  # noqa: E402
from spancopy_core.storage.checkpoint import load_model  # noqa: E402


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--model", type=Path, default=DEFAULT_JAVA_MODEL)
    ap.add_argument("--methods", type=int, default=30, help="methods timed")
    ap.add_argument("--beam", type=int, default=20)
    ap.add_argument("--min-tokens", type=int, default=20)
    ap.add_argument("--max-tokens", type=int, default=100)
    ap.add_argument("--jdk-files", type=int, default=20, help="files sampled from src.zip")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--threads", type=int, default=1, help="torch threads")
    args = ap.parse_args()
    torch.set_num_threads(args.threads)
    plain = load_model(args.model, device="cpu")
    if plain.config.context:
        sys.stderr.write(f"{args.model} reads context already: give a model without it\n")
        return 2
    reading = copy.deepcopy(plain)
    reading.add_context()
    options = RepairOptions(beam_size=args.beam)
    frontend = JavaFrontend()
    cases = []
    for text in java_files(args.jdk_files, args.seed).values():
        doc = ParsedText.parse(text, frontend)
        for unit in pipeline.units(doc, plain.vocab):
            if args.min_tokens <= len(unit.tokens) <= args.max_tokens:
                line = doc.lines.line(unit.start) + 1
                cases.append((doc, pipeline.line_focus(doc, line)))
    cases = cases[: args.methods]
    times: dict[str, list[float]] = {"without": [], "with": []}
    lengths = []
    runner.repair(plain, *cases[0], options)  # warm up both (imports, first allocations)
    runner.repair(reading, *cases[0], options)
    for k, (doc, focus) in enumerate(cases):
        order = [("without", plain), ("with", reading)]
        for name, model in order if k % 2 == 0 else order[::-1]:
            t0 = time.perf_counter()
            found, _ = runner.repair(model, doc, focus, options)
            times[name].append((time.perf_counter() - t0) * 1000)
            if name == "with":
                lengths += [len(r.unit.scope) for r in found]
    print(machine())
    print(f"model {args.model}  beam={args.beam}  methods={len(cases)}  threads={args.threads}")
    for name, values in times.items():
        print(
            f"{name} context: p50 {percentile(values, 0.5):.0f} ms,"
            f" p90 {percentile(values, 0.9):.0f} ms"
        )
    ratio = statistics.median(times["with"]) / statistics.median(times["without"])
    mean_len = sum(lengths) / max(1, len(lengths))
    print(f"context tokens per unit: mean {mean_len:.1f}, max {max(lengths, default=0)}")
    print(
        f"RESULT methods={len(cases)} p50_without_ms={percentile(times['without'], 0.5):.0f}"
        f" p50_with_ms={percentile(times['with'], 0.5):.0f} ratio_p50={ratio:.2f}"
        f" context_mean={mean_len:.1f}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
