"""The language server (:class:`SpanCopyServer`) as the parts a request uses, each named: the
settings, the open documents (:class:`.open_files.OpenFiles`), the repair service with its
models and caches (:class:`.repairs.RepairService`), the action registry
(:class:`.actions.ActionRegistry`), the diagnostics (:class:`.diagnostics.Diagnostics`) and the
similar edits' state (:class:`.similar_edit.SimilarEdits`). The handlers of LSP methods are
:mod:`.server`'s, the commands :mod:`.commands`'."""

from __future__ import annotations

import asyncio
import logging
from concurrent.futures import Executor, ThreadPoolExecutor
from typing import Any

from lsprotocol import types
from pygls.exceptions import JsonRpcException
from pygls.lsp.server import LanguageServer

from spancopy_core.repair.pipeline import UnitRepairs
from spancopy_core.repair.prose import ProseSettings

from . import __version__, convert
from .actions import ActionRegistry
from .diagnostics import Diagnostics
from .documents import Snapshot
from .lru import LruCache
from .models import Models
from .open_files import OpenFiles
from .repairs import RepairService
from .settings import SECTION, ServerSettings, parse_settings
from .similar_edit import SimilarEdits
from .textsync import OpenDocuments, TextDocument
from .transport import CommandCancellingProtocol
from .words import WorkspaceWords

log = logging.getLogger(__name__)

STOP_WAIT = 3.0  # seconds the end of the session waits for a model thread (a load's end)
LOGGED_KEPT = 1024  # messages logged once: a new one after that many others is logged again


class SpanCopyServer(LanguageServer):
    """The server: settings and the parts that serve requests."""

    def __init__(self) -> None:
        super().__init__("spancopy-ls", __version__, protocol_cls=CommandCancellingProtocol)
        self.command_tasks: dict[Any, asyncio.Task] = {}  # by request id
        self.init_settings = self.settings = ServerSettings()
        self._warnings: set[str] = set()
        self._logged: LruCache[tuple, bool] = LruCache(LOGGED_KEPT)
        cpu = ThreadPoolExecutor(1, thread_name_prefix="spancopy-cpu")  # parsing, edits
        self.models = Models(self)  # a worker per model: java, prose, edit
        self.files = OpenFiles(cpu, self.log_once)
        self.words = WorkspaceWords(self.files.texts)  # never changed in prose
        self.repair = RepairService(
            self.models, cpu, lambda: self.settings, self.log_once, self.prose_settings
        )
        self.actions = ActionRegistry()
        self.diagnostics = Diagnostics(
            self.files,
            self.repair,
            lambda: self.settings,
            lambda: self.encoding,
            self.text_document_publish_diagnostics,
        )
        self.similar = SimilarEdits()  # baselines, observed edits, proposals

    def shutdown(self) -> None:
        """Stop the model threads, then pygls: a thread still inside torch when the
        interpreter finalizes aborts the process (SIGABRT; :func:`.transport.run`)."""
        self.models.close(wait=STOP_WAIT)
        super().shutdown()

    def report_server_error(self, error: Exception, source: Any) -> None:
        """Errors outside a request's answer (a failing notification handler): logged with
        their traceback, not shown to the user as pygls' "Error in server" pop-up."""
        log.error("%s: %s", getattr(source, "__name__", source), error, exc_info=error)

    # -- what the similar edits' Host protocol reads ----------------------------------------
    @property
    def texts(self) -> OpenDocuments:
        return self.files.texts

    @property
    def cpu(self) -> Executor:
        return self.repair.cpu

    async def snapshot(self, uri: str) -> Snapshot | None:
        return await self.files.snapshot(uri)

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
        self.diagnostics.settings_changed(old, new)

    def prose_settings(self) -> ProseSettings:
        """What the user set of prose mode: Harper's settings and the words never changed (the
        dictionary, the identifiers' words of the open Java files)."""
        root = self.workspace.root_path
        return ProseSettings(self.settings.harper(), self.words.words(self.settings, root))

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

    # -- what requests share -----------------------------------------------------------------
    def offset(self, snap: Snapshot, pos: types.Position) -> int:
        """``pos`` as an offset in ``snap``'s text (invalid params when outside it)."""
        return self.files.offset(snap, pos, self.encoding)

    def code_actions(
        self, snap: Snapshot, repairs: list[UnitRepairs], *, prefer: bool = True
    ) -> list[types.CodeAction]:
        """Quick fixes of every unit, the first preferred (with ``prefer``), each registered
        for ``codeAction/resolve``."""
        return self.actions.code_actions(snap, repairs, self.encoding, prefer=prefer)

    def resolves_edits(self) -> bool:
        """Whether the client fills in the ``edit`` of a code action with a resolve."""
        text = self.client_capabilities.text_document
        support = text and text.code_action and text.code_action.resolve_support
        return bool(support and "edit" in support.properties)

    def desynchronised(self, doc: TextDocument, why: str) -> None:
        """``doc``'s text is no longer the editor's: say so once; no repairs until a full
        change or a new ``didOpen``."""
        doc.synced = False
        self.models.cancel_document(doc.key)
        self.diagnostics.debouncer.cancel(doc.key)
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
        """Log ``message`` once per ``key`` (of the last :data:`LOGGED_KEPT` keys)."""
        if self._logged.get(key) is None:
            self._logged.put(key, True)
            log.info(message, *args)
