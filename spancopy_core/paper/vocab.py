"""Vocabulary of generable tokens, with PAD/UNK/BOS/EOS specials and JSON persistence.

Out-of-vocabulary tokens map to UNK for the embedding, but :meth:`Vocabulary.encode` also
returns *keys* that keep every distinct token distinguishable (OOV tokens get negative keys,
shared across the sequences encoded with one ``oov`` table), so that a copy of an OOV token
is recognised as a copy.

A vocabulary has at most :data:`MAX_SIZE` tokens, and :meth:`Vocabulary.load` reads only a
regular file of at most :data:`MAX_FILE_BYTES` (model directories are untrusted).
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterable, Iterator
from pathlib import Path

from spancopy_core.storage.files import read_regular

PAD, UNK, BOS, EOS = "<pad>", "<unk>", "<s>", "</s>"
SPECIALS = (PAD, UNK, BOS, EOS)
PAD_ID, UNK_ID, BOS_ID, EOS_ID = range(4)
MAX_SIZE = 250_000  # tokens, specials included (the shipped Java model has 458)
MAX_FILE_BYTES = 16 * 2**20  # of vocab.json


class Vocabulary:
    """A bijection between tokens and ids; ids 0..3 are PAD, UNK, BOS, EOS."""

    def __init__(self, tokens: Iterable[str]) -> None:
        self.itos: list[str] = list(SPECIALS)
        for tok in tokens:
            if tok not in SPECIALS:
                self.itos.append(tok)
        if len(self.itos) > MAX_SIZE:
            raise ValueError(f"{len(self.itos)} tokens, more than the {MAX_SIZE} allowed")
        self.stoi: dict[str, int] = {t: i for i, t in enumerate(self.itos)}
        if len(self.stoi) != len(self.itos):
            raise ValueError("duplicate tokens in vocabulary")

    @classmethod
    def build(
        cls, token_lists: Iterable[Iterable[str]], min_count: int = 1, max_size: int | None = None
    ) -> Vocabulary:
        """Most frequent tokens first (ties by first occurrence), at least ``min_count`` times,
        at most ``max_size`` tokens including the specials."""
        counts: Counter[str] = Counter()
        for tokens in token_lists:
            counts.update(tokens)
        kept = [t for t, c in counts.most_common() if c >= min_count and t not in SPECIALS]
        if max_size is not None:
            kept = kept[: max(0, max_size - len(SPECIALS))]
        return cls(kept)

    def __len__(self) -> int:
        return len(self.itos)

    def __iter__(self) -> Iterator[str]:
        """The tokens in id order (the specials first, then the most frequent first)."""
        return iter(self.itos)

    def __contains__(self, token: object) -> bool:
        return token in self.stoi

    def id(self, token: str) -> int:
        return self.stoi.get(token, UNK_ID)

    def ids(self, tokens: Iterable[str]) -> list[int]:
        return [self.stoi.get(t, UNK_ID) for t in tokens]

    def encode(
        self, tokens: list[str], oov: dict[str, int] | None = None
    ) -> tuple[list[int], list[int]]:
        """Return ``(ids, keys)``: ids with OOV -> UNK, and identity keys where each OOV token
        gets its own negative key from the (shared, updated) ``oov`` table."""
        oov = {} if oov is None else oov
        ids, keys = [], []
        for tok in tokens:
            i = self.stoi.get(tok)
            if i is None:
                ids.append(UNK_ID)
                keys.append(oov.setdefault(tok, -1 - len(oov)))
            else:
                ids.append(i)
                keys.append(i)
        return ids, keys

    def to_json(self) -> str:
        return json.dumps({"tokens": self.itos}, ensure_ascii=False)

    @classmethod
    def from_json(cls, text: str) -> Vocabulary:
        data = json.loads(text)
        tokens = data["tokens"] if isinstance(data, dict) else None
        if not isinstance(tokens, list) or list(tokens[: len(SPECIALS)]) != list(SPECIALS):
            raise ValueError("not a spancopy vocabulary (expected specials first)")
        if not all(isinstance(t, str) for t in tokens):
            raise ValueError("vocabulary tokens must be strings")
        return cls(tokens)

    def save(self, path: str | Path) -> None:
        Path(path).write_text(self.to_json(), encoding="utf-8")

    @classmethod
    def load(cls, path: str | Path) -> Vocabulary:
        """Read a saved vocabulary. Raises ``OSError``, ``ValueError`` (a file that is not a
        regular one, too large, not UTF-8, not JSON or not a vocabulary) or ``RecursionError``
        (JSON nested too deep)."""
        return cls.from_json(read_regular(path, MAX_FILE_BYTES).decode("utf-8"))
