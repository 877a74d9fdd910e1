"""Decoder actions and decoded hypotheses.

An output sequence is built by actions (paper section 2): ``Gen(token)`` emits one token of
the vocabulary, ``Copy(i, j)`` emits the input tokens ``inputs[i:j]`` (0 <= i < j <= n, end
exclusive). A :class:`Hypothesis` is a decoded output with its (merged) log-probability and
the single most probable derivation that the search found for it.
"""

from __future__ import annotations

from typing import NamedTuple


class Gen(NamedTuple):
    """Generate one vocabulary token."""

    token: str


class Copy(NamedTuple):
    """Copy the input span ``[i, j)`` (token indices into the model input)."""

    i: int
    j: int


Action = Gen | Copy


class Hypothesis(NamedTuple):
    """A decoded output: its tokens, log-probability and best derivation."""

    tokens: list[str]
    log_prob: float
    actions: list[Action]


def apply_actions(inputs: list[str], actions: list[Action]) -> list[str]:
    """The tokens that ``actions`` produce from ``inputs``."""
    out: list[str] = []
    for action in actions:
        if isinstance(action, Copy):
            out.extend(inputs[action.i : action.j])
        else:
            out.append(action.token)
    return out
