"""Prose mode end to end, through one real server serving the toy Java and prose models: quick
fixes of sentences in Markdown and text files and in Java comments, exact in every position
encoding, code and front matter left alone, diagnostics, settings and bad input."""

from __future__ import annotations

from pathlib import Path

import pytest
import pytest_asyncio
from lsprotocol import types
from pytest_lsp import LanguageClient

from . import editor
from .conftest import capabilities, close, code_actions, launch, open_doc, until
from .test_server import GT, TOY

pytestmark = pytest.mark.asyncio(loop_scope="module")

NOTES = """---
title: teh notes
---
# Notes

I recieve it today.

Run `make teh file` and see https://example.com/teh for more.

```
They receive teh file.
```

    They receive teh file.

- They recieve teh file.
"""
JAVA = """class C {
    /**
     * Returns the value. I recieve it today.
     */
    int f(int x) { return x; } // They receive teh file.

    int clamp(int value, int limit) {
        // They receive teh file.
        if (value > limit) {
            return limit;
        }
        return value;
    }
}
"""
INNER = JAVA.index("// They receive teh file.\n        if") + 16  # "teh" in clamp's comment


@pytest_asyncio.fixture(scope="module", loop_scope="module")
async def client(toy_model: Path, toy_prose_model: Path):
    c = await launch(toy_model, {"prose": {"modelPath": str(toy_prose_model)}})
    yield c
    assert c._server.returncode is None  # alive after everything
    await close(c)


def at(text: str, needle: str, encoding: str = "utf-16") -> tuple[int, int]:
    pos = editor.to_position(text, text.index(needle), encoding)
    return pos.line, pos.character


def apply(text: str, uri: str, action: types.CodeAction, encoding: str = "utf-16") -> str:
    return editor.apply_action(text, action, uri, 1, encoding)


async def test_a_sentence_of_markdown(client: LanguageClient):
    uri = "file:///work/NOTES.md"
    open_doc(client, uri, NOTES, language="markdown")
    actions = await code_actions(client, uri, *at(NOTES, "recieve"))
    assert actions and actions[0].title.startswith('Replace "recieve" with "receive" (')
    assert actions[0].is_preferred and actions[0].kind == types.CodeActionKind.QuickFix
    assert apply(NOTES, uri, actions[0]) == NOTES.replace("I recieve", "I receive")


async def test_markdown_code_urls_and_front_matter_are_left_alone(client: LanguageClient):
    uri = "file:///work/CODE.md"
    open_doc(client, uri, NOTES, language="markdown")
    fence, indented, _ = (k for k in range(len(NOTES)) if NOTES.startswith("They", k))
    for offset in (NOTES.index("teh notes"), fence, indented):
        pos = editor.to_position(NOTES, offset, "utf-16")
        assert await code_actions(client, uri, pos.line, pos.character) == []
    for needle in ("make teh", "example.com/teh"):
        for action in await code_actions(client, uri, *at(NOTES, needle)) or []:
            repaired = apply(NOTES, uri, action)
            assert "`make teh file`" in repaired and "https://example.com/teh " in repaired
    pos = editor.to_position(NOTES, NOTES.rindex("teh"), "utf-16")  # in the list item
    item = await code_actions(client, uri, pos.line, pos.character)
    # teh, written in code above, is the document's (prose.technical_words): left as it is
    assert apply(NOTES, uri, item[0]) == NOTES.replace("- They recieve teh", "- They receive teh")


async def test_a_text_file_by_its_uri_and_non_ascii_before_the_error(client: LanguageClient):
    text = "Café 😀 ok. I recieve it today.\n\nnaïve 👍🏽 text.\n"
    uri = "file:///work/notes.txt"
    open_doc(client, uri, text, language="")  # no language id: the extension decides
    (fix, *_) = await code_actions(client, uri, 0, 16)  # UTF-16: "recieve" starts at 14
    (change,) = fix.edit.document_changes
    (edit,) = change.edits
    assert edit.range == types.Range(
        start=types.Position(line=0, character=14), end=types.Position(line=0, character=21)
    )
    assert edit.new_text == "receive"
    assert apply(text, uri, fix) == text.replace("recieve", "receive")


@pytest.mark.parametrize(("encoding", "start"), [("utf-8", 17), ("utf-32", 13)])
async def test_other_position_encodings(toy_model: Path, toy_prose_model: Path, encoding, start):
    text = "Café 😀 ok. I recieve it today.\n"
    c = await launch(
        toy_model,
        {"prose": {"modelPath": str(toy_prose_model)}},
        caps=capabilities(encodings=[encoding]),
    )
    try:
        uri = "file:///work/enc.txt"
        open_doc(c, uri, text, language="plaintext")
        (fix, *_) = await code_actions(c, uri, 0, start)
        (edit,) = fix.edit.document_changes[0].edits
        assert (edit.range.start.character, edit.range.end.character) == (start, start + 7)
        assert apply(text, uri, fix, encoding) == text.replace("recieve", "receive")
    finally:
        await close(c)


async def test_a_java_comment_is_prose_and_a_method_is_java(client: LanguageClient):
    uri = "file:///work/C.java"
    open_doc(client, uri, JAVA)
    (fix, *_) = await code_actions(client, uri, *at(JAVA, "recieve"))
    assert fix.title.startswith('Replace "recieve" with "receive" (')
    assert apply(JAVA, uri, fix) == JAVA.replace("recieve", "receive")
    (fix, *_) = await code_actions(client, uri, *at(JAVA, "teh file"))
    assert apply(JAVA, uri, fix) == JAVA.replace("teh file", "the file", 1)
    pos = editor.to_position(JAVA, INNER, "utf-16")  # a comment inside a method: prose too
    (fix, *_) = await code_actions(client, uri, pos.line, pos.character)
    assert apply(JAVA, uri, fix) == JAVA[:INNER] + "the" + JAVA[INNER + 3 :]
    open_doc(client, "file:///work/Toy.java", TOY)
    (fix, *_) = await code_actions(client, "file:///work/Toy.java", *GT)  # the Java model
    assert fix.title.startswith('Change to "if (value >= limit) {" (')


async def test_a_sentence_the_model_likes_gets_nothing(client: LanguageClient):
    text = "They receive the file today.\n"
    uri = "file:///work/fine.txt"
    open_doc(client, uri, text, language="plaintext")
    assert await code_actions(client, uri, 0, 5) == []


async def test_bad_input(client: LanguageClient):
    """A 100 MB buffer, binary junk, a line of 50,000 characters: answers, never a crash."""
    huge = "I recieve it today. " * (100 * 2**20 // 20)
    open_doc(client, "file:///work/huge.txt", huge, language="plaintext")
    assert await code_actions(client, "file:///work/huge.txt", 0, 3) is None
    junk = "I recieve it today.\n\n\x00\x01\x02\x7f\ud800 \udfff\ufffe ÿþ\r\r\n\x1b[0m .. !?\n"
    open_doc(client, "file:///work/junk.txt", junk, language="plaintext")
    fixed = []
    for line in range(5):
        for character in (0, 1, 3, 9):
            for action in await code_actions(client, "file:///work/junk.txt", line, character):
                fixed.append(apply(junk, "file:///work/junk.txt", action))  # applies exactly
    assert junk.replace("recieve", "receive") in fixed
    long = "word " * 10_000 + "\n\nThey receive teh file.\n"
    open_doc(client, "file:///work/long.md", long, language="markdown")
    assert await code_actions(client, "file:///work/long.md", 0, 25_000) == []
    assert any("skipped: 10000 tokens" in m.message for m in client.log_messages)
    (fix, *_) = await code_actions(client, "file:///work/long.md", 2, 14)
    assert apply(long, "file:///work/long.md", fix) == long.replace("teh", "the")


@pytest.mark.slow
async def test_diagnostics_and_settings(toy_model: Path, toy_prose_model: Path, tmp_path: Path):
    """Opt-in diagnostics mark the sentence the model would change; prose.enable off serves
    Java only; a prose model that cannot be loaded leaves Java alone, said once."""
    text = "They receive the file today.\n\nI recieve it today.\n"
    prose = {"modelPath": str(toy_prose_model), "diagnostics": {"enable": True}}
    c = await launch(toy_model, {"prose": {**prose}, "diagnostics": {"debounceMs": 0}})
    try:
        uri = "file:///work/diag.txt"
        open_doc(c, uri, text, language="plaintext")
        await until(lambda: uri in c.diagnostics)
        (d,) = c.diagnostics[uri]
        assert (d.range.start.line, d.range.start.character, d.range.end.character) == (2, 2, 9)
        assert d.message.startswith('Possible fix: Replace "recieve" with "receive" (')
        c.workspace_did_change_configuration(
            types.DidChangeConfigurationParams(settings={"spancopy": {"prose": {"enable": False}}})
        )
        await until(lambda: len(c.diagnostics[uri]) == 0)
        assert await code_actions(c, uri, 2, 3) is None
        open_doc(c, "file:///work/C.java", JAVA)
        # a comment outside methods: nothing; inside clamp: the Java model's repairs of clamp
        assert await code_actions(c, "file:///work/C.java", *at(JAVA, "recieve")) == []
        pos = editor.to_position(JAVA, INNER, "utf-16")
        (fix, *_) = await code_actions(c, "file:///work/C.java", pos.line, pos.character)
        assert fix.title.startswith('Change line 9 to "')  # off the comment's line: says where
    finally:
        await close(c)
    missing = tmp_path / "no-prose-model"
    c = await launch(toy_model, {"prose": {"modelPath": str(missing)}})
    try:
        open_doc(c, "file:///work/a.txt", text, language="plaintext")
        assert await code_actions(c, "file:///work/a.txt", 2, 3) is None
        assert await code_actions(c, "file:///work/a.txt", 0, 3) is None
        said = [m.message for m in c.log_messages if "cannot load the model" in m.message]
        assert len(said) == 1 and str(missing) in said[0] and "prose.modelPath" in said[0]
        open_doc(c, "file:///work/Toy.java", TOY)
        (fix, *_) = await code_actions(c, "file:///work/Toy.java", *GT)
        assert fix.title.startswith('Change to "if (value >= limit) {" (')
        open_doc(c, "file:///work/C.java", JAVA)  # a comment in a method: the Java model
        pos = editor.to_position(JAVA, INNER, "utf-16")
        (fix, *_) = await code_actions(c, "file:///work/C.java", pos.line, pos.character)
        assert fix.title.startswith('Change line 9 to "')  # off the comment's line: says where
        assert len([m for m in c.log_messages if "cannot load the model" in m.message]) == 1
    finally:
        await close(c)
