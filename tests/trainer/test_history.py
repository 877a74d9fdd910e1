"""Mining a repository's history (trainer/history.py) on a small repository built with git.

Each commit of the repository makes one known case: a bug fix, a whitespace-only change, a
change too big, a rename with an edit, an edit invisible once abstracted, a method that does
not parse, one too long, the same fix again, bulk work over many files, and a branch merged
back. The expected pairs, focus lines and counts are written out by hand below.
"""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from spancopy_core.lang import java
from tests.trainer.history_repo import BASE_TIME, Repo, java_class
from trainer import history
from trainer.config import TrainerError

SIZE = "int size(int[] items) {\n    return items.length;\n}"
FULL = "boolean isFull(int n, int[] items) {\n    return n > items.length;\n}"
NAME = 'String name() {\n    return "calc";\n}'
LONG = "void run() {\n" + "\n".join(f"    step{k}();" for k in range(30)) + "\n}"
KNOWN = frozenset({"length", "int", "0", "1"})  # the vocabulary kept as written


def fixed(method: str, old: str, new: str) -> str:
    assert old in method
    return method.replace(old, new)


@pytest.fixture(scope="module")
def repo(tmp_path_factory: pytest.TempPathFactory) -> Repo:
    r = Repo(tmp_path_factory.mktemp("history") / "project")
    bulk = {f"b/B{k}.java": java_class(f"B{k}", "void f() {\n    g(1);\n}") for k in range(31)}
    r.commit(
        "Add the calculator",
        {
            "Calc.java": java_class("Calc", SIZE, FULL, NAME),
            "Other.java": java_class("Other", SIZE, FULL),
            "Long.java": java_class("Long", LONG),
            **bulk,
        },
    )
    full = fixed(FULL, "n > items", "n >= items")
    r.commit("Fix off-by-one in isFull", {"Calc.java": java_class("Calc", SIZE, full, NAME)})
    spaced = "int size(int[] items) {\n    // the count\n        return items.length;\n}"
    r.commit("Reformat", {"Calc.java": java_class("Calc", spaced, full, NAME)})
    logged = fixed(SIZE, "return", 'System.out.println("size " + items.length);\n    return')
    r.commit("Log sizes", {"Calc.java": java_class("Calc", logged, full, NAME)})
    r.git("mv", "Calc.java", "Calculator.java")
    full2 = fixed(full, "items.length", "items.length - 1")
    name2 = "@Deprecated\n" + NAME
    r.commit("Rename Calc", {"Calculator.java": java_class("Calc", logged, full2, name2)})
    broken = fixed(name2, '"calc";', '"calc" +;')
    r.commit("Wip", {"Calculator.java": java_class("Calc", logged, full2, broken)})
    r.commit("Build again", {"Calculator.java": java_class("Calc", logged, full2, name2)})
    r.commit("Tweak run", {"Long.java": java_class("Long", fixed(LONG, "step29", "step30"))})
    r.commit("Same bug, fixed in Other", {"Other.java": java_class("Other", SIZE, full)})
    r.commit("Bulk change", {k: v.replace("g(1)", "g(2)") for k, v in bulk.items()})
    r.commit("Docs", {"README.md": "calculator\n"})  # no Java: not read
    r.git("checkout", "-q", "-b", "side")
    guarded = fixed(SIZE, "return", "if (items == null) return 0;\n    return")
    r.commit("Guard against NPE in size", {"Other.java": java_class("Other", guarded, full)})
    r.git("checkout", "-q", "main")
    r.git("merge", "-q", "--no-ff", "-m", "Merge side", "side")
    return r


@pytest.fixture(scope="module")
def mined(repo: Repo) -> history.Mined:
    return history.mine(repo.path, KNOWN)


def test_the_edits_with_their_focus_lines(repo: Repo, mined: history.Mined) -> None:
    found = [
        (e.path, e.method, e.focus, e.bugfix, " ".join(e.before), " ".join(e.after))
        for e in mined.edits
    ]
    assert found == [
        (
            "Calc.java",
            "isFull",
            (9, 9),
            True,
            "boolean METHOD_1 ( int VAR_1 , int [ ] VAR_2 ) { return VAR_1 > VAR_2 . length ; }",
            "boolean METHOD_1 ( int VAR_1 , int [ ] VAR_2 ) { return VAR_1 >= VAR_2 . length ; }",
        ),
        (
            "Calc.java",  # the path before the rename
            "isFull",
            (10, 10),  # under the println that "Log sizes" added
            False,
            "boolean METHOD_1 ( int VAR_1 , int [ ] VAR_2 ) { return VAR_1 >= VAR_2 . length ; }",
            "boolean METHOD_1 ( int VAR_1 , int [ ] VAR_2 ) "
            "{ return VAR_1 >= VAR_2 . length - 1 ; }",
        ),
        (
            "Other.java",
            "size",
            (5, 5),  # an insertion: the line it comes before
            True,
            "int METHOD_1 ( int [ ] VAR_1 ) { return VAR_1 . length ; }",
            "int METHOD_1 ( int [ ] VAR_1 ) "
            "{ if ( VAR_1 == null ) return 0 ; return VAR_1 . length ; }",
        ),
    ]
    log = repo.git("log", "--format=%H %s", "--all").splitlines()
    subjects = {line.split(" ", 1)[1]: line.split(" ", 1)[0] for line in log}
    assert [e.commit for e in mined.edits] == [
        subjects["Fix off-by-one in isFull"],
        subjects["Rename Calc"],
        subjects["Guard against NPE in size"],
    ]
    assert [e.time for e in mined.edits] == [BASE_TIME + 86_400 * k for k in (1, 4, 11)]


def test_an_edit_locates_its_method_in_the_file_before(repo: Repo, mined: history.Mined) -> None:
    edit = mined.edits[2]
    before = repo.git("cat-file", "-p", edit.blob)
    assert before == java_class("Other", SIZE, fixed(FULL, "n > items", "n >= items"))
    assert before[edit.start : edit.end] == SIZE.replace("\n", "\n    ")
    assert edit.fixed == "int size(int[] items) {\n        if (items == null) return 0;\n" + (
        "        return items.length;\n    }"
    )


def test_what_is_left_out_and_why(mined: history.Mined) -> None:
    assert mined.merges == 1
    assert mined.commits == 10  # modify or rename Java files: all but the first, Docs, the merge
    assert dict(mined.skipped) == {
        history.WHITESPACE: 1,  # Reformat
        history.BULK: 1,  # 31 files
        history.UNPARSABLE: 2,  # Wip, and Build again (its method before)
        history.TOO_LONG: 1,  # Tweak run
        history.TOO_MANY: 1,  # Log sizes: 13 tokens added
        history.IDENTICAL: 1,  # Rename Calc: an annotation added, which the model never sees
        history.DUPLICATE: 1,  # the fix of Other.isFull repeats that of Calc.isFull
    }


def test_bug_fix_cues() -> None:
    cues = ["Fix off-by-one", "fixes the parser", "Bug in x", "NPE when empty", "crash on load"]
    cues += ["See issue #12", "issue 7: wrong index", "Fixed"]
    plain = ["Add prefix matching", "Prefix docs", "Reorder #123", "Debugging output"]
    assert [history.is_bugfix(m) for m in cues] == [True] * len(cues)
    assert [history.is_bugfix(m) for m in plain] == [False] * len(plain)


def test_split_by_date_and_weights(mined: history.Mined) -> None:
    train, held = history.split_by_date(mined.edits, 1)
    assert [e.method for e in held] == ["size"]  # the newest commit's edit
    assert [e.focus for e in train] == [(9, 9), (10, 10)]
    pairs = history.training_pairs(train)
    first, second = (list(e.before) for e in train)
    assert [x for x, _ in pairs] == [first, first, second]  # the bug fix twice


def test_since_reads_the_newer_commits_only(repo: Repo) -> None:
    newer = history.mine(repo.path, KNOWN, since=f"@{BASE_TIME + 86_400 * 10}")
    assert [e.method for e in newer.edits] == ["size"]


def test_changed_tokens_and_focus_lines() -> None:
    assert history.changed_tokens(list("abcd"), list("axcd")) == 1
    assert history.changed_tokens(list("abcd"), list("abxyzcd")) == 3
    assert history.changed_tokens(list("abcd"), list("ad")) == 2
    method = "f() {\n  a();\n  b();\n}"
    assert history.focus_lines(method, "f() {\n  a();\n  c();\n}") == (2, 2)
    assert history.focus_lines(method, "f() {\n  x();\n  y();\n}") == (1, 2)
    assert history.focus_lines(method, "f() {\n  a();\n  b();\n  c();\n}") == (3, 3)
    assert history.focus_lines(method, "f() {\n  a();\n}") == (2, 2)


def test_not_a_repository(tmp_path: Path) -> None:
    with pytest.raises(TrainerError, match="not a git repository"):
        history.check_repository(tmp_path)


def test_a_shallow_clone_is_refused(repo: Repo, tmp_path: Path) -> None:
    clone = tmp_path / "clone"
    subprocess.run(
        ["git", "clone", "-q", "--depth", "1", f"file://{repo.path}", str(clone)], check=True
    )
    with pytest.raises(TrainerError, match="shallow clone: its history is cut short"):
        history.check_repository(clone)


def test_uncommitted_changes_are_refused_unless_allowed(repo: Repo) -> None:
    other = repo.path / "Other.java"
    text = other.read_text()
    other.write_text(text + "// more\n")
    try:
        with pytest.raises(TrainerError, match="1 tracked file.* uncommitted changes"):
            history.check_repository(repo.path)
        history.check_repository(repo.path, allow_dirty=True)
    finally:
        other.write_text(text)
    (repo.path / "scratch.txt").write_text("untracked files do not matter\n")
    history.check_repository(repo.path)
    (repo.path / "scratch.txt").unlink()


def test_abstract_again_with_a_larger_vocabulary(mined: history.Mined) -> None:
    edit = history.abstract(mined.edits[0], KNOWN | {"isFull", "items"})
    assert edit is not None
    assert " ".join(edit.before) == (
        "boolean isFull ( int VAR_1 , int [ ] items ) { return VAR_1 > items . length ; }"
    )
    assert " ".join(edit.after) == (
        "boolean isFull ( int VAR_1 , int [ ] items ) { return VAR_1 >= items . length ; }"
    )
    assert history.abstract(mined.edits[0], KNOWN) == mined.edits[0]  # as mined


def test_methods_of_the_same_key_are_numbered_in_order() -> None:
    inner = "class {0} {{\n  void run() {{ {1}(); }}\n  void run(int n) {{ {1}(n); }}\n}}\n"
    text = "class Outer {\n" + "".join(inner.format(c, c.lower()) for c in "XYZ") + "}\n"
    source = java.parse(text)
    found = {
        key: text[source.tokens[m.tokens][0].start : source.tokens[m.tokens][-1].end]
        for key, m in history._methods(source).items()
    }
    assert found == {
        ("run", "(", ")"): "void run() { x(); }",
        ("run", "(", "int", "n", ")"): "void run(int n) { x(n); }",
        ("run", "(", ")", "#1"): "void run() { y(); }",
        ("run", "(", "int", "n", ")", "#1"): "void run(int n) { y(n); }",
        ("run", "(", ")", "#2"): "void run() { z(); }",
        ("run", "(", "int", "n", ")", "#2"): "void run(int n) { z(n); }",
    }
