"""A unit's own printed restrictions (RS-CARD-RESTRICTION, RS-MUST-ENTER), on made-up cards
whose notes have the catalogue's sentence shapes; each test from the note's wording."""

from __future__ import annotations

from typing import Any

from judge.games.rangers_strike.reader import read_card
from judge.games.rangers_strike.render import render_card
from judge.games.rangers_strike.testing import (
    LogBuilder,
    card,
    player_state,
    printed,
    rules_applied,
    rules_broken,
    verdict,
)

NO_ATTACK = "※これはアタックすることができない。"
NO_ENTER = "※これはバトルエリアに出られない。"
MUST_ENTER = "※これは毎ターン、可能ならバトルエリアに出る。"
NO_STRIKE = (
    "※これは、特徴「星」を持つ敵軍ユニットがあるときストライクできない"
    "(この制限は自軍ダメージが4点以上あれば無効になる)。"
)


WEAK = card("T-002", name="Sparrow", bp=1000, sp=1)
STARRY = {**card("T-030", name="Star Child", bp=1000, sp=0), "features": ["星"]}


def b1(*cards: dict[str, Any], **kw: Any) -> LogBuilder:
    return LogBuilder(list(cards), **kw).setup(first="A")


def facing(unit: str, *cards: dict[str, Any], opposing: str = "T-002") -> LogBuilder:
    """B has ``opposing`` in its battle area; A, on turn 3, is in its battle phase with
    ``unit`` in its rush area."""
    b = b1(*cards).charge("A", "T-000").proceed("A").rush("A", unit).proceed("A", 2)
    b.charge("B", "T-000").proceed("B").rush("B", opposing).proceed("B").enter("B", opposing)
    b.proceed("B")
    return b.charge("A", "T-000").proceed("A", 2)


def test_RS_CARD_RESTRICTION_the_notes_are_read_for_units_only() -> None:
    for text, rule in (
        (NO_ATTACK, {"rule": "no_attack"}),
        (NO_ENTER, {"rule": "no_enter"}),
        (MUST_ENTER, {"rule": "must_enter"}),
        ("※これは毎ターン、可能ならバトルエリア に出る。", {"rule": "must_enter"}),
        (NO_STRIKE, {"rule": "no_strike_while", "feature": "星", "unless_damage": 4}),
    ):
        r = read_card({"type": "unit", "text": text})
        assert r.understood and r.restrictions == (rule,), text
        assert not read_card({"type": "vehicle", "text": text}).understood
    r = read_card({"type": "unit", "text": "※これはSユニットにアタックすることができない。"})
    assert r.restrictions == ({"rule": "no_attack_on", "size": "S"},)  # a narrower one
    r = read_card({"type": "unit", "text": "※これはSビークルにアタックすることができない。"})
    assert not r.understood


def test_RS_CARD_RESTRICTION_a_unit_that_cannot_attack() -> None:
    noted = printed("T-031", NO_ATTACK, bp=5000)
    b = facing("T-031", noted, WEAK).enter("A", "T-031").attack("A", "T-031", "T-002")
    r = b.replay()
    assert rules_broken(r, b.last) == ["RS-CARD-RESTRICTION"]
    b.doc["actions"][-1] = {"p": "A", "do": "strike", "card": "T-031"}
    assert verdict(b.replay(), b.last) == "legal"  # it may still strike
    assert render_card(noted)["understood"] is True


def test_RS_CARD_RESTRICTION_a_unit_that_cannot_enter_the_battle_area() -> None:
    b = facing("T-032", printed("T-032", NO_ENTER), WEAK).enter("A", "T-032")
    assert rules_broken(b.replay(), b.last) == ["RS-CARD-RESTRICTION"]


def test_RS_CARD_RESTRICTION_no_strike_while_an_opposing_unit_has_the_feature() -> None:
    noted = printed("T-033", NO_STRIKE)
    b = facing("T-033", noted, STARRY, opposing="T-030").enter("A", "T-033")
    b.strike("A", "T-033")
    r = b.replay()
    assert rules_broken(r, b.last) == ["RS-CARD-RESTRICTION"]
    b = facing("T-033", noted, WEAK).enter("A", "T-033").strike("A", "T-033")
    assert verdict(b.replay(), b.last) == "legal"  # no opposing unit has the feature


def test_RS_CARD_RESTRICTION_no_strike_restriction_void_with_enough_damage() -> None:
    """(この制限は自軍ダメージが1点以上あれば無効になる): with 1 damage A may strike."""
    noted = printed("T-033", NO_STRIKE.replace("4点", "1点"))
    b = b1(noted, STARRY, WEAK).charge("A", "T-000").proceed("A").rush("A", "T-033")
    b.proceed("A", 2).charge("B", "T-000").proceed("B").rush("B", "T-002").proceed("B")
    b.enter("B", "T-002").strike("B", "T-002").proceed("B").pass_turn("A")
    b.charge("B", "T-000").proceed("B").rush("B", "T-030").proceed("B").enter("B", "T-030")
    b.proceed("B").charge("A", "T-000").proceed("A", 2).enter("A", "T-033")
    b.strike("A", "T-033")
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert [s["verdict"] for s in r["steps"]].count("illegal") == 0


def test_RS_MUST_ENTER_the_battle_phase_does_not_end_while_it_can_enter() -> None:
    b = facing("T-034", printed("T-034", MUST_ENTER), WEAK).proceed("A")
    r = b.replay()
    assert rules_broken(r, b.last) == ["RS-MUST-ENTER"]
    b = facing("T-034", printed("T-034", MUST_ENTER), WEAK).enter("A", "T-034").proceed("A")
    assert verdict(b.replay(), b.last) == "legal"


def test_RS_MUST_ENTER_does_nothing_when_it_cannot_enter() -> None:
    both = printed("T-035", f"{NO_ENTER} {MUST_ENTER}")
    b = facing("T-035", both, WEAK).proceed("A")
    r = b.replay()
    assert verdict(r, b.last) == "legal"


def test_RS_MUST_ENTER_a_unit_riding_a_vehicle_must_enter_too() -> None:
    """A unit riding a vehicle stays riding in the rush area (RS-RIDER) and is still a unit
    that must enter: it can, with the vehicle, so the battle phase cannot end before."""
    truck = card("T-036", "vehicle", name="Truck", ridden_by={"names": ["T-034"]})
    b = b1(printed("T-034", MUST_ENTER), truck).charge("A", "T-000").proceed("A", 3)
    b.pass_turn("B").charge("A", "T-000").proceed("A").rush("A", "T-036").rush("A", "T-034")
    b.proceed("A").enter("A", "T-034", ride="T-036").proceed("A").pass_turn("B")
    b.charge("A", "T-000").proceed("A", 2).proceed("A")
    r = b.replay()
    assert rules_broken(r, b.last) == ["RS-MUST-ENTER"]


def test_RS_CARD_RESTRICTION_cards_show_says_each_restriction() -> None:
    shown = render_card(printed("T-037", f"{NO_STRIKE} {MUST_ENTER} {NO_ATTACK}"))
    assert shown["understood"] is True
    assert shown["reading"] == [
        "It cannot strike while an opposing unit (rush or battle area) has the feature 星, "
        "unless its player has 4 damage or more.",
        "Every turn it enters the battle area if it can: the battle phase ends only after.",
        "It cannot attack.",
    ]


TO_POWER = "※敵軍ターン中、これが撃破されて捨札になったとき、自軍パワーゾーンにおいてもよい。"
BIG = card("T-039", name="Crusher", bp=5000, sp=1)


def test_RS_DESTROYED_TO_POWER_destroyed_in_the_opponents_turn_it_may_go_to_power() -> None:
    """敵軍ターン中、これが撃破されて捨札になったとき、自軍パワーゾーンにおいてもよい: B's
    unit destroys it in B's turn; A, its player, may put it into A's power zone."""
    ember = printed("T-038", TO_POWER, bp=1000)
    b = b1(ember, BIG).charge("A", "T-000").proceed("A").rush("A", "T-038").proceed("A")
    b.enter("A", "T-038").proceed("A")
    b.charge("B", "T-000").proceed("B").rush("B", "T-039").proceed("B").enter("B", "T-039")
    b.attack("B", "T-039", "T-038")
    r = b.replay()
    assert [p["kind"] for p in r["steps"][b.last]["pending"]] == ["resolve"]
    b.act("A", "resolve", source="A-1", use=True)
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    a = player_state(r, "A")
    assert "A-1" in a["power"]["face_up"] and "A-1" not in a["discard"]
    b.doc["actions"][-1] = {"p": "A", "do": "resolve", "source": "A-1", "use": False}
    r = b.replay()
    assert "A-1" in player_state(r, "A")["discard"]


def test_RS_DESTROYED_TO_POWER_not_in_its_own_players_turn() -> None:
    ember = printed("T-038", TO_POWER, bp=1000)
    b = b1(ember, BIG).charge("A", "T-000").proceed("A").rush("A", "T-038").proceed("A", 2)
    b.charge("B", "T-000").proceed("B").rush("B", "T-039").proceed("B").enter("B", "T-039")
    b.proceed("B").charge("A", "T-000").proceed("A", 2).enter("A", "T-038")
    b.attack("A", "T-038", "T-039")
    r = b.replay()
    assert r["steps"][b.last]["pending"] == [] or all(
        p["kind"] != "resolve" for p in r["steps"][b.last]["pending"]
    )
    assert "A-1" in player_state(r, "A")["discard"]


def test_RS_DESTROYED_TO_POWER_option_unverifiable_and_shown() -> None:
    ember = printed("T-038", TO_POWER, bp=1000)
    b = b1(ember, BIG, options={"to_power_face": "unverifiable"}).charge("A", "T-000")
    b.proceed("A").rush("A", "T-038").proceed("A").enter("A", "T-038").proceed("A")
    b.charge("B", "T-000").proceed("B").rush("B", "T-039").proceed("B").enter("B", "T-039")
    b.attack("B", "T-039", "T-038").act("A", "resolve", source="A-1", use=True)
    r = b.replay()
    assert verdict(r, b.last) == "unverifiable"
    assert "RS-DESTROYED-TO-POWER" in rules_applied(r, b.last)
    assert render_card(ember)["reading"] == [
        "When destroyed and put into the discard pile in an opponent's turn (optional: you "
        "may): put this card from the discard pile into your power zone, face up."
    ]


def test_RS_CARD_RESTRICTION_tag_own_and_team_damage_disagree_unverifiable() -> None:
    """自軍ダメージが1点以上: A1 took 1 damage, A2 none; A2's unit strikes while B2's unit
    has the feature: the player's own damage (0) and the team's (1) disagree."""
    noted = printed("T-033", NO_STRIKE.replace("4点", "1点"))
    b = LogBuilder([noted, STARRY, WEAK], variant="tag").setup(first="A1")
    b.pass_turn("A1").charge("A2", "T-000").proceed("A2").rush("A2", "T-033").proceed("A2", 2)
    b.charge("B1", "T-000").proceed("B1").rush("B1", "T-002").proceed("B1").enter("B1", "T-002")
    b.strike("B1", "T-002").act("A1", "assign_damage", to="A1").proceed("B1")
    b.charge("B2", "T-000").proceed("B2").rush("B2", "T-030").proceed("B2").enter("B2", "T-030")
    b.proceed("B2").pass_turn("A1").charge("A2", "T-000").proceed("A2", 2).enter("A2", "T-033")
    b.strike("A2", "T-033")
    r = b.replay()
    assert [s["verdict"] for s in r["steps"][:-1]].count("illegal") == 0
    assert verdict(r, b.last) == "unverifiable"
    assert "RS-CARD-RESTRICTION" in rules_applied(r, b.last)


# -- rushed held (RS-RUSH-HELD) -------------------------------------------------------------------

RUSH_HELD = "※これはラッシュするとき、可能ならホールド状態で置く。"
#: the catalogue's resist reminder, with its variant spelling 捨て札
RESIST = "※レジスト(これがバトルで撃破されたとき、捨て札にするかわりにこれをホールドしてその場に留めてもよい)"
MOON_HOLD = (
    "【月影】自軍ターン中、これがバトルエリアに出たとき、このユニットをホールドしてもよい。"
    "そうしたとき、1枚ドローする。"
)
SIDEWAYS = printed("T-040", f"{RUSH_HELD} {RESIST} {MOON_HOLD}", name="Sideways", bp=2000, sp=0)


def test_RS_RUSH_HELD_read_with_the_resist_reminders_other_spelling_and_shown() -> None:
    r = read_card({"type": "unit", "text": SIDEWAYS["text"]})
    assert r.understood, r.unread
    assert r.restrictions == ({"rule": "rush_held"},) and r.keywords == ("resist",)
    assert (
        "When it is rushed it is put into the rush area held (RS-RUSH-HELD)."
        in (render_card(SIDEWAYS)["reading"])
    )


def test_RS_RUSH_HELD_rushed_it_is_held_and_cannot_be_held_again_for_its_effect() -> None:
    b = b1(SIDEWAYS).charge("A", "T-000").proceed("A").rush("A", "T-040")
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert "RS-RUSH-HELD" in rules_applied(r, b.last)
    assert [u.get("held") for u in player_state(r, "A")["rush"]] == [True]
    b.proceed("A").enter("A", "T-040")
    hand = len(player_state(b.replay(), "A")["hand"])
    b.act("A", "resolve", source="T-040", use=True)
    r = b.replay()
    # held already: it cannot be held for its effect, so nothing more happens (RS-HOLD-SELF)
    assert len(player_state(r, "A")["hand"]) == hand
    assert [u.get("held") for u in player_state(r, "A")["battle"]] == [True]


def test_RS_RUSH_HELD_put_by_an_effect_it_is_rushed_and_so_put_held() -> None:
    """atwiki renst 146: a card an effect puts into an area is "rushed" all the same."""
    call = printed(
        "T-041",
        "自軍山札から「Sideways」のカードを1枚選び、自軍ラッシュエリアに出してもよい。その後、"
        "山札をシャッフルする。",
        type="operation",
        name="Sideways Call",
    )
    b = b1(SIDEWAYS, call).charge("A", "T-000").proceed("A").use("A", "T-041")
    b.act("A", "resolve", source="T-041", use=True, targets=["T-040"])
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert "RS-RUSH-HELD" in rules_applied(r, b.last)
    assert [u.get("held") for u in player_state(r, "A")["rush"]] == [True]


def test_RS_CARD_RESTRICTION_two_notes_of_one_kind_leave_the_second_unread() -> None:
    """A card that cannot attack size S units and cannot attack units with 男 or 女 forbids both
    (「～できない」最優先); the engine looks a kind of restriction up once, so the second note
    is left unread rather than half obeyed, and the card is not understood."""
    size = "※これはSユニットにアタックすることができない。"
    feature = "※これは特徴「男」または「女」を持つユニットにアタックできない。"
    reading = read_card({"type": "unit", "text": f"{size} {feature}"})
    assert reading.unread == (feature,)
    assert not reading.understood
    # the same note printed twice is one restriction, read
    assert read_card({"type": "unit", "text": f"{size} {size}"}).understood
