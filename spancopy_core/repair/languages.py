"""The front-ends the repair pipeline knows, and which one serves a document.

A second language plugs in by adding its :class:`~spancopy_core.repair.frontend.Frontend` to
:data:`FRONTENDS`: Java (``.java``), plain text (``.txt``, and the files that hold plain text
by name: :data:`PLAIN_NAMES`) and Markdown (``.md``, ``.markdown``); the prose in Java comments
is reached through the Java front-end
(:meth:`~spancopy_core.repair.java.JavaFrontend.embedded`).
"""

from __future__ import annotations

from pathlib import PurePosixPath
from urllib.parse import unquote, urlparse

from spancopy_core.repair.frontend import Frontend
from spancopy_core.repair.java import JavaFrontend
from spancopy_core.repair.prose import MARKDOWN, PLAINTEXT

FRONTENDS: tuple[Frontend, ...] = (JavaFrontend(), PLAINTEXT, MARKDOWN)

# The files that hold plain text by their name, as GNU's and Debian's conventions name them,
# with no extension or one that names no format (README.Debian, NEWS.source): `spancopy repair
# README` answered "unsupported file type". Not COPYING (a licence's text is not the user's to
# repair) nor ChangeLog (GNU's entries are file and function names, tab-indented).
PLAIN_NAMES = frozenset("readme news todo install hacking authors thanks bugs contributing".split())
_PLAIN_SUFFIXES = frozenset(("", ".debian", ".source"))


def frontend_for(language_id: str | None, uri: str) -> Frontend | None:
    """The front-end for a document (by language id, else by file extension, else plain text
    for a name of :data:`PLAIN_NAMES`), or None."""
    for frontend in FRONTENDS:
        if language_id in frontend.language_ids:
            return frontend
    path = PurePosixPath(unquote(urlparse(uri).path))
    suffix = path.suffix.lower()
    for frontend in FRONTENDS:
        if suffix in frontend.extensions:
            return frontend
    if path.stem.lower() in PLAIN_NAMES and suffix in _PLAIN_SUFFIXES:
        return PLAINTEXT
    return None
