"""An editor's mistakes never take the server down (issue 28): cancels with ids of every JSON
type, messages nested thousands of levels deep, malformed JSON-RPC of every kind, requests
before ``initialize`` and after ``shutdown``, and ``exit`` while a beam search runs. Each
through a real server process on raw frames, which then answers the next request normally."""

from __future__ import annotations

import json
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from lsprotocol import types
from pygls.protocol import default_converter

from . import editor
from .conftest import parses
from .test_protocol import frame, initialize, read_message, start_stdio
from .test_server import GT, TOY

URI = "file:///work/Robust.java"
AT = {"line": GT[0], "character": GT[1]}
ACTION = {
    "textDocument": {"uri": URI},
    "range": {"start": AT, "end": AT},
    "context": {"diagnostics": []},
}
DEEP = 5000  # levels: Python's JSON decoder gave up (RecursionError) at about a thousand
CONVERTER = default_converter()
IDS: list[Any] = [[1], {"id": 1}, 1.5, 1.0, True, False, None, "x", 3, 2**70, -1]


def message(**fields: Any) -> bytes:
    return frame({"jsonrpc": "2.0", **fields})


def raw(body: bytes) -> bytes:
    return b"Content-Length: %d\r\n\r\n" % len(body) + body


def nested(depth: int, kind: str = "array") -> bytes:
    opening, closing = (b"[", b"]") if kind == "array" else (b'{"a":', b"}")
    return opening * depth + b"1" + closing * depth


def start_server(toy_model: Path) -> subprocess.Popen:
    """A server with the toy model and the toy file open, its model loaded."""
    proc = start_stdio()
    send(proc, initialize(options={"modelPath": str(toy_model)}))
    assert "result" in responses_until(proc, 1)[-1]
    doc = {"uri": URI, "languageId": "java", "version": 1, "text": TOY}
    send(proc, message(method="initialized", params={}))
    send(proc, message(method="textDocument/didOpen", params={"textDocument": doc}))
    assert_serves(proc, "loaded")
    return proc


@pytest.fixture(scope="module")
def server(toy_model: Path) -> Iterator[subprocess.Popen]:
    """One server for the tests of this module that leave it running."""
    proc = start_server(toy_model)
    yield proc
    proc.kill()
    proc.wait()


def send(proc: subprocess.Popen, *data: bytes) -> None:
    assert proc.stdin is not None
    for d in data:
        proc.stdin.write(d)
    proc.stdin.flush()


def responses_until(proc: subprocess.Popen, msg_id: object) -> list[dict]:
    """Every response the server sends up to and including the one to ``msg_id`` (its
    notifications and requests skipped)."""
    out = []
    while True:
        got = read_message(proc.stdout)
        assert got is not None, f"the server ended (status {proc.wait()})"
        if "result" in got or "error" in got:
            out.append(got)
            if got.get("id") == msg_id and "method" not in got:
                return out


def assert_serves(proc: subprocess.Popen, msg_id: str) -> list[dict]:
    """Ask for the quick fixes at the toy bug: the toy model's fix comes first. Returns the
    responses sent before that answer."""
    send(proc, message(id=msg_id, method="textDocument/codeAction", params=ACTION))
    *before, last = responses_until(proc, msg_id)
    assert last["result"][0]["title"].startswith('Change to "if (value >= limit) {"'), last
    return before


def test_cancel_with_an_id_of_every_json_type(server: subprocess.Popen):
    """pygls looked every cancelled id up in a dict: while a request was pending, an array or
    an object ended the server (TypeError: unhashable), ``true`` cancelled request 1."""
    send(server, message(id=1, method="textDocument/codeAction", params=ACTION))  # pending
    for msg_id in IDS:
        send(server, message(method="$/cancelRequest", params={"id": msg_id}))
    for params in ({}, [], {"id": nested(DEEP).decode()}, None):
        send(server, message(method="$/cancelRequest", params=params))
    send(server, message(method="$/cancelRequest"))  # no params at all
    answers = responses_until(server, 1)
    assert answers[-1]["result"][0]["title"].startswith('Change to "if (value >= limit) {"')
    assert len(answers) == 1  # notifications are never answered
    assert assert_serves(server, "after") == []


@pytest.mark.parametrize("kind", ["array", "object"])
def test_thousands_of_levels_deep(server: subprocess.Popen, kind: str):
    """A request gets -32600 with its id (read from the members near the top), a
    notification is dropped (a didClose among them: the document stays open)."""
    deep = nested(DEEP, kind)
    send(server, raw(b'{"jsonrpc": "2.0", "id": "deep", "method": "x", "params": ' + deep + b"}"))
    (answer,) = responses_until(server, "deep")
    assert answer["error"]["code"] == -32600 and "nested deeper" in answer["error"]["message"]
    params = b'{"textDocument": {"uri": "' + URI.encode() + b'"}, "x": ' + deep + b"}"
    send(
        server,
        raw(b'{"jsonrpc": "2.0", "method": "textDocument/didClose", "params": ' + params + b"}"),
    )
    send(server, raw(b'{"jsonrpc": "2.0", "method": "x", "params": ' + deep + b"}"))
    send(server, raw(b'{"params": ' + deep + b', "method": "y", "id": 7, "jsonrpc": "2.0"}'))
    (answer,) = responses_until(server, 7)  # the id after the deep params, recovered
    assert answer["error"]["code"] == -32600
    send(server, raw(deep))  # not even an object: no id to answer with
    (answer,) = responses_until(server, None)
    assert answer["error"]["code"] == -32600
    send(server, raw(b"[" * DEEP))  # unclosed
    (answer,) = responses_until(server, None)
    assert answer["error"]["code"] == -32700
    assert assert_serves(server, "after") == []  # the didClose was dropped: still open


REFUSED_REQUESTS: list[tuple[bytes, int, object]] = [
    (frame({"jsonrpc": "1.0", "id": 10, "method": "shutdown"}), -32600, 10),
    (frame({"id": 11, "method": "shutdown"}), -32600, 11),
    (frame({"jsonrpc": 2.0, "id": 12, "method": "shutdown"}), -32600, 12),
    (message(id=13, method=None), -32600, 13),
    (message(id=14, method=["textDocument/codeAction"]), -32600, 14),
    (message(id=15), -32600, 15),  # neither a method nor a result
    *((message(id=msg_id, method="shutdown"), -32600, None) for msg_id in IDS[:7]),
    (raw(b"{not json"), -32700, None),
    (raw(b"\xff\xfe"), -32700, None),
    (raw(b""), -32700, None),
    *((raw(json.dumps(v).encode()), -32600, None) for v in ([1, 2], [], "text", 5, None, True)),
    *(
        (message(id=k, method="textDocument/codeAction", params=p), -32602, k)
        for k, p in enumerate(
            [
                5,
                "text",
                True,
                [1, 2],
                {},
                {**ACTION, "textDocument": None},
                {**ACTION, "textDocument": {"uri": 5}},
                {**ACTION, "range": {"start": AT}},
                {**ACTION, "range": {"start": {"line": -1, "character": 0}, "end": AT}},
                {**ACTION, "range": {"start": {"line": "0", "character": 0}, "end": AT}},
                {**ACTION, "range": {"start": {"line": 0.5, "character": 0}, "end": AT}},
                {**ACTION, "range": {"start": {"line": 2**40, "character": 0}, "end": AT}},
                {**ACTION, "context": None},
            ],
            start=20,
        )
    ),
    (message(id=40, method="workspace/executeCommand", params={"command": 5}), -32602, 40),
    (message(id=41, method="codeAction/resolve", params={"title": ["t"]}), -32602, 41),
    (message(id=50, method="no/such/method"), -32601, 50),
    (message(id=51, method="$/cancelRequest", params={"id": 51}), -32600, 51),  # notifications
    (message(id=52, method="exit"), -32600, 52),
    (
        message(id=53, method="textDocument/didClose", params={"textDocument": {"uri": "f:/"}}),
        -32600,
        53,
    ),
    (b"Content-Length: -5\r\n\r\n" + message(id=54, method="x/y", params=[]), -32601, 54),
    (b"Content-Length: x\r\n\r\n" + message(id=55, method="x/y", params={}), -32601, 55),
]


DROPPED = [
    frame({"jsonrpc": "1.0", "method": "textDocument/didClose", "params": {"textDocument": {}}}),
    frame({"method": "initialized", "params": {}}),
    message(method=5),
    message(method="textDocument/didClose", params="text"),
    message(method="textDocument/didClose", params={"textDocument": 5}),
    message(method="textDocument/didOpen", params={"textDocument": {"uri": URI}}),
    message(method="workspace/didChangeConfiguration", params=[1]),
    message(method="$/setTrace", params={"value": 5}),
    message(method="no/such/notification", params={"x": 1}),
    *(message(id=msg_id, result=None) for msg_id in IDS[:6]),  # responses to ids never sent
    message(id=99, error={"code": 1, "message": "to nothing"}),
]


def test_malformed_messages_get_their_error_or_are_dropped(server: subprocess.Popen):
    """Wrong versions, non-objects, bad ids, params of the wrong shape or type: a request gets
    its JSON-RPC error (with its id when the id is usable), a notification or a response none."""
    send(server, *DROPPED)
    assert assert_serves(server, "dropped") == []  # no answer to any of them
    for k, (data, code, msg_id) in enumerate(REFUSED_REQUESTS):
        send(server, data)
        (answer,) = responses_until(server, msg_id)
        assert answer.get("error", {}).get("code") == code, (k, data, answer)
    assert assert_serves(server, "after") == []


def test_titles_in_a_file_of_lone_cr_lines(server: subprocess.Popen):
    """Issue 28: a title quoted several lines joined where lines end in a lone \\r."""
    uri, text = "file:///work/Cr.java", TOY.replace("\n", "\r")
    doc = {"uri": uri, "languageId": "java", "version": 1, "text": text}
    send(server, message(method="textDocument/didOpen", params={"textDocument": doc}))
    params = {**ACTION, "textDocument": {"uri": uri}}
    send(server, message(id="cr", method="textDocument/codeAction", params=params))
    actions = responses_until(server, "cr")[-1]["result"]
    assert actions[0]["title"].startswith('Change to "if (value >= limit) {" (')
    for action in actions:
        assert action["title"].startswith('Change to "') and "return" not in action["title"]


ANNOTATED = """package java.lang.reflect;

import java.lang.annotation.Annotation;

public interface AnnotatedElement {
    /**
     * Returns this element's annotation for the specified type if
     * such an annotation is <em>present</em>, else null.
     */
    <T extends Annotation> T getAnnotation(Class<T> annotationClass);
}
"""


def test_no_quick_fix_breaks_an_interface():
    """Issue 28: with syntaxCheck on, the shipped model's ``getAnnotation(Class<T>
    annotationClass) { }`` (a constructor, which no interface has) and bodies for the
    interface's method were offered (ranks 16 and 6 of 20 here, before the fix). Every quick
    fix now leaves the file parsing, and adds no body."""
    proc = start_stdio()
    try:
        send(proc, initialize(options={"topK": 20, "beamSize": 40, "syntaxCheck": True}))
        uri = "file:///work/AnnotatedElement.java"
        doc = {"uri": uri, "languageId": "java", "version": 1, "text": ANNOTATED}
        send(proc, message(method="textDocument/didOpen", params={"textDocument": doc}))
        at = {"line": 9, "character": 30}
        params = {**ACTION, "textDocument": {"uri": uri}, "range": {"start": at, "end": at}}
        send(proc, message(id="fix", method="textDocument/codeAction", params=params))
        actions = responses_until(proc, "fix")[-1]["result"]
        assert len(actions) >= 10
        for action in actions:
            (change,) = action["edit"]["documentChanges"]
            edits = [CONVERTER.structure(e, types.TextEdit) for e in change["edits"]]
            repaired = editor.apply(ANNOTATED, edits)
            assert parses(repaired), action["title"]
            assert repaired.count("{") == ANNOTATED.count("{"), action["title"]
    finally:
        proc.kill()
        proc.wait()


def test_requests_before_initialize_are_refused(toy_model: Path):
    """LSP: before ``initialize`` a request gets ServerNotInitialized (-32002), a
    notification is dropped; after it the server serves as ever."""
    proc = start_stdio()
    try:
        doc = {"uri": URI, "languageId": "java", "version": 1, "text": TOY}
        send(proc, message(method="textDocument/didOpen", params={"textDocument": doc}))
        send(proc, message(id="early", method="textDocument/codeAction", params=ACTION))
        (answer,) = responses_until(proc, "early")
        assert answer["error"]["code"] == -32002
        send(proc, initialize(options={"modelPath": str(toy_model)}))
        assert "result" in responses_until(proc, 1)[-1]
        send(proc, message(id="unopened", method="textDocument/codeAction", params=ACTION))
        assert responses_until(proc, "unopened")[-1]["result"] is None  # the didOpen dropped
        send(proc, message(method="textDocument/didOpen", params={"textDocument": doc}))
        assert assert_serves(proc, "after") == []
    finally:
        proc.kill()
        proc.wait()


def test_requests_after_shutdown_are_refused_and_exit_is_0(toy_model: Path):
    server = start_server(toy_model)
    try:
        send(server, message(id="bye", method="shutdown"))
        assert responses_until(server, "bye")[-1]["result"] is None
        send(server, message(id="late", method="textDocument/codeAction", params=ACTION))
        (answer,) = responses_until(server, "late")
        assert answer["error"]["code"] == -32600 and "after shutdown" in answer["error"]["message"]
        send(server, message(method="exit"))
        assert server.wait(timeout=60) == 0
    finally:
        server.kill()
        server.wait()


@pytest.mark.slow
@pytest.mark.parametrize(
    ("goodbye", "status"), [("shutdown and exit", 0), ("exit", 1), ("close stdin", 0)]
)
def test_ending_during_a_beam_search_keeps_the_exit_status(goodbye: str, status: int):
    """The end of the session while the model thread is inside torch: the interpreter
    finalized around that thread and the process died of SIGABRT ("terminate called without
    an active exception", status -6). The shipped model, whose steps with a beam of 200 keep
    the thread inside torch most of the time (the toy model's hardly); ``exit`` alone and a
    closed stdin leave the search running (``shutdown`` stops it within a step). Two runs."""
    body = "\n".join(f"        total = total + {k % 2};" for k in range(60))
    text = "class Big {\n    int sum(int total) {\n" + body + "\n        return total;\n    }\n}\n"
    doc = {"uri": URI, "languageId": "java", "version": 1, "text": text}
    at = {"uri": URI, "position": {"line": 3, "character": 10}}
    caps = {"window": {"workDoneProgress": True}}
    for _ in range(2):
        proc = start_stdio()
        try:
            send(proc, initialize(options={"beamSize": 200}, capabilities=caps))
            send(proc, message(method="textDocument/didOpen", params={"textDocument": doc}))
            params = {"command": "spancopy.repairMethod", "arguments": [at]}
            send(proc, message(id=2, method="workspace/executeCommand", params=params))
            while True:  # until a step of the beam search is reported
                got = read_message(proc.stdout)
                assert got is not None and got.get("id") != 2
                if got.get("method") == "window/workDoneProgress/create":
                    send(proc, frame({"jsonrpc": "2.0", "id": got["id"], "result": None}))
                elif got.get("method") == "$/progress":
                    if got["params"]["value"]["kind"] == "report":
                        break
            if goodbye == "shutdown and exit":
                send(proc, message(id=3, method="shutdown"))
            if goodbye == "close stdin":
                proc.stdin.close()
            else:
                send(proc, message(method="exit"))
            assert proc.wait(timeout=60) == status
        finally:
            proc.kill()
            proc.wait()
