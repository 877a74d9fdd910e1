"""Prose correction metrics: one tokenisation (:func:`scoring_tokens`, which gives Penn Treebank
and ordinary text the same tokens), GLEU, edit precision/recall/F0.5 over minimum-edit-distance
token edits (:func:`token_edits`, best-matching reference per sentence), and exact match.
Design notes: docs/design.md#evaluation-prose-metrics.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import NamedTuple

from spancopy_core.evaluation import gleu

_SCORING = re.compile(
    r"\w+(?=n't\b)|n't\b|'(?:s|re|ve|ll|d|m)\b|\w+(?:-\w+)*|\.\.\.|--+|[^\w\s]", re.IGNORECASE
)
_CURLY = str.maketrans({"\u2019": "'", "\u2018": "'"})


def scoring_tokens(text: str) -> list[str]:
    """The tokens ``text`` is scored on (see the module docstring)."""
    return _SCORING.findall(text.translate(_CURLY))


_NO_SPACE_BEFORE = re.compile(r" (?=[.,;:!?)\]}%]|n't\b|'(?:s|re|ve|ll|d|m)\b)", re.IGNORECASE)
_NO_SPACE_AFTER = re.compile(r"(?<=[(\[{$]) ")


def detokenize(line: str) -> str:
    """Ordinary text from a Penn-Treebank-tokenised line: no space before closing marks and
    clitics, none after opening brackets; straight double quotes keep their spaces."""
    return _NO_SPACE_AFTER.sub("", _NO_SPACE_BEFORE.sub("", " ".join(line.split())))


class Edit(NamedTuple):
    """Source tokens ``[start, end)`` become ``replacement``."""

    start: int
    end: int
    replacement: tuple[str, ...]


def token_edits(source: Sequence[str], target: Sequence[str]) -> list[Edit]:
    """The edits of a minimum-edit-distance alignment of ``source`` to ``target``."""
    n, m = len(source), len(target)
    # dist[i][j]: edit distance of source[i:] and target[j:]
    dist = [[0] * (m + 1) for _ in range(n + 1)]
    for i in range(n, -1, -1):
        for j in range(m, -1, -1):
            if i == n or j == m:
                dist[i][j] = (n - i) + (m - j)
            elif source[i] == target[j]:
                dist[i][j] = dist[i + 1][j + 1]
            else:
                dist[i][j] = 1 + min(dist[i + 1][j + 1], dist[i + 1][j], dist[i][j + 1])
    edits: list[Edit] = []
    i = j = 0
    inserting = False  # the previous step inserted: an insertion right after joins its edit
    while i < n or j < m:
        if i < n and j < m and source[i] == target[j] and dist[i][j] == dist[i + 1][j + 1]:
            i, j, inserting = i + 1, j + 1, False
        elif i < n and j < m and dist[i][j] == 1 + dist[i + 1][j + 1]:
            edits.append(Edit(i, i + 1, (target[j],)))
            i, j, inserting = i + 1, j + 1, False
        elif i < n and dist[i][j] == 1 + dist[i + 1][j]:
            edits.append(Edit(i, i + 1, ()))
            i, inserting = i + 1, False
        else:
            if inserting:
                last = edits.pop()
                edits.append(last._replace(replacement=(*last.replacement, target[j])))
            else:
                edits.append(Edit(i, i, (target[j],)))
            j, inserting = j + 1, True
    return edits


class EditCounts(NamedTuple):
    """Edits in common with the chosen reference, hypothesis edits, reference edits."""

    true_positives: int
    proposed: int
    gold: int


def edit_counts(
    source: Sequence[str], hypothesis: Sequence[str], references: Sequence[Sequence[str]]
) -> EditCounts:
    """One sentence's counts against its best reference (see the module docstring)."""
    proposed = set(token_edits(source, hypothesis))
    best: tuple[int, int] | None = None
    counts = EditCounts(0, len(proposed), 0)
    for ref in references:
        gold = set(token_edits(source, ref))
        tp = len(proposed & gold)
        key = (tp, -(len(proposed) + len(gold) - 2 * tp))
        if best is None or key > best:
            best, counts = key, EditCounts(tp, len(proposed), len(gold))
    return counts


def f_beta(precision: float, recall: float, beta: float = 0.5) -> float:
    """The weighted harmonic mean of precision and recall (0 when both are 0)."""
    b2 = beta * beta
    denominator = b2 * precision + recall
    return (1 + b2) * precision * recall / denominator if denominator else 0.0


def score_corpus(
    sources: Sequence[str],
    hypotheses: Sequence[str],
    references: Sequence[Sequence[str]],
) -> dict[str, float]:
    """GLEU, edit precision/recall/F0.5 and exact-match rate (all in [0, 1]) of texts, each
    tokenised with :func:`scoring_tokens`; ``references[i]`` are sentence i's references."""
    src = [scoring_tokens(s) for s in sources]
    hyp = [scoring_tokens(h) for h in hypotheses]
    refs = [[scoring_tokens(r) for r in rs] for rs in references]
    tp = proposed = gold = exact = 0
    for s, h, rs in zip(src, hyp, refs):
        counts = edit_counts(s, h, rs)
        tp, proposed, gold = tp + counts[0], proposed + counts[1], gold + counts[2]
        exact += any(h == r for r in rs)
    precision = tp / proposed if proposed else 1.0
    recall = tp / gold if gold else 1.0
    return {
        "gleu": gleu.corpus_gleu(src, hyp, refs),
        "precision": precision,
        "recall": recall,
        "f0.5": f_beta(precision, recall),
        "exact": exact / len(src),
        "sentences": len(src),
    }
