"""A noisy-channel spelling corrector: which misspelt words of a sentence to respell, and how
(Kernighan, Church and Gale 1990): a word ``t`` is respelt as the ``w`` that maximises
``log P(w) + log P(t | w)`` when that beats ``t`` itself by :attr:`ChannelCosts.margin`, with
the prior from a :class:`Lexicon` and the channel a weighted Damerau-Levenshtein distance;
split and joined words too. Pure: words in, respellings out.
Design notes: docs/design.md#repair-channel.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Container, Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from spancopy_core.lang.english import (
    FUNCTION_WORDS,
    PREFIXES,
    able_bases,
    prefixed,
    same_case,
)
from spancopy_core.repair.spelling import MIN_LENGTH, Dictionary, distance

LEXICON = Path(__file__).resolve().parents[1] / "lang" / "data" / "english-words.tsv"
_WORD = re.compile(r"[a-z]+")
VOWELS = frozenset("aeiou")
VOWELS_Y = VOWELS | {"y"}  # a word without one of these is no English word misspelt
# Letters that stand for the same sound often enough that learners swap them.
PHONETIC = frozenset(
    frozenset(pair)
    for pair in ("cs", "ck", "kq", "sz", "iy", "fv", "gj", "dt", "bp", "mn", "sx", "cz")
)
_ROWS = ("qwertyuiop", "asdfghjkl", "zxcvbnm")
_OFFSET = (0.0, 0.25, 0.75)  # how far each keyboard row is shifted right


def _key_neighbours() -> frozenset[frozenset[str]]:
    """Pairs of letters whose keys touch on a QWERTY keyboard."""
    place = {c: (r, _OFFSET[r] + x) for r, row in enumerate(_ROWS) for x, c in enumerate(row)}
    return frozenset(
        frozenset((a, b))
        for a, (ra, xa) in place.items()
        for b, (rb, xb) in place.items()
        if a != b and abs(ra - rb) <= 1 and abs(xa - xb) <= (1.0 if ra == rb else 0.8)
    )


KEY_NEIGHBOURS = _key_neighbours()


@dataclass(frozen=True)
class ChannelCosts:
    """Costs (minus natural-log probabilities) of the channel's edits, and the decision's
    constants; chosen on JFLEG dev's tune part (``bench/prose_pipeline.py``)."""

    transposition: float = 4.0  # "recieve" for "receive"
    doubling: float = 3.5  # a doubled letter dropped or a letter doubled: "oppinion"
    vowel: float = 4.0  # a vowel for another: "seperate"
    phonetic: float = 4.5  # "sience", "realy"... (PHONETIC pairs)
    keyboard: float = 5.0  # a key's neighbour for it (KEY_NEIGHBOURS)
    insertion: float = 6.0  # any other letter added
    deletion: float = 5.0  # any other letter dropped
    substitution: float = 7.0  # any other letter for another
    no_error: float = 0.05  # -log P(t | t): most words are typed as meant
    smoothing: float = 0.5  # added to every lexicon count
    unknown: float = 0.001  # the count a word outside the lexicon is given
    margin: float = 0.0  # nats by which a respelling must beat the word as written
    # a space left out between two words, "alot" for "a lot", or typed inside a word, "home
    # work" for "homework": on the tune part, 1.5 and 2 made every split right, 1 wrote
    # "import and" for "importand", 2.5 lost "Car usage"; joins were the same from 0.8 to 3
    space: float = 2.0
    split_count: int = 20  # least lexicon count of each word that a split writes
    pair_smoothing: float = 100.0  # weight of a word's prior in its probability after another
    # nats within which the words a misspelling may be are told apart by the words beside it
    # (:func:`in_context`: JUnit's "not yeat supported" got "year", 0.15 nats above "yet")
    context: float = 1.0
    # the weight of that evidence (:meth:`Lexicon.beside`) against the prior and the channel
    context_weight: float = 0.5


def typo_shaped(word: str) -> bool:
    """Whether ``word`` (lower case) may be an English word misspelt: it has a vowel
    (:data:`VOWELS_Y`); one without is an abbreviation or a command (``wrt``, ``gvfs``)."""
    return not VOWELS_Y.isdisjoint(word)


def _substitution(a: str, b: str, costs: ChannelCosts) -> float:
    pair = frozenset((a, b))
    if a in VOWELS and b in VOWELS:
        return costs.vowel
    if pair in PHONETIC:
        return costs.phonetic
    if pair in KEY_NEIGHBOURS:
        return costs.keyboard
    return costs.substitution


def channel_cost(typo: str, word: str, costs: ChannelCosts = ChannelCosts()) -> float:  # noqa: B008
    """``-log P(typo | word)`` of a word that was not typed as meant: the cheapest
    alignment of ``word`` with ``typo`` by edits costed as :class:`ChannelCosts` says (0 when
    they are equal). ``word[i]`` dropped costs ``doubling`` when it repeats a neighbour in
    ``word``; a letter added to ``typo`` costs ``doubling`` when it repeats its neighbour in
    ``typo``, ``keyboard`` when it is a key beside one of them."""
    n, m = len(word), len(typo)
    inf = math.inf
    # d[i][j]: cost of turning word[:i] into typo[:j]
    d = [[inf] * (m + 1) for _ in range(n + 1)]
    d[0][0] = 0.0
    for i in range(n + 1):
        for j in range(m + 1):
            here = d[i][j]
            if here == inf:
                continue
            if i < n and j < m:  # match or substitution
                step = 0.0 if word[i] == typo[j] else _substitution(word[i], typo[j], costs)
                d[i + 1][j + 1] = min(d[i + 1][j + 1], here + step)
            if i < n:  # word[i] dropped
                doubled = (i > 0 and word[i - 1] == word[i]) or (
                    i + 1 < n and word[i + 1] == word[i]
                )
                step = costs.doubling if doubled else costs.deletion
                d[i + 1][j] = min(d[i + 1][j], here + step)
            if j < m:  # typo[j] added
                near = [typo[k] for k in (j - 1, j + 1) if 0 <= k < m]
                if typo[j] in near:
                    step = costs.doubling
                elif any(frozenset((typo[j], c)) in KEY_NEIGHBOURS for c in near):
                    step = costs.keyboard
                else:
                    step = costs.insertion
                d[i][j + 1] = min(d[i][j + 1], here + step)
            if (  # adjacent transposition
                i + 1 < n
                and j + 1 < m
                and word[i] == typo[j + 1]
                and word[i + 1] == typo[j]
                and word[i] != word[i + 1]
            ):
                d[i + 2][j + 2] = min(d[i + 2][j + 2], here + costs.transposition)
    return d[n][m]


class Lexicon:
    """English words in lower case with their counts in clean text, the counts of pairs of
    adjacent words, and the words that are always capitalised (see the module docstring)."""

    def __init__(
        self,
        counts: dict[str, int],
        pairs: dict[tuple[str, str], int] | None = None,
        names: Iterable[str] = (),
    ) -> None:
        self.counts = counts
        self.pairs = pairs or {}
        self.names = frozenset(names)  # words of ``counts`` always capitalised (lower case)
        # the names seen in the text counted: "english" is always "English"
        self.proper = frozenset(w for w in self.names if counts.get(w, 0) > 0)
        self.total = sum(counts.values())
        # the least count of a pair the lexicon keeps (trainer/prose_lexicon.py's
        # min_pair_count): a pair counted fewer times is not in it
        self.least_pair = min(self.pairs.values(), default=1)
        seen = sorted((w for w, c in counts.items() if c > 0), key=lambda w: (-counts[w], w))
        self._candidates: Dictionary | None = None
        self._seen = seen
        self._unseen_candidates: Dictionary | None = None

    @classmethod
    def read(cls, path: str | Path) -> Lexicon:
        """A lexicon file (:func:`format_lexicon`): ``word<TAB>count`` lines, the word in
        lower case, or capitalised when it always is (``English``); ``word word<TAB>count``
        lines count a pair of adjacent words (in lower case)."""
        counts, pairs, names = {}, {}, []
        for line in Path(path).read_text(encoding="utf-8").splitlines():
            word, _, count = line.partition("\t")
            first, _, second = word.partition(" ")
            if second:
                pairs[first, second] = int(count or 0)
            elif word:
                counts[word.lower()] = int(count or 0)
                if word != word.lower():
                    names.append(word.lower())
        return cls(counts, pairs, names)

    def __contains__(self, word: object) -> bool:
        return word in self.counts

    def unseen_name(self, word: str) -> bool:
        """Whether ``word`` (lower case) is a name of the word lists never seen in the text
        counted (``yong``, for ``Yong``): written in lower case, more likely a misspelling."""
        return word in self.names and not self.counts.get(word, 0)

    def log_prior(self, word: str, costs: ChannelCosts) -> float:
        """``log P(word)``: its smoothed share of the counts (``unknown`` when not a word)."""
        count = self.counts.get(word)
        weight = costs.unknown if count is None else count + costs.smoothing
        return math.log(weight / (self.total + costs.smoothing * len(self.counts)))

    def log_pair(self, first: str, second: str, costs: ChannelCosts) -> float:
        """``log P(first second)`` of two adjacent words: ``log P(first) + log P(second |
        first)``, the second word's probability after the first smoothed towards its prior
        (Dirichlet, weight ``k = costs.pair_smoothing``): ``(count(first second) + k
        P(second)) / (count(first) + k)``."""
        k = costs.pair_smoothing
        pair = self.pairs.get((first, second), 0)
        after = (pair + k * math.exp(self.log_prior(second, costs))) / (
            self.counts.get(first, 0) + k
        )
        return self.log_prior(first, costs) + math.log(after)

    def beside(self, first: str, second: str) -> float:
        """How much likelier ``first second`` (lower case) is written than two words apart:
        ``log count(first second) / E``, where ``E = count(first) count(second) / total``; a
        pair not counted (the lexicon keeps those counted :attr:`least_pair` times or more)
        that ``E`` says should have been counted is ``log (least_pair - 1) / E``; one it does
        not is no evidence, 0 (JUnit's ``not yeat supported``: "not yet", counted 91 times,
        ``E`` 0.6; Debian's ``the libcom_err and libss provided``: "and less", 18 times, is
        written less often than ``E``, 24, says, and "and libssl" is expected 0.1 times)."""
        if not self.pairs or first not in self.counts or second not in self.counts:
            return 0.0  # (a lexicon that counts no pairs tells nothing of them)
        expected = self.counts[first] * self.counts[second] / max(self.total, 1)
        seen = self.pairs.get((first, second), 0)
        if seen:
            return math.log(seen / expected)
        fewer = max(self.least_pair - 1, 0.5)  # (half a count where it keeps every pair)
        return math.log(fewer / expected) if expected >= self.least_pair else 0.0

    @property
    def candidates(self) -> Dictionary:
        """The words seen in the text counted (count >= 1), most frequent first, indexed for
        near-word lookup (on first use)."""
        if self._candidates is None:
            self._candidates = Dictionary(self._seen, max_distance=2)
        return self._candidates

    @property
    def unseen_candidates(self) -> Dictionary:
        """The words of the word lists never seen in the text counted (count 0; names left
        out), for lookup within distance 1 (on first use)."""
        if self._unseen_candidates is None:
            unseen = sorted(w for w, c in self.counts.items() if c == 0 and w not in self.names)
            self._unseen_candidates = Dictionary(unseen, max_distance=1)
        return self._unseen_candidates


def format_lexicon(counts: Iterable[tuple[str, int]]) -> str:
    """The text of a lexicon file: ``word<TAB>count`` lines (a word, or two words and a
    space: a pair), most frequent first, then by word."""
    return "".join(f"{w}\t{c}\n" for w, c in sorted(counts, key=lambda wc: (-wc[1], wc[0])))


ONE_LETTER_WORDS = frozenset({"a", "i"})  # the only words a split may write of one letter


@dataclass(frozen=True)
class Respelling:
    """The ``length`` words at ``index`` of a sentence respelt as the words ``new`` (one
    word as one, or as two where a space was left out; two words as one where a space was
    typed inside a word; the first in the case of the first written), and by how many nats
    the noisy channel prefers them to the words as written."""

    index: int
    new: tuple[str, ...]
    gain: float
    length: int = 1  # words of the sentence replaced: 2 where a space was typed inside a word


def splits(
    word: str,
    lexicon: Lexicon,
    costs: ChannelCosts = ChannelCosts(),  # noqa: B008
) -> list[tuple[str, str]]:
    """The ways of writing ``word`` (lower case) as two words of the lexicon, each counted at
    least ``costs.split_count`` times, of two letters or more or one of
    :data:`ONE_LETTER_WORDS`; in order of the split's place."""
    out = []
    for k in range(1, len(word)):
        parts = word[:k], word[k:]
        if all(
            lexicon.counts.get(p, 0) >= costs.split_count and (len(p) > 1 or p in ONE_LETTER_WORDS)
            for p in parts
        ):
            out.append(parts)
    return out


def best_respelling(
    word: str,
    lexicon: Lexicon,
    costs: ChannelCosts = ChannelCosts(),  # noqa: B008
) -> tuple[tuple[str, ...], float] | None:
    """The lower-case words the channel would write for ``word`` (lower case) and their gain
    over ``word`` as written (nats, may be negative), or None when nothing is near. The
    candidates: the words seen in the text counted within distance 1 of ``word`` when it is
    a word of the lexicon, else within distance 2; and, when it is not, the words never seen
    within distance 1 (:attr:`Lexicon.unseen_candidates`: ``hebitats`` -> ``habitats``) and
    its :func:`splits` into two words, whose prior is that of the pair
    (:meth:`Lexicon.log_pair`) and whose channel cost is ``costs.space``. Kept for the last
    :data:`RESPELT` words asked: a sentence's words outside the lexicon are asked for twice
    (:func:`compound`, for its terms, and :func:`respellings`), near-word lookups the costliest
    part of the corrector."""
    return _best_respelling(word, lexicon, costs)


RESPELT = 4096


def _best_respelling(
    word: str, lexicon: Lexicon, costs: ChannelCosts
) -> tuple[tuple[str, ...], float] | None:
    scored = _scored(word, lexicon, costs)
    if not scored:
        return None
    written = lexicon.log_prior(word, costs) - costs.no_error
    best, words = scored[0]
    return words, best - written


@lru_cache(maxsize=RESPELT)
def _scored(
    word: str, lexicon: Lexicon, costs: ChannelCosts
) -> tuple[tuple[float, tuple[str, ...]], ...]:
    """What the channel may write for ``word`` with its score (``log P(w) - cost``), best
    first (see :func:`best_respelling`)."""
    known = word in lexicon
    near = lexicon.candidates.near(word, 1 if known else 2)
    if not known:
        near += lexicon.unseen_candidates.near(word, 1)
    scored: list[tuple[float, tuple[str, ...]]] = [
        (lexicon.log_prior(w, costs) - channel_cost(word, w, costs), (w,)) for w in near
    ]
    if not known:
        scored += [
            (lexicon.log_pair(a, b, costs) - costs.space, (a, b))
            for a, b in splits(word, lexicon, costs)
        ]
    return tuple(sorted(scored, reverse=True))


def in_context(
    word: str,
    before: str,
    after: str,
    lexicon: Lexicon,
    costs: ChannelCosts = ChannelCosts(),  # noqa: B008
) -> tuple[str, ...] | None:
    """The one word of those the channel may write for ``word`` within ``costs.context``
    nats of its best (:func:`best_respelling`) that the words ``before`` and ``after`` it
    (lower case; "" where none) make likeliest: ``log P(w) - cost`` plus how much likelier
    ``w`` is beside each than apart (:meth:`Lexicon.beside`), weighted by
    ``costs.context_weight``; None where its best is no one word."""
    scored = _scored(word, lexicon, costs)
    if not scored or len(scored[0][1]) != 1:
        return None
    top = scored[0][0]

    def likely(score: float, w: str) -> float:
        beside = lexicon.beside(before, w) + lexicon.beside(w, after)
        return score + costs.context_weight * beside

    rivals = [(s, ws[0]) for s, ws in scored if len(ws) == 1 and s >= top - costs.context]
    return (max(rivals, key=lambda r: (likely(*r), r[0]))[1],)


def best_join(
    first: str,
    second: str,
    lexicon: Lexicon,
    costs: ChannelCosts = ChannelCosts(),  # noqa: B008
) -> tuple[str, float] | None:
    """The word that two words of the lexicon written apart make (``first`` in lower case,
    ``second`` as written: ``home`` ``work`` -> ``homework``) and its gain over the pair as
    written (nats, may be negative), or None when they make no word of the lexicon (a name
    left out) or one of them is shorter than :data:`MIN_LENGTH` (``s car`` of ``America 's
    car``; ``be low``, ``to day``, ``in to`` are often meant; on the tune part this lost
    ``my self`` and ``un known`` and avoided ``betook``), nor before ``per``, which makes a
    rate after any word (jsoup's log: ``keep one line map per parse`` got ``mapper`` at
    >99%; ``wrap per``, ``up per``, ``ship per``). The word's channel cost is
    ``costs.space`` (a space typed inside it), against the pair's prior
    (:meth:`Lexicon.log_pair`) and no error in either word."""
    word = first + second
    if not (
        second.lower() != "per"
        and len(first) >= MIN_LENGTH
        and len(second) >= MIN_LENGTH
        and _WORD.fullmatch(first)
        and _WORD.fullmatch(second)
        and first in lexicon
        and second in lexicon
        and word in lexicon
        and word not in lexicon.names
    ):
        return None
    written = lexicon.log_pair(first, second, costs) - 2 * costs.no_error
    return word, lexicon.log_prior(word, costs) - costs.space - written


def apart(first: str, second: str, lexicon: Lexicon) -> bool:
    """Whether English writes the words ``first`` and ``second`` (lower case) apart, never
    glued into one (``a lot``, ``in fact``, ``as well``): one of them is a function word
    (:data:`~spancopy_core.lang.english.FUNCTION_WORDS`) and the lexicon counts the pair."""
    either = first in FUNCTION_WORDS or second in FUNCTION_WORDS
    return either and lexicon.pairs.get((first, second), 0) > 0


# The particles of phrasal verbs: after a word of the open classes, a verb and its particle
# (node-pty's README: "Show off mad cli-fu" -> "Showoff" at >99%; "then back off"), which
# English writes apart, whatever noun the two make glued (showoff, setup, login, checkout).
PARTICLES = frozenset("off out over up down in on".split())


def glued(first: str, second: str) -> bool:
    """Whether English writes the words ``first`` and ``second`` (lower case) glued into the
    one word they make, never apart (``some one``, ``can not``, ``dis agreed``): one of them is
    a function word, or the first is a prefix
    (:data:`~spancopy_core.lang.english.PREFIXES`); not a word of the open classes and a
    particle of :data:`PARTICLES` (``show off``)."""
    if first in FUNCTION_WORDS or first in PREFIXES:
        return True
    return second in FUNCTION_WORDS and second not in PARTICLES


def compound_spacing(r: Respelling, tokens: Sequence[str], lexicon: Lexicon) -> bool:
    """Whether the respelling ``r`` of the sentence ``tokens`` only writes two words of the open
    classes as one or one as two: a compound, glued (``hashtable`` -> ``hash table``) or open
    (``run time`` -> ``runtime``), that English may write either way; or two words clean text
    never writes apart (``offscreen`` -> ``off screen``): not :func:`apart`, not
    :func:`glued`; or a join of a pair that clean text writes apart as well (:func:`apart`:
    ``every one`` -> ``everyone``, wrong in "by default every one" and "every one of them";
    JFLEG dev's tune part and the false-alarm set the same with and without)."""
    if r.length == 2:
        first, second = tokens[r.index].lower(), tokens[r.index + 1].lower()
        return not glued(first, second) or apart(first, second, lexicon)
    return len(r.new) == 2 and not apart(r.new[0].lower(), r.new[1].lower(), lexicon)


def _one_word(r: Respelling, tokens: Sequence[str]) -> tuple[str, str] | None:
    """The word of ``tokens`` that ``r`` respells as one word, and that word, in lower case
    (None for a split or a join)."""
    if r.length != 1 or len(r.new) != 1:
        return None
    return tokens[r.index].lower(), r.new[0].lower()


def lettered_name(word: str, lexicon: Lexicon) -> bool:
    """Whether ``word`` (lower case) is a word of the lexicon (three letters or more, counted)
    after two or three letters that are no syllable, no vowel among them and not one letter
    twice, nor the consonants an English word opens with (:data:`ONSETS`): how tools and
    functions are named (zlib's ``gzprintf``, gdb's ``dvips``: respelt ``imprint`` and
    ``dips`` in a careless writer's README); a typist's slip adds one letter there, or the same
    twice (``wwhen``), and a learner's misspelt word opens so (``creat``, ``whlie``)."""
    for n in (2, 3):
        head, rest = word[:n], word[n:]
        if len(rest) >= 3 and lexicon.counts.get(rest, 0) > 0 and len(set(head)) > 1:
            if not set(head) & VOWELS_Y and head not in ONSETS:
                return True
    return False


# The consonants an English word opens with, before its first vowel: a word in one of them is a
# word misspelt (JFLEG's "creat", "whlie"), not letters before a word
ONSETS = frozenset(
    """bl br ch chr cl cr dr dw fl fr gl gn gr kl kn kr ph phr pl pr ps sc sch scr sh shr sk sl sm
    sn sp sph spl spr squ st str sv sw th thr tr ts tw wh wr""".split()
)


def prefixed_name(r: Respelling, tokens: Sequence[str]) -> bool:
    """Whether the respelling ``r`` of the sentence ``tokens`` only drops letters from the
    start of a word: a lexicon word with letters before it is how commands and libraries are
    named (``gmake``, ``xtests``, ``bcrypt``, ``ccache``, ``kinit``: respelt ``make``,
    ``tests``, ... in the READMEs of bench/prose_false_alarms.py --seed 1 and 2); a learner's
    typo rarely adds letters there (3 of JFLEG dev's 366 respellings of one word)."""
    words = _one_word(r, tokens)
    return words is not None and len(words[0]) > len(words[1]) and words[0].endswith(words[1])


def suffixed_name(r: Respelling, tokens: Sequence[str]) -> bool:
    """Whether the respelling ``r`` of the sentence ``tokens`` only drops letters from the end
    of a word: a lexicon word with letters after it, how daemons and tools are named in
    well-edited text (``registryd``, ``startx``, ``rustc``, ``scanf``: respelt ``registry``,
    ``start``, ``rust``, ``scan`` in the NEWS of Debian packages); a learner types them too
    (``untill``, ``olde``: 23 of JFLEG dev's 33 such respellings are right), so only in
    well-edited text is this a name (:func:`respellings` with ``near``)."""
    words = _one_word(r, tokens)
    return words is not None and len(words[0]) > len(words[1]) and words[0].startswith(words[1])


def derived(r: Respelling, tokens: Sequence[str], lexicon: Lexicon) -> bool:
    """Whether the respelling ``r`` of the sentence ``tokens`` respells a word of the lexicon
    with an English prefix (:func:`~spancopy_core.lang.english.prefixed`), or the ``-able``
    adjective of one (:func:`~spancopy_core.lang.english.able_bases`): ``deconfigure``,
    ``undecodable``, however often the lexicon counts the word (the prose front-end's
    ``derived_words`` keeps only those of words counted less: ``unability`` is a learner's
    ``inability``). In well-edited text such a word is a derivation the lexicon lacks, not a
    slip for a word one letter away (Python's logging and Unicode HOWTOs got ``reconfigure``,
    ``undecidable``); a learner's ``untill`` is one too, so only there (:func:`respellings`
    with ``near``)."""
    words = _one_word(r, tokens)
    if words is None:
        return False
    bases = prefixed(words[0])
    bases += tuple(b for base in bases for b in able_bases(base))
    return any(base in lexicon and base not in FUNCTION_WORDS for base in bases)


def compound(
    word: str,
    lexicon: Lexicon,
    costs: ChannelCosts = ChannelCosts(),  # noqa: B008
) -> bool:
    """Whether ``word`` (lower case) is a compound that the channel would respell only by its
    spacing (:func:`compound_spacing`): outside the lexicon, its respelling two words not
    :func:`apart` (``hashtable``, ``offscreen``)."""
    found = None if word in lexicon else best_respelling(word, lexicon, costs)
    if found is None or found[1] <= costs.margin or len(found[0]) != 2:
        return False
    return not apart(*found[0], lexicon)


def respellings(
    tokens: Sequence[str],
    lexicon: Lexicon,
    costs: ChannelCosts = ChannelCosts(),  # noqa: B008
    terms: Container[str] = frozenset(),
    misspelt: bool = False,
    near: bool = False,
    dictionary: Callable[[str], bool] | None = None,
) -> list[Respelling]:
    """The words of the sentence ``tokens`` outside the lexicon that the channel respells
    (gain above ``costs.margin``), in order: words of :data:`MIN_LENGTH` letters or more, in
    lower case or with only their first letter capitalised; and the pairs of words of the
    lexicon that it writes as one (:func:`best_join`, the first in lower case or
    capitalised: ``some one`` -> ``someone``, ``Further more`` -> ``Furthermore``), a join
    taking the place of respelling either word. A word of the lexicon is never
    respelt: on JFLEG's tune part, respelling one (``tour`` -> ``your``, ``thus`` -> ``this``)
    was wrong more often than right; and respelling the words of the lexicon never seen in
    the documentation as well (``warming`` -> ``warning``, ``loner`` -> ``longer``, but
    ``loosing`` -> ``losing``) was wrong about as often as right. The exception: a name never
    seen, written in lower case (:meth:`Lexicon.unseen_name`: ``yong`` -> ``young``). Words
    of ``terms`` (in lower case: the document's own words) are never respelt or joined, nor a
    capitalised word after a word, before a capitalised word, before "et al" or before a
    possessive ``'s`` (a name the word lists lack: ``Xchange``, ``Andreas Stolcke``, ``Bader
    et al.``, ``Manacher's algorithm``; or after a comma, in a
    list of names: ``TensorFlow, Theano, Caffe``; or after an abbreviation: ``Dr. Dobb``), nor
    one without a vowel (:data:`VOWELS_Y`: ``wrt``, ``gvfs``; JFLEG dev has none outside the
    lexicon),
    nor a word after a number (a unit: ``23 nats``; JFLEG dev has none to respell).
    A compound respelt only by its spacing (:func:`compound_spacing`: ``hashtable``, ``run
    time``), or a name respelt only by dropping its first letters (:func:`prefixed_name`:
    ``gmake``), is respelt only in a sentence with another respelling, or one known to be
    ``misspelt`` (another corrector corrected it): in well-edited text it is the writer's
    spelling; in JFLEG's learners' (``Carusage ... aswell ... thirdworld``) a space is left
    out, or typed, with other errors. With ``near``, only the joins and the respellings one
    edit away (:func:`is_near`; a join not opened by one of :data:`PREPOSITIONS`), and only
    those decide whether a name is respelt beside
    another: gzip's README has ``The znew and gzexe shell scripts ... the (non-GNU) cpmod
    utility``, where ``cpmod`` -> ``chmod`` (not near, so not made) let ``znew`` become
    ``new``; and a name made of a word and letters after it (:func:`suffixed_name`:
    ``registryd``) is one too. With ``near``, neither a respelling into a word that the
    ``dictionary`` (Harper's, larger) lacks: a careful writer's ``libss`` (of e2fsprogs) is
    no slip for ``libssl``, nor ``epsf`` for ``epsv``: a name for another name; nor a word
    :func:`derived` with a prefix (``deconfigure``)."""
    out = []
    joined_to = -1
    for i, token in enumerate(tokens):
        if i <= joined_to:
            continue
        lower = token.lower()
        plain = token == lower or token == lower.capitalize()
        if i + 1 < len(tokens) and plain and lower not in terms:
            found = best_join(lower, tokens[i + 1], lexicon, costs)
            if found is not None and found[1] > costs.margin:
                out.append(Respelling(i, (same_case(token, found[0]),), found[1], 2))
                joined_to = i + 1
                continue
        if len(token) < MIN_LENGTH or not plain or not _WORD.fullmatch(lower):
            continue
        if lower in terms:
            continue  # the document's own word
        if not typo_shaped(lower):
            continue  # no vowel: an abbreviation or a command (wrt, gvfs, gtkrc), no typo
        if i > 0 and tokens[i - 1][:1].isdigit():
            continue  # after a number: a unit (23 nats, 4 vcpus; JFLEG dev respells none)
        if token != lower and i > 0 and (tokens[i - 1][:1].isalnum() or tokens[i - 1] in ",.[:"):
            # capitalised after a word, a comma, or a period inside the sentence (after an
            # abbreviation: Dr. Dobb), opening a link's text, or after a label's colon: a name
            # (Xchange, Darktable, Theano; Flask's "[Werkzeug] and [Jinja]" got Ninja; "Note:
            # Tokio is required." got Too; JFLEG dev capitalises no misspelling after one)
            continue
        if token != lower and tokens[i + 1 : i + 2] and tokens[i + 1] != "I":
            if tokens[i + 1][:1].isupper():
                continue  # capitalised before a capitalised word: Andreas Stolcke, Sparc Ultra
            if tuple(tokens[i + 1 : i + 3]) == ("et", "al"):
                continue  # an author cited: Bader et al.
            if tokens[i + 1] in ("'", "’") and tuple(tokens[i + 2 : i + 3]) == ("s",):
                continue  # a name's possessive: Manacher's algorithm (not Manager's)
        if lower in lexicon and not (token == lower and lexicon.unseen_name(lower)):
            continue
        if lettered_name(lower, lexicon):
            continue
        respelt = best_respelling(lower, lexicon, costs)
        if respelt is not None and respelt[1] > costs.margin:
            before = tokens[i - 1].lower() if i > 0 else ""
            after = tokens[i + 1].lower() if i + 1 < len(tokens) else ""
            first, *rest = in_context(lower, before, after, lexicon, costs) or respelt[0]
            out.append(Respelling(i, (same_case(token, first), *rest), respelt[1]))
    if near:
        out = [
            r
            for r in out
            if is_near(r, tokens, costs)
            and (dictionary is None or all(dictionary(w.lower()) for w in r.new))
            and (r.length != 2 or tokens[r.index].lower() not in PREPOSITIONS)
        ]
    if not misspelt and all(
        compound_spacing(r, tokens, lexicon)
        or prefixed_name(r, tokens)
        or near
        and (suffixed_name(r, tokens) or derived(r, tokens, lexicon))
        for r in out
    ):
        return []  # a sentence spelt right: its compounds and names as the writer spells them
    return out


# Prepositions: a careful writer's preposition and the word after it are a phrase, never a
# slip for the word they make glued (Python's FAQ: "under most circumstances" got "undermost",
# "gained over running each interpreter" got "overrunning"; "over all the files"); JFLEG dev's
# joins ("some one", "can not", "Further more", "him self") open with none.
PREPOSITIONS = frozenset(
    """about above across after against along among around at before behind below beneath
    beside between beyond by down during for from in inside into near of off on onto out
    outside over past since through throughout to toward towards under underneath until up upon
    with within without""".split()
)


def is_near(r: Respelling, tokens: Sequence[str], costs: ChannelCosts = ChannelCosts()) -> bool:  # noqa: B008
    """Whether the respelling ``r`` of ``tokens`` is a join or one word for another one slip
    of the fingers away (:func:`~spancopy_core.repair.spelling.distance` 1), not a split nor
    a letter for one neither near on the keyboard nor alike (``costs.substitution``: ``musl``
    for ``must`` is a name)."""
    if r.length == 2:
        return True
    typo, word = tokens[r.index].lower(), r.new[0].lower() if len(r.new) == 1 else ""
    if not word or distance(typo, word, 1) > 1:
        return False
    return channel_cost(typo, word, costs) < costs.substitution


def respell(
    tokens: Sequence[str],
    lexicon: Lexicon,
    costs: ChannelCosts = ChannelCosts(),  # noqa: B008
    terms: Container[str] = frozenset(),
    misspelt: bool = False,
    near: bool = False,
    dictionary: Callable[[str], bool] | None = None,
) -> tuple[str, ...]:
    """``tokens`` with every respelling of :func:`respellings` (``terms`` left as written,
    ``misspelt`` as there) made (a split makes the sentence a token longer, a join a token
    shorter); with ``near``, only the joins and the respellings one edit away (:func:`is_near`)
    into words of the ``dictionary``."""
    out: list[tuple[str, ...]] = [(t,) for t in tokens]
    for r in respellings(tokens, lexicon, costs, terms, misspelt, near, dictionary):
        out[r.index : r.index + r.length] = [r.new] + [()] * (r.length - 1)
    return tuple(w for t in out for w in t)
