"""Clean sentences from documentation (trainer/prose_sources.py) on hand-written documents of
each format, and synth-prose end to end on them: reproducible, split by sentence, one-line
errors."""

from __future__ import annotations

import gzip
import json
from pathlib import Path

import pytest

from trainer import prose_sources as ps
from trainer.cli import main
from trainer.synth_prose import SynthProseConfig, run

RST = """\
Title
=====

The :func:`open` function returns a *file object* for the named file.
See `the tutorial <https://example.org>`_ for more.

Use it like this::

    with open("f") as f:
        pass

.. note::

   A directive body is not prose.

Call ``open(name)`` to open it.
"""

HTML = """<html><body><nav>Home | Next</nav>
<p>Debian is a free operating system. It is <b>stable</b>.</p>
<pre>apt-get install foo</pre>
<p>Run <code>apt-get update</code> first.</p></body></html>"""

MAN = r""".TH LS 1
.SH DESCRIPTION
List information about the files.
It sorts entries \fBalphabetically\fR by default.
.nf
ls -la /tmp
.fi
.B Exit status
is zero when all went well.
"""

FORTUNE = """A good plan today is better than a perfect plan tomorrow.
\t\t-- George S. Patton
%
Never put off till tomorrow
what you can do today.
%
"""


def test_rst_paragraphs_drop_directives_literals_and_roles():
    paragraphs = list(ps.rst_paragraphs(RST))
    assert paragraphs[0] == "Title"
    assert paragraphs[1] == (
        "The open function returns a file object for the named file. See the tutorial for more."
    )
    assert paragraphs[2] == "Use it like this."
    assert paragraphs[3] == "Call ``open(name)`` to open it."
    assert len(paragraphs) == 4  # nothing of the literal block or the directive


def test_html_paragraphs_leave_code_and_navigation_out():
    assert ps.html_paragraphs(HTML) == [
        "Debian is a free operating system. It is stable.",
        "Run `x` first.",
    ]


def test_man_paragraphs_drop_requests_escapes_and_nofill():
    assert list(ps.man_paragraphs(MAN)) == [
        "List information about the files. It sorts entries alphabetically by default. "
        "Exit status is zero when all went well.",
    ]


def test_fortune_quotes_without_attributions():
    assert list(ps.fortune_paragraphs(FORTUNE)) == [
        "A good plan today is better than a perfect plan tomorrow.",
        "Never put off till tomorrow what you can do today.",
    ]


def test_plain_paragraphs_drop_indented_examples_and_menus():
    text = "A first line\nand a second.\n\n      indented example\n* Menu item::\nLast one.\n"
    assert list(ps.plain_paragraphs(text)) == ["A first line and a second.", "Last one."]


def test_jfleg_spacing():
    assert ps.jfleg_spacing("I don't think it's theirs, you're right.") == (
        "I do n't think it 's theirs, you 're right."
    )
    assert ps.jfleg_spacing("It’s") == "It 's"


@pytest.mark.parametrize(
    "sentence, kept",
    [
        ("The file is opened for reading .", True),
        ("It works very well for all of us ( mostly ) .", True),
        ("It works ( mostly ) .", False),  # fewer than three words in four
        ("the file is opened for reading .", False),  # no capital
        ("The file is opened for reading", False),  # no final stop
        ("Call `open` to open it .", False),  # code
        ("Set max_len to ten now .", False),  # identifier
        ("Use getValue to read it .", False),  # camelCase
        ("It works ( mostly .", False),  # unbalanced
        ("A = b + c * d / e .", False),  # symbols
        ("Short .", False),
    ],
)
def test_is_prose(sentence, kept):
    from spancopy_core.lang.text import tokenize

    words = tokenize(sentence)
    assert ps.is_prose([(w.text, w.kind) for w in words]) is kept


def test_clean_sentences_split_and_filter():
    got = ps.clean_sentences(
        "Debian is a free system. Run `apt` now. It doesn't cost anything at all!"
    )
    assert got == [
        ["Debian", "is", "a", "free", "system", "."],
        ["It", "does", "n't", "cost", "anything", "at", "all", "!"],
    ]


def docs(tmp_path: Path) -> Path:
    root = tmp_path / "docs"
    (root / "man" / "man1").mkdir(parents=True)
    (root / "fortunes").mkdir()
    (root / "guide.rst.txt").write_text(RST)
    (root / "page.html").write_text(HTML)
    (root / "man" / "man1" / "ls.1.gz").write_bytes(gzip.compress(MAN.encode()))
    (root / "fortunes" / "wisdom").write_text(FORTUNE * 3)  # repeated: deduplicated
    (root / "fortunes" / "wisdom.dat").write_bytes(b"\0\1")  # an index: not a document
    return root


def test_formats_by_name(tmp_path: Path):
    root = docs(tmp_path)
    assert [(p.relative_to(root).as_posix(), k) for p, k in ps.find_documents([root])] == [
        ("fortunes/wisdom", "fortune"),
        ("guide.rst.txt", "rst"),
        ("man/man1/ls.1.gz", "man"),
        ("page.html", "html"),
    ]


def test_synth_prose_is_reproducible_and_keeps_clean_outputs(tmp_path: Path):
    root = docs(tmp_path)
    config = dict(sources=[root], copies=3, valid=0.3, clean=0.0, progress=False)
    a = run(SynthProseConfig(out=tmp_path / "a", seed=1, **config))
    run(SynthProseConfig(out=tmp_path / "b", seed=1, **config))
    c = run(SynthProseConfig(out=tmp_path / "c", seed=2, **config))
    for split in ("train", "valid"):
        assert (tmp_path / "a" / f"{split}.jsonl").read_text() == (
            tmp_path / "b" / f"{split}.jsonl"
        ).read_text()
    pairs = {
        split: [
            json.loads(x) for x in (tmp_path / "a" / f"{split}.jsonl").read_text().split("\n") if x
        ]
        for split in ("train", "valid")
    }
    outputs = {" ".join(p["output"]) for s in pairs.values() for p in s}
    assert outputs == {
        "The open function returns a file object for the named file .",
        "See the tutorial for more .",
        "Use it like this .",
        "Debian is a free operating system .",
        "List information about the files .",
        "It sorts entries alphabetically by default .",
        "Exit status is zero when all went well .",
        "A good plan today is better than a perfect plan tomorrow .",
        "Never put off till tomorrow what you can do today .",
    }
    assert sum(a["pairs"].values()) == 3 * len(outputs)
    assert all(p["input"] != p["output"] for s in pairs.values() for p in s)  # clean=0
    train = {" ".join(p["output"]) for p in pairs["train"]}
    assert not train & {" ".join(p["output"]) for p in pairs["valid"]}  # split by sentence
    assert a["counts"]["sentence skipped: duplicate"] == 4
    assert (
        c["pairs"] != a["pairs"]
        or (tmp_path / "c" / "train.jsonl").read_text()
        != (tmp_path / "a" / "train.jsonl").read_text()
    )


def test_cli_errors_are_one_line(tmp_path: Path, capsys):
    assert main(["synth-prose", "--out", str(tmp_path), "--sources", str(tmp_path / "no")]) == 2
    assert capsys.readouterr().err.strip() == f"error: {tmp_path / 'no'}: no such file or directory"
    assert main(["synth-prose", "--out", str(tmp_path), "--sources", str(tmp_path)]) == 2
    assert "no documentation files" in capsys.readouterr().err
    assert (
        main(["synth-prose", "--out", str(tmp_path), "--min-tokens", "9", "--max-tokens", "5"]) == 2
    )
    assert "--min-tokens" in capsys.readouterr().err
