"""The words prose mode never changes in a workspace (:class:`WorkspaceWords`): the user's
dictionary (the setting ``prose.dictionary`` and the file ``prose.dictionaryFile``) and the
words of the identifiers of the open Java files
(:func:`~spancopy_core.repair.prose.project_words`: ``recvBuffer`` gives ``recv``), each
file's read once per version. A dictionary file that cannot be read is a
warning, logged once.
"""

from __future__ import annotations

import logging
from pathlib import Path
from typing import NamedTuple

from spancopy_core.repair.java import JavaFrontend
from spancopy_core.repair.languages import frontend_for
from spancopy_core.repair.prose import project_words
from spancopy_core.storage.dictionary import DICTIONARY, DictionaryError, read_words

from .settings import SECTION, ServerSettings
from .textsync import OpenDocuments

log = logging.getLogger(__name__)


def _is_java(language_id: str, uri: str) -> bool:
    return isinstance(frontend_for(language_id, uri), JavaFrontend)


class _Read(NamedTuple):
    """The words read of one version of one open document."""

    version: int
    words: frozenset[str]


class WorkspaceWords:
    """The words never changed, from the settings, the dictionary file and the open Java
    documents ``texts``."""

    def __init__(self, texts: OpenDocuments) -> None:
        self._texts = texts
        self._java: dict[str, _Read] = {}  # by document key
        self._file: tuple[Path, float, frozenset[str]] | None = None  # path, mtime, words
        self._reported: set[str] = set()

    def words(self, settings: ServerSettings, root: str | None) -> frozenset[str]:
        """Every word never changed under ``settings`` in the workspace ``root``."""
        out = {w.lower() for w in settings.prose_dictionary}
        out |= self._dictionary(settings.prose_dictionary_file, root)
        docs = [
            d for d in self._texts if isinstance(frontend_for(d.language_id, d.uri), JavaFrontend)
        ]
        self._java = {d.key: self._identifiers(d.key, d.version, d.text) for d in docs}
        for read in self._java.values():
            out |= read.words
        return frozenset(out)

    def _identifiers(self, key: str, version: int, text: str) -> _Read:
        old = self._java.get(key)
        if old is not None and old.version == version:
            return old
        return _Read(version, project_words(text))

    def _dictionary(self, setting: str, root: str | None) -> frozenset[str]:
        """The words of the dictionary file ``setting`` (relative to ``root``); none, with a
        warning logged once, when it cannot be read (silently when the default file is
        missing)."""
        if not setting:
            return frozenset()
        path = Path(setting).expanduser()
        if not path.is_absolute():
            if root is None:
                return frozenset()
            path = Path(root) / path
        try:
            mtime = path.stat().st_mtime
        except OSError:
            if setting != str(DICTIONARY):
                self._warn(f"{path}: no such file")
            return frozenset()
        if self._file is not None and self._file[:2] == (path, mtime):
            return self._file[2]
        try:
            words = read_words(path)
        except DictionaryError as exc:
            self._warn(str(exc))
            return frozenset()
        self._file = (path, mtime, words)
        return words

    def _warn(self, problem: str) -> None:
        message = f"{SECTION}.prose.dictionaryFile: {problem}; its words are not used."
        if message not in self._reported:
            self._reported.add(message)
            log.warning(message)
