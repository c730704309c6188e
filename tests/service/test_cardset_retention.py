"""Card sets are kept for a while (``JUDGE_CARD_SET_TTL``), not forever: a claim expires
unless its owner uploads or uses the set again, a job pins the sets it names until it is
gone, and the sets of the earlier version (no owner, no expiry) are given the retention.

The embedded store is read against a clock the test sets (no sleeping); the Redis store
expires by Redis's own clock, on a real server, with a retention of one second.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from judge.core.canonical import canonical_json
from judge.core.cardsets import read_card_set
from worker.cardsets import (
    DEFAULT_TTL,
    LOCAL_OWNER,
    CardSetSettingError,
    MemoryCardSets,
    card_set_ttl_setting,
    card_sets_of,
)
from worker.service import JudgeService, MemoryStore, Submission, SubmissionRefused, judge_job
from worker.testing import HeldRunner, wait_until

try:
    from test_cardsets import log_naming, sample_set
except ImportError:  # run from the repository's root
    from tests.test_cardsets import log_naming, sample_set


class Clock:
    def __init__(self) -> None:
        self.now = 1_000_000.0

    def __call__(self) -> float:
        return self.now


def versions(name: str, n: int) -> list[Any]:
    return [read_card_set(sample_set(name, description=f"v{i}")) for i in range(n)]


def redis_service(url: str, card_set_ttl: int) -> JudgeService:
    import redis

    from worker.redis_store import RedisStore

    client = redis.Redis.from_url(url)
    store = RedisStore(client, result_ttl=600)
    return JudgeService(store=store, runner=HeldRunner(), ttl=600, card_set_ttl=card_set_ttl)


# -- the embedded store --------------------------------------------------------------------------


def test_a_claim_expires_after_the_retention_unless_uploaded_or_used_again() -> None:
    clock = Clock()
    sets = MemoryCardSets(ttl=100, clock=clock)
    a, b, c = versions("kept", 3)
    for card_set in (a, b, c):
        assert sets.put(card_set, "x") == (True, clock.now + 100)
    clock.now += 60
    assert sets.use([b.sha256], "x") == []  # a question or a submission used it
    assert sets.put(c, "x") == (False, clock.now + 100)  # uploaded again
    clock.now += 41  # 101 s after the first upload
    assert sets.get(a.sha256) is None
    assert sets.named("x", "kept") == sorted([b.sha256, c.sha256])
    assert [r["sha256"] for r in sets.page("x", 10)[0]] == sorted([b.sha256, c.sha256])
    assert sets.use([a.sha256], "x") == [a.sha256]  # gone: a submission naming it is refused
    clock.now += 60
    assert sets.get(b.sha256) is None and sets.get(c.sha256) is None
    assert sets.page("x", 10) == ([], False)


def test_a_set_pinned_by_a_queued_job_outlives_its_claim_and_a_delete() -> None:
    clock = Clock()
    service = JudgeService(store=MemoryStore(), runner=HeldRunner(), ttl=600, card_set_ttl=10)
    sets = card_sets_of(service.store, 10)
    assert isinstance(sets, MemoryCardSets)
    sets.clock = clock
    pinned, unpinned = read_card_set(sample_set("pinned")), read_card_set(sample_set("loose"))
    sets.put(pinned, LOCAL_OWNER)
    sets.put(unpinned, LOCAL_OWNER)
    sub, created = service.submit(log_naming("pinned"))
    assert created and sub.card_sets == {"pinned": pinned.sha256}
    assert sets.delete(LOCAL_OWNER, pinned.sha256) is True  # the owner's claim only
    clock.now += 11  # past the retention: the claim would be gone anyway
    assert sets.get(unpinned.sha256) is None
    assert sets.page(LOCAL_OWNER, 10) == ([], False)  # nobody's any more...
    assert sets.get(pinned.sha256) is not None  # ...but the job needs it
    assert judge_job(service.store, sub.id) == "finished", service.get(sub.id).reason
    assert service.store.result(sub.id)["card_sets"][0]["sha256"] == pinned.sha256
    clock.now += 2 * 600  # the job and its replay are gone: so is the set
    assert sets.get(pinned.sha256) is None


def test_a_question_keeps_the_services_retention_of_the_embedded_store() -> None:
    """A question reads the sets without the service's settings (``card_sets_of(store)``);
    it must not put the environment's retention (30 days) in place of the service's."""
    from worker.answers import owners_sets

    service = JudgeService(store=MemoryStore(), runner=HeldRunner(), ttl=600, card_set_ttl=10)
    sets = card_sets_of(service.store, 10)
    sets.put(read_card_set(sample_set("kept")), LOCAL_OWNER)
    owners_sets(service.store, log_naming("kept"), LOCAL_OWNER)
    assert card_sets_of(service.store).ttl == 10


# -- Redis ---------------------------------------------------------------------------------------


@pytest.mark.redis
def test_on_redis_a_set_expires_and_leaves_no_key(redis_url: str) -> None:
    service = redis_service(redis_url, card_set_ttl=1)
    sets = card_sets_of(service.store, 1)
    card_set = read_card_set(sample_set("short"))
    created, expires = sets.put(card_set, "x")
    assert created and sets.named("x", "short") == [card_set.sha256]
    client = service.store.client
    assert all(0 < client.pttl(k) <= 1000 for k in client.keys("*"))
    wait_until(lambda: not client.keys("*"), 15)  # Redis expired every key of it
    assert sets.get(card_set.sha256) is None
    assert sets.named("x", "short") == [] and sets.page("x", 10) == ([], False)


@pytest.mark.redis
def test_on_redis_a_set_pinned_by_a_queued_job_does_not_expire(redis_url: str) -> None:
    service = redis_service(redis_url, card_set_ttl=1)
    sets = card_sets_of(service.store, 1)
    pinned, unpinned = read_card_set(sample_set("pinned")), read_card_set(sample_set("loose"))
    sets.put(pinned, LOCAL_OWNER)
    sets.put(unpinned, LOCAL_OWNER)
    sub, created = service.submit(log_naming("pinned"))
    assert created and sub.card_sets == {"pinned": pinned.sha256}
    client = service.store.client
    # kept for as long as the job and its replay may live: twice the result TTL
    assert 1100_000 < client.pttl(f"judge:cardset:{pinned.sha256}") <= 1200_000
    wait_until(lambda: sets.get(unpinned.sha256) is None, 15)
    wait_until(lambda: sets.page(LOCAL_OWNER, 10) == ([], False), 15)  # the claims ended
    assert sets.get(pinned.sha256) is not None
    assert judge_job(service.store, sub.id) == "finished", service.get(sub.id).reason
    assert service.store.result(sub.id)["card_sets"][0]["sha256"] == pinned.sha256


@pytest.mark.redis
def test_on_redis_a_delete_by_the_last_owner_removes_the_document(redis_url: str) -> None:
    service = redis_service(redis_url, card_set_ttl=3600)
    sets = card_sets_of(service.store, 3600)
    shared = read_card_set(sample_set("shared"))
    assert sets.put(shared, "x")[0] and sets.put(shared, "y")[0]
    assert sets.delete("z", shared.sha256) is False
    assert sets.delete("x", shared.sha256) is True and sets.get(shared.sha256) is not None
    assert sets.delete("x", shared.sha256) is False
    assert sets.named("y", "shared") == [shared.sha256] and sets.named("x", "shared") == []
    assert sets.delete("y", shared.sha256) is True
    assert sets.get(shared.sha256) is None
    assert [k for k in service.store.client.keys("*") if shared.sha256.encode() in k] == []


@pytest.mark.redis
def test_sets_of_the_earlier_version_are_read_by_hash_listed_for_nobody_and_expire(
    redis_url: str,
) -> None:
    from worker import cardsets_redis

    service = redis_service(redis_url, card_set_ttl=50)
    client = service.store.client
    old = read_card_set(sample_set("before"))
    # as the earlier version kept it: no owner, no expiry
    client.set(f"judge:cardset:{old.sha256}", canonical_json(old.document))
    summary = {"name": "before", "game": old.game, "cards": len(old.cards)}
    client.hset("judge:cardsets", old.sha256, json.dumps(summary))
    # a submission that version accepted: it kept no hashes
    legacy = Submission(
        id="a" * 32,
        content_hash="b" * 64,
        game=old.game,
        on_illegal="skip",
        perspective="judge",
        players=["A", "B"],
    )
    legacy_log = log_naming("before")
    service.store.create(legacy, canonical_json(legacy_log), 600)
    cardsets_redis._migrated.discard((id(client), "judge:"))
    sets = card_sets_of(service.store, 50)  # this version's first use: the migration
    assert 0 < client.ttl(f"judge:cardset:{old.sha256}") <= 50
    assert 0 < client.ttl("judge:cardsets") <= 50
    assert sets.get(old.sha256) is not None
    assert sets.page(LOCAL_OWNER, 10) == ([], False) and sets.named(LOCAL_OWNER, "before") == []
    # the earlier version's job resolves its name among that version's sets, as it did
    assert judge_job(service.store, legacy.id) == "finished", service.get(legacy.id).reason
    assert service.store.result(legacy.id)["card_sets"][0]["sha256"] == old.sha256
    # a new log names it by hash; its name is nobody's
    with pytest.raises(SubmissionRefused, match="unknown card set 'before'"):
        service.submit(log_naming("before"))
    assert service.submit(log_naming(old.ref))[1]


# -- the setting ---------------------------------------------------------------------------------


def test_the_retention_setting_is_whole_seconds_and_a_bad_one_names_it() -> None:
    from api import create_app

    assert card_set_ttl_setting({}) == DEFAULT_TTL == 30 * 24 * 3600
    assert card_set_ttl_setting({"JUDGE_CARD_SET_TTL": " 60 "}) == 60
    for bad in ("0", "-5", "1.5", "a day"):
        with pytest.raises(CardSetSettingError, match="JUDGE_CARD_SET_TTL"):
            card_set_ttl_setting({"JUDGE_CARD_SET_TTL": bad})
    service = JudgeService(store=MemoryStore(), runner=HeldRunner())
    create_app(service, config={"JUDGE_CARD_SET_TTL": "5"})
    assert service.card_set_ttl == 5
