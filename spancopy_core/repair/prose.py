"""The prose plug-in of the repair pipeline: sentences of plain text, Markdown and Java comments
(:data:`JAVA_COMMENTS`, masked so offsets hold). The spelling corrector and English capitals
correct a sentence before the prose model sees it; repairs must be at least as probable as
that input, never touch code tokens, and include the homophone swaps the model ranks.
Design notes: docs/design.md#repair-prose.
"""

from __future__ import annotations

import bisect
import copy
import difflib
import functools
import math
import re
from collections import Counter
from collections.abc import Callable, Container, Iterable, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path

from spancopy_core.editing.edits import TextEdit, apply_edits, layout_free
from spancopy_core.editing.positions import majority_newline
from spancopy_core.lang import java, text
from spancopy_core.lang.english import (
    BEFORE_CODE_LETTER,
    FUNCTION_WORDS,
    able_bases,
    american_spelling,
    apostrophes,
    capitals,
    causative_to,
    clause_commas,
    counted_plurals,
    doers,
    foreign_words,
    introductory_comma,
    its_and_it_is,
    less_bases,
    other_language,
    participles,
    plural_forms,
    prefixed,
    redone,
    singulars,
    tag_question_comma,
    tool_doers,
    wont,
)
from spancopy_core.lang.text import ProseStyle, Sentence, TextSource
from spancopy_core.repair.channel import (
    LEXICON,
    ChannelCosts,
    Lexicon,
    compound,
    respell,
    respellings,
    typo_shaped,
)
from spancopy_core.repair.frontend import (
    MAX_UNITS_PER_REQUEST,
    EditShape,
    Penalties,
    Suspect,
    Unit,
    written,
)
from spancopy_core.repair.harper import (
    PAIR_SEEN,
    HarperSettings,
    RuleEdit,
    chained,
    changes_word,
    knows,
    linter,
    misreads,
    suggestions,
    touches_code,
)
from spancopy_core.repair.spelling import distance, homophone_changes
from spancopy_core.repair.titles import word_title

NAME_LIMIT = 40  # characters of a sentence in its unit's name
MAX_SPELLING = 24  # homophone swaps of a sentence that the model scores, the first words' first
_FRONT_MATTER = re.compile(r"---[ \t]*\r?\n(?:.*\r?\n)*?(?:---|\.\.\.)[ \t]*(?:\r?\n|$)")
_NOT_NEWLINE = re.compile(r"[^\r\n]")
_COMMENT_OPEN = re.compile(r"/\*+")
_COMMENT_CLOSE = re.compile(r"\*+/$")
_LINE_STAR = re.compile(r"(?m)^([ \t]*)(\*+)(?!/)")
_LINE_SLASHES = re.compile(r"(?m)^([ \t]*)(//+)")
_LINE_BREAK = re.compile(r"[\r\n]")
_HTML_TAG = re.compile(r"</?[A-Za-z][^<>\r\n]*>")
_INLINE_TAG = re.compile(r"\{@[^{}`]*\}")
_NOT_CODE = re.compile(r'"(?:\\.|[^"\\\n])*"|\'(?:\\.|[^\'\\\n])*\'|/\*.*?\*/|//[^\n]*', re.S)
_IDENTIFIER = re.compile(r"[A-Za-z_$][A-Za-z0-9_$]*")
_HUMPS = re.compile(r"[A-Z]+(?![a-z])|[A-Z]?[a-z]+")
_TYPE_NAME = re.compile(r"[A-Z][a-z][A-Za-z0-9]*")  # a type's name, not a constant's
_BLOCK_TAG = re.compile(r"(?m)^([ \t]*)(@(?:param|throws|exception)[ \t]+\S+|@\w+)")


def _blank(match: re.Match) -> str:
    return _NOT_NEWLINE.sub(" ", match.group())


def without_front_matter(source: str) -> str:
    """``source`` with its YAML front matter (``---`` ... ``---`` at the very start) blanked
    out: the same length and line breaks, spaces in place of the rest."""
    found = _FRONT_MATTER.match(source)
    return source if found is None else _blank(found) + source[found.end() :]


def _name(source: str, start: int, end: int) -> str:
    flat = " ".join(source[start:end].split())
    return flat if len(flat) <= NAME_LIMIT else flat[: NAME_LIMIT - 1].rstrip() + "…"


_LEXICON: list[Lexicon] = []


def shared_lexicon() -> Lexicon:
    """The shipped lexicon (:data:`~spancopy_core.repair.channel.LEXICON`), read once."""
    if not _LEXICON:
        _LEXICON.append(Lexicon.read(LEXICON))
    return _LEXICON[0]


def warm() -> None:
    """Read the lexicon and build Harper's rules, about a second once a process, before a
    first sentence waits for them (the server, when a prose document is opened)."""
    shared_lexicon()
    linter(HarperSettings())


def has_words(source: TextSource, sentence: text.Sentence) -> bool:
    """Whether ``sentence`` holds a word of two letters or more and is English; one without
    (emoji, numbers, punctuation or code alone) is not prose, and one in another language
    (:func:`~spancopy_core.lang.english.other_language`: the French and Portuguese titles of
    talks picocli's README lists) is none of ours: neither gets repairs."""
    words = [t.text for t in source.tokens[sentence.tokens] if t.kind == "word"]
    return any(sum(c.isalpha() for c in w) >= 2 for w in words) and other_language(words) is None


# A sentence's tokens, the document's terms and whether it is a fragment -> corrected tokens.
Corrector = Callable[[tuple[str, ...], frozenset[str], bool], tuple[str, ...]]
TERM_USES = 3  # a word outside the lexicon that a document uses this often is one of its terms
# ... within this many words: a term is used where it is the topic; a long text of many writers
# (JFLEG's learners as one file: alot, informations, ther) repeats its misspellings far apart.
TERM_WINDOW = 1000
# ... or capitalised this often: a name (Punycode, twice in libidn2's README, respelt Unicode at
# a sentence's start); on JFLEG dev's tune part read as one file only "Infact" is so written
NAME_USES = 2
# A careless writer: of the sentences around one (CARELESS_WINDOW on each side and itself), at
# least CARELESS_SLIPS, and CARELESS_SHARE of them, have a word the channel respells. Such a
# writer misspells where the channel does not see it too, so Harper's spelling (spell) reads
# its sentences left as written as well: a word both dictionaries lack is a slip there, a term
# in well-edited text. On JFLEG dev read as one file 34% of the sentences have one (a window's
# share: 10th percentile 0.24); in the 6,422 sentences of bench/prose_false_alarms.py seeds
# 0/5/6/1/2, 95th percentile 0.06, one document over 0.15 (Node.js' GOVERNANCE.md, its names).
# A text of fewer sentences than CARELESS_SLIPS is judged by them all: a one-sentence text
# with a slip is a careless writer's (JFLEG dev's sentences each alone, span GLEU held-out
# 45.58 without this, 46.45 with; a one-line note's "mypy" is respelt "may" as it was).
CARELESS_WINDOW = 10
CARELESS_SHARE = 0.15
CARELESS_SLIPS = 3


def careless(slips: Sequence[bool], k: int) -> bool:
    """Whether the ``k``-th of a document's sentences is a careless writer's: see
    :data:`CARELESS_WINDOW`; ``slips`` says of each sentence whether the channel respells a
    word of it (:meth:`ProseFrontend.slipped`)."""
    window = slips[max(0, k - CARELESS_WINDOW) : k + CARELESS_WINDOW + 1]
    return sum(window) >= max(min(CARELESS_SLIPS, len(window)), CARELESS_SHARE * len(window))


def terms(source: TextSource, lexicon: Lexicon) -> frozenset[str]:
    """The document's terms: the words (in lower case) outside ``lexicon`` that it uses
    :data:`TERM_USES` times or more within :data:`TERM_WINDOW` words (capitalised,
    :data:`NAME_USES` times) or writes as code (:func:`technical_words`, a word made of one
    with an ending too: ``fuzzers`` of ``fuzz``; of the lexicon's words, a name it capitalises,
    :attr:`~spancopy_core.repair.channel.Lexicon.proper`: ``debian`` of ``debian/``), such a
    name written in lower case :data:`TERM_USES` times within :data:`TERM_WINDOW` words and
    never capitalised (dpkg's ``perl modules``: ``Perl``, six times in one file), a
    plural counted with its singular (``colorspace`` and ``colorspaces``, ``scons``), and the
    names it writes in lower case (:func:`lower_case_names`) and the names of HTML it uses
    that the lexicon lacks (:func:`markup_words`: ``thead``, not ``form``); never respelt or
    changed, a sentence's first word not capitalised. The clitic ``n't`` is no term: a
    document that writes "don't" three times could otherwise never have "dont" made
    "don't"."""

    def stem(word: str) -> str:
        return word[:-1] if len(word) > 3 and word.endswith("s") else word

    written = [t.text for t in source.tokens if t.kind == "word"]
    words = [w.lower() for w in written]
    uses: dict[str, list[int]] = {}
    names: dict[str, list[int]] = {}  # the uses capitalised
    for k, word in enumerate(words):
        if word not in lexicon and text.normalize(word) != "n't":  # a clitic, no term
            uses.setdefault(stem(word), []).append(k)
            if written[k][:1].isupper():
                names.setdefault(stem(word), []).append(k)

    def near(at: list[int], n: int) -> bool:
        return any(b - a < TERM_WINDOW for a, b in zip(at, at[n - 1 :], strict=False))

    close = {s for s, at in uses.items() if near(at, TERM_USES)}
    close |= {s for s, at in names.items() if near(at, NAME_USES)}
    # a name the lexicon capitalises that the document writes in lower case only: its
    # writer's spelling of the name (dpkg's ``perl modules``, pango's NEWS ``cairo``)
    lower: dict[str, list[int]] = {}
    for k, word in enumerate(words):
        if word in lexicon.proper and written[k].islower():
            lower.setdefault(stem(word), []).append(k)
    capitalised = {stem(w) for k, w in enumerate(words) if not written[k].islower()}
    close |= {s for s, at in lower.items() if s not in capitalised and near(at, TERM_USES)}
    technical = technical_words(source)
    close |= {stem(w) for w in technical if w not in lexicon or w in lexicon.proper}
    close |= {stem(w) for w in words if w not in lexicon and _inflected(w, technical)}
    close |= {stem(w) for w in words if w in markup_words() and w not in lexicon}  # not form
    return frozenset(w for w in words if stem(w) in close) | lower_case_names(source, technical)


MARKUP_WORDS = Path(__file__).resolve().parents[1] / "lang" / "data" / "html-words.txt"


@functools.cache
def markup_words() -> frozenset[str]:
    """The names of HTML (:data:`MARKUP_WORDS`: its elements, ``thead``, ``tbody``,
    ``colgroup``, and attributes, ``href``, ``colspan``), terms of every document: jsoup's
    change log, ``around thead, tbody, and tfoot``, got ``thread, body, and foot``."""
    lines = MARKUP_WORDS.read_text(encoding="utf-8").splitlines()
    return frozenset(w for w in (line.strip() for line in lines) if w and not w.startswith("#"))


_LETTERS = re.compile(r"[^\W\d_]+")
_ENDINGS = ("s", "es", "d", "ed", "er", "ers", "ing")  # of a word made of a code word


def _inflected(word: str, stems: Container[str]) -> bool:
    """Whether ``word`` is one of ``stems`` (of 4 letters or more) with an ending of
    :data:`_ENDINGS` (``fuzzers`` of a document whose link target says ``fuzz``), its last
    consonant doubled before a vowel or not (find(1)'s ``after it has statted 2 fewer
    subdirectories`` of its ``stat`` tag: ``started``)."""
    for e in _ENDINGS:
        base = word[: -len(e)]
        if not word.endswith(e) or len(base) < 4:
            continue
        doubled = e[0] in "aeiou" and base[-1] == base[-2] and base[:-1] in stems
        if base in stems or doubled and len(base) > 4:
            return True
    return False


def technical_words(source: TextSource) -> set[str]:
    """The words (in lower case) that the document writes as code or as part of it: the letter
    runs of its code tokens and code blocks (inline code, URLs, identifiers, paths, commands:
    ``meson`` of ```meson configure```), a word glued to a slash (``nodejs/node``,
    ``GLibC/Musl``), the words glued after the dash or plus of a command-line option
    (``-lpthread``, ``--with-editline``, ``-F +brstackinsn``) and the words of a command that
    ends a line after a colon (:func:`~spancopy_core.lang.text.inline_commands`: ``try: perf
    report -s sym,srcline``); one outside the lexicon is a name of the document
    (:func:`terms`), never respelt: spelt as code, it is no typo."""
    out = {w.lower() for block in source.code for w in _LETTERS.findall(block.text)}
    out |= {w.lower() for c in text.inline_commands(source.text) for w in _LETTERS.findall(c)}
    tokens = source.tokens
    for k, t in enumerate(tokens):
        if t.kind == "code":
            out.update(w.lower() for w in _LETTERS.findall(t.text))
            continue
        if t.kind != "word":
            continue
        before = tokens[k - 1] if k and tokens[k - 1].end == t.start else None
        after = tokens[k + 1] if k + 1 < len(tokens) and tokens[k + 1].start == t.end else None
        slashed = "/" in (before.text if before else "", after.text if after else "")
        if slashed or _option_dash(tokens, k - 1):  # (-lpthread, --with-editline)
            out.update(w.lower() for w in _LETTERS.findall(t.text))
    return out


def _first_word(tokens: Sequence[text.Word]) -> text.Word:
    """The first token of a sentence after its Markdown markers (``**polkit** uses``)."""
    return next((t for t in tokens if t.text not in _MARKERS), tokens[0])


def _in_capitals(word: str) -> bool:
    """Whether ``word`` is written in capitals, two or more (``ZLIB``, not ``I``)."""
    return len(word) > 1 and word.isupper()


NAME_MAJORITY = 3  # see lower_case_names
# A word of the lexicon counted fewer times than this is seldom written in the documentation
# it counts (pip 14, sudo 8, venv 5, gzip 68; someone, always, actually hundreds of times or more)
RARE_NAME = 100


def always_lower(source: TextSource, lexicon: Lexicon) -> frozenset[str]:
    """The words of ``lexicon`` counted fewer than :data:`RARE_NAME` times, no function words,
    that the document writes in lower case :data:`TERM_USES` times or more and never
    capitalised: a careful writer's name, kept in lower case where it starts a sentence
    (python-pip's README.Debian opens with ``pip on Debian is a crazy mess`` and writes
    ``pip`` 12 times more: ``Pip`` was offered). A careless writer's are capitalised (JFLEG's
    learners, read as one file, start sentences with ``books`` and ``professor`` so)."""
    words = [t.text for t in source.tokens if t.kind == "word"]
    uses = Counter(w for w in words if w.islower())
    capitalised = {w.lower() for w in words if not w.islower()}
    return frozenset(
        w
        for w, n in uses.items()
        if n >= TERM_USES
        and w not in capitalised
        and w not in FUNCTION_WORDS
        and w in lexicon
        and lexicon.counts.get(w, 0) < RARE_NAME
    )


_CODE_OPENING = re.compile(r"\s*([a-z][\w+-]*)[ \t]")  # a command's name, opening code


def lower_case_names(source: TextSource, technical: Container[str] = frozenset()) -> frozenset[str]:
    """The words that start two sentences of the document or more in lower case, or one and
    are written as code too (of ``technical``, :func:`technical_words`: ``systemd`` of
    ``src/systemd``, ``configure`` of ``./configure``), and start fewer capitalised: names
    its writer keeps in lower case (``pip supports ...``, ``polkit is ...``), which the
    corrector would capitalise; a start in capitals (``ZLIB DATA COMPRESSION``) counts as
    neither. A word that is no function word may start some capitalised too, if it starts
    :data:`NAME_MAJORITY` times as many in lower case (tar(1) starts 18 lines of its synopsis
    with ``tar`` and one sentence with ``Tar exit code``); ``the`` and a learner's ``i`` never.
    A command's name opening a code block counts as a start in lower case (find(1) opens 10
    command lines with ``find`` and one sentence with ``Find compares``)."""
    firsts = [
        _first_word(source.tokens[s.tokens]) for s in source.sentences if s.block == text.TEXT
    ]
    lower = Counter(t.text for t in firsts if t.kind == "word" and t.text.islower())
    # and a command's name opening a code block (find(1)'s ``find . -name '*.c' -print``)
    openings = (_CODE_OPENING.match(c.text) for c in source.code)
    lower.update(m.group(1) for m in openings if m and m.group(1) not in FUNCTION_WORDS)
    # capitalised, not in capitals: a heading in capitals (ZLIB DATA COMPRESSION) says nothing
    # (but "I" is capitalised)
    capitalised = Counter(
        t.text.lower() for t in firsts if not t.text.islower() and not _in_capitals(t.text)
    )
    return frozenset(
        w
        for w, n in lower.items()
        if (n >= 2 or w in technical)
        and (not capitalised[w] or w not in FUNCTION_WORDS and n >= NAME_MAJORITY * capitalised[w])
    )


# A word the lexicon counts this often whose plural it lacks takes none (informations, todays,
# smallers, anyways: respelt); one counted less may have a plural the text counted never used
# (validators, distros, sdists: kept). Of the lexicon's words counted 50 to 74 times whose plural
# it lists, two in three have the plural counted 5 times or more (20 to 34 times: two in five).
# JFLEG's tune part and the false alarms were the same at 35 and 50 (docs/design.md).
PLURAL_EVIDENCE = 50


def plurals(tokens: Iterable[str], lexicon: Lexicon) -> frozenset[str]:
    """The words of ``tokens`` (in lower case) outside ``lexicon`` that are plurals of its words
    as English forms them (:func:`~spancopy_core.lang.english.singulars`: ``validators``,
    ``distros``, ``sdists``) counted fewer than :data:`PLURAL_EVIDENCE` times, or written after
    ``a`` :data:`~spancopy_core.repair.harper.PAIR_SEEN` times (a count noun: curl(1)'s
    ``syntaxes``; a learner's ``informations`` is never ``an information``): spelt right,
    never respelt (``validators`` -> ``validator``)."""

    def plural(word: str) -> bool:
        found = [w for w in singulars(word) if w in lexicon]
        counted = any(lexicon.pairs.get(("a", w), 0) >= PAIR_SEEN for w in found)
        return bool(found) and (counted or all(lexicon.counts[w] < PLURAL_EVIDENCE for w in found))

    return frozenset(w for w in {t.lower() for t in tokens} if w not in lexicon and plural(w))


PLURAL_SEEN = 20  # a plural the documentation writes this often is a noun's (noun_plural)


def noun_plural(word: str) -> str | None:
    """The plural of ``word`` (lower case) as the documentation writes it :data:`PLURAL_SEEN`
    times or more (:func:`~spancopy_core.lang.english.plural_forms`: ``reasons``); None for a word
    outside the lexicon, or one without (``information``, ``memory``)."""
    lexicon = shared_lexicon()
    if word not in lexicon:
        return None
    return next((p for p in plural_forms(word) if lexicon.counts.get(p, 0) >= PLURAL_SEEN), None)


# A word the lexicon counts this often whose form with a prefix it lacks takes none (unability:
# respelt inability); one counted less may take one the text counted never used (reintroduced,
# preallocates: kept). Its agent noun, as its plural: PLURAL_EVIDENCE (maner, smallers: respelt).
PREFIX_EVIDENCE = 200


def _made(
    tokens: Iterable[str], lexicon: Lexicon, bases: Callable[[str], tuple[str, ...]], limit: float
) -> frozenset[str]:
    """The words of ``tokens`` (in lower case) outside ``lexicon`` made of its words ``bases``
    gives (no function word), each counted fewer than ``limit`` times, one at least once."""

    def made(word: str) -> bool:
        counts = [
            lexicon.counts[b] for b in bases(word) if b in lexicon and b not in FUNCTION_WORDS
        ]
        return bool(counts) and 0 < max(counts) < limit

    return frozenset(w for w in {t.lower() for t in tokens} if w not in lexicon and made(w))


def derived_words(tokens: Iterable[str], lexicon: Lexicon) -> frozenset[str]:
    """The words of ``tokens`` (in lower case) outside ``lexicon`` that are its words with an
    English prefix (:func:`~spancopy_core.lang.english.prefixed`: ``reintroduced``,
    ``preallocates``) or ``-able`` adjectives (:func:`~spancopy_core.lang.english.able_bases`:
    ``resumable``; JFLEG dev respells none), counted fewer than :data:`PREFIX_EVIDENCE` times, or
    its words with ``re`` (:func:`~spancopy_core.lang.english.redone`: ``recode``) or its nouns'
    ``-less`` adjectives (:func:`~spancopy_core.lang.english.less_bases`: ``hostless``) at any
    count, or its words' agent nouns (:func:`~spancopy_core.lang.english.doers`: ``renderer``,
    ``serializers``), counted fewer than :data:`PLURAL_EVIDENCE` times (of a verb in ``-ize``, any
    number of times: :func:`~spancopy_core.lang.english.tool_doers`: ``initializer`` though
    ``initialize`` is counted 70 times), or its words spelt the British way
    (:func:`~spancopy_core.lang.english.american_spelling`: ``tokeniser``); of no function word
    (``untill``), of a word counted at least once (``recods``): spelt right, never respelt
    (``reintroduced`` -> ``introduced``, ``renderer`` -> ``rendered``, ``initializer`` ->
    ``initialized``)."""
    return (
        _made(tokens, lexicon, prefixed, PREFIX_EVIDENCE)
        | _made(tokens, lexicon, able_bases, PREFIX_EVIDENCE)
        | _made(tokens, lexicon, less_bases, math.inf)
        | _made(tokens, lexicon, redone, math.inf)
        | _made(tokens, lexicon, doers, PLURAL_EVIDENCE)
        | _made(tokens, lexicon, tool_doers, math.inf)
        | _made(tokens, lexicon, american_spelling, math.inf)
    )


def coinages(tokens: Sequence[str], lexicon: Lexicon) -> frozenset[str]:
    """The words of ``tokens`` (in lower case) outside ``lexicon`` that English makes of its
    words: :func:`plurals`, :func:`derived_words` and the compounds the channel respells only
    by their spacing (:func:`~spancopy_core.repair.channel.compound`: ``hashtable``)."""
    glued = frozenset(w for w in {t.lower() for t in tokens if t.isalpha()} if compound(w, lexicon))
    return plurals(tokens, lexicon) | derived_words(tokens, lexicon) | glued


class _Capitalised:
    """The words a sentence's first word is capitalised as: ``lexicon``'s but ``terms``, and
    with ``dictionary`` only those it holds too."""

    def __init__(
        self,
        lexicon: Container[str],
        terms: Container[str],
        dictionary: Callable[[str], bool] | None = None,
    ) -> None:
        self.lexicon, self.terms, self.dictionary = lexicon, terms, dictionary

    def __contains__(self, word: object) -> bool:
        if word not in self.lexicon or word in self.terms:
            return False
        return self.dictionary is None or self.dictionary(str(word))


_FENCE_GAP = re.compile(r"\s*(?:(?:```+|~~~+)[ \t]*(?:\r?\n|\r|$)\s*)?")  # a closing fence


def after_code(source: TextSource, sentence: text.Sentence) -> bool:
    """Whether ``sentence`` starts in lower case right after a code block (blank lines and a
    closing fence between at most), or opens a paragraph after one (a quotation, a list item)
    that ends without a terminator: the rest of the sentence before it (``... for example`` /
    the command / ``to print Tcl.n to PDF.``; procps' ``... upstream git.`` / ``> git clone
    ...`` / ``and use `git format-patch` format.``), whose first word is not capitalised. A
    paragraph after a heading, or after one that ends a sentence, starts one."""
    first = source.text[sentence.start - source.base : sentence.end - source.base][:1]
    if not first.islower():
        return False
    if any(
        c.end <= sentence.start
        and _FENCE_GAP.fullmatch(source.text, c.end - source.base, sentence.start - source.base)
        for c in source.code
    ):
        return True
    k = bisect.bisect_left(source.sentences, sentence.start, key=lambda s: s.start)
    before = source.sentences[k - 1] if k else None
    if before is None or before.block == text.HEADING:
        return False
    gap = source.text[before.end - source.base : sentence.start - source.base]
    sentence_text = source.text[before.start - source.base : before.end - source.base]
    last = sentence_text.rstrip("".join(text.CLOSERS))
    return bool(_PARAGRAPH_GAP.fullmatch(gap)) and not last.endswith(tuple(text.TERMINATORS))


_SPACED_APOSTROPHE = re.compile(r"(?<!\S)['’](?!\S)")  # an apostrophe between spaces
_PARAGRAPH_GAP = re.compile(r"[ \t>]*(?:\r?\n|\r)(?:[ \t>]*(?:\r?\n|\r))+[ \t>]*")  # a blank line


# punctuation that, with no space around it, is inside a word (a part in parentheses too:
# perf's tips, "branch (mis)predictions": mis got miss; git's '"-s(hort)" output': short)
_IN_WORD = frozenset(";:+=&()")


def glued_words(tokens: Sequence[text.Word]) -> frozenset[str]:
    """The words (in lower case) of a sentence's ``tokens`` written inside a longer word, glued
    to another word by punctuation of :data:`_IN_WORD` with no space around it (``tl;dr``,
    ``R&D``): the writer's own spelling, which the corrector neither respells nor re-cases
    (``tl;dr`` -> ``Tl;Dr``). Not ``/``, whose words are English words (``and/or``, capitalised
    first in a sentence), nor ``.`` or ``,``, which a typist glues to the next sentence; but
    ``.`` before ``*``, a package's wildcard (JUnit's coding style: ``import java.*`` got
    ``Java``)."""
    out: set[str] = set()
    for a, mark, b in zip(tokens, tokens[1:], tokens[2:]):
        wildcard = mark.text == "." and b.text == "*"
        if (mark.text in _IN_WORD or wildcard) and a.end == mark.start and mark.end == b.start:
            if wildcard or "punct" not in (a.kind, b.kind):  # (_tl;dr: an emphasis marker)
                out |= {t.text.lower() for t in (a, b) if t.kind == "word"}
    return frozenset(out)


def command_opening(words: Sequence[text.Word]) -> frozenset[str]:
    """The first word of a sentence's ``words`` (in lower case) when code follows it, apart
    from it: a code token, or an operator or a dash glued to what comes next. A command's name
    opening a command line (coreutils' NEWS ``date +'%-N' now suppresses ...``: ``Date``) or a
    keyword opening a declaration (libgcrypt's ``struct gcry_kdf_thread_ops NEW struct.``:
    ``Struct``), whose case is the writer's; ``ok - we go`` (a dash between spaces) opens
    none."""
    k = next((k for k, w in enumerate(words) if w.text not in _MARKERS), len(words))
    if k + 2 > len(words) or words[k].kind != "word" or not words[k].text.islower():
        return frozenset()
    first, nxt = words[k], words[k + 1]
    if nxt.start == first.end:
        return frozenset()
    glued = k + 2 < len(words) and words[k + 2].start == nxt.end
    mark = nxt.text in BEFORE_CODE_LETTER or nxt.text == "%"
    return frozenset({first.text}) if nxt.kind == "code" or mark and glued else frozenset()


_OR = ("and", "or")  # before a list's last item


def _named(word: text.Word) -> bool:
    """Whether ``word`` is code, or a word no English word's typo: without a vowel (``gpfs``),
    or with a digit (``ocfs2``)."""
    low = word.text.lower()
    return word.kind == "code" or not typo_shaped(low) or any(c.isdigit() for c in low)


def listed_names(words: Sequence[text.Word]) -> frozenset[str]:
    """The words (in lower case) of a list of names in a sentence's ``words``: three items or
    more, each one token, apart by commas (``and`` or ``or`` before the last), one of them code
    or no English word's typo (:func:`_named`). coreutils' NEWS, ``df now recognizes these
    file systems as remote: acfs, coda, fhgfs, gpfs, ibrix, ocfs2, and vxfs.``, got ``acts``
    and ``ibid``; a learner's ``aple, banan and oranje`` is a list of typos still."""
    out: set[str] = set()
    k, n = 0, len(words)
    while k < n:
        items, j = [k], k + 1
        while j < n and words[k].kind in ("word", "code"):  # (every item after the first is)
            m = j + 1 if words[j].text == "," else j
            if m < n and words[m].text.lower() in _OR:
                m += 1
            if m == j or m >= n or words[m].kind not in ("word", "code"):
                break
            items.append(m)
            j = m + 1
        if len(items) >= 3 and any(_named(words[i]) for i in items):
            out |= {words[i].text.lower() for i in items if words[i].kind == "word"}
        k = j if len(items) > 1 else k + 1
    return frozenset(out)


def letter_names(words: Sequence[text.Word]) -> frozenset[str]:
    """The capital letters standing alone after a sentence's first word, ``I`` aside: names
    of things (``Given two strings A and B``, ``a matrix A``; the comments of the held-out
    java-algorithms files got ``AN`` and ``any`` for ``A``, a deletion for ``matrix A``), in
    lower case as terms are (an article ``a`` of the sentence is then kept too)."""
    first = next((k for k, w in enumerate(words) if w.kind == "word"), len(words))
    return frozenset(
        w.text.lower()
        for w in words[first + 1 :]
        if w.kind == "word" and len(w.text) == 1 and w.text.isupper() and w.text != "I"
    )


def quoted_words(words: Sequence[text.Word]) -> frozenset[str]:
    """The words (in lower case) that stand alone between double quotes glued to them: a
    string's value (``Example: "abcdef" and "zcdemf" -> "cde"``: ``abide``, ``zydeco`` and
    ``code`` offered), or a word named, not used."""
    return frozenset(
        b.text.lower()
        for a, b, c in zip(words, words[1:], words[2:])
        if b.kind == "word"
        and a.text in _DOUBLE_QUOTES
        and c.text in _DOUBLE_QUOTES
        and a.end == b.start
        and b.end == c.start
    )


_DOUBLE_QUOTES = frozenset({'"', "“", "”"})
_LINE_END = re.compile(r"[ \t]*(?:[\r\n]|$)")
UNENDED_WORDS = 3  # the fewest words of a sentence of a lined text that a period ends


def _unended(source: TextSource, sentence: text.Sentence, tokens: tuple[str, ...]) -> bool:
    """Whether ``sentence`` (corrected to ``tokens``) of a :func:`~spancopy_core.lang.text.lined`
    text ends its line with a word and no terminator, of :data:`UNENDED_WORDS` words or more,
    and no title (most of its words capitalised): its writer left out the period (``We must
    trust ourselves``: JFLEG's learners; its references end each such sentence)."""
    if not source.lined or not tokens or not tokens[-1][:1].isalpha():
        return False
    if not _LINE_END.match(source.text, sentence.end - source.base):
        return False  # more on its line: a code span, a mark
    words = [t for t in tokens if t[:1].isalpha()]
    return len(words) >= UNENDED_WORDS and 2 * sum(w[:1].isupper() for w in words) <= len(words)


def sentence_unit(
    source: TextSource,
    sentence: text.Sentence,
    original: str = "",
    correct: Corrector | None = None,
    known_terms: frozenset[str] = frozenset(),
    comment: bool = False,
) -> Unit:
    """The unit of one sentence: its token texts as written (normalised,
    :func:`spancopy_core.lang.text.abstract`), the model input those texts as ``correct``
    corrects them, given the document's terms ``known_terms``; named by its text in
    ``original`` (default: the source's text); the sentence's :func:`glued_words` are terms,
    and its words in capitals (``USTAR``: tar-stream's README got ``user`` from the beam), its
    :func:`letter_names` and :func:`quoted_words`. A ``comment``'s sentence (the prose of a
    Java comment) is a fragment, as a list item is: its first word's case and its end are the
    writer's (``// avoid allocation for normal serialization``, ``@param key the data key``:
    jsoup's comments got ``Avoid`` and ``The``, each with a period, at >99%).
    """
    words = source.tokens[sentence.tokens]
    known_terms = known_terms | glued_words(words) | foreign_words([w.text for w in words])
    known_terms |= {w.text.lower() for w in words if w.kind == "word" and _in_capitals(w.text)}
    known_terms |= letter_names(words) | quoted_words(words) | command_opening(words)
    known_terms |= listed_names(words)
    model_input = text.abstract(words, source.typographic)
    tokens = tuple(model_input.tokens)
    continued = after_code(source, sentence)  # the rest of a sentence a code block cut in two
    fragment = comment or sentence.block != text.TEXT or continued  # a heading, an item
    corrected = tokens if correct is None else correct(tokens, known_terms, fragment)
    if correct is not None and not fragment and _unended(source, sentence, corrected):
        corrected = (*corrected, ".")
    # a term that Harper's precise rules corrected (alot -> a lot) is no term of this sentence:
    # else the corrected sentence, and every repair made from it, would be refused
    dropped = {t.lower() for t in tokens} - {t.lower() for t in corrected}
    # a coinage the corrector kept is a term: the model, searching a sentence the corrector
    # changed (Then, the usecase ...), would respell it (usecase -> usage)
    kept = frozenset() if correct is None else coinages(tokens, shared_lexicon()) - dropped
    return SentenceUnit(
        name=_name(original or source.text, sentence.start, sentence.end),
        start=sentence.start,
        end=sentence.end,
        tokens=corrected,
        mapping=model_input.mapping,
        source_tokens=words,
        has_error=False,
        sentence=source.text[sentence.start - source.base : sentence.end - source.base],
        title=sentence.block == text.HEADING,
        item=sentence.block == text.ITEM or comment,
        terms=(known_terms | kept) - dropped,
        continued=continued,
    )


def _laid_out(tokens: Sequence[str]) -> str:
    """The model tokens of a sentence as text, laid out as a repair lays them out; a link's
    target kept glued to its text (``[roadmap](docs/roadmap.md)``), so that the text lexes
    into the same code token again."""
    return "".join(sep + t for sep, t in zip(_separators(tokens), tokens, strict=True))


def _separators(tokens: Sequence[str]) -> list[str]:
    """What :func:`_laid_out` writes before each of ``tokens``."""
    seps = ProseStyle().layout(tokens, 0, multiline=False)
    return [
        "" if k and tokens[k - 1] == "]" and t[:1] in "([" and len(t) > 2 else sep
        for k, (sep, t) in enumerate(zip(seps, tokens, strict=True))
    ]


@functools.lru_cache(maxsize=1024)  # asked again for every candidate ranked (min_ratio_of)
def _suggested(
    sentence: str,
    start: int,
    tokens: tuple[str, ...],
    spans: tuple[tuple[int, int], ...],
    settings: HarperSettings,
) -> tuple[tuple[TextEdit, str], ...]:
    """Harper's suggestions of ``sentence`` (written at offset ``start`` of its document, its
    model ``tokens`` at ``spans``), at the document's offsets: those of its tokens
    :func:`_laid_out`, which :meth:`ProseFrontend.chain` asked for already (Harper's answers
    are kept), placed at the tokens as written; where the sentence is written so, or an edit
    starts or ends inside a token, those of its text. One Harper run a sentence, not two,
    where its spacing is not the layout's (JFLEG's ``do n't`` and `` , ``)."""
    laid, seps = _laid_out(tokens), _separators(tokens)
    if laid != sentence and len(spans) == len(tokens):
        starts: dict[int, int] = {}
        ends: dict[int, int] = {}
        at = 0
        for sep, token, (lo, hi) in zip(seps, tokens, spans, strict=True):
            at += len(sep)
            starts[at], ends[at + len(token)] = lo, hi
            at += len(token)
        placed = []
        for edit, rule in suggestions(laid, 0, settings):
            first = starts.get(edit.start, ends.get(edit.start))
            last = ends.get(edit.end, starts.get(edit.end))
            if first is None or last is None or last < first:
                break
            placed.append((TextEdit(first, last, edit.new_text), rule))
        else:
            return tuple(placed)
    return tuple(suggestions(sentence, start, settings))


def _overlapping(
    source: str, sentences: Sequence[text.Sentence], start: int, end: int
) -> list[text.Sentence]:
    """The sentences of ``source`` overlapping ``[start, end]`` (ends included), at most
    :data:`MAX_UNITS_PER_REQUEST`. A cursor (``start == end``) in no sentence takes the
    sentence after it on its line (a cursor on a list marker, or in the indentation), else
    the one before it on its line (after the last word)."""
    k = bisect.bisect_left([s.end for s in sentences], start)
    out: list[Sentence] = []
    while k < len(sentences) and sentences[k].start <= end and len(out) < MAX_UNITS_PER_REQUEST:
        out.append(sentences[k])
        k += 1
    if out or start != end:
        return out
    for near in (k, k - 1):
        if 0 <= near < len(sentences):
            lo, hi = sorted((start, sentences[near].start if near == k else sentences[near].end))
            if not _LINE_BREAK.search(source, lo, hi):
                return [sentences[near]]
    return []


# The fewest tokens of a training sentence (trainer/synth_prose.py --min-tokens): shorter
# fragments without a terminator are headings and titles, which the model would end.
MIN_SENTENCE = 5


_MARKERS = frozenset({"*", "~", "|", "#", "[", "]", "="})  # Markdown emphasis, links, ...
_CLOSING = frozenset({")", "]", '"', "'", "”", "’", "»"})

# Words that make a sentence negative: a repair that leaves one out inverts what the writer
# meant ("It won't work." -> "It will work."), so it is not offered (the rule
# NEGATION_KEPT of keeps_negations).
NEGATIONS = frozenset({"not", "n't", "cannot", "never", "nor", "neither"})


_CLAUSE_ENDS = frozenset({".", ",", ";", "!", "?"})


def stranded_to(tokens: Sequence[str]) -> int:
    """How many times ``to`` ends a clause in ``tokens`` (before a mark of
    :data:`_CLAUSE_ENDS` or at the end): ``if you want to.`` is English, but a repair that
    makes one more wrote ``to`` for ``too`` (``in the config file too.`` -> ``file to.``,
    89%)."""
    return sum(
        t.lower() == "to" and (k + 1 == len(tokens) or tokens[k + 1] in _CLAUSE_ENDS)
        for k, t in enumerate(tokens)
    )


def keeps_negations(old: Sequence[str], new: Sequence[str]) -> bool:
    """The rule NEGATION_KEPT: whether the sentence ``new`` has at least as many
    :data:`NEGATIONS` (in lower case, apostrophes straight) as ``old`` had."""

    def count(tokens: Sequence[str]) -> int:
        return sum(text.normalize(t).lower() in NEGATIONS for t in tokens)

    return count(new) >= count(old)


def _option_dash(tokens: Sequence[text.Word], d: int) -> bool:
    """Whether token ``d`` is the dash of a command-line option: ``-``, ``--`` or ``+`` after a
    space (or first), the next token glued to it (``-i``, ``--with-editline``, ``+field``)."""
    if not 0 <= d < len(tokens) - 1 or tokens[d].text not in ("-", "--", "+"):
        return False
    spaced = d == 0 or tokens[d - 1].end < tokens[d].start
    return spaced and tokens[d + 1].start == tokens[d].end


def _after_option(tokens: Sequence[text.Word], k: int) -> bool:
    """Whether token ``k`` follows a command-line option: a dash (:func:`_option_dash`) and a
    letter or two glued to it (``-i``, ``--v``)."""
    if k < 2:
        return False
    letter = tokens[k - 1].text
    return len(letter) <= 2 and letter.isalnum() and _option_dash(tokens, k - 2)


def keeps_option_nouns(source: Sequence[text.Word], new: Sequence[str]) -> bool:
    """The rule OPTION_NOUN_KEPT: whether each word right after a command-line option keeps its
    number in the sentence ``new`` (model tokens) of the words ``source``. The model reads the
    letter of an option as a pronoun (ssh(1)'s ``multiple -i options``, xargs(1)'s ``The -l
    and -i options appear``: ``option``, >99%)."""
    after = {k for k in range(2, len(source)) if _after_option(source, k)}
    if not after:
        return True  # (most sentences: no alignment to make)
    old = [text.normalize(w.text) for w in source]
    matcher = difflib.SequenceMatcher(a=old, b=list(new), autojunk=False)
    for op, i1, i2, j1, j2 in matcher.get_opcodes():
        if op != "replace" or i2 - i1 != j2 - j1:
            continue
        for k, changed in zip(range(i1, i2), new[j1:j2], strict=True):
            if k in after and old[k] in (changed + "s", changed[:-1]):
                return False
    return True


NAME_RESPELT = 2  # the edit distance within which a name's respelling keeps it, at most


def _names(source: Sequence[text.Word]) -> Counter[str]:
    """The names of a sentence (in lower case): its words capitalised within a clause, after a
    word, a number or a comma (not ``I``, ``I'm``)."""
    return Counter(
        w.text.lower()
        for v, w in zip(source, source[1:], strict=False)
        if w.kind == "word" and w.text[:1].isupper() and w.text != "I"
        and not w.text.startswith(("I'", "I’"))
        and (v.kind in ("word", "number") or v.text == ",")
    )  # fmt: skip


def keeps_names(source: Sequence[text.Word], new: Sequence[str]) -> bool:
    """The rule NAME_KEPT: whether each name of the words ``source`` (:func:`_names`) is in the
    sentence ``new`` (model tokens), in any case (a learner's ``the School``), or respelt
    (a word new to it within :data:`NAME_RESPELT`, one of four letters or three within 1,
    shorter none: ``Go`` is not ``to``). The model reads a name as the word it
    looks like (Commons Lang's README, ``the central Maven repositories``: ``managed``,
    86%)."""
    names = _names(source)
    if not names:
        return True
    written = Counter(w.text.lower() for w in source)
    now = Counter(text.normalize(t).lower() for t in new)
    gained = [w for w in now if w not in written]
    for name, count in names.items():
        limit = min(NAME_RESPELT, (len(name) - 1) // 2)
        respelt = sum(distance(name, w, limit) <= limit for w in gained)
        if count - now[name] > respelt:
            return False
    return True


def _protected(tokens: Sequence[text.Word], known: frozenset[str]) -> list[str]:
    """What a repair must keep as it is: code, Markdown markers and the words of ``known`` (in
    lower case, any case; with capitals, as written: a Java comment's type names)."""
    return [
        t.text
        for t in tokens
        if t.kind == "code" or t.text in _MARKERS or t.text.lower() in known or t.text in known
    ]


@dataclass(frozen=True)
class ProseSettings:
    """What a user sets of prose mode: Harper's dialect and rules (``harper``; None: no
    Harper) and the ``words`` never changed (in lower case: the user's dictionary, the words of
    the workspace's identifiers), by the spelling corrector, Harper or the model."""

    harper: HarperSettings | None = HarperSettings()  # noqa: RUF009 (frozen)
    words: frozenset[str] = frozenset()


@dataclass(frozen=True)
class SentenceUnit(Unit):
    """A prose unit; ``title``: the sentence is a Markdown heading; ``item``: in a list item;
    ``terms``: the document's terms (:func:`terms`); ``continued``: the rest of a sentence
    that a code block cut in two (:func:`after_code`)."""

    title: bool = False
    item: bool = False
    terms: frozenset[str] = frozenset()
    sentence: str = ""  # its text as written
    continued: bool = False


@dataclass(frozen=True)
class Bars:
    """The one place of the prose ratio floors: how many times as likely as the sentence as the
    model gets it (as written, corrected by :meth:`ProseFrontend.correct`) each kind of
    candidate must be to be offered (None: that kind is not made). The front-end's own
    correction has none: it is the sentence measured, sure (``runner.keeps``).

    Chosen on JFLEG dev's tune part (GLEU, each line alone) and the false-alarm set
    (``bench/prose_false_alarms.py``, rank-1 repairs per 1,000 words) together, from one run of
    every candidate's exact score (the rule: the best tune GLEU, then the fewest false alarms,
    then the lowest bar). The beam's rewrites of a sentence the corrector left as written gained
    0.08 GLEU at 1 (0.29 at 0.5) for 1.9 (3.1) false alarms per 1,000 words, and cost most of
    the time of a sentence: not searched. Harper's and the homophones' at 1 to 20 changed no
    tune sentence; the homophones' 1 false alarm went at 5; below 1 each added false alarms.
    Revisited on the tune part read as one file (GLEU 45.99) with the false alarms at 4.00:
    the beam's at 0.1 on a sentence as written gains 0.73 GLEU for 10.2 false alarms per 1,000
    words (0.3: 0.43 for 7.4), its floor on a corrected sentence (0.001 to 1) changes nothing
    (2 loses 0.33), Harper's at 0.2 gains 0.03 for 0.3 false alarms more (0.5 to 2: no tune
    sentence changes), the homophones' at 1 adds 0.1 false alarms and nothing else: all kept.
    Revisited on a document basis: where a quarter of the 51 sentences around one were changed
    by the corrector (29 to 47% in JFLEG's, at most 12% in the false-alarm set's), searching
    the sentences left as written at 0.1 gained 0.75 GLEU on the tune part as one file but lost
    0.31 on the held-out part (precision 71.0 -> 64.3: ``conclusion`` -> ``configuration``,
    ``practices`` deleted; at 0.3 -0.16, at 1 +0.00): not made.
    The homophones' then rose from 5 to 20 (the top of the range that changes no tune
    sentence): of 30 correct sentences full of contractions (the last 30 of
    tests/core/repair/contractions.txt), "they're right" became "their right" at 5.4 times the
    sentence as written.

    The corrector's own candidate (the model input, sure) has no floor: the model measures it
    against the sentence as written badly. Scored as a candidate of the sentence as written,
    the corrected sentence is less likely than the sentence as written for most right
    corrections (median ratio about e^-10 on the tune part: the model copies what it is given),
    so a floor removes right corrections before wrong ones: at e^-30, e^-20, e^-10, 1 the tune
    GLEU falls 45.99 -> 45.82, 44.74, 42.35, 39.34 for false alarms 4.00 -> 3.90, 3.47, 2.63,
    0.21 per 1,000 words. Its false alarms are fixed at their causes instead: the document's
    words written as code are terms (:func:`technical_words`), words without a vowel are not
    respelt (:func:`~spancopy_core.repair.channel.typo_shaped`), code blocks are no prose."""

    beam: float = 1.0  # the beam's rewrites of a sentence the front-end corrected
    beam_as_written: float | None = None  # of a sentence it left as written: no beam search
    harper: float = 1.0  # Harper's suggestions (those not made in the model input)
    homophone: float = 20.0  # homophone swaps (their -> there)


def spelt_words(
    tokens: tuple[str, ...], known: frozenset[str], harper: HarperSettings | None
) -> frozenset[str]:
    """The words of the sentence ``tokens`` spelt as meant, which the corrector never
    respells: the document's terms ``known``, the plurals and derived words of the
    lexicon's, and with ``harper`` the words Harper's dictionary holds (of those the channel
    and :meth:`ProseFrontend.spell` may change: words of letters), in lower case or
    capitalised: a name it holds only capitalised (``Gradle``: jcommander's changelog's
    ``Added: Gradle build support`` got ``Grade``) is a name in lower case too (``run
    gradle``)."""
    lexicon = shared_lexicon()
    spelt = known | plurals(tokens, lexicon) | derived_words(tokens, lexicon)
    if harper is not None:
        asked = {w for t in tokens if (w := t.lower()).isalpha() and w not in lexicon}
        spelt |= {
            w
            for w in asked - spelt
            if knows(w, harper.dialect) or knows(w.capitalize(), harper.dialect)
        }
    return spelt


@functools.lru_cache(maxsize=4096)  # the sentences around one, asked again at every request
def _slipped(
    tokens: tuple[str, ...],
    known: frozenset[str],
    costs: ChannelCosts,
    harper: HarperSettings | None,
) -> bool:
    lexicon = shared_lexicon()
    return bool(respellings(tokens, lexicon, costs, spelt_words(tokens, known, harper)))


class ProseFrontend:
    """Plain text or Markdown: the units are sentences (see the module docstring); the ratio
    floors of its kinds of candidate are :class:`Bars` (it is a
    :class:`~spancopy_core.repair.frontend.Floors`)."""

    model = "prose"
    unit_kind = "sentence"
    penalties = Penalties(
        signature=0.0, deletion=0.0, token_deletion=0.0, off_focus=0.0, edit_size=0.0, suspicion=0.0
    )
    min_ratio = 1.0  # only repairs the model prefers to its input (the corrected sentence)
    # Greedy: on JFLEG dev's tune part, the corrector and the model scored GLEU 43.66 at
    # beam 1, 43.71 at 2, 43.74 at 5, 43.65 at 20 (bench/prose_pipeline.py), in about half
    # the time of beam 5.
    beam_size = 1
    whole_unit_templates = True  # homophones are checked in every sentence, focus or not

    def __init__(
        self,
        name: str,
        language_ids: frozenset[str],
        extensions: tuple[str, ...],
        markdown: bool,
        spelling: ChannelCosts | None = ChannelCosts(),  # noqa: B008 (frozen)
        harper: HarperSettings | None = HarperSettings(),  # noqa: B008 (frozen)
        words: frozenset[str] = frozenset(),
        bars: Bars = Bars(),  # noqa: B008 (frozen)
    ) -> None:
        self.name, self.language_ids, self.extensions = name, language_ids, extensions
        self.markdown = markdown
        self.spelling = spelling  # None: the model sees each sentence as written
        self.harper = harper  # None: no Harper suggestions
        self.words = words  # never changed (ProseSettings.words)
        self.bars = bars

    def searched(self, unit: Unit) -> bool:
        """Whether the beam search runs on ``unit``: a sentence the front-end corrected, or
        any with :attr:`Bars.beam_as_written` set or without a corrector (``spelling`` None:
        the model alone)."""
        return self._beam_bar(unit) is not None

    def _beam_bar(self, unit: Unit) -> float | None:
        if self.spelling is None or unit.tokens != written(unit):
            return self.bars.beam
        return self.bars.beam_as_written

    def min_ratio_of(self, unit: Unit, tokens: tuple[str, ...]) -> float:
        """The floor (:class:`Bars`) of the candidate of ``unit`` writing ``tokens``: a Harper
        suggestion's, a homophone swap's (templates of a sentence as written, :meth:`templates`),
        else the beam's (infinite where not searched)."""
        if unit.tokens == written(unit):
            harper = self._harper(unit, unit.start, unit.end, set(tokens))
            if any(new == tokens for _, new in harper):
                return self.bars.harper
            swaps = homophone_changes(unit.tokens)
            if any((*unit.tokens[:a], *new, *unit.tokens[b:]) == tokens for a, b, new in swaps):
                return self.bars.homophone
        bar = self._beam_bar(unit)
        return math.inf if bar is None else bar

    @property
    def settings(self) -> ProseSettings:
        """What the user set of this front-end."""
        return ProseSettings(self.harper, self.words)

    def configured(self, settings: ProseSettings) -> ProseFrontend:
        """This front-end with the user's ``settings`` (itself when it has them)."""
        if settings == self.settings:
            return self
        out = copy.copy(self)
        out.harper, out.words = settings.harper, settings.words
        return out

    def correct(
        self,
        tokens: tuple[str, ...],
        known: frozenset[str] = frozenset(),
        fragment: bool = False,
        careless: bool = False,
    ) -> tuple[str, ...]:
        """The sentence ``tokens`` as the model sees it: misspelt words respelt (or split in
        two) by the noisy channel (:func:`~spancopy_core.repair.channel.respell`, with the
        costs ``self.spelling``), a contraction typed without its apostrophe written with it
        (:func:`~spancopy_core.lang.english.apostrophes`: ``dont``), a noun after a number
        in its plural (:func:`~spancopy_core.lang.english.counted_plurals`, of
        :func:`noun_plural`: ``several reason``), no ``to`` after ``make them``
        (:func:`~spancopy_core.lang.english.causative_to`), the capitals English
        always takes (:func:`~spancopy_core.lang.english.capitals`, with the lexicon's names
        seen in the documentation, :attr:`~spancopy_core.repair.channel.Lexicon.proper`) and
        a comma after an opening phrase
        (:func:`~spancopy_core.lang.english.introductory_comma`); as written without
        ``spelling``. The document's terms ``known`` are never respelt, nor, with ``harper``,
        a word its dictionary holds that the lexicon lacks
        (:func:`~spancopy_core.repair.harper.knows`: ``acyclic``, once ``cyclic``; of JFLEG
        dev's respellings, 6 such, 2 of them right). The first word of a ``fragment`` (a
        heading, a list item) or of a label (``help:``) keeps its case.
        Before all that, the suggestions of Harper's most precise rules (:meth:`chain`)
        unless ``harper`` is None. Only in a ``careless`` writer's (:func:`careless`) are
        words respelt more than one edit away or split in two
        (:func:`~spancopy_core.repair.channel.is_near`: in well-edited text such a word is a
        name or a term, ``mypy`` -> ``may``, ``conda`` -> ``code``, ``manylinux`` -> ``many
        Linux``; 12 of the false alarms of ``bench/prose_false_alarms.py`` seeds 0/5/6/1/2,
        none right; JFLEG dev unchanged).
        After it all, in a careless writer's the comma before a clause of ``but`` or ``which``
        (:func:`~spancopy_core.lang.english.clause_commas`: on JFLEG dev read as one file, GLEU
        46.38 -> 46.67 on the tune part and 46.76 -> 47.51 on the held-out part; no change in
        ``bench/prose_false_alarms.py`` seeds 0, 5 and 6), and, in a sentence so corrected or
        a careless writer's, Harper's spelling (:meth:`spell`): corrected by more than a name's
        capital or a comma (gzip's README, ``The perl script ztouch``: ``Perl`` let ``ztouch``
        become ``touch``), a sentence opened in lower case counting as a slip (JFLEG's
        ``finally ... the mineral magetite``: ``magnetite``; tune GLEU 0.05 lower without)."""
        written_tokens = tokens
        if self.harper is not None:
            tokens = self.chain(tokens)
        if self.spelling is None:
            return tokens
        user = {w.lower() for w in self.words}
        kept = known | user
        tokens = participles(wont(its_and_it_is(apostrophes(tokens, kept)), kept))
        lexicon = shared_lexicon()
        spelt = spelt_words(tokens, known, self.harper)
        dictionary = (
            None if self.harper is None else functools.partial(knows, dialect=self.harper.dialect)
        )
        misspelt = tokens != written_tokens
        respelt = respell(tokens, lexicon, self.spelling, spelt, misspelt, not careless, dictionary)
        respelt = causative_to(counted_plurals(respelt, noun_plural, spelt | user))
        label = tokens[1:2] == (":",)
        # nor a label's; with Harper, not a word of the lexicon its dictionary lacks, a name
        # (zlib, bc, musl: the lexicon counts the documentation's words)
        words = () if fragment or label else _Capitalised(lexicon, known, dictionary)
        capitalised = capitals(respelt, words, _Capitalised(lexicon.proper, known))
        out = introductory_comma(capitalised, optional=capitalised != written_tokens)
        if careless:
            out = clause_commas(out)
        # A name's capital or a comma is no misspelling (gzip's ``The perl script ztouch`` got
        # ``touch``); a sentence opened in lower case is a careless writer's, as a word respelt
        slipped = respelt != written_tokens or capitalised[:1] != respelt[:1]
        if self.harper is None or not (slipped or careless):
            return out
        return self.spell(out, spelt)

    def slipped(self, tokens: tuple[str, ...], known: frozenset[str]) -> bool:
        """Whether the channel respells a word of the sentence ``tokens`` (the document's
        terms ``known`` kept, as :meth:`correct` keeps them): a slip of its writer
        (:func:`careless`)."""
        return self.spelling is not None and _slipped(tokens, known, self.spelling, self.harper)

    def _spell_lints(self, tokens: tuple[str, ...]) -> bool:
        """Whether Harper's SpellCheck lints the sentence ``tokens`` at all, without which
        :meth:`spell` changes nothing: the sentence as a careless writer's need not be made
        again (the lints are :meth:`chain`'s, cached)."""
        if self.harper is None:
            return False
        found = suggestions(_laid_out(tokens), 0, self.harper)
        return any(rule == "SpellCheck" for _, rule in found)

    def chain(self, tokens: tuple[str, ...]) -> tuple[str, ...]:
        """The sentence ``tokens`` with the suggestions of Harper's most precise rules made
        (:func:`~spancopy_core.repair.harper.chained`, settings ``self.harper``)."""
        assert self.harper is not None
        sentence = _laid_out(tokens)
        lexicon = shared_lexicon()
        fixed = chained(sentence, self.harper, self.words, lexicon.pairs, lexicon.counts)
        return tokens if fixed == sentence else tuple(text.abstract(text.tokenize(fixed)).tokens)

    def spell(self, tokens: tuple[str, ...], known: Container[str]) -> tuple[str, ...]:
        """The corrected sentence ``tokens`` with the first suggestion of each of Harper's
        SpellCheck lints made, on a word in lower case of 3 letters or more that neither the
        lexicon, nor the document's terms ``known`` nor the user's words hold, outside code
        (:func:`~spancopy_core.repair.harper.touches_code`). Only in a sentence the corrector
        changed (one with a misspelling has more), or a :func:`careless` writer's: on JFLEG
        dev's tune part +0.41 GLEU there (+0.20 in the sentences left as written, where on
        well-edited text Harper's SpellCheck flags 56 words per 1,000); every other rule's
        first suggestion too gained 0.05 more, for 0.9 of F0.5: not made. Nor a first
        suggestion that only puts a space in the word (``usecase`` -> ``use case``): the
        channel, which left it, decides a compound's spacing
        (:func:`~spancopy_core.repair.channel.compound_spacing`)."""
        assert self.harper is not None
        sentence, lexicon = _laid_out(tokens), shared_lexicon()
        made: list[TextEdit] = []
        linted: set[int] = set()
        for edit, rule in suggestions(sentence, 0, self.harper):
            word = sentence[edit.start : edit.end]
            if rule != "SpellCheck" or edit.start in linted:
                continue  # another rule's, or a later suggestion of the lint
            linted.add(edit.start)
            if edit.new_text.replace(" ", "") == word:
                continue  # a compound split
            if len(word) < 3 or not (word.isalpha() and word.islower() and typo_shaped(word)):
                continue
            if word in lexicon or touches_code(sentence, edit):
                continue
            # the word, or the word it is part of (pango's NEWS: its term ``pango-view``, whose
            # ``pango`` got ``pang``), a term or a word of the user's
            if not any(changes_word(sentence, edit, w) for w in (known, self.words)):
                made.append(edit)
        if not made:
            return tokens
        return tuple(text.abstract(text.tokenize(apply_edits(sentence, made))).tokens)

    def parse(self, source: str, previous: TextSource | None = None) -> TextSource:
        """Sentences of ``source`` (parsing prose is fast: no incremental parse)."""
        return TextSource(without_front_matter(source) if self.markdown else source, self.markdown)

    def units_in(
        self, parsed: TextSource, start: int, end: int, known: Container[str], context: bool = False
    ) -> list[Unit]:
        hits = _overlapping(parsed.text, parsed.sentences, start, end)
        return self._units(parsed, {s.start for s in hits})

    def all_units(
        self, parsed: TextSource, known: Container[str], context: bool = False
    ) -> list[Unit]:
        return self._units(parsed, None)

    def _units(self, parsed: TextSource, starts: Container[int] | None) -> list[Unit]:
        """The units of the sentences of ``parsed`` (with words) that start at ``starts``
        (None: all). One is corrected as a :func:`careless` writer's (the channel's
        respellings more than one edit away, Harper's spelling in one the corrector leaves as
        written, a comma before ``but`` or ``which``) where the channel finds slips in the
        sentences around (asked only where that may change it: well-edited text seldom gets
        that far). Programmers' abbreviations
        (:func:`abbreviations`: ``impl``, ``algo``) are terms, but in the sentences of a careless
        writer of plain text (learners cut words short too). A name a careful writer keeps in
        lower case (:func:`always_lower`) is not capitalised where it starts a sentence."""
        found = terms(parsed, shared_lexicon()) | self.words
        names = always_lower(parsed, shared_lexicon()) - found  # a careful writer's
        cut = abbreviations((parsed,))
        if self.markdown:
            found, cut = found | cut, frozenset()
        prose = [s for s in parsed.sentences if has_words(parsed, s)]
        slips: dict[int, bool] = {}
        # (a text too short for a window is judged by its own slips: not its abbreviations)
        kept = found | cut if len(prose) < CARELESS_SLIPS else found

        def slipped(k: int) -> bool:
            if k not in slips:
                words = parsed.tokens[prose[k].tokens]
                slips[k] = self.slipped(tuple(text.abstract(words).tokens), kept)
            return slips[k]

        @functools.cache  # asked for the abbreviations and the corrections of a sentence
        def writer(k: int) -> bool:
            around = range(max(0, k - CARELESS_WINDOW), min(len(prose), k + CARELESS_WINDOW + 1))
            return careless([slipped(j) for j in around], k - around.start)

        def cuts(sentence: text.Sentence) -> bool:
            return any(t.text.lower() in cut for t in parsed.tokens[sentence.tokens])

        out = []
        for k, sentence in enumerate(prose):
            if starts is not None and sentence.start not in starts:
                continue
            learner = bool(cut) and cuts(sentence) and writer(k)
            known = found if learner else found | cut
            first = _first_word(parsed.tokens[sentence.tokens]).text
            if first in names and not writer(k):
                known = known | {first}
            careful = functools.partial(sentence_unit, parsed, known_terms=known)
            unit = careful(sentence, correct=self.correct)
            may_differ = (
                unit.tokens != written(unit)  # the channel's far respellings, Harper's spelling
                or self._spell_lints(unit.tokens)
                or clause_commas(unit.tokens) != unit.tokens
                or slipped(k)
            )
            if may_differ and writer(k):
                unit = careful(sentence, correct=functools.partial(self.correct, careless=True))
            out.append(unit)
        return out

    def style(self, parsed: TextSource) -> ProseStyle:
        return text.learn_style(parsed.text)

    def templates(
        self, unit: Unit, start: int, end: int, known: Container[str]
    ) -> list[tuple[TextEdit, tuple[str, ...] | None]]:
        """The homophone swaps (:func:`~spancopy_core.repair.spelling.homophone_changes`) of
        the words within ``[start, end]`` of a sentence that :meth:`correct` left as written,
        and Harper's suggestions there (:func:`~spancopy_core.repair.harper.suggestions`, with
        the settings ``self.harper``), at most :data:`MAX_SPELLING` of each: each the edit of
        the words changed (a swap's new words laid out by
        :class:`~spancopy_core.lang.text.ProseStyle`) and the sentence's model tokens after it.
        One that the model could not write (a word outside ``known`` and the sentence) is left
        out; a corrected sentence gets none (its repairs start from the correction, which a
        template of the sentence as written would undo: on JFLEG dev's tune part none was
        ever ranked first)."""
        source, tokens = unit.source_tokens, unit.tokens  # one model token per source token
        if tokens != written(unit):
            return []
        out: list[tuple[TextEdit, tuple[str, ...] | None]] = []
        for a, b, new in homophone_changes(tokens):
            if not (source[a].start <= end and start < source[b - 1].end):
                continue
            if not all(t in known or t in tokens for t in new):
                continue
            typed = unit.mapping.concretize(new)  # in the sentence's typography
            edit = TextEdit(source[a].start, source[b - 1].end, _laid_out(typed))
            out.append((edit, (*tokens[:a], *new, *tokens[b:])))
            if len(out) == MAX_SPELLING:
                break
        return out + self._harper(unit, start, end, known)

    def _harper(
        self, unit: Unit, start: int, end: int, known: Container[str]
    ) -> list[tuple[TextEdit, tuple[str, ...] | None]]:
        """Harper's suggestions within ``[start, end]`` that change a word or a mark (not the
        spacing alone) and that the model could write."""
        if self.harper is None or not isinstance(unit, SentenceUnit) or not unit.sentence:
            return []
        out: list[tuple[TextEdit, tuple[str, ...] | None]] = []
        lexicon = shared_lexicon()
        spans = tuple((t.start, t.end) for t in unit.source_tokens)
        for edit, rule in _suggested(unit.sentence, unit.start, written(unit), spans, self.harper):
            if not (edit.start <= end and start <= edit.end):
                continue
            local = TextEdit(edit.start - unit.start, edit.end - unit.start, edit.new_text)
            if self.words and changes_word(unit.sentence, local, self.words):
                continue
            if misreads(unit.sentence, local, rule, lexicon, lexicon.pairs, lexicon.counts):
                continue
            new = tuple(text.abstract(text.tokenize(apply_edits(unit.sentence, [local]))).tokens)
            if new != written(unit) and all(t in known or t in written(unit) for t in new):
                # (a change of spacing alone is no repair of prose)
                out.append((RuleEdit(edit.start, edit.end, edit.new_text, rule), new))
            if len(out) == MAX_SPELLING:
                break
        return out

    def still_parses(self, unit: Unit, new_text: str) -> bool:
        """Whether the sentence keeps its code tokens (inline code spans, URLs, identifiers),
        its emphasis markers and the document's terms (:attr:`SentenceUnit.terms`) as they
        were, in order, and gains none; keeps its negations (:func:`keeps_negations`), its
        names (:func:`keeps_names`) and the number of a word after an option
        (:func:`keeps_option_nouns`), and ends no more
        clauses with ``to`` (:func:`stranded_to`); and whether a fragment keeps
        its end; and writes no apostrophe apart from the words
        around it that the sentence did not have (quickjs-emscripten's README got ``quick '
        s-scripted`` for ``quickjs-emscripten``). A short fragment (fewer than :data:`MIN_SENTENCE`
        tokens and no ``.``/``!``/``?`` at its end) gains no words after its last one (as the
        front-end corrected it), a terminator at most: the model learned sentences of 5 tokens
        or more that end with one, and given ``Usage`` it writes ``Usage database.``
        (``Learn`` may still become ``Learn.``). A Markdown heading or list item
        (:attr:`SentenceUnit.title`, :attr:`SentenceUnit.item`), a title in capitals, and a
        sentence that ends in code or in punctuation other than a closing bracket or quote
        (``:``, ``===``) gains neither, and the first three no change of case alone; nor does
        the first word of a label (``help: Prints ...``) or of a sentence's rest after a code
        block (:attr:`SentenceUnit.continued`)."""
        as_typed = unit.sentence if isinstance(unit, SentenceUnit) else ""
        if len(_SPACED_APOSTROPHE.findall(new_text)) > len(_SPACED_APOSTROPHE.findall(as_typed)):
            return False  # a clitic split as the model's tokens are (quick ' s, do n't)
        tokens = text.tokenize(new_text)
        known = unit.terms if isinstance(unit, SentenceUnit) else frozenset()
        # a sentence's source tokens are the prose lexer's (Unit types them as any front-end's)
        kept = _protected(unit.source_tokens, known)  # type: ignore[arg-type]
        if kept != _protected(tokens, known):
            return False
        new = [text.normalize(t.text) for t in tokens]
        if not keeps_negations(unit.tokens, new) or stranded_to(new) > stranded_to(unit.tokens):
            return False
        if not keeps_option_nouns(unit.source_tokens, new):  # type: ignore[arg-type]
            return False
        if not keeps_names(unit.source_tokens, new):  # type: ignore[arg-type]
            return False
        block = isinstance(unit, SentenceUnit) and (unit.title or unit.item)
        as_written = list(written(unit))
        same_words = [t.lower() for t in new] == [t.lower() for t in as_written]
        label = len(as_written) > 1 and as_written[1] == ":"  # help: Prints the commands.
        label = label or isinstance(unit, SentenceUnit) and unit.continued
        if label and new and new[0] != as_written[0] and new[0].lower() == as_written[0].lower():
            return False  # a label's case is the writer's, and a continued sentence's
        source, last = unit.source_tokens, unit.source_tokens[-1]
        shouted = all(w.isupper() for w in as_written if sum(c.isalpha() for c in w) > 1)
        block = block or shouted  # a title in capitals: NOTE ABOUT LINKING
        if block and same_words and new != as_written:
            return False  # a heading's or item's case is the writer's style
        kind = getattr(last, "kind", "")
        bare = block or kind == "code" or kind == "punct" and last.text not in _CLOSING
        if (bare or len(source) < MIN_SENTENCE) and last.text not in text.TERMINATORS:
            matcher = difflib.SequenceMatcher(a=unit.tokens, b=new, autojunk=False)
            op, i1, i2, j1, j2 = matcher.get_opcodes()[-1]
            end = new[j1:j2]  # what the sentence's end became
            if end and end[-1] in text.TERMINATORS and not bare:
                end.pop()
            return op == "equal" or i2 < len(unit.tokens) or len(end) <= i2 - i1
        return True

    def sensible(self, unit: Unit, new_text: str) -> bool:
        """Whether the repair keeps the user's :attr:`words` as written, in order, the syntax
        check on or off (:meth:`still_parses` keeps them too, with the document's terms), and
        the comma before a tag question (:func:`~spancopy_core.lang.english.
        tag_question_comma`: ``It's late, isnt it?`` -> ``It's late isn't it?`` was the prose
        model's first repair, at 87%), the tag typed without its apostrophe or with it."""
        written = tuple(t.text for t in unit.source_tokens)
        tagged = tag_question_comma(apostrophes(written)) is not None
        if not tagged and not self.words:
            return True  # nothing to keep: new_text is not tokenized (still_parses does it)
        new = [t.text for t in text.tokenize(new_text)]
        if tagged and tag_question_comma(new) is None:
            return False
        return [t for t in written if t.lower() in self.words] == [
            t for t in new if t.lower() in self.words
        ]

    def shape(self, source: str, unit: Unit, edits: Sequence[TextEdit]) -> EditShape:
        """Neither: a sentence has no signature and no statements (its penalties are 0)."""
        return EditShape()

    def tidy(self, source: str, edits: list[TextEdit]) -> list[TextEdit]:
        return edits  # parentheses in prose are the writer's

    def layout_free(self, source: str) -> str:
        """Whitespace kept only between two word characters (``word ,`` is ``word,``)."""
        return layout_free(source, "")

    def compiles(
        self,
        source: str,
        variants: Sequence[str],
        path: str | None = None,
        wanted: int | None = None,
    ) -> list[bool]:
        """All: prose has no compiler."""
        return [True] * len(variants)

    def suspicions(self, unit: Unit, new_text: str | None = None) -> list[Suspect]:
        """None: the prose model and Harper judge a sentence."""
        return []

    def fixes(
        self, unit: Unit, start: int, end: int, known: Container[str]
    ) -> list[tuple[TextEdit, tuple[str, ...] | None]]:
        """None (:meth:`suspicions`)."""
        return []

    def title(self, source: str, edits: Sequence[TextEdit], located: bool = False) -> str:
        """The changes in words (:func:`~spancopy_core.repair.titles.word_title`), and the
        Harper rules that suggested them: ``Replace "an" with "a" [Harper: AnA]``. The words
        say where (``located`` changes nothing)."""
        rules = sorted({e.rule for e in edits if isinstance(e, RuleEdit)})
        title = word_title(source, edits)
        return f"{title} [Harper: {', '.join(rules)}]" if rules else title

    def embedded(self, parsed: TextSource, start: int, end: int) -> None:
        return None


# "plaintext" is VS Code's language id, "text" Neovim's filetype (its default language id).
PLAINTEXT = ProseFrontend("plaintext", frozenset({"plaintext", "text"}), (".txt",), markdown=False)
MARKDOWN = ProseFrontend("markdown", frozenset({"markdown"}), (".md", ".markdown"), markdown=True)


def _unmarked(pattern: re.Pattern[str], text: str) -> str:
    """``text`` with the second group of each match of ``pattern`` (a comment's marker: a
    line's ``//`` or ``*``, a block tag) blanked, its first (the indent) kept."""
    return pattern.sub(lambda m: m.group(1) + " " * len(m.group(2)), text)


def _mask(comment: str) -> tuple[str, list[int]]:
    """The prose of a Java comment (or of a run of ``//`` comments) at the same offsets:
    delimiters, Javadoc's leading ``*``, HTML tags and block tags blanked out, inline tags
    (``{@code x}``) made code spans; and the offsets where its block tags start."""
    if comment.startswith("/*"):
        out = _COMMENT_OPEN.sub(_blank, comment, count=1)
        out = _COMMENT_CLOSE.sub(_blank, out)
        out = _unmarked(_LINE_STAR, out)
    else:
        out = _unmarked(_LINE_SLASHES, comment)
    out = _HTML_TAG.sub(_blank, out)
    out = _INLINE_TAG.sub(lambda m: "`" + _LINE_BREAK.sub(" ", m.group()[1:-1]) + "`", out)
    cuts = [m.start() for m in _BLOCK_TAG.finditer(out)]
    return _unmarked(_BLOCK_TAG, out), cuts


def comment_region(source: str, comments: Sequence[tuple[int, int]], k: int) -> tuple[int, int]:
    """The range of comment ``k`` of ``comments`` (code-point ranges in ``source``, in order),
    extended over the ``//`` comments alone on the lines just before and after when it is
    one alone on its line: a paragraph written as line comments is one region."""

    def alone(c: tuple[int, int]) -> bool:
        line_start = max(source.rfind("\n", 0, c[0]), source.rfind("\r", 0, c[0])) + 1
        return source.startswith("//", c[0]) and not source[line_start : c[0]].strip()

    def joined(a: tuple[int, int], b: tuple[int, int]) -> bool:
        gap = source[a[1] : b[0]]
        return alone(a) and alone(b) and not gap.strip() and len(gap.splitlines()) <= 2

    if not alone(comments[k]):
        return comments[k]

    lo = hi = k
    while lo > 0 and joined(comments[lo - 1], comments[lo]):
        lo -= 1
    while hi + 1 < len(comments) and joined(comments[hi], comments[hi + 1]):
        hi += 1
    return comments[lo][0], comments[hi][1]


@functools.lru_cache(maxsize=8)  # asked for a file's words and its type names alike
def identifiers(java_text: str) -> frozenset[str]:
    """The identifiers of the Java text ``java_text``, comments and literals left out."""
    return frozenset(_IDENTIFIER.findall(_NOT_CODE.sub(" ", java_text)))


def identifier_words(java_text: str) -> set[str]:
    """The words, in lower case, of the :func:`identifiers` of the Java text ``java_text``,
    whole and split at their humps and underscores (``childNodes``: ``childnodes``,
    ``child``, ``nodes``)."""
    words = set()
    for name in identifiers(java_text):
        words.add(name.lower())
        words.update(part.lower() for part in _HUMPS.findall(name))
    return words


def project_words(java_text: str) -> frozenset[str]:
    """The words of the identifiers of ``java_text`` (:func:`identifier_words`) of two letters
    or more that the shipped lexicon lacks: a project's own words (``recvBufSize`` gives
    ``recv``), which prose mode never changes (the server's open Java files, the Java files of
    ``spancopy repair DIR``)."""
    lexicon = shared_lexicon()
    return frozenset(w for w in identifier_words(java_text) if len(w) > 1 and w not in lexicon)


JAVA_WORDS = Path(__file__).resolve().parents[1] / "lang" / "data" / "java-words.tsv"


ABBREVIATED_SEEN = 20  # a word the documentation writes this often may be cut short


@functools.cache
def _abbreviated() -> tuple[str, ...]:
    """The lexicon's words seen :data:`ABBREVIATED_SEEN` times or more, sorted."""
    lexicon = shared_lexicon()
    return tuple(sorted(w for w, n in lexicon.counts.items() if n >= ABBREVIATED_SEEN))


def abbreviation(word: str) -> bool:
    """Whether ``word`` (lower case, outside the lexicon) is a programmer's abbreviation: its
    first letters (3 or more), or their plural, begin a word the documentation writes often,
    two letters longer at least (``incl``, ``compat``, ``devel``, ``sibs``, ``quot``: jsoup's
    comments got ``inc``, ``compact``, ``level``, ``sins``, ``quota``). A misspelling seldom
    stops short of its word."""
    stem = word[:-1] if word.endswith("s") and len(word) > 4 else word
    if len(stem) < 3 or not stem.isalpha() or stem in shared_lexicon():
        return False  # a word's plural (informations)
    words = _abbreviated()
    k = bisect.bisect_left(words, stem)  # the words it begins follow it, sorted
    while k < len(words) and words[k].startswith(stem):
        if len(words[k].removesuffix("s")) >= len(stem) + 2:  # not fiel for fields
            return True
        k += 1
    return False


def abbreviations(sources: Iterable[TextSource]) -> frozenset[str]:
    """The words of ``sources`` (in lower case) outside the lexicon that are programmers'
    :func:`abbreviation` words."""
    lexicon = shared_lexicon()
    words = {t.text.lower() for source in sources for t in source.tokens if t.kind == "word"}
    return frozenset(w for w in words if w not in lexicon and abbreviation(w))


@functools.cache
def java_words() -> frozenset[str]:
    """The shipped Java vocabulary (:data:`JAVA_WORDS`, ``python -m trainer java-words``): the
    words of the JDK's identifiers that the lexicon lacks, used in 5 of its files or more
    (``impl``, ``prev``, ``deque``, ``hashtable``, ``superclass``), which a Java comment
    never respells."""
    lines = JAVA_WORDS.read_text(encoding="utf-8").splitlines()
    return frozenset(line.partition("\t")[0] for line in lines if line)


@dataclass
class CommentProse:
    """The prose of some comment regions of a Java text (code-point ranges ``regions``,
    see :func:`comment_region`), parsed on first use."""

    text: str
    regions: tuple[tuple[int, int], ...]
    _sources: list[TextSource] | None = field(default=None, repr=False)

    @property
    def sources(self) -> list[TextSource]:
        """A :class:`TextSource` per part of each region (a Javadoc block tag starts a part),
        its offsets those of the file."""
        if self._sources is None:
            self._sources = []
            for start, end in self.regions:
                masked, cuts = _mask(self.text[start:end])
                bounds = [0, *cuts, len(masked)]
                for lo, hi in zip(bounds, bounds[1:], strict=False):
                    if masked[lo:hi].strip():
                        part = TextSource(masked[lo:hi], base=start + lo, spaced=False)
                        self._sources.append(part)
        return self._sources

    @functools.cached_property
    def code_words(self) -> frozenset[str]:
        """The file's own words (:func:`project_words`): a comment's jargon that the code uses
        (``impl``, ``attrs``, ``els``, ``millis``, ``childnodes`` of ``childNodes``: jsoup's
        comments got ``imply``, ``arts``, ``else``, ``miles``), never respelt; and the shipped
        Java vocabulary's (:func:`java_words`: ``prev``, ``deque``, ``param``, which a file's
        comments use though its code does not)."""
        return project_words(self.text) | java_words()

    @functools.cached_property
    def type_names(self) -> frozenset[str]:
        """The names of the types the code writes, as written (``Integer``, ``List``): terms
        only as written, so that a comment keeps their case (Commons Lang's ``Gets the value as
        a Integer instance`` got ``an integer`` at 94%, not ``an Integer``), and ``lists`` may
        still become ``list``."""
        return frozenset(n for n in identifiers(self.text) if _TYPE_NAME.fullmatch(n))

    @functools.cached_property
    def terms(self) -> frozenset[str]:
        """The :func:`terms` of all the comments' prose read as one text: a word the file's
        comments use three times is a term, in whichever comments (``abba`` in four of
        ManachersAlgorithm.java's got ``abi`` in each)."""
        whole = "\n\n".join(source.text for source in self.sources)
        return terms(TextSource(whole, spaced=False), shared_lexicon())

    @functools.cached_property
    def abbreviations(self) -> frozenset[str]:
        """The words of the comments' prose (in lower case) outside the lexicon that are
        programmers' :func:`abbreviation` words."""
        return abbreviations(self.sources)

    @property
    def sentences(self) -> list[tuple[TextSource, Sentence]]:
        """Every sentence with words (:func:`has_words`), with the source it belongs to, in
        order."""
        return [(s, st) for s in self.sources for st in s.sentences if has_words(s, st)]


class JavaCommentFrontend(ProseFrontend):
    """The prose in Java comments (see the module docstring); parses are
    :class:`CommentProse`."""

    def __init__(self) -> None:
        super().__init__("java-comment", frozenset(), (), markdown=False)

    def parse(self, source: str, previous: object = None) -> CommentProse:  # type: ignore[override]  # parses are CommentProse
        """The prose of every comment of the Java text ``source``."""
        comments = java.parse(source).comments
        regions = {comment_region(source, comments, k) for k in range(len(comments))}
        return CommentProse(source, tuple(sorted(regions)))

    def units_in(  # type: ignore[override]  # parses are CommentProse
        self,
        parsed: CommentProse,
        start: int,
        end: int,
        known: Container[str],
        context: bool = False,
    ) -> list[Unit]:
        found = parsed.sentences
        hits = _overlapping(parsed.text, [s for _, s in found], start, end)
        return self._comment_units(parsed, [(source, s) for source, s in found if s in hits])

    def all_units(  # type: ignore[override]  # parses are CommentProse
        self, parsed: CommentProse, known: Container[str], context: bool = False
    ) -> list[Unit]:
        return self._comment_units(parsed, parsed.sentences)

    def _comment_units(
        self, parsed: CommentProse, sentences: Sequence[tuple[TextSource, Sentence]]
    ) -> list[Unit]:
        """The units of ``sentences``, each comment part's terms found once."""
        found: dict[int, frozenset[str]] = {}
        out = []
        for source, s in sentences:
            if id(source) not in found:
                found[id(source)] = self._terms(parsed, source)
            known = found[id(source)]
            out.append(sentence_unit(source, s, parsed.text, self.correct, known, comment=True))
        return out

    def style(self, parsed: CommentProse) -> ProseStyle:  # type: ignore[override]  # parses are CommentProse
        """The layout the comments' prose is written in (the code's spacing aside: ``f(a , b)``
        makes no comment spaced), with the file's line break."""
        prose = text.learn_style("\n".join(source.text for source in parsed.sources))
        return replace(prose, newline=majority_newline(parsed.text))

    def _terms(self, parsed: CommentProse, source: TextSource) -> frozenset[str]:
        """The words of a comment never changed: its terms and those of the file's comments
        (:attr:`CommentProse.terms`), the words of the file's identifiers the lexicon lacks
        (:attr:`CommentProse.code_words`), the user's words, and its :func:`abbreviation`
        words (a comment's register is a programmer's)."""
        found = terms(source, shared_lexicon()) | parsed.terms | parsed.code_words
        return found | parsed.abbreviations | self.words | parsed.type_names

    def still_parses(self, unit: Unit, new_text: str) -> bool:
        """As for prose, the text read as the sentence was (the ``//`` and ``*`` that open its
        lines blanked: a sentence over a run of line comments got a capital from Harper's
        SentenceCapitalization, its words compared with the markers among them), and the
        comment still ends where it did (no ``*/`` written)."""
        if "*/" in new_text:
            return False
        lines = _unmarked(_LINE_STAR, _unmarked(_LINE_SLASHES, new_text))
        return super().still_parses(unit, lines)


JAVA_COMMENTS = JavaCommentFrontend()
