"""The data of bench/similar_edit.py: the generated 50-method file and the hand-written cases
are Java that parses, each with exactly the one edit it is meant to have; the real methods
--real adds to a case are drawn as documented."""

from __future__ import annotations

from pathlib import Path

import pytest

from bench.similar_edit import generated_file, real_methods, with_real
from bench.similar_edit_cases import CASES, files, held_out
from spancopy_core.lang import java
from spancopy_core.repair import rewrite
from spancopy_core.repair.similar import anchors, changed_methods


def test_the_generated_file_has_50_methods_and_one_edit():
    old, new = generated_file(50)
    source = java.parse(new)
    assert len(source.methods) == 50 and not source.tree.root_node.has_error
    assert new.count("open(") == 10 and new.count("open(path, true)") == 1
    (edit,) = changed_methods(java.parse(old), source)
    assert edit.name == "load"


ALL = CASES + held_out()


@pytest.mark.parametrize("case", ALL, ids=[c.name for c in ALL])
def test_each_case_is_one_edit_and_its_targets_change(case):
    old, new = files(case)
    source = java.parse(new)
    assert not source.tree.root_node.has_error and not java.parse(old).tree.root_node.has_error
    assert len(source.methods) == 1 + len(case.targets) + len(case.unrelated)
    assert len({m.name for m in source.methods}) == len(source.methods)  # found by name
    (edit,) = changed_methods(java.parse(old), source)
    assert edit.line == 1  # the first method of the class
    for before, after in case.targets:
        assert before != after and not java.has_syntax_error(f"class A {{\n{after}\n}}\n")


def test_the_held_out_set_is_split_in_halves_of_30_kinds_or_more():
    dev, test = held_out(split="dev"), held_out(split="test")
    assert len(dev) + len(test) == len(held_out()) >= 30
    assert len(dev) == len(test) and {c.name for c in dev}.isdisjoint(c.name for c in test)
    assert all(len(c.targets) >= 2 and len(c.unrelated) >= 2 for c in dev + test)


def test_the_norule_edit_has_no_rule_and_no_anchor():
    old, new = generated_file(50, edit="norule")
    (edit,) = changed_methods(java.parse(old), java.parse(new))
    assert edit.name == "load" and new.count("+ limit + 1;") == 1
    assert rewrite.edit_rules(edit.before, edit.after) == []  # return #0 ; matches return limit;
    texts = [t.text for t in edit.before], [t.text for t in edit.after]
    assert anchors(*texts) == set()


def test_real_methods_are_drawn_named_unlike_the_cases_and_like_its_edit(tmp_path: Path):
    setters = "".join(
        f"    void setA{k}(int a{k}) {{\n        this.a{k} = a{k};\n    }}\n" for k in range(3)
    )
    (tmp_path / "A.java").write_text(
        "class A {\n    A() {\n        go();\n    }\n\n"  # a constructor: not drawn
        "    int setName(int x) {\n        return x;\n    }\n\n"  # named as a case's method
        + setters
        + "    int other() {\n        return 1;\n    }\n}\n",
        encoding="utf-8",
    )
    pool = real_methods([tmp_path])
    assert [m.split("(")[0] for m in pool] == [
        "int setName",
        "void setA0",
        "void setA1",
        "void setA2",
        "int other",
    ]
    (case,) = [c for c in CASES if c.name == "null check added"]  # edits setName
    more, drawn = with_real(case, pool, 2)
    assert len(drawn) == 2 and all(m.startswith("void setA") for m in drawn)  # this.x = x;
    assert more.unrelated == [*case.unrelated, *drawn] and more.targets == case.targets
    _, every = with_real(case, pool, 10)
    assert sorted(every) == sorted(pool[1:4])  # only the look-alikes, setName left out
