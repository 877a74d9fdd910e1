"""The ranking's penalties that ``python -m trainer adapt`` refits on a project's history
(``penalties.json`` in the project's adapted model) change what ``spancopy repair`` and the
language server rank first: through real processes, with the shipped Java model as the
project's model. At a line that prints a running sum inside its loop, the shipped ranking puts
deleting the line far down (a deletion is seldom the fix of a public real bug); where the
project's history deletes code often, the refit penalties put it near the top."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from spancopy_core import DEFAULT_JAVA_MODEL
from spancopy_core.repair import project_rules
from spancopy_core.repair.frontend import Penalties
from spancopy_core.storage.model_dir import PROJECT_MODEL
from tests.lsp.conftest import SERVER_ENV, close, code_actions, launch, open_doc

TOTAL = """public class Total {
    int total(int[] xs) {
        int sum = 0;
        for (int x : xs) {
            sum += x;
            System.out.println(sum);
        }
        return sum;
    }
}
"""
DELETE = 'Delete "System.out.println(sum);"'
REFIT = Penalties(deletion=-2.0, token_deletion=-2.0)  # the bonus adapt chose on jsoup's


@pytest.fixture
def project(tmp_path: Path) -> Path:
    """A git work tree with ``Total.java`` and the shipped model as its adapted model."""
    root = tmp_path / "project"
    root.mkdir()
    (root / "Total.java").write_text(TOTAL)
    subprocess.run(["git", "init", "-q", str(root)], check=True)
    shutil.copytree(DEFAULT_JAVA_MODEL, root / PROJECT_MODEL)
    return root


def _titles(project: Path) -> list[str]:
    command = [sys.executable, "-m", "spancopy_core.cli", "repair", str(project / "Total.java")]
    command += ["--line", "6", "--json", "--top-k", "20"]
    done = subprocess.run(command, capture_output=True, text=True, env=SERVER_ENV, check=False)
    assert done.returncode == 0, done.stderr
    return [r["title"] for m in json.loads(done.stdout)["methods"] for r in m["repairs"]]


def _project_titles(project: Path) -> list[str]:
    """The repairs of ``spancopy repair PROJECT`` (every method, no line asked; its Java
    only, not the model card in ``.spancopy``, which adapt has git ignore)."""
    command = [sys.executable, "-m", "spancopy_core.cli", "repair", str(project)]
    command += ["--json", "--all", "--top-k", "20", "--language", "java"]
    done = subprocess.run(command, capture_output=True, text=True, env=SERVER_ENV, check=False)
    assert done.returncode in (0, 1), done.stderr  # 1: findings shown
    out = json.loads(done.stdout)
    return [r["title"] for f in out["files"] for m in f["methods"] for r in m["repairs"]]


def _rank(titles: list[str]) -> int:
    return titles.index(DELETE) if DELETE in titles else len(titles)


@pytest.mark.slow
def test_spancopy_repair_ranks_with_the_projects_penalties(project: Path) -> None:
    shipped = _rank(_titles(project))
    project_rules.dump_penalties(REFIT, project / PROJECT_MODEL, chosen_on_edits=3)
    refit = _rank(_titles(project))
    assert refit < shipped and refit < 5, (refit, shipped)
    (project / PROJECT_MODEL / project_rules.PENALTIES_FILE).write_text("{}")
    command = [sys.executable, "-m", "spancopy_core.cli", "repair", str(project / "Total.java")]
    done = subprocess.run(command, capture_output=True, text=True, env=SERVER_ENV, check=False)
    last = done.stderr.splitlines()[-1]  # after the line naming the project's model
    assert done.returncode == 2 and last.startswith("spancopy: cannot load the model's rules: ")
    assert "penalties.json: unreadable" in last


@pytest.mark.slow
def test_spancopy_repair_of_a_project_ranks_with_its_penalties(project: Path) -> None:
    shipped = _rank(_project_titles(project))
    project_rules.dump_penalties(REFIT, project / PROJECT_MODEL, chosen_on_edits=3)
    refit = _rank(_project_titles(project))
    assert refit < shipped and refit < 5, (refit, shipped)


async def _server_titles(project: Path) -> list[str]:
    client = await launch(project / PROJECT_MODEL, {"topK": 20})
    try:
        uri = (project / "Total.java").as_uri()
        open_doc(client, uri, TOTAL)
        actions = await code_actions(client, uri, 5, 12) or []
        return [a.title.rsplit(" (", 1)[0] for a in actions]  # the share after each title
    finally:
        await close(client)


@pytest.mark.slow
@pytest.mark.asyncio
async def test_the_server_ranks_with_the_projects_penalties(project: Path) -> None:
    shipped = _rank(await _server_titles(project))
    project_rules.dump_penalties(REFIT, project / PROJECT_MODEL, chosen_on_edits=3)
    refit = _rank(await _server_titles(project))
    assert refit < shipped and refit < 5, (refit, shipped)
