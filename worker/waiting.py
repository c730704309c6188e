"""Waiting for a job to end without polling the store: :class:`RedisWaiters` (production) and
:class:`LocalWaiters` (the embedded default).

Why: a long-poll (``GET /v1/replays/<id>?wait=``) that reads the job's record every few
milliseconds either answers late (the job ended just after a read: up to one interval) or
costs the store many reads per waiting client.  Here the writer announces each record made
final (finished or failed) and the waiting request wakes at once.

The announcement is a hint, never the truth: a waiter always reads the record itself (the
``final`` callable) before it answers, and reads it again at least every
:data:`RECHECK` seconds, so a lost announcement (pub/sub delivers at most once: a
subscriber reconnecting after a Redis restart misses what was published meanwhile) costs
at most that much latency, never a wrong answer.

One subscriber thread per process serves every waiting request of that process; it is
started by the first wait (after a fork: gunicorn's workers each start their own), and
resubscribes after a connection error.

>>> import threading
>>> waiters = LocalWaiters()
>>> done = []
>>> threading.Timer(0.05, lambda: (done.append(1), waiters.notify("job-1"))).start()
>>> waiters.wait("job-1", 5.0, lambda: bool(done))
True
"""

from __future__ import annotations

import contextlib
import logging
import os
import threading
import time
from collections.abc import Callable
from typing import Any, TypeVar

T = TypeVar("T")

log = logging.getLogger("judge.waiting")

#: Seconds between two reads of a waited-for record when no announcement came.
RECHECK = 0.5
#: Seconds the subscriber waits before subscribing again after a connection error.
RESUBSCRIBE_DELAY = 0.2


class LocalWaiters:
    """Waiting requests by job id, woken by :meth:`notify` (same process)."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._events: dict[str, list[threading.Event]] = {}

    def notify(self, job_id: str) -> None:
        """Wake every request waiting for ``job_id``."""
        with self._lock:
            events = list(self._events.get(job_id, ()))
        for event in events:
            event.set()

    def wait(self, job_id: str, timeout: float, final: Callable[[], bool]) -> bool:
        """Until ``final()`` is true (read at once, at each announcement of ``job_id``, and
        every :data:`RECHECK` seconds) or ``timeout`` seconds have passed; ``final()``'s
        last answer."""
        event = threading.Event()
        with self._lock:
            self._events.setdefault(job_id, []).append(event)
        try:
            self._started()
            deadline = time.monotonic() + timeout
            while True:
                if final():  # registered first: an announcement from now on wakes us
                    return True
                left = deadline - time.monotonic()
                if left <= 0:
                    return False
                event.wait(min(left, RECHECK))
                event.clear()
        finally:
            with self._lock:
                waiting = self._events.get(job_id, [])
                with contextlib.suppress(ValueError):
                    waiting.remove(event)
                if not waiting:
                    self._events.pop(job_id, None)

    def waiting(self) -> int:
        """How many requests are waiting now (for tests and metrics)."""
        with self._lock:
            return sum(len(v) for v in self._events.values())

    def _started(self) -> None:
        """Hook: make sure announcements reach :meth:`notify` (nothing to do locally)."""


def wait_for_final(
    waiters: LocalWaiters,
    job_id: str,
    timeout: float,
    read: Callable[[], T | None],
    final: Callable[[T], bool],
) -> T | None:
    """``read()`` once ``final`` of it is true (or it is None: gone), or as it is after
    ``timeout`` seconds: a store's ``wait_terminal`` on its ``waiters``."""
    last: list[T | None] = [None]

    def done() -> bool:
        last[0] = read()
        return last[0] is None or final(last[0])

    waiters.wait(job_id, timeout, done)
    return last[0]


class RedisWaiters(LocalWaiters):
    """:class:`LocalWaiters` woken by the ids published on a Redis pub/sub ``channel``."""

    def __init__(self, client: Any, channel: str) -> None:
        super().__init__()
        self.client = client
        self.channel = channel
        self._thread: threading.Thread | None = None
        self._pid = 0
        self._subscribed = threading.Event()

    def _started(self) -> None:
        if self._thread is not None and self._pid == os.getpid() and self._thread.is_alive():
            return
        with self._lock:
            if self._thread is None or self._pid != os.getpid() or not self._thread.is_alive():
                self._pid = os.getpid()
                self._subscribed.clear()
                self._thread = threading.Thread(
                    target=self._listen, name="judge-waiters", daemon=True
                )
                self._thread.start()
        # the first wait of the process: a short wait for the subscription, so an
        # announcement made right after this is not missed (RECHECK bounds it otherwise)
        self._subscribed.wait(1.0)

    def _listen(self) -> None:
        pid = self._pid
        while pid == os.getpid():
            pubsub = self.client.pubsub(ignore_subscribe_messages=True)
            try:
                pubsub.subscribe(self.channel)
                while pid == os.getpid():
                    message = pubsub.get_message(timeout=1.0)
                    if message is None:
                        self._subscribed.set()  # subscribed: get_message answered
                        continue
                    self._subscribed.set()
                    data = message.get("data")
                    if isinstance(data, bytes):
                        self.notify(data.decode("utf-8", "replace"))
            except Exception as exc:  # noqa: BLE001 - Redis down: waiters fall back to RECHECK
                log.debug("waiters: subscription lost (%s); subscribing again", exc)
                time.sleep(RESUBSCRIBE_DELAY)
            finally:
                with contextlib.suppress(Exception):
                    pubsub.close()
