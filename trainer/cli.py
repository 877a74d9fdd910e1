"""Command line of the trainer: ``python -m trainer [synth|import-edits|train|evaluate]``.

Without a command it runs the zero-configuration demo: a small model trained for a few
minutes on the bundled sample dataset (``trainer/sample_data``), then evaluated. Every
command turns bad input into a one-line error (exit status 2) naming the file and line.
"""

from __future__ import annotations

import argparse
import json
import logging
import os
import sys
import tempfile
from pathlib import Path

from spancopy_core.checkpoint import CheckpointError
from spancopy_core.config import COPY_MODES, OBJECTIVES, ModelConfig

from .config import TrainConfig
from .data import DataError

log = logging.getLogger("trainer")
SAMPLE_DATA = Path(__file__).resolve().parent / "sample_data"


def _add_train(sub) -> None:
    p = sub.add_parser(
        "train",
        help="train a model (resumable, DDP under torchrun)",
        description="Train a span-copy model on BFP-layout or JSONL data directories.",
    )
    p.add_argument(
        "--train",
        type=Path,
        nargs="+",
        required=True,
        metavar="DIR",
        help="data directories holding the training split",
    )
    p.add_argument(
        "--valid",
        type=Path,
        nargs="+",
        metavar="DIR",
        help="directories holding the validation split (default: hold out "
        "--valid-fraction of the training pairs)",
    )
    p.add_argument(
        "--out",
        type=Path,
        required=True,
        metavar="MODEL_DIR",
        help="output model directory (best model, checkpoint/, metrics.jsonl)",
    )
    p.add_argument("--init", type=Path, metavar="MODEL_DIR", help="fine-tune this model")
    p.add_argument("--resume", action="store_true", help="continue from MODEL_DIR/checkpoint")
    p.add_argument("--train-split", default="train")
    p.add_argument("--valid-split", default="valid")
    p.add_argument("--valid-fraction", type=float, default=0.05)
    p.add_argument(
        "--vocab-from",
        type=Path,
        nargs="*",
        default=[],
        metavar="DIR",
        help="data directories whose tokens all join the vocabulary, before the training "
        "tokens (their train and valid splits; they are not trained on)",
    )
    p.add_argument("--vocab-min-count", type=int, default=2)
    p.add_argument("--vocab-max-size", type=int, default=5000)
    p.add_argument("--threads", type=int, help="CPU threads for torch (default: all cores)")
    p.add_argument("--copy-mode", choices=COPY_MODES, default="span")
    p.add_argument("--objective", choices=OBJECTIVES, default="marginal")
    p.add_argument("--embedding-dim", type=int, default=128)
    p.add_argument("--hidden-size", type=int, default=256)
    p.add_argument("--encoder-layers", type=int, default=2)
    p.add_argument("--decoder-layers", type=int, default=1)
    p.add_argument("--dropout", type=float, default=0.2)
    p.add_argument("--max-len", type=int, default=100, help="skip pairs with a longer side")
    p.add_argument("--batch-size", type=int, default=64)
    p.add_argument("--max-tokens", type=int, help="cap on padded tokens per batch")
    p.add_argument("--lr", type=float, default=1e-3)
    p.add_argument("--weight-decay", type=float, default=0.01)
    p.add_argument("--warmup", type=int, default=200)
    p.add_argument("--clip", type=float, default=1.0)
    p.add_argument("--epochs", type=int, default=20)
    p.add_argument("--max-steps", type=int)
    p.add_argument("--patience", type=int, default=3)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--device", choices=["auto", "cpu", "cuda"], default="auto")
    p.add_argument("--workers", type=int, default=1, help="DataLoader worker processes")
    p.add_argument("--no-amp", action="store_true", help="no mixed precision on CUDA")
    p.add_argument("--log-every", type=int, default=50)
    p.add_argument(
        "--save-every",
        type=int,
        default=0,
        help="also checkpoint every N steps (default: every epoch)",
    )
    p.add_argument("--no-progress", action="store_true")


def _add_evaluate(sub) -> None:
    p = sub.add_parser(
        "evaluate",
        help="decode a split and report the paper's metrics",
        description="Accuracy (two top-1 conventions), accuracy@k, MRR, structural match.",
    )
    p.add_argument("--model", type=Path, required=True, metavar="MODEL_DIR")
    p.add_argument("--data", type=Path, required=True, metavar="DIR")
    p.add_argument("--split", default="test")
    p.add_argument("--beam", type=int, default=20)
    p.add_argument("--variant", choices=["merged", "merge_at_end", "greedy"], default="merged")
    p.add_argument("--limit", type=int, help="only the first N pairs")
    p.add_argument("--json", type=Path, metavar="OUT", help="also write the results as JSON")
    p.add_argument(
        "--span-hist",
        type=Path,
        metavar="PNG",
        help="draw the copy-length histogram of greedy decoding",
    )
    p.add_argument("--device", choices=["auto", "cpu", "cuda"], default="auto")
    p.add_argument("--batch-size", type=int, default=32)
    p.add_argument("--no-progress", action="store_true")


def _add_split(sub) -> None:
    p = sub.add_parser(
        "split",
        help="carve a fixed, seeded held-out slice out of a split",
        description="Write OUT/TRAIN and OUT/HELD (BFP layout): a seeded random fraction of "
        "the pairs of DIR/SPLIT is held out, the rest is for training.",
    )
    p.add_argument("--data", type=Path, required=True, metavar="DIR")
    p.add_argument("--split", default="valid")
    p.add_argument("--held-out", type=float, default=0.1, metavar="FRACTION")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--out", type=Path, required=True, metavar="DIR")
    p.add_argument("--train-name", default="train")
    p.add_argument("--held-name", default="test")


def _cores() -> int:
    """The CPU cores this process may use."""
    if hasattr(os, "sched_getaffinity"):
        return len(os.sched_getaffinity(0))
    return os.cpu_count() or 1


def _add_synth(sub) -> None:
    p = sub.add_parser(
        "synth",
        help="synthetic bug-fix pairs (BFP format) from real Java",
        description="Make BFP-format pairs from real Java methods: each method is the fix, "
        "its bug one mutation reversing a common BFP fix. Writes OUT/{small,medium}/"
        "SPLIT.{buggy,fixed,kind} and OUT/summary.json.",
    )
    p.add_argument(
        "--java",
        type=Path,
        nargs="+",
        required=True,
        metavar="SRC",
        help="directories (searched for *.java), .java files or .zip archives (src.zip)",
    )
    p.add_argument("--out", type=Path, required=True, metavar="DIR")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument(
        "--workers", type=int, default=_cores(), help="worker processes (default: all cores)"
    )
    p.add_argument("--limit", type=int, metavar="N", help="stop after N pairs")
    p.add_argument("--idioms", type=Path, metavar="FILE", help="idioms JSON (default: shipped)")
    p.add_argument(
        "--per-method", type=int, default=2, metavar="K", help="mutants per method, at most"
    )
    p.add_argument(
        "--valid",
        type=float,
        default=0.02,
        metavar="FRACTION",
        help="files whose pairs go to valid",
    )
    p.add_argument(
        "--test", type=float, default=0.0, metavar="FRACTION", help="files whose pairs go to test"
    )
    p.add_argument("--no-progress", action="store_true")


def _add_import_edits(sub) -> None:
    p = sub.add_parser(
        "import-edits",
        help="abstract real Java edit pairs (JSONL) into BFP format",
        description="Abstract JSONL records of concrete Java methods (buggy, fixed, imports) "
        "into OUT/{small,medium}/SPLIT.{buggy,fixed} and OUT/summary.json.",
    )
    p.add_argument("files", type=Path, nargs="+", metavar="FILE.jsonl")
    p.add_argument("--out", type=Path, required=True, metavar="DIR")
    p.add_argument("--idioms", type=Path, metavar="FILE", help="idioms JSON (default: shipped)")
    p.add_argument("--held-out", type=float, default=0.1, metavar="FRACTION")
    p.add_argument("--held-name", default="valid", help="name of the held-out split")
    p.add_argument("--seed", type=int, default=0)


def _add_idioms(sub) -> None:
    p = sub.add_parser(
        "idioms",
        help="extract the idiom vocabulary from BFP files",
        description="Write the idioms (non-placeholder names and literals) of BFP files as "
        "the JSON that synth and import-edits read with --idioms.",
    )
    p.add_argument("files", type=Path, nargs="+", metavar="FILE", help="BFP .buggy/.fixed files")
    p.add_argument("--out", type=Path, required=True, metavar="FILE.json")


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m trainer",
        description="Build span-copy repair models. Without a command: a few-minute demo "
        "on the bundled sample dataset.",
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    _add_train(sub)
    _add_evaluate(sub)
    _add_split(sub)
    _add_synth(sub)
    _add_import_edits(sub)
    _add_idioms(sub)
    return parser


def train_config(args: argparse.Namespace) -> TrainConfig:
    model = ModelConfig(
        embedding_dim=args.embedding_dim,
        hidden_size=args.hidden_size,
        encoder_layers=args.encoder_layers,
        decoder_layers=args.decoder_layers,
        dropout=args.dropout,
        copy_mode=args.copy_mode,
        objective=args.objective,
    )
    return TrainConfig(
        train=args.train,
        out=args.out,
        valid=args.valid or [],
        train_split=args.train_split,
        valid_split=args.valid_split,
        valid_fraction=args.valid_fraction,
        init=args.init,
        resume=args.resume,
        vocab_from=args.vocab_from,
        vocab_min_count=args.vocab_min_count,
        vocab_max_size=args.vocab_max_size,
        model=model,
        max_len=args.max_len,
        batch_size=args.batch_size,
        max_tokens=args.max_tokens,
        lr=args.lr,
        weight_decay=args.weight_decay,
        warmup=args.warmup,
        clip=args.clip,
        epochs=args.epochs,
        max_steps=args.max_steps,
        patience=args.patience,
        seed=args.seed,
        device=args.device,
        workers=args.workers,
        amp=not args.no_amp,
        log_every=args.log_every,
        save_every=args.save_every,
        progress=not args.no_progress,
        threads=args.threads,
    )


def cmd_train(args: argparse.Namespace) -> int:
    from .train import main as train_main

    summary = train_main(train_config(args))
    log.info("done: %s", json.dumps(summary))
    return 0


def cmd_evaluate(args: argparse.Namespace) -> int:
    from .evaluate import markdown_table, run

    result = run(
        args.model,
        args.data,
        args.split,
        args.beam,
        args.variant,
        args.limit,
        args.json,
        args.span_hist,
        args.device,
        args.batch_size,
        not args.no_progress,
    )
    print(
        markdown_table({f"{args.model.name} ({args.variant}, beam {args.beam})": result["metrics"]})
    )
    return 0


def cmd_demo(args: argparse.Namespace) -> int:
    """Train on the bundled sample for a few minutes, then evaluate on its test split."""
    from .evaluate import markdown_table, run
    from .train import main as train_main

    out = Path(tempfile.mkdtemp(prefix="spancopy-demo-"))
    log.info("demo: training a small model on %s into %s", SAMPLE_DATA, out)
    config = TrainConfig(
        train=[SAMPLE_DATA],
        valid=[SAMPLE_DATA],
        out=out,
        vocab_min_count=1,
        model=ModelConfig(embedding_dim=64, hidden_size=128, dropout=0.1),
        batch_size=32,
        lr=2e-3,
        warmup=50,
        epochs=4,
        patience=2,
        workers=0,
    )
    train_main(config)
    result = run(out, SAMPLE_DATA, "test", beam=5, limit=100)
    print(markdown_table({"demo model (beam 5)": result["metrics"]}))
    log.info(
        "model saved in %s; evaluate it with: python -m trainer evaluate --model %s "
        "--data %s --split test",
        out,
        out,
        SAMPLE_DATA,
    )
    return 0


def cmd_split(args: argparse.Namespace) -> int:
    from .data import held_out_split, read_pairs, write_pairs

    if not 0 < args.held_out < 1:
        raise ValueError("--held-out must be a fraction between 0 and 1")
    train, held = held_out_split(read_pairs(args.data, args.split), args.held_out, args.seed)
    write_pairs(args.out, args.train_name, train)
    write_pairs(args.out, args.held_name, held)
    log.info(
        "%s: %d %s pairs, %d %s pairs",
        args.out,
        len(train),
        args.train_name,
        len(held),
        args.held_name,
    )
    return 0


def _counts_table(title: str, counts: dict[str, int]) -> str:
    width = max(map(len, counts), default=0)
    return "\n".join([title, *(f"  {k:<{width}}  {v:>9,}" for k, v in counts.items())])


def _pairs_table(pairs: dict[str, dict[str, int]]) -> str:
    return "\n".join(
        f"  {bucket:<6}  " + "  ".join(f"{s} {n:,}" for s, n in splits.items())
        for bucket, splits in pairs.items()
    )


def cmd_synth(args: argparse.Namespace) -> int:
    from .idioms import load_idioms
    from .synth import run as synth

    summary = synth(
        args.java,
        args.out,
        load_idioms(args.idioms),
        seed=args.seed,
        workers=args.workers,
        per_method=args.per_method,
        limit=args.limit,
        valid=args.valid,
        test=args.test,
        progress=not args.no_progress,
    )
    print(f"{args.out}: {summary['total_pairs']:,} pairs from {summary['files']['read']:,} files")
    print(f"in {summary['seconds']} s")
    print(_pairs_table(summary["pairs"]))
    print(_counts_table("pairs per kind:", summary["kinds"]))
    print(_counts_table("counts:", summary["counts"]))
    return 0


def cmd_import_edits(args: argparse.Namespace) -> int:
    from .edits_import import run as import_edits
    from .idioms import load_idioms

    summary = import_edits(
        args.files,
        args.out,
        load_idioms(args.idioms),
        held_out=args.held_out,
        held_name=args.held_name,
        seed=args.seed,
    )
    print(f"{args.out}: {summary['total_pairs']:,} pairs")
    print(_pairs_table(summary["pairs"]))
    print(_counts_table("pairs per source:", summary["sources"]))
    print(_counts_table("counts:", summary["counts"]))
    return 0


def cmd_idioms(args: argparse.Namespace) -> int:
    from .idioms import bfp_idioms, write_idioms

    tokens = bfp_idioms(args.files)
    write_idioms(args.out, tokens, args.files)
    log.info("%s: %d idioms", args.out, len(tokens))
    return 0


COMMANDS = {
    "train": cmd_train,
    "evaluate": cmd_evaluate,
    "split": cmd_split,
    "synth": cmd_synth,
    "import-edits": cmd_import_edits,
    "idioms": cmd_idioms,
    None: cmd_demo,
}


def run(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    try:
        return COMMANDS[args.command](args)
    except (DataError, CheckpointError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    except ValueError as exc:  # bad option values, e.g. an invalid model configuration
        print(f"error: {exc}", file=sys.stderr)
        return 2
    except OSError as exc:  # e.g. an output directory that cannot be written
        print(f"error: {exc.filename or ''}: {exc.strerror}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(message)s", stream=sys.stderr)
    return run(args, parser)
