"""Card sets have owners: a name is the owner's, a hash is anybody's, the list is one's own.

The attack these reproduce: with names shared by every client, a second set uploaded under a
name somebody else's logs use made those logs fail ("2 card sets are named ..."), and the
first set uploaded under a name decided how every log naming it was judged.  Each test runs
on the embedded store and on a real Redis, through the app (Flask's test client) with
``JUDGE_TOKENS`` on: two tokens are two owners.  Jobs are held (a runner that only queues,
as a queue with no worker) and judged by :func:`worker.service.judge_job` when the test
says, so that uploads can happen between a submission and its judging.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from api import create_app
from judge.core.cardsets import read_card_set
from worker.service import JudgeService, MemoryStore, judge_job
from worker.testing import REDIS_SERVER, HeldRunner, RedisServer

try:
    from test_cardsets import full_game, log_naming, sample_set
except ImportError:  # run from the repository's root
    from tests.test_cardsets import full_game, log_naming, sample_set

X, Y = "token-of-x", "token-of-y"


@pytest.fixture(scope="module")
def redis_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[RedisServer]:
    if REDIS_SERVER is None:
        pytest.skip("redis-server is not installed")
    server = RedisServer(tmp_path_factory.mktemp("redis")).start()
    yield server
    server.stop()


@pytest.fixture(params=["embedded", "redis"])
def service(request: pytest.FixtureRequest, tmp_path: Path) -> JudgeService:
    if request.param == "embedded":
        return JudgeService(store=MemoryStore(), runner=HeldRunner())
    import redis

    from worker.redis_store import RedisStore

    url = request.getfixturevalue("redis_server").url
    client = redis.Redis.from_url(url)
    client.flushall()
    return JudgeService(
        store=RedisStore(client, result_ttl=600), runner=HeldRunner(), ttl=600, mode="redis"
    )


@pytest.fixture
def client(service: JudgeService) -> Any:
    # the per-client rate limits are not what this tests (250 uploads in a second)
    config = {"JUDGE_TOKENS": f"{X},{Y}", "JUDGE_RATE_LIMITS": "off"}
    return create_app(service, config=config).test_client()


def auth(token: str | None) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"} if token else {}


def post_set(client: Any, token: str, doc: dict[str, Any]) -> Any:
    return client.post("/v1/card-sets", json=doc, headers=auth(token))


def small_set(name: str, version: int = 0) -> dict[str, Any]:
    """A set of one card: a distinct hash for each (name, version)."""
    doc = sample_set(name, description=f"version {version}")
    doc["cards"] = doc["cards"][:1]
    return doc


def full_set(name: str, version: int = 0) -> dict[str, Any]:
    """Every card of the example game (a log can be judged with it), a distinct hash."""
    return sample_set(name, description=f"version {version}")


def kept(client: Any, token: str, doc: dict[str, Any]) -> str:
    answer = post_set(client, token, doc)
    assert answer.status_code in (200, 201), answer.json
    return answer.json["sha256"]


def judged_with(service: JudgeService, job_id: str) -> list[str]:
    """Judge a held job now; the hashes its replay used."""
    assert judge_job(service.store, job_id) == "finished", service.get(job_id).reason
    return [s["sha256"] for s in service.store.result(job_id)["card_sets"]]


def test_a_name_resolves_among_the_submitters_own_sets_whoever_uploads_it(
    client: Any, service: JudgeService
) -> None:
    before = kept(client, Y, sample_set("abc", description="squatted first"))
    mine = kept(client, X, sample_set("abc", description="x's own"))
    after = kept(client, Y, sample_set("abc", description="squatted again"))
    # X's log naming abc: X's set, although Y has two of that name
    answer = client.post("/v1/replays", json=log_naming("abc"), headers=auth(X))
    assert answer.status_code == 202, answer.json
    assert judged_with(service, answer.json["id"]) == [mine]
    # Y's own two make the name ambiguous for Y alone, naming Y's hashes, never X's
    answer = client.post("/v1/replays", json=log_naming("abc"), headers=auth(Y))
    assert answer.status_code == 400
    assert answer.content_type == "application/problem+json"
    (error,) = answer.json["errors"]
    assert error["path"] == "card_sets[0]"
    assert error["message"].startswith("2 card sets are named 'abc'")
    assert before in error["message"] and after in error["message"]
    assert mine not in error["message"]
    # a hash names anybody's set
    answer = client.post("/v1/replays", json=log_naming("sha256:" + before), headers=auth(X))
    assert answer.status_code == 202 and judged_with(service, answer.json["id"]) == [before]
    # a deck check and a question resolve the name as the submission does
    deck = {"game": "union-arena", "card_sets": ["abc"], "main": [], "ap": []}
    checked = client.post("/v1/decks/check", json=deck, headers=auth(X))
    assert checked.status_code == 200, checked.json
    checked = client.post("/v1/decks/check", json=deck, headers=auth(Y))
    assert checked.status_code == 400
    assert checked.json["errors"][0]["message"].find("2 card sets are named 'abc'") >= 0
    question = {"format": "judge-question/1", "kind": "explain", "log": log_naming("abc")}
    question["step"] = 1
    asked = client.post("/v1/rulings", json=question, headers=auth(X))
    assert asked.status_code == 200, asked.json
    asked = client.post("/v1/rulings", json=question, headers=auth(Y))
    assert asked.status_code == 400


def test_an_accepted_job_keeps_the_hash_its_name_resolved_to(
    client: Any, service: JudgeService
) -> None:
    first = kept(client, X, full_set("abc", 1))
    answer = client.post("/v1/replays", json=log_naming("abc"), headers=auth(X))
    assert answer.status_code == 202, answer.json
    job = answer.json["id"]
    # X uploads a second abc, Y uploads one, X deletes the first: the job is unchanged
    second = kept(client, X, full_set("abc", 2))
    kept(client, Y, full_set("abc", 3))
    assert client.delete(f"/v1/card-sets/sha256:{first}", headers=auth(X)).status_code == 204
    assert service.get(job).card_sets == {"abc": first}
    assert judged_with(service, job) == [first]
    # a question on the stored replay sees the same cards (not the ambiguous name)
    question = {"format": "judge-question/1", "kind": "explain", "replay": job, "step": 1}
    asked = client.post("/v1/rulings", json=question, headers=auth(X))
    assert asked.status_code == 200, asked.json
    # a new log naming abc now is ambiguous among X's own two: the first is X's no more
    answer = client.post("/v1/replays", json=log_naming("abc"), headers=auth(X))
    assert answer.status_code == 202, answer.json  # the first was deleted: one abc is left
    assert judged_with(service, answer.json["id"]) == [second]


def test_the_same_log_naming_a_name_from_two_owners_is_two_jobs(
    client: Any, service: JudgeService
) -> None:
    x = kept(client, X, full_set("same", 1))
    y = kept(client, Y, full_set("same", 2))
    jobs = [
        client.post("/v1/replays", json=log_naming("same"), headers=auth(t)).json["id"]
        for t in (X, Y)
    ]
    assert jobs[0] != jobs[1]
    assert [judged_with(service, j) for j in jobs] == [[x], [y]]


def test_the_list_needs_the_token_and_shows_only_ones_own_sets(client: Any) -> None:
    only_x = kept(client, X, small_set("xs"))
    only_y = kept(client, Y, small_set("ys"))
    shared = small_set("both")
    assert post_set(client, X, shared).status_code == 201
    # the other owner's upload of the same set is new for it: nothing leaks
    assert post_set(client, Y, shared).status_code == 201
    assert post_set(client, Y, shared).status_code == 200
    for headers in ({}, auth("not-a-token")):
        answer = client.get("/v1/card-sets", headers=headers)
        assert answer.status_code == 401
        assert answer.content_type == "application/problem+json"
        assert answer.headers["WWW-Authenticate"].startswith("Bearer")
    both = read_card_set(shared).sha256
    for token, own in ((X, only_x), (Y, only_y)):
        listed = client.get("/v1/card-sets", headers=auth(token)).json
        assert [s["sha256"] for s in listed["card_sets"]] == [both, own]
        assert "next" not in listed
    # a set by hash stays open, as a job's GETs are
    assert client.get(f"/v1/card-sets/sha256:{only_x}").status_code == 200


def test_the_list_is_paged_with_a_cursor_each_set_once_in_a_stable_order(client: Any) -> None:
    uploaded = set()
    for i in range(250):
        # names repeat (two versions of every tenth), so the hash orders them too
        uploaded.add(kept(client, X, small_set(f"set-{i % 240:03d}", i)))
    expected_order = None
    seen: list[tuple[str, str]] = []
    url: str | None = "/v1/card-sets?limit=40"
    pages = 0
    while url is not None:
        answer = client.get(url, headers=auth(X))
        assert answer.status_code == 200, answer.json
        page = answer.json
        assert 1 <= len(page["card_sets"]) <= 40 and page["limit"] == 40
        seen += [(s["name"], s["sha256"]) for s in page["card_sets"]]
        pages += 1
        if pages == 2:  # sets uploaded meanwhile: before the cursor not seen, after it once
            kept(client, X, small_set("set-000", 999))
            kept(client, X, small_set("zzz-late", 0))
        url = page.get("next")
    assert pages == 7 and seen == sorted(seen)
    assert len(seen) == len(set(seen)) == 251
    assert {h for _, h in seen} == uploaded | {read_card_set(small_set("zzz-late", 0)).sha256}
    expected_order = sorted(seen)
    assert seen == expected_order
    default = client.get("/v1/card-sets", headers=auth(X)).json
    assert len(default["card_sets"]) == 100 and "cursor=" in default["next"]
    # a page is bounded; a bad limit or cursor is a 400 naming it
    for query, path in (("limit=501", "limit"), ("limit=0", "limit"), ("cursor=abc", "cursor")):
        answer = client.get(f"/v1/card-sets?{query}", headers=auth(X))
        assert answer.status_code == 400, query
        assert [e["path"] for e in answer.json["errors"]] == [path]
    # Y sees none of them
    assert client.get("/v1/card-sets", headers=auth(Y)).json["card_sets"] == []


def test_a_delete_removes_the_owners_claim_only(client: Any) -> None:
    own = kept(client, X, small_set("gone"))
    url = f"/v1/card-sets/sha256:{own}"
    assert client.delete(url).status_code == 401  # the token is needed
    other = client.delete(url, headers=auth(Y))  # not Y's: as if there were none
    assert other.status_code == 404 and other.content_type == "application/problem+json"
    assert client.get(url).status_code == 200
    assert client.delete(url, headers=auth(X)).status_code == 204
    assert client.get(url).status_code == 404  # nobody else keeps it, no job needs it
    assert client.delete(url, headers=auth(X)).status_code == 404
    assert client.get("/v1/card-sets", headers=auth(X)).json["card_sets"] == []
    # one document, two owners: each delete removes its own claim
    shared = full_set("shared")
    sha = kept(client, X, shared)
    assert kept(client, Y, copy.deepcopy(shared)) == sha
    url = f"/v1/card-sets/sha256:{sha}"
    assert client.delete(url, headers=auth(X)).status_code == 204
    assert client.get(url).status_code == 200
    assert [
        s["sha256"] for s in client.get("/v1/card-sets", headers=auth(Y)).json["card_sets"]
    ] == [sha]
    assert client.get("/v1/card-sets", headers=auth(X)).json["card_sets"] == []
    # X's log may still name it by hash (Y keeps it), no more by name
    by_name = client.post("/v1/replays", json=log_naming("shared"), headers=auth(X))
    assert by_name.status_code == 400
    assert by_name.json["errors"][0]["message"].startswith("unknown card set 'shared'")
    log = full_game()
    log["cards"], log["card_sets"] = [], ["sha256:" + sha]
    assert client.post("/v1/replays", json=log, headers=auth(X)).status_code == 202
    assert client.delete(url, headers=auth(Y)).status_code == 204
    # pinned by X's job: readable until the job is gone
    assert client.get(url).status_code == 200
    assert client.delete("/v1/card-sets/not-a-hash", headers=auth(X)).status_code == 404


def test_the_openapi_document_describes_paging_and_delete(client: Any) -> None:
    spec = client.get("/openapi.json").json
    item = spec["paths"]["/v1/card-sets/{ref}"]
    assert item["delete"]["operationId"] == "deleteCardSet"
    assert set(item["delete"]["responses"]) >= {"204", "401", "404"}
    listing = spec["paths"]["/v1/card-sets"]["get"]
    assert {p["name"] for p in listing["parameters"]} >= {"limit", "cursor"}
    assert listing["security"] == [{"bearer": []}] and "401" in listing["responses"]
    assert "security" not in item["get"]
    page = spec["components"]["schemas"]["CardSetList"]["properties"]
    assert {"card_sets", "limit", "next"} <= set(page)
    assert json.dumps(spec)  # serialisable
