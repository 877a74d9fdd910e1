"""The server's repair service: the repair runner of :mod:`spancopy_core.repair.runner` on the
server's threads, with its caches: model work on the model's :class:`~.worker.ModelWorker`,
CPU work on the server's CPU thread (:class:`ServerRuntime`), ranked repairs cached by
:class:`~spancopy_core.repair.runner.RankKey`; :class:`RepairService` also says which model
serves a focus and which units are short enough, and :meth:`RepairService.reload` drops the
models and what was computed with them.
Design notes: docs/design.md#lsp-server-repairs.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable, Hashable, Sequence
from concurrent.futures import Executor
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, NamedTuple, TypeVar

from spancopy_core.paper.actions import Hypothesis
from spancopy_core.paper.vocab import Vocabulary
from spancopy_core.repair import compile_check, pipeline, runner
from spancopy_core.repair.frontend import Frontend, Unit
from spancopy_core.repair.pipeline import ParsedText, RepairOptions, UnitRepairs
from spancopy_core.repair.prose import ProseFrontend, ProseSettings, warm

from .documents import Snapshot
from .lru import LruCache
from .models import Models
from .settings import SECTION, ServerSettings
from .worker import INTERACTIVE, CompileWorker, JobCancelled, ModelUnavailable, ModelWorker

if TYPE_CHECKING:
    from spancopy_core.paper.detection import Detection

T = TypeVar("T")

# Ranked repairs of 256 units: a few dozen lightbulb positions in several open files.
RANKED_CACHE_SIZE = 256
# Seconds of compiling (java.compileCheck) a request waits for, asked for explicitly or
# automatically; the repairs not judged by then are offered unchecked.
COMPILE_BUDGET_S, AUTOMATIC_COMPILE_BUDGET_S = 1.0, 0.3


class DocumentVersion(NamedTuple):
    """The document part of a :class:`~spancopy_core.repair.runner.RankKey`: the text (an
    opening and version of a document) and the model (a front-end, what the user set of it,
    and the model's generation)."""

    frontend: str
    generation: int
    key: str
    opening: int
    version: int
    prose: ProseSettings | None = None


class Served(NamedTuple):
    """What serves a focus: the snapshot (the prose of a Java comment there, or the document),
    its units at the focus, and those short enough to decode."""

    snap: Snapshot
    units: list[Unit]
    decodable: list[Unit]


@dataclass
class ServerRuntime:
    """The runner's :class:`~spancopy_core.repair.runner.Runtime` in the server: model work on
    ``worker``'s thread at ``priority`` for ``owner`` (a document version: a newer one cancels
    it), CPU work on ``cpu``."""

    worker: ModelWorker
    cpu_executor: Executor
    priority: int
    owner: tuple[str, int]
    on_step: Callable[[int], None] | None = None

    async def decode(
        self,
        inputs: Sequence[Sequence[str]],
        focus: Sequence[tuple[int, ...] | None],
        options: RepairOptions,
    ) -> list[list[Hypothesis]]:
        return await self.worker.decode(
            [tuple(x) for x in inputs],
            options,
            priority=self.priority,
            owner=self.owner,
            on_step=self.on_step,
            focus=focus,
        )

    async def score(
        self, items: Sequence[runner.ScoreItem], edits: Sequence[Any] | None = None
    ) -> list[float]:
        assert edits is None, "repairs are scored without an edit"
        if not items:
            return []
        return await self.worker.score(items, priority=self.priority, owner=self.owner)

    async def cpu(self, work: Callable[[], T]) -> T:
        return await asyncio.get_running_loop().run_in_executor(self.cpu_executor, work)

    async def detect(
        self,
        inputs: Sequence[Sequence[str]],
        focus: Sequence[tuple[int, ...] | None],
        unchanged: Sequence[float | None] | None = None,
    ) -> list[Detection] | None:
        def work(model: Any, should_stop: Callable[[], bool]) -> list[Detection] | None:
            from spancopy_core.paper.detection import detect  # imports torch

            return detect(model, inputs, focus, unchanged)

        worker = self.worker
        key = (worker.generation, tuple(map(tuple, inputs)), tuple(focus))
        found = worker.detections.get(key)
        if found is None:
            found = await worker.run(work, priority=self.priority, owner=self.owner)
            if found is not None and key[0] == worker.generation:
                worker.detections.put(key, found)
        return found


class RepairService:
    """The repairs of the open documents: models, the CPU thread and the ranked repairs' cache."""

    def __init__(
        self,
        models: Models,
        cpu: Executor,
        settings: Callable[[], ServerSettings],
        log_once: Callable[..., None],
        prose: Callable[[], ProseSettings] = ProseSettings,
    ) -> None:
        self.models = models
        self.cpu = cpu
        self._settings = settings
        self._log_once = log_once
        self._prose = prose  # what the user set of prose mode
        self.ranked: LruCache[runner.RankKey, runner.Ranked] = LruCache(RANKED_CACHE_SIZE)
        self.compiler = CompileWorker()  # started at its first check

    def close(self) -> None:
        """Stop the compiler (the models are :class:`Models`')."""
        self.compiler.close()

    def reload(self) -> None:
        """Drop every model (each loads again on its next use) and the repairs made with them."""
        self.models.unload()
        self.ranked.clear()

    def prepare(self, frontend: Frontend | None) -> None:
        """Start, in the background, what the first request on a document of ``frontend``
        (None: no language of ours) would wait for: for prose (prose mode on), its model, the
        lexicon and Harper's rules (:func:`~spancopy_core.repair.prose.warm`). A first sentence
        asked five seconds after its document opened waited 1.3 s, now 0.2 s. Java's model
        loads once the server is initialised."""
        if frontend is not None and frontend.model == "prose" and self._settings().prose_enable:
            self.models.preload("prose")
            asyncio.get_running_loop().run_in_executor(self.cpu, warm)

    async def serving(
        self, snap: Snapshot, focus: pipeline.Focus
    ) -> tuple[Snapshot, Vocabulary] | None:
        """The snapshot that serves ``focus`` and its model's vocabulary: the prose of a Java
        comment there (unless ``prose.javaComments`` is off), else ``snap`` (also when the
        prose model cannot be loaded); None when no model serves it (prose with
        ``prose.enable`` off, a model that cannot be loaded)."""
        settings = self._settings()
        prose = settings.prose_enable
        views = [snap]
        if prose and settings.prose_java_comments:
            inner = pipeline.view(snap.doc, focus)
            if inner is not snap.doc:
                views.insert(0, replace(snap, doc=inner))
        for view in views:
            kind = view.doc.frontend.model
            if (prose or kind != "prose") and (vocab := await self.models.vocab(kind)):
                return view, vocab
        return None

    async def at(self, snap: Snapshot, focus: pipeline.Focus) -> Served | None:
        """What serves ``focus``; None when no model serves it (see :meth:`serving`)."""
        if (served := await self.serving(snap, focus)) is None:
            return None
        view, vocab = served
        found = self.units(view, vocab, focus)
        return Served(view, found, self.decodable(view, found))

    def units(self, snap: Snapshot, vocab: Vocabulary, focus: pipeline.Focus | None) -> list[Unit]:
        """The units of ``snap`` at ``focus`` (None: every outermost one), with the context
        segments its model reads."""
        snap = self.configured(snap)
        context = self.models[snap.doc.frontend.model].context
        options = self._settings().repair_options()
        return pipeline.units(snap.doc, vocab, focus, context=context, options=options)

    def configured(self, snap: Snapshot) -> Snapshot:
        """``snap``, its prose (if it is prose) read as the user set prose mode (Harper's
        dialect and rules, the words never changed)."""
        frontend = snap.doc.frontend
        if not isinstance(frontend, ProseFrontend):
            return snap
        prose = frontend.configured(self._prose())
        return snap if prose is frontend else replace(snap, doc=replace(snap.doc, frontend=prose))

    def decodable(self, snap: Snapshot, units: list[Unit]) -> list[Unit]:
        """The units short enough to decode, or with a likely bug whose fix they score
        (:func:`pipeline.within_limit`; the others are skipped with a log message)."""
        settings = self._settings()
        kept, skipped = pipeline.within_limit(units, settings.repair_options(), snap.doc.frontend)
        for u in skipped:
            self._log_once(
                ("long", snap.uri, u.name, len(u.tokens)),
                "%s: %s %s skipped: %d tokens > %s.maxMethodTokens = %d",
                snap.uri,
                snap.doc.frontend.unit_kind,
                u.name,
                len(u.tokens),
                SECTION,
                settings.max_method_tokens,
            )
        return kept

    async def repairs(
        self,
        snap: Snapshot,
        units: list[Unit],
        *,
        widen: int = 1,
        priority: int = INTERACTIVE,
        on_step: Callable[[int], None] | None = None,
        focus: pipeline.Focus | None = None,
        automatic: bool | None = False,
        only_confident: bool = False,
    ) -> list[UnitRepairs]:
        """The runner on ``units`` told ``focus`` (a beam ``widen`` times as wide), Java repairs
        compiled for an interactive request as ``java.compileCheck`` says (``automatic``: the
        editor asked by itself; None: the client did not say); ``only_confident`` (a caller
        that shows only what :func:`runner.confident` passes): the units that the detection
        head rules out are not searched. Raises :class:`JobCancelled` when a newer version of
        the document arrived or the model was reloaded meanwhile."""
        snap = self.configured(snap)
        frontend, kind = snap.doc.frontend, snap.doc.frontend.model
        worker = self.models[kind]
        options = replace(self._settings().repair_options(widen, kind), penalties=worker.penalties)
        checked = kind == "java" and priority == INTERACTIVE
        checked = checked and self._settings().compile_check(automatic)
        ranks = compile_check.widened(options) if checked else options
        if checked:
            self.compiler.prepare(snap.doc.text, snap.doc.path)  # meanwhile
        prose = frontend.settings if isinstance(frontend, ProseFrontend) else None
        document: Hashable = DocumentVersion(
            frontend.name, worker.generation, snap.key, snap.opening, snap.version, prose
        )
        runtime = ServerRuntime(worker, self.cpu, priority, (snap.key, snap.version), on_step)
        try:
            found = await runner.run(
                runtime,
                snap.doc,
                units,
                ranks,
                focus=focus,
                known=worker.vocab or (),
                cache=self.ranked,
                document=document,
                rules=worker.rules,
                only_confident=only_confident,
            )
        except ModelUnavailable:  # unloaded under the request (spancopy.reloadModel, settings)
            raise JobCancelled() from None
        if not checked:
            return found
        return await self.compiled(snap.doc, found, options.top_k, automatic, focus)

    async def compiled(
        self,
        doc: ParsedText,
        found: list[UnitRepairs],
        top_k: int,
        automatic: bool | None,
        focus: pipeline.Focus | None,
    ) -> list[UnitRepairs]:
        """``found`` (ranked :func:`~spancopy_core.repair.compile_check.widened`), each unit's
        first ``top_k`` repairs after which ``doc`` still compiles, checked within the time
        budget of the request (:mod:`spancopy_core.repair.compile_check`); for an
        ``automatic`` request at ``focus`` only the units it shows (:meth:`automatic`), the
        others cut."""
        budget = AUTOMATIC_COMPILE_BUDGET_S if automatic is not False else COMPILE_BUDGET_S
        deadline = time.monotonic() + budget
        text = doc.text
        out = []
        for r in found:
            unchecked = compile_check.settle(r, [], top_k)
            if automatic and not self.automatic([unchecked], doc, focus):
                out.append(unchecked)  # not shown: nothing to compile
                continue
            variants = compile_check.variants(text, r)
            left = max(0.0, deadline - time.monotonic())
            verdicts = await self.compiler.check(text, variants, left, top_k, doc.path)
            out.append(compile_check.settle(r, verdicts, top_k))
        return out

    def automatic(
        self, found: list[UnitRepairs], doc: ParsedText, focus: pipeline.Focus | None
    ) -> list[UnitRepairs]:
        """What an automatic code action request (the cursor moved) at ``focus`` of ``doc``
        shows of ``found``: the units whose most likely repair is at least
        ``automaticMinRatio`` times as likely as the unit as written, or, for a model with a
        detection head, those of the head's rule, where a repair shown edits the focus lines
        and more than modifiers (:func:`spancopy_core.repair.runner.confident`)."""
        ratio = self._settings().automatic_min_ratio
        return [r for r in found if runner.confident(r, ratio, doc, focus)]
