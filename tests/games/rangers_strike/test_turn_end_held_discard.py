"""A unit's note discarding it at the end of its player's turn while it is held
(RS-TURN-END-HELD-DISCARD), on made-up cards in the catalogue's sentence shape.

The source's words, which the tests follow: "※これが自軍エリアにある間、自分がターンを終えるとき、これがホール
ド状態なら捨札にする。" — *while* the unit is in its player's areas, as *its player* ends its turn, *if
it is held*, it goes to the *discard pile* (not destroyed: "撃破を経ずに直接捨札になる…「撃破されたとき」
に発動するようなユニット効果は使えない", atwiki renst 262).
"""

from __future__ import annotations

from judge.games.rangers_strike.reader import read_card
from judge.games.rangers_strike.render import render_card
from judge.games.rangers_strike.testing import (
    LogBuilder,
    area_ids,
    card,
    player_state,
    printed,
    rules_applied,
    verdict,
)

NOTE = "※これが自軍エリアにある間、自分がターンを終えるとき、これがホールド状態なら捨札にする。"
RUSH_HELD = "※これはラッシュするとき、可能ならホールド状態で置く。"
#: rushed held, with the note; a when-destroyed draw to show it is not destroyed
DROWSY = printed("T-960", f"{RUSH_HELD} {NOTE}", name="Drowsy", bp=1000, sp=0, size="S")
#: the note alone: rushed released
WAKEFUL = printed("T-961", NOTE, name="Wakeful", bp=1000, sp=0, size="S")
FILLER = card("T-962", name="Filler", bp=1000, sp=0, size="S")
CARDS = [DROWSY, WAKEFUL, FILLER]
#: B's unit holding an opposing unit as it is rushed
ZAPPER = printed(
    "T-963",
    "【雷】これをラッシュしたとき、必要パワーの数字が3以下の敵軍ユニットを1体選びホールドしてもよい。",
    name="Zapper",
    bp=1000,
    sp=0,
    size="S",
)


def test_RS_TURN_END_HELD_DISCARD_read_and_shown() -> None:
    r = read_card({"type": "unit", "text": NOTE})
    assert r.understood
    assert r.effects == (
        {
            "when": "turn_end",
            "turn": "own",
            "while": "field",
            "if": {"self_held": True},
            "do": [{"op": "discard"}],
            "text": NOTE,
        },
    )
    assert render_card(WAKEFUL)["reading"] == [
        "While this is in your rush or battle area, at the end of your turn, if this unit is held "
        "then: put this unit into its owner's discard pile (it is not destroyed)."
    ]
    for text in (
        NOTE.replace("自分が", "相手が"),
        NOTE.replace("捨札にする", "撃破する"),
        NOTE.replace("ホールド状態", "リリース状態"),
        NOTE.replace("自軍エリア", "自軍ラッシュエリア"),
    ):
        assert not read_card({"type": "unit", "text": text}).understood, text
    assert not read_card({"type": "vehicle", "text": NOTE}).understood


def test_RS_TURN_END_HELD_DISCARD_held_at_the_end_of_its_turn_it_is_discarded() -> None:
    b = LogBuilder(CARDS).setup(first="A")
    b.charge("A", "T-000").proceed("A").rush("A", "T-960").proceed("A", 2)
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert "RS-TURN-END-HELD-DISCARD" in rules_applied(r, b.last)
    assert "RS-DISCARD-SELF" in rules_applied(r, b.last)
    assert area_ids(r, "A", "rush") == []
    assert player_state(r, "A")["discard"] == ["A-1"]


def test_RS_TURN_END_HELD_DISCARD_released_it_stays() -> None:
    b = LogBuilder(CARDS).setup(first="A")
    b.charge("A", "T-000").proceed("A").rush("A", "T-961").proceed("A", 2)
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert "RS-TURN-END-HELD-DISCARD" not in rules_applied(r, b.last)
    assert area_ids(r, "A", "rush") == ["A-4"]


def test_RS_TURN_END_HELD_DISCARD_not_at_the_end_of_an_opponents_turn() -> None:
    """B's Zapper holds A's Wakeful in B's turn: B's turn ends with it held and it stays; A's own
    turn ends with it still held (no start phase releases a held unit) and it goes."""
    b = LogBuilder([*CARDS, ZAPPER]).setup(first="A")
    b.charge("A", "T-000").proceed("A").rush("A", "T-961").proceed("A", 2)
    b.charge("B", "T-000").proceed("B").rush("B", "T-963")
    b.act("B", "resolve", source="T-963", use=True, targets=["A-4"])
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert [u.get("held") for u in player_state(r, "A")["rush"]] == [True]
    b.proceed("B", 2)  # B's turn ends
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert "RS-TURN-END-HELD-DISCARD" not in rules_applied(r, b.last)
    assert area_ids(r, "A", "rush") == ["A-4"]
    b.charge("A", "T-000").proceed("A", 3)  # A's turn ends
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert "RS-TURN-END-HELD-DISCARD" in rules_applied(r, b.last)
    assert area_ids(r, "A", "rush") == []
    assert player_state(r, "A")["discard"] == ["A-4"]


def test_RS_TURN_END_HELD_DISCARD_released_before_it_resolves_is_not_guessed() -> None:
    """A held rider with the note on a vehicle whose text releases its held rider as the turn
    ends: both trigger; the vehicle's resolved first releases it, and whether the note then
    still discards it the sources do not say."""
    from tests.games.rangers_strike.test_turn_end import BIKE

    rider = {
        **printed("T-964", f"{RUSH_HELD} {NOTE}", name="Rider", bp=1000, sp=0, size="S"),
        "features": ["魔皇力"],
    }
    b = LogBuilder([BIKE, rider]).setup(first="A")
    b.charge("A", "T-000").proceed("A").rush("A", "T-955").proceed("A", 2)
    b.pass_turn("B")
    b.charge("A", "T-000").proceed("A").rush("A", "T-964").proceed("A")
    b.enter("A", "T-964", ride="T-955").proceed("A")
    b.act("A", "resolve", source="T-955", use=True)  # the rider released first; the note next
    r = b.replay()
    assert verdict(r, b.last) == "unverifiable", r["steps"][b.last]
    (why,) = r["steps"][b.last]["unverifiable"]
    assert "is released now" in why
    assert player_state(r, "A")["discard"] == []
    # the other order: the held rider goes to the discard pile, the vehicle stays
    b.doc["actions"][-1] = {"p": "A", "do": "resolve", "source": "T-964"}
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert "RS-TURN-END-HELD-DISCARD" in rules_applied(r, b.last)
    assert [u["code"] for u in player_state(r, "A")["battle"]] == ["T-955"]
    assert player_state(r, "A")["discard"] == ["A-4"]
