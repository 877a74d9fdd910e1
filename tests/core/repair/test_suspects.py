"""Likely bugs of a unit as written and the repairs that fix them (spancopy_core.repair.suspects,
issue 24): what counts as a fix (the bug gone, its code kept), the ranking's preference for a
fix (hand-made candidates and scores), and with the shipped model a request at such a line:
the fix first and an answer however unsure the model is, none at the fixed line."""

from __future__ import annotations

import math

import pytest

from spancopy_core import DEFAULT_JAVA_MODEL
from spancopy_core.editing.edits import TextEdit, apply_edits
from spancopy_core.editing.positions import LineIndex
from spancopy_core.repair import pipeline, ranking, runner, suspects
from spancopy_core.repair.candidates import Candidate
from spancopy_core.repair.frontend import Penalties
from spancopy_core.repair.java import JavaFrontend
from spancopy_core.repair.pipeline import ParsedText, RepairOptions
from tests.java_sources import CORRECT_MAX, ONE_LINERS

TEXT = """class C {
    static boolean same(String s, String r) {
        int n = 0;
        if (s == r) {
            return true;
        }
        return n > 0;
    }
}
"""
JAVA = JavaFrontend()
LINES = LineIndex(TEXT)
BUG = 3  # 0-based: if (s == r) {


@pytest.fixture(scope="module")
def unit():
    doc = ParsedText.parse(TEXT, JAVA)
    (u,) = JAVA.all_units(doc.parsed, ())
    return u


def cand(old: str, new: str) -> Candidate:
    start = TEXT.index(old)
    edit = TextEdit(start, start + len(old), new)
    start, end = TEXT.index("static"), TEXT.rindex("}", 0, -2) + 1  # the method's own text
    unit_text = apply_edits(TEXT[:end], [edit])[start:]
    tokens = tuple(new.split())  # one program per candidate: none merged by the ranking
    return Candidate((edit,), f"{old}->{new}", 0.0, -math.inf, 0, len(TEXT), unit_text, tokens)


def test_the_likely_bug_is_seen_on_its_line_only(unit):
    (seen,) = suspects.seen(JAVA, unit, LINES, None)
    assert seen.what == "'s == r' compares Strings by reference, not by value"
    assert suspects.seen(JAVA, unit, LINES, (BUG, BUG)) == [seen]
    assert suspects.seen(JAVA, unit, LINES, (BUG + 1, BUG + 3)) == []


@pytest.mark.parametrize(
    ("old", "new", "fixes"),
    [
        ("s == r", "s.equals(r)", True),  # the check's own fix
        ("s == r", "r.equals(s)", False),  # right too, but the check's own comes first
        ("s == r", "!s.equals(r)", False),
        ("s == r", "s == null", False),  # the bug is gone with r: hidden, not fixed
        ("s == r", "s != r", False),  # still by reference
        ("if (s == r) {", "if (s == r) { n++;", False),  # elsewhere: the bug stays
        ("n > 0", "n >= 0", False),
        ("if (s == r) {", "while (s.equals(r)) {", False),  # more than the bug's code changed
        ("int n = 0;\n        if (s == r) {", "int n = 1;\n        if (s.equals(r)) {", False),
    ],
)
def test_a_fix_removes_the_bug_and_keeps_its_code(unit, old, new, fixes):
    found = suspects.seen(JAVA, unit, LINES, None)
    c = cand(old, new)
    written = TEXT[unit.start : unit.end]
    assert (suspects.fixed(JAVA, unit, written, c.new_text, found) is not None) is fixes


def test_the_ranking_prefers_a_fix_by_the_bonus(unit):
    fix, other = cand("s == r", "s.equals(r)"), cand("s == r", "s == null")
    for bonus, first in ((0.0, other), (3.0, fix)):
        best = ranking.rank(
            TEXT,
            unit,
            [other, fix],
            [-5.0, -7.0],  # the model prefers the other by e^2
            -1.0,
            LINES,
            (BUG, BUG),
            JAVA,
            top_k=2,
            penalties=Penalties(edit_size=0.0, suspicion=bonus),
        )
        assert best[0].title == first.title
    # off the focus the bug is not asked about: no bonus
    best = ranking.rank(
        TEXT, unit, [other, fix], [-5.0, -7.0], -1.0, LINES, (BUG + 3, BUG + 3), JAVA, top_k=2
    )
    assert best[0].penalty - best[1].penalty == pytest.approx(0.0)


def test_the_shipped_bonus_puts_a_long_fix_first(unit):
    """As for a breadth-first search's missing test (eight tokens): the model scores the
    check's fix e^27 below a one-token change, e^31 with the penalty of its size; the
    front-end's own penalties put it first."""
    fix, other = cand("s == r", "s.equals(r)"), cand("s == r", "s == null")
    best = ranking.rank(
        TEXT, unit, [other, fix], [-4.2, -35.5], -1.0, LINES, (BUG, BUG), JAVA, top_k=2
    )
    assert best[0].title == fix.title


def test_suspected_names_the_first_repair_shown_that_fixes(unit):
    shown = [cand("n > 0", "n >= 0"), cand("s == r", "s == null"), cand("s == r", "s.equals(r)")]
    (s,) = suspects.suspected(JAVA, unit, TEXT, LINES, shown, (BUG, BUG))
    assert (s.line, s.repair) == (BUG, 2)
    assert suspects.suspected(JAVA, unit, TEXT, LINES, shown[:2], (BUG, BUG)) == ()
    assert suspects.suspected(JAVA, unit, TEXT, LINES, shown, (0, 2)) == ()  # not at the focus


@pytest.fixture(scope="module")
def model():
    from spancopy_core.storage.checkpoint import load_model

    return load_model(DEFAULT_JAVA_MODEL, device="cpu")


def test_with_the_shipped_model_the_fix_is_first_and_answered(model):
    doc = ParsedText.parse(TEXT, JAVA)
    found, _ = runner.repair(model, doc, pipeline.line_focus(doc, BUG), RepairOptions())
    (r,) = found
    assert "equals" in r.candidates[0].title
    assert [s.repair for s in r.suspected] == [0]
    assert runner.confident(r, math.inf)  # whatever the ratio or the head says
    # the head's calibrated probability (under 75% here) raised to what such lists hold
    shares = [c.probability for c in r.candidates]
    assert r.detection is not None and r.detection.probability == suspects.SHARE
    assert math.fsum(shares) == pytest.approx(suspects.SHARE)
    assert shares == sorted(shares, reverse=True)
    assert r.unchanged_share == pytest.approx(1 - suspects.SHARE)
    fixed = ParsedText.parse(TEXT.replace("s == r", "s.equals(r)"), JAVA)
    found, _ = runner.repair(model, fixed, pipeline.line_focus(fixed, BUG), RepairOptions())
    assert all(not r.suspected for r in found)


CHAINED = """class L {
    static boolean special(String lang) {
        if (lang == "tr" || lang == "az" || lang == "lt") {
            return true;
        }
        return false;
    }
}
"""


def test_strings_compared_by_reference_on_one_line_get_one_fix_of_them_all(model):
    """The JDK's StringLatin1 shape: three comparisons of one condition were three likely bugs,
    each "fixed by" a repair that changed it alone; one fix changes them all, and is first."""
    doc = ParsedText.parse(CHAINED, JAVA)
    (u,) = JAVA.all_units(doc.parsed, ())
    ((edit, _),) = JAVA.fixes(u, u.start, u.end, model.vocab)
    assert edit.new_text == 'lang.equals("tr") || lang.equals("az") || lang.equals("lt")'
    found, _ = runner.repair(model, doc, pipeline.line_focus(doc, 2), RepairOptions())
    (r,) = found
    assert [s.repair for s in r.suspected] == [0]  # one likely bug shown, fixed by the first
    first = r.candidates[0].new_text
    assert first.count(".equals(") == 3 and '== "' not in first


def test_the_front_ends_fix_lands_in_the_document_past_wide_characters():
    from spancopy_core.editing.edits import apply_edits as applied

    text = "class C {\n    // é, 😀\n    static double mean(int s, int n) {\n"
    text += "        return s / n;\n    }\n}\n"
    doc = ParsedText.parse(text, JAVA)
    (u,) = JAVA.all_units(doc.parsed, ())
    ((edit, _),) = JAVA.fixes(u, u.start, u.end, ())
    assert applied(text, [edit]) == text.replace("s / n", "(double) s / n")
    assert JAVA.fixes(u, u.start, u.start + 5, ()) == []  # not within the range asked


MAX = """class D {
    static int best(int[] d, int c, int v, int w) {
        d[c] = Math.max(d[c], d[c] + v);
        return d[c];
    }
}
"""


@pytest.mark.parametrize(
    ("new", "fixes"),
    [
        ("Math.max(d[c], d[c - w] + v)", True),  # the code kept, the bug gone
        ("Math.max(d[c], d[w] + v)", False),  # d[c] + v no longer there
        ("Math.max(d[c], d[c] - v)", False),  # still itself plus a change
    ],
)
def test_without_a_known_fix_a_change_of_the_code_alone_that_keeps_it_fixes(new, fixes):
    doc = ParsedText.parse(MAX, JAVA)
    (u,) = JAVA.all_units(doc.parsed, ())
    found = suspects.seen(JAVA, u, LineIndex(MAX), None)
    assert [s.fix for s in found] == [None]
    written = MAX[u.start : u.end]
    after = written.replace("Math.max(d[c], d[c] + v)", new)
    assert (suspects.fixed(JAVA, u, written, after, found) is not None) is fixes
    elsewhere = after.replace("return d[c];", "return d[w];")  # and another line changed
    assert suspects.fixed(JAVA, u, written, elsewhere, found) is None


def test_without_a_known_fix_the_models_change_keeps_its_rank_and_share(model):
    doc = ParsedText.parse(MAX, JAVA)
    found, _ = runner.repair(model, doc, pipeline.line_focus(doc, 2), RepairOptions())
    (r,) = found
    assert all(c.penalty > -1 for c in r.candidates)  # no bonus: no fix is the check's
    if r.suspected:  # answered, as the bug is there, but not shown as likely right
        assert not any(s.known for s in r.suspected)
        assert r.detection is None or r.detection.probability < suspects.SHARE


SPACED = """class E {
    static String joined(int[] a) {
        StringBuilder sb = new StringBuilder();
        for (int x : a) {
            sb.append(x + ' ');
        }
        return sb.toString();
    }
}
"""


def test_a_fix_that_writes_a_new_string_is_scored_as_a_new_string(model):
    """``x + " "`` for ``x + ' '``: a String literal the method lacks takes the next STRING
    placeholder (the model cannot write its text, but can a new string there), so the fix is
    ranked like any candidate instead of last, unscored."""
    doc = ParsedText.parse(SPACED, JAVA)
    (u,) = JAVA.all_units(doc.parsed, ())
    ((edit, target),) = JAVA.fixes(u, u.start, u.end, model.vocab)
    assert edit.new_text == '" "'
    assert target is not None and "STRING_1" in target and "CHAR_1" not in target
    found, _ = runner.repair(model, doc, pipeline.line_focus(doc, 4), RepairOptions())
    (r,) = found
    assert r.candidates[0].new_text.count('sb.append(x + " ");') == 1
    assert [s.repair for s in r.suspected] == [0]


CEILING = """class F {
    static int pages(int n) {
        return (int) Math.ceil(n / 10);
    }
}
"""


def test_a_fix_that_writes_a_new_floating_literal_is_scored(model):
    """``n / 10.0`` for ``n / 10`` given to ``Math.ceil``: a floating literal the method lacks
    takes the next FLOAT placeholder, so the fix is ranked, and first."""
    doc = ParsedText.parse(CEILING, JAVA)
    (u,) = JAVA.all_units(doc.parsed, ())
    ((edit, target),) = JAVA.fixes(u, u.start, u.end, model.vocab)
    assert edit.new_text == "10.0" and target is not None and "FLOAT_1" in target
    found, _ = runner.repair(model, doc, pipeline.line_focus(doc, 2), RepairOptions())
    (r,) = found
    assert "Math.ceil(n / 10.0)" in r.candidates[0].new_text
    assert [s.repair for s in r.suspected] == [0]


STUCK = """class G {
    static long best(long[] a) {
        long best = Long.MIN_VALUE;
        for (long x : a) best = Math.min(best, x);
        return best;
    }
}
"""
POWER = """class P {
    static long mod(long a) {
        final long MOD = 10 ^ 9 + 7;
        return a % MOD;
    }
}
"""

FIBONACCI = """class F {
    static final long MOD = 1_000_000_007;

    static long fib(int n) {
        long[] f = new long[n + 2];
        f[1] = 1;
        for (int i = 2; i <= n; i++) f[i] = f[i - 1] + f[i - 2];
        return f[n];
    }
}
"""


@pytest.mark.parametrize(
    ("text", "line", "new", "placeholder", "fixed"),
    [
        (STUCK, 3, "max", "METHOD_", "best = Math.max(best, x);"),
        (POWER, 2, "1000000007", "INT_", "final long MOD = 1000000007;"),
        (
            FIBONACCI,
            6,
            "(f[i - 1] + f[i - 2]) % MOD",
            "VAR_",
            "f[i] = (f[i - 1] + f[i - 2]) % MOD;",
        ),
    ],
)
def test_a_fix_that_writes_a_new_method_name_or_integer_is_scored(
    model, text, line, new, placeholder, fixed
):
    """A likely bug's own fix that calls a method the method does not (``Math.max`` where it
    calls only ``Math.min``, a name outside the vocabulary), writes a new integer (the
    literal of ``10 ^ 9 + 7``'s intent) or names a field the method does not use (``MOD``)
    takes the next placeholder of its category, as a new string does: before, it was
    dropped unscored and the list never offered the fix."""
    doc = ParsedText.parse(text, JAVA)
    (u,) = JAVA.all_units(doc.parsed, ())
    ((edit, target),) = JAVA.fixes(u, u.start, u.end, model.vocab)
    assert edit.new_text == new
    assert target is not None and any(t.startswith(placeholder) for t in target)
    found, _ = runner.repair(model, doc, pipeline.line_focus(doc, line), RepairOptions())
    (r,) = found
    assert fixed in r.candidates[0].new_text
    assert [s.repair for s in r.suspected] == [0]


# Correct.java in a project: a package, a class it extends, the array a field of that class;
# its loop at line 14 (the project checks listed i = 0 there at 6%, under the method as
# written: asked for, an alternative; never an automatic answer)
IN_A_PROJECT = """package org.ex;

/**
 * An index of the maximum.
 */
public class Correct extends Base {
    public Correct(int[] values) {
        this.values = values;
    }

    public int indexOfMax() {
        int[] a = values;
        int best = 0;
        for (int i = 1; i < a.length; i++) {
            if (a[i] > a[best]) best = i;
        }
        return best;
    }
}
"""


EMPTY_CONSTRUCTOR = """package demo;

/**
 * Thrown when a check fails.
 */
public class CheckFailedError extends AssertionError {

    private static final long serialVersionUID = 1L;

    public CheckFailedError() {
    }

    public CheckFailedError(String message) {
        super(defaultString(message));
    }

    private static String defaultString(String message) {
        return message == null ? "" : message;
    }
}
"""


def test_an_empty_constructor_is_not_offered_the_super_call_java_implies(model):
    """JUnit's AssertionFailedError() {} was offered ``Insert "super();"`` at 12%, answered
    automatically: the statement Java implies there (JLS 8.8.7), the same program. (What
    else it is offered, ``init();``, is a method of no class in sight: the compile check's.)"""
    doc = ParsedText.parse(EMPTY_CONSTRUCTOR, JAVA)
    for line in ("    public CheckFailedError() {", "    }"):
        focus = pipeline.line_focus(doc, EMPTY_CONSTRUCTOR.split("\n").index(line))
        found, _ = runner.repair(model, doc, focus, RepairOptions())
        (r,) = found
        assert not any("super()" in c.title for c in r.candidates), [c.title for c in r.candidates]


EMPTY_DEFAULT = """package demo;

import java.util.ArrayList;
import java.util.List;

public class WordSource implements Source {
    private final List<String> words = new ArrayList<>();

    public WordSource() {
    }

    public WordSource(List<String> words) {
        this.words.addAll(words);
    }

    public List<String> words() {
        return words;
    }
}
"""


@pytest.mark.parametrize("source", [EMPTY_CONSTRUCTOR, EMPTY_DEFAULT], ids=["error", "source"])
def test_an_empty_constructor_gets_no_automatic_answer(model, source):
    """jline's ``StringsCompleter() {}`` and SLF4J's ``NOPLoggerFactory()`` were answered
    automatically with ``Insert "init();"`` (13%): most of the beam wrote ``super();``, which
    Java implies (the same program), and the head's probability went to what was left. A
    change that leaves the unit as it is counts as the unit unchanged
    (:func:`~spancopy_core.repair.candidates.same_program_share`)."""
    doc = ParsedText.parse(source, JAVA)
    lines = source.split("\n")
    at = next(k for k, x in enumerate(lines) if x.endswith("() {"))
    for line in (at, at + 1):
        focus = pipeline.line_focus(doc, line)
        found, _ = runner.repair(model, doc, focus, RepairOptions())
        (r,) = found
        assert not runner.confident(r, pipeline.CONFIDENT_RATIO, doc, focus), [
            (c.title, c.probability) for c in r.candidates
        ]


@pytest.mark.parametrize("correct", [CORRECT_MAX, IN_A_PROJECT], ids=["alone", "in a project"])
def test_a_correct_index_of_max_is_not_answered_automatically_and_lists_sense(model, correct):
    """The issue's Correct.java: at its correct loop no likely bug and no confident answer
    (an automatic request gets nothing); asked for, alternatives in order of their shares,
    and not ``best < a.length``, which bounds another variable than the counter it indexes
    with (the list held it second)."""
    doc = ParsedText.parse(correct, JAVA)
    line = correct.split("\n").index("        for (int i = 1; i < a.length; i++) {")
    focus = pipeline.line_focus(doc, line)
    found, _ = runner.repair(model, doc, focus, RepairOptions())
    (r,) = found
    assert not r.suspected
    assert not runner.confident(r, pipeline.CONFIDENT_RATIO)
    assert not runner.confident(r, pipeline.CONFIDENT_RATIO, doc, focus)  # as the server asks
    assert r.candidates
    assert not any("best < a.length" in c.title for c in r.candidates)
    shares = [c.probability for c in r.candidates]
    assert shares == sorted(shares, reverse=True)


@pytest.mark.parametrize("method", ["cellAt(int row", "isAttached()", "isRelativeToAnchor()"])
def test_a_method_on_one_line_gets_no_automatic_answer_on_the_heads_word(model, method):
    """picocli: of 153 random lines holding a whole method, 35 were answered automatically
    (of its 147 other lines, 4), and at the lines of 93 real bugs in a method on one line, 4:
    there the head's line rule says nothing. The head still judges these above its rule
    (the request would have been answered); asked for, the list is shown."""
    doc = ParsedText.parse(ONE_LINERS, JAVA)
    line = next(k for k, x in enumerate(ONE_LINERS.split("\n")) if method in x)
    focus = pipeline.line_focus(doc, line)
    (r,) = runner.repair(model, doc, focus, RepairOptions())[0]
    assert pipeline.whole_focus(doc, r.unit, focus)
    assert r.detection is not None and r.detection.probability >= r.detection.least_share
    assert r.candidates and not r.suspected
    assert not runner.confident(r, pipeline.CONFIDENT_RATIO, doc, focus)
    assert runner.confident(r, pipeline.CONFIDENT_RATIO)  # the head's word, the line aside
    quiet = runner.drive(runner.ruled_out(runner.Inline(model), doc, [r.unit], focus))
    assert list(quiet) == [0]  # not even searched for an automatic request


def test_a_line_of_a_longer_method_is_not_its_whole():
    doc = ParsedText.parse(ONE_LINERS, JAVA)
    lines = ONE_LINERS.split("\n")
    at = lines.index("        return anchor < column;")
    (unit,) = pipeline.units(doc, (), pipeline.line_focus(doc, at))
    assert not pipeline.whole_focus(doc, unit, pipeline.line_focus(doc, at))
    assert not pipeline.whole_focus(doc, unit, None)
    both = (doc.lines.offset(at - 1, 0), doc.lines.offset(at + 1, 5))
    assert pipeline.whole_focus(doc, unit, both)
