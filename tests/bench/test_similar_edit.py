"""The data of bench/similar_edit.py: the generated 50-method file and the hand-written cases
are Java that parses, each with exactly the one edit it is meant to have."""

from __future__ import annotations

import pytest

from bench.similar_edit import generated_file
from bench.similar_edit_cases import CASES, files, held_out
from spancopy_core.lang import java
from spancopy_core.repair.similar import changed_methods


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
