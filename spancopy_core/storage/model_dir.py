"""The parts of a model directory that need no torch: its file names, ``config.json``,
``vocab.json`` and the header of ``model.safetensors``.

Read by :mod:`spancopy_core.storage.checkpoint` before it allocates a model, on their own by
what must answer fast (``:checkhealth spancopy``, a Python process that would otherwise spend
seconds importing torch), and to tell what a model serves before it is loaded
(:func:`model_kind`: an edit or a repair model, Java or prose; :func:`kind_mismatch`). The
safetensors header is its documented layout: 8 bytes of little-endian header length, then a
JSON object of ``name -> {"dtype", "shape", "data_offsets"}`` (and ``__metadata__``). Every
problem raises :class:`CheckpointError` naming the file, in one line.
"""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any, NamedTuple

from spancopy_core.paper.vocab import Vocabulary
from spancopy_core.storage.files import FileRejected, read_regular, regular_size
from spancopy_core.storage.project import project_path

FORMAT_VERSION = 1
CONFIG_FILE, VOCAB_FILE, WEIGHTS_FILE = "config.json", "vocab.json", "model.safetensors"
MAX_CONFIG_BYTES = 2**20
MAX_PARAMETERS = 100_000_000  # 400 MB of float32 (the shipped Java model has 1.3 million)
MAX_HEADER_BYTES = 2**20  # of model.safetensors, beyond the tensors' bytes
# Where ``python -m trainer adapt`` writes a project's adapted Java model, under its work tree
PROJECT_MODEL = Path(".spancopy") / "java-model"


class CheckpointError(Exception):
    """A model directory that cannot be loaded; ``path`` names the offending file."""

    def __init__(self, path: Path, reason: str) -> None:
        reason = " ".join(reason.split())  # one line, whatever the cause said
        super().__init__(f"{path}: {reason}")
        self.path = path
        self.reason = reason


def read_config(directory: str | Path) -> dict[str, Any]:
    """The parsed ``config.json`` of a model directory (a regular file of at most
    :data:`MAX_CONFIG_BYTES`; format version checked)."""
    path = Path(directory) / CONFIG_FILE
    try:
        config = json.loads(read_regular(path, MAX_CONFIG_BYTES).decode("utf-8"))
    except FileNotFoundError:
        raise CheckpointError(path, "missing file") from None
    except FileRejected as exc:
        raise CheckpointError(path, str(exc)) from None
    except (OSError, ValueError, RecursionError) as exc:  # ValueError: not UTF-8 or not JSON
        raise CheckpointError(path, f"unreadable ({exc})") from None
    if not isinstance(config, dict) or config.get("format_version") != FORMAT_VERSION:
        raise CheckpointError(path, f"not a spancopy model config (format {FORMAT_VERSION})")
    return config


def read_vocab(directory: str | Path) -> Vocabulary:
    """The ``vocab.json`` of a model directory."""
    path = Path(directory) / VOCAB_FILE
    try:
        return Vocabulary.load(path)
    except FileNotFoundError:
        raise CheckpointError(path, "missing file") from None
    except FileRejected as exc:
        raise CheckpointError(path, str(exc)) from None
    except (OSError, ValueError, KeyError, TypeError, RecursionError) as exc:
        raise CheckpointError(path, f"unreadable ({exc})") from None


def read_weights_header(path: Path, max_bytes: int) -> dict[str, tuple[tuple[int, ...], str]]:
    """``name -> (shape, dtype)`` of the tensors in the safetensors file ``path`` (a regular
    file of at most ``max_bytes``), from its header alone; the offsets are checked to tile
    the data that follows."""
    try:
        size = regular_size(path, max_bytes)
        with path.open("rb") as f:
            n = int.from_bytes(f.read(8), "little")
            if size < 8 or n > min(MAX_HEADER_BYTES, size - 8):
                raise ValueError("bad header length")
            header = json.loads(f.read(n).decode("utf-8"))
    except FileNotFoundError:
        raise CheckpointError(path, "missing file") from None
    except FileRejected as exc:
        raise CheckpointError(path, str(exc)) from None
    except (OSError, ValueError, RecursionError) as exc:
        raise CheckpointError(path, f"unreadable or truncated ({exc})") from None
    if not isinstance(header, dict):
        raise CheckpointError(path, "unreadable or truncated (header is not an object)")
    found, end = {}, 0
    for name, info in sorted(
        ((k, v) for k, v in header.items() if k != "__metadata__"),
        key=lambda kv: _offsets(kv[1])[0],
    ):
        start, stop = _offsets(info)
        shape = info.get("shape") if isinstance(info, dict) else None
        if start != end or not isinstance(shape, list) or not isinstance(info.get("dtype"), str):
            raise CheckpointError(path, f"unreadable or truncated (bad entry {name[:60]!r})")
        end = stop
        found[name] = (tuple(shape), info["dtype"])
    if 8 + n + end != size:
        raise CheckpointError(path, "unreadable or truncated (data and header disagree)")
    return found


def _offsets(info: object) -> tuple[int, int]:
    offsets = info.get("data_offsets") if isinstance(info, dict) else None
    if (
        isinstance(offsets, list)
        and len(offsets) == 2
        and all(type(x) is int for x in offsets)
        and 0 <= offsets[0] <= offsets[1]
    ):
        return offsets[0], offsets[1]
    return -1, -1


def check_directory(directory: str | Path) -> tuple[int, int]:
    """Check a model directory without torch: config.json, vocab.json and the header of
    model.safetensors (at most :data:`MAX_PARAMETERS` float32 parameters). Returns (vocabulary
    size, parameters). What it cannot check, whether the tensors are the ones the config
    describes, :func:`spancopy_core.storage.checkpoint.load_model` does."""
    directory = Path(directory)
    if not directory.is_dir():
        raise CheckpointError(directory, "not a model directory")
    read_config(directory)
    vocab = read_vocab(directory)
    path = directory / WEIGHTS_FILE
    tensors = read_weights_header(path, 8 + MAX_HEADER_BYTES + 4 * MAX_PARAMETERS)
    parameters = sum(math.prod(shape) for shape, _ in tensors.values())
    if parameters > MAX_PARAMETERS:
        raise CheckpointError(path, f"{parameters} parameters, more than {MAX_PARAMETERS}")
    return len(vocab), parameters


# Tokens every model of a language knows and a model of the other never has: the Java
# models' vocabularies are code tokens (``{`` ``}`` ``;``), the prose models' English words.
LANGUAGE_TOKENS = {"java": ("{", "}", ";"), "prose": ("the", "and", "of")}


class ModelKind(NamedTuple):
    """What a model directory serves: an edit model (it applies a given edit: similar
    edits) or a repair model, and its language (a key of :data:`spancopy_core.DEFAULT_MODELS`,
    None when neither ``config.json`` nor the vocabulary says)."""

    edit: bool
    language: str | None


def model_kind(directory: str | Path) -> ModelKind:
    """The :class:`ModelKind` of a model directory, from ``config.json`` (the ``model``'s
    ``edit_dim``; a top-level ``language`` when written) and ``vocab.json`` (whose tokens
    tell Java from prose, :data:`LANGUAGE_TOKENS`). :class:`CheckpointError` when unreadable."""
    config = read_config(directory)
    model = config.get("model")
    edit = isinstance(model, dict) and bool(model.get("edit_dim"))
    language = config.get("language")
    if isinstance(language, str):
        return ModelKind(edit, language)
    known = set(read_vocab(directory).itos)
    found = [lang for lang, tokens in LANGUAGE_TOKENS.items() if known.issuperset(tokens)]
    return ModelKind(edit, found[0] if len(found) == 1 else None)


def kind_mismatch(kind: ModelKind, language: str, *, edit: bool = False) -> str | None:
    """Why a model of ``kind`` cannot serve ``language`` as a repair model (``edit``: as an
    edit model), in a few words; None when it can (or its language is not known)."""
    if kind.edit and not edit:
        return "an edit model (it applies a given edit: similar edits), not a repair model"
    if edit and not kind.edit:
        return "not an edit model"
    if kind.language is not None and kind.language != language:
        return f"a {kind.language} model, not a {language} model"
    return None


def project_model(path: str | Path) -> Path | None:
    """The Java model adapted to the project holding ``path`` (a file or a workspace folder) by
    ``python -m trainer adapt``: :data:`PROJECT_MODEL` with a ``config.json`` in the nearest
    folder from ``path`` up to its git work tree's root (the folder with ``.git``), or None."""
    found = project_path(path, PROJECT_MODEL / CONFIG_FILE)
    return None if found is None else found.parent
