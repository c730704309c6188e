"""Hostile and careless bodies on the API (issue 10, "Bad input"): every one a problem
document naming the place, never a 500, and the service still answering.

Deep nesting (1,000 and 100,000 levels), a key given twice, a lone surrogate (a 500
before), 100,000 bad actions (a 23 MB answer before: now the first problems and how many
more), more actions than ``JUDGE_MAX_ACTIONS`` (a 413 naming the setting).
"""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest

from api import create_app
from judge.core.errors import MAX_ERRORS
from worker.service import SubmissionRefused, embedded_service

JSON = {"Content-Type": "application/json"}


@pytest.fixture(scope="module")
def roomy(start_server) -> Any:
    """A server whose action limit is raised to 200,000 (and its body limit to 32 MB)."""
    service = embedded_service(workers=1)
    config = {"JUDGE_MAX_ACTIONS": 200_000, "JUDGE_MAX_BODY": 32 * 1024 * 1024}
    return start_server(create_app(service, config), service)


def post(live: Any, text: str, path: str = "/v1/replays") -> Any:
    return live.post(path, text, headers=JSON)


@pytest.mark.parametrize("depth", [1_000, 100_000])
@pytest.mark.parametrize("path", ["/v1/replays", "/v1/decks/check"])
def test_deep_nesting_is_a_400_naming_the_limit(live, problem, depth, path) -> None:
    body = '{"game": "union-arena", "match": ' + "[" * depth + "]" * depth + "}"
    doc = problem(post(live, body, path), 400)
    assert doc["errors"] == [
        {
            "path": "",
            "message": "nested too deeply (the limit is 64 levels; set by the service's "
            "JUDGE_MAX_DEPTH)",
        }
    ]
    assert live.get("/healthz").status == 200


def test_a_top_level_key_given_twice_is_a_400(live, problem, full_game) -> None:
    text = '{"game": "union-arena", ' + json.dumps(full_game)[1:]
    doc = problem(post(live, text), 400)
    assert doc["errors"] == [{"path": "", "message": 'duplicate key "game"'}]


def test_a_key_given_twice_in_an_action_is_a_400_by_path(live, problem, full_game) -> None:
    action = json.dumps(full_game["actions"][3])
    text = json.dumps(full_game).replace(action, action[:-1] + ', "p": "B"}', 1)
    doc = problem(post(live, text), 400)
    assert doc["errors"] == [{"path": "actions[3]", "message": 'duplicate key "p"'}]


def test_a_key_given_twice_in_a_deck_document_is_a_400(live, problem) -> None:
    text = '{"game": "union-arena", "main": [], "main": [], "ap": []}'
    doc = problem(post(live, text, "/v1/decks/check"), 400)
    assert doc["errors"] == [{"path": "", "message": 'duplicate key "main"'}]


def test_a_lone_surrogate_is_a_400_by_path_not_a_500(live, problem, full_game) -> None:
    doc = copy.deepcopy(full_game)
    doc["players"][0]["name"] = "Aki@@HIGH@@"
    doc["actions"][5]["note"] = "look@@LOW@@"
    text = json.dumps(doc).replace("@@HIGH@@", "\\ud800").replace("@@LOW@@", "\\udc00")
    answer = problem(post(live, text), 400)
    assert [e["path"] for e in answer["errors"]] == ["actions[5].note", "players[0].name"]
    assert all("lone surrogate" in e["message"] for e in answer["errors"])
    assert "\\ud800" in answer["errors"][1]["message"]  # shown escaped: the answer is UTF-8


def test_100000_bad_actions_give_the_first_problems_and_how_many_more(
    roomy, problem, full_game
) -> None:
    doc = copy.deepcopy(full_game)
    doc["actions"] = [{"p": "X", "do": "dance"}] * 100_000
    answer = post(roomy, json.dumps(doc))
    found = problem(answer, 400)
    assert len(answer.body) < 50_000  # 23 MB before
    errors = found["errors"]
    assert len(errors) == MAX_ERRORS + 1
    assert errors[0]["path"] == "actions[0].do" and errors[2]["path"] == "actions[1].do"
    more = 200_000 - MAX_ERRORS  # two problems an action: do and p
    assert errors[-1] == {
        "path": "",
        "message": f"and {more:,} more problems, not listed (the first {MAX_ERRORS} are)",
    }
    assert "200,000 problems" in found["detail"]


def test_100001_actions_are_a_413_naming_the_setting(live, problem, full_game) -> None:
    doc = copy.deepcopy(full_game)
    doc["actions"] = [{"p": "A", "do": "proceed"}] * 100_001
    found = problem(post(live, json.dumps(doc)), 413)
    assert found["type"].endswith(":too-many-actions")
    message = "100,001 actions, over the limit of 10,000 (set by the service's JUDGE_MAX_ACTIONS)"
    assert found["errors"] == [{"path": "actions", "message": message}]
    assert "JUDGE_MAX_ACTIONS" in found["detail"]


def test_judge_max_actions_raises_the_limit(start_server, problem, full_game) -> None:
    n = len(full_game["actions"])
    service = embedded_service(workers=1)
    tight = start_server(create_app(service, {"JUDGE_MAX_ACTIONS": n - 1}), service)
    found = problem(tight.post("/v1/replays", full_game), 413)
    assert f"over the limit of {n - 1:,}" in found["errors"][0]["message"]
    service = embedded_service(workers=1)
    enough = start_server(create_app(service, {"JUDGE_MAX_ACTIONS": n}), service)
    assert enough.post("/v1/replays", full_game).status == 202


def test_the_service_reads_text_submissions_strictly(full_game) -> None:
    """worker.service's submit path: JSON text (not a dict already read) gets the same
    reader and limits."""
    service = embedded_service(workers=1)
    try:
        text = '{"game": "union-arena", ' + json.dumps(full_game)[1:]
        with pytest.raises(SubmissionRefused) as caught:
            service.submit(text)
        assert [str(e) for e in caught.value.errors] == ['<document>: duplicate key "game"']
        doc = copy.deepcopy(full_game)
        doc["actions"] = [{"p": "A", "do": "proceed"}] * 10_001
        with pytest.raises(SubmissionRefused) as caught:
            service.submit(json.dumps(doc))
        assert caught.value.errors[0].path == "actions"
        assert "over the limit of 10,000" in caught.value.errors[0].message
    finally:
        service.runner.shutdown()
