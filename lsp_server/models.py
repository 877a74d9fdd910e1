"""The models the server serves: one :class:`~.worker.ModelWorker` per kind of unit (the Java
model, the prose model, the edit model of similar edits), each with its directory
(:func:`model_dir`: the user's setting, else the shipped one), loaded in the background on first
use; a model that cannot be loaded serves nothing and the user is told once per model path.
Design notes: docs/design.md#lsp-server-models.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Iterator
from pathlib import Path

from lsprotocol import types
from pygls.lsp.server import LanguageServer

from spancopy_core import DEFAULT_EDIT_MODEL, DEFAULT_MODELS
from spancopy_core.paper.vocab import Vocabulary
from spancopy_core.storage.model_dir import PROJECT_MODEL, project_model

from .notify import work_done
from .settings import SECTION, ServerSettings
from .worker import JobCancelled, ModelUnavailable, ModelWorker

log = logging.getLogger(__name__)

SHIPPED = {**DEFAULT_MODELS, "edit": DEFAULT_EDIT_MODEL}  # each kind's shipped model
# each model's path setting
_SETTING = {"java": "modelPath", "prose": "prose.modelPath", "edit": "similarEdit.modelPath"}
_WHAT = {"java": "repairs", "prose": "prose repairs", "edit": "similar edits"}
# what each kind's model must be: its language, and whether it is an edit model
_SERVES = {"java": ("java", False), "prose": ("prose", False), "edit": ("java", True)}


def configured_path(settings: ServerSettings, kind: str) -> str:
    """The path the user set for the model of ``kind`` (empty: the shipped one)."""
    if kind == "edit":
        return settings.similar_edit_model_path
    return settings.prose_model_path if kind == "prose" else settings.model_path


def model_dir(settings: ServerSettings, kind: str, root: str | None) -> Path:
    """The directory of the model of ``kind``: its setting (relative to the workspace
    ``root``), else for Java the model adapted to the workspace's project by ``python -m
    trainer adapt`` (:func:`~spancopy_core.storage.model_dir.project_model`), else the
    shipped one."""
    setting = configured_path(settings, kind)
    if not setting:
        own = project_model(root) if kind == "java" and root else None
        return own or SHIPPED[kind]
    path = Path(setting).expanduser()
    return path if path.is_absolute() or not root else Path(root) / path


class Models:
    """The workers by model kind, and the loading of their models."""

    def __init__(self, server: LanguageServer) -> None:
        self.server = server
        self.workers = {kind: ModelWorker(serves=_SERVES[kind]) for kind in SHIPPED}
        self._explicit = dict.fromkeys(SHIPPED, False)
        self._loading: dict[str, tuple[int, asyncio.Task]] = {}

    def __getitem__(self, kind: str) -> ModelWorker:
        return self.workers[kind]

    def __iter__(self) -> Iterator[ModelWorker]:
        return iter(self.workers.values())

    def configure(self, settings: ServerSettings, root: str | None) -> None:
        """Serve the models that ``settings`` name from now on."""
        for kind, worker in self.workers.items():
            self._explicit[kind] = bool(configured_path(settings, kind))
            path = model_dir(settings, kind, root)
            if worker.configure(path, settings.device):
                adapted = path.parts[-2:] == PROJECT_MODEL.parts
                why = " (adapted to this project by trainer adapt)" if adapted else ""
                log.info("%s model: %s on %s%s", kind.capitalize(), path, settings.device, why)

    async def vocab(self, kind: str) -> Vocabulary | None:
        """The vocabulary of the model of ``kind``; loads it (with progress) on first use.
        None when it cannot be loaded, which the user is told once per model path."""
        worker = self.workers[kind]
        if worker.vocab is not None:
            return worker.vocab
        if worker.error is not None:
            return None
        generation = worker.generation
        self.preload(kind)
        vocab = await asyncio.shield(self._loading[kind][1])
        if worker.generation != generation and not worker.closed:
            return await self.vocab(kind)  # reloaded meanwhile: the newer model's
        return vocab

    def preload(self, kind: str) -> None:
        """Start loading the model of ``kind``, without waiting for it."""
        worker, loading = self.workers[kind], self._loading.get(kind)
        if loading is None or loading[0] != worker.generation:
            self._loading[kind] = (worker.generation, asyncio.ensure_future(self._load(kind)))

    async def _load(self, kind: str) -> Vocabulary | None:
        worker = self.workers[kind]
        path, generation = worker.model_dir, worker.generation
        title = "spancopy: loading the repair model" + ("" if kind == "java" else f" ({kind})")
        async with work_done(self.server, title) as progress:
            try:
                vocab = await worker.load()
            except (ModelUnavailable, JobCancelled) as exc:  # JobCancelled: at shutdown
                progress.end_message = "failed"
                if worker.generation != generation:
                    progress.end_message = "superseded"
                    return None  # a newer load tells the user about itself
                message = (
                    f"spancopy: no {_WHAT[kind]}: cannot load the model {path} ({exc}). "
                    f"Set {SECTION}.{_SETTING[kind]} to a model directory."
                )
                if kind == "java" or self._explicit[kind]:
                    log.error(message)
                    self.server.window_show_message(
                        types.ShowMessageParams(type=types.MessageType.Error, message=message)
                    )
                else:
                    log.warning(message)
                return None
            progress.end_message = "loaded"
            return vocab

    def unload(self) -> None:
        """Forget every model (each loads again on its next use)."""
        for worker in self:
            worker.unload()

    def cancel_document(self, key: str) -> None:
        for worker in self:
            worker.cancel_document(key)

    def cancel_older(self, key: str, version: int) -> None:
        for worker in self:
            worker.cancel_older(key, version)

    def close(self, wait: float = 0.0) -> bool:
        """Close every worker, waiting up to ``wait`` seconds in all for their threads to end;
        whether they have."""
        for worker in self:
            worker.close()
        deadline = time.monotonic() + wait
        return all([worker.close(max(0.0, deadline - time.monotonic())) for worker in self])
