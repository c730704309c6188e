"""The suite's rewritten test modules made once, before the parallel run's processes start.

pytest rewrites each test module's ``assert`` statements when it imports it and keeps the
result as a pyc of its own (``<name>.cpython-311-pytest-<version>.pyc``, checked by a hash
of the source).  On a cold cache (a fresh clone, CI) every process of a parallel run
rewrites every module it collects, and each of them collects the whole suite: measured
on a 2-core machine, one process's collection took 26.5 s cold against 6.0 s warm, 14 s
of the difference the rewriting of 472 modules (363 of them the suite's) and the rest
compiling what they import into the suite's bytecode folder (``tests/conftest.py``,
``_keep_bytecode``).  The four processes of a parallel run did it side by side, the same
work four times over: their collection took 43.0 s, 82.6 s of CPU; after :func:`warm`,
27.1-27.9 s in all, 49.5-50.8 s of CPU (the collectors' 14-16 s included).

:func:`warm` does it once instead, in the controller of a parallel run before its
processes start (``pytest_sessionstart``, which xdist's own hook follows): the stale
test modules of the run's paths, dealt by size into a process per core, each a ``pytest
--collect-only`` of its share, which rewrites and compiles exactly as the run's processes
would, with pytest's own code.  The run's processes then find the cache warm.  Nothing
happens on a warm cache or a run of a few modules (under :data:`AT_LEAST` stale ones, the
processes' own rewriting costs less than starting the collectors); a collector that fails
(a module that does not import) changes nothing: the run reports the error as it would.

>>> [sorted(p.name for p in part) for part in shares(
...     [Path("a.py"), Path("b.py"), Path("c.py")], 2, size={"a.py": 5, "b.py": 3, "c.py": 3}.get)]
[['a.py'], ['b.py', 'c.py']]
"""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
import time
from collections.abc import Callable, Iterable
from pathlib import Path

import pytest

#: below this many stale modules the run's processes rewrite them themselves.  Why 100: here
#: a module's rewriting takes 29.5 ms of CPU (364 modules: 10.7 s), a collector 2.5 s to
#: start warm and more to import what its share imports; four processes rewriting ``n``
#: modules on two cores take about 59 ms x ``n``, two collectors about 4 s + 15 ms x ``n``:
#: they break even at about 90
AT_LEAST = 100
#: how long a collector may take (a module that blocks at its import: the run then meets it)
WAIT_AT_MOST = 300
#: how the rewritten pyc of the pytest that constraints.txt pins is named and begins
#: (``_pytest.assertion.rewrite``: ``PYC_TAIL``, ``_write_pyc_fp``): the magic number, the
#: flags of a checked hash-based pyc (PEP 552), the source's hash.  Another pytest that
#: names or checks it otherwise makes every module stale here, never one fresh that is not
#: (tests/test_bytecode.py checks this one's against pytest's own rewriting)
TAG = f"{sys.implementation.cache_tag}-pytest-{pytest.__version__}"
HASHED = b"\x03\x00\x00\x00"


def rewritten_pyc(module: Path) -> Path:
    """Where pytest keeps ``module`` rewritten (``_pytest.assertion.rewrite.get_cache_dir``):
    under ``sys.pycache_prefix`` when one is set, in ``__pycache__`` beside it otherwise."""
    if sys.pycache_prefix:
        folder = Path(sys.pycache_prefix, *module.parts[1:-1])
    else:
        folder = module.parent / "__pycache__"
    return folder / f"{module.stem}.{TAG}.pyc"


def is_stale(module: Path) -> bool:
    """Whether pytest would rewrite ``module`` again: no rewritten pyc, or one of another
    source (its header's hash differs)."""
    try:
        with rewritten_pyc(module).open("rb") as pyc:
            head = pyc.read(16)
        source = module.read_bytes()
    except OSError:
        return True
    expected = importlib.util.MAGIC_NUMBER + HASHED + importlib.util.source_hash(source)[:8]
    return head != expected


def modules_of(paths: Iterable[Path]) -> list[Path]:
    """The test modules (``test_*.py``) of the run's paths: folders walked, files as given
    (a node id's file part), in a fixed order."""
    found: set[Path] = set()
    for path in paths:
        if path.is_dir():
            found.update(path.rglob("test_*.py"))
        elif path.name.startswith("test_") and path.suffix == ".py":
            found.add(path)
    return sorted(p.resolve() for p in found)


def shares(
    modules: list[Path], n: int, size: Callable[[str], int | None] | None = None
) -> list[list[Path]]:
    """``modules`` dealt into ``n`` shares of about equal size, the largest first to the
    smallest share (rewriting costs about the source's length).  ``size``: a module's size
    by name, for the examples; its file's size otherwise."""

    def length(p: Path) -> int:
        return (size(p.name) if size else None) or p.stat().st_size

    parts: list[list[Path]] = [[] for _ in range(max(1, n))]
    totals = [0] * len(parts)
    for module in sorted(modules, key=lambda p: (-length(p), str(p))):
        i = totals.index(min(totals))
        parts[i].append(module)
        totals[i] += length(module)
    return [part for part in parts if part]


def warm(root: Path, args: Iterable[str]) -> str | None:
    """Rewrite the stale test modules of a run in ``root`` of ``args`` (its paths or node
    ids, as ``pytest.Config.args`` holds them) ahead of its processes (see the module's
    doc); what was done, in words, or None when nothing was."""
    paths = [root / a.split("::", 1)[0] for a in args] or [root / "tests"]
    stale = [m for m in modules_of(paths) if is_stale(m)]
    if len(stale) < AT_LEAST:
        return None
    started = time.monotonic()
    # one process each (-n 0): a collector warms nothing itself (tests/conftest.py)
    command = [sys.executable, "-m", "pytest", "--collect-only", "-q", "-n", "0"]
    command += ["-p", "no:cacheprovider"]
    collectors = [
        subprocess.Popen(
            [*command, *map(str, part)],
            cwd=root,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        for part in shares(stale, os.cpu_count() or 1)
    ]
    for collector in collectors:
        try:
            collector.wait(timeout=WAIT_AT_MOST)
        except subprocess.TimeoutExpired:  # the run's processes will meet what held it
            collector.kill()
            collector.wait()
    return (
        f"{len(stale)} test modules rewritten ahead of the run's processes in "
        f"{time.monotonic() - started:.1f} s ({len(collectors)} collectors; tests/bytecode.py)"
    )
