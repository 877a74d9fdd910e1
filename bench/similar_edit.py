"""Similar edits: latency on a file of 50 methods, and quality on held-out cases (issues 15, 26).

**Latency** (the default): a generated class of ``--methods`` (50) methods of varied shapes
(loops, conditions, calls, fields), every fifth with a call ``open(x)``; the edit adds an
argument to the call in the first method (``open(path)`` -> ``open(path, true)``; ``--edit
unanchored``: ``+ 1`` added to its returned value, which no rule takes; ``--edit norule``: the
same in a method with another return left as it was). Timed: from the two texts to every
similar-edit proposal, as ``spancopy similar-edit`` and the server make them
(:func:`spancopy_core.repair.similar.similar_in_file`: parse, changed methods, one task per
other method, the rewrite rules' candidates, batched merged beam searches under the edit where
no rule matches, within the beam's budget, candidates, exact scoring, filters; ``--no-rules``:
the model alone), the model already loaded (the server keeps it). Each batch size of
``--batch`` (default 1, 16 and 64: one decode per method, batches of 16, all at once) and each
budget of ``--beam-tokens`` (default the shipped 512; a large one searches every method that
shares something with the edit, as before the budget) is timed ``--repeats`` times, taking
turns so that load on the machine slows them alike; the median of each is printed, and a
RESULT line per budget gives the default batch's, with the methods the budget left.

**Quality** (``--quality``): the cases of ``--set``: a half of the held-out set of issue 26
(``bench/data/similar_edits.txt``: 40 edit kinds people repeat, most made in several methods by
one jsoup or javapoet commit; ``dev`` to choose on, ``test`` to report once) or the 7
hand-written cases of issue 15 (``hand``). Per case, for the proposals of the rewrite rules
alone (``rules``), of the edit model alone (``model``) and of both as shipped (``combined``):
the rank of each analogous method's expected result (token for token) if in the top 3, and
how many methods where the edit does not apply got any proposal (should be none); then
hit@1, hit@3 and those false proposals per source (``RESULT`` lines). The beam is searched
once per case and shared by ``model`` and ``combined`` (which uses it only where no rule
matches, as shipped). ``--real N`` adds N real methods (of ``--real-from``, drawn at random
per case; for the cases of :data:`LOOKALIKES`, methods that look like the edit) to every
case's unrelated ones: their proposals are counted apart (``real_proposals``) and printed, to
be judged by hand (a real method may well be a place the edit applies).

The latency's ``RESULT`` line gives the wall time and this process's CPU time (the machine's
load average beside them: on a shared machine the wall time is mostly waiting for a core).
Both print the machine and end with a ``RESULT`` line.

    python bench/similar_edit.py --model DIR [--methods 50] [--repeats 5] [--batch 1 16 64]
        [--edit call|unanchored|norule] [--no-rules] [--beam-tokens 512 ...]
    python bench/similar_edit.py --model DIR --quality [--set dev|test|hand] [--threshold R]
        [--real N [--real-from DIR ...]]

Measured on this machine (2 cores shared by several engineers), the first shipped edit model
(``spancopy_core/pretrained/java-edit``, 1,751 of its 10,000 training steps; the model card
has the figures of the one trained to 10,000), with the rule
rewrites ranked by the model and the beam searched only where no rule matches (issue 26):

- quality, ``--set test`` run once after every choice was made on ``dev`` and ``hand`` (and
  again, once, after the beam's budget and the rules' types): combined hit@1 37/40, hit@3
  37/40, 3 false proposals on 40 unrelated methods; rules alone 35/35/1; model alone 11/11/2.
  ``--set dev``: combined 36/36/0, rules 36/36/0, model 13/14/0; ``--set hand``: combined
  12/12/0, rules 12/12/0, model 8/8/0. With ``--real 30`` (java-algorithms, jsoup, javapoet):
  the rules' proposals on real methods dev 3/600, hand 15/210, every one judged a place the
  edit applies (27/600 and 18/210 before the rules' types); the combined 4/600 and 16/210 (the
  beam's 2 false ones gone at ``--threshold 1``);
- latency, batch 64, 3 repeats, load average about 11, ``--beam-tokens 1000000 512`` in one
  run: ``--edit call`` (its rule matches the 9 methods it applies to, no beam) 0.206 s of wall
  time, 0.070 s of this process's CPU time; ``--edit unanchored`` 6.000 -> 1.456 s wall, 1.967
  -> 0.482 s CPU; ``--edit norule`` 5.753 -> 1.729 s, 1.942 -> 0.561 s; ``--edit unanchored
  --no-rules`` 5.912 -> 1.723 s, 1.930 -> 0.564 s (12 methods searched, 37 left).
"""

from __future__ import annotations

import argparse
import difflib
import os
import random
import re
import statistics
import sys
import time
from pathlib import Path

import torch

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from bench.common import machine  # noqa: E402
from bench.similar_edit_cases import CASES, Case, files, held_out  # noqa: E402
from spancopy_core import DEFAULT_EDIT_MODEL  # noqa: E402
from spancopy_core.lang import java  # noqa: E402
from spancopy_core.repair.java import JavaFrontend  # noqa: E402
from spancopy_core.repair.pipeline import ParsedText  # noqa: E402
from spancopy_core.repair.similar import (  # noqa: E402
    BATCH,
    SimilarOptions,
    changed_methods,
    decode,
    decode_where_needed,
    proposals,
    rule_pools,
    similar_in_file,
    tasks,
    to_search,
)
from spancopy_core.storage.checkpoint import load_model  # noqa: E402

SHARED_DATA = Path(
    os.environ.get("SPANCOPY_SHARED_DATA", Path(__file__).parents[2] / "shared" / "data")
)
NAMES = ["value", "limit", "count", "index", "total", "step", "size", "buffer", "path", "name"]
BODIES = [  # type-correct: a candidate of a method with a problem is never offered
    "int sum = 0;\n    for (int i = 0; i < {b}.length; i++) {{\n        sum += {b}[i];\n    }}\n"
    "    return sum + {a};",
    'if ({b} == null) {{\n        throw new IllegalArgumentException("{b}");\n    }}\n'
    "    this.{a} = {a};\n    return 0;",
    'while ({a} > {b}.length) {{\n        {a} = {a} / 2;\n        log("{a}", {a});\n    }}\n'
    "    return {a};",
    'StringBuilder sb = new StringBuilder();\n    sb.append({a}).append(", ").append({b});\n'
    "    return sb.length();",
    "if ({a} < 0 || {a} >= {b}.length) {{\n        return -1;\n    }}\n"
    "    return items.get({a}).hashCode();",
    "Reader r = open({a});\n    int n = r.read();\n    r.close();\n    return n + {b}.length;",
]


# The first method as it was and as the edit that --edit names leaves it.
LOAD = "int load(int path, int limit) {\n    return open(path) + limit;\n}"
GUARDED = (  # a return the edit leaves alone (so the edit's rule would be more general than it)
    "int load(int path, int limit) {\n    if (limit < 0) {\n        return limit;\n    }\n"
    "    return open(path) + limit;\n}"
)
EDITS = {
    # an argument added: its rule open(#0) => open(#0, true) matches the 9 other calls of
    # open, and the beam is searched nowhere (no other method has the name open); with
    # --no-rules, on those 9 methods
    "call": (LOAD, LOAD.replace("open(path)", "open(path, true)")),
    # a term added, anchored at no name: no rule (return #0 ; => return #0 + 1 ; binds an
    # expression of no known type, and would match every return), so the beam may search
    # all 49 other methods
    "unanchored": (LOAD, LOAD.replace("+ limit;", "+ limit + 1;")),
    # the same term added in a method with another return left as it was: no rule (it
    # would match there too) and no anchor either
    "norule": (GUARDED, GUARDED.replace("+ limit;", "+ limit + 1;")),
}


def generated_file(n: int, seed: int = 0, edit: str = "call") -> tuple[str, str]:
    """``(old, new)``: a class of ``n`` methods; the first one changed by ``EDITS[edit]`` in
    ``new`` (by default its call ``open(path)`` gets the argument ``true``)."""
    rng = random.Random(seed)
    methods = [""]
    for k in range(1, n):
        a, b = rng.sample(NAMES, 2)
        body = BODIES[5] if k % 5 == 0 else rng.choice(BODIES[:5])
        methods.append(f"int m{k}(int {a}, int[] {b}) {{\n    " + body.format(a=a, b=b) + "\n}")

    def text(first: str) -> str:
        body = "\n\n".join([first, *methods[1:]])
        return "class Generated {\n" + "\n".join("    " + x for x in body.split("\n")) + "\n}\n"

    return text(EDITS[edit][0]), text(EDITS[edit][1])


def latency(model, args: argparse.Namespace) -> None:
    old, new = generated_file(args.methods, edit=args.edit)
    count = len(java.parse(new).methods)
    print(f"file: {count} methods, {len(new.splitlines())} lines")
    runs = [(b, budget) for budget in args.beam_tokens for b in args.batch]
    times: dict[tuple[int, int], list[float]] = {r: [] for r in runs}
    cpu: dict[tuple[int, int], list[float]] = {r: [] for r in runs}  # this process's CPU time
    found = {}
    left: dict[tuple[int, int], int] = {}  # methods the beam's budget left unsearched
    for _ in range(args.repeats):
        for b, budget in runs:
            options = SimilarOptions(
                beam_size=args.beam, threshold=args.threshold, rules=args.rules, beam_tokens=budget
            )
            unsearched: list = []
            start, start_cpu = time.perf_counter(), time.process_time()
            doc = ParsedText.parse(new, JavaFrontend())
            _, proposals = similar_in_file(
                model, old, doc, options, batch_size=b, unsearched=unsearched.extend
            )
            times[b, budget].append(time.perf_counter() - start)
            cpu[b, budget].append(time.process_time() - start_cpu)
            found[b, budget] = proposals
            left[b, budget] = len(unsearched)
    for (b, budget), ts in times.items():
        proposals = sum(len(r.repairs.candidates) for r in found[b, budget])
        print(
            f"  batch {b:3d} beam_tokens {budget:6d}: median {statistics.median(ts):.3f} s  "
            f"min {min(ts):.3f} s  CPU median {statistics.median(cpu[b, budget]):.3f} s  "
            f"({len(found[b, budget])} methods with proposals, {proposals} proposals, "
            f"{left[b, budget]} unsearched)"
        )
    main_batch = BATCH if BATCH in args.batch else args.batch[0]
    for budget in args.beam_tokens:
        ts = times[main_batch, budget]
        print(
            f"RESULT similar_edit methods={count} targets={count - 1} edit={args.edit} "
            f"rules={'on' if args.rules else 'off'} batch={main_batch} beam_tokens={budget} "
            f"median_s={statistics.median(ts):.3f} min_s={min(ts):.3f} "
            f"cpu_median_s={statistics.median(cpu[main_batch, budget]):.3f} "
            f"with_proposals={len(found[main_batch, budget])} "
            f"unsearched={left[main_batch, budget]} repeats={args.repeats} beam={args.beam} "
            f"threads={torch.get_num_threads()} load={os.getloadavg()[0]:.1f}"
        )


MODES = ("rules", "model", "combined")  # where the proposals come from (see quality)


def _name(method: str) -> str:
    return java.parse("class A {" + method + "}").methods[0].name


def by_mode(model, case: Case, options: SimilarOptions) -> dict[str, dict[str, list[str]]]:
    """The proposals of each of :data:`MODES` on the case's file, per method name, as the
    methods' new texts, best first: the stages of ``similar_in_file`` (which the CLI and the
    server run) with the beam searched once: ``rules``, the rewrite rules' candidates alone
    (no beam); ``model``, the beam's alone (searched on every task that can take a
    proposal, within the beam's budget); ``combined``, both as shipped (the rules' rewrites
    where any, else the beam's: the same beam, which the shipped path does not search where a
    rule matches, and searched besides on the methods its budget takes that the model's
    alone did not)."""
    old, new = files(case)
    doc = ParsedText.parse(new, JavaFrontend())
    edits = changed_methods(java.parse(old), doc.parsed)
    found = tasks(doc, edits, model.vocab, options, [(e.start, e.end) for e in edits])
    rules = rule_pools(doc, found, model.vocab, options)
    none = [[] for _ in found]
    beams = decode_where_needed(model, found, none, options)
    # the shipped path's beam: the tasks its budget takes are not all the model's alone
    shipped, _ = to_search(found, rules, options)
    more = [k for k in shipped if not beams[k]]
    shared = [beams[k] if k in shipped and beams[k] else [] for k in range(len(found))]
    for k, hyps in zip(more, decode(model, [found[k] for k in more], options), strict=True):
        shared[k] = hyps
    sources = {"rules": (none, rules), "model": (beams, none), "combined": (shared, rules)}
    out = {}
    for mode, (searched, rewrites) in sources.items():
        got = proposals(model, doc, found, searched, rewrites, options)
        out[mode] = {r.repairs.unit.name: [c.new_text for c in r.repairs.candidates] for r in got}
    return out


def real_methods(roots: list[Path]) -> list[str]:
    """The outermost methods (not constructors) with a body of the ``.java`` files under
    ``roots``, of at most 40 lines, as written, in path order."""
    out = []
    for path in sorted(p for root in roots for p in root.rglob("*.java")):
        text = path.read_text(encoding="utf-8", errors="replace")
        source = java.parse(text)
        for m in source.methods:
            body = text[m.start : m.end]
            if m.depth == 0 and m.has_body and m.kind == "method" and not m.has_error:
                if body.count("\n") < 40:
                    out.append(body)
    return out


# Real methods that look like the before side of a case's edit where its rules name nothing
# of their own or abstract its literals (a null check before "this.x = x;", == to equals(),
# equals() of chars to ==): --real draws from these for those cases (by regex, not by rule).
LOOKALIKES = {
    "null check added": r"this\.(\w+) = \1;",
    "equals instead of ==": r"return [^;]*[^=!<>]==[^=]",
    "c.equals(x) to c == x on chars": r"\.equals\(",
}


def with_real(case: Case, pool: list[str], n: int) -> tuple[Case, list[str]]:
    """``case`` with ``n`` methods of ``pool`` (drawn at random, seeded by the case's name,
    named unlike the case's methods; for a case of :data:`LOOKALIKES`, of those like its
    edit) added to its unrelated methods; and those methods."""
    rng = random.Random(case.name)
    if case.name in LOOKALIKES:
        pool = [m for m in pool if re.search(LOOKALIKES[case.name], m)]
    names = {_name(m) for m in [case.edit[0], *(b for b, _ in case.targets), *case.unrelated]}
    drawn: list[str] = []
    for method in rng.sample(pool, len(pool)):
        if len(drawn) == n:
            break
        try:
            name = _name(method)
        except IndexError:  # not one method alone (a local class around it, say)
            continue
        if name not in names:
            names.add(name)
            drawn.append(method)
    return case._replace(unrelated=[*case.unrelated, *drawn]), drawn


def _changed(before: str, after: str) -> str:
    """The lines of ``before`` that ``after`` changes and what they became, on one line."""
    a = [x.strip() for x in before.splitlines()]  # indented unlike in the file
    b = [x.strip() for x in after.splitlines()]
    out = []
    for op, i1, i2, j1, j2 in difflib.SequenceMatcher(None, a, b).get_opcodes():
        if op != "equal":
            out.append(f"{' / '.join(a[i1:i2])!r} -> {' / '.join(b[j1:j2])!r}")
    return "; ".join(out)


def quality(model, args: argparse.Namespace) -> None:
    options = SimilarOptions(
        beam_size=args.beam, top_k=3, threshold=args.threshold, min_overlap=args.min_overlap
    )
    cases = CASES if args.set == "hand" else held_out(split=args.set)
    pool = real_methods(args.real_from) if args.real else []
    print(
        f"cases: {args.set} ({len(cases)} edit kinds)"
        + (f", {len(pool)} real methods" * bool(pool))
    )
    first = {m: 0 for m in MODES}
    top3 = {m: 0 for m in MODES}
    false = {m: 0 for m in MODES}
    false_real = {m: 0 for m in MODES}
    targets = unrelated = real = 0
    for case in cases:
        case, drawn = with_real(case, pool, args.real) if pool else (case, [])
        found = by_mode(model, case, options)
        line = []
        for mode in MODES:
            got = found[mode]
            ranks = []
            for before, after in case.targets:
                expected = [t.text for t in java.lex(after)]
                texts = [[t.text for t in java.lex(c)] for c in got.get(_name(before), [])]
                ranks.append(texts.index(expected) + 1 if expected in texts[:3] else 0)
            written = case.unrelated[: len(case.unrelated) - len(drawn)]
            wrong = sum(bool(got.get(_name(m))) for m in written)
            wrong_real = [m for m in drawn if got.get(_name(m))]
            first[mode] += ranks.count(1)
            top3[mode] += sum(r > 0 for r in ranks)
            false[mode] += wrong
            false_real[mode] += len(wrong_real)
            line.append(f"{mode} {''.join(str(r or '-') for r in ranks)} {wrong}")
            if drawn:
                line[-1] += f"+{len(wrong_real)}"
            for m in wrong_real if mode == "combined" else []:  # to judge by hand
                print(f"    real {_name(m)}: {_changed(m, got[_name(m)][0])}")
        targets, unrelated = targets + len(case.targets), unrelated + len(written)
        real += len(drawn)
        print(f"  {case.name[:44]:44s} " + "  ".join(line))
    print("  (per mode: the rank of each target's expected result, - not in the top 3; then")
    print("  how many methods where the edit does not apply got a proposal, +real ones)")
    for mode in MODES:
        print(
            f"RESULT similar_edit_quality set={args.set} source={mode} "
            f"hit1={first[mode]}/{targets} hit3={top3[mode]}/{targets} "
            f"false_proposals={false[mode]}/{unrelated} "
            + (f"real_proposals={false_real[mode]}/{real} " if pool else "")
            + f"threshold={args.threshold} min_overlap={args.min_overlap} beam={args.beam}"
        )


def main() -> None:
    defaults = SimilarOptions()
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--model", type=Path, default=DEFAULT_EDIT_MODEL, help="edit model dir")
    ap.add_argument("--quality", action="store_true", help="quality on a set of cases instead")
    ap.add_argument(
        "--set",
        choices=("dev", "test", "hand"),
        default="dev",
        help="--quality's cases: a half of the held-out set (test: once, for the report), or "
        "the 7 hand-written cases of issue 15",
    )
    ap.add_argument("--methods", type=int, default=50, help="methods of the generated file")
    ap.add_argument(
        "--real",
        type=int,
        default=0,
        help="--quality: add this many real methods (of --real-from) to each case's unrelated "
        "ones; their proposals are counted apart (real_proposals) and printed, to judge by hand",
    )
    ap.add_argument(
        "--real-from",
        type=Path,
        nargs="+",
        default=[SHARED_DATA / "java-algorithms"],
        help="folders of real Java code for --real",
    )
    ap.add_argument("--edit", choices=EDITS, default="call", help="the edit of the first method")
    ap.add_argument(
        "--no-rules",
        dest="rules",
        action="store_false",
        help="latency of the edit model alone (its beam wherever it can propose anything)",
    )
    ap.add_argument("--repeats", type=int, default=5, help="timed runs per batch size")
    ap.add_argument("--batch", type=int, nargs="+", default=[1, 16, BATCH], help="batch sizes")
    ap.add_argument(
        "--beam-tokens",
        type=int,
        nargs="+",
        default=[defaults.beam_tokens],
        help="the beam's budgets in tokens of the methods searched, each timed (a large one: "
        "every method that shares something with the edit, as before the budget)",
    )
    ap.add_argument("--beam", type=int, default=defaults.beam_size, help="beam width")
    ap.add_argument("--threshold", type=float, default=defaults.threshold, help="least ratio")
    ap.add_argument("--min-overlap", type=float, default=defaults.min_overlap, help="overlap")
    ap.add_argument("--threads", type=int, default=1, help="torch threads (the server's: 1)")
    args = ap.parse_args()
    torch.set_num_threads(args.threads)
    print(machine())
    model = load_model(args.model, device="cpu")
    params = sum(p.numel() for p in model.parameters())
    print(f"model: {args.model} ({params / 1e6:.2f} M parameters, {model.config})")
    if not model.config.edit_dim:
        raise SystemExit(f"{args.model}: not an edit model (edit_dim 0)")
    (quality if args.quality else latency)(model, args)


if __name__ == "__main__":
    main()
