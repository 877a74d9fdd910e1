"""BFP-style abstraction of hand-written Java methods, its mapping, and concretization."""

from __future__ import annotations

import pytest

from spancopy_core.lang import java
from spancopy_core.lang.errors import ConcretizeError, FrontendError

# A small "model vocabulary": idioms as BFP writes them.
KNOWN = frozenset(
    {
        "size", "get", "i", "0", "1", "equals", "0L", "1.0F", '"\\n"', '"unchecked"',
        "java.lang.String", "java.util.List", "java.util.ArrayList", "java.util.Map",
        "java.util.Map.Entry", "java.lang.System.out.println", "java.lang.String.format",
        "java.lang.Integer.parseInt", "java.lang.Math.abs", "java.io.IOException",
        "org.junit.Assert.assertEquals", "VAR_1", "TYPE_1",
    }
)  # fmt: skip

# (case, method source, imports, expected abstraction)
CASES = [
    (
        "generics",
        "public List<String> names(Map<String, Integer> counts) {"
        " List<String> out = new ArrayList<>(counts.keySet()); return out; }",
        ("java.util.*",),
        "public java.util.List < java.lang.String > METHOD_1 ( java.util.Map < java.lang.String ,"
        " TYPE_1 > VAR_1 ) { java.util.List < java.lang.String > VAR_2 = new java.util.ArrayList"
        " < > ( VAR_1 . METHOD_2 ( ) ) ; return VAR_2 ; }",
    ),
    (
        "nested generics, >> split",
        "Map<String, List<List<Integer>>> deep() { return null; }",
        ("java.util.Map", "java.util.List"),
        "java.util.Map < java.lang.String , java.util.List < java.util.List < TYPE_1 > > >"
        " METHOD_1 ( ) { return null ; }",
    ),
    (
        "arrays and varargs",
        "int[] copy(int[][] grid, String... rest) { int[] row = grid[0]; return row.clone(); }",
        (),
        "int [ ] METHOD_1 ( int [ ] [ ] VAR_1 , java.lang.String ... VAR_2 ) { int [ ] VAR_3 ="
        " VAR_1 [ 0 ] ; return VAR_3 . METHOD_2 ( ) ; }",
    ),
    (
        "lambdas (BFP writes -> as two tokens)",
        "void run(List<String> xs) { xs.forEach(x -> System.out.println(x));"
        " xs.removeIf((String s) -> s.isEmpty()); }",
        ("java.util.List",),
        "void METHOD_1 ( java.util.List < java.lang.String > VAR_1 ) { VAR_1 . METHOD_2 ( VAR_2 - >"
        " java.lang.System.out.println ( VAR_2 ) ) ; VAR_1 . METHOD_3 ( ( java.lang.String VAR_3 )"
        " - > VAR_3 . METHOD_4 ( ) ) ; }",
    ),
    (
        "method references (BFP writes :: as two tokens)",
        "Object refs() { Function<String, Integer> f = Integer::parseInt;"
        " return list.stream().map(String::valueOf).toArray(String[]::new); }",
        ("java.util.function.Function",),
        "TYPE_1 METHOD_1 ( ) { TYPE_2 < java.lang.String , TYPE_3 > VAR_1 = TYPE_3 : : METHOD_2 ;"
        " return VAR_2 . METHOD_3 ( ) . METHOD_4 ( java.lang.String : : METHOD_5 ) . METHOD_6 ("
        " java.lang.String [ ] : : new ) ; }",
    ),
    (
        "anonymous class",
        "Runnable make() { return new Runnable() { @Override public void run() { count++; } }; }",
        (),
        "TYPE_1 METHOD_1 ( ) { return new TYPE_1 ( ) { @ TYPE_2 public void METHOD_2 ( ) {"
        " VAR_1 ++ ; } } ; }",
    ),
    (
        "annotations with arguments, known string literal",
        '@SuppressWarnings("unchecked") @Deprecated(since = "9") void old() {}',
        (),
        '@ TYPE_1 ( "unchecked" ) @ TYPE_2 ( VAR_1 = STRING_1 ) void METHOD_1 ( ) { }',
    ),
    (
        "enum switch statement",
        "Color next() { switch (this) { case RED: return GREEN; default: return RED; } }",
        (),
        "TYPE_1 METHOD_1 ( ) { switch ( this ) { case VAR_1 : return VAR_2 ; default : return"
        " VAR_1 ; } }",
    ),
    (
        "switch expression with yield",
        "int score(Day d) { return switch (d) { case MONDAY, FRIDAY -> 6; case TUESDAY -> 7;"
        " default -> { int k = d.ordinal(); yield k * 2; } }; }",
        (),
        "int METHOD_1 ( TYPE_1 VAR_1 ) { return switch ( VAR_1 ) { case VAR_2 , VAR_3 - > INT_1 ;"
        " case VAR_4 - > INT_2 ; default - > { int VAR_5 = VAR_1 . METHOD_2 ( ) ; yield VAR_5 *"
        " INT_3 ; } } ; }",
    ),
    (
        "text block",
        'String sql() { return """\n    SELECT *\n    FROM t\n    """; }',
        (),
        "java.lang.String METHOD_1 ( ) { return STRING_1 ; }",
    ),
    (
        "string, char, hex, long, float, binary literals",
        "void lits() { char c = 'x'; char q = '\\''; long big = 0xFFL; long zero = 0L;"
        ' float f = 1.0f; double d = 1e-3; int bin = 0b1010; int n = 1_000; String s = "a\\"b";'
        ' String nl = "\\n"; }',
        (),
        "void METHOD_1 ( ) { char VAR_1 = CHAR_1 ; char VAR_2 = CHAR_2 ; long VAR_3 = INT_1 ;"
        " long VAR_4 = 0L ; float VAR_5 = 1.0F ; double VAR_6 = FLOAT_1 ; int VAR_7 = INT_2 ;"
        ' int VAR_8 = INT_3 ; java.lang.String VAR_9 = STRING_1 ; java.lang.String VAR_10 = "\\n"'
        " ; }",
    ),
    (
        "float spellings are canonicalised only for the known lookup",
        "float g() { return 1f + 0.5F + .5f + 2.; }",
        (),
        "float METHOD_1 ( ) { return 1.0F + FLOAT_1 + FLOAT_2 + FLOAT_3 ; }",
    ),
    (
        "qualified calls",
        'void q() { java.util.Collections.sort(items); Math.abs(-1); String.format("%d", 1);'
        ' Integer.parseInt("2"); }',
        (),
        "void METHOD_1 ( ) { TYPE_1 . METHOD_2 ( VAR_1 ) ; java.lang.Math.abs ( - 1 ) ;"
        " java.lang.String.format ( STRING_1 , 1 ) ; java.lang.Integer.parseInt ( STRING_2 ) ; }",
    ),
    (
        "this. and super.",
        "void set(int value) { this.value = value; super.set(value); this.reset(); }",
        (),
        "void METHOD_1 ( int VAR_1 ) { this . VAR_1 = VAR_1 ; super . METHOD_1 ( VAR_1 ) ;"
        " this . METHOD_2 ( ) ; }",
    ),
    (
        "static imports",
        "void t() { assertEquals(1, x); assertTrue(ok); }",
        ("static org.junit.Assert.assertEquals", "static org.junit.Assert.*"),
        "void METHOD_1 ( ) { org.junit.Assert.assertEquals ( 1 , VAR_1 ) ; METHOD_2 ( VAR_2 ) ; }",
    ),
    (
        "varargs and enhanced for",
        "static int sum(int... xs) { int t = 0; for (int x : xs) t += x; return t; }",
        (),
        "static int METHOD_1 ( int ... VAR_1 ) { int VAR_2 = 0 ; for ( int VAR_3 : VAR_1 )"
        " VAR_2 += VAR_3 ; return VAR_2 ; }",
    ),
    (
        "try-with-resources, multi-catch",
        "String read(File f) throws IOException {"
        " try (BufferedReader r = new BufferedReader(new FileReader(f))) { return r.readLine(); }"
        " catch (IOException | RuntimeException e) { throw e; } finally { done(); } }",
        ("java.io.*",),
        "java.lang.String METHOD_1 ( TYPE_1 VAR_1 ) throws java.io.IOException { try ( TYPE_2"
        " VAR_2 = new TYPE_2 ( new TYPE_3 ( VAR_1 ) ) ) { return VAR_2 . METHOD_2 ( ) ; } catch ("
        " java.io.IOException | TYPE_4 VAR_3 ) { throw VAR_3 ; } finally { METHOD_3 ( ) ; } }",
    ),
    (
        "unicode identifiers, emoji in a string",
        'String grüß(int café) { return "😀" + café; }',
        (),
        "java.lang.String METHOD_1 ( int VAR_1 ) { return STRING_1 + VAR_1 ; }",
    ),
    (
        "class literals as BFP writes them",
        "Class<?> k() { use(int.class); return Foo.class; }",
        (),
        "TYPE_1 < ? > METHOD_1 ( ) { METHOD_2 ( int . class ) ; return VAR_1 class ; }",
    ),
    (
        "System.out.println and unknown System members",
        "void p(Object o) { System.out.println(o); System.err.println(o); System.exit(1); }",
        (),
        "void METHOD_1 ( TYPE_1 VAR_1 ) { java.lang.System.out.println ( VAR_1 ) ; TYPE_2 . VAR_2"
        " . METHOD_2 ( VAR_1 ) ; TYPE_2 . METHOD_3 ( 1 ) ; }",
    ),
    (
        "nested type through an import",
        "Map.Entry<String, Integer> first(Map<String, Integer> m) {"
        " for (Map.Entry<String, Integer> e : m.entrySet()) return e; return null; }",
        ("java.util.Map",),
        "java.util.Map.Entry < java.lang.String , TYPE_1 > METHOD_1 ( java.util.Map <"
        " java.lang.String , TYPE_1 > VAR_1 ) { for ( java.util.Map.Entry < java.lang.String ,"
        " TYPE_1 > VAR_2 : VAR_1 . METHOD_2 ( ) ) return VAR_2 ; return null ; }",
    ),
    (
        "idioms kept",
        "int count(List<String> xs) { int n = 0; for (int i = 0; i < xs.size(); i++)"
        ' if (xs.get(i).equals("")) n++; return n; }',
        ("java.util.List",),
        "int METHOD_1 ( java.util.List < java.lang.String > VAR_1 ) { int VAR_2 = 0 ; for ( int i"
        " = 0 ; i < VAR_1 . size ( ) ; i ++ ) if ( VAR_1 . get ( i ) . equals ( STRING_1 ) )"
        " VAR_2 ++ ; return VAR_2 ; }",
    ),
    (
        "bounded generic method, instanceof pattern, ternary",
        "static <T extends Comparable<T>> T max(T a, Object b) {"
        " if (b instanceof String s && !s.isEmpty()) return a;"
        " return a.compareTo(a) > 0 ? a : null; }",
        (),
        "static < TYPE_1 extends TYPE_2 < TYPE_1 > > TYPE_1 METHOD_1 ( TYPE_1 VAR_1 , TYPE_3"
        " VAR_2 ) { if ( VAR_2 instanceof java.lang.String VAR_3 && ! VAR_3 . METHOD_2 ( ) )"
        " return VAR_1 ; return VAR_1 . METHOD_3 ( VAR_1 ) > 0 ? VAR_1 : null ; }",
    ),
    (
        "var and a local record",
        "void locals() { var list = new ArrayList<String>(); record Point(int x, int y) {} }",
        ("java.util.ArrayList",),
        "void METHOD_1 ( ) { var VAR_1 = new java.util.ArrayList < java.lang.String > ( ) ;"
        " record TYPE_1 ( int VAR_2 , int VAR_3 ) { } }",
    ),
    (
        "constructor, this(...), labels",
        "Point(int x) { this(x, 0); outer: for (;;) { break outer; } }",
        (),
        "TYPE_1 ( int VAR_1 ) { this ( VAR_1 , 0 ) ; VAR_2 : for ( ; ; ) { break VAR_2 ; } }",
    ),
    (
        "constants: a type's field, an ALL_CAPS variable",
        "double area() { return Math.PI * r * r + LOG.level; }",
        (),
        "double METHOD_1 ( ) { return TYPE_1 . VAR_1 * VAR_2 * VAR_2 + VAR_3 . VAR_4 ; }",
    ),
    (
        "a source name that looks like a placeholder is never an idiom",
        "void VAR_1(TYPE_1 x) {}",
        (),
        "void METHOD_1 ( TYPE_1 VAR_1 ) { }",
    ),
]


def method_tokens(source: str) -> list[java.Token]:
    doc = java.parse("class C {\n" + source + "\n}\n")
    (method,) = [m for m in doc.methods if m.depth == 0]
    return doc.tokens[method.tokens]


@pytest.mark.parametrize(
    ("source", "imports", "expected"), [c[1:] for c in CASES], ids=[c[0] for c in CASES]
)
def test_hand_written_abstractions(source, imports, expected):
    tokens = method_tokens(source)
    result = java.abstract(tokens, KNOWN, imports)
    assert " ".join(result.tokens) == expected
    # The mapping aligns every abstract token with the source tokens it stands for ...
    mapping = result.mapping
    assert mapping.tokens == tuple(result.tokens)
    assert [s for s, _ in mapping.spans] == sorted(s for s, _ in mapping.spans)
    assert mapping.spans[0][0] == 0 and mapping.spans[-1][1] == len(tokens)
    assert all(a[1] == b[0] for a, b in zip(mapping.spans, mapping.spans[1:]))
    # ... and concretization gives the source text back, token for token.
    concrete = java.concretize(result.tokens, mapping)
    style = java.JavaStyle()
    assert [x for c in concrete for x in style.split(c)] == [t.text for t in tokens]


def test_at_least_25_hand_written_cases():
    assert len(CASES) >= 25


def test_text_block_and_emoji_surface_text():
    tokens = method_tokens('String sql() { return """\n  SELECT 😀\n  """ + "é"; }')
    result = java.abstract(tokens, KNOWN)
    assert result.mapping.surface["STRING_1"] == '"""\n  SELECT 😀\n  """'
    assert result.mapping.surface["STRING_2"] == '"é"'


def test_one_abstract_token_spans_several_source_tokens():
    tokens = method_tokens("void f() { System . out /* x */ . println(1); }")
    result = java.abstract(tokens, KNOWN)
    k = result.tokens.index("java.lang.System.out.println")
    s, e = result.mapping.spans[k]
    assert [t.text for t in tokens[s:e]] == ["System", ".", "out", ".", "println"]
    assert java.concretize(["java.lang.System.out.println"], result.mapping) == [
        "System.out.println"
    ]


def test_pair_shares_numbering_and_surface():
    before = method_tokens("int f(int a, int b) { if (a > b) return a; return b; }")
    after = method_tokens("int f(int a, int b) { if (a >= b) return c; return b; }")
    buggy, fixed = java.abstract_pair(before, after, KNOWN)
    assert " ".join(buggy.tokens) == (
        "int METHOD_1 ( int VAR_1 , int VAR_2 ) { if ( VAR_1 > VAR_2 ) return VAR_1 ;"
        " return VAR_2 ; }"
    )
    assert " ".join(fixed.tokens) == (
        "int METHOD_1 ( int VAR_1 , int VAR_2 ) { if ( VAR_1 >= VAR_2 ) return VAR_3 ;"
        " return VAR_2 ; }"
    )
    # The buggy side's mapping can concretize the fixed side (one shared surface map).
    assert "c" in java.concretize(fixed.tokens, buggy.mapping)


def test_concretize_rejects_what_the_mapping_cannot_explain():
    result = java.abstract(method_tokens("void f(int a, int b, int c, int d) { }"), KNOWN)
    assert java.concretize(["VAR_4"], result.mapping) == ["d"]
    for bad in ["VAR_9", "METHOD_2", "STRING_1", "<unk>", "</s>", "a b", "", "/* c */", "#"]:
        with pytest.raises(ConcretizeError):
            java.concretize(["return", bad, ";"], result.mapping)
    assert issubclass(ConcretizeError, FrontendError)


def test_concretize_writes_unseen_qualified_idioms_for_the_file():
    tokens = method_tokens("void f() { }")
    imports = ("java.util.List", "java.io.*", "static org.junit.Assert.assertEquals")
    mapping = java.abstract(tokens, KNOWN, imports).mapping
    out = java.concretize(
        [
            "java.lang.String", "java.util.List", "java.io.IOException", "java.util.Map",
            "org.junit.Assert.assertEquals", "java.lang.System.out.println", "1.0F",
        ],
        mapping,
    )  # fmt: skip
    assert out[:6] == [
        "String", "List", "IOException", "java.util.Map", "assertEquals", "System.out.println",
    ]  # fmt: skip
    assert out[6] == "1.0F"
    with pytest.raises(ConcretizeError):  # in the vocabulary, but this method has no variable
        java.concretize(["VAR_1"], mapping)


def test_concretize_class_literal():
    result = java.abstract(method_tokens("Object f() { return Foo.class; }"), KNOWN)
    assert result.tokens[-4:] == ["VAR_1", "class", ";", "}"]
    assert java.concretize(["return", "VAR_1", "class", ";"], result.mapping) == [
        "return", "Foo", ".class", ";",
    ]  # fmt: skip
    assert java.concretize(["final", "class"], result.mapping) == ["final", "class"]
    # a local class declared after an annotation: "class" is followed by its name
    assert java.concretize(["@", "VAR_1", "class", "VAR_1"], result.mapping)[2] == "class"


@pytest.mark.parametrize(
    ("source", "expected"),
    [
        (
            "class C { void broken(int x) { int y = ; foo(x); # } }",
            "void METHOD_1 ( int VAR_1 ) { int VAR_2 = ; METHOD_2 ( VAR_1 ) ; # }",
        ),
        (  # tree-sitter inserts a MISSING ")", which is no token
            "class C {\n void broken(int x) {\n  int y = ;\n  foo(x;\n }\n}",
            "void METHOD_1 ( int VAR_1 ) { int VAR_2 = ; METHOD_2 ( VAR_1 ; }",
        ),
    ],
)
def test_syntax_error_method_still_abstracts(source, expected):
    doc = java.parse(source)
    (method,) = doc.methods
    assert method.has_error and "ERROR" in str(doc.tree.root_node)
    tokens = doc.tokens[method.tokens]
    result = java.abstract(tokens, KNOWN)
    assert " ".join(result.tokens) == expected
    concrete = java.concretize(result.tokens, result.mapping)
    assert concrete == [t.text for t in tokens]


def test_a_file_too_broken_for_methods_still_lexes():
    doc = java.parse("class C { void broken(int x) { int y = ; foo(x, ; # } }")
    assert doc.methods == []  # tree-sitter found no method node; the tokens are all there
    assert [t.text for t in doc.tokens][-6:] == ["x", ",", ";", "#", "}", "}"]
    assert doc.tokens[-3].kind == "error"


def test_strip_annotations_everywhere():
    src = (
        '@Override @SuppressWarnings({"a", "b"}) @java.lang.Deprecated(since = f(1))'
        " public void f(@Nullable String s, final @A(x = (1)) int n) {"
        ' @SuppressWarnings("u") List<@NonNull String> l = g(); }'
    )
    got = _texts(java.strip_annotations(java.lex(src)))
    assert got == "public void f ( String s , final int n ) { List < String > l = g ( ) ; }"
    # no annotation: unchanged; @interface is one token and stays; a stray @ stays
    plain = java.lex("void f() { int a = b; }")
    assert java.strip_annotations(plain) == plain
    assert _texts(java.strip_annotations(java.lex("@interface A { }"))) == "@interface A { }"
    assert _texts(java.strip_annotations(java.lex("a @ ;"))) == "a @ ;"


def _texts(tokens) -> str:
    return " ".join(t.text for t in tokens)
