"""Entry-in, spark, refresh, attacks and the loss at 7 (R4U-ENTRY-IN … R4U-LOSS-RETIRE)."""

from __future__ import annotations

from typing import Any

from judge.games.rebirth.testing import (
    NO_CANCEL,
    LogBuilder,
    card,
    event_types,
    game_state,
    player_state,
    rules_applied,
    rules_broken,
    to_b_battle,
    verdict,
)

SPARK_DRAW = card(
    "T-SPK", name="Flash", effects=[{"when": "spark", "do": [{"op": "draw", "n": 2}]}]
)
SPARK_RB = card(
    "T-SRB",
    "rebirth",
    name="Burst",
    effects=[
        {"when": "spark", "do": [{"op": "heal", "n": 1}]},
        {"when": "rebirth_area", "do": [{"op": "mod", "atk": 2}]},
    ],
)


def _attack(b: LogBuilder, guard: Any = None, partner: bool = False) -> LogBuilder:
    b.act("B", "attack", card="T-000", **({"partner": True} if partner else {}))
    return b.act("A", "guard", card=guard)


def test_R4U_ENTRY_IN_the_top_card_whenever_the_entry_is_empty() -> None:
    b = _attack(to_b_battle())  # 3 damage against the filler's DEF 3: retired
    r = b.replay()
    assert player_state(r, "A")["entry"] is None
    assert r["steps"][b.last]["pending"][0] == {
        "player": "A",
        "kind": "reveal",
        "text": "A: reveal",
    }
    b.act("A", "reveal", card="T-ATK")
    r = b.replay()
    assert player_state(r, "A")["entry"]["id"] == "A-1"
    assert "R4U-ENTRY-IN" in rules_applied(r, b.last)


def test_R4U_SPARK_fires_through_entry_in_only() -> None:
    b = to_b_battle([SPARK_DRAW], entry="T-SPK", options=NO_CANCEL)
    r = b.replay()
    move_reveal = 8
    assert "R4U-SPARK" in rules_applied(r, move_reveal)
    assert event_types(r, move_reveal).count("draw") == 2  # draw 2: one card at a time
    b2 = LogBuilder([SPARK_DRAW]).setup(first="A").proceed("A")
    b2.act("A", "play", card="T-SPK", to="entry", pay={"energy": 0, "partner": 0})
    r2 = b2.replay()
    assert "R4U-SPARK" not in rules_applied(r2, b2.last)
    assert "draw" not in event_types(r2, b2.last)


def test_R4U_REBIRTH_ENTRY_spark_then_the_rebirth_area_then_entry_in_again() -> None:
    b = LogBuilder([SPARK_RB]).setup(first="A").proceed("A")
    b.act("A", "move", square=1, pay={"energy": 0, "partner": 0})
    b.act("A", "reveal", card="T-SRB")
    r = b.replay()
    assert player_state(r, "A")["rebirth_area"] == ["A-1"]
    assert player_state(r, "A")["entry"] is None
    assert "R4U-REBIRTH-ENTRY" in rules_applied(r, b.last)
    b.act("A", "reveal", card="T-000")
    r = b.replay()
    entry = player_state(r, "A")["entry"]
    assert entry["atk"] == 1 + 2  # the Rebirth area's effect applies to the entry


def test_R4U_REFRESH_the_waiting_room_becomes_the_deck() -> None:
    decks = {p: {"main": ["T-000"] * 5, "partner": ["T-P01"] * 3} for p in "AB"}
    b = LogBuilder([], decks=decks).setup(first="A").proceed("A")
    r = b.replay()
    assert player_state(r, "A")["deck"] == 0
    b.act("A", "play", card="T-000", to="entry", pay={"energy": 0, "partner": 0})
    r = b.replay()
    assert player_state(r, "A")["deck"] == 1 and player_state(r, "A")["waiting_room"] == []
    assert "R4U-REFRESH" in rules_applied(r, b.last)


def test_R4U_REFRESH_PENALTY_none_by_default_retire_1_as_an_option() -> None:
    decks = {p: {"main": ["T-000"] * 5, "partner": ["T-P01"] * 3} for p in "AB"}

    def run(option: str) -> dict:
        b = LogBuilder([], decks=decks, options={"refresh_penalty": option}).setup(first="A")
        b.proceed("A")
        b.act("A", "play", card="T-000", to="entry", pay={"energy": 0, "partner": 0})
        if option == "retire_1":
            b.act("A", "reveal", card="T-000")
        return b.replay()

    assert player_state(run("none"), "A")["retire"] == []
    r = run("retire_1")
    assert len(player_state(r, "A")["retire"]) == 1
    assert "R4U-REFRESH-PENALTY" in rules_applied(r, len(r["steps"]) - 2)


def test_R4U_REFRESH_EMPTY_no_card_left_loses_by_default() -> None:
    decks = {p: {"main": ["T-000"] * 4, "partner": ["T-P01"] * 3} for p in "AB"}
    b = LogBuilder([], decks=decks).setup(first="A")
    r = b.replay()
    assert r["summary"]["result"] == {"winner": "B", "reason": "deck"}
    assert "R4U-REFRESH-EMPTY" in rules_applied(r, b.last)
    b = LogBuilder([], decks=decks, options={"refresh_empty": "nothing"}).setup(first="A")
    r = b.replay()
    assert r["summary"]["result"] is None and game_state(r)["phase"] == "energy"


def _both_empty(options: dict[str, Any] | None = None) -> LogBuilder:
    """B's entry is the Striker (ATK 3); A's filler (DEF 3) is retired by the attack.  Only
    one entry is empty; the refresh-penalty option would empty both, so use end of game
    order instead: the rule is read from the settle order."""
    return _attack(to_b_battle(options=options))


def test_R4U_ENTRY_IN_BOTH_turn_player_first_by_default() -> None:
    from judge.core.log import parse_log
    from judge.games.rebirth.engine import RebirthEngine

    for option, first in (("turn_player_first", "B"), ("non_turn_player_first", "A")):
        b = _attack(to_b_battle(options={"entry_in_order": option}))
        log = parse_log(b.log())
        eng = RebirthEngine(log, RebirthEngine.catalogue.resolve_options(log.rule_options))
        from judge.core.replay import run_step

        for i, act in enumerate(log.actions):
            run_step(eng, i, act, "stop")
        eng.state.players["B"].entry = None  # both entries empty now
        eng.state.agenda.clear()
        eng.push(("settle", {}))
        eng.advance()
        assert eng.state.agenda[0] == ("wait_reveal", {"player": first})


def test_R4U_ATTACK_rests_a_standing_member() -> None:
    b = to_b_battle().act("B", "attack", card="T-000")
    r = b.replay()
    assert player_state(r, "B")["members"][0]["rested"] is True
    b.act("A", "guard", card=None).act("A", "reveal", card="T-000")
    b.act("B", "attack", card="T-000")
    assert rules_broken(b.replay(), b.last) == ["R4U-ATTACK"]


def test_R4U_DAMAGE_accumulates_against_def() -> None:
    weak = card("T-WK", name="Weakling", level=0, atk=1, def_=2)
    b = to_b_battle([weak], entry="T-WK")  # B's entry ATK 1 against A's DEF 3
    b.proceed("B", 0)
    _attack(b)
    r = b.replay()
    assert r["steps"][b.last]["state"]["damage"]["total"] == 1
    assert player_state(r, "A")["entry"] is not None
    assert "R4U-DAMAGE" in rules_applied(r, b.last)


def test_R4U_PARTNER_ATTACK_retires_regardless_of_atk_and_def() -> None:
    big_def = card("T-WALL", name="Fortress", level=0, atk=0, def_=20)
    b = LogBuilder([big_def, card("T-ATK", level=1, atk=3, def_=5)])
    b.setup(first="A", entries={"A": "T-WALL"}).proceed("A", 2)
    b.act("B", "partner", card="T-P01").proceed("B")
    b.act("B", "move", square=1, pay={"energy": 0, "partner": 0}).act("B", "reveal", card="T-ATK")
    b.proceed("B").act("B", "attack", card="T-000", partner=True)
    assert rules_broken(b.replay(), b.last) == ["R4U-PARTNER-ATTACK"]  # only 2 partners
    b2 = LogBuilder([big_def, card("T-ATK", level=1, atk=3, def_=5)])
    b2.setup(first="A", entries={"A": "T-WALL"}).proceed("A", 2)
    b2.act("B", "partner", card="T-P01").proceed("B", 3).proceed("A", 3)
    b2.act("B", "partner", card="T-P01").proceed("B")
    b2.act("B", "move", square=1, pay={"energy": 0, "partner": 0}).act("B", "reveal", card="T-ATK")
    b2.proceed("B").act("B", "attack", card="T-000", partner=True).act("A", "guard", card=None)
    r = b2.replay()
    assert verdict(r, b2.last) == "legal"
    assert player_state(r, "A")["retire"] == ["A-1"]
    assert all(p["rested"] for p in player_state(r, "B")["partners"])


def test_R4U_BLOCKER_the_attack_deals_no_damage() -> None:
    b = _attack(to_b_battle(), guard="T-BLK")
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert player_state(r, "A")["retire"] == [] and "damage" not in r["steps"][b.last]["state"]
    assert "R4U-BLOCKER" in rules_applied(r, b.last)
    b = _attack(to_b_battle(), guard="T-ATK")
    assert rules_broken(b.replay(), b.last) == ["R4U-BLOCKER"]


def test_R4U_GUARD_USE_discard_by_default_reveal_as_option() -> None:
    r = _attack(to_b_battle(), guard="T-BLK").replay()
    assert "A-5" in player_state(r, "A")["waiting_room"]
    r = _attack(to_b_battle(options={"guard_use": "reveal"}), guard="T-BLK").replay()
    assert (
        "A-5" in player_state(r, "A")["hand"] and "A-5" not in player_state(r, "A")["waiting_room"]
    )


def test_R4U_CANCEL_answers_no_attack_by_default_nor_under_none() -> None:
    """The printed reminder: a cancel stops a spark (or a cancel), not an attack."""
    for options in (None, {"cancel_timing": "none"}):
        b = _attack(to_b_battle(options=options), guard="T-CAN")
        assert rules_broken(b.replay(), b.last) == ["R4U-CANCEL"]


def test_R4U_BLOCKER_VS_CANCEL_separate_by_default_either_as_option() -> None:
    opts = {"cancel_timing": "partner_attack"}
    b = _attack(to_b_battle(options=opts), guard="T-CAN")  # a normal attack
    assert rules_broken(b.replay(), b.last) == ["R4U-BLOCKER-VS-CANCEL"]
    b = _attack(to_b_battle(options={**opts, "blocker_vs_cancel": "either"}), guard="T-CAN")
    r = b.replay()
    assert verdict(r, b.last) == "legal" and player_state(r, "A")["retire"] == []


def test_R4U_LOSS_RETIRE_seven_cards_lose_after_the_entry_in() -> None:
    b = to_b_battle()
    from judge.core.log import parse_log
    from judge.core.replay import run_step
    from judge.games.rebirth.engine import RebirthEngine

    _attack(b)
    b.act("A", "reveal", card="T-000")
    log = parse_log(b.log())
    eng = RebirthEngine(log, RebirthEngine.catalogue.resolve_options(log.rule_options))
    for i, act in enumerate(log.actions[:-2]):
        run_step(eng, i, act, "stop")
    a = eng.state.players["A"]
    a.retire.extend(a.hand[2:5])  # 3 partner cards stand in for retired cards: 6 there
    a.retire.extend(["A-2", "A-3", "A-4"][:0])
    a.retire.extend([c for c in a.deck[-3:] if c])  # observed: unknown deck, so none added
    while len(a.retire) < 6:
        a.retire.append(a.waiting_room.pop() if a.waiting_room else "A-2")
    step = run_step(eng, len(log.actions) - 2, log.actions[-2], "stop")
    assert eng.result() is None  # A's entry-in waits for the reveal first
    step = run_step(eng, len(log.actions) - 1, log.actions[-1], "stop")
    assert eng.result() == {"winner": "B", "reason": "retire"}
    assert "R4U-LOSS-RETIRE" in [x["rule"] for x in step["rulings"]]


def test_R4U_PERFORMANCE_counts_members_and_retire_by_attribute() -> None:
    star = card(
        "T-STAR",
        name="Star",
        level=0,
        atk=1,
        def_=3,
        attribute="Idol",
        effects=[
            {
                "when": "performance",
                "count": 1,
                "attribute": "Idol",
                "do": [{"op": "mod", "atk": 4}],
            }
        ],
    )
    idol = card("T-IDL", name="Fan", level=0, atk=1, def_=3, attribute="Idol")
    b = LogBuilder([star, idol]).setup(first="A", entries={"A": "T-STAR"}).proceed("A")
    r = b.replay()
    assert player_state(r, "A")["entry"]["atk"] == 1
    b.act("A", "play", card="T-000", to="member", square=1, pay={"energy": 0, "partner": 0})
    assert player_state(b.replay(), "A")["entry"]["atk"] == 1  # not an Idol
    b.act("A", "play", card="T-IDL", to="member", square=2, pay={"energy": 0, "partner": 0})
    assert player_state(b.replay(), "A")["entry"]["atk"] == 5
