"""Engine benchmark: actions per second with full annotation, and linearity in log length.

Run: ``python bench/engine.py``.  Everything is measured in this one run, on this machine:

- **throughput**: a corpus of random legal games (self-play, seeded mode) replayed end to
  end through :func:`judge.core.replay.replay` — parsing and validation, checks, effects,
  every step's events, rulings and state, fingerprints — in actions per second; and the
  same with the logs already parsed and validated (the engine and annotation alone);
- **linearity**: one long game (no attacks, no extra draws: it runs to a deck-out) replayed whole,
  and its first tenth replayed alone; printed as the ratio of their times (linear: ≈ 10;
  the target is ≤ 11).

Each figure is the best of ``--repeat`` runs (the machines are shared and noisy; the best
run is the one least disturbed).  Targets: ≥ 20,000 actions/s on one core, ratio ≤ 11.
"""

from __future__ import annotations

import argparse
import copy
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from judge.core.log import parse_log  # noqa: E402
from judge.core.replay import replay  # noqa: E402
from judge.core.selfplay import random_game  # noqa: E402
from judge.games.union_arena.sample import sample_envelope  # noqa: E402


def best_time(fn: Any, repeat: int) -> float:
    best = float("inf")
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - t0)
    return best


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=int, default=30)
    ap.add_argument("--repeat", type=int, default=5)
    args = ap.parse_args()

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
