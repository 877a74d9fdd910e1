"""Spelling candidates of a sentence: what the prose repairs can rank besides the beam's.

For each word of a sentence that is not in the dictionary (lower-cased; a prose model's
dictionary is the alphabetic words of its vocabulary, :meth:`Dictionary.from_vocabulary`, the
words it can generate), :func:`spelling_candidates` proposes the dictionary words within
Damerau-Levenshtein distance ``max_distance`` (an adjacent transposition counts one), nearest
first, then by the dictionary's order (a vocabulary's: most frequent first), at most
``per_word`` of them, each with the case pattern of the word it replaces (with ``rarer``, a
word of the dictionary too, to the words one edit away and at least ``rarer`` times nearer the
dictionary's head, about ``rarer`` times more frequent by Zipf's law: a vocabulary learned
from noisy text holds common misspellings such as ``becuase``); and for every
homophone of :data:`~spancopy_core.lang.english.HOMOPHONES` in the sentence, the other members
of its set. Each candidate is the whole sentence's token list with one change, in the order of
the words of the sentence; :func:`spelling_changes` gives the same as the tokens replaced
(``(start, end, new tokens)``). Pure: tokens in, token lists out; the caller scores them with the
model's exact probability (:func:`spancopy_core.scoring.log_probs`) as it does the Java repair
templates. Lookup is a deletion index (SymSpell): every string made by deleting up to
``max_distance`` letters of a dictionary word points to the word, so the candidates of a
word are found through its own deletions and then checked with the exact distance.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Sequence

from ..lang.english import HOMOPHONES, find_sequences, same_case

_ALPHA = re.compile(r"[a-z]+(?:['-][a-z]+)*")
MIN_LENGTH = 3  # shorter words are never respelt


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

    @classmethod
    def from_vocabulary(cls, itos: Sequence[str], max_distance: int = 2) -> Dictionary:
        """The words a model can generate: the alphabetic tokens of its vocabulary, in its
        order (most frequent first)."""
        return cls(itos, max_distance)

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


def _respellings(
    tokens: Sequence[str], dictionary: Dictionary, max_distance: int, per_word: int, rarer: int
) -> Iterator[Change]:
    for i, token in enumerate(tokens):
        lower = token.lower()
        known = lower in dictionary
        if len(token) < MIN_LENGTH or not _ALPHA.fullmatch(lower) or (known and not rarer):
            continue
        if known:  # a rare word: one edit away, to much more frequent words only
            limit = dictionary.rank[lower] // rarer
            near = [w for w in dictionary.near(lower, 1) if dictionary.rank[w] <= limit]
        else:
            near = dictionary.near(lower, max_distance)
        for word in near[:per_word]:
            yield i, i + 1, (same_case(token, word),)


def _homophone_swaps(tokens: Sequence[str]) -> Iterator[Change]:
    for i, member, group in find_sequences(list(tokens), HOMOPHONES):
        for other in group:
            if other != member:
                yield i, i + len(member), (same_case(tokens[i], other[0]), *other[1:])


def spelling_changes(
    tokens: Sequence[str],
    dictionary: Dictionary,
    max_distance: int = 2,
    per_word: int = 5,
    homophones: bool = True,
    rarer: int = 0,
) -> list[Change]:
    """The changes of :func:`spelling_candidates`, as ``(start, end, new tokens)``: the
    tokens ``[start, end)`` of the sentence replaced by the new ones."""
    found = list(_respellings(tokens, dictionary, max_distance, per_word, rarer))
    if homophones:
        found += _homophone_swaps(tokens)
    found.sort(key=lambda change: change[0])  # stable: a word's candidates keep their order
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


def spelling_candidates(
    tokens: Sequence[str],
    dictionary: Dictionary,
    max_distance: int = 2,
    per_word: int = 5,
    homophones: bool = True,
) -> list[list[str]]:
    """The sentence ``tokens`` with one word respelt (unknown words: the nearest dictionary
    words) or one homophone swapped, each candidate once, in the order of the words changed."""
    changes = spelling_changes(tokens, dictionary, max_distance, per_word, homophones)
    return [list(apply_change(tokens, c)) for c in changes]
