"""A log is checked once: by the API when it accepts it.  The worker trusts exactly the bytes
that were checked (by their SHA-256, kept in the submission's record) and never judges
bytes that were not: another text is refused, a record without the hash is checked in full.
On a real Redis (the store and the records as the service writes them)."""

from __future__ import annotations

import copy
import functools
import json
from typing import Any

import pytest

from judge.core.canonical import canonical_json
from judge.core.errors import BadLog
from judge.core.log import parse_log, text_sha256
from judge.core.replay import replay
from judge.core.selfplay import random_game
from judge.games.union_arena.sample import sample_envelope


@functools.cache
def _game(seed: str) -> dict[str, Any]:
    return random_game(sample_envelope(seed), seed, max_actions=40)


def game(seed: str) -> dict[str, Any]:
    """A short random Union Arena game (at most 40 actions)."""
    return copy.deepcopy(_game(seed))


def service(url: str) -> Any:
    from worker.config import Settings
    from worker.rqbackend import redis_service

    return redis_service(settings=Settings(redis_url=url, result_ttl=600))


def unchecked(doc: dict[str, Any]) -> str:
    """``doc`` with a field no action has (the schema refuses it), as stored text."""
    bad = copy.deepcopy(doc)
    bad["actions"][3]["zzz"] = 1
    return canonical_json(bad)


def rewrite(svc: Any, sub: Any, text: str | None = None, **fields: Any) -> None:
    """The stored record (and log) of ``sub`` changed in Redis, as another writer could."""
    client, store = svc.store.client, svc.store
    record = json.loads(client.get(store.key("sub", sub.id)))
    record.update(fields)
    client.set(store.key("sub", sub.id), json.dumps(record), keepttl=True)
    if text is not None:
        client.set(store.key("log", sub.id), text, keepttl=True)


def test_the_api_records_the_hash_of_the_bytes_it_checked(redis_url: str) -> None:
    from worker.service import judge_job

    svc = service(redis_url)
    doc = game("once")
    sub, created = svc.submit(doc)
    stored = svc.store.log_text(sub.id)
    assert created and stored == canonical_json(doc)
    assert svc.get(sub.id).log_sha256 == text_sha256(stored) == sub.log_sha256
    assert judge_job(svc.store, sub.id) == "finished"
    assert canonical_json(svc.store.result(sub.id)) == canonical_json(replay(canonical_json(doc)))


def test_the_worker_trusts_the_checked_bytes_and_does_not_check_them_again(
    redis_url: str,
) -> None:
    from worker.service import judge_job

    svc = service(redis_url)
    sub, _ = svc.submit(game("trust"))
    text = unchecked(game("trust"))
    with pytest.raises(BadLog, match=r"actions\[3\]\.zzz"):
        parse_log(text)  # checked, these bytes would be refused
    # a record saying these very bytes were checked: the worker takes its word (by hash)
    rewrite(svc, sub, text, log_sha256=text_sha256(text))
    assert judge_job(svc.store, sub.id) == "finished"
    assert svc.get(sub.id).summary["steps"] == len(game("trust")["actions"])


def test_the_worker_refuses_bytes_other_than_those_checked(redis_url: str) -> None:
    from worker.service import judge_job

    svc = service(redis_url)
    sub, _ = svc.submit(game("other"))
    # the same document written otherwise is other bytes, too
    spaced = json.dumps(game("other"), indent=1)
    for text in (unchecked(game("other")), spaced):
        rewrite(svc, sub, text, status="queued", reason=None, finished_at=None)
        assert judge_job(svc.store, sub.id) == "failed"
        done = svc.get(sub.id)
        assert done.reason.startswith("the stored log is not the one accepted")
        assert sub.log_sha256 in done.reason and done.reason.endswith("not judged")
        assert svc.store.result(sub.id) is None


def test_a_record_without_the_hash_is_checked_in_full_and_refused_when_bad(
    redis_url: str,
) -> None:
    from worker.service import judge_job

    svc = service(redis_url)
    good, _ = svc.submit(game("legacy-good"))
    bad, _ = svc.submit(game("legacy-bad"))
    rewrite(svc, good, log_sha256=None)  # as an earlier version of the API wrote it
    rewrite(svc, bad, unchecked(game("legacy-bad")), log_sha256=None)
    assert judge_job(svc.store, good.id) == "finished"
    assert judge_job(svc.store, bad.id) == "failed"
    reason = svc.get(bad.id).reason
    assert reason.startswith("the log was refused when judged: actions[3].zzz"), reason
    assert "engine" not in reason  # bad input, never passed off as an engine's fault


def test_a_record_written_by_a_later_version_is_still_read(redis_url: str) -> None:
    svc = service(redis_url)
    sub, _ = svc.submit(game("later"))
    rewrite(svc, sub, a_field_of_a_later_version={"x": 1})
    assert svc.get(sub.id).to_dict() == sub.to_dict()
