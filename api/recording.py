"""The scorekeeper's recorder: ``GET /record`` (the page), ``GET /recorder/<file>`` (its
modules), and the endpoints it calls (:mod:`judge.core.recording` does the work):

``GET /v1/recordings/setup``
    what a settings form offers: per game, its variants, deck lists, rule options and
    built-in card sets;
``POST /v1/recordings/start``
    a match's settings (or a position) -> a new log with no actions, or a 400 naming the
    field (``players[1].id``, ``decks.A.main[line 3]``, ``hidden.seed``);
``POST /v1/recordings/next``
    ``{log, perspective?, on_illegal?}`` -> the board after the last action, whose decision
    it is, the legal actions with their cards named, the last step's verdict, the result;
    a log's problem is a 400 naming ``log.<path>``;
``GET /v1/recordings/cards?q=…&card_set=…``
    cards of the named sets by code or name, to name a card that becomes known.

Saving uses ``POST /v1/replays`` (the log is a log); its replay is at ``/replays/<id>``.

Run in the request, not by the workers of :mod:`worker.sync_jobs`: an answer judges only
the actions after the longest prefix this process has cached (one, while recording), and
the cache is per process (:mod:`judge.core.recording` says why that is enough).  The
limits are the ones of any log (``JUDGE_MAX_BODY``, ``JUDGE_MAX_ACTIONS``); the rate
limits count these POSTs as requests and their bodies as kilobytes (:mod:`api.ratelimit`).
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint as FlaskBlueprint
from flask import Response, current_app, send_from_directory
from flask_smorest import Blueprint

from api import current_service, json_body
from api.docs import problems, response_name
from api.errors import ApiProblem, invalid, too_large
from judge.core import recording, recording_start
from judge.core.errors import BadLog, FieldError
from judge.core.jsontext import TooLarge
from judge.web.page import SERVED_AT, STYLE_SHEETS, VIEWER, data_block
from schemas.recording import (
    CardSearchAnswerSchema,
    CardSearchQuerySchema,
    RecordingAnswerSchema,
    RecordingNextSchema,
    RecordingSettingsSchema,
    RecordingSetupSchema,
    RecordingStartAnswerSchema,
)

blp = Blueprint(
    "recordings",
    __name__,
    url_prefix="/v1/recordings",
    description="Recording a match as it is played: a new log from a match's settings, "
    "and after each decision the board, the legal actions and the last step's verdict.",
)
#: the page and its files (not API operations)
pages = FlaskBlueprint("recorder", __name__)

#: the recorder's files, beside the viewer's
RECORDER = VIEWER.parent / "recorder"
_TYPES = {".js": "text/javascript", ".css": "text/css"}


def _owner() -> str:
    from api.cardsets import request_owner

    return request_owner()


def _registry(doc: Any) -> Any:
    """The user's card sets ``doc`` (a log, or settings) names, for this client."""
    from worker.cardsets import card_sets_of, sets_for_log

    return sets_for_log(card_sets_of(current_service().store), doc, _owner())


def _prefixed(exc: BadLog, prefix: str) -> ApiProblem:
    errors = [
        FieldError(f"{prefix}{e.path}" if e.path else prefix.rstrip("."), e.message)
        for e in exc.errors
    ]
    return invalid(errors, more=exc.more)


def _actions_limit(log: dict[str, Any]) -> None:
    limit = current_app.config["JUDGE_LIMITS"].max_actions
    actions = log.get("actions")
    if limit is not None and isinstance(actions, list) and len(actions) > limit:
        message = f"{len(actions):,} actions, over the limit of {limit:,} (JUDGE_MAX_ACTIONS)"
        raise too_large(TooLarge([FieldError("log.actions", message)], "max_actions"))


@blp.route("/setup", methods=["GET"])
@blp.response(200, RecordingSetupSchema, description="What a settings form offers.")
@blp.doc(operationId="recordingSetup")
def setup() -> Any:
    """Per game: its variants, the lists of a deck, the rule options (default, choices,
    text) and the built-in card sets."""
    return {"games": recording_start.games_setup()}


@blp.route("/start", methods=["POST"])
@blp.response(200, RecordingStartAnswerSchema, description="The new log, with no actions.")
@blp.alt_response(400, response=response_name(400))
@blp.alt_response(413, response=response_name(413))
@blp.alt_response(415, response=response_name(415))
@blp.alt_response(503, **problems("store-unavailable", description="The store is away"))
@blp.doc(
    operationId="startRecording",
    requestBody={
        "required": True,
        "description": "The match's settings, or `{position}`.",
        "content": {"application/json": {"schema": RecordingSettingsSchema}},
    },
)
def start() -> Any:
    """A new log (`judge-action-log/1`, no actions) from a match's settings: decks pasted
    as text by card name or code with quantities; or from a position.  A problem is a 400
    naming every field."""
    body = json_body("settings")
    try:
        registry = _registry(
            body.get("position") if isinstance(body.get("position"), dict) else body
        )
        log = recording_start.start_log(body, registry)
    except BadLog as exc:
        raise invalid(exc.errors, more=exc.more) from None
    return {"log": log}


@blp.route("/next", methods=["POST"])
@blp.response(200, RecordingAnswerSchema, description="What the recorder needs next.")
@blp.alt_response(400, response=response_name(400))
@blp.alt_response(413, response=response_name(413))
@blp.alt_response(415, response=response_name(415))
@blp.alt_response(501, **problems("engine-error", description="The engine failed"))
@blp.alt_response(503, **problems("store-unavailable", description="The store is away"))
@blp.doc(
    operationId="recordingNext",
    requestBody={
        "required": True,
        "description": "The log so far, and optionally the perspective and `on_illegal`.",
        "content": {"application/json": {"schema": RecordingNextSchema}},
    },
)
def next_answer() -> Any:
    """The board after the log's last action, whose decision it is, the legal actions
    (each with its cards by name and the ids it names), the last step's verdict with its
    rules' texts, and the result.  A log's problem is a 400 naming `log.<path>`."""
    body = json_body("request")
    log = body.get("log")
    errors = []
    if not isinstance(log, dict):
        errors.append(FieldError("log", "the log so far (a judge-action-log/1 object) is needed"))
    for name in ("perspective", "on_illegal"):
        if name in body and not isinstance(body[name], str):
            errors.append(FieldError(name, "must be a string"))
    unknown = sorted(set(body) - {"log", "perspective", "on_illegal"})
    errors += [FieldError(k, "unknown field") for k in unknown]
    if errors:
        raise invalid(errors)
    assert isinstance(log, dict)
    _actions_limit(log)
    log = {k: v for k, v in log.items() if k != "checkpoints"}
    try:
        registry = _registry(log)
        on_illegal = body.get("on_illegal", "skip")
        parsed = recording.read_log(log, registry, on_illegal=on_illegal, cache=recording.CACHE)
    except BadLog as exc:
        raise _prefixed(exc, "log.") from None
    try:
        return recording.answer(
            parsed,
            perspective=body.get("perspective", "judge"),
            on_illegal=on_illegal,
            card_sets=registry,
        )
    except BadLog as exc:
        raise invalid(exc.errors, more=exc.more) from None


@blp.route("/cards", methods=["GET"])
@blp.arguments(CardSearchQuerySchema, location="query", error_status_code=400, as_kwargs=True)
@blp.response(200, CardSearchAnswerSchema, description="The cards found, best first.")
@blp.alt_response(400, response=response_name(400))
@blp.alt_response(503, **problems("store-unavailable", description="The store is away"))
@blp.doc(operationId="recordingCards")
def cards(q: str, card_set: list[str]) -> Any:
    """Cards of the sets named (`card_set`, repeatable: built-in or kept) whose code or
    name (English or Japanese) or trait holds `q`: to name a card that becomes known."""
    try:
        registry = _registry({"card_sets": card_set})
        found = recording_start.search_cards(q, card_set, None, registry)
    except BadLog as exc:
        raise invalid(exc.errors, more=exc.more) from None
    return {"cards": found}


# -- the page ----------------------------------------------------------------------------------


def page() -> str:
    """The recorder's page: the viewer's board style sheets, the recorder's own, its module."""
    links = "".join(f'<link rel="stylesheet" href="{SERVED_AT}{name}">\n' for name in STYLE_SHEETS)
    links += '<link rel="stylesheet" href="/recorder/recorder.css">\n'
    head = links + '<script type="module" src="/recorder/main.js"></script>\n'
    return (
        '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">\n'
        '<meta name="viewport" content="width=device-width,initial-scale=1">\n'
        '<link rel="icon" href="data:,">\n'
        f"<title>Record a match</title>\n{head}</head>\n"
        '<body><main id="recorder" aria-busy="true"><noscript>The recorder needs JavaScript; '
        "the API it calls is described at /docs.</noscript></main>\n"
        f"{data_block({'mode': 'api', 'api': '/v1/recordings', 'replays': '/v1/replays'})}\n"
        "</body></html>\n"
    )


@pages.get("/record")
def record_page() -> Any:
    """The scorekeeper's page."""
    return Response(page(), mimetype="text/html")


@pages.get("/recorder/<path:name>")
def recorder_file(name: str) -> Any:
    """One of the recorder's files (``main.js``, ``recorder.css``, …)."""
    suffix = name[name.rfind(".") :] if "." in name else ""
    if suffix not in _TYPES or not (RECORDER / name).is_file():
        raise ApiProblem(404, f"no such file of the recorder: {name}", type_="about:blank")
    return send_from_directory(RECORDER, name, mimetype=_TYPES[suffix], max_age=300)
