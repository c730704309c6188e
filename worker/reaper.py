"""The reaper: :func:`reap` settles abandoned jobs (their worker died), stranded jobs (taken
from the queue by a worker that never started them) and orphaned submissions (never
enqueued, or ended without the store hearing of it).  Safe to call from any process and
thread; one reaper at a time per Redis (a lock).  See :mod:`worker.rqbackend` for the bound
it gives on a dead worker's job.
"""

from __future__ import annotations

import contextlib
import json
import threading
import time
import uuid
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from redis import Redis
from redis.exceptions import LockError, RedisError, ResponseError, WatchError
from redis.lock import Lock
from rq import Queue
from rq.exceptions import NoSuchJobError
from rq.job import Job, JobStatus
from rq.registry import (
    DeferredJobRegistry,
    FailedJobRegistry,
    FinishedJobRegistry,
    StartedJobRegistry,
)
from rq.timeouts import BaseDeathPenalty, UnixSignalDeathPenalty
from rq.worker_registration import clean_worker_registry

from worker.config import Settings
from worker.redis_store import RedisStore, guarded
from worker.rqjob import RQRunner, back_to_queued, log
from worker.service import Submission, fail

#: submissions one reap looks at for orphans, oldest first
ORPHAN_BATCH = 1000
#: RQ statuses of a job that should be in the queue list or in the started registry
LIVE_STATUSES = (JobStatus.QUEUED.value, JobStatus.STARTED.value)


class _NoDeathPenalty(BaseDeathPenalty):
    """No timer: for :func:`reap` outside a main thread (signals need the main thread); the
    failure callback it runs does a few Redis calls bounded by the socket timeout."""

    def setup_death_penalty(self) -> None:
        pass

    def cancel_death_penalty(self) -> None:
        pass


# -- the reaper --------------------------------------------------------------------------------------


@dataclass
class ReapReport:
    """What one :func:`reap` did, by submission id."""

    abandoned: list[str] = field(default_factory=list)
    requeued: list[str] = field(default_factory=list)
    failed: list[str] = field(default_factory=list)
    forgotten: list[str] = field(default_factory=list)
    #: stranded jobs put back in the queue (:func:`reap`, rule 3)
    stranded: list[str] = field(default_factory=list)


def reap(connection: Redis, settings: Settings, worker: Any = None) -> ReapReport | None:
    """Settle abandoned, stranded and orphaned jobs of ``settings.queue``; None if another
    process holds the reaper's lock (one reaper of a queue at a time, for all processes on
    this Redis).

    Only this queue's jobs: the submissions of its own pending index (the API of each queue
    writes its own, :attr:`RedisStore.pending_key`), and of those only the ones whose RQ job,
    if it has one, came from this queue (``origin``).  Queues that share a key prefix share
    the submissions' keys and RQ's job hashes; before, the reaper of one took the other's
    queued jobs for stranded (they are not in its queue list) and moved them into its own.

    1. Abandoned: jobs in RQ's started registry past their due time (their worker stopped
       heartbeating) go through ``StartedJobRegistry.cleanup``: :func:`on_failure` with
       ``AbandonedJobError``, then RQ's retry or failure.
    2. Orphans: submissions neither finished nor failed, older than ``abandon_grace``
       (the oldest :data:`ORPHAN_BATCH` of them), whose RQ job is missing (the enqueue
       failed) are enqueued; those whose RQ job ended without the store hearing of it are
       failed.  Expired ones leave the index.
    3. Stranded: a pending submission whose RQ job says ``queued`` (or ``started``) but is
       neither in the queue list nor in the started registry (no worker will take it, none
       is running it) is put back in the queue: removed from RQ's intermediate list
       (``rq:queue:<name>:intermediate``) if it is there, enqueued again
       (``Queue.enqueue_job``), reported in :attr:`ReapReport.stranded`.  A fork worker
       takes a job with ``LMOVE`` from the queue to the intermediate list, registers its
       execution in the started registry, forks, and its job process marks it started; a
       worker that dies or loses Redis between the first two steps leaves the job in the
       intermediate list only, and one that dies before its job process marks it started
       leaves an entry that expires and that ``StartedJobRegistry.cleanup`` drops without
       retrying (it retries only jobs marked started).  RQ's own clean-up of the
       intermediate list (run here too, from a worker) waits a fixed minute; this rule
       brings such a job back within the dead-worker bound
       (:func:`~worker.workers.abandon_bound`): at the reap that finds its entry past due,
       or (never registered) at the first reap that still finds it stranded
       ``abandon_grace`` seconds after a reap first saw it so.  A job in neither list
       (a lost write; a worker on Redis before 6.2 pops without ``LMOVE``) is found among
       the pending submissions older than ``abandon_grace``, so up to that much later.

       *The race.*  A live worker holds a job in exactly that state for the moment between
       its ``LMOVE`` and registering the execution (a Redis round trip or two), and the
       submission's age says nothing of that moment: a submission that waited in a busy
       queue for longer than ``abandon_grace`` is old when a worker takes it.  Putting
       it back then would have it run twice at once (:func:`run_job` stops early only for a
       submission already finished or failed).  So a job seen stranded is only marked (the
       hash ``<prefix>stranded:<queue>``: id -> when a reap first saw it so), and put back
       by a reap that finds it stranded still, ``abandon_grace`` seconds or more later;
       every reap looks at every marked job again and drops the mark of one that is no
       longer stranded (a worker registered it, or it ended), so a mark always means
       "stranded at every reap since".  (RQ's own first-seen keys are not used: RQ never
       clears them, so one left by an earlier, harmless sighting would count.)  A worker that stalls for ``abandon_grace``
       between its ``LMOVE`` and registering the execution is treated as dead, as is one
       whose heartbeat is that late: both runs then judge the same log, and the second
       result finds the first stored (finished is final in the store).  No mark is needed
       for a job whose started-registry entry has just expired while it was still
       ``queued``: its worker has already missed its heartbeats for ``monitor_interval +
       abandon_grace`` seconds, the evidence rule 1 acts on, so it is put back at once.
       The move itself is one transaction watching the job and the started registry, so
       a worker that registers the job meanwhile makes this reap leave it.
    4. RQ's own housekeeping of the queue's other registries and its worker registry (and,
       from a worker, RQ's own clean-up of the intermediate list).
    """
    store = RedisStore(connection, settings.key_prefix, queue=settings.queue)
    with guarded("reap"), held(connection, store.queue_key("reaper-lock"), settings) as mine:
        return _reap(connection, settings, worker) if mine else None


@contextlib.contextmanager
def held(connection: Redis, name: str, settings: Settings) -> Iterator[bool]:
    """The reaper's lock ``name``, if free: yields whether this process holds it, and while
    it does keeps it (a thread renews it every third of its time to live), then lets it go.

    Its time to live is the heartbeat bound (``monitor_interval + abandon_grace``) so that
    a lost machine delays no reap past the dead-worker bound (:func:`~worker.workers.
    abandon_bound`) even when it was reaping as it died: the lock it left expires at most
    that long after, when the jobs of its dead workers come due and not before.  (With a
    fixed 30 s, a machine lost in mid-reap held every other reaper of its queue off for
    that long.)  A live reap keeps it however long it takes, renewed by :class:`redis.lock.
    Lock` (``reacquire``, which checks the token), so two reaps never overlap while their
    processes run (one stopped or starved of CPU for longer than the time to live loses it,
    as a worker whose heartbeat is that late is taken for dead).  The thread is joined
    before this returns: no thread outlives a reap into a fork worker's next fork.
    """
    ttl = settings.heartbeat_bound
    lock = connection.lock(name, timeout=ttl, blocking=False, thread_local=False)
    # a random token: redis-py's default, uuid1, carries the machine's MAC address
    if not lock.acquire(token=uuid.uuid4().hex):
        yield False
        return
    done = threading.Event()
    keeper = threading.Thread(
        target=_keep, args=(lock, done, ttl / 3), name="reaper-lock", daemon=True
    )
    keeper.start()
    try:
        yield True
    finally:
        done.set()
        keeper.join()
        with contextlib.suppress(LockError):  # expired meanwhile (Redis away for a while)
            lock.release()


def _keep(lock: Lock, done: threading.Event, period: float) -> None:
    """Renew ``lock`` every ``period`` seconds until ``done``, or until it is lost."""
    while not done.wait(period):
        try:
            lock.reacquire()
        except LockError:
            log.warning("reaper: its lock %s expired in mid-reap", lock.name)
            return
        except RedisError as exc:  # unreachable or full: the reap fails too, or renews later
            log.warning("reaper: could not renew its lock: %s", exc)


def _reap(connection: Redis, settings: Settings, worker: Any) -> ReapReport:
    began = time.time()  # when this reap first looked: the time a new mark records
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
    store = RedisStore(
        connection, settings.key_prefix, result_ttl=settings.result_ttl, queue=settings.queue
    )
    # expired entries of jobs never marked started: the cleanup drops them without a retry
    unstarted = {
        job_id
        for job_id, status in _read(connection, store, report.abandoned)[1].items()
        if status == JobStatus.QUEUED.value
    }
    started.cleanup()
    for registry in (FinishedJobRegistry, FailedJobRegistry, DeferredJobRegistry):
        registry(queue.name, connection).cleanup()
    clean_worker_registry(queue)
    if worker is not None:
        queue.intermediate_queue.cleanup(worker, queue)

    runner = RQRunner(connection, settings)
    ids = store.pending(time.time() - settings.abandon_grace, limit=ORPHAN_BATCH)
    subs, statuses, origins = _read(connection, store, ids)
    live: dict[str, Submission] = {}  # pending, not final, RQ job queued or started
    for job_id in ids:
        sub, status = subs[job_id], statuses[job_id]
        if sub is None or sub.is_final():
            store.forget_pending(job_id)
            report.forgotten.append(job_id)
            continue
        if origins[job_id] not in (None, queue.name):
            continue  # another queue's job (in an index written before it was per queue)
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
        elif status in LIVE_STATUSES:
            live[job_id] = sub
    _stranded(connection, settings, store, queue, started, live, unstarted, began, report)
    if report.abandoned or report.requeued or report.failed or report.stranded:
        log.warning("reaper: %s", report)
    return report


def _read(
    connection: Redis, store: RedisStore, ids: list[str]
) -> tuple[dict[str, Submission | None], dict[str, str | None], dict[str, str | None]]:
    """The submission, the RQ job's status and the RQ job's queue (``origin``) of each of
    ``ids`` (None: missing)."""
    with connection.pipeline(transaction=False) as pipe:
        for job_id in ids:
            pipe.get(store.key("sub", job_id))
            pipe.hmget(Job.key_for(job_id), "status", "origin")
        replies = pipe.execute() if ids else []
    subs: dict[str, Submission | None] = {}
    statuses: dict[str, str | None] = {}
    origins: dict[str, str | None] = {}
    for i, job_id in enumerate(ids):
        data, (raw, origin) = replies[2 * i], replies[2 * i + 1]
        subs[job_id] = Submission.from_dict(json.loads(data)) if data is not None else None
        statuses[job_id] = raw.decode() if raw is not None else None
        origins[job_id] = origin.decode() if origin is not None else None
    return subs, statuses, origins


def _stranded(
    connection: Redis,
    settings: Settings,
    store: RedisStore,
    queue: Queue,
    started: StartedJobRegistry,
    live: dict[str, Submission],
    unstarted: set[str],
    began: float,
    report: ReapReport,
) -> None:
    """Rule 3 of :func:`reap`: mark the stranded jobs among ``live`` (the pending batch),
    the intermediate list and the jobs marked before, put back those stranded for
    ``abandon_grace`` seconds (and those in ``unstarted`` at once), unmark the others."""
    marks_key = store.key("stranded", queue.name)
    marks = {k.decode(): float(v) for k, v in connection.hgetall(marks_key).items()}
    extra = sorted(
        (set(queue.intermediate_queue.get_job_ids()) | set(marks) | unstarted) - set(live)
    )
    subs, statuses, origins = _read(connection, store, extra)
    known = dict(live)  # every candidate and its submission, read once
    for job_id in extra:
        sub = subs[job_id]
        mine = origins[job_id] in (None, queue.name)
        if mine and sub is not None and not sub.is_final() and statuses[job_id] in LIVE_STATUSES:
            known[job_id] = sub
    running = set(started.get_job_ids(cleanup=False))
    stranded = _not_queued(connection, queue, [i for i in known if i not in running])

    unmark = [job_id for job_id in marks if job_id not in stranded]
    new = {job_id: repr(began) for job_id in stranded if job_id not in marks}
    if unmark or new:
        with connection.pipeline() as pipe:
            if unmark:
                pipe.hdel(marks_key, *unmark)
            if new:
                pipe.hset(marks_key, mapping=new)
            pipe.expire(marks_key, settings.result_ttl)
            pipe.execute()
    now = time.time()
    for job_id in sorted(stranded):
        sub = known[job_id]
        if sub.submitted_at > now - settings.abandon_grace:
            continue  # only submissions older than the grace (as for orphans)
        first_seen = marks.get(job_id)
        confirmed = first_seen is not None and now - first_seen >= settings.abandon_grace
        if not (confirmed or job_id in unstarted):
            continue  # seen stranded for the first time, or not for long enough yet
        if _requeue(connection, queue, started, marks_key, job_id):
            back_to_queued(store, sub)
            log.warning("job %s: stranded outside the queue; queued again", job_id)
            report.stranded.append(job_id)


#: :func:`_not_queued` reads the whole queue list (one ``LRANGE``) when it holds at most
#: this many ids, or at most :data:`LRANGE_PER_ID` times as many as the ids asked about;
#: else one ``LPOS`` per id
LRANGE_UP_TO = 2_000
LRANGE_PER_ID = 50


def _not_queued(connection: Redis, queue: Queue, ids: list[str]) -> set[str]:
    """Those of ``ids`` not in the queue list.

    Each ``LPOS`` scans the list, so asking about every pending job of a backlog one by one
    costs Redis the list's length times the number of ids: 1,000 ids against a queue of
    1,000 measured 23 ms of Redis's own time a reap (``INFO commandstats``), blocking every
    other client, against 14 us for one ``LRANGE`` of the whole list (1.8-3.3 ms in this
    process to receive and look up).  So the list is read once unless it is long and the
    ids are few (``LPOS``, Redis 6.0.6 or later; the whole list where it is missing)."""
    if not ids:
        return set()
    length = connection.llen(queue.key)
    if length > max(LRANGE_UP_TO, LRANGE_PER_ID * len(ids)):
        try:
            with connection.pipeline(transaction=False) as pipe:
                for job_id in ids:
                    pipe.lpos(queue.key, job_id)
                positions = pipe.execute()
        except ResponseError:
            pass
        else:
            return {job_id for job_id, at in zip(ids, positions, strict=True) if at is None}
    queued = set(queue.get_job_ids())
    return {job_id for job_id in ids if job_id not in queued}


def _requeue(
    connection: Redis, queue: Queue, started: StartedJobRegistry, marks_key: str, job_id: str
) -> bool:
    """Put the stranded job ``job_id`` back in the queue, in one transaction: out of the
    intermediate list (with RQ's first-seen mark of it, so that RQ's clean-up starts afresh
    if it is ever stranded again), unmarked, enqueued (``Queue.enqueue_job``: status
    ``queued``, pushed to the queue list).  False, leaving it to the next reap, when it
    is no longer stranded (a worker registered it after all, or it ended), or when the
    job or the started registry changed under each of three tries."""
    for _ in range(3):
        with connection.pipeline() as pipe:
            try:
                pipe.watch(Job.key_for(job_id), started.key)
                raw = pipe.hget(Job.key_for(job_id), "status")
                if raw is None or raw.decode() not in LIVE_STATUSES:
                    return False
                entries = pipe.zrange(started.key, 0, -1)
                if any(started.parse_job_id(e) == job_id for e in entries):
                    return False
                if queue.get_job_position(job_id) is not None:
                    return False
                try:
                    job = Job.fetch(job_id, connection=connection)
                except NoSuchJobError:
                    return False
                pipe.multi()
                pipe.lrem(queue.intermediate_queue_key, 0, job_id)
                pipe.delete(queue.intermediate_queue.get_first_seen_key(job_id))
                pipe.hdel(marks_key, job_id)
                queue.enqueue_job(job, pipeline=pipe)
                pipe.execute()
                return True
            except WatchError:
                continue
    return False
