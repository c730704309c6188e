"""A big replay read over HTTP: the API process's memory stays bounded and ``/healthz`` answers.

Found (issue 10): one big replay made every later read expensive: ``/steps?limit=1`` took
8.5 s and 2 GB in an API process, a public-perspective GET 21.7 s, the HTML 18 s; three
such reads at once stalled ``/healthz`` for 17 s.  Results are now stored in pages
(``worker/paged.py``) and sent a page at a time.

The real thing: the API under gunicorn with the production worker class (gevent), one
process so that its memory is the one measured, on a private ``redis-server``.  A
50,000-step replay (a long self-play game's judged steps repeated and renumbered: 26 MB
of canonical JSON) is stored through the store, as a worker stores it, and once more the
old way (one frame of the whole JSON).  The API process's peak resident memory (``VmHWM``
in ``/proc``, the kernel's high-water mark of the process) is read before and after
``/steps?limit=1``, the whole public-perspective GET and the HTML's first bytes: it grows
by less than a fifth of the replay's JSON (measured: 0.3 MB), where one ``/steps?limit=1``
of the old form grows it by more than the whole JSON (measured: 223 MB).  Then
``/healthz``, probed every 0.25 s while three public-perspective GETs of it run at once,
answers within 1 s each time (a liveness bound with a wide margin, not a speed
measurement; measured: 50 ms; on a machine about three times slower, 90-180 ms, and
once 1.06 s beside the rest of the suite, until the reads gave way to it, waiting a
bounded time for an idle event loop: 11-54 ms, ``api.replays.give_way``).  Run against
the code before pages, both fail: the peak grew by 127 MB, and ``/healthz`` took 2.7 s.
"""

from __future__ import annotations

import http.client
import threading
import time
from pathlib import Path
from typing import Any

import pytest
import zstandard

from judge.core.canonical import canonical_bytes
from worker.testing import RedisServer, children_of, long_replay, store_finished

pytestmark = pytest.mark.redis

#: steps of the big replay: enough that one read of the old form holds the process for more
#: than a second (a public GET of it took about 2 s), so that the liveness check tells the
#: forms apart
BIG = 50_000
#: /healthz must answer within this many seconds while the big reads run
LIVENESS = 1.0


def read(port: int, path: str, first: int | None = None, timeout: float = 120) -> tuple[int, int]:
    """GET ``path``: (status, bytes read); the body is read in pieces and dropped, all of it
    or its ``first`` bytes (then the connection is closed)."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    try:
        conn.request("GET", path)
        resp = conn.getresponse()
        got = 0
        while first is None or got < first:
            piece = resp.read(65536)
            if not piece:
                break
            got += len(piece)
        return resp.status, got
    finally:
        conn.close()


def healthz(port: int) -> float:
    """Seconds until ``/healthz`` answered 200 (``inf`` when it did not within 5 s)."""
    clock = time.monotonic()
    try:
        status, _ = read(port, "/healthz", timeout=5)
    except (OSError, http.client.HTTPException):
        return float("inf")
    return time.monotonic() - clock if status == 200 else float("inf")


def peak_rss(pid: int) -> int:
    """The process's peak resident memory so far, in bytes (``VmHWM``)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) * 1024
    raise AssertionError(f"no VmHWM for {pid}")


def test_big_replay_reads_keep_the_api_bounded_and_healthz_answering(
    api_server: Any, tmp_path: Path
) -> None:
    from worker.redis_store import RedisStore, connect

    (tmp_path / "redis").mkdir()
    redis = RedisServer(tmp_path / "redis").start()
    try:
        store = RedisStore(connect(redis.url), "judge:", result_ttl=3600)
        result = long_replay(BIG)
        size = len(canonical_bytes(result))
        paged_id = store_finished(store, result)
        old_id = store_finished(store, result)
        key = store.key("result", old_id)
        store.client.delete(key)
        store.client.set(key, zstandard.compress(canonical_bytes(result), 1), ex=3600)
        del result

        api = api_server(url=redis.url, workers=1)
        (worker,) = children_of(api.proc.pid)
        port = api.port

        def reads(job: str) -> dict[str, tuple[int, int]]:
            return {
                "steps": read(port, f"/v1/replays/{job}/steps?limit=1&perspective=public"),
                "public": read(port, f"/v1/replays/{job}?perspective=public"),
                "html": read(port, f"/v1/replays/{job}/html", first=65536),
            }

        # warm up: every module a read imports, on a small result
        small = store_finished(store, long_replay(150))
        assert {s for s, _ in reads(small).values()} == {200}
        before = peak_rss(worker)
        answers = reads(paged_id)
        paged_growth = peak_rss(worker) - before
        assert {s for s, _ in answers.values()} == {200}, answers
        assert answers["public"][1] > size * 0.8  # the whole replay was sent
        assert paged_growth < size / 5, (paged_growth, size)

        # three whole public reads at once: /healthz keeps answering
        threads = [
            threading.Thread(target=read, args=(port, f"/v1/replays/{paged_id}?perspective=public"))
            for _ in range(3)
        ]
        for thread in threads:
            thread.start()
        probes = []
        while any(t.is_alive() for t in threads):
            probes.append(healthz(port))
            time.sleep(0.25)
        for thread in threads:
            thread.join()
        assert probes and max(probes) < LIVENESS, probes
        assert peak_rss(worker) - before < size / 5

        # the old form: a step's read decodes the whole replay
        before = peak_rss(worker)
        assert read(port, f"/v1/replays/{old_id}/steps?limit=1&perspective=public")[0] == 200
        assert peak_rss(worker) - before > size, (peak_rss(worker) - before, size)
        print(
            f"\nAPI process peak RSS growth, a {BIG}-step replay ({size / 1e6:.1f} MB of JSON): "
            f"paged {paged_growth / 1e6:.1f} MB, old form {(peak_rss(worker) - before) / 1e6:.1f} "
            f"MB; /healthz during three public reads: max {max(probes) * 1e3:.0f} ms"
        )
    finally:
        redis.stop()


#: clients asking /healthz without pause while a long read runs
HAMMERS = 16


def test_a_long_read_goes_on_while_short_requests_keep_the_api_busy(
    api_server: Any, tmp_path: Path
) -> None:
    """A long response gives short requests the way (``api.replays.give_way``) but is never
    starved by them: while 16 clients ask ``/healthz`` without pause, a public read of a
    10,000-step replay is sent whole, and ``/healthz`` keeps being answered.  Run against a
    turn that waits for an idle event loop without a bound, the read sends nothing (the
    loop is never idle) and its socket times out: what this test was written against
    (measured with 20,000 steps: nothing in 120 s; with the bound 15.7 s, 2.2 s alone)."""
    from worker.redis_store import RedisStore, connect

    (tmp_path / "redis").mkdir()
    redis = RedisServer(tmp_path / "redis").start()
    try:
        store = RedisStore(connect(redis.url), "judge:", result_ttl=3600)
        result = long_replay(10_000)
        size = len(canonical_bytes(result))
        job = store_finished(store, result)
        del result
        api = api_server(url=redis.url, workers=1)
        port = api.port
        # warm up: every module a read imports, and the job's records, read once alone
        assert read(port, f"/v1/replays/{job}?perspective=public")[0] == 200

        stop = threading.Event()
        answered: list[int] = []

        def hammer() -> None:
            n = 0
            while not stop.is_set():
                if healthz(port) < float("inf"):
                    n += 1
            answered.append(n)

        threads = [threading.Thread(target=hammer) for _ in range(HAMMERS)]
        for thread in threads:
            thread.start()
        try:
            time.sleep(0.5)  # the loop busy before the read starts
            status, got = read(port, f"/v1/replays/{job}?perspective=public", timeout=30)
        finally:
            stop.set()
            for thread in threads:
                thread.join()
        assert status == 200 and got > size * 0.8, (status, got, size)
        assert sum(answered) > HAMMERS, answered
    finally:
        redis.stop()
