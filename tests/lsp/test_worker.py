"""The model worker in-process: batching, cache, newest-first order, cancellation, loading."""

from __future__ import annotations

import asyncio
import threading
from pathlib import Path

import pytest
import torch

from lsp_server.worker import (
    BACKGROUND,
    INTERACTIVE,
    Job,
    JobCancelled,
    ModelUnavailable,
    ModelWorker,
)
from spancopy_core.repair.pipeline import RepairOptions
from tests.toy import toy_pairs

OPTIONS = RepairOptions(beam_size=4)
SLOW = RepairOptions(beam_size=200)
LONG = ["int", "METHOD_1", "(", "int", "VAR_1", ")", "{"]
LONG += ["VAR_1", "=", "VAR_1", "+", "1", ";"] * 40 + ["return", "VAR_1", ";", "}"]


@pytest.fixture(autouse=True, scope="module")
def one_torch_thread():
    """The worker thread's torch ops on one thread (two spin-waiting on a busy two-core
    machine are many times slower)."""
    threads = torch.get_num_threads()
    torch.set_num_threads(1)
    yield
    torch.set_num_threads(threads)


@pytest.fixture
async def worker(toy_model: Path):
    w = ModelWorker()
    w.configure(toy_model, "cpu")
    await w.load()
    yield w
    w.close()


def count_jobs(w: ModelWorker) -> list[Job]:
    jobs: list[Job] = []
    submit = w._submit

    async def counting(job: Job):
        jobs.append(job)
        return await submit(job)

    w._submit = counting  # type: ignore[method-assign]
    return jobs


async def wait(event: threading.Event) -> None:
    """Wait for an event set by the worker thread (the limit only keeps a broken test from
    hanging: it is not what the test proves)."""
    assert await asyncio.to_thread(event.wait, 60), "the event never came"


class Held:
    """Every job submitted to ``w`` from now on, observed: the first beam search to reach step
    ``HOLD`` waits there (``held`` is set) until the test sets ``release``, then polls its own
    cancellation flag as the worker made it; ``ended[job]`` is what each job's ``run``
    returned or raised, and ``done[job]`` is set when it ended."""

    HOLD = 3

    def __init__(self, w: ModelWorker) -> None:
        self.held, self.release = threading.Event(), threading.Event()
        self.ended: dict[Job, object] = {}
        self.done: dict[Job, threading.Event] = {}
        self.jobs = count_jobs(w)
        submit = w._submit

        async def observing(job: Job):
            self._observe(job)
            return await submit(job)

        w._submit = observing  # type: ignore[method-assign]

    def _observe(self, job: Job) -> None:
        run, should_stop, self.done[job] = job.run, job.should_stop, threading.Event()

        def holding() -> bool:
            if job.steps + 1 == self.HOLD and not self.held.is_set():
                self.held.set()
                self.release.wait(60)
            return should_stop()

        def recording(j: Job):
            try:
                self.ended[job] = run(j)
            except BaseException as exc:
                self.ended[job] = exc
                raise
            finally:
                self.done[job].set()
            return self.ended[job]

        job.should_stop = holding  # type: ignore[method-assign]
        job.run = recording


async def test_one_batched_job_then_the_cache(worker: ModelWorker):
    (a, _), (b, _) = toy_pairs(2, seed=5)
    jobs = count_jobs(worker)
    first = await worker.decode([tuple(a), tuple(b), tuple(a)], OPTIONS)
    assert len(jobs) == 1 and len(first) == 3 and first[0] == first[2]
    assert all(1 <= len(h) <= 4 for h in first)
    again = await worker.decode([tuple(b)], OPTIONS)
    assert len(jobs) == 1 and again[0] is first[1]
    await worker.decode([tuple(b)], RepairOptions(beam_size=2))
    assert len(jobs) == 2  # other options, other cache key


async def test_newest_first_and_background_last(worker: ModelWorker):
    """While the thread is busy, an interactive job submitted after a background one
    overtakes it, and the newest interactive job goes first."""
    inside, gate, order = threading.Event(), threading.Event(), []

    def block(job: Job) -> None:
        inside.set()
        gate.wait(60)

    blocker = asyncio.ensure_future(worker._submit(Job(block, INTERACTIVE)))
    await wait(inside)  # the thread is now inside the blocker; the others queue
    jobs = []
    for name, priority in (("i1", INTERACTIVE), ("bg", BACKGROUND), ("i2", INTERACTIVE)):
        job = Job(lambda job, n=name: order.append(n), priority)
        jobs.append(asyncio.ensure_future(worker._submit(job)))
        await asyncio.sleep(0)  # the task runs up to its await: the job is queued
    gate.set()
    await asyncio.gather(blocker, *jobs)
    assert order == ["i2", "i1", "bg"]


async def test_cancelling_the_request_stops_the_beam_search(worker: ModelWorker):
    held = Held(worker)
    task = asyncio.ensure_future(worker.decode([tuple(LONG)], SLOW))
    await wait(held.held)  # the beam search is at step HOLD
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task
    held.release.set()
    (job,) = held.jobs
    await wait(held.done[job])
    assert isinstance(held.ended[job], JobCancelled)  # not a result: the search stopped
    assert job.steps == Held.HOLD  # at the first step after the cancellation
    ((a, _),) = toy_pairs(1, seed=6)
    assert (await worker.decode([tuple(a)], OPTIONS))[0]  # the thread serves the next job


async def test_a_newer_version_cancels_running_and_queued_work(worker: ModelWorker):
    uri = "file:///A.java"
    held = Held(worker)
    running = asyncio.ensure_future(worker.decode([tuple(LONG)], SLOW, owner=(uri, 1)))
    await wait(held.held)
    queued = asyncio.ensure_future(worker.decode([tuple(LONG[:-4])], SLOW, owner=(uri, 1)))
    other = asyncio.ensure_future(worker.decode([tuple(LONG[:20])], OPTIONS, owner=("x", 1)))
    await asyncio.sleep(0)  # both are queued
    assert len(held.jobs) == 3
    worker.cancel_older(uri, 1)  # not older: nothing happens
    assert not any(job.cancel.is_set() for job in held.jobs)
    worker.cancel_older(uri, 2)
    held.release.set()
    for fut in (running, queued):
        with pytest.raises(JobCancelled):
            await fut
    first, second, third = held.jobs
    assert isinstance(held.ended[first], JobCancelled) and first.steps == Held.HOLD
    assert second not in held.ended  # dropped from the queue, never run
    assert len((await other)[0]) >= 1 and third in held.ended
    with pytest.raises(JobCancelled):  # work for an old version is refused from now on
        await worker.decode([tuple(LONG[:30])], OPTIONS, owner=(uri, 1))
    worker.cancel_document(uri)  # closed and reopened: versions start again
    assert await worker.decode([tuple(LONG[:30])], OPTIONS, owner=(uri, 1))


async def test_close_stops_everything(worker: ModelWorker):
    held = Held(worker)
    task = asyncio.ensure_future(worker.decode([tuple(LONG)], SLOW))
    await wait(held.held)
    worker.close()
    held.release.set()
    with pytest.raises(JobCancelled):
        await task
    (job,) = held.jobs
    assert isinstance(held.ended[job], JobCancelled) and job.steps == Held.HOLD
    with pytest.raises(JobCancelled):
        await worker.decode([("return", ";")], OPTIONS)


async def test_a_failed_load_is_remembered_until_the_model_changes(
    toy_model: Path, corrupt_model: Path, tmp_path: Path
):
    w = ModelWorker()
    try:
        w.configure(tmp_path / "missing", "cpu")
        jobs = count_jobs(w)
        with pytest.raises(ModelUnavailable, match="not a model directory"):
            await w.load()
        with pytest.raises(ModelUnavailable):
            await w.load()
        assert len(jobs) == 1  # not retried
        assert not w.configure(tmp_path / "missing", "cpu")
        assert w.configure(corrupt_model, "cpu")
        with pytest.raises(ModelUnavailable, match="model.safetensors"):
            await w.load()
        w.configure(toy_model, "cpu")
        vocab = await w.load()
        assert ">=" in vocab and w.vocab is vocab
    finally:
        w.close()


async def test_concurrent_loads_share_one_job(toy_model: Path):
    w = ModelWorker()
    try:
        w.configure(toy_model, "cpu")
        jobs = count_jobs(w)
        a, b = await asyncio.gather(w.load(), w.load())
        assert a is b and len(jobs) == 1
    finally:
        w.close()


async def test_the_heads_judgements_are_cached_until_the_model_changes(
    toy_model: Path, tmp_path: Path
):
    """A cached code action asks the detection head again: the second ask of the same inputs
    runs no model job (an encoder pass), and a new model generation asks afresh."""
    from concurrent.futures import ThreadPoolExecutor

    from lsp_server.repairs import ServerRuntime
    from tests.lsp.test_detection import with_head

    w = ModelWorker()
    w.configure(with_head(toy_model, tmp_path / "head", 10.0), "cpu")  # P = sigmoid(10)
    await w.load()
    runs = []
    run = w.run

    async def counting(*args, **kwargs):
        runs.append(args)
        return await run(*args, **kwargs)

    w.run = counting  # type: ignore[method-assign]
    runtime = ServerRuntime(w, ThreadPoolExecutor(1), INTERACTIVE, ("doc", 1))
    try:
        inputs, focus = [LONG[:20]], [(1,) * 20]
        first = await runtime.detect(inputs, focus)
        assert first is not None and first[0].raw > 0.99
        assert await runtime.detect(inputs, focus) == first and len(runs) == 1
        await runtime.detect(inputs, [None])  # another focus: judged again
        assert len(runs) == 2
        w.unload()
        await w.load()
        await runtime.detect(inputs, focus)
        assert len(runs) == 3
    finally:
        w.close()
