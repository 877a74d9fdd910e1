"""``python -m trainer adapt``: what it refuses, in one line each (exit status 2), through a real
process on repositories built with git in a temporary folder; the project's names it adds to
the model's vocabulary; the edits it learns from; how it chooses what it writes."""

from __future__ import annotations

import os
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import pytest

from tests.trainer.history_repo import Repo, java_class
from trainer import history
from trainer.adapt import (
    MIN_EDITS,
    NAME_EDITS,
    Score,
    choose,
    extend_vocabulary,
    in_use,
    project_names,
)

FULL = "boolean isFull(int n, int[] items) {\n    return n > items.length;\n}"


@pytest.fixture(scope="module")
def replay(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A replay directory as adapt checks it before anything else (refusals come first)."""
    directory = tmp_path_factory.mktemp("bfp")
    (directory / "small").mkdir()
    return directory


def adapt(repo: Path, replay: Path, *args: str) -> subprocess.CompletedProcess[str]:
    command = [sys.executable, "-m", "trainer", "adapt", "--repo", str(repo)]
    command += ["--replay", str(replay), *args]
    env = {**os.environ, "OMP_NUM_THREADS": "1"}
    return subprocess.run(command, capture_output=True, text=True, env=env, check=False)


def one_line_error(done: subprocess.CompletedProcess[str]) -> str:
    assert done.returncode == 2, done.stderr
    assert done.stdout == ""
    assert done.stderr.count("\n") == 1 and done.stderr.startswith("error: "), done.stderr
    return done.stderr[len("error: ") : -1]


def small_project(path: Path) -> Repo:
    """Two commits: a class, then one fix of one method."""
    repo = Repo(path)
    repo.commit("Add", {"A.java": java_class("A", FULL)})
    repo.commit("Fix isFull", {"A.java": java_class("A", FULL.replace(">", ">="))})
    return repo


def test_no_such_directory(tmp_path: Path, replay: Path) -> None:
    missing = tmp_path / "missing"
    assert one_line_error(adapt(missing, replay)) == f"{missing}: no such directory"


def test_no_replay_data(tmp_path: Path) -> None:
    missing = tmp_path / "bfp"
    assert one_line_error(adapt(tmp_path, missing)) == (
        f"{missing}: no BFP data to replay (the shipped model's training mix, so that it keeps "
        "what it knew): pass --replay DIR holding small/ and medium/"
    )


def test_minutes_must_be_positive(tmp_path: Path, replay: Path) -> None:
    done = adapt(tmp_path, replay, "--minutes", "0")
    assert one_line_error(done) == "--minutes must be more than 0, not 0"


def test_not_a_git_repository(tmp_path: Path, replay: Path) -> None:
    assert one_line_error(adapt(tmp_path, replay)) == (
        f"{tmp_path}: not a git repository (adapt learns from its git history)"
    )


def test_no_java_history(tmp_path: Path, replay: Path) -> None:
    repo = Repo(tmp_path / "docs")
    repo.commit("Docs", {"README.md": "hello\n"})
    repo.commit("More docs", {"README.md": "hello again\n", "A.java": java_class("A", FULL)})
    assert one_line_error(adapt(repo.path, replay)) == (
        f"{repo.path}: no commit changes a .java file: no Java history"
    )


def test_too_few_edits_says_how_many_and_the_minimum(tmp_path: Path, replay: Path) -> None:
    repo = small_project(tmp_path / "small")
    assert one_line_error(adapt(repo.path, replay)) == (
        f"{repo.path}: 1 small method edits in 1 commits, too few to learn from "
        f"(at least {MIN_EDITS})"
    )


def test_a_shallow_clone_says_what_it_means(tmp_path: Path, replay: Path) -> None:
    repo = small_project(tmp_path / "small")
    clone = tmp_path / "clone"
    subprocess.run(
        ["git", "clone", "-q", "--depth", "1", repo.path.as_uri(), str(clone)], check=True
    )
    assert one_line_error(adapt(clone, replay)) == (
        f"{clone}: a shallow clone: its history is cut short, so the model would learn from "
        "the newest commits only (run git fetch --unshallow first)"
    )


@pytest.mark.slow
def test_uncommitted_changes_say_what_they_mean(tmp_path: Path, replay: Path) -> None:
    repo = small_project(tmp_path / "small")
    (repo.path / "A.java").write_text("class A {}\n")
    assert one_line_error(adapt(repo.path, replay)) == (
        f"{repo.path}: 1 tracked file(s) with uncommitted changes: adapt learns from commits "
        "only, so these would be left out (commit or stash them, or pass --allow-dirty)"
    )
    done = adapt(repo.path, replay, "--allow-dirty")  # then it reads the history: too little
    assert "too few to learn from" in one_line_error(done)


def edit(source: str, fixed: str) -> history.Edit:
    return history.Edit("c", 0, "A.java", "b", "f", 0, 0, (1, 1), source, fixed, (), (), (), False)


def test_project_names_are_the_frequent_ones_outside_the_vocabulary() -> None:
    often = [edit("void f() { helper(x); }", "void f() { helper(x, y); }")] * NAME_EDITS
    rarely = [edit("void g() { other(); }", "void g() { other(); other(); }")] * (NAME_EDITS - 1)
    # x: in NAME_EDITS edits too, but in the vocabulary; f, g: as often as helper, other
    assert project_names(often + rarely, {"x", "void"}) == ["f", "helper", "y"]


def test_extend_vocabulary_keeps_the_model_and_starts_names_as_placeholders(
    toy_model: Path, tmp_path: Path
) -> None:
    from spancopy_core.lang.java import PLACEHOLDER
    from spancopy_core.storage.checkpoint import load_model

    extend_vocabulary(toy_model, ["helper", "render"], tmp_path / "grown")
    old, new = load_model(toy_model), load_model(tmp_path / "grown")
    n = len(old.vocab)
    assert new.vocab.itos == [*old.vocab.itos, "helper", "render"]
    placeholders = [i for i, t in enumerate(old.vocab.itos) if PLACEHOLDER.fullmatch(t)]
    assert placeholders  # the toy model has VAR_1 ...
    for key in ("embedding.weight", "gen_bias"):
        before, after = old.state_dict()[key], new.state_dict()[key]
        assert after[:n].equal(before)
        mean = before[placeholders].mean(dim=0)
        assert after[n].allclose(mean) and after[n + 1].allclose(mean)
    rest = [k for k in old.state_dict() if k not in ("embedding.weight", "gen_bias")]
    assert all(new.state_dict()[k].equal(old.state_dict()[k]) for k in rest)


def abstracted(before: str, after: str) -> history.Edit:
    return replace(edit("", ""), before=tuple(before.split()), after=tuple(after.split()))


def test_an_edit_is_learned_only_where_the_model_can_write_its_names() -> None:
    # a new name the vocabulary knows (helper), or one the method has (VAR_2): writable
    assert history.writable(abstracted("f ( VAR_1 ) ;", "helper ( VAR_1 ) ;"))
    assert history.writable(abstracted("f ( VAR_1 , VAR_2 ) ;", "f ( VAR_2 , VAR_1 ) ;"))
    # a name neither has (VAR_2, METHOD_3, STRING_1 after, not before): nothing to write
    assert not history.writable(abstracted("f ( VAR_1 ) ;", "f ( VAR_2 ) ;"))
    assert not history.writable(abstracted("METHOD_1 ( ) ;", "METHOD_3 ( ) ;"))
    assert not history.writable(abstracted("f ( ) ;", "f ( STRING_1 ) ;"))


def test_the_shipped_model_is_kept_where_every_adapted_one_finds_fewer_on_the_validation():
    shipped = Score(100, 2, 14, 5.5)
    worse = {0.0: Score(100, 1, 12, 4.8), 0.3: Score(100, 3, 13, 6.1)}
    assert choose(shipped, worse) is None
    # as many in the first five is enough (javapoet: 1 of 99 for every model)
    assert choose(shipped, {**worse, 0.5: Score(100, 0, 14, 4.0)}) == 0.5
    assert choose(Score(99, 0, 1, 0.5), {0.3: Score(99, 0, 1, 0.5)}) == 0.3
    # the best: more in the first five; among equal top-5, more first; then reciprocal ranks
    assert choose(shipped, {**worse, 0.5: Score(100, 0, 15, 3.0)}) == 0.5
    assert choose(shipped, {0.3: Score(100, 3, 15, 5.0), 0.5: Score(100, 2, 15, 9.0)}) == 0.3
    assert choose(shipped, {0.3: Score(100, 2, 15, 5.0), 0.5: Score(100, 2, 15, 5.6)}) == 0.5
    # equal scores: the first of SHARES (0.3, then 0, then 0.5), whatever the order given
    equal = Score(100, 2, 15, 6.0)
    assert choose(shipped, {0.5: equal, 0.0: equal, 0.3: equal}) == 0.3
    assert choose(shipped, {0.5: equal, 0.0: equal}) == 0.0


def test_a_run_that_writes_nothing_says_which_model_stays_in_use(tmp_path: Path) -> None:
    model = tmp_path / ".spancopy" / "java-model"
    assert in_use(model) == "the shipped model stays in use"
    model.mkdir(parents=True)
    (model / "config.json").write_text("{}")  # an earlier run's model: left, and said
    assert in_use(model) == (
        f"the model an earlier run wrote in {model} stays in use "
        "(delete it to use the shipped model)"
    )
