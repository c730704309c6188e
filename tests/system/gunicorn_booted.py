"""gunicorn settings the system tests and the service's benchmarks add to the Dockerfile's
(``-c``): each worker process, once it has loaded the app and before it accepts its first
connection, writes a file named after its pid into the directory ``GUNICORN_BOOTED_DIR``
names.

Why: the API answers ``/healthz`` as soon as one of its processes has booted, while the
other may still be making its app (about 1.3 s of CPU, longer on a loaded machine).  A test
that then sends a burst finds it all on one process, with that process's boot beside it,
which is not the service it means to measure (``tests/system/conftest.py``, ``Api.start``,
and ``bench/service.py``, ``start_service``, wait for every process's file).  Added while
looking for why ``tests/system/test_question_offload.py`` missed its 1 s bound under CI's
load; that it was the cause there was not shown (under three CPU hogs the first probe took
as long with the wait as without: 179-288 ms against 102-262 ms), the intake of the
questions was.  ``bench/service.py``'s 8 clients keep their connections: in one run of
2,000 jobs py-spy found every request of 15 s under load on the first process while the
second, booted, took none: a race with the second's boot (in three other runs without the
wait both served, one with 1.4-2.1 times the other's CPU; in two with it, 1.2-1.3 times).
Its figures did not move with the wait (ratio 0.55 and 0.56 without it, 0.52 and 0.58 with
it, alternating).
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any


def post_worker_init(worker: Any) -> None:
    directory = os.environ.get("GUNICORN_BOOTED_DIR")
    if directory:
        (Path(directory) / str(worker.pid)).touch()
