"""The training loop: AdamW, warm-up, clipping, early stopping, checkpoints, resume, DDP.

``out/`` receives the best model so far (by validation loss per token) as a model directory
(``spancopy_core.storage.checkpoint``), ``out/checkpoint/`` the latest state for ``--resume``
(model,
optimizer moments in safetensors, and a JSON trainer state), and ``out/metrics.jsonl`` one
JSON record per logging interval (the mean training loss of the steps since the previous
record, also at the end of an epoch) and per epoch. The batch order is a pure function of
(seed, epoch), so resuming mid-epoch skips exactly the batches already trained on. The loss
is summed on the device and read once per record, so a step never waits for the device.
AdamW decays the weight matrices only (not biases or embeddings); fine-tuning (``--init``)
applies ``--dropout`` to every dropout of the model, between GRU layers included. A model with
an edit encoder (``--edit-dim``) is trained to reconstruct each pair's output from its input
and the pair's own edit (``x-``, ``f(x-, x+)`` -> ``x+``); ``--init`` from a model without one
adds it.

Under ``torchrun --nproc_per_node N`` each process trains on every N-th batch and
DistributedDataParallel averages the gradients (gloo on CPU, nccl on CUDA); only rank 0
writes files and shows progress.
"""

from __future__ import annotations

import json
import logging
import math
import os
import time
from contextlib import nullcontext
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import torch
import torch.distributed as dist
from safetensors.torch import load_file, save_file
from torch import nn
from torch.nn.parallel import DistributedDataParallel
from tqdm import tqdm

from spancopy_core.paper import context, focus
from spancopy_core.paper.model import SpanCopyModel
from spancopy_core.paper.vocab import Vocabulary
from spancopy_core.storage.checkpoint import CheckpointError, load_model, resolve_device, save_model

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


# -- checkpoints ---------------------------------------------------------------------------


def save_checkpoint(
    out: Path, model: SpanCopyModel, opt: torch.optim.Optimizer, state: dict[str, Any]
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
    full = {**state, "param_groups": opt_state["param_groups"], "optimizer_scalars": scalars}
    (ckpt / (STATE_FILE + ".tmp")).write_text(json.dumps(full, indent=2))
    (ckpt / (STATE_FILE + ".tmp")).replace(ckpt / STATE_FILE)


def load_checkpoint(out: Path, opt: torch.optim.Optimizer, device: torch.device) -> dict[str, Any]:
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
    return state


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


def main(config: TrainConfig) -> dict[str, Any]:
    """Train; returns a summary (best validation loss, steps, time)."""
    device = resolve_device(config.device)
    if config.threads:
        torch.set_num_threads(config.threads)
    d = setup_distributed(device)
    if device.type == "cuda" and d.world > 1:
        device = torch.device("cuda", d.local_rank)
        torch.cuda.set_device(device)
    try:
        return _train(config, device, d)
    finally:
        if d.world > 1:
            dist.destroy_process_group()


def _train(config: TrainConfig, device: torch.device, d: Dist) -> dict[str, Any]:
    out = config.out
    torch.manual_seed(config.seed + d.rank)
    train, valid = load_data(config)
    resuming = config.resume and (out / CHECKPOINT / STATE_FILE).is_file()
    if config.resume and not resuming and d.main:
        log.warning("no checkpoint in %s: starting from scratch", out / CHECKPOINT)
    if resuming:
        model = load_model(out / CHECKPOINT, device=device)
    elif config.init is not None:
        model = load_model(config.init, device=device)
        for key in ("objective", "dropout"):  # the training-time settings may change
            setattr(model.config, key, getattr(config.model, key))
        set_dropout(model, config.model.dropout)
        if config.model.copy_mode != model.config.copy_mode:
            raise TrainerError(
                f"--copy-mode {config.model.copy_mode} differs from {config.init} "
                f"({model.config.copy_mode})"
            )
        if config.model.focus:
            model.add_focus()
        if config.model.context:
            model.add_context()
        if config.model.edit_dim and config.model.edit_dim != model.config.edit_dim:
            if model.config.edit_dim:
                raise TrainerError(
                    f"--edit-dim {config.model.edit_dim} differs from {config.init} "
                    f"({model.config.edit_dim})"
                )
            model.add_edit_encoder(config.model.edit_dim)
    else:
        model = SpanCopyModel(config.model, build_vocab(config, train)).to(device)
    model.train()
    vocab = model.vocab
    opt = make_optimizer(model, config)
    state: dict[str, Any] = {
        "epoch": 0,
        "batch_in_epoch": 0,
        "step": 0,
        "best": math.inf,
        "bad_epochs": 0,
        "seconds": 0.0,
        "done": False,
    }
    if resuming:
        state.update(load_checkpoint(out, opt, device))
        if d.main:
            log.info("resuming at epoch %d, step %d", state["epoch"] + 1, state["step"])
    if state["done"]:
        if d.main:
            log.info("training already finished (%s); nothing to do", out)
        return _summary(state, model)

    copy_mode = model.config.copy_mode
    noise = (
        focus.Noise(config.focus_none, config.focus_neighbour, config.focus_wider)
        if model.config.focus
        else None
    )
    grams = model.config.char_ngrams
    edit = model.config.edit_dim > 0
    train_set = PairDataset(train, vocab, copy_mode, noise, config.seed, grams, edit)
    valid_set = PairDataset(valid, vocab, copy_mode, noise, config.seed + 1, grams, edit)
    sampler = BucketBatchSampler(
        train_set, config.batch_size, config.max_tokens, True, config.seed, d.rank, d.world
    )
    valid_sampler = BucketBatchSampler(
        valid_set, config.batch_size, config.max_tokens, False, 0, d.rank, d.world
    )
    pin = device.type == "cuda"
    valid_loader = make_loader(valid_set, valid_sampler, config.workers, pin)
    net = DistributedDataParallel(model) if d.world > 1 else model
    use_amp = config.amp and device.type == "cuda"
    scaler = torch.amp.GradScaler("cuda", enabled=use_amp)
    autocast = (
        torch.autocast(
            "cuda", dtype=torch.bfloat16 if torch.cuda.is_bf16_supported() else torch.float16
        )
        if use_amp
        else nullcontext()
    )
    if d.main:
        out.mkdir(parents=True, exist_ok=True)
    metrics = (out / "metrics.jsonl").open("a") if d.main else None
    if d.main:
        (out / "train_config.json").write_text(json.dumps(config.to_dict(), indent=2))
        log.info(
            "%d training / %d validation pairs, vocabulary %d, %.2f M parameters, device %s%s",
            len(train),
            len(valid),
            len(vocab),
            sum(p.numel() for p in model.parameters()) / 1e6,
            device,
            f", {d.world} processes" if d.world > 1 else "",
        )

    def record(entry: dict[str, Any]) -> None:
        if metrics is not None:
            metrics.write(json.dumps(entry) + "\n")
            metrics.flush()

    def checkpoint() -> None:
        if d.main:
            save_checkpoint(out, model, opt, state)

    window = LossWindow(device)

    def log_window(bar: tqdm) -> None:
        entry = {"step": state["step"], "epoch": state["epoch"] + 1, **window.record()}
        entry["lr"] = lr_at(config, state["step"])
        bar.set_postfix(loss=f"{entry['loss']:.3f}", tok_s=f"{entry['tokens_per_s']:.0f}")
        record(entry)

    started = time.monotonic() - state["seconds"]
    try:
        while state["epoch"] < config.epochs:
            sampler.set_epoch(state["epoch"], state["batch_in_epoch"])
            loader = make_loader(train_set, sampler, config.workers, pin)
            bar = tqdm(
                loader,
                total=len(sampler),
                disable=not (config.progress and d.main),
                desc=f"epoch {state['epoch'] + 1}/{config.epochs}",
                unit="batch",
                dynamic_ncols=True,
                leave=False,
            )
            window.reset()
            for batch in bar:
                for group in opt.param_groups:
                    group["lr"] = lr_at(config, state["step"])
                tokens = batch_tokens(batch) * d.world  # on the host: no sync
                batch = batch.to(device, non_blocking=pin) if pin else batch.to(device)
                with autocast:
                    loss = net(batch)
                opt.zero_grad(set_to_none=True)
                scaler.scale(loss).backward()
                scaler.unscale_(opt)
                torch.nn.utils.clip_grad_norm_(model.parameters(), config.clip)
                scaler.step(opt)
                scaler.update()
                state["step"] += 1
                state["batch_in_epoch"] += 1
                window.add(loss, tokens)
                if state["step"] % config.log_every == 0:
                    log_window(bar)
                state["seconds"] = time.monotonic() - started
                if config.save_every and state["step"] % config.save_every == 0:
                    checkpoint()
                if config.max_steps and state["step"] >= config.max_steps:
                    break
            if window.steps:  # the steps since the last record
                log_window(bar)
            bar.close()
            val = validation_loss(net, valid_loader, device, d)
            state["epoch"] += 1
            state["batch_in_epoch"] = 0
            improved = val < state["best"]
            if improved:
                state["best"], state["bad_epochs"] = val, 0
                if d.main:
                    save_model(model, vocab, out, extra={"training": _summary(state, model)})
            else:
                state["bad_epochs"] += 1
            stop = state["bad_epochs"] >= config.patience or bool(
                config.max_steps and state["step"] >= config.max_steps
            )
            state["done"] = stop or state["epoch"] >= config.epochs
            state["seconds"] = time.monotonic() - started
            record(
                {
                    "epoch": state["epoch"],
                    "step": state["step"],
                    "valid_loss": val,
                    "best": state["best"],
                    "seconds": state["seconds"],
                }
            )
            if d.main:
                log.info(
                    "epoch %d: validation loss %.4f%s",
                    state["epoch"],
                    val,
                    " (best, saved)" if improved else f" (best {state['best']:.4f})",
                )
            checkpoint()
            if stop:
                break
    except KeyboardInterrupt:
        state["seconds"] = time.monotonic() - started
        checkpoint()
        if d.main:
            log.warning("interrupted: state saved in %s; continue with --resume", out / CHECKPOINT)
        raise
    finally:
        if metrics is not None:
            metrics.close()
    return _summary(state, model)


def _summary(state: dict[str, Any], model: SpanCopyModel) -> dict[str, Any]:
    return {
        "best_valid_loss": state["best"],
        "epochs": state["epoch"],
        "steps": state["step"],
        "seconds": round(state["seconds"], 1),
        "parameters": sum(p.numel() for p in model.parameters()),
    }
