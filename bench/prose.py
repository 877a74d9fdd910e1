"""Prose correction on JFLEG: the source unchanged, Harper, span copy and token copy, side by side.

Each system corrects every sentence of the split once, one sentence at a time on one thread
(``torch.set_num_threads(1)``), and is scored on the held-out slice (``trainer/jfleg.py``: every
third sentence, never used to tune or select a model) and on the whole split, with the metrics
of ``python -m trainer evaluate`` (:mod:`trainer.prose_eval`): GLEU (JFLEG's "GLEU without
tuning"), edit precision/recall/F0.5, exact match, and milliseconds per sentence (p50, mean).

- source: the sentence unchanged (GLEU's floor; edit precision 1 and recall 0 by definition);
- harper: Harper (``harper-py``, the ``bench`` extra), given the sentence as text (the corpus
  line detokenised), each lint's first suggestion applied (right to left, so the spans of the
  lints not yet applied stay valid);
- span, token: span-copy models (the span-copy one and its token-copy ablation, the paper's
  Table 3 comparison) through the repair pipeline, as ``spancopy repair FILE.txt --top-k 1``
  runs it (:func:`trainer.prose_eval.model_corrector`): the rank-1 repair of each sentence of
  the corpus line, if the model prefers one to the sentence as written; ``--model-text`` gives
  them the detokenised text instead, as Harper gets it. The shipped front-end has Harper's
  suggestions among its candidates (:mod:`spancopy_core.repair.harper`): span is the union;
- span-alone (``--span-alone``): the span model's pipeline without Harper's suggestions;
- span-file (``--one-file``): the span model's pipeline on the whole split as one plain-text
  document, a sentence a line, as ``spancopy repair FILE.txt --json --top-k 1`` runs on a
  file of them (the document's terms and sentence boundaries are the file's; the whole file
  is corrected in the untimed first call, so its ms per sentence mean nothing).

A ``RESULT`` line ends the report; ``--json FILE`` writes each sentence's outputs. ::

    python bench/prose.py [--model DIR] [--token-model DIR] [--beam 1] [--limit N]
                          [--model-text] [--no-harper] [--span-alone] [--one-file]
                          [--json FILE]
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import torch

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from bench.common import SHARED_DATA, machine  # noqa: E402
from spancopy_core import PRETRAINED  # noqa: E402
from spancopy_core.evaluation.prose_metrics import detokenize  # noqa: E402
from spancopy_core.repair.prose import PLAINTEXT, ProseFrontend  # noqa: E402
from trainer.config import TrainerError  # noqa: E402
from trainer.jfleg import Sentence, is_heldout, read_jfleg, select  # noqa: E402
from trainer.prose_eval import Corrector, Outputs, correct_all, markdown_table, metrics  # noqa: E402

JFLEG = SHARED_DATA / "jfleg"
SPAN_MODEL = PRETRAINED / "prose-en"  # the shipped prose model
SLICES = ("heldout", "all")


def harper_corrector() -> Corrector:
    """Harper with each lint's first suggestion applied; SystemExit if harper-py is missing."""
    try:
        import harper
    except ImportError:
        raise SystemExit("harper-py is not installed: pip install -e '.[bench]'") from None
    linter = harper.Linter()

    def correct(text: str) -> str:
        lints = linter.lint(text, language="plaintext")
        for lint in sorted(lints, key=lambda lint: lint.span.start, reverse=True):
            if lint.suggestions:
                text = linter.apply_suggestion(text, lint, lint.suggestions[0])
        return text

    return correct


Results = dict[str, dict[str, dict[str, float]]]  # slice -> system -> metric -> value


def one_file(corrector: Corrector) -> Corrector:
    """``corrector`` given all the sentences as one document, a line each (set by
    :func:`file_lines` before the run): the first call (:func:`run_systems`' untimed warm-up)
    corrects them all, each call returns its sentence's line."""
    state: dict[str, Any] = {"lines": [], "out": None}

    def correct(text: str) -> str:
        lines: list[str] = state["lines"]
        if state["out"] is None:
            out = corrector("\n".join(lines) + "\n").split("\n")
            if len(out) != len(lines) + 1:  # an edit joined or split lines: each as it was
                out = list(lines)
            state["out"] = dict(zip(lines, out[: len(lines)], strict=True))
        return state["out"].get(text, text)

    correct.state = state  # type: ignore[attr-defined]  # set by file_lines
    return correct


def file_lines(correct: Corrector, lines: Sequence[str]) -> None:
    """Give a :func:`one_file` corrector the lines of its document."""
    correct.state.update(lines=list(lines), out=None)  # type: ignore[attr-defined]


def run_systems(
    systems: dict[str, tuple[Corrector, bool]], sentences: Sequence[Sentence], progress: bool
) -> tuple[Results, dict[str, Outputs]]:
    """Per slice, per system, the metrics, and each system's outputs; ``systems`` maps a name
    to its corrector and whether it reads detokenised text. Each system runs once over
    ``sentences``."""
    results: Results = {s: {} for s in SLICES}
    outputs: dict[str, Outputs] = {}
    for name, (corrector, detokenized) in systems.items():
        out = correct_all(
            corrector, sentences, detokenized=detokenized, progress=progress, desc=name
        )
        outputs[name] = out
        by_index = {s.index: (t, ms) for s, t, ms in zip(sentences, out.texts, out.ms)}
        for slice_name in SLICES:
            part = select(list(sentences), slice_name)
            texts = [by_index[s.index][0] for s in part]
            ms = [by_index[s.index][1] for s in part]
            results[slice_name][name] = metrics(part, Outputs(texts, ms))
    return results, outputs


def records(sentences: Sequence[Sentence], outputs: dict[str, Outputs]) -> list[dict[str, Any]]:
    """One record per sentence: its index, whether it is held out, source, references, each
    system's output and its milliseconds."""
    return [
        {
            "index": s.index,
            "heldout": is_heldout(s),
            "source": s.source,
            "references": list(s.references),
            "outputs": {name: out.texts[k] for name, out in outputs.items()},
            "ms": {name: out.ms[k] for name, out in outputs.items()},
        }
        for k, s in enumerate(sentences)
    ]


def report(results: Results, split: str) -> str:
    """The tables of both slices and the RESULT line."""
    out = []
    for slice_name in SLICES:
        columns = results[slice_name]
        n = int(next(iter(columns.values()))["sentences"])
        out += [f"JFLEG {split}, {slice_name} (n={n})", markdown_table(columns), ""]
    fields = [f"split={split}"]
    fields += [f"n_{s}={int(next(iter(results[s].values()))['sentences'])}" for s in SLICES]
    for name in results["all"]:
        for slice_name in SLICES:
            r = results[slice_name][name]
            fields.append(f"{name}_gleu_{slice_name}={100 * r['gleu']:.2f}")
            fields.append(f"{name}_f05_{slice_name}={100 * r['f0.5']:.2f}")
        r = results["all"][name]
        fields.append(f"{name}_exact_all={100 * r['exact']:.2f}")
        fields.append(f"{name}_ms_p50={r['ms_p50']:.2f}")
        fields.append(f"{name}_ms_mean={r['ms_mean']:.2f}")
    out.append("RESULT " + " ".join(fields))
    return "\n".join(out)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--data", type=Path, default=JFLEG, help="a JFLEG-layout directory")
    ap.add_argument("--split", default="dev", help="the split to correct")
    ap.add_argument("--model", type=Path, default=SPAN_MODEL, help="the span-copy prose model")
    ap.add_argument(
        "--token-model", type=Path, help="the token-copy prose model (default: left out)"
    )
    ap.add_argument(
        "--beam",
        type=int,
        default=PLAINTEXT.beam_size,
        help="beam width of the models (default: the prose front-end's, as spancopy repair)",
    )
    ap.add_argument("--limit", type=int, help="only the first N sentences of the split")
    ap.add_argument(
        "--model-text",
        action="store_true",
        help="give the models the sentence as text (the corpus line detokenised, as Harper gets"
        " it) instead of the corpus line in the Penn Treebank spacing they are trained in",
    )
    ap.add_argument("--no-harper", action="store_true", help="leave Harper out")
    ap.add_argument(
        "--span-alone",
        action="store_true",
        help="also run the span model's pipeline without Harper's suggestions (span-alone; "
        "span is the shipped front-end, Harper's suggestions among its candidates)",
    )
    ap.add_argument(
        "--one-file",
        action="store_true",
        help="also run the span model's pipeline on the split as one file (span-file)",
    )
    ap.add_argument("--no-progress", action="store_true", help="no progress bars")
    ap.add_argument(
        "--json", type=Path, metavar="FILE", help="write one record per sentence (JSON lines)"
    )
    args = ap.parse_args(argv)
    from spancopy_core.repair.pipeline import RepairOptions
    from spancopy_core.storage.checkpoint import CheckpointError, load_model
    from trainer.prose_eval import model_corrector, pipeline_corrector

    torch.set_num_threads(1)
    try:
        sentences = read_jfleg(args.data, args.split)[: args.limit]
        systems: dict[str, tuple[Corrector, bool]] = {"source": (lambda text: text, False)}
        if not args.no_harper:
            systems["harper"] = (harper_corrector(), True)
        models = {"span": args.model, "token": args.token_model}
        for name, path in models.items():
            if path is not None:
                model = load_model(path, device="cpu")
                systems[name] = (model_corrector(model, args.beam, "merged"), args.model_text)
                if name == "span" and args.span_alone:
                    alone = ProseFrontend("plain", frozenset(), (), markdown=False, harper=None)
                    options = RepairOptions(beam_size=args.beam, top_k=1)
                    corrector = pipeline_corrector(model, alone, options)
                    systems["span-alone"] = (corrector, args.model_text)
                if name == "span" and args.one_file:
                    whole = one_file(model_corrector(model, args.beam, "merged"))
                    texts = [
                        detokenize(s.source) if args.model_text else s.source for s in sentences
                    ]
                    file_lines(whole, texts)
                    systems["span-file"] = (whole, args.model_text)
    except (TrainerError, CheckpointError) as exc:
        sys.stderr.write(f"error: {exc}\n")
        return 2
    print(machine())
    given = "text" if args.model_text else "corpus lines"
    print(f"data {args.data} split={args.split} beam={args.beam} models read {given}")
    for name, path in models.items():
        if path is not None:
            print(f"{name} model: {path}")
    results, outputs = run_systems(systems, sentences, progress=not args.no_progress)
    print(report(results, args.split))
    if args.json:
        lines = (json.dumps(r) + "\n" for r in records(sentences, outputs))
        args.json.write_text("".join(lines), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
