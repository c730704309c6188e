"""Suite-wide settings.

Tests that need a real part of the machine (a Redis server, a headless Chromium) skip with
a clear reason on a developer's machine that lacks it.  Under CI (``CI`` set, as ``.ci/run``
runs) such a skip is a failure: CI installs those parts, and a green run must mean they
were exercised.
"""

from __future__ import annotations

import os

import pytest

REAL_PARTS = ("Chromium", "redis-server")

# The per-client rate limits (api/ratelimit.py) are on by default; the suite's apps serve
# every test from 127.0.0.1 and would meet them.  Off for the suite (and the servers it
# starts); tests/api/test_api_rate_limits.py turns them on for its own apps.
os.environ.setdefault("JUDGE_RATE_LIMITS", "off")


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
