"""Suite-wide settings.

Tests that need a real part of the machine (a Redis server, a headless Chromium) skip with
a clear reason on a developer's machine that lacks it.  Under CI (``CI`` set, as ``.ci/run``
runs) such a skip is a failure: CI installs those parts, and a green run must mean they
were exercised.

The suite runs in parallel (``-n auto --dist loadgroup`` in pyproject's addopts: pytest-xdist,
a process per core).  The tests of ``tests/service`` and ``tests/system`` start servers,
workers and loads of their own and some assert that a health check answers within a bound
while the load runs; they are kept to one process, one at a time (the ``services`` group),
so that they never load each other; the rest of the suite shares the other processes.
The modules of ``tests/service`` that start no process but a Redis (or one short command
they wait for) and run everything else in the test's own process (:data:`IN_PROCESS`: no
load beyond one core, no bound on an answer) run with the rest: the ``services`` group is the suite's longest
chain, and what need not wait in it shortens the run.
``python3 -m pytest -n 0`` runs everything in one process, as before.

The random searches (Hypothesis's property tests, the altered and mutated games, the
schemathesis run) are sized by one setting, ``JUDGE_TEST_SCALE`` (``tests/scale.py``): 1, a
developer's run, when unset; CI may raise it (2.5 draws what the suite drew before it was
sized, more searches wider).  The run's header names the scale.
"""

from __future__ import annotations

import os
from typing import Any

import pytest

REAL_PARTS = ("Chromium", "redis-server")
#: the tests that start servers, workers and loads of their own: one at a time
SERVICES = ("tests/service/", "tests/system/")
#: the modules of :data:`SERVICES` that start nothing but a Redis (the worker's parts, the
#: store and the waits run in the test's process), or one short command the test waits for
#: (``test_operations``: ``judge worker --burst``, ``judge serve`` read for their first
#: lines): no more than one core's load, and no bound on an answer; they run with the rest
IN_PROCESS = (
    "tests/service/test_cardset_retention.py",
    "tests/service/test_operations.py",
    "tests/service/test_paged_results.py",
    "tests/service/test_round_trips.py",
    "tests/service/test_validate_once.py",
    "tests/service/test_waiting.py",
    "tests/service/test_worker_process.py",
)

# The per-client rate limits (api/ratelimit.py) are on by default; the suite's apps serve
# every test from 127.0.0.1 and would meet them.  Off for the suite (and the servers it
# starts); tests/api/test_api_rate_limits.py turns them on for its own apps.
os.environ.setdefault("JUDGE_RATE_LIMITS", "off")


def pytest_report_header(config: pytest.Config) -> str:
    """The scale of the random searches, so that a run's output says how wide it searched."""
    from tests.scale import SCALE, VARIABLE

    return f"{VARIABLE}={SCALE:g} (the random searches' size, tests/scale.py)"


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


@pytest.hookimpl(tryfirst=True)
def pytest_xdist_make_scheduler(config: pytest.Config, log: Any) -> Any:
    """The suite's scheduler under ``--dist loadgroup``: whole modules to whichever process
    is free, and every test of :data:`SERVICES` (but :data:`IN_PROCESS`) as one unit (one
    process, one at a time).

    Why not xdist's own ``xdist_group`` marks: with pytest 9.2 and pytest-xdist 3.8 they
    were seen to have no effect (marked tests spread over every process), so the grouping is
    decided here, on the controller, from the node ids alone.  A module stays whole so that
    its module-scoped fixtures (a browser, a server) start once.
    """
    if config.getvalue("dist") != "loadgroup":
        return None
    from xdist.scheduler import LoadScopeScheduling

    class ServicesApart(LoadScopeScheduling):
        def _split_scope(self, nodeid: str) -> str:
            if nodeid.startswith(SERVICES) and not nodeid.startswith(IN_PROCESS):
                return "services"
            return nodeid.split("::", 1)[0]

    return ServicesApart(config, log)
