"""The reaper: :func:`reap` settles abandoned jobs (their worker died) and orphaned
submissions (never enqueued, or ended without the store hearing of it).  Safe to call from
any process and thread; one reaper at a time per Redis (a lock).  See :mod:`worker.rqbackend`
for the bound it gives on a dead worker's job.
"""

from __future__ import annotations

import json
import threading
import time
import uuid
from dataclasses import dataclass, field
from typing import Any

from redis import Redis
from rq import Queue
from rq.job import Job
from rq.registry import (
    DeferredJobRegistry,
    FailedJobRegistry,
    FinishedJobRegistry,
    StartedJobRegistry,
)
from rq.timeouts import BaseDeathPenalty, UnixSignalDeathPenalty
from rq.worker_registration import clean_worker_registry

from worker.config import Settings
from worker.redis_store import TERMINAL, RedisStore, guarded
from worker.rqjob import RQRunner, log
from worker.service import Submission, fail

#: submissions one reap looks at for orphans, oldest first
ORPHAN_BATCH = 1000


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
