"""A project's own fix patterns, after Getafix (Bader et al., OOPSLA 2019): the rewrite rules
that ``python -m trainer adapt`` mines from the repository's history (:mod:`trainer.rules`) are
stored in the adapted model's directory (:data:`RULES_FILE`, the rules of
:mod:`spancopy_core.repair.rewrite` as JSON: :func:`dump`, :func:`load_rules`); wherever that
model repairs a method at a focus, the rewrites its rules make there are candidates
(:func:`focus_candidates`), ranked by the model's exact probability like the beam's. Beside
them, the combined ranking's penalties that ``adapt`` refit on the project's history
(:data:`PENALTIES_FILE`: :func:`dump_penalties`, :func:`load_penalties`), which the callers
put in :attr:`~spancopy_core.repair.pipeline.RepairOptions.penalties`.
Design notes: docs/training.md#adapt.
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable, Container, Sequence
from dataclasses import asdict, fields
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar, cast

from spancopy_core.lang import java
from spancopy_core.paper.actions import Hypothesis
from spancopy_core.repair.candidates import Candidate, candidates
from spancopy_core.repair.frontend import Penalties, Unit
from spancopy_core.repair.rewrite import Pattern, Rule, rewrites
from spancopy_core.storage.files import FileRejected, read_regular

if TYPE_CHECKING:
    from spancopy_core.repair.pipeline import ParsedText

RULES_FILE = "rules.json"
PENALTIES_FILE = "penalties.json"
FORMAT = 1
MAX_BYTES = 8 * 2**20  # of a rules file
MAX_PENALTY = 100.0  # nats, either way (the bonus of a likely bug's fix is 60): beyond, nonsense
Rules = tuple[Rule, ...]
T = TypeVar("T")


class RulesError(Exception):
    """A rules file that cannot be read (one line, naming the file)."""


def _token(t: java.Token) -> list[Any]:
    # the offsets keep the spacing of the tokens of an after side (rewrite._joined reads it)
    return [t.text, t.kind, t.role, t.start, t.end]


def _pattern_json(p: Pattern) -> dict[str, Any]:
    if p.hole >= 0:
        return {"hole": p.hole}
    if p.children:
        return {"kind": p.kind, "children": [_pattern_json(c) for c in p.children]}
    return {"kind": p.kind, "tokens": [_token(t) for t in p.tokens]}


def _pattern(d: dict[str, Any]) -> Pattern:
    if "hole" in d:
        return Pattern(hole=int(d["hole"]))
    if "children" in d:
        return Pattern(str(d["kind"]), children=tuple(_pattern(c) for c in d["children"]))
    tokens = tuple(
        java.Token(str(text), str(kind), str(role), int(s), int(e), int(s), int(e), 0, 0, 0, 0)
        for text, kind, role, s, e in d["tokens"]
    )
    return Pattern(str(d["kind"]), tokens)


def rule_json(rule: Rule, **about: Any) -> dict[str, Any]:
    """One rule as a JSON object: its text (for a reader), level, parent and both sides,
    with ``about`` (how often the history made it, and where)."""
    return {
        "rule": str(rule),
        "level": rule.level,
        "parent": rule.parent,
        "before": [_pattern_json(p) for p in rule.before],
        "after": [_pattern_json(p) for p in rule.after],
        **about,
    }


def dump(rules: Sequence[dict[str, Any]], directory: Path, **about: Any) -> None:
    """Write :data:`RULES_FILE` to ``directory``: ``rules`` (objects of :func:`rule_json`)
    with ``about`` (what they were mined from)."""
    _write(directory / RULES_FILE, {"format": FORMAT, **about, "rules": list(rules)})


def load_rules(directory: str | Path) -> Rules:
    """The rules of a model directory (none when it has no :data:`RULES_FILE`); a
    :class:`RulesError` of one line when the file is there but unreadable."""

    def parse(record: dict[str, Any]) -> Rules:
        return tuple(
            Rule(
                str(r["level"]),
                str(r["parent"]),
                tuple(_pattern(p) for p in r["before"]),
                tuple(_pattern(p) for p in r["after"]),
            )
            for r in record["rules"]
        )

    return _read(Path(directory) / RULES_FILE, "rules", parse, ())


def dump_penalties(penalties: Penalties, directory: Path, **about: Any) -> None:
    """Write :data:`PENALTIES_FILE` to ``directory``: ``penalties`` with ``about`` (what they
    were chosen on)."""
    _write(directory / PENALTIES_FILE, {"format": FORMAT, **about, "penalties": asdict(penalties)})


def load_penalties(directory: str | Path) -> Penalties | None:
    """The ranking's penalties of a model directory (None when it has no
    :data:`PENALTIES_FILE`: the Java front-end's apply); a :class:`RulesError` of one line
    when the file is there but unreadable, or names a penalty that does not exist or one that
    is not a number within :data:`MAX_PENALTY`."""

    def parse(record: dict[str, Any]) -> Penalties:
        given = record["penalties"]
        names = {f.name for f in fields(Penalties)}
        if not isinstance(given, dict) or not set(given) <= names:
            raise ValueError(f"penalties must be an object of {', '.join(sorted(names))}")
        values = {k: float(v) for k, v in given.items() if not isinstance(v, bool)}
        if len(values) != len(given) or not all(
            math.isfinite(v) and abs(v) <= MAX_PENALTY for v in values.values()
        ):
            raise ValueError(f"a penalty is not a number within {MAX_PENALTY:g} either way")
        return Penalties(**values)

    return _read(Path(directory) / PENALTIES_FILE, "penalties", parse, None)


def _write(path: Path, record: dict[str, Any]) -> None:
    path.write_text(json.dumps(record, indent=1) + "\n", encoding="utf-8")


def _read(path: Path, kind: str, parse: Callable[[dict[str, Any]], T], missing: T) -> T:
    """``parse`` of the record of the JSON file ``path`` (``missing`` when there is none);
    a :class:`RulesError` of one line when it is unreadable, not of :data:`FORMAT` or not
    what ``parse`` takes."""
    try:
        record = json.loads(read_regular(path, MAX_BYTES).decode("utf-8"))
        if record.get("format") != FORMAT:
            raise ValueError(f"not a {kind} file of format {FORMAT}")
        return parse(record)
    except FileNotFoundError:
        return missing
    except (FileRejected, OSError, ValueError, KeyError, TypeError, AttributeError) as exc:
        raise RulesError(f"{path}: unreadable ({' '.join(str(exc).split())})") from None


def _changed(old: Sequence[str], new: Sequence[str]) -> tuple[int, int]:
    """The token range ``[lo, hi)`` of ``old`` that differs from ``new`` (common prefix and
    suffix taken off)."""
    lo = 0
    while lo < min(len(old), len(new)) and old[lo] == new[lo]:
        lo += 1
    hi = 0
    while hi < min(len(old), len(new)) - lo and old[-1 - hi] == new[-1 - hi]:
        hi += 1
    return lo, len(old) - hi


def focus_candidates(
    doc: ParsedText,
    unit: Unit,
    rules: Rules,
    region: tuple[int, int],
    known: Container[str],
    *,
    syntax_check: bool = True,
) -> list[Candidate]:
    """The rewrites of ``unit`` (a Java method) by ``rules`` that change only tokens on the
    code-point ``region`` (the focus lines) and parse, as candidates: their model output is
    the unit's with its numbering (a token neither in ``known`` nor a name or literal of the
    unit cannot be written: no candidate); probabilities to be set by the exact scores."""
    if not rules or doc.frontend.name != "java":
        return []
    target = cast("Sequence[java.Token]", unit.source_tokens)  # a Java unit's: the lexer's
    texts = [t.text for t in target]
    inside = [k for k, t in enumerate(target) if t.start <= region[1] and region[0] < t.end]
    if not inside:
        return []
    names = {text: p for p, text in cast(java.Mapping, unit.mapping).surface.items()}
    found = []
    for result in rewrites(rules, target):
        new = [t.text for t in result]
        lo, hi = _changed(texts, new)
        if not (inside[0] <= lo and hi <= inside[-1] + 1):
            continue  # it changes a line outside the focus
        # the unit's numbering, as the templates' (a name the unit lacks: not expressible)
        output = [t if t in known else names.get(t) for t in new]
        if None not in output and java.method_tokens(" ".join(new)) is not None:
            found.append(Hypothesis(cast("list[str]", output), 0.0, []))
    return candidates(
        doc.text, unit, found, doc.style, doc.frontend, top_k=len(found), syntax_check=syntax_check
    )
