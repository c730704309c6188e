"""``/v1/card-sets`` over real HTTP on the embedded backend: keep, list, read back; logs
submitted to ``/v1/replays`` naming a kept set by hash or name, validated and judged
against it.  The cards are the project's own made-up ones."""

from __future__ import annotations

import json
from typing import Any

import pytest

from api import create_app
from judge.core.cardsets import read_card_set
from judge.core.replay import replay
from worker.service import embedded_service

try:
    from test_cardsets import TEXT, deck_naming, full_game, log_naming, sample_set
except ImportError:  # run from the repository's root
    from tests.test_cardsets import TEXT, deck_naming, full_game, log_naming, sample_set

Live = Any  # tests/api/conftest.py's Live


@pytest.fixture(scope="module")
def api(start_server: Any) -> Live:
    """An app of its own (its sets are its own), with a small body limit."""
    service = embedded_service(workers=2)
    return start_server(create_app(service, config={"JUDGE_MAX_BODY": 200_000}), service)


def post_set(api: Live, doc: Any, **kwargs: Any) -> Any:
    body = doc if isinstance(doc, str | bytes) else json.dumps(doc)
    return api.post("/v1/card-sets", body, headers={"Content-Type": "application/json"}, **kwargs)


def test_a_set_is_kept_by_its_hash_and_the_same_set_again_has_the_same_id(api: Live) -> None:
    doc = sample_set("kept")
    expected = read_card_set(doc)
    first = post_set(api, doc)
    assert first.status == 201, first.body
    assert first.json["id"] == expected.ref and first.json["sha256"] == expected.sha256
    assert (first.json["name"], first.json["game"], first.json["cards"]) == (
        "kept",
        "union-arena",
        42,
    )
    assert first.json["created"] is True
    assert first.headers["location"] == first.json["url"]
    assert first.json["url"].endswith(f"/v1/card-sets/{expected.ref}")
    # the same set, written otherwise: the same id, nothing new
    again = post_set(api, json.dumps(dict(reversed(list(doc.items()))), indent=2))
    assert again.status == 200 and again.json["id"] == expected.ref
    assert again.json["created"] is False
    # listed, and read back as posted
    listed = api.get("/v1/card-sets")
    assert listed.status == 200
    mine = [s for s in listed.json["card_sets"] if s["sha256"] == expected.sha256]
    assert mine == [
        {
            "name": "kept",
            "game": "union-arena",
            "sha256": expected.sha256,
            "cards": 42,
            "url": first.json["url"],
            "expires": again.json["expires"],
        }
    ]
    assert again.json["expires"] >= first.json["expires"]  # renewed by the upload
    for ref in (expected.ref, expected.sha256):
        got = api.get(f"/v1/card-sets/{ref}")
        assert got.status == 200 and got.json == doc
        assert got.json["cards"][0]["text"] == TEXT


def test_a_bad_set_is_a_400_naming_every_problem_by_path(api: Live, problem: Any) -> None:
    doc = sample_set("ua-sample", extra=1)
    del doc["cards"][0]["bp"]
    doc["cards"][2]["code"] = doc["cards"][1]["code"]
    answer = post_set(api, doc)
    body = problem(answer, 400)
    paths = {e["path"]: e["message"] for e in body["errors"]}
    assert paths["cards[0].bp"] == "required for character cards"
    assert paths["cards[2].code"].startswith("duplicate card code")
    assert paths["name"].startswith("'ua-sample' is a built-in set's name")
    assert paths["extra"].startswith("unknown field")
    dup = problem(post_set(api, '{"format": "judge-card-set/1", "format": "x"}'), 400)
    assert dup["errors"] == [{"path": "", "message": 'duplicate key "format"'}]
    assert problem(post_set(api, "[1, 2]"), 400)["errors"][0]["path"] == ""


def test_a_set_over_the_body_limit_is_a_413(api: Live, problem: Any) -> None:
    doc = sample_set("big", description="x" * 250_000)
    problem(post_set(api, doc), 413)


def test_an_unknown_set_is_a_404(api: Live, problem: Any) -> None:
    for ref in ("sha256:" + "0" * 64, "0" * 64, "nope", "sha256:xyz"):
        body = problem(api.get(f"/v1/card-sets/{ref}"), 404)
        assert "GET /v1/card-sets lists yours" in body["detail"]


def judged(api: Live, log: dict[str, Any]) -> Any:
    answer = api.post("/v1/replays", log)
    assert answer.status in (200, 202), answer.body
    done = api.get(f"/v1/replays/{answer.json['id']}?wait=30")
    assert done.json["status"] == "finished", done.body
    return done.json


def test_a_log_naming_a_kept_set_is_validated_and_judged_against_it(
    api: Live, problem: Any
) -> None:
    doc = sample_set("judged-by")
    card_set = read_card_set(doc)
    assert post_set(api, doc).status in (200, 201)
    inline = full_game()
    inline["cards"][0]["text"] = TEXT
    expected = replay(inline)
    for ref in (card_set.ref, "judged-by"):
        job = judged(api, log_naming(ref))
        assert job["replay"]["card_sets"] == [
            {"ref": ref, "name": "judged-by", "sha256": card_set.sha256}
        ]
        assert job["replay"]["steps"] == expected["steps"]
        assert job["replay"]["cards"] == expected["cards"]
        assert job["summary"]["illegal_steps"] == []
    # a hash no set has: refused at once, by path
    body = problem(api.post("/v1/replays", log_naming("sha256:" + "1" * 64)), 400)
    assert [e["path"] for e in body["errors"]] == ["card_sets[0]"]
    assert body["errors"][0]["message"].startswith("no card set with hash sha256:111")
    # a second set of that name: the name is ambiguous now, the hash still names one
    other = sample_set("judged-by", description="a second version")
    assert post_set(api, other).status == 201
    body = problem(api.post("/v1/replays", log_naming("judged-by")), 400)
    assert body["errors"][0]["message"].startswith("2 card sets are named 'judged-by'")
    assert judged(api, log_naming(card_set.ref))["summary"]["illegal_steps"] == []


def test_the_openapi_document_describes_the_card_set_operations(api: Live) -> None:
    spec = api.get("/openapi.json").json
    operations = {
        op["operationId"]: (path, method)
        for path, item in spec["paths"].items()
        for method, op in item.items()
        if isinstance(op, dict) and "operationId" in op
    }
    assert operations["postCardSet"] == ("/v1/card-sets", "post")
    assert operations["listCardSets"] == ("/v1/card-sets", "get")
    assert operations["getCardSet"] == ("/v1/card-sets/{ref}", "get")
    post = spec["paths"]["/v1/card-sets"]["post"]
    assert set(post["responses"]) >= {"200", "201", "400", "413", "415"}
    body = post["requestBody"]["content"]["application/json"]["schema"]
    assert body["$ref"].endswith("CardSetDocument")


def test_a_log_naming_too_many_sets_is_refused_before_the_store_is_read(
    api: Live, problem: Any
) -> None:
    from worker.cardsets import MAX_SETS_PER_LOG

    log = log_naming("a")
    log["card_sets"] = [f"sha256:{n:064x}" for n in range(MAX_SETS_PER_LOG + 1)]
    body = problem(api.post("/v1/replays", log), 400)
    assert body["errors"] == [
        {
            "path": "card_sets",
            "message": f"names {MAX_SETS_PER_LOG + 1} card sets that are not built in; "
            f"at most {MAX_SETS_PER_LOG}",
        }
    ]


def test_a_deck_check_looks_codes_up_in_a_kept_set(api: Live, problem: Any) -> None:

    doc = sample_set("deckset")
    assert post_set(api, doc).status in (200, 201)
    ref = read_card_set(doc).ref
    for name in ("deckset", ref):
        got = api.post(
            "/v1/decks/check",
            json.dumps(deck_naming(name)),
            headers={"Content-Type": "application/json"},
        )
        assert got.status == 200, got.body
        assert got.json["legal"] is True
    missing = api.post(
        "/v1/decks/check",
        json.dumps(deck_naming("no-such-set")),
        headers={"Content-Type": "application/json"},
    )
    errors = {e["path"]: e["message"] for e in problem(missing, 400)["errors"]}
    assert errors["card_sets[0]"].startswith("unknown card set 'no-such-set'")
