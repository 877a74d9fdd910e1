"""``python -m trainer synth-prose``: noisy/clean English sentence pairs from documentation.

The clean sentences come from the documentation files of :attr:`SynthProseConfig.sources`
(:mod:`trainer.prose_sources`: markup stripped, code left out, prose sentences only, in JFLEG
spacing), deduplicated (first occurrence kept) and capped per document; each one is the output
of ``copies`` pairs whose inputs :func:`trainer.prose_noise.corrupt` makes, each with its own
random generator seeded by the seed and the sentence, so the data depends on the seed and the
sources only. A seeded hash of the sentence puts all its pairs in ``valid`` (a fraction
``valid``) or ``train``. Writes ``OUT/train.jsonl`` and ``OUT/valid.jsonl`` (``{"input": [...],
"output": [...]}``, lexer tokens; :mod:`trainer.data` reads them) and ``OUT/summary.json``
(sentences per format, pairs per split, error kinds, the config).
"""

from __future__ import annotations

import hashlib
import json
import logging
import random
import time
from collections import Counter
from dataclasses import asdict, dataclass, fields
from pathlib import Path

from tqdm import tqdm

from .config import TrainerError, check_option, option
from .prose_noise import corrupt
from .prose_sources import clean_sentences, find_documents, paragraphs, read_text

log = logging.getLogger("trainer.synth_prose")

DEFAULT_SOURCES = [
    Path("/usr/share/doc/python3.11/html/_sources"),  # python3.11-doc
    Path("/usr/share/debian-reference"),  # debian-reference-en
    Path("/usr/share/man/man1"),  # manpages and the installed packages' pages
    Path("/usr/share/man/man5"),
    Path("/usr/share/man/man7"),
    Path("/usr/share/info"),  # info manuals (coreutils, gnu-standards, ...)
    Path("/usr/share/games/fortunes"),  # fortunes, fortunes-min: general-register English
]


@dataclass
class SynthProseConfig:
    """A run of ``synth-prose``."""

    out: Path = option("output data directory (train.jsonl, valid.jsonl)", metavar="DIR")
    sources: list[Path] = option(
        "documentation files or directories (reST, HTML, man, info, fortune, .txt; .gz too)",
        DEFAULT_SOURCES,
        metavar="PATH",
    )
    seed: int = option("seed of the errors and of the train/valid split", 0)
    copies: int = option("noisy versions of each clean sentence", 2, minimum=1)
    clean: float = option(
        "share of pairs left without errors (output = input)", 0.12, minimum=0.0, maximum=1.0
    )
    rate: float = option(
        "errors per token beyond the first of a noisy sentence", 0.12, minimum=0.0, maximum=1.0
    )
    valid: float = option(
        "share of clean sentences whose pairs go to valid", 0.02, minimum=0.0, maximum=1.0
    )
    min_tokens: int = option("shortest sentence kept (tokens)", 5, minimum=1)
    max_tokens: int = option("longest sentence kept (tokens)", 50, minimum=1)
    max_per_document: int = option("most sentences kept of one document", 400, minimum=1)
    limit: int | None = option("stop after this many documents (default: all)", None, minimum=1)
    progress: bool = option("no progress bar", True)

    def __post_init__(self) -> None:
        for f in fields(self):
            check_option(f.name, getattr(self, f.name), f.metadata)
        if self.min_tokens > self.max_tokens:
            raise TrainerError("--min-tokens must not exceed --max-tokens")


def _unit(seed: int, key: str) -> float:
    digest = hashlib.sha256(f"{seed}/{key}".encode()).digest()
    return int.from_bytes(digest[:8], "big") / 2**64


def run(config: SynthProseConfig) -> dict:
    """Make the data of ``config``; returns the summary also written to ``OUT/summary.json``."""
    started = time.monotonic()
    documents = find_documents(config.sources)
    if config.limit is not None:
        documents = documents[: config.limit]
    if not documents:
        raise TrainerError("no documentation files found under --sources")
    seen: set[str] = set()
    splits: dict[str, list[str]] = {"train": [], "valid": []}
    sentences: Counter[str] = Counter()
    kinds: Counter[str] = Counter()
    counts: Counter[str] = Counter()
    for path, kind in tqdm(documents, desc="documents", unit="doc", disable=not config.progress):
        kept = 0
        try:
            text = read_text(path)
        except (OSError, EOFError, ValueError) as exc:  # unreadable, or a broken .gz
            counts[f"document skipped: {type(exc).__name__}"] += 1
            continue
        for paragraph in paragraphs(text, kind):
            for tokens in clean_sentences(paragraph, config.min_tokens, config.max_tokens):
                key = " ".join(tokens)
                if key in seen:
                    counts["sentence skipped: duplicate"] += 1
                    continue
                if kept >= config.max_per_document:
                    counts["sentence skipped: document cap"] += 1
                    continue
                seen.add(key)
                kept += 1
                sentences[kind] += 1
                split = "valid" if _unit(config.seed, "split/" + key) < config.valid else "train"
                for copy in range(config.copies):
                    rng = random.Random(f"{config.seed}/{copy}/{key}")
                    noisy, applied = corrupt(tokens, rng, config.clean, config.rate)
                    kinds.update(applied or ["clean"])
                    line = json.dumps({"input": noisy, "output": tokens}, ensure_ascii=False)
                    splits[split].append(line)
    config.out.mkdir(parents=True, exist_ok=True)
    for split, lines in splits.items():
        (config.out / f"{split}.jsonl").write_text("".join(x + "\n" for x in lines), "utf-8")
    summary = {
        "documents": len(documents),
        "sentences": dict(sentences.most_common()),
        "pairs": {split: len(lines) for split, lines in splits.items()},
        "kinds": dict(kinds.most_common()),
        "counts": dict(counts.most_common()),
        "seconds": round(time.monotonic() - started, 1),
        "config": {
            k: [str(p) for p in v] if isinstance(v, list) else str(v) if isinstance(v, Path) else v
            for k, v in asdict(config).items()
        },
    }
    (config.out / "summary.json").write_text(json.dumps(summary, indent=2) + "\n", "utf-8")
    return summary
