"""Real faults in real worker processes, with both worker classes (``simple``, the default,
and ``fork``): over the time limit, stuck past it, an engine that raises, a worker SIGKILLed
in the middle of a job, a job that crashes its process, a machine lost with its supervisor.

Slow or failing jobs come from the worker's ``JUDGE_TEST_FAULT`` hook (see
:mod:`worker.rqbackend`): ``sleep:S`` makes a job's first attempt sleep S seconds inside
the replay, ``stuck:S`` the same with SIGALRM held off, ``raise`` makes the engine raise,
``crash`` makes the process running the first attempt SIGKILL itself.  The workers run with
the ``FAST`` intervals of conftest (abandon bound 1 + 2 + 1 = 4 s) unless a test says
otherwise.
"""

from __future__ import annotations

import copy
import functools
import os
import signal
import time
from typing import Any

import pytest

from judge.core.selfplay import random_game
from judge.games.union_arena.sample import sample_envelope

pytestmark = pytest.mark.redis

CLASSES = ["simple", "fork"]
#: a long heartbeat bound (5 + 30 + 1 s) for the tests that show a job settled at once,
#: long before the reaper would find it abandoned
SLOW_BOUND = {"JUDGE_MONITOR_INTERVAL": "5", "JUDGE_ABANDON_GRACE": "30"}
#: seconds within which a job whose worker died under its supervisor is back and judged
AT_ONCE = 8

#: time for a retried job to run once the reaper re-enqueued it (a worker picks it up,
#: forks, replays), with room for a loaded machine
SLACK = 6


@functools.cache
def _game(seed: str) -> dict[str, Any]:
    return random_game(sample_envelope(seed), seed)


def game(seed: str, padding: int = 0) -> dict[str, Any]:
    """A random game; ``padding`` out-of-turn actions inserted early make it long to judge
    (each is judged illegal and skipped: about 50k of them a second)."""
    doc = copy.deepcopy(_game(seed))
    if padding:
        filler = [{"p": "A", "do": "proceed"}, {"p": "B", "do": "proceed"}] * (padding // 2)
        doc["actions"] = doc["actions"][:10] + filler + doc["actions"][10:]
    return doc


def service(url: str, **values: Any) -> Any:
    from worker.config import Settings
    from worker.rqbackend import redis_service

    fast = {"monitor_interval": 1, "abandon_grace": 2, "reap_interval": 1}
    return redis_service(settings=Settings(redis_url=url, **{**fast, **values}))


def history(svc: Any, job_id: str, timeout: float) -> list[str]:
    """The statuses the submission went through (polled) until it ended or ``timeout``."""
    seen: list[str] = []
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        status = svc.get(job_id).status
        if not seen or seen[-1] != status:
            seen.append(status)
        if status in ("finished", "failed"):
            break
        time.sleep(0.02)
    return seen


@pytest.mark.parametrize("worker_class", CLASSES)
def test_a_job_over_its_time_limit_fails_with_that_reason(
    redis_url: str, start_workers: Any, worker_class: str
) -> None:
    svc = service(redis_url, job_timeout=1)
    start_workers(1, worker_class=worker_class)
    sub, _ = svc.submit(game("slow", padding=240_000))  # about 5 s to judge: 5 times the limit
    clock = time.monotonic()
    assert history(svc, sub.id, 10)[-1] == "failed"
    assert time.monotonic() - clock < 1 + SLACK
    done = svc.get(sub.id)
    assert done.reason == "time limit exceeded (1 s)"
    assert done.attempts == 1  # not retried: it would run over again
    assert svc.store.result(sub.id) is None
    # the worker lives on and judges the next one
    other, _ = svc.submit(game("after-slow"))
    assert history(svc, other.id, 10)[-1] == "finished"


def test_a_simple_worker_stuck_past_its_time_limit_ends_and_the_job_fails_with_that_reason(
    redis_url: str, start_workers: Any, wait_for: Any
) -> None:
    svc = service(redis_url, job_timeout=1)
    workers = start_workers(1, env={"JUDGE_TEST_FAULT": "stuck:60"}, worker_class="simple")
    first = {w.pid for w in workers.registered()}
    sub, _ = svc.submit(game("stuck"))
    clock = time.monotonic()
    seen = history(svc, sub.id, 1 + 2 + 1 + SLACK)  # the limit, the grace, a heartbeat
    assert seen[-1] == "failed", seen
    assert time.monotonic() - clock < 1 + 2 + 1 + SLACK
    done = svc.get(sub.id)
    assert (done.reason, done.attempts) == ("time limit exceeded (1 s)", 1)
    # the stuck process ended, and its supervisor started another
    wait_for(lambda: not any(workers.alive(pid) for pid in first), 10)
    wait_for(lambda: {w.pid for w in workers.registered() if workers.alive(w.pid)} - first, 30)


@pytest.mark.parametrize("worker_class", CLASSES)
def test_an_engine_that_raises_fails_the_job_with_the_exception(
    redis_url: str, start_workers: Any, worker_class: str
) -> None:
    svc = service(redis_url)
    start_workers(1, env={"JUDGE_TEST_FAULT": "raise"}, worker_class=worker_class)
    sub, _ = svc.submit(game("raises"))
    assert history(svc, sub.id, 10)[-1] == "failed"
    done = svc.get(sub.id)
    assert done.reason == "the engine raised RuntimeError: injected engine fault"
    assert done.attempts == 1


def _running(svc: Any, workers: Any, job_id: str, wait_for: Any) -> tuple[int, int]:
    """(worker pid, pid of the process running the job) once the job has started: the fork
    worker's child, or the simple worker itself."""
    wait_for(lambda: svc.get(job_id).status == "started", 30)
    worker = wait_for(lambda: workers.running(job_id), 20)
    if workers.worker_class == "simple":
        return worker.pid, worker.pid
    horses = wait_for(lambda: workers.children_of(worker.pid), 20)
    return worker.pid, horses[0]


@pytest.mark.parametrize("worker_class", CLASSES)
def test_a_worker_sigkilled_mid_job_is_settled_at_once_and_retried_by_another(
    redis_url: str, start_workers: Any, wait_for: Any, worker_class: str
) -> None:
    svc = service(redis_url)
    env = {"JUDGE_TEST_FAULT": "sleep:60", **SLOW_BOUND}
    workers = start_workers(2, env=env, worker_class=worker_class)
    sub, _ = svc.submit(game("killed"))
    worker_pid, job_pid = _running(svc, workers, sub.id, wait_for)
    os.kill(worker_pid, signal.SIGKILL)  # the worker only: its job's process dies with it
    clock = time.monotonic()
    wait_for(lambda: not workers.alive(job_pid), 10)
    seen = history(svc, sub.id, AT_ONCE)
    elapsed = time.monotonic() - clock
    assert seen[-1] == "finished", seen
    assert elapsed < AT_ONCE  # the supervisor saw it die: the reaper's bound is 36 s here
    done = svc.get(sub.id)
    assert (done.attempts, done.reason) == (2, None)


def test_a_killed_job_process_is_retried_at_once_by_its_worker(
    redis_url: str, start_workers: Any, wait_for: Any
) -> None:
    svc = service(redis_url)
    workers = start_workers(1, env={"JUDGE_TEST_FAULT": "sleep:60"}, worker_class="fork")
    sub, _ = svc.submit(game("horse"))
    worker_pid, horse_pid = _running(svc, workers, sub.id, wait_for)
    os.kill(horse_pid, signal.SIGKILL)
    clock = time.monotonic()
    assert history(svc, sub.id, 10)[-1] == "finished"
    assert time.monotonic() - clock < 3  # the parent saw it die: no waiting for the reaper
    assert svc.get(sub.id).attempts == 2
    assert workers.alive(worker_pid)


@pytest.mark.parametrize("worker_class", CLASSES)
def test_a_dead_worker_with_no_retry_left_fails_the_job_with_the_reason(
    redis_url: str, start_workers: Any, wait_for: Any, worker_class: str
) -> None:
    svc = service(redis_url, job_retries=0)
    env = {"JUDGE_TEST_FAULT": "sleep:60", **SLOW_BOUND}
    workers = start_workers(1, env=env, worker_class=worker_class)
    sub, _ = svc.submit(game("dies"))
    worker_pid, _ = _running(svc, workers, sub.id, wait_for)
    os.kill(worker_pid, signal.SIGKILL)
    clock = time.monotonic()
    seen = history(svc, sub.id, AT_ONCE)
    assert seen[-1] == "failed", seen
    assert time.monotonic() - clock < AT_ONCE
    done = svc.get(sub.id)
    assert done.reason == "the worker running it died (killed by SIGKILL); not retried"


@pytest.mark.parametrize("worker_class", CLASSES)
def test_a_job_that_kills_every_process_running_it_fails_after_its_retries(
    redis_url: str, start_workers: Any, worker_class: str
) -> None:
    svc = service(redis_url, job_retries=1)
    env = {"JUDGE_TEST_FAULT": "crash:2", **SLOW_BOUND}
    workers = start_workers(1, env=env, worker_class=worker_class)
    sub, _ = svc.submit(game("crashes"))
    # a simple worker dies with each attempt: its supervisor restarts it (1 s, then the
    # engines' warm-up) before the retry can run
    seen = history(svc, sub.id, 30)
    assert seen[-1] == "failed", seen
    done = svc.get(sub.id)
    assert done.reason == "the worker running it died (killed by SIGKILL); retried 1 time"
    assert done.attempts == 2
    if worker_class == "fork":
        assert all(workers.alive(w.pid) for w in workers.rq_workers())  # the worker lives on


def test_a_simple_worker_that_holds_the_gil_is_killed_by_its_supervisor_and_the_job_retried(
    redis_url: str, start_workers: Any, wait_for: Any
) -> None:
    """The job's first attempt runs one call in C that holds the GIL for hours: neither
    SIGALRM nor the heartbeat thread can act.  The supervisor sees the busy worker's
    heartbeat stop (1 + 2 s), kills it, settles the job (retried: the retry runs normally)
    and starts a new worker."""
    svc = service(redis_url)
    workers = start_workers(1, env={"JUDGE_TEST_FAULT": "hog"}, worker_class="simple")
    first = {w.pid for w in workers.registered()}
    sub, _ = svc.submit(game("hog"))
    clock = time.monotonic()
    # 1 + 2 s without a heartbeat, a reap tick, a new worker's start-up, the retry
    seen = history(svc, sub.id, 1 + 2 + 1 + 30)
    assert seen[-1] == "finished", seen
    assert time.monotonic() - clock < 1 + 2 + 1 + 30
    assert svc.get(sub.id).attempts == 2
    assert not any(workers.alive(pid) for pid in first)


def test_a_long_job_on_a_simple_worker_keeps_its_heartbeat(
    redis_url: str, start_workers: Any
) -> None:
    """The job runs twice the heartbeat bound (1 + 2 s) while reaps look for abandoned
    jobs: its worker's heartbeat thread keeps it from being taken for one, and its
    supervisor from killing the worker as stalled."""
    svc = service(redis_url)
    start_workers(1, env={"JUDGE_TEST_FAULT": "sleep:6"}, worker_class="simple")
    sub, _ = svc.submit(game("long"))
    deadline = time.monotonic() + 6 + SLACK + 10
    abandoned: list[str] = []
    while svc.get(sub.id).status not in ("finished", "failed") and time.monotonic() < deadline:
        report = svc.runner.reap()
        abandoned += report.abandoned if report else []
        time.sleep(0.2)
    done = svc.get(sub.id)
    assert (done.status, done.attempts, abandoned) == ("finished", 1, [])


@pytest.mark.parametrize("worker_class", CLASSES)
def test_a_machine_lost_with_its_supervisor_has_its_job_retried_within_the_bound(
    redis_url: str, start_workers: Any, wait_for: Any, worker_class: str
) -> None:
    """The supervisor and its workers all SIGKILLed (the machine is gone): the job's
    heartbeat stops, and the reaper of another machine's supervisor settles it."""
    from worker.rqbackend import abandon_bound

    svc = service(redis_url)
    lost = start_workers(1, env={"JUDGE_TEST_FAULT": "sleep:60"}, worker_class=worker_class)
    sub, _ = svc.submit(game("machine"))
    _running(svc, lost, sub.id, wait_for)
    start_workers(1, worker_class=worker_class)  # another machine, idle
    time.sleep(1 + 2 + 1)  # the job is alive for a whole bound: nobody takes it
    assert svc.get(sub.id).status == "started"
    lost.kill()
    clock = time.monotonic()
    bound = abandon_bound(svc.runner.settings)  # 1 + 2 + 1 s
    seen = history(svc, sub.id, bound + SLACK)
    assert seen[-1] == "finished", seen
    assert time.monotonic() - clock < bound + SLACK
    assert svc.get(sub.id).attempts == 2


def test_the_supervisor_restarts_a_dead_worker_and_its_workers_die_with_it(
    redis_url: str, start_workers: Any, wait_for: Any
) -> None:
    workers = start_workers(2)
    first = {w.pid for w in workers.rq_workers()}
    victim = sorted(first)[0]
    os.kill(victim, signal.SIGKILL)

    def replaced() -> set[int]:
        pids = {w.pid for w in workers.rq_workers() if workers.alive(w.pid)}
        return pids if len(pids) == 2 and victim not in pids else set()

    now_running = wait_for(replaced, 30)  # a new worker imports and warms the engines first
    os.kill(workers.proc.pid, signal.SIGKILL)  # the supervisor: its workers stop (SIGTERM)
    workers.proc.wait()
    # SIGTERM from PR_SET_PDEATHSIG: each worker does a warm shutdown (a few Redis round trips);
    # on a loaded machine that can take a while, and this bounds the wait, not the speed
    wait_for(lambda: not any(workers.alive(pid) for pid in now_running), 60)
