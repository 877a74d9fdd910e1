"""The trainer's command line in process: options derived from TrainConfig, help that shows
every default, and bad values as one-line errors (exit status 2) while bugs keep their
traceback."""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
from pathlib import Path

import pytest

from trainer import cli
from trainer.cli import build_parser, main, train_config
from trainer.config import TrainConfig

TINY = ["--embedding-dim", "16", "--hidden-size", "16", "--workers", "0", "--no-progress"]


def commands() -> dict[str, argparse.ArgumentParser]:
    (sub,) = (a for a in build_parser()._actions if isinstance(a, argparse._SubParsersAction))
    return dict(sub.choices)


def status(argv: list[str]) -> int:
    """The exit status of ``python -m trainer ARGV`` (argparse exits by itself)."""
    try:
        return main(argv)
    except SystemExit as exc:
        return exc.code


def flat_help(parser: argparse.ArgumentParser) -> str:
    return " ".join(parser.format_help().split())


def test_train_options_default_to_the_config_defaults():
    args = build_parser().parse_args(["train", "--train", "d", "--out", "o"])
    assert train_config(args) == TrainConfig(train=[Path("d")], out=Path("o"))


def test_train_options_reach_the_config():
    argv = ["train", "--train", "a", "b", "--out", "o", "--valid", "v", "--init", "m"]
    argv += ["--lr", "5e-4", "--no-amp", "--resume", "--copy-mode", "token", "--max-steps", "7"]
    config = train_config(build_parser().parse_args(argv))
    assert config.train == [Path("a"), Path("b")] and config.valid == [Path("v")]
    assert config.init == Path("m") and config.resume and not config.amp
    assert config.lr == 5e-4 and config.max_steps == 7 and config.model.copy_mode == "token"


def test_every_option_has_help_that_shows_its_default():
    for name, parser in commands().items():
        for action in parser._actions:
            assert action.help, (name, action.dest)
            default = action.default
            shows = action.required or isinstance(default, bool) or default in (None, [])
            shows = shows or default == argparse.SUPPRESS  # --help
            shows = shows or "default" in parser._get_formatter()._expand_help(action)
            assert shows, (name, action.dest)
    train, evaluate = flat_help(commands()["train"]), flat_help(commands()["evaluate"])
    assert "--epochs EPOCHS most epochs (default: 20)" in train
    assert "--batch-size BATCH_SIZE most pairs per batch (default: 64)" in train
    assert "--lr LR peak learning rate of AdamW (default: 0.001)" in train
    assert "--device {auto,cpu,cuda}" in train
    assert "--copy-mode {span,token}" in train and "--objective {marginal,any_correct," in train
    assert "--max-steps MAX_STEPS stop after this many steps (default: no limit)" in train
    assert "--beam BEAM beam width (and hypotheses kept) (default: 20)" in evaluate
    assert "--variant {merged,merge_at_end,greedy} the beam search (default: merged)" in evaluate
    assert "--split SPLIT the split to decode (default: test)" in evaluate
    assert "--data DIR data directory of the split" in evaluate


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--batch-size", "0"], "--batch-size must be at least 1, not 0"),
        (["--epochs", "0"], "--epochs must be at least 1, not 0"),
        (["--valid-fraction", "1.5"], "--valid-fraction must be at most 1, not 1.5"),
        (["--hidden-size", "15"], "hidden_size must be even"),
        (["--device", "tpu"], "argument --device: invalid choice: 'tpu'"),
        (["--lr", "fast"], "argument --lr: invalid float value: 'fast'"),
        (
            ["--focus-none", "1", "--focus-wider", "0.5"],
            "--focus-none, --focus-neighbour and --focus-wider add up to 1.6",
        ),
    ],
)
def test_bad_train_options_are_one_line_errors(data, tmp_path, capsys, argv, message):
    out = tmp_path / "model"
    assert status(["train", "--train", str(data), "--out", str(out), *TINY, *argv]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"error: {message}") and err.count("\n") == 1, err
    assert not out.exists()


def test_bad_evaluate_input_is_a_one_line_error(data, tmp_path, capsys):
    assert status(["evaluate", "--model", "m", "--data", str(data), "--beam", "0"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: argument --beam: must be at least 1, not 0")
    assert err.count("\n") == 1

    model = tmp_path / "model"
    assert main(["train", "--train", str(data), "--out", str(model), "--epochs", "1", *TINY]) == 0
    empty = tmp_path / "empty"
    empty.mkdir()
    (empty / "test.buggy").write_text("")
    (empty / "test.fixed").write_text("")
    capsys.readouterr()
    assert main(["evaluate", "--model", str(model), "--data", str(empty), "--no-progress"]) == 2
    err = capsys.readouterr().err
    assert err == f"error: {empty}: no test pairs to evaluate\n"


def test_an_unexpected_error_keeps_its_traceback(monkeypatch, tmp_path):
    def bug(args: argparse.Namespace) -> int:
        raise ValueError("a bug, not a bad option")

    monkeypatch.setitem(cli.COMMANDS, "split", bug)
    with pytest.raises(ValueError, match="a bug"):
        main(["split", "--data", str(tmp_path), "--out", str(tmp_path / "o")])


@pytest.mark.parametrize("command", [[], ["train"], ["evaluate"], ["synth"], ["heldout"]])
def test_help_never_imports_torch(command, tmp_path):
    """Issue 14: help in a fraction of a second, not after torch's import (a ``torch`` that
    cannot be imported first on the path changes nothing)."""
    fake = tmp_path / "torch"
    fake.mkdir()
    (fake / "__init__.py").write_text("raise ImportError('--help imported torch')\n")
    root = Path(__file__).resolve().parents[2]
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(tmp_path), str(root)])}
    out = subprocess.run(
        [sys.executable, "-m", "trainer", *command, "--help"],
        capture_output=True,
        text=True,
        env=env,
        check=False,
    )
    assert out.returncode == 0 and out.stdout.startswith("usage: python -m trainer"), out.stderr


def test_language_server_help_is_plain_text():
    out = subprocess.run(
        [sys.executable, "-m", "lsp_server", "--help"], capture_output=True, text=True, check=True
    )
    assert "``" not in out.stdout and "spancopy-ls --settings-schema" in out.stdout
    assert "(default: info)" in out.stdout
