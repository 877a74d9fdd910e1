"""Java lexing, offsets, methods, imports and incremental re-parsing."""

from __future__ import annotations

import tree_sitter
import tree_sitter_java
from hypothesis import given, settings
from hypothesis import strategies as st

from spancopy_core.editing.positions import UTF8, UTF16, UTF32, LineIndex, PositionError
from spancopy_core.lang import java


def texts(source: str) -> list[str]:
    return [t.text for t in java.lex(source)]


def tree_sitter_leaves(source: str) -> list[str]:
    """Reference tokenisation: tree-sitter leaves, literals whole, comments and MISSING out,
    and the operators that BFP splits into characters (>> >>> << -> ::) split."""
    data = source.encode("utf-8")
    tree = tree_sitter.Parser(tree_sitter.Language(tree_sitter_java.language())).parse(data)
    out: list[str] = []

    def visit(node: tree_sitter.Node) -> None:
        if node.type in ("line_comment", "block_comment"):
            return
        if node.child_count == 0 or node.type in ("string_literal", "character_literal"):
            if node.end_byte > node.start_byte and not node.is_missing:
                leaf = data[node.start_byte : node.end_byte].decode("utf-8")
                out.extend(leaf if leaf in (">>", ">>>", "<<", "->", "::") else [leaf])
            return
        for child in node.children:
            visit(child)

    visit(tree.root_node)
    return out


def test_kinds_and_roles():
    tokens = java.lex("class A { int f(String s) { return s.length() + 1 + 'c' + \"x\" + 2.5; } }")
    kinds = {t.text: t.kind for t in tokens}
    assert kinds["class"] == "keyword" and kinds["return"] == "keyword"
    assert kinds["{"] == "operator" and kinds["+"] == "operator"
    assert kinds["'c'"] == "char" and kinds['"x"'] == "string"
    assert kinds["1"] == "int" and kinds["2.5"] == "float"
    roles = {t.text: t.role for t in tokens if t.kind == "identifier"}
    assert roles == {"A": "type", "f": "method", "String": "type", "s": "var", "length": "method"}


def test_literals_are_one_token_and_comments_none():
    source = (
        'String s = "a // not a comment \\" /* nor this */"; // comment\n'
        "char q = '\\''; char d = '\"'; /* block\n comment */ long h = 0xCAFE_BABEL;\n"
        'String t = """\n  line "quoted"\n  \\"""\n  """; double e = 1.5e-3d; int b = 0b1010_1010;'
    )
    assert texts(source) == [
        "String", "s", "=", '"a // not a comment \\" /* nor this */"', ";",
        "char", "q", "=", "'\\''", ";", "char", "d", "=", "'\"'", ";",
        "long", "h", "=", "0xCAFE_BABEL", ";",
        "String", "t", "=", '"""\n  line "quoted"\n  \\"""\n  """', ";",
        "double", "e", "=", "1.5e-3d", ";", "int", "b", "=", "0b1010_1010", ";",
    ]  # fmt: skip
    assert texts(source) == tree_sitter_leaves(source)


def test_bfp_splits_generic_closers_shifts_arrows_and_colons():
    source = "Map<String, List<List<X>>> m = a >> 2 >>> 1 << 3; b >>= 3; f(x -> x, A::b);"
    assert texts(source) == [
        "Map", "<", "String", ",", "List", "<", "List", "<", "X", ">", ">", ">", "m", "=",
        "a", ">", ">", "2", ">", ">", ">", "1", "<", "<", "3", ";", "b", ">>=", "3", ";",
        "f", "(", "x", "-", ">", "x", ",", "A", ":", ":", "b", ")", ";",
    ]  # fmt: skip


def test_contextual_keywords_follow_the_tree():
    tokens = java.lex("sealed interface S permits A {} public non-sealed class A implements S {}")
    assert [(t.text, t.kind) for t in tokens if t.text in ("non-sealed", "sealed", "permits")] == [
        ("sealed", "keyword"), ("permits", "keyword"), ("non-sealed", "keyword"),
    ]  # fmt: skip
    assert texts("int x = non-sealed;") == ["int", "x", "=", "non", "-", "sealed", ";"]
    var = [t for t in java.lex("void f() { var var = 1; }") if t.text == "var"]
    assert [(t.kind, t.role) for t in var] == [("keyword", ""), ("identifier", "var")]


def test_offsets_and_columns_with_emoji_unicode_and_crlf():
    source = 'class A {\r\n  String café = "😀"; int x;\r\n}'
    tokens = java.lex(source)
    x = next(t for t in tokens if t.text == "x")
    assert (x.line, x.col, x.col_utf16, x.col_utf8) == (1, 25, 26, 29)
    cafe = next(t for t in tokens if t.text == "café")
    assert cafe.kind == "identifier" and cafe.end_byte - cafe.start_byte == 5
    index = LineIndex(source)
    data = source.encode("utf-8")
    for t in tokens:
        assert source[t.start : t.end] == t.text
        assert data[t.start_byte : t.end_byte].decode("utf-8") == t.text
        assert index.position(t.start, UTF32) == (t.line, t.col)
        assert index.position(t.start, UTF16) == (t.line, t.col_utf16)
        assert index.position(t.start, UTF8) == (t.line, t.col_utf8)


def test_lone_cr_is_a_line_break():
    tokens = java.lex("int a;\rint b;")
    assert [(t.text, t.line, t.col) for t in tokens][-3:] == [
        ("int", 1, 0),
        ("b", 1, 4),
        (";", 1, 5),
    ]


def test_missing_nodes_are_not_tokens_and_errors_keep_theirs():
    source = "class A { void f() { g(1; int y = 2 } }"
    doc = java.parse(source)
    assert "MISSING" in str(doc.tree.root_node)
    assert texts(source) == [
        "class", "A", "{", "void", "f", "(", ")", "{", "g", "(", "1", ";",
        "int", "y", "=", "2", "}", "}",
    ]  # fmt: skip
    junk = java.lex("class A { void f() { ` # \\ int z; } }")
    assert [(t.text, t.kind) for t in junk if t.kind == "error"] == [
        ("`", "error"), ("#", "error"), ("\\", "error"),
    ]  # fmt: skip
    assert "z" in [t.text for t in junk]


def test_string_split_by_error_recovery_stays_one_token():
    # In this broken method (a random mutation of a JDK method) tree-sitter's own lexer reads
    # the empty literals as bare quotes; the context-free lexer keeps them whole.
    source = (
        "class A { private void compactElts ( ) { int sz size ; if ( sz 1 ) {"
        ' elts [ 0 = JLA . join "" , "" , delimiter , elts , sz ) ; } } }'
    )
    assert texts(source).count('""') == 2
    assert '""' not in tree_sitter_leaves(source)


def test_methods_everywhere():
    source = """
class Outer {
    Outer(int x) { }
    void plain() {
        Runnable r = new Runnable() { public void run() { } };
        Runnable l = () -> { };
    }
    static class Nested { <T> T generic(T t) { return t; } }
    enum E { A { int f() { return 1; } }; abstract int f(); }
    interface I { default void d() { } void abstractOne(); }
    record R(int a) { R { } }
}
"""
    doc = java.parse(source)
    found = [(m.name, m.kind, m.depth) for m in doc.methods]
    assert found == [
        ("Outer", "constructor", 0),
        ("plain", "method", 0),
        ("run", "method", 1),
        ("generic", "method", 0),
        ("f", "method", 0),
        ("f", "method", 0),
        ("d", "method", 0),
        ("abstractOne", "method", 0),
        ("R", "constructor", 0),
    ]
    plain = doc.methods[1]
    body = doc.tokens[plain.tokens]
    assert body[0].text == "void" and body[-1].text == "}"
    assert source[plain.start : plain.end].startswith("void plain()")
    assert source[plain.start : plain.end].endswith("-> { };\n    }")
    assert [t.text for t in doc.tokens[doc.methods[7].tokens]][-1] == ";"
    # Facts for callers that must not walk the tree themselves.
    assert [m.is_compact_constructor for m in doc.methods] == [False] * 8 + [True]
    assert [m.name for m in doc.methods if not m.has_body] == ["f", "abstractOne"]
    assert [doc.method_node(m).type for m in doc.methods[:2] + doc.methods[-1:]] == [
        "constructor_declaration",
        "method_declaration",
        "compact_constructor_declaration",
    ]


def test_members_parse_alone():
    assert java.member_context() == ("class _ {\n", "\n}\n")
    before, after = java.member_context(compact=True)
    assert not java.has_syntax_error(before + "R { if (a < 0) throw new E(); }" + after)
    assert java.has_syntax_error(before + "R { if (a < 0) throw; }" + after)
    assert java.has_syntax_error("class A { void f() { return } }")  # MISSING ;
    assert not java.has_syntax_error("class A { void f() { return; } }")

    tokens = java.member_tokens("int x = 1; void f() { }")
    assert tokens is not None and [t.text for t in tokens][:5] == ["int", "x", "=", "1", ";"]
    assert java.member_tokens("void f() { ") is None
    # method_tokens: exactly one method or constructor, nothing around it.
    one = java.method_tokens("@Override public String toString() { return s; }")
    assert one is not None and [t.text for t in one][0] == "@" and one[-1].text == "}"
    assert [t.text for t in java.method_tokens("A(int a) { this.a = a; }") or []][:2] == ["A", "("]
    assert java.method_tokens("void f() { } void g() { }") is None
    assert java.method_tokens("int x; void f() { }") is None
    assert java.method_tokens("void f() { x = ; }") is None


def test_method_at_is_innermost_and_checks_range():
    source = "class A {\n  void outer() {\n    new Object() { void inner() { x(); } };\n  }\n}\n"
    doc = java.parse(source)
    assert doc.method_at(source.index("x()")).name == "inner"
    assert doc.method_at(source.index("new")).name == "outer"
    outer = doc.methods[0]
    assert doc.method_at(outer.end).name == "outer"  # the cursor right after "}"
    assert doc.method_at(0) is None
    assert java.method_at(source, source.index("x()")).name == "inner"
    for bad in (-1, len(source) + 1):
        try:
            doc.method_at(bad)
        except PositionError:
            continue
        raise AssertionError(f"offset {bad} accepted")


def test_imports_in_the_edits_data_format():
    source = (
        "package p;\nimport java.util.List;\nimport java.io.*;\n"
        "import static org.junit.Assert.assertEquals;\nimport static java.lang.Math.*;\nclass A {}"
    )
    assert java.parse(source).imports == (
        "java.util.List",
        "java.io.*",
        "static org.junit.Assert.assertEquals",
        "static java.lang.Math.*",
    )


def test_agrees_with_tree_sitter_leaves_on_real_files(jdk_files):
    assert len(jdk_files) >= 7
    for name, source in jdk_files.items():
        assert texts(source) == tree_sitter_leaves(source), name


def test_real_file_methods_and_offsets(jdk_files):
    source = jdk_files["AbstractList.java"]
    doc = java.parse(source)
    names = {m.name for m in doc.methods}
    assert {"add", "indexOf", "subList", "hasNext", "removeRange", "AbstractList"} <= names
    assert any(m.depth == 0 for m in doc.methods) and not any(m.has_error for m in doc.methods)
    index = LineIndex(source)
    for t in doc.tokens[::97]:
        assert source[t.start : t.end] == t.text
        assert index.position(t.start, UTF16) == (t.line, t.col_utf16)


@settings(max_examples=25, deadline=None)
@given(st.data())
def test_incremental_reparse_equals_a_fresh_parse(jdk_files, data):
    source = jdk_files["StringJoiner.java"]
    doc = java.parse(source)
    for _ in range(3):
        start = data.draw(st.integers(0, len(doc.text)))
        end = data.draw(st.integers(start, min(len(doc.text), start + 40)))
        new_text = data.draw(st.sampled_from(["", "x", " + 1", "}", "/* c */", '"s', "😀\r\n"]))
        before_tree = str(doc.tree.root_node)
        edited = doc.edit(start, end, new_text)
        assert str(doc.tree.root_node) == before_tree  # the old tree is left as it was
        fresh = java.parse(edited.text)
        assert edited.tokens == fresh.tokens
        assert edited.methods == fresh.methods
        assert java.lex(edited.text, edited.tree) == fresh.tokens
        doc = edited


def test_edit_out_of_range_raises():
    doc = java.parse("class A {}")
    try:
        doc.edit(3, 99, "")
    except PositionError:
        return
    raise AssertionError("edit past the end accepted")
