"""The repair pipeline's stages and their runner on the toy model: units at a focus, the length
limit, batched decoding, candidates, the shares shown and the confidence rule."""

from __future__ import annotations

import asyncio
import math
from dataclasses import replace
from pathlib import Path

import pytest

from lsp_server.lru import LruCache
from spancopy_core.editing.edits import TextEdit
from spancopy_core.paper import focus
from spancopy_core.paper.actions import Hypothesis
from spancopy_core.paper.scoring import log_probs
from spancopy_core.repair import pipeline, runner
from spancopy_core.repair.candidates import Candidate
from spancopy_core.repair.java import JavaFrontend
from spancopy_core.repair.pipeline import ParsedText, RepairOptions, UnitRepairs
from spancopy_core.storage.checkpoint import load_model
from tests.java_sources import LONG_CLAMP, NAMES, TOY_CLASS

TOY = TOY_CLASS
OPTIONS = RepairOptions(beam_size=4, top_k=3)


@pytest.fixture(scope="module")
def model(toy_model: Path):
    return load_model(toy_model, device="cpu")


@pytest.fixture(scope="module")
def doc() -> ParsedText:
    return ParsedText.parse(TOY, JavaFrontend())


def test_the_focus_selects_the_units(doc: ParsedText, model):
    at = TOY.index(">")
    assert [u.name for u in pipeline.units(doc, model.vocab, (at, at))] == ["clamp"]
    both = (at, TOY.index("<"))
    assert [u.name for u in pipeline.units(doc, model.vocab, both)] == ["clamp", "fits"]
    assert [u.name for u in pipeline.units(doc, model.vocab)] == ["clamp", "fits"]
    assert pipeline.units(doc, model.vocab, (0, 5)) == []  # "class": no method there
    line = pipeline.line_focus(doc, 2)  # "        if (value > limit) {"
    assert TOY[line[0] : line[1]] == "        if (value > limit) {"


def test_units_over_the_length_limit_are_skipped(doc: ParsedText, model):
    clamp, fits = pipeline.units(doc, model.vocab)
    limit = replace(OPTIONS, max_unit_tokens=len(fits.tokens))
    assert len(fits.tokens) < len(clamp.tokens)
    assert pipeline.within_limit([clamp, fits], limit) == ([fits], [clamp])


LONG = NAMES


def test_a_long_unit_gets_the_fixes_of_its_likely_bugs_only(model):
    """Over the length limit (here 10 tokens; a contest program's long main), a unit is
    skipped, unless it has a likely bug whose fix the check knows: then it is not searched,
    and its repairs are that fix alone (scored), at a line of the bug as without a focus (as
    diagnostics ask); at another line, none. Without the front-end only the length counts."""
    doc = ParsedText.parse(LONG, JavaFrontend())
    (unit,) = pipeline.units(doc, model.vocab)
    short = replace(OPTIONS, max_unit_tokens=10, narrow_tokens=0)  # not searched at a focus
    assert 10 < len(unit.tokens) <= pipeline.SCORED_TOKENS
    assert pipeline.within_limit([unit], short) == ([], [unit])
    assert pipeline.within_limit([unit], short, doc.frontend) == ([unit], [])
    assert not pipeline.searched(unit, short)
    for at in (pipeline.line_focus(doc, 4), None):
        (found,), skipped = runner.repair(model, doc, at, short)
        assert skipped == [] and found.hypotheses == []
        assert [c.new_text.count("name.equals(wanted)") for c in found.candidates] == [1]
        assert found.suspected and found.suspected[0].repair == 0
        assert runner.confident(found, 1e6)  # marked whatever the model's ratio
    (other,), _ = runner.repair(model, doc, pipeline.line_focus(doc, 5), short)
    assert other.candidates == []  # no likely bug at "n++;": nothing to offer
    fixed = ParsedText.parse(LONG.replace("name == wanted", "name.equals(wanted)"), JavaFrontend())
    for at in (pipeline.line_focus(fixed, 4), None):
        assert runner.repair(model, fixed, at, short) == (
            [],
            list(pipeline.units(fixed, model.vocab)),
        )


def test_a_unit_too_long_to_search_is_searched_around_the_focus(model):
    """Over the length limit, a unit asked at a line is searched as its statements around
    that line (RepairOptions.narrow_tokens): the fix there is found by the beam search, and
    the statements left out stay as they are in every repair."""
    doc = ParsedText.parse(LONG_CLAMP, JavaFrontend())
    line = pipeline.line_focus(doc, 6)
    assert LONG_CLAMP[slice(*line)] == "        if (value > limit) {"
    limited = replace(OPTIONS, max_unit_tokens=40, narrow_tokens=30)
    (whole,) = pipeline.units(doc, model.vocab, line)
    (unit,) = pipeline.units(doc, model.vocab, line, options=limited)
    assert len(unit.tokens) <= 30 < 40 < len(whole.tokens)
    assert (unit.start, unit.end) == (whole.start, whole.end) and unit.gaps
    (found,), skipped = runner.repair(model, doc, line, limited)
    assert skipped == [] and found.hypotheses  # searched
    fixed = [doc.text[: c.start] + c.new_text + doc.text[c.end :] for c in found.candidates]
    assert fixed[0] == LONG_CLAMP.replace("value > limit", "value >= limit")
    for text in fixed:
        assert "int a = value * 2;" in text and "int f = e - b;" in text
    # without narrowing: skipped, no likely bug there
    off = replace(limited, narrow_tokens=0)
    assert pipeline.units(doc, model.vocab, line, options=off) == [whole]
    assert runner.repair(model, doc, line, off) == ([], [whole])
    # without a focus (diagnostics), whole and skipped as before
    assert pipeline.units(doc, model.vocab, None, options=limited) == [whole]


def test_repair_runs_every_stage(doc: ParsedText, model):
    at = TOY.index(">")
    found, skipped = runner.repair(model, doc, (at, at), OPTIONS)
    assert skipped == []
    (clamp,) = found
    assert clamp.unit.name == "clamp" and 1 <= len(clamp.candidates) <= OPTIONS.top_k
    assert len(clamp.hypotheses) <= OPTIONS.beam_size
    best = clamp.candidates[0]
    fixed = TOY[: best.start] + best.new_text + TOY[best.end :]
    assert fixed == TOY.replace("value > limit", "value >= limit")
    short = replace(OPTIONS, max_unit_tokens=1)
    assert runner.repair(model, doc, (at, at), short) == ([], [clamp.unit])


def test_decoding_in_batches_equals_one_by_one(doc: ParsedText, model):
    units = pipeline.units(doc, model.vocab)
    inputs = [u.tokens for u in units] * 5  # 10 inputs: two batches
    assert len(inputs) > pipeline.BATCH
    together = pipeline.decode(model, inputs, OPTIONS)
    alone = [pipeline.decode(model, [x], OPTIONS)[0] for x in inputs[:2]]
    assert len(together) == len(inputs)
    for got, want in zip(together, alone * 5, strict=True):
        assert [h.tokens for h in got] == [h.tokens for h in want]
        assert [h.log_prob for h in got] == pytest.approx([h.log_prob for h in want], abs=1e-4)


def test_diagnostics_select_units_by_the_ratio_to_the_unchanged_unit(doc: ParsedText, model):
    clamp, fits = pipeline.units(doc, model.vocab)

    def found(unit, fix: float, unchanged: float) -> UnitRepairs:
        hyps = [  # their probabilities add up to one
            Hypothesis(["fix"], math.log(fix), []),
            Hypothesis(list(unit.tokens), math.log(unchanged), []),
            Hypothesis(["other"], math.log(1 - fix - unchanged), []),
        ]
        best = Candidate((), "fix", fix, math.log(fix), 0, 0, "")
        return UnitRepairs(unit, hyps, [best])

    sure, unsure = found(clamp, 0.6, 0.2), found(fits, 0.3, 0.6)
    no_repair = UnitRepairs(fits, sure.hypotheses, [])
    assert (sure.confidence(), unsure.confidence()) == (pytest.approx(3.0), pytest.approx(0.5))
    assert [r for r in (sure, unsure, no_repair) if runner.confident(r, 2.0)] == [sure]
    assert [r for r in (sure, unsure, no_repair) if runner.confident(r, 0.4)] == [sure, unsure]


def test_only_a_repair_at_the_cursor_that_changes_more_than_modifiers_speaks(
    doc: ParsedText, model
):
    """An automatic request is answered for a repair that edits its lines (Commons
    Compress's ``@Override`` line was answered for a change six lines down), and no request
    unasked for a change of modifiers alone (``private static`` -> ``public static``)."""
    clamp, _ = pipeline.units(doc, model.vocab)

    def found(where: str, old: str, new: str) -> UnitRepairs:
        at = TOY.index(where)  # old, at the start of where, becomes new
        edit = TextEdit(at, at + len(old), new)
        fixed = TOY[clamp.start : at] + new + TOY[at + len(old) : clamp.end]
        best = Candidate((edit,), "fix", 0.9, math.log(0.9), clamp.start, clamp.end, fixed)
        hyps = [Hypothesis(["fix"], math.log(0.9), []), Hypothesis(list(clamp.tokens), -5, [])]
        return UnitRepairs(clamp, hyps, [best])

    line = TOY.split("\n").index("        if (value > limit) {")
    at_if = pipeline.line_focus(doc, line)
    at_return = pipeline.line_focus(doc, line + 3)
    comparison = found("> limit", ">", ">=")
    assert runner.confident(comparison, 2.0, doc, at_if)
    assert not runner.confident(comparison, 2.0, doc, at_return)  # three lines down
    assert runner.confident(comparison, 2.0, doc)  # diagnostics: no focus
    for new in ("public ", "@Override static "):
        modifiers = found("int clamp", "", new)
        assert runner.confident(modifiers, 2.0)  # (without the text: not judged)
        assert not runner.confident(modifiers, 2.0, doc)
        assert not runner.confident(modifiers, 2.0, doc, pipeline.line_focus(doc, line - 1))
    typed = found("int clamp", "int", "long")  # a return type: a fix (of an overflow)
    assert runner.confident(typed, 2.0, doc, pipeline.line_focus(doc, line - 1))


def test_focus_ids_mark_the_tokens_on_the_focus_lines(doc: ParsedText, model):
    (clamp,) = pipeline.units(doc, model.vocab, pipeline.line_focus(doc, 2))
    at = TOY.index(">")
    ids = pipeline.focus_ids(doc, clamp, (at, at))  # a cursor: its whole line
    inside = [
        clamp.source_tokens[s].text
        for (s, _), f in zip(clamp.mapping.spans, ids, strict=True)
        if f == focus.INSIDE
    ]
    assert inside == "if ( value > limit ) {".split()
    assert set(ids) == {focus.INSIDE, focus.OUTSIDE}
    assert pipeline.focus_ids(doc, clamp, None) is None


def test_templates_at_the_focus_join_the_beam_and_everything_is_ranked_by_the_model(
    doc: ParsedText, model
):
    """The toy model learned ``>`` -> ``>=``; the templates add every other comparison on
    the focus line, and the ranking orders all of them by their exact probability."""
    line = pipeline.line_focus(doc, 2)
    (clamp,) = pipeline.units(doc, model.vocab, line)
    options = replace(OPTIONS, top_k=50)
    (found,) = runner.repair(model, doc, line, options)[0]
    new_lines = [c.new_text.split("\n")[1].strip() for c in found.candidates]
    for op in ("<", "<=", ">=", "==", "!="):  # the five other comparisons, each once
        assert new_lines.count(f"if (value {op} limit) {{") == 1
    assert new_lines[0] == "if (value >= limit) {"
    scored = [c for c in found.candidates if c.log_prob > -math.inf]
    assert len(scored) == len(found.candidates)  # operators are in the vocabulary
    # Exact probabilities: each candidate scored alone, with the unit's own input and focus
    # ids, as the pipeline must have scored it in its batch; the order follows them less the
    # penalties (here only the size of a change: none of these is a signature
    # change, a deletion or off the focus).
    ids = pipeline.focus_ids(doc, clamp, line)
    again = log_probs(model, [(clamp.tokens, ids, c.tokens) for c in scored])
    assert again == pytest.approx([c.log_prob for c in scored], abs=1e-4)
    order = [c.log_prob - c.penalty for c in scored]
    assert order == sorted(order, reverse=True)
    swaps = [f"if (value {op} limit) {{" for op in ("<", "<=", ">=", "==", "!=")]
    penalties = doc.frontend.penalties
    for c in scored:  # one token changed: no penalty but a comparison's turned the rare way
        line = c.new_text.split("\n")[1].strip()
        if line in swaps:
            assert c.penalty == (0.0 if ">=" in line else penalties.rare_comparison), line
    shares = [c.probability for c in found.candidates]
    assert sum(shares) + found.unchanged_probability() <= 1 + 1e-9
    # Without a focus there are no templates: only what the beam found.
    (whole,) = [r for r in runner.repair(model, doc, None, options)[0] if r.unit.name == "clamp"]
    assert len(whole.candidates) < len(found.candidates)


def test_without_a_focus_java_ranks_no_templates(doc: ParsedText, model):
    """Java's templates are for the lines the user points at: with no hypotheses, the pool
    of a method is empty without a focus and holds the templates with one."""
    (clamp,) = pipeline.units(doc, model.vocab, pipeline.line_focus(doc, 2))
    assert pipeline.unit_candidates(doc, clamp, [], OPTIONS, None, model.vocab) == []
    line = pipeline.line_focus(doc, 2)
    at_focus = pipeline.unit_candidates(doc, clamp, [], OPTIONS, line, model.vocab)
    assert "if (value >= limit) {" in [c.new_text.split("\n")[1].strip() for c in at_focus]


def test_the_beam_ranking_keeps_the_beam_order(doc: ParsedText, model):
    line = pipeline.line_focus(doc, 2)
    options = replace(OPTIONS, ranking="beam")
    (found,) = runner.repair(model, doc, line, options)[0]
    assert found.unchanged_log_prob is None
    probs = [c.probability for c in found.candidates]
    assert probs == sorted(probs, reverse=True)
    with pytest.raises(ValueError):
        RepairOptions(ranking="alphabetical")


def test_corrected_tokens_take_the_focus_ids_of_the_tokens_written():
    old = ["For", "example", "we", "recieve", "it", "."]
    new = ["For", "example", ",", "we", "receive", "it", "."]
    assert pipeline.corrected_ids(old, new, [1, 2, 3, 4, 5, 6]) == (1, 2, 2, 3, 4, 5, 6)
    assert pipeline.corrected_ids(old, old, [1, 2, 3, 4, 5, 6]) == (1, 2, 3, 4, 5, 6)
    assert pipeline.corrected_ids(["a"], [",", "a"], [7]) == (7, 7)  # an addition at the start
    assert pipeline.corrected_ids(["a", "b"], ["c"], [7, 8]) == (7,)  # two replaced by one


def test_shares_follow_the_final_ranking_and_add_up_with_the_unit_as_written(
    doc: ParsedText, model
):
    """Each share is the candidate's final score (log-probability minus penalty) over those of
    the candidates shown and the unit as written, so shares never increase down the list."""
    line = pipeline.line_focus(doc, 2)
    (found,) = runner.repair(model, doc, line, replace(OPTIONS, top_k=50))[0]
    assert found.unchanged_log_prob is not None and len(found.candidates) > 5
    weights = [math.exp(c.log_prob - c.penalty) for c in found.candidates]
    total = math.exp(found.unchanged_log_prob) + sum(weights)
    shares = [c.probability for c in found.candidates]
    assert shares == pytest.approx([w / total for w in weights], rel=1e-9)
    assert shares == sorted(shares, reverse=True)
    assert found.unchanged_probability() == pytest.approx(
        math.exp(found.unchanged_log_prob) / total
    )
    assert sum(shares) + found.unchanged_probability() == pytest.approx(1.0)


def test_the_ratio_floor_and_the_confidence_rule_agree(doc: ParsedText, model):
    """``--min-ratio R`` (the floor) leaves a unit a repair exactly where the confidence rule
    of automatic code actions and diagnostics holds at R."""
    line = pipeline.line_focus(doc, 2)
    (found,) = runner.repair(model, doc, line, OPTIONS)[0]
    ratio = math.exp(max(c.log_prob for c in found.candidates) - found.unchanged_log_prob)
    assert found.confidence() == pytest.approx(ratio)
    for r in (ratio / 2, ratio * 0.999, ratio * 1.001, ratio * 2):
        (floored,) = runner.repair(model, doc, line, replace(OPTIONS, min_ratio=r))[0]
        assert bool(floored.candidates) == runner.confident(found, r) == (r <= ratio)
        assert all(c.log_prob >= found.unchanged_log_prob + math.log(r) for c in floored.candidates)


class Threaded:
    """A runtime that suspends at every step, as the server's does (its model and CPU work
    awaited on other threads), counting its CPU jobs."""

    def __init__(self, model) -> None:
        self.inline = runner.Inline(model)
        self.cpu_jobs = 0

    async def decode(self, inputs, focus, options):
        await asyncio.sleep(0)
        return await self.inline.decode(inputs, focus, options)

    async def score(self, items, edits=None):
        await asyncio.sleep(0)
        return await self.inline.score(items, edits)

    async def cpu(self, work):
        self.cpu_jobs += 1
        return await asyncio.get_running_loop().run_in_executor(None, work)

    async def detect(self, inputs, focus, unchanged=None):
        await asyncio.sleep(0)
        return await self.inline.detect(inputs, focus, unchanged)


def test_one_runner_on_threads_with_a_cache_and_inline(doc: ParsedText, model):
    """The runner on a suspending runtime with a cache gives what it gives inline, and a
    second run of the same document version takes the ranked repairs from the cache."""
    line = pipeline.line_focus(doc, 2)
    units = pipeline.units(doc, model.vocab, line)
    at = {"focus": line, "known": model.vocab}
    inline = runner.drive(runner.run(runner.Inline(model), doc, units, OPTIONS, **at))
    threaded, cache = Threaded(model), LruCache(8)

    async def twice():
        kw = {**at, "cache": cache, "document": "Toy.java@1"}
        first = await runner.run(threaded, doc, units, OPTIONS, **kw)
        return first, await runner.run(threaded, doc, units, OPTIONS, **kw)

    first, second = asyncio.run(twice())
    assert threaded.cpu_jobs == 1  # the second run found every unit in the cache
    for got in (first, second):
        assert [r.candidates for r in got] == [r.candidates for r in inline]
    with pytest.raises(RuntimeError, match="suspended"):
        runner.drive(runner.run(threaded, doc, units, OPTIONS, focus=line))


def test_the_pool_is_the_rankings_unless_set() -> None:
    assert RepairOptions().pooled() == pipeline.POOL
    assert RepairOptions(top_k=30).pooled() == 30
    assert RepairOptions(top_k=30, pool=pipeline.POOL).pooled() == pipeline.POOL
    with pytest.raises(ValueError, match="pool must be at least 1"):
        RepairOptions(pool=0)
