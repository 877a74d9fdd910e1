"""The validity check of Java candidates (spancopy_core.lang.java.validity): the nonsense of
issue 24 is found, and the fixes of every real-bug set pass it, as do the buggy programs that
compile (the categories of what javac rejects: test_validity_types.py)."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest

from spancopy_core.lang import java
from spancopy_core.lang.java.validity import Environment, environment, problems

ROOT = Path(__file__).resolve().parents[3]

STATS = """import java.util.Arrays;
import java.util.List;

class Stats {
    private static int count;
    private static int[] seen;

    static double mean(List<Integer> xs) {
        double sum = 0;
        for (int x : xs) {
            sum += x;
        }
        return sum / xs.size();
    }

    static int indexOfMax(int[] a) {
        int best = 0;
        for (int i = 1; i < a.length; i++) {
            if (a[i] > a[best]) best = i;
        }
        return best;
    }

    static int pick(byte b, int k) {
        return b + k;
    }

    boolean ready(String name, boolean strict, double d) {
        return name.isEmpty() && strict && count > 0 && d == d;
    }
}
"""


def _method(name: str) -> tuple[str, Environment]:
    doc = java.parse(STATS)
    method = next(m for m in doc.methods if m.name == name)
    return STATS[method.start : method.end], judged(doc, method)


def judged(doc: java.JavaSource, method: java.Method) -> Environment:
    """The method's environment without the problems of the method as written (which excuse
    themselves in a candidate): what the check itself judges."""
    return replace(environment(doc, method), written=())


def test_the_methods_as_written_make_sense() -> None:
    for name in ("mean", "indexOfMax", "ready"):
        text, env = _method(name)
        assert problems(text, env) == [], name


@pytest.mark.parametrize(
    ("name", "old", "new", "expected"),
    [
        ("mean", "sum / xs.size()", "x / xs.size()", "'x' is not declared here"),
        ("mean", "sum / xs.size()", "xs.isEmpty() ? 0 : 0", "has the same value either way"),
        ("mean", "sum / xs.size()", 'sum / "0".toString().length()', "is a constant"),
        ("ready", "name.isEmpty()", '"0".isEmpty()', "is a constant"),
        ("mean", "sum += x;", "sum += x += x;", "nests an assignment"),
        ("mean", "sum += x;", "sum -= sum;", "assigns a variable from itself"),
        ("mean", "sum += x;", "x = x;", "assigns a variable from itself"),
        ("mean", "xs.size()", "xs.length", "'xs' (List<Integer>) has no 'length'"),
        ("mean", "xs.size()", "xs.length()", "'xs' (List<Integer>) has no 'length'"),
        ("mean", "xs.size()", "count.size()", "'count' (int) has no members"),
        ("mean", "xs.size()", "foo(xs)", "no method 'foo' here"),
        ("mean", "xs.size()", "this.total", "no field 'total' in this class"),
        ("mean", "xs.size()", "new ArrayList<Integer>().size()", "type 'ArrayList'"),
        ("indexOfMax", "i < a.length", "i < a.size", "an array 'a' (int[]) has no 'size'"),
        ("indexOfMax", "i < a.length", "i < a.size()", "an array 'a' (int[]) has no 'size'"),
        ("indexOfMax", "i < a.length", "i < seen.size()", "an array 'seen' (int[])"),
        ("indexOfMax", "a[i] > a[best]", "a[i] > a[i]", "compares an expression with itself"),
        ("indexOfMax", "a[i] > a[best]", "a[i] >= a[i]", "compares an expression with itself"),
        ("indexOfMax", "a[i] > a[best]", "a[i] != a[i]", "compares an expression with itself"),
        ("indexOfMax", "a[i] > a[best]", "Math.max(a[i], a[i]) > 0", "compares an expression"),
        ("indexOfMax", "a[i] > a[best]", "Integer.compare(i, i) > 0", "compares an expression"),
        ("ready", "name.isEmpty()", "name.equals(name)", "compares an expression with itself"),
        ("ready", "name.isEmpty()", "name.compareTo(name) < 0", "compares an expression"),
        ("indexOfMax", "a[i] > a[best]", "best.length > 0", "'best' (int) has no members"),
        ("indexOfMax", "a[i] > a[best]", "best", "'best' (int) is not a condition"),
        ("indexOfMax", "a[i] > a[best]", "!a[i] > a[best]", "'a[i]' (int) is not a condition"),
        ("indexOfMax", "a[i] > a[best]", "best[0] > 1", "'best' (int) is not an array"),
        # a class out of sight is no array and no number (Commons Net's this.socket = socket
        # for a Socket was offered socket + 1; Joda-Time's values[i] was offered partial[i])
        ("ready", "count > 0", "((Socket) null)[0] > 0", "(Socket) is not an array"),
        ("ready", "count > 0", "((Socket) null) - 1 > 0", "'-' on a Socket"),
        ("ready", "count > 0", "((net.Socket) null) + 1 > 0", "'+' on a net.Socket"),
        # nor a box or a String (Joda-Time's long set(...) was offered return iField; for a
        # DateTimeField)
        ("mean", "return sum / xs.size();", "return (Socket) null;", "Socket cannot be conv"),
        ("mean", "double sum = 0;", "String sum = (Socket) null;", "Socket cannot be conv"),
        ("mean", "double sum = 0;", "Integer sum = (Socket) null;", "Socket cannot be conv"),
        ("indexOfMax", "a[i] > a[best]", "a[i] > 0 && best", "'&&' on a int"),
        ("indexOfMax", "return best;", "return i;", "'i' is not declared here"),
        ("ready", "count > 0", 'name < "b"', "'<' on a String"),
        ("ready", "count > 0", "strict > 0", "'>' on a boolean"),
        # a loop that never ends or never runs: its condition never changes, or its step
        # moves its variable away from the bound
        ("indexOfMax", "i < a.length; i++", "a.length > 0; i++", "'a.length > 0' never"),
        ("indexOfMax", "i < a.length; i++", "i > a.length; i++", "'i++' moves 'i' away"),
        ("indexOfMax", "i < a.length; i++", "a.length <= i; i++", "'i++' moves 'i' away"),
        ("indexOfMax", "i < a.length; i++", "i < a.length; i--", "'i--' moves 'i' away"),
        ("indexOfMax", "i < a.length; i++", "i < a.length; i -= 2", "'i -= 2' moves 'i' away"),
        # from a bound that a call gives (a Joda-Time loop to partial.size() was
        # offered i--): nothing the loop calls moves a local
        ("mean", "sum += x;", "for (int i = 0; i < xs.size(); i--) sum += i;", "'i--' moves"),
        # a bound of a length that never reads the counter indexing with it (Correct.java's
        # invoked list held best < a.length second; the body sets best, a call may set count)
        ("indexOfMax", "i < a.length; i++", "best < a.length; i++", "never reads its counter"),
        ("indexOfMax", "i < a.length; i++", "count < a.length; i++", "never reads its counter"),
        ("indexOfMax", "i < a.length; i++", "a.length > best; i++", "never reads its counter"),
        # a condition its step makes false at once (Correct.java's invoked list held it)
        ("indexOfMax", "i < a.length; i++", "i == a.length; i++", "holds once at most"),
        ("indexOfMax", "i < a.length; i++", "a.length == i; i += 2", "holds once at most"),
        # a counter that starts where its condition already fails (Search.java's line
        # for (int i = words.length - 1; i > 0; i--) was offered int i = 0 at second)
        ("indexOfMax", "int i = 1; i < a.length; i++", "int i = 0; i > 0; i--", "false from the"),
        ("indexOfMax", "int i = 1; i < a.length; i++", "int i = 5; 3 > i; i++", "false from the"),
        ("indexOfMax", "int i = 1; i < a.length; i++", "int i = 1; i != 1; i++", "false from the"),
        # a step that changes nothing, a value computed from itself
        ("indexOfMax", "best = i;", "best += 0;", "'best += 0' changes nothing"),
        ("indexOfMax", "best = i;", "best <<= 0;", "'best <<= 0' changes nothing"),
        ("indexOfMax", "best = i;", "best *= 1;", "'best *= 1' changes nothing"),
        # an operation of the same (Search.java's reverse loop was offered words.length - 0)
        ("indexOfMax", "int i = 1;", "int i = a.length - 0;", "'a.length - 0' changes nothing"),
        ("indexOfMax", "best = i;", "best = i * 1;", "'i * 1' changes nothing"),
        # ! binds first (Joda-Time's getZone() == DateTimeZone.UTC was offered !getZone() ==)
        ("ready", "count > 0", "!count == 0", "negates 'count', not the comparison"),
        ("ready", "count > 0", "!getCount() != null", "negates 'getCount()', not the"),
        # where no other number is added (Joda-Time's fieldIndex + 1 was offered fieldIndex + 0)
        ("indexOfMax", "int i = 1;", "int i = best + 0;", "'best + 0' changes nothing"),
        ("mean", "sum / xs.size()", "sum / 1", "'sum / 1' changes nothing"),
        ("indexOfMax", "a[i] > a[best]", "a[i] - a[i] > 0", "'a[i] - a[i]' is always the same"),
        ("indexOfMax", "best = i;", "best = i % i;", "'i % i' is always the same value"),
        # a field qualified where nothing hides it: the same program (java-algorithms'
        # MathBuilder was offered this.number = memory at 11%, a lightbulb on a correct line)
        ("ready", "count > 0", "this.count > 0", "'this.count' is 'count' here"),
        # a type read as a value (javapoet's AnnotationSpec was offered value == Character)
        ("ready", "count > 0", "name == String", "'String' is a type, not a value"),
        ("mean", "sum / xs.size()", "sum / Stats", "'Stats' is a type, not a value"),
        # a negation negated (java-algorithms' ReverseString was offered !(!stack.isEmpty()))
        ("ready", "name.isEmpty()", "!(!name.isEmpty())", "negates a negation"),
        ("ready", "name.isEmpty()", "!!name.isEmpty()", "negates a negation"),
        # compared with null, what never is (jsoup's Normalizer was offered input + 1 != null)
        ("ready", "count > 0", "name + 1 != null", "'name + 1' is never null"),
        ("ready", "count > 0", "null == new Object()", "'new Object()' is never null"),
        ("ready", "count > 0", '("a" + name) != null', "is never null"),
        # a value given to the loop's element that nothing reads (Stats.java's correct
        # lo = Math.min(lo, x) was offered x = Math.min(lo, x) first, at 10%)
        ("mean", "sum += x;", "x = Math.min(x, 1);", "gives the loop's element a value"),
        ("mean", "sum += x;", "x += 1;", "gives the loop's element a value"),
        # a number's digits appended to a String (Names.java's line read was offered
        # sc.nextLine() + 1)
        ("ready", "name.isEmpty()", "(name + 1).isEmpty()", "appends the digits of 1"),
        ("ready", "name.isEmpty()", "(name.trim() + 2).isEmpty()", "appends the digits of 2"),
        # a condition that sends null where it is used (Normalizer: input == null ? input....)
        ("ready", "count > 0", "(name == null ? name.length() : 1) > 0", "uses 'name' where"),
        ("ready", "count > 0", "(name != null ? 1 : name.length()) > 0", "uses 'name' where"),
        # one branch of a conditional runs: the same call either way is the same value
        # (Commons Lang's BitField was offered flag ? setByte(holder) : setByte(holder))
        (
            "mean",
            "sum / xs.size()",
            "xs.isEmpty() ? indexOfMax(seen) : indexOfMax(seen)",
            "the same value either way",
        ),
        # x when x is null, x when it is not (Commons Lang's return NOP; was offered
        # return NOP == null ? null : NOP)
        ("ready", "name.isEmpty()", "(name == null ? null : name).isEmpty()", "is 'name' either"),
        ("ready", "name.isEmpty()", "(name != null ? name : null).isEmpty()", "is 'name' either"),
        ("ready", "name.isEmpty()", "((name) == null ? null : name).isEmpty()", "is 'name' either"),
        (
            "ready",
            "name.isEmpty()",
            "(name.trim() != null ? (name.trim()) : null).isEmpty()",
            "is 'name.trim()' either way",
        ),
        # null returned for null right before the value is (Commons Lang's MutablePair was
        # offered if (left == null) { return null; } before return left;)
        (
            "mean",
            "return sum / xs.size();",
            "if (xs == null) { return null; }\n        return xs;",
            "returns null where 'return xs;' does anyway",
        ),
        (
            "mean",
            "return sum / xs.size();",
            "if (xs == null) return null; // none\n        return xs;",
            "returns null where 'return xs;' does anyway",
        ),
        # an if that tests what the one before it left the method on (Commons Lang's
        # getPackageName was offered return null; } if (object == null) { return valueIfNull;)
        (
            "indexOfMax",
            "int best = 0;",
            "if (a == null) { return -1; }\n"
            "        if (a == null) return 0;\n        int best = 0;",
            "tests what 'if (a == null) { return -1; }' left on",
        ),
        # null returned as a primitive (BitField: flag ? set(holder) : null, of an int)
        (
            "indexOfMax",
            "return best;",
            "return best > 0 ? best : null;",
            "null cannot be converted to int",
        ),
        # a first statement that calls the method itself with its parameters (Guava's
        # ComparisonChain was offered return result(); in result())
        (
            "indexOfMax",
            "int best = 0;",
            "indexOfMax(a);\n        int best = 0;",
            "calls the method itself at once",
        ),
        (
            "indexOfMax",
            "int best = 0;",
            "return indexOfMax(a);\n        int best = 0;",
            "calls the method itself at once",
        ),
        # a value stored that nothing reads (ComparisonChain: left = right; return this;)
        (
            "ready",
            "return name.isEmpty() && ",
            "name = name.trim();\n        return ",
            "stores a value that nothing reads",
        ),
        # an array printed: its identity hash code (Commons Lang's ArraySorter was offered
        # System.out.println(array) for Arrays.sort(array))
        (
            "indexOfMax",
            "int best = 0;",
            "System.out.println(a);\n        int best = 0;",
            "prints an array's identity",
        ),
        # a number written the long way (ComparisonChain: return 0 + 1;)
        ("indexOfMax", "int best = 0;", "int best = 0 + 1;", "written the long way"),
        ("indexOfMax", "int best = 0;", "int best = 0 - 1;", "written the long way"),
        ("ready", "count > 0", "super.total > 0", "no field 'total' in this class"),
        # a call of a void method as a value (ArraySorter: return Arrays.sort(array);)
        (
            "indexOfMax",
            "return best;",
            "return Arrays.sort(a);",
            "'Arrays.sort(a)' returns nothing",
        ),
        ("indexOfMax", "int best = 0;", "int best = Arrays.sort(a);", "returns nothing"),
        # a method of no superclass (BitField, which extends nothing, was offered
        # super.setByteBoolean(holder, flag))
        ("ready", "count > 0", "super.size() > 0", "no method 'size' in the superclass"),
        # nor one of the class itself: its super is Object (BitField was offered
        # super.setByteBoolean(holder, flag) in setByteBoolean)
        ("indexOfMax", "int best = 0;", "int best = super.hashCode();", "in a static method"),
        (
            "ready",
            "count > 0",
            "super.ready(name, strict, d)",
            "no method 'ready' in the superclass",
        ),
        # an argument narrowed, which a call never does (BitField: clearByte(holder - 1) for
        # a byte parameter)
        ("indexOfMax", "int best = 0;", "int best = pick((byte) 0, 1L);", "does not take"),
        ("indexOfMax", "int best = 0;", "int best = pick(a[0], 1);", "does not take"),
        # a number for a Comparator (Commons Lang's ArraySorter was offered Arrays.sort(array, 0))
        (
            "indexOfMax",
            "int best = 0;",
            "Arrays.sort(a, 0);\n        int best = 0;",
            "(int[], int)",
        ),
        ("mean", "double sum = 0;", 'xs.sort("0");\n        double sum = 0;', "does not take"),
        # a cast of a value to its own type (Commons Lang's BitField was offered (short)
        # clearShort(holder) for (short) clear(holder), clearShort returning a short)
        ("pick", "return b + k;", "return (int) k + b;", "casts a value to its own type"),
        # a field of super in a class that extends nothing (TheAlgorithms' AVLTree.Node was
        # offered super.key = k for key = k)
        ("ready", "count > 0", "super.count > 0", "no field 'count' in the superclass"),
        # this qualified by no class (JUnit's Throwables was offered return this.this;)
        ("ready", "count > 0", "this.this != null", "qualifies this with no class"),
        ("ready", "count > 0", "name.this != null", "qualifies this with no class"),
        ("indexOfMax", "return best;", "return (int) indexOfMax(a);", "its own type"),
        # an array's length is an int (the README's RingBuffer was offered new int[items])
        ("indexOfMax", "int best = 0;", "int best = new int[a].length;", "a length of type"),
        ("mean", "sum / xs.size()", "new double[xs.size() * 1.0].length", "a length of type"),
    ],
)
def test_nonsense_is_found(name: str, old: str, new: str, expected: str) -> None:
    text, env = _method(name)
    assert old in text
    found = problems(text.replace(old, new, 1), env)
    assert any(expected in p for p in found), found


@pytest.mark.parametrize(
    ("name", "old", "new"),
    [
        ("mean", "sum / xs.size()", "sum / count"),  # a field
        ("indexOfMax", "int best = 0;", "int best = new int[a.length].length - a.length;"),
        ("indexOfMax", "int best = 0;", "int best = new int[a[0]][a.length].length * 0;"),
        ("mean", "sum / xs.size()", "sum / Math.max(1, xs.size())"),  # java.lang
        ("mean", "sum / xs.size()", "sum / seen.length"),
        ("mean", "sum / xs.size()", "sum / indexOfMax(seen)"),  # a method of the class
        ("mean", "sum / xs.size()", "sum / new Helper().size()"),  # a class of the package?
        ("mean", "double sum = 0;", "xs.sort(null);\n        double sum = 0;"),
        ("mean", "double sum = 0;", "xs.sort((p, q) -> q - p);\n        double sum = 0;"),
        ("indexOfMax", "a[i] > a[best]", "a[i] >= a[best]"),
        ("pick", "return b + k;", "return (int) b + k;"),  # a byte widened
        ("pick", "return b + k;", "return (int) (b + k * 0.5);"),  # a double narrowed
        ("pick", "return b + k;", "return (int) (k & 0xff);"),  # arithmetic, cast for clarity
        ("indexOfMax", "a[i] > a[best]", "a.clone()[i] > a[best]"),
        ("ready", "d == d", "d != d"),  # NaN's test, not a comparison with itself
        ("ready", "count > 0", "name.length() > 0"),
        ("ready", "count > 0", "name.length() + 1 > 0"),  # a number plus a number
        ("mean", "sum += x;", "x = Math.abs(x); sum += x;"),  # read after it
        ("ready", "name.isEmpty()", '("#" + name + 1).isEmpty()'),  # a label and a number
        ("mean", "sum / xs.size()", "xs.isEmpty() ? 0 : sum / xs.size()"),
        ("mean", "sum / xs.size()", 'sum / "aeiou".toCharArray().length'),
        ("mean", "sum / xs.size()", 'sum / "abs:".length()'),  # jsoup's Node.attr
        ("ready", "name.isEmpty()", '"".equals(name)'),
        ("indexOfMax", "a[i] > a[best]", "Math.max(a[i], a[best]) > 0"),
        ("indexOfMax", "a[i] > a[best]", "Math.pow(a[i], a[i]) > 0"),  # not a comparison
        ("indexOfMax", "a[i] > a[best]", "Integer.compare(i++, i++) > 0"),  # not the same value
        ("mean", "sum / xs.size()", "xs.isEmpty() ? indexOfMax(seen) : mean(xs)"),
        ("indexOfMax", "return best;", "a = null;\n        return best;"),  # for the collector
        ("indexOfMax", "int best = 0;", "int best = 0;\n        a = a.clone();"),  # read after
        ("indexOfMax", "best = i;", "best = 0 + i;"),
        ("indexOfMax", "int best = 0;", "System.out.println(a.length);\n        int best = 0;"),
        ("mean", "double sum = 0;", "if (xs.isEmpty()) return mean(xs);\n        double sum = 0;"),
        ("ready", "count > 0", "super.hashCode() > 0"),  # Object's
        # a wildcard's bound in a static method (the JDK's PriorityQueue.siftUpComparable)
        (
            "mean",
            "double sum = 0;",
            "Object c = (List<? super Integer>) xs;\n        double sum = 0;",
        ),
        ("indexOfMax", "int best = 0;", "int best = pick((byte) 0, 'c');"),  # char widens
        ("indexOfMax", "int best = 0;", "int best = pick((byte) 0, (short) 2);"),
        ("indexOfMax", "int best = 0;", "Arrays.sort(a);\n        int best = 0;"),
        ("indexOfMax", "i < a.length; i++", "i >= 1; i--"),  # counts down to its bound
        ("indexOfMax", "i < a.length; i++", "i < a.length; i += 2"),
        ("indexOfMax", "i < a.length; i++", "i < a.length; i *= 2"),  # not a step it can read
        ("indexOfMax", "i < a.length; i++", "a[i] == best; i++"),  # a search
        ("indexOfMax", "i < a.length; i++", "best < 100; i++"),  # no length: a count of its own
        ("indexOfMax", "i < a.length; i++", "i != a.length; i++"),
        ("indexOfMax", "int i = 1; i < a.length; i++", "int i = 1; i <= 1; i++"),  # runs once
        ("indexOfMax", "int i = 1; i < a.length; i++", "int i = 9; i >= 0; i--"),
        ("indexOfMax", "best = i;", "best = i + i;"),  # twice i: a value
        ("indexOfMax", "a[i] > a[best]", "a[i + 0] > a[best + 1]"),  # off + 0 beside off + 1
        # an argument: a table of offsets (the JDK's ZipUtils, one method an offset)
        ("indexOfMax", "int best = 0;", "int best = pick((byte) 0, a.length + 0);"),
        ("indexOfMax", "best = i;", "best = i >>> 0;"),  # v >>> 0 beside v >>> 8
        ("indexOfMax", "best = i;", "best = 1000 * 1000 * 1;"),  # a constant, spelt out
        ("ready", "count > 0", "!strict == name.isEmpty()"),  # two booleans
        ("ready", "count > 0", "(((Socket) null) + name).isEmpty()"),  # a String
        ("mean", "double sum = 0;", "Object o = (Socket) null;\n        double sum = 0;"),
        ("indexOfMax", "best = i;", "best += 1;"),
        ("indexOfMax", "a[i] > a[best]", "a[i] - a[best] > 0"),
        ("mean", "sum += x;", "sum -= sum - sum;"),  # a double: NaN for an infinite sum
        ("ready", "count > 0", "(name != null ? name.length() : 1) > 0"),
        ("ready", "name.isEmpty()", "!(!name.isEmpty() || strict)"),
        ("ready", "count > 0", "name instanceof String"),
        ("ready", "count > 0", "Character.isDigit(name.charAt(0))"),
        ("mean", "sum / xs.size()", "sum / (Integer) xs.get(0)"),
        ("ready", "count > 0", "(name == null ? 0 : name.length()) > 0"),
        ("ready", "count > 0", "(name == null ? String.valueOf(name).length() : 1) > 0"),
    ],
)
def test_sense_is_kept(name: str, old: str, new: str) -> None:
    text, env = _method(name)
    assert problems(text.replace(old, new, 1), env) == []


def test_what_cannot_be_seen_is_accepted() -> None:
    """Members of a superclass, of a class shown as one method, or names the method as
    written already uses from out of sight, may be used anywhere; a loop variable may not."""
    sub = STATS.replace("class Stats {", "class Stats extends Base {")
    doc = java.parse(sub)
    mean = next(m for m in doc.methods if m.name == "mean")
    text = sub[mean.start : mean.end]
    env = environment(doc, mean)
    assert problems(text.replace("xs.size()", "inherited(total)"), env) == []
    assert problems(text.replace("sum / xs", "x / xs"), env) == ["'x' is not declared here"]
    snippet = "class C {\n  int f(int n) { return n + offset; }\n}\n"
    doc = java.parse(snippet)
    f = doc.methods[0]
    text, env = snippet[f.start : f.end], environment(doc, f)
    assert env.free == {"offset"}
    assert problems(text.replace("n + offset", "offset + n * scale"), env) == []
    assert problems(text, None) == []  # nothing known: only the method's own names


def test_a_method_shown_alone_may_call_its_superclass() -> None:
    """A class of one method is a method shown out of its file (ManySStuBs4J's records):
    its super is unseen, though the class around it extends nothing."""
    snippet = "class C {\n  boolean done() {\n    return super.isDone();\n  }\n}\n"
    doc = java.parse(snippet)
    method = doc.methods[0]
    text = snippet[method.start : method.end]
    assert problems(text, environment(doc, method)) == []
    other = text.replace("super.isDone()", "super.isDone() && super.isOk()")
    assert problems(other, environment(doc, method)) == []


def test_an_interface_that_extends_another_has_its_members() -> None:
    """A default method may call what an extended interface declares (compareTo of
    Comparable); an interface that extends nothing has only its own methods."""
    source = (
        "interface Shape extends Comparable<Shape> {\n    double area();\n\n"
        "    default boolean bigger(Shape o) {\n        return area() > o.area();\n    }\n}\n"
    )
    for text, refused in (
        (source, []),
        (source.replace(" extends Comparable<Shape>", ""), ["no method 'compareTo' here"]),
    ):
        doc = java.parse(text)
        bigger = next(m for m in doc.methods if m.name == "bigger")
        method, env = text[bigger.start : bigger.end], environment(doc, bigger)
        assert problems(method.replace("area() > o.area()", "compareTo(o) > 0"), env) == refused


CHAIN = """abstract class Chain {
    abstract int result();

    static final Chain ACTIVE = new Chain() {
        int result() {
            return 0;
        }
    };

    static final class Inactive extends Chain {
        final int value;

        Inactive(int value) {
            this.value = value;
        }

        int result() {
            return value;
        }

        Chain compare(int left, int right) {
            return this;
        }
    }
}
"""


def test_a_class_that_extends_its_enclosing_class_has_only_the_members_seen() -> None:
    """Guava's ComparisonChain: an anonymous ``new ComparisonChain() { ... }`` and a nested
    class extending it, inside it, were taken for classes of members out of sight, and got
    ``return result;`` (a field of another nested class) and ``this.left = left;``."""
    doc = java.parse(CHAIN)
    _, active, _, compare = (m for m in doc.methods if m.name in ("result", "compare"))
    for method, old, new, refused in (
        (active, "return 0;", "return value;", "'value' is not declared here"),
        (active, "return 0;", "return result();", "calls the method itself at once"),
        (compare, "return this;", "this.left = left;\n            return this;", "no field 'left'"),
    ):
        text, env = CHAIN[method.start : method.end], environment(doc, method)
        assert any(refused in p for p in problems(text.replace(old, new), env))
    text = CHAIN[compare.start : compare.end]
    assert (
        problems(
            text.replace("return this;", "return new Inactive(value);"), environment(doc, compare)
        )
        == []
    )
    # a superclass out of sight may have them
    other = CHAIN.replace("new Chain() {", "new Base() {")
    doc = java.parse(other)
    active = next(
        m for m in doc.methods if m.name == "result" and "return 0" in other[m.start : m.end]
    )
    text = other[active.start : active.end]
    assert problems(text.replace("return 0;", "return value;"), environment(doc, active)) == []


def test_the_constructors_and_abstract_methods_of_the_files_classes_are_known() -> None:
    """Guava's ComparisonChain was offered ``return new ComparisonChain(left, right);`` (an
    abstract class, and no constructor takes two) and ``return super.compare(left, right);``
    (abstract in the superclass): neither compiles."""
    doc = java.parse(CHAIN)
    _, active, _, compare = (m for m in doc.methods if m.name in ("result", "compare"))
    text, env = CHAIN[compare.start : compare.end], environment(doc, compare)
    for new, refused in (
        ("return new Chain();", "'new Chain()': Chain is abstract"),
        ("return new Inactive(left, right);", "'new Inactive(left, right)': the constructor"),
        ("return new Inactive();", "does not take 0 arguments"),
        ('return new Inactive("0");', "does not take (String)"),
        ("return super.result() > 0 ? this : null;", "'super.result()': abstract in the"),
    ):
        assert any(refused in p for p in problems(text.replace("return this;", new), env)), new
    for new in ("return new Inactive(left + right);", "return new Chain() {};"):
        assert problems(text.replace("return this;", new), env) == [], new
    text, env = CHAIN[active.start : active.end], environment(doc, active)
    refused = problems(text.replace("return 0;", "return super.result();"), env)
    assert any("abstract in the superclass" in p for p in refused)
    # an overload abstract, another not (Guava's compare(int, int) and compare(Boolean,
    # Boolean)): the one the arguments' types name exactly is called
    source = CHAIN.replace(
        "    abstract int result();\n",
        "    abstract int result();\n\n    abstract Chain compare(int a, int b);\n\n"
        "    final Chain compare(Boolean a, Boolean b) {\n        return this;\n    }\n",
    )
    doc = java.parse(source)
    compare = next(m for m in doc.methods if m.name == "compare" and "left" in m_text(source, m))
    text, env = m_text(source, compare), environment(doc, compare)
    called = problems(text.replace("return this;", "return super.compare(left, right);"), env)
    assert any("abstract in the superclass" in p for p in called), called
    boxed = text.replace("return this;", "return super.compare(Boolean.TRUE, Boolean.FALSE);")
    assert problems(boxed, env) == []


def m_text(source: str, method: java.Method) -> str:
    return source[method.start : method.end]


def _changed_where(source: str, old: str, new: str) -> list[str]:
    """What the check alone finds in the method of ``source`` that holds ``old`` (a method
    that makes sense as written) with ``old`` changed into ``new``."""
    doc = java.parse(source)
    method = next(m for m in doc.methods if old in m_text(source, m))
    assert environment(doc, method).written == ()
    return problems(m_text(source, method).replace(old, new, 1), judged(doc, method))


def _judged_as_javac_judges(source: str, old: str, new: str, expected: str) -> None:
    """The check finds ``expected`` (nothing where empty) in the method of ``source`` that
    holds ``old`` with ``old`` changed into ``new``; and where a JDK is on the machine, javac
    compiles the file so changed exactly where nothing is expected."""
    from spancopy_core.lang.java import compiler

    found = _changed_where(source, old, new)
    assert any(expected in p for p in found) if expected else found == [], found
    if compiler.available():
        changed = source.replace(old, new, 1)
        assert compiler.check(source, [changed], budget_s=60.0) == [not expected]


@pytest.mark.parametrize(
    ("change", "where"),
    [
        # Lombok makes constructors out of sight
        ("static final class Inactive", "@lombok.Builder\n    static final class Inactive"),
        ("static final class Inactive", "@AllArgsConstructor static final class Inactive"),
        # a name two classes of the file have may mean either
        ("abstract class Chain {", "abstract class Chain {\n    class Inactive {}\n"),
        # a superclass that extends another may inherit a concrete result() (or not be
        # abstract: both are seen only where the superclass is the file's alone)
        ("abstract class Chain {", "abstract class Chain extends Base {"),
    ],
)
def test_constructors_and_super_out_of_sight_are_not_judged(change: str, where: str) -> None:
    source = CHAIN.replace(change, where, 1)
    doc = java.parse(source)
    compare = next(m for m in doc.methods if m.name == "compare")
    text, env = source[compare.start : compare.end], environment(doc, compare)
    new = "return new Inactive(left, right);"
    if "extends Base" in where:
        new = "return super.result() > 0 ? this : null;"
    assert problems(text.replace("return this;", new), env) == []


def test_a_functional_interface_parameter_of_the_files_method_takes_no_number() -> None:
    """Guava's ComparisonChain was offered ``compare(left, right, false)`` for its
    ``compare(T left, T right, Comparator<T> comparator)``: a Comparator is no boolean."""
    source = (
        "import java.util.Comparator;\n\nclass Chain {\n"
        "    <T> int compare(T left, T right, Comparator<T> comparator) {\n"
        "        return comparator.compare(left, right);\n    }\n\n"
        "    int compare(int left, int right) {\n        return 0;\n    }\n}\n"
    )
    doc = java.parse(source)
    method = next(m for m in doc.methods if "int left" in source[m.start : m.end])
    text, env = source[method.start : method.end], environment(doc, method)
    for new, expected in (
        ("return compare(left, right, false);", ["does not take (int, int, boolean)"]),
        ("return compare(left, right, null);", []),
        ("return compare(left, right, (a, b) -> b - a);", []),
    ):
        found = problems(text.replace("return 0;", new), env)
        assert [p for p in found if any(e in p for e in expected)] == found, found
        assert bool(found) == bool(expected), (new, found)


def test_a_class_that_declares_no_constructor_has_the_default_one() -> None:
    source = (
        "class Pair {\n    int a, b;\n\n    static Pair of(int a) {\n        return null;\n"
        "    }\n}\n"
    )
    doc = java.parse(source)
    (method,) = doc.methods
    text, env = source[method.start : method.end], environment(doc, method)
    assert problems(text.replace("null", "new Pair()"), env) == []
    assert problems(text.replace("null", "new Pair(a)"), env) == [
        "'new Pair(a)': the constructor does not take 1 arguments"
    ]
    # a method shown alone in its class (ManySStuBs4J's Worker.main, which calls new
    # Worker(conf, null, ...)): the class's constructors are out of sight
    alone = (
        "class Worker {\n    public static void main(String[] args) {\n        f(null);\n    }\n}\n"
    )
    doc = java.parse(alone)
    (method,) = doc.methods
    text, env = alone[method.start : method.end], environment(doc, method)
    assert problems(text.replace("f(null)", "f(new Worker(args, 1))"), env) == []


BUILDER = """import java.io.OutputStream;
import java.util.*;

public final class Builder extends OutputStream {
    private final Object recycler;

    public Builder() { this(null); }

    public Builder(Object recycler) { this(recycler, 500); }

    public Builder(Object recycler, int size) {
        this.recycler = recycler;
    }

    @Override
    public void write(int b) {}
}
"""


@pytest.mark.parametrize(
    ("new", "expected"),
    [
        # Jackson's ByteArrayBuilder was offered this(null, null): its (recycler, int)
        ("this(null, null);", "'this(null, null);': the constructor does not take (null, null)"),
        ("this(null, 1, 2);", "the constructor does not take 3 arguments"),
        ('this("a", "b");', "the constructor does not take (String, String)"),
        ("this(null, 10);", ""),
        ("this(new Object());", ""),
    ],
)
def test_this_calls_one_of_the_classs_own_constructors(new: str, expected: str) -> None:
    """A class's constructors are all in it, none inherited: ``this(...)`` is judged even in
    a class whose superclass and imports are out of sight."""
    doc = java.parse(BUILDER)
    method = next(m for m in doc.methods if "this(null)" in m_text(BUILDER, m))
    text, env = m_text(BUILDER, method), environment(doc, method)
    found = problems(text.replace("this(null);", new), env)
    assert [expected in p for p in found] == ([True] if expected else []), found
    # a constructor shown alone in its class: the others are out of sight
    alone = "class Builder {\n    public Builder() { this(null); }\n}\n"
    doc = java.parse(alone)
    (method,) = doc.methods
    assert (
        problems(m_text(alone, method).replace("this(null);", new), environment(doc, method)) == []
    )


MISMATCH = """import java.text.NumberFormat;
import java.util.List;

class Mismatch {
    private final int dimension;

    Mismatch(NumberFormat format, int wrong, int expected) {
        dimension = expected;
    }

    Mismatch(int wrong, int expected) {
        this(NumberFormat.getInstance(), wrong, expected);
    }

    static String show(NumberFormat format, int value) {
        return format.format(value);
    }

    static <T> int first(T item, int n) {
        return n;
    }

    static int numbered(Number n, Comparable<Integer> c, Object o, CharSequence s) {
        return 0;
    }

    static int count(List<String> names) {
        return names.size();
    }

    static int use(int wrong, String name, int[] values) {
        return -1;
    }
}
"""


@pytest.mark.parametrize(
    ("old", "new", "expected"),
    [
        # Commons Math's DimensionMismatchException was offered this(wrong,
        # LocalizedFormats.DIMENSIONS_MISMATCH_SIMPLE, expected) for its (Localizable, int, int)
        (
            "this(NumberFormat.getInstance(), wrong",
            "this(wrong, NumberFormat.getInstance()",
            "the c",
        ),
        ("return -1;", "return show(wrong, wrong).length();", "(int, int)"),
        ("return -1;", "return show(name, wrong).length();", "(String, int)"),
        ("return -1;", "return count(values);", "does not take (int[])"),
        ("return -1;", "return show(null, wrong).length();", ""),
        ("return -1;", "return first(wrong, wrong);", ""),  # a type variable
        ("return -1;", "return first(values, wrong);", ""),
        ("return -1;", "return numbered(wrong, wrong, values, name);", ""),
    ],
)
def test_a_parameter_of_a_class_type_takes_no_primitive_string_or_array(
    old: str, new: str, expected: str
) -> None:
    """JLS 5.3: a primitive is boxed, and a box, a String or an array is of no class but its
    own and its supertypes (Object, Number, Comparable, CharSequence, ...)."""
    _judged_as_javac_judges(MISMATCH, old, new, expected)


@pytest.mark.parametrize(
    ("header", "new", "expected"),
    [
        # the README's RingBuffer was offered super(capacity); as the first statement
        ("class Ring", "super(capacity);", "Object's constructor takes no arguments"),
        ("class Ring", "super();", ""),
        ("class Ring extends Base", "super(capacity);", ""),  # Base's constructors unseen
        ("class Ring extends Base", "super();", ""),
    ],
)
def test_super_with_arguments_in_a_class_that_extends_nothing(
    header: str, new: str, expected: str
) -> None:
    source = (
        f"{header} {{\n    private final int[] items;\n\n    Ring(int capacity) {{\n"
        "        items = new int[capacity];\n    }\n}\n"
    )
    doc = java.parse(source)
    (method,) = doc.methods
    text, env = m_text(source, method), environment(doc, method)
    found = problems(text.replace("{\n", "{\n        " + new + "\n", 1), env)
    assert [expected in p for p in found] == ([True] if expected else []), found


RING = """class Ring {
    private static final int MAX = 64;
    private final int[] items;
    private final int limit = 8;
    private int size;

    Ring(int capacity) {
        items = new int[capacity];
    }

    Ring() {
        this(4);
    }

    private Ring(String why) {
        throw new IllegalStateException(why);
    }
}
"""


@pytest.mark.parametrize(
    ("which", "old", "new", "expected"),
    [
        # the README's RingBuffer was offered each of the first two (JLS 16.9)
        ("capacity", "items = new", "items = null;\n        items = new", "has its value already"),
        ("capacity", "        items = new int[capacity];\n", "", "is never given its value"),
        ("capacity", "items = new", "this.items = null;\n        this.items = new", "already"),
        ("this(4);", "this(4);", "this(4);\n        items = null;", "has its value already"),
        # one given its value where declared, or static, has it before any constructor runs
        # (Commons Math's MathInternalError was offered REPORT_URL = null;)
        ("capacity", "items = new", "limit = capacity;\n        items = new", "'limit' is a fin"),
        ("capacity", "items = new", "this.limit = 1;\n        items = new", "'limit' is a final"),
        ("capacity", "items = new", "MAX = capacity;\n        items = new", "'MAX' is a final"),
        # sense: one assignment, in a branch or not; another field; a local of the name
        ("capacity", "items = new int[capacity];", "items = capacity > 0 ? new int[1] : null;", ""),
        ("capacity", "items = new", "size = 1;\n        size += 2;\n        items = new", ""),
        ("capacity", "items = new", "int[] items = null;\n        this.items = new", ""),
        # a constructor that always throws gives no field a value
        ("why", "throw", "throw", ""),
    ],
)
def test_a_constructor_gives_each_final_field_one_value(
    which: str, old: str, new: str, expected: str
) -> None:
    doc = java.parse(RING)
    method = next(m for m in doc.methods if which in m_text(RING, m))
    text, env = m_text(RING, method), judged(doc, method)
    assert old in text
    found = problems(text.replace(old, new, 1), env)
    assert any(expected in p for p in found) if expected else found == [], found


WRITER = """import java.io.Writer;

public class Tagged extends Proxy implements Listener {
    private final long[][] sets = new long[2][];

    public Tagged(final Writer proxy) {
        super(proxy);
    }

    void fill(int[] sizes) {
        for (int i = 0; i < sizes.length; i++) {
            sets[i] = new long[sizes[i]];
        }
    }

    class Inner extends Base {
        Inner() {
            super(0);
        }
    }
}

class Adapter implements Listener {
    public void rotated() {
        int y = 0;
    }

    public void closed() {}
}
"""


@pytest.mark.parametrize(
    ("which", "old", "new", "expected"),
    [
        # Commons IO's TaggedWriter and FileEntry were offered these (JLS 8.8.3, 8.4.3)
        ("proxy", "public Tagged", "public abstract Tagged", "a constructor cannot be abstract"),
        ("proxy", "public Tagged", "static Tagged", "a constructor cannot be static"),
        ("proxy", "public Tagged", "protected Tagged", ""),
        ("sizes", "void fill", "abstract void fill", "a method with a body cannot be abstract"),
        ("sizes", "void fill", "native void fill", "a method with a body cannot be native"),
        ("sizes", "void fill", "final synchronized void fill", ""),
        # this before the object is made (JLS 8.8.7.1); Outer.this and an anonymous
        # class's own this are others
        ("proxy", "super(proxy)", "super(this)", "uses this before the object is made"),
        ("proxy", "super(proxy)", "super(proxy, this.sets)", "uses this before"),
        ("super(0)", "super(0)", "super(Tagged.this)", ""),
        ("proxy", "super(proxy)", "super(new Object() { int h = this.hashCode(); })", ""),
        # super of a class that extends nothing, whatever it implements: Object (Commons
        # IO's TailerListenerAdapter was offered super.fileRotated();)
        ("int y", "int y = 0;", "super.rotated();", "no method 'rotated' in the superclass"),
        ("int y", "int y = 0;", "Listener.super.rotated();", ""),
        ("int y", "int y = 0;", "super.toString();", ""),
        # a length that holds brackets is one dimension: new long[sizes[i]] is a long[]
        ("sizes", "new long[sizes[i]]", "new long[sizes[i]][1]", "cannot be converted"),
    ],
)
def test_modifiers_this_and_super_where_java_allows_them(
    which: str, old: str, new: str, expected: str
) -> None:
    doc = java.parse(WRITER)
    method = next(m for m in doc.methods if which in m_text(WRITER, m))
    text, env = m_text(WRITER, method), judged(doc, method)
    assert old in text
    found = problems(text.replace(old, new, 1), env)
    assert any(expected in p for p in found) if expected else found == [], found
    assert environment(doc, method).written == ()  # the file as written makes sense


@pytest.mark.parametrize(
    ("new", "expected"),
    [
        ("public BoundType(", "an enum constructor cannot be public"),  # Guava's BoundType
        ("protected BoundType(", "an enum constructor cannot be protected"),
        ("private BoundType(", ""),
        ("BoundType(final ", ""),
    ],
)
def test_an_enums_constructor_is_private(new: str, expected: str) -> None:
    source = (
        "public enum BoundType {\n    OPEN(false), CLOSED(true);\n\n    final boolean inclusive;\n"
        "\n    BoundType(boolean inclusive) {\n        this.inclusive = inclusive;\n    }\n}\n"
    )
    doc = java.parse(source)
    (method,) = doc.methods
    text, env = m_text(source, method), environment(doc, method)
    assert env.written == ()
    found = problems(text.replace("BoundType(", new, 1), env)
    assert [expected in p for p in found] == ([True] if expected else []), found


BAG = """import java.util.*;

public class Bag<E> implements Comparator<E>, java.io.Serializable {
    private Comparator<? super E> order;

    public Bag(Comparator<? super E> order) {
        this.order = order;
    }

    public Comparator<? super E> comparator() {
        List<E> seen = new ArrayList<>();
        return order;
    }

    public <T> T first(List<T> xs) {
        return xs.get(0);
    }

    public int compare(E a, E b) {
        return order.compare(a, b);
    }
}
"""


CODEC = """import java.util.List;

abstract class RFC1522Codec {
    protected abstract byte[] doEncoding(byte[] bytes) throws Exception;

    native int handle();

    public String encode(String text) {
        return text.trim();
    }
}

interface StringEncoder {
    String encode(String source);

    default List<String> encodeAll(List<String> sources) {
        return sources;
    }
}

enum Kind {
    PLAIN {
        int width() {
            return 1;
        }
    };

    abstract int width();
}
"""


@pytest.mark.parametrize(
    ("old", "new", "expected"),
    [
        # Commons Codec's RFC1522Codec was offered these at its abstract doEncoding
        ("protected abstract byte[] doEncoding", "protected byte[] doEncoding", "without a body"),
        ("protected abstract byte[] doEncoding", "private abstract byte[] doEncoding", "private"),
        ("protected abstract byte[] doEncoding", "static abstract byte[] doEncoding", "static"),
        ("protected abstract byte[] doEncoding", "final abstract byte[] doEncoding", "final"),
        ("protected abstract byte[] doEncoding", "public abstract byte[] doEncoding", ""),
        ("protected abstract byte[] doEncoding", "abstract byte[] doEncoding", ""),
        ("native int handle", "private native int handle", ""),
        ("public String encode(String text)", "public private String encode(String text)", "one"),
        # HdrHistogram's AbstractHistogramIterator was offered abstract public abstract ...
        ("protected abstract byte[]", "abstract protected abstract byte[]", "twice"),
        ("public String encode", "public final final String encode", "twice"),
        ("public String encode", '@SuppressWarnings({"a", "a"}) public String encode', ""),
        # a comment's words are no modifiers (Commons Collections' DefaultEquator)
        (
            "public String encode",
            "@Deprecated // the static one\n    public static String encode",
            "",
        ),
        ("public String encode(String text)", "protected String encode(String text)", ""),
        # an interface's methods: a body only where default, static or private (JLS 9.4)
        ("String encode(String source);", "static String encode(String source);", "needs a body"),
        ("String encode(String source);", "private String encode(String source);", "needs a"),
        ("String encode(String source);", "protected String encode(String source);", "cannot"),
        ("String encode(String source);", "public abstract String encode(String source);", ""),
        ("default List<String> encodeAll", "List<String> encodeAll", "default, static or private"),
        ("default List<String> encodeAll", "static default List<String> encodeAll", "cannot be"),
        ("default List<String> encodeAll", "static List<String> encodeAll", ""),
        ("default List<String> encodeAll", "private List<String> encodeAll", ""),
        ("default List<String> encodeAll", "public default List<String> encodeAll", ""),
        # an enum's abstract method, and its constant's body
        ("abstract int width();", "int width();", "without a body"),
        ("int width() {", "public int width() {", ""),
    ],
)
def test_where_a_method_has_a_body_and_which_modifiers_it_may_have(
    old: str, new: str, expected: str
) -> None:
    """JLS 8.4.3, 8.4.7, 9.4."""
    _judged_as_javac_judges(CODEC, old, new, expected)


OBJECTS = """class Key implements Cloneable {
    private final int id;

    Key(int id) {
        this.id = id;
    }

    public int hashCode() {
        return id;
    }

    public boolean equals(Object o) {
        return o instanceof Key && ((Key) o).id == id;
    }

    @Override
    protected Object clone() throws CloneNotSupportedException {
        return super.clone();
    }

    int size() {
        return id;
    }
}

interface Named {
    String toString();
}

class Job implements Runnable {
    private int runs;

    @Override
    public void run() {
        runs++;
    }
}
"""


@pytest.mark.parametrize(
    ("old", "new", "expected"),
    [
        # jcommander's Parameterized was offered these at its hashCode
        ("public int hashCode()", "protected int hashCode()", "it is public"),
        ("public int hashCode()", "public long hashCode()", "it returns int"),
        ("public int hashCode()", "int hashCode()", "it is public"),
        ("public int hashCode()", "public static int hashCode()", "an instance's"),
        ("public int hashCode()", "public final int hashCode()", ""),
        ("public int hashCode()", "public int width()", ""),  # a method of its own
        # @Override where the class has no supertype but Object (and a marker interface)
        ("public int hashCode()", "@Override public int width()", "overrides nothing"),
        ("public int hashCode()", "@Override public int hashCode()", ""),
        ("public boolean equals(Object o)", "@Override public boolean equals(Key o)", "nothing"),
        ("public boolean equals(Object o)", "boolean equals(Object o)", "it is public"),
        ("public boolean equals(Object o)", "public int equals(Object o)", "returns boolean"),
        ("public boolean equals(Object o)", "public boolean equals(final Object o)", ""),
        ("public boolean equals(Object o)", "public boolean equals(java.lang.Object o)", ""),
        ("public boolean equals(Object o)", "public boolean equals(Key o)", ""),  # an overload
        ("protected Object clone()", "Object clone()", "it is protected"),
        ("protected Object clone()", "public Object clone()", ""),
        ("int size()", "public Class<?> getClass()", "it is final"),
        ("int size()", "void notify()", "it is final"),
        ("int size()", "void wait(int id)", ""),  # not Object's wait(long)
        ("int size()", "protected void finalize()", ""),
        ("int size()", "protected int finalize()", "returns nothing"),
        # an interface's are public; a default one cannot be
        ("String toString();", "Object toString();", "it returns String"),
        ("String toString();", "default String toString() { return null; }", "a body"),
        ("String toString();", "int hashCode();", ""),
        ("String toString();", "int clone();", ""),
    ],
)
def test_a_method_with_the_signature_of_objects_overrides_it(
    old: str, new: str, expected: str
) -> None:
    """JLS 8.4.8.3, 9.4.1."""
    if old == "int size()":  # a method's name and signature changed, its body kept
        body = "{\n        return id;\n    }"
        kept = new.startswith(("void", "protected void")) and body.replace("return id;", "")
        old, new = f"{old} {body}", f"{new} {kept or body}"
    _judged_as_javac_judges(OBJECTS, old, new, expected)


SWITCHES = """class Printer {
    private static final char CR = '\\r';
    private int count;

    int kind(char c, int i) {
        final int tab = '\\t';
        switch (c) {
            case CR:
                return 1;
            case tab:
                return 2;
            default:
                return i + count;
        }
    }

    int day(Day d, int MONDAY) {
        switch (d) {
            case MONDAY:
                return 1;
            default:
                return MONDAY;
        }
    }

    int word(String s, String name) {
        switch (s) {
            case "yes" -> {
                return 1;
            }
            default -> {
                return name.length();
            }
        }
    }

    enum Day { MONDAY, TUESDAY }
}
"""


@pytest.mark.parametrize(
    ("old", "new", "expected"),
    [
        # Commons CSV's CSVPrinter was offered case appendable:, case i: for case CR:
        ("case CR:", "case i:", "a case label is a constant"),
        ("case CR:", "case c:", "a case label is a constant"),
        ("case CR:", "case count:", "a case label is a constant"),
        ("case CR:", "case 'x':", ""),
        ("case MONDAY:", "case TUESDAY:", ""),  # an enum's constant, whatever is in scope
        ('case "yes" ->', "case name ->", "a case label is a constant"),
    ],
)
def test_a_case_label_of_a_switch_on_a_value_is_a_constant(
    old: str, new: str, expected: str
) -> None:
    """JLS 14.11.1."""
    _judged_as_javac_judges(SWITCHES, old, new, expected)


TABLE = """class Table {
    private final char[][] replacements = new char[0][];

    char[][] get() {
        return replacements;
    }

    String name(int[] r) {
        return "a";
    }

    java.text.Format pick(boolean flag, java.text.Format format, StringBuilder b) {
        return flag ? format : null;
    }
}
"""


@pytest.mark.parametrize(
    ("old", "new", "expected"),
    [
        # Guava's ArrayBasedEscaperMap was offered this for its char[][] getReplacementArray()
        ("return replacements;", "return replacements == null ? 0 : replacements;", "int cann"),
        ("return replacements;", "return replacements.length == 0 ? null : replacements;", ""),
        ('return "a";', 'return r == null ? 0 : "a";', "int cannot be converted to String"),
        ('return "a";', 'return r == null ? "b" : "a";', ""),
        ('return "a";', 'return r.length > 0 ? r.length + "" : null;', ""),
        ('return "a";', 'return r.length > 0 ? "b" : new StringBuilder();', "StringBuilder c"),
        # of a class out of sight too (JUnit's ParallelComputer was offered return methods ?
        # parallelize(runner) : methods; for a Runner)
        ("return flag ? format : null;", "return flag ? format : flag;", "boolean cannot be"),
        ("return flag ? format : null;", "return flag ? format : 0;", "int cannot be"),
        ("return flag ? format : null;", 'return flag ? format : "%d";', "String cannot be"),
        ("return flag ? format : null;", "return flag ? null : format;", ""),
        ("return flag ? format : null;", "return flag ? format : (java.text.Format) null;", ""),
    ],
)
def test_each_branch_of_a_conditional_given_to_a_string_or_an_array_is_given_to_it(
    old: str, new: str, expected: str
) -> None:
    """JLS 15.25.3."""
    _judged_as_javac_judges(TABLE, old, new, expected)


@pytest.mark.parametrize(
    ("new", "expected"),
    [
        # JUnit's AllMembersSupplier was offered getAnnotatedMethods(sig.class)
        ("return flag ? format : format.equals(b.class) ? null : format;", "'b' is no type"),
        ("return flag ? format : format.equals(flag.class) ? null : format;", "'flag' is no"),
        ("return flag ? format : format.equals(Table.class) ? null : format;", ""),
        ("return flag ? format : format.equals(int[].class) ? null : format;", ""),
        # RuleMemberValidatorTest was offered new TestClass(context.class): no name in sight
        ("return flag ? format : format.equals(context.class) ? null : format;", "no type"),
        ("return flag ? format : format.equals(java.util.List.class) ? null : format;", ""),
    ],
)
def test_a_class_literal_names_no_variable(new: str, expected: str) -> None:
    """JLS 15.8.2: ``X.class`` names a type; a parameter's name is none, nor is a name in
    lower case that no type in sight has."""
    _judged_as_javac_judges(TABLE, "return flag ? format : null;", new, expected)


@pytest.mark.parametrize(
    ("new", "expected"),
    [
        # Hamcrest's ArrayIterator was offered this.array = array.length; for an Object
        ("return flag ? format : o.length > 0 ? null : format;", "(Object) has no 'length'"),
        ("return flag ? format : o.size() > 0 ? null : format;", "(Object) has no 'size'"),
        ("return flag ? format : o.equals(format, b) ? null : format;", "does not take 2 a"),
        ("return flag ? format : o.toString().length() > 0 ? null : format;", ""),
        ("return flag ? format : o.hashCode() > 0 ? null : format;", ""),
        ("return flag ? format : new Object() { int n; }.n > 0 ? null : format;", ""),
    ],
)
def test_an_object_has_objects_methods_alone(new: str, expected: str) -> None:
    """JLS 4.3.2: Object has no field, and its public methods are equals, hashCode,
    toString, getClass, notify, notifyAll and wait; an anonymous class's object has more."""
    source = TABLE.replace("StringBuilder b) {", "StringBuilder b, Object o) {")
    _judged_as_javac_judges(source, "return flag ? format : null;", new, expected)


@pytest.mark.parametrize(
    ("new", "expected"),
    [
        # JUnit's ParallelComputer was offered return runner ? parallelize(runner) : runner;
        ("return format ? format : null;", "(java.text.Format) is not a condition"),
        ("return b ? format : null;", "(StringBuilder) is not a condition"),
        ("return !flag ? format : null;", ""),
        ("return (flag && b != null) ? format : null;", ""),
    ],
)
def test_an_object_of_a_class_is_no_condition(new: str, expected: str) -> None:
    """JLS 15.25, 14.9: a condition is a boolean or a Boolean, the one class that unboxes to
    it (final): no object of another class, known or out of sight, is one."""
    _judged_as_javac_judges(TABLE, "return flag ? format : null;", new, expected)


@pytest.mark.parametrize(
    ("new", "expected"),
    [
        # Commons Lang's FailableToLongBiFunction was offered return new
        # FailableToLongBiFunction<>(); in the interface itself
        ("new Named();", "Named is abstract"),
        ("new Named() {};", ""),
        ("new Key(runs);", ""),
    ],
)
def test_an_interface_of_the_file_is_made_only_with_a_body(new: str, expected: str) -> None:
    """JLS 15.9.1."""
    _judged_as_javac_judges(OBJECTS, "runs++;", new, expected)


def test_only_a_class_without_a_supertype_overrides_objects_methods_alone() -> None:
    doc = java.parse(OBJECTS)
    bare = {m.name: environment(doc, m).bare for m in doc.methods}
    assert bare["hashCode"] and bare["size"]  # Key: Cloneable declares no method
    assert not bare["run"]  # Job implements Runnable


@pytest.mark.parametrize(
    ("which", "old", "new", "expected"),
    [
        # Commons Collections' TransformedSortedBag and TransformingComparator were offered
        # these: a type variable with type arguments, a field its interfaces cannot give
        ("seen", "Comparator<? super E> comp", "E<? super E> comp", "takes no type arguments"),
        ("seen", "List<E> seen", "E<String> seen", "a type variable takes no type arguments"),
        ("xs", "public <T> T first", "public <T> T<E> first", "takes no type arguments"),
        ("seen", "List<E> seen", "List<List<E>> seen", ""),
        ("this.order", "this.order = order;", "this.offset = order;", "no field 'offset'"),
        (
            "this.order",
            "this.order = order;",
            "this.order = order;\n        this.size += 1;",
            "'size'",
        ),
        ("this.order", "this.order = order;", "this.order = (Comparator<E>) order;", ""),
        # an E or an Object is no condition (Guava's AbstractUndirectedNetworkConnections was
        # offered if (!edge) for an E edge)
        ("a, b);", "return order", "if (!a) return 0;\n        return order", "not a condition"),
        (
            "a, b);",
            "return order",
            "Object o = a;\n        while (o) return 0;\n        return order",
            "(Object) is not a condition",
        ),
        ("a, b);", "return order", "if (a == b) return 0;\n        return order", ""),
        # a type variable is no class to make (Commons Collections' EditCommand<T> was offered
        # return new T(object);)
        ("xs", "return xs.get(0);", "return new T();", "a type variable cannot be instantiated"),
        ("a, b);", "return order", "E e = new E(a);\n        return order", "cannot be inst"),
        ("xs", "return xs.get(0);", "return new ArrayList<T>(xs).get(0);", ""),
    ],
)
def test_type_variables_and_fields_a_class_can_have(
    which: str, old: str, new: str, expected: str
) -> None:
    doc = java.parse(BAG)
    method = next(m for m in doc.methods if which in m_text(BAG, m))
    text, env = m_text(BAG, method), judged(doc, method)
    assert old in text and environment(doc, method).written == ()
    found = problems(text.replace(old, new, 1), env)
    assert any(expected in p for p in found) if expected else found == [], found


@pytest.mark.parametrize(
    ("header", "own", "closed"),
    [
        ("class Sel implements Serializable", False, True),  # Commons Math's KthSelector
        ("class Sel implements java.io.Serializable, Cloneable", False, True),
        ("class Sel implements Comparable<Sel>", False, True),  # its compareTo is here
        ("abstract class Sel implements Comparable<Sel>", False, False),  # may be abstract
        ("class Sel implements Iterator<Sel>", False, False),  # a default remove()
        ("class Sel implements Serializable", True, False),  # the file's own Serializable
    ],
)
def test_a_marker_interface_gives_a_class_no_member(header: str, own: bool, closed: bool) -> None:
    """Commons Math's KthSelector, ``implements Serializable``, was offered
    ``this.checkNotNull(pivotingStrategy)`` for ``MathUtils.checkNotNull(...)``: no such
    method is in the class, and a marker interface adds none."""
    source = (
        "import java.util.Iterator;\n\n"
        f"{header} {{\n    public int compareTo(Sel o) {{\n        return 0;\n    }}\n\n"
        "    int select(Object strategy) {\n        return 1;\n    }\n}\n"
    )
    if own:
        source += "\ninterface Serializable {\n    default void checkNotNull(Object o) {}\n}\n"
    else:
        source = "import java.io.Serializable;\n" + source
    doc = java.parse(source)
    method = next(m for m in doc.methods if m.name == "select")
    text, env = m_text(source, method), environment(doc, method)
    found = problems(text.replace("return 1;", "checkNotNull(strategy);\n        return 1;"), env)
    assert bool(found) == closed, found


def test_a_final_varargs_parameter_is_an_array_of_its_type() -> None:
    method = "int f(final byte[]... keys) { return keys.length; }"
    assert problems(method) == []
    assert problems(method.replace("keys.length", "keys.length()")) == [
        "an array 'keys' (byte[][]) has no 'length'"
    ]


def test_unparsable_candidates_are_left_to_the_syntax_check() -> None:
    assert problems("int f( { return x; }") == []


def _first(doc: java.JavaSource, offset: int) -> java.Method:
    """The first method of ``doc`` from the code-point ``offset`` on."""
    return min((m for m in doc.methods if m.start >= offset), key=lambda m: m.start)


def _sides(records: list[dict], side: str = "fixed") -> list[tuple[str, list[str]]]:
    """(id, problems) of the ``side`` method of each record against the file of its buggy
    one."""
    from bench.real_bugs import file_text

    out = []
    for r in records:
        text, line = file_text(r, r["buggy"])
        other, _ = file_text(r, r[side])
        doc, other_doc = java.parse(text), java.parse(other)
        offset = doc.lines.offset(line, 0)
        method, other_method = _first(doc, offset), _first(other_doc, offset)
        text = other[other_method.start : other_method.end]
        out.append((r["id"], problems(text, judged(doc, method))))
    return out


def _shipped(name: str) -> list[dict]:
    path = ROOT / "bench" / "data" / f"{name}.jsonl"
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


RECURSION = "' calls the method itself at once: it never ends"


def _bug(name: str, *problems: str) -> tuple[str, list[str]]:
    return name, list(problems)


# the buggy programs of the shipped sets flagged, each rightly: the bug itself (the likely bugs
# of validity.suspicions)
FLAGGED_BUGS = {
    "contest_bugs": [
        _bug("contest:prefix_sum_queries:array_size", "'pre[i]' reads past the end when 'i' is n"),
        _bug(
            "contest:max_subarray:max_min_swapped",
            "'best = Math.min(best, cur)' never changes 'best', which starts at the minimum",
        ),
        _bug(
            "contest:sum_of_products:int_overflow_decl",
            "'total += (long) a * b' gives a long to the int 'total', cut to an int",
        ),
        _bug(
            "contest:pairs_count:long_cast_missing",
            "'c * (c - 1)' is multiplied in int before it is a long",
        ),
        _bug(
            "contest:fibonacci_mod:missing_mod",
            "'f[i - 1] + f[i - 2]' grows past any integer: it is never reduced by MOD",
        ),
        _bug(
            "contest:power_mod:wrong_operator",
            "'exp <<= 1' makes the lowest bit of 'exp' 0, which the loop reads",
        ),
        _bug(
            "contest:lcm_pair:int_overflow_cast", "'a * b' is multiplied in int before it is a long"
        ),
        _bug(
            "contest:two_sum_sorted:wrong_pointer_move", "'j++' moves 'j' away from 'i' in 'i < j'"
        ),
        _bug(
            "contest:bfs_grid:missing_condition",
            "'dist[nr][nc]' is set but never tested for -1: the search queues it again",
        ),
        _bug(
            "contest:dfs_components:missing_visited_mark",
            "'dfs' tests 'seen[v]' before it goes on but never sets it",
        ),
        _bug(
            "contest:knapsack_01:wrong_index",
            "'Math.max(dp[c], dp[c] + v)' compares a value with itself plus a change",
        ),
        _bug(
            "contest:lis_quadratic:wrong_loop_variable",
            "'Math.max(dp[i], dp[i] + 1)' compares a value with itself plus a change",
        ),
        _bug(
            "contest:grid_paths:wrong_index_dimension",
            "'j > 0' guards 'dp[i - 1][j]', which never reads at j - 1",
        ),
        _bug(
            "contest:min_coins:overflow_in_dp",
            "'dp[s - c] + 1' passes the greatest value where 'dp[s - c]' is still it",
        ),
        _bug(
            "contest:lcs_strings:wrong_char_index",
            "'t.charAt(j)' reads past the end when 'j' is m",
        ),
        _bug(
            "contest:string_palindrome:string_equals",
            "'s == r' compares Strings by reference, not by value",
        ),
        _bug("contest:vowel_count:char_condition_and_or", "'c == 'a' && c == 'e'' is always false"),
        _bug(
            "contest:caesar_shift:missing_mod_wrap",
            "''a' + (c - 'a' + k)' runs past 'z': it never wraps round",
        ),
        _bug(
            "contest:run_length:missing_last_group",
            "'s.charAt(i)' reads past the end when 'i' is s.length()",
        ),
        _bug(
            "contest:average_score:integer_division",
            "'sum / n' divides integers before it is a double",
        ),
        _bug(
            "contest:matrix_transpose:wrong_dimension_size",
            "'t[j][i]' runs each index along the other dimension of 't'",
        ),
        _bug(
            "contest:queue_simulation:plus_equals_vs_equals",
            "'totalWait = time - arrive' replaces the totalWait at each pass, adding nothing",
        ),
        _bug(
            "contest:dijkstra:int_dist_overflow",
            "'Arrays.fill(dist, Integer.MAX_VALUE)' fills longs with an int's bound",
        ),
        _bug(
            "contest:modular_factorial:long_accumulator",
            "'fact * i' is multiplied in int before '% 1000000007'",
        ),
        _bug(
            "contest:mod_subtraction:negative_mod",
            "'(total - bad) % MOD' may be negative: 'total - bad' may be",
        ),
        _bug(
            "contest:binomial_mod:wrong_inverse_exponent",
            "'MOD - 1' makes the power 1, not the inverse (Fermat)",
        ),
        _bug(
            "contest:digit_sum:wrong_operator_div_mod",
            "'x %= 10' never makes 'x' 0: the loop runs forever",
        ),
        _bug(
            "contest:monotonic_stack:wrong_pop_condition",
            "'!st.isEmpty() || a[st.peek()] < a[i]' uses 'st' where its guard lets it fail",
        ),
        _bug(
            "contest:hashmap_count:get_without_default",
            "'count.get(w)' is null the first time 'w' comes",
        ),
        _bug(
            "contest:string_compare_names:string_equals_loop",
            "'s == target' compares Strings by reference, not by value",
        ),
        _bug(
            "contest:binary_string:char_vs_int",
            "'value * 2 + s.charAt(i)' adds the code of the digit 's.charAt(i)', not its value",
        ),
        _bug(
            "contest:prefix_2d:wrong_loop_variable_bound",
            "'j' runs to n, the other dimension of 'p'",
        ),
        _bug(
            "contest:nested_loop_pairs:wrong_increment_variable",
            "'i++' steps 'i', not the loop's own 'j'",
        ),
        _bug(
            "contest:bit_subsets:mask_bound",
            "'mask' runs below n, not over the subsets of its bits",
        ),
        _bug(
            "contest:staircase_ways:array_size_small_n",
            "'ways[i]' reads past the end when 'i' is n",
            "'ways[n]' reads past the end",
        ),
        _bug(
            "contest:max_product_pair:long_product",
            "'a[0] * a[1]' is multiplied in int before it is a long",
        ),
        _bug(
            "contest:min_diff_sorted:wrong_index_neighbour",
            "'a[i + 1]' reads past the end when 'i' is n - 1",
        ),
        _bug(
            "contest:stock_profit:min_tracking_order",
            "'minPrice - p' is never above 0: 'minPrice' is the running min",
        ),
        _bug(
            "contest:fast_reader:token_loop",
            "'st == null && !st.hasMoreTokens()' uses 'st' where its guard lets it fail",
        ),
        _bug(
            "contest:clock_angle:integer_division_double",
            "'m / 2' divides integers before it is a double",
        ),
        _bug(
            "contest:percent_calc:integer_division_order",
            "'good / total * 100' divides integers before it is a percentage",
        ),
        _bug(
            "contest:swap_args:swapped_arguments",
            "'countBetween(a, hi, lo)' passes 'hi' as 'lo' and the reverse",
        ),
        _bug(
            "contest:string_reverse_words:wrong_loop_end",
            "'words[i]' reads past the end when 'i' is words.length",
        ),
    ],
    "everyday_bugs": [
        _bug("everyday:sum_off_by_one", "'values[i]' reads past the end when 'i' is values.length"),
        _bug(
            "everyday:max_wrong_comparison",
            "'values[i] < best' keeps the least; the method's name says max",
        ),
        _bug("everyday:in_range_or", "'x >= low || x <= high' is always true"),
        _bug(
            "everyday:is_empty_and",
            "'s == null && s.trim().isEmpty()' uses 's' where its guard lets it fail",
        ),
        _bug(
            "everyday:string_equals",
            "'password == secretFor(name)' compares Strings by reference, not by value",
        ),
        _bug(
            "everyday:average_int_division",
            "'total / values.length' divides integers before it is a double",
        ),
        _bug("everyday:last_index", "'items.get(items.size())' reads past the end"),
        _bug("everyday:nested_loop_wrong_var", "'i++' steps 'i', not the loop's own 'j'"),
        _bug(
            "everyday:swap_wrong_target",
            "'a[i] = tmp;' undoes 'a[i] = a[j];': the swap never writes a[j]",
        ),
        _bug(
            "everyday:palindrome_bound",
            "'s.charAt(s.length() - i)' reads past the end when 'i' is 0",
        ),
        _bug(
            "everyday:null_check_order",
            "'name.isEmpty() || name == null' checks 'name' for null after using it",
        ),
    ],
    "classic_bugs": [
        _bug("classic:sieve:array_size", "'composite[i]' reads past the end when 'i' is max"),
    ],
}
# an identity shortcut (toLowerCase returns the String itself when nothing changes) that the
# check takes for a bug, on both sides of the pair: so no repair of it is judged by it
SHORTCUT = _bug(
    "manysstubs4j:3295", "'name_lcase != name' compares Strings by reference, not by value"
)


@pytest.mark.parametrize("name", ["contest_bugs", "everyday_bugs", "classic_bugs"])
@pytest.mark.parametrize("side", ["fixed", "buggy"])
def test_every_program_of_the_shipped_bug_sets_passes(name: str, side: str) -> None:
    """Their fixes, and their buggy programs too (every one compiles) but where the bug
    itself is what makes no sense."""
    expected = FLAGGED_BUGS.get(name, []) if side == "buggy" else []
    assert [(i, p) for i, p in _sides(_shipped(name), side) if p] == expected


def _held_out() -> list[dict]:
    from bench.real_bugs import MSB
    from trainer import heldout

    if not MSB.is_file():
        pytest.skip(f"real-bug data not found: {MSB}")
    return heldout.read_slice("dev", MSB) + heldout.read_slice("test", MSB)


@pytest.mark.slow
def test_every_fix_of_the_held_out_real_bugs_passes() -> None:
    """ManySStuBs4J's held-out slices: every fix passes but one that does not compile."""
    flagged = [(i, p) for i, p in _sides(_held_out()) if p]
    # its "fix" writes val[1].length for a String (javac: cannot find symbol)
    assert flagged == [SHORTCUT, ("manysstubs4j:1761", ["'val[1]' (String) has no 'length'"])]


@pytest.mark.slow
def test_the_held_out_real_bugs_as_written_pass_but_those_rightly_flagged() -> None:
    """The buggy methods of ManySStuBs4J's held-out slices (code that was committed) pass
    but twenty-one, each rightly flagged but the shortcut."""
    flagged = [(i, p) for i, p in _sides(_held_out(), "buggy") if p]
    by_reference = [f"'authName == \"{x}\"' compares Strings by reference, not by value"
                    for x in ("api_key", "http_basic_test", "petstore_auth")]  # fmt: skip
    assert flagged == [
        SHORTCUT,
        # the bug: s + getUrl() == null ? " " : ..., the comparison taking the concatenation
        _bug("manysstubs4j:3615", "'getInterface() + \" -> \" + getUrl()' is never null"),
        # returns a value from a void method, which javac refuses; the commit's fix drops it
        (
            "manysstubs4j:10080",
            ["'return unregister(id.host, id.partition);' returns a value from a void method"],
        ),
        # the bug: double c = (end - start) / step, fixed to (double) (end - start) / step
        _bug("manysstubs4j:11914", "'(end - start) / step' divides integers before it is a double"),
        # the bug, in each of these five: a method that only calls itself (for ever); the
        # commits call the new overload (adding an argument) or the wrapped object's method
        _bug(
            "manysstubs4j:21703",
            "'createService(apiKey, apiSecret, callback, defaultScope, responseType, userAgent,"
            " httpClientConfig,\n                httpClient)" + RECURSION,
        ),
        # a demo's second result stored over the first, read by nothing (the commit gives it
        # a variable of its own, as dead)
        _bug(
            "manysstubs4j:22731",
            "'resultString = executor.execute(Request.Get(contentUrl)).returnContent()"
            ".asString();' stores a value that nothing reads",
        ),
        # the bug, in two commits: fixed to "api_key".equals(authName), ...
        ("manysstubs4j:23787", by_reference),
        ("manysstubs4j:23793", by_reference),
        # the bug: null for null before return type;, which the commit makes
        # return toModelName(type); (swagger-codegen's getSwaggerType)
        _bug(
            "manysstubs4j:23896",
            "'if (type == null) {\n            return null;\n        }' returns null where"
            " 'return type;' does anyway",
        ),
        _bug("manysstubs4j:24340", "'getKeys(query, txh)" + RECURSION),
        # the bug itself: its fix compares with entity.getProcessInstanceId()
        (
            "manysstubs4j:136",
            ["'processInstanceId.equals(processInstanceId)' compares an expression with itself"],
        ),
        # the bug: fixed to namespace.equals(attribute.getNamespace()), a method out of sight
        _bug(
            "manysstubs4j:153",
            "'namespace == attribute.getNamespace()' compares Strings by reference, not by value",
        ),
        _bug(
            "manysstubs4j:160",
            "'createEventSubProcessStartEventActivityBehavior(startEvent, activityId)" + RECURSION,
        ),
        # the bug: s != null ? Integer.valueOf(s) : null returned as an int (a
        # NullPointerException), fixed by returning an Integer
        _bug("manysstubs4j:1684", "the method's return value: null cannot be converted to int"),
        # the buggy side of 1761: val[1].length for a String (javac: cannot find symbol)
        ("manysstubs4j:1759", ["'val[1]' (String) has no 'length'"]),
        # the bug: for (int index = size - 1; index >= 0; index++), fixed to index--
        ("manysstubs4j:10333", ["'index++' moves 'index' away from the bound of 'index >= 0'"]),
        _bug("manysstubs4j:18876", "'put(v)" + RECURSION),
        # the bug: fixed to logPageUrl != null && logPageUrl.length() > 0
        _bug(
            "manysstubs4j:18917",
            "'logPageUrl != null || logPageUrl.length() > 0' uses 'logPageUrl' where its guard"
            " lets it fail",
        ),
        _bug(
            "manysstubs4j:18948",
            "'addGroupedInterceptor(filter, interceptorClassName, group, executionPolicy)"
            + RECURSION,
        ),
        # modulesResourceId = modulesResourceId: compiles, assigns a field from itself (the bug)
        (
            "manysstubs4j:21696",
            [
                "'modulesResourceId = modulesResourceId' assigns a variable from itself",
                "'modulesResourceId = modulesResourceId;' stores a value that nothing reads",
            ],
        ),
        # the bug: fixed to entityMention.get(...).equals("PERSON"), a type out of sight
        _bug(
            "manysstubs4j:23096",
            "'entityMention.get(CoreAnnotations.NamedEntityTagAnnotation.class) == \"PERSON\"'"
            " compares Strings by reference, not by value",
        ),
    ]


def test_a_candidate_is_judged_by_the_problems_it_adds() -> None:
    """A problem of the method as written (the user mid-edit, or code the check cannot judge)
    refuses no repair that leaves it alone; a repair that adds one, even one like it, is
    refused."""
    source = """class P {
    int f(int n, String s) {
        int k = s;
        if (n > 0) return n;
        return 0;
    }
}
"""
    doc = java.parse(source)
    (method,) = doc.methods
    env = environment(doc, method)
    text = source[method.start : method.end]
    assert env.written == ("'k = s': String cannot be converted to int",)
    assert problems(text, env) == []
    assert problems(text.replace("n > 0", "n >= 0"), env) == []
    assert problems(text.replace("n > 0", "n > n"), env) != []
    twice = text.replace("int k = s;", "int k = s;\n        int j = s;")
    assert problems(twice, env) == ["'j = s': String cannot be converted to int"]
    assert problems(text, replace(env, written=())) == list(env.written)


@pytest.mark.parametrize(
    "body",
    [
        # nested types named like java.lang's or the table's, and a nested type of Map
        "Token.Character c = null; return c.getData();",
        "Point2D.Double p = new Point2D.Double(0, 1); return p.x;",
        "for (Map.Entry<String, Integer> e : Map.<String, Integer>of().entrySet()) {} return 0;",
        "return Map.Entry.comparingByKey() == null ? 1 : 0;",
        # a type annotation is no part of the type
        "byte @Nullable [] b = new byte[1]; byte[] c = b; return c;",
        # the arms of a switch expression are its values
        "return switch (n) { case 0 -> 1; default -> 2; };",
        # null for null, else something of it
        'String s = n > 0 ? "a" : null; return s == null ? null : s.trim();',
        # null for null before something else is returned
        "String s = null; if (s == null) return null; return s.trim();",
        "String s = null; if (s == null || n > 0) return null; return s;",
        # a test that may change: it calls, or assigns
        "if (Math.random() > n) return 1; if (Math.random() > n) return 2; return 3;",
        "if (n-- > 0) return 1; if (n-- > 0) return 2; return 3;",
        "if (n > 0) { n = 0; } if (n > 0) return 2; return 3;",
        # a loop's condition on an array element its step or body changes (java-algorithms'
        # Dinics: for (; next[at] < numEdges; next[at]++))
        "int[] next = new int[2]; for (; next[1] < n; next[1]++) {} return next;",
        "int[][] m = new int[2][2]; for (; m[0][1] < n; ) { m[0][1] += 2; } return m;",
        # the loop's element read by an inner loop after the body changes it (VampireNumber:
        # for (int num : nums) { while (num > 0) { digits.add(num % 10); num /= 10; } })
        "int s = 0; for (int x : new int[] {n}) { while (x > 0) { s += x % 10; x /= 10; } }"
        " return s;",
    ],
)
def test_correct_code_the_table_does_not_describe_passes(body: str) -> None:
    """Correct code of the kinds found flagged in jsoup, the JDK and TheAlgorithms' files."""
    source = (
        "import java.awt.geom.Point2D;\nimport java.util.Map;\nimport x.Token;\n"
        f"class P {{\n    Object f(int n) {{\n        {body}\n    }}\n}}\n"
    )
    doc = java.parse(source)
    (method,) = doc.methods
    assert problems(source[method.start : method.end], judged(doc, method)) == []


def test_a_class_of_the_file_named_like_a_collection_has_its_fields() -> None:
    """java-algorithms' CoplanarPoints declares its own Vector (double x, y, z): v1.x is its
    field, not a field java.util.Vector lacks; java.util's Vector has none."""
    own = """class CoplanarPoints {
    static class Vector {
        double x, y, z;
    }

    static double dot(Vector v1, Vector v2) {
        return v1.x * v2.x + v1.y * v2.y + v1.z * v2.z;
    }
}
"""
    doc = java.parse(own)
    method = next(m for m in doc.methods if m.name == "dot")
    assert environment(doc, method).written == ()
    nested = own[own.index("    static class") : own.index("    static double")]
    library = "import java.util.Vector;\n" + own.replace(nested, "")
    doc = java.parse(library)
    method = next(m for m in doc.methods if m.name == "dot")
    assert "'v1' (Vector) has no 'x'" in environment(doc, method).written


SWITCH = """import java.util.function.Predicate;

public class Switch<E> extends Base {
    private final Predicate<? super E>[] tests;

    public static <E> Switch<E> of(final Predicate<? super E>[] tests) {
        return new Switch<>(tests);
    }

    private Switch(final boolean clone, final Predicate<? super E>[] tests) {
        this.tests = clone ? tests.clone() : tests;
    }

    public Switch(final Predicate<? super E>[] tests) {
        this(true, tests);
    }
}
"""


@pytest.mark.parametrize(
    ("old", "new", "expected"),
    [
        # Commons Collections' FactoryTransformer (which implements interfaces out of sight)
        # was offered new FactoryTransformer<>(factory, true): constructors are not inherited
        ("new Switch<>(tests)", "new Switch<>(tests, true)", "the constructor does not take"),
        ("new Switch<>(tests)", "new Switch<>(tests, tests, tests)", "does not take 3"),
        ("new Switch<>(tests)", "new Switch<>(false, tests)", ""),
        ("new Switch<>(tests)", "new Switch<E>(tests)", ""),
        ("this(true, tests)", "this(tests, true)", "the constructor does not take"),
        ("this(true, tests)", "this(false, tests.clone())", ""),
    ],
)
def test_a_classs_own_constructors_are_known_whatever_it_inherits(
    old: str, new: str, expected: str
) -> None:
    """An array of a functional interface (SwitchClosure's Predicate<? super E>[]) is an
    array; the class's constructors are all in sight where the class is, though its
    superclass is not."""
    found = _changed_where(SWITCH, old, new)
    assert any(expected in p for p in found) if expected else found == [], found


def test_an_environment_is_kept_for_the_same_text_and_method() -> None:
    """The server asks for the unit at the cursor on every request: the same document text
    and method give the environment kept, another text a fresh one."""
    doc = java.parse(STATS)
    method = next(m for m in doc.methods if m.name == "mean")
    first = environment(doc, method)
    assert environment(java.parse(STATS), method) is first
    edited = STATS.replace("private static int count;", "private static long count;")
    other = java.parse(edited)
    again = environment(other, next(m for m in other.methods if m.name == "mean"))
    assert again is not first and again.fields["count"] == "long"


def test_this_is_a_repair_where_a_parameter_hides_the_field() -> None:
    source = "class B {\n    int size;\n    void set(int size) {\n        size = size;\n    }\n}\n"
    doc = java.parse(source)
    (method,) = doc.methods
    text = source[method.start : method.end]
    fixed = text.replace("size = size;", "this.size = size;")
    assert problems(fixed, judged(doc, method)) == []


# Commons Lang's StringUtils.compareIgnoreCase: two Strings compared by identity (both null,
# or the same) before they are compared by value
COMPARE_IGNORE_CASE = """class S {
    static int compareIgnoreCase(final String str1, final String str2, final boolean nullIsLess) {
        if (str1 == str2) { // NOSONARLINT this intentionally uses == to allow for both null
            return 0;
        }
        if (str1 == null) {
            return nullIsLess ? -1 : 1;
        }
        if (str2 == null) {
            return nullIsLess ? 1 : - 1;
        }
        return str1.compareToIgnoreCase(str2);
    }
}
"""


@pytest.mark.parametrize(
    "by_value", ["compareToIgnoreCase(str2)", "regionMatches(true, 0, str2, 0, 1) ? 0 : 1"]
)
def test_an_identity_shortcut_before_a_comparison_by_value_passes(by_value: str) -> None:
    source = COMPARE_IGNORE_CASE.replace("compareToIgnoreCase(str2)", by_value)
    doc = java.parse(source)
    (method,) = doc.methods
    assert problems(source[method.start : method.end], judged(doc, method)) == []
    # without the comparison by value, the identity is all the method asks
    alone = source.replace(f"str1.{by_value}", "str1.length() - str2.length()")
    doc = java.parse(alone)
    (method,) = doc.methods
    assert problems(alone[method.start : method.end], judged(doc, method)) == [
        "'str1 == str2' compares Strings by reference, not by value"
    ]


SPEC = """import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;

public class GroupSpec implements Serializable {
    private static final int LIMIT = 8;
    private final List<String> subgroups = new ArrayList<>();
    private String descriptionKey;

    public List<String> subgroups() {
        return subgroups;
    }

    public String descriptionKey() {
        return descriptionKey;
    }

    public static int limit(GroupSpec other) {
        return LIMIT + other.subgroups.size();
    }

    static class Inner {
        Inner self() {
            return null;
        }
    }

    enum Kind {
        ONE;

        Comparable<Kind> order() {
            return null;
        }
    }
}
"""


@pytest.mark.parametrize(
    ("old", "new", "expected"),
    [
        # picocli's descriptionKey() was offered static, its subgroups() return this;
        ("public String descriptionKey()", "public static String descriptionKey()", "instance"),
        ("return LIMIT + other", "return descriptionKey.length() + other", "instance field"),
        ("return LIMIT + other", "return LIMIT + subgroups.size() + other", "instance field"),
        ("other.subgroups.size()", "other.descriptionKey.length()", ""),
        ("(GroupSpec other) {", "(GroupSpec other) {\n        int subgroups = 2;", ""),
        ("return subgroups;", "return this;", "this (GroupSpec) is no List<String>"),
        ("return descriptionKey;", "return this;", "cannot be converted to String"),
        (
            "public List<String> subgroups() {\n        return subgroups;",
            "public Serializable subgroups() {\n        return this;",
            "",
        ),
        (
            "Inner self() {\n            return null;",
            "Inner self() {\n            return this;",
            "",
        ),
        (
            "Kind> order() {\n            return null;",
            "Kind> order() {\n            return this;",
            "",
        ),
    ],
)
def test_what_this_is_and_what_a_static_method_sees(old: str, new: str, expected: str) -> None:
    """An instance field named in a static method (JLS 8.4.3.2) and ``this`` given as a type
    its class is not, where the class extends nothing and implements only markers."""
    _judged_as_javac_judges(SPEC, old, new, expected)
