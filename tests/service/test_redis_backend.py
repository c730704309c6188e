"""The Redis store and the RQ runner on a real Redis, with real worker processes."""

from __future__ import annotations

import copy
import functools
import os
import socket
import subprocess
import sys
import threading
import time
import zlib
from pathlib import Path
from typing import Any

import pytest

from judge.core.canonical import canonical_json
from judge.core.replay import replay
from judge.core.selfplay import random_game
from judge.games.union_arena.sample import sample_envelope

pytestmark = pytest.mark.redis

TTL = 600


@functools.cache
def _game(seed: str) -> dict[str, Any]:
    return random_game(sample_envelope(seed), seed)


def game(seed: str) -> dict[str, Any]:
    """A typical log: one random Union Arena game (150-300 actions)."""
    return copy.deepcopy(_game(seed))


def service(url: str, **settings: Any) -> Any:
    from worker.config import Settings
    from worker.rqbackend import redis_service

    return redis_service(settings=Settings(redis_url=url, result_ttl=TTL, **settings))


# -- the store ---------------------------------------------------------------------------------------


def test_the_client_parses_replies_and_packs_commands_with_hiredis(redis_url: str) -> None:
    """The service extra asks for ``redis[hiredis]`` and redis-py takes it when installed:
    replies parsed and commands packed in C, where in Python they cost about a fifth of
    the service's CPU a job (docs/service.md, *The benchmark*).  A dependency dropped, or a
    redis-py that no longer takes it, fails here rather than only slowing every job."""
    from worker.redis_store import connect

    # the API's kind of client (a bounded pool) and the workers' (redis-py's own pool)
    for client in (connect(redis_url, pool_size=2), connect(redis_url)):
        try:
            assert client.ping()
            conn = client.connection_pool.get_connection()
            try:
                assert "Hiredis" in type(conn._parser).__name__
                assert "Hiredis" in type(conn._command_packer).__name__
            finally:
                client.connection_pool.release(conn)
        finally:
            client.close()


def test_identical_submissions_at_the_same_instant_get_one_job(redis_url: str) -> None:
    svc = service(redis_url)
    doc = game("same")
    barrier = threading.Barrier(8)
    answers: list[tuple[str, bool]] = []

    def submit() -> None:
        mine = service(redis_url)  # a client of its own, as in separate API processes
        barrier.wait()
        sub, created = mine.submit(doc)
        answers.append((sub.id, created))

    threads = [threading.Thread(target=submit) for _ in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len(answers) == 8
    assert len({job_id for job_id, _ in answers}) == 1
    assert [created for _, created in answers].count(True) == 1
    assert svc.runner.queue.count == 1  # one RQ job
    # other options are another submission
    other, created = svc.submit(doc, on_illegal="stop")
    assert created and other.id != answers[0][0]
    assert svc.runner.queue.count == 2


def test_a_failed_submission_is_judged_anew(redis_url: str) -> None:
    from worker.service import fail

    svc = service(redis_url)
    first, _ = svc.submit(game("again"))
    fail(svc.store, first.id, "test")
    second, created = svc.submit(game("again"))
    assert created and second.id != first.id
    third, created = svc.submit(game("again"))
    assert not created and third.id == second.id


def test_every_key_expires(redis_url: str) -> None:
    from worker.service import judge_job

    svc = service(redis_url)
    sub, _ = svc.submit(game("ttl"))
    client = svc.store.client
    keys = list(client.scan_iter(match="judge:*"))
    assert {k.decode().split(":")[1] for k in keys} == {"sub", "log", "hash", "pending"}
    assert all(0 < client.ttl(k) <= TTL for k in keys)

    judge_job(svc.store, sub.id)  # in this process: the worker path is tested below
    assert svc.get(sub.id).status == "finished"
    keys = list(client.scan_iter(match="judge:*"))
    assert {k.decode().split(":")[1] for k in keys} >= {"sub", "log", "hash", "result"}
    assert all(0 < client.ttl(k) <= TTL for k in keys), {k: client.ttl(k) for k in keys}


def test_a_result_lives_result_ttl_from_when_it_was_computed(redis_url: str) -> None:
    from worker.redis_store import RedisStore
    from worker.service import judge_job

    svc = service(redis_url)
    sub, _ = svc.submit(game("keep"))
    store = RedisStore(svc.store.client, result_ttl=5000)
    judge_job(store, sub.id)
    for key in store.keys_of(sub):
        assert TTL < store.client.ttl(key) <= 5000


def test_results_round_trip_compressed_or_not(redis_url: str) -> None:
    from worker.redis_store import RedisStore

    svc = service(redis_url)
    doc = game("round-trip")
    expected = replay(canonical_json(doc))
    for level in (6, 0):
        store = RedisStore(svc.store.client, prefix=f"rt{level}:", compress_level=level)
        sub, _ = svc.submit(doc, on_illegal=("skip", "apply")[level == 0])
        store.create(sub, canonical_json(doc), TTL)
        store.save_result(sub, expected)
        assert canonical_json(store.result(sub.id)) == canonical_json(expected)
        fields = store.client.hgetall(store.key("result", sub.id))  # the head and the pages
        pages = [v for name, v in fields.items() if name != b"head"]
        size = sum(len(v) for v in pages)
        # the steps' JSON without its brackets and the commas between pages
        plain = len(canonical_json(expected["steps"]).encode()) - 2 - (len(pages) - 1)
        assert size == plain if level == 0 else size < plain / 5


@pytest.mark.parametrize("level", ["0", "1", "9"])
def test_the_workers_compress_results_at_judge_compress_level(
    redis_url: str, start_workers: Any, wait_for: Any, level: str
) -> None:
    svc = service(redis_url)
    start_workers(1, env={"JUDGE_COMPRESS_LEVEL": level})
    doc = game(f"level-{level}")
    sub, _ = svc.submit(doc)
    wait_for(lambda: svc.get(sub.id).status == "finished", 60)
    from worker import paged

    def hash_of(job_id: str) -> dict[bytes, bytes]:
        return svc.store.client.hgetall(svc.store.key("result", job_id))

    records: list[Any] = []  # each step's record of what it withholds from each perspective
    expected = replay(canonical_json(doc), withheld=records)
    plain = svc.store.result_bytes(sub.id)
    assert plain == canonical_json(expected).encode()
    # submitted from the judge's view: the head and the pages, the records left for later
    later = {**expected, paged.RECORDS: paged.LATER}
    assert hash_of(sub.id) == {k.encode(): v for k, v in paged.encode(later, int(level)).items()}
    # the first read from a narrower view has them made, by a worker, stored alike
    assert (
        svc.replay_json(svc.get(sub.id), "public")
        == canonical_json(replay(canonical_json(doc), perspective="public")).encode()
    )
    made = {**paged.encode(later, int(level)), **paged.encode_records(records, int(level))}
    assert hash_of(sub.id) == {k.encode(): v for k, v in made.items()}
    # submitted from a player's view: the job makes them with the pages
    mine, _ = svc.submit(game(f"level-{level}-A"), perspective="A")
    wait_for(lambda: svc.get(mine.id).status == "finished", 60)
    records = []
    again = replay(canonical_json(game(f"level-{level}-A")), withheld=records)
    with_records = {**again, paged.RECORDS: records}
    assert hash_of(mine.id) == {
        k.encode(): v for k, v in paged.encode(with_records, int(level)).items()
    }
    for value in hash_of(sub.id).values():
        if level == "0":
            assert value[:1] == b"{"
        else:
            assert value[:4] == b"\x28\xb5\x2f\xfd"


def test_a_result_that_zlib_wrote_is_still_read(redis_url: str) -> None:
    """Results stored before they were Zstandard frames live on until they expire."""
    svc = service(redis_url)
    doc = game("zlib-era")
    sub, _ = svc.submit(doc)
    plain = canonical_json(replay(canonical_json(doc))).encode()
    svc.store.client.set(svc.store.key("result", sub.id), zlib.compress(plain, 1))
    assert svc.store.result_bytes(sub.id) == plain
    assert canonical_json(svc.store.result(sub.id)).encode() == plain


def test_finished_is_final_and_a_late_result_does_not_undo_a_failure(redis_url: str) -> None:
    from worker.service import fail

    svc = service(redis_url)
    store = svc.store
    done, _ = svc.submit(game("final"))
    done.status = "finished"
    store.save_result(done, {"steps": [], "summary": {}})
    fail(store, done.id, "too late")
    done.status = "queued"
    store.update(done)
    assert store.get(done.id).status == "finished"

    late, _ = svc.submit(game("late"))
    fail(store, late.id, "time limit exceeded (1 s)")
    late.status = "finished"
    store.save_result(late, {"steps": [], "summary": {}})
    assert store.get(late.id).status == "failed"
    assert store.result(late.id) is None


def test_ping_is_false_and_calls_raise_store_unavailable_when_redis_is_down(
    private_redis: Any,
) -> None:
    from worker.redis_store import StoreUnavailable

    svc = service(private_redis.url)
    sub, _ = svc.submit(game("down"))
    assert svc.store.ping() is True
    private_redis.stop()
    clock = time.monotonic()
    assert svc.store.ping() is False
    assert time.monotonic() - clock < 5
    assert svc.ready() == {"store": False, "workers": 0, "mode": "redis", "ready": False}
    with pytest.raises(StoreUnavailable):
        svc.get(sub.id)
    with pytest.raises(StoreUnavailable):
        svc.submit(game("down-2"))
    with pytest.raises(StoreUnavailable):
        svc.runner.workers_alive()


def test_a_full_redis_refuses_submissions_as_unavailable_and_stores_nothing(
    redis_url: str,
) -> None:
    from worker.redis_store import StoreUnavailable

    svc = service(redis_url)
    client = svc.store.client
    client.config_set("maxmemory", "1")  # noeviction (the default): every write is refused
    try:
        with pytest.raises(StoreUnavailable, match="maxmemory"):
            svc.submit(game("full"))
    finally:
        client.config_set("maxmemory", "0")
    assert list(client.scan_iter(match="judge:*")) == []


# -- the runner and the workers -------------------------------------------------------------------------


def test_end_to_end_the_result_is_the_judge_replay_byte_for_byte(
    redis_url: str, start_workers: Any
) -> None:
    svc = service(redis_url)
    docs = {seed: game(seed) for seed in ("e1", "e2", "e3")}
    subs = {seed: svc.submit(doc, on_illegal="apply")[0] for seed, doc in docs.items()}
    assert svc.ready()["workers"] == 0
    workers = start_workers(2, burst=True, wait=False)
    assert workers.proc.wait(30) == 0  # burst: the queue is empty, the workers quit
    for seed, sub in subs.items():
        done = svc.get(sub.id)
        assert (done.status, done.reason, done.attempts) == ("finished", None, 1)
        expected = replay(canonical_json(docs[seed]), on_illegal="apply")
        assert canonical_json(svc.store.result(sub.id)) == canonical_json(expected)
        assert done.summary == expected["summary"]
        page = svc.steps(sub.id, 0, 5)
        assert page["total"] == len(expected["steps"])
        assert canonical_json(page["steps"]) == canonical_json(expected["steps"][:5])


def test_workers_alive_counts_the_running_workers(
    redis_url: str, start_workers: Any, wait_for: Any
) -> None:
    svc = service(redis_url)
    assert svc.runner.workers_alive() == 0
    workers = start_workers(2)
    assert svc.runner.workers_alive() == 2
    assert svc.ready()["ready"] is True
    sub, _ = svc.submit(game("alive"))
    wait_for(lambda: svc.get(sub.id).status == "finished", 30)
    assert workers.stop() == 0  # SIGTERM: a warm shutdown, the workers unregister
    assert svc.runner.workers_alive() == 0


def test_accepted_jobs_survive_a_redis_crash(private_redis: Any) -> None:
    svc = service(private_redis.url)
    sub, created = svc.submit(game("crash"))
    assert created
    private_redis.kill()  # SIGKILL: only the append-only file (fsync always) survives
    private_redis.start()
    assert svc.get(sub.id).status == "queued"
    env = {k: v for k, v in os.environ.items() if not k.startswith("JUDGE_")}
    env.update(REDIS_URL=private_redis.url, PYTHONPATH=str(Path(__file__).resolve().parents[2]))
    done = subprocess.run(
        [sys.executable, "-m", "judge.cli", "worker", "--burst"],
        env=env,
        capture_output=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr.decode()[-2000:]
    assert svc.get(sub.id).status == "finished"


def test_the_reaper_enqueues_a_submission_that_never_reached_the_queue(redis_url: str) -> None:
    from worker.rqbackend import reap
    from worker.service import Submission

    svc = service(redis_url)
    sub = Submission(
        id="0" * 32,
        content_hash="h" * 64,
        game="union-arena",
        on_illegal="skip",
        perspective="judge",
        players=["A", "B"],
        submitted_at=time.time() - 60,
    )
    svc.store.create(sub, canonical_json(game("orphan")), TTL)  # stored, the enqueue "failed"
    assert svc.runner.queue.count == 0
    report = reap(svc.store.client, svc.runner.settings)
    assert report is not None and report.requeued == [sub.id]
    assert svc.runner.queue.job_ids == [sub.id]
    report = reap(svc.store.client, svc.runner.settings)
    assert report is not None and report.requeued == []  # once


def test_judge_worker_refuses_bad_settings_and_an_unreachable_redis() -> None:
    pytest.importorskip("rq", reason="the service extra (redis, rq) is not installed")
    from click.testing import CliRunner

    from judge.cli import main

    port = socket.socket()
    port.bind(("127.0.0.1", 0))
    url = f"redis://127.0.0.1:{port.getsockname()[1]}/0"  # bound, not listening: refused
    runner = CliRunner()
    result = runner.invoke(main, ["worker", "--redis-url", url])
    port.close()
    assert result.exit_code == 2
    assert f"error: cannot reach Redis at {url}" in result.output
    result = runner.invoke(main, ["worker"], env={"JUDGE_JOB_RETRIES": "many"})
    assert result.exit_code == 2
    assert "JUDGE_JOB_RETRIES: must be a whole number >= 0, not 'many'" in result.output


# -- annotations ---------------------------------------------------------------------------------


def test_annotations_live_as_long_as_their_submission_and_are_bounded(redis_url: str) -> None:
    from worker.redis_store import RedisStore
    from worker.service import judge_job

    svc = service(redis_url)
    sub, _ = svc.submit(game("annotated"))
    store = RedisStore(svc.store.client, result_ttl=5000)
    judge_job(store, sub.id)
    notes = [{"step": n, "text": f"note {n}", "view": "public"} for n in range(3)]
    assert [store.add_annotation(sub.id, note, limit=3) for note in notes] == [1, 2, 3]
    assert store.add_annotation(sub.id, {"step": 9, "text": "over"}, limit=3) == 0
    assert store.annotations(sub.id) == notes
    key = store.key("notes", sub.id)
    assert abs(store.client.pttl(key) - store.client.pttl(store.key("sub", sub.id))) < 1000
    assert 4000 < store.client.ttl(key) <= 5000
    assert store.add_annotation("no-such-job", notes[0], limit=3) is None
    assert store.annotations("no-such-job") == []
    # a second client (another API process) reads the same list
    assert service(redis_url).store.annotations(sub.id) == notes
