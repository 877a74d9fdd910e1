"""The commands of ``workspace/executeCommand``: ``spancopy.repairMethod`` (the repairs of
the method at a position, with a wider beam and progress), ``spancopy.applySimilarEdit`` (the
edit just made, proposed for other methods: :mod:`.similar_edit`) and ``spancopy.reloadModel``;
and what they share with the code action: a decode cancelled by a change answers
ContentModified (:func:`modified_if_cancelled`). Registered by
:func:`.server.create_server`."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Iterator
from contextlib import contextmanager
from typing import Any, TypeVar

from lsprotocol import types
from pygls.exceptions import JsonRpcContentModified

from . import convert, similar_edit
from .notify import Progress, work_done
from .state import SpanCopyServer
from .worker import JobCancelled

T = TypeVar("T")

REPAIR_METHOD, RELOAD_MODEL = "spancopy.repairMethod", "spancopy.reloadModel"


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


@contextmanager
def modified_if_cancelled(progress: Progress | None = None) -> Iterator[None]:
    """A decode cancelled because the document or the model changed answers ContentModified;
    its progress report, if any, ends "cancelled"."""
    try:
        yield
    except JobCancelled:
        if progress is not None:
            progress.end_message = "cancelled"
        raise JsonRpcContentModified("the document or the model changed meanwhile") from None


async def _repair_method(
    ls: SpanCopyServer, uri: str, pos: types.Position
) -> list[types.CodeAction] | None:
    snap = await ls.snapshot(uri)
    if snap is None:
        return []
    at = ls.offset(snap, pos)
    if (served := await ls.repair.at(snap, (at, at))) is None:
        return []
    snap, found, units = served
    if not found:
        return None
    if not units:
        return []
    unit = units[-1]
    async with work_done(ls, f"spancopy: repairing {unit.name}") as progress:

        def on_step(step: int) -> None:  # a decode takes about one step per token
            progress.report(f"step {step}", min(99, 100 * step // (len(unit.tokens) + 2)))

        with modified_if_cancelled(progress):
            repairs = await ls.repair.repairs(
                snap, [unit], widen=2, on_step=on_step, focus=(at, at)
            )
        progress.end_message = f"{len(repairs[0].candidates)} repair(s)"
    ls.files.check_current(snap)
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
    at = None if pos is None else ls.offset(snap, pos)
    async with work_done(ls, "spancopy: applying the edit elsewhere") as progress:
        with modified_if_cancelled(progress):
            found = await similar_edit.proposals(
                ls,
                snap,
                None if at is None else (at, at),
                on_step=lambda step: progress.report(f"step {step}"),
            )
        progress.end_message = f"{sum(len(r.candidates) for r in found)} proposal(s)"
    ls.files.check_current(snap)
    return ls.code_actions(snap, found, prefer=False)


async def reload_model(ls: SpanCopyServer, *args: Any) -> dict[str, Any]:
    """``spancopy.reloadModel``: drop the models and load the Java one again (with progress;
    the prose model loads again on its next use)."""
    ls.repair.reload()
    vocab = await ls.models.vocab("java")
    worker = ls.models["java"]
    error = None if vocab is not None else str(worker.error or "the model could not be loaded")
    return {"loaded": vocab is not None, "modelPath": str(worker.model_dir), "error": error}
