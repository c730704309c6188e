"""Operations, on real Redis servers: the Redis URL's password never printed, the reaper of
one queue leaving another queue's jobs alone, every key expiring, and the start-up warning
about a Redis that keeps nothing on disk.

The session's Redis (``redis_url``) serves the reaper and expiry tests; the others start
``redis-server`` with the options they are about (``--requirepass``, ``--save "" --appendonly
no``, CONFIG renamed away) through :func:`redis_with`.
"""

from __future__ import annotations

import contextlib
import copy
import functools
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from judge.core.canonical import canonical_json
from judge.core.selfplay import random_game
from judge.games.union_arena.sample import sample_envelope
from worker.testing import REDIS_SERVER, REPO, environment, free_port, wait_until

pytestmark = pytest.mark.redis

TTL = 600
PASSWORD = "s3cret-Pa55"
#: settings of these tests: a job counts as stranded after 1 s seen stranded
FAST = {"monitor_interval": 1, "abandon_grace": 1, "reap_interval": 1}


@functools.cache
def _game(seed: str) -> dict[str, Any]:
    return random_game(sample_envelope(seed), seed, max_actions=30)


def service(url: str, queue: str = "judge") -> Any:
    from worker.config import Settings
    from worker.rqbackend import redis_service

    return redis_service(settings=Settings(redis_url=url, queue=queue, result_ttl=TTL, **FAST))


def stored(svc: Any, seed: str, enqueue: bool = True) -> str:
    """A submission stored a minute ago (beyond ``abandon_grace``), enqueued through the
    service's runner unless ``enqueue`` is false (Redis failed between the two: an
    orphan, which the reaper enqueues); its id."""
    from worker.service import Submission

    sub = Submission(
        id=f"{seed:0>32}"[-32:],
        content_hash=seed.ljust(64, "h"),
        game="union-arena",
        on_illegal="skip",
        perspective="judge",
        players=["A", "B"],
        submitted_at=time.time() - 60,
    )
    svc.store.create(sub, canonical_json(copy.deepcopy(_game(seed))), TTL)
    if enqueue:
        svc.runner.enqueue(sub.id)
    return sub.id


def reap(svc: Any) -> Any:
    from worker.rqbackend import reap as reap_

    report = reap_(svc.store.client, svc.runner.settings)
    assert report is not None
    return report


def origin(svc: Any, job_id: str) -> str | None:
    raw = svc.store.client.hget(f"rq:job:{job_id}", "origin")
    return raw.decode() if raw is not None else None


# -- the reaper and another queue -------------------------------------------------------------------


def test_the_reaper_touches_only_its_own_queues_jobs(redis_url: str) -> None:
    """Two queues share the key prefix ``judge:``.  Before, the reaper of ``judge`` read the
    other queue's submissions from the shared pending index: it enqueued the other queue's
    orphan into its own queue at once, and moved the other queue's queued jobs into its own
    (not in its queue list: "stranded") at its second look."""
    mine, theirs = service(redis_url, "judge"), service(redis_url, "other")
    queued = [stored(theirs, f"theirs-{i}") for i in range(3)]
    orphan = stored(theirs, "theirs-orphan", enqueue=False)
    own_orphan = stored(mine, "mine-orphan", enqueue=False)

    first = reap(mine)
    time.sleep(mine.runner.settings.abandon_grace + 0.2)
    second = reap(mine)
    assert first.requeued == [own_orphan]  # its own orphan, and only that
    assert second.requeued == second.stranded == [] and first.stranded == []
    assert mine.runner.queue.job_ids == [own_orphan]
    assert theirs.runner.queue.job_ids == queued  # where they were, in order
    assert [origin(theirs, j) for j in queued] == ["other"] * 3
    assert origin(theirs, orphan) is None  # not enqueued anywhere
    assert {theirs.get(j).status for j in [*queued, orphan]} == {"queued"}
    assert not mine.store.client.hlen("judge:stranded:judge")

    # the other queue's reaper sees to its own orphan, and leaves the first queue's job
    assert reap(theirs).requeued == [orphan]
    time.sleep(theirs.runner.settings.abandon_grace + 0.2)
    assert reap(theirs).stranded == []
    assert theirs.runner.queue.job_ids == [*queued, orphan]
    assert mine.runner.queue.job_ids == [own_orphan]


# -- every key expires ---------------------------------------------------------------------------------

#: keys without a TTL, by design (docs/service.md, "What is stored"): RQ's list of the
#: queue's waiting job ids and its set of queue names; each is as long-lived as the queue
LONG_LIVED = {"rq:queue:judge", "rq:queues"}


def test_every_key_expires_when_jobs_never_run(redis_url: str) -> None:
    """Jobs submitted through the service with no worker to run them, an orphan the reaper
    enqueued, a reap: every key written has a TTL but the queue list and RQ's set of
    queues.  Before, RQ's job hash of each queued job (``rq:job:<id>``) had none: a job
    that never ran stayed for good."""
    svc = service(redis_url)
    client = svc.store.client
    ids = []
    for i in range(4):
        sub, new = svc.submit(canonical_json(_game(f"never-{i}")))
        assert new
        ids.append(sub.id)
    ids.append(stored(svc, "never-orphan", enqueue=False))
    reap(svc)  # enqueues the orphan, marks nothing (all in the queue), takes and drops its lock
    assert set(svc.runner.queue.job_ids) == set(ids)
    keys = sorted(k.decode() for k in client.scan_iter(count=1000))
    assert {f"rq:job:{i}" for i in ids} <= set(keys)
    assert any(k.startswith("judge:sub:") for k in keys)
    forever = [k for k in keys if client.ttl(k) == -1]
    assert sorted(set(forever) - LONG_LIVED) == [], forever
    for job_id in ids:  # as long as the submission itself
        assert 0 < client.ttl(f"rq:job:{job_id}") <= TTL


# -- masking the Redis URL's password -------------------------------------------------------------


@contextlib.contextmanager
def redis_with(tmp_path: Path, *options: str) -> Iterator[str]:
    """A ``redis-server`` of its own started with ``options``; its URL (no password)."""
    if REDIS_SERVER is None:
        pytest.skip("redis-server is not installed")
    port = free_port()
    log = tmp_path / "redis.log"
    command = [REDIS_SERVER, "--port", str(port), "--bind", "127.0.0.1", "--dir", str(tmp_path)]
    command += ["--daemonize", "no", "--logfile", str(log), *options]
    proc = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        import socket

        def up() -> bool:
            assert proc.poll() is None, log.read_text(errors="replace")[-2000:]
            with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", port), 0.2):
                return True
            return False

        wait_until(up, 10, "redis-server answers")
        yield f"redis://127.0.0.1:{port}/0"
    finally:
        proc.terminate()
        proc.wait(10)


def with_password(url: str, password: str = PASSWORD) -> str:
    return url.replace("redis://", f"redis://:{password}@")


def judge(*args: str, env: dict[str, str], timeout: float = 60) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "judge.cli", *args],
        cwd=REPO,
        env=environment(env),
        capture_output=True,
        text=True,
        timeout=timeout,
    )


def serve_output(env: dict[str, str], until: str) -> str:
    """``judge serve --port 0``'s output (stdout and stderr) until a line holds ``until``,
    then it is stopped with SIGINT."""
    proc = subprocess.Popen(
        [sys.executable, "-m", "judge.cli", "serve", "--port", "0"],
        cwd=REPO,
        env=environment(env),
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    seen: list[str] = []
    try:
        assert proc.stdout is not None
        deadline = time.monotonic() + 60
        for line in proc.stdout:
            seen.append(line)
            if until in line or time.monotonic() > deadline:
                break
        proc.send_signal(signal.SIGINT)
        proc.wait(20)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    out = "".join(seen)
    assert until in out, out
    return out


def test_the_password_is_masked_in_every_line_of_worker_and_serve(tmp_path: Path) -> None:
    """Before, ``judge worker`` printed ``REDIS_URL`` as it is on its first line, and in
    its error line when Redis cannot be reached."""
    with redis_with(tmp_path, "--requirepass", PASSWORD, "--appendonly", "yes") as plain:
        url = with_password(plain)
        masked = plain.replace("redis://", "redis://:***@")
        # a burst: the supervisor and a worker process start, find nothing, stop
        done = judge("worker", "--burst", env={"REDIS_URL": url})
        out = done.stdout + done.stderr
        assert done.returncode == 0, out
        assert f"at {masked}" in out and "Listening on" in out  # the worker process ran
        assert PASSWORD not in out, out
        # a wrong password: the error line names the URL, masked
        wrong = judge("worker", "--burst", env={"REDIS_URL": with_password(plain, "wr0ng-pw")})
        assert wrong.returncode == 2
        assert "error: cannot reach Redis at redis://:***@127.0.0.1" in wrong.stderr
        assert "wr0ng-pw" not in wrong.stdout + wrong.stderr
        assert "Traceback" not in wrong.stderr
        # judge serve
        out = serve_output({"REDIS_URL": url}, "serving the API on")
        assert f"on {masked}" in out and PASSWORD not in out, out
    # Redis gone: the error line too
    gone = judge("worker", "--burst", env={"REDIS_URL": url})
    assert gone.returncode == 2 and "cannot reach Redis at redis://:***@" in gone.stderr
    assert PASSWORD not in gone.stdout + gone.stderr


def test_the_mask_covers_settings_and_log_lines() -> None:
    import logging

    from worker.config import MaskSecrets, Settings, mask_secrets

    url = f"redis://judge:{PASSWORD}@redis:6379/0"
    assert PASSWORD not in repr(Settings(redis_url=url))
    assert mask_secrets(url) == "redis://judge:***@redis:6379/0"
    assert mask_secrets("redis://redis:6379/0") == "redis://redis:6379/0"  # nothing to mask
    assert mask_secrets("unix:///run/redis.sock?password=x&db=1") == (
        "unix:///run/redis.sock?password=***&db=1"
    )
    quoted = "redis://:p%40ss@redis/0"  # an encoded @: masked encoded and decoded
    assert mask_secrets("auth p@ss and p%40ss failed", quoted) == "auth *** and *** failed"
    record = logging.LogRecord("rq", logging.ERROR, __file__, 1, "lost %s", (url,), None)
    try:
        raise ConnectionError(f"cannot connect to {url}")
    except ConnectionError:
        record.exc_info = sys.exc_info()
    MaskSecrets(url).filter(record)
    text = logging.Formatter().format(record)
    assert PASSWORD not in text and "lost redis://judge:***@redis" in text
    assert "cannot connect to redis://judge:***@redis" in text


# -- a Redis that keeps nothing on disk ----------------------------------------------------------


def test_a_redis_that_keeps_nothing_on_disk_is_warned_of_at_start(tmp_path: Path) -> None:
    """``judge worker`` and ``judge serve`` warn, at start, of a Redis with no append-only
    file and no RDB save points: a restart of it loses the accepted jobs."""
    from worker.redis_store import connect, persistence_problem

    with redis_with(tmp_path, "--save", "", "--appendonly", "no") as url:
        problem = persistence_problem(connect(url))
        assert problem is not None and "keeps no data on disk" in problem
        done = judge("worker", "--burst", env={"REDIS_URL": url})
        assert done.returncode == 0, done.stderr
        assert f"warning: Redis at {url}: it keeps no data on disk" in done.stderr
        assert "--appendonly yes" in done.stderr
        out = serve_output({"REDIS_URL": url}, "serving the API on")
        assert "warning: Redis at" in out and "keeps no data on disk" in out, out


BOUNDED = ("--maxmemory", "64mb", "--maxmemory-policy", "noeviction")  # no memory warning


@pytest.mark.parametrize(
    "options",
    [("--appendonly", "yes", "--save", "", *BOUNDED), ("--appendonly", "no", "--save", "3600 1")],
    ids=["aof", "rdb"],
)
def test_a_redis_that_keeps_its_data_is_not_warned_of(tmp_path: Path, options: Any) -> None:
    from worker.redis_store import connect, persistence_problem

    with redis_with(tmp_path, *options) as url:
        assert persistence_problem(connect(url)) is None
        if options[1] == "yes":
            done = judge("worker", "--burst", env={"REDIS_URL": url})
            assert done.returncode == 0, done.stderr
            assert "warning" not in done.stderr, done.stderr


@pytest.mark.parametrize(
    ("options", "said"),
    [
        ((), "it has no maxmemory: one client's submissions can grow it"),
        (
            ("--maxmemory", "64mb", "--maxmemory-policy", "allkeys-lru"),
            "its maxmemory-policy is allkeys-lru",
        ),
    ],
    ids=["no-maxmemory", "evicting"],
)
def test_a_redis_without_a_memory_bound_is_warned_of_at_start(
    tmp_path: Path, options: Any, said: str
) -> None:
    """``judge worker`` and ``judge serve`` print the API's memory warning at start too
    (``worker.redis_store.memory_problem``), beside the persistence warning."""
    with redis_with(tmp_path, "--appendonly", "yes", "--save", "", *options) as url:
        done = judge("worker", "--burst", env={"REDIS_URL": url})
        assert done.returncode == 0, done.stderr
        assert f"warning: Redis at {url}: {said}" in done.stderr, done.stderr
        assert "on disk" not in done.stderr  # it keeps its data: only the memory warning
        out = serve_output({"REDIS_URL": url}, "serving the API on")
        assert f"warning: Redis at {url}: {said}" in out, out


def test_a_redis_without_config_is_said_not_checked(tmp_path: Path) -> None:
    """A Redis whose CONFIG command is renamed away (as managed services do): the check
    says it could not be made, and the worker still starts."""
    from worker.redis_store import connect, persistence_problem

    options = ("--rename-command", "CONFIG", "", "--save", "", "--appendonly", "no")
    with redis_with(tmp_path, *options) as url:
        problem = persistence_problem(connect(url))
        assert problem is not None and problem.startswith("could not check")
        done = judge("worker", "--burst", env={"REDIS_URL": url})
        assert done.returncode == 0, done.stderr
        assert "warning: Redis at" in done.stderr and "could not check" in done.stderr


def test_the_warning_names_no_password(tmp_path: Path) -> None:
    options = ("--requirepass", PASSWORD, "--save", "", "--appendonly", "no")
    with redis_with(tmp_path, *options) as plain:
        done = judge("worker", "--burst", env={"REDIS_URL": with_password(plain)})
        assert done.returncode == 0, done.stderr
        assert "keeps no data on disk" in done.stderr
        assert PASSWORD not in done.stdout + done.stderr


def test_the_api_under_gunicorn_warns_of_a_redis_that_keeps_nothing_on_disk(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    """``api:create_app()`` (gunicorn's entry point) has no start-up of its own but the app's
    creation: the same warning is logged there, naming no password."""
    import logging

    from api import create_app

    with redis_with(tmp_path, "--save", "", "--appendonly", "no", "--requirepass", PASSWORD) as url:
        monkeypatch.setenv("REDIS_URL", with_password(url))
        with caplog.at_level(logging.WARNING, logger="api"):
            create_app()
    (record,) = [r for r in caplog.records if r.name == "api" and "on disk" in r.getMessage()]
    assert "keeps no data on disk" in record.getMessage()
    assert PASSWORD not in record.getMessage() and "127.0.0.1" in record.getMessage()
    caplog.clear()
    bounded = ("--maxmemory", "64mb", "--maxmemory-policy", "noeviction")  # no memory warning
    with redis_with(tmp_path, "--appendonly", "yes", "--save", "", *bounded) as url:
        monkeypatch.setenv("REDIS_URL", url)
        with caplog.at_level(logging.WARNING, logger="api"):
            create_app()
    assert [r for r in caplog.records if r.name == "api"] == []
