"""A long method read at a focus: the statements far from the lines a user points at left out.

The Java models are trained on methods of at most 100 tokens (``trainer``'s ``--max-len``); a
contest program's ``main`` is often 300 to 1,000. :func:`elided` chooses whole statements of a
method to leave out of what the model reads, farthest from the focus first, until at most a
budget of its tokens remain: what is left is still a method (its signature, the statements
around the focus and the heads of the statements that enclose them, every brace balanced), as
long as those the model learned from. The focus's own tokens, and every statement that holds
one, always stay; besides statements, whole groups and rules of a switch and whole members of
a class declared in the method may go.
Design notes: docs/design.md#lang-java-narrowing.
"""

from __future__ import annotations

import bisect

from spancopy_core.lang.java.syntax import JavaSource, Method, SyntaxNode

# the nodes whose named children may be left out whole: statements of blocks and of switch
# groups, the groups and rules of a switch, the members of a class declared in the method
_STATEMENT_LISTS = frozenset(
    {"block", "constructor_body", "switch_block_statement_group", "switch_block", "class_body"}
)
_NOT_STATEMENTS = frozenset({"line_comment", "block_comment", "switch_label"})


def _statements(node: SyntaxNode) -> list[SyntaxNode]:
    """Every statement under ``node`` that is an element of a block (or of a switch group), every
    group or rule of a switch and every member of a class body (an anonymous or local class),
    outermost first."""
    out: list[SyntaxNode] = []
    stack = [node]
    while stack:
        n = stack.pop()
        if n.type in _STATEMENT_LISTS:
            out.extend(c for c in n.named_children if c.type not in _NOT_STATEMENTS)
        stack.extend(reversed(n.named_children))
    return out


def elided(
    source: JavaSource, method: Method, start: int, end: int, budget: int
) -> list[tuple[int, int]]:
    """Ranges ``[i, j)`` of ``source.tokens`` (within ``method.tokens``; sorted, disjoint and
    not adjacent) to leave out of ``method`` so that at most ``budget`` of its tokens remain:
    whole statements of its body that hold no token of the code-point range ``[start, end]``,
    those whose lines are farthest from its lines first (of two as far, the one after it).
    Empty when the method is no longer than ``budget`` or has no body; fewer tokens may
    remain than asked where the statements around the focus are longer than ``budget``."""
    tokens = source.tokens
    first, last = method.tokens.start, method.tokens.stop  # (N,) slice of the file's tokens
    if last - first <= budget or not method.has_body:
        return []
    starts = [t.start_byte for t in tokens]
    focus = [k for k in range(first, last) if start <= tokens[k].start and tokens[k].end <= end]
    if not focus:
        return []
    lo, hi = focus[0], focus[-1] + 1  # (the focus's first token, past its last)
    top, bottom = tokens[lo].line, tokens[hi - 1].line
    found = []
    for node in _statements(source.method_node(method)):
        i = bisect.bisect_left(starts, node.start_byte)
        j = bisect.bisect_left(starts, node.end_byte)
        if i < j and (j <= lo or hi <= i):  # holds a token, none of the focus
            below = tokens[i].line > bottom
            distance = tokens[i].line - bottom if below else top - tokens[j - 1].line
            found.append((distance, below, i, j))
    left = last - first
    gone = [False] * (last - first)  # (N,) per token of the method: left out
    for _, _, i, j in sorted(found, key=lambda f: (-f[0], not f[1], f[2])):
        if left <= budget:
            break
        left -= gone[i - first : j - first].count(False)  # those of a statement inside: once
        gone[i - first : j - first] = [True] * (j - i)
    return _runs(gone, first)


def _runs(gone: list[bool], first: int) -> list[tuple[int, int]]:
    """The ranges ``[i, j)`` of consecutive true entries of ``gone``, offset by ``first``."""
    out: list[tuple[int, int]] = []
    for k, g in enumerate(gone):
        if g and out and out[-1][1] == first + k:
            out[-1] = (out[-1][0], first + k + 1)
        elif g:
            out.append((first + k, first + k + 1))
    return out
