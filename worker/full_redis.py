"""A worker riding out a Redis over its ``maxmemory`` (``noeviction``) in its own process.

Another writer (a client of the same Redis, a script, a result stored just before the
limit) may take Redis past ``maxmemory``.  Redis then refuses every command flagged
``denyoom`` (``SET``, ``HSET``, ``ZADD``, ``SADD``, ``LMOVE``, ``XADD``, ``INCR``, …)
with ``OOM command not allowed when used memory > 'maxmemory'``, and keeps serving reads,
``DEL``, ``EXPIRE``, ``ZREM``, ``LREM`` and ``PUBLISH``.  RQ's own bookkeeping (a heartbeat,
its registration, the move of a job out of the queue, a job's status and registries) is
made of refused commands, and RQ quits its work loop on the first one: before this module
a worker process exited, its supervisor restarted it every 1 to 16 s, it could not even
register, and a job running then was left ``started`` (measured with 8 MB of
``maxmemory``: both workers in a crash loop, 5 of 6 jobs left queued until memory freed).

What the worker classes of :mod:`worker.workers` do instead, through this module:

* **Wait** (:class:`FullRedis`): a refused write is tried again after 0.5, 1, 2, 4, then
  every 8 s (:data:`PAUSES`: never a busy loop), with one warning when the episode starts
  and one line when Redis takes writes again.  An idle worker waits as long as Redis is
  full (it holds nothing); the end of a job waits at most :data:`FINISH_WAIT` seconds.
* **Refresh in place** (:func:`refresh_in_place`): a heartbeat must not lapse while Redis is
  full, or the reaper would take a live job for one whose worker died.  A heartbeat only
  rewrites what exists (a timestamp field of a hash, a score of a sorted set, a TTL), so
  it is sent as a Lua script flagged ``allow-oom`` (Redis 7) that runs only such
  commands: ``EXPIRE``, ``HSET`` of fields that exist (values of at most 64 bytes), ``ZADD
  XX``.  It grows Redis by nothing but a timestamp's change of length; a worker that
  really died sends none, and its job is recovered by the reaper as before.
"""

from __future__ import annotations

import contextlib
import logging
import time
from collections.abc import Callable
from typing import Any, TypeVar

from redis import Redis
from redis import exceptions as rexc
from rq.utils import now, utcformat

from worker.redis_store import StoreFull

log = logging.getLogger("judge.worker")

T = TypeVar("T")

#: the pauses between two tries of a refused write; the last repeats
PAUSES = (0.5, 1.0, 2.0, 4.0, 8.0)
#: seconds the end of a job (RQ's status, registries and result of it) waits for room
#: before it is left to the reaper
FINISH_WAIT = 60.0

#: ``allow-oom``: Redis runs it over ``maxmemory``; it runs only writes that rewrite what
#: exists (see the module).  ARGV: for each key of KEYS, its command, the number of its
#: arguments, the arguments.
_REFRESH = """#!lua flags=allow-oom
local a, done = 1, 0
for _, key in ipairs(KEYS) do
  local name, n = ARGV[a], tonumber(ARGV[a + 1])
  local args = {}
  for j = 1, n do args[j] = ARGV[a + 1 + j] end
  a = a + 2 + n
  if name == 'EXPIRE' or name == 'PEXPIRE' then
    redis.call(name, key, unpack(args))
    done = done + 1
  elseif name == 'HSET' and n % 2 == 0 then
    local fits = true
    for j = 1, n, 2 do
      if #args[j + 1] > 64 or redis.call('HEXISTS', key, args[j]) == 0 then fits = false end
    end
    if fits then
      redis.call('HSET', key, unpack(args))
      done = done + 1
    end
  elseif name == 'ZADD' and string.upper(args[1]) == 'XX' then
    redis.call('ZADD', key, unpack(args))
    done = done + 1
  end
end
return done
"""


def is_full(exc: BaseException) -> bool:
    """Whether ``exc`` is Redis refusing a write over its ``maxmemory`` (redis-py's
    ``OutOfMemoryError``, an ``OOM`` reply inside a script or a transaction, or the
    store's :class:`~worker.redis_store.StoreFull`)."""
    if isinstance(exc, rexc.OutOfMemoryError | StoreFull):
        return True
    return isinstance(exc, rexc.ResponseError) and str(exc).lstrip().startswith("OOM")


class FullRedis:
    """One worker's view of Redis being full: when the episode began, the next pause.

    :meth:`ride_out` runs a write until Redis takes it; :meth:`refused` and :meth:`took`
    are its parts, for callers that retry in their own loop."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.since: float | None = None
        self._tries = 0
        self._refresh_unsupported = False

    def refused(self, what: str, exc: BaseException) -> float:
        """A write was refused: log it once per episode; the pause before the next try."""
        if self.since is None:
            self.since, self._tries = time.monotonic(), 0
            log.warning(
                "worker %s: Redis is over its maxmemory (%s refused: %s); waiting for memory "
                "to be freed, trying again after %s s",
                self.name,
                what,
                exc,
                ", ".join(f"{p:g}" for p in PAUSES),
            )
        pause = PAUSES[min(self._tries, len(PAUSES) - 1)]
        self._tries += 1
        return pause

    def took(self) -> None:
        """A write went through: the end of an episode, if one was under way."""
        if self.since is not None:
            log.warning(
                "worker %s: Redis takes writes again after %.1f s",
                self.name,
                time.monotonic() - self.since,
            )
            self.since = None

    def ride_out(
        self,
        what: str,
        write: Callable[[], T],
        until: float | None = None,
        stop: Callable[[], bool] = lambda: False,
    ) -> T:
        """``write()``, tried again while Redis refuses it for memory (the last try at the
        monotonic time ``until``; None: no bound); then, or once ``stop()`` is true, the
        refusal is raised."""
        while True:
            try:
                value = write()
            except (rexc.RedisError, StoreFull) as exc:
                if not is_full(exc):
                    raise
                pause = self.refused(what, exc)
                if until is not None:  # the last try at the bound itself
                    pause = min(pause, until - time.monotonic())
                if stop() or pause <= 0:
                    raise
                time.sleep(pause)
                continue
            self.took()
            return value

    def refresh(self, connection: Redis, fill: Callable[[Any], None]) -> int:
        """:func:`refresh_in_place` of the commands ``fill(pipeline)`` queues; 0 (and one
        line in the log) when Redis cannot run the script (before Redis 7)."""
        if self._refresh_unsupported:
            return 0
        try:
            return refresh_in_place(connection, fill)
        except rexc.ResponseError as exc:
            if is_full(exc):
                raise
            self._refresh_unsupported = True
            log.warning(
                "worker %s: Redis cannot refresh a heartbeat over its maxmemory (%s); a job "
                "may be taken for abandoned while Redis stays full (Redis 7 is needed)",
                self.name,
                exc,
            )
            return 0


def refresh_in_place(connection: Redis, fill: Callable[[Any], None]) -> int:
    """Send the commands ``fill(pipeline)`` queues on a pipeline as one ``allow-oom``
    script that runs only those that rewrite what exists (see the module); how many ran.

    ``fill`` is RQ's own code (``heartbeat(ttl, pipeline)``, ``Execution.heartbeat``, …),
    so the keys and values are RQ's."""
    keys: list[Any] = []
    args: list[Any] = []
    with connection.pipeline(transaction=False) as pipe:
        fill(pipe)
        for command, _options in pipe.command_stack:
            name, key, *rest = command
            keys.append(key)
            args += [str(name).upper(), len(rest), *rest]
        pipe.reset()
    if not keys:
        return 0
    with contextlib.suppress(AttributeError):  # a script object, cached on the connection
        script = connection._judge_refresh  # type: ignore[attr-defined]
        return int(script(keys=keys, args=args))
    script = connection.register_script(_REFRESH)
    connection._judge_refresh = script  # type: ignore[attr-defined]
    return int(script(keys=keys, args=args))


class JobLeftQueued(Exception):
    """Redis stayed full while a worker registered the job it had just taken from the queue:
    the job is left in the queue's intermediate list, where the reaper finds it and queues
    it again (:func:`worker.reaper.reap`, rule 3)."""


class RidesOutFullRedis:
    """The overrides of RQ's worker methods that write RQ's bookkeeping, for the worker
    classes of :mod:`worker.workers` (see the module: which wait, and for how long).

    ========================================  ===============================================
    RQ's method                               over ``maxmemory``
    ========================================  ===============================================
    ``register_birth``                        waits (the worker holds nothing yet)
    ``register_death``                        leaves without its ``death`` field
    ``dequeue_job_and_maintain_ttl``          waits, until a stop is asked for
    ``set_state`` (alone)                     refreshed in place (the field exists)
    ``maintain_heartbeats`` (during a job)    refreshed in place: the job stays alive
    ``prepare_execution`` (a job taken)       waits ``abandon_grace / 2`` s, then leaves the
                                              job to the reaper (:class:`JobLeftQueued`)
    ``prepare_job_execution``                 waits up to :data:`FINISH_WAIT` s
    ``handle_execution_ended``,               wait up to :data:`FINISH_WAIT` s from the end
    ``handle_job_success``,                   of the job, then leave RQ's record of it to the
    ``handle_job_failure``                    reaper (the store's record is final already)
    ========================================  ===============================================
    """

    connection: Redis
    name: str
    settings: Any
    executions: dict[str, Any]

    @property
    def full_redis(self) -> FullRedis:
        full = self.__dict__.get("_full_redis")
        if full is None:
            full = self.__dict__["_full_redis"] = FullRedis(self.name)
        return full

    def _finish_by(self) -> float:
        return self.__dict__.get("_finish_deadline") or time.monotonic() + FINISH_WAIT

    def register_birth(self) -> None:
        self.full_redis.ride_out("its registration", super().register_birth)  # type: ignore[misc]

    def register_death(self) -> None:
        """RQ's record of the worker's end; over ``maxmemory`` without its ``death`` field
        (an ``HSET``): the rest (leaving RQ's worker sets, the short life of the
        registration, its executions dropped) is ``SREM``, ``EXPIRE`` and ``DEL``, which Redis
        runs over its limit, so a worker stopped while Redis is full leaves cleanly."""
        try:
            super().register_death()  # type: ignore[misc]
        except rexc.RedisError as exc:
            if not is_full(exc):
                raise
            from rq import worker_registration

            with self.connection.pipeline(transaction=False) as pipe:
                worker_registration.unregister(self, pipe)  # type: ignore[arg-type]
                pipe.expire(self.key, 60)  # type: ignore[attr-defined]
                pipe.delete(self.executions_key)  # type: ignore[attr-defined]
                pipe.execute()

    def dequeue_job_and_maintain_ttl(
        self, timeout: int | None, max_idle_time: int | None = None
    ) -> Any:
        dequeue = super().dequeue_job_and_maintain_ttl  # type: ignore[misc]
        return self.full_redis.ride_out(
            "taking a job from the queue",
            lambda: dequeue(timeout, max_idle_time),
            stop=lambda: bool(getattr(self, "_stop_requested", False)),
        )

    def set_state(self, state: str, pipeline: Any = None) -> None:
        parent = super()
        if pipeline is not None:
            parent.set_state(state, pipeline)  # type: ignore[misc]
            return
        try:
            parent.set_state(state)  # type: ignore[misc]
        except rexc.RedisError as exc:
            if not is_full(exc):
                raise
            self.full_redis.refused("its state", exc)
            self.full_redis.refresh(self.connection, lambda pipe: parent.set_state(state, pipe))  # type: ignore[misc]

    def maintain_heartbeats(self, job: Any, execution: Any) -> None:
        parent = super()
        try:
            parent.maintain_heartbeats(job, execution)  # type: ignore[misc]
        except rexc.RedisError as exc:
            if not is_full(exc):
                raise
            self.full_redis.refused("a job's heartbeat", exc)
            ttl = int(self.get_heartbeat_ttl(job))  # type: ignore[attr-defined]
            worker_ttl = int(self.job_monitoring_interval) + 60  # type: ignore[attr-defined]

            def fill(pipe: Any) -> None:
                self.heartbeat(worker_ttl, pipe)  # type: ignore[attr-defined]
                execution.heartbeat(job.started_job_registry, ttl, pipeline=pipe)
                job.heartbeat(now(), ttl, pipeline=pipe, xx=True)

            self.full_redis.refresh(self.connection, fill)
            return
        self.full_redis.took()

    def prepare_execution(self, job: Any) -> Any:
        prepare = super().prepare_execution  # type: ignore[misc]

        def attempt() -> Any:
            before = set(self.executions)
            try:
                return prepare(job)
            except BaseException:
                for stale in set(self.executions) - before:  # a refused one is no execution
                    self.executions.pop(stale, None)
                raise

        until = time.monotonic() + self.settings.abandon_grace / 2
        try:
            return self.full_redis.ride_out("registering a job", attempt, until=until)
        except rexc.RedisError as exc:
            if not is_full(exc):
                raise
            raise JobLeftQueued(job.id) from exc

    def left_queued(self, job: Any) -> None:
        """The job taken from the queue could not be registered (:class:`JobLeftQueued`)."""
        log.warning(
            "job %s: Redis stayed full while worker %s registered it; left for the reaper to "
            "queue again",
            job.id,
            self.name,
        )

    def prepare_job_execution(self, job: Any, remove_from_intermediate_queue: bool = False) -> None:
        prepare = super().prepare_job_execution  # type: ignore[misc]
        until = time.monotonic() + FINISH_WAIT
        self.full_redis.ride_out(
            "starting a job", lambda: prepare(job, remove_from_intermediate_queue), until=until
        )

    def handle_execution_ended(self, job: Any, queue: Any, heartbeat_ttl: int) -> None:
        self.__dict__["_finish_deadline"] = time.monotonic() + FINISH_WAIT
        ended = super().handle_execution_ended  # type: ignore[misc]
        self._finish("the end of a job", job, lambda: ended(job, queue, heartbeat_ttl))

    def handle_job_success(
        self, job: Any, queue: Any, started_job_registry: Any, execution: Any
    ) -> None:
        success = super().handle_job_success  # type: ignore[misc]
        self._finish(
            "a job's success", job, lambda: success(job, queue, started_job_registry, execution)
        )
        self.__dict__.pop("_finish_deadline", None)

    def handle_job_failure(
        self,
        job: Any,
        queue: Any,
        started_job_registry: Any = None,
        exc_string: str = "",
        execution: Any = None,
    ) -> None:
        # RQ logs and drops a failure it could not write: first wait until Redis takes a
        # write (the worker's own heartbeat field, which exists), within the same bound
        key = self.key  # type: ignore[attr-defined]
        if self._finish(
            "a job's failure",
            job,
            lambda: self.connection.hset(key, "last_heartbeat", utcformat(now())),
        ):
            super().handle_job_failure(  # type: ignore[misc]
                job,
                queue,
                started_job_registry=started_job_registry,
                exc_string=exc_string,
                execution=execution,
            )
        self.__dict__.pop("_finish_deadline", None)

    def _finish(self, what: str, job: Any, write: Callable[[], Any]) -> bool:
        """``write`` (RQ's record of the end of ``job``) ridden out until the job's bound;
        past it, logged and left to the reaper (False)."""
        try:
            self.full_redis.ride_out(what, write, until=self._finish_by())
        except rexc.RedisError as exc:
            if not is_full(exc):
                raise
            log.error(
                "job %s: Redis stayed over its maxmemory %g s after the job ended; RQ's "
                "record of its end is left to the reaper",
                job.id,
                FINISH_WAIT,
            )
            return False
        return True
