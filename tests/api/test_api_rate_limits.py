"""Per-client rate limits (api/ratelimit.py): one client's submissions, body bytes and other
requests are counted per window, by token where tokens are on, by address otherwise; over a
budget is a 429 problem with ``Retry-After``; health probes are never counted.

Apps are built with the limits on (the suite turns them off by default, tests/conftest.py)
and small budgets, and driven with Flask's test client (``REMOTE_ADDR`` set per request).
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from api import create_app
from worker.service import embedded_service

DECK = "/v1/decks/check"


def make_app(service: Any = None, **config: Any) -> Any:
    settings = {
        "JUDGE_RATE_LIMITS": "on",
        "JUDGE_RATE_SUBMISSIONS": "1000/minute",
        "JUDGE_RATE_BODY_KB": "100000/hour",
        "JUDGE_RATE_REQUESTS": "1000/minute",
        **config,
    }
    return create_app(service or embedded_service(workers=1), settings)


def post(client: Any, path: str = DECK, body: str = "{}", addr: str = "10.0.0.1", **headers: str):
    return client.post(
        path,
        data=body,
        content_type="application/json",
        headers=headers,
        environ_base={"REMOTE_ADDR": addr},
    )


def assert_rate_limited(answer: Any, setting: str) -> dict[str, Any]:
    assert answer.status_code == 429, answer.get_data(as_text=True)[:300]
    assert answer.content_type.startswith("application/problem+json")
    doc = answer.get_json()
    assert doc["type"] == "urn:tcg-judge:problem:rate-limited"
    assert doc["status"] == 429
    assert setting in doc["detail"]
    assert int(answer.headers["Retry-After"]) >= 1
    assert "X-RateLimit-Limit" in answer.headers and "X-RateLimit-Reset" in answer.headers
    return doc


def test_submissions_over_the_budget_are_429_with_retry_after() -> None:
    client = make_app(JUDGE_RATE_SUBMISSIONS="3/minute").test_client()
    answers = [post(client) for _ in range(3)]
    assert [a.status_code for a in answers] == [400, 400, 400]  # counted, not refused
    assert [a.headers["X-RateLimit-Remaining"] for a in answers] == ["2", "1", "0"]
    assert [a.headers["X-RateLimit-Limit"] for a in answers] == ["3", "3", "3"]
    assert all("Retry-After" not in a.headers for a in answers)  # only a 429 says when
    assert_rate_limited(post(client), "JUDGE_RATE_SUBMISSIONS")
    # the four POSTs share one budget: another endpoint is refused too
    assert_rate_limited(post(client, "/v1/rulings"), "JUDGE_RATE_SUBMISSIONS")
    assert_rate_limited(post(client, "/v1/replays"), "JUDGE_RATE_SUBMISSIONS")
    # another client is not
    assert post(client, addr="10.0.0.2").status_code == 400
    # reads have their own budget
    assert client.get("/v1/games", environ_base={"REMOTE_ADDR": "10.0.0.1"}).status_code == 200


def test_the_body_budget_counts_kilobytes() -> None:
    client = make_app(JUDGE_RATE_BODY_KB="10/hour").test_client()
    body = "{}" + " " * 6 * 1024  # 6 KB of JSON (whitespace): 7 KB counted, rounded up
    first = post(client, body=body)
    assert first.status_code == 400
    assert_rate_limited(post(client, body=body), "JUDGE_RATE_BODY_KB")
    assert post(client, body="{}").status_code == 400  # 1 KB still fits


def test_a_chunked_body_is_counted_too() -> None:
    """Over real HTTP: a body sent chunked (no Content-Length) is read and counted."""
    import http.client

    from worker import testing

    server = testing.serve(make_app(JUDGE_RATE_BODY_KB="10/hour"))
    try:

        def chunked() -> int:
            conn = http.client.HTTPConnection("127.0.0.1", server.server_port, timeout=30)
            body = iter([b"{}", b" " * 9 * 1024])  # 9 KB and 2 bytes: 10 KB counted
            conn.request(
                "POST", DECK, body=body, headers={"Content-Type": "application/json"},
                encode_chunked=True,
            )  # fmt: skip
            status = conn.getresponse().status
            conn.close()
            return status

        assert chunked() == 400
        assert chunked() == 429
    finally:
        server.shutdown()
        server.server_close()


def test_keyed_by_token_where_tokens_are_on() -> None:
    client = make_app(JUDGE_TOKENS="tok-a,tok-b", JUDGE_RATE_SUBMISSIONS="2/minute").test_client()
    a = {"Authorization": "Bearer tok-a"}
    b = {"Authorization": "Bearer tok-b"}
    # one token from two addresses is one client
    assert post(client, addr="10.0.0.1", **a).status_code == 400
    assert post(client, addr="10.0.0.2", **a).status_code == 400
    assert_rate_limited(post(client, addr="10.0.0.3", **a), "JUDGE_RATE_SUBMISSIONS")
    # another token, from the same address, is another client
    assert post(client, addr="10.0.0.1", **b).status_code == 400


def test_made_up_tokens_do_not_make_fresh_budgets() -> None:
    client = make_app(JUDGE_TOKENS="tok-a", JUDGE_RATE_REQUESTS="3/minute").test_client()
    codes = [
        client.get("/v1/games", headers={"Authorization": f"Bearer made-up-{n}"}).status_code
        for n in range(4)
    ]
    assert codes == [200, 200, 200, 429]  # counted by address: the tokens are not known


def test_health_is_never_limited() -> None:
    client = make_app(JUDGE_RATE_REQUESTS="2/minute").test_client()
    for _ in range(20):
        for path in ("/healthz", "/readyz"):
            answer = client.get(path)
            assert answer.status_code == 200, answer.get_data(as_text=True)
            assert "X-RateLimit-Limit" not in answer.headers
    assert client.get("/v1/games").status_code == 200
    assert client.get("/v1/games").status_code == 200
    assert_rate_limited(client.get("/v1/games"), "JUDGE_RATE_REQUESTS")
    assert client.get("/healthz").status_code == 200


def test_forwarded_for_is_trusted_only_behind_the_configured_proxies() -> None:
    def two_clients(app: Any) -> list[int]:
        client = app.test_client()
        codes = []
        for addr in ("203.0.113.1", "203.0.113.2"):
            codes.append(post(client, addr="172.18.0.5", **{"X-Forwarded-For": addr}).status_code)
        return codes

    # no proxy trusted: both come from the proxy's address, one budget
    assert two_clients(make_app(JUDGE_RATE_SUBMISSIONS="1/minute")) == [400, 429]
    # one proxy trusted: the forwarded addresses are the clients
    behind = make_app(JUDGE_RATE_SUBMISSIONS="1/minute", JUDGE_TRUSTED_PROXIES="1")
    assert two_clients(behind) == [400, 400]


def test_bad_settings_are_refused_at_start() -> None:
    from worker.config import SettingsError

    for key, value in (
        ("JUDGE_RATE_SUBMISSIONS", "lots"),
        ("JUDGE_TRUSTED_PROXIES", "-1"),
        ("JUDGE_RATE_LIMITS", "maybe"),
        ("JUDGE_STORE_HIGH_WATER", "1.5"),
    ):
        with pytest.raises(SettingsError, match=key):
            make_app(**{key: value})


def test_limits_off() -> None:
    client = make_app(JUDGE_RATE_LIMITS="off", JUDGE_RATE_SUBMISSIONS="1/minute").test_client()
    assert [post(client).status_code for _ in range(3)] == [400, 400, 400]


# -- on Redis ----------------------------------------------------------------------------------


@pytest.fixture
def redis_server(tmp_path: Path) -> Iterator[Any]:
    from worker.testing import REDIS_SERVER, RedisServer

    if REDIS_SERVER is None:
        pytest.skip("redis-server is not installed: the Redis backend tests need a real Redis")
    server = RedisServer(tmp_path).start()
    yield server
    server.stop()


def test_on_redis_processes_share_the_budget_and_keys_hold_no_token(redis_server: Any) -> None:
    from worker.rqbackend import redis_service

    config = {"JUDGE_TOKENS": "the-secret-token", "JUDGE_RATE_SUBMISSIONS": "3/minute"}
    first = make_app(redis_service(redis_server.url), **config).test_client()
    second = make_app(redis_service(redis_server.url), **config).test_client()  # another process
    auth = {"Authorization": "Bearer the-secret-token"}
    assert post(first, **auth).status_code == 400
    assert post(second, **auth).status_code == 400
    assert post(first, **auth).status_code == 400
    assert_rate_limited(post(second, **auth), "JUDGE_RATE_SUBMISSIONS")
    keys = [k.decode() for k in redis_server.client().keys("*")]
    rate_keys = [k for k in keys if k.startswith("judge:rate")]
    assert rate_keys, keys
    assert not any("the-secret-token" in k for k in keys)
    for key in rate_keys:
        assert b"the-secret-token" not in json.dumps(key).encode()


def test_redis_down_is_503_store_unavailable_not_500(redis_server: Any) -> None:
    from worker.rqbackend import redis_service

    client = make_app(redis_service(redis_server.url)).test_client()
    assert client.get("/v1/replays/" + "0" * 32).status_code == 404
    redis_server.kill()
    answer = client.get("/v1/replays/" + "0" * 32)
    assert answer.status_code == 503, answer.get_data(as_text=True)
    assert answer.get_json()["type"] == "urn:tcg-judge:problem:store-unavailable"
    assert answer.headers["Retry-After"] == "5"  # the store's own, not the limiter's
    posted = post(client, "/v1/replays")
    assert posted.status_code == 503, posted.get_data(as_text=True)
    # what needs no store still answers, counted in memory meanwhile
    assert client.get("/v1/games").status_code == 200
    assert "X-RateLimit-Limit" in client.get("/v1/games").headers
    assert client.get("/healthz").status_code == 200
