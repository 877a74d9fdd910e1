"""The context segment of Java units (spancopy_core.paper.context): what the file offers a method,
numbered after the method, and a copy of a context token mapped back to the real name by the
pipeline; a model that reads no context gets the units of before."""

from __future__ import annotations

from pathlib import Path

import pytest

from spancopy_core.lang import java
from spancopy_core.lang.errors import ConcretizeError
from spancopy_core.paper.actions import Copy, Gen, Hypothesis
from spancopy_core.paper.context import SEPARATOR
from spancopy_core.paper.vocab import EOS
from spancopy_core.repair import pipeline, runner
from spancopy_core.repair.java import JavaFrontend
from spancopy_core.repair.pipeline import ParsedText, RepairOptions
from spancopy_core.storage.checkpoint import load_model

SOURCE = """package p;
import java.util.List;

class Counter {
    private int count;
    private int size = 2;
    static final int LIMIT = 100;
    List<String> items;

    int total() {
        return size + 1;
    }

    void reset() {
        items.clear();
        System.out.println("reset " + LIMIT);
    }

    class Inner {
        int depth;
        int deeper() { return depth + 7; }
    }
}
"""
KNOWN = frozenset({"return", "int", "{", "}", "(", ")", ";", "+", "1", "0"})


def method(doc: java.JavaSource, name: str) -> java.Method:
    return next(m for m in doc.methods if m.name == name)


def test_the_scope_of_a_method_lists_class_members_then_other_names_then_literals():
    doc = java.parse(SOURCE)
    scope = [(t.text, t.role) for t in doc.scope(method(doc, "total"))]
    # Fields in declaration order, then the methods of the class (its own name too: the
    # abstraction drops what the method has), then names used elsewhere by frequency.
    assert scope[:6] == [
        ("count", "var"),
        ("size", "var"),
        ("LIMIT", "var"),
        ("items", "var"),
        ("total", "method"),
        ("reset", "method"),
    ]
    texts = [t for t, _ in scope]
    assert "java" not in texts and "util" not in texts  # import names are not offered
    assert texts.index("println") < texts.index('"reset "')  # names before literals
    assert {"2", "100", "7"} <= set(texts)
    # A method of an inner class: its own class's field first, then the outer class's.
    inner = [t.text for t in doc.scope(method(doc, "deeper"))]
    assert inner[:2] == ["depth", "count"]


def test_the_context_is_numbered_after_the_method_without_what_it_has_or_the_vocabulary_knows():
    doc = java.parse(SOURCE)
    m = method(doc, "total")
    plain = java.model_input(doc.tokens[m.tokens], KNOWN, doc.imports)
    found = java.model_input(doc.tokens[m.tokens], KNOWN, doc.imports, doc.scope(m))
    assert found.tokens == plain.tokens == "int METHOD_1 ( ) { return VAR_1 + 1 ; }".split()
    assert not plain.context
    # size is VAR_1 in the method, total is METHOD_1: neither is offered again; "2" is not
    # known, so it is a literal of the context.
    assert list(found.context[:4]) == ["VAR_2", "VAR_3", "VAR_4", "METHOD_2"]
    assert SEPARATOR not in found.context
    assert found.mapping.concretize(["VAR_2", "VAR_3", "METHOD_2"]) == ["count", "LIMIT", "reset"]
    assert "INT_1" in found.context and found.mapping.concretize(["INT_1"]) == ["2"]
    with pytest.raises(ConcretizeError):
        plain.mapping.concretize(["VAR_2"])  # without the context, no such name


def test_known_names_stay_in_the_context_by_name_known_literals_do_not():
    doc = java.parse(SOURCE)
    m = method(doc, "total")
    found = java.model_input(
        doc.tokens[m.tokens], KNOWN | {"items", "2"}, doc.imports, doc.scope(m)
    )
    assert list(found.context[:4]) == ["VAR_2", "VAR_3", "items", "METHOD_2"]
    literals = found.mapping.concretize([t for t in found.context if t.startswith("INT_")])
    assert "2" not in found.context and "2" not in literals and "100" in literals


def test_a_training_pair_numbers_the_context_before_the_fixed_side():
    doc = java.parse(SOURCE)
    m = method(doc, "total")
    fixed = doc.tokens[m.tokens]
    buggy = java.lex(
        "int total() {\n        return count + 1;\n    }"
    )  # the bug: count for size; the fix needs size, which the buggy method lacks
    before, after = java.model_input_pair(buggy, fixed, KNOWN, doc.imports, doc.scope(m))
    assert before.tokens == "int METHOD_1 ( ) { return VAR_1 + 1 ; }".split()
    assert before.context[0] == "VAR_2"  # size: count is VAR_1, the method's
    assert after.tokens == "int METHOD_1 ( ) { return VAR_2 + 1 ; }".split()


def test_the_pipeline_maps_a_copy_from_the_context_back_to_the_real_name():
    frontend = JavaFrontend()
    doc = ParsedText.parse(SOURCE, frontend)
    start = SOURCE.index("return size")
    (unit,) = pipeline.units(doc, KNOWN, (start, start), context=True)
    assert unit.tokens == tuple("int METHOD_1 ( ) { return VAR_1 + 1 ; }".split())
    x = pipeline.model_input(unit)
    n = len(unit.tokens)
    assert x[n] == SEPARATOR and x[n + 1] == "VAR_2"  # count
    # A derivation that copies "int METHOD_1 ( ) { return", then count from the context,
    # then "+ 1 ; }" from the method.
    actions = [Copy(0, 6), Copy(n + 1, n + 2), Copy(7, 11), Gen(EOS)]
    tokens = [*x[0:6], "VAR_2", *x[7:11]]
    h = pipeline.within_method(Hypothesis(tokens, -0.5, actions), n)
    assert h.actions == [Copy(0, 6), Gen("VAR_2"), Copy(7, 11), Gen(EOS)]
    found = pipeline.unit_candidates(doc, unit, [h], RepairOptions(ranking="beam"))
    assert [c.new_text for c in found] == ["int total() {\n        return count + 1;\n    }"]
    # Without the context segment, the unit is the unit of before.
    (plain,) = pipeline.units(doc, KNOWN, (start, start))
    assert plain.scope == () and plain.tokens == unit.tokens


def test_a_model_that_reads_context_repairs_through_the_pipeline(toy_model: Path):
    model = load_model(toy_model, device="cpu")
    frontend = JavaFrontend()
    doc = ParsedText.parse(SOURCE, frontend)
    start = SOURCE.index("return size")
    options = RepairOptions(beam_size=4, top_k=3)
    before, _ = runner.repair(model, doc, (start, start), options)
    model.add_context()  # a zero marker: the segment is read, its spans kept apart
    after, _ = runner.repair(model, doc, (start, start), options)
    assert after[0].unit.scope and not before[0].unit.scope
    for h in after[0].hypotheses:
        assert SEPARATOR not in h.tokens
        assert all(a.j <= len(after[0].unit.tokens) for a in h.actions if isinstance(a, Copy))
    for c in after[0].candidates:
        assert not java.has_syntax_error("class _ {\n" + c.new_text + "\n}\n")
