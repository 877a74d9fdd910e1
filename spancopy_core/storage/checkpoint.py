"""Model directories: ``config.json`` + ``vocab.json`` + ``model.safetensors``.

``config.json`` holds a format version and the :class:`ModelConfig`; weights are stored with
safetensors only (pickle files are never read). A model directory is untrusted: only regular
files of bounded size are read (:mod:`spancopy_core.storage.files`), and the whole directory is
validated before the model is allocated (:func:`load_model`). Every problem with a directory (a
missing, truncated, oversized or mismatched file, a FIFO or a device in place of a file, absurd
sizes) raises :class:`CheckpointError` naming the file, in one line.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import torch
from safetensors import SafetensorError
from safetensors.torch import load_file, save_file

from spancopy_core.paper import detection
from spancopy_core.paper.config import ModelConfig
from spancopy_core.paper.model import SpanCopyModel
from spancopy_core.paper.vocab import Vocabulary
from spancopy_core.storage.model_dir import (  # noqa: F401 (read_config, the constants: re-exported)
    CONFIG_FILE,
    FORMAT_VERSION,
    MAX_CONFIG_BYTES,
    MAX_HEADER_BYTES,
    MAX_PARAMETERS,
    VOCAB_FILE,
    WEIGHTS_FILE,
    CheckpointError,
    read_config,
    read_vocab,
    read_weights_header,
)

# The dtypes a float32 tensor of a model may be stored in, as safetensors names them: float32,
# or float16 (save_model(..., half=True): half the file; loaded back into float32 parameters,
# so computing stays float32).
_DTYPES = {torch.float32: ("F32", "F16")}


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
    *,
    half: bool = False,
) -> Path:
    """Write the model directory (created if needed); ``extra`` is stored in config.json.
    With ``half``, the float32 weights are stored as float16 (half the file; the model loads
    them back as float32 and computes in float32)."""
    out = Path(directory)
    out.mkdir(parents=True, exist_ok=True)
    if len(vocab) != model.embedding.num_embeddings:
        raise ValueError("vocabulary size does not match the model's embedding")
    config = {"format_version": FORMAT_VERSION, "model": model.config.to_dict(), **(extra or {})}
    tensors = {k: v.detach().contiguous().cpu() for k, v in model.state_dict().items()}
    if half:
        tensors = {k: v.half() if v.dtype == torch.float32 else v for k, v in tensors.items()}
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


def load_model(directory: str | Path, device: str | torch.device = "auto") -> SpanCopyModel:
    """Load a model directory onto ``device`` in eval mode.

    Nothing is allocated before the whole directory is validated: the config's fields are
    bounded (:class:`ModelConfig`), the vocabulary too
    (:data:`~spancopy_core.paper.vocab.MAX_SIZE`),
    the model they describe has at most :data:`MAX_PARAMETERS`, and the weights file is a
    regular file no larger than those parameters need whose header (read alone, by
    :func:`~spancopy_core.storage.model_dir.read_weights_header`) lists exactly the model's tensors
    with their shapes and dtype (float32, or float16 loaded into float32 parameters).
    Raises :class:`CheckpointError` (also for running out of memory while loading) or
    :class:`DeviceError`."""
    directory = Path(directory)
    target = resolve_device(device)
    if not directory.is_dir():
        raise CheckpointError(directory, "not a model directory")
    config = read_config(directory)
    try:
        model_config = ModelConfig.from_dict(config.get("model", {}))
    except ValueError as exc:
        raise CheckpointError(directory / CONFIG_FILE, f"bad model config ({exc})") from None

    vocab = read_vocab(directory)
    with _shapes_only():
        expected = SpanCopyModel(model_config, vocab).state_dict()
    parameters = sum(t.numel() for t in expected.values())
    if parameters > MAX_PARAMETERS:
        raise CheckpointError(
            directory / CONFIG_FILE,
            f"describes a model of {parameters} parameters with vocab.json, "
            f"more than the {MAX_PARAMETERS} allowed",
        )
    weights_path = directory / WEIGHTS_FILE
    _check_weights(weights_path, expected)
    try:
        tensors = load_file(str(weights_path))
        model = SpanCopyModel(model_config, vocab)
        model.load_state_dict(tensors)
        model = model.to(target).eval()
        detection.attach(model, detection.load(directory, target))
        return model
    except (SafetensorError, OSError, ValueError) as exc:  # changed since it was checked
        raise CheckpointError(weights_path, f"unreadable or truncated ({exc})") from None
    except (RuntimeError, MemoryError) as exc:  # out of memory, on the CPU or the device
        raise CheckpointError(
            directory, f"cannot be loaded on {target} ({type(exc).__name__}: {exc})"
        ) from None


@contextmanager
def _shapes_only() -> Iterator[None]:
    """Modules built inside have parameters on the meta device (shapes, no memory) and skip
    the random initialisation of the embeddings (and n-gram embeddings): torch's ``normal_``
    on meta tensors imports ``torch._dynamo``, 1.6 s of a server's cold start."""
    kinds: list[type[torch.nn.Embedding] | type[torch.nn.EmbeddingBag]]
    kinds = [torch.nn.Embedding, torch.nn.EmbeddingBag]
    resets = [kind.reset_parameters for kind in kinds]
    for kind in kinds:
        kind.reset_parameters = lambda self: None  # type: ignore[method-assign]  # meta: no init
    try:
        with torch.device("meta"):
            yield
    finally:
        for kind, reset in zip(kinds, resets):
            kind.reset_parameters = reset  # type: ignore[method-assign]  # restores torch's own


def _check_weights(path: Path, expected: dict[str, torch.Tensor]) -> None:
    """Check that ``path`` is a safetensors file of exactly the ``expected`` tensors (their
    names, shapes and dtypes) without reading the tensors."""
    need = sum(t.numel() * t.element_size() for t in expected.values())
    found = read_weights_header(path, 8 + MAX_HEADER_BYTES + need)
    want = {k: (tuple(t.shape), _DTYPES[t.dtype]) for k, t in expected.items()}
    missing = sorted(set(want) - set(found))
    unexpected = sorted(name[:60] for name in set(found) - set(want))  # names from the file
    wrong = sorted(
        k
        for k, (shape, dtypes) in want.items()
        if k in found and (found[k][0] != shape or found[k][1] not in dtypes)
    )
    if missing or unexpected or wrong:
        raise CheckpointError(
            path,
            "does not match config.json/vocab.json (missing "
            f"{missing[:3]}, unexpected {unexpected[:3]}, wrong shape or dtype {wrong[:3]})",
        )
