"""Each learner-error kind of trainer/prose_noise.py on hand-written sentences: what it makes over
many seeds, that it never changes its input, that it says None where it has no place, and that
a seed gives one result."""

from __future__ import annotations

import random

import pytest

from trainer import prose_noise as pn

SEEDS = range(80)


def toks(text: str) -> list[str]:
    return text.split()


def outcomes(kind: str, text: str) -> set[str]:
    """Every sentence kind ``kind`` makes of ``text`` over :data:`SEEDS` (None results left
    out); the input list is never changed."""
    tokens = toks(text)
    out = set()
    for seed in SEEDS:
        got = pn.KINDS[kind](tokens, random.Random(seed))
        assert tokens == toks(text)
        if got is not None:
            out.add(" ".join(got))
    return out


def levenshtein(a: str, b: str) -> int:
    row = list(range(len(b) + 1))
    for i, ca in enumerate(a, 1):
        prev, row[0] = row[0], i
        for j, cb in enumerate(b, 1):
            prev, row[j] = row[j], min(row[j] + 1, row[j - 1] + 1, prev + (ca != cb))
    return row[-1]


def test_keyboard_neighbours_by_hand():
    assert pn.KEYBOARD["s"] == "acdeqwxz"  # a d beside, q w e above, z x c below
    assert pn.KEYBOARD["q"] == "asw"
    assert pn.KEYBOARD["m"] == "hjkn"


def test_misspellings_are_near_and_keep_the_case():
    for seed in range(300):
        word = pn.misspell_word("Receive", random.Random(seed))
        if word is None:
            continue
        assert word != "Receive" and word[0] == "R" and word[1:].islower()
        assert 1 <= levenshtein(word.lower(), "receive") <= 2
    made = {pn.misspell_word("receive", random.Random(s)) for s in range(300)}
    assert {"recieve", "reseive", "receve", "recceive"} <= made
    assert pn.misspell_word("at", random.Random(0)) is None  # too short
    assert pn.misspell_word("3.14", random.Random(0)) is None


def test_misspell_changes_one_word_of_three_letters_or_more():
    for got in outcomes("misspell", "It is a good idea ."):
        changed = [(a, b) for a, b in zip(toks("It is a good idea ."), toks(got)) if a != b]
        assert len(changed) == 1 and changed[0][0] in ("good", "idea")
    assert outcomes("misspell", "I am a , ok") == set()


def test_homophones():
    assert outcomes("homophone", "I like their car .") == {
        "I like there car .",
        "I like they ' re car .",
    }
    assert outcomes("homophone", "It is bigger then mine .") == {"It is bigger than mine ."}
    assert outcomes("homophone", "Its tail .") == {"It ' s tail ."}
    assert outcomes("homophone", "You ' re late .") == {"Your late ."}
    assert outcomes("homophone", "Do not lose it .") >= {"Do not loose it ."}
    assert outcomes("homophone", "I want a lot .") == {"I want alot ."}
    assert outcomes("homophone", "Hello world .") == set()


def test_articles_dropped_swapped_or_added():
    got = outcomes("article", "I saw the dog .")
    assert {"I saw dog .", "I saw a dog .", "I saw an dog ."} <= got
    assert all(len(toks(g)) in (4, 5, 6) for g in got)
    added = outcomes("article", "Dogs bark .")
    assert added == {
        *(f"{a} dogs bark ." for a in ("A", "An", "The")),
        *(f"Dogs {a} bark ." for a in ("a", "an", "the")),
    }


def test_prepositions_replaced_or_dropped():
    got = outcomes("preposition", "He sat on the chair .")
    assert "He sat the chair ." in got and "He sat in the chair ." in got
    assert all(g.startswith("He sat ") and g.endswith(" the chair .") for g in got)
    assert outcomes("preposition", "Dogs bark .") == set()


def test_agreement_swaps_within_a_class():
    assert outcomes("agreement", "Dogs are loud .") == {
        "Dogs is loud .",
        "Dogs be loud .",
        "Dogs am loud .",
    }
    assert outcomes("agreement", "She has cats .") == {"She have cats .", "She had cats ."}


def test_verb_forms_by_table_and_by_rule():
    assert pn.verb_form("went", random.Random(0)) in {"go", "gone", "goes", "going"}
    forms = {pn.verb_form("developed", random.Random(s)) for s in range(100)}
    assert forms == {"develop", "develops", "developing", "developeed"} or forms <= {
        "develop",
        "develops",
        "developing",
        "developed",
        "developeed",
    }
    assert "developed" not in forms
    assert pn.verb_form("the", random.Random(0)) is None
    assert outcomes("verb", "We took the bus .") >= {"We take the bus .", "We taken the bus ."}


def test_plural_and_singular():
    assert outcomes("number", "many cities grow") == {
        "many city grow",
        "many cities grows",
    }
    assert outcomes("number", "Cats like boxes .") == {"Cats like boxe .", "Cats likes boxes ."}


def test_dropped_duplicated_and_swapped_words():
    dropped = outcomes("drop_word", "I like green tea .")
    assert dropped == {"Like green tea .", "I green tea .", "I like tea .", "I like green ."}
    assert outcomes("duplicate_word", "Go home .") == {"Go go home .", "Go home home ."}
    assert outcomes("swap_words", "I like tea .") == {"Like I tea .", "I tea like ."}


def test_split_and_joined_words():
    got = outcomes("split_join", "Everything is fine .")
    assert "Every thing is fine ." in got and "Everythingis fine ." in got
    assert all(g.replace(" ", "") == "Everythingisfine." for g in got)


def test_capitalisation():
    got = outcomes("capitalisation", "I met Anna in Paris .")
    assert {"i met Anna in Paris .", "I met anna in Paris .", "I met Anna in paris ."} <= got
    assert "I Met Anna in Paris ." in got


def test_punctuation():
    got = outcomes("punctuation", "Yes , I do n't know .")
    assert {"Yes I do n't know .", "Yes , I dont know .", "Yes , I do n't know"} <= got
    assert "Yes , I do n't know . ." in got
    assert outcomes("punctuation", "It ' s fine") >= {"Its fine"}


def test_informal():
    assert outcomes("informal", "I know you .") == {"I know u ."}


def test_a_kind_with_no_place_says_none():
    for kind in pn.KINDS:
        assert pn.KINDS[kind]([], random.Random(0)) is None, kind


def test_corrupt_is_seeded_and_applies_what_it_reports():
    tokens = toks("Their house is bigger than ours , and it has a nice garden in the back .")
    a = pn.corrupt(tokens, random.Random(7))
    assert a == pn.corrupt(tokens, random.Random(7))
    results = [pn.corrupt(tokens, random.Random(s)) for s in range(400)]
    assert len({" ".join(t) for t, _ in results}) > 300
    clean = [t for t, kinds in results if not kinds]
    assert all(t == tokens for t in clean) and 20 < len(clean) < 90  # 12% expected
    assert all((t == tokens) == (not kinds) for t, kinds in results)
    seen = {k for _, kinds in results for k in kinds}
    assert seen == set(pn.KINDS) - {"informal"}  # no "you", "your", "because" ...
    only = pn.corrupt(tokens, random.Random(3), clean=0.0, weights={"homophone": 1.0})
    assert only[1] and set(only[1]) == {"homophone"}


@pytest.mark.parametrize("kind", sorted(pn.KINDS))
def test_every_kind_has_a_weight(kind):
    assert pn.WEIGHTS[kind] > 0
