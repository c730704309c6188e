"""Audit benchmark: a whole event judged, in 1 and 2 processes; the parent's memory.

Run: ``python bench/audit.py`` (``--matches 200 --actions 200``).  Everything is measured in
this one run, on this machine:

- **the event**: ``--matches`` self-play Union Arena games of at most ``--actions`` actions
  (:func:`judge.core.selfplay.random_game`, each with its own seed and its own event, round
  and table), written as files to a temporary folder;
- **wall time**: :func:`judge.audit.run.run` over the folder with ``jobs=1`` (in this
  process) and ``jobs=2`` (a pool of two worker processes), no state kept, then the report
  built and rendered as JSON; printed with the speed-up ratio (1 process / 2 processes; the
  best of ``--repeat`` runs each), and the CPU time of all the processes (the parent's and
  its workers', ``os.times``): on a machine with other work the wall-time ratio says little,
  and the CPU times say what the second process costs;
- **the service** (``--service``): the same event zipped and sent to ``POST /v1/audits`` of a
  real stack (a private ``redis-server``, ``judge worker --workers N``, the API under
  gunicorn: :mod:`bench.service`'s), with 1 and then 2 RQ workers (a fresh Redis each, so no
  job is reused), timed from the POST to the audit's report; printed with the speed-up;
- **memory**: the peak RSS of the parent process (``resource.getrusage``) auditing the first
  50 matches and all of them, each in a fresh interpreter with ``jobs=2``: the workers
  return rows, not replays, so the parent's peak should stay flat in the number of matches.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from judge.audit.report import build, render  # noqa: E402
from judge.audit.run import Options, run, sources  # noqa: E402
from judge.core.jsontext import Limits  # noqa: E402
from judge.core.selfplay import random_game  # noqa: E402
from judge.games.union_arena.sample import sample_envelope  # noqa: E402

TABLES = 50


def make_event(folder: Path, matches: int, actions: int) -> int:
    """Write the event's logs; return how many actions they hold in all."""
    total = 0
    for i in range(matches):
        seed = f"audit-{i}"
        doc = random_game(sample_envelope(seed), seed, max_actions=actions, weights={"attack": 1})
        doc["match"] = {"event": "bench open", "round": i // TABLES + 1, "table": i % TABLES + 1}
        total += len(doc["actions"])
        (folder / f"r{i // TABLES + 1}-t{i % TABLES + 1:03}.json").write_text(
            json.dumps(doc), "utf-8"
        )
    return total


def audit(paths: list[str], jobs: int) -> dict:
    """The report of ``paths`` judged in ``jobs`` processes (nothing kept)."""
    found = sources(paths, Limits())
    outcome = run(found, Options(key="bench"), jobs=jobs)
    report = build(outcome.rows, diffs=outcome.diffs)
    render(report, "json")
    return report


def service_seconds(folder: Path, workers: int) -> tuple[float, dict]:
    """Seconds from ``POST /v1/audits`` (the event zipped) to its report, on a fresh stack
    with ``workers`` RQ workers; the audit as the API gave it."""
    import http.client
    import io
    import zipfile

    from bench.service import Client, Processes, start_redis, start_service

    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for path in sorted(folder.glob("*.json")):
            archive.write(path, path.name)
    procs = Processes()
    with tempfile.TemporaryDirectory() as tmp:
        try:
            url = start_redis(procs, Path(tmp))
            env = {"REDIS_URL": url, "JUDGE_RATE_LIMITS": "off", "JUDGE_MAX_BODY": str(50 << 20)}
            port = start_service(procs, url, env, workers, Path(tmp))
            client = Client(port)
            t0 = time.perf_counter()
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=600)
            conn.request(
                "POST", "/v1/audits", buffer.getvalue(), {"Content-Type": "application/zip"}
            )
            answer = conn.getresponse()
            posted = json.loads(answer.read())
            assert answer.status == 202, posted
            while True:
                _, doc, _ = client.call("GET", f"/v1/audits/{posted['id']}")
                if doc["status"] == "finished":
                    return time.perf_counter() - t0, doc
                time.sleep(0.1)
        finally:
            procs.stop_all()


def child(folder: str, n: int) -> None:
    """In a fresh interpreter: audit the first ``n`` logs with 2 processes; print the
    parent's peak RSS in KiB."""
    paths = sorted(str(p) for p in Path(folder).glob("*.json"))[:n]
    report = audit(paths, 2)
    assert report["totals"]["matches"] == n
    print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--matches", type=int, default=200)
    parser.add_argument("--actions", type=int, default=200)
    parser.add_argument("--repeat", type=int, default=2)
    parser.add_argument("--service", action="store_true", help="also through the service")
    parser.add_argument("--child", nargs=2, metavar=("FOLDER", "N"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        child(args.child[0], int(args.child[1]))
        return
    print(f"CPUs available: {len(os.sched_getaffinity(0))}")
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        t0 = time.perf_counter()
        total = make_event(folder, args.matches, args.actions)
        print(
            f"event: {args.matches} matches, {total:,} actions "
            f"({total / args.matches:.0f} a match), made in {time.perf_counter() - t0:.1f} s"
        )
        times = {}
        for jobs in (1, 2):
            best, cpu = float("inf"), 0.0
            for _ in range(args.repeat):
                c0 = os.times()
                t0 = time.perf_counter()
                report = audit([str(folder)], jobs)
                best = min(best, time.perf_counter() - t0)
                c1 = os.times()  # the workers were joined: their CPU time is the children's
                cpu = sum(c1[:4]) - sum(c0[:4])
            times[jobs] = best
            t = report["totals"]
            print(
                f"jobs={jobs}: {best:.2f} s wall ({args.matches / best:.0f} matches/s, "
                f"{total / best:,.0f} actions/s), {cpu:.2f} s of CPU in all processes; "
                f"{t['judged']} judged, exit {report['exit']}"
            )
        print(f"speed-up with 2 processes: {times[1] / times[2]:.2f}x")
        if args.service:
            served = {}
            for workers in (1, 2):
                served[workers], doc = service_seconds(folder, workers)
                print(
                    f"service, {workers} RQ worker(s): {served[workers]:.2f} s from the POST to "
                    f"the report ({doc['progress']['judged']} judged)"
                )
            print(f"speed-up with 2 RQ workers: {served[1] / served[2]:.2f}x")
        small = min(50, args.matches)
        peaks = {}
        for n in (small, args.matches):
            out = subprocess.run(
                [sys.executable, __file__, "--child", str(folder), str(n)],
                check=True,
                capture_output=True,
                text=True,
            )
            peaks[n] = int(out.stdout.split()[-1])
            print(f"parent peak RSS, {n} matches (jobs=2): {peaks[n] / 1024:.1f} MiB")
        print(
            f"memory {args.matches} / {small} matches: {peaks[args.matches] / peaks[small]:.2f}x "
            f"(flat: about 1)"
        )


if __name__ == "__main__":
    main()
