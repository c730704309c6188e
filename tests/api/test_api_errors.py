"""Every error is ``application/problem+json``: 400, 401, 403, 404, 405, 409, 413, 415, 500, 503.

403, 409 and most 400s are exercised with the endpoints (``test_api_replays``); here are the
ones that come from the app's own machinery: tokens, content types, sizes, routing, a store
that is down (a stub: that fault cannot be caused for real in embedded mode) and a bug.
"""

from __future__ import annotations

import http.client
import json
from typing import Any

import pytest

from api import create_app
from api.errors import is_store_unavailable, register_unavailable
from worker.service import JudgeService, MemoryStore, embedded_service
from worker.testing import HeldRunner


def _body(full_game: dict[str, Any], tag: str) -> str:
    doc = dict(full_game)
    doc["match"] = {**full_game.get("match", {}), "event": f"errors {tag}"}
    return json.dumps(doc)


# -- 401 -------------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def guarded(start_server) -> Any:
    service = embedded_service(workers=1)
    return start_server(create_app(service, {"JUDGE_TOKENS": "s3cret, other-token"}), service)


def test_posts_need_a_token_when_tokens_are_set(guarded, full_game, problem) -> None:
    body = _body(full_game, "auth")
    json_type = {"Content-Type": "application/json"}
    missing = guarded.post("/v1/replays", body, headers=json_type)
    doc = problem(missing, 401)
    assert doc["type"].endswith(":unauthorized")
    assert missing.headers["www-authenticate"].startswith("Bearer")
    wrong = guarded.post("/v1/replays", body, headers={**json_type, "Authorization": "Bearer nope"})
    problem(wrong, 401)
    basic = guarded.post(
        "/v1/replays", body, headers={**json_type, "Authorization": "Basic s3cret"}
    )
    problem(basic, 401)
    deck = guarded.post("/v1/decks/check", "{}", headers=json_type)
    problem(deck, 401)
    # the token comes before anything else: even a body that is not JSON gets 401
    problem(guarded.post("/v1/replays", "x", headers={"Content-Type": "text/plain"}), 401)

    ok = guarded.post("/v1/replays", body, headers={**json_type, "Authorization": "Bearer s3cret"})
    assert ok.status == 202
    other = guarded.post(
        "/v1/replays?on_illegal=stop",
        body,
        headers={**json_type, "Authorization": "bearer other-token"},
    )
    assert other.status == 202
    # GETs stay open
    assert guarded.get(ok.headers["location"][len(guarded.base) :]).status == 200
    assert guarded.get("/v1/games").status == 200


def test_the_document_says_posts_need_a_token(guarded) -> None:
    doc = guarded.get("/openapi.json").json
    assert doc["components"]["securitySchemes"]["bearer"]["scheme"] == "bearer"
    assert doc["paths"]["/v1/replays"]["post"]["security"] == [{"bearer": []}]
    assert "401" in doc["paths"]["/v1/decks/check"]["post"]["responses"]
    assert "security" not in doc["paths"]["/v1/replays/{replay_id}"]["get"]


def test_no_tokens_no_security_in_the_document(live) -> None:
    doc = live.get("/openapi.json").json
    assert "security" not in doc["paths"]["/v1/replays"]["post"]


# -- 404, 405 ----------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "path",
    ["/nope", "/v1", "/v1/games/chess/rules", "/v1/games/union-arena/rules/UA-NOPE", "/docs/x"],
)
def test_not_found_is_a_problem(live, problem, path) -> None:
    problem(live.get(path), 404)


@pytest.mark.parametrize(
    "method,path,allowed",
    [
        ("DELETE", "/v1/replays", "POST"),
        ("GET", "/v1/replays", "POST"),
        ("PUT", "/v1/games", "GET"),
        ("POST", "/healthz", "GET"),
        ("PATCH", "/v1/decks/check", "POST"),
    ],
)
def test_method_not_allowed_is_a_problem_with_allow(live, problem, method, path, allowed) -> None:
    answer = live.request(method, path)
    problem(answer, 405)
    assert allowed in answer.headers["allow"]


# -- 413, 415 ----------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def small(start_server) -> Any:
    service = embedded_service(workers=1)
    return start_server(create_app(service, {"JUDGE_MAX_BODY": 2000}), service)


def test_a_body_over_the_limit_is_413(small, live, problem) -> None:
    big = "{" + " " * 5000 + "}"
    json_type = {"Content-Type": "application/json"}
    doc = problem(small.post("/v1/replays", big, headers=json_type), 413)
    assert "2000 bytes" in doc["detail"]
    problem(small.post("/v1/decks/check", big, headers=json_type), 413)
    # the default limit is 5 MB
    huge = b"{" + b" " * (5 * 1024 * 1024 + 10) + b"}"
    problem(live.post("/v1/replays", huge, headers=json_type), 413)
    # under the limit: judged as usual
    assert small.post("/v1/replays", "{}", headers=json_type).status == 400


def test_a_chunked_body_over_the_limit_is_413(small) -> None:
    conn = http.client.HTTPConnection(small.host, small.port, timeout=20)
    try:
        chunks = [b'{"a": "'] + [b"x" * 500] * 8 + [b'"}']
        conn.request(
            "POST",
            "/v1/replays",
            body=iter(chunks),
            headers={"Content-Type": "application/json"},
            encode_chunked=True,
        )
        answer = conn.getresponse()
        assert answer.status == 413
        assert answer.getheader("Content-Type").startswith("application/problem+json")
        answer.read()
    finally:
        conn.close()


@pytest.mark.parametrize(
    "headers",
    [{}, {"Content-Type": "text/plain"}, {"Content-Type": "application/x-www-form-urlencoded"}],
)
def test_posts_without_a_json_content_type_are_415(live, full_game, problem, headers) -> None:
    for path in ("/v1/replays", "/v1/decks/check"):
        doc = problem(live.post(path, _body(full_game, "415"), headers=headers), 415)
        assert doc["type"].endswith(":unsupported-media-type")


def test_json_suffix_types_are_json(live, problem) -> None:
    answer = live.post("/v1/replays", "{}", headers={"Content-Type": "application/vnd.log+json"})
    problem(answer, 400)  # read as JSON, refused as a log


# -- 503: a store that is down -----------------------------------------------------------------------


class StoreUnavailable(Exception):
    """Named like the Redis store's: the API knows it by name."""


class _DownStore:
    """Every method raises, as a store whose server is gone."""

    def __init__(self, error: type[BaseException]) -> None:
        self.error = error

    def __getattr__(self, name: str) -> Any:
        def down(*args: Any, **kwargs: Any) -> Any:
            raise self.error(f"store down ({name})")

        return down


@pytest.fixture(scope="module", params=[StoreUnavailable, ConnectionRefusedError])
def down(request, start_server) -> Any:
    service = JudgeService(store=_DownStore(request.param), runner=HeldRunner(), mode="redis")
    return start_server(create_app(service), service)


def test_a_store_that_is_down_gives_503_with_retry_after(down, full_game, problem) -> None:
    json_type = {"Content-Type": "application/json"}
    for answer in (
        down.get("/v1/replays/" + "a" * 32),
        down.get("/v1/replays/" + "a" * 32 + "/steps"),
        down.get("/v1/replays/" + "a" * 32 + "/html"),
        down.post("/v1/replays", _body(full_game, "503"), headers=json_type),
        down.get("/readyz"),
    ):
        doc = problem(answer, 503)
        assert int(answer.headers["retry-after"]) > 0
        assert "Traceback" not in answer.body.decode()
        assert doc["type"].endswith((":store-unavailable", ":not-ready"))
    assert down.get("/healthz").status == 200  # the process is up
    ready = down.get("/readyz").json
    assert (ready["ready"], ready["store"], ready["mode"]) == (False, False, "redis")


def test_readyz_is_503_without_workers_or_when_ping_fails(start_server, problem) -> None:
    class NoWorkers(HeldRunner):
        def workers_alive(self) -> int:
            return 0

    class Silent(MemoryStore):
        def ping(self) -> bool:
            return False

    idle = JudgeService(store=MemoryStore(), runner=NoWorkers())
    served = start_server(create_app(idle), idle)
    doc = problem(served.get("/readyz"), 503)
    assert "no worker" in doc["detail"] and doc["workers"] == 0 and doc["store"] is True
    silent = JudgeService(store=Silent(), runner=HeldRunner())
    served = start_server(create_app(silent), silent)
    doc = problem(served.get("/readyz"), 503)
    assert "store" in doc["detail"] and doc["store"] is False


def test_readyz_and_healthz_when_all_is_well(live) -> None:
    assert live.get("/healthz").json == {"status": "ok"}
    assert live.get("/readyz").json == {
        "ready": True,
        "store": True,
        "workers": 2,
        "mode": "embedded",
    }


def test_unavailable_exceptions_by_name_and_by_registration() -> None:
    class Other(Exception):
        pass

    class Sub(StoreUnavailable):
        pass

    assert is_store_unavailable(StoreUnavailable())
    assert is_store_unavailable(Sub())
    assert is_store_unavailable(ConnectionResetError())
    assert not is_store_unavailable(Other())
    register_unavailable(Other)
    assert is_store_unavailable(Other())


# -- 500: a bug is logged, never shown -----------------------------------------------------------------


@pytest.fixture()
def problem_client() -> Any:
    def check(answer: Any, status: int) -> dict[str, Any]:
        assert answer.status_code == status, answer.data[:300]
        assert answer.mimetype == "application/problem+json"
        return answer.get_json()

    return check


def test_a_bug_is_a_500_problem_without_the_traceback(problem_client, caplog) -> None:
    class Broken(MemoryStore):
        def get(self, job_id: str) -> Any:
            raise KeyError("secret internal detail")

    service = JudgeService(store=Broken(), runner=HeldRunner())
    client = create_app(service).test_client()
    answer = client.get("/v1/replays/" + "b" * 32)
    doc = problem_client(answer, 500)
    assert doc["type"].endswith(":internal-error")
    assert "secret" not in answer.get_data(as_text=True)
    assert "Traceback" not in answer.get_data(as_text=True)
    assert any("unexpected error" in r.getMessage() for r in caplog.records)


def test_recursion_anywhere_is_a_400(problem_client) -> None:
    class Deep(MemoryStore):
        def get(self, job_id: str) -> Any:
            raise RecursionError("maximum recursion depth exceeded")

    client = create_app(JudgeService(store=Deep(), runner=HeldRunner())).test_client()
    problem_client(client.get("/v1/replays/" + "c" * 32), 400)
