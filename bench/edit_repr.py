"""Edit representations on Java: reconstruction and one-shot transfer (the paper's Table 1).

The paper's first experiment (after Yin et al. 2019) with models trained by ``python -m trainer
train --edit-dim N`` (``recipes/edit-repr.sh``), span copy against token copy:

- **Reconstruction**: the exact-match accuracy of the top-1 output of ``a(x-, f(x-, x+))``
  against ``x+``, over held-out edits (``--recon DIR``, split ``--recon-split``).
- **One-shot transfer** on groups of analogous edits, computed the paper's reproducible way:
  the first ``--group-size`` (100) edits of each group in file order; the vector of each one,
  ``f(x-_i, x+_i)``, applied to the input ``x-_j`` of every other one, right when the top-1
  output is ``x+_j``. Two groupings, each made by one mechanical rewrite:

  - ``kind``: the pairs of ``trainer synth`` (``--kinds DIR``, read with their line-parallel
    ``SPLIT.kind``), one group per mutation kind: the same operator applied to different
    methods (the synthetic pairs go from the mutant to the original method, so each group
    is the reverse of one mutation, a fix);
  - ``change``: real edits (``--changes DIR``, e.g. the held-out real edits of ``trainer
    import-edits``) that make the same abstract token change (:func:`change_signature`: the
    same tokens replaced by the same tokens, in the abstracted code), groups of at least
    ``--min-group`` edits.

  Accuracy is over all ordered (source, target) pairs (``micro``) and the mean of the groups'
  accuracies (``macro``). The paper's C# Fixers figures are one-shot accuracies of this kind.
  With ``--control`` the same targets are also decoded under the edit of another group (the
  member of the same rank in the next group): what a model that ignores the edit it is given
  would score, so the distance to it is what the edit vectors carry.

Every decode is the merged beam search (``--beam``), top-1 compared token for token. Prints
the machine (cores, torch), a table per model and grouping, and a ``RESULT`` line last.

    python bench/edit_repr.py --span RUN --token RUN --recon DIR --kinds DIR --changes DIR \\
        [--recon-split test] [--kinds-split test] [--changes-split test] [--group-size 100]
        [--min-group 2] [--max-groups N] [--beam 5]
"""

from __future__ import annotations

import argparse
import difflib
import sys
import time
from collections import Counter
from collections.abc import Callable, Hashable, Sequence
from pathlib import Path

import torch

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from bench.common import machine  # noqa: E402
from spancopy_core.editing.alignment import Alignment, align  # noqa: E402
from spancopy_core.storage.checkpoint import load_model  # noqa: E402
from trainer.data import read_pairs  # noqa: E402
from trainer.evaluate import decode_all  # noqa: E402

Pair = tuple[list[str], list[str]]
# inputs and the edit each is to receive -> each input's top-1 output
Apply = Callable[[list[list[str]], list[Alignment]], list[list[str]]]


# -- pure: groups, tasks, accuracies -----------------------------------------------------------


def change_signature(before: Sequence[str], after: Sequence[str]) -> tuple:
    """The abstract token change of an edit: each changed run of ``before`` with what replaces
    it, in order (difflib opcodes, equal runs left out). Edits with one signature make the
    same change, wherever it happens in the method."""
    matcher = difflib.SequenceMatcher(None, before, after, autojunk=False)
    return tuple(
        (tuple(before[i1:i2]), tuple(after[j1:j2]))
        for op, i1, i2, j1, j2 in matcher.get_opcodes()
        if op != "equal"
    )


def first_per_group(keys: Sequence[Hashable], size: int, min_size: int = 2) -> dict:
    """The indices of the first ``size`` items of each key, in order; keys with fewer than
    ``min_size`` (and 2) items in all are left out. Groups come largest first (by all their
    items), then by first occurrence."""
    groups: dict = {}
    total: Counter = Counter(keys)
    for i, key in enumerate(keys):
        members = groups.setdefault(key, [])
        if len(members) < size:
            members.append(i)
    kept = [(k, v) for k, v in groups.items() if total[k] >= max(2, min_size)]
    kept.sort(key=lambda kv: (-total[kv[0]], kv[1][0]))
    return dict(kept)


def transfer_tasks(members: Sequence[int]) -> list[tuple[int, int]]:
    """Every ordered (source, target) pair of distinct members: the edit of ``source``
    applied to the input of ``target``."""
    return [(i, j) for i in members for j in members if i != j]


def accuracies(correct: dict[Hashable, list[bool]]) -> tuple[float, float, int]:
    """(micro, macro, pairs) of per-group results: the share of all pairs that are right,
    the mean of the groups' shares, and the number of pairs."""
    pairs = sum(len(v) for v in correct.values())
    if not pairs:
        return 0.0, 0.0, 0
    micro = sum(sum(v) for v in correct.values()) / pairs
    macro = sum(sum(v) / len(v) for v in correct.values()) / len(correct)
    return micro, macro, pairs


def reconstruction(pairs: Sequence[Pair], apply: Apply) -> list[bool]:
    """Per pair: is ``x+`` the top-1 output for ``x-`` under its own edit?"""
    outputs = apply([x for x, _ in pairs], [align(x, y) for x, y in pairs])
    return [out == y for out, (_, y) in zip(outputs, pairs, strict=True)]


def tasks_of(groups: dict, control: bool = False) -> list[tuple[Hashable, int, int]]:
    """Every (group, source, target) of :func:`transfer_tasks`; with ``control`` each source
    is replaced by the member of the same rank (modulo its size) in the next group, cyclically
    (the same targets under an edit of another group; two groups at least)."""
    keys = list(groups)
    if control and len(keys) < 2:
        raise ValueError("a control needs two groups at least")
    out = []
    for g, key in enumerate(keys):
        members, other = groups[key], groups[keys[(g + 1) % len(keys)]]
        for i, j in transfer_tasks(members):
            out.append((key, other[members.index(i) % len(other)] if control else i, j))
    return out


def transfer(
    pairs: Sequence[Pair], groups: dict, apply: Apply, control: bool = False
) -> dict[Hashable, list[bool]]:
    """Per group, for each task of :func:`tasks_of`: is the target's ``x+`` the top-1 output
    for its ``x-`` under the source's edit? One call of ``apply``."""
    tasks = tasks_of(groups, control)
    edits = {i: align(*pairs[i]) for _, i, _ in tasks}
    outputs = apply([pairs[j][0] for _, _, j in tasks], [edits[i] for _, i, _ in tasks])
    correct: dict[Hashable, list[bool]] = {key: [] for key in groups}
    for (key, _, j), out in zip(tasks, outputs, strict=True):
        correct[key].append(out == pairs[j][1])
    return correct


# -- the model -----------------------------------------------------------------------------------


def model_apply(model, beam: int, batch_size: int, progress: bool) -> Apply:
    """:data:`Apply` of a model: merged beam search, inputs decoded shortest first (less
    padding per batch), top-1 tokens back in the given order (empty when there is none)."""

    def apply(inputs: list[list[str]], edits: list[Alignment]) -> list[list[str]]:
        order = sorted(range(len(inputs)), key=lambda k: len(inputs[k]) + len(edits[k].tags))
        hyps = decode_all(
            model,
            [inputs[k] for k in order],
            beam,
            "merged",
            batch_size,
            progress,
            "decode",
            [edits[k] for k in order],
        )
        out: list[list[str]] = [[] for _ in inputs]
        for k, hs in zip(order, hyps):
            out[k] = hs[0].tokens if hs else []
        return out

    return apply


def read_kinds(directory: Path, split: str, n: int) -> list[str]:
    """The line-parallel ``SPLIT.kind`` of a ``trainer synth`` output directory."""
    path = directory / f"{split}.kind"
    if not path.is_file():
        raise SystemExit(f"{path}: no mutation kinds (a directory of trainer synth's output?)")
    kinds = path.read_text(encoding="utf-8").split()
    if len(kinds) != n:
        raise SystemExit(f"{path}: {len(kinds)} kinds for {n} pairs")
    return kinds


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--span", type=Path, metavar="MODEL_DIR", help="span-copy edit model")
    ap.add_argument("--token", type=Path, metavar="MODEL_DIR", help="token-copy edit model")
    ap.add_argument("--recon", type=Path, nargs="*", default=[], metavar="DIR", help="edits")
    ap.add_argument("--recon-split", default="test", help="split of the --recon directories")
    ap.add_argument("--recon-limit", type=int, help="first N reconstruction pairs per directory")
    ap.add_argument("--kinds", type=Path, nargs="*", default=[], metavar="DIR", help="synth out")
    ap.add_argument("--changes", type=Path, nargs="*", default=[], metavar="DIR", help="edits")
    ap.add_argument("--kinds-split", default="test", help="split of the --kinds directories")
    ap.add_argument("--changes-split", default="test", help="split of the --changes directories")
    ap.add_argument("--group-size", type=int, default=100, help="first N edits of a group")
    ap.add_argument("--min-group", type=int, default=2, help="smallest change group kept")
    ap.add_argument("--max-groups", type=int, help="largest N groups of each grouping")
    ap.add_argument("--control", action="store_true", help="also decode under other groups' edits")
    ap.add_argument("--beam", type=int, default=5, help="beam width")
    ap.add_argument("--batch-size", type=int, default=32, help="inputs decoded together")
    ap.add_argument("--threads", type=int, help="torch CPU threads (default: torch's)")
    ap.add_argument("--no-progress", action="store_true", help="no progress bars")
    args = ap.parse_args()
    if args.threads:
        torch.set_num_threads(args.threads)
    models = {name: d for name, d in (("span", args.span), ("token", args.token)) if d}
    if not models:
        raise SystemExit("give --span and/or --token")
    print(machine())

    recon = [p for d in args.recon for p in read_pairs(d, args.recon_split)[: args.recon_limit]]
    groupings: dict[str, tuple[list[Pair], dict]] = {}
    kind_pairs, kind_keys = [], []
    for d in args.kinds:
        pairs = read_pairs(d, args.kinds_split)
        kind_pairs += pairs
        kind_keys += read_kinds(d, args.kinds_split, len(pairs))
    if kind_pairs:
        groups = first_per_group(kind_keys, args.group_size)
        groupings["kind"] = (kind_pairs, dict(list(groups.items())[: args.max_groups]))
    change_pairs = [p for d in args.changes for p in read_pairs(d, args.changes_split)]
    if change_pairs:
        keys = [change_signature(x, y) for x, y in change_pairs]
        groups = first_per_group(keys, args.group_size, args.min_group)
        groupings["change"] = (change_pairs, dict(list(groups.items())[: args.max_groups]))
    for name, (_, groups) in groupings.items():
        sizes = [len(v) for v in groups.values()]
        print(f"{name} groups: {len(groups)}, sizes {sizes}")

    result = []
    for name, directory in models.items():
        model = load_model(directory, device="cpu")
        if not model.config.edit_dim:
            raise SystemExit(f"{directory}: not an edit-representation model (edit_dim 0)")
        params = sum(p.numel() for p in model.parameters())
        print(f"\n{name}: {directory} ({params / 1e6:.2f} M parameters, {model.config})")
        apply = model_apply(model, args.beam, args.batch_size, not args.no_progress)
        if recon:
            start = time.perf_counter()
            right = reconstruction(recon, apply)
            acc = sum(right) / len(right)
            ms = 1000 * (time.perf_counter() - start) / len(right)
            print(f"  reconstruction  {100 * acc:5.1f}%  of {len(right)} edits  ({ms:.0f} ms/edit)")
            result.append(f"{name}_recon={acc:.3f}")
        for grouping, (pairs, groups) in groupings.items():
            start = time.perf_counter()
            correct = transfer(pairs, groups, apply)
            micro, macro, n = accuracies(correct)
            ms = 1000 * (time.perf_counter() - start) / max(1, n)
            print(
                f"  transfer/{grouping:6s} micro {100 * micro:5.1f}%  macro {100 * macro:5.1f}%"
                f"  of {n} pairs in {len(groups)} groups  ({ms:.0f} ms/pair)"
            )
            controls = transfer(pairs, groups, apply, control=True) if args.control else {}
            for key, right in correct.items():
                label = key if isinstance(key, str) else _short(key)
                other = controls.get(key)
                versus = f"  (control {100 * sum(other) / len(other):5.1f}%)" if other else ""
                print(
                    f"    {100 * sum(right) / len(right):5.1f}%  {len(right):5d}  {label}{versus}"
                )
            result += [
                f"{name}_{grouping}_micro={micro:.3f}",
                f"{name}_{grouping}_macro={macro:.3f}",
            ]
            if controls:
                c_micro, c_macro, _ = accuracies(controls)
                c_text = f"micro {100 * c_micro:5.1f}%  macro {100 * c_macro:5.1f}%"
                print(f"  control/{grouping:6s} {c_text}")
                result.append(f"{name}_{grouping}_control_micro={c_micro:.3f}")
    counts = [f"recon_n={len(recon)}"] + [
        f"{g}_groups={len(groups)} {g}_pairs={sum(len(v) * (len(v) - 1) for v in groups.values())}"
        for g, (_, groups) in groupings.items()
    ]
    print(
        "RESULT edit_repr "
        + " ".join(result + counts)
        + f" group_size={args.group_size} beam={args.beam} threads={torch.get_num_threads()}"
    )


def _short(signature: tuple, limit: int = 70) -> str:
    """A change signature as text: ``old -> new`` per changed run."""
    text = "; ".join(f"{' '.join(a) or '_'} -> {' '.join(b) or '_'}" for a, b in signature)
    return text if len(text) <= limit else text[: limit - 3] + "..."


if __name__ == "__main__":
    main()
