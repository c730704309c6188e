"""Printed use limits of activated effects (R4U-ACTIVATE-LIMIT, rule option activate_limit) and
effects that take the entry character as a target (R4U-EFFECT-TARGETS, ``discard_member``'s
``zone``).

The limit's marker is printed card text (【ターン1】: once a turn, quoted by a fan article);
what it counts is no source's, so each test of the counting names the option it tests."""

from __future__ import annotations

from typing import Any

from judge.core.replay import position
from judge.games.rebirth.testing import (
    NO_CANCEL,
    LogBuilder,
    card,
    event_types,
    player_state,
    rules_applied,
    rules_broken,
    verdict,
)

ZERO = {"energy": 0, "partner": 0}
#: 【ターン1】 [0]: draw 1 (from the entry or a member square)
ONCE = card(
    "T-ONE",
    name="Librarian",
    effects=[{"when": "activated", "cost": 0, "per_turn": 1, "do": [{"op": "draw", "n": 1}]}],
)
#: at most twice a turn: its entry character gets ATK +1
TWICE = card(
    "T-TWO",
    name="Drummer",
    effects=[{"when": "activated", "cost": 0, "per_turn": 2, "do": [{"op": "mod", "atk": 1}]}],
)
CARDS = [ONCE, TWICE]


def _a_main(options: dict[str, Any] | None = None, entry: str = "T-ONE") -> LogBuilder:
    """A goes first with ``entry`` and is in its main phase (turn 1)."""
    b = LogBuilder(CARDS, options=options).setup(first="A", entries={"A": entry})
    return b.proceed("A")


# -- R4U-ACTIVATE-LIMIT --------------------------------------------------------------------------


def test_R4U_ACTIVATE_LIMIT_a_second_use_of_a_once_a_turn_effect_is_illegal() -> None:
    """【ターン1】: once a turn (card text); the first use is legal, the second refused."""
    b = _a_main()
    b.act("A", "activate", card="T-ONE", pay=ZERO)
    b.act("A", "activate", card="T-ONE", pay=ZERO)
    r = b.replay()
    assert verdict(r, b.last - 1) == "legal"
    assert "R4U-ACTIVATE-LIMIT" in rules_applied(r, b.last - 1)
    assert "R4U-ACTIVATE-LIMIT" in rules_broken(r, b.last)
    hand = len(player_state(r, "A", b.last - 1)["hand"])
    assert len(player_state(r, "A")["hand"]) == hand  # the refused use drew nothing


def test_R4U_ACTIVATE_LIMIT_per_turn_2_allows_two_uses() -> None:
    b = _a_main(entry="T-TWO")
    for _ in range(3):
        b.act("A", "activate", card="T-TWO", pay=ZERO)
    r = b.replay()
    assert [verdict(r, b.last - k) for k in (2, 1)] == ["legal", "legal"]
    assert "R4U-ACTIVATE-LIMIT" in rules_broken(r, b.last)
    assert player_state(r, "A")["entry"]["atk"] == 1 + 2


def test_R4U_ACTIVATE_LIMIT_the_uses_start_again_in_the_next_turn() -> None:
    b = _a_main()
    b.act("A", "activate", card="T-ONE", pay=ZERO)
    b.proceed("A")  # turn 1: no battle phase
    b.proceed("B", 3)
    b.proceed("A")  # A's turn 3, main phase
    b.act("A", "activate", card="T-ONE", pay=ZERO)
    assert verdict(b.replay(), b.last) == "legal"


def _used_then_moved(option: str) -> LogBuilder:
    """A uses T-ONE's effect in the entry, moves it to member square 1 (level 0: free) and uses
    it again from there."""
    b = _a_main({"activate_limit": option})
    b.act("A", "activate", card="T-ONE", pay=ZERO)
    b.act("A", "move", square=1, pay=ZERO)
    b.act("A", "reveal", card="T-000")
    return b.act("A", "activate", card="T-ONE", pay=ZERO)


def test_R4U_ACTIVATE_LIMIT_option_card_a_card_that_moved_is_a_new_card() -> None:
    r = _used_then_moved("card").replay()
    assert verdict(r, len(r["steps"]) - 1) == "legal"


def test_R4U_ACTIVATE_LIMIT_option_card_turn_the_card_keeps_its_uses_all_turn() -> None:
    b = _used_then_moved("card_turn")
    r = b.replay()
    assert "R4U-ACTIVATE-LIMIT" in rules_broken(r, b.last)
    assert "card_turn" in r["steps"][b.last]["violations"][0]["message"]


def _two_of_one_name(option: str) -> tuple[LogBuilder, str]:
    """A's entry is T-ONE; A plays another T-ONE into member square 1 and uses the entry's
    effect; returns the builder and the member's instance id."""
    b = _a_main({"activate_limit": option})
    b.act("A", "play", card="T-ONE", to="member", square=1, pay=ZERO)
    b.act("A", "activate", card="T-ONE", pay=ZERO)  # the entry's (listed first)
    member = player_state(b.replay(), "A")["members"][0]["id"]
    return b, member


def test_R4U_ACTIVATE_LIMIT_option_name_cards_of_one_name_count_together() -> None:
    b, member = _two_of_one_name("name")
    b.act("A", "activate", card=member, pay=ZERO)
    assert "R4U-ACTIVATE-LIMIT" in rules_broken(b.replay(), b.last)
    b, member = _two_of_one_name("card")
    b.act("A", "activate", card=member, pay=ZERO)
    assert verdict(b.replay(), b.last) == "legal"


def test_R4U_ACTIVATE_LIMIT_legal_actions_leave_out_a_used_effect() -> None:
    b = _a_main()
    eng = position(b.log())
    assert any(a["do"] == "activate" for a in eng.legal_actions())
    b.act("A", "activate", card="T-ONE", pay=ZERO)
    eng = position(b.log())
    assert not any(a["do"] == "activate" for a in eng.legal_actions())


def test_R4U_ACTIVATE_LIMIT_a_per_turn_on_a_spark_is_outside_the_vocabulary() -> None:
    odd = card(
        "T-SPX", name="Odd", effects=[{"when": "spark", "per_turn": 1, "do": [{"op": "draw"}]}]
    )
    b = LogBuilder([odd], options=NO_CANCEL).setup(first="A")
    b.proceed("A")
    b.act("A", "move", square=1, pay=ZERO)
    b.act("A", "reveal", card="T-SPX")
    r = b.replay()
    assert "R4U-EFFECT-UNSUPPORTED" in rules_applied(r, b.last)
    assert "activate" not in event_types(r, b.last)


# -- R4U-EFFECT-TARGETS: the entry character ---------------------------------------------------

#: Spark: put your opponent's entry character into its waiting room
SPARK_ENTRY = card(
    "T-SPE",
    name="Duelist",
    level=1,
    effects=[{"when": "spark", "do": [{"op": "discard_member", "zone": "entry"}]}],
)
#: Spark: put 1 of your opponent's characters (entry or member) into its waiting room
SPARK_FIELD = card(
    "T-SPF",
    name="Sweeper",
    level=1,
    effects=[{"when": "spark", "do": [{"op": "discard_member", "zone": "field"}]}],
)
#: [0]: put your own entry character into your waiting room (entry-in follows)
OWN_ENTRY = card(
    "T-OWN",
    name="Understudy",
    effects=[
        {
            "when": "activated",
            "cost": 0,
            "where": "member",
            "do": [{"op": "discard_member", "side": "own", "zone": "entry"}],
        }
    ],
)


def _b_spark(spark: str) -> LogBuilder:
    """A goes first and moves its entry (a filler) to member square 1 (another filler enters);
    in turn 2 B moves its entry to a member square and the entry-in reveals ``spark``."""
    b = LogBuilder([SPARK_ENTRY, SPARK_FIELD, OWN_ENTRY]).setup(first="A")
    b.proceed("A")
    b.act("A", "move", square=1, pay=ZERO)
    b.act("A", "reveal", card="T-000")
    b.proceed("A")
    b.proceed("B")
    b.act("B", "move", square=1, pay=ZERO)
    return b.act("B", "reveal", card=spark).act("A", "guard", card=None)  # no cancel (R4U-CANCEL)


def test_R4U_EFFECT_TARGETS_a_spark_puts_the_opposing_entry_character_into_the_waiting_room() -> (
    None
):
    """The card's text names the opponent's entry character; entry-in follows (seed,
    エントリーイン: "只要参赛区空着没有角色存在就要进行报名")."""
    b = _b_spark("T-SPE")
    entry = player_state(b.replay(), "A")["entry"]["id"]
    b.act("B", "resolve", source="T-SPE", targets=[entry])
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    a = player_state(r, "A")
    assert entry in a["waiting_room"] and entry not in a["retire"]
    assert a["entry"] is None  # A's entry-in waits for its reveal (observed)
    b.act("A", "reveal", card="T-000")
    r = b.replay()
    assert "entry_in" in event_types(r, b.last)
    assert player_state(r, "A")["entry"] is not None


def test_R4U_EFFECT_TARGETS_an_entry_target_is_the_entry_character_only() -> None:
    b = _b_spark("T-SPE")
    member = player_state(b.replay(), "A")["members"][0]["id"]
    b.act("B", "resolve", source="T-SPE", targets=[member])
    r = b.replay()
    assert "R4U-EFFECT-TARGETS" in rules_broken(r, b.last)
    assert "entry character" in r["steps"][b.last]["violations"][0]["message"]


def test_R4U_EFFECT_TARGETS_zone_field_takes_the_entry_or_a_member_legal_actions_list_both() -> (
    None
):
    b = _b_spark("T-SPF")
    a = player_state(b.replay(), "A")
    entry, member = a["entry"]["id"], a["members"][0]["id"]
    listed = [x["targets"] for x in position(b.log()).legal_actions() if x["do"] == "resolve"]
    assert listed == [[entry], [member]]
    for target in (entry, member):
        c = _b_spark("T-SPF")
        c.act("B", "resolve", source="T-SPF", targets=[target])
        r = c.replay()
        assert verdict(r, c.last) == "legal"
        assert target in player_state(r, "A")["waiting_room"]


def test_R4U_EFFECT_TARGETS_an_activated_effect_on_the_own_entry_character() -> None:
    b = LogBuilder([OWN_ENTRY]).setup(first="A", entries={"A": "T-OWN"})
    b.proceed("A")
    b.act("A", "move", square=1, pay=ZERO)
    b.act("A", "reveal", card="T-000")
    entry = player_state(b.replay(), "A")["entry"]["id"]
    b.act("A", "activate", card="T-OWN", targets=[entry])
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert entry in player_state(r, "A")["waiting_room"]
    assert "to_waiting_room" in event_types(r, b.last)
