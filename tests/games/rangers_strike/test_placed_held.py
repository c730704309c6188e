"""A unit's restriction on the opponent's command zone (RS-PLACED-HELD), on made-up cards in the
catalogue's sentence shape.

The sources' words, which the tests follow: "【name】これが自軍エリアにある間、相手は次の制限を受ける⇒自分自身の
コマンドゾーンにOTまたはETのカードをリリース状態で置いたとき、そのカードをホールドする。" — *while* the unit is in
its player's areas, *the opponent* is restricted: when it puts an *OT or ET* card *released* into
its *own* command zone, *that card is held*; and the official Q&A on that text (atwiki renst page
578): a card charged into the command zone is put released, then held by the effect.
"""

from __future__ import annotations

from typing import Any

from judge.core.testing import ruling_texts
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
    "【妖しい力】これが自軍エリアにある間、相手は次の制限を受ける⇒自分自身のコマンドゾーンにOTまたはETのカードを"
    "リリース状態で置いたとき、そのカードをホールドする。"
)
#: B's restricting unit (made-up name), and one whose text says its rush area only
QUEEN = printed("T-860", TEXT, name="Veil Queen")
RUSH_QUEEN = printed(
    "T-865", TEXT.replace("自軍エリア", "自軍ラッシュエリア"), name="Rush Veil Queen"
)
#: cards to charge: OT, ET and WB; an OT unit rushed for an OT command
OT_CARD = card("T-861", name="OT Card", category="OT")
ET_CARD = card("T-862", name="ET Card", category="ET")
WB_CARD = card("T-863", name="WB Card", category="WB")
OT_UNIT = card("T-864", name="OT Unit", category="OT")
CARDS = [QUEEN, RUSH_QUEEN, OT_CARD, ET_CARD, WB_CARD, OT_UNIT]


def _queen_in_rush(queen: str = "T-860", enter: bool = False) -> LogBuilder:
    """B rushes ``queen`` in turn 2 (entering its battle area in turn 2 when ``enter``); A's
    turn 3 has begun (A charged a filler in turn 1)."""
    b = LogBuilder(CARDS).setup(first="A")
    b.charge("A", "T-000").proceed("A", 3)
    b.charge("B", "T-000").proceed("B").rush("B", queen).proceed("B")
    if enter:
        b.enter("B", queen)
    return b.proceed("B")


def _held(r: dict[str, Any], pid: str = "A") -> list[bool]:
    return [c["held"] for c in player_state(r, pid)["command"]]


def test_RS_PLACED_HELD_read_and_shown() -> None:
    r = read_card({"type": "unit", "text": TEXT})
    assert r.understood
    assert [{k: v for k, v in e.items() if k != "text"} for e in r.effects] == [
        {
            "when": "opponent_placed",
            "while": "field",
            "do": [{"op": "hold_placed", "categories": ["OT", "ET"]}],
        }
    ]
    assert render_card(QUEEN)["reading"] == [
        "While this is in your rush or battle area, your opponent is restricted: when it puts an "
        "OT or ET card released into its own command zone (a charge too), that card is held."
    ]
    assert render_card(RUSH_QUEEN)["reading"][0].startswith("While this is in your rush area,")


def test_RS_PLACED_HELD_near_misses_are_not_read() -> None:
    for text in (
        TEXT.replace("相手は", "自分は"),
        TEXT.replace("自分自身のコマンドゾーン", "敵軍コマンドゾーン"),
        TEXT.replace("リリース状態で置いたとき", "ホールド状態で置いたとき"),
        TEXT.replace("そのカードをホールドする", "そのカードを捨札にする"),
        TEXT.replace("OTまたはETのカード", "カード"),
    ):
        assert not read_card({"type": "unit", "text": text}).understood, text
    # a unit with a Number Combination number: its named effect is its combination's
    assert not read_card({"type": "unit", "combination": {"number": 2}, "text": TEXT}).understood
    assert not read_card({"type": "operation", "operation": "normal", "text": TEXT}).understood


def test_RS_PLACED_HELD_an_ot_or_et_card_charged_is_held() -> None:
    for code in ("T-861", "T-862"):
        b = _queen_in_rush().charge("A", code)
        r = b.replay()
        assert [s["verdict"] for s in r["steps"]].count("illegal") == 0, r["steps"]
        assert verdict(r, b.last) == "legal", r["steps"][b.last]
        assert "RS-PLACED-HELD" in rules_applied(r, b.last)
        assert _held(r) == [False, True]
    # held, it cannot be held for a rush: A's OT unit finds no released OT command
    b = _queen_in_rush().charge("A", "T-861").proceed("A").rush("A", "T-864")
    r = b.replay()
    assert rules_broken(r, b.last) == ["RS-RUSH-COMMAND"], r["steps"][b.last]
    # in the battle area too (自軍エリア)
    b = _queen_in_rush(enter=True).charge("A", "T-861")
    r = b.replay()
    assert verdict(r, b.last) == "legal" and _held(r) == [False, True], r["steps"][b.last]


def test_RS_PLACED_HELD_other_cards_players_and_areas_are_not_held() -> None:
    # a WB card
    b = _queen_in_rush().charge("A", "T-863")
    r = b.replay()
    assert _held(r) == [False, False]
    assert "RS-PLACED-HELD" not in rules_applied(r, b.last)
    # an OT card charged into the power zone
    b = _queen_in_rush().charge("A", "T-861", to="power")
    assert _held(b.replay()) == [False]
    # B's own OT card: the restriction is the opponent's
    b = _queen_in_rush().charge("A", "T-000").proceed("A", 3).charge("B", "T-861")
    r = b.replay()
    assert _held(r, "B") == [False, False], player_state(r, "B")["command"]
    # "自軍ラッシュエリア": once it is in the battle area, nothing
    b = _queen_in_rush("T-865", enter=True).charge("A", "T-861")
    r = b.replay()
    assert _held(r) == [False, False]
    b = _queen_in_rush("T-865").charge("A", "T-861")
    assert _held(b.replay()) == [False, True]


def test_RS_PLACED_HELD_tag_the_target_player_by_rule_option() -> None:
    """B1's Veil Queen: A1, B1's target player, is restricted; A2 is not, unless rule option
    tag_opponent is either."""

    def scene(options: dict[str, Any] | None = None) -> LogBuilder:
        b = LogBuilder(CARDS, variant="tag", options=options).setup(first="B1")
        b.charge("B1", "T-000").proceed("B1").rush("B1", "T-860").proceed("B1", 2)
        b.pass_turn("B2")
        return b.charge("A1", "T-861").proceed("A1", 3).charge("A2", "T-861")

    r = scene().replay()
    assert [s["verdict"] for s in r["steps"]].count("illegal") == 0, r["steps"]
    assert _held(r, "A1") == [True] and _held(r, "A2") == [False]
    assert any(
        "tag_opponent target_player" in t
        for s in r["steps"]
        for t in ruling_texts(r, r["steps"].index(s))
    )
    r = scene({"tag_opponent": "either"}).replay()
    assert _held(r, "A1") == [True] and _held(r, "A2") == [True]
