"""Additional conditions that discard units (RS-RUSH-DISCARD), on made-up cards: imported from
the catalogue's condition text, then judged from the wording "自軍「X」N体を捨札にする",
"…を捨札にすれば必要パワー0になる" and the procedure "必要パワー → 追加条件可否 → コマンドホール
ド → 追加条件実行 → ラッシュ"; discarded so, a unit is not destroyed."""

from __future__ import annotations

from typing import Any

from judge.games.rangers_strike.catalog import import_rs_catalog
from judge.games.rangers_strike.testing import (
    LogBuilder,
    card,
    player_state,
    rules_applied,
    rules_broken,
    verdict,
)

PILOT = card("T-050", name="Pilot", bp=1000, sp=1)
ROBO = {
    **card("T-051", name="Great Robo", bp=7000, sp=1, power=0),
    "cost": {"discard": {"name": "Pilot"}, "count": 1},
}
SWAP = {
    **card("T-052", name="Swap Robo", bp=6000, sp=1, power=3),
    "cost": {"discard": {"name": "Pilot"}, "count": 1, "zero_power": True},
}
ON_DESTROYED = [{"when": "on_destroyed", "do": [{"op": "draw"}]}]


def cond(text: str) -> dict[str, Any]:
    return {"conditionId": "made_up", "text": text}


def test_RS_RUSH_DISCARD_imported_from_the_conditions_text() -> None:
    recs = [
        {"id": "ZZ-060", "powerCost": "5+", "rushAdditionalCondition": cond("自軍「灯火丸」1体を捨札にする")},
        {"id": "ZZ-061", "powerCost": "7-", "rushAdditionalCondition": cond("自軍｢灯火丸｣を1体捨札にすれば必要パワー0になる")},
        {"id": "ZZ-062", "powerCost": "0+", "rushAdditionalCondition": cond("特徴「星」と「赤」を持つ自軍ユニット1体を捨札にする")},
        {"id": "ZZ-063", "powerCost": "4+", "rushAdditionalCondition": cond("自軍Sユニットを1体パワーゾーンに送る")},
    ]  # fmt: skip
    base = {"name": "灯火ロボ", "type": "unit", "category": "WB", "bp": 5000, "text": "なし"}
    got = import_rs_catalog([{**base, **r} for r in recs], "zz")
    cards = {c["code"]: c for c in got.document["cards"]}
    assert cards["ZZ-060"]["power"] == 5 and "unsupported" not in cards["ZZ-060"]
    assert cards["ZZ-060"]["cost"] == {"discard": {"name": "灯火丸"}, "count": 1}
    assert cards["ZZ-061"]["power"] == 7 and "unsupported" not in cards["ZZ-061"]
    assert cards["ZZ-061"]["cost"]["zero_power"] is True
    assert cards["ZZ-062"]["cost"]["discard"] == {"features": ["星", "赤"]}
    assert "cost" not in cards["ZZ-063"] and len(cards["ZZ-063"]["unsupported"]) == 2


def pilot_out(*cards: dict[str, Any], pilot: dict[str, Any] = PILOT, **kw: Any) -> LogBuilder:
    """A has the pilot in its rush area (rushed on turn 1), and is in its turn-3 rush phase
    with a new command."""
    b = LogBuilder([pilot, *cards], **kw).setup(first="A")
    b.charge("A", "T-000").proceed("A").rush("A", "T-050").proceed("A", 2).pass_turn("B")
    return b.charge("A", "T-000").proceed("A")


def test_RS_RUSH_DISCARD_the_named_unit_is_discarded_not_destroyed() -> None:
    pilot = {**PILOT, "effects": ON_DESTROYED}
    b = pilot_out(ROBO, pilot=pilot).act("A", "rush", card="T-051", discard=["T-050"])
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert "RS-RUSH-DISCARD" in rules_applied(r, b.last)
    a = player_state(r, "A")
    assert [u["code"] for u in a["rush"]] == ["T-051"] and a["discard"] == ["A-1"]
    assert r["steps"][b.last]["pending"] == [] or all(
        p["kind"] != "resolve" for p in r["steps"][b.last]["pending"]
    )  # not destroyed: its when-destroyed draw does not trigger


def test_RS_RUSH_DISCARD_without_the_unit_it_cannot_be_rushed() -> None:
    b = LogBuilder([ROBO]).setup(first="A").charge("A", "T-000").proceed("A").rush("A", "T-051")
    assert rules_broken(b.replay(), b.last) == ["RS-RUSH-DISCARD"]


def test_RS_RUSH_DISCARD_a_wrong_unit_named_is_illegal() -> None:
    b = pilot_out(ROBO, card("T-053", name="Cadet")).rush("A", "T-053")
    b.proceed("A", 2).pass_turn("B").charge("A", "T-000").proceed("A")
    b.act("A", "rush", card="T-051", discard=["T-053"])
    assert rules_broken(b.replay(), b.last) == ["RS-RUSH-DISCARD"]


def test_RS_RUSH_DISCARD_not_recorded_with_one_way_it_is_carried_out() -> None:
    b = pilot_out(ROBO).rush("A", "T-051")
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert player_state(r, "A")["discard"] == ["A-1"]


def test_RS_RUSH_DISCARD_zero_power_only_with_the_discard() -> None:
    b = pilot_out(SWAP).rush("A", "T-052")
    assert rules_broken(b.replay(), b.last) == ["RS-RUSH-POWER"]  # power 3 without it
    b = pilot_out(SWAP).act("A", "rush", card="T-052", discard=["T-050"])
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert player_state(r, "A")["discard"] == ["A-1"]


def test_RS_RUSH_DISCARD_cards_show_says_the_condition() -> None:
    from judge.games.rangers_strike.render import render_card

    twin = {**ROBO, "cost": {"discard": {"features": ["星", "赤"]}, "count": 1}, "effects": []}
    assert render_card(twin)["reading"][0] == (
        "Additional condition: discard 1 unit of yours with the features 星 and 赤 to rush or "
        "use it."
    )
    assert render_card(SWAP)["reading"][0] == (
        "Additional condition (optional): discard 1 unit of yours named Pilot; then its "
        "required power is 0."
    )


HEAVY = {**card("T-055", name="Heavy Robo", bp=6000, sp=1), "cost": {"hold": 1}}


def two_commands(*cards: dict[str, Any]) -> LogBuilder:
    """A has two released commands (charged on turns 1 and 3) in its turn-3 rush phase."""
    b = LogBuilder([HEAVY, *cards]).setup(first="A").charge("A", "T-000").proceed("A", 3)
    return b.pass_turn("B").charge("A", "T-000").proceed("A")


def test_RS_RUSH_HOLD_imported_and_holds_one_more_command() -> None:
    base = {"name": "灯火ロボ", "type": "unit", "category": "WB", "bp": 5000, "text": "なし"}
    rec = {**base, "id": "ZZ-064", "powerCost": "4+"}
    rec["rushAdditionalCondition"] = cond("追加で自軍コマンドを1つホールドする")
    got = import_rs_catalog([rec], "zz").document["cards"][0]
    assert got["power"] == 4 and got["cost"] == {"hold": 1} and "unsupported" not in got
    b = two_commands().act("A", "rush", card="T-055", hold="A-4", also_hold=["A-5"])
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert "RS-RUSH-HOLD" in rules_applied(r, b.last)
    assert all(c["held"] for c in player_state(r, "A")["command"])


def test_RS_RUSH_HOLD_without_a_further_command_it_cannot_be_rushed() -> None:
    b = LogBuilder([HEAVY]).setup(first="A").charge("A", "T-000").proceed("A").rush("A", "T-055")
    assert rules_broken(b.replay(), b.last) == ["RS-RUSH-HOLD"]


def test_RS_RUSH_HOLD_the_command_held_for_the_card_is_not_a_further_one() -> None:
    b = two_commands().act("A", "rush", card="T-055", hold="A-4", also_hold=["A-4"])
    assert rules_broken(b.replay(), b.last) == ["RS-RUSH-HOLD"]


def test_RS_RUSH_DISCARD_a_name_with_an_ideographic_space_is_the_name_the_text_gives() -> None:
    """The catalogue names a card 怒りの鬼神　ガイ (an ideographic space) and another's condition
    「怒りの鬼神 ガイ」 (read in the normal form): the same name (RS-IMPORT's name_key)."""
    guy = card("T-050", name="怒りの鬼神\u3000ガイ", bp=1000, sp=1)
    robo = {**ROBO, "cost": {"discard": {"name": "怒りの鬼神 ガイ"}, "count": 1}}
    b = pilot_out(robo, pilot=guy).act("A", "rush", card="T-051", discard=["T-050"])
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert [u["code"] for u in player_state(r, "A")["rush"]] == ["T-051"]
