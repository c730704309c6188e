"""The HTTP servers' own answers as problems: what the server says before (or instead of) the
app is ``application/problem+json`` (RFC 9457) with the security headers of
:mod:`api.security`, like every answer of the app.

A server answers by itself when it cannot read a request as HTTP at all: the app never sees
it.  gunicorn writes an HTML page without any of the security headers for a request line
over ``--limit-request-line`` (414), headers over ``--limit-request-field_size`` or
``--limit-request-fields`` (431), a request line, method, version or header it cannot
parse, a chunk size that is not hex in a body the app did not read (400).  werkzeug's
development server (``judge serve``) writes ``http.server``'s HTML page for its own (a
request line over 64 KiB: 414, a bad request line or version: 400, more than 100
headers: 431).

Production: gunicorn with :class:`GeventWorker`, a drop-in for gunicorn's gevent worker
class (the Dockerfile's command, ``tests/system/conftest.py``'s ``GUNICORN``)::

    gunicorn --worker-class api.serving.GeventWorker ... 'api:create_app()'

Why a worker class, not a ``gunicorn.conf.py``: what gunicorn answers for a request it cannot
read is decided by its worker (``Worker.handle_error``: the status, the log line, the access
log), and its page is written by one function, ``gunicorn.util.write_error(sock, status,
reason, mesg)``, called from that method only.  The worker class replaces that one function
in its own process (:meth:`GeventWorker.init_process`, after the fork) with
:func:`write_problem`, of the same signature: gunicorn still decides every status and logs
as before (nothing of its mapping is copied here, so a new gunicorn error keeps its
status), and the page is a problem.  A config file could do the same in a ``post_fork``
hook, but the worker class is where the serving command already names gevent, so the
command says in one option what serves the API; a config file would be one more file that
the command only works with.  ``tests/system/test_gunicorn_errors.py`` checks each of those
answers on a real gunicorn (so a gunicorn that stopped calling ``write_error`` fails it).

After writing the page, :func:`write_problem` closes the connection gracefully (gunicorn's
``util.close_graceful``: half-close, then read what the client still sends for up to
:data:`LINGER` seconds): gunicorn's async workers close at once, and a socket closed with
unread request bytes (a 9 KB request line, of which gunicorn read 4 KB) sends a reset that
makes the client drop the answer before reading it.

A body whose chunked framing breaks while the app reads it (``Transfer-Encoding: chunked``,
chunk size ``zz``) is the app's to answer: :func:`api.errors.malformed_body`, a 400 of the
same type.

Problem types: 400 ``urn:tcg-judge:problem:malformed-request`` (the request is not HTTP the
server can read), 414 ``…:uri-too-long``, 431 ``…:headers-too-large``, 500
``…:internal-error``, any other status ``about:blank``.
"""

from __future__ import annotations

import json
import socket
from http import HTTPStatus
from typing import Any

from gunicorn import util as gunicorn_util
from gunicorn.workers.ggevent import GeventWorker as _GunicornGeventWorker
from werkzeug.serving import WSGIRequestHandler

from api.errors import PROBLEM_JSON, problem_type
from api.security import HEADERS, content_security_policy

#: Seconds a connection is drained after an error page, so its reset cannot drop the page.
LINGER = 1.0
#: The longest ``detail`` (the server's message may quote the client's request line).
MAX_DETAIL = 300

_TYPES = {
    400: problem_type("malformed-request"),
    414: problem_type("uri-too-long"),
    431: problem_type("headers-too-large"),
    500: problem_type("internal-error"),
}


def problem_document(status: int, detail: str, title: str | None = None) -> dict[str, Any]:
    """The problem a server answers with for ``status``.

    >>> problem_document(414, "Request Line is too large (8192 > 4094)")["type"]
    'urn:tcg-judge:problem:uri-too-long'
    """
    try:
        phrase = HTTPStatus(status).phrase
    except ValueError:
        phrase = "Error"
    return {
        "type": _TYPES.get(status, "about:blank"),
        "title": title or phrase,
        "status": status,
        "detail": (detail or phrase)[:MAX_DETAIL],
    }


def problem_headers(length: int) -> list[tuple[str, str]]:
    """The headers of a server's own problem of ``length`` bytes: the content type, the
    length, ``Connection: close`` (a request the server could not read leaves the
    connection unusable), and the security headers of :mod:`api.security`."""
    return [
        ("Content-Type", PROBLEM_JSON),
        ("Content-Length", str(length)),
        ("Connection", "close"),
        ("Content-Security-Policy", content_security_policy()),
        *HEADERS.items(),
    ]


def problem_body(status: int, detail: str, title: str | None = None) -> bytes:
    return (json.dumps(problem_document(status, detail, title), sort_keys=True) + "\n").encode()


def _reason(text: str) -> str:
    """A reason phrase that is safe on a status line (no CR or LF)."""
    return "".join(ch for ch in text if ch.isprintable()) or "Error"


def write_problem(sock: socket.socket, status_int: int, reason: str, mesg: str) -> None:
    """``gunicorn.util.write_error`` as a problem: the status, reason and message gunicorn
    chose, as ``application/problem+json`` with the security headers; then the connection
    is closed gracefully (see the module)."""
    body = problem_body(status_int, mesg, reason)
    head = f"HTTP/1.1 {status_int} {_reason(reason)}\r\n" + "".join(
        f"{name}: {value}\r\n" for name, value in problem_headers(len(body))
    )
    try:
        gunicorn_util.write_nonblock(sock, head.encode("latin-1") + b"\r\n" + body)
    finally:
        gunicorn_util.close_graceful(sock, timeout=LINGER)


class GeventWorker(_GunicornGeventWorker):
    """gunicorn's gevent worker class, whose own error pages are problems (see the module).

    Use it as ``--worker-class api.serving.GeventWorker``; everything else is gunicorn's
    ``gevent`` worker (a greenlet per connection, ``--worker-connections`` of them)."""

    def init_process(self) -> None:
        content_security_policy()  # computed before the first error page, not during it
        gunicorn_util.write_error = write_problem
        super().init_process()


class ProblemRequestHandler(WSGIRequestHandler):
    """werkzeug's request handler (``judge serve``) whose own error answers (``http.server``'s
    ``send_error``: a request line it cannot read, too many headers) are problems."""

    def send_error(self, code: int, message: str | None = None, explain: str | None = None) -> None:
        phrase, long = self.responses.get(code, ("Error", ""))
        self.log_error("code %d, message %s", code, message or phrase)
        body = problem_body(code, message or long or phrase, phrase)
        if self.request_version == "HTTP/0.9":  # a line it could not parse: headers anyway
            self.request_version = "HTTP/1.0"
        self.send_response(code, _reason(message or phrase))
        for name, value in problem_headers(len(body)):
            self.send_header(name, value)
        self.end_headers()
        self.close_connection = True
        if self.command != "HEAD" and code >= 200 and code not in (204, 205, 304):
            self.wfile.write(body)
