"""Union Arena: damage, trigger checks, the end phase and the end of the game, one group of
tests per rule id.

Every test is named ``test_<RULE_ID>_<what>`` after the catalogue rule it proves
(``judge/games/union_arena/rules.toml``).  The logs are built in observed mode with explicit
decks, so ``A-1`` is the first card of A's deck list; a life card is named when A picks it
(``reveal``), which binds the lowest-numbered unseen copy of that code in B's deck.

The usual scene (:func:`~judge.games.union_arena.testing.board_at_turn_3`): A plays its
characters on turn 1, B plays its own on turn 2, and the builder stops in A's turn-3 attack
phase with all of them active.
"""

from __future__ import annotations

from typing import Any

import pytest

from judge.core.errors import BadLog
from judge.games.union_arena.testing import (
    LogBuilder,
    board_at_turn_3,
    card,
    field_ids,
    field_unit,
    free_character,
    game_state,
    player_state,
    rules_applied,
    rules_broken,
    verdict,
)

FILLER = "T-000"
DRAW_1 = [{"op": "draw", "n": 1}]


def hit(b: LogBuilder, *codes: str, attacker: str = "A-1") -> LogBuilder:
    """A attacks with ``attacker``, B does not block, A picks life cards 1..n revealed as ``codes``."""
    b.attack("A", attacker).block("B")
    return b.act("A", "pick_life", cards=list(range(1, len(codes) + 1)), reveal=list(codes))


def trigger(
    b: LogBuilder, ref: str, use: bool = True, targets: list[Any] | None = None
) -> LogBuilder:
    fields: dict[str, Any] = {"card": ref, "use": use}
    if targets is not None:
        fields["targets"] = targets
    return b.act("B", "trigger", **fields)


def pending(r: dict[str, Any], index: int = -1) -> tuple[str, str]:
    """(who, what) the replay waits for after step ``index``."""
    p = r["steps"][index]["pending"][0]
    return p["player"], p["kind"]


# --- UA-DMG-AMOUNT -----------------------------------------------------------------------


def test_UA_DMG_AMOUNT_unblocked_attack_deals_1_damage() -> None:
    b = board_at_turn_3([free_character("T-ATK")], ["T-ATK"], [], a_front=("A-1",))
    b.attack("A", "A-1").block("B")
    r = b.replay()
    assert "UA-DMG-AMOUNT" in rules_applied(r, b.last)
    assert pending(r) == ("A", "pick_life")
    b.act("A", "pick_life", cards=[1], reveal=[FILLER])
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert player_state(r, "B")["life"] == 6
    assert len(player_state(r, "B")["outside"]) == 1


def test_UA_DMG_AMOUNT_one_damage_turns_only_one_life_card() -> None:
    b = board_at_turn_3([free_character("T-ATK")], ["T-ATK"], [], a_front=("A-1",))
    hit(b, FILLER, FILLER)
    r = b.replay()
    assert rules_broken(r, b.last) == ["UA-DMG-PICK"]
    assert player_state(r, "B")["life"] == 7


def test_UA_DMG_AMOUNT_blocked_attack_deals_no_damage() -> None:
    cards = [free_character("T-ATK", bp=5000), free_character("T-WALL", bp=1000)]
    b = board_at_turn_3(cards, ["T-ATK"], ["T-WALL"], a_front=("A-1",), b_front=("B-1",))
    b.attack("A", "A-1").block("B", "B-1")
    r = b.replay()
    assert "UA-DMG-AMOUNT" not in rules_applied(r, b.last)
    assert player_state(r, "B")["life"] == 7
    assert pending(r) == ("A", "attack|proceed")


# --- UA-DMG-PICK -------------------------------------------------------------------------


def test_UA_DMG_PICK_attacker_picks_any_position() -> None:
    b = board_at_turn_3([free_character("T-ATK")], ["T-ATK"], [], a_front=("A-1",))
    b.attack("A", "A-1").block("B").act("A", "pick_life", cards=[5], reveal=[FILLER])
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert "UA-DMG-PICK" in rules_applied(r, b.last)
    turned = [e for e in r["steps"][b.last]["events"] if e["type"] == "life_turned"]
    assert turned[0]["positions"] == [5]
    assert player_state(r, "B")["life"] == 6


def test_UA_DMG_PICK_defender_cannot_pick() -> None:
    b = board_at_turn_3([free_character("T-ATK")], ["T-ATK"], [], a_front=("A-1",))
    b.attack("A", "A-1").block("B").act("B", "pick_life", cards=[1], reveal=[FILLER])
    r = b.replay()
    assert verdict(r, b.last) == "illegal"
    assert player_state(r, "B")["life"] == 7


def test_UA_DMG_PICK_position_must_exist() -> None:
    b = board_at_turn_3([free_character("T-ATK")], ["T-ATK"], [], a_front=("A-1",))
    b.attack("A", "A-1").block("B").act("A", "pick_life", cards=[8], reveal=[FILLER])
    r = b.replay()
    assert rules_broken(r, b.last) == ["UA-DMG-PICK"]


def test_UA_DMG_PICK_same_card_cannot_be_picked_twice() -> None:
    # one life card per point of damage: the log format itself refuses a repeated position
    b = board_at_turn_3(
        [free_character("T-DMG", keywords=["damage 2"])], ["T-DMG"], [], a_front=("A-1",)
    )
    b.attack("A", "A-1").block("B").act("A", "pick_life", cards=[3, 3], reveal=[FILLER, FILLER])
    with pytest.raises(BadLog, match="positions must differ"):
        b.replay()


def test_UA_DMG_PICK_only_the_remaining_life_when_fewer_than_damage() -> None:
    cards = [
        free_character("T-BIG", keywords=["damage 6"]),
        free_character("T-DMG", keywords=["damage 2"]),
    ]
    b = board_at_turn_3(cards, ["T-BIG", "T-DMG"], [], a_front=("A-1", "A-2"))
    hit(b, *[FILLER] * 6)
    assert player_state(b.replay(), "B")["life"] == 1
    bad = LogBuilder()
    bad.doc = b.log()
    hit(bad, FILLER, FILLER, attacker="A-2")
    assert set(rules_broken(bad.replay(), bad.last)) == {"UA-DMG-PICK"}
    hit(b, FILLER, attacker="A-2")
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert player_state(r, "B")["life"] == 0


# --- UA-DMG-TRIGGERS ---------------------------------------------------------------------


def test_UA_DMG_TRIGGERS_turned_trigger_waits_for_damaged_player() -> None:
    cards = [free_character("T-ATK"), free_character("T-DRAW", trigger="draw")]
    b = board_at_turn_3(cards, ["T-ATK"], ["T-DRAW"], a_front=("A-1",))
    hit(b, "T-DRAW")
    r = b.replay()
    assert "UA-DMG-TRIGGERS" in rules_applied(r, b.last)
    assert pending(r) == ("B", "trigger")
    assert "B-1" not in player_state(r, "B")["outside"]


def test_UA_DMG_TRIGGERS_unused_trigger_card_goes_to_outside() -> None:
    cards = [free_character("T-ATK"), free_character("T-GET", trigger="get")]
    b = board_at_turn_3(cards, ["T-ATK"], ["T-GET"], a_front=("A-1",))
    hit(b, "T-GET")
    trigger(b, "B-1", use=False)
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert player_state(r, "B")["outside"] == ["B-1"]
    assert "B-1" not in player_state(r, "B")["hand"]


def test_UA_DMG_TRIGGERS_card_without_trigger_goes_to_outside() -> None:
    b = board_at_turn_3([free_character("T-ATK")], ["T-ATK"], [], a_front=("A-1",))
    hit(b, FILLER)
    r = b.replay()
    assert "UA-DMG-TRIGGERS" not in rules_applied(r, b.last)
    assert len(player_state(r, "B")["outside"]) == 1
    assert pending(r)[0] == "A"


def test_UA_DMG_TRIGGERS_only_a_turned_card_can_trigger() -> None:
    cards = [
        free_character("T-ATK"),
        free_character("T-DRAW", trigger="draw"),
        free_character("T-GET", trigger="get"),
    ]
    b = board_at_turn_3(cards, ["T-ATK"], ["T-DRAW", "T-GET"], a_front=("A-1",))
    hit(b, "T-DRAW")
    trigger(b, "T-GET")
    r = b.replay()
    assert rules_broken(r, b.last) == ["UA-DMG-TRIGGERS"]


def test_UA_DMG_TRIGGERS_attacker_cannot_decide_the_trigger() -> None:
    cards = [free_character("T-ATK"), free_character("T-DRAW", trigger="draw")]
    b = board_at_turn_3(cards, ["T-ATK"], ["T-DRAW"], a_front=("A-1",))
    hit(b, "T-DRAW")
    b.act("A", "trigger", card="B-1", use=True)
    r = b.replay()
    assert verdict(r, b.last) == "illegal"


def test_UA_DMG_TRIGGERS_several_triggers_in_the_order_chosen_one_at_a_time() -> None:
    cards = [
        free_character("T-DMG", keywords=["damage 2"]),
        free_character("T-GET", trigger="get"),
        free_character("T-DRAW", trigger="draw"),
    ]
    b = board_at_turn_3(cards, ["T-DMG"], ["T-GET", "T-DRAW"], a_front=("A-1",))
    hit(b, "T-GET", "T-DRAW")  # B-1 (GET) and B-2 (DRAW) turned together
    trigger(b, "B-2")  # the second picked card first
    first = b.last
    trigger(b, "B-1")
    r = b.replay()
    assert r["summary"]["illegal_steps"] == []
    assert player_state(r, "B", first)["outside"] == ["B-2"]  # DRAW resolved and went out ...
    assert "B-1" not in player_state(r, "B", first)["hand"]  # ... while GET still waits
    assert pending(r, first) == ("B", "trigger")
    assert "B-1" in player_state(r, "B")["hand"]


# --- UA-TRG-GET --------------------------------------------------------------------------


def test_UA_TRG_GET_card_goes_to_hand() -> None:
    cards = [free_character("T-ATK"), free_character("T-GET", trigger="get")]
    b = board_at_turn_3(cards, ["T-ATK"], ["T-GET"], a_front=("A-1",))
    hit(b, "T-GET")
    hand = len(player_state(b.replay(), "B")["hand"])
    trigger(b, "B-1")
    r = b.replay()
    assert "UA-TRG-GET" in rules_applied(r, b.last)
    assert "B-1" in player_state(r, "B")["hand"]
    assert len(player_state(r, "B")["hand"]) == hand + 1
    assert player_state(r, "B")["outside"] == []


# --- UA-TRG-DRAW -------------------------------------------------------------------------


def test_UA_TRG_DRAW_draws_one_card() -> None:
    cards = [free_character("T-ATK"), free_character("T-DRAW", trigger="draw")]
    b = board_at_turn_3(cards, ["T-ATK"], ["T-DRAW"], a_front=("A-1",))
    hit(b, "T-DRAW")
    before = player_state(b.replay(), "B")
    trigger(b, "B-1")
    r = b.replay()
    assert "UA-TRG-DRAW" in rules_applied(r, b.last)
    assert len(player_state(r, "B")["hand"]) == len(before["hand"]) + 1
    assert player_state(r, "B")["deck"] == before["deck"] - 1
    assert player_state(r, "B")["outside"] == ["B-1"]


def test_UA_TRG_DRAW_unused_draws_nothing() -> None:
    cards = [free_character("T-ATK"), free_character("T-DRAW", trigger="draw")]
    b = board_at_turn_3(cards, ["T-ATK"], ["T-DRAW"], a_front=("A-1",))
    hit(b, "T-DRAW")
    before = player_state(b.replay(), "B")
    trigger(b, "B-1", use=False)
    r = b.replay()
    assert "UA-TRG-DRAW" not in rules_applied(r, b.last)
    assert player_state(r, "B")["deck"] == before["deck"]


# --- UA-TRG-RAID -------------------------------------------------------------------------


def raid_scene(raider: dict[str, Any]) -> LogBuilder:
    cards = [
        free_character("T-ATK"),
        free_character("T-BASE", name="Base"),
        free_character("T-OTHER", name="Other"),
        raider,
    ]
    b = board_at_turn_3(
        cards,
        ["T-ATK"],
        ["T-BASE", "T-OTHER", raider["code"]],
        a_front=("A-1",),
        b_front=("B-1", "B-2"),
    )
    return hit(b, raider["code"])  # the raider is B-3


def test_UA_TRG_RAID_raids_onto_a_matching_character() -> None:
    b = raid_scene(
        free_character("T-RAIDER", bp=4000, trigger="raid", raid={"onto": {"name": "Base"}})
    )
    trigger(b, "B-3", targets=["B-1"])
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert "UA-TRG-RAID" in rules_applied(r, b.last)
    stack = field_unit(r, "B", "B-3")
    assert stack is not None and stack["under"] == ["B-1"] and stack["bp"] == 4000
    assert "B-3" not in player_state(r, "B")["hand"] + player_state(r, "B")["outside"]


def test_UA_TRG_RAID_without_a_base_goes_to_hand() -> None:
    b = raid_scene(free_character("T-RAIDER", trigger="raid", raid={"onto": {"name": "Base"}}))
    trigger(b, "B-3", targets=[])
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert "UA-TRG-RAID" in rules_applied(r, b.last)
    assert "B-3" in player_state(r, "B")["hand"]


def test_UA_TRG_RAID_cannot_raid_onto_a_character_it_does_not_name() -> None:
    b = raid_scene(free_character("T-RAIDER", trigger="raid", raid={"onto": {"name": "Base"}}))
    trigger(b, "B-3", targets=["B-2"])
    r = b.replay()
    assert rules_broken(r, b.last) == ["UA-TRG-RAID"]


def _short_raider() -> dict[str, Any]:
    """A RAID-trigger card needing 2 red energy, against B's energy line of none."""
    return free_character(
        "T-RAIDER", color="red", energy={"red": 2}, trigger="raid", raid={"onto": {"name": "Base"}}
    )


def test_UA_TRG_RAID_a_raid_whose_required_energy_is_not_met_is_illegal() -> None:
    """UA-TRG-RAID: "put this card into your hand, or, if its required energy is met, raid";
    seed 000, 激躍: "從手牌激躍是同樣需要滿足所需能量". A raid recorded while the energy is not
    met is not taken as the other choice: it is illegal, and (on_illegal=skip) the trigger still
    waits for B's decision."""
    b = raid_scene(_short_raider())
    trigger(b, "B-3", targets=["B-1"])
    r = b.replay()
    assert verdict(r, b.last) == "illegal"
    assert rules_broken(r, b.last) == ["UA-TRG-RAID"]
    message = r["steps"][b.last]["violations"][0]["message"]
    assert "required energy is not met" in message and "needs 2 red" in message
    assert "B-3" not in player_state(r, "B")["hand"]
    assert "under" not in field_unit(r, "B", "B-1")
    assert pending(r) == ("B", "trigger")


def test_UA_TRG_RAID_required_energy_not_met_the_card_goes_to_hand_when_recorded() -> None:
    """UA-TRG-RAID: without the energy the only use left is "put this card into your hand":
    recorded as no target, it is legal."""
    b = raid_scene(_short_raider())
    trigger(b, "B-3", targets=[])
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert "UA-TRG-RAID" in rules_applied(r, b.last)
    assert "B-3" in player_state(r, "B")["hand"]
    assert "under" not in field_unit(r, "B", "B-1")


def test_UA_TRG_RAID_required_energy_not_met_applied_as_recorded() -> None:
    """UA-TRG-RAID under on_illegal=apply: the raid is carried out as recorded, still illegal."""
    b = raid_scene(_short_raider())
    trigger(b, "B-3", targets=["B-1"])
    r = b.replay(on_illegal="apply")
    assert verdict(r, b.last) == "illegal"
    stack = field_unit(r, "B", "B-3")
    assert stack is not None and stack["under"] == ["B-1"]
    assert any(
        "not met (applied as recorded)" in t["message"] for t in r["steps"][b.last]["rulings"]
    )


# --- UA-TRG-ACTIVE -----------------------------------------------------------------------


def test_UA_TRG_ACTIVE_own_character_becomes_active_with_3000_more_bp() -> None:
    cards = [
        free_character("T-ATK", bp=1000),
        free_character("T-WALL", bp=5000),
        free_character("T-ACT", trigger="active"),
    ]
    b = board_at_turn_3(
        cards, ["T-ATK"] * 3, ["T-WALL", "T-ACT"], a_front=("A-1", "A-2", "A-3"), b_front=("B-1",)
    )
    b.attack("A", "A-1").block("B", "B-1")  # B-1 wins and is rested
    hit(b, "T-ACT", attacker="A-2")
    trigger(b, "B-2", targets=["B-1"])
    used = b.last
    b.attack("A", "A-3").block("B", "B-1")  # active again: it can block
    b.proceed("A")
    r = b.replay()
    assert "UA-TRG-ACTIVE" in rules_applied(r, used)
    b1 = field_unit(r, "B", "B-1", used)
    assert (b1["rested"], b1["bp"]) == (False, 8000)
    assert r["summary"]["illegal_steps"] == []
    assert field_unit(r, "B", "B-1")["bp"] == 5000  # "for this turn"


def test_UA_TRG_ACTIVE_cannot_choose_opponents_character() -> None:
    cards = [free_character("T-ATK"), free_character("T-ACT", trigger="active")]
    b = board_at_turn_3(cards, ["T-ATK"], ["T-ATK", "T-ACT"], a_front=("A-1",), b_front=("B-1",))
    hit(b, "T-ACT")
    trigger(b, "B-2", targets=["A-1"])
    r = b.replay()
    assert rules_broken(r, b.last) == ["UA-TRG-ACTIVE"]
    assert field_unit(r, "A", "A-1")["rested"] is True


# --- UA-TRG-SPECIAL ----------------------------------------------------------------------


def special_scene() -> LogBuilder:
    cards = [free_character("T-ATK", bp=9000), free_character("T-SPC", trigger="special")]
    b = board_at_turn_3(
        cards,
        ["T-ATK", "T-ATK"],
        ["T-ATK", "T-SPC"],
        a_front=("A-1",),
        a_energy=("A-2",),
        b_front=("B-1",),
    )
    return hit(b, "T-SPC")  # the SPECIAL card is B-2


def test_UA_TRG_SPECIAL_opponents_front_line_character_to_outside() -> None:
    b = special_scene()
    trigger(b, "B-2", targets=["A-1"])
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert "UA-TRG-SPECIAL" in rules_applied(r, b.last)
    assert field_unit(r, "A", "A-1") is None
    assert "A-1" in player_state(r, "A")["outside"]


def test_UA_TRG_SPECIAL_cannot_choose_own_character() -> None:
    b = special_scene()
    trigger(b, "B-2", targets=["B-1"])
    r = b.replay()
    assert rules_broken(r, b.last) == ["UA-TRG-SPECIAL"]
    assert field_unit(r, "B", "B-1") is not None


def test_UA_TRG_SPECIAL_cannot_choose_energy_line_character() -> None:
    b = special_scene()
    trigger(b, "B-2", targets=["A-2"])
    r = b.replay()
    assert rules_broken(r, b.last) == ["UA-TRG-SPECIAL"]
    assert field_unit(r, "A", "A-2") is not None


# --- UA-TRG-FINAL ------------------------------------------------------------------------


def test_UA_TRG_FINAL_no_life_left_puts_deck_top_into_life() -> None:
    cards = [
        free_character("T-KILL", keywords=["damage 7"]),
        free_character("T-FIN", trigger="final"),
    ]
    b = board_at_turn_3(cards, ["T-KILL"], ["T-FIN"], a_front=("A-1",))
    hit(b, "T-FIN", *[FILLER] * 6)
    r = b.replay()
    assert player_state(r, "B")["life"] == 0 and r["summary"]["result"] is None
    deck = player_state(r, "B")["deck"]
    trigger(b, "B-1")
    r = b.replay()
    assert "UA-TRG-FINAL" in rules_applied(r, b.last)
    assert player_state(r, "B")["life"] == 1
    assert player_state(r, "B")["deck"] == deck - 1
    assert r["summary"]["result"] is None


def test_UA_TRG_FINAL_with_life_left_does_nothing() -> None:
    cards = [free_character("T-ATK"), free_character("T-FIN", trigger="final")]
    b = board_at_turn_3(cards, ["T-ATK"], ["T-FIN"], a_front=("A-1",))
    hit(b, "T-FIN")
    deck = player_state(b.replay(), "B")["deck"]
    trigger(b, "B-1")
    r = b.replay()
    assert "UA-TRG-FINAL" in rules_applied(r, b.last)
    assert player_state(r, "B")["life"] == 6
    assert player_state(r, "B")["deck"] == deck


def test_UA_TRG_FINAL_cards_turned_by_the_same_damage_do_not_count_as_life() -> None:
    # two life cards left and both picked: the FINAL sees no life although the other is still waiting
    cards = [
        free_character("T-BIG", keywords=["damage 5"]),
        free_character("T-DMG", keywords=["damage 2"]),
        free_character("T-FIN", trigger="final"),
        free_character("T-GET", trigger="get"),
    ]
    b = board_at_turn_3(cards, ["T-BIG", "T-DMG"], ["T-FIN", "T-GET"], a_front=("A-1", "A-2"))
    hit(b, *[FILLER] * 5)
    hit(b, "T-FIN", "T-GET", attacker="A-2")
    trigger(b, "B-1")
    r = b.replay()
    assert player_state(r, "B")["life"] == 1
    assert "UA-TRG-FINAL" in rules_applied(r, b.last)


# --- UA-TRG-COLOR ------------------------------------------------------------------------


def color_scene(colour: str, a_bp: int = 2000, **life: Any) -> LogBuilder:
    """A's A-1 (BP ``a_bp``) attacks, A-2 stays active; B's life card B-1 is a COLOR trigger."""
    cards = [
        free_character("T-ATK", bp=a_bp),
        free_character("T-COL", color=colour, trigger="color", **life),
    ]
    b = board_at_turn_3(cards, ["T-ATK", "T-ATK"], ["T-COL"], a_front=("A-1", "A-2"))
    return hit(b, "T-COL")


def test_UA_TRG_COLOR_red_retires_bp_2500_or_less() -> None:
    b = color_scene("red", a_bp=2500)
    trigger(b, "B-1", targets=["A-2"])
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert "UA-TRG-COLOR" in rules_applied(r, b.last)
    assert field_unit(r, "A", "A-2") is None and "A-2" in player_state(r, "A")["outside"]


def test_UA_TRG_COLOR_red_cannot_choose_bp_over_2500() -> None:
    b = color_scene("red", a_bp=3000)
    trigger(b, "B-1", targets=["A-2"])
    r = b.replay()
    assert rules_broken(r, b.last) == ["UA-TRG-COLOR"]
    assert field_unit(r, "A", "A-2") is not None


def test_UA_TRG_COLOR_blue_returns_bp_3500_or_less_to_hand() -> None:
    b = color_scene("blue", a_bp=3500)
    trigger(b, "B-1", targets=["A-2"])
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert field_unit(r, "A", "A-2") is None and "A-2" in player_state(r, "A")["hand"]


def test_UA_TRG_COLOR_blue_cannot_choose_bp_over_3500() -> None:
    b = color_scene("blue", a_bp=4000)
    trigger(b, "B-1", targets=["A-2"])
    r = b.replay()
    assert rules_broken(r, b.last) == ["UA-TRG-COLOR"]


def test_UA_TRG_COLOR_yellow_rests_and_skips_next_activation() -> None:
    b = color_scene("yellow")
    trigger(b, "B-1", targets=["A-2"])
    used = b.last
    b.proceed("A")  # A's end phase: A-1 becomes active, A-2 does not
    turn_end = b.last
    b.proceed("B", 3).act("B", "discard_to_limit", cards=["B-5"])  # B's turn 4 (9 cards)
    r = b.replay()
    assert "UA-TRG-COLOR" in rules_applied(r, used)
    assert field_unit(r, "A", "A-2", used)["rested"] is True
    assert "UA-TRG-COLOR" in rules_applied(r, turn_end)
    assert field_unit(r, "A", "A-1", turn_end)["rested"] is False
    assert field_unit(r, "A", "A-2", turn_end)["rested"] is True
    assert game_state(r)["turn"] == 5
    assert field_unit(r, "A", "A-2")["rested"] is False


def test_UA_TRG_COLOR_yellow_cannot_choose_own_character() -> None:
    cards = [free_character("T-ATK"), free_character("T-COL", color="yellow", trigger="color")]
    b = board_at_turn_3(cards, ["T-ATK"], ["T-ATK", "T-COL"], a_front=("A-1",), b_front=("B-1",))
    hit(b, "T-COL")
    trigger(b, "B-2", targets=["B-1"])
    assert rules_broken(b.replay(), b.last) == ["UA-TRG-COLOR"]


def green_scene(green: dict[str, Any]) -> LogBuilder:
    cards = [
        free_character("T-ATK"),
        free_character("T-COL", color="green", trigger="color"),
        green,
    ]
    b = board_at_turn_3(cards, ["T-ATK"], ["T-COL", green["code"]], a_front=("A-1",))
    return hit(b, "T-COL")


def test_UA_TRG_COLOR_green_plays_green_character_from_hand_active() -> None:
    b = green_scene(card("T-GRN", color="green", energy={"green": 2}, ap=1))
    trigger(b, "B-1", targets=["B-2"])
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert field_ids(r, "B", "front_line") == ["B-2"]
    assert field_unit(r, "B", "B-2")["rested"] is False
    assert "B-2" not in player_state(r, "B")["hand"]


def test_UA_TRG_COLOR_green_cannot_play_character_with_ap_cost_2() -> None:
    b = green_scene(card("T-GRN", color="green", ap=2))
    trigger(b, "B-1", targets=["B-2"])
    r = b.replay()
    assert rules_broken(r, b.last) == ["UA-TRG-COLOR"]


def test_UA_TRG_COLOR_green_cannot_play_character_needing_3_energy() -> None:
    b = green_scene(card("T-GRN", color="green", energy={"green": 3}, ap=1))
    trigger(b, "B-1", targets=["B-2"])
    assert rules_broken(b.replay(), b.last) == ["UA-TRG-COLOR"]


def green_into_full_front_line() -> LogBuilder:
    """B's front line is full (B-3 … B-6); its life card B-1 is a green COLOR trigger and the
    green character B-2 is in its hand."""
    cards = [
        free_character("T-ATK"),
        free_character("T-COL", color="green", trigger="color"),
        card("T-GRN", color="green", ap=1),
    ]
    deck_b = ["T-COL", "T-GRN", *["T-ATK"] * 4]
    b = board_at_turn_3(
        cards, ["T-ATK"], deck_b, a_front=("A-1",), b_front=("B-3", "B-4", "B-5", "B-6")
    )
    return hit(b, "T-COL")


def test_UA_LINE_LIMIT_green_trigger_into_a_full_front_line_removes_one_card_first() -> None:
    # Manual: playing onto a line that holds 4 cards first puts one card of it into the removal area
    b = green_into_full_front_line()
    b.act("B", "trigger", card="B-1", use=True, targets=["B-2"], remove=["B-4"])
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert "UA-LINE-LIMIT" in rules_applied(r, b.last)
    assert field_ids(r, "B", "front_line") == ["B-3", "B-5", "B-6", "B-2"]
    assert player_state(r, "B")["removal"] == ["B-4"]


def test_UA_LINE_LIMIT_green_trigger_without_remove_is_a_skipped_decision() -> None:
    b = green_into_full_front_line()
    trigger(b, "B-1", targets=["B-2"])
    r = b.replay()
    assert verdict(r, b.last) == "unverifiable"
    assert "UA-CHOICE-RECORDED" in rules_applied(r, b.last)
    assert player_state(r, "B")["removal"] == ["B-3"]
    assert field_ids(r, "B", "front_line")[-1] == "B-2"


def test_UA_LINE_LIMIT_trigger_removing_when_nothing_enters_is_illegal() -> None:
    b = green_into_full_front_line()
    b.act("B", "trigger", card="B-1", use=False, remove=["B-4"])
    r = b.replay()
    assert rules_broken(r, b.last) == ["UA-LINE-LIMIT"]


def test_UA_TRG_COLOR_purple_plays_purple_character_from_outside() -> None:
    cards = [
        free_character("T-DMG", keywords=["damage 2"]),
        free_character("T-COL", color="purple", trigger="color"),
        card("T-PUR", color="purple", ap=1),
    ]
    b = board_at_turn_3(cards, ["T-DMG"], ["T-COL", "T-PUR"], a_front=("A-1",))
    hit(b, "T-PUR", "T-COL")  # B-2 (no trigger) goes to the outside area first
    trigger(b, "B-1", targets=["B-2"])
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert "UA-TRG-COLOR" in rules_applied(r, b.last)
    assert field_ids(r, "B", "front_line") == ["B-2"]
    assert field_unit(r, "B", "B-2")["rested"] is False
    assert "B-2" not in player_state(r, "B")["outside"]


def test_UA_TRG_COLOR_purple_cannot_play_from_hand() -> None:
    cards = [
        free_character("T-ATK"),
        free_character("T-COL", color="purple", trigger="color"),
        card("T-PUR", color="purple", ap=1),
    ]
    b = board_at_turn_3(cards, ["T-ATK"], ["T-COL", "T-PUR"], a_front=("A-1",))
    hit(b, "T-COL")
    trigger(b, "B-1", targets=["B-2"])  # B-2 is unseen: in the deck or hand, not the outside area
    r = b.replay()
    assert verdict(r, b.last) == "illegal"
    assert player_state(r, "B")["front_line"] == []


# --- UA-END-EFFECTS ----------------------------------------------------------------------


def test_UA_END_EFFECTS_start_of_end_phase_effects_resolve() -> None:
    clock = free_character("T-CLOCK", effects=[{"when": "end_phase_start", "do": DRAW_1}])
    b = LogBuilder([clock], deck_a=["T-CLOCK"], deck_b=["T-CLOCK"]).setup()
    b.proceed("A").play("A", "A-1", to="front_line").proceed("A", 2)
    r = b.replay()
    events = r["steps"][b.last]["events"]
    draws = [e["player"] for e in events if e["type"] == "draw"]
    assert draws == ["A", "B"]  # A's end-phase effect, then B's start-phase draw
    assert len(player_state(r, "A")["hand"]) == 7  # 7 - 1 played + 1 drawn


def test_UA_END_EFFECTS_only_the_turn_players_end_phase() -> None:
    clock = free_character("T-CLOCK", effects=[{"when": "end_phase_start", "do": DRAW_1}])
    b = LogBuilder([clock], deck_a=[], deck_b=["T-CLOCK"]).setup()
    b.pass_turn("A").proceed("B").play("B", "B-1", to="front_line").proceed("B", 2)
    b.pass_turn("A")
    r = b.replay()
    assert [e["player"] for e in r["steps"][b.last]["events"] if e["type"] == "draw"] == ["B"]


# --- UA-END-ACTIVATE ---------------------------------------------------------------------


def test_UA_END_ACTIVATE_characters_and_fields_become_active_ap_stays_rested() -> None:
    cards = [card("T-ATK", ap=1), card("T-FLD", "field", ap=0)]
    b = LogBuilder(cards, deck_a=["T-ATK", "T-FLD"], deck_b=[]).setup()
    b.proceed("A").play("A", "A-1", to="front_line").play("A", "A-2", to="energy_line").proceed("A")
    r = b.replay()
    assert (
        field_unit(r, "A", "A-1")["rested"] is True and field_unit(r, "A", "A-2")["rested"] is True
    )
    b.proceed("A")  # end of turn 1
    r = b.replay()
    assert game_state(r)["turn_player"] == "B"
    assert field_unit(r, "A", "A-1")["rested"] is False
    assert field_unit(r, "A", "A-2")["rested"] is False
    assert player_state(r, "A")["ap"] == {"active": 0, "total": 1}


def test_UA_END_ACTIVATE_attacker_is_active_again_to_block_next_turn() -> None:
    cards = [free_character("T-ATK", bp=1000), free_character("T-WALL", bp=5000)]
    b = board_at_turn_3(cards, ["T-ATK"], ["T-WALL"], a_front=("A-1",), b_front=("B-1",))
    hit(b, FILLER)
    assert field_unit(b.replay(), "A", "A-1")["rested"] is True
    b.proceed("A")  # A's end phase
    r = b.replay()
    assert game_state(r)["turn_player"] == "B"
    assert field_unit(r, "A", "A-1")["rested"] is False
    b.proceed("B", 2).attack("B", "B-1").block("A", "A-1")
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert "UA-BATTLE-BP" in rules_applied(r, b.last)


# --- UA-END-HAND-LIMIT -------------------------------------------------------------------


def nine_in_hand() -> LogBuilder:
    """B (second player) ends turn 2 with 9 cards: 7 + the draw + the extra draw."""
    b = LogBuilder([], deck_a=[], deck_b=[]).setup().pass_turn("A")
    return b.act("B", "extra_draw").proceed("B", 3)


def test_UA_END_HAND_LIMIT_nine_cards_put_one_into_removal() -> None:
    b = nine_in_hand()
    r = b.replay()
    assert "UA-END-HAND-LIMIT" in rules_applied(r, b.last)
    assert pending(r) == ("B", "discard_to_limit")
    b.act("B", "discard_to_limit", cards=["B-3"])
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert player_state(r, "B")["removal"] == ["B-3"]
    assert player_state(r, "B")["outside"] == []
    assert len(player_state(r, "B")["hand"]) == 8
    assert game_state(r)["turn_player"] == "A"


def test_UA_END_HAND_LIMIT_wrong_number_of_cards_is_illegal() -> None:
    b = nine_in_hand()
    b.act("B", "discard_to_limit", cards=["B-3", "B-4"])
    r = b.replay()
    assert rules_broken(r, b.last) == ["UA-END-HAND-LIMIT"]
    assert player_state(r, "B")["removal"] == []


def test_UA_END_HAND_LIMIT_eight_cards_keep_all() -> None:
    b = LogBuilder([], deck_a=[], deck_b=[]).setup().pass_turn("A").pass_turn("B")
    r = b.replay()
    assert "UA-END-HAND-LIMIT" not in rules_applied(r, b.last)
    assert len(player_state(r, "B")["hand"]) == 8
    assert game_state(r)["turn_player"] == "A"
    b.act("B", "discard_to_limit", cards=["B-3"])
    assert verdict(b.replay(), b.last) == "illegal"


def test_UA_END_HAND_LIMIT_missing_discard_blocks_the_next_turn() -> None:
    b = nine_in_hand().proceed("A")
    r = b.replay()
    assert verdict(r, b.last) == "illegal"
    assert game_state(r)["turn"] == 2


def test_UA_END_HAND_LIMIT_two_copies_of_one_code() -> None:
    b = LogBuilder([], deck_a=[], deck_b=[]).setup()
    b.act("A", "extra_draw").pass_turn("A").pass_turn("B")
    b.act("A", "extra_draw").pass_turn("A")  # A: 7 + 1 + 1 + 1 = 10 cards
    b.act("A", "discard_to_limit", cards=[FILLER, FILLER])
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    removal = player_state(r, "A")["removal"]
    assert len(removal) == 2 and len(set(removal)) == 2
    assert len(player_state(r, "A")["hand"]) == 8


# --- UA-END-EXPIRE -----------------------------------------------------------------------


def test_UA_END_EXPIRE_this_turn_effects_end_and_turn_passes() -> None:
    pump = {
        "when": "on_attack",
        "do": [{"op": "bp", "amount": 1000, "target": "self", "until": "turn"}],
    }
    b = board_at_turn_3(
        [free_character("T-ATK", bp=2000, effects=[pump])], ["T-ATK"], [], a_front=("A-1",)
    )
    hit(b, FILLER)
    r = b.replay()
    assert field_unit(r, "A", "A-1")["bp"] == 3000
    b.proceed("A")
    r = b.replay()
    assert field_unit(r, "A", "A-1")["bp"] == 2000
    assert (game_state(r)["turn"], game_state(r)["turn_player"]) == (4, "B")


def test_UA_END_EXPIRE_until_next_turn_effects_last_past_the_end() -> None:
    pump = {
        "when": "on_attack",
        "do": [{"op": "bp", "amount": 1000, "target": "self", "until": "next_turn"}],
    }
    b = board_at_turn_3(
        [free_character("T-ATK", bp=2000, effects=[pump])], ["T-ATK"], [], a_front=("A-1",)
    )
    hit(b, FILLER)
    b.proceed("A")
    r = b.replay()
    assert field_unit(r, "A", "A-1")["bp"] == 3000


def test_UA_END_EXPIRE_trigger_bonus_for_this_turn_ends() -> None:
    cards = [
        free_character("T-ATK"),
        free_character("T-WALL", bp=5000),
        free_character("T-ACT", trigger="active"),
    ]
    b = board_at_turn_3(cards, ["T-ATK"], ["T-WALL", "T-ACT"], a_front=("A-1",), b_front=("B-1",))
    hit(b, "T-ACT")
    trigger(b, "B-2", targets=["B-1"])
    r = b.replay()
    assert field_unit(r, "B", "B-1")["bp"] == 8000
    b.proceed("A")
    assert field_unit(b.replay(), "B", "B-1")["bp"] == 5000


# --- UA-WIN-LIFE -------------------------------------------------------------------------


def test_UA_WIN_LIFE_no_life_after_damage_wins() -> None:
    b = board_at_turn_3(
        [free_character("T-KILL", keywords=["damage 7"])], ["T-KILL"], [], a_front=("A-1",)
    )
    hit(b, *[FILLER] * 7)
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert "UA-WIN-LIFE" in rules_applied(r, b.last)
    assert r["summary"]["result"] == {"winner": "A", "reason": "life"}


def test_UA_WIN_LIFE_life_left_the_game_goes_on() -> None:
    b = board_at_turn_3(
        [free_character("T-KILL", keywords=["damage 6"])], ["T-KILL"], [], a_front=("A-1",)
    )
    hit(b, *[FILLER] * 6)
    r = b.replay()
    assert player_state(r, "B")["life"] == 1
    assert "UA-WIN-LIFE" not in rules_applied(r, b.last)
    assert r["summary"]["result"] is None


def test_UA_WIN_LIFE_checked_only_after_every_trigger() -> None:
    cards = [
        free_character("T-KILL", keywords=["damage 7"]),
        free_character("T-DRAW", trigger="draw"),
    ]
    b = board_at_turn_3(cards, ["T-KILL"], ["T-DRAW"], a_front=("A-1",))
    hit(b, "T-DRAW", *[FILLER] * 6)
    r = b.replay()
    assert player_state(r, "B")["life"] == 0
    assert r["summary"]["result"] is None
    assert pending(r) == ("B", "trigger")
    trigger(b, "B-1")
    r = b.replay()
    assert "UA-WIN-LIFE" in rules_applied(r, b.last)
    assert r["summary"]["result"] == {"winner": "A", "reason": "life"}


def test_UA_WIN_LIFE_final_trigger_saves_the_game() -> None:
    cards = [
        free_character("T-KILL", keywords=["damage 7"]),
        free_character("T-FIN", trigger="final"),
    ]
    b = board_at_turn_3(cards, ["T-KILL"], ["T-FIN"], a_front=("A-1",))
    hit(b, "T-FIN", *[FILLER] * 6)
    trigger(b, "B-1", use=True)
    r = b.replay()
    assert "UA-WIN-LIFE" not in rules_applied(r, b.last)
    assert r["summary"]["result"] is None
    declined = LogBuilder()
    declined.doc = b.log()
    declined.doc["actions"][-1]["use"] = False
    r = declined.replay()
    assert r["summary"]["result"] == {"winner": "A", "reason": "life"}


def test_UA_WIN_LIFE_no_decision_after_the_game_ends() -> None:
    b = board_at_turn_3(
        [free_character("T-KILL", keywords=["damage 7"])], ["T-KILL"], [], a_front=("A-1",)
    )
    hit(b, *[FILLER] * 7)
    b.proceed("A")
    r = b.replay()
    assert verdict(r, b.last) == "illegal"
    assert r["summary"]["result"] == {"winner": "A", "reason": "life"}


# --- UA-WIN-DECK -------------------------------------------------------------------------


def empty_deck_on_turn_2() -> LogBuilder:
    """B draws its whole deck on turn 2 (7 hand + 7 life + 1 draw + 35 = 50)."""
    greedy = free_character(
        "T-GREEDY", effects=[{"when": "on_play", "do": [{"op": "draw", "n": 35}]}]
    )
    b = LogBuilder([greedy], deck_a=[], deck_b=["T-GREEDY"]).setup().pass_turn("A")
    b.proceed("B").play("B", "B-1", to="front_line").proceed("B", 2)
    # 42 cards in hand: 34 go to the removal area (named by instance)
    return b.act("B", "discard_to_limit", cards=[f"B-{n}" for n in range(2, 36)])


def test_UA_WIN_DECK_empty_deck_at_start_phase_draw_loses() -> None:
    b = empty_deck_on_turn_2()
    b.pass_turn("A")  # turn 4 starts: B must draw from an empty deck
    r = b.replay()
    assert r["summary"]["illegal_steps"] == []
    assert "UA-WIN-DECK" in rules_applied(r, b.last)
    assert r["summary"]["result"] == {"winner": "A", "reason": "deck"}


def test_UA_WIN_DECK_empty_deck_without_a_draw_due_does_not_lose() -> None:
    b = empty_deck_on_turn_2()
    r = b.replay()
    assert player_state(r, "B")["deck"] == 0
    assert r["summary"]["illegal_steps"] == []
    assert game_state(r)["turn_player"] == "A"  # turn 3 began: A drew, B has not had to
    assert r["summary"]["result"] is None


# --- UA-CONCEDE --------------------------------------------------------------------------


def test_UA_CONCEDE_other_player_wins() -> None:
    b = LogBuilder([]).setup().pass_turn("A").proceed("B")
    b.act("A", "concede")  # during B's turn
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert "UA-CONCEDE" in rules_applied(r, b.last)
    assert r["summary"]["result"] == {"winner": "B", "reason": "concede"}


def test_UA_CONCEDE_any_time_even_during_setup() -> None:
    b = LogBuilder([]).act("A", "first_player", first="A").act("B", "concede")
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert r["summary"]["result"] == {"winner": "A", "reason": "concede"}


def test_UA_CONCEDE_while_a_decision_is_pending() -> None:
    b = board_at_turn_3([free_character("T-ATK")], ["T-ATK"], [], a_front=("A-1",))
    b.attack("A", "A-1").act("A", "concede")  # B's block decision is pending
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert r["summary"]["result"] == {"winner": "B", "reason": "concede"}


def test_UA_CONCEDE_nothing_follows() -> None:
    b = LogBuilder([]).setup().act("B", "concede").proceed("A")
    r = b.replay()
    assert verdict(r, b.last) == "illegal"
    assert r["summary"]["result"] == {"winner": "A", "reason": "concede"}
