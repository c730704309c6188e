"""Requests the server cannot read as HTTP answer a problem with the security headers.

Found (issue 19): a ``Transfer-Encoding: chunked`` body with the chunk size ``zz`` was a 500
(gunicorn's ``InvalidChunkSize`` raised into the app while it read the body); gunicorn's own
answers (414 for a long request line, 431 for headers too large, 400 for a bad request line,
header or version) were HTML pages without the security headers.  Now the app answers a
body it cannot read with a 400 ``malformed-request`` (``api.errors.malformed_body``), and
the production worker class (``api.serving.GeventWorker``, conftest ``GUNICORN``) writes
gunicorn's own answers as problems with the headers of ``api/security.py``.  werkzeug's
development server (``judge serve``) is checked the same way with
``api.serving.ProblemRequestHandler``.

Each request is sent whole on a raw socket to a real server on loopback; the answer is
read by ``http.client`` (so a reset that drops the answer fails the test), then
``/healthz`` must still answer 200.
"""

from __future__ import annotations

import http.client
import io
import json
import socket
import threading
from collections.abc import Iterator
from typing import Any

import pytest

from api.errors import PROBLEM_JSON
from api.security import HEADERS, content_security_policy

pytestmark = pytest.mark.redis

MALFORMED = "urn:tcg-judge:problem:malformed-request"

#: a chunked POST of ``body`` (the chunks exactly as given) to ``path``
CHUNKED = (
    "POST {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
    "Transfer-Encoding: chunked\r\n\r\n{body}"
)

#: name: (the raw request, the status, the problem type) -- what gunicorn cannot read
SERVER_ANSWERS = {
    "request line over the limit": (
        "GET /" + "a" * 9000 + " HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n",
        414,
        "urn:tcg-judge:problem:uri-too-long",
    ),
    "a header field over the limit": (
        "GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: " + "a" * 9000 + "\r\n\r\n",
        431,
        "urn:tcg-judge:problem:headers-too-large",
    ),
    "too many header fields": (
        "GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n"
        + "".join(f"X-{i}: a\r\n" for i in range(200))
        + "\r\n",
        431,
        "urn:tcg-judge:problem:headers-too-large",
    ),
    "a header name with a space": (
        "GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nBad Header: a\r\n\r\n",
        400,
        MALFORMED,
    ),
    "a request line that is not one": ("GARBAGE\r\n\r\n", 400, MALFORMED),
    "an HTTP version that does not exist": (
        "GET /healthz HTTP/9.9\r\nHost: 127.0.0.1\r\n\r\n",
        400,
        MALFORMED,
    ),
}

#: name: the raw request -- a body whose chunked framing breaks while the app reads it
BAD_BODIES = {
    "chunk size zz on /v1/replays": CHUNKED.format(
        path="/v1/replays", body="zz\r\n{}\r\n0\r\n\r\n"
    ),
    "chunk size zz on /v1/rulings": CHUNKED.format(
        path="/v1/rulings", body="zz\r\n{}\r\n0\r\n\r\n"
    ),
    "chunk size zz on /v1/decks/check": CHUNKED.format(
        path="/v1/decks/check", body="zz\r\n{}\r\n0\r\n\r\n"
    ),
    "chunk size zz on /v1/card-sets": CHUNKED.format(
        path="/v1/card-sets", body="zz\r\n{}\r\n0\r\n\r\n"
    ),
    "a chunk without its CRLF": CHUNKED.format(path="/v1/replays", body="2\r\n{}XX0\r\n\r\n"),
}


def exchange(port: int, raw: str, timeout: float = 10) -> tuple[int, dict[str, str], bytes]:
    """Send ``raw`` whole on a connection of its own; the answer's status, headers (lower
    case) and body."""
    with socket.create_connection(("127.0.0.1", port), timeout=timeout) as sock:
        sock.sendall(raw.encode("latin-1"))
        answer = http.client.HTTPResponse(sock)
        answer.begin()
        body = answer.read()
        return answer.status, {k.lower(): v for k, v in answer.getheaders()}, body


def assert_problem(answer: tuple[int, dict[str, str], bytes], status: int, type_: str) -> None:
    got, headers, body = answer
    assert got == status, (got, headers, body[:300])
    assert headers.get("content-type") == PROBLEM_JSON, headers
    assert headers.get("content-security-policy") == content_security_policy()
    for name, value in HEADERS.items():
        assert headers.get(name.lower()) == value, (name, headers)
    problem = json.loads(body)
    assert problem["status"] == status and problem["type"] == type_, problem
    assert problem["title"] and problem["detail"], problem


def healthz(port: int) -> int:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    try:
        conn.request("GET", "/healthz")
        answer = conn.getresponse()
        answer.read()
        return answer.status
    finally:
        conn.close()


def failures(port: int, cases: dict[str, tuple[str, int, str]]) -> list[str]:
    """Each case's request sent to ``port``: what went wrong with each, as a list (every case
    runs, so one failure does not hide another), ``/healthz`` checked after each."""
    found = []
    for name, (raw, status, type_) in cases.items():
        try:
            answer = exchange(port, raw)
            assert_problem(answer, status, type_)
            if status == 400 and raw.startswith("POST"):
                assert "could not be read" in json.loads(answer[2])["detail"], answer
            assert healthz(port) == 200, "/healthz after it"
        except (AssertionError, OSError, http.client.HTTPException, ValueError) as exc:
            found.append(f"{name}: {type(exc).__name__}: {exc}")
    return found


def test_gunicorn_answers_every_request_it_cannot_read_with_a_problem(module_api: Any) -> None:
    """gunicorn's own answers (414, 431, 400) under the production worker class."""
    api = module_api
    assert not failures(api.port, SERVER_ANSWERS), api.tail()


def test_a_body_with_broken_chunked_framing_is_a_400_problem_under_gunicorn(
    module_api: Any,
) -> None:
    """The chunk size ``zz`` (and a chunk without its CRLF) on every endpoint that reads a
    JSON body: a 400 ``malformed-request`` from the app, not a 500."""
    api = module_api
    cases = {name: (raw, 400, MALFORMED) for name, raw in BAD_BODIES.items()}
    assert not failures(api.port, cases), api.tail()


class _Unclosed(io.BytesIO):
    """Bytes that http.client may read two answers from (it closes the first's file)."""

    def close(self) -> None:
        pass


class _Recorded:
    def __init__(self, data: bytes) -> None:
        self.file = _Unclosed(data)

    def makefile(self, mode: str) -> io.BytesIO:
        return self.file


def test_gunicorn_answers_a_chunk_size_it_reads_itself_with_a_problem(module_api: Any) -> None:
    """A GET with a chunked body (size ``zz``) that the app answers without reading it:
    gunicorn reads that body afterwards, to find where the next request starts, and
    answers the broken framing itself on the same connection: a 400 problem."""
    api = module_api
    raw = "GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n{}\r\n0\r\n\r\n"
    data = b""
    with socket.create_connection(("127.0.0.1", api.port), timeout=10) as sock:
        sock.sendall(raw.encode())
        while chunk := sock.recv(65536):
            data += chunk
    recorded = _Recorded(data)
    answers = []
    for _ in range(2):
        answer = http.client.HTTPResponse(recorded)  # type: ignore[arg-type]
        answer.begin()
        answers.append(
            (answer.status, {k.lower(): v for k, v in answer.getheaders()}, answer.read())
        )
    assert answers[0][0] == 200, answers[0]
    assert_problem(answers[1], 400, MALFORMED)
    assert healthz(api.port) == 200


# -- werkzeug's development server (judge serve) ---------------------------------------------------


@pytest.fixture(scope="module")
def werkzeug_port() -> Iterator[int]:
    """The embedded API under werkzeug's threaded server with ``judge serve``'s handler."""
    from werkzeug.serving import make_server

    from api import create_app
    from api.serving import ProblemRequestHandler
    from worker.service import embedded_service

    class Quiet(ProblemRequestHandler):
        def log(self, type: str, message: str, *args: Any) -> None:  # noqa: A002
            pass

    service = embedded_service()
    server = make_server("127.0.0.1", 0, create_app(service), threaded=True, request_handler=Quiet)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield server.server_port
    server.shutdown()
    server.server_close()


#: name: (the raw request, the status, the problem type) -- what http.server cannot read
WERKZEUG_ANSWERS = {
    "request line over 64 KiB": (
        "GET /" + "a" * 70_000 + " HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n",
        414,
        "urn:tcg-judge:problem:uri-too-long",
    ),
    "more than 100 header fields": (
        "GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n"
        + "".join(f"X-{i}: a\r\n" for i in range(150))
        + "\r\n",
        431,
        "urn:tcg-judge:problem:headers-too-large",
    ),
    "a request line that is not one": ("GARBAGE ONE TWO THREE\r\n\r\n", 400, MALFORMED),
    "chunk size zz": (BAD_BODIES["chunk size zz on /v1/replays"], 400, MALFORMED),
}


def test_werkzeug_answers_every_request_it_cannot_read_with_a_problem(werkzeug_port: int) -> None:
    """``judge serve``'s server: http.server's own answers, and a chunk size ``zz``."""
    assert not failures(werkzeug_port, WERKZEUG_ANSWERS)
