"""The words a user never wants changed (``ProseSettings.words``) in the prose front-end: not
respelt, not changed by Harper's precise rules nor offered among its suggestions, and no repair
that changes one is acceptable, the syntax check on or off; Harper's suggestions are titled
with their rule."""

from __future__ import annotations

from spancopy_core.repair import harper, pipeline
from spancopy_core.repair.candidates import acceptable
from spancopy_core.repair.harper import HarperSettings, RuleEdit
from spancopy_core.repair.pipeline import ParsedText
from spancopy_core.repair.prose import PLAINTEXT, ProseSettings

OURS = PLAINTEXT.configured(ProseSettings(HarperSettings(), frozenset({"spancopy", "go"})))


def unit(frontend, source):
    (found,) = pipeline.units(ParsedText.parse(source, frontend), ())
    return found


def test_configured_is_a_copy_and_the_same_settings_give_the_same_front_end():
    assert OURS is not PLAINTEXT and PLAINTEXT.words == frozenset()
    assert PLAINTEXT.configured(PLAINTEXT.settings) is PLAINTEXT
    assert OURS.settings == ProseSettings(HarperSettings(), frozenset({"spancopy", "go"}))


def test_the_words_are_not_corrected_before_the_model():
    # a careless writer's (prose.careless), whose words the channel splits in two
    learner = "We recieve it.\nThey beleive it.\nIt is a litle late.\n"
    source = learner + "He go to school with spancopy.\n"

    def unit(frontend, source):
        return pipeline.units(ParsedText.parse(source, frontend), ())[-1]

    assert unit(PLAINTEXT, source).tokens == (
        "He",
        "goes",
        "to",
        "school",
        "with",
        "span",
        "copy",
        ".",
    )
    assert unit(OURS, source).tokens == ("He", "go", "to", "school", "with", "spancopy", ".")


def test_harpers_suggestions_leave_the_words_and_name_their_rule():
    source = "We bought apples, pears and plums of spancopy.\n"
    words = {",", "span", "copy"}
    # Harper suggests both; without the user's words the corrector respells "spancopy" itself,
    # and a corrected sentence gets no templates (prose: a template would undo the correction)
    found = harper.suggestions(source.strip(), 0, HarperSettings())
    assert [(s.edit.new_text, s.rule) for s in found] == [
        (",", "OxfordComma"),
        ("span copy", "SplitWords"),
    ]
    ((edit, _),) = OURS.templates(unit(OURS, source), 0, len(source), words)
    assert edit == RuleEdit(23, 23, ",", "OxfordComma")
    assert OURS.title(source, [edit]) == 'Insert "," after "pears" [Harper: OxfordComma]'


def test_a_repair_that_changes_a_word_is_not_acceptable():
    source = "We use spancopy to fix teh file.\n"
    ours = unit(OURS, source)
    for syntax_check in (True, False):
        assert acceptable(OURS, ours, "We use spancopy to fix the file.", syntax_check)
        assert not acceptable(OURS, ours, "We use span copy to fix the file.", syntax_check)
        assert not acceptable(OURS, ours, "We use SpanCopy to fix the file.", syntax_check)
    plain = unit(PLAINTEXT, source)
    assert acceptable(PLAINTEXT, plain, "We use span copy to fix the file.", False)
