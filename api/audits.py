"""``/v1/audits``: a whole event judged in one request (:mod:`worker.audits`).

``POST /v1/audits`` takes the event's logs as JSON (``{"logs": [log, …]}``, or
``[{"name": …, "log": …}, …]`` to name them) or as a zip of ``.json`` files
(``Content-Type: application/zip``), submits each as an ordinary replay job and answers
202 with the audit's id.  A log that cannot be read or judged is kept in the audit with its
problems; it does not refuse the others.  ``GET /v1/audits/<id>`` gives the progress, each
log's job and, once every job has ended, the report; ``/report?format=`` renders it.

Same limits, tokens and quotas as every POST: the body limit (``JUDGE_MAX_BODY``; a zip
unpacks to at most :data:`UNPACKED` times it), at most :data:`worker.audits.MAX_LOGS` logs,
each log within the log limits, and an audit costs the submissions budget one submission a
log (:mod:`api.ratelimit`).
"""

from __future__ import annotations

import io
import zipfile
from typing import Any

from flask import Response, current_app, g, request, url_for
from flask_smorest import Blueprint

from api import current_service, json_body
from api.docs import problems, response_name
from api.errors import ApiProblem, invalid, malformed_body, problem_type
from judge.core.errors import BadLog, FieldError
from judge.core.jsontext import read_document
from schemas.audit import AuditQuerySchema, AuditSchema, ReportQuerySchema
from worker import audits

blp = Blueprint(
    "audits",
    __name__,
    url_prefix="/v1/audits",
    description="Audits: many logs judged as one event, and a report over them.",
)

#: a zip may unpack to this many times the body limit, no more (a zip bomb is refused)
UNPACKED = 20
_MEDIA = {"application/json", "application/zip"}


def audit_logs() -> list[tuple[str, Any]]:
    """The request's logs as ``(name, document or BadLog)``, read once and kept for the
    request (the rate limiter counts them first).  Bad input of the whole (not JSON, not a
    zip, too many logs) is a 400; one log that cannot be read is kept as its BadLog."""
    if "judge_audit_logs" in g:
        return g.judge_audit_logs  # type: ignore[no-any-return]
    limits = current_app.config["JUDGE_LIMITS"]
    items: list[tuple[str, Any]] = []
    if request.mimetype == "application/zip":
        items = _zip_items(limits)
    else:
        body = json_body("audit")
        logs = body.get("logs")
        if not isinstance(logs, list) or not logs:
            raise invalid([FieldError("logs", "must be a list of one log or more")])
        for n, item in enumerate(logs):
            named = isinstance(item, dict) and set(item) == {"name", "log"}
            name = str(item["name"]) if named else f"logs[{n}]"
            log = item["log"] if named else item
            if not isinstance(log, dict):
                log = BadLog([FieldError(f"logs[{n}]", "a log is a JSON object")])
            items.append((name, log))
    if len(items) > audits.MAX_LOGS:
        raise invalid(
            [FieldError("logs", f"at most {audits.MAX_LOGS} logs an audit; got {len(items)}")]
        )
    g.judge_audit_logs = items
    return items


def _zip_items(limits: Any) -> list[tuple[str, Any]]:
    raw = request.get_data(cache=True)
    try:
        archive = zipfile.ZipFile(io.BytesIO(raw))
        members = [m for m in archive.infolist() if not m.is_dir()]
    except (zipfile.BadZipFile, ValueError, OSError) as exc:
        raise malformed_body(exc) from None
    members = sorted(
        (m for m in members if m.filename.lower().endswith(".json")), key=lambda m: m.filename
    )
    if not members:
        raise invalid([FieldError("<zip>", "holds no .json file")])
    if len(members) > audits.MAX_LOGS:
        raise invalid(
            [FieldError("<zip>", f"at most {audits.MAX_LOGS} logs an audit; got {len(members)}")]
        )
    room = UNPACKED * int(current_app.config["MAX_CONTENT_LENGTH"])
    if sum(m.file_size for m in members) > room:
        raise ApiProblem(413, f"the zip unpacks to more than {room} bytes")
    items: list[tuple[str, Any]] = []
    for member in members:
        if member.file_size > limits.max_bytes:
            items.append(
                (
                    member.filename,
                    BadLog([FieldError("<log>", f"over the limit of {limits.max_bytes} bytes")]),
                )
            )
            continue
        try:
            with archive.open(member) as handle:
                text = handle.read(limits.max_bytes + 1)  # the header's size may lie
            items.append((member.filename, read_document(text, limits, what="log")))
        except BadLog as exc:
            items.append((member.filename, exc))
        except (zipfile.BadZipFile, OSError, RuntimeError, ValueError) as exc:
            items.append(
                (member.filename, BadLog([FieldError("<zip>", f"cannot be unpacked: {exc}")]))
            )
    return items


@blp.route("", methods=["POST"])
@blp.arguments(AuditQuerySchema, location="query", error_status_code=400, as_kwargs=True)
@blp.response(202, AuditSchema, description="Accepted: every log readable is a job.")
@blp.alt_response(400, response=response_name(400))
@blp.alt_response(401, response=response_name(401))
@blp.alt_response(413, response=response_name(413))
@blp.alt_response(415, response=response_name(415))
@blp.alt_response(503, **problems("store-unavailable", "store-full"))
@blp.doc(
    operationId="submitAudit",
    requestBody={
        "required": True,
        "description": 'The logs: `{"logs": [log, …]}` (or named, `{"logs": [{"name", '
        '"log"}, …]}`), or a zip of `.json` files.',
        "content": {
            "application/json": {"schema": {"type": "object"}},
            "application/zip": {"schema": {"type": "string", "format": "binary"}},
        },
    },
)
def submit_audit(on_illegal: str) -> Any:
    """Judge many logs as one event: each an ordinary replay job."""
    from api.cardsets import request_owner

    record = audits.start(
        current_service(), audit_logs(), on_illegal=on_illegal, owner=request_owner()
    )
    doc = _state(record, _progress(record))
    return doc, 202, {"Location": doc["url"]}


def _state(record: dict[str, Any], found: dict[str, Any]) -> dict[str, Any]:
    """The audit's document from ``record`` and ``found``, its progress as read once for this
    request (:func:`worker.audits.progress`).  ``finished`` only with the report: the jobs'
    records are read once, and the report was built from that reading or before it, so a
    job that ends while the request runs cannot make a document that says ``finished``
    with no report (it did once: a status read after the report was looked for)."""
    found = dict(found)
    statuses = found.pop("statuses")
    matches = []
    for entry in record["entries"]:
        job = entry.get("job")
        matches.append(
            {
                "source": entry["source"],
                "job": job,
                "status": statuses.get(job, "bad-input") if job else "bad-input",
                "replay": url_for("viewer.replay_page", replay_id=job, _external=True)
                if job
                else None,
                **({"problems": entry["problems"]} if "problems" in entry else {}),
            }
        )
    return {
        "id": record["id"],
        "status": "finished" if record.get("report") is not None else "running",
        "url": url_for("audits.get_audit", audit_id=record["id"], _external=True),
        "progress": found,
        "matches": matches,
        "report": record.get("report"),
    }


def _progress(record: dict[str, Any]) -> dict[str, Any]:
    """The audit's progress, its jobs' records read now (once a request: see :func:`_state`)."""
    return audits.progress(current_service().store, record)


def _record(audit_id: str) -> dict[str, Any]:
    record = current_service().store.get_audit(audit_id)
    if record is None:
        raise ApiProblem(404, f"no audit {audit_id!r} (never made, or expired)", title="Not found")
    return record


def _with_report(record: dict[str, Any], found: dict[str, Any]) -> dict[str, Any]:
    """``record`` with its report, built once every job has ended (``found``: the progress
    read for this request) and then kept."""
    from api.answers import run_answer

    if record.get("report") is not None:
        return record
    if not found["done"]:
        return record
    report = run_answer("audit-report", {"audit": record["id"]})
    base = request.host_url.rstrip("/")
    for match in report.get("matches", ()):
        if match.get("link"):
            match["link"] = base + match["link"]
    record = {**record, "report": report}
    current_service().store.save_audit(record["id"], record, None)
    return record


@blp.route("/<audit_id>", methods=["GET"])
@blp.response(200, AuditSchema, description="The audit: progress, and the report once done.")
@blp.alt_response(404, response=response_name(404))
@blp.alt_response(501, **problems("engine-error"))
@blp.alt_response(503, **problems("answer-busy", "store-unavailable"))
@blp.alt_response(504, **problems("answer-timeout"))
@blp.doc(operationId="getAudit")
def get_audit(audit_id: str) -> Any:
    """An audit's progress (`done` / `total`, failed, bad input), each log's job and replay
    page, and once every job has ended the report (`judge-audit/1`: a row per match ranked
    by what needs a judge first, the rules broken most and by whom, two records of one
    match compared)."""
    record = _record(audit_id)
    found = _progress(record)
    return _state(_with_report(record, found), found)


@blp.route("/<audit_id>/report", methods=["GET"])
@blp.arguments(ReportQuerySchema, location="query", error_status_code=400, as_kwargs=True)
@blp.response(200, {"type": "string"}, content_type="text/markdown", description="The report.")
@blp.alt_response(404, response=response_name(404))
@blp.alt_response(409, response=response_name(409), description="Jobs are still running.")
@blp.alt_response(501, **problems("engine-error"))
@blp.alt_response(503, **problems("answer-busy", "store-unavailable"))
@blp.alt_response(504, **problems("answer-timeout"))
@blp.doc(operationId="getAuditReport")
def get_report(audit_id: str, format: str) -> Any:  # noqa: A002 - the query's name
    """The report rendered as `markdown` (default), `html`, `csv`, `text` or `json`; 409
    while jobs are still running."""
    from judge.audit.report import render

    record = _record(audit_id)
    if record.get("report") is None:  # the jobs are read only while there is none
        record = _with_report(record, _progress(record))
    if record.get("report") is None:
        raise ApiProblem(
            409,
            "the audit's jobs are still running; ask again shortly",
            type_=problem_type("not-finished"),
            title="Not finished",
            headers={"Retry-After": "1"},
        )
    types = {
        "json": "application/json",
        "markdown": "text/markdown; charset=utf-8",
        "html": "text/html; charset=utf-8",
        "csv": "text/csv; charset=utf-8",
        "text": "text/plain; charset=utf-8",
    }
    return Response(render(record["report"], format), content_type=types[format])
