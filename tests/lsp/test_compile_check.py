"""The compile check of Java repairs in the server (``java.compileCheck``), through real server
processes: where a JDK is on PATH, a file that compiles is offered no repair after which it no
longer does (javac itself says so, run here apart), nor is one that needs a class of its project
the server cannot see (javac with that class says so), nor one on disk beside the classes of
its project that javac needs to see the error; a file with another error keeps every
repair; without a JDK the repairs are those of a server that never compiles, and the log says
why once."""

from __future__ import annotations

import asyncio
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from lsprotocol import types
from pytest_lsp import LanguageClient

from lsp_server.settings import ServerSettings
from spancopy_core.lang.java import compiler

from .conftest import (
    SERVER_ENV,
    Start,
    change_doc,
    check_repairs,
    launch,
    line_actions,
    open_doc,
)

needs_jdk = pytest.mark.skipif(not compiler.available(), reason="no JDK (javac, java) on PATH")
served = pytest.mark.asyncio(loop_scope="function")  # through real server processes

# var hides the strings' type from the validity check: the toy model's comparisons of them
# (name <= other) are left to javac, which rejects them; name != other compiles
METHOD = """    boolean same(int size) {
        var name = "cap";
        var other = "size";
        return name == other;
    }
"""
TOY = "class Toy {\n" + METHOD + "}\n"
BROKEN = TOY.removesuffix("}\n") + '\n    int broken() {\n        return "s";\n    }\n}\n'
# a file of a project: it extends, and calls, a class of the project that javac alone cannot see
PROJECT = TOY.replace("class Toy {", "class Toy extends Base {").removesuffix("}\n")
PROJECT += "\n    int first() {\n        return size(1);\n    }\n}\n"
BASE = "class Base {\n    int size(int n) {\n        return n;\n    }\n}\n"
URI = "file:///work/Toy.java"
LINE = 4  # 0-based: return name == other;
ON, OFF = ({"java": {"compileCheck": mode}} for mode in ("on", "off"))


def javac_accepts(folder: Path, text: str, *others: str) -> bool:
    """Whether javac compiles ``text`` as Toy.java, with the classes ``others`` beside it (a
    process of its own)."""
    (folder / "Toy.java").write_text(text, encoding="utf-8")
    sources = [folder / "Toy.java"]
    for k, other in enumerate(others):
        sources.append(folder / "others" / str(k) / "Base.java")
        sources[-1].parent.mkdir(parents=True, exist_ok=True)
        sources[-1].write_text(other, encoding="utf-8")
    done = subprocess.run(
        ["javac", "-d", str(folder / "classes"), *map(str, sources)],
        capture_output=True,
        timeout=600,  # seconds; the limit only keeps a hang from blocking the suite
    )
    return done.returncode == 0


async def titles(client: LanguageClient, text: str) -> list[str]:
    """The titles of the code actions asked for (Ctrl+.) on :data:`LINE` of ``text``."""
    found = await line_actions(
        client, URI, LINE, text.splitlines()[LINE], types.CodeActionTriggerKind.Invoked
    )
    return [a.title for a in found or []]


async def compiled(client: LanguageClient, text: str, unchecked: list[str]) -> list[str]:
    """The titles once they differ from ``unchecked``: a request that comes before javac's
    JVM is up gets the repairs unchecked (asked again, as a lightbulb is)."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + 120  # a bound for a hang, never reached
    while (found := await titles(client, text)) == unchecked:
        assert loop.time() < deadline, "the repairs were never compiled"
        await asyncio.sleep(0.1)
    return found


@pytest.mark.slow
@served
@needs_jdk
async def test_a_repair_that_does_not_compile_is_not_offered(start: Start, tmp_path: Path):
    off, on = await start(settings=OFF), await start(settings=ON)
    for client in (off, on):
        open_doc(client, URI, TOY)
    unchecked = await line_actions(off, URI, LINE, TOY.splitlines()[LINE])
    texts = check_repairs(unchecked, TOY, URI, 1, METHOD)
    accepted = {a.title: javac_accepts(tmp_path, t) for a, t in zip(unchecked or [], texts)}
    assert not all(accepted.values())  # the check has work to do
    found = await compiled(on, TOY, list(accepted))
    checked = await line_actions(on, URI, LINE, TOY.splitlines()[LINE])
    assert [a.title for a in checked or []] == found
    texts = check_repairs(checked, TOY, URI, 1, METHOD)
    # what javac rejects is gone, what it accepts stays, in order
    assert [t for t in found if t in accepted] == [t for t, ok in accepted.items() if ok]
    assert javac_accepts(tmp_path, texts[0]) and found[0].startswith(
        'Change to "return name != other;"'
    )


@pytest.mark.slow
@served
@needs_jdk
async def test_a_file_that_needs_its_projects_classes_is_checked(start: Start, tmp_path: Path):
    assert not javac_accepts(tmp_path, PROJECT) and javac_accepts(tmp_path, PROJECT, BASE)
    off, on = await start(settings=OFF), await start(settings=ON)
    for client in (off, on):
        open_doc(client, URI, PROJECT)
    unchecked = await line_actions(off, URI, LINE, PROJECT.splitlines()[LINE])
    texts = check_repairs(unchecked, PROJECT, URI, 1, METHOD)
    accepted = {a.title: javac_accepts(tmp_path, t, BASE) for a, t in zip(unchecked or [], texts)}
    assert not all(accepted.values())  # the check has work to do
    found = await compiled(on, PROJECT, list(accepted))
    # what javac with the project's class rejects is gone, what it accepts stays, in order
    assert [t for t in found if t in accepted] == [t for t, ok in accepted.items() if ok]


# a file on disk beside the class of its project that gives name its type: alone, javac cannot
# tell what name is and finds nothing wrong with name <= other; with Labels in reach it does
NAMED = METHOD.replace('var name = "cap";', "var name = label();")
LABELLED = "class Toy extends Labels {\n" + NAMED + "}\n"
LABELS = 'class Labels {\n    String label() {\n        return "cap";\n    }\n}\n'


@pytest.mark.slow
@served
@needs_jdk
async def test_a_file_beside_its_projects_classes_is_compiled_with_them(
    start: Start, tmp_path: Path
):
    project = tmp_path / "project"
    project.mkdir()
    (project / "Labels.java").write_text(LABELS, encoding="utf-8")
    (project / "Toy.java").write_text(LABELLED, encoding="utf-8")
    uri, line = (project / "Toy.java").as_uri(), LABELLED.splitlines()[LINE]
    off, on = await start(settings=OFF), await start(settings=ON)
    for client in (off, on):
        open_doc(client, uri, LABELLED)
    unchecked = await line_actions(off, uri, LINE, line, types.CodeActionTriggerKind.Invoked)
    texts = check_repairs(unchecked, LABELLED, uri, 1, NAMED)
    work = tmp_path / "javac"
    work.mkdir()
    accepted = {a.title: javac_accepts(work, t, LABELS) for a, t in zip(unchecked or [], texts)}
    assert not all(accepted.values())  # the check has work to do
    loop = asyncio.get_running_loop()
    deadline = loop.time() + 120  # a bound for a hang, never reached
    while True:  # a request before javac's JVM is up gets the repairs unchecked
        found = await line_actions(on, uri, LINE, line, types.CodeActionTriggerKind.Invoked)
        titles = [a.title for a in found or []]
        if titles != list(accepted):
            break
        assert loop.time() < deadline, "the repairs were never compiled with Labels"
        await asyncio.sleep(0.1)
    # what javac with the project's class rejects is gone, what it accepts stays, in order
    assert [t for t in titles if t in accepted] == [t for t, ok in accepted.items() if ok]


@pytest.mark.slow
@served
@needs_jdk
async def test_a_file_with_another_error_keeps_its_repairs(start: Start, tmp_path: Path):
    assert not javac_accepts(tmp_path, BROKEN)
    off, on = await start(settings=OFF), await start(settings=ON)
    for client in (off, on):
        open_doc(client, URI, TOY)
    await compiled(on, TOY, await titles(off, TOY))  # javac is up: its verdicts come in time
    for client in (off, on):
        change_doc(client, URI, 2, BROKEN)
    unchecked = await titles(off, BROKEN)
    assert any("name <= other" in t for t in unchecked)  # one javac would reject
    assert [await titles(on, BROKEN) for _ in range(3)] == [unchecked] * 3


@pytest.mark.slow
@served
async def test_without_a_jdk_the_repairs_are_unchanged(start: Start):
    python = str(Path(sys.executable).parent)
    if shutil.which("javac", path=python):
        pytest.skip("a JDK beside the interpreter")
    env = {**SERVER_ENV, "PATH": python}
    off, on = await start(settings=OFF), await start(settings=ON, env=env)
    for client in (off, on):
        open_doc(client, URI, TOY)
    unchecked = await titles(off, TOY)
    assert unchecked and [await titles(on, TOY) for _ in range(2)] == [unchecked] * 2
    said = [m.message for m in on.log_messages if "not compiled" in m.message]
    assert len(said) == 1 and said[0].endswith(
        "Java repairs are not compiled: no JDK (javac and java) on PATH"
    )
    assert not [m for m in on.log_messages if m.type == types.MessageType.Error]


@pytest.mark.parametrize(
    ("mode", "automatic", "invoked", "unsaid"),
    [("on", True, True, True), ("auto", False, True, False), ("off", False, False, False)],
)
def test_which_requests_are_compiled(mode: str, automatic: bool, invoked: bool, unsaid: bool):
    settings = ServerSettings(java_compile_check=mode)
    found = [settings.compile_check(a) for a in (True, False, None)]
    assert found == [automatic, invoked, unsaid]
    assert ServerSettings().java_compile_check == "auto"


def children(pid: int) -> set[int]:
    """The processes ``pid`` started that are still running (Linux's /proc)."""
    found: set[int] = set()
    for task in Path(f"/proc/{pid}/task").iterdir():
        found |= {int(c) for c in (task / "children").read_text().split()}
    return found


@pytest.mark.slow
@served
@needs_jdk
@pytest.mark.skipif(not Path("/proc/self/task").is_dir(), reason="no /proc")
async def test_javac_starts_with_the_first_check_and_ends_with_the_server(
    start: Start, toy_model: Path
):
    off, on = await start(settings=OFF), await launch(toy_model, ON)
    try:
        assert on._server is not None
        pid = on._server.pid
        for client in (off, on):
            open_doc(client, URI, TOY)
        assert not children(pid)
        await compiled(on, TOY, await titles(off, TOY))
        (jvm,) = children(pid)
        assert Path(f"/proc/{jvm}/cmdline").read_bytes().split(b"\0")[0].endswith(b"java")
        await on.shutdown_async(None)  # answered once the JVM has ended
        ended = not Path(f"/proc/{jvm}").exists()
    finally:
        on.exit(None)
        await on.stop()
    assert ended
