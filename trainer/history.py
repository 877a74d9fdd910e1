"""A git repository's own edits as training pairs: the changed Java methods of every commit.

``git`` runs as a subprocess (``git log --no-merges -M --raw`` for the commits, oldest first,
and their modified or renamed ``.java`` files, with rename detection; ``git cat-file --batch``
for the file contents); nothing of git is re-implemented. Each changed file is parsed before
and after with the Java front-end (:mod:`spancopy_core.lang.java`, tree-sitter), its methods are
matched by name and parameter list, and a method whose code tokens differ becomes an
:class:`Edit`: both sides abstracted as the model reads them (:func:`trainer.bfp.abstract_pair`,
which the server's :func:`spancopy_core.lang.java.model_input` matches), with the *focus*, the
lines of the method before that the first hunk of a line diff replaces (an insertion: the line
after it), where a user would point. An edit is kept when it is small: both sides at most
:data:`MAX_TOKENS` model tokens and at most :data:`MAX_CHANGED` tokens changed. Left out, and
counted by reason (:data:`REASONS`): a commit that changes only whitespace and comments in its
Java files or changes too much at once (bulk reformatting, moves, generated code: more than
:data:`MAX_FILES` Java files or :data:`MAX_METHODS` changed methods); a method that does not
parse, is too long, changes too many tokens, is unchanged once abstracted, or repeats an
earlier pair (the earliest is kept; a repeat, and a small edit of a method too long, is kept
apart for :mod:`trainer.rules`, for which a repeat is a recurrence). A commit whose message
reads like a bug fix (:data:`BUGFIX_CUES`) and that changes at most :data:`BUGFIX_METHODS`
methods is a bug fix: its pairs get the weight :data:`BUGFIX_WEIGHT` in training. Merges are
never read (their edits are the commits they merge); a shallow clone or one with uncommitted
changes is refused (:func:`check_repository`).
"""

from __future__ import annotations

import difflib
import re
import subprocess
from collections import Counter
from collections.abc import Container, Iterator, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import IO

from tqdm import tqdm

from spancopy_core.lang import java

from . import bfp
from .config import TrainerError

MAX_TOKENS = bfp.MEDIUM  # model tokens of either side: BFP medium's bound, as training's max_len
MAX_CHANGED = 10  # tokens changed (the longer side of each differing run, summed)
MAX_FILES = 30  # Java files of one commit, beyond which it is bulk work
MAX_METHODS = 40  # changed methods of one commit, beyond which it is bulk work
BUGFIX_CUES = re.compile(
    r"\b(fix(e[sd])?|fixing|bugs?|bugfix|npe|nullpointer\w*|crash(e[sd])?)\b|\bissue\s*#?\s*\d+",
    re.IGNORECASE,
)
BUGFIX_METHODS = 3  # a bug-fix commit changes at most this many methods
BUGFIX_WEIGHT = 2  # training copies of a bug-fix pair (one of any other)

WHITESPACE = "commit: whitespace and comments only"
BULK = f"commit: bulk (over {MAX_FILES} Java files or {MAX_METHODS} changed methods)"
UNPARSABLE = "method: does not parse"
TOO_LONG = f"method: over {MAX_TOKENS} tokens"
TOO_MANY = f"method: over {MAX_CHANGED} tokens changed"
IDENTICAL = "method: identical after abstraction"
DUPLICATE = "method: repeats an earlier pair"
REASONS = (WHITESPACE, BULK, UNPARSABLE, TOO_LONG, TOO_MANY, IDENTICAL, DUPLICATE)


@dataclass(frozen=True)
class FileChange:
    """One modified or renamed ``.java`` file of a commit: paths and blob ids of both sides."""

    old_path: str
    new_path: str
    old_blob: str
    new_blob: str


@dataclass(frozen=True)
class Commit:
    """A non-merge commit: its id, committer time (Unix seconds), message and Java changes."""

    sha: str
    time: int
    message: str
    files: tuple[FileChange, ...]


@dataclass(frozen=True)
class Edit:
    """One small method edit of a commit: the pair the model learns (``before`` -> ``after``,
    abstracted) and where it lies in the file before (``path``, ``blob``, the method's
    code-point range ``start:end``, the 1-based ``focus`` lines), with the method's source
    text before (``source``) and after (``fixed``) and the file's ``imports``: what
    :func:`abstract` needs to abstract it again with another vocabulary."""

    commit: str
    time: int
    path: str
    blob: str
    method: str
    start: int
    end: int
    focus: tuple[int, int]
    source: str
    fixed: str
    imports: tuple[str, ...]
    before: tuple[str, ...]
    after: tuple[str, ...]
    bugfix: bool


@dataclass
class Mined:
    """What :func:`mine` found: the kept edits, oldest commit first, and the counts."""

    edits: list[Edit] = field(default_factory=list)
    # small edits not learned from (of methods over MAX_TOKENS, or repeating an earlier
    # pair), whose rewrite rules are mined (trainer.rules: a repeat is a recurrence)
    for_rules: list[Edit] = field(default_factory=list)
    commits: int = 0  # non-merge commits that change a .java file
    merges: int = 0  # merge commits, never read
    skipped: Counter[str] = field(default_factory=lambda: Counter(dict.fromkeys(REASONS, 0)))


def git(repo: Path, *args: str) -> str:
    """The standard output of ``git -C repo ARGS``; a :class:`TrainerError` of one line when it
    fails."""
    try:
        done = subprocess.run(
            ["git", "-C", str(repo), *args], capture_output=True, text=True, check=False
        )
    except FileNotFoundError:
        raise TrainerError("git is not installed (adapt reads the history with git)") from None
    if done.returncode != 0:
        reason = (done.stderr.strip().splitlines() or ["failed"])[-1]
        raise TrainerError(f"{repo}: git {args[0]}: {reason}")
    return done.stdout


def check_repository(repo: Path, allow_dirty: bool = False) -> None:
    """Refuse what adapt cannot learn from honestly: no directory, no git work tree, a shallow
    clone (its history is cut, so the project's older edits are missing), uncommitted changes
    to tracked files (they would be left out of the model); each a one-line TrainerError."""
    if not repo.is_dir():
        raise TrainerError(f"{repo}: no such directory")
    probe = subprocess.run(
        ["git", "-C", str(repo), "rev-parse", "--is-inside-work-tree"],
        capture_output=True,
        text=True,
        check=False,
    )
    if probe.returncode != 0 or probe.stdout.strip() != "true":
        raise TrainerError(f"{repo}: not a git repository (adapt learns from its git history)")
    if git(repo, "rev-parse", "--is-shallow-repository").strip() == "true":
        raise TrainerError(
            f"{repo}: a shallow clone: its history is cut short, so the model would learn from "
            "the newest commits only (run git fetch --unshallow first)"
        )
    dirty = git(repo, "status", "--porcelain", "--untracked-files=no").splitlines()
    if dirty and not allow_dirty:
        raise TrainerError(
            f"{repo}: {len(dirty)} tracked file(s) with uncommitted changes: adapt learns from "
            "commits only, so these would be left out (commit or stash them, or pass "
            "--allow-dirty)"
        )


def commits(repo: Path, since: str | None = None) -> list[Commit]:
    """The non-merge commits of HEAD that modify or rename ``.java`` files, oldest first."""
    args = ["log", "--no-merges", "--reverse", "-M", "--raw", "--no-abbrev", "-z"]
    args += ["--diff-filter=MR", "--format=%x1e%H%x1f%ct%x1f%B%x1f"]
    if since:
        args.append(f"--since={since}")
    out = []
    for record in git(repo, *args, "--", "*.java").split("\x1e")[1:]:
        sha, time, message, raw = record.split("\x1f", 3)
        out.append(Commit(sha, int(time), message.strip(), tuple(_raw_changes(raw))))
    return out


def _raw_changes(raw: str) -> Iterator[FileChange]:
    """The ``.java`` entries of ``git log --raw -z``: ``:modes old new STATUS\\0path\\0``, a
    rename with both paths."""
    fields = [f for f in raw.lstrip("\0\n").split("\0")]
    k = 0
    while k < len(fields):
        meta = fields[k].lstrip("\n")
        if not meta.startswith(":"):
            k += 1
            continue
        _, _, old_blob, new_blob, status = meta[1:].split(" ")
        renamed = status[0] in "RC"
        old_path, new_path = fields[k + 1], fields[k + 2] if renamed else fields[k + 1]
        k += 3 if renamed else 2
        if new_path.endswith(".java"):
            yield FileChange(old_path, new_path, old_blob, new_blob)


class Blobs:
    """File contents by blob id, from one ``git cat-file --batch`` process, and the Java
    front-end's parse of them, the last :data:`PARSED` kept (a commit's new file is the next
    change's old one); a context manager."""

    PARSED = 64

    def __init__(self, repo: Path) -> None:
        self.process = subprocess.Popen(
            ["git", "-C", str(repo), "cat-file", "--batch"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
        )
        self.parsed: dict[str, java.JavaSource] = {}

    def parse(self, blob: str) -> java.JavaSource:
        """The blob parsed as Java."""
        source = self.parsed.pop(blob, None) or java.parse(self[blob])
        self.parsed[blob] = source  # now the newest
        if len(self.parsed) > self.PARSED:
            del self.parsed[next(iter(self.parsed))]
        return source

    def __getitem__(self, blob: str) -> str:
        stdin, stdout = self.process.stdin, self.process.stdout
        assert stdin is not None and stdout is not None  # both are pipes
        stdin.write(blob.encode("ascii") + b"\n")
        stdin.flush()
        header = stdout.readline().split()
        if len(header) != 3:
            raise TrainerError(f"git cat-file: no blob {blob}")
        data = _read(stdout, int(header[2]) + 1)[:-1]  # content, then a newline
        return data.decode("utf-8", errors="replace")

    def __enter__(self) -> Blobs:
        return self

    def __exit__(self, *exc: object) -> None:
        if self.process.stdin is not None:
            self.process.stdin.close()
        self.process.wait()


def _read(stream: IO[bytes], n: int) -> bytes:
    parts, left = [], n
    while left:
        part = stream.read(left)
        if not part:
            raise TrainerError("git cat-file ended early")
        parts.append(part)
        left -= len(part)
    return b"".join(parts)


def is_bugfix(message: str) -> bool:
    """Whether a commit message reads like a bug fix (:data:`BUGFIX_CUES`)."""
    return BUGFIX_CUES.search(message) is not None


def method_key(tokens: Sequence[java.Token], name: str) -> tuple[str, ...]:
    """What matches a method across a commit: its name and the tokens of its parameter list
    (annotations left out)."""
    texts = [t.text for t in java.strip_annotations(tokens)]
    start = next((k for k, t in enumerate(texts) if t == name), 0)
    depth, end = 0, len(texts)
    for k in range(start, len(texts)):
        depth += {"(": 1, ")": -1}.get(texts[k], 0)
        if texts[k] == ")" and depth == 0:
            end = k + 1
            break
    return (name, *texts[start + 1 : end])


def _methods(source: java.JavaSource) -> dict[tuple[str, ...], java.Method]:
    """The methods of a file by :func:`method_key` (a repeated key, e.g. ``run()`` of two
    inner classes, numbered in order), outermost ones only (depth 0)."""
    out: dict[tuple[str, ...], java.Method] = {}
    seen: Counter[tuple[str, ...]] = Counter()
    for m in source.methods:
        if m.depth == 0:
            key = method_key(source.tokens[m.tokens], m.name)
            n, seen[key] = seen[key], seen[key] + 1
            out[(*key, f"#{n}") if n else key] = m
    return out


def changed_tokens(before: Sequence[str], after: Sequence[str]) -> int:
    """Tokens changed from ``before`` to ``after``: the longer side of each differing run of a
    token diff, summed."""
    matcher = difflib.SequenceMatcher(None, before, after, autojunk=False)
    return sum(
        max(i2 - i1, j2 - j1) for tag, i1, i2, j1, j2 in matcher.get_opcodes() if tag != "equal"
    )


def focus_lines(before: str, after: str) -> tuple[int, int]:
    """The 0-based lines of ``before`` (one method's text) that the first hunk of a line diff
    with ``after`` replaces, indentation and trailing blanks ignored; an insertion gives the
    line after it (the last line, at the end)."""
    old = [line.strip() for line in before.split("\n")]
    new = [line.strip() for line in after.split("\n")]
    matcher = difflib.SequenceMatcher(None, old, new, autojunk=False)
    for tag, i1, i2, _, _ in matcher.get_opcodes():
        if tag != "equal":
            first = min(i1, len(old) - 1)
            return first, max(first, min(i2, len(old)) - 1)
    return 0, 0


@dataclass
class _FileEdits:
    """The changed methods of one file change, before the commit-level checks."""

    change: FileChange
    old: java.JavaSource
    pairs: list[tuple[java.Method, java.Method, java.JavaSource]]
    code_changed: bool


def _file_edits(change: FileChange, blobs: Blobs) -> _FileEdits:
    old, new = blobs.parse(change.old_blob), blobs.parse(change.new_blob)
    code_changed = [t.text for t in old.tokens] != [t.text for t in new.tokens]
    after = _methods(new)
    pairs = []
    for key, m in _methods(old).items():
        n = after.get(key)
        if n is None:
            continue
        if [t.text for t in old.tokens[m.tokens]] != [t.text for t in new.tokens[n.tokens]]:
            pairs.append((m, n, new))
    return _FileEdits(change, old, pairs, code_changed)


def mine(
    repo: Path, known: Container[str], since: str | None = None, progress: bool = False
) -> Mined:
    """The small method edits of the history of ``repo`` (see the module docstring),
    abstracted with the model vocabulary ``known``; ``progress``: a progress bar."""
    found = Mined(merges=int(git(repo, "rev-list", "--merges", "--count", "HEAD").strip() or 0))
    seen: set[tuple[tuple[str, ...], tuple[str, ...]]] = set()
    with Blobs(repo) as blobs:
        for commit in tqdm(commits(repo, since), unit="commit", disable=not progress, leave=False):
            found.commits += 1
            if len(commit.files) > MAX_FILES:
                found.skipped[BULK] += 1
                continue
            files = [_file_edits(c, blobs) for c in commit.files]
            if not any(f.code_changed for f in files):
                found.skipped[WHITESPACE] += 1
                continue
            changed = sum(len(f.pairs) for f in files)
            if changed > MAX_METHODS:
                found.skipped[BULK] += 1
                continue
            bugfix = is_bugfix(commit.message) and changed <= BUGFIX_METHODS
            for f in files:
                for before, after, new in f.pairs:
                    edit, reason = _edit(commit, f, before, after, new, known, bugfix)
                    if reason is not None:
                        found.skipped[reason] += 1
                    if edit is not None and reason is not None:
                        found.for_rules.append(edit)
                    if edit is None or reason is not None:
                        continue
                    if (edit.before, edit.after) in seen:
                        found.skipped[DUPLICATE] += 1
                        found.for_rules.append(edit)
                        continue
                    seen.add((edit.before, edit.after))
                    found.edits.append(edit)
    return found


def _edit(
    commit: Commit,
    f: _FileEdits,
    before: java.Method,
    after: java.Method,
    new: java.JavaSource,
    known: Container[str],
    bugfix: bool,
) -> tuple[Edit | None, str | None]:
    """The :class:`Edit` of one changed method and None, or the reason it is left out with
    (for a method over :data:`MAX_TOKENS` that is otherwise a small edit) its Edit or None."""
    if before.has_error or after.has_error:
        return None, UNPARSABLE
    old_tokens, new_tokens = f.old.tokens[before.tokens], new.tokens[after.tokens]
    x, y = bfp.abstract_pair(old_tokens, new_tokens, known, f.old.imports)
    too_long = max(len(x), len(y)) > MAX_TOKENS
    if changed_tokens([t.text for t in old_tokens], [t.text for t in new_tokens]) > MAX_CHANGED:
        return None, TOO_LONG if too_long else TOO_MANY
    if x == y:
        return None, TOO_LONG if too_long else IDENTICAL
    old_text, new_text = f.old.text[before.start : before.end], new.text[after.start : after.end]
    first, last = focus_lines(old_text, new_text)
    line = f.old.text.count("\n", 0, before.start) + 1  # 1-based line of the method's start
    return Edit(
        commit=commit.sha,
        time=commit.time,
        path=f.change.old_path,
        blob=f.change.old_blob,
        method=before.name,
        start=before.start,
        end=before.end,
        focus=(line + first, line + last),
        source=old_text,
        fixed=new_text,
        imports=tuple(f.old.imports),
        before=tuple(x),
        after=tuple(y),
        bugfix=bugfix,
    ), TOO_LONG if too_long else None


def abstract(edit: Edit, known: Container[str]) -> Edit | None:
    """``edit`` abstracted with the vocabulary ``known`` (each side parsed as a class's only
    member, as ``import-edits`` does); None if a side no longer parses as one method."""
    before, after = java.method_tokens(edit.source), java.method_tokens(edit.fixed)
    if before is None or after is None:
        return None
    x, y = bfp.abstract_pair(before, after, known, edit.imports)
    return replace(edit, before=tuple(x), after=tuple(y))


def writable(edit: Edit) -> bool:
    """Whether the model can write the edit's after side: every placeholder it holds is one of
    the before side's (an abstract name of neither, a name the method does not have and the
    vocabulary does not know, has nothing to be resolved to; BFP, the shipped model's
    training data, has no such pair)."""
    known = set(edit.before)
    return all(t in known for t in edit.after if java.PLACEHOLDER.fullmatch(t))


def split_by_date(edits: Sequence[Edit], held: int) -> tuple[list[Edit], list[Edit]]:
    """``(train, held_out)``: the edits of the newest commits by committer date, whole commits
    from the newest back until at least ``held`` edits, and the rest."""
    times: dict[str, int] = {}
    for e in edits:
        times[e.commit] = e.time
    newest = sorted(times, key=lambda c: times[c], reverse=True)
    chosen: set[str] = set()
    count = Counter(e.commit for e in edits)
    total = 0
    for sha in newest:
        if total >= held:
            break
        chosen.add(sha)
        total += count[sha]
    return [e for e in edits if e.commit not in chosen], [e for e in edits if e.commit in chosen]


def training_pairs(edits: Sequence[Edit]) -> list[tuple[list[str], list[str]]]:
    """The training pairs of ``edits``: a bug fix's :data:`BUGFIX_WEIGHT` times, others once."""
    out = []
    for e in edits:
        out += [(list(e.before), list(e.after))] * (BUGFIX_WEIGHT if e.bugfix else 1)
    return out
