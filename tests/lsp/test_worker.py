"""The model worker in-process: batching, cache, newest-first order, cancellation, loading."""

from __future__ import annotations

import asyncio
import threading
import time
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
    gate, order = threading.Event(), []
    blocker = asyncio.ensure_future(worker._submit(Job(lambda job: gate.wait(5), INTERACTIVE)))
    await asyncio.sleep(0.05)  # the thread is now inside the blocker
    jobs = []
    for name, priority in (("i1", INTERACTIVE), ("bg", BACKGROUND), ("i2", INTERACTIVE)):
        jobs.append(
            asyncio.ensure_future(
                worker._submit(Job(lambda job, n=name: order.append(n), priority))
            )
        )
        await asyncio.sleep(0.01)
    gate.set()
    await asyncio.gather(blocker, *jobs)
    assert order == ["i2", "i1", "bg"]


async def test_cancelling_the_request_stops_the_beam_search(worker: ModelWorker):
    task = asyncio.ensure_future(worker.decode([tuple(LONG)], SLOW))
    await asyncio.sleep(0.3)
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task
    t0 = time.perf_counter()
    ((a, _),) = toy_pairs(1, seed=6)
    await worker.decode([tuple(a)], OPTIONS)  # runs as soon as the long search stopped
    assert time.perf_counter() - t0 < 2.0


async def test_a_newer_version_cancels_running_and_queued_work(worker: ModelWorker):
    uri = "file:///A.java"
    running = asyncio.ensure_future(worker.decode([tuple(LONG)], SLOW, owner=(uri, 1)))
    await asyncio.sleep(0.2)
    queued = asyncio.ensure_future(worker.decode([tuple(LONG[:-4])], SLOW, owner=(uri, 1)))
    other = asyncio.ensure_future(worker.decode([tuple(LONG[:20])], OPTIONS, owner=("x", 1)))
    await asyncio.sleep(0.05)
    worker.cancel_older(uri, 1)  # not older: nothing happens
    assert not running.done()
    t0 = time.perf_counter()
    worker.cancel_older(uri, 2)
    for fut in (running, queued):
        with pytest.raises(JobCancelled):
            await fut
    assert time.perf_counter() - t0 < 1.0
    assert len((await other)[0]) >= 1
    with pytest.raises(JobCancelled):  # work for an old version is refused from now on
        await worker.decode([tuple(LONG[:30])], OPTIONS, owner=(uri, 1))
    worker.cancel_document(uri)  # closed and reopened: versions start again
    assert await worker.decode([tuple(LONG[:30])], OPTIONS, owner=(uri, 1))


async def test_close_stops_everything(worker: ModelWorker):
    task = asyncio.ensure_future(worker.decode([tuple(LONG)], SLOW))
    await asyncio.sleep(0.2)
    worker.close()
    with pytest.raises(JobCancelled):
        await task
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
