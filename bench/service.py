"""Service benchmark: the judging service against RQ's own workers judging the same logs, in one run.

Run: ``python bench/service.py`` (a private ``redis-server`` on a free port) or
``python bench/service.py --redis-url redis://127.0.0.1:6379/0`` (an existing Redis: a queue
and key prefix of this run's own, deleted after).  It needs the ``service`` extra and
gunicorn.  Everything is measured in this one run, on this machine, with the same number of
worker processes (``--workers``, 2) and the worker class the service uses
(``JUDGE_WORKER_CLASS``, read with :class:`worker.config.Settings`; ``simple`` by default):

a. **RQ judging the same logs**: the logs of (b), queued, then drained by that many burst
   workers of RQ's own class for that setting (``Worker`` for fork, ``SimpleWorker``,
   ``SpawnWorker``), each job :func:`bare_judge` (judge the log, return its summary: the
   same function as the service's job, without the store around it); jobs/s from the first
   job's start to the last one's end as RQ recorded them.  Then RQ's own cost: ``--noop-jobs``
   jobs that do nothing (``os.getpid``) with the same workers.
b. **the service**: the API under gunicorn (``api:create_app()``, :data:`GUNICORN`, the
   Dockerfile's command: its worker class, gevent's, 2 processes) on that Redis, ``judge worker
   --workers N`` with the default settings, and ``--clients`` client threads, each
   submitting a typical log (a random Union Arena game cut at 200 actions, a distinct one
   each time) over HTTP and waiting for its result with ``GET /v1/replays/{id}?wait=30``,
   then the next; jobs/s from the first submission to the last result received.  Then the
   jobs judged at rest read whole from the public perspective twice (:func:`narrower_reads`:
   the first read has the replay's records made, ``worker.records``).

(a) and (b) run in turn ``--rounds`` times (3; the no-op jobs once): the ratio b/a printed is
the median of the rounds' own ratios, the p50 at rest the median of theirs, each round's
figures printed too; a round's service has its own queue and key prefix (no log is found
judged already).  Why: this machine's speed moves within a run, by a third at times, and a
single (a) then (b) compared two machines (one run read 0.30 where earlier ones had read
0.44-0.60; the first run with rounds read 0.63, 0.40 and 0.45 in its three).  The rest of the
figures are the first round's, and ``--compare`` runs one round.

Then (a) and (b) again with each worker class of ``--compare`` (``fork`` by default), in
this run: jobs/s, the ratio and p50s, and how the chosen class compares (the measurement
behind the default class).

It prints the replay document's size a step (the canonical JSON of ``replay(log)``, all
bytes over all steps of the corpus, and as stored), jobs/s of both and their ratio (b/a),
and the submit-to-result latency (the client's clock, from sending the POST to having
received the last byte of the finished job with its replay from ``?wait=``; the client
decodes it after that, with orjson, as a client library would, and that decoding is not
counted as the service's time): p50 and p99 under that load, and at rest (one client, one
job at a time).

Then the **Redis round trips a job** (``--trip-jobs`` jobs one at a time on a service started
anew, its API's and its workers' connections each through a counting relay,
:class:`RoundTripProxy`: a pipeline or a transaction is one round trip), less what the same
processes do idle for as long; ``--only-round-trips`` prints that alone.

The API runs with its rate limits on, as in production (their Redis round trips are part of
a request), with budgets no run reaches (:data:`RATE_BUDGETS`).

Then where the time goes:

* per job, from the store's own timestamps: submitted → started (the queue, the worker's
  dequeue, the fork, reading the log), started → finished (the replay), finished →
  received by the client (encoding, compressing and storing the result, the announcement
  waking the waiting request, reading and decompressing it, sending it), with the slowest
  job's own figures;
* the CPU of each step, one at a time in this process (no HTTP server, no fork, no queue;
  the service stopped): the API's POST, the replay, encoding the result, storing it, the
  API's GET of the finished job, the client decoding the answer (a client's cost, on this
  machine's cores too);
* the ceiling those costs put on the ratio when the cores are the limit: a bare job's
  core-seconds (RQ's own cost per job, from the no-op jobs, plus the replay) over a
  service job's (the same plus the API's POST and GET, storing the result and the
  client's decoding, all on this machine's cores).

Targets (issue 10): ratio >= 0.7 with 2 workers, p50 at rest <= 20 ms, <= 700 bytes a
step.  Never a test.  RQ's job records of the run expire on their own (10 minutes).
"""

from __future__ import annotations

import argparse
import gc
import http.client
import os
import resource
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import uuid
from pathlib import Path
from typing import Any

import orjson

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.roundtrips import RoundTripProxy  # noqa: E402
from judge.core.canonical import canonical_json  # noqa: E402
from judge.core.replay import replay  # noqa: E402
from judge.core.selfplay import random_game  # noqa: E402
from judge.games.union_arena.sample import sample_envelope  # noqa: E402
from worker.config import Settings, mask_secrets  # noqa: E402

#: RQ's own worker class for each of the service's worker classes
RQ_CLASS = {"fork": "rq.Worker", "simple": "rq.SimpleWorker", "spawn": "rq.SpawnWorker"}

#: gunicorn's serving options for the API, as in the Dockerfile (docs/service.md, "Serving model"):
#: its worker class, gevent's with the server's own answers as problems
GUNICORN = [
    "--worker-class", "api.serving.GeventWorker",
    "--workers", "2",
    "--worker-connections", "1000",
]  # fmt: skip
API_PROCESSES = int(GUNICORN[GUNICORN.index("--workers") + 1])
#: gunicorn settings that note each API process once it has loaded the app (the system
#: tests' own): the benchmark starts only once every one has
BOOTED_CONFIG = ROOT / "tests" / "system" / "gunicorn_booted.py"

_RQ_WORKER = """
import os
import sys
sys.path.insert(0, sys.argv[4])
from redis import Redis
from rq import Queue
from rq.utils import import_attribute
url, name, cls = sys.argv[1:4]  # argv[4]: the repository (bench.service.bare_judge)
if sys.argv[5:] == ["warm"]:  # imports and first replays before the first job, as the service's
    import bench.service
    bench.service.warm_up()
conn = Redis.from_url(url)
before = os.times()
import_attribute(cls)([Queue(name, connection=conn)], connection=conn).work(
    burst=True, logging_level="WARNING"
)
after = os.times()  # the CPU of the jobs, with the forked children's (fork workers)
print("cpu", sum(after[:4]) - sum(before[:4]))
"""


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def percentile(values: list[float], p: float) -> float:
    """The ``p``-th percentile (nearest rank) of ``values``."""
    ordered = sorted(values)
    rank = max(1, min(len(ordered), round(p / 100 * len(ordered) + 0.5)))
    return ordered[rank - 1]


def corpus(n: int, tag: str, actions: int = 200) -> list[dict[str, Any]]:
    """``n`` distinct typical logs: random games (attacks less likely, so most last) cut at
    ``actions`` actions."""
    return [
        random_game(
            sample_envelope(f"{tag}-{i}"), f"{tag}-{i}", max_actions=actions, weights={"attack": 1}
        )
        for i in range(n)
    ]


class Processes:
    """Processes this run started; each stopped (by its id) at the end."""

    def __init__(self) -> None:
        self.started: list[subprocess.Popen[bytes]] = []

    def start(self, command: list[str], **kwargs: Any) -> subprocess.Popen[bytes]:
        proc = subprocess.Popen(command, start_new_session=True, **kwargs)
        self.started.append(proc)
        return proc

    def stop(self, procs: list[subprocess.Popen[bytes]]) -> None:
        for proc in reversed(procs):
            if proc.poll() is None:
                os.killpg(proc.pid, signal.SIGTERM)
                try:
                    proc.wait(15)
                except subprocess.TimeoutExpired:
                    os.killpg(proc.pid, signal.SIGKILL)
                    proc.wait()

    def stop_all(self) -> None:
        self.stop(self.started)


def start_redis(procs: Processes, directory: Path) -> str:
    """A private redis-server (AOF, ``appendfsync everysec``: the production advice)."""
    binary = shutil.which("redis-server")
    if binary is None:
        sys.exit("redis-server is not installed: give --redis-url")
    port = free_port()
    command = [
        binary,
        "--port", str(port),
        "--bind", "127.0.0.1",
        "--dir", str(directory),
        "--appendonly", "yes",
        "--appendfsync", "everysec",
        "--save", "",
        "--logfile", str(directory / "redis.log"),
    ]  # fmt: skip
    REDIS_PID.append(
        procs.start(
            command,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        ).pid
    )
    import redis

    client = redis.Redis(port=port)
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        try:
            client.ping()
            return f"redis://127.0.0.1:{port}/0"
        except redis.ConnectionError:
            time.sleep(0.05)
    sys.exit("redis-server did not start")


# -- a: RQ's own worker on the same corpus, and on no-op jobs -----------------------------------


def bare_judge(log: bytes) -> dict[str, Any]:
    """The bare RQ job: judge the log, return its summary.  The service's job does the same
    replay, and around it reads the log from the store, stores the compressed replay and
    announces it; RQ pickles this summary as the job's result."""
    return replay(log)["summary"]


#: the private redis-server's process id (none with ``--redis-url``)
REDIS_PID: list[int] = []
CLOCK_TICKS = os.sysconf("SC_CLK_TCK")


def cpu_seconds(roots: list[int]) -> dict[int, float]:
    """CPU seconds used so far (user and system, with the children each has waited for) by
    each process under ``roots`` (Linux ``/proc``)."""
    from worker.testing import children_of

    used: dict[int, float] = {}
    todo = list(roots)
    while todo:
        pid = todo.pop()
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()
        except OSError:
            continue
        used[pid] = sum(int(x) for x in fields[11:15]) / CLOCK_TICKS
        todo.extend(children_of(pid))
    return used


def cpu_used(before: dict[int, float], after: dict[int, float]) -> float:
    """CPU seconds used between two :func:`cpu_seconds` (by the processes alive at the end)."""
    return sum(v - before.get(pid, 0.0) for pid, v in after.items())


def warm_up() -> None:
    """A bare RQ worker's first replays, before it takes a job: the service's workers are
    warmed up too (``measure_service``), so neither side counts its imports."""
    for doc in corpus(3, "warm-bare"):
        bare_judge(canonical_json(doc).encode())


def rq_drain(
    url: str,
    queue: str,
    calls: list[tuple[str, tuple[Any, ...]]],
    workers: int,
    worker_class: str,
    warm: bool = False,
) -> dict[str, float]:
    """Jobs/s of ``workers`` burst workers of RQ's ``worker_class`` draining ``calls``
    (a function's import path and its arguments, queued first), from the first job's start
    to the last one's end as RQ recorded them; and the median job's own time (start to
    end)."""
    from redis import Redis
    from rq import Queue
    from rq.job import Job

    conn = Redis.from_url(url)
    q = Queue(queue, connection=conn)
    with conn.pipeline() as pipe:
        ids = [
            q.enqueue_call(func=func, args=args, result_ttl=600, pipeline=pipe).id
            for func, args in calls
        ]
        pipe.execute()
    clock = time.perf_counter()
    redis_cpu = cpu_seconds([REDIS_PID[0]] if REDIS_PID else [])
    procs = [
        subprocess.Popen(
            [sys.executable, "-c", _RQ_WORKER, url, queue, worker_class, str(ROOT)]
            + (["warm"] if warm else []),
            stdout=subprocess.PIPE,
        )
        for _ in range(workers)
    ]
    workers_cpu = 0.0
    for proc in procs:
        out, _ = proc.communicate()
        workers_cpu += sum(
            float(line.split()[1]) for line in out.decode().splitlines() if line.startswith("cpu ")
        )
    wall = time.perf_counter() - clock
    redis_cpu = cpu_used(redis_cpu, cpu_seconds([REDIS_PID[0]] if REDIS_PID else []))
    done = [j for j in Job.fetch_many(ids, connection=conn) if j is not None]
    if len(done) != len(calls) or any(j.get_status() != "finished" for j in done):
        raise RuntimeError(f"RQ did not finish every job of {calls[0][0]}")
    span = (max(j.ended_at for j in done) - min(j.started_at for j in done)).total_seconds()
    job_s = statistics.median((j.ended_at - j.started_at).total_seconds() for j in done)
    q.delete(delete_jobs=True)
    for key in conn.scan_iter(match=f"rq:*{queue}*"):
        conn.delete(key)
    return {
        "jobs_per_s": len(calls) / span,
        "ms_per_job": span / len(calls) * 1000,
        "job_ms": job_s * 1000,
        "wall_s": wall,
        "cpu_workers_ms": workers_cpu / len(calls) * 1000,
        "cpu_redis_ms": redis_cpu / len(calls) * 1000,
    }


def rq_bare(
    url: str, queue: str, bodies: list[bytes], workers: int, worker_class: str
) -> dict[str, float]:
    """RQ's own workers judging ``bodies`` with :func:`bare_judge`."""
    calls = [("bench.service.bare_judge", (body,)) for body in bodies]
    return rq_drain(url, queue, calls, workers, worker_class, warm=True)


def rq_noop(url: str, queue: str, jobs: int, workers: int, worker_class: str) -> dict[str, float]:
    """RQ's own workers on ``jobs`` jobs that do nothing (``os.getpid``): RQ's own cost."""
    return rq_drain(url, queue, [("os.getpid", ())] * jobs, workers, worker_class)


def bytes_per_step(bodies: list[bytes]) -> dict[str, float]:
    """The replay document's size per step over ``bodies``: the canonical JSON of
    ``replay(log)`` (what the API serves and the store keeps, before compression), all
    replays' bytes over all their steps, and the same stored (Zstandard level 1, as
    :class:`worker.redis_store.RedisStore` keeps it by default)."""
    import zstandard

    size = stored = steps = 0
    compressor = zstandard.ZstdCompressor(level=1)
    for body in bodies:
        result = replay(body)
        text = canonical_json(result).encode()
        size += len(text)
        stored += len(compressor.compress(text))
        steps += result["summary"]["steps"]
    return {"json": size / steps, "stored": stored / steps, "steps": steps / len(bodies)}


# -- round trips ---------------------------------------------------------------------------------


def measure_round_trips(
    procs: Processes,
    url: str,
    env: dict[str, str],
    args: argparse.Namespace,
    bodies: list[bytes],
    directory: Path,
) -> dict[str, float]:
    """Redis round trips a job, of the API's processes and of the workers' (the supervisor
    and its workers), each through a :class:`RoundTripProxy` of its own: ``len(bodies)``
    jobs one at a time (submit, ``?wait=``), less what the same processes do idle for as
    long (heartbeats, the reaper, the waiters' pub/sub), measured just before."""
    from urllib.parse import urlsplit

    parts = urlsplit(url)
    upstream = (parts.hostname or "127.0.0.1", parts.port or 6379)
    api_proxy, worker_proxy = RoundTripProxy(upstream), RoundTripProxy(upstream)
    path = parts.path or "/0"
    started = len(procs.started)
    try:
        port = start_service(
            procs,
            f"redis://127.0.0.1:{api_proxy.port}{path}",
            env,
            args.workers,
            directory,
            worker_url=f"redis://127.0.0.1:{worker_proxy.port}{path}",
        )
        run_clients(port, bodies[:2], 1)  # first imports, connections, scripts loaded
        time.sleep(1.0)
        proxies = (api_proxy, worker_proxy)
        before = [p.count() for p in proxies]
        clock = time.perf_counter()
        time.sleep(5.0)
        idle = [
            (p.count() - b) / (time.perf_counter() - clock)
            for p, b in zip(proxies, before, strict=True)
        ]
        before = [p.count() for p in proxies]
        elapsed, jobs = run_clients(port, bodies[2:], 1)
        used = [p.count() - b for p, b in zip(proxies, before, strict=True)]
    finally:
        procs.stop(procs.started[started:])
        api_proxy.close()
        worker_proxy.close()
    per_job = [
        max(0.0, (u - rate * elapsed) / len(jobs)) for u, rate in zip(used, idle, strict=True)
    ]
    return {"api": per_job[0], "workers": per_job[1], "idle_per_s": sum(idle), "jobs": len(jobs)}


# -- b: the service over HTTP ------------------------------------------------------------------


class Client:
    """One HTTP client with a connection it keeps (as a client library would)."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)

    def call(self, method: str, path: str, body: bytes | None = None) -> tuple[int, Any, float]:
        """The answer's status, its decoded body, and when its last byte was received."""
        headers = {"Content-Type": "application/json"} if body is not None else {}
        for attempt in (1, 2):
            try:
                self.conn.request(method, path, body=body, headers=headers)
                resp = self.conn.getresponse()
                data = resp.read()
                received = time.perf_counter()
                return resp.status, orjson.loads(data), received
            except (OSError, http.client.HTTPException):
                self.conn.close()
                self.conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=60)
                if attempt == 2:
                    raise
        raise AssertionError("unreachable")

    def judge(self, doc: bytes) -> dict[str, Any]:
        """Submit, wait for the result; the finished job with the client's timestamps."""
        sent, wall = time.perf_counter(), time.time()
        status, body, _ = self.call("POST", "/v1/replays", doc)
        if status != 202:
            raise RuntimeError(f"submission answered {status}: {body}")
        while True:
            status, job, received = self.call("GET", f"/v1/replays/{body['id']}?wait=30")
            if status == 200 and job["status"] in ("finished", "failed"):
                break
        if job["status"] != "finished" or not job.get("replay"):
            raise RuntimeError(f"job {body['id']} {job['status']}: {job.get('reason')}")
        # kept, hundreds of replays would make each of this process's full collections
        # (about 100,000 objects per replay) stall the clients for most of a second
        del job["replay"]
        job["_latency"] = received - sent
        job["_sent"] = wall
        job["_received"] = wall + (received - sent)
        return job


def run_clients(port: int, docs: list[bytes], clients: int) -> tuple[float, list[dict[str, Any]]]:
    """``clients`` threads judging ``docs`` (each the next one not taken); seconds from
    the first submission to the last result, and every finished job."""
    lock = threading.Lock()
    todo = iter(docs)
    jobs: list[dict[str, Any]] = []
    errors: list[BaseException] = []

    def client() -> None:
        mine = Client(port)
        while True:
            with lock:
                doc = next(todo, None)
            if doc is None:
                return
            try:
                job = mine.judge(doc)
            except BaseException as exc:  # noqa: BLE001 - reported after the run
                errors.append(exc)
                return
            with lock:
                jobs.append(job)

    threads = [threading.Thread(target=client) for _ in range(clients)]
    clock = time.perf_counter()
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    elapsed = time.perf_counter() - clock
    if errors:
        raise RuntimeError(f"{len(errors)} clients failed; the first: {errors[0]!r}")
    return elapsed, jobs


#: the API's rate limits, on as in production (their Redis round trips are a request's) but
#: with budgets no run of this bench reaches (the defaults allow 60 submissions a minute)
RATE_BUDGETS = {
    "JUDGE_RATE_SUBMISSIONS": "1000000/minute",
    "JUDGE_RATE_BODY_KB": "1000000000/hour",
    "JUDGE_RATE_REQUESTS": "1000000/minute",
}


def start_service(
    procs: Processes,
    url: str,
    env: dict[str, str],
    workers: int,
    directory: Path,
    worker_url: str | None = None,
) -> int:
    """``judge worker`` and the API under gunicorn (on Redis ``url``, the workers on
    ``worker_url`` if given); the API's port once it is ready."""
    port = free_port()
    full = {k: v for k, v in os.environ.items() if not k.startswith("JUDGE_")}
    full.update(RATE_BUDGETS)
    full.update(env)
    full["REDIS_URL"] = url
    full["PYTHONPATH"] = os.pathsep.join([str(ROOT), *filter(None, [os.environ.get("PYTHONPATH")])])
    log = (directory / "service.log").open("ab")
    procs.start(
        [sys.executable, "-m", "judge.cli", "worker", "--workers", str(workers)],
        cwd=ROOT,
        env={**full, "REDIS_URL": worker_url or url},
        stdout=log,
        stderr=log,
    )
    booted = Path(tempfile.mkdtemp(prefix="booted-", dir=directory))
    api = [
        sys.executable, "-m", "gunicorn",
        "--config", str(BOOTED_CONFIG),
        *GUNICORN,
        "--bind", f"127.0.0.1:{port}",
        "--log-level", "warning",
        "api:create_app()",
    ]  # fmt: skip
    procs.start(
        api,
        cwd=ROOT,
        env={**full, "GUNICORN_BOOTED_DIR": str(booted)},
        stdout=log,
        stderr=log,
    )
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            status, body, _ = Client(port).call("GET", "/readyz")
            # every API process has loaded the app: the clients keep their connections, and
            # connected to a service with one process booted they would all stay on that one
            if (
                status == 200
                and body.get("workers", 0) >= workers
                and len(list(booted.iterdir())) >= API_PROCESSES
            ):
                return port
        except (OSError, http.client.HTTPException, ValueError):
            pass
        time.sleep(0.2)
    sys.exit(f"the service did not become ready; see {directory / 'service.log'}")


def ms(seconds: float) -> str:
    return f"{seconds * 1000:.1f} ms"


class _NullRunner:
    """A runner that queues nothing: the profile judges in this process."""

    def enqueue(self, job_id: str) -> None:
        pass

    def workers_alive(self) -> int:
        return 1


def cpu_profile(url: str, prefix: str, bodies: list[bytes]) -> dict[str, float]:
    """CPU seconds per job of each step (this process's time, ``time.process_time``: what the
    machine's other work does not inflate as much as a clock's), one at a time in this
    process (no HTTP server, no fork, no queue), on the bench's Redis: the API's POST
    (decode, check, store), the service's job (:func:`worker.service.judge_job`: read the
    record and the log, the replay, encoding and storing the result; the records of what
    each step withholds are left for the first narrower read, :mod:`worker.records`), the API's GET of the finished job with its replay (read,
    decompress, the envelope around the stored bytes), and the client decoding that answer;
    and for comparison the bare replay (what RQ's bare job does) and the result's encoding
    alone (canonical JSON, Zstandard level 1)."""
    from api import create_app
    from worker.redis_store import RedisStore, connect
    from worker.service import JudgeService, judge_job

    store = RedisStore(connect(url), prefix)
    service = JudgeService(store=store, runner=_NullRunner(), mode="redis")
    client = create_app(service).test_client()
    steps: dict[str, list[float]] = {
        k: [] for k in ("post", "job", "get", "client", "replay", "encode")
    }

    clock = [0.0]

    def lap(name: str) -> None:
        now = time.process_time()
        steps[name].append(now - clock[0])
        clock[0] = now

    for body in bodies:
        clock[0] = time.process_time()
        answer = client.post("/v1/replays", data=body, content_type="application/json")
        lap("post")
        job_id = answer.get_json()["id"]
        status = judge_job(store, job_id)
        lap("job")
        if status != "finished":
            raise RuntimeError(f"the profile's job {job_id} {status}")
        data = client.get(f"/v1/replays/{job_id}?wait=30").data
        lap("get")
        orjson.loads(data)
        lap("client")
        result = replay(body.decode())
        lap("replay")
        store.encode_result(result)
        lap("encode")
    for key in store.client.scan_iter(match=f"{prefix}*"):
        store.client.delete(key)
    return {k: statistics.median(v) for k, v in steps.items()}


#: each (b)'s CPU per job under load by part, in ms: workers, API, Redis, clients
CPU_BY_PART: list[dict[str, float]] = []
#: each (b)'s public reads of finished jobs at rest, in seconds: the first (the records
#: made then, worker.records) and the second
NARROWER: list[dict[str, list[float]]] = []


def narrower_reads(port: int, job_ids: list[str]) -> dict[str, list[float]]:
    """A finished job read whole from the public perspective, twice, one at a time: the
    first read has the replay's records made by a worker (``worker.records``: the service's
    jobs, submitted from the judge's view, leave them for the first read that needs them),
    the second finds them stored."""
    client = Client(port)
    out: dict[str, list[float]] = {"first": [], "second": []}
    for job_id in job_ids:
        for which in ("first", "second"):
            sent = time.perf_counter()
            status, body, received = client.call("GET", f"/v1/replays/{job_id}?perspective=public")
            if status != 200 or body["perspective"] != "public":
                raise RuntimeError(f"public read of {job_id} answered {status}")
            out[which].append(received - sent)
    return out


def measure_service(
    procs: Processes,
    url: str,
    env: dict[str, str],
    args: argparse.Namespace,
    bodies: list[bytes],
    warm: list[bytes],
    directory: Path,
) -> tuple[float, list[dict[str, Any]], list[dict[str, Any]]]:
    """(b): the API and the workers started with ``env``, warmed up, the load (jobs/s and
    each job), then one job at a time (each job); the service stopped after."""
    started = len(procs.started)
    port = start_service(procs, url, env, args.workers, directory)
    service = procs.started[started:]
    groups = {
        "workers": [service[0].pid],
        "API": [service[1].pid],
        "Redis": REDIS_PID[:1],
    }
    try:
        run_clients(port, warm, 2)  # first forks, imports, connections
        before = {name: cpu_seconds(pids) for name, pids in groups.items()}
        clients = resource.getrusage(resource.RUSAGE_SELF)
        elapsed, loaded = run_clients(port, bodies[args.rest_jobs :], args.clients)
        after = resource.getrusage(resource.RUSAGE_SELF)
        cpu = {
            name: cpu_used(before[name], cpu_seconds(pids)) / len(loaded) * 1000
            for name, pids in groups.items()
        }
        cpu["clients"] = (
            (after.ru_utime + after.ru_stime - clients.ru_utime - clients.ru_stime)
            / len(loaded)
            * 1000
        )
        _, rest = run_clients(port, bodies[: args.rest_jobs], 1)
        NARROWER.append(narrower_reads(port, [j["id"] for j in rest]))
    finally:
        procs.stop(service)
    CPU_BY_PART.append(cpu)
    return len(loaded) / elapsed, loaded, rest


def print_round_trips(
    procs: Processes,
    url: str,
    env: dict[str, str],
    args: argparse.Namespace,
    bodies: list[bytes],
    directory: Path,
) -> None:
    """:func:`measure_round_trips` on ``args.trip_jobs`` of ``bodies``, printed."""
    trips = measure_round_trips(
        procs,
        url,
        {**env, "JUDGE_KEY_PREFIX": f"{env['JUDGE_KEY_PREFIX']}trips:"},
        args,
        bodies[: args.trip_jobs + 2],
        directory,
    )
    print(
        f"Redis round trips a job ({trips['jobs']} jobs one at a time, each process's "
        f"connections through a counting relay, less the same processes idle, "
        f"{trips['idle_per_s']:.1f} a second): the API {trips['api']:.1f}, the workers "
        f"{trips['workers']:.1f}, in all {trips['api'] + trips['workers']:.1f}"
    )


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--redis-url", help="an existing Redis (default: a private redis-server)")
    ap.add_argument("--workers", type=int, default=2, help="worker processes (default 2)")
    ap.add_argument("--jobs", type=int, default=300, help="logs judged under load")
    ap.add_argument("--rest-jobs", type=int, default=60, help="logs judged one at a time")
    ap.add_argument("--noop-jobs", type=int, default=500, help="RQ no-op jobs (RQ's own cost)")
    ap.add_argument("--clients", type=int, default=8, help="concurrent HTTP clients")
    ap.add_argument(
        "--trip-jobs", type=int, default=30, help="jobs whose Redis round trips are counted"
    )
    ap.add_argument(
        "--only-round-trips", action="store_true", help="count the round trips, nothing else"
    )
    ap.add_argument(
        "--rounds",
        type=int,
        default=3,
        help="times (a) and (b) run, in turn; the ratio is the median of the rounds' (default 3)",
    )
    ap.add_argument("--keep", action="store_true", help="keep the logs (Redis, the service)")
    ap.add_argument(
        "--compare",
        default="fork",
        help="worker classes to run (a) and (b) with too, in this run, comma-separated "
        "('' for none)",
    )
    args = ap.parse_args()

    settings = Settings.from_env()
    worker_class = settings.worker_class
    tag = uuid.uuid4().hex[:8]
    queue, prefix = f"bench-{tag}", f"bench:{tag}:"
    procs = Processes()
    directory = Path(tempfile.mkdtemp(prefix="judge-bench-"))
    print(
        f"machine: {os.cpu_count()} cores, load average "
        f"{' '.join(f'{x:.1f}' for x in os.getloadavg())}; "
        f"{args.workers} {worker_class} workers (JUDGE_WORKER_CLASS); API: gunicorn "
        f"{' '.join(GUNICORN)}"
    )
    try:
        url = args.redis_url or start_redis(procs, directory)
        shown = "private redis-server (AOF everysec)" if not args.redis_url else mask_secrets(url)
        print(f"redis: {shown}")

        env = {"REDIS_URL": url, "JUDGE_QUEUE": queue, "JUDGE_KEY_PREFIX": prefix}
        if args.only_round_trips:
            bodies = [canonical_json(d).encode() for d in corpus(args.trip_jobs + 2, tag)]
            env["JUDGE_WORKER_CLASS"] = worker_class
            print_round_trips(procs, url, env, args, bodies, directory)
            return
        warm = [canonical_json(d).encode() for d in corpus(6, f"warm-{tag}")]
        docs = corpus(args.jobs + args.rest_jobs, f"bench-{tag}")
        n_actions = [len(d["actions"]) for d in docs]
        bodies = [canonical_json(d).encode() for d in docs]
        # the clients keep only the bodies (bytes), and this process's collector leaves
        # what was built so far alone: otherwise its full collections, over the engine and
        # the corpus, stall the clients' decoding of answers and count as the service's
        del docs
        gc.collect()
        gc.freeze()
        clock = time.perf_counter()
        for body in bodies[: args.rest_jobs]:
            replay(body)
        bare = (time.perf_counter() - clock) / args.rest_jobs
        print(
            f"corpus: {len(bodies)} distinct logs, {statistics.mean(n_actions):.0f} actions on "
            f"average ({min(n_actions)}-{max(n_actions)}); bare replay in this process "
            f"{ms(bare)} per log"
        )
        size = bytes_per_step(bodies)
        print(
            f"replay document: {size['json']:.0f} bytes a step on average over the corpus "
            f"(canonical JSON of replay(log), all bytes / all steps; {size['steps']:.0f} steps "
            f"a log; target <= 700); stored as Zstandard level 1: {size['stored']:.0f} bytes "
            "a step"
        )

        loaded_bodies = bodies[args.rest_jobs :]
        rq_class = RQ_CLASS[worker_class]
        base = rq_bare(url, f"{queue}-bare", loaded_bodies, args.workers, rq_class)
        print(
            f"(a) RQ {rq_class} x{args.workers} judging the same {len(loaded_bodies)} logs "
            f"(bench.service.bare_judge: replay, return the summary): "
            f"{base['jobs_per_s']:.1f} jobs/s ({base['ms_per_job']:.1f} ms per job; "
            f"a job's own time, median, {base['job_ms']:.1f} ms)"
        )
        noop = rq_noop(url, f"{queue}-noop", args.noop_jobs, args.workers, rq_class)
        print(
            f"    RQ's own cost, {args.noop_jobs} no-op jobs with the same workers: "
            f"{noop['jobs_per_s']:.1f} jobs/s ({noop['ms_per_job']:.1f} ms per job)"
        )

        throughput, loaded, rest = measure_service(
            procs, url, {**env, "JUDGE_WORKER_CLASS": worker_class}, args, bodies, warm, directory
        )
        print(
            f"(b) the service over HTTP, {len(loaded)} logs, {args.clients} clients: "
            f"{throughput:.1f} jobs/s (first submission to last result received)"
        )
        ratios = [throughput / base["jobs_per_s"]]
        rest_p50s = [percentile([j["_latency"] for j in rest], 50)]
        for i in range(2, args.rounds + 1):  # (a) and (b) again, in turn: see --rounds
            again = rq_bare(url, f"{queue}-bare-r{i}", loaded_bodies, args.workers, rq_class)
            round_env = {
                **env,
                "JUDGE_WORKER_CLASS": worker_class,
                "JUDGE_QUEUE": f"{queue}-r{i}",
                "JUDGE_KEY_PREFIX": f"{prefix}r{i}:",  # its own records: nothing is judged already
            }
            r_throughput, _, r_rest = measure_service(
                procs, url, round_env, args, bodies, warm, directory
            )
            ratios.append(r_throughput / again["jobs_per_s"])
            rest_p50s.append(percentile([j["_latency"] for j in r_rest], 50))
            print(
                f"    round {i}: (a) {again['jobs_per_s']:.1f} jobs/s, (b) {r_throughput:.1f} "
                f"jobs/s, ratio {ratios[-1]:.2f}, p50 at rest {ms(rest_p50s[-1])}"
            )
        print(
            f"ratio b/a: {statistics.median(ratios):.2f}, the median of {len(ratios)} rounds "
            f"({', '.join(f'{r:.2f}' for r in ratios)}) (target >= 0.7 with {args.workers} "
            "workers)"
        )
        lat = [j["_latency"] for j in loaded]
        print(
            f"latency under that load (submit -> result, ?wait=): p50 {ms(percentile(lat, 50))}, "
            f"p99 {ms(percentile(lat, 99))}"
        )
        lat = [j["_latency"] for j in rest]
        print(
            f"latency at rest (one client, one job at a time): p50 "
            f"{ms(statistics.median(rest_p50s))}, the median of the rounds' "
            f"({', '.join(ms(p) for p in rest_p50s)}), p99 {ms(percentile(lat, 99))} in the "
            "first (target p50 <= 20 ms)"
        )
        public = NARROWER[0]
        print(
            f"a finished job read whole from the public perspective at rest (p50): the first "
            f"read {ms(percentile(public['first'], 50))} (its records made then, by a worker), "
            f"the second {ms(percentile(public['second'], 50))}"
        )
        for other in [c for c in args.compare.split(",") if c and c != worker_class]:
            other_env = {
                **env,
                "JUDGE_WORKER_CLASS": other,
                "JUDGE_QUEUE": f"{queue}-{other}",
                "JUDGE_KEY_PREFIX": f"{prefix}{other}:",
            }
            o_throughput, o_loaded, o_rest = measure_service(
                procs, url, other_env, args, bodies, warm, directory
            )
            o_load = percentile([j["_latency"] for j in o_loaded], 50)
            o_rest_p50 = percentile([j["_latency"] for j in o_rest], 50)
            o_base = rq_bare(
                url, f"{queue}-bare-{other}", loaded_bodies, args.workers, RQ_CLASS[other]
            )
            print(
                f"the same with {other} workers: {o_throughput:.1f} jobs/s (RQ {RQ_CLASS[other]}"
                f" judging the same logs: {o_base['jobs_per_s']:.1f} jobs/s, ratio "
                f"{o_throughput / o_base['jobs_per_s']:.2f}), p50 under load {ms(o_load)}, at "
                f"rest {ms(o_rest_p50)}; {worker_class} / {other}: "
                f"{throughput / o_throughput:.2f} times the jobs/s, "
                f"{percentile(lat, 50) / o_rest_p50:.2f} times the p50 at rest"
            )
        print_round_trips(
            procs, url, {**env, "JUDGE_WORKER_CLASS": worker_class}, args, bodies, directory
        )
        for name, jobs in (("at rest", rest), ("under load", loaded)):
            parts = {
                "POST -> submitted": [j["submitted_at"] - j["_sent"] for j in jobs],
                "submitted -> started": [j["started_at"] - j["submitted_at"] for j in jobs],
                "started -> finished (replay)": [j["finished_at"] - j["started_at"] for j in jobs],
                "finished -> received": [j["_received"] - j["finished_at"] for j in jobs],
            }
            print(
                f"where the time goes {name} (medians): "
                + "; ".join(f"{k} {ms(statistics.median(v))}" for k, v in parts.items())
            )
            slowest = max(range(len(jobs)), key=lambda i: jobs[i]["_latency"])
            print(
                f"  its slowest job ({ms(jobs[slowest]['_latency'])}): "
                + "; ".join(f"{k} {ms(v[slowest])}" for k, v in parts.items())
            )
        span = max(j["finished_at"] for j in loaded) - min(j["started_at"] for j in loaded)
        print(
            f"workers alone under load (first start to last finish, the store's clocks): "
            f"{len(loaded) / span:.1f} jobs/s, {len(loaded) / span / base['jobs_per_s']:.2f} of "
            f"(a); a bare RQ job's own time {base['job_ms']:.1f} ms against the service job's "
            f"replay {ms(statistics.median(j['finished_at'] - j['started_at'] for j in loaded))}"
        )
        part = CPU_BY_PART[0]
        service_total = sum(part.values())
        bare_total = base["cpu_workers_ms"] + base["cpu_redis_ms"]
        print(
            "CPU per job under load, by process (ms of a core; Redis only when private): "
            f"the service: workers {part['workers']:.1f}, API {part['API']:.1f}, Redis "
            f"{part['Redis']:.1f}, the clients {part['clients']:.1f} = {service_total:.1f}; "
            f"RQ judging the same logs: workers {base['cpu_workers_ms']:.1f}, Redis "
            f"{base['cpu_redis_ms']:.1f} = {bare_total:.1f}; the ratio 2 busy cores allow: "
            f"{bare_total / service_total:.2f} (without the clients' share: "
            f"{bare_total / (service_total - part['clients']):.2f}; the workers and Redis "
            f"alone, as if the API and the clients had cores of their own: "
            f"{bare_total / (part['workers'] + part['Redis']):.2f})"
        )
        cost = cpu_profile(url, f"{prefix}profile:", bodies[: args.rest_jobs])
        print(
            "CPU per job, one step at a time in this process (process time, medians): "
            + "; ".join(
                f"{name} {ms(cost[key])}"
                for key, name in (
                    ("post", "API POST"),
                    ("job", "the service's job (read, replay, store)"),
                    ("get", "API GET with the replay"),
                    ("client", "client decoding it"),
                    ("replay", "for comparison the bare replay"),
                    ("encode", "the result's encoding alone"),
                )
            )
        )
        # core-seconds per job: RQ's own (no-op) cost, plus what each side does on top
        rq_cost = args.workers / noop["jobs_per_s"]
        bare_job = rq_cost + cost["replay"]
        service_job = rq_cost + sum(cost[k] for k in ("post", "job", "get", "client"))
        cores = os.cpu_count() or 1
        print(
            f"ceiling, when the cores are the limit: a bare RQ job costs RQ's own "
            f"{ms(rq_cost)} + the replay = {ms(bare_job)} of a core, a service job "
            f"{ms(service_job)} (the API's POST and GET, the job, the client's decoding on "
            f"the same {cores} cores): ratio at most {bare_job / service_job:.2f}"
        )
    finally:
        procs.stop_all()
        if args.redis_url:
            import redis

            client = redis.Redis.from_url(args.redis_url)
            for pattern in (f"{prefix}*", f"rq:*{queue}*"):
                for key in client.scan_iter(match=pattern):
                    client.delete(key)
        if args.keep:
            print(f"logs kept in {directory}")
        else:
            shutil.rmtree(directory, ignore_errors=True)


if __name__ == "__main__":
    main()
