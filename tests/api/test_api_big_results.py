"""Big results over HTTP: a replay is read and sent a stored page at a time.

Found (issue 10): one big replay made every later read expensive (``/steps?limit=1`` 8.5 s
and 2 GB, a public-perspective GET 21.7 s, the HTML 18 s), because every read decoded the
whole stored replay.  Here the API (embedded store, real HTTP) reads only the pages that a
page of steps needs, sends the job's replay and the HTML page as streams (chunked, no
``Content-Length``) whose bytes are what the whole replay gives, and the HTML's first
screen leaves before most pages are read.  The memory a read takes is measured in
``tests/service/test_paged_results.py`` and ``tests/system/test_big_results.py``.
"""

from __future__ import annotations

import functools
import json
import secrets
from typing import Any

import pytest

from api import create_app
from judge.core.canonical import canonical_bytes, canonical_json
from judge.core.export import export
from judge.core.perspective import redact
from judge.core.replay import replay
from judge.core.selfplay import random_game
from judge.games import engine_class
from judge.games.union_arena.sample import sample_envelope
from worker.paged import RECORDS, StoredReplay
from worker.service import JudgeService, MemoryStore, Submission

PRIVATE = engine_class("union-arena").private_zones
STEPS = 2_050  # 21 pages of 100


@functools.cache
def long_replay() -> dict[str, Any]:
    """A long self-play game (attacks unlikely), judged, its steps repeated and renumbered
    to :data:`STEPS`."""
    log = random_game(
        sample_envelope("api-big"), "api-big", max_actions=2000, weights={"attack": 0}
    )
    records: list[dict[str, Any]] = []
    base = replay(canonical_json(log), withheld=records)
    out = dict(base)
    out["steps"] = [{**base["steps"][i % len(base["steps"])], "index": i} for i in range(STEPS)]
    # each step's record of what it withholds, stored beside its page (worker.paged.RECORDS)
    out[RECORDS] = [records[i % len(records)] for i in range(STEPS)]
    return out


def seen(view: str) -> dict[str, Any]:
    """The long replay as ``view`` sees it, redacted with its records."""
    doc = {k: v for k, v in long_replay().items() if k != RECORDS}
    return redact(doc, view, PRIVATE, long_replay()[RECORDS])


class CountingStore(MemoryStore):
    """The embedded store, noting every stored page a read asks for."""

    def __init__(self) -> None:
        super().__init__()
        self.asked: list[str] = []

    def stored_result(self, job_id: str) -> StoredReplay | None:
        found = super().stored_result(job_id)
        if found is not None:
            fetch = found._fetch

            def counted(names: Any) -> Any:
                self.asked.extend(names)
                return fetch(names)

            found._fetch = counted
        return found


class _NoRunner:
    def enqueue(self, job_id: str) -> None:
        raise AssertionError("nothing is judged here")

    def workers_alive(self) -> int:
        return 1


@pytest.fixture(scope="module")
def big(start_server: Any) -> Any:
    """(the server, the job id, its store) with the long replay stored as a finished job
    submitted for the judge's perspective."""
    store = CountingStore()
    sub = Submission(
        id=secrets.token_hex(16),
        content_hash=secrets.token_hex(32),
        game="union-arena",
        on_illegal="skip",
        perspective="judge",
        players=["A", "B"],
    )
    store.create(sub, "{}", 3600)
    sub.status = "finished"
    assert store.save_result(sub, long_replay())
    service = JudgeService(store=store, runner=_NoRunner())
    return start_server(create_app(service), service), sub.id, store


@pytest.mark.parametrize("view", ["judge", "public", "A"])
def test_the_job_streams_its_replay_as_the_whole_replay_gives_it(big: Any, view: str) -> None:
    live, job, store = big
    answer = live.get(f"/v1/replays/{job}?perspective={view}")
    assert answer.status == 200
    assert answer.headers.get("transfer-encoding") == "chunked"
    assert "content-length" not in answer.headers
    expected = canonical_bytes(seen(view))
    assert b'"replay":' + expected + b"," in answer.body
    doc = answer.json
    assert doc["status"] == "finished" and doc["perspective"] == view
    pages = [n for n in store.asked if not n.startswith("w")]
    assert set(pages) == {str(n) for n in range(21)}  # each page once
    assert len(pages) == 21
    # and another view each page's records once (the judge's none)
    records = [n for n in store.asked if n.startswith("w")]
    assert sorted(records) == ([] if view == "judge" else sorted(f"w{n}" for n in range(21)))
    store.asked.clear()


@pytest.mark.parametrize(
    ("offset", "limit", "pages"),
    [(0, 1, ["0"]), (150, 100, ["1", "2"]), (2_049, 500, ["20"]), (1_999, 2, ["19", "20"])],
)
def test_a_page_of_steps_reads_only_the_pages_that_hold_it(
    big: Any, offset: int, limit: int, pages: list[str]
) -> None:
    live, job, store = big
    store.asked.clear()
    answer = live.get(f"/v1/replays/{job}/steps?offset={offset}&limit={limit}&perspective=public")
    assert answer.status == 200, answer.body[:300]
    expected = seen("public")["steps"][offset : offset + limit]
    assert answer.json["steps"] == json.loads(canonical_bytes(expected))
    assert answer.json["total"] == STEPS
    assert store.asked == pages + [f"w{n}" for n in pages]


@pytest.mark.parametrize("view", ["judge", "B"])
def test_the_html_page_streams_as_the_whole_replay_gives_it(big: Any, view: str) -> None:
    live, job, store = big
    answer = live.get(f"/v1/replays/{job}/html?perspective={view}")
    assert answer.status == 200 and answer.content_type.startswith("text/html")
    assert answer.headers.get("transfer-encoding") == "chunked"
    assert "content-security-policy" in answer.headers
    assert answer.body.decode() == export(seen(view), "html")
    store.asked.clear()


def test_the_html_first_screen_leaves_before_the_replay_is_read(big: Any) -> None:
    """The WSGI answer's first pieces (the page's head, then the first page's rows) come
    out having read the first batch of stored pages, not the 21."""
    live, job, store = big
    store.asked.clear()
    client = live.app.test_client()
    answer = client.get(f"/v1/replays/{job}/html?perspective=public", buffered=False)
    pieces = iter(answer.response)
    head = next(pieces).decode()
    assert head.startswith("<!DOCTYPE html>") and '<table class="steps">' in head
    assert store.asked == []  # nothing of the steps read yet
    rows = next(pieces).decode()
    assert 'id="step-0"' in rows and 'id="step-99"' in rows and "step-100" not in rows
    # the first batch of pages, and of their records
    assert 0 < len([n for n in store.asked if not n.startswith("w")]) <= 8
    assert len([n for n in store.asked if n.startswith("w")]) <= 8
    answer.close()
    store.asked.clear()


def test_a_long_response_gives_way_to_waiting_requests_by_the_servers_own_means() -> None:
    """Between two pieces of a long response the other requests go first: under gevent's
    patching (the production worker class) the response waits a bounded time for the event
    loop to be idle, under threads it sleeps 0 (``api.replays.give_way``).  Each is asked of
    a process of its own, patched as gunicorn's gevent worker patches it; what the turn
    does for ``/healthz`` and for a long read while short requests keep the loop busy is
    measured in ``tests/system/test_big_results.py``."""
    import subprocess
    import sys

    def chosen(patch: str) -> str:
        code = f"{patch}import api.replays as r; print(r.give_way().__qualname__)"
        done = subprocess.run(
            [sys.executable, "-c", code], capture_output=True, text=True, timeout=120
        )
        assert done.returncode == 0, done.stderr
        return done.stdout.strip()

    assert chosen("from gevent import monkey; monkey.patch_all(); ") == "give_way.<locals>.turn"
    assert chosen("") == "_sleep_zero"
