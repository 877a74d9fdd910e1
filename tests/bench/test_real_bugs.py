"""The pure parts of bench/real_bugs.py on hand-written cases, and one bug end to end through the
pipeline with the toy model (no shared data needed)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from bench import real_bugs
from spancopy_core.repair.pipeline import RepairOptions
from spancopy_core.storage.checkpoint import load_model

RECORD = {
    "id": "manysstubs4j:0",
    "package": "org.example.util",
    "imports": ["java.util.List", "static org.junit.Assert.assertTrue"],
    "class_name": "Limits",
    "indent": "    ",
    "buggy": "public boolean fits(int value, int limit) {\n        return value > limit;\n    }",
    "fixed": "public boolean fits(int value, int limit) {\n        return value >= limit;\n    }",
}


def test_file_text_puts_the_method_in_its_class():
    text, line = real_bugs.file_text(RECORD, RECORD["buggy"])
    assert text == (
        "package org.example.util;\n"
        "\n"
        "import java.util.List;\n"
        "import static org.junit.Assert.assertTrue;\n"
        "\n"
        "class Limits {\n"
        "    public boolean fits(int value, int limit) {\n"
        "        return value > limit;\n"
        "    }\n"
        "}\n"
    )
    assert line == 6
    bare, line = real_bugs.file_text({"indent": ""}, "void f() {}")
    assert bare == "\nclass C {\nvoid f() {}\n}\n" and line == 2


@pytest.mark.parametrize(
    ("buggy", "fixed", "kind"),
    [
        # CodRep's IClassResolver: abstract dropped, which only an interface allows
        (
            "public abstract Class resolve(String name);",
            "public Class resolve(String name);",
            "interface",
        ),
        ("Class resolve(String name);", "Class resolve(String name) throws E;", "interface"),
        ("public abstract Class resolve(String name);", "abstract Class resolve();", "class"),
        ("native int handle();", "native long handle();", "class"),
        ("void f() { g(); }", "void f() { h(); }", "class"),
    ],
)
def test_file_text_holds_a_bodiless_method_in_an_interface(
    buggy: str, fixed: str, kind: str
) -> None:
    """A method without a body that is neither abstract nor native, on either side, is an
    interface's: both sides are put in one, so that the validity check judges them there."""
    record = {"class_name": "Resolver", "buggy": buggy, "fixed": fixed}
    for side in (buggy, fixed):
        text, _ = real_bugs.file_text(record, side)
        assert f"\n{kind} Resolver {{\n" in text


@pytest.mark.parametrize(
    ("buggy", "fixed", "line"),
    [
        ("void f() {\n  a();\n  b();\n}", "void f() {\n  a();\n  c();\n}", 2),
        ("void f() {\n  a();\n}", "void g() {\n  a();\n}", 0),
        ("void f() {\n  a();\n  b();\n}", "void f() {\n    a();\n  b(1);\n}", 2),  # re-indent
        ("void f() {\n  a();\n  b();\n}", "void f() {\n  a();\n  x();\n  b();\n}", 2),  # insert
        ("void f() {\n  a();\n}", "void f() {\n  a();\n}\n", 2),  # past the end: last line
    ],
)
def test_first_changed_line(buggy, fixed, line):
    assert real_bugs.first_changed_line(buggy, fixed) == line


def test_same_code_ignores_whitespace_and_comments_only():
    a = "class A {\n  int f() { return a >= b; }\n}"
    assert real_bugs.same_code(a, "class A { int f() {\n\n return a>=b; // x\n} /* y */ }")
    assert not real_bugs.same_code(a, a.replace(">=", ">"))
    assert not real_bugs.same_code(a, a.replace(">=", "> ="))  # two tokens, not one
    assert not real_bugs.same_code('s = "a b";', 's = "a  b";')  # inside a string it counts


def test_pure_deletion():
    before = "a ( ) ; b ( ) ;".split()
    assert real_bugs.pure_deletion(before, "b ( ) ;".split())
    assert real_bugs.pure_deletion(before, "a ( ) b ( ) ;".split())
    assert not real_bugs.pure_deletion(before, before)
    assert not real_bugs.pure_deletion(before, "b ( ) ; a".split())  # a moved
    assert not real_bugs.pure_deletion(before, "c ( ) ;".split())


def test_expressible():
    vocab = {"0", "1", "+", "VAR_1", "VAR_2", "return", ";"}
    before = "return VAR_1 ;".split()
    assert real_bugs.expressible(before, "return VAR_1 + 1 ;".split(), vocab)
    assert not real_bugs.expressible(before, "return VAR_1 + 2 ;".split(), vocab)
    assert not real_bugs.expressible(before, "return VAR_2 ;".split(), vocab)  # a new name


def test_baseline_keeps_mutants_that_parse():
    text = "class A {\n  List<String> f(int a) { return g(a < 2); }\n}\n"
    start = text.index("  List")
    mutants = real_bugs.baseline(text, start, text.index("\n}"))
    assert [m.split("\n")[1] for m in mutants] == [  # the generic's < and > do not parse
        "  List<String> f(int a) { return g(a <= 2); }",
        "  List<String> f(int a) { return g(a > 2); }",
        "  List<String> f(int a) { return g(a >= 2); }",
        "  List<String> f(int a) { return g(a == 2); }",
        "  List<String> f(int a) { return g(a != 2); }",
    ]


def test_one_bug_end_to_end(toy_model: Path):
    bug = real_bugs.evaluate(load_model(toy_model), RECORD, RepairOptions(beam_size=8))
    assert bug.focus_line == 1
    assert bug.baseline_rank == 3  # > becomes <, <=, then >=
    assert bug.model_rank == 1  # the toy model's best repair is >=
    assert bug.rank1_title == 'Change to "return value >= limit;"'
    assert bug.rank1_deletion is False and bug.rank1_lines == (0, 0)
    assert bug.expressible and bug.model_units == 1
    wrong = {**RECORD, "fixed": RECORD["fixed"].replace(">=", "!=")}
    bug = real_bugs.evaluate(load_model(toy_model), wrong, RepairOptions(beam_size=8))
    assert bug.model_rank is None and bug.baseline_rank == 5


def test_whole_asks_the_bugs_method_alone_without_a_focus(toy_model: Path, monkeypatch):
    asked = []
    repair_units = real_bugs.runner.repair_units

    def spy(model, doc, units, options, **kw):
        asked.append(([doc.text[u.start : u.end].split("(")[0] for u in units], kw["focus"]))
        return repair_units(model, doc, units, options, **kw)

    monkeypatch.setattr(real_bugs.runner, "repair_units", spy)
    record = {**RECORD, "after": "\n    int twice(int x) {\n        return x * 2;\n    }"}
    model = load_model(toy_model)
    at_line = real_bugs.evaluate(model, record, RepairOptions(beam_size=8))
    whole = real_bugs.evaluate(model, record, RepairOptions(beam_size=8), whole=True)
    assert whole.model_units == at_line.model_units == 1
    assert {units[0] for units, _ in asked} == {"public boolean fits"}  # not twice
    assert all(focus is not None for _, focus in asked[:2])  # at the line: both rankings
    assert [focus for _, focus in asked[2:]] == [None, None]  # whole: no focus
    assert whole.baseline_rank == at_line.baseline_rank == 3  # the baseline stays at the line


def test_report_counts_ranks_and_deletions():
    def bug(base, model, combined, deletion, lines=(0, 0)):
        return real_bugs.Bug("x", 0, True, base, model, combined, 1, "t", deletion, lines, 10.0)

    bugs = [
        bug(1, 2, 1, False),
        bug(None, 1, 3, False, (3, 4)),
        bug(6, None, None, True, (-1, -1)),
    ]
    text = real_bugs.report(bugs, "dev")
    assert "| baseline: single-token mutations | 1 | 1 |" in text
    assert "| model alone: beam candidates in beam order | 1 | 2 |" in text
    assert "| combined: beam + templates, exact probability | 1 | 2 |" in text
    assert "pure deletions: 1/3 (33.3%)" in text
    assert text.splitlines()[-1] == (
        "RESULT slice=dev n=3 baseline_top1=1 baseline_top5=1 model_top1=1 model_top5=2"
        " combined_top1=1 combined_top5=2 rank1_deletions=0.333 expressible=3"
    )


def test_missing_data_is_one_line_and_status_2(tmp_path, monkeypatch, capsys):
    monkeypatch.setattr(real_bugs, "MSB", tmp_path / "absent.jsonl")
    monkeypatch.setattr(sys, "argv", ["real_bugs.py"])
    assert real_bugs.main() == 2
    err = capsys.readouterr().err
    assert err.startswith("real-bug data not found:") and err.count("\n") == 1


def test_everyday_bugs_are_one_small_change_in_a_method_that_parses():
    lines = real_bugs.EVERYDAY.read_text(encoding="utf-8").splitlines()
    records = [json.loads(line) for line in lines]
    assert len(records) == len({r["id"] for r in records}) == 28
    for r in records:
        buggy, _ = real_bugs.file_text(r, r["buggy"])
        fixed, _ = real_bugs.file_text(r, r["fixed"])
        assert real_bugs._parses(buggy) and real_bugs._parses(fixed), r["id"]
        assert not real_bugs.same_code(buggy, fixed), r["id"]
        assert real_bugs.first_changed_line(r["buggy"], r["fixed"]) > 0, r["id"]  # in the body


def test_records_option_runs_a_file_of_records(toy_model: Path, tmp_path, monkeypatch, capsys):
    records = tmp_path / "mine.jsonl"
    records.write_text(json.dumps(RECORD) + "\n")
    argv = ["real_bugs.py", "--records", str(records), "--model", str(toy_model), "--beam", "8"]
    monkeypatch.setattr(sys, "argv", argv)
    assert real_bugs.main() == 0
    last = capsys.readouterr().out.splitlines()[-1]
    assert last.startswith("RESULT slice=mine n=1 baseline_top1=0 baseline_top5=1 model_top1=1 ")


def test_file_text_rebuilds_a_whole_program_around_the_method():
    record = {
        "imports": ["java.util.*"],
        "class_name": "Main",
        "indent": "    ",
        "before": "    static int[] a;\n",
        "after": "\n    static int g() {\n        return 1;\n    }",
        "buggy": "static int f() {\n        return a[0];\n    }",
    }
    text, line = real_bugs.file_text(record, record["buggy"])
    assert text == (
        "import java.util.*;\n"
        "\n"
        "class Main {\n"
        "    static int[] a;\n"
        "\n"
        "    static int f() {\n"
        "        return a[0];\n"
        "    }\n"
        "\n"
        "    static int g() {\n"
        "        return 1;\n"
        "    }\n"
        "}\n"
    )
    assert line == 5
    assert [t.text for t in real_bugs._method_tokens(text, line)][:4] == ["static", "int", "f", "("]


def test_contest_bugs_split_in_halves_and_each_parses():
    path = real_bugs.ROOT / "bench" / "data" / "contest_bugs.jsonl"
    records = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
    assert len(records) == len({r["id"] for r in records}) >= 80
    assert sum(r["split"] == "dev" for r in records) == len(records) // 2
    for r in records:
        buggy, line = real_bugs.file_text(r, r["buggy"])
        fixed, _ = real_bugs.file_text(r, r["fixed"])
        assert real_bugs._parses(buggy) and real_bugs._parses(fixed), r["id"]
        assert not real_bugs.same_code(buggy, fixed), r["id"]
        assert "static void main" in buggy, r["id"]  # a whole program
