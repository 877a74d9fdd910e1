"""The JFLEG reader and the fixed tune/held-out split, on hand-made files and on JFLEG dev."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.conftest import SHARED_DATA
from trainer.config import DataError
from trainer.jfleg import longest_change, read_jfleg, tune_heldout, tune_pairs

JFLEG = SHARED_DATA / "jfleg"


def _write(directory: Path, files: dict[str, str]) -> Path:
    for name, text in files.items():
        (directory / name).write_text(text, encoding="utf-8")
    return directory


def test_reads_sources_with_references_in_order(tmp_path: Path) -> None:
    _write(
        tmp_path,
        {
            "dev.src": "a b .\nc d .\ne .\n",
            "dev.ref0": "A b .\nC d .\nE .\n",
            "dev.ref1": "a B .\nc D .\ne !\n",
        },
    )
    sentences = read_jfleg(tmp_path)
    assert [s.source for s in sentences] == ["a b .", "c d .", "e ."]
    assert sentences[2].references == ("E .", "e !")
    tune, held = tune_heldout(sentences)
    assert [s.index for s in held] == [2]
    assert [s.index for s in tune] == [0, 1]


@pytest.mark.parametrize(
    "files, message",
    [
        ({}, "no dev.src"),
        ({"dev.src": "a\n"}, "no dev.ref0"),
        ({"dev.src": "a\nb\n", "dev.ref0": "a\n"}, "has 1 lines"),
    ],
)
def test_bad_directories_raise_one_line_errors(tmp_path: Path, files, message) -> None:
    _write(tmp_path, files)
    with pytest.raises(DataError, match=message):
        read_jfleg(tmp_path)


def test_non_utf8_is_a_data_error(tmp_path: Path) -> None:
    (tmp_path / "dev.src").write_bytes(b"a\n")
    (tmp_path / "dev.ref0").write_bytes(b"\xff\n")
    with pytest.raises(DataError, match="not UTF-8"):
        read_jfleg(tmp_path)


@pytest.mark.skipif(not (JFLEG / "dev.src").is_file(), reason="JFLEG dev not in ../shared/data")
def test_jfleg_dev_split_sizes() -> None:
    sentences = read_jfleg(JFLEG)
    assert len(sentences) == 754
    assert all(len(s.references) == 4 for s in sentences)
    tune, held = tune_heldout(sentences)
    assert (len(tune), len(held)) == (503, 251)
    assert not {s.index for s in tune} & {s.index for s in held}


def test_longest_change_by_hand() -> None:
    assert longest_change(["a", "b", "c"], ["a", "b", "c"]) == 0
    assert longest_change(["a", "b", "c"], ["a", "x", "c"]) == 1
    assert longest_change(["a", "b", "c", "d"], ["a", "d"]) == 2  # b c deleted
    assert longest_change(["a", "b"], ["x", "y", "z", "a", "b"]) == 3  # three inserted


def test_tune_pairs_split_dedupe_and_filter(tmp_path: Path) -> None:
    sources = [f"s{i} is bad ." for i in range(9)]
    _write(
        tmp_path,
        {
            "dev.src": "".join(s + "\n" for s in sources),
            "dev.ref0": "".join(s.replace("bad", "good") + "\n" for s in sources),
            "dev.ref1": "".join(s.replace("bad", "good") + "\n" for s in sources),
            "dev.ref2": "".join("It was all rewritten here .\n" for _ in sources),
        },
    )
    pairs = tune_pairs(read_jfleg(tmp_path))
    # held out: 2, 5, 8; tune 0 1 3 4 6 7, the fifth of which (6) validates
    assert [x[0] for x, _ in pairs["valid"]] == ["s6", "s6"]
    assert [x[0] for x, _ in pairs["train"]] == [
        "s0",
        "s0",
        "s1",
        "s1",
        "s3",
        "s3",
        "s4",
        "s4",
        "s7",
        "s7",
    ]
    assert pairs["train"][0] == (["s0", "is", "bad", "."], ["s0", "is", "good", "."])
    local = tune_pairs(read_jfleg(tmp_path), max_change=3)
    assert all(y[2] == "good" for split in local.values() for _, y in split)
    assert len(local["train"]) == 5 and len(local["valid"]) == 1
