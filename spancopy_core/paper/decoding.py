"""Beam search over Gen/Copy actions that merges rays yielding the same tokens (Algorithm 1):
rays holding ``t`` tokens are expanded at step ``t``, and with ``variant="merged"`` equal
outputs are merged with ``logaddexp``. The driver :func:`beam_search` calls the model in
batched steps; the selection step :func:`advance` is pure; ``should_stop`` lets a caller cancel
between steps.
Design notes: docs/design.md#paper-decoding.
"""

from __future__ import annotations

import heapq
import itertools
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from functools import cached_property
from typing import NamedTuple

import numpy as np
import torch

from spancopy_core.editing.alignment import Alignment
from spancopy_core.paper.actions import Action, Copy, Gen, Hypothesis
from spancopy_core.paper.batch import pad_edits
from spancopy_core.paper.config import VARIANTS
from spancopy_core.paper.context import has_context, method_length, segment_ids
from spancopy_core.paper.focus import NONE as NO_FOCUS
from spancopy_core.paper.lattice import match_table
from spancopy_core.paper.logspace import NEG, segment_logsumexp
from spancopy_core.paper.model import SpanCopyModel
from spancopy_core.paper.model_types import EditTensors, Memory, Scores
from spancopy_core.paper.ngrams import input_ngrams
from spancopy_core.paper.probability import logsumexp
from spancopy_core.paper.vocab import BOS, BOS_ID, EOS_ID, PAD_ID, Vocabulary

_IMPOSSIBLE = NEG / 2  # log-probabilities at or below this are masked actions


class DecodingCancelled(Exception):
    """Raised by :func:`beam_search` when ``should_stop()`` returned true."""


# -- search state ----------------------------------------------------------------------------


@dataclass(eq=False, slots=True)
class Ray:
    """A partial output of the search, with every derivation that was merged into it.

    ``state`` and ``pending`` are the driver's cache of the decoder: the state before
    ``pending``, the emitted tokens not fed to the decoder yet. The selection step only hands
    them on to the ray's children.
    """

    tokens: tuple[str, ...]
    log_prob: float  # summed over the merged derivations
    best: float  # log-probability of the best single derivation
    actions: tuple[Action, ...]  # that derivation
    state: torch.Tensor  # (layers, H) decoder state before ``pending``
    pending: tuple[str, ...]  # tokens not yet fed to the decoder
    finished: bool = False


@dataclass
class Beam:
    """The search state of one input: its live rays and its finished hypotheses."""

    inputs: tuple[str, ...]  # the model input, whose spans the copies take
    max_len: int  # longest output allowed
    rays: list[Ray]  # unfinished rays, the most probable first
    finished: dict[tuple[str, ...], Ray]  # finished rays by their tokens
    done: bool = False

    def active(self, t: int) -> list[Ray]:
        """The rays expanded at step ``t``: those holding exactly ``t`` tokens."""
        return [r for r in self.rays if len(r.tokens) == t]

    def hypotheses(self, top_k: int) -> list[Hypothesis]:
        """The ``top_k`` most probable finished outputs, best first."""
        best = heapq.nlargest(top_k, self.finished.values(), key=lambda r: r.log_prob)
        return [Hypothesis(list(r.tokens), r.log_prob, list(r.actions)) for r in best]


@dataclass(frozen=True)
class SlotLayout:
    """The ``C = V + S * S`` candidate actions of a ray, one slot each, for inputs of at most
    ``S`` tokens: ``Gen(v)`` at slot ``v``, then ``Copy(i, t + 1)`` (the span ``[i, t]``) at
    slot ``V + i * S + t``. Slots of spans with ``t < i`` exist but are never allowed."""

    vocab: Vocabulary
    S: int

    @cached_property
    def V(self) -> int:
        return len(self.vocab)

    @cached_property
    def C(self) -> int:
        return self.V + self.S * self.S

    def action(self, slot: int) -> Action:
        """The action of ``slot`` (one shared object per slot: actions are immutable)."""
        action = self._actions.get(slot)
        if action is None:
            if slot < self.V:
                action = Gen(self.vocab.itos[slot])
            else:
                i, t = divmod(slot - self.V, self.S)
                action = Copy(i, t + 1)
            self._actions[slot] = action
        return action

    @cached_property
    def _actions(self) -> dict[int, Action]:
        return {}

    def span_lengths(self, span: bool, device: torch.device) -> torch.Tensor:
        """(S, S) length of the span ``[i, t]``, 0 where it may not be copied (``t < i``, and
        ``t > i`` when only single tokens are copied)."""
        idx = torch.arange(self.S, device=device)
        lengths = (idx[None, :] - idx[:, None] + 1).clamp_min(0)  # (S, S)
        return lengths if span else lengths * (lengths == 1)


# -- merge groups ----------------------------------------------------------------------------


def same_output_groups(
    inputs: Sequence[str], layout: SlotLayout, span: bool
) -> tuple[np.ndarray, np.ndarray]:
    """The candidate slots of a ray whose actions yield the same tokens, in groups of two or
    more: ``Gen(x)`` with every copy of an ``x``, and the copies of equal spans.

    Returns ``(slots, sizes)``: every group's slots, its representative (the smallest slot:
    the ``Gen`` if any, else the first span) first and the rest in increasing order, groups
    in order of the first occurrence of their content (by start, then length); and the size
    of each group. From the self-match table ``M[j, i]`` (longest common run of
    ``inputs[j:]`` and ``inputs[i:]``) the first occurrence of ``inputs[i : i + l]`` is the
    first ``j`` with ``max(M[:j + 1, i]) >= l``: O(n^2) for an input of n tokens.
    """
    n = len(inputs)
    if n == 0:
        return np.zeros(0, dtype=np.int64), np.zeros(0, dtype=np.int64)
    # Setup: identity keys (negative for out-of-vocabulary tokens) and the self-match table.
    _, key_list = layout.vocab.encode(list(inputs))
    keys = np.asarray(key_list, dtype=np.int64)
    M = match_table(keys, keys)  # (n, n)
    # first[i, l - 1]: first start of the content inputs[i : i + l], the number of starts j
    # whose running maximum max(M[:j + 1, i]) is below l.
    running = np.maximum.accumulate(M, axis=0)  # (n, n) nondecreasing down each column
    cell = np.arange(n)[None, :] * (n + 1) + running  # (n, n) histogram cell of (i, M value)
    first = np.bincount(cell.ravel(), minlength=n * (n + 1)).reshape(n, n + 1).cumsum(1)

    # Every allowed span (start, length) and the class of its content, (first start, length).
    if span:
        start, length = np.nonzero(np.arange(n)[None, :] < (n - np.arange(n))[:, None])
        length += 1
    else:
        start, length = np.arange(n), np.ones(n, dtype=np.int64)
    origin = first[start, length - 1]
    slots = layout.V + start * layout.S + start + length - 1
    # A Gen joins the class of a single in-vocabulary token, ahead of the copies (order -1).
    gen = (length == 1) & (origin == start) & (keys[start] >= 0)
    origin = np.concatenate([origin, start[gen]])
    length = np.concatenate([length, length[gen]])
    order = np.concatenate([start, np.full(int(gen.sum()), -1)])
    slots = np.concatenate([slots, keys[start[gen]]])

    # Group: sort by class, members in order; keep the classes of two or more actions.
    perm = np.lexsort((order, length, origin))
    origin, length, slots = origin[perm], length[perm], slots[perm]
    new_class = np.ones(len(slots), dtype=bool)
    new_class[1:] = (origin[1:] != origin[:-1]) | (length[1:] != length[:-1])
    group = np.cumsum(new_class) - 1
    sizes = np.bincount(group)
    return slots[sizes[group] > 1], sizes[sizes > 1]


@dataclass(frozen=True)
class MergeGroups:
    """Merge groups of a batch of inputs, as flat indices into the ``B_a * C`` slots of one
    row of rays (slot ``s`` of input ``a`` is ``a * C + s``)."""

    members: torch.Tensor  # (Nm,) flat slot of every member, group after group
    group: torch.Tensor  # (Nm,) group of each member
    rep: torch.Tensor  # (G,) flat slot of each group's representative, its first member
    rep_group: torch.Tensor  # (B_a * C,) the group that a slot represents, -1 elsewhere

    @property
    def size(self) -> int:
        return len(self.rep)

    @classmethod
    def build(
        cls,
        per_input: Sequence[tuple[np.ndarray, np.ndarray]],
        C: int,
        device: torch.device | str = "cpu",
    ) -> MergeGroups:
        """Stack the :func:`same_output_groups` of each input of the batch."""
        slots = [s + a * C for a, (s, _) in enumerate(per_input)]
        sizes = np.concatenate([np.zeros(0, dtype=np.int64), *(n for _, n in per_input)])
        members = np.concatenate([np.zeros(0, dtype=np.int64), *slots])
        group = np.repeat(np.arange(len(sizes)), sizes)
        rep = members[np.cumsum(sizes) - sizes]
        rep_group = np.full(len(per_input) * C, -1, dtype=np.int64)
        rep_group[rep] = np.arange(len(rep))
        return cls(*(torch.as_tensor(x, device=device) for x in (members, group, rep, rep_group)))


# -- selection: pure, no model -----------------------------------------------------------------


class Expansion(NamedTuple):
    """A shortlisted expansion of an active ray by one (merged) action."""

    ray: int  # index of the ray among its beam's active rays
    log_q: float  # log-probability of the expansion, summed over its merge group
    best_log_q: float  # log-probability of its most probable action
    slot: int  # that action's slot


def merge_same_output(
    log_q: torch.Tensor, groups: MergeGroups | None
) -> tuple[torch.Tensor, torch.Tensor | None, torch.Tensor | None]:
    """Merge, within each ray, the candidate actions that yield the same tokens.

    ``log_q`` (B_a, K, C) holds the log-probability of every candidate of the ``k``-th active
    ray of the ``a``-th input. Returns ``(merged, top, best_slot)``: ``merged`` (B_a, K, C)
    has each group's total at its representative slot and NEG at its other members; ``top``
    (K, G) is each group's most probable action's log-probability and ``best_slot`` (K, G)
    its flat slot ``a * C + s`` (the largest among ties). Without groups the input comes back
    unmerged, with ``top`` and ``best_slot`` None.
    """
    if groups is None or not groups.size:
        return log_q, None, None
    B_a, K, C = log_q.shape
    flat = log_q.transpose(0, 1).reshape(K, B_a * C)  # (K, B_a * C), a copy
    values = flat[:, groups.members]  # (K, Nm)
    total, top = segment_logsumexp(values, groups.group, groups.size)  # (K, G) each
    group = groups.group.expand_as(values)  # (K, Nm)
    is_best = values >= top.gather(1, group)
    best_slot = torch.full_like(total, -1, dtype=torch.long).scatter_reduce(
        1, group, torch.where(is_best, groups.members, -1), "amax"
    )  # (K, G)
    flat.index_fill_(1, groups.members, NEG).index_copy_(1, groups.rep, total)
    return flat.view(K, B_a, C).transpose(0, 1), top, best_slot


# Expansions kept per input and step, in beams: pruning then merges expansions that yield equal
# tokens and moves finished ones aside, so a beam of K live rays needs more than K candidates;
# twice as many leaves K live rays in practice (merging rarely removes more than half).
SHORTLIST_FACTOR = 2


def shortlist(
    log_q: torch.Tensor,
    ray_log_probs: torch.Tensor,
    width: int,
    groups: MergeGroups | None = None,
) -> list[list[Expansion]]:
    """Per input, the ``width`` expansions with the highest ray log-probability plus action
    log-probability, best first.

    ``log_q`` (B_a, K, C) and ``ray_log_probs`` (B_a, K) (NEG for padding rows); with
    ``groups`` the actions within each ray are merged first (:func:`merge_same_output`).
    """
    merged, top, best_slot = merge_same_output(log_q, groups)
    B_a, K, C = merged.shape
    _, flat_top = (
        (merged + ray_log_probs[..., None]).reshape(B_a, -1).topk(min(K * C, width), dim=-1)
    )
    top_ray, top_slot = flat_top // C, flat_top % C  # (B_a, width) each
    rows = torch.arange(B_a, device=merged.device)[:, None]  # (B_a, 1)
    top_log_q = merged[rows, top_ray, top_slot]  # (B_a, width)
    top_best, action_slot = top_log_q, top_slot
    if groups is not None and top is not None and best_slot is not None:
        group = groups.rep_group[top_slot + rows * C]  # (B_a, width) represented group, else -1
        in_group = group >= 0
        g = group.clamp_min(0)
        action_slot = torch.where(in_group, best_slot[top_ray, g] - rows * C, top_slot)
        top_best = torch.where(in_group, top[top_ray, g], top_log_q)
    columns = (top_ray.tolist(), top_log_q.tolist(), top_best.tolist(), action_slot.tolist())
    return [[Expansion(*e) for e in zip(*row)] for row in zip(*columns)]


def advance(
    beams: Sequence[Beam],
    t: int,
    log_q: torch.Tensor,
    layout: SlotLayout,
    *,
    beam_size: int,
    top_k: int,
    merge: bool,
    groups: MergeGroups | None = None,
) -> list[Beam]:
    """One step of the search: expand the active rays of ``beams`` and keep the best.

    ``log_q`` (B_a, K, C) holds the log-probability of every action (slots of ``layout``) of
    the ``k``-th active ray (:meth:`Beam.active`) of the ``a``-th beam, NEG where an action is
    not allowed; rows past a beam's active rays are ignored. With ``merge``, the actions of a
    ray that yield the same tokens (``groups``) and the rays with equal tokens are merged.
    Returns the beams after the step; ``beams`` are left as they are.
    """
    active = [beam.active(t) for beam in beams]
    K = log_q.size(1)
    ray_log_probs = torch.tensor(
        [[r.log_prob for r in rays] + [NEG] * (K - len(rays)) for rays in active],
        dtype=log_q.dtype,
        device=log_q.device,
    )  # (B_a, K)
    width = SHORTLIST_FACTOR * beam_size
    shortlists = shortlist(log_q, ray_log_probs, width, groups if merge else None)
    return [
        _prune(beam, t, rays, expansions, layout, beam_size, top_k, merge)
        for beam, rays, expansions in zip(beams, active, shortlists)
    ]


def _prune(
    beam: Beam,
    t: int,
    active: list[Ray],
    expansions: list[Expansion],
    layout: SlotLayout,
    beam_size: int,
    top_k: int,
    merge: bool,
) -> Beam:
    """Pool the waiting rays and the children of the shortlist, merge equal tokens (with
    ``merge``), keep the ``beam_size`` most probable, and file the finished ones."""
    pool: dict[object, Ray] = {}

    def add(ray: Ray) -> None:
        key = (ray.finished, ray.tokens) if merge else len(pool)
        old = pool.get(key)
        pool[key] = ray if old is None else _merge(old, ray)

    for ray in beam.rays:
        if len(ray.tokens) > t:
            add(ray)
    for e in expansions:
        if e.log_q > _IMPOSSIBLE and e.ray < len(active):
            add(_extend(active[e.ray], e, layout, beam.inputs))
    kept = heapq.nlargest(beam_size, pool.values(), key=lambda r: r.log_prob)
    finished = dict(beam.finished)
    for ray in kept:
        if ray.finished:
            old = finished.get(ray.tokens)
            finished[ray.tokens] = ray if old is None else _merge(old, ray)
    rays = [r for r in kept if not r.finished]
    return replace(
        beam, rays=rays, finished=finished, done=not rays or _settled(finished, rays, top_k)
    )


def _extend(ray: Ray, e: Expansion, layout: SlotLayout, inputs: Sequence[str]) -> Ray:
    """The child of ``ray`` by the action of expansion ``e``."""
    action = layout.action(e.slot)
    finished = e.slot == EOS_ID
    if finished:
        out: tuple[str, ...] = ()
    elif isinstance(action, Copy):
        out = tuple(inputs[action.i : action.j])
    else:
        out = (action.token,)
    return Ray(
        ray.tokens + out,
        ray.log_prob + e.log_q,
        ray.best + e.best_log_q,
        (*ray.actions, action),
        ray.state,
        out,
        finished=finished,
    )


def _merge(old: Ray, new: Ray) -> Ray:
    """Merge two rays with equal tokens: probabilities add, the better derivation stays."""
    keep = old if old.best >= new.best else new
    return Ray(
        old.tokens,
        logsumexp([old.log_prob, new.log_prob]),
        keep.best,
        keep.actions,
        old.state,  # equal tokens, equal decoder state: either ray's will do
        old.pending,
        old.finished,
    )


def _settled(finished: dict[tuple[str, ...], Ray], rays: list[Ray], top_k: int) -> bool:
    """No live ray can reach the top ``top_k`` anymore (their total mass is an upper bound)."""
    if len(finished) < top_k:
        return False
    kth = heapq.nlargest(top_k, (r.log_prob for r in finished.values()))[-1]
    return logsumexp([r.log_prob for r in rays]) < kth


# -- driver: the model calls ------------------------------------------------------------------


@torch.no_grad()
def beam_search(
    model: SpanCopyModel,
    inputs: list[list[str]],
    beam_size: int = 20,
    top_k: int = 20,
    variant: str = "merged",
    max_len: int | None = None,
    should_stop: Callable[[], bool] | None = None,
    focus: Sequence[Sequence[int]] | None = None,
    edits: Sequence[Alignment] | None = None,
) -> list[list[Hypothesis]]:
    """Decode every input; per input the ``top_k`` most probable outputs, best first.

    ``max_len`` caps the output length (default: twice the input length plus 10, the input
    before its context segment, :mod:`spancopy_core.paper.context`). The input
    itself may be among the hypotheses; callers filter it. ``focus`` holds the focus ids of
    every input token (:mod:`spancopy_core.paper.focus`; default: no focus); ``edits`` the edit
    that a model with an edit encoder applies to each input.
    """
    if variant not in VARIANTS:
        raise ValueError(f"variant must be one of {VARIANTS}, not {variant!r}")
    if beam_size < 1 or top_k < 1:
        raise ValueError("beam_size and top_k must be positive")
    if not inputs:
        return []
    if variant == "greedy":
        beam_size = top_k = 1
    was_training = model.training
    model.eval()
    try:
        memory = encode_inputs(model, inputs, focus, edits)
        return _search(
            model, inputs, memory, beam_size, top_k, variant == "merged", max_len, should_stop
        )
    finally:
        model.train(was_training)


def _initial_beams(inputs: list[list[str]], memory: Memory, max_len: int | None) -> list[Beam]:
    """One beam per input, holding the ray that has generated nothing yet (BOS pending); an
    output is at most ``max_len`` tokens, by default twice the method's length plus 10."""
    return [
        Beam(
            inputs=tuple(x),
            max_len=max_len if max_len is not None else 2 * method_length(x) + 10,
            rays=[Ray((), 0.0, 0.0, (), memory.init_state[:, b], (BOS,))],
            finished={},
        )
        for b, x in enumerate(inputs)
    ]


def _search(
    model: SpanCopyModel,
    inputs: list[list[str]],
    memory: Memory,
    beam_size: int,
    top_k: int,
    merge: bool,
    max_len: int | None,
    should_stop: Callable[[], bool] | None,
) -> list[list[Hypothesis]]:
    """The driver loop: per output length ``t``, catch up and score the active rays of the
    unfinished inputs, then :func:`advance` their beams."""
    device = model.device
    span = model.config.copy_mode == "span"
    layout = SlotLayout(model.vocab, max(1, max(len(x) for x in inputs)))
    span_len = layout.span_lengths(span, device)  # (S, S)
    per_input = [same_output_groups(x, layout, span) for x in inputs] if merge else []
    beams = _initial_beams(inputs, memory, max_len)
    subset: tuple[int, ...] = ()  # the active inputs of the last step, and their tensors:
    subset_memory, groups = memory, None

    for t in itertools.count():
        if should_stop is not None and should_stop():
            raise DecodingCancelled()
        live = [b for b, beam in enumerate(beams) if not beam.done]
        if not live:
            break
        rays_of = {b: beams[b].active(t) for b in live}
        active = [b for b in live if rays_of[b]]
        if not active:
            continue
        rays = [rays_of[b] for b in active]
        outputs = _catch_up(model, [r for rs in rays for r in rs])  # (N, H)
        if tuple(active) != subset:
            subset = tuple(active)
            subset_memory = _select_inputs(memory, active)
            if merge:
                groups = MergeGroups.build([per_input[b] for b in active], layout.C, device)
        scores = _score(model, subset_memory, rays, outputs)
        remaining = torch.tensor([beams[b].max_len - t for b in active], device=device)
        log_q = candidate_log_probs(
            scores, remaining, span_len, subset_memory.segment
        )  # (B_a, K, C)
        stepped = advance(
            [beams[b] for b in active],
            t,
            log_q,
            layout,
            beam_size=beam_size,
            top_k=top_k,
            merge=merge,
            groups=groups,
        )
        for b, beam in zip(active, stepped):
            beams[b] = beam
    return [beam.hypotheses(top_k) for beam in beams]


def encode_inputs(
    model: SpanCopyModel,
    inputs: Sequence[Sequence[str]],
    focus: Sequence[Sequence[int]] | None = None,
    edits: Sequence[Alignment] | None = None,
) -> Memory:
    """Encode ``BOS x EOS`` of every input, padded to ``S + 2`` with ``S`` the longest (at
    least 1), with the focus ids of its tokens (none given: no focus; an input with a context
    segment gets CONTEXT on it, :func:`spancopy_core.paper.context.segment_ids`) and the edit it is
    to receive (none given: no edit)."""
    S = max(1, max(len(x) for x in inputs))
    src = torch.full((len(inputs), S + 2), PAD_ID, dtype=torch.long)  # (B, S + 2)
    ids = torch.full((len(inputs), S + 2), NO_FOCUS, dtype=torch.long)  # (B, S + 2)
    for b, x in enumerate(inputs):
        src[b, : len(x) + 2] = torch.tensor([BOS_ID, *model.vocab.ids(x), EOS_ID])
        if focus is not None and len(focus[b]) != len(x):
            raise ValueError("focus must have one id per input token")
        if focus is not None or has_context(x):
            given = None if focus is None else focus[b]
            ids[b, 1 : len(x) + 1] = torch.tensor(segment_ids(x, given), dtype=torch.long)
    src_len = torch.tensor([len(x) + 2 for x in inputs])
    grams = torch.from_numpy(input_ngrams(inputs, model.config.char_ngrams, S + 2))  # (B,S+2,G)
    device = model.device
    edit = None
    if edits is not None:
        if len(edits) != len(inputs):
            raise ValueError("edits must have one edit per input")
        edit = EditTensors(*(torch.from_numpy(a).to(device) for a in pad_edits(edits, model.vocab)))
    return model.encode(src.to(device), src_len.to(device), ids.to(device), grams.to(device), edit)


def _select_inputs(memory: Memory, rows: list[int]) -> Memory:
    """The encoder results of the inputs ``rows``."""
    return memory.rows(torch.tensor(rows, device=memory.states.device))


def _catch_up(model: SpanCopyModel, rays: list[Ray]) -> torch.Tensor:
    """Feed every ray its pending tokens in one packed GRU call and store its new state.

    Returns the (N, H) top-layer outputs after each ray's last token."""
    P = max(len(r.pending) for r in rays)
    pending = torch.tensor(
        [model.vocab.ids(r.pending) + [PAD_ID] * (P - len(r.pending)) for r in rays]
    )  # (N, P)
    lengths = torch.tensor([len(r.pending) for r in rays])
    state = torch.stack([r.state for r in rays], dim=1)  # (layers, N, H)
    _, state = model.run_decoder(pending.to(model.device), state, lengths.to(model.device))
    for n, r in enumerate(rays):
        r.state, r.pending = state[:, n], ()
    return state[-1]


def _score(
    model: SpanCopyModel, memory: Memory, rays: list[list[Ray]], outputs: torch.Tensor
) -> Scores:
    """Action scores of the active rays of every active input in one (B_a, K, .) grid;
    ``outputs`` (N, H) holds the decoder outputs of the rays in order."""
    device = outputs.device
    grid = outputs.new_zeros(len(rays), max(map(len, rays)), outputs.size(-1))  # (B_a, K, H)
    rows = torch.tensor([a for a, rs in enumerate(rays) for _ in rs], device=device)
    cols = torch.tensor([k for rs in rays for k in range(len(rs))], device=device)
    grid[rows, cols] = outputs
    return model.score(grid, memory)


def candidate_log_probs(
    scores: Scores,
    remaining: torch.Tensor,
    span_len: torch.Tensor,
    segment: torch.Tensor | None = None,
) -> torch.Tensor:
    """Log-probability of every candidate slot of every ray: (B_a, K, C), C = V + S * S.

    ``remaining`` (B_a,) is how many tokens each input's output may still take: with none
    left only ``Gen(EOS)`` is allowed, and no copy may be longer. ``span_len`` (S, S) from
    :meth:`SlotLayout.span_lengths`. ``segment`` (B_a, S) marks each input's context segment
    (:attr:`Memory.segment`): a span across the separator is not allowed. Actions that are
    not allowed get NEG.
    """
    log_z = scores.log_z[..., None]  # (B_a, K, 1)
    gen = scores.gen - log_z  # (B_a, K, V)
    eos = torch.arange(gen.size(-1), device=gen.device) == EOS_ID  # (V,)
    gen = torch.where((remaining[:, None, None] > 0) | eos, gen, torch.full_like(gen, NEG))
    spans = scores.start[..., :, None] + scores.end[..., None, :] - log_z[..., None]  # (B_a,K,S,S)
    fits = (span_len >= 1) & (span_len <= remaining[:, None, None])  # (B_a, S, S)
    if segment is not None:
        fits = fits & (segment[:, :, None] == segment[:, None, :])  # (B_a, S, S)
    spans = spans.masked_fill(~fits[:, None], NEG)
    return torch.cat([gen, spans.flatten(2)], dim=-1)
