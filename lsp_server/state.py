"""The language server's state (:class:`SpanCopyServer`): settings, the open documents and
their parses, the model workers, the caches of candidates and code actions, and what every
request shares (a snapshot of a document, the repairs of its units, their code actions, the
diagnostics). The handlers of LSP methods are :mod:`.server`'s, the commands
:mod:`.commands`'."""

from __future__ import annotations

import asyncio
import itertools
import logging
from concurrent.futures import ThreadPoolExecutor
from dataclasses import replace
from functools import partial
from typing import Any

from lsprotocol import types
from pygls.exceptions import JsonRpcContentModified, JsonRpcException, JsonRpcInvalidParams
from pygls.lsp.server import LanguageServer

from spancopy_core.editing.positions import PositionError
from spancopy_core.paper.vocab import Vocabulary
from spancopy_core.repair import pipeline
from spancopy_core.repair.candidates import Candidate
from spancopy_core.repair.frontend import Unit
from spancopy_core.repair.languages import frontend_for
from spancopy_core.repair.pipeline import UnitRepairs

from . import __version__, convert, diagnostics
from .diagnostics import Debouncer
from .documents import Documents, DocumentTooLarge, Snapshot
from .models import Models
from .settings import SECTION, ServerSettings, parse_settings
from .similar_edit import SimilarEdits
from .textsync import OpenDocuments, TextDocument
from .transport import CommandCancellingProtocol
from .worker import BACKGROUND, INTERACTIVE, JobCancelled, LruCache, ModelUnavailable

log = logging.getLogger(__name__)


class SpanCopyServer(LanguageServer):
    """Server state: settings, open-document parses, the model workers and caches."""

    def __init__(self) -> None:
        super().__init__("spancopy-ls", __version__, protocol_cls=CommandCancellingProtocol)
        self.command_tasks: dict[Any, asyncio.Task] = {}  # by request id
        self.init_settings = self.settings = ServerSettings()
        self.models = Models(self)  # a worker per model: java, prose
        self.texts = OpenDocuments()  # the text of every open document
        self.documents = Documents()  # their parses
        self.cpu = ThreadPoolExecutor(1, thread_name_prefix="spancopy-cpu")  # parsing, edits
        self.candidates: LruCache[tuple, tuple[list[Candidate], float | None]] = LruCache(256)
        # by action id: (document key, opening, version, action)
        self.resolvable: LruCache[int, tuple[str, int, int, types.CodeAction]] = LruCache(512)
        self.action_ids: LruCache[tuple, int] = LruCache(512)  # (key, opening, version, ...)
        self.debouncer = Debouncer()
        self.similar = SimilarEdits()  # baselines, observed edits, proposals
        self._ids = itertools.count(1)
        self._warnings: set[str] = set()
        self._logged: set[tuple] = set()

    def report_server_error(self, error: Exception, source: Any) -> None:
        """Errors outside a request's answer (a failing notification handler): logged with
        their traceback, not shown to the user as pygls' "Error in server" pop-up."""
        log.error("%s: %s", getattr(source, "__name__", source), error, exc_info=error)

    # -- settings --------------------------------------------------------------------------
    @property
    def encoding(self) -> str:
        return convert.encoding_name(self.workspace.position_encoding)

    def update_settings(self, raw: object, *, initial: bool = False) -> None:
        """Apply settings from the client (overlaid on the initialization options) and
        warn once about each bad value."""
        if raw is None and not initial:
            return  # no settings from this source: the current ones stay
        new, warnings = parse_settings(raw, None if initial else self.init_settings)
        for message in warnings:
            if message not in self._warnings:
                log.warning(message)
                self.window_show_message(
                    types.ShowMessageParams(type=types.MessageType.Warning, message=message)
                )
        self._warnings = set(warnings)
        old, self.settings = self.settings, new
        if initial:
            self.init_settings = new
        self.models.configure(new, self.workspace.root_path)
        for doc in self.texts:
            frontend = frontend_for(doc.language_id, doc.uri)
            if new != old and diagnostics.enabled(new, frontend):
                self.schedule_diagnostics(doc)
            elif diagnostics.enabled(old, frontend) and not diagnostics.enabled(new, frontend):
                self.debouncer.cancel(doc.key)
                self.text_document_publish_diagnostics(
                    types.PublishDiagnosticsParams(uri=doc.uri, diagnostics=[])
                )

    async def pull_settings(self) -> None:
        """Ask the client for the ``spancopy`` section (``workspace/configuration``)."""
        workspace = self.client_capabilities.workspace
        if not (workspace and workspace.configuration):
            return
        try:
            result = await self.workspace_configuration_async(
                types.ConfigurationParams(items=[types.ConfigurationItem(section=SECTION)])
            )
        except JsonRpcException as exc:  # a client that fails the request keeps the old settings
            log.warning("workspace/configuration failed: %s", exc)
            return
        self.update_settings(result[0] if result else None)

    # -- pipeline --------------------------------------------------------------------------
    def is_current(self, snap: Snapshot) -> bool:
        """Whether ``snap`` is still the editor's text of its document (the same opening and
        version, in sync)."""
        doc = self.texts.by_key(snap.key)
        return (
            doc is not None
            and doc.synced
            and (doc.opening, doc.version)
            == (
                snap.opening,
                snap.version,
            )
        )

    def check_current(self, snap: Snapshot) -> None:
        """ContentModified if the document changed while ``snap`` was being repaired."""
        if not self.is_current(snap):
            raise JsonRpcContentModified("the document changed meanwhile")

    def offset(self, snap: Snapshot, pos: types.Position) -> int:
        """``pos`` as an offset in ``snap``'s text; a position outside it is an
        invalid-params error."""
        try:
            return convert.offset(snap.doc.lines, pos, self.encoding)
        except PositionError as exc:
            raise JsonRpcInvalidParams(str(exc)) from None

    async def snapshot(self, uri: str) -> Snapshot | None:
        """The parsed current version of an open document in a supported language (None for
        others, and for a document whose text is out of sync with the editor's)."""
        doc = self.texts.get(uri)  # never read unopened files from disk
        frontend = None if doc is None else frontend_for(doc.language_id, doc.uri)
        if doc is None or frontend is None:
            self.log_once(("unsupported", uri), "%s: not an open document spancopy repairs", uri)
            return None
        if not doc.synced:
            return None  # logged when it happened
        args = (uri, doc.key, doc.opening, doc.version, doc.text, frontend)
        try:
            return await asyncio.get_running_loop().run_in_executor(
                self.cpu, self.documents.snapshot, *args
            )
        except DocumentTooLarge as exc:
            self.log_once(("large", uri), "%s: too large for repairs (%s)", uri, exc)
            return None

    async def serving(
        self, snap: Snapshot, focus: pipeline.Focus
    ) -> tuple[Snapshot, Vocabulary] | None:
        """The snapshot that serves ``focus`` and its model's vocabulary: the prose of a Java
        comment there (unless ``prose.javaComments`` is off), else ``snap`` (also when the
        prose model cannot be loaded); None when no model serves it (prose with
        ``prose.enable`` off, a model that cannot be loaded)."""
        prose = self.settings.prose_enable
        views = [snap]
        if prose and self.settings.prose_java_comments:
            inner = pipeline.view(snap.doc, focus)
            if inner is not snap.doc:
                views.insert(0, replace(snap, doc=inner))
        for view in views:
            kind = view.doc.frontend.model
            if (prose or kind != "prose") and (vocab := await self.models.vocab(kind)):
                return view, vocab
        return None

    def decodable(self, snap: Snapshot, units: list[Unit]) -> list[Unit]:
        """The units short enough to decode (the others are skipped with a log message)."""
        kept, skipped = pipeline.within_limit(units, self.settings.repair_options())
        for u in skipped:
            self.log_once(
                ("long", snap.uri, u.name, len(u.tokens)),
                "%s: %s %s skipped: %d tokens > %s.maxMethodTokens = %d",
                snap.uri,
                snap.doc.frontend.unit_kind,
                u.name,
                len(u.tokens),
                SECTION,
                self.settings.max_method_tokens,
            )
        return kept

    async def repairs(
        self,
        snap: Snapshot,
        units: list[Unit],
        *,
        widen: int = 1,
        priority: int = INTERACTIVE,
        on_step: Any = None,
        focus: pipeline.Focus | None = None,
    ) -> list[UnitRepairs]:
        """The pipeline on ``units`` told ``focus``: one batched decode on the model thread,
        the candidates on the CPU thread, their exact probabilities on the model thread and
        their ranking (all cached). Raises :class:`JobCancelled` when a newer version of the
        document arrived or the model was reloaded meanwhile."""
        try:
            return await self._repairs(snap, units, widen, priority, on_step, focus)
        except ModelUnavailable:  # unloaded under the request (spancopy.reloadModel, settings)
            raise JobCancelled() from None

    async def _repairs(
        self,
        snap: Snapshot,
        units: list[Unit],
        widen: int,
        priority: int,
        on_step: Any,
        focus: pipeline.Focus | None,
    ) -> list[UnitRepairs]:
        worker = self.models[snap.doc.frontend.model]
        model = snap.doc.frontend.model
        options, generation = self.settings.repair_options(widen, model), worker.generation
        owner = (snap.key, snap.version)
        ids = [pipeline.focus_ids(snap.doc, u, focus) for u in units]
        hyps = await worker.decode(
            [tuple(pipeline.model_input(u)) for u in units],
            options,
            priority=priority,
            owner=owner,
            on_step=on_step,
            focus=ids,
        )
        lines = pipeline.focus_lines(snap.doc, focus) if focus is not None else None
        doc = (snap.doc.frontend.name, generation, snap.key, snap.opening, snap.version)
        keys = [(*doc, u.start, u.end, lines, options) for u in units]
        found = {k: self.candidates.get(k) for k in keys}
        todo = [
            (k, u, f, h)
            for k, u, f, h in zip(keys, units, ids, hyps, strict=True)
            if found[k] is None
        ]
        loop = asyncio.get_running_loop()
        vocab = worker.vocab or ()

        def pools() -> list[list[Candidate]]:  # in the CPU thread: the style is learned there
            return [
                pipeline.unit_candidates(snap.doc, u, h, options, focus, vocab)
                for _, u, _, h in todo
            ]

        if todo:
            built = await loop.run_in_executor(self.cpu, pools)
            if options.ranking == "combined":
                items = [
                    pipeline.score_items(u, f, pool) for (_, u, f, _), pool in zip(todo, built)
                ]
                flat = await worker.score(
                    [i for unit_items in items for i in unit_items], priority=priority, owner=owner
                )
                offsets = list(itertools.accumulate((len(i) for i in items), initial=0))
                ranked = [
                    pipeline.rank(snap.doc, u, pool, flat[a:b], focus, options)
                    for (_, u, _, _), pool, a, b in zip(todo, built, offsets, offsets[1:])
                ]
            else:
                ranked = [(pool, None) for pool in built]
            for (k, _, _, _), result in zip(todo, ranked, strict=True):
                found[k] = result
                self.candidates.put(k, result)
        return [
            UnitRepairs(u, h, *(found[k] or ([], None)))
            for k, u, h in zip(keys, units, hyps, strict=True)
        ]

    def code_actions(
        self, snap: Snapshot, repairs: list[UnitRepairs], *, prefer: bool = True
    ) -> list[types.CodeAction]:
        """Quick fixes of every unit, the most probable one preferred (with ``prefer``); each
        is kept for ``codeAction/resolve``."""
        flat = [c for r in repairs for c in r.candidates]
        best = max(flat, key=lambda c: c.probability, default=None) if prefer else None
        actions = []
        for c in flat:
            key = (snap.key, snap.opening, snap.version, snap.uri, c)
            ident = self.action_ids.get(key) or next(self._ids)
            self.action_ids.put(key, ident)
            action = convert.code_action(
                snap.uri,
                snap.version,
                snap.doc.lines,
                c,
                self.encoding,
                preferred=c is best,
                data={"id": ident},
            )
            self.resolvable.put(ident, (snap.key, snap.opening, snap.version, action))
            actions.append(action)
        return actions

    def resolves_edits(self) -> bool:
        """Whether the client fills in the ``edit`` of a code action with a resolve."""
        text = self.client_capabilities.text_document
        support = text and text.code_action and text.code_action.resolve_support
        return bool(support and "edit" in support.properties)

    def forget_actions(self, key: str) -> None:
        """Drop the resolve data of every action of the document ``key`` (closed or reopened)."""
        self.resolvable.drop_where(lambda entry: entry[0] == key)

    def schedule_diagnostics(self, doc: TextDocument) -> None:
        if diagnostics.enabled(self.settings, frontend_for(doc.language_id, doc.uri)):
            delay = self.settings.diagnostics_debounce_ms
            self.debouncer.schedule(doc.key, delay, partial(self.publish_diagnostics, doc.uri))

    async def publish_diagnostics(self, uri: str) -> None:
        """Compute and publish the diagnostics of the open document ``uri`` (see
        :mod:`.diagnostics`)."""
        snap = await self.snapshot(uri)
        if snap is None or not diagnostics.enabled(self.settings, snap.doc.frontend):
            return
        if (vocab := await self.models.vocab(snap.doc.frontend.model)) is None:
            return
        loop = asyncio.get_running_loop()
        context = self.models[snap.doc.frontend.model].context
        units = await loop.run_in_executor(
            self.cpu, partial(pipeline.units, snap.doc, vocab, context=context)
        )
        units, found = self.decodable(snap, units), []
        for k in range(0, len(units), pipeline.BATCH):
            try:
                repairs = await self.repairs(
                    snap, units[k : k + pipeline.BATCH], priority=BACKGROUND
                )
            except JobCancelled:
                return  # a newer version (or shutdown) takes over
            threshold = self.settings.diagnostics_threshold
            for r, ratio in pipeline.confident(repairs, threshold):
                found.append(
                    convert.diagnostic(
                        snap.doc.lines,
                        r.candidates[0],
                        r.unit,
                        snap.doc.frontend,
                        ratio,
                        self.encoding,
                    )
                )
        if not self.is_current(snap) or not diagnostics.enabled(self.settings, snap.doc.frontend):
            return
        log.info("%s: %d diagnostic(s) for version %d", uri, len(found), snap.version)
        self.text_document_publish_diagnostics(
            types.PublishDiagnosticsParams(uri=uri, diagnostics=found, version=snap.version)
        )

    def desynchronised(self, doc: TextDocument, why: str) -> None:
        """``doc``'s text is no longer the editor's: say so once; no repairs until a full
        change or a new ``didOpen``."""
        doc.synced = False
        self.models.cancel_document(doc.key)
        self.debouncer.cancel(doc.key)
        log.warning("%s: %s; no repairs for it until the editor sends its whole text", doc.uri, why)

    def invalid_notification(self, method: str, params: Any) -> None:
        """A notification that did not validate was dropped (:mod:`.transport`): a lost
        ``didChange`` desynchronises its document."""
        if method != types.TEXT_DOCUMENT_DID_CHANGE or not isinstance(params, dict):
            return
        ident = params.get("textDocument")
        uri = ident.get("uri") if isinstance(ident, dict) else None
        doc = self.texts.get(uri) if isinstance(uri, str) else None
        if doc is not None and doc.synced:
            self.desynchronised(doc, "a didChange that does not validate")

    def log_once(self, key: tuple, message: str, *args: Any) -> None:
        if key not in self._logged:
            self._logged.add(key)
            log.info(message, *args)
