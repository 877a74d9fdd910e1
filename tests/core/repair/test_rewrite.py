"""Rewrite rules (spancopy_core.repair.rewrite): the rules generalised from hand-written edits,
written out, and their rewrites of other methods, token for token and as format-preserving
edits of a file, all against expectations written by hand."""

from __future__ import annotations

import pytest

from spancopy_core.editing.edits import apply_edits
from spancopy_core.lang import java
from spancopy_core.repair import rewrite, similar
from spancopy_core.repair.java import JavaFrontend
from spancopy_core.repair.pipeline import ParsedText
from spancopy_core.repair.similar import SimilarOptions


def tokens(method: str) -> list[java.Token]:
    found = java.method_tokens(method)
    assert found is not None, method
    return java.strip_annotations(found)


def rules(before: str, after: str, typed: bool = True) -> list[rewrite.Rule]:
    """The rules of an edit as similar edits make them (typed), or as mined (untyped)."""
    return rewrite.generalise(tokens(before), tokens(after), typed=typed)


def rewritten(found: list[rewrite.Rule], method: str) -> list[str]:
    """The rewrites of ``method``, each as its tokens joined by spaces."""
    return [" ".join(t.text for t in r) for r in rewrite.rewrites(found, tokens(method))]


def spaced(method: str) -> str:
    return " ".join(t.text for t in tokens(method))


TRIM = rules(
    "String clean(String name) { return name.trim(); }",
    "String clean(String name) { return name.strip(); }",
)


def test_a_call_changed_generalises_to_the_call_with_its_receiver_a_hole():
    assert [(r.level, r.parent, str(r)) for r in TRIM] == [
        ("names kept", "", "name . trim #0 => name . strip #0"),
        ("names abstracted", "", "#0 . trim #1 => #0 . strip #1"),
    ]


def test_the_rule_rewrites_each_match_in_another_method():
    target = "void setAge(String age) { this.age = Integer.parseInt(age.trim()); }"
    assert rewritten(TRIM, target) == [spaced(target.replace("trim", "strip"))]
    assert rewritten(TRIM, "int width(String name) { return name.length(); }") == []


def test_several_matches_are_rewritten_all_at_once_then_one_at_a_time():
    target = "boolean same(String a, String b) { return a.trim().equals(b.trim()); }"
    assert rewritten(TRIM, target) == [
        spaced("boolean same(String a, String b) { return a.strip().equals(b.strip()); }"),
        spaced("boolean same(String a, String b) { return a.strip().equals(b.trim()); }"),
        spaced("boolean same(String a, String b) { return a.trim().equals(b.strip()); }"),
    ]


GUARD = rules(
    "void setName(String name) { this.name = name; }",
    "void setName(String name) { if (name == null) { return; } this.name = name; }",
)


def test_statements_inserted_keep_the_statement_after_them_as_context():
    assert [(r.level, r.parent, str(r)) for r in GUARD] == [
        (
            "names kept",
            "block",
            "this . name = name ; => if ( name == null ) { return ; } this . name = name ;",
        ),
        (
            "names abstracted",
            "block",
            "this . #0 = #0 ; => if ( #0 == null ) { return ; } this . #0 = #0 ;",
        ),
    ]


def test_an_inserted_guard_lands_before_the_matching_statement_only():
    target = "void setPath(Path path) { dirty = true; this.path = path; count++; }"
    assert rewritten(GUARD, target) == [
        spaced(
            "void setPath(Path path) { dirty = true; if (path == null) { return; } "
            "this.path = path; count++; }"
        )
    ]


def test_a_hole_bound_twice_binds_the_same_tokens():
    assert rewritten(GUARD, "void reset(String other) { this.name = other; }") == []
    assert rewritten(GUARD, "void clear() { this.name = null; }") == []


def test_a_wrapped_expression_keeps_its_structure():
    found = rules(
        "String next(int offset) { String s = input.substring(pos, offset); return s; }",
        "String next(int offset) { String s = new String(input.substring(pos, offset)); "
        "return s; }",
    )
    assert [str(r) for r in found] == [
        "input . substring #0 => new String ( input . substring #0 )",
        "#0 . substring #1 => new String ( #0 . substring #1 )",
    ]
    target = "String rest() { return data.substring(pos, length); }"
    assert rewritten(found, target) == [
        spaced("String rest() { return new String(data.substring(pos, length)); }")
    ]
    assert rewritten(found, "int rest() { return length - pos; }") == []


def test_literals_shared_by_both_sides_are_abstracted_last():
    found = rules(
        "boolean isQuote(Character c) { return c.equals('\"'); }",
        "boolean isQuote(Character c) { return c == '\"'; }",
    )
    assert [(r.level, str(r)) for r in found] == [
        ("names kept", "c . equals ( '\"' ) => c == '\"'"),
        ("names abstracted", "#0 . equals ( '\"' ) => #0 == '\"'"),
        ("literals abstracted", "#0 . equals ( #1 ) => #0 == #1"),
    ]
    target = "boolean isOpen(Character c, char open) { return c.equals(open); }"
    assert rewritten(found, target) == [spaced(target.replace("c.equals(open)", "c == open"))]


QUOTE = rules(
    "boolean isQuote(Character c) { return c.equals('\"'); }",
    "boolean isQuote(Character c) { return c == '\"'; }",
)


@pytest.mark.parametrize(
    ("target", "expected"),
    [
        # String is no char: == would compare references
        ("boolean same(String s, String t) { return s.equals(t); }", None),
        ('boolean quoted(String s) { return s.equals("\'"); }', None),
        # a Character and a char literal, a char parameter: what the edit compared
        (
            "boolean apostrophe(Character q) { return q.equals('\\''); }",
            "boolean apostrophe(Character q) { return q == '\\''; }",
        ),
        (
            "boolean isOpen(char open) { Character c = next(); return c.equals(open); }",
            "boolean isOpen(char open) { Character c = next(); return c == open; }",
        ),
        # a field's type is not known here, a char literal's is: what the edit compared
        (
            "boolean isLess() { return next.equals('<'); }",
            "boolean isLess() { return next == '<'; }",
        ),
        # nothing known of a field and a call: the rule of the most general level needs that
        # something is known to be what the edit compared
        ("boolean same() { return next.equals(peek()); }", None),
    ],
)
def test_a_hole_binds_nothing_known_to_be_of_another_type(target: str, expected: str | None):
    assert rewritten(QUOTE, target) == ([] if expected is None else [spaced(expected)])


def test_a_rule_naming_nothing_of_its_own_needs_a_hole_of_the_edits_type():
    names_kept, general = GUARD
    assert (names_kept.general, general.general) == (False, True)
    assert [r.general for r in TRIM + QUOTE] == [False, False, False, False, True]  # literals
    assert general.types == ("object",)  # String name
    # a reference parameter, as the edit's: the null check fits
    assert rewritten(GUARD, "void setTags(List<String> tags) { this.tags = tags; }") == [
        spaced(
            "void setTags(List<String> tags) { if (tags == null) { return; } this.tags = tags; }"
        )
    ]
    # an int (a null check would not compile), a field (its type is not known): no rewrite
    assert rewritten(GUARD, "void setCount(int count) { this.count = count; }") == []
    assert rewritten(GUARD, "void copy() { this.title = title; }") == []


def test_untyped_rules_match_by_shape_alone():
    # as a project's history makes them (trainer.rules): no types, so no context asked
    untyped = rules(
        "void setName(String name) { this.name = name; }",
        "void setName(String name) { if (name == null) { return; } this.name = name; }",
        typed=False,
    )
    assert [(str(r), r.types) for r in untyped] == [(str(r), None) for r in GUARD]
    assert rewritten(untyped, "void copy() { this.title = title; }") == [
        spaced("void copy() { if (title == null) { return; } this.title = title; }")
    ]
    plus = rules(
        "int load(int path, int limit) { return open(path) + limit; }",
        "int load(int path, int limit) { return open(path) + limit + 1; }",
        typed=False,
    )
    assert [str(r) for r in plus] == ["return #0 ; => return #0 + 1 ;"]


def test_a_rule_of_a_keyword_and_an_expression_is_no_rule():
    # return #0 ; => return #0 + 1 ; binds an expression (of no known type) in the edit: it
    # would match every return, so it is no rule; a returned int parameter has a type
    found = rules(
        "int load(int path, int limit) { return open(path) + limit; }",
        "int load(int path, int limit) { return open(path) + limit + 1; }",
    )
    assert found == []
    plus = rules("int id(int n) { return n; }", "int id(int n) { return n + 1; }")
    assert rewritten(plus, "int m(int count) { log(count); return count; }") == [
        spaced("int m(int count) { log(count); return count + 1; }")
    ]
    assert rewritten(plus, "int sum(int a, int b) { return a + b; }") == []  # an expression


def test_no_rules_for_no_change():
    method = "int size() { return items.size(); }"
    assert rewrite.generalise(tokens(method), tokens(method.replace("return", "return "))) == []


OLD = """class Names {
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
NEW = OLD.replace("return name.trim();", "return name.strip();")


def test_rewrites_become_format_preserving_candidates_where_a_rule_matches():
    doc = ParsedText.parse(NEW, JavaFrontend())
    (edit,) = similar.changed_methods(java.parse(OLD), doc.parsed)
    found = similar.tasks(doc, [edit], frozenset(), SimilarOptions(), [(edit.start, edit.end)])
    assert [t.unit.name for t in found] == ["age", "width"]
    pools = [
        rewrite.rule_candidates(doc, t.unit, (edit.before, edit.after), frozenset()) for t in found
    ]
    (candidate,), none = pools
    assert apply_edits(NEW, list(candidate.edits)) == NEW.replace("text.trim( )", "text.strip( )")
    assert none == []  # no rule matches width


def test_a_method_too_long_to_walk_gets_no_rules_and_no_rewrites():
    chain = " + ".join(f"a{k}" for k in range(400))  # 799 tokens of nested + expressions
    long_before = f"String all() {{ return name.trim() + {chain}; }}"
    long_after = long_before.replace("trim", "strip")
    assert rewrite.generalise(tokens(long_before), tokens(long_after)) == []
    assert rewritten(TRIM, long_before) == []
    assert rewritten(TRIM, "String one() { return name.trim() + a0; }") != []


def test_a_rule_that_matches_where_the_user_left_the_code_alone_is_dropped():
    found = rules(
        "String both(String a, String b) { return a.trim() + b.trim(); }",
        "String both(String a, String b) { return a.strip() + b.trim(); }",
    )
    assert [str(r) for r in found] == ["a . trim #0 => a . strip #0"]


def test_a_method_without_the_tokens_of_any_rule_is_not_parsed(monkeypatch):
    parsed: list[str] = []
    real = rewrite.tree

    def counted(found):
        parsed.append(" ".join(t.text for t in found))
        return real(found)

    monkeypatch.setattr(rewrite, "tree", counted)
    assert rewritten(TRIM, "int width(String name) { return name.length(); }") == []
    assert parsed == []  # no trim: no match is possible
    assert rewritten(TRIM, "String s(String a) { return a.trim(); }") == [
        "String s ( String a ) { return a . strip ( ) ; }"
    ]
    assert len(parsed) == 1


LOOP = rules(
    "int sum(int[] values) { int total = 0; for (int i = 0; i < values.length; i++) "
    "{ total += values[i]; } return total; }",
    "int sum(int[] values) { int total = 0; for (int value : values) { total += value; } "
    "return total; }",
)


def test_a_loop_rewritten_carries_any_body_with_the_element_replaced():
    assert "for ( int #2 = 0 ; #2 < #0 . length ; #2 ++ ) #3 => for ( int value : #0 ) " + (
        "#3[#0 [ #2 ] := value]"
    ) in [str(r) for r in LOOP]
    target = (
        "void printAll(int[] counts) { for (int i = 0; i < counts.length; i++) "
        "{ System.out.println(counts[i]); log(counts[i], 2); } }"
    )
    assert rewritten(LOOP, target) == [
        spaced(
            "void printAll(int[] counts) { for (int value : counts) "
            "{ System.out.println(value); log(value, 2); } }"
        )
    ]
    one = "void p(int[] v) { for (int i = 0; i < v.length; i++) show(v[i]); }"
    assert rewritten(LOOP, one) == [spaced("void p(int[] v) { for (int value : v) show(value); }")]
    over_j = "void p(int[] v) { for (int j = 0; j < v.length; j++) { show(v[j]); } }"
    assert rewritten(LOOP, over_j) == [
        spaced("void p(int[] v) { for (int value : v) { show(value); } }")
    ]
    other_index = "void p(int[] v, int i) { for (int j = 0; j < v.length; j++) { show(v[i]); } }"
    assert rewritten(LOOP, other_index) == []


@pytest.mark.parametrize(
    "body",
    [
        "{ values[i] = i; }",  # the element written: a loop variable would take it
        "{ values[i] += 2; }",
        "{ values[i]++; }",
        "{ show(i); }",  # no element read: nothing to carry
    ],
)
def test_a_loop_whose_body_writes_or_never_reads_the_element_is_left_alone(body: str):
    target = f"void fill(int[] values) {{ for (int i = 0; i < values.length; i++) {body} }}"
    assert rewritten(LOOP, target) == []


def test_a_list_loop_carries_its_get_calls():
    found = rules(
        "void show(List<String> names) { for (int i = 0; i < names.size(); i++) "
        "{ print(names.get(i)); } }",
        "void show(List<String> names) { for (String name : names) { print(name); } }",
    )
    target = (
        "void mail(List<String> names) { for (int i = 0; i < names.size(); i++) "
        "{ send(names.get(i), names.get(i).length()); } }"
    )
    assert rewritten(found, target) == [
        spaced(
            "void mail(List<String> names) { for (String name : names) "
            "{ send(name, name.length()); } }"
        )
    ]


def test_no_carried_rule_writes_a_hole_that_only_the_body_binds():
    """``values`` is read in the loop's body and written in the new header: with the body a
    carried hole nothing would bind it (python -m trainer adapt's mined rules once raised a
    KeyError on such a rule); only the rule that names ``values`` is carried. A project's
    mined rules (untyped) get no carried rules."""
    before = (
        "int sum(int[] values, int n) { int total = 0; for (int i = 0; i < n; i++) "
        "{ total += values[i]; } return total; }"
    )
    after = (
        "int sum(int[] values, int n) { int total = 0; for (int value : values) "
        "{ total += value; } return total; }"
    )
    found = rules(before, after)
    assert [str(r) for r in found if ":=" in str(r)] == [
        "for ( int i = 0 ; i < n ; i ++ ) #0 => "
        "for ( int value : values ) #0[values [ i ] := value]"
    ]
    assert (
        rewritten(found, "void p(int[] v, int m) { for (int i = 0; i < m; i++) { show(v[i]); } }")
        == []
    )
    assert not [r for r in rules(before, after, typed=False) if ":=" in str(r)]


ESC = rules(
    "boolean open(char last) { return last != ESC; }",
    "boolean open(char last) { return last != Esc; }",
)


def test_a_name_of_the_file_renamed_is_renamed_wherever_it_names_that_member():
    assert [(str(r), r.member) for r in ESC] == [("ESC => Esc", True)]  # the edit's only rule
    target = "void skip() { if (queue.charAt(pos) == ESC && left > 1) { pos += 2; } }"
    assert rewritten(ESC, target) == [spaced(target.replace("ESC", "Esc"))]
    # the member after this or a type's name too; all at once, never half renamed
    both = "char both() { return this.ESC == Chars.ESC ? ESC : 0; }"
    assert rewritten(ESC, both) == [spaced(both.replace("ESC", "Esc"))]
    # the edit's own context too: still one rewrite, every place at once
    again = "boolean again(char last, char x) { return last != ESC && x == ESC; }"
    assert rewritten(ESC, again) == [spaced(again.replace("ESC", "Esc"))]
    shadowed = "boolean shadowed(char last) { char ESC = 1; return last != ESC; }"
    assert rewritten(ESC, shadowed) == []


@pytest.mark.parametrize(
    "target",
    [
        "char local() { char ESC = 27; return ESC; }",  # a local of the same name
        "char param(char ESC) { return ESC; }",  # a parameter
        "char other(Reader r) { return r.ESC; }",  # another object's field
        "void ESC() { run(); }",  # a method's own name
    ],
)
def test_a_rename_leaves_names_that_are_not_the_member_alone(target: str):
    assert rewritten(ESC, target) == []


@pytest.mark.parametrize(
    ("before", "after"),
    [
        # a call's method on another object: name.value() is no rename of every toString()
        ("String g() { return name.toString(); }", "String g() { return name.value(); }"),
        # a parameter renamed: another method's parameters are its own
        ("int f(int tags) { return tags + 1; }", "int f(int all) { return all + 1; }"),
        # a type changed is no class renamed
        ("W(StringBuilder out) { this(out, 0); }", "W(Appendable out) { this(out, 0); }"),
        # renamed in one place, left in another
        ("int f() { return ESC + ESC; }", "int f() { return Esc + ESC; }"),
        # a rename and something else
        ("int f() { return ESC + 1; }", "int f() { return Esc + 2; }"),
    ],
)
def test_no_rename_rule_but_of_a_name_of_the_file_renamed_throughout(before: str, after: str):
    assert not any(r.member for r in rules(before, after))


def test_a_copied_argument_is_a_hole_though_another_copied_one_shares_its_names():
    insert = (
        "Element insert(StartTag tag) { Element el = new Element(Tag.valueOf(tag.name(), "
        "settings), baseUri, settings.normalize(tag.attributes)); return el; }"
    )
    found = rules(insert, insert.replace("baseUri,", "null,"))
    assert [str(r) for r in found] == [
        "new Element ( #0 , baseUri , #1 ) => new Element ( #0 , null , #1 )"
    ]
    target = (
        "Element empty(StartTag start) { Tag tag = Tag.valueOf(start.name(), settings); "
        "Element el = new Element(tag, baseUri, start.attributes); return el; }"
    )
    assert rewritten(found, target) == [spaced(target.replace("baseUri,", "null,"))]
    # an argument of another call is no argument of new Element (jsoup 979d5dd)
    other = "void parse(Reader input) { initialise(input, baseUri, parser); }"
    assert rewritten(found, other) == []


def test_a_copied_subtree_is_no_hole_where_the_after_side_writes_its_names_alone():
    # x.size() is copied, but x is written alone too: the rule keeps x
    found = rules(
        "int f(List<A> x) { return g(x.size()); }",
        "int f(List<A> x) { return g(x.size(), x); }",
    )
    assert [str(r) for r in found] == [
        "g ( x . size #0 ) => g ( x . size #0 , x )",
        "g ( #0 . size #1 ) => g ( #0 . size #1 , #0 )",
    ]


def test_a_hole_written_twice_never_binds_a_call():
    guard = rules(
        "Node before(Node node) { parentNode.addChildren(index, node); return this; }",
        "Node before(Node node) { if (node.parentNode == parentNode) node.remove(); "
        "parentNode.addChildren(index, node); return this; }",
    )
    target = "Node after(Node node) { parentNode.addChildren(index + 1, node); return this; }"
    expected = target.replace(
        "{ parentNode", "{ if (node.parentNode == parentNode) node.remove(); parentNode"
    )
    assert rewritten(guard, target) == [spaced(expected)]
    called = "void add(List<Node> nodes) { parentNode.addChildren(index, nodes.get(0)); }"
    assert rewritten(guard, called) == []  # nodes.get(0) would be called three times


def test_a_hole_the_edit_wrote_twice_as_a_call_may_bind_a_call():
    # jsoup 9b8e81ab: the edit calls element.parent() twice itself
    guard = rules(
        "int position(Element element) { Elements family = element.parent().children(); "
        "return family.size(); }",
        "int position(Element element) { if (element.parent() == null) return 0; "
        "Elements family = element.parent().children(); return family.size(); }",
    )
    target = (
        "int index(Element element) { Elements family = element.parent().children(); "
        "return family.indexOf(element); }"
    )
    expected = target.replace("{ Elements", "{ if (element.parent() == null) return 0; Elements")
    assert rewritten(guard, target) == [spaced(expected)]
