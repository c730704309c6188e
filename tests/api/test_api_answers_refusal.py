"""Bad input to ``POST /v1/decks/check`` and ``POST /v1/rulings`` is a 400 naming every
problem, answered where the request is read, whether or not a worker is there to do the
work (``worker.answers.refusal``).

On the Redis backend a well-formed question or deck check is an RQ job; with no worker
running, it waits out ``JUDGE_QUESTION_TIMEOUT`` and is a 504.  A malformed one must not
wait: it is refused at once, with the same problems it would get from a worker.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from api import create_app


@pytest.fixture
def no_worker_app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Any]:
    """The API on a real Redis with no worker: work it hands on is never done."""
    from worker.rqbackend import redis_service
    from worker.testing import REDIS_SERVER, RedisServer

    if REDIS_SERVER is None:
        pytest.skip("redis-server is not installed: the Redis backend tests need a real Redis")
    monkeypatch.setenv("JUDGE_QUESTION_TIMEOUT", "1")
    server = RedisServer(tmp_path).start()
    try:
        yield create_app(redis_service(server.url)).test_client()
    finally:
        server.stop()


def test_a_malformed_deck_check_is_400_with_no_worker(no_worker_app: Any) -> None:
    deck = {"game": "union-arena", "main": ["NOPE-001"] * 3, "extra": 1}
    answer = no_worker_app.post("/v1/decks/check", json=deck)
    assert answer.status_code == 400, answer.get_data(as_text=True)[:300]
    paths = {e["path"] for e in answer.get_json()["errors"]}
    assert "extra" in paths, paths


def test_an_empty_deck_check_is_400_with_no_worker(no_worker_app: Any) -> None:
    answer = no_worker_app.post("/v1/decks/check", json={})
    assert answer.status_code == 400
    assert "game" in {e["path"] for e in answer.get_json()["errors"]}


def test_a_malformed_question_is_400_naming_its_log_problems_too(no_worker_app: Any) -> None:
    question = {
        "format": "judge-question/1",
        "kind": "no-such-kind",
        "log": {"format": "judge-action-log/1", "game": "union-arena", "bogus": True},
    }
    answer = no_worker_app.post("/v1/rulings", json=question)
    assert answer.status_code == 400, answer.get_data(as_text=True)[:300]
    paths = {e["path"] for e in answer.get_json()["errors"]}
    assert "kind" in paths
    assert any(p.startswith("log") for p in paths), paths  # every problem at once


def test_a_well_formed_question_with_no_worker_waits_and_is_504(no_worker_app: Any) -> None:
    """The other side: what is not bad input is the work's, and with no worker it times out."""
    import json

    log = json.loads(Path("examples/union-arena/full-game.json").read_text())
    question = {"format": "judge-question/1", "kind": "options", "step": 3, "log": log}
    answer = no_worker_app.post("/v1/rulings", json=question)
    assert answer.status_code == 504
    assert answer.headers["Retry-After"]
