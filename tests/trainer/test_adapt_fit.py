"""``adapt`` chooses the ranking's penalties by decoding each sampled edit once and ranking
its candidates again under every setting of the grid (:meth:`trainer.adapt.Asked.rank`). That
must rank as the pipeline does when it is given the setting: with the shipped Java model, at
edits whose fix moves down and up the list from one setting to the next."""

from __future__ import annotations

from functools import cache
from typing import Any

import pytest

from spancopy_core import DEFAULT_JAVA_MODEL
from spancopy_core.repair.pipeline import POOL, RepairOptions
from spancopy_core.storage.checkpoint import load_model
from trainer import adapt
from trainer.history import Edit

BEFORE = """public class Total {
    int total(int[] xs) {
        int sum = 0;
        for (int i = 0; i <= xs.length; i++) {
            sum += xs[i];
            System.out.println(sum);
        }
        return sum;
    }
}
"""
METHOD = BEFORE[BEFORE.index("    int total") : BEFORE.rindex("}", 0, BEFORE.rindex("}")) + 1]
# (focus line, the method as the commit wrote it, whether the grid moves its fix): the shipped
# model ranks the deleted statement's fix beyond the first five with the Java front-end's
# penalties and first with the grid's last setting; the changed loop 5th under every setting
FIXES = [
    (6, METHOD.replace("            System.out.println(sum);\n", ""), True),
    (4, METHOD.replace("int i = 0; i <= xs.length", "int i = 1; i < xs.length"), False),
]


def _edit(line: int, fixed: str) -> Edit:
    start = BEFORE.index(METHOD)
    return Edit(
        commit="c",
        time=0,
        path="Total.java",
        blob="b",
        method="total",
        start=start,
        end=start + len(METHOD),
        focus=(line, line),
        source=METHOD,
        fixed=fixed,
        imports=(),
        before=(),
        after=(),
        bugfix=True,
    )


@cache
def _model() -> Any:
    return load_model(DEFAULT_JAVA_MODEL, device="cpu")


@pytest.mark.parametrize(("line", "fixed", "moves"), FIXES)
def test_ranked_again_under_a_setting_as_the_pipeline_ranks_with_it(
    line: int, fixed: str, moves: bool
) -> None:
    edit = _edit(line, fixed)
    once = adapt.ask(_model(), BEFORE, edit, RepairOptions(top_k=adapt.FIT_RANKED, pool=POOL))
    ranks = []
    for penalties in adapt.PENALTY_GRID:
        asked = adapt.ask(_model(), BEFORE, edit, RepairOptions(penalties=penalties))
        assert once.rank(penalties) == asked.rank(), adapt.setting(penalties)
        ranks.append(asked.rank())
    # a rank that the settings move (beyond the first five is None), or one they do not
    first = ranks[0] if ranks[0] is not None else adapt.TOP + 1
    assert ranks[-1] is not None and (ranks[-1] < first) == moves, ranks


def test_the_refit_never_gives_deleted_code_a_bonus() -> None:
    # a bonus (a negative penalty) ranked a pure deletion first at 146 to 169 of 314 public
    # real bugs and cost them a tenth of their first fixes (trainer/adapt.py, DELETIONS)
    shipped = adapt.PENALTY_GRID[0]
    assert shipped == adapt.Penalties()
    for penalties in adapt.PENALTY_GRID:
        assert penalties.deletion >= 0 and penalties.token_deletion >= 0, penalties
        assert penalties.deletion <= shipped.deletion, penalties
