"""The Z/X example logs: complete games judge clean to a result, illegal ones break exactly
the rule their note names."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from judge.core.replay import replay

EXAMPLES = Path(__file__).resolve().parents[3] / "examples" / "zx"
ILLEGAL = {
    "illegal-opponents-player-square.json": "ZX-PLAY-SQUARE",
    "illegal-out-of-range.json": "ZX-ATTACK",
    "illegal-zekkai-chosen.json": "ZX-ZEKKAI",
    "illegal-second-ex-play.json": "ZX-EX-PLAY",
}


def test_break_example_breaks() -> None:
    r = replay(json.loads((EXAMPLES / "break-from-an-event-ex.json").read_text()))
    assert r["summary"]["illegal_steps"] == []
    assert "ZX-BREAK" in [x["rule"] for x in r["steps"][-1]["rulings"]]


@pytest.mark.parametrize("name", ["full-game-zx-a.json", "full-game-zx-b.json"])
def test_complete_games_are_legal(name: str) -> None:
    r = replay(json.loads((EXAMPLES / name).read_text()))
    assert r["summary"]["illegal_steps"] == [] and r["summary"]["result"] is not None


@pytest.mark.parametrize("name", sorted(ILLEGAL))
def test_illegal_examples_break_their_rule(name: str) -> None:
    r = replay(json.loads((EXAMPLES / name).read_text()))
    steps = r["summary"]["illegal_steps"]
    assert len(steps) == 1
    assert [v["rule"] for v in r["steps"][steps[0]]["violations"]] == [ILLEGAL[name]]


def test_ZX_LOG_REVEAL_observed_example_names_what_becomes_known() -> None:
    doc = json.loads((EXAMPLES / "observed-reveals.json").read_text())
    assert doc["hidden"] == {"mode": "observed"}
    r = replay(doc)
    assert r["summary"]["illegal_steps"] == [] and r["summary"]["unverifiable_steps"] == []
    reveals = [e for s in r["steps"] for e in s["events"] if e["type"] == "reveal"]
    assert len(reveals) == 6  # 4 resources, 1 life card, 1 ignition
    assert r["steps"][-1]["pending"][0]["player"] == "B"
