"""The text of open documents, kept by the LSP rules (LSP 3.17 "Text Document Synchronization"):
lines end only at ``\n``, ``\r\n`` and a lone ``\r``, positions count units of the negotiated
encoding, and ``didChange`` applies full-text and range changes in order; a range change that
cannot be applied leaves the document desynchronised. Documents are keyed by
:func:`document_key` and numbered per opening. Pure: no I/O.
Design notes: docs/design.md#lsp-server-textsync.
"""

from __future__ import annotations

import itertools
import re
from dataclasses import dataclass
from urllib.parse import unquote

from spancopy_core.editing.positions import LineIndex, PositionError

_DRIVE = re.compile(r"^/[A-Za-z]:")


class SyncError(Exception):
    """A change that cannot be applied to the document's text."""


def document_key(uri: str) -> str:
    """The key of the document a URI names: scheme and authority in lower case, the rest
    percent-decoded, a Windows drive letter in lower case (``file:///C%3A/My%20Dir/A.java``
    and ``file:///c:/My Dir/A.java`` have one key)."""
    scheme, colon, rest = uri.partition(":")
    if not colon or not re.fullmatch(r"[A-Za-z][A-Za-z0-9+.-]*", scheme):
        return unquote(uri)
    authority, path = "", rest
    if rest.startswith("//"):
        end = rest.find("/", 2)
        authority, path = (rest[2:], "") if end < 0 else (rest[2:end], rest[end:])
    path = unquote(path)
    if scheme.lower() == "file":
        if _DRIVE.match(path):
            path = path[0] + path[1].lower() + path[2:]
        if authority.lower() == "localhost":
            authority = ""
    return f"{scheme.lower()}://{unquote(authority).lower()}{path}"


def apply_change(
    text: str, start: tuple[int, int], end: tuple[int, int], new_text: str, encoding: str
) -> str:
    """``text`` with the range ``[start, end)`` (LSP positions in ``encoding``) replaced by
    ``new_text``. Raises :class:`SyncError` when the range cannot be applied."""
    index = LineIndex(text)
    try:
        a = index.offset(*start, encoding)
        b = index.offset(*end, encoding)
    except PositionError as exc:
        raise SyncError(str(exc)) from None
    if b < a:
        raise SyncError(f"a range whose end {end} is before its start {start}")
    return text[:a] + new_text + text[b:]


@dataclass
class TextDocument:
    """One open document as the editor has it (while ``synced``)."""

    uri: str  # as the editor opened it
    key: str  # :func:`document_key` of ``uri``
    language_id: str
    version: int
    text: str
    opening: int  # which ``didOpen`` this is (one counter for every document)
    synced: bool = True

    def change(self, version: int, changes: list[tuple[tuple | None, str]], encoding: str) -> None:
        """Apply ``didChange``'s content changes: ``(None, text)`` replaces the whole text,
        ``((start, end), text)`` a range. A range that cannot be applied desynchronises the
        document (and the range changes after it are skipped) until a full change."""
        self.version = version
        for span, new_text in changes:
            if span is None:
                self.text, self.synced = new_text, True
            elif self.synced:
                try:
                    self.text = apply_change(self.text, span[0], span[1], new_text, encoding)
                except SyncError:
                    self.synced = False


class OpenDocuments:
    """The open documents by key (see :func:`document_key`)."""

    def __init__(self) -> None:
        self._docs: dict[str, TextDocument] = {}
        self._openings = itertools.count(1)

    def open(self, uri: str, language_id: str, version: int, text: str) -> TextDocument:
        """``didOpen``: a new opening of ``uri`` (replacing any open one under its key)."""
        doc = TextDocument(uri, document_key(uri), language_id, version, text, next(self._openings))
        self._docs[doc.key] = doc
        return doc

    def get(self, uri: str) -> TextDocument | None:
        """The open document named by ``uri`` (in any spelling), or None."""
        return self._docs.get(document_key(uri))

    def by_key(self, key: str) -> TextDocument | None:
        """The open document whose key is ``key``, or None."""
        return self._docs.get(key)

    def close(self, uri: str) -> TextDocument | None:
        """``didClose``: forget the document; the closed one, or None."""
        return self._docs.pop(document_key(uri), None)

    def __iter__(self):
        return iter(list(self._docs.values()))
