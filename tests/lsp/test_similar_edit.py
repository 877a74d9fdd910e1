"""Similar edits through a real server process (issue 15): an edit at one call site is offered
as "Apply the edit from line N" at another and applies there; nowhere else, not before the
edit, not after a save; in another open file with its name; through
``spancopy.applySimilarEdit``; off with ``similarEdit.enable``; a stale version answers
ContentModified. The toy edit model (tests/toy.py) learned one rewrite, a call's extra
argument ``true``, and applies it to any call: that it is offered at ``open`` only is the
filters' doing. The issue's own examples (issue 26) with the shipped edit model: the rewrite
rules of the edit carry it where the model alone did not."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from lsprotocol import types
from pygls.exceptions import JsonRpcException

from ..core.repair.test_similar import NEW, OLD
from ..test_cli_similar import REPO, sums
from . import editor
from .conftest import Start, action_params, change_doc, code_actions, open_doc
from .test_protocol import CONTENT_MODIFIED

URI = "file:///work/Files.java"
RELOAD = (7, 16)  # on "return open(name);"
COUNT = (11, 12)  # on "return n + k;"
EXPECTED = NEW.replace("open(name)", "open(name, true)")
OTHER = """class Other {
    int again(int x, int y) {
        y++;
        return open(x);
    }

    int more(int x, int y) {
        y++;
        return read(x);
    }
}
"""


@pytest.fixture
def settings(toy_edit_model: Path) -> dict:
    return {"similarEdit": {"modelPath": str(toy_edit_model)}}


def similar(actions: list[types.CodeAction] | None) -> list[types.CodeAction]:
    return [a for a in actions or [] if a.title.startswith("Apply the edit")]


async def edited(start: Start, settings: dict):
    """A server with Files.java opened as OLD and changed to NEW (version 2)."""
    client = await start(settings=settings)
    open_doc(client, URI, OLD)
    change_doc(client, URI, 2, NEW)
    return client


async def test_an_edit_at_one_call_site_is_offered_and_applied_at_another(start, settings):
    client = await edited(start, settings)
    (action,) = similar(await code_actions(client, URI, *RELOAD))
    assert action.title.startswith("Apply the edit from line 2 (")
    assert action.kind == types.CodeActionKind.QuickFix and not action.is_preferred
    assert editor.apply_action(NEW, action, URI, 2, "utf-16") == EXPECTED
    assert similar(await code_actions(client, URI, *COUNT)) == []  # the edit does not apply
    assert similar(await code_actions(client, URI, 2, 10)) == []  # the edited method itself


@pytest.mark.slow
async def test_nothing_before_an_edit_nor_after_a_save(start, settings):
    client = await start(settings=settings)
    open_doc(client, URI, NEW)  # the text at opening is the baseline: no edit yet
    assert similar(await code_actions(client, URI, *RELOAD)) == []
    change_doc(client, URI, 2, OLD)
    change_doc(client, URI, 3, NEW)  # back to the baseline: still no edit
    assert similar(await code_actions(client, URI, *RELOAD)) == []
    client = await edited(start, settings)
    assert similar(await code_actions(client, URI, *RELOAD))
    sync = client.initialize_result.capabilities.text_document_sync  # type: ignore[attr-defined]
    assert isinstance(sync, types.TextDocumentSyncOptions) and sync.save  # editors send didSave
    client.text_document_did_save(
        types.DidSaveTextDocumentParams(text_document=types.TextDocumentIdentifier(uri=URI))
    )
    assert similar(await code_actions(client, URI, *RELOAD)) == []


async def test_an_edit_in_another_open_file(start, settings):
    client = await edited(start, settings)
    uri = "file:///work/Other.java"
    open_doc(client, uri, OTHER)
    (action,) = similar(await code_actions(client, uri, 3, 16))
    assert action.title.startswith("Apply the edit from Files.java:2 (")
    assert editor.apply_action(OTHER, action, uri, 1, "utf-16") == OTHER.replace(
        "open(x)", "open(x, true)"
    )
    # the toy model adds the argument to any call, but read is not the call the edit changed
    assert similar(await code_actions(client, uri, 8, 16)) == []


async def test_the_command_on_a_position_and_on_the_whole_document(start, settings):
    client = await edited(start, settings)
    for arguments in ([{"uri": URI, "position": {"line": 7, "character": 16}}], [URI]):
        result = await client.workspace_execute_command_async(
            types.ExecuteCommandParams(command="spancopy.applySimilarEdit", arguments=arguments)
        )
        (action,) = result
        assert action["title"].startswith("Apply the edit from line 2 (")
        (change,) = action["edit"]["documentChanges"]
        assert change["textDocument"] == {"uri": URI, "version": 2}
    with pytest.raises(JsonRpcException) as error:
        await client.workspace_execute_command_async(
            types.ExecuteCommandParams(command="spancopy.applySimilarEdit", arguments=[1, 2])
        )
    assert error.value.code == types.ErrorCodes.InvalidParams.value


@pytest.mark.slow
async def test_the_methods_past_the_beams_budget_are_said_in_the_log(start, settings):
    uri = "file:///work/Sums.java"
    client = await start(settings=settings)
    open_doc(client, uri, sums(40))
    # no rule and no anchor: the beam may search any of the 40 methods of 16 model tokens,
    # 32 of them within the budget of 512 (tests/test_cli_similar.py)
    change_doc(client, uri, 2, sums(40).replace("+ limit;", "+ limit + 1;"))
    await client.workspace_execute_command_async(
        types.ExecuteCommandParams(command="spancopy.applySimilarEdit", arguments=[uri])
    )
    said = [m.message for m in client.log_messages if "budget" in m.message]
    past = ", ".join(f"m{k}" for k in range(33, 41))
    assert said == [
        "INFO lsp_server.similar_edit: Similar edits in Sums.java: 8 method(s) past the edit "
        f"model's budget of 512 tokens get the rewrite rules' proposals only: {past}"
    ]


async def test_off_with_the_setting(start, settings):
    client = await edited(start, settings)
    push = {"spancopy": {"similarEdit": {"enable": False}}}
    client.workspace_did_change_configuration(types.DidChangeConfigurationParams(settings=push))
    assert similar(await code_actions(client, URI, *RELOAD)) == []


@pytest.mark.slow
async def test_a_stale_version_is_content_modified(start, settings):
    client = await edited(start, settings)
    assert similar(await code_actions(client, URI, *RELOAD))  # both models loaded
    text = NEW.replace("int k)", "int m)").replace("n + k", "n + m")  # count changed too
    change_doc(client, URI, 3, text)
    pos = types.Position(line=RELOAD[0], character=RELOAD[1])
    send = client.protocol.send_request  # sends at once
    stale = asyncio.wrap_future(send("textDocument/codeAction", action_params(URI, pos)))
    change_doc(client, URI, 4, NEW)  # arrives while version 3's proposals are computed
    with pytest.raises(JsonRpcException) as error:
        await stale
    assert error.value.code == CONTENT_MODIFIED
    (action,) = similar(await code_actions(client, URI, *RELOAD))
    assert editor.apply_action(NEW, action, URI, 4, "utf-16") == EXPECTED


AGES = (9, 16)  # on "return Collections.unmodifiableList(ages);"
CLEAN_AGE = (21, 16)  # on "return age.trim();"
SIZE = (17, 16)  # on "return names.size();"


@pytest.mark.parametrize(
    ("edit", "at", "expected"),
    [
        (
            ("return Collections.unmodifiableList(names);", "return List.copyOf(names);"),
            AGES,
            ("return Collections.unmodifiableList(ages);", "return List.copyOf(ages);"),
        ),
        (("return name.trim();", "return name.strip();"), CLEAN_AGE, ("age.trim()", "age.strip()")),
    ],
    ids=["unmodifiableList to List.copyOf", "trim to strip"],
)
async def test_the_issues_examples_with_the_shipped_edit_model(start, edit, at, expected):
    client = await start()  # the shipped edit model: the default similarEdit.modelPath
    uri = "file:///work/Repo.java"
    new = REPO.replace(*edit)
    open_doc(client, uri, REPO)
    change_doc(client, uri, 2, new)
    (action,) = similar(await code_actions(client, uri, *at))
    assert editor.apply_action(new, action, uri, 2, "utf-16") == new.replace(*expected)
    assert similar(await code_actions(client, uri, *SIZE)) == []  # the edit does not apply
