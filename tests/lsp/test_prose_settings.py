"""What a user sets of prose mode, through a real server serving the toy prose model: Harper's
dialect and the rules turned off change its suggestions (titled with their rule), and the
project's own words (the dictionary setting and file, the identifiers of the open Java files)
are never changed; a bad setting or an unreadable dictionary is a warning, never a crash."""

from __future__ import annotations

from pathlib import Path

import pytest
from lsprotocol import types
from pytest_lsp import LanguageClient

from .conftest import close, code_actions, launch, open_doc

pytestmark = pytest.mark.asyncio(loop_scope="module")

EVERY = {"minRatio": 0}  # every candidate the model ranks is offered, Harper's included


def change(client: LanguageClient, prose: dict) -> None:
    client.workspace_did_change_configuration(
        types.DidChangeConfigurationParams(settings={"spancopy": {"prose": prose}})
    )


async def titles(client: LanguageClient, uri: str, character: int) -> list[str]:
    """The titles of the quick fixes at ``character`` of the first line, without their share."""
    return [a.title.rsplit(" (", 1)[0] for a in await code_actions(client, uri, 0, character)]


@pytest.mark.slow
async def test_the_dialect_and_the_rules_turned_off(toy_model: Path, toy_prose_model: Path):
    text = "They receive the color and the colour today.\n"
    c = await launch(toy_model, {"prose": {"modelPath": str(toy_prose_model), **EVERY}})
    try:
        uri = "file:///work/dialect.txt"
        open_doc(c, uri, text, language="plaintext")
        american = 'Replace "colour" with "color" [Harper: SpellCheck]'
        british = 'Replace "color" with "colour" [Harper: SpellCheck]'
        found = await titles(c, uri, 5)
        assert american in found and british not in found
        change(c, {**EVERY, "dialect": "british"})
        found = await titles(c, uri, 5)
        assert british in found and american not in found

        oxford = "They bought apples, pears and plums today.\n"
        open_doc(c, "file:///work/oxford.txt", oxford, language="plaintext")
        rule = 'Insert "," after "pears" [Harper: OxfordComma]'
        assert rule in await titles(c, "file:///work/oxford.txt", 14)
        change(c, {**EVERY, "disabledRules": ["OxfordComma"]})
        found = await titles(c, "file:///work/oxford.txt", 14)
        assert all('"," after "pears"' not in t for t in found)
    finally:
        await close(c)


async def test_bad_settings_are_warnings(toy_model: Path, toy_prose_model: Path, tmp_path: Path):
    """An unknown dialect or rule, a dictionary that is not a list, an unreadable dictionary
    file: one warning each, the rest of the settings applied, the server still answering."""
    unreadable = tmp_path / "words.txt"
    unreadable.write_bytes(b"\xff\xfe\x00 not text")
    prose = {
        "modelPath": str(toy_prose_model),
        "dialect": "klingon",
        "disabledRules": ["AnA", "NoSuchRule"],
        "dictionary": "recieve",
        "dictionaryFile": str(unreadable),
    }
    c = await launch(toy_model, {"prose": prose})
    try:
        uri = "file:///work/bad.txt"
        open_doc(c, uri, "I recieve it today.\n", language="plaintext")
        found = await titles(c, uri, 3)
        assert found and found[0].startswith('Replace "recieve" with "receive"')
        shown = [m.message for m in c.messages]
        assert any("spancopy.prose.dialect = 'klingon'" in m for m in shown)
        assert any("Harper has no rule 'NoSuchRule'" in m for m in shown)
        assert any("spancopy.prose.dictionary = 'recieve'" in m for m in shown)
        said = [m.message for m in c.log_messages if "dictionaryFile" in m.message]
        assert len(said) == 1 and str(unreadable) in said[0] and "not UTF-8" in said[0]
        await titles(c, uri, 3)
        assert len([m for m in c.log_messages if "dictionaryFile" in m.message]) == 1
        an = "They receive an file today.\n"  # AnA stays off: the known rule of the list
        open_doc(c, "file:///work/an.txt", an, language="plaintext")
        change(c, {**prose, **EVERY})
        assert all('"an" with "a"' not in t for t in await titles(c, "file:///work/an.txt", 14))
    finally:
        await close(c)
    assert c._server.returncode == 0


@pytest.mark.slow
async def test_the_projects_words_are_never_changed(
    toy_model: Path, toy_prose_model: Path, tmp_path: Path
):
    text = "I recieve it today.\n"
    c = await launch(toy_model, {"prose": {"modelPath": str(toy_prose_model), **EVERY}})
    try:
        uri = "file:///work/words.txt"
        open_doc(c, uri, text, language="plaintext")
        fixed = await titles(c, uri, 3)
        assert any('"recieve" with "receive"' in t for t in fixed)  # as a control
        change(c, {**EVERY, "dictionary": ["Recieve"]})
        assert all("recieve" not in t for t in await titles(c, uri, 3))

        dictionary = tmp_path / "dictionary.txt"
        dictionary.write_text("# our words\nrecieve\n", encoding="utf-8")
        change(c, {**EVERY, "dictionaryFile": str(dictionary)})
        assert all("recieve" not in t for t in await titles(c, uri, 3))
        change(c, EVERY)
        assert any('"recieve" with "receive"' in t for t in await titles(c, uri, 3))

        java = "class Mail {\n    void recieveAll() {}\n    // teh comment\n}\n"
        open_doc(c, "file:///work/Mail.java", java)  # an identifier's words are known words
        assert all("recieve" not in t for t in await titles(c, uri, 3))
        c.text_document_did_close(
            types.DidCloseTextDocumentParams(
                text_document=types.TextDocumentIdentifier(uri="file:///work/Mail.java")
            )
        )
        assert any('"recieve" with "receive"' in t for t in await titles(c, uri, 3))
    finally:
        await close(c)
