"""JFLEG (Napoles et al., EACL 2017): learner sentences with four fluency corrections each.

A JFLEG directory holds line-parallel ``SPLIT.src`` and ``SPLIT.ref0`` .. ``SPLIT.refN`` files
of tokenised sentences (the layout of ``keisks/jfleg``). :func:`read_jfleg` reads one split;
:func:`tune_heldout` is the project's one fixed split of JFLEG dev into the part that prose
models are fine-tuned and selected on and the slice held out from both, by sentence index (every
third sentence, starting with the third, is held out), so that the trainer, the evaluation and
``bench/prose.py`` agree on it without a file of indices. :func:`tune_pairs` makes the
fine-tuning data of the tune part (``python -m trainer jfleg-data``).
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass
from pathlib import Path

from spancopy_core.lang.text import tokenize

from .config import DataError

HELDOUT_EVERY = 3  # sentence i is held out when i % HELDOUT_EVERY == HELDOUT_EVERY - 1
SLICES = ("all", "tune", "heldout")  # what select() takes


@dataclass(frozen=True)
class Sentence:
    """One JFLEG sentence: its index in the split, the source and its references (as written
    in the files: tokens separated by single spaces, ends stripped)."""

    index: int
    source: str
    references: tuple[str, ...]


def _lines(path: Path) -> list[str]:
    try:
        return [line.strip() for line in path.read_text(encoding="utf-8").splitlines()]
    except UnicodeDecodeError:
        raise DataError(f"{path}: not UTF-8 text") from None
    except OSError as exc:
        raise DataError(f"{path}: {exc.strerror}") from None


def read_jfleg(directory: str | Path, split: str = "dev") -> list[Sentence]:
    """The sentences of ``split`` in ``directory`` with all their references, or DataError."""
    directory = Path(directory)
    source = directory / f"{split}.src"
    if not source.is_file():
        raise DataError(f"{directory}: no {split}.src (not a JFLEG directory?)")
    refs = sorted(directory.glob(f"{split}.ref[0-9]*"), key=lambda p: int(p.suffix[len(".ref") :]))
    if not refs:
        raise DataError(f"{directory}: no {split}.ref0 .. {split}.refN beside {split}.src")
    src = _lines(source)
    columns = [_lines(p) for p in refs]
    for path, column in zip(refs, columns):
        if len(column) != len(src):
            raise DataError(f"{path} has {len(column)} lines but {source} has {len(src)}")
    return [Sentence(i, s, tuple(c[i] for c in columns)) for i, s in enumerate(src)]


def is_heldout(sentence: Sentence) -> bool:
    """Whether the sentence belongs to the held-out slice of :func:`tune_heldout`."""
    return sentence.index % HELDOUT_EVERY == HELDOUT_EVERY - 1


def tune_heldout(sentences: list[Sentence]) -> tuple[list[Sentence], list[Sentence]]:
    """(tune, held_out): the fixed split of a JFLEG split (every third sentence held out)."""
    return (
        [s for s in sentences if not is_heldout(s)],
        [s for s in sentences if is_heldout(s)],
    )


TUNE_VALID_EVERY = 5  # tune sentence k (0-based, in order) validates when k % 5 == 4


def tokens(text: str) -> list[str]:
    """A JFLEG line as prose model tokens: the prose lexer's token texts, case kept (what
    the repair pipeline gives the model for a sentence)."""
    return [w.text for w in tokenize(text)]


def longest_change(source: list[str], target: list[str]) -> int:
    """The most tokens that one change of the token diff (difflib) of ``source`` into
    ``target`` replaces, deletes or inserts on either side (0 when they are equal)."""
    diff = difflib.SequenceMatcher(a=source, b=target, autojunk=False)
    return max(
        (max(i2 - i1, j2 - j1) for op, i1, i2, j1, j2 in diff.get_opcodes() if op != "equal"),
        default=0,
    )


def tune_pairs(
    sentences: list[Sentence], max_change: int | None = None
) -> dict[str, list[tuple[list[str], list[str]]]]:
    """The fine-tuning data of the tune part of a JFLEG split: each source paired with each of
    its distinct references, as tokens, in ``train`` and (every :data:`TUNE_VALID_EVERY`-th
    tune sentence, for early stopping and development checks) ``valid``; with ``max_change``,
    only the references whose longest change (:func:`longest_change`) is at most that many
    tokens (rewritten clauses taught a model to delete them). The held-out slice of
    :func:`tune_heldout` is never used."""
    tune, _ = tune_heldout(sentences)
    out: dict[str, list[tuple[list[str], list[str]]]] = {"train": [], "valid": []}
    for k, sentence in enumerate(tune):
        split = "valid" if k % TUNE_VALID_EVERY == TUNE_VALID_EVERY - 1 else "train"
        source = tokens(sentence.source)
        for ref in dict.fromkeys(sentence.references):
            target = tokens(ref)
            if max_change is None or longest_change(source, target) <= max_change:
                out[split].append((source, target))
    return out


def select(sentences: list[Sentence], slice_name: str) -> list[Sentence]:
    """One of :data:`SLICES`: all the sentences, or the tune or held-out part of
    :func:`tune_heldout`."""
    if slice_name == "all":
        return sentences
    tune, heldout = tune_heldout(sentences)
    return {"tune": tune, "heldout": heldout}[slice_name]
