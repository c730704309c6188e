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
    ``Authorization: Bearer <token>`` (401 otherwise), and so do the card-set list and
    ``DELETE /v1/card-sets/<hash>`` (a client sees and deletes its own sets only,
    :mod:`api.cardsets`); the other GETs stay open (job ids are 128 random bits, a set's
    hash is its content).  A value that holds no token (``","``) is refused:
    ``SettingsError``.
``JUDGE_MAX_BODY``
    The largest request body, in bytes (default 5 MB); larger is a 413.
``JUDGE_MAX_DEPTH``
    The deepest nesting of a JSON body (default 64 levels); deeper is a 400.
``JUDGE_MAX_ACTIONS``
    The most actions a submitted log may have (default 10,000); more is a 413.

The three are one :class:`~judge.core.jsontext.Limits`, the command line's defaults too.

Per-client limits and the store's memory (:mod:`api.ratelimit`, which says why):

``JUDGE_RATE_SUBMISSIONS``
    POSTs that store or compute (``/v1/replays``, ``/v1/card-sets``, ``/v1/rulings``,
    ``/v1/decks/check``) per client, together (default ``60/minute``); more is a 429.
``JUDGE_RATE_BODY_KB``
    Kilobytes of those POSTs' bodies per client (default ``51200/hour``, 50 MB an hour).
``JUDGE_RATE_REQUESTS``
    Every other request per client (default ``600/minute``); ``/healthz`` and ``/readyz``
    are never limited.
``JUDGE_RATE_LIMITS``
    ``off`` turns the three off (default ``on``).  A client is its bearer token (one of
    ``JUDGE_TOKENS``) or else its address.
``JUDGE_TRUSTED_PROXIES``
    How many proxies in front set ``X-Forwarded-For`` (default 0): the client's address is
    taken from it (werkzeug's ``ProxyFix``).
``JUDGE_STORE_HIGH_WATER``
    The share of Redis's ``maxmemory`` above which submissions and card sets are refused
    (503 ``store-full``; default 0.9).
"""

from __future__ import annotations

import hmac
import logging
import os
from collections.abc import Callable
from typing import Any

from flask import Flask, current_app, request
from werkzeug.exceptions import HTTPException

from api.errors import (
    ApiProblem,
    invalid,
    malformed_body,
    problem_type,
    register_error_handlers,
    too_large,
)
from judge import __version__
from judge.core.errors import BadLog
from judge.core.jsontext import DEFAULT_LIMITS, Limits, TooLarge, read_document
from worker.config import SettingsError
from worker.service import JudgeService, embedded_service

DEFAULT_MAX_BODY = DEFAULT_LIMITS.max_bytes
DEFAULT_MAX_DEPTH = DEFAULT_LIMITS.max_depth
DEFAULT_MAX_ACTIONS = DEFAULT_LIMITS.max_actions

_ENV_KEYS = ("JUDGE_TOKENS", "JUDGE_MAX_BODY", "JUDGE_MAX_DEPTH", "JUDGE_MAX_ACTIONS")

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
    """On Redis when ``REDIS_URL`` is set, else embedded.

    On Redis, a warning is logged when that Redis keeps nothing on disk or has no
    ``maxmemory`` (or it cannot be checked), as ``judge serve`` and ``judge worker`` print
    at start: under gunicorn
    (``api:create_app()``) this is the only start-up the API has."""
    url = os.environ.get("REDIS_URL")
    if not url:
        return embedded_service()
    from worker.config import mask_secrets
    from worker.redis_store import memory_problem, persistence_problem
    from worker.rqbackend import redis_service  # imported only when asked for

    service = redis_service(url)
    for problem in (
        persistence_problem(service.store.client),
        memory_problem(service.store.client),
    ):
        if problem:
            logging.getLogger(__name__).warning(
                "Redis at %s: %s", mask_secrets(url), mask_secrets(problem, url)
            )
    return service


def _tokens(value: Any) -> tuple[str, ...]:
    """The bearer tokens of ``JUDGE_TOKENS``.  A value that holds none (``","``, spaces) is
    refused, not read as "no tokens": that would leave POSTs open where tokens were asked for."""
    if not value:
        return ()
    items = value.split(",") if isinstance(value, str) else list(value)
    tokens = tuple(t.strip() for t in items if t and t.strip())
    if not tokens:
        raise SettingsError(
            f"JUDGE_TOKENS: {value!r} holds no token; give comma-separated bearer tokens, "
            "or unset it to leave POSTs open"
        )
    return tokens


# -- request bodies ------------------------------------------------------------------------------


#: How an operator raises each limit, for the messages that name one.
LIMIT_HINTS = {
    "max_bytes": "set by the service's JUDGE_MAX_BODY",
    "max_depth": "set by the service's JUDGE_MAX_DEPTH",
    "max_actions": "set by the service's JUDGE_MAX_ACTIONS",
}


def _limits(config: Any) -> Limits:
    return Limits(
        max_bytes=int(config["JUDGE_MAX_BODY"]),
        max_depth=int(config["JUDGE_MAX_DEPTH"]),
        max_actions=int(config["JUDGE_MAX_ACTIONS"]),
    )


def json_body(what: str = "document") -> dict[str, Any]:
    """The request's JSON object, read by the strict reader
    (:func:`judge.core.jsontext.read_document`) within the app's limits.

    Malformed JSON, text that is not UTF-8, ``NaN``/``Infinity`` (or a number that only
    reads as infinity), nesting deeper than ``JUDGE_MAX_DEPTH``, a key given twice, a lone
    surrogate and a body that is not an object are a 400 naming the place, before any
    validation (a 10,000-level document must not reach a recursive function); more actions
    than ``JUDGE_MAX_ACTIONS`` is a 413 naming the limit.

    A body of :data:`GIVE_WAY_BYTES` or more is read between two turns of
    :func:`api.replays.give_way`: reading it is milliseconds of CPU on the process's event
    loop (a 630 KB question about 5 ms), and the requests that came meanwhile (``/healthz``,
    a short read) go first, before it and before what the view does with it next.
    """
    try:
        raw = request.get_data(cache=True)  # a body over MAX_CONTENT_LENGTH raises 413 here...
    except HTTPException:  # werkzeug's server: 413, or ClientDisconnected (a 400, api.errors)
        raise
    except Exception as exc:  # gunicorn: the body's framing (a chunk size "zz"), the client's fault
        raise malformed_body(exc) from None
    max_body = current_app.config["MAX_CONTENT_LENGTH"]
    if request.content_length is None and len(raw) >= max_body:
        # ...but a chunked one is only cut there: reaching the limit counts as over it
        raise ApiProblem(413, f"the request body is over the limit of {max_body} bytes")
    turn = _give_way() if len(raw) >= GIVE_WAY_BYTES else _no_turn
    turn()
    try:
        doc = read_document(raw, current_app.config["JUDGE_LIMITS"], what=what, hints=LIMIT_HINTS)
    except TooLarge as exc:
        raise too_large(exc) from None
    except BadLog as exc:
        raise invalid(exc.errors, more=exc.more) from None
    turn()
    return doc


#: a request body of at least this many bytes is read between two turns that let the other
#: requests go first (:func:`json_body`): about half a millisecond of reading
GIVE_WAY_BYTES = 65_536


def _give_way() -> Callable[[], None]:
    from api.replays import give_way  # (api.replays imports this module)

    return give_way()


def _no_turn() -> None:
    pass


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
    zipped = request.path == "/v1/audits" and request.mimetype == "application/zip"
    if not request.is_json and not zipped:
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

    from api import (
        annotating,
        audits,
        cardsets,
        catalogue,
        docs,
        editor,
        health,
        ratelimit,
        recording,
        replays,
        rulings,
        security,
        viewer,
    )
    from api.docs import JudgeApi, add_action_log_schema

    app = Flask(__name__)
    settings: dict[str, Any] = {
        "JUDGE_TOKENS": "",
        "JUDGE_MAX_BODY": DEFAULT_MAX_BODY,
        "JUDGE_MAX_DEPTH": DEFAULT_MAX_DEPTH,
        "JUDGE_MAX_ACTIONS": DEFAULT_MAX_ACTIONS,
    }
    settings.update(ratelimit.DEFAULTS)
    env_keys = (*_ENV_KEYS, *ratelimit.ENV_KEYS)
    settings.update({k: os.environ[k] for k in env_keys if os.environ.get(k)})
    settings.update(config or {})
    app.config.update(settings)
    app.config["MAX_CONTENT_LENGTH"] = int(app.config["JUDGE_MAX_BODY"])
    app.config["JUDGE_LIMITS"] = _limits(app.config)
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
    security.register(app)  # security headers on every answer (api/security.py)
    app.before_request(_check_post)
    ratelimit.register(app)  # per-client limits, store full (api/ratelimit.py)
    for module in (replays, annotating, audits, catalogue, health, cardsets, rulings, recording):
        api.register_blueprint(module.blp)
    add_action_log_schema(api)
    app.register_blueprint(docs.blp)
    app.register_blueprint(viewer.blp)
    app.register_blueprint(editor.blp)
    app.register_blueprint(recording.pages)
    return app
