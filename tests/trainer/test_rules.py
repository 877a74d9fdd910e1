"""Fix patterns mined from a project's history (trainer/rules.py) on a small repository built
with git, and proposed from the adapted model's directory by ``spancopy repair`` and by the
language server (real processes).

The history fixes one bug (a difference that may be negative where a distance is meant) in two
methods in two commits, and another (``>`` for ``>=``) in one method and again in its copy in
another file (as a cherry-pick repeats a commit): the first is a recurring pattern, kept; the
second is not. The expected rules are written out by hand below.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from lsprotocol import types
from pytest_lsp import ClientServerConfig, LanguageClient

from spancopy_core.lang import java
from spancopy_core.repair import project_rules, rewrite
from spancopy_core.storage.model_dir import PROJECT_MODEL
from tests.lsp.conftest import SERVER, SERVER_ENV, capabilities, close, code_actions, open_doc
from tests.trainer.history_repo import Repo, java_class
from trainer import history, rules

WIDTH = "int width(int left, int right) {\n    return left - right;\n}"
HEIGHT = "int height(int top, int bottom) {\n    return top - bottom;\n}"
BIG = "boolean big(int a, int b) {\n    return a > b;\n}"
SPAN = "int span(int first, int last) {\n    return first - last;\n}"  # the same bug, not fixed
DISTANCE = "return #0 - #1 ; => return #0 > #1 ? #0 - #1 : #1 - #0 ;"


class History:
    """The repository and the ids of its commits that fix something."""

    def __init__(self, root: Path) -> None:
        self.repo = Repo(root)
        r = self.repo
        shapes = {"Shapes.java": java_class("Shapes", WIDTH, HEIGHT, BIG)}
        r.commit("Add shapes", {**shapes, "Copy.java": java_class("Copy", BIG)})
        width = WIDTH.replace("left - right", "left > right ? left - right : right - left")
        self.first = r.commit(
            "Fix the width", {"Shapes.java": java_class("Shapes", width, HEIGHT, BIG)}
        )
        height = HEIGHT.replace("top - bottom", "top > bottom ? top - bottom : bottom - top")
        shapes = java_class("Shapes", width, height, BIG)
        self.second = r.commit("Fix the height", {"Shapes.java": shapes})
        big = BIG.replace("a > b", "a >= b")
        self.big = r.commit("Fix big", {"Shapes.java": java_class("Shapes", width, height, big)})
        self.copy = r.commit("Fix big in the copy", {"Copy.java": java_class("Copy", big)})
        r.commit("Add span", {"Span.java": java_class("Span", SPAN)})


@pytest.fixture(scope="module")
def project(tmp_path_factory: pytest.TempPathFactory) -> History:
    return History(tmp_path_factory.mktemp("rules") / "project")


def _mined(project: History, min_commits: int = rules.MIN_COMMITS) -> list[rules.MinedRule]:
    found = history.mine(project.repo.path, frozenset())
    edits = sorted(found.edits + found.for_rules, key=lambda e: e.time)
    return rules.mine(edits, min_commits)


def test_a_repeated_pair_is_kept_for_the_rules_only(project: History) -> None:
    found = history.mine(project.repo.path, frozenset())
    # the height fix abstracts to the width fix's pair: learned from once, counted for rules
    assert [(e.commit, e.method) for e in found.edits] == [
        (project.first, "width"),
        (project.big, "big"),
    ]
    assert [(e.commit, e.method) for e in found.for_rules] == [
        (project.second, "height"),
        (project.copy, "big"),
    ]
    assert found.skipped[history.DUPLICATE] == 2


def test_the_recurring_fix_is_the_one_rule_kept(project: History) -> None:
    kept = _mined(project)
    assert [(str(m.rule), m.rule.level, m.commits) for m in kept] == [
        (DISTANCE, "names abstracted", (project.first, project.second))
    ]
    everything = rules.mine(
        history.mine(project.repo.path, frozenset()).edits, min_commits=1
    )  # each once
    assert {str(m.rule) for m in everything} == {
        "return left - right ; => return left > right ? left - right : right - left ;",
        DISTANCE,
        "return a > b ; => return a >= b ;",
        "return #0 > #1 ; => return #0 >= #1 ;",
    }
    # the copy's fix repeats the same method text's: one recurrence, not two
    made = {str(m.rule): m.commits for m in _mined(project, min_commits=1)}
    assert made["return #0 > #1 ; => return #0 >= #1 ;"] == (project.big,)
    assert made[DISTANCE] == (project.first, project.second)


def test_written_rules_load_and_rewrite_another_method(project: History, tmp_path: Path) -> None:
    rules.write(_mined(project), tmp_path, edits=3)
    record = json.loads((tmp_path / project_rules.RULES_FILE).read_text())
    assert [(r["rule"], r["commits"]) for r in record["rules"]] == [(DISTANCE, 2)]
    loaded = project_rules.load_rules(tmp_path)
    assert [str(r) for r in loaded] == [DISTANCE]
    target = java.method_tokens(SPAN)
    assert target is not None
    found = rewrite.rewrites(loaded, target)
    assert [[t.text for t in r] for r in found] == [
        [
            t.text
            for t in java.lex(
                SPAN.replace("first - last", "first > last ? first - last : last - first")
            )
        ]
    ]
    assert project_rules.load_rules(tmp_path / "none") == ()  # no rules file: no rules


def test_an_unreadable_rules_file_is_one_line(tmp_path: Path) -> None:
    (tmp_path / project_rules.RULES_FILE).write_text('{"format": 1, "rules": [{"level": 1}]}')
    with pytest.raises(project_rules.RulesError, match="rules.json: unreadable"):
        project_rules.load_rules(tmp_path)


def _repair(path: Path, line: int) -> subprocess.CompletedProcess[str]:
    command = [sys.executable, "-m", "spancopy_core.cli", "repair", str(path)]
    command += ["--line", str(line), "--json", "--top-k", "50"]
    return subprocess.run(command, capture_output=True, text=True, env=SERVER_ENV, check=False)


def _repaired(done: subprocess.CompletedProcess[str]) -> list[str]:
    assert done.returncode == 0, done.stderr
    return [r["title"] for m in json.loads(done.stdout)["methods"] for r in m["repairs"]]


@pytest.mark.slow
def test_spancopy_repair_proposes_the_projects_rule(project: History, toy_model: Path) -> None:
    model = project.repo.path / PROJECT_MODEL
    shutil.rmtree(model, ignore_errors=True)
    shutil.copytree(toy_model, model)
    span = project.repo.path / "Span.java"
    fix = 'Change to "return first > last ? first - last : last - first;"'
    assert fix not in _repaired(_repair(span, 5))  # the toy model alone does not find it
    rules.write(_mined(project), model, edits=3)
    assert fix in _repaired(_repair(span, 5))
    assert fix not in _repaired(_repair(span, 4))  # only at the focus: not on the line before
    (model / project_rules.RULES_FILE).write_text("not json")
    done = _repair(span, 5)
    assert done.returncode != 0
    assert done.stderr.splitlines()[-1].startswith("spancopy: cannot load the model's rules: ")


@pytest.mark.asyncio
async def test_the_server_proposes_the_projects_rule(project: History, toy_model: Path) -> None:
    model = project.repo.path / PROJECT_MODEL
    shutil.rmtree(model, ignore_errors=True)
    shutil.copytree(toy_model, model)
    rules.write(_mined(project), model, edits=3)
    client = await ClientServerConfig(server_command=SERVER, server_env=SERVER_ENV).start()
    assert isinstance(client, LanguageClient)
    try:
        await client.initialize_session(
            types.InitializeParams(
                capabilities=capabilities(),
                root_uri=project.repo.path.as_uri(),
                initialization_options={"topK": 50},
            )
        )
        span = project.repo.path / "Span.java"
        open_doc(client, span.as_uri(), span.read_text())
        actions = await code_actions(client, span.as_uri(), 4, 12) or []
        fix = 'Change to "return first > last ? first - last : last - first;"'
        assert any(a.title.startswith(fix + " (") for a in actions)  # its share after it
    finally:
        await close(client)
