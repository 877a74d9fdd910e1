"""Spelling candidates (spancopy_core/repair/spelling.py) on a hand-made dictionary: the near
words by hand, the exact distance against a brute-force one, case, homophones, order."""

from __future__ import annotations

import itertools
import random

import pytest

from spancopy_core.repair.spelling import (
    Dictionary,
    distance,
    spelling_candidates,
    spelling_changes,
)

WORDS = ["the", "receive", "science", "sciences", "recipe", "their", "there", "believe", "a"]


def osa_brute(a: str, b: str) -> int:
    """Optimal string alignment distance by recursion over every last operation."""
    if not a or not b:
        return len(a) + len(b)
    best = min(
        osa_brute(a[:-1], b) + 1,
        osa_brute(a, b[:-1]) + 1,
        osa_brute(a[:-1], b[:-1]) + (a[-1] != b[-1]),
    )
    if len(a) > 1 and len(b) > 1 and a[-1] == b[-2] and a[-2] == b[-1]:
        best = min(best, osa_brute(a[:-2], b[:-2]) + 1)
    return best


def test_distance_equals_brute_force_within_the_limit():
    rng = random.Random(0)
    for _ in range(400):
        a = "".join(rng.choice("abc") for _ in range(rng.randrange(6)))
        b = "".join(rng.choice("abc") for _ in range(rng.randrange(6)))
        want = osa_brute(a, b)
        assert distance(a, b, 2) == min(want, 3), (a, b)
    assert distance("recieve", "receive", 2) == 1  # a transposition counts one


def test_near_words_by_hand():
    d = Dictionary(WORDS)
    assert d.near("recieve") == ["receive", "recipe", "believe"]  # 1, then 2 in order
    assert d.near("siences") == ["sciences", "science"]  # a "c" missing; and an "s" more
    assert d.near("sciense") == ["science", "sciences"]  # one, then two away
    assert d.near("sciense", 1) == ["science"]
    assert d.near("xyzzy") == []
    assert "Receive" in d and "recieve" not in d


def test_near_equals_a_scan_of_the_dictionary():
    words = ["".join(p) for n in (3, 4) for p in itertools.product("abcd", repeat=n)][::7]
    d = Dictionary(words)
    rng = random.Random(1)
    for _ in range(100):
        w = "".join(rng.choice("abcd") for _ in range(rng.randrange(3, 6)))
        scan = sorted((osa_brute(w, x), d.rank[x], x) for x in d.words if 0 < osa_brute(w, x) <= 2)
        assert d.near(w) == [x for *_, x in scan], w


def test_candidates_respell_unknown_words_and_swap_homophones():
    d = Dictionary(WORDS)
    tokens = "Their teacher did not recieve the Sciense prize .".split()
    got = [" ".join(c) for c in spelling_candidates(tokens, d)]
    assert got == [
        "There teacher did not recieve the Sciense prize .",
        "They ' re teacher did not recieve the Sciense prize .",
        "Their teacher did not receive the Sciense prize .",
        "Their teacher did not recipe the Sciense prize .",
        "Their teacher did not believe the Sciense prize .",
        "Their teacher did not recieve the Science prize .",
        "Their teacher did not recieve the Sciences prize .",
    ]  # "teacher", "prize" have no near word; "did", "not" are too short to respell


def test_candidates_limits():
    d = Dictionary(WORDS)
    tokens = ["A", "sciense", "."]
    assert spelling_candidates(tokens, d, per_word=1) == [["A", "science", "."]]
    assert spelling_candidates(tokens, d, max_distance=1) == [["A", "science", "."]]
    assert spelling_candidates(["The", "there"], d, homophones=False) == []
    assert spelling_candidates([], d) == []


@pytest.mark.parametrize("word", ["3.14", "`code`", "e-mail", "x"])
def test_non_words_are_left_alone(word):
    assert spelling_candidates([word], Dictionary(WORDS)) == []


def test_changes_name_the_tokens_replaced():
    d = Dictionary(WORDS)
    tokens = "Their teacher did not recieve it .".split()
    assert spelling_changes(tokens, d, per_word=1) == [
        (0, 1, ("There",)),
        (0, 1, ("They", "'", "re")),
        (4, 5, ("receive",)),
    ]


def test_a_known_word_is_respelt_only_to_much_more_frequent_ones():
    d = Dictionary(WORDS)  # ranks: the 0, receive 1, science 2, sciences 3, ..., there 6
    assert spelling_changes(["sciences"], d) == []  # known, and not asked for
    assert spelling_changes(["sciences"], d, rarer=1) == [(0, 1, ("science",))]  # rank 2 <= 3
    assert spelling_changes(["sciences"], d, rarer=2) == []  # 2 * 2 > 3
    # "there": "the" and "their" are two edits away; a known word is respelt one edit away
    assert spelling_changes(["there"], d, homophones=False, rarer=1) == []
    assert spelling_changes(["thre"], d, homophones=False) == [(0, 1, ("the",)), (0, 1, ("there",))]
