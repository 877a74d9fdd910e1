"""A model that reads the context segment (spancopy_core.paper.context), served through a real
server
process: the server hands each unit's context segment to the model, so that its quick fixes are
the pipeline's with the context, not without it."""

from __future__ import annotations

from pathlib import Path

import pytest

from spancopy_core.editing.edits import apply_edits
from spancopy_core.repair import pipeline, runner
from spancopy_core.repair.java import JavaFrontend
from spancopy_core.repair.pipeline import ParsedText, RepairOptions
from spancopy_core.storage.checkpoint import load_model, save_model

from .conftest import check_repairs, close, code_actions, launch, open_doc, shown_percent

pytestmark = pytest.mark.asyncio(loop_scope="function")

SOURCE = """class Counter {
    private int count;
    private int limit;
    private String label;

    boolean full(int size, int cap) {
        return size > cap;
    }

    void reset() {
        count = 0;
        label = "x";
    }
}
"""
LINE, CHARACTER = 6, 20  # the ">" in full


def repaired(model, context: bool) -> list[tuple[str, float]]:
    """The files after each repair that the pipeline ranks for the line, as the server asks,
    with their probabilities."""
    doc = ParsedText.parse(SOURCE, JavaFrontend())
    start = doc.lines.offset(LINE, CHARACTER)
    options = RepairOptions()
    found = pipeline.units(doc, model.vocab, (start, start), context=context)
    (result,) = runner.repair_units(model, doc, found, options, focus=(start, start))
    return [(apply_edits(SOURCE, c.edits), c.probability) for c in result.candidates]


def shown(p: float) -> int:
    """A share as :func:`shown_percent` reads it back from a title."""
    return 1 if p < 0.01 else 99 if p > 0.995 else round(100 * p)


@pytest.mark.slow
async def test_the_server_gives_a_model_that_reads_context_the_units_context(
    toy_model: Path, tmp_path: Path
):
    model = load_model(toy_model, device="cpu")
    model.add_context()  # a zero marker: the context still changes what the encoder reads
    save_model(model, model.vocab, tmp_path / "ctx")
    with_context, without = repaired(model, True), repaired(model, False)
    # the context changes what the model computes (the toy model's valid repairs are the same
    # with and without it, their probabilities not; the shares shown may round alike)
    assert [p for _, p in with_context] != [p for _, p in without]
    client = await launch(tmp_path / "ctx")
    try:
        uri = "file:///work/Counter.java"
        open_doc(client, uri, SOURCE)
        actions = await code_actions(client, uri, LINE, CHARACTER)
        method = SOURCE[SOURCE.index("boolean full") : SOURCE.index("\n\n    void reset")]
        files = check_repairs(actions, SOURCE, uri, 1, method)
        expected = [(f, shown(p)) for f, p in with_context]
        assert list(zip(files, map(shown_percent, actions or []), strict=True)) == expected
    finally:
        await close(client)
