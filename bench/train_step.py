"""Training-step cost of span copying versus plain teacher-forced generation, side by side.

Batches of B=64 real BFP pairs (small and medium valid splits). For each size, the same model
configuration is timed doing forward + backward + AdamW step with the ``marginal`` span-copy
objective and with a plain generation NLL (encoder, decoder, attention and vocabulary softmax
only, no copying); steps alternate between the two so that both see the same machine load.
Peak memory (max RSS) of each mode is measured in a fresh subprocess.

    python bench/train_step.py [--steps 20] [--batch 64]
"""

from __future__ import annotations

import argparse
import multiprocessing as mp
import statistics
import sys
import time
from pathlib import Path

import torch
import torch.nn.functional as F

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from bench.common import bfp_vocab, load_bfp, machine, sample  # noqa: E402
from spancopy_core.paper.batch import collate  # noqa: E402
from spancopy_core.paper.config import ModelConfig  # noqa: E402
from spancopy_core.paper.lattice import build_lattice  # noqa: E402
from spancopy_core.paper.model import SpanCopyModel  # noqa: E402
from spancopy_core.paper.vocab import PAD_ID, Vocabulary  # noqa: E402


def plain_loss(model: SpanCopyModel, batch) -> torch.Tensor:
    """Teacher-forced NLL per token of the model's own Gen head: no span scores, no lattice."""
    memory = model.encode(batch.src, batch.src_len)
    h, _ = model.run_decoder(batch.tgt_in, memory.init_state)
    logits = model.gen_logits(model.attend(h, memory))  # (B, T, V)
    return F.cross_entropy(logits.flatten(0, 1), batch.gen_ids.flatten(), ignore_index=PAD_ID)


def make_batches(size: str, vocab: Vocabulary, n: int, B: int):
    pairs = sample(load_bfp(size), n * B, seed=1)
    t0 = time.perf_counter()
    batches = [
        collate([(x, y, build_lattice(x, y, vocab)) for x, y in pairs[i * B : (i + 1) * B]], vocab)
        for i in range(n)
    ]
    lattice_ms = (time.perf_counter() - t0) * 1000 / n
    return batches, lattice_ms


def step(model, opt, batch, mode: str) -> float:
    t0 = time.perf_counter()
    loss = model(batch) if mode == "span" else plain_loss(model, batch)
    opt.zero_grad(set_to_none=True)
    loss.backward()
    torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
    opt.step()
    return time.perf_counter() - t0


def build(vocab: Vocabulary):
    torch.manual_seed(0)
    model = SpanCopyModel(ModelConfig(), vocab).train()
    return model, torch.optim.AdamW(model.parameters(), lr=1e-3)


def rss_mib(field: str) -> float:
    with open("/proc/self/status") as f:
        line = next(x for x in f if x.startswith(field + ":"))
    return int(line.split()[1]) / 1024


def peak_memory(size: str, mode: str, B: int, queue) -> None:
    """Run in a fresh process: a few steps of one mode; report the peak RSS of the process
    and its rise above the RSS before the steps (data and model already loaded), in MiB."""
    vocab = bfp_vocab()
    batches, _ = make_batches(size, vocab, 4, B)
    model, opt = build(vocab)
    step(model, opt, batches[0], mode)  # optimizer state allocated
    with open("/proc/self/clear_refs", "w") as f:
        f.write("5")  # reset the peak (VmHWM) to the current RSS
    before = rss_mib("VmRSS")
    for b in batches[1:]:
        step(model, opt, b, mode)
    peak = rss_mib("VmHWM")
    queue.put((peak, peak - before))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--steps", type=int, default=20)
    ap.add_argument("--batch", type=int, default=64)
    args = ap.parse_args()
    print(machine())
    vocab = bfp_vocab()
    cfg = ModelConfig()
    print(f"model: {cfg}  vocab={len(vocab)}  B={args.batch}  steps={args.steps} (+2 warm-up)")
    results = {}
    ctx = mp.get_context("spawn")
    for size in ("small", "medium"):
        batches, lattice_ms = make_batches(size, vocab, args.steps + 2, args.batch)
        model, opt = build(vocab)
        times = {"plain": [], "span": []}
        for i, batch in enumerate(batches):
            for mode in ("plain", "span") if i % 2 else ("span", "plain"):
                dt = step(model, opt, batch, mode)
                if i >= 2:
                    times[mode].append(dt)
        med = {m: statistics.median(t) * 1000 for m, t in times.items()}
        mem = {}
        for mode in ("plain", "span"):
            q = ctx.Queue()
            p = ctx.Process(target=peak_memory, args=(size, mode, args.batch, q))
            p.start()
            mem[mode] = q.get()
            p.join()
        ratio = med["span"] / med["plain"]
        S = max(int(b.src_len.max()) - 2 for b in batches)
        print(
            f"{size:6s} max_len={S:3d}  plain {med['plain']:7.1f} ms  span {med['span']:7.1f} ms"
            f"  ratio {ratio:.3f}  lattice+collate {lattice_ms:5.1f} ms/batch (in workers)"
            f"\n       peak RSS plain {mem['plain'][0]:.0f} MiB (+{mem['plain'][1]:.0f} in steps)"
            f"  span {mem['span'][0]:.0f} MiB (+{mem['span'][1]:.0f} in steps)"
        )
        results[size] = (ratio, med, mem)
    print(
        "RESULT "
        f"ratio_small={results['small'][0]:.3f} ratio_medium={results['medium'][0]:.3f} "
        f"span_ms_small={results['small'][1]['span']:.1f} "
        f"span_ms_medium={results['medium'][1]['span']:.1f} "
        f"peak_mib_small={results['small'][2]['span'][0]:.0f} "
        f"peak_mib_medium={results['medium'][2]['span'][0]:.0f}"
    )


if __name__ == "__main__":
    main()
