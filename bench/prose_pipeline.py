"""The product's prose repairs on JFLEG's tune slice: the model, the spelling corrector, both.

Each sentence (a corpus line) is repaired as ``spancopy repair FILE.txt --json --top-k 1``
repairs a paragraph: the plain-text front-end's sentences, no focus, the combined ranking of the
beam's candidates and the front-end's templates (:func:`spancopy_core.repair.runner.repair`),
the rank-1 repair of each sentence applied. Configurations side by side, taking turns on each
sentence:

- ``model@B``: the model alone, beam ``B`` (the front-end without its spelling corrector, so
  the model sees the sentence as written, and without its templates, as before the spelling
  candidates);
- ``channel``: the spelling corrector alone, no model (:mod:`spancopy_core.repair.channel`
  respellings and capitals: the sentence the model would be given);
- ``both@B``: the default front-end, beam ``B``: the corrector first, the model on the
  corrected sentence;

each at every ``--min-ratio`` given (``default``: the front-end's own; not for ``channel``).
One thread; scored with the metrics of ``python -m trainer evaluate``
(:mod:`trainer.prose_eval`: GLEU, F0.5, ms per sentence).

``--latency`` runs the shipped front-end (``shipped``: its :class:`~spancopy_core.repair.prose.
Bars`) beside the one that searches every sentence and floors every kind at 1 (``every``, as
before the bars), and reports the CPU milliseconds of each sentence (``time.process_time``,
which the other processes of a loaded machine do not inflate as they do wall time) beside the
wall ones.

Only JFLEG dev's *tune* part (``trainer/jfleg.py``) is read, never the held-out slice: this is
for choosing the ranking's settings. ``--slice valid`` keeps the tune sentences that the
fine-tuning only validates on (every :data:`~trainer.jfleg.TUNE_VALID_EVERY`-th), which a
model fine-tuned on the rest has not been trained on. A ``RESULT`` line ends the report. ::

    python bench/prose_pipeline.py --model DIR [--slice tune|valid] [--beams 20 5]
                                   [--min-ratio default 0 ...] [--latency]

``--beams`` with no width runs ``channel`` alone (seconds: no model runs).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Sequence
from pathlib import Path

import torch
from tqdm import tqdm

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from bench.common import SHARED_DATA, machine  # noqa: E402
from spancopy_core import PRETRAINED  # noqa: E402
from spancopy_core.editing.edits import apply_edits  # noqa: E402
from spancopy_core.paper.actions import Hypothesis  # noqa: E402
from spancopy_core.repair.candidates import candidates  # noqa: E402
from spancopy_core.repair.frontend import written  # noqa: E402
from spancopy_core.repair.pipeline import ParsedText, RepairOptions, units  # noqa: E402
from spancopy_core.repair.prose import PLAINTEXT, Bars, ProseFrontend  # noqa: E402
from trainer.config import TrainerError  # noqa: E402
from trainer.jfleg import TUNE_VALID_EVERY, Sentence, read_jfleg, select  # noqa: E402
from trainer.prose_eval import (  # noqa: E402
    Corrector,
    Outputs,
    markdown_table,
    metrics,
    pipeline_corrector,
)

JFLEG = SHARED_DATA / "jfleg"


def model_only() -> ProseFrontend:
    """The plain-text front-end without its spelling corrector and Harper, and without its
    templates when there is no focus."""
    frontend = ProseFrontend(
        "plaintext", PLAINTEXT.language_ids, PLAINTEXT.extensions, False, spelling=None, harper=None
    )
    frontend.whole_unit_templates = False
    return frontend


def channel_corrector(frontend: ProseFrontend) -> Corrector:
    """Each sentence of a text as ``frontend`` corrects it before the model sees it (no
    model): the corrected tokens laid out as the pipeline lays out a repair."""

    def correct(text: str) -> str:
        doc = ParsedText.parse(text, frontend)
        changes = []
        for unit in units(doc, ()):
            if unit.tokens != written(unit):
                guess = Hypothesis(list(unit.tokens), 0.0, [])
                found = candidates(doc.text, unit, [guess], doc.style, frontend, top_k=1)
                changes += found[0].edits if found else []
        return apply_edits(text, changes)

    return correct


def correct_interleaved(
    systems: dict[str, Corrector], sentences: Sequence[Sentence], *, progress: bool
) -> tuple[dict[str, Outputs], dict[str, list[float]]]:
    """Each system's output and wall milliseconds per sentence, and its CPU milliseconds per
    sentence (``time.process_time``), the systems taking turns on each sentence (so that other
    load on the machine slows them alike), after one untimed call each on the first sentence
    (lazy initialisation)."""
    for correct in systems.values():
        if sentences:
            correct(sentences[0].source)
    out = {name: Outputs([], []) for name in systems}
    cpu: dict[str, list[float]] = {name: [] for name in systems}
    for sentence in tqdm(sentences, disable=not progress, unit="sent", leave=False):
        for name, correct in systems.items():
            started, cpu_started = time.perf_counter(), time.process_time()
            out[name].texts.append(correct(sentence.source))
            out[name].ms.append(1000 * (time.perf_counter() - started))
            cpu[name].append(1000 * (time.process_time() - cpu_started))
    return out, cpu


def every_sentence_searched() -> ProseFrontend:
    """The plain-text front-end as before its :class:`Bars`: the beam searches every sentence,
    and every kind of candidate is floored at 1."""
    return ProseFrontend(
        "plaintext",
        PLAINTEXT.language_ids,
        PLAINTEXT.extensions,
        False,
        bars=Bars(beam_as_written=1.0, homophone=1.0),
    )


def tune_sentences(sentences: list[Sentence], slice_name: str) -> list[Sentence]:
    """The tune part of the split, or (``valid``) its sentences that fine-tuning validates on."""
    tune = select(sentences, "tune")
    if slice_name == "valid":
        return [s for k, s in enumerate(tune) if k % TUNE_VALID_EVERY == TUNE_VALID_EVERY - 1]
    return tune


def min_ratio(text: str) -> float | None:
    """A ``--min-ratio`` value: ``default`` (None: the front-end's) or a ratio >= 0."""
    if text == "default":
        return None
    try:
        return RepairOptions(min_ratio=float(text)).min_ratio
    except ValueError:
        raise argparse.ArgumentTypeError(f"not 'default' or a number >= 0: {text!r}") from None


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--data", type=Path, default=JFLEG, help="a JFLEG-layout directory")
    ap.add_argument("--model", type=Path, default=PRETRAINED / "prose-en", help="prose model")
    ap.add_argument("--slice", choices=("tune", "valid"), default="tune", help="of JFLEG dev")
    ap.add_argument(
        "--beams",
        type=int,
        nargs="*",
        default=[PLAINTEXT.beam_size],
        help="beam widths (none: the spelling corrector alone, no model run)",
    )
    ap.add_argument(
        "--min-ratio",
        nargs="+",
        type=min_ratio,
        default=[None],
        help="RepairOptions.min_ratio values to run ('default': the front-end's)",
    )
    ap.add_argument("--limit", type=int, help="only the first N sentences of the slice")
    ap.add_argument(
        "--latency",
        action="store_true",
        help="only the shipped front-end and the one that searches every sentence, with the CPU"
        " milliseconds of each sentence",
    )
    ap.add_argument("--no-progress", action="store_true", help="no progress bars")
    args = ap.parse_args(argv)
    from spancopy_core.storage.checkpoint import CheckpointError, load_model

    torch.set_num_threads(1)
    try:
        sentences = tune_sentences(read_jfleg(args.data, "dev"), args.slice)[: args.limit]
        model = load_model(args.model, device="cpu")
    except (TrainerError, CheckpointError) as exc:
        sys.stderr.write(f"error: {exc}\n")
        return 2
    print(machine())
    print(f"model {args.model}; JFLEG dev {args.slice} slice, {len(sentences)} sentences")
    systems: dict[str, Corrector] = {"source": lambda text: text}
    if args.latency:
        options = RepairOptions(top_k=1)
        systems["shipped"] = pipeline_corrector(model, PLAINTEXT, options)
        systems["every"] = pipeline_corrector(model, every_sentence_searched(), options)
    else:
        systems["channel"] = channel_corrector(PLAINTEXT)
    for ratio in [] if args.latency else args.min_ratio:
        for beam in args.beams:
            options = RepairOptions(beam_size=beam, top_k=1, min_ratio=ratio)
            for name, frontend in (("model", model_only()), ("both", PLAINTEXT)):
                label = f"{name}@{beam}" + ("" if ratio is None else f"@{ratio:g}")
                systems[label] = pipeline_corrector(model, frontend, options)
    outputs, cpu = correct_interleaved(systems, sentences, progress=not args.no_progress)
    results = {name: metrics(sentences, out) for name, out in outputs.items()}
    print(markdown_table(results))
    print(
        "RESULT "
        + " ".join(
            f"{k}_gleu={100 * v['gleu']:.2f} {k}_p50_ms={v['ms_p50']:.1f}"
            + f" {k}_cpu_p50_ms={statistics.median(cpu[k]):.1f}"
            + f" {k}_cpu_mean_ms={statistics.fmean(cpu[k]):.1f}"
            for k, v in results.items()
        )
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
