"""The server end to end, through a real process: quick fixes, versions, commands, progress."""

from __future__ import annotations

from pathlib import Path

import pytest
import pytest_asyncio
from lsprotocol import types
from pygls.exceptions import JsonRpcInvalidParams
from pytest_lsp import LanguageClient

from . import editor
from .conftest import (
    action_params,
    change_doc,
    close,
    code_actions,
    expected_repairs,
    launch,
    open_doc,
)

pytestmark = pytest.mark.asyncio(loop_scope="module")

TOY = """import java.util.List;

class Toy {
    int clamp(int value, int limit) {
        if (value > limit) {
            return limit;
        }
        return value;
    }

    boolean fits(int size, int cap) {
        return size < cap;
    }
}
"""
GT = (4, 18)  # line and character of the ">" in clamp
LT = (11, 20)  # the "<" in fits


@pytest_asyncio.fixture(scope="module", loop_scope="module")
async def client(toy_model: Path):
    """One server shared by the tests of this module (each uses its own documents)."""
    c = await launch(toy_model)
    yield c
    await close(c)


def check_actions(
    actions: list[types.CodeAction], text: str, uri: str, version: int, expected
) -> None:
    """The actions are exactly the pipeline's candidates, best preferred, and each applies
    (as an editor applies it) to exactly the candidate's text."""
    assert [a.title for a in actions] == [t for t, _ in expected]
    assert sum(bool(a.is_preferred) for a in actions) == 1
    probabilities = [int(a.title.rsplit("(", 1)[1].strip("%)<>")) for a in actions]
    assert actions[probabilities.index(max(probabilities))].is_preferred
    for action, (_, repaired) in zip(actions, expected, strict=True):
        assert action.kind == types.CodeActionKind.QuickFix
        assert editor.apply_action(text, action, uri, version, "utf-16") == repaired
        assert repaired != text


async def test_quick_fixes_are_the_candidates_and_apply_exactly(
    client: LanguageClient, toy_model: Path
):
    uri = "file:///work/Toy.java"
    open_doc(client, uri, TOY)
    actions = await code_actions(client, uri, *GT)
    expected = expected_repairs(toy_model, TOY, TOY.index(">"))
    check_actions(actions, TOY, uri, 1, expected)
    assert actions[0].title.startswith("Replace `>` with `>=` (")
    assert actions[0].is_preferred
    fixed = editor.apply_action(TOY, actions[0], uri, 1, "utf-16")
    assert fixed == TOY.replace("value > limit", "value >= limit")
    assert await code_actions(client, uri, *GT) == actions  # asked again: the same answer


async def test_a_selection_over_two_methods_repairs_both(client: LanguageClient):
    uri = "file:///work/Two.java"
    open_doc(client, uri, TOY)
    start, end = types.Position(line=GT[0], character=0), types.Position(line=LT[0], character=0)
    actions = await client.text_document_code_action_async(action_params(uri, start, end))
    titles = [a.title for a in actions]
    assert any(t.startswith("Replace `>` with `>=`") for t in titles)
    assert any(t.startswith("Replace `<` with `<=`") for t in titles)
    assert sum(bool(a.is_preferred) for a in actions) == 1


async def test_edits_carry_the_version_they_were_computed_on(
    client: LanguageClient, toy_model: Path
):
    uri = "file:///work/Versions.java"
    open_doc(client, uri, TOY)
    old = await code_actions(client, uri, *GT)
    text = "// a comment line é😀\n" + TOY
    change_doc(client, uri, 2, text)
    new = await code_actions(client, uri, GT[0] + 1, GT[1])
    check_actions(new, text, uri, 2, expected_repairs(toy_model, text, text.index(">")))
    assert old[0].edit.document_changes[0].text_document.version == 1
    assert old[0].edit.document_changes[0].edits != new[0].edit.document_changes[0].edits


async def test_only_quickfix_kinds_are_offered(client: LanguageClient):
    uri = "file:///work/Only.java"
    open_doc(client, uri, TOY)
    assert await code_actions(client, uri, *GT, only=["source.organizeImports"]) is None
    assert await code_actions(client, uri, *GT, only=["quickfix"])
    assert await code_actions(client, uri, 0, 0) == []  # on the import: no method


async def test_repair_method_command_searches_wider_with_progress(
    client: LanguageClient, toy_model: Path
):
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
    expected = expected_repairs(toy_model, TOY, TOY.index(">"), beam=40)
    check_actions(actions, TOY, uri, 1, expected)
    (token,) = set(client.progress_reports) - before
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
    for target in (uri, "file:///work/NotOpen.java"):
        result = await client.workspace_execute_command_async(
            types.ExecuteCommandParams(
                command="spancopy.repairMethod",
                arguments=[{"uri": target, "position": {"line": 0, "character": 0}}],
            )
        )
        assert result == []


async def test_reload_model_reports_progress(client: LanguageClient, toy_model: Path):
    before = set(client.progress_reports)
    result = await client.workspace_execute_command_async(
        types.ExecuteCommandParams(command="spancopy.reloadModel")
    )
    assert result == {"loaded": True, "modelPath": str(toy_model), "error": None}
    (token,) = set(client.progress_reports) - before
    kinds = [r.kind for r in client.progress_reports[token]]
    assert kinds == ["begin", "end"]
    uri = "file:///work/AfterReload.java"
    open_doc(client, uri, TOY)
    assert (await code_actions(client, uri, *GT))[0].title.startswith("Replace `>` with `>=`")


async def test_closed_unopened_and_other_languages_get_nothing(client: LanguageClient):
    uri = "file:///work/Closed.java"
    open_doc(client, uri, TOY)
    client.text_document_did_close(
        types.DidCloseTextDocumentParams(text_document=types.TextDocumentIdentifier(uri=uri))
    )
    assert await code_actions(client, uri, *GT) is None
    assert await code_actions(client, "file:///work/Never.java", *GT) is None
    open_doc(client, "file:///work/notes.txt", TOY, language="plaintext")
    assert await code_actions(client, "file:///work/notes.txt", *GT) is None
    open_doc(client, "untitled:Untitled-1", TOY, language="java")
    assert await code_actions(client, "untitled:Untitled-1", *GT)


async def test_utf16_ranges_with_emoji_before_the_fix(client: LanguageClient, toy_model: Path):
    from .test_protocol import check_wide_line

    await check_wide_line(client, toy_model, "file:///work/Wide16.java", "utf-16", False)
