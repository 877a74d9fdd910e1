"""Every request gets an answer, whatever arrives: malformed JSON-RPC, params that do not
validate, garbage on the wire, a second TCP client; ``exit`` without ``shutdown`` is status 1.
Through real server processes, on raw frames."""

from __future__ import annotations

import json
import socket
import subprocess
import time
from pathlib import Path

import pytest

from lsp_server.transport import check_message

from .conftest import SERVER, SERVER_ENV
from .test_protocol import frame, initialize, read_message, start_stdio

POSITION = {"line": 0, "character": 0}
ACTION = {
    "textDocument": {"uri": "file:///w/A.java"},
    "range": {"start": POSITION, "end": POSITION},
    "context": {"diagnostics": []},
}


def request(msg_id: object, method: str, params: object = None) -> bytes:
    return frame({"jsonrpc": "2.0", "id": msg_id, "method": method, "params": params})


def answer(stream, msg_id: object) -> dict:
    """The response to ``msg_id`` (skipping notifications, requests and other responses)."""
    while True:
        message = read_message(stream)
        if message.get("id") == msg_id and ("result" in message or "error" in message):
            return message


def raw(body: bytes) -> bytes:
    return b"Content-Length: %d\r\n\r\n" % len(body) + body


@pytest.fixture
def server():
    proc = start_stdio()
    proc.stdin.write(initialize())
    proc.stdin.flush()
    assert "result" in answer(proc.stdout, 1)
    yield proc
    proc.kill()
    proc.wait()


def send(proc: subprocess.Popen, *data: bytes) -> None:
    for d in data:
        proc.stdin.write(d)
    proc.stdin.flush()


def test_malformed_messages_get_json_rpc_errors(server):
    send(server, raw(b"{not json"))
    assert answer(server.stdout, None)["error"]["code"] == -32700
    send(server, raw(b"[1, 2]"))
    assert answer(server.stdout, None)["error"]["code"] == -32600
    send(server, raw(json.dumps({"id": 5, "method": "shutdown"}).encode()))  # no "jsonrpc"
    assert answer(server.stdout, 5)["error"]["code"] == -32600
    send(server, raw(json.dumps({"jsonrpc": "2.0", "id": 6}).encode()))  # neither method nor result
    assert answer(server.stdout, 6)["error"]["code"] == -32600
    send(server, request(7, "textDocument/codeAction", ACTION))  # still serving
    assert answer(server.stdout, 7)["result"] is None  # not an open document


@pytest.mark.parametrize(
    ("method", "params"),
    [
        ("textDocument/codeAction", None),
        ("textDocument/codeAction", [1, 2]),
        ("textDocument/codeAction", "text"),
        ("textDocument/codeAction", {**ACTION, "range": {"start": {"line": -1, "character": 0}}}),
        (
            "textDocument/codeAction",
            {**ACTION, "range": {"start": {"line": 2**31, "character": 0}, "end": POSITION}},
        ),
        ("codeAction/resolve", {"data": {"id": 1}}),  # no title
        ("workspace/executeCommand", {"arguments": []}),  # no command
    ],
)
def test_requests_whose_params_do_not_validate_get_invalid_params(server, method, params):
    send(server, request(3, method, params))
    error = answer(server.stdout, 3)["error"]
    assert error["code"] == -32602 and method in error["message"]
    send(server, request(4, "shutdown"))
    assert answer(server.stdout, 4) == {"jsonrpc": "2.0", "id": 4, "result": None}


def test_garbage_without_a_newline_is_skipped(server):
    send(server, b"x" * 200_000, b"\r\n", request(2, "shutdown"))
    assert answer(server.stdout, 2)["result"] is None


def test_exit_without_shutdown_is_status_1():
    proc = start_stdio()
    try:
        send(proc, initialize(), frame({"jsonrpc": "2.0", "method": "exit"}))
        assert proc.wait(timeout=60) == 1
    finally:
        proc.kill()


def connect(port: int) -> socket.socket:
    deadline = time.monotonic() + 60
    while True:
        try:
            return socket.create_connection(("127.0.0.1", port), timeout=30)
        except ConnectionRefusedError:
            assert time.monotonic() < deadline, "the server never listened"
            time.sleep(0.1)


def closed_unanswered(conn: socket.socket, data: bytes) -> bool:
    """Whether the server closes (or resets) ``conn`` without answering ``data``."""
    try:
        conn.sendall(data)
        return conn.recv(1024) == b""
    except ConnectionResetError:
        return True


def test_tcp_serves_one_client_refuses_others_and_survives_garbage(toy_model: Path):
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    proc = subprocess.Popen([*SERVER, "--tcp", "--port", str(port)], env=SERVER_ENV)
    try:
        with connect(port) as a, a.makefile("rwb") as first:
            first.write(initialize(options={"modelPath": str(toy_model)}))
            first.flush()
            assert "result" in answer(first, 1)
            with socket.create_connection(("127.0.0.1", port), timeout=30) as b:
                assert closed_unanswered(b, request(1, "shutdown"))
            first.write(b"y" * 200_000 + b"\r\n" + request(2, "shutdown"))
            first.flush()
            assert answer(first, 2)["result"] is None
            first.write(frame({"jsonrpc": "2.0", "method": "exit"}))
            first.flush()
        assert proc.wait(timeout=60) == 0
    finally:
        proc.kill()


@pytest.mark.parametrize(
    ("body", "code", "msg_id"),
    [
        (b"\xff", -32700, None),
        (b'"text"', -32600, None),
        (b'{"jsonrpc": "1.0", "id": 3, "method": "x"}', -32600, 3),
        (b'{"jsonrpc": "2.0", "id": true, "method": "x"}', -32600, None),
        (b'{"jsonrpc": "2.0", "id": 1.5, "method": "x"}', -32600, None),
        (b'{"jsonrpc": "2.0", "id": 3, "method": 4}', -32600, 3),
        (b'{"jsonrpc": "2.0", "id": 3, "method": "x", "params": 1}', -32602, 3),
    ],
)
def test_check_message_refuses(body: bytes, code: int, msg_id: object):
    checked = check_message(body)
    assert checked.message is None and checked.error is not None
    assert checked.error["error"]["code"] == code and checked.error["id"] == msg_id


def test_check_message_accepts_requests_notifications_and_responses():
    for body in (
        b'{"jsonrpc": "2.0", "id": "a", "method": "x", "params": [1]}',
        b'{"jsonrpc": "2.0", "method": "x"}',
        b'{"jsonrpc": "2.0", "id": 1, "result": null}',
        b'{"jsonrpc": "2.0", "id": 1, "error": {"code": 1, "message": "m"}}',
    ):
        checked = check_message(body)
        assert checked.error is None and checked.message == json.loads(body)
