"""The server's transports (stdio, one TCP client) and the JSON-RPC framing it reads with: the
base protocol of LSP 3.17 ("Base Protocol"; JSON-RPC 2.0 "Error object") read here, not by
pygls, so that only well-formed messages reach pygls and a malformed request gets its JSON-RPC
error (:func:`check_message`, :func:`dispatch`); ``exit`` ends the process after the server's
threads are stopped (:func:`run`).
Design notes: docs/design.md#lsp-server-transport.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
import queue
import re
import sys
import threading
from collections.abc import Awaitable, Callable, Generator
from typing import Any, BinaryIO, NamedTuple

from lsprotocol import types
from pygls.exceptions import (
    JsonRpcContentModified,
    JsonRpcException,
    JsonRpcInvalidParams,
    JsonRpcInvalidRequest,
    JsonRpcRequestCancelled,
    JsonRpcServerNotInitialized,
)
from pygls.io_ import StdoutWriter
from pygls.lsp.server import LanguageServer
from pygls.protocol import LanguageServerProtocol
from pygls.protocol.language_server import lsp_method

log = logging.getLogger(__name__)

MAX_HEADER_LINE = 8 * 1024  # bytes of one header line
MAX_BODY = 64 * 1024 * 1024  # bytes of one message body
MAX_DEPTH = 128  # levels of arrays and objects in one message (LSP's own nest under 20)
PARSE_ERROR, INVALID_REQUEST, METHOD_NOT_FOUND, INVALID_PARAMS = -32700, -32600, -32601, -32602
READER = "spancopy-stdin"  # the thread that reads stdin (blocked in a read: never joined)
# errors that answer a request as designed, not server failures
EXPECTED_ERRORS = (JsonRpcContentModified, JsonRpcRequestCancelled, JsonRpcInvalidParams)


class CommandCancellingProtocol(LanguageServerProtocol):
    """pygls' protocol; a cancelled command's task (in ``server.command_tasks`` by request
    id) is cancelled as well, and pygls' own copy of the open documents is not kept: the
    server keeps their text itself (:mod:`.textsync`), so the document notifications go
    straight to its handlers."""

    def __init__(self, server: Any, converter: Any) -> None:
        super().__init__(server, converter)
        for kind in (str, int, float, bool):  # cattrs would take str(5) for a URI, int("0")
            converter.register_structure_hook(kind, _exactly(kind))
        logging.getLogger("pygls.protocol.json_rpc").addFilter(_no_structuring_traceback)

    def _user_handler(self, method: str, params: Any) -> Generator[Any, Any, None]:
        if (user_handler := self.fm.features.get(method)) is not None:
            yield user_handler, (params,), None

    @lsp_method(types.TEXT_DOCUMENT_DID_OPEN)
    def lsp_text_document__did_open(self, params: Any) -> Generator[Any, Any, None]:
        yield from self._user_handler(types.TEXT_DOCUMENT_DID_OPEN, params)

    @lsp_method(types.TEXT_DOCUMENT_DID_CHANGE)
    def lsp_text_document__did_change(self, params: Any) -> Generator[Any, Any, None]:
        yield from self._user_handler(types.TEXT_DOCUMENT_DID_CHANGE, params)

    @lsp_method(types.TEXT_DOCUMENT_DID_CLOSE)
    def lsp_text_document__did_close(self, params: Any) -> Generator[Any, Any, None]:
        yield from self._user_handler(types.TEXT_DOCUMENT_DID_CLOSE, params)

    @lsp_method(types.SHUTDOWN)
    def lsp_shutdown(self, *args: Any) -> Generator[Any, Any, None]:
        """pygls' ``shutdown``, iterating over a copy of the pending requests (cancelling one
        runs its callback, which removes it from the dict)."""
        if (user_handler := self.fm.features.get(types.SHUTDOWN)) is not None:
            yield user_handler, args, None
        self._cancel_pending()
        self._shutdown = True
        return None

    def _cancel_pending(self) -> None:
        current_id = self.msg_id
        for msg_id, future in list(self._request_futures.items()):
            if msg_id != current_id and not future.done():
                future.cancel()

    @lsp_method(types.EXIT)
    def lsp_exit(self, *args: Any) -> Generator[Any, Any, None]:
        """pygls' ``exit``, which closes the output; nothing is sent after it. The pending
        requests are cancelled first, as by ``shutdown`` (left to the end of the event loop,
        each logged a traceback)."""
        self._exited = True
        self._cancel_pending()
        yield from super().lsp_exit(*args)

    def _send_data(self, data: Any) -> None:
        """pygls' send, but nothing after ``exit`` (the requests cancelled as the process
        ends logged a traceback each, writing to the closed output)."""
        if not getattr(self, "_exited", False):
            super()._send_data(data)

    def _send_handler_result(self, future: Any, *, msg_id: Any) -> None:
        """Answer a request; the errors that are expected answers (the document changed, the
        request was cancelled, bad params) are sent without a traceback in the log."""
        error = None if future.cancelled() else future.exception()
        if isinstance(error, EXPECTED_ERRORS):
            self._request_futures.pop(msg_id, None)
            log.info("Request %s answered %s: %s", msg_id, type(error).__name__, error)
            self._send_response(msg_id, error=error.to_response_error())
            return
        super()._send_handler_result(future, msg_id=msg_id)

    def _handle_response(self, msg_id: Any, result: Any = None, error: Any = None) -> None:
        """A response from the client; one to a request whose waiter was cancelled meanwhile
        (a cancelled command creating its progress) is dropped instead of raising."""
        future = self._request_futures.get(msg_id)
        if future is not None and future.done():
            self._request_futures.pop(msg_id, None)
            log.info("Dropped the answer to %s: its request was cancelled", msg_id)
            return
        super()._handle_response(msg_id, result, error)

    def invalid_notification(self, method: str, params: Any) -> None:
        """A notification whose params do not validate was dropped: the server is told."""
        hook = getattr(self._server, "invalid_notification", None)
        if hook is not None:
            hook(method, params)

    def handle_message(self, message: Any) -> None:
        """pygls' dispatch, with LSP's rules that pygls leaves out: before ``initialize`` a
        request is answered ServerNotInitialized and a notification dropped (but ``exit``);
        after ``shutdown`` a request is answered InvalidRequest (pygls never answered it)."""
        method = getattr(message, "method", None)
        request = method is not None and hasattr(message, "id")
        if method == types.INITIALIZE:
            self._initialize_seen = True
        elif method not in (None, types.EXIT) and not getattr(self, "_initialize_seen", False):
            log.warning("Refused %s before initialize", method)
            if request:
                error = JsonRpcServerNotInitialized(f"{method} before initialize")
                self._send_response(message.id, error=error.to_response_error())
            return
        if self._shutdown and request and method != types.EXIT:
            log.warning("Refused %s after shutdown", method)
            refused = JsonRpcInvalidRequest(f"Invalid Request: {method} after shutdown")
            self._send_response(message.id, error=refused.to_response_error())
            return
        super().handle_message(message)

    def _handle_cancel_notification(self, msg_id: Any) -> None:
        """pygls' cancel, for the ids a request can have (pygls looks any id up in a dict:
        an array raised TypeError and ended the server, ``true`` cancelled request 1)."""
        if not is_message_id(msg_id):
            log.warning("Ignored a $/cancelRequest whose id is a %s", type(msg_id).__name__)
            return
        super()._handle_cancel_notification(msg_id)
        task = getattr(self._server, "command_tasks", {}).pop(msg_id, None)
        if task is not None:
            task.cancel()


def _no_structuring_traceback(record: logging.LogRecord) -> bool:
    """A log filter: pygls' traceback of params that do not validate is left out (the
    client's mistake, answered or dropped by :func:`dispatch`, which logs it in one line)."""
    return not str(record.msg).startswith("Unable to deserialize message")


def _exactly(kind: type) -> Callable[[Any, Any], Any]:
    """A cattrs structure hook that takes only JSON values of ``kind`` (an integer for a
    float too), so that params of the wrong type are invalid params, not converted."""

    def structure(value: Any, _: Any) -> Any:
        if type(value) is kind or (kind is float and type(value) is int):
            return value
        raise TypeError(f"{kind.__name__} expected, not {type(value).__name__}")

    return structure


def error_response(msg_id: Any, code: int, message: str) -> dict[str, Any]:
    """A JSON-RPC 2.0 error response."""
    return {"jsonrpc": "2.0", "id": msg_id, "error": {"code": code, "message": message}}


def is_message_id(value: Any) -> bool:
    """Whether JSON-RPC allows ``value`` as an id here: a string or an integer (a boolean,
    a float, an array, an object or null is none; ``true`` and ``1.0`` would even match id 1
    in a dict)."""
    return isinstance(value, str) or (isinstance(value, int) and not isinstance(value, bool))


class Checked(NamedTuple):
    """What :func:`check_message` makes of one body: the ``message`` to hand to pygls, or
    the ``reason`` it was refused and either the ``error`` response to send (a request's, or
    one whose kind cannot be told) or the notification ``dropped`` (never answered; the
    object so far as it decodes, for the server's hook)."""

    message: dict[str, Any] | None
    reason: str = ""
    error: dict[str, Any] | None = None
    dropped: dict[str, Any] | None = None


def _depth(value: Any) -> int:
    """How deeply arrays and objects nest in a decoded JSON value (0 for a scalar), counted
    without recursion and only up to one level past :data:`MAX_DEPTH`."""
    deepest, stack = 0, [(value, 1)]
    while stack and deepest <= MAX_DEPTH:
        item, depth = stack.pop()
        children = item.values() if isinstance(item, dict) else item
        if isinstance(item, (dict, list)):
            deepest = max(deepest, depth)
            stack.extend((child, depth + 1) for child in children)
    return deepest


# a JSON string (its brackets are text), or a run of opening or closing brackets
_STRUCTURE = re.compile(rb'"[^"\\]*(?:\\.[^"\\]*)*"|[\[{]+|[\]}]+', re.DOTALL)


def _shallow(body: bytes) -> Any:
    """``body`` decoded with every array or object nested deeper than :data:`MAX_DEPTH`
    replaced by null, so that the members near the top (the id, the method) are read
    without recursing thousands of levels deep; ValueError if it is not JSON even so."""
    kept, depth, resume = [], 0, 0
    for match in _STRUCTURE.finditer(body):
        run = match.end() - match.start()
        if body[match.start()] in b"[{":
            if depth <= MAX_DEPTH < depth + run:  # the run crosses the limit: cut there
                kept.append(body[resume : match.start() + MAX_DEPTH - depth])
            depth += run
        elif body[match.start()] in b"]}":
            if depth - run <= MAX_DEPTH < depth:  # back to the limit: the cut ends
                resume = match.start() + depth - MAX_DEPTH
                kept.append(b"null")
            depth -= run
    if depth > MAX_DEPTH:
        raise ValueError("unclosed arrays or objects")
    return json.loads(b"".join([*kept, body[resume:]]))


def _decode(body: bytes) -> tuple[Any, str]:
    """The JSON value of ``body`` and, when it nests deeper than :data:`MAX_DEPTH`, why it
    is refused (it is then decoded by :func:`_shallow`); ValueError if it is not JSON."""
    try:
        value = json.loads(body)
        if _depth(value) <= MAX_DEPTH:
            return value, ""
    except RecursionError:  # thousands of levels: the decoder's recursion ran out
        pass
    return _shallow(body), f"nested deeper than {MAX_DEPTH} levels"


def _fault(message: dict[str, Any]) -> tuple[int, str] | None:
    """What is wrong with a decoded message object (its error code and why), if anything."""
    if message.get("jsonrpc") != "2.0":
        return INVALID_REQUEST, 'Invalid Request: "jsonrpc" is not "2.0"'
    if "method" not in message:
        if "result" not in message and "error" not in message:
            return INVALID_REQUEST, "Invalid Request: no method, result or error"
        if message.get("id") is not None and not is_message_id(message["id"]):
            return INVALID_REQUEST, "Invalid Request: a response to an id never sent"
        return None
    method = message["method"]
    if not isinstance(method, str):
        return INVALID_REQUEST, "Invalid Request: the method is not a string"
    if "id" in message and not is_message_id(message["id"]):
        return INVALID_REQUEST, "Invalid Request: the id is neither a string nor an integer"
    if message.get("params") is not None and not isinstance(message["params"], (dict, list)):
        return INVALID_PARAMS, f"Invalid params for {method}: neither an object nor an array"
    return None


def check_message(body: bytes) -> Checked:
    """Whether ``body`` is a well-formed JSON-RPC 2.0 message, and the answer if not (pure:
    no pygls). A request, or a message that cannot be told one, gets the error it deserves,
    with its id when the id is usable; a notification (a method, no id) or a response (a
    result or an error, no method) is dropped: neither is ever answered."""
    try:
        message, deep = _decode(body)
    except (UnicodeDecodeError, ValueError) as exc:  # JSONDecodeError is a ValueError
        return Checked(None, "not JSON", error_response(None, PARSE_ERROR, f"Parse error: {exc}"))
    if deep:
        fault: tuple[int, str] | None = (INVALID_REQUEST, f"Invalid Request: {deep}")
    elif not isinstance(message, dict):
        fault = (INVALID_REQUEST, "Invalid Request: not an object")
    else:
        fault = _fault(message)
    if fault is None:
        return Checked(message)
    code, reason = fault
    msg_id = None
    if isinstance(message, dict):
        request = "method" in message and "id" in message
        unknown = not {"method", "result", "error"} & message.keys()
        if not (request or unknown):  # a notification or a response: never answered
            return Checked(None, reason, dropped=message)
        msg_id = message.get("id") if is_message_id(message.get("id")) else None
    return Checked(None, reason, error_response(msg_id, code, reason))


class HeaderTooLong(Exception):
    """A header line over :data:`MAX_HEADER_LINE` (its bytes were skipped)."""


ReadLine = Callable[[], Awaitable[bytes]]  # b"" at the end of the stream
ReadExactly = Callable[[int], Awaitable[bytes]]  # fewer bytes at the end of the stream


async def serve_messages(
    protocol: LanguageServerProtocol, readline: ReadLine, readexactly: ReadExactly
) -> int:
    """Read and dispatch messages until the stream ends (status 0) or ``exit`` (its status)."""
    length: int | None = None
    while True:
        try:
            line = await readline()
        except HeaderTooLong:
            log.warning("Skipped a header line of over %d bytes", MAX_HEADER_LINE)
            length = None
            continue
        if not line:
            return 0
        if line.strip():
            name, colon, value = line.partition(b":")
            if colon and name.strip().lower() == b"content-length":
                try:
                    length = int(value.strip())
                except ValueError:
                    length = None
                if length is None or length < 0:
                    log.warning("Bad Content-Length header %r", line[:80])
                    length = None
            continue
        if length is None:
            continue  # a blank line without a message before it
        size, length = length, None
        if size > MAX_BODY:
            log.warning("Skipped a message of %d bytes (at most %d)", size, MAX_BODY)
            while size > 0:
                chunk = await readexactly(min(size, 1 << 20))
                if not chunk:
                    return 0
                size -= len(chunk)
            continue
        body = await readexactly(size)
        if len(body) < size:
            return 0
        try:
            dispatch(protocol, body)
        except SystemExit as exc:  # pygls' ``exit`` handler
            return exc.code if isinstance(exc.code, int) else 1


def dispatch(protocol: LanguageServerProtocol, body: bytes) -> None:
    """Check one message body, structure it with pygls' types and hand it to pygls; answer
    the requests that cannot be handed over, and tell the server of the notifications
    dropped (:meth:`CommandCancellingProtocol.invalid_notification`)."""
    checked = check_message(body)
    if checked.message is None:
        log.warning("Refused a message: %s", checked.reason)
        if checked.error is not None:
            protocol._send_data(checked.error)
        elif checked.dropped is not None and isinstance(checked.dropped.get("method"), str):
            _invalid_notification(protocol, checked.dropped["method"], checked.dropped)
        return
    message, method = checked.message, checked.message.get("method")
    request = method is not None and "id" in message
    if request and protocol.get_message_type(method) is None:
        if method not in protocol.fm.features and method not in protocol.fm.builtin_features:
            _refuse(protocol, message["id"], METHOD_NOT_FOUND, f"Method not found: {method}")
            return
        message = {"params": None, **message}  # pygls' generic request needs params
    try:
        structured = protocol.structure_message(message)
    except JsonRpcException as exc:
        if request:
            detail = f"Invalid params for {method}: {exc.__cause__ or exc}"
            _refuse(protocol, message["id"], INVALID_PARAMS, detail)
        else:
            log.warning("Dropped a message that does not validate (%s)", method or "a response")
        if method is not None and not request:
            _invalid_notification(protocol, method, message)
        return
    if request and not hasattr(structured, "id"):  # pygls would take it for a notification
        reason = f"Invalid Request: {method} is a notification, sent with an id"
        _refuse(protocol, message["id"], INVALID_REQUEST, reason)
        return
    protocol.handle_message(structured)


def _refuse(protocol: LanguageServerProtocol, msg_id: Any, code: int, reason: str) -> None:
    log.warning("Refused request %s: %s", msg_id, reason[:200])
    protocol._send_data(error_response(msg_id, code, reason))


def _invalid_notification(protocol: LanguageServerProtocol, method: str, message: dict) -> None:
    hook = getattr(protocol, "invalid_notification", None)
    if hook is not None:
        hook(method, message.get("params"))


class _Reading:
    """Blocking reads of a stream on one daemon thread (a read blocked in ``readline`` must
    never hold up the process exit, as a thread pool's worker would)."""

    def __init__(self, stream: BinaryIO) -> None:
        self._stream = stream
        self._calls: queue.SimpleQueue = queue.SimpleQueue()
        threading.Thread(target=self._serve, name=READER, daemon=True).start()

    def _serve(self) -> None:
        while True:
            loop, future, method, arg = self._calls.get()
            try:
                result, error = getattr(self._stream, method)(arg), None
            except BaseException as exc:  # delivered to the awaiting task
                result, error = None, exc
            try:
                loop.call_soon_threadsafe(_settle, future, result, error)
            except RuntimeError:  # the event loop is closed
                return

    async def call(self, method: str, arg: int) -> bytes:
        loop = asyncio.get_running_loop()
        future = loop.create_future()
        self._calls.put((loop, future, method, arg))
        return await future


def _settle(future: asyncio.Future, result: Any, error: BaseException | None) -> None:
    if future.done():
        return
    if error is not None:
        future.set_exception(error)
    else:
        future.set_result(result)


def serve_stdio(server: LanguageServer, stdin: BinaryIO, stdout: BinaryIO) -> int:
    """Serve the client on stdin/stdout; the exit status."""
    reading = _Reading(stdin)

    async def readline() -> bytes:
        line = await reading.call("readline", MAX_HEADER_LINE + 1)
        if len(line) > MAX_HEADER_LINE and not line.endswith(b"\n"):
            while (rest := await reading.call("readline", 1 << 16)) and not rest.endswith(b"\n"):
                pass
            raise HeaderTooLong()
        return line

    async def readexactly(n: int) -> bytes:
        return await reading.call("read", n)

    server._stop_event = threading.Event()
    server.protocol.set_writer(StdoutWriter(stdout))
    try:
        return asyncio.run(serve_messages(server.protocol, readline, readexactly))
    except (BrokenPipeError, KeyboardInterrupt):
        return 0
    finally:
        server.shutdown()


def serve_tcp(server: LanguageServer, host: str, port: int) -> int:
    """Serve the first client that connects to ``host:port`` and refuse the others; return
    its exit status when it disconnects or sends ``exit``."""
    status: list[int] = []
    server._stop_event = threading.Event()

    async def connection(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        if served.is_set():
            log.warning("Refused a second connection from %s", writer.get_extra_info("peername"))
            writer.close()
            return
        served.set()
        server.protocol.set_writer(writer)

        async def readline() -> bytes:
            try:
                return await reader.readline()
            except ValueError:  # over the limit: asyncio dropped the bytes read
                raise HeaderTooLong() from None

        async def readexactly(n: int) -> bytes:
            try:
                return await reader.readexactly(n)
            except asyncio.IncompleteReadError as exc:
                return exc.partial

        try:
            status.append(await serve_messages(server.protocol, readline, readexactly))
        except ConnectionError:
            status.append(0)
        finally:
            gone.set()

    async def serve() -> None:
        listener = await asyncio.start_server(connection, host, port, limit=MAX_HEADER_LINE)
        log.info("Listening on %s:%d", host, port)
        async with listener:
            await gone.wait()

    served, gone = asyncio.Event(), asyncio.Event()
    try:
        asyncio.run(serve())
    finally:
        server.shutdown()
    return status[0] if status else 0


def run(server: LanguageServer, tcp: tuple[str, int] | None) -> None:
    """Serve on stdio, or on TCP with ``tcp = (host, port)``, and exit with the status.

    Serving ends with ``server.shutdown()``, which stops the server's threads. One that is
    still running then (a model still loading) would be stopped by the interpreter's
    finalization wherever it is, and one stopped inside torch's C++ aborts the process
    (SIGABRT, status -6): the process then ends without finalizing, its output flushed."""
    if tcp is None:
        code = serve_stdio(server, sys.stdin.buffer, sys.stdout.buffer)
    else:
        code = serve_tcp(server, *tcp)
    running = [t.name for t in threading.enumerate() if t.daemon and t.name != READER]
    if running:
        for stream in (sys.stdout, sys.stderr):
            with contextlib.suppress(ValueError, OSError):  # closed by ``exit``, or gone
                stream.flush()
        os._exit(code)
    sys.exit(code)
