"""Prose front-end: paragraphs, sentences and word/punctuation tokens with offsets.

:func:`parse` splits plain text or Markdown into paragraphs (blank lines; in Markdown also
headings and list items, and fenced or indented code blocks are skipped), paragraphs into
sentences (at ``. ! ? …`` followed by a capital, a digit or an opening quote, but not after
common abbreviations or initials), and sentences into :class:`Word` tokens: words (with inner
apostrophes and hyphens), numbers (``3.14``, ``1,000``), inline code spans and URLs as one
token, emoji sequences as one token, and single punctuation marks. The lexer is context-free, so
re-lexing edited text is predictable. Abstraction is the identity (a prose model copies and
generates words as they are); :class:`ProseStyle` lays out generated words for
:func:`spancopy_core.editing.edits.edits`, which gives the same minimal edits and summaries as for
Java.
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import NamedTuple

from spancopy_core.editing.positions import LineIndex, PositionError, majority_newline
from spancopy_core.lang.errors import ConcretizeError, SourceTooLargeError

MAX_SOURCE_CHARS = 16 * 2**20  # larger texts raise SourceTooLargeError

_MARK = "\u0300-\u036f\u1ab0-\u1aff\u20d0-\u20ff\ufe20-\ufe2f"  # combining marks
_WORD = rf"(?:\w|[{_MARK}])+"
_LEXER = re.compile(
    rf"""(?P<skip>\s+)
    |(?P<code>(?P<ticks>`+)[^`]+?(?P=ticks)|https?://[^\s<>()\[\]"]*[^\s<>()\[\]".,;:!?'])
    |(?P<number>\d+(?:[.,:]\d+)*)
    |(?P<word>{_WORD}(?:['’\-]{_WORD})*)
    |(?P<punct>\.\.\.|--+|[\U0001F1E6-\U0001F1FF]{{2}}
       |[^\w\s](?:\u200d[^\w\s]|[\ufe0e\ufe0f\U0001F3FB-\U0001F3FF\u20e3{_MARK}])*)""",
    re.VERBOSE,
)
TERMINATORS = frozenset({".", "!", "?", "…", "..."})  # what ends a sentence
_CLOSERS = frozenset({'"', "'", "”", "’", "»", ")", "]", "}", "*", "_"})
_ABBREVIATIONS = frozenset(
    """mr mrs ms dr prof sr jr st vs etc fig no vol ch cf approx dept est inc ltd co corp jan feb
    mar apr jun jul aug sep sept oct nov dec mon tue wed thu fri sat sun""".split()
)
_FENCE = re.compile(r"^ {0,3}(`{3,}|~{3,})")
_BLOCK_START = re.compile(r"^ {0,3}(?:#{1,6}(?:\s|$)|[-*+]\s|\d{1,9}[.)]\s)")
_PREFIX = re.compile(r" {0,3}(?:>\s?|#{1,6}\s+|[-*+]\s+|\d{1,9}[.)]\s+)*")


class Word(NamedTuple):
    """One prose token: text, kind (word, number, punct or code) and code-point range."""

    text: str
    kind: str
    start: int
    end: int


class Sentence(NamedTuple):
    """A sentence: its code-point range and the slice of the document's tokens it spans."""

    start: int
    end: int
    tokens: slice


class Paragraph(NamedTuple):
    """A paragraph (a Markdown block outside code): range and slice of the tokens."""

    start: int
    end: int
    tokens: slice


def tokenize(text: str, start: int = 0, end: int | None = None) -> list[Word]:
    """The tokens of ``text[start:end]`` with offsets into ``text``."""
    out = []
    for m in _LEXER.finditer(text, start, len(text) if end is None else end):
        kind = m.lastgroup
        if kind != "skip":
            assert kind is not None
            out.append(Word(m.group(), kind, m.start(), m.end()))
    return out


def _blocks(text: str, markdown: bool) -> list[tuple[int, int]]:
    """Code-point ranges of the paragraphs: runs of non-blank lines; in Markdown, code blocks
    are left out, and headings and list items start a block of their own."""
    lines = LineIndex(text)
    blocks: list[tuple[int, int]] = []
    current: list[int] | None = None  # [start, end] of the open block
    fence: str | None = None
    prev_blank = True
    for n, start in enumerate(lines.line_starts):
        end = lines.line_end(n)
        line = text[start:end]
        blank = not line.strip()
        if markdown:
            opened = _FENCE.match(line)
            if fence is not None:  # inside a fenced block until its closing fence
                if opened and opened.group(1)[0] == fence[0] and len(opened.group(1)) >= len(fence):
                    if not line[opened.end() :].strip():
                        fence = None
                prev_blank = True
                continue
            if opened:
                fence, current, prev_blank = opened.group(1), None, True
                continue
            indented = line.startswith(("    ", "\t"))
            if indented and not blank and current is None and prev_blank:
                continue  # indented code block
            if not blank and _BLOCK_START.match(line):
                current = None
        if blank:
            current = None
        elif current is None:
            current = [start, end]
            blocks.append((start, end))
        else:
            current[1] = end
            blocks[-1] = (current[0], end)
        prev_blank = blank
    return blocks


def _sentence_end(tokens: list[Word], k: int) -> int | None:
    """If a sentence ends at the terminator ``tokens[k]``, the index of its last token (the
    closing quotes and brackets glued to it included), else None."""
    if tokens[k].text == ".":
        before = tokens[k - 1] if k else None
        if before is not None and before.end == tokens[k].start:
            word = before.text.lower()
            if word in _ABBREVIATIONS or (len(word) == 1 and word.isalpha()):
                return None
    last = k
    while (
        last + 1 < len(tokens)
        and tokens[last + 1].start == tokens[last].end
        and (tokens[last + 1].text in TERMINATORS or tokens[last + 1].text in _CLOSERS)
    ):
        last += 1
    if last + 1 == len(tokens):
        return last
    nxt = tokens[last + 1]
    if nxt.start == tokens[last].end:
        return None
    first = nxt.text[0]
    return last if first.isupper() or first.isdigit() or first in "\"'“‘«([`*_#" else None


class TextSource:
    """Plain text or Markdown split into paragraphs, sentences and tokens. With ``base``,
    ``text`` is a part of a larger document that starts at code point ``base`` of it (the
    prose of a Java comment), and every offset (of tokens, sentences, paragraphs, and
    :meth:`sentence_at`'s) is one of that document."""

    def __init__(self, text: str, markdown: bool = False, base: int = 0) -> None:
        if len(text) > MAX_SOURCE_CHARS:
            raise SourceTooLargeError(f"{len(text)} code points > {MAX_SOURCE_CHARS}")
        self.text, self.base = text, base
        self.tokens: list[Word] = []
        self.paragraphs: list[Paragraph] = []
        self.sentences: list[Sentence] = []
        for start, end in _blocks(text, markdown):
            first = len(self.tokens)
            for line_start, line_end in _lines(text, start, end, markdown):
                self.tokens.extend(
                    w._replace(start=w.start + base, end=w.end + base)
                    for w in tokenize(text, line_start, line_end)
                )
            if len(self.tokens) == first:
                continue
            stop = len(self.tokens)
            self.paragraphs.append(
                Paragraph(self.tokens[first].start, self.tokens[-1].end, slice(first, stop))
            )
            self._split(first, stop)

    def _split(self, first: int, stop: int) -> None:
        tokens = self.tokens[first:stop]
        begin = 0
        for k, tok in enumerate(tokens):
            if k >= begin and tok.text in TERMINATORS:
                last = _sentence_end(tokens, k)
                if last is not None:
                    self._add(first + begin, first + last + 1)
                    begin = last + 1
        if begin < len(tokens):
            self._add(first + begin, stop)

    def _add(self, lo: int, hi: int) -> None:
        self.sentences.append(
            Sentence(self.tokens[lo].start, self.tokens[hi - 1].end, slice(lo, hi))
        )

    def sentence_at(self, offset: int) -> Sentence | None:
        """The sentence containing the code-point ``offset`` (its end included), or None."""
        if not self.base <= offset <= self.base + len(self.text):
            raise PositionError(
                f"offset {offset} outside a text of {len(self.text)} code points at {self.base}"
            )
        k = bisect.bisect_right([s.start for s in self.sentences], offset) - 1
        if k >= 0 and offset <= self.sentences[k].end:
            return self.sentences[k]
        return None


def _lines(text: str, start: int, end: int, markdown: bool) -> list[tuple[int, int]]:
    """The parts of the block's lines that hold prose (Markdown markers left out)."""
    if not markdown:
        return [(start, end)]
    out = []
    index = LineIndex(text[start:end])
    for n, line_start in enumerate(index.line_starts):
        lo, hi = start + line_start, start + index.line_end(n)
        prefix = _PREFIX.match(text, lo, hi)
        out.append((prefix.end() if prefix else lo, hi))
    return out


def parse(text: str, markdown: bool = False) -> TextSource:
    """Paragraphs, sentences and tokens of ``text`` (Markdown rules if ``markdown``)."""
    return TextSource(text, markdown)


def sentences(text: str, markdown: bool = False) -> list[Sentence]:
    """The sentences of ``text``."""
    return TextSource(text, markdown).sentences


@dataclass(frozen=True)
class Mapping:
    """The identity abstraction of prose: ``tokens`` are the token texts, ``spans[k]`` is
    ``(k, k + 1)``."""

    tokens: tuple[str, ...]
    spans: tuple[tuple[int, int], ...]

    def concretize(self, tokens: Sequence[str]) -> list[str]:
        """See :func:`concretize`."""
        return concretize(tokens, self)


class Abstraction(NamedTuple):
    """``abstract``'s result: the model tokens and their mapping."""

    tokens: list[str]
    mapping: Mapping


def abstract(tokens: Sequence[Word]) -> Abstraction:
    """Prose is not abstracted: the model tokens are the token texts."""
    texts = [t.text for t in tokens]
    return Abstraction(texts, Mapping(tuple(texts), tuple((k, k + 1) for k in range(len(texts)))))


def concretize(tokens: Sequence[str], mapping: Mapping) -> list[str]:
    """The tokens themselves, after checking that each is one prose token (not empty, no
    whitespace, not a vocabulary special such as ``<unk>`` unless the text has it); raises
    :class:`ConcretizeError` otherwise."""
    known = set(mapping.tokens)
    for token in tokens:
        if token in known:
            continue
        m = _LEXER.fullmatch(token)
        if m is None or m.lastgroup == "skip":
            raise ConcretizeError(f"{token!r} is not a prose token")
    return list(tokens)


_NO_SPACE_BEFORE = frozenset(".,;:!?)]}…%”’»/") | {"..."}
_NO_SPACE_AFTER = frozenset("([{“‘«/$")


def _wordy(c: str) -> bool:
    return c.isalnum() or c == "_"


@dataclass(frozen=True)
class ProseStyle:
    """Layout of generated prose: one space between tokens, none before closing punctuation
    or after opening brackets, straight quotes paired as they come."""

    newline: str = "\n"
    indent_unit: str = ""

    def layout(self, tokens: Sequence[str], start: int, multiline: bool) -> list[str]:
        """See :class:`spancopy_core.editing.edits.Style` (prose never goes multi-line)."""
        seps = []
        quotes = 0  # straight double quotes seen: odd = inside a quotation
        for k, cur in enumerate(tokens):
            prev = tokens[k - 1] if k else None
            if prev is None:
                sep = ""
            elif (_wordy(prev[-1]) and (_wordy(cur[0]) or cur[0] in "'’-")) or (
                prev[-1] in "'’-" and _wordy(cur[0])
            ):
                sep = " "
            elif prev in (".", ",", ":") and cur[0].isdigit():
                sep = " "
            elif cur in _NO_SPACE_BEFORE or prev in _NO_SPACE_AFTER:
                sep = ""
            elif cur == '"':
                sep = "" if quotes % 2 else " "
            elif prev == '"':
                sep = " " if quotes % 2 == 0 else ""
            else:
                sep = " "
            quotes += cur == '"'
            if k >= start:
                seps.append(sep)
        return seps

    def statement_like(self, prev: str | None, tokens: Sequence[str], nxt: str | None) -> bool:
        """Prose has no statements: edits stay on their line."""
        return False

    def split(self, token: str) -> list[str]:
        """The lexemes of one token."""
        return [w.text for w in tokenize(token)]

    def lexemes(self, text: str) -> list[str]:
        """Token texts of ``text``."""
        return [w.text for w in tokenize(text)]


def learn_style(text: str) -> ProseStyle:
    """The file's line break (prose layout has nothing else to learn)."""
    return ProseStyle(newline=majority_newline(text))
