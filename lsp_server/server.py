"""The spancopy language server: learned repairs of Java methods and of prose sentences as
quick fixes (pygls 2).

What the user sees: on a method, the lightbulb offers the model's top repairs as quick fixes
titled with what the line becomes and its probability (``Change to "return n >= 0;" (31%)``,
the best one preferred); in a text or Markdown file, or in a Java comment, the prose model's
repairs of the sentence there, titled with the change in words (``Replace "recieve" with
"receive" (98%)``); the Java model loads in the background from ``initialized`` on, the
prose model on first use (:mod:`.models`);
``spancopy.repairMethod`` searches wider for one method with progress; after the user changes
a method, other methods of the open Java files get "Apply the edit from line N" quick fixes
and ``spancopy.applySimilarEdit`` (:mod:`.similar_edit`);
``spancopy.reloadModel`` reloads the model; optional diagnostics mark methods that the model
is confident are wrong. Handlers are thin: the repairs come from the pipeline of
:mod:`spancopy_core.repair` (parsing, units, decoding on the :mod:`.worker` thread, candidates);
open documents (:mod:`.documents`), LSP conversion (:mod:`.convert`) and the diagnostics'
timing (:mod:`.diagnostics`) live in their own modules; the text of open documents is kept
by :mod:`.textsync`, not by pygls. LSP 3.17 methods served: initialize,
initialized, textDocument/didOpen|didChange|didSave|didClose, workspace/didChangeConfiguration,
textDocument/codeAction, codeAction/resolve, workspace/executeCommand, shutdown.
"""

from __future__ import annotations

import asyncio
import itertools
import logging
from collections.abc import Awaitable, Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from dataclasses import replace
from functools import partial
from typing import Any, TypeVar

from lsprotocol import types
from pygls.exceptions import JsonRpcContentModified, JsonRpcException, JsonRpcInvalidParams
from pygls.lsp.server import LanguageServer

from spancopy_core.positions import PositionError
from spancopy_core.repair import pipeline
from spancopy_core.repair.candidates import Candidate
from spancopy_core.repair.frontend import Unit
from spancopy_core.repair.languages import frontend_for
from spancopy_core.repair.pipeline import UnitRepairs
from spancopy_core.vocab import Vocabulary

from . import __version__, convert, diagnostics, similar_edit
from .diagnostics import Debouncer
from .documents import Documents, DocumentTooLarge, Snapshot
from .models import Models
from .notify import LspLogHandler, Progress, work_done
from .settings import SECTION, ServerSettings, parse_settings
from .similar_edit import APPLY_SIMILAR_EDIT, SimilarEdits
from .textsync import OpenDocuments, TextDocument
from .transport import CommandCancellingProtocol
from .worker import BACKGROUND, INTERACTIVE, JobCancelled, LruCache, ModelUnavailable

log = logging.getLogger(__name__)
T = TypeVar("T")

REPAIR_METHOD, RELOAD_MODEL = "spancopy.repairMethod", "spancopy.reloadModel"


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


_HANDLERS: list[tuple[str, Any, Any]] = []


def handler(method: str, options: Any = None):
    """Register a module-level function as the handler of ``method``."""

    def register(f):
        _HANDLERS.append((method, options, f))
        return f

    return register


@handler(types.INITIALIZE)
def initialize(ls: SpanCopyServer, params: types.InitializeParams) -> None:
    LspLogHandler.attach(ls)
    ls.update_settings(params.initialization_options, initial=True)
    log.info("spancopy-ls %s, positions in %s", __version__, ls.encoding)


@handler(types.INITIALIZED)
async def initialized(ls: SpanCopyServer, params: types.InitializedParams) -> None:
    await ls.pull_settings()
    ls.models.preload("java")  # in the background: the first code action finds it loaded


@handler(types.WORKSPACE_DID_CHANGE_CONFIGURATION)
async def did_change_configuration(
    ls: SpanCopyServer, params: types.DidChangeConfigurationParams
) -> None:
    settings = params.settings
    if isinstance(settings, dict) and isinstance(settings.get(SECTION), dict):
        ls.update_settings(settings[SECTION])
    else:
        await ls.pull_settings()


@handler(types.TEXT_DOCUMENT_DID_OPEN)
def did_open(ls: SpanCopyServer, params: types.DidOpenTextDocumentParams) -> None:
    item = params.text_document
    doc = ls.texts.open(item.uri, item.language_id, item.version, item.text)
    ls.similar.set_baseline(doc.key, doc.text)
    ls.models.cancel_document(doc.key)  # an earlier opening's work
    ls.forget_actions(doc.key)
    ls.schedule_diagnostics(doc)


@handler(types.TEXT_DOCUMENT_DID_CHANGE)
def did_change(ls: SpanCopyServer, params: types.DidChangeTextDocumentParams) -> None:
    doc = ls.texts.get(params.text_document.uri)
    if doc is None:
        log.warning("didChange of %s, which is not open: ignored", params.text_document.uri)
        return
    synced = doc.synced
    doc.change(params.text_document.version, convert.content_changes(params), ls.encoding)
    if synced and not doc.synced:
        ls.desynchronised(doc, "a change whose range cannot be applied")
    ls.models.cancel_older(doc.key, doc.version)  # work on older versions is wasted
    ls.schedule_diagnostics(doc)
    similar_edit.changed(ls, doc)


@handler(types.TEXT_DOCUMENT_DID_SAVE, types.SaveOptions(include_text=False))
def did_save(ls: SpanCopyServer, params: types.DidSaveTextDocumentParams) -> None:
    doc = ls.texts.get(params.text_document.uri)
    if doc is not None and doc.synced:
        ls.similar.set_baseline(doc.key, doc.text)  # edits are counted from here


@handler(types.TEXT_DOCUMENT_DID_CLOSE)
def did_close(ls: SpanCopyServer, params: types.DidCloseTextDocumentParams) -> None:
    uri = params.text_document.uri
    doc = ls.texts.close(uri)
    if doc is None:
        return
    ls.models.cancel_document(doc.key)
    ls.documents.drop(doc.key)
    ls.similar.forget(doc.key)
    ls.forget_actions(doc.key)
    ls.debouncer.cancel(doc.key)
    if diagnostics.enabled(ls.settings, frontend_for(doc.language_id, doc.uri)):
        ls.text_document_publish_diagnostics(
            types.PublishDiagnosticsParams(uri=uri, diagnostics=[])
        )


@handler(
    types.TEXT_DOCUMENT_CODE_ACTION,
    types.CodeActionOptions(
        code_action_kinds=[types.CodeActionKind.QuickFix], resolve_provider=True
    ),
)
async def code_action(
    ls: SpanCopyServer, params: types.CodeActionParams
) -> list[types.CodeAction] | None:
    if not convert.kind_requested(types.CodeActionKind.QuickFix.value, params.context.only):
        return None
    snap = await ls.snapshot(params.text_document.uri)
    if snap is None:
        return None
    start, end = (_offset(ls, snap, p) for p in (params.range.start, params.range.end))
    with _modified_if_cancelled():
        actions = await _repair_actions(ls, snap, (start, end))
        similar = await similar_edit.proposals(ls, snap, (start, end))
    _check_current(ls, snap)
    if similar:
        actions = (actions or []) + ls.code_actions(snap, similar, prefer=False)
    if actions is None:
        return None
    return [convert.without_edit(a) for a in actions] if ls.resolves_edits() else actions


async def _repair_actions(
    ls: SpanCopyServer, snap: Snapshot, focus: pipeline.Focus
) -> list[types.CodeAction] | None:
    """The repairs at ``focus`` as quick fixes (None when no model serves it)."""
    if (served := await ls.serving(snap, focus)) is None:
        return None
    snap, vocab = served
    context = ls.models[snap.doc.frontend.model].context
    units = ls.decodable(snap, pipeline.units(snap.doc, vocab, focus, context=context))
    if not units:
        return []
    return ls.code_actions(snap, await ls.repairs(snap, units, focus=focus))


@handler(types.CODE_ACTION_RESOLVE)
def code_action_resolve(ls: SpanCopyServer, params: types.CodeAction) -> types.CodeAction:
    data = params.data if isinstance(params.data, dict) else {}
    ident = data.get("id")
    entry = ls.resolvable.get(ident) if type(ident) is int else None  # not a bool
    doc = ls.texts.by_key(entry[0]) if entry is not None else None
    if entry is None or doc is None or (doc.opening, doc.version) != entry[1:3] or not doc.synced:
        log.info("codeAction/resolve: unknown or expired action %r", params.title)
        return params
    params.edit = entry[3].edit
    return params


async def repair_method(ls: SpanCopyServer, *args: Any) -> list[types.CodeAction] | None:
    """``spancopy.repairMethod``: repairs of the method at a position, twice as wide a
    beam, with progress; returns the code actions (edits included), null when no method
    of the open document holds the position (so a client says "no method at the cursor")."""
    uri, pos = convert.repair_method_args(args)
    return await _cancellable(ls, _repair_method(ls, uri, pos))


async def _cancellable(ls: SpanCopyServer, work: Awaitable[T]) -> T:
    """``work`` of the command being handled, which ``$/cancelRequest`` can cancel (the
    command's task is known by its request id meanwhile)."""
    msg_id, task = ls.protocol.msg_id, asyncio.current_task()
    if msg_id is not None and task is not None:
        ls.command_tasks[msg_id] = task
    try:
        return await work
    finally:
        ls.command_tasks.pop(msg_id, None)


def _offset(ls: SpanCopyServer, snap: Snapshot, pos: types.Position) -> int:
    """``pos`` as an offset in ``snap``'s text; a position outside it is an invalid-params
    error."""
    try:
        return convert.offset(snap.doc.lines, pos, ls.encoding)
    except PositionError as exc:
        raise JsonRpcInvalidParams(str(exc)) from None


@contextmanager
def _modified_if_cancelled(progress: Progress | None = None) -> Iterator[None]:
    """A decode cancelled because the document or the model changed answers ContentModified;
    its progress report, if any, ends "cancelled"."""
    try:
        yield
    except JobCancelled:
        if progress is not None:
            progress.end_message = "cancelled"
        raise JsonRpcContentModified("the document or the model changed meanwhile") from None


def _check_current(ls: SpanCopyServer, snap: Snapshot) -> None:
    """ContentModified if the document changed while ``snap`` was being repaired."""
    if not ls.is_current(snap):
        raise JsonRpcContentModified("the document changed meanwhile")


async def _repair_method(
    ls: SpanCopyServer, uri: str, pos: types.Position
) -> list[types.CodeAction] | None:
    snap = await ls.snapshot(uri)
    if snap is None:
        return []
    at = _offset(ls, snap, pos)
    if (served := await ls.serving(snap, (at, at))) is None:
        return []
    snap, vocab = served
    found = pipeline.units(
        snap.doc, vocab, (at, at), context=ls.models[snap.doc.frontend.model].context
    )
    if not found:
        return None
    units = ls.decodable(snap, found)
    if not units:
        return []
    unit = units[-1]
    async with work_done(ls, f"spancopy: repairing {unit.name}") as progress:

        def on_step(step: int) -> None:  # a decode takes about one step per token
            progress.report(f"step {step}", min(99, 100 * step // (len(unit.tokens) + 2)))

        with _modified_if_cancelled(progress):
            repairs = await ls.repairs(snap, [unit], widen=2, on_step=on_step, focus=(at, at))
        progress.end_message = f"{len(repairs[0].candidates)} repair(s)"
    _check_current(ls, snap)
    return ls.code_actions(snap, repairs)


async def apply_similar_edit(ls: SpanCopyServer, *args: Any) -> list[types.CodeAction]:
    """``spancopy.applySimilarEdit``: the similar edits (:mod:`.similar_edit`) of the method
    at a position, or of every method of the document without one, with progress; returns
    the code actions, edits included (empty when nothing changed or nothing is similar)."""
    uri, pos = convert.similar_edit_args(args)
    return await _cancellable(ls, _apply_similar_edit(ls, uri, pos))


async def _apply_similar_edit(
    ls: SpanCopyServer, uri: str, pos: types.Position | None
) -> list[types.CodeAction]:
    snap = await ls.snapshot(uri)
    if snap is None:
        return []
    at = None if pos is None else _offset(ls, snap, pos)
    async with work_done(ls, "spancopy: applying the edit elsewhere") as progress:
        with _modified_if_cancelled(progress):
            found = await similar_edit.proposals(
                ls,
                snap,
                None if at is None else (at, at),
                on_step=lambda step: progress.report(f"step {step}"),
            )
        progress.end_message = f"{sum(len(r.candidates) for r in found)} proposal(s)"
    _check_current(ls, snap)
    return ls.code_actions(snap, found, prefer=False)


async def reload_model(ls: SpanCopyServer, *args: Any) -> dict[str, Any]:
    """``spancopy.reloadModel``: drop the models and load the Java one again (with progress;
    the prose model loads again on its next use)."""
    ls.models.unload()
    ls.candidates.clear()
    ls.similar.proposals.clear()
    vocab = await ls.models.vocab("java")
    worker = ls.models["java"]
    error = None if vocab is not None else str(worker.error or "the model could not be loaded")
    return {"loaded": vocab is not None, "modelPath": str(worker.model_dir), "error": error}


@handler(types.SHUTDOWN)
def shutdown(ls: SpanCopyServer, params: None) -> None:
    ls.debouncer.cancel_all()
    ls.models.close()


def create_server() -> SpanCopyServer:
    """A new server with every handler and command registered."""
    ls = SpanCopyServer()
    for method, options, f in _HANDLERS:
        ls.feature(method, options)(f)
    ls.command(REPAIR_METHOD)(repair_method)
    ls.command(RELOAD_MODEL)(reload_model)
    ls.command(APPLY_SIMILAR_EDIT)(apply_similar_edit)
    return ls
