"""Background diagnostics: when they are computed and published (the rule is the runner's). Off
by default (:func:`enabled`); after a quiet time (:class:`Debouncer`) the server decodes every
outermost unit of the file at background priority and marks, with an Information diagnostic,
each unit whose best repair passes :func:`spancopy_core.repair.runner.confident`; results for a
version that is no longer current are never published (:class:`Diagnostics`).
Design notes: docs/design.md#lsp-server-diagnostics.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from functools import partial

from lsprotocol import types

from spancopy_core.repair import pipeline, runner
from spancopy_core.repair.frontend import Frontend
from spancopy_core.repair.languages import frontend_for

from . import convert
from .open_files import OpenFiles
from .repairs import RepairService
from .settings import ServerSettings
from .textsync import TextDocument
from .worker import BACKGROUND, JobCancelled

log = logging.getLogger(__name__)


def enabled(settings: ServerSettings, frontend: Frontend | None) -> bool:
    """Whether the documents of ``frontend`` (None: a language spancopy does not repair) get
    diagnostics under ``settings``."""
    if frontend is None:
        return False
    if frontend.model == "prose":
        return settings.prose_enable and settings.prose_diagnostics_enable
    return settings.diagnostics_enable


class Debouncer:
    """One pending delayed task per key; scheduling again replaces it."""

    def __init__(self) -> None:
        self._tasks: dict[str, asyncio.Task] = {}

    def schedule(self, key: str, delay_ms: int, work: Callable[[], Awaitable[None]]) -> None:
        self.cancel(key)

        async def later() -> None:
            await asyncio.sleep(delay_ms / 1000)
            await work()

        task = asyncio.ensure_future(later())
        self._tasks[key] = task
        task.add_done_callback(
            lambda t: self._tasks.pop(key, None) if self._tasks.get(key) is t else None
        )

    def cancel(self, key: str) -> None:
        task = self._tasks.pop(key, None)
        if task is not None:
            task.cancel()

    def cancel_all(self) -> None:
        for key in list(self._tasks):
            self.cancel(key)


class Diagnostics:
    """The diagnostics of the open documents: scheduled after a quiet time, computed at
    background priority, published for the version they were computed for, or cleared."""

    def __init__(
        self,
        files: OpenFiles,
        repairs: RepairService,
        settings: Callable[[], ServerSettings],
        encoding: Callable[[], str],
        publish: Callable[[types.PublishDiagnosticsParams], None],
    ) -> None:
        self.debouncer = Debouncer()
        self._files = files
        self._repairs = repairs
        self._settings = settings
        self._encoding = encoding
        self._publish = publish

    def schedule(self, doc: TextDocument) -> None:
        """Compute ``doc``'s diagnostics after the quiet time, if its language gets any."""
        settings = self._settings()
        if enabled(settings, frontend_for(doc.language_id, doc.uri)):
            delay = settings.diagnostics_debounce_ms
            self.debouncer.schedule(doc.key, delay, partial(self.publish, doc.uri))

    def clear(self, doc: TextDocument) -> None:
        """Cancel ``doc``'s pending diagnostics and publish none for it."""
        self.debouncer.cancel(doc.key)
        self._publish(types.PublishDiagnosticsParams(uri=doc.uri, diagnostics=[]))

    def settings_changed(self, old: ServerSettings, new: ServerSettings) -> None:
        """Recompute the diagnostics of every open document after a settings change (clear
        them where the new settings turn them off)."""
        for doc in self._files.texts:
            frontend = frontend_for(doc.language_id, doc.uri)
            if new != old and enabled(new, frontend):
                self.schedule(doc)
            elif enabled(old, frontend) and not enabled(new, frontend):
                self.clear(doc)

    async def publish(self, uri: str) -> None:
        """Compute and publish the diagnostics of the open document ``uri``."""
        snap = await self._files.snapshot(uri)
        if snap is None or not enabled(self._settings(), snap.doc.frontend):
            return
        if (vocab := await self._repairs.models.vocab(snap.doc.frontend.model)) is None:
            return
        loop = asyncio.get_running_loop()
        found_units = await loop.run_in_executor(
            self._repairs.cpu, self._repairs.units, snap, vocab, None
        )
        units = self._repairs.decodable(snap, found_units)
        found = []
        for k in range(0, len(units), pipeline.BATCH):
            try:
                repairs = await self._repairs.repairs(
                    snap, units[k : k + pipeline.BATCH], priority=BACKGROUND, only_confident=True
                )
            except JobCancelled:
                return  # a newer version (or shutdown) takes over
            threshold = self._settings().diagnostics_threshold
            for r in repairs:
                best = r.best()
                if best is not None and runner.confident(r, threshold, snap.doc):
                    lines, frontend = snap.doc.lines, snap.doc.frontend
                    ratio, encoding = r.confidence(), self._encoding()
                    what = None
                    if r.suspected:  # a likely bug: the first repair shown that fixes it
                        best, what = r.candidates[r.suspected[0].repair], r.suspected[0].what
                    found.append(
                        convert.diagnostic(lines, best, r.unit, frontend, ratio, encoding, what)
                    )
        if not self._files.is_current(snap) or not enabled(self._settings(), snap.doc.frontend):
            return
        log.info("%s: %d diagnostic(s) for version %d", uri, len(found), snap.version)
        self._publish(
            types.PublishDiagnosticsParams(uri=uri, diagnostics=found, version=snap.version)
        )
