"""Training and serving give the model the same input for the same real JDK method.

The trainer writes a pair's buggy side with :func:`trainer.bfp.abstract_pair` (``synth``: the
method's tokens in its file) or :func:`trainer.edits_import.abstract_record` (``import-edits``:
the method's text alone, with the file's imports); the server feeds the model the tokens of the
:class:`~spancopy_core.repair.java.JavaFrontend` unit of that method. On every method without a
parse error of the shipped JDK files, and of a seeded sample of each JDK ``src.zip`` on the
machine, the three are equal.
"""

from __future__ import annotations

import os
import random
import zipfile
from collections import Counter
from pathlib import Path

import pytest

from spancopy_core.repair.java import JavaFrontend
from trainer import bfp, edits_import
from trainer.idioms import load_idioms

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "java"
SAMPLE_FILES = 80  # per src.zip: a few seconds


def _src_zips() -> list[Path]:
    chosen = os.environ.get("SPANCOPY_JDK_SRC_ZIP")
    found = [Path(chosen)] if chosen else sorted(Path("/usr/lib/jvm").glob("*/lib/src.zip"))
    return sorted({p.resolve() for p in found if p.is_file()})


def check_parity(text: str, counts: Counter[str]) -> None:
    """Assert the parity on every method of ``text`` that parses, counting what was seen."""
    known = load_idioms()
    frontend = JavaFrontend()
    doc = frontend.parse(text)
    for m in doc.methods:
        if m.has_error:
            continue
        (unit,) = [
            u
            for u in frontend.units_in(doc, m.start, m.start, known)
            if (u.start, u.end) == (m.start, m.end)
        ]
        served = list(unit.tokens)
        tokens = doc.tokens[m.tokens]
        synth, _ = bfp.abstract_pair(tokens, tokens, known, doc.imports)
        method = text[m.start : m.end]
        record = edits_import.Record(method, method, doc.imports, "jdk", None, None)
        imported = edits_import.abstract_record(record, known)
        assert imported is not None, method
        assert synth == served, method
        assert imported[0] == served, method
        counts["methods"] += 1
        counts["annotated"] += any(t.text == "@" for t in tokens)
        counts["nested"] += m.depth > 0
        counts["compact constructors"] += m.is_compact_constructor


RECORD = """import java.util.List;

record Range(@Deprecated int lo, int hi) {
    Range {
        if (lo > hi) throw new IllegalArgumentException(String.valueOf(lo));
    }

    @SuppressWarnings("unchecked") List<Integer> all(@SuppressWarnings("x") final int step) {
        return new java.util.AbstractList<>() {
            @Override public Integer get(int i) { return lo + i * step; }
            @Override public int size() { return (hi - lo) / step; }
        };
    }
}
"""


def test_parity_on_the_shipped_jdk_files():
    counts: Counter[str] = Counter()
    for path in sorted(FIXTURES.glob("*.java")):
        check_parity(path.read_text(encoding="utf-8"), counts)
    # The cases where the two sides could part: annotations to strip, nested methods.
    assert counts["methods"] > 100
    assert counts["annotated"] > 10 and counts["nested"] > 5


def test_parity_on_a_record():
    """A record's compact constructor (which parses only inside a record), annotations on
    methods and parameters, methods of an anonymous class."""
    counts: Counter[str] = Counter()
    check_parity(RECORD, counts)
    assert counts == {"methods": 4, "annotated": 3, "nested": 2, "compact constructors": 1}


@pytest.mark.parametrize("src_zip", _src_zips(), ids=str)
def test_parity_on_a_jdk_src_zip_sample(src_zip: Path):
    counts: Counter[str] = Counter()
    with zipfile.ZipFile(src_zip) as z:
        names = sorted(n for n in z.namelist() if n.endswith(".java"))
        for name in random.Random(0).sample(names, min(SAMPLE_FILES, len(names))):
            try:
                text = z.read(name).decode("utf-8")
            except UnicodeDecodeError:
                continue
            check_parity(text, counts)
    assert counts["methods"] > 100 and counts["annotated"] > 0
