"""The RQ job of a submission: :func:`run_job`, its failure callback :func:`on_failure`, the
time limit it runs under (:class:`TimeLimitExceeded`), the ``JUDGE_TEST_FAULT`` hook, and
:class:`RQRunner`, which enqueues it.  What a failure becomes is in :mod:`worker.rqbackend`.
"""

from __future__ import annotations

import contextlib
import logging
import os
import signal
import time
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from redis import Redis
from rq import Queue, Retry
from rq.callbacks import Callback
from rq.exceptions import AbandonedJobError, DuplicateJobError
from rq.job import Job, get_current_job
from rq.worker_registration import get_keys

from judge.core.wording import plural
from worker.config import Settings
from worker.redis_store import DEFAULT_PREFIX, RedisStore, guarded
from worker.service import Submission, fail, judge_job

if TYPE_CHECKING:
    from worker.reaper import ReapReport

log = logging.getLogger("judge.worker")

TEST_FAULT_ENV = "JUDGE_TEST_FAULT"
#: the store's key kind for how a worker died (set by ``settle_dead_worker``, read once by
#: :func:`on_failure`): ``<prefix>death:<job id>``
DEATH_KIND = "death"
#: seconds an RQ job hash is kept after success (our store keeps the result, not RQ)
RQ_RESULT_TTL = 600
#: What the queue records as the job's function and failure callback: their public paths
#: (re-exported by :mod:`worker.rqbackend`), so a queued job outlives moves within the package.
JOB_FUNCTION = "worker.rqbackend.run_job"
FAILURE_CALLBACK = "worker.rqbackend.on_failure"


# -- the time limit ----------------------------------------------------------------------------


class TimeLimitExceeded(BaseException):
    """The job ran over its time limit.  A BaseException so that no ``except Exception``
    between the signal and RQ (in the engine or in ``judge_job``) can swallow it."""

    def __init__(self, seconds: int) -> None:
        super().__init__(f"time limit exceeded ({seconds} s)")
        self.seconds = seconds


# -- the job and its failure callback -------------------------------------------------------------


def run_job(job_id: str, prefix: str = DEFAULT_PREFIX, keep: int | None = None) -> str:
    """RQ's entry point: judge the submission ``job_id`` (keys under ``prefix``; a result
    lives ``keep`` seconds, default: as long as its submission).  Returns the status."""
    job = get_current_job()
    if job is None:  # called outside RQ (a test, a shell): use the environment's Redis
        settings = Settings.from_env()
        store = RedisStore.from_url(settings.worker_redis_url, prefix=prefix, queue=settings.queue)
    else:
        level = Settings.from_env().compress_level
        store = RedisStore(
            job.connection, prefix, result_ttl=keep, compress_level=level, queue=job.origin
        )
    sub, text = store.get_with_log(job_id)
    if sub is None:
        return "expired"
    if sub.is_final():
        return sub.status  # a duplicate run (e.g. re-enqueued by the reaper meanwhile)
    with _test_fault(sub):
        return judge_job(store, job_id, sub, text)


def on_failure(job: Job, connection: Redis, exc_type: Any, exc_value: Any, tb: Any) -> None:
    """RQ's failure callback: record why in the store (``queued`` again when RQ will retry).

    Called by the worker when :func:`run_job` raised, and by
    ``StartedJobRegistry.cleanup`` (:func:`reap`) with ``AbandonedJobError`` when the
    worker running the job died.
    """
    store = job_store(job, connection)
    if isinstance(exc_type, type) and issubclass(exc_type, TimeLimitExceeded):
        job.retries_left = 0  # deterministic: it would run over again; RQ reads this next
        fail(store, job.id, f"time limit exceeded ({job.timeout} s)")
    elif isinstance(exc_type, type) and issubclass(exc_type, AbandonedJobError):
        retry_or_fail(store, job, died(_death(store, job.id)))
    else:
        name = getattr(exc_type, "__name__", str(exc_type))
        retry_or_fail(store, job, f"the job could not complete: {name}: {exc_value}")


def job_store(job: Job, connection: Redis | None = None) -> RedisStore:
    """The store of ``job``'s submission: the key prefix it was queued with, and the queue
    it came from (whose pending index holds it)."""
    prefix = job.kwargs.get("prefix", DEFAULT_PREFIX)
    return RedisStore(connection or job.connection, prefix, queue=job.origin)


def died(how: str = "") -> str:
    """The reason of a job whose worker died, saying ``how`` when it is known.

    >>> died(), died("killed by SIGKILL")
    ('the worker running it died', 'the worker running it died (killed by SIGKILL)')
    """
    return f"the worker running it died ({how})" if how else "the worker running it died"


def _death(store: RedisStore, job_id: str) -> str:
    """How the worker running ``job_id`` died, as its supervisor saw it ("" if unknown),
    read once."""
    key = store.key(DEATH_KIND, job_id)
    with contextlib.suppress(Exception), store.client.pipeline() as pipe:
        raw, _ = pipe.get(key).delete(key).execute()
        return raw.decode() if raw else ""
    return ""


def retry_or_fail(store: RedisStore, job: Job, reason: str) -> None:
    """The submission back to ``queued`` when RQ has a retry left for ``job``, else
    ``failed`` with ``reason`` and how many times it was retried."""
    left = job.retries_left or 0
    if left > 0:
        back_to_queued(store, store.get(job.id))
        log.warning("job %s: %s; retrying (%d left)", job.id, reason, left - 1)
        return
    retried = int(job.meta.get("retries", 0)) - left
    fail(store, job.id, f"{reason}; {_times(retried)}")


def back_to_queued(store: RedisStore, sub: Submission | None) -> None:
    """The submission ``queued`` again (no longer started) when its job goes back to the
    queue: retried by RQ, or put back by the reaper; a final one is left as it is."""
    if sub is not None and not sub.is_final():
        sub.status, sub.started_at = "queued", None
        store.update(sub)


def _times(n: int) -> str:
    return "not retried" if n <= 0 else f"retried {plural(n, 'time')}"


@contextlib.contextmanager
def _test_fault(sub: Submission) -> Iterator[None]:
    """The ``JUDGE_TEST_FAULT`` hook (see :mod:`worker.rqbackend`); nothing when unset."""
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
        if kind == "stuck" and first:  # as code in C that holds off signals: SIGALRM waits
            signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGALRM})
            time.sleep(float(arg or 60))
        if kind == "hog" and first:  # as code in C that holds the GIL: no thread runs
            sum(range(10**13))
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

    def enqueue_in(self, pipeline: Any, job_id: str) -> None:
        """The commands that queue the job of a new submission ``job_id``, added to the
        store's ``pipeline`` (:meth:`worker.redis_store.RedisStore.create`: the record and
        its job in one round trip).  Not RQ's ``unique`` enqueue, which runs a script of
        its own at once: the id is new, and the record that the reaper would enqueue it
        from is written in the same transaction, so no other enqueue can come first."""
        self._enqueue(job_id, pipeline=pipeline)

    def withdraw(self, job_id: str) -> None:
        """Take back the job :meth:`enqueue_in` queued for a submission that was not
        created (identical to a live one): out of the queue, its hash deleted."""
        with guarded("enqueue"), self.connection.pipeline(transaction=False) as pipe:
            pipe.lrem(self.queue.key, 0, job_id)
            pipe.delete(Job.key_for(job_id))
            pipe.execute()

    def _enqueue(self, job_id: str, pipeline: Any = None) -> Job:
        s = self.settings
        return self.queue.enqueue_call(
            func=JOB_FUNCTION,
            args=(job_id,),
            kwargs={"prefix": s.key_prefix, "keep": s.result_ttl},
            job_id=job_id,
            timeout=s.job_timeout,
            retry=Retry(max=s.job_retries) if s.job_retries > 0 else None,
            on_failure=Callback(FAILURE_CALLBACK),
            meta={"retries": s.job_retries},
            # the job hash expires while it waits in the queue, as its submission does (RQ
            # keeps no TTL on a queued job by default: one that never ran stayed for good);
            # RQ drops the TTL while the job runs, then sets result_ttl or failure_ttl
            ttl=s.result_ttl,
            result_ttl=RQ_RESULT_TTL,
            failure_ttl=s.result_ttl,
            description=f"judge {job_id}",
            unique=pipeline is None,
            pipeline=pipeline,
        )

    def workers_alive(self) -> int:
        """RQ workers registered on the queue whose registration has not expired."""
        with guarded("workers_alive"):
            keys = sorted(get_keys(queue=self.queue))
            return int(self.connection.exists(*keys)) if keys else 0

    def reap(self) -> ReapReport | None:
        """:func:`reap` for this queue (None when another process is reaping now)."""
        from worker.reaper import reap  # the reaper re-enqueues through this class

        return reap(self.connection, self.settings)
