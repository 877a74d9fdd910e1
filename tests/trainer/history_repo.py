"""A small git repository built with ``git`` in a temporary folder, for the history tests."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

BASE_TIME = 1_700_000_000  # committer times count up from here, a day per commit


class Repo:
    """A git work tree whose commits get known dates (one day apart, in order)."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.commits = 0
        path.mkdir(parents=True, exist_ok=True)
        self.git("init", "-q", "-b", "main")

    def git(self, *args: str) -> str:
        stamp = f"@{BASE_TIME + 86_400 * self.commits} +0000"
        env = {
            **os.environ,
            "GIT_AUTHOR_NAME": "t",
            "GIT_AUTHOR_EMAIL": "t@example.com",
            "GIT_COMMITTER_NAME": "t",
            "GIT_COMMITTER_EMAIL": "t@example.com",
            "GIT_AUTHOR_DATE": stamp,
            "GIT_COMMITTER_DATE": stamp,
            "GIT_CONFIG_GLOBAL": os.devnull,
            "GIT_CONFIG_NOSYSTEM": "1",
        }
        done = subprocess.run(
            ["git", "-C", str(self.path), *args],
            capture_output=True,
            text=True,
            env=env,
            check=True,
        )
        return done.stdout

    def write(self, name: str, text: str) -> None:
        path = self.path / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)

    def commit(self, message: str, files: dict[str, str] | None = None) -> str:
        """Write ``files`` (name -> text), commit every change with ``message``; the new
        commit's id."""
        for name, text in (files or {}).items():
            self.write(name, text)
        self.git("add", "-A")
        self.git("commit", "-q", "-m", message)
        self.commits += 1
        return self.git("rev-parse", "HEAD").strip()


def java_class(name: str, *methods: str) -> str:
    """A file of one class holding ``methods`` (each a method's lines, without indentation),
    four spaces in, a blank line between them."""
    body = "\n\n".join("\n".join("    " + line for line in m.split("\n")) for m in methods)
    return f"package demo;\n\nclass {name} {{\n{body}\n}}\n"
