"""Model directories are untrusted: devices, FIFOs, directories, oversized files and absurd sizes
are refused with a one-line :class:`CheckpointError` naming the file, before any model is
allocated."""

from __future__ import annotations

import json
import math
import os
import threading
from pathlib import Path

import pytest
import torch
from safetensors.torch import save_file

from spancopy_core.paper.config import LIMITS, ModelConfig
from spancopy_core.paper.model import SpanCopyModel
from spancopy_core.paper.vocab import MAX_FILE_BYTES, MAX_SIZE, SPECIALS, Vocabulary
from spancopy_core.storage import checkpoint
from spancopy_core.storage.checkpoint import (
    MAX_CONFIG_BYTES,
    MAX_HEADER_BYTES,
    MAX_PARAMETERS,
    CheckpointError,
    load_model,
    read_weights_header,
    save_model,
)

from .tiny import tiny_model

needs_devices = pytest.mark.skipif(not Path("/dev/zero").exists(), reason="no /dev/zero")
needs_fifo = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
META = torch.device("meta")


@pytest.fixture
def saved(tmp_path: Path) -> Path:
    model = tiny_model()
    save_model(model, model.vocab, tmp_path)
    return tmp_path


@pytest.fixture
def allocations(monkeypatch: pytest.MonkeyPatch) -> list[torch.device]:
    """The devices of every model load_model builds (``meta``: shapes only, no memory)."""
    seen: list[torch.device] = []

    class Spy(SpanCopyModel):
        def __init__(self, *args, **kwargs) -> None:
            super().__init__(*args, **kwargs)
            seen.append(self.embedding.weight.device)

    monkeypatch.setattr(checkpoint, "SpanCopyModel", Spy)
    return seen


def test_a_good_directory_is_checked_on_shapes_then_loaded(saved: Path, allocations: list):
    model = load_model(saved, device="cpu")
    assert allocations == [META, torch.device("cpu")]  # what the spy sees when it works
    assert model.embedding.weight.device.type == "cpu"


def refused(directory: Path, name: str, reason: str) -> CheckpointError:
    """Load ``directory``, expecting a one-line CheckpointError naming ``name``."""
    with pytest.raises(CheckpointError) as err:
        load_model(directory, device="cpu")
    assert err.value.path.name == name, err.value
    assert reason in err.value.reason, err.value
    assert "\n" not in str(err.value)
    return err.value


def write_config(directory: Path, **model: object) -> None:
    path = directory / "config.json"
    config = json.loads(path.read_text())
    config["model"].update(model)
    path.write_text(json.dumps(config))


@needs_devices
@pytest.mark.parametrize(
    ("name", "device"),
    [
        ("config.json", "/dev/zero"),
        ("vocab.json", "/dev/urandom"),
        ("model.safetensors", "/dev/zero"),
    ],
)
def test_a_device_in_place_of_a_file(saved: Path, name: str, device: str):
    (saved / name).unlink()
    (saved / name).symlink_to(device)
    refused(saved, name, "not a regular file (a character device)")


def load_in_thread(directory: Path, fifo: Path) -> BaseException | None:
    """What load_model raises, run in a thread: should it block on ``fifo`` (the bug), a writer
    releases it after a generous guard time and the test fails instead of hanging."""
    outcome: list[BaseException | None] = []

    def target() -> None:
        try:
            load_model(directory, device="cpu")
            outcome.append(None)
        except BaseException as exc:  # handed to the test
            outcome.append(exc)

    thread = threading.Thread(target=target, daemon=True)
    thread.start()
    thread.join(timeout=120)
    if thread.is_alive():
        os.close(os.open(fifo, os.O_WRONLY | os.O_NONBLOCK))  # the blocked reader gets EOF
        thread.join()
        return TimeoutError(f"load_model blocked on {fifo}")
    return outcome[0]


@needs_fifo
@pytest.mark.parametrize("name", ["config.json", "vocab.json", "model.safetensors"])
def test_a_fifo_never_blocks(saved: Path, name: str):
    fifo = saved / name
    fifo.unlink()
    os.mkfifo(fifo)
    exc = load_in_thread(saved, fifo)
    assert isinstance(exc, CheckpointError), repr(exc)
    assert exc.path.name == name and exc.reason == "not a regular file (a FIFO)"


@needs_fifo
def test_a_symlink_to_a_fifo(saved: Path, tmp_path_factory: pytest.TempPathFactory):
    fifo = tmp_path_factory.mktemp("elsewhere") / "pipe"
    os.mkfifo(fifo)
    (saved / "vocab.json").unlink()
    (saved / "vocab.json").symlink_to(fifo)
    exc = load_in_thread(saved, fifo)
    assert isinstance(exc, CheckpointError), repr(exc)
    assert exc.path.name == "vocab.json" and exc.reason == "not a regular file (a FIFO)"


@pytest.mark.parametrize("name", ["config.json", "vocab.json", "model.safetensors"])
def test_a_directory_in_place_of_a_file(saved: Path, name: str):
    (saved / name).unlink()
    (saved / name).mkdir()
    refused(saved, name, "not a regular file (a directory)")


@pytest.mark.parametrize(
    ("name", "limit"), [("config.json", MAX_CONFIG_BYTES), ("vocab.json", MAX_FILE_BYTES)]
)
def test_oversized_json_files_are_not_read(saved: Path, name: str, limit: int):
    with open(saved / name, "r+b") as f:
        f.truncate(limit + 1)  # sparse: no disk used, and reading it would be the bug
    refused(saved, name, f"{limit + 1} bytes, more than the {limit} allowed")


def test_weights_larger_than_the_config_implies(saved: Path, allocations: list):
    tensors = sum(t.numel() * 4 for t in tiny_model().state_dict().values())
    limit = 8 + MAX_HEADER_BYTES + tensors
    with open(saved / "model.safetensors", "r+b") as f:
        f.truncate(limit + 1)
    refused(saved, "model.safetensors", f"more than the {limit} allowed")
    assert allocations == [META]


def test_weights_with_a_tail_or_cut_short(saved: Path):
    weights = saved / "model.safetensors"
    data = weights.read_bytes()
    weights.write_bytes(data + b"\0" * 64)
    refused(saved, "model.safetensors", "unreadable or truncated")
    weights.write_bytes(data[:-4])
    refused(saved, "model.safetensors", "unreadable or truncated")
    weights.write_bytes(b"\xff" * 8 + data[8:])  # a header length of 2**64 - 1
    refused(saved, "model.safetensors", "unreadable or truncated")


def test_weights_of_another_dtype_or_shape(saved: Path, allocations: list):
    state = tiny_model().state_dict()
    save_file({k: v.double() for k, v in state.items()}, str(saved / "model.safetensors"))
    refused(saved, "model.safetensors", "wrong shape or dtype ['decoder.attn.weight'")
    wrong = {**state, "gen_bias": torch.zeros(8)}
    save_file(wrong, str(saved / "model.safetensors"))
    refused(saved, "model.safetensors", "wrong shape or dtype ['gen_bias']")
    extra = {**state, "more": torch.zeros(1)}
    save_file(extra, str(saved / "model.safetensors"))
    refused(saved, "model.safetensors", "unexpected ['more']")
    assert allocations == [META] * 3


@pytest.mark.parametrize(
    ("field", "value", "reason"),
    [
        ("hidden_size", 4096, "hidden_size must be in [2, 2048], not 4096"),
        ("embedding_dim", 10**9, "embedding_dim must be in [1, 1024]"),
        ("encoder_layers", 1000, "encoder_layers must be in [1, 8]"),
        ("decoder_layers", 0, "decoder_layers must be in [1, 8]"),
        ("embedding_dim", 8.0, "embedding_dim must be an integer, not 8.0"),
        ("hidden_size", "8", "hidden_size must be an integer, not '8'"),
        ("encoder_layers", True, "encoder_layers must be an integer, not True"),
        ("dropout", math.nan, "dropout must be in [0, 1)"),
        ("dropout", [0.1], "dropout must be a number, not [0.1]"),
        ("copy_mode", ["span"] * 1000, "copy_mode must be one of ('span', 'token'), not ['span'"),
    ],
)
def test_config_fields_are_bounded(saved: Path, allocations: list, field, value, reason):
    write_config(saved, **{field: value})
    err = refused(saved, "config.json", reason)
    assert len(str(err)) < len(str(saved)) + 200  # a huge value is not echoed whole
    assert allocations == []


def test_too_many_parameters_in_bounds(saved: Path, allocations: list):
    high = {name: LIMITS[name][1] for name in LIMITS}
    write_config(saved, **high)
    refused(saved, "config.json", f"more than the {MAX_PARAMETERS} allowed")
    assert allocations == [META]


def test_config_json_that_is_not_a_config(saved: Path, allocations: list):
    config = saved / "config.json"
    config.write_text("[" * 100_000 + "]" * 100_000)  # nested past the recursion limit
    refused(saved, "config.json", "unreadable")
    config.write_bytes(b'{"format_version": 1, "model": {"copy_mode": "\xff"}}')
    refused(saved, "config.json", "unreadable")
    config.write_text(json.dumps({"format_version": 1, "model": [1, 2]}))
    refused(saved, "config.json", "a model config is an object, not [1, 2]")
    keys = {f"k{i}": 0 for i in range(10_000)}
    config.write_text(json.dumps({"format_version": 1, "model": keys}))
    err = refused(saved, "config.json", "unknown model config keys")
    assert len(str(err)) < len(str(saved)) + 200
    assert allocations == []


def test_vocabularies_are_bounded(saved: Path, allocations: list):
    vocab = saved / "vocab.json"
    tokens = [*SPECIALS, *(f"t{i}" for i in range(MAX_SIZE - len(SPECIALS) + 1))]
    vocab.write_text(json.dumps({"tokens": tokens}))
    refused(saved, "vocab.json", f"{MAX_SIZE + 1} tokens, more than the {MAX_SIZE} allowed")
    vocab.write_text("[" * 100_000)
    refused(saved, "vocab.json", "unreadable")
    vocab.write_text(json.dumps({"tokens": [*SPECIALS, "a", "a"]}))
    refused(saved, "vocab.json", "duplicate tokens")
    assert allocations == []
    with pytest.raises(ValueError, match="more than the"):
        Vocabulary(f"t{i}" for i in range(MAX_SIZE))


@pytest.mark.parametrize(
    ("error", "reason"),
    [
        (RuntimeError("CUDA out of memory.\nTried to allocate 2.00 GiB"), "(RuntimeError: CUDA"),
        (MemoryError(), "(MemoryError: )"),
    ],
)
def test_out_of_memory_while_loading_is_a_checkpoint_error(
    saved: Path, monkeypatch: pytest.MonkeyPatch, error: BaseException, reason: str
):
    def fail(*args, **kwargs):
        raise error

    monkeypatch.setattr(SpanCopyModel, "load_state_dict", fail)
    err = refused(saved, saved.name, f"cannot be loaded on cpu {reason}")
    assert err.path == saved


def test_config_bounds_are_inclusive():
    high = {name: LIMITS[name][1] for name in LIMITS}
    assert ModelConfig(**high).to_dict().items() >= high.items()
    for name, (low, top) in LIMITS.items():
        ModelConfig(**{name: low})
        for wrong in (low - 1, top + 1):
            with pytest.raises(ValueError, match=f"{name} must be in"):
                ModelConfig(**{name: wrong})
    with pytest.raises(ValueError, match="hidden_size must be even"):
        ModelConfig(hidden_size=255)


def test_float16_weights_load_into_float32_parameters(tmp_path: Path):
    model = tiny_model()
    save_model(model, model.vocab, tmp_path, half=True)
    header = read_weights_header(tmp_path / "model.safetensors", 2**20)
    assert {dtype for _, dtype in header.values()} == {"F16"}
    loaded = load_model(tmp_path, device="cpu")
    for name, tensor in loaded.state_dict().items():
        want = model.state_dict()[name]
        assert tensor.dtype == torch.float32  # computing stays float32
        # each weight is the float16 nearest to it: equal after rounding both to float16
        assert torch.equal(tensor, want.half().float()), name
        assert torch.allclose(tensor, want, rtol=1e-3, atol=1e-4), name
    # a file of float16 and float32 tensors mixed is a model's weights too; float64 is not
    state = model.state_dict()
    mixed = {k: v.half() if k.startswith("decoder") else v for k, v in state.items()}
    save_file(mixed, str(tmp_path / "model.safetensors"))
    assert load_model(tmp_path, device="cpu").state_dict().keys() == state.keys()
    save_file({k: v.double() for k, v in state.items()}, str(tmp_path / "model.safetensors"))
    refused(tmp_path, "model.safetensors", "wrong shape or dtype")
