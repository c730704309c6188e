"""Faults under load, end to end: HTTP (gunicorn) → real ``judge worker`` processes → a real
Redis (private, AOF with ``appendfsync always``).

The requirement throughout is **nothing accepted is lost**: every submission answered 202
ends ``finished``, or ``failed`` with a reason, within a bound, and is never unknown (404)
afterwards; while a part is down the API answers ``503 application/problem+json`` with
``Retry-After``, never a 500, a traceback or an HTML page.

Bounds are generous (a shared, noisy 2-core machine) and only bound the waits: no test
asserts how fast anything is.  The workers run with the ``FAST`` intervals of the conftest
(a dead worker's job is retried within 1 + 2 + 1 = 4 s).
"""

from __future__ import annotations

import concurrent.futures
import contextlib
import copy
import functools
import http.client
import itertools
import os
import random
import signal
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pytest

from judge.core.canonical import canonical_json
from judge.core.replay import replay
from judge.core.selfplay import random_game
from judge.games.union_arena.sample import sample_envelope

pytestmark = pytest.mark.redis

#: seconds within which every accepted job ends once all parts are up again
SETTLE = 60
#: ... after a Redis crash under load.  A job a fork worker had just taken from the queue
#: when Redis died (RQ moved it to the queue's "intermediate" list, and the worker may have
#: registered its execution, but its job process had not marked it started) is stranded:
#: neither in the queue nor running, and a crash under load leaves one in most runs.  RQ's
#: own clean-up of that list waits a fixed minute (60-90 s after the restart as measured
#: here); the reaper queues it again within the dead-worker bound (``worker.reaper.reap``,
#: rule 3; with the ``FAST`` intervals about 4 s after Redis is back, measured 0.3-0.7 s),
#: and the whole set ends a few seconds after the restart.  This bound has room for a
#: loaded machine and stays below RQ's minute: a stranded job left to RQ fails the test.
AFTER_REDIS_CRASH = 30


@functools.cache
def _small(seed: str, actions: int) -> dict[str, Any]:
    return random_game(sample_envelope(seed), seed, max_actions=actions)


def small_log(seed: str, actions: int = 40) -> dict[str, Any]:
    """The first ``actions`` actions of a random game: still a valid log, quick to judge."""
    return copy.deepcopy(_small(seed, actions))


def variant(doc: dict[str, Any], n: int) -> dict[str, Any]:
    """``doc`` as another match (another document: another job)."""
    out = copy.deepcopy(doc)
    out["match"] = {"event": f"load-{n}"}
    return out


def expected_summary(doc: dict[str, Any], on_illegal: str = "skip") -> dict[str, Any]:
    """The API's ``summary`` of ``doc``, from a local replay."""
    summary = replay(canonical_json(doc), on_illegal=on_illegal)["summary"]
    result = summary.get("result")
    return {
        "winner": result.get("winner") if isinstance(result, dict) else None,
        "result": result,
        "illegal_steps": list(summary.get("illegal_steps") or []),
        "unverifiable_steps": list(summary.get("unverifiable_steps") or []),
        "steps": summary["steps"],
        "stopped_at": summary.get("stopped_at"),
        "uncertain_steps": list(summary.get("uncertain_steps") or []),
        "recorded_steps": list(summary.get("recorded_steps") or []),
    }


# -- a client load ------------------------------------------------------------------------------------


@dataclass
class Sent:
    """One submission: when it was sent and answered (monotonic), and the answer."""

    n: int
    sent: float
    answered: float
    status: int  # 0: no HTTP answer at all (the connection failed)
    headers: dict[str, str]
    body: Any
    error: str = ""

    @property
    def job_id(self) -> str | None:
        return self.body.get("id") if self.status in (200, 202) else None


class Load:
    """``threads`` clients submitting ``make(n)`` for n = 0, 1, 2, … until stopped, each at
    most one submission every ``every`` seconds (a steady load the workers keep up with);
    each waits ``pause`` seconds after a 503 (as a client honouring Retry-After would,
    shorter)."""

    def __init__(
        self,
        api: Any,
        make: Callable[[int], dict[str, Any]],
        threads: int,
        every: float = 0.1,
        pause: float = 0.1,
    ) -> None:
        self.api = api
        self.make = make
        self.every = every
        self.pause = pause
        self.sent: list[Sent] = []
        self._count = itertools.count()
        self._lock = threading.Lock()
        self._stop = threading.Event()
        self._threads = [threading.Thread(target=self._run, daemon=True) for _ in range(threads)]

    def __enter__(self) -> Load:
        for t in self._threads:
            t.start()
        return self

    def __exit__(self, *exc: Any) -> None:
        self.stop()

    def stop(self) -> None:
        self._stop.set()
        for t in self._threads:
            t.join(60)

    def _run(self) -> None:
        while not self._stop.is_set():
            with self._lock:
                n = next(self._count)
            doc = self.make(n)
            sent = time.monotonic()
            try:
                answer = self.api.submit(doc)
                body: Any = answer.body
                with contextlib.suppress(ValueError):
                    body = answer.json
                record = Sent(n, sent, time.monotonic(), answer.status, answer.headers, body)
            except (OSError, http.client.HTTPException) as exc:
                record = Sent(n, sent, time.monotonic(), 0, {}, None, repr(exc))
            with self._lock:
                self.sent.append(record)
            wait = self.every - (record.answered - sent)
            if record.status not in (200, 202):
                wait = max(wait, self.pause)
            if wait > 0:
                self._stop.wait(wait)

    def accepted(self, after: float = float("-inf")) -> list[Sent]:
        with self._lock:
            return [s for s in self.sent if s.job_id and s.sent >= after]


def check_unavailable(answer: Any) -> None:
    """A 503 problem with Retry-After: what a client sees while the store is down."""
    status, headers, body = answer.status, answer.headers, answer.body
    assert status == 503, (status, body if isinstance(body, dict) else body[:300])
    assert headers.get("content-type", "").startswith("application/problem+json"), headers
    assert headers.get("retry-after") == "5", headers
    doc = body if isinstance(body, dict) else answer.json
    assert doc["status"] == 503 and doc["type"].startswith("urn:tcg-judge:problem:"), doc
    text = repr(doc)
    assert "Traceback" not in text and "<html" not in text.lower(), doc


def settle(api: Any, ids: list[str], timeout: float) -> dict[str, dict[str, Any]]:
    """Every job of ``ids`` once ended (finished or failed), followed over HTTP by 16
    clients; AssertionError if one does not end within ``timeout`` or is unknown."""
    deadline = time.monotonic() + timeout

    def one(job_id: str) -> dict[str, Any]:
        return api.follow(job_id, max(1.0, deadline - time.monotonic()))

    with concurrent.futures.ThreadPoolExecutor(16) as pool:
        return dict(zip(ids, pool.map(one, ids), strict=True))


# -- Redis crashes and comes back --------------------------------------------------------------------------


def test_redis_killed_and_restarted_under_load_loses_nothing_accepted(
    system: Any, wait_for: Any
) -> None:
    """Six clients submit distinct logs continuously (each up to 10 a second); Redis is SIGKILLed (a crash: only the
    append-only file survives, fsynced at every write) for 3 s, then started again on the
    same port and directory.  While it is down every answer is a 503 problem with
    Retry-After; every 202 ends finished or failed (with a reason) within
    ``AFTER_REDIS_CRASH`` s of the restart (a job stranded by the crash included), and
    none is unknown.

    Nothing restarts the workers by hand: a worker that loses Redis either waits for it
    (RQ retries its dequeue) or exits, and then its ``judge worker`` supervisor starts it
    again; a job cut short by the crash is reaped as abandoned and retried."""
    stack = system()
    api, redis = stack.api, stack.redis
    bases = [small_log(f"outage-{i}") for i in range(20)]
    with Load(api, lambda n: variant(bases[n % len(bases)], n), threads=6) as load:
        wait_for(lambda: len(load.accepted()) >= 30, 60, "30 submissions accepted")
        redis.kill()
        down = time.monotonic()
        # probes while it is down: every endpoint that needs the store is a 503 problem
        known = load.accepted()[0].job_id
        check_unavailable(api.submit(variant(bases[0], -1)))
        check_unavailable(api.get(f"/v1/replays/{known}"))
        check_unavailable(api.get(f"/v1/replays/{known}?wait=2"))
        check_unavailable(api.get(f"/v1/replays/{known}/steps"))
        ready = api.get("/readyz")
        check_unavailable(ready)
        assert ready.json["store"] is False and ready.json["ready"] is False
        assert api.get("/healthz").status == 200  # alive, not ready
        time.sleep(max(0.0, 3 - (time.monotonic() - down)))
        up = time.monotonic()
        redis.start()  # the same port and directory: the append-only file is replayed
        wait_for(lambda: len(load.accepted(after=up)) >= 20, 60, "20 accepted after the restart")
    sent = load.sent
    statuses = {s.status for s in sent}
    assert statuses <= {202, 503}, {s.status: (s.body, s.error) for s in sent}
    for s in sent:
        if s.status == 503:
            check_unavailable(s)
        else:
            assert s.body["reused"] is False and s.headers["location"] == s.body["url"]
    # a submission sent after the crash and answered before the restart cannot be accepted
    while_down = [s for s in sent if s.sent > down and s.answered < up]
    assert while_down and all(s.status == 503 for s in while_down)

    accepted = load.accepted()
    ids = [s.job_id for s in accepted]
    assert len(ids) == len(set(ids))
    ended = settle(api, ids, AFTER_REDIS_CRASH)
    outcome = {job_id: job["status"] for job_id, job in ended.items()}
    assert set(outcome.values()) <= {"finished", "failed"}
    for job in ended.values():
        if job["status"] == "failed":
            assert job["reason"], job
        else:
            assert job["summary"]["steps"] == 40, job["summary"]
    # still known afterwards (nothing expired or vanished), and the workers are back
    for job_id in random.Random(0).sample(ids, min(20, len(ids))):
        assert api.get(f"/v1/replays/{job_id}").status == 200
    assert api.get("/readyz").status == 200  # the workers' registrations mended, if lost
    # the workers could not beat while Redis was down: none was taken for a stalled one
    from worker.workers import STALLED

    assert STALLED not in stack.workers.tail(10**7)


# -- many clients at once ----------------------------------------------------------------------------------


def test_500_concurrent_submissions_nothing_lost(system: Any) -> None:
    """500 distinct small logs (the first 40 actions of 500 self-play games) from 32
    concurrent clients over HTTP: each answered 202, each job ends finished, exactly 500 of
    them, and the summaries of a sample match a local replay."""
    docs = [small_log(f"many-{i}") for i in range(500)]
    stack = system(fsync="everysec")  # Redis is never killed here
    api = stack.api

    def submit_and_follow(doc: dict[str, Any]) -> tuple[int, str, dict[str, Any]]:
        answer = api.submit(doc)
        assert answer.status in (200, 202), (answer.status, answer.body[:300])
        job_id = answer.json["id"]
        return answer.status, job_id, api.follow(job_id, 120)

    with concurrent.futures.ThreadPoolExecutor(32) as pool:
        results = list(pool.map(submit_and_follow, docs))
    assert [status for status, _, _ in results] == [202] * 500  # distinct: nothing reused
    ids = [job_id for _, job_id, _ in results]
    assert len(set(ids)) == 500
    finished = [job for _, _, job in results if job["status"] == "finished"]
    assert len(finished) == 500, [
        (j["id"], j["reason"]) for _, _, j in results if j not in finished
    ]
    for i in random.Random(500).sample(range(500), 25):
        assert results[i][2]["summary"] == expected_summary(docs[i]), i
    # the store agrees: no submission left pending
    assert stack.store.client.zcard("judge:pending") == 0


# -- a worker killed in the middle of a job ----------------------------------------------------------------


def slow_log(seed: str, padding: int = 8_000) -> dict[str, Any]:
    """A valid log that takes about a second to judge: ``padding`` out-of-turn actions
    inserted early (each judged illegal and skipped)."""
    doc = small_log(seed)
    filler = [{"p": "A", "do": "proceed"}, {"p": "B", "do": "proceed"}] * (padding // 2)
    doc["actions"] = doc["actions"][:10] + filler + doc["actions"][10:]
    return doc


def test_a_worker_sigkilled_during_load_its_job_still_ends(system: Any, wait_for: Any) -> None:
    """Under a steady load (three clients, each up to 10 a second), SIGKILL the worker process in the middle of a slow job (its
    job's process dies with it): that job is reaped as abandoned and retried (or failed
    with the reason), the supervisor starts a new worker, and every accepted job ends."""
    stack = system(fsync="everysec")  # a worker is killed, never Redis
    api, workers, store = stack.api, stack.workers, stack.store
    bases = [small_log(f"kill-{i}", 100) for i in range(8)]
    with Load(api, lambda n: variant(bases[n % len(bases)], n), threads=3) as load:
        wait_for(lambda: len(load.accepted()) >= 10, 60, "10 submissions accepted")
        slow = api.submit(slow_log("kill-slow"))
        assert slow.status == 202, slow.body[:300]
        job_id = slow.json["id"]

        def running() -> Any:
            if store.get(job_id).status != "started":  # its process has begun the replay
                return None
            return next((w for w in workers.registered() if w.get_current_job_id() == job_id), None)

        victim = wait_for(running, 30, "a worker running the slow job", every=0.01)
        os.kill(victim.pid, signal.SIGKILL)
        assert store.get(job_id).status == "started"  # killed in the middle of it
        wait_for(
            lambda: len(workers.processes()) == 2 and victim.pid not in workers.processes(),
            30,
            "the supervisor starts a new worker",
        )
        wait_for(lambda: len(load.accepted()) >= 40, 60, "40 submissions accepted")
    assert {s.status for s in load.sent} == {202}, {(s.status, s.error) for s in load.sent}
    ids = [s.job_id for s in load.accepted()]
    ended = settle(api, ids + [job_id], SETTLE)
    killed = ended[job_id]
    if killed["status"] == "finished":
        assert killed["attempts"] == 2, killed  # the killed attempt, then the retry
        assert killed["summary"]["steps"] == len(slow_log("kill-slow")["actions"])
    else:
        assert killed["status"] == "failed" and "died" in killed["reason"], killed
    assert all(j["status"] == "finished" for i, j in ended.items() if i != job_id), [
        (i, j["status"], j["reason"]) for i, j in ended.items() if j["status"] != "finished"
    ]
