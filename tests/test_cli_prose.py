"""``spancopy repair`` on prose as a user sets it, through the CLI as a subprocess with the
shipped prose model: Harper's dialect (``--dialect``) and rules turned off (``--disable-rule``)
change its suggestions, titled with their rule; the project's dictionary
(``.spancopy/dictionary.txt``, or ``--dictionary``) keeps its words as written; bad options and
unreadable dictionaries are one line and status 2."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

NOTES = "This is an test.\n\nThe colour of the file is red.\n\nWe use spancopy to fix teh file.\n"
EVERY = ["--json", "--min-ratio", "0", "--top-k", "20"]  # every candidate the model ranks


def spancopy(*args: str | Path) -> subprocess.CompletedProcess[str]:
    command = [sys.executable, "-m", "spancopy_core.cli", "repair", *map(str, args)]
    return subprocess.run(command, capture_output=True, text=True, timeout=600)


def titles(*args: str | Path) -> dict[str, list[str]]:
    """The titles of the repairs of each sentence, by the sentence's text."""
    out = spancopy(*args)
    assert out.returncode == 0, out.stderr
    return {
        m["name"]: [r["title"] for r in m["repairs"]] for m in json.loads(out.stdout)["sentences"]
    }


@pytest.fixture
def project(tmp_path: Path) -> Path:
    """A git work tree holding notes.txt (its dictionary is looked for up to here)."""
    (tmp_path / ".git").mkdir()
    (tmp_path / "notes.txt").write_text(NOTES, encoding="utf-8")
    return tmp_path


@pytest.mark.slow
def test_dialect_rules_and_the_projects_dictionary(project: Path):
    an, colour, ours = (
        "This is an test.",
        "The colour of the file is red.",
        "We use spancopy to fix teh file.",
    )
    found = titles(project / "notes.txt", *EVERY)
    assert 'Replace "an" with "a" [Harper: AnA]' in found[an]
    assert 'Replace "colour" with "color" [Harper: SpellCheck]' in found[colour]
    assert any('"spancopy" with "span copy"' in t for t in found[ours])

    (project / ".spancopy").mkdir()
    (project / ".spancopy" / "dictionary.txt").write_text("# our words\nSpanCopy\n", "utf-8")
    found = titles(project / "notes.txt", *EVERY, "--dialect", "british", "--disable-rule", "AnA")
    assert all("[Harper: AnA]" not in t for t in found[an])
    assert all('with "color"' not in t for t in found[colour])
    assert found[ours] and all("spancopy" not in t for t in found[ours])
    assert any('"teh" with "the"' in t for t in found[ours])  # the rest is still repaired


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (["--dialect", "klingon"], "argument --dialect: invalid choice: 'klingon'"),
        (["--disable-rule", "NoSuchRule"], "Harper has no rule 'NoSuchRule'"),
        (["--dictionary", "missing.txt"], "missing.txt: No such file or directory"),
    ],
)
def test_bad_options_are_one_line(project: Path, args: list[str], says: str):
    out = spancopy(project / "notes.txt", *args)  # (missing.txt: none in the working folder)
    assert out.returncode == 2 and out.stdout == ""
    (line,) = out.stderr.splitlines()
    assert says in line


def test_an_unreadable_dictionary_of_the_project_is_one_line(project: Path):
    (project / ".spancopy").mkdir()
    (project / ".spancopy" / "dictionary.txt").write_bytes(b"\xff\xfe\x00binary")
    out = spancopy(project / "notes.txt")
    assert out.returncode == 2 and out.stdout == ""
    (line,) = out.stderr.splitlines()
    assert line == (
        f"spancopy: cannot read the dictionary: {project / '.spancopy' / 'dictionary.txt'}: "
        "not UTF-8 text"
    )
