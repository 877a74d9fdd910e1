"""The shipped edit model (``spancopy_core/pretrained/java-edit``, issue 15): it is package data,
it loads as a span-copy model with an edit encoder, its card states its true size, and
``spancopy similar-edit`` runs on it without ``--model``, proposing edits that apply, parse and
change only methods other than the edited one.

Nothing here depends on which proposals today's weights make: a retrained edit model that
loads and proposes sound edits passes."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from spancopy_core import DEFAULT_EDIT_MODEL
from spancopy_core.lang.java import has_syntax_error
from spancopy_core.storage.checkpoint import load_model

from .test_cli import apply_lsp_edits, spancopy

OLD = """class Store {
    void open() {
        System.out.println("opening");
        file.open(name);
    }

    void close() {
        System.out.println("closing");
        file.close();
    }

    int size() {
        return data.length;
    }
}
"""
NEW = OLD.replace('System.out.println("opening")', 'LOG.debug("opening")')


@pytest.fixture(scope="module")
def model():
    return load_model(DEFAULT_EDIT_MODEL, device="cpu")


def test_shipped_edit_model_is_a_span_copy_model_with_an_edit_encoder(model):
    files = {p.name for p in DEFAULT_EDIT_MODEL.iterdir()}
    assert {"config.json", "vocab.json", "model.safetensors", "MODEL_CARD.md"} <= files
    assert not [f for f in files if f.endswith((".pt", ".pth", ".bin", ".pkl"))]
    assert sum(p.stat().st_size for p in DEFAULT_EDIT_MODEL.iterdir()) < 20 * 2**20
    assert model.config.copy_mode == "span" and model.config.edit_dim > 0


def test_edit_model_card_states_the_true_parameter_count(model):
    card = (DEFAULT_EDIT_MODEL / "MODEL_CARD.md").read_text(encoding="utf-8")
    stated = re.search(r"Parameters: ([\d,]+)", card)
    assert stated, "MODEL_CARD.md names no parameter count"
    assert int(stated.group(1).replace(",", "")) == sum(p.numel() for p in model.parameters())


def test_similar_edit_runs_on_the_shipped_model_and_its_proposals_are_sound(tmp_path: Path):
    new, old = tmp_path / "Store.java", tmp_path / "Store.old.java"
    new.write_text(NEW, encoding="utf-8")
    old.write_text(OLD, encoding="utf-8")
    out = spancopy("similar-edit", new, "--before", old, "--json")
    assert out.returncode == 0, out.stderr
    report = json.loads(out.stdout)
    assert report["edits"] == [{"name": "open", "line": 2}]  # 1-based
    for method in report["methods"]:
        assert method["name"] != "open"
        for repair in method["repairs"]:
            result = apply_lsp_edits(NEW, repair["edits"])
            # the class header and the edited method (lines 0-5) as they were
            assert result.splitlines()[:6] == NEW.splitlines()[:6]
            assert result != NEW and not has_syntax_error(result)
