"""An audit over real RQ workers on a real Redis (``system``: gunicorn API, two ``judge
worker`` processes): a worker SIGKILLed in the middle of one of the audit's jobs loses
nothing; the audit ends with every log judged (the killed job retried) or that job failed
with the reason, and its report has a row for every log."""

from __future__ import annotations

import copy
import functools
import os
import signal
from typing import Any

import pytest

from judge.core.selfplay import random_game
from judge.games.union_arena.sample import sample_envelope

pytestmark = pytest.mark.redis


@functools.cache
def _game(seed: str) -> dict[str, Any]:
    return random_game(sample_envelope(seed), seed, max_actions=60)


def match(seed: str, table: int, padding: int = 0) -> dict[str, Any]:
    doc = copy.deepcopy(_game(seed))
    doc["match"] = {"event": "audit under faults", "round": 1, "table": table}
    if padding:  # slow to judge: out-of-turn actions, each judged illegal and skipped
        filler = [{"p": "A", "do": "proceed"}, {"p": "B", "do": "proceed"}] * (padding // 2)
        doc["actions"] = doc["actions"][:10] + filler + doc["actions"][10:]
    return doc


def test_a_worker_killed_during_an_audit_loses_nothing(system: Any, wait_for: Any) -> None:
    stack = system()
    api, workers, store = stack.api, stack.workers, stack.store
    logs = [{"name": f"table-{n}.json", "log": match(f"audit-{n}", n)} for n in range(1, 7)]
    logs.append({"name": "table-7.json", "log": match("audit-slow", 7, padding=8_000)})
    posted = api.post("/v1/audits", {"logs": logs})
    assert posted.status == 202, posted.body[:300]
    audit = posted.json
    slow = [m["job"] for m in audit["matches"] if m["source"] == "table-7.json"][0]

    def running() -> Any:
        if store.get(slow).status != "started":
            return None
        return next((w for w in workers.registered() if w.get_current_job_id() == slow), None)

    victim = wait_for(running, 60, "a worker running the slow job", every=0.01)
    os.kill(victim.pid, signal.SIGKILL)

    def finished() -> Any:
        doc = api.get(f"/v1/audits/{audit['id']}").json
        return doc if doc["status"] == "finished" else None

    done = wait_for(finished, 120, "the audit to finish", every=0.2)
    assert done["progress"]["total"] == 7 and done["progress"]["waiting"] == 0
    killed = store.get(slow)
    if killed.status == "finished":
        assert killed.attempts == 2
        assert done["progress"]["judged"] == 7
    else:
        assert killed.status == "failed" and "died" in (killed.reason or "")
    sources = sorted(m["source"] for m in done["report"]["matches"])
    assert sources == sorted(item["name"] for item in logs)
