"""The server's action registry: the code actions it answered, kept for ``codeAction/resolve``.

Every repair shown becomes a ``quickfix`` (:func:`.convert.code_action`) with a small integer
id in its ``data``; the same repair of the same document version keeps its id across requests
(:class:`ActionKey`), and the id finds the action's edit when a client that resolves edits on
demand asks for it (:class:`ActionEntry`), as long as that version is still the editor's. The
first repair of a list is the preferred one (LSP 3.17 ``CodeAction.isPreferred``), as the list
is read top down.
"""

from __future__ import annotations

import itertools
from typing import NamedTuple

from lsprotocol import types

from spancopy_core.repair.candidates import Candidate
from spancopy_core.repair.pipeline import UnitRepairs

from . import convert
from .documents import Snapshot
from .lru import LruCache
from .textsync import OpenDocuments

# Ids and resolve data of 512 actions: a hundred lightbulb lists of five.
ACTIONS_KEPT = 512


class ActionKey(NamedTuple):
    """What names one action: a repair of one version of one opening of a document, and the
    spelling of the document's URI its edit names."""

    key: str
    opening: int
    version: int
    uri: str
    candidate: Candidate


class ActionEntry(NamedTuple):
    """An action answered, with the document version its edit applies to."""

    key: str
    opening: int
    version: int
    action: types.CodeAction


class ActionRegistry:
    """Ids of the actions answered and their resolve data."""

    def __init__(self) -> None:
        self._ids: LruCache[ActionKey, int] = LruCache(ACTIONS_KEPT)
        self._entries: LruCache[int, ActionEntry] = LruCache(ACTIONS_KEPT)
        self._next = itertools.count(1)

    def code_actions(
        self, snap: Snapshot, repairs: list[UnitRepairs], encoding: str, *, prefer: bool = True
    ) -> list[types.CodeAction]:
        """Quick fixes of every unit, in order; the first one preferred (with ``prefer``)."""
        actions = []
        for k, c in enumerate(c for r in repairs for c in r.candidates):
            key = ActionKey(snap.key, snap.opening, snap.version, snap.uri, c)
            ident = self._ids.get(key) or next(self._next)
            self._ids.put(key, ident)
            action = convert.code_action(
                snap.uri,
                snap.version,
                snap.doc.lines,
                c,
                encoding,
                preferred=prefer and k == 0,
                data={"id": ident},
            )
            self._entries.put(ident, ActionEntry(snap.key, snap.opening, snap.version, action))
            actions.append(action)
        return actions

    def edit(self, ident: object, texts: OpenDocuments) -> types.WorkspaceEdit | None:
        """The edit of the action ``ident`` (its ``data.id``); None when unknown, or when its
        document changed, closed or is out of sync since."""
        entry = self._entries.get(ident) if type(ident) is int else None  # not a bool
        doc = texts.by_key(entry.key) if entry is not None else None
        if entry is None or doc is None or not doc.synced:
            return None
        if (doc.opening, doc.version) != (entry.opening, entry.version):
            return None
        return entry.action.edit

    def forget(self, key: str) -> None:
        """Drop the resolve data of every action of the document ``key`` (closed or reopened)."""
        self._entries.drop_where(lambda entry: entry.key == key)
