"""Repair candidates as LSP objects (ranges in each encoding, code actions, diagnostics)."""

from __future__ import annotations

import pytest
from lsprotocol import types

from lsp_server import convert
from spancopy_core.editing.edits import apply_edits
from spancopy_core.editing.positions import LineIndex
from spancopy_core.repair.candidates import candidates, title
from spancopy_core.repair.frontend import Unit
from tests.core.repair.test_candidates import FRONTEND, TEXT, clamp_unit, hyps

from . import editor


@pytest.fixture(scope="module")
def unit() -> Unit:
    return clamp_unit()


@pytest.mark.parametrize(("encoding", "character"), [("utf-16", 36), ("utf-8", 39), ("utf-32", 35)])
def test_code_action_ranges_in_each_encoding(unit, encoding, character):
    style = FRONTEND.style(FRONTEND.parse(TEXT))
    best = candidates(TEXT, unit, hyps(unit), style, FRONTEND, top_k=1)[0]
    lines = LineIndex(TEXT)
    action = convert.code_action(
        "file:///Toy.java", 7, lines, best, encoding, preferred=True, data={"id": 1}
    )
    assert (
        action.title == title(best) == 'Change to "String s = "😀é"; if (value >= limit) {" (47%)'
    )
    assert action.kind == types.CodeActionKind.QuickFix and action.is_preferred
    (edit,) = action.edit.document_changes[0].edits
    # `        String s = "😀é"; if (value >`: the emoji is 2 UTF-16 units, 4 UTF-8 bytes.
    assert edit.range.start == types.Position(line=2, character=character)
    assert editor.apply_action(TEXT, action, "file:///Toy.java", 7, encoding) == apply_edits(
        TEXT, best.edits
    )
    assert convert.offset(lines, edit.range.start, encoding) == TEXT.index(">")
    bare = convert.without_edit(action)
    assert bare.edit is None and (bare.title, bare.data) == (action.title, {"id": 1})


def test_diagnostic_points_at_the_change(unit):
    style = FRONTEND.style(FRONTEND.parse(TEXT))
    best = candidates(TEXT, unit, hyps(unit), style, FRONTEND, top_k=1)[0]
    d = convert.diagnostic(LineIndex(TEXT), best, unit, FRONTEND, 2.5, "utf-16")
    assert d.severity == types.DiagnosticSeverity.Information and d.source == "spancopy"
    assert d.range.start == types.Position(line=2, character=36)
    assert "if (value >= limit) {" in d.message and "2.5x" in d.message


def test_editor_positions_agree_with_line_index():
    text = "a😀\r\nb\rcé\n\n"
    lines = LineIndex(text)
    for enc in ("utf-8", "utf-16", "utf-32"):
        for k in range(len(text) + 1):
            if text[k - 1 : k + 1] == "\r\n":
                continue
            pos = convert.position(lines, k, enc)
            assert pos == editor.to_position(text, k, enc)
            assert editor.to_offset(text, pos, enc) == k


@pytest.mark.parametrize(
    ("only", "offered"),
    [
        (None, True),
        (["quickfix"], True),
        ([""], True),
        (["source", "quickfix"], True),
        (["quick"], False),
        (["quickfix.spancopy"], False),
        (["refactor"], False),
        ([], False),
    ],
)
def test_code_action_kinds_are_dot_separated_hierarchies(only, offered):
    assert convert.kind_requested("quickfix", only) is offered
    assert convert.kind_requested("quickfix.spancopy", ["quickfix"])
