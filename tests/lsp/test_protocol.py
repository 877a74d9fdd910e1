"""Protocol features through real server processes: position encodings, resolve, settings,
model problems, diagnostics, loading, transports and exit."""

from __future__ import annotations

import asyncio
import json
import socket
import subprocess
import threading
import time
from pathlib import Path

import pytest
from lsprotocol import types
from pygls.exceptions import JsonRpcException

from . import editor
from .conftest import (
    SERVER,
    SERVER_ENV,
    Start,
    capabilities,
    change_doc,
    check_repairs,
    code_actions,
    open_doc,
    until,
)
from .test_server import GT, LT, TOY

CONTENT_MODIFIED = types.LSPErrorCodes.ContentModified.value
FIXED = TOY.replace("value > limit", "value >= limit").replace("size < cap", "size <= cap")
WIDE = """class Wide {
    int clamp(int value, int limit) {
        /* 😀𝄞é */ if (value > limit) {
            return limit;
        }
        return value;
    }
}
"""


async def check_wide_line(client, uri: str, encoding: str, resolve: bool):
    """Ranges exact in ``encoding``, with emoji and non-BMP characters before the fix on its
    line, after an incremental change there: the best action makes exactly the toy model's
    fix, and no action touches the comment; with ``resolve``, the edits come from
    codeAction/resolve."""
    open_doc(client, uri, WIDE)
    at = WIDE.index("*/")
    pos = editor.to_position(WIDE, at, encoding)
    client.text_document_did_change(
        types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=2),
            content_changes=[
                types.TextDocumentContentChangePartial(
                    range=types.Range(start=pos, end=pos), text="ü𝄞 "
                )
            ],
        )
    )
    text = WIDE[:at] + "ü𝄞 " + WIDE[at:]
    gt = editor.to_position(text, text.index(">"), encoding)
    actions = await code_actions(client, uri, gt.line, gt.character)
    assert actions and all((a.edit is None) == resolve for a in actions)
    if resolve:
        actions = [await client.code_action_resolve_async(a) for a in actions]
    method = text[text.index("int clamp") : text.rindex("}", 0, text.rindex("}")) + 1]
    repaired = check_repairs(actions, text, uri, 2, method, encoding)
    assert repaired[0] == text.replace("value > limit", "value >= limit")
    assert all("/* 😀𝄞é ü𝄞 */ if (" in r for r in repaired)


@pytest.mark.parametrize(("encoding", "resolve"), [("utf-8", False), ("utf-32", True)])
async def test_negotiated_encoding_is_exact_for_edits_and_changes(
    start: Start, encoding: str, resolve: bool
):
    client = await start(caps=capabilities(encodings=[encoding, "utf-16"], resolve=resolve))
    assert client.initialize_result.capabilities.position_encoding == encoding
    await check_wide_line(client, "file:///work/Wide.java", encoding, resolve)
    if resolve:
        unknown = types.CodeAction(title="x", data={"id": 10**9})
        assert (await client.code_action_resolve_async(unknown)).edit is None


async def test_settings_from_every_source_and_warnings_once(start: Start):
    client = await start(settings={"topK": 1, "beamSize": "wide"})
    uri = "file:///work/Settings.java"
    open_doc(client, uri, TOY)
    assert len(await code_actions(client, uri, *GT)) == 1

    def warnings() -> list[str]:
        return [m.message for m in client.messages if m.type == types.MessageType.Warning]

    assert len(warnings()) == 1 and "spancopy.beamSize" in warnings()[0]
    # pushed with workspace/didChangeConfiguration
    push = {"spancopy": {"topK": 3, "beamSize": "wide"}}
    client.workspace_did_change_configuration(types.DidChangeConfigurationParams(settings=push))
    assert 2 <= len(await code_actions(client, uri, *GT)) <= 3
    assert len(warnings()) == 1  # the same bad value: not shown again
    # pulled with workspace/configuration when the notification carries none
    client.set_configuration({"topK": 2, "decoding": "beam"}, section="spancopy")
    client.workspace_did_change_configuration(types.DidChangeConfigurationParams(settings=None))
    await until(lambda: len(warnings()) == 2)
    assert "spancopy.decoding" in warnings()[1] and "'merged'" in warnings()[1]
    assert len(await code_actions(client, uri, *GT)) == 2
    client.set_configuration({"decoding": "greedy"}, section="spancopy")
    client.workspace_did_change_configuration(types.DidChangeConfigurationParams(settings=None))
    for _ in range(100):  # until the pulled settings apply: greedy finds one hypothesis
        if len(await code_actions(client, uri, *GT)) <= 1:
            break
        await asyncio.sleep(0.05)
    else:
        raise AssertionError("greedy decoding never took effect")


async def test_a_broken_model_is_reported_once_and_offers_nothing(
    start: Start, toy_model: Path, corrupt_model: Path, tmp_path: Path
):
    missing = tmp_path / "no-model"
    client = await start(settings={"modelPath": str(missing)})
    uri = "file:///work/Broken.java"
    open_doc(client, uri, TOY)

    def errors() -> list[str]:
        return [m.message for m in client.messages if m.type == types.MessageType.Error]

    for _ in range(3):
        assert await code_actions(client, uri, *GT) is None
    assert len(errors()) == 1 and str(missing) in errors()[0]
    push = {"spancopy": {"modelPath": str(corrupt_model)}}
    client.workspace_did_change_configuration(types.DidChangeConfigurationParams(settings=push))
    for _ in range(3):
        assert await code_actions(client, uri, *GT) is None
    assert len(errors()) == 2 and "model.safetensors" in errors()[1]
    reload = await client.workspace_execute_command_async(
        types.ExecuteCommandParams(command="spancopy.reloadModel")
    )
    assert reload["loaded"] is False and "model.safetensors" in reload["error"]
    # pointing the setting at a good model brings the repairs back
    push = {"spancopy": {"modelPath": str(toy_model)}}
    client.workspace_did_change_configuration(types.DidChangeConfigurationParams(settings=push))
    assert (await code_actions(client, uri, *GT))[0].title.startswith(
        'Change to "if (value >= limit) {"'
    )


def cleared(client, uri: str) -> bool:
    """The last diagnostics published for ``uri`` are empty."""
    return uri in client.diagnostics and len(client.diagnostics[uri]) == 0


async def test_diagnostics_appear_and_clear(start: Start):
    client = await start(
        settings={"diagnostics": {"enable": True, "debounceMs": 50, "threshold": 2}}
    )
    uri = "file:///work/Diag.java"
    open_doc(client, uri, TOY)
    await until(lambda: len(client.diagnostics.get(uri, [])) == 2)
    found = sorted(client.diagnostics[uri], key=lambda d: d.range.start.line)
    assert [(d.range.start.line, d.range.start.character) for d in found] == [GT, LT]
    assert "clamp" in found[0].message and '"if (value >= limit) {"' in found[0].message
    assert all(d.severity == types.DiagnosticSeverity.Information for d in found)
    change_doc(client, uri, 2, FIXED)  # the toy model leaves fixed methods as they are
    await until(lambda: cleared(client, uri))
    change_doc(client, uri, 3, TOY)
    await until(lambda: len(client.diagnostics.get(uri, [])) == 2)
    push = {"spancopy": {"diagnostics": {"enable": False}}}
    client.workspace_did_change_configuration(types.DidChangeConfigurationParams(settings=push))
    await until(lambda: cleared(client, uri))
    push = {"spancopy": {"diagnostics": {"enable": True, "debounceMs": 50}}}
    client.workspace_did_change_configuration(types.DidChangeConfigurationParams(settings=push))
    await until(lambda: len(client.diagnostics.get(uri, [])) == 2)
    client.text_document_did_close(
        types.DidCloseTextDocumentParams(text_document=types.TextDocumentIdentifier(uri=uri))
    )
    await until(lambda: cleared(client, uri))


async def test_requests_while_the_model_loads(start: Start):
    client = await start()
    uri = "file:///work/Loading.java"
    open_doc(client, uri, TOY)
    pos = types.Position(line=GT[0], character=GT[1])
    params = types.CodeActionParams(
        text_document=types.TextDocumentIdentifier(uri=uri),
        range=types.Range(start=pos, end=pos),
        context=types.CodeActionContext(diagnostics=[]),
    )
    send = client.protocol.send_request  # sends at once (send_request_async when awaited)
    first = [asyncio.wrap_future(send("textDocument/codeAction", params)) for _ in "abc"]
    text = "// v2\n" + TOY
    change_doc(client, uri, 2, text)  # arrives while the model is still loading
    newer = await code_actions(client, uri, GT[0] + 1, GT[1])
    assert newer and newer[0].edit.document_changes[0].text_document.version == 2
    for fut in first:  # work for version 1 is dropped, never answered with a stale edit
        with pytest.raises(JsonRpcException) as error:
            await fut
        assert error.value.code == CONTENT_MODIFIED
    loads = [
        reports
        for reports in client.progress_reports.values()
        if reports and reports[0].title == "spancopy: loading the repair model"
    ]
    assert len(loads) == 1 and [r.kind for r in loads[0]] == ["begin", "end"]


async def test_the_model_loads_in_the_background_once_initialized(start: Start):
    """Issue 14 item 6: no request needed; the load begins after ``initialized``."""
    client = await start()

    def loads() -> list[list]:
        return [
            reports
            for reports in client.progress_reports.values()
            if reports and reports[0].title == "spancopy: loading the repair model"
        ]

    await until(lambda: loads() and loads()[0][-1].kind == "end", 60)
    (load,) = loads()
    assert [r.kind for r in load] == ["begin", "end"] and load[-1].message == "loaded"
    uri = "file:///work/Preloaded.java"
    open_doc(client, uri, TOY)
    assert await code_actions(client, uri, *GT)
    assert len(loads()) == 1  # the code action used the model loaded before it


def frame(message: dict) -> bytes:
    body = json.dumps(message).encode()
    return b"Content-Length: %d\r\n\r\n" % len(body) + body


def read_message(stream) -> dict | None:
    """The next message, or None at the end of the stream."""
    length = 0
    while (line := stream.readline()) not in (b"\r\n", b""):
        if line.lower().startswith(b"content-length:"):
            length = int(line.split(b":")[1])
    return json.loads(stream.read(length)) if length else None


def initialize(
    request_id: int = 1, options: dict | None = None, capabilities: dict | None = None
) -> bytes:
    params = {
        "processId": None,
        "capabilities": capabilities or {},
        "initializationOptions": options,
    }
    return frame({"jsonrpc": "2.0", "id": request_id, "method": "initialize", "params": params})


def reply(stream) -> dict:
    """The next response (skipping the server's notifications and requests)."""
    while "result" not in (message := read_message(stream)) and "error" not in message:
        assert message is not None, "the server closed the stream"
    return message


@pytest.mark.parametrize("goodbye", ["shutdown and exit", "disconnect"])
def test_tcp_transport_on_loopback(toy_model: Path, goodbye: str):
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    proc = subprocess.Popen([*SERVER, "--tcp", "--port", str(port)], env=SERVER_ENV)
    try:
        deadline = time.monotonic() + 60  # never reached
        while True:
            try:
                conn = socket.create_connection(("127.0.0.1", port), timeout=10)
                break
            except ConnectionRefusedError:
                assert time.monotonic() < deadline
                time.sleep(0.1)
        with conn, conn.makefile("rwb") as stream:
            stream.write(initialize(options={"modelPath": str(toy_model)}))
            stream.flush()
            caps = reply(stream)["result"]["capabilities"]
            assert caps["codeActionProvider"]["resolveProvider"] is True
            assert caps["executeCommandProvider"]["commands"] == [
                "spancopy.repairMethod",
                "spancopy.reloadModel",
                "spancopy.applySimilarEdit",
            ]
            if goodbye == "shutdown and exit":
                stream.write(frame({"jsonrpc": "2.0", "id": 2, "method": "shutdown"}))
                stream.flush()
                assert reply(stream)["result"] is None
                stream.write(frame({"jsonrpc": "2.0", "method": "exit"}))
                stream.flush()
        assert proc.wait(timeout=60) == 0
    finally:
        proc.kill()


@pytest.mark.slow
async def test_a_prose_document_opened_loads_the_prose_model_without_a_request(
    start: Start, toy_prose_model: Path
):
    """The prose model loads in the background when a Markdown document is opened (with the
    lexicon and Harper's rules: its first sentence waited 1.3 s five seconds after opening),
    not when a Java document is."""
    client = await start(settings={"prose": {"modelPath": str(toy_prose_model)}})
    title = "spancopy: loading the repair model (prose)"

    def prose_loads() -> list[list]:
        return [r for r in client.progress_reports.values() if r and r[0].title == title]

    uri = "file:///work/Opened.java"
    open_doc(client, uri, TOY)
    assert await code_actions(client, uri, *GT)  # the Java model has served a request
    assert prose_loads() == []
    open_doc(client, "file:///work/notes.md", "We recieve it.\n", language="markdown")
    await until(lambda: prose_loads() and prose_loads()[0][-1].kind == "end", 60)
    (load,) = prose_loads()
    assert [r.kind for r in load] == ["begin", "end"] and load[-1].message == "loaded"


def start_stdio(*extra: str) -> subprocess.Popen:
    return subprocess.Popen(
        [*SERVER, *extra],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        env=SERVER_ENV,
    )


@pytest.mark.slow
def test_exits_after_shutdown_and_exit():
    """Status 0, run after run, while the model loads (``initialized`` starts the load: the
    model thread may be importing torch or reading weights when ``exit`` comes)."""
    for _ in range(3):
        proc = start_stdio("--stdio")
        try:
            proc.stdin.write(initialize())
            proc.stdin.write(frame({"jsonrpc": "2.0", "method": "initialized", "params": {}}))
            proc.stdin.write(frame({"jsonrpc": "2.0", "id": 2, "method": "shutdown"}))
            proc.stdin.write(frame({"jsonrpc": "2.0", "method": "exit"}))
            proc.stdin.flush()
            assert proc.wait(timeout=60) == 0
        finally:
            proc.kill()
            proc.wait()


@pytest.mark.slow
def test_a_client_that_disappears_mid_decode(toy_model: Path):
    """The client closes its end while a long beam search runs (its progress reports steps):
    the server exits without answering, the search unfinished."""
    body = "\n".join(f"        total = total + {k % 2};" for k in range(60))
    text = "class Big {\n    int sum(int total) {\n" + body + "\n        return total;\n    }\n}\n"
    proc = start_stdio()
    hung = threading.Event()  # a server that never exits is killed, and the test fails
    watchdog = threading.Timer(120, lambda: (hung.set(), proc.kill()))
    watchdog.start()
    try:
        proc.stdin.write(
            initialize(
                options={"modelPath": str(toy_model), "beamSize": 200},
                capabilities={"window": {"workDoneProgress": True}},
            )
        )
        uri = "file:///work/Big.java"
        doc = {"uri": uri, "languageId": "java", "version": 1, "text": text}
        proc.stdin.write(
            frame(
                {
                    "jsonrpc": "2.0",
                    "method": "textDocument/didOpen",
                    "params": {"textDocument": doc},
                }
            )
        )
        at = {"uri": uri, "position": {"line": 3, "character": 10}}
        proc.stdin.write(
            frame(
                {
                    "jsonrpc": "2.0",
                    "id": 2,
                    "method": "workspace/executeCommand",
                    "params": {"command": "spancopy.repairMethod", "arguments": [at]},
                }
            )
        )
        proc.stdin.flush()
        while True:  # until a step of the beam search is reported
            message = read_message(proc.stdout)
            assert message is not None and message.get("id") != 2
            if message.get("method") == "window/workDoneProgress/create":
                proc.stdin.write(frame({"jsonrpc": "2.0", "id": message["id"], "result": None}))
                proc.stdin.flush()
            elif message.get("method") == "$/progress":
                if message["params"]["value"]["kind"] == "report":
                    break
        proc.stdin.close()
        after = []
        while (message := read_message(proc.stdout)) is not None:
            after.append(message)
        proc.wait(timeout=60)
        assert not hung.is_set(), "the server did not exit"
        assert not [m for m in after if m.get("id") == 2]  # never answered
        assert not [m for m in after if "repair(s)" in json.dumps(m)]  # the search never ended
    finally:
        watchdog.cancel()
        proc.kill()
