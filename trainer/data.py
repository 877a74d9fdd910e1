"""Training data: reading pair files, lattices in DataLoader workers, length-bucketed batches.

A data directory holds line-parallel ``SPLIT.buggy`` / ``SPLIT.fixed`` files of
space-separated tokens (the BFP layout; lines are stripped) or ``SPLIT.jsonl`` with one
``{"input": [...], "output": [...]}`` object per line. Malformed data raises
:class:`DataError` naming the file and line. :class:`PairDataset` computes each pair's lattice
when it is fetched, so the lattices are built in the DataLoader workers;
:class:`BucketBatchSampler` groups pairs of similar length into batches of at most
``batch_size`` pairs and ``max_tokens`` padded tokens, shuffled with a seed per epoch, and
split across the processes of a distributed run.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator, Sequence
from functools import partial
from pathlib import Path

from torch.utils.data import DataLoader, Dataset, Sampler

from spancopy_core.editing.alignment import align
from spancopy_core.paper import context, focus
from spancopy_core.paper.batch import Batch, collate
from spancopy_core.paper.lattice import build_lattice
from spancopy_core.paper.vocab import Vocabulary

from .config import DataError, TrainerError  # noqa: F401 (DataError: re-exported)

Pair = tuple[list[str], list[str]]


def split_files(directory: Path, split: str) -> list[Path]:
    """The files holding ``split`` in ``directory`` (BFP pair or JSONL), or DataError."""
    if not directory.is_dir():
        raise DataError(f"{directory}: not a directory")
    jsonl = directory / f"{split}.jsonl"
    buggy, fixed = directory / f"{split}.buggy", directory / f"{split}.fixed"
    if jsonl.is_file():
        return [jsonl]
    if buggy.is_file() and fixed.is_file():
        return [buggy, fixed]
    found = sorted(
        p.name for p in directory.iterdir() if p.suffix in {".buggy", ".fixed", ".jsonl"}
    )
    raise DataError(
        f"{directory}: no {split}.buggy + {split}.fixed or {split}.jsonl"
        + (f" (found: {', '.join(found)})" if found else "")
    )


def _read_lines(path: Path) -> list[str]:
    try:
        return path.read_text(encoding="utf-8").splitlines()
    except UnicodeDecodeError as exc:
        line = path.read_bytes()[: exc.start].count(b"\n") + 1
        raise DataError(f"{path}:{line}: not UTF-8 text") from None
    except OSError as exc:
        raise DataError(f"{path}: {exc.strerror}") from None


def read_pairs(directory: str | Path, split: str) -> list[Pair]:
    """All (input, output) token lists of ``split`` in ``directory``."""
    files = split_files(Path(directory), split)
    if len(files) == 2:
        buggy, fixed = (_read_lines(p) for p in files)
        if len(buggy) != len(fixed):
            raise DataError(f"{files[0]} has {len(buggy)} lines but {files[1]} has {len(fixed)}")
        pairs = []
        for n, (b, f) in enumerate(zip(buggy, fixed), start=1):
            x, y = b.split(), f.split()
            if not x and not y:
                raise DataError(f"{files[0]}:{n}: empty pair")
            pairs.append((x, y))
        return pairs
    pairs = []
    for n, line in enumerate(_read_lines(files[0]), start=1):
        if not line.strip():
            continue
        try:
            obj = json.loads(line)
        except json.JSONDecodeError as exc:
            raise DataError(f"{files[0]}:{n}: invalid JSON ({exc.msg})") from None
        x = obj.get("input") if isinstance(obj, dict) else None
        y = obj.get("output") if isinstance(obj, dict) else None
        if not (_is_tokens(x) and _is_tokens(y)):
            raise DataError(f'{files[0]}:{n}: expected {{"input": [str], "output": [str]}}')
        pairs.append((x, y))
    return pairs


def _is_tokens(value: object) -> bool:
    return isinstance(value, list) and all(isinstance(t, str) and t for t in value)


def write_pairs(directory: str | Path, split: str, pairs: Sequence[Pair]) -> None:
    """Write ``pairs`` in the BFP layout (``SPLIT.buggy`` / ``SPLIT.fixed``)."""
    out = Path(directory)
    out.mkdir(parents=True, exist_ok=True)
    for suffix, side in (("buggy", 0), ("fixed", 1)):
        text = "".join(" ".join(p[side]) + "\n" for p in pairs)
        (out / f"{split}.{suffix}").write_text(text, encoding="utf-8")


def held_out_split(pairs: Sequence[Pair], fraction: float, seed: int) -> tuple[list, list]:
    """A fixed, seeded (train, held_out) split of ``pairs``."""
    order = list(range(len(pairs)))
    random.Random(seed).shuffle(order)
    cut = int(round(len(pairs) * fraction))
    held = set(order[:cut])
    return (
        [p for i, p in enumerate(pairs) if i not in held],
        [p for i, p in enumerate(pairs) if i in held],
    )


class PairDataset(Dataset):
    """Pairs whose lattices are computed on access (in the DataLoader worker), with the focus
    of each pair (:func:`spancopy_core.paper.focus.from_diff`, of the method before an input's
    context segment) when ``focus_noise`` is given: made noisy with a generator seeded by
    ``seed`` and the pair's index, so that a pair gets the same focus whenever it is drawn, on
    any worker. With ``edit``, each pair also carries its
    own edit (:func:`spancopy_core.editing.alignment.align` of input and output): the reconstruction
    task of an edit-representation model."""

    def __init__(
        self,
        pairs: Sequence[Pair],
        vocab: Vocabulary,
        copy_mode: str,
        focus_noise: focus.Noise | None = None,
        seed: int = 0,
        char_ngrams: int = 0,
        edit: bool = False,
    ) -> None:
        self.pairs = list(pairs)
        self.edit = edit
        self.vocab = vocab
        self.char_ngrams = char_ngrams  # hash buckets of the model's n-gram feature, or 0
        self.max_copy_len = 1 if copy_mode == "token" else None
        self.focus_noise = focus_noise
        self.seed = seed

    def __len__(self) -> int:
        return len(self.pairs)

    def __getitem__(self, index: int):
        x, y = self.pairs[index]
        lattice = build_lattice(x, y, self.vocab, self.max_copy_len)
        ids = None
        if self.focus_noise is not None:
            rng = random.Random(self.seed * 1_000_003 + index)
            ids = focus.from_diff(context.split(x)[0], y, rng, self.focus_noise)
        if self.edit:
            return x, y, lattice, ids, align(x, y)
        return (x, y, lattice) if ids is None else (x, y, lattice, ids)

    def cost(self, index: int) -> int:
        x, y = self.pairs[index]
        return max(len(x), len(y) + 1)


class BucketBatchSampler(Sampler[list[int]]):
    """Batches of pairs of similar length; a new seeded order every epoch.

    Pairs are sorted by length inside random chunks of ``100 * batch_size`` pairs, cut into
    batches of at most ``batch_size`` pairs and ``max_tokens`` padded tokens, and the batches
    are shuffled. With ``world_size`` > 1 each rank takes every ``world_size``-th batch, the
    list first trimmed to a multiple of ``world_size`` so all ranks step together.
    """

    def __init__(
        self,
        dataset: PairDataset,
        batch_size: int,
        max_tokens: int | None = None,
        shuffle: bool = True,
        seed: int = 0,
        rank: int = 0,
        world_size: int = 1,
    ) -> None:
        self.dataset = dataset
        self.batch_size = batch_size
        self.max_tokens = max_tokens
        self.shuffle = shuffle
        self.seed = seed
        self.rank = rank
        self.world_size = world_size
        self.epoch = 0
        self.skip = 0

    def set_epoch(self, epoch: int, skip: int = 0) -> None:
        """Select the epoch's order; ``skip`` leaves out its first batches (resuming)."""
        self.epoch, self.skip = epoch, skip

    def _batches(self) -> list[list[int]]:
        rng = random.Random(self.seed * 1_000_003 + self.epoch)
        order = list(range(len(self.dataset)))
        if self.shuffle:
            rng.shuffle(order)
        chunk = self.batch_size * 100
        batches: list[list[int]] = []
        for start in range(0, len(order), chunk):
            part = sorted(order[start : start + chunk], key=self.dataset.cost)
            batch: list[int] = []
            longest = 0
            for i in part:
                cost = self.dataset.cost(i)
                too_many = len(batch) >= self.batch_size
                too_long = (
                    self.max_tokens and max(longest, cost) * (len(batch) + 1) > self.max_tokens
                )
                if batch and (too_many or too_long):
                    batches.append(batch)
                    batch, longest = [], 0
                batch.append(i)
                longest = max(longest, cost)
            if batch:
                batches.append(batch)
        if self.shuffle:
            rng.shuffle(batches)
        usable = (
            len(batches) - len(batches) % self.world_size if self.world_size > 1 else len(batches)
        )
        return batches[self.rank : usable : self.world_size]

    def __iter__(self) -> Iterator[list[int]]:
        yield from self._batches()[self.skip :]

    def __len__(self) -> int:
        return max(0, len(self._batches()) - self.skip)


def make_loader(
    dataset: PairDataset, sampler: BucketBatchSampler, workers: int, pin: bool = False
) -> DataLoader:
    """A DataLoader computing lattices and collating in ``workers`` processes."""
    return DataLoader(
        dataset,
        batch_sampler=sampler,
        collate_fn=partial(collate, vocab=dataset.vocab, char_ngrams=dataset.char_ngrams),
        num_workers=workers,
        pin_memory=pin,
        persistent_workers=False,
        prefetch_factor=4 if workers else None,
    )


def batch_tokens(batch: Batch) -> int:
    """Real (unpadded) input + target tokens of a batch, for throughput."""
    return int((batch.src_len - 2).sum() + batch.tgt_len.sum())
