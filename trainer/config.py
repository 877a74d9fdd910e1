"""TrainConfig: every setting of a training run, declared once, with its command-line help.

Each field of :class:`TrainConfig` is an :func:`option`: its default, help text and bounds or
choices. ``python -m trainer train`` derives one option per field from them (``--batch-size``
for ``batch_size``, ``--no-amp`` for a switch that is on by default), and the sizes and modes
of the model come from the fields of :class:`~spancopy_core.paper.config.ModelConfig`, documented by
:data:`MODEL_OPTIONS`; so a default is written only once. A config that breaks a bound raises
:class:`TrainerError`, the trainer's error for bad option values, paths and data (shown as a
one-line message).
"""

from __future__ import annotations

from dataclasses import MISSING, asdict, dataclass, field, fields
from functools import partial
from pathlib import Path
from typing import Any

from spancopy_core.paper.config import COPY_MODES, DEVICES, OBJECTIVES, ModelConfig


class TrainerError(Exception):
    """A bad option value, path or data: the command line shows the message as one line."""


class DataError(TrainerError):
    """Bad training or evaluation data; the message names the file (and line). Here, not in
    :mod:`trainer.data`, so that what raises it need not import torch."""


def option_metadata(
    help: str,
    *,
    choices: tuple[str, ...] | None = None,
    minimum: float | None = None,
    maximum: float | None = None,
    metavar: str | None = None,
) -> dict[str, Any]:
    """What the command line needs to know of a setting besides its type and default."""
    return {
        "help": help,
        "choices": choices,
        "minimum": minimum,
        "maximum": maximum,
        "metavar": metavar,
    }


def option(help: str, default: Any = MISSING, **kw: Any) -> Any:
    """A dataclass field with its command-line metadata (see :func:`option_metadata`); no
    default makes a required option, a list default a fresh copy of the list per instance."""
    metadata = option_metadata(help, **kw)
    if isinstance(default, list):
        return field(default_factory=partial(list, default), metadata=metadata)
    return field(default=default, metadata=metadata)


def flag(name: str, default: Any = None) -> str:
    """The command-line option of setting ``name``: ``--batch-size`` for ``batch_size``, and
    ``--no-amp`` for ``amp``, a switch that is on by default."""
    dashed = name.replace("_", "-")
    return f"--no-{dashed}" if default is True else f"--{dashed}"


MODEL_OPTIONS: dict[str, dict[str, Any]] = {
    "embedding_dim": option_metadata("token embedding size"),
    "hidden_size": option_metadata("hidden size (even: the encoder is bidirectional)"),
    "encoder_layers": option_metadata("layers of the bidirectional encoder GRU"),
    "decoder_layers": option_metadata("layers of the decoder GRU"),
    "dropout": option_metadata("dropout probability, also when fine-tuning with --init"),
    "copy_mode": option_metadata(
        "span: copy whole spans (Seq2Seq+CopySpan); token: one token per copy (CopyTok)",
        choices=COPY_MODES,
    ),
    "objective": option_metadata(
        "training loss (paper Table 2): marginal likelihood of all action sequences, "
        "any_correct or longest",
        choices=OBJECTIVES,
    ),
    "focus": option_metadata(
        "tell the model where the user points: a learned focus feature on the input tokens "
        "(spancopy_core.paper.focus), derived from each pair's diff; with --init, added to a "
        "model that lacks it"
    ),
    "context": option_metadata(
        "read the context segment that inputs may end with (spancopy_core.paper.context: names the "
        "method lacks, from synth --context): a learned marker on its tokens; with --init, "
        "added to a model that lacks it"
    ),
    "char_ngrams": option_metadata(
        "hash buckets of a character n-gram embedding added to every token's (so that the "
        "model sees how an unknown word is spelt, spancopy_core.paper.ngrams); 0: none",
        minimum=0,
        metavar="BUCKETS",
    ),
    "edit_dim": option_metadata(
        "edit-representation mode (the paper's first experiment, after Yin et al. 2019) when "
        "above 0: the size of the edit vector f(x-, x+) that a biGRU encodes from each pair's "
        "aligned sides; the model learns to reconstruct the output from the input and "
        "f(input, output). With --init, an edit encoder is added to a model that lacks one"
    ),
}


@dataclass
class TrainConfig:
    """A training run. Paths are data directories (BFP layout or JSONL, see ``trainer.data``)."""

    train: list[Path] = option("data directories holding the training split", metavar="DIR")
    out: Path = option(
        "output model directory (best model, checkpoint/, metrics.jsonl)", metavar="MODEL_DIR"
    )
    valid: list[Path] = option(
        "directories holding the validation split (default: hold out --valid-fraction of the "
        "training pairs)",
        [],
        metavar="DIR",
    )
    train_split: str = option("name of the training split in the --train directories", "train")
    valid_split: str = option("name of the validation split in the --valid directories", "valid")
    valid_fraction: float = option(
        "training pairs held out for validation when there is no --valid",
        0.05,
        minimum=0.0,
        maximum=1.0,
    )
    init: Path | None = option(
        "fine-tune this model (default: train a new one)", None, metavar="MODEL_DIR"
    )
    resume: bool = option("continue from MODEL_DIR/checkpoint", False)
    overwrite: bool = option(
        "replace the model, metrics and checkpoint already in MODEL_DIR (without this or "
        "--resume, a MODEL_DIR that holds them is refused)",
        False,
    )
    vocab_from: list[Path] = option(
        "data directories whose tokens all join the vocabulary, before the training tokens "
        "(their train and valid splits; they are not trained on)",
        [],
        metavar="DIR",
    )
    vocab_min_count: int = option(
        "training tokens seen fewer times stay out of the vocabulary", 2, minimum=1
    )
    vocab_max_size: int = option("most tokens in the vocabulary", 5000, minimum=1)
    model: ModelConfig = field(default_factory=ModelConfig)  # options: MODEL_OPTIONS
    focus_none: float = option(
        "with --focus: share of training pairs shown without a focus",
        0.2,
        minimum=0.0,
        maximum=1.0,
    )
    focus_neighbour: float = option(
        "with --focus: share whose focus is the statement before or after the change",
        0.1,
        minimum=0.0,
        maximum=1.0,
    )
    focus_wider: float = option(
        "with --focus: share whose focus is widened by a statement on each side",
        0.15,
        minimum=0.0,
        maximum=1.0,
    )
    max_len: int = option(
        "skip pairs with a longer side (tokens; an input's context segment not counted)",
        100,
        minimum=1,
    )
    batch_size: int = option("most pairs per batch", 64, minimum=1)
    max_tokens: int | None = option(
        "cap on padded tokens per batch (default: no cap)", None, minimum=1
    )
    lr: float = option("peak learning rate of AdamW", 1e-3, minimum=0.0)
    weight_decay: float = option(
        "AdamW weight decay of the weight matrices (not of biases or embeddings)",
        0.01,
        minimum=0.0,
    )
    warmup: int = option("steps of linear learning-rate warm-up", 200, minimum=0)
    clip: float = option("gradient norm clipping threshold", 1.0, minimum=0.0)
    epochs: int = option("most epochs", 20, minimum=1)
    max_steps: int | None = option(
        "stop after this many steps (default: no limit)", None, minimum=1
    )
    minutes: float | None = option(
        "stop after this many minutes of training, a resumed run's earlier minutes counted; "
        "the epoch ends there: validated, the model saved if best (default: no limit)",
        None,
        minimum=0.0,
    )
    patience: int = option("epochs without validation improvement before stopping", 3, minimum=1)
    seed: int = option("seed of the initialisation, batch order and held-out split", 0)
    device: str = option("where to train (auto: CUDA when available)", "auto", choices=DEVICES)
    workers: int = option("DataLoader worker processes", 1, minimum=0)
    amp: bool = option("no mixed precision on CUDA", True)
    log_every: int = option("log the mean training loss every N steps", 50, minimum=1)
    save_every: int = option(
        "also checkpoint every N steps (0: at the end of each epoch only)", 0, minimum=0
    )
    progress: bool = option("no progress bar", True)
    threads: int | None = option("CPU threads for torch (default: all cores)", None, minimum=1)

    def __post_init__(self) -> None:
        for f in fields(self):
            if f.name != "model":
                check_option(f.name, getattr(self, f.name), f.metadata)
        noise = self.focus_none + self.focus_neighbour + self.focus_wider
        if noise > 1:
            raise TrainerError(
                f"--focus-none, --focus-neighbour and --focus-wider add up to {noise:g}: "
                "they are shares of the training pairs, at most 1 together"
            )

    def to_dict(self) -> dict[str, Any]:
        d = asdict(self)
        for key, value in d.items():
            if isinstance(value, Path):
                d[key] = str(value)
            elif isinstance(value, list):
                d[key] = [str(v) for v in value]
        return d


def check_option(name: str, value: Any, metadata: dict[str, Any]) -> None:
    """Raise :class:`TrainerError` if ``value`` breaks the bounds or choices of ``name``."""
    if value is None or isinstance(value, bool):
        return
    low, high, choices = metadata["minimum"], metadata["maximum"], metadata["choices"]
    if low is not None and value < low:
        raise TrainerError(f"{flag(name)} must be at least {low:g}, not {value:g}")
    if high is not None and value > high:
        raise TrainerError(f"{flag(name)} must be at most {high:g}, not {value:g}")
    if choices is not None and value not in choices:
        raise TrainerError(f"{flag(name)} must be one of {', '.join(choices)}, not {value!r}")
