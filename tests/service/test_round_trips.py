"""The Redis round trips of a job's own work: the submission's record and its job written
in one, the worker's reads and writes in three, a finished job read in one.  Counted on a
real Redis by a connection class that counts what it sends (each send is one round trip:
a pipeline or a transaction goes in one).  RQ's own work around the job (dequeue, its
registries, heartbeats) is RQ's and is not counted here; ``bench/service.py`` counts it all."""

from __future__ import annotations

import copy
import functools
from typing import Any

import pytest

from judge.core.selfplay import random_game
from judge.games.union_arena.sample import sample_envelope

redis = pytest.importorskip("redis")


class CountingConnection(redis.Connection):  # type: ignore[misc,name-defined]
    """A connection that counts its sends (each is one round trip)."""

    sends = 0

    def send_packed_command(self, command: Any, check_health: bool = True) -> None:
        CountingConnection.sends += 1
        super().send_packed_command(command, check_health)


@functools.cache
def _game(seed: str) -> dict[str, Any]:
    return random_game(sample_envelope(seed), seed, max_actions=30)


def counted_service(url: str) -> Any:
    """The production service's store and runner on one client whose sends are counted."""
    from worker.config import Settings
    from worker.redis_store import RedisStore
    from worker.rqjob import RQRunner
    from worker.service import JudgeService

    pool = redis.ConnectionPool.from_url(url, connection_class=CountingConnection)
    client = redis.Redis(connection_pool=pool)
    settings = Settings(redis_url=url, result_ttl=600)
    store = RedisStore(client, settings.key_prefix, queue=settings.queue)
    return JudgeService(store=store, runner=RQRunner(client, settings), ttl=600, mode="redis")


def trips(call: Any) -> tuple[int, Any]:
    before = CountingConnection.sends
    out = call()
    return CountingConnection.sends - before, out


def test_a_job_costs_one_round_trip_to_submit_three_to_judge_one_to_read(
    redis_url: str,
) -> None:
    from rq import Queue

    from worker.service import judge_job

    svc = counted_service(redis_url)
    warm, _ = svc.submit(copy.deepcopy(_game("warm")))  # first connections, scripts loaded
    judge_job(svc.store, warm.id, *svc.store.get_with_log(warm.id))
    svc.get_with_result(warm.id)

    n, (sub, created) = trips(lambda: svc.submit(copy.deepcopy(_game("trips"))))
    assert created and n == 1  # the record, the log, the hash, the job: one transaction
    assert Queue(svc.runner.settings.queue, connection=svc.store.client).job_ids[-1] == sub.id
    # as run_job reads and judges it in a worker
    n, status = trips(lambda: judge_job(svc.store, sub.id, *svc.store.get_with_log(sub.id)))
    assert status == "finished"
    assert n == 3  # the record and the log; "started"; the result with the record finished
    n, (done, stored) = trips(lambda: svc.get_with_result(sub.id))
    assert n == 1 and done.status == "finished" and stored is not None
    n, chunks = trips(lambda: b"".join(svc.replay_chunks(done, None, stored)))
    assert n == 0 and chunks == svc.store.result_bytes(sub.id)


def test_an_identical_submission_leaves_no_job_behind(redis_url: str) -> None:
    from rq import Queue

    svc = counted_service(redis_url)
    first, created = svc.submit(copy.deepcopy(_game("same")))
    again, created_again = svc.submit(copy.deepcopy(_game("same")))
    assert created and not created_again and again.id == first.id
    client = svc.store.client
    assert Queue(svc.runner.settings.queue, connection=client).job_ids == [first.id]
    assert [k.decode() for k in client.scan_iter(match="rq:job:*")] == [f"rq:job:{first.id}"]
