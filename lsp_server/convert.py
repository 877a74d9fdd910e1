"""Repair candidates as LSP objects: ranges, text edits, code actions, diagnostics (pure).

Edits inside the server are code-point offsets (:class:`spancopy_core.editing.edits.TextEdit`); this
module turns them into LSP positions in the negotiated position encoding (``utf-16`` unless
the client offered ``utf-8`` or ``utf-32``, LSP 3.17 ``general.positionEncodings``) through
:class:`spancopy_core.editing.positions.LineIndex`, and wraps them in a ``WorkspaceEdit`` whose
``TextDocumentEdit`` carries the document version the edits were computed on, so that a
client never applies them to another version.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from lsprotocol import types
from pygls.exceptions import JsonRpcInvalidParams

from spancopy_core.editing.edits import TextEdit
from spancopy_core.editing.positions import LineIndex
from spancopy_core.repair.candidates import Candidate, title
from spancopy_core.repair.frontend import Frontend, Unit

SOURCE = "spancopy"


def encoding_name(encoding: object) -> str:
    """``PositionEncodingKind.Utf16`` (or ``"utf-16"``) -> ``"utf-16"``."""
    return str(getattr(encoding, "value", encoding) or "utf-16")


def position(lines: LineIndex, offset: int, encoding: str) -> types.Position:
    line, character = lines.position(offset, encoding)
    return types.Position(line=line, character=character)


def lsp_range(lines: LineIndex, start: int, end: int, encoding: str) -> types.Range:
    return types.Range(start=position(lines, start, encoding), end=position(lines, end, encoding))


def offset(lines: LineIndex, pos: types.Position, encoding: str) -> int:
    """Code-point offset of an LSP position (clamped to the text as LSP prescribes; a
    negative position raises :class:`~spancopy_core.editing.positions.PositionError`)."""
    return lines.offset(pos.line, pos.character, encoding)


def text_edits(lines: LineIndex, edits: Sequence[TextEdit], encoding: str) -> list[types.TextEdit]:
    return [
        types.TextEdit(range=lsp_range(lines, e.start, e.end, encoding), new_text=e.new_text)
        for e in sorted(edits, key=lambda e: (e.start, e.end))
    ]


def workspace_edit(
    uri: str, version: int, lines: LineIndex, edits: Sequence[TextEdit], encoding: str
) -> types.WorkspaceEdit:
    """A versioned ``WorkspaceEdit`` of one ``TextDocumentEdit``."""
    return types.WorkspaceEdit(
        document_changes=[
            types.TextDocumentEdit(
                text_document=types.OptionalVersionedTextDocumentIdentifier(
                    uri=uri, version=version
                ),
                edits=text_edits(lines, edits, encoding),
            )
        ]
    )


def code_action(
    uri: str,
    version: int,
    lines: LineIndex,
    candidate: Candidate,
    encoding: str,
    *,
    preferred: bool,
    data: Any = None,
) -> types.CodeAction:
    """A ``quickfix`` titled with the change and its probability."""
    return types.CodeAction(
        title=title(candidate),
        kind=types.CodeActionKind.QuickFix,
        is_preferred=preferred or None,
        edit=workspace_edit(uri, version, lines, candidate.edits, encoding),
        data=data,
    )


def kind_requested(kind: str, only: Sequence[str] | None) -> bool:
    """Whether an action of ``kind`` answers a request restricted to ``only``: kinds are
    dot-separated hierarchies (LSP 3.17 ``CodeActionKind``), so ``quickfix`` answers
    ``quickfix`` and the empty kind, ``quickfix.x`` answers ``quickfix``, and ``quick`` nothing."""
    return only is None or any(k in ("", kind) or kind.startswith(k + ".") for k in only)


def without_edit(action: types.CodeAction) -> types.CodeAction:
    """The action as sent to a client that resolves edits on demand."""
    return types.CodeAction(
        title=action.title, kind=action.kind, is_preferred=action.is_preferred, data=action.data
    )


def diagnostic(
    lines: LineIndex,
    candidate: Candidate,
    unit: Unit,
    frontend: Frontend,
    ratio: float,
    encoding: str,
    suspicion: str | None = None,
) -> types.Diagnostic:
    """An Information diagnostic on the text that the best repair of a unit would change:
    ``clamp: possible fix: ...`` for a method, ``Possible fix: ...`` for a sentence; with
    ``suspicion``, the likely bug that ``candidate`` fixes, a Warning: ``same: 's == r'
    compares Strings by reference, not by value; possible fix: ...``."""
    first = min(candidate.edits, key=lambda e: (e.start, e.end))
    where = lsp_range(lines, first.start, max(first.end, first.start), encoding)
    if suspicion is not None:
        return types.Diagnostic(
            range=where,
            message=f"{unit.name}: {suspicion}; possible fix: {title(candidate)}",
            severity=types.DiagnosticSeverity.Warning,
            source=SOURCE,
        )
    if frontend.unit_kind == "method":
        what = f"{unit.name}: possible fix: {title(candidate)}, {ratio:.3g}x as likely as the code"
    else:
        what = (
            f"Possible fix: {title(candidate)}, {ratio:.3g}x as likely as the {frontend.unit_kind}"
        )
    return types.Diagnostic(
        range=where,
        message=f"{what} as written",
        severity=types.DiagnosticSeverity.Information,
        source=SOURCE,
    )


def content_changes(
    params: types.DidChangeTextDocumentParams,
) -> list[tuple[tuple[tuple[int, int], tuple[int, int]] | None, str]]:
    """``didChange``'s content changes as :meth:`.textsync.TextDocument.change` takes them:
    ``(None, text)`` for the whole text, ``(((line, character), (line, character)), text)``
    for a range."""
    out: list[tuple[tuple[tuple[int, int], tuple[int, int]] | None, str]] = []
    for change in params.content_changes:
        if isinstance(change, types.TextDocumentContentChangePartial):
            r = change.range
            span = ((r.start.line, r.start.character), (r.end.line, r.end.character))
            out.append((span, change.text))
        else:
            out.append((None, change.text))
    return out


def _uinteger(value: object) -> bool:
    """Whether ``value`` is an LSP ``uinteger`` (an int in [0, 2^31), not a bool)."""
    return type(value) is int and 0 <= value < 2**31


def repair_method_args(args: Sequence[Any]) -> tuple[str, types.Position]:
    """The arguments of ``spancopy.repairMethod``: ``[{"uri", "position"}]`` or
    ``[uri, position]``; anything else raises ``InvalidParams``."""
    uri, pos = _command_args(args, "spancopy.repairMethod", optional=False)
    assert pos is not None
    return uri, pos


def similar_edit_args(args: Sequence[Any]) -> tuple[str, types.Position | None]:
    """The arguments of ``spancopy.applySimilarEdit``: those of ``spancopy.repairMethod``,
    or the uri alone (``[{"uri"}]``, ``[uri]``: every method of the document)."""
    return _command_args(args, "spancopy.applySimilarEdit", optional=True)


def _command_args(
    args: Sequence[Any], command: str, *, optional: bool
) -> tuple[str, types.Position | None]:
    if len(args) == 1 and isinstance(args[0], dict):
        args = (args[0].get("uri"), args[0].get("position"))
    elif len(args) == 1 and optional:
        args = (args[0], None)
    uri, pos = args if len(args) == 2 else (None, None)
    if isinstance(uri, str) and pos is None and optional:
        return uri, None
    line = pos.get("line") if isinstance(pos, dict) else None
    character = pos.get("character") if isinstance(pos, dict) else None
    if not (
        isinstance(uri, str)
        and isinstance(line, int)
        and isinstance(character, int)
        and _uinteger(line)
        and _uinteger(character)
    ):
        where = (
            "{uri[, position: {line, character}]}"
            if optional
            else ("{uri, position: {line, character}}")
        )
        raise JsonRpcInvalidParams(
            f"{command} takes {where}, line and character integers in [0, 2^31)"
        )
    return uri, types.Position(line=line, character=character)
