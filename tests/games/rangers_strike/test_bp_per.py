"""A unit's own BP for each card counted (RS-BP-PER), on made-up cards in the catalogue's
sentence shapes.

The sources' words, which the tests follow: "※これは自軍パワーゾーンのオモテ向きのカード1枚につきBP+
1000される。" — for *each face-up* card of its player's power zone; atwiki 105 ダメージ: "パワーゾー
ンにあるウラ向きのカード1枚につき1点" (a card turned face down by damage is no longer face up, so
it no longer counts); the note is the unit's own text, in force wherever it stands.
"""

from __future__ import annotations

from judge.games.rangers_strike.reader import read_card
from judge.games.rangers_strike.render import render_card
from judge.games.rangers_strike.testing import LogBuilder, card, player_state, printed, verdict

NOTE = "※これは自軍パワーゾーンのオモテ向きのカード1枚につきBP+1000される。"
GALE = printed("T-310", NOTE, name="Gale", bp=500, sp=0)
BURN1 = card(
    "T-311", "operation", name="Burn One", effects=[{"when": "on_use", "do": [{"op": "damage"}]}]
)


def _gale_bp(b: LogBuilder) -> int:
    (unit,) = player_state(b.replay(), "A")["rush"]
    return int(unit["bp"])


def test_RS_BP_PER_read_from_the_printed_note_and_shown() -> None:
    r = read_card({"type": "unit", "text": NOTE})
    assert r.understood
    (effect,) = r.effects
    assert effect["when"] == "static"
    assert effect["do"] == [{"op": "bp", "amount": 1000, "per": {"count": "face_up_power"}}]
    assert render_card(GALE)["reading"] == [
        "Always: this unit gets BP +1000 for each face-up card in your power zone."
    ]
    # another count is not read
    assert not read_card({"type": "unit", "text": NOTE.replace("オモテ", "ウラ")}).understood


def test_RS_BP_PER_each_face_up_power_card_counts_and_a_face_down_one_does_not() -> None:
    b = LogBuilder([GALE, BURN1]).setup(first="A")
    b.charge("A", "T-000").proceed("A").rush("A", "T-310").proceed("A", 2)
    assert _gale_bp(b) == 500  # no card in A's power zone
    b.pass_turn("B")
    b.charge("A", "T-000", to="power").proceed("A", 3)
    assert _gale_bp(b) == 1500
    (face_up,) = player_state(b.replay(), "A")["power"]["face_up"]
    b.charge("B", "T-000").proceed("B").use("B", "T-311").take_damage("A", [face_up])
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert player_state(r, "A")["power"]["face_down"] == 1
    assert _gale_bp(b) == 500
