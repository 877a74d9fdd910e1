"""Evaluation with the paper's metrics: decode a split and tabulate exact-match accuracy.

Decodes every input of ``--data``/``--split`` with :func:`spancopy_core.paper.decoding.beam_search`
in batches, then reports top-1 (both conventions), accuracy@k, MRR and structural match
(:mod:`spancopy_core.evaluation.metrics`) as a Markdown table and, optionally, JSON. ``span_hist``
draws
the histogram of copy-span lengths of greedy decoding, log-scaled as in the paper's Figure 4.
A model with an edit encoder decodes each input under its own pair's edit: the figures are
its reconstruction accuracy (``x+`` from ``x-`` and ``f(x-, x+)``). Inputs that end with a
context segment (``synth --context``, :mod:`spancopy_core.paper.context`) keep it for a model that
reads one and lose it for another; "unchanged" means equal to the method alone.
"""

from __future__ import annotations

import json
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from tqdm import tqdm

from spancopy_core.editing.alignment import Alignment, align
from spancopy_core.evaluation.metrics import evaluate as score
from spancopy_core.evaluation.metrics import span_lengths, span_statistics
from spancopy_core.lang import java
from spancopy_core.paper import context
from spancopy_core.paper.decoding import beam_search
from spancopy_core.storage.checkpoint import load_model

from .data import DataError, read_pairs

ACCURACY_AT = (1, 5, 10, 20)  # the k of the acc@k metrics, those up to the beam width
ROWS = [
    ("top1", "Accuracy (top-1)"),
    ("top1_changed", "Accuracy (top-1, unchanged input skipped)"),
    ("acc@5", "Accuracy@5"),
    ("acc@20", "Accuracy@20"),
    ("mrr", "MRR"),
    ("structural_top1", "Structural match (top-1)"),
    ("unchanged_first", "Unchanged input ranked first"),
]


def decode_all(
    model,
    inputs,
    beam: int,
    variant: str,
    batch_size: int,
    progress: bool,
    desc: str,
    edits: Sequence[Alignment] | None = None,
):
    """The hypotheses of every input, decoded in batches (with ``edits``: one per input)."""
    results = []
    with tqdm(total=len(inputs), disable=not progress, desc=desc, unit="ex", leave=False) as bar:
        for i in range(0, len(inputs), batch_size):
            chunk = inputs[i : i + batch_size]
            chunk_edits = None if edits is None else edits[i : i + batch_size]
            results += beam_search(
                model, chunk, beam_size=beam, top_k=beam, variant=variant, edits=chunk_edits
            )
            bar.update(len(chunk))
    return results


def markdown_table(columns: dict[str, dict[str, float]]) -> str:
    """Metrics as a Markdown table: one row per metric, one column per result set."""
    names = list(columns)
    lines = ["| metric | " + " | ".join(names) + " |", "|---|" + "---|" * len(names)]
    for key, label in ROWS:
        if not all(key in columns[n] for n in names):
            continue  # e.g. Accuracy@20 of a beam of 5, which keeps 5 hypotheses
        cells = [
            f"{100 * columns[n][key]:.1f}%" if key != "mrr" else f"{columns[n][key]:.3f}"
            for n in names
        ]
        lines.append(f"| {label} | " + " | ".join(cells) + " |")
    lines.append("| pairs | " + " | ".join(str(int(columns[n]["count"])) for n in names) + " |")
    return "\n".join(lines)


def run(
    model_dir: Path,
    data_dir: Path,
    *,
    split: str,
    beam: int,
    variant: str,
    limit: int | None,
    json_out: Path | None,
    span_hist: Path | None,
    device: str,
    batch_size: int,
    progress: bool,
) -> dict[str, Any]:
    """Decode ``split`` of ``data_dir`` (the first ``limit`` pairs) and return the metrics;
    DataError if there is nothing to decode."""
    model = load_model(model_dir, device=device)
    pairs = read_pairs(data_dir, split)[:limit]
    if not pairs:
        raise DataError(f"{data_dir}: no {split} pairs to evaluate")
    inputs, targets = [x for x, _ in pairs], [y for _, y in pairs]
    methods = [context.split(x)[0] for x in inputs]  # what "unchanged" compares with
    if not model.config.context:
        inputs = methods  # a model that reads no context segment is never given one
    edits = [align(x, y) for x, y in pairs] if model.config.edit_dim else None
    started = time.monotonic()
    desc = f"{variant} beam {beam}"
    hyps = decode_all(model, inputs, beam, variant, batch_size, progress, desc, edits)
    seconds = time.monotonic() - started
    keywords = java.KEYWORDS | java.CONTEXTUAL_KEYWORDS
    ks = [k for k in ACCURACY_AT if k <= beam]  # a beam of B keeps B hypotheses
    predictions = [[h.tokens for h in hs] for hs in hyps]
    metrics = score(predictions, targets, methods, ks, keywords=keywords)
    metrics.update(
        {f"span_{k}": v for k, v in span_statistics([hs[0].actions for hs in hyps if hs]).items()}
    )
    metrics["ms_per_example"] = 1000 * seconds / max(1, len(inputs))
    result: dict[str, Any] = {
        "model": str(model_dir),
        "data": str(data_dir),
        "split": split,
        "beam": beam,
        "variant": variant,
        "metrics": metrics,
    }
    if span_hist is not None:
        greedy = decode_all(model, inputs, 1, "greedy", batch_size, progress, "greedy", edits)
        hist = span_lengths([hs[0].actions for hs in greedy if hs])
        result["greedy_span_histogram"] = {str(k): v for k, v in sorted(hist.items())}
        draw_span_histogram(hist, span_hist, f"{model_dir.name} on {data_dir.name}/{split}")
    if json_out is not None:
        json_out.parent.mkdir(parents=True, exist_ok=True)
        json_out.write_text(json.dumps(result, indent=2) + "\n")
    return result


def draw_span_histogram(hist: dict[int, int], path: Path, title: str) -> None:
    """Bar chart of copy-span lengths with a log y axis (the paper's Figure 4)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(7, 3.5))
    lengths = sorted(hist)
    ax.bar(lengths, [hist[k] for k in lengths], color="#3b6ea8")
    ax.set_yscale("log")
    ax.set_xlabel("copy span length (tokens)")
    ax.set_ylabel("copy actions (greedy decoding)")
    ax.set_title(title)
    fig.tight_layout()
    path.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(path, dpi=120)
    plt.close(fig)
