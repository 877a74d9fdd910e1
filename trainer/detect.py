"""``python -m trainer detect``: train the detection head of a frozen repair model (issue 24).

Examples come from bug/fix pairs (the train split of BFP-layout directories: synthetic bugs of
``synth``, BFP, real edits of ``import-edits``): the buggy side with the focus on the statement
of its first change and without a focus (needs a change), the fixed side with the focus on the
statement at the same place, on a random statement, and without a focus (needs none; equal
examples kept once, one that is both dropped). Their features
(:func:`spancopy_core.paper.detection.features`: the model is not changed) are computed once and
cached in a safetensors file; the head (:class:`~spancopy_core.paper.detection.DetectionHead`)
is then fitted in seconds by Adam on the cross-entropy, the pairs of a seeded ``valid`` share
kept apart (by pair: both sides of a pair on one side of the split) to report its accuracy.
"""

from __future__ import annotations

import hashlib
import json
import logging
import random
from collections.abc import Sequence
from dataclasses import dataclass, fields
from pathlib import Path
from typing import TYPE_CHECKING, NamedTuple

from spancopy_core import DEFAULT_JAVA_MODEL
from spancopy_core.paper import focus
from spancopy_core.paper.config import DEVICES

from .config import TrainerError, check_option, option

if TYPE_CHECKING:  # torch is imported when a command runs, not for the options' help
    import torch

    from spancopy_core.paper.detection import DetectionHead

    from .data import Pair

log = logging.getLogger("trainer.detect")


@dataclass
class DetectConfig:
    """A run of ``detect``."""

    out: Path = option(
        "directory the head is written to (detector.json, detector.safetensors): the model's "
        "own directory to ship it beside the model",
        metavar="DIR",
    )
    data: list[Path] = option(
        "BFP-layout data directories whose train split gives the examples", metavar="DIR"
    )
    model: Path = option(
        "the repair model (not changed) whose encoder the head reads",
        DEFAULT_JAVA_MODEL,
        metavar="DIR",
    )
    cache: Path | None = option(
        "features cache directory (a safetensors file per data directory): read when made "
        "from the same model and options, else written",
        None,
        metavar="FILE",
    )
    limit: int | None = option(
        "a seeded sample of at most this many pairs per data directory", None, minimum=1
    )
    hidden: int = option("hidden units of the head (0: a logistic regression)", 64, minimum=0)
    epochs: int = option("passes over the training examples", 20, minimum=1)
    lr: float = option("Adam's learning rate", 1e-3, minimum=0.0)
    weight_decay: float = option("Adam's weight decay", 1e-3, minimum=0.0)
    valid: float = option("share of pairs kept apart", 0.1, minimum=0.0, maximum=0.5)
    seed: int = option("seed of the sample, the focus drawn, the split and the fit", 0)
    automatic_share: float = option(
        "the least share of its first repair at which a line gets an automatic code action "
        "(the head's probability as calibrated by bench/false_alarms.py --calibrate, which "
        "chooses it; above 1: never)",
        0.5,
        minimum=0.0,
    )
    diagnostics_share: float = option(
        "the least share of its first repair at which diagnostics mark a method", 0.5, minimum=0.0
    )
    threads: int = option("CPU threads for torch", 1, minimum=1)
    device: str = option(
        "where the features are computed (auto: CUDA when available); the head is fitted on "
        "the CPU",
        "auto",
        choices=DEVICES,
    )
    progress: bool = option("no progress bar", True)

    def __post_init__(self) -> None:
        for f in fields(self):
            check_option(f.name, getattr(self, f.name), f.metadata)


class Example(NamedTuple):
    """One input of the head: model tokens, focus ids (None: no focus), the label (1: needs a
    change) and the pair it comes from."""

    tokens: tuple[str, ...]
    focus: tuple[int, ...] | None
    label: int
    pair: int


def pair_examples(pairs: Sequence[Pair], rng: random.Random, first: int = 0) -> list[Example]:
    """The examples of ``pairs`` (numbered from ``first``; module docstring)."""
    out = []
    for k, (buggy, fixed) in enumerate(pairs, start=first):
        if not buggy or not fixed or buggy == fixed:
            continue
        b, f = tuple(buggy), tuple(fixed)
        out += [
            Example(b, tuple(focus.from_diff(b, f)), 1, k),
            Example(b, None, 1, k),
            Example(f, tuple(focus.from_diff(f, b)), 0, k),
            Example(f, tuple(focus.from_diff(f, f, rng)), 0, k),
            Example(f, None, 0, k),
        ]
    return out


def distinct(examples: Sequence[Example]) -> list[Example]:
    """``examples`` with each (tokens, focus) once (the first), and none of those seen with
    both labels."""
    labels: dict[tuple, set[int]] = {}
    for e in examples:
        labels.setdefault((e.tokens, e.focus), set()).add(e.label)
    out, seen = [], set()
    for e in examples:
        key = (e.tokens, e.focus)
        if len(labels[key]) == 1 and key not in seen:
            seen.add(key)
            out.append(e)
    return out


def gather(directory: Path, limit: int | None, seed: int) -> tuple[list[Example], str]:
    """The examples of the train split of ``directory`` (a seeded sample of ``limit`` pairs)
    and what they are made of (the model aside): the key of their cache."""
    from .data import read_pairs

    rng = random.Random(f"{seed}:{directory}")
    pairs = read_pairs(directory, "train")
    sampled = limit is not None and len(pairs) > limit
    if sampled:
        pairs = rng.sample(pairs, limit)
    key = json.dumps([str(directory.resolve()), limit if sampled else None, seed])
    return distinct(pair_examples(pairs, rng)), key


def model_digest(directory: Path) -> str:
    """What the features depend on of the model in ``directory``: its config and weights (a
    model replaced at the same path, as a new shipped one is, gets features of its own)."""
    from spancopy_core.storage.model_dir import CONFIG_FILE, WEIGHTS_FILE

    digest = hashlib.sha256()
    for name in (CONFIG_FILE, WEIGHTS_FILE):
        digest.update((directory / name).read_bytes())
    return digest.hexdigest()


def cached_features(
    config: DetectConfig, directory: Path, model_key: str
) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
    """(N, F) features, (N,) labels and (N,) pair numbers of the examples of ``directory``:
    from ``config.cache`` (a directory, one file per data directory) when made with the same
    model (``model_key``, :func:`model_digest`) and options, else computed (and cached)."""
    import torch
    from safetensors.torch import load_file, save_file
    from tqdm import tqdm

    from spancopy_core.paper import detection

    examples, made_of = gather(directory, config.limit, config.seed)
    if not examples:
        raise TrainerError(
            f"--data {directory}: no examples in its train split (pairs whose two sides differ, "
            "none seen with both labels)"
        )
    key = json.dumps([model_key, made_of])
    path = None
    if config.cache is not None:
        name = hashlib.sha256(key.encode()).hexdigest()[:16]
        path = config.cache / f"{directory.name}-{name}.safetensors"
        if path.is_file():
            t = load_file(str(path))
            log.info("%s: %d cached examples", path, len(t["labels"]))
            return t["features"], t["labels"], t["pairs"]
    from spancopy_core.storage.checkpoint import load_model

    model = load_model(config.model, device=config.device)
    batch = 512 if model.device.type == "cuda" else 64
    log.info("%s: %d examples, %d needing a change", directory, len(examples),
             sum(e.label for e in examples))  # fmt: skip
    chunks, step = [], 512
    for k in tqdm(range(0, len(examples), step), disable=not config.progress, unit="chunk"):
        part = examples[k : k + step]
        tokens, focused = [e.tokens for e in part], [e.focus for e in part]
        chunks.append(detection.features(model, tokens, focused, batch).cpu())
    x = torch.cat(chunks)
    y = torch.tensor([e.label for e in examples], dtype=torch.float32)
    pairs = torch.tensor([e.pair for e in examples])
    if path is not None:
        path.parent.mkdir(parents=True, exist_ok=True)
        save_file({"features": x, "labels": y, "pairs": pairs}, str(path))
    return x, y, pairs


def fit(
    x: torch.Tensor,
    y: torch.Tensor,
    head: DetectionHead,
    *,
    epochs: int,
    lr: float,
    weight_decay: float,
    seed: int,
    batch_size: int = 256,
) -> DetectionHead:
    """``head`` fitted to (N, F) features ``x`` and (N,) 0/1 labels ``y``: its standardisation
    from ``x``, then Adam on the cross-entropy, the classes weighted equally."""
    import torch

    gen = torch.Generator().manual_seed(seed)
    torch.manual_seed(seed)
    head.mean.copy_(x.mean(0))
    head.scale.copy_(x.std(0).clamp(min=1e-4))
    positives = float(y.sum())
    pos_weight = torch.tensor((len(y) - positives) / max(positives, 1.0))
    loss_fn = torch.nn.BCEWithLogitsLoss(pos_weight=pos_weight)
    opt = torch.optim.AdamW(head.parameters(), lr=lr, weight_decay=weight_decay)
    head.train()
    with torch.enable_grad():
        for _ in range(epochs):
            for rows in torch.randperm(len(y), generator=gen).split(batch_size):
                opt.zero_grad()
                loss_fn(head(x[rows]), y[rows]).backward()
                opt.step()
    return head.eval()


def auc(scores: torch.Tensor, labels: torch.Tensor) -> float:
    """The area under the ROC curve: P(a positive scores above a negative), ties half."""
    pos, neg = scores[labels > 0.5], scores[labels <= 0.5]
    if not len(pos) or not len(neg):
        return float("nan")
    above = (pos[:, None] > neg[None, :]).float().mean()
    ties = (pos[:, None] == neg[None, :]).float().mean()
    return float(above + ties / 2)


def run(config: DetectConfig) -> dict[str, float]:
    """Fit the head of ``config`` and write it to ``config.out``; its figures on the pairs
    kept apart (accuracy at 0.5, AUC; with and without a focus)."""
    import torch

    from spancopy_core.paper import detection
    from spancopy_core.paper.detection import DetectionHead, DetectorConfig

    torch.set_num_threads(config.threads)
    for directory in config.data:
        if not directory.is_dir():
            raise TrainerError(f"--data {directory}: not a directory")
    model_key = model_digest(config.model)  # read once, not per directory
    parts = [cached_features(config, d, model_key) for d in config.data]
    x, y = torch.cat([p[0] for p in parts]), torch.cat([p[1] for p in parts])
    # pair numbers made distinct across directories
    pairs = torch.cat([p[2] * len(parts) + k for k, p in enumerate(parts)])
    if x.size(1) > detection.MAX_FEATURES:
        raise TrainerError(f"{x.size(1)} features: more than a head takes")
    held = torch.tensor(
        [random.Random(f"{config.seed}:{int(p)}").random() < config.valid for p in pairs]
    )
    torch.manual_seed(config.seed)  # the head's initial weights
    rules = DetectorConfig(
        features=x.size(1),
        hidden=config.hidden,
        automatic_share=config.automatic_share,
        diagnostics_share=config.diagnostics_share,
    )  # calibrated as it is: bench/false_alarms.py --calibrate fits the maps on real requests
    head = DetectionHead(rules)
    fit(
        x[~held], y[~held], head,
        epochs=config.epochs, lr=config.lr, weight_decay=config.weight_decay, seed=config.seed,
    )  # fmt: skip
    with torch.no_grad():
        scores = torch.sigmoid(head(x[held])) if held.any() else torch.zeros(0)
    has_focus = x[held][:, detection.HAS_FOCUS] > 0.5
    figures = {
        "train_examples": float((~held).sum()),
        "valid_examples": float(held.sum()),
        "valid_accuracy": float(((scores >= 0.5).float() == y[held]).float().mean()),
        "valid_auc": auc(scores, y[held]),
        "valid_auc_focus": auc(scores[has_focus], y[held][has_focus]),
        "valid_auc_method": auc(scores[~has_focus], y[held][~has_focus]),
    }
    training = {"data": [str(d) for d in config.data], "limit": config.limit, **figures}
    detection.save(config.out, head, training)
    return figures
