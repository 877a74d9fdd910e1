"""GLEU on hand-computed cases, and on JFLEG dev against the published figures (38.21 for the
source unchanged, 55.26 for each reference against the other three, JFLEG's README)."""

from __future__ import annotations

import math

import pytest

from spancopy_core.evaluation import gleu
from tests.conftest import SHARED_DATA
from trainer.jfleg import read_jfleg

JFLEG = SHARED_DATA / "jfleg"


def test_ngrams_are_a_multiset():
    assert gleu.ngrams("a b a b".split(), 2) == {("a", "b"): 2, ("b", "a"): 1}
    assert gleu.ngrams(["a"], 2) == {}


def test_kept_source_ngrams_the_reference_changed_are_subtracted():
    # source "a b c", reference "a b d": c (and every n-gram with it) should have changed
    stats = gleu.sentence_stats("a b c".split(), "a b c".split(), "a b d".split())
    # unigrams: a, b match (2), c is a kept error (-1); bigrams: ab (1) - bc (1); trigrams:
    # 0 - abc (1), floored at 0; no 4-grams in a 3-token hypothesis
    assert stats == (3, 3, 1, 3, 0, 2, 0, 1, 0, 0)
    fixed = gleu.sentence_stats("a b c".split(), "a b d".split(), "a b d".split())
    assert fixed == (3, 3, 3, 3, 2, 2, 1, 1, 0, 0)


def test_source_ngrams_the_reference_keeps_are_not_penalised():
    # "x" occurs in the reference (once), so the source's two x are no error to keep
    stats = gleu.sentence_stats("x x y".split(), "x x y".split(), "x z".split())
    # unigrams: min(2, 1) x = 1, y is a kept error: 1 - 1 = 0
    assert stats[:4] == (3, 2, 0, 3)


def test_score_of_statistics():
    assert gleu.score((4, 4, 4, 4, 3, 3, 2, 2, 1, 1)) == 1.0
    # a hypothesis one token short of its reference: brevity penalty exp(1 - 5/4)
    stats = gleu.sentence_stats("a b c d e".split(), "a b c d".split(), "a b c d e".split())
    assert stats == (4, 5, 4, 4, 3, 3, 2, 2, 1, 1)
    assert gleu.score(stats) == pytest.approx(math.exp(-0.25))
    # any zero count gives 0 unsmoothed; smoothed, zeros count as ones
    assert gleu.score((3, 3, 1, 3, 0, 2, 0, 1, 0, 0)) == 0.0
    smooth = gleu.score((3, 3, 1, 3, 0, 2, 0, 1, 0, 0), smooth=True)
    assert smooth == pytest.approx((1 / 3 * 1 / 2 * 1 * 1) ** 0.25)


def test_sentence_gleu_is_the_mean_over_references():
    src, hyp = "a b c".split(), "a b c".split()
    refs = ["a b c".split(), "a b d".split()]
    # against "a b c": all counts match (3/3, 2/2, 1/1, 0 -> 1 / 0 -> 1): 1.0
    expected = (1.0 + (1 / 3 * 1 / 2) ** 0.25) / 2
    assert gleu.sentence_gleu(src, hyp, refs) == pytest.approx(expected)


def test_corpus_gleu_sums_statistics_before_scoring():
    sources = ["he go to school".split(), "a b c".split()]
    hypotheses = ["he goes to school".split(), "a b c".split()]
    references = [["he goes to school".split()], ["a b d".split()]]
    # (4,4,4,4,3,3,2,2,1,1) + (3,3,1,3,0,2,0,1,0,0) = (7,7,5,7,3,5,2,3,1,1)
    expected = (5 / 7 * 3 / 5 * 2 / 3 * 1 / 1) ** 0.25
    assert gleu.corpus_gleu(sources, hypotheses, references) == pytest.approx(expected)


def test_reference_draws_are_fixed_and_use_every_reference():
    draws = gleu.reference_draws([4, 1, 2], iterations=50)
    assert draws.shape == (50, 3)
    assert set(draws[:, 0]) == {0, 1, 2, 3} and set(draws[:, 1]) == {0}
    assert set(draws[:, 2]) == {0, 1}
    assert (draws == gleu.reference_draws([4, 1, 2], iterations=50)).all()


def test_corpus_gleu_of_one_reference_does_not_depend_on_draws():
    src, hyp, ref = "a b c d".split(), "a b x d".split(), "a b x d e".split()
    once = gleu.corpus_gleu([src], [hyp], [[ref]], iterations=1)
    assert gleu.corpus_gleu([src], [hyp], [[ref]]) == pytest.approx(once)
    assert once == pytest.approx(gleu.score(gleu.sentence_stats(src, hyp, ref)))


def test_corpus_gleu_rejects_bad_input():
    with pytest.raises(ValueError, match="same length"):
        gleu.corpus_gleu([["a"]], [], [[["a"]]])
    with pytest.raises(ValueError, match="empty"):
        gleu.corpus_gleu([], [], [])
    with pytest.raises(ValueError, match="reference"):
        gleu.corpus_gleu([["a"]], [["a"]], [[]])


jfleg_dev = pytest.mark.skipif(
    not (JFLEG / "dev.src").is_file(), reason=f"JFLEG dev not found in {JFLEG}"
)


@jfleg_dev
def test_jfleg_dev_source_scores_the_published_38_21():
    dev = read_jfleg(JFLEG, "dev")
    sources = [s.source.split() for s in dev]
    references = [[r.split() for r in s.references] for s in dev]
    assert round(100 * gleu.corpus_gleu(sources, sources, references), 2) == 38.21


@jfleg_dev
def test_jfleg_dev_each_reference_against_the_others_scores_about_55_3():
    dev = read_jfleg(JFLEG, "dev")
    sources = [s.source.split() for s in dev]
    refs = [[r.split() for r in s.references] for s in dev]
    scores = [
        gleu.corpus_gleu(sources, [r[k] for r in refs], [r[:k] + r[k + 1 :] for r in refs])
        for k in range(len(refs[0]))
    ]
    assert 100 * sum(scores) / len(scores) == pytest.approx(55.26, abs=0.05)
