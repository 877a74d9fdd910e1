"""Model directories: ``config.json`` + ``vocab.json`` + ``model.safetensors``.

``config.json`` holds a format version and the :class:`ModelConfig`; weights are stored with
safetensors only (pickle files are never read). Every problem with a directory (a missing,
truncated or mismatched file) raises :class:`CheckpointError` naming the file.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import torch
from safetensors import SafetensorError
from safetensors.torch import load_file, save_file

from .config import ModelConfig
from .model import SpanCopyModel
from .vocab import Vocabulary

FORMAT_VERSION = 1
CONFIG_FILE, VOCAB_FILE, WEIGHTS_FILE = "config.json", "vocab.json", "model.safetensors"


class CheckpointError(Exception):
    """A model directory that cannot be loaded; ``path`` names the offending file."""

    def __init__(self, path: Path, reason: str) -> None:
        super().__init__(f"{path}: {reason}")
        self.path = path
        self.reason = reason


class DeviceError(ValueError):
    """A device name torch does not know, or a CUDA device on a machine without one."""


def resolve_device(device: str | torch.device = "auto") -> torch.device:
    """``"auto"`` picks CUDA when present, else the CPU. Raises :class:`DeviceError` for an
    unknown name or an unavailable CUDA device."""
    if str(device) == "auto":
        return torch.device("cuda" if torch.cuda.is_available() else "cpu")
    try:
        resolved = torch.device(device)
    except RuntimeError:
        raise DeviceError(f"unknown device {str(device)!r} (use auto, cpu or cuda)") from None
    if resolved.type == "cuda" and not torch.cuda.is_available():
        raise DeviceError(f"device {str(device)!r} requested but CUDA is not available here")
    return resolved


def save_model(
    model: SpanCopyModel,
    vocab: Vocabulary,
    directory: str | Path,
    extra: dict[str, Any] | None = None,
) -> Path:
    """Write the model directory (created if needed); ``extra`` is stored in config.json."""
    out = Path(directory)
    out.mkdir(parents=True, exist_ok=True)
    if len(vocab) != model.embedding.num_embeddings:
        raise ValueError("vocabulary size does not match the model's embedding")
    config = {"format_version": FORMAT_VERSION, "model": model.config.to_dict(), **(extra or {})}
    tensors = {k: v.detach().contiguous().cpu() for k, v in model.state_dict().items()}
    # Write to temporary names first so that an interrupted save never leaves a mixed dir.
    for name, write in (
        (WEIGHTS_FILE, lambda p: save_file(tensors, str(p), metadata={"format": "pt"})),
        (VOCAB_FILE, lambda p: vocab.save(p)),
        (CONFIG_FILE, lambda p: p.write_text(json.dumps(config, indent=2) + "\n", "utf-8")),
    ):
        tmp = out / (name + ".tmp")
        write(tmp)
        tmp.replace(out / name)
    return out


def read_config(directory: str | Path) -> dict[str, Any]:
    """The parsed ``config.json`` of a model directory (format version checked)."""
    path = Path(directory) / CONFIG_FILE
    try:
        config = json.loads(path.read_text("utf-8"))
    except FileNotFoundError:
        raise CheckpointError(path, "missing file") from None
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise CheckpointError(path, f"unreadable ({exc})") from None
    if not isinstance(config, dict) or config.get("format_version") != FORMAT_VERSION:
        raise CheckpointError(path, f"not a spancopy model config (format {FORMAT_VERSION})")
    return config


def load_model(directory: str | Path, device: str | torch.device = "auto") -> SpanCopyModel:
    """Load a model directory onto ``device`` in eval mode."""
    directory = Path(directory)
    if not directory.is_dir():
        raise CheckpointError(directory, "not a model directory")
    config = read_config(directory)
    try:
        model_config = ModelConfig.from_dict(config.get("model", {}))
    except (TypeError, ValueError) as exc:
        raise CheckpointError(directory / CONFIG_FILE, f"bad model config ({exc})") from None

    vocab_path = directory / VOCAB_FILE
    try:
        vocab = Vocabulary.load(vocab_path)
    except FileNotFoundError:
        raise CheckpointError(vocab_path, "missing file") from None
    except (OSError, UnicodeDecodeError, ValueError, KeyError, TypeError) as exc:
        raise CheckpointError(vocab_path, f"unreadable ({exc})") from None

    weights_path = directory / WEIGHTS_FILE
    if not weights_path.is_file():
        raise CheckpointError(weights_path, "missing file")
    try:
        tensors = load_file(str(weights_path))
    except (SafetensorError, OSError, ValueError) as exc:
        raise CheckpointError(weights_path, f"unreadable or truncated ({exc})") from None

    model = SpanCopyModel(model_config, vocab)
    expected = model.state_dict()
    missing = sorted(set(expected) - set(tensors))
    unexpected = sorted(set(tensors) - set(expected))
    wrong = sorted(k for k in expected if k in tensors and tensors[k].shape != expected[k].shape)
    if missing or unexpected or wrong:
        raise CheckpointError(
            weights_path,
            "does not match config.json/vocab.json "
            f"(missing {missing[:3]}, unexpected {unexpected[:3]}, wrong shape {wrong[:3]})",
        )
    model.load_state_dict(tensors)
    return model.to(resolve_device(device)).eval()
