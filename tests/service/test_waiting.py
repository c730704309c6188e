"""Long-polling without polling: a record made final is announced and its waiters wake; a
lost announcement costs latency, never a wrong answer (real Redis, real pub/sub).

``RECHECK`` (the fallback re-read) is set far beyond each test's bound, so a waiter that
answers within the bound was woken by the announcement: these tests assert what woke it,
not how fast.
"""

from __future__ import annotations

import threading
import time
from typing import Any

import pytest

from judge.core.canonical import canonical_bytes, canonical_json
from judge.core.replay import replay
from judge.core.selfplay import random_game
from judge.games.union_arena.sample import sample_envelope
from worker import waiting
from worker.service import MemoryStore, Submission, fail

BOUND = 20.0  # seconds a wait may take here; RECHECK is set to 10 times that


@pytest.fixture
def no_recheck(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(waiting, "RECHECK", 10 * BOUND)


def _sub(job_id: str) -> Submission:
    return Submission(
        id=job_id,
        content_hash=f"hash-{job_id}",
        game="union-arena",
        on_illegal="skip",
        perspective="judge",
        players=["A", "B"],
        submitted_at=time.time(),
    )


def _later(seconds: float, action: Any) -> threading.Thread:
    thread = threading.Thread(target=lambda: (time.sleep(seconds), action()))
    thread.start()
    return thread


def _redis_store(url: str, prefix: str) -> Any:
    from worker.redis_store import RedisStore

    return RedisStore.from_url(url, prefix=prefix)


def test_a_memory_store_waiter_wakes_when_the_result_is_saved(no_recheck: None) -> None:
    store = MemoryStore()
    sub = _sub("m1")
    store.create(sub, "{}", 600)
    done = Submission.from_dict({**sub.to_dict(), "status": "finished"})
    thread = _later(0.1, lambda: store.save_result(done, {"summary": {}, "steps": []}))
    clock = time.monotonic()
    got = store.wait_terminal("m1", 10 * BOUND)
    thread.join()
    assert got is not None and got.status == "finished"
    assert time.monotonic() - clock < BOUND  # woken, not timed out (RECHECK is 10x longer)
    assert store.waiters.waiting() == 0


def test_a_memory_store_waiter_wakes_on_a_failure_and_times_out_otherwise(
    no_recheck: None,
) -> None:
    store = MemoryStore()
    store.create(_sub("m2"), "{}", 600)
    store.create(_sub("m3"), "{}", 600)
    thread = _later(0.1, lambda: fail(store, "m2", "the engine raised RuntimeError: boom"))
    got = store.wait_terminal("m2", 10 * BOUND)
    thread.join()
    assert got is not None and got.status == "failed" and "boom" in (got.reason or "")
    still = store.wait_terminal("m3", 0.2)  # nobody finishes it: as it is after the timeout
    assert still is not None and still.status == "queued"
    assert store.wait_terminal("nope", 0.2) is None


@pytest.mark.redis
def test_a_redis_waiter_is_woken_by_the_announcement_of_the_result(
    redis_url: str, no_recheck: None
) -> None:
    api_side = _redis_store(redis_url, "w1:")
    worker_side = _redis_store(redis_url, "w1:")
    sub = _sub("r1")
    worker_side.create(sub, "{}", 600)
    api_side.wait_terminal("other", 0.01)  # the subscriber is up before the job ends
    done = Submission.from_dict({**sub.to_dict(), "status": "finished"})
    thread = _later(0.2, lambda: worker_side.save_result(done, {"summary": {}, "steps": []}))
    clock = time.monotonic()
    got = api_side.wait_terminal("r1", 10 * BOUND)
    thread.join()
    assert got is not None and got.status == "finished"
    assert time.monotonic() - clock < BOUND


@pytest.mark.redis
def test_a_redis_waiter_is_woken_by_the_announcement_of_a_failure(
    redis_url: str, no_recheck: None
) -> None:
    api_side = _redis_store(redis_url, "w2:")
    worker_side = _redis_store(redis_url, "w2:")
    worker_side.create(_sub("r2"), "{}", 600)
    api_side.wait_terminal("other", 0.01)
    thread = _later(0.2, lambda: fail(worker_side, "r2", "time limit exceeded (1 s)"))
    clock = time.monotonic()
    got = api_side.wait_terminal("r2", 10 * BOUND)
    thread.join()
    assert got is not None and got.status == "failed"
    assert time.monotonic() - clock < BOUND


@pytest.mark.redis
def test_announcements_of_another_prefix_do_not_end_a_wait(redis_url: str) -> None:
    api_side = _redis_store(redis_url, "w3:")
    other = _redis_store(redis_url, "w4:")
    api_side.create(_sub("r3"), "{}", 600)
    other.create(_sub("r3"), "{}", 600)
    other_done = Submission.from_dict({**_sub("r3").to_dict(), "status": "finished"})
    thread = _later(0.1, lambda: other.save_result(other_done, {"summary": {}, "steps": []}))
    got = api_side.wait_terminal("r3", 0.6)
    thread.join()
    assert got is not None and got.status == "queued"


@pytest.mark.redis
def test_a_lost_announcement_is_made_up_for_by_reading_the_record_again(
    redis_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The record made final behind the channel's back (as if the announcement was
    published while the subscriber was reconnecting): the waiter's own re-read sees it."""
    import json

    monkeypatch.setattr(waiting, "RECHECK", 0.05)
    store = _redis_store(redis_url, "w5:")
    sub = _sub("r5")
    store.create(sub, "{}", 600)
    final = {**sub.to_dict(), "status": "finished"}
    key = store.key("sub", "r5")
    thread = _later(0.2, lambda: store.client.set(key, json.dumps(final), keepttl=True))
    got = store.wait_terminal("r5", BOUND)
    thread.join()
    assert got is not None and got.status == "finished"


@pytest.mark.redis
def test_waiters_survive_a_redis_restart(private_redis: Any, no_recheck: None) -> None:
    """The subscriber loses its connection when Redis stops; once Redis is back it
    subscribes again, and a later announcement wakes a waiter."""
    store = _redis_store(private_redis.url, "w6:")
    store.wait_terminal("warm", 0.01)
    private_redis.stop()
    private_redis.start()
    sub = _sub("r6")
    store.create(sub, "{}", 600)
    done = Submission.from_dict({**sub.to_dict(), "status": "finished"})
    # the subscriber resubscribes within about RESUBSCRIBE_DELAY + its read timeout (1 s)
    thread = _later(3.0, lambda: _redis_store(private_redis.url, "w6:").save_result(done, {}))
    got = store.wait_terminal("r6", 10 * BOUND)
    thread.join()
    assert got is not None and got.status == "finished"


@pytest.mark.redis
def test_stored_bytes_are_the_canonical_json_of_the_replay(redis_url: str) -> None:
    """What the API sends for the judge's view is what was stored, unchanged: the
    canonical JSON of the replay, byte for byte, compressed or not."""
    from worker.redis_store import RedisStore

    doc = random_game(sample_envelope("bytes"), "bytes", max_actions=80)
    result = replay(canonical_json(doc))
    for level in (0, 1, 6):
        store = RedisStore.from_url(redis_url, prefix=f"b{level}:", compress_level=level)
        sub = _sub(f"b{level}")
        store.create(sub, canonical_json(doc), 600)
        sub.status = "finished"
        assert store.save_result(sub, result)
        assert store.result_bytes(sub.id) == canonical_bytes(result)
        assert store.result(sub.id) == result


@pytest.mark.redis
def test_a_result_is_read_back_with_its_integers_whole(redis_url: str) -> None:
    """Integers over 64 bits (a log's metadata may carry one) stay integers when a stored
    result is read back for another perspective (orjson would make them floats)."""
    from worker.redis_store import RedisStore

    store = RedisStore.from_url(redis_url, prefix="big:")
    sub = _sub("big")
    store.create(sub, "{}", 600)
    sub.status = "finished"
    result = {"summary": {}, "steps": [], "match": {"table": 2**70}}
    assert store.save_result(sub, result)
    assert store.result(sub.id) == result
    assert isinstance(store.result(sub.id)["match"]["table"], int)
