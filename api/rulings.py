"""``POST /v1/rulings``: a judge's question about a state of a game, answered at once.

The body is a question (``judge-question/1``, :mod:`schemas.question`): a ``kind`` and a
state, an action ``log`` with an optional ``step``, or a submitted ``replay``'s job id with
its ``step`` (the log kept with the submission is read from the service, with its card sets,
its ``on_illegal`` and its perspective), and optionally the ``perspective`` the answer is
for.  The answer is :func:`judge.core.ask.answer`'s, the same document ``judge ask --json``
prints; it names no card that perspective cannot see (docs/questions.md, "Perspectives").

Not in the API's event loop: a question replays a log up to its step and probes a few
actions, milliseconds for real logs but CPU-bound seconds on a 10,000-action one, so it runs
where the service runs such work (:mod:`worker.sync_jobs`: a worker on the Redis backend,
a small thread pool embedded) under ``JUDGE_QUESTION_TIMEOUT``, and waits for it
(:mod:`api.answers`).

Errors as everywhere in the API: a bad question is a 400 naming every problem by path
(``kind``, ``step``, ``log.actions[3].card``, ``action.card``, ``perspective``); a
perspective wider than the replay was submitted with is a 403 ``perspective-refused``; a
log over ``JUDGE_MAX_ACTIONS`` is a 413; an unknown replay id is a 404; too many waiting a
503 ``answer-busy``, no answer in time a 504 ``answer-timeout`` (both with ``Retry-After``).
"""

from __future__ import annotations

from typing import Any

from flask import current_app, request
from flask_smorest import Blueprint

from api import json_body
from api.answers import run_answer
from api.docs import problems, response_name
from api.errors import too_large
from judge.core.errors import FieldError
from judge.core.jsontext import TooLarge
from schemas.api import AnswerSchema
from schemas.question import QuestionSchema

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


@blp.route("/rulings", methods=["POST"])
@blp.response(200, AnswerSchema, description="The answer.")
@blp.alt_response(400, response=response_name(400))
@blp.alt_response(403, response=response_name(403), description="Wider than submitted.")
@blp.alt_response(404, response=response_name(404), description="No such replay job.")
@blp.alt_response(413, response=response_name(413))
@blp.alt_response(415, response=response_name(415))
@blp.alt_response(501, **problems("engine-error", description="The engine failed"))
@blp.alt_response(
    503, **problems("answer-busy", "store-unavailable", "store-full", description="Not now")
)
@blp.alt_response(504, **problems("answer-timeout"))
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
    doc = json_body("question")
    _actions_limit(doc)
    return run_answer("question", doc, request.get_data(cache=True))
