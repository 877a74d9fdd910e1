"""Fixtures of the server tests: the toy model, and real server processes driven by pytest-lsp."""

from __future__ import annotations

import asyncio
import os
import shutil
import sys
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Any

import pytest
import pytest_asyncio
import tree_sitter
import tree_sitter_java
from lsprotocol import types
from pytest_lsp import ClientServerConfig, LanguageClient

from . import editor

SERVER = [sys.executable, "-m", "lsp_server"]
# One torch thread: the CI machine has two cores, and OpenMP threads spinning on a busy
# machine make a tiny model a hundred times slower.
SERVER_ENV = {**os.environ, "OMP_NUM_THREADS": "1", "PYTHONUNBUFFERED": "1"}


@pytest.fixture(scope="session")
def corrupt_model(toy_model: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The toy model with its weights file cut in half."""
    out = tmp_path_factory.mktemp("corrupt-model")
    for f in toy_model.iterdir():
        shutil.copy(f, out / f.name)
    weights = out / "model.safetensors"
    weights.write_bytes(weights.read_bytes()[: weights.stat().st_size // 2])
    return out


def capabilities(
    *,
    encodings: list[str] | None = None,
    resolve: bool = False,
    configuration: bool = True,
) -> types.ClientCapabilities:
    """What a modern editor announces (work-done progress, versioned edits)."""
    return types.ClientCapabilities(
        general=types.GeneralClientCapabilities(position_encodings=encodings)
        if encodings
        else None,
        window=types.WindowClientCapabilities(work_done_progress=True),
        workspace=types.WorkspaceClientCapabilities(
            configuration=configuration,
            workspace_edit=types.WorkspaceEditClientCapabilities(document_changes=True),
        ),
        text_document=types.TextDocumentClientCapabilities(
            code_action=types.CodeActionClientCapabilities(
                data_support=True,
                is_preferred_support=True,
                resolve_support=types.ClientCodeActionResolveOptions(properties=["edit"])
                if resolve
                else None,
            )
        ),
    )


async def launch(
    model: Path,
    settings: dict[str, Any] | None = None,
    caps: types.ClientCapabilities | None = None,
    configuration: dict[str, Any] | None = None,
    args: tuple[str, ...] = (),
    env: dict[str, str] | None = None,
) -> LanguageClient:
    """A client connected to a new, initialised server process serving ``model`` (unless
    ``settings`` name another), with ``configuration`` as its ``spancopy`` section, in the
    environment ``env`` (default: :data:`SERVER_ENV`). Java repairs are not compiled unless
    ``settings`` say so: a JVM for each server, and answers that differ as it is up or not
    (``test_compile_check`` tests the check)."""
    config = ClientServerConfig(server_command=[*SERVER, *args], server_env=env or SERVER_ENV)
    client = await config.start()
    assert isinstance(client, LanguageClient)
    if configuration is not None:
        client.set_configuration(configuration, section="spancopy")
    client.initialize_result = await client.initialize_session(  # type: ignore[attr-defined]
        types.InitializeParams(
            capabilities=caps or capabilities(),
            initialization_options={
                "modelPath": str(model),
                "java": {"compileCheck": "off"},
                **(settings or {}),
            },
        )
    )
    return client


async def close(client: LanguageClient) -> None:
    """Shut the server down (shutdown + exit) if it is still running, and stop the client."""
    if client._server is not None and client._server.returncode is None:
        await client.shutdown_session()
    await client.stop()


Start = Callable[..., Any]


@pytest_asyncio.fixture
async def start(toy_model: Path) -> AsyncIterator[Start]:
    """``await start(settings=..., caps=..., configuration=...)``: a new server (see
    :func:`launch`); all are shut down at the end of the test."""
    clients: list[LanguageClient] = []

    async def _start(**kw: Any) -> LanguageClient:
        client = await launch(toy_model, **kw)
        clients.append(client)
        return client

    yield _start
    for client in clients:
        await close(client)


def open_doc(
    client: LanguageClient, uri: str, text: str, version: int = 1, language: str = "java"
) -> None:
    client.text_document_did_open(
        types.DidOpenTextDocumentParams(
            text_document=types.TextDocumentItem(
                uri=uri, language_id=language, version=version, text=text
            )
        )
    )


def change_doc(client: LanguageClient, uri: str, version: int, text: str) -> None:
    """Replace the whole text (a full-document change)."""
    client.text_document_did_change(
        types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=version),
            content_changes=[types.TextDocumentContentChangeWholeDocument(text=text)],
        )
    )


def action_params(
    uri: str, start: types.Position, end: types.Position | None = None, only: Any = None
) -> types.CodeActionParams:
    return types.CodeActionParams(
        text_document=types.TextDocumentIdentifier(uri=uri),
        range=types.Range(start=start, end=end or start),
        context=types.CodeActionContext(diagnostics=[], only=only),
    )


async def code_actions(
    client: LanguageClient, uri: str, line: int, character: int, **kw: Any
) -> list[types.CodeAction] | None:
    pos = types.Position(line=line, character=character)
    result = await client.text_document_code_action_async(action_params(uri, pos, **kw))
    if result is None:
        return None
    assert all(isinstance(a, types.CodeAction) for a in result)
    return list(result)  # type: ignore[arg-type]


async def line_actions(
    client: LanguageClient,
    uri: str,
    line: int,
    text: str,
    trigger: types.CodeActionTriggerKind | None = None,
) -> list[types.CodeAction] | None:
    """The code actions of the whole 0-based ``line``, whose text is ``text`` (the CLI's
    ``--line`` is a whole line), asked with ``trigger``."""
    params = types.CodeActionParams(
        text_document=types.TextDocumentIdentifier(uri=uri),
        range=types.Range(
            start=types.Position(line=line, character=0),
            end=types.Position(line=line, character=len(text)),
        ),
        context=types.CodeActionContext(diagnostics=[], trigger_kind=trigger),
    )
    result = await client.text_document_code_action_async(params)
    return None if result is None else [a for a in result if isinstance(a, types.CodeAction)]


def parses(text: str) -> bool:
    """Whether tree-sitter-java parses ``text`` without an error (a bare parser, not the
    server's front-end)."""
    parser = tree_sitter.Parser(tree_sitter.Language(tree_sitter_java.language()))
    return not parser.parse(text.encode("utf-8", "surrogatepass")).root_node.has_error


def shown_percent(action: types.CodeAction) -> int:
    """The probability in a title "... (31%)" ("<1%" and ">99%" as 1 and 99)."""
    return int(action.title.rsplit("(", 1)[1].strip("%)<>"))


def check_repairs(
    actions: list[types.CodeAction] | None,
    text: str,
    uri: str,
    version: int,
    method: str,
    encoding: str = "utf-16",
) -> list[str]:
    """What any list of quick fixes for the method whose text is ``method`` must be: quick
    fixes, the first one preferred and no other, shares that never increase down the list
    (they are read top down), each edit versioned and applying
    (as an editor applies it) to a text that differs from ``text``, still parses, differs only
    inside the method, and no two alike. Returns the repaired texts, in order."""
    assert actions, "no quick fixes"
    assert all(a.kind == types.CodeActionKind.QuickFix for a in actions)
    assert [bool(a.is_preferred) for a in actions] == [True] + [False] * (len(actions) - 1)
    shares = [shown_percent(a) for a in actions]
    assert shares == sorted(shares, reverse=True), [a.title for a in actions]
    start = text.index(method)
    before, after, results = text[:start], text[start + len(method) :], []
    for action in actions:
        repaired = editor.apply_action(text, action, uri, version, encoding)
        assert repaired != text and parses(repaired), action.title
        assert repaired.startswith(before) and repaired.endswith(after), action.title
        results.append(repaired)
    assert len(set(results)) == len(results)
    return results


async def until(predicate: Callable[[], Any], timeout: float = 60.0) -> None:
    """Wait until ``predicate()`` is true (polling), or fail after ``timeout`` seconds (a bound
    for a hang, never reached: a server that loads a model while the suite's other worker
    runs, on a busy machine, may take tens of seconds)."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while not predicate():
        assert loop.time() < deadline, "timed out"
        await asyncio.sleep(0.02)
