"""``python -m trainer import-edits``: real Java edit pairs abstracted into BFP format.

Reads JSONL records with the concrete source of one method before (``buggy``) and after
(``fixed``) a real change and the file's ``imports`` (the layout of
``shared/data/java-edits``: ManySStuBs4J and CodRep pairs). Each side is parsed as the only
member of a class with the Java front-end; the pair is abstracted exactly like ``synth``'s
(:mod:`trainer.bfp`: annotations stripped, idioms kept, one numbering, the buggy side first),
and dropped if a side does not parse as one method, if both sides are equal after abstraction,
if a side is longer than 100 tokens, or if it repeats an earlier pair. Every record of a project
in the real-bug test or dev slice (:mod:`trainer.heldout`, whatever its source) is left out
first, always. The rest is bucketed ``small`` / ``medium`` as BFP and split per bucket into
train and a seeded held-out slice (for training's own validation).
A malformed line raises :class:`~trainer.data.DataError` naming the file and line.
"""

from __future__ import annotations

import json
import logging
from collections import Counter
from collections.abc import Container, Iterator, Sequence
from pathlib import Path
from typing import NamedTuple

from spancopy_core.lang import java

from . import bfp, heldout
from .config import TrainerError
from .data import DataError, held_out_split

log = logging.getLogger("trainer.edits_import")
_UNPARSABLE = "dropped: does not parse as one method"
_IDENTICAL = "dropped: identical after abstraction"
_TOO_LONG = "dropped: longer than 100 tokens"
_DUPLICATE = "dropped: duplicate pair"
_EXCLUDED = {name: f"excluded: project of the real-bug {name} slice" for name in heldout.SLICES}
_REASONS = (*_EXCLUDED.values(), _UNPARSABLE, _IDENTICAL, _TOO_LONG, _DUPLICATE)


class Record(NamedTuple):
    """The fields of one edit record that the import uses."""

    buggy: str
    fixed: str
    imports: tuple[str, ...]
    source: str
    package: str | None
    path: str | None


def read_records(path: Path) -> Iterator[Record]:
    """The records of one JSONL file; blank lines are skipped, anything malformed raises
    :class:`DataError` with ``path:line``."""
    try:
        f = open(path, encoding="utf-8")
    except OSError as exc:
        raise DataError(f"{path}: {exc.strerror}") from None
    with f:
        n = 0
        try:
            for n, line in enumerate(f, start=1):
                if line.strip():
                    yield _record(path, n, line)
        except UnicodeDecodeError:
            raise DataError(f"{path}:{n + 1}: not UTF-8 text") from None


def _record(path: Path, n: int, line: str) -> Record:
    try:
        obj = json.loads(line)
    except json.JSONDecodeError as exc:
        raise DataError(f"{path}:{n}: invalid JSON ({exc.msg})") from None
    if not isinstance(obj, dict):
        raise DataError(f"{path}:{n}: expected a JSON object")
    buggy, fixed, imports = obj.get("buggy"), obj.get("fixed"), obj.get("imports", [])
    if not (isinstance(buggy, str) and isinstance(fixed, str)):
        raise DataError(f'{path}:{n}: "buggy" and "fixed" must be strings')
    if not (isinstance(imports, list) and all(isinstance(i, str) for i in imports)):
        raise DataError(f'{path}:{n}: "imports" must be a list of strings')
    source, package, file = obj.get("source"), obj.get("package"), obj.get("path")
    return Record(
        buggy,
        fixed,
        tuple(imports),
        source if isinstance(source, str) else path.stem,
        package if isinstance(package, str) else None,
        file if isinstance(file, str) else None,
    )


def abstract_record(record: Record, known: Container[str]) -> tuple[list[str], list[str]] | None:
    """The record's pair as the trainer writes it (:func:`trainer.bfp.abstract_pair` of the
    tokens of each side), or None if a side does not parse as exactly one method."""
    buggy, fixed = java.method_tokens(record.buggy), java.method_tokens(record.fixed)
    if buggy is None or fixed is None:
        return None
    return bfp.abstract_pair(buggy, fixed, known, record.imports)


def run(
    files: Sequence[Path],
    out: Path,
    known: frozenset[str],
    *,
    held_out: float = 0.1,
    held_name: str = "valid",
    seed: int = 0,
) -> dict:
    """Abstract the records of ``files`` into ``out`` (see the module docstring) and return
    the counts, also written to ``out/summary.json``."""
    if not 0 <= held_out < 1:
        raise TrainerError("--held-out must be a fraction in [0, 1)")
    if held_name == "train":
        raise TrainerError("--held-name must not be train")
    counts: Counter[str] = Counter(dict.fromkeys(_REASONS, 0))
    sources: Counter[str] = Counter()
    kept: dict[str, list[tuple[list[str], list[str]]]] = {b: [] for b in bfp.BUCKETS}
    seen: set[tuple[str, str]] = set()
    for path in files:
        for record in read_records(path):
            counts["records"] += 1
            held = heldout.slice_of(record.package, record.path)
            if held is not None:
                counts[_EXCLUDED[held]] += 1
                continue
            pair = abstract_record(record, known)
            if pair is None:
                counts[_UNPARSABLE] += 1
                continue
            before, after = pair
            if before == after:
                counts[_IDENTICAL] += 1
                continue
            name = bfp.bucket(len(before), len(after))
            if name is None:
                counts[_TOO_LONG] += 1
                continue
            key = (" ".join(before), " ".join(after))
            if key in seen:
                counts[_DUPLICATE] += 1
                continue
            seen.add(key)
            kept[name].append((before, after))
            sources[record.source] += 1
    splits = ["train", held_name] if held_out > 0 else ["train"]
    with bfp.PairWriter(out, splits, with_kind=False) as writer:
        for name, pairs in kept.items():
            train, held = held_out_split(pairs, held_out, seed)
            for split, part in (("train", train), (held_name, held)):
                for before, after in part:
                    writer.write(name, split, before, after)
    summary = {
        "files": [str(f) for f in files],
        "held_out": held_out,
        "seed": seed,
        "total_pairs": len(seen),
        "sources": dict(sorted(sources.items())),
        "counts": dict(sorted(counts.items())),
    }
    return writer.write_summary(summary)
