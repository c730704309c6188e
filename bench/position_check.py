"""What the position editor waits for after each change: one ``POST /v1/positions/check``,
in process (:func:`judge.core.position_check.check_position`: the position read, the engine
set to it, its state, what waits and what is legal), per example position, as written (with
its ``unseen`` lists) and with the lists left out (the candidates made by the reader:
docs/positions.md, "Hidden cards as counts").  Milliseconds, median and p95 of 30 runs each.

Why: the page checks after every change (a card put in a zone, a field set), so a check must
stay well under the time a person notices (about 100 ms) for every example and both forms.

    python3 bench/position_check.py
"""

from __future__ import annotations

import copy
import json
import statistics
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from judge.core.position_check import check_position  # noqa: E402

RUNS = 30


def without_unseen(doc: dict[str, Any]) -> dict[str, Any]:
    out = copy.deepcopy(doc)
    for zones in out["start"]["players"].values():
        zones.pop("unseen", None)
    return out


def timed(doc: dict[str, Any]) -> tuple[float, float]:
    check_position(doc)  # the card sets read once, as a running service has them
    times = []
    for _ in range(RUNS):
        start = time.perf_counter()
        check_position(doc)
        times.append((time.perf_counter() - start) * 1000)
    times.sort()
    return statistics.median(times), times[int(len(times) * 0.95) - 1]


def main() -> None:
    print(f"{'position':<24} {'as written':>18} {'no unseen lists':>18}")
    for path in sorted((ROOT / "examples" / "positions").glob("*.json")):
        doc = json.loads(path.read_text("utf-8"))
        a, b = timed(doc), timed(without_unseen(doc))
        print(
            f"{path.stem:<24} {a[0]:7.1f} / {a[1]:6.1f} ms {b[0]:7.1f} / {b[1]:6.1f} ms"
            "   (median / p95)"
        )


if __name__ == "__main__":
    main()
