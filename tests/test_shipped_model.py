"""The shipped default model: it is package data, it loads, its card is true, and the README's
run command (`spancopy repair examples/RingBuffer.java`) proposes the documented fix."""

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from spancopy_core import DEFAULT_JAVA_MODEL
from spancopy_core.checkpoint import load_model

ROOT = Path(__file__).resolve().parents[1]


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


def test_readme_run_command_proposes_the_documented_fix():
    out = subprocess.run(
        [sys.executable, "-m", "spancopy_core.cli", "repair", "examples/RingBuffer.java", "--json"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert out.returncode == 0, out.stderr
    methods = {m["name"]: m["repairs"] for m in json.loads(out.stdout)["methods"]}
    assert set(methods) == {"RingBuffer", "isFull", "add", "get", "poll"}
    assert all(len(repairs) == 5 for repairs in methods.values())  # the default top-k
    is_full = [r["diff"] for r in methods["isFull"]]
    assert any("+        return size >= items.length;" in d for d in is_full), is_full
