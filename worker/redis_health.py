"""What Redis can serve now: unavailable (unreachable, loading, read-only) or full (at its
``maxmemory``), the start-up checks of how it keeps and bounds its data, and the gauge of
its memory that the store reads before it takes new work or stores a result.

Split from :mod:`worker.redis_store` (which re-exports every name here) because it is one
concept apart from the keys and scripts of the store: the store asks it "may I write
this?", the API asks it "may I accept this?", ``judge serve`` and ``judge worker`` ask it
"is this Redis set up to keep its promises?".  docs/service.md, "Redis memory", says what
each answer leads to.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import redis
from redis import exceptions as rexc

#: Redis errors that mean "cannot serve now", not "bad command": redis-py's classes (it
#: strips their code from the message), then the codes of the others.
_UNAVAILABLE_ERRORS = (
    rexc.ConnectionError,  # includes BusyLoadingError (LOADING)
    rexc.TimeoutError,
    rexc.ReadOnlyError,  # READONLY: a replica
    rexc.OutOfMemoryError,  # OOM: maxmemory reached with noeviction
)
_UNAVAILABLE_CODES = ("OOM", "MISCONF", "READONLY", "LOADING", "MASTERDOWN", "BUSY", "NOREPLICAS")


class StoreUnavailable(Exception):
    """Redis cannot be reached (or cannot serve now): the request may be tried again."""


class StoreFull(StoreUnavailable):
    """Redis is at (or near) its ``maxmemory``: new work is refused until results expire."""


#: Seconds a reading of ``INFO memory`` is reused (:meth:`RedisStore.memory`).
MEMORY_READING_SECONDS = 1.0
#: The share of ``maxmemory`` above which new work is refused (``JUDGE_STORE_HIGH_WATER``).
DEFAULT_HIGH_WATER = 0.9
HIGH_WATER_ENV = "JUDGE_STORE_HIGH_WATER"
#: Seconds between the tries of a result that Redis refused for memory, or that would not
#: fit while Redis is over its ``maxmemory`` (15.5 s in all; then its job fails).
OOM_BACKOFF = (0.5, 1.0, 2.0, 4.0, 8.0)


def read_high_water(value: Any = None) -> float:
    """The high water mark: ``value``, else ``JUDGE_STORE_HIGH_WATER``, else 0.9; a share of
    ``maxmemory`` strictly between 0 and 1 (:class:`~worker.config.SettingsError` otherwise).

    >>> read_high_water("0.8"), read_high_water()
    (0.8, 0.9)
    """
    import os

    from worker.config import SettingsError

    raw = value if value not in (None, "") else os.environ.get(HIGH_WATER_ENV) or DEFAULT_HIGH_WATER
    try:
        share = float(raw)
    except (TypeError, ValueError):
        share = -1.0
    if not 0 < share < 1:
        raise SettingsError(
            f"{HIGH_WATER_ENV}: {raw!r} is not a share of maxmemory between 0 and 1 (e.g. 0.9)"
        )
    return share


def _is_oom(exc: BaseException) -> bool:
    return isinstance(exc, rexc.OutOfMemoryError) or (
        isinstance(exc, rexc.ResponseError) and str(exc).lstrip().startswith("OOM")
    )


def unavailable(exc: BaseException) -> bool:
    """Whether ``exc`` means Redis cannot serve now (rather than a bug in a command)."""
    if isinstance(exc, _UNAVAILABLE_ERRORS):
        return True
    return isinstance(exc, rexc.ResponseError) and str(exc).lstrip().startswith(_UNAVAILABLE_CODES)


@contextmanager
def guarded(what: str) -> Iterator[None]:
    """Re-raise a Redis error that means "unreachable" as :class:`StoreUnavailable`."""
    try:
        yield
    except rexc.RedisError as exc:
        if _is_oom(exc):
            raise StoreFull(f"Redis is full ({what}): {exc}") from exc
        if unavailable(exc):
            raise StoreUnavailable(f"Redis is unavailable ({what}): {exc}") from exc
        raise


def _config(client: redis.Redis, *names: str) -> dict[str, str]:
    """``CONFIG GET`` of each of ``names``, in one round trip, as text (raises
    :class:`redis.exceptions.RedisError` when Redis refuses or cannot be reached)."""
    with client.pipeline(transaction=False) as pipe:
        for name in names:
            pipe.config_get(name)
        replies = pipe.execute()
    return {
        (k.decode() if isinstance(k, bytes) else k): (v.decode() if isinstance(v, bytes) else v)
        for reply in replies
        for k, v in reply.items()
    }


def persistence_problem(client: redis.Redis) -> str | None:
    """What is wrong with how the Redis of ``client`` keeps its data, or None: no
    append-only file and no RDB save points (``CONFIG GET appendonly`` / ``save``) means a
    restart of Redis loses every job accepted and not yet judged (measured: 152 of 215
    accepted jobs lost to one restart); a Redis that refuses ``CONFIG`` (renamed, or an ACL
    without it, as managed services do) or cannot be reached cannot be checked, and that is
    said too.  For the start-up warning of ``judge serve`` and ``judge worker``."""
    try:
        values = _config(client, "appendonly", "save")
    except rexc.RedisError as exc:
        return (
            "could not check whether it keeps its data on disk (CONFIG GET appendonly/save: "
            f"{type(exc).__name__}: {exc}); without an append-only file or RDB snapshots a "
            "restart of Redis loses the accepted jobs (see docs/service.md, Redis)"
        )
    if values.get("appendonly") == "yes" or values.get("save", "").strip():
        return None
    return (
        "it keeps no data on disk (appendonly no, no RDB save points): a restart of Redis "
        "loses every accepted job not yet judged, and every result; run it with "
        "--appendonly yes (see docs/service.md, Redis)"
    )


def memory_problem(client: redis.Redis) -> str | None:
    """What is wrong with how the Redis of ``client`` bounds its memory, or None: no
    ``maxmemory`` (Redis grows until the machine runs out, and the store's high water mark
    cannot apply), or a ``maxmemory-policy`` other than ``noeviction`` (it may evict queued
    jobs and results before they expire).  For the start-up warning, beside
    :func:`persistence_problem`."""
    try:
        values = _config(client, "maxmemory", "maxmemory-policy")
    except rexc.RedisError as exc:
        return (
            f"could not check its memory limit (CONFIG GET maxmemory: {type(exc).__name__}: "
            f"{exc}); give it maxmemory and maxmemory-policy noeviction (see docs/service.md, "
            "Redis memory)"
        )
    if str(values.get("maxmemory", "0")).strip() in ("", "0"):
        return (
            "it has no maxmemory: one client's submissions can grow it until the machine runs "
            "out of memory, and new work is never refused before; run it with --maxmemory "
            "and --maxmemory-policy noeviction (see docs/service.md, Redis memory)"
        )
    policy = values.get("maxmemory-policy", "noeviction")
    if policy != "noeviction":
        return (
            f"its maxmemory-policy is {policy}: it may evict queued jobs and results before "
            "they expire; use noeviction (see docs/service.md, Redis memory)"
        )
    return None


class MemoryGauge:
    """Redis's memory as the store reads it (a mixin of :class:`worker.redis_store.RedisStore`:
    it needs ``client``, ``high_water`` and ``_memory``)."""

    client: redis.Redis
    high_water: float
    _memory: tuple[float, int, int] | None

    def memory(self) -> tuple[int, int]:
        """Redis's ``used_memory`` and ``maxmemory`` (0: no limit), from ``INFO memory`` read
        at most once every :data:`MEMORY_READING_SECONDS` (a request costs no round trip);
        ``(0, 0)`` when Redis refuses ``INFO`` (a managed service's ACL): then no limit is
        known and none applies."""
        clock = time.monotonic()
        reading = self._memory
        if reading is None or clock - reading[0] >= MEMORY_READING_SECONDS:
            try:
                with guarded("memory"):
                    info = self.client.info("memory")
                used, limit = int(info.get("used_memory", 0)), int(info.get("maxmemory", 0))
            except rexc.ResponseError:
                used, limit = 0, 0
            reading = self._memory = (clock, used, limit)
        return reading[1], reading[2]

    def _over_limit(self) -> bool:
        """Whether Redis's ``used_memory`` is at its ``maxmemory`` or over (it refuses
        writes that may grow it)."""
        used, limit = self.memory()
        return bool(limit) and used >= limit

    def check_room(self, high_water: float | None = None) -> None:
        """Raise :class:`StoreFull` when Redis's memory is at ``high_water`` (default
        :attr:`high_water`) of its ``maxmemory`` or over: new work would leave the jobs
        already accepted no room for their results.  Nothing when it has no limit."""
        used, limit = self.memory()
        share = self.high_water if high_water is None else high_water
        if limit and used >= share * limit:
            raise StoreFull(
                f"Redis holds {used:,} bytes of its maxmemory {limit:,}: over the high water "
                f"mark of {share:.0%} ({HIGH_WATER_ENV}), new work is refused"
            )

    def _no_room_for(self, size: int) -> str:
        """Why a result of ``size`` bytes must not be stored now ("" when it fits): it would
        take Redis past the result ceiling, halfway between the high water and the limit."""
        used, limit = self.memory()
        ceiling = (1 + self.high_water) / 2
        if limit and used + size > ceiling * limit:
            return (
                f"it would take Redis past {ceiling:.1%} of its maxmemory "
                f"({used:,} of {limit:,} bytes used)"
            )
        return ""
