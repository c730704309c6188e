"""``/v1/replays`` over real HTTP: submit, dedupe, follow (``?wait=``), page, perspectives, HTML,
and refused input (every problem by path, deep nesting, malformed JSON)."""

from __future__ import annotations

import copy
import json
import re
import threading
import time
from typing import Any

import pytest

from api import create_app
from worker.service import JudgeService, MemoryStore, judge_job
from worker.testing import HeldRunner


def _variant(log: dict[str, Any], tag: str) -> dict[str, Any]:
    """The same game with different match metadata: a different submission."""
    doc = copy.deepcopy(log)
    doc["match"] = {**doc.get("match", {}), "event": f"api-test {tag}"}
    return doc


# -- submit ------------------------------------------------------------------------------------


def test_submit_answers_202_with_the_job_and_its_location(live, full_game) -> None:
    answer = live.post("/v1/replays", _variant(full_game, "submit"))
    assert answer.status == 202, answer.body
    doc = answer.json
    assert re.fullmatch(r"[0-9a-f]{32}", doc["id"])
    assert doc["status"] in ("queued", "started", "finished")
    assert doc["reused"] is False
    assert doc["url"] == f"{live.base}/v1/replays/{doc['id']}"
    assert answer.headers["location"] == doc["url"]
    assert answer.content_type.startswith("application/json")


def test_an_identical_submission_returns_the_same_job(live, full_game) -> None:
    log = _variant(full_game, "dedupe")
    first = live.post("/v1/replays", log)
    again = live.post("/v1/replays", log)
    assert (first.status, again.status) == (202, 200)
    assert again.json["id"] == first.json["id"]
    assert again.json["reused"] is True
    assert again.headers["location"] == first.headers["location"]
    # same log, other options: another job
    other = live.post("/v1/replays?on_illegal=stop", log)
    assert other.status == 202 and other.json["id"] != first.json["id"]
    narrower = live.post("/v1/replays?perspective=public", log)
    assert narrower.status == 202 and narrower.json["id"] not in (
        first.json["id"],
        other.json["id"],
    )


# -- follow ------------------------------------------------------------------------------------


def test_a_finished_job_has_its_summary_and_replay(live, finished) -> None:
    answer = live.get(f"/v1/replays/{finished}")
    assert answer.status == 200
    doc = answer.json
    assert doc["status"] == "finished" and doc["reason"] is None
    assert doc["game"] == "union-arena"
    assert doc["perspective"] == doc["submitted_perspective"] == "judge"
    summary = doc["summary"]
    assert summary["winner"] == "A"
    assert summary["result"] == {"winner": "A", "reason": "life"}
    assert summary["illegal_steps"] == [] and summary["unverifiable_steps"] == []
    assert summary["steps"] == 193
    replay = doc["replay"]
    assert replay["format"] == "judge-replay/2" and replay["detail"] == "compact"
    assert len(replay["steps"]) == 193
    assert doc["links"] == {
        "self": f"{live.base}/v1/replays/{finished}",
        "steps": f"{live.base}/v1/replays/{finished}/steps",
        "html": f"{live.base}/v1/replays/{finished}/html",
    }


def test_illegal_steps_are_in_the_summary(live, examples) -> None:
    log = json.loads((examples / "illegal-line-and-phase.json").read_text("utf-8"))
    job = live.post("/v1/replays?on_illegal=apply", log).json["id"]
    doc = live.get(f"/v1/replays/{job}?wait=30").json
    assert doc["status"] == "finished"
    assert doc["summary"]["illegal_steps"]
    assert doc["on_illegal"] == "apply"
    for index in doc["summary"]["illegal_steps"]:
        step = doc["replay"]["steps"][index]
        assert step["verdict"] == "illegal" and step["violations"][0]["rule"].startswith("UA-")


def test_unknown_job_is_404(live, problem) -> None:
    doc = problem(live.get("/v1/replays/" + "0" * 32), 404)
    assert doc["type"].endswith(":not-found")
    problem(live.get("/v1/replays/" + "0" * 32 + "/steps"), 404)
    problem(live.get("/v1/replays/" + "0" * 32 + "/html"), 404)
    problem(live.get("/v1/replays/not-an-id?wait=5"), 404)


# -- a job that does not run by itself: queued, waited for, failed ----------------------------------


@pytest.fixture(scope="module")
def held(start_server) -> Any:
    service = JudgeService(store=MemoryStore(), runner=HeldRunner())
    return start_server(create_app(service), service)


def test_wait_returns_after_the_time_when_the_job_does_not_finish(held, full_game, problem) -> None:
    job = held.post("/v1/replays", full_game).json["id"]
    start = time.monotonic()
    doc = held.get(f"/v1/replays/{job}?wait=0.4").json
    elapsed = time.monotonic() - start
    assert doc["status"] == "queued" and doc["replay"] is None and doc["summary"] is None
    assert 0.35 <= elapsed < 3
    # not finished: steps are a 409 with Retry-After; the page reloads itself
    steps = held.get(f"/v1/replays/{job}/steps")
    assert problem(steps, 409)["type"].endswith(":not-finished")
    assert steps.headers["retry-after"] == "1"
    page = held.get(f"/v1/replays/{job}/html")
    assert page.status == 202 and page.content_type.startswith("text/html")
    assert 'http-equiv="refresh"' in page.body.decode()


def test_wait_answers_as_soon_as_the_job_finishes(held, full_game) -> None:
    log = _variant(full_game, "wait")
    job = held.post("/v1/replays", log).json["id"]
    timer = threading.Timer(0.3, judge_job, args=(held.service.store, job))
    timer.start()
    start = time.monotonic()
    doc = held.get(f"/v1/replays/{job}?wait=20").json
    elapsed = time.monotonic() - start
    timer.join()
    assert doc["status"] == "finished" and doc["replay"] is not None
    assert 0.25 <= elapsed < 5


def test_a_failed_job_says_why(held, full_game, problem) -> None:
    from worker.service import fail

    job = held.post("/v1/replays", _variant(full_game, "failed")).json["id"]
    fail(held.service.store, job, "time limit exceeded: the replay took over 60 s")
    doc = held.get(f"/v1/replays/{job}?wait=10").json  # failed: no waiting
    assert doc["status"] == "failed"
    assert doc["reason"].startswith("time limit exceeded")
    assert problem(held.get(f"/v1/replays/{job}/steps"), 409)["type"].endswith(":replay-failed")
    problem(held.get(f"/v1/replays/{job}/html"), 409)


@pytest.mark.parametrize("wait", ["31", "-1", "soon", "nan"])
def test_bad_wait_is_400_naming_it(live, finished, problem, wait) -> None:
    doc = problem(live.get(f"/v1/replays/{finished}?wait={wait}"), 400)
    assert [e["path"] for e in doc["errors"]] == ["wait"]


# -- steps -------------------------------------------------------------------------------------------


def test_steps_are_paged(live, finished) -> None:
    first = live.get(f"/v1/replays/{finished}/steps").json
    assert (first["total"], first["offset"], first["limit"]) == (193, 0, 50)
    assert [s["index"] for s in first["steps"]] == list(range(50))
    assert first["next"] == f"{live.base}/v1/replays/{finished}/steps?offset=50&limit=50"
    page = live.get(f"/v1/replays/{finished}/steps?offset=180&limit=500").json
    assert [s["index"] for s in page["steps"]] == list(range(180, 193))
    assert page["next"] is None
    beyond = live.get(f"/v1/replays/{finished}/steps?offset=1000").json
    assert beyond["steps"] == [] and beyond["total"] == 193
    # the pages put together are the replay's steps
    whole = live.get(f"/v1/replays/{finished}").json["replay"]["steps"]
    pages, url = [], f"/v1/replays/{finished}/steps?limit=64"
    while url:
        doc = live.get(url).json
        pages += doc["steps"]
        url = doc["next"] and doc["next"][len(live.base) :]
    assert pages == whole


@pytest.mark.parametrize(
    "query,path",
    [
        ("limit=0", "limit"),
        ("limit=501", "limit"),
        ("limit=ten", "limit"),
        ("offset=-1", "offset"),
        ("offset=1.5", "offset"),
    ],
)
def test_bad_paging_is_400_naming_the_parameter(live, finished, problem, query, path) -> None:
    doc = problem(live.get(f"/v1/replays/{finished}/steps?{query}"), 400)
    assert [e["path"] for e in doc["errors"]] == [path]


# -- perspectives ---------------------------------------------------------------------------------


def test_a_perspective_narrows_the_replay(live, finished) -> None:
    judge = live.get(f"/v1/replays/{finished}").json["replay"]
    a_view = live.get(f"/v1/replays/{finished}?perspective=A").json
    assert a_view["perspective"] == "A"
    state = a_view["replay"]["steps"][19]["state"]["players"]  # a keyframe step
    assert isinstance(state["A"]["hand"], list)  # one's own hand
    assert isinstance(state["B"]["hand"], int)  # the other's: a count
    assert isinstance(judge["steps"][19]["state"]["players"]["B"]["hand"], list)
    page = live.get(f"/v1/replays/{finished}/steps?perspective=public&limit=40").json
    assert page["perspective"] == "public"
    keyframes = [s for s in page["steps"] if "state" in s]
    assert [s["index"] for s in keyframes] == [19, 39]
    assert all(isinstance(s["state"]["players"]["A"]["hand"], int) for s in keyframes)


def test_the_replay_is_sent_as_stored_and_a_narrowed_one_as_redacted(live, finished) -> None:
    """The judge's view carries the stored canonical JSON byte for byte (it is not decoded
    and encoded again); another view carries the redacted replay's canonical JSON."""
    from judge.core.canonical import canonical_bytes
    from judge.core.perspective import redact
    from judge.games import engine_class

    stored = live.service.store.result_bytes(finished)
    answer = live.get(f"/v1/replays/{finished}")
    assert answer.content_type.startswith("application/json")
    assert b'"replay":' + stored + b"," in answer.body
    assert answer.json["replay"] == json.loads(stored)
    narrowed = live.get(f"/v1/replays/{finished}?perspective=A")
    judged = json.loads(stored)
    # redacted with the records the worker stored beside the pages (worker.paged.RECORDS)
    records = live.service.store.stored_result(finished).records(0, len(judged["steps"]))
    expected = redact(judged, "A", engine_class("union-arena").private_zones, records)
    assert b'"replay":' + canonical_bytes(expected) + b"," in narrowed.body
    assert narrowed.json["replay"]["options"]["perspective"] == "A"


def test_a_wider_perspective_than_submitted_is_403(live, full_game, problem) -> None:
    job = live.post("/v1/replays?perspective=A", _variant(full_game, "persp")).json["id"]
    assert live.get(f"/v1/replays/{job}?wait=30").json["perspective"] == "A"
    assert live.get(f"/v1/replays/{job}?perspective=public").status == 200
    for wider in ("judge", "B"):
        doc = problem(live.get(f"/v1/replays/{job}?perspective={wider}"), 403)
        assert doc["type"].endswith(":perspective-refused")
        problem(live.get(f"/v1/replays/{job}/steps?perspective={wider}"), 403)
        problem(live.get(f"/v1/replays/{job}/html?perspective={wider}"), 403)


def test_an_unknown_perspective_is_400(live, finished, problem) -> None:
    doc = problem(live.get(f"/v1/replays/{finished}?perspective=Zed"), 400)
    assert [e["path"] for e in doc["errors"]] == ["perspective"]


# -- the page -------------------------------------------------------------------------------------


def test_the_html_page(live, finished) -> None:
    page = live.get(f"/v1/replays/{finished}/html")
    assert page.status == 200 and page.content_type.startswith("text/html")
    text = page.body.decode()
    assert text.startswith("<!DOCTYPE html>") and 'id="step-192"' in text
    public = live.get(f"/v1/replays/{finished}/html?perspective=public").body.decode()
    assert public != text


# -- refused input --------------------------------------------------------------------------------


def test_every_problem_is_reported_by_path(live, full_game, problem) -> None:
    log = copy.deepcopy(full_game)
    log["bogus"] = 1  # unknown field
    log["players"][0]["id"] = 7  # wrong type
    log["actions"][4]["do"] = "dance"  # unknown action kind
    log["actions"][5]["extra"] = True  # unknown field in an action
    answer = live.post("/v1/replays?on_illegal=never&perspective=nobody", log)
    doc = problem(answer, 400)
    assert doc["type"].endswith(":invalid-input")
    paths = {e["path"] for e in doc["errors"]}
    assert {"bogus", "players[0].id", "actions[4].do", "actions[5].extra", "on_illegal"} <= paths
    assert all(e["message"] for e in doc["errors"])


@pytest.mark.parametrize(
    "body,message",
    [
        ('{"format": ', "malformed JSON at line 1"),
        ("[1, 2]", "a log is a JSON object"),
        ('"log"', "a log is a JSON object"),
        ("", "malformed JSON"),
        ('{"x": NaN}', "not acceptable JSON"),
        ('{"x": 1e999999}', "out of range"),
        ('{"x": ' + "9" * 5000 + "}", "not acceptable JSON"),
    ],
)
def test_malformed_bodies_are_400(live, problem, body, message) -> None:
    answer = live.post("/v1/replays", body, headers={"Content-Type": "application/json"})
    doc = problem(answer, 400)
    if message:
        assert message in doc["errors"][0]["message"], doc


def test_not_utf8_is_400(live, problem) -> None:
    answer = live.post(
        "/v1/replays", b'{"a": "\xff"}', headers={"Content-Type": "application/json"}
    )
    assert "not UTF-8" in problem(answer, 400)["errors"][0]["message"]


@pytest.mark.parametrize("depth", [65, 900, 10_000, 100_000])
def test_deeply_nested_json_is_400_not_a_crash(live, problem, depth) -> None:
    body = '{"match": ' + "[" * depth + "]" * depth + "}"
    doc = problem(live.post("/v1/replays", body, headers={"Content-Type": "application/json"}), 400)
    assert "nested too deeply" in doc["errors"][0]["message"]
    objects = '{"a": ' * depth + "1" + "}" * depth
    deck = live.post("/v1/decks/check", objects, headers={"Content-Type": "application/json"})
    problem(deck, 400)
    assert live.get("/healthz").status == 200  # still up


def test_the_summary_lists_uncertain_steps(live) -> None:
    """A card whose text the engine cannot run makes later steps uncertain: the job's summary
    lists them beside the illegal and unverifiable ones (always, empty or not)."""
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    log = json.loads((root / "examples/union-arena/unverifiable-text-and-block.json").read_text())
    job = live.post("/v1/replays", _variant(log, "uncertain")).json["id"]
    summary = live.get(f"/v1/replays/{job}?wait=20").json["summary"]
    assert summary["uncertain_steps"] and min(summary["uncertain_steps"]) > min(
        summary["unverifiable_steps"]
    )
    assert summary["recorded_steps"] == []
