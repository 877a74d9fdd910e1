"""Background diagnostics: when they are computed (the selection is pure, in the pipeline).

Off by default (``spancopy.diagnostics.enable`` for Java files,
``spancopy.prose.diagnostics.enable`` for text and Markdown files: :func:`enabled`). A quiet
time of ``diagnostics.debounceMs`` after an open or an edit (:class:`Debouncer`), the server
decodes every outermost method (or every sentence) of the (open) file at background priority,
a few at a time so that code actions overtake it; a unit gets an Information diagnostic, on
the text its best repair would change, when that repair is at least
``diagnostics.threshold`` times as likely as the unit as written
(:func:`spancopy_core.repair.pipeline.confident`). A new version or a closed file cancels the
computation; results for a version that is no longer current are never published.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable

from spancopy_core.repair.frontend import Frontend

from .settings import ServerSettings


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
