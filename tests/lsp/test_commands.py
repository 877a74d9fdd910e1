"""Commands and the model under stress, through real server processes (issue 13, item 5):
positions outside the protocol's range are invalid params, a code action overtaken by a model
reload and two reloads at once end cleanly, cancelling ``spancopy.repairMethod`` while its
progress token is being created answers RequestCancelled, and no progress report follows the
end of its progress. "Cleanly" is told by what the client receives: no internal error
(-32603), no error pop-up, no traceback or error in the log."""

from __future__ import annotations

import asyncio

import pytest
from lsprotocol import types
from pygls.exceptions import JsonRpcException, JsonRpcRequestCancelled
from pytest_lsp import LanguageClient

from .conftest import Start, action_params, code_actions, open_doc, until
from .test_cancel import LONG, WAIT, send
from .test_protocol import CONTENT_MODIFIED
from .test_server import GT, TOY

INVALID_PARAMS, INTERNAL_ERROR = -32602, -32603


def no_errors_shown(client: LanguageClient) -> None:
    """Neither an error pop-up nor an error or traceback in the log."""
    assert not [m.message for m in client.messages if m.type == types.MessageType.Error]
    bad = [
        m.message
        for m in client.log_messages
        if m.type == types.MessageType.Error or "Traceback" in m.message
    ]
    assert not bad


def repair_method(uri: str, line: int, character: int) -> types.ExecuteCommandParams:
    return types.ExecuteCommandParams(
        command="spancopy.repairMethod",
        arguments=[{"uri": uri, "position": {"line": line, "character": character}}],
    )


async def test_repair_method_outside_the_protocol_range_is_invalid_params(start: Start):
    client = await start()
    uri = "file:///work/Range.java"
    open_doc(client, uri, TOY)
    for line, character in [(-1, 0), (2**31, 0), (0, -1), (3, 2**31)]:
        with pytest.raises(JsonRpcException) as error:
            await client.workspace_execute_command_async(repair_method(uri, line, character))
        assert error.value.code == INVALID_PARAMS, (line, character)
    no_errors_shown(client)


@pytest.mark.slow
async def test_a_code_action_overtaken_by_a_reload_ends_cleanly(start: Start):
    # a beam of 20 searches LONG for seconds: the reload, sent at once, overtakes it
    client = await start(settings={"beamSize": 20})
    open_doc(client, "file:///work/Long.java", LONG)
    open_doc(client, "file:///work/Toy.java", TOY)
    assert await code_actions(client, "file:///work/Toy.java", *GT)  # the model is loaded
    busy = send(
        client,
        "textDocument/codeAction",
        action_params("file:///work/Long.java", types.Position(line=3, character=10)),
        "busy",
    )
    text = TOY.replace("return value;", "value++;\n        return value;")
    open_doc(client, "file:///work/Queued.java", text)
    queued = send(
        client,
        "textDocument/codeAction",
        action_params("file:///work/Queued.java", types.Position(line=GT[0], character=GT[1])),
        "queued",
    )
    reload = send(
        client,
        "workspace/executeCommand",
        types.ExecuteCommandParams(command="spancopy.reloadModel"),
        "reload",
    )
    for fut in (busy, queued):
        try:
            result = await fut
        except JsonRpcException as exc:
            assert exc.code == CONTENT_MODIFIED, exc
        else:
            assert result is None or isinstance(result, (list, tuple))
    assert (await reload)["loaded"] is True
    assert await code_actions(client, "file:///work/Queued.java", *GT)  # the new model serves
    no_errors_shown(client)


async def test_two_reloads_while_loading_both_load(start: Start):
    client = await start()
    reload = types.ExecuteCommandParams(command="spancopy.reloadModel")
    first = send(client, "workspace/executeCommand", reload, "reload-1")
    second = send(client, "workspace/executeCommand", reload, "reload-2")
    for result in (await first, await second):
        assert result["loaded"] is True and result["error"] is None
    no_errors_shown(client)


async def test_cancelling_repair_method_while_its_progress_is_created(start: Start):
    client = await start()
    uri = "file:///work/Create.java"
    open_doc(client, uri, TOY)
    assert await code_actions(client, uri, *GT)  # the model is loaded: the next create is ours
    asked, release = asyncio.Event(), asyncio.Event()

    async def slow_create(params: types.WorkDoneProgressCreateParams) -> None:
        asked.set()
        await release.wait()

    client.protocol.fm.features[types.WINDOW_WORK_DONE_PROGRESS_CREATE] = slow_create
    fut = send(client, "workspace/executeCommand", repair_method(uri, *GT), "create-1")
    await asyncio.wait_for(asked.wait(), WAIT)
    client.protocol.notify("$/cancelRequest", types.CancelParams(id="create-1"))
    with pytest.raises(JsonRpcRequestCancelled):
        await fut
    release.set()
    await asyncio.sleep(0.5)  # the server gets the create's answer for a cancelled command
    assert await code_actions(client, "file:///work/Create.java", *GT)
    assert not [m for m in client.log_messages if "CANCELLED" in m.message]
    no_errors_shown(client)


@pytest.mark.slow
async def test_no_progress_report_after_the_end(start: Start):
    client = await start(settings={"beamSize": 200})
    uri = "file:///work/Ends.java"
    open_doc(client, uri, LONG)
    open_doc(client, "file:///work/Toy.java", TOY)
    assert await code_actions(client, "file:///work/Toy.java", *GT)  # the model is loaded
    for k in range(6):
        before = set(client.progress_reports)
        fut = send(client, "workspace/executeCommand", repair_method(uri, 3, 10), f"end-{k}")

        def reports(before=before) -> list:
            new = set(client.progress_reports) - before
            return client.progress_reports[new.pop()] if len(new) == 1 else []

        await until(lambda: any(r.kind == "report" for r in reports()), WAIT)
        client.protocol.notify("$/cancelRequest", types.CancelParams(id=f"end-{k}"))
        with pytest.raises(JsonRpcRequestCancelled):
            await fut
        await until(lambda: reports()[-1].kind == "end", WAIT)
        await asyncio.sleep(0.3)  # reports queued by the model thread would arrive now
        kinds = [r.kind for r in reports()]
        assert kinds.count("end") == 1 and kinds[-1] == "end", kinds
    no_errors_shown(client)
