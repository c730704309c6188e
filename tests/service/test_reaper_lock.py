"""The reaper's lock on a real Redis, held by a real process: one reap of a queue at a time
while the reaping process lives, however long its reap takes; and a process killed in
mid-reap (its machine lost) holds the other reapers off no longer than the heartbeat bound,
so the dead-worker bound (:func:`worker.workers.abandon_bound`) holds for the jobs of the
machine it died with.

The holder is ``python -c`` running :func:`worker.reaper.reap` with its work replaced by a
long sleep: the lock is taken and kept by the code under test.
"""

from __future__ import annotations

import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytestmark = pytest.mark.redis

ROOT = Path(__file__).resolve().parents[2]
#: a heartbeat bound of 1 + 1 = 2 s: the lock's time to live, renewed every 2/3 s
FAST = {"monitor_interval": 1, "abandon_grace": 1, "reap_interval": 1}

HOLDER = f"""
import sys, time
import redis
from worker import reaper
from worker.config import Settings

def _reap(connection, settings, worker):
    print("reaping", flush=True)
    time.sleep(600)

reaper._reap = _reap
url = sys.argv[1]
reaper.reap(redis.Redis.from_url(url), Settings(redis_url=url, **{FAST!r}))
"""


def settings(url: str) -> Any:
    from worker.config import Settings

    return Settings(redis_url=url, **FAST)


@pytest.fixture
def holder(redis_url: str) -> Iterator[subprocess.Popen[str]]:
    """A process in mid-reap: it holds the reaper's lock when this yields."""
    proc = subprocess.Popen(
        [sys.executable, "-c", HOLDER, redis_url], cwd=ROOT, stdout=subprocess.PIPE, text=True
    )
    try:
        assert proc.stdout is not None and proc.stdout.readline() == "reaping\n"
        yield proc
    finally:
        proc.kill()
        proc.wait()


def lock_key(url: str) -> str:
    import redis

    from worker.redis_store import RedisStore

    s = settings(url)
    return RedisStore(redis.Redis.from_url(url), s.key_prefix, queue=s.queue).queue_key(
        "reaper-lock"
    )


def test_a_reap_longer_than_the_locks_time_to_live_keeps_the_other_reapers_off(
    redis_url: str, holder: subprocess.Popen[str]
) -> None:
    import redis

    from worker.reaper import reap

    connection, s = redis.Redis.from_url(redis_url), settings(redis_url)
    until = time.monotonic() + s.heartbeat_bound + 1.5  # well past the first time to live
    while time.monotonic() < until:
        assert reap(connection, s) is None  # another process holds the lock
        time.sleep(0.1)
    assert 0 < connection.pttl(lock_key(redis_url)) <= s.heartbeat_bound * 1000


def test_a_reaper_killed_in_mid_reap_holds_the_others_off_no_longer_than_the_heartbeat_bound(
    redis_url: str, holder: subprocess.Popen[str]
) -> None:
    import redis

    from worker.reaper import reap

    connection, s = redis.Redis.from_url(redis_url), settings(redis_url)
    holder.kill()
    holder.wait()
    killed = time.monotonic()
    assert 0 < connection.pttl(lock_key(redis_url)) <= s.heartbeat_bound * 1000
    while (report := reap(connection, s)) is None and time.monotonic() < killed + 10:
        time.sleep(0.05)
    assert report is not None
    assert time.monotonic() - killed <= s.heartbeat_bound + 0.5
    assert connection.exists(lock_key(redis_url)) == 0  # the reap let it go
