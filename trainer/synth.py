"""``python -m trainer synth``: synthetic bug-fix pairs in BFP format from real Java sources.

Every method of the given sources (directories searched for ``*.java``, single ``.java``
files, zip archives such as the JDK's ``lib/src.zip``) that parses without error, has a body
and abstracts to at most 100 tokens is the fixed side of up to ``per_method`` pairs whose buggy
sides are made by :func:`trainer.mutations.mutants` (one mutation each). Both sides are
abstracted as BFP is (:mod:`trainer.bfp`: annotations stripped, idioms kept, one numbering),
pairs equal after abstraction are dropped, the rest deduplicated (first occurrence kept) and
written to ``OUT/small`` (<= 50 tokens) or ``OUT/medium`` (51-100) with a line-parallel
``.kind`` file naming the mutation. With ``with_context`` (``--context``) every buggy side ends
with the context segment of its method (:mod:`spancopy_core.paper.context`: the names and literals
of its file that it lacks, :meth:`spancopy_core.lang.java.JavaSource.scope`); the bucket is
still the method's length. Files are processed in a seeded random order by a pool of
worker processes; each file has its own seeded random generator and all of a file's pairs go
to one split (train, or valid/test for a seeded fraction of the files), so the output depends
on the seed only, not on the number of workers, and no method is in two splits.
``OUT/summary.json`` records the counts (pairs per bucket, split and kind; files and methods
skipped with the reason; mutants dropped with the reason).
"""

from __future__ import annotations

import hashlib
import logging
import multiprocessing
import random
import time
import zipfile
from collections import Counter
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import NamedTuple

from tqdm import tqdm

from spancopy_core.lang import java
from spancopy_core.lang.errors import SourceTooLargeError
from spancopy_core.paper import context

from . import bfp
from .config import TrainerError
from .data import DataError
from .mutations import PROFILES, FileContext, MethodSites, mutants

log = logging.getLogger("trainer.synth")


class Task(NamedTuple):
    """One Java file: ``name`` inside the zip archive ``root``, or relative to directory
    ``root``."""

    root: str
    name: str
    is_zip: bool


class FileResult(NamedTuple):
    """A file's pairs as (bucket, kind, buggy line, fixed line), and its counts."""

    name: str
    pairs: list[tuple[str, str, str, str]]
    counts: Counter[str]


def find_sources(paths: Sequence[Path]) -> list[Task]:
    """The Java files of ``paths`` (directories recursively, ``.java`` files, ``.zip``
    archives), in a fixed order; bad paths raise :class:`DataError`."""
    tasks: list[Task] = []
    for path in paths:
        if path.is_dir():
            names = sorted(p.relative_to(path).as_posix() for p in path.rglob("*.java"))
            tasks += [Task(str(path), n, False) for n in names if (path / n).is_file()]
        elif path.is_file() and path.suffix == ".java":
            tasks.append(Task(str(path.parent), path.name, False))
        elif path.is_file() and path.suffix == ".zip":
            try:
                with zipfile.ZipFile(path) as z:
                    names = sorted(n for n in z.namelist() if n.endswith(".java"))
            except zipfile.BadZipFile:
                raise DataError(f"{path}: not a zip archive") from None
            tasks += [Task(str(path), n, True) for n in names]
        elif not path.exists():
            raise DataError(f"{path}: no such file or directory")
        else:
            raise DataError(f"{path}: not a directory, .java file or .zip archive")
    return tasks


def split_of(name: str, seed: int, valid: float, test: float) -> str:
    """The split of every pair of file ``name``: a seeded hash decides."""
    digest = hashlib.sha256(f"split/{seed}/{name}".encode()).digest()
    u = int.from_bytes(digest[:8], "big") / 2**64
    return "valid" if u < valid else "test" if u < valid + test else "train"


# -- worker ---------------------------------------------------------------------------------

_STATE: dict = {}


def _init_worker(
    known: frozenset[str], seed: int, per_method: int, profile: str, with_context: bool = False
) -> None:
    _STATE.clear()
    _STATE.update(
        known=known,
        seed=seed,
        per_method=per_method,
        profile=profile,
        context=with_context,
        zips={},
    )


def _read(task: Task) -> bytes:
    if not task.is_zip:
        return (Path(task.root) / task.name).read_bytes()
    zips = _STATE["zips"]
    if task.root not in zips:
        zips[task.root] = zipfile.ZipFile(task.root)
    return zips[task.root].read(task.name)


def process_file(task: Task) -> FileResult:
    """The pairs of one file (runs in a worker after :func:`_init_worker`)."""
    counts: Counter[str] = Counter()
    pairs: list[tuple[str, str, str, str]] = []
    try:
        text = _read(task).decode("utf-8")
        doc = java.parse(text)
    except UnicodeDecodeError:
        counts["file skipped: not UTF-8"] += 1
        return FileResult(task.name, pairs, counts)
    except SourceTooLargeError:
        counts["file skipped: too large"] += 1
        return FileResult(task.name, pairs, counts)
    except OSError as exc:
        counts[f"file skipped: unreadable ({exc.strerror})"] += 1
        return FileResult(task.name, pairs, counts)
    known, imports = _STATE["known"], doc.imports
    usable: list[MethodSites] = []
    scopes: list[list[java.Token]] = []
    for m in doc.methods:
        counts["methods"] += 1
        tokens = doc.tokens[m.tokens]
        if m.has_error:
            counts["method skipped: parse error"] += 1
        elif m.is_compact_constructor:
            counts["method skipped: compact constructor"] += 1
        elif not m.has_body:
            counts["method skipped: no body"] += 1
        elif len(java.model_input(tokens, known, imports).tokens) > bfp.MEDIUM:
            counts["method skipped: longer than 100 tokens"] += 1
        else:
            usable.append(MethodSites(doc.method_node(m), tokens))
            scopes.append(doc.scope(m) if _STATE["context"] else [])
    if not usable:
        counts["file skipped: no usable method"] += 1
        return FileResult(task.name, pairs, counts)
    file_context = FileContext(
        method_names=tuple(sorted({t.text for t in doc.tokens if t.role == "method"})),
        strings=tuple(
            sorted({t.text for t in doc.tokens if t.kind == "string" and t.text[:3] != '"""'})
        ),
        statements=tuple(s for sites in usable for s in sites.expression_statements()),
    )
    rng = random.Random(f"{_STATE['seed']}/{task.name}")
    rejected: Counter[str] = Counter()
    for sites, scope in zip(usable, scopes, strict=True):
        weights = PROFILES[_STATE["profile"]]
        found = mutants(sites, file_context, _STATE["per_method"], rng, rejected, weights=weights)
        if not found:
            counts["method skipped: no mutation applies"] += 1
            continue
        counts["methods used"] += 1
        for kind, buggy in found:
            counts["mutants"] += 1
            before, after = bfp.abstract_pair(buggy, sites.tokens, known, imports, scope)
            if context.split(before)[0] == after:
                counts["mutant dropped: identical after abstraction"] += 1
                continue
            name = bfp.bucket(context.method_length(before), len(after))
            if name is None:
                counts["mutant dropped: longer than 100 tokens"] += 1
                continue
            pairs.append((name, kind, " ".join(before), " ".join(after)))
    for kind, n in rejected.items():
        counts[f"mutant rejected (does not parse): {kind}"] += n
    return FileResult(task.name, pairs, counts)


# -- driver ---------------------------------------------------------------------------------


def _results(tasks: list[Task], workers: int, init: tuple) -> Iterator[FileResult]:
    """The results of ``tasks`` in task order, whatever the number of workers."""
    if workers <= 1:
        _init_worker(*init)
        yield from map(process_file, tasks)
        return
    with multiprocessing.Pool(workers, initializer=_init_worker, initargs=init) as pool:
        yield from pool.imap(process_file, tasks, chunksize=4)


def run(
    sources: Sequence[Path],
    out: Path,
    known: frozenset[str],
    *,
    seed: int = 0,
    workers: int = 1,
    per_method: int = 2,
    profile: str = "bfp",
    with_context: bool = False,
    limit: int | None = None,
    valid: float = 0.02,
    test: float = 0.0,
    progress: bool = True,
) -> dict:
    """Write the synthetic pairs of ``sources`` into ``out`` (see the module docstring) and
    return the summary that is also written to ``out/summary.json``."""
    if per_method < 1:
        raise TrainerError("--per-method must be at least 1")
    if profile not in PROFILES:
        raise TrainerError(f"--profile must be one of {', '.join(PROFILES)}, not {profile!r}")
    if not (0 <= valid < 1 and 0 <= test < 1 and valid + test < 1):
        raise TrainerError("--valid and --test must be fractions with a sum below 1")
    tasks = find_sources(sources)
    if not tasks:
        raise DataError(f"no .java files in {', '.join(map(str, sources))}")
    random.Random(seed).shuffle(tasks)
    splits = ["train", "valid"] + (["test"] if test > 0 else [])
    start = time.perf_counter()
    counts: Counter[str] = Counter()
    kinds: Counter[str] = Counter()
    seen: set[bytes] = set()
    files = 0
    bar = tqdm(total=len(tasks), unit="file", desc="synth", disable=not progress)
    with bfp.PairWriter(out, splits, with_kind=True) as writer:
        init = (known, seed, per_method, profile, with_context)
        for result in _results(tasks, workers, init):
            files += 1
            bar.update()
            counts.update(result.counts)
            split = split_of(result.name, seed, valid, test)
            for name, kind, buggy, fixed in result.pairs:
                key = hashlib.blake2b(f"{buggy}\t{fixed}".encode(), digest_size=16).digest()
                if key in seen:
                    counts["mutant dropped: duplicate pair"] += 1
                    continue
                seen.add(key)
                writer.write(name, split, buggy.split(" "), fixed.split(" "), kind)
                kinds[kind] += 1
                if limit is not None and len(seen) >= limit:
                    break
            if files % 50 == 0:
                bar.set_postfix(pairs=len(seen), refresh=False)
            if limit is not None and len(seen) >= limit:
                break
        bar.close()
    summary = {
        "sources": [str(s) for s in sources],
        "seed": seed,
        "per_method": per_method,
        "profile": profile,
        "context": with_context,
        "valid_fraction": valid,
        "test_fraction": test,
        "limit": limit,
        "files": {"listed": len(tasks), "read": files},
        "total_pairs": len(seen),
        "kinds": dict(kinds.most_common()),
        "counts": dict(sorted(counts.items())),
        "seconds": round(time.perf_counter() - start, 1),
    }
    return writer.write_summary(summary)
