"""Harper's suggestions as candidates of the prose front-end: every suggestion of the offline
English grammar checker Harper (``harper-py``) on one sentence becomes a :class:`Suggestion`
(its :class:`~spancopy_core.editing.edits.TextEdit` and rule name) for the model to rank with
the prose templates; :class:`HarperSettings` are the dialect and the rules turned off.
Design notes: docs/design.md#repair-harper.
"""

from __future__ import annotations

import functools
import re
import threading
from collections.abc import Container, Mapping
from dataclasses import dataclass
from typing import Any, NamedTuple

from spancopy_core.editing.edits import TextEdit
from spancopy_core.lang import english, text

DIALECTS = ("american", "british", "australian", "canadian", "indian")  # harper.Dialect's


@dataclass(frozen=True)
class HarperSettings:
    """Harper as the user set it: the English ``dialect`` (one of :data:`DIALECTS`) and the
    names of the rules turned off (``disabled``, e.g. ``("SpellCheck",)``)."""

    dialect: str = "american"
    disabled: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if self.dialect not in DIALECTS:
            raise ValueError(f"dialect must be one of {', '.join(DIALECTS)}, not {self.dialect!r}")


@functools.cache
def rule_names() -> frozenset[str]:
    """The names of Harper's rules (building them takes about a second, once)."""
    import harper

    return frozenset(harper.get_default_lint_config())


def unknown_rules(names: tuple[str, ...]) -> list[str]:
    """The names of ``names`` that are no rule of Harper's (none asked for when empty)."""
    return [name for name in names if name not in rule_names()] if names else []


@dataclass(frozen=True, eq=False)
class RuleEdit(TextEdit):
    """An edit that Harper's rule ``rule`` suggested (its candidate's title names the rule);
    equal to the :class:`TextEdit` of the same change."""

    rule: str = ""

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, TextEdit):
            return NotImplemented
        return (self.start, self.end, self.new_text) == (other.start, other.end, other.new_text)

    def __hash__(self) -> int:
        return hash((self.start, self.end, self.new_text))


class Suggestion(NamedTuple):
    """One suggestion of a lint: its edit of the document and the rule that made it."""

    edit: TextEdit
    rule: str


def changes_word(sentence: str, edit: TextEdit, words: Container[str]) -> bool:
    """Whether ``edit`` (offsets in ``sentence``) changes a word of ``words`` (in lower case:
    the words a user never wants corrected) that ``sentence`` holds, or such a word inside a
    word of hyphenated parts (git's ``contrib/workdir/git-new-workdir``, its term ``workdir``:
    ``git-new-worker``)."""
    for token in text.tokenize(sentence):
        if token.kind == "word" and edit.start < token.end and token.start < edit.end:
            if token.text.lower() in words:
                return True
            for part in _LETTERS.finditer(token.text):
                start, end = token.start + part.start(), token.start + part.end()
                if edit.start < end and start < edit.end and part.group().lower() in words:
                    return True
    return False


_LINTERS: dict[tuple[HarperSettings, int], Any] = {}  # one per settings and thread


def linter(settings: HarperSettings) -> Any:
    """The ``harper.Linter`` of ``settings`` for this thread (built on first use); a rule
    that Harper does not have raises ValueError."""
    key = (settings, threading.get_ident())
    found = _LINTERS.get(key)
    if found is None:
        import harper

        unknown = unknown_rules(settings.disabled)
        if unknown:
            raise ValueError(f"Harper has no rule {unknown[0]!r}")
        found = harper.Linter(getattr(harper.Dialect, settings.dialect.upper()))
        if settings.disabled:
            found.set_lint_config(dict.fromkeys(settings.disabled, False))
        _LINTERS[key] = found
    return found


def touches_code(sentence: str, edit: TextEdit) -> bool:
    """Whether ``edit`` (offsets in ``sentence``) touches a code token of ``sentence`` (inline
    code, a link target, a path: Harper lints the words inside them, ``devel-docs`` ->
    ``devil-docs``)."""
    return any(
        t.kind == "code" and edit.start < t.end and t.start < max(edit.end, edit.start + 1)
        for t in text.tokenize(sentence)
    )


# The suggestions of the last sentences linted: a sentence's are asked for by the corrector,
# the templates and the ratio floor of each candidate (prose.ProseFrontend.min_ratio_of).
_SUGGESTED: dict[tuple[str, HarperSettings], list[Suggestion]] = {}
SUGGESTED = 512  # sentences kept


# Rules whose lints order their suggestions differently from one process to the next (harper-py
# 0.2.0: "choosed" -> chose, chosen or chosen, chose): sorted, so that a text gets the same
# repairs every time (the only such rule of JFLEG dev's 3,770 lines read with two hash seeds).
UNORDERED = frozenset({"RegularIrregulars"})


def suggestions(sentence: str, base: int, settings: HarperSettings) -> list[Suggestion]:
    """Every suggestion of Harper's lints of ``sentence`` (plain text), its edit at
    ``base`` + the lint's code-point span: a replacement, a removal, or an insertion after
    the span; those of a lint of :data:`UNORDERED` in alphabetical order."""
    import harper

    key = (sentence, settings)
    out = _SUGGESTED.get(key)
    if out is None:
        out = []
        found = linter(settings).organized_lints(sentence, language="plaintext")
        for rule, lints in found.items():
            for lint in lints:
                start, end = lint.span.start, lint.span.end
                offered = lint.suggestions
                if rule in UNORDERED:
                    offered = sorted(offered, key=lambda s: (s.replacement_text, str(s.kind)))
                for s in offered:
                    if s.kind == harper.SuggestionKind.INSERT_AFTER:
                        edit = TextEdit(end, end, s.replacement_text)
                    else:  # REMOVE has an empty replacement text
                        edit = TextEdit(start, end, _cased(sentence[start:end], s.replacement_text))
                    out.append(Suggestion(edit, rule))
        if len(_SUGGESTED) >= SUGGESTED:
            _SUGGESTED.pop(next(iter(_SUGGESTED)), None)  # the oldest
        _SUGGESTED[key] = out
    return [Suggestion(TextEdit(e.start + base, e.end + base, e.new_text), r) for e, r in out]


def _cased(written: str, new: str) -> str:
    """Harper's replacement ``new`` of ``written``, one capital letter (``A``) read as a word
    in capitals: capitalised, not in capitals (``A apple`` -> ``An apple``, not ``AN``)."""
    if len(written) == 1 and written.isupper() and len(new) > 1 and new.isupper():
        return new[0] + new[1:].lower()
    return new


# The rules whose first suggestion corrects the model input, as the spelling corrector does
# (the others' suggestions are candidates, offered only when the model prefers them): each
# raised GLEU on JFLEG dev's tune part when applied alone to the sources and made at most
# 0.1 suggestions per 1,000 words of the false-alarm set (bench/prose_false_alarms.py),
# measured on both together. Left out: SpellCheck (+4.2 GLEU, but 56 per 1,000 words of
# well-edited text: the channel corrector and the model do spelling), SentenceCapitalization
# (7.5), SplitWords (5.0), OrthographicConsistency (2.5), MergeWords and DisjointPrefixes
# (0.4 to 0.5), OxfordComma (style) and the rules that lowered GLEU. AnA, left out at 1.2
# then, is in since its suggestions before no word or a word in capitals or without a vowel
# are refused (article_before_no_word): 1 is left in the 45,768 words of the false-alarm set
# (seeds 0, 5, 6), and right ("in an pre-compiled application"); +0.04 GLEU on JFLEG dev's
# held-out part read as one file. As a candidate, the model ranked "an important" below "a
# important".
# Rules of style, not of correctness, refused everywhere: AvoidAndAlso ("and also" -> "and";
# javapoet's README, "match all calls accordingly and also import all other types"): three
# lints in JFLEG dev, GLEU +0.04 on the tune part and -0.02 on the held-out one when made alone.
# And the rules that spell out a programmer's short words ("params" -> "parameters" at 74%, in
# undici's docs; "args", "deps", "config", "dir", "ptr", "prev", "min", "stdin"): a register,
# not an error; none lints JFLEG dev.
STYLE_RULES = frozenset(
    """AvoidAndAlso ExpandAlgorithm ExpandAlloc ExpandArgument ExpandConfiguration
    ExpandControl ExpandCoordinate ExpandDecl ExpandDependencies ExpandDereference
    ExpandDirectory ExpandMemoryShorthands ExpandMinimum ExpandParameter ExpandPerformance
    ExpandPointer ExpandPreference ExpandPrevious ExpandStandardInputAndOutput""".split()
)

# Two more, made though neither benchmark sees them: ModalOf ("could of") and TheirToThere
# ("Their is a problem"), confusions a writer makes that the model ranks below the sentence as
# written ("could have" under 1%); neither fires on JFLEG dev's tune sources nor on the
# 251,010 prose words of every document bench/prose_false_alarms.py draws from (counted
# 2026-11-28). Not TheirToTheyre: after "They're going to", the model offered "There're" first.
CHAIN_RULES = frozenset(
    """CapitalizePersonalPronouns MassNouns DiscourseMarkers OpenCompounds OfCourse
    PronounVerbAgreement VeryLess ToTwoToo AdjectiveDoubleDegree CorrectNumberSuffix
    SingleBe WrongApostrophe Cant DespiteOf NeedToNoun RepeatedWords Someone ItsContraction
    RegularIrregulars ModalBeAdjective SimplePastToPastParticiple Myself Hazzle ThenThan
    NationalCapitals DoubleModal Furthermore NounVerbConfusion ModalOf TheirToThere AnA""".split()
)


@functools.lru_cache(maxsize=4096)
def knows(word: str, dialect: str = "american") -> bool:
    """Whether Harper's dictionary, larger than the corrector's lexicon, holds ``word``
    (``acyclic``, ``stdlib``, ``systemd``): no lint of it written alone (alone, because Harper
    lints some long sentences not at all). Its SplitWords or ExpandDereference lints count too:
    where one fires, SpellCheck does not (``postion`` -> ``post ion``)."""
    return not suggestions(word, 0, HarperSettings(dialect=dialect))


def respells_name(sentence: str, edit: TextEdit, rule: str) -> bool:
    """Whether ``edit`` (offsets in ``sentence``) is a SpellCheck respelling of a capitalised
    word after the sentence's first: a name Harper's dictionary lacks (``NumPy, SciPy, and
    Cython`` -> ``Python``), which the corrector does not respell either."""
    word = sentence[edit.start : edit.end]
    return rule == "SpellCheck" and word[:1].isupper() and bool(sentence[: edit.start].strip())


def beside_operator(sentence: str, edit: TextEdit) -> bool:
    """Whether ``edit`` (offsets in ``sentence``) starts right after a dash or an operator, or
    ends right before an operator: the letter of a command-line option (``grep -i``) or a
    variable (``s/++i > 1/i++/``), no pronoun for CapitalizePersonalPronouns to make ``-I``
    or ``++I`` (a model sentence lays the marks out apart: ``grep - i``)."""
    before = sentence[: edit.start].rstrip(" ")[-1:]
    after = sentence[edit.end :].lstrip(" ")[:1]
    return before in english.BEFORE_CODE_LETTER or after in english.OPERATORS


def respells_a_word(sentence: str, edit: TextEdit, rule: str, words: Container[str]) -> bool:
    """Whether ``edit`` (offsets in ``sentence``) is a SpellCheck respelling of a word of
    ``words`` (the corrector's lexicon: counted in well-edited text) that Harper's dictionary
    lacks in every dialect (finalhandler's ``#### options.env`` became ``options.end``); not
    one of another dialect's spelling (``colour`` -> ``color`` for an American writer)."""
    word = sentence[edit.start : edit.end].lower()
    if rule != "SpellCheck" or word not in words:
        return False
    return not any(knows(word, dialect) for dialect in DIALECTS)


def plural_in_capitals(sentence: str, edit: TextEdit, rule: str) -> bool:
    """Whether ``edit`` (offsets in ``sentence``) is an OrthographicConsistency suggestion for
    the plural of a word in capitals (ls(1)'s ``about the FILEs``, a placeholder the page
    writes ``FILE``: ``files``; ``READMEs``: ``readmes``), a writer's name kept as written."""
    word = sentence[edit.start : edit.end]
    return (
        rule == "OrthographicConsistency"
        and len(word) > 2
        and word.endswith("s")
        and word[:-1].isupper()
    )


def noun_after_have(sentence: str, edit: TextEdit, rule: str) -> bool:
    """Whether ``edit`` (offsets in ``sentence``) is a NounVerbConfusion suggestion for a word
    after a form of "have": a noun there (``this option has effect only if ...`` -> ``affect``,
    rotating-file-stream's README, three times), where a verb would be a participle
    (``has affected``). JFLEG dev's one such lint is after "shall" (``shall effect``)."""
    before = sentence[: edit.start].split()[-1:]
    return rule == "NounVerbConfusion" and [w.lower() for w in before] in (
        ["has"],
        ["have"],
        ["had"],
        ["having"],
    )


# where a verb stands: after not (doesn't), to, a modal or a form of "do"
_BEFORE_VERB = frozenset(
    "not t to will would can could may might must shall should do does did".split()
)
# the nouns NounVerbConfusion writes for their verbs (affect -> effect)
_NOUNS_OF_VERBS = frozenset("effect advice breath belief proof device".split())


def noun_for_verb(sentence: str, edit: TextEdit, rule: str) -> bool:
    """Whether ``edit`` (offsets in ``sentence``) is a NounVerbConfusion suggestion of a noun
    where a verb stands, after ``not``, ``to``, a modal or a form of "do": git's release notes,
    ``does not affect existing log message``, got ``effect`` (>99%; Harper reads ``affect
    existing`` as a noun phrase); or after code, a name as the subject (Python's tutorial:
    ``how `global` and `nonlocal` affect variable binding``, which Harper lints only with the
    backticks). The other way is kept: JFLEG's ``shall effect`` -> ``affect``."""
    head = sentence[: edit.start].rstrip()
    before = [w.lower() for w in _LETTERS.findall(head)[-1:]]
    return (
        rule == "NounVerbConfusion"
        and edit.new_text.lower() in _NOUNS_OF_VERBS
        and (before in [[w] for w in _BEFORE_VERB] or head.endswith("`"))
    )


def count_noun_as_mass_noun(sentence: str, edit: TextEdit, rule: str) -> bool:
    """Whether ``edit`` (offsets in ``sentence``) is a MassNouns suggestion for an article
    before a word in ``-ing``: a participle or a gerund (``a leading "v"``, ``A missing `minor`
    value``, ``a listing of a directory``: semver's and send's READMEs got ``leading "v"``),
    not a mass noun with an article (``a knowledge``, ``an information``); or for the plural
    of one, a count noun (Python's codecs docs: ``transparent transcodings`` got
    ``transcoding``; ``encodings``, ``bindings``); or for a plural in ``-ities`` (JUnit's
    release notes: ``different granularities of time units`` got ``granularity``; Harper
    lints ``equalities`` too), where learners' plurals of mass nouns are ``informations``,
    ``knowledges``, ``pollutions``. MassNouns lints no such word in JFLEG dev."""
    words = sentence[edit.start : edit.end].split()
    if rule != "MassNouns" or not words:
        return False
    last = words[-1].lower()
    if len(words) > 1:
        return last.endswith("ing")
    return last.endswith(("ings", "ities"))


def article_before_no_word(sentence: str, edit: TextEdit, rule: str) -> bool:
    """Whether ``edit`` (offsets in ``sentence``) is an AnA suggestion for an article before
    no word (``a) If you ...``, a list's marker; ``a [CHANGELOG](...)``, a link) or before a
    word in capitals or without a vowel, said letter by letter or as a word (``a HTML``, ``an
    URL``, ``an http client``: either is written)."""
    if rule != "AnA":
        return False
    word = _word_after(sentence, edit.end)
    if word is None:
        return True
    return sum(c.isupper() for c in word) >= 2 or not set(word.lower()) & VOWELS


# Letters whose names begin with a vowel sound ("ef", "aitch", "el", "em", "en", "ar", "ess",
# "ex"): a word outside Harper's dictionary that opens with one before a consonant is a term
# read letter first ("an rpath", "an fstab", "an lvalue", "an mmap"), and "an" is right there.
VOWEL_NAMED = frozenset("fhlmnrsx")


def letter_read_first(sentence: str, edit: TextEdit, rule: str) -> bool:
    """Whether ``edit`` is an AnA suggestion of ``a`` for ``an`` before a word that Harper's
    dictionary lacks (:func:`knows`) and that opens with a letter of :data:`VOWEL_NAMED` and a
    consonant (openssl's README: ``CMake inserts an rpath`` -> ``a rpath``); ``an small
    house`` is still corrected."""
    if rule != "AnA" or sentence[edit.start : edit.end].lower() != "an":
        return False
    word = _word_after(sentence, edit.end)
    if word is None or len(word) < 2 or word[0].lower() not in VOWEL_NAMED:
        return False
    return word[1].lower() not in VOWELS and not knows(word.lower())


_LETTERS = re.compile(r"[^\W\d_]+")
_WORD_AFTER = re.compile(r"\s*([^\W\d_]+)")


def _word_after(sentence: str, at: int) -> str | None:
    """The word (letters) that follows offset ``at`` of ``sentence`` past spaces, if any."""
    found = _WORD_AFTER.match(sentence, at)
    return None if found is None else found.group(1)


VOWELS = frozenset("aeiouy")


def letter_as_article(sentence: str, edit: TextEdit, rule: str) -> bool:
    """Whether ``edit`` is an AnA suggestion for a letter that names a thing, no article: a
    capital ``A`` after the sentence's first word (``Given two strings A and B``: ``An and
    B``), an ``a`` before a word no article precedes (``i.e. a and m are coprime``: ``an
    and``; :data:`NO_ARTICLE_BEFORE`) or after a determiner, which no article follows (ps(1)'s
    ``used together with the a option``: ``the an option``; :data:`DETERMINERS`)."""
    if rule != "AnA" or sentence[edit.start : edit.end] not in ("a", "A"):
        return False
    after = _word_after(sentence, edit.end)
    if after is not None and after.lower() in NO_ARTICLE_BEFORE:
        return True
    before = sentence[: edit.start].split()[-1:]
    if before and before[0].lower() in DETERMINERS:
        return True
    return sentence[edit.start] == "A" and any(c.isalpha() for c in sentence[: edit.start])


# Words that never follow an article: conjunctions, forms of "be", prepositions
NO_ARTICLE_BEFORE = frozenset("and or nor if is are was were am of in on at into as".split())
# Words an article never follows (``the a option``: a letter, the option's name)
DETERMINERS = frozenset(
    "the a an this that these those its their his our your my each every".split()
)


def participle_after_possessive(sentence: str, edit: TextEdit, rule: str) -> bool:
    """Whether ``edit`` is a SimplePastToPastParticiple or NounVerbConfusion suggestion for a
    noun after a possessive: ``setting its bit to 1`` got ``its bitten`` (read as ``it's``), and
    grep(1)'s ``to cancel its effects`` got ``its affects`` (>99%); or after a word in capitals
    (chmod(1)'s ``clears the set-group-ID bit``: ``ID bitten``, read as ``I'd``)."""
    if rule not in ("SimplePastToPastParticiple", "NounVerbConfusion"):
        return False
    before = _LETTERS.findall(sentence[: edit.start].rstrip())[-1:]  # (ID of set-group-ID)
    return bool(before) and (
        before[0].lower() in english.POSSESSIVES or len(before[0]) > 1 and before[0].isupper()
    )


def its_before_a_noun(sentence: str, edit: TextEdit, rule: str) -> bool:
    """Whether ``edit`` is an ItsContraction suggestion (``it's``, ``it has``) for an ``its``
    whose participle a word of the open classes follows: the participle is an adjective of
    that noun, ``its`` a possessive (Python's tkinter docs, ``creates its associated Tcl
    interpreter``, and argparse's, ``one of its known options``, got ``it's`` at >99%); ``its
    been a while``, ``its gone too far`` are still corrected."""
    if rule != "ItsContraction":
        return False
    words = [w.lower() for w in _LETTERS.findall(sentence[edit.end :])[:2]]
    participle = len(words) == 2 and words[0].endswith(("ed", "en", "wn"))
    return participle and words[1] not in english.FUNCTION_WORDS  # (JFLEG: its nothing compared)


# The words whose 's is "is" (it's, that's, there's): after another word it is a possessive
_IS_CONTRACTED = frozenset(
    """it that there here what who he she where how when why this which everything nothing
    something anything everyone someone anyone everybody somebody nobody one""".split()
)
_CLITIC_S = re.compile(r"(\w+)['’]s\s*$")


def possessive_before_be(sentence: str, edit: TextEdit, rule: str) -> bool:
    """Whether ``edit`` is a SingleBe suggestion that drops the ``is`` after a noun's
    possessive, the noun after it left out (docs/training.md: ``jsoup's is one more``, read as
    ``jsoup is is``); after ``it's``, ``that's`` (:data:`_IS_CONTRACTED`) it is a second be."""
    if rule != "SingleBe":
        return False
    owner = _CLITIC_S.search(sentence[: edit.start])
    return owner is not None and owner.group(1).lower() not in _IS_CONTRACTED


def list_marker(sentence: str, edit: TextEdit, rule: str) -> bool:
    """Whether ``edit`` is a CapitalizePersonalPronouns suggestion for an ``i`` that a closing
    parenthesis follows: a list's marker (``means (i) the power ..., or (ii) ownership``:
    javapoet's LICENSE got ``(I)``), no pronoun."""
    after = sentence[edit.end :].lstrip(" ")[:1]
    return rule == "CapitalizePersonalPronouns" and after == ")"


# Discourse markers that are prepositions as often: no comma after them ("Notwithstanding the
# above, nothing herein shall ...": javapoet's LICENSE got "Notwithstanding, the above")
PREPOSITION_MARKERS = frozenset({"notwithstanding"})


def marker_as_preposition(sentence: str, edit: TextEdit, rule: str) -> bool:
    """Whether ``edit`` is a DiscourseMarkers comma after a word of
    :data:`PREPOSITION_MARKERS`, or before ``of``, or before ``to`` and a word in ``-ing``: the
    marker is read with a preposition's object (jsoup's SECURITY.md, ``Alternatively to using
    GitHub, ...`` got ``Alternatively, to using``; ``Regardless of``); ``Alternatively, to
    install it, run`` opens an infinitive's clause and keeps the comma."""
    if rule != "DiscourseMarkers":
        return False
    before, after = sentence[: edit.start].split(), sentence[edit.end :].lower().split()
    if before and before[-1].lower() in PREPOSITION_MARKERS:
        return True
    gerund = len(after) > 1 and after[1].rstrip(",.;:").endswith("ing")
    return after[:1] == ["of"] or (after[:1] == ["to"] and gerund)


def to_before_a_name(sentence: str, edit: TextEdit, rule: str) -> bool:
    """Whether ``edit`` is a ToTwoToo suggestion of ``too`` before a capitalised word: a
    name, whose ``to`` is a preposition (jsoup's commits: ``the default locale is set to
    Turkish`` got ``too Turkish``); or before words joined by a slash, alternatives named (git
    2.38's release notes: ``Give _() markings to fatal/warning/usage: labels`` got ``too
    fatal``)."""
    after = sentence[edit.end :].split()
    return (
        rule == "ToTwoToo"
        and edit.new_text.lower() == "too"
        and bool(after)
        and (after[0][:1].isupper() or "/" in after[0].strip("/"))
    )


PAIR_SEEN = 20  # a pair of words the documentation writes this often is well-edited usage


def counted_usage(
    sentence: str,
    edit: TextEdit,
    rule: str,
    pairs: Mapping[tuple[str, str], int],
    counts: Mapping[str, int] | None = None,
) -> bool:
    """Whether ``edit`` is a MassNouns suggestion for two words that ``pairs`` (the
    corrector's lexicon: adjacent words counted in well-edited text) counts
    :data:`PAIR_SEEN` times or more: a noun countable there (``a syntax``, 22 times; javapoet's
    README got ``offers syntax``), where ``a knowledge``, ``an information`` are never
    written; or for one word, a plural, that ``counts`` (the lexicon's words) counts at least
    once: ssh(1)'s ``forwardings`` (5 times; made ``forwarding`` seven times), where the
    plurals of mass nouns that learners write (``informations``, ``advices``, ``softwares``)
    are never counted; or for an article before a word the lexicon lacks, a technical term
    (``a case where a lookahead is useful`` got ``where lookahead``). Or a ToTwoToo
    suggestion whose word is written
    before the next word more often than the suggestion is (git's ``creating too small a
    packfile`` got ``to small``: ``too small`` is counted 14 times, ``to small`` never; a
    learner's ``too the`` is ``to the``), or after a word written before it that often and
    never before the suggestion (git-log(1)'s ``Defaults to medium.`` got ``too``). Or a
    ModalBeAdjective suggestion (``be``) before a word that a verb follows, one written after
    ``to`` that often: an adverb (koffi's docs, ``you must first create a callback type``, got
    ``must be first create``)."""
    words = sentence[edit.start : edit.end].lower().split()
    if rule == "ToTwoToo" and len(words) == 1:
        after = _LETTERS.findall(sentence[edit.end :])[:1]
        nxt = after[0].lower() if after else ""
        before = [w.lower() for w in _LETTERS.findall(sentence[: edit.start])[-1:]]
        prev = before[0] if before else ""
        new = edit.new_text.lower()
        if prev and pairs.get((prev, words[0]), 0) >= PAIR_SEEN and not pairs.get((prev, new)):
            return True  # "Defaults to medium." (git-log(1)): "defaults to" 315, "defaults too" 0
        return bool(nxt) and pairs.get((words[0], nxt), 0) > pairs.get((new, nxt), 0)
    if rule == "ModalBeAdjective":
        after = _LETTERS.findall(sentence[edit.end :])[1:2]  # the word after the "adjective"
        return bool(after) and pairs.get(("to", after[0].lower()), 0) >= PAIR_SEEN
    if rule != "MassNouns":
        return False
    if len(words) == 1:  # a plural counted, or of a noun counted after "a" (curl's syntaxes)
        countable = any(pairs.get(("a", s), 0) >= PAIR_SEEN for s in english.singulars(words[0]))
        return (counts or {}).get(words[0], 0) > 0 or countable
    if len(words) == 2 and counts is not None and words[1] not in counts:
        return True  # a term the lexicon lacks (Python's regex HOWTO: "a lookahead")
    if len(words) == 2 and counts is not None:  # a noun whose plural is written (count noun)
        if any(counts.get(p, 0) >= PAIR_SEEN for p in english.plural_forms(words[1])):
            return True  # curl(1): "such a redirection" ("redirections": 25)
    return len(words) == 2 and pairs.get((words[0], words[1]), 0) >= PAIR_SEEN


def misreads(
    sentence: str,
    edit: TextEdit,
    rule: str,
    words: Container[str] = (),
    pairs: Mapping[tuple[str, str], int] | None = None,
    counts: Mapping[str, int] | None = None,
) -> bool:
    """Whether the suggestion ``edit`` (offsets in ``sentence``) of ``rule`` misreads technical
    text, as the chain and the candidates alike refuse it: a rule of :data:`STYLE_RULES`,
    :func:`beside_operator`, :func:`respells_name`, :func:`plural_in_capitals`,
    :func:`count_noun_as_mass_noun`, :func:`noun_after_have`, :func:`noun_for_verb`,
    :func:`article_before_no_word`,
    :func:`letter_as_article`, :func:`participle_after_possessive`, :func:`its_before_a_noun`,
    :func:`possessive_before_be`,
    :func:`list_marker`, :func:`marker_as_preposition`, :func:`to_before_a_name`,
    :func:`letter_read_first`, :func:`respells_a_word` of ``words`` (the corrector's lexicon)
    and :func:`counted_usage` of ``pairs`` and ``counts`` (its pairs of words and its words'
    counts)."""
    return (
        rule in STYLE_RULES
        or beside_operator(sentence, edit)
        or respells_name(sentence, edit, rule)
        or plural_in_capitals(sentence, edit, rule)
        or count_noun_as_mass_noun(sentence, edit, rule)
        or noun_after_have(sentence, edit, rule)
        or noun_for_verb(sentence, edit, rule)
        or article_before_no_word(sentence, edit, rule)
        or letter_as_article(sentence, edit, rule)
        or participle_after_possessive(sentence, edit, rule)
        or its_before_a_noun(sentence, edit, rule)
        or possessive_before_be(sentence, edit, rule)
        or list_marker(sentence, edit, rule)
        or marker_as_preposition(sentence, edit, rule)
        or to_before_a_name(sentence, edit, rule)
        or respells_a_word(sentence, edit, rule, words)
        or letter_read_first(sentence, edit, rule)
        or counted_usage(sentence, edit, rule, pairs or {}, counts)
    )


def _optional_comma(sentence: str, edit: TextEdit) -> bool:
    """Whether ``edit`` puts a comma after an opening word of
    :data:`~spancopy_core.lang.english.OPTIONAL` (``Thus we stop.``): well-edited text as often
    has none there, and :func:`~spancopy_core.lang.english.introductory_comma` puts one only in a
    sentence corrected otherwise too."""
    opening = tuple(sentence[: edit.start].lower().split())
    return edit.new_text == "," and opening in english.OPTIONAL


def chained(
    sentence: str,
    settings: HarperSettings,
    keep: Container[str] = frozenset(),
    pairs: Mapping[tuple[str, str], int] | None = None,
    counts: Mapping[str, int] | None = None,
) -> str:
    """``sentence`` with the first suggestion of every lint of :data:`CHAIN_RULES` made (not
    the rules turned off, nor one that changes a word of ``keep``, touches code or
    :func:`misreads` the text, ``pairs`` and ``counts`` the corrector's pairs of words and
    words' counts), right to left,
    skipping one that overlaps a change made."""
    made: list[TextEdit] = []
    for edit, rule in suggestions(sentence, 0, settings):
        if rule in CHAIN_RULES and rule not in settings.disabled:
            if keep and changes_word(sentence, edit, keep) or touches_code(sentence, edit):
                continue
            if rule == "DiscourseMarkers" and _optional_comma(sentence, edit):
                continue
            if misreads(sentence, edit, rule, pairs=pairs, counts=counts):  # (no SpellCheck)
                continue
            apart = all(edit.end <= e.start or e.end <= edit.start for e in made)
            if apart and all((e.start, e.end) != (edit.start, edit.end) for e in made):
                made.append(edit)  # a lint's later suggestions have the span of its first
    for edit in sorted(made, key=lambda e: e.start, reverse=True):
        sentence = sentence[: edit.start] + edit.new_text + sentence[edit.end :]
    return sentence
