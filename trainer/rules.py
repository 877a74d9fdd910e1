"""A project's recurring fix patterns mined from its history, after Getafix (Bader et al.,
OOPSLA 2019): each mined method edit (:mod:`trainer.history`) is generalised into rewrite rules
at three levels of generality (:func:`spancopy_core.repair.rewrite.generalise`: anti-unified
changed sites, a rule the edit itself left unapplied elsewhere in the method refused); a rule
is kept when at least :data:`MIN_COMMITS` distinct commits make it, each on a method of its
own (the history repeats it; a commit cherry-picked onto another branch repeats nothing).
:func:`write` stores them beside the adapted model (:mod:`spancopy_core.repair.project_rules`),
whose repairs then propose their rewrites.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from spancopy_core.lang import java
from spancopy_core.repair import project_rules
from spancopy_core.repair.rewrite import LEVELS, Pattern, Rule, generalise

from . import history

MIN_COMMITS = 2  # distinct commits whose edits make a rule, for it to be kept
WRITTEN = frozenset({"identifier", "string", "char", "int", "float"})  # token kinds of names


@dataclass(frozen=True)
class MinedRule:
    """A rule and the distinct commits whose edits make it, oldest first (the first to make
    it on each distinct method text)."""

    rule: Rule
    commits: tuple[str, ...]


def edit_rules(edit: history.Edit) -> list[Rule]:
    """The rewrite rules of one mined edit (its method's tokens before and after, annotations
    stripped, as the model sees them); none when a side does not parse as one method."""
    before, after = java.method_tokens(edit.source), java.method_tokens(edit.fixed)
    if before is None or after is None:
        return []
    return generalise(java.strip_annotations(before), java.strip_annotations(after))


def mine(edits: Sequence[history.Edit], min_commits: int = MIN_COMMITS) -> list[MinedRule]:
    """The rules of ``edits`` (oldest first) made by at least ``min_commits`` distinct
    commits on as many distinct methods (the same method text edited the same way again, a
    cherry-pick, counts once); the most frequent first, then the most specific
    (:data:`LEVELS`)."""
    found: dict[tuple, tuple[Rule, dict[str, str]]] = {}  # key -> (rule, method text -> commit)
    for edit in edits:
        for rule in edit_rules(edit):
            _, made = found.setdefault(rule.key(), (rule, {}))
            if edit.commit not in made.values():
                made.setdefault(edit.source, edit.commit)
    kept = [
        MinedRule(r, tuple(made.values())) for r, made in found.values() if len(made) >= min_commits
    ]
    return sorted(kept, key=lambda m: (-len(m.commits), LEVELS.index(m.rule.level), str(m.rule)))


def written(rules: Sequence[MinedRule]) -> list[str]:
    """The names and literals that ``rules`` write (of their after sides, holes aside), in
    order of first use: the adapted model's vocabulary takes those it lacks, so that it can
    write (and score) the rules' rewrites."""
    out: dict[str, None] = {}

    def visit(p: Pattern) -> None:
        out.update((t.text, None) for t in p.tokens if t.kind in WRITTEN)
        for c in p.children:
            visit(c)

    for m in rules:
        for p in m.rule.after:
            visit(p)
    return list(out)


def write(rules: Sequence[MinedRule], directory: Path, edits: int) -> None:
    """Store ``rules`` in the model ``directory`` (:data:`project_rules.RULES_FILE`), with the
    number of ``edits`` they were mined from."""
    rows = [
        project_rules.rule_json(m.rule, commits=len(m.commits), examples=list(m.commits[:3]))
        for m in rules
    ]
    project_rules.dump(rows, directory, mined_from_edits=edits, min_commits=MIN_COMMITS)
