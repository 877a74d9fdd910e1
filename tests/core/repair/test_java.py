"""The Java front-end's hand-over of comments to prose: commented-out code is code and gets
no prose unit (issue 24: ``Delete "out.println(...)"`` offered on a commented-out line)."""

from __future__ import annotations

from spancopy_core.repair import pipeline
from spancopy_core.repair.java import JavaFrontend
from spancopy_core.repair.pipeline import ParsedText
from tests.toy import VOCAB

TEXT = """class Counts {
    // Teh key that was seen most often.
    String top(java.util.Map<String, Integer> frequency) {
        //    System.out.println(getKeyWithHighestValue(frequency));
        // for (String key : frequency.keySet())
        //     System.out.println(key);
        return null;
    }
}
"""


def _units_at(line_text: str) -> list:
    doc = ParsedText.parse(TEXT, JavaFrontend())
    at = TEXT.index(line_text)
    focus = (at, at + len(line_text))
    return pipeline.units(pipeline.view(doc, focus), VOCAB, focus)


def test_a_prose_comment_is_a_sentence() -> None:
    (unit,) = _units_at("Teh key that was seen most often.")
    assert unit.name == "Teh key that was seen most often."


def test_commented_out_code_gets_no_unit() -> None:
    assert _units_at("System.out.println(getKeyWithHighestValue(frequency));") == []
    assert _units_at("System.out.println(key);") == []  # code only as the lines around it
