"""``python -m trainer prose-lexicon``: the word counts of the prose spelling corrector.

The prior of the noisy-channel corrector (:mod:`spancopy_core.repair.channel`) is a lexicon of
English words with their counts: every word of the word lists (Debian's
``wamerican``/``wbritish``, ``/usr/share/dict``; possessives left out), counted in the clean
sentences of the documentation that ``synth-prose`` reads (:mod:`trainer.prose_sources`, each
distinct sentence once, in any case), words of the lists never seen counting 0; and the words
of the documentation outside the lists seen at least ``min_count`` times (``filesystem``,
``stdin``: the register our users write in). A word is written in lower case, or capitalised
when it is a *name*: the lists write it only capitalised, and the documentation more often
capitalised than in lower case (a sentence's first word not counted), or never (``English``,
``Yong``; not ``Python``, which the documentation mostly writes ``python``). The pairs of
adjacent words of the lexicon (in lower case, not across punctuation) seen at least
``min_pair_count`` times are counted too (``a lot``: the prior of a word split in two).
Written with :func:`spancopy_core.repair.channel.format_lexicon`.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field, fields
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
    min_pair_count: int = option("least count of a pair of adjacent words", 3, minimum=1)
    progress: bool = option("no progress bar", True)

    def __post_init__(self) -> None:
        for f in fields(self):
            check_option(f.name, getattr(self, f.name), f.metadata)


def read_word_list(path: Path) -> set[str]:
    """The alphabetic words of a word list, as the list writes them (``cat's`` and the like
    left out)."""
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeDecodeError) as exc:
        raise TrainerError(f"{path}: cannot read the word list ({exc})") from None
    return {w for w in (line.strip() for line in lines) if _WORD.fullmatch(w.lower())}


@dataclass
class DocumentCounts:
    """Lower-case alphabetic words and pairs of adjacent ones in the clean sentences of the
    documentation, each distinct sentence once."""

    words: Counter[str] = field(default_factory=Counter)  # in any case
    lower: Counter[str] = field(default_factory=Counter)  # written in lower case
    capitalised: Counter[str] = field(default_factory=Counter)  # Capitalised, not first
    pairs: Counter[tuple[str, str]] = field(default_factory=Counter)

    def add(self, tokens: list[str]) -> None:
        """Count the words of one sentence (its tokens)."""
        previous = ""
        for k, token in enumerate(tokens):
            lower = token.lower()
            if not _WORD.fullmatch(lower):
                previous = ""
                continue
            self.words[lower] += 1
            if token == lower:
                self.lower[lower] += 1
            elif k > 0 and token == lower.capitalize():
                self.capitalised[lower] += 1
            if previous:
                self.pairs[previous, lower] += 1
            previous = lower


def count_words(config: ProseLexiconConfig) -> DocumentCounts:
    """The words and word pairs of each distinct clean sentence of the sources."""
    documents = find_documents(config.sources)
    if not documents:
        raise TrainerError("no documentation files found under --sources")
    seen: set[str] = set()
    counts = DocumentCounts()
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
                    counts.add(tokens)
    return counts


def run(config: ProseLexiconConfig) -> dict[str, int]:
    """Write the lexicon of ``config``; returns how many words it holds, by where from."""
    listed: set[str] = set()
    for path in config.word_lists:
        listed |= read_word_list(path)
    words = {w.lower() for w in listed}
    # names: written capitalised in every list, and in the documentation more often
    # capitalised (not as a sentence's first word) than in lower case, or never seen:
    # "English" and "Yong", not "Python" (more often "python") nor "Nat" (only "NAT")
    only_capitalised = {w.lower() for w in listed if w[:1].isupper() and w[1:].islower()} - listed
    counts = count_words(config)
    names = {
        w
        for w in only_capitalised
        if counts.capitalised[w] > counts.lower[w] or not counts.words[w]
    }
    lexicon = {w: counts.words[w] for w in words}
    extra = {w: c for w, c in counts.words.items() if w not in words and c >= config.min_count}
    lexicon.update(extra)
    pairs = {
        f"{a} {b}": c
        for (a, b), c in counts.pairs.items()
        if c >= config.min_pair_count and a in lexicon and b in lexicon
    }
    entries = [(w.capitalize() if w in names else w, c) for w, c in lexicon.items()]
    config.out.parent.mkdir(parents=True, exist_ok=True)
    config.out.write_text(format_lexicon([*entries, *pairs.items()]), encoding="utf-8")
    return {
        "words": len(lexicon),
        "listed": len(words),
        "listed and seen": sum(1 for w in words if counts.words[w]),
        "seen, not listed": len(extra),
        "names": len(names),
        "names seen": sum(1 for w in names if counts.words[w]),
        "pairs": len(pairs),
        "tokens counted": sum(counts.words.values()),
    }
