"""``POST /v1/rulings``: a judge's question about a state of a game, answered at once.

The body is a question (``judge-question/1``, :mod:`schemas.question`): a ``kind`` and a
state, an action ``log`` with an optional ``step``, or a submitted ``replay``'s job id with
its ``step`` (the log kept with the submission is read from the service, with its card sets
and its ``on_illegal``).  The answer is :func:`judge.core.ask.answer`'s, the same document
``judge ask --json`` prints.  Synchronous: a question replays one log up to its step and
judges a few actions on copies of the engine, milliseconds for real logs.

Errors as everywhere in the API: a bad question is a 400 naming every problem by path
(``kind``, ``step``, ``log.actions[3].card``, ``action.card``); a log over
``JUDGE_MAX_ACTIONS`` is a 413; an unknown replay id is a 404.
"""

from __future__ import annotations

from typing import Any

from flask import current_app
from flask_smorest import Blueprint

from api import current_service, json_body
from api.docs import response_name
from api.errors import invalid, too_large
from judge.core.errors import BadLog, FieldError
from judge.core.jsontext import TooLarge
from schemas.api import AnswerSchema
from schemas.question import QuestionSchema
from worker.service import NotFound

blp = Blueprint(
    "rulings",
    __name__,
    url_prefix="/v1",
    description="A judge's questions about a state of a game: order of effects, damage, "
    "whether an action is legal, the options, why a step got its verdict.",
)


def _actions_limit(doc: dict[str, Any]) -> None:
    """A log over ``JUDGE_MAX_ACTIONS`` is a 413, as for ``POST /v1/replays``."""
    limit = current_app.config["JUDGE_LIMITS"].max_actions
    log = doc.get("log")
    if limit is None or not isinstance(log, dict) or not isinstance(log.get("actions"), list):
        return
    n = len(log["actions"])
    if n > limit:
        message = (
            f"{n:,} actions, over the limit of {limit:,} (set by the service's JUDGE_MAX_ACTIONS)"
        )
        raise too_large(TooLarge([FieldError("log.actions", message)], "max_actions"))


def _stored(replay_id: Any) -> tuple[tuple[dict[str, Any], str], Any]:
    """A submitted replay's log (decoded), its ``on_illegal`` and the user's card sets it
    names; 404 when there is no such job (or its log expired)."""
    from api.cardsets import sets_for_stored
    from judge.core.log import decode

    service = current_service()
    sub = service.get(replay_id)
    text = service.store.log_text(replay_id)
    if text is None:
        raise NotFound(replay_id)
    sets = sets_for_stored(sub.card_sets, text)  # the hashes pinned when it was accepted
    return (decode(text), sub.on_illegal), sets


@blp.route("/rulings", methods=["POST"])
@blp.response(200, AnswerSchema, description="The answer.")
@blp.alt_response(400, response=response_name(400))
@blp.alt_response(404, response=response_name(404), description="No such replay job.")
@blp.alt_response(413, response=response_name(413))
@blp.alt_response(415, response=response_name(415))
@blp.alt_response(503, response=response_name(503))
@blp.doc(
    operationId="askQuestion",
    requestBody={
        "required": True,
        "description": "The question (`judge-question/1`): a kind, and a log with an "
        "optional step, or a submitted replay's id and a step.",
        "content": {"application/json": {"schema": QuestionSchema}},
    },
)
def ask_question(**kwargs: Any) -> Any:
    """Ask a question about the state after a step of a log or of a submitted replay, or
    about a position (a game described at a moment, `judge-position/1`).

    `order`: the waiting effects, the order they may resolve in and who chooses; `damage`:
    who takes damage and who decides, and what each choice does; `legal`: whether `action`
    is legal now and every rule it breaks; `options`: everything the player to act may
    record; `explain`: why the step got its verdict.  Every answer has a one-line
    `verdict`, an `explanation`, the `choices` and who makes them, and the `rules` with
    their texts and sources.  A bad question is a 400 naming every problem by path.
    """
    from api.cardsets import sets_for_request
    from judge.core.ask import answer, read_question

    doc = json_body("question")
    _actions_limit(doc)
    stored = None
    try:
        if isinstance(doc.get("replay"), str) and doc["replay"] and "log" not in doc:
            stored, sets = _stored(doc["replay"])
        else:
            log = doc.get("log", doc.get("position"))  # a position names sets as a log does
            sets = sets_for_request(log) if isinstance(log, dict) else None  # the caller's
        question = read_question(doc, sets, stored=stored)
    except BadLog as exc:
        raise invalid(exc.errors, more=exc.more) from None
    return answer(question)
