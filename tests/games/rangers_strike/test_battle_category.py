"""A category a unit's note adds while it stands in a battle area (RS-ADD-FEATURE: "※これはバトル
エリアにあるとき、カテゴリにWBが追加される。"), a combination made from a unit of a category
(RS-COMBINATION-FROM: "(この効果は、WBのユニットからコンビネーションするときは、ナンバーに関係なく発動す
る)"), an opposing unit by printed required power and without a feature held into its owner's
command zone (RS-TO-COMMAND: "敵軍バトルエリアから、必要パワーの数字が3以下で特徴「メカ」を持たないユ
ニットを1体選び、持ち主のコマンドゾーンにホールド状態で置いてもよい。置けなければ捨札にする。"), and the turn's
watch on unit cards put held into an opposing command zone (RS-PLACED-HELD-WATCH: "このターン、敵軍
コマンドゾーンにホールド状態でユニットカードが置かれたとき、それを捨札にしてもよい。"), on made-up cards in the
catalogue's sentence shapes; each test from the wording."""

from __future__ import annotations

from typing import Any

from judge.games.rangers_strike.reader import read_card
from judge.games.rangers_strike.render import render_card
from judge.games.rangers_strike.testing import (
    LogBuilder,
    area_ids,
    card,
    event_types,
    player_state,
    printed,
    rules_applied,
    rules_broken,
    verdict,
)

NOTE = "※これはバトルエリアにあるとき、カテゴリにWBが追加される。"
SWOOP = "【翼返し】「SP1」(この効果は、WBのユニットからコンビネーションするときは、ナンバーに関係なく発動する)"
JAWS = (
    "【鮫牙】敵軍バトルエリアから、必要パワーの数字が3以下で特徴「メカ」を持たないユニットを1体選び、持ち主の"
    "コマンドゾーンにホールド状態で置いてもよい。置けなければ捨札にする。"
)
CLAW = "【豹爪】このターン、敵軍コマンドゾーンにホールド状態でユニットカードが置かれたとき、それを捨札にしてもよい。"
BOTH = "【両顎】敵軍バトルエリアからユニットを2体選び、持ち主のコマンドゾーンにホールド状態で置く。置けなければ捨札にする。"

#: a blaze unit whose note adds WB in the battle area, and one without the note
NOTED = printed("T-380", NOTE, name="Sun Hawk", size="S", bp=2000, sp=1)
BARE = card("T-381", name="Moon Hawk", size="S", bp=2000, sp=1)
SWOOPER = {
    **printed("T-382", f"{NOTE} {SWOOP}", name="Sun Eagle", size="S", combination={"number": 5}),
    "sp": 0,
    "sp_special": True,
}
SHARK = printed(
    "T-383", f"{NOTE} {JAWS}", name="Sun Shark", size="S", sp=0, combination={"number": 1}
)
PANTHER = printed(
    "T-384", f"{NOTE} {CLAW}", name="Sun Panther", size="S", sp=1, combination={"number": 1}
)
#: Sun Shark numbered 2, to enter after Sun Panther
SHARK2 = {**SHARK, "combination": {"number": 2}}
JAWS2 = printed("T-385", BOTH, name="Twin Jaws", size="S", sp=0, combination={"number": 2})


def _b_unit(code: str, number: int, *features: str) -> dict[str, Any]:
    """B's unit: rushed for no power, its printed required power ``number``."""
    return {
        **card(code, name=f"Foe {code}", bp=1000, sp=1, size="S"),
        "power_number": number,
        "features": list(features),
    }


LOW, MECHA, HIGH = _b_unit("T-386", 3), _b_unit("T-387", 2, "メカ"), _b_unit("T-388", 4)


def _codes(r: dict[str, Any], pid: str, zone: str) -> list[tuple[str, Any]]:
    """The codes of ``pid``'s ``zone`` (``command``: with whether each is held; ``discard``),
    from the instance ids (``B-3``: the 3rd card of B's deck list)."""
    main = r["decks"][pid]["main"]

    def code(iid: str) -> str:
        return str(main[int(iid.split("-")[1]) - 1])

    zone_cards = player_state(r, pid)[zone]
    if zone == "command":
        return [(code(c["id"]), c["held"]) for c in zone_cards]
    return [(code(c), None) for c in zone_cards]


def test_RS_ADD_FEATURE_category_note_read_and_shown() -> None:
    r = read_card({"type": "unit", "text": NOTE})
    assert r.understood and r.restrictions == ({"rule": "battle_category", "category": "WB"},)
    assert not read_card({"type": "vehicle", "text": NOTE}).understood
    assert not read_card({"type": "unit", "text": NOTE.replace("バトル", "ラッシュ")}).understood
    assert render_card(NOTED)["reading"] == [
        "While it is in a battle area it has the category WB besides its printed one "
        "(RS-ADD-FEATURE)."
    ]


TAKE = printed(
    "T-389",
    "WBを持つ敵軍ユニットを1体選び、持ち主のコマンドゾーンにホールド状態で置く。置けなければ捨札にする。",
    type="operation",
    name="WB Snare",
)


def _snared(enter: bool) -> tuple[LogBuilder, dict[str, Any]]:
    """B rushes Sun Hawk (blaze, WB added in the battle area), entering it when ``enter``; A
    then uses WB Snare on it."""
    b = LogBuilder([NOTED, TAKE]).setup(first="A").pass_turn("A")
    b.charge("B", "T-000").proceed("B").rush("B", "T-380").proceed("B")
    if enter:
        b.enter("B", "T-380")
    b.proceed("B").charge("A", "T-000").proceed("A").use("A", "T-389")
    b.act("A", "resolve", source="T-389", targets=["T-380"])
    return b, b.replay()


def test_RS_ADD_FEATURE_a_category_added_in_the_battle_area_only() -> None:
    b, r = _snared(enter=True)
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert _codes(r, "B", "command")[-1] == ("T-380", True)
    b, r = _snared(enter=False)  # in the rush area it is of its printed category alone
    assert verdict(r, b.last) == "illegal"
    assert "RS-EFFECT-TARGETS" in rules_broken(r, b.last)


def _swoop(first: str) -> tuple[LogBuilder, dict[str, Any]]:
    """A rushes ``first`` (turn 1) and Sun Eagle (turn 3); in turn 3 ``first`` enters 1st and
    strikes, then Sun Eagle (combination number 5) enters 2nd."""
    b = LogBuilder([NOTED, BARE, SWOOPER]).setup(first="A")
    b.charge("A", "T-000").proceed("A").rush("A", first).proceed("A", 2).pass_turn("B")
    b.charge("A", "T-000").proceed("A").rush("A", "T-382").proceed("A")
    b.enter("A", first).strike("A", first).enter("A", "T-382")
    return b, b.replay()


def test_RS_COMBINATION_FROM_from_a_unit_of_the_category_added() -> None:
    r = read_card(SWOOPER)
    assert r.understood, r.unread
    assert r.combines_from == {"category": "WB"}
    assert render_card(SWOOPER)["reading"][-1] == (
        "Number Combination 5 (also, whatever its number, when it enters directly after a unit "
        "of category WB): this unit is SP 1 until the end of the turn."
    )
    b, r = _swoop("T-380")
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert "RS-COMBINATION-FROM" in rules_applied(r, b.last)
    b, r = _swoop("T-381")  # the unit before it has no WB: no combination
    assert "RS-COMBINATION-FROM" not in rules_applied(r, b.last)
    assert "no_combination" in event_types(r, b.last)


def _jaws(target: str) -> tuple[LogBuilder, dict[str, Any]]:
    """B has ``target`` in its battle area; A's Sun Shark, rushed before, enters 1st."""
    b = LogBuilder([SHARK, LOW, MECHA, HIGH]).setup(first="A")
    b.charge("A", "T-000").proceed("A").rush("A", "T-383").proceed("A", 2)
    b.charge("B", "T-000").proceed("B").rush("B", target).proceed("B").enter("B", target)
    b.proceed("B").charge("A", "T-000").proceed("A", 2).enter("A", "T-383")
    b.act("A", "resolve", source="T-383", use=True, targets=[target])
    return b, b.replay()


def test_RS_TO_COMMAND_by_printed_power_and_without_a_feature() -> None:
    (effect,) = read_card(SHARK).combination
    assert effect["optional"] is True
    assert effect["do"] == [
        {
            "op": "to_command",
            "target": {
                "side": "opponent",
                "zone": "battle",
                "count": 1,
                "type": "unit",
                "power_max": 3,
                "no_feature": "メカ",
            },
            "if_full": "discard",
        }
    ]
    b, r = _jaws("T-386")
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert _codes(r, "B", "command")[-1] == ("T-386", True)
    for other in ("T-387", "T-388"):  # with メカ; printed 4
        b, r = _jaws(other)
        assert verdict(r, b.last) == "illegal"
        assert "RS-EFFECT-TARGETS" in rules_broken(r, b.last)


def _clawed(second: dict[str, Any], targets: list[str]) -> LogBuilder:
    """A rushes Sun Panther (turn 1); B rushes ``targets``, one a turn (turns 2 and 4), and
    in turn 4 they enter its battle area, each striking; A rushes ``second`` (turn 5), Sun
    Panther enters 1st and strikes, then ``second`` enters 2nd and its effect puts ``targets``
    held into B's command zone."""
    b = LogBuilder([PANTHER, second, LOW, HIGH]).setup(first="A")
    b.charge("A", "T-000").proceed("A").rush("A", "T-384").proceed("A", 2)
    for i, t in enumerate(targets):
        if i:
            b.pass_turn("A")
        b.charge("B", "T-000").proceed("B").rush("B", t).proceed("B")
        if i < len(targets) - 1:
            b.proceed("B")
    for t in targets:
        b.enter("B", t).strike("B", t)
    b.proceed("B").charge("A", "T-000").proceed("A").rush("A", second["code"]).proceed("A")
    b.enter("A", "T-384").strike("A", "T-384").enter("A", second["code"])
    return b.act("A", "resolve", source=second["code"], use=True, targets=targets)


def test_RS_PLACED_HELD_WATCH_read_and_shown() -> None:
    (effect,) = read_card(PANTHER).combination
    assert effect["do"] == [{"op": "watch_placed_held"}] and "optional" not in effect
    assert render_card(PANTHER)["reading"][-1] == (
        "Number Combination 1: until the end of the turn, each time a unit card is put held into "
        "an opposing command zone, you may put it into the discard pile."
    )


def test_RS_PLACED_HELD_WATCH_the_unit_card_put_held_may_be_discarded() -> None:
    b = _clawed(SHARK2, ["T-386"])
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert "RS-PLACED-HELD-WATCH" in rules_applied(r, b.last)
    assert ("T-386", True) in _codes(r, "B", "command")
    b.act("A", "resolve", source="T-384", use=True)
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert ("T-386", True) not in _codes(r, "B", "command")
    assert ("T-386", None) in _codes(r, "B", "discard")
    b.doc["actions"][-1] = {"p": "A", "do": "resolve", "source": "T-384", "use": False}
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert ("T-386", True) in _codes(r, "B", "command")


def test_RS_PLACED_HELD_WATCH_two_cards_put_at_once_unverifiable() -> None:
    b = _clawed(JAWS2, ["T-386", "T-388"])
    r = b.replay()
    assert verdict(r, b.last) == "unverifiable"
    assert "RS-PLACED-HELD-WATCH" in rules_applied(r, b.last)
    assert area_ids(r, "B", "battle") == []


VAN = printed(
    "T-390",
    "※WBを持つSユニットは、RCを持っていなくてもこのビークルにライドできる。",
    "vehicle",
    name="Van",
)


def test_RS_ADD_FEATURE_riding_by_the_category_added_unverifiable() -> None:
    """The vehicle lets a unit of WB ride it; Sun Hawk has WB only in the battle area: whether
    it has it as it rides, entering, the sources do not say."""
    b = LogBuilder([VAN, NOTED, BARE]).setup(first="A")
    b.charge("A", "T-000").proceed("A", 3).pass_turn("B").charge("A", "T-000").proceed("A")
    b.rush("A", "T-390").rush("A", "T-380").proceed("A").enter("A", "T-380", ride="T-390")
    r = b.replay()
    assert verdict(r, b.last) == "unverifiable"
    assert "RS-RIDER" in rules_applied(r, b.last)


WIND = "【風の術】「SP1」カテゴリまたは特徴の追加されている敵軍Sユニットを1体選び、持ち主の山札の下に戻してもよい。"
NINJA = {
    **printed("T-391", WIND, name="Wind Ninja", size="S", combination={"number": 1}),
    "sp": 0,
    "sp_special": True,
}


def _blown(enter: bool) -> tuple[LogBuilder, dict[str, Any]]:
    """B's Sun Hawk is in its battle area (``enter``) or its rush area; A's Wind Ninja enters
    1st and its effect chooses Sun Hawk."""
    b = LogBuilder([NINJA, NOTED]).setup(first="A")
    b.charge("A", "T-000").proceed("A").rush("A", "T-391").proceed("A", 2)
    b.charge("B", "T-000").proceed("B").rush("B", "T-380").proceed("B")
    if enter:
        b.enter("B", "T-380")
    b.proceed("B").charge("A", "T-000").proceed("A", 2).enter("A", "T-391")
    b.act("A", "resolve", source="T-391", use=True, targets=["T-380"])
    return b, b.replay()


def test_RS_ADD_FEATURE_the_category_added_counts_for_added_to_bottom() -> None:
    """カテゴリの追加されている (RS-ADDED-TO-BOTTOM): Sun Hawk has WB added in the battle area only."""
    b, r = _blown(enter=True)
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert area_ids(r, "B", "battle") == []
    b, r = _blown(enter=False)
    assert verdict(r, b.last) == "illegal"
    assert "RS-EFFECT-TARGETS" in rules_broken(r, b.last)
