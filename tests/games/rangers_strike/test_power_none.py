"""A Number Combination that applies only when no face-up card of the opposing power zones is a
size S unit card (RS-IF-POWER-NONE) and may then be activated (RS-MAY-ACTIVATE), putting an
opposing unit of either category held into its owner's command zone (RS-TO-COMMAND), on made-up
cards in the catalogue's sentence shape.

The sources' words, which the tests follow: "敵軍パワーゾーンのオモテ向きのカードにSユニットのカードが無けれ
ば、次の効果を発動できる⇒DAまたはOTを持つ敵軍Mユニットを1体選び、持ち主のコマンドゾーンにホールド状態で置
く。置けなければ捨札にする。" — only *if there is no* size S unit card ("「Sユニットのカード」等 | ゾーン内の該
当カード实体") among the opposing *face-up* power cards; the effect after the arrow *may* be
activated. A combination's effect lasts the turn ("特に期限が書いていない限りそのターンの終了時まで有
効"), so a condition before a lasting change is not read on a combination.
"""

from __future__ import annotations

from judge.games.rangers_strike.reader import read_card
from judge.games.rangers_strike.render import render_card
from judge.games.rangers_strike.testing import (
    LogBuilder,
    card,
    player_state,
    printed,
    rules_applied,
    verdict,
)

MISSILE = (
    "【砲】敵軍パワーゾーンのオモテ向きのカードにSユニットのカードが無ければ、次の効果を発動できる⇒DAまたはOT"
    "を持つ敵軍Mユニットを1体選び、持ち主のコマンドゾーンにホールド状態で置く。置けなければ捨札にする。"
    "(この効果は、特徴「スワット」を持つユニットからコンビネーションするとき、ナンバーに関係なく発動する)"
)
#: A's unit with Number Combination 1
SIG = {
    **printed("T-645", MISSILE, name="Sig", bp=2000, sp=0, size="S", combination={"number": 1}),
    "features": ["男", "スワット"],
}
#: B's size M DA unit (also charged), and a size S unit card to charge into the power zone
TANK = card("T-646", name="Tank", category="DA", bp=3000, sp=0, size="M")
GRUNT = card("T-647", name="Grunt", bp=1000, sp=0, size="S")
CARDS = [SIG, TANK, GRUNT]


def _combined(b_power: str) -> LogBuilder:
    """B charges Tank into its command zone and rushes another Tank; A rushes Sig; B charges
    ``b_power`` face up into its power zone; Sig enters at position 1: its combination waits
    for A."""
    b = LogBuilder(CARDS).setup(first="B")
    b.charge("B", "T-646").proceed("B").rush("B", "T-646").proceed("B", 2)
    b.charge("A", "T-000").proceed("A").rush("A", "T-645").proceed("A", 2)
    b.charge("B", b_power, to="power").proceed("B", 3)
    return b.proceed("A", 2).enter("A", "T-645")


def _command(r: dict, pid: str = "B") -> list[tuple[str, bool]]:
    return [(c["id"], c["held"]) for c in player_state(r, pid)["command"]]


def test_RS_IF_POWER_NONE_read_from_the_printed_combination_and_shown() -> None:
    reading = read_card({"type": "unit", "combination": {"number": 3}, "text": MISSILE})
    (effect,) = reading.combination
    assert effect["if"] == {"opposing_power_none": {"type": "unit", "size": "S"}}
    assert effect["optional"] is True
    assert effect["do"] == [
        {
            "op": "to_command",
            "target": {
                "side": "opponent",
                "zone": "field",
                "count": 1,
                "type": "unit",
                "size": "M",
                "category": ["DA", "OT"],
            },
            "if_full": "discard",
        }
    ]
    assert reading.combines_from == {"feature": "スワット"}
    assert render_card(SIG)["reading"] == [
        "Number Combination 1 (also, whatever its number, when it enters directly after a unit "
        "with the feature スワット), if no face-up card of the opposing power zones is a size S "
        "unit card (optional: you may): put 1 size M unit (not a vehicle) of category DA or OT "
        "in the opponent's rush or battle area held into its owner's command zone; when that "
        "zone holds 5 already, it goes to the discard pile instead (not destroyed)."
    ]


def test_RS_IF_POWER_NONE_near_misses_are_not_read() -> None:
    def understood(text: str) -> bool:
        return read_card({"type": "unit", "combination": {"number": 3}, "text": text}).understood

    assert understood(MISSILE)
    assert not understood(MISSILE.replace("敵軍パワーゾーン", "自軍パワーゾーン"))
    assert not understood(MISSILE.replace("カードが無ければ", "カードがあれば"))
    assert not understood(
        MISSILE.replace("DAまたはOTを持つ敵軍", "DAまたはOTを持つ敵軍バトルエリアから")
    )
    # a combination's condition before a change that lasts the turn
    lasting = "【砲】敵軍パワーゾーンのオモテ向きのカードにSユニットのカードが無ければ、このターン、これはBP+1000される。"
    assert not understood(lasting)
    on_enter = lasting.replace("【砲】", "【砲】自軍ターン中、これがバトルエリアに出たとき、")
    assert read_card({"type": "unit", "text": on_enter}).understood


def test_RS_IF_POWER_NONE_without_a_size_S_unit_card_the_unit_goes_held_to_the_command_zone() -> (
    None
):
    """B's one face-up power card is a Tank (a size M unit card): the condition holds."""
    b = _combined("T-646")
    b.act("A", "resolve", source="T-645", use=True, targets=["T-646"])
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert {"RS-IF-POWER-NONE", "RS-TO-COMMAND"} <= set(rules_applied(r, b.last))
    assert player_state(r, "B")["rush"] == []
    # B-4, the Tank charged (released in B's start phase); B-5, the Tank moved, held
    assert _command(r) == [("B-4", False), ("B-5", True)]


def test_RS_IF_POWER_NONE_a_size_S_unit_card_face_up_and_nothing_happens() -> None:
    """B's face-up power card is a Grunt (a size S unit card): there is nothing to use, and a
    unit named is not taken."""
    b = _combined("T-647")
    b.act("A", "resolve", source="T-645", use=True, targets=["T-646"])
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert "RS-IF-POWER-NONE" in rules_applied(r, b.last)
    assert [u["code"] for u in player_state(r, "B")["rush"]] == ["T-646"]
    assert _command(r) == [("B-4", False)]


def test_RS_MAY_ACTIVATE_not_activated_the_unit_stays() -> None:
    b = _combined("T-646")
    b.act("A", "resolve", source="T-645", use=False)
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert [u["code"] for u in player_state(r, "B")["rush"]] == ["T-646"]


def test_RS_IF_POWER_NONE_a_size_S_unit_card_face_down_is_damage_and_not_looked_at() -> None:
    """B's Grunt is face up in its power zone until A's Filler strikes and B turns it face
    down as the damage: then Sig (Number Combination 2 here) enters and the condition holds."""
    second = {**SIG, "code": "T-648", "combination": {"number": 2}}
    b = LogBuilder([*CARDS, second]).setup(first="B")
    b.charge("B", "T-646").proceed("B").rush("B", "T-646").proceed("B", 2)
    b.charge("A", "T-000").proceed("A").rush("A", "T-000").proceed("A", 2)
    b.charge("B", "T-647", to="power").proceed("B", 3)
    b.charge("A", "T-000").proceed("A").rush("A", "T-648").proceed("A")
    b.enter("A", "A-14").strike("A", "A-14").take_damage("B", ["B-7"])  # the Grunt
    assert player_state(b.replay(), "B")["power"] == {"face_up": [], "face_down": 1}
    b.enter("A", "A-10").act("A", "resolve", source="A-10", use=True, targets=["T-646"])
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert "RS-IF-POWER-NONE" in rules_applied(r, b.last)
    assert player_state(r, "B")["rush"] == []
