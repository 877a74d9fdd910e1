"""Abstracted pairs in the layout of the BFP data set (Tufano et al., TOSEM 2019).

Shared by ``synth`` and ``import-edits``: :func:`abstract_pair` makes a (buggy, fixed) token
pair into the model inputs that the server also makes
(:func:`spancopy_core.lang.java.model_input_pair`: every annotation stripped, as BFP contains
none, then abstracted with one shared numbering); :func:`bucket` sorts a pair into ``small``
(both sides <= 50 tokens) or ``medium`` (51-100), and :class:`PairWriter` writes
``DIR/BUCKET/SPLIT.buggy`` / ``.fixed`` (one method per line, tokens separated by single
spaces) with an optional line-parallel ``SPLIT.kind``, and ``DIR/summary.json``.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Container, Sequence
from pathlib import Path
from typing import IO, Any

from spancopy_core.lang import java
from spancopy_core.lang.java import Token
from spancopy_core.paper import context

SMALL = 50  # BFP small: methods of at most 50 tokens
MEDIUM = 100  # BFP medium: 51 to 100 tokens
BUCKETS = ("small", "medium")


def abstract_pair(
    buggy: Sequence[Token],
    fixed: Sequence[Token],
    known: Container[str],
    imports: Sequence[str],
    scope: Sequence[Token] = (),
) -> tuple[list[str], list[str]]:
    """The pair as the trainer writes it: both sides' model inputs, with one numbering for both
    sides, the buggy side first, as in BFP. With ``scope``, the input ends with its context
    segment (:func:`spancopy_core.lang.java.model_input_pair`,
    :func:`spancopy_core.paper.context.join`;
    none when nothing of ``scope`` is new to the method)."""
    before, after = java.model_input_pair(buggy, fixed, known, imports, scope)
    return context.join(before.tokens, before.context), after.tokens


def bucket(buggy_len: int, fixed_len: int) -> str | None:
    """``small`` if both sides have at most 50 tokens, ``medium`` if at most 100, else None."""
    longest = max(buggy_len, fixed_len)
    if longest <= SMALL:
        return "small"
    if longest <= MEDIUM:
        return "medium"
    return None


class PairWriter:
    """Writes pairs into ``out/BUCKET/SPLIT.{buggy,fixed[,kind]}``. Every (bucket, split)
    file is created (possibly empty) when the writer opens, so that a rerun replaces the
    whole output; use as a context manager."""

    def __init__(self, out: Path, splits: Sequence[str], with_kind: bool) -> None:
        self.out, self.splits = out, list(splits)
        self.counts: Counter[tuple[str, str]] = Counter()
        suffixes = ("buggy", "fixed", "kind") if with_kind else ("buggy", "fixed")
        self.files: dict[tuple[str, str], list[IO[str]]] = {}
        for name in BUCKETS:
            (out / name).mkdir(parents=True, exist_ok=True)
            for split in splits:
                self.files[name, split] = [
                    open(out / name / f"{split}.{s}", "w", encoding="utf-8") for s in suffixes
                ]

    def write(
        self,
        bucket_name: str,
        split: str,
        buggy: Sequence[str],
        fixed: Sequence[str],
        kind: str | None = None,
    ) -> None:
        """Append one pair (and its kind, if the writer has ``.kind`` files)."""
        files = self.files[bucket_name, split]
        files[0].write(" ".join(buggy) + "\n")
        files[1].write(" ".join(fixed) + "\n")
        if len(files) == 3:
            files[2].write(f"{kind}\n")
        self.counts[bucket_name, split] += 1

    def write_summary(self, summary: dict[str, Any]) -> dict[str, Any]:
        """``summary`` and the pairs written per bucket and split (``"pairs"``), also written
        to ``out/summary.json``."""
        pairs = {b: {s: self.counts[b, s] for s in self.splits} for b in BUCKETS}
        summary = {**summary, "pairs": pairs}
        text = json.dumps(summary, indent=2) + "\n"
        (self.out / "summary.json").write_text(text, encoding="utf-8")
        return summary

    def close(self) -> None:
        """Close every file."""
        for files in self.files.values():
            for f in files:
                f.close()

    def __enter__(self) -> PairWriter:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
