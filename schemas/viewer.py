"""Schemas of what the replay viewer reads and writes: a replay's head, its frames (the
state after each step of a window, :mod:`judge.core.frames`) and its annotations
(:mod:`worker.annotations`)."""

from __future__ import annotations

from marshmallow import RAISE, Schema, fields, validate

from judge.core.annotations import MAX_AUTHOR, MAX_TEXT
from judge.core.frames import MAX_FRAMES
from schemas.api import PERSPECTIVE_TEXT, _Query

#: frames a window holds unless asked otherwise
DEFAULT_FRAMES = 100


class ViewQuerySchema(_Query):
    perspective = fields.String(metadata={"description": PERSPECTIVE_TEXT})


class StatesQuerySchema(_Query):
    offset = fields.Integer(
        load_default=0,
        validate=validate.Range(min=0),
        metadata={"description": "Index of the first step of the window."},
    )
    limit = fields.Integer(
        load_default=DEFAULT_FRAMES,
        validate=validate.Range(min=1, max=MAX_FRAMES),
        metadata={
            "description": f"Steps in the window (default {DEFAULT_FRAMES}, at most {MAX_FRAMES})."
        },
    )
    perspective = fields.String(metadata={"description": PERSPECTIVE_TEXT})


class FrameSchema(Schema):
    index = fields.Integer(required=True, metadata={"description": "The step."})
    state = fields.Dict(
        required=True, metadata={"description": "The state after the step, as the view sees it."}
    )


class StatesSchema(Schema):
    """The state after each step of a window of a finished replay."""

    id = fields.String(required=True)
    total = fields.Integer(required=True, metadata={"description": "Steps in the replay."})
    offset = fields.Integer(required=True)
    limit = fields.Integer(required=True)
    perspective = fields.String(required=True)
    states = fields.List(fields.Nested(FrameSchema), required=True)


class ReplayHeadSchema(Schema):
    """A finished replay without its steps, for a viewer: what it needs before the first
    step (players, card definitions, the rules cited, the summary)."""

    id = fields.String(required=True)
    perspective = fields.String(required=True)
    total = fields.Integer(required=True, metadata={"description": "Steps in the replay."})
    views = fields.List(
        fields.String(),
        required=True,
        metadata={"description": "The perspectives this replay may be viewed from."},
    )
    replay = fields.Dict(
        required=True,
        metadata={"description": "The replay (`judge-replay/2`) with `steps` empty."},
    )
    readings = fields.Dict(
        keys=fields.String(),
        values=fields.List(fields.String()),
        required=True,
        metadata={
            "description": "For a game whose printed text the engine reads: each card's "
            "reading, rendered from the effects the engine runs (by code)."
        },
    )


class AnnotationInSchema(Schema):
    """An annotation to add to a finished replay."""

    class Meta:
        unknown = RAISE

    step = fields.Integer(
        required=True, strict=True, metadata={"description": "The step it is on."}
    )
    text = fields.String(required=True, validate=validate.Length(min=1, max=MAX_TEXT))
    author = fields.String(
        load_default=None, allow_none=True, validate=validate.Length(max=MAX_AUTHOR)
    )
    view = fields.String(
        load_default=None,
        allow_none=True,
        metadata={
            "description": "The perspective it is written from (default: the submission's): "
            "it is shown to that view, to wider ones, and to every view when `public`."
        },
    )


class AnnotationSchema(Schema):
    id = fields.Integer(required=True, metadata={"description": "1 for the first added, …"})
    step = fields.Integer(required=True)
    text = fields.String(required=True)
    author = fields.String(required=True, allow_none=True)
    view = fields.String(required=True)
    created_at = fields.String(required=True, metadata={"description": "UTC, ISO 8601."})


class AnnotationsSchema(Schema):
    id = fields.String(required=True)
    perspective = fields.String(required=True)
    annotations = fields.List(fields.Nested(AnnotationSchema), required=True)
