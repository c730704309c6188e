"""Workers ride out a Redis over its ``maxmemory`` (``noeviction``) in their own processes.

Another client takes a private ``redis-server`` of 8 MB past its limit while two real
``judge worker`` processes hold jobs (``JUDGE_TEST_FAULT=sleep``) and more wait in the
queue.  Redis then refuses every write that may grow it, RQ's bookkeeping included; before
:mod:`worker.full_redis` each worker process exited on ``OutOfMemoryError`` and was
restarted every 1 to 16 s by its supervisor, the jobs it held were left ``started`` and
the queued ones stayed queued until memory freed.  Here the worker processes stay the
same, their jobs stay alive (a heartbeat refreshed in place: the reaper does not take them
for abandoned), and once the filler's keys are deleted every job ends finished.
"""

from __future__ import annotations

import os
import signal
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from redis import exceptions as rexc

from judge.core.canonical import canonical_json
from judge.core.selfplay import random_game
from judge.games.union_arena.sample import sample_envelope
from worker.redis_store import StoreFull
from worker.testing import (
    FAST,
    REDIS_SERVER,
    RedisServer,
    Workers,
    memory_bound_redis,
    wait_until,
)

MAXMEMORY = 8 * 1024 * 1024
SLEEP = 3  # each job's first attempt sleeps this long: Redis fills while the workers hold them


@pytest.fixture
def tiny_redis(tmp_path: Path) -> Iterator[RedisServer]:
    if REDIS_SERVER is None:
        pytest.skip("redis-server is not installed: the Redis backend tests need a real Redis")
    with memory_bound_redis(tmp_path, MAXMEMORY) as server:
        yield server


def a_log(seed: str) -> str:
    return canonical_json(random_game(sample_envelope(seed), seed, max_actions=300))


def fill_past_the_limit(client: Any) -> None:
    """Another client's keys until Redis refuses them, then one of 2 MB written while the
    limit is lifted for a moment: Redis ends well past ``maxmemory`` (as one big write just
    under the limit leaves it), so that what the jobs delete frees too little."""
    n = 0
    with pytest.raises(rexc.OutOfMemoryError):
        while n < 10_000:
            client.set(f"filler:{n}", os.urandom(100_000))
            n += 1
    client.config_set("maxmemory", 0)
    client.set("filler:big", os.urandom(2_000_000))
    client.config_set("maxmemory", MAXMEMORY)
    assert client.info("memory")["used_memory"] > MAXMEMORY + 1_000_000
    with pytest.raises(rexc.OutOfMemoryError):
        client.set("probe", b"x")


def free(client: Any) -> None:
    for key in list(client.scan_iter("filler:*")):
        client.delete(key)


def statuses(service: Any, ids: list[str]) -> list[str]:
    return [service.store.get(i).status for i in ids]


@pytest.mark.parametrize("worker_class", ["simple", "fork"])
def test_workers_ride_out_a_full_redis_and_finish_every_job(
    tiny_redis: RedisServer, worker_class: str
) -> None:
    from worker.rqbackend import redis_service

    service = redis_service(tiny_redis.url)
    # two held by the workers, two queued behind them (each job's first attempt sleeps, so a
    # third round of queued jobs would only add SLEEP seconds)
    ids = [service.submit(a_log(f"{worker_class}{i}"))[0].id for i in range(4)]
    redis = tiny_redis.client()
    log = Path(os.environ.get("JUDGE_TEST_LOG_DIR", tiny_redis.directory)) / "workers.log"
    workers = Workers(
        tiny_redis.url,
        2,
        {"JUDGE_TEST_FAULT": f"sleep:{SLEEP}"},
        log=log,
        worker_class=worker_class,
        fast=FAST,
        drop=("JUDGE_",),
        register_timeout=30,
    )
    workers.start()
    try:
        names = sorted(w.name for w in workers.registered())
        pids = sorted(w.pid for w in workers.registered())
        processes = sorted(workers.processes())
        wait_until(lambda: statuses(service, ids).count("started") == 2, 20, "two jobs held")
        held = [i for i, s in zip(ids, statuses(service, ids), strict=True) if s == "started"]
        fill_past_the_limit(redis)

        # a submission while Redis is full is refused, never accepted and lost
        with pytest.raises(StoreFull):
            service.submit(a_log(f"{worker_class}-while-full"))

        # full for longer than the jobs' sleep and three heartbeat bounds (1 + 2 s): the held
        # jobs reach their results, the queued ones cannot be taken, nobody dies
        until = time.monotonic() + SLEEP + 9
        while time.monotonic() < until:
            assert sorted(workers.processes()) == processes, workers.tail()
            now = statuses(service, ids)
            for job_id in held:  # never taken for abandoned (back to queued) nor failed
                assert now[ids.index(job_id)] == "started", (now, workers.tail())
            time.sleep(0.5)
        assert sorted(w.name for w in workers.registered()) == names  # registrations alive

        free(redis)
        # a job submitted once memory is free again is taken with the queued ones (and judged,
        # below)
        again = service.submit(a_log(f"{worker_class}-after"))[0].id
        wait_until(lambda: all(service.store.get(i).is_final() for i in ids), 60, "every job ended")
        subs = [service.store.get(i) for i in ids]
        assert [s.status for s in subs] == ["finished"] * 4, [(s.status, s.reason) for s in subs]
        for sub in subs:
            assert service.store.result(sub.id) is not None
        # the same worker processes throughout, registered: none exited on the full Redis
        assert sorted(workers.processes()) == processes
        assert sorted(w.pid for w in workers.registered()) == pids
        text = log.read_text(errors="replace")
        assert "exited" not in text, workers.tail()
        assert "Redis is over its maxmemory" in text and "Redis takes writes again" in text
        # said once an episode, not at every try: by each worker (and a fork worker's job
        # process), and once by the supervisor's reaper
        assert text.count("Redis is over its maxmemory") <= 4, workers.tail()
        assert text.count("reaper: Redis is full") == 1, workers.tail()
        # the job submitted once memory was free again is judged
        wait_until(lambda: service.store.get(again).status == "finished", 30, "judged after")
    finally:
        workers.kill()


def test_a_worker_that_dies_while_redis_is_full_has_its_job_recovered(
    tiny_redis: RedisServer,
) -> None:
    """The in-place heartbeat keeps only live jobs alive: a worker SIGKILLed while Redis is
    full beats no more, and its job is settled (retried, then finished) once memory frees."""
    from worker.rqbackend import redis_service

    service = redis_service(tiny_redis.url)
    ids = [service.submit(a_log(f"dies{i}"))[0].id for i in range(2)]
    redis = tiny_redis.client()
    log = Path(os.environ.get("JUDGE_TEST_LOG_DIR", tiny_redis.directory)) / "workers-dies.log"
    workers = Workers(
        tiny_redis.url,
        2,
        {"JUDGE_TEST_FAULT": f"sleep:{SLEEP + 6}"},
        log=log,
        fast=FAST,
        drop=("JUDGE_",),
        register_timeout=30,
    )
    workers.start()
    try:
        wait_until(lambda: statuses(service, ids) == ["started"] * 2, 20, "both jobs held")
        victim = workers.running(ids[0])
        assert victim is not None
        fill_past_the_limit(redis)
        os.kill(victim.pid, signal.SIGKILL)
        time.sleep(4)  # past the heartbeat bound (1 + 2 s): the supervisor cannot write yet
        free(redis)
        wait_until(lambda: all(service.store.get(i).is_final() for i in ids), 60, "both jobs ended")
        subs = [service.store.get(i) for i in ids]
        assert [s.status for s in subs] == ["finished", "finished"], [
            (s.status, s.reason) for s in subs
        ]
        assert subs[0].attempts == 2  # the dead worker's job ran again (retried)
        assert subs[1].attempts == 1  # the live one was never taken for abandoned
    finally:
        workers.kill()


def test_a_worker_waiting_on_a_full_redis_stops_on_sigterm(tiny_redis: RedisServer) -> None:
    """An idle worker waits while Redis refuses its dequeue; SIGTERM (a warm shutdown) still
    stops it, and it leaves RQ's worker sets though Redis refuses the record of its death."""
    redis = tiny_redis.client()
    log = Path(os.environ.get("JUDGE_TEST_LOG_DIR", tiny_redis.directory)) / "workers-stop.log"
    workers = Workers(tiny_redis.url, 1, log=log, fast=FAST, drop=("JUDGE_",), register_timeout=30)
    workers.start()
    try:
        fill_past_the_limit(redis)
        wait_until(lambda: "Redis is over its maxmemory" in workers.tail(), 20, "it waits")
        assert workers.stop() == 0, workers.tail()
        assert "Traceback" not in workers.tail(), workers.tail()
        assert workers.registered() == []
    finally:
        workers.kill()


def test_in_place_refreshes_run_over_the_limit_and_create_nothing(tiny_redis: RedisServer) -> None:
    """The ``allow-oom`` refresh runs ``EXPIRE``, ``HSET`` of a field that exists and ``ZADD
    XX`` over ``maxmemory``, and skips what would grow Redis: a new field, a new member, a
    long value, any other command."""
    from worker.full_redis import refresh_in_place

    redis = tiny_redis.client()
    redis.hset("worker", mapping={"last_heartbeat": "old", "state": "busy"})
    redis.zadd("started", {"job": 1})
    fill_past_the_limit(redis)

    def fill(pipe: Any) -> None:
        pipe.hset("worker", "last_heartbeat", "2026-12-01T22:00:00.000000Z")
        pipe.expire("worker", 100)
        pipe.zadd("started", {"job": 99}, xx=True)
        pipe.zadd("started", {"stranger": 5}, xx=True)  # XX: adds nothing
        pipe.hset("worker", "new-field", "x")  # a field that does not exist: skipped
        pipe.hset("worker", "state", "x" * 65)  # over 64 bytes: skipped
        pipe.set("other", "x")  # not a refresh: skipped

    assert refresh_in_place(redis, fill) == 4
    assert redis.hgetall("worker") == {
        b"last_heartbeat": b"2026-12-01T22:00:00.000000Z",
        b"state": b"busy",
    }
    assert 0 < redis.ttl("worker") <= 100
    assert redis.zrange("started", 0, -1, withscores=True) == [(b"job", 99.0)]
    assert not redis.exists("other")


def test_a_job_taken_while_redis_fills_is_left_for_the_reaper(tiny_redis: RedisServer) -> None:
    """A job a worker has just taken from the queue (RQ's ``LMOVE`` to the intermediate
    list) and cannot register while Redis is full: after ``JUDGE_ABANDON_GRACE / 2`` s the
    worker gives it up, registered nowhere, in the intermediate list where the reaper finds
    it (``test_reaper_stranded.py``: queued again on its second look)."""
    from rq import Queue
    from rq.registry import StartedJobRegistry

    from worker.config import Settings
    from worker.full_redis import JobLeftQueued
    from worker.rqbackend import make_worker, redis_service

    settings = Settings.from_env({**FAST, "REDIS_URL": tiny_redis.url, "JUDGE_QUEUE": "judge"})
    service = redis_service(settings=settings)
    job_id = service.submit(a_log("taken"))[0].id
    worker = make_worker(settings, worker_class="simple")
    worker.register_birth()
    queue = Queue("judge", connection=worker.connection)
    job, _ = Queue.dequeue_any([queue], None, connection=worker.connection)
    assert job.id == job_id
    fill_past_the_limit(tiny_redis.client())
    clock = time.monotonic()
    with pytest.raises(JobLeftQueued):
        worker.prepare_execution(job)
    assert time.monotonic() - clock < settings.abandon_grace  # within the reaper's wait
    assert worker.executions == {}
    redis = tiny_redis.client()
    assert redis.lrange(queue.intermediate_queue_key, 0, -1) == [job_id.encode()]
    assert StartedJobRegistry("judge", redis).get_job_ids() == []
