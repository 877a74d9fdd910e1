"""The JFLEG reader and the fixed tune/held-out split, on hand-made files and on JFLEG dev."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.conftest import SHARED_DATA
from trainer.config import DataError
from trainer.jfleg import read_jfleg, tune_heldout

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
