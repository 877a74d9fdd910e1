"""Beam search over Gen/Copy actions that merges rays yielding the same tokens (Algorithm 1).

Rays carry tokens and a log-probability. At output length ``t`` only rays holding exactly
``t`` tokens are expanded (a copy makes a ray longer, and it waits, paused, until ``t``
catches up). With ``variant="merged"`` the actions of one ray that yield the same tokens are
merged (``Gen(x)`` with every ``Copy`` of an ``x``; copies of equal content), and rays with
equal tokens are merged across the beam with ``logaddexp`` before the best ``beam_size`` are
kept; this is sound because the decoder state depends only on the emitted tokens.
``"merge_at_end"`` keeps every derivation apart and merges only the finished hypotheses;
``"greedy"`` follows the single most probable action.

A ray's decoder state is computed lazily, when it becomes active, by running the GRU over the
tokens it has not fed yet (one packed, batched call for all active rays of all inputs); the
action scores of all active rays of all inputs come from one batched call of the model's head.
``should_stop`` is polled once per step so that a caller can cancel a long search.
"""

from __future__ import annotations

import heapq
import itertools
import math
from collections.abc import Callable
from dataclasses import dataclass

import torch

from .actions import Action, Copy, Gen, Hypothesis
from .config import VARIANTS
from .logspace import NEG, segment_logsumexp
from .model import SpanCopyModel
from .vocab import BOS, BOS_ID, EOS_ID, PAD_ID

_IMPOSSIBLE = NEG / 2


class DecodingCancelled(Exception):
    """Raised by :func:`beam_search` when ``should_stop()`` returned true."""


@dataclass(eq=False)
class _Ray:
    tokens: tuple[str, ...]
    log_prob: float  # summed over the merged derivations
    best: float  # log-probability of the best single derivation
    actions: tuple[Action, ...]  # that derivation
    state: torch.Tensor | None  # (layers, H) decoder state before ``pending``
    pending: tuple[str, ...]  # tokens not yet fed to the decoder
    finished: bool = False


def _logaddexp(a: float, b: float) -> float:
    m = max(a, b)
    return m + math.log(math.exp(a - m) + math.exp(b - m))


class _Input:
    """One input of the batch: its tokens, limits and the within-ray merge groups."""

    def __init__(self, tokens: list[str], model: SpanCopyModel, S: int, max_len: int, merge: bool):
        self.tokens = tokens
        self.max_len = max_len
        self.rays: list[_Ray] = []
        self.finished: dict[object, _Ray] = {}
        self.done = False
        V = len(model.vocab)
        span = model.config.copy_mode == "span"
        # Group the candidate slots (Gen slots 0..V-1, then span slot V + i * S + t for the
        # span [i, t]) whose actions yield the same tokens.
        members: list[list[int]] = []
        if merge:
            classes: dict[tuple[str, ...], list[int]] = {}
            n = len(tokens)
            for i in range(n):
                for t in range(i, n if span else i + 1):
                    classes.setdefault(tuple(tokens[i : t + 1]), []).append(V + i * S + t)
            for content, slots in classes.items():
                if len(content) == 1 and content[0] in model.vocab:
                    slots = [model.vocab.id(content[0]), *slots]
                if len(slots) > 1:
                    members.append(slots)
        self.group_slots = members


class _Groups:
    """Merge groups of the active inputs, as flat index tensors over (B_a * C) slots."""

    def __init__(self, inputs: list[_Input], C: int, device: torch.device):
        members, group, rep = [], [], []
        for b, inp in enumerate(inputs):
            for slots in inp.group_slots:
                g = len(rep)
                rep.append(b * C + slots[0])
                members.extend(b * C + s for s in slots)
                group.extend([g] * len(slots))
        self.size = len(rep)
        self.members = torch.tensor(members, dtype=torch.long, device=device)
        self.group = torch.tensor(group, dtype=torch.long, device=device)
        self.rep = torch.tensor(rep, dtype=torch.long, device=device)
        self.rep_group = torch.full((len(inputs) * C,), -1, dtype=torch.long, device=device)
        self.rep_group[self.rep] = torch.arange(self.size, device=device)


@torch.no_grad()
def beam_search(
    model: SpanCopyModel,
    inputs: list[list[str]],
    beam_size: int = 20,
    top_k: int = 20,
    variant: str = "merged",
    max_len: int | None = None,
    should_stop: Callable[[], bool] | None = None,
) -> list[list[Hypothesis]]:
    """Decode every input; per input the ``top_k`` most probable outputs, best first.

    ``max_len`` caps the output length (default: twice the input length plus 10). The input
    itself may be among the hypotheses; callers filter it.
    """
    if variant not in VARIANTS:
        raise ValueError(f"variant must be one of {VARIANTS}, not {variant!r}")
    if beam_size < 1 or top_k < 1:
        raise ValueError("beam_size and top_k must be positive")
    if not inputs:
        return []
    if variant == "greedy":
        beam_size = top_k = 1
    merge = variant == "merged"
    was_training = model.training
    model.eval()
    try:
        return _search(model, inputs, beam_size, top_k, merge, max_len, should_stop)
    finally:
        model.train(was_training)


def _search(model, inputs, beam_size, top_k, merge, max_len, should_stop):
    device, vocab = model.device, model.vocab
    V = len(vocab)
    S = max(1, max(len(x) for x in inputs))
    C = V + S * S  # candidate slots per ray
    src = torch.full((len(inputs), S + 2), PAD_ID, dtype=torch.long)
    for b, x in enumerate(inputs):
        src[b, : len(x) + 2] = torch.tensor([BOS_ID, *vocab.ids(x), EOS_ID])
    src_len = torch.tensor([len(x) + 2 for x in inputs])
    memory = model.encode(src.to(device), src_len.to(device))
    items = [
        _Input(x, model, S, max_len if max_len is not None else 2 * len(x) + 10, merge)
        for x in inputs
    ]
    for b, item in enumerate(items):
        item.rays = [_Ray((), 0.0, 0.0, (), memory.init_state[:, b], (BOS,))]
    idx = torch.arange(S, device=device)
    span_len = idx[None, :] - idx[:, None] + 1  # (S, S) length of span [i, t]
    if model.config.copy_mode == "token":
        span_len = torch.where(span_len == 1, span_len, torch.zeros_like(span_len))
    subset: dict[tuple[int, ...], tuple] = {}  # memory and merge groups of an active set
    counter = itertools.count()

    for t in itertools.count():
        if should_stop is not None and should_stop():
            raise DecodingCancelled()
        live = [b for b, item in enumerate(items) if not item.done]
        if not live:
            break
        active = [b for b in live if any(len(r.tokens) == t for r in items[b].rays)]
        if not active:
            continue
        rays = {b: [r for r in items[b].rays if len(r.tokens) == t] for b in active}
        flat_rays = [r for b in active for r in rays[b]]

        # Catch up: feed every active ray its pending tokens in one packed GRU call.
        P = max(len(r.pending) for r in flat_rays)
        pend = torch.tensor([vocab.ids(r.pending) + [0] * (P - len(r.pending)) for r in flat_rays])
        lengths = torch.tensor([len(r.pending) for r in flat_rays])
        state = torch.stack([r.state for r in flat_rays], dim=1)  # (layers, N, H)
        _, state = model.run_decoder(pend.to(device), state, lengths.to(device))
        for n, r in enumerate(flat_rays):
            r.state, r.pending = state[:, n], ()

        # Score: all active rays of all active inputs in one (B_a, K, .) grid.
        K = max(len(rays[b]) for b in active)
        key = tuple(active)
        if key not in subset:
            sel = torch.tensor(active, device=device)
            mem = type(memory)(*(m.index_select(0, sel) for m in memory[:-1]), memory.init_state)
            groups = _Groups([items[b] for b in active], C, device) if merge else None
            subset = {key: (mem, groups)}
        mem, g = subset[key]
        grid = state.new_zeros(len(active), K, state.size(-1))  # (B_a, K, H)
        rows = torch.tensor([a for a, b in enumerate(active) for _ in rays[b]], device=device)
        cols = torch.tensor([k for b in active for k in range(len(rays[b]))], device=device)
        grid[rows, cols] = state[-1]
        sc = model.score(grid, mem)
        log_z = sc.log_z[..., None]  # (B_a, K, 1)
        remaining = torch.tensor([items[b].max_len - t for b in active], device=device)
        gen = sc.gen - log_z  # (B_a, K, V)
        gen = torch.where(
            (remaining[:, None, None] > 0) | (torch.arange(V, device=device) == EOS_ID),
            gen,
            torch.full_like(gen, NEG),
        )
        spans = sc.start[..., :, None] + sc.end[..., None, :] - log_z[..., None]  # (B_a,K,S,S)
        ok = (span_len >= 1) & (span_len <= remaining[:, None, None])  # (B_a, S, S)
        spans = spans.masked_fill(~ok[:, None], NEG)
        cand = torch.cat([gen, spans.flatten(2)], dim=-1)  # (B_a, K, C)
        best, best_slot = cand, None
        if g is not None and g.size:
            flat = cand.transpose(0, 1).reshape(K, -1)  # (K, B_a * C)
            vals = flat[:, g.members]  # (K, Nm)
            lse, mx = segment_logsumexp(vals, g.group, g.size)  # (K, G)
            is_best = vals >= mx.gather(1, g.group.expand_as(vals))
            best_slot = torch.full_like(lse, -1, dtype=torch.long).scatter_reduce(
                1, g.group.expand_as(vals), torch.where(is_best, g.members, -1), "amax"
            )  # (K, G) slot of the best member of each group
            flat_best = flat.clone()
            flat[:, g.members] = NEG
            flat[:, g.rep] = lse
            flat_best[:, g.rep] = mx
            cand = flat.view(K, len(active), C).transpose(0, 1)
            best = flat_best.view(K, len(active), C).transpose(0, 1)
        # Shortlist: per input, the 2 * beam_size best expansions over all of its rays.
        ray_lp = cand.new_full((len(active), K), NEG)  # (B_a, K)
        ray_lp[rows, cols] = torch.tensor([r.log_prob for r in flat_rays], device=device)
        M = min(K * C, 2 * beam_size)
        _, top_i = (cand + ray_lp[..., None]).reshape(len(active), -1).topk(M, dim=-1)  # (B_a,M)
        top_ray, top_slot = top_i // C, top_i % C
        top_v = cand.reshape(len(active), -1).gather(1, top_i)
        top_best = best.reshape(len(active), -1).gather(1, top_i)
        act_slot = top_slot
        if best_slot is not None:
            glob = top_slot + torch.arange(len(active), device=device)[:, None] * C
            grp = g.rep_group[glob]  # (B_a, M) group of a representative slot, else -1
            member = best_slot[top_ray, grp.clamp_min(0)] - (glob - top_slot)
            act_slot = torch.where(grp >= 0, member, top_slot)
        top_ray, top_v = top_ray.tolist(), top_v.tolist()
        top_best, act_slot = top_best.tolist(), act_slot.tolist()

        # Pool: waiting rays plus the shortlist; merge equal tokens, keep the best.
        for a, b in enumerate(active):
            item = items[b]
            pool: dict[object, _Ray] = {}
            for r in item.rays:
                if len(r.tokens) > t:
                    pool[(False, r.tokens) if merge else next(counter)] = r
            for k, v, bv, s in zip(top_ray[a], top_v[a], top_best[a], act_slot[a]):
                if v <= _IMPOSSIBLE or k >= len(rays[b]):
                    continue
                r = rays[b][k]
                if s < V:
                    action: Action = Gen(vocab.itos[s])
                    out = () if s == EOS_ID else (action.token,)
                else:
                    i, e = divmod(s - V, S)
                    action = Copy(i, e + 1)
                    out = tuple(item.tokens[i : e + 1])
                child = _Ray(
                    r.tokens + out,
                    r.log_prob + v,
                    r.best + bv,
                    (*r.actions, action),
                    r.state,
                    out,
                    finished=s == EOS_ID,
                )
                key = (child.finished, child.tokens) if merge else next(counter)
                old = pool.get(key)
                pool[key] = child if old is None else _merge(old, child)
            kept = heapq.nlargest(beam_size, pool.values(), key=lambda r: r.log_prob)
            item.rays = [r for r in kept if not r.finished]
            for r in kept:
                if r.finished:
                    old = item.finished.get(r.tokens)
                    item.finished[r.tokens] = r if old is None else _merge(old, r)
            item.done = not item.rays or _settled(item, top_k)
    return [
        [
            Hypothesis(list(r.tokens), r.log_prob, list(r.actions))
            for r in heapq.nlargest(top_k, item.finished.values(), key=lambda r: r.log_prob)
        ]
        for item in items
    ]


def _merge(old: _Ray, new: _Ray) -> _Ray:
    """Merge two rays with equal tokens: probabilities add, the better derivation stays."""
    keep = old if old.best >= new.best else new
    return _Ray(
        old.tokens,
        _logaddexp(old.log_prob, new.log_prob),
        keep.best,
        keep.actions,
        old.state,  # equal tokens, equal decoder state: either ray's will do
        old.pending,
        old.finished,
    )


def _settled(item: _Input, top_k: int) -> bool:
    """No live ray can reach the top ``top_k`` anymore (their total mass is an upper bound)."""
    if len(item.finished) < top_k:
        return False
    kth = heapq.nlargest(top_k, (r.log_prob for r in item.finished.values()))[-1]
    live = [r.log_prob for r in item.rays]
    m = max(live)
    return m + math.log(sum(math.exp(x - m) for x in live)) < kth
