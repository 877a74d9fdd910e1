"""The server's open documents: their text as the editor has it (:mod:`.textsync`) and their
parses (:mod:`.documents`), read as snapshots.

A request reads an open document through :meth:`OpenFiles.snapshot` (the parsed current
version, parsed on the CPU thread, or None for a language spancopy does not repair, a document
out of sync or too large); :meth:`OpenFiles.check_current` answers ``ContentModified`` when the
document changed while the request ran (LSP 3.17 error ``-32801``), and
:meth:`OpenFiles.offset` turns a request's position into an offset of the snapshot.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from concurrent.futures import Executor

from lsprotocol import types
from pygls.exceptions import JsonRpcContentModified, JsonRpcInvalidParams

from spancopy_core.editing.positions import PositionError
from spancopy_core.repair.languages import frontend_for

from . import convert
from .documents import Documents, DocumentTooLarge, Snapshot
from .textsync import OpenDocuments


class OpenFiles:
    """The text of every open document and the parse of its latest version."""

    def __init__(self, cpu: Executor, log_once: Callable[..., None]) -> None:
        self.texts = OpenDocuments()  # the text of every open document
        self.parses = Documents()  # their parses
        self._cpu = cpu
        self._log_once = log_once

    def is_current(self, snap: Snapshot) -> bool:
        """Whether ``snap`` is still the editor's text of its document (the same opening and
        version, in sync)."""
        doc = self.texts.by_key(snap.key)
        return (
            doc is not None
            and doc.synced
            and (doc.opening, doc.version) == (snap.opening, snap.version)
        )

    def check_current(self, snap: Snapshot) -> None:
        """ContentModified if the document changed while ``snap`` was being repaired."""
        if not self.is_current(snap):
            raise JsonRpcContentModified("the document changed meanwhile")

    @staticmethod
    def offset(snap: Snapshot, pos: types.Position, encoding: str) -> int:
        """``pos`` as an offset in ``snap``'s text; a position outside it is an
        invalid-params error."""
        try:
            return convert.offset(snap.doc.lines, pos, encoding)
        except PositionError as exc:
            raise JsonRpcInvalidParams(str(exc)) from None

    async def snapshot(self, uri: str) -> Snapshot | None:
        """The parsed current version of an open document in a supported language (None for
        others, and for a document whose text is out of sync with the editor's)."""
        doc = self.texts.get(uri)  # never read unopened files from disk
        frontend = None if doc is None else frontend_for(doc.language_id, doc.uri)
        if doc is None or frontend is None:
            self._log_once(("unsupported", uri), "%s: not an open document spancopy repairs", uri)
            return None
        if not doc.synced:
            return None  # logged when it happened
        args = (uri, doc.key, doc.opening, doc.version, doc.text, frontend)
        try:
            return await asyncio.get_running_loop().run_in_executor(
                self._cpu, self.parses.snapshot, *args
            )
        except DocumentTooLarge as exc:
            self._log_once(("large", uri), "%s: too large for repairs (%s)", uri, exc)
            return None
