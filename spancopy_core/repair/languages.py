"""The front-ends the repair pipeline knows, and which one serves a document.

A second language plugs in by adding its :class:`~spancopy_core.repair.frontend.Frontend` to
:data:`FRONTENDS`: Java (``.java``), plain text (``.txt``) and Markdown (``.md``,
``.markdown``); the prose in Java comments is reached through the Java front-end
(:meth:`~spancopy_core.repair.java.JavaFrontend.embedded`).
"""

from __future__ import annotations

from pathlib import PurePosixPath
from urllib.parse import unquote, urlparse

from spancopy_core.repair.frontend import Frontend
from spancopy_core.repair.java import JavaFrontend
from spancopy_core.repair.prose import MARKDOWN, PLAINTEXT

FRONTENDS: tuple[Frontend, ...] = (JavaFrontend(), PLAINTEXT, MARKDOWN)


def frontend_for(language_id: str | None, uri: str) -> Frontend | None:
    """The front-end for a document (by language id, else by file extension), or None."""
    for frontend in FRONTENDS:
        if language_id in frontend.language_ids:
            return frontend
    suffix = PurePosixPath(unquote(urlparse(uri).path)).suffix.lower()
    for frontend in FRONTENDS:
        if suffix in frontend.extensions:
            return frontend
    return None
