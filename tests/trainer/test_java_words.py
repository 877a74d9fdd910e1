"""``python -m trainer java-words`` (trainer/java_words.py): the words of the identifiers of a
small source zip that the lexicon lacks, counted by file, by hand; one-line errors."""

from __future__ import annotations

import zipfile
from pathlib import Path

from spancopy_core.repair.prose import java_words
from trainer.cli import main

SOURCES = {
    "java.base/java/util/A.java": 'class A { Node prevNode; /* implFoo */ String s = "attrs"; }',
    "java.base/java/util/B.java": "class B { int prevCount; Impl impl; }",
    "java.base/java/util/C.java": "class C { void prev() {} }",
    "jdk.other/D.java": "class D { Impl impl; }",
}


def test_words_of_identifiers_the_lexicon_lacks_counted_by_file(tmp_path: Path, capsys):
    src = tmp_path / "src.zip"
    with zipfile.ZipFile(src, "w") as archive:
        for name, text in SOURCES.items():
            archive.writestr(name, text)
    out = tmp_path / "java-words.tsv"
    argv = ["java-words", "--out", str(out), "--sources", str(src), "--no-progress"]
    assert main([*argv, "--min-files", "2"]) == 0
    # prev: three files (prevNode, prevCount, prev); impl: one of java.base's (jdk.other is
    # not read), and none from a comment or a literal (implFoo, attrs); node, count: English
    assert out.read_text() == "prev\t3\n"
    assert "1 words" in capsys.readouterr().out
    assert main([*argv, "--min-files", "1"]) == 0
    assert out.read_text().splitlines() == ["prev\t3", "impl\t1", "prevcount\t1", "prevnode\t1"]


def test_one_line_errors(tmp_path: Path, capsys):
    out = tmp_path / "java-words.tsv"
    assert main(["java-words", "--out", str(out), "--sources", str(tmp_path / "none.zip")]) == 2
    assert "no such file" in capsys.readouterr().err
    bad = tmp_path / "bad.zip"
    bad.write_text("not a zip")
    assert main(["java-words", "--out", str(out), "--sources", str(bad)]) == 2
    assert "not a zip file" in capsys.readouterr().err
    assert not out.exists()


def test_the_shipped_vocabulary_holds_the_jdks_jargon():
    """The shipped file (recipes/prose.sh java_words): what jsoup's and java-algorithms'
    comments use and the lexicon lacks."""
    assert {"impl", "prev", "deque", "hashtable", "superclass", "param"} <= java_words()
