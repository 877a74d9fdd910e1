"""Near words and homophones: the lookup of the spelling corrector and the prose templates.
:class:`Dictionary` finds the words near a given one by a scan of the words of the lengths
that can be near (rapidfuzz's Damerau-Levenshtein, :func:`distance`; nothing to build: a
deletion index took two seconds); :func:`homophone_changes` gives the homophone swaps of a
sentence that the prose front-end offers the model as templates. Pure: tokens in,
changes out.
Design notes: docs/design.md#repair-spelling.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

from rapidfuzz import process
from rapidfuzz.distance import OSA

from spancopy_core.lang.english import HOMOPHONES, find_sequences, same_case

_ALPHA = re.compile(r"[a-z]+(?:['-][a-z]+)*")
MIN_LENGTH = 3  # shorter words are not indexed (never proposed, never respelt)


def distance(a: str, b: str, limit: int) -> int:
    """Damerau-Levenshtein distance (optimal string alignment) of ``a`` and ``b``, or
    ``limit + 1`` when it exceeds ``limit``."""
    return OSA.distance(a, b, score_cutoff=limit)


class Dictionary:
    """Lower-case words in a fixed order, grouped by length for the lookup of near words."""

    def __init__(self, words: Iterable[str], max_distance: int = 2) -> None:
        self.words: list[str] = []
        self.rank: dict[str, int] = {}
        for word in words:
            word = word.lower()
            if _ALPHA.fullmatch(word) and word not in self.rank:
                self.rank[word] = len(self.words)
                self.words.append(word)
        self.max_distance = max_distance
        self.by_length: dict[int, list[str]] = {}  # the words indexed, by length, in order
        for word in self.words:
            if len(word) >= MIN_LENGTH:
                self.by_length.setdefault(len(word), []).append(word)

    def __contains__(self, word: str) -> bool:
        return word.lower() in self.rank

    def near(self, word: str, max_distance: int | None = None) -> list[str]:
        """Dictionary words within ``max_distance`` of ``word`` (lower-cased), nearest first,
        then in dictionary order; ``word`` itself excluded."""
        limit = self.max_distance if max_distance is None else min(max_distance, self.max_distance)
        word = word.lower()
        scored = []
        for length in range(len(word) - limit, len(word) + limit + 1):
            if length in self.by_length:  # only these can be within the limit
                for near, d, _ in process.extract(
                    word,
                    self.by_length[length],
                    scorer=OSA.distance,
                    score_cutoff=limit,
                    limit=None,
                ):
                    if d > 0:
                        scored.append((d, self.rank[near], near))
        return [near for *_, near in sorted(scored)]


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
