"""The reaper and stranded jobs, on a real Redis: a job a worker took from the queue but
never started (its id left in RQ's intermediate list, or nowhere) is queued again within
the dead-worker bound, and a job that is queued, or that a worker has just taken up, is
left alone.

The stranded state is made as RQ makes it: the submission is stored (back-dated beyond
``abandon_grace``) and enqueued through the :class:`~worker.rqjob.RQRunner`, then its id is
moved from the queue list to the intermediate list with ``LMOVE`` (what a worker's dequeue
does), and a worker's ``prepare_execution`` registers it in the started registry.
"""

from __future__ import annotations

import copy
import functools
import time
from typing import Any

import pytest

from judge.core.canonical import canonical_json
from judge.core.selfplay import random_game
from judge.games.union_arena.sample import sample_envelope

pytestmark = pytest.mark.redis

TTL = 600
#: the settings of these tests: a job counts as stranded after 1 s seen stranded
FAST = {"monitor_interval": 1, "abandon_grace": 1, "reap_interval": 1}


@functools.cache
def _game(seed: str) -> dict[str, Any]:
    return random_game(sample_envelope(seed), seed, max_actions=40)


def service(url: str) -> Any:
    from worker.config import Settings
    from worker.rqbackend import redis_service

    return redis_service(settings=Settings(redis_url=url, result_ttl=TTL, **FAST))


def submitted(svc: Any, seed: str, age: float = 60) -> str:
    """A submission stored ``age`` seconds ago (beyond ``abandon_grace``) and enqueued
    through the runner; its id (also its RQ job's)."""
    from worker.service import Submission

    doc = copy.deepcopy(_game(seed))
    sub = Submission(
        id=f"{seed:0>32}"[-32:],
        content_hash=seed.ljust(64, "h"),
        game="union-arena",
        on_illegal="skip",
        perspective="judge",
        players=["A", "B"],
        submitted_at=time.time() - age,
    )
    svc.store.create(sub, canonical_json(doc), TTL)
    svc.runner.enqueue(sub.id)
    assert svc.runner.queue.job_ids == [sub.id]
    return sub.id


def take(svc: Any) -> str:
    """What a worker's dequeue does: ``LMOVE`` the first id of the queue list to the
    queue's intermediate list (RQ 3, one queue, Redis 6.2 or later)."""
    queue = svc.runner.queue
    job_id = svc.store.client.lmove(queue.key, queue.intermediate_queue_key).decode()
    assert queue.job_ids == [] and queue.intermediate_queue.get_job_ids() == [job_id]
    return job_id


def register(svc: Any, job_id: str) -> Any:
    """What the worker does next, before it forks: register the job's execution in the
    started registry (``Worker.prepare_execution``); the worker, never started."""
    from rq.job import Job

    from worker.rqbackend import make_worker

    worker = make_worker(svc.runner.settings, svc.store.client)
    worker.prepare_execution(Job.fetch(job_id, connection=svc.store.client))
    assert job_id in svc.runner.queue.started_job_registry
    return worker


def heartbeat(svc: Any, worker: Any) -> None:
    """The heartbeat a live worker sends every ``monitor_interval`` for the job it runs:
    its execution's entry in the started registry is due later."""
    execution = worker.execution
    with svc.store.client.pipeline() as pipe:
        ttl = worker.get_heartbeat_ttl(execution.job)
        execution.heartbeat(svc.runner.queue.started_job_registry, ttl, pipeline=pipe)
        pipe.execute()


def reap(svc: Any) -> Any:
    from worker.rqbackend import reap as reap_

    report = reap_(svc.store.client, svc.runner.settings)
    assert report is not None
    return report


def rq_status(svc: Any, job_id: str) -> str:
    from rq.job import Job

    return Job.fetch(job_id, connection=svc.store.client).get_status().value


def after_grace(svc: Any) -> None:
    time.sleep(svc.runner.settings.abandon_grace + 0.1)


def test_a_job_stranded_in_the_intermediate_list_is_queued_again_and_judged(
    redis_url: str, start_workers: Any, wait_for: Any
) -> None:
    svc = service(redis_url)
    queue = svc.runner.queue
    job_id = submitted(svc, "stranded")
    assert take(svc) == job_id
    assert rq_status(svc, job_id) == "queued" and job_id not in queue.started_job_registry
    # seen stranded once: marked, not moved (a worker may be between its LMOVE and
    # registering the job at this very moment)
    first = reap(svc)
    assert first.stranded == [] and first.requeued == []
    assert queue.job_ids == [] and queue.intermediate_queue.get_job_ids() == [job_id]
    after_grace(svc)
    second = reap(svc)  # still stranded abandon_grace later: back in the queue
    assert second.stranded == [job_id] and second.requeued == []
    assert queue.job_ids == [job_id] and queue.intermediate_queue.get_job_ids() == []
    assert rq_status(svc, job_id) == "queued"
    after_grace(svc)
    assert reap(svc).stranded == []  # once
    assert queue.job_ids == [job_id]
    start_workers(1)  # a real `judge worker` takes it from the queue and judges it
    wait_for(lambda: svc.get(job_id).status == "finished", 30, "the stranded job judged")
    done = svc.get(job_id)
    assert done.attempts == 1 and done.summary["steps"] == 40


def test_a_queued_job_is_left_alone(redis_url: str) -> None:
    svc = service(redis_url)
    job_id = submitted(svc, "queued")
    for _ in range(2):
        report = reap(svc)
        assert report.stranded == [] and report.requeued == [] and report.failed == []
        after_grace(svc)
    assert svc.runner.queue.job_ids == [job_id]  # once, where it was
    assert svc.runner.queue.intermediate_queue.get_job_ids() == []
    assert svc.get(job_id).status == "queued"


def test_a_job_a_worker_has_just_taken_up_is_left_alone(redis_url: str) -> None:
    """The race: a reap that looks between a worker's LMOVE and its registering the job
    sees it stranded; once the worker has registered it (it is in the started registry),
    no later reap moves it, however old the submission."""
    svc = service(redis_url)
    queue = svc.runner.queue
    job_id = submitted(svc, "taken")
    assert take(svc) == job_id
    assert reap(svc).stranded == []  # the worker's moment: seen stranded, only marked
    worker = register(svc, job_id)
    for _ in range(2):
        after_grace(svc)
        heartbeat(svc, worker)  # the worker is alive
        report = reap(svc)
        assert report.stranded == [] and report.abandoned == [] and report.requeued == []
    assert queue.job_ids == []  # not queued a second time
    assert queue.intermediate_queue.get_job_ids() == [job_id]  # the job process removes it
    assert job_id in queue.started_job_registry
    assert rq_status(svc, job_id) == "queued"


def test_a_job_whose_worker_died_before_starting_it_is_queued_again_at_once(
    redis_url: str, start_workers: Any, wait_for: Any
) -> None:
    """The worker registered the job and died before its job process marked it started:
    once the registration is past due, RQ's cleanup of the started registry drops it
    without a retry (the job is not marked started), and the same reap queues it again,
    with no second look (the missed heartbeats are the evidence)."""
    svc = service(redis_url)
    queue = svc.runner.queue
    job_id = submitted(svc, "unstarted")
    assert take(svc) == job_id
    register(svc, job_id)
    started = queue.started_job_registry
    entry = svc.store.client.zrange(started.key, 0, -1)[0]
    svc.store.client.zadd(started.key, {entry: time.time() - 1})  # past due: no heartbeat
    report = reap(svc)
    assert report.abandoned == [job_id] and report.stranded == [job_id]
    assert queue.job_ids == [job_id] and queue.intermediate_queue.get_job_ids() == []
    assert job_id not in started
    start_workers(1)
    wait_for(lambda: svc.get(job_id).status == "finished", 30, "the job judged")
    assert svc.get(job_id).attempts == 1


@pytest.mark.parametrize("status", ["queued", "started"])
def test_a_job_in_neither_the_queue_nor_a_registry_is_queued_again(
    redis_url: str, status: str
) -> None:
    """Nowhere at all (a lost write, or a worker that pops without LMOVE): the same rule."""
    from rq.job import Job, JobStatus

    svc = service(redis_url)
    queue = svc.runner.queue
    job_id = submitted(svc, f"nowhere-{status}")
    svc.store.client.lrem(queue.key, 0, job_id)
    Job.fetch(job_id, connection=svc.store.client).set_status(JobStatus(status))
    if status == "started":  # as the store says once the job process began it
        sub = svc.get(job_id)
        sub.status, sub.started_at, sub.attempts = "started", time.time(), 1
        svc.store.update(sub)
    assert reap(svc).stranded == []
    after_grace(svc)
    assert reap(svc).stranded == [job_id]
    assert queue.job_ids == [job_id] and rq_status(svc, job_id) == "queued"
    assert svc.get(job_id).status == "queued"


@pytest.mark.parametrize("length", [30, 2_100])
def test_the_queued_ids_are_told_apart_from_a_short_and_a_long_queue(
    redis_url: str, length: int
) -> None:
    """``_not_queued`` reads a short queue whole (one ``LRANGE``) and asks a long one about
    few ids with ``LPOS``: the same answer either way."""
    import redis
    from rq import Queue

    from worker.reaper import LRANGE_UP_TO, _not_queued

    client = redis.Redis.from_url(redis_url)
    queue = Queue("lookup", connection=client)
    queued = [f"q{i:05d}" for i in range(length)]
    client.rpush(queue.key, *queued)
    asked = [queued[0], queued[-1], "missing-1", "missing-2"]
    assert (length > LRANGE_UP_TO) == (length == 2_100)  # one case for each way
    before = client.info("commandstats").get("cmdstat_lpos", {}).get("calls", 0)
    assert _not_queued(client, queue, asked) == {"missing-1", "missing-2"}
    lpos = client.info("commandstats").get("cmdstat_lpos", {}).get("calls", 0) - before
    assert lpos == (len(asked) if length > LRANGE_UP_TO else 0)
