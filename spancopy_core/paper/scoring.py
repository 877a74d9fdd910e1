"""The exact probability of given outputs: what the model thinks of a candidate repair.

The beam search finds outputs and scores them by the action sequences it happened to keep;
:func:`log_probs` scores any output by the marginal over *every* action sequence that produces
it (paper Eq. 2, the training objective), as one batched teacher-forced forward pass. The
repair pipeline ranks all its candidates, from the beam and from templates, by this number;
for a model with an edit encoder every item also names the edit applied to its input (the
similar-edit proposals, :mod:`spancopy_core.repair.similar`).
"""

from __future__ import annotations

from collections.abc import Sequence

import torch

from spancopy_core.editing.alignment import Alignment
from spancopy_core.paper.batch import Example, collate
from spancopy_core.paper.lattice import build_lattice
from spancopy_core.paper.model import SpanCopyModel
from spancopy_core.paper.model_types import EditTensors
from spancopy_core.paper.objective import sequence_log_likelihood

# (input tokens, focus ids of the input or None, output tokens)
Item = tuple[Sequence[str], Sequence[int] | None, Sequence[str]]


@torch.no_grad()
def log_probs(
    model: SpanCopyModel,
    items: Sequence[Item],
    batch_size: int = 32,
    edits: Sequence[Alignment] | None = None,
) -> list[float]:
    """``log P(output | input, focus[, edit])`` of every item, summed over all action sequences
    (an output that needs a token neither in the input nor in the vocabulary is scored as the
    model's unknown token, which the pipeline never asks for); ``edits``, one per item, for a
    model with an edit encoder. Items of one batch that share their input, focus and edit (the
    candidates of one unit) share one encoder pass."""
    if edits is not None and len(edits) != len(items):
        raise ValueError("edits must have one edit per item")
    max_copy = 1 if model.config.copy_mode == "token" else None
    was_training = model.training
    model.eval()
    out: list[float] = []
    try:
        for k in range(0, len(items), batch_size):
            chunk = items[k : k + batch_size]
            examples: list[Example] = []
            chunk_edits = None if edits is None else edits[k : k + batch_size]
            first: dict[tuple, int] = {}
            which = []  # per item, the row of its input among the distinct inputs
            for i, (x, focus, y) in enumerate(chunk):
                item_edit = None if chunk_edits is None else chunk_edits[i]
                key = (tuple(x), tuple(focus) if focus else None, item_edit)
                which.append(first.setdefault(key, i))
                lattice = build_lattice(list(x), list(y), model.vocab, max_copy)
                ids = list(focus) if focus else None
                examples.append(
                    (list(x), list(y), lattice, ids)
                    if item_edit is None
                    else (list(x), list(y), lattice, ids, item_edit)
                )
            batch = collate(examples, model.vocab, model.config.char_ngrams).to(model.device)
            distinct = torch.tensor(sorted(first.values()), device=model.device)  # (U,)
            focus_ids = None if batch.focus is None else batch.focus[distinct]
            edit = batch.edit
            if edit is not None:
                edit = EditTensors(*(t[distinct] for t in edit))  # (U, A) each
            memory = model.encode(
                batch.src[distinct],
                batch.src_len[distinct],
                focus_ids,
                batch.ngrams[distinct],
                edit,
            )
            slot = {row: u for u, row in enumerate(sorted(first.values()))}
            memory = memory.rows(torch.tensor([slot[r] for r in which], device=model.device))
            h, _ = model.run_decoder(batch.tgt_in, memory.init_state)  # (B, T, H)
            log_lik = sequence_log_likelihood(model.score(h, memory), batch, "marginal")  # (B,)
            out += log_lik.float().tolist()
    finally:
        model.train(was_training)
    return out
