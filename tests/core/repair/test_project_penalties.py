"""The ranking's penalties refit on a project's history (``penalties.json`` beside an adapted
model, :mod:`spancopy_core.repair.project_rules`): written and read back exactly, refused in one
line when malformed, and used for Java methods only."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from spancopy_core.repair import project_rules
from spancopy_core.repair.frontend import Penalties
from spancopy_core.repair.java import JavaFrontend
from spancopy_core.repair.pipeline import RepairOptions
from spancopy_core.repair.prose import MARKDOWN, PLAINTEXT, JavaCommentFrontend


def test_penalties_are_written_and_read_back(tmp_path: Path) -> None:
    assert project_rules.load_penalties(tmp_path) is None  # no file: the front-end's apply
    refit = Penalties(deletion=-2.0, token_deletion=0.5)
    project_rules.dump_penalties(refit, tmp_path, chosen_on_edits=7)
    assert project_rules.load_penalties(tmp_path) == refit
    record = json.loads((tmp_path / project_rules.PENALTIES_FILE).read_text())
    assert record["chosen_on_edits"] == 7 and record["penalties"]["deletion"] == -2.0


def test_a_file_naming_some_penalties_keeps_the_others(tmp_path: Path) -> None:
    (tmp_path / project_rules.PENALTIES_FILE).write_text(
        '{"format": 1, "penalties": {"deletion": 0}}'
    )
    assert project_rules.load_penalties(tmp_path) == Penalties(deletion=0.0)


@pytest.mark.parametrize(
    "text",
    [
        "not json",
        "[1]",
        '{"format": 2, "penalties": {}}',
        '{"format": 1}',
        '{"format": 1, "penalties": {"deletions": 1}}',
        '{"format": 1, "penalties": {"deletion": "x"}}',
        '{"format": 1, "penalties": {"deletion": true}}',
        '{"format": 1, "penalties": {"deletion": 1e9}}',
        '{"format": 1, "penalties": {"deletion": NaN}}',
        '{"format": 1, "penalties": [1, 2]}',
    ],
)
def test_a_malformed_penalties_file_is_one_line(tmp_path: Path, text: str) -> None:
    (tmp_path / project_rules.PENALTIES_FILE).write_text(text)
    with pytest.raises(project_rules.RulesError, match=r"penalties\.json: unreadable") as caught:
        project_rules.load_penalties(tmp_path)
    assert "\n" not in str(caught.value)


def test_refit_penalties_rank_java_methods_only() -> None:
    refit = Penalties(deletion=-2.0, token_deletion=-2.0)
    options = RepairOptions(penalties=refit)
    assert options.ranked_with(JavaFrontend()) == refit
    # prose, and the prose of a Java file's comments, keep their own
    for frontend in (PLAINTEXT, MARKDOWN, JavaCommentFrontend()):
        assert options.ranked_with(frontend) == frontend.penalties != refit
    assert RepairOptions().ranked_with(JavaFrontend()) == JavaFrontend.penalties
