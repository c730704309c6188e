"""``POST /v1/rulings`` over real HTTP: on a log and on a submitted replay's stored log, the
same answer ``judge ask --json`` gives; bad questions are problem+json 400s by path, an
unknown replay a 404, a log over the action limit a 413."""

from __future__ import annotations

from typing import Any

from judge.core.ask import ask
from judge.games.rangers_strike.testing import LogBuilder, card

UNIT = card("T-001", name="Falcon", bp=3000, sp=1)
WEAK = card("T-002", name="Sparrow", bp=1000, sp=1)


def strike_at_team_b() -> dict[str, Any]:
    b = LogBuilder([UNIT, WEAK], variant="tag").setup(first="A1")
    b.charge("A1", "T-000").proceed("A1").rush("A1", "T-001").proceed("A1", 2).pass_turn("A2")
    for p in ("B1", "B2"):
        b.charge(p, "T-000").proceed(p).rush(p, "T-002").proceed(p).enter(p, "T-002").proceed(p)
    b.charge("A1", "T-000").proceed("A1", 2).enter("A1", "T-001").strike("A1", "T-001")
    return b.log()


def test_a_question_on_a_log(live: Any) -> None:
    q = {"format": "judge-question/1", "kind": "damage", "log": strike_at_team_b()}
    answer = live.post("/v1/rulings", q)
    assert answer.status == 200, answer.body
    assert answer.json == ask(q)
    assert answer.json["verdict"].startswith("B1 or B2 decide (assign_damage)")
    assert "RST-STRIKE-ASSIGN" in [r["id"] for r in answer.json["rules"]]


def test_a_question_on_a_submitted_replay(live: Any, problem: Any) -> None:
    log = strike_at_team_b()
    job = live.post("/v1/replays", log).json["id"]
    assert live.get(f"/v1/replays/{job}?wait=30").json["status"] == "finished"
    step = len(log["actions"]) - 1
    q = {"format": "judge-question/1", "kind": "explain", "replay": job, "step": step}
    answer = live.post("/v1/rulings", q)
    assert answer.status == 200, answer.body
    assert answer.json["step_verdict"] == "legal" and answer.json["step"] == step
    local = ask({"format": "judge-question/1", "kind": "explain", "log": log, "step": step})
    assert answer.json == local
    beyond = {**q, "step": step + 1}
    doc = problem(live.post("/v1/rulings", beyond), 400)
    assert [e["path"] for e in doc["errors"]] == ["step"]


def test_bad_questions_are_400_by_path(live: Any, problem: Any) -> None:
    q = {
        "format": "judge-question/1",
        "kind": "legal",
        "log": strike_at_team_b(),
        "action": {"p": "B1", "do": "assign_damage", "too": "B2"},
    }
    doc = problem(live.post("/v1/rulings", q), 400)
    assert {e["path"] for e in doc["errors"]} == {"action.to", "action.too"}
    doc = problem(live.post("/v1/rulings", {"format": "judge-question/1", "kind": "why"}), 400)
    assert {e["path"] for e in doc["errors"]} == {"kind", "log"}
    problem(
        live.post(
            "/v1/rulings",
            '{"kind": "order", "kind": "x"}',
            headers={"Content-Type": "application/json"},
        ),
        400,
    )


def test_unknown_replay_is_404(live: Any, problem: Any) -> None:
    q = {"format": "judge-question/1", "kind": "options", "replay": "0" * 32, "step": 0}
    assert problem(live.post("/v1/rulings", q), 404)["title"] == "No such replay"


def test_a_log_over_the_action_limit_is_413(live: Any, problem: Any) -> None:
    log = strike_at_team_b()
    log["actions"] = log["actions"] * 400
    q = {"format": "judge-question/1", "kind": "options", "log": log}
    doc = problem(live.post("/v1/rulings", q), 413)
    assert "JUDGE_MAX_ACTIONS" in doc["detail"] or "actions" in doc["detail"]
