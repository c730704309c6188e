"""Cards named by name in a log's actions, over real HTTP (``docs/action-log.md``, "Cards
by name"): the service judges a log by names as the log by codes (its worker reads the checked
log again, names and all), and refuses a name two cards carry with a 400 naming the field and
both codes."""

from __future__ import annotations

import json
from typing import Any

from tests.test_log_names import by_names, load, with_twin


def judged(live: Any, doc: dict[str, Any]) -> dict[str, Any]:
    answer = live.post("/v1/replays", doc)
    assert answer.status in (200, 202), answer.body[:500]
    done = live.get(f"/v1/replays/{answer.json['id']}?wait=30").json
    assert done["status"] == "finished", done
    return done["replay"]


def test_the_service_judges_a_log_by_names_as_the_log_by_codes(live) -> None:
    doc = load("union-arena/simultaneous-battle-end.json")
    doc["match"] = {**doc.get("match", {}), "event": "log names over http"}
    named, _ = by_names(doc)
    a, b = judged(live, doc), judged(live, named)
    assert b["steps"] == a["steps"]  # echoed actions with codes, the same verdicts
    assert b["log_sha256"] != a["log_sha256"]
    assert json.dumps(b["steps"]).count("UAS-") > 0


def test_a_name_two_cards_carry_is_a_400_naming_the_field_and_both_codes(live, problem) -> None:
    doc = load("union-arena/simultaneous-battle-end.json")
    named, _ = by_names(doc)
    at = next(i for i, a in enumerate(doc["actions"]) if a["do"] == "play")
    code = doc["actions"][at]["card"]
    body = problem(live.post("/v1/replays", with_twin(named, code)), 400)
    assert body["type"].endswith(":invalid-input")
    errors = {e["path"]: e["message"] for e in body["errors"]}
    message = errors[f"actions[{at}].card"]
    assert code in message and "TWIN-001" in message
