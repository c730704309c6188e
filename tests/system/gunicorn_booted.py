"""gunicorn settings the system tests add to the Dockerfile's (``-c``): each worker process,
once it has loaded the app and before it accepts its first connection, writes a file named
after its pid into the directory ``TEST_GUNICORN_BOOTED`` names.

Why: the API answers ``/healthz`` as soon as one of its processes has booted, while the
other may still be making its app (about 1.3 s of CPU, longer on a loaded machine).  A test
that then sends a burst finds it all on one process, with that process's boot beside it,
which is not the service it means to measure (``tests/system/conftest.py``, ``Api.start``
waits for every process's file).  Added while looking for why
``tests/system/test_question_offload.py`` missed its 1 s bound under CI's load; that it was
the cause there was not shown (under three CPU hogs the first probe took as long with the
wait as without: 179-288 ms against 102-262 ms), the intake of the questions was.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any


def post_worker_init(worker: Any) -> None:
    directory = os.environ.get("TEST_GUNICORN_BOOTED")
    if directory:
        (Path(directory) / str(worker.pid)).touch()
