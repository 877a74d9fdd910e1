"""The pure ranking of bench/penalty_sweep.py on hand-made pools: the same rules as
spancopy_core.repair.ranking.rank (penalties, parentheses merged, unscored last)."""

from __future__ import annotations

import math

import pytest

from bench import penalty_sweep


def c(lp, key, *, applies=(), fix=False, length=3, deletion=False):
    return {"lp": lp, "applies": dict.fromkeys(applies, 1.0), "beam": True, "fix": fix, "key": key,
            "len": length, "deletion": deletion}  # fmt: skip


NONE = dict.fromkeys(penalty_sweep.KINDS, 0.0)


def test_a_penalty_moves_noise_below_the_fix():
    pool = [c(-1.0, "del", applies=["deletion"], deletion=True), c(-3.0, "fix", fix=True)]
    assert [x["key"] for x in penalty_sweep.ranks(pool, NONE)] == ["del", "fix"]
    assert penalty_sweep.figures([pool], NONE) == (0, 1, 1)
    heavy = {**NONE, "deletion": 6.0}
    assert [x["key"] for x in penalty_sweep.ranks(pool, heavy)] == ["fix", "del"]
    assert penalty_sweep.figures([pool], heavy) == (1, 1, 0)


def test_parenthesis_variants_are_one_with_both_masses_and_unscored_come_last():
    pool = [
        c(None, "x", fix=True),
        c(-2.0, "a", length=5),
        c(-1.5, "b"),
        c(-2.0, "a", length=3, fix=True),
    ]
    out = penalty_sweep.ranks(pool, NONE)
    assert [x["key"] for x in out] == ["a", "b", "x"]
    assert out[0]["lp"] == pytest.approx(-2.0 + math.log(2)) and out[0]["len"] == 3
    assert out[0]["fix"]
    assert penalty_sweep.figures([pool], NONE) == (1, 1, 0)


def test_an_amount_is_scaled_by_its_weight():
    big = {**c(-1.0, "big"), "applies": {"edit_size": math.log(8)}}  # a change of 8 tokens
    pool = [big, c(-2.5, "fix", fix=True)]
    assert [x["key"] for x in penalty_sweep.ranks(pool, NONE)] == ["big", "fix"]
    weighted = {**NONE, "edit_size": 1.0}  # -1 - 2.08 < -2.5
    assert [x["key"] for x in penalty_sweep.ranks(pool, weighted)] == ["fix", "big"]
