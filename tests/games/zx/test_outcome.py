"""Recorded outcomes for Z/X (``outcome``, ZX-OUTCOME) and the verdicts that rest on an effect
the engine could not execute (ZX-EFFECT-UNSUPPORTED: later steps ``uncertain``), as in Union
Arena and Rebirth for you (docs/action-log.md, "Recorded outcomes").

The scene: A plays T-TXT (a Z/X whose appear ability is text only: "When this Z/X appears,
draw a card and deal 3000 damage to a Z/X of your opponent"); B's T-WAL (power 3000) stands on
square 4.  The engine cannot run the text: what it did is unknown until an outcome records it.
"""

from __future__ import annotations

from typing import Any

import pytest

from judge.core.errors import BadLog
from judge.core.replay import replay
from judge.games.zx.testing import (
    LogBuilder,
    card,
    event_types,
    game_state,
    player_state,
    rules_applied,
    rules_broken,
    ruling_texts,
    verdict,
)

TEXT = card(
    "T-TXT",
    power=2000,
    effects=[
        {
            "when": "appear",
            "text": "When this Z/X appears, draw a card and deal 3000 damage to a Z/X of "
            "your opponent.",
        }
    ],
)
WALL = card("T-WAL", power=3000)
PICK = card(
    "T-PCK", power=2000, effects=[{"when": "appear", "do": [{"op": "destroy", "target": {}}]}]
)


def scene(extra: list[dict[str, Any]] | None = None) -> tuple[LogBuilder, int]:
    """A passes its first turn; B plays T-WAL to square 4; A plays T-TXT to square 5 (turn
    3).  Returns the builder and the step of that play."""
    b = LogBuilder([TEXT, WALL, PICK, *(extra or [])], a=["T-TXT", "T-PCK"], b=["T-WAL"])
    b.start().pass_turn("A")
    b.to_main("B").act("B", "play", card=b.iid("B", 0), to=4).proceed("B")
    b.to_main("A").act("A", "play", card=b.iid("A", 0), to=5)
    return b, b.last


DECIDES = [{"op": "draw", "n": 1}, {"op": "damage", "card": "T-WAL", "n": 3000}]


def sq(r: dict[str, Any], n: int, i: int = -1) -> dict[str, Any] | None:
    return game_state(r, i)["squares"][str(n)]


# -- ZX-EFFECT-UNSUPPORTED ----------------------------------------------------------------------


def test_ZX_EFFECT_UNSUPPORTED_the_step_is_unverifiable_and_later_ones_uncertain() -> None:
    b, played = scene()
    b.proceed("A")  # the main phase ends: the turn passes
    r = b.replay()
    assert verdict(r, played) == "unverifiable"
    assert "ZX-EFFECT-UNSUPPORTED" in rules_applied(r, played)
    assert any("draw a card and deal 3000" in t for t in ruling_texts(r, played))
    step = r["steps"][b.last]
    assert step["verdict"] == "uncertain"
    assert step["depends_on"] == [played]
    assert r["summary"]["uncertain_steps"] == [b.last]
    # the engine did not make up what the text did: B's Z/X still stands, A drew nothing
    assert sq(r, 4)["code"] == "T-WAL"


def test_ZX_EFFECT_UNSUPPORTED_an_illegal_step_after_it_stays_illegal() -> None:
    b, played = scene()
    b.act("A", "attack", card=b.iid("A", 0), target=1)  # no Z/X of B on square 1
    r = b.replay()
    assert verdict(r, b.last) == "illegal"
    assert r["steps"][b.last]["depends_on"] == [played]


# -- ZX-OUTCOME -----------------------------------------------------------------------------------


def test_ZX_OUTCOME_a_legal_outcome_is_recorded_and_settles_the_effect() -> None:
    b, played = scene()
    b.act("A", "outcome", source=b.iid("A", 0), ops=DECIDES)
    b.proceed("A")
    r = b.replay()
    assert verdict(r, played + 1) == "recorded"
    assert "ZX-OUTCOME" in rules_applied(r, played + 1)
    assert any("not checked against the card text" in t for t in ruling_texts(r, played + 1))
    # the draw and the damage happened: 3000 damage on a power-3000 Z/X destroys it
    assert sq(r, 4, played + 1) is None
    assert b.iid("B", 0) in player_state(r, "B", played + 1)["charge"]
    assert verdict(r, b.last) == "legal"
    assert "uncertain_steps" not in r["summary"]
    assert r["summary"]["recorded_steps"] == [played + 1]


def test_ZX_OUTCOME_a_code_names_the_source_too() -> None:
    b, played = scene()
    b.act("A", "outcome", source="T-TXT", ops=[{"op": "draw", "n": 1}])
    assert verdict(b.replay(), b.last) == "recorded"


def test_ZX_OUTCOME_an_impossible_op_is_illegal_naming_it_and_the_doubt_stays() -> None:
    b, played = scene()
    b.act(
        "A",
        "outcome",
        source=b.iid("A", 0),
        ops=[{"op": "draw", "n": 1}, {"op": "damage", "card": "T-TXT", "n": 1000, "player": "B"}],
    )
    b.proceed("A")
    r = b.replay(on_illegal="apply")
    assert rules_broken(r, played + 1) == ["ZX-OUTCOME"]
    message = r["steps"][played + 1]["violations"][0]["message"]
    assert message.startswith(f"actions[{played + 1}].ops[1]:")
    assert verdict(r, b.last) == "uncertain"  # the effect is still unknown


def test_ZX_OUTCOME_only_right_after_the_step_the_effect_resolved_at() -> None:
    b, played = scene()
    b.act("A", "activate", card=b.iid("A", 0))  # no activated ability: illegal, skipped
    b.act("A", "outcome", source=b.iid("A", 0), ops=[{"op": "draw", "n": 1}])
    r = b.replay()
    assert rules_broken(r, b.last) == ["ZX-OUTCOME"]
    b2 = LogBuilder([TEXT], a=["T-TXT"]).start()
    b2.act("A", "outcome", source="T-TXT", ops=[{"op": "draw", "n": 1}])
    r2 = b2.replay()
    assert rules_broken(r2, b2.last) == ["ZX-OUTCOME"]
    assert player_state(r2, "A")["hand"] == player_state(r2, "A", b2.last - 1)["hand"]


def test_ZX_OUTCOME_is_recorded_by_the_effect_controller() -> None:
    b, played = scene()
    b.act("B", "outcome", source=b.iid("A", 0), ops=[{"op": "draw", "n": 1}])
    assert rules_broken(b.replay(), b.last) == ["ZX-OUTCOME"]


def test_ZX_OUTCOME_a_malformed_op_is_bad_input_naming_the_field() -> None:
    b, played = scene()
    b.act(
        "A",
        "outcome",
        source=b.iid("A", 0),
        ops=[
            {"op": "teleport", "card": "T-WAL"},
            {"op": "appear", "card": "T-PCK", "from": "hand", "to": 12},
        ],
    )
    with pytest.raises(BadLog) as exc:
        replay(b.log())
    paths = [e.path for e in exc.value.errors]
    assert paths == [f"actions[{b.last}].ops[0].op", f"actions[{b.last}].ops[1].to"]


def test_ZX_OUTCOME_ops_on_squares_zones_and_markers() -> None:
    b, played = scene()
    a_pick = b.iid("A", 1)
    ops = [
        {"op": "appear", "card": a_pick, "from": "hand", "to": 6},
        {"op": "sleep", "card": b.iid("B", 0)},
        {"op": "move", "card": a_pick, "from": "square", "to": "deck", "position": "top"},
        {"op": "marker", "marker": "star", "n": 2},
        {"op": "recover", "n": 1},
    ]
    b.act("A", "outcome", source=b.iid("A", 0), ops=ops)
    r = b.replay()
    i = b.last
    assert verdict(r, i) == "recorded"
    # T-PCK appeared (its appear ability, a destroy with a choice, now waits for A)
    assert "appear" in event_types(r, i)
    assert sq(r, 4)["state"] == "sleep"
    a = player_state(r, "A")
    assert sq(r, 6) is None and a["markers"] == {"star": 2}
    assert a["life"] == 5  # 4, recovered 1 (ZX-RECOVER: the deck top to the life zone)
    assert r["steps"][i]["pending"][0]["source"] == a_pick


def test_ZX_OUTCOME_spending_markers_one_does_not_have_is_impossible() -> None:
    b, played = scene()
    b.act("A", "outcome", source=b.iid("A", 0), ops=[{"op": "marker", "marker": "x", "n": -1}])
    assert rules_broken(b.replay(), b.last) == ["ZX-OUTCOME"]


def test_ZX_OUTCOME_player_damage_is_dealt_as_usual() -> None:
    b, played = scene()
    b.act("A", "outcome", source=b.iid("A", 0), ops=[{"op": "player_damage", "n": 1}])
    r = b.replay()
    assert verdict(r, b.last) == "recorded"
    # B's damage: A (the opponent) picks which of B's life cards
    assert r["steps"][b.last]["pending"][0]["kind"] == "pick_life"


def test_ZX_CHOICE_RECORDED_a_skipped_choice_leaves_later_steps_uncertain() -> None:
    b, played = scene()
    b.act("A", "outcome", source=b.iid("A", 0), ops=[{"op": "draw", "n": 1}])
    b.act("A", "play", card=b.iid("A", 1), to=6)  # T-PCK: its destroy needs A's choice
    b.proceed("A")  # the resolve is skipped
    b.proceed("B")
    r = b.replay()
    assert verdict(r, b.last - 1) == "unverifiable"
    assert "ZX-CHOICE-RECORDED" in rules_applied(r, b.last - 1)
    assert verdict(r, b.last) == "uncertain"
    assert r["steps"][b.last]["depends_on"] == [b.last - 1]
