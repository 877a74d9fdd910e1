"""Parsed open documents: one parse per version, incremental from the previous one.

:mod:`.textsync` keeps the text of every open document (``textDocument/didOpen`` and
``didChange``, in the negotiated position encoding). This module keeps, per document key, the
front-end's parse of the latest version (of the latest opening) that a request needed (a
:class:`~spancopy_core.repair.pipeline.ParsedText`, with the file's layout style and line
table); the next version is parsed incrementally from it. Parsing is lazy: nothing happens on
a keystroke, only when a request needs the text. Documents above :data:`MAX_DOCUMENT_CHARS`
are refused with :class:`DocumentTooLarge`: the Java front-end lexes the whole text in Python,
about 3 s per MB here, too slow to redo at every version.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass

from pygls import uris

from spancopy_core.repair.frontend import Frontend
from spancopy_core.repair.pipeline import MAX_DOCUMENT_CHARS, ParsedText


class DocumentTooLarge(Exception):
    """The document is larger than the server parses."""


@dataclass(frozen=True)
class Snapshot:
    """One version of one opening of an open document with its parse; ``uri`` is the
    spelling its edits name (the request's), ``key`` the document's
    (:func:`.textsync.document_key`)."""

    uri: str
    key: str
    opening: int
    version: int
    doc: ParsedText


class Documents:
    """The latest parsed snapshot of each open document. Thread-safe: parse runs in a
    worker thread while the event loop reads."""

    def __init__(self) -> None:
        self._snapshots: dict[str, Snapshot] = {}
        self._lock = threading.Lock()

    def snapshot(
        self, uri: str, key: str, opening: int, version: int, text: str, frontend: Frontend
    ) -> Snapshot:
        """The snapshot of document ``key`` at (``opening``, ``version``), whose text is
        ``text``, parsing it if needed. Raises :class:`DocumentTooLarge`."""
        with self._lock:
            old = self._snapshots.get(key)
        if (
            old is not None
            and (old.opening, old.version, old.uri) == (opening, version, uri)
            and old.doc.text == text
        ):
            return old
        if len(text) > MAX_DOCUMENT_CHARS:
            raise DocumentTooLarge(f"{len(text)} characters > {MAX_DOCUMENT_CHARS}")
        previous = None if old is None else old.doc
        doc = ParsedText.parse(text, frontend, previous, uris.to_fs_path(uri))  # None: no file
        snap = Snapshot(uri, key, opening, version, doc)
        with self._lock:
            self._snapshots[key] = snap
        return snap

    def drop(self, key: str) -> None:
        """Forget a closed document."""
        with self._lock:
            self._snapshots.pop(key, None)
