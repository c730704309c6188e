"""Benchmark: the recorder's answer after each recorded decision (issue 23).

Run: ``python bench/recorder.py [--actions 400]``.  For 400-decision games (Rangers Strike
1 vs 1: the deck-out example's first 400 actions; Union Arena: a self-play game of the
sample decks without attacks, so that it lasts 400), each decision is recorded in turn and the
answer after it is timed, as the page asks for it:

* ``core``: :func:`judge.core.recording.read_log` + :func:`~judge.core.recording.answer`
  with the process's cache (what ``POST /v1/recordings/next`` runs);
* ``http``: the whole request through the Flask app (reading the body, the JSON out);
* ``undo``: the answer after dropping the last decision (a cached prefix);
* ``cold``: the answer with nothing cached (another worker process, after a restart), at
  a few lengths.

It prints p50, p95 and the maximum of each, in milliseconds.  Never a test.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))
os.environ.setdefault("JUDGE_RATE_LIMITS", "off")

from judge.core import recording  # noqa: E402
from judge.core.selfplay import random_game  # noqa: E402
from judge.games.union_arena.sample import sample_envelope  # noqa: E402


def games(n: int) -> list[tuple[str, dict[str, Any]]]:
    rs = json.loads((REPO / "examples/rangers-strike/1v1-deck-out.json").read_text("utf-8"))
    rs.pop("checkpoints", None)
    rs["actions"] = rs["actions"][:n]
    # no attacks: the game lasts (to a deck-out) rather than ending on life in ~190 decisions
    envelope = sample_envelope("bench-recorder")
    ua = random_game(envelope, "bench-recorder", max_actions=n, weights={"attack": 0})
    return [("rangers-strike 1v1", rs), ("union-arena self-play", ua)]


def figures(name: str, times: list[float]) -> str:
    ms = sorted(t * 1000 for t in times)
    p95 = ms[min(len(ms) - 1, int(len(ms) * 0.95))]
    return (
        f"  {name:5} n={len(ms):4}  p50 {statistics.median(ms):6.1f} ms  "
        f"p95 {p95:6.1f} ms  max {ms[-1]:6.1f} ms"
    )


def prefix(log: dict[str, Any], n: int) -> dict[str, Any]:
    return {**log, "actions": log["actions"][:n]}


def run(actions: int) -> None:
    from api import create_app
    from worker.service import embedded_service

    client = create_app(embedded_service(workers=1)).test_client()
    for name, log in games(actions):
        total = len(log["actions"])
        print(f"{name}: {total} decisions")
        client.post("/v1/recordings/next", json={"log": prefix(log, 1)})  # warm: imports, sets
        recording.CACHE.clear()
        core, undo = [], []
        for n in range(1, total + 1):
            t = time.perf_counter()
            doc = prefix(log, n)
            recording.answer(recording.read_log(doc, cache=recording.CACHE), cache=recording.CACHE)
            core.append(time.perf_counter() - t)
            if n % 10 == 0:
                t = time.perf_counter()
                back = prefix(log, n - 1)
                recording.answer(
                    recording.read_log(back, cache=recording.CACHE), cache=recording.CACHE
                )
                undo.append(time.perf_counter() - t)
        recording.CACHE.clear()
        http = []
        for n in range(1, total + 1):
            body = json.dumps({"log": prefix(log, n)})
            t = time.perf_counter()
            got = client.post("/v1/recordings/next", data=body, content_type="application/json")
            http.append(time.perf_counter() - t)
            assert got.status_code == 200, got.get_data(as_text=True)[:300]
        cold = []
        for n in (total // 4, total // 2, 3 * total // 4, total):
            recording.CACHE.clear()
            t = time.perf_counter()
            recording.answer(prefix(log, n), cache=recording.CACHE)
            cold.append(time.perf_counter() - t)
        print(figures("core", core))
        print(figures("http", http))
        print(figures("undo", undo))
        print(figures("cold", cold))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--actions", type=int, default=400)
    run(parser.parse_args().actions)


if __name__ == "__main__":
    main()
