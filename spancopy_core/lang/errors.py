"""The documented errors of the front-ends and of the edit machinery.

Every error that the front-ends (:mod:`spancopy_core.lang.java`, :mod:`spancopy_core.lang.text`)
and :mod:`spancopy_core.editing.edits` raise on bad input derives from :class:`FrontendError`,
itself a
``ValueError``: callers catch one class. Text of any content (empty, NUL bytes, lone
surrogates, CRLF or CR line endings, binary junk) is valid input and never raises; only the
cases below do, and :class:`spancopy_core.editing.positions.PositionError` (an offset outside the
text,
or an edit that overlaps another or leaves the text).
"""

from __future__ import annotations


class FrontendError(ValueError):
    """Base class of every documented front-end error."""


class SourceTooLargeError(FrontendError):
    """The text is larger than the front-end accepts (see ``MAX_SOURCE_BYTES``)."""


class ConcretizeError(FrontendError):
    """An abstract token that the mapping cannot explain, e.g. ``VAR_9`` when the method has
    four variables, or a vocabulary special such as ``<unk>``. Drop that hypothesis."""
