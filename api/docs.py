"""The OpenAPI document's shape, and the API docs page (``GET /docs``), offline.

:class:`JudgeApi` is flask-smorest's ``Api`` with the error responses it documents made
``application/problem+json`` (:class:`schemas.api.ProblemSchema`), the bearer scheme
documented on POST operations when tokens are configured, and the action log's JSON Schema
(:func:`schemas.jsonschema.action_log_json_schema`) added as the ``ActionLog`` component.

The docs page is Swagger UI 5 (it renders OpenAPI 3.1), served from this process: its files
come from the ``swagger-ui-bundle-v2`` package (PyPI; the ``swagger_ui_bundle`` module ships
the Swagger UI distribution), and :file:`api/static/docs.js` starts it.  Nothing is fetched
from another host (the spec validator badge is off).  Without the package the page still
answers: a plain list of the operations, with a link to ``/openapi.json``.
"""

from __future__ import annotations

import html
import re
from functools import cache
from http import HTTPStatus
from pathlib import Path
from typing import Any

from apispec import BasePlugin
from flask import Blueprint, Response, current_app, send_from_directory, url_for
from flask_smorest import Api

from schemas.api import ProblemSchema

PROBLEM_JSON = "application/problem+json"
STATIC = Path(__file__).resolve().parent / "static"
#: The lowest Swagger UI major version that renders OpenAPI 3.1.
SWAGGER_UI_MIN_MAJOR = 5
#: The files of the Swagger UI distribution the page loads.
SWAGGER_UI_FILES = ("swagger-ui.css", "swagger-ui-bundle.js", "favicon-32x32.png")
ACTION_LOG = "ActionLog"

RETRY_AFTER = "Seconds to wait before trying again."
_HEADERS = {
    401: {"WWW-Authenticate": "`Bearer` with the realm of the service."},
    405: {"Allow": "The methods the path allows."},
    429: {
        "Retry-After": RETRY_AFTER,
        "X-RateLimit-Limit": "The nearest budget's limit.",
        "X-RateLimit-Remaining": "What is left of it.",
        "X-RateLimit-Reset": "When it is whole again (seconds since the epoch).",
    },
    503: {"Retry-After": RETRY_AFTER},
    504: {"Retry-After": RETRY_AFTER},
}

PROBLEM_PREFIX = "urn:tcg-judge:problem:"
#: The problem types an operation may declare with :func:`problems`: each one's status, its
#: title (as :mod:`api.errors`, :mod:`api.answers` and :mod:`api.ratelimit` raise it) and
#: whether it carries ``Retry-After``.
PROBLEM_TYPES: dict[str, tuple[int, str, bool]] = {
    "rate-limited": (429, "Too many requests: a per-client budget is spent", True),
    "engine-error": (501, "Engine error: a bug in the engine, reported with its fault_id", False),
    "no-reading-renderer": (
        501,
        "No reading renderer: the card set's game has no renderer of readings yet",
        False,
    ),
    "store-unavailable": (503, "Store unavailable: Redis is not answering", True),
    "store-full": (503, "Store full: new work is refused until stored results expire", True),
    "answer-busy": (503, "Too many waiting: questions and deck checks", True),
    "answer-timeout": (504, "Not answered in time: JUDGE_QUESTION_TIMEOUT", True),
}
#: The types of the shared response component of a status (``response_name``): what an
#: operation that declares the component alone may answer with it.
COMPONENT_TYPES = {429: ("rate-limited",), 503: ("store-unavailable",)}


def response_name(status: int) -> str:
    """The component name of the error response for ``status`` (as flask-smorest names it)."""
    return HTTPStatus(status).name


def problems(*slugs: str, description: str | None = None) -> dict[str, Any]:
    """The keyword arguments of ``@blp.alt_response(status, **problems(...))`` for a
    response that may be any of the problem types ``slugs`` (of one status): a problem
    document whose examples name each type, a description naming them, and
    ``Retry-After`` when one of them carries it.

    >>> problems("store-unavailable", "store-full")["headers"]
    {'Retry-After': {'description': 'Seconds to wait before trying again.', 'schema': {'type': 'string'}}}
    """
    statuses = {PROBLEM_TYPES[slug][0] for slug in slugs}
    if len(statuses) != 1:
        raise ValueError(f"one status per response: {slugs} have {sorted(statuses)}")
    (status,) = statuses
    named = "; ".join(f"`{PROBLEM_PREFIX}{slug}`: {PROBLEM_TYPES[slug][1]}" for slug in slugs)
    out: dict[str, Any] = {
        "schema": ProblemSchema,
        "content_type": PROBLEM_JSON,
        "description": f"{description or HTTPStatus(status).phrase}. Problem types: {named}.",
        "examples": {
            slug: {
                "summary": PROBLEM_TYPES[slug][1],
                "value": {
                    "type": PROBLEM_PREFIX + slug,
                    "title": PROBLEM_TYPES[slug][1].split(":")[0],
                    "status": status,
                },
            }
            for slug in slugs
        },
    }
    if any(PROBLEM_TYPES[slug][2] for slug in slugs):
        out["headers"] = _headers(503)
    return out


def _headers(status: int) -> dict[str, Any]:
    return {
        name: {"description": text, "schema": {"type": "string"}}
        for name, text in _HEADERS[status].items()
    }


#: ``@blp.doc(**{TOKEN_NEEDED: True})``: an operation other than a POST that needs the token
TOKEN_NEEDED = "x-token-needed"


class _BearerOnPost(BasePlugin):
    """Documents ``Authorization: Bearer`` on POST operations when tokens are configured,
    and the 429 ``rate-limited`` of every operation the limits count (all but the health
    probes, :data:`api.ratelimit.HEALTH_PATHS`; documented even where limits are off,
    since they are on by default)."""

    def __init__(self, enabled: bool) -> None:
        self.enabled = enabled

    def init_spec(self, spec: Any) -> None:
        if self.enabled:
            spec.components.security_scheme(
                "bearer",
                {
                    "type": "http",
                    "scheme": "bearer",
                    "description": "A token of the server's JUDGE_TOKENS.",
                },
            )

    def operation_helper(self, path: Any = None, operations: Any = None, **kwargs: Any) -> None:
        # a GET or DELETE that needs the token too says so with TOKEN_NEEDED (the card sets')
        needs = {m for m, op in (operations or {}).items() if op.pop(TOKEN_NEEDED, False)}
        from api.ratelimit import HEALTH_PATHS

        if path not in HEALTH_PATHS:
            for operation in (operations or {}).values():
                operation.setdefault("responses", {})[429] = response_name(429)
        if not self.enabled:
            return
        for method, operation in (operations or {}).items():
            if method == "post" or method in needs:
                operation["security"] = [{"bearer": []}]
                operation.setdefault("responses", {})[401] = response_name(401)


def _verbatim(self: Any, field: Any, ret: dict[str, Any], **kwargs: Any) -> dict[str, Any]:
    """apispec attribute function: ``metadata["json_schema"]`` replaces the field's schema."""
    given = field.metadata.get("json_schema")
    if given is None:
        return {}
    keep = {key: ret[key] for key in ("description",) if key in ret}
    ret.clear()
    return {**given, **keep}


class JudgeApi(Api):
    """flask-smorest's ``Api``: problem+json errors, the bearer scheme, OpenAPI 3.1."""

    ERROR_SCHEMA = ProblemSchema

    def __init__(self, app: Any, *, auth: bool, description: str) -> None:
        super().__init__(
            app,
            spec_kwargs={
                "info": {"description": description},
                "extra_plugins": [_BearerOnPost(auth)],
            },
        )

        assert self.ma_plugin.converter is not None
        self.ma_plugin.converter.add_attribute_function(_verbatim)

    def _register_responses(self) -> None:
        """Every error response (lazily, as referenced) is a problem document."""
        for status in HTTPStatus:
            if status < 400:
                continue
            response: dict[str, Any] = {
                "description": status.phrase,
                "content": {PROBLEM_JSON: {"schema": self.ERROR_SCHEMA}},
            }
            if status in COMPONENT_TYPES:
                declared = problems(*COMPONENT_TYPES[status])
                response["description"] = declared["description"]
                response["content"][PROBLEM_JSON]["examples"] = declared["examples"]
            if status in _HEADERS:
                response["headers"] = _headers(status)
            self.spec.components.response(status.name, response, lazy=True)
        self.spec.components.response(
            self.DEFAULT_ERROR_RESPONSE_NAME,
            {
                "description": "An error (problem details)",
                "content": {PROBLEM_JSON: {"schema": self.ERROR_SCHEMA}},
            },
            lazy=True,
        )


# -- the action log's schema as components ---------------------------------------------------------


def _lift(node: Any, prefix: str) -> Any:
    """Refs into ``$defs`` made refs to components named ``prefix.<name>``."""
    if isinstance(node, list):
        return [_lift(item, prefix) for item in node]
    if not isinstance(node, dict):
        return node
    out = {key: _lift(value, prefix) for key, value in node.items()}
    ref = out.get("$ref")
    if isinstance(ref, str) and ref.startswith("#/$defs/"):
        out["$ref"] = f"#/components/schemas/{prefix}.{ref[len('#/$defs/') :]}"
    return out


def action_log_components() -> dict[str, dict[str, Any]]:
    """The action log's JSON Schema as OpenAPI 3.1 components: ``ActionLog`` and its
    ``$defs`` as ``ActionLog.<name>`` (refs rewritten, so they resolve from the document's
    root; ``$schema`` and ``$id`` dropped, the document's dialect being JSON Schema 2020-12)."""
    from schemas.jsonschema import action_log_json_schema

    schema = action_log_json_schema()
    defs = schema.pop("$defs", {})
    schema.pop("$schema", None)
    schema.pop("$id", None)
    out = {ACTION_LOG: _lift(schema, ACTION_LOG)}
    for name, body in defs.items():
        out[f"{ACTION_LOG}.{name}"] = _lift(body, ACTION_LOG)
    return out


def add_action_log_schema(api: Api) -> None:
    for name, body in action_log_components().items():
        api.spec.components.schema(name, component=body)


def action_log_ref() -> dict[str, str]:
    return {"$ref": f"#/components/schemas/{ACTION_LOG}"}


# -- the docs page ----------------------------------------------------------------------------------


def _major(path: Path) -> tuple[int, ...]:
    return tuple(int(n) for n in re.findall(r"\d+", path.name)[:3])


@cache
def swagger_ui_dir() -> Path | None:
    """The newest Swagger UI (major ≥ 5) shipped by ``swagger_ui_bundle``, or None."""
    try:
        import swagger_ui_bundle
    except ImportError:
        return None
    vendor = Path(swagger_ui_bundle.__file__).resolve().parent / "vendor"
    found = [
        d
        for d in vendor.glob("swagger-ui-*")
        if (d / "swagger-ui-bundle.js").is_file() and _major(d)[:1] >= (SWAGGER_UI_MIN_MAJOR,)
    ]
    return max(found, key=_major) if found else None


blp = Blueprint("docs", __name__)

_PAGE = """<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{title} API</title>
<link rel="stylesheet" href="{css}">
<link rel="icon" type="image/png" href="{icon}">
<style>body{{margin:0}}</style>
</head>
<body>
<div id="swagger-ui" data-spec-url="{spec}"></div>
<script src="{bundle}"></script>
<script src="{init}"></script>
</body>
</html>
"""

_PLAIN = """<!DOCTYPE html>
<html lang="en">
<head><meta charset="utf-8"><title>{title} API</title>
<style>body{{font-family:system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem}}
code{{font-family:ui-monospace,monospace}}</style></head>
<body>
<h1>{title} API {version}</h1>
<p>The interactive page needs the <code>swagger-ui-bundle-v2</code> package (installed with the
<code>service</code> extra). The OpenAPI document: <a href="{spec}">{spec}</a>.</p>
<ul>
{items}
</ul>
</body>
</html>
"""


def _api() -> Api:
    return current_app.extensions["flask-smorest"]["apis"][""]["ext_obj"]


@blp.get("/docs")
def docs_page() -> Response:
    """The API docs page: Swagger UI, from this server's own files."""
    spec_url = url_for("api-docs.openapi_json")
    api = _api()
    if swagger_ui_dir() is None:
        items = []
        for path, operations in api.spec.to_dict().get("paths", {}).items():
            for method, op in operations.items():
                summary = html.escape(str(op.get("summary", "")))
                items.append(
                    f"<li><code>{method.upper()} {html.escape(path)}</code> {summary}</li>"
                )
        page = _PLAIN.format(
            title=html.escape(api.spec.title),
            version=html.escape(api.spec.version),
            spec=html.escape(spec_url),
            items="\n".join(items),
        )
    else:
        page = _PAGE.format(
            title=html.escape(api.spec.title),
            css=url_for("docs.asset", name="swagger-ui.css"),
            icon=url_for("docs.asset", name="favicon-32x32.png"),
            bundle=url_for("docs.asset", name="swagger-ui-bundle.js"),
            init=url_for("docs.asset", name="docs.js"),
            spec=html.escape(spec_url),
        )
    return Response(page, mimetype="text/html")


@blp.get("/docs/assets/<name>")
def asset(name: str) -> Response:
    """The docs page's files: the Swagger UI distribution and its initializer."""
    if name == "docs.js":
        return send_from_directory(STATIC, name, max_age=3600)
    folder = swagger_ui_dir()
    if folder is None or name not in SWAGGER_UI_FILES:
        from api.errors import ApiProblem

        raise ApiProblem(404, f"no such asset: {name}", type_="about:blank")
    return send_from_directory(folder, name, max_age=24 * 3600)
