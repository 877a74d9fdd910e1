"""The context segment: tokens the method lacks, offered to the decoder to copy. A unit's model
input may end with :data:`SEPARATOR` and at most :data:`MAX_TOKENS` abstracted names of the
surrounding code (``x_1 .. x_n <context> c_1 .. c_m``), marked by :func:`segment_ids`; copies
never cross the separator, and the context is never an output (:func:`split`). Pure and
torch-free.
Design notes: docs/design.md#paper-context.
"""

from __future__ import annotations

from collections.abc import Sequence

from spancopy_core.paper.focus import CONTEXT, NONE

SEPARATOR = "<context>"  # not a Java token nor a word: no output ever holds it
MAX_TOKENS = 16  # context tokens at most (the input grows by at most MAX_TOKENS + 1): see above


def join(method: Sequence[str], context: Sequence[str]) -> list[str]:
    """The model input of ``method`` with ``context`` (cut to :data:`MAX_TOKENS`); the method
    alone when the context is empty."""
    if not context:
        return list(method)
    return [*method, SEPARATOR, *context[:MAX_TOKENS]]


def split(tokens: Sequence[str]) -> tuple[list[str], list[str]]:
    """``(method, context)`` of a model input (the context empty without a separator)."""
    for k, t in enumerate(tokens):
        if t == SEPARATOR:
            return list(tokens[:k]), list(tokens[k + 1 :])
    return list(tokens), []


def method_length(tokens: Sequence[str]) -> int:
    """The number of method tokens of a model input (those before the separator)."""
    return len(split(tokens)[0])


def segment_ids(tokens: Sequence[str], ids: Sequence[int] | None = None) -> list[int]:
    """Per-token ids of a model input: ``ids`` (focus ids of its method tokens, or of all its
    tokens; None: NONE) on the method, :data:`~spancopy_core.paper.focus.CONTEXT` from the separator
    on."""
    n = method_length(tokens)
    method = [NONE] * n if ids is None else list(ids[:n])
    if len(method) != n:
        raise ValueError("focus must have one id per method token")
    return method + [CONTEXT] * (len(tokens) - n)


def has_context(tokens: Sequence[str]) -> bool:
    """Whether a model input holds a context segment."""
    return SEPARATOR in tokens
