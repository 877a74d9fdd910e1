"""The compile check of a unit's repairs after the ranking: the runner ranks :data:`COMPILED`
more repairs than are shown (:func:`widened`), they are compiled in that order until ``top_k``
compile (:func:`variants`), and :func:`settle` keeps the first ``top_k`` that were not
rejected, with their shares of the final list. The one check of every caller; only the
verdicts' source differs: the runner's :meth:`Frontend.compiles` in its CPU job
(``RepairOptions.compile_check``, ``spancopy repair``), the server's javac off the event loop
within a time budget (:meth:`spancopy_core.lang.java.compiler.Compiler.check`), the bench's.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import replace

from spancopy_core.editing.edits import apply_edits
from spancopy_core.repair.candidates import shares
from spancopy_core.repair.pipeline import ParsedText, RepairOptions, UnitRepairs

COMPILED = 10  # repairs of a unit ranked beyond those shown, for those that do not compile


def widened(options: RepairOptions) -> RepairOptions:
    """``options`` ranking :data:`COMPILED` more repairs than ``options.top_k`` (what is left
    of them after :func:`settle` drops those of the first ``COMPILED`` that do not compile)."""
    return replace(options, top_k=options.top_k + COMPILED, compile_check=False)


def variants(text: str, found: UnitRepairs) -> list[str]:
    """``text`` after each repair of ``found`` (ranked :func:`widened`), in order: compiled
    until as many as are shown compile (Commons Lang's ``validIndex``: eight of its first ten
    did not, and the two after them were shown unchecked)."""
    return [apply_edits(text, c.edits) for c in found.candidates]


def settle(found: UnitRepairs, verdicts: Sequence[bool], top_k: int) -> UnitRepairs:
    """``found`` without the repairs whose verdict (in order, one per variant) is False, cut
    to ``top_k``, with the shares of the shorter list: measured again over it (the ranking's
    :func:`~spancopy_core.repair.candidates.shares`); with a detection head, whose calibrated
    probability the repairs shown share, that probability shared among those kept; the beam's
    shares (``ranking="beam"``) do not depend on the list."""
    kept = [c for c, ok in zip(found.candidates, verdicts) if ok]
    kept = (kept + found.candidates[len(verdicts) :])[:top_k]
    if found.unchanged_log_prob is None:  # ranked by the beam
        return replace(found, candidates=kept)
    if found.detection is not None:
        before, after = (math.fsum(c.probability for c in cs) for cs in (found.candidates, kept))
        scale = before / after if after > 0 else 0.0
        return replace(
            found, candidates=[replace(c, probability=c.probability * scale) for c in kept]
        )
    shown, share = shares(kept, found.unchanged_log_prob, found.unit.tokens)
    return replace(found, candidates=shown, unchanged_share=share)


def checked(doc: ParsedText, found: Sequence[UnitRepairs], top_k: int) -> list[UnitRepairs]:
    """The repairs of ``found`` (ranked :func:`widened`) of ``doc`` settled (:func:`settle`)
    on its front-end's verdicts (:meth:`Frontend.compiles`: javac, in the caller's thread, the
    project's classes around ``doc.path``, until ``top_k`` compile; all True where that cannot
    be told), at most ``top_k`` each."""
    text, frontend = doc.text, doc.frontend
    return [
        settle(r, frontend.compiles(text, variants(text, r), doc.path, top_k), top_k) for r in found
    ]
