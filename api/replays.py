"""``/v1/replays``: submit a log, follow its job, read its replay, page through its steps.

``POST /v1/replays`` validates at once (400 with every problem by field path) and answers
202 with the job (``id``, ``status``, ``url``) and a ``Location``.  An identical log with the
same options returns the existing job instead, with 200 and ``"reused": true`` (a failed
job is not reused: that submission is judged anew, 202).

``GET /v1/replays/<id>?wait=<s>`` long-polls: it answers as soon as the job is finished or
failed, or when ``s`` seconds (at most 30) have passed.  It does not poll: the store
announces each job made final and the waiting request wakes at once
(:mod:`worker.waiting`); it reads the job itself at least every 0.5 s in case an
announcement was lost.

A finished replay is sent as a stream, a stored page of steps at a time (the store keeps
it in pages: :mod:`worker.paged`), so that an API process holds one page of it, not the
replay: the job's answer carries the stored canonical JSON as it is for the judge's
perspective and redacts another a page at a time
(:meth:`worker.service.JudgeService.replay_chunks`); the HTML page is written as its steps
are read (:func:`judge.core.export.export_chunks`); ``/steps`` reads only the pages that
hold its steps.
"""

from __future__ import annotations

import functools
import html
import secrets
import time
from collections.abc import Callable, Iterable, Iterator
from typing import Any

from flask import Response, url_for
from flask_smorest import Blueprint

from api import current_service, json_body
from api.docs import action_log_ref, problems, response_name
from api.errors import ApiProblem, invalid, problem_type
from judge.core.canonical import canonical_bytes
from judge.core.errors import FieldError
from judge.core.perspective import check_perspective
from schemas.api import (
    ReplayStatusSchema,
    StatusQuerySchema,
    StepsPageSchema,
    StepsQuerySchema,
    SubmissionSchema,
    SubmitQuerySchema,
)
from schemas.viewer import ReplayHeadSchema, StatesQuerySchema, StatesSchema, ViewQuerySchema
from worker.service import Submission

_STATUS = ReplayStatusSchema()
_SLOT = f"replay-{secrets.token_hex(16)}"

blp = Blueprint(
    "replays",
    __name__,
    url_prefix="/v1/replays",
    description="Submit action logs, follow their jobs, read the annotated replays.",
)

_LOCATION = {
    "Location": {"description": "The job's URL.", "schema": {"type": "string", "format": "uri"}}
}
_RETRY = {
    "Retry-After": {"description": "Seconds before asking again.", "schema": {"type": "string"}}
}


#: OpenAPI links from a submission's answer to the operations on its job.
_JOB_LINKS = {
    name: {"operationId": name, "parameters": {"replay_id": "$response.body#/id"}}
    for name in ("getReplay", "getReplaySteps", "getReplayHtml")
}


def _links(job_id: str) -> dict[str, str]:
    return {
        "self": url_for("replays.get_replay", replay_id=job_id, _external=True),
        "steps": url_for("replays.get_steps", replay_id=job_id, _external=True),
        "html": url_for("replays.get_html", replay_id=job_id, _external=True),
    }


def _summary(sub: Submission) -> dict[str, Any] | None:
    summary = sub.summary
    if not summary:
        return None
    result = summary.get("result")
    return {
        "winner": result.get("winner") if isinstance(result, dict) else None,
        "result": result,
        "illegal_steps": list(summary.get("illegal_steps") or []),
        "unverifiable_steps": list(summary.get("unverifiable_steps") or []),
        "steps": int(summary.get("steps") or 0),
        "stopped_at": summary.get("stopped_at"),
        # left out of a replay's summary when empty (judge-replay/2), always listed here
        "uncertain_steps": list(summary.get("uncertain_steps") or []),
        "recorded_steps": list(summary.get("recorded_steps") or []),
    }


def _view(sub: Submission, perspective: str | None) -> str:
    """The perspective asked for (default: the submission's); 400 when it is not one."""
    wanted = perspective if perspective is not None else sub.perspective
    try:
        check_perspective(wanted, sub.players)
    except ValueError as exc:
        raise invalid([FieldError("perspective", str(exc))]) from None
    return wanted


def _not_ready(sub: Submission) -> ApiProblem:
    if sub.status == "failed":
        return ApiProblem(
            409,
            f"the job failed: {sub.reason or 'no reason recorded'}",
            type_=problem_type("replay-failed"),
            title="Replay failed",
            job_status=sub.status,
        )
    return ApiProblem(
        409,
        f"the replay is not finished yet (status {sub.status}); ask again shortly, or "
        f"long-poll the job with ?wait=",
        type_=problem_type("not-finished"),
        title="Not finished",
        headers={"Retry-After": "1"},
        job_status=sub.status,
    )


@blp.route("", methods=["POST"])
@blp.arguments(SubmitQuerySchema, location="query", error_status_code=400, as_kwargs=True)
@blp.response(
    202,
    SubmissionSchema,
    description="Accepted: the log is valid and a job is queued.",
    headers=_LOCATION,
)
@blp.alt_response(
    200,
    schema=SubmissionSchema,
    description="An identical log with the same options was already submitted: its job "
    "(`reused: true`).",
    headers=_LOCATION,
)
@blp.alt_response(413, response=response_name(413))
@blp.alt_response(415, response=response_name(415))
@blp.alt_response(503, **problems("store-unavailable", "store-full"))
@blp.doc(
    operationId="submitReplay",
    requestBody={
        "required": True,
        "description": "The action log (`judge-action-log/1`).",
        "content": {"application/json": {"schema": action_log_ref()}},
    },
    responses={202: {"links": _JOB_LINKS}, 200: {"links": _JOB_LINKS}},
)
def submit(on_illegal: str, perspective: str) -> Any:
    """Submit an action log to be judged.

    The log and the options are checked at once: 400 lists every problem by field path
    (the log's fields such as `actions[12].card`, and the query parameters `on_illegal`
    and `perspective`).  Identical submissions share one job.
    """
    body = json_body("log")
    from api.cardsets import request_owner  # a card set's name is the caller's

    sub, created = current_service().submit(
        body, on_illegal=on_illegal, perspective=perspective, owner=request_owner()
    )
    url = url_for("replays.get_replay", replay_id=sub.id, _external=True)
    doc = {"id": sub.id, "status": sub.status, "url": url, "reused": not created}
    return doc, 202 if created else 200, {"Location": url}


@blp.route("/<replay_id>", methods=["GET"])
@blp.arguments(StatusQuerySchema, location="query", error_status_code=400, as_kwargs=True)
@blp.response(200, ReplayStatusSchema, description="The job, and its replay once finished.")
@blp.alt_response(403, response=response_name(403))
@blp.alt_response(404, response=response_name(404))
@blp.alt_response(501, **problems("engine-error"))
@blp.alt_response(503, **problems("answer-busy", "store-unavailable"))
@blp.alt_response(504, **problems("answer-timeout"))
@blp.doc(operationId="getReplay")
def get_replay(replay_id: str, wait: float, perspective: str | None = None) -> Any:
    """A job: status, summary, and the annotated replay when finished.

    `perspective` narrows what the replay shows (403 if wider than submitted); `wait`
    long-polls until the job is finished or failed.  The first read of a replay submitted
    from the judge's view from a narrower one has the records of what each step withholds
    made then, by a worker: 503 `answer-busy` or 504 `answer-timeout` (with `Retry-After`)
    when that work cannot be done in time.
    """
    service = current_service()
    # the record and, when finished, its replay's head in one round trip (and so again
    # when the wait ends: the record that says it is finished comes with the result)
    sub, stored = service.get_with_result(replay_id)
    view = service.view(sub, _view(sub, perspective))  # 400 for no such view, 403 if wider
    if wait > 0 and not sub.is_final():
        sub, stored = service.wait_with_result(replay_id, wait)
    replay = service.replay_chunks(sub, view, stored) if sub.status == "finished" else None
    doc = {
        "id": sub.id,
        "status": sub.status,
        "reason": sub.reason,
        "game": sub.game,
        "on_illegal": sub.on_illegal,
        "submitted_perspective": sub.perspective,
        "perspective": view,
        "attempts": sub.attempts,
        "submitted_at": sub.submitted_at,
        "started_at": sub.started_at,
        "finished_at": sub.finished_at,
        "summary": _summary(sub),
        "replay": None,
        "links": _links(sub.id),
    }
    if replay is None:
        return Response(canonical_bytes(_STATUS.dump(doc)), mimetype="application/json")
    return Response(_paced(_with_replay(doc, replay)), mimetype="application/json")


def _with_replay(doc: dict[str, Any], replay: Iterable[bytes]) -> Iterator[bytes]:
    """``doc`` (the job, as :class:`ReplayStatusSchema` dumps it) as JSON in pieces, with the
    replay's canonical JSON pieces put in as they come: the judge's stored pages as they
    are (a finished replay is never decoded and encoded again on its way out: for a
    200-action game that saved about 13 ms of a 15 ms request), another view redacted a
    page at a time (:meth:`worker.service.JudgeService.replay_chunks`)."""
    # a place-holder no submitted text can forge (128 random bits), split at once
    envelope = canonical_bytes(_STATUS.dump({**doc, "replay": {_SLOT: True}}))
    before, after = envelope.split(b'{"' + _SLOT.encode() + b'":true}', 1)
    yield before
    yield from replay
    yield after


def _paced(pieces: Iterable[bytes | str]) -> Iterator[bytes | str]:
    """``pieces`` as they come, the process's other requests given a turn after each.

    Why: a long replay is sent a page at a time (issue 10: one big replay's read held an
    API process for 8-22 s and stalled ``/healthz`` for 17 s).  The turn is
    :func:`give_way`'s."""
    turn = give_way()
    for piece in pieces:
        yield piece
        turn()


def give_way() -> Callable[[], None]:
    """How a long response lets the process's other requests go first between two pieces.

    Under gevent's worker class (the production server: ``time`` patched): wait until the
    event loop has nothing else pending (``gevent.idle``), but no longer than
    :data:`IDLE_AT_MOST`.  So a request that arrives meanwhile (``/healthz``, a short read)
    is accepted, read and answered before the next piece, and a long response still goes
    on, a piece at least every few milliseconds, while short requests keep the loop busy.

    Measured (``tests/system/test_big_results.py``, a machine whose yardstick runs 72k
    pushes/s).  What this did before was ``time.sleep(0)``.  Under gevent that only
    queues the greenlet behind the others that are ready, ahead of the loop's polling for
    sockets (gevent's ``sleep`` says so), so each step of a short request's I/O waited for
    a piece of every long read in turn.  With three public reads of a 50,000-step replay
    at once, ``/healthz`` took 90-180 ms, and 1.06 s once beside the rest of the suite;
    now 11-54 ms.  ``idle`` alone starved a long read: with 16 clients asking ``/healthz``
    without pause, a public read of a 20,000-step replay sent nothing for 120 s; with the
    bound it took 15.7 s (2.2 s alone, 3.4 s with ``sleep(0)``) while ``/healthz`` was
    answered 905 times a second (555 with ``sleep(0)``).  Under threads (the embedded
    server), ``time.sleep(0)`` lets another thread take the interpreter."""
    gevent = _gevent()
    if gevent is None or not gevent.monkey.is_module_patched("time"):
        return _sleep_zero
    idle, timeout = gevent.idle, gevent.Timeout

    def turn() -> None:
        with timeout(IDLE_AT_MOST, False):  # False: the bound passes without an error
            idle()

    return turn


#: the longest a long response waits for an idle event loop between two pieces, in seconds
#: (see :func:`give_way`)
IDLE_AT_MOST = 0.005


@functools.cache
def _gevent() -> Any:
    """gevent, or None where it is not installed (then the server runs threads); asked once
    a process, not once a response (a failed import searches the path each time).  Whether
    it patched ``time`` is asked each time: a server may patch after this module is
    imported (gunicorn's gevent worker patches as the worker starts)."""
    try:
        import gevent
        import gevent.monkey
    except ImportError:
        return None
    return gevent


def _sleep_zero() -> None:
    time.sleep(0)


@blp.route("/<replay_id>/steps", methods=["GET"])
@blp.arguments(StepsQuerySchema, location="query", error_status_code=400, as_kwargs=True)
@blp.response(200, StepsPageSchema, description="A page of steps.")
@blp.alt_response(403, response=response_name(403))
@blp.alt_response(404, response=response_name(404))
@blp.alt_response(409, response=response_name(409), description="Not finished, or failed.")
@blp.alt_response(501, **problems("engine-error"))
@blp.alt_response(503, **problems("answer-busy", "store-unavailable"))
@blp.alt_response(504, **problems("answer-timeout"))
@blp.doc(operationId="getReplaySteps")
def get_steps(replay_id: str, offset: int, limit: int, perspective: str | None = None) -> Any:
    """Page through a finished replay's steps (`offset`, `limit` ≤ 500).

    409 while the job is not finished (with `Retry-After`) or when it failed.  A narrower
    perspective's first read may be 503 or 504, as for the whole replay.
    """
    service = current_service()
    sub = service.get(replay_id)
    view = _view(sub, perspective)
    page = service.steps(replay_id, offset, limit, view)
    if page is None:
        raise _not_ready(service.get(replay_id))
    following = offset + limit
    args = {"perspective": perspective} if perspective is not None else {}
    page["id"] = replay_id
    page["next"] = (
        url_for(
            "replays.get_steps",
            replay_id=replay_id,
            offset=following,
            limit=limit,
            _external=True,
            **args,
        )
        if following < page["total"]
        else None
    )
    return page


def _finished_or_409(replay_id: str, perspective: str | None) -> tuple[Submission, str, Any]:
    """The submission, the view allowed, and its stored replay; 409 while not finished."""
    service = current_service()
    sub = service.get(replay_id)
    view = service.view(sub, _view(sub, perspective))
    stored = service.store.stored_result(replay_id)
    if stored is None:
        raise _not_ready(service.get(replay_id))
    return sub, view, stored


@blp.route("/<replay_id>/head", methods=["GET"])
@blp.arguments(ViewQuerySchema, location="query", error_status_code=400, as_kwargs=True)
@blp.response(200, ReplayHeadSchema, description="The replay without its steps.")
@blp.alt_response(403, response=response_name(403))
@blp.alt_response(404, response=response_name(404))
@blp.alt_response(409, response=response_name(409), description="Not finished, or failed.")
@blp.alt_response(503, response=response_name(503))
@blp.doc(operationId="getReplayHead")
def get_head(replay_id: str, perspective: str | None = None) -> Any:
    """A finished replay's head: everything but its steps (players, card definitions and
    their readings, the rules cited, the summary), for a viewer's first screen.  Reads the
    stored replay's head alone, whatever its length."""
    from judge.core.perspective import redact_head
    from judge.web.readings import readings

    sub, view, stored = _finished_or_409(replay_id, perspective)
    head = {**redact_head(stored.document, view), "steps": []}
    return {
        "id": replay_id,
        "perspective": view,
        "total": stored.total or 0,
        "views": views_of(sub),
        "replay": head,
        "readings": readings(sub.game, head.get("cards")),
    }


def views_of(sub: Submission) -> list[str]:
    """The perspectives ``sub`` may be viewed from: its own and every narrower one."""
    from judge.core.perspective import views_within

    return views_within(sub.perspective, sub.players)


@blp.route("/<replay_id>/states", methods=["GET"])
@blp.arguments(StatesQuerySchema, location="query", error_status_code=400, as_kwargs=True)
@blp.response(200, StatesSchema, description="The state after each step of the window.")
@blp.alt_response(403, response=response_name(403))
@blp.alt_response(404, response=response_name(404))
@blp.alt_response(409, response=response_name(409), description="Not finished, or failed.")
@blp.alt_response(501, **problems("engine-error"))
@blp.alt_response(503, **problems("answer-busy", "store-unavailable"))
@blp.alt_response(504, **problems("answer-timeout"))
@blp.doc(operationId="getReplayStates")
def get_states(replay_id: str, offset: int, limit: int, perspective: str | None = None) -> Any:
    """The state after each step from `offset` (at most `limit` ≤ 200), as the view sees
    it: what a viewer draws the board from at every step.

    The log is judged again up to the window (:mod:`judge.core.frames`: a compact replay
    stores the state every 20 steps only), where questions run, under their time limit
    and bound; its cost grows with `offset + limit`.  409 while the job is not finished."""
    from api.answers import run_answer

    _, view, _ = _finished_or_409(replay_id, perspective)
    doc = {"replay": replay_id, "offset": offset, "limit": limit, "perspective": view}
    found = run_answer("frames", doc)
    return {
        "id": replay_id,
        "offset": offset,
        "limit": limit,
        "total": found["total"],
        "perspective": found["perspective"],
        "states": found["frames"],
    }


_WAITING_PAGE = """<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><meta http-equiv="refresh" content="1">
<title>Replay {id}: {status}</title></head>
<body style="font-family:system-ui,sans-serif;margin:2rem">
<p>The replay is {status}; this page reloads itself until it is finished.</p>
</body></html>
"""


@blp.route("/<replay_id>/html", methods=["GET"])
@blp.arguments(
    StepsQuerySchema(only=("perspective",)),
    location="query",
    error_status_code=400,
    as_kwargs=True,
)
@blp.response(
    200,
    {"type": "string"},
    content_type="text/html",
    description="The annotated replay as a page.",
)
@blp.alt_response(
    202,
    schema={"type": "string"},
    content_type="text/html",
    description="Not finished yet: a page that reloads itself every second.",
    headers=_RETRY,
)
@blp.alt_response(403, response=response_name(403))
@blp.alt_response(404, response=response_name(404))
@blp.alt_response(409, response=response_name(409), description="The job failed.")
@blp.alt_response(501, **problems("engine-error"))
@blp.alt_response(503, **problems("answer-busy", "store-unavailable"))
@blp.alt_response(504, **problems("answer-timeout"))
@blp.doc(operationId="getReplayHtml")
def get_html(replay_id: str, perspective: str | None = None) -> Any:
    """The annotated replay as an HTML page, for a browser.

    Sent as it is made: the page's head at once, then its rows a stored page of steps at a
    time (the first screen leaves after the first page; the process holds one page)."""
    from judge.core.export import export_chunks

    service = current_service()
    sub = service.get(replay_id)
    view = _view(sub, perspective)
    replay = service.replay_for_export(replay_id, view)
    if replay is None:
        sub = service.get(replay_id)
        if sub.status == "failed":
            raise _not_ready(sub)
        page = _WAITING_PAGE.format(id=html.escape(replay_id), status=html.escape(sub.status))
        return Response(page, status=202, mimetype="text/html", headers={"Retry-After": "1"})
    replay = _with_annotations(replay_id, replay, view)
    return Response(_paced(export_chunks(replay, "html")), mimetype="text/html")


def _with_annotations(replay_id: str, replay: dict[str, Any], view: str) -> dict[str, Any]:
    """``replay`` (for export) with the annotations ``view`` may read on its steps."""
    from judge.core.export import annotated
    from worker.annotations import visible

    notes = current_service().store.annotations(replay_id)
    return annotated(replay, visible(notes, view, replay.get("teams")))


@blp.route("/<replay_id>/markdown", methods=["GET"])
@blp.arguments(ViewQuerySchema, location="query", error_status_code=400, as_kwargs=True)
@blp.response(
    200,
    {"type": "string"},
    content_type="text/markdown",
    description="The annotated replay as Markdown, with the annotations the view may read.",
)
@blp.alt_response(403, response=response_name(403))
@blp.alt_response(404, response=response_name(404))
@blp.alt_response(409, response=response_name(409), description="Not finished, or failed.")
@blp.alt_response(501, **problems("engine-error"))
@blp.alt_response(503, **problems("answer-busy", "store-unavailable"))
@blp.alt_response(504, **problems("answer-timeout"))
@blp.doc(operationId="getReplayMarkdown")
def get_markdown(replay_id: str, perspective: str | None = None) -> Any:
    """The annotated replay as Markdown (what `judge replay --format markdown` prints),
    its annotations under their steps.  409 while the job is not finished."""
    from judge.core.export import export_chunks

    service = current_service()
    sub = service.get(replay_id)
    view = _view(sub, perspective)
    replay = service.replay_for_export(replay_id, view)
    if replay is None:
        raise _not_ready(service.get(replay_id))
    replay = _with_annotations(replay_id, replay, view)
    return Response(
        _paced(export_chunks(replay, "markdown")), mimetype="text/markdown; charset=utf-8"
    )
