"""The API under test: the app on the embedded backend, served over real HTTP.

``live`` starts ``create_app(embedded_service())`` with werkzeug's ``make_server`` in a thread
on a free port of 127.0.0.1; ``http`` sends one request with ``http.client`` and returns
the status, the headers and the decoded body (both from :mod:`worker.testing`).
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from api import create_app
from worker import testing
from worker.service import JudgeService, embedded_service
from worker.testing import Answer

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples" / "union-arena"


@dataclass
class Live:
    """A running server: its base URL, its app and its service."""

    host: str
    port: int
    app: Any
    service: JudgeService
    _server: Any = field(repr=False, default=None)

    @property
    def base(self) -> str:
        return f"http://{self.host}:{self.port}"

    def request(
        self,
        method: str,
        path: str,
        body: bytes | str | dict[str, Any] | None = None,
        headers: dict[str, str] | None = None,
        timeout: float = 40,
    ) -> Answer:
        return testing.request(self.host, self.port, method, path, body, headers, timeout)

    def get(self, path: str, **kwargs: Any) -> Answer:
        return self.request("GET", path, **kwargs)

    def post(self, path: str, body: Any = None, **kwargs: Any) -> Answer:
        return self.request("POST", path, body, **kwargs)


def serve(app: Any, service: JudgeService) -> Live:
    server = testing.serve(app)
    return Live("127.0.0.1", server.server_port, app, service, server)


def stop(live: Live) -> None:
    live._server.shutdown()
    live._server.server_close()
    runner = getattr(live.service, "runner", None)
    if hasattr(runner, "shutdown"):
        runner.shutdown()


@pytest.fixture(scope="session")
def start_server() -> Iterator[Any]:
    """``start_server(app, service) -> Live``; every server started is stopped at the end."""
    started: list[Live] = []

    def start(app: Any, service: JudgeService) -> Live:
        running = serve(app, service)
        started.append(running)
        return running

    yield start
    for running in started:
        stop(running)


@pytest.fixture(scope="session")
def live(start_server: Any) -> Live:
    service = embedded_service(workers=2)
    return start_server(create_app(service), service)


@pytest.fixture(scope="session")
def examples() -> Path:
    return EXAMPLES


@pytest.fixture(scope="session")
def full_game() -> dict[str, Any]:
    return json.loads((EXAMPLES / "full-game.json").read_text("utf-8"))


@pytest.fixture(scope="session")
def finished(live: Live, full_game: dict[str, Any]) -> str:
    """The id of the full example game, judged (finished)."""
    answer = live.post("/v1/replays", full_game)
    assert answer.status in (200, 202), answer.body
    job = answer.json["id"]
    done = live.get(f"/v1/replays/{job}?wait=30")
    assert done.json["status"] == "finished", done.json
    return job


@pytest.fixture(scope="session")
def problem(live: Live) -> Any:
    """``problem(answer, status)``: assert a problem document with that status, valid
    against the ``Problem`` schema of ``/openapi.json``; return it."""
    import jsonschema

    components = live.get("/openapi.json").json["components"]
    validator = jsonschema.Draft202012Validator(
        {"$ref": "#/components/schemas/Problem", "components": components}
    )

    def check(answer: Answer, status: int) -> dict[str, Any]:
        assert answer.status == status, (answer.status, answer.body[:500])
        assert answer.content_type.startswith("application/problem+json"), answer.content_type
        doc = answer.json
        validator.validate(doc)
        for key in ("type", "title", "status", "detail"):
            assert key in doc, doc
        assert doc["status"] == status
        return doc

    return check


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """Debian's Chromium (``/usr/bin/chromium``, no browser download) driven by Playwright,
    one per test module; it resolves no host but 127.0.0.1, so a page that reached for a CDN
    would fail its test.  The browser tests' modules skip (a failure under CI) without it."""
    playwright = pytest.importorskip("playwright.sync_api")
    with playwright.sync_playwright() as p:
        chromium = p.chromium.launch(
            executable_path="/usr/bin/chromium",
            args=["--no-sandbox", "--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1"],
        )
        yield chromium
        chromium.close()
