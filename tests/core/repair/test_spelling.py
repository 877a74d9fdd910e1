"""Near words and homophones (spancopy_core/repair/spelling.py) on a hand-made dictionary: the
near words by hand, the exact distance against a brute-force one, homophone swaps by hand."""

from __future__ import annotations

import itertools
import random

import pytest

from spancopy_core.repair.spelling import Dictionary, apply_change, distance, homophone_changes

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


def test_homophone_swaps_by_hand():
    tokens = "Their teacher did not recieve it , then left .".split()
    assert homophone_changes(tokens) == [
        (0, 1, ("There",)),  # the case of the word replaced
        (0, 1, ("They", "'", "re")),
        (7, 8, ("than",)),
    ]  # "recieve" is no homophone: respelling is the channel corrector's
    assert apply_change(tokens, (0, 1, ("They", "'", "re")))[:4] == ("They", "'", "re", "teacher")
    assert homophone_changes("a lot of it ' s".split()) == [  # the lexer's "it ' s"
        (0, 2, ("alot",)),
        (2, 3, ("off",)),
        (3, 6, ("its",)),
    ]
    assert homophone_changes([]) == []


def test_no_swap_ends_a_clause_with_a_word_that_ends_none():
    """jsoup's ``// remove is case-insensitive too`` got ``to`` (the model: 20 times the
    sentence as written); ``turn it off.`` could get ``of``. Before a word they still swap."""
    assert homophone_changes("it is case-insensitive too .".split()) == [(3, 4, ("two",))]
    assert homophone_changes("turn it off , then go".split()) == [(4, 5, ("than",))]
    assert (3, 4, ("too",)) in homophone_changes("it affects them to much .".split())


@pytest.mark.parametrize("word", ["3.14", "`code`", "e-mail", "x"])
def test_non_words_have_no_swaps(word):
    assert homophone_changes([word]) == []
