"""A project's adapted model (``.spancopy/java-model``, written by ``python -m trainer adapt``)
is what the language server and ``spancopy repair`` use for its files, said once, unless a
``modelPath`` setting or ``--model`` names another: through a real server process and a real
``spancopy repair`` process, in a git work tree holding the toy model as its adapted model."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from lsprotocol import types
from pytest_lsp import ClientServerConfig, LanguageClient

from spancopy_core.storage.model_dir import PROJECT_MODEL, project_model
from tests.lsp.conftest import SERVER, SERVER_ENV, capabilities, close, code_actions, open_doc

BUGGY = "class A {\n    boolean big(int a, int b) {\n        return a > b;\n    }\n}\n"
ADAPTED = "(adapted to this project by trainer adapt)"


@pytest.fixture
def project(tmp_path: Path, toy_model: Path) -> Path:
    """A git work tree with a Java file in ``src/`` and the toy model as its adapted model."""
    root = tmp_path / "project"
    (root / "src").mkdir(parents=True)
    (root / "src" / "A.java").write_text(BUGGY)
    subprocess.run(["git", "init", "-q", str(root)], check=True)
    shutil.copytree(toy_model, root / PROJECT_MODEL)
    return root


def test_project_model_is_found_from_a_file_up_to_the_git_root(
    project: Path, tmp_path: Path
) -> None:
    assert project_model(project / "src" / "A.java") == project.resolve() / PROJECT_MODEL
    assert project_model(project) == project.resolve() / PROJECT_MODEL
    inner = project / "sub"  # a nested work tree is another project: none of its own
    inner.mkdir()
    subprocess.run(["git", "init", "-q", str(inner)], check=True)
    assert project_model(inner) is None
    assert project_model(tmp_path / "elsewhere") is None


async def _server(root: Path, settings: dict[str, str]) -> LanguageClient:
    config = ClientServerConfig(server_command=SERVER, server_env=SERVER_ENV)
    client = await config.start()
    assert isinstance(client, LanguageClient)
    await client.initialize_session(
        types.InitializeParams(
            capabilities=capabilities(),
            root_uri=root.as_uri(),
            initialization_options=settings,
        )
    )
    return client


def _model_lines(client: LanguageClient) -> list[str]:
    """The server's log lines naming the Java model it serves and the one it loaded."""
    lines = [m.message.split(": ", 1)[1] for m in client.log_messages]
    return [line for line in lines if line.startswith(("Java model:", "Loaded model"))]


@pytest.mark.asyncio
async def test_the_server_serves_the_projects_model(project: Path) -> None:
    client = await _server(project, {})
    try:
        uri = (project / "src" / "A.java").as_uri()
        open_doc(client, uri, BUGGY)
        actions = await code_actions(client, uri, 2, 12)
        assert actions and "a >= b" in actions[0].title
        model = project.resolve() / PROJECT_MODEL
        assert _model_lines(client) == [
            f"Java model: {model} on auto {ADAPTED}",
            f"Loaded model {model} on cpu (1 torch threads)",
        ]
    finally:
        await close(client)


@pytest.mark.asyncio
async def test_the_model_path_setting_wins(project: Path, toy_model: Path) -> None:
    client = await _server(project, {"modelPath": str(toy_model)})
    try:
        uri = (project / "src" / "A.java").as_uri()
        open_doc(client, uri, BUGGY)
        await code_actions(client, uri, 2, 12)
        assert _model_lines(client) == [
            f"Java model: {toy_model} on auto",
            f"Loaded model {toy_model} on cpu (1 torch threads)",
        ]
    finally:
        await close(client)


def _repair(*args: str) -> subprocess.CompletedProcess[str]:
    command = [sys.executable, "-m", "spancopy_core.cli", "repair", *args]
    return subprocess.run(command, capture_output=True, text=True, env=SERVER_ENV, check=False)


@pytest.mark.slow
def test_spancopy_repair_uses_the_projects_model_and_says_so(
    project: Path, toy_model: Path
) -> None:
    done = _repair(str(project / "src" / "A.java"), "--line", "3")
    model = project.resolve() / PROJECT_MODEL
    assert done.returncode == 0, done.stderr
    assert done.stderr == f"using the Java model adapted to this project: {model}\n"
    assert "a >= b" in done.stdout
    named = _repair(str(project / "src" / "A.java"), "--line", "3", "--model", str(toy_model))
    assert named.returncode == 0 and named.stderr == ""
