"""The training loop: AdamW (weight matrices decayed), warm-up, clipping, early stopping,
checkpoints, resume and DDP, in named parts: :class:`TrainState` (what a checkpoint saves),
:func:`build_model` (new, ``--init`` with features added, or resumed), :func:`start` (the
:class:`Run`'s model, optimizer and data), :func:`run_epoch` and :func:`end_epoch` (validation,
best model, early stopping). ``out/`` receives the best model so far (by validation loss per
token), ``out/checkpoint/`` the latest state for ``--resume`` and ``out/metrics.jsonl`` one
record per logging interval and per epoch; a directory that already holds them is refused
unless ``--resume`` or ``--overwrite`` says what to do with them. The batch order is a pure
function of (seed, epoch), so resuming mid-epoch skips exactly the batches already trained on;
the loss is summed on the device and read once per record. Under ``torchrun`` each process
trains on every N-th batch, DistributedDataParallel averages the gradients and only rank 0
writes files and shows progress.
"""

from __future__ import annotations

import json
import logging
import math
import os
import shutil
import time
from contextlib import AbstractContextManager, nullcontext
from dataclasses import asdict, dataclass, field, fields, replace
from pathlib import Path
from typing import Any, TextIO

import torch
import torch.distributed as dist
from safetensors.torch import load_file, save_file
from torch import nn
from torch.nn.parallel import DistributedDataParallel
from torch.utils.data import DataLoader
from tqdm import tqdm

from spancopy_core.paper import context, focus
from spancopy_core.paper.model import SpanCopyModel
from spancopy_core.paper.vocab import Vocabulary
from spancopy_core.storage.checkpoint import CheckpointError, load_model, resolve_device, save_model
from spancopy_core.storage.model_dir import CONFIG_FILE, VOCAB_FILE, WEIGHTS_FILE

from .config import TrainConfig, TrainerError
from .data import (
    BucketBatchSampler,
    DataError,
    Pair,
    PairDataset,
    batch_tokens,
    held_out_split,
    make_loader,
    read_pairs,
)

log = logging.getLogger("trainer")
CHECKPOINT = "checkpoint"
STATE_FILE, OPTIMIZER_FILE = "trainer_state.json", "optimizer.safetensors"
METRICS_FILE, TRAIN_CONFIG_FILE = "metrics.jsonl", "train_config.json"


@dataclass
class Dist:
    """This process's place in a (possibly single-process) distributed run."""

    rank: int = 0
    world: int = 1
    local_rank: int = 0

    @property
    def main(self) -> bool:
        return self.rank == 0


def setup_distributed(device: torch.device) -> Dist:
    world = int(os.environ.get("WORLD_SIZE", "1"))
    if world <= 1:
        return Dist()
    rank, local = int(os.environ["RANK"]), int(os.environ.get("LOCAL_RANK", "0"))
    dist.init_process_group("nccl" if device.type == "cuda" else "gloo")
    return Dist(rank, world, local)


def load_data(config: TrainConfig) -> tuple[list[Pair], list[Pair]]:
    """Training and validation pairs, without pairs longer than ``max_len`` (an input's
    context segment, at most spancopy_core.paper.context.MAX_TOKENS + 1 tokens, not counted)."""
    train: list[Pair] = []
    for directory in config.train:
        train += read_pairs(directory, config.train_split)
    if config.valid:
        valid = [p for directory in config.valid for p in read_pairs(directory, config.valid_split)]
    else:
        train, valid = held_out_split(train, config.valid_fraction, config.seed)

    def short(pairs: list[Pair]) -> list[Pair]:
        return [p for p in pairs if max(context.method_length(p[0]), len(p[1])) <= config.max_len]

    train, valid = short(train), short(valid)
    if not train:
        raise DataError("no training pairs (after dropping pairs over --max-len tokens)")
    if not valid:
        raise DataError("no validation pairs (after dropping pairs over --max-len tokens)")
    return train, valid


def build_vocab(config: TrainConfig, train: list[Pair]) -> Vocabulary:
    """Every token of the ``vocab_from`` data (most frequent first), then the training tokens
    seen at least ``vocab_min_count`` times, up to ``vocab_max_size`` tokens in all."""
    extra: list[list[str]] = []
    for directory in config.vocab_from:
        for split in (config.train_split, config.valid_split):  # never a test split
            try:
                extra += [x + y for x, y in read_pairs(directory, split)]
            except DataError:
                continue
    first = Vocabulary.build(extra).itos
    rest = Vocabulary.build([x + y for x, y in train], config.vocab_min_count).itos
    seen = set(first)
    tokens = first + [t for t in rest if t not in seen]
    return Vocabulary(tokens[: config.vocab_max_size])


def lr_at(config: TrainConfig, step: int) -> float:
    """Linear warm-up, then constant."""
    return config.lr * min(1.0, (step + 1) / max(1, config.warmup))


def make_optimizer(model: nn.Module, config: TrainConfig) -> torch.optim.AdamW:
    """AdamW whose weight decay applies to the weight matrices only: parameters of at least
    two dimensions, except embeddings (biases, norms and embeddings are not decayed)."""
    embeddings = {
        id(m.weight) for m in model.modules() if isinstance(m, nn.Embedding | nn.EmbeddingBag)
    }
    decay, rest = [], []
    for p in model.parameters():
        (decay if p.ndim >= 2 and id(p) not in embeddings else rest).append(p)
    groups = [
        {"params": decay, "weight_decay": config.weight_decay},
        {"params": rest, "weight_decay": 0.0},
    ]
    return torch.optim.AdamW(groups, lr=config.lr)


def set_dropout(model: nn.Module, p: float) -> None:
    """Set every dropout of ``model`` to ``p``: its Dropout layers and the dropout between
    the layers of its multi-layer RNNs (fixed when they were built)."""
    for m in model.modules():
        if isinstance(m, nn.Dropout):
            m.p = p
        elif isinstance(m, nn.RNNBase) and m.num_layers > 1:
            m.dropout = p


class LossWindow:
    """The training steps since the last log record: their loss summed on the device, so
    that reading it (one device sync) happens once per record, not once per step."""

    def __init__(self, device: torch.device) -> None:
        self.device = device
        self.reset()

    def reset(self) -> None:
        self.loss = torch.zeros((), device=self.device)
        self.steps, self.tokens, self.start = 0, 0, time.monotonic()

    def add(self, loss: torch.Tensor, tokens: int) -> None:
        self.loss += loss.detach().float()
        self.steps += 1
        self.tokens += tokens

    def record(self) -> dict[str, float]:
        """The mean loss per step and the throughput of the window; then a new window."""
        elapsed = time.monotonic() - self.start
        entry = {
            "loss": self.loss.item() / self.steps,
            "tokens_per_s": self.tokens / max(elapsed, 1e-9),
        }
        self.reset()
        return entry


# -- the run's state and its checkpoint ---------------------------------------------------


@dataclass
class TrainState:
    """Where a run stands: what ``out/checkpoint`` saves and ``--resume`` continues from."""

    epoch: int = 0  # epochs finished
    batch_in_epoch: int = 0  # batches of the current epoch trained on
    step: int = 0  # optimizer steps in all
    best: float = math.inf  # the best validation loss per token so far
    bad_epochs: int = 0  # epochs since the best one
    seconds: float = 0.0  # training time, resumed runs included
    done: bool = False  # finished: epochs, patience or --max-steps reached

    @classmethod
    def from_dict(cls, saved: dict[str, Any]) -> TrainState:
        """The state of a checkpoint's JSON (keys of other versions ignored)."""
        return cls(**{f.name: saved[f.name] for f in fields(cls) if f.name in saved})

    def summary(self, model: SpanCopyModel) -> dict[str, Any]:
        """What ``main`` returns and the best model's ``config.json`` records as ``training``."""
        return {
            "best_valid_loss": self.best,
            "epochs": self.epoch,
            "steps": self.step,
            "seconds": round(self.seconds, 1),
            "parameters": sum(p.numel() for p in model.parameters()),
        }


def save_checkpoint(
    out: Path, model: SpanCopyModel, opt: torch.optim.Optimizer, state: TrainState
) -> None:
    """Write ``out/checkpoint``: model dir + optimizer tensors + trainer state (JSON)."""
    ckpt = out / CHECKPOINT
    save_model(model, model.vocab, ckpt)
    opt_state = opt.state_dict()
    tensors, scalars = {}, {}
    for idx, entry in opt_state["state"].items():
        for name, value in entry.items():
            if torch.is_tensor(value):
                tensors[f"{idx}.{name}"] = value.detach().contiguous().cpu()
            else:
                scalars[f"{idx}.{name}"] = value
    save_file(tensors, str(ckpt / (OPTIMIZER_FILE + ".tmp")))
    (ckpt / (OPTIMIZER_FILE + ".tmp")).replace(ckpt / OPTIMIZER_FILE)
    full = {
        **asdict(state),
        "param_groups": opt_state["param_groups"],
        "optimizer_scalars": scalars,
    }
    (ckpt / (STATE_FILE + ".tmp")).write_text(json.dumps(full, indent=2))
    (ckpt / (STATE_FILE + ".tmp")).replace(ckpt / STATE_FILE)


def load_checkpoint(out: Path, opt: torch.optim.Optimizer, device: torch.device) -> TrainState:
    """Restore the optimizer from ``out/checkpoint``; return the trainer state."""
    ckpt = out / CHECKPOINT
    state = json.loads((ckpt / STATE_FILE).read_text())
    tensors = load_file(str(ckpt / OPTIMIZER_FILE), device=str(device))
    per_param: dict[int, dict[str, Any]] = {}
    for key, value in tensors.items():
        idx, name = key.split(".", 1)
        per_param.setdefault(int(idx), {})[name] = value
    for key, value in state.pop("optimizer_scalars").items():
        idx, name = key.split(".", 1)
        per_param.setdefault(int(idx), {})[name] = value
    for entry in per_param.values():  # AdamW keeps its step count as a CPU tensor
        if "step" in entry and not torch.is_tensor(entry["step"]):
            entry["step"] = torch.tensor(float(entry["step"]))
        elif "step" in entry:
            entry["step"] = entry["step"].cpu()
    try:
        opt.load_state_dict({"state": per_param, "param_groups": state.pop("param_groups")})
    except ValueError as exc:  # e.g. the single parameter group of an older trainer
        raise CheckpointError(ckpt / STATE_FILE, f"optimizer state does not fit ({exc})") from None
    return TrainState.from_dict(state)


# -- the output directory ------------------------------------------------------------------

# What a run writes into ``out`` (besides CHECKPOINT): a model directory and its records.
RUN_FILES = (CONFIG_FILE, VOCAB_FILE, WEIGHTS_FILE, METRICS_FILE, TRAIN_CONFIG_FILE)


def check_out(config: TrainConfig) -> None:
    """Refuse (:class:`TrainerError`) to train into a directory that holds a model, metrics
    or a checkpoint, unless told what to do with them: ``--resume`` (which needs the
    checkpoint) or ``--overwrite``."""
    out = config.out
    if config.resume and config.overwrite:
        raise TrainerError("--resume and --overwrite exclude each other: continue or replace")
    if config.overwrite or (config.resume and (out / CHECKPOINT / STATE_FILE).is_file()):
        return
    found = [name for name in (*RUN_FILES, CHECKPOINT) if (out / name).exists()]
    if not found:
        return
    if config.resume:
        raise TrainerError(
            f"{out} holds {found[0]} but no checkpoint to --resume from: pass --overwrite to "
            "replace it, or another --out"
        )
    raise TrainerError(
        f"{out} already holds {found[0]}: pass --resume to continue that run, --overwrite to "
        "replace it, or another --out"
    )


def clear_out(out: Path) -> None:
    """Remove what an earlier run wrote into ``out`` (``--overwrite``), and nothing else."""
    for name in RUN_FILES:
        (out / name).unlink(missing_ok=True)
    if (out / CHECKPOINT).is_dir():
        shutil.rmtree(out / CHECKPOINT)


# -- the model -----------------------------------------------------------------------------


def build_model(
    config: TrainConfig, train: list[Pair], device: torch.device, resuming: bool
) -> SpanCopyModel:
    """The model to train: the checkpoint's (resuming), the ``--init`` model with the
    training-time settings of ``config.model`` and the features it asks for added, or a new
    one on a vocabulary built from ``train``."""
    if resuming:
        return load_model(config.out / CHECKPOINT, device=device)
    if config.init is None:
        return SpanCopyModel(config.model, build_vocab(config, train)).to(device)
    model = load_model(config.init, device=device)
    wanted, loaded = config.model, model.config
    if wanted.copy_mode != loaded.copy_mode:
        raise TrainerError(
            f"--copy-mode {wanted.copy_mode} differs from {config.init} ({loaded.copy_mode})"
        )
    if wanted.edit_dim and loaded.edit_dim and wanted.edit_dim != loaded.edit_dim:
        raise TrainerError(
            f"--edit-dim {wanted.edit_dim} differs from {config.init} ({loaded.edit_dim})"
        )
    # The training-time settings may change: a new config, the loaded one left as it was.
    model.config = replace(loaded, objective=wanted.objective, dropout=wanted.dropout)
    set_dropout(model, wanted.dropout)
    if wanted.focus:
        model.add_focus()
    if wanted.context:
        model.add_context()
    if wanted.edit_dim and not loaded.edit_dim:
        model.add_edit_encoder(wanted.edit_dim)
    return model


# -- the loop ------------------------------------------------------------------------------


def validation_loss(model, loader, device: torch.device, d: Dist) -> float:
    """Per-token NLL over the validation set (summed across processes)."""
    was_training = model.training
    model.eval()
    total = torch.zeros(2, dtype=torch.float64, device=device)  # summed loss, tokens
    with torch.no_grad():
        for batch in loader:
            n = batch.num_tokens  # on the host: no sync
            total[0] += model(batch.to(device)).double() * n
            total[1] += n
    if d.world > 1:
        dist.all_reduce(total)
    model.train(was_training)
    loss, tokens = total.tolist()
    return loss / max(tokens, 1)


class Mixed:
    """Mixed precision on CUDA (``--no-amp``: none): the autocast context of a forward pass
    and the gradient scaler of its backward pass; on a CPU, both do nothing."""

    def __init__(self, enabled: bool) -> None:
        self.scaler = torch.amp.GradScaler("cuda", enabled=enabled)
        half = torch.bfloat16 if enabled and torch.cuda.is_bf16_supported() else torch.float16
        self.enabled, self.dtype = enabled, half

    def autocast(self) -> AbstractContextManager[Any]:
        return torch.autocast("cuda", dtype=self.dtype) if self.enabled else nullcontext()


@dataclass
class Run:
    """One training run's parts, built by :func:`start`: the model (``net`` is it, or its
    DDP wrapper), optimizer, data, where it stands (``state``) and where it writes."""

    config: TrainConfig
    device: torch.device
    d: Dist
    model: SpanCopyModel
    net: nn.Module
    opt: torch.optim.AdamW
    state: TrainState
    train_set: PairDataset
    sampler: BucketBatchSampler
    valid_loader: DataLoader
    mixed: Mixed
    metrics: TextIO | None  # out/metrics.jsonl, on the main process
    window: LossWindow
    started: float = field(default_factory=time.monotonic)  # less the seconds of earlier runs

    @property
    def pin(self) -> bool:
        return self.device.type == "cuda"

    def record(self, entry: dict[str, Any]) -> None:
        """One line of ``metrics.jsonl``."""
        if self.metrics is not None:
            self.metrics.write(json.dumps(entry) + "\n")
            self.metrics.flush()

    def checkpoint(self) -> None:
        self.state.seconds = time.monotonic() - self.started
        if self.d.main:
            save_checkpoint(self.config.out, self.model, self.opt, self.state)

    def log_window(self, bar: tqdm) -> None:
        """Record the training steps since the last record (and show their loss)."""
        entry = {"step": self.state.step, "epoch": self.state.epoch + 1, **self.window.record()}
        entry["lr"] = lr_at(self.config, self.state.step)
        bar.set_postfix(loss=f"{entry['loss']:.3f}", tok_s=f"{entry['tokens_per_s']:.0f}")
        self.record(entry)

    def out_of_steps(self) -> bool:
        """Whether ``--max-steps`` steps or ``--minutes`` of training are done."""
        config, state = self.config, self.state
        if config.max_steps and state.step >= config.max_steps:
            return True
        return config.minutes is not None and state.seconds >= 60 * config.minutes


def start(
    config: TrainConfig, device: torch.device, d: Dist, train: list[Pair], valid: list[Pair]
) -> Run:
    """The run's parts: the model (:func:`build_model`), its optimizer and state (from the
    checkpoint when resuming), the datasets and their batch samplers."""
    resuming = config.resume and (config.out / CHECKPOINT / STATE_FILE).is_file()
    if config.resume and not resuming and d.main:
        start_from = f"starting from {config.init}" if config.init else "starting from scratch"
        log.warning("no checkpoint in %s: %s", config.out / CHECKPOINT, start_from)
    model = build_model(config, train, device, resuming)
    model.train()
    opt = make_optimizer(model, config)
    state = TrainState()
    if resuming:
        state = load_checkpoint(config.out, opt, device)
        if d.main:
            log.info("resuming at epoch %d, step %d", state.epoch + 1, state.step)
    mc = model.config
    noise = (
        focus.Noise(config.focus_none, config.focus_neighbour, config.focus_wider)
        if mc.focus
        else None
    )
    sets = [
        PairDataset(pairs, model.vocab, mc.copy_mode, noise, seed, mc.char_ngrams, mc.edit_dim > 0)
        for pairs, seed in ((train, config.seed), (valid, config.seed + 1))
    ]
    sampler = BucketBatchSampler(
        sets[0], config.batch_size, config.max_tokens, True, config.seed, d.rank, d.world
    )
    valid_sampler = BucketBatchSampler(
        sets[1], config.batch_size, config.max_tokens, False, 0, d.rank, d.world
    )
    pin = device.type == "cuda"
    return Run(
        config=config,
        device=device,
        d=d,
        model=model,
        net=DistributedDataParallel(model) if d.world > 1 else model,
        opt=opt,
        state=state,
        train_set=sets[0],
        sampler=sampler,
        valid_loader=make_loader(sets[1], valid_sampler, config.workers, pin),
        mixed=Mixed(config.amp and device.type == "cuda"),
        metrics=None,
        window=LossWindow(device),
        started=time.monotonic() - state.seconds,
    )


def train_step(run: Run, batch: Any) -> None:
    """One optimizer step on ``batch``: warm-up learning rate, forward, backward, clipping."""
    config, state = run.config, run.state
    for group in run.opt.param_groups:
        group["lr"] = lr_at(config, state.step)
    tokens = batch_tokens(batch) * run.d.world  # on the host: no sync
    batch = batch.to(run.device, non_blocking=True) if run.pin else batch.to(run.device)
    with run.mixed.autocast():
        loss = run.net(batch)
    run.opt.zero_grad(set_to_none=True)
    scaler = run.mixed.scaler
    scaler.scale(loss).backward()
    scaler.unscale_(run.opt)
    torch.nn.utils.clip_grad_norm_(run.model.parameters(), config.clip)
    scaler.step(run.opt)
    scaler.update()
    state.step += 1
    state.batch_in_epoch += 1
    run.window.add(loss, tokens)


def run_epoch(run: Run) -> None:
    """Train on the batches of the current epoch not trained on yet (all of them, unless
    resuming mid-epoch), logging every ``log_every`` steps and at the end; stops early at
    ``--max-steps``."""
    config, state = run.config, run.state
    run.sampler.set_epoch(state.epoch, state.batch_in_epoch)
    loader = make_loader(run.train_set, run.sampler, config.workers, run.pin)
    bar = tqdm(
        loader,
        total=len(run.sampler),
        disable=not (config.progress and run.d.main),
        desc=f"epoch {state.epoch + 1}/{config.epochs}",
        unit="batch",
        dynamic_ncols=True,
        leave=False,
    )
    run.window.reset()
    for batch in bar:
        train_step(run, batch)
        if state.step % config.log_every == 0:
            run.log_window(bar)
        state.seconds = time.monotonic() - run.started
        if config.save_every and state.step % config.save_every == 0:
            run.checkpoint()
        if run.out_of_steps():
            break
    if run.window.steps:  # the steps since the last record
        run.log_window(bar)
    bar.close()


def end_epoch(run: Run) -> bool:
    """Validate, save the model when it is the best so far, record the epoch and checkpoint;
    whether to stop (``--patience`` epochs without improvement, or ``--max-steps``)."""
    config, state = run.config, run.state
    val = validation_loss(run.net, run.valid_loader, run.device, run.d)
    state.epoch += 1
    state.batch_in_epoch = 0
    improved = val < state.best
    if improved:
        state.best, state.bad_epochs = val, 0
        state.seconds = time.monotonic() - run.started
        if run.d.main:
            extra = {"training": state.summary(run.model)}
            save_model(run.model, run.model.vocab, config.out, extra=extra)
    else:
        state.bad_epochs += 1
    stop = state.bad_epochs >= config.patience or run.out_of_steps()
    state.done = stop or state.epoch >= config.epochs
    state.seconds = time.monotonic() - run.started
    record = {"epoch": state.epoch, "step": state.step, "valid_loss": val, "best": state.best}
    run.record({**record, "seconds": state.seconds})
    if run.d.main:
        log.info(
            "epoch %d: validation loss %.4f%s",
            state.epoch,
            val,
            " (best, saved)" if improved else f" (best {state.best:.4f})",
        )
    run.checkpoint()
    return stop


def main(config: TrainConfig) -> dict[str, Any]:
    """Train; returns a summary (best validation loss, steps, time)."""
    check_out(config)  # every process, before any of them writes
    device = resolve_device(config.device)
    if config.threads:
        torch.set_num_threads(config.threads)
    d = setup_distributed(device)
    if device.type == "cuda" and d.world > 1:
        device = torch.device("cuda", d.local_rank)
        torch.cuda.set_device(device)
    try:
        if config.overwrite and d.main:
            clear_out(config.out)
        if d.world > 1:
            dist.barrier()  # the others start once the old run's files are gone
        return _train(config, device, d)
    finally:
        if d.world > 1:
            dist.destroy_process_group()


def _train(config: TrainConfig, device: torch.device, d: Dist) -> dict[str, Any]:
    """Build the run, then train epoch by epoch until it is done; on Ctrl-C, checkpoint."""
    torch.manual_seed(config.seed + d.rank)
    train, valid = load_data(config)
    run = start(config, device, d, train, valid)
    if run.state.done:
        if d.main:
            log.info("training already finished (%s); nothing to do", config.out)
        return run.state.summary(run.model)
    if d.main:
        _open_out(run, len(train), len(valid))
    try:
        while run.state.epoch < config.epochs:
            run_epoch(run)
            if end_epoch(run):
                break
    except KeyboardInterrupt:
        run.checkpoint()
        if d.main:
            log.warning(
                "interrupted: state saved in %s; continue with --resume", config.out / CHECKPOINT
            )
        raise
    finally:
        if run.metrics is not None:
            run.metrics.close()
    return run.state.summary(run.model)


def _open_out(run: Run, n_train: int, n_valid: int) -> None:
    """Create ``out`` with the run's ``train_config.json`` and open ``metrics.jsonl``
    (appended to: a resumed run continues the records); log what is trained."""
    out, d = run.config.out, run.d
    out.mkdir(parents=True, exist_ok=True)
    run.metrics = (out / METRICS_FILE).open("a")
    (out / TRAIN_CONFIG_FILE).write_text(json.dumps(run.config.to_dict(), indent=2))
    log.info(
        "%d training / %d validation pairs, vocabulary %d, %.2f M parameters, device %s%s",
        n_train,
        n_valid,
        len(run.model.vocab),
        sum(p.numel() for p in run.model.parameters()) / 1e6,
        run.device,
        f", {d.world} processes" if d.world > 1 else "",
    )
