"""Records made on the first narrower read (worker.records) on a real Redis: stored beside
the pages all at once, only while the replay is there, never when Redis is full, and never
when the replay judged again is not the one stored; then the read withholds every card id
its steps name."""

from __future__ import annotations

import copy
import functools
import json
import re
from typing import Any

from judge.core.canonical import canonical_json
from judge.core.log import parse_log
from judge.core.replay import replay, start
from judge.core.selfplay import random_game
from judge.games.union_arena.sample import sample_envelope
from worker import paged
from worker.records import make_records
from worker.service import judge_job
from worker.testing import HeldRunner

TTL = 600
TOKEN = re.compile(r"[\w-]+")


@functools.cache
def _game(seed: str) -> dict[str, Any]:
    return random_game(sample_envelope(seed), seed, max_actions=120)


def service(url: str) -> Any:
    from worker.config import Settings
    from worker.rqbackend import redis_service

    return redis_service(settings=Settings(redis_url=url, result_ttl=TTL))


def judged(svc: Any, seed: str) -> tuple[Any, dict[str, Any]]:
    doc = copy.deepcopy(_game(seed))
    sub, _ = svc.submit(doc)
    assert judge_job(svc.store, sub.id) == "finished"
    return svc.get(sub.id), doc


def fields(svc: Any, job_id: str) -> set[str]:
    return {k.decode() for k in svc.store.client.hkeys(svc.store.key("result", job_id))}


def test_records_are_made_once_and_stored_beside_the_pages(redis_url: str) -> None:
    svc = service(redis_url)
    sub, doc = judged(svc, "later-made")
    stored = svc.store.stored_result(sub.id)
    assert stored.records_later and stored.records_missing()
    assert not {f for f in fields(svc, sub.id) if f.startswith("w")}
    assert make_records(svc.store, {"replay": sub.id}) == {"ok": {"stored": True}}
    records: list[Any] = []
    replay(canonical_json(doc), withheld=records)
    kept = svc.store.client.hgetall(svc.store.key("result", sub.id))
    for name, value in paged.encode_records(records, 1).items():
        assert kept[name.encode()] == value
    assert not svc.store.stored_result(sub.id).records_missing()
    ttl = svc.store.client.ttl(svc.store.key("result", sub.id))
    assert 0 < ttl <= TTL  # the records expire with their replay
    for view in ("public", "A", "B"):
        assert (
            svc.replay_json(sub, view)
            == canonical_json(replay(canonical_json(doc), perspective=view)).encode()
        )


def test_records_of_a_replay_that_is_gone_are_not_stored(redis_url: str) -> None:
    svc = service(redis_url)
    sub, _ = judged(svc, "later-gone")
    key = svc.store.key("result", sub.id)
    svc.store.client.delete(key)
    assert make_records(svc.store, {"replay": sub.id}) == {"not_found": sub.id}
    assert svc.store.save_records(sub.id, {"w0": b"{}"}) is False
    assert svc.store.client.exists(key) == 0  # no records outlive their replay


def test_a_full_redis_keeps_no_records_and_the_read_withholds_every_card_id(
    redis_url: str,
) -> None:
    """The records are made by the service's pool of threads here (a worker's job runs
    the same work: tests/system/test_question_offload.py), on this Redis, full."""
    from worker.sync_jobs import ThreadAnswers

    svc = service(redis_url)
    svc.answers = ThreadAnswers(svc.store)
    sub, doc = judged(svc, "later-full")
    client = svc.store.client
    client.config_set("maxmemory", "1")  # noeviction: every write is refused, reads served
    try:
        found = make_records(svc.store, {"replay": sub.id})
        seen = json.loads(svc.replay_json(sub, "public"))  # its records asked for, not kept
    finally:
        client.config_set("maxmemory", "0")
        svc.answers.shutdown()
    assert found["ok"]["stored"] is False and "did not keep them" in found["ok"]["reason"]
    assert svc.store.stored_result(sub.id).records_missing()
    ids = set(start(parse_log(doc)).state.code_of)
    texts = canonical_json([{k: v for k, v in s.items() if k != "state"} for s in seen["steps"]])
    assert not {t for t in TOKEN.findall(texts) if t in ids}
    judges = canonical_json(replay(canonical_json(doc)))
    assert {t for t in TOKEN.findall(judges) if t in ids}  # the judge's steps do name them


def test_a_stored_replay_that_differs_from_its_log_gets_no_records(redis_url: str) -> None:
    """As a result written by another engine version would: its fingerprints are not the
    replay's judged again, so the records of that replay are not stored for it."""
    svc = service(redis_url)
    doc = copy.deepcopy(_game("later-differs"))
    sub, _ = svc.submit(doc)
    other = replay(canonical_json(doc))
    other["fingerprints"] = [{**f, "state_sha256": "0" * 64} for f in other["fingerprints"]]
    other[paged.RECORDS] = paged.LATER
    sub.status = "finished"
    assert svc.store.save_result(sub, other)
    found = make_records(svc.store, {"replay": sub.id})
    assert found["ok"] == {
        "stored": False,
        "reason": "judged again, its state fingerprints differ from the stored ones",
    }
    assert svc.store.stored_result(sub.id).records_missing()


def test_reads_at_once_have_the_records_made_once() -> None:
    """Eight public reads of a replay the moment it is judged (a match watched by many):
    one making of its records, on a pool of four threads that could run four; every
    read gets the redacted replay, byte for byte.  In-process (the embedded store)."""
    import threading

    from worker.service import JudgeService, MemoryStore
    from worker.sync_jobs import AnswerSettings, ThreadAnswers

    class CountingStore(MemoryStore):
        def __init__(self) -> None:
            super().__init__()
            self.saves = 0

        def save_records(self, job_id: str, fields: dict[str, bytes]) -> bool:
            self.saves += 1
            return super().save_records(job_id, fields)

    store = CountingStore()
    answers = ThreadAnswers(store, AnswerSettings(threads=4, timeout=60))
    svc = JudgeService(store=store, runner=HeldRunner(), answers=answers)
    doc = copy.deepcopy(_game("later-watched"))
    sub, _ = svc.submit(doc)
    assert judge_job(store, sub.id) == "finished"
    sub = svc.get(sub.id)
    barrier = threading.Barrier(8)
    sent: list[bytes] = []

    def read() -> None:
        barrier.wait()
        sent.append(svc.replay_json(sub, "public"))

    threads = [threading.Thread(target=read) for _ in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    answers.shutdown()
    expected = canonical_json(replay(canonical_json(doc), perspective="public")).encode()
    assert sent == [expected] * 8
    assert store.saves == 1
