"""``python -m trainer adapt`` end to end through a real process, with the toy model as the
shipped one: a repository of 70 one-method edits built with git, a tiny replay set; the run
scores both models on the newest commits, writes the model where the server looks, with its
card, keeps it out of ``git status``, and a second run continues from the work directory."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from spancopy_core.paper import detection
from spancopy_core.repair import project_rules
from spancopy_core.repair.frontend import Penalties
from spancopy_core.storage.model_dir import PROJECT_MODEL, project_model
from tests.lsp.test_detection import with_head
from tests.trainer.conftest import toy_pairs
from tests.trainer.history_repo import Repo, java_class
from trainer import adapt as adapt_module
from trainer.data import write_pairs

OPERATORS = [(">", ">="), ("<", "<="), ("==", "!="), ("+", "-"), ("-", "+"), ("*", "/")]
OPERATORS.append(("&", "|"))


def method(k: int, fixed: bool) -> str:
    """Method ``k`` of 70: ``k // 7`` statements, then a return with operator ``k % 7`` (its
    replacement when ``fixed``): no two edits alike once abstracted."""
    old, new = OPERATORS[k % 7]
    body = "    a = a + 1;\n" * (k // 7)
    return f"int f{k}(int a, int b) {{\n{body}    return a {new if fixed else old} b;\n}}"


@pytest.fixture(scope="module")
def project(tmp_path_factory: pytest.TempPathFactory) -> Repo:
    repo = Repo(tmp_path_factory.mktemp("adapt") / "project")
    done = [False] * 70
    repo.commit("Add", {"A.java": java_class("A", *(method(k, False) for k in range(70)))})
    for k in range(70):
        done[k] = True
        text = java_class("A", *(method(j, done[j]) for j in range(70)))
        repo.commit(f"Fix f{k}" if k % 2 else f"Change f{k}", {"A.java": text})
    return repo


def adapt(repo: Path, toy: Path, replay: Path) -> subprocess.CompletedProcess[str]:
    command = [sys.executable, "-m", "trainer", "adapt", "--repo", str(repo), "--init", str(toy)]
    command += ["--replay", str(replay), "--minutes", "0.05", "--held-out", "12"]
    env = {**os.environ, "OMP_NUM_THREADS": "1"}
    return subprocess.run(command, capture_output=True, text=True, env=env, check=False)


@pytest.mark.slow
def test_adapt_scores_writes_and_continues(project: Repo, toy_model: Path, tmp_path: Path) -> None:
    replay = tmp_path / "bfp"
    for size in ("small", "medium"):
        write_pairs(replay / size, "valid", toy_pairs(40, 3))
    toy = with_head(toy_model, tmp_path / "toy", 0.0)  # the model adapted, a detection head
    done = adapt(project.path, toy, replay)
    assert done.returncode in (0, 1), done.stderr
    lines = done.stdout.splitlines()
    assert lines[0].startswith("history: 70 commits changing Java files from ")
    assert lines[1] == (
        "small method edits: 70 (35 of bug-fix commits, weighted 2x in training); left out: none"
    )
    first = project.git("rev-parse", "HEAD~11")[:12]  # the fix of f58, 59 days in
    valid = project.git("rev-parse", "HEAD~23")[:12]  # the fix of f46, 47 days in
    assert lines[3].startswith("rules: ")
    assert lines[5] == (
        f"validation: 12 edits of the 12 commits before the held-out ones, from {valid} "
        "(2023-12-31)"
    )
    assert lines[6] == f"held out: 12 edits of the 12 newest commits, from {first} (2024-01-12)"
    assert lines[7].startswith("shipped model on the held-out edits: top-1 ")
    assert lines[8].startswith("ranking, refit on ")
    assert lines[9].startswith("validation (12 edits of the commits before the held-out ones)")
    assert lines[10].startswith("adapted model (share ")
    model = project.path / PROJECT_MODEL
    work = model.with_name("java-model.work")
    plan = json.loads((work / "plan.json").read_text())
    assert (plan["edits"], plan["heldout_edits"], plan["heldout_commits"]) == (70, 12, 12)
    assert (plan["train_edits"], plan["valid_edits"]) == (46, 12)
    # the validation edits: after every training edit, before every held-out one, never learned
    times = {
        name: [json.loads(r)["time"] for r in open(work / name)]
        for name in ("valid.jsonl", "heldout.jsonl")
    }
    assert max(times["valid.jsonl"]) < min(times["heldout.jsonl"])
    # the penalties: chosen on (a sample of) the training edits, each setting of the grid tried
    fit = [json.loads(r) for r in open(work / "fit.jsonl")]
    assert len(fit) == plan["fit_edits"] == 46
    assert max(r["time"] for r in fit) < min(times["valid.jsonl"])
    grid = adapt_module.PENALTY_GRID
    assert list(plan["penalty_fit"]) == [adapt_module.setting(p) for p in grid]
    chosen = Penalties(**plan["penalties"])
    assert chosen in grid
    # share 0 is the model adapt started from, without the project's names
    for name in ("vocab.json", "model.safetensors"):
        assert (work / "soup-0" / name).read_bytes() == (toy_model / name).read_bytes()
    # every model scored (and the one written) keeps the head of the model adapt started from
    head = (detection.CONFIG, detection.WEIGHTS)
    for share in adapt_module.SHARES:
        for name in head:
            assert (work / f"soup-{share:g}" / name).read_bytes() == (toy / name).read_bytes()
    learned = (work / "data" / "train.jsonl").read_text().splitlines()
    validated = (work / "data" / "valid.jsonl").read_text().splitlines()
    assert len(validated) >= 12 and not set(validated) & set(learned)
    if done.returncode == 1:  # every adapted model found fewer than the toy model there
        assert done.stderr.splitlines()[-1].startswith(
            "not written: every adapted model finds fewer fixes than the shipped model on its "
            "own validation "
        )
        assert not model.exists()
        return
    assert lines[11] == f"written to {model}"
    # penalties.json where (and only where) the refit differs from the Java front-end's
    refit = chosen != grid[0]
    assert (model / project_rules.PENALTIES_FILE).is_file() == refit
    assert project_model(project.path / "A.java") == model.resolve()
    config = json.loads((model / "config.json").read_text())
    assert config["adapted"]["edits"] == 70
    card = (model / "MODEL_CARD.md").read_text()
    assert "70 small method edits" not in card and "small method edits: 70" in card
    assert "never writes a model that does worse than the shipped one on its own validation" in card
    assert project.git("status", "--porcelain") == ""  # .spancopy/ ignores itself
    for name in head:
        assert (model / name).read_bytes() == (toy / name).read_bytes()
    again = adapt(project.path, toy, replay)
    assert again.returncode == 0, again.stderr
    assert again.stderr.startswith("continuing the run in ")
    assert again.stdout.splitlines()[5:11] == lines[5:11]  # the scores, not computed again
