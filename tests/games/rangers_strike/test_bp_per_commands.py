"""A unit's own BP for each command of its player's with a feature (RS-BP-PER-COMMANDS), on
made-up cards in the catalogue's sentence shape.

The source's words, which the tests follow (the card's printed text): "※これは特徴「レッド」を持つ自軍
コマンド1つにつきBP+1000される。" — for *each* of its player's *commands* (the cards of its command
zone, held or released) *with the feature*; the note is the unit's own text, in force wherever it
stands.
"""

from __future__ import annotations

from typing import Any

from judge.games.rangers_strike.reader import read_card
from judge.games.rangers_strike.render import render_card
from judge.games.rangers_strike.testing import LogBuilder, card, player_state, printed, verdict

NOTE = "※これは特徴「レッド」を持つ自軍コマンド1つにつきBP+1000される。"
CAPTAIN = printed("T-780", NOTE, name="Captain", bp=2000, sp=0)
#: cards with the feature and without it, to charge
RED = {**card("T-781", name="Red", bp=1000, sp=0), "features": ["レッド", "男"]}
BLUE = {**card("T-782", name="Blue", bp=1000, sp=0), "features": ["ブルー"]}
CARDS = [CAPTAIN, RED, BLUE]


def _captain_bp(r: dict[str, Any]) -> int:
    return int(next(u["bp"] for u in player_state(r, "A")["rush"] if u["code"] == "T-780"))


def test_RS_BP_PER_COMMANDS_read_from_the_printed_note_and_shown() -> None:
    r = read_card({"type": "unit", "text": NOTE})
    assert r.understood
    (effect,) = r.effects
    assert effect["when"] == "static"
    assert effect["do"] == [
        {"op": "bp", "amount": 1000, "per": {"count": "own_commands", "feature": "レッド"}}
    ]
    assert render_card(CAPTAIN)["reading"] == [
        "Always: this unit gets BP +1000 for each card in your command zone (held or released) "
        "with the feature レッド."
    ]
    for text in (
        NOTE.replace("自軍コマンド", "敵軍コマンド"),
        NOTE.replace("1つにつき", "1枚につき"),
        NOTE.replace("特徴「レッド」を持つ", ""),
    ):
        assert not read_card({"type": "unit", "text": text}).understood, text


def test_RS_BP_PER_COMMANDS_each_command_with_the_feature_held_or_released_counts() -> None:
    b = LogBuilder(CARDS).setup(first="A")
    b.charge("A", "T-782").proceed("A").rush("A", "T-780").proceed("A", 2)
    assert _captain_bp(b.replay()) == 2000  # Blue (held) has no レッド
    b.pass_turn("B")
    b.charge("A", "T-781").proceed("A", 3)  # Red, released
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert _captain_bp(r) == 3000
    b.pass_turn("B")
    b.charge("A", "T-781", to="power").proceed("A").rush("A", "T-000", hold="T-781")
    r = b.replay()  # Red in the power zone does not count; the Red command held still does
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert sum(1 for c in player_state(r, "A")["command"] if c.get("held")) == 1
    assert _captain_bp(r) == 3000
