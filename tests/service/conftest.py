"""Fixtures for the Redis backend tests: a private Redis, real RQ worker processes.

``redis_server`` starts its own ``redis-server`` (a free port, a temporary directory,
``--appendonly yes --appendfsync always`` so that an accepted job survives even a SIGKILL
of Redis) for the whole session; ``redis_url`` empties it before each test.
``private_redis`` starts one for a single test (to stop, kill or restart it).

``start_workers`` runs ``python -m judge.cli worker`` (the supervisor and its worker
processes, as in production) against it with short intervals (``FAST``), waits until its
workers are registered, and kills the supervisor and every process under it after the
test.

Without ``redis-server`` (or without the ``service`` extra) these tests are skipped.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

REPO = Path(__file__).resolve().parents[2]
REDIS_SERVER = shutil.which("redis-server")

#: Worker settings that make the fault tests quick: a heartbeat every second, a job is
#: abandoned 2 s after its last one, reaped every second (abandon bound: 4 s).
FAST = {
    "JUDGE_MONITOR_INTERVAL": "1",
    "JUDGE_ABANDON_GRACE": "2",
    "JUDGE_REAP_INTERVAL": "1",
    "JUDGE_WORKER_TTL": "16",
}


def _require_backend() -> None:
    if REDIS_SERVER is None:
        pytest.skip("redis-server is not installed: the Redis backend tests need a real Redis")
    pytest.importorskip("redis", reason="the service extra (redis, rq) is not installed")
    pytest.importorskip("rq", reason="the service extra (redis, rq) is not installed")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class RedisServer:
    """A ``redis-server`` process of our own, in ``directory``."""

    def __init__(self, directory: Path) -> None:
        self.directory = directory
        self.port = free_port()
        self.proc: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> RedisServer:
        assert REDIS_SERVER is not None
        self.proc = subprocess.Popen(
            [
                REDIS_SERVER,
                "--port",
                str(self.port),
                "--bind",
                "127.0.0.1",
                "--dir",
                str(self.directory),
                "--appendonly",
                "yes",
                "--appendfsync",
                "always",
                "--save",
                "",
                "--daemonize",
                "no",
                "--logfile",
                str(self.directory / "redis.log"),
            ],  # fmt: skip
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        deadline = time.monotonic() + 10
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

    def stop(self) -> None:
        """A clean shutdown (SIGTERM: Redis writes its append-only file and exits)."""
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()

    def kill(self) -> None:
        """A crash (SIGKILL): only what was fsynced survives."""
        if self.proc is not None and self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait()


@pytest.fixture(scope="session")
def redis_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[RedisServer]:
    _require_backend()
    server = RedisServer(tmp_path_factory.mktemp("redis")).start()
    yield server
    server.stop()


@pytest.fixture
def redis_url(redis_server: RedisServer) -> str:
    """The session's Redis, emptied for this test."""
    import redis

    client = redis.Redis.from_url(redis_server.url)
    client.flushall()
    client.close()
    return redis_server.url


@pytest.fixture
def private_redis(tmp_path: Path) -> Iterator[RedisServer]:
    """A Redis for this test alone, which the test may stop, kill and start again."""
    _require_backend()
    server = RedisServer(tmp_path).start()
    yield server
    server.stop()


class Workers:
    """A running ``judge worker`` (the supervisor process and its worker processes)."""

    def __init__(self, proc: subprocess.Popen[bytes], url: str, queue: str) -> None:
        self.proc = proc
        self.url = url
        self.queue = queue

    def rq_workers(self) -> list[Any]:
        import redis
        from rq import Queue, Worker

        conn = redis.Redis.from_url(self.url)
        return Worker.all(queue=Queue(self.queue, connection=conn))

    def running(self, job_id: str) -> Any:
        """The RQ worker (with its ``pid``) running ``job_id``, or None."""
        for worker in self.rq_workers():
            if worker.get_current_job_id() == job_id:
                return worker
        return None

    def stop(self) -> int | None:
        """SIGTERM to the supervisor; its exit code (None if it had to be killed)."""
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                return self.proc.wait(15)
            except subprocess.TimeoutExpired:
                pass
        self.kill()
        return None

    def kill(self) -> None:
        """SIGKILL to the supervisor and every process under it (workers, their jobs)."""
        family, todo = [], [self.proc.pid]
        while todo:
            pid = todo.pop()
            family.append(pid)
            todo.extend(children_of(pid))
        for pid in family:
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)
        self.proc.wait()

    @staticmethod
    def children_of(pid: int) -> list[int]:
        return children_of(pid)

    @staticmethod
    def alive(pid: int) -> bool:
        return alive(pid)


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


@pytest.fixture
def start_workers(redis_url: str) -> Iterator[Callable[..., Workers]]:
    """``start_workers(n=1, env={...}, burst=False, worker_class=None, wait=True)``."""
    started: list[Workers] = []

    def start(
        n: int = 1,
        env: dict[str, str] | None = None,
        burst: bool = False,
        worker_class: str | None = None,
        wait: bool = True,
    ) -> Workers:
        environment = dict(os.environ)
        environment.pop("JUDGE_TEST_FAULT", None)
        environment.update(FAST)
        environment.update({"REDIS_URL": redis_url, "JUDGE_QUEUE": "judge"})
        environment.update(env or {})
        environment["PYTHONPATH"] = os.pathsep.join(
            [str(REPO), *filter(None, [os.environ.get("PYTHONPATH")])]
        )
        command = [sys.executable, "-m", "judge.cli", "worker", "--workers", str(n)]
        command += ["--burst"] if burst else []
        command += ["--worker-class", worker_class] if worker_class else []
        proc = subprocess.Popen(
            command,
            cwd=REPO,
            env=environment,
            start_new_session=True,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        workers = Workers(proc, redis_url, "judge")
        started.append(workers)
        if wait:
            deadline = time.monotonic() + 20
            while len([w for w in workers.rq_workers() if w.pid]) < n:
                assert proc.poll() is None, "judge worker exited"
                assert time.monotonic() < deadline, "the workers did not register"
                time.sleep(0.05)
        return workers

    yield start
    for workers in started:
        workers.kill()


def _wait_for(predicate: Callable[[], Any], timeout: float, every: float = 0.05) -> Any:
    """Poll ``predicate`` until it returns something true; that, or AssertionError."""
    deadline = time.monotonic() + timeout
    while True:
        value = predicate()
        if value:
            return value
        if time.monotonic() > deadline:
            raise AssertionError(f"not within {timeout} s")
        time.sleep(every)


@pytest.fixture
def wait_for() -> Callable[..., Any]:
    """``wait_for(predicate, timeout)``: poll until true, else AssertionError."""
    return _wait_for
