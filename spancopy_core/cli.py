"""``spancopy``: the repair pipeline on a file or a project, without an editor.

``spancopy repair FILE`` prints the ranked repairs of FILE's Java methods or of the sentences
of a text or Markdown file (each method's as soon as it is decoded: unified diffs with their
shares, or ``--json``); ``spancopy repair DIR`` does it for every such file under DIR (project
mode: ``.gitignore`` honoured, only the findings the model is confident about unless ``--all``,
a summary line), and ``spancopy repair PATH PATH ...`` for the files and directories named;
``spancopy similar-edit FILE --before OLDFILE`` proposes the edit made between the two files
on FILE's other methods (:mod:`spancopy_core.repair.similar`). The stages are
those the language server runs (:mod:`spancopy_core.repair.pipeline`), with its limits, and each
model is checked to fit its files before it is loaded (an edit model is not a repair model, a
Java model does not repair prose). Every error is one line on stderr. Exit status of
``repair``: 0 for a file processed or a project without findings, 1 for a project with
findings, a file that does not parse as Java (no repairs offered for it) or a ``--line``
naming no method or sentence, 2 for bad options, files, devices or models, 130 when
interrupted; ``docs/cli.md`` gives the options and the JSON.
"""

from __future__ import annotations

import argparse
import difflib
import json
import os
import sys
from collections.abc import Callable, Iterator
from dataclasses import replace
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn

from tqdm import tqdm

from spancopy_core import DEFAULT_EDIT_MODEL, DEFAULT_MODELS
from spancopy_core.editing.edits import apply_edits
from spancopy_core.lang.java import compiler
from spancopy_core.paper.config import DEVICES, VARIANTS
from spancopy_core.repair import runner
from spancopy_core.repair.candidates import Candidate, format_probability
from spancopy_core.repair.frontend import Frontend, Penalties, Unit
from spancopy_core.repair.harper import DIALECTS, HarperSettings, unknown_rules
from spancopy_core.repair.java import JavaFrontend
from spancopy_core.repair.languages import FRONTENDS, frontend_for
from spancopy_core.repair.pipeline import (
    CONFIDENT_RATIO,
    MAX_BEAM_SIZE,
    MAX_DOCUMENT_CHARS,
    MAX_TOP_K,
    MAX_UNIT_TOKENS,
    Focus,
    ParsedText,
    RepairOptions,
    UnitRepairs,
    line_focus,
    units,
    view,
    within_limit,
)
from spancopy_core.repair.project_rules import Rules, RulesError, load_penalties, load_rules
from spancopy_core.repair.prose import ProseFrontend, ProseSettings, project_words
from spancopy_core.repair.runner import repair_units
from spancopy_core.storage.dictionary import (
    DICTIONARY,
    DictionaryError,
    project_dictionary,
    read_words,
)
from spancopy_core.storage.project import project_files

if TYPE_CHECKING:
    from spancopy_core.paper.model import SpanCopyModel

INTERRUPTED = 130  # the shell's status for a process ended by SIGINT
BROKEN_PIPE = 141  # the shell's status for a process ended by SIGPIPE (its reader went away)
FINDINGS = 1  # the status of a project with findings (or a file that does not parse)
# How the JSON gives positions: the unit's line as an editor shows it, edits as LSP ranges.
POSITIONS = {"line": "1-based", "edits": "LSP ranges: 0-based lines, UTF-16 characters"}


class UsageError(Exception):
    """A problem the user can fix; the message is printed and the exit status is 2."""


class _Parser(argparse.ArgumentParser):
    """An argument parser whose errors are one line on stderr (exit status 2)."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: error: {' '.join(message.split())} (see --help)\n")


class _Defaults(argparse.ArgumentDefaultsHelpFormatter):
    """Ends an option's help with its default, unless it has none to show (None, a switch)
    or the help says it already."""

    def _get_help_string(self, action: argparse.Action) -> str:
        text = action.help or ""
        if action.default in (None, False) or "default" in text:
            return text
        return super()._get_help_string(action) or text


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
    """The command and its options; a bad one ends the process with one line (status 2)."""
    ap = _Parser(prog="spancopy", description="spancopy command line")
    ap.add_argument("--version", action="version", version=f"spancopy {_version()}")
    sub = ap.add_subparsers(dest="command", required=True)
    _repair_parser(sub)
    _similar_parser(sub)
    return ap.parse_args(argv)


def _repair_parser(sub: argparse._SubParsersAction) -> None:
    """``spancopy repair``: what is repaired, the search (:func:`_search_options`), the model
    and the output."""
    rep = sub.add_parser(
        "repair",
        help="print the ranked repairs of a file's methods (Java) or sentences (text, Markdown), "
        "or of every such file of a directory",
        formatter_class=_Defaults,
    )
    rep.add_argument(
        "paths",
        type=Path,
        nargs="+",
        metavar="PATH",
        help="a source file (.java, .txt, .md, .markdown); a directory: every such file under "
        "it that git does not ignore; or several of either (project mode: confident findings, "
        "a summary, exit status 1 with findings)",
    )
    rep.add_argument(
        "--language",
        choices=[f.name for f in FRONTENDS],
        help="the file's language (by default its extension's); of a directory, the only "
        "files read",
    )
    rep.add_argument(
        "--line",
        type=_bounded(1),
        help="1-based line of the method or sentence (by default all of them)",
    )
    rep.add_argument(
        "--all",
        action="store_true",
        help="of a directory, every repair; without it, only those at least "
        f"{CONFIDENT_RATIO:g} times as likely as the method or sentence as written (or those "
        "of the methods that the model's detection head marks, where it has one)",
    )
    _search_options(rep)
    _prose_options(rep)
    rep.add_argument(
        "--model",
        type=Path,
        help="model directory (by default the shipped model of the file's language: "
        + ", ".join(f"{k} {v.name}" for k, v in DEFAULT_MODELS.items())
        + "); of a directory, for the files of its language",
    )
    _device_and_json(rep)
    rep.add_argument(
        "--quiet", action="store_true", help="no progress bar (drawn only on a terminal)"
    )


def _search_options(rep: argparse.ArgumentParser) -> None:
    """The options of ``spancopy repair`` that shape the search and keep or drop repairs
    (:class:`RepairOptions`)."""
    defaults = RepairOptions()
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
        help="methods (sentences) with more model tokens are not searched: at --line a method's"
        " statements nearest the line are (at most 250 tokens); elsewhere only the fixes of its"
        " likely bugs that a check knows are offered, and without those it is skipped",
    )
    rep.add_argument(
        "--no-syntax-check", action="store_true", help="keep repairs that break parsing"
    )
    rep.add_argument(
        "--no-compile-check",
        action="store_true",
        help="keep Java repairs that add a compile error to the file (checked with"
        " the JDK on PATH, if any; never for a directory, where it would compile every"
        " method's candidates)",
    )
    rep.add_argument(
        "--min-ratio",
        type=_ratio,
        default=defaults.min_ratio,
        help="offer a repair only when at least this many times as likely as the unit as "
        "written, and search every sentence (default: 0 for methods; for sentences the prose "
        "front-end's floors, which search only the sentences the spelling corrector changed)",
    )


def _rule(name: str) -> str:
    """An argparse type: the name of a rule of Harper's."""
    if unknown_rules((name,)):
        raise argparse.ArgumentTypeError(f"Harper has no rule {name!r}")
    return name


def _prose_options(rep: argparse.ArgumentParser) -> None:
    """The options of ``spancopy repair`` for prose (:class:`ProseSettings`)."""
    rep.add_argument(
        "--dialect",
        choices=DIALECTS,
        default=HarperSettings().dialect,
        help="the English of the prose, for Harper's suggestions (its spelling first)",
    )
    rep.add_argument(
        "--disable-rule",
        type=_rule,
        action="append",
        metavar="RULE",
        help="turn a rule of Harper's off by name (AnA, SpellCheck, ...); repeat for more",
    )
    rep.add_argument(
        "--dictionary",
        type=Path,
        metavar="FILE",
        help="words never changed in prose, one a line (by default the project's "
        f"{DICTIONARY.as_posix()}, in the folder of PATH or above, up to its git root)",
    )


def _device_and_json(parser: argparse.ArgumentParser) -> None:
    """``--device`` and ``--json``, the same for every command."""
    parser.add_argument("--device", choices=DEVICES, default="cpu", help="where the model runs")
    parser.add_argument("--json", action="store_true", help="print JSON instead of diffs")


def _similar_parser(sub: argparse._SubParsersAction) -> None:
    from spancopy_core.repair.similar import SimilarOptions

    defaults = SimilarOptions()
    sim = sub.add_parser(
        "similar-edit",
        help="propose the edit made between --before and FILE on FILE's other methods (Java)",
        formatter_class=_Defaults,
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
        help="propose the edit model's own results (where no rewrite rule of the edit matches) "
        "only when at least this many times as likely, under the edit, as the method as written",
    )
    sim.add_argument(
        "--model",
        type=Path,
        help=f"edit model directory (default: the shipped {DEFAULT_EDIT_MODEL.name})",
    )
    _device_and_json(sim)


def _version() -> str:
    """The installed distribution's version."""
    try:
        return version("spancopy")
    except PackageNotFoundError:  # run from a source tree that was never installed
        return "unknown (not installed)"


def read_source(path: Path, language: str | None = None) -> tuple[str, Frontend]:
    """The text of ``path`` and its front-end: the one named ``language``, else the one of
    its extension."""
    frontend = _frontend(path, language)
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


def _frontend(path: Path, language: str | None) -> Frontend:
    """The front-end named ``language``, else that of the extension of ``path``; a
    :class:`UsageError` when it has none."""
    frontend: Frontend | None
    if language is not None:
        frontend = next(f for f in FRONTENDS if f.name == language)
    else:
        frontend = frontend_for(None, path.absolute().as_uri())  # the name given, links or not
    if frontend is None:
        known = ", ".join(e for f in FRONTENDS for e in f.extensions)
        raise UsageError(
            f"{path}: unsupported file type (supported: {known}, plain text named README, NEWS, "
            "TODO, ...; or pass --language)"
        )
    return frontend


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
    """Run the command of ``args``; its exit status."""
    if args.command == "similar-edit":
        return run_similar(args)
    if len(args.paths) > 1 or args.paths[0].is_dir():
        return run_project(args)
    return run_file(args, args.paths[0])


def run_file(args: argparse.Namespace, path: Path) -> int:
    """``spancopy repair FILE`` (see the module docstring): status 0, or 1 for a file that
    does not parse or a ``--line`` with no unit."""
    text, frontend = read_source(path, args.language)
    doc = ParsedText.parse(text, frontend, path=str(path))
    if (where := syntax_error(doc)) is not None:
        sys.stderr.write(f"{path}:{where}: {NOT_PARSED}\n")
        return FINDINGS
    focus = None if args.line is None else line_focus(doc, args.line - 1)
    doc = view(doc, focus)  # the prose of a Java comment at --line
    doc = replace(doc, frontend=_with_prose(doc.frontend, _prose(args, path)))
    kind = doc.frontend.unit_kind
    if focus is not None and not units(doc, (), focus):
        sys.stderr.write(f"{path}:{args.line}: no {kind} at this line\n")
        return 1
    language = doc.frontend.model
    if language == "java" and _options(args, project=False).compile_check:
        # javac starts while the model loads and searches
        compiler.prepare(doc.text, compiler.source_root(doc.path, doc.text))
    directory = args.model or _default_model(path, language)
    model = _load(directory, args.device, language)
    rules, penalties = _rules(directory)
    options = replace(_options(args, project=False), penalties=penalties)
    kept = _selected(path, doc, model, options, focus)
    report = []
    with _progress(args, len(kept), kind) as progress:
        for m in _reports(path, doc, model, options, focus, kept, rules):
            report.append(m)
            if not args.json and m["repairs"]:
                _print(_method_text(path, m))
            progress.update()
    if args.json:
        out = {**_file_json(path, kind, report), "positions": POSITIONS}
        sys.stdout.write(json.dumps(out, indent=2) + "\n")
    else:
        with_repairs = sum(1 for m in report if m["repairs"])
        sys.stdout.write(f"{len(report)} {kind}(s) checked, {with_repairs} with repairs\n")
    return 0


NOT_PARSED = "does not parse as Java (a syntax error here): no repairs offered"


def syntax_error(doc: ParsedText) -> str | None:
    """``line:column`` (1-based, characters) of the first syntax error of a Java text: the
    first node that tree-sitter could not parse or had to make up; None when the text parses
    (or is not Java). A method of such a text may be cut anywhere, so none is repaired."""
    if not isinstance(doc.frontend, JavaFrontend) or not doc.parsed.tree.root_node.has_error:
        return None
    node = doc.parsed.tree.root_node
    while node.type != "ERROR" and not node.is_missing:
        inner = next((c for c in node.children if c.has_error or c.is_missing), None)
        if inner is None:
            break
        node = inner
    row, column = node.start_point  # column in UTF-8 bytes
    line = doc.text.split("\n")[row].encode("utf-8", "surrogatepass")
    return f"{row + 1}:{len(line[:column].decode('utf-8', 'ignore')) + 1}"


def _options(args: argparse.Namespace, *, project: bool) -> RepairOptions:
    """The repair options of ``args``, for one file or for a ``project`` run."""
    return RepairOptions(
        beam_size=args.beam_size,
        top_k=args.top_k,
        decoding=args.decoding,
        max_unit_tokens=args.max_method_tokens,
        syntax_check=not args.no_syntax_check,
        # a directory's every method would be compiled ten times over: minutes a file
        compile_check=not args.no_compile_check and not project,
        min_ratio=args.min_ratio,
    )


def _prose(args: argparse.Namespace, where: Path) -> ProseSettings:
    """The prose settings of ``args``: Harper's, and the words of ``--dictionary`` or of the
    dictionary of the project ``where`` is in (a :class:`UsageError` when it cannot be read)."""
    path = args.dictionary or project_dictionary(where)
    try:
        words = frozenset() if path is None else read_words(path)
    except DictionaryError as exc:
        raise UsageError(f"cannot read the dictionary: {exc}") from None
    return ProseSettings(HarperSettings(args.dialect, tuple(args.disable_rule or ())), words)


def _with_prose(frontend: Frontend, prose: ProseSettings) -> Frontend:
    """``frontend`` with the user's ``prose`` settings, when it is a prose front-end."""
    return frontend.configured(prose) if isinstance(frontend, ProseFrontend) else frontend


def _progress(args: argparse.Namespace, total: int, unit: str) -> tqdm:
    """A progress bar on stderr, drawn only when stderr is a terminal (never into a log or a
    pipe) and not ``--quiet``."""
    return tqdm(total=total, unit=unit, file=sys.stderr, disable=args.quiet or not _tty())


def _tty() -> bool:
    return sys.stderr.isatty()


def _print(text: str) -> None:
    """``text`` on stdout as soon as it is known, under a progress bar that is redrawn."""
    tqdm.write(text, file=sys.stdout, end="")
    sys.stdout.flush()


def _say(line: str) -> None:
    """One line on stderr, under a progress bar that is redrawn."""
    tqdm.write(line, file=sys.stderr)


def _selected(
    path: Path, doc: ParsedText, model: SpanCopyModel, options: RepairOptions, focus: Focus | None
) -> list[Unit]:
    """The units of ``doc`` at ``focus`` that are short enough; one line for each other."""
    found = units(doc, model.vocab, focus, context=model.config.context, options=options)
    kept, skipped = within_limit(found, options, doc.frontend)
    for u in skipped:
        _say(f"{path}: {doc.frontend.unit_kind} {u.name} skipped ({len(u.tokens)} tokens)")
    return kept


def _reports(
    path: Path,
    doc: ParsedText,
    model: SpanCopyModel,
    options: RepairOptions,
    focus: Focus | None,
    kept: list[Unit],
    rules: Rules = (),
    only_confident: bool = False,
) -> Iterator[dict[str, Any]]:
    """The JSON object of each unit of ``kept``, as soon as its repairs are known (with the
    project's mined ``rules`` at ``focus``; ``only_confident``: the units that the detection
    head rules out are not searched, :func:`runner.run`)."""
    found = repair_units(
        model, doc, kept, options, focus=focus, rules=rules, only_confident=only_confident
    )
    for unit in found:
        yield _method_report(path, doc, unit, doc.frontend.unit_kind)


def _file_json(path: Path, kind: str, report: list[dict[str, Any]]) -> dict[str, Any]:
    """The JSON of one file: its units' objects under ``methods`` (and under ``sentences``
    too when they are sentences)."""
    out: dict[str, Any] = {"file": str(path), "methods": report}
    if kind != "method":
        out[f"{kind}s"] = report  # the same list, by its name
    return out


class _Models:
    """The models of a project run, loaded on first use, one per language: ``--model`` for
    the files of its language, the shipped model of theirs for the others (for Java, the
    project's adapted model where it has one); each with the ranking's penalties that its
    directory holds (:func:`_rules`)."""

    def __init__(self, model: Path | None, device: str, root: Path) -> None:
        self.model, self.device, self.root = model, device, root
        self.loaded: dict[str, tuple[SpanCopyModel, Penalties | None]] = {}

    def get(self, language: str) -> tuple[SpanCopyModel, Penalties | None]:
        if language not in self.loaded:
            directory = _default_model(self.root, language)
            if self.model is not None and _fits(self.model, language):
                directory = self.model
            model = _load(directory, self.device, language)
            self.loaded[language] = (model, _rules(directory)[1])
        return self.loaded[language]


def run_project(args: argparse.Namespace) -> int:
    """``spancopy repair DIR`` or ``spancopy repair PATH PATH...`` (see the module docstring):
    status :data:`FINDINGS` when a file has a finding shown or does not parse, else 0."""
    paths = args.paths
    if args.line is not None:
        what = f"{paths[0]}: a directory" if len(paths) == 1 else f"{len(paths)} paths"
        raise UsageError(f"{what} (--line applies to a file)")
    files = _listed(paths, args.language)
    root = _root(paths)
    prose = _prose(args, root)
    prose = replace(prose, words=prose.words | _identifier_words(files))
    frontends = {f.name: _with_prose(f, prose) for f in FRONTENDS}
    options, models = _options(args, project=True), _Models(args.model, args.device, root)
    reports = []
    with _progress(args, len(files), "file") as progress:
        for path, frontend in files:
            reports.append(
                _project_file(path, frontends[frontend.name], options, models, not args.all)
            )
            if not args.all:
                for m in reports[-1]["methods"]:
                    m["repairs"] = m["repairs"] if m["confident"] else []
            if not args.json:
                _print(
                    "".join(_method_text(path, m) for m in reports[-1]["methods"] if m["repairs"])
                )
            progress.update()
    summary = _summary(reports)
    if args.json:
        out = {"root": str(root), "positions": POSITIONS, "files": reports, "summary": summary}
        sys.stdout.write(json.dumps(out, indent=2) + "\n")
    else:
        sys.stdout.write(_summary_line(summary, args.all) + "\n")
    return FINDINGS if summary["findings"] or summary["not_parsed"] else 0


def _listed(paths: list[Path], language: str | None) -> list[tuple[Path, Frontend]]:
    """The files of a project run, each once, with its front-end: those under each directory
    of ``paths`` of a known kind (by extension or name: :func:`frontend_for`; only
    ``language``'s, when given), and each file of ``paths`` as ``spancopy repair FILE`` reads
    it (a :class:`UsageError` when it does not exist or is of no known kind)."""
    found: dict[Path, tuple[Path, Frontend]] = {}
    for path in paths:
        if path.is_dir():
            for file in project_files(path):
                frontend = frontend_for(None, file.absolute().as_uri())
                if frontend is not None and language in (None, frontend.name):
                    found.setdefault(file.resolve(), (file, frontend))
        elif path.exists():  # a file (or a pipe: read as repair FILE reads one)
            found.setdefault(path.resolve(), (path, _frontend(path, language)))
        else:
            raise UsageError(f"{path}: no such file or directory")
    return list(found.values())


def _root(paths: list[Path]) -> Path:
    """Where a project run finds the project's dictionary and adapted model: its directory,
    or the folder that holds every one of its ``paths`` (the first, where none does: paths on
    two Windows drives)."""
    if len(paths) == 1:
        return paths[0]
    try:
        return Path(os.path.commonpath(paths))
    except ValueError:  # relative and absolute paths mixed, or two drives
        try:
            return Path(os.path.commonpath([p.absolute() for p in paths]))
        except ValueError:
            return paths[0]


def _identifier_words(files: list[tuple[Path, Frontend]]) -> frozenset[str]:
    """The project's own words, never changed in its prose (as the server keeps those of the
    open Java files): of the identifiers of its Java ``files``
    (:func:`~spancopy_core.repair.prose.project_words`), when some of ``files`` are prose."""
    if not any(isinstance(frontend, ProseFrontend) for _, frontend in files):
        return frozenset()
    words: set[str] = set()
    for path, frontend in files:
        if isinstance(frontend, JavaFrontend):
            try:
                words |= project_words(path.read_text(encoding="utf-8", errors="replace"))
            except OSError:
                continue  # said when the file is repaired
    return frozenset(words)


def _project_file(
    path: Path, frontend: Frontend, options: RepairOptions, models: _Models, only_confident: bool
) -> dict[str, Any]:
    """The JSON of one file of a project (with every repair, confident or not, but for the
    units that the detection head rules out where only confident ones are shown: those are
    not searched, :func:`runner.run`); a file that cannot be read or does not parse gets an
    ``error`` and no units."""
    try:
        text, _ = read_source(path, frontend.name)
    except UsageError as exc:
        _say(f"spancopy: {exc}")
        return {**_file_json(path, frontend.unit_kind, []), "error": str(exc)}
    doc = ParsedText.parse(text, frontend)
    if (where := syntax_error(doc)) is not None:
        _say(f"{path}:{where}: {NOT_PARSED}")
        return {**_file_json(path, frontend.unit_kind, []), "syntax_error": where}
    model, penalties = models.get(frontend.model)
    options = replace(options, penalties=penalties)
    kept = _selected(path, doc, model, options, None)
    found = _reports(path, doc, model, options, None, kept, only_confident=only_confident)
    return _file_json(path, frontend.unit_kind, list(found))


def _summary(reports: list[dict[str, Any]]) -> dict[str, int]:
    """What a project run found, counted: files, units, findings (units with repairs
    shown), files with findings, files that do not parse and files not read."""
    shown = [sum(1 for m in r["methods"] if m["repairs"]) for r in reports]
    return {
        "files": len(reports),
        "units": sum(len(r["methods"]) for r in reports),
        "findings": sum(shown),
        "files_with_findings": sum(1 for n in shown if n),
        "not_parsed": sum(1 for r in reports if "syntax_error" in r),
        "not_read": sum(1 for r in reports if "error" in r),
    }


def _summary_line(summary: dict[str, int], every: bool) -> str:
    which = "every repair" if every else "confident ones only, --all for every repair"
    line = (
        f"{summary['files']} file(s), {summary['units']} method(s) or sentence(s) checked: "
        f"{summary['findings']} finding(s) in {summary['files_with_findings']} file(s) ({which})"
    )
    if summary["not_parsed"]:
        line += f"; {summary['not_parsed']} file(s) do not parse"
    if summary["not_read"]:
        line += f"; {summary['not_read']} file(s) not read"
    return line


def _fits(directory: Path, language: str) -> bool:
    """Whether the model of ``directory`` serves ``language`` as a repair model (a model that
    cannot be read fits: loading it says why it cannot be)."""
    from spancopy_core.storage.model_dir import CheckpointError, kind_mismatch, model_kind

    try:
        return kind_mismatch(model_kind(directory), language) is None
    except CheckpointError:
        return True


def _default_model(path: Path, language: str) -> Path:
    """The shipped model of ``language``; for Java, the model adapted to the project of
    ``path`` by ``python -m trainer adapt`` when its work tree has one (said on stderr)."""
    from spancopy_core.storage.model_dir import project_model

    own = project_model(path) if language == "java" else None
    if own is None:
        return DEFAULT_MODELS[language]
    sys.stderr.write(f"using the Java model adapted to this project: {own}\n")
    return own


def _rules(directory: Path) -> tuple[Rules, Penalties | None]:
    """The rewrite rules mined from the project's history and the ranking's penalties refit
    on it that an adapted model's ``directory`` holds
    (:mod:`spancopy_core.repair.project_rules`); a :class:`UsageError` when they cannot be
    read."""
    try:
        return load_rules(directory), load_penalties(directory)
    except RulesError as exc:
        raise UsageError(f"cannot load the model's rules: {exc}") from None


def _load(directory: Path, device: str, language: str, *, edit: bool = False) -> SpanCopyModel:
    """The model of ``directory``, checked first to be a repair model of ``language`` (an edit
    model, ``edit``); a :class:`UsageError` when it is not or cannot be loaded."""
    from spancopy_core.storage.checkpoint import (
        CheckpointError,
        DeviceError,
        load_model,
    )  # imports torch
    from spancopy_core.storage.model_dir import kind_mismatch, model_kind

    wanted = "an edit model, trained with --edit-dim" if edit else f"a {language} model"
    try:
        problem = kind_mismatch(model_kind(directory), language, edit=edit)
        if problem is None:
            return load_model(directory, device=device)
    except CheckpointError as exc:
        raise UsageError(f"cannot load the model: {exc} (pass --model DIR: {wanted})") from None
    except DeviceError as exc:
        raise UsageError(str(exc)) from None
    raise UsageError(f"{directory}: {problem} (pass --model DIR: {wanted})")


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
    annotated = [f"{e.name} (line {e.line + 1})" for e in edits if not similar.carried(e)]
    if annotated:
        sys.stderr.write(
            f"{args.file}: only annotations changed in {', '.join(annotated)}; "
            "similar-edit does not carry annotations to other methods\n"
        )
    model = _load(args.model or DEFAULT_EDIT_MODEL, args.device, "java", edit=True)
    options = similar.SimilarOptions(
        beam_size=args.beam_size, top_k=args.top_k, threshold=args.threshold
    )
    skip = [(e.start, e.end) for e in edits]

    def unsearched(left: list[similar.Task]) -> None:
        methods = dict.fromkeys(
            f"{t.unit.name} (line {doc.lines.line(t.unit.start) + 1})" for t in left
        )
        names = ", ".join(methods)  # a method of several edits once
        sys.stderr.write(
            f"{args.file}: {len(methods)} method(s) past the edit model's budget of "
            f"{options.beam_tokens} tokens get the rewrite rules' proposals only: {names}\n"
        )

    report = []
    for found in similar.similar(model, doc, edits, options, skip=skip, unsearched=unsearched):
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
            "positions": POSITIONS,
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
        # at least CONFIDENT_RATIO times as likely as the unit as written, or the detection
        # head's rule where the model has one: shown by project mode
        "confident": runner.confident(found, CONFIDENT_RATIO, doc),
        # likely bugs of the code as written that a repair listed fixes (repair.suspects)
        "likely_bugs": [
            {"line": s.line + 1, "what": s.what, "fixed_by": s.repair + 1} for s in found.suspected
        ],
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
    out += [
        f"{path}:{b['line']}: likely bug: {b['what']} (fixed by #{b['fixed_by']})\n"
        for b in m.get("likely_bugs", ())
    ]
    for r in m["repairs"]:
        # a proposal's share, the edit model's against the method left as it is, is no chance
        # that it is right (a rule's right rewrite is often under 1%): not shown, only ranked
        share = "" if "edit_line" in m else f" ({format_probability(r['probability'])})"
        out.append(f"#{r['rank']} {r['title']}{share}\n")
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
    except BrokenPipeError:
        # The reader went away (spancopy repair DIR | head): no traceback, and none at exit
        # when Python flushes stdout again (the Python docs' note on SIGPIPE).
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        code = BROKEN_PIPE
    sys.exit(code)


if __name__ == "__main__":
    main()
