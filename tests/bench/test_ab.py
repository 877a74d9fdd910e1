"""bench/ab.py's pure parts on hand-written cases: RESULT parsing, the ABBA order, ratios."""

from __future__ import annotations

import math

import pytest

from bench import ab


def test_parse_result_takes_the_numbers_of_the_last_result_line():
    out = "warm-up\nRESULT a=1\nnoise x=5\nRESULT decode small_ms=57.5 name=x n=40 r=1e-3 v=-2\n"
    assert ab.parse_result(out) == {"small_ms": 57.5, "n": 40.0, "r": 0.001, "v": -2.0}


def test_parse_result_without_a_result_line_is_an_error():
    with pytest.raises(ValueError, match="no RESULT line"):
        ab.parse_result("nothing\n")


def test_order_alternates_which_revision_goes_first():
    assert ab.order(3) == ["before", "after", "after", "before", "before", "after"]
    assert ab.order(1) == ["before", "after"]


def test_compare_gives_medians_minima_and_ratios_of_shared_keys():
    runs = {
        "before": [{"ms": 10.0, "only_before": 1.0, "z": 0.0}, {"ms": 30.0, "z": 0.0}],
        "after": [{"ms": 12.0, "z": 1.0}, {"ms": 8.0, "z": 2.0}],
    }
    rows = {r[0]: r[1:] for r in ab.compare(runs)}
    assert set(rows) == {"ms", "z"}
    assert rows["ms"] == (20.0, 10.0, 0.5, 10.0, 8.0, 0.8)
    assert math.isnan(rows["z"][2]) and math.isnan(rows["z"][5])
