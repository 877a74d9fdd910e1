"""``spancopy repair``: the repair pipeline on a file, without an editor.

    spancopy repair FILE [--line N] [--top-k K] [--beam-size B] [--json] [--model DIR]

Runs :func:`spancopy_core.repair.pipeline.repair`, the stages the language server runs: parses
FILE, takes the method at line N (1-based; default: every method), decodes it with the model
(batched merged beam search) and prints the ranked repairs as unified diffs with their
probabilities (the candidate's share of the probability mass of the hypotheses the beam search
found, see :mod:`spancopy_core.repair.candidates`). ``--json`` prints one object instead, with
LSP-style edits (0-based lines, UTF-16 characters). Exit status: 0 when the file was processed
(with or without repairs), 1 when ``--line`` names no method, 2 for a missing or unreadable
file, an unsupported language or a model that cannot be loaded.
"""

from __future__ import annotations

import argparse
import difflib
import json
import sys
from pathlib import Path
from typing import Any

from . import DEFAULT_JAVA_MODEL
from .config import DEVICES, VARIANTS
from .edits import apply_edits
from .repair.candidates import Candidate, format_probability, unchanged_share
from .repair.frontend import Frontend
from .repair.languages import FRONTENDS, frontend_for
from .repair.pipeline import ParsedText, RepairOptions, UnitRepairs, line_focus, repair, units


class UsageError(Exception):
    """A problem the user can fix; the message is printed and the exit status is 2."""


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    defaults = RepairOptions()
    ap = argparse.ArgumentParser(prog="spancopy", description="spancopy command line")
    sub = ap.add_subparsers(dest="command", required=True)
    rep = sub.add_parser(
        "repair",
        help="print the ranked repairs of a file's methods",
        formatter_class=argparse.ArgumentDefaultsHelpFormatter,
    )
    rep.add_argument("file", type=Path, help="the source file")
    rep.add_argument("--line", type=int, help="1-based line of the method (default: all methods)")
    rep.add_argument("--top-k", type=int, default=defaults.top_k, help="repairs per method")
    rep.add_argument("--beam-size", type=int, default=defaults.beam_size, help="beam width")
    rep.add_argument(
        "--decoding", choices=VARIANTS, default=defaults.decoding, help="beam search variant"
    )
    rep.add_argument(
        "--max-method-tokens",
        type=int,
        default=defaults.max_unit_tokens,
        help="methods with more model tokens are skipped",
    )
    rep.add_argument(
        "--no-syntax-check", action="store_true", help="keep repairs that break parsing"
    )
    rep.add_argument("--model", type=Path, default=DEFAULT_JAVA_MODEL, help="model directory")
    rep.add_argument("--device", choices=DEVICES, default="cpu", help="where the model runs")
    rep.add_argument("--json", action="store_true", help="print JSON instead of diffs")
    args = ap.parse_args(argv)
    if args.top_k < 1 or args.beam_size < 1 or (args.line is not None and args.line < 1):
        ap.error("--line, --top-k and --beam-size must be positive")
    return args


def read_source(path: Path) -> tuple[str, Frontend]:
    frontend = frontend_for(None, path.resolve().as_uri())
    if frontend is None:
        known = ", ".join(e for f in FRONTENDS for e in f.extensions)
        raise UsageError(f"{path}: unsupported file type (supported: {known})")
    try:
        return path.read_text(encoding="utf-8"), frontend
    except FileNotFoundError:
        raise UsageError(f"{path}: no such file") from None
    except UnicodeDecodeError:
        raise UsageError(f"{path}: not UTF-8 text") from None
    except OSError as exc:
        raise UsageError(f"{path}: {exc.strerror}") from None


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
    text, frontend = read_source(args.file)
    doc = ParsedText.parse(text, frontend)
    focus = None if args.line is None else line_focus(doc, args.line - 1)
    if focus is not None and not units(doc, (), focus):
        sys.stderr.write(f"{args.file}:{args.line}: no method at this line\n")
        return 1
    from .checkpoint import CheckpointError, DeviceError, load_model  # imports torch

    try:
        model = load_model(args.model, device=args.device)
    except CheckpointError as exc:
        raise UsageError(f"cannot load the model: {exc} (pass --model DIR)") from None
    except DeviceError as exc:
        raise UsageError(str(exc)) from None
    options = RepairOptions(
        beam_size=args.beam_size,
        top_k=args.top_k,
        decoding=args.decoding,
        max_unit_tokens=args.max_method_tokens,
        syntax_check=not args.no_syntax_check,
    )
    found, skipped = repair(model, doc, focus, options)
    for u in skipped:
        sys.stderr.write(f"{args.file}: method {u.name} skipped ({len(u.tokens)} tokens)\n")
    report = [_method_report(args.file, doc, r) for r in found]
    if args.json:
        sys.stdout.write(json.dumps({"file": str(args.file), "methods": report}, indent=2) + "\n")
    else:
        sys.stdout.write(_text_report(args.file, report))
    return 0


def _method_report(path: Path, doc: ParsedText, found: UnitRepairs) -> dict[str, Any]:
    def pos(offset: int) -> dict[str, int]:
        line, character = doc.lines.position(offset)
        return {"line": line, "character": character}

    unit = found.unit
    return {
        "name": unit.name,
        "line": doc.lines.line(unit.start) + 1,
        "tokens": len(unit.tokens),
        "unchanged_probability": unchanged_share(unit, found.hypotheses),
        "repairs": [
            {
                "rank": rank,
                "title": c.title,
                "probability": c.probability,
                "log_prob": c.log_prob,
                "edits": [
                    {"start": pos(e.start), "end": pos(e.end), "newText": e.new_text}
                    for e in c.edits
                ],
                "diff": diff(path, doc.text, c),
            }
            for rank, c in enumerate(found.candidates, start=1)
        ],
    }


def _text_report(path: Path, report: list[dict[str, Any]]) -> str:
    out = []
    for m in report:
        if not m["repairs"]:
            continue
        out.append(f"{path}:{m['line']}: method {m['name']}: {len(m['repairs'])} repair(s)\n")
        for r in m["repairs"]:
            out.append(f"#{r['rank']} {r['title']} ({format_probability(r['probability'])})\n")
            out.append(r["diff"])
        out.append("\n")
    with_repairs = sum(1 for m in report if m["repairs"])
    out.append(f"{len(report)} method(s) checked, {with_repairs} with repairs\n")
    return "".join(out)


def main(argv: list[str] | None = None) -> None:
    args = parse_args(argv)
    try:
        code = run(args)
    except UsageError as exc:
        sys.stderr.write(f"spancopy: {exc}\n")
        code = 2
    sys.exit(code)


if __name__ == "__main__":
    main()
