"""Short jobs a request waits for: a question (``POST /v1/rulings``), a deck check
(``POST /v1/decks/check``), a window of states (``/states``), or the records a replay's
first narrower read needs (:mod:`worker.records`), run where they cannot stall the API,
with a time limit.

Why: the API serves every connection of a process from one event loop (gunicorn's gevent
worker class), and a question replays a log up to its step and probes it, CPU-bound: 20
questions at once on a 9,990-action log held ``/healthz`` for 5.7 s.  Here the work
(:mod:`worker.answers`) runs elsewhere and the request's greenlet waits for its outcome,
cooperatively, up to ``JUDGE_QUESTION_TIMEOUT`` seconds.

Runners (:class:`AnswerRunner`):

* :class:`RQAnswers` (the Redis backend): an RQ job on the service's own queue, put at its
  front (``at_front``: a client is waiting; a replay is not), served by the existing
  ``judge worker`` processes under RQ's time limit.  Its outcome comes back as JSON on a
  list of its own (``<prefix>answer:<id>``, kept 60 s), read with ``BLPOP``.  Why the
  service's queue and not a queue of its own: an RQ worker on two queues takes its jobs
  with ``BLPOP`` instead of ``LMOVE`` and keeps no intermediate list, which the reaper's
  bound for a stranded replay relies on (:func:`worker.reaper.reap`, rule 3).  These jobs
  are not submissions: the reaper leaves them alone, nothing retries them, RQ keeps no
  result of theirs and a failed one for 60 s.
* :class:`ThreadAnswers` (the embedded backend): a small pool of threads of the API
  process (real threads when gevent has patched ``threading``).

Both refuse work over the bound (:class:`Busy`: at most ``JUDGE_QUESTION_BACKLOG`` jobs
wait at once in one API process, running or queued), and stop waiting at the time limit
(:class:`TimedOut`).  A job given up on is dropped from the queue if it has not started;
one that has runs on to its own limit (RQ's ``job_timeout``, the same number of seconds,
a replay's own for the records of a replay, :data:`KEPT_WORK`; a thread of the embedded
pool cannot be stopped, and keeps its place in the bound until it ends).  An exception in
the work is :class:`AnswerFailed`, with the exception's name and message.

=============================  ==============  ===========================================
variable                       default         meaning
=============================  ==============  ===========================================
``JUDGE_QUESTION_TIMEOUT``     ``10``          seconds a question or a deck check may take,
                                               waiting included; over it the API answers
                                               504 ``answer-timeout`` (``Retry-After``)
``JUDGE_QUESTION_BACKLOG``     ``16``          how many may wait at once in one API
                                               process; over it 503 ``answer-busy``
                                               (``Retry-After``)
``JUDGE_QUESTION_THREADS``     ``2``           threads of the embedded backend's pool
=============================  ==============  ===========================================
"""

from __future__ import annotations

import json
import logging
import math
import os
import secrets
import threading
import time
from collections.abc import Mapping
from concurrent.futures import Executor, ThreadPoolExecutor
from concurrent.futures import TimeoutError as FutureTimeout
from dataclasses import dataclass
from typing import Any, Protocol

from worker.answers import WORK, Outcome

#: the RQ job function, by its public path (what the queue records)
JOB_FUNCTION = "worker.sync_jobs.answer_job"
#: the same, on the request's body as the API read it (:meth:`RQAnswers.run`)
BODY_JOB_FUNCTION = "worker.sync_jobs.answer_body_job"
#: seconds an outcome waits on its list for the API to read it
REPLY_TTL = 60
#: seconds RQ keeps a failed answer job (for an operator's look; nothing retries it)
FAILURE_TTL = 60
#: the longest single BLPOP: under the API client's socket timeout (10 s)
_POLL = 5.0
#: work whose outcome is kept for the next request (a replay's records, :mod:`worker.records`):
#: its job may run as long as a replay's (``JUDGE_JOB_TIMEOUT``), though a request waits for it
#: only ``JUDGE_QUESTION_TIMEOUT`` (a long replay's records, too long for one request, are
#: then there for the next read instead of cut off and asked for again and again)
KEPT_WORK = frozenset({"records"})


class AnswerSettingError(ValueError):
    """A ``JUDGE_QUESTION_*`` variable whose value cannot be used."""


@dataclass(frozen=True)
class AnswerSettings:
    """The time limit and the bound of questions and deck checks (see the module)."""

    timeout: float = 10.0
    backlog: int = 16
    threads: int = 2

    ENV = {
        "timeout": "JUDGE_QUESTION_TIMEOUT",
        "backlog": "JUDGE_QUESTION_BACKLOG",
        "threads": "JUDGE_QUESTION_THREADS",
    }

    @classmethod
    def from_env(cls, env: Mapping[str, str] | None = None) -> AnswerSettings:
        env = os.environ if env is None else env
        values: dict[str, Any] = {}
        for name, var in cls.ENV.items():
            raw = env.get(var, "").strip()
            if not raw:
                continue
            try:
                value = float(raw) if name == "timeout" else int(raw)
            except ValueError:
                raise AnswerSettingError(f"{var}: {raw!r} is not a number") from None
            if not (value > 0 and math.isfinite(value)):
                raise AnswerSettingError(f"{var}: {raw!r} must be more than 0")
            values[name] = value
        return cls(**values)

    @property
    def retry_after(self) -> int:
        """Seconds a client is asked to wait before asking again."""
        return max(1, math.ceil(self.timeout / 2))


class Busy(Exception):
    """As many questions and deck checks as the bound allows are waiting already."""


class TimedOut(Exception):
    """No outcome within the time limit."""


class AnswerFailed(Exception):
    """The work raised (an engine fault), or its job failed for another reason."""


class AnswerRunner(Protocol):
    """Runs a question or a deck check (``kind``: a key of :data:`worker.answers.WORK`)
    somewhere and waits for its outcome."""

    settings: AnswerSettings

    def run(self, kind: str, doc: dict[str, Any], owner: str, text: bytes | None = None) -> Outcome:
        """``text``: the request's body as it was read, when ``doc`` is exactly what the
        strict reader reads it as (a runner in another process may send it instead of
        ``doc``: :class:`RQAnswers`)."""
        ...


class _Bound:
    """At most ``limit`` jobs at once: a counter taken without waiting (:class:`Busy`)."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self._taken = 0
        self._lock = threading.Lock()

    def take(self) -> None:
        with self._lock:
            if self._taken >= self.limit:
                raise Busy(f"{self._taken} questions and deck checks are waiting already")
            self._taken += 1

    def give(self, *_: Any) -> None:
        with self._lock:
            self._taken -= 1


def do_work(store: Any, kind: str, doc: dict[str, Any], owner: str) -> Outcome:
    """The work itself, wherever it runs; an exception is reported as ``{"error": …}``."""
    from judge.core.fault import EngineFault

    try:
        return WORK[kind](store, doc, owner)
    except EngineFault as fault:  # the API answers 501 engine-error (api.answers)
        logging.getLogger(__name__).error("%s: %s", kind, fault.line(), exc_info=fault)
        return {"engine_error": fault.to_dict()}
    except Exception as exc:  # noqa: BLE001 - reported to the waiting request, not lost
        return {"error": f"{type(exc).__name__}: {exc}"}


def _outcome(found: Outcome) -> Outcome:
    if "error" in found:
        raise AnswerFailed(found["error"])
    return found


# -- the embedded backend ------------------------------------------------------------------------


def _thread_pool(threads: int) -> Executor:
    """Real threads: under gevent's patched ``threading`` a thread is a greenlet, which
    would run the work on the event loop it must not stall (gevent's own pool then)."""
    try:
        from gevent import monkey

        if monkey.is_module_patched("threading"):
            from gevent.threadpool import ThreadPoolExecutor as GeventPool

            return GeventPool(max_workers=threads)
    except ImportError:
        pass
    return ThreadPoolExecutor(max_workers=threads, thread_name_prefix="judge-answer")


class ThreadAnswers:
    """:class:`AnswerRunner` on a pool of ``settings.threads`` threads of this process."""

    def __init__(self, store: Any, settings: AnswerSettings | None = None) -> None:
        self.store = store
        self.settings = settings or AnswerSettings.from_env()
        self._bound = _Bound(self.settings.backlog)
        self._pool: Executor | None = None
        self._lock = threading.Lock()

    def _executor(self) -> Executor:
        with self._lock:
            if self._pool is None:  # made on first use: after gunicorn has forked
                self._pool = _thread_pool(self.settings.threads)
            return self._pool

    def run(self, kind: str, doc: dict[str, Any], owner: str, text: bytes | None = None) -> Outcome:
        self._bound.take()  # (``text`` unused: the work gets the document itself)
        try:
            future = self._executor().submit(do_work, self.store, kind, doc, owner)
        except BaseException:
            self._bound.give()
            raise
        future.add_done_callback(self._bound.give)  # a thread given up on still holds its place
        try:
            return _outcome(future.result(timeout=self.settings.timeout))
        except FutureTimeout:
            future.cancel()  # not started yet: it never will
            raise TimedOut(f"no answer within {self.settings.timeout:g} s") from None

    def shutdown(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)


# -- the Redis backend ---------------------------------------------------------------------------


def answer_job(kind: str, doc: dict[str, Any], owner: str, reply: str, prefix: str) -> None:
    """RQ's entry point: do the work on the store under ``prefix`` and push the outcome
    (JSON) on the list ``reply``, kept :data:`REPLY_TTL` seconds."""
    job, store = _job_store(prefix)
    _reply(job, reply, do_work(store, kind, doc, owner))


def answer_body_job(kind: str, body: bytes, owner: str, reply: str, prefix: str) -> None:
    """As :func:`answer_job`, on the request's body as the API read it (:meth:`RQAnswers.run`):
    read here again by the same strict reader, without the API's size limits, which it met.
    Bytes the reader refuses (never the API's: it read them first) are an ``error`` outcome,
    never a document judged.

    Why a function of its own, not ``answer_job`` given bytes: a worker older than this one
    would hand the bytes to the work, which would refuse them as a question that is not an
    object, a 400 blaming the client; a job naming a function that worker lacks fails
    instead, and the request ends as a failed job does."""
    from judge.core.errors import BadLog
    from judge.core.jsontext import NO_LIMITS, read_document

    job, store = _job_store(prefix)
    try:
        doc = read_document(body, NO_LIMITS)
    except BadLog as exc:
        _reply(job, reply, {"error": f"BadLog: the body read again: {exc}"})
        return
    _reply(job, reply, do_work(store, kind, doc, owner))


def _job_store(prefix: str) -> tuple[Any, Any]:
    """The RQ job running now, and the store under ``prefix`` on its connection."""
    from rq.job import get_current_job

    from worker.config import Settings
    from worker.redis_store import RedisStore

    job = get_current_job()
    assert job is not None, "an answer job runs in an RQ worker"
    # (the compression the workers store results at: records made later are stored alike)
    level = Settings.from_env().compress_level
    return job, RedisStore(job.connection, prefix, compress_level=level, queue=job.origin)


def _reply(job: Any, reply: str, found: Outcome) -> None:
    """Push the outcome ``found`` (JSON) on the list ``reply``, kept :data:`REPLY_TTL` s."""
    text = json.dumps(found, ensure_ascii=False, separators=(",", ":"))
    with job.connection.pipeline() as pipe:
        pipe.rpush(reply, text).expire(reply, REPLY_TTL).execute()


class RQAnswers:
    """:class:`AnswerRunner` on the RQ queue of the service (see the module)."""

    def __init__(
        self, connection: Any, settings: Any, answer_settings: AnswerSettings | None = None
    ) -> None:
        from rq import Queue

        self.connection = connection
        self.prefix: str = settings.key_prefix
        self.queue = Queue(settings.queue, connection=connection)
        self.settings = answer_settings or AnswerSettings.from_env()
        #: a replay job's time limit (the service's ``JUDGE_JOB_TIMEOUT``): :data:`KEPT_WORK`'s
        self.job_timeout: int = int(getattr(settings, "job_timeout", 0) or 0)
        self._bound = _Bound(self.settings.backlog)

    def run(self, kind: str, doc: dict[str, Any], owner: str, text: bytes | None = None) -> Outcome:
        """The work as an RQ job, waited for.  With ``text`` (the body the API read ``doc``
        from), the job carries those bytes and reads them again (:func:`answer_body_job`),
        not ``doc`` pickled: pickling a question's log, which RQ then compresses, was a
        third of what a question cost the API's event loop (``docs/service.md``, *What a
        question still costs the API*)."""
        from worker.redis_store import guarded

        self._bound.take()
        try:
            job_id = "answer-" + secrets.token_hex(12)
            reply = f"{self.prefix}answer:{job_id}"
            limit = math.ceil(self.settings.timeout)
            deadline = time.monotonic() + self.settings.timeout
            runs = max(limit, self.job_timeout) if kind in KEPT_WORK else limit
            with guarded("enqueue an answer"):
                job = self.queue.enqueue_call(
                    func=JOB_FUNCTION if text is None else BODY_JOB_FUNCTION,
                    args=(kind, doc if text is None else text, owner, reply, self.prefix),
                    job_id=job_id,
                    timeout=runs,
                    ttl=limit,  # a job still queued when the API has given up expires
                    result_ttl=0,
                    failure_ttl=FAILURE_TTL,
                    at_front=True,
                    description=f"{kind} ({job_id})",
                )
            with guarded("wait for an answer"):
                while (left := deadline - time.monotonic()) > 0:
                    got = self.connection.blpop([reply], timeout=min(_POLL, max(left, 0.01)))
                    if got is not None:
                        self.connection.delete(reply)
                        return _outcome(json.loads(got[1]))
                    if _failed(job):
                        raise AnswerFailed(f"the {kind} job failed in its worker")
            self._drop(job)
            raise TimedOut(f"no answer within {self.settings.timeout:g} s")
        finally:
            self._bound.give()

    def _drop(self, job: Any) -> None:
        """A job given up on: out of the queue if no worker took it yet (one that runs
        goes on to its time limit; its outcome expires unread)."""
        try:
            self.queue.remove(job.id)
            job.delete(remove_from_queue=False)
        except Exception:  # noqa: BLE001, S110 - it expires by itself (ttl)
            pass


def _failed(job: Any) -> bool:
    """Whether RQ failed the job (its worker raised past :func:`do_work`: the time limit);
    a job whose hash has gone (expired in the queue, deleted after it ran) has not."""
    from rq.exceptions import InvalidJobOperation, NoSuchJobError

    try:
        return bool(job.get_status(refresh=True) == "failed")
    except (InvalidJobOperation, NoSuchJobError):
        return False


def answers_of(service: Any) -> AnswerRunner:
    """The answer runner of a :class:`worker.service.JudgeService`: its own
    (``service.answers``), else one made for its store now and kept (a service built
    without one: tests, tools)."""
    runner = getattr(service, "answers", None)
    if runner is None:
        runner = ThreadAnswers(service.store)
        service.answers = runner
    return runner
