"""The shipped default model: it is package data, it loads, its card is true, its vocabulary
is a BFP Java model's, and the README's run command (`spancopy repair
examples/RingBuffer.java`) proposes repairs that apply, parse and change only their method.

Nothing here depends on which repairs today's weights rank first: a retrained model that
loads and proposes sound repairs passes."""

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest
from lsprotocol import types

from spancopy_core import DEFAULT_JAVA_MODEL
from spancopy_core.lang.java import parse
from spancopy_core.paper.vocab import SPECIALS
from spancopy_core.storage.checkpoint import load_model

from .lsp import editor

ROOT = Path(__file__).resolve().parents[1]
EXAMPLE = "examples/RingBuffer.java"
# What a Java method abstracted like BFP is made of, whatever the training data.
JAVA_TOKENS = "( ) { } ; , . = == != < > <= >= + - ! && || if else return new null this int"
BFP_PLACEHOLDERS = ["VAR_1", "METHOD_1", "TYPE_1", "INT_1", "STRING_1"]


@pytest.fixture(scope="module")
def model():
    return load_model(DEFAULT_JAVA_MODEL, device="cpu")


def test_shipped_model_is_a_span_copy_model_of_a_few_megabytes(model):
    files = sorted(p.name for p in DEFAULT_JAVA_MODEL.iterdir())
    assert {"config.json", "vocab.json", "model.safetensors", "MODEL_CARD.md"} <= set(files)
    assert not [f for f in files if f.endswith((".pt", ".pth", ".bin", ".pkl"))]
    size = sum(p.stat().st_size for p in DEFAULT_JAVA_MODEL.iterdir())
    assert size < 20 * 2**20
    assert model.config.copy_mode == "span"


def test_model_card_states_the_true_parameter_count(model):
    card = (DEFAULT_JAVA_MODEL / "MODEL_CARD.md").read_text(encoding="utf-8")
    stated = re.search(r"Parameters: ([\d,]+)", card)
    assert stated, "MODEL_CARD.md names no parameter count"
    assert int(stated.group(1).replace(",", "")) == sum(p.numel() for p in model.parameters())


def test_vocabulary_is_a_bfp_java_vocabulary(model):
    tokens = json.loads((DEFAULT_JAVA_MODEL / "vocab.json").read_text(encoding="utf-8"))["tokens"]
    assert tokens[: len(SPECIALS)] == list(SPECIALS) and len(set(tokens)) == len(tokens)
    assert model.vocab.itos == tokens
    assert model.embedding.num_embeddings == len(tokens)
    missing = [t for t in [*JAVA_TOKENS.split(), *BFP_PLACEHOLDERS] if t not in model.vocab]
    assert not missing


def spancopy_command() -> list[str]:
    """The README's ``spancopy`` command run by this interpreter: pyproject's entry point."""
    pyproject = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    entry = re.search(r'^spancopy = "([\w.]+):(\w+)"$', pyproject, re.MULTILINE)
    assert entry, "pyproject.toml declares no spancopy script"
    module, function = entry.groups()
    return [sys.executable, "-c", f"from {module} import {function}; {function}()"]


@pytest.fixture(scope="module")
def report() -> dict:
    out = subprocess.run(
        [*spancopy_command(), "repair", EXAMPLE, "--json"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=600,  # a few seconds; the limit only keeps a hang from blocking the suite
    )
    assert out.returncode == 0, out.stderr
    return json.loads(out.stdout)


def test_readme_run_command_checks_every_method(report):
    assert {m["name"] for m in report["methods"]} == {"RingBuffer", "isFull", "add", "get", "poll"}
    assert all(len(m["repairs"]) <= 5 for m in report["methods"])  # the default top-k
    by_name = {m["name"]: m for m in report["methods"]}
    assert by_name["isFull"]["repairs"] and by_name["get"]["repairs"], "the buggy methods"


def test_readme_run_command_repairs_apply_parse_and_stay_in_their_method(report):
    text = (ROOT / EXAMPLE).read_text(encoding="utf-8")
    methods = {m.name: m for m in parse(text).methods}
    clean = sum(not m.has_error for m in methods.values())
    for method in report["methods"]:
        span = methods[method["name"]]
        repairs = method["repairs"]
        probabilities = [r["probability"] for r in repairs]
        assert [r["rank"] for r in repairs] == list(range(1, len(repairs) + 1))
        assert all(0 < p <= 1 for p in probabilities)
        scores = [r["log_prob"] - r["penalty"] for r in repairs]  # the combined ranking
        assert scores == sorted(scores, reverse=True)
        assert all(r["penalty"] >= 0 for r in repairs)
        assert sum(probabilities) + method["unchanged_probability"] <= 1 + 1e-6
        fixed_texts = []
        for r in repairs:
            edits = [
                types.TextEdit(
                    range=types.Range(
                        start=types.Position(**e["start"]), end=types.Position(**e["end"])
                    ),
                    new_text=e["newText"],
                )
                for e in r["edits"]
            ]
            fixed = editor.apply(text, edits, "utf-16")
            assert fixed != text
            assert fixed.startswith(text[: span.start]) and fixed.endswith(text[span.end :])
            assert sum(not m.has_error for m in parse(fixed).methods) == clean
            new_lines, old_lines = set(fixed.splitlines()), set(text.splitlines())
            for line in r["diff"].splitlines()[2:]:  # after the ---/+++ header
                assert not line.startswith("+") or line[1:] in new_lines, line
                assert not line.startswith("-") or line[1:] in old_lines, line
            fixed_texts.append(fixed)
        assert len(set(fixed_texts)) == len(fixed_texts)  # no repair twice
