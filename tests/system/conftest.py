"""The judging service on real parts: HTTP → real RQ workers → a real Redis.

``system(api=..., workers=2)`` starts, for one test (or one module with ``module_system``):

* a private ``redis-server`` (a free port, a temporary directory, ``--appendonly yes
  --appendfsync always``: every write acknowledged to a client is on disk, so an accepted
  job survives a SIGKILL of Redis), which the test may stop, kill and start again on the
  same port and directory;
* ``judge worker --workers N`` (the supervisor and its worker processes, as in production)
  with short intervals (``FAST``: abandon bound 1 + 2 + 1 = 4 s);
* the API over HTTP on the Redis backend: ``gunicorn 'api:create_app()'`` as a subprocess
  (the production shape; 2 processes × 16 threads), or ``werkzeug``'s threaded server in a
  thread of the test process around ``create_app(service)`` (to reach inside the app).

Everything started is stopped after the test: the API, the supervisor and every process
under it (SIGKILL), then Redis.  The fixtures copy the small part of
``tests/service/conftest.py`` they need rather than importing it.

Without ``redis-server`` (or the ``service`` extra, or gunicorn) these tests are skipped,
saying so.
"""

from __future__ import annotations

import contextlib
import http.client
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest

REPO = Path(__file__).resolve().parents[2]
REDIS_SERVER = shutil.which("redis-server")

#: Worker and API settings that make the fault tests quick: a heartbeat every second, a job
#: is abandoned 2 s after its last one, reaped every second (abandon bound: 4 s).
FAST = {
    "JUDGE_MONITOR_INTERVAL": "1",
    "JUDGE_ABANDON_GRACE": "2",
    "JUDGE_REAP_INTERVAL": "1",
    "JUDGE_WORKER_TTL": "16",
    "JUDGE_RESULT_TTL": "3600",
}
QUEUE = "judge"


def require_backend() -> None:
    """Skip (saying why) without a real Redis or the service extra."""
    if REDIS_SERVER is None:
        pytest.skip("redis-server is not installed: the system tests need a real Redis")
    for module in ("redis", "rq", "gunicorn"):
        pytest.importorskip(
            module,
            reason=f"{module} (the service extra) is not installed: the system tests run "
            "it with redis-server",
        )


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_until(predicate: Callable[[], Any], timeout: float, what: str, every: float = 0.05) -> Any:
    """Poll ``predicate`` until it returns something true and return that; AssertionError
    naming ``what`` after ``timeout`` seconds."""
    deadline = time.monotonic() + timeout
    while True:
        value = predicate()
        if value:
            return value
        if time.monotonic() > deadline:
            raise AssertionError(f"{what}: not within {timeout:g} s")
        time.sleep(every)


def _environment(extra: dict[str, str]) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("JUDGE_")}
    env.update(FAST)
    env.update(extra)
    env["PYTHONPATH"] = os.pathsep.join([str(REPO), *filter(None, [os.environ.get("PYTHONPATH")])])
    return env


# -- Redis ----------------------------------------------------------------------------------------


class RedisServer:
    """A ``redis-server`` of our own in ``directory``; it keeps its port across restarts."""

    def __init__(self, directory: Path) -> None:
        self.directory = directory
        self.port = free_port()
        self.proc: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> RedisServer:
        """Start (or start again, on the same port and directory: the append-only file
        there is loaded first) and wait until it answers PING."""
        assert REDIS_SERVER is not None
        command = [
            REDIS_SERVER,
            "--port", str(self.port),
            "--bind", "127.0.0.1",
            "--dir", str(self.directory),
            "--appendonly", "yes",
            "--appendfsync", "always",
            "--save", "",
            "--daemonize", "no",
            "--logfile", str(self.directory / "redis.log"),
        ]  # fmt: skip
        self.proc = subprocess.Popen(
            command,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        deadline = time.monotonic() + 15
        while time.monotonic() < deadline:
            if self.answers():
                return self
            if self.proc.poll() is not None:
                break
            time.sleep(0.02)
        log = (self.directory / "redis.log").read_text(errors="replace")[-2000:]
        raise RuntimeError(f"redis-server did not start on port {self.port}:\n{log}")

    def answers(self) -> bool:
        with (
            contextlib.suppress(OSError),
            socket.create_connection(("127.0.0.1", self.port), 0.2) as s,
        ):
            s.sendall(b"PING\r\n")
            return s.recv(16).startswith(b"+PONG")
        return False

    def kill(self) -> None:
        """A crash (SIGKILL): only what was fsynced survives (with ``always``: every write
        that was acknowledged)."""
        if self.proc is not None and self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait()

    def stop(self) -> None:
        """A clean shutdown (SIGTERM: Redis flushes its append-only file and exits)."""
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()

    def client(self) -> Any:
        import redis

        return redis.Redis.from_url(self.url, socket_connect_timeout=2, socket_timeout=10)


# -- workers --------------------------------------------------------------------------------------


def children_of(pid: int) -> list[int]:
    """The ids of the processes whose parent is ``pid`` (Linux ``/proc``)."""
    found = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        with contextlib.suppress(OSError, ValueError, IndexError):
            fields = stat.read_text().rpartition(")")[2].split()
            if int(fields[1]) == pid:
                found.append(int(stat.parent.name))
    return found


def alive(pid: int) -> bool:
    """Whether ``pid`` runs (a zombie counts as dead)."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()[0]
    except OSError:
        return False
    return state != "Z"


class Workers:
    """``judge worker --workers n`` on ``url``: the supervisor and its worker processes."""

    def __init__(self, url: str, n: int, env: dict[str, str], log: Path) -> None:
        self.url = url
        self.n = n
        self.env = env
        self.log = log
        self.proc: subprocess.Popen[bytes] | None = None

    def start(self, wait: bool = True) -> Workers:
        command = [sys.executable, "-m", "judge.cli", "worker", "--workers", str(self.n)]
        with self.log.open("ab") as out:
            self.proc = subprocess.Popen(
                command,
                cwd=REPO,
                env=_environment({"REDIS_URL": self.url, "JUDGE_QUEUE": QUEUE, **self.env}),
                start_new_session=True,
                stdout=out,
                stderr=out,
            )
        if wait:
            wait_until(
                lambda: self._check() and len(self.registered()) >= self.n,
                30,
                "the workers register",
            )
        return self

    def _check(self) -> bool:
        assert self.proc is not None and self.proc.poll() is None, (
            f"judge worker exited:\n{self.tail()}"
        )
        return True

    def registered(self) -> list[Any]:
        """The RQ workers registered on the queue (each with its ``pid``)."""
        import redis
        from rq import Queue, Worker

        conn = redis.Redis.from_url(self.url, socket_connect_timeout=2)
        try:
            return [w for w in Worker.all(queue=Queue(QUEUE, connection=conn)) if w.pid]
        finally:
            conn.close()

    def processes(self) -> list[int]:
        """The worker processes the supervisor runs now."""
        return children_of(self.proc.pid) if self.proc is not None else []

    def stop(self) -> int | None:
        """SIGTERM to the supervisor (a warm shutdown: the workers unregister); its exit
        code, or None when it had to be killed."""
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                return self.proc.wait(20)
            except subprocess.TimeoutExpired:
                pass
        self.kill()
        return None

    def kill(self) -> None:
        """SIGKILL to the supervisor and every process under it (workers, their jobs)."""
        if self.proc is None:
            return
        family, todo = [], [self.proc.pid]
        while todo:
            pid = todo.pop()
            family.append(pid)
            todo.extend(children_of(pid))
        for pid in family:
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)
        self.proc.wait()

    def tail(self, chars: int = 3000) -> str:
        return self.log.read_text(errors="replace")[-chars:] if self.log.exists() else ""


# -- the API over HTTP ----------------------------------------------------------------------------


@dataclass
class Answer:
    status: int
    headers: dict[str, str]
    body: bytes

    @property
    def json(self) -> Any:
        return json.loads(self.body)

    @property
    def content_type(self) -> str:
        return self.headers.get("content-type", "")


class Api:
    """The API on the Redis backend, served over HTTP: ``gunicorn`` (a subprocess) or
    ``werkzeug`` (a thread of this process, around ``create_app(service)``)."""

    def __init__(self, kind: str, url: str, env: dict[str, str], log: Path) -> None:
        self.kind = kind
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
        if self.kind == "gunicorn":
            command = [
                sys.executable, "-m", "gunicorn",
                "--workers", "2",
                "--threads", "16",
                "--bind", f"127.0.0.1:{self.port}",
                "--graceful-timeout", "2",
                "--log-level", "warning",
                "api:create_app()",
            ]  # fmt: skip
            with self.log.open("ab") as out:
                self.proc = subprocess.Popen(
                    command,
                    cwd=REPO,
                    env=_environment(
                        {"REDIS_URL": self.redis_url, "JUDGE_QUEUE": QUEUE, **self.env}
                    ),
                    start_new_session=True,
                    stdout=out,
                    stderr=out,
                )
        else:
            from werkzeug.serving import WSGIRequestHandler, make_server

            from api import create_app
            from worker.config import Settings
            from worker.rqbackend import redis_service

            class Quiet(WSGIRequestHandler):
                def log(self, type: str, message: str, *args: Any) -> None:  # noqa: A002
                    pass

            if service is None:
                settings = Settings.from_env(
                    {**FAST, "REDIS_URL": self.redis_url, "JUDGE_QUEUE": QUEUE, **self.env}
                )
                service = redis_service(settings=settings)
            self.service = service
            self.app = create_app(service)
            self.server = make_server(
                "127.0.0.1", self.port, self.app, threaded=True, request_handler=Quiet
            )
            threading.Thread(target=self.server.serve_forever, daemon=True).start()

        def up() -> bool:
            if self.proc is not None:
                assert self.proc.poll() is None, f"gunicorn exited:\n{self.tail()}"
            with contextlib.suppress(OSError, http.client.HTTPException):
                return self.get("/healthz", timeout=2).status == 200
            return False

        wait_until(up, 30, "the API answers /healthz")
        return self

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
        headers = dict(headers or {})
        if isinstance(body, dict | list):
            body = json.dumps(body)
            headers.setdefault("Content-Type", "application/json")
        if isinstance(body, str):
            body = body.encode()
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=timeout)
        try:
            conn.request(method, path, body=body, headers=headers)
            resp = conn.getresponse()
            data = resp.read()
            return Answer(resp.status, {k.lower(): v for k, v in resp.getheaders()}, data)
        finally:
            conn.close()

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


def _start_system(directory: Path, api: str, workers: int, env: dict[str, str] | None) -> System:
    require_backend()
    from worker.redis_store import RedisStore, connect

    env = env or {}
    redis_dir = directory / "redis"
    redis_dir.mkdir()
    redis = RedisServer(redis_dir).start()
    system = System(
        redis=redis,
        workers=Workers(redis.url, workers, env, directory / "workers.log"),
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
    """``system(api="gunicorn", workers=2, env=None) -> System`` for this test; on a failure
    the workers' and the API's logs are printed."""
    started: list[System] = []

    def start(api: str = "gunicorn", workers: int = 2, env: dict[str, str] | None = None) -> System:
        directory = tmp_path / f"system-{len(started)}"
        directory.mkdir()
        started.append(_start_system(directory, api, workers, env))
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
