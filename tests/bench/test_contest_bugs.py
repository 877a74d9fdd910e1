"""bench/contest_bugs.py: the source format on a hand-written program, and the committed
records built from the committed source."""

from __future__ import annotations

import json

import pytest

from bench import contest_bugs

SOURCE = """### sum:missing_reset
import java.util.*;

public class Main {
    static int k = 2;

    public static void main(String[] args) {
        Scanner sc = new Scanner(System.in);
        long s = 0; //! int s = 0;
        s = 0; //!
        System.out.println(s * k);
    }
}
"""


def test_a_program_becomes_the_buggy_and_fixed_method_with_the_class_around_it():
    ((header, lines),) = contest_bugs.programs(SOURCE)
    assert header == "sum:missing_reset"
    record = contest_bugs.record(header, lines)
    assert record == {
        "id": "contest:sum:missing_reset",
        "buggy": "public static void main(String[] args) {\n"
        "        Scanner sc = new Scanner(System.in);\n"
        "        int s = 0;\n"
        "        System.out.println(s * k);\n"
        "    }",
        "fixed": "public static void main(String[] args) {\n"
        "        Scanner sc = new Scanner(System.in);\n"
        "        long s = 0;\n"
        "        s = 0;\n"
        "        System.out.println(s * k);\n"
        "    }",
        "class_name": "Main",
        "imports": ["java.util.*"],
        "indent": "    ",
        "before": "    static int k = 2;\n",
        "after": "",
    }


def test_a_bug_outside_every_method_is_refused():
    lines = contest_bugs.programs(SOURCE.replace("int k = 2;", "int k = 2; //! int k = 3;"))
    with pytest.raises(contest_bugs.SourceError, match="no method"):
        contest_bugs.record(*lines[0])


def test_the_halves_are_seeded_and_even():
    records = [{"id": f"contest:{k}"} for k in range(10)]
    contest_bugs.split(records)
    dev = [r["id"] for r in records if r["split"] == "dev"]
    again = [{"id": f"contest:{k}"} for k in range(10)]
    contest_bugs.split(again)
    assert len(dev) == 5 and dev == [r["id"] for r in again if r["split"] == "dev"]


@pytest.mark.parametrize(
    ("source", "count", "prefix"),
    [(contest_bugs.SOURCE, 132, "contest:"), (contest_bugs.CLASSIC, 40, "classic:")],
)
def test_the_committed_records_are_built_from_the_committed_source(source, count, prefix):
    records = contest_bugs.build(source)
    lines = contest_bugs.output(source).read_text(encoding="utf-8").splitlines()
    assert [json.loads(line) for line in lines] == records
    assert len(records) == count and all(r["id"].startswith(prefix) for r in records)
    assert sum(r["split"] == "dev" for r in records) == count // 2
