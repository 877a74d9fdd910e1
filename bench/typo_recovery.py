"""How often the spelling corrector restores a word typed with one slip, in real sentences.

Each sentence of the given Markdown or plain-text files (read as ``spancopy repair`` reads
them: :func:`spancopy_core.lang.text.parse`) that has a lower-case word of the corrector's
lexicon of four letters or more gets one such word, drawn with ``--seed``, typed with one slip
(a letter dropped, added, replaced or swapped with the next, drawn alike) that makes no word
of the lexicon. The noisy channel (:func:`spancopy_core.repair.channel.respell`) then reads
the sentence; a typo is *recovered* when the word comes back as written. Each ``--context``
value (:attr:`~spancopy_core.repair.channel.ChannelCosts.context`: how near two candidates
are for the words beside them to choose) reads the same typos, side by side in one run. Use
text that the lexicon was not counted from (``python -m trainer prose-lexicon`` reads the
documentation that ``synth-prose`` reads). A ``RESULT`` line ends the report. ::

    python bench/typo_recovery.py FILE... [--seed 1] [--context 0 1]
"""

from __future__ import annotations

import argparse
import dataclasses
import random
import string
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from bench.common import machine  # noqa: E402
from spancopy_core.lang import text  # noqa: E402
from spancopy_core.repair.channel import ChannelCosts, Lexicon, respell  # noqa: E402
from spancopy_core.repair.prose import shared_lexicon  # noqa: E402

MIN_LETTERS = 4  # shorter words' slips are mostly other words


def slip(word: str, rng: random.Random) -> str:
    """``word`` with one slip: a letter dropped, added, replaced or swapped with the next."""
    i = rng.randrange(len(word))
    kind = rng.randrange(4)
    letter = rng.choice(string.ascii_lowercase)
    if kind == 1:
        return word[:i] + letter + word[i:]
    if kind == 2:
        return word[:i] + letter + word[i + 1 :]
    if kind == 3 and i + 1 < len(word):
        return word[:i] + word[i + 1] + word[i] + word[i + 2 :]
    return word[:i] + word[i + 1 :]


def typos(files: list[Path], lexicon: Lexicon, seed: int) -> list[tuple[tuple[str, ...], int, str]]:
    """Each sentence with a slip: its tokens as typed, where the slip is, the word meant."""
    rng = random.Random(seed)
    out = []
    for path in files:
        source = text.parse(path.read_text(encoding="utf-8"), path.suffix in (".md", ".markdown"))
        for sentence in source.sentences:
            tokens = text.abstract(source.tokens[sentence.tokens]).tokens
            at = [
                i
                for i, w in enumerate(tokens)
                if w.isalpha() and w.islower() and len(w) >= MIN_LETTERS and w in lexicon
            ]
            if not at:
                continue
            i = rng.choice(at)
            typed = slip(tokens[i], rng)
            if typed != tokens[i] and typed not in lexicon:
                out.append(((*tokens[:i], typed, *tokens[i + 1 :]), i, tokens[i]))
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("files", nargs="+", type=Path, help="Markdown (.md) or plain-text files")
    ap.add_argument("--seed", type=int, default=1, help="draws the words and their slips")
    ap.add_argument(
        "--context",
        type=float,
        nargs="+",
        default=[0.0, ChannelCosts().context],
        help="ChannelCosts.context values to compare (nats)",
    )
    args = ap.parse_args()
    lexicon = shared_lexicon()
    cases = typos(args.files, lexicon, args.seed)
    print(f"{machine()}; {len(args.files)} file(s), {len(cases)} typos, seed {args.seed}")
    fields = [f"typos={len(cases)}"]
    for context in args.context:
        costs = dataclasses.replace(ChannelCosts(), context=context)
        recovered = 0
        for tokens, i, meant in cases:
            out = respell(tokens, lexicon, costs)
            recovered += len(out) == len(tokens) and out[i] == meant
        print(f"context {context:g}: {recovered} recovered ({recovered / max(len(cases), 1):.1%})")
        fields.append(f"context_{context:g}_recovered={recovered}")
    print("RESULT typo_recovery " + " ".join(fields))


if __name__ == "__main__":
    main()
