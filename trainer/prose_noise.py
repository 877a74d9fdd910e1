"""Learner-like errors for English sentences: the noisy side of ``synth-prose`` pairs.

Every function here is pure: it takes a sentence as the prose lexer's tokens
(:func:`spancopy_core.lang.text.tokenize`, JFLEG spacing: ``do n't``, ``it 's``) and a
:class:`random.Random`, and returns new tokens (the input list is never changed), or ``None``
when the sentence has no place for that kind of error. :data:`KINDS` names each kind with its
function; :func:`corrupt` applies a seeded number of them, drawn by :data:`WEIGHTS`. Words
changed inside a token (misspellings, plurals, verb forms) come from rules and small tables
below, so a generated error need not be a real word ("developped"), as learners' are not.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Sequence

from spancopy_core.lang.english import HOMOPHONES, find_sequences, same_case

Tokens = list[str]

_KEYBOARD_ROWS = ("qwertyuiop", "asdfghjkl", "zxcvbnm")
KEYBOARD: dict[str, str] = {}  # letter -> its neighbours on a QWERTY keyboard
for _r, _row in enumerate(_KEYBOARD_ROWS):
    for _c, _ch in enumerate(_row):
        near = {_row[j] for j in (_c - 1, _c + 1) if 0 <= j < len(_row)}
        for _other in (_r - 1, _r + 1):
            if 0 <= _other < len(_KEYBOARD_ROWS):
                near |= {
                    _KEYBOARD_ROWS[_other][j]
                    for j in (_c - 1, _c, _c + 1)
                    if 0 <= j < len(_KEYBOARD_ROWS[_other])
                }
        KEYBOARD[_ch] = "".join(sorted(near))

# Spellings learners confuse (pattern -> replacement), tried where the pattern occurs.
PHONETIC: tuple[tuple[str, str], ...] = (
    ("ie", "ei"),
    ("ei", "ie"),
    ("ph", "f"),
    ("ce", "se"),
    ("se", "ce"),
    ("c", "k"),
    ("ck", "k"),
    ("ss", "s"),
    ("ll", "l"),
    ("mm", "m"),
    ("nn", "n"),
    ("rr", "r"),
    ("tt", "t"),
    ("ance", "ence"),
    ("ence", "ance"),
    ("ant", "ent"),
    ("ent", "ant"),
    ("able", "ible"),
    ("ible", "able"),
    ("tion", "sion"),
    ("ea", "ee"),
    ("ou", "o"),
    ("y", "i"),
    ("i", "y"),
    ("er", "ar"),
    ("or", "er"),
    ("al", "el"),
    ("e", "a"),
    ("a", "e"),
    ("ght", "t"),
    ("wh", "w"),
    ("x", "cs"),
    ("qu", "kw"),
)

ARTICLES = ("a", "an", "the")
PREPOSITIONS = (
    "in on at for to of with by from about into onto over under between through during "
    "without within among towards"
).split()
DETERMINERS = ("a", "an", "the", "this", "that", "these", "those", "some", "many", "much")
AGREEMENT: tuple[tuple[str, ...], ...] = (
    ("is", "are", "be", "am"),
    ("was", "were"),
    ("has", "have", "had"),
    ("does", "do", "did"),
    ("this", "these"),
    ("that", "those"),
    ("much", "many"),
    ("less", "fewer"),
)  # no pronouns: "They try" -> "It try" taught a model to turn "They" into "It"
IRREGULAR: tuple[tuple[str, ...], ...] = (
    ("be", "been", "being"),
    ("go", "went", "gone", "goes", "going"),
    ("take", "took", "taken", "takes", "taking"),
    ("write", "wrote", "written", "writes", "writing"),
    ("make", "made", "makes", "making"),
    ("see", "saw", "seen", "sees", "seeing"),
    ("give", "gave", "given", "gives", "giving"),
    ("become", "became", "becomes", "becoming"),
    ("run", "ran", "runs", "running"),
    ("find", "found", "finds", "finding"),
    ("get", "got", "gotten", "gets", "getting"),
    ("think", "thought", "thinks", "thinking"),
    ("buy", "bought", "buys", "buying"),
    ("bring", "brought", "brings", "bringing"),
    ("teach", "taught", "teaches", "teaching"),
    ("know", "knew", "known", "knows", "knowing"),
    ("grow", "grew", "grown", "grows", "growing"),
    ("choose", "chose", "chosen", "chooses", "choosing"),
    ("begin", "began", "begun", "begins", "beginning"),
    ("come", "came", "comes", "coming"),
    ("keep", "kept", "keeps", "keeping"),
    ("leave", "left", "leaves", "leaving"),
    ("feel", "felt", "feels", "feeling"),
    ("spend", "spent", "spends", "spending"),
    ("tell", "told", "tells", "telling"),
    ("say", "said", "says", "saying"),
    ("use", "used", "uses", "using"),
    ("live", "lived", "lives", "living"),
)
_IRREGULAR_FORMS = {form: forms for forms in IRREGULAR for form in forms}
_AGREEMENT_FORMS = {form: forms for forms in AGREEMENT for form in forms}
_LETTERS = "abcdefghijklmnopqrstuvwxyz"
_WORD = re.compile(r"[A-Za-z]+")
FUNCTION_WORDS = frozenset(
    """a an the and or but if so of in on at for to with by from as is are was were be been it
    this that these those there their they he she we you i my your his her our its not no do
    does did have has had will would can could should may might must some many much more
    most any all each every few less""".split()
)
CONTRACTIONS = ("n't", "s", "re", "ve", "ll", "d", "m")  # after "'" in JFLEG spacing, but n't


def _is_word(token: str, min_len: int = 1) -> bool:
    return len(token) >= min_len and _WORD.fullmatch(token) is not None


def _pick(rng: random.Random, positions: Sequence[int]) -> int | None:
    return rng.choice(positions) if positions else None


def _replace(tokens: Sequence[str], i: int, new: Sequence[str], width: int = 1) -> Tokens:
    return [*tokens[:i], *new, *tokens[i + width :]]


# -- misspellings inside one word -------------------------------------------------------------


def misspell_word(word: str, rng: random.Random) -> str | None:
    """One spelling error in ``word`` (keyboard slip, transposition, dropped or doubled letter,
    phonetic confusion), or None if the word is too short or the draw left it unchanged."""
    if not _is_word(word, 3):
        return None
    lower = word.lower()
    how = rng.choice(("keyboard", "transpose", "drop", "double", "phonetic", "phonetic"))
    i = rng.randrange(1, len(word)) if len(word) > 1 else 0  # rarely the first letter
    if how == "keyboard":
        ch = lower[i]
        new = lower[:i] + rng.choice(KEYBOARD.get(ch, _LETTERS)) + lower[i + 1 :]
    elif how == "transpose" and i < len(word) - 1:
        new = lower[:i] + lower[i + 1] + lower[i] + lower[i + 2 :]
    elif how == "drop":
        new = lower[:i] + lower[i + 1 :]
    elif how == "double":
        new = lower[: i + 1] + lower[i:]
    else:
        options = [(a, b) for a, b in PHONETIC if a in lower[1:]]
        if not options:
            return None
        a, b = rng.choice(options)
        starts = [m.start() + 1 for m in re.finditer(re.escape(a), lower[1:])]
        at = rng.choice(starts)
        new = lower[:at] + b + lower[at + len(a) :]
    if new == lower or not new:
        return None
    return same_case(word, new)


def misspell(tokens: Sequence[str], rng: random.Random) -> Tokens | None:
    """A spelling error in a word of at least three letters."""
    i = _pick(rng, [i for i, t in enumerate(tokens) if _is_word(t, 3)])
    if i is None:
        return None
    new = misspell_word(tokens[i], rng)
    return None if new is None else _replace(tokens, i, [new])


# -- whole-word confusions --------------------------------------------------------------------


def homophone(tokens: Sequence[str], rng: random.Random) -> Tokens | None:
    """A word replaced by one that sounds alike (their/there/they 're, its/it 's, then/than,
    your/you 're, lose/loose, to/too, a lot/alot ...)."""
    found = find_sequences(tokens, HOMOPHONES)
    if not found:
        return None
    i, member, group = rng.choice(found)
    other = list(rng.choice([m for m in group if m != member]))
    other[0] = same_case(tokens[i], other[0])
    return _replace(tokens, i, other, len(member))


def _swap_in_class(tokens, rng, classes: dict[str, tuple[str, ...]]) -> Tokens | None:
    i = _pick(rng, [i for i, t in enumerate(tokens) if t.lower() in classes])
    if i is None:
        return None
    forms = classes[tokens[i].lower()]
    new = rng.choice([f for f in forms if f != tokens[i].lower()])
    return _replace(tokens, i, [same_case(tokens[i], new)])


def article(tokens: Sequence[str], rng: random.Random) -> Tokens | None:
    """An article dropped, swapped (a/an/the) or added before a word."""
    at = [i for i, t in enumerate(tokens) if t.lower() in ARTICLES]
    how = rng.choice(("drop", "swap", "add")) if at else "add"
    if how == "add":
        i = _pick(
            rng,
            [
                i
                for i, t in enumerate(tokens)
                if _is_word(t, 3)
                and t.lower() not in FUNCTION_WORDS
                and (i == 0 or tokens[i - 1].lower() not in DETERMINERS)
            ],
        )
        if i is None:
            return None
        new = rng.choice(ARTICLES)
        if i == 0:
            return [same_case(tokens[0], new), tokens[0].lower(), *tokens[1:]]
        return _replace(tokens, i, [new, tokens[i]])
    i = rng.choice(at)
    if how == "drop":
        out = _replace(tokens, i, [])
        if i == 0 and out:
            out[0] = same_case(tokens[0], out[0])
        return out
    new = rng.choice([a for a in ARTICLES if a != tokens[i].lower()])
    return _replace(tokens, i, [same_case(tokens[i], new)])


def preposition(tokens: Sequence[str], rng: random.Random) -> Tokens | None:
    """A preposition replaced by another or dropped."""
    i = _pick(rng, [i for i, t in enumerate(tokens) if t.lower() in PREPOSITIONS])
    if i is None:
        return None
    if rng.random() < 0.25:
        return _replace(tokens, i, [])
    new = rng.choice([p for p in PREPOSITIONS[:12] if p != tokens[i].lower()])
    return _replace(tokens, i, [same_case(tokens[i], new)])


def agreement(tokens: Sequence[str], rng: random.Random) -> Tokens | None:
    """A form that must agree swapped for another (is/are, was/were, has/have, this/these,
    much/many)."""
    return _swap_in_class(tokens, rng, _AGREEMENT_FORMS)


def verb_form(word: str, rng: random.Random) -> str | None:
    """Another form of the verb ``word``: an irregular form from :data:`IRREGULAR`, or by
    rule (``-ed``, ``-ing``, ``-s`` endings changed, added or removed); None if not a verb-like
    word."""
    lower = word.lower()
    if lower in _IRREGULAR_FORMS:
        return same_case(word, rng.choice([f for f in _IRREGULAR_FORMS[lower] if f != lower]))
    if not _is_word(word, 4) or lower in FUNCTION_WORDS:
        return None
    for ending in ("ing", "ed", "es", "s"):
        if lower.endswith(ending) and len(lower) - len(ending) >= 3:
            stem = lower[: -len(ending)]
            break
    else:
        stem = lower
    options = {stem, stem + "s", stem + "ed", stem + "ing", stem + "e" + "d"} - {lower}
    if stem.endswith("e"):
        options |= {stem + "d", stem[:-1] + "ing"}
    return same_case(word, rng.choice(sorted(options)))


def verb(tokens: Sequence[str], rng: random.Random) -> Tokens | None:
    """A verb in another form (tense, participle, -s): irregular verbs by table, words ending
    in -ed/-ing by rule."""
    at = [
        i
        for i, t in enumerate(tokens)
        if t.lower() in _IRREGULAR_FORMS or (_is_word(t, 5) and t.lower().endswith(("ed", "ing")))
    ]
    i = _pick(rng, at)
    if i is None:
        return None
    new = verb_form(tokens[i], rng)
    return None if new is None else _replace(tokens, i, [new])


def number(tokens: Sequence[str], rng: random.Random) -> Tokens | None:
    """A noun-like word made plural or singular (an ``s`` added or removed)."""
    at = [
        i
        for i, t in enumerate(tokens)
        if _is_word(t, 4) and t.lower() not in FUNCTION_WORDS and t.islower()
    ]
    i = _pick(rng, at)
    if i is None:
        return None
    word = tokens[i]
    if word.endswith("ies"):
        new = word[:-3] + "y"
    elif word.endswith("s") and not word.endswith("ss"):
        new = word[:-1]
    elif word.endswith("y") and word[-2:-1] not in "aeiou":
        new = word[:-1] + "ies"
    else:
        new = word + "s"
    return _replace(tokens, i, [new])


def drop_word(tokens: Sequence[str], rng: random.Random) -> Tokens | None:
    """A word dropped (function words three times as often)."""
    at = [i for i, t in enumerate(tokens) if _is_word(t)]
    if len(at) < 3:
        return None
    weights = [3 if tokens[i].lower() in FUNCTION_WORDS else 1 for i in at]
    i = rng.choices(at, weights)[0]
    out = _replace(tokens, i, [])
    if i == 0:
        out[0] = same_case(tokens[0], out[0])
    return out


def duplicate_word(tokens: Sequence[str], rng: random.Random) -> Tokens | None:
    """A word written twice."""
    i = _pick(rng, [i for i, t in enumerate(tokens) if _is_word(t)])
    return None if i is None else _replace(tokens, i, [tokens[i], tokens[i].lower()])


def swap_words(tokens: Sequence[str], rng: random.Random) -> Tokens | None:
    """Two neighbouring words in the wrong order."""
    at = [
        i
        for i in range(len(tokens) - 1)
        if _is_word(tokens[i]) and _is_word(tokens[i + 1]) and tokens[i] != tokens[i + 1]
    ]
    i = _pick(rng, at)
    if i is None:
        return None
    a, b = tokens[i], tokens[i + 1]
    if i == 0:
        a, b = same_case(a, b), a.lower() if a != "I" else a
        return _replace(tokens, i, [a, b], 2)
    return _replace(tokens, i, [b, a], 2)


def split_join(tokens: Sequence[str], rng: random.Random) -> Tokens | None:
    """A word split in two (``some thing``) or two words joined (``alot``)."""
    if rng.random() < 0.5:
        i = _pick(rng, [i for i, t in enumerate(tokens) if _is_word(t, 6)])
        if i is None:
            return None
        cut = rng.randrange(2, len(tokens[i]) - 1)
        return _replace(tokens, i, [tokens[i][:cut], tokens[i][cut:]])
    at = [
        i
        for i in range(len(tokens) - 1)
        if _is_word(tokens[i]) and _is_word(tokens[i + 1]) and tokens[i + 1].islower()
    ]
    i = _pick(rng, at)
    return None if i is None else _replace(tokens, i, [tokens[i] + tokens[i + 1]], 2)


def capitalisation(tokens: Sequence[str], rng: random.Random) -> Tokens | None:
    """The first word or a proper noun in lower case, ``I`` as ``i``, or a word capitalised."""
    caps = [i for i, t in enumerate(tokens) if _is_word(t) and t[0].isupper() and not t.isupper()]
    caps += [i for i, t in enumerate(tokens) if t == "I"]
    if caps and rng.random() < 0.75:
        i = rng.choice(caps)
        return _replace(tokens, i, [tokens[i].lower()])
    i = _pick(rng, [i for i, t in enumerate(tokens) if _is_word(t, 2) and t.islower()])
    return None if i is None else _replace(tokens, i, [tokens[i].capitalize()])


def punctuation(tokens: Sequence[str], rng: random.Random) -> Tokens | None:
    """A comma dropped or added, the final stop dropped or doubled, or a contraction's
    apostrophe dropped (``do n't`` -> ``dont``, ``it 's`` -> ``its``)."""
    how = rng.choice(("comma", "comma", "stop", "apostrophe"))
    if how == "apostrophe":
        at = [
            i
            for i in range(1, len(tokens))
            if tokens[i] == "n't"
            or (tokens[i] == "'" and i + 1 < len(tokens) and tokens[i + 1] in CONTRACTIONS)
        ]
        i = _pick(rng, at)
        if i is None:
            return None
        if tokens[i] == "n't":
            return _replace(tokens, i - 1, [tokens[i - 1] + "nt"], 2)
        return _replace(tokens, i - 1, [tokens[i - 1] + tokens[i + 1]], 3)
    if how == "stop":
        if not tokens or tokens[-1] not in (".", "!", "?"):
            return None
        return list(tokens[:-1]) if rng.random() < 0.7 else [*tokens, tokens[-1]]
    commas = [i for i, t in enumerate(tokens) if t == ","]
    if commas and rng.random() < 0.6:
        return _replace(tokens, rng.choice(commas), [])
    i = _pick(rng, [i for i in range(1, len(tokens)) if _is_word(tokens[i])])
    return None if i is None else _replace(tokens, i, [",", tokens[i]])


def informal(tokens: Sequence[str], rng: random.Random) -> Tokens | None:
    """Text-message spellings: ``you`` as ``u``, ``because`` as ``becouse``/``cause``."""
    table = {"you": "u", "your": "ur", "because": "becouse", "are": "r", "people": "peoples"}
    i = _pick(rng, [i for i, t in enumerate(tokens) if t.lower() in table])
    return None if i is None else _replace(tokens, i, [table[tokens[i].lower()]])


Corruption = Callable[[Sequence[str], random.Random], "Tokens | None"]
KINDS: dict[str, Corruption] = {
    "misspell": misspell,
    "homophone": homophone,
    "article": article,
    "preposition": preposition,
    "agreement": agreement,
    "verb": verb,
    "number": number,
    "drop_word": drop_word,
    "duplicate_word": duplicate_word,
    "swap_words": swap_words,
    "split_join": split_join,
    "capitalisation": capitalisation,
    "punctuation": punctuation,
    "informal": informal,
}
WEIGHTS: dict[str, float] = {  # JFLEG's errors are largely spelling
    "misspell": 8.0,
    "homophone": 1.5,
    "article": 2.0,
    "preposition": 1.5,
    "agreement": 1.5,
    "verb": 1.5,
    "number": 1.5,
    "drop_word": 1.0,
    "duplicate_word": 0.3,
    "swap_words": 0.4,
    "split_join": 0.5,
    "capitalisation": 1.0,
    "punctuation": 1.5,
    "informal": 0.3,
}


def corrupt(
    tokens: Sequence[str],
    rng: random.Random,
    clean: float = 0.12,
    rate: float = 0.12,
    weights: dict[str, float] | None = None,
) -> tuple[Tokens, list[str]]:
    """The tokens with errors and the kinds applied: none with probability ``clean``, else
    one plus a binomial count (``rate`` per token), each of a kind drawn by ``weights``; a
    kind with no place in the sentence is drawn again, at most a few times. The kinds are
    empty exactly when the tokens came out unchanged."""
    weights = WEIGHTS if weights is None else weights
    out = list(tokens)
    if rng.random() < clean:
        return out, []
    names = [k for k in weights if weights[k] > 0]
    wanted = 1 + sum(rng.random() < rate for _ in range(max(0, len(tokens) - 1)))
    applied: list[str] = []
    tries = 0
    while len(applied) < wanted and tries < 4 * wanted:
        tries += 1
        kind = rng.choices(names, [weights[k] for k in names])[0]
        new = KINDS[kind](out, rng)
        if new is not None and new != out and new:
            out = new
            applied.append(kind)
    if out == list(tokens):  # later errors undid earlier ones
        applied = []
    return out, applied
