"""``/v1/replays/<id>/annotations``: commentary added to a finished replay afterwards
(:mod:`worker.annotations`: who sees which, the bounds).

``POST`` is behind the service's bearer tokens like every POST (``JUDGE_TOKENS``) and its
rate limits; it answers 201 with the annotation, 400 naming the field, 403 for a view wider
than the submission's, 404, 409 while the replay is not finished or when it holds
:data:`~worker.annotations.MAX_ANNOTATIONS` already.  ``GET`` lists those the asked
perspective may read.
"""

from __future__ import annotations

from typing import Any

from flask import url_for
from flask_smorest import Blueprint

from api import current_service, json_body
from api.docs import problems, response_name
from api.errors import ApiProblem, invalid, problem_type
from judge.core.errors import FieldError
from judge.core.perspective import PerspectiveWidened
from schemas.viewer import AnnotationInSchema, AnnotationSchema, AnnotationsSchema, ViewQuerySchema
from worker import annotations as notes
from worker.service import NotFound, PerspectiveRefused

blp = Blueprint(
    "annotating",
    __name__,
    url_prefix="/v1/replays",
    description="Annotations: commentary added to a finished replay, shown in its viewer "
    "and its exports.",
)

_IN = AnnotationInSchema()


@blp.route("/<replay_id>/annotations", methods=["GET"])
@blp.arguments(ViewQuerySchema, location="query", error_status_code=400, as_kwargs=True)
@blp.response(200, AnnotationsSchema, description="The annotations the view may read.")
@blp.alt_response(400, response=response_name(400))
@blp.alt_response(403, response=response_name(403))
@blp.alt_response(404, response=response_name(404))
@blp.alt_response(503, response=response_name(503))
@blp.doc(operationId="getReplayAnnotations")
def list_annotations(replay_id: str, perspective: str | None = None) -> Any:
    """The annotations of a replay that `perspective` may read (default: the
    submission's), by step."""
    from api.replays import _view

    service = current_service()
    sub = service.get(replay_id)
    view = service.view(sub, _view(sub, perspective))
    teams = _teams(replay_id)
    shown = notes.visible(service.store.annotations(replay_id), view, teams)
    return {"id": replay_id, "perspective": view, "annotations": shown}


def _teams(replay_id: str) -> Any:
    stored = current_service().store.stored_result(replay_id)
    return stored.document.get("teams") if stored is not None else None


@blp.route("/<replay_id>/annotations", methods=["POST"])
@blp.response(201, AnnotationSchema, description="Kept: the annotation, with its number.")
@blp.alt_response(400, response=response_name(400))
@blp.alt_response(401, response=response_name(401))
@blp.alt_response(403, response=response_name(403))
@blp.alt_response(404, response=response_name(404))
@blp.alt_response(409, response=response_name(409), description="Not finished, or full.")
@blp.alt_response(413, response=response_name(413))
@blp.alt_response(415, response=response_name(415))
@blp.alt_response(503, **problems("store-unavailable", "store-full"))
@blp.doc(
    operationId="addReplayAnnotation",
    requestBody={
        "required": True,
        "content": {"application/json": {"schema": AnnotationInSchema}},
    },
)
def add_annotation(replay_id: str) -> Any:
    """Add an annotation to a step of a finished replay.  `view` is the perspective it is
    written from (default: the submission's; never wider): it is shown to that view and
    wider ones, or to every view when `public`."""
    body = json_body("annotation")
    errors = _IN.validate(body) if isinstance(body, dict) else {"": ["must be an object"]}
    if errors:
        raise invalid([FieldError(k, "; ".join(_flat(v))) for k, v in sorted(errors.items())])
    from api.replays import _finished_or_409

    data = _IN.load(body)
    sub, _, stored = _finished_or_409(replay_id, None)
    try:
        note = notes.make(
            step=data["step"],
            text=data["text"],
            author=data["author"],
            view=data["view"],
            submitted=sub.perspective,
            players=sub.players,
            total=stored.total or 0,
        )
    except notes.BadAnnotation as exc:
        raise invalid(exc.errors) from None
    except PerspectiveWidened as exc:
        raise PerspectiveRefused(str(exc)) from None
    number = current_service().store.add_annotation(replay_id, note, notes.MAX_ANNOTATIONS)
    if number is None:
        raise NotFound(replay_id)
    if number == 0:
        raise ApiProblem(
            409,
            f"this replay holds {notes.MAX_ANNOTATIONS} annotations, the most it may",
            type_=problem_type("annotations-full"),
            title="Annotations full",
        )
    url = url_for("annotating.list_annotations", replay_id=replay_id, _external=True)
    return {**note, "id": number}, 201, {"Location": url}


def _flat(messages: Any) -> list[str]:
    if isinstance(messages, dict):
        return [m for v in messages.values() for m in _flat(v)]
    if isinstance(messages, list):
        return [str(m) for m in messages]
    return [str(messages)]
