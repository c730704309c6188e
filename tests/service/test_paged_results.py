"""Finished replays stored in pages (:mod:`worker.paged`), read in proportion to what is sent.

Found (issue 10): a finished replay was one compressed frame of its canonical JSON and every
read decoded all of it; for a 100,000-action replay ``/steps?limit=1`` took 8.5 s and 2 GB
in an API process.  Now a result is a head and pages of 100 steps, in the embedded store
and in Redis alike (each test runs on both, Redis a real one): the whole replay is put
together page by page byte for byte as judged, a perspective is redacted a page at a time,
``steps`` reads only its pages, and the memory a read takes is measured (tracemalloc) to
stay far below the replay's size, where the same read of a result stored the old way takes
several times the replay's size.  Results stored the old way (before pages) are still read
by every reading method.
"""

from __future__ import annotations

import functools
import secrets
import tracemalloc
import zlib
from collections.abc import Iterator
from typing import Any

import pytest
import zstandard

from judge.core.canonical import canonical_bytes, canonical_json
from judge.core.export import export, export_chunks
from judge.core.perspective import redact
from judge.core.replay import replay
from judge.core.selfplay import random_game
from judge.games import engine_class
from judge.games.union_arena.sample import sample_envelope
from worker import paged
from worker.service import JudgeService, MemoryStore, NotFound, Submission

PRIVATE = engine_class("union-arena").private_zones
VIEWS = ("judge", "public", "A", "B")


@functools.cache
def _judged(seed: str) -> dict[str, Any]:
    """A long self-play game (attacks unlikely, so it runs until a deck is out), judged."""
    log = random_game(sample_envelope(seed), seed, max_actions=2000, weights={"attack": 0})
    return replay(canonical_json(log))


def long_replay(steps: int, seed: str = "paged") -> dict[str, Any]:
    """A judged replay with ``steps`` steps: a real one's steps repeated and renumbered (the
    same kinds of steps, keyframe states and private events as a long game has)."""
    base = _judged(seed)
    out = dict(base)
    out["steps"] = [{**base["steps"][i % len(base["steps"])], "index": i} for i in range(steps)]
    return out


def _sub() -> Submission:
    return Submission(
        id=secrets.token_hex(16),
        content_hash=secrets.token_hex(32),
        game="union-arena",
        on_illegal="skip",
        perspective="judge",
        players=["A", "B"],
    )


class _NoRunner:
    def enqueue(self, job_id: str) -> None:
        raise AssertionError("nothing is judged here")

    def workers_alive(self) -> int:
        return 1


@pytest.fixture(params=["memory", "redis"])
def store(request: pytest.FixtureRequest) -> Any:
    """Each store, with pages of 10 steps (so that small replays span many pages)."""
    if request.param == "memory":
        return MemoryStore(page_size=10)
    from worker.redis_store import RedisStore

    url = request.getfixturevalue("redis_url")
    return RedisStore.from_url(url, prefix="paged:", result_ttl=600, page_size=10)


def stored(store: Any, result: dict[str, Any]) -> tuple[JudgeService, Submission]:
    """``result`` saved as a finished job's replay in ``store``; the service and the job."""
    sub = _sub()
    store.create(sub, "{}", 600)
    sub.status = "finished"
    assert store.save_result(sub, result)
    return JudgeService(store=store, runner=_NoRunner()), sub


def store_the_old_way(store: Any, sub: Submission, result: dict[str, Any], how: str) -> None:
    """``result`` as the Redis store wrote it before pages: one string at the result's key,
    a Zstandard frame of the whole canonical JSON (or zlib, or plain JSON)."""
    plain = canonical_bytes(result)
    blob = {"zstd": zstandard.compress(plain, 1), "zlib": zlib.compress(plain, 1), "plain": plain}
    key = store.key("result", sub.id)
    store.client.delete(key)
    store.client.set(key, blob[how], ex=600)


def check_every_read(svc: JudgeService, sub: Submission, result: dict[str, Any]) -> None:
    """Every reading method gives what the whole replay gives, for every perspective."""
    total = len(result["steps"])
    assert svc.store.result(sub.id) == result
    assert svc.store.result_bytes(sub.id) == canonical_bytes(result)
    for view in VIEWS:
        expected = redact(result, view, PRIVATE)
        assert b"".join(svc.replay_chunks(sub, view)) == canonical_bytes(expected), view
        assert svc.replay_json(sub, view) == canonical_bytes(expected), view
        assert svc.replay_of(sub.id, view) == expected
        html = "".join(export_chunks(svc.replay_for_export(sub.id, view), "html", every=7))
        assert html == export(expected, "html"), view
        for offset, limit in (
            (0, 1),
            (9, 2),
            (10, 10),
            (5, 500),
            (max(total - 1, 0), 5),
            (total, 3),
        ):
            page = svc.steps(sub.id, offset, limit, view)
            assert page["total"] == total
            assert page["steps"] == expected["steps"][offset : offset + limit], (offset, limit)


# -- the stored form ---------------------------------------------------------------------------------


@pytest.mark.parametrize("steps", [0, 1, 10, 11, 57])
def test_the_replay_is_put_together_byte_for_byte_as_judged(store: Any, steps: int) -> None:
    """Head and pages spliced together are the canonical JSON of the judged replay, at
    every page boundary (none, one short page, one full, one and one step, several)."""
    result = long_replay(steps)
    svc, sub = stored(store, result)
    assert b"".join(store.stored_result(sub.id).json_chunks()) == canonical_bytes(result)
    check_every_read(svc, sub, result)


def test_a_real_judged_replay_reads_the_same_through_every_method(store: Any) -> None:
    result = _judged("real")
    check_every_read(*stored(store, result), result)


def test_the_stored_fields_are_a_head_and_compressed_pages(store: Any) -> None:
    result = long_replay(25)
    svc, sub = stored(store, result)
    fields = paged.encode(result, 1, 10)
    assert list(fields) == ["head", "0", "1", "2"]
    assert all(value[:4] == paged.ZSTD_MAGIC for value in fields.values())
    assert zstandard.decompress(fields["1"]) == canonical_bytes(result["steps"][10:20])[1:-1]
    meta, before, after = zstandard.decompress(fields["head"]).split(b"\n")
    assert paged.loads(meta) == {"format": "judge-paged/1", "page_size": 10, "steps": 25}
    assert before.endswith(b'"steps":[') and after.startswith(b"]")
    assert before + canonical_bytes(result["steps"])[1:-1] + after == canonical_bytes(result)
    if hasattr(store, "client"):  # Redis: one hash, with the finished record's TTL
        key = store.key("result", sub.id)
        assert store.client.type(key) == b"hash"
        assert store.client.hgetall(key) == {k.encode(): v for k, v in fields.items()}
        assert 0 < store.client.ttl(key) <= 600


def test_a_document_without_steps_round_trips(store: Any) -> None:
    svc, sub = stored(store, {"summary": {}, "game": "union-arena"})
    assert store.result(sub.id) == {"summary": {}, "game": "union-arena"}
    assert svc.replay_json(sub) == b'{"game":"union-arena","summary":{}}'
    assert svc.steps(sub.id, 0, 5)["steps"] == []


def test_integers_over_64_bits_stay_whole_in_pages(store: Any) -> None:
    result = {"match": {"table": 2**70}, "summary": {}, "steps": [{"index": 0, "n": 2**65}]}
    svc, sub = stored(store, result)
    assert store.result(sub.id) == result
    assert svc.steps(sub.id, 0, 1)["steps"] == [{"index": 0, "n": 2**65}]


def test_a_result_whose_pages_are_gone_while_it_is_read(redis_url: str) -> None:
    """The head was read, then the pages went (the result expired between two reads): a
    page of steps is NotFound (404), a stream already started stops with ResultExpired
    (its HTTP client sees a cut chunked body, never a wrong replay).  The embedded store's
    reader holds the result's dict, so nothing vanishes under it."""
    from worker.redis_store import RedisStore

    store = RedisStore.from_url(redis_url, prefix="gone:", result_ttl=600, page_size=10)
    svc, sub = stored(store, long_replay(100))  # 10 pages: 8 come with the head
    chunks = svc.replay_chunks(sub, "public")
    assert next(chunks).startswith(b'{"cards":')
    store.client.hdel(store.key("result", sub.id), "8", "9")
    with pytest.raises(paged.ResultExpired):
        list(chunks)
    with pytest.raises(NotFound):
        svc.steps(sub.id, 85, 1)
    assert len(svc.steps(sub.id, 70, 10)["steps"]) == 10  # the pages still there


def test_redis_writes_thousands_of_pages_in_one_script(redis_url: str) -> None:
    """The script writes the fields in HSETs of at most 500 pairs (Lua's unpack has a
    limit): 2,000 pages here."""
    from worker.redis_store import RedisStore

    store = RedisStore.from_url(redis_url, prefix="many:", page_size=5)
    result = long_replay(10_000)
    svc, sub = stored(store, result)
    assert store.client.hlen(store.key("result", sub.id)) == 2001
    assert svc.replay_json(sub) == canonical_bytes(result)
    assert svc.steps(sub.id, 9_998, 10)["steps"] == result["steps"][9_998:]


# -- results stored before pages ------------------------------------------------------------------


@pytest.mark.parametrize("how", ["zstd", "zlib", "plain"])
def test_a_result_stored_the_old_way_is_read_by_every_method(redis_url: str, how: str) -> None:
    from worker.redis_store import RedisStore

    store = RedisStore.from_url(redis_url, prefix="old:", result_ttl=600)
    result = long_replay(230)
    svc, sub = stored(store, result)
    store_the_old_way(store, sub, result, how)
    assert isinstance(store.stored_result(sub.id), paged.WholeReplay)
    check_every_read(svc, sub, result)
    # the judge's JSON of an old result is its stored bytes, as they were
    assert list(svc.replay_chunks(sub, "judge")) == [canonical_bytes(result)]


# -- what a read costs ----------------------------------------------------------------------------

#: the big replay's steps: about 10.5 MB of canonical JSON (the issue's 100,000-action replay
#: took 2 GB to read one step of)
BIG = 20_000


def peak_of(read: Any) -> int:
    """The most memory (bytes, tracemalloc) held at once during ``read()`` beyond what was
    held before it."""
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        read()
        return tracemalloc.get_traced_memory()[1] - before
    finally:
        tracemalloc.stop()


def _drain(chunks: Iterator[Any]) -> None:
    for _ in chunks:
        pass


def _first(chunks: Iterator[Any], count: int) -> None:
    for _ in range(count):
        next(chunks)
    chunks.close()  # type: ignore[attr-defined]


@pytest.mark.parametrize("kind", ["memory", "redis"])
def test_a_read_of_a_big_replay_holds_a_page_not_the_replay(
    kind: str, request: pytest.FixtureRequest
) -> None:
    """A step, a perspective's whole replay (streamed), and the HTML's first screen of a
    20,000-step replay (10.5 MB of JSON) each hold under 2 MB at once; the same reads of the
    result stored the old way hold more than the replay's whole JSON (they decode it all),
    which is what the bound tells apart."""
    if kind == "memory":
        store: Any = MemoryStore()
    else:
        from worker.redis_store import RedisStore

        url = request.getfixturevalue("redis_url")
        store = RedisStore.from_url(url, prefix="big:", result_ttl=600)
    result = long_replay(BIG)
    size = len(canonical_bytes(result))
    assert size > 10_000_000
    svc, sub = stored(store, result)
    del result

    reads = {
        "/steps?limit=1, public": lambda: svc.steps(sub.id, 0, 1, "public"),
        "/steps?offset=19950&limit=50, A": lambda: svc.steps(sub.id, BIG - 50, 50, "A"),
        "the public replay, streamed": lambda: _drain(svc.replay_chunks(sub, "public")),
        "the judge's replay, streamed": lambda: _drain(svc.replay_chunks(sub, "judge")),
        "the HTML's first screen": lambda: _first(
            export_chunks(svc.replay_for_export(sub.id, "public"), "html"), 2
        ),
    }
    bound = 2_000_000  # a fifth of the replay's JSON; the reads measured 0.3-1.0 MB
    peaks = {name: peak_of(read) for name, read in reads.items()}
    assert all(peak < bound for peak in peaks.values()), (size, peaks)

    if kind == "redis":  # the same reads of the result stored the old way
        store_the_old_way(store, sub, store.result(sub.id), "zstd")
        old = {name: peak_of(reads[name]) for name in ("/steps?limit=1, public",)}
        assert all(peak > size for peak in old.values()), (size, old)
