"""Fixtures shared by the server and editor-client tests, and where the external data is.

The tests that read the external data sets (BFP, java-edits) or the JDK sources find them
through ``SPANCOPY_SHARED_DATA`` and ``SPANCOPY_JDK_SRC_ZIP``; unset, these default here to
``shared/data`` beside the clone (the layout of the CI machine and of a checkout next to the
project's shared folder) and to the sources of Debian's ``openjdk-17-source``. Where the
data is absent those tests skip with a reason, unless ``SPANCOPY_REQUIRE_DATA=1`` (as
``.ci/run`` sets): then the run stops at once with the missing paths.
"""

from __future__ import annotations

import io
import os
import shutil
import signal
import subprocess
from collections.abc import Callable, Iterator
from contextlib import contextmanager, redirect_stderr, redirect_stdout
from pathlib import Path

import pytest

if "PYTEST_XDIST_WORKER" in os.environ:
    # A worker has one core of its own: torch on one thread (read when torch is imported),
    # here and in the processes that the tests start.
    os.environ.setdefault("OMP_NUM_THREADS", "1")

import torch  # noqa: E402
from filelock import FileLock  # noqa: E402

from tests.toy import (
    build_toy_edit_model,
    build_toy_model,
    build_toy_prose_model,
    write_toy_jfleg,
)

ROOT = Path(__file__).resolve().parents[1]
os.environ.setdefault("SPANCOPY_SHARED_DATA", str(ROOT.parent / "shared" / "data"))
os.environ.setdefault("SPANCOPY_JDK_SRC_ZIP", "/usr/lib/jvm/openjdk-17/lib/src.zip")
SHARED_DATA = Path(os.environ["SPANCOPY_SHARED_DATA"])
JDK_SRC_ZIP = Path(os.environ["SPANCOPY_JDK_SRC_ZIP"])
# What the data tests read (tests/core/lang/test_real_data.py, tests/trainer/test_bfp_idioms.py,
# tests/trainer/test_import_edits.py, tests/trainer/test_synth.py, tests/trainer/test_jfleg.py,
# tests/core/test_gleu.py, tests/core/test_prose_metrics.py).
REQUIRED_DATA = [
    *(
        SHARED_DATA / "bfp" / b / f"valid.{s}"
        for b in ("small", "medium")
        for s in ("buggy", "fixed")
    ),
    SHARED_DATA / "java-edits" / "manysstubs4j.jsonl",
    SHARED_DATA / "jfleg" / "dev.src",
    JDK_SRC_ZIP,
]


def default_sigint() -> None:
    """``preexec_fn`` of a child process that a test interrupts: SIGINT's default action back.
    A suite started in the background (``nohup pytest &``) inherits SIGINT ignored, and a
    Python started with SIGINT ignored never raises KeyboardInterrupt."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def spancopy_main(*args: object) -> subprocess.CompletedProcess[str]:
    """``spancopy ARGS`` run by its ``main`` in this process, its exit status and output as a
    finished process's: for the tests of what it finds, where a process would spend two
    seconds importing torch (tests/test_cli.py runs the command as a process)."""
    argv = [str(a) for a in args]
    out, err = io.StringIO(), io.StringIO()
    code: int | str | None = 0
    with redirect_stdout(out), redirect_stderr(err):
        try:
            from spancopy_core.cli import main

            main(argv)
        except SystemExit as exc:
            code = exc.code
    status = code if isinstance(code, int) else 0 if code is None else 1
    return subprocess.CompletedProcess(["spancopy", *argv], status, out.getvalue(), err.getvalue())


def pytest_sessionstart(session: pytest.Session) -> None:
    """With ``SPANCOPY_REQUIRE_DATA=1``, missing external data fails the run (no test would
    skip for want of it)."""
    if os.environ.get("SPANCOPY_REQUIRE_DATA") != "1":
        return
    missing = [str(p) for p in REQUIRED_DATA if not p.is_file()]
    if missing:
        raise pytest.UsageError(
            "SPANCOPY_REQUIRE_DATA=1 but the data tests' files are missing: " + ", ".join(missing)
        )


@pytest.hookimpl(tryfirst=True)  # before pytest-xdist reads the groups
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The tests of a module that share a module-scoped fixture of the module's own (its one
    server, its one repository) form one pytest-xdist group, run on one worker: the fixture is
    made once. A conftest's module-scoped fixture (a few data files) groups nothing: the slow
    tests that use it are better spread over both workers."""
    for item in items:
        module = item.nodeid.split("::")[0]
        info = getattr(item, "_fixtureinfo", None)
        defs = info.name2fixturedefs.values() if info is not None else ()
        if any(d.scope == "module" and d.baseid == module for ds in defs for d in ds):
            item.add_marker(pytest.mark.xdist_group(module))


@contextmanager
def _torch_on_one_thread() -> Iterator[None]:
    """Torch on one thread (a toy model trains the same on any machine, and no threads
    contend on a small, shared CPU), the thread count restored after."""
    threads = torch.get_num_threads()
    torch.set_num_threads(1)
    try:
        yield
    finally:
        torch.set_num_threads(threads)


def _built_once(
    tmp_path_factory: pytest.TempPathFactory, name: str, build: Callable[..., Path], steps: int
) -> Path:
    """The model directory ``name`` that ``build(directory, steps=steps)`` makes, trained with
    torch on one thread once per test run: the pytest-xdist workers of a run share its base
    temporary folder, and the first to take the lock builds while the others wait (a folder
    renamed into place when complete, so none reads a half-written model)."""
    base = tmp_path_factory.getbasetemp()
    shared = base.parent if "PYTEST_XDIST_WORKER" in os.environ else base
    directory = shared / name
    with FileLock(str(shared / f"{name}.lock")):
        if not directory.is_dir():
            partial = shared / f"{name}.partial"
            shutil.rmtree(partial, ignore_errors=True)
            with _torch_on_one_thread():
                build(partial, steps=steps)
            partial.rename(directory)
    return directory


@pytest.fixture
def one_thread() -> Iterator[None]:
    """Train a test's small model on one thread (restored after)."""
    with _torch_on_one_thread():
        yield


@pytest.fixture(scope="session")
def toy_model(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A model directory whose best repair of ``a > b`` is ``a >= b`` (``tests/toy.py``),
    trained once per test run."""
    return _built_once(tmp_path_factory, "toy-model", build_toy_model, steps=45)


@pytest.fixture(scope="session")
def toy_prose_model(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A prose model directory that corrects ``recieve`` to ``receive`` and ``teh`` to ``the``
    in short sentences and copies correct ones (``tests/toy.py``), trained once per run."""
    return _built_once(tmp_path_factory, "toy-prose-model", build_toy_prose_model, steps=60)


@pytest.fixture(scope="session")
def toy_edit_model(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """An edit-representation model that applies the edit it is given on one rewrite, a call's
    extra argument ``true`` (``tests/toy.py``), trained once per run."""
    return _built_once(tmp_path_factory, "toy-edit-model", build_toy_edit_model, steps=120)


@pytest.fixture
def jfleg_dir(tmp_path: Path) -> Path:
    """A JFLEG-layout directory holding the toy split (``tests/toy.py`` JFLEG_SOURCES)."""
    return write_toy_jfleg(tmp_path)
