"""bench/template_cost.py: the templates of an earlier commit, read from git history."""

from __future__ import annotations

import pytest

from bench import template_cost
from spancopy_core.lang import java
from spancopy_core.repair.templates import repair_templates

TEXT = "class C { int f(int a, int b) {\nreturn a < b ? Math.min(a, b) : b;\n}}"


def test_the_templates_of_a_commit_are_those_it_holds():
    start = TEXT.index("return")
    end = TEXT.index(";") + 1
    tokens = java.parse(TEXT).tokens
    head = template_cost.templates_at("HEAD")  # the committed file, run apart from this one
    assert head is not repair_templates
    edits = {(TEXT[e.start : e.end], e.new_text) for e in head(tokens, start, end)}
    assert {("<", "<="), ("a", "b"), ("b", "a"), ("min", "max")} <= edits


def test_an_unknown_revision_is_one_clear_error():
    with pytest.raises(SystemExit, match="git show nosuchrev"):
        template_cost.templates_at("nosuchrev")
