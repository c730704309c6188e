"""Questions and deck checks, run off the API's event loop (:mod:`worker.sync_jobs`) and
their outcomes (:mod:`worker.answers`) answered as the API answers everything.

=====================================  ======  ===============================================
outcome                                status  problem type
=====================================  ======  ===============================================
bad input                              400     ``…:invalid-input`` (with ``errors``)
a perspective wider than submitted     403     ``…:perspective-refused``
no such replay                         404     ``…:not-found``
a pinned card set no longer kept       404     ``…:not-found`` ("No such card set")
``JUDGE_QUESTION_BACKLOG`` waiting     503     ``…:answer-busy`` (``Retry-After``)
no answer in ``JUDGE_QUESTION_TIMEOUT`` 504    ``…:answer-timeout`` (``Retry-After``)
an engine fault (``EngineFault``)      501     ``…:engine-error`` (``fault_id``; :mod:`api.errors`)
the work raised                        500     ``…:internal-error`` (logged, not shown)
=====================================  ======  ===============================================
"""

from __future__ import annotations

from typing import Any

from api import current_service
from api.errors import ApiProblem, invalid, problem_type
from judge.core.errors import FieldError
from judge.core.fault import EngineFault
from worker.service import NotFound, PerspectiveRefused
from worker.sync_jobs import Busy, TimedOut, answers_of


def _owner() -> str:
    """Who asks, as an owner of card sets (a name in the question resolves among theirs)."""
    from api.cardsets import request_owner

    return request_owner()


def run_answer(kind: str, doc: dict[str, Any], text: bytes | None = None) -> Any:
    """The outcome of ``kind`` (``question``, ``deck-check``) on ``doc``, run where the
    service runs such work; the document of an ``ok`` outcome, else the problem raised.
    ``text``: the request's body, when ``doc`` is what :func:`api.json_body` read from it
    (the runner may send it to the work instead of ``doc``: :meth:`AnswerRunner.run`)."""
    from worker.answers import refusal

    service = current_service()
    runner = answers_of(service)
    retry = str(runner.settings.retry_after)
    owner = _owner()
    found = refusal(service.store, kind, doc, owner)  # bad input: 400 here, busy or not
    try:
        if not found:  # (a runner's run takes ``text`` only when there is one)
            found = (
                runner.run(kind, doc, owner) if text is None else runner.run(kind, doc, owner, text)
            )
    except Busy as exc:
        raise ApiProblem(
            503,
            f"too many questions and deck checks are waiting ({exc}); try again shortly",
            type_=problem_type("answer-busy"),
            title="Too many waiting",
            headers={"Retry-After": retry},
        ) from None
    except TimedOut as exc:
        raise ApiProblem(
            504,
            f"{exc} (the service's JUDGE_QUESTION_TIMEOUT): the workers are busy, or the "
            "work is too long for one request (ask about an earlier step or a shorter log)",
            type_=problem_type("answer-timeout"),
            title="Not answered in time",
            headers={"Retry-After": retry},
        ) from None
    if "ok" in found:
        return found["ok"]
    if "invalid" in found:
        errors = [FieldError(e["path"], e["message"]) for e in found["invalid"]]
        raise invalid(errors, more=int(found.get("more") or 0))
    if "refused" in found:
        raise PerspectiveRefused(found["refused"])
    if "set_gone" in found:
        raise ApiProblem(404, found["set_gone"], title="No such card set")
    if "engine_error" in found:  # 501 engine-error (api.errors), logged where it was judged
        raise EngineFault.from_dict(found["engine_error"])
    raise NotFound(found.get("not_found"))
