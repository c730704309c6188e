"""Schemas of ``/v1/audits``: an audit's options, its state and its report."""

from __future__ import annotations

from marshmallow import Schema, fields, validate

from judge.core.replay import ON_ILLEGAL
from schemas.api import _Query

#: the report's formats (:func:`judge.audit.report.render`)
REPORT_FORMATS = ("json", "markdown", "html", "csv", "text")


class AuditQuerySchema(_Query):
    on_illegal = fields.String(
        load_default="skip",
        validate=validate.OneOf(ON_ILLEGAL),
        metadata={"description": "On an illegal play: `stop`, `skip` or `apply` (every log)."},
    )


class ReportQuerySchema(_Query):
    format = fields.String(
        load_default="markdown",
        validate=validate.OneOf(REPORT_FORMATS),
        metadata={"description": "The report as `markdown`, `html`, `csv`, `text` or `json`."},
    )


class AuditProgressSchema(Schema):
    total = fields.Integer(required=True, metadata={"description": "Logs in the audit."})
    judged = fields.Integer(required=True, metadata={"description": "Jobs finished."})
    failed = fields.Integer(
        required=True, metadata={"description": "Jobs failed (an engine fault, a time limit)."}
    )
    bad_input = fields.Integer(
        required=True, metadata={"description": "Logs refused as bad input (not judged)."}
    )
    waiting = fields.Integer(required=True, metadata={"description": "Jobs queued or running."})
    done = fields.Boolean(required=True)


class AuditMatchSchema(Schema):
    source = fields.String(required=True, metadata={"description": "The log's name."})
    job = fields.String(allow_none=True, metadata={"description": "Its replay job."})
    status = fields.String(required=True)
    replay = fields.String(allow_none=True, metadata={"description": "The replay viewer."})
    problems = fields.List(fields.Dict(), metadata={"description": "Why it was not judged."})


class AuditSchema(Schema):
    """An audit: its progress, each log's job, and once done its report."""

    id = fields.String(required=True)
    status = fields.String(
        required=True,
        metadata={
            "enum": ["running", "finished"],
            "description": "`finished` once the report is in the document; the answer to the "
            "submission is `running` even when every log was bad input (its report is built "
            "on the first read).",
        },
    )
    url = fields.String(required=True)
    progress = fields.Nested(AuditProgressSchema, required=True)
    matches = fields.List(fields.Nested(AuditMatchSchema), required=True)
    report = fields.Dict(
        required=True,
        allow_none=True,
        metadata={"description": "`judge-audit/1` (as `judge audit --format json`) once done."},
    )
