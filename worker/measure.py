"""The measurement behind the default worker class (``python -m worker.rqbackend measure``;
the figures in docs/service.md).
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
import uuid

from worker.config import Settings
from worker.rqjob import RQRunner

# -- the measurement behind the default worker class --------------------------------------------------------


def measure_worker_classes(
    url: str,
    jobs: int = 100,
    classes: tuple[str, ...] = ("fork", "simple", "spawn"),
    workers: int = 1,
    rounds: int = 3,
) -> dict[str, float]:
    """Milliseconds per job (median of ``rounds``) of each worker class on the Redis at
    ``url``: ``jobs`` random Union Arena games (seeds ``m0``, ``m1``, …; 150-300 actions)
    are queued, then ``workers`` burst workers of the class judge them all; the time is
    from the first job's start to the last one's end, as the store recorded them.  Uses a
    queue and key prefix of its own and deletes them after.  Also ``"in-process"``: the
    bare replay of the same logs in this process."""
    from statistics import median

    from judge.core.canonical import canonical_json
    from judge.core.replay import replay
    from judge.core.selfplay import random_game
    from judge.games.union_arena.sample import sample_envelope
    from worker.rqbackend import redis_service

    docs = [random_game(sample_envelope(f"m{i}"), f"m{i}") for i in range(jobs)]
    clock = time.perf_counter()
    for doc in docs:
        replay(canonical_json(doc))
    figures = {"in-process": (time.perf_counter() - clock) / jobs * 1000}
    for cls in classes:
        spans = []
        for _ in range(rounds):
            tag = uuid.uuid4().hex[:8]
            settings = Settings(redis_url=url, queue=f"measure-{tag}", key_prefix=f"measure:{tag}:")
            service = redis_service(settings=settings)
            ids = [service.submit(doc)[0].id for doc in docs]
            env = dict(os.environ, JUDGE_WORKER_CLASS=cls)
            env.update(
                {
                    Settings.ENV[k]: str(getattr(settings, k))
                    for k in ("redis_url", "queue", "key_prefix")
                }
            )
            procs = [
                subprocess.Popen(
                    [sys.executable, "-m", "worker.rqbackend", "--burst"],
                    env=env,
                    stderr=subprocess.DEVNULL,
                )
                for _ in range(workers)
            ]
            for proc in procs:
                proc.wait()
            subs = [service.get(i) for i in ids]
            if not all(s.status == "finished" for s in subs):
                raise RuntimeError(f"{cls}: not every job finished")
            spans.append(
                max(s.finished_at or 0 for s in subs) - min(s.started_at or 0 for s in subs)
            )
            client = service.store.client
            RQRunner(client, settings).queue.delete(delete_jobs=True)
            for key in client.scan_iter(match=f"{settings.key_prefix}*"):
                client.delete(key)
        figures[cls] = median(spans) / jobs * 1000
    return figures
