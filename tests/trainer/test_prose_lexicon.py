"""``python -m trainer prose-lexicon`` (trainer/prose_lexicon.py): word-list words and pairs of
adjacent words counted in the clean sentences of a small documentation tree, each sentence
once, and the names of the word lists, by hand; one-line errors."""

from __future__ import annotations

from pathlib import Path

from spancopy_core.repair.channel import Lexicon
from trainer.cli import main

FORTUNES = """The cat sat on the mat today.
%
The cat sat on the mat today.
%
A filesystem is not a cat, said the dog.
%
Code x_y is not prose at all here.
%
An English dog saw a python there.
%
"""


def test_counts_of_each_distinct_sentence(tmp_path: Path):
    docs = tmp_path / "fortunes"
    docs.mkdir()
    (docs / "pets").write_text(FORTUNES)
    words = tmp_path / "words"
    words.write_text("cat\ncat's\nMat\nthe\ndog\nzebra\na\nEnglish\nPython\nYong\n")
    out = tmp_path / "lexicon.tsv"
    argv = ["prose-lexicon", "--out", str(out), "--sources", str(docs), "--no-progress"]
    assert main([*argv, "--word-lists", str(words), "--min-count", "2"]) == 0
    lexicon = Lexicon.read(out)
    # the first quote once (a repeat), the second too; the third is not prose (x_y)
    assert lexicon.counts == {
        "the": 3,
        "a": 3,
        "cat": 2,
        "dog": 2,
        "english": 1,
        "mat": 1,
        "python": 1,
        "zebra": 0,
        "yong": 0,
    }
    # names: "English" (only capitalised in the text), "Yong" (never seen); not "Mat" nor
    # "Python", which the text writes in lower case
    assert lexicon.names == {"english", "yong"} and lexicon.proper == {"english"}
    assert "English\t1\n" in out.read_text() and "Yong\t0\n" in out.read_text()
    assert lexicon.pairs == {}  # none seen 3 times (--min-pair-count)
    # words of no list counted once are out at --min-count 2; at 1 they are in
    assert main([*argv, "--word-lists", str(words), "--min-count", "1"]) == 0
    again = Lexicon.read(out).counts
    assert again["filesystem"] == again["sat"] == again["said"] == 1 and "cat's" not in again
    # pairs of adjacent words of the lexicon, not across punctuation ("cat , said")
    assert main([*argv, "--word-lists", str(words), "--min-pair-count", "1"]) == 0
    assert Lexicon.read(out).pairs == {
        ("the", "cat"): 1,
        ("the", "mat"): 1,
        ("a", "cat"): 1,
        ("the", "dog"): 1,
        ("english", "dog"): 1,
        ("a", "python"): 1,
    }


def test_bad_paths_are_one_line_errors(tmp_path: Path, capsys):
    out = str(tmp_path / "x.tsv")
    assert main(["prose-lexicon", "--out", out, "--sources", str(tmp_path / "none")]) == 2
    assert capsys.readouterr().err.count("\n") == 1
    missing = str(tmp_path / "no-words")
    argv = ["prose-lexicon", "--out", out, "--sources", str(tmp_path), "--word-lists", missing]
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.startswith("error:") and err.count("\n") == 1
