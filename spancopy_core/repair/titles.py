"""Titles of repair candidates: what the changed line becomes, in plain text (pure):
``Change to "return size >= items.length;"``, ``Insert``, ``Delete``, ``Move`` or ``Change lines``
for code, and the changes in words for prose (:func:`word_title`).
Design notes: docs/design.md#repair-titles.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Sequence

from spancopy_core.editing.edits import TextEdit, apply_edits

LIMIT = 60  # characters of code in a title
_SPACE = re.compile(r"\s+")
_WORD = re.compile(r"[\w$]")  # a character of a Java name or an English word
_LINE_END = re.compile(r"\r\n|\r|\n")  # LSP's line ends: a file may end its lines in a lone \r
_OPERATOR = r"[-+*/%=<>!&|^~?:]"  # characters that glue to an operator token


def _line_start(source: str, at: int) -> int:
    """Where the line holding offset ``at`` of ``source`` begins."""
    return max(source.rfind("\n", 0, at), source.rfind("\r", 0, at)) + 1


def _line_end(source: str, at: int) -> int:
    """Where the line holding offset ``at`` of ``source`` ends (before its line end)."""
    ends = [k for k in (source.find("\n", at), source.find("\r", at)) if k >= 0]
    return min(ends, default=len(source))


def _line_number(source: str, at: int) -> int:
    """The 1-based number of the line holding offset ``at`` of ``source``."""
    crlf = source.count("\r\n", 0, at)  # one line end, not two (str.count: no regex scan)
    return source.count("\n", 0, at) + source.count("\r", 0, at) - crlf + 1


def _flat(text: str) -> str:
    return _SPACE.sub(" ", text).strip()


def _cut(text: str, at: int = 0, limit: int = LIMIT, until: int = 0) -> str:
    """``text`` cut to ``limit`` characters, keeping the change from ``at`` to ``until`` in view
    (as much of it as fits); a cut never falls inside a word (``…oldCapacity``, not
    ``…ldCapacity``) unless the word is too long to keep or to leave out with the change still
    in view."""
    if len(text) <= limit:
        return text
    until = min(max(until, at + 1), len(text))
    while _inside_word(text, until):  # to the end of the word the change ends in
        until += 1
    room = limit - 2  # the text between the two "…"
    start = max(0, min(at - limit // 3, len(text) - limit + 1))
    start = max(start, min(at, until - room))  # the change's end in view, if it fits
    if _inside_word(text, start):
        word = start
        while _inside_word(text, word):
            word -= 1
        after = next((k for k in range(start, at + 1) if not _inside_word(text, k)), start)
        keeps = start - word <= limit // 3 and word + room >= min(until, at + room)
        start = word if keeps else after
    head = "…" if start else ""
    end = start + limit - len(head) - 1  # room for the "…" after
    if end >= len(text):
        return head + text[start:].strip()
    last = max(at, min(until, end) - 1)  # no earlier than the change's end that fits
    end = next((k for k in range(end, last, -1) if not _inside_word(text, k)), end)
    return head + text[start:end].strip() + "…"


def _inside_word(text: str, k: int) -> bool:
    """Whether offset ``k`` of ``text`` falls between two characters of one word."""
    return (
        0 < k < len(text)
        and _WORD.match(text[k - 1]) is not None
        and (_WORD.match(text[k]) is not None)
    )


def _quote(lines: Sequence[str]) -> str:
    return '"' + _cut(" ".join(lines)) + '"'


def _ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def _occurrence(line: str, column: int, old: str) -> int | None:
    """Which occurrence (1-based) of the token ``old`` starts at ``column`` of ``line``, when
    ``old`` occurs as a token more than once there; else None."""
    word = old[:1].isalnum() or old[:1] in "_$"
    around = r"[\w$]" if word else _OPERATOR
    pattern = rf"(?<!{around}){re.escape(old)}(?!{around})"
    starts = [m.start() for m in re.finditer(pattern, line)]
    if len(starts) < 2 or column not in starts:
        return None
    return starts.index(column) + 1


def change_title(source: str, edits: Sequence[TextEdit], located: bool = False) -> str:
    """The plain-text title of ``edits`` on ``source`` (see the module docstring); ``located``:
    it also says on which line (a repair away from the lines the user points at, whose title
    alone may read like the line under the cursor: ``Change line 147 to "return false;"``)."""
    if not edits:
        return "No change"
    edits = sorted(edits, key=lambda e: (e.start, e.end))
    lo = _line_start(source, edits[0].start)
    hi = _line_end(source, max(e.end for e in edits))
    shifted = [TextEdit(e.start - lo, e.end - lo, e.new_text) for e in edits]
    old_region, new_region = source[lo:hi], apply_edits(source[lo:hi], shifted)
    old = [f for line in _LINE_END.split(old_region) if (f := _flat(line))]
    new = [f for line in _LINE_END.split(new_region) if (f := _flat(line))]
    first = _line_number(source, edits[0].start)
    last = _line_number(source, max(max(e.start, e.end - 1) for e in edits))  # its last character's
    where = f"line {first}" if first == last else f"lines {first}-{last}"
    on = f" on {where}" if located else ""
    if old == new:
        return f"Reformat{on}"
    removed, added, span = [], [], []
    for tag, a, b, c, d in difflib.SequenceMatcher(None, old, new, autojunk=False).get_opcodes():
        if tag != "equal":
            removed += old[a:b]
            added += new[c:d]
            span.append((c, d))
    if not added:
        return f"Delete {_quote(removed)}{on}"
    if not removed:
        return f"Insert {_quote(added)}{on}"
    if sorted(added) == sorted(removed):
        return f"Move {_quote(added)}{on}"
    if len(added) == 1 and len(removed) == 1:
        return _one_line(source, edits, removed[0], added[0], where if located else "")
    # the lines from the first changed to the last, those kept between them too: the lines
    # changed alone read as other code (HdrHistogram's close() { if (x != null) { x.close(); } }
    # was titled "close() { if (x != null) } }")
    return f"Change {where} to {_quote(new[span[0][0] : span[-1][1]])}"


def _one_line(source: str, edits: Sequence[TextEdit], old: str, new: str, where: str) -> str:
    at = next((k for k, (a, b) in enumerate(zip(old, new)) if a != b), min(len(old), len(new)))
    same = 0  # characters the two lines end with
    while same < min(len(old), len(new)) - at and old[-1 - same] == new[-1 - same]:
        same += 1
    line = f'"{_cut(new, at, until=len(new) - same)}"'
    if len(edits) == 1:
        e = edits[0]
        was, now = source[e.start : e.end], e.new_text
        if was and now and not _SPACE.search(was) and not _SPACE.search(now):
            start = _line_start(source, e.start)
            text = source[start : _line_end(source, e.start)]
            n = _occurrence(text, e.start - start, was)
            if n is not None:
                on = f" on {where}" if where else ""
                return f'Change the {_ordinal(n)} "{was}"{on} to "{now}": {line}'
    return f"Change {where} to {line}" if where else f"Change to {line}"


_PUNCT_ONLY = re.compile(r"[^\w]+")


def _word_change(source: str, edit: TextEdit) -> str:
    was, now = _flat(source[edit.start : edit.end]), _flat(edit.new_text)
    if was and now:
        return f'replace "{was}" with "{now}"'
    if was:
        return f'delete "{was}"'
    if not now:
        return "fix the spacing"
    if _PUNCT_ONLY.fullmatch(now):  # punctuation goes after the word before it
        before = source[: edit.start].split()
        return f'insert "{now}" after "{before[-1]}"' if before else f'insert "{now}"'
    after = source[edit.end :].split(maxsplit=1)
    return f'insert "{now}" before "{after[0]}"' if after else f'insert "{now}"'


def word_title(source: str, edits: Sequence[TextEdit]) -> str:
    """The plain-text title of a prose repair: its changes in words, in text order, joined by
    "; " (``Replace "recieve" with "receive"``, ``Insert "the" before "cat"``,
    ``Insert "," after "However"``, ``Delete "very"``), cut to twice :data:`LIMIT`
    characters."""
    if not edits:
        return "No change"
    parts = [_word_change(source, e) for e in sorted(edits, key=lambda e: (e.start, e.end))]
    title = "; ".join(parts)
    return _cut(title[0].upper() + title[1:], limit=2 * LIMIT)
