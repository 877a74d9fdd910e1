"""Likely bugs that a front-end sees in a unit as written (:meth:`Frontend.suspicions`: a String
compared by reference, an int product given to a long, ``x == 1 && x == 2``, ...) and the
repairs that fix them (issue 24). A repair *fixes* one when it is the check's own fix
(``s == r`` -> ``s.equals(r)``, ``long t = a * b`` -> ``long t = (long) a * b``: not ``s ==
null``, which only hides it, nor ``int t = a * b``, which moves it), or, where the check knows
no fix (``Math.max(d[c], d[c] + v)``), when it changes only the likely bug's code, keeps that
code (:func:`_kept`: ``d[c - w]``) and the bug is gone. The ranking puts the check's own fix
first (:attr:`Penalties.suspicion`; a change the model found is only a guess at the right
one, and keeps its rank), and a unit with a likely bug that a repair shown fixes is
answered by an automatic code action (on the lines of the focus) and marked by a diagnostic
whatever the model's confidence (:func:`spancopy_core.repair.runner.confident`): these checks
are right where the detection head is weakest (code like a competitive programmer's, whose
bugs look like correct code to it) and almost never fire on correct code. Pure: no model, no
I/O. Design notes: docs/design.md#repair-suspects.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, NamedTuple

if TYPE_CHECKING:
    from spancopy_core.editing.positions import LineIndex
    from spancopy_core.repair.candidates import Candidate
    from spancopy_core.repair.frontend import Frontend, Suspect, Unit

# names, numbers, literals, two-character operators, any other character
_TOKEN = re.compile(r"\w+|'(?:\\.|[^'\\])*'|\"(?:\\.|[^\"\\])*\"|&&|\|\||[<>=!]=|\S")
INSERTED = 3  # tokens a change may put among those of the code it keeps: "- w" in d[c - w]
# The probability that the repairs shown hold the fix where one of them is the check's own fix
# of a likely bug (at least; the detection head's when it says more): on the real-bug dev sets
# 7 bug lines have one, 6 of them get repairs (a long main is past the length limit), and the
# fix is first for 5 (the sixth is another fix of the same overflow): (5 + 1) / (6 + 2), a
# success and a failure added to so few.
SHARE = 0.75


class Suspicion(NamedTuple):
    """A likely bug of a unit as written that a repair shown fixes: its 0-based line in the
    document, what it is, the first such repair (an index of the unit's candidates), and
    whether that repair is the check's own fix (else a change the model found)."""

    line: int
    what: str
    repair: int
    known: bool = True


def seen(
    frontend: Frontend[Any],
    unit: Unit,
    lines: LineIndex,
    focus_lines: tuple[int, int] | None,
) -> list[Suspect]:
    """The likely bugs of ``unit`` as written (the front-end's, found when it read the unit)
    on the 0-based ``focus_lines`` of its document (``lines``; first, last; None: anywhere in
    the unit)."""
    first = lines.line(unit.start)
    return [
        s
        for s in frontend.suspicions(unit)
        if focus_lines is None or focus_lines[0] <= first + s.row <= focus_lines[1]
    ]


def fixed(
    frontend: Frontend[Any], unit: Unit, written: str, new_text: str, found: Sequence[Suspect]
) -> Suspect | None:
    """The first of ``found`` (likely bugs of the unit as ``written``) that the unit written
    ``new_text`` fixes: the check's own fix, where it knows one; else a change of the likely
    bug's code only that keeps that code (:func:`_kept`) and where the bug is gone (module
    docstring)."""
    for s in found:
        if s.fix is not None:
            a, b, new = s.fix
            if written[:a] + new + written[b:] == new_text:
                return s
    old, now = written.split("\n"), new_text.split("\n")
    # cheap first: only the code changed, and kept; then the likely bug gone, which parses
    kept = [s for s in found if s.fix is None and len(old) == len(now) and _only(s, old, now)]
    if not kept:
        return None
    left = {s.what for s in frontend.suspicions(unit, new_text)}
    return next((s for s in kept if s.what not in left), None)


def _only(s: Suspect, old: list[str], now: list[str]) -> bool:
    """Whether the lines ``now`` differ from ``old`` only within the code of ``s``, and keep it."""
    line = old[s.row]
    at = line.find(s.code)
    if at < 0 or any(a != b for k, (a, b) in enumerate(zip(old, now)) if k != s.row):
        return False
    before, after, new = line[:at], line[at + len(s.code) :], now[s.row]
    if not (new.startswith(before) and new.endswith(after) and len(new) >= len(before + after)):
        return False
    return _kept(s.code, new[len(before) : len(new) - len(after)])


def _kept(code: str, line: str) -> bool:
    """Whether ``line`` keeps ``code``: its tokens in order, with at most :data:`INSERTED`
    others among them and any before (``d[c - w]`` for ``d[c]``; not ``a * gcd(a, b)`` for
    ``a * b``)."""
    want, have = _tokens(code), _tokens(line)
    at, k = [], 0
    for t in want:  # the first match of each in turn
        while k < len(have) and have[k] != t:
            k += 1
        if k == len(have):
            break
        at.append(k)
        k += 1
    return len(at) == len(want) > 0 and at[-1] - at[0] + 1 - len(want) <= INSERTED


def _tokens(code: str) -> list[str]:
    return _TOKEN.findall(code)


def suspected(
    frontend: Frontend[Any],
    unit: Unit,
    text: str,
    lines: LineIndex,
    shown: Sequence[Candidate],
    focus_lines: tuple[int, int] | None,
) -> tuple[Suspicion, ...]:
    """The likely bugs of ``unit`` as written in the document ``text`` on ``focus_lines``
    (None: anywhere in it) that one of its repairs ``shown`` fixes, each with the first that
    does."""
    if not shown:
        return ()
    todo = seen(frontend, unit, lines, focus_lines)
    first, written = lines.line(unit.start), text[unit.start : unit.end]
    out: dict[Suspect, Suspicion] = {}
    for k, c in enumerate(shown):
        if not (todo := [s for s in todo if s not in out]):
            break
        hit = fixed(frontend, unit, written, c.new_text, todo)
        if hit is not None:
            out[hit] = Suspicion(first + hit.row, hit.what, k, hit.fix is not None)
    return tuple(sorted(out.values()))
