"""Cancellation through a real server process: a long beam search (a 200-wide beam on a
~250-token method, several seconds with the toy model) stops within a step when the request
is cancelled, when the document changes, or when a command is cancelled."""

from __future__ import annotations

import asyncio
import time

import pytest
import pytest_asyncio
from lsprotocol import types
from pygls.exceptions import JsonRpcException, JsonRpcRequestCancelled

from .conftest import action_params, change_doc, close, code_actions, launch, open_doc
from .test_protocol import CONTENT_MODIFIED
from .test_server import GT, TOY

BODY = "\n".join(f"        total = total + {k % 2};" for k in range(60))
LONG = "class Big {\n    int sum(int total) {\n" + BODY + "\n        return total;\n    }\n}\n"
AT = types.Position(line=3, character=10)


pytestmark = pytest.mark.asyncio(loop_scope="module")


@pytest_asyncio.fixture(scope="module", loop_scope="module")
async def client(toy_model):
    """One server with a 200-wide beam, its model loaded, for the tests of this module."""
    c = await launch(toy_model, settings={"beamSize": 200})
    open_doc(c, "file:///work/Toy.java", TOY)
    assert await code_actions(c, "file:///work/Toy.java", *GT)
    yield c
    await close(c)


def send(client, method: str, params, msg_id: str) -> asyncio.Future:
    """Send a request now (pytest-lsp's ``*_async`` helpers send only when awaited)."""
    return asyncio.wrap_future(client.protocol.send_request(method, params, msg_id=msg_id))


async def toy_answer_time(client, n: int) -> float:
    """Seconds until a small method never decoded before (``n`` extra statements) gets its
    repairs: quick only if the worker is free."""
    t0 = time.perf_counter()
    uri = f"file:///work/Free{n}.java"
    text = TOY.replace("return value;", "value++;\n        " * n + "return value;")
    open_doc(client, uri, text)
    assert await code_actions(client, uri, *GT) is not None
    return time.perf_counter() - t0


async def test_cancel_request_answers_quickly_and_frees_the_worker(client):
    uri = "file:///work/Long.java"
    open_doc(client, uri, LONG)
    fut = send(client, "textDocument/codeAction", action_params(uri, AT), "long-1")
    await asyncio.sleep(1.0)  # the beam search is running
    assert not fut.done()
    t0 = time.perf_counter()
    client.protocol.notify("$/cancelRequest", types.CancelParams(id="long-1"))
    with pytest.raises(JsonRpcRequestCancelled):
        await fut
    assert time.perf_counter() - t0 < 0.5
    assert await toy_answer_time(client, 1) < 3.0  # a full decode of LONG takes ~10 s


async def test_an_edit_during_a_decode_answers_content_modified(client):
    uri = "file:///work/Edited.java"
    open_doc(client, uri, LONG)
    fut = send(client, "textDocument/codeAction", action_params(uri, AT), "long-2")
    await asyncio.sleep(1.0)
    t0 = time.perf_counter()
    change_doc(client, uri, 2, LONG.replace("total + 1", "total - 1", 1))
    with pytest.raises(JsonRpcException) as error:
        await fut
    assert error.value.code == CONTENT_MODIFIED
    assert time.perf_counter() - t0 < 0.5
    assert await toy_answer_time(client, 2) < 3.0


async def test_cancelling_repair_method_stops_its_search(client):
    uri = "file:///work/Command.java"
    open_doc(client, uri, LONG)
    params = types.ExecuteCommandParams(
        command="spancopy.repairMethod",
        arguments=[{"uri": uri, "position": {"line": AT.line, "character": AT.character}}],
    )
    fut = send(client, "workspace/executeCommand", params, "long-3")
    await asyncio.sleep(1.0)
    client.protocol.notify("$/cancelRequest", types.CancelParams(id="long-3"))
    with pytest.raises(JsonRpcRequestCancelled):
        await fut
    assert await toy_answer_time(client, 3) < 3.0
