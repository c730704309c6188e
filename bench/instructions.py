"""Instructions an action, counted by valgrind's callgrind: the engine figures that a busy
machine does not move.

Run: ``python bench/instructions.py`` (about 5 minutes on two cores; ``--only NAME``, once or
more, for some of the variants; ``--long``: the long games' ratios too, about 25 minutes).  Needs
valgrind on the PATH (Debian: ``apt-get install valgrind``) and the ``bench`` extra, as
``bench/engine.py``, whose games it replays:

- *instructions an action*: the variant's normal games (``bench/engine.py``'s five
  self-played games of at most 200 actions, the same seeds), replayed from their JSON text
  by :func:`judge.core.replay.replay`, in a process under callgrind.  A process that
  replays them three times less one that replays them once, over twice their actions: what
  a warm process spends on an action, without the interpreter's start, the imports and the
  first game's caches;
- with ``--long``, *the long game's ratio by instructions*: ``bench/engine.py``'s long game
  against its first tenth, each counted as above (twice less once), the ratio of the two
  (the target of ``bench/engine.py``'s timed ratio is at most 11).

Why: on this project's shared machines the same timed run moves by a third to a half from
one minute to the next (``bench/engine.py``'s yardstick drift shows it), so a change of a
few per cent cannot be seen in seconds, only in counts.  An instruction is not a second (a
cache miss costs more than an add): the time figures stay ``bench/engine.py``'s.  Every
child runs with ``PYTHONHASHSEED=0``, so that the count is the same from run to run; the
counts move by a few hundredths of a per cent with the hash seed.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from concurrent.futures import Future, ThreadPoolExecutor
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from engine import VARIANTS, long_game, normal_bodies  # noqa: E402  (bench/engine.py)

from judge.core.canonical import canonical_json  # noqa: E402

#: what each child runs: replay the JSON texts of a file (a list of them) so many times
CHILD = """
import json, sys
from judge.core.replay import replay
bodies = json.load(open(sys.argv[1]))
for _ in range(int(sys.argv[2])):
    for body in bodies:
        replay(body)
"""
_COLLECTED = re.compile(r"Collected : (\d+)")


def count(bodies_file: Path, times: int) -> int:
    """Instructions of a process that replays the file's logs ``times`` times (callgrind)."""
    with tempfile.TemporaryDirectory() as tmp:
        proc = subprocess.run(
            [
                "valgrind",
                "--tool=callgrind",
                f"--callgrind-out-file={tmp}/out",
                sys.executable,
                "-c",
                CHILD,
                str(bodies_file),
                str(times),
            ],
            capture_output=True,
            text=True,
            # no bytecode written by the children: the one-pass and three-pass children run
            # at once, and when a module had changed, the one that compiled it first wrote it
            # for the other, whose count then lacked the compiling (one count read 170,387
            # instructions an action for 182,696).  Not writing, both compile what is stale
            # and read what is fresh alike, and the difference cancels it
            env={
                **os.environ,
                "PYTHONHASHSEED": "0",
                "PYTHONPATH": str(ROOT),
                "PYTHONDONTWRITEBYTECODE": "1",
            },
            check=True,
        )
    found = _COLLECTED.search(proc.stderr)
    if found is None:
        raise RuntimeError(f"callgrind printed no count:\n{proc.stderr[-2000:]}")
    return int(found.group(1))


def warm(pool: ThreadPoolExecutor, bodies_file: Path) -> tuple[Future[int], Future[int]]:
    """Futures of the counts of one pass and of three over the file's logs: half their
    difference (:func:`per_pass`) is one warm pass."""
    return pool.submit(count, bodies_file, 1), pool.submit(count, bodies_file, 3)


def per_pass(counts: tuple[Future[int], Future[int]]) -> float:
    once, thrice = counts
    return (thrice.result() - once.result()) / 2


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--only", action="append", metavar="NAME", help="a variant's name")
    parser.add_argument("--long", action="store_true", help="the long game's ratio too")
    parser.add_argument("--long-actions", type=int, default=10_000)
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    args = parser.parse_args(argv)
    if shutil.which("valgrind") is None:
        print("bench/instructions.py needs valgrind on the PATH", file=sys.stderr)
        return 2
    names = {v.name for v in VARIANTS}
    for name in args.only or ():
        if name not in names:
            print(f"--only: no variant {name!r} ({', '.join(sorted(names))})", file=sys.stderr)
            return 2
    chosen = [v for v in VARIANTS if not args.only or v.name in args.only]
    rows = []
    with tempfile.TemporaryDirectory() as tmp, ThreadPoolExecutor(args.jobs) as pool:
        for v in chosen:
            bodies, n = normal_bodies(v, 5)
            path = Path(tmp) / f"{v.name.replace(' ', '_')}.json"
            path.write_text(json.dumps(bodies))
            row: dict[str, Any] = {"variant": v, "actions": n, "normal": warm(pool, path)}
            if args.long:
                long_doc, tenth_doc = long_game(v, args.long_actions)
                whole, tenth = canonical_json(long_doc), canonical_json(tenth_doc)
                long_n = len(long_doc["actions"])
                (Path(tmp) / "whole").mkdir(exist_ok=True)
                (Path(tmp) / "tenth").mkdir(exist_ok=True)
                p_whole = Path(tmp) / "whole" / path.name
                p_tenth = Path(tmp) / "tenth" / path.name
                p_whole.write_text(json.dumps([whole]))
                p_tenth.write_text(json.dumps([tenth]))
                row.update(long_n=long_n, whole=warm(pool, p_whole), tenth=warm(pool, p_tenth))
            rows.append(row)
        print(
            "variant            | actions | instructions an action"
            + (" | long game | its ratio by instructions (<= 11)" if args.long else "")
        )
        for row in rows:
            each = per_pass(row["normal"]) / row["actions"]
            line = f"{row['variant'].name:<18} | {row['actions']:>7,} | {each:>22,.0f}"
            if args.long:
                ratio = per_pass(row["whole"]) / per_pass(row["tenth"])
                line += f" | {row['long_n']:>9,} | {ratio:>33.2f}"
            print(line, flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
