"""``spancopy`` as a new user meets it, through real processes: ``repair DIR`` (project mode:
git's view of the files, confident findings, the summary, JSON, the exit status for CI),
models of the wrong kind, Java that does not parse, progress only on a terminal, and
``--version`` of both commands."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from .conftest import spancopy_main
from .test_cli import EXAMPLE, ROOT, TEXT, on_a_terminal, one_line_error, spancopy

PRETRAINED = ROOT / "spancopy_core" / "pretrained"
# pyproject.toml's own (tomllib is Python 3.11+; the project supports 3.10)
VERSION = re.search(r'^version = "(.*)"$', (ROOT / "pyproject.toml").read_text(), re.M)[1]
BUG = (
    "class Bug {\n    boolean full(int size, int limit) {\n        return size > limit;\n    }\n}\n"
)
NO_METHODS = "class Empty {\n}\n"
# the isFull fix of the example, with a parenthesis too many in it: line 17, column 20
BROKEN = TEXT.replace("return size > items.length;", "return size) > items.length;")


def git(root: Path, *args: str) -> None:
    subprocess.run(["git", "-C", str(root), *args], check=True, capture_output=True)


@pytest.fixture
def project(tmp_path: Path) -> Path:
    """A git work tree: a bug the toy model fixes (tracked), a class without methods
    (untracked, not ignored), a file that does not parse, and a bug in an ignored folder."""
    root = tmp_path / "project"
    (root / "src").mkdir(parents=True)
    (root / "build").mkdir()
    (root / "src" / "Bug.java").write_text(BUG, encoding="utf-8")
    (root / "src" / "Empty.java").write_text(NO_METHODS, encoding="utf-8")
    (root / "src" / "Broken.java").write_text(BROKEN, encoding="utf-8")
    (root / "build" / "Generated.java").write_text(BUG, encoding="utf-8")
    (root / ".gitignore").write_text("build/\n", encoding="utf-8")
    git(root, "init", "-q")
    git(root, "add", "src/Bug.java", ".gitignore")
    return root


def test_version_of_both_commands():
    out = spancopy("--version")
    assert (out.returncode, out.stdout, out.stderr) == (0, f"spancopy {VERSION}\n", "")
    ls = subprocess.run(
        [sys.executable, "-m", "lsp_server", "--version"], capture_output=True, text=True
    )
    assert (ls.returncode, ls.stdout, ls.stderr) == (0, f"spancopy-ls {VERSION}\n", "")
    help = subprocess.run(
        [sys.executable, "-m", "lsp_server", "--help"], capture_output=True, text=True
    )
    assert help.returncode == 0 and "English of text and Markdown" in help.stdout


@pytest.mark.parametrize(
    ("file", "model", "message"),
    [
        (EXAMPLE, "java-edit", "java-edit: an edit model (it applies a given edit: similar edits"),
        (ROOT / "README.md", "java-bfp", "java-bfp: a java model, not a prose model"),
        (EXAMPLE, "prose-en", "prose-en: a prose model, not a java model"),
    ],
)
def test_a_model_of_the_wrong_kind_is_one_line(file: Path, model: str, message: str):
    out = spancopy("repair", file, "--model", PRETRAINED / model)
    one_line_error(out, 2, message)
    assert out.stdout == "" and "(pass --model DIR: a " in out.stderr


def test_java_that_does_not_parse_gets_no_repairs(toy_model: Path, tmp_path: Path):
    broken = tmp_path / "Broken.java"
    broken.write_text(BROKEN, encoding="utf-8")
    for extra in ([], ["--json"], ["--line", "17"]):
        out = spancopy("repair", broken, "--model", toy_model, *extra)
        one_line_error(out, 1, f"{broken}:17:20: does not parse as Java")
        assert out.stdout == ""


def test_a_project_shows_its_confident_findings_and_exits_1(toy_model: Path, project: Path):
    out = spancopy("repair", project, "--model", toy_model, "--top-k", 1)
    assert out.returncode == 1, out.stderr
    # one line for the file that does not parse, no progress bar (stderr is not a terminal)
    assert out.stderr == (
        f"{project}/src/Broken.java:17:20: does not parse as Java (a syntax error here): no "
        "repairs offered\n"
    )
    bug = project / "src" / "Bug.java"
    assert out.stdout.startswith(f"{bug}:2: method full: 1 repair(s)\n#1 ")
    assert "+        return size >= limit;\n" in out.stdout and "Generated" not in out.stdout
    assert out.stdout.endswith(
        "\n3 file(s), 1 method(s) or sentence(s) checked: 1 finding(s) in 1 file(s) (confident "
        "ones only, --all for every repair); 1 file(s) do not parse\n"
    )


@pytest.mark.slow
def test_the_json_of_a_project_has_the_shape_of_a_files(toy_model: Path, project: Path):
    out = spancopy("repair", project, "--model", toy_model, "--json", "--all")
    assert out.returncode == 1, out.stderr
    report = json.loads(out.stdout)
    src = project / "src"
    assert [f["file"] for f in report["files"]] == [
        str(src / "Broken.java"),
        str(src / "Bug.java"),
        str(src / "Empty.java"),
    ]
    broken, bug, empty = report["files"]
    assert broken == {"file": str(src / "Broken.java"), "methods": [], "syntax_error": "17:20"}
    assert empty == {"file": str(src / "Empty.java"), "methods": []}
    # the file alone, as a directory repairs it: without the compile check
    alone = spancopy(
        "repair", src / "Bug.java", "--model", toy_model, "--json", "--no-compile-check"
    )
    single = json.loads(alone.stdout)
    assert bug == {k: v for k, v in single.items() if k != "positions"}
    assert (
        report["positions"]
        == single["positions"]
        == {
            "line": "1-based",
            "edits": "LSP ranges: 0-based lines, UTF-16 characters",
        }
    )
    (method,) = bug["methods"]
    assert method["line"] == 2 and method["repairs"][0]["edits"][0]["start"]["line"] == 2
    assert report["summary"] == {
        "files": 3,
        "units": 1,
        "findings": 1,
        "files_with_findings": 1,
        "not_parsed": 1,
        "not_read": 0,
    }


@pytest.mark.slow
def test_only_confident_findings_unless_all(toy_model: Path, tmp_path: Path):
    # The toy model is sure of `>=` in a method of one `>`, and may offer less likely
    # changes of a method as written correctly: with --all they are shown, by default not.
    root = tmp_path / "p"
    root.mkdir()
    (root / "Bug.java").write_text(BUG, encoding="utf-8")
    (root / "Fine.java").write_text(BUG.replace(">", ">="), encoding="utf-8")
    every = json.loads(spancopy("repair", root, "--model", toy_model, "--json", "--all").stdout)
    shown = json.loads(spancopy("repair", root, "--model", toy_model, "--json").stdout)
    units = [m for f in every["files"] for m in f["methods"]]
    assert [m["confident"] for m in units] == [True, False]
    assert all(m["repairs"] for m in units)  # --all: the doubtful method's repairs too
    kept = [m for f in shown["files"] for m in f["methods"]]
    assert [bool(m["repairs"]) for m in kept] == [True, False]
    assert kept[0] == units[0]


def test_a_project_without_findings_exits_0(toy_model: Path, tmp_path: Path):
    root = tmp_path / "p"
    (root / ".hidden").mkdir(parents=True)
    (root / "Empty.java").write_text(NO_METHODS, encoding="utf-8")
    (root / ".hidden" / "Bug.java").write_text(BUG, encoding="utf-8")  # no git: hidden is out
    (root / "notes.bin").write_bytes(b"\x00\x01")  # not a source file: not read
    out = spancopy("repair", root, "--model", toy_model)
    assert (out.returncode, out.stderr) == (0, "")
    assert out.stdout == (
        "1 file(s), 0 method(s) or sentence(s) checked: 0 finding(s) in 0 file(s) (confident "
        "ones only, --all for every repair)\n"
    )
    one_line_error(spancopy("repair", root, "--line", 3), 2, "a directory (--line applies")


def test_several_paths_are_one_project(toy_model: Path, project: Path):
    """Files and directories named together (a shell glob, a pre-commit hook) are one
    project run: each file once, in the order named, a directory's files as it lists them."""
    src = project / "src"
    out = spancopy_main("repair", src / "Bug.java", src, "--model", toy_model, "--json")
    assert out.returncode == 1, out.stderr  # a finding, and a file that does not parse
    report = json.loads(out.stdout)
    assert [f["file"] for f in report["files"]] == [
        str(src / "Bug.java"),
        str(src / "Broken.java"),
        str(src / "Empty.java"),
    ]
    assert report["root"] == str(src) and report["summary"]["findings"] == 1
    # a file the directory listing leaves out (untracked and ignored) is read when named
    generated = project / "build" / "Generated.java"
    both = spancopy_main("repair", generated, src / "Empty.java", "--model", toy_model)
    assert both.returncode == 1 and both.stdout.startswith(f"{generated}:2: method full:")
    assert both.stdout.endswith(
        "2 file(s), 1 method(s) or sentence(s) checked: 1 finding(s) "
        "in 1 file(s) (confident ones only, --all for every repair)\n"
    )


def test_the_root_of_several_paths_holds_them_all(tmp_path: Path, monkeypatch):
    from spancopy_core.cli import _root

    (tmp_path / "a" / "b").mkdir(parents=True)
    monkeypatch.chdir(tmp_path)
    assert _root([Path("a/b/X.java"), Path("a/Y.md")]) == Path("a")
    assert _root([Path("X.java"), Path("Y.java")]) == Path(".")
    # relative and absolute mixed: the absolute folder holding both
    assert _root([Path("a/b/X.java"), tmp_path / "a" / "Y.md"]) == tmp_path / "a"
    assert _root([tmp_path]) == tmp_path  # a directory alone is its own root


@pytest.mark.parametrize(
    ("named", "extra", "message"),
    [
        (("src/Bug.java", "src/Missing.java"), (), "src/Missing.java: no such file or directory"),
        (("src", ".gitignore"), (), ".gitignore: unsupported file type"),
        (("src/Bug.java", "src/Empty.java"), ("--line", 2), "2 paths (--line applies to a file)"),
    ],
)
def test_several_paths_with_one_wrong_is_one_line(project: Path, named, extra, message: str):
    paths = [project / name for name in named]
    out = spancopy_main("repair", *paths, *extra, "--model", project / "no-model")
    one_line_error(out, 2, message)
    assert out.stdout == ""  # said before any model is loaded or any file repaired


def test_the_projects_identifiers_are_its_own_words_in_its_prose(tmp_path: Path):
    """jsoup's CHANGES.md, ``the node traversor``, got ``traversed`` (>99%) from the shipped
    prose model (two edits away, no longer respelt in well-edited text: a name one edit from a
    word here, its letters swapped, not added after a word as ``walkr`` is, which well-edited
    text keeps); in a project with the class ``NodeWalkre`` the word is the project's own, as
    the server keeps the words of open Java files' identifiers (run by ``main``)."""
    root = tmp_path / "p"
    root.mkdir()
    notes = root / "README.md"
    notes.write_text("# Notes\n\nAnd it also enables the node walkre to stop.\n")
    alone = spancopy_main("repair", root, "--top-k", "1")
    assert alone.returncode == 1 and 'Replace "walkre" with' in alone.stdout, alone.stdout
    (root / "NodeWalkre.java").write_text("class NodeWalkre {\n    int depth;\n}\n")
    out = spancopy_main("repair", root, "--top-k", "1")
    assert (out.returncode, out.stderr) == (0, ""), out.stdout
    assert "0 finding(s)" in out.stdout


def test_plain_text_named_readme_is_read_as_text(tmp_path: Path):
    """``spancopy repair README`` answered "unsupported file type": GNU's and Debian's
    plain-text files (README, NEWS, TODO, README.Debian) are text, in a project run too; a
    licence (COPYING) and a Makefile are not read (shipped models, run by ``main``)."""
    root = tmp_path / "p"
    root.mkdir()
    sentence = "This tool recieve its input from the standard input.\n"
    for name in ("README", "NEWS.Debian", "COPYING", "Makefile"):
        (root / name).write_text(sentence, encoding="utf-8")
    out = spancopy_main("repair", root, "--top-k", "1")
    assert out.returncode == 1, out.stderr
    assert out.stdout.count('#1 Replace "recieve" with "receive"') == 2, out.stdout
    assert "COPYING" not in out.stdout and "Makefile" not in out.stdout
    summary = "\n2 file(s), 2 method(s) or sentence(s) checked: 2 finding(s) in 2 file(s)"
    assert summary in out.stdout
    alone = spancopy_main("repair", root / "README", "--top-k", "1")
    assert (alone.returncode, alone.stderr) == (0, "")
    assert alone.stdout.startswith(f"{root / 'README'}:1: sentence This tool recieve")
    one_line_error(spancopy_main("repair", root / "COPYING"), 2, "plain text named README, NEWS")


@pytest.mark.slow
@pytest.mark.skipif(sys.platform == "win32", reason="pseudo-terminals are POSIX")
def test_progress_is_drawn_on_a_terminal_only(toy_model: Path, project: Path):
    code, stdout, drawn = on_a_terminal("repair", project, "--model", toy_model)
    assert code == 1 and b"3/3" in drawn and b"file" in drawn  # tqdm's bar: files done of 3
    piped = spancopy("repair", project, "--model", toy_model)
    assert piped.stdout == stdout and "3/3" not in piped.stderr
