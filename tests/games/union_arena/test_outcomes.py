"""Recorded outcomes (``outcome``, UA-OUTCOME) and the verdicts that rest on an effect the
engine could not execute (UA-EFFECT-UNSUPPORTED: later steps ``uncertain``).

The scene: A's character A-1 (BP 2000) has an activated effect written as text only ("this
character gets BP+3000 until end of turn"); B's B-1 (BP 4000) blocks A-1's attack.  The
engine cannot run the text, so it computes the battle at 2000 against 4000 — a battle the
effect decides.
"""

from __future__ import annotations

import copy
from typing import Any

import pytest

from judge.core.errors import BadLog
from judge.core.replay import replay
from judge.core.testing import ruling_texts
from judge.games.union_arena.testing import (
    LogBuilder,
    board_at_turn_3,
    field_ids,
    field_unit,
    free_character,
    player_state,
    rules_applied,
    rules_broken,
    verdict,
)

BOOST_TEXT = {
    "when": "activate_main",
    "text": "[Activate: Main] This character gets BP+3000 until end of turn.",
}
#: the same effect written in the vocabulary with a duration the engine does not know: it
#: still cannot be executed, but its ops say it only raises BP
BOOST_BP_ONLY = {
    "when": "activate_main",
    "do": [{"op": "bp", "amount": 3000, "target": "self", "until": "end_of_game"}],
}
WALL = free_character("T-020", bp=4000)
BOOST = [{"op": "bp", "card": "A-1", "amount": 3000, "until": "turn"}]


def boosted(effect: dict[str, Any] = BOOST_TEXT, **kw: Any) -> tuple[LogBuilder, int]:
    """A's turn-3 main phase: A-1 uses its effect; returns the builder and that step."""
    cards = [free_character("T-010", bp=2000, effects=[effect]), WALL]
    b = board_at_turn_3(
        cards, ["T-010"], ["T-020"], a_front=("A-1",), b_front=("B-1",), phase="main", **kw
    )
    b.act("A", "activate", card="A-1", ability=1)
    return b, b.last


def battle(b: LogBuilder) -> LogBuilder:
    return b.proceed("A").attack("A", "A-1").block("B", "B-1")


def test_UA_EFFECT_UNSUPPORTED_a_battle_the_effect_decides_is_uncertain_not_legal() -> None:
    b, used = boosted()
    r = battle(b).replay()
    assert verdict(r, used) == "unverifiable"
    block = r["steps"][b.last]
    assert block["verdict"] == "uncertain"  # the engine's 2000 < 4000 is not the game's
    assert block["depends_on"] == [used]
    assert "UA-BATTLE-BP" in rules_applied(r, b.last)
    note = ruling_texts(r, b.last)[-1]
    assert note.startswith(f"Uncertain: depends on step {used}, where A-1 (T-010)'s activate")
    assert rules_applied(r, b.last)[-1] == "UA-EFFECT-UNSUPPORTED"
    # nothing is known of the text: every later step rests on it
    assert r["summary"]["uncertain_steps"] == [used + 1, used + 2, used + 3]
    assert r["summary"]["illegal_steps"] == [] and r["summary"]["unverifiable_steps"] == [used]


def test_UA_OUTCOME_the_recorded_outcome_decides_the_battle() -> None:
    b, used = boosted()
    b.act("A", "outcome", source="A-1", ops=BOOST)
    r = battle(b).replay()
    assert verdict(r, used + 1) == "recorded"
    assert rules_applied(r, used + 1) == ["UA-OUTCOME"]
    assert ruling_texts(r, used + 1)[0].startswith("Recorded, not checked against the card text")
    assert verdict(r, b.last) == "legal" and "depends_on" not in replay(b.log())["steps"][-1]
    assert "BP 5000 ≥ B-1 (T-020) BP 4000: the attacker wins" in " ".join(ruling_texts(r, b.last))
    assert field_ids(r, "B", "front_line") == []
    assert r["summary"]["recorded_steps"] == [used + 1]
    assert "uncertain_steps" not in r["summary"]


def test_UA_EFFECT_UNSUPPORTED_an_effect_that_only_raises_bp_taints_only_bp_verdicts() -> None:
    b, used = boosted(BOOST_BP_ONLY)
    r = battle(b).replay()
    assert verdict(r, used) == "unverifiable"
    assert [verdict(r, i) for i in (used + 1, used + 2)] == ["legal", "legal"]  # no BP read
    assert verdict(r, b.last) == "uncertain"
    assert "it could change BP, and this step compares BP" in ruling_texts(r, b.last)[-1]


def test_UA_EFFECT_UNSUPPORTED_a_later_illegal_step_stays_illegal_with_the_note() -> None:
    b, used = boosted()
    b.proceed("A").attack("A", "A-2")  # A-2 is not on the field
    r = b.replay()
    step = r["steps"][b.last]
    assert step["verdict"] == "illegal" and step["depends_on"] == [used]
    assert ruling_texts(r, b.last)[-1].startswith(
        f"This ruling may be wrong: it depends on step {used}"
    )


def test_UA_OUTCOME_an_impossible_op_is_illegal_and_the_step_after_stays_uncertain() -> None:
    b, used = boosted()
    b.act("A", "outcome", source="A-1", ops=[{"op": "bp", "card": "A-5", "amount": 3000}])
    r = battle(b).replay()
    assert verdict(r, used + 1) == "illegal"
    assert rules_broken(r, used + 1) == ["UA-OUTCOME"]
    message = r["steps"][used + 1]["violations"][0]["message"]
    assert message.startswith(f"actions[{used + 1}].ops[0]: A-5 is not a card on top")
    assert verdict(r, b.last) == "uncertain"  # skipped: the effect is still unrecorded
    # applied as played, the possible ops are carried out, but the taint stays
    b2, used2 = boosted()
    ops = [BOOST[0], {"op": "draw", "n": 99}]
    b2.act("A", "outcome", source="A-1", ops=ops)
    r = battle(b2).replay(on_illegal="apply")
    assert verdict(r, used2 + 1) == "illegal"
    assert "is illegal and was applied as played" in ruling_texts(r, used2 + 1)[-1]
    assert verdict(r, b2.last) == "uncertain"
    assert "BP 5000" in " ".join(ruling_texts(r, b2.last))


def test_UA_OUTCOME_comes_right_after_the_step_and_names_the_effects_card() -> None:
    b, used = boosted()
    b.proceed("A").act("A", "outcome", source="A-1", ops=BOOST)  # one step too late
    r = b.replay()
    assert rules_broken(r, b.last) == ["UA-OUTCOME"]
    assert f"resolved at step {used + 1}" in r["steps"][b.last]["violations"][0]["message"]
    b, used = boosted()
    b.act("A", "outcome", source="T-020", ops=BOOST)  # not the card whose effect it was
    r = b.replay(on_illegal="apply")
    step = r["steps"][b.last]
    assert rules_broken(r, b.last) == ["UA-OUTCOME"]
    assert (
        "waiting for their outcome: A-1 (T-010)'s activate main effect"
        in (step["violations"][0]["message"])
    )
    assert step["unverifiable"] == [
        "`outcome` could not be applied as played: no effect of T-020 waits for its outcome."
    ]
    assert field_unit(r, "A", "A-1")["bp"] == 2000


def test_UA_OUTCOME_is_recorded_by_the_effects_controller() -> None:
    b, used = boosted()
    b.act("B", "outcome", source="T-010", ops=BOOST)
    r = b.replay()
    assert rules_broken(r, b.last) == ["UA-OUTCOME"]
    assert "A records its outcome, not B" in r["steps"][b.last]["violations"][0]["message"]


def test_UA_OUTCOME_ops_apply_in_order_a_drawn_card_can_be_discarded() -> None:
    text = {"when": "on_play", "text": "When played: draw 2 cards, then discard 1 card."}
    b = LogBuilder([free_character("T-030", effects=[text]), free_character("T-031")])
    b.setup().proceed("A").play("A", "T-030", to="front_line")
    played = b.last
    hand = len(player_state(b.replay(), "A")["hand"])
    ops = [{"op": "draw", "n": 2}, {"op": "discard", "cards": ["T-031"]}]
    b.act("A", "outcome", source="T-030", ops=ops).proceed("A")
    r = b.replay()
    assert verdict(r, played) == "unverifiable"
    assert verdict(r, played + 1) == "recorded"
    assert verdict(r, b.last) == "legal"
    assert len(player_state(r, "A")["hand"]) == hand + 1
    assert player_state(r, "A")["outside"] == ["A-5"]  # the first T-031 (observed mode)


def test_UA_OUTCOME_two_effects_of_one_step_each_get_an_outcome() -> None:
    first = {"when": "on_play", "text": "When played: draw 1 card."}
    second = {"when": "on_play", "text": "When played: put the top card of your deck into life."}
    b = LogBuilder([free_character("T-030", effects=[first, second])])
    b.setup().proceed("A").play("A", "T-030", to="front_line")
    # two effects of A's wait for A's order: the one the resolve names, then the other,
    # both at the resolve's step: their outcomes follow it
    b.act("A", "resolve", source="A-1")
    resolved = b.last
    b.act("A", "outcome", source="A-1", ops=[{"op": "draw", "n": 1}])
    b.act("A", "outcome", source="T-030", ops=[{"op": "life", "n": 1}]).proceed("A")
    r = b.replay()
    assert [verdict(r, i) for i in range(resolved, b.last + 1)] == [
        "unverifiable",
        "recorded",
        "recorded",
        "legal",
    ]
    assert player_state(r, "A")["life"] == 8
    b.act("A", "outcome", source="T-030", ops=[{"op": "draw", "n": 1}])  # a third: none left
    assert rules_broken(b.replay(), b.last) == ["UA-OUTCOME"]


def test_UA_OUTCOME_moves_between_zones_check_where_the_card_is() -> None:
    text = {"when": "activate_main", "text": "Retire this; play a character from hand."}
    cards = [free_character("T-010", effects=[text]), free_character("T-011"), WALL]
    b = board_at_turn_3(cards, ["T-010", "T-011"], ["T-020"], a_front=("A-1",), phase="main")
    b.act("A", "activate", card="A-1", ability=1)
    ops = [
        {"op": "move", "card": "A-1", "from": "front_line", "to": "outside"},
        {"op": "move", "card": "T-011", "from": "hand", "to": "energy_line"},
        {"op": "rest", "card": "T-011"},
    ]
    b.act("A", "outcome", source="A-1", ops=ops)
    r = b.replay()
    assert verdict(r, b.last) == "recorded"
    assert field_ids(r, "A", "front_line") == []
    assert field_unit(r, "A", "A-2", b.last)["rested"] is True
    assert "leave_field" in [e["type"] for e in r["steps"][b.last]["events"]]
    wrong = copy.deepcopy(b)
    wrong.doc["actions"][-1]["ops"] = [
        {"op": "move", "card": "A-1", "from": "energy_line", "to": "hand"},
        {"op": "move", "card": "T-020", "from": "hand", "to": "front_line"},
    ]
    r = wrong.replay()
    messages = [v["message"] for v in r["steps"][wrong.last]["violations"]]
    assert "is in the front line, not the energy_line" in messages[0]
    assert messages[1].startswith(f"actions[{wrong.last}].ops[1]:")
    assert len(messages) == 2


def test_UA_OUTCOME_damage_waits_for_the_life_cards_to_be_picked() -> None:
    b, used = boosted()
    b.act("A", "outcome", source="A-1", ops=[{"op": "damage", "n": 1}])
    r = b.replay()
    assert verdict(r, b.last) == "recorded"
    assert r["steps"][b.last]["pending"][0]["kind"] == "pick_life"


def test_UA_OUTCOME_is_bad_input_when_malformed() -> None:
    b, used = boosted()
    b.act("A", "outcome", source="A-1", ops=[{"op": "teleport"}, {"op": "bp", "card": "A-1"}])
    with pytest.raises(BadLog) as exc:
        replay(b.log())
    paths = [e.path for e in exc.value.errors]
    assert paths == [f"actions[{b.last}].ops[0].op", f"actions[{b.last}].ops[1].amount"]
