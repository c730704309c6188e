"""Suite-wide settings.

Tests that need a real part of the machine (a Redis server, a headless Chromium) skip with
a clear reason on a developer's machine that lacks it.  Under CI (``CI`` set, as ``.ci/run``
runs) such a skip is a failure: CI installs those parts, and a green run must mean they
were exercised.

The suite runs in parallel (``-n auto --dist loadgroup`` in pyproject's addopts:
pytest-xdist).  The tests of ``tests/service`` and ``tests/system`` start servers, workers
and loads of their own and some assert that a health check answers within a bound while
the load runs.  They run in two lanes (:data:`LANES`), each one test at a time in a process
of its own, side by side: the faults (workers killed, Redis full or restarted: they mostly
wait, on heartbeats and timeouts) and the loads.  ``-n auto`` is a process per core for
the rest of the suite plus one per lane, the lanes are given out first and the longest
other modules next (:data:`LONG_FIRST`), and a process that runs a test outside the lanes
steps back for the rest of the run (``os.nice``), so that the lanes' bounds hold while the
rest takes what CPU is left.  The modules of ``tests/service`` that start no process but a
Redis (or one short command they wait for) and run everything else in the test's own
process (:data:`IN_PROCESS`: no load beyond one core, no bound on an answer) run with the
rest.  Measured on this 2-core machine, quiet, warm: 353 s with one chain of the
services beside a process per core, 238.6 and 238.9 s with the lanes, the longest modules
first and the bytecode kept (:func:`_keep_bytecode`); 225.4 s once schemathesis's coverage
cases were sized by the scale (another machine of the same kind, where the layout before
that took 241.6-248.9 s).  On a later machine of the same kind: 249-265 s, then 231-240 s
(265 s in one run of four) once each process froze what it collected and the schemathesis
module dropped its cases (:func:`pytest_collection_finish`); the lanes end with the rest,
so the run is bound by the CPU it takes (1-3 % of the two cores idle).  On a cold cache (a
fresh clone, CI), the controller has the stale test modules rewritten once before the
processes start (:func:`pytest_sessionstart`, ``tests/bytecode.py``), not once in each.
``python3 -m pytest -n 0`` runs everything in one process.

The random searches (Hypothesis's property tests, the altered and mutated games, the
schemathesis run) are sized by one setting, ``JUDGE_TEST_SCALE`` (``tests/scale.py``): 1, a
developer's run, when unset; CI may raise it (2.5 draws what the suite drew before it was
sized, more searches wider).  The run's header names the scale.
"""

from __future__ import annotations

import contextlib
import gc
import os
import signal
import sys
from pathlib import Path
from typing import Any

import pytest


def _keep_bytecode() -> None:
    """Where the environment asks Python to write no bytecode beside the sources
    (``PYTHONDONTWRITEBYTECODE``), the suite keeps it in ``.pytest_cache/pycache`` instead
    (``sys.pycache_prefix``), for this process and the ones it starts.  Why: every process
    of a parallel run, and every worker and server a service test starts, would otherwise
    compile the project and pytest would rewrite every test module's asserts again each
    time: 30 s of each process's 32 s start on this machine without it, 13 s with it (one
    process's collection; a run takes five such processes, and the service tests start
    some hundred more of their own).  Nothing is written beside the sources."""
    if not (sys.dont_write_bytecode or os.environ.get("PYTHONDONTWRITEBYTECODE")):
        return
    prefix = str(Path(__file__).resolve().parent.parent / ".pytest_cache" / "pycache")
    sys.pycache_prefix = prefix
    sys.dont_write_bytecode = False
    os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
    os.environ["PYTHONPYCACHEPREFIX"] = prefix


_keep_bytecode()


def _hear_interrupts() -> None:
    """Let the commands the suite starts hear SIGINT again when the suite itself was started
    with it ignored (from a shell's background job: ``pytest &``, ``nohup``), as they do
    from a terminal or CI.  Why: an ignored signal stays ignored across ``exec``, so
    ``judge serve`` and ``judge worker``, stopped by SIGINT in their tests (Ctrl-C), would
    never stop, and those tests fail on how the suite was started, not on the code."""
    if signal.getsignal(signal.SIGINT) == signal.SIG_IGN:
        signal.signal(signal.SIGINT, signal.default_int_handler)


_hear_interrupts()

REAL_PARTS = ("Chromium", "redis-server")
#: the tests that start servers, workers and loads of their own: one at a time
SERVICES = ("tests/service/", "tests/system/")
#: the modules of :data:`SERVICES` that start nothing but a Redis (the worker's parts, the
#: store and the waits run in the test's process), or one short command the test waits for
#: (``test_operations``: ``judge worker --burst``, ``judge serve`` read for their first
#: lines): no more than one core's load, and no bound on an answer; they run with the rest
IN_PROCESS = (
    "tests/service/test_answer_jobs.py",
    "tests/service/test_cardset_retention.py",
    "tests/service/test_operations.py",
    "tests/service/test_paged_results.py",
    "tests/service/test_records_later.py",
    "tests/service/test_round_trips.py",
    "tests/service/test_validate_once.py",
    "tests/service/test_waiting.py",
    "tests/service/test_worker_process.py",
)
#: the lanes of :data:`SERVICES`: each runs in a process of its own, one test at a time,
#: beside the other lane: the faults (workers killed, Redis full or restarted: bounds of
#: seconds, on heartbeats) and the loads (servers under hundreds of clients, /healthz bound)
LANES = {"lane:faults": "tests/service/", "lane:loads": "tests/system/"}
#: the longest modules outside the lanes (10 s and more of one process, measured), longest
#: first: given out right after the lanes, so that none of them starts last and ends the run
#: alone (xdist otherwise orders modules by their count of tests, and these have few)
LONG_FIRST = (
    "tests/api/test_editor_browser.py",
    "tests/test_perspective_replays.py",
    "tests/service/test_operations.py",
    "tests/api/test_recorder_browser.py",
    "tests/api/test_api_schemathesis.py",
    "tests/api/test_viewer_browser.py",
    "tests/service/test_paged_results.py",
    "tests/api/test_api_cli.py",
    "tests/test_refusal_cost.py",
    "tests/test_property.py",
)
#: how far the processes that run the rest of the suite step back (``os.nice``)
NICE = 10
_NICED = False

# The per-client rate limits (api/ratelimit.py) are on by default; the suite's apps serve
# every test from 127.0.0.1 and would meet them.  Off for the suite (and the servers it
# starts); tests/api/test_api_rate_limits.py turns them on for its own apps.
os.environ.setdefault("JUDGE_RATE_LIMITS", "off")


def pytest_report_header(config: pytest.Config) -> str:
    """The scale of the random searches, so that a run's output says how wide it searched."""
    from tests.scale import SCALE, VARIABLE

    return f"{VARIABLE}={SCALE:g} (the random searches' size, tests/scale.py)"


@pytest.hookimpl(tryfirst=True)
def pytest_sessionstart(session: pytest.Session) -> None:
    """In the controller of a parallel run, before its processes start (xdist's own hook
    runs last): the stale test modules rewritten once rather than once a process
    (``tests/bytecode.py``), and a line saying so."""
    config = session.config
    if hasattr(config, "workerinput") or not getattr(config.option, "numprocesses", 0):
        return
    if config.option.collectonly:  # xdist collects in this process then: nothing to share
        return
    from tests.bytecode import warm

    said = warm(config.rootpath, config.args)
    reporter = config.pluginmanager.get_plugin("terminalreporter")
    if said and reporter is not None:
        reporter.write_line(f"bytecode: {said}")


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo) -> object:
    outcome = yield
    report = outcome.get_result()
    if (
        os.environ.get("CI")
        and report.skipped
        and any(p in str(report.longrepr) for p in REAL_PARTS)
    ):
        report.outcome = "failed"
        report.longrepr = f"CI must exercise this test, but it skipped: {report.longrepr}"


def pytest_collection_finish(session: pytest.Session) -> None:
    """Take what the process holds once it has collected the suite out of the cyclic garbage
    collector's view (``gc.freeze``, as ``worker.workers.preload`` does for a worker's
    warmed engines): the modules, the project, the 4,900 items and what they were made
    from, some 300,000 objects that live until the run ends.  Why: every full collection
    walks every object the process holds, and a process of the suite makes 17-42 of them
    (the large documents of the refusal and paging tests set them off), each 0.2-0.7 s
    here: 33 s of CPU in one run, a sixth of what the four processes spent.  Objects the
    tests make are collected as before; a frozen one that becomes garbage in a cycle stays
    until the process ends, so collection's own garbage (some 4,000 objects, 0.26 s) is
    collected first, as ``preload`` does."""
    gc.collect()
    gc.freeze()


def lane_of(nodeid: str) -> str | None:
    """The lane of a test of :data:`SERVICES` (but :data:`IN_PROCESS`), None for the rest."""
    if not nodeid.startswith(SERVICES) or nodeid.startswith(IN_PROCESS):
        return None
    return next(lane for lane, prefix in LANES.items() if nodeid.startswith(prefix))


@pytest.hookimpl(tryfirst=True)
def pytest_xdist_auto_num_workers(config: pytest.Config) -> int:
    """``-n auto``: a process per core for the rest of the suite, and one per lane (whose
    tests mostly wait: on heartbeats, restarts, timeouts, clients that trickle)."""
    return (os.cpu_count() or 1) + len(LANES)


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_setup(item: pytest.Item) -> None:
    """Under xdist, a process about to run a test outside the lanes yields the CPU to them
    for the rest of the run (``os.nice``, which every process may raise): the lanes' bounds
    (``/healthz`` within 1 s under load, a heartbeat every second) are about our code on a
    machine that answers, not about the CPU the other tests of the run take."""
    global _NICED
    if _NICED or not os.environ.get("PYTEST_XDIST_WORKER") or lane_of(item.nodeid):
        return
    _NICED = True
    with contextlib.suppress(OSError, AttributeError):  # (without it: only slower)
        os.nice(NICE)


@pytest.hookimpl(tryfirst=True)
def pytest_xdist_make_scheduler(config: pytest.Config, log: Any) -> Any:
    """The suite's scheduler under ``--dist loadgroup``: whole modules to whichever process
    is free, and every test of a lane (:data:`LANES`) as one unit (one process, one at a
    time), the lanes first, then :data:`LONG_FIRST`.

    Why not xdist's own ``xdist_group`` marks: with pytest 9.2 and pytest-xdist 3.8 they
    were seen to have no effect (marked tests spread over every process), so the grouping is
    decided here, on the controller, from the node ids alone.  A module stays whole so that
    its module-scoped fixtures (a browser, a server) start once.  Why the lanes first: they
    are the run's longest units, and a lane that started last would end last.
    """
    if config.getvalue("dist") != "loadgroup":
        return None
    from xdist.scheduler import LoadScopeScheduling

    class ServicesApart(LoadScopeScheduling):
        def _split_scope(self, nodeid: str) -> str:
            return lane_of(nodeid) or nodeid.split("::", 1)[0]

        def _assign_work_unit(self, node: Any) -> None:
            for scope in reversed((*LANES, *LONG_FIRST)):
                if scope in self.workqueue:
                    self.workqueue.move_to_end(scope, last=False)
            super()._assign_work_unit(node)

    return ServicesApart(config, log)
