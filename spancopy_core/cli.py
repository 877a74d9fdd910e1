"""``spancopy repair``: the repair pipeline on a file, without an editor.

    spancopy repair FILE [--line N] [--top-k K] [--beam-size B] [--json] [--quiet] [--model DIR]

Runs the stages of :mod:`spancopy_core.repair.pipeline` that the language server runs: parses
FILE, takes the method at line N (1-based; default: every method), decodes it with the model
(batched merged beam search, plus repair templates at ``--line``) and prints the ranked repairs
as unified diffs with their probabilities (the candidate's share of the probability mass of
everything scored, the method as written included), each method's as soon as it is decoded.
They are ranked by log-probability minus a penalty for signature changes, pure deletions and
edits away from ``--line`` (see :mod:`spancopy_core.repair.ranking`), so a less probable repair
can rank first; ``--json`` gives each one's ``penalty``.
``--json`` prints one object at the end instead, with LSP-style edits (0-based lines, UTF-16
characters). With more than a few methods to decode, a progress bar runs on stderr (``--quiet``:
none). The limits are the server's (:mod:`spancopy_core.repair.pipeline`): files of at most
``MAX_DOCUMENT_CHARS`` characters, bounded beam size, top-k and method length.

Text and Markdown files (``.txt``, ``.md``, ``.markdown``) are repaired sentence by sentence
with the prose model (:mod:`spancopy_core.repair.prose`): each sentence is a unit (a "method"
of the JSON, with ``"kind": "sentence"``; the list is also under ``"sentences"``), with the
repairs the model prefers to the sentence as written; ``--line`` on a Java comment repairs the
sentences of the comment there with the prose model. Without ``--model``, each language's
shipped model is used (:data:`spancopy_core.DEFAULT_MODELS`).

``spancopy similar-edit FILE --before OLDFILE [--top-k K] [--threshold R] [--json] [--model DIR]``
proposes the edit the user made elsewhere (:mod:`spancopy_core.repair.similar`): the edit is
what changed between OLDFILE and FILE, the method or methods whose tokens differ, and for every
other method of FILE where the edit model (default: :data:`spancopy_core.DEFAULT_EDIT_MODEL`)
makes the same change confidently it prints the result as a unified diff with its probability,
or with ``--json`` the same object as ``spancopy repair --json`` (each method also gives
``edit_line``, the 1-based line of the method whose edit it applies, and the object lists the
observed ``edits``). Status 1 when no method changed between the two files.

Every error is one line on stderr. Exit status: 0 when the file was processed (with or without
repairs), 1 when ``--line`` names no method (or sentence), 2 for bad options, a missing,
unreadable, binary (NUL bytes) or too large file, an unsupported language, an unavailable
device or a model that cannot be loaded, 130 when interrupted (Ctrl-C). Units too long for the
model are skipped with one line each on stderr.
"""

from __future__ import annotations

import argparse
import difflib
import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn

from tqdm import tqdm

from spancopy_core import DEFAULT_EDIT_MODEL, DEFAULT_MODELS
from spancopy_core.editing.edits import apply_edits
from spancopy_core.paper.config import DEVICES, VARIANTS
from spancopy_core.repair.candidates import Candidate, format_probability
from spancopy_core.repair.frontend import Frontend
from spancopy_core.repair.java import JavaFrontend
from spancopy_core.repair.languages import FRONTENDS, frontend_for
from spancopy_core.repair.pipeline import (
    BATCH,
    MAX_BEAM_SIZE,
    MAX_DOCUMENT_CHARS,
    MAX_TOP_K,
    MAX_UNIT_TOKENS,
    ParsedText,
    RepairOptions,
    UnitRepairs,
    line_focus,
    units,
    view,
    within_limit,
)
from spancopy_core.repair.runner import repair_units

if TYPE_CHECKING:
    from spancopy_core.paper.model import SpanCopyModel

INTERRUPTED = 130  # the shell's status for a process ended by SIGINT


class UsageError(Exception):
    """A problem the user can fix; the message is printed and the exit status is 2."""


class _Parser(argparse.ArgumentParser):
    """An argument parser whose errors are one line on stderr (exit status 2)."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: error: {' '.join(message.split())} (see --help)\n")


def _bounded(low: int, high: int | None = None) -> Callable[[str], int]:
    """An argparse type: an integer in ``[low, high]``."""

    def parse(text: str) -> int:
        bounds = f"at least {low}" if high is None else f"in [{low}, {high}]"
        wrong = argparse.ArgumentTypeError(f"must be an integer {bounds}, not {text!r}")
        try:
            value = int(text)
        except ValueError:
            raise wrong from None
        if value < low or (high is not None and value > high):
            raise wrong
        return value

    return parse


def _ratio(text: str) -> float:
    """An argparse type: a finite number >= 0."""
    try:
        value = float(text)
    except ValueError:
        value = -1.0
    if not 0 <= value < float("inf"):
        raise argparse.ArgumentTypeError(f"must be a finite number >= 0, not {text!r}")
    return value


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    defaults = RepairOptions()
    ap = _Parser(prog="spancopy", description="spancopy command line")
    sub = ap.add_subparsers(dest="command", required=True)
    rep = sub.add_parser(
        "repair",
        help="print the ranked repairs of a file's methods (Java) or sentences (text, Markdown)",
        formatter_class=argparse.ArgumentDefaultsHelpFormatter,
    )
    rep.add_argument("file", type=Path, help="the source file (.java, .txt, .md, .markdown)")
    rep.add_argument(
        "--language",
        choices=[f.name for f in FRONTENDS],
        help="the file's language (default: by its extension)",
    )
    rep.add_argument(
        "--line",
        type=_bounded(1),
        help="1-based line of the method or sentence (default: all of them)",
    )
    rep.add_argument(
        "--top-k", type=_bounded(1, MAX_TOP_K), default=defaults.top_k, help="repairs per method"
    )
    rep.add_argument(
        "--beam-size",
        type=_bounded(1, MAX_BEAM_SIZE),
        default=defaults.beam_size,
        help="beam width (default: the language's, 20 for Java methods, 1 for prose sentences)",
    )
    rep.add_argument(
        "--decoding", choices=VARIANTS, default=defaults.decoding, help="beam search variant"
    )
    rep.add_argument(
        "--max-method-tokens",
        type=_bounded(1, MAX_UNIT_TOKENS),
        default=defaults.max_unit_tokens,
        help="methods (sentences) with more model tokens are skipped",
    )
    rep.add_argument(
        "--no-syntax-check", action="store_true", help="keep repairs that break parsing"
    )
    rep.add_argument(
        "--min-ratio",
        type=_ratio,
        default=defaults.min_ratio,
        help="offer a repair only when at least this many times as likely as the unit as "
        "written (None: 1 for sentences, 0 for methods)",
    )
    rep.add_argument(
        "--model",
        type=Path,
        help="model directory (default: the shipped model of the file's language: "
        + ", ".join(f"{k} {v.name}" for k, v in DEFAULT_MODELS.items())
        + ")",
    )
    rep.add_argument("--device", choices=DEVICES, default="cpu", help="where the model runs")
    rep.add_argument("--json", action="store_true", help="print JSON instead of diffs")
    rep.add_argument("--quiet", action="store_true", help="no progress bar on stderr")
    _similar_parser(sub)
    return ap.parse_args(argv)


def _similar_parser(sub: argparse._SubParsersAction) -> None:
    from spancopy_core.repair.similar import SimilarOptions

    defaults = SimilarOptions()
    sim = sub.add_parser(
        "similar-edit",
        help="propose the edit made between --before and FILE on FILE's other methods (Java)",
        formatter_class=argparse.ArgumentDefaultsHelpFormatter,
    )
    sim.add_argument("file", type=Path, help="the Java file after the edit")
    sim.add_argument(
        "--before", type=Path, required=True, metavar="OLDFILE", help="the file before the edit"
    )
    sim.add_argument(
        "--top-k", type=_bounded(1, MAX_TOP_K), default=defaults.top_k, help="proposals per method"
    )
    sim.add_argument(
        "--beam-size",
        type=_bounded(1, MAX_BEAM_SIZE),
        default=defaults.beam_size,
        help="beam width",
    )
    sim.add_argument(
        "--threshold",
        type=_ratio,
        default=defaults.threshold,
        help="propose only what is at least this many times as likely, under the edit, as the "
        "method as written",
    )
    sim.add_argument(
        "--model",
        type=Path,
        help=f"edit model directory (default: the shipped {DEFAULT_EDIT_MODEL.name})",
    )
    sim.add_argument("--device", choices=DEVICES, default="cpu", help="where the model runs")
    sim.add_argument("--json", action="store_true", help="print JSON instead of diffs")


def read_source(path: Path, language: str | None = None) -> tuple[str, Frontend]:
    """The text of ``path`` and its front-end: the one named ``language``, else the one of
    its extension."""
    if language is not None:
        frontend = next(f for f in FRONTENDS if f.name == language)
    else:
        frontend = frontend_for(None, path.absolute().as_uri())  # the name given, links or not
    if frontend is None:
        known = ", ".join(e for f in FRONTENDS for e in f.extensions)
        raise UsageError(f"{path}: unsupported file type (supported: {known}; or pass --language)")
    try:
        with path.open(encoding="utf-8") as f:
            text = f.read(MAX_DOCUMENT_CHARS + 1)  # characters: never more, whatever the file
    except FileNotFoundError:
        raise UsageError(f"{path}: no such file") from None
    except UnicodeDecodeError:
        raise UsageError(f"{path}: not UTF-8 text") from None
    except OSError as exc:
        raise UsageError(f"{path}: {exc.strerror}") from None
    if len(text) > MAX_DOCUMENT_CHARS:
        raise UsageError(
            f"{path}: more than {MAX_DOCUMENT_CHARS} characters, the most spancopy repairs"
        )
    if "\x00" in text:
        raise UsageError(f"{path}: a binary file (it holds NUL bytes), not text")
    return text, frontend


def diff(path: Path, text: str, candidate: Candidate) -> str:
    """The candidate as a unified diff of the file (git's ``a/`` ``b/`` names)."""
    new = apply_edits(text, candidate.edits)
    name = path.as_posix().lstrip("/")
    return "".join(
        difflib.unified_diff(
            text.splitlines(keepends=True),
            new.splitlines(keepends=True),
            f"a/{name}",
            f"b/{name}",
            n=2,
        )
    )


def run(args: argparse.Namespace) -> int:
    if args.command == "similar-edit":
        return run_similar(args)
    text, frontend = read_source(args.file, args.language)
    doc = ParsedText.parse(text, frontend)
    focus = None if args.line is None else line_focus(doc, args.line - 1)
    doc = view(doc, focus)  # the prose of a Java comment at --line
    kind = doc.frontend.unit_kind
    if focus is not None and not units(doc, (), focus):
        sys.stderr.write(f"{args.file}:{args.line}: no {kind} at this line\n")
        return 1
    model = _load(args.model or DEFAULT_MODELS[doc.frontend.model], args.device, doc.frontend.model)
    options = RepairOptions(
        beam_size=args.beam_size,
        top_k=args.top_k,
        decoding=args.decoding,
        max_unit_tokens=args.max_method_tokens,
        syntax_check=not args.no_syntax_check,
        min_ratio=args.min_ratio,
    )
    found_units = units(doc, model.vocab, focus, context=model.config.context)
    kept, skipped = within_limit(found_units, options)
    for u in skipped:
        sys.stderr.write(f"{args.file}: {kind} {u.name} skipped ({len(u.tokens)} tokens)\n")
    report = []
    tty = sys.stderr.isatty()
    progress = tqdm(
        total=len(kept),
        unit=kind,
        file=sys.stderr,
        disable=args.quiet or len(kept) <= BATCH,  # one batch: no progress to show
        mininterval=0.1 if tty else 10.0,  # a log gets a line now and then
    )
    with progress:
        for found in repair_units(model, doc, kept, options, focus=focus):
            report.append(_method_report(args.file, doc, found, kind))
            if not args.json and report[-1]["repairs"]:
                text = _method_text(args.file, report[-1])
                if tty:  # clear the bar, print, redraw it
                    progress.write(text, file=sys.stdout, end="")
                else:
                    sys.stdout.write(text)
                sys.stdout.flush()
            progress.update()
    if args.json:
        out: dict[str, Any] = {"file": str(args.file), "methods": report}
        if kind != "method":
            out[f"{kind}s"] = report  # the same list, by its name
        sys.stdout.write(json.dumps(out, indent=2) + "\n")
    else:
        with_repairs = sum(1 for m in report if m["repairs"])
        sys.stdout.write(f"{len(report)} {kind}(s) checked, {with_repairs} with repairs\n")
    return 0


def _load(directory: Path, device: str, kind: str) -> SpanCopyModel:
    """The model of ``directory``; a :class:`UsageError` when it cannot be loaded."""
    from spancopy_core.storage.checkpoint import (
        CheckpointError,
        DeviceError,
        load_model,
    )  # imports torch

    try:
        return load_model(directory, device=device)
    except CheckpointError as exc:
        raise UsageError(
            f"cannot load the model: {exc} (pass --model DIR: a {kind} model)"
        ) from None
    except DeviceError as exc:
        raise UsageError(str(exc)) from None


def _java_source(path: Path) -> ParsedText:
    """``path`` read and parsed as Java; a :class:`UsageError` when it is not Java that
    parses."""
    text, _ = read_source(path, "java")
    doc = ParsedText.parse(text, JavaFrontend())
    if doc.parsed.tree.root_node.has_error:
        raise UsageError(f"{path}: does not parse as Java (fix the syntax error first)")
    return doc


def run_similar(args: argparse.Namespace) -> int:
    """``spancopy similar-edit`` (see the module docstring)."""
    from spancopy_core.repair import similar

    doc = _java_source(args.file)
    old = _java_source(args.before)
    edits = similar.changed_methods(old.parsed, doc.parsed)
    if not edits:
        sys.stderr.write(f"{args.file}: no method changed since {args.before}\n")
        return 1
    model = _load(args.model or DEFAULT_EDIT_MODEL, args.device, "similar-edit")
    if not model.config.edit_dim:
        raise UsageError(
            f"{args.model or DEFAULT_EDIT_MODEL}: not an edit model (pass --model DIR: a model "
            "trained with --edit-dim)"
        )
    options = similar.SimilarOptions(
        beam_size=args.beam_size, top_k=args.top_k, threshold=args.threshold
    )
    skip = [(e.start, e.end) for e in edits]
    report = []
    for found in similar.similar(model, doc, edits, options, skip=skip):
        m = _method_report(args.file, doc, found.repairs, "method")
        m["edit_line"] = found.edit.line + 1
        report.append(m)
        if not args.json:
            sys.stdout.write(_method_text(args.file, m))
    if args.json:
        out = {
            "file": str(args.file),
            "before": str(args.before),
            "edits": [{"name": e.name, "line": e.line + 1} for e in edits],
            "methods": report,
        }
        sys.stdout.write(json.dumps(out, indent=2) + "\n")
    else:
        where = ", ".join(f"{e.name} (line {e.line + 1})" for e in edits)
        sys.stdout.write(f"{len(report)} method(s) with proposals of the edit of {where}\n")
    return 0


def _method_report(path: Path, doc: ParsedText, found: UnitRepairs, kind: str) -> dict[str, Any]:
    def pos(offset: int) -> dict[str, int]:
        line, character = doc.lines.position(offset)
        return {"line": line, "character": character}

    unit = found.unit
    return {
        "kind": kind,
        "name": unit.name,
        "line": doc.lines.line(unit.start) + 1,
        "tokens": len(unit.tokens),
        "unchanged_probability": found.unchanged_probability(),
        "repairs": [
            {
                "rank": rank,
                "title": c.title,
                "probability": c.probability,
                "log_prob": c.log_prob,
                "penalty": c.penalty,
                "edits": [
                    {"start": pos(e.start), "end": pos(e.end), "newText": e.new_text}
                    for e in c.edits
                ],
                "diff": diff(path, doc.text, c),
            }
            for rank, c in enumerate(found.candidates, start=1)
        ],
    }


def _method_text(path: Path, m: dict[str, Any]) -> str:
    what = "repair(s)"
    if "edit_line" in m:
        what = f"proposal(s) of the edit from line {m['edit_line']}"
    out = [f"{path}:{m['line']}: {m['kind']} {m['name']}: {len(m['repairs'])} {what}\n"]
    for r in m["repairs"]:
        out.append(f"#{r['rank']} {r['title']} ({format_probability(r['probability'])})\n")
        out.append(r["diff"])
    out.append("\n")
    return "".join(out)


def main(argv: list[str] | None = None) -> None:
    try:
        code = run(parse_args(argv))
    except UsageError as exc:
        sys.stderr.write(f"spancopy: {exc}\n")
        code = 2
    except KeyboardInterrupt:
        sys.stderr.write("spancopy: interrupted\n")
        code = INTERRUPTED
    sys.exit(code)


if __name__ == "__main__":
    main()
