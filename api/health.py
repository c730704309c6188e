"""``/healthz`` (the process is up) and ``/readyz`` (submissions can be judged now).

``/healthz`` is always 200 while the process answers: a liveness probe.  ``/readyz`` asks
:meth:`worker.service.JudgeService.ready`: 200 when the store answers and at least one
worker is alive, else 503 (a problem with ``Retry-After`` and the same ``store``,
``workers`` and ``mode`` members): a readiness probe, for a load balancer to stop sending
submissions to an instance whose Redis is gone or that has no workers.

``/readyz`` also has the runner settle abandoned and orphaned jobs when it can
(:meth:`worker.rqbackend.RQRunner.reap`), so a deployment whose only reaper is the API (no
``judge worker`` supervisor, idle workers busy) still recovers the jobs of dead workers.
That call is bounded and never fails readiness: it runs in a background thread of its own,
one at a time per app and at most once every ``reap_interval`` seconds of the runner's
settings (5 s without them); the answer does not wait for it, and its failure (Redis away,
a bug) is logged, not raised.  The answer's shape is the same with or without it.
"""

from __future__ import annotations

import logging
import threading
import time
from typing import Any

from flask import current_app
from flask_smorest import Blueprint

from api import current_service
from api.docs import response_name
from api.errors import RETRY_AFTER, ApiProblem, is_store_unavailable, problem_type
from schemas.api import HealthSchema, ReadySchema

blp = Blueprint("health", __name__, description="Liveness and readiness probes.")

log = logging.getLogger("judge.api")

#: Seconds between two reaps started by ``/readyz`` when the runner has no settings.
DEFAULT_REAP_INTERVAL = 5.0


class ReapOnReady:
    """Starts ``runner.reap()`` in a background thread: one at a time, at most once every
    ``interval`` seconds; never raises, never makes its caller wait."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._running = False
        self._last = float("-inf")

    def __call__(self, runner: Any) -> bool:
        """Whether a reap was started now."""
        try:
            reap = getattr(runner, "reap", None)
            if not callable(reap):
                return False
            settings = getattr(runner, "settings", None)
            interval = float(getattr(settings, "reap_interval", 0) or DEFAULT_REAP_INTERVAL)
            clock = time.monotonic()
            with self._lock:
                if self._running or clock - self._last < interval:
                    return False
                self._running, self._last = True, clock
            try:
                threading.Thread(
                    target=self._run, args=(reap,), name="judge-readyz-reap", daemon=True
                ).start()
            except BaseException:
                with self._lock:
                    self._running = False
                raise
            return True
        except Exception as exc:  # noqa: BLE001 - the reaper must not fail readiness
            log.warning("/readyz: could not start the reaper: %s: %s", type(exc).__name__, exc)
            return False

    def _run(self, reap: Any) -> None:
        try:
            reap()
        except Exception as exc:  # noqa: BLE001 - logged; the next /readyz tries again
            if is_store_unavailable(exc):
                log.warning("/readyz: the reaper could not reach the store: %s", exc)
            else:
                log.exception("/readyz: the reaper failed")
        finally:
            with self._lock:
                self._running = False


def _reap_on_ready(service: Any) -> None:
    """Have ``service.runner`` reap in the background, when it can (see the module)."""
    try:
        reaper = current_app.extensions.setdefault("judge_readyz_reaper", ReapOnReady())
        reaper(getattr(service, "runner", None))
    except Exception as exc:  # noqa: BLE001 - never fails readiness
        log.warning("/readyz: reaper skipped: %s: %s", type(exc).__name__, exc)


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
    _reap_on_ready(service)
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
