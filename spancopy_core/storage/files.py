"""Reading files of directories we do not trust (model directories): regular files of bounded
size only.

A path may name a FIFO (opening it for reading blocks until a writer comes), a device
(``/dev/zero`` never ends), a directory, or a symlink to any of them. The checks here stat the
path (following symlinks) before opening it, open it without blocking (``O_NONBLOCK``) and check
the opened file again with ``fstat``, so the file read is the file checked; then at most the cap
is read. Problems with the file itself raise :class:`FileRejected`; a missing or unreadable
path raises the ``OSError`` of the system.
"""

from __future__ import annotations

import os
import stat
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

_FLAGS = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0)
_KINDS = (
    (stat.S_ISDIR, "a directory"),
    (stat.S_ISFIFO, "a FIFO"),
    (stat.S_ISCHR, "a character device"),
    (stat.S_ISBLK, "a block device"),
    (stat.S_ISSOCK, "a socket"),
)


class FileRejected(ValueError):
    """Not a regular file, or a larger one than allowed."""


def _check(st: os.stat_result, max_bytes: int) -> None:
    if not stat.S_ISREG(st.st_mode):
        kind = next((name for test, name in _KINDS if test(st.st_mode)), "an unknown kind")
        raise FileRejected(f"not a regular file ({kind})")
    if st.st_size > max_bytes:
        raise FileRejected(f"{st.st_size} bytes, more than the {max_bytes} allowed")


@contextmanager
def _open_regular(path: str | Path, max_bytes: int) -> Iterator[int]:
    _check(os.stat(path), max_bytes)  # before opening: a FIFO or a device is never opened
    fd = os.open(path, _FLAGS)  # never blocks, even if the path was swapped for a FIFO since
    try:
        _check(os.fstat(fd), max_bytes)
        yield fd
    finally:
        os.close(fd)


def regular_size(path: str | Path, max_bytes: int) -> int:
    """The size in bytes of the regular file ``path``, at most ``max_bytes``."""
    with _open_regular(path, max_bytes) as fd:
        return os.fstat(fd).st_size


def read_regular(path: str | Path, max_bytes: int) -> bytes:
    """The content of the regular file ``path``, at most ``max_bytes``."""
    with _open_regular(path, max_bytes) as fd, os.fdopen(fd, "rb", closefd=False) as f:
        data = f.read(max_bytes + 1)
    if len(data) > max_bytes:  # it grew after the check
        raise FileRejected(f"more than the {max_bytes} bytes allowed")
    return data
