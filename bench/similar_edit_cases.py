"""Hand-written similar-edit cases for ``bench/similar_edit.py --quality``.

Each case is one edit a user makes to one method (``edit``: before, after), the methods of
the same class where the same edit applies, each with the result a user expects
(``targets``), and methods where it does not apply (``unrelated``: no proposal is right
there). The kinds are those issue 15 names: a null check added, an API call changed, a loop
rewritten, an argument added, and a few more everyday ones. Written by hand, never by the
code under test.

:func:`held_out` reads the larger held-out set of issue 26 (``bench/data/similar_edits.txt``:
40 edit kinds, most of them made in several methods by one commit of jsoup or javapoet), each
case marked ``dev`` (looked at, tuned on) or ``test`` (run once, for the report).
"""

from __future__ import annotations

from pathlib import Path
from typing import NamedTuple

HELD_OUT = Path(__file__).resolve().parent / "data" / "similar_edits.txt"
SPLITS = ("dev", "test")


class Case(NamedTuple):
    name: str
    edit: tuple[str, str]
    targets: list[tuple[str, str]]
    unrelated: list[str]
    split: str = "dev"
    source: str = "hand-written"


CASES = [
    Case(
        "null check added",
        (
            "public void setName(String name) {\n    this.name = name;\n}",
            "public void setName(String name) {\n    if (name == null) {\n        return;\n    }\n"
            "    this.name = name;\n}",
        ),
        [
            (
                "public void setTitle(String title) {\n    this.title = title;\n}",
                "public void setTitle(String title) {\n    if (title == null) {\n        return;\n"
                "    }\n    this.title = title;\n}",
            ),
            (
                "public void setOwner(String owner) {\n    this.owner = owner;\n}",
                "public void setOwner(String owner) {\n    if (owner == null) {\n        return;\n"
                "    }\n    this.owner = owner;\n}",
            ),
        ],
        [
            "public int getCount() {\n    return count;\n}",
            "public void reset() {\n    count = 0;\n}",
        ],
    ),
    Case(
        "API call changed",
        (
            'void start() {\n    logger.log("starting");\n    running = true;\n}',
            'void start() {\n    logger.info("starting");\n    running = true;\n}',
        ),
        [
            (
                'void stop() {\n    running = false;\n    logger.log("stopping");\n}',
                'void stop() {\n    running = false;\n    logger.info("stopping");\n}',
            ),
            (
                "void fail(String why) {\n    logger.log(why);\n    errors++;\n}",
                "void fail(String why) {\n    logger.info(why);\n    errors++;\n}",
            ),
        ],
        [
            "boolean isRunning() {\n    return running;\n}",
            "void tick() {\n    count++;\n}",
        ],
    ),
    Case(
        "argument added",
        (
            "void load() {\n    reader = open(path);\n}",
            "void load() {\n    reader = open(path, true);\n}",
        ),
        [
            (
                "void reload() {\n    close();\n    reader = open(path);\n}",
                "void reload() {\n    close();\n    reader = open(path, true);\n}",
            ),
            (
                "Reader peek(String other) {\n    return open(other);\n}",
                "Reader peek(String other) {\n    return open(other, true);\n}",
            ),
        ],
        [
            "void close() {\n    reader = null;\n}",
            "String where() {\n    return path;\n}",
        ],
    ),
    Case(
        "size() == 0 to isEmpty()",
        (
            "Item first() {\n    if (items.size() == 0) {\n        return null;\n    }\n"
            "    return items.get(0);\n}",
            "Item first() {\n    if (items.isEmpty()) {\n        return null;\n    }\n"
            "    return items.get(0);\n}",
        ),
        [
            (
                "boolean hasNoUsers() {\n    return users.size() == 0;\n}",
                "boolean hasNoUsers() {\n    return users.isEmpty();\n}",
            ),
            (
                "void check() {\n    if (names.size() == 0) {\n        throw new "
                'IllegalStateException("no names");\n    }\n}',
                "void check() {\n    if (names.isEmpty()) {\n        throw new "
                'IllegalStateException("no names");\n    }\n}',
            ),
        ],
        [
            "int count() {\n    return items.size();\n}",
            "void add(Item item) {\n    items.add(item);\n}",
        ],
    ),
    Case(
        "println to logger",
        (
            'void save() {\n    System.out.println("saving");\n    store.write(data);\n}',
            'void save() {\n    LOG.debug("saving");\n    store.write(data);\n}',
        ),
        [
            (
                'void delete() {\n    System.out.println("deleting");\n    store.clear();\n}',
                'void delete() {\n    LOG.debug("deleting");\n    store.clear();\n}',
            ),
            (
                "void report(String line) {\n    System.out.println(line);\n}",
                "void report(String line) {\n    LOG.debug(line);\n}",
            ),
        ],
        [
            "int size() {\n    return data.length;\n}",
            "void touch() {\n    modified = true;\n}",
        ],
    ),
    Case(
        "loop rewritten",
        (
            "int sum(int[] values) {\n    int total = 0;\n"
            "    for (int i = 0; i < values.length; i++) {\n        total += values[i];\n    }\n"
            "    return total;\n}",
            "int sum(int[] values) {\n    int total = 0;\n    for (int value : values) {\n"
            "        total += value;\n    }\n    return total;\n}",
        ),
        [
            (
                "int max(int[] values) {\n    int best = 0;\n"
                "    for (int i = 0; i < values.length; i++) {\n"
                "        best = Math.max(best, values[i]);\n    }\n    return best;\n}",
                "int max(int[] values) {\n    int best = 0;\n    for (int value : values) {\n"
                "        best = Math.max(best, value);\n    }\n    return best;\n}",
            ),
            (
                "void print(int[] values) {\n    for (int i = 0; i < values.length; i++) {\n"
                "        show(values[i]);\n    }\n}",
                "void print(int[] values) {\n    for (int value : values) {\n"
                "        show(value);\n    }\n}",
            ),
        ],
        [
            "int first(int[] values) {\n    return values[0];\n}",
            "boolean empty(int[] values) {\n    return values.length == 0;\n}",
        ],
    ),
    Case(
        "equals instead of ==",
        (
            'boolean isAdmin(String role) {\n    return role == "admin";\n}',
            'boolean isAdmin(String role) {\n    return role.equals("admin");\n}',
        ),
        [
            (
                'boolean isGuest(String role) {\n    return role == "guest";\n}',
                'boolean isGuest(String role) {\n    return role.equals("guest");\n}',
            ),
            (
                "boolean same(String a, String b) {\n    return a == b;\n}",
                "boolean same(String a, String b) {\n    return a.equals(b);\n}",
            ),
        ],
        [
            "boolean positive(int n) {\n    return n > 0;\n}",
            "String name() {\n    return role;\n}",
        ],
    ),
]


def files(case: Case) -> tuple[str, str]:
    """``(old, new)`` text of a class holding the case's methods: the edited method before
    (old) and after (new) the edit, then the targets and the unrelated methods as written."""
    rest = [before for before, _ in case.targets] + case.unrelated

    def text(edited: str) -> str:
        body = "\n\n".join([edited, *rest])
        return "class Example {\n" + "\n".join("    " + line for line in body.split("\n")) + "\n}\n"

    return text(case.edit[0]), text(case.edit[1])


def _pair(block: list[str]) -> tuple[str, str]:
    """A ``before >>> after`` block as its two texts."""
    cut = block.index(">>>")
    return "\n".join(block[:cut]).strip("\n"), "\n".join(block[cut + 1 :]).strip("\n")


def _case(header: str, blocks: list[tuple[str, list[str]]]) -> Case:
    name, split, source = (part.strip() for part in header.split("|"))
    if split not in SPLITS:
        raise ValueError(f"{name}: split {split!r} is not one of {SPLITS}")
    edits = [_pair(b) for kind, b in blocks if kind == "edit"]
    if len(edits) != 1:
        raise ValueError(f"{name}: {len(edits)} edits, not one")
    targets = [_pair(b) for kind, b in blocks if kind == "target"]
    unrelated = ["\n".join(b).strip("\n") for kind, b in blocks if kind == "unrelated"]
    return Case(name, edits[0], targets, unrelated, split, source)


def held_out(path: Path = HELD_OUT, split: str | None = None) -> list[Case]:
    """The cases of ``path`` (see the module docstring; the format is described at the top of
    the file), those of ``split`` only when given, in file order."""
    cases: list[Case] = []
    header: str | None = None
    blocks: list[tuple[str, list[str]]] = []
    for line in [*path.read_text(encoding="utf-8").splitlines(), "## end"]:
        if line.startswith("## "):
            if header is not None:
                cases.append(_case(header, blocks))
            header, blocks = line[3:], []
        elif line.startswith("<<< "):
            blocks.append((line[4:].strip(), []))
        elif blocks:
            blocks[-1][1].append(line)
    return [c for c in cases if split is None or c.split == split]
