"""The production store: submissions, logs and results in Redis.

Keys (``P`` is the prefix, ``judge:`` by default)::

    P sub:<id>        the submission record (JSON of :class:`worker.service.Submission`)
    P log:<id>        the log as submitted (canonical JSON text)
    P result:<id>     the judge's replay: a hash of its head and its pages of steps
                      (fields ``head``, ``0``, ``1``, ...; each a Zstandard frame, level 1;
                      :mod:`worker.paged`); a string of the whole replay before that
    P hash:<sha256>   content hash -> the id of the submission judging that content
    P pending         sorted set: ids not finished nor failed, scored by submission time,
                      of the queue ``judge``; another queue's is ``P pending:<queue>``
    P done            (a pub/sub channel, not a key) the id of each record made final

Every key expires.  A submission, its log and its hash entry live ``ttl`` seconds from
submission (the ``ttl`` that :meth:`RedisStore.create` is given); when the result is saved
all of them are set to live ``result_ttl`` more seconds (default: the same ``ttl``), so a
result is readable that long after it was computed.  ``pending`` is an index that is
refreshed at every submission and pruned by the reaper (:func:`worker.rqbackend.reap`).
It is kept per queue, so that two queues sharing a prefix each have the reaper of their
own jobs only (the default queue's name is left out of its key, which stays as it was).

Atomicity: :meth:`~RedisStore.create` is one Lua script (look up the hash, return the live
and not failed submission it names, or write the record, the log and the hash together),
so two identical submissions at the same instant get one job.  :meth:`~RedisStore.update`
never changes a finished record (finished is final) and :meth:`~RedisStore.save_result`
never overwrites a failed one (a late result after a time limit is discarded), each also
in one script.

Why the results are compressed, and with Zstandard at level 1 (measured on 10 random
200-action Union Arena games, 363 KB of canonical JSON each on average, in one run, best
of 5 each): ``zstandard`` level 1 makes it 25.6 KB in 0.52 ms and reads it back in 0.18
ms; zlib level 1, used before, made 40.8 KB in 1.96 ms and read it in 0.66 ms (zlib level 6:
26.0 KB in 5.12 ms).  So Zstandard is about 4 times faster both ways with the memory of
zlib's slow level; the replay itself takes 6-15 ms, and the service's benchmark
(``bench/service.py``) counts every millisecond a job costs.  ``compress_level`` (or
``JUDGE_COMPRESS_LEVEL``, 1-19) trades time for memory; ``0`` stores plain JSON (readable
with ``redis-cli``).  Results written by zlib (before this) are still read: the first bytes
tell a Zstandard frame (``28 b5 2f fd``), plain JSON (``{``) and a zlib stream apart.

Results are stored in pages (:mod:`worker.paged`: why, and the form), written in the same
script as the finished record, so that a read costs what it sends: ``/steps`` reads the
pages that hold its steps (one ``HMGET``), and a whole replay is sent page by page, the
judge's perspective as the stored canonical JSON (never decoded and encoded again), another
perspective redacted a page at a time (:meth:`RedisStore.stored_result`).  A result stored
whole before that (a string at the same key) is still read until it expires.

Waiting for a job (``GET /v1/replays/<id>?wait=``): the scripts that make a record final
(finished or failed) publish its id on ``P done`` in the same script, and
:class:`worker.waiting.RedisWaiters` wakes the requests waiting for it, so a long-poll
answers within a millisecond of the result being stored instead of at its next poll.

Errors: a Redis that cannot be reached (refused, timed out, loading, read-only, out of
memory) raises :class:`StoreUnavailable` from every method except :meth:`~RedisStore.ping`,
which answers False; out of memory is its subclass :class:`StoreFull`.  The API turns
:class:`StoreUnavailable` into 503 ``store-unavailable``, :class:`StoreFull` into 503
``store-full``.

Memory (Redis with ``maxmemory`` and ``maxmemory-policy noeviction``: every key expires on
its own, and an eviction policy would drop queued work).  A Redis over ``maxmemory``
refuses every write, and RQ's own bookkeeping (heartbeats, registries, the move of a job
from the queue) is writes: a worker that meets it exits, its job half-recorded.  So the
store keeps Redis under its limit instead of meeting it:

* :meth:`~RedisStore.check_room` (the API calls it before accepting a submission or a
  card set) refuses new work with :class:`StoreFull` once ``used_memory`` reaches
  ``high_water`` of ``maxmemory`` (``JUDGE_STORE_HIGH_WATER``, default 0.9), read from
  ``INFO memory`` at most once a second (:data:`MEMORY_READING_SECONDS`): the jobs already
  accepted then have the rest to store their results in.
* :meth:`~RedisStore.save_result` stores a result only when it fits under the result
  ceiling, halfway between the high water and ``maxmemory`` (0.95 by default); one that
  does not fails the job with the reason, a small write that fits.  A result refused by
  Redis itself (``OOM``: another worker's result came first, or another writer took Redis
  past ``maxmemory``), or one that does not fit while Redis is over ``maxmemory`` (memory
  another writer may free), is tried again after 0.5, 1, 2, 4 and 8 s, then its job is
  failed the same way; when even that small write is refused, the job's own log is dropped
  first (a delete is allowed over the limit, and a failed job's log is not read again: a
  submission of the same log stores it anew), and when Redis still refuses it, the
  failure is written by a script flagged ``allow-oom`` (the record exists: it grows by
  the reason), so that no job is left ``started``.
* :func:`memory_problem` says, for the start-up warning, when Redis has no ``maxmemory``
  (then nothing of this applies: Redis grows until the machine runs out) or a policy
  that may evict queued work.
"""

from __future__ import annotations

import json
import time
import zlib
from collections.abc import Callable, Sequence
from typing import Any, Protocol, TypeVar

import redis
import zstandard
from redis import exceptions as rexc

from worker import paged
from worker.paged import ZSTD_MAGIC, StoredReplay, WholeReplay
from worker.redis_health import (  # re-exported: what Redis can serve now
    DEFAULT_HIGH_WATER,
    HIGH_WATER_ENV,
    MEMORY_READING_SECONDS,
    OOM_BACKOFF,
    MemoryGauge,
    StoreFull,
    StoreUnavailable,
    _is_oom,
    guarded,
    memory_problem,
    persistence_problem,
    read_high_water,
    unavailable,
)
from worker.service import TERMINAL, Submission
from worker.waiting import RedisWaiters, wait_for_final

T = TypeVar("T")


class Enqueuer(Protocol):
    """A runner that can queue a job within the store's own transaction (the record and
    its job in one round trip: :meth:`RedisStore.create`)."""

    def enqueue_in(self, pipeline: Any, job_id: str) -> None:
        """Add the commands that queue ``job_id`` to ``pipeline`` (not executed)."""

    def withdraw(self, job_id: str) -> None:
        """Take back a job queued by :meth:`enqueue_in` whose record was not created."""


#: what other modules import from here that lives in :mod:`worker.redis_health`
__all__ = [
    "DEFAULT_HIGH_WATER",
    "HIGH_WATER_ENV",
    "MEMORY_READING_SECONDS",
    "DEFAULT_PREFIX",
    "DEFAULT_QUEUE",
    "RedisStore",
    "StoreFull",
    "StoreUnavailable",
    "connect",
    "guarded",
    "memory_problem",
    "persistence_problem",
    "read_high_water",
    "unavailable",
]

DEFAULT_PREFIX = "judge:"
#: the queue whose pending index is ``P pending`` (any other's is ``P pending:<queue>``)
DEFAULT_QUEUE = "judge"

_CREATE = """
local known = redis.call('GET', KEYS[1])
if known then
  local data = redis.call('GET', ARGV[5] .. known)
  if data then
    local ok, sub = pcall(cjson.decode, data)
    if ok and sub['status'] ~= 'failed' then
      return data
    end
  end
end
redis.call('SET', KEYS[2], ARGV[1], 'EX', ARGV[3])
redis.call('SET', KEYS[3], ARGV[2], 'EX', ARGV[3])
redis.call('SET', KEYS[1], ARGV[4], 'EX', ARGV[3])
redis.call('ZADD', KEYS[4], ARGV[6], ARGV[4])
if redis.call('TTL', KEYS[4]) < tonumber(ARGV[3]) then
  redis.call('EXPIRE', KEYS[4], ARGV[3])
end
return false
"""

_UPDATE = """
local data = redis.call('GET', KEYS[1])
if not data then return 0 end
local ok, sub = pcall(cjson.decode, data)
if ok and sub['status'] == 'finished' then return 0 end
redis.call('SET', KEYS[1], ARGV[1], 'KEEPTTL')
if ARGV[2] == '1' then
  redis.call('ZREM', KEYS[2], ARGV[3])
  redis.call('PUBLISH', ARGV[4], ARGV[3])
end
return 1
"""


def _hset_from(key: str, first: int) -> str:
    """Lua: HSET the fields and values ``ARGV[first]`` to the end into ``key``, at most 500
    pairs a call (Lua's ``unpack`` has a limit)."""
    return f"""local last = #ARGV
local first = {first}
while first <= last do
  local stop = math.min(first + 999, last)
  redis.call('HSET', {key}, unpack(ARGV, first, stop))
  first = stop + 1
end
"""


#: KEYS the record, the result, the log, the hash entry, the pending index; ARGV the finished
#: record, the result's TTL, the id, the done channel, the result ceiling (a share of
#: maxmemory; '' for none), the result's size, then the result's fields and values.  1 when
#: stored, 0 when the record is failed or gone; {-1, used_memory, maxmemory} when the result
#: would take Redis past the ceiling (INFO read here: no round trip of its own; a Redis that
#: refuses INFO to scripts has no limit known, as MemoryGauge reads it)
_SAVE_RESULT = (
    """
local data = redis.call('GET', KEYS[1])
if not data then return 0 end
local ok, sub = pcall(cjson.decode, data)
if ok and sub['status'] == 'failed' then return 0 end
if ARGV[5] ~= '' then
  local info = redis.pcall('INFO', 'memory')
  if type(info) == 'string' then
    local used = tonumber(string.match(info, 'used_memory:(%d+)')) or 0
    local limit = tonumber(string.match(info, 'maxmemory:(%d+)')) or 0
    if limit > 0 and used + tonumber(ARGV[6]) > tonumber(ARGV[5]) * limit then
      return {-1, used, limit}
    end
  end
end
local ttl = tonumber(ARGV[2])
if ttl == nil or ttl < 1 then
  ttl = redis.call('TTL', KEYS[1])
  if ttl < 1 then ttl = 1 end
end
redis.call('SET', KEYS[1], ARGV[1], 'EX', ttl)
redis.call('DEL', KEYS[2])
"""
    + _hset_from("KEYS[2]", 7)
    + """redis.call('EXPIRE', KEYS[2], ttl)
redis.call('EXPIRE', KEYS[3], ttl)
if redis.call('GET', KEYS[4]) == ARGV[3] then redis.call('EXPIRE', KEYS[4], ttl) end
redis.call('ZREM', KEYS[5], ARGV[3])
redis.call('PUBLISH', ARGV[4], ARGV[3])
return 1
"""
)


#: records made after their replay (worker.paged.encode_records): KEYS the result; ARGV the
#: fields and values.  Added to the result's hash only while it holds its head (HSET keeps
#: the hash's TTL: the records expire with their replay); 1 when stored, 0 when it is gone
_SAVE_RECORDS = (
    """
if redis.call('HEXISTS', KEYS[1], 'head') == 0 then return 0 end
"""
    + _hset_from("KEYS[1]", 1)
    + """return 1
"""
)


#: keep an annotation: KEYS the submission, its annotations; ARGV the annotation's JSON,
#: the most a submission may have.  The list lives exactly as long as the submission (its
#: remaining time in milliseconds); -1 when the submission is gone, 0 when it is full.
_ANNOTATE = """
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 1 then return -1 end
local n = redis.call('LLEN', KEYS[2])
if n >= tonumber(ARGV[2]) then return 0 end
n = redis.call('RPUSH', KEYS[2], ARGV[1])
redis.call('PEXPIRE', KEYS[2], ttl)
return n
"""


def _plain(data: bytes) -> bytes:
    """A result stored whole (before pages): its canonical JSON, from a Zstandard frame,
    plain JSON as it is, or a zlib stream (written before results were Zstandard; its first
    byte is 0x78).

    >>> _plain(b'{"a":1}'), _plain(zstandard.compress(b'{"a":1}', 1)), _plain(zlib.compress(b"{}"))
    (b'{"a":1}', b'{"a":1}', b'{}')
    """
    if data[:4] == ZSTD_MAGIC:
        return zstandard.decompress(data)
    return data if data[:1] == b"{" else zlib.decompress(data)


def connect(url: str, *, pool_size: int | None = None, **options: Any) -> redis.Redis:
    """A Redis client for ``url`` with short connect and read timeouts.

    Bytes in, bytes out (RQ needs ``decode_responses=False``).  ``options`` override the
    client's keyword arguments.  With ``pool_size`` the client's connections are at most that
    many and a request that finds none free waits for one (up to the read timeout) instead
    of failing: the API under gevent serves hundreds of requests at once in one process,
    and redis-py's own pool refuses the 101st ("Too many connections").

    redis-py parses the replies and packs the commands with hiredis, which the ``service``
    extra installs (``redis[hiredis]``): with it the service's CPU a job under load, RQ's
    own Redis work included, was about a fifth less (docs/service.md, *The benchmark*).
    """
    kwargs: dict[str, Any] = {
        "socket_connect_timeout": 2,
        "socket_timeout": 10,
        "health_check_interval": 30,
    }
    kwargs.update(options)
    if pool_size is None:
        return redis.Redis.from_url(url, **kwargs)
    pool = redis.BlockingConnectionPool.from_url(
        url, max_connections=pool_size, timeout=kwargs["socket_timeout"], **kwargs
    )
    client = redis.Redis(connection_pool=pool)
    client.auto_close_connection_pool = True
    return client


class RedisStore(MemoryGauge):
    """:class:`worker.service.Store` on Redis (see the module's docstring for the keys)."""

    def __init__(
        self,
        client: redis.Redis,
        prefix: str = DEFAULT_PREFIX,
        result_ttl: int | None = None,
        compress_level: int = 1,
        queue: str = DEFAULT_QUEUE,
        page_size: int = paged.PAGE_SIZE,
        high_water: float | None = None,
    ) -> None:
        self.client = client
        #: the share of ``maxmemory`` above which new work is refused (:meth:`check_room`)
        self.high_water = read_high_water(high_water)
        self._memory: tuple[float, int, int] | None = None  # (when read, used, maxmemory)
        #: steps a stored page (:mod:`worker.paged`; kept in each result's head)
        self.page_size = page_size
        self.prefix = prefix
        self.queue = queue
        self.result_ttl = result_ttl
        self.compress_level = compress_level
        self.waiters = RedisWaiters(client, self.done_channel)
        self._create = client.register_script(_CREATE)
        self._update = client.register_script(_UPDATE)
        self._update_over_limit = client.register_script("#!lua flags=allow-oom\n" + _UPDATE)
        self._save_result = client.register_script(_SAVE_RESULT)
        self._save_records = client.register_script(_SAVE_RECORDS)
        self._annotate = client.register_script(_ANNOTATE)

    @classmethod
    def from_url(cls, url: str, **kwargs: Any) -> RedisStore:
        return cls(connect(url), **kwargs)

    # -- keys

    def key(self, kind: str, name: str) -> str:
        return f"{self.prefix}{kind}:{name}"

    def queue_key(self, kind: str) -> str:
        """The key of ``kind`` for this store's queue: ``P kind`` for the default queue (as
        before there were several), ``P kind:<queue>`` for another."""
        if self.queue == DEFAULT_QUEUE:
            return f"{self.prefix}{kind}"
        return self.key(kind, self.queue)

    @property
    def pending_key(self) -> str:
        """The index of this queue's pending submissions (see the module)."""
        return self.queue_key("pending")

    @property
    def done_channel(self) -> str:
        """The pub/sub channel on which each record made final is announced (its id)."""
        return f"{self.prefix}done"

    def keys_of(self, sub: Submission) -> list[str]:
        """Every key of one submission (for inspection and tests)."""
        return [
            self.key("sub", sub.id),
            self.key("log", sub.id),
            self.key("result", sub.id),
            self.key("hash", sub.content_hash),
        ]

    # -- the Store protocol

    def create(
        self,
        sub: Submission,
        log_text: str,
        ttl: int,
        enqueue: Enqueuer | None = None,
    ) -> tuple[Submission, bool]:
        """As :meth:`worker.service.Store.create`.  ``enqueue``: a runner's commands that
        queue the job (:meth:`worker.rqjob.RQRunner.enqueue_in`), sent with the record in
        one transaction, one round trip (``MULTI``, the script, the job's commands,
        ``EXEC``), instead of a round trip for the record and two for RQ's enqueue; when
        the content was known already (no job created), the job they queued is taken back
        (:meth:`Enqueuer.withdraw`, a second round trip, only then; a worker that took it
        meanwhile finds no record and does nothing)."""
        keys = [
            self.key("hash", sub.content_hash),
            self.key("sub", sub.id),
            self.key("log", sub.id),
            self.pending_key,
        ]
        args = [
            json.dumps(sub.to_dict()),
            log_text,
            int(ttl),
            sub.id,
            self.key("sub", ""),
            repr(sub.submitted_at or time.time()),
        ]
        with guarded("create"):
            if enqueue is None:
                known = self._run(self._create, keys=keys, args=args)
            else:
                with self.client.pipeline(transaction=True) as pipe:
                    pipe.multi()  # RQ adds to a transaction begun (it begins one otherwise)
                    # EVAL, not the script's EVALSHA: in a pipeline redis-py asks SCRIPT EXISTS
                    # first, a round trip of its own (Redis keeps EVAL's script compiled too)
                    pipe.eval(_CREATE, len(keys), *keys, *args)
                    enqueue.enqueue_in(pipe, sub.id)
                    known = pipe.execute()[0]
                if known is not None:
                    enqueue.withdraw(sub.id)
        if known is not None:
            return Submission.from_dict(json.loads(known)), False
        return sub, True

    def get(self, job_id: str) -> Submission | None:
        with guarded("get"):
            data = self.client.get(self.key("sub", job_id))
        return Submission.from_dict(json.loads(data)) if data is not None else None

    def get_with_log(self, job_id: str) -> tuple[Submission | None, str | None]:
        """:meth:`get` and :meth:`log_text` in one round trip (``MGET``), for the job."""
        with guarded("get_with_log"):
            data, text = self.client.mget([self.key("sub", job_id), self.key("log", job_id)])
        sub = Submission.from_dict(json.loads(data)) if data is not None else None
        return sub, text.decode("utf-8") if text is not None else None

    def log_text(self, job_id: str) -> str | None:
        with guarded("log_text"):
            data = self.client.get(self.key("log", job_id))
        return data.decode("utf-8") if data is not None else None

    def update(self, sub: Submission) -> None:
        """Save the record keeping its TTL; a finished record is never changed, an expired
        one is not brought back."""
        with guarded("update"):
            self._run(
                self._update,
                keys=[self.key("sub", sub.id), self.pending_key],
                args=[
                    json.dumps(sub.to_dict()),
                    "1" if sub.status in TERMINAL else "0",
                    sub.id,
                    self.done_channel,
                ],
            )

    def save_result(self, sub: Submission, result: dict[str, Any]) -> bool:
        """Store the replay (its head and pages, :mod:`worker.paged`, in one hash) and the
        finished record together, unless the record was failed meanwhile (or expired):
        then False.  A replay that does not fit in Redis's memory (see the module) is not
        stored: the job is failed with the reason, and False."""
        fields = self.encode_result(result)
        size = sum(len(k) + len(v) for k, v in fields.items())
        for pause in (*OOM_BACKOFF, None):
            # Redis's memory is read afresh by the script itself (another worker may have
            # stored a result just now), which stores the result only under the ceiling
            try:
                stored = self._store_result(sub, fields, size)
            except StoreFull as exc:
                refused = f"Redis refused it ({exc.__cause__ or exc})"
            else:
                if not isinstance(stored, list):
                    return bool(stored)
                _, used, limit = stored
                self._memory = (time.monotonic(), int(used), int(limit))  # the script's reading
                refused = self._no_room_for(size)
                if not self._over_limit():
                    break  # under maxmemory, over the ceiling: results fill it; waiting frees nothing
            if pause is None:
                break
            time.sleep(pause)
        self._fail_for_memory(
            sub,
            f"the result store is full: the replay ({size:,} bytes) "
            f"could not be stored, {refused}; submit the log again later",
        )
        return False

    def _store_result(self, sub: Submission, fields: dict[str, bytes], size: int) -> Any:
        """The save script (``_SAVE_RESULT``): 1, 0, or ``[-1, used, maxmemory]``."""
        with guarded("save_result"):
            return self._run(
                self._save_result,
                keys=[
                    self.key("sub", sub.id),
                    self.key("result", sub.id),
                    self.key("log", sub.id),
                    self.key("hash", sub.content_hash),
                    self.pending_key,
                ],
                args=[
                    json.dumps(sub.to_dict()),
                    self.result_ttl or 0,
                    sub.id,
                    self.done_channel,
                    repr((1 + self.high_water) / 2),
                    size,
                    *(part for item in fields.items() for part in item),
                ],
            )

    def _fail_for_memory(self, sub: Submission, reason: str) -> None:
        """The job failed with ``reason`` (a write of a few hundred bytes); when Redis refuses
        even that, its log is dropped first to make room (see the module)."""
        failed = Submission.from_dict(sub.to_dict())
        failed.status, failed.reason, failed.finished_at = "failed", reason, time.time()
        failed.summary = None
        try:
            self.update(failed)
        except StoreFull:
            with guarded("save_result"):
                self.client.delete(self.key("log", sub.id))  # allowed over maxmemory
            try:
                self.update(failed)
            except StoreFull:
                self._update_failure_over_limit(failed)

    def _update_failure_over_limit(self, failed: Submission) -> None:
        """:meth:`update` of a failed record by the ``allow-oom`` script (Redis 7): Redis is
        over its ``maxmemory`` and the failure must still be written (see the module)."""
        with guarded("update"):
            try:
                self._run(
                    self._update_over_limit,
                    keys=[self.key("sub", failed.id), self.pending_key],
                    args=[json.dumps(failed.to_dict()), "1", failed.id, self.done_channel],
                )
            except rexc.ResponseError as exc:
                if _is_oom(exc):
                    raise
                raise StoreFull(f"Redis is full and cannot run allow-oom scripts: {exc}") from exc

    def save_records(self, job_id: str, fields: dict[str, bytes]) -> bool:
        """Store the records of a stored replay made after it (``w0``, ``w1``, … of
        :func:`worker.paged.encode_records`) in its hash, in one script: all or none, and
        only while the replay is there.  False when it is gone, or when Redis is full (the
        records are not worth a result's place: the replay is then read withholding every
        card id, and the next read that needs them makes them again)."""
        try:
            with guarded("save_records"):
                stored = self._run(
                    self._save_records,
                    keys=[self.key("result", job_id)],
                    args=[part for item in fields.items() for part in item],
                )
        except StoreFull:
            return False
        return bool(stored)

    def stored_result(self, job_id: str) -> StoredReplay | None:
        """The stored replay, its head read and its pages read when asked for (``HMGET`` of
        the pages a read needs; the first few come with the head, in one round trip: most
        reads start there), or None when there is none.  A result stored before pages
        (one frame, a string at the same key) is read as a :class:`~worker.paged.WholeReplay`:
        ``HMGET`` on it is refused (``WRONGTYPE``), and only then is it read whole."""
        key = self.key("result", job_id)
        first = [str(n) for n in range(paged.FETCH_BATCH)]
        with guarded("result"):
            try:
                head, *pages = self.client.hmget(key, ["head", *first])
            except rexc.ResponseError as exc:
                if not str(exc).startswith("WRONGTYPE"):
                    raise
                data = self.client.get(key)
                return WholeReplay(_plain(data)) if data is not None else None
        return self._stored(key, head, pages)

    def _stored(self, key: str, head: bytes | None, pages: list[Any]) -> StoredReplay | None:
        """The stored replay at ``key`` from its head and its first pages as read."""
        if head is None:
            return None
        first = [str(n) for n in range(paged.FETCH_BATCH)]
        return StoredReplay(
            head, lambda names: self._fields(key, names), dict(zip(first, pages, strict=True))
        )

    def get_with_result(self, job_id: str) -> tuple[Submission | None, StoredReplay | None]:
        """:meth:`get` and :meth:`stored_result` in one round trip, a transaction (the record
        and the result it says is finished are read at the same instant): what the API's
        ``GET /v1/replays/<id>`` reads, where they were two round trips."""
        key = self.key("result", job_id)
        first = [str(n) for n in range(paged.FETCH_BATCH)]
        with guarded("get"), self.client.pipeline(transaction=True) as pipe:
            pipe.get(self.key("sub", job_id))
            pipe.hmget(key, ["head", *first])
            data, fetched = pipe.execute(raise_on_error=False)
        if isinstance(data, Exception):
            with guarded("get"):
                raise data
        sub = Submission.from_dict(json.loads(data)) if data is not None else None
        if isinstance(fetched, Exception):  # a result stored whole (WRONGTYPE), or an error
            return sub, self.stored_result(job_id)
        head, *pages = fetched
        return sub, self._stored(key, head, pages)

    def wait_with_result(
        self, job_id: str, timeout: float
    ) -> tuple[Submission | None, StoredReplay | None]:
        """:meth:`wait_terminal` reading with :meth:`get_with_result`: the record once it is
        final, with its result, read in the same round trip as the record that says so."""
        found: list[Any] = [None, None]

        def read() -> Submission | None:
            found[:] = self.get_with_result(job_id)
            return found[0]  # type: ignore[no-any-return]

        wait_for_final(self.waiters, job_id, timeout, read, Submission.is_final)
        return found[0], found[1]

    def _fields(self, key: str, names: Sequence[str]) -> list[bytes | None]:
        with guarded("result"):
            return list(self.client.hmget(key, list(names)))

    def add_annotation(self, job_id: str, annotation: dict[str, Any], limit: int) -> int | None:
        """Keep ``annotation`` at ``P notes:<id>``, a list that expires with the submission
        (one script: the count checked and the entry added at once).  Its number, None when
        the submission is gone, 0 when it has ``limit`` annotations already."""
        text = json.dumps(annotation, ensure_ascii=False, sort_keys=True, separators=(",", ":"))
        with guarded("annotate"):
            n = int(
                self._annotate(
                    keys=[self.key("sub", job_id), self.key("notes", job_id)], args=[text, limit]
                )
            )
        return None if n < 0 else n

    def save_audit(self, audit_id: str, doc: dict[str, Any], ttl: int | None) -> None:
        """Keep an audit's record at ``P audit:<id>`` for ``ttl`` seconds (``None``: keep
        the time it has left, and only if it is still there)."""
        text = json.dumps(doc, ensure_ascii=False, sort_keys=True, separators=(",", ":"))
        with guarded("audit"):
            if ttl is None:
                self.client.set(self.key("audit", audit_id), text, keepttl=True, xx=True)
            else:
                self.client.set(self.key("audit", audit_id), text, ex=max(1, int(ttl)))

    def get_audit(self, audit_id: str) -> dict[str, Any] | None:
        with guarded("audit"):
            data = self.client.get(self.key("audit", audit_id))
        return json.loads(data) if data is not None else None

    def annotations(self, job_id: str) -> list[dict[str, Any]]:
        """The submission's annotations, in the order they were added."""
        with guarded("annotations"):
            items = self.client.lrange(self.key("notes", job_id), 0, -1)
        return [json.loads(item) for item in items]

    def result(self, job_id: str) -> dict[str, Any] | None:
        """The whole stored replay, decoded (for tools and tests: the API reads pages)."""
        stored = self.stored_result(job_id)
        return stored.whole() if stored is not None else None

    def result_bytes(self, job_id: str) -> bytes | None:
        """The stored replay's canonical JSON, whole (for tools and tests: the API sends
        :meth:`~worker.paged.StoredReplay.json_chunks` as a stream)."""
        stored = self.stored_result(job_id)
        return b"".join(stored.json_chunks()) if stored is not None else None

    def wait_terminal(self, job_id: str, timeout: float) -> Submission | None:
        """The record once it is finished or failed, or as it is after ``timeout`` seconds
        (None if it does not exist).  Woken by the ``done`` channel, not by polling."""
        return wait_for_final(
            self.waiters, job_id, timeout, lambda: self.get(job_id), Submission.is_final
        )

    def ping(self) -> bool:
        """True when Redis answers; False (never an exception) when it does not."""
        try:
            return bool(self.client.ping())
        except Exception:  # noqa: BLE001 - any failure to answer is "not reachable"
            return False

    # -- the pending index (for the reaper)

    def pending(self, older_than: float, limit: int | None = None) -> list[str]:
        """Ids neither finished nor failed that were submitted before ``older_than``, the
        oldest first (at most ``limit``)."""
        page = {"start": 0, "num": limit} if limit else {}
        with guarded("pending"):
            ids = self.client.zrangebyscore(self.pending_key, "-inf", older_than, **page)
        return [i.decode() for i in ids]

    def forget_pending(self, job_id: str) -> None:
        with guarded("forget_pending"):
            self.client.zrem(self.pending_key, job_id)

    # -- encoding

    def encode_result(self, result: dict[str, Any]) -> dict[str, bytes]:
        """The replay's stored fields (:func:`worker.paged.encode`): the head and the
        pages, each a Zstandard frame at ``compress_level`` (with its size in the header),
        or plain at level 0."""
        return paged.encode(result, self.compress_level, self.page_size)

    @staticmethod
    def _run(script: Callable[..., T], keys: list[str], args: list[Any]) -> T:
        return script(keys=keys, args=args)
