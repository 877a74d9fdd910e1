"""Cancellation through a real server process, told by what the server sends: a cancelled code
action answers RequestCancelled; a ``spancopy.repairMethod`` whose beam search is running (its
progress reports steps) and is cancelled answers RequestCancelled, or ContentModified when its
document changes, and its progress ends without repairs; after each, the server serves the
next request. That a cancelled beam search stops at its next step is proved in-process by
``test_worker.py``."""

from __future__ import annotations

import asyncio

import pytest
import pytest_asyncio
from lsprotocol import types
from pygls.exceptions import JsonRpcException, JsonRpcRequestCancelled
from pytest_lsp import LanguageClient

from . import editor
from .conftest import action_params, change_doc, close, code_actions, launch, open_doc, until
from .test_protocol import CONTENT_MODIFIED
from .test_server import GT, TOY

BODY = "\n".join(f"        total = total + {k % 2};" for k in range(60))
LONG = "class Big {\n    int sum(int total) {\n" + BODY + "\n        return total;\n    }\n}\n"
AT = types.Position(line=3, character=10)
WAIT = 60  # seconds before a test that waits for the server gives up (never reached)


pytestmark = pytest.mark.asyncio(loop_scope="module")


@pytest_asyncio.fixture(scope="module", loop_scope="module")
async def client(toy_model):
    """One server with a 200-wide beam (a full search of LONG takes many seconds), its model
    loaded, for the tests of this module."""
    c = await launch(toy_model, settings={"beamSize": 200})
    open_doc(c, "file:///work/Toy.java", TOY)
    assert await code_actions(c, "file:///work/Toy.java", *GT)
    yield c
    await close(c)


def send(client: LanguageClient, method: str, params, msg_id: str) -> asyncio.Future:
    """Send a request now (pytest-lsp's ``*_async`` helpers send only when awaited)."""
    return asyncio.wrap_future(client.protocol.send_request(method, params, msg_id=msg_id))


async def running_command(client: LanguageClient, uri: str, msg_id: str) -> tuple:
    """Start ``spancopy.repairMethod`` on LONG at ``uri``; return (its response future, its
    progress reports) once a step of its beam search was reported."""
    before = set(client.progress_reports)
    params = types.ExecuteCommandParams(
        command="spancopy.repairMethod",
        arguments=[{"uri": uri, "position": {"line": AT.line, "character": AT.character}}],
    )
    fut = send(client, "workspace/executeCommand", params, msg_id)

    def reports() -> list:  # of this command (not of the model's load, when it came late)
        new = set(client.progress_reports) - before
        begun = [t for t in new if client.progress_reports[t]]  # a created token may wait
        ours = [t for t in begun if "repairing" in client.progress_reports[t][0].title]
        return client.progress_reports[ours[0]] if len(ours) == 1 else []

    await until(lambda: any(r.kind == "report" for r in reports()), WAIT)
    assert reports()[0].title == "spancopy: repairing sum" and not fut.done()
    return fut, reports()


async def ended(reports: list) -> types.WorkDoneProgressEnd:
    await until(lambda: reports[-1].kind == "end", WAIT)
    return reports[-1]


async def serves_a_new_document(client: LanguageClient, n: int) -> None:
    """A method never decoded before (``n`` extra statements) gets the toy model's fix."""
    uri = f"file:///work/Free{n}.java"
    text = TOY.replace("return value;", "value++;\n        " * n + "return value;")
    open_doc(client, uri, text)
    actions = await code_actions(client, uri, *GT)
    assert actions and actions[0].title.startswith('Change to "if (value >= limit) {"')
    fixed = text.replace("value > limit", "value >= limit")
    assert editor.apply_action(text, actions[0], uri, 1, "utf-16") == fixed


async def test_a_cancelled_code_action_answers_request_cancelled(client):
    uri = "file:///work/Long.java"
    open_doc(client, uri, LONG)
    fut = send(client, "textDocument/codeAction", action_params(uri, AT), "long-1")
    client.protocol.notify("$/cancelRequest", types.CancelParams(id="long-1"))
    with pytest.raises(JsonRpcRequestCancelled):
        await fut
    await serves_a_new_document(client, 1)


async def test_an_edit_during_a_search_ends_it_with_content_modified(client):
    uri = "file:///work/Edited.java"
    open_doc(client, uri, LONG)
    fut, reports = await running_command(client, uri, "long-2")
    change_doc(client, uri, 2, LONG.replace("total + 1", "total - 1", 1))
    with pytest.raises(JsonRpcException) as error:
        await fut
    assert error.value.code == CONTENT_MODIFIED
    # "cancelled" is the end only when the worker thread's search raised the cancellation
    assert (await ended(reports)).message == "cancelled"
    await serves_a_new_document(client, 2)


async def test_cancelling_repair_method_ends_it_without_repairs(client):
    uri = "file:///work/Command.java"
    open_doc(client, uri, LONG)
    fut, reports = await running_command(client, uri, "long-3")
    client.protocol.notify("$/cancelRequest", types.CancelParams(id="long-3"))
    with pytest.raises(JsonRpcRequestCancelled):
        await fut
    assert (await ended(reports)).message is None  # neither "N repair(s)" nor "cancelled"
    await serves_a_new_document(client, 3)
