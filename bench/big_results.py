"""Big results benchmark: reading one big replay stored whole (before) and in pages (after).

Run: ``python bench/big_results.py`` (a private ``redis-server``; ``--steps``, 20,000 by
default).  It needs the ``service`` extra and gunicorn.  In one run, on one Redis and one
API (gunicorn, gevent's worker class, ``--api-workers`` processes, 1 by default so that the
memory figure is one process's):

* a replay of ``--steps`` steps is made (a long self-play Union Arena game, attacks
  unlikely, judged; its steps repeated and renumbered) and stored twice as a finished job:
  in pages, through the store as a worker stores it (``worker/paged.py``), and the old way
  (one Zstandard frame of its whole canonical JSON at the result's key, as before pages;
  the API still reads it);
* for each form, the time of ``GET /v1/replays/{id}/steps?limit=1&perspective=public``,
  of the whole ``GET /v1/replays/{id}?perspective=public`` (received to the last byte), of
  the HTML page's first 64 KB (the first screen) and of the whole page, each the median of
  ``--repeat`` runs, one request at a time;
* the longest ``/healthz`` answer while three public GETs of it run at once (probed every
  0.1 s);
* the growth of the API process's peak resident memory (``VmHWM``) over those reads (the
  paged form is read first: the peak only grows).

Never a test: the tests bound memory and liveness (``tests/system/test_big_results.py``).
What the pages cost in Redis is not measured here (a replay made of repeated steps
compresses as no real one does as one frame): on real 200-action games a replay in pages
is about 15 % bigger than one frame (``worker/paged.py``).
"""

from __future__ import annotations

import argparse
import http.client
import os
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.service import Processes, free_port, start_redis  # noqa: E402
from judge.core.canonical import canonical_bytes  # noqa: E402
from worker.testing import long_replay, store_finished  # noqa: E402


def get(port: int, path: str, first: int | None = None, timeout: float = 600) -> float:
    """Seconds to GET ``path`` and receive its body (or its ``first`` bytes), dropped as it
    comes; fails on a status other than 200."""
    clock = time.perf_counter()
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    try:
        conn.request("GET", path)
        resp = conn.getresponse()
        if resp.status != 200:
            raise RuntimeError(f"GET {path}: {resp.status} {resp.read(300)!r}")
        got = 0
        while first is None or got < first:
            piece = resp.read(65536)
            if not piece:
                break
            got += len(piece)
        return time.perf_counter() - clock
    finally:
        conn.close()


def peak_rss(pids: list[int]) -> int:
    """The largest ``VmHWM`` (peak resident memory) of ``pids``, in bytes."""
    peaks = []
    for pid in pids:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmHWM:"):
                peaks.append(int(line.split()[1]) * 1024)
    return max(peaks)


def healthz_during(port: int, path: str, readers: int = 3) -> float:
    """The longest ``/healthz`` answer (seconds) while ``readers`` GETs of ``path`` run."""
    threads = [threading.Thread(target=get, args=(port, path)) for _ in range(readers)]
    for thread in threads:
        thread.start()
    longest = 0.0
    while any(t.is_alive() for t in threads):
        longest = max(longest, get(port, "/healthz", timeout=120))
        time.sleep(0.1)
    for thread in threads:
        thread.join()
    return longest


def start_api(procs: Processes, url: str, workers: int, directory: Path) -> tuple[int, list[int]]:
    """The API under gunicorn (gevent) on ``url``; its port and its worker processes."""
    from worker.testing import children_of

    port = free_port()
    env = {k: v for k, v in os.environ.items() if not k.startswith("JUDGE_")}
    env.update({"REDIS_URL": url})
    env["PYTHONPATH"] = os.pathsep.join([str(ROOT), *filter(None, [os.environ.get("PYTHONPATH")])])
    log = (directory / "api.log").open("ab")
    command = [
        sys.executable, "-m", "gunicorn",
        "--worker-class", "gevent", "--workers", str(workers), "--worker-connections", "1000",
        "--bind", f"127.0.0.1:{port}",
        "--log-level", "warning",
        "api:create_app()",
    ]  # fmt: skip
    proc = procs.start(command, cwd=ROOT, env=env, stdout=log, stderr=log)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            get(port, "/healthz", timeout=2)
            pids = children_of(proc.pid)
            if len(pids) == workers:
                return port, pids
        except (OSError, http.client.HTTPException, RuntimeError):
            pass
        time.sleep(0.2)
    sys.exit(f"the API did not start; see {directory / 'api.log'}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=20_000)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--api-workers", type=int, default=1)
    args = parser.parse_args()

    from worker.redis_store import RedisStore, connect

    procs = Processes()
    try:
        with tempfile.TemporaryDirectory(prefix="bench-big-") as tmp:
            directory = Path(tmp)
            url = start_redis(procs, directory)
            store = RedisStore(connect(url), "judge:", result_ttl=3600)
            result = long_replay(args.steps)
            size = len(canonical_bytes(result))
            jobs = {"paged": store_finished(store, result)}
            jobs["whole (before)"] = old = store_finished(store, result)
            key = store.key("result", old)
            store.client.delete(key)
            import zstandard

            store.client.set(key, zstandard.compress(canonical_bytes(result), 1), ex=3600)
            del result
            port, workers = start_api(procs, url, args.api_workers, directory)
            warm = store_finished(store, long_replay(150))
            for path in ("/steps?limit=1", "?perspective=public", "/html"):
                get(port, f"/v1/replays/{warm}{path}")

            print(
                f"A replay of {args.steps} steps: {size / 1e6:.1f} MB of canonical JSON; "
                f"API: gunicorn, gevent, {args.api_workers} process(es); median of "
                f"{args.repeat} runs, one request at a time"
            )
            reads = {
                "/steps?limit=1 (public)": ("/steps?limit=1&perspective=public", None),
                "GET ?perspective=public, whole": ("?perspective=public", None),
                "HTML, first 64 KB": ("/html", 65536),
                "HTML, whole": ("/html", None),
            }
            rows: dict[str, dict[str, str]] = {}
            for form, job in jobs.items():
                before = peak_rss(workers)
                column: dict[str, str] = {}
                for name, (path, first) in reads.items():
                    times = [
                        get(port, f"/v1/replays/{job}{path}", first) for _ in range(args.repeat)
                    ]
                    column[name] = f"{statistics.median(times) * 1000:.0f} ms"
                longest = healthz_during(port, f"/v1/replays/{job}?perspective=public")
                column["/healthz, longest, 3 public GETs at once"] = f"{longest * 1000:.0f} ms"
                growth = peak_rss(workers) - before
                column["API peak RSS growth"] = f"{growth / 1e6:.1f} MB"
                rows[form] = column
            names = list(next(iter(rows.values())))
            width = max(len(n) for n in names) + 2
            print(f"{'':{width}}" + "".join(f"{form:>18}" for form in rows))
            for name in names:
                print(f"{name:{width}}" + "".join(f"{rows[form][name]:>18}" for form in rows))
    except subprocess.CalledProcessError as exc:
        sys.exit(f"failed: {exc}")
    finally:
        procs.stop_all()


if __name__ == "__main__":
    main()
