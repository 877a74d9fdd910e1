"""A user's dictionary: words in lower case, one a line, comment lines skipped; a project's
``.spancopy/dictionary.txt`` found from any file of it, not above its git root; an unreadable
one is a one-line error naming the file."""

from __future__ import annotations

from pathlib import Path

import pytest

from spancopy_core.storage.dictionary import DictionaryError, project_dictionary, read_words


def test_words_one_a_line(tmp_path: Path):
    path = tmp_path / "words.txt"
    path.write_text("# our words\nSpanCopy\n\n  recv  \n# not: this\n", encoding="utf-8")
    assert read_words(path) == {"spancopy", "recv"}


def test_the_projects_dictionary_up_to_its_root(tmp_path: Path):
    (tmp_path / ".spancopy").mkdir()
    (tmp_path / ".spancopy" / "dictionary.txt").write_text("recv\n", encoding="utf-8")
    project = tmp_path / "project"
    (project / ".git").mkdir(parents=True)
    (project / "docs").mkdir()
    assert project_dictionary(project / "docs" / "notes.md") is None  # above the git root
    (project / ".spancopy").mkdir()
    (project / ".spancopy" / "dictionary.txt").write_text("hdr\n", encoding="utf-8")
    assert (
        project_dictionary(project / "docs" / "notes.md")
        == (project / ".spancopy" / "dictionary.txt").resolve()
    )


@pytest.mark.parametrize(
    ("content", "why"), [(b"\xff\xfe\x00", "not UTF-8 text"), (None, "No such file")]
)
def test_unreadable(tmp_path: Path, content: bytes | None, why: str):
    path = tmp_path / "words.txt"
    if content is not None:
        path.write_bytes(content)
    with pytest.raises(DictionaryError, match=why) as caught:
        read_words(path)
    assert str(caught.value).startswith(f"{path}: ") and "\n" not in str(caught.value)
