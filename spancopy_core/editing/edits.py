"""Minimal, format-preserving text edits from a decoded hypothesis: the Copy/Gen derivation of
paper section 2 becomes the smallest list of :class:`TextEdit` (code-point offsets, end
exclusive) that turns the source into it, leaving the copied anchors and the layout between them
untouched and laying out generated tokens in the file's :class:`Style`.
Design notes: docs/design.md#editing-edits.
"""

from __future__ import annotations

import bisect
import difflib
import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

from spancopy_core.editing.positions import PositionError
from spancopy_core.paper.actions import Copy, Hypothesis, apply_actions

_CONTEXT = 6  # source tokens before an edit that a Style sees as layout context


@dataclass(frozen=True)
class TextEdit:
    """Replace ``text[start:end]`` (code-point offsets, end exclusive) with ``new_text``."""

    start: int
    end: int
    new_text: str


def layout_free(text: str, operators: str) -> str:
    """``text`` without the whitespace that separates no tokens: a run of whitespace is kept
    (as one space) only between two word characters or two of ``operators`` (``a - -b`` is not
    ``a--b``). Whitespace inside string literals counts as layout too. Two texts with the same
    result are one program laid out differently."""

    def kind(ch: str) -> str:
        return "w" if ch.isalnum() or ch in "_$" else "o" if ch in operators else "p"

    def space(m: re.Match[str]) -> str:
        before, after = text[m.start() - 1 : m.start()], text[m.end() : m.end() + 1]
        same = before and after and kind(before) == kind(after) != "p"
        return " " if same else ""

    return _SPACE.sub(space, text)


_SPACE = re.compile(r"\s+")


def apply_edits(text: str, edits: Sequence[TextEdit]) -> str:
    """``text`` with the non-overlapping ``edits`` applied (insertions at one offset keep their
    order). Overlapping or out-of-range edits raise :class:`PositionError`."""
    ordered = sorted(edits, key=lambda e: (e.start, e.end))
    out, pos = [], 0
    for e in ordered:
        if not pos <= e.start <= e.end <= len(text):
            raise PositionError(f"edit {e} overlaps another edit or leaves the text")
        out.append(text[pos : e.start])
        out.append(e.new_text)
        pos = e.end
    out.append(text[pos:])
    return "".join(out)


class SourceToken(Protocol):
    """What edits need of a lexed source token: its text and code-point range."""

    @property
    def text(self) -> str: ...
    @property
    def start(self) -> int: ...
    @property
    def end(self) -> int: ...


class Alignment(Protocol):
    """What edits need of an abstraction mapping (e.g. :class:`spancopy_core.lang.java.Mapping`).

    ``tokens`` are the model input tokens; ``spans[k] = (s, e)`` says that input token ``k``
    stands for source tokens ``s:e`` (end exclusive); ``concretize`` turns output tokens into
    concrete text, one string per token, or raises ``ConcretizeError``."""

    @property
    def tokens(self) -> Sequence[str]: ...
    @property
    def spans(self) -> Sequence[tuple[int, int]]: ...
    def concretize(self, tokens: Sequence[str]) -> list[str]: ...


class Style(Protocol):
    """How one language lays out generated tokens (learned per file)."""

    @property
    def newline(self) -> str:
        """The file's line break."""
        ...

    @property
    def indent_unit(self) -> str:
        """One level of the file's indentation."""
        ...

    def layout(self, tokens: Sequence[str], start: int, multiline: bool) -> list[str]:
        """Whitespace to put before ``tokens[k]`` for ``k`` in ``start..len(tokens)-1``;
        ``tokens[:start]`` are context only. With ``multiline``, a separator may be ``"\\n"``
        followed by the indentation relative to the first new token's line."""
        ...

    def statement_like(self, prev: str | None, tokens: Sequence[str], nxt: str | None) -> bool:
        """Whether ``tokens`` inserted between ``prev`` and ``nxt`` are whole statements."""
        ...

    def split(self, token: str) -> list[str]:
        """The lexemes of one concrete output token (e.g. a qualified name's parts)."""
        ...

    def lexemes(self, text: str) -> list[str]:
        """The token texts of ``text`` as this language's lexer sees them."""
        ...


def edits(
    source: str,
    tokens: Sequence[SourceToken],
    mapping: Alignment,
    hypothesis: Hypothesis | Sequence[str],
    *,
    style: Style,
) -> list[TextEdit]:
    """The minimal edits turning ``source`` into ``hypothesis`` (see the module docstring).

    ``tokens`` are the source tokens that ``mapping`` was built from (``mapping.spans`` index
    them). ``hypothesis`` is a :class:`~spancopy_core.paper.actions.Hypothesis` whose ``actions``
    index ``mapping.tokens``, or bare tokens; without a derivation that reproduces its tokens,
    the edit is found by a token diff. Raises ``ConcretizeError`` when the mapping cannot
    explain an output token, :class:`PositionError` when ``mapping`` is empty."""
    if isinstance(hypothesis, Hypothesis):
        out, actions = list(hypothesis.tokens), list(hypothesis.actions)
    else:
        out, actions = list(hypothesis), []
    concrete = mapping.concretize(out)
    if not mapping.tokens:
        raise PositionError("an empty mapping has no place in the source to edit")
    plan = _Plan(source, tokens, mapping, out, concrete, actions, style)
    result = plan.build(conservative=False)
    if result and not plan.verify(result):
        result = plan.build(conservative=True)
    return result


def _longest_chain(pairs: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """Longest subsequence of ``(new, old)`` pairs (sorted by ``new``) strictly increasing in
    ``old``: patience sorting with back-pointers, O(n log n)."""
    tails: list[int] = []  # smallest old value ending a chain of each length
    tail_idx: list[int] = []
    back = [-1] * len(pairs)
    for k, (_, old) in enumerate(pairs):
        pos = bisect.bisect_left(tails, old)
        if pos == len(tails):
            tails.append(old)
            tail_idx.append(k)
        else:
            tails[pos], tail_idx[pos] = old, k
        back[k] = tail_idx[pos - 1] if pos else -1
    chain, k = [], tail_idx[-1] if tail_idx else -1
    while k >= 0:
        chain.append(pairs[k])
        k = back[k]
    return chain[::-1]


class _Plan:
    """One hypothesis against one source: anchors, then one edit per stretch between them."""

    def __init__(
        self,
        source: str,
        tokens: Sequence[SourceToken],
        mapping: Alignment,
        out: list[str],
        concrete: list[str],
        actions: list,
        style: Style,
    ) -> None:
        self.source, self.tokens, self.style = source, tokens, style
        self.inputs = list(mapping.tokens)
        self.spans = list(mapping.spans)
        self.out, self.concrete = out, concrete
        # char range of every input unit
        self.old = [(tokens[s].start, tokens[e - 1].end) for s, e in self.spans]
        # What may stay in place must mean the same: equal abstract tokens, and a unit whose
        # text starts with "." (Java's ".class", which BFP writes "class") only for an output
        # token that is written with the dot in its context.
        self.keys_in = [
            (t, tokens[s].text[0] == ".") for t, (s, _) in zip(self.inputs, self.spans, strict=True)
        ]
        self.keys_out = [(t, c[0] == ".") for t, c in zip(out, concrete, strict=True)]
        self.src = self._copied_from(actions)
        self.anchors = self._anchors()

    # -- alignment -------------------------------------------------------------------------
    def _copied_from(self, actions: list) -> list[int | None]:
        """Per output token, the input position its derivation copies it from (or None)."""
        n = len(self.inputs)
        ok = all(0 <= a.i < a.j <= n for a in actions if isinstance(a, Copy))
        if not actions or not ok or apply_actions(self.inputs, actions) != self.out:
            return [None] * len(self.out)
        src: list[int | None] = []
        for a in actions:
            if isinstance(a, Copy):
                src.extend(range(a.i, a.j))
            else:
                src.append(None)
        return [
            s if s is None or self.keys_in[s] == k else None
            for s, k in zip(src, self.keys_out, strict=True)
        ]

    def _anchors(self) -> list[tuple[int, int]]:
        """Increasing (old, new) pairs kept in place: the longest in-order chain of the
        derivation's copies, then matches of a token diff inside each stretch between them."""
        copies = [(p, s) for p, s in enumerate(self.src) if s is not None]
        chain = [(old, new) for new, old in _longest_chain(copies)]
        anchors: list[tuple[int, int]] = []
        prev_old, prev_new = -1, -1
        for old, new in [*chain, (len(self.inputs), len(self.out))]:
            a, b = self.keys_in[prev_old + 1 : old], self.keys_out[prev_new + 1 : new]
            matcher = difflib.SequenceMatcher(None, a, b, autojunk=False)
            for i, j, size in matcher.get_matching_blocks():
                anchors.extend((prev_old + 1 + i + k, prev_new + 1 + j + k) for k in range(size))
            anchors.append((old, new))
            prev_old, prev_new = old, new
        return anchors[:-1]

    # -- edits -----------------------------------------------------------------------------
    def build(self, conservative: bool) -> list[TextEdit]:
        """One edit per stretch between consecutive anchors that changes anything (and, in
        ``self.expected``, the lexemes each one's new text stands for)."""
        result = []
        self.expected: list[list[str]] = []
        prev_old, prev_new = -1, -1
        for old, new in [*self.anchors, (len(self.inputs), len(self.out))]:
            if old > prev_old + 1 or new > prev_new + 1:
                result.append(self._gap(prev_old, old, prev_new, new, conservative))
                units = [self._unit_text(k) for k in range(prev_new + 1, new)]
                self.expected.append([x for u in units for x in self.style.split(u)])
            prev_old, prev_new = old, new
        return result

    def verify(self, result: list[TextEdit]) -> bool:
        """Whether each edit, lexed with the source tokens on either side of it, gives them
        around exactly the output tokens it stands for: no two tokens fused, none split. (Only
        the edits are lexed: text the model never sees, such as annotations inside a method,
        stays as it is.)"""
        starts = [t.start for t in self.tokens]
        ends = [t.end for t in self.tokens]
        for e, want in zip(result, self.expected, strict=True):
            k = bisect.bisect_right(ends, e.start) - 1
            j = bisect.bisect_left(starts, e.end)
            before = self.source[self.tokens[k].start if k >= 0 else e.start : e.start]
            after = self.source[e.end : self.tokens[j].end if j < len(self.tokens) else e.end]
            lexemes = self.style.lexemes
            if lexemes(before + e.new_text + after) != lexemes(before) + want + lexemes(after):
                return False
        return True

    def _unit_text(self, k: int) -> str:
        """Output token k as text: a copy's original source text, else its concrete text."""
        s = self.src[k]
        return self.source[self.old[s][0] : self.old[s][1]] if s is not None else self.concrete[k]

    def _join(self, p: int, q: int, seps: list[str], base: str) -> str:
        """Output tokens p..q-1 joined by ``seps`` (len q-p-1), "\\n" re-based on ``base``;
        between two consecutive copies, the original text between them (comments too)."""
        parts = [self._unit_text(p)]
        for k in range(p + 1, q):
            a, b = self.src[k - 1], self.src[k]
            if a is not None and b is not None and b == a + 1:
                parts.append(self.source[self.old[a][1] : self.old[b][0]])
            else:
                parts.append(seps[k - p - 1].replace("\n", self.style.newline + base))
            parts.append(self._unit_text(k))
        return "".join(parts)

    def _line_start(self, offset: int) -> int:
        src = self.source
        return max(src.rfind("\n", 0, offset), src.rfind("\r", 0, offset)) + 1

    def _line_end(self, offset: int) -> int:
        src, n = self.source, len(self.source)
        ends = [k for k in (src.find("\n", offset), src.find("\r", offset)) if k >= 0]
        return min(ends) if ends else n

    def _indent(self, offset: int) -> str:
        line = self.source[self._line_start(offset) : self._line_end(offset)]
        return line[: len(line) - len(line.lstrip(" \t"))]

    def _first_on_line(self, offset: int) -> bool:
        return self.source[self._line_start(offset) : offset].strip(" \t") == ""

    def _last_on_line(self, offset: int) -> bool:
        return self.source[offset : self._line_end(offset)].strip(" \t") == ""

    def _context(self, first_token: int) -> list[str]:
        return [t.text for t in self.tokens[max(0, first_token - _CONTEXT) : first_token]]

    def _after(self, b: int) -> list[str]:
        """The text of the source token after the first of input ``b``'s, if any."""
        k = self.spans[b][0] + 1
        return [self.tokens[k].text] if k < len(self.tokens) else []

    def _gap(self, a: int, b: int, p: int, q: int, conservative: bool) -> TextEdit:
        """The edit for inputs a+1..b-1 -> outputs p+1..q-1 between anchors (a, p), (b, q)."""
        n = len(self.inputs)
        prev_end = self.old[a][1] if a >= 0 else None
        next_start = self.old[b][0] if b < n else None
        prev_text = self.tokens[self.spans[a][1] - 1].text if a >= 0 else None
        next_text = self.tokens[self.spans[b][0]].text if b < n else None
        lo: int | None
        hi: int | None
        if b > a + 1:
            lo, hi = self.old[a + 1][0], self.old[b - 1][1]
            first_token = self.spans[a + 1][0]
        else:
            lo = hi = next_start if next_start is not None else prev_end
            first_token = self.spans[b][0] if b < n else self.spans[a][1]
        assert lo is not None and hi is not None  # the mapping is not empty
        if q == p + 1:
            ctx = self._context(first_token)  # what decides the space the neighbours want
            return self._delete(lo, hi, ctx, next_text, conservative)

        new = self.concrete[p + 1 : q]
        gap_lo = prev_end if prev_end is not None else lo
        gap_hi = next_start if next_start is not None else hi
        multiline = (
            not conservative
            and "\n" in self.source[gap_lo:gap_hi].replace("\r", "\n")
            and self.style.statement_like(prev_text, new, next_text)
        )
        if conservative:
            seps = [" "] * (len(new) + 1)
        else:
            ctx = self._context(first_token)
            tail = [next_text] if next_text is not None else []
            # and the token after that, which decides the space before the next one (an
            # apostrophe before a clitic: "user's" capitalised was "User 's")
            following = self._after(b) if b < n else []
            seps = self.style.layout([*ctx, *new, *tail, *following], len(ctx), multiline)
            seps = seps[: len(new) + len(tail)]
            if not tail:
                seps.append("")
        inner = seps[1:-1]
        if multiline and b == a + 1:
            return self._insert_lines(p, q, inner, prev_end, next_start, prev_text, next_text)
        base = self._indent(lo) if multiline else ""
        body = self._join(p + 1, q, inner, base)
        before = "" if (lo > 0 and self.source[lo - 1].isspace()) or prev_end is None else seps[0]
        # new text that takes no space before it (a comma, a semicolon) is glued to the token
        # before, over the spaces between them, which then stay after it
        between = self.source[prev_end:lo] if prev_end is not None else ""
        glue_before = seps[0] == "" and between.strip(" \t") == "" != between
        if b > a + 1:
            glued = next_start is not None and not self.source[hi].isspace()
            start = prev_end if glue_before and prev_end is not None else lo
            after = self.source[hi:next_start] if next_start is not None else ""
            if glue_before and seps[-1] == "" and after.strip(" \t") == "":
                return TextEdit(start, hi + len(after), body)  # tight on both sides: a+b
            return TextEdit(start, hi, before + body + (seps[-1] if glued else ""))
        if next_start is None:  # append after the last token
            return TextEdit(lo, lo, seps[0] + body)
        if glue_before and seps[-1] and prev_end is not None:
            return TextEdit(prev_end, prev_end, body)
        return TextEdit(lo, lo, before + body + seps[-1])

    def _insert_lines(
        self,
        p: int,
        q: int,
        inner: list[str],
        prev_end: int | None,
        next_start: int | None,
        prev_text: str | None,
        next_text: str | None,
    ) -> TextEdit:
        """Insert whole statements on lines of their own, indented like their neighbours."""
        nl, unit = self.style.newline, self.style.indent_unit
        if next_start is not None and self._first_on_line(next_start):
            indent = self._indent(next_start)
            extra = unit if next_text == "}" else ""
            body = self._join(p + 1, q, inner, indent + extra)
            return TextEdit(next_start, next_start, extra + body + nl + indent)
        assert prev_end is not None  # statement_like needs a neighbour; multiline a line break
        indent = self._indent(prev_end) + (unit if prev_text == "{" else "")
        body = self._join(p + 1, q, inner, indent)
        return TextEdit(prev_end, prev_end, nl + indent + body)

    def _delete(
        self, lo: int, hi: int, ctx: list[str], next_text: str | None, conservative: bool
    ) -> TextEdit:
        """Delete source[lo:hi]; whole lines go with their line break, and one space of the
        surrounding whitespace goes with an inline deletion, unless the tokens that then meet
        want one (``ctx``: the source tokens before, the last of them kept; ``x - prefix[a]``
        -> ``x - a``: the ``-`` after ``x`` is binary)."""
        src = self.source
        if self._first_on_line(lo) and self._last_on_line(hi):
            start, end = self._line_start(lo), self._line_end(hi)
            if end < len(src):  # up to and including the line break
                return TextEdit(start, end + (2 if src[end : end + 2] == "\r\n" else 1), "")
            if start > 0:  # the last line: take the line break before it
                return TextEdit(start - (2 if src[start - 2 : start] == "\r\n" else 1), end, "")
        space_before = lo > 0 and src[lo - 1] in " \t"
        space_after = hi < len(src) and src[hi] in " \t"
        if space_before and space_after:
            return TextEdit(lo, hi + 1, "")
        if not ctx or next_text is None:
            return TextEdit(lo, hi, "")
        glue = " " if conservative else self.style.layout([*ctx, next_text], len(ctx), False)[0]
        if space_before or space_after:  # neighbours meet: keep the space only if they want one
            return TextEdit(
                lo - (glue == "" and space_before), hi + (glue == "" and space_after), ""
            )
        return TextEdit(lo, hi, glue)
