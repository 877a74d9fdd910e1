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
import torch
from lsprotocol import types
from pytest_lsp import ClientServerConfig, LanguageClient

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
) -> LanguageClient:
    """A client connected to a new, initialised server process serving ``model`` (unless
    ``settings`` name another), with ``configuration`` as its ``spancopy`` section."""
    config = ClientServerConfig(server_command=[*SERVER, *args], server_env=SERVER_ENV)
    client = await config.start()
    assert isinstance(client, LanguageClient)
    if configuration is not None:
        client.set_configuration(configuration, section="spancopy")
    client.initialize_result = await client.initialize_session(  # type: ignore[attr-defined]
        types.InitializeParams(
            capabilities=caps or capabilities(),
            initialization_options={"modelPath": str(model), **(settings or {})},
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


def expected_repairs(
    model_dir: Path, text: str, offset: int, beam: int = 20, top_k: int = 5
) -> list[tuple[str, str]]:
    """(title, repaired text) of the units at ``offset``, computed in this process with the
    server's pipeline on one torch thread, as the server process runs."""
    from lsp_server.languages import JavaFrontend
    from lsp_server.repair import candidates, title
    from spancopy_core.checkpoint import load_model
    from spancopy_core.decoding import beam_search
    from spancopy_core.edits import apply_edits

    threads = torch.get_num_threads()
    torch.set_num_threads(1)
    try:
        model = load_model(model_dir, device="cpu")
        frontend = JavaFrontend()
        parsed = frontend.parse(text)
        units = frontend.units_in(parsed, offset, offset, model.vocab)
        beams = beam_search(model, [list(u.tokens) for u in units], beam_size=beam, top_k=beam)
    finally:
        torch.set_num_threads(threads)
    style = frontend.style(parsed)
    return [
        (title(c), apply_edits(text, c.edits))
        for u, hyps in zip(units, beams, strict=True)
        for c in candidates(text, u, hyps, style, frontend, top_k=top_k)
    ]


async def until(predicate: Callable[[], Any], timeout: float = 20.0) -> None:
    """Wait until ``predicate()`` is true (polling), or fail after ``timeout`` seconds."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while not predicate():
        assert loop.time() < deadline, "timed out"
        await asyncio.sleep(0.02)
