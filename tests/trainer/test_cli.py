"""End-to-end tests of ``python -m trainer`` on tiny data, through real processes."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
import torch

from spancopy_core.storage.checkpoint import load_model
from trainer.data import read_pairs, write_pairs

from ..conftest import default_sigint
from .conftest import toy_pairs

TINY = [
    "--embedding-dim",
    "16",
    "--hidden-size",
    "16",
    "--batch-size",
    "8",
    "--warmup",
    "5",
    "--log-every",
    "2",
    "--no-progress",
    "--workers",
    "0",
    "--vocab-min-count",
    "1",
]


def trainer(*args: str, check: bool = True, **kw) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    proc = subprocess.run(
        [sys.executable, "-m", "trainer", *map(str, args)],
        capture_output=True,
        text=True,
        env=env,
        timeout=300,
        **kw,
    )
    if check and proc.returncode != 0:
        raise AssertionError(f"exit {proc.returncode}\n{proc.stdout}\n{proc.stderr}")
    return proc


def train_args(train: Path, valid: Path, out: Path) -> list[str]:
    """``trainer train`` for one tiny epoch, for the tests that launch the process themselves."""
    paths = ["--train", str(train), "--valid", str(valid), "--out", str(out)]
    return ["train", *paths, "--epochs", "1"]


def metrics(out: Path) -> list[dict]:
    return [json.loads(line) for line in (out / "metrics.jsonl").read_text().splitlines()]


@pytest.mark.slow
def test_train_then_evaluate(data, tmp_path):
    out = tmp_path / "model"
    trainer("train", "--train", data, "--valid", data, "--out", out, "--epochs", "2", *TINY)
    model = load_model(out, device="cpu")
    assert model.config.hidden_size == 16
    epochs = [m for m in metrics(out) if "valid_loss" in m]
    steps = [m for m in metrics(out) if "tokens_per_s" in m]
    assert [m["epoch"] for m in epochs] == [1, 2] and steps and steps[0]["tokens_per_s"] > 0
    info = json.loads((out / "config.json").read_text())["training"]
    assert info["parameters"] == sum(p.numel() for p in model.parameters())

    js, png = tmp_path / "eval.json", tmp_path / "hist.png"
    proc = trainer(
        "evaluate",
        "--model",
        out,
        "--data",
        data,
        "--split",
        "test",
        "--beam",
        "5",
        "--json",
        js,
        "--span-hist",
        png,
        "--no-progress",
    )
    result = json.loads(js.read_text())
    m = result["metrics"]
    assert m["count"] == 12 and "| pairs | 12 |" in proc.stdout
    # A beam of 5 keeps 5 hypotheses: no accuracy among the best 10 or 20 is measured.
    assert m["acc@5"] >= m["acc@1"] == m["top1"] and "acc@10" not in m and "acc@20" not in m
    assert f"| Accuracy@5 | {100 * m['acc@5']:.1f}% |" in proc.stdout
    assert "Accuracy@20" not in proc.stdout and "@10" not in proc.stdout
    assert png.read_bytes()[:4] == b"\x89PNG" and "greedy_span_histogram" in result


@pytest.mark.slow
def test_resume_continues_where_it_stopped(data, tmp_path):
    out = tmp_path / "model"
    # 64 pairs in batches of 8: 8 steps per epoch. Stop after 3 steps, checkpointing each step.
    trainer(
        "train",
        "--train",
        data,
        "--valid",
        data,
        "--out",
        out,
        "--epochs",
        "2",
        "--max-steps",
        "3",
        "--save-every",
        "1",
        *TINY,
    )
    state = json.loads((out / "checkpoint" / "trainer_state.json").read_text())
    assert state["step"] == 3 and state["done"]
    # A run that was cut off mid-epoch: fake it by clearing "done" and rewinding the epoch.
    state.update(done=False, epoch=0, batch_in_epoch=3)
    (out / "checkpoint" / "trainer_state.json").write_text(json.dumps(state))
    trainer(
        "train", "--train", data, "--valid", data, "--out", out, "--epochs", "2", "--resume", *TINY
    )
    state = json.loads((out / "checkpoint" / "trainer_state.json").read_text())
    assert state["epoch"] == 2 and state["step"] == 3 + 5 + 8  # rest of epoch 1, all of 2
    proc = trainer(
        "train", "--train", data, "--valid", data, "--out", out, "--epochs", "2", "--resume", *TINY
    )
    assert "nothing to do" in proc.stderr


@pytest.mark.slow
def test_a_directory_holding_a_run_is_replaced_only_when_told(data, tmp_path):
    out = tmp_path / "model"
    run = ["train", "--train", data, "--valid", data, "--out", out, *TINY]
    trainer(*run, "--epochs", "2")
    weights = (out / "model.safetensors").read_bytes()
    assert [m["epoch"] for m in metrics(out) if "valid_loss" in m] == [1, 2]

    for extra in ([], ["--seed", "7"]):
        proc = trainer(*run, "--epochs", "1", *extra, check=False)
        assert proc.returncode == 2 and proc.stdout == ""
        (line,) = proc.stderr.splitlines()
        assert line.startswith(f"error: {out} already holds "), line
        assert "--resume" in line and "--overwrite" in line
    assert (out / "model.safetensors").read_bytes() == weights  # untouched
    assert len([m for m in metrics(out) if "valid_loss" in m]) == 2

    proc = trainer(*run, "--resume", "--overwrite", check=False)
    assert proc.returncode == 2 and proc.stderr.count("\n") == 1
    assert "exclude each other" in proc.stderr

    trainer(*run, "--epochs", "1", "--seed", "7", "--overwrite")
    assert (out / "model.safetensors").read_bytes() != weights
    # Only the new run's records: one epoch, its steps counted from 1.
    assert [m["epoch"] for m in metrics(out) if "valid_loss" in m] == [1]
    assert metrics(out)[0]["step"] == 2  # --log-every 2
    assert json.loads((out / "checkpoint" / "trainer_state.json").read_text())["step"] == 8

    # A model without its checkpoint cannot be resumed, and is not silently replaced.
    (out / "checkpoint" / "trainer_state.json").unlink()
    weights = (out / "model.safetensors").read_bytes()
    proc = trainer(*run, "--resume", check=False)
    assert proc.returncode == 2 and proc.stderr.count("\n") == 1
    assert "no checkpoint to --resume from" in proc.stderr and "--overwrite" in proc.stderr
    assert (out / "model.safetensors").read_bytes() == weights


@pytest.mark.slow
def test_fine_tune_from_init(data, tmp_path):
    base, tuned = tmp_path / "base", tmp_path / "tuned"
    trainer("train", "--train", data, "--out", base, "--epochs", "1", *TINY)
    # Learning rate 0: the tuned model is the --init model, weight for weight. --resume with
    # no checkpoint yet starts from --init, and says so (not "from scratch").
    started = trainer(
        "train",
        "--train",
        data,
        "--valid",
        data,
        "--out",
        tuned,
        "--init",
        base,
        "--epochs",
        "1",
        "--objective",
        "any_correct",
        *TINY,
        "--lr",
        "0",
        "--resume",
    )
    assert f"starting from {base}" in started.stderr and "from scratch" not in started.stderr
    before, after = load_model(base), load_model(tuned)
    assert after.vocab.itos == before.vocab.itos and after.config.objective == "any_correct"
    weights = before.state_dict()
    assert all(torch.equal(t, weights[name]) for name, t in after.state_dict().items())
    bad = trainer(
        "train",
        "--train",
        data,
        "--out",
        tmp_path / "x",
        "--init",
        base,
        "--copy-mode",
        "token",
        *TINY,
        check=False,
    )
    assert bad.returncode == 2 and "differs" in bad.stderr


@pytest.mark.slow
def test_torchrun_two_processes(data, tmp_path):
    out = tmp_path / "ddp"
    cmd = [
        sys.executable,
        "-m",
        "torch.distributed.run",
        "--nproc_per_node",
        "2",
        "--master_port",
        str(29500 + os.getpid() % 1000),
        "-m",
        "trainer",
        *train_args(data, data, out),
        "--device",
        "cpu",
        *TINY,
    ]
    proc = subprocess.run(
        cmd, capture_output=True, text=True, timeout=300, env={**os.environ, "OMP_NUM_THREADS": "1"}
    )
    assert proc.returncode == 0, proc.stderr
    assert "2 processes" in proc.stderr
    state = json.loads((out / "checkpoint" / "trainer_state.json").read_text())
    assert state["step"] == 4  # 8 batches shared by 2 processes
    load_model(out)


@pytest.mark.slow
def test_bad_input_gives_one_line_errors(data, tmp_path, toy_model):
    bad = tmp_path / "bad"
    bad.mkdir()
    (bad / "train.buggy").write_text("a b\nc d\n")
    (bad / "train.fixed").write_text("a\n")
    proc = trainer("train", "--train", bad, "--out", tmp_path / "o", *TINY, check=False)
    assert proc.returncode == 2
    assert proc.stderr.strip().splitlines()[-1].startswith("error:")
    assert "train.buggy has 2 lines but" in proc.stderr and "Traceback" not in proc.stderr

    (bad / "test.jsonl").write_text('{"input": ["a"], "output": ["b"]}\n{"input": 3}\n')
    proc = trainer("evaluate", "--model", tmp_path / "none", "--data", bad, check=False)
    assert proc.returncode == 2 and "none" in proc.stderr and "Traceback" not in proc.stderr

    proc = trainer("evaluate", "--model", toy_model, "--data", bad, check=False)  # a good model
    assert proc.returncode == 2 and "test.jsonl:2:" in proc.stderr

    proc = trainer("train", "--train", tmp_path / "missing", "--out", tmp_path / "o", check=False)
    assert proc.returncode == 2 and "missing: not a directory" in proc.stderr


def test_help_and_refusals_a_new_user_meets(tmp_path):
    # Defaults print as the paths they are, not as PosixPath('...').
    proc = trainer("synth-prose", "--help")
    assert "PosixPath" not in proc.stdout and "/usr/share/debian-reference" in proc.stdout
    # heldout writes where it is told, never into the installed package by default.
    proc = trainer("heldout", tmp_path / "records.jsonl", check=False)
    assert proc.returncode == 2 and proc.stderr.count("\n") == 1
    assert "the following arguments are required: --out" in proc.stderr


def test_read_pairs_formats(tmp_path):
    write_pairs(tmp_path, "valid", [(["a", "b"], ["b"])])
    (tmp_path / "x.jsonl").write_text('{"input": ["q"], "output": ["r", "s"]}\n\n')
    assert read_pairs(tmp_path, "valid") == [(["a", "b"], ["b"])]
    assert read_pairs(tmp_path, "x") == [(["q"], ["r", "s"])]


@pytest.mark.slow
def test_split_is_fixed_and_disjoint(data, tmp_path):
    for out in (tmp_path / "a", tmp_path / "b"):
        trainer("split", "--data", data, "--split", "train", "--held-out", "0.25", "--out", out)
    train, held = read_pairs(tmp_path / "a", "train"), read_pairs(tmp_path / "a", "test")
    assert len(held) == 16 and len(train) == 48
    assert sorted(train + held) == sorted(read_pairs(data, "train"))
    assert read_pairs(tmp_path / "b", "test") == held  # seeded: the same slice every time
    bad = trainer("split", "--data", data, "--held-out", "2", "--out", tmp_path / "c", check=False)
    assert bad.returncode == 2 and "fraction" in bad.stderr


def test_vocab_from_comes_first_and_whole(data, tmp_path):
    extra = tmp_path / "extra"
    write_pairs(extra, "train", [(["rare_token"], ["rare_token", "a"])])
    write_pairs(extra, "valid", [(["a"], ["b"])])
    out = tmp_path / "m"
    proc = trainer(
        "train",
        "--train",
        data,
        "--valid",
        data,
        extra,
        "--out",
        out,
        "--epochs",
        "1",
        "--vocab-from",
        extra,
        *TINY[:-2],
        "--vocab-min-count",
        "1000",
        "--threads",
        "1",
    )
    itos = load_model(out).vocab.itos
    # Every token of --vocab-from is in, however rare; training tokens need 1000 occurrences.
    assert itos[4:6] == ["rare_token", "a"] or itos[4:6] == ["a", "rare_token"]
    assert len(itos) == 7  # + "b" from the valid split of --vocab-from
    assert "64 training / 17 validation pairs" in proc.stderr  # both validation directories


def test_ctrl_c_saves_the_state(data, tmp_path):
    import signal
    import time

    out = tmp_path / "m"
    big = tmp_path / "big"
    write_pairs(big, "train", toy_pairs(4000, 3))
    cmd = [sys.executable, "-m", "trainer", *train_args(big, data, out), *TINY]
    proc = subprocess.Popen(cmd, stderr=subprocess.PIPE, text=True, preexec_fn=default_sigint)
    deadline = time.monotonic() + 120
    while not (out / "metrics.jsonl").is_file() or not metrics(out):
        assert proc.poll() is None and time.monotonic() < deadline, proc.stderr.read()
        time.sleep(0.2)
    proc.send_signal(signal.SIGINT)
    _, err = proc.communicate(timeout=60)
    assert proc.returncode == 130 and "continue with --resume" in err
    state = json.loads((out / "checkpoint" / "trainer_state.json").read_text())
    assert state["step"] >= 2 and not state["done"] and state["batch_in_epoch"] == state["step"]
