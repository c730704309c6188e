"""``/healthz`` (the process is up) and ``/readyz`` (submissions can be judged now).

``/healthz`` is always 200 while the process answers: a liveness probe.  ``/readyz`` asks
:meth:`worker.service.JudgeService.ready`: 200 when the store answers and at least one
worker is alive, else 503 (a problem with ``Retry-After`` and the same ``store``,
``workers`` and ``mode`` members): a readiness probe, for a load balancer to stop sending
submissions to an instance whose Redis is gone or that has no workers.
"""

from __future__ import annotations

from typing import Any

from flask_smorest import Blueprint

from api import current_service
from api.docs import response_name
from api.errors import RETRY_AFTER, ApiProblem, is_store_unavailable, problem_type
from schemas.api import HealthSchema, ReadySchema

blp = Blueprint("health", __name__, description="Liveness and readiness probes.")


@blp.route("/healthz", methods=["GET"])
@blp.response(200, HealthSchema)
@blp.doc(operationId="healthz")
def healthz() -> Any:
    """Liveness: 200 while the process answers."""
    return {"status": "ok"}


@blp.route("/readyz", methods=["GET"])
@blp.response(200, ReadySchema)
@blp.alt_response(503, response=response_name(503))
@blp.doc(operationId="readyz")
def readyz() -> Any:
    """Readiness: 200 when the store answers and a worker is alive, else 503."""
    service = current_service()
    try:
        state = service.ready()
    except Exception as exc:
        if not is_store_unavailable(exc):
            raise
        state = {"ready": False, "store": False, "workers": 0, "mode": service.mode}
    state = {
        "ready": bool(state.get("ready")),
        "store": bool(state.get("store")),
        "workers": int(state.get("workers") or 0),
        "mode": str(state.get("mode", service.mode)),
    }
    if state["ready"]:
        return state
    why = "the store is not answering" if not state["store"] else "no worker is alive"
    raise ApiProblem(
        503,
        f"not ready: {why}",
        type_=problem_type("not-ready"),
        title="Not ready",
        headers={"Retry-After": str(RETRY_AFTER)},
        **state,
    )
