"""Prose front-end: paragraphs, sentences and word/punctuation tokens with offsets.
:func:`parse` splits plain text or Markdown into paragraphs, sentences and :class:`Word` tokens
with a context-free lexer; abstraction is the identity, and :class:`ProseStyle` lays out
generated words for :func:`spancopy_core.editing.edits.edits`.
Design notes: docs/design.md#lang-text.
"""

from __future__ import annotations

import bisect
import functools
import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import NamedTuple

from spancopy_core.editing.positions import LineIndex, PositionError, majority_newline
from spancopy_core.lang import english
from spancopy_core.lang.errors import ConcretizeError, SourceTooLargeError

MAX_SOURCE_CHARS = 16 * 2**20  # larger texts raise SourceTooLargeError

_MARK = "\u0300-\u036f\u1ab0-\u1aff\u20d0-\u20ff\ufe20-\ufe2f"  # combining marks
_WORD = rf"(?:\w|[{_MARK}])+"
# Contractions split as the Penn Treebank (and JFLEG, and the prose model's training text)
# splits them: "don't" is "do" + "n't", "it's" is "it" + "'" + "s", either apostrophe.
_NEGATION = r"(?i:n['’]t)(?!\w)"
_CLITIC = r"(?i:s|re|ve|ll|d|m)(?!\w)"
# Technical words, never respelt: snake_case, _emphasis_ (an underscore), camelCase, PascalCase
# with an inner capital, v1.2 versions, names in -js and -db, which no English word ends in
# (nodejs, iojs, termjs: respelt nodes, ions, terms in npm READMEs; mongodb); file names and
# paths.
_IDENTIFIER = (
    r"(?:\w*_\w*|[a-z]+[A-Z]\w*|[A-Z][a-z]+[A-Z]\w*|v\d+(?:\.\d+)+\w*|[A-Za-z]+[a-z](?:js|db))"
)
# A word hyphenated at the end of a line, as nroff lays out manual pages (ssh(1): ``key ma‐`` /
# ``terial from the agent``: ``terial`` was respelt ``trial``, ``alterna‐ tive`` rewritten): its
# halves are no words, and the word is copied as written, never respelt.
_BROKEN = r"\w+(?:[-\u2010]\w+)*[-\u2010][ \t]*(?:\r\n|\r|\n)[ \t]*[a-z]\w*(?:[-\u2010]\w+)*"
# A manual page named with its section (``shuf(1)``, ``git-commit(1)``, ``printf(3p)``: sort(1)'s
# ``See shuf(1)`` got ``shut (1)``) or a call with no arguments (``hashcmp()``).
_REFERENCE = r"[A-Za-z_][\w-]*\((?:\d[a-z]{0,2})?\)"
# A list item's letter (the Artistic License's ``c) rename any non-standard executables``:
# ``C)``), or an item so referred to (``see c) above``); a letter in parentheses is a word.
_LETTER_ITEM = r"(?<![\w(])[A-Za-z]\)"
# A character class of a bracket expression (grep(1)'s ``[:punct:]`` and ``[:xdigit:]``: ``punt``
# and ``digit``), in its brackets or not.
_CLASS = r"\[?\[:[a-z]+:\]\]?"
# Words joined by two dots or three, no space between: a range of revisions (``HEAD..main``,
# ``v1...v2``), an argument spelt out (git 2.38's release notes: ``"git symbolic-ref symref
# non..sen..se"`` got ``non.. seen..se``).
_RANGE = r"\w+(?:\.{2,3}\w+)+"
# A printf directive (find(1)'s ``The directives %a, %b, %c, %d, %i``: ``%I``, a pronoun).
_DIRECTIVE = r"(?<![\w%])%[A-Za-z](?!\w)"
_PART = r"[\w-]+(?:\.[\w-]+)*"
_ADDRESS = (  # an e-mail address, a host name
    r"(?<![\w.])(?:[\w.+-]+@[\w-]+(?:\.[\w-]+)+"
    r"|(?:[\w-]+\.)+(?:org|com|net|edu|io|gov|dev)(?![\w-]|\.\w))"
)
# A dotted name, its parts of two characters or more: of three parts or more (a package, a
# class: java.util.List; a reversed domain: edu.mit.Kerberos), or of two, the second in lower
# case (a member: node.prev, options.env, Node.js), where a new sentence would take a space and
# a capital; a dotfile (.npmignore, .travis.yml). Not an abbreviation (i.e., U.S.A., e.g.).
_DOTTED = (
    r"(?<![\w.])(?:[A-Za-z_]\w+(?:\.[A-Za-z_]\w+){2,}|[A-Za-z_]\w+\.[a-z_]\w+"
    r"|\.[A-Za-z_][\w-]*(?:\.[\w-]+)*)(?![\w-]|\.\w)"
)
_PATH = (
    rf"(?<![\w/.])(?:(?:~|\.{{1,2}})?/)?(?:{_PART}/)*{_PART}\.(?:py|md|txt|rst|toml|json|ya?ml"
    rf"|cfg|ini|sh|js|ts|java|c|h|cc|cpp|rs|go|html|css|xml|lock|gz|zip|tar|whl)(?!\w)"
    rf"|(?<![\w/.])(?:~|\.{{1,2}})?/\w{_PART}(?:/{_PART})*"
)
_LEXER = re.compile(
    rf"""(?P<skip>\s+)
    |(?P<code>{_BROKEN}|(?<!`)`[^`'\s]+'(?![\w'`])|(?P<ticks>`+)[^`]+?(?P=ticks)|https?://[^\s<>()\[\]"]*[^\s<>()\[\]".,;:!?']
       |<!--.*?-->|</?[A-Za-z][\w-]*(?:\s[^<>]*)?/?>|(?<=\])[(\[][^()\[\]\s]*[)\]]
       |!\[[^\[\]\r\n]*\]
       |{_REFERENCE}|{_DIRECTIVE}|{_LETTER_ITEM}|{_CLASS}|{_RANGE}|{_IDENTIFIER}(?![\w'’])|{_ADDRESS}|{_PATH}|{_DOTTED})
    |(?P<number>\d+(?:[.,:]\d+)*)
    |(?P<word>{_WORD}(?:[-'’]{_WORD})*?(?={_NEGATION})|{_NEGATION}
       |{_WORD}(?:(?:-|['’](?!{_CLITIC})){_WORD})*)
    |(?P<punct>\.\.\.|--+|[\U0001F1E6-\U0001F1FF]{{2}}
       |[^\w\s](?:\u200d[^\w\s]|[\ufe0e\ufe0f\U0001F3FB-\U0001F3FF\u20e3{_MARK}])*)""",
    re.VERBOSE,
)
TERMINATORS = frozenset({".", "!", "?", "…", "..."})  # what ends a sentence
CLOSERS = frozenset({'"', "'", "”", "’", "»", ")", "]", "}", "*", "_"})
_ABBREVIATIONS = frozenset(
    """mr mrs ms dr prof sr jr st vs etc fig no vol ch cf approx dept est inc ltd co corp jan feb
    mar apr jun jul aug sep sept oct nov dec mon tue wed thu fri sat sun ie eg ex viz esp
    incl""".split()
)  # (ie, eg: i.e. and e.g. written with one period, npm's "(ie." / "the dependency types")
_FENCE = re.compile(r"^ {0,3}(`{3,}|~{3,})")
_BLOCK_START = re.compile(r"^ {0,3}(?:#{1,6}(?:\s|$)|[-*+]\s|\d{1,9}[.)]\s)")
_PREFIX = re.compile(r" {0,3}(?:>\s?|#{1,6}\s+|[-*+]\s+|\d{1,9}[.)]\s+)*")
_HTML_COMMENT = re.compile(r" {0,3}<!--")
_HTML_BLOCK = re.compile(r" {0,3}</?[A-Za-z][\w-]*(?:\s|/?>|$)")
_LINK_DEFINITION = re.compile(r" {0,3}\[[^\]]+\]:\s*\S")
# a table row: opened by a pipe (with another after it), or cells apart from their pipes
# (a | b | c; not a type written {Buffer|TypedArray|DataView} in Node.js' docs, whose list
# items lost their next lines), or a delimiter row
_TABLE_ROW = re.compile(r" {0,3}\|.*\||.*\S\s+\|\s+\S.*\|.*$|\s*:?-+:?\s*\|\s*:?-+")
_DELIMITER_ROW = re.compile(r" {0,3}\|?\s*:?-+:?\s*\|\s*:?-+")  # |---|:--:|
_CODE_SPAN = re.compile(r"(`+)[^`\n]+?\1")  # inline code, whose pipes make no table (`<|>?:`)
_RULE = re.compile(r" {0,3}(?:(?:\*\s*){3,}|(?:-\s*){3,}|(?:_\s*){3,})$")
_ITEM = re.compile(r"(?:[-*+]|\d{1,9}[.)])\s")  # a list item's marker, in plain text too
# ... that opens a list item of plain text: one space after it (a wider gap makes the mark a
# tag beside its description: date(1)'s ``-      (hyphen) do not pad the field``)
_PLAIN_ITEM = re.compile(r"[ \t]*(?:[-*+]|\d{1,9}[.)]) \S")
_SETEXT = re.compile(r" {0,3}(?:=+|-+)\s*$")
_UNDERLINE = re.compile(r" {0,3}(?:={3,}|-{3,}|~{3,}|\*{3,})\s*$")  # under a plain-text title
# a plain-text row of columns: a cell of one to three words, then three spaces or a tab
# (``libipt        A packet encoder/decoder library``, ``IRC:         #systemd on ...``), or a
# label and a colon before one value (``engine internals, porting, etc.: freetype-devel@...``)
_COLUMNS = re.compile(
    r"[ \t]*\S+(?: \S+){0,2}(?: {3,}|\t)[ \t]*\S|[ \t]*[^\n:]{1,40}:[ \t]+\S+[ \t]*$"
)
_LINE_BREAK = re.compile(r"[\r\n]")


class Word(NamedTuple):
    """One prose token: text, kind (word, number, punct or code) and code-point range."""

    text: str
    kind: str
    start: int
    end: int


class Sentence(NamedTuple):
    """A sentence: its code-point range, the slice of the document's tokens it spans, and
    the kind of Markdown block it is in: :data:`HEADING`, :data:`ITEM` (a list item) or
    :data:`TEXT` (anything else, and all of plain text)."""

    start: int
    end: int
    tokens: slice
    block: str = "text"


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


HEADING, ITEM, TEXT = "heading", "item", "text"  # kinds of Markdown blocks
CODE = "code"  # a block of code or commands, no prose (TextSource.code)


class _Block(NamedTuple):
    start: int
    end: int
    kind: str  # HEADING, ITEM, TEXT or CODE


def _skipped(line: str, state: list[str], continued: bool = False, after: str = "") -> bool:
    """Whether a Markdown line (outside code) is no prose: an HTML comment or block (until
    the comment closes or a blank line), a link reference definition, a table row, a thematic
    break. ``state`` holds what the lines before opened: ``["comment"]``, ``["html"]`` or
    nothing. A line that looks like a row but ``continued`` a paragraph is one only before a
    delimiter row (the line ``after`` it): a table opens with its header row (docs/design.md's
    ``with `BP = exp(min(0, 1 -`` / ``|r| / |h|))`, and 0 when ...``, a code span over two
    lines, left the paragraph's last line a sentence of its own)."""
    if state == ["comment"]:
        if "-->" in line:
            state.clear()
        return True
    if state == ["html"]:
        if not line.strip():
            state.clear()
        return True
    if _HTML_COMMENT.match(line):
        if "-->" not in line:
            state.append("comment")
        return True
    if _HTML_BLOCK.match(line):
        state.append("html")
        return True
    row = _TABLE_ROW.match(_CODE_SPAN.sub("``", line))
    if row and continued and not _DELIMITER_ROW.match(line):
        row = _DELIMITER_ROW.match(_CODE_SPAN.sub("``", after))
    return bool(_LINK_DEFINITION.match(line) or row or _RULE.match(line))


def _blocks(text: str, markdown: bool, spaced: bool = True) -> list[_Block]:
    """Code-point ranges of the paragraphs: runs of non-blank lines; in Markdown, code blocks
    and what :func:`_skipped` skips are left out, and headings and list items start a block of
    their own (marked HEADING or ITEM; the text line of a setext heading is a HEADING); the
    lines of code blocks, and in plain text a list item starts a block of its own as well
    (pango's NEWS, ``- Fix weight conversion on MacOS`` / ``- Update to Unicode 15`` / ...,
    was one sentence of every item), the paragraphs of commands (:func:`_commands`,
    :func:`_shell`) and, where its runs of spaces are the writer's (``spaced``), of columns
    (:func:`_columns`) and a tag beside its description (:func:`_tag`), are CODE blocks."""
    lines = LineIndex(text)
    blocks: list[_Block] = []
    current: list[int] | None = None  # [start, end] of the open block
    fence: str | None = None
    html: list[str] = []
    prev_blank = True
    for n, start in enumerate(lines.line_starts):
        end = lines.line_end(n)
        line = text[start:end]
        blank = not line.strip()
        kind = TEXT
        if markdown:
            opened = _FENCE.match(line)
            if fence is not None:  # inside a fenced block until its closing fence
                if opened and opened.group(1)[0] == fence[0] and len(opened.group(1)) >= len(fence):
                    if not line[opened.end() :].strip():
                        fence = None
                elif not blank:
                    blocks.append(_Block(start, end, CODE))
                prev_blank = True
                continue
            if opened:
                fence, current, prev_blank = opened.group(1), None, True
                continue
            indented = line.startswith(("    ", "\t"))
            if indented and not blank and current is None and prev_blank:
                blocks.append(_Block(start, end, CODE))
                continue  # indented code block
            if _SETEXT.match(line) and current is not None and blocks:
                blocks[-1] = blocks[-1]._replace(kind=HEADING)  # the line above is a heading
                current, prev_blank = None, True
                continue
            last = n + 1 == len(lines.line_starts)
            after = (
                ""
                if current is None or last
                else text[lines.line_starts[n + 1] : lines.line_end(n + 1)]
            )
            if _skipped(line, html, current is not None, after):
                current, prev_blank = None, True
                continue
            if not blank and _BLOCK_START.match(line):
                current, kind = None, HEADING if line.lstrip(" ").startswith("#") else ITEM
        elif _UNDERLINE.match(line) and current is not None:
            if lines.line(current[0]) == n - 1:  # plain text: a title underlined
                blocks[-1] = blocks[-1]._replace(kind=HEADING)
            current, prev_blank = None, True
            continue
        elif _PLAIN_ITEM.match(line):
            current, kind = None, ITEM  # (plain text) a list item starts a block of its own
        elif current is not None and _steps_in(text, lines, n, blocks[-1]):
            current = None  # (plain text) lines under "... run:" indented deeper: commands?
        elif current is None and _term(text, lines, n):
            kind = HEADING  # (plain text) a definition list's term, its description under it
        elif current is None and spaced and (tagged := _tag(text, lines, n)) is not None:
            blocks.append(_Block(start + _indent(text, lines, start), tagged[0], CODE))
            start = tagged[1]  # (plain text) a tag, its description on the line
        if blank:
            current = None
        elif current is None:
            # an ATX heading is one line: the next starts a paragraph (### GitLab / For ...)
            current = None if kind == HEADING else [start, end]
            blocks.append(_Block(start, end, kind))
        else:
            current[1] = end
            blocks[-1] = blocks[-1]._replace(end=end)
        prev_blank = blank
    if markdown:
        return blocks
    literal = _literal(text, lines, blocks)
    commands = [
        k > 0
        and _commands(text, lines, blocks[k - 1], b)
        or spaced
        and _columns(text, b)
        or _shell(text, b)
        or literal[k]
        for k, b in enumerate(blocks)
    ]
    return [b._replace(kind=CODE) if c else b for b, c in zip(blocks, commands, strict=True)]


# reStructuredText's explicit markup (a directive, a comment, a link target: ``.. note::``,
# ``.. _tut-morelists:``), and the directives of code (``.. code-block:: python``)
_EXPLICIT = re.compile(r"[ \t]*\.\.(?:\s|$)")
_CODE_DIRECTIVE = re.compile(
    r"[ \t]*\.\. (?:code-block|code|sourcecode|doctest|testcode|testoutput|productionlist)::"
)
_PROMPT = re.compile(r"[ \t]*>>>(?: |$)")  # an interactive Python session's


def _literal(text: str, lines: LineIndex, blocks: list[_Block]) -> list[bool]:
    """Whether each plain-text paragraph of ``blocks`` is code as reStructuredText marks it
    (Python's documentation, many a README.txt: ``... scheme::`` over ``   with open(file) as
    f:`` got ``With``): a paragraph of a literal block (indented deeper than the paragraph
    before it that ends with ``::`` or is a directive of code, up to one not so deep),
    explicit markup (``.. _tut-morelists:``: ``moralists``), a grid table (every line opened
    by ``+`` or ``|``: datetime's ``(1)(6) | +-----`` got ``I-1``), or an interactive session
    (a paragraph opened by the prompt ``>>>``: ``for i in range(...)`` got ``I``)."""
    out = []
    level: int | None = None  # the indentation a paragraph of the open literal block exceeds
    for b in blocks:
        indent = _depth(text, lines, b.start)
        if level is not None and indent > level:
            out.append(True)
            continue
        first = text[b.start : lines.line_end(lines.line(b.start))]
        explicit = bool(_EXPLICIT.match(first))
        opens = (
            _CODE_DIRECTIVE.match(first)
            or not explicit
            and text[b.start : b.end].rstrip().endswith("::")
        )
        level = indent if opens else None
        rows = text[b.start : b.end].splitlines()
        grid = len(rows) > 1 and all(row.lstrip(" \t")[:1] in ("+", "|") for row in rows)
        out.append(explicit or grid or bool(_PROMPT.match(first)))
    return out


def _steps_in(text: str, lines: LineIndex, n: int, block: _Block) -> bool:
    """Whether line ``n`` of plain text starts a block of its own within the paragraph that
    ``block`` has so far: indented deeper than the line before it, which ends with a colon
    (pulseaudio's ``In order to run pulseaudio from the build dir:`` / ``  meson build``:
    :func:`_commands` judges the new block), or back out of such a block, unless it is a list
    item that the line continues (``Consider:`` / `` - Program ... links against it,`` /
    ``since it uses ...``); or as deep, if it is a command line (:func:`_command_line`: ps(1)'s
    ``Examples:`` / ``ps jaxkuid,-ppid,+pid``), its block left by a line of no command
    (find(1)'s ``find . -name frcode.c locate.c -print`` / ``That command is ...``)."""
    start, before = lines.line_starts[n], lines.line_starts[n - 1]
    if text[before : lines.line_end(n - 1)].rstrip().endswith(":"):
        deeper = _depth(text, lines, start) - _depth(text, lines, before)
        return deeper > 0 or deeper == 0 and _command_line(text[start : lines.line_end(n)])
    opened = lines.line(block.start)  # the block's first line, under a colon?
    if opened == 0 or not text[lines.line_starts[opened - 1] : block.start].rstrip().endswith(":"):
        return False
    first = text[block.start : lines.line_end(opened)]
    if _ITEM.match(first.lstrip(" \t")):
        return False
    if _depth(text, lines, start) == _depth(text, lines, block.start) and _command_line(first):
        return not _same_command(first, text[start : lines.line_end(n)])  # prose again
    return _depth(text, lines, start) < _depth(text, lines, block.start)


def _term(text: str, lines: LineIndex, n: int) -> bool:
    """Whether line ``n`` of plain text is the term of a definition list, as manual pages lay
    them out (git-commit(1): ``strip`` / ``    Strip leading and trailing empty lines, ...``
    read as one sentence got ``Strip Strip``): one to four words, not opened as a sentence (a
    capital, then a small letter, and another word: a comment's ``We receive`` / ``teh mail.``
    under blanked markers; one word is a term, Python's tkinter docs' ``Tcl`` / ``   Tcl is a
    dynamic ...`` got ``Delete "Tcl"``), no terminator or colon at its end, and the next
    line indented deeper and opened with a capital, as a description is; or, a section's
    heading in capitals, whatever opens it (ps(1)'s ``PERSONALITY`` over its rows,
    ``390        like the OS/390 OpenEdition ps``)."""
    if n + 1 >= len(lines.line_starts):
        return False
    line = text[lines.line_starts[n] : lines.line_end(n)].strip()
    after = text[lines.line_starts[n + 1] : lines.line_end(n + 1)].strip()
    if not line or len(line) > 40 or not 1 <= len(line.split()) <= 4:
        return False
    if not after[:1].isupper() and not line.isupper():
        return False  # (a heading in capitals: ps(1)'s PERSONALITY over ``390   like ...``)
    opened = line[:1].isupper() and line[1:2].islower() and len(line.split()) > 1
    if line[-1] in TERMINATORS or line[-1] == ":" or opened:
        return False
    return (
        _depth(text, lines, lines.line_starts[n + 1])
        > _depth(text, lines, lines.line_starts[n]) + 1
    )


# A command line's marks: an option after a space, a comma or the line's start (``-name``,
# ``--sort``, ``,-ppid``), a pipe or a redirection between spaces; and its opening, a command's
# name in lower case (``find``, ``./configure``) or a path
_COMMAND_MARK = re.compile(r"(?:^|[\s,])[-+]{1,2}[A-Za-z0-9]|\s[|<>]\s")
_COMMAND_OPENING = re.compile(r"[ \t]*(?:\.?/)?[a-z][\w.+/-]*(?=[ \t]|$)")


def _command_name(line: str) -> str | None:
    """The command's name that opens ``line`` (:data:`_COMMAND_OPENING`), if one does."""
    opening = _COMMAND_OPENING.match(line)
    return None if opening is None else opening.group().strip()


def _ended(line: str) -> bool:
    """Whether ``line`` ends with a terminator, a colon or a comma: no command's end."""
    return line.rstrip()[-1:] in (*TERMINATORS, ":", ",")


def _command_line(line: str) -> bool:
    """Whether ``line`` is a command: opened by a command's name (:func:`_command_name`), no
    word that opens sentences (:data:`OPENERS`: ``the man -kind``), with a mark of a command
    line (:data:`_COMMAND_MARK`) and no terminator, colon or comma at its end."""
    name = _command_name(line)
    return bool(
        name is not None and name not in OPENERS and _COMMAND_MARK.search(line) and not _ended(line)
    )


_AFTER_COLON = re.compile(r":[ \t]+(\S.*)$", re.MULTILINE)


def inline_commands(text: str) -> list[str]:
    """The commands that end lines of ``text`` after a colon (perf's tips: ``For a higher
    level overview, try: perf report --sort comm,dso``; ``perf mem record / perf mem
    report``): the rest of the line, a command line (:func:`_command_line`) or command lines
    of one command apart by `` / ``."""
    out = []
    for match in _AFTER_COLON.finditer(text):
        rest = match.group(1)
        parts = rest.split(" / ")
        names = {_command_name(part) for part in parts}
        one = len(parts) > 1 and len(names) == 1 and not names & (OPENERS | {None})
        if _command_line(rest) or one and not _ended(rest):
            out.append(rest)
    return out


def _same_command(line: str, other: str) -> bool:
    """Whether ``other`` is a command line too, or opened by the same command as ``line``."""
    name = _command_name(line)
    return name is not None and name == _command_name(other) or _command_line(other)


def _shell(text: str, block: _Block) -> bool:
    """Whether the plain-text paragraph ``block`` is command lines laid out as deep as the
    prose around them (xargs(1)'s examples: ``find /tmp -name core -type f -print0 | xargs -0
    /bin/rm -f`` between two sentences got ``Find``): every line a command line
    (:func:`_command_line`), or two lines or more opened by one command's name and ending
    with no terminator, colon or comma (ps(1)'s ``ps axk comm o comm,args``)."""
    rows = text[block.start : block.end].splitlines()
    if all(_command_line(row) for row in rows):
        return True
    names = {_command_name(row) for row in rows}
    return len(rows) >= 2 and None not in names and len(names) == 1 and not any(map(_ended, rows))


_GAP = re.compile(r"\S( {2,}|[ \t]*\t[ \t]*)(?=\S)")  # a gap between columns (curl(1): "\t     ")


def _named(tag: str, words: int) -> bool:
    """Whether ``tag`` is at most ``words`` words, a name: no mark that ends a sentence or a
    clause at its end (``i recieve teh file.  It is fine.``: a sentence, two spaces after it)."""
    return len(tag.split()) <= words and tag[-1:] not in (*TERMINATORS, ",", ";", ":")


def _tag(text: str, lines: LineIndex, n: int) -> tuple[int, int] | None:
    """The end of the tag and the start of its description on line ``n`` of plain text, where
    the line is a tag (a field's or an option's name) and a description beside it, as manual
    pages lay out their lists (ps(1)'s ``ouid        OWNER     displays the Unix user ...``
    over lines indented to ``displays``: ``ouid`` got ``uuid``; find(1)'s ``rates  Prints a
    summary ...``: ``Rates``). The description is after a gap of two spaces or more, at the
    column the next line is indented to, the tag one to three words of 24 characters at most
    (:func:`_named`); or, where no line continues it, a line of a tag of one word and a gap
    before a sentence's opening (``Prints``), the tag not opened as a sentence (``Select``)
    nor the opening in capitals (justified prose: ``or  AFS  volume``)."""
    start, end = lines.line_starts[n], lines.line_end(n)
    column = _indent(text, lines, start)
    gaps = [g for g in _GAP.finditer(text, start + column, end) if g.end() - start - column <= 24]
    below = n + 1 < len(lines.line_starts) and lines.line_starts[n + 1]
    if below and text[below : lines.line_end(n + 1)].strip():
        deep = _depth(text, lines, below)  # (tabs to multiples of 8: less(1)'s "m      Foll")
        for gap in gaps:
            tag = text[start + column : gap.start(1)]
            if deep == len(text[start : gap.end()].expandtabs(8)) and _named(tag, 3):
                return gap.start(1), gap.end()
        if deep > _depth(text, lines, start):
            return None  # the line continued deeper than its tag: a sentence's first line
    if not gaps or gaps[0].end() - start - column > 24 or _COLUMNS.match(text, start, end):
        return None  # (a row of columns: _columns judges its paragraph)
    tag = text[start + column : gaps[0].start(1)]
    opening = text[gaps[0].end() : gaps[0].end() + 2]
    if not _named(tag, 1) or tag[:1].isupper() and tag[1:2].islower():
        return None
    if not (opening[:1].isupper() and opening[1:].islower()):
        return None
    return gaps[0].start(1), gaps[0].end()


def _columns(text: str, block: _Block) -> bool:
    """Whether every line of the plain-text paragraph ``block`` is a row of columns
    (:data:`_COLUMNS`): a table, a list of names and what they are or of labels and their
    values, no prose (libipt's README: ``sideband      A sideband correlation library`` ->
    ``Sideband ... library.``; FreeType's mailing lists: ``general use and discussion:
    freetype@nongnu.org`` -> ``General``)."""
    return all(_COLUMNS.match(line) for line in text[block.start : block.end].splitlines())


def _depth(text: str, lines: LineIndex, at: int) -> int:
    """How deep the line starting at ``at`` is indented, a tab to the next multiple of 8 (a
    manual page's ``\t      nil, existing`` over ``\t\t     Make numbered backups``): what
    "deeper" compares; :func:`_indent` is an offset in the line."""
    n = lines.line(at)
    line = text[lines.line_starts[n] : lines.line_end(n)]
    return len(line[: _indent(text, lines, lines.line_starts[n])].expandtabs(8))


def _indent(text: str, lines: LineIndex, at: int) -> int:
    """The column of the first character past spaces and tabs from ``at`` on: the indentation
    of the line starting at ``at``, the column of a description beside its tag (:func:`_tag`)."""
    n = lines.line(at)
    line = text[at : lines.line_end(n)]
    return at - lines.line_starts[n] + len(line) - len(line.lstrip(" \t"))


def _commands(text: str, lines: LineIndex, before: _Block, block: _Block) -> bool:
    """Whether the plain-text paragraph ``block`` is commands, not prose: indented deeper than
    the paragraph ``before`` it, which ends with a colon (``... look like this:``) or with no
    terminator, a sentence the commands continue (``You may run`` / ``gpgconf --list-dirs``
    / ``to view the default directories.``), and no line of it ends a sentence
    (``export PATH=...``, ``meson builddir``)."""
    if text[before.start : before.end].rstrip()[-1:] in TERMINATORS:
        return False
    rows = text[block.start : block.end].splitlines()
    if any(_ITEM.match(row.lstrip(" \t")) for row in rows):
        return False  # a list's items (``- Darwin - GCC/Clang - should be the same as ...``)
    return _depth(text, lines, block.start) > _depth(text, lines, before.start) and not any(
        row.rstrip()[-1:] in (*TERMINATORS, ":")  # (a line ending so introduces: prose)
        for row in rows
    )


# A writer who does not wrap lines: of a plain text's non-blank lines (this many at least), this
# share ends a sentence (JFLEG dev as one file: 98%; the false-alarm set's documents,
# hard-wrapped or with headings, lists and code: at most 60%). Its line breaks end sentences.
LINED_LINES = 8
LINED_SHARE = 0.8


def lined(text: str) -> bool:
    """Whether ``text`` is a writer's who puts each paragraph or sentence on a line of its own
    (:data:`LINED_SHARE`): a line of it that ends without a terminator ends its sentence all
    the same (``We must trust ourselves`` / ``Then ...``)."""
    lines = [line.rstrip(" \t") for line in text.splitlines() if line.strip()]
    ends = sum(line.rstrip("".join(CLOSERS))[-1:] in ".!?…" for line in lines)
    return len(lines) >= LINED_LINES and ends >= LINED_SHARE * len(lines)


# The words that, capitalised at the start of a line, open a sentence though the line before
# ends without a terminator: function words (not "I") and the first words of the opening
# phrases (english.INTRODUCTORY: However, Therefore), never the start of a name.
OPENERS = (english.FUNCTION_WORDS - {"i"}) | {p[0] for p in english.INTRODUCTORY}


def _sentence_end(tokens: list[Word], k: int, text: str, base: int) -> int | None:
    """If a sentence ends at the terminator ``tokens[k]``, the index of its last token (the
    closing quotes and brackets glued to it included), else None: where the next word starts
    with a capital, a digit or an opening mark, or on the next line (``...India.`` /
    ``image you...``: a writer who ends a line with a sentence's end starts another, in
    whatever case; an abbreviation aside). ``text`` holds the tokens at offset ``base``."""
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
        and (tokens[last + 1].text in TERMINATORS or tokens[last + 1].text in CLOSERS)
    ):
        last += 1
    if last + 1 == len(tokens):
        return last
    nxt = tokens[last + 1]
    if nxt.start == tokens[last].end:
        return None
    first = nxt.text[0]
    if first.isupper() or first.isdigit() or first in "\"'“‘«([`*_#":
        return last
    if tokens[last].text == ")" or (
        tokens[k].text == "!" and k and tokens[k - 1].end < tokens[k].start
    ):
        return None  # "(each, map, filter...)" / "without ...", "the &&, ||, and !" / "operators"
    return last if _LINE_BREAK.search(text, tokens[last].end - base, nxt.start - base) else None


class TextSource:
    """Plain text or Markdown split into paragraphs, sentences and tokens. With ``base``,
    ``text`` is a part of a larger document that starts at code point ``base`` of it (the
    prose of a Java comment), and every offset (of tokens, sentences, paragraphs, and
    :meth:`sentence_at`'s) is one of that document. ``code`` holds its code blocks (CODE), a
    code token each, which no sentence holds. ``spaced``: whether runs of spaces are the
    writer's (a table's columns); not in a comment's prose, whose markup is blanked
    (``Returns <b>teh</b>`` reads ``Returns    teh``)."""

    def __init__(
        self, text: str, markdown: bool = False, base: int = 0, spaced: bool = True
    ) -> None:
        if len(text) > MAX_SOURCE_CHARS:
            raise SourceTooLargeError(f"{len(text)} code points > {MAX_SOURCE_CHARS}")
        self.text, self.base = text, base
        # its line breaks end sentences (not Markdown's, whose writers break lines between
        # paragraphs, items and captions: "Listing 1 An example program" is no sentence)
        self.lined = not markdown and lined(text)
        self.tokens: list[Word] = []
        self.paragraphs: list[Paragraph] = []
        self.sentences: list[Sentence] = []
        self.code: list[Word] = []  # the code blocks, each a code token: no prose
        for start, end, kind in _blocks(text, markdown, spaced):
            if kind == CODE:
                self.code.append(Word(text[start:end], "code", start + base, end + base))
                continue
            first = len(self.tokens)
            if markdown:
                markers = _markers(text, start, end)
            else:  # a plain-text item's marker, on its first line (in Markdown: each line's)
                opened = _PLAIN_ITEM.match(text, start, end) if kind == ITEM else None
                markers = [(start, opened.end() - 1)] if opened else []
            self.tokens.extend(
                w._replace(start=w.start + base, end=w.end + base)
                for w in tokenize(text, start, end)
                if not any(lo <= w.start < hi for lo, hi in markers)
            )
            if len(self.tokens) == first:
                continue
            stop = len(self.tokens)
            self.paragraphs.append(
                Paragraph(self.tokens[first].start, self.tokens[-1].end, slice(first, stop))
            )
            self._split(first, stop, kind)

    def _split(self, first: int, stop: int, kind: str) -> None:
        tokens = self.tokens[first:stop]
        begin = 0
        for k, tok in enumerate(tokens):
            if k > begin and self._opens_line(tokens[k - 1], tok):
                self._add(first + begin, first + k, kind)
                begin = k
            if k >= begin and tok.text in TERMINATORS:
                last = _sentence_end(tokens, k, self.text, self.base)
                if last is not None:
                    self._add(first + begin, first + last + 1, kind)
                    begin = last + 1
        if begin < len(tokens):
            self._add(first + begin, stop, kind)

    def _opens_line(self, before: Word, word: Word) -> bool:
        """Whether ``word``, first on its line after a line that ends without a terminator,
        opens a sentence: a word of :data:`OPENERS` capitalised (``... a tarball)`` / ``If
        you are not using ...``, a learner's ``... will develope`` / ``However, ...``), or in
        a :func:`lined` text any word capitalised (``We must trust ourselves`` / ``Learn``)."""
        opener = word.text[1:].islower() and word.text.lower() in OPENERS
        if not word.text[:1].isupper() or not (self.lined or opener):
            return False
        return bool(_LINE_BREAK.search(self.text, before.end - self.base, word.start - self.base))

    def _add(self, lo: int, hi: int, kind: str) -> None:
        self.sentences.append(
            Sentence(self.tokens[lo].start, self.tokens[hi - 1].end, slice(lo, hi), kind)
        )

    @functools.cached_property
    def typographic(self) -> bool:
        """Whether the writer's apostrophes are typographic: its words have ``’`` and no
        ``'`` (a sentence without any writes a new one so, :func:`abstract`)."""
        words = [t.text for t in self.tokens if t.kind == "word"]
        return any("’" in w for w in words) and not any("'" in w for w in words)

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


def _markers(text: str, start: int, end: int) -> list[tuple[int, int]]:
    """The Markdown markers (``>``, ``#``, list bullets and numbers) that open the block's
    lines, as code-point ranges: they are not prose. The block is lexed as one text, so that
    inline code (or a link) that runs over a line break stays one token."""
    out = []
    index = LineIndex(text[start:end])
    for n, line_start in enumerate(index.line_starts):
        lo, hi = start + line_start, start + index.line_end(n)
        prefix = _PREFIX.match(text, lo, hi)
        if prefix and prefix.end() > lo:
            out.append((lo, prefix.end()))
    return out


def parse(text: str, markdown: bool = False) -> TextSource:
    """Paragraphs, sentences and tokens of ``text`` (Markdown rules if ``markdown``)."""
    return TextSource(text, markdown)


def sentences(text: str, markdown: bool = False) -> list[Sentence]:
    """The sentences of ``text``."""
    return TextSource(text, markdown).sentences


_PLAIN = str.maketrans("’‘“”", "''\"\"")  # typographic apostrophes and quotes -> straight


def normalize(token: str) -> str:
    """``token`` as the prose model reads it: typographic apostrophes and quotes
    (``’ ‘ “ ”``) straight, as in its training text."""
    return token.translate(_PLAIN)


@dataclass(frozen=True)
class Mapping:
    """The abstraction of prose: ``tokens`` are the token texts, normalised
    (:func:`normalize`); ``spans[k]`` is ``(k, k + 1)``; ``typed`` pairs a normalised text
    with the one form the sentence writes it in (``("“", '"')``; in a sentence whose
    apostrophes are all typographic, ``'`` and ``n't`` take ``’``), which a generated token
    takes."""

    tokens: tuple[str, ...]
    spans: tuple[tuple[int, int], ...]
    typed: tuple[tuple[str, str], ...] = ()

    def concretize(self, tokens: Sequence[str]) -> list[str]:
        """See :func:`concretize`."""
        return concretize(tokens, self)


class Abstraction(NamedTuple):
    """``abstract``'s result: the model tokens and their mapping."""

    tokens: list[str]
    mapping: Mapping


def abstract(tokens: Sequence[Word], typographic: bool = False) -> Abstraction:
    """The model tokens of prose: the token texts, normalised (:func:`normalize`). A
    generated apostrophe is typographic in a sentence whose apostrophes all are, or that has
    none in a ``typographic`` document (:attr:`TextSource.typographic`)."""
    texts = [normalize(t.text) for t in tokens]
    forms: dict[str, set[str]] = {}
    for token, plain in zip(tokens, texts, strict=True):
        if token.text != plain:
            forms.setdefault(plain, set()).add(token.text)
    chosen = {plain: min(found) for plain, found in forms.items() if len(found) == 1}
    curly = typographic or any("’" in t.text for t in tokens)
    if curly and not any("'" in t.text for t in tokens):
        chosen.update({"'": "’", "n't": "n’t"})  # a writer of typographic apostrophes
    typed = tuple(sorted(chosen.items()))
    spans = tuple((k, k + 1) for k in range(len(texts)))
    return Abstraction(texts, Mapping(tuple(texts), spans, typed))


def concretize(tokens: Sequence[str], mapping: Mapping) -> list[str]:
    """The tokens in the sentence's own typography (a normalised text that the sentence
    writes in one typographic form takes that form), after checking that each is one prose
    token (not empty, no whitespace, no code such as a vocabulary special ``<unk>`` unless
    the text has it); raises :class:`ConcretizeError` otherwise."""
    known = set(mapping.tokens)
    for token in tokens:
        if token in known:
            continue
        m = _LEXER.fullmatch(token)
        if m is None or m.lastgroup in ("skip", "code"):  # code is copied, never written
            raise ConcretizeError(f"{token!r} is not a prose token of this sentence")
    typed = dict(mapping.typed)
    return [typed.get(t, t) for t in tokens]


_NO_SPACE_BEFORE = frozenset(".,;:!?)]}…%”’»/") | {"..."}
_NO_SPACE_AFTER = frozenset("([{“‘«/$")


_CLITICS = frozenset({"s", "re", "ve", "ll", "d", "m"})  # after an apostrophe: "it 's"


def _wordy(c: str) -> bool:
    return c.isalnum() or c == "_"


def _contraction(tokens: Sequence[str], k: int) -> bool:
    """Whether ``tokens[k]`` (k > 0) is a part of a contraction that follows ``tokens[k - 1]``
    without a space: ``n't`` after a word, an apostrophe between a word and a clitic
    (``it ' s``), the clitic after it."""
    prev, cur = tokens[k - 1], normalize(tokens[k]).lower()
    if cur == "n't":
        return _wordy(prev[-1])
    if cur == "'":
        after = normalize(tokens[k + 1]).lower() if k + 1 < len(tokens) else ""
        return after in _CLITICS and _wordy(prev[-1])
    return cur in _CLITICS and normalize(prev) == "'" and k >= 2 and _wordy(tokens[k - 2][-1])


def _clitic(tokens: Sequence[str], k: int) -> bool:
    """Whether ``tokens[k]`` is the clitic of a contraction after its apostrophe."""
    return normalize(tokens[k]).lower() in _CLITICS and _contraction(tokens, k)


@dataclass(frozen=True)
class ProseStyle:
    """Layout of generated prose: one space between tokens, none before closing punctuation
    or after opening brackets, none inside a contraction (``do n't`` is written ``don't``),
    straight quotes paired as they come; ``spaced``: a space between every two tokens, as a
    file tokenised the Penn Treebank's way writes them (``it 's`` , ``do n't`` .), a
    clitic joined to its apostrophe."""

    newline: str = "\n"
    indent_unit: str = ""
    spaced: bool = False

    def layout(self, tokens: Sequence[str], start: int, multiline: bool) -> list[str]:
        """See :class:`spancopy_core.editing.edits.Style` (prose never goes multi-line)."""
        if self.spaced:  # a clitic joins its apostrophe (it 's)
            return ["" if k == 0 or _clitic(tokens, k) else " " for k in range(start, len(tokens))]
        seps = []
        quotes = 0  # straight double quotes seen: odd = inside a quotation
        for k, cur in enumerate(tokens):
            prev = tokens[k - 1] if k else None
            if prev is None or _contraction(tokens, k):
                sep = ""
            elif (_wordy(prev[-1]) and (_wordy(cur[0]) or cur[0] in "'’-")) or (
                prev[-1] in "'’-" and _wordy(cur[0])
            ):
                sep = " "
            elif prev in (".", ",", ":") and cur[0].isdigit():
                sep = " "
            elif prev[-1] == "." and cur[0] == ".":  # two periods, not one ellipsis
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


# A comma or period after a word, spaced (group 1) or not, then a space or the line's end.
_AFTER_WORD = re.compile(r"\w( ?)[,.](?=\s|$)", re.MULTILINE)
SPACED_MIN = 10  # commas and periods after a word a file must have to be learnt spaced
SPACED_SHARE = 0.9  # ... and the share of them written with a space before


def learn_style(text: str) -> ProseStyle:
    """The file's line break, and whether it is ``spaced`` (Penn Treebank tokenised: of its
    commas and periods after a word, at least :data:`SPACED_MIN`, a share of
    :data:`SPACED_SHARE` have a space before them), so that a repair writes what it adds the
    way the file writes the rest."""
    marks = [m.group(1) for m in _AFTER_WORD.finditer(text)]
    spaced = len(marks) >= SPACED_MIN and marks.count(" ") >= SPACED_SHARE * len(marks)
    return ProseStyle(newline=majority_newline(text), spaced=spaced)
