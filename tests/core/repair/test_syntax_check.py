"""The Java front-end's syntax check (``still_parses``) judges a method where it stands: in an
interface, where a constructor does not parse, and keeping its body or its lack of one, which
tree-sitter does not check and javac does (issue 28: ``Change to "getAnnotation(Class<T>
annotationClass) { }"`` was offered on a JDK interface)."""

from __future__ import annotations

import pytest

from spancopy_core.lang.java import has_syntax_error
from spancopy_core.repair.java import JavaFrontend
from tests.toy import VOCAB

TEXT = """interface Annotated {
    <T extends Annotation> T getAnnotation(Class<T> annotationClass);

    default boolean isPresent(Class<?> c) {
        return getAnnotation(c) != null;
    }
}

abstract class Channel {
    abstract void select() throws IOException;

    int size() {
        return 0;
    }
}
"""


@pytest.mark.parametrize(
    ("name", "new_text", "kept"),
    [
        (
            "getAnnotation",
            "<T extends Annotation> T getAnnotation(Class<?> annotationClass);",
            True,
        ),
        ("getAnnotation", "T getAnnotation(Class<T> annotationClass);", True),
        ("getAnnotation", "getAnnotation(Class<T> annotationClass) { }", False),  # a constructor
        ("getAnnotation", "T getAnnotation(Class<T> annotationClass) { }", False),  # a body
        ("isPresent", "default boolean isPresent(Class<?> c) {\n    return false;\n}", True),
        ("isPresent", "default boolean isPresent(Class<?> c);", False),  # its body lost
        ("select", "abstract void select();", True),
        ("select", "abstract void select() throws IOException { }", False),
        ("size", "int size() {\n    return 1;\n}", True),
        ("size", "int size();", False),
        ("size", "int size() {\n    return 1;\n", False),  # does not parse
    ],
)
def test_a_repair_keeps_the_file_parsing_and_the_method_its_body(
    name: str, new_text: str, kept: bool
) -> None:
    frontend = JavaFrontend()
    parsed = frontend.parse(TEXT)
    (unit,) = [u for u in frontend.all_units(parsed, VOCAB) if u.name == name]
    assert frontend.still_parses(unit, new_text) is kept
    if name == "getAnnotation" and new_text.startswith("getAnnotation"):  # the file, too
        assert has_syntax_error(TEXT[: unit.start] + new_text + TEXT[unit.end :])
