"""The API over HTTP on the Redis backend with real worker processes.

One system for the module (conftest ``module_system``): a private ``redis-server`` (AOF,
``appendfsync always``), ``judge worker --workers 2``, and the API under gunicorn (2
processes of gevent's worker class) as in production.  A few tests add a werkzeug-served API on the
same Redis to reach inside the app.
"""

from __future__ import annotations

import copy
import functools
import re
import threading
import time
from typing import Any

import pytest

from judge.core.canonical import canonical_json
from judge.core.replay import replay
from judge.core.selfplay import random_game
from judge.games.union_arena.sample import sample_envelope

pytestmark = pytest.mark.redis

#: seconds a job may take from submission to its end on a loaded 2-core machine
BOUND = 30


@functools.cache
def _game(seed: str) -> dict[str, Any]:
    return random_game(sample_envelope(seed), seed)


def game(seed: str) -> dict[str, Any]:
    """A typical log: a random Union Arena game (100-300 actions), seeded."""
    return copy.deepcopy(_game(seed))


def problem(answer: Any, status: int) -> dict[str, Any]:
    """The problem document of ``answer``, checked to be one with ``status``."""
    assert answer.status == status, (answer.status, answer.body[:500])
    assert answer.content_type.startswith("application/problem+json"), answer.content_type
    doc = answer.json
    assert doc["status"] == status and doc["type"] and doc["title"] and doc["detail"], doc
    return doc


def test_submit_follow_and_the_stored_replay_is_the_judge_replay_byte_for_byte(
    module_system: Any,
) -> None:
    api, store = module_system.api, module_system.store
    doc = game("http-1")
    answer = api.submit(doc, "on_illegal=apply")
    assert answer.status == 202, answer.body
    body = answer.json
    assert re.fullmatch(r"[0-9a-f]{32}", body["id"]) and body["reused"] is False
    assert answer.headers["location"] == body["url"] == f"{api.base}/v1/replays/{body['id']}"

    done = api.get(f"{answer.headers['location']}?wait={BOUND}", timeout=BOUND + 15)
    assert done.status == 200 and done.json["status"] == "finished", done.json
    expected = replay(canonical_json(doc), on_illegal="apply")
    # what Redis holds: the judge's replay in pages (worker/paged.py), each a Zstandard
    # frame; put together, its canonical JSON byte for byte
    fields = store.client.hgetall(store.key("result", body["id"]))
    assert all(value[:4] == b"\x28\xb5\x2f\xfd" for value in fields.values())
    # the head and the pages of steps; submitted from the judge's view, the perspective
    # records ("w<n>", one beside each page) are left for the first narrower read
    pages = len(fields) - 1
    assert {k.decode() for k in fields} == {"head", *map(str, range(pages))}
    assert store.result_bytes(body["id"]) == canonical_json(expected).encode("utf-8")
    public = api.get(f"{answer.headers['location']}?perspective=public", timeout=BOUND + 15)
    assert public.status == 200, public.body[:500]
    seen = replay(canonical_json(doc), on_illegal="apply", perspective="public")
    assert canonical_json(public.json["replay"]) == canonical_json(seen)
    fields = store.client.hgetall(store.key("result", body["id"]))  # made by a worker then
    assert {k.decode() for k in fields} == {
        "head",
        *map(str, range(pages)),
        *(f"w{n}" for n in range(pages)),
    }
    # what the API serves: the same document
    job = done.json
    assert canonical_json(job["replay"]) == canonical_json(expected)
    assert job["summary"]["steps"] == expected["summary"]["steps"] == len(doc["actions"])
    assert job["summary"]["result"] == expected["summary"]["result"]
    assert job["attempts"] == 1 and job["reason"] is None and job["on_illegal"] == "apply"
    # a worker process judged it: the API process has no worker
    assert job["started_at"] >= job["submitted_at"] and job["finished_at"] >= job["started_at"]


def test_dedupe_over_http_one_job_for_identical_submissions(module_system: Any) -> None:
    api = module_system.api
    doc = game("http-dedupe")
    barrier = threading.Barrier(8)
    answers: list[Any] = []

    def submit() -> None:
        barrier.wait()
        answers.append(api.submit(doc))

    threads = [threading.Thread(target=submit) for _ in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    assert sorted(a.status for a in answers) == [200] * 7 + [202], [a.body for a in answers]
    ids = {a.json["id"] for a in answers}
    assert len(ids) == 1
    assert {a.headers["location"] for a in answers} == {answers[0].json["url"]}
    assert sorted(a.json["reused"] for a in answers) == [False] + [True] * 7
    job_id = ids.pop()
    assert api.follow(job_id, BOUND)["status"] == "finished"
    # once finished it is still the same job; other options are another job
    again = api.submit(doc)
    assert (again.status, again.json["id"], again.json["reused"]) == (200, job_id, True)
    other = api.submit(doc, "on_illegal=stop")
    assert other.status == 202 and other.json["id"] != job_id


def test_steps_are_paged_over_http(module_system: Any) -> None:
    api = module_system.api
    doc = game("http-steps")
    job_id = api.submit(doc).json["id"]
    assert api.follow(job_id, BOUND)["status"] == "finished"
    expected = replay(canonical_json(doc))["steps"]
    first = api.get(f"/v1/replays/{job_id}/steps").json
    assert (first["total"], first["offset"], first["limit"]) == (len(expected), 0, 50)
    assert first["next"] == f"{api.base}/v1/replays/{job_id}/steps?offset=50&limit=50"
    pages, url = [], f"/v1/replays/{job_id}/steps?limit=37"
    while url:
        page = api.get(url)
        assert page.status == 200, page.body[:300]
        pages += page.json["steps"]
        url = page.json["next"]
    assert canonical_json(pages) == canonical_json(expected)
    last = api.get(f"/v1/replays/{job_id}/steps?offset={len(expected) - 1}&limit=500").json
    assert [s["index"] for s in last["steps"]] == [len(expected) - 1] and last["next"] is None
    assert problem(api.get(f"/v1/replays/{job_id}/steps?limit=501"), 400)["errors"][0]["path"] == (
        "limit"
    )


def test_the_viewers_states_and_annotations_over_real_workers(module_system: Any) -> None:
    """The states of a window are judged again by an RQ worker (where questions run) and
    equal the full replay's; annotations are kept in Redis and read back by the API."""
    api = module_system.api
    doc = game("http-viewer")
    job_id = api.submit(doc).json["id"]
    assert api.follow(job_id, BOUND)["status"] == "finished"
    for view in ("judge", "B"):
        full = replay(canonical_json(doc), detail="full", perspective=view)["steps"]
        got = api.get(f"/v1/replays/{job_id}/states?offset=40&limit=25&perspective={view}")
        assert got.status == 200, got.body[:300]
        assert [s["state"] for s in got.json["states"]] == [s["state"] for s in full[40:65]]
    note = api.post(f"/v1/replays/{job_id}/annotations", {"step": 41, "text": "here"})
    assert note.status == 201, note.body[:300]
    assert [
        n["text"] for n in api.get(f"/v1/replays/{job_id}/annotations").json["annotations"]
    ] == ["here"]
    assert api.get(f"/replays/{job_id}").status == 200


def test_bad_input_is_400_with_every_problem_and_nothing_is_stored(module_system: Any) -> None:
    api, client = module_system.api, module_system.store.client
    before = sorted(client.scan_iter(match="judge:sub:*"))
    queued = client.llen("rq:queue:judge")
    log = game("http-bad")
    log["bogus"] = 1
    log["players"][0]["id"] = 7
    log["actions"][4]["do"] = "dance"
    doc = problem(api.submit(log, "on_illegal=never&perspective=nobody"), 400)
    assert doc["type"].endswith(":invalid-input")
    paths = {e["path"] for e in doc["errors"]}
    assert {"bogus", "players[0].id", "actions[4].do", "on_illegal"} <= paths
    malformed = api.post("/v1/replays", '{"format": ', headers={"Content-Type": "application/json"})
    assert "malformed JSON" in problem(malformed, 400)["errors"][0]["message"]
    assert problem(api.post("/v1/replays", "x", headers={"Content-Type": "text/plain"}), 415)
    assert problem(api.get("/v1/replays/" + "0" * 32), 404)["type"].endswith(":not-found")
    assert sorted(client.scan_iter(match="judge:sub:*")) == before
    assert client.llen("rq:queue:judge") == queued


def test_readyz_calls_the_reaper_and_a_failing_reaper_does_not_fail_readiness(
    module_system: Any, wait_for: Any
) -> None:
    """/readyz has the runner reap (in the background): a submission stored but never
    queued (as when Redis failed between the two) is queued by an API alone, on a queue no
    ``judge worker`` serves; a reaper that raises leaves the answer as it was."""
    from rq import Queue

    from worker.config import Settings
    from worker.rqbackend import redis_service
    from worker.service import Submission

    settings = Settings.from_env(
        {**module_system.fast, "REDIS_URL": module_system.redis.url, "JUDGE_QUEUE": "lonely"},
        key_prefix="lonely:",
    )
    service = redis_service(settings=settings)
    api = module_system.another_api(service=service)
    orphan = Submission(
        id="f" * 32,
        content_hash="0" * 64,
        game="union-arena",
        on_illegal="skip",
        perspective="judge",
        players=["A", "B"],
        submitted_at=time.time() - 60,
    )
    service.store.create(orphan, canonical_json(game("http-orphan")), 600)  # never enqueued
    queue = Queue("lonely", connection=service.store.client)
    assert orphan.id not in queue.job_ids
    answer = api.get("/readyz")
    doc = problem(answer, 503)  # no worker on that queue, but the store answers
    assert (doc["ready"], doc["store"], doc["workers"], doc["mode"]) == (False, True, 0, "redis")
    wait_for(lambda: orphan.id in queue.job_ids, 10, "the reaper started by /readyz")

    def broken() -> None:
        raise RuntimeError("injected reaper fault")

    healthy = module_system.another_api(service=redis_service(url=module_system.redis.url))
    healthy.service.runner.reap = broken
    for _ in range(3):
        ok = healthy.get("/readyz")
        assert ok.status == 200, ok.body
        assert ok.json == {"ready": True, "store": True, "workers": 2, "mode": "redis"}


def test_readyz_is_200_with_workers_and_503_with_retry_after_without(
    module_system: Any,
) -> None:
    api, workers = module_system.api, module_system.workers
    ok = api.get("/readyz")
    assert ok.status == 200 and ok.content_type.startswith("application/json"), ok.body
    assert ok.json == {"ready": True, "store": True, "workers": 2, "mode": "redis"}
    assert workers.stop() == 0  # SIGTERM: a warm shutdown, the workers unregister
    try:
        answer = api.get("/readyz")
        doc = problem(answer, 503)
        assert answer.headers["retry-after"] == "5"
        assert doc["type"].endswith(":not-ready") and "no worker is alive" in doc["detail"]
        assert (doc["ready"], doc["store"], doc["workers"], doc["mode"]) == (
            False,
            True,
            0,
            "redis",
        )
        assert api.get("/healthz").status == 200
        # accepted while no worker runs; judged once one is back
        pending = api.submit(game("http-later"))
        assert pending.status == 202
    finally:
        workers.start()
    assert api.get("/readyz").status == 200
    assert api.follow(pending.json["id"], BOUND)["status"] == "finished"
