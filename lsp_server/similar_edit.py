"""Similar edits in the editor: the edit the user just made, offered on other methods as
"Apply the edit from line N" quick fixes and by the ``spancopy.applySimilarEdit`` command, with
the edit model's filters of :mod:`spancopy_core.repair.similar`; jobs run on the edit model's
worker, cached per document version, and reach the server through :class:`Host`.
Design notes: docs/design.md#lsp-server-similar-edit.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from concurrent.futures import Executor
from dataclasses import replace
from pathlib import PurePosixPath
from typing import TYPE_CHECKING, Any, NamedTuple, Protocol
from urllib.parse import unquote, urlparse

from spancopy_core.lang import java
from spancopy_core.repair import similar
from spancopy_core.repair.languages import frontend_for
from spancopy_core.repair.pipeline import Focus, UnitRepairs
from spancopy_core.repair.similar import ObservedEdit

from .lru import LruCache
from .worker import INTERACTIVE, JobCancelled, ModelUnavailable

if TYPE_CHECKING:
    from .documents import Snapshot
    from .models import Models
    from .settings import ServerSettings
    from .textsync import OpenDocuments, TextDocument

APPLY_SIMILAR_EDIT = "spancopy.applySimilarEdit"
log = logging.getLogger(__name__)


def title(edit_line: int, origin: str | None) -> str:
    """``Apply the edit from line N`` (1-based), or ``from FILE:N`` for an edit in another
    file named ``origin``."""
    where = f"line {edit_line + 1}" if origin is None else f"{origin}:{edit_line + 1}"
    return f"Apply the edit from {where}"


def file_name(uri: str) -> str:
    """The file name of a URI (``Other.java``)."""
    return PurePosixPath(unquote(urlparse(uri).path)).name or uri


class EditsKey(NamedTuple):
    """The observed edits of a document version depend on its baseline and its text."""

    key: str
    baseline: str
    opening: int
    version: int


class ProposalsKey(NamedTuple):
    """What the proposals of a request depend on: the edit model's generation (a reload makes
    every older entry unreachable: no invalidation needed), the document version, the edits,
    the methods and the options."""

    generation: int
    key: str
    opening: int
    version: int
    edits: tuple[ObservedEdit, ...]
    methods: tuple[tuple[int, int], ...]
    options: similar.SimilarOptions


class SimilarEdits:
    """The baselines of the open documents, their observed edits and the proposals' cache."""

    def __init__(self) -> None:
        self.baselines: dict[str, str] = {}  # document key -> text at opening or last save
        # the edits of 64 document versions (a user edits a few files at a time), the
        # proposals of 256 (document version, methods) requests: a lightbulb per method of them
        self.edits: LruCache[EditsKey, list[ObservedEdit]] = LruCache(64)
        self.proposals: LruCache[ProposalsKey, list[similar.SimilarRepairs]] = LruCache(256)

    def set_baseline(self, key: str, text: str) -> None:
        self.baselines[key] = text

    def forget(self, key: str) -> None:
        self.baselines.pop(key, None)


class Host(Protocol):
    """What the feature needs of the server (:class:`.state.SpanCopyServer`), which passes
    itself: its settings, models, open texts, parsing thread, snapshots and this state."""

    settings: ServerSettings
    models: Models
    similar: SimilarEdits

    @property
    def texts(self) -> OpenDocuments: ...

    @property
    def cpu(self) -> Executor: ...

    async def snapshot(self, uri: str) -> Snapshot | None: ...


def changed(ls: Host, doc: TextDocument) -> None:
    """After a change of a Java document: start loading the edit model in the background, so
    that the first similar edit does not wait for it."""
    frontend = frontend_for(doc.language_id, doc.uri)
    if ls.settings.similar_edit_enable and frontend is not None and frontend.name == "java":
        ls.models.preload("edit")


async def observed_edits(ls: Host, first: str) -> list[tuple[str, ObservedEdit]]:
    """``(document key, edit)`` of every changed method of the open Java documents, those of
    the document ``first`` first."""
    state: SimilarEdits = ls.similar
    out: list[tuple[str, ObservedEdit]] = []
    docs = sorted(ls.texts, key=lambda d: d.key != first)
    loop = asyncio.get_running_loop()
    for doc in docs:
        baseline = state.baselines.get(doc.key)
        if baseline is None or baseline == doc.text or not doc.synced:
            continue
        snap = await ls.snapshot(doc.uri)
        if snap is None or snap.doc.frontend.name != "java":
            continue
        key = EditsKey(doc.key, baseline, snap.opening, snap.version)
        edits = state.edits.get(key)
        if edits is None:
            parsed = snap.doc.parsed

            def diff(baseline: str = baseline, parsed: Any = parsed) -> list[ObservedEdit]:
                return similar.changed_methods(java.parse(baseline), parsed)

            edits = await loop.run_in_executor(ls.cpu, diff)
            state.edits.put(key, edits)
        out += [(doc.key, e) for e in edits]
    return out


async def proposals(
    ls: Host,
    snap: Snapshot,
    focus: Focus | None,
    *,
    priority: int = INTERACTIVE,
    on_step: Callable[[int], None] | None = None,
) -> list[UnitRepairs]:
    """The similar edits on the methods of ``snap`` overlapping ``focus`` (None: all), each
    candidate titled by :func:`title`; empty when the feature is off, the document is not
    Java, nothing changed or the edit model cannot be loaded. Raises
    :class:`~.worker.JobCancelled` as a repair does."""
    settings = ls.settings
    if not settings.similar_edit_enable or snap.doc.frontend.name != "java":
        return []
    found = (await observed_edits(ls, snap.key))[: similar.MAX_EDITS]
    skip = [(e.start, e.end) for k, e in found if k == snap.key]
    methods = tuple((m.start, m.end) for m in similar.targets(snap.doc.parsed, skip, focus))
    if not found or not methods or await ls.models.vocab("edit") is None:
        return []
    worker = ls.models["edit"]
    edits = [e for _, e in found]
    options = settings.similar_options()
    key = ProposalsKey(
        worker.generation, snap.key, snap.opening, snap.version, tuple(edits), methods, options
    )
    result = ls.similar.proposals.get(key)
    if result is None:

        def unsearched(left: list[similar.Task]) -> None:
            methods = {t.unit.start: t.unit.name for t in left}  # a method of several edits once
            log.info(
                "Similar edits in %s: %d method(s) past the edit model's budget of %d tokens "
                "get the rewrite rules' proposals only: %s",
                file_name(snap.uri),
                len(methods),
                options.beam_tokens,
                ", ".join(methods.values()),
            )

        def work(model: Any, should_stop: Callable[[], bool]) -> list[similar.SimilarRepairs]:
            return similar.similar(
                model,
                snap.doc,
                edits,
                options,
                skip=skip,
                focus=focus,
                should_stop=should_stop,
                unsearched=unsearched,
            )

        try:
            result = await worker.run(
                work, priority=priority, owner=(snap.key, snap.version), on_step=on_step
            )
        except ModelUnavailable:  # unloaded under the request (spancopy.reloadModel, settings)
            raise JobCancelled() from None
        ls.similar.proposals.put(key, result)
    origins = {e: (None if k == snap.key else _origin(ls, k)) for k, e in found}
    return [_titled(r, origins[r.edit]) for r in result]


def _origin(ls: Host, key: str) -> str:
    doc = ls.texts.by_key(key)
    return file_name(doc.uri) if doc is not None else key


def _titled(found: similar.SimilarRepairs, origin: str | None) -> UnitRepairs:
    r = found.repairs
    label = title(found.edit.line, origin)
    return replace(r, candidates=[replace(c, title=label) for c in r.candidates])
