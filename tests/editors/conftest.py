"""Fixtures of the editor-client tests: the toy model, the editors' files, Node and Neovim.

The tests drive the real clients against real server processes. They skip when a tool is
missing (Node or a built extension, a Neovim binary), except where ``.ci/run`` says it built
the tool (``SPANCOPY_EDITORS_BUILT=1``): there a missing build is a failure, not a skip.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
VSCODE = ROOT / "editors" / "vscode"
NEOVIM = ROOT / "editors" / "neovim"
# The shipped buggy example, and its bug: `size > items.length` in isFull().
EXAMPLE = ROOT / "examples" / "RingBuffer.java"
BUG = "size > items.length"
# One torch thread per server: CI has two cores (see tests/lsp/conftest.py). The checkout
# on PYTHONPATH lets servers started from any directory import it, installed or not.
SERVER_ENV = {
    **os.environ,
    "OMP_NUM_THREADS": "1",
    "PYTHONUNBUFFERED": "1",
    "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")])),
}
# For a Python that must not find the checkout.
BARE_ENV = {k: v for k, v in SERVER_ENV.items() if k != "PYTHONPATH"}


def require(condition: bool, reason: str) -> None:
    """Skip the test unless ``condition``; fail instead when CI built the editors."""
    if condition:
        return
    if os.environ.get("SPANCOPY_EDITORS_BUILT") == "1":
        pytest.fail(f"{reason} (SPANCOPY_EDITORS_BUILT=1)")
    pytest.skip(reason)


def bug_position(text: str) -> tuple[int, int]:
    """0-based line and column of the ``>`` of :data:`BUG` in ``text`` (ASCII)."""
    for line, content in enumerate(text.splitlines()):
        if BUG in content:
            return line, content.index(BUG) + BUG.index(">")
    raise AssertionError(f"{EXAMPLE} no longer holds `{BUG}`: update BUG")


@pytest.fixture
def java_file(tmp_path: Path) -> Path:
    """A copy of the shipped buggy ``examples/RingBuffer.java``."""
    return Path(shutil.copy(EXAMPLE, tmp_path / EXAMPLE.name))


@pytest.fixture(scope="session")
def package_json() -> dict:
    return json.loads((VSCODE / "package.json").read_text("utf-8"))


@pytest.fixture(scope="session")
def node() -> str:
    """Node.js, for running the extension's compiled modules (those that do not import vscode)."""
    path = shutil.which("node")
    require(path is not None, "node is not installed")
    require(
        (VSCODE / "out" / "settings.js").is_file(),
        "the extension is not compiled: cd editors/vscode && npm ci && npm run compile",
    )
    return str(path)


def run_node(node: str, script: str, *args: str, cwd: Path = VSCODE) -> object:
    """Run ``script`` (CommonJS; ``out`` is the compiled extension, ``args`` its arguments)
    and parse the JSON it prints."""
    prelude = f"const out = {json.dumps(str(VSCODE / 'out'))}; const args = process.argv.slice(1);"
    out = subprocess.run(
        [node, "-e", prelude + script, *args],
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert out.returncode == 0, out.stderr
    return json.loads(out.stdout)


@pytest.fixture(scope="session")
def python_without_server(tmp_path_factory: pytest.TempPathFactory) -> str:
    """A Python interpreter (a fresh venv) that cannot import ``lsp_server``."""
    venv = tmp_path_factory.mktemp("venv-without-spancopy")
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True)
    return str(venv / "bin" / "python")
