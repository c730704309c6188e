"""A Redis near its ``maxmemory`` (``noeviction``) refuses new work with a clear problem
before it refuses writes, and the workers survive it: a result that does not fit fails its
job with the reason, and no job is left ``started`` or ``queued``.

A private ``redis-server`` with a small ``maxmemory`` is filled with filler keys to a known
share of its limit; real workers (``judge worker``) judge real jobs.
"""

from __future__ import annotations

import os
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from judge.core.canonical import canonical_json
from judge.core.selfplay import random_game
from judge.games.union_arena.sample import sample_envelope
from worker.testing import (
    FAST,
    REDIS_SERVER,
    RedisServer,
    Workers,
    memory_bound_redis,
    wait_until,
)

MAXMEMORY = 64 * 1024 * 1024  # 5% (the margin past the result ceiling) holds RQ's writes


@pytest.fixture
def small_redis(tmp_path: Path) -> Iterator[RedisServer]:
    if REDIS_SERVER is None:
        pytest.skip("redis-server is not installed: the Redis backend tests need a real Redis")
    with memory_bound_redis(tmp_path, MAXMEMORY) as server:
        yield server


def fill_to(client: Any, share: float) -> None:
    """Filler keys (random bytes: nothing compresses them) until Redis holds ``share`` of
    its maxmemory."""
    n = 0
    while True:
        used = client.info("memory")["used_memory"]
        if used >= share * MAXMEMORY:
            return
        client.set(f"filler:{n}", os.urandom(min(50_000, int(share * MAXMEMORY - used) + 1)))
        n += 1


def a_log(seed: str) -> str:
    return canonical_json(random_game(sample_envelope(seed), seed, max_actions=300))


def test_submissions_and_card_sets_are_refused_near_the_limit(small_redis: RedisServer) -> None:
    from api import create_app
    from worker.rqbackend import redis_service

    service = redis_service(small_redis.url)
    client = create_app(service, {"JUDGE_RATE_LIMITS": "off"}).test_client()
    first = client.post("/v1/replays", data=a_log("a"), content_type="application/json")
    assert first.status_code == 202, first.get_data(as_text=True)
    fill_to(small_redis.client(), 0.92)
    time.sleep(1.1)  # the store's reading of INFO memory is a second old at most
    refused = client.post("/v1/replays", data=a_log("b"), content_type="application/json")
    assert refused.status_code == 503, refused.get_data(as_text=True)
    assert refused.content_type.startswith("application/problem+json")
    doc = refused.get_json()
    assert doc["type"] == "urn:tcg-judge:problem:store-full"
    assert refused.headers["Retry-After"] == "60"
    assert "maxmemory" not in doc["detail"]  # the figures are logged, not shown
    card_set = client.post("/v1/card-sets", data="{}", content_type="application/json")
    assert card_set.status_code == 503
    assert card_set.get_json()["type"] == "urn:tcg-judge:problem:store-full"
    # Redis still takes writes (the refusal came first), and reads answer
    small_redis.client().set("still-writable", b"x")
    assert client.get(f"/v1/replays/{first.get_json()['id']}").status_code == 200


def test_workers_survive_a_full_store_and_end_every_job(small_redis: RedisServer) -> None:
    from worker.rqbackend import redis_service

    service = redis_service(small_redis.url)
    ids = [service.submit(a_log(f"s{i}"))[0].id for i in range(24)]
    redis = small_redis.client()
    fill_to(redis, 0.945)  # the results of a few fit under the ceiling (0.95), not of all
    log = Path(os.environ.get("JUDGE_TEST_LOG_DIR", small_redis.directory)) / "workers.log"
    workers = Workers(small_redis.url, 2, log=log, fast=FAST, drop=("JUDGE_",), register_timeout=30)
    workers.start()
    try:
        pids = sorted(w.pid for w in workers.registered())

        def ended() -> bool:
            return all(service.store.get(i).is_final() for i in ids)

        try:
            wait_until(ended, 60, "every job finished or failed")
        except AssertionError:
            print([(s.status, s.reason) for s in (service.store.get(i) for i in ids)])
            print(redis.info("memory")["used_memory"], log.read_text()[-6000:])
            raise
        subs = [service.store.get(i) for i in ids]
        statuses = {s.status for s in subs}
        assert statuses <= {"finished", "failed"}
        full = [s for s in subs if s.status == "failed"]
        assert full, "some results should not have fitted"
        for sub in full:
            assert "the result store is full" in sub.reason, sub.reason
        # the same worker processes, alive and registered: none died on the full Redis
        assert sorted(w.pid for w in workers.registered()) == pids
        assert len(workers.processes()) == 2
        assert redis.info("memory")["used_memory"] <= MAXMEMORY
        redis.set("still-writable", b"x")  # Redis never went over its limit
    finally:
        workers.kill()
