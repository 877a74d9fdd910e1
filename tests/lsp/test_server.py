"""The server end to end, through a real process: quick fixes, versions, commands, progress."""

from __future__ import annotations

from pathlib import Path

import pytest
import pytest_asyncio
from lsprotocol import types
from pygls.exceptions import JsonRpcInvalidParams
from pytest_lsp import LanguageClient

from tests.java_sources import TOY_CLASS

from .conftest import (
    action_params,
    change_doc,
    check_repairs,
    close,
    code_actions,
    launch,
    open_doc,
)

pytestmark = pytest.mark.asyncio(loop_scope="module")

TOY = "import java.util.List;\n\n" + TOY_CLASS
GT = (4, 18)  # line and character of the ">" in clamp
LT = (11, 20)  # the "<" in fits
CLAMP = TOY[TOY.index("int clamp") : TOY.index("\n\n    boolean fits")]  # the method's text


@pytest_asyncio.fixture(scope="module", loop_scope="module")
async def client(toy_model: Path):
    """One server shared by the tests of this module (each uses its own documents)."""
    c = await launch(toy_model)
    yield c
    await close(c)


async def test_quick_fixes_apply_exactly_inside_the_method(client: LanguageClient):
    uri = "file:///work/Toy.java"
    open_doc(client, uri, TOY)
    actions = await code_actions(client, uri, *GT)
    repaired = check_repairs(actions, TOY, uri, 1, CLAMP)
    assert actions[0].title.startswith('Change to "if (value >= limit) {" (')
    assert actions[0].is_preferred
    assert repaired[0] == TOY.replace("value > limit", "value >= limit")
    assert await code_actions(client, uri, *GT) == actions  # asked again: the same answer


async def test_a_selection_over_two_methods_repairs_both(client: LanguageClient):
    uri = "file:///work/Two.java"
    open_doc(client, uri, TOY)
    start, end = types.Position(line=GT[0], character=0), types.Position(line=LT[0], character=0)
    actions = await client.text_document_code_action_async(action_params(uri, start, end))
    titles = [a.title for a in actions]
    assert any(t.startswith('Change to "if (value >= limit) {"') for t in titles)
    assert any(t.startswith('Change to "return size <= cap;"') for t in titles)
    assert sum(bool(a.is_preferred) for a in actions) == 1


async def test_edits_carry_the_version_they_were_computed_on(client: LanguageClient):
    uri = "file:///work/Versions.java"
    open_doc(client, uri, TOY)
    old = await code_actions(client, uri, *GT)
    text = "// a comment line é😀\n" + TOY
    change_doc(client, uri, 2, text)
    new = await code_actions(client, uri, GT[0] + 1, GT[1])
    repaired = check_repairs(new, text, uri, 2, CLAMP)
    assert repaired[0] == text.replace("value > limit", "value >= limit")
    assert old[0].edit.document_changes[0].text_document.version == 1
    assert old[0].edit.document_changes[0].edits != new[0].edit.document_changes[0].edits


async def test_only_quickfix_kinds_are_offered(client: LanguageClient):
    uri = "file:///work/Only.java"
    open_doc(client, uri, TOY)
    assert await code_actions(client, uri, *GT, only=["source.organizeImports"]) is None
    assert await code_actions(client, uri, *GT, only=["quickfix"])
    assert await code_actions(client, uri, 0, 0) == []  # on the import: no method


async def test_repair_method_command_searches_wider_with_progress(client: LanguageClient):
    uri = "file:///work/Command.java"
    open_doc(client, uri, TOY)
    before = set(client.progress_reports)
    actions = await client.workspace_execute_command_async(
        types.ExecuteCommandParams(
            command="spancopy.repairMethod",
            arguments=[{"uri": uri, "position": {"line": GT[0], "character": GT[1]}}],
        )
    )
    actions = [client.protocol._converter.structure(a, types.CodeAction) for a in actions]
    repaired = check_repairs(actions, TOY, uri, 1, CLAMP)
    assert repaired[0] == TOY.replace("value > limit", "value >= limit")
    new = set(client.progress_reports) - before  # and the model's load, when it came late
    (token,) = [t for t in new if "repairing" in client.progress_reports[t][0].title]
    reports = client.progress_reports[token]
    assert reports[0].kind == "begin" and reports[0].title == "spancopy: repairing clamp"
    assert reports[-1].kind == "end" and "repair(s)" in reports[-1].message
    assert any(r.kind == "report" for r in reports)
    positional = await client.workspace_execute_command_async(
        types.ExecuteCommandParams(
            command="spancopy.repairMethod",
            arguments=[uri, {"line": GT[0], "character": GT[1]}],
        )
    )
    assert [a["title"] for a in positional] == [a.title for a in actions]


@pytest.mark.parametrize(
    "arguments", [None, [], ["file:///x.java"], [{"uri": 3, "position": {}}], [{"uri": "u"}]]
)
async def test_repair_method_rejects_bad_arguments(client: LanguageClient, arguments):
    with pytest.raises(JsonRpcInvalidParams):
        await client.workspace_execute_command_async(
            types.ExecuteCommandParams(command="spancopy.repairMethod", arguments=arguments)
        )


async def test_repair_method_off_a_method_or_document(client: LanguageClient):
    uri = "file:///work/Off.java"
    open_doc(client, uri, TOY)
    for target, expected in ((uri, None), ("file:///work/NotOpen.java", [])):
        result = await client.workspace_execute_command_async(
            types.ExecuteCommandParams(
                command="spancopy.repairMethod",
                arguments=[{"uri": target, "position": {"line": 0, "character": 0}}],
            )
        )
        assert result == expected  # null: no method there (issue 14 item 5)


async def test_reload_model_reports_progress(client: LanguageClient, toy_model: Path):
    before = set(client.progress_reports)
    result = await client.workspace_execute_command_async(
        types.ExecuteCommandParams(command="spancopy.reloadModel")
    )
    assert result == {"loaded": True, "modelPath": str(toy_model), "error": None}
    new = set(client.progress_reports) - before
    token = [
        t
        for t in client.progress_reports
        if t in new and "loading" in client.progress_reports[t][0].title
    ][-1]
    kinds = [r.kind for r in client.progress_reports[token]]
    assert kinds == ["begin", "end"]
    uri = "file:///work/AfterReload.java"
    open_doc(client, uri, TOY)
    assert (await code_actions(client, uri, *GT))[0].title.startswith(
        'Change to "if (value >= limit) {"'
    )


async def test_closed_unopened_and_other_languages_get_nothing(client: LanguageClient):
    uri = "file:///work/Closed.java"
    open_doc(client, uri, TOY)
    client.text_document_did_close(
        types.DidCloseTextDocumentParams(text_document=types.TextDocumentIdentifier(uri=uri))
    )
    assert await code_actions(client, uri, *GT) is None
    assert await code_actions(client, "file:///work/Never.java", *GT) is None
    open_doc(client, "file:///work/notes.py", TOY, language="python")
    assert await code_actions(client, "file:///work/notes.py", *GT) is None
    open_doc(client, "untitled:Untitled-1", TOY, language="java")
    assert await code_actions(client, "untitled:Untitled-1", *GT)


async def test_utf16_ranges_with_emoji_before_the_fix(client: LanguageClient):
    from .test_protocol import check_wide_line

    await check_wide_line(client, "file:///work/Wide16.java", "utf-16", False)


async def test_resolve_takes_integer_ids_only(client: LanguageClient):
    uri = "file:///work/Resolve.java"
    open_doc(client, uri, TOY)
    (first, *_) = await code_actions(client, uri, *GT)
    ident = first.data["id"]  # action 1 exists too: the server's first
    for data in ({"id": True}, {"id": float(ident)}, {"id": str(ident)}, None):
        bare = types.CodeAction(title=first.title, data=data)
        assert (await client.code_action_resolve_async(bare)).edit is None
    resolved = await client.code_action_resolve_async(
        types.CodeAction(title="t", data={"id": ident})
    )
    assert resolved.edit == first.edit
