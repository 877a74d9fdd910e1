"""What javac rejects that the validity check (spancopy_core.lang.java.validity) now finds
without a compiler, one category of the top-20 candidates of the real-bug dev sets each (the
declared types of locals, parameters and fields and what follows from them, calls of the
class's and of the library's methods, statements, reachability, scopes), each beside a
candidate like it that compiles and is kept."""

from __future__ import annotations

from dataclasses import replace

import pytest

from spancopy_core.lang import java
from spancopy_core.lang.java import jdk
from spancopy_core.lang.java.validity import Environment, environment, problems

PROGRAM = """import java.util.*;

public class Main {
    static final int MOD = 1_000_000_007;

    static long power(long b, long e) {
        long r = 1;
        while (e > 0) {
            if ((e & 1) == 1) r = r * b % MOD;
            b = b * b % MOD;
            e >>= 1;
        }
        return r;
    }

    static void show(String label, int[] xs) {
        StringBuilder sb = new StringBuilder(label);
        for (int x : xs) sb.append(' ').append(x);
        System.out.println(sb);
    }

    public static void main(String[] args) {
        Scanner sc = new Scanner(System.in);
        int n = sc.nextInt();
        long[] pre = new long[n + 1];
        List<Integer> odd = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            int a = sc.nextInt();
            pre[i + 1] = pre[i] + a;
            if (a % 2 != 0) odd.add(a);
        }
        String name = sc.next();
        boolean found = name.length() > n;
        System.out.println(power(2, n) + " " + pre[n] + " " + odd.size() + " " + found);
    }
}
"""


def _method(name: str) -> tuple[str, Environment]:
    doc = java.parse(PROGRAM)
    method = next(m for m in doc.methods if m.name == name)
    return PROGRAM[method.start : method.end], environment(doc, method)


def test_the_program_as_written_makes_sense() -> None:
    for name in ("power", "show", "main"):
        text, env = _method(name)
        assert problems(text, env) == [], name


# (category: the javac error it stands for, method, old, new, what the check says)
NONSENSE = [
    (
        "prob.found.req (a String added to a number)",
        "main",
        "pre[i + 1] = pre[i] + a;",
        "pre[i + 1] += args[0];",
        "String cannot be converted to long",
    ),
    (
        "operator.cant.be.applied.1 (toString is a String)",
        "main",
        "a % 2 != 0",
        "a % 2 != odd.toString()",
        "'!=' on a int",
    ),
    ("cant.assign.val.to.final.var", "power", "e >>= 1;", "MOD >>= 1;", "'MOD' is a final field"),
    (
        "cant.resolve (a wildcard import brings no variable)",
        "main",
        "pre[n]",
        "pre[size]",
        "'size' is not declared here",
    ),
    (
        "cant.resolve (a wildcard import brings no method)",
        "main",
        "power(2, n)",
        "pow(2, n)",
        "no method 'pow' here",
    ),
    (
        "cant.apply.symbol (the class's method)",
        "main",
        "power(2, n)",
        "power(2)",
        "'power' does not take 1 arguments",
    ),
    (
        "cant.apply.symbol (an argument's type)",
        "main",
        "power(2, n)",
        "power(2, name)",
        "'power' does not take (int, String)",
    ),
    (
        "cant.apply.symbols (a library argument's type)",
        "main",
        "int n = sc.nextInt();",
        "int n = Integer.parseInt(args.length);",
        "'parseInt' does not take (int)",
    ),
    (
        "prob.found.req (the overload a call resolves to)",
        "main",
        "String name = sc.next();",
        "String name = Character.toLowerCase(args[0].charAt(0));",
        "char cannot be converted to String",
    ),
    (
        "cant.apply.symbols (a library method)",
        "power",
        "r = r * b % MOD",
        "r = Math.max(r)",
        "'max' does not take 1 arguments",
    ),
    (
        "cant.resolve.location.args (a library method)",
        "main",
        "sc.nextInt();",
        "sc.size();",
        "'sc' (Scanner) has no 'size'",
    ),
    (
        "cant.apply.symbols (a library constructor)",
        "main",
        "new Scanner(System.in)",
        "new Scanner()",
        "the constructor does not take 0 arguments",
    ),
    (
        "prob.found.req (lossy)",
        "main",
        "int a = sc.nextInt();",
        "int a = sc.nextLong();",
        "long cannot be converted to int",
    ),
    (
        "prob.found.req (boolean to int)",
        "main",
        "boolean found",
        "int found",
        "boolean cannot be converted to int",
    ),
    (
        "prob.found.req (array to scalar)",
        "main",
        "pre[i] + a;",
        "pre;",
        "long[] cannot be converted to long",
    ),
    (
        "prob.found.req (return type)",
        "power",
        "return r;",
        "return r > 0;",
        "the method's return value: boolean cannot be converted to long",
    ),
    (
        "prob.found.req (a value from a void method)",
        "show",
        "System.out.println(sb);",
        "return sb;",
        "returns a value from a void method",
    ),
    ("missing.ret.stmt", "power", "return r;", "", "a path through the method returns no value"),
    ("unreachable.stmt", "power", "e >>= 1;", "break; e >>= 1;", "'e >>= 1;' is never reached"),
    (
        "already.defined",
        "main",
        "int a = sc.nextInt();",
        "int n = sc.nextInt();",
        "'n' is already declared here",
    ),
    (
        "already.defined (a lambda's parameter)",
        "main",
        "odd.add(a);",
        "odd.removeIf(n -> n > a);",
        "'n' is already declared here",
    ),
    (
        "var.might.not.have.been.initialized",
        "main",
        "new long[n + 1]",
        "new long[pre.length]",
        "'pre' is read in its own initializer",
    ),
    ("not.stmt", "main", "odd.add(a);", "a + 1;", "'a + 1' is not a statement"),
    ("not.stmt (a for's update)", "main", "i++)", "i + 1)", "'i + 1' is not a statement"),
    (
        "non-static.cant.be.ref",
        "main",
        "new Scanner(System.in)",
        "new Scanner(this)",
        "'this' in a static method",
    ),
    ("operator.cant.be.applied.1 (an array)", "main", "pre[i] + a", "pre + a", "'+' on a long[]"),
    (
        "operator.cant.be.applied.1 (a shift by a boolean)",
        "power",
        "e >>= 1",
        "e >>= true",
        "'>>' on a boolean",
    ),
    (
        "operator.cant.be.applied.1 (== of a number and a String)",
        "main",
        "a % 2 != 0",
        "a % 2 != args[0]",
        "'!=' on a int",
    ),
    ("operator.cant.be.applied (++ on an array)", "main", "i++)", "pre++)", "on a long[]"),
    (
        "incompatible types (a number as a condition)",
        "main",
        "if (a % 2 != 0)",
        "if (a % 2)",
        "'a % 2' (int) is not a condition",
    ),
    (
        "incompatible types (a long index)",
        "main",
        "pre[i + 1] =",
        "pre[pre[i]] =",
        "an index of type long",
    ),
    (
        "cant.deref (a call's primitive result)",
        "main",
        "name.length() > n",
        "name.length().size() > n",
        "'name.length()' (int) has no members",
    ),
    (
        "foreach.not.applicable.to.type",
        "show",
        "int x : xs",
        "int x : label",
        "'label' (String) is not an array or a collection",
    ),
    (
        "prob.found.req (a for-each's element)",
        "show",
        "int x : xs",
        "String x : xs",
        "'String' cannot hold the elements of 'xs' (int[])",
    ),
    # a box's own static toString (Guava's LinearTransformation was offered
    # Integer.toString("NaN") for String.format("NaN"))
    (
        "cant.apply.symbols (Integer.toString of a String)",
        "main",
        "boolean found = name.length() > n;",
        "boolean found = Integer.toString(name).isEmpty();",
        "'Integer': 'toString' does not take (String)",
    ),
    (
        "cant.apply.symbols (Boolean.toString of an int)",
        "main",
        "boolean found = name.length() > n;",
        "boolean found = Boolean.toString(n).isEmpty();",
        "'Boolean': 'toString' does not take (int)",
    ),
]


@pytest.mark.parametrize(
    ("category", "name", "old", "new", "expected"), NONSENSE, ids=[n[0] for n in NONSENSE]
)
def test_what_javac_rejects_is_found(
    category: str, name: str, old: str, new: str, expected: str
) -> None:
    text, env = _method(name)
    assert old in text
    found = problems(text.replace(old, new, 1), env)
    assert any(expected in p for p in found), found


# (what javac accepts that looks like the above, method, old, new)
SENSE = [
    (
        "a String added to a String",
        "main",
        "String name = sc.next();",
        "String name = sc.next(); name += odd.toString();",
    ),
    ("a local of a final field's name", "power", "long r = 1;", "long r = 1; int MOD = 7; MOD++;"),
    (
        "the overload of a char",
        "main",
        "boolean found = name.length() > n;",
        "boolean found = Character.toLowerCase(name.charAt(0)) == 'a';",
    ),
    (
        "a box's own toString and hashCode",
        "main",
        "boolean found = name.length() > n;",
        "boolean found = Integer.toString(n, 2).length() + Long.toString(pre[n]).length()"
        " + Long.hashCode(pre[0]) + Character.toString(n).length()"
        " > Integer.valueOf(n).hashCode();",
    ),
    (
        "a library call that takes the argument",
        "main",
        "int n = sc.nextInt();",
        "int n = Integer.parseInt(args[0]);",
    ),
    ("Math.max of an int and a long", "power", "long r = 1;", "long r = Math.max(e, 2);"),
    ("a widening", "main", "pre[i + 1] = pre[i] + a;", "pre[i + 1] = a;"),
    ("a cast", "main", "int n = sc.nextInt();", "int n = (int) sc.nextLong();"),
    ("an int constant for a long", "power", "long r = 1;", "long r = 'a';"),
    ("a char index", "main", "pre[i + 1] =", "pre['b' - 'a'] ="),
    ("a String with anything", "main", '+ " " + pre[n]', '+ " " + pre'),
    ("a long computed and returned", "power", "return r;", "return r % MOD;"),
    ("a void method's bare return", "show", "System.out.println(sb);", "return;"),
    ("a loop that never ends needs no return", "power", "return r;", "for (;;) r++;"),
    ("a return after an if", "power", "return r;", "if (r > 0) return r; else return -r;"),
    ("a lambda's own name", "main", "odd.add(a);", "odd.removeIf(x -> x > a);"),
    ("a method of a later JDK", "main", "odd.size()", "odd.getFirst()"),
    (
        "a variable-arity library method",
        "main",
        "System.out.println(power(2, n)",
        'System.out.printf("%d %d", n, power(2, n)',
    ),
    ("Object's methods on any library type", "main", "odd.size()", "odd.hashCode()"),
    ("an Integer compared with null", "main", "a % 2 != 0", "Integer.valueOf(a) != null"),
    (
        "a loop variable reused in a later loop",
        "show",
        "System.out.println(sb);",
        "for (int x : xs) sb.append(x);",
    ),
    ("a boolean &", "power", "(e & 1) == 1", "(e & 1) == 1 & e > 1"),
    ("a char compared with an int", "main", "a % 2 != 0", "args[0].charAt(0) != 0"),
    (
        "a compound assignment's implicit cast",
        "main",
        "pre[i + 1] = pre[i] + a;",
        "a += pre[i] % 2;",  # a long narrowed to an int: small here (else a likely bug)
    ),
]


@pytest.mark.parametrize(("case", "name", "old", "new"), SENSE, ids=[s[0] for s in SENSE])
def test_what_javac_accepts_is_kept(case: str, name: str, old: str, new: str) -> None:
    text, env = _method(name)
    assert old in text
    assert problems(text.replace(old, new, 1), env) == []


def test_pattern_variables_may_share_a_name() -> None:
    method = """void f(Object o, Object p) {
        if (o instanceof String s) { System.out.println(s); }
        if (p instanceof String s) { System.out.println(s); }
    }"""
    assert problems(method) == []


def test_a_method_of_a_class_with_a_superclass_may_have_more_overloads() -> None:
    text = PROGRAM.replace("public class Main {", "public class Main extends Base {")
    doc = java.parse(text)
    main = next(m for m in doc.methods if m.name == "main")
    method = text[main.start : main.end].replace("power(2, n)", "power(2)")
    assert problems(method, environment(doc, main)) == []


def test_a_method_alone_in_its_class_is_a_snippet_unless_it_is_main() -> None:
    """A class of one method is a method shown out of its file (its other members unknown),
    but for ``static void main``: a whole program."""
    snippet = "class C {\n  int f(int n) { return n; }\n}\n"
    program = "class C {\n  public static void main(String[] a) { int n = 1; }\n}\n"
    for text, old, new, flagged in [
        (snippet, "return n;", "return n + size;", False),
        (program, "int n = 1;", "int n = size;", True),
    ]:
        doc = java.parse(text)
        method = doc.methods[0]
        found = problems(
            text[method.start : method.end].replace(old, new), environment(doc, method)
        )
        assert bool(found) == flagged, (text, found)


def test_a_final_field_is_assigned_in_a_constructor_only() -> None:
    text = "class P {\n  final int x;\n  P(int v) { x = v; }\n  int f() { return x; }\n}\n"
    doc = java.parse(text)
    constructor, f = doc.methods
    assert problems(text[constructor.start : constructor.end], environment(doc, constructor)) == []
    method = text[f.start : f.end].replace("return x;", "x = 1; return x;")
    assert problems(method, environment(doc, f)) == ["'x' is a final field"]


def test_a_library_type_is_the_one_the_file_imports() -> None:
    """java.awt.List is not java.util.List: only the table's own types are judged by it."""
    found = []
    for package in ("java.awt", "java.util"):
        text = (
            f"import {package}.List;\nclass C {{\n"
            "  int f(List l) { return l.getItemCount(); }\n  int g() { return 0; }\n}\n"
        )
        doc = java.parse(text)
        f = doc.methods[0]
        judged = replace(environment(doc, f), written=())  # the check's own judgement
        found.append(problems(text[f.start : f.end], judged))
    assert found == [[], ["'l' (List) has no 'getItemCount'"]]


def test_a_library_type_of_the_files_own_package_is_not_judged_by_the_table() -> None:
    """The table holds public members only: the JDK's own java.lang (ClassLoader's
    ``caller.getClassLoader0()``) uses Class's package-private ones, as does any file of
    that package; elsewhere they are not Class's."""
    found = []
    for package in ("java.lang", "demo"):
        text = (
            f"package {package};\nclass C {{\n"
            "  Object f(Class<?> c) { return c.getClassLoader0(); }\n}\n"
        )
        doc = java.parse(text)
        assert doc.package == package
        f = doc.methods[0]
        found.append(problems(text[f.start : f.end], replace(environment(doc, f), written=())))
    assert found == [[], ["'c' (Class<?>) has no 'getClassLoader0'"]]
    assert java.parse("class C {}\n").package == ""


def changed(source: str, name: str, old: str, new: str) -> list[str]:
    """What the check alone finds in the method ``name`` of ``source`` (nothing as written)
    with ``old`` changed into ``new``."""
    doc = java.parse(source)
    method = next(m for m in doc.methods if m.name == name)
    text = source[method.start : method.end]
    assert old in text
    judged = replace(environment(doc, method), written=())
    assert problems(text, judged) == []
    return problems(text.replace(old, new, 1), judged)


SMALL = """class Bits {
    static byte setByte(byte holder) { return holder; }

    byte pick(boolean flag, byte holder) {
        return flag ? setByte(holder) : holder;
    }

    char next(char c) {
        char d = c;
        return d;
    }
}
"""


@pytest.mark.parametrize(
    ("name", "old", "new", "rejected"),
    [
        # javac: possible lossy conversion from int to byte (Commons Lang's BitField was
        # offered flag ? setByte(holder) + 1 : clearByte(holder) in a byte method)
        ("pick", "setByte(holder) : holder", "setByte(holder) + 1 : holder", True),
        ("pick", "return flag ? setByte(holder) : holder;", "return holder + 1;", True),
        ("next", "char d = c;", "char d = c + 1;", True),
        ("next", "return d;", "return (d);\n        d = c - 1;", True),
        # accepted: an int constant that fits, a cast, a compound assignment, a final local
        ("pick", "setByte(holder) : holder", "setByte(holder) : 7", False),
        ("pick", "return flag ? setByte(holder) : holder;", "return (byte) (holder + 1);", False),
        ("next", "return d;", "d += 1;\n        return d;", False),
        ("next", "char d = c;", "final int k = 'a';\n        char d = k;", False),
    ],
)
def test_an_int_is_narrowed_to_a_byte_short_or_char_only_where_it_is_a_constant(
    name: str, old: str, new: str, rejected: bool
) -> None:
    found = changed(SMALL, name, old, new)
    assert any("is an int, not a" in f for f in found) == rejected, found


SINK = """import java.io.IOException;
import java.io.OutputStream;

class Sink {
    private final OutputStream os;

    Sink(OutputStream os) {
        this.os = os;
    }

    void accept(final int b) throws IOException {
        os.write(b);
    }

    String describe(int count) {
        return String.format("%d bytes", count);
    }
}
"""


@pytest.mark.parametrize(
    ("name", "old", "new", "expected"),
    [
        # java.io's streams (Commons Compress's ByteUtils was offered os.accept(b))
        ("accept", "os.write(b);", "os.accept(b);", "'os' (OutputStream) has no 'accept'"),
        ("accept", "os.write(b);", "os.write(b, 0, 1);", "'write' does not take (int, int, int)"),
        ("accept", "os.write(b);", "os.write(new byte[] {(byte) b}, 0, 1);", ""),
        ("accept", "os.write(b);", "os.flush();", ""),
        # this.m() of a class seen whole (Commons Math's KthSelector: this.checkNotNull)
        ("accept", "os.write(b);", "this.checkNotNull(os);", "no method 'checkNotNull' in this"),
        ("accept", "os.write(b);", "this.accept(b, b);", "'this.accept' does not take 2"),
        ("accept", "os.write(b);", "this.accept(b + 1);", ""),
        # this.x of the class's own field, whatever its supertypes: the same program
        # (Commons Compress's ByteUtils, whose class implements an interface, was offered
        # this.os.write(b))
        ("accept", "os.write(b);", "this.os.write(b);", "'this.os' is 'os' here"),
        # a literal format's conversions and arguments (Guava's LinearTransformation was
        # offered String.format("NaN", true))
        ("describe", '"%d bytes", count', '"bytes", true', "gives 1 arguments to 0 conversions"),
        ("describe", '"%d bytes", count', '"%d of %d", count', "gives 1 arguments to 2"),
        ("describe", '"%d bytes", count', '"%d%% of %s%n", count, os', ""),
        ("describe", '"%d bytes", count', '"%1$d, %1$x", count', ""),
        ("describe", '"%d bytes", count', '"%d " + "%s", count, os', ""),  # not read
    ],
)
def test_streams_own_methods_and_formats_are_judged(
    name: str, old: str, new: str, expected: str
) -> None:
    found = changed(SINK, name, old, new)
    assert [expected in p for p in found] == ([True] if expected else []), found


VERSION = """import java.util.Arrays;

class Version {
    private final String name;

    Version() {
        String v = null;
        try {
            v = System.getProperty("version");
        } catch (IllegalStateException e) {
            System.err.println("no version");
        }
        name = v;
    }

    String check(String s) {
        if (s == null) {
            throw new NullPointerException("the name must not be null");
        }
        return s + name + Arrays.toString(new int[0]);
    }
}
"""


@pytest.mark.parametrize(
    ("name", "old", "new", "expected"),
    [
        # a final local given its value, assigned again (Jackson's VersionUtil was offered
        # final Version v = null;)
        ("Version", "String v = null;", "final String v = null;", "'v' is a final local"),
        ("check", "return s + name", "final String t = s;\n        return t + name", ""),
        # the JDK's exceptions' constructors (Commons IO's IOCase was offered new
        # NullPointerException("...", str2))
        ("check", 'be null")', 'be null", s)', "the constructor does not take 2 arguments"),
        ("check", 'be null")', 'be null", new RuntimeException())', "does not take 2"),
        ("check", "NullPointerException(", "IllegalArgumentException(", ""),
        (
            "check",
            'NullPointerException("the name must not be null")',
            'IllegalArgumentException("the name must not be null", new IllegalStateException())',
            "",
        ),
        # what is caught is an exception (JUnit's ComparisonCriteria was offered catch (Arrays e))
        ("Version", "IllegalStateException e", "Arrays e", "'Arrays' is caught, but is no"),
        ("Version", "IllegalStateException e", "SecurityException | IllegalStateException e", ""),
    ],
)
def test_final_locals_exceptions_and_what_is_caught_are_judged(
    name: str, old: str, new: str, expected: str
) -> None:
    found = changed(VERSION, name, old, new)
    assert [expected in p for p in found] == ([True] if expected else []), found


def test_this_names_the_innermost_classs_own_field_whatever_it_extends() -> None:
    """A class that extends one out of sight: ``this.os`` of its own field is ``os`` (the
    same program, no repair), unless a local hides the field, and a field it may inherit is
    not judged."""
    source = SINK.replace("class Sink {", "class Sink extends Base {")
    assert changed(source, "accept", "os.write(b);", "this.os.write(b);") == [
        "'this.os' is 'os' here"
    ]
    hidden = "OutputStream os = null;\n        this.os.write(b);"
    assert changed(source, "accept", "os.write(b);", hidden) == []
    assert changed(source, "accept", "os.write(b);", "this.out.write(b);") == []


PICK = """class Pick {
    static float min(final float... array) {
        float min = array[0];
        for (int i = 1; i < array.length; i++) {
            min = min(array[i], min);
        }
        return min;
    }

    static float min(final float a, final float b) {
        return a < b ? a : b;
    }

    Pick pair(int n, int k) {
        return new Pick();
    }
}
"""


@pytest.mark.parametrize(
    ("name", "old", "new", "expected"),
    [
        # System.out is a PrintStream, imported or not (println takes one argument)
        ("pair", "return new Pick();", "System.out.println(n, k);\n        return null;", "2"),
        ("pair", "return new Pick();", "System.out.printIn(n);\n        return null;", "no 'p"),
        ("pair", "return new Pick();", 'System.out.printf("%d", n);\n        return null;', ""),
        # each argument of a variable arity is of its element's type (Commons Lang's
        # IEEE754rUtils was offered min(array[i], array))
        ("min", "min(array[i], min)", "min(array[i], array)", "does not take (float, float[])"),
        ("min", "min(array[i], min)", 'min(array[i], "0")', "does not take (float, String)"),
        ("min", "min(array[i], min)", "min(array[i], min, 1)", ""),
        ("min", "min(array[i], min)", "min(array)", ""),  # one array for them all
        # this is an object of the class, no number (Commons Numbers' Combinations was
        # offered new LexicographicComparator(n, this) for an (int, int))
        ("pair", "return new Pick();", "return pair(n, this);", "does not take (int, Pick)"),
        ("pair", "return new Pick();", "return this;", ""),
    ],
)
def test_printers_variable_arities_and_this_are_typed(
    name: str, old: str, new: str, expected: str
) -> None:
    found = changed(PICK, name, old, new)
    assert [expected in p for p in found] == ([True] if expected else []), found


PARSE = """class Parse {
    private final char[] chars;

    Parse(int capacity) {
        chars = new char[capacity];
    }

    String describe(java.text.ParsePosition pos, Exception fail) {
        String msg = "(" + fail.getClass().getName() + ")";
        return msg + pos.getIndex();
    }

    @Override
    public String toString() {
        return "Parse";
    }
}
"""


@pytest.mark.parametrize(
    ("name", "old", "new", "expected"),
    [
        # no object of a class is an array (Lucene's CharsRef was offered chars = new
        # CharsRef(capacity))
        ("Parse", "new char[capacity]", "new Parse(capacity)", "Parse cannot be converted to"),
        # a String is no ParsePosition (Gson's ISO8601Utils was offered pos = "(" + ...)
        ("describe", "return msg +", "pos = msg;\n        return msg +", "String cannot be conv"),
        ("describe", "return msg +", "pos = 1;\n        return msg +", "int cannot be converted"),
        ("describe", "return msg +", "Object o = msg;\n        return msg +", ""),
        ("describe", "return msg +", "CharSequence c = msg;\n        return msg +", ""),
        ("describe", "return msg +", "Comparable<String> c = msg;\n        return msg +", ""),
        ("describe", "return msg +", "Number n = pos.getIndex();\n        return msg +", ""),
        # @Override on a method that overrides nothing (JUnit's Throwables was offered
        # @Override private State processLine)
        ("toString", "public String", "private String", "a private method overrides nothing"),
        ("toString", "public String", "public static String", "a static method overrides"),
    ],
)
def test_classes_arrays_and_overrides_are_judged(
    name: str, old: str, new: str, expected: str
) -> None:
    found = changed(PARSE, name, old, new)
    assert [expected in p for p in found] == ([True] if expected else []), found


FILES = """import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.File;
import java.math.BigInteger;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.BitSet;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.Random;
import java.util.Vector;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Pattern;

public class Sources {
    private final File file;

    public Sources(File file) {
        this.file = Objects.requireNonNull(file, "file");
    }

    public boolean hidden(File f) {
        return f.isHidden();
    }

    public String name(Optional<String> given) {
        return given.orElse(file.getName());
    }

    public int size(byte[] data) {
        return new ByteArrayInputStream(data).available();
    }

    public String dump(ByteArrayOutputStream out) {
        return out.toString();
    }

    public String lower(String s, byte[] data) {
        return s.toLowerCase(Locale.ENGLISH) + data.clone().length;
    }

    public long nanos(long timeout, TimeUnit unit, AtomicInteger calls) {
        return unit.toNanos(timeout) + TimeUnit.NANOSECONDS.toNanos(calls.incrementAndGet());
    }

    public void stop(ThreadLocal<String> local) {
        local.remove();
        Thread.currentThread().interrupt();
    }

    public int big(BigInteger a, Random random, LinkedHashMap<String, Integer> seen, BitSet bits) {
        return a.add(BigInteger.ONE).intValue() + random.nextInt(10) + seen.size()
            + bits.cardinality();
    }

    public Object legacy(Vector<String> names) {
        return new Vector<String>(names).elements();
    }

    public boolean found(Path p, Pattern pattern) {
        return Files.isDirectory(p) || pattern.matcher(p.toString()).find();
    }

    public <T> T state(Class<T> cls, Object value) {
        if (cls == Number.class) { return cls.cast(value); }
        return null;
    }
}
"""

# Commons IO's HiddenFileFilter was offered file.isHidden(file), file.isEmpty(); its
# RandomAccessFileInputStream Objects.get(file, "file"), Objects.requireNonNull(file, closeOnClose)
LIBRARY = [
    ('Objects.requireNonNull(file, "file")', 'Objects.get(file, "file")', "has no 'get'"),
    (
        'Objects.requireNonNull(file, "file")',
        "Objects.requireNonNull(file, true)",
        "(File, boolean)",
    ),
    ('Objects.requireNonNull(file, "file")', 'Objects.requireNonNull(file, () -> "f")', ""),
    ('Objects.requireNonNull(file, "file")', "Objects.requireNonNullElse(file, file)", ""),
    ("f.isHidden()", "f.isHidden(f)", "does not take 1 arguments"),
    ("f.isHidden()", "f.isEmpty()", "has no 'isEmpty'"),
    ("f.isHidden()", "f.getParentFile().isHidden()", ""),
    ("f.isHidden()", "f.length() > File.separator.length()", ""),
    ("given.orElse(file.getName())", "given.orElse(file.getName(1))", "does not take 1"),
    ("given.orElse(file.getName())", "given.orElseGet(file::getName)", ""),
    ("given.orElse(file.getName())", "given.getOrElse(file.getName())", "has no 'getOrElse'"),
    # java.nio.file and java.util.regex, where imported
    ("Files.isDirectory(p)", "Files.isDirectory()", "does not take 0 arguments"),
    ("Files.isDirectory(p)", "Files.isDir(p)", "has no 'isDir'"),
    ("Files.isDirectory(p)", "Files.isDirectory(p.getParent())", ""),
    (".find()", ".matches()", ""),
    ("pattern.matcher", "pattern.match", "has no 'match'"),
    # as many type arguments as the type has parameters (HdrHistogram's CallStack was offered
    # printStackTrace(final PrintWriter<?> writer))
    ("(File f)", "(File<?> f)", "File takes no type arguments"),
    ("Optional<String> given", "Optional<String, File> given", "takes one type argument"),
    ("Pattern pattern", "Pattern<String> pattern", "Pattern takes no type arguments"),
    # java.lang's threads (Commons IO's QueueOutputStream was offered
    # Thread.currentThread(e).interrupt(), DemuxOutputStream outputStreamThreadLocal.add(output))
    ("Thread.currentThread()", "Thread.currentThread(local)", "does not take 1 arguments"),
    ("local.remove()", "local.add(null)", "has no 'add'"),
    ("local.remove()", "local.set(null)", ""),
    # java.util.concurrent and its atomic package (Guava's Queues was offered TimeUnit.timeout)
    ("TimeUnit.NANOSECONDS", "TimeUnit.timeout", "'TimeUnit' has no 'timeout'"),
    ("unit.toNanos(timeout)", "unit.toNanos()", "does not take 0 arguments"),
    ("unit.toNanos(timeout)", "unit.toMillis(timeout)", ""),
    ("calls.incrementAndGet()", "calls.incrementAndGet(1)", "does not take 1 arguments"),
    ("calls.incrementAndGet()", "calls.addAndGet(2)", ""),
    # java.math and java.util's Random, LinkedHashMap, BitSet: what contest programs use
    ("a.add(BigInteger.ONE)", "a.plus(BigInteger.ONE)", "(BigInteger) has no 'plus'"),
    ("a.add(BigInteger.ONE)", "a.add(BigInteger.valueOf(2)).mod(a)", ""),
    ("a.add(BigInteger.ONE)", "a.add(a, a)", "does not take 2 arguments"),
    ("BigInteger.ONE)", "BigInteger.TWO)", ""),  # JDK 9
    ("random.nextInt(10)", "random.nextInt(10, 20)", ""),  # JDK 17, RandomGenerator's
    ("random.nextInt(10)", "random.nextInt()", ""),
    ("random.nextInt(10)", 'random.nextInt("10")', "does not take (String)"),
    ("seen.size()", "seen.length()", "has no 'length'"),
    ("seen.size()", 'seen.getOrDefault("a", 0)', ""),
    ("<String, Integer> seen", "<String> seen", "LinkedHashMap takes 2 type arguments"),
    ("bits.cardinality()", "bits.nextSetBit(0)", ""),
    ("bits.cardinality()", "bits.count()", "has no 'count'"),
    # a call of a method that returns a type of the table has it, imported or not (Matcher)
    ("f.isHidden()", "f.getParentFile().isEmpty()", "(java.io.File) has no 'isEmpty'"),
    ("f.isHidden()", "f.getParentFile().isHidden()", ""),
    (".intValue()", ".length()", "(java.math.BigInteger) has no 'length'"),
    (".intValue()", ".mod(a).pow(2).intValue()", ""),
    ("matcher(p.toString()).find()", "matcher(p.toString()).found()", "has no 'found'"),
    ("matcher(p.toString()).find()", "matcher(p.toString()).reset().find()", ""),
    # an overload that takes a type of the table takes no primitive, String or array
    ("a.add(BigInteger.ONE)", "a.add(1)", "'add' does not take (int)"),
    ("a.add(BigInteger.ONE)", 'a.add("1")', "'add' does not take (String)"),
    ("a.add(BigInteger.ONE)", "a.add(BigInteger.valueOf(random.nextInt()))", ""),
    ("a.add(BigInteger.ONE)", "a.add(null)", ""),
    ("bits.cardinality()", "(bits.intersects(bits) ? 1 : 0)", ""),
    ("Files.isDirectory(p)", 'Files.isDirectory(p.resolve("a"))', ""),
    ("Files.isDirectory(p)", "Files.exists(p.toString())", "does not take (String)"),
    # java.util's Vector (SLF4J's LogManager was offered new Vector().getCurrentLoggers())
    (".elements()", ".getCurrentLoggers()", "has no 'getCurrentLoggers'"),
    (".elements()", ".firstElement()", ""),
    ("(names).elements()", "(names).subList(0, 1).iterator()", ""),
    ("(names).elements()", "(names).subList(0, 1).elements()", "has no 'elements'"),
    ("new Vector<String>(names)", "new Vector<String>(names.size(), 2)", ""),
    # java.lang's Class (picocli's getter was offered cls.getExtension(initialValueState))
    ("cls.cast(value)", "cls.getExtension(value)", "has no 'getExtension'"),
    ("cls.cast(value)", "cls.cast()", "does not take 0 arguments"),
    ("return null;", "return cls.getSuperclass().isInstance(value) ? cls.cast(value) : null;", ""),
    ("cls.cast(value)", "cls.getSuperclass().get(value)", "has no 'get'"),
    ("cls.cast(value)", "cls.getSimpleName().length().cast(value)", "has no members"),
    ("cls.cast(value)", "cls.isAssignableFrom(1)", "does not take (int)"),
    ("return null;", "return cls.getName().isEmpty() ? null : cls.cast(value);", ""),
    # Commons Lang's SerializationUtils was offered new ByteArrayInputStream(objectData, false)
    ("ByteArrayInputStream(data)", "ByteArrayInputStream(data, false)", "take 2 arguments"),
    ("ByteArrayInputStream(data)", "ByteArrayInputStream(data, 0, data.length)", ""),
    # Object's toString() beside ByteArrayOutputStream's own toString(String) (a ManySStuBs4J
    # method as written, out.toString(), was flagged)
    ("out.toString()", "out.toString().trim()", ""),
    ("out.toString()", "out.toString(1, 2)", "does not take 2 arguments"),
    ("out.toString()", "out.toString().size()", "has no 'size'"),
    # Object's methods on every type and array, java.util's Locale (Commons Codec's Lang was
    # offered input.toString(Locale.ENGLISH), input.toLowerCase(Locale.langs); its
    # BaseNCodec CHUNK_SEPARATOR.clone(true))
    ("s.toLowerCase(Locale.ENGLISH)", "s.toString(Locale.ENGLISH)", "does not take 1 arg"),
    ("s.toLowerCase(Locale.ENGLISH)", "s.toString()", ""),
    ("Locale.ENGLISH", "Locale.langs", "has no 'langs'"),
    ("Locale.ENGLISH", "Locale.ROOT", ""),
    ("data.clone()", "data.clone(true)", "does not take 1 arguments"),
    ("data.clone().length", "data.hashCode()", ""),
    ("data.clone().length", "data.equals(s, s)", "does not take 2 arguments"),
]


@pytest.mark.parametrize(("old", "new", "expected"), LIBRARY)
def test_library_types_of_real_projects_are_known(old: str, new: str, expected: str) -> None:
    """Objects, File, Optional, Files, Pattern (and the table's other JDK 17 types, read by
    reflection): what their members take is judged as javac judges it, where a JDK is on the
    machine."""
    from spancopy_core.lang.java import compiler

    doc = java.parse(FILES)
    method = next(m for m in doc.methods if old in FILES[m.start : m.end])
    text, env = FILES[method.start : method.end], environment(doc, method)
    assert env.written == ()
    found = problems(text.replace(old, new, 1), env)
    assert any(expected in p for p in found) if expected else found == [], found
    if compiler.available():
        assert compiler.check(FILES, [FILES.replace(old, new, 1)], budget_s=60.0) == [not expected]


def test_each_typed_member_of_the_table_is_one_the_table_has() -> None:
    """What :data:`jdk._RETURNS` and :data:`jdk._PARAMETERS` name (read by reflection apart
    from the table) is a method of the type, and each typed overload one it has."""
    for name, returns in jdk._RETURNS.items():
        for item in returns.split():
            method, returned = item.split("=")
            assert returned in jdk.PACKAGES, item
            assert f"{jdk.PACKAGES[returned]}.{returned}" in {
                o.returns for o in jdk.TYPES[name].methods[method].overloads
            }, (name, item)
    for name, takes in jdk._PARAMETERS.items():
        for item in takes.split():
            method, spec = item.split("=")
            params = jdk.overload(jdk.ANY + spec).params
            assert any(o.params == params for o in jdk.TYPES[name].methods[method].overloads), (
                name,
                item,
            )


SECTION = """import java.io.BufferedReader;
import java.io.IOException;

class Section {
    int start, length;
    String first, last;

    Section(int start, int len, String a, String b) {
        this.start = start; length = len; first = a; last = b;
    }

    String header(BufferedReader in) throws IOException {
        String line = in.readLine();
        line = in.readLine();
        int[] seen = new int[2];
        seen[0] = start;
        seen[1] = length;
        return line + seen[0];
    }
}
"""


@pytest.mark.parametrize(
    ("name", "old", "new", "expected"),
    [
        # picocli's StyledSection was offered endStyles = style1; endStyles = style2;
        ("Section", "first = a;", "last = a;", "'last = a;' is lost: 'last = b;' follows"),
        ("Section", "length = len;", "this.start = len;", "'this.start = start;' is lost"),
        ("Section", "first = a;", "first = a; first = first + b;", ""),  # read
        ("Section", "last = b;", "last = b; last = a;", "'last = b;' is lost"),
        ("header", "seen[1] = length;", "seen[0] = length;", ""),  # an element: not judged
        ("header", "\n        line = in", "\n        line = null; line = in", "is lost"),
        ("header", "String line = in", "String line = null; line = in", ""),  # declared
        ("header", "int[] seen", "line = line.trim(); int[] seen", ""),
    ],
)
def test_a_value_given_and_at_once_replaced_is_lost(name, old, new, expected):
    """A value given to a variable and then at once another, unread, is lost (a call's
    value is not: the call's effects stay, as a skipped line of a reader)."""
    found = changed(SECTION, name, old, new)
    assert any(expected in p for p in found) if expected else found == [], found


CHECKS = """import static org.junit.Assert.assertNull;

import org.junit.Assert;

public class ParserTest extends BaseTest {
    public void testValue() throws Exception {
        Parser p = createParser("{ }");
        assertNull(p.next());
        Assert.assertTrue(p.done());
    }

    public void testOwn() {
        boolean same = check(1, 1);
        Assert.assertTrue(same);
    }

    private boolean check(int a, int b) {
        return a == b;
    }
}
"""

OWN = CHECKS.replace("private boolean check(", "private boolean assertEquals(").replace(
    "check(1, 1)", "assertEquals(1, 1)"
)


@pytest.mark.parametrize(
    ("source", "name", "old", "new", "expected"),
    [
        # Jackson's DataInputTest was offered JsonParser p = assertNull(JSON_F, ...);
        (CHECKS, "testValue", "createParser(", "assertNull(", "returns nothing"),
        (CHECKS, "testValue", "createParser(", "Assert.assertEquals(", "returns nothing"),
        (CHECKS, "testOwn", "check(1, 1)", "assertSame(1, 1)", "returns nothing"),
        (CHECKS, "testValue", "createParser(", "assertThat(", ""),  # AssertJ's returns
        (OWN, "testOwn", "assertEquals(1, 1)", "assertEquals(2, 1)", ""),  # the test's own
    ],
)
def test_an_assertion_of_junit_returns_nothing(source, name, old, new, expected):
    found = changed(source, name, old, new)
    assert any(expected in p for p in found) if expected else found == [], found
