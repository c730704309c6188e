"""Engine benchmark: actions per second with full annotation, and linearity in log length.

Run: ``python bench/engine.py``.  Everything is measured in this one run, on this machine:

- **throughput**: a corpus of random legal games (self-play, seeded mode) replayed end to
  end through :func:`judge.core.replay.replay` — parsing and validation, checks, effects,
  every step's events, rulings and state, fingerprints — in actions per second; and the
  same with the logs already parsed and validated (the engine and annotation alone);
- **linearity**: one long game (no attacks, no extra draws: it runs to a deck-out) replayed whole,
  and its first tenth replayed alone; printed as the ratio of their times (linear: ≈ 10;
  the target is ≤ 11);
- **service corpus**: what one service job costs: 30 self-play games of at most 200 actions
  (``tests/test_replay_corpus.py``'s corpus), each replayed from its JSON text (decoding,
  validation, the replay, the result dict) — the median over ``--repeat`` runs in ms per log
  and actions/s, split into validation and the rest; and the check that every replay's
  canonical JSON still has the SHA-256 recorded in ``tests/fixtures/replay_corpus.json``;
- **Rangers Strike**: self-play 1 vs 1 and tag battle games from their JSON text, the median in
  actions/s.

Each figure is the best of ``--repeat`` runs (the machines are shared and noisy; the best
run is the one least disturbed).  Targets: ≥ 20,000 actions/s on one core, ratio ≤ 11.
"""

from __future__ import annotations

import argparse
import copy
import hashlib
import json
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from judge.core.canonical import canonical_json  # noqa: E402
from judge.core.log import decode, parse_log  # noqa: E402
from judge.core.replay import replay  # noqa: E402
from judge.core.selfplay import random_game  # noqa: E402
from judge.games.rangers_strike.sample import sample_envelope as rs_envelope  # noqa: E402
from judge.games.union_arena.sample import sample_envelope  # noqa: E402

FIXTURE = Path(__file__).resolve().parents[1] / "tests" / "fixtures" / "replay_corpus.json"


def best_time(fn: Any, repeat: int) -> float:
    best = float("inf")
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - t0)
    return best


def median_time(fn: Any, repeat: int) -> float:
    """The median of ``repeat`` timed runs (the service's figure: a typical job, not the best)."""
    times = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t0)
    return statistics.median(times)


def service_corpus(repeat: int) -> None:
    """Per-job cost on the service corpus, from JSON text; and byte-identity of its replays."""
    docs = [
        random_game(sample_envelope(f"x{i}"), f"x{i}", max_actions=200, weights={"attack": 1})
        for i in range(30)
    ]
    bodies = [canonical_json(d) for d in docs]
    n = sum(len(d["actions"]) for d in docs)
    outs = [canonical_json(replay(b)) for b in bodies]  # also warms the process's caches
    expected = json.loads(FIXTURE.read_text("utf-8")) if FIXTURE.exists() else None
    if expected is not None:
        changed = [
            i
            for i, out in enumerate(outs)
            if hashlib.sha256(out.encode()).hexdigest() != expected[f"ua/{i}"]["replay"]
        ]
        identity = "byte-identical to the recorded replays" if not changed else f"CHANGED {changed}"
    else:
        identity = f"not checked ({FIXTURE} missing)"
    t = median_time(lambda: [replay(b) for b in bodies], repeat)
    t_parse = median_time(lambda: [parse_log(decode(b)) for b in bodies], repeat)
    per = len(bodies)
    print(
        f"service corpus: {per} games, {n} actions; {t / per * 1e3:.2f} ms per log "
        f"({n / t:,.0f} actions/s) from JSON text, median of {repeat}; decoding and "
        f"validation {t_parse / per * 1e3:.2f} ms of it; replays {identity}"
    )


def rangers_strike(repeat: int) -> None:
    """Rangers Strike self-play games (1 vs 1 and tag battle) from JSON text."""
    for variant in ("1v1", "tag"):
        bodies = []
        n = 0
        for i in range(20):
            seed = f"rs-bench-{variant}-{i}"
            doc = random_game(rs_envelope(seed, variant=variant), seed, max_actions=200)
            n += len(doc["actions"])
            bodies.append(canonical_json(doc))
        t = median_time(lambda bodies=bodies: [replay(b) for b in bodies], repeat)
        print(
            f"rangers strike {variant}: {len(bodies)} games, {n} actions; "
            f"{t / len(bodies) * 1e3:.2f} ms per log ({n / t:,.0f} actions/s), median of {repeat}"
        )


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=int, default=30)
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument(
        "--only",
        choices=("all", "service", "rangers"),
        default="all",
        help="run only the service corpus or only the Rangers Strike figures",
    )
    args = ap.parse_args()
    if args.only in ("all", "service"):
        service_corpus(max(args.repeat, 7))
    if args.only in ("all", "rangers"):
        rangers_strike(max(args.repeat, 7))
    if args.only != "all":
        return

    corpus = [random_game(sample_envelope(f"bench-{i}"), f"bench-{i}") for i in range(args.games)]
    n = sum(len(g["actions"]) for g in corpus)
    t = best_time(lambda: [replay(g) for g in corpus], args.repeat)
    print(f"corpus: {len(corpus)} games, {n} actions, mean {n / len(corpus):.0f} actions/game")
    print(
        f"throughput: {n / t:,.0f} actions/s end to end (validation + full annotation; "
        "target >= 20,000)"
    )
    parsed = [parse_log(g) for g in corpus]
    t_engine = best_time(lambda: [replay(log) for log in parsed], args.repeat)
    print(
        f"engine:     {n / t_engine:,.0f} actions/s on parsed logs (full annotation); "
        f"validation is {1 - t_engine / t:.0%} of the end-to-end time"
    )

    long_game = random_game(
        sample_envelope("bench-long"), "bench-long", weights={"attack": 0, "extra_draw": 0}
    )
    base = copy.deepcopy(long_game)
    base["actions"] = long_game["actions"][: len(long_game["actions"]) // 10]
    t_long = best_time(lambda: replay(long_game), args.repeat)
    t_base = best_time(lambda: replay(base), args.repeat)
    print(
        f"linearity: base {len(base['actions'])} actions {t_base * 1e3:.1f} ms, "
        f"long {len(long_game['actions'])} actions {t_long * 1e3:.1f} ms, "
        f"ratio {t_long / t_base:.2f} (10x the actions; target <= 11)"
    )


if __name__ == "__main__":
    main()
