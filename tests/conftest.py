"""Fixtures shared by the server and editor-client tests, and where the external data is.

The tests that read the external data sets (BFP, java-edits) or the JDK sources find them
through ``SPANCOPY_SHARED_DATA`` and ``SPANCOPY_JDK_SRC_ZIP``; unset, these default here to
``shared/data`` beside the clone (the layout of the CI machine and of a checkout next to the
project's shared folder) and to the sources of Debian's ``openjdk-17-source``. Where the
data is absent those tests skip with a reason, unless ``SPANCOPY_REQUIRE_DATA=1`` (as
``.ci/run`` sets): then the run stops at once with the missing paths.
"""

from __future__ import annotations

import os
import signal
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
import torch

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


def _on_one_thread(build: Callable[..., Path], *args: Any, **kwargs: Any) -> Path:
    """``build(*args, **kwargs)`` with torch on one thread."""
    with _torch_on_one_thread():
        return build(*args, **kwargs)


@pytest.fixture
def one_thread() -> Iterator[None]:
    """Train a test's small model on one thread (restored after)."""
    with _torch_on_one_thread():
        yield


@pytest.fixture(scope="session")
def toy_model(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A model directory whose best repair of ``a > b`` is ``a >= b`` (``tests/lsp/toy.py``),
    trained once per test session."""
    return _on_one_thread(build_toy_model, tmp_path_factory.mktemp("toy-model"), steps=45)


@pytest.fixture(scope="session")
def toy_prose_model(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A prose model directory that corrects ``recieve`` to ``receive`` and ``teh`` to ``the``
    in short sentences and copies correct ones (``tests/toy.py``), trained once per session."""
    directory = tmp_path_factory.mktemp("toy-prose-model")
    return _on_one_thread(build_toy_prose_model, directory, steps=60)


@pytest.fixture(scope="session")
def toy_edit_model(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """An edit-representation model that applies the edit it is given on one rewrite, a call's
    extra argument ``true`` (``tests/toy.py``), trained once per session."""
    directory = tmp_path_factory.mktemp("toy-edit-model")
    return _on_one_thread(build_toy_edit_model, directory, steps=120)


@pytest.fixture
def jfleg_dir(tmp_path: Path) -> Path:
    """A JFLEG-layout directory holding the toy split (``tests/toy.py`` JFLEG_SOURCES)."""
    return write_toy_jfleg(tmp_path)
