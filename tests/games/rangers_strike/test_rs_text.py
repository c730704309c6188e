"""The Rangers Strike printed-text reader (RS-TEXT-READ), what the engine does with a card it
could not read (RS-TEXT-UNREAD) and the units-only choice of read effects (RS-SELECT-UNIT), on
made-up cards (invented names, the catalogue's sentence shapes)."""

from __future__ import annotations

from typing import Any

from judge.games.rangers_strike.cards import CardDef
from judge.games.rangers_strike.reader import parts, read_card
from judge.games.rangers_strike.render import render_card
from judge.games.rangers_strike.testing import (
    LogBuilder,
    card,
    player_state,
    rules_applied,
    rules_broken,
    verdict,
)

DESTROY = "敵軍バトルエリアからBP3000以下のユニットを1体選び撃破する。"


def unit(text: str, number: int | None = 2, **kw: Any) -> dict[str, Any]:
    d: dict[str, Any] = {"type": "unit", "text": text, **kw}
    if number is not None:
        d["combination"] = {"number": number, "effects": []}
    return d


def test_RS_TEXT_READ_a_units_named_effect_is_its_number_combination() -> None:
    """The named effect of a unit with a combination number is its NC effect."""
    r = read_card(unit(f"【灯火斬り】{DESTROY}"))
    assert r.understood and r.effects == ()
    assert r.combination[0]["when"] == "combination"
    assert r.combination[0]["do"] == [
        {
            "op": "destroy",
            "target": {
                "side": "opponent",
                "zone": "battle",
                "count": 1,
                "bp_max": 3000,
                "type": "unit",
            },
        }
    ]
    # without a combination number the same part is no NC effect: not read
    assert not read_card(unit(f"【灯火斬り】{DESTROY}", number=None)).understood


def test_RS_TEXT_READ_each_sentence_of_the_vocabulary() -> None:
    read = {
        "2枚ドローする。": [{"op": "draw", "n": 2}],
        "このターン、これはBP+2000される。": [{"op": "bp", "amount": 2000, "until": "turn"}],
        "敵軍バトルエリアからユニットを1体選び、持ち主のラッシュエリアに戻す。": [
            {"op": "return", "target": {"side": "opponent", "zone": "battle", "count": 1, "type": "unit"}}
        ],
    }  # fmt: skip
    for body, ops in read.items():
        r = read_card(unit(f"【霧の構え】{body}"))
        assert r.understood, body
        assert r.combination[0]["do"] == ops, body
    # and each is shown in words (judge cards show), none left raw
    shown = render_card(
        unit("【霧の構え】敵軍バトルエリアからユニットを1体選び、持ち主のラッシュエリアに戻す。")
    )
    assert "not rendered" not in shown["reading"][-1]
    assert shown["reading"][-1].endswith(
        "return 1 unit (not a vehicle) in the opponent's battle area to the rush area."
    )
    # "may": optional, when it is the body's one sentence
    may = read_card(unit("【霧の構え】敵軍バトルエリアからユニットを1体選び撃破してもよい。"))
    assert may.combination[0]["optional"] is True
    assert not read_card(
        unit("【霧の構え】1枚ドローする。敵軍バトルエリアからユニットを1体選び撃破してもよい。")
    ).understood


def test_RS_TEXT_READ_a_normal_operations_text_is_its_effect_when_used() -> None:
    r = read_card({"type": "operation", "operation": "normal", "text": "2枚ドローする。"})
    assert r.understood and r.effects[0]["when"] == "on_use"
    assert r.effects[0]["do"] == [{"op": "draw", "n": 2}]
    resident = {"type": "operation", "operation": "resident", "text": "※常駐 2枚ドローする。"}
    got = read_card(resident)
    assert not got.understood and got.unread == ("2枚ドローする。",)  # the note is read
    tag = {
        **resident,
        "tag": True,
        "text": "※常駐 ※タッグ(これは他の自軍常駐と合わせて2枚まで配置でき)",
    }
    assert read_card(tag).unread == ("※タッグ(これは他の自軍常駐と合わせて2枚まで配置でき)",)
    # "これ" of an operation is no unit: not read
    this = {"type": "operation", "operation": "normal", "text": "このターン、これはBP+1000される。"}
    assert not read_card(this).understood


def test_RS_TEXT_READ_a_card_is_read_only_when_all_of_it_is() -> None:
    for text in (
        f"※ハヤテ 【灯火斬り】{DESTROY}",  # a keyword the engine does not have (made up)
        f"【灯火斬り】{DESTROY} 【二の太刀】1枚ドローする。",  # two named effects
        "【灯火斬り】敵軍バトルエリアからBP3000以下のSビークルを1体選び撃破する。",  # a vehicle
        # the printed features only (本来の: RS-SELECT-FEATURE reads the features a unit has now)
        "【灯火斬り】敵軍バトルエリアから本来の特徴「メカ」を持つユニットを1体選び撃破する。",
        "【灯火斬り】敵軍バトルエリアからユニットを2体まで選び撃破する。",  # "up to"
    ):
        r = read_card(unit(text))
        assert not r.understood and r.effects == () and r.combination == (), text
    doubted = read_card(unit(f"【灯火斬り】{DESTROY}", unsupported=["SP '1/4'"]))
    assert doubted.unread == ("SP '1/4'",)
    assert parts("※レジスト（撃破されたとき）【名】1枚ドローする。") == [
        "※レジスト(撃破されたとき)",
        "【名】1枚ドローする。",
    ]


def test_RS_TEXT_READ_a_read_card_is_loaded_with_what_it_read_and_shown() -> None:
    d = {
        "code": "ZZ-1",
        "name": "灯火",
        "category": "WB",
        "bp": 2000,
        **unit(f"【灯火斬り】{DESTROY}"),
    }
    loaded = CardDef.from_dict(d)
    assert loaded.combination_effects()[0]["do"][0]["op"] == "destroy"
    assert loaded.effects == ()
    shown = render_card(d)
    assert shown["understood"] is True
    assert shown["reading"] == [
        "Number Combination 2: destroy 1 unit (not a vehicle) with BP 3000 or less in "
        "the opponent's battle area."
    ]
    # an English note of a hand-made definition is no printed text: not read
    note = CardDef.from_dict({"code": "ZZ-2", "name": "n", "category": "WB", "text": "A note."})
    assert note.effects == ()


RUSHED = {**card("T-008", name="Lantern"), "text": "【灯火の舞】自軍山札を見て1枚選ぶ。"}
USED = {
    **card("T-009", "operation", name="Fog"),
    "text": "自軍捨札から1枚選び手札に加える。",
}
READ = {**card("T-010", "operation", name="Draw Two"), "text": "2枚ドローする。"}


def test_RS_TEXT_UNREAD_a_unit_not_read_makes_its_rush_unverifiable() -> None:
    """The rule's words: when it is rushed, that step is unverifiable and every later verdict
    uncertain; never judged as if the card had no text."""
    b = LogBuilder([RUSHED]).setup(first="A")
    b.charge("A", "T-000").proceed("A").rush("A", "T-008")
    rushed = b.last
    b.proceed("A")
    r = b.replay()
    assert verdict(r, rushed) == "unverifiable"
    assert "RS-EFFECT-UNSUPPORTED" in rules_applied(r, rushed)
    assert "RS-TEXT-UNREAD" in str(r["steps"][rushed]["rulings"])
    assert verdict(r, rushed + 1) == "uncertain"


def test_RS_TEXT_UNREAD_an_operation_not_read_makes_its_use_unverifiable() -> None:
    b = LogBuilder([USED, READ]).setup(first="A")
    b.charge("A", "T-000").proceed("A").use("A", "T-009")
    r = b.replay()
    assert verdict(r, b.last) == "unverifiable"
    b = LogBuilder([USED, READ]).setup(first="A")
    b.charge("A", "T-000").proceed("A").use("A", "T-010")
    r = b.replay()
    assert verdict(r, b.last) == "legal"  # read in full: executed, two cards drawn
    assert "RS-EFFECT-UNSUPPORTED" not in rules_applied(r, b.last)


ZAP = {
    **card("T-011", "operation", name="Zap"),
    "text": "敵軍バトルエリアからユニットを1体選び撃破する。",
}
CART = card("T-012", "vehicle", name="Cart", ridden_by={"names": ["Driver"]})
DRIVER = card("T-014", name="Driver", bp=1000, sp=1)


ANY_KIND = card(
    "T-013",
    "operation",
    name="Zap Any",
    effects=[{"when": "on_use", "do": [{"op": "destroy", "target": {"side": "opponent"}}]}],
)


def test_RS_SELECT_UNIT_a_vehicle_does_not_fit_a_printed_unit_choice() -> None:
    """The printed ユニット chooses units: B's vehicle in the battle area (its driver rode off)
    is no unit, so naming the vehicle is illegal; an effect written by hand without ``type``
    does not take it either (RS-VEHICLE: "ユニットを選ぶとき、ビークルを選ぶことはできますか？
    いいえ、できません。")."""
    for zap in ("T-011", "T-013"):
        b = LogBuilder([ZAP, CART, ANY_KIND, DRIVER]).setup(first="A")
        b.charge("A", "T-000").proceed("A", 3)
        b.charge("B", "T-000").proceed("B", 3).charge("A", "T-000").proceed("A", 3)
        b.charge("B", "T-000").proceed("B").rush("B", "T-012").rush("B", "T-014").proceed("B")
        b.enter("B", "T-014", ride="T-012").ride_off("B", "T-014").strike("B", "T-014")
        b.proceed("B").charge("A", "T-000").proceed("A").use("A", zap, targets=["T-012"])
        r = b.replay()
        assert rules_broken(r, b.last) == ["RS-EFFECT-TARGETS"], zap


def test_RS_TEXT_UNREAD_charging_a_card_not_read_is_unverifiable() -> None:
    """Its text may act from the power or the command zone: the charge is unverifiable and the
    later steps uncertain; a card read in full, or without text, is charged as before."""
    for to in ("power", "command"):
        b = LogBuilder([RUSHED, READ]).setup(first="A")
        b.charge("A", "T-008", to=to)
        charged = b.last
        b.proceed("A")
        r = b.replay()
        assert verdict(r, charged) == "unverifiable", to
        assert "RS-TEXT-UNREAD" in rules_applied(r, charged)
        assert verdict(r, charged + 1) == "uncertain"
    for code in ("T-010", "T-000"):
        b = LogBuilder([RUSHED, READ]).setup(first="A")
        b.charge("A", code).proceed("A")
        r = b.replay()
        assert verdict(r, b.last - 1) == verdict(r, b.last) == "legal", code


def test_RS_SP_EFFECT_a_number_combination_of_sp1_is_read_as_sp_1_until_the_turns_end() -> None:
    """atwiki page 104: the ！ unit's SP comes from its NC, "発動した能力の有効期限は通常は
    ターン終了時まで"; 「SP1」 alone, SP1 before a sentence, never for an operation."""
    sp1 = {"op": "sp", "value": 1, "until": "turn"}
    for text in ("【星の槍】「SP1」", "【星の槍】SP1", "【星の槍】「SP1」 1枚ドローする。"):
        r = read_card(unit(text, sp_special=True))
        assert r.understood, text
        assert r.combination[0]["do"][0] == sp1
    r = read_card(unit("【星の槍】SP1 このターン、これはBP+1000される。"))
    assert r.combination[0]["do"] == [sp1, {"op": "bp", "amount": 1000, "until": "turn"}]
    for text in (
        "【星の槍】「SP1」これは敵軍ラッシュエリアのユニットにアタックできる。",
        f"【星の槍】「SP1」 {DESTROY[:-3]}してもよい。",  # only the destroy is optional
        "【星の槍】SP12",
    ):
        assert not read_card(unit(text)).understood, text
    assert not read_card(unit("【星の槍】「SP1」", number=None)).understood  # no NC
    assert not read_card({"type": "operation", "operation": "normal", "text": "「SP1」"}).understood


def test_RS_SP_EFFECT_a_read_sp1_number_combination_lets_the_unit_strike() -> None:
    star = {
        **card("T-020", name="Star Lancer", bp=3000, sp=0, combination={"number": 1}),
        "sp_special": True,
        "effects": [],
        "text": "【星の槍】「SP1」",
    }
    del star["effects"]
    b = LogBuilder([star]).setup(first="A")
    b.charge("A", "T-000").proceed("A").rush("A", "T-020").proceed("A", 2).pass_turn("B")
    b.charge("A", "T-000").proceed("A", 2).enter("A", "T-020").strike("A", "T-020")
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert "RS-SP-EFFECT" in rules_applied(r, b.last)
    shown = render_card(star)
    assert shown["understood"] is True
    assert shown["reading"] == [
        "SP ！: SP only from its Number Combination or text.",
        "Number Combination 1: this unit is SP 1 until the end of the turn.",
    ]


def test_RS_DRAW_PER_UNITS_draw_for_every_n_units_with_the_feature() -> None:
    """特徴「X」を持つ自軍ユニット2体につき1枚ドローする: 3 such units draw 1, 4 draw 2."""
    text = "特徴「鬼」を持つ自軍ユニット2体につき1枚ドローする。"
    r = read_card({"type": "operation", "operation": "normal", "text": text})
    assert r.understood
    assert r.effects[0]["do"] == [{"op": "draw", "n": 1, "per": {"feature": "鬼", "units": 2}}]
    drum = {**card("T-060", "operation", name="Drum Call"), "text": text}
    del drum["effects"]
    assert render_card(drum)["reading"] == [
        "When used: draw 1 card for every 2 units of yours with the feature 鬼 (rush and battle "
        "area)."
    ]
    oni = {**card("T-061", name="Oni", bp=1000), "features": ["鬼"]}
    for units, drawn in ((3, 1), (4, 2)):
        deck = ["T-061"] * 4 + ["T-060"] + ["T-000"] * 35  # four Oni: past the usual three
        b = LogBuilder([drum, oni], decks={"A": deck, "B": ["T-000"] * 40}).setup(first="A")
        for _ in range(units):  # one Oni a turn: each rush holds the turn's new command
            b.charge("A", "T-000").proceed("A").rush("A", "T-061").proceed("A", 2)
            b.pass_turn("B")
        b.charge("A", "T-000").proceed("A")
        before = len(player_state(b.replay(), "A")["hand"])
        b.act("A", "use", card="T-060")
        r = b.replay()
        assert verdict(r, b.last) == "legal", units
        assert "RS-DRAW-PER-UNITS" in rules_applied(r, b.last)
        assert len(player_state(r, "A")["hand"]) == before - 1 + drawn, units
