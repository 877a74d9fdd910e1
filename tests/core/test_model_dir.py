"""The torch-free reading of model directories (spancopy_core.storage.model_dir): what
``:checkhealth spancopy`` and a server's cold start rely on."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from spancopy_core.storage.checkpoint import save_model
from spancopy_core.storage.model_dir import CheckpointError, check_directory, read_weights_header

from .tiny import tiny_model


@pytest.fixture
def saved(tmp_path: Path) -> Path:
    model = tiny_model()
    save_model(model, model.vocab, tmp_path)
    return tmp_path


def test_a_good_directory_is_checked_from_its_header(saved: Path):
    model = tiny_model()
    assert check_directory(saved) == (len(model.vocab), sum(p.numel() for p in model.parameters()))
    header = read_weights_header(saved / "model.safetensors", 2**30)
    assert header == {k: (tuple(v.shape), "F32") for k, v in model.state_dict().items()}


def refused(directory: Path, name: str, reason: str) -> None:
    with pytest.raises(CheckpointError) as err:
        check_directory(directory)
    assert err.value.path.name == name and reason in err.value.reason, err.value
    assert "\n" not in str(err.value)


def test_bad_weights_files_are_refused(saved: Path):
    weights = saved / "model.safetensors"
    data = weights.read_bytes()
    weights.write_bytes(data + b"\0" * 64)
    refused(saved, "model.safetensors", "unreadable or truncated")
    weights.write_bytes(data[:-4])
    refused(saved, "model.safetensors", "unreadable or truncated")
    weights.write_bytes(b"\xff" * 8 + data[8:])  # a header length of 2**64 - 1
    refused(saved, "model.safetensors", "unreadable or truncated")
    weights.write_bytes(b"\x02\0\0\0\0\0\0\0[]")  # a header that is not an object
    refused(saved, "model.safetensors", "unreadable or truncated")
    weights.unlink()
    refused(saved, "model.safetensors", "missing file")


def test_bad_config_or_vocab_and_no_directory(saved: Path, tmp_path: Path):
    refused(tmp_path / "nowhere", "nowhere", "not a model directory")
    (saved / "vocab.json").write_text("[1, 2")
    refused(saved, "vocab.json", "unreadable")
    (saved / "config.json").write_text("{}")
    refused(saved, "config.json", "not a spancopy model config")


def run(code: str) -> str:
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=False)
    assert out.returncode == 0, out.stderr
    return out.stdout.strip()


def test_checking_a_directory_never_imports_torch(saved: Path):
    code = (
        "import sys; from spancopy_core.storage.model_dir import check_directory; "
        f"check_directory({str(saved)!r}); print('torch' in sys.modules)"
    )
    assert run(code) == "False"


def test_loading_a_model_does_not_import_torch_dynamo(saved: Path):
    """torch's meta-device ``normal_`` imports torch._dynamo: 1.6 s of a cold start."""
    code = (
        "import sys; from spancopy_core.storage.checkpoint import load_model; "
        f"load_model({str(saved)!r}, device='cpu'); print('torch._dynamo' in sys.modules)"
    )
    assert run(code) == "False"
