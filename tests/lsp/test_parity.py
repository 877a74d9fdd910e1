"""The server and ``spancopy repair`` run one stage runner: the same files, opened in a real server
process and repaired by ``spancopy repair --json`` (its ``main``), get the same repairs (titles,
shares and edits) at a line, and the same methods and sentences marked without a focus
(diagnostics against ``--min-ratio``, the one confidence rule); and what the user reads of a
list: shares that never increase down it, the first action preferred, a lightbulb asked for
automatically only where the model is confident."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
import pytest_asyncio
from lsprotocol import types
from pytest_lsp import LanguageClient

from tests.conftest import spancopy_main
from tests.java_sources import TOY_CLASS

from .conftest import close, launch, line_actions, open_doc, shown_percent, until

pytestmark = pytest.mark.asyncio(loop_scope="module")

RATIO = 2.0  # diagnostics.threshold and --min-ratio

TWICE = """
    int twice(int x) {
        int y = x + x;
        return y;
    }
"""
TOY = TOY_CLASS.removesuffix("}\n") + TWICE + "}\n"  # the toy class and a third method
COMMENTED = """class C {
    /**
     * Returns the value. I recieve it today.
     */
    int f(int x) {
        // They receive teh file.
        return x;
    }
}
"""
NOTES = "I recieve it today.\n\nWe receive the letter again.\n\nThey receive teh file.\n"
FILES = {
    "Toy.java": ("java", TOY),
    "C.java": ("java", COMMENTED),
    "notes.txt": ("plaintext", NOTES),
}


def line_of(text: str, needle: str) -> int:
    """The 1-based line of ``needle`` in ``text``."""
    return text[: text.index(needle)].count("\n") + 1


# (file, 1-based line, the model the CLI is given: that of the unit at the line)
AT_A_LINE = [
    ("Toy.java", line_of(TOY, "value > limit"), "java"),  # the bug's line
    ("Toy.java", line_of(TOY, "return limit;"), "java"),  # its method, another line
    ("Toy.java", line_of(TOY, "size < cap"), "java"),
    ("Toy.java", line_of(TOY, "int y = x + x;"), "java"),  # a correct method
    ("C.java", line_of(COMMENTED, "recieve"), "prose"),  # a Javadoc sentence
    ("C.java", line_of(COMMENTED, "teh file"), "prose"),  # a comment inside a method
    ("C.java", line_of(COMMENTED, "return x;"), "java"),
    ("notes.txt", line_of(NOTES, "recieve"), "prose"),
    ("notes.txt", line_of(NOTES, "teh"), "prose"),
    ("notes.txt", line_of(NOTES, "letter"), "prose"),  # a correct sentence
]


def percent(p: float) -> str:
    """How a share reads in a title (LSP titles and the CLI's JSON share one display)."""
    return "<1%" if p < 0.01 else ">99%" if p > 0.995 else f"{round(100 * p)}%"


def cli(models: dict[str, Path], path: Path, model: str, *args: Any) -> dict[str, Any]:
    """``spancopy repair`` as the server repairs: without the compile check of Java repairs,
    which only the command runs (a JDK on the machine; see docs/server.md)."""
    out = spancopy_main(
        "repair", path, "--json", "--no-compile-check", "--model", models[model], *args
    )
    assert out.returncode == 0, out.stderr
    return json.loads(out.stdout)


def cli_repairs(found: dict[str, Any]) -> list[tuple[str, str, list[tuple]]]:
    """(title, share as shown, edits) of every repair of every unit, in order."""
    return [
        (r["title"], percent(r["probability"]), [_edit(e) for e in r["edits"]])
        for m in found["methods"]
        for r in m["repairs"]
    ]


def _edit(e: dict[str, Any]) -> tuple:
    s, t = e["start"], e["end"]
    return (s["line"], s["character"], t["line"], t["character"], e["newText"])


def server_repairs(actions: list[types.CodeAction]) -> list[tuple[str, str, list[tuple]]]:
    out = []
    for a in actions:
        title, share = a.title.rsplit(" (", 1)
        assert a.edit is not None and a.edit.document_changes
        (change,) = a.edit.document_changes
        assert isinstance(change, types.TextDocumentEdit)
        edits = [
            (e.range.start.line, e.range.start.character, e.range.end.line, e.range.end.character)
            + (e.new_text,)
            for e in change.edits
        ]
        out.append((title, share.rstrip(")"), edits))
    return out


@pytest.fixture(scope="module")
def files(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    folder = tmp_path_factory.mktemp("parity")
    for name, (_, text) in FILES.items():
        (folder / name).write_text(text, encoding="utf-8")
    return {name: folder / name for name in FILES}


@pytest.fixture(scope="module")
def models(toy_model: Path, toy_prose_model: Path) -> dict[str, Path]:
    return {"java": toy_model, "prose": toy_prose_model}


@pytest_asyncio.fixture(scope="module", loop_scope="module")
async def client(models: dict[str, Path], files: dict[str, Path]):
    """One server with diagnostics on for methods and sentences, every file open."""
    settings = {
        "prose": {"modelPath": str(models["prose"]), "diagnostics": {"enable": True}},
        "diagnostics": {"enable": True, "threshold": RATIO, "debounceMs": 0},
    }
    c = await launch(models["java"], settings)
    for name, (language, text) in FILES.items():
        open_doc(c, files[name].as_uri(), text, language=language)
    yield c
    await close(c)


async def ask(
    client: LanguageClient, uri: str, line: int, trigger: types.CodeActionTriggerKind | None = None
) -> list[types.CodeAction]:
    """The code actions of a whole 0-based line (the CLI's ``--line`` is its whole line)."""
    text = FILES[Path(uri).name][1].split("\n")[line]
    found = await line_actions(client, uri, line, text, trigger)
    assert found is not None
    return found


@pytest.mark.parametrize(("name", "line", "model"), AT_A_LINE)
async def test_the_same_repairs_at_a_line(client, files, models, name: str, line: int, model: str):
    actions = await ask(client, files[name].as_uri(), line - 1)
    found = cli(models, files[name], model, "--line", line)
    assert server_repairs(actions) == cli_repairs(found)


async def test_the_cases_cover_lists_and_empty_answers(client, files):
    """The parity above is not only between empty lists: every line but the correct
    sentence's gets repairs, the Java lines lists of several (a corrected sentence gets its
    correction alone: no templates undo it), and the correct sentence gets none."""
    sizes = [len(await ask(client, files[n].as_uri(), line - 1)) for n, line, _ in AT_A_LINE]
    assert sum(1 for s in sizes if s >= 1) == len(sizes) - 1 and 0 in sizes, str(sizes)
    assert sum(1 for s in sizes if s > 1) >= 4, str(sizes)


@pytest.mark.parametrize(("name", "model"), [("Toy.java", "java"), ("notes.txt", "prose")])
async def test_diagnostics_mark_what_min_ratio_keeps(client, files, models, name, model):
    """Without a focus: the units diagnostics mark at the threshold are those that ``spancopy
    repair --min-ratio`` leaves a repair, with the same repair named, on the same text."""
    uri = files[name].as_uri()
    await until(lambda: uri in client.diagnostics, timeout=120)
    found = cli(models, files[name], model, "--min-ratio", RATIO)
    marked = [m for m in found["methods"] if m["repairs"]]
    assert marked, "nothing to compare"
    assert len(client.diagnostics[uri]) == len(marked)
    by_line = sorted(client.diagnostics[uri], key=lambda d: d.range.start.line)
    for d, m in zip(by_line, marked, strict=True):
        best = max(m["repairs"], key=lambda r: r["log_prob"])
        head = f"{m['name']}: possible fix: " if model == "java" else "Possible fix: "
        assert d.message.startswith(f"{head}{best['title']} ("), d.message
        first = min((e["start"]["line"], e["start"]["character"]) for e in best["edits"])
        assert (d.range.start.line, d.range.start.character) == first


async def test_shares_decrease_down_the_list_and_the_first_is_preferred(client, files):
    """On a line off the fix (its method's repairs penalised there, the templates of the line
    not), the list is read top down: shares never increase, the first action is preferred."""
    actions = await ask(client, files["Toy.java"].as_uri(), line_of(TOY, "return limit;") - 1)
    assert len(actions) > 2
    shares = [shown_percent(a) for a in actions]
    assert shares == sorted(shares, reverse=True)
    assert [bool(a.is_preferred) for a in actions] == [True] + [False] * (len(actions) - 1)


async def test_an_automatic_request_gets_fixes_only_where_the_model_is_confident(client, files):
    """The cursor moving over the correct ``twice`` asks automatically and gets nothing; the
    user asking there gets its repairs; at the bug both get the same list."""
    uri = files["Toy.java"].as_uri()
    automatic, invoked = types.CodeActionTriggerKind.Automatic, types.CodeActionTriggerKind.Invoked
    correct = line_of(TOY, "int y = x + x;") - 1
    assert await ask(client, uri, correct, automatic) == []
    assert await ask(client, uri, correct, invoked)
    assert await ask(client, uri, correct)  # no trigger kind: invoked
    bug = line_of(TOY, "value > limit") - 1
    assert (
        [a.title for a in await ask(client, uri, bug, automatic)]
        == [a.title for a in await ask(client, uri, bug, invoked)]
        != []
    )
    prose = files["notes.txt"].as_uri()  # a respelling: the corrector is sure
    assert await ask(client, prose, line_of(NOTES, "recieve") - 1, automatic)
