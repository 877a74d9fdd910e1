"""Command line of the trainer: ``python -m trainer [synth|synth-prose|jfleg-data|...]``.

Without a command it runs the zero-configuration demo: a small model trained for a few
minutes on the bundled sample dataset (``trainer/sample_data``), then evaluated. The options
of ``train`` are derived from the fields of :class:`~trainer.config.TrainConfig` (and of its
``ModelConfig``), so their defaults, help, bounds and choices are written once, there; every
option's help shows its default. A bad command line, a bad option value, path or data
(:class:`~trainer.config.TrainerError`, :class:`~spancopy_core.storage.checkpoint.CheckpointError`)
becomes a one-line error (exit status 2) naming the option, or the file and line; anything
else is a bug and ends with its traceback.
"""

from __future__ import annotations

import argparse
import json
import logging
import os
import sys
import tempfile
from collections.abc import Callable
from dataclasses import MISSING, Field, fields
from pathlib import Path
from types import NoneType
from typing import Any, NoReturn, get_args, get_origin, get_type_hints

from spancopy_core.paper.config import DEVICES, VARIANTS, ModelConfig

from .config import MODEL_OPTIONS, TrainConfig, TrainerError, flag
from .jfleg import SLICES

log = logging.getLogger("trainer")
SAMPLE_DATA = Path(__file__).resolve().parent / "sample_data"


class _HelpFormatter(argparse.HelpFormatter):
    """Ends the help of each option with its default, where it has one to show."""

    def _get_help_string(self, action: argparse.Action) -> str:
        text, default = action.help or "", action.default
        if (
            action.required
            or isinstance(default, bool)
            or default in (None, [], argparse.SUPPRESS)
            or "default" in text
        ):
            return text
        shown = " ".join(map(str, default)) if isinstance(default, list) else str(default)
        return f"{text} (default: {shown.replace('%', '%%')})"  # paths as paths, not PosixPath()


class _Parser(argparse.ArgumentParser):
    """Reports a bad command line in one line, like every other error of the trainer."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"error: {message} (see {self.prog} --help)\n")


def _command(
    sub, name: str, help: str, description: str, config: type | None = None
) -> argparse.ArgumentParser:
    """The subcommand ``name``; with ``config``, an option for each field of that config
    dataclass (:func:`_add_config_options`)."""
    p = sub.add_parser(name, help=help, description=description, formatter_class=_HelpFormatter)
    if config is not None:
        _add_config_options(p, config)
    return p


def _at_least(low: int) -> Callable[[str], int]:
    """An option type: a whole number of at least ``low``."""

    def convert(text: str) -> int:
        value = int(text)
        if value < low:
            raise argparse.ArgumentTypeError(f"must be at least {low}, not {value}")
        return value

    convert.__name__ = "int"  # argparse's message for a non-number: "invalid int value"
    return convert


def _add_option(
    p: argparse.ArgumentParser, name: str, hint: Any, default: Any, meta: dict[str, Any]
) -> None:
    """The option of one setting: its flag, type and number of values from the field's type,
    its help, choices and metavar from the field's metadata."""
    kw: dict[str, Any] = {"dest": name, "help": meta["help"]}
    if hint is bool:
        p.add_argument(flag(name, default), action="store_false" if default else "store_true", **kw)
        return
    if get_origin(hint) is list:
        (hint,) = get_args(hint)
        kw["nargs"] = "+" if default is MISSING else "*"
    elif NoneType in get_args(hint):
        (hint,) = (t for t in get_args(hint) if t is not NoneType)
    if default is MISSING:
        kw["required"] = True
    else:
        kw["default"] = default
    kw.update({key: meta[key] for key in ("choices", "metavar") if meta[key] is not None})
    p.add_argument(flag(name), type=hint, **kw)


def _add_train(sub) -> None:
    p = _command(
        sub,
        "train",
        "train a model (resumable, DDP under torchrun)",
        "Train a span-copy model on BFP-layout or JSONL data directories.",
    )
    hints, model_hints = get_type_hints(TrainConfig), get_type_hints(ModelConfig)
    for f in fields(TrainConfig):
        if f.name == "model":
            for m in fields(ModelConfig):
                _add_option(p, m.name, model_hints[m.name], m.default, MODEL_OPTIONS[m.name])
        else:
            _add_option(p, f.name, hints[f.name], _default(f), f.metadata)


def _default(f: Field) -> Any:
    """The default of a config field (a fresh list for a list), or MISSING."""
    return f.default_factory() if f.default_factory is not MISSING else f.default


def _add_config_options(p: argparse.ArgumentParser, config: type) -> None:
    """An option of ``p`` for each field of the config dataclass ``config`` that has its
    command-line metadata (:func:`trainer.config.option`; a field without keeps its default)."""
    hints = get_type_hints(config)
    for f in fields(config):
        if f.metadata:
            _add_option(p, f.name, hints[f.name], _default(f), f.metadata)


def _config_from(args: argparse.Namespace, config: type) -> Any:
    """The ``config`` dataclass of the parsed options that :func:`_add_config_options` made."""
    return config(**{f.name: getattr(args, f.name) for f in fields(config) if f.metadata})


def _add_synth_prose(sub) -> None:
    from .synth_prose import SynthProseConfig

    _command(
        sub,
        "synth-prose",
        "make noisy/clean English sentence pairs from documentation",
        "Clean sentences from documentation files, with learner-like errors added "
        "(trainer/prose_noise.py): OUT/train.jsonl, OUT/valid.jsonl, OUT/summary.json.",
        SynthProseConfig,
    )


def _add_prose_lexicon(sub) -> None:
    from .prose_lexicon import ProseLexiconConfig

    _command(
        sub,
        "prose-lexicon",
        "count the words of the prose spelling corrector's lexicon",
        "The words of the word lists and of the documentation, with their counts in the clean "
        "sentences of the documentation (trainer/prose_lexicon.py): the prior of the "
        "noisy-channel spelling corrector (spancopy_core/repair/channel.py).",
        ProseLexiconConfig,
    )


def _add_java_words(sub) -> None:
    from .java_words import JavaWordsConfig

    _command(
        sub,
        "java-words",
        "list the Java vocabulary that Java comments keep as written",
        "The words of the JDK's identifiers that the English lexicon lacks, used in several of "
        "its files (trainer/java_words.py): the prose of a Java comment never respells them "
        "(spancopy_core/lang/data/java-words.tsv).",
        JavaWordsConfig,
    )


def _add_detect(sub) -> None:
    from .detect import DetectConfig

    _command(
        sub,
        "detect",
        "train the detection head of a repair model: P(the line or method needs a change)",
        "A small classifier on the frozen encoder of --model (trainer/detect.py), from the "
        "buggy and fixed sides of the train split of --data; written to --out as "
        "detector.json and detector.safetensors, with the rules of the automatic code "
        "actions and diagnostics.",
        DetectConfig,
    )


def _add_half(sub) -> None:
    p = _command(
        sub,
        "half",
        "copy a model directory with its weights stored as float16",
        "The model of --model written to --out with its float32 weights stored as float16 "
        "(half the file; spancopy loads them into float32 parameters and computes in "
        "float32); config.json's other fields are kept.",
    )
    p.add_argument("--model", type=Path, required=True, metavar="DIR", help="model directory")
    p.add_argument("--out", type=Path, required=True, metavar="DIR", help="output directory")


def _add_average(sub) -> None:
    p = _command(
        sub,
        "average",
        "write the weighted mean of the weights of models of one architecture",
        "The models of --models (one architecture, one vocabulary: say two fine-tunings of "
        "one model) averaged parameter by parameter with --weights (trainer/average.py), "
        "written to --out with the first model's config.json and vocabulary.",
    )
    p.add_argument(
        "--models", type=Path, nargs="+", required=True, metavar="DIR", help="model directories"
    )
    p.add_argument(
        "--weights",
        type=float,
        nargs="+",
        metavar="W",
        help="one weight per model, normalised to sum to 1 (default: equal weights)",
    )
    p.add_argument("--out", type=Path, required=True, metavar="DIR", help="output directory")


def _add_evaluate(sub) -> None:
    p = _command(
        sub,
        "evaluate",
        "decode a split and report the paper's metrics (or GLEU on prose data)",
        "On code data (BFP layout or JSONL): accuracy (two top-1 conventions), accuracy@k, "
        "MRR, structural match. On prose data (JFLEG layout: SPLIT.src and SPLIT.ref0..N): "
        "GLEU, edit precision/recall/F0.5, exact-match rate and milliseconds per sentence of "
        "the model's rank-1 correction of each sentence (trainer/prose_eval.py).",
    )
    p.add_argument(
        "--model", type=Path, required=True, metavar="MODEL_DIR", help="the model to evaluate"
    )
    p.add_argument(
        "--data", type=Path, required=True, metavar="DIR", help="data directory of the split"
    )
    p.add_argument("--split", default="test", help="the split to decode")
    p.add_argument(
        "--slice",
        choices=SLICES,
        default="all",
        help="prose data only: the whole split, or the tune or held-out part of its fixed "
        "split (trainer/jfleg.py: every third sentence held out)",
    )
    p.add_argument("--beam", type=_at_least(1), default=20, help="beam width (and hypotheses kept)")
    p.add_argument("--variant", choices=VARIANTS, default="merged", help="the beam search")
    p.add_argument(
        "--limit", type=_at_least(1), help="only the first N pairs or sentences (default: all)"
    )
    p.add_argument("--json", type=Path, metavar="OUT", help="also write the results as JSON")
    p.add_argument(
        "--span-hist",
        type=Path,
        metavar="PNG",
        help="draw the copy-length histogram of greedy decoding",
    )
    p.add_argument(
        "--device", choices=DEVICES, default="auto", help="where to decode (auto: CUDA if any)"
    )
    p.add_argument("--batch-size", type=_at_least(1), default=32, help="inputs decoded together")
    p.add_argument("--no-progress", action="store_true", help="no progress bar")


def _add_split(sub) -> None:
    p = _command(
        sub,
        "split",
        "carve a fixed, seeded held-out slice out of a split",
        "Write OUT/TRAIN and OUT/HELD (BFP layout): a seeded random fraction of "
        "the pairs of DIR/SPLIT is held out, the rest is for training.",
    )
    p.add_argument("--data", type=Path, required=True, metavar="DIR", help="the data directory")
    p.add_argument("--split", default="valid", help="the split to divide")
    p.add_argument("--held-out", type=float, default=0.1, metavar="FRACTION", help="pairs held out")
    p.add_argument("--seed", type=int, default=0, help="seed of the random choice")
    p.add_argument("--out", type=Path, required=True, metavar="DIR", help="output directory")
    p.add_argument("--train-name", default="train", help="split name of the remaining pairs")
    p.add_argument("--held-name", default="test", help="split name of the held-out pairs")


def _add_identity(sub) -> None:
    p = _command(
        sub,
        "identity",
        "identity pairs (correct code left as it is) from the fixed sides of data",
        "Write OUT/SPLIT (BFP layout): the distinct fixed sides of the SPLIT pairs of the "
        "--data directories, each paired with itself (trainer/identity.py).",
    )
    p.add_argument("--data", type=Path, nargs="+", required=True, metavar="DIR", help="data")
    p.add_argument("--split", default="train", help="the split read and written")
    p.add_argument("--limit", type=_at_least(1), metavar="N", help="a seeded sample of N pairs")
    p.add_argument("--seed", type=int, default=0, help="seed of the sample")
    p.add_argument("--out", type=Path, required=True, metavar="DIR", help="output directory")


def _cores() -> int:
    """The CPU cores this process may use."""
    if hasattr(os, "sched_getaffinity"):
        return len(os.sched_getaffinity(0))
    return os.cpu_count() or 1


def _add_synth(sub) -> None:
    p = _command(
        sub,
        "synth",
        "synthetic bug-fix pairs (BFP format) from real Java",
        "Make BFP-format pairs from real Java methods: each method is the fix, "
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
    p.add_argument("--out", type=Path, required=True, metavar="DIR", help="output directory")
    p.add_argument("--seed", type=int, default=0, help="seed of the file order and mutations")
    p.add_argument(
        "--workers",
        type=_at_least(1),
        default=_cores(),
        help="worker processes (default: all cores)",
    )
    p.add_argument(
        "--limit", type=_at_least(1), metavar="N", help="stop after N pairs (default: no limit)"
    )
    p.add_argument(
        "--idioms", type=Path, metavar="FILE", help="idioms JSON (default: the shipped one)"
    )
    p.add_argument(
        "--per-method", type=int, default=2, metavar="K", help="mutants per method, at most"
    )
    p.add_argument(
        "--profile",
        choices=("bfp", "user", "context"),
        default="bfp",
        help="mix of mutation kinds: bfp reverses BFP's fix patterns; user weighs the bugs "
        "people make while writing code (trainer/mutations.py USER_WEIGHTS); context adds a "
        "wrong field of the class, whose fix needs a name the method lacks (default: bfp)",
    )
    p.add_argument(
        "--context",
        action="store_true",
        help="end every buggy side with its method's context segment (spancopy_core.paper.context: "
        "names and literals of the file that the method lacks) for a model trained with "
        "--context (default: off)",
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
    p.add_argument("--no-progress", action="store_true", help="no progress bar")


def _add_import_edits(sub) -> None:
    p = _command(
        sub,
        "import-edits",
        "abstract real Java edit pairs (JSONL) into BFP format",
        "Abstract JSONL records of concrete Java methods (buggy, fixed, imports) "
        "into OUT/{small,medium}/SPLIT.{buggy,fixed} and OUT/summary.json.",
    )
    p.add_argument("files", type=Path, nargs="+", metavar="FILE.jsonl", help="edit records")
    p.add_argument("--out", type=Path, required=True, metavar="DIR", help="output directory")
    p.add_argument(
        "--idioms", type=Path, metavar="FILE", help="idioms JSON (default: the shipped one)"
    )
    p.add_argument(
        "--held-out", type=float, default=0.1, metavar="FRACTION", help="pairs held out per bucket"
    )
    p.add_argument("--held-name", default="valid", help="name of the held-out split")
    p.add_argument("--seed", type=int, default=0, help="seed of the held-out choice")


def _add_idioms(sub) -> None:
    p = _command(
        sub,
        "idioms",
        "extract the idiom vocabulary from BFP files",
        "Write the idioms (non-placeholder names and literals) of BFP files as "
        "the JSON that synth and import-edits read with --idioms.",
    )
    p.add_argument("files", type=Path, nargs="+", metavar="FILE", help="BFP .buggy/.fixed files")
    p.add_argument("--out", type=Path, required=True, metavar="FILE.json", help="output file")


def _add_adapt(sub) -> None:
    from .adapt import AdaptConfig

    _command(
        sub,
        "adapt",
        "fine-tune the shipped Java model on a git repository's own history",
        "Mine the small method edits of the repository's commits, hold out the newest commits "
        "as the evaluation, fine-tune the shipped Java model on the rest (with a replay of BFP "
        "so that it keeps what it knew), print both models' top-1/top-5 on the held-out edits, "
        "and write the adapted model where the server and spancopy repair find it "
        "(trainer/adapt.py). Rerun the same command to continue an interrupted run.",
        AdaptConfig,
    )


def _add_heldout(sub) -> None:
    from .heldout import HELDOUT_JSON

    p = _command(
        sub,
        "heldout",
        "choose the real-bug test and dev projects (trainer/heldout.json)",
        "Choose the ManySStuBs4J projects of the real-bug test and dev slices "
        "(see trainer/heldout.py) and write them as the JSON that import-edits "
        "excludes and bench/real_bugs.py evaluates on.",
    )
    p.add_argument("file", type=Path, metavar="FILE.jsonl", help="ManySStuBs4J edit records")
    p.add_argument(
        "--out",
        type=Path,
        required=True,
        metavar="FILE.json",
        help=f"output file (the shipped table, which moves the benchmark, is {HELDOUT_JSON.name} "
        "in the trainer package; write it there only on purpose)",
    )


def _add_jfleg_data(sub) -> None:
    p = _command(
        sub,
        "jfleg-data",
        "write the fine-tuning pairs of JFLEG's tune part",
        "Pairs of each source of the tune part of a JFLEG split (trainer/jfleg.py: the "
        "held-out slice is never written) with each of its references, as prose tokens: "
        "OUT/train.jsonl and OUT/valid.jsonl (every fifth tune sentence).",
    )
    p.add_argument("--jfleg", type=Path, required=True, metavar="DIR", help="JFLEG directory")
    p.add_argument("--split", default="dev", help="the JFLEG split")
    p.add_argument("--out", type=Path, required=True, metavar="DIR", help="output directory")
    p.add_argument(
        "--max-change",
        type=_at_least(1),
        metavar="TOKENS",
        help="leave out references with a change of more tokens than this (default: keep all)",
    )


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="python -m trainer",
        description="Build span-copy repair models. Without a command: a few-minute demo "
        "on the bundled sample dataset.",
        formatter_class=_HelpFormatter,
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    _add_train(sub)
    _add_evaluate(sub)
    _add_split(sub)
    _add_identity(sub)
    _add_synth(sub)
    _add_synth_prose(sub)
    _add_prose_lexicon(sub)
    _add_java_words(sub)
    _add_half(sub)
    _add_average(sub)
    _add_detect(sub)
    _add_jfleg_data(sub)
    _add_import_edits(sub)
    _add_idioms(sub)
    _add_heldout(sub)
    _add_adapt(sub)
    return parser


def train_config(args: argparse.Namespace) -> TrainConfig:
    """The TrainConfig of ``train``'s options; TrainerError for a value out of bounds."""
    values = vars(args)
    try:
        model = ModelConfig(**{f.name: values[f.name] for f in fields(ModelConfig)})
    except ValueError as exc:  # ModelConfig's own checks, e.g. an odd hidden size
        raise TrainerError(str(exc)) from None
    settings = {f.name: values[f.name] for f in fields(TrainConfig) if f.name != "model"}
    return TrainConfig(**settings, model=model)


def cmd_train(args: argparse.Namespace) -> int:
    from .train import main as train_main

    summary = train_main(train_config(args))
    log.info("done: %s", json.dumps(summary))
    return 0


def cmd_evaluate(args: argparse.Namespace) -> int:
    from .prose_eval import is_prose_dir

    if is_prose_dir(args.data, args.split):
        return _evaluate_prose(args)
    if args.slice != "all":
        raise TrainerError("--slice applies to prose (JFLEG-layout) data only")
    from .evaluate import markdown_table, run

    result = run(
        args.model,
        args.data,
        split=args.split,
        beam=args.beam,
        variant=args.variant,
        limit=args.limit,
        json_out=args.json,
        span_hist=args.span_hist,
        device=args.device,
        batch_size=args.batch_size,
        progress=not args.no_progress,
    )
    print(
        markdown_table({f"{args.model.name} ({args.variant}, beam {args.beam})": result["metrics"]})
    )
    return 0


def _evaluate_prose(args: argparse.Namespace) -> int:
    from . import prose_eval

    if args.span_hist is not None:
        raise TrainerError("--span-hist applies to code data only")
    result = prose_eval.run(
        args.model,
        args.data,
        split=args.split,
        slice_name=args.slice,
        beam=args.beam,
        variant=args.variant,
        limit=args.limit,
        device=args.device,
        progress=not args.no_progress,
    )
    if args.json is not None:
        args.json.parent.mkdir(parents=True, exist_ok=True)
        args.json.write_text(json.dumps(result, indent=2) + "\n")
    name = f"{args.model.name} ({args.variant}, beam {args.beam}; {args.split} {args.slice})"
    print(prose_eval.markdown_table({name: result["metrics"]}))
    return 0


def cmd_demo(args: argparse.Namespace) -> int:
    """Train on the bundled sample for a few minutes, then evaluate on its test split."""
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
    evaluate = ["evaluate", "--model", str(out), "--data", str(SAMPLE_DATA), "--split", "test"]
    cmd_evaluate(build_parser().parse_args([*evaluate, "--beam", "5", "--limit", "100"]))
    log.info("model saved in %s; evaluate it with: python -m trainer %s", out, " ".join(evaluate))
    return 0


def cmd_split(args: argparse.Namespace) -> int:
    from .data import held_out_split, read_pairs, write_pairs

    if not 0 < args.held_out < 1:
        raise TrainerError("--held-out must be a fraction between 0 and 1")
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


def cmd_identity(args: argparse.Namespace) -> int:
    from .identity import run as identity

    n = identity(args.data, args.split, args.out, limit=args.limit, seed=args.seed)
    log.info("%s: %d identity pairs (%s)", args.out, n, args.split)
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
        profile=args.profile,
        with_context=args.context,
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


def cmd_synth_prose(args: argparse.Namespace) -> int:
    from .synth_prose import SynthProseConfig
    from .synth_prose import run as synth_prose

    summary = synth_prose(_config_from(args, SynthProseConfig))
    pairs = summary["pairs"]
    print(f"{args.out}: {pairs['train']:,} train and {pairs['valid']:,} valid pairs")
    print(f"in {summary['seconds']} s")
    print(_counts_table("sentences per format:", summary["sentences"]))
    print(_counts_table("errors per kind:", summary["kinds"]))
    print(_counts_table("counts:", summary["counts"]))
    return 0


def cmd_prose_lexicon(args: argparse.Namespace) -> int:
    from .prose_lexicon import ProseLexiconConfig
    from .prose_lexicon import run as prose_lexicon

    summary = prose_lexicon(_config_from(args, ProseLexiconConfig))
    print(f"{args.out}: {summary['words']:,} words")
    print(_counts_table("words:", summary))
    return 0


def cmd_java_words(args: argparse.Namespace) -> int:
    from .java_words import JavaWordsConfig
    from .java_words import run as java_words

    summary = java_words(_config_from(args, JavaWordsConfig))
    print(f"{args.out}: {summary['words']:,} words")
    return 0


def cmd_half(args: argparse.Namespace) -> int:
    from spancopy_core.storage.checkpoint import load_model, read_config, save_model

    model = load_model(args.model, device="cpu")
    extra = {
        k: v for k, v in read_config(args.model).items() if k not in ("format_version", "model")
    }
    save_model(model, model.vocab, args.out, extra, half=True)
    print(f"{args.out}: float16 weights of {args.model}")
    return 0


def cmd_average(args: argparse.Namespace) -> int:
    from spancopy_core.storage.checkpoint import load_model, read_config, save_model

    from .average import average

    weights = args.weights or [1.0] * len(args.models)
    if len(weights) != len(args.models):
        raise TrainerError(f"{len(args.models)} models and {len(weights)} weights")
    models = [load_model(path, device="cpu") for path in args.models]
    if any(list(m.vocab) != list(models[0].vocab) for m in models[1:]):
        raise TrainerError("the models' vocabularies differ")
    if any(m.config != models[0].config for m in models[1:]):
        raise TrainerError("the models' configurations differ")
    first = models[0]
    first.load_state_dict(average(models, weights))
    extra = {
        k: v for k, v in read_config(args.models[0]).items() if k not in ("format_version", "model")
    }
    extra["averaged"] = {"models": [str(p) for p in args.models], "weights": weights}
    save_model(first, first.vocab, args.out, extra)
    print(f"{args.out}: the mean of {len(models)} models, weights {weights}")
    return 0


def cmd_jfleg_data(args: argparse.Namespace) -> int:
    from .jfleg import read_jfleg, tune_pairs

    for split, pairs in tune_pairs(read_jfleg(args.jfleg, args.split), args.max_change).items():
        path = args.out / f"{split}.jsonl"
        args.out.mkdir(parents=True, exist_ok=True)
        path.write_text(
            "".join(json.dumps({"input": x, "output": y}) + "\n" for x, y in pairs), "utf-8"
        )
        print(f"{path}: {len(pairs):,} pairs")
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


def cmd_heldout(args: argparse.Namespace) -> int:
    from .heldout import write_table

    table = write_table(args.file, args.out)
    for name, pairs in table["pairs"].items():
        print(f"{name}: {pairs:,} pairs of {len(table['projects'][name])} projects")
    print(f"written to {args.out}")
    return 0


def cmd_detect(args: argparse.Namespace) -> int:
    from .detect import DetectConfig
    from .detect import run as detect

    figures = detect(_config_from(args, DetectConfig))
    log.info("written to %s: %s", args.out, json.dumps(figures))
    return 0


def cmd_adapt(args: argparse.Namespace) -> int:
    from .adapt import AdaptConfig
    from .adapt import run as adapt

    return adapt(_config_from(args, AdaptConfig))


COMMANDS = {
    "train": cmd_train,
    "evaluate": cmd_evaluate,
    "split": cmd_split,
    "identity": cmd_identity,
    "synth": cmd_synth,
    "synth-prose": cmd_synth_prose,
    "prose-lexicon": cmd_prose_lexicon,
    "java-words": cmd_java_words,
    "half": cmd_half,
    "average": cmd_average,
    "detect": cmd_detect,
    "jfleg-data": cmd_jfleg_data,
    "import-edits": cmd_import_edits,
    "idioms": cmd_idioms,
    "heldout": cmd_heldout,
    "adapt": cmd_adapt,
    None: cmd_demo,
}


def run(args: argparse.Namespace) -> int:
    """Run the command of ``args``; a user error becomes one line on stderr and status 2."""
    from spancopy_core.storage.checkpoint import (
        CheckpointError,
    )  # imports torch: only once a command runs

    try:
        return COMMANDS[args.command](args)
    except (TrainerError, CheckpointError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    except OSError as exc:  # e.g. an output directory that cannot be written
        print(f"error: {exc.filename or ''}: {exc.strerror}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(message)s", stream=sys.stderr)
    return run(args)
