"""Clean English sentences from documentation on this machine: the clean side of ``synth-prose``.

:func:`find_documents` lists the files of the given paths by format (reStructuredText sources
``*.rst.txt``/``*.rst``, HTML, man pages, info manuals, ``fortune`` files, plain text; ``.gz``
read transparently); :func:`paragraphs` turns one document into paragraphs of plain text with
the markup stripped and code left out (literal blocks, ``<pre>``, man page ``.nf`` regions,
indented examples); :func:`clean_sentences` splits paragraphs into sentences with the prose
front-end (:mod:`spancopy_core.lang.text`) and keeps those that read as English prose
(:func:`is_prose`), in JFLEG's spacing (:func:`jfleg_spacing`: ``do n't``, ``it 's``), as the
prose lexer's tokens.
"""

from __future__ import annotations

import gzip
import html
import re
from collections.abc import Iterator, Sequence
from html.parser import HTMLParser
from pathlib import Path

from spancopy_core.lang.text import TextSource

from .config import DataError

FORMATS = ("rst", "html", "man", "info", "fortune", "text")


def format_of(path: Path) -> str | None:
    """The format of a documentation file by its name, or None to skip it."""
    name = path.name[:-3] if path.name.endswith(".gz") else path.name
    parts = path.parts
    if name.endswith((".rst.txt", ".rst")):
        return "rst"
    if name.endswith((".html", ".htm")):
        return "html"
    if "man" in parts and re.search(r"\.\d\w*$", name):
        return "man"
    if "info" in parts and re.search(r"\.info(-\d+)?$", name):
        return "info"
    if "fortunes" in parts and "." not in name:
        return "fortune"
    if name.endswith(".txt"):
        return "text"
    return None


def find_documents(paths: Sequence[Path]) -> list[tuple[Path, str]]:
    """(file, format) of every documentation file under ``paths``, in a fixed order; a path
    that does not exist raises :class:`DataError`."""
    found: list[tuple[Path, str]] = []
    for path in paths:
        if not path.exists():
            raise DataError(f"{path}: no such file or directory")
        files = sorted(p for p in path.rglob("*") if p.is_file()) if path.is_dir() else [path]
        for f in files:
            kind = format_of(f)
            if kind is not None:
                found.append((f, kind))
    return found


def read_text(path: Path) -> str:
    """The text of a (possibly gzipped) file, undecodable bytes replaced."""
    data = path.read_bytes()
    if path.name.endswith(".gz"):
        data = gzip.decompress(data)
    return data.decode("utf-8", "replace")


# -- markup -----------------------------------------------------------------------------------

_RST_ROLE = re.compile(r":[\w:+-]+:`([^`<]*?)(?:\s*<[^>]*>)?`")
_RST_LINK = re.compile(r"`([^`<]+?)\s*<[^>]*>`_+")
_RST_MARKUP = re.compile(r"\*\*?([^*]+)\*\*?|`([^`]+)`_+|\|([^|]+)\|")


def rst_paragraphs(text: str) -> Iterator[str]:
    """Paragraphs of a reStructuredText source: directives, literal blocks (after ``::``),
    indented blocks, section underlines and tables dropped; roles and emphasis reduced to
    their text; inline literals (````x````) kept as code so that such sentences are dropped."""
    block: list[str] = []
    literal = False
    for line in text.splitlines():
        stripped = line.strip()
        indented = line[:1] in (" ", "\t")
        if not stripped:
            if block:
                yield " ".join(block)
                block = []
            continue
        if literal and indented:
            continue
        literal = False
        if (
            indented
            or stripped.startswith(("..", "+-", "|", ">>>", "="))
            or re.fullmatch(r"([=\-~^\"'`#*+])\1{2,}", stripped)
        ):
            if block:
                yield " ".join(block)
                block = []
            literal = literal or stripped.endswith("::")
            continue
        text_line = _RST_ROLE.sub(r"\1", stripped)
        text_line = _RST_LINK.sub(r"\1", text_line)
        text_line = _RST_MARKUP.sub(
            lambda m: next(g for g in m.groups() if g is not None), text_line
        )
        block.append(text_line.rstrip(":") + ("." if stripped.endswith("::") else ""))
        if stripped.endswith("::"):
            yield " ".join(block)
            block, literal = [], True
    if block:
        yield " ".join(block)


class _HTMLText(HTMLParser):
    """Collects the text of block elements, leaving out code, scripts and navigation."""

    SKIP = frozenset({"pre", "script", "style", "table", "nav"})
    CODE = frozenset({"code", "tt", "kbd", "samp"})  # inline: the sentence is not prose
    BLOCKS = frozenset({"p", "li", "dd", "dt", "div", "h1", "h2", "h3", "h4", "td", "br", "pre"})

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.out: list[str] = []
        self.current: list[str] = []
        self.skip = 0

    def _flush(self) -> None:
        text = " ".join("".join(self.current).split())
        if text:
            self.out.append(text)
        self.current = []

    def handle_starttag(self, tag: str, attrs) -> None:
        if tag in self.SKIP | self.CODE:
            self.skip += 1
        if tag in self.CODE:
            self.current.append("`x`")  # a code token: the sentence is dropped
        if tag in self.BLOCKS:
            self._flush()

    def handle_endtag(self, tag: str) -> None:
        if tag in self.SKIP | self.CODE and self.skip:
            self.skip -= 1
        if tag in self.BLOCKS:
            self._flush()

    def handle_data(self, data: str) -> None:
        if not self.skip:
            self.current.append(data)


def html_paragraphs(text: str) -> list[str]:
    """Paragraphs of an HTML page (code, scripts, tables and navigation left out)."""
    parser = _HTMLText()
    parser.feed(text)
    parser.close()
    parser._flush()
    return parser.out


_MAN_ESCAPE = re.compile(r"\\f(?:\[[^\]]*\]|\(..|.)|\\\(..|\\\[[^\]]*\]|\\[&|^~0:/,%]|\\s[-+]?\d")
_MAN_FONT = re.compile(r"^\.(?:B|I|BR|IR|RB|RI|BI|IB|SM|SB)\s+")


def man_paragraphs(text: str) -> Iterator[str]:
    """Paragraphs of a man page source (roff): requests and escapes dropped, font macros
    reduced to their text, no-fill regions (``.nf`` .. ``.fi``, ``.EX`` .. ``.EE``) left out."""
    block: list[str] = []
    nofill = False
    for line in text.splitlines():
        if line.startswith((".nf", ".EX")):
            nofill = True
        elif line.startswith((".fi", ".EE")):
            nofill = False
            continue
        if nofill:
            continue
        if line.startswith((".", "'")):
            match = _MAN_FONT.match(line)
            if match:
                words = line[match.end() :].replace('"', "").split()
                alternating = len(match.group().split()[0]) == 3  # .BR: fonts alternate
                block.append(("" if alternating else " ").join(words))
                continue
            if block:
                yield " ".join(block)
            block = []
            continue
        line = _MAN_ESCAPE.sub("", line).replace("\\-", "-").replace("\\e", "\\")
        if line.strip():
            block.append(line.strip())
        elif block:
            yield " ".join(block)
            block = []
    if block:
        yield " ".join(block)


def plain_paragraphs(text: str, max_indent: int = 4) -> Iterator[str]:
    """Paragraphs of plain text (blank-line separated); lines indented by more than
    ``max_indent`` spaces (examples, tables) and menu lines (``* ``) end a paragraph and are
    dropped."""
    block: list[str] = []
    for line in text.splitlines():
        indent = len(line) - len(line.lstrip(" "))
        stripped = line.strip()
        if not stripped or indent > max_indent or stripped.startswith(("* ", "\x1f", "File:")):
            if block:
                yield " ".join(block)
            block = []
            continue
        block.append(stripped)
    if block:
        yield " ".join(block)


def fortune_paragraphs(text: str) -> Iterator[str]:
    """The quotations of a ``fortune`` file (``%`` lines between them), attributions and
    indented verse dropped."""
    for quote in re.split(r"^%$", text, flags=re.MULTILINE):
        lines = [
            line.strip()
            for line in quote.splitlines()
            if line.strip() and not line.lstrip().startswith("--")
        ]
        if lines:
            yield " ".join(lines)


def paragraphs(text: str, kind: str) -> Iterator[str]:
    """The prose paragraphs of a document of format ``kind`` (one of :data:`FORMATS`)."""
    if kind == "rst":
        yield from rst_paragraphs(text)
    elif kind == "html":
        yield from html_paragraphs(text)
    elif kind == "man":
        yield from man_paragraphs(text)
    elif kind == "info":
        yield from plain_paragraphs(text)
    elif kind == "fortune":
        yield from fortune_paragraphs(text)
    elif kind == "text":
        yield from plain_paragraphs(text)
    else:
        raise ValueError(f"unknown document format {kind!r}")


# -- sentences --------------------------------------------------------------------------------

_CONTRACTION = re.compile(r"(?<=\w)(n't|'s|'re|'ve|'ll|'d|'m)\b", re.IGNORECASE)
_PROSE_PUNCT = frozenset(",.;:!?'\"()-")
_ODD_WORD = re.compile(r"\d|_|[a-z][A-Z]|^[A-Z]{2,}[a-z]")


def jfleg_spacing(text: str) -> str:
    """Contractions split as JFLEG (and the Penn Treebank) writes them: ``don't`` ->
    ``do n't``, ``it's`` -> ``it 's``."""
    return _CONTRACTION.sub(r" \1", text.replace("’", "'"))


def is_prose(tokens: Sequence[tuple[str, str]], min_tokens: int = 5, max_tokens: int = 50) -> bool:
    """Whether a sentence of (text, kind) tokens reads as English prose: a length in range,
    a capitalised first word, a final ``. ! ?``, words and ordinary punctuation only (no code,
    URLs, numbers in words, identifiers such as ``snake_case`` or ``camelCase``), balanced
    parentheses and quotes, and at least three words in four."""
    if not min_tokens <= len(tokens) <= max_tokens:
        return False
    first, _ = tokens[0]
    if not (first[:1].isupper() and first.isalpha()) or tokens[-1][0] not in (".", "!", "?"):
        return False
    words = 0
    for text, kind in tokens:
        if kind == "word":
            if _ODD_WORD.search(text) or not text.isascii():
                return False
            words += 1
        elif kind == "punct":
            if text not in _PROSE_PUNCT:
                return False
        elif kind != "number":
            return False
    texts = [t for t, _ in tokens]
    if texts.count("(") != texts.count(")") or texts.count('"') % 2:
        return False
    return 4 * words >= 3 * len(tokens)


def clean_sentences(paragraph: str, min_tokens: int = 5, max_tokens: int = 50) -> list[list[str]]:
    """The prose sentences of a paragraph (see :func:`is_prose`) as lexer tokens in JFLEG
    spacing."""
    text = jfleg_spacing(html.unescape(paragraph))
    source = TextSource(text)
    out = []
    for sentence in source.sentences:
        tokens = source.tokens[sentence.tokens]
        if is_prose([(w.text, w.kind) for w in tokens], min_tokens, max_tokens):
            out.append([w.text for w in tokens])
    return out
