"""``python -m trainer java-words``: the Java vocabulary the prose of Java comments keeps.

A Java comment's jargon is its code's (``impl``, ``prev``, ``deque``, ``hashtable``): words the
English lexicon (:data:`spancopy_core.repair.channel.LEXICON`) lacks, which the spelling
corrector would respell (``impl`` -> ``imply``). The words of a file's own identifiers are kept
(:attr:`spancopy_core.repair.prose.CommentProse.code_words`); this command writes those of the
JDK's sources (``lib/src.zip`` of ``openjdk-17-source``), every identifier whole and split at its
humps and underscores (:func:`spancopy_core.repair.prose.identifier_words`), that the lexicon
lacks and ``min_files`` of its files use: ``word<TAB>files`` lines, most used first, shipped as
:data:`spancopy_core.repair.prose.JAVA_WORDS`.
"""

from __future__ import annotations

import glob
import zipfile
from collections import Counter
from dataclasses import dataclass, fields
from pathlib import Path

from tqdm import tqdm

from spancopy_core.repair.prose import identifier_words, shared_lexicon

from .config import TrainerError, check_option, option

_JDK_SOURCES = sorted(glob.glob("/usr/lib/jvm/java-17-openjdk-*/lib/src.zip"))
DEFAULT_SOURCES = Path(_JDK_SOURCES[0]) if _JDK_SOURCES else Path("src.zip")


@dataclass
class JavaWordsConfig:
    """A run of ``java-words``."""

    out: Path = option("the vocabulary file to write (word<TAB>files lines)", metavar="FILE")
    sources: Path = option("a JDK's src.zip (openjdk-17-source)", DEFAULT_SOURCES, metavar="ZIP")
    modules: list[str] = option(
        "the source folders of the zip to read (prefixes of its paths)",
        ["java.base/java/", "java.base/javax/"],
        metavar="PREFIX",
    )
    min_files: int = option("least number of files that use a word", 5, minimum=1)
    min_length: int = option("fewest letters of a word", 3, minimum=1)
    progress: bool = option("no progress bar", True)

    def __post_init__(self) -> None:
        for f in fields(self):
            check_option(f.name, getattr(self, f.name), f.metadata)


def count(config: JavaWordsConfig) -> Counter[str]:
    """How many of the zip's Java files under ``config.modules`` use each word of their
    identifiers that the lexicon lacks (letters only, ``config.min_length`` or more)."""
    if not config.sources.is_file():
        raise TrainerError(f"{config.sources}: no such file (apt-get install openjdk-17-source)")
    try:
        archive = zipfile.ZipFile(config.sources)
    except zipfile.BadZipFile as error:
        raise TrainerError(f"{config.sources}: not a zip file ({error})") from error
    lexicon = shared_lexicon()
    names = [
        n for n in archive.namelist() if n.endswith(".java") and n.startswith(tuple(config.modules))
    ]
    if not names:
        raise TrainerError(f"{config.sources}: no .java file under {', '.join(config.modules)}")
    files: Counter[str] = Counter()
    for name in tqdm(names, desc="java files", unit="file", disable=not config.progress):
        text = archive.read(name).decode("utf-8", "replace")
        files.update(
            w
            for w in identifier_words(text)
            if w.isalpha() and w.isascii() and len(w) >= config.min_length and w not in lexicon
        )
    return files


def run(config: JavaWordsConfig) -> dict[str, int]:
    """Write the vocabulary; the numbers of files read and of words written."""
    files = count(config)
    kept = sorted(
        ((w, n) for w, n in files.items() if n >= config.min_files), key=lambda x: (-x[1], x[0])
    )
    config.out.parent.mkdir(parents=True, exist_ok=True)
    config.out.write_text("".join(f"{w}\t{n}\n" for w, n in kept), encoding="utf-8")
    return {"words": len(kept)}
