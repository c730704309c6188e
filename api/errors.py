"""Every error the API answers is ``application/problem+json`` (RFC 9457).

A problem has ``type`` (a URI naming the kind), ``title``, ``status``, ``detail`` and, for
refused input, ``errors``: every field problem as ``{"path", "message"}``.  Nothing else ever
reaches a client: no traceback, no HTML error page.

How exceptions map (see :func:`register_error_handlers`):

==================================  ======  ======================================
raised                              status  problem type
==================================  ======  ======================================
``SubmissionRefused``, bad query,   400     ``…:invalid-input`` (with ``errors``)
malformed or too deeply nested JSON,
a duplicate key, a lone surrogate
a body that cannot be read (its     400     ``…:malformed-request``
chunked framing is broken)
missing or wrong bearer token       401     ``…:unauthorized``
``PerspectiveRefused``              403     ``…:perspective-refused``
``NotFound`` (no such job)          404     ``…:not-found``
unknown path                        404     ``about:blank``
method not allowed                  405     ``about:blank`` (with ``Allow``)
job not finished / failed           409     ``…:not-finished`` / ``…:replay-failed``
body over ``JUDGE_MAX_BODY``        413     ``…:body-too-large``
a log over ``JUDGE_MAX_ACTIONS``    413     ``…:too-many-actions`` (with ``errors``)
POST without a JSON content type    415     ``…:unsupported-media-type``
over a per-client rate limit        429     ``…:rate-limited`` (``Retry-After``; :mod:`api.ratelimit`)
the store is unavailable            503     ``…:store-unavailable`` (``Retry-After``)
a narrower read's records wait      503     ``…:answer-busy`` (``Retry-After``; too much
                                            work waiting, :mod:`worker.records`)
a narrower read's records late      504     ``…:answer-timeout`` (``Retry-After``)
the store is near its memory limit  503     ``…:store-full`` (``Retry-After``; a submission
                                            or a card set, :mod:`api.ratelimit`)
an engine fault (``EngineFault``)   501     ``…:engine-error`` (``fault_id``, ``step``, ``game``,
                                            ``engine_version``; logged with its traceback)
anything else                       500     ``…:internal-error`` (logged, not shown)
==================================  ======  ======================================

``errors`` lists at most :data:`~judge.core.errors.MAX_ERRORS` problems, in path order; past
that, one last entry (path ``""``) says how many more there are, and so does ``detail``.

"The store is unavailable" is any exception whose class (or a base class) is named in
:data:`UNAVAILABLE_NAMES` (``StoreUnavailable``, the Redis store's), a class added with
:func:`register_unavailable`, Python's ``ConnectionError``, or, when redis-py is loaded,
its ``ConnectionError`` and ``TimeoutError``.  Names, not imports, so this module does not
depend on any store backend.
"""

from __future__ import annotations

import json
import sys
from http import HTTPStatus
from typing import Any

from flask import Flask, Response, current_app, has_request_context, request
from werkzeug.exceptions import ClientDisconnected, HTTPException

from judge.core.errors import FieldError, capped, more_message
from judge.core.fault import HTTP_STATUS as ENGINE_ERROR_STATUS
from judge.core.fault import PROBLEM_TYPE as ENGINE_ERROR_TYPE
from judge.core.fault import EngineFault
from judge.core.jsontext import TooLarge
from judge.core.wording import plural
from worker.service import NotFound, PerspectiveRefused, SubmissionRefused
from worker.sync_jobs import Busy, TimedOut, answers_of

PROBLEM_JSON = "application/problem+json"
PROBLEM_PREFIX = "urn:tcg-judge:problem:"
#: Seconds a client is asked to wait (``Retry-After``) when the store is unavailable.
RETRY_AFTER = 5

#: Class names of exceptions meaning "the store is unavailable" (checked along the MRO).
UNAVAILABLE_NAMES: set[str] = {"StoreUnavailable"}
_UNAVAILABLE_TYPES: list[type[BaseException]] = [ConnectionError]

#: The problem type of each HTTP status the API raises itself.
_TYPES = {
    400: "invalid-input",
    401: "unauthorized",
    403: "forbidden",
    404: "not-found",
    409: "conflict",
    413: "body-too-large",
    415: "unsupported-media-type",
    429: "rate-limited",
    500: "internal-error",
    503: "unavailable",
}


def problem_type(slug: str) -> str:
    return PROBLEM_PREFIX + slug


class ApiProblem(Exception):
    """Raise to answer with a problem; ``extra`` members are added to the document."""

    def __init__(
        self,
        status: int,
        detail: str,
        *,
        type_: str | None = None,
        title: str | None = None,
        errors: list[FieldError] | None = None,
        headers: dict[str, str] | None = None,
        **extra: Any,
    ) -> None:
        super().__init__(detail)
        self.status = status
        self.detail = detail
        self.type = type_ or (problem_type(_TYPES[status]) if status in _TYPES else "about:blank")
        self.title = title or HTTPStatus(status).phrase
        self.errors = errors
        self.headers = headers or {}
        self.extra = extra


def invalid(errors: list[FieldError], detail: str | None = None, more: int = 0) -> ApiProblem:
    """A 400 naming every field problem: the first :data:`~judge.core.errors.MAX_ERRORS` in
    path order, then one entry saying how many more (``more`` given, plus any cut here)."""
    listed, cut = capped(errors)
    more += cut
    n = len(listed) + more
    if more:
        detail = detail or (
            f"the input was refused: {n:,} problems, the first {len(listed)} listed in errors"
        )
        listed.append(FieldError("", more_message(more, len(listed))))
    return ApiProblem(
        400,
        detail or f"the input was refused: {plural(n, 'problem')}, listed in errors",
        title="Invalid input",
        errors=listed,
    )


def too_large(exc: TooLarge) -> ApiProblem:
    """A 413 for input over a size limit, naming the limit and the setting that raises it."""
    detail = "; ".join(e.message for e in exc.errors)
    if exc.limit == "max_actions":
        return ApiProblem(
            413,
            f"the log is too long: {detail}",
            type_=problem_type("too-many-actions"),
            title="Too many actions",
            errors=list(exc.errors),
        )
    return ApiProblem(413, detail, title="Body too large")


def malformed_body(exc: BaseException) -> ApiProblem:
    """A 400 for a request body that cannot be read as framed: a chunk size that is not hex
    (gunicorn's ``InvalidChunkSize``, werkzeug's ``OSError("Invalid chunk header")``), a
    missing chunk terminator, a client gone mid-body.  The client's fault, not a 500; the
    same type as the serving layer's own 400s for a malformed request (:mod:`api.serving`).
    The connection is closed after it: where the next request would start is unknown."""
    return ApiProblem(
        400,
        f"the request body could not be read: {str(exc)[:200] or type(exc).__name__}",
        type_=problem_type("malformed-request"),
        title="Malformed request",
        headers={"Connection": "close"},
    )


def engine_error(fault: EngineFault) -> ApiProblem:
    """501 ``engine-error``: the engine failed judging this input (a bug in it, reported with
    ``fault_id``).  Not a 4xx, which would say the input is wrong, and not a 500, which says
    nothing: 501 is RFC 9110's "the server does not support the functionality required to
    fulfill the request".  The problem names the step and the game, never the traceback."""
    return ApiProblem(
        ENGINE_ERROR_STATUS,
        f"the {fault.game} engine failed judging this input: {fault.short_line()}; a bug in "
        "the engine, not a problem of the input: report it with the id",
        type_=ENGINE_ERROR_TYPE,
        title="Engine error",
        **fault.to_problem(),
    )


def problem_response(problem: ApiProblem) -> Response:
    body: dict[str, Any] = {
        "type": problem.type,
        "title": problem.title,
        "status": problem.status,
        "detail": problem.detail,
    }
    if has_request_context():
        body["instance"] = request.path
    if problem.errors is not None:
        body["errors"] = [e.to_dict() for e in problem.errors]
    body.update(problem.extra)
    response = Response(
        json.dumps(body, ensure_ascii=False, sort_keys=True) + "\n",
        status=problem.status,
        mimetype=PROBLEM_JSON,
    )
    for key, value in problem.headers.items():
        response.headers[key] = value
    return response


# -- the store is unavailable --------------------------------------------------------------------


def register_unavailable(kind: type[BaseException] | str) -> None:
    """Treat an exception class (or every class of that name) as "the store is unavailable"."""
    if isinstance(kind, str):
        UNAVAILABLE_NAMES.add(kind)
    else:
        _UNAVAILABLE_TYPES.append(kind)


def is_store_unavailable(exc: BaseException) -> bool:
    if any(cls.__name__ in UNAVAILABLE_NAMES for cls in type(exc).__mro__):
        return True
    if isinstance(exc, tuple(_UNAVAILABLE_TYPES)):
        return True
    redis_errors = sys.modules.get("redis.exceptions")  # only when redis-py is in use
    if redis_errors is not None:
        kinds = tuple(
            getattr(redis_errors, name)
            for name in ("ConnectionError", "TimeoutError")
            if isinstance(getattr(redis_errors, name, None), type)
        )
        if kinds and isinstance(exc, kinds):
            return True
    return False


#: Seconds a client is asked to wait when the store is near its memory limit (results
#: expire over hours; a minute is the shortest wait worth a retry).
FULL_RETRY_AFTER = 60


def is_store_full(exc: BaseException) -> bool:
    """The store's ``StoreFull`` (near ``maxmemory``), or Redis's own out-of-memory refusal."""
    return any(cls.__name__ in ("StoreFull", "OutOfMemoryError") for cls in type(exc).__mro__)


def store_full() -> ApiProblem:
    """503 ``store-full``: 503 rather than 507 (WebDAV's Insufficient Storage), because HTTP
    clients and their retry helpers know 503 with ``Retry-After`` as "try again later"
    (urllib3's ``Retry`` honours it for 413, 429 and 503 only)."""
    return ApiProblem(
        503,
        "the service's store is nearly full: new submissions and card sets are refused until "
        "stored results expire; try again later",
        type_=problem_type("store-full"),
        title="Store full",
        headers={"Retry-After": str(FULL_RETRY_AFTER)},
    )


def store_unavailable(exc: BaseException | None = None) -> ApiProblem:
    return ApiProblem(
        503,
        "the result store is not answering; try again shortly",
        type_=problem_type("store-unavailable"),
        title="Store unavailable",
        headers={"Retry-After": str(RETRY_AFTER)},
    )


# -- webargs' validation errors --------------------------------------------------------------------


def field_errors(messages: Any) -> list[FieldError]:
    """webargs' ``{"query": {"wait": ["…"]}}`` as FieldErrors (``wait``), location dropped."""
    from schemas.action_log import flatten_errors

    out: list[FieldError] = []
    if isinstance(messages, dict):
        for location, sub in messages.items():
            out += flatten_errors(sub) if isinstance(sub, dict) else flatten_errors({location: sub})
    else:
        out += flatten_errors(messages)
    return out


# -- the handlers ------------------------------------------------------------------------------------


def _http_problem(error: HTTPException) -> ApiProblem:
    if isinstance(error, ClientDisconnected):  # werkzeug's server: a body cut short or mis-chunked
        return malformed_body(error)
    status = error.code or 500
    data = getattr(error, "data", None) or {}
    if status in (400, 422) and "messages" in data:  # flask-smorest's argument parsing
        return invalid(field_errors(data["messages"]))
    headers: dict[str, str] = {}
    if status == 405:
        allowed = getattr(error, "valid_methods", None) or []
        headers["Allow"] = ", ".join(sorted(allowed))
        return ApiProblem(
            405,
            f"{request.method} is not allowed here; allowed: {headers['Allow'] or 'none'}",
            type_="about:blank",
            headers=headers,
        )
    if status == 404:
        return ApiProblem(404, f"no such resource: {request.path}", type_="about:blank")
    if status == 413:
        limit = current_app.config.get("MAX_CONTENT_LENGTH")
        return ApiProblem(
            413, f"the request body is over the limit of {limit} bytes", title="Body too large"
        )
    if status == 400:
        return invalid([FieldError("", error.description or "bad request")])
    if status == 503:
        headers["Retry-After"] = str(RETRY_AFTER)
    original = getattr(error, "original_exception", None)
    if status == 500 and original is not None:  # raised after the view (an after_request)
        if is_store_full(original):
            return store_full()
        if is_store_unavailable(original):
            return store_unavailable(original)
    return ApiProblem(
        status,
        error.description or HTTPStatus(status).phrase,
        type_="about:blank",
        title=error.name,
        headers=headers,
    )


def _retry_after() -> str:
    """The ``Retry-After`` of work that waits (:mod:`worker.sync_jobs`), as the service sets it."""
    from api import current_service

    return str(answers_of(current_service()).settings.retry_after)


def _waited(status: int, kind: str, title: str, detail: str) -> Response:
    """The problem of work a read waited for (a replay's records, made on its first read
    from a narrower perspective: :mod:`worker.records`), with ``Retry-After``."""
    return problem_response(
        ApiProblem(
            status,
            f"{detail}; they are made on its first such read: try again shortly",
            type_=problem_type(kind),
            title=title,
            headers={"Retry-After": _retry_after()},
        )
    )


def register_error_handlers(app: Flask) -> None:
    """Install the handlers (after flask-smorest's, which they replace)."""

    @app.errorhandler(ApiProblem)
    def _problem(problem: ApiProblem) -> Response:
        return problem_response(problem)

    @app.errorhandler(SubmissionRefused)
    def _refused(exc: SubmissionRefused) -> Response:
        return problem_response(invalid(list(exc.errors), more=exc.more))

    @app.errorhandler(NotFound)
    def _not_found(exc: NotFound) -> Response:
        return problem_response(
            ApiProblem(
                404,
                "no replay job with this id (it never existed, or its result expired)",
                title="No such replay",
            )
        )

    @app.errorhandler(PerspectiveRefused)
    def _perspective(exc: PerspectiveRefused) -> Response:
        return problem_response(
            ApiProblem(
                403,
                str(exc),
                type_=problem_type("perspective-refused"),
                title="Perspective refused",
            )
        )

    @app.errorhandler(EngineFault)
    def _engine_fault(fault: EngineFault) -> Response:
        app.logger.error(
            "engine error %s on %s %s: %s",
            fault.fault_id,
            request.method,
            request.path,
            fault.line(),
            exc_info=(type(fault), fault, fault.__traceback__),
        )
        return problem_response(engine_error(fault))

    @app.errorhandler(Busy)
    def _busy(exc: Busy) -> Response:
        # raised here by a read that has a replay's records made first (worker.records);
        # a question or a deck check says it in its own words (api.answers)
        detail = f"too much work is waiting ({exc}): the replay's records for this perspective"
        return _waited(503, "answer-busy", "Too many waiting", detail)

    @app.errorhandler(TimedOut)
    def _timed_out(exc: TimedOut) -> Response:
        detail = (
            f"{exc} (the service's JUDGE_QUESTION_TIMEOUT): the replay's records for this "
            "perspective were not ready"
        )
        return _waited(504, "answer-timeout", "Not answered in time", detail)

    @app.errorhandler(HTTPException)
    def _http(error: HTTPException) -> Response:
        return problem_response(_http_problem(error))

    @app.errorhandler(RecursionError)
    def _recursion(exc: RecursionError) -> Response:
        return problem_response(invalid([FieldError("", "the document is nested too deeply")]))

    @app.errorhandler(Exception)
    def _any(exc: Exception) -> Response:
        if is_store_full(exc):
            app.logger.warning("store full: %s", exc)
            return problem_response(store_full())
        if is_store_unavailable(exc):
            app.logger.warning("store unavailable: %s: %s", type(exc).__name__, exc)
            return problem_response(store_unavailable(exc))
        app.logger.exception("unexpected error on %s %s", request.method, request.path)
        return problem_response(
            ApiProblem(
                500,
                "the server failed on this request; it has been logged",
                title="Internal error",
            )
        )
