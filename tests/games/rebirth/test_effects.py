"""Effects with a printed cost (activate) and spark effects with choices or targets (resolve),
each test from the seed's wording (费用的支付, 关于能量与伙伴的说明, Rebirth卡的使用) or the log
contract's (``resolve`` with ``source``, ``targets``, ``use``)."""

from __future__ import annotations

from typing import Any

from judge.games.rebirth.testing import (
    LogBuilder,
    card,
    event_types,
    player_state,
    rules_applied,
    rules_broken,
    verdict,
)

ZERO = {"energy": 0, "partner": 0}
#: a character whose activated effect costs ② and draws 1
DRAWER = card(
    "T-ACT",
    name="Scholar",
    level=0,
    atk=2,
    def_=4,
    effects=[{"when": "activated", "cost": 2, "do": [{"op": "draw", "n": 1}]}],
)
#: its effect is used from a member square only
MEMBER_ONLY = card(
    "T-MEM",
    name="Coach",
    effects=[{"when": "activated", "cost": 0, "where": "member", "do": [{"op": "mod", "atk": 1}]}],
)
#: a Rebirth card whose effect costs ①: the entry character gets ATK +2
REB_ACT = card(
    "T-RBA",
    "rebirth",
    name="Rally",
    effects=[{"when": "activated", "cost": 1, "do": [{"op": "mod", "atk": 2}]}],
)
SPARK_REST = card(
    "T-SPR",
    name="Stunner",
    level=1,
    atk=2,
    def_=4,
    effects=[{"when": "spark", "do": [{"op": "rest", "count": 1}]}],
)
SPARK_CHOOSE = card(
    "T-SPC",
    name="Chooser",
    level=1,
    atk=2,
    def_=4,
    effects=[
        {
            "when": "spark",
            "do": [{"op": "one_of", "options": [[{"op": "draw"}], [{"op": "mod", "atk": 2}]]}],
        }
    ],
)
SPARK_SALVAGE = card(
    "T-SPS",
    name="Digger",
    level=1,
    atk=2,
    def_=4,
    effects=[{"when": "spark", "optional": True, "do": [{"op": "salvage", "type": "character"}]}],
)
CARDS = [DRAWER, MEMBER_ONLY, REB_ACT, SPARK_REST, SPARK_CHOOSE, SPARK_SALVAGE]


def _a_main(options: dict[str, Any] | None = None, entry: str = "T-ACT") -> LogBuilder:
    """A goes first with ``entry``; in its energy phase one energy and one partner card: A is in
    its main phase with 1 standing energy and 1 standing partner."""
    b = LogBuilder(CARDS, options=options).setup(first="A", entries={"A": entry})
    b.act("A", "energy", card="T-000")
    b.act("A", "partner", card="T-P01")
    return b.proceed("A")


# -- R4U-ACTIVATE --------------------------------------------------------------------------------


def test_R4U_ACTIVATE_cost_2_rests_two_cards_of_the_energy_area_energy_and_partner() -> None:
    """Seed, 费用的支付: "效果需要的费用会以②的形式写在卡片上（②即为需要２费）" and "将能量区中相应数量
    的卡片由竖直状态变为横置状态"; 关于能量与伙伴的说明: "能量区的能量与伙伴均可支付…效果费用"."""
    b = _a_main()
    b.act("A", "activate", card="T-ACT", pay={"energy": 1, "partner": 1})
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert "R4U-ACTIVATE" in rules_applied(r, b.last)
    a_before, a = player_state(r, "A", b.last - 1), player_state(r, "A")
    assert a["energy_rested"] == 1
    assert [p["rested"] for p in a["partners"]] == [True]
    assert len(a["hand"]) == len(a_before["hand"]) + 1  # the effect drew 1
    assert "activate" in event_types(r, b.last)


def test_R4U_ACTIVATE_the_shown_number_exactly_and_only_standing_cards() -> None:
    b = _a_main()
    b.act("A", "activate", card="T-ACT", pay={"energy": 1, "partner": 0})  # ② paid with 1
    r = b.replay()
    assert "R4U-COST" in rules_broken(r, b.last)
    b = _a_main()
    b.act("A", "activate", card="T-ACT", pay={"energy": 1, "partner": 1})
    b.act("A", "activate", card="T-ACT")  # both cards are rested now
    r = b.replay()
    assert verdict(r, b.last - 1) == "legal"
    assert "R4U-COST" in rules_broken(r, b.last)


def test_R4U_ACTIVATE_a_rebirth_card_from_the_rebirth_area_not_from_the_hand() -> None:
    """Seed, Rebirth卡的使用: "Rebirth卡只要在Rebirth卡区就能发动其闪光效果之外的强有力效果"."""
    b = _a_main(entry="T-000")
    b.act("A", "activate", card="T-RBA", pay={"energy": 1, "partner": 0})  # in the hand
    r = b.replay()
    assert "R4U-CARD-IN-ZONE" in rules_broken(r, b.last)
    b = _a_main(entry="T-000")
    b.act("A", "rebirth", card="T-RBA")
    b.act("A", "activate", card="T-RBA", pay={"energy": 1, "partner": 0})
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert player_state(r, "A")["entry"]["atk"] == 1 + 2


def test_R4U_ACTIVATE_an_ability_number_the_card_does_not_have() -> None:
    b = _a_main()
    b.act("A", "activate", card="T-ACT", ability=2, pay={"energy": 1, "partner": 1})
    assert "R4U-ACTIVATE" in rules_broken(b.replay(), b.last)


# -- R4U-ACTIVATE-TIMING -------------------------------------------------------------------------


def test_R4U_ACTIVATE_TIMING_main_phase_by_default_battle_phase_as_option() -> None:
    b = LogBuilder(CARDS).setup(first="A", entries={"A": "T-ACT"})
    b.act("A", "energy", card="T-000")
    b.act("A", "activate", card="T-ACT", pay={"energy": 1, "partner": 0})  # energy phase
    assert "R4U-ACTIVATE-TIMING" in rules_broken(b.replay(), b.last)
    for option, ok in (("main", False), ("main_battle", True)):
        b = LogBuilder([*CARDS], options={"activate_timing": option})
        b.setup(first="B", entries={"B": "T-MEM"})
        b.proceed("B", 2)  # B's first turn: no battle phase
        b.proceed("A", 3)
        b.proceed("B")
        b.act("B", "move", square=1, pay=ZERO)
        b.act("B", "reveal", card="T-000")
        b.proceed("B")  # B's battle phase
        b.act("B", "activate", card="T-MEM")
        r = b.replay()
        assert ("R4U-ACTIVATE-TIMING" not in rules_broken(r, b.last)) is ok, option


def test_R4U_ACTIVATE_TIMING_where_the_definition_says() -> None:
    b = _a_main(entry="T-MEM")
    b.act("A", "activate", card="T-MEM")  # in the entry, used from a member square only
    assert "R4U-ACTIVATE-TIMING" in rules_broken(b.replay(), b.last)
    b = _a_main(entry="T-MEM")
    b.act("A", "move", square=1, pay=ZERO)
    b.act("A", "reveal", card="T-000")
    b.act("A", "activate", card="T-MEM")
    assert verdict(b.replay(), b.last) == "legal"


# -- R4U-EFFECT-TARGETS --------------------------------------------------------------------------


def _b_spark(spark: str) -> LogBuilder:
    """A goes first and moves its entry (a filler) to member square 1 (another filler enters);
    in turn 2 B moves its entry to a member square and the entry-in reveals ``spark``."""
    b = LogBuilder(CARDS).setup(first="A")
    b.proceed("A")
    b.act("A", "move", square=1, pay=ZERO)
    b.act("A", "reveal", card="T-000")
    b.proceed("A")  # A's first turn has no battle phase
    b.proceed("B")
    b.act("B", "move", square=1, pay=ZERO)
    return b.act("B", "reveal", card=spark)


def test_R4U_EFFECT_TARGETS_a_spark_waits_for_its_players_resolve() -> None:
    b = _b_spark("T-SPR")
    r = b.replay()
    assert r["steps"][b.last]["state"]["players"]["A"]["members"][0]["rested"] is False
    b.act("B", "resolve", source="T-SPR", targets=["T-000"])
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert player_state(r, "A")["members"][0]["rested"] is True


def test_R4U_EFFECT_TARGETS_a_target_that_does_not_fit_or_is_missing() -> None:
    b = _b_spark("T-SPR")
    b.act("B", "resolve", source="T-SPR", targets=[])  # one standing member fits: 1 target
    assert "R4U-EFFECT-TARGETS" in rules_broken(b.replay(), b.last)
    b = _b_spark("T-SPR")
    b.act("B", "resolve", source="T-SPR", targets=["B-PT1"])  # not an opposing member
    assert "R4U-EFFECT-TARGETS" in rules_broken(b.replay(), b.last)


def test_R4U_EFFECT_TARGETS_one_of_two_options_by_choice() -> None:
    b = _b_spark("T-SPC")
    b.act("B", "resolve", source="T-SPC", choice=2)
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert player_state(r, "B")["entry"]["atk"] == 2 + 2
    b = _b_spark("T-SPC")
    b.act("B", "resolve", source="T-SPC", choice=3)
    assert "R4U-EFFECT-TARGETS" in rules_broken(b.replay(), b.last)


def test_R4U_EFFECT_TARGETS_an_optional_spark_may_be_declined() -> None:
    b = _b_spark("T-SPS")
    b.act("B", "resolve", source="T-SPS", use=False)
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert "effect_declined" in event_types(r, b.last)
    b = _b_spark("T-SPR")
    b.act("B", "resolve", source="T-SPR", use=False)  # not optional
    assert "R4U-EFFECT-TARGETS" in rules_broken(b.replay(), b.last)


def test_R4U_EFFECT_TARGETS_an_activated_effects_targets_on_activate() -> None:
    rest = card(
        "T-ACR",
        name="Binder",
        effects=[{"when": "activated", "cost": 0, "do": [{"op": "rest", "side": "own"}]}],
    )
    b = LogBuilder([rest]).setup(first="A", entries={"A": "T-ACR"})
    b.proceed("A")
    b.act("A", "play", card="T-000", to="member", square=2, pay=ZERO)
    b.act("A", "activate", card="T-ACR", targets=["T-000"])
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert player_state(r, "A")["members"][1]["rested"] is True


def test_R4U_CHOICE_RECORDED_a_missing_resolve_leaves_the_spark_undone() -> None:
    b = _b_spark("T-SPR")
    b.proceed("B")
    r = b.replay()
    assert verdict(r, b.last) == "unverifiable"
    assert "R4U-CHOICE-RECORDED" in rules_applied(r, b.last)
    assert player_state(r, "A")["members"][0]["rested"] is False


def test_R4U_EFFECT_UNSUPPORTED_an_activated_effect_outside_the_vocabulary() -> None:
    odd = card("T-ODD", name="Odd", effects=[{"when": "activated", "cost": 1, "text": "Look."}])
    b = LogBuilder([odd]).setup(first="A", entries={"A": "T-ODD"})
    b.act("A", "energy", card="T-000")
    b.proceed("A")
    b.act("A", "activate", card="T-ODD", pay={"energy": 1, "partner": 0})
    r = b.replay()
    assert verdict(r, b.last) == "unverifiable"
    assert "R4U-EFFECT-UNSUPPORTED" in rules_applied(r, b.last)
    assert player_state(r, "A")["energy_rested"] == 1
