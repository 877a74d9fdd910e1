"""A resident Java compiler for checking candidates: javac (``javax.tools``) in one JVM, fed
in-memory sources over a pipe.

The helper (:data:`HELPER`, a small Java class) is compiled at first use into a cache folder
(``$XDG_CACHE_HOME/spancopy/javac``, by the hash of its source and of the JDK) and started
once per :class:`Compiler`; each request is a file name and a text, each answer whether it
compiles (javac analyses, nothing is generated, and its context is reused from one request to
the next, as jshell does: a few ms of CPU a file). :meth:`Compiler.check` compiles the variants
of a text, in order, within a time budget and until enough of them pass, and drops those that
add an error the text does not have (:func:`adds_errors`): any error where the text compiles;
where it does not compile because it needs classes javac cannot find (and finds nothing else
wrong), any error but an unresolved symbol, which may be one of those classes'. A file on disk
is compiled with its project's other classes in reach (javac's ``-sourcepath`` at the folder
its package's folders are in, :func:`source_root`): most files of a project then compile, and
every error counts (Commons Net's ``DaytimeTCPClient``, alone, lacks ``SocketClient``, where
``_input_`` and ``getCharset()`` come from); one that compiles alone, or still does not
beside its project (the project needs a library), is checked alone, as one without a path.
A text with other errors cannot be checked. A variant not checked passes, and every text's
errors are remembered for the last texts. Without a JDK (``javac`` and ``java`` on ``PATH``)
every variant passes. :func:`check` and :func:`prepare` are those of the process's one compiler
(``spancopy repair``); the server runs its own on a thread (``lsp_server.worker.CompileWorker``).
"""

from __future__ import annotations

import atexit
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
from collections.abc import Callable, Sequence
from pathlib import Path

HELPER_CLASS = "SpancopyCompile"
HELPER = """
import java.io.*;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;
import javax.tools.*;
import com.sun.source.util.JavacTask;
import com.sun.tools.javac.api.JavacTaskPool;

/** Reads "name[<TAB>sourcepath<TAB>classes<TAB>base|variant] length" lines, each followed by
 * that many UTF-16 units of source; answers "ok", "error" and each error's code and message
 * after a tab (javac reports errors) or "unknown" (javac failed) per source, one line. The
 * sourcepath is where javac finds the project's other classes the source names. Alone, only
 * analyses: no class file is generated, and javac's context is reused from one source to the
 * next (JavacTaskPool, as jshell does): a fifth of the CPU of a fresh task each time. Beside
 * its project, a "base" source is compiled into the folder classes (its classes and those of
 * the project's sources it reads), and each of its "variant"s is analysed with those class
 * files on the classpath: javac reads the project's classes from class files, not again from
 * their sources for every variant. */
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

    static String verdict(JavacTask task, DiagnosticCollector<JavaFileObject> quiet) {
        return verdict(task, quiet, false);
    }

    static String verdict(
            JavacTask task, DiagnosticCollector<JavaFileObject> quiet, boolean generate) {
        try {
            if (generate) task.generate(); else task.analyze();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        StringBuilder errors = new StringBuilder();
        for (Diagnostic<? extends JavaFileObject> d : quiet.getDiagnostics()) {
            if (d.getKind() != Diagnostic.Kind.ERROR) continue;
            String what = d.getCode() + " " + d.getMessage(Locale.ROOT);
            // one line: the message's lines (symbol, location) joined
            what = what.lines().map(String::strip).collect(Collectors.joining(" "));
            errors.append((char) 9).append(what);  // a tab before each
        }
        return errors.length() == 0 ? "ok" : "error" + errors;
    }

    /** A file manager that writes nothing, of its own: the sourcepath is set on it. */
    static JavaFileManager sourceFiles(JavaCompiler javac) {
        return new ForwardingJavaFileManager<JavaFileManager>(
                javac.getStandardFileManager(null, null, StandardCharsets.UTF_8)) {
            @Override public JavaFileObject getJavaFileForOutput(
                    Location location, String name, JavaFileObject.Kind kind, FileObject sibling) {
                return new Sink(name, kind);
            }
        };
    }

    static final List<String> QUIET =
            List.of("-proc:none", "-nowarn", "-Xlint:none", "-Xmaxerrs", "100000");

    /** The verdict on {@code source} beside its project's sources at {@code root}: a base
     * compiled into the folder {@code classes}, a variant with those class files on the
     * classpath. */
    static String beside(JavaCompiler javac, Source source, String root,
            String classes, boolean base, DiagnosticCollector<JavaFileObject> quiet)
            throws IOException {
        List<String> options = new ArrayList<>(QUIET);
        options.addAll(List.of("-sourcepath", root));
        if (base) {  // its classes and those of the project's sources it reads, written
            Files.createDirectories(Path.of(classes));
            options.addAll(List.of("-implicit:class", "-d", classes));
            try (JavaFileManager own =
                    javac.getStandardFileManager(null, null, StandardCharsets.UTF_8)) {
                return verdict((JavacTask) javac.getTask(
                        null, own, quiet, options, null, List.of(source)), quiet, true);
            }
        }
        options.add("-implicit:none");
        if (!classes.isEmpty() && Files.isDirectory(Path.of(classes))) {
            // the class files, newer than their sources, are read (javac's -Xprefer:newer):
            // a twentieth of the time of parsing the sources. A fresh context each time, as
            // without them: a pooled one forgets the source's classes but not the class files
            // that name them (Commons Lang's AggregateTranslator then takes a stale
            // CharSequenceTranslator[] for another type)
            options.addAll(List.of("-classpath", classes));
        }
        try (JavaFileManager own = sourceFiles(javac)) {
            return verdict((JavacTask) javac.getTask(
                    null, own, quiet, options, null, List.of(source)), quiet);
        }
    }

    public static void main(String[] args) throws IOException {
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        JavaFileManager files = sourceFiles(javac);
        List<String> common = new ArrayList<>(QUIET);
        common.add("-implicit:none");
        BufferedReader in =
                new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        PrintStream out = new PrintStream(new FileOutputStream(FileDescriptor.out), true, "UTF-8");
        JavacTaskPool pool = new JavacTaskPool(1);
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
            String[] named = header.substring(0, space).split("\t", 4);
            Source source = new Source(named[0], new String(text));
            DiagnosticCollector<JavaFileObject> quiet = new DiagnosticCollector<>();
            String answer;
            try {
                if (named.length < 4 || named[1].isEmpty()) {
                    answer = pool.getTask(null, files, quiet, common, null, List.of(source),
                            task -> verdict(task, quiet));
                } else {
                    answer = beside(javac, source, named[1], named[2],
                            named[3].equals("base"), quiet);
                }
            } catch (RuntimeException | Error | IOException e) {
                answer = "unknown";
            }
            out.println(answer);
        }
    }
}
"""
EXPORTS = ["--add-exports", "jdk.compiler/com.sun.tools.javac.api=ALL-UNNAMED"]  # the pool
# seconds of compiling per check() (the JVM's start included) and prepare(): `spancopy repair`
# asked at Commons Lang's Validate.java compiled nothing in 3 s (the file alone, then beside
# its project, written to class files, then the repairs), its check waiting for the prepare;
# the server waits for none of this, its requests having budgets of their own
BUDGET_S = 10.0
STARTUP_S = 20.0  # the most a first start may take (compiling the helper, a cold JVM)
MAX_OWED = 2  # answers owed by a helper that is then taken for stuck and restarted
BASES = 8  # texts whose project's class files are kept (a variant reads them, not the sources)
REMEMBERED = 1024  # texts' errors kept: a lightbulb asked again compiles nothing
# javac's codes of a symbol, or a package, it cannot find (and of what follows from a class it
# cannot find: a static import from it, @Override of a method of a superclass it cannot see)
UNRESOLVED = (
    "compiler.err.cant.resolve",
    "compiler.err.doesnt.exist ",
    "compiler.err.static.imp.only.classes.and.interfaces ",
    "compiler.err.method.does.not.override.superclass ",
)
# ... where it looked for the symbol in a type it knows: the JDK's, a primitive, an array of one
# (javac reports none where it looked in a type it cannot find: that site is erroneous)
_KNOWN_SITE = re.compile(
    r"location: (?:variable \S+ of type |class |interface )"
    r"(?:javax?\.|(?:boolean|byte|char|short|int|long|float|double)\b)"
)
Errors = frozenset[str]  # javac's errors in a text: each one's code and message
# a compilation unit's package declaration, after comments and annotations (possessive: a
# file in the unnamed package fails at once, not once per comment)
_PACKAGE = re.compile(
    r"\ufeff?(?:\s|//[^\n]*|/\*.*?\*/|@[\w.]+(?:\s*\([^)]*\))?)*+"
    r"package\s+([A-Za-z_$][\w$]*(?:\s*\.\s*[A-Za-z_$][\w$]*)*)\s*;",
    re.DOTALL,
)
# a public type's declaration, or a comment or literal to pass over (a Javadoc example's
# "public class Job" in Commons Lang's MultilineRecursiveToStringStyle)
_PUBLIC_TYPE = re.compile(
    r'//[^\n]*|/\*.*?\*/|""".*?"""|"(?:\\.|[^"\\\n])*"|\'(?:\\.|[^\'\\\n])*\'|'
    r"\bpublic\s+(?:(?:abstract|final|sealed|strictfp)\s+)*"
    r"(?:class|interface|enum|record|@interface)\s+([A-Za-z_$][\w$]*)",
    re.DOTALL,
)


def available() -> bool:
    """Whether a JDK is on ``PATH`` (``javac`` and ``java``)."""
    return shutil.which("javac") is not None and shutil.which("java") is not None


def file_name(text: str) -> str:
    """The name a compilation unit must have: its public type's, else any."""
    found = (m.group(1) for m in _PUBLIC_TYPE.finditer(text) if m.group(1))
    return f"{next(found, 'Unit')}.java"


def source_root(path: str | os.PathLike[str] | None, text: str) -> str | None:
    """The folder holding the package folders of the file ``path`` whose text is ``text``
    (``src/main/java`` of ``src/main/java/org/x/A.java`` in ``package org.x;``), where javac
    finds the project's other classes that ``text`` names: the file's folder in the unnamed
    package; None without a path, where the folders do not match the package, or a path javac
    could not be told (a tab or a line break in it)."""
    if path is None:
        return None
    folder = Path(path).absolute().parent
    m = _PACKAGE.match(text)
    names = [] if m is None else re.sub(r"\s+", "", m.group(1)).split(".")
    for name in reversed(names):
        if folder.name != name:
            return None
        folder = folder.parent
    root = str(folder)
    return None if "\t" in root or "\n" in root or "\r" in root else root


def _key(text: str, root: str | None) -> str:
    where = "" if root is None else root
    return hashlib.sha256(f"{where}\0{text}".encode("utf-8", "surrogatepass")).hexdigest()


class Compiler:
    """The resident helper process (started on first use, restarted after a timeout or when
    it died) and the verdicts it gave."""

    def __init__(self, cache: Path | None = None) -> None:
        base = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache")
        self.cache = cache or base / "spancopy" / "javac"
        self.process: subprocess.Popen[bytes] | None = None
        self.lock = threading.Lock()
        self.owed = 0  # answers not read yet (their requests ran past their deadline)
        self.buffer = bytearray()  # what was read of the answers beyond the last line
        self.broken: str | None = None  # why the helper could not be built (no retry)
        self._verdicts: OrderedDict[str, Errors] = OrderedDict()  # sha256 of a text -> errors
        self._memory = threading.Lock()  # of _verdicts: read from other threads (remembered)
        self._scratch: str | None = None  # the class files of the bases' projects, under it
        self._bases: OrderedDict[str, str] = OrderedDict()  # sha256 of a base -> its folder

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
                try:
                    subprocess.run(
                        [javac, *EXPORTS, "-d", work, str(source)],
                        check=True,
                        capture_output=True,
                        timeout=STARTUP_S,
                    )
                except subprocess.CalledProcessError as exc:
                    self.broken = f"javac cannot compile the helper: {exc.stderr.decode()[:200]}"
                    raise
                for compiled in sorted(Path(work).glob("*.class"), key=lambda f: f.name == main):
                    os.replace(compiled, folder / compiled.name)
        return folder

    def _start(self) -> subprocess.Popen[bytes]:
        if self.process is None or self.process.poll() is not None:
            self.owed, self.buffer = 0, bytearray()  # a helper that died owes nothing
            self.process = subprocess.Popen(
                [
                    "java",
                    "-Xshare:auto",
                    "-XX:TieredStopAtLevel=1",
                    *EXPORTS,
                    "-cp",
                    str(self._classes()),
                    HELPER_CLASS,
                ],
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.DEVNULL,
            )
        return self.process

    def errors(
        self,
        name: str,
        text: str,
        deadline: float,
        root: str | None = None,
        classes: str = "",
        base: bool = False,
    ) -> Errors | None:
        """javac's errors in ``text`` as the file ``name`` (code and message, no position;
        empty: it compiles), the project's other classes found under ``root``
        (:func:`source_root`; None: none); None when they could not be told before ``deadline``
        (``time.monotonic()``: the answer is then still owed, and read before the next one, so
        a slow compile costs no restart) or the helper failed. Beside the project, a ``base``
        is compiled into the folder ``classes`` (its classes and the project's it reads), and
        a variant of it reads those class files there (where there are none: the sources)."""
        with self.lock:
            if self.broken is not None:
                return None
            try:
                if self.owed > MAX_OWED:
                    self.close()  # stuck: a fresh helper
                process = self._start()
                assert process.stdin is not None
                while self.owed:  # the answers of requests that ran past their deadline
                    if self._next(process, deadline) is None:
                        return None
                units = len(text.encode("utf-16-le")) // 2
                kind = "base" if base else "variant"
                header = name if root is None else f"{name}\t{root}\t{classes}\t{kind}"
                process.stdin.write(f"{header} {units}\n{text}".encode())
                process.stdin.flush()
                self.owed += 1
                answer = self._next(process, deadline)
            except (OSError, subprocess.SubprocessError):
                self.close()  # the next request starts another
                return None
            kind, *found = (answer or "").split("\t")
            return frozenset(found) if kind in ("ok", "error") else None

    def _next(self, process: subprocess.Popen[bytes], deadline: float) -> str | None:
        """The next answer of ``process``, or None at ``deadline``."""
        assert process.stdout is not None
        fd = process.stdout.fileno()
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
        """Stop the helper (a later request starts another) and remove the class files it
        wrote; safe from any thread."""
        process, self.process = self.process, None
        if process is not None:
            process.kill()
            process.wait()
        scratch, self._scratch = self._scratch, None
        self._bases.clear()
        if scratch is not None:
            shutil.rmtree(scratch, ignore_errors=True)

    def _classes_of(self, text: str, root: str) -> str:
        """The folder of the class files of the base ``text`` beside its project at ``root``
        (the last :data:`BASES` bases' are kept; a variant of an older one reads the project's
        sources again)."""
        if self._scratch is None:
            self._scratch = tempfile.mkdtemp(prefix="spancopy-javac-")
        key = _key(text, root)
        folder = self._bases.get(key)
        if folder is None:
            folder = self._bases[key] = os.path.join(self._scratch, key[:24])
            while len(self._bases) > BASES:
                shutil.rmtree(self._bases.popitem(last=False)[1], ignore_errors=True)
        self._bases.move_to_end(key)
        return folder

    def _remember(self, text: str, root: str | None, errors: Errors) -> None:
        with self._memory:
            self._verdicts[_key(text, root)] = errors
            if len(self._verdicts) > REMEMBERED:
                self._verdicts.popitem(last=False)

    def known_errors(self, text: str, root: str | None = None) -> Errors | None:
        """The errors of ``text`` (its project's classes under ``root``), if remembered (None:
        not asked, or not told)."""
        with self._memory:
            key = _key(text, root)
            if key in self._verdicts:
                self._verdicts.move_to_end(key)
            return self._verdicts.get(key)

    def _known_root(self, text: str, root: str | None) -> str | None:
        """``root`` where ``text`` is remembered not to compile alone but to compile beside
        its project's classes there, else None (alone: :meth:`_resolved`)."""
        if root is None or self.known_errors(text) == frozenset():
            return None
        return root if self.known_errors(text, root) == frozenset() else None

    def _resolved(self, text: str, root: str | None, deadline: float) -> str | None:
        """The root to check the variants of ``text`` with: ``root`` where ``text`` does not
        compile alone but does there, else None (alone: a file that compiles alone is checked
        in full by javac's reused context, a few times cheaper than one reading the project's
        files; where classes are missing with the project in reach too, Joda-Time's of a
        library, the project costs more than it tells)."""
        if root is None or self._compiled(text, deadline, None) == frozenset():
            return None
        classes = self._classes_of(text, root)
        found = self._compiled(text, deadline, root, classes, base=True)
        return root if found == frozenset() else None

    def known(self, text: str, root: str | None = None) -> bool | None:
        """Whether ``text`` compiles (beside its project's classes under ``root``, else
        alone), if remembered (None: not asked, or not told)."""
        found = self.known_errors(text, self._known_root(text, root))
        return None if found is None else not found

    def checkable(self, text: str, root: str | None = None) -> bool | None:
        """Whether the variants of ``text`` can be checked (:func:`checkable`), if its errors
        are remembered (None: not asked, or not told)."""
        found = self.known_errors(text, self._known_root(text, root))
        return None if found is None else checkable(found)

    def _compiled(
        self,
        text: str,
        deadline: float,
        root: str | None,
        classes: str = "",
        base: bool = False,
    ) -> Errors | None:
        """The errors of ``text``, remembered or asked of the helper (None: not told); beside
        the project at ``root``, a ``base`` compiled into the folder ``classes`` or a variant
        reading its class files there (:meth:`errors`)."""
        found = self.known_errors(text, root)
        if found is None and time.monotonic() < deadline:
            found = self.errors(file_name(text), text, deadline, root, classes, base)
            if found is not None:
                self._remember(text, root, found)
        return found

    def check(
        self,
        text: str,
        variants: Sequence[str],
        budget_s: float = BUDGET_S,
        wanted: int | None = None,
        root: str | None = None,
    ) -> list[bool]:
        """Whether each of ``variants`` (``text`` after a candidate's edits) adds no error to
        ``text`` (:func:`adds_errors`), javac finding the project's other classes under
        ``root`` (:func:`source_root`) where ``text`` compiles with them, else alone: all True
        unless a JDK is there and ``text`` can be checked (:func:`checkable`); in order, within
        ``budget_s`` seconds (a first start gets :data:`STARTUP_S`) and until ``wanted`` pass
        (None: all asked); a variant not checked is True."""
        if not variants or not available():
            return [True] * len(variants)
        deadline = self._deadline(budget_s)
        root = self._resolved(text, root, deadline)
        classes = "" if root is None else self._classes_of(text, root)  # the base's, once
        found = _judge(
            text, variants, wanted, lambda t: self._compiled(t, deadline, root, classes), True
        )
        assert found is not None, "a partial judgement is never None"
        return found

    def prepare(self, text: str, budget_s: float = BUDGET_S, root: str | None = None) -> None:
        """Compile ``text`` (its project's classes under ``root``), its errors remembered for
        the :meth:`check` of its variants (the server's, while the repairs are still being
        searched)."""
        if available():
            deadline = self._deadline(budget_s)
            self._resolved(text, root, deadline)

    def _deadline(self, budget_s: float) -> float:
        """``budget_s`` seconds from now, or :data:`STARTUP_S` for a helper yet to start."""
        return time.monotonic() + (max(budget_s, STARTUP_S) if self.process is None else budget_s)

    def remembered(
        self,
        text: str,
        variants: Sequence[str],
        wanted: int | None = None,
        root: str | None = None,
    ) -> list[bool] | None:
        """What :meth:`check` answers, when its verdicts are all remembered; else None (the
        server asks here first, on its event loop: a cached lightbulb waits for no thread)."""
        root = self._known_root(text, root)
        return _judge(text, variants, wanted, lambda t: self.known_errors(t, root), False)


def unresolved(error: str) -> bool:
    """Whether ``error`` (a code and message) is a symbol or package javac cannot find that
    may be one of the project's classes', or a member they give (javac cannot see them): not
    a member of a JDK type, a primitive or an array (``a.size()`` for an ``int[] a``)."""
    return error.startswith(UNRESOLVED) and not _KNOWN_SITE.search(error)


def checkable(errors: Errors) -> bool:
    """Whether the variants of a text with ``errors`` can be checked: it compiles, or its only
    errors are symbols javac cannot find (its project's other classes)."""
    return all(unresolved(e) for e in errors)


def adds_errors(base: Errors, variant: Errors) -> bool:
    """Whether a variant with the errors ``variant`` adds an error to its text's ``base`` (a
    :func:`checkable` one): any error where the text compiles; else one that is not an
    unresolved symbol (the project's classes it cannot see may be what a repair names) and
    that the text does not have."""
    if not base:
        return bool(variant)
    return any(not unresolved(e) for e in variant - base)


def _judge(
    text: str,
    variants: Sequence[str],
    wanted: int | None,
    errors: Callable[[str], Errors | None],
    partial: bool,
) -> list[bool] | None:
    """:meth:`Compiler.check` by ``errors`` (None: not told): every variant True when ``text``
    cannot be checked; else whether each adds no error, in order until ``wanted`` pass. At the
    first errors not told, the rest are True (``partial``) or the answer is None."""
    out = [True] * len(variants)
    if not variants:
        return out
    base = errors(text)
    if base is None:
        return out if partial else None
    good = 0
    for k, variant in enumerate(variants if checkable(base) else ()):
        if wanted is not None and good >= wanted:
            break
        found = errors(variant)
        if found is None:
            return out if partial else None
        ok = not adds_errors(base, found)
        out[k], good = ok, good + ok
    return out


_COMPILER = Compiler()
atexit.register(_COMPILER.close)  # the JVM ends with the process that started it


def check(
    text: str,
    variants: Sequence[str],
    budget_s: float = BUDGET_S,
    wanted: int | None = None,
    root: str | None = None,
) -> list[bool]:
    """:meth:`Compiler.check` of the process's compiler."""
    return _COMPILER.check(text, variants, budget_s, wanted, root)


def prepare(text: str, root: str | None = None) -> None:
    """:meth:`Compiler.prepare` of the process's compiler on a thread, not waited for (its
    JVM starts and ``text`` compiles while the caller does something else)."""
    threading.Thread(target=_COMPILER.prepare, args=(text, BUDGET_S, root), daemon=True).start()
