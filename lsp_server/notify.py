"""Telling the user: logging to ``window/logMessage`` and work-done progress (``$/progress``).

stdout is the protocol, so the server never prints: :class:`LspLogHandler` forwards log
records to the client as ``window/logMessage`` (from any thread, through the event loop).
:func:`work_done` reports a long operation with LSP work-done progress: on the token the
client supplied with its request, else on one the server creates with
``window/workDoneProgress/create`` when the client supports it, else silently.
"""

from __future__ import annotations

import asyncio
import logging
import uuid
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

from lsprotocol import types
from pygls.exceptions import JsonRpcException
from pygls.lsp.server import LanguageServer

_LEVELS = (
    (logging.ERROR, types.MessageType.Error),
    (logging.WARNING, types.MessageType.Warning),
    (logging.INFO, types.MessageType.Info),
)


class LspLogHandler(logging.Handler):
    """Forward log records to the client as ``window/logMessage`` notifications."""

    def __init__(self, server: LanguageServer, loop: asyncio.AbstractEventLoop | None = None):
        super().__init__()
        self.server = server
        self.loop = loop

    @classmethod
    def attach(cls, server: LanguageServer, logger: str = "lsp_server") -> None:
        """Forward ``logger``'s records to ``server``'s client (call on the event loop)."""
        target = logging.getLogger(logger)
        for h in target.handlers:
            if isinstance(h, cls):
                target.removeHandler(h)
        handler = cls(server, asyncio.get_running_loop())
        handler.setFormatter(logging.Formatter("%(levelname)s %(name)s: %(message)s"))
        target.addHandler(handler)

    def emit(self, record: logging.LogRecord) -> None:
        if self.loop is None or self.server.protocol.writer is None:
            return  # not connected yet
        kind = next((t for level, t in _LEVELS if record.levelno >= level), types.MessageType.Log)
        params = types.LogMessageParams(type=kind, message=self.format(record))
        try:
            self.loop.call_soon_threadsafe(self.server.window_log_message, params)
        except RuntimeError:  # the loop is closed: the client is gone
            pass


class Progress:
    """One work-done progress; ``report`` updates it, ``end_message`` is shown at the end."""

    def __init__(self, server: LanguageServer, token: types.ProgressToken | None) -> None:
        self.server, self.token = server, token
        self.end_message: str | None = None
        self.ended = False  # no report may follow the end (one may be queued by a thread)
        self._last: int | None = None

    def report(self, message: str | None = None, percentage: int | None = None) -> None:
        if (
            self.token is None
            or self.ended
            or (percentage is not None and percentage == self._last)
        ):
            return
        self._last = percentage
        self.server.work_done_progress.report(
            self.token, types.WorkDoneProgressReport(message=message, percentage=percentage)
        )


def _supports_progress(server: LanguageServer) -> bool:
    window: Any = server.client_capabilities.window
    return bool(window and window.work_done_progress)


@asynccontextmanager
async def work_done(
    server: LanguageServer, title: str, token: types.ProgressToken | None = None
) -> AsyncIterator[Progress]:
    """Begin a progress (``title``), yield it, end it whatever happens."""
    if token is None and _supports_progress(server):
        token = f"spancopy-{uuid.uuid4()}"
        try:
            await server.work_done_progress.create_async(token)
        except JsonRpcException:  # the client refused: go on without progress
            token = None
    progress = Progress(server, token)
    if token is not None:
        server.work_done_progress.begin(
            token, types.WorkDoneProgressBegin(title=title, percentage=0)
        )
    try:
        yield progress
    finally:
        progress.ended = True
        if token is not None:
            server.work_done_progress.end(
                token, types.WorkDoneProgressEnd(message=progress.end_message)
            )
