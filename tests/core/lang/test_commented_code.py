"""Which Java comments are commented-out code (spancopy_core.lang.java.commented_code)."""

from __future__ import annotations

import pytest

from spancopy_core.lang.java import commented_code


@pytest.mark.parametrize(
    "comment",
    [
        "//    System.out.println(getKeyWithHighestValue(frequency));",
        "// return x;",
        "// int count = 0;",
        "// private int count = 0;",
        "// x = 5",
        "// foo(bar)",
        "// if (x > 0) return;",
        "/* for (int i = 0; i < n; i++) {\n *   sum += i;\n * } */",
        "//sum += a[i];",
    ],
)
def test_code_is_code(comment: str) -> None:
    assert commented_code(comment)


@pytest.mark.parametrize(
    "comment",
    [
        "// deprecated",
        "// TODO: fix this",
        "// see above",
        "/** Returns the sum of the values. */",
        "/**\n * Computes the mean.\n * @param xs the values\n */",
        "// Note (important)",
        "// Print the result (if any).",
        "// This is a test; it works.",
        "// If x = 0, return.",
        "// Check that a = b.",
        "// call foo() first",
        "// if (x > 0) {",  # half a statement: prose's to judge
    ],
)
def test_prose_is_prose(comment: str) -> None:
    assert not commented_code(comment)
