"""Texts of the end of a turn (RS-TURN-END): a vehicle that releases the held unit riding it
(RS-RELEASE-RIDER), on made-up cards in the catalogue's sentence shapes.

The sources' words, which the tests follow: "自分がターンを終えるとき、これにライドしているユニットがホールド状
態ならば、そのユニットをリリースしてもよい。" (at the end of its player's *own* turn, *if* the unit
riding it is held, the player *may* release it); "発動や解決のタイミングが「ターンを終えるとき」と指定
されているカードのテキストは、このフェイズ中に処理する" (atwiki renst 155: in the end phase);
"ホールド状態のユニットはスタートフェイズになってもリリースされず… これをリリースするには…カードの効果が
必要になる" (atwiki renst 157).
"""

from __future__ import annotations

from typing import Any

from judge.games.rangers_strike.reader import read_card
from judge.games.rangers_strike.render import render_card
from judge.games.rangers_strike.testing import (
    LogBuilder,
    card,
    game_state,
    player_state,
    printed,
    rules_applied,
    verdict,
)

VEIL = "【シャドウベール】自分がターンを終えるとき、これにライドしているユニットがホールド状態ならば、そのユニットをリリースしてもよい。"
RIDERS = "※特徴「魔皇力」を持つ自軍Sユニットは、RCを持っていなくてもこのビークルにライドできる。"


def _with(d: dict[str, Any], *features: str) -> dict[str, Any]:
    return {**d, "features": list(features)}


BIKE = printed("T-955", f"{RIDERS} {VEIL}", type="vehicle", name="Bike")
#: a rider rushed held, and one rushed released
SLEEPER = _with(
    printed(
        "T-956", "※これはラッシュするとき、可能ならホールド状態で置く。", name="Sleeper", size="S"
    ),
    "魔皇力",
)
WAKER = _with(card("T-957", name="Waker", bp=1000, sp=0, size="S"), "魔皇力")
CARDS = [BIKE, SLEEPER, WAKER]


def _rides(unit: str = "T-956", variant: str = "1v1") -> LogBuilder:
    """A rushes the Bike in turn 1 and ``unit`` in turn 3, which enters riding it; A ends its
    battle phase: its end phase begins."""
    b = LogBuilder(CARDS).setup(first="A")
    b.charge("A", "T-000").proceed("A").rush("A", "T-955").proceed("A", 2)
    b.pass_turn("B")
    b.charge("A", "T-000").proceed("A").rush("A", unit).proceed("A")
    return b.enter("A", unit, ride="T-955").proceed("A")


def _rider(r: dict[str, Any]) -> dict[str, Any]:
    a = player_state(r, "A")
    (unit,) = [u for u in a["rush"] + a["battle"] if u["code"] != "T-000"]
    return unit


def test_RS_TURN_END_read_from_the_printed_sentence_and_shown() -> None:
    r = read_card({"type": "vehicle", "text": f"{RIDERS} {VEIL}"})
    assert r.understood
    (effect,) = r.effects
    assert effect == {
        "when": "turn_end",
        "turn": "own",
        "if": {"rider_held": True},
        "optional": True,
        "do": [{"op": "release_rider"}],
        "text": VEIL,
    }
    assert render_card(BIKE)["reading"][0] == (
        "At the end of your turn, if the unit riding this vehicle is held (optional: you may): "
        "release the unit riding this vehicle."
    )
    for text in (
        VEIL.replace("リリースしてもよい", "リリースする"),  # not printed so: not read
        VEIL.replace("自分が", "相手が"),
        VEIL.replace("ホールド状態ならば", "リリース状態ならば"),
    ):
        assert not read_card({"type": "vehicle", "text": text}).understood, text
    # a unit's text: no vehicle is "これ"
    assert not read_card({"type": "unit", "text": VEIL}).understood


def test_RS_RELEASE_RIDER_the_held_rider_is_released_at_the_end_of_the_turn() -> None:
    b = _rides()
    r = b.replay()
    assert _rider(r).get("held") is True
    assert "RS-TURN-END" in rules_applied(r, b.last)
    assert r["steps"][b.last]["pending"][0]["kind"] == "resolve"
    assert game_state(r, b.last)["phase"] == "end"
    b.act("A", "resolve", source="T-955", use=True)
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert "RS-RELEASE-RIDER" in rules_applied(r, b.last)
    assert "RS-END" in rules_applied(r, b.last)  # then the turn ends
    assert not _rider(r).get("held")
    assert game_state(r, b.last)["turn_player"] == "B"


def test_RS_RELEASE_RIDER_not_used_it_stays_held() -> None:
    b = _rides()
    b.act("A", "resolve", source="T-955", use=False)
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert _rider(r).get("held") is True
    # not recorded: not used, the step unverifiable
    b = _rides().charge("B", "T-000")
    r = b.replay()
    assert _rider(r).get("held") is True
    assert verdict(r, b.last) == "unverifiable"


def test_RS_TURN_END_nothing_triggers_without_a_held_rider_or_in_the_opponents_turn() -> None:
    b = _rides("T-957")
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert "RS-TURN-END" not in rules_applied(r, b.last)
    assert game_state(r, b.last)["turn_player"] == "B"
    b = _rides()
    b.act("A", "resolve", source="T-955", use=False).charge("B", "T-000").proceed("B", 3)
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert "RS-TURN-END" not in rules_applied(r, b.last)  # B's turn ends: not A's
    assert _rider(r).get("held") is True


def test_RS_TURN_END_tag_battle_is_not_guessed() -> None:
    b = LogBuilder(CARDS, variant="tag").setup(first="A1")
    b.charge("A1", "T-000").proceed("A1").rush("A1", "T-955").proceed("A1", 2)
    b.charge("A2", "T-000").proceed("A2", 3)
    for p in ("B1", "B2"):
        b.charge(p, "T-000").proceed(p, 3)
    b.charge("A1", "T-000").proceed("A1").rush("A1", "T-956").proceed("A1")
    b.enter("A1", "T-956", ride="T-955").proceed("A1")
    r = b.replay()
    assert verdict(r, b.last) == "unverifiable", r["steps"][b.last]
    (why,) = r["steps"][b.last]["unverifiable"]
    assert "tag battle" in why
    assert "RS-TURN-END" in rules_applied(r, b.last)
    assert [u.get("held") for u in player_state(r, "A1")["battle"]] == [True]
