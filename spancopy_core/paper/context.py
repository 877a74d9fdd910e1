"""The context segment: tokens the method lacks, offered to the decoder to copy.

A fix often needs a name that the buggy method does not contain: a field of its class, another
method of the class, a constant. The model input of a unit may therefore end with a *context
segment*: the :data:`SEPARATOR` followed by at most :data:`MAX_TOKENS` tokens of the code around
the unit (for Java, :meth:`spancopy_core.lang.java.JavaSource.scope`: members of the enclosing
classes, then other names and literals of the file, less what the method already has and what
the vocabulary holds), abstracted with the method's own numbering, so that a field ``count`` is
``VAR_7`` and maps back to ``count``::

    x_1 .. x_n  <context>  c_1 .. c_m

Every token from the separator on carries the per-token id :data:`spancopy_core.paper.focus.CONTEXT`
(:func:`segment_ids`). What the model does with it
(:meth:`spancopy_core.paper.model.SpanCopyModel.encode`):

- a model with ``ModelConfig.context`` adds a learned vector to the embedding of every token of
  the segment (zero until trained, so a model given the feature computes what it computed
  before); the focus embedding sees those tokens as NONE;
- every model, whatever its config, copies a span only inside one segment, never across the
  separator, and never copies the separator itself: the span normaliser
  (:func:`spancopy_core.paper.model.span_log_normaliser`) and the beam search
  (:func:`spancopy_core.paper.decoding.candidate_log_probs`) leave those spans out. The lattice of
  correct actions needs no mask: no output holds the separator, so no correct copy crosses it.

The decoder may copy from the context but the context is never an output: "unchanged" means
equal to the method ``x_1 .. x_n`` (:func:`split`); the beam's length limit is the method's;
the pipeline writes a copy from the context as the generation of its tokens, so that the edits
index the method alone (:func:`spancopy_core.repair.pipeline.within_method`). Inputs without a
separator are exactly the inputs of before (BFP, real edits: an empty context), and a model
without ``ModelConfig.context`` is never given one (``pipeline.units(..., context=...)``).

**Why 16 tokens.** On the held-out files (valid split) of ``python -m trainer synth --profile
user --context --seed 1 --valid 0.1 --limit 30000`` of the JDK, 1,617 of 2,332 fixes (69.3%)
are expressible without the segment (``bench/context_expressible.py``); with its first 4, 8,
16 tokens 1,795, 1,833, 1,905 (81.7%) (a run of the same files with an earlier segment, known
names left out: 1,913 with 16 tokens, 1,983 with 32, 2,043 with 64). The time of a repair
grows faster than the input (the beam scores every span, and a model that reads the segment
writes longer outputs while untrained): with 16 tokens the pipeline took 1.46 times as long at
the median as without (``bench/context_latency.py``, 20 JDK methods, the shipped model with a
zero marker), with 32 and 64 about 1.9 times (12 methods). The names are BFP placeholders
(``VAR_7``): the segment tells the model which names and kinds exist, and idioms by name, not
what a placeholder means.

Pure and torch-free.
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
