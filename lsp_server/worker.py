"""The model worker: one dedicated thread that loads the model and runs every beam search.
Event-loop callers ``await`` jobs taken from a priority heap (newest first among equals); a job
is cancelled within one search step by its :class:`threading.Event` (``$/cancelRequest``, a
newer document version, shutdown), and an LRU cache keyed by :class:`DecodeKey` answers
repeated requests without touching the thread. Beside it, :class:`CompileWorker`: javac on a
thread of its own, for the compile check of Java repairs.
Design notes: docs/design.md#lsp-server-worker.
"""

from __future__ import annotations

import asyncio
import heapq
import itertools
import logging
import os
import threading
from collections.abc import Callable, Hashable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, NamedTuple, TypeVar

from spancopy_core.lang.java import compiler
from spancopy_core.paper.actions import Hypothesis
from spancopy_core.paper.vocab import Vocabulary
from spancopy_core.repair import pipeline
from spancopy_core.repair.frontend import Penalties
from spancopy_core.repair.pipeline import RepairOptions
from spancopy_core.repair.project_rules import Rules, RulesError, load_penalties, load_rules
from spancopy_core.repair.runner import ScoreItem
from spancopy_core.storage.model_dir import kind_mismatch, model_kind

from .lru import LruCache

log = logging.getLogger(__name__)

INTERACTIVE, BACKGROUND = 0, 1  # job priorities: code actions and commands, diagnostics
_LOAD, _STOP = -1, -2

T = TypeVar("T")


class DecodeKey(NamedTuple):
    """What the hypotheses of one input depend on."""

    generation: int  # of the model
    tokens: tuple[str, ...]  # the model input
    focus: tuple[int, ...] | None  # its focus ids
    beam_size: int | None
    decoding: str


def use_torch_threads() -> int:
    """Set torch's intra-op threads for decoding (1 unless ``OMP_NUM_THREADS`` is set)."""
    import torch

    if "OMP_NUM_THREADS" not in os.environ:
        torch.set_num_threads(1)
    return torch.get_num_threads()


class ModelUnavailable(Exception):
    """The model could not be loaded (missing or corrupt directory, bad device)."""


class JobCancelled(Exception):
    """The job was cancelled before or while it ran (its beam search stopped)."""


@dataclass(eq=False)
class Job:
    """A unit of work for the model thread; ``run`` gets the job (for ``should_stop``)."""

    run: Callable[[Job], Any]
    priority: int
    owner: tuple[str, int] | None = None  # (uri, version) of the document it serves
    on_step: Callable[[int], None] | None = None  # called on the event loop at each step
    cancel: threading.Event = field(default_factory=threading.Event)
    future: asyncio.Future | None = None
    loop: asyncio.AbstractEventLoop | None = None
    steps: int = 0

    def should_stop(self) -> bool:
        """Polled by the beam search once per step."""
        self.steps += 1
        if self.on_step is not None and self.loop is not None:
            self.loop.call_soon_threadsafe(self.on_step, self.steps)
        return self.cancel.is_set()


class ModelWorker:
    """The model, its thread, its queue and its result cache."""

    # The beams of 1,024 inputs (each a few kB of hypotheses): every method of a few large
    # files, so moving the cursor back to a method never decodes it again.
    def __init__(self, cache_size: int = 1024, serves: tuple[str, bool] | None = None) -> None:
        # (language, edit model?) of the models this worker may load; None: any
        self.serves = serves
        self.model_dir: Path | None = None
        self.device = "auto"
        self.generation = 0  # bumped whenever the model is dropped; part of every cache key
        self.vocab: Vocabulary | None = None  # set once the current model is loaded
        # whether the current model reads a context segment (spancopy_core.paper.context), once
        # loaded
        self.context = False
        # the rewrite rules mined from a project's history that its adapted model's directory
        # holds (spancopy_core.repair.project_rules), once loaded
        self.rules: Rules = ()
        self.penalties: Penalties | None = None  # the ranking's, refit on the project's history
        self.error: ModelUnavailable | None = None  # why the current model failed to load
        self.cache: LruCache[DecodeKey, list[Hypothesis]] = LruCache(cache_size)
        # the detection head's judgements of a batch of inputs (generation, inputs, focus ids):
        # an encoder pass per request otherwise, ten times a cached request's cost
        self.detections: LruCache[Hashable, list[Any] | None] = LruCache(cache_size)
        self._loading: asyncio.Future[Vocabulary] | None = None
        self._model: tuple[int, Any] | None = None  # (generation, model): worker thread only
        self._heap: list[tuple[int, int, Job]] = []
        self._cond = threading.Condition()
        self._seq = itertools.count()
        self._active: set[Job] = set()  # queued or running; touched on the event loop only
        self._latest: dict[str, int] = {}  # newest version of each document seen
        self._thread: threading.Thread | None = None
        self._closed = False

    # -- model -----------------------------------------------------------------------------
    def configure(self, model_dir: Path, device: str) -> bool:
        """Serve ``model_dir`` on ``device`` from now on; True if that changes the model."""
        if (model_dir, device) == (self.model_dir, self.device):
            return False
        self.model_dir, self.device = model_dir, device
        self.unload()
        return True

    def unload(self) -> None:
        """Forget the model (it is loaded again on the next request) and the cache."""
        self.generation += 1
        self._model = None
        self.vocab = None
        self.context = False
        self.rules, self.penalties = (), None
        self.error = None
        self._loading = None
        self.cache.clear()
        self.detections.clear()

    async def load(self) -> Vocabulary:
        """The vocabulary of the current model, loading it first if needed (one load is
        shared by every caller). Raises :class:`ModelUnavailable`."""
        if self.vocab is not None:
            return self.vocab
        if self.error is not None:
            raise self.error
        if self._loading is None:
            generation, model_dir, device = self.generation, self.model_dir, self.device
            job = Job(lambda job: self._load(generation, model_dir, device), _LOAD)
            self._loading = asyncio.ensure_future(self._submit(job))
        loading = self._loading
        try:
            vocab = await asyncio.shield(loading)
        except ModelUnavailable as exc:
            if loading is self._loading:
                self.error = exc
            raise
        if loading is self._loading:
            self.vocab = vocab
        return vocab

    def _load(self, generation: int, model_dir: Path | None, device: str) -> Vocabulary:
        """Worker thread: load the model (importing torch on first use)."""
        if model_dir is None:
            raise ModelUnavailable("no model directory configured")
        if generation != self.generation:
            raise ModelUnavailable("superseded by a newer model")
        from spancopy_core.storage.checkpoint import CheckpointError, DeviceError, load_model

        threads = use_torch_threads()
        try:
            if self.serves is not None:
                language, edit = self.serves
                why = kind_mismatch(model_kind(model_dir), language, edit=edit)
                if why is not None:
                    raise ModelUnavailable(f"{model_dir} is {why}")
            model = load_model(model_dir, device=device)
            rules, penalties = load_rules(model_dir), load_penalties(model_dir)
        except (CheckpointError, DeviceError, RulesError) as exc:
            raise ModelUnavailable(str(exc)) from exc
        self._model = (generation, model)
        if generation == self.generation:
            self.context, self.rules, self.penalties = model.config.context, rules, penalties
        log.info("Loaded model %s on %s (%d torch threads)", model_dir, model.device, threads)
        return model.vocab

    # -- decoding --------------------------------------------------------------------------
    async def decode(
        self,
        inputs: Sequence[tuple[str, ...]],
        options: RepairOptions,
        *,
        priority: int = INTERACTIVE,
        owner: tuple[str, int] | None = None,
        on_step: Callable[[int], None] | None = None,
        focus: Sequence[tuple[int, ...] | None] | None = None,
    ) -> list[list[Hypothesis]]:
        """Hypotheses of every input (with its focus ids, :mod:`spancopy_core.paper.focus`), from
        the cache or from one batched beam search.

        Raises :class:`JobCancelled` when the job was cancelled (a newer document version,
        shutdown), ``ModelUnavailable`` when the model is not loaded."""
        generation = self.generation
        ids = list(focus) if focus is not None else [None] * len(inputs)
        keys = [
            DecodeKey(generation, tuple(x), f, options.beam_size, options.decoding)
            for x, f in zip(inputs, ids, strict=True)
        ]
        found = {k: self.cache.get(k) for k in keys}
        missing = [k for k, v in found.items() if v is None]
        if missing:
            tokens = [list(k.tokens) for k in missing]
            foci = [k.focus for k in missing]
            job = Job(
                lambda job: self._decode(generation, tokens, foci, options, job),
                priority,
                owner,
                on_step,
            )
            results = await self._submit(job)
            for key, hyps in zip(missing, results, strict=True):
                found[key] = hyps
                if generation == self.generation:
                    self.cache.put(key, hyps)
        return [found[k] or [] for k in keys]

    def _decode(
        self,
        generation: int,
        inputs: list[list[str]],
        focus: list[tuple[int, ...] | None],
        options: RepairOptions,
        job: Job,
    ) -> list[list[Hypothesis]]:
        """Worker thread: batched beam searches."""
        from spancopy_core.paper.decoding import DecodingCancelled

        model = self._current(generation)
        try:
            return pipeline.decode(model, inputs, options, should_stop=job.should_stop, focus=focus)
        except DecodingCancelled:
            raise JobCancelled() from None

    async def score(
        self,
        items: Sequence[ScoreItem],
        *,
        priority: int = INTERACTIVE,
        owner: tuple[str, int] | None = None,
    ) -> list[float]:
        """The model's exact log-probability of each (input, focus ids, output) item
        (:func:`spancopy_core.paper.scoring.log_probs`), in one job. Raises as :meth:`decode`."""
        if not items:
            return []
        generation = self.generation

        def run(job: Job) -> list[float]:
            from spancopy_core.paper.scoring import log_probs

            return log_probs(self._current(generation), items)

        return await self._submit(Job(run, priority, owner))

    async def run(
        self,
        work: Callable[[Any, Callable[[], bool]], T],
        *,
        priority: int = INTERACTIVE,
        owner: tuple[str, int] | None = None,
        on_step: Callable[[int], None] | None = None,
    ) -> T:
        """``work(model, should_stop)`` on the model thread, in one job (the similar edits of
        :mod:`spancopy_core.repair.similar`, which decode and score in one go). Raises as
        :meth:`decode`."""
        generation = self.generation

        def run(job: Job) -> T:
            from spancopy_core.paper.decoding import DecodingCancelled

            try:
                return work(self._current(generation), job.should_stop)
            except DecodingCancelled:
                raise JobCancelled() from None

        return await self._submit(Job(run, priority, owner, on_step))

    def _current(self, generation: int) -> Any:
        """Worker thread: the loaded model of ``generation``."""
        current = self._model
        if current is None or current[0] != generation:
            raise ModelUnavailable("the model was unloaded")
        return current[1]

    def cancel_older(self, uri: str, version: int) -> None:
        """Cancel the jobs serving versions of ``uri`` older than ``version`` (and refuse
        such jobs from now on)."""
        self._latest[uri] = max(version, self._latest.get(uri, version))
        for job in self._active:
            if job.owner is not None and job.owner[0] == uri and job.owner[1] < version:
                job.cancel.set()

    def cancel_document(self, uri: str) -> None:
        """Cancel every job serving ``uri`` (the document was closed)."""
        self._latest.pop(uri, None)
        for job in self._active:
            if job.owner is not None and job.owner[0] == uri:
                job.cancel.set()

    @property
    def closed(self) -> bool:
        """Whether :meth:`close` was called."""
        return self._closed

    def close(self, wait: float = 0.0) -> bool:
        """Cancel everything and stop the thread (a decode in flight stops within a step),
        waiting up to ``wait`` seconds for it to end; whether it has (a load runs to its
        end)."""
        if not self._closed:
            self._closed = True
            for job in self._active:
                job.cancel.set()
            with self._cond:
                heapq.heappush(self._heap, (_STOP, 0, Job(lambda job: None, _STOP)))  # first out
                self._cond.notify()
        if self._thread is not None:
            self._thread.join(wait)
        return self._thread is None or not self._thread.is_alive()

    # -- the thread ------------------------------------------------------------------------
    async def _submit(self, job: Job) -> Any:
        stale = job.owner is not None and job.owner[1] < self._latest.get(job.owner[0], -1)
        if self._closed or stale:
            raise JobCancelled()
        job.loop = asyncio.get_running_loop()
        job.future = job.loop.create_future()
        self._active.add(job)
        if self._thread is None:
            self._thread = threading.Thread(target=self._serve, name="spancopy-model", daemon=True)
            self._thread.start()
        with self._cond:
            heapq.heappush(self._heap, (job.priority, -next(self._seq), job))
            self._cond.notify()
        try:
            return await job.future
        except asyncio.CancelledError:
            job.cancel.set()  # the beam search stops at its next step
            raise
        finally:
            self._active.discard(job)

    def _serve(self) -> None:
        while True:
            with self._cond:
                while not self._heap:
                    self._cond.wait()
                priority, _, job = heapq.heappop(self._heap)
            if priority == _STOP:
                return
            if job.cancel.is_set():
                self._finish(job, None, JobCancelled())
                continue
            try:
                result, error = job.run(job), None
            except BaseException as exc:  # delivered to the awaiting task
                result, error = None, exc
            self._finish(job, result, error)

    @staticmethod
    def _finish(job: Job, result: Any, error: BaseException | None) -> None:
        def deliver() -> None:
            assert job.future is not None
            if job.future.done():  # the awaiting task was cancelled
                return
            if error is not None:
                job.future.set_exception(error)
            else:
                job.future.set_result(result)

        assert job.loop is not None
        try:
            job.loop.call_soon_threadsafe(deliver)
        except RuntimeError:  # the event loop is closed: nobody is waiting any more
            pass


class CompileWorker:
    """javac for the server (:class:`~spancopy_core.lang.java.compiler.Compiler`) on a thread
    of its own, both started at the first check. A check answers within its budget: what is not
    judged by then counts as compiling, while the compiler goes on in the background (its
    verdicts remembered, its JVM warm for the next request); it never raises. Without a JDK
    nothing is compiled, and the log says so once."""

    def __init__(self) -> None:
        self.compiler = compiler.Compiler()
        self._executor: ThreadPoolExecutor | None = None
        self._closed = False
        self._told = False  # whether the log said why nothing is compiled

    async def check(
        self,
        text: str,
        variants: Sequence[str],
        budget_s: float,
        wanted: int | None = None,
        path: str | None = None,
    ) -> list[bool]:
        """:meth:`~spancopy_core.lang.java.compiler.Compiler.check` (of the file ``path``, if
        any: javac finds the project's other classes from it): remembered verdicts at once,
        else from the thread within ``budget_s`` seconds (all True after that); all True at
        once while whether ``text`` itself can be checked is not known yet (:meth:`prepare`: a
        request waits for no compile of the file as written, the next one finds it)."""
        unchecked = [True] * len(variants)
        if self._closed or not variants or not self._usable():
            return unchecked
        root = compiler.source_root(path, text)
        if not self.compiler.checkable(text, root):
            return unchecked  # cannot be checked, or not known yet
        known = self.compiler.remembered(text, variants, wanted, root)
        if known is not None:
            return known
        loop = asyncio.get_running_loop()
        job = loop.run_in_executor(
            self._thread(), self.compiler.check, text, variants, budget_s, wanted, root
        )
        try:
            return await asyncio.wait_for(asyncio.shield(job), budget_s)
        except TimeoutError:
            return unchecked
        except Exception as exc:  # a compile check never costs the user their repairs
            log.warning("Java repairs not compiled: %s", exc)
            return unchecked

    def prepare(self, text: str, path: str | None = None) -> None:
        """Compile ``text`` (of the file ``path``, if any) on the thread, not waited for:
        whether it compiles is known by the time its repairs are ranked and checked."""
        root = compiler.source_root(path, text)
        if not self._closed and self._usable() and self.compiler.known(text, root) is None:
            self._thread().submit(self.compiler.prepare, text, compiler.BUDGET_S, root)

    def _thread(self) -> ThreadPoolExecutor:
        if self._executor is None:
            self._executor = ThreadPoolExecutor(1, thread_name_prefix="spancopy-javac")
        return self._executor

    def _usable(self) -> bool:
        """Whether javac can run (a JDK, a helper that compiled); logged once when not."""
        why = None if compiler.available() else "no JDK (javac and java) on PATH"
        why = why or self.compiler.broken
        if why is not None and not self._told:
            self._told = True
            log.info("Java repairs are not compiled: %s", why)
        return why is None

    def close(self) -> None:
        """Stop the thread and the JVM (no check compiles anything after this)."""
        self._closed = True
        if self._executor is not None:
            self._executor.shutdown(wait=False, cancel_futures=True)
        self.compiler.close()
