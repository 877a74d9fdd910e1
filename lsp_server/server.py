"""The spancopy language server (pygls 2): learned repairs of Java methods and of prose sentences
as LSP 3.17 quick fixes (``textDocument/codeAction``, ``codeAction/resolve``), the commands of
``workspace/executeCommand``, optional diagnostics, and the document lifecycle
(``initialize`` to ``shutdown``). Handlers are thin: the repairs come from the pipeline of
:mod:`spancopy_core.repair`, and state, documents, conversion and timing live in their own
modules.
Design notes: docs/design.md#lsp-server-server.
"""

from __future__ import annotations

import logging
from typing import Any

from lsprotocol import types

from spancopy_core.repair.languages import frontend_for

from . import __version__, commands, convert, diagnostics, similar_edit
from .notify import LspLogHandler
from .settings import SECTION
from .similar_edit import APPLY_SIMILAR_EDIT
from .state import SpanCopyServer

log = logging.getLogger(__name__)


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
    ls.actions.forget(doc.key)
    ls.diagnostics.schedule(doc)
    ls.repair.prepare(frontend_for(doc.language_id, doc.uri))


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
    ls.diagnostics.schedule(doc)
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
    ls.files.parses.drop(doc.key)
    ls.similar.forget(doc.key)
    ls.actions.forget(doc.key)
    ls.diagnostics.debouncer.cancel(doc.key)
    if diagnostics.enabled(ls.settings, frontend_for(doc.language_id, doc.uri)):
        ls.diagnostics.clear(doc)


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
    start, end = (ls.offset(snap, p) for p in (params.range.start, params.range.end))
    automatic = params.context.trigger_kind == types.CodeActionTriggerKind.Automatic
    with commands.modified_if_cancelled():
        served = await ls.repair.at(snap, (start, end))
        found = []
        if served is not None and served.decodable:
            found = await ls.repair.repairs(
                served.snap,
                served.decodable,
                focus=(start, end),
                automatic=None if params.context.trigger_kind is None else automatic,
                only_confident=automatic,  # only what the model is confident of is shown
            )
        similar = await similar_edit.proposals(ls, snap, (start, end))
    ls.files.check_current(snap)
    actions = None
    if served is not None:  # an automatic request: only where the model is confident
        if automatic:
            found = ls.repair.automatic(found, served.snap.doc, (start, end))
        actions = ls.code_actions(served.snap, found)
    if similar:
        actions = (actions or []) + ls.code_actions(snap, similar, prefer=False)
    if actions is None:
        return None
    return [convert.without_edit(a) for a in actions] if ls.resolves_edits() else actions


@handler(types.CODE_ACTION_RESOLVE)
def code_action_resolve(ls: SpanCopyServer, params: types.CodeAction) -> types.CodeAction:
    data = params.data if isinstance(params.data, dict) else {}
    edit = ls.actions.edit(data.get("id"), ls.texts)
    if edit is None:
        log.info("codeAction/resolve: unknown or expired action %r", params.title)
        return params
    params.edit = edit
    return params


@handler(types.SHUTDOWN)
def shutdown(ls: SpanCopyServer, params: None) -> None:
    ls.diagnostics.debouncer.cancel_all()
    ls.models.close()
    ls.repair.close()


def create_server() -> SpanCopyServer:
    """A new server with every handler and command registered."""
    ls = SpanCopyServer()
    for method, options, f in _HANDLERS:
        ls.feature(method, options)(f)
    ls.command(commands.REPAIR_METHOD)(commands.repair_method)
    ls.command(commands.RELOAD_MODEL)(commands.reload_model)
    ls.command(APPLY_SIMILAR_EDIT)(commands.apply_similar_edit)
    return ls
