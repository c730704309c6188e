"""The worker process's own parts, on a real Redis without running its loop: the warm
shutdown that the reaper cannot swallow, the listener of RQ's commands that sees a stop
within its poll, the worker's heartbeat in one round trip, and ``settle_dead_worker``
making a dead worker's job due at once.

A mock stands in only for the reaper raising ``StopRequested`` (a SIGTERM landing inside
it), a moment no test can hit for real.
"""

from __future__ import annotations

import signal
from datetime import timedelta
from typing import Any

import pytest

from judge.core.selfplay import random_game
from judge.games.union_arena.sample import sample_envelope

pytestmark = pytest.mark.redis


def _service(url: str) -> Any:
    from worker.config import Settings
    from worker.rqbackend import redis_service

    return redis_service(settings=Settings(redis_url=url, job_retries=0))


def _worker(svc: Any, name: str | None = None) -> Any:
    from worker.rqbackend import make_worker

    return make_worker(svc.runner.settings, svc.store.client, worker_class="simple", name=name)


def test_an_idle_worker_asked_to_stop_stops_even_if_the_stop_is_swallowed(
    redis_url: str,
) -> None:
    from rq.exceptions import StopRequested

    worker = _worker(_service(redis_url))
    worker._install_signal_handlers()
    try:
        with pytest.raises(StopRequested):
            worker.request_stop(signal.SIGTERM, None)
        # the flag RQ's loop looks at before it blocks on the queue again
        assert worker._stop_requested is True
    finally:
        signal.signal(signal.SIGTERM, signal.SIG_DFL)
        signal.signal(signal.SIGINT, signal.default_int_handler)


def test_a_stop_raised_inside_the_reaper_is_not_taken_for_a_reaper_failure(
    redis_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    from rq.exceptions import StopRequested

    from worker import workers

    worker = _worker(_service(redis_url))

    def stopped(*args: Any, **kwargs: Any) -> None:
        raise StopRequested

    monkeypatch.setattr(workers, "reap", stopped)
    with pytest.raises(StopRequested):
        worker.clean_registries()

    def broken(*args: Any, **kwargs: Any) -> None:
        raise RuntimeError("the reaper's own failure")

    monkeypatch.setattr(workers, "reap", broken)
    worker.clean_registries()  # logged, and the worker goes on


def test_the_command_listener_sees_a_stop_within_its_poll_though_no_reply_wakes_it(
    redis_url: str,
) -> None:
    """The thread that listens for RQ's commands looks whether it should stop every
    ``PUBSUB_POLL`` seconds (``_JudgeWorkerMixin.subscribe``), not only when a message wakes
    its read: a stop that comes after the UNSUBSCRIBE's reply woke it (a race RQ's end of a
    worker loses under load, then waiting 1 s, or 60 s with redis-py 8.2.0) ends it within
    that poll.  Here the stop comes with no UNSUBSCRIBE at all: RQ's own thread, reading 60
    s at a time, would still be alive at the end of the second."""
    from worker.workers import PUBSUB_POLL

    worker = _worker(_service(redis_url))
    worker.subscribe()
    thread = worker.pubsub_thread
    try:
        assert thread.is_alive()
        assert PUBSUB_POLL <= 0.1
        thread.stop()
        thread.join(timeout=1.0)
        assert not thread.is_alive()
    finally:
        worker.unsubscribe()


def test_the_worker_heartbeat_is_one_round_trip_at_most_once_a_second(redis_url: str) -> None:
    import redis

    worker = _worker(_service(redis_url), name="beating")
    client = redis.Redis.from_url(redis_url)
    worker.register_birth()
    before = client.info("commandstats").get("cmdstat_expire", {}).get("calls", 0)
    worker.heartbeat()
    worker.heartbeat()  # within the second: skipped
    worker.heartbeat(3600)  # a longer time to live than the last: sent
    after = client.info("commandstats").get("cmdstat_expire", {}).get("calls", 0)
    assert after - before == 4  # two beats of two EXPIREs each
    assert client.ttl(worker.key) > 3000


def test_the_first_beat_after_a_job_started_is_sent_even_within_the_second(
    redis_url: str,
) -> None:
    """RQ shortens the registration's life to the job's heartbeat bound when it starts a
    job (a beat in its own pipeline); the next plain beat must give the idle life back, or
    the registration expires while the worker blocks on an empty queue."""
    import redis

    svc = _service(redis_url)
    worker = _worker(svc, name="after-a-job")
    client = redis.Redis.from_url(redis_url)
    worker.register_birth()
    worker.heartbeat()
    with client.pipeline() as pipe:  # what prepare_job_execution sends
        worker.heartbeat(worker.get_heartbeat_ttl(None), pipeline=pipe)
        pipe.execute()
    assert (
        client.ttl(worker.key)
        <= svc.runner.settings.monitor_interval + svc.runner.settings.abandon_grace
    )
    worker.heartbeat()  # within the second, and not skipped
    assert client.ttl(worker.key) > worker.worker_ttl


def test_a_registration_redis_lost_is_written_again_by_the_next_beat(redis_url: str) -> None:
    """A registration that expired (Redis restarted from a file written while a job ran:
    its life was the job's heartbeat bound) and was dropped from RQ's worker sets by the
    reaper: the worker is alive, and its next beat makes it seen again, whole."""
    import time

    import redis
    from rq.worker_registration import clean_worker_registry

    svc = _service(redis_url)
    worker = _worker(svc, name="forgotten")
    client = redis.Redis.from_url(redis_url)
    from rq.worker import WorkerStatus

    worker.register_birth()
    worker.set_state(WorkerStatus.BUSY)
    assert svc.runner.workers_alive() == 1
    with client.pipeline() as pipe:
        worker.heartbeat(1, pipeline=pipe)
        pipe.execute()
    time.sleep(1.2)  # Redis expires it for real
    clean_worker_registry(svc.runner.queue)
    assert svc.runner.workers_alive() == 0
    worker.heartbeat()
    assert svc.runner.workers_alive() == 1
    fields = {k.decode(): v.decode() for k, v in client.hgetall(worker.key).items()}
    assert fields["queues"] == svc.runner.queue.name and fields["state"] == "busy"
    assert {"birth", "pid", "last_heartbeat"} <= fields.keys()
    assert client.ttl(worker.key) > worker.worker_ttl


def test_settle_dead_worker_makes_its_job_due_and_the_reaper_fails_it_with_how(
    redis_url: str,
) -> None:
    from rq.registry import StartedJobRegistry

    from worker.rqbackend import reap, settle_dead_worker

    svc = _service(redis_url)
    sub, _ = svc.submit(random_game(sample_envelope("settle"), "settle", max_actions=30))
    worker = _worker(svc, name="doomed")
    worker.register_birth()
    dequeued = worker.dequeue_job_and_maintain_ttl(None)
    assert dequeued is not None
    job, _queue = dequeued
    worker.prepare_execution(job)  # registered as running, as a worker does before the job
    worker.prepare_job_execution(job, remove_from_intermediate_queue=True)  # RQ: started
    running = svc.get(sub.id)
    running.status = "started"
    svc.store.update(running)
    settings = svc.runner.settings
    started = StartedJobRegistry(settings.queue, svc.store.client)
    assert started.get_expired_job_ids() == []  # due only after the heartbeat's bound
    assert reap(svc.store.client, settings).abandoned == []

    assert settle_dead_worker(svc.store.client, settings, "doomed", "killed by SIGKILL") == 1
    assert started.get_expired_job_ids() == [sub.id]
    assert worker.key.encode() not in svc.store.client.smembers("rq:workers")  # unregistered
    report = reap(svc.store.client, settings)
    assert report is not None and report.abandoned == [sub.id]
    done = svc.get(sub.id)
    assert (done.status, done.reason) == (
        "failed",
        "the worker running it died (killed by SIGKILL); not retried",
    )
    # a worker with no job: nothing to settle
    assert settle_dead_worker(svc.store.client, settings, "nobody") == 0


def test_stalled_workers_are_the_busy_ones_whose_heartbeat_stopped(redis_url: str) -> None:
    import redis
    from rq.utils import now, utcformat

    from worker.config import Settings
    from worker.rqbackend import stalled_workers

    client = redis.Redis.from_url(redis_url)
    settings = Settings(redis_url=redis_url, monitor_interval=1, abandon_grace=2)
    _up_longer_than(client, 3)  # a Redis up for less than the bound judges no one
    old, fresh = utcformat(now() - timedelta(seconds=10)), utcformat(now())
    rows = {
        "busy-old": ("busy", old),
        "busy-fresh": ("busy", fresh),
        "idle-old": ("idle", old),
        "gone-busy": ("busy", fresh),
        "gone-idle": ("idle", fresh),
    }
    for name, (state, beat) in rows.items():
        client.hset(f"rq:worker:{name}", mapping={"state": state, "last_heartbeat": beat})
    seen: dict[str, bytes] = {}
    names = [*sorted(rows), "never-registered"]
    assert stalled_workers(client, settings, names, seen) == ["busy-old"]
    client.delete("rq:worker:gone-busy", "rq:worker:gone-idle")
    # a registration gone during a job is a stall; one gone while idle (Redis lost it) is not
    assert stalled_workers(client, settings, names, seen) == ["busy-old", "gone-busy"]


def _up_longer_than(client: Any, seconds: int) -> None:
    from worker.testing import wait_until

    wait_until(
        lambda: int(client.info("server")["uptime_in_seconds"]) > seconds,
        seconds + 5,
        f"Redis up for more than {seconds} s",
    )


def test_no_worker_is_stalled_while_a_restarted_redis_is_younger_than_the_bound(
    private_redis: Any,
) -> None:
    """Redis SIGKILLed and started again from its append-only file: the beats it holds are
    as old as the outage, yet the workers were alive and could not reach it.  They get a
    whole bound of reachable Redis (1 + 2 s here) before the watchdog judges them."""
    import redis
    from rq.utils import now, utcformat

    from worker.config import Settings
    from worker.rqbackend import stalled_workers

    settings = Settings(redis_url=private_redis.url, monitor_interval=1, abandon_grace=2)
    client = redis.Redis.from_url(private_redis.url)
    beat = utcformat(now() - timedelta(seconds=10))
    client.hset("rq:worker:waiting", mapping={"state": "busy", "last_heartbeat": beat})
    private_redis.kill()
    private_redis.start()
    client = redis.Redis.from_url(private_redis.url)
    assert stalled_workers(client, settings, ["waiting"], {}) == []
    _up_longer_than(client, 3)
    # the worker never beat again: now it is judged
    assert stalled_workers(client, settings, ["waiting"], {}) == ["waiting"]
