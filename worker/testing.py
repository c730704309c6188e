"""Running the service's real parts in tests: a private Redis, ``judge worker``, HTTP answers.

The service's counterpart of :mod:`judge.games.union_arena.testing`, shared by the service,
system and API test suites (their fixtures stay in their ``conftest.py``):

* :class:`RedisServer` — a ``redis-server`` process of our own (a free port, a directory of
  its own, ``--appendonly yes --appendfsync always``: every write acknowledged to a client
  is on disk, so an accepted job survives even a SIGKILL of Redis), which a test may stop,
  kill and start again on the same port and directory; ``fsync="everysec"`` for a Redis
  that is never killed, where a disk flush at every write only costs time;
* :class:`Workers` — ``python -m judge.cli worker`` (the supervisor and its worker
  processes, as in production) with short intervals (:data:`FAST`), and the means to stop
  it, or to kill it with every process under it;
* :func:`environment` — the environment of such a subprocess; :func:`free_port`,
  :func:`children_of`, :func:`alive`, :func:`wait_until`;
* :class:`Answer`, :func:`request` and :func:`serve` — one HTTP request and its answer, and
  a WSGI app served by werkzeug in a thread of the test process;
* :func:`long_replay` and :func:`store_finished` — a big judged replay, and a replay stored as
  a finished job's (the big-results tests and ``bench/big_results.py``);
* :class:`HeldRunner` — a queue with no worker: a job stays queued until the test judges it.

Nothing here imports redis, rq, flask or werkzeug at module level (each is imported where it
is used), and :mod:`judge` does not import this module.

>>> wait_until(lambda: 42, 1, "the answer")
42
>>> environment({"JUDGE_QUEUE": "q"})["JUDGE_QUEUE"]
'q'
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
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

__all__ = [
    "FAST",
    "QUEUE",
    "REDIS_SERVER",
    "REPO",
    "Answer",
    "RedisServer",
    "Workers",
    "alive",
    "children_of",
    "environment",
    "free_port",
    "request",
    "serve",
    "wait_until",
]

#: The repository's root (the working directory and ``PYTHONPATH`` of the subprocesses).
REPO = Path(__file__).resolve().parents[1]
#: The ``redis-server`` executable, or None when it is not installed.
REDIS_SERVER = shutil.which("redis-server")
#: The queue the test workers and APIs use.
QUEUE = "judge"

#: Worker settings that make the fault tests quick: a heartbeat every second, a job is
#: abandoned 2 s after its last one, reaped every second (abandon bound: 1 + 2 + 1 = 4 s).
FAST: dict[str, str] = {
    "JUDGE_MONITOR_INTERVAL": "1",
    "JUDGE_ABANDON_GRACE": "2",
    "JUDGE_REAP_INTERVAL": "1",
    "JUDGE_WORKER_TTL": "16",
}


#: how many shares the ports below the ephemeral range are cut into (:func:`free_port`)
PORT_SHARES = 16
#: the next port :func:`free_port` tries, in this process's share (None: not chosen yet)
_next_port: int | None = None


def _ephemeral_low() -> int:
    """The lowest port the kernel gives an outgoing connection (Linux's default if unread)."""
    try:
        return int(Path("/proc/sys/net/ipv4/ip_local_port_range").read_text().split()[0])
    except (OSError, ValueError, IndexError):
        return 32768


def free_port() -> int:
    """A TCP port that is free now on every address, from this process's share of the ports
    below the ephemeral range (a parallel run's process by its xdist number, another by its
    pid), each port at most once a share's round.

    Why not a port the kernel picks (bind to 0): it comes from the ephemeral range, where
    any process's next outgoing connection may take it before the server the test starts
    binds it, and the load tests open thousands; two processes of a parallel run could
    also be given the same one.  Seen: nginx refused to start (address in use), and a
    ``redis-server`` that could not bind left its test talking to another test's Redis."""
    low = 10_000
    span = (_ephemeral_low() - low) // PORT_SHARES
    if span < 100:  # no room below the ephemeral range: the kernel's pick
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            return s.getsockname()[1]
    worker = os.environ.get("PYTEST_XDIST_WORKER", "")
    share = int(worker[2:]) if worker[2:].isdigit() else os.getpid()
    first = low + (share % PORT_SHARES) * span
    global _next_port
    if _next_port is None:
        _next_port = first + os.getpid() % span
    for _ in range(span):
        port = first + (_next_port - first) % span
        _next_port = port + 1
        with socket.socket() as s:
            try:
                s.bind(("", port))  # (no SO_REUSEADDR: a port in TIME_WAIT is passed over)
            except OSError:
                continue
            return port
    raise RuntimeError(f"no free port in {first}-{first + span - 1}")


def wait_until(
    predicate: Callable[[], Any], timeout: float, what: str = "", every: float = 0.05
) -> Any:
    """Poll ``predicate`` every ``every`` seconds until it returns something true and return
    that; an AssertionError (naming ``what``) after ``timeout`` seconds."""
    deadline = time.monotonic() + timeout
    while True:
        value = predicate()
        if value:
            return value
        if time.monotonic() > deadline:
            raise AssertionError(f"{what + ': ' if what else ''}not within {timeout:g} s")
        time.sleep(every)


def environment(
    extra: Mapping[str, str],
    fast: Mapping[str, str] = FAST,
    drop: tuple[str, ...] = ("JUDGE_",),
) -> dict[str, str]:
    """This process's environment for a subprocess: without the variables whose names start
    with one of ``drop``, with ``fast``, then ``extra``, and with the repository first on
    ``PYTHONPATH``."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(drop)}
    env.update(fast)
    env.update(extra)
    env["PYTHONPATH"] = os.pathsep.join([str(REPO), *filter(None, [os.environ.get("PYTHONPATH")])])
    return env


# -- processes ------------------------------------------------------------------------------------


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


# -- Redis ----------------------------------------------------------------------------------------


class RedisServer:
    """A ``redis-server`` of our own in ``directory``; it keeps its port across restarts.

    :meth:`start` waits up to ``start_timeout`` seconds for it to answer PING.
    """

    def __init__(self, directory: Path, start_timeout: float = 10, fsync: str = "always") -> None:
        self.directory = directory
        self.start_timeout = start_timeout
        #: ``--appendfsync``: ``always`` (the default) for a Redis a test may SIGKILL;
        #: ``everysec`` (production's advice) for one that is only stopped cleanly, where a
        #: flush to disk at every write costs time and is never observed
        self.fsync = fsync
        self.port = free_port()
        self.proc: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> RedisServer:
        """Start (or start again, on the same port and directory: the append-only file
        there is loaded first) and wait until it answers PING."""
        assert REDIS_SERVER is not None, "redis-server is not installed"
        command = [
            REDIS_SERVER,
            "--port", str(self.port),
            "--bind", "127.0.0.1",
            "--dir", str(self.directory),
            "--appendonly", "yes",
            "--appendfsync", self.fsync,
            "--save", "",
            "--daemonize", "no",
            "--logfile", str(self.directory / "redis.log"),
        ]  # fmt: skip
        self.proc = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + self.start_timeout
        while time.monotonic() < deadline:
            if self.answers():
                # ours, not another's on the port ours could not bind (it exits then)
                pid = self._process_id()
                if pid == self.proc.pid:
                    return self
                if pid is not None:
                    self.proc.wait(self.start_timeout)
                    break
            if self.proc.poll() is not None:
                break
            time.sleep(0.02)
        log = (self.directory / "redis.log").read_text(errors="replace")[-2000:]
        raise RuntimeError(f"redis-server did not start on port {self.port}:\n{log}")

    def _process_id(self) -> int | None:
        """The pid the Redis on this port reports (``INFO server``), None if unread."""
        import redis

        client = self.client()
        try:
            return int(client.info("server")["process_id"])
        except (redis.RedisError, KeyError, ValueError):
            return None
        finally:
            client.close()

    def answers(self) -> bool:
        """Whether it answers PING now."""
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
        """A ``redis.Redis`` client on it."""
        import redis

        return redis.Redis.from_url(self.url, socket_connect_timeout=2, socket_timeout=10)


# -- workers --------------------------------------------------------------------------------------


@contextlib.contextmanager
def memory_bound_redis(directory: Path, maxmemory: int) -> Iterator[RedisServer]:
    """A :class:`RedisServer` in ``directory`` with ``maxmemory`` bytes and the policy the
    service needs (``noeviction``: a full Redis refuses writes, it never drops queued work),
    stopped afterwards: the store-full and worker tests fill it."""
    server = RedisServer(directory).start()
    try:
        client = server.client()
        client.config_set("maxmemory", maxmemory)
        client.config_set("maxmemory-policy", "noeviction")
        yield server
    finally:
        server.stop()


class Workers:
    """``judge worker --workers n`` on the Redis at ``url``: the supervisor and its worker
    processes.

    ``env`` is added to the :func:`environment` (built with ``fast`` and ``drop``) after
    ``REDIS_URL`` and ``JUDGE_QUEUE``; ``burst`` and ``worker_class`` are the command's
    options.  The output goes to ``log`` (appended), or nowhere without one.
    :meth:`start` waits up to ``register_timeout`` seconds for the workers to register;
    :meth:`stop` up to ``stop_timeout`` seconds for the supervisor to exit.
    """

    def __init__(
        self,
        url: str,
        n: int = 1,
        env: Mapping[str, str] | None = None,
        log: Path | None = None,
        *,
        queue: str = QUEUE,
        burst: bool = False,
        worker_class: str | None = None,
        fast: Mapping[str, str] = FAST,
        drop: tuple[str, ...] = ("JUDGE_",),
        register_timeout: float = 30,
        stop_timeout: float = 20,
    ) -> None:
        self.url = url
        self.n = n
        self.env = dict(env or {})
        self.log = log
        self.queue = queue
        self.burst = burst
        self.worker_class = worker_class
        self.fast = dict(fast)
        self.drop = drop
        self.register_timeout = register_timeout
        self.stop_timeout = stop_timeout
        self.proc: subprocess.Popen[bytes] | None = None

    def start(self, wait: bool = True) -> Workers:
        """Start the supervisor; with ``wait``, wait until ``n`` of its workers are registered."""
        command = [sys.executable, "-m", "judge.cli", "worker", "--workers", str(self.n)]
        command += ["--burst"] if self.burst else []
        command += ["--worker-class", self.worker_class] if self.worker_class else []
        env = environment(
            {"REDIS_URL": self.url, "JUDGE_QUEUE": self.queue, **self.env}, self.fast, self.drop
        )
        with contextlib.ExitStack() as stack:
            out: Any = subprocess.DEVNULL
            if self.log is not None:
                out = stack.enter_context(self.log.open("ab"))
            self.proc = subprocess.Popen(
                command, cwd=REPO, env=env, start_new_session=True, stdout=out, stderr=out
            )
        if wait:
            wait_until(
                lambda: self._check() and len(self.own_registered()) >= self.n,
                self.register_timeout,
                "the workers register",
            )
        return self

    def _check(self) -> bool:
        assert self.proc is not None and self.proc.poll() is None, (
            f"judge worker exited:\n{self.tail()}"
        )
        return True

    def rq_workers(self) -> list[Any]:
        """The RQ workers on the queue (each with its ``pid``, once it has started)."""
        import redis
        from rq import Queue, Worker

        conn = redis.Redis.from_url(self.url, socket_connect_timeout=2)
        return Worker.all(queue=Queue(self.queue, connection=conn))

    def registered(self) -> list[Any]:
        """The RQ workers registered on the queue with their ``pid``."""
        return [w for w in self.rq_workers() if w.pid]

    def own_registered(self) -> list[Any]:
        """The registered RQ workers that are this supervisor's own processes.  Why not
        :meth:`registered`: another supervisor may serve the same queue (a second machine),
        and its workers, registered already, would make :meth:`start` return before this
        one's had started (a test then gave the second machine seconds it spent starting)."""
        mine = set(self.processes())
        return [w for w in self.registered() if w.pid in mine]

    def running(self, job_id: str) -> Any:
        """The RQ worker (with its ``pid``) running ``job_id``, or None."""
        for worker in self.rq_workers():
            if worker.get_current_job_id() == job_id:
                return worker
        return None

    def processes(self) -> list[int]:
        """The worker processes the supervisor runs now."""
        return children_of(self.proc.pid) if self.proc is not None else []

    def stop(self) -> int | None:
        """SIGTERM to the supervisor (a warm shutdown: the workers unregister); its exit
        code, or None when it had to be killed."""
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                return self.proc.wait(self.stop_timeout)
            except subprocess.TimeoutExpired:
                pass
        self.kill()
        return None

    def kill(self) -> None:
        """SIGKILL to the supervisor and every process under it (workers, their jobs), and
        wait until each has exited.  Why wait for the workers too: a worker killed but not
        yet gone still holds its connection, and Redis hands the next job pushed to the
        queue to its pending blocking pop (the next test's job then vanishes)."""
        if self.proc is None:
            return
        # each stopped (SIGSTOP) before its children are listed: a process stopped forks no
        # more, so none is missed (a fork worker's work horse forked after its parent was
        # listed would keep the worker's connection open, and its blocking pop alive)
        family, todo = [], [self.proc.pid]
        while todo:
            pid = todo.pop()
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGSTOP)
            family.append(pid)
            todo.extend(children_of(pid))
        for pid in family:
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)
        self.proc.wait()
        wait_until(lambda: not any(alive(pid) for pid in family), 10, "the killed workers exit")

    def tail(self, chars: int = 3000) -> str:
        """The end of the log ("" without one)."""
        if self.log is None or not self.log.exists():
            return ""
        return self.log.read_text(errors="replace")[-chars:]

    children_of = staticmethod(children_of)
    alive = staticmethod(alive)


# -- HTTP -----------------------------------------------------------------------------------------


@dataclass
class Answer:
    """An HTTP answer: its status, its headers (names in lower case) and its body."""

    status: int
    headers: dict[str, str]
    body: bytes

    @property
    def json(self) -> Any:
        return json.loads(self.body)

    @property
    def content_type(self) -> str:
        return self.headers.get("content-type", "")


def request(
    host: str,
    port: int,
    method: str,
    path: str,
    body: Any = None,
    headers: Mapping[str, str] | None = None,
    timeout: float = 45,
) -> Answer:
    """One request on a connection of its own.  A dict or list ``body`` is sent as JSON
    (with ``Content-Type: application/json`` unless ``headers`` say otherwise), a str as
    UTF-8."""
    headers = dict(headers or {})
    if isinstance(body, dict | list):
        body = json.dumps(body)
        headers.setdefault("Content-Type", "application/json")
    if isinstance(body, str):
        body = body.encode()
    conn = http.client.HTTPConnection(host, port, timeout=timeout)
    try:
        conn.request(method, path, body=body, headers=headers)
        resp = conn.getresponse()
        data = resp.read()
        return Answer(resp.status, {k.lower(): v for k, v in resp.getheaders()}, data)
    finally:
        conn.close()


def serve(app: Any, port: int = 0) -> Any:
    """Serve the WSGI ``app`` on 127.0.0.1:``port`` (0: a free one) with werkzeug's threaded
    server, in a daemon thread, without request logs; the server (``server_port``,
    ``shutdown()``, ``server_close()``)."""
    from werkzeug.serving import WSGIRequestHandler, make_server

    class Quiet(WSGIRequestHandler):
        def log(self, type: str, message: str, *args: Any) -> None:  # noqa: A002
            pass

    server = make_server("127.0.0.1", port, app, threaded=True, request_handler=Quiet)
    # polled every 0.05 s, not socketserver's 0.5: ``shutdown()`` waits for the next poll,
    # and a test session stops its servers one after the other (2.5 s at a worker's end)
    threading.Thread(
        target=server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True
    ).start()
    return server


# -- big results ------------------------------------------------------------------------------


def long_replay(steps: int, seed: str = "big") -> dict[str, Any]:
    """A judged replay with ``steps`` steps: a long self-play game's (attacks unlikely) steps
    repeated and renumbered (the kinds of steps, keyframe states and private events a long
    game has), made without judging ``steps`` actions."""
    from judge.core.canonical import canonical_json
    from judge.core.replay import replay
    from judge.core.selfplay import random_game
    from judge.games.union_arena.sample import sample_envelope

    log = random_game(sample_envelope(seed), seed, max_actions=2000, weights={"attack": 0})
    base = replay(canonical_json(log))
    out = dict(base)
    out["steps"] = [{**base["steps"][i % len(base["steps"])], "index": i} for i in range(steps)]
    return out


def store_finished(store: Any, result: dict[str, Any]) -> str:
    """``result`` stored as a finished job's replay (as a worker stores it); the job's id."""
    import secrets

    from worker.service import Submission

    sub = Submission(
        id=secrets.token_hex(16),
        content_hash=secrets.token_hex(32),
        game="union-arena",
        on_illegal="skip",
        perspective="judge",
        players=["A", "B"],
        submitted_at=time.time(),
    )
    store.create(sub, "{}", 3600)
    sub.status, sub.finished_at, sub.summary = "finished", time.time(), result["summary"]
    assert store.save_result(sub, result)
    return sub.id


class HeldRunner:
    """A :class:`worker.service.JudgeService` runner with no worker: a job stays queued (its
    id kept in :attr:`queued`) until the test judges it (``worker.service.judge_job``)."""

    def __init__(self) -> None:
        self.queued: list[str] = []

    def enqueue(self, job_id: str) -> None:
        self.queued.append(job_id)

    def workers_alive(self) -> int:
        return 1
