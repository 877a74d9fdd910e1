"""Tables of English that learners confuse, shared by the training noise
(``trainer/prose_noise.py``) and the spelling candidates of the prose repairs
(:mod:`spancopy_core.repair.spelling`); and the capitals every sentence takes
(:func:`capitals`).

:data:`HOMOPHONES` are sets of interchangeable spellings, each member a token sequence as the
prose lexer gives it in JFLEG's spacing (``they 're`` is ``they``, ``'``, ``re``; ``do n't``
is ``do``, ``n't``).
"""

from __future__ import annotations

HOMOPHONES: tuple[tuple[tuple[str, ...], ...], ...] = (
    (("their",), ("there",), ("they", "'", "re")),
    (("its",), ("it", "'", "s")),
    (("your",), ("you", "'", "re")),
    (("whose",), ("who", "'", "s")),
    (("then",), ("than",)),
    (("lose",), ("loose",)),
    (("to",), ("too",), ("two",)),
    (("affect",), ("effect",)),
    (("were",), ("where",), ("we", "'", "re")),
    (("accept",), ("except",)),
    (("quiet",), ("quite",)),
    (("weather",), ("whether",)),
    (("know",), ("no",), ("now",)),
    (("hear",), ("here",)),
    (("buy",), ("by",)),
    (("passed",), ("past",)),
    (("advice",), ("advise",)),
    (("which",), ("witch",)),
    (("piece",), ("peace",)),
    (("write",), ("right",)),
    (("week",), ("weak",)),
    (("new",), ("knew",)),
    (("one",), ("won",)),
    (("of",), ("off",)),
    (("live",), ("life",)),
    (("chose",), ("choose",)),
    (("a", "lot"), ("alot",)),
    (("every", "day"), ("everyday",)),
    (("may", "be"), ("maybe",)),
    (("in", "front"), ("infront",)),
    (("any", "more"), ("anymore",)),
    (("every", "one"), ("everyone",)),
)


def find_sequences(
    tokens: list[str] | tuple[str, ...], groups: tuple[tuple[tuple[str, ...], ...], ...]
) -> list[tuple[int, tuple[str, ...], tuple[tuple[str, ...], ...]]]:
    """(position, matched member, its group) of every occurrence of a member of ``groups`` in
    ``tokens``, compared in lower case, by group, member and position."""
    lower = [t.lower() for t in tokens]
    found = []
    for group in groups:
        for member in group:
            n = len(member)
            for i in range(len(tokens) - n + 1):
                if tuple(lower[i : i + n]) == member:
                    found.append((i, member, group))
    return found


def same_case(template: str, word: str) -> str:
    """``word`` with the case pattern of ``template`` (Capitalised, UPPER or as is)."""
    if len(template) > 1 and template.isupper():
        return word.upper()
    if template[:1].isupper():
        return word[:1].upper() + word[1:]
    return word


def capitals(tokens: list[str] | tuple[str, ...], words: object) -> tuple[str, ...]:
    """``tokens`` (one sentence) with the capitals English always takes: the pronoun ``i``
    as ``I`` (not ``i.e.``), and a lower-case first word capitalised when it is an English word of
    ``words`` (a container of lower-case words: an identifier opening a comment is left
    alone)."""
    after = [*tokens[1:], ""]
    out = ["I" if t == "i" and nxt != "." else t for t, nxt in zip(tokens, after)]
    if out and out[0].isalpha() and out[0].islower() and out[0] in words:  # type: ignore[operator]
        out[0] = out[0].capitalize()
    return tuple(out)
