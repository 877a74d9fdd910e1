"""Similar edits on real histories: the edits jsoup's and javapoet's authors repeated by hand.

Each commit of a repository (``../shared/data/java-repos``, cloned into a temporary folder),
newest first, that changes a file of ``src/main`` so that two or more of its methods take the
same token change (the same tokens removed and added, by a token diff of each method) gives
one case per file: the *edit* is the first of those methods, applied alone to the file as it
was before the commit; the *targets* are the others, and a proposal is right when it is the
method as the commit left it, token for token (hit@1, hit@3: ``spancopy similar-edit``'s three
proposals); the file's methods that the commit did not change are *unrelated*, and a
proposal on one is counted (``false``: the author left that method as it was; most of these
are places the edit does not apply). Proposals come from :func:`similar_in_file`, the stages
``spancopy similar-edit`` and the server run, with the shipped settings.

The cases are split by commit: ``dev`` (the first hex digit of the commit's hash even) to
choose on, ``test`` (odd) to report. Prints a line per case (the commit, the file, the rank of
each target's result, ``-`` where not in the top 3, and the false proposals of the unrelated
methods) and a ``RESULT`` line.

    python bench/similar_history.py [--split dev|test|all] [--limit 150] [--repos jsoup javapoet]
        [--model DIR]
"""

from __future__ import annotations

import argparse
import collections
import difflib
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from bench.common import SHARED_DATA, machine  # noqa: E402
from spancopy_core import DEFAULT_EDIT_MODEL  # noqa: E402
from spancopy_core.lang import java  # noqa: E402
from spancopy_core.repair import similar  # noqa: E402
from spancopy_core.repair.java import JavaFrontend  # noqa: E402
from spancopy_core.repair.pipeline import ParsedText  # noqa: E402

REPOS = SHARED_DATA / "java-repos"
MAX_FILE = 150_000  # characters: longer files are skipped
MAX_CHANGED = 30  # methods a commit changes in one file: more is a reformatting, skipped


@dataclass
class Case:
    commit: str
    path: str
    old: str  # the file before the commit
    new: str  # and after it
    change: tuple  # the token change its methods share
    edits: list[similar.ObservedEdit]  # the methods that take it, in file order
    changed: list[similar.ObservedEdit]  # every method the commit changed in the file


def git(repo: Path, *args: str) -> str:
    done = subprocess.run(
        ["git", "-C", str(repo), *args], capture_output=True, text=True, errors="replace"
    )
    return done.stdout


def change(before: tuple[java.Token, ...], after: tuple[java.Token, ...]) -> tuple:
    """The runs a token diff of a method changes: ``((removed, added), ...)`` by token text."""
    b, a = [t.text for t in before], [t.text for t in after]
    ops = difflib.SequenceMatcher(None, b, a, autojunk=False).get_opcodes()
    return tuple((tuple(b[i:j]), tuple(a[k:m])) for op, i, j, k, m in ops if op != "equal")


def mine(repo: Path, limit: int) -> list[Case]:
    """Up to ``limit`` cases of ``repo`` (a clone), newest commit first."""
    cases: list[Case] = []
    for commit in git(repo, "log", "--no-merges", "--format=%H", "--", "src/main").split():
        for line in git(repo, "show", "--format=", "--name-status", commit).splitlines():
            status, *paths = line.split("\t")
            if status != "M" or not paths[0].endswith(".java") or "src/main" not in paths[0]:
                continue
            old = git(repo, "show", f"{commit}^:{paths[0]}")
            new = git(repo, "show", f"{commit}:{paths[0]}")
            if not old or not new or len(old) > MAX_FILE:
                continue
            changed = similar.changed_methods(java.parse(old), java.parse(new))
            if not 2 <= len(changed) <= MAX_CHANGED:
                continue
            groups = collections.defaultdict(list)
            for e in changed:
                if found := change(e.before, e.after):
                    groups[found].append(e)
            shared = next(((c, es) for c, es in groups.items() if len(es) >= 2), None)
            if shared is not None:
                cases.append(Case(commit, paths[0], old, new, shared[0], shared[1], changed))
        if len(cases) >= limit:
            break
    return cases


def _method(source: java.JavaSource, tokens: tuple[java.Token, ...]) -> int | None:
    """The index among ``source``'s methods (:func:`similar._methods`) of the one whose
    tokens, annotations stripped, are ``tokens``."""
    texts = [t.text for t in tokens]
    for k, m in enumerate(similar._methods(source)):
        if [t.text for t in java.strip_annotations(source.tokens[m.tokens])] == texts:
            return k
    return None


def texts(method: str) -> list[str]:
    return [t.text for t in java.strip_annotations(java.lex(method))]


def evaluate(
    model, case: Case, options: similar.SimilarOptions
) -> tuple[list[int], int, int] | None:
    """``(the rank of each target's result, 0 if not in the top 3; the unrelated methods;
    those with a proposal)`` of one case; None where the edit's method is not found in the
    old file, or the edit applied alone changes the file's methods."""
    source = java.parse(case.old)
    first = case.edits[0]
    k = _method(source, first.before)
    methods = similar._methods(source)
    if k is None:
        return None
    text = case.old[: methods[k].start] + case.new[first.start : first.end]
    doc = ParsedText.parse(text + case.old[methods[k].end :], JavaFrontend())
    now = similar._methods(doc.parsed)  # the same methods as methods, the edit's changed
    if len(now) != len(methods):
        return None
    _, found = similar.similar_in_file(model, case.old, doc, options)
    proposed = {r.repairs.unit.start: [c.new_text for c in r.repairs.candidates] for r in found}
    ranks = []
    for e in case.edits[1:]:
        j = _method(source, e.before)
        expected = texts(case.new[e.start : e.end])
        got = [texts(c) for c in proposed.get(now[j].start, [])] if j is not None else []
        ranks.append(got.index(expected) + 1 if expected in got[:3] else 0)
    touched = {_method(source, e.before) for e in case.changed}
    unrelated = [j for j in range(len(methods)) if j not in touched]
    return ranks, len(unrelated), sum(bool(proposed.get(now[j].start)) for j in unrelated)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--split", choices=("dev", "test", "all"), default="dev", help="cases run")
    ap.add_argument("--limit", type=int, default=150, help="cases mined per repository")
    ap.add_argument("--repos", nargs="+", default=["jsoup", "javapoet"], help="bundles")
    ap.add_argument("--model", type=Path, default=DEFAULT_EDIT_MODEL, help="edit model dir")
    args = ap.parse_args()
    import torch

    from spancopy_core.storage.checkpoint import load_model

    torch.set_num_threads(1)
    print(machine())
    model = load_model(args.model, device="cpu")
    options = similar.SimilarOptions(top_k=3)
    targets = hit1 = hit3 = unrelated = false = n = 0
    with tempfile.TemporaryDirectory() as work:
        for name in args.repos:
            clone = Path(work) / name
            bundle = REPOS / f"{name}.bundle"
            if not bundle.is_file():
                raise SystemExit(f"{bundle} not found (see {REPOS}/README.md)")
            subprocess.run(["git", "clone", "-q", str(bundle), str(clone)], check=True)
            for case in mine(clone, args.limit):
                dev = int(case.commit[0], 16) % 2 == 0
                if args.split != "all" and dev != (args.split == "dev"):
                    continue
                result = evaluate(model, case, options)
                if result is None:
                    continue
                ranks, u, f = result
                n += 1
                targets, unrelated, false = targets + len(ranks), unrelated + u, false + f
                hit1, hit3 = hit1 + ranks.count(1), hit3 + sum(r > 0 for r in ranks)
                shown = "".join(str(r or "-") for r in ranks)
                print(f"{case.commit[:8]} {Path(case.path).name[:28]:28s} {shown:10s} {f}/{u}")
    print(
        f"RESULT similar_history split={args.split} cases={n} targets={targets} hit1={hit1} "
        f"hit3={hit3} unrelated={unrelated} false={false}"
    )


if __name__ == "__main__":
    main()
