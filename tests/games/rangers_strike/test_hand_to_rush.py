"""A unit card of one's hand put into one's rush area when an opposing unit with a feature is
rushed (RS-OPPOSING-RUSHED, RS-HAND-TO-RUSH), on made-up cards in the catalogue's sentence shape.

The sources' words, which the tests follow: "これが自軍エリアにある間、敵軍ラッシュフェイズ中、特徴「X」を持つ敵
軍ユニットがラッシュされたとき、次の効果を発動できる⇒自分の手札からDAを持つBP3000以下のSユニットのカードを1枚選
び、ラッシュエリアに出してもよい。ただし、追加条件は満たすこと。" — *while* the unit is in its player's
areas, *in an opposing rush phase*, when an *opposing* unit *with the feature* is rushed, its player
*may* put a *DA*, *size S* unit card with *BP 3000 or less* from *its hand* into its rush area, the
*additional condition met* (no command: "カードの効果によりラッシュ…コマンドのホールドは必要がない").
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
    rules_broken,
    verdict,
)

TEXT = (
    "【巡回網】これが自軍エリアにある間、敵軍ラッシュフェイズ中、特徴「巡査」を持つ敵軍ユニットがラッシュされたと"
    "き、次の効果を発動できる⇒自分の手札からDAを持つBP3000以下のSユニットのカードを1枚選び、ラッシュエリアに"
    "出してもよい。ただし、追加条件は満たすこと。"
)
#: A's unit with the effect
LOOKOUT = printed("T-870", TEXT, name="Lookout", bp=1000, sp=0, size="S")
#: B's units: with the feature, and without
COP = {**card("T-871", name="Cop", size="S"), "features": ["巡査"]}
CLERK = card("T-872", name="Clerk", size="S")
#: A's cards of the hand: one that fits, and ones that do not (BP, size, category)
IMP = card("T-873", name="Imp", category="DA", bp=3000, size="S")
BRUTE = card("T-874", name="Brute", category="DA", bp=4000, size="S")
WISP = card("T-875", name="Wisp", category="DA", bp=2000, size="M")
EMBER = card("T-876", name="Ember", category="WB", bp=2000, size="S")
#: DA size S units with an additional condition: a unit named Lookout, or one named Nobody
HEIR = card(
    "T-877", name="Heir", category="DA", bp=2000, size="S", condition={"unit_named": "Lookout"}
)
ORPHAN = card(
    "T-878", name="Orphan", category="DA", bp=2000, size="S", condition={"unit_named": "Nobody"}
)
#: a DA size S unit whose additional condition is a cost (one unit of the player's discarded)
COSTLY = {
    **card("T-879", name="Costly", category="DA", bp=2000, size="S"),
    "cost": {"discard": {"name": "Imp"}, "count": 1},
}
#: B's operation putting a Cop of its hand into its rush area
COP_CALL = printed(
    "T-880",
    "自分の手札から「Cop」のカードを1枚選び、自軍ラッシュエリアに出してもよい。",
    type="operation",
    name="Cop Call",
)
CARDS = [LOOKOUT, COP, CLERK, IMP, BRUTE, WISP, EMBER, HEIR, ORPHAN, COSTLY, COP_CALL]


def _rushed(b_unit: str = "T-871") -> LogBuilder:
    """A rushes the Lookout in turn 1; in turn 2 B rushes ``b_unit``."""
    b = LogBuilder(CARDS).setup(first="A")
    b.charge("A", "T-000").proceed("A").rush("A", "T-870").proceed("A", 2)
    return b.charge("B", "T-000").proceed("B").rush("B", b_unit)


def _lookout(b: LogBuilder) -> str:
    return next(u["id"] for u in player_state(b.replay(), "A")["rush"] if u["code"] == "T-870")


def _rush_codes(b: LogBuilder, pid: str = "A") -> list[str]:
    return [u["code"] for u in player_state(b.replay(), pid)["rush"]]


def test_RS_HAND_TO_RUSH_read_from_the_printed_text_and_shown() -> None:
    (effect,) = read_card(LOOKOUT).effects
    assert {k: v for k, v in effect.items() if k != "text"} == {
        "when": "on_rushed",
        "while": "field",
        "of": {"feature": "巡査", "side": "opponent", "phase": "rush"},
        "optional": True,
        "do": [
            {
                "op": "from_hand",
                "find": {"type": "unit", "category": "DA", "bp_max": 3000, "size": "S"},
                "count": 1,
                "to": "rush",
                "condition_met": True,
            }
        ],
    }
    assert render_card(LOOKOUT)["reading"] == [
        "While this is in your rush or battle area, in an opponent's rush phase, when an "
        "opposing unit with the feature 巡査 is rushed (optional: you may): put a size S unit "
        "card of category DA with BP 3000 or less from your hand into your rush area (its "
        "additional condition must be met; no power or command needed)."
    ]


def test_RS_HAND_TO_RUSH_near_misses_are_not_read() -> None:
    for text in (
        TEXT.replace("ただし、追加条件は満たすこと。", ""),
        TEXT.replace("追加条件は", "必要パワーと追加条件は"),
        TEXT.replace("出してもよい", "出す"),
        TEXT.replace("自分の手札から", "自軍捨札から"),
        TEXT.replace("敵軍ラッシュフェイズ中、", ""),
        TEXT.replace("敵軍ユニット", "自軍ユニット"),
        TEXT.replace("敵軍ラッシュフェイズ中", "自軍ラッシュフェイズ中"),
    ):
        assert not read_card({"type": "unit", "text": text}).understood, text
    numbered = {"type": "unit", "text": TEXT, "combination": {"number": 2}}
    assert not read_card(numbered).understood  # a numbered unit's named effect is its NC's


def test_RS_OPPOSING_RUSHED_an_opposing_unit_with_the_feature_triggers_it() -> None:
    b = _rushed()
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert "RS-OPPOSING-RUSHED" in rules_applied(r, b.last)
    commands = player_state(r, "A")["command"]
    b.act("A", "resolve", source=_lookout(b), use=True, targets=["T-873"])
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert "RS-HAND-TO-RUSH" in rules_applied(r, b.last)
    assert _rush_codes(b) == ["T-870", "T-873"]
    assert player_state(r, "A")["command"] == commands  # no command held for it


def test_RS_OPPOSING_RUSHED_an_opposing_unit_put_there_by_an_effect_is_rushed() -> None:
    """atwiki renst 146: a card an effect puts into an area is "ラッシュされた" all the same."""
    b = LogBuilder(CARDS).setup(first="A")
    b.charge("A", "T-000").proceed("A").rush("A", "T-870").proceed("A", 2)
    b.charge("B", "T-000").proceed("B").use("B", "T-880")
    b.act("B", "resolve", source="T-880", use=True, targets=["T-871"])
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert "RS-OPPOSING-RUSHED" in rules_applied(r, b.last)
    assert _rush_codes(b, "B") == ["T-871"]
    b.act("A", "resolve", source=_lookout(b), use=True, targets=["T-873"])
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert _rush_codes(b) == ["T-870", "T-873"]


def test_RS_OPPOSING_RUSHED_a_unit_without_the_feature_does_not() -> None:
    b = _rushed("T-872")
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert "RS-OPPOSING-RUSHED" not in rules_applied(r, b.last)
    b.proceed("B")  # nothing waits for A
    assert verdict(b.replay(), b.last) == "legal"


def test_RS_OPPOSING_RUSHED_ones_own_unit_with_the_feature_does_not() -> None:
    b = LogBuilder(CARDS).setup(first="A")
    b.charge("A", "T-000").proceed("A").rush("A", "T-870").proceed("A", 2)
    b.pass_turn("B")
    b.charge("A", "T-000").proceed("A").rush("A", "T-871")
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert "RS-OPPOSING-RUSHED" not in rules_applied(r, b.last)


def test_RS_HAND_TO_RUSH_declined_nothing_is_put() -> None:
    b = _rushed()
    b.act("A", "resolve", source=_lookout(b), use=False)
    assert verdict(b.replay(), b.last) == "legal"
    assert _rush_codes(b) == ["T-870"]


def test_RS_HAND_TO_RUSH_a_card_that_does_not_fit_is_illegal() -> None:
    for wrong in ("T-874", "T-875", "T-876"):  # BP 4000; size M; category WB
        b = _rushed()
        b.act("A", "resolve", source=_lookout(b), use=True, targets=[wrong])
        r = b.replay()
        assert verdict(r, b.last) == "illegal", wrong
        assert "RS-FROM-HAND" in rules_broken(r, b.last), wrong


def test_RS_HAND_TO_RUSH_the_additional_condition_must_be_met() -> None:
    b = _rushed()
    b.act("A", "resolve", source=_lookout(b), use=True, targets=["T-877"])  # Lookout is there
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert _rush_codes(b) == ["T-870", "T-877"]
    b = _rushed()
    b.act("A", "resolve", source=_lookout(b), use=True, targets=["T-878"])  # no Nobody
    r = b.replay()
    assert verdict(r, b.last) == "illegal"
    assert "RS-HAND-TO-RUSH" in rules_broken(r, b.last)


def test_RS_HAND_TO_RUSH_a_condition_that_is_a_cost_is_not_guessed() -> None:
    b = _rushed()
    b.act("A", "resolve", source=_lookout(b), use=True, targets=["T-879"])
    r = b.replay()
    assert verdict(r, b.last) == "unverifiable", r["steps"][b.last]
    assert _rush_codes(b) == ["T-870"]


def test_RS_HAND_TO_RUSH_not_recorded_from_a_hidden_hand_is_unverifiable() -> None:
    b = _rushed()
    b.act("A", "resolve", source=_lookout(b), use=True)
    r = b.replay()
    assert verdict(r, b.last) == "unverifiable"
    assert _rush_codes(b) == ["T-870"]
