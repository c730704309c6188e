"""Security headers (``api/security.py``) and a ``JUDGE_TOKENS`` that holds no token.

The pages' inline parts are checked against the policy here, byte for byte as served; the
browser tests (``test_api_browser.py``) show the pages working under it in Chromium.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from api import create_app
from api.security import content_security_policy, inline_hashes
from worker.config import SettingsError
from worker.service import embedded_service

ROOT = Path(__file__).resolve().parents[2]


def _header(answer, name: str) -> str | None:
    """A header of an :class:`worker.testing.Answer` (names in lower case) or of a Flask
    test client's answer."""
    headers = answer.headers
    return headers.get(name.lower()) if isinstance(headers, dict) else headers.get(name)


def _policy(answer) -> dict[str, list[str]]:
    """The answer's Content-Security-Policy, directive -> sources."""
    value = _header(answer, "Content-Security-Policy")
    assert value, answer.headers
    directives = {}
    for part in value.split(";"):
        name, *sources = part.split()
        directives[name] = sources
    return directives


def _check_headers(answer) -> dict[str, list[str]]:
    assert _header(answer, "X-Content-Type-Options") == "nosniff"
    assert _header(answer, "Referrer-Policy") == "no-referrer"
    policy = _policy(answer)
    assert policy["frame-ancestors"] == ["'none'"]
    assert policy["default-src"] == ["'none'"]
    assert policy["script-src"] == ["'self'"]  # no inline script, no eval, no other host
    assert policy["base-uri"] == ["'none'"]
    return policy


def test_every_answer_has_the_security_headers(live, finished) -> None:
    for method, path, body in [
        ("GET", "/healthz", None),
        ("GET", "/readyz", None),
        ("GET", "/openapi.json", None),
        ("GET", "/docs", None),
        ("GET", "/docs/assets/docs.js", None),
        ("GET", f"/v1/replays/{finished}", None),
        ("GET", f"/v1/replays/{finished}/html", None),
        ("GET", "/v1/replays/" + "0" * 32, None),  # 404 problem
        ("GET", "/no/such/path", None),  # 404 from the router
        ("POST", "/v1/replays", {"game": "nope"}),  # 400 problem
        ("DELETE", "/healthz", None),  # 405
    ]:
        answer = live.request(method, path, body)
        _check_headers(answer)


@pytest.mark.parametrize("kind", ["docs", "replay"])
def test_the_pages_inline_parts_are_allowed_by_hash_and_none_is_a_script(
    live, finished, kind
) -> None:
    """Every ``<style>`` and ``style`` attribute of the pages as served is allowed by its
    hash, and no page has an inline script (the policy allows none)."""
    answer = live.get("/docs" if kind == "docs" else f"/v1/replays/{finished}/html")
    assert answer.status == 200
    policy = _check_headers(answer)
    found = inline_hashes(answer.body.decode())
    assert not found["script"], "an inline script"
    assert found["style"], "the page's style sheet"
    assert found["style"] <= set(policy["style-src"]), (found, policy)
    assert found["style-attr"] <= set(policy["style-src-attr"])
    assert "'unsafe-inline'" not in _header(answer, "Content-Security-Policy")


def test_a_waiting_page_is_allowed_too() -> None:
    """The page a queued job's ``/html`` answers (202): a job that no worker runs yet."""
    from worker.service import JudgeService

    class NoRunner:  # a queue that no worker serves
        def enqueue(self, job_id: str) -> None:
            pass

    service = JudgeService(store=embedded_service().store, runner=NoRunner())
    client = create_app(service).test_client()
    log = (ROOT / "examples/union-arena/full-game.json").read_bytes()
    job = client.post("/v1/replays", data=log, content_type="application/json").json["id"]
    answer = client.get(f"/v1/replays/{job}/html")
    assert answer.status_code == 202
    policy = _policy(answer)
    found = inline_hashes(answer.get_data(as_text=True))
    assert found["style-attr"] and found["style-attr"] <= set(policy["style-src-attr"])
    assert not found["script"]


def test_the_policy_is_computed_once() -> None:
    assert content_security_policy() is content_security_policy()


# -- JUDGE_TOKENS ---------------------------------------------------------------------------------


@pytest.mark.parametrize("value", [",", " , ,", " "])
def test_tokens_that_hold_no_token_refuse_to_start(value: str) -> None:
    """Before, ``","`` parsed to no token and POSTs were open without a word."""
    with pytest.raises(SettingsError, match=r"JUDGE_TOKENS: .* holds no token"):
        create_app(embedded_service(), config={"JUDGE_TOKENS": value})


def test_tokens_from_the_environment_that_hold_no_token_refuse_to_start(monkeypatch) -> None:
    monkeypatch.setenv("JUDGE_TOKENS", ",")
    with pytest.raises(SettingsError, match="JUDGE_TOKENS: ',' holds no token"):
        create_app(embedded_service())


def test_tokens_still_work_and_unset_means_open() -> None:
    app = create_app(embedded_service(), config={"JUDGE_TOKENS": " a , b ,"})
    assert app.config["JUDGE_TOKEN_SET"] == ("a", "b")
    assert (
        create_app(embedded_service(), config={"JUDGE_TOKENS": ""}).config["JUDGE_TOKEN_SET"] == ()
    )


def test_serve_refuses_tokens_that_hold_none() -> None:
    env = {k: v for k, v in os.environ.items() if k not in ("REDIS_URL", "JUDGE_PORT")}
    env["PYTHONPATH"] = str(ROOT) + os.pathsep + env.get("PYTHONPATH", "")
    env["JUDGE_TOKENS"] = ","
    done = subprocess.run(
        [sys.executable, "-m", "judge", "serve", "--port", "0"],
        capture_output=True,
        text=True,
        env=env,
        cwd=ROOT,
        timeout=60,
    )
    assert done.returncode == 2, (done.stdout, done.stderr)
    assert "error: JUDGE_TOKENS: ',' holds no token" in done.stderr
    assert "Traceback" not in done.stderr
    assert "serving the API" not in done.stdout
