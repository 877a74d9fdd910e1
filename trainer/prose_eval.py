"""Prose correction on a JFLEG-layout directory: GLEU, edit P/R/F0.5, exact match, time.

A *corrector* is any function from a sentence's text to its corrected text (the system's rank-1
output, the text unchanged when it changes nothing). Each sentence of the split, or of one of its
slices (:func:`trainer.jfleg.select`), is given to it one at a time, either as text a user would
type -- the corpus line detokenised (:func:`spancopy_core.evaluation.prose_metrics.detokenize`),
for systems
that read text, such as Harper -- or as the corpus line itself, in JFLEG's Penn Treebank spacing
(``do n't``, ``it 's``), the spacing the prose models are trained in. Its wall time per sentence
is measured around that call alone, after one untimed call. The outputs are scored against the
references by :func:`spancopy_core.evaluation.prose_metrics.score_corpus` (sources, outputs and
references
tokenised alike, so either spacing scores the same). :func:`model_corrector` makes a corrector of a
span-copy model that runs the repair pipeline as ``spancopy repair FILE.txt --top-k 1`` does.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tqdm import tqdm

from spancopy_core.evaluation.prose_metrics import detokenize, score_corpus

from .config import DataError
from .jfleg import Sentence, read_jfleg, select

Corrector = Callable[[str], str]


def is_prose_dir(directory: Path, split: str) -> bool:
    """Whether ``directory`` holds ``split`` in the JFLEG layout (``SPLIT.src``)."""
    return (directory / f"{split}.src").is_file()


@dataclass(frozen=True)
class Outputs:
    """A corrector's output for each sentence, and its milliseconds per sentence."""

    texts: list[str]
    ms: list[float]


def correct_all(
    corrector: Corrector,
    sentences: Sequence[Sentence],
    *,
    detokenized: bool,
    progress: bool,
    desc: str,
) -> Outputs:
    """Run ``corrector`` on each sentence's source (the corpus line, or the text it stands for
    if ``detokenized``), timing each call; one untimed call on the first sentence comes first,
    so that lazy initialisation (Harper's first lint, torch's first kernels) is not timed."""
    texts, ms = [], []
    if sentences:
        first = sentences[0].source
        corrector(detokenize(first) if detokenized else first)
    for sentence in tqdm(sentences, disable=not progress, desc=desc, unit="sent", leave=False):
        text = detokenize(sentence.source) if detokenized else sentence.source
        started = time.perf_counter()
        texts.append(corrector(text))
        ms.append(1000 * (time.perf_counter() - started))
    return Outputs(texts, ms)


def metrics(sentences: Sequence[Sentence], outputs: Outputs) -> dict[str, float]:
    """GLEU, precision, recall, F0.5, exact match (in [0, 1]), sentences, ms p50 and mean."""
    result = score_corpus(
        [s.source for s in sentences], outputs.texts, [list(s.references) for s in sentences]
    )
    result["ms_p50"] = statistics.median(outputs.ms) if outputs.ms else 0.0
    result["ms_mean"] = statistics.fmean(outputs.ms) if outputs.ms else 0.0
    return result


ROWS = [
    ("gleu", "GLEU"),
    ("precision", "edit precision"),
    ("recall", "edit recall"),
    ("f0.5", "edit F0.5"),
    ("exact", "exact match"),
]


def markdown_table(columns: dict[str, dict[str, float]]) -> str:
    """Prose metrics as a Markdown table: one row per metric, one column per system."""
    names = list(columns)
    lines = ["| metric | " + " | ".join(names) + " |", "|---|" + "---:|" * len(names)]
    for key, label in ROWS:
        lines.append(
            f"| {label} | " + " | ".join(f"{100 * columns[n][key]:.2f}" for n in names) + " |"
        )
    for key, label in (("ms_p50", "ms per sentence, p50"), ("ms_mean", "ms per sentence, mean")):
        lines.append(f"| {label} | " + " | ".join(f"{columns[n][key]:.1f}" for n in names) + " |")
    counts = " | ".join(str(int(columns[n]["sentences"])) for n in names)
    lines.append(f"| sentences | {counts} |")
    return "\n".join(lines)


def model_corrector(model: Any, beam: int, variant: str) -> Corrector:
    """The product's correction of a text by ``model``: the repair pipeline on the text as a
    plain-text document (:mod:`spancopy_core.repair.prose`: one unit per sentence), the rank-1
    repair of each sentence applied, or the sentence left as it is where the model offers none
    (it prefers the sentence as written)."""
    from spancopy_core.repair import pipeline
    from spancopy_core.repair.languages import frontend_for

    frontend = frontend_for("plaintext", "file:///sentence.txt")
    options = pipeline.RepairOptions(beam_size=beam, top_k=1, decoding=variant)
    return pipeline_corrector(model, frontend, options)


def pipeline_corrector(model: Any, frontend: Any, options: Any) -> Corrector:
    """A text with the rank-1 repair of each of its units (by ``frontend``, with ``options``)
    applied: what :func:`model_corrector` does with the product's plain-text front-end."""
    from spancopy_core.editing.edits import apply_edits
    from spancopy_core.repair import pipeline, runner

    def correct(text: str) -> str:
        found, _ = runner.repair(model, pipeline.ParsedText.parse(text, frontend), None, options)
        return apply_edits(text, [e for f in found if f.candidates for e in f.candidates[0].edits])

    return correct


def run(
    model_dir: Path,
    data_dir: Path,
    *,
    split: str,
    slice_name: str,
    beam: int,
    variant: str,
    limit: int | None,
    device: str,
    progress: bool,
) -> dict[str, Any]:
    """Correct the sentences of ``split`` (its ``slice_name``, the first ``limit``) with the
    model and return the metrics; DataError if there is nothing to evaluate."""
    from spancopy_core.storage.checkpoint import load_model

    sentences = select(read_jfleg(data_dir, split), slice_name)[:limit]
    if not sentences:
        raise DataError(f"{data_dir}: no {split} sentences in the {slice_name} slice")
    model = load_model(model_dir, device=device)
    corrector = model_corrector(model, beam, variant)
    desc = f"{variant} beam {beam}"
    outputs = correct_all(corrector, sentences, detokenized=False, progress=progress, desc=desc)
    return {
        "model": str(model_dir),
        "data": str(data_dir),
        "split": split,
        "slice": slice_name,
        "beam": beam,
        "variant": variant,
        "metrics": metrics(sentences, outputs),
        "outputs": outputs.texts,
    }
