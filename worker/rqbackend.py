"""The production runner: RQ workers on Redis, and what happens when a job goes wrong.

Pieces, each used by :func:`redis_service` (the API) or ``judge worker`` (the workers):

* :class:`RQRunner` — :class:`worker.service.Runner` on an RQ queue.  One RQ job per
  submission; its id is the submission's id; it calls :func:`run_job` with a time limit
  (``JUDGE_JOB_TIMEOUT``), ``Retry(max=JUDGE_JOB_RETRIES)`` and :func:`on_failure`.
* :func:`run_job` — the job function: :func:`worker.service.judge_job` on a
  :class:`worker.redis_store.RedisStore` over the worker's own connection.
* :func:`on_failure` — RQ's failure callback: writes the reason into the store.
* worker classes :class:`JudgeWorker` (fork per job, the default), :class:`JudgeSimpleWorker`
  and :class:`JudgeSpawnWorker`, and :func:`supervise`, the parent process of
  ``judge worker`` that starts them, restarts them and runs :func:`reap`.
* :func:`reap` — finds abandoned and orphaned jobs; safe to call from any process and
  thread (the API may call :meth:`RQRunner.reap` when it answers ``/readyz``).

What a failure becomes (the submission's ``status`` and ``reason`` in the store):

=====================================  =========================================================
what happened                          outcome
=====================================  =========================================================
the engine raised                      ``failed``: "the engine raised KeyError: …" (no retry: a
                                       replay is deterministic; :func:`worker.service.judge_job`)
over the time limit                    ``failed``: "time limit exceeded (60 s)" (no retry)
the process running it died            ``queued`` again while retries are left, then
(SIGKILL, out of memory, crash)        ``failed``: "the worker running it died; retried 2 times"
Redis went away during the job         like a death: retried, then "the job could not complete:
                                       StoreUnavailable: …"
the job never reached the queue        re-enqueued by :func:`reap` (the submission was stored but
                                       Redis failed before the enqueue)
=====================================  =========================================================

The time limit is RQ's ``job_timeout`` (SIGALRM in the process running the job), raised as
:class:`TimeLimitExceeded`, a ``BaseException``: neither the engine nor ``judge_job`` can
swallow it with ``except Exception``.

**The bound for a dead worker** (:func:`abandon_bound`).  While a job runs, its entry in
RQ's started-job registry is due ``JUDGE_MONITOR_INTERVAL + JUDGE_ABANDON_GRACE`` seconds
after the last heartbeat (the parent process of a fork or spawn worker heartbeats every
``JUDGE_MONITOR_INTERVAL`` seconds), or ``JUDGE_JOB_TIMEOUT + JUDGE_ABANDON_GRACE`` seconds
after the start with the simple worker (no heartbeat while the job runs).  An entry past due is an abandoned job:
:func:`reap`, run every ``JUDGE_REAP_INTERVAL`` seconds by each ``judge worker`` supervisor
and by idle workers, hands it to RQ's ``StartedJobRegistry.cleanup``, which calls
:func:`on_failure` (the submission goes back to ``queued`` or ends ``failed``) and retries
it.  So a job whose fork worker was SIGKILLed is back in the queue or failed within
``JUDGE_MONITOR_INTERVAL + JUDGE_ABANDON_GRACE + JUDGE_REAP_INTERVAL`` seconds of the
death (5 + 10 + 5 = 20 s by default); when only the process running the job (the fork
worker's child) dies, its parent notices at once.  A fork worker's child never outlives
its parent (``PR_SET_PDEATHSIG`` on Linux), so a killed worker's job is not finished twice.

**Test hooks** (never set in production): the environment variable ``JUDGE_TEST_FAULT`` of
a worker process makes its jobs misbehave, so the tests can cause real faults in real
worker processes:

* ``sleep:SECONDS`` — the replay sleeps that long first, on the job's first attempt only
  (its retries run normally): a slow job to kill or to run over its time limit;
* ``raise`` — the engine raises ``RuntimeError("injected engine fault")``;
* ``crash`` or ``crash:N`` — the process running the job kills itself (SIGKILL) on its
  first attempt (on each of the first N attempts).
"""

from __future__ import annotations

import contextlib
import ctypes
import json
import logging
import os
import signal
import subprocess
import sys
import threading
import time
import uuid
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from redis import Redis
from rq import Queue, Retry, SimpleWorker, SpawnWorker, Worker
from rq.callbacks import Callback
from rq.exceptions import AbandonedJobError, DuplicateJobError
from rq.job import Job, get_current_job
from rq.registry import (
    DeferredJobRegistry,
    FailedJobRegistry,
    FinishedJobRegistry,
    StartedJobRegistry,
)
from rq.timeouts import BaseDeathPenalty, JobTimeoutException, UnixSignalDeathPenalty
from rq.utils import now
from rq.worker_registration import clean_worker_registry, get_keys

from worker.config import Settings
from worker.redis_store import DEFAULT_PREFIX, TERMINAL, RedisStore, connect, guarded
from worker.service import JudgeService, Submission, fail, judge_job

log = logging.getLogger("judge.worker")

TEST_FAULT_ENV = "JUDGE_TEST_FAULT"
SUPERVISOR_ENV = "JUDGE_SUPERVISOR_PID"  # set by supervise() for the workers it starts
#: seconds an RQ job hash is kept after success (our store keeps the result, not RQ)
RQ_RESULT_TTL = 600
#: submissions one reap looks at for orphans, oldest first
ORPHAN_BATCH = 1000


# -- the time limit ----------------------------------------------------------------------------


class TimeLimitExceeded(BaseException):
    """The job ran over its time limit.  A BaseException so that no ``except Exception``
    between the signal and RQ (in the engine or in ``judge_job``) can swallow it."""

    def __init__(self, seconds: int) -> None:
        super().__init__(f"time limit exceeded ({seconds} s)")
        self.seconds = seconds


class JudgeDeathPenalty(UnixSignalDeathPenalty):
    """RQ's SIGALRM time limit, raising :class:`TimeLimitExceeded` for a job's limit (and
    RQ's own exceptions for its other timers, such as the fork worker's monitor)."""

    def handle_death_penalty(self, signum: int, frame: Any) -> None:
        if isinstance(self._exception, type) and issubclass(self._exception, JobTimeoutException):
            raise TimeLimitExceeded(self._timeout)
        super().handle_death_penalty(signum, frame)


class _NoDeathPenalty(BaseDeathPenalty):
    """No timer: for :func:`reap` outside a main thread (signals need the main thread); the
    failure callback it runs does a few Redis calls bounded by the socket timeout."""

    def setup_death_penalty(self) -> None:
        pass

    def cancel_death_penalty(self) -> None:
        pass


# -- the job and its failure callback -------------------------------------------------------------


def run_job(job_id: str, prefix: str = DEFAULT_PREFIX, keep: int | None = None) -> str:
    """RQ's entry point: judge the submission ``job_id`` (keys under ``prefix``; a result
    lives ``keep`` seconds, default: as long as its submission).  Returns the status."""
    job = get_current_job()
    if job is None:  # called outside RQ (a test, a shell): use the environment's Redis
        store = RedisStore.from_url(Settings.from_env().worker_redis_url, prefix=prefix)
    else:
        store = RedisStore(job.connection, prefix, result_ttl=keep)
    sub = store.get(job_id)
    if sub is None:
        return "expired"
    if sub.status in TERMINAL:
        return sub.status  # a duplicate run (e.g. re-enqueued by the reaper meanwhile)
    with _test_fault(sub):
        judge_job(store, job_id)
    done = store.get(job_id)
    return done.status if done is not None else "expired"


def on_failure(job: Job, connection: Redis, exc_type: Any, exc_value: Any, tb: Any) -> None:
    """RQ's failure callback: record why in the store (``queued`` again when RQ will retry).

    Called by the worker when :func:`run_job` raised, and by
    ``StartedJobRegistry.cleanup`` (:func:`reap`) with ``AbandonedJobError`` when the
    worker running the job died.
    """
    store = RedisStore(connection, job.kwargs.get("prefix", DEFAULT_PREFIX))
    if isinstance(exc_type, type) and issubclass(exc_type, TimeLimitExceeded):
        job.retries_left = 0  # deterministic: it would run over again; RQ reads this next
        fail(store, job.id, f"time limit exceeded ({job.timeout} s)")
    elif isinstance(exc_type, type) and issubclass(exc_type, AbandonedJobError):
        retry_or_fail(store, job, "the worker running it died")
    else:
        name = getattr(exc_type, "__name__", str(exc_type))
        retry_or_fail(store, job, f"the job could not complete: {name}: {exc_value}")


def retry_or_fail(store: RedisStore, job: Job, reason: str) -> None:
    """The submission back to ``queued`` when RQ has a retry left for ``job``, else
    ``failed`` with ``reason`` and how many times it was retried."""
    left = job.retries_left or 0
    if left > 0:
        sub = store.get(job.id)
        if sub is not None and sub.status not in TERMINAL:
            sub.status, sub.started_at = "queued", None
            store.update(sub)
        log.warning("job %s: %s; retrying (%d left)", job.id, reason, left - 1)
        return
    retried = int(job.meta.get("retries", 0)) - left
    fail(store, job.id, f"{reason}; {_times(retried)}")


def _times(n: int) -> str:
    return "not retried" if n <= 0 else f"retried {n} time{'s' if n != 1 else ''}"


@contextlib.contextmanager
def _test_fault(sub: Submission) -> Iterator[None]:
    """The ``JUDGE_TEST_FAULT`` hook (see the module's docstring); nothing when unset."""
    spec = os.environ.get(TEST_FAULT_ENV, "").strip()
    if not spec:
        yield
        return
    from worker import service

    kind, _, arg = spec.partition(":")
    attempt = sub.attempts  # how many attempts started before this one
    first = attempt == 0
    original = service.replay

    def faulty(text: str, **options: Any) -> dict[str, Any]:
        if kind == "raise":
            raise RuntimeError("injected engine fault")
        if kind == "sleep" and first:
            time.sleep(float(arg or 60))
        if kind == "crash" and attempt < int(arg or 1):
            os.kill(os.getpid(), signal.SIGKILL)
        return original(text, **options)

    service.replay = faulty  # type: ignore[assignment]
    try:
        yield
    finally:
        service.replay = original


# -- the runner ------------------------------------------------------------------------------------


class RQRunner:
    """:class:`worker.service.Runner` on the RQ queue ``settings.queue``."""

    def __init__(self, connection: Redis, settings: Settings | None = None) -> None:
        self.connection = connection
        self.settings = settings or Settings.from_env()
        self.queue = Queue(self.settings.queue, connection=connection)

    def enqueue(self, job_id: str) -> None:
        """One RQ job for the submission ``job_id``; :class:`StoreUnavailable` when Redis
        cannot be reached (the reaper enqueues it later if the submission was stored)."""
        with guarded("enqueue"), contextlib.suppress(DuplicateJobError):
            self._enqueue(job_id)

    def _enqueue(self, job_id: str) -> Job:
        s = self.settings
        return self.queue.enqueue_call(
            func=run_job,
            args=(job_id,),
            kwargs={"prefix": s.key_prefix, "keep": s.result_ttl},
            job_id=job_id,
            timeout=s.job_timeout,
            retry=Retry(max=s.job_retries) if s.job_retries > 0 else None,
            on_failure=Callback(on_failure),
            meta={"retries": s.job_retries},
            result_ttl=RQ_RESULT_TTL,
            failure_ttl=s.result_ttl,
            description=f"judge {job_id}",
            unique=True,
        )

    def workers_alive(self) -> int:
        """RQ workers registered on the queue whose registration has not expired."""
        with guarded("workers_alive"):
            keys = sorted(get_keys(queue=self.queue))
            return int(self.connection.exists(*keys)) if keys else 0

    def reap(self) -> ReapReport | None:
        """:func:`reap` for this queue (None when another process is reaping now)."""
        return reap(self.connection, self.settings)


# -- the reaper --------------------------------------------------------------------------------------


@dataclass
class ReapReport:
    """What one :func:`reap` did, by submission id."""

    abandoned: list[str] = field(default_factory=list)
    requeued: list[str] = field(default_factory=list)
    failed: list[str] = field(default_factory=list)
    forgotten: list[str] = field(default_factory=list)


def reap(connection: Redis, settings: Settings, worker: Any = None) -> ReapReport | None:
    """Settle abandoned and orphaned jobs of ``settings.queue``; None if another process
    holds the reaper's lock (one reaper at a time, for all processes on this Redis).

    1. Abandoned: jobs in RQ's started registry past their due time (their worker stopped
       heartbeating) go through ``StartedJobRegistry.cleanup``: :func:`on_failure` with
       ``AbandonedJobError``, then RQ's retry or failure.
    2. Orphans: submissions neither finished nor failed, older than ``abandon_grace``
       (the oldest :data:`ORPHAN_BATCH` of them), whose RQ job is missing (the enqueue failed) are enqueued; those whose RQ job ended
       without the store hearing of it are failed.  Expired ones leave the index.
    3. RQ's own housekeeping of the queue's other registries and its worker registry (and,
       from a worker, the jobs stuck between the queue and the started registry).
    """
    prefix = settings.key_prefix
    lock, token = f"{prefix}reaper-lock", uuid.uuid4().hex
    with guarded("reap"):
        if not connection.set(lock, token, nx=True, ex=max(30, 3 * settings.reap_interval)):
            return None
        try:
            return _reap(connection, settings, worker)
        finally:
            connection.eval(
                "if redis.call('GET', KEYS[1]) == ARGV[1] then redis.call('DEL', KEYS[1]) end",
                1,
                lock,
                token,
            )


def _reap(connection: Redis, settings: Settings, worker: Any) -> ReapReport:
    report = ReapReport()
    queue = Queue(settings.queue, connection=connection)
    # RQ runs each failure callback under a timer: SIGALRM needs the main thread; and RQ's
    # own exception there (not TimeLimitExceeded), which the cleanup logs and gets past
    in_main = threading.current_thread() is threading.main_thread()
    started = StartedJobRegistry(
        queue.name,
        connection,
        death_penalty_class=UnixSignalDeathPenalty if in_main else _NoDeathPenalty,
    )
    report.abandoned = started.get_expired_job_ids()
    started.cleanup()
    for registry in (FinishedJobRegistry, FailedJobRegistry, DeferredJobRegistry):
        registry(queue.name, connection).cleanup()
    clean_worker_registry(queue)
    if worker is not None:
        queue.intermediate_queue.cleanup(worker, queue)

    store = RedisStore(connection, settings.key_prefix, result_ttl=settings.result_ttl)
    runner = RQRunner(connection, settings)
    ids = store.pending(time.time() - settings.abandon_grace, limit=ORPHAN_BATCH)
    with connection.pipeline(transaction=False) as pipe:
        for job_id in ids:
            pipe.get(store.key("sub", job_id))
            pipe.hget(Job.key_for(job_id), "status")
        replies = pipe.execute() if ids else []
    for i, job_id in enumerate(ids):
        data, raw = replies[2 * i], replies[2 * i + 1]
        sub = Submission.from_dict(json.loads(data)) if data is not None else None
        if sub is None or sub.status in TERMINAL:
            store.forget_pending(job_id)
            report.forgotten.append(job_id)
            continue
        status = raw.decode() if raw is not None else None
        if status is None:
            log.warning("job %s: stored but not in the queue; enqueueing it", job_id)
            runner.enqueue(job_id)
            report.requeued.append(job_id)
        elif status in ("failed", "stopped", "canceled"):
            fail(store, job_id, f"the queue reports the job {status} without a reason")
            report.failed.append(job_id)
        elif status == "finished":
            fail(store, job_id, "the job ended without storing a result")
            report.failed.append(job_id)
    if report.abandoned or report.requeued or report.failed:
        log.warning("reaper: %s", report)
    return report


# -- the workers ----------------------------------------------------------------------------------------


def _die_with_parent(parent_pid: int | None, sig: int = signal.SIGKILL) -> None:
    """Linux: this process gets ``sig`` when its parent dies (SIGKILL for a job's process:
    no orphaned job runs on; SIGTERM for a worker whose supervisor died: it finishes its
    job and stops)."""
    if not sys.platform.startswith("linux"):
        return
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(1, int(sig), 0, 0, 0)  # PR_SET_PDEATHSIG
    except (OSError, AttributeError):
        return
    if parent_pid and os.getppid() != parent_pid:
        os.kill(os.getpid(), sig)  # the parent died before the call


class _JudgeWorkerMixin:
    """What the three worker classes share: the time limit, the heartbeat's grace, the
    reaper as their maintenance, and the store's view of a process that died."""

    death_penalty_class = JudgeDeathPenalty
    settings: Settings

    def __init__(self, *args: Any, settings: Settings | None = None, **kwargs: Any) -> None:
        self.settings = settings or Settings.from_env()
        kwargs.setdefault("worker_ttl", self.settings.worker_ttl)
        kwargs.setdefault("job_monitoring_interval", self.settings.monitor_interval)
        kwargs.setdefault("maintenance_interval", self.settings.reap_interval)
        super().__init__(*args, **kwargs)

    def get_heartbeat_ttl(self, job: Job, working_time: float = 0.0) -> int:
        """Seconds until a running job counts as abandoned without another heartbeat: the
        parent of a fork worker heartbeats every ``monitor_interval``."""
        return int(self.job_monitoring_interval) + self.settings.abandon_grace  # type: ignore[attr-defined]

    def clean_registries(self) -> None:
        """RQ's periodic maintenance, replaced by :func:`reap` (one lock, one path)."""
        try:
            reap(self.connection, self.settings, worker=self)  # type: ignore[attr-defined]
        except Exception:  # noqa: BLE001 - maintenance must not stop the worker
            log.exception("reaper failed")
        self.last_cleaned_at = now()

    def setup_work_horse_signals(self) -> None:
        super().setup_work_horse_signals()  # type: ignore[misc]
        _die_with_parent(self.pid)  # type: ignore[attr-defined]

    def handle_work_horse_killed(self, job: Job, retpid: Any, ret_val: Any, rusage: Any) -> None:
        """The child running ``job`` died (RQ retries it next, if it can)."""
        super().handle_work_horse_killed(job, retpid, ret_val, rusage)  # type: ignore[misc]
        store = RedisStore(self.connection, job.kwargs.get("prefix", DEFAULT_PREFIX))  # type: ignore[attr-defined]
        ran = (now() - job.started_at).total_seconds() if job.started_at else 0.0
        try:
            if job.timeout and job.timeout > 0 and ran > job.timeout:
                job.retries_left = 0  # killed by the parent for running over: no retry
                fail(store, job.id, f"time limit exceeded ({job.timeout} s)")
                return
            how = ""
            if isinstance(ret_val, int) and os.WIFSIGNALED(ret_val):
                how = f" (killed by {signal.Signals(os.WTERMSIG(ret_val)).name})"
            retry_or_fail(store, job, f"the worker running it died{how}")
        except Exception:  # noqa: BLE001 - the reaper settles it if the store is away
            log.exception("job %s: could not record the death of its work horse", job.id)


class JudgeWorker(_JudgeWorkerMixin, Worker):
    """RQ's ``Worker``: a fork per job (the default; see docs/service.md, "Workers")."""


class JudgeSpawnWorker(_JudgeWorkerMixin, SpawnWorker):
    """RQ's ``SpawnWorker``: a new interpreter per job (for platforms without fork)."""


class JudgeSimpleWorker(_JudgeWorkerMixin, SimpleWorker):
    """RQ's ``SimpleWorker``: jobs run in the worker process itself, no heartbeat while one
    runs: it counts as abandoned ``job_timeout + abandon_grace`` seconds after its start."""

    def get_heartbeat_ttl(self, job: Job, working_time: float = 0.0) -> int:
        limit = job.timeout if job.timeout and job.timeout > 0 else self.settings.job_timeout
        return int(limit) + self.settings.abandon_grace


WORKER_CLASSES: dict[str, type[Worker] | type[SimpleWorker]] = {
    "fork": JudgeWorker,
    "simple": JudgeSimpleWorker,
    "spawn": JudgeSpawnWorker,
}


def abandon_bound(settings: Settings, worker_class: str | None = None) -> int:
    """Seconds within which a job whose worker died is back in the queue or failed, while
    a reaper runs somewhere (a ``judge worker`` supervisor, an idle worker, the API): from
    the death with fork and spawn workers, from the job's start with the simple worker.

    >>> abandon_bound(Settings())
    20
    >>> abandon_bound(Settings(), "simple")
    75
    """
    cls = worker_class or settings.worker_class
    first = settings.job_timeout if cls == "simple" else settings.monitor_interval
    return first + settings.abandon_grace + settings.reap_interval


def preload() -> None:
    """Import and warm up the engines before the worker starts, so that each forked job
    inherits them ready: the first replay in a process spends about 50 ms building card
    tables and schemas, which a fork per job would otherwise pay every time.  Then
    ``gc.freeze()``: the collector leaves the inherited objects alone, so fewer pages are
    copied after a fork."""
    import gc
    import importlib

    from judge.core.canonical import canonical_json
    from judge.core.replay import replay
    from judge.core.selfplay import random_game
    from judge.games import GAMES, engine_class

    for game in GAMES:
        try:
            engine = engine_class(game)
            package = engine.__module__.rpartition(".")[0]
            sample = importlib.import_module(f"{package}.sample")
            envelope = sample.sample_envelope("warm-up")
            replay(canonical_json(random_game(envelope, "warm-up", max_actions=60)))
        except Exception as exc:  # noqa: BLE001 - a warm-up only: jobs will say what is wrong
            log.info("no warm-up for %s: %s: %s", game, type(exc).__name__, exc)
    gc.collect()
    gc.freeze()


def make_worker(
    settings: Settings, connection: Redis | None = None, worker_class: str | None = None
) -> Any:
    """An RQ worker of ``worker_class`` (default ``settings.worker_class``) on the queue."""
    connection = connection or connect(settings.worker_redis_url)
    cls = WORKER_CLASSES[worker_class or settings.worker_class]
    queue = Queue(settings.queue, connection=connection, death_penalty_class=JudgeDeathPenalty)
    return cls([queue], connection=connection, settings=settings)


def work(settings: Settings, burst: bool = False, worker_class: str | None = None) -> bool:
    """Run one RQ worker in this process until stopped (or, with ``burst``, until the queue
    is empty).  Returns whether it ran any job."""
    preload()
    worker = make_worker(settings, worker_class=worker_class)
    return bool(worker.work(burst=burst, logging_level="INFO"))


# -- the supervisor --------------------------------------------------------------------------------------


def supervise(
    settings: Settings,
    workers: int = 1,
    burst: bool = False,
    worker_class: str | None = None,
    echo: Any = None,
) -> int:
    """``judge worker``: start ``workers`` worker processes, restart any that exits (not in
    burst mode), run :func:`reap` every ``settings.reap_interval`` seconds; SIGTERM or
    SIGINT is passed on to the workers (RQ's warm shutdown: each finishes its job), a
    second one stops them at once.  Returns 0, or 1 if a burst worker failed.

    The workers have process groups of their own, so that a Ctrl-C in a terminal reaches
    them once (from here), not twice (RQ would take the second for "stop now"); each gets
    SIGTERM if this process dies (Linux), so no worker outlives its supervisor."""
    echo = echo or (lambda message: print(message, file=sys.stderr, flush=True))
    cls = worker_class or settings.worker_class
    env = dict(os.environ)
    env.update(
        {
            "REDIS_URL": settings.worker_redis_url,
            "JUDGE_QUEUE": settings.queue,
            "JUDGE_KEY_PREFIX": settings.key_prefix,
            "JUDGE_WORKER_CLASS": cls,
            SUPERVISOR_ENV: str(os.getpid()),
        }
    )
    command = [sys.executable, "-m", "worker.rqbackend"] + (["--burst"] if burst else [])
    children: dict[int, subprocess.Popen[bytes]] = {}
    due: dict[int, float] = {}  # slot -> when to (re)start it
    started_at: dict[int, float] = {}
    backoff: dict[int, float] = {}
    signals: list[int] = []
    exit_code = 0

    def on_signal(signum: int, frame: Any) -> None:
        signals.append(signum)
        for child in children.values():
            with contextlib.suppress(ProcessLookupError):
                child.send_signal(signum)

    previous = {s: signal.signal(s, on_signal) for s in (signal.SIGTERM, signal.SIGINT)}
    connection = connect(settings.worker_redis_url)
    echo(
        f"judge worker: {workers} {cls} worker(s) on queue {settings.queue!r} at "
        f"{settings.worker_redis_url}{' (burst)' if burst else ''}"
    )
    try:
        for slot in range(workers):
            due[slot] = 0.0
        next_reap = time.monotonic() + settings.reap_interval
        while children or (due and not signals):
            clock = time.monotonic()
            for slot, when in list(due.items()):
                if when <= clock and not signals:
                    del due[slot]
                    children[slot] = subprocess.Popen(command, env=env, process_group=0)
                    started_at[slot] = clock
            for slot, child in list(children.items()):
                code = child.poll()
                if code is None:
                    continue
                del children[slot]
                if burst or signals:
                    exit_code = exit_code or (1 if code not in (0, -signal.SIGTERM) else 0)
                    continue
                quick = clock - started_at[slot] < 10
                backoff[slot] = min(2 * backoff.get(slot, 0.5), 30) if quick else 1.0
                echo(
                    f"judge worker: worker process {child.pid} exited ({code}); "
                    f"restarting it in {backoff[slot]:g} s"
                )
                due[slot] = clock + backoff[slot]
            if clock >= next_reap:
                next_reap = clock + settings.reap_interval
                try:
                    reap(connection, settings)
                except Exception as exc:  # noqa: BLE001 - Redis away: try again next time
                    log.warning("reaper: %s", exc)
            time.sleep(0.1)
    finally:
        for s, handler in previous.items():
            signal.signal(s, handler)
        for child in children.values():
            with contextlib.suppress(ProcessLookupError):
                child.kill()
    return exit_code


# -- the service factory ----------------------------------------------------------------------------------


def redis_service(url: str | None = None, settings: Settings | None = None) -> JudgeService:
    """The production service (mode ``"redis"``): a :class:`RedisStore` and an
    :class:`RQRunner` on ``url`` (default ``settings.redis_url``, then ``REDIS_URL``)."""
    settings = settings or Settings.from_env()
    client = connect(url or settings.worker_redis_url)
    store = RedisStore(client, settings.key_prefix, result_ttl=settings.result_ttl)
    return JudgeService(
        store=store,
        runner=RQRunner(client, settings),
        ttl=settings.result_ttl,
        mode="redis",
    )


def service_from_env(env: Mapping[str, str] | None = None) -> JudgeService:
    """``redis_service`` when ``REDIS_URL`` is set, else the embedded service."""
    from worker.service import embedded_service

    settings = Settings.from_env(env)
    if settings.redis_url:
        return redis_service(settings=settings)
    return embedded_service(timeout=settings.job_timeout, ttl=settings.result_ttl)


# -- the measurement behind the default worker class --------------------------------------------------------


def measure_worker_classes(
    url: str,
    jobs: int = 100,
    classes: tuple[str, ...] = ("fork", "simple", "spawn"),
    workers: int = 1,
    rounds: int = 3,
) -> dict[str, float]:
    """Milliseconds per job (median of ``rounds``) of each worker class on the Redis at
    ``url``: ``jobs`` random Union Arena games (seeds ``m0``, ``m1``, …; 150-300 actions)
    are queued, then ``workers`` burst workers of the class judge them all; the time is
    from the first job's start to the last one's end, as the store recorded them.  Uses a
    queue and key prefix of its own and deletes them after.  Also ``"in-process"``: the
    bare replay of the same logs in this process."""
    from statistics import median

    from judge.core.canonical import canonical_json
    from judge.core.replay import replay
    from judge.core.selfplay import random_game
    from judge.games.union_arena.sample import sample_envelope

    docs = [random_game(sample_envelope(f"m{i}"), f"m{i}") for i in range(jobs)]
    clock = time.perf_counter()
    for doc in docs:
        replay(canonical_json(doc))
    figures = {"in-process": (time.perf_counter() - clock) / jobs * 1000}
    for cls in classes:
        spans = []
        for _ in range(rounds):
            tag = uuid.uuid4().hex[:8]
            settings = Settings(redis_url=url, queue=f"measure-{tag}", key_prefix=f"measure:{tag}:")
            service = redis_service(settings=settings)
            ids = [service.submit(doc)[0].id for doc in docs]
            env = dict(os.environ, JUDGE_WORKER_CLASS=cls)
            env.update(
                {
                    Settings.ENV[k]: str(getattr(settings, k))
                    for k in ("redis_url", "queue", "key_prefix")
                }
            )
            procs = [
                subprocess.Popen(
                    [sys.executable, "-m", "worker.rqbackend", "--burst"],
                    env=env,
                    stderr=subprocess.DEVNULL,
                )
                for _ in range(workers)
            ]
            for proc in procs:
                proc.wait()
            subs = [service.get(i) for i in ids]
            if not all(s.status == "finished" for s in subs):
                raise RuntimeError(f"{cls}: not every job finished")
            spans.append(
                max(s.finished_at or 0 for s in subs) - min(s.started_at or 0 for s in subs)
            )
            client = service.store.client
            RQRunner(client, settings).queue.delete(delete_jobs=True)
            for key in client.scan_iter(match=f"{settings.key_prefix}*"):
                client.delete(key)
        figures[cls] = median(spans) / jobs * 1000
    return figures


def main(argv: list[str] | None = None) -> int:
    """``python -m worker.rqbackend [--burst]``: one worker process, settings from the
    environment (what :func:`supervise` starts).

    ``python -m worker.rqbackend measure [JOBS [WORKERS]]``: :func:`measure_worker_classes`
    on ``REDIS_URL`` (the figures in docs/service.md)."""
    args = sys.argv[1:] if argv is None else argv
    if args[:1] == ["measure"]:
        jobs = int(args[1]) if len(args) > 1 else 100
        workers = int(args[2]) if len(args) > 2 else 1
        url = Settings.from_env().worker_redis_url
        for name, ms in measure_worker_classes(url, jobs, workers=workers).items():
            print(f"{name:10} {ms:7.1f} ms per job")
        return 0
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(message)s")
    supervisor = os.environ.pop(SUPERVISOR_ENV, "")
    if supervisor.isdigit():
        _die_with_parent(int(supervisor), signal.SIGTERM)
    work(Settings.from_env(), burst="--burst" in args)
    return 0


if __name__ == "__main__":  # pragma: no cover - the process that supervise() starts
    from worker.rqbackend import main as _main

    sys.exit(_main())
