"""The service's card sets on a real Redis: kept by hash for their owners, with a retention,
under their own keys; resolved when a log is submitted, and judged by a real worker process
with the hashes the submission kept."""

from __future__ import annotations

from typing import Any

import pytest

from judge.core.cardsets import read_card_set
from judge.core.replay import replay
from worker.service import SubmissionRefused, judge_job

try:
    from test_cardsets import TEXT, full_game, log_naming, sample_set
except ImportError:  # run from the repository's root
    from tests.test_cardsets import TEXT, full_game, log_naming, sample_set

pytestmark = pytest.mark.redis


def service(url: str) -> Any:
    from worker.config import Settings
    from worker.rqbackend import redis_service

    return redis_service(settings=Settings(redis_url=url, result_ttl=600))


def test_sets_are_kept_by_hash_for_their_owner_under_their_own_keys(redis_url: str) -> None:
    from worker.cardsets import LOCAL_OWNER, card_sets_of
    from worker.cardsets_redis import RedisCardSets

    svc = service(redis_url)
    sets = card_sets_of(svc.store, ttl=3600)
    assert isinstance(sets, RedisCardSets) and sets.prefix == svc.store.prefix
    first = read_card_set(sample_set("kept"))
    second = read_card_set(sample_set("kept", description="v2"))
    assert sets.put(first, LOCAL_OWNER)[0] is True
    assert sets.put(first, LOCAL_OWNER)[0] is False  # the same set, the same owner
    assert sets.put(second, LOCAL_OWNER)[0] is True
    client = svc.store.client
    keys = sorted(k.decode() for k in client.keys("*"))
    assert keys == sorted(
        [
            *(f"judge:cardset:{s.sha256}" for s in (first, second)),
            *(f"judge:cardset-meta:{s.sha256}" for s in (first, second)),
            "judge:cardsets-by:local",
            "judge:cardsets-until:local",
        ]
    )
    assert all(3500 < client.ttl(k) <= 3600 for k in keys)  # kept for the retention
    # read back by a fresh store (another process's view): the same definitions
    again = RedisCardSets(client, svc.store.prefix, 3600).get(first.sha256)
    assert again is not None and again.document == first.document
    assert (
        again.cards == first.cards and again.cards[full_game()["cards"][0]["code"]]["text"] == TEXT
    )
    assert sets.get("0" * 64) is None
    rows, more = sets.page(LOCAL_OWNER, 10)
    assert [r["sha256"] for r in rows] == sorted([first.sha256, second.sha256]) and not more
    assert {k: v for k, v in rows[0].items() if k != "expires"} == {
        **first.summary(),
        "sha256": rows[0]["sha256"],
    }
    assert sets.named(LOCAL_OWNER, "kept") == sorted([first.sha256, second.sha256])
    assert sets.named("addr:10.0.0.9", "kept") == []


def test_a_submitted_log_is_validated_and_judged_against_the_stored_set(redis_url: str) -> None:
    from worker.cardsets import card_sets_of

    svc = service(redis_url)
    card_set = read_card_set(sample_set("judged"))
    with pytest.raises(SubmissionRefused) as refused:  # not stored yet
        svc.submit(log_naming(card_set.ref))
    assert [e.path for e in refused.value.errors] == ["card_sets[0]"]
    card_sets_of(svc.store).put(card_set, "local")
    sub, created = svc.submit(log_naming(card_set.ref))
    assert created
    # the job, as a worker runs it, on the Redis store: the hash kept with the submission
    assert judge_job(svc.store, sub.id) == "finished"
    result = svc.store.result(sub.id)
    inline = full_game()
    inline["cards"][0]["text"] = TEXT
    assert result["steps"] == replay(inline)["steps"]
    assert result["card_sets"] == [
        {"ref": card_set.ref, "name": "judged", "sha256": card_set.sha256}
    ]


def test_a_worker_process_judges_a_log_naming_a_stored_set(
    redis_url: str, start_workers: Any, wait_for: Any
) -> None:
    from worker.cardsets import card_sets_of

    svc = service(redis_url)
    card_set = read_card_set(sample_set("by-worker"))
    card_sets_of(svc.store).put(card_set, "local")
    start_workers(1)
    sub, _ = svc.submit(log_naming("by-worker"))
    wait_for(lambda: svc.get(sub.id).is_final(), 60)
    done = svc.get(sub.id)
    assert done.status == "finished", done.reason
    assert svc.store.result(sub.id)["card_sets"][0]["sha256"] == card_set.sha256


def test_an_unreachable_redis_is_store_unavailable(private_redis: Any) -> None:
    from worker.cardsets import card_sets_of
    from worker.redis_store import StoreUnavailable

    svc = service(private_redis.url)
    sets = card_sets_of(svc.store)
    private_redis.stop()
    with pytest.raises(StoreUnavailable):
        sets.put(read_card_set(sample_set("down")), "local")
    with pytest.raises(StoreUnavailable):
        sets.page("local", 10)
    with pytest.raises(StoreUnavailable):
        sets.delete("local", "0" * 64)
    with pytest.raises(StoreUnavailable):
        sets.get("0" * 64)
