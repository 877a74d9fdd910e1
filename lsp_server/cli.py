"""``spancopy repair``: the server's repair pipeline without an editor.

    spancopy repair FILE [--line N] [--top-k K] [--beam-size B] [--json] [--model DIR]

Parses FILE, takes the method at line N (1-based; default: every method), decodes it with
the model (batched merged beam search, as the server does) and prints the ranked repairs as
unified diffs with their probabilities (the candidate's share of the probability mass of the
hypotheses the beam search found, see :mod:`lsp_server.repair`). ``--json`` prints one object
instead, with LSP-style edits (0-based lines, UTF-16 characters). Exit status: 0 when the
file was processed (with or without repairs), 1 when ``--line`` names no method, 2 for a
missing or unreadable file, an unsupported language or a model that cannot be loaded.
"""

from __future__ import annotations

import argparse
import difflib
import json
import sys
from pathlib import Path
from typing import Any

from spancopy_core.actions import Hypothesis
from spancopy_core.edits import LineIndex, apply_edits

from .languages import FRONTENDS, Frontend, Unit, frontend_for
from .repair import Candidate, candidates, format_probability, unchanged_share
from .settings import DECODINGS, DEFAULT_MODEL, ServerSettings

CHUNK = 8  # methods per batched beam search


class UsageError(Exception):
    """A problem the user can fix; the message is printed and the exit status is 2."""


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    defaults = ServerSettings()
    ap = argparse.ArgumentParser(prog="spancopy", description="spancopy command line")
    sub = ap.add_subparsers(dest="command", required=True)
    rep = sub.add_parser("repair", help="print the ranked repairs of a file's methods")
    rep.add_argument("file", type=Path)
    rep.add_argument("--line", type=int, help="1-based line of the method (default: all)")
    rep.add_argument("--top-k", type=int, default=defaults.top_k, help="repairs per method")
    rep.add_argument("--beam-size", type=int, default=defaults.beam_size)
    rep.add_argument("--decoding", choices=DECODINGS, default=defaults.decoding)
    rep.add_argument("--max-method-tokens", type=int, default=defaults.max_method_tokens)
    rep.add_argument(
        "--no-syntax-check", action="store_true", help="keep repairs that break parsing"
    )
    rep.add_argument("--model", type=Path, default=DEFAULT_MODEL, help="model directory")
    rep.add_argument("--device", default="cpu", help="auto, cpu or cuda (default: cpu)")
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


def select_units(
    text: str, frontend: Frontend, parsed: Any, known: Any, line: int | None
) -> list[Unit]:
    if line is None:
        return frontend.all_units(parsed, known)
    lines = LineIndex(text)
    start = lines.offset(line - 1, 0)
    return frontend.units_in(parsed, start, lines.line_end(lines.line(start)), known)


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
    parsed = frontend.parse(text)
    if args.line is not None and not select_units(text, frontend, parsed, (), args.line):
        sys.stderr.write(f"{args.file}:{args.line}: no method at this line\n")
        return 1
    from spancopy_core.checkpoint import CheckpointError, load_model  # imports torch
    from spancopy_core.decoding import beam_search

    try:
        model = load_model(args.model, device=args.device)
    except CheckpointError as exc:
        raise UsageError(f"cannot load the model: {exc} (pass --model DIR)") from None
    units = select_units(text, frontend, parsed, model.vocab, args.line)
    for u in units:
        if len(u.tokens) > args.max_method_tokens:
            sys.stderr.write(f"{args.file}: method {u.name} skipped ({len(u.tokens)} tokens)\n")
    units = [u for u in units if len(u.tokens) <= args.max_method_tokens]
    style, lines, report = frontend.style(parsed), LineIndex(text), []
    for k in range(0, len(units), CHUNK):
        chunk = units[k : k + CHUNK]
        beams = beam_search(
            model,
            [list(u.tokens) for u in chunk],
            beam_size=args.beam_size,
            top_k=args.beam_size,
            variant=args.decoding,
        )
        for unit, hyps in zip(chunk, beams, strict=True):
            found = candidates(
                text,
                unit,
                hyps,
                style,
                frontend,
                top_k=args.top_k,
                syntax_check=not args.no_syntax_check,
            )
            report.append(_method_report(args.file, text, lines, unit, hyps, found))
    if args.json:
        sys.stdout.write(json.dumps({"file": str(args.file), "methods": report}, indent=2) + "\n")
    else:
        sys.stdout.write(_text_report(args.file, report))
    return 0


def _method_report(
    path: Path,
    text: str,
    lines: LineIndex,
    unit: Unit,
    hyps: list[Hypothesis],
    found: list[Candidate],
) -> dict[str, Any]:
    def pos(offset: int) -> dict[str, int]:
        line, character = lines.position(offset)
        return {"line": line, "character": character}

    return {
        "name": unit.name,
        "line": lines.line(unit.start) + 1,
        "tokens": len(unit.tokens),
        "unchanged_probability": unchanged_share(unit, hyps),
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
                "diff": diff(path, text, c),
            }
            for rank, c in enumerate(found, start=1)
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
