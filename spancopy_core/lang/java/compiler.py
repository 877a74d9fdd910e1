"""A resident Java compiler for checking candidates: javac (``javax.tools``) in one JVM, fed
in-memory sources over a pipe.

The helper (:data:`HELPER`, a small Java class) is compiled at first use into a cache folder
(``$XDG_CACHE_HOME/spancopy/javac``, by the hash of its source and of the JDK) and started
once per process; each request is a file name and a text, each answer whether it compiles
(classes are written nowhere). :func:`check` compiles the variants of a text only when the
text itself compiles (a file that needs its project's other classes cannot be checked), in
order and within a time budget; a variant not checked counts as compiling. Without a JDK
(``javac`` and ``java`` on ``PATH``) every variant does.
"""

from __future__ import annotations

import hashlib
import os
import re
import select
import shutil
import subprocess
import tempfile
import threading
import time
from collections import OrderedDict
from collections.abc import Sequence
from pathlib import Path

HELPER_CLASS = "SpancopyCompile"
HELPER = """
import java.io.*;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.List;
import javax.tools.*;

/** Reads "name length" lines, each followed by that many UTF-16 units of source; answers
 * "ok" or "error" per source. Writes no class file. */
public class SpancopyCompile {
    static final class Source extends SimpleJavaFileObject {
        final String text;
        Source(String name, String text) {
            super(URI.create("string:///" + name), Kind.SOURCE);
            this.text = text;
        }
        @Override public CharSequence getCharContent(boolean ignoreErrors) { return text; }
    }

    static final class Sink extends SimpleJavaFileObject {
        Sink(String name, Kind kind) { super(URI.create("mem:///" + name + kind.extension), kind); }
        @Override public OutputStream openOutputStream() { return OutputStream.nullOutputStream(); }
    }

    public static void main(String[] args) throws IOException {
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        JavaFileManager files = new ForwardingJavaFileManager<JavaFileManager>(
                javac.getStandardFileManager(null, null, StandardCharsets.UTF_8)) {
            @Override public JavaFileObject getJavaFileForOutput(
                    Location location, String name, JavaFileObject.Kind kind, FileObject sibling) {
                return new Sink(name, kind);
            }
        };
        List<String> options = List.of("-proc:none", "-nowarn", "-Xlint:none", "-implicit:none");
        BufferedReader in =
                new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        PrintStream out = new PrintStream(new FileOutputStream(FileDescriptor.out), true, "UTF-8");
        String header;
        while ((header = in.readLine()) != null) {
            int space = header.lastIndexOf(' ');
            int length = Integer.parseInt(header.substring(space + 1));
            char[] text = new char[length];
            for (int got = 0; got < length; ) {
                int n = in.read(text, got, length - got);
                if (n < 0) return;
                got += n;
            }
            Source source = new Source(header.substring(0, space), new String(text));
            DiagnosticCollector<JavaFileObject> quiet = new DiagnosticCollector<>();
            boolean ok = javac.getTask(null, files, quiet, options, null, List.of(source)).call();
            out.println(ok ? "ok" : "error");
        }
    }
}
"""
BUDGET_S = 3.0  # seconds of compiling per check(), the JVM's start included
STARTUP_S = 20.0  # the most a first start may take (compiling the helper, a cold JVM)
MAX_OWED = 2  # answers owed by a helper that is then taken for stuck and restarted
_PUBLIC_TYPE = re.compile(
    r"\bpublic\s+(?:(?:abstract|final|sealed|strictfp)\s+)*"
    r"(?:class|interface|enum|record|@interface)\s+([A-Za-z_$][\w$]*)"
)


def available() -> bool:
    """Whether a JDK is on ``PATH`` (``javac`` and ``java``)."""
    return shutil.which("javac") is not None and shutil.which("java") is not None


def file_name(text: str) -> str:
    """The name a compilation unit must have: its public type's, else any."""
    m = _PUBLIC_TYPE.search(text)
    return f"{m.group(1)}.java" if m else "Unit.java"


class Compiler:
    """The resident helper process (started on first use, restarted after a timeout)."""

    def __init__(self, cache: Path | None = None) -> None:
        base = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache")
        self.cache = cache or base / "spancopy" / "javac"
        self.process: subprocess.Popen[bytes] | None = None
        self.lock = threading.Lock()
        self.owed = 0  # answers not read yet (their requests ran past their deadline)
        self.buffer = bytearray()  # what was read of the answers beyond the last line

    def _classes(self) -> Path:
        """The folder of the compiled helper, compiled there first if needed."""
        javac = shutil.which("javac") or "javac"
        jdk = str(Path(javac).resolve())
        key = hashlib.sha256((HELPER + jdk).encode()).hexdigest()[:16]
        folder = self.cache / key
        main = f"{HELPER_CLASS}.class"
        if not (folder / main).is_file():
            # compiled apart, then moved in with the main class last: processes that start at
            # once (two servers, parallel test workers) never run or read a half-written helper
            folder.mkdir(parents=True, exist_ok=True)
            with tempfile.TemporaryDirectory(dir=folder) as work:
                source = Path(work) / f"{HELPER_CLASS}.java"
                source.write_text(HELPER, encoding="utf-8")
                subprocess.run(
                    [javac, "-d", work, str(source)],
                    check=True,
                    capture_output=True,
                    timeout=STARTUP_S,
                )
                for compiled in sorted(Path(work).glob("*.class"), key=lambda f: f.name == main):
                    os.replace(compiled, folder / compiled.name)
        return folder

    def _start(self) -> subprocess.Popen[bytes]:
        if self.process is None or self.process.poll() is not None:
            self.process = subprocess.Popen(
                [
                    "java",
                    "-Xshare:auto",
                    "-XX:TieredStopAtLevel=1",
                    "-cp",
                    str(self._classes()),
                    HELPER_CLASS,
                ],
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.DEVNULL,
            )
        return self.process

    def compiles(self, name: str, text: str, deadline: float) -> bool | None:
        """Whether ``text`` compiles as the file ``name``; None when it could not be told
        before ``deadline`` (``time.monotonic()``: the answer is then still owed, and read
        before the next one, so a slow compile costs no restart) or the helper failed."""
        with self.lock:
            try:
                if self.owed > MAX_OWED:
                    self.close()  # stuck: a fresh helper
                process = self._start()
                assert process.stdin is not None
                while self.owed:  # the answers of requests that ran past their deadline
                    if self._next(deadline) is None:
                        return None
                units = len(text.encode("utf-16-le")) // 2
                process.stdin.write(f"{name} {units}\n{text}".encode())
                process.stdin.flush()
                self.owed += 1
                answer = self._next(deadline)
            except (OSError, subprocess.SubprocessError):
                self.close()
                return None
            return None if answer is None else answer == "ok"

    def _next(self, deadline: float) -> str | None:
        """The helper's next answer, or None at ``deadline``."""
        assert self.process is not None and self.process.stdout is not None
        fd = self.process.stdout.fileno()
        while b"\n" not in self.buffer:
            left = deadline - time.monotonic()
            if left <= 0 or not select.select([fd], [], [], left)[0]:
                return None
            chunk = os.read(fd, 4096)
            if not chunk:
                raise OSError("the compiler helper ended")
            self.buffer += chunk
        line, _, rest = bytes(self.buffer).partition(b"\n")
        self.buffer = bytearray(rest)
        self.owed -= 1
        return line.decode().strip()

    def close(self) -> None:
        """Stop the helper (a later request starts another)."""
        if self.process is not None:
            self.process.kill()
            self.process.wait()
            self.process = None
        self.owed, self.buffer = 0, bytearray()


_COMPILER = Compiler()
_COMPILES: OrderedDict[str, bool] = OrderedDict()  # sha256 of a text -> whether it compiles
_REMEMBERED = 64


def _text_compiles(text: str, deadline: float) -> bool | None:
    """Whether ``text`` compiles (remembered for the last texts asked about)."""
    key = hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()
    if key in _COMPILES:
        _COMPILES.move_to_end(key)
        return _COMPILES[key]
    found = _COMPILER.compiles(file_name(text), text, deadline)
    if found is not None:
        _COMPILES[key] = found
        if len(_COMPILES) > _REMEMBERED:
            _COMPILES.popitem(last=False)
    return found


def check(text: str, variants: Sequence[str], budget_s: float = BUDGET_S) -> list[bool]:
    """Whether each of ``variants`` (``text`` after a candidate's edits) still compiles: all
    True unless a JDK is there and ``text`` compiles; in order, within ``budget_s`` seconds
    (the helper's first start gets :data:`STARTUP_S`); a variant not checked in time is
    True."""
    out = [True] * len(variants)
    if not variants or not available():
        return out
    start = time.monotonic()
    first = _COMPILER.process is None
    if _text_compiles(text, start + (STARTUP_S if first else budget_s)) is not True:
        return out
    deadline = time.monotonic() + budget_s
    name = file_name(text)
    for k, variant in enumerate(variants):
        if time.monotonic() >= deadline:
            break
        out[k] = _COMPILER.compiles(name, variant, deadline) is not False
    return out
