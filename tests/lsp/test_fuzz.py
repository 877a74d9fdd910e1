"""A seeded protocol fuzz test against a real ``python -m lsp_server`` (issues 13 and 28).

A driver of random operations: opens (some URIs percent-encoded), incremental edits with
random ranges (CRLF, lone CR, emoji, ``\\f``, U+2028, positions past the end of a line), full
changes, closes and reopens at version 1, code actions, resolves, ``spancopy.repairMethod``
(sometimes with bad arguments), ``$/cancelRequest`` (sometimes with an id of another JSON type,
or none), settings changes, model reloads and malformed messages (not JSON, nested thousands
of levels deep, not an object, a wrong ``jsonrpc``, ids of every JSON type, params of the
wrong shape or type, unknown methods, notifications sent with an id, responses to ids never
sent). The client keeps its own copy of every document, edited by ``tests/lsp/editor.py`` (an
independent reference), and checks that every request is answered (a result, or
ContentModified / RequestCancelled, or the JSON-RPC error that a malformed request deserves,
with its id), that every returned edit names the document and the version the client had
when it asked, applies to that text, changes it inside one method or one comment (the units
of Java and of the prose model that repairs comments), and leaves a file that parsed still
parsing; and that the server never exits, answers -32603 or logs an error.

The default run is bounded (two fixed seeds, 200 operations each). ``SPANCOPY_FUZZ_SECONDS=N``
runs sessions with new seeds for N seconds; ``SPANCOPY_FUZZ_SEED`` sets the first seed;
``SPANCOPY_FUZZ_LOG=FILE`` appends the servers' log messages to FILE. Each run prints one
``FUZZ`` line with its figures (pytest ``-s``).
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import json
import os
import random
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
import tree_sitter
import tree_sitter_java
from lsprotocol import types
from pygls.exceptions import JsonRpcException

from . import editor
from .conftest import capabilities, close, launch, parses
from .test_server import TOY

CANCELLED, CONTENT_MODIFIED, INVALID_PARAMS, INVALID_REQUEST = -32800, -32801, -32602, -32600
METHOD_NOT_FOUND = -32601
ANSWER_WAIT = 120  # seconds to wait for the last answers (never reached by a working server)
BASES = [
    TOY,
    TOY.replace("\n", "\r\n"),
    TOY.replace("class Toy {", "class Toy { /* 😀\u2028é\f */").replace("int limit", "int limit𝄞"),
    "class E {\n    int f(int a, int b) {\n        return a > b ? a : b;\n    }\n}\n",
    "interface I {\n    int area(int w, int h);\n\n    default boolean fits(int size, int cap) {\n"
    "        return size < cap;\n    }\n}\n",  # where a constructor or a body does not belong
]
PIECES = ["x", " ", "a", "value", ">", "<", "=", ";", "\n", "\r\n", "\r", "😀", "\f", "\u2028",
          "é", "𝄞", "}", "{", "(", ")", "int y = 0;\n", "return 1;", ""]  # fmt: skip
URIS = [
    "file:///tmp/fuzz/A.java",
    "file:///tmp/Fuzz%20Dir/B.java",
    "file:///c%3A/fuzz/C.java",
    "untitled:Fuzz-D",
]
SETTINGS = [
    {"topK": 3},
    {"topK": 5, "beamSize": 8},
    {"syntaxCheck": False},
    {"decoding": "greedy"},
    {"decoding": "merged", "beamSize": 20, "syntaxCheck": True},
    {"beamSize": "wide"},  # a bad value: a warning, the default is used
]
# ids a $/cancelRequest or a request may carry that no request has: every JSON type
BAD_IDS: list[Any] = [[1], {"id": 1}, 1.5, 1.0, True, False, None, "never-sent", 10**6, -1]
AT = {"line": 0, "character": 0}
# params of textDocument/codeAction that do not validate, of every kind
BAD_ACTION_PARAMS: list[Any] = [
    5,
    "text",
    True,
    [1, 2],
    {},
    {"textDocument": {"uri": 5}, "range": {"start": AT, "end": AT}, "context": {"diagnostics": []}},
    {"textDocument": {"uri": "file:///x"}, "range": {"start": {"line": "0", "character": 0}}},
    {"textDocument": {"uri": "file:///x"}, "range": {"start": {"line": -1, "character": 0}}},
]


@dataclass
class Doc:
    """The client's copy of one document."""

    text: str
    version: int = 1
    opening: int = 0
    syntax_check: bool = True  # the server's setting when a request was sent


@dataclass
class Stats:
    operations: int = 0
    requests: int = 0
    answered: int = 0
    unanswered: int = 0
    crashes: int = 0
    internal_errors: int = 0
    error_logs: int = 0
    actions: int = 0
    content_modified: int = 0
    edits_checked: int = 0
    bad_edits: int = 0
    malformed: int = 0
    problems: list[str] = field(default_factory=list)

    def add(self, other: Stats) -> None:
        for name in self.__dataclass_fields__:
            if name != "problems":
                setattr(self, name, getattr(self, name) + getattr(other, name))
        self.problems += other.problems

    def line(self, seeds: str, seconds: float) -> str:
        return (
            f"FUZZ seeds={seeds} seconds={seconds:.0f} operations={self.operations} "
            f"requests={self.requests} answered={self.answered} unanswered={self.unanswered} "
            f"crashes={self.crashes} internal_errors={self.internal_errors} "
            f"error_logs={self.error_logs} actions={self.actions} "
            f"content_modified={self.content_modified} edits_checked={self.edits_checked} "
            f"bad_edits={self.bad_edits} malformed={self.malformed}"
        )


_PARSER = tree_sitter.Parser(tree_sitter.Language(tree_sitter_java.language()))


UNIT_NODES = ("method_declaration", "constructor_declaration", "compact_constructor_declaration",
              "line_comment", "block_comment")  # fmt: skip


def unit_spans(text: str) -> list[tuple[int, int]]:
    """Code-point spans of every method, constructor and comment in ``text`` (by tree-sitter):
    where a repair may change the text."""
    data = text.encode("utf-8", "surrogatepass")
    spans, stack = [], [_PARSER.parse(data).root_node]
    while stack:
        node = stack.pop()
        if node.type in UNIT_NODES:
            start = len(data[: node.start_byte].decode("utf-8", "surrogatepass"))
            end = len(data[: node.end_byte].decode("utf-8", "surrogatepass"))
            spans.append((start, end))
        stack.extend(node.children)
    return spans


def edited_region(text: str, action: Any, encoding: str) -> tuple[int, int]:
    """The code-point span of ``text`` that the action's edits replace (their ranges, not a
    diff of the texts: inserting ``" <="`` after ``"} "`` and ``"<= "`` after ``"}"`` give the
    same text, but only the edit says where the server put it)."""
    (change,) = action.edit.document_changes
    offsets = [
        editor.to_offset(text, pos, encoding)
        for e in change.edits
        for pos in (e.range.start, e.range.end)
    ]
    return min(offsets), max(offsets)


def check_edit(action: Any, uri: str, doc: Doc, encoding: str) -> str | None:
    """Why the code action's edit is bad for the client's ``doc`` (None if good)."""
    if isinstance(action, dict):
        action = CONVERTER.structure(action, types.CodeAction)
    if action.edit is None:
        return None
    try:
        new = editor.apply_action(doc.text, action, uri, doc.version, encoding)
    except (AssertionError, ValueError) as exc:
        return f"does not apply to version {doc.version}: {exc!r} {action.edit}"
    if new == doc.text:
        return "changes nothing"
    a, b = edited_region(doc.text, action, encoding)
    if not any(s <= a and b <= e for s, e in unit_spans(doc.text)):
        return f"changes {doc.text[a:b]!r} at {a}-{b}, outside one method or comment"
    if doc.syntax_check and parses(doc.text) and not parses(new):
        return "breaks a file that parsed"
    return None


CONVERTER: Any = None


class Session:
    """One server and the client's model of its documents, driven by ``rng``."""

    def __init__(self, client: Any, rng: random.Random, encoding: str, resolve: bool) -> None:
        self.client, self.rng, self.encoding, self.resolving = client, rng, encoding, resolve
        self.docs: dict[str, Doc] = {}
        self.openings = 0
        self.pending: list[tuple[asyncio.Future, str, Any]] = []
        # (uri, opening, syntaxCheck when it was computed, action) to resolve
        self.actions: list[tuple[str, int, bool, Any]] = []
        self.stats = Stats()
        self.ids = 0
        self.wait = False
        self.syntax_check = True
        self.seed = 0

    # -- sending ---------------------------------------------------------------------------
    def send(self, method: str, params: Any, check: Any, expected: tuple[int, ...] = ()) -> str:
        self.ids += 1
        msg_id = f"fz-{self.ids}"
        fut = asyncio.wrap_future(self.client.protocol.send_request(method, params, msg_id=msg_id))
        self.pending.append((fut, msg_id, (check, expected)))
        self.stats.requests += 1
        return msg_id

    def position(self, text: str, offset: int, clamp: bool = True) -> types.Position:
        pos = editor.to_position(text, offset, self.encoding)
        at_end = offset == len(text) or text[offset] in "\r\n"
        if clamp and at_end and self.rng.random() < 0.3:  # past the end of the line: clamped
            pos = types.Position(line=pos.line, character=pos.character + self.rng.randint(1, 9))
        return pos

    def offset(self, text: str) -> int:
        """A random offset an editor can point at (not between \\r and \\n), often at an
        operator (where the toy model has fixes)."""
        operators = [k for k, ch in enumerate(text) if ch in "<>"]
        if operators and self.rng.random() < 0.6:
            return self.rng.choice(operators) + self.rng.randint(0, 1)
        while True:
            k = self.rng.randint(0, len(text))
            if not (0 < k < len(text) and text[k - 1 : k + 1] == "\r\n"):
                return k

    # -- operations ------------------------------------------------------------------------
    def open(self, uri: str) -> None:
        self.openings += 1
        doc = self.docs[uri] = Doc(self.rng.choice(BASES), 1, self.openings)
        self.client.text_document_did_open(
            types.DidOpenTextDocumentParams(
                text_document=types.TextDocumentItem(
                    uri=uri, language_id="java", version=1, text=doc.text
                )
            )
        )

    def close(self, uri: str) -> None:
        del self.docs[uri]
        self.client.text_document_did_close(
            types.DidCloseTextDocumentParams(text_document=types.TextDocumentIdentifier(uri=uri))
        )

    def edit(self, uri: str) -> None:
        doc, changes = self.docs[uri], []
        for _ in range(self.rng.choice([1, 1, 1, 2, 3])):
            a, b = sorted((self.offset(doc.text), self.offset(doc.text)))
            if self.rng.random() < 0.5:
                b = min(len(doc.text), a + self.rng.randint(0, 3))
                if 0 < b < len(doc.text) and doc.text[b - 1 : b + 1] == "\r\n":
                    b += 1
            new = "".join(self.rng.choice(PIECES) for _ in range(self.rng.randint(0, 3)))
            rng = types.Range(start=self.position(doc.text, a), end=self.position(doc.text, b))
            doc.text = doc.text[:a] + new + doc.text[b:]
            changes.append(types.TextDocumentContentChangePartial(range=rng, text=new))
        doc.version += 1
        self.change(uri, doc.version, changes)

    def full_change(self, uri: str) -> None:
        doc = self.docs[uri]
        doc.text, doc.version = self.rng.choice(BASES), doc.version + 1
        self.change(uri, doc.version, [types.TextDocumentContentChangeWholeDocument(text=doc.text)])

    def change(self, uri: str, version: int, changes: list) -> None:
        self.client.text_document_did_change(
            types.DidChangeTextDocumentParams(
                text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=version),
                content_changes=changes,
            )
        )

    def code_action(self, uri: str) -> None:
        doc = self.docs.get(uri)
        text = doc.text if doc else TOY
        a, b = sorted((self.offset(text), self.offset(text)))
        if self.rng.random() < 0.7:
            b = a
        rng = types.Range(start=self.position(text, a), end=self.position(text, b))
        params = types.CodeActionParams(
            text_document=types.TextDocumentIdentifier(uri=uri),
            range=rng,
            context=types.CodeActionContext(diagnostics=[]),
        )
        snapshot = Doc(doc.text, doc.version, doc.opening, self.syntax_check) if doc else None
        self.send("textDocument/codeAction", params, ("actions", uri, snapshot))
        self.wait = self.rng.random() < 0.5  # the user looks at the lightbulb

    def repair_method(self, uri: str) -> None:
        doc = self.docs.get(uri)
        text = doc.text if doc else TOY
        pos = self.position(text, self.offset(text))
        args: Any = [{"uri": uri, "position": {"line": pos.line, "character": pos.character}}]
        expected: tuple[int, ...] = ()
        if self.rng.random() < 0.15:  # bad arguments
            args = self.rng.choice([[], [uri], [{"uri": uri, "position": {"line": -1}}], None])
            expected = (INVALID_PARAMS,)
        params = types.ExecuteCommandParams(command="spancopy.repairMethod", arguments=args)
        snapshot = Doc(doc.text, doc.version, doc.opening, self.syntax_check) if doc else None
        self.send("workspace/executeCommand", params, ("actions", uri, snapshot), expected)
        self.wait = self.rng.random() < 0.5

    def resolve(self) -> None:
        uri, opening, syntax_check, action = self.rng.choice(self.actions)
        doc = self.docs.get(uri)
        checked = syntax_check and self.syntax_check
        snapshot = Doc(doc.text, doc.version, doc.opening, checked) if doc else None
        check = ("resolved", uri, snapshot if snapshot and snapshot.opening == opening else None)
        self.send("codeAction/resolve", action, check)

    def cancel(self) -> None:
        live = [msg_id for fut, msg_id, _ in self.pending if not fut.done()]
        if live and self.rng.random() < 0.7:
            msg_id = self.rng.choice(live)
            self.client.protocol.notify("$/cancelRequest", types.CancelParams(id=msg_id))
        elif self.rng.random() < 0.9:  # an id that is no request's, of any JSON type
            params = {"id": self.rng.choice(BAD_IDS)}
            self.send_raw({"jsonrpc": "2.0", "method": "$/cancelRequest", "params": params})
        else:  # no id, no params
            self.send_raw({"jsonrpc": "2.0", "method": "$/cancelRequest"})

    # -- malformed messages ----------------------------------------------------------------
    def send_raw(self, message: Any, msg_id: str | None = None, expected: int = 0) -> None:
        """Write ``message`` (JSON, or the bytes of a body) as it is; with ``msg_id``, it is
        a request that must be answered with the error ``expected``."""
        body = message if isinstance(message, bytes) else json.dumps(message).encode()
        if msg_id is not None:
            fut: concurrent.futures.Future = concurrent.futures.Future()
            self.client.protocol._request_futures[msg_id] = fut
            self.pending.append((asyncio.wrap_future(fut), msg_id, (("malformed",), (expected,))))
            self.stats.requests += 1
        self.client.protocol.writer.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)

    def malformed(self) -> None:
        """One malformed message; the requests among them are answered with their error."""
        self.stats.malformed += 1
        self.ids += 1
        msg_id, kind = f"fz-bad-{self.ids}", self.rng.randrange(9)
        depth = self.rng.choice([200, 3000, 20000])
        deep = b"[" * depth + b"]" * depth
        if kind == 0:  # not JSON, or not an object: answered with id null
            self.send_raw(self.rng.choice([b"{not json", b"", b"\xff", b"[1]", b"5", b"null"]))
        elif kind == 1:  # a request nested thousands of levels deep
            head = b'{"jsonrpc": "2.0", "id": "%s", "method": "textDocument/codeAction", ' % (
                msg_id.encode()
            )
            self.send_raw(head + b'"params": ' + deep + b"}", msg_id, INVALID_REQUEST)
        elif kind == 2:  # a notification, or no object at all, as deep
            notification = b'{"jsonrpc": "2.0", "method": "$/setTrace", "params": ' + deep + b"}"
            self.send_raw(self.rng.choice([notification, deep]))
        elif kind == 3:  # another JSON-RPC version
            self.send_raw(
                {"jsonrpc": "1.0", "id": msg_id, "method": "shutdown"}, msg_id, INVALID_REQUEST
            )
        elif kind == 4:  # a request whose id is of another JSON type: answered with id null
            bad = self.rng.choice(BAD_IDS[:7])
            self.send_raw({"jsonrpc": "2.0", "id": bad, "method": "shutdown"})
        elif kind == 5:  # params of the wrong shape or type
            params = self.rng.choice(BAD_ACTION_PARAMS)
            message = {"jsonrpc": "2.0", "id": msg_id, "method": "textDocument/codeAction"}
            self.send_raw({**message, "params": params}, msg_id, INVALID_PARAMS)
        elif kind == 6:  # bad params, an unknown method, a notification sent with an id
            method, params, code = self.rng.choice(
                [
                    ("workspace/executeCommand", {"command": 5}, INVALID_PARAMS),
                    ("codeAction/resolve", {"title": [1]}, INVALID_PARAMS),
                    ("no/such/method", {}, METHOD_NOT_FOUND),
                    ("$/cancelRequest", {"id": msg_id}, INVALID_REQUEST),
                    ("exit", None, INVALID_REQUEST),
                ]
            )
            message = {"jsonrpc": "2.0", "id": msg_id, "method": method, "params": params}
            self.send_raw(message, msg_id, code)
        elif kind == 7:  # notifications that do not validate: dropped
            method, params = self.rng.choice(
                [("$/setTrace", {"value": 5}), ("workspace/didChangeConfiguration", [1]),
                 ("no/such/notification", {"x": 1}), ("initialized", "text")]
            )  # fmt: skip
            self.send_raw({"jsonrpc": "2.0", "method": method, "params": params})
        else:  # a response to an id never sent
            self.send_raw({"jsonrpc": "2.0", "id": self.rng.choice(BAD_IDS), "result": None})

    def settings(self) -> None:
        chosen = self.rng.choice(SETTINGS)
        self.syntax_check = chosen.get("syntaxCheck", True)  # each change replaces them all
        if not self.syntax_check:  # requests in flight may read the new settings
            for _, _, (check, _) in self.pending:
                if check[0] == "actions" and check[2] is not None:
                    check[2].syntax_check = False
        self.client.workspace_did_change_configuration(
            types.DidChangeConfigurationParams(settings={"spancopy": chosen})
        )

    def reload(self) -> None:
        params = types.ExecuteCommandParams(command="spancopy.reloadModel")
        self.send("workspace/executeCommand", params, ("reload",))

    async def step(self) -> None:
        self.stats.operations += 1
        self.wait = False
        rng, closed = self.rng, [u for u in URIS if u not in self.docs]
        opened = list(self.docs)
        roll = rng.random()
        if not opened or (closed and roll < 0.08):
            self.open(rng.choice(closed))
        elif roll < 0.12:
            self.close(rng.choice(opened))
        elif roll < 0.4:
            self.edit(rng.choice(opened))
        elif roll < 0.48:
            self.full_change(rng.choice(opened))
        elif roll < 0.72:
            self.code_action(rng.choice(opened) if rng.random() < 0.9 else rng.choice(URIS))
        elif roll < 0.75:
            self.malformed()
        elif roll < 0.83:
            self.repair_method(rng.choice(opened) if rng.random() < 0.9 else rng.choice(URIS))
        elif roll < 0.9 and self.actions:
            self.resolve()
        elif roll < 0.95:
            self.cancel()
        elif roll < 0.985:
            self.settings()
        else:
            self.reload()
        await self.settle(0 if self.wait else 8)

    # -- answers ---------------------------------------------------------------------------
    async def settle(self, most: int, timeout: float | None = None) -> None:
        """Check the answered requests; wait while more than ``most`` are pending."""
        if len(self.pending) > most:
            futures = [f for f, _, _ in self.pending]
            await asyncio.wait(futures, timeout=timeout, return_when=asyncio.FIRST_COMPLETED)
        keep = []
        for fut, msg_id, (check, expected) in self.pending:
            if fut.done():
                self.answer(fut, msg_id, check, expected)
            else:
                keep.append((fut, msg_id, (check, expected)))
        self.pending = keep

    def problem(self, message: str) -> None:
        self.stats.problems.append(f"seed {self.seed}: {message}")

    def answer(self, fut: asyncio.Future, msg_id: str, check: tuple, expected: tuple) -> None:
        self.stats.answered += 1
        exc = fut.exception()
        if exc is not None:
            code = getattr(exc, "code", None)
            self.stats.content_modified += code == CONTENT_MODIFIED
            if not isinstance(exc, JsonRpcException) or code not in (
                CANCELLED,
                CONTENT_MODIFIED,
                *expected,
            ):
                self.stats.internal_errors += 1
                self.problem(f"{msg_id} {check[0]}: {exc!r}")
            return
        result = fut.result()
        if check[0] == "reload":
            if not (isinstance(result, dict) and result.get("loaded") is True):
                self.problem(f"{msg_id} reload: {result!r}")
            return
        if expected:
            self.problem(f"{msg_id}: bad arguments answered {result!r}")
            return
        if check[0] == "resolved":
            self.edit_ok(msg_id, result, check[1], check[2])
            return
        _, uri, snapshot = check
        for action in result or []:
            self.stats.actions += 1
            if isinstance(action, dict):
                action = CONVERTER.structure(action, types.CodeAction)
            if snapshot is None:
                self.problem(f"{msg_id}: actions for a document that was not open")
                return
            if action.edit is None and self.resolving:
                self.actions.append((uri, snapshot.opening, snapshot.syntax_check, action))
            self.edit_ok(msg_id, action, uri, snapshot)
        del self.actions[:-200]

    def edit_ok(self, msg_id: str, action: Any, uri: str, snapshot: Doc | None) -> None:
        if isinstance(action, dict):
            action = CONVERTER.structure(action, types.CodeAction)
        if action is None or action.edit is None:
            return
        self.stats.edits_checked += 1
        why = "an edit for a closed or reopened document" if snapshot is None else None
        why = why or check_edit(action, uri, snapshot, self.encoding)  # type: ignore[arg-type]
        if why:
            self.stats.bad_edits += 1
            self.problem(f"{msg_id} {action.title!r}: {why}")

    async def finish(self) -> None:
        """Wait for every answer; count the missing ones."""
        futures = [f for f, _, _ in self.pending]
        if futures:
            await asyncio.wait(futures, timeout=ANSWER_WAIT)
        await self.settle(10**9)
        self.stats.unanswered += len(self.pending)
        for _, msg_id, (check, _) in self.pending:
            self.problem(f"{msg_id} {check[0]}: never answered")
        self.pending = []


async def fuzz_session(model: Path, seed: int, operations: int, deadline: float) -> Stats:
    """One server, ``operations`` random operations (or until ``deadline``)."""
    global CONVERTER
    rng = random.Random(seed)
    encoding = rng.choice(["utf-16", "utf-16", "utf-8", "utf-32"])
    resolve = rng.random() < 0.5
    client = await launch(
        model,
        settings={"beamSize": rng.choice([4, 8, 20])},
        caps=capabilities(encodings=[encoding], resolve=resolve),
    )
    CONVERTER = client.protocol._converter
    session = Session(client, rng, encoding, resolve)
    session.seed = seed
    try:
        for _ in range(operations):
            if time.monotonic() > deadline or client._server.returncode is not None:
                break
            await session.step()
        if client._server.returncode is None:
            await session.finish()
        else:
            session.stats.unanswered += len(session.pending)
    finally:
        if client._server.returncode not in (None, 0):
            session.stats.crashes += 1
            session.problem(f"seed {seed}: the server exited with {client._server.returncode}")
        session.stats.error_logs += sum(
            m.type == types.MessageType.Error for m in client.log_messages
        )
        session.stats.problems += [
            f"seed {seed} log: {m.message[:300]}"
            for m in client.log_messages
            if m.type == types.MessageType.Error
        ]
        if os.environ.get("SPANCOPY_FUZZ_LOG"):
            with open(os.environ["SPANCOPY_FUZZ_LOG"], "a") as f:
                f.writelines(f"{seed}: {m.message}\n" for m in client.log_messages)
        await close(client)
    return session.stats


@pytest.mark.slow
@pytest.mark.asyncio
async def test_protocol_fuzz(toy_model: Path, capsys: pytest.CaptureFixture):
    seconds = float(os.environ.get("SPANCOPY_FUZZ_SECONDS", "0"))
    seed = int(os.environ.get("SPANCOPY_FUZZ_SEED", "1311"))
    began = time.monotonic()
    total, seeds = Stats(), []
    if seconds <= 0:
        for k in range(2):
            total.add(await fuzz_session(toy_model, seed + k, 200, float("inf")))
            seeds.append(seed + k)
    else:
        while time.monotonic() - began < seconds:
            total.add(await fuzz_session(toy_model, seed, 400, began + seconds))
            seeds.append(seed)
            seed += 1
    span = f"{seeds[0]}" if len(seeds) == 1 else f"{seeds[0]}-{seeds[-1]}"
    report = [total.line(span, time.monotonic() - began), *total.problems[:30]]
    with capsys.disabled():
        sys.stdout.write("\n" + "\n   ".join(report) + "\n")
    assert not total.problems, total.problems[:10]
    assert total.crashes == total.unanswered == total.internal_errors == total.bad_edits == 0


def _action(uri: str, version: int, edits: list[tuple[int, int, int, int, str]]) -> Any:
    """A code action with one versioned edit of ``uri`` (ranges as line/character)."""
    return types.CodeAction(
        title="t",
        edit=types.WorkspaceEdit(
            document_changes=[
                types.TextDocumentEdit(
                    text_document=types.OptionalVersionedTextDocumentIdentifier(uri, version),
                    edits=[
                        types.TextEdit(types.Range(types.Position(a, b), types.Position(c, d)), new)
                        for a, b, c, d, new in edits
                    ],
                )
            ]
        ),
    )


BROKEN = "class T {\n    int f() {\n 𝄞=}     if (v > 1) {\n    }\n}\n"


@pytest.mark.parametrize(
    "edits, why",
    [
        # " <=" right after the method's "}" (utf-16: 𝄞 is two units): the text equals "<= "
        # inserted one character later, outside the method; the edit's range decides.
        ([(2, 5, 2, 5, " <=")], None),
        ([(2, 4, 2, 5, "")], None),  # deletes the method's closing brace: still inside
        ([(2, 5, 2, 6, "")], "outside one method"),  # the space after the method
        ([(1, 4, 3, 0, "")], "outside one method"),  # the method and the line after it
        ([(1, 4, 1, 4, "x"), (2, 9, 2, 9, "y")], "outside one method"),  # two places
    ],
)
def test_check_edit_judges_the_edits_ranges(edits, why) -> None:
    uri = "file:///t/T.java"
    # the method "int f() {\n 𝄞=}" and a constructor "if (v > 1) {\n    }" (bare parser)
    assert sorted(unit_spans(BROKEN)) == [(14, 28), (33, 51)]
    found = check_edit(_action(uri, 3, edits), uri, Doc(BROKEN, version=3), "utf-16")
    assert (found is None) if why is None else (why in (found or ""))


def test_check_edit_accepts_an_edit_inside_one_comment() -> None:
    text = "class C {\n    // teh end\n    int f() { return 1; }\n}\n"
    uri = "file:///t/C.java"
    inside = _action(uri, 2, [(1, 7, 1, 10, "the")])  # the comment's "teh"
    across = _action(uri, 2, [(1, 7, 2, 4, "the ")])  # from the comment into the next line
    assert check_edit(inside, uri, Doc(text, version=2), "utf-16") is None
    assert "outside one method or comment" in check_edit(
        across, uri, Doc(text, version=2), "utf-16"
    )
