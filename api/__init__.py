"""The HTTP API of the judging service: a thin Flask shell on :class:`worker.service.JudgeService`.

``create_app()`` builds the app.  Without a service it makes one: on Redis when
``REDIS_URL`` is set (:func:`worker.rqbackend.redis_service`), else the embedded default
(an in-process queue, worker threads and an in-memory store).  gunicorn runs
``'api:create_app()'``; ``judge serve`` and ``judge demo`` pass their own service.

Endpoints (blueprints): :mod:`api.replays` (submit, follow, page, HTML), :mod:`api.catalogue`
(games, rules, deck checks, the action-log JSON Schema), :mod:`api.health` (``/healthz``,
``/readyz``), :mod:`api.docs` (``/docs``, Swagger UI served from local files).  flask-smorest
builds ``/openapi.json`` (OpenAPI 3.1) from the marshmallow schemas of :mod:`schemas.api`;
the body of ``POST /v1/replays`` is the ``ActionLog`` component, the action log's JSON
Schema (:func:`schemas.jsonschema.action_log_json_schema`).  Errors: :mod:`api.errors`.

Configuration (``create_app(config=…)``, each also read from the environment):

``JUDGE_TOKENS``
    Comma-separated bearer tokens.  When set, POST endpoints need
    ``Authorization: Bearer <token>`` (401 otherwise); GETs stay open (job ids are 128
    random bits).
``JUDGE_MAX_BODY``
    The largest request body, in bytes (default 5 MB); larger is a 413.
``JUDGE_MAX_DEPTH``
    The deepest nesting of a JSON body (default 64 levels); deeper is a 400.
"""

from __future__ import annotations

import hmac
import json
import math
import os
from typing import Any

from flask import Flask, current_app, request

from api.errors import ApiProblem, invalid, problem_type, register_error_handlers
from judge import __version__
from judge.core.errors import FieldError
from worker.service import JudgeService, embedded_service

DEFAULT_MAX_BODY = 5 * 1024 * 1024
DEFAULT_MAX_DEPTH = 64

_ENV_KEYS = ("JUDGE_TOKENS", "JUDGE_MAX_BODY", "JUDGE_MAX_DEPTH")

API_DESCRIPTION = """\
Judge trading card game matches from their action logs.

Submit a log (`POST /v1/replays`): it is validated at once (400 naming every problem by
field path) and judged by a worker; follow the job at the URL of the answer (`Location`),
long-polling with `?wait=` if you like, then read the annotated replay, page through its
steps, or open it as a page (`/html`).  Every violation cites a rule of the game's
catalogue (`/v1/games/{game}/rules`).

Every error is `application/problem+json` (RFC 9457); refused input lists every problem in
`errors` as `{path, message}`.
"""


def current_service() -> JudgeService:
    """The service of the app handling this request."""
    return current_app.extensions["judge_service"]


def default_service() -> JudgeService:
    """On Redis when ``REDIS_URL`` is set, else embedded."""
    url = os.environ.get("REDIS_URL")
    if not url:
        return embedded_service()
    from worker.rqbackend import redis_service  # imported only when asked for

    return redis_service(url)


def _tokens(value: Any) -> tuple[str, ...]:
    if not value:
        return ()
    items = value.split(",") if isinstance(value, str) else list(value)
    return tuple(t.strip() for t in items if t and t.strip())


# -- request bodies ------------------------------------------------------------------------------


def _depth_over(data: Any, limit: int) -> bool:
    """Whether ``data`` nests deeper than ``limit`` containers (iterative: no recursion)."""
    stack = [(data, 1)]
    while stack:
        node, depth = stack.pop()
        if isinstance(node, dict):
            children = node.values()
        elif isinstance(node, list):
            children = node
        else:
            continue
        if depth > limit:
            return True
        stack.extend((child, depth + 1) for child in children if isinstance(child, dict | list))
    return False


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not JSON")


def _finite(text: str) -> float:
    value = float(text)
    if math.isinf(value):
        raise ValueError(f"the number {text[:40]} is out of range")
    return value


def json_body(what: str = "document") -> dict[str, Any]:
    """The request's JSON object, or a 400 naming what is wrong with it.

    Malformed JSON, text that is not UTF-8, ``NaN``/``Infinity`` (or a number that only
    reads as infinity), nesting deeper than ``JUDGE_MAX_DEPTH`` and a body that is not an
    object are refused here, before any validation (a 10,000-level document must not reach
    a recursive function).
    """
    raw = request.get_data(cache=True)  # a body over MAX_CONTENT_LENGTH raises 413 here...
    max_body = current_app.config["MAX_CONTENT_LENGTH"]
    if request.content_length is None and len(raw) >= max_body:
        # ...but a chunked one is only cut there: reaching the limit counts as over it
        raise ApiProblem(413, f"the request body is over the limit of {max_body} bytes")
    limit = int(current_app.config["JUDGE_MAX_DEPTH"])
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise invalid(
            [FieldError("", f"not UTF-8 text: {exc.reason} at byte {exc.start}")]
        ) from None
    try:
        data = json.loads(text, parse_constant=_no_constant, parse_float=_finite)
    except json.JSONDecodeError as exc:
        raise invalid(
            [FieldError("", f"malformed JSON at line {exc.lineno} column {exc.colno}: {exc.msg}")]
        ) from None
    except RecursionError:
        raise invalid(
            [FieldError("", f"nested too deeply (the limit is {limit} levels)")]
        ) from None
    except ValueError as exc:  # NaN, Infinity, integers too long to convert
        raise invalid([FieldError("", f"not acceptable JSON: {exc}")]) from None
    if _depth_over(data, limit):
        raise invalid([FieldError("", f"nested too deeply (the limit is {limit} levels)")])
    if not isinstance(data, dict):
        raise invalid([FieldError("", f"a {what} is a JSON object")])
    return data


def _check_post() -> None:
    """Before a POST reaches its view: the token (401), the content type (415), the size (413)."""
    if request.method != "POST" or request.routing_exception is not None:
        return  # unknown paths and methods get their own 404/405
    tokens = current_app.config["JUDGE_TOKEN_SET"]
    if tokens:
        scheme, _, given = request.headers.get("Authorization", "").partition(" ")
        if scheme.lower() != "bearer" or not any(
            hmac.compare_digest(given.strip().encode(), t.encode()) for t in tokens
        ):
            raise ApiProblem(
                401,
                "this endpoint needs Authorization: Bearer <token>"
                if not given
                else "the bearer token is not accepted",
                title="Unauthorized",
                headers={"WWW-Authenticate": 'Bearer realm="tcg-judge"'},
            )
    if not request.is_json:
        raise ApiProblem(
            415,
            f"the body must be JSON (Content-Type: application/json); got "
            f"{request.mimetype or 'no content type'}",
            type_=problem_type("unsupported-media-type"),
            title="Unsupported media type",
        )
    limit = current_app.config["MAX_CONTENT_LENGTH"]
    if request.content_length is not None and request.content_length > limit:
        raise ApiProblem(413, f"the request body is over the limit of {limit} bytes")


# -- the app -------------------------------------------------------------------------------------


def create_app(service: JudgeService | None = None, config: dict[str, Any] | None = None) -> Flask:
    """The API around ``service`` (default: :func:`default_service`)."""
    from flask_smorest import Api

    from api import catalogue, docs, health, replays
    from api.docs import JudgeApi, add_action_log_schema

    app = Flask(__name__)
    settings: dict[str, Any] = {
        "JUDGE_TOKENS": "",
        "JUDGE_MAX_BODY": DEFAULT_MAX_BODY,
        "JUDGE_MAX_DEPTH": DEFAULT_MAX_DEPTH,
    }
    settings.update({k: os.environ[k] for k in _ENV_KEYS if os.environ.get(k)})
    settings.update(config or {})
    app.config.update(settings)
    app.config["MAX_CONTENT_LENGTH"] = int(app.config["JUDGE_MAX_BODY"])
    app.config["JUDGE_TOKEN_SET"] = _tokens(app.config["JUDGE_TOKENS"])
    app.config.update(
        API_TITLE="tcg-judge",
        API_VERSION=__version__,
        OPENAPI_VERSION="3.1.0",
        OPENAPI_URL_PREFIX="/",
        OPENAPI_JSON_PATH="openapi.json",
    )
    app.json.sort_keys = True  # type: ignore[attr-defined]
    app.extensions["judge_service"] = service if service is not None else default_service()

    api: Api = JudgeApi(app, auth=bool(app.config["JUDGE_TOKEN_SET"]), description=API_DESCRIPTION)
    register_error_handlers(app)  # after flask-smorest's own, which they replace
    app.before_request(_check_post)
    for module in (replays, catalogue, health):
        api.register_blueprint(module.blp)
    add_action_log_schema(api)
    app.register_blueprint(docs.blp)
    return app
