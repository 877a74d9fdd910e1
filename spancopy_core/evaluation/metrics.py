"""Evaluation metrics of the paper: exact match, accuracy@k, MRR, structural match, spans.

Top-1 is reported in two conventions: the first hypothesis (``top1``), and the first
hypothesis that differs from the input (``top1_changed``, the reference implementation's
convention, since the unchanged input is never a repair). ``acc@k`` and ``mrr`` are computed
on the hypothesis lists as decoded. A structural match is an exact match after renaming the
identifiers of each sequence (abstract names such as ``VAR_3`` and concrete identifiers
alike) to ``ID_1, ID_2, ...`` by order of first occurrence; the caller names the language's
reserved words, which are not identifiers (for Java, ``spancopy_core.lang.java.KEYWORDS`` and
``CONTEXTUAL_KEYWORDS``).
"""

from __future__ import annotations

import re
from collections import Counter, defaultdict
from collections.abc import Container, Sequence

from spancopy_core.paper.actions import Action, Copy

_IDENT = re.compile(r"[A-Za-z_$][\w$]*(\.[A-Za-z_$][\w$]*)*")


def is_identifier(token: str, keywords: Container[str] = frozenset()) -> bool:
    """A (possibly qualified) name that is not one of the reserved ``keywords``."""
    return token not in keywords and _IDENT.fullmatch(token) is not None


def canonical(tokens: Sequence[str], keywords: Container[str] = frozenset()) -> list[str]:
    """Rename identifiers (see :func:`is_identifier`) to ``ID_n`` by order of first occurrence."""
    names: dict[str, str] = {}
    return [
        names.setdefault(t, f"ID_{len(names) + 1}") if is_identifier(t, keywords) else t
        for t in tokens
    ]


def first_match_rank(hyps: Sequence[Sequence[str]], target: Sequence[str]) -> int | None:
    """1-based rank of the first hypothesis equal to ``target``, or None."""
    target = list(target)
    for rank, h in enumerate(hyps, start=1):
        if list(h) == target:
            return rank
    return None


def evaluate(
    predictions: Sequence[Sequence[Sequence[str]]],
    targets: Sequence[Sequence[str]],
    inputs: Sequence[Sequence[str]],
    ks: Sequence[int] = (1, 5, 10, 20),
    keywords: Container[str] = frozenset(),
) -> dict[str, float]:
    """Metrics over a test set: ``predictions[n]`` is the ranked hypothesis list of pair n;
    ``keywords`` are the reserved words that structural match does not rename."""
    if not (len(predictions) == len(targets) == len(inputs)):
        raise ValueError("predictions, targets and inputs must have the same length")
    count = len(targets)
    sums: dict[str, float] = defaultdict(float)
    for hyps, target, source in zip(predictions, targets, inputs):
        hyps = [list(h) for h in hyps]
        target, source = list(target), list(source)
        rank = first_match_rank(hyps, target)
        changed = [h for h in hyps if h != source]
        sums["top1"] += rank == 1
        sums["top1_changed"] += bool(changed) and changed[0] == target
        shape = canonical(target, keywords)
        sums["structural_top1"] += bool(hyps) and canonical(hyps[0], keywords) == shape
        sums["structural_top1_changed"] += (
            bool(changed) and canonical(changed[0], keywords) == shape
        )
        sums["mrr"] += 1.0 / rank if rank else 0.0
        for k in ks:
            sums[f"acc@{k}"] += rank is not None and rank <= k
        sums["unchanged_first"] += bool(hyps) and hyps[0] == source
    keys = [
        "top1",
        "top1_changed",
        *(f"acc@{k}" for k in ks),
        "mrr",
        "structural_top1",
        "structural_top1_changed",
        "unchanged_first",
    ]
    result = {k: (sums[k] / count if count else 0.0) for k in keys}
    result["count"] = count
    return result


def span_lengths(derivations: Sequence[Sequence[Action]]) -> Counter[int]:
    """Histogram of the lengths of the copy actions in decoded derivations."""
    return Counter(a.j - a.i for actions in derivations for a in actions if isinstance(a, Copy))


def span_statistics(derivations: Sequence[Sequence[Action]]) -> dict[str, float]:
    """Mean copy length, share of output tokens produced by copies, actions per output."""
    hist = span_lengths(derivations)
    copies = sum(hist.values())
    copied = sum(length * c for length, c in hist.items())
    # Every action but the final Gen(EOS) yields tokens: a Gen one, a Copy its length.
    generated = sum(
        sum(1 for a in actions if not isinstance(a, Copy)) - 1 for actions in derivations
    )
    produced = copied + generated
    return {
        "mean_copy_length": copied / copies if copies else 0.0,
        "copied_token_share": copied / produced if produced else 0.0,
        "actions_per_output": (
            sum(len(a) for a in derivations) / len(derivations) if derivations else 0.0
        ),
    }
