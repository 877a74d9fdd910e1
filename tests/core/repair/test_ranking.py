"""The combined ranking on hand-made candidates: penalties, merged parentheses and layouts,
shares."""

from __future__ import annotations

import math

import pytest

from spancopy_core.editing.edits import TextEdit, apply_edits
from spancopy_core.editing.positions import LineIndex
from spancopy_core.repair import ranking
from spancopy_core.repair.candidates import Candidate
from spancopy_core.repair.frontend import Penalties
from spancopy_core.repair.java import JavaFrontend
from spancopy_core.repair.pipeline import ParsedText

TEXT = """class C {
    public int f(int a, int b) {
        System.out.println(a);
        return a > b ? a : b;
    }
}
"""


@pytest.fixture(scope="module")
def unit():
    doc = ParsedText.parse(TEXT, JavaFrontend())
    (u,) = doc.frontend.all_units(doc.parsed, ())
    return u


def cand(old: str, new: str, tokens: tuple[str, ...] = ("x",), nth: int = 0) -> Candidate:
    start = -1
    for _ in range(nth + 1):
        start = TEXT.index(old, start + 1)
    edit = TextEdit(start, start + len(old), new)
    new_text = apply_edits(TEXT, [edit])
    return Candidate((edit,), f"{old}->{new}", 0.0, -math.inf, 0, len(TEXT), new_text, tokens)


LINES = LineIndex(TEXT)
JAVA = JavaFrontend()
FOCUS = (3, 3)  # the return line


def ranked(found, log_probs, focus=FOCUS, unit=None, top_k=10):
    return ranking.rank(
        TEXT, unit, found, log_probs, -1.0, LINES, focus, JAVA, top_k=top_k, penalties=Penalties()
    )


def test_penalties_apply_to_signature_deletion_and_off_focus(unit):
    p = Penalties(edit_size=0.0)  # the size of a change: see the next test
    at_focus = cand(">", ">=")
    signature = cand("public", "private")
    deletion = cand("System.out.println(a);", "")
    assert ranking.penalty(TEXT, unit, at_focus, LINES, FOCUS, p, JAVA) == 0.0
    assert ranking.penalty(TEXT, unit, signature, LINES, FOCUS, p, JAVA) == (
        p.signature + p.off_focus
    )
    assert ranking.penalty(TEXT, unit, deletion, LINES, FOCUS, p, JAVA) == p.deletion + p.off_focus
    assert ranking.penalty(TEXT, unit, deletion, LINES, None, p, JAVA) == p.deletion  # no focus
    assert ranking.penalty(TEXT, unit, deletion, LINES, (2, 2), p, JAVA) == p.deletion
    operand = cand(" ? a : b", "")  # deletes tokens at the focus, no statement
    assert ranking.penalty(TEXT, unit, operand, LINES, FOCUS, p, JAVA) == p.token_deletion
    assert p.token_deletion < p.deletion


def test_a_comparison_turned_another_way_than_the_usual_pays_its_penalty(unit):
    """Real fixes of ``a > b`` mostly write ``a >= b``; ``<``, ``<=``, ``==`` and ``!=`` pay
    :attr:`Penalties.rare_comparison`, however the edit is cut."""
    p = Penalties(edit_size=0.0, rare_comparison=1.5)
    at = TEXT.index(" > ") + 1

    def at_operator(start: int, end: int, new: str) -> Candidate:
        edit = TextEdit(at + start, at + end, new)
        new_text = apply_edits(TEXT, [edit])
        return Candidate((edit,), new, 0.0, -math.inf, 0, len(TEXT), new_text, ("x",))

    usual = [at_operator(0, 1, ">="), at_operator(1, 1, "=")]  # replaced, or "=" inserted
    rare = [at_operator(0, 1, x) for x in ("<", "<=", "==", "!=")]
    elsewhere = [cand("a > b", "b > a"), cand(">", "+"), cand(": b", ": a"), at_operator(0, 0, "<")]
    for c in usual + elsewhere:
        assert ranking.penalty(TEXT, unit, c, LINES, None, p, JAVA) == 0.0, c.title
    for c in rare:
        assert ranking.penalty(TEXT, unit, c, LINES, None, p, JAVA) == p.rare_comparison, c.title


def test_span_counts_the_tokens_between_the_common_prefix_and_suffix():
    assert ranking.span("a < b ;".split(), "a <= b ;".split()) == 1
    assert ranking.span("a [ i ] ;".split(), "a [ i - 1 ] ;".split()) == 2  # inserted
    assert ranking.span("x = a + b ;".split(), "x = b ;".split()) == 2  # deleted
    assert ranking.span("f ( a , b )".split(), "f ( b , a )".split()) == 3
    assert ranking.span("a a".split(), "a".split()) == 1  # prefix and suffix never overlap
    assert ranking.span("a b".split(), "a b".split()) == 0


def test_a_larger_change_pays_the_log_of_its_span(unit):
    p = Penalties()
    tokens = unit.tokens
    at = tokens.index(">")
    one = cand(">", ">=", (*tokens[:at], ">=", *tokens[at + 1 :]))
    four = cand("a > b", "b < a + 1", (*tokens[:at], "<", "VAR_1", "+", "1", *tokens[at + 1 :]))
    assert ranking.penalty(TEXT, unit, one, LINES, FOCUS, p, JAVA) == 0.0
    assert ranking.penalty(TEXT, unit, four, LINES, FOCUS, p, JAVA) == pytest.approx(
        p.edit_size * math.log(4)
    )


def test_a_less_likely_fix_at_the_focus_outranks_likelier_noise(unit):
    found = [
        cand("System.out.println(a);", "", ("d",)),
        cand("public", "private", ("s",)),
        cand(">", ">=", ("f",)),
    ]
    out = ranked(found, [-2.0, -2.5, -4.0], unit=unit)
    assert [c.tokens for c in out] == [("f",), ("s",), ("d",)]  # -4 > -2.5-3-6 > -2-6-6
    # Shares are of everything scored (the unchanged unit at -1 included), by the exact
    # log-probabilities, not the penalised ones.
    total = math.log(sum(math.exp(x) for x in (-1.0, -2.0, -2.5, -4.0)))
    assert out[0].probability == pytest.approx(math.exp(-4.0 - total))
    assert out[0].log_prob == -4.0


def test_variants_equal_up_to_parentheses_are_one_candidate(unit):
    plain = cand(">", ">=", ("a", ">=", "b"))
    wrapped = cand("b ?", "(b) ?", ("a", ">=", "(", "b", ")"))
    other = cand(">", "<", ("a", "<", "b"))
    out = ranked([wrapped, plain, other], [-2.0, -2.2, -3.0], unit=unit)
    assert [c.tokens for c in out] == [plain.tokens, other.tokens]  # the shorter spelling
    assert out[0].edits == plain.edits
    assert out[0].log_prob == pytest.approx(math.log(math.exp(-2.0) + math.exp(-2.2)))


def test_a_call_and_a_field_of_one_name_are_two_candidates(unit):
    """Call parentheses are no grouping: ``b.size()`` and ``b.size`` stay apart, each with
    its own probability (merged, the shorter would show with the call's probability too)."""
    k = unit.tokens.index("return")
    call = cand(
        "a > b ? a : b",
        "b.size()",
        (*unit.tokens[: k + 1], "VAR_2", ".", "size", "(", ")", ";", "}"),
    )
    field = cand("a > b ? a : b", "b.size", (*unit.tokens[: k + 1], "VAR_2", ".", "size", ";", "}"))
    out = ranked([call, field], [-2.0, -3.0], unit=unit)
    assert [(c.tokens, c.log_prob) for c in out] == [(call.tokens, -2.0), (field.tokens, -3.0)]


def test_a_call_made_or_unmade_is_a_repair(unit):
    """The unit with a call's parentheses taken away is not the unit as written."""
    k = unit.tokens.index("METHOD_2")
    bare = (*unit.tokens[: k + 1], "VAR_1", *unit.tokens[k + 4 :])  # System.out.println a;
    assert [
        c.tokens for c in ranked([cand("println(a)", "println a", bare)], [-2.0], unit=unit)
    ] == [bare]


def test_variants_equal_up_to_layout_are_one_candidate(unit):
    tight = cand("a > b", "a>=b", ("a", ">=", "b", "t"))
    spaced = cand(">", ">=", ("a", ">=", "b", "s"))
    out = ranked([tight, spaced], [-2.0, -2.5], unit=unit)
    assert len(out) == 1 and out[0].tokens == tight.tokens  # "a>=b" is the shorter text
    assert out[0].probability == pytest.approx(
        (math.exp(-2.0) + math.exp(-2.5)) / sum(math.exp(x) for x in (-1.0, -2.0, -2.5))
    )


def test_unexpressible_templates_come_last_in_their_order_and_top_k_holds(unit):
    a, b = cand(">", "<", ()), cand("a :", "b :", ())
    scored = cand(">", ">=", ("f",))
    out = ranked([a, scored, b], [None, -9.0, None], unit=unit)
    assert out[0].tokens == ("f",) and out[1:] == [
        ranking.replace(a, probability=0.0),
        ranking.replace(b, probability=0.0),
    ]
    assert len(ranked([a, scored, b], [None, -9.0, None], unit=unit, top_k=2)) == 2


def test_merge_adds_the_templates_the_beam_lacks():
    beam = [cand(">", ">=", ("f",))]
    same, new, blind = cand(">", ">=", ("f",)), cand(">", "<", ("g",)), cand(">", "==", ())
    assert ranking.merge(beam, [same, new, blind]) == [beam[0], new, blind]


def test_the_unit_as_written_up_to_parentheses_is_no_repair(unit):
    same = list(unit.tokens)
    k = same.index("return")
    wrapped = (*same[: k + 1], "(", *same[k + 1 : -2], ")", *same[-2:])  # return (a > b ? a : b);
    noop = cand("a > b ? a : b", "(a > b ? a : b)", wrapped)
    fix = cand(">", ">=", ("f",))
    assert [c.tokens for c in ranked([noop, fix], [-1.0, -3.0], unit=unit)] == [("f",)]


def test_a_repair_off_the_focus_is_titled_with_its_line(unit):
    at_focus, elsewhere = cand(">", ">=", ("a",)), cand("println(a)", "println(b)", ("b",))
    titles = {c.edits: c.title for c in ranked([at_focus, elsewhere], [-1.0, -2.0], unit=unit)}
    assert titles[at_focus.edits] == ">->>="  # its own title
    assert titles[elsewhere.edits] == 'Change line 3 to "System.out.println(b);"'
    unfocused = ranked([at_focus, elsewhere], [-1.0, -2.0], focus=None, unit=unit)
    assert {c.title for c in unfocused} == {">->>=", "println(a)->println(b)"}


THROWING = """class D {
    private static int check(final int n) {
        if (n < 0) {
            throw new IllegalArgumentException("n < 0: " + n); // a message
        }
        return n;
    }
}
"""


@pytest.mark.parametrize(
    ("old", "new", "cosmetic"),
    [
        ("private ", "public ", True),  # Commons Compress's checkReadLength
        ("private static", "@Override\n    static", True),
        ("final ", "", True),
        ('"n < 0: " + n', "", True),  # the held-out files' correct throws
        ("private static int", "private static long", False),  # a type: an overflow's fix
        ('"n < 0: " + n', '"n < 0"', False),
        ("IllegalArgumentException(", "IllegalStateException(", False),
        ("n < 0", "n <= 0", False),
    ],
)
def test_modifiers_alone_or_an_exceptions_message_dropped_is_cosmetic(
    old: str, new: str, cosmetic: bool
) -> None:
    """What no request unasked reports (``runner.confident``): a change of taste."""
    doc = ParsedText.parse(THROWING, JAVA)
    (unit,) = doc.frontend.all_units(doc.parsed, ())
    at = THROWING.index(old)
    shape = JAVA.shape(THROWING, unit, [TextEdit(at, at + len(old), new)])
    assert shape.cosmetic is cosmetic


DECLARED = """interface Graph {
    boolean isDirected();

    default int order() {
        return 0; // ends in a ;
    }
}
"""


@pytest.mark.parametrize(
    ("old", "new", "cosmetic"),
    [
        ("boolean isDirected", "void isDirected", True),  # Guava's BaseGraph, unasked
        ("isDirected()", "isDirected(String id)", True),
        ("return 0;", "return 1;", False),  # a default method has a body
        ("int order", "long order", False),
    ],
)
def test_any_change_of_a_method_without_a_body_is_cosmetic(
    old: str, new: str, cosmetic: bool
) -> None:
    """An interface's declaration changes only with its implementations and callers: no
    request unasked reports it."""
    doc = ParsedText.parse(DECLARED, JAVA)
    units = doc.frontend.all_units(doc.parsed, ())
    at = DECLARED.index(old)
    unit = next(u for u in units if u.start <= at < u.end)
    shape = JAVA.shape(DECLARED, unit, [TextEdit(at, at + len(old), new)])
    assert shape.cosmetic is cosmetic
