"""bench/penalty_sweep.py: each setting's figures are those bench/real_bugs.py prints with it,
and the choice keeps the deletion cap."""

from __future__ import annotations

import json
from dataclasses import replace
from functools import cache
from typing import Any

import pytest

from bench import penalty_sweep, real_bugs
from spancopy_core import DEFAULT_JAVA_MODEL
from spancopy_core.repair.frontend import Penalties
from spancopy_core.repair.pipeline import RepairOptions
from spancopy_core.storage.checkpoint import load_model

CONTEST = penalty_sweep.SETS["contest"][0]


@cache
def _model() -> Any:
    return load_model(DEFAULT_JAVA_MODEL, device="cpu")


def _records(n: int) -> list[dict[str, Any]]:
    lines = CONTEST.read_text(encoding="utf-8").splitlines()
    return [r for r in map(json.loads, lines) if r["split"] == "dev"][:n]


@pytest.mark.parametrize(
    "penalties",
    [Penalties(), replace(Penalties(), deletion=0.0, token_deletion=0.0, edit_size=0.0)],
)
def test_a_setting_ranks_as_the_pipeline_ranks_with_it(penalties: Penalties) -> None:
    for record in _records(4):
        bug = penalty_sweep.ask(_model(), record)
        asked = real_bugs.evaluate(_model(), record, RepairOptions(penalties=penalties))
        top1, top5, first_deletes = bug.figures(penalties)
        assert (top1, top5) == (asked.combined_rank == 1, asked.combined_rank is not None)
        assert first_deletes == bool(asked.rank1_deletion), record["id"]


def test_the_grid_holds_the_front_ends_setting_once() -> None:
    grid = penalty_sweep.settings()
    assert len(grid) == len(set(grid)) == 5 * 3 * 2 * 6 * 2 * 2
    assert Penalties() in grid


def test_the_choice_keeps_the_cap_and_prefers_fixes_then_the_first_five() -> None:
    a, b, c, d = (replace(Penalties(), deletion=x) for x in (6.0, 4.5, 3.0, 1.5))
    rows = [(a, (3, 9, 1)), (b, (5, 10, 4)), (c, (4, 10, 2)), (d, (3, 11, 2))]
    # b has the most fixes but too many deletions; c and d tie on the sum, d has more top-5
    assert [p for p, _ in penalty_sweep.choose(rows, cap=2)] == [d, c, a]
    assert penalty_sweep.choose(rows, cap=0) == []
