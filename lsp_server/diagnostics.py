"""Background diagnostics: methods where the model is confident that a repair exists.

Off by default (``spancopy.diagnostics.enable``). A quiet time of ``diagnostics.debounceMs``
after an open or an edit, every outermost method of the (open) file is decoded at background
priority, a few at a time so that code actions overtake it; a method gets an Information
diagnostic, on the text its best repair would change, when that repair is at least
``diagnostics.threshold`` times as likely as the unchanged method (:func:`confidence`). A new
version or a closed file cancels the computation; results for a version that is no longer
current are never published.
"""

from __future__ import annotations

import asyncio
import logging
import math
from collections.abc import Awaitable, Callable, Sequence
from typing import TYPE_CHECKING

from lsprotocol import types

from spancopy_core.actions import Hypothesis

from .convert import diagnostic
from .languages import Unit
from .repair import Candidate, unchanged_share
from .worker import BACKGROUND, JobCancelled

if TYPE_CHECKING:
    from .server import SpanCopyServer

log = logging.getLogger(__name__)

CHUNK = 8  # methods per background beam search


def confidence(unit: Unit, hypotheses: Sequence[Hypothesis], best: Candidate) -> float:
    """How many times as likely as the unchanged unit its best repair is. When the beam lost
    the unchanged unit, its share is taken as that of the least likely hypothesis kept (an
    upper bound, so the ratio errs low)."""
    unchanged = unchanged_share(unit, hypotheses)
    if unchanged == 0.0:
        m = max(h.log_prob for h in hypotheses)
        total = m + math.log(sum(math.exp(h.log_prob - m) for h in hypotheses))
        unchanged = math.exp(min(h.log_prob for h in hypotheses) - total)
    return best.probability / unchanged if unchanged > 0 else math.inf


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


async def publish(ls: SpanCopyServer, uri: str) -> None:
    """Compute and publish the diagnostics of the open document ``uri``."""
    snap = await ls.snapshot(uri)
    if snap is None or (vocab := await ls.vocab()) is None:
        return
    loop = asyncio.get_running_loop()
    units = await loop.run_in_executor(ls.cpu, snap.frontend.all_units, snap.parsed, vocab)
    units = ls.decodable(snap, units)
    threshold, found = ls.settings.diagnostics_threshold, []
    for k in range(0, len(units), CHUNK):
        try:
            results = await ls.repairs(snap, units[k : k + CHUNK], priority=BACKGROUND)
        except JobCancelled:
            return  # a newer version (or shutdown) takes over
        for unit, hypotheses, cands in results:
            if cands and (ratio := confidence(unit, hypotheses, cands[0])) >= threshold:
                found.append(diagnostic(snap.lines, cands[0], unit.name, ratio, ls.encoding))
    if ls.current_version(uri) != snap.version or not ls.settings.diagnostics_enable:
        return
    log.info("%s: %d diagnostic(s) for version %d", uri, len(found), snap.version)
    ls.text_document_publish_diagnostics(
        types.PublishDiagnosticsParams(uri=uri, diagnostics=found, version=snap.version)
    )
