"""A user's dictionary: the words that prose mode never changes (a project's own vocabulary),
one a line in a UTF-8 text file; ``#`` starts a comment line. A project keeps its dictionary in
``.spancopy/dictionary.txt`` (:data:`DICTIONARY`) at its root, found from any file of it as the
adapted model is (:func:`spancopy_core.storage.project.project_path`).
"""

from __future__ import annotations

from pathlib import Path

from spancopy_core.storage.files import FileRejected, read_regular
from spancopy_core.storage.project import project_path

DICTIONARY = Path(".spancopy") / "dictionary.txt"
MAX_BYTES = 16 * 2**20  # a larger file is refused: a dictionary is a few thousand words


class DictionaryError(Exception):
    """A dictionary that cannot be read; the message is one line that names the file."""


def read_words(path: Path) -> frozenset[str]:
    """The words of the dictionary file ``path``, in lower case. Raises
    :class:`DictionaryError` when it cannot be read or is not UTF-8 text."""
    try:
        content = read_regular(path, MAX_BYTES).decode("utf-8")
    except FileRejected as exc:
        raise DictionaryError(f"{path}: {exc}") from None
    except UnicodeDecodeError:
        raise DictionaryError(f"{path}: not UTF-8 text") from None
    except OSError as exc:
        raise DictionaryError(f"{path}: {exc.strerror or exc}") from None
    lines = (line for line in content.splitlines() if not line.lstrip().startswith("#"))
    return frozenset(word.lower() for line in lines for word in line.split())


def project_dictionary(path: str | Path) -> Path | None:
    """The dictionary of the project holding ``path`` (a file or a folder), or None."""
    return project_path(path, DICTIONARY)
