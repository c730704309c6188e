"""The worker processes: the worker classes :class:`JudgeWorker` (fork per job),
:class:`JudgeSimpleWorker` (jobs in the worker process itself, with a heartbeat thread) and
:class:`JudgeSpawnWorker`, :func:`work` (one worker in this process) and :func:`supervise`,
the parent process of ``judge worker`` that starts them, restarts them, settles at once the
job of one that died (:func:`settle_dead_worker`) and runs :func:`~worker.reaper.reap`.
"""

from __future__ import annotations

import contextlib
import ctypes
import math
import os
import signal
import subprocess
import sys
import threading
import time
import uuid
from typing import Any

from redis import Redis
from rq import Queue, SimpleWorker, SpawnWorker, Worker, worker_registration
from rq.exceptions import StopRequested
from rq.executions import WORKER_EXECUTIONS_KEY_TEMPLATE, Execution
from rq.job import Job
from rq.registry import StartedJobRegistry
from rq.timeouts import JobTimeoutException, UnixSignalDeathPenalty
from rq.utils import now, parse_composite_key, utcparse

from worker.config import Settings, mask_logs, mask_secrets
from worker.full_redis import JobLeftQueued, RidesOutFullRedis, is_full
from worker.reaper import reap
from worker.redis_store import RedisStore, connect
from worker.rqjob import DEATH_KIND, TimeLimitExceeded, died, job_store, log, retry_or_fail
from worker.service import fail

#: seconds the thread that listens for RQ's commands reads before it looks whether it
#: should stop (:meth:`_JudgeWorkerMixin.subscribe`)
PUBSUB_POLL = 0.1

SUPERVISOR_ENV = "JUDGE_SUPERVISOR_PID"  # set by supervise() for the workers it starts
WORKER_NAME_ENV = "JUDGE_WORKER_NAME"  # the RQ name supervise() gives each worker it starts


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


class _JudgeWorkerMixin(RidesOutFullRedis):
    """What the three worker classes share: the time limit, the heartbeat's grace, the
    reaper as their maintenance, the store's view of a process that died, and riding out
    a Redis over its ``maxmemory`` in the process (:class:`~worker.full_redis.RidesOutFullRedis`)."""

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

    def heartbeat(self, timeout: int | None = None, pipeline: Any = None) -> None:
        """RQ's heartbeat of the worker's own registration, sent as one round trip, at most
        once a second, and mending a registration that Redis lost.

        RQ sends its three commands one by one, four times a job (before and after each
        dequeue, in its loop): twelve round trips, three of them between a job's arrival
        and its start.  Here a beat is skipped when one went out less than a second before
        and the registration already lives at least as long as this beat would make it.
        RQ shortens that life to the job's heartbeat bound when it starts a job
        (``prepare_job_execution``: ``monitor_interval + abandon_grace``, a beat sent in
        its pipeline), so the first beat after a job always goes out: an idle worker then
        blocks on the queue for up to ``worker_ttl - 15`` seconds, and a registration left
        to expire meanwhile is a worker the API counts as gone.

        The beat also re-adds the worker to RQ's worker sets, and re-writes its whole
        registration when the hash had vanished (the beat's HSET created it): after Redis
        is restarted from an append-only file written while a job ran, the registration
        may be past its short life, the reaper (RQ's ``clean_worker_registry``) drops it
        from the sets, and a live worker would stay unseen by ``/readyz`` for good.

        When Redis is over its ``maxmemory`` the beat is refreshed in place instead
        (:func:`~worker.full_redis.refresh_in_place`): the registration does not lapse while
        the worker waits for memory."""
        ttl = timeout or self.worker_ttl + 60  # type: ignore[attr-defined]
        clock = time.monotonic()
        if pipeline is not None:  # RQ's own, run with its other commands: may shorten the life
            super().heartbeat(ttl, pipeline)  # type: ignore[misc]
            self._lives_until = min(getattr(self, "_lives_until", 0.0), clock + ttl)
            return
        sent = getattr(self, "_last_sent", None)
        if sent is not None and clock - sent < 1.0 and self._lives_until >= clock + ttl - 1.0:
            return
        parent = super()
        try:
            with self.connection.pipeline(transaction=False) as pipe:  # type: ignore[attr-defined]
                parent.heartbeat(ttl, pipe)  # type: ignore[misc]
                worker_registration.register(self, pipe)  # type: ignore[arg-type]
                created = pipe.execute()[0]
        except Exception as exc:
            if not is_full(exc):
                raise
            self.full_redis.refused("a heartbeat", exc)
            self.full_redis.refresh(self.connection, lambda pipe: parent.heartbeat(ttl, pipe))  # type: ignore[attr-defined,misc]
            self._last_sent, self._lives_until = clock, clock + ttl
            return
        if created:  # the hash was gone: HSET made one holding only last_heartbeat
            self._register_again(ttl)
        self._last_sent, self._lives_until = clock, clock + ttl

    def _register_again(self, ttl: int) -> None:
        """The registration RQ's ``register_birth`` writes, written again for a live worker
        whose hash Redis lost (see :meth:`heartbeat`)."""
        log.warning("worker %s: its registration was lost; registered again", self.name)  # type: ignore[attr-defined]
        mapping = self.serialize()  # type: ignore[attr-defined]
        mapping["state"] = self.get_state()  # type: ignore[attr-defined]
        with self.connection.pipeline(transaction=False) as pipe:  # type: ignore[attr-defined]
            pipe.hset(self.key, mapping=mapping)  # type: ignore[attr-defined]
            pipe.expire(self.key, ttl)  # type: ignore[attr-defined]
            pipe.execute()

    def subscribe(self) -> None:
        """RQ's subscription to the worker's command channel (``rq`` commands such as
        ``shutdown``), with its listening thread reading at most :data:`PUBSUB_POLL` seconds
        at a time before it looks whether it should stop, where RQ's reads 60 seconds.

        Why: when the worker ends, RQ sends UNSUBSCRIBE, then tells the thread to stop and
        waits up to 1 s for it.  When the reply woke the thread's read before the stop, the
        thread reads again, and the worker's end waited out that second: 14 of 60 burst
        workers on an empty queue beside three CPU hogs (none here, at most 0.1 s).  With
        redis-py 8.2.0, whose ``close`` then waits for the read, it waited 60 s
        (pyproject.toml keeps redis-py below 8.2).  The price, measured on an idle worker
        over 10 s, twice: 1.46-1.57 ms of CPU a second (0.007-0.012 ms with RQ's 60 s), ten
        wake-ups of the thread; a command still arrives at once."""
        worker: Any = self  # RQ's worker, which this class is mixed into
        channel = worker.pubsub_channel_name
        worker.log.info("Worker %s: subscribing to channel %s", worker.name, channel)
        worker.pubsub = worker.connection.pubsub()
        worker.pubsub.subscribe(**{channel: worker.handle_payload})
        worker.pubsub_thread = worker.pubsub.run_in_thread(
            sleep_time=PUBSUB_POLL,
            daemon=True,
            exception_handler=worker._pubsub_exception_handler,
        )

    def check_for_suspension(self, burst: bool) -> None:
        """RQ's check for ``rq suspend``, at most once a second: RQ asks Redis before every
        job; a suspension still takes effect within a second."""
        clock = time.monotonic()
        if clock - getattr(self, "_last_suspension_check", -2.0) < 1.0:
            return
        self._last_suspension_check = clock
        super().check_for_suspension(burst)  # type: ignore[misc]

    def clean_registries(self) -> None:
        """RQ's periodic maintenance, replaced by :func:`reap` (one lock, one path)."""
        try:
            reap(self.connection, self.settings, worker=self)  # type: ignore[attr-defined]
        except StopRequested:
            raise  # SIGTERM while reaping: RQ's warm shutdown, not a failure of the reaper
        except Exception as exc:  # noqa: BLE001 - maintenance must not stop the worker
            if is_full(exc):
                self.full_redis.refused("the reaper", exc)  # logged once while Redis is full
            else:
                log.exception("reaper failed")
        self.last_cleaned_at = now()

    def request_stop(self, signum: int, frame: Any) -> None:
        """RQ's warm shutdown (SIGTERM, SIGINT), which also sets the stop flag when the
        worker is idle.  RQ then only raises ``StopRequested`` where the signal lands; code
        there that catches ``Exception`` (a failure callback that the reaper runs as the
        worker's maintenance) would swallow it, and the worker would block on the queue
        again with no further signal coming (its supervisor gone).  With the flag, RQ's
        loop stops at its next look."""
        self._stop_requested = True
        super().request_stop(signum, frame)  # type: ignore[misc]

    def execute_job(self, job: Job, queue: Queue) -> None:
        try:
            super().execute_job(job, queue)  # type: ignore[misc]
        except JobLeftQueued:
            self.left_queued(job)

    def setup_work_horse_signals(self) -> None:
        super().setup_work_horse_signals()  # type: ignore[misc]
        _die_with_parent(self.pid)  # type: ignore[attr-defined]

    def handle_work_horse_killed(self, job: Job, retpid: Any, ret_val: Any, rusage: Any) -> None:
        """The child running ``job`` died (RQ retries it next, if it can)."""
        super().handle_work_horse_killed(job, retpid, ret_val, rusage)  # type: ignore[misc]
        store = job_store(job, self.connection)  # type: ignore[attr-defined]
        ran = (now() - job.started_at).total_seconds() if job.started_at else 0.0
        try:
            if job.timeout and job.timeout > 0 and ran > job.timeout:
                job.retries_left = 0  # killed by the parent for running over: no retry
                fail(store, job.id, f"time limit exceeded ({job.timeout} s)")
                return
            signalled = isinstance(ret_val, int) and os.WIFSIGNALED(ret_val)
            retry_or_fail(store, job, died(_how(-os.WTERMSIG(ret_val)) if signalled else ""))
        except Exception:  # noqa: BLE001 - the reaper settles it if the store is away
            log.exception("job %s: could not record the death of its work horse", job.id)


class JudgeWorker(_JudgeWorkerMixin, Worker):
    """RQ's ``Worker``: a fork per job (see docs/service.md, "Worker classes")."""


class JudgeSpawnWorker(_JudgeWorkerMixin, SpawnWorker):
    """RQ's ``SpawnWorker``: a new interpreter per job (for platforms without fork)."""


class JudgeSimpleWorker(_JudgeWorkerMixin, SimpleWorker):
    """RQ's ``SimpleWorker``: jobs run in the worker process itself, with the engines warm
    and no fork (the default; see docs/service.md, "Worker classes").

    RQ's simple worker does not heartbeat while a job runs, so a job whose worker died
    would wait for its time limit before anyone noticed.  Here a thread
    (:class:`_JobHeartbeat`) heartbeats every ``monitor_interval`` seconds during the job,
    as a fork worker's parent does: the job's entry is due ``monitor_interval +
    abandon_grace`` seconds after the worker's last sign of life, the same bound as a fork
    worker's.  The same thread ends the process if the job outlives its time limit by
    ``abandon_grace`` seconds (RQ's SIGALRM did not stop it: code that holds off signals),
    after recording the time limit as the reason; a supervisor (:func:`supervise`) sees
    every death of its worker processes and settles their job at once
    (:func:`settle_dead_worker`)."""

    def execute_job(self, job: Job, queue: Queue) -> None:
        """RQ's ``SimpleWorker.execute_job``, with the heartbeat thread around the job (and
        without its "idle" state after it: RQ sets that again before the next dequeue, a
        round trip later)."""
        try:
            execution = self.prepare_execution(job)
        except JobLeftQueued:
            self.left_queued(job)
            return
        beat = _JobHeartbeat(self, job, execution)
        beat.start()
        try:
            self.perform_job(job, queue, execution)
        finally:
            beat.finish()


class _JobHeartbeat(threading.Thread):
    """The heartbeat of a job that a :class:`JudgeSimpleWorker` runs in its own process:
    RQ's ``maintain_heartbeats`` every ``monitor_interval`` seconds (the worker's
    registration, the execution's entry in the started registry, the job's last
    heartbeat), and the hard time limit (:meth:`over_time`)."""

    def __init__(self, worker: JudgeSimpleWorker, job: Job, execution: Execution) -> None:
        super().__init__(name=f"heartbeat of job {job.id}", daemon=True)
        self.worker, self.job, self.execution = worker, job, execution
        self.done = threading.Event()
        limit = job.timeout if job.timeout and job.timeout > 0 else None
        grace = worker.settings.abandon_grace
        self.deadline = None if limit is None else time.monotonic() + limit + grace

    def run(self) -> None:
        interval = max(0.1, float(self.worker.job_monitoring_interval))
        while not self.done.wait(interval):
            if self.deadline is not None and time.monotonic() > self.deadline:
                self.over_time()
                return
            try:
                self.worker.maintain_heartbeats(self.job, self.execution)
            except Exception as exc:  # noqa: BLE001 - Redis away: the next beat tries again
                log.warning("job %s: heartbeat failed: %s", self.job.id, exc)

    def finish(self) -> None:
        """The job has ended: no more heartbeats."""
        self.done.set()

    def over_time(self) -> None:
        """The job ran ``abandon_grace`` seconds past its time limit and RQ's SIGALRM did not
        stop it: record the time limit as the reason (and no retry: it would run over
        again), then end this process.  The supervisor settles the job; its failure then
        keeps this reason (:func:`worker.service.fail` keeps the first)."""
        job = self.job
        log.error("job %s: %s s over its time limit; ending the worker", job.id, job.timeout)
        with contextlib.suppress(Exception):
            self.worker.connection.hset(job.key, "retries_left", 0)
            store = job_store(job, self.worker.connection)
            fail(store, job.id, f"time limit exceeded ({job.timeout} s)")
        os.kill(os.getpid(), signal.SIGKILL)


WORKER_CLASSES: dict[str, type[Worker] | type[SimpleWorker]] = {
    "fork": JudgeWorker,
    "simple": JudgeSimpleWorker,
    "spawn": JudgeSpawnWorker,
}


def abandon_bound(settings: Settings) -> int:
    """Seconds from its death within which the job of a worker that died is back in the
    queue or failed, while a reaper runs somewhere (a ``judge worker`` supervisor, an idle
    worker, the API), for every worker class: the job's last heartbeat was at most
    ``monitor_interval`` seconds before, its entry is due ``abandon_grace`` seconds after
    the next one missed, and a reap comes within ``reap_interval``.  (When the worker's own
    supervisor survives it, the job is settled at once: :func:`settle_dead_worker`.)

    >>> abandon_bound(Settings())
    20
    """
    return settings.heartbeat_bound + settings.reap_interval


def preload() -> None:
    """Import and warm up the engines before the worker starts: the first replay in a
    process spends about 50 ms building card tables and schemas, which the first job would
    pay (and, with the fork class, every job, forked from a process that never judged).
    Then ``gc.freeze()``: the collector leaves these long-lived objects alone (and, after a
    fork, fewer pages are copied)."""
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
    settings: Settings,
    connection: Redis | None = None,
    worker_class: str | None = None,
    name: str | None = None,
) -> Any:
    """An RQ worker of ``worker_class`` (default ``settings.worker_class``) on the queue,
    named ``name`` (default: ``JUDGE_WORKER_NAME``, which :func:`supervise` sets, else
    RQ's own random name)."""
    connection = connection or connect(settings.worker_redis_url)
    cls = WORKER_CLASSES[worker_class or settings.worker_class]
    queue = Queue(settings.queue, connection=connection, death_penalty_class=JudgeDeathPenalty)
    name = name or os.environ.get(WORKER_NAME_ENV) or None
    return cls([queue], connection=connection, settings=settings, name=name)


def work(settings: Settings, burst: bool = False, worker_class: str | None = None) -> bool:
    """Run one RQ worker in this process until stopped (or, with ``burst``, until the queue
    is empty).  Returns whether it ran any job."""
    preload()
    worker = make_worker(settings, worker_class=worker_class)
    return bool(worker.work(burst=burst, logging_level="INFO"))


# -- the supervisor --------------------------------------------------------------------------------------


def settle_dead_worker(connection: Redis, settings: Settings, name: str, how: str = "") -> int:
    """The jobs of the worker ``name``, whose process is known to have exited, made due at
    once in RQ's started registry (their entries' time set to 0), and the worker's
    registration dropped; returns how many jobs.  The next :func:`reap` settles them as it
    settles any abandoned job (:func:`~worker.rqjob.on_failure`: RQ's retry, or failed
    with the reason, which then says ``how`` it died, e.g. "killed by SIGKILL"), instead
    of after the heartbeat's bound (:func:`abandon_bound`).

    Only for a process that has exited: :func:`supervise` calls it when ``waitpid`` says
    so.  A fork worker's job process dies with it (``PR_SET_PDEATHSIG``); a job process
    that were still finishing would find its result stored by the retry, or store it first
    (finished is final in the store)."""
    executions = WORKER_EXECUTIONS_KEY_TEMPLATE.format(name)
    started = StartedJobRegistry(settings.queue, connection)
    members = sorted(m.decode() for m in connection.smembers(executions))
    store = RedisStore(connection, settings.key_prefix, queue=settings.queue)
    with connection.pipeline() as pipe:
        for member in members:
            if how:
                job_id, _ = parse_composite_key(member)
                pipe.set(store.key(DEATH_KIND, job_id), how, ex=max(60, settings.result_ttl))
        if members:
            pipe.zadd(started.key, dict.fromkeys(members, 0), xx=True)
        pipe.execute()
    dead = Worker.find_by_key(Worker.redis_worker_namespace_prefix + name, connection)
    if dead is not None:
        dead.register_death()
    else:
        connection.delete(executions)
    return len(members)


#: how :func:`supervise` reports a worker it killed for not heartbeating during a job
STALLED = "stopped heartbeating during the job; killed by its supervisor"


def stalled_workers(
    connection: Redis, settings: Settings, names: list[str], seen: dict[str, bytes]
) -> list[str]:
    """Those of the live workers ``names`` that stopped heartbeating during a job: RQ state
    ``busy`` and no heartbeat for ``monitor_interval + abandon_grace`` seconds, or their
    registration gone while they were busy at the last look (during a job it lives that
    long after the last heartbeat).  ``seen`` holds the state each worker had at the last
    look, updated here; a registration gone while idle (a Redis that lost its data) is
    not a stall.  The job's entry is then due, and the worker is stuck where no thread
    runs (code in C holding the GIL past the job's time limit, which neither SIGALRM nor
    the heartbeat thread can stop).  :func:`supervise` kills them, so that a hung job does
    not hold a worker for good.

    None is a stall while Redis has been up for less than that bound: a worker cannot
    heartbeat to a Redis that is down, and a Redis restarted from its append-only file
    holds beats as old as the outage (and registrations that expired meanwhile); a live
    worker gets a whole bound of reachable Redis to beat again before it is judged.  (An
    outage that Redis survives, a network cut, is the caller's to notice:
    :func:`supervise` waits the same bound after a look that failed.)"""
    if not names:
        return []
    with connection.pipeline(transaction=False) as pipe:
        pipe.info("server")
        for name in names:
            pipe.hmget(Worker.redis_worker_namespace_prefix + name, "state", "last_heartbeat")
        server, *rows = pipe.execute()
    limit = settings.heartbeat_bound
    uptime = server.get("uptime_in_seconds")  # INFO, which RQ itself needs, gives it
    if uptime is not None and int(uptime) <= limit:
        return []
    clock = now()
    stalled = []
    for name, (state, beat) in zip(names, rows, strict=True):
        if state is None and beat is None:
            if seen.pop(name, None) == b"busy":
                stalled.append(name)  # expired during a job
            continue
        if state is not None:
            seen[name] = state
        if state == b"busy" and beat and (clock - utcparse(beat.decode())).total_seconds() > limit:
            stalled.append(name)
    return stalled


def supervise(
    settings: Settings,
    workers: int = 1,
    burst: bool = False,
    worker_class: str | None = None,
    echo: Any = None,
) -> int:
    """``judge worker``: start ``workers`` worker processes, restart any that exits (not in
    burst mode) once the job it held is settled (:func:`settle_dead_worker`), and every
    ``settings.reap_interval`` seconds kill the stalled ones (:func:`stalled_workers`) and
    run :func:`reap`; SIGTERM or SIGINT is passed on to the workers (RQ's warm shutdown:
    each finishes its job), a second one stops them at once.  Returns 0, or 1 if a burst
    worker failed.

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
    names: dict[int, str] = {}  # slot -> the RQ name of its current worker
    # workers that exited, (name, how): their jobs are settled before the next reap
    settle: list[tuple[str, str]] = []
    killed: set[int] = set()  # slots whose worker this process killed (stalled_workers)
    seen: dict[str, bytes] = {}  # each worker's RQ state at the last look
    due: dict[int, float] = {}  # slot -> when to (re)start it
    started_at: dict[int, float] = {}
    backoff: dict[int, float] = {}
    signals: list[int] = []
    exit_code = 0
    # when Redis last became reachable (inf while it is not): after an outage the workers
    # get a whole heartbeat bound to beat again before the watchdog judges them
    reachable_since = 0.0
    full = False  # the last reap met a Redis over its maxmemory

    def on_signal(signum: int, frame: Any) -> None:
        signals.append(signum)
        for child in children.values():
            with contextlib.suppress(ProcessLookupError):
                child.send_signal(signum)

    previous = {s: signal.signal(s, on_signal) for s in (signal.SIGTERM, signal.SIGINT)}
    mask_logs(settings.worker_redis_url)
    connection = connect(settings.worker_redis_url)
    echo(
        f"judge worker: {workers} {cls} worker(s) on queue {settings.queue!r} at "
        f"{mask_secrets(settings.worker_redis_url)}{' (burst)' if burst else ''}"
    )
    try:
        for slot in range(workers):
            due[slot] = 0.0
        next_reap = time.monotonic() + settings.reap_interval
        next_settle = 0.0  # after a failed attempt, settling waits for the next reap
        while children or (due and not signals):
            clock = time.monotonic()
            for slot, when in list(due.items()):
                if when <= clock and not signals:
                    del due[slot]
                    names[slot] = f"judge.{os.getpid()}.{slot}.{uuid.uuid4().hex}"
                    children[slot] = subprocess.Popen(
                        command, env={**env, WORKER_NAME_ENV: names[slot]}, process_group=0
                    )
                    started_at[slot] = clock
            for slot, child in list(children.items()):
                code = child.poll()
                if code is None:
                    continue
                del children[slot]
                settle.append((names[slot], STALLED if slot in killed else _how(code)))
                killed.discard(slot)
                seen.pop(names[slot], None)
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
            if (settle and clock >= next_settle) or clock >= next_reap:
                next_reap = clock + settings.reap_interval
                try:
                    if clock >= reachable_since + settings.heartbeat_bound:
                        live = {names[slot]: slot for slot in children if slot not in killed}
                        for name in stalled_workers(connection, settings, sorted(live), seen):
                            log.error("worker %s: %s", name, STALLED)
                            killed.add(live[name])
                            with contextlib.suppress(ProcessLookupError):
                                children[live[name]].kill()
                    _settle_and_reap(connection, settings, settle)
                except Exception as exc:  # noqa: BLE001 - Redis away: try again next time
                    next_settle = next_reap
                    reachable_since = math.inf
                    if not (full and is_full(exc)):  # over maxmemory: said once an episode
                        log.warning("reaper: %s", exc)
                    full = is_full(exc)
                else:
                    next_settle = 0.0
                    reachable_since = min(reachable_since, clock)
                    full = False
            time.sleep(0.1)
        if settle:  # the last workers have exited (burst, or stopped): their jobs too
            try:
                _settle_and_reap(connection, settings, settle)
            except Exception as exc:  # noqa: BLE001 - the reapers elsewhere will do it
                log.warning("reaper: %s", exc)
    finally:
        for s, handler in previous.items():
            signal.signal(s, handler)
        for child in children.values():
            with contextlib.suppress(ProcessLookupError):
                child.kill()
    return exit_code


def _settle_and_reap(connection: Redis, settings: Settings, settle: list[tuple[str, str]]) -> None:
    """:func:`settle_dead_worker` for each of ``settle`` (emptied as they are done), then
    :func:`reap`.  When another process holds the reaper's lock, that reap may have looked
    before the jobs were made due: with jobs just made due, try again for up to 2 s."""
    settled = 0
    while settle:
        name, how = settle[0]
        n = settle_dead_worker(connection, settings, name, how)
        if n:
            log.warning("worker %s exited (%s) running %d job(s): settling them", name, how, n)
        settled += n
        settle.pop(0)
    until = time.monotonic() + 2
    while reap(connection, settings) is None and settled and time.monotonic() < until:
        time.sleep(0.05)


def _how(code: int) -> str:
    """How a worker process ended, from ``Popen.returncode``.

    >>> _how(-9), _how(1)
    ('killed by SIGKILL', 'exit status 1')
    """
    if code < 0:
        with contextlib.suppress(ValueError):
            return f"killed by {signal.Signals(-code).name}"
        return f"killed by signal {-code}"
    return f"exit status {code}"
