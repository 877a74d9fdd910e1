"""The data of bench/similar_edit.py: the generated 50-method file and the hand-written cases
are Java that parses, each with exactly the one edit it is meant to have."""

from __future__ import annotations

import pytest

from bench.similar_edit import generated_file
from bench.similar_edit_cases import CASES, files
from spancopy_core.lang import java
from spancopy_core.repair.similar import changed_methods


def test_the_generated_file_has_50_methods_and_one_edit():
    old, new = generated_file(50)
    source = java.parse(new)
    assert len(source.methods) == 50 and not source.tree.root_node.has_error
    assert new.count("open(") == 10 and new.count("open(path, true)") == 1
    (edit,) = changed_methods(java.parse(old), source)
    assert edit.name == "load"


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_each_case_is_one_edit_and_its_targets_change(case):
    old, new = files(case)
    source = java.parse(new)
    assert not source.tree.root_node.has_error and not java.parse(old).tree.root_node.has_error
    assert len(source.methods) == 1 + len(case.targets) + len(case.unrelated)
    (edit,) = changed_methods(java.parse(old), source)
    assert edit.line == 1  # the first method of the class
    for before, after in case.targets:
        assert before != after and not java.has_syntax_error(f"class A {{\n{after}\n}}\n")
