"""Bad input through one real server process: it never crashes, never sends an edit that
does not apply to the buffer it was computed for, and keeps serving good documents."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
import pytest_asyncio
from lsprotocol import types
from pytest_lsp import LanguageClient

from spancopy_core.lang.java import KEYWORDS, parse

from . import editor
from .conftest import close, code_actions, launch, open_doc
from .test_server import GT, TOY

pytestmark = pytest.mark.asyncio(loop_scope="module")
JAVA = Path(__file__).resolve().parents[1] / "fixtures" / "java"


@pytest_asyncio.fixture(scope="module", loop_scope="module")
async def client(toy_model: Path):
    c = await launch(toy_model)
    open_doc(c, "file:///work/Good.java", TOY)
    assert await code_actions(c, "file:///work/Good.java", *GT)  # the model is loaded
    yield c
    assert c._server.returncode is None  # still alive after everything
    assert (await code_actions(c, "file:///work/Good.java", *GT))[0].is_preferred
    await close(c)


def logged(client: LanguageClient, text: str) -> bool:
    return any(text in m.message for m in client.log_messages)


def every_position(text: str, step: int = 1) -> list[types.Position]:
    rows = editor.lines(text)
    return [
        types.Position(line=k, character=c)
        for k, row in enumerate(rows)
        for c in range(0, len(row) + 1, step)
    ]


async def preferred_repairs(client: LanguageClient, uri: str, text: str, step: int) -> list[str]:
    """Ask for actions at every ``step``-th position: every edit must apply to ``text`` and
    each answer prefers one action. Returns what the preferred actions make of ``text``."""
    best = []
    for pos in every_position(text, step):
        actions = await code_actions(client, uri, pos.line, pos.character)
        assert actions is not None
        repaired = [editor.apply_action(text, a, uri, 1, "utf-16") for a in actions]
        assert [a.is_preferred for a in actions].count(True) == min(1, len(actions))
        best += [r for r, a in zip(repaired, actions, strict=True) if a.is_preferred]
    return best


def changed_only_between(text: str, repaired: str, before: str, after: str) -> bool:
    """``repaired`` keeps ``text`` up to the end of ``before`` and from ``after`` on."""
    head, tail = text[: text.index(before) + len(before)], text[text.index(after) :]
    return repaired.startswith(head) and repaired.endswith(tail)


async def test_binary_and_invalid_text(client: LanguageClient):
    uri = "file:///work/Binary.java"
    text = (
        "class B {\n    int f(int a, int b) {\x00 return a > b ? a : b; }\n}\n"
        "\x00\x01\x02\x7f\ud800 \udfff\ufffe\U0010ffff ÿþ\r\r\n\x1b[0m"
    )
    open_doc(client, uri, text)
    best = await preferred_repairs(client, uri, text, step=3)
    assert best, "the method f, NUL and all, gets repairs"
    assert all(changed_only_between(text, r, "int f(", "\n}\n") for r in best)
    assert text.replace("a > b", "a >= b") in best


async def test_empty_file(client: LanguageClient):
    open_doc(client, "file:///work/Empty.java", "")
    assert await code_actions(client, "file:///work/Empty.java", 0, 0) == []
    assert await code_actions(client, "file:///work/Empty.java", 5, 80) == []


async def test_positions_outside_the_text(client: LanguageClient):
    uri = "file:///work/Outside.java"
    open_doc(client, uri, TOY)
    assert await code_actions(client, uri, 10_000, 0) == []
    actions = await code_actions(client, uri, GT[0], 10_000)  # clamped to the line's end
    assert actions and actions[0].title.startswith('Change to "if (value >= limit) {"')


async def test_a_five_megabyte_file(client: LanguageClient):
    uri = "file:///work/Huge.java"
    method = "    int m(int a, int b) { if (a > b) { return b; } return a; }\n"
    text = "class Huge {\n" + method * (5 * 2**20 // len(method)) + "}\n"
    open_doc(client, uri, text)
    assert await code_actions(client, uri, 1, 20) is None
    assert logged(client, "too large for repairs")
    # and the server goes on serving small documents
    assert (await code_actions(client, "file:///work/Good.java", *GT))[0].is_preferred


async def test_a_ten_thousand_token_method(client: LanguageClient):
    uri = "file:///work/Long.java"
    body = "        x = x + 1;\n" * 1700  # 6 tokens a statement
    text = "class L {\n    int f(int x) {\n" + body + "        return x > 0 ? x : 0;\n    }\n}\n"
    open_doc(client, uri, text)
    # over maxMethodTokens, asked at a line: searched as the statements around it (at most
    # 250 tokens: 41 statements), so every repair edits a line near it
    found = await code_actions(client, uri, 2, 8)
    assert found
    for action in found:
        edits = [e for changes in action.edit.document_changes for e in changes.edits]
        assert all(2 <= e.range.start.line <= e.range.end.line <= 2 + 41 for e in edits)


async def test_a_file_full_of_syntax_errors(client: LanguageClient):
    """A good method, then a broken one, then junk: only the good method gets repairs."""
    rng = random.Random(0)
    words = [*sorted(KEYWORDS), "(", ")", "{", "}", ";", ">", "=", "x", "1", '"', "/*", "\n"]
    junk = " ".join(rng.choice(words) for _ in range(400))
    good = "    int clamp(int value, int limit) {\n        if (value > limit) {\n"
    good += "            return limit;\n        }\n        return value;\n    }\n"
    text = "class J {\n" + good + "    int f(int a, int b) { if (a > b) { return b } return a; \n"
    text += junk
    uri = "file:///work/Junk.java"
    open_doc(client, uri, text)
    best = await preferred_repairs(client, uri, text, step=7)
    assert best, "the good method gets repairs"
    assert all(changed_only_between(text, r, "class J {\n", "    int f(") for r in best)
    assert text.replace("value > limit", "value >= limit") in best


async def test_a_document_in_another_language_named_java(client: LanguageClient):
    uri = "file:///work/Prose.java"
    text = "Dear reader, this is not Java at all.\nIt has (parentheses) and {braces}.\n"
    open_doc(client, uri, text)
    assert await preferred_repairs(client, uri, text, step=2) == []  # no method, no repair


@pytest.mark.parametrize("name", ["StringJoiner.java", "TypeClass.java", "Result.java"])
async def test_real_files_get_only_edits_that_apply_and_parse(client: LanguageClient, name):
    """OpenJDK files, every short method: each action applies exactly, and (syntaxCheck) the
    file keeps as many error-free methods as it had."""
    text = (JAVA / name).read_text(encoding="utf-8")
    uri = f"file:///work/jdk/{name}"
    open_doc(client, uri, text)
    source = parse(text)
    clean = sum(not m.has_error for m in source.methods)
    asked = applied = 0
    for m in source.methods:
        if m.depth or m.tokens.stop - m.tokens.start > 60:
            continue  # the toy model decodes long methods slowly
        asked += 1
        pos = editor.to_position(text, m.start, "utf-16")
        for action in await code_actions(client, uri, pos.line, pos.character) or []:
            repaired = editor.apply_action(text, action, uri, 1, "utf-16")
            assert sum(not x.has_error for x in parse(repaired).methods) == clean
            applied += 1
    assert asked >= 2 and applied >= 1
