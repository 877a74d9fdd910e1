"""How many fixes the context segment makes expressible (issue 11, "tokens the method lacks").

A fix is *expressible* when a model can write every token of the abstracted fixed method:
copied from its input or, unless a placeholder, generated from the vocabulary
(``bench/real_bugs.expressible``). Without the context segment the input is the buggy method;
with it, the method followed by its context segment (:mod:`spancopy_core.paper.context`: the names
and literals of the file that the method lacks, numbered after the method's). Counted on:

- ``--pairs DIR...``: pairs that ``python -m trainer synth --context`` wrote (each input holds
  its context segment), e.g. the ``valid`` split (held-out files) of the JDK; per mutation kind;
- ``--records FILE``: records of ``bench/real_bugs.py``'s shape
  (``bench/data/everyday_bugs.jsonl``); the file is the one ``real_bugs.file_text`` builds
  (with the record's ``members``, if any).

For the fixes that need a token the method lacks, the kinds of those tokens (``VAR``,
``METHOD``, ``INT``, ...) and how many the context supplies; the context length; a ``RESULT``
line last.

    python bench/context_expressible.py --pairs DIR/small DIR/medium [--split valid] [--limit N]
    python bench/context_expressible.py --records bench/data/everyday_bugs.jsonl
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from collections.abc import Container, Iterable, Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from bench.real_bugs import expressible, file_text  # noqa: E402
from spancopy_core import DEFAULT_JAVA_MODEL  # noqa: E402
from spancopy_core.lang import java  # noqa: E402
from spancopy_core.paper import context
from spancopy_core.storage.model_dir import read_vocab  # noqa: E402
from trainer.data import read_pairs  # noqa: E402

Case = tuple[str, list[str], list[str], list[str]]  # (kind, method, context, fixed)


def pair_cases(directories: Sequence[Path], split: str) -> Iterable[Case]:
    """The pairs of ``split`` in synth output directories, with their kinds (``.kind``)."""
    for directory in directories:
        kinds_file = directory / f"{split}.kind"
        pairs = read_pairs(directory, split)
        kinds = kinds_file.read_text().splitlines() if kinds_file.is_file() else ["?"] * len(pairs)
        for kind, (x, y) in zip(kinds, pairs, strict=True):
            method, scope = context.split(x)
            yield kind, method, scope, y


def record_cases(path: Path, known: Container[str]) -> Iterable[Case]:
    """The records of ``path`` as the Java front-end sees them: the buggy method with its
    context segment, and the fixed method, one numbering."""
    for line in path.read_text(encoding="utf-8").splitlines():
        record = json.loads(line)
        docs = [java.parse(file_text(record, record[side])[0]) for side in ("buggy", "fixed")]
        methods = [next(m for m in d.methods if m.depth == 0) for d in docs]
        before, after = java.model_input_pair(
            docs[0].tokens[methods[0].tokens],
            docs[1].tokens[methods[1].tokens],
            known,
            docs[0].imports,
            docs[0].scope(methods[0]),
        )
        yield record["id"], before.tokens, list(before.context), after.tokens


def report(
    cases: Iterable[Case], known: Container[str], name: str, by_kind: bool, limit: int
) -> str:
    """The counts of the module docstring, each context cut to its first ``limit`` tokens."""
    n = without = with_context = 0
    lengths: list[int] = []
    kinds: Counter[str] = Counter()
    gained: Counter[str] = Counter()
    missing: Counter[str] = Counter()  # categories of the tokens a fix needs beyond the method
    supplied: Counter[str] = Counter()
    for kind, method, whole, fixed in cases:
        scope = whole[:limit]
        n += 1
        lengths.append(len(scope))
        a = expressible(method, fixed, known)
        b = expressible(context.join(method, scope), fixed, known)
        without += a
        with_context += b
        kinds[kind] += 1
        gained[kind] += b and not a
        have, offered = set(method), set(scope)
        for t in dict.fromkeys(fixed):
            if t not in have and java.PLACEHOLDER.fullmatch(t):
                category = t.rsplit("_", 1)[0]
                missing[category] += 1
                supplied[category] += t in offered

    def share(k: int) -> str:
        return f"{k}/{n} ({k / n:.1%})" if n else "0/0"

    out = [
        f"{name}: {n} fixes",
        f"expressible without the context segment: {share(without)}",
        f"expressible with it:                     {share(with_context)}",
        "placeholders a fix needs that the buggy method lacks, and how many the context holds: "
        + ", ".join(f"{c} {supplied[c]}/{missing[c]}" for c in sorted(missing)),
        f"context tokens per input: mean {sum(lengths) / max(1, n):.1f}, "
        f"max {max(lengths, default=0)}, empty {sum(not k for k in lengths)}",
    ]
    if by_kind:
        out.append("fixes made expressible by the context, per kind: ")
        out += [f"  {k}: {gained[k]}/{kinds[k]}" for k in sorted(kinds, key=lambda k: -gained[k])]
    out.append(
        f"RESULT source={name} limit={limit} n={n} expressible_without={without}"
        f" expressible_with={with_context} context_mean={sum(lengths) / max(1, n):.1f}"
    )
    return "\n".join(out)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    source = ap.add_mutually_exclusive_group(required=True)
    source.add_argument("--pairs", type=Path, nargs="+", metavar="DIR", help="synth output")
    source.add_argument("--records", type=Path, metavar="JSONL", help="real_bugs records")
    ap.add_argument("--split", default="valid", help="split of --pairs (default: valid)")
    ap.add_argument(
        "--limit",
        type=int,
        default=context.MAX_TOKENS,
        help="context tokens counted, the first ones (default: all that a model reads, "
        f"{context.MAX_TOKENS})",
    )
    ap.add_argument(
        "--model", type=Path, default=DEFAULT_JAVA_MODEL, help="model whose vocabulary counts"
    )
    args = ap.parse_args()
    for path in args.pairs or [args.records]:
        if not path.exists():
            sys.stderr.write(f"not found: {path}\n")
            return 2
    known = read_vocab(args.model)
    if args.records:
        cases = record_cases(args.records, known)
        print(report(cases, known, args.records.stem, False, args.limit))
    else:
        cases = pair_cases(args.pairs, args.split)
        name = "+".join(str(p) for p in args.pairs) + f":{args.split}"
        print(report(cases, known, name, True, args.limit))
    return 0


if __name__ == "__main__":
    sys.exit(main())
