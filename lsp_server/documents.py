"""Parsed open documents: one parse per version, incremental from the previous one.

pygls keeps the text of every open document (``textDocument/didOpen`` and ``didChange``, in
the negotiated position encoding). This module keeps, per URI, the front-end's parse of the
latest version that a request needed, with the file's layout style and line table; the next
version is parsed incrementally from it (:func:`~lsp_server.languages.covering_edit`). Parsing
is lazy: nothing happens on a keystroke, only when a request needs the text. Documents above
:data:`MAX_DOCUMENT_CHARS` are refused with :class:`DocumentTooLarge`: the Java front-end lexes
the whole text in Python, about 3 s per MB here, too slow to redo at every version.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass, field
from typing import Any

from spancopy_core.edits import LineIndex, Style

from .languages import Frontend

MAX_DOCUMENT_CHARS = 2**20


class DocumentTooLarge(Exception):
    """The document is larger than the server parses."""


@dataclass
class Snapshot:
    """One version of an open document with its parse."""

    uri: str
    version: int
    text: str
    frontend: Frontend
    parsed: Any
    lines: LineIndex
    _style: Style | None = field(default=None, repr=False)

    @property
    def style(self) -> Style:
        """The file's layout style (learned once per version)."""
        if self._style is None:
            self._style = self.frontend.style(self.parsed)
        return self._style


class Documents:
    """The latest parsed snapshot of each open document. Thread-safe: parse runs in a
    worker thread while the event loop reads."""

    def __init__(self) -> None:
        self._snapshots: dict[str, Snapshot] = {}
        self._lock = threading.Lock()

    def snapshot(self, uri: str, version: int, text: str, frontend: Frontend) -> Snapshot:
        """The snapshot of ``uri`` at ``version`` (whose text is ``text``), parsing it if
        needed. Raises :class:`DocumentTooLarge`."""
        with self._lock:
            old = self._snapshots.get(uri)
        if old is not None and old.version == version and old.text == text:
            return old
        if len(text) > MAX_DOCUMENT_CHARS:
            raise DocumentTooLarge(f"{len(text)} characters > {MAX_DOCUMENT_CHARS}")
        previous = old.parsed if old is not None and old.frontend is frontend else None
        parsed = frontend.parse(text, previous)
        snap = Snapshot(uri, version, text, frontend, parsed, LineIndex(text))
        with self._lock:
            self._snapshots[uri] = snap
        return snap

    def drop(self, uri: str) -> None:
        """Forget a closed document."""
        with self._lock:
            self._snapshots.pop(uri, None)
