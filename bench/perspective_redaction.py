"""Benchmark: what redacting a long replay for a perspective costs, page by page.

Run: ``python bench/perspective_redaction.py [--actions 9990]``.  A Union Arena log of
``--actions`` actions (bench/questions.py's heavy log: a real game's first 150 actions,
then an illegal attack repeated) is judged as a worker judges it (``judge_job`` into the
embedded store, the stored pages of :mod:`worker.paged`); then the first public read, which
has the records made (:mod:`worker.records`); then, for each perspective, the
whole replay is read as the API streams it (``replay_chunks``: one page at a time) and every
page of steps is read through ``JudgeService.steps`` (limit 100).  It prints the seconds of
judging, of the first public read, of each whole read and of the page walk (each the best of 5 runs), and the bytes of the stored result.
Never a test: the figures go to the report and the docs.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from bench.questions import heavy_log  # noqa: E402
from judge.core.canonical import canonical_json  # noqa: E402
from worker.service import JudgeService, MemoryStore, judge_job  # noqa: E402


class _NoRunner:
    def enqueue(self, job_id: str) -> None:  # judged below, in this thread
        pass

    def workers_alive(self) -> int:
        return 1


#: each figure is the best of this many runs (the machine may be shared)
REPEAT = 5


def _timed(work: Any) -> float:
    t = time.perf_counter()
    work()
    return time.perf_counter() - t


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--actions", type=int, default=9_990)
    args = parser.parse_args()
    store = MemoryStore()
    service = JudgeService(store=store, runner=_NoRunner())
    sub, _ = service.submit(canonical_json(heavy_log(args.actions)))
    t = time.perf_counter()
    judge_job(store, sub.id)
    print(f"judging {args.actions} actions: {time.perf_counter() - t:.2f} s")
    best = min(_timed(lambda: judge_job(store, sub.id)) for _ in range(REPEAT - 1))
    print(f"judging again, best of {REPEAT - 1}: {best:.2f} s")
    fields = store._results[sub.id]  # noqa: SLF001 - the stored bytes, measured
    print(f"stored: {sum(len(v) for v in fields.values()) / 1e6:.2f} MB in {len(fields)} fields")
    # submitted from the judge's view: its records are made on the first narrower read
    # (worker.records, here by the embedded pool of threads), then stored beside the pages
    first = _timed(lambda: sum(len(c) for c in service.replay_chunks(sub, "public")))
    print(f"the first public read (the records made then): {first:.2f} s")
    total = service.steps(sub.id, 0, 1)["total"]
    for view in ("judge", "public", "A", "B"):
        size = sum(len(c) for c in service.replay_chunks(sub, view))
        whole = min(
            _timed(lambda v=view: sum(len(c) for c in service.replay_chunks(sub, v)))
            for _ in range(REPEAT)
        )
        walk = min(
            _timed(lambda v=view: [service.steps(sub.id, o, 100, v) for o in range(0, total, 100)])
            for _ in range(REPEAT)
        )
        print(
            f"{view:>6}: whole replay {whole:.2f} s ({size / 1e6:.1f} MB), "
            f"{-(-total // 100)} pages of /steps {walk:.2f} s"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
