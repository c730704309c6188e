"""The production runner: RQ workers on Redis, and what happens when a job goes wrong.

Pieces, each used by :func:`redis_service` (the API) or ``judge worker`` (the workers):

* :class:`RQRunner` — :class:`worker.service.Runner` on an RQ queue.  One RQ job per
  submission; its id is the submission's id; it calls :func:`run_job` with a time limit
  (``JUDGE_JOB_TIMEOUT``), ``Retry(max=JUDGE_JOB_RETRIES)`` and :func:`on_failure`.
* :func:`run_job` — the job function: :func:`worker.service.judge_job` on a
  :class:`worker.redis_store.RedisStore` over the worker's own connection.
* :func:`on_failure` — RQ's failure callback: writes the reason into the store.
* worker classes :class:`JudgeSimpleWorker` (jobs in the worker process, the default),
  :class:`JudgeWorker` (fork per job) and :class:`JudgeSpawnWorker`, and :func:`supervise`,
  the parent process of ``judge worker`` that starts them, restarts them, settles at once
  the job of one that died (:func:`settle_dead_worker`) and runs :func:`reap`.
* :func:`reap` — finds abandoned and orphaned jobs; safe to call from any process and
  thread (the API may call :meth:`RQRunner.reap` when it answers ``/readyz``).

They live in :mod:`worker.rqjob` (the job, its callback, the runner), :mod:`worker.reaper`,
:mod:`worker.workers` (the worker classes and the supervisor) and :mod:`worker.measure`;
this module is the entry point (``python -m worker.rqbackend``), builds the service
(:func:`redis_service`) and re-exports their names.

What a failure becomes (the submission's ``status`` and ``reason`` in the store):

=====================================  =========================================================
what happened                          outcome
=====================================  =========================================================
the engine raised                      ``failed``: "the engine raised KeyError: …" (no retry: a
                                       replay is deterministic; :func:`worker.service.judge_job`)
over the time limit                    ``failed``: "time limit exceeded (60 s)" (no retry;
                                       a simple worker stuck ``JUDGE_ABANDON_GRACE`` s past
                                       it ends itself, a fork worker kills its child 60 s
                                       past it, RQ's rule)
a worker stuck holding the GIL         killed by its supervisor when its heartbeat stops
                                       (:func:`stalled_workers`), then like a death
the process running it died            ``queued`` again while retries are left, then
(SIGKILL, out of memory, crash)        ``failed``: "the worker running it died (killed by
                                       SIGKILL); retried 2 times"
Redis went away during the job         like a death: retried, then "the job could not complete:
                                       StoreUnavailable: …"
Redis over its ``maxmemory`` during    the worker waits in its process, its heartbeat refreshed
the job (another writer filled it)     in place (:mod:`worker.full_redis`); the result is tried
                                       again for 15.5 s, then "the result store is full: …"
the job never reached the queue        re-enqueued by :func:`reap` (the submission was stored but
                                       Redis failed before the enqueue)
a worker took the job from the queue   ``queued`` again: :func:`reap` puts it back in the queue
but died (or lost Redis) before it     (out of RQ's intermediate list) within the bound below;
started it                             not a retry: the job had not begun
=====================================  =========================================================

The time limit is RQ's ``job_timeout`` (SIGALRM in the process running the job), raised as
:class:`TimeLimitExceeded`, a ``BaseException``: neither the engine nor ``judge_job`` can
swallow it with ``except Exception``.

**A worker that dies under its supervisor** (SIGKILL, out of memory, a crash of the job):
``judge worker`` sees the process exit (``waitpid``) and settles its job at once
(:func:`settle_dead_worker`: its entry in RQ's started registry made due, then
:func:`reap`): retried, or failed with the reason and how it died.  When only the child of a
fork worker dies, the worker itself sees it at once (RQ's ``handle_work_horse_killed``).

**The bound for a dead worker** (:func:`abandon_bound`), when nothing saw it die (the
machine was lost with its supervisor).  While a job runs, its entry in RQ's started-job
registry is due ``JUDGE_MONITOR_INTERVAL + JUDGE_ABANDON_GRACE`` seconds after the last
heartbeat: the parent process of a fork or spawn worker, and a thread of a simple worker,
heartbeat every ``JUDGE_MONITOR_INTERVAL`` seconds.  An entry past due is an abandoned job:
:func:`reap`, run every ``JUDGE_REAP_INTERVAL`` seconds by each ``judge worker`` supervisor
and by idle workers, hands it to RQ's ``StartedJobRegistry.cleanup``, which calls
:func:`on_failure` (the submission goes back to ``queued`` or ends ``failed``) and retries
it.  So such a job is back in the queue or failed within ``JUDGE_MONITOR_INTERVAL +
JUDGE_ABANDON_GRACE + JUDGE_REAP_INTERVAL`` seconds of the death (5 + 10 + 5 = 20 s by
default), also when the machine was lost in mid-reap: the reaper's lock it left lives
``JUDGE_MONITOR_INTERVAL + JUDGE_ABANDON_GRACE`` seconds at most (:func:`worker.reaper.held`).  A fork worker's child never outlives its parent (``PR_SET_PDEATHSIG`` on
Linux), so a killed worker's job is not finished twice.

The bound holds too for a job a worker took from the queue and never started (the worker
died, or Redis crashed, between RQ's ``LMOVE`` of the job to the queue's intermediate list
and the job process marking it started), which RQ's own clean-up of that list would leave
for a minute or more: :func:`reap` puts it back in the queue.  When the worker had
registered the job, its entry falls due like a running job's and the reap that finds it
past due queues it again (within the 20 s); when it had not, the job is queued again by
the first reap that finds it still stranded ``JUDGE_ABANDON_GRACE`` seconds after another
reap first saw it so, that is within ``JUDGE_REAP_INTERVAL + JUDGE_ABANDON_GRACE +
JUDGE_REAP_INTERVAL`` seconds (20 s) of Redis being back, or of the worker's death.  The
wait keeps a reap that looks in the instant between a live worker's ``LMOVE`` and its
registering the job from running it twice (see :func:`reap`, rule 3).

**Test hooks** (never set in production): the environment variable ``JUDGE_TEST_FAULT`` of
a worker process makes its jobs misbehave, so the tests can cause real faults in real
worker processes:

* ``sleep:SECONDS`` — the replay sleeps that long first, on the job's first attempt only
  (its retries run normally): a slow job to kill or to run over its time limit;
* ``stuck:SECONDS`` — the same, with SIGALRM blocked first (as in code that holds off
  signals), so that RQ's time limit cannot interrupt it: for the hard limit;
* ``hog`` — the replay first runs one call in C that holds the GIL for hours (no other
  thread of the process runs, no signal handler either): for the supervisor's watchdog;
* ``raise`` — the engine raises ``RuntimeError("injected engine fault")``;
* ``crash`` or ``crash:N`` — the process running the job kills itself (SIGKILL) on its
  first attempt (on each of the first N attempts).
"""

from __future__ import annotations

import logging
import os
import signal
import sys
from collections.abc import Mapping

from worker.config import Settings, mask_logs
from worker.measure import measure_worker_classes
from worker.reaper import (
    ORPHAN_BATCH,
    ReapReport,
    reap,
)
from worker.redis_store import RedisStore, connect
from worker.rqjob import (
    FAILURE_CALLBACK,
    JOB_FUNCTION,
    RQ_RESULT_TTL,
    TEST_FAULT_ENV,
    RQRunner,
    TimeLimitExceeded,
    on_failure,
    retry_or_fail,
    run_job,
)
from worker.service import JudgeService
from worker.sync_jobs import RQAnswers
from worker.workers import (
    SUPERVISOR_ENV,
    WORKER_CLASSES,
    WORKER_NAME_ENV,
    JudgeDeathPenalty,
    JudgeSimpleWorker,
    JudgeSpawnWorker,
    JudgeWorker,
    _die_with_parent,
    abandon_bound,
    make_worker,
    preload,
    settle_dead_worker,
    stalled_workers,
    supervise,
    work,
)

__all__ = [
    "FAILURE_CALLBACK",
    "JOB_FUNCTION",
    "JudgeDeathPenalty",
    "JudgeSimpleWorker",
    "JudgeSpawnWorker",
    "JudgeWorker",
    "ORPHAN_BATCH",
    "RQRunner",
    "RQ_RESULT_TTL",
    "ReapReport",
    "SUPERVISOR_ENV",
    "TEST_FAULT_ENV",
    "TimeLimitExceeded",
    "WORKER_CLASSES",
    "WORKER_NAME_ENV",
    "abandon_bound",
    "main",
    "make_worker",
    "measure_worker_classes",
    "on_failure",
    "preload",
    "reap",
    "redis_service",
    "retry_or_fail",
    "run_job",
    "service_from_env",
    "settle_dead_worker",
    "stalled_workers",
    "supervise",
    "work",
]


# -- the service factory ----------------------------------------------------------------------------------


def redis_service(url: str | None = None, settings: Settings | None = None) -> JudgeService:
    """The production service (mode ``"redis"``): a :class:`RedisStore` and an
    :class:`RQRunner` on ``url`` (default ``settings.redis_url``, then ``REDIS_URL``)."""
    settings = settings or Settings.from_env()
    # the API's client: requests wait for one of 100 connections (gevent: many at once)
    client = connect(url or settings.worker_redis_url, pool_size=100)
    store = RedisStore(
        client,
        settings.key_prefix,
        result_ttl=settings.result_ttl,
        compress_level=settings.compress_level,
        queue=settings.queue,
    )
    return JudgeService(
        store=store,
        runner=RQRunner(client, settings),
        ttl=settings.result_ttl,
        mode="redis",
        answers=RQAnswers(client, settings),
    )


def service_from_env(env: Mapping[str, str] | None = None) -> JudgeService:
    """``redis_service`` when ``REDIS_URL`` is set, else the embedded service."""
    from worker.service import embedded_service

    settings = Settings.from_env(env)
    if settings.redis_url:
        return redis_service(settings=settings)
    return embedded_service(timeout=settings.job_timeout, ttl=settings.result_ttl)


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
    settings = Settings.from_env()
    mask_logs(settings.worker_redis_url)
    supervisor = os.environ.pop(SUPERVISOR_ENV, "")
    if supervisor.isdigit():
        _die_with_parent(int(supervisor), signal.SIGTERM)
    work(settings, burst="--burst" in args)
    return 0


if __name__ == "__main__":  # pragma: no cover - the process that supervise() starts
    from worker.rqbackend import main as _main

    sys.exit(_main())
