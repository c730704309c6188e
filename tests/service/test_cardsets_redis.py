"""The service's card sets on a real Redis: kept by hash without a TTL under their own keys,
resolved when a log is submitted and again by a real worker process judging it."""

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


def test_sets_are_kept_by_hash_without_expiry_under_their_own_keys(redis_url: str) -> None:
    from worker.cardsets import RedisCardSets, card_sets_of

    svc = service(redis_url)
    sets = card_sets_of(svc.store)
    assert isinstance(sets, RedisCardSets) and sets.prefix == svc.store.prefix
    first = read_card_set(sample_set("kept"))
    second = read_card_set(sample_set("kept", description="v2"))
    assert sets.put(first) is True
    assert sets.put(first) is False  # the same set: nothing new
    assert sets.put(second) is True
    client = svc.store.client
    keys = sorted(k.decode() for k in client.keys("*"))
    assert keys == sorted(
        [f"judge:cardset:{first.sha256}", f"judge:cardset:{second.sha256}", "judge:cardsets"]
    )
    assert all(client.ttl(k) == -1 for k in keys)  # kept, never expired
    # read back by a fresh store (another process's view): the same definitions
    again = RedisCardSets(client, svc.store.prefix).get(first.sha256)
    assert again is not None and again.document == first.document
    assert (
        again.cards == first.cards and again.cards[full_game()["cards"][0]["code"]]["text"] == TEXT
    )
    assert sets.get("0" * 64) is None
    assert [s["sha256"] for s in sets.summaries()] == sorted([first.sha256, second.sha256])
    assert sets.summaries()[0] == {**first.summary(), "sha256": sets.summaries()[0]["sha256"]}


def test_a_submitted_log_is_validated_and_judged_against_the_stored_set(redis_url: str) -> None:
    from worker.cardsets import card_sets_of

    svc = service(redis_url)
    card_set = read_card_set(sample_set("judged"))
    with pytest.raises(SubmissionRefused) as refused:  # not stored yet
        svc.submit(log_naming(card_set.ref))
    assert [e.path for e in refused.value.errors] == ["card_sets[0]"]
    card_sets_of(svc.store).put(card_set)
    sub, created = svc.submit(log_naming(card_set.ref))
    assert created
    # the job, as a worker runs it, on the Redis store: it resolves the set again
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
    card_sets_of(svc.store).put(card_set)
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
        sets.put(read_card_set(sample_set("down")))
    with pytest.raises(StoreUnavailable):
        sets.summaries()
    with pytest.raises(StoreUnavailable):
        sets.get("0" * 64)
