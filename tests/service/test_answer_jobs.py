"""A question's RQ job carries the request's body as the API read it
(``worker.sync_jobs.answer_body_job``), and the worker reads those bytes again with the same
strict reader: the answer is the one the document itself gets (``answer_job``); bytes the
reader refuses (never the API's: it read them first) are an error outcome, not a judged
document.  Run by an RQ ``SimpleWorker`` in this process, on a real Redis."""

from __future__ import annotations

import json
from typing import Any

from judge.core.ask import ask
from judge.core.selfplay import random_game
from judge.games.union_arena.sample import sample_envelope
from worker.testing import QUEUE


def _answered(redis_url: str, doc: Any, kind: str = "question") -> dict[str, Any]:
    """The outcome pushed for a question ``doc`` (a dict: ``answer_job``; the body's bytes:
    ``answer_body_job``), run by a burst of an RQ worker of this process."""
    import redis
    from rq import Queue, SimpleWorker

    from worker.sync_jobs import BODY_JOB_FUNCTION, JOB_FUNCTION

    client = redis.Redis.from_url(redis_url)
    try:
        queue = Queue(QUEUE, connection=client)
        reply = "judge:answer:test"
        args = (kind, doc, "local", reply, "judge:")
        function = BODY_JOB_FUNCTION if isinstance(doc, bytes) else JOB_FUNCTION
        queue.enqueue_call(func=function, args=args, timeout=60, result_ttl=0)
        SimpleWorker([queue], connection=client).work(burst=True)
        got = client.lpop(reply)
        assert got is not None, "no outcome was pushed"
        return json.loads(got)
    finally:
        client.close()


def question() -> dict[str, Any]:
    seed = "answer-job"
    log = random_game(sample_envelope(seed), seed, max_actions=40)
    return {"format": "judge-question/1", "kind": "options", "log": log}


def test_a_job_given_the_body_answers_as_the_document_itself(redis_url: str) -> None:
    q = question()
    body = json.dumps(q).encode()
    assert _answered(redis_url, body) == {"ok": ask(q)}
    assert _answered(redis_url, q) == {"ok": ask(q)}  # (a dict: the job of other work)


def test_bytes_the_strict_reader_refuses_are_an_error_not_a_judged_document(
    redis_url: str,
) -> None:
    # a key given twice: a lax reader would keep the last and judge it
    body = b'{"format": "judge-question/1", "kind": "options", "kind": "legal"}'
    found = _answered(redis_url, body)
    assert set(found) == {"error"}
    assert found["error"].startswith("BadLog: the body read again") and "kind" in found["error"]


def test_a_deck_check_given_the_body_answers_as_the_document_itself(redis_url: str) -> None:
    deck = {"game": "union-arena", "card_sets": ["ua-sample"], "main": ["UAS-001"] * 50}
    found = _answered(redis_url, json.dumps(deck).encode(), "deck-check")
    assert "ok" in found and found["ok"]["problems"], found  # (50 of one card: too many)
    assert found == _answered(redis_url, deck, "deck-check")
