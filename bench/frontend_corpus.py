"""The Java front-end on the JDK 17 sources: throughput, exact round trips, BFP-likeness.

Reads methods from ``lib/src.zip`` (files in a seeded random order, top-level methods without
parse errors) until ``--methods`` are collected, and for each: lexes its file, abstracts it
with the BFP vocabulary as ``known`` (every non-placeholder token of the BFP files), checks that
``concretize`` gives back exactly the source tokens, and applies a random mutation (insertions,
deletions, replacements, moves, as a Copy/Gen derivation) through ``edits``: the edited region
must lex to exactly the hypothesis tokens, and the unmutated hypothesis must give no edit.
Prints throughput (lexing is timed per file and spread over the file's methods) and
abstraction statistics next to the BFP data's own.

    python bench/frontend_corpus.py [--methods 20000] [--src-zip PATH] [--bfp DIR]
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
import zipfile
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from spancopy_core.editing.edits import apply_edits, edits  # noqa: E402
from spancopy_core.lang import java  # noqa: E402
from spancopy_core.lang.errors import ConcretizeError  # noqa: E402
from spancopy_core.paper.actions import Copy, Gen, Hypothesis  # noqa: E402

SRC_ZIP = Path("/usr/lib/jvm/java-17-openjdk-amd64/lib/src.zip")
BFP = Path(__file__).resolve().parents[1] / ".." / "shared" / "data" / "bfp"


def bfp_lines(folder: Path) -> list[list[str]]:
    lines = []
    for split in ("small", "medium"):
        for side in ("buggy", "fixed"):
            with open(folder / split / f"valid.{side}", encoding="utf-8") as f:
                lines.extend(line.split() for line in f)
    return lines


def mutate(inputs: list[str], pool: list[str], rng: random.Random) -> Hypothesis:
    """A random derivation over ``inputs``: mostly copies, with generated tokens, skipped
    tokens and copies from elsewhere."""
    actions: list = []
    pos, n = 0, len(inputs)
    while pos < n:
        r = rng.random()
        if r < 0.08:
            actions.append(Gen(rng.choice(pool if rng.random() < 0.7 else inputs)))
        elif r < 0.14:
            pos += rng.randint(1, 3)
        elif r < 0.17:
            i = rng.randrange(n)
            actions.append(Copy(i, min(n, i + rng.randint(1, 6))))
        else:
            end = min(n, pos + rng.randint(1, 20))
            actions.append(Copy(pos, end))
            pos = end
    out = [t for a in actions for t in (inputs[a.i : a.j] if isinstance(a, Copy) else [a.token])]
    return Hypothesis(out, 0.0, actions)


def same_meaning(a: list[str], b: list[str], known: frozenset[str], imports: tuple) -> bool:
    """Whether two lexeme lists abstract alike (equal up to an idiom's spelling, such as
    ``IOException`` for ``java.io.IOException``)."""
    again = [java.abstract(java.lex(" ".join(x)), known, imports).tokens for x in (a, b)]
    return again[0] == again[1]


def percentiles(values: list[int]) -> str:
    q = statistics.quantiles(values, n=20)
    return f"p10={q[1]:.0f} p25={q[4]:.0f} p50={q[9]:.0f} p75={q[14]:.0f} p90={q[17]:.0f}"


def describe(name: str, sequences: list[list[str]], vocab: set[str]) -> dict[str, float]:
    tokens = sum(len(s) for s in sequences)
    abstracted = sum(1 for s in sequences for t in s if java.PLACEHOLDER.fullmatch(t))
    covered = sum(1 for s in sequences for t in s if t in vocab)
    lengths = [len(s) for s in sequences]
    stats = {
        "abstracted": abstracted / tokens,
        "covered": covered / tokens,
        "fully_covered": sum(all(t in vocab for t in s) for s in sequences) / len(sequences),
        "le50": sum(n <= 50 for n in lengths) / len(lengths),
        "le100": sum(n <= 100 for n in lengths) / len(lengths),
        "median": statistics.median(lengths),
    }
    print(
        f"{name:>5}: {len(sequences)} methods, {tokens} tokens;"
        f" abstracted {stats['abstracted']:.1%}, in BFP vocabulary {stats['covered']:.1%}"
        f" (methods fully covered"
        f" {stats['fully_covered']:.1%}); length {percentiles(lengths)} max={max(lengths)},"
        f" <=50: {stats['le50']:.1%}, <=100: {stats['le100']:.1%}"
    )
    return stats


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--methods", type=int, default=20000)
    parser.add_argument("--src-zip", type=Path, default=SRC_ZIP)
    parser.add_argument("--bfp", type=Path, default=BFP)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    if not args.src_zip.is_file():
        raise SystemExit(f"{args.src_zip} not found (apt-get install openjdk-17-source)")
    if not (args.bfp / "small" / "valid.buggy").is_file():
        raise SystemExit(f"BFP data not found in {args.bfp}")
    affinity = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else None
    print(f"machine: cores={os.cpu_count()} usable={affinity} python={sys.version.split()[0]}")

    bfp = bfp_lines(args.bfp)
    vocab = {t for line in bfp for t in line}
    known = frozenset(t for t in vocab if not java.PLACEHOLDER.fullmatch(t))
    pool = sorted(t for t in known if not t[0].isalpha() or t in java.KEYWORDS)  # syntax tokens
    rng = random.Random(args.seed)
    with zipfile.ZipFile(args.src_zip) as z:
        names = sorted(n for n in z.namelist() if n.endswith(".java"))
        rng.shuffle(names)
        sources = iter((n, z.read(n).decode("utf-8", "replace")) for n in names)

        lex_s = abstract_s = edit_s = 0.0
        files = methods = tokens = 0
        exact = edit_ok = no_change_ok = hypotheses = edited_chars = 0
        failures: Counter[str] = Counter()
        abstract_seqs: list[list[str]] = []
        while methods < args.methods:
            name, source = next(sources)
            t0 = time.perf_counter()
            doc = java.parse(source)
            lex_s += time.perf_counter() - t0
            units = [m for m in doc.methods if m.depth == 0 and not m.has_error]
            units = units[: args.methods - methods]
            if not units:
                continue
            files += 1
            style = java.learn_style(source, doc.tokens)
            for m in units:
                src_tokens = doc.tokens[m.tokens]
                t0 = time.perf_counter()
                result = java.abstract(src_tokens, known, doc.imports)
                abstract_s += time.perf_counter() - t0
                methods += 1
                tokens += len(src_tokens)
                abstract_seqs.append(result.tokens)
                concrete = java.concretize(result.tokens, result.mapping)
                back = [x for c in concrete for x in style.split(c)]
                if back == [t.text for t in src_tokens]:
                    exact += 1
                elif same_meaning(back, [t.text for t in src_tokens], known, doc.imports):
                    failures["roundtrip_respelled"] += 1
                else:
                    failures["roundtrip"] += 1
                # Edits: the unchanged hypothesis, then one random mutation.
                mapping = result.mapping
                same = Hypothesis(result.tokens, 0.0, [Copy(0, len(result.tokens))])
                no_change_ok += edits(source, src_tokens, mapping, same, style=style) == []
                hyp = mutate(result.tokens, pool, rng)
                try:
                    t0 = time.perf_counter()
                    change = edits(source, src_tokens, mapping, hyp, style=style)
                    edit_s += time.perf_counter() - t0
                except ConcretizeError:
                    failures["concretize_error"] += 1  # a pool token that needs a name
                    continue
                hypotheses += 1
                lo = min([m.start, *(e.start for e in change)])
                hi = max([m.end, *(e.end for e in change)])
                shifted = [type(e)(e.start - lo, e.end - lo, e.new_text) for e in change]
                region = apply_edits(source[lo:hi], shifted)
                expected = [x for c in mapping.concretize(hyp.tokens) for x in style.split(c)]
                got = [t.text for t in java.lex(region)]
                if got == expected:
                    edit_ok += 1
                elif same_meaning(got, expected, known, doc.imports):
                    failures["edits_respelled"] += 1
                else:
                    failures["edits"] += 1
                edited_chars += sum(e.end - e.start + len(e.new_text) for e in change)

    print(f"corpus: {methods} methods from {files} files of {args.src_zip}")
    lex_rate = methods / lex_s
    abstract_rate = methods / abstract_s
    rate = methods / (lex_s + abstract_s)
    print(
        f"throughput (one process): lex {lex_rate:.0f} methods/s (whole files, {tokens} method"
        f" tokens), abstract {abstract_rate:.0f} methods/s, lex+abstract {rate:.0f} methods/s"
        f" -> 200,000 methods in {200000 / rate / 60:.1f} min on one core; edits"
        f" {hypotheses / edit_s:.0f} hypotheses/s"
    )
    print(
        "(*_respelled: equal up to an idiom written two ways in one method, e.g. IOException"
        " and java.io.IOException, which share one abstract token and one written form)"
    )
    print(
        f"round trip: concretize(abstract(lex)) == source tokens for {exact}/{methods};"
        f" no-change hypothesis -> no edit for {no_change_ok}/{methods}; mutated hypotheses:"
        f" re-lexed edit == hypothesis for {edit_ok}/{hypotheses} (mean"
        f" {edited_chars / max(hypotheses, 1):.0f} chars touched); failures {dict(failures)}"
    )
    ours = describe("JDK", abstract_seqs, vocab)
    theirs = describe("BFP", bfp, vocab)
    missing = Counter(t for seq in abstract_seqs for t in seq if t not in vocab)
    print(f"JDK tokens not in the BFP vocabulary, most frequent: {missing.most_common(12)}")
    same = exact + failures["roundtrip_respelled"]
    same_edits = edit_ok + failures["edits_respelled"]
    print(
        f"RESULT methods={methods} files={files} cores={os.cpu_count()}"
        f" methods_per_s={rate:.0f} lex_methods_per_s={lex_rate:.0f}"
        f" abstract_methods_per_s={abstract_rate:.0f} edits_per_s={hypotheses / edit_s:.0f}"
        f" roundtrip_exact={exact / methods:.4f} roundtrip_up_to_spelling={same / methods:.4f}"
        f" no_change_ok={no_change_ok / methods:.4f} edits_ok={edit_ok / max(hypotheses, 1):.4f}"
        f" edits_ok_up_to_spelling={same_edits / max(hypotheses, 1):.4f}"
        f" abstracted={ours['abstracted']:.3f}"
        f" bfp_abstracted={theirs['abstracted']:.3f} covered={ours['covered']:.3f}"
        f" bfp_covered={theirs['covered']:.3f} median_len={ours['median']:.0f}"
        f" bfp_median_len={theirs['median']:.0f} le100={ours['le100']:.3f}"
        f" bfp_le100={theirs['le100']:.3f}"
    )


if __name__ == "__main__":
    main()
