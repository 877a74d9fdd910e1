"""The source files of a project directory, as ``spancopy repair DIR`` visits them: in a git
work tree the files git would show (``git ls-files --cached --others --exclude-standard``, so
``.gitignore`` and the other exclude files are honoured, deleted files left out); elsewhere a
walk that skips hidden files and directories and does not follow links to directories. Only
regular files, in path order. :func:`project_path` finds a
project's own files (``.spancopy/...``) from any file of it.
"""

from __future__ import annotations

import os
import subprocess
from collections.abc import Iterable
from pathlib import Path


def project_files(root: Path) -> list[Path]:
    """The files under ``root``, as paths that start with ``root``, sorted."""
    listed = _git_files(root)
    found = _walk(root) if listed is None else listed
    return sorted(p for p in found if p.is_file())


def project_path(path: str | Path, relative: Path) -> Path | None:
    """The file ``relative`` (``.spancopy/...``) of the project holding ``path`` (a file or a
    folder): in the nearest folder from ``path`` up to its git work tree's root (the folder
    with ``.git``) that has it, or None."""
    start = Path(path).resolve()
    for folder in (start, *start.parents):
        if (folder / relative).is_file():
            return folder / relative
        if (folder / ".git").exists():
            return None
    return None


def _git_files(root: Path) -> list[Path] | None:
    """The files git lists under ``root``; None when ``root`` is in no git work tree (or git
    is missing or refuses the repository)."""
    command = ["git", "-C", str(root), "ls-files", "-z", "--cached", "--others"]
    try:
        done = subprocess.run(
            [*command, "--exclude-standard"], capture_output=True, check=False, timeout=600
        )
    except (OSError, subprocess.TimeoutExpired):
        return None
    if done.returncode != 0:
        return None
    names = done.stdout.split(b"\0")
    return list(dict.fromkeys(root / os.fsdecode(n) for n in names if n))  # cached and other


def _walk(root: Path) -> Iterable[Path]:
    """Every file under ``root`` outside hidden directories, hidden files left out."""
    for directory, subdirectories, files in os.walk(root):
        subdirectories[:] = [d for d in subdirectories if not d.startswith(".")]
        yield from (Path(directory) / f for f in files if not f.startswith("."))
