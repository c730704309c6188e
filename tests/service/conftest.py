"""Fixtures for the Redis backend tests: a private Redis, real RQ worker processes.

``redis_server`` starts its own ``redis-server`` (a free port, a temporary directory,
``--appendonly yes --appendfsync everysec``: it is never killed, so a flush to disk at
every write would only cost time) for the whole session; ``redis_url`` empties it before
each test.  ``private_redis`` starts one for a single test (to stop, kill or restart it),
with ``--appendfsync always`` so that an accepted job survives even a SIGKILL of Redis.

``start_workers`` runs ``python -m judge.cli worker`` (the supervisor and its worker
processes, as in production) against it with short intervals (``FAST``), waits until its
workers are registered, and kills the supervisor and every process under it after the
test.

The processes are managed by :mod:`worker.testing`.  Without ``redis-server`` (or without
the ``service`` extra) these tests are skipped.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from worker.testing import FAST, REDIS_SERVER, RedisServer, Workers, wait_until


def _require_backend() -> None:
    if REDIS_SERVER is None:
        pytest.skip("redis-server is not installed: the Redis backend tests need a real Redis")
    pytest.importorskip("redis", reason="the service extra (redis, rq) is not installed")
    pytest.importorskip("rq", reason="the service extra (redis, rq) is not installed")


@pytest.fixture(scope="session")
def redis_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[RedisServer]:
    _require_backend()
    server = RedisServer(tmp_path_factory.mktemp("redis"), fsync="everysec").start()
    yield server
    server.stop()


@pytest.fixture
def redis_url(redis_server: RedisServer) -> str:
    """The session's Redis, emptied for this test, once no client of an earlier test waits
    on a blocking pop: Redis would hand that client this test's first queued job (seen:
    a job gone from its queue at once, with the lanes of a parallel run loading the
    machine).  Such a client is a worker killed whose connection Redis has not yet seen
    close, or one still running (then this fails, naming the clients)."""
    import redis

    client = redis.Redis.from_url(redis_server.url)
    try:
        try:
            wait_until(
                lambda: client.info("clients")["blocked_clients"] == 0,
                10,
                "no client of an earlier test waits on a blocking pop",
            )
        except AssertionError as exc:
            raise AssertionError(f"{exc}; the clients: {client.client_list()}") from None
        client.flushall()
    finally:
        client.close()
    return redis_server.url


@pytest.fixture
def private_redis(tmp_path: Path) -> Iterator[RedisServer]:
    """A Redis for this test alone, which the test may stop, kill and start again."""
    _require_backend()
    server = RedisServer(tmp_path).start()
    yield server
    server.stop()


#: the supervisors a test started, for :func:`pytest_runtest_makereport`
STARTED = pytest.StashKey[list[Workers]]()


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Any:
    """A failed test's report ends with the output of each ``judge worker`` it started: a
    fault seen once in a loaded run can then be read, not guessed at."""
    report = yield
    if report.failed:
        for i, workers in enumerate(item.stash.get(STARTED, [])):
            pid = workers.proc.pid if workers.proc is not None else None
            report.sections.append((f"judge worker {i} (pid {pid})", workers.tail(20000)))
    return report


@pytest.fixture
def start_workers(
    redis_url: str, request: pytest.FixtureRequest, tmp_path: Path
) -> Iterator[Callable[..., Workers]]:
    """``start_workers(n=1, env={...}, burst=False, worker_class=None, wait=True)``; each
    supervisor's output goes to a file of the test's, shown when the test fails."""
    started = request.node.stash.setdefault(STARTED, [])

    def start(
        n: int = 1,
        env: dict[str, str] | None = None,
        burst: bool = False,
        worker_class: str | None = None,
        wait: bool = True,
    ) -> Workers:
        workers = Workers(
            redis_url,
            n,
            env,
            tmp_path / f"workers-{len(started)}.log",
            burst=burst,
            worker_class=worker_class,
            fast=FAST,
            drop=("JUDGE_TEST_FAULT",),
            register_timeout=20,
            stop_timeout=15,
        )
        started.append(workers)
        return workers.start(wait)

    yield start
    for workers in started:
        workers.kill()


@pytest.fixture
def wait_for() -> Callable[..., Any]:
    """``wait_for(predicate, timeout)``: poll until true, else AssertionError."""
    return wait_until
