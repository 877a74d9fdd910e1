"""A tiny Java repair model for the server tests: it learns to turn ``>`` into ``>=``.

The vocabulary holds Java's keywords and operators and BFP's placeholders (``VAR_n``,
``METHOD_n``, ``TYPE_n``, ...); the training pairs are small generated methods whose one
comparison ``a > b`` (or ``a < b``) is fixed to ``a >= b`` (``a <= b``), and as many fixed
methods left unchanged, abstracted with the same front-end the server uses. A few dozen steps
on a CPU make the fix the model's best hypothesis for such a buggy method, and the unchanged
method its best hypothesis for a fixed one; nothing else about its quality is promised.

The toy *prose* model (:func:`build_toy_prose_model`) learns the same way to correct one misspelt
word (``recieve`` -> ``receive``, ``teh`` -> ``the``, ...) in short generated sentences, and to
copy correct ones.

The toy *edit* model (:func:`build_toy_edit_model`, an edit-representation model) learns to
apply the edit it is given, on one mechanical rewrite: a call gets the extra last argument
``true`` (``open(path)`` -> ``open(path, true)``), each pair under its own edit (the
reconstruction task the real one is trained on), every other pair unchanged under the empty
edit, so that it applies what the edit says rather than always adding the argument.
"""

from __future__ import annotations

import random
from pathlib import Path

import torch

from spancopy_core.editing.alignment import align
from spancopy_core.lang.java import KEYWORDS, abstract_pair, parse
from spancopy_core.paper.batch import collate
from spancopy_core.paper.config import ModelConfig
from spancopy_core.paper.lattice import build_lattice
from spancopy_core.paper.model import SpanCopyModel
from spancopy_core.paper.vocab import Vocabulary
from spancopy_core.storage.checkpoint import save_model

OPERATORS = """( ) { } [ ] ; , . @ = > < ! ~ ? : == <= >= != && || ++ -- + - * / & | ^ % += -=
*= /= ...""".split()
PLACEHOLDERS = [
    f"{kind}_{n}"
    for kind, count in (("VAR", 20), ("METHOD", 10), ("TYPE", 10), ("STRING", 5), ("INT", 5))
    for n in range(1, count + 1)
]
IDIOMS = ["0", "1", "java.lang.String", "size", "length", "get"]
VOCAB = Vocabulary([*sorted(KEYWORDS), *OPERATORS, *PLACEHOLDERS, *IDIOMS])
NAMES = ["value", "limit", "count", "index", "total", "step", "low", "high", "size", "n", "k"]
METHODS = ["clamp", "pick", "bound", "check", "fits", "cap", "within", "next"]


def _method(rng: random.Random, op: str) -> str:
    a, b, c = rng.sample(NAMES, 3)
    name = rng.choice(METHODS)
    body = rng.choice(
        [
            f"if ({a} {op} {b}) {{\n        return {b};\n    }}\n    return {a};",
            f"return {a} {op} {b};",
            f"int {c} = {a};\n    while ({c} {op} {b}) {{\n        {c}--;\n    }}\n    return {c};",
            f"if ({a} {op} {b}) {{\n        {a} = {b};\n    }}\n    return {a} + {c};",
        ]
    )
    kind = rng.choice(["", "public ", "private ", "static "])
    kind += "boolean" if body.startswith("return") else "int"
    params = f"int {a}, int {b}" + (
        f", int {c}" if f"{c};" in body and "int " + c not in body else ""
    )
    return f"{kind} {name}({params}) {{\n    {body}\n}}"


def toy_pair(rng: random.Random) -> tuple[str, str]:
    """A (buggy, fixed) pair of method texts: one ``>`` or ``<`` that should be ``>=``/``<=``."""
    op = rng.choice([">", "<"])
    text = _method(rng, op)
    return text, text.replace(f" {op} ", f" {op}= ", 1)


def _tokens(method: str) -> list:
    source = parse("class Toy {\n" + method + "\n}\n")
    return source.tokens[source.methods[0].tokens]


def toy_pairs(n: int, seed: int = 0) -> list[tuple[list[str], list[str]]]:
    """``n`` abstracted training pairs, every other one a fixed method left as it is."""
    rng = random.Random(seed)
    pairs = []
    for k in range(n):
        buggy, fixed = toy_pair(rng)
        source = buggy if k % 2 == 0 else fixed
        before, after = abstract_pair(_tokens(source), _tokens(fixed), VOCAB)
        pairs.append((before.tokens, after.tokens))
    return pairs


def build_toy_model(directory: Path, steps: int = 45, seed: int = 0) -> Path:
    """Train the toy model for ``steps`` steps and save it to ``directory``."""
    torch.manual_seed(seed)
    model = SpanCopyModel(
        ModelConfig(embedding_dim=16, hidden_size=32, encoder_layers=1, dropout=0.0), VOCAB
    )
    train_steps(model, VOCAB, toy_pairs(steps * 16, seed), steps, 1e-2)
    return save_model(model.eval(), VOCAB, directory)


# -- edits -------------------------------------------------------------------------------------
CALLS = ["open", "read", "lock", "fetch", "parse", "load"]


def edit_pair(rng: random.Random) -> tuple[str, str]:
    """A method with one call of one argument, and the same with ``true`` added to the call."""
    a, b = rng.sample(NAMES, 2)
    call, name = rng.choice(CALLS), rng.choice(METHODS)
    body, edited = rng.choice(
        [
            ("return {c}({a});", "return {c}({a}, true);"),
            ("{b} = {c}({a});\n    return {b};", "{b} = {c}({a}, true);\n    return {b};"),
            ("{b}++;\n    return {c}({a});", "{b}++;\n    return {c}({a}, true);"),
            ("if ({a} > 0) {{\n        {c}({a});\n    }}\n    return {b};",
             "if ({a} > 0) {{\n        {c}({a}, true);\n    }}\n    return {b};"),
        ]
    )  # fmt: skip
    head = f"int {name}(int {a}, int {b}) {{\n    "
    return (
        head + body.format(a=a, b=b, c=call) + "\n}",
        head + edited.format(a=a, b=b, c=call) + "\n}",
    )


def edit_pairs(n: int, seed: int = 0) -> list[tuple[list[str], list[str]]]:
    """``n`` abstracted training pairs of :func:`edit_pair`, every other one unchanged."""
    rng = random.Random(seed)
    pairs = []
    for k in range(n):
        before, after = edit_pair(rng)
        if k % 2:
            after = before
        x, y = abstract_pair(_tokens(before), _tokens(after), VOCAB)
        pairs.append((x.tokens, y.tokens))
    return pairs


def build_toy_edit_model(directory: Path, steps: int = 120, seed: int = 0) -> Path:
    """Train the toy edit model (each pair under its own edit) and save it to ``directory``."""
    torch.manual_seed(seed)
    model = SpanCopyModel(
        ModelConfig(embedding_dim=16, hidden_size=32, encoder_layers=1, dropout=0.0, edit_dim=16),
        VOCAB,
    )
    train_steps(model, VOCAB, edit_pairs(steps * 16, seed), steps, 1e-2)
    return save_model(model.eval(), VOCAB, directory)


# -- prose -------------------------------------------------------------------------------------
MISSPELLINGS = {
    "recieve": "receive",
    "teh": "the",
    "wich": "which",
    "seperate": "separate",
    "definately": "definitely",
}
PROSE_SUBJECTS = ["I", "We", "They", "You", "People", "Users"]
PROSE_OBJECTS = ["it", "the letter", "the file", "a message", "the answer", "mail"]
PROSE_ENDS = ["today", "every day", "at home", "in the morning", "on time", "again"]
PROSE_VOCAB = Vocabulary(
    sorted(
        {
            *MISSPELLINGS.values(),
            *(w for phrase in PROSE_SUBJECTS + PROSE_OBJECTS + PROSE_ENDS for w in phrase.split()),
            *"the which is a separate part definitely good . , ! ?".split(),
        }
    )
)


def prose_pair(rng: random.Random) -> tuple[str, str]:
    """A (noisy, correct) pair of sentences; the noisy one has one misspelt word."""
    subject, obj = rng.choice(PROSE_SUBJECTS), rng.choice(PROSE_OBJECTS)
    end = rng.choice(PROSE_ENDS)
    correct = rng.choice(
        [
            f"{subject} receive {obj} {end} .",
            f"{subject} definitely receive {obj} .",
            f"This is the part which {subject.lower()} receive {end} .",
            f"It is a separate part , {subject.lower()} receive {obj} .",
        ]
    )
    wrong, right = rng.choice(
        [(w, r) for w, r in MISSPELLINGS.items() if f" {r} " in f" {correct} "]
    )
    words = correct.split()
    at = rng.choice([k for k, w in enumerate(words) if w == right])
    return " ".join(words[:at] + [wrong] + words[at + 1 :]), correct


def prose_pairs(n: int, seed: int = 0) -> list[tuple[list[str], list[str]]]:
    """``n`` training pairs of prose tokens, every other one a correct sentence left as it is."""
    from spancopy_core.lang.text import tokenize

    rng = random.Random(seed)
    out = []
    for k in range(n):
        noisy, correct = prose_pair(rng)
        source = noisy if k % 2 == 0 else correct
        out.append(([w.text for w in tokenize(source)], [w.text for w in tokenize(correct)]))
    return out


def train_steps(
    model: SpanCopyModel,
    vocab: Vocabulary,
    pairs: list,
    steps: int,
    lr: float,
    decay: bool = False,
) -> None:
    """``steps`` steps of 16 pairs (``pairs`` in order); a model with an edit encoder gets
    each pair's own edit; with ``decay``, the learning rate falls linearly to 0."""
    opt = torch.optim.AdamW(model.parameters(), lr=lr)
    sched = torch.optim.lr_scheduler.LambdaLR(opt, lambda s: 1 - s / steps if decay else 1.0)
    edit = model.config.edit_dim > 0
    for step in range(steps):
        chunk = pairs[step * 16 : (step + 1) * 16]
        batch = collate(
            [
                (x, y, build_lattice(x, y, vocab), *((None, align(x, y)) if edit else ()))
                for x, y in chunk
            ],
            vocab,
        )
        loss = model(batch)
        opt.zero_grad()
        loss.backward()
        torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
        opt.step()
        sched.step()


def build_toy_prose_model(directory: Path, steps: int = 60, seed: int = 0) -> Path:
    """Train the toy prose model (misspelt words corrected, correct sentences copied) and save
    it to ``directory``."""
    torch.manual_seed(seed)
    model = SpanCopyModel(
        ModelConfig(embedding_dim=16, hidden_size=32, encoder_layers=1, dropout=0.0), PROSE_VOCAB
    )
    train_steps(model, PROSE_VOCAB, prose_pairs(steps * 16, seed), steps, 1e-2)
    return save_model(model.eval(), PROSE_VOCAB, directory)


# A three-sentence JFLEG-layout split for the toy prose model (recieve -> receive); the prose
# evaluation tests compute their expected figures by hand from these.
JFLEG_SOURCES = [
    "We recieve it again .",
    "People receive the file on time .",
    "They recieve mail today .",
]
JFLEG_REFERENCES = [
    "We receive it again .",
    "People receive a file on time .",
    "They receive mail today !",
]


def write_toy_jfleg(directory: Path) -> Path:
    """Write :data:`JFLEG_SOURCES` and one reference each as the ``dev`` split of a
    JFLEG-layout ``directory``."""
    (directory / "dev.src").write_text("\n".join(JFLEG_SOURCES) + "\n")
    (directory / "dev.ref0").write_text("\n".join(JFLEG_REFERENCES) + "\n")
    return directory
