"""``python -m trainer prose-lexicon``: the word counts of the prose spelling corrector.

The prior of the noisy-channel corrector (:mod:`spancopy_core.repair.channel`) is a lexicon of
lower-case English words with their counts: every word of the word lists (Debian's
``wamerican``/``wbritish``, ``/usr/share/dict``; possessives left out), counted in the clean
sentences of the documentation that ``synth-prose`` reads (:mod:`trainer.prose_sources`, each
distinct sentence once), words of the lists never seen counting 0; and the words of the
documentation outside the lists seen at least ``min_count`` times (``filesystem``, ``stdin``:
the register our users write in). Written with
:func:`spancopy_core.repair.channel.format_lexicon`.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, fields
from pathlib import Path

from tqdm import tqdm

from spancopy_core.repair.channel import format_lexicon

from .config import TrainerError, check_option, option
from .prose_sources import clean_sentences, find_documents, paragraphs, read_text
from .synth_prose import DEFAULT_SOURCES

DEFAULT_WORD_LISTS = [
    Path("/usr/share/dict/american-english"),  # wamerican
    Path("/usr/share/dict/british-english"),  # wbritish
]
_WORD = re.compile(r"[a-z]+")


@dataclass
class ProseLexiconConfig:
    """A run of ``prose-lexicon``."""

    out: Path = option("the lexicon file to write (word<TAB>count lines)", metavar="FILE")
    sources: list[Path] = option(
        "documentation files or directories to count words in", DEFAULT_SOURCES, metavar="PATH"
    )
    word_lists: list[Path] = option(
        "word lists, one word per line", DEFAULT_WORD_LISTS, metavar="FILE"
    )
    min_count: int = option("least count of a word in no word list", 5, minimum=1)
    progress: bool = option("no progress bar", True)

    def __post_init__(self) -> None:
        for f in fields(self):
            check_option(f.name, getattr(self, f.name), f.metadata)


def read_word_list(path: Path) -> set[str]:
    """The lower-case alphabetic words of a word list (``cat's`` and the like left out)."""
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeDecodeError) as exc:
        raise TrainerError(f"{path}: cannot read the word list ({exc})") from None
    return {w for w in (line.strip().lower() for line in lines) if _WORD.fullmatch(w)}


def count_words(config: ProseLexiconConfig) -> Counter[str]:
    """Lower-case alphabetic words of each distinct clean sentence of the sources."""
    documents = find_documents(config.sources)
    if not documents:
        raise TrainerError("no documentation files found under --sources")
    seen: set[str] = set()
    counts: Counter[str] = Counter()
    for path, kind in tqdm(documents, desc="documents", unit="doc", disable=not config.progress):
        try:
            text = read_text(path)
        except (OSError, EOFError, ValueError):  # unreadable, or a broken .gz
            continue
        for paragraph in paragraphs(text, kind):
            for tokens in clean_sentences(paragraph):
                key = " ".join(tokens)
                if key not in seen:
                    seen.add(key)
                    counts.update(w.lower() for w in tokens if _WORD.fullmatch(w.lower()))
    return counts


def run(config: ProseLexiconConfig) -> dict[str, int]:
    """Write the lexicon of ``config``; returns how many words it holds, by where from."""
    listed: set[str] = set()
    for path in config.word_lists:
        listed |= read_word_list(path)
    counts = count_words(config)
    lexicon = {w: counts[w] for w in listed}
    extra = {w: c for w, c in counts.items() if w not in listed and c >= config.min_count}
    lexicon.update(extra)
    config.out.parent.mkdir(parents=True, exist_ok=True)
    config.out.write_text(format_lexicon(lexicon.items()), encoding="utf-8")
    return {
        "words": len(lexicon),
        "listed": len(listed),
        "listed and seen": sum(1 for w in listed if counts[w]),
        "seen, not listed": len(extra),
        "tokens counted": sum(counts.values()),
    }
