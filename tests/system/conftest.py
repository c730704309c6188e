"""The judging service on real parts: HTTP → real RQ workers → a real Redis.

``system(api=..., workers=2)`` starts, for one test (or one module with ``module_system``):

* a private ``redis-server`` (a free port, a temporary directory, ``--appendonly yes
  --appendfsync always``: every write acknowledged to a client is on disk, so an accepted
  job survives a SIGKILL of Redis), which the test may stop, kill and start again on the
  same port and directory;
* ``judge worker --workers N`` (the supervisor and its worker processes, as in production)
  with short intervals (``FAST``: abandon bound 1 + 2 + 1 = 4 s);
* the API over HTTP on the Redis backend: ``gunicorn 'api:create_app()'`` as a subprocess
  (the production shape, :data:`GUNICORN`: 2 processes of gevent's worker class), or
  ``werkzeug``'s threaded server in a thread of the test process around
  ``create_app(service)`` (to reach inside the app).

``api_server(url=None, workers=1)`` starts an API alone: under gunicorn as in production,
on the Redis at ``url`` or, without one, embedded (its own in-memory store and judging
threads, so one process).

Everything started is stopped after the test: the API, the supervisor and every process
under it (SIGKILL), then Redis.  The processes are managed by :mod:`worker.testing`, as in
``tests/service/conftest.py``.

Without ``redis-server`` (or the ``service`` extra, or gunicorn) these tests are skipped,
saying so.
"""

from __future__ import annotations

import contextlib
import http.client
import os
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest

from worker import testing
from worker.testing import (
    QUEUE,
    REDIS_SERVER,
    REPO,
    Answer,
    RedisServer,
    Workers,
    environment,
    free_port,
    wait_until,
)

#: Worker and API settings that make the fault tests quick: a heartbeat every second, a job
#: is abandoned 2 s after its last one, reaped every second (abandon bound: 4 s).
#: The per-client rate limits are off: every test's load comes from one address (they are
#: tested in tests/api/test_api_rate_limits.py).
FAST = {**testing.FAST, "JUDGE_RESULT_TTL": "3600", "JUDGE_RATE_LIMITS": "off"}

#: the hook that notes each gunicorn process once it has loaded the app (``Api.start``)
BOOTED_CONFIG = Path(__file__).resolve().parent / "gunicorn_booted.py"

#: gunicorn's serving options, as in the Dockerfile: 2 processes of gevent's worker class
#: (a greenlet per connection, so a long-poll or a slow client holds no thread; see
#: docs/service.md, "Serving model"), as api.serving.GeventWorker (gunicorn's own error
#: pages as problems with the security headers).
GUNICORN = (
    "--worker-class", "api.serving.GeventWorker",
    "--workers", "2",
    "--worker-connections", "1000",
)  # fmt: skip


def require_backend() -> None:
    """Skip (saying why) without a real Redis or the service extra."""
    if REDIS_SERVER is None:
        pytest.skip("redis-server is not installed: the system tests need a real Redis")
    for module in ("redis", "rq", "gunicorn", "gevent"):
        pytest.importorskip(
            module,
            reason=f"{module} (the service extra) is not installed: the system tests run "
            "it with redis-server",
        )


# -- the API over HTTP ----------------------------------------------------------------------------


class Api:
    """The API on the Redis backend, served over HTTP: ``gunicorn`` (a subprocess, with the
    options ``serving``) or ``werkzeug`` (a thread of this process, around
    ``create_app(service)``).  Under gunicorn without a ``url``: the embedded service."""

    def __init__(
        self,
        kind: str,
        url: str | None,
        env: dict[str, str],
        log: Path,
        serving: tuple[str, ...] = GUNICORN,
    ) -> None:
        self.kind = kind
        self.serving = serving
        self.redis_url = url
        self.env = env
        self.log = log
        self.port = free_port()
        self.proc: subprocess.Popen[bytes] | None = None
        self.server: Any = None
        self.app: Any = None
        self.service: Any = None

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self, service: Any = None) -> Api:
        """Start the API; return once it answers ``/healthz`` and, under gunicorn, once
        every one of its processes has loaded the app (``tests/system/gunicorn_booted.py``:
        a burst sent before then would all go to the first)."""
        booted = self.log.parent / f"{self.log.stem}-booted"
        if self.kind == "gunicorn":
            shutil.rmtree(booted, ignore_errors=True)
            booted.mkdir(parents=True)
            command = [
                sys.executable, "-m", "gunicorn",
                "--config", str(BOOTED_CONFIG),
                *self.serving,
                "--bind", f"127.0.0.1:{self.port}",
                "--graceful-timeout", "2",
                "--log-level", "warning",
                "api:create_app()",
            ]  # fmt: skip
            with self.log.open("ab") as out:
                self.proc = subprocess.Popen(
                    command,
                    cwd=REPO,
                    env=environment(
                        {
                            **({"REDIS_URL": self.redis_url} if self.redis_url else {}),
                            "JUDGE_QUEUE": QUEUE,
                            "GUNICORN_BOOTED_DIR": str(booted),
                            **self.env,
                        },
                        FAST,
                        drop=("JUDGE_", "REDIS_URL"),
                    ),
                    start_new_session=True,
                    stdout=out,
                    stderr=out,
                )
        else:
            from api import create_app
            from worker.config import Settings
            from worker.rqbackend import redis_service

            if service is None:
                settings = Settings.from_env(
                    {**FAST, "REDIS_URL": self.redis_url, "JUDGE_QUEUE": QUEUE, **self.env}
                )
                service = redis_service(settings=settings)
            self.service = service
            self.app = create_app(service)
            self.server = testing.serve(self.app, self.port)

        def up() -> bool:
            if self.proc is not None:
                assert self.proc.poll() is None, f"gunicorn exited:\n{self.tail()}"
            with contextlib.suppress(OSError, http.client.HTTPException):
                return self.get("/healthz", timeout=2).status == 200
            return False

        wait_until(up, 30, "the API answers /healthz")
        if self.kind == "gunicorn":
            processes = self.processes()
            wait_until(
                lambda: len(list(booted.iterdir())) >= processes,
                30,
                f"all {processes} of the API's processes have booted",
            )
        return self

    def processes(self) -> int:
        """How many worker processes gunicorn runs (its ``--workers``; 1 without it)."""
        serving = list(self.serving)
        return int(serving[serving.index("--workers") + 1]) if "--workers" in serving else 1

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(self.proc.pid, signal.SIGTERM)
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                with contextlib.suppress(ProcessLookupError):
                    os.killpg(self.proc.pid, signal.SIGKILL)
                self.proc.wait()
        if self.server is not None:
            self.server.shutdown()
            self.server.server_close()
            self.server = None

    def tail(self, chars: int = 3000) -> str:
        return self.log.read_text(errors="replace")[-chars:] if self.log.exists() else ""

    def request(
        self,
        method: str,
        path: str,
        body: Any = None,
        headers: dict[str, str] | None = None,
        timeout: float = 45,
    ) -> Answer:
        """One request on a connection of its own; ``path`` may be a full URL of this API
        (a ``Location``)."""
        if path.startswith("http"):
            parts = urlsplit(path)
            assert parts.port == self.port, path
            path = parts.path + (f"?{parts.query}" if parts.query else "")
        return testing.request("127.0.0.1", self.port, method, path, body, headers, timeout)

    def get(self, path: str, **kwargs: Any) -> Answer:
        return self.request("GET", path, **kwargs)

    def post(self, path: str, body: Any = None, **kwargs: Any) -> Answer:
        return self.request("POST", path, body, **kwargs)

    def submit(self, doc: dict[str, Any], query: str = "") -> Answer:
        return self.post(f"/v1/replays{'?' + query if query else ''}", doc)

    def follow(self, job_id: str, timeout: float) -> dict[str, Any]:
        """The job once finished or failed (long-polling ``?wait=``), within ``timeout``
        seconds; an AssertionError otherwise, or when the job is unknown (404).  Without
        its ``replay`` (tests that follow hundreds of jobs would keep them all)."""
        deadline = time.monotonic() + timeout
        while True:
            left = deadline - time.monotonic()
            wait = max(1, min(10, int(left)))
            try:
                answer = self.get(f"/v1/replays/{job_id}?wait={wait}", timeout=wait + 20)
            except (OSError, http.client.HTTPException):
                answer = None
            if answer is not None:
                assert answer.status in (200, 503), (job_id, answer.status, answer.body[:300])
                job = answer.json if answer.status == 200 else {}
                if job.get("status") in ("finished", "failed"):
                    job.pop("replay", None)
                    return job
            if time.monotonic() > deadline:
                state = answer.json.get("status") if answer and answer.status == 200 else answer
                raise AssertionError(f"job {job_id} not ended within {timeout:g} s: {state}")
            if answer is None or answer.status != 200:
                time.sleep(0.2)


# -- the whole system -------------------------------------------------------------------------------


@dataclass
class System:
    """A private Redis, ``judge worker`` and the API; ``store`` reads Redis directly."""

    redis: RedisServer
    workers: Workers
    api: Api
    directory: Path
    store: Any = None
    #: the short intervals the workers and the API run with
    fast: dict[str, str] = field(default_factory=lambda: dict(FAST))
    _extra: list[Any] = field(default_factory=list)

    def logs(self) -> str:
        return (
            f"--- judge worker ---\n{self.workers.tail()}\n--- API ({self.api.kind}) ---\n"
            f"{self.api.tail()}"
        )

    def another_api(self, kind: str = "werkzeug", service: Any = None, **env: str) -> Api:
        """One more API on the same Redis (stopped with the system)."""
        api = Api(kind, self.redis.url, env, self.directory / f"api-{len(self._extra)}.log")
        self._extra.append(api)
        return api.start(service)

    def shutdown(self) -> None:
        for api in [self.api, *self._extra]:
            with contextlib.suppress(Exception):
                api.stop()
        with contextlib.suppress(Exception):
            self.workers.kill()
        with contextlib.suppress(Exception):
            self.redis.stop()


def _start_system(
    directory: Path, api: str, workers: int, env: dict[str, str] | None, fsync: str = "always"
) -> System:
    require_backend()
    from worker.redis_store import RedisStore, connect

    env = env or {}
    redis_dir = directory / "redis"
    redis_dir.mkdir()
    redis = RedisServer(redis_dir, start_timeout=15, fsync=fsync).start()
    system = System(
        redis=redis,
        workers=Workers(redis.url, workers, env, directory / "workers.log", fast=FAST),
        api=Api(api, redis.url, env, directory / "api.log"),
        directory=directory,
        store=RedisStore(connect(redis.url), "judge:"),
    )
    try:
        if workers:
            system.workers.start()
        system.api.start()
    except BaseException:
        system.shutdown()
        raise
    return system


@pytest.fixture
def system(tmp_path: Path, request: pytest.FixtureRequest) -> Iterator[Callable[..., System]]:
    """``system(api="gunicorn", workers=2, env=None, fsync="always") -> System`` for this
    test; on a failure the workers' and the API's logs are printed.  ``fsync="everysec"``
    for a test that never kills its Redis (a flush to disk at every write only costs time
    there: 500 submissions are thousands of writes)."""
    started: list[System] = []

    def start(
        api: str = "gunicorn",
        workers: int = 2,
        env: dict[str, str] | None = None,
        fsync: str = "always",
    ) -> System:
        directory = tmp_path / f"system-{len(started)}"
        directory.mkdir()
        started.append(_start_system(directory, api, workers, env, fsync))
        return started[-1]

    yield start
    failed = getattr(request.node, "rep_call", None)
    for one in started:
        if failed is not None and failed.failed:
            print(one.logs())
        one.shutdown()


@pytest.fixture(scope="module")
def module_system(tmp_path_factory: pytest.TempPathFactory) -> Iterator[System]:
    """One system (gunicorn API, 2 workers) for a whole module."""
    one = _start_system(tmp_path_factory.mktemp("system"), "gunicorn", 2, None)
    yield one
    one.shutdown()


@pytest.fixture(scope="module")
def module_api(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Api]:
    """One embedded API under gunicorn (one process of :data:`GUNICORN`'s worker class, no
    Redis) for a whole module whose tests only send it requests: one start, not one a test."""
    require_backend()
    serving = list(GUNICORN)
    serving[serving.index("--workers") + 1] = "1"
    log = tmp_path_factory.mktemp("api") / "api.log"
    api = Api("gunicorn", None, {}, log, tuple(serving))
    try:
        yield api.start()
    finally:
        api.stop()


@pytest.fixture
def api_server(tmp_path: Path, request: pytest.FixtureRequest) -> Iterator[Callable[..., Api]]:
    """``api_server(url=None, workers=1, env=None) -> Api``: the API alone under gunicorn
    (:data:`GUNICORN`'s worker class, ``workers`` processes) on the Redis at ``url``, or
    embedded without one; stopped after the test, its log printed on a failure."""
    require_backend()
    started: list[Api] = []

    def start(url: str | None = None, workers: int = 1, env: dict[str, str] | None = None) -> Api:
        serving = list(GUNICORN)
        serving[serving.index("--workers") + 1] = str(workers)
        log = tmp_path / f"api-server-{len(started)}.log"
        api = Api("gunicorn", url, env or {}, log, tuple(serving))
        started.append(api)
        return api.start()

    yield start
    failed = getattr(request.node, "rep_call", None)
    for api in started:
        if failed is not None and failed.failed:
            print(f"--- API ({api.kind}) ---\n{api.tail()}")
        api.stop()


@pytest.fixture(scope="session")
def wait_for() -> Callable[..., Any]:
    """``wait_for(predicate, timeout, what)``: :func:`wait_until` (test modules cannot
    import this conftest: no packages under ``tests/``)."""
    return wait_until


@pytest.hookimpl(hookwrapper=True, tryfirst=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo) -> Iterator[None]:
    """Keep each phase's report on the test item (``rep_call``) for the fixtures above."""
    outcome = yield
    report = outcome.get_result()
    setattr(item, f"rep_{report.when}", report)
