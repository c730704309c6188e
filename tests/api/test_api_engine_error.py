"""An engine fault over HTTP: a 501 ``engine-error`` problem with an id to report (never a
500, never a 4xx that would pass for bad input, never the traceback), logged with its
traceback; a replay job whose engine faults ends ``failed`` naming the step and the id.

The fault is injected into the Z/X engine (monkeypatch): no real log makes an engine raise
once the crashes the fuzz found are fixed, which is the one kind of fault a test may fake.
The log of the issue (examples/zx/full-game-zx-a.json with actions[24] and actions[100]
swapped, judged with on_illegal=apply) is judged for real: it crashed the engine before.
"""

from __future__ import annotations

import copy
import json
import logging
from pathlib import Path
from typing import Any

import pytest

from judge.core.replay import replay
from judge.games.zx.engine import ZXEngine

ROOT = Path(__file__).resolve().parents[2]
ZX_A = ROOT / "examples" / "zx" / "full-game-zx-a.json"


def zx_log(tag: str = "") -> dict[str, Any]:
    doc = json.loads(ZX_A.read_text(encoding="utf-8"))
    if tag:  # another log (another job): the match note is free text
        doc["match"] = {**(doc.get("match") or {}), "note": f"engine error test {tag}"}
    return doc


@pytest.fixture
def zx_breaks_at_step_5(monkeypatch: pytest.MonkeyPatch) -> None:
    original = ZXEngine.check

    def check(self: ZXEngine, action: dict[str, Any], ctx: Any) -> Any:
        if ctx.index == 5:
            raise ValueError("injected: names B-20")
        return original(self, action, ctx)

    monkeypatch.setattr(ZXEngine, "check", check)


def test_the_issues_log_is_judged_not_a_500(live: Any) -> None:
    doc = zx_log()
    doc["actions"][24], doc["actions"][100] = doc["actions"][100], doc["actions"][24]
    q = {"format": "judge-question/1", "kind": "explain", "log": doc, "step": 69}
    q["on_illegal"] = "apply"
    answer = live.post("/v1/rulings", q)
    assert answer.status == 200, answer.body[:500]
    assert answer.json["step_verdict"] == "illegal"
    assert "ZX-ALTER-FORCE" in [r["id"] for r in answer.json["rules"]]


def test_a_question_whose_engine_faults_is_a_501_engine_error(
    live: Any, problem: Any, zx_breaks_at_step_5: None, caplog: pytest.LogCaptureFixture
) -> None:
    q = {"format": "judge-question/1", "kind": "options", "log": zx_log(), "step": 9}
    with caplog.at_level(logging.ERROR):
        answer = live.post("/v1/rulings", q)
    doc = problem(answer, 501)
    assert doc["type"] == "urn:tcg-judge:problem:engine-error"
    assert doc["title"] == "Engine error"
    assert (doc["step"], doc["where"], doc["game"]) == (5, "step", "zx")
    assert doc["engine_version"]
    fault_id = doc["fault_id"]
    assert len(fault_id) == 16
    assert doc["detail"].startswith("the zx engine failed judging this input: engine error ")
    assert f"at step 5: ValueError; report id {fault_id}" in doc["detail"]
    # never the traceback, nor the exception's text or the action (they may name a card)
    body = answer.body.decode()
    for leak in ("Traceback", "injected", "B-20", "resolve.py", '"do"'):
        assert leak not in body
    # the server logged it, with the id and the traceback
    logged = [r for r in caplog.records if fault_id in r.getMessage()]
    assert logged and logged[0].exc_info is not None
    assert "injected: names B-20" in logged[0].getMessage()
    # the same question gives the same id
    again = problem(live.post("/v1/rulings", q), 501)
    assert again["fault_id"] == fault_id


def test_a_replay_job_whose_engine_faults_fails_naming_the_step_and_id(
    live: Any, problem: Any, zx_breaks_at_step_5: None
) -> None:
    log = zx_log("job")
    answer = live.post("/v1/replays", log)
    assert answer.status in (200, 202), answer.body[:500]
    job = answer.json["id"]
    doc = live.get(f"/v1/replays/{job}?wait=30").json
    assert doc["status"] == "failed", doc
    assert doc["reason"].startswith("engine error at step 5: ValueError; report id ")
    fault_id = doc["reason"].rsplit(" ", 1)[-1]
    assert len(fault_id) == 16
    assert "injected" not in doc["reason"] and "B-20" not in doc["reason"]
    # the same id as the engine gives the log locally
    with pytest.raises(Exception) as caught:
        replay(copy.deepcopy(log))
    assert getattr(caught.value, "fault_id", None) == fault_id
    steps = problem(live.get(f"/v1/replays/{job}/steps"), 409)
    assert steps["type"].endswith(":replay-failed")
    assert fault_id in steps["detail"]


def test_a_deck_check_whose_rules_fault_is_a_501_engine_error(
    live: Any, problem: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    def boom(main: list[str], dynamis: list[str], cards: Any) -> Any:
        raise TypeError("deck rules")

    monkeypatch.setattr(ZXEngine, "deck_checker", staticmethod(lambda: boom))
    log = zx_log()
    deck = {"game": "zx", **log["decks"]["A"], "card_sets": log["card_sets"]}
    doc = problem(live.post("/v1/decks/check", deck), 501)
    assert doc["type"] == "urn:tcg-judge:problem:engine-error"
    assert (doc["step"], doc["where"], doc["game"]) == (None, "deck", "zx")
    assert "engine error judging a deck list: TypeError; report id " in doc["detail"]
