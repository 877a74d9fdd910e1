"""What the server changes in pygls' transport: TCP serving and command cancellation.

pygls' TCP server keeps listening after its client is gone when the connection broke while a
message was being written (the error escapes before its shutdown), so :func:`serve_tcp` serves
one connection and returns whenever it ends, with the exit code of an LSP ``exit``.
pygls answers ``$/cancelRequest`` for a ``workspace/executeCommand`` but lets the command's
task run on; :class:`CommandCancellingProtocol` cancels that task too, which stops its beam
search within a step.
"""

from __future__ import annotations

import asyncio
import logging
import sys
import threading
from typing import Any

from pygls.io_ import run_async
from pygls.lsp.server import LanguageServer
from pygls.protocol import LanguageServerProtocol

log = logging.getLogger(__name__)


class CommandCancellingProtocol(LanguageServerProtocol):
    """pygls' protocol; a cancelled command's task (in ``server.command_tasks`` by request
    id) is cancelled as well."""

    def _handle_cancel_notification(self, msg_id: Any) -> None:
        super()._handle_cancel_notification(msg_id)
        task = getattr(self._server, "command_tasks", {}).pop(msg_id, None)
        if task is not None:
            task.cancel()


def serve_tcp(server: LanguageServer, host: str, port: int) -> None:
    """Serve one client on ``host:port``; return when it disconnects, exit after ``exit``."""
    exit_code: list[Any] = []
    stop = server._stop_event = threading.Event()

    async def connection(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        server.protocol.set_writer(writer)  # type: ignore[arg-type]
        try:
            await run_async(
                stop_event=stop,
                reader=reader,
                protocol=server.protocol,
                logger=log,
                error_handler=server.report_server_error,
            )
        except ConnectionError:
            pass
        except SystemExit as exc:  # pygls ends the process on the client's ``exit``
            exit_code.append(exc.code)
        finally:
            gone.set()

    async def serve() -> None:
        listener = await asyncio.start_server(connection, host, port)
        log.info("Listening on %s:%d", host, port)
        async with listener:
            await gone.wait()

    gone = asyncio.Event()
    try:
        asyncio.run(serve())
    finally:
        server.shutdown()
    if exit_code:
        sys.exit(exit_code[0])
