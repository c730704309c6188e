"""What one client can store: 4.9 MB submissions of random content, for a bounded time,
against the API under gunicorn on a private Redis, with the per-client rate limits on (the
default settings) and off (``JUDGE_RATE_LIMITS=off``).

Run: ``python bench/store_write.py`` (``--seconds 30 --size 4900000 --maxmemory 2gb``).
For each of the two runs it starts a fresh private ``redis-server`` (``--maxmemory`` with
``noeviction``, as compose sets it, large enough that the high water mark is not reached
unless the run says so) and the API under gunicorn as in production (the Dockerfile's
command: ``api.serving.GeventWorker``, 2 processes; the system tests' settings, but the
limits at their defaults), no workers (what is measured is what
a submission stores before it is judged: its log and its record), then one client (one
address, one connection at a time) posts a new log for ``--seconds`` seconds: a valid
Union Arena log whose ``match.event`` holds random URL-safe text (nothing compresses it),
so no two are the same and none is deduplicated.  It prints, per run, the answers by
status, the bytes the API accepted (202) per second, and the growth of Redis's
``used_memory`` in all and per second.

With limits on, the body budget (``JUDGE_RATE_BODY_KB``, 50 MB an hour) is spent by the
first ten or so submissions and every later one is a 429 until the window slides: the
figure of the run is a burst, and the long-run bound is the budget itself (printed too).

Measured (2 cores shared, loopback, 30 s): limits on, 10 × 202 then 124 × 429: 49.0 MB
accepted (1.63 MB/s over the 30 s), Redis grew 52.9 MB; limits off, 107 × 202: 524.3 MB
(17.4 MB/s), Redis grew 567.0 MB (18.8 MB/s).
"""

from __future__ import annotations

import argparse
import http.client
import importlib.util
import json
import secrets
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path
from types import ModuleType

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))


def _load(name: str, path: Path) -> ModuleType:
    """A test helper module by its path (``tests/`` is not a package)."""
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


def a_body(size: int, base: dict) -> bytes:
    """A valid log of about ``size`` bytes, its bulk random text."""
    doc = json.loads(json.dumps(base))
    head = len(json.dumps(doc))
    doc["match"]["event"] = secrets.token_urlsafe(max(0, size - head) * 3 // 4)
    return json.dumps(doc).encode()


def run(label: str, env: dict[str, str], args: argparse.Namespace, conftest: ModuleType) -> None:
    from judge.core.selfplay import random_game
    from judge.games.union_arena.sample import sample_envelope
    from worker.testing import RedisServer

    base = random_game(sample_envelope("store"), "store", max_actions=60)
    with tempfile.TemporaryDirectory(prefix="bench-store-") as tmp:
        directory = Path(tmp)
        (directory / "redis").mkdir()
        redis = RedisServer(directory / "redis").start()
        client = redis.client()
        client.config_set("maxmemory", args.maxmemory)
        client.config_set("maxmemory-policy", "noeviction")
        api = conftest.Api("gunicorn", redis.url, env, directory / "api.log").start()
        try:
            before = client.info("memory")["used_memory"]
            statuses: Counter[int] = Counter()
            accepted = 0
            start = time.monotonic()
            while time.monotonic() - start < args.seconds:
                body = a_body(args.size, base)
                conn = http.client.HTTPConnection("127.0.0.1", api.port, timeout=60)
                try:
                    conn.request("POST", "/v1/replays", body, {"Content-Type": "application/json"})
                    answer = conn.getresponse()
                    answer.read()
                finally:
                    conn.close()
                statuses[answer.status] += 1
                if answer.status == 202:
                    accepted += len(body)
            elapsed = time.monotonic() - start
            grown = client.info("memory")["used_memory"] - before
        finally:
            api.stop()
            redis.stop()
    answers = ", ".join(f"{n} × {status}" for status, n in sorted(statuses.items()))
    print(f"{label}:")
    print(f"  {sum(statuses.values())} submissions in {elapsed:.1f} s: {answers}")
    print(f"  accepted: {accepted / 1e6:.1f} MB, {accepted / elapsed / 1e6:.2f} MB/s")
    print(f"  Redis used_memory grew {grown / 1e6:.1f} MB, {grown / elapsed / 1e6:.2f} MB/s")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=30.0)
    parser.add_argument("--size", type=int, default=4_900_000, help="bytes per submission")
    parser.add_argument("--maxmemory", default="2gb", help="the private Redis's maxmemory")
    args = parser.parse_args()

    conftest = _load("system_conftest", REPO / "tests" / "system" / "conftest.py")
    print(
        f"one client, 4.9 MB-class submissions of {args.size:,} bytes of random content, "
        f"for {args.seconds:g} s, gunicorn (2 gevent processes), no workers:"
    )
    # the system tests' settings turn the limits off: on here, the rest their defaults
    run("rate limits on (default settings)", {"JUDGE_RATE_LIMITS": "on"}, args, conftest)
    run("rate limits off (JUDGE_RATE_LIMITS=off)", {"JUDGE_RATE_LIMITS": "off"}, args, conftest)
    print(
        "  (limits on, in the long run: at most JUDGE_RATE_BODY_KB, 51200 KB an hour = 14.6 KB/s)"
    )


if __name__ == "__main__":
    main()
