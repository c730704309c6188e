"""The example logs in ``examples/rebirth/`` replay with the verdicts documented in
``examples/make_rebirth_examples.py``."""

from __future__ import annotations

import json
from pathlib import Path

from judge.core.replay import replay

EXAMPLES = Path(__file__).resolve().parents[3] / "examples" / "rebirth"


def _summary(name: str) -> tuple[dict, dict]:
    r = replay(json.loads((EXAMPLES / f"{name}.json").read_text()))
    return r, r["summary"]


def test_full_game_is_legal_to_the_end() -> None:
    _, s = _summary("full-game")
    assert s["illegal_steps"] == [] and s["result"]["reason"] == "retire"


def test_illegal_plays_are_named() -> None:
    r, s = _summary("illegal-plays")
    assert len(s["illegal_steps"]) == 2
    assert r["steps"][s["illegal_steps"][0]]["violations"][0]["rule"] == "R4U-BATTLE"


def test_observed_blocker_and_refused_partner_attack() -> None:
    r, s = _summary("observed-blocker")
    rules = [v["rule"] for v in r["steps"][s["illegal_steps"][0]]["violations"]]
    assert "R4U-PARTNER-ATTACK" in rules
    assert s["result"] == {"winner": "A", "reason": "concede"}


def test_cancel_option_stops_a_partner_attack() -> None:
    r, s = _summary("cancel-option")
    assert s["illegal_steps"] == [] and r["steps"][-1]["state"]["players"]["A"]["retire"] == []


def test_limit_and_entry_target_refuses_a_second_use_and_retires_no_entry() -> None:
    r, s = _summary("limit-and-entry-target")
    assert len(s["illegal_steps"]) == 1
    assert r["steps"][s["illegal_steps"][0]]["violations"][0]["rule"] == "R4U-ACTIVATE-LIMIT"
    a = r["steps"][-1]["state"]["players"]["A"]
    assert "A-1" in a["waiting_room"] and a["retire"] == [] and a["entry"] is not None
