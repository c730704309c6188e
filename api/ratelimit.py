"""No client can fill the store: per-client rate limits, and new work refused near the
store's memory limit.

**Rate limits** (flask-limiter, a sliding window counter per client).  Three budgets:

``JUDGE_RATE_SUBMISSIONS`` (default ``60/minute``)
    requests that store or compute: the POSTs ``/v1/replays``, ``/v1/card-sets``,
    ``/v1/rulings``, ``/v1/decks/check``, ``/v1/audits`` (one a log it holds), and the GET
    ``/v1/replays/<id>/states`` (it judges the log again up to its window), together
    (spreading over them buys nothing).
``JUDGE_RATE_BODY_KB`` (default ``51200/hour``: 50 MB an hour)
    the kilobytes (1,024 bytes, rounded up) of those POSTs' bodies: 60 small logs a minute
    are fine, a stream of 5 MB ones is not.
``JUDGE_RATE_REQUESTS`` (default ``600/minute``)
    every other request (reads of results, the catalogue, the docs page), and the
    recorder's POSTs (``/v1/recordings/…``, one a decision recorded: cheap, as an answer
    judges only the new action, and frequent), whose bodies count in ``JUDGE_RATE_BODY_KB``
    (each carries the whole log so far: a 400-decision game sends about 8 MB in all).

Each value is a flask-limiter rate string (``"60/minute"``, ``"10/second;1000/day"``);
``JUDGE_RATE_LIMITS=off`` turns them all off.  ``/healthz`` and ``/readyz`` are never
limited (a load balancer probes them).  A request over a budget is answered 429
``urn:tcg-judge:problem:rate-limited`` with ``Retry-After`` (seconds) and flask-limiter's
``X-RateLimit-Limit``, ``-Remaining`` and ``-Reset`` headers, which every limited answer
carries.

**The client** is its bearer token when ``JUDGE_TOKENS`` is set and the request carries one
of them (a token used from many addresses is one client), keyed in Redis by a fingerprint
(SHA-256, never the token itself); otherwise its address.  A token that is not one of
``JUDGE_TOKENS`` does not make a client of its own (else each made-up token would be a fresh
budget, and a key in Redis).  Behind a proxy every request comes from the proxy's address:
``JUDGE_TRUSTED_PROXIES=N`` (default 0) takes the client's address from the
``X-Forwarded-For`` the N proxies in front set (werkzeug's ``ProxyFix(x_for=N)``); set it
only behind that many proxies, or a client names its own address.

**Storage**: the Redis of the service (its connection pool, keys under ``<prefix>rate:``),
so every API process counts the same budget; the embedded service counts in memory.  When
Redis cannot count (down, or over its ``maxmemory``: a counter is a write),
flask-limiter's in-memory fallback counts per process until Redis answers again
(``in_memory_fallback_enabled``; it looks again after 1, 2, 4... s).  Chosen over
``swallow_errors``, which would let every request through unlimited while Redis is away
(the endpoints that need no store, deck checks and questions on a log, would be free to
flood), and over failing: a Redis over its limit still serves reads of the results it
holds, and a Redis that is down gets the answer it got before limits, 503
``store-unavailable`` from the endpoints that need it.

**Store full**: before a submission or a card set is accepted, the store's
``check_room`` (:meth:`worker.redis_store.RedisStore.check_room`: ``used_memory`` against
``maxmemory``, read at most once a second) refuses new work once Redis is at
``JUDGE_STORE_HIGH_WATER`` (default 0.9) of its limit: 503 ``store-full`` with
``Retry-After`` (:func:`api.errors.store_full`), so that the jobs already accepted keep room
for their results.  The embedded store has no such limit.
"""

from __future__ import annotations

import hashlib
import hmac
import math
import time
from typing import Any

from flask import Flask, Response, current_app, g, request
from werkzeug.exceptions import HTTPException
from werkzeug.middleware.proxy_fix import ProxyFix

from api.errors import ApiProblem, malformed_body, problem_response, problem_type
from worker.config import SettingsError

DEFAULTS: dict[str, Any] = {
    "JUDGE_RATE_LIMITS": "on",
    "JUDGE_RATE_SUBMISSIONS": "60/minute",
    "JUDGE_RATE_BODY_KB": "51200/hour",
    "JUDGE_RATE_REQUESTS": "600/minute",
    "JUDGE_TRUSTED_PROXIES": 0,
    "JUDGE_STORE_HIGH_WATER": "",  # empty: the store's default (worker.redis_store)
}
ENV_KEYS = tuple(DEFAULTS)

#: The POSTs that store or compute: one submissions budget, one body budget.
WORK_PATHS = frozenset(
    {"/v1/replays", "/v1/card-sets", "/v1/rulings", "/v1/decks/check", "/v1/audits"}
)
#: The POSTs that add to the store: refused near its memory limit.
STORING_PATHS = frozenset({"/v1/replays", "/v1/card-sets", "/v1/audits"})
#: The recorder's POSTs: counted as requests, and their bodies as kilobytes.
RECORDING_PATHS = frozenset({"/v1/recordings/start", "/v1/recordings/next"})
#: Never limited.
HEALTH_PATHS = frozenset({"/healthz", "/readyz"})

#: What each budget counts, and the setting that sets it (for the 429's detail).
BUDGETS = {
    "submissions": ("submissions (POSTs that store or compute)", "JUDGE_RATE_SUBMISSIONS"),
    "body-kb": ("kilobytes of request bodies", "JUDGE_RATE_BODY_KB"),
    "requests": ("requests", "JUDGE_RATE_REQUESTS"),
}


def token_fingerprint(token: str) -> str:
    """What stands for a bearer token in the limiter's keys: never the token itself.

    >>> len(token_fingerprint("s3cret")), token_fingerprint("s3cret") == token_fingerprint("x")
    (24, False)
    """
    return hashlib.sha256(b"tcg-judge rate limit\0" + token.encode()).hexdigest()[:24]


def client_key() -> str:
    """The client a request counts against: ``token:<fingerprint>`` for a request bearing
    one of ``JUDGE_TOKENS``, else ``addr:<address>``."""
    tokens = current_app.config.get("JUDGE_TOKEN_SET") or ()
    if tokens:
        scheme, _, given = request.headers.get("Authorization", "").partition(" ")
        given = given.strip()
        known = any(hmac.compare_digest(given.encode(), t.encode()) for t in tokens)
        if scheme.lower() == "bearer" and given and known:
            return "token:" + token_fingerprint(given)
    return "addr:" + (request.remote_addr or "unknown")


def is_work_post() -> bool:
    """Whether the request stores or computes: a work POST, or a window of states (a GET
    that judges a log again, :mod:`judge.core.frames`: it costs what a question costs)."""
    if request.method == "POST":
        return request.path in WORK_PATHS
    return request.endpoint == "replays.get_states"


def submissions() -> int:
    """The cost of a request to the submissions budget: 1, and for an audit one a log (it
    submits each as a job): an audit of 60 logs costs what 60 submissions cost.  Its logs
    are read here, once (:func:`api.audits.audit_logs` keeps them for the view); a body
    that is not an audit's is the view's 400 and costs 1."""
    if request.method == "POST" and request.path == "/v1/audits":
        from api.audits import audit_logs

        try:
            return max(1, len(audit_logs()))
        except Exception:  # noqa: BLE001 - bad input: the view answers it
            return 1
    return 1


def counts_body() -> bool:
    """Whether the request's body counts in the body budget: a work POST's, a recording's."""
    return is_work_post() or (request.method == "POST" and request.path in RECORDING_PATHS)


def body_kb() -> int:
    """The cost of a request to the body budget: its body in KB (1,024 bytes), rounded up."""
    size = request.content_length
    if size is None:
        size = g.get("judge_body_size", 0)
    return math.ceil(size / 1024)


def _measure_body() -> None:
    """Before the limiter: the size of a chunked body (no ``Content-Length``), read here
    (cached for the view) so the body budget counts it; a body over ``JUDGE_MAX_BODY`` is
    the 413 it would be anyway, and a body that cannot be read the 400 it would be
    (:func:`api.errors.malformed_body`)."""
    if request.content_length is not None or request.method != "POST" or not counts_body():
        return
    try:
        g.judge_body_size = len(request.get_data(cache=True))
    except HTTPException:
        raise
    except Exception as exc:  # broken framing (a chunk size "zz"): the 400 it is in the view
        raise malformed_body(exc) from None  # (read again, the body would look merely short)


def _check_room() -> None:
    """Before a submission or a card set: refuse new work near the store's memory limit."""
    if request.method != "POST" or request.path not in STORING_PATHS:
        return
    if request.routing_exception is not None:
        return
    check = getattr(current_app.extensions["judge_service"].store, "check_room", None)
    if check is not None:
        configured = current_app.config.get("JUDGE_STORE_HIGH_WATER")
        check(float(configured) if configured not in (None, "") else None)


def _rate(config: Any, name: str) -> str:
    from limits import parse_many

    value = str(config[name]).strip()
    try:
        parse_many(value)
    except ValueError as exc:
        raise SettingsError(
            f"{name}: {value!r} is not a rate (e.g. '60/minute' or '10/second;1000/day'): {exc}"
        ) from None
    return value


def _switch(value: Any, name: str) -> bool:
    text = str(value).strip().lower()
    if text in ("on", "1", "true", "yes"):
        return True
    if text in ("off", "0", "false", "no"):
        return False
    raise SettingsError(f"{name}: {value!r} is neither on nor off")


def trusted_proxies(value: Any) -> int:
    """``JUDGE_TRUSTED_PROXIES``: how many proxies in front set ``X-Forwarded-For``.

    >>> trusted_proxies("1"), trusted_proxies(0)
    (1, 0)
    """
    try:
        n = int(str(value).strip() or 0)
    except ValueError:
        n = -1
    if n < 0:
        raise SettingsError(f"JUDGE_TRUSTED_PROXIES: {value!r} is not a number of proxies (0, 1…)")
    return n


def register(app: Flask) -> Any:
    """Install the proxy fix, the limiter and the store-full check on ``app`` (after the
    POST checks of :func:`api._check_post`: a request refused there costs no budget).
    Returns the :class:`flask_limiter.Limiter`, or None when limits are off."""
    config = app.config
    proxies = trusted_proxies(config["JUDGE_TRUSTED_PROXIES"])
    if proxies:
        app.wsgi_app = ProxyFix(app.wsgi_app, x_for=proxies)  # type: ignore[method-assign]
    if config.get("JUDGE_STORE_HIGH_WATER") not in (None, ""):
        from worker.redis_store import read_high_water

        read_high_water(config["JUDGE_STORE_HIGH_WATER"])  # a bad value fails at start
    limiter = None
    if _switch(config["JUDGE_RATE_LIMITS"], "JUDGE_RATE_LIMITS"):
        limiter = _limiter(app)
    app.before_request(_check_room)
    return limiter


def _limiter(app: Flask) -> Any:
    from flask_limiter import ApplicationLimit, Limiter
    from flask_limiter.errors import RateLimitExceeded

    config = app.config
    rates = {name: _rate(config, setting) for name, (_, setting) in BUDGETS.items()}
    store = app.extensions["judge_service"].store
    client = getattr(store, "client", None)
    if client is not None and hasattr(client, "connection_pool"):  # the Redis store
        uri = "redis://"
        options: dict[str, Any] = {
            "connection_pool": client.connection_pool,
            "key_prefix": f"{getattr(store, 'prefix', 'judge:')}rate",
        }
    else:
        uri, options = "memory://", {}

    def not_work() -> bool:
        return not is_work_post()

    def no_body() -> bool:
        return not counts_body()

    limiter = Limiter(
        client_key,
        application_limits=[
            ApplicationLimit(
                rates["submissions"], scope="submissions", exempt_when=not_work, cost=submissions
            ),
            ApplicationLimit(rates["body-kb"], scope="body-kb", exempt_when=no_body, cost=body_kb),
            ApplicationLimit(rates["requests"], scope="requests", exempt_when=is_work_post),
        ],
        strategy="sliding-window-counter",
        storage_uri=uri,
        storage_options=options,
        headers_enabled=True,
        retry_after="delta-seconds",
        in_memory_fallback_enabled=True,
        swallow_errors=False,
    )
    limiter.request_filter(lambda: request.path in HEALTH_PATHS)
    app.before_request(_measure_body)  # before the limiter's own check
    app.after_request(_restore_retry_after)  # runs after the limiter's (reverse order)
    limiter.init_app(app)
    app.after_request(_keep_retry_after)  # runs before the limiter's

    @app.errorhandler(RateLimitExceeded)
    def _limited(exc: RateLimitExceeded) -> Response:
        return problem_response(rate_limited(exc, limiter))

    return limiter


def _keep_retry_after(response: Response) -> Response:
    g.judge_retry_after = response.headers.get("Retry-After")
    return response


def _restore_retry_after(response: Response) -> Response:
    """flask-limiter writes ``Retry-After`` on every answer it counts (the later of its
    reset and any value already there): only a 429 keeps it; another answer gets back its
    own (a 503's 5 s) or none."""
    if response.status_code != 429:
        kept = g.get("judge_retry_after")
        if kept is None:
            response.headers.pop("Retry-After", None)
        else:
            response.headers["Retry-After"] = kept
    return response


def rate_limited(exc: Any, limiter: Any) -> ApiProblem:
    """The 429 for ``exc`` (flask-limiter's ``RateLimitExceeded``): which budget, its
    setting, and when to try again (``Retry-After``, as flask-limiter's header says)."""
    what, setting = BUDGETS.get(exc.limit.scope, ("requests", "the rate limits"))
    retry = 1
    try:
        current = limiter.current_limit
        if current is not None:
            retry = max(1, math.ceil(current.reset_at - time.time()))
    except Exception:  # noqa: BLE001 - the header is set again after this, when it can be
        retry = 1
    return ApiProblem(
        429,
        f"too many {what} from this client: the limit is {exc.limit.limit} (set by the "
        f"service's {setting}); try again in {retry} s",
        type_=problem_type("rate-limited"),
        title="Too many requests",
        headers={"Retry-After": str(retry)},
    )
