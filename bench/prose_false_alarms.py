"""False alarms of prose repairs on well-edited text that no model here was trained on.

The documents are Markdown and plain text written and edited by others: the long descriptions of
the installed Python packages (the ``METADATA`` of ``site-packages/*.dist-info`` whose
``Description-Content-Type`` is Markdown) and the README and Markdown files of the installed
Debian packages under ``/usr/share/doc``, leaving out what the prose model and its lexicon read
(``trainer/synth_prose.py`` ``DEFAULT_SOURCES``: ``python3.11-doc``, ``debian-reference``, man
pages, info manuals, fortunes: none of it under ``/usr/share/doc`` but the Python
documentation, which is left out). A fixed, seeded sample of documents (``--seed``) is taken
until ``--words`` words of prose, at most two per package (changelogs and news left out); each
document is cut at its first ``--doc-words`` words.

Systems, each on the whole document as ``spancopy repair FILE --json --top-k 1`` sees it:

- ``ours``: the prose front-end without Harper's suggestions (``harper=None``), rank-1 repairs
  (:func:`spancopy_core.repair.runner.repair`);
- ``harper``: Harper's lints that carry a suggestion (``harper-py``, the document's markup
  language);
- ``union``: the front-end as shipped, Harper's suggestions among its candidates
  (:mod:`spancopy_core.repair.harper`), rank-1 repairs;
- ``either``: a sentence flagged by ``ours`` or ``harper`` (a writer running both sees it).

Counts are *per 1,000 words*, the words being the word tokens of the sentences the prose
front-end reads. Every flag is written to ``--flags FILE`` (JSON lines: system, document,
sentence, what was offered) and ``--sample N`` of the union's, drawn with the seed, to
``--sample-file`` for judging by hand. A ``RESULT`` line ends the report. ::

    python bench/prose_false_alarms.py [--words 9000] [--seed 0] [--min-ratio R] [--flags FILE]
                                       [--sample 50 --sample-file FILE]
"""

from __future__ import annotations

import argparse
import gzip
import json
import random
import sys
import sysconfig
import time
from collections.abc import Iterator
from dataclasses import dataclass
from email.parser import HeaderParser
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from bench.common import machine  # noqa: E402
from spancopy_core import DEFAULT_PROSE_MODEL  # noqa: E402
from spancopy_core.repair import runner  # noqa: E402
from spancopy_core.repair.pipeline import ParsedText, RepairOptions  # noqa: E402
from spancopy_core.repair.prose import MARKDOWN, PLAINTEXT, ProseFrontend  # noqa: E402

DOCS = Path("/usr/share/doc")
TRAINED_ON = ("python3.11", "python3-doc", "debian-reference")  # under DOCS: read by training
PER_PACKAGE = 2  # documents of one package at most (nodejs alone has hundreds)
SYSTEMS = ("ours", "harper", "union", "either")


@dataclass(frozen=True)
class Document:
    """One document of the set: where it came from, its text, Markdown or not."""

    name: str
    text: str
    markdown: bool


def _read(path: Path) -> str:
    data = path.read_bytes()
    return (gzip.decompress(data) if path.suffix == ".gz" else data).decode("utf-8", "replace")


def package_descriptions() -> Iterator[Document]:
    """The Markdown long descriptions of the installed Python packages."""
    site = Path(sysconfig.get_paths()["purelib"])
    for meta in sorted(site.glob("*.dist-info/METADATA")):
        message = HeaderParser().parsestr(meta.read_text("utf-8", "replace"))
        if "markdown" not in (message.get("Description-Content-Type") or ""):
            continue
        body = message.get_payload()
        if isinstance(body, str) and body.strip():
            yield Document(meta.parent.name, body, markdown=True)


def debian_documents() -> Iterator[Document]:
    """README and Markdown files of the installed Debian packages (not those trained on)."""
    for path in sorted(DOCS.rglob("*")):
        name = path.name.removesuffix(".gz")
        if not path.is_file() or path.relative_to(DOCS).parts[0].startswith(TRAINED_ON):
            continue
        if any(w in str(path).lower() for w in ("changelog", "news")):
            continue  # lists of changes, not edited prose
        if name.endswith(".md") or name in ("README", "README.txt"):
            yield Document(str(path.relative_to(DOCS)), _read(path), name.endswith(".md"))


def cut(text: str, words: int) -> str:
    """``text`` up to the paragraph in which its ``words``-th word falls (whole paragraphs)."""
    count, out = 0, []
    for paragraph in text.split("\n\n"):
        out.append(paragraph)
        count += len(paragraph.split())
        if count >= words:
            break
    return "\n\n".join(out)


def sample_documents(seed: int, words: int, doc_words: int) -> list[Document]:
    """Documents drawn with ``seed`` until ``words`` prose words (each cut at ``doc_words``);
    a document with the same text as one drawn before is skipped."""
    pool = [*package_descriptions(), *debian_documents()]
    random.Random(seed).shuffle(pool)
    out, seen, total = [], set(), 0
    per_package: dict[str, int] = {}
    for doc in pool:
        text = cut(doc.text, doc_words)
        package = doc.name.split("/")[0]
        if text in seen or per_package.get(package, 0) == PER_PACKAGE:
            continue
        seen.add(text)
        per_package[package] = per_package.get(package, 0) + 1
        n = prose_words(ParsedText.parse(text, _frontend(doc)))
        if n < 30:
            continue  # a changelog line, a stub
        out.append(Document(doc.name, text, doc.markdown))
        total += n
        if total >= words:
            break
    return out


def _frontend(doc: Document) -> ProseFrontend:
    return MARKDOWN if doc.markdown else PLAINTEXT


def prose_words(parsed: ParsedText) -> int:
    """The word tokens of the sentences the prose front-end reads."""
    source = parsed.parsed
    return sum(t.kind == "word" for s in source.sentences for t in source.tokens[s.tokens])


@dataclass(frozen=True)
class Flag:
    """One rank-1 repair or lint: which system, where (the sentence), what it offered."""

    system: str
    document: str
    sentence: str
    offered: str


def repairs(
    system: str, model: object, frontend: ProseFrontend, doc: Document, options: RepairOptions
) -> list[Flag]:
    """The rank-1 repairs of ``frontend`` with ``options``."""
    parsed = ParsedText.parse(doc.text, frontend)
    found, _ = runner.repair(model, parsed, None, options)  # type: ignore[arg-type]
    return [
        Flag(system, doc.name, doc.text[r.unit.start : r.unit.end], r.candidates[0].title)
        for r in found
        if r.candidates
    ]


def without_harper(frontend: ProseFrontend) -> ProseFrontend:
    """``frontend`` without Harper's suggestions."""
    return ProseFrontend(frontend.name, frozenset(), (), frontend.markdown, harper=None)


def harper_flags(linter: object, doc: Document) -> list[Flag]:
    """Harper's lints with a suggestion, each with the sentence of ours that holds it."""
    parsed = ParsedText.parse(doc.text, _frontend(doc))
    language = "markdown" if doc.markdown else "plaintext"
    out = []
    for lint in linter.lint(doc.text, language=language):  # type: ignore[attr-defined]
        if not lint.suggestions:
            continue
        sentence = parsed.parsed.sentence_at(lint.span.start)
        where = doc.text[sentence.start : sentence.end] if sentence else lint.problem_text
        first = lint.suggestions[0].replacement_text
        offered = f"{lint.lint_kind}: {lint.problem_text!r} -> {first!r}"
        out.append(Flag("harper", doc.name, where, offered))
    return out


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--words", type=int, default=9000, help="prose words to sample (about)")
    ap.add_argument("--doc-words", type=int, default=1500, help="words of each document, at most")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument(
        "--min-ratio", type=float, help="RepairOptions.min_ratio (default: the front-end's, 1)"
    )
    ap.add_argument("--flags", type=Path, help="write every flag here (JSON lines)")
    ap.add_argument(
        "--sample", type=int, default=0, help="rank-1 repairs of union to draw for judging"
    )
    ap.add_argument("--sample-file", type=Path, help="where to write the drawn flags")
    args = ap.parse_args(argv)
    try:
        import harper
    except ImportError:
        raise SystemExit("harper-py is not installed: pip install -e .") from None
    import torch

    from spancopy_core.storage.checkpoint import load_model

    torch.set_num_threads(1)
    options = RepairOptions(top_k=1, min_ratio=args.min_ratio)
    docs = sample_documents(args.seed, args.words, args.doc_words)
    words = sum(prose_words(ParsedText.parse(d.text, _frontend(d))) for d in docs)
    model, linter = load_model(DEFAULT_PROSE_MODEL, device="cpu"), harper.Linter()
    print(machine())
    print(f"{len(docs)} documents, {words} prose words (seed {args.seed})")
    flags: list[Flag] = []
    start = time.perf_counter()
    for doc in docs:
        flags += repairs("ours", model, without_harper(_frontend(doc)), doc, options)
        flags += repairs("union", model, _frontend(doc), doc, options) + harper_flags(linter, doc)
    elapsed = time.perf_counter() - start
    per = {s: sum(f.system == s for f in flags) for s in SYSTEMS[:3]}
    per["either"] = len({(f.document, f.sentence) for f in flags if f.system != "union"})
    if args.flags:
        args.flags.write_text("".join(json.dumps(f.__dict__) + "\n" for f in flags))
    if args.sample and args.sample_file:
        shown = [f for f in flags if f.system == "union"]  # what the shipped front-end offers
        drawn = random.Random(args.seed).sample(shown, min(args.sample, len(shown)))
        args.sample_file.write_text("".join(json.dumps(f.__dict__) + "\n" for f in drawn))
    rate = {s: 1000 * n / words for s, n in per.items()}
    for s in SYSTEMS:
        print(f"{s:7} {per[s]:5} flags  {rate[s]:5.2f} per 1,000 words")
    figures = " ".join(f"{s}={rate[s]:.2f}" for s in SYSTEMS)
    print(
        f"RESULT prose_false_alarms words={words} docs={len(docs)} {figures} per_1000_words "
        f"seconds={elapsed:.0f}"
    )


if __name__ == "__main__":
    main()
