"""``spancopy similar-edit`` end to end, through its ``main`` (tests/test_cli.py runs the
command as a process): bad input as one-line errors with their exit status, proposals of the
toy edit model as diffs and as JSON, and the rewrite rules' proposals of an edit the toy model
never learnt, by default; the issue's own examples (issue 26) with the shipped edit model."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from .conftest import spancopy_main as spancopy
from .core.repair.test_similar import NEW, OLD
from .test_cli import apply_lsp_edits, one_line_error


def edited(folder: Path, name: str, before: str, after: str) -> tuple[Path, Path]:
    """``(FILE, OLDFILE)``: ``folder/NAME.java`` holding ``after``, ``NAME.old.java``
    ``before``."""
    new, old = folder / f"{name}.java", folder / f"{name}.old.java"
    new.write_text(after, encoding="utf-8")
    old.write_text(before, encoding="utf-8")
    return new, old


@pytest.fixture
def files(tmp_path: Path) -> tuple[Path, Path]:
    """``(FILE, OLDFILE)``: ``load`` got an extra argument ``true``."""
    return edited(tmp_path, "Files", OLD, NEW)


def test_proposals_as_diffs(toy_edit_model: Path, files: tuple[Path, Path]):
    new, old = files
    out = spancopy("similar-edit", new, "--before", old, "--model", toy_edit_model)
    assert out.returncode == 0, out.stderr
    header, rest = out.stdout.split("\n", 1)
    assert header == f"{new}:6: method reload: 1 proposal(s) of the edit from line 2"
    assert rest.startswith('#1 Change to "return open(name, true);"\n')  # ranked, no share
    assert "-        return open(name);\n+        return open(name, true);\n" in rest
    assert "count" not in rest.split("@@")[0] and "n + k" not in rest
    assert out.stdout.endswith("1 method(s) with proposals of the edit of load (line 2)\n")


def test_proposals_as_json_in_the_shape_of_repairs(toy_edit_model: Path, files: tuple[Path, Path]):
    new, old = files
    out = spancopy("similar-edit", new, "--before", old, "--model", toy_edit_model, "--json")
    assert out.returncode == 0, out.stderr
    report = json.loads(out.stdout)
    assert report["edits"] == [{"name": "load", "line": 2}]
    (method,) = report["methods"]
    assert (method["name"], method["line"], method["edit_line"]) == ("reload", 6, 2)
    (repair,) = method["repairs"]
    assert repair["rank"] == 1 and 0 < repair["probability"] <= 1
    assert repair["probability"] + method["unchanged_probability"] == pytest.approx(1.0)
    assert apply_lsp_edits(NEW, repair["edits"]) == NEW.replace("open(name)", "open(name, true)")


def test_a_high_threshold_leaves_the_rules_proposals(toy_edit_model: Path, files):
    new, old = files
    args = ("similar-edit", new, "--before", old, "--model", toy_edit_model, "--threshold", "1e30")
    out = spancopy(*args)
    assert out.returncode == 0, out.stderr
    # the rule open(#0) => open(#0, true) matches reload; only the model's own are floored
    assert out.stdout.endswith("1 method(s) with proposals of the edit of load (line 2)\n")
    assert "+        return open(name, true);\n" in out.stdout


@pytest.mark.slow
def test_bad_input(toy_edit_model: Path, toy_model: Path, files: tuple[Path, Path], tmp_path):
    new, old = files
    model = ("--model", toy_edit_model)
    missing = tmp_path / "Missing.java"
    one_line_error(spancopy("similar-edit", missing, "--before", old, *model), 2, "no such file")
    one_line_error(spancopy("similar-edit", new, "--before", missing, *model), 2, "no such file")
    one_line_error(spancopy("similar-edit", new, *model), 2, "--before")
    binary = tmp_path / "Bin.java"
    binary.write_bytes(b"class A {\x00}")
    one_line_error(spancopy("similar-edit", binary, "--before", old, *model), 2, "binary file")
    broken = tmp_path / "Broken.java"
    broken.write_text(NEW.replace("count++;", "count++ +;"), encoding="utf-8")
    one_line_error(
        spancopy("similar-edit", broken, "--before", old, *model), 2, "does not parse as Java"
    )
    one_line_error(spancopy("similar-edit", new, "--before", new, *model), 1, "no method changed")
    one_line_error(
        spancopy("similar-edit", new, "--before", old, "--model", toy_model),
        2,
        "not an edit model",
    )
    one_line_error(
        spancopy("similar-edit", new, "--before", old, "--model", tmp_path / "none"),
        2,
        "cannot load the model",
    )


TRIMS = """class Names {
    String clean(String name) {
        return name.trim();
    }

    int age(String text) {
        return  Integer.parseInt( text.trim( ) );
    }

    int width(String name) {
        return name.length();
    }
}
"""


def test_the_rules_carry_an_edit_the_model_never_learnt(toy_edit_model: Path, tmp_path: Path):
    after = TRIMS.replace("return name.trim();", "return name.strip();")
    new, old = edited(tmp_path, "Names", TRIMS, after)
    args = ("similar-edit", new, "--before", old, "--model", toy_edit_model, "--json")
    out = spancopy(*args, "--top-k", "3")
    assert out.returncode == 0, out.stderr
    report = json.loads(out.stdout)
    assert report["edits"] == [{"name": "clean", "line": 2}]
    (method,) = report["methods"]  # width has no trim(): nothing there
    assert (method["name"], method["line"]) == ("age", 6)
    expected = after.replace("text.trim( )", "text.strip( )")  # the layout kept
    assert [apply_lsp_edits(after, r["edits"]) for r in method["repairs"]] == [expected]


REPO = """import java.util.Collections;
import java.util.List;

class Repo {
    List<String> names() {
        return Collections.unmodifiableList(names);
    }

    List<Integer> ages() {
        return Collections.unmodifiableList(ages);
    }

    String cleanName() {
        return name.trim();
    }

    int size() {
        return names.size();
    }

    String cleanAge() {
        return age.trim();
    }
}
"""


@pytest.mark.parametrize(
    ("edit", "method", "expected"),
    [
        (
            ("Collections.unmodifiableList(names)", "List.copyOf(names)"),
            "ages",
            ("Collections.unmodifiableList(ages)", "List.copyOf(ages)"),
        ),
        (("name.trim()", "name.strip()"), "cleanAge", ("age.trim()", "age.strip()")),
    ],
    ids=["unmodifiableList to List.copyOf", "trim to strip"],
)
def test_the_issues_examples_with_the_shipped_edit_model(tmp_path: Path, edit, method, expected):
    after = REPO.replace(*edit)
    new, old = edited(tmp_path, "Repo", REPO, after)
    out = spancopy("similar-edit", new, "--before", old, "--json", "--top-k", "3")
    assert out.returncode == 0, out.stderr
    (found,) = json.loads(out.stdout)["methods"]  # size() is left alone
    assert found["name"] == method
    first = found["repairs"][0]
    assert apply_lsp_edits(after, first["edits"]) == after.replace(*expected)


def sums(n: int) -> str:
    """A class whose first method returns ``open(path) + limit`` or ``limit``, then ``n``
    methods ``mK`` of 16 model tokens each (``int METHOD ( int VAR , int VAR ) { return VAR
    + VAR ; }``) with the neighbourhood of "+ 1" added to the first method's last return."""
    body = "".join(
        f"\n    int m{k}(int x, int y) {{\n        return x + y;\n    }}\n" for k in range(1, n + 1)
    )
    first = (
        "    int load(int path, int limit) {\n        if (limit < 0) {\n"
        "            return limit;\n        }\n        return open(path) + limit;\n    }\n"
    )
    return "class Sums {\n" + first + body + "}\n"


@pytest.mark.parametrize("n", [32, 40])
def test_the_methods_past_the_beams_budget_are_said_in_one_line(toy_edit_model: Path, tmp_path, n):
    # no rule (return #0 ; would match the return left alone) and no anchor: the beam may
    # search every method, as far as the default budget of 512 tokens goes: 32 methods of 16
    after = sums(n).replace("+ limit;", "+ limit + 1;")
    new, old = edited(tmp_path, "Sums", sums(n), after)
    out = spancopy("similar-edit", new, "--before", old, "--model", toy_edit_model, "--json")
    assert out.returncode == 0, out.stderr
    report = json.loads(out.stdout)
    assert report["edits"] == [{"name": "load", "line": 2}]
    if n == 32:
        assert out.stderr == ""
        return
    head, listed = out.stderr.split(": ", 1)[1].split(" only: ")
    assert head == (
        "8 method(s) past the edit model's budget of 512 tokens get the rewrite rules' proposals"
    )
    assert out.stderr.startswith(f"{new}: ") and out.stderr.count("\n") == 1
    names = [m.split(" (line ")[0] for m in listed.rstrip("\n").split(", ")]
    assert names == [f"m{k}" for k in range(33, 41)]  # the last 8, all alike
    assert listed.startswith("m33 (line 137), ")  # m1 on line 9 (after load, lines 2-7), 4 each
    assert not {m["name"] for m in report["methods"]} & set(names)


def test_the_methods_past_the_budget_are_said_in_the_files_order(toy_edit_model: Path, tmp_path):
    # a method less like the edit (x * y) early in the file is left after a later one
    # that is as like it as the rest: the line says them in the file's order all the same
    text = sums(33).replace(
        "\n    int m1(",
        "\n    int low(int x, int y) {\n        return x * y;\n    }\n\n    int m1(",
    )
    after = text.replace("+ limit;", "+ limit + 1;")
    new, old = edited(tmp_path, "Sums", text, after)
    out = spancopy("similar-edit", new, "--before", old, "--model", toy_edit_model, "--json")
    assert out.returncode == 0, out.stderr
    listed = out.stderr.split(" only: ")[1].rstrip("\n").split(", ")
    assert [m.split(" (line ")[0] for m in listed] == ["low", "m33"]
    lines = [int(m.split(" (line ")[1].rstrip(")")) for m in listed]
    assert lines == sorted(lines)


QUOTES = """class Quotes {
    boolean isQuote(Character c) {
        return c.equals('"');
    }

    boolean isOpen(Character c, char open) {
        return c.equals(open);
    }

    boolean same(String s, String t) {
        return s.equals(t);
    }

    boolean equal(Object a, Object b) {
        return a.equals(b);
    }
}
"""


def test_a_rule_as_general_as_any_equals_is_proposed_only_where_the_types_fit(
    toy_edit_model: Path, tmp_path: Path
):
    after = QUOTES.replace("return c.equals('\"');", "return c == '\"';")
    new, old = edited(tmp_path, "Quotes", QUOTES, after)
    args = ("similar-edit", new, "--before", old, "--model", toy_edit_model, "--json")
    out = spancopy(*args, "--top-k", "1")
    assert out.returncode == 0, out.stderr
    # #0 . equals ( #1 ) => #0 == #1 compared a Character with a char: it fits isOpen; == of
    # two Strings or two Objects compares references, not what equals() compares
    (method,) = json.loads(out.stdout)["methods"]
    assert method["name"] == "isOpen"
    (repair,) = method["repairs"]
    assert apply_lsp_edits(after, repair["edits"]) == after.replace("c.equals(open)", "c == open")


def test_an_annotation_added_is_said_not_to_be_carried(toy_edit_model: Path, tmp_path: Path):
    before = "class A {\n    String name() {\n        return name;\n    }\n\n" + (
        "    String city() {\n        return city;\n    }\n}\n"
    )
    after = before.replace("    String name()", "    @Deprecated\n    String name()")
    new, old = edited(tmp_path, "A", before, after)
    out = spancopy("similar-edit", new, "--before", old, "--model", toy_edit_model)
    assert out.returncode == 0, out.stderr
    assert out.stderr == (
        f"{new}: only annotations changed in name (line 2); similar-edit does not carry "
        "annotations to other methods\n"
    )
    assert out.stdout == "0 method(s) with proposals of the edit of name (line 2)\n"
