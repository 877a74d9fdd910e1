"""Open documents through a real server (issue 13, items 1-3): percent-encoded URIs, close
and reopen at version 1, the text kept by the LSP line rules, and a document whose text the
server could not keep in sync."""

from __future__ import annotations

from pathlib import Path

import pytest
import pytest_asyncio
from lsprotocol import types
from pytest_lsp import LanguageClient

from . import editor
from .conftest import (
    capabilities,
    change_doc,
    check_repairs,
    close,
    code_actions,
    launch,
    open_doc,
)
from .test_server import CLAMP, GT, TOY

pytestmark = pytest.mark.asyncio(loop_scope="module")

FIXED = TOY.replace("value > limit", "value >= limit")


@pytest_asyncio.fixture(scope="module", loop_scope="module")
async def client(toy_model: Path):
    """One server shared by the tests of this module (each uses its own documents), for a
    client that resolves the edits of code actions."""
    c = await launch(toy_model, caps=capabilities(resolve=True))
    yield c
    await close(c)


async def fixes(client: LanguageClient, uri: str, line: int, character: int):
    """The quick fixes at a position, their edits resolved."""
    actions = await code_actions(client, uri, line, character)
    return actions and [await client.code_action_resolve_async(a) for a in actions]


def partial_change(client: LanguageClient, uri: str, version: int, start, end, text: str) -> None:
    client.text_document_did_change(
        types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=version),
            content_changes=[
                types.TextDocumentContentChangePartial(
                    range=types.Range(
                        start=types.Position(line=start[0], character=start[1]),
                        end=types.Position(line=end[0], character=end[1]),
                    ),
                    text=text,
                )
            ],
        )
    )


@pytest.mark.parametrize(
    ("opened", "asked"),
    [
        ("file:///tmp/My%20Dir/Toy.java", "file:///tmp/My%20Dir/Toy.java"),
        ("file:///c%3A/work/Toy.java", "file:///c%3A/work/Toy.java"),
        ("file:///c%3A/work/Other.java", "file:///C:/work/Other.java"),
    ],
)
async def test_percent_encoded_uris_get_quick_fixes(client: LanguageClient, opened, asked):
    open_doc(client, opened, TOY)
    actions = await fixes(client, asked, *GT)
    repaired = check_repairs(actions, TOY, asked, 1, CLAMP)
    assert repaired[0] == FIXED


async def test_one_document_under_two_spellings_is_one_document(client: LanguageClient):
    open_doc(client, "file:///tmp/Two%20Names/A.java", TOY)
    text = "// first line\n" + TOY
    change_doc(client, "file:///tmp/Two Names/A.java", 2, text)  # the same file
    actions = await fixes(client, "file:///tmp/Two%20Names/A.java", GT[0] + 1, GT[1])
    check_repairs(actions, text, "file:///tmp/Two%20Names/A.java", 2, CLAMP)


async def test_close_and_reopen_at_version_1_never_serves_the_old_fix(client: LanguageClient):
    uri = "file:///work/Reopen.java"
    open_doc(client, uri, TOY)
    old = await code_actions(client, uri, *GT)
    assert old and any(a.title.startswith('Change to "if (value >= limit) {"') for a in old)
    client.text_document_did_close(
        types.DidCloseTextDocumentParams(text_document=types.TextDocumentIdentifier(uri=uri))
    )
    text = TOY.replace("value > limit", "value < limit")
    open_doc(client, uri, text)  # version 1 again, another text
    for action in old:  # the resolve data of the closed document is gone
        assert (await client.code_action_resolve_async(action)).edit is None
    new = await fixes(client, uri, *GT) or []
    after = text[text.index("\n\n    boolean fits") :]
    for action in new:  # each changes the new text (a stale `>` -> `<` would change nothing)
        repaired = editor.apply_action(text, action, uri, 1, "utf-16")
        assert repaired != text and repaired.endswith(after)


CRLF = TOY.replace("\n", "\r\n").replace(
    "class Toy {", "class Toy { // a\u2028b\fc\x1cd\u2029e\x85f\vg /* 😀 */"
)


async def test_the_text_is_kept_by_the_protocol_line_rules(client: LanguageClient):
    uri = "file:///work/Lines.java"
    open_doc(client, uri, CRLF)
    # past the end of the class line (its terminator is \r\n): a comment at the line's end
    partial_change(client, uri, 2, (2, 999), (2, 999), " // x")
    text = CRLF.replace("/* 😀 */\r\n", "/* 😀 */ // x\r\n")
    # a change on the line after the U+2028 / \f line, where Python sees other lines
    at = text.index("int clamp")
    pos = editor.to_position(text, at, "utf-16")
    partial_change(client, uri, 3, (pos.line, pos.character), (pos.line, pos.character), "")
    gt = editor.to_position(text, text.index("value > limit") + 6, "utf-16")
    partial_change(client, uri, 4, (gt.line, 0), (gt.line, 0), "  ")
    text = text.replace("        if (value", "          if (value")
    method = text[text.index("int clamp") : text.index("\r\n\r\n    boolean fits")]
    actions = await fixes(client, uri, gt.line, gt.character + 2)
    repaired = check_repairs(actions, text, uri, 4, method)
    assert repaired[0] == text.replace("value > limit", "value >= limit")


async def test_a_change_that_cannot_be_applied_stops_fixes_until_a_full_change(
    client: LanguageClient,
):
    uri = "file:///work/Desync.java"
    open_doc(client, uri, TOY)
    assert await fixes(client, uri, *GT)
    partial_change(client, uri, 2, (5, 3), (4, 0), "x")  # its end before its start
    assert not await fixes(client, uri, *GT)
    partial_change(client, uri, 3, (0, 0), (0, 0), "// ok\n")  # still out of sync
    assert not await fixes(client, uri, *GT)
    change_doc(client, uri, 4, TOY)
    actions = await fixes(client, uri, *GT)
    assert check_repairs(actions, TOY, uri, 4, CLAMP)[0] == FIXED


async def test_a_change_that_does_not_validate_stops_fixes_until_a_full_change(
    client: LanguageClient,
):
    """A didChange whose params fail validation (a negative line) is dropped by the server,
    but the editor applied it: the server must not go on repairing its stale copy."""
    uri = "file:///work/Invalid.java"
    open_doc(client, uri, TOY)
    assert await fixes(client, uri, *GT)
    client.protocol._send_data(  # raw JSON: the client's own converter would refuse it
        {
            "jsonrpc": "2.0",
            "method": "textDocument/didChange",
            "params": {
                "textDocument": {"uri": uri, "version": 2},
                "contentChanges": [
                    {
                        "range": {
                            "start": {"line": -1, "character": 0},
                            "end": {"line": 0, "character": 0},
                        },
                        "text": "// edited\n",
                    }
                ],
            },
        }
    )
    assert not await fixes(client, uri, *GT)
    assert any("does not validate" in m.message for m in client.log_messages)
    change_doc(client, uri, 3, TOY)
    actions = await fixes(client, uri, *GT)
    assert check_repairs(actions, TOY, uri, 3, CLAMP)[0] == FIXED
