"""Similar edits (spancopy_core.repair.similar): which methods changed, the shared abstraction of
an edit and its target, the change overlap, and proposals of the toy edit model, all against
hand-written expectations."""

from __future__ import annotations

from pathlib import Path

import pytest

from spancopy_core.editing.alignment import align
from spancopy_core.editing.edits import apply_edits
from spancopy_core.lang import java
from spancopy_core.repair import similar
from spancopy_core.repair.java import JavaFrontend, method_unit
from spancopy_core.repair.pipeline import ParsedText
from spancopy_core.repair.similar import SimilarOptions
from spancopy_core.storage.checkpoint import load_model

OLD = """class Files {
    int load(int path, int limit) {
        return open(path);
    }

    int reload(int name, int count) {
        count++;
        return open(name);
    }

    int count(int n, int k) {
        return n + k;
    }
}
"""
NEW = OLD.replace("return open(path);", "return open(path, true);")
RELOAD_AFTER = """int reload(int name, int count) {
        count++;
        return open(name, true);
    }"""


def edits_of(old: str, new: str) -> list[similar.ObservedEdit]:
    return similar.changed_methods(java.parse(old), java.parse(new))


def test_the_changed_method_is_the_edit():
    (edit,) = edits_of(OLD, NEW)
    assert (edit.name, edit.line) == ("load", 1)
    assert NEW[edit.start : edit.end].startswith("int load(") and NEW[edit.end - 1] == "}"
    assert [t.text for t in edit.before][-6:] == ["open", "(", "path", ")", ";", "}"]
    assert [t.text for t in edit.after][-8:] == ["open", "(", "path", ",", "true", ")", ";", "}"]


def test_layout_and_comments_are_no_edit():
    new = OLD.replace("count++;", "count++;   // one more").replace("n + k", "n+k")
    assert edits_of(OLD, new) == []


def test_a_method_being_typed_is_no_edit_yet():
    assert edits_of(OLD, NEW.replace("open(path, true);", "open(path, tr")) == []


def test_an_added_or_removed_method_is_no_edit():
    added = OLD.replace(
        "    int count(", "    void extra() {\n        go();\n    }\n\n    int count("
    )
    assert edits_of(OLD, added) == []
    assert edits_of(added, OLD) == []


def test_two_changed_methods_in_file_order_and_a_moved_method_paired_by_name():
    new = NEW.replace("n + k", "n - k")
    assert [e.name for e in edits_of(OLD, new)] == ["load", "count"]
    # count moved before reload and changed, reload unchanged: one edit, count's
    a, b, c = OLD.split("\n\n")
    moved = "\n\n".join([a, c.replace("n + k", "k + n").removesuffix("}\n"), b + "\n}\n"])
    assert [e.name for e in edits_of(OLD, moved)] == ["count"]


def test_target_first_shared_abstraction():
    (edit,) = edits_of(OLD, NEW.replace("open(path, true)", "openFile(path, true)"))
    reload = java.parse(NEW)
    method = reload.methods[1]
    model_input, alignment = similar.target_input(
        reload.tokens[method.tokens], edit, {"true", "++"}, ()
    )
    # the target is numbered as it would be alone: reload's names first
    assert (
        model_input.tokens
        == (
            "int METHOD_1 ( int VAR_1 , int VAR_2 ) { VAR_2 ++ ; return METHOD_2 ( VAR_1 ) ; }"
        ).split()
    )
    # the edit continues that numbering: open is reload's METHOD_2, openFile a new one
    assert [t for t in alignment.before if t] == (
        "int METHOD_3 ( int VAR_3 , int VAR_4 ) { return METHOD_2 ( VAR_3 ) ; }"
    ).split()
    assert [t for t in alignment.after if t][-8:] == "METHOD_4 ( VAR_3 , true ) ; }".split()
    # so the name only the edit introduces maps back to its text in the target
    assert model_input.mapping.concretize(["METHOD_4"]) == ["openFile"]


@pytest.mark.parametrize(
    ("before", "after", "expected"),
    [
        # the edit's change exactly, up to placeholder numbers
        ("f ( VAR_7 ) ;", "f ( VAR_7 , true ) ;", 1.0),
        # nothing in common: the edit adds ", true", this deletes a statement
        ("a ( ) ; b ( ) ;", "a ( ) ;", 0.0),
        # ", true" and "x": 2 tokens of 3 in common (the larger side)
        ("f ( VAR_1 ) ;", "f ( VAR_1 , true x ) ;", 2 / 3),
    ],
)
def test_change_overlap(before: str, after: str, expected: float):
    edit = align("g ( VAR_2 ) ;".split(), "g ( VAR_2 , true ) ;".split())
    assert similar.change_overlap(edit, before.split(), after.split()) == pytest.approx(expected)


@pytest.mark.parametrize(
    ("before", "after", "expected"),
    [
        # an argument added: anchored at the call that holds it, not at the method's name
        (
            "int METHOD_1 ( int VAR_1 ) { return METHOD_2 ( VAR_1 , VAR_2 ) ; }",
            "int METHOD_1 ( int VAR_1 ) { return METHOD_2 ( VAR_1 , VAR_2 , true ) ; }",
            {"METHOD_2"},
        ),
        # a call replaced: anchored at the removed call, not at the variable before it
        (
            "boolean METHOD_1 ( ) { return VAR_1 . size ( ) == 0 ; }",
            "boolean METHOD_1 ( ) { return VAR_1 . isEmpty ( ) ; }",
            {"size"},
        ),
        # a statement inserted between keywords and variables: no anchor
        (
            "void METHOD_1 ( TYPE_1 VAR_1 ) { this . VAR_1 = VAR_1 ; }",
            "void METHOD_1 ( TYPE_1 VAR_1 ) { if ( VAR_1 == null ) { return ; } "
            "this . VAR_1 = VAR_1 ; }",
            set(),
        ),
    ],
)
def test_anchors(before: str, after: str, expected: set[str]):
    assert similar.anchors(before.split(), after.split()) == expected


def test_the_same_change_at_another_call_is_not_the_edit():
    (edit,) = edits_of(OLD, NEW)
    source = java.parse(OLD.replace("count++;", "count = read(count);"))
    method = source.methods[1]  # reload: count = read(count); return open(name);
    model_input, alignment = similar.target_input(
        source.tokens[method.tokens], edit, {"true", "++"}, ()
    )
    task = similar.Task(method_unit(method, model_input), edit, alignment)
    x = list(model_input.tokens)
    assert x[12:16] == ["METHOD_2", "(", "VAR_2", ")"]  # read(count)
    assert x[18:22] == ["METHOD_3", "(", "VAR_1", ")"]  # open(name)
    at_open = [*x[:21], ",", "true", *x[21:]]
    at_read = [*x[:15], ",", "true", *x[15:]]
    assert similar.makes_the_change(task, at_open, 0.9)
    assert not similar.makes_the_change(task, at_read, 0.9)
    assert not similar.makes_the_change(task, x, 0.0)  # no change at all: no anchor either


def test_a_variable_of_the_edited_method_is_not_copied_into_another():
    old = "class A {\n    void setName(String name) {\n        this.name = name;\n    }\n}\n"
    new = old.replace(
        "{\n        this",
        "{\n        if (name == null) {\n            return;\n        }\n        this",
    )
    (edit,) = edits_of(old, new)
    source = java.parse("class A {\n    void reset(String title) {\n        count = 0;\n    }\n}\n")
    method = source.methods[0]
    model_input, alignment = similar.target_input(source.tokens[method.tokens], edit, (), ())
    task = similar.Task(method_unit(method, model_input), edit, alignment)
    x = list(model_input.tokens)
    assert x[:7] == ["void", "METHOD_1", "(", "TYPE_1", "VAR_1", ")", "{"]
    name = alignment.after[alignment.after.index("==") - 1]  # the edit's variable
    assert name not in x
    check = ["if", "(", "VAR_1", "==", "null", ")", "{", "return", ";", "}"]
    assert similar.makes_the_change(task, [*x[:7], *check, *x[7:]], 0.9)  # its own: title
    check[2] = name
    assert not similar.makes_the_change(task, [*x[:7], *check, *x[7:]], 0.9)


ESC_OLD = """class T {
    boolean open(char last) {
        return last != ESC;
    }

    String cut(int start, char c) {
        return substring(start, pos) + c + ESC;
    }
}
"""


@pytest.mark.parametrize(
    ("old", "new", "held"),
    [
        (ESC_OLD, ESC_OLD.replace("last != ESC", "last != Esc"), "ESC"),  # a field: held
        (ESC_OLD, ESC_OLD.replace("return last", "return (int) last"), None),  # nothing removed
        # a parameter renamed: another method's variables are its own
        (
            ESC_OLD,
            ESC_OLD.replace("char last) {\n        return last", "char x) {\n        return x"),
            None,
        ),
    ],
)
def test_a_name_of_the_file_that_the_edit_removes_is_held(old: str, new: str, held: str | None):
    (edit,) = edits_of(old, new)
    source = java.parse(new)
    method = source.methods[1]  # cut
    model_input, alignment = similar.target_input(source.tokens[method.tokens], edit, (), ())
    task = similar.Task(method_unit(method, model_input), edit, alignment)
    names = {v: k for k, v in model_input.mapping.surface.items()}
    assert similar.held(task) == ({names[held]} if held else set())


def test_the_same_shape_of_change_to_another_name_is_not_the_edit():
    (edit,) = edits_of(ESC_OLD, ESC_OLD.replace("last != ESC", "last != Esc"))
    source = java.parse(ESC_OLD)
    method = source.methods[1]
    model_input, alignment = similar.target_input(source.tokens[method.tokens], edit, (), ())
    task = similar.Task(method_unit(method, model_input), edit, alignment)
    names = {v: k for k, v in model_input.mapping.surface.items()}
    x = list(model_input.tokens)

    def renamed(old: str) -> list[str]:
        return [names["Esc"] if t == names[old] else t for t in x]

    assert similar.makes_the_change(task, renamed("ESC"), 0.9)
    assert not similar.makes_the_change(task, renamed("pos"), 0.9)  # pos -> Esc: not the edit
    assert similar.searchable(task)
    other = java.parse(ESC_OLD.replace("+ ESC", "+ TAB"))  # a method without ESC: not searched
    model_input, alignment = similar.target_input(
        other.tokens[other.methods[1].tokens], edit, (), ()
    )
    assert not similar.searchable(
        similar.Task(method_unit(other.methods[1], model_input), edit, alignment)
    )


@pytest.fixture(scope="module")
def model(toy_edit_model: Path):
    return load_model(toy_edit_model, device="cpu")


def test_a_field_renamed_in_one_method_is_proposed_renamed_in_the_others(model):
    # jsoup 6bffda37 by hand: a constant renamed, used alone and after the class's name
    old = ESC_OLD.replace(
        "}\n}\n", "}\n\n    boolean at(char c) {\n        return c == T.ESC;\n    }\n}\n"
    )
    new = old.replace("last != ESC", "last != Esc")
    doc = ParsedText.parse(new, JavaFrontend())
    _, found = similar.similar_in_file(model, old, doc, SimilarOptions())
    assert [f.repairs.unit.name for f in found] == ["cut", "at"]
    proposed = [[c.new_text for c in f.repairs.candidates] for f in found]
    assert proposed == [
        ["String cut(int start, char c) {\n        return substring(start, pos) + c + Esc;\n    }"],
        ["boolean at(char c) {\n        return c == T.Esc;\n    }"],
    ]


@pytest.mark.parametrize("rules", [True, False], ids=["combined", "model alone"])
def test_the_edit_is_proposed_where_it_applies_and_nowhere_else(model, rules: bool):
    doc = ParsedText.parse(NEW, JavaFrontend())
    edits, found = similar.similar_in_file(model, OLD, doc, SimilarOptions(rules=rules))
    assert [e.name for e in edits] == ["load"]
    assert [f.repairs.unit.name for f in found] == ["reload"]  # not count, not load itself
    best = found[0].repairs.candidates[0]
    assert found[0].edit is edits[0]
    assert apply_edits(NEW, best.edits) == NEW.replace("open(name)", "open(name, true)")
    assert best.new_text == RELOAD_AFTER
    assert 0.5 < best.probability <= 1.0
    assert found[0].repairs.unchanged_log_prob < best.log_prob


def test_the_threshold_floors_the_models_own_proposals_not_the_rules(model):
    doc = ParsedText.parse(NEW, JavaFrontend())
    high = SimilarOptions(threshold=1e30, rules=False)
    assert similar.similar_in_file(model, OLD, doc, high)[1] == []
    _, found = similar.similar_in_file(model, OLD, doc, SimilarOptions(threshold=1e30))
    assert [f.repairs.unit.name for f in found] == ["reload"]  # open(#0) => open(#0, true)
    assert found[0].repairs.candidates[0].new_text == RELOAD_AFTER


class NoModel:
    """A model that must not be used: any attribute read fails the test."""

    def __getattr__(self, name: str):
        raise AssertionError(f"the model was used ({name})")


def test_the_beam_is_searched_only_where_no_rule_matches_and_the_edit_can_be_made():
    doc = ParsedText.parse(NEW, JavaFrontend())
    (edit,) = edits_of(OLD, NEW)
    found = similar.tasks(doc, [edit], {"true"}, SimilarOptions(), [(edit.start, edit.end)])
    assert [t.unit.name for t in found] == ["reload", "count"]
    assert [similar.searchable(t) for t in found] == [True, False]  # count has no open
    rules = similar.rule_pools(doc, found, {"true"}, SimilarOptions())
    assert [len(r) for r in rules] == [1, 0]  # open(#0) => open(#0, true) matches reload
    assert rules[0][0].new_text == RELOAD_AFTER
    none = similar.decode_where_needed(NoModel(), found, rules, SimilarOptions())
    assert none == [[], []]
    without = similar.rule_pools(doc, found, {"true"}, SimilarOptions(rules=False))
    assert without == [[], []]


GUARDED = """class Sums {
    int load(int path, int limit) {
        if (limit < 0) {
            return limit;
        }
        return open(path) + limit;
    }

    int sum(int x, int y) {
        return x + y;
    }

    int twice(int x) {
        return x * 2;
    }

    void none() {
    }
}
"""
# "+ 1" added to one return and not the other: no rule (it would match the return left alone)
# and no anchor (no called method or type near the change): the beam may search any method
GUARDED_NEW = GUARDED.replace("open(path) + limit;", "open(path) + limit + 1;")


def guarded_tasks() -> list[similar.Task]:
    doc = ParsedText.parse(GUARDED_NEW, JavaFrontend())
    (edit,) = edits_of(GUARDED, GUARDED_NEW)
    return similar.tasks(doc, [edit], {"1"}, SimilarOptions(), [(edit.start, edit.end)])


def test_relevance_is_the_share_of_the_edits_neighbourhood_a_method_has():
    found = guarded_tasks()
    assert [t.unit.name for t in found] == ["sum", "twice", "none"]
    # "+ 1" goes before the last ";": its neighbourhood "+ VAR ; }" has the pairs
    # (+, VAR), (VAR, ;) and (;, }); sum has all three, twice only "; }", none not one
    assert [similar.relevance(t) for t in found] == [1.0, pytest.approx(1 / 3), 0.0]


@pytest.mark.parametrize(
    ("budget", "searched", "left"),
    [
        (100, ["sum", "twice"], []),  # 16 + 13 model tokens; none has no relevance
        (16, ["sum"], ["twice"]),  # the most relevant first
        (13, ["twice"], ["sum"]),  # sum's 16 tokens do not fit; twice's 13 still do
        (0, [], ["sum", "twice"]),
    ],
)
def test_the_beam_searches_the_most_relevant_methods_within_its_budget(budget, searched, left):
    found = guarded_tasks()
    # sum: int METHOD ( int VAR , int VAR ) { return VAR + VAR ; }, twice 3 fewer
    assert [len(t.unit.tokens) for t in found[:2]] == [16, 13]
    options = SimilarOptions(beam_tokens=budget)
    got, rest = similar.to_search(found, [[] for _ in found], options)
    assert [found[k].unit.name for k in got] == searched
    assert [found[k].unit.name for k in rest] == left


def test_the_methods_past_the_budget_are_said_and_not_searched():
    found = guarded_tasks()
    told: list[list[similar.Task]] = []
    options = SimilarOptions(beam_tokens=0)
    none = similar.decode_where_needed(
        NoModel(), found, [[] for _ in found], options, unsearched=told.append
    )
    assert none == [[], [], []]
    assert [[t.unit.name for t in left] for left in told] == [["sum", "twice"]]


def test_without_a_change_there_is_nothing_to_propose(model):
    doc = ParsedText.parse(OLD, JavaFrontend())
    assert similar.similar_in_file(model, OLD, doc, SimilarOptions()) == ([], [])


def test_options_are_checked():
    with pytest.raises(ValueError, match="threshold"):
        SimilarOptions(threshold=-1)
    with pytest.raises(ValueError, match="min_overlap"):
        SimilarOptions(min_overlap=2)
    with pytest.raises(ValueError, match="beam_tokens"):
        SimilarOptions(beam_tokens=-1)


def test_a_proposal_is_checked_against_the_declarations_of_its_file():
    """A target's unit knows its file's fields, as a repair's does: a null check of an ``int``
    field (seen from a retrained edit model on ``reset()``) does not compile and is dropped,
    and the same check of an ``Integer`` field is kept."""
    old = """class Person {
    private String name;
    private int count;
    private Integer total;

    public void setName(String name) {
        this.name = name;
    }

    public void reset() {
        count = 0;
        total = 0;
    }
}
"""
    new = old.replace(
        "        this.name = name;",
        "        if (name == null) {\n            return;\n        }\n        this.name = name;",
    )
    doc = ParsedText.parse(new, JavaFrontend())
    (edit,) = edits_of(old, new)
    (task,) = similar.tasks(doc, [edit], set(), SimilarOptions(), [(edit.start, edit.end)])
    assert task.unit.name == "reset"

    def guarded(field: str) -> str:
        guard = f"if ({field} == null) {{\n            return;\n        }}\n        "
        return doc.text[task.unit.start : task.unit.end].replace("count = 0;", guard + "count = 0;")

    assert not doc.frontend.sensible(task.unit, guarded("count"))
    assert doc.frontend.sensible(task.unit, guarded("total"))


def test_a_target_may_use_what_the_edited_method_takes_from_out_of_sight():
    """``s.toLowerCase()`` to ``lowerCase(s)`` (a jsoup edit: a static import of another
    file, not seen here): the same rewrite of another method uses the name the user just
    used, and is kept; a name neither method uses is not."""
    old = """class Keys {
    String key(String s) {
        return s.toLowerCase();
    }

    String other(String t) {
        return t.toLowerCase();
    }
}
"""
    new = old.replace("return s.toLowerCase();", "return lowerCase(s);")
    doc = ParsedText.parse(new, JavaFrontend())
    (edit,) = edits_of(old, new)
    (task,) = similar.tasks(doc, [edit], set(), SimilarOptions(), [(edit.start, edit.end)])
    method = doc.text[task.unit.start : task.unit.end]
    assert doc.frontend.sensible(task.unit, method.replace("t.toLowerCase()", "lowerCase(t)"))
    assert not doc.frontend.sensible(task.unit, method.replace("t.toLowerCase()", "upper(t)"))


def test_a_method_name_of_the_edited_method_is_not_copied_into_another():
    """Seen from the retrained edit model: the edit wraps an argument in
    ``TextUtil.stripNewlines``, and the proposal for another method calls
    ``TextUtil.prependsHtml`` (the edited method's own name) instead."""
    old = """class T {
    void prependsHtml() {
        assertEquals("<p>Hello</p>", div.html());
    }
}
"""
    new = old.replace("div.html());", "TextUtil.stripNewlines(div.html()));")
    (edit,) = edits_of(old, new)
    source = java.parse(
        "class T {\n    void counts() {\n        assertEquals(2, div.size());\n    }\n}\n"
    )
    method = source.methods[0]
    model_input, alignment = similar.target_input(source.tokens[method.tokens], edit, (), ())
    task = similar.Task(method_unit(method, model_input), edit, alignment)
    x = list(model_input.tokens)
    edited = alignment.before[1]  # the edited method's name, as the model writes it
    wrapper = alignment.after[alignment.after.index("(", 8) - 1]  # stripNewlines
    assert edited not in x and wrapper not in x and edited != wrapper
    at = x.index(",") + 1
    end = len(x) - 3  # before ") ; }"
    assert x[end:] == [")", ";", "}"]

    def wrapped(name: str) -> list[str]:
        return [
            *x[:at],
            alignment.after[alignment.after.index(wrapper) - 2],
            ".",
            name,
            "(",
            *x[at:end],
            ")",
            *x[end:],
        ]

    assert similar.makes_the_change(task, wrapped(wrapper), 0.9)
    assert not similar.makes_the_change(task, wrapped(edited), 0.9)


def test_where_the_edits_rules_rewrite_a_method_the_beam_searches_no_other():
    """The rules say where an edit they capture applies: a null check added before
    ``this.name = name;`` is proposed for ``setTitle`` by its rule, and the beam does not
    search ``reset`` (the retrained edit model guarded its field there, an unrelated method);
    with no method the rules rewrite, the beam searches it."""
    old = """class Person {
    void setName(String name) {
        this.name = name;
    }

    void setTitle(String title) {
        this.title = title;
    }

    void reset() {
        this.count = 0;
    }
}
"""
    new = old.replace(
        "        this.name = name;",
        "        if (name == null) {\n            return;\n        }\n        this.name = name;",
    )
    doc = ParsedText.parse(new, JavaFrontend())
    (edit,) = edits_of(old, new)
    found = similar.tasks(doc, [edit], set(), SimilarOptions(), [(edit.start, edit.end)])
    assert [t.unit.name for t in found] == ["setTitle", "reset"]
    rules = similar.rule_pools(doc, found, set(), SimilarOptions())
    assert [bool(r) for r in rules] == [True, False]
    assert similar.to_search(found, rules, SimilarOptions()) == ([], [])
    assert similar.to_search(found, [[], []], SimilarOptions())[0] == [0, 1]
