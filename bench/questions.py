"""Benchmark: ``/healthz`` while heavy questions are in flight (issue 19).

Run: ``python bench/questions.py`` (a private ``redis-server`` on a free port; it needs the
``service`` extra and gunicorn).  It starts the production shape: the API under gunicorn
(gevent's worker class, ``--api-workers`` processes, 2 by default, as the Dockerfile),
``judge worker --workers N`` (2) on the same Redis, then sends ``--clients`` (20) questions
at once (``options`` about the last step of a ``--actions``-action log, 9,990 by default:
a real Union Arena game's first 150 actions, then an illegal attack repeated, every step
judged), and asks ``/healthz`` every 0.1 s until they have all been answered.

It prints the ``/healthz`` latency at rest and during the questions (p50, max), each
question's status and time, and the CPU the API's processes spent on the questions (from
``/proc``, their user and system time over the questions, per question): what a question
costs the event loop that ``/healthz`` waits on.  ``--code DIR`` serves the code in ``DIR``
instead of this checkout (e.g. ``git archive <commit> | tar -x -C DIR``: the same figures
before a change).  Never a test.
"""

from __future__ import annotations

import argparse
import copy
import http.client
import json
import os
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from bench.service import BOOTED_CONFIG, cpu_seconds, cpu_used  # noqa: E402
from judge.core.selfplay import random_game  # noqa: E402
from judge.games.union_arena.sample import sample_envelope  # noqa: E402
from worker.testing import RedisServer, free_port, wait_until  # noqa: E402


def heavy_log(actions: int = 9_990, seed: str = "heavy-question") -> dict[str, Any]:
    """As tests/system/test_question_offload.py: every step judged, most of them skipped."""
    game = random_game(sample_envelope(seed), seed, max_actions=200, weights={"attack": 0})
    doc = copy.deepcopy(game)
    doc["actions"] = game["actions"][:150]
    pad = {"p": "A", "do": "attack", "card": "A-1", "target": "player"}
    doc["actions"] += [pad] * (actions - len(doc["actions"]))
    return doc


def request(port: int, method: str, path: str, body: bytes | None, timeout: float) -> int:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    try:
        headers = {"Content-Type": "application/json"} if body is not None else {}
        conn.request(method, path, body=body, headers=headers)
        response = conn.getresponse()
        response.read()
        return response.status
    finally:
        conn.close()


def healthz(port: int) -> float:
    """Seconds until ``/healthz`` answered (60 s at most)."""
    start = time.perf_counter()
    request(port, "GET", "/healthz", None, 60)
    return time.perf_counter() - start


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--clients", type=int, default=20)
    parser.add_argument("--actions", type=int, default=9_990)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--api-workers", type=int, default=2)
    parser.add_argument("--code", type=Path, default=REPO, help="the code to serve")
    args = parser.parse_args()
    code = args.code.resolve()
    body = json.dumps(
        {"format": "judge-question/1", "kind": "options", "log": heavy_log(args.actions)}
    ).encode()
    with tempfile.TemporaryDirectory() as tmp:
        redis = RedisServer(Path(tmp)).start()
        env = {
            **{k: v for k, v in os.environ.items() if not k.startswith("JUDGE_")},
            "REDIS_URL": redis.url,
            "PYTHONPATH": str(code),
            "JUDGE_RATE_LIMITS": "off",
        }
        port = free_port()
        booted = Path(tmp) / "booted"
        booted.mkdir()
        log = open(Path(tmp) / "service.log", "wb")  # noqa: SIM115 - closed below
        procs = [
            subprocess.Popen(
                [sys.executable, "-m", "judge", "worker", "--workers", str(args.workers)],
                cwd=code, env=env, stdout=log, stderr=log, start_new_session=True,
            ),
            subprocess.Popen(
                [
                    sys.executable, "-m", "gunicorn", "--config", str(BOOTED_CONFIG),
                    "--worker-class", "api.serving.GeventWorker",
                    "--workers", str(args.api_workers), "--worker-connections", "1000",
                    "--bind", f"127.0.0.1:{port}", "--log-level", "warning",
                    "api:create_app()",
                ],
                cwd=code, env={**env, "GUNICORN_BOOTED_DIR": str(booted)},
                stdout=log, stderr=log, start_new_session=True,
            ),
        ]  # fmt: skip
        try:

            def ready() -> bool:
                try:
                    up = request(port, "GET", "/readyz", None, 2) == 200
                except OSError:
                    return False
                return up and len(list(booted.iterdir())) >= args.api_workers

            wait_until(ready, 60, "the API (every process) and a worker are ready")
            request(port, "POST", "/v1/rulings", body, 120)  # warm both sides up
            rest = sorted(healthz(port) for _ in range(20))
            results: list[tuple[int, float]] = []

            def ask() -> None:
                start = time.perf_counter()
                try:
                    status = request(port, "POST", "/v1/rulings", body, 120)
                except OSError:
                    status = 0
                results.append((status, time.perf_counter() - start))

            cpu_before = cpu_seconds([procs[1].pid])  # gunicorn and its processes
            threads = [threading.Thread(target=ask) for _ in range(args.clients)]
            for t in threads:
                t.start()
            during = []
            while any(t.is_alive() for t in threads):
                during.append(healthz(port))
                time.sleep(0.1)
            for t in threads:
                t.join()
            api_cpu = cpu_used(cpu_before, cpu_seconds([procs[1].pid]))
        finally:
            for p in procs:
                p.kill()
            for p in procs:
                p.wait()
            log.close()
            redis.stop()
    print(f"code: {code}; {args.clients} questions at once on a {args.actions:,}-action log")
    print(
        f"/healthz at rest:  p50 {statistics.median(rest) * 1e3:.1f} ms, max {max(rest) * 1e3:.1f} ms"
    )
    print(
        f"/healthz during:   p50 {statistics.median(during) * 1e3:.1f} ms, "
        f"max {max(during) * 1e3:.1f} ms ({len(during)} probes)"
    )
    print(
        f"the API's CPU: {api_cpu * 1e3 / args.clients:.1f} ms a question "
        f"({args.api_workers} processes and their master, {api_cpu:.2f} s in all)"
    )
    by_status: dict[int, list[float]] = {}
    for status, seconds in results:
        by_status.setdefault(status, []).append(seconds)
    for status, times in sorted(by_status.items()):
        print(
            f"questions {status}: {len(times)}, {min(times):.2f}-{max(times):.2f} s "
            f"(p50 {statistics.median(times):.2f} s)"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
