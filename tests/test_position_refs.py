"""A wrong instance id (docs/positions.md, "A card in an unexpected place"; docs/action-log.md,
"A wrong instance id"): in a position, a reference that names a card elsewhere than its
field says is refused as bad input saying where that card is (a position is a description: a
wrong id there is a writing mistake); in a log's actions, a card taken from where it is not
is a play a player can make, and is judged illegal with the game's rule, the message saying
where the card is."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from judge.core.errors import BadLog
from judge.core.position import position_log, read_position
from judge.core.replay import replay

POSITIONS = Path(__file__).resolve().parents[1] / "examples" / "positions"


def example(name: str) -> dict[str, Any]:
    return json.loads((POSITIONS / f"{name}.json").read_text("utf-8"))


def problems(doc: dict[str, Any]) -> dict[str, str]:
    with pytest.raises(BadLog) as caught:
        read_position(doc)
    return {e.path: e.message for e in caught.value.errors}


def test_a_positions_attacker_in_another_zone_is_refused_saying_where_it_is() -> None:
    doc = example("ua-attack-block")
    doc["start"]["battle"]["attacker"] = "A-3"  # a card of A's energy line
    found = problems(doc)
    assert found == {
        "start.battle.attacker": (
            "A-3 is not a card on A's front line (UA-ATK-ATTACKER): it is in A's energy line"
        )
    }
    doc["start"]["battle"] = {"attacker": "A-1", "target": "B-7"}
    assert "it is one of B's unknown cards" in problems(doc)["start.battle.target"]
    doc["start"]["battle"] = {"attacker": "A-1", "target": "B-99"}
    assert "no card of the position has that id" in problems(doc)["start.battle.target"]


def test_a_positions_entering_unit_elsewhere_is_refused_saying_where_it_is() -> None:
    doc = example("rs-tag-strike")
    doc["start"]["entering"] = "B1-2"  # B1's command zone
    assert "it is in B1's command" in problems(doc)["start.entering"]


def test_a_positions_attacking_member_elsewhere_is_refused_saying_where_it_is() -> None:
    doc = example("rebirth-attack-guard")
    doc["start"]["battle"]["attacker"] = "B-4"  # B's retire area
    assert "it is in B's retire" in problems(doc)["start.battle.attacker"]


def test_a_waiting_effects_card_elsewhere_is_refused_saying_where_it_is() -> None:
    doc = example("zx-appear-choice")
    doc["start"]["pending"][0]["source"] = "A-5"  # A's charge
    assert "it is in A's charge" in problems(doc)["start.pending[0].source"]


def test_a_card_played_from_where_it_is_not_is_judged_not_refused() -> None:
    # the other side: in a log, playing a card of the outside area as if from the hand is a
    # real (illegal) play: judged with its rule, the message saying where the card is
    doc = example("ua-attack-block")
    for zones in doc["start"]["players"].values():
        zones.pop("unseen")
    doc["start"]["phase"] = "main"
    doc["start"].pop("battle")
    doc["start"]["players"]["A"]["outside"] = ["UAS-003"]
    play = {"p": "A", "do": "play", "card": "A-5", "to": "front_line"}
    r = replay({**position_log(doc), "actions": [play]})
    (step,) = r["steps"]
    assert step["verdict"] == "illegal"
    (violation,) = step["violations"]
    assert violation["rule"] == "UA-CARD-IN-ZONE"
    assert "it is in A's outside" in violation["message"]
