"""The scoring tokenisation, token edits and edit precision/recall/F0.5 on hand-written cases,
and the tokenisation on JFLEG dev (tokenised and detokenised lines score alike)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from spancopy_core.evaluation import prose_metrics as pm
from spancopy_core.evaluation.prose_metrics import Edit
from tests.conftest import SHARED_DATA
from trainer.jfleg import read_jfleg

JFLEG = SHARED_DATA / "jfleg"


@pytest.mark.parametrize(
    ("text", "tokens"),
    [
        ("It's a dog.", "It 's a dog ."),
        ("It 's a dog .", "It 's a dog ."),
        ("It\u2019s", "It 's"),
        ("I don't know", "I do n't know"),
        ("I do n't know", "I do n't know"),
        ("They're here, we've been; I'll go, I'd say, I'm sure.", None),
        ("he/she", "he / she"),
        ("a well-to-do man...", "a well-to-do man ..."),
        ("wait -- what?", "wait -- what ?"),
        ("3.5 (approx)", "3 . 5 ( approx )"),
        ("", ""),
    ],
)
def test_scoring_tokens(text, tokens):
    if tokens is None:  # every clitic split off
        tokens = "They 're here , we 've been ; I 'll go , I 'd say , I 'm sure ."
    assert pm.scoring_tokens(text) == tokens.split()


@pytest.mark.parametrize(
    ("line", "text"),
    [
        ("It 's a dog , is n't it ?", "It's a dog, isn't it?"),
        ("He said ( twice ) : no !", "He said (twice): no!"),
        ("I 'm 50 % sure ...", "I'm 50% sure..."),
        ('" Hi "', '" Hi "'),
    ],
)
def test_detokenize(line, text):
    assert pm.detokenize(line) == text
    assert pm.scoring_tokens(text) == pm.scoring_tokens(line)


@pytest.mark.parametrize(
    ("source", "target", "edits"),
    [
        ("a b c", "a b c", []),
        ("a b c", "a x c", [Edit(1, 2, ("x",))]),
        ("a b c", "a c", [Edit(1, 2, ())]),
        ("a b c", "a b x c", [Edit(2, 2, ("x",))]),
        ("a b c d", "a x y d", [Edit(1, 2, ("x",)), Edit(2, 3, ("y",))]),  # a token each
        ("a b", "a x y z b", [Edit(1, 1, ("x", "y", "z"))]),  # one insertion
        ("a b c", "x", [Edit(0, 1, ("x",)), Edit(1, 2, ()), Edit(2, 3, ())]),
        ("a b c d e", "x b c y e", [Edit(0, 1, ("x",)), Edit(3, 4, ("y",))]),
        ("a b", "", [Edit(0, 1, ()), Edit(1, 2, ())]),
        ("", "a", [Edit(0, 0, ("a",))]),
        ("b c", "a b c d", [Edit(0, 0, ("a",)), Edit(2, 2, ("d",))]),
    ],
)
def test_token_edits(source, target, edits):
    assert pm.token_edits(source.split(), target.split()) == edits


def _apply(source: list[str], edits: list[Edit]) -> list[str]:
    out, pos = [], 0
    for e in edits:
        out += source[pos : e.start] + list(e.replacement)
        pos = e.end
    return out + source[pos:]


def _distance(a: list[str], b: list[str]) -> int:
    """Levenshtein distance by brute recursion (tiny inputs only)."""
    if not a or not b:
        return len(a) + len(b)
    if a[0] == b[0]:
        return _distance(a[1:], b[1:])
    return 1 + min(_distance(a[1:], b[1:]), _distance(a[1:], b), _distance(a, b[1:]))


@given(
    st.lists(st.sampled_from("abc"), max_size=6),
    st.lists(st.sampled_from("abc"), max_size=6),
)
def test_token_edits_rebuild_the_target_from_a_minimum_alignment(source, target):
    edits = pm.token_edits(source, target)
    assert _apply(source, edits) == target
    assert all(e.end <= f.start for e, f in zip(edits, edits[1:]))
    # one edit per substituted or deleted token, one per place tokens are inserted at, and as
    # many changed tokens as the edit distance
    assert all(e.end - e.start == 1 or (e.end == e.start and e.replacement) for e in edits)
    assert all(e.end - e.start == 0 or len(e.replacement) <= 1 for e in edits)
    changed = sum(max(e.end - e.start, len(e.replacement)) for e in edits)
    assert changed == _distance(source, target)


def test_edit_counts_take_the_best_reference():
    source = "he go to school yesterday".split()
    hyp = "he goes to school yesterday".split()
    refs = [
        "he went to school yesterday".split(),  # 1 gold edit, none in common
        "he goes to the school yesterday".split(),  # 2 gold edits, 1 in common
        "he goes to school".split(),  # 2 gold edits, 1 in common
        "He goes to school yesterday".split(),  # 2 gold edits, 1 in common
    ]
    # refs 1, 2 and 3 tie on one true positive and one unmatched edit: the first counts
    assert pm.edit_counts(source, hyp, refs) == pm.EditCounts(1, 1, 2)
    assert pm.edit_counts(source, source, refs) == pm.EditCounts(0, 0, 1)  # fewest gold edits
    assert pm.edit_counts(source, hyp, [hyp, refs[0]]) == pm.EditCounts(1, 1, 1)


def test_f_beta():
    assert pm.f_beta(0.5, 1.0) == pytest.approx(1.25 * 0.5 / (0.25 * 0.5 + 1.0))
    assert pm.f_beta(1.0, 0.0) == 0.0 and pm.f_beta(0.0, 0.0) == 0.0
    assert pm.f_beta(0.4, 0.4) == pytest.approx(0.4)


def test_score_corpus_adds_counts_over_sentences():
    sources = ["he go to school .", "I like it .", "She are happy ."]
    hypotheses = ["he goes to school .", "I likes it .", "She are happy ."]
    references = [
        ["he goes to school .", "He goes to school ."],
        ["I like it .", "I like it !"],
        ["She is happy .", "She was happy ."],
    ]
    result = pm.score_corpus(sources, hypotheses, references)
    # true positives 1 + 0 + 0, proposed 1 + 1 + 0, gold 1 + 0 + 1
    assert result["precision"] == pytest.approx(1 / 2)
    assert result["recall"] == pytest.approx(1 / 2)
    assert result["f0.5"] == pytest.approx(0.5)
    assert result["exact"] == pytest.approx(1 / 3) and result["sentences"] == 3
    assert 0 < result["gleu"] < 1


def test_score_corpus_of_no_edits_has_precision_one_and_recall_zero():
    result = pm.score_corpus(["a b ."], ["a b ."], [["a c ."]])
    assert (result["precision"], result["recall"], result["f0.5"]) == (1.0, 0.0, 0.0)
    assert result["exact"] == 0.0


@pytest.mark.skipif(not (JFLEG / "dev.src").is_file(), reason=f"JFLEG dev not found in {JFLEG}")
def test_jfleg_dev_scores_the_same_tokenised_or_detokenised():
    dev = read_jfleg(JFLEG, "dev")
    lines = [t for s in dev for t in (s.source, *s.references)]
    assert all(pm.scoring_tokens(pm.detokenize(t)) == pm.scoring_tokens(t) for t in lines)
    sources = [s.source for s in dev]
    references = [list(s.references) for s in dev]
    detok = pm.score_corpus(sources, [pm.detokenize(s) for s in sources], references)
    assert detok == pm.score_corpus(sources, sources, references)
    assert round(100 * detok["gleu"], 2) == 38.32  # 38.21 on the files' own tokens
    assert (detok["precision"], detok["recall"]) == (1.0, 0.0)
