"""Near words and homophones: the lookup of the spelling corrector and the prose templates.
:class:`Dictionary` finds the words near a given one through a deletion index (SymSpell) and
the exact Damerau-Levenshtein :func:`distance`; :func:`homophone_changes` gives the homophone
swaps of a sentence that the prose front-end offers the model as templates. Pure: tokens in,
changes out.
Design notes: docs/design.md#repair-spelling.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

from spancopy_core.lang.english import HOMOPHONES, find_sequences, same_case

_ALPHA = re.compile(r"[a-z]+(?:['-][a-z]+)*")
MIN_LENGTH = 3  # shorter words are not indexed (never proposed, never respelt)


def _deletions(word: str, depth: int) -> set[str]:
    """Every string made by deleting at most ``depth`` letters of ``word`` (itself included)."""
    out, frontier = {word}, {word}
    for _ in range(depth):
        frontier = {w[:i] + w[i + 1 :] for w in frontier for i in range(len(w))}
        out |= frontier
    return out


def distance(a: str, b: str, limit: int) -> int:
    """Damerau-Levenshtein distance (optimal string alignment) of ``a`` and ``b``, or
    ``limit + 1`` when it exceeds ``limit``."""
    if abs(len(a) - len(b)) > limit:
        return limit + 1
    prev2: list[int] = []
    prev = list(range(len(b) + 1))
    for i in range(1, len(a) + 1):
        row = [i] + [0] * len(b)
        for j in range(1, len(b) + 1):
            cost = a[i - 1] != b[j - 1]
            row[j] = min(prev[j] + 1, row[j - 1] + 1, prev[j - 1] + cost)
            if i > 1 and j > 1 and a[i - 1] == b[j - 2] and a[i - 2] == b[j - 1]:
                row[j] = min(row[j], prev2[j - 2] + 1)
        if min(row) > limit:
            return limit + 1
        prev2, prev = prev, row
    return min(prev[-1], limit + 1)


class Dictionary:
    """Lower-case words in a fixed order, with a deletion index for near words."""

    def __init__(self, words: Iterable[str], max_distance: int = 2) -> None:
        self.words: list[str] = []
        self.rank: dict[str, int] = {}
        for word in words:
            word = word.lower()
            if _ALPHA.fullmatch(word) and word not in self.rank:
                self.rank[word] = len(self.words)
                self.words.append(word)
        self.max_distance = max_distance
        self.index: dict[str, list[int]] = {}
        for k, word in enumerate(self.words):
            if len(word) >= MIN_LENGTH:
                for key in _deletions(word, max_distance):
                    self.index.setdefault(key, []).append(k)

    def __contains__(self, word: str) -> bool:
        return word.lower() in self.rank

    def near(self, word: str, max_distance: int | None = None) -> list[str]:
        """Dictionary words within ``max_distance`` of ``word`` (lower-cased), nearest first,
        then in dictionary order; ``word`` itself excluded."""
        limit = self.max_distance if max_distance is None else min(max_distance, self.max_distance)
        word = word.lower()
        found: set[int] = set()
        for key in _deletions(word, limit):
            found.update(self.index.get(key, ()))
        scored = []
        for k in found:
            d = distance(word, self.words[k], limit)
            if 0 < d <= limit:
                scored.append((d, k))
        return [self.words[k] for _, k in sorted(scored)]


Change = tuple[int, int, tuple[str, ...]]  # tokens [start, end) replaced by these


# Words that end no clause, and the marks that end one
NO_CLAUSE_END = frozenset({"to", "their", "your", "than", "whose", "of"})
CLAUSE_ENDS = frozenset({".", "!", "?", ",", ";", ":", ")"})


def homophone_changes(tokens: Sequence[str]) -> list[Change]:
    """For every homophone of :data:`~spancopy_core.lang.english.HOMOPHONES` in the
    sentence ``tokens``, the other members of its set, in the case of the word replaced, as
    ``(start, end, new tokens)``: the tokens ``[start, end)`` replaced by the new ones; by
    position, each resulting sentence once. None writes a word of :data:`NO_CLAUSE_END` at
    the end of a clause (``case-insensitive too.``, a jsoup comment, got ``to`` at 20 times
    the sentence as written; ``turn it off.``)."""
    found = []
    for i, member, group in find_sequences(list(tokens), HOMOPHONES):
        end = i + len(member)
        closed = end < len(tokens) and tokens[end] in CLAUSE_ENDS or end == len(tokens)
        for other in group:
            if other != member and not (closed and other[-1] in NO_CLAUSE_END):
                found.append((i, end, (same_case(tokens[i], other[0]), *other[1:])))
    found.sort(key=lambda change: change[0])  # stable: a word's swaps keep their order
    seen: set[tuple[str, ...]] = {tuple(tokens)}
    out = []
    for change in found:
        candidate = apply_change(tokens, change)
        if candidate not in seen:
            seen.add(candidate)
            out.append(change)
    return out


def apply_change(tokens: Sequence[str], change: Change) -> tuple[str, ...]:
    """``tokens`` with ``change`` made."""
    start, end, new = change
    return (*tokens[:start], *new, *tokens[end:])
