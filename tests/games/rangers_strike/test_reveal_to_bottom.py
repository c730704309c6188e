"""The deck's top card revealed, the unit SP 2 for the turn when that card fits, then the card put
at the bottom of the deck (RS-REVEAL-TO-BOTTOM), on made-up cards in the catalogue's sentence
shape.

The source's words, which the tests follow: "自軍ターン中、これがバトルエリアに出たとき、自軍山札の上から
1枚をオモテにしてもよい。そうしたとき、オモテにしたカードが特徴「炎神」を持つユニットカードなら、このターン、
これは「SP2」になる。その後、オモテにしたカードは山札の下に戻す。" (the player *may* reveal its deck's top
card; *when it did*, *if* that card is a *unit card* printing the feature 炎神, the unit is SP 2
*this turn*; *afterwards* the card goes to the *bottom* of the deck, whatever it is).
"""

from __future__ import annotations

from typing import Any

from judge.core.replay import replay
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

SWORD = (
    "【炎神剣】自軍ターン中、これがバトルエリアに出たとき、自軍山札の上から1枚をオモテにしてもよい。そうしたとき、"
    "オモテにしたカードが特徴「炎神」を持つユニットカードなら、このターン、これは「SP2」になる。その後、オモテに"
    "したカードは山札の下に戻す。"
)


def _with(d: dict[str, Any], *features: str) -> dict[str, Any]:
    return {**d, "features": list(features)}


#: A's unit (SP 1 printed); deck cards: a 炎神 unit, a plain unit, a 炎神 vehicle
GENERAL = _with(printed("T-610", SWORD, name="General", bp=5000, sp=1, size="L"), "炎神")
FLAME = _with(card("T-611", name="Flame", bp=1000, sp=0, size="M"), "炎神")
PLAIN = _with(card("T-612", name="Plain", bp=1000, sp=0, size="M"), "車両")
CAR = _with(card("T-613", "vehicle", name="Car", size="S"), "炎神")
CARDS = [GENERAL, FLAME, PLAIN, CAR]


def _entered(command: str = "T-000", **kw: Any) -> LogBuilder:
    """A rushes the General in turn 1 (holding ``command``, charged) and enters it: its effect
    waits for A's choice."""
    b = LogBuilder(CARDS, **kw).setup(first="A")
    b.charge("A", command).proceed("A").rush("A", "T-610").proceed("A")
    return b.enter("A", "T-610")


def _sp(r: dict[str, Any], index: int = -1) -> int:
    (unit,) = player_state(r, "A", index)["battle"]
    return int(unit["sp"])


def _deck(b: LogBuilder, index: int = -1) -> list[str | None]:
    return list(replay(b.log(), detail="full")["steps"][index]["snapshot"]["players"]["A"]["deck"])


def test_RS_REVEAL_TO_BOTTOM_read_and_shown() -> None:
    (effect,) = read_card({"type": "unit", "text": SWORD}).effects
    assert effect == {
        "when": "on_enter",
        "optional": True,
        "do": [
            {"op": "reveal", "if_done": True},
            {
                "op": "sp",
                "value": 2,
                "until": "turn",
                "if": {"revealed": {"type": "unit", "feature": "炎神"}},
            },
            {"op": "revealed_to_bottom"},
        ],
        "text": SWORD,
    }
    assert render_card(GENERAL)["reading"] == [
        "When it enters the battle area in your turn (optional: you may): reveal the top card of your deck, "
        "and if you do: if the card revealed is a unit card with the feature 炎神, this unit is "
        "SP 2 until the end of the turn; afterwards put the card revealed at the bottom of your "
        "deck."
    ]
    for near in (
        SWORD.replace("そうしたとき、", ""),
        SWORD.replace("山札の下に戻す", "山札の上に戻す"),
        SWORD.replace("ユニットカードなら", "ビークルカードなら"),
        SWORD.replace("その後、オモテにしたカードは山札の下に戻す。", ""),  # the card left on top
        SWORD.replace("このターン、", ""),  # for how long: not said
        "【炎神剣】自軍ターン中、これがバトルエリアに出たとき、自軍山札の上から1枚をオモテにしてもよい。",
    ):
        assert not read_card({"type": "unit", "text": near}).understood, near
    # an operation has no "これ" to make SP 2
    assert not read_card({"type": "operation", "text": SWORD.split("出たとき、")[1]}).understood


def test_RS_REVEAL_TO_BOTTOM_a_fitting_card_makes_the_unit_sp_2_and_goes_to_the_bottom() -> None:
    b = _entered()
    before = _deck(b)
    b.act("A", "resolve", source="T-610", use=True, targets=["T-611"])
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert "RS-REVEAL-TO-BOTTOM" in rules_applied(r, b.last)
    assert _sp(r) == 2
    after = _deck(b)
    assert len(after) == len(before) and after[-1] == "A-4"  # the first Flame, bound and shown
    assert after[:-1] == before[1:]
    # the SP holds for the turn: the strike deals 2
    b.strike("A", "T-610")
    assert player_state(b.replay(), "B")["damage"] == 2


def test_RS_REVEAL_TO_BOTTOM_another_card_changes_nothing_but_goes_to_the_bottom() -> None:
    for other in ("T-612", "T-613"):  # no 炎神; a vehicle card, not a unit card
        b = _entered()
        b.act("A", "resolve", source="T-610", use=True, targets=[other])
        r = b.replay()
        assert verdict(r, b.last) == "legal", (other, r["steps"][b.last])
        assert _sp(r) == 1, other
        assert _deck(b)[-1] is not None


def test_RS_REVEAL_TO_BOTTOM_not_used_nothing_happens() -> None:
    b = _entered()
    before = _deck(b)
    b.act("A", "resolve", source="T-610", use=False)
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert _sp(r) == 1 and _deck(b) == before


def test_RS_REVEAL_TO_BOTTOM_observed_a_card_not_named_is_not_guessed() -> None:
    b = _entered()
    b.act("A", "resolve", source="T-610", use=True)
    resolved = b.last
    b.proceed("A")
    r = b.replay()
    assert verdict(r, resolved) == "unverifiable"
    assert _sp(r, resolved) == 1
    assert verdict(r, b.last) == "uncertain"


def test_RS_REVEAL_TO_BOTTOM_seeded_the_engine_knows_the_top_card() -> None:
    b = _entered("T-610", mode="seeded", decks={"A": ["T-610"] * 40, "B": []})  # all Generals
    b.act("A", "resolve", source="T-610", use=True)
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert _sp(r) == 2  # a General revealed: a unit card with 炎神


def test_RS_REVEAL_TO_BOTTOM_a_card_that_cannot_be_on_top_is_illegal() -> None:
    b = _entered()
    b.act("A", "resolve", source="T-610", use=True, targets=["A-1"])  # the General itself
    r = b.replay()
    assert verdict(r, b.last) == "illegal"
    assert "RS-REVEAL" in rules_broken(r, b.last)


def test_RS_REVEAL_TO_BOTTOM_an_empty_deck_reveals_nothing_and_is_not_guessed() -> None:
    from judge.core.position import position_log

    (read,) = read_card(GENERAL).effects  # a position takes a card's effects as written
    general = {**card("T-610", name="General", bp=5000, sp=1, size="L", effects=[read])}
    doc = {
        "format": "judge-position/1",
        "game": "rangers-strike",
        "variant": "1v1",
        "players": [{"id": "A"}, {"id": "B"}],
        "cards": [general, FLAME],
        "start": {
            "turn": 5,
            "phase": "battle",
            "turn_player": "A",
            "first": "A",
            "entering": "A-1",
            "players": {
                "A": {"battle": [{"card": {"code": "T-610", "id": "A-1"}}], "deck": []},
                "B": {"deck": []},
            },
            "pending": [{"source": "A-1", "effect": 1}],
        },
    }
    log = position_log(doc)
    log["actions"] = [{"p": "A", "do": "resolve", "source": "A-1", "use": True}]
    r = replay(log)
    assert verdict(r, 0) == "unverifiable", r["steps"][0]
    assert "RS-REVEAL-TO-BOTTOM" in rules_applied(r, 0)
    assert _sp(r, 0) == 1
