"""The worker processes: the worker classes :class:`JudgeWorker` (fork per job, the default),
:class:`JudgeSimpleWorker` and :class:`JudgeSpawnWorker`, :func:`work` (one worker in this
process) and :func:`supervise`, the parent process of ``judge worker`` that starts them,
restarts them and runs :func:`~worker.reaper.reap`.
"""

from __future__ import annotations

import contextlib
import ctypes
import os
import signal
import subprocess
import sys
import time
from typing import Any

from redis import Redis
from rq import Queue, SimpleWorker, SpawnWorker, Worker
from rq.job import Job
from rq.timeouts import JobTimeoutException, UnixSignalDeathPenalty
from rq.utils import now

from worker.config import Settings
from worker.reaper import reap
from worker.redis_store import DEFAULT_PREFIX, RedisStore, connect
from worker.rqjob import TimeLimitExceeded, log, retry_or_fail
from worker.service import fail

SUPERVISOR_ENV = "JUDGE_SUPERVISOR_PID"  # set by supervise() for the workers it starts


class JudgeDeathPenalty(UnixSignalDeathPenalty):
    """RQ's SIGALRM time limit, raising :class:`TimeLimitExceeded` for a job's limit (and
    RQ's own exceptions for its other timers, such as the fork worker's monitor)."""

    def handle_death_penalty(self, signum: int, frame: Any) -> None:
        if isinstance(self._exception, type) and issubclass(self._exception, JobTimeoutException):
            raise TimeLimitExceeded(self._timeout)
        super().handle_death_penalty(signum, frame)


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
