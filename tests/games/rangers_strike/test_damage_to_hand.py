"""A face-down power card (a point of damage) taken into the hand and, only if one was, the deck's
top card put face down in its place (RS-DAMAGE-TO-HAND), on made-up cards in the catalogue's
sentence shape.

The sources' words, which the tests follow: "自軍パワーのダメージになっているカードをウラ向きのまま1枚選び、
手札に加えてもよい。そうしたとき、自軍山札の上から1枚ひいて自軍パワーゾーンにウラ向きに置く。" (the player
*may* take one card that is *a point of damage* of its own power zone into its hand *unturned*; *when
it did*, the top card of its deck goes *face down* into its power zone); a face-down power card is a
point of damage ("パワーゾーンにあるウラ向きのカード1枚につき1点", atwiki renst 105), and nobody looks at
the card so put ("「見る」や「オモテにする」といった類の記述がないからです", atwiki renst 1207).
"""

from __future__ import annotations

from typing import Any

from judge.core.position import position_log
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

EMBER = (
    "【取り戻す炎心】自軍パワーのダメージになっているカードをウラ向きのまま1枚選び、手札に加えてもよい。"
    "そうしたとき、自軍山札の上から1枚ひいて自軍パワーゾーンにウラ向きに置く。"
)
#: A's Number Combination 1 unit; a card for A's power zone; B's strikers, SP 1 and SP 2
MOON = printed("T-606", EMBER, name="Moon", bp=1000, sp=0, size="M", combination={"number": 1})
GEM = card("T-608", name="Gem", bp=1000, sp=0, size="S")
STRIKER = card("T-607", name="Striker", bp=1000, sp=1, size="S")
DOUBLE = card("T-609", name="Double", bp=1000, sp=2, size="S")
CARDS = [MOON, GEM, STRIKER, DOUBLE]


def _combined(
    *, gem: bool = True, striker: str | None = "T-607", taken: list[str] | None = None
) -> LogBuilder:
    """A charges the Gem into its power zone (``gem``) in turn 1; in turn 2 B rushes
    ``striker``, enters it and strikes A (A turns ``taken`` face down: by default the Gem, when
    it has it; the rest of the damage comes from its deck's top, unknown); in turn 3 A rushes
    the Moon and enters it: its Number Combination 1 waits for A's choice."""
    b = LogBuilder(CARDS).setup(first="A")
    b.charge("A", "T-608" if gem else "T-000", to="power" if gem else "command").proceed("A", 3)
    b.charge("B", "T-000").proceed("B")
    if striker is not None:
        b.rush("B", striker).proceed("B").enter("B", striker).strike("B", striker)
        if gem:
            b.take_damage("A", taken if taken is not None else ["T-608"])
        b.proceed("B")
    else:
        b.proceed("B", 2)
    b.charge("A", "T-000").proceed("A").rush("A", "T-606").proceed("A")
    return b.enter("A", "T-606")


def _a(r: dict[str, Any], index: int = -1) -> tuple[int, list[str | None], int]:
    """A's damage, hand and deck size."""
    ps = player_state(r, "A", index)
    return ps["damage"], ps["hand"], ps["deck"]


def test_RS_DAMAGE_TO_HAND_read_and_shown() -> None:
    unit = {"type": "unit", "combination": {"number": 2}}
    (effect,) = read_card({**unit, "text": EMBER}).combination
    assert effect == {
        "when": "combination",
        "optional": True,
        "do": [{"op": "damage_to_hand", "if_done": True}, {"op": "top_to_damage"}],
        "text": EMBER,
    }
    assert render_card(MOON)["reading"] == [
        "Number Combination 1 (optional: you may): take 1 face-down card (a point of damage) of "
        "your power zone into your hand, without turning it face up, and if you do: put the top "
        "card of your deck face down into your power zone without looking at it (a point of "
        "damage)."
    ]
    for near in (
        EMBER.replace("ウラ向きのまま", ""),  # turned face up? not said
        EMBER.replace("1枚選び", "2枚選び"),
        EMBER.replace("そうしたとき、", ""),  # the second part whatever was done
        EMBER.replace("ウラ向きに置く", "オモテ向きに置く"),
        EMBER.replace("手札に加えてもよい", "手札に加える"),  # no choice, so no そうしたとき
        "【X】自軍山札の上から1枚ひいて自軍パワーゾーンにウラ向きに置く。",  # alone
    ):
        assert not read_card({**unit, "text": near}).understood, near


def test_RS_DAMAGE_TO_HAND_the_card_named_into_the_hand_the_deck_top_in_its_place() -> None:
    b = _combined()
    r = b.replay()
    damage, hand, deck = _a(r)
    assert damage == 1 and player_state(r, "A")["power"]["face_up"] == []
    b.act("A", "resolve", source="T-606", use=True, targets=["T-608"])
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert "RS-DAMAGE-TO-HAND" in rules_applied(r, b.last)
    assert _a(r) == (1, [*hand, "A-4"], deck - 1)  # the Gem in hand, damage 1 again
    assert player_state(r, "A")["power"] == {"face_up": [], "face_down": 1}
    # the opponent sees that a card was taken, not which
    b_view = replay(b.log(), perspective="B")["steps"][b.last]["events"]
    assert not any("Gem" in e["text"] for e in b_view)


def test_RS_DAMAGE_TO_HAND_not_used_nothing_happens() -> None:
    b = _combined()
    damage, hand, deck = _a(b.replay())
    b.act("A", "resolve", source="T-606", use=False)
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert _a(r) == (damage, hand, deck)


def test_RS_DAMAGE_TO_HAND_no_damage_so_nothing_follows() -> None:
    b = _combined(striker=None)
    damage, hand, deck = _a(b.replay())
    assert damage == 0
    b.act("A", "resolve", source="T-606", use=True)
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert "RS-IF-DONE" in rules_applied(r, b.last)
    assert _a(r) == (0, hand, deck)


def test_RS_DAMAGE_TO_HAND_a_card_that_is_not_a_point_of_damage_cannot_be_taken() -> None:
    b = _combined()
    b.act("A", "resolve", source="T-606", use=True, targets=["T-607"])  # B's, and not there
    r = b.replay()
    assert verdict(r, b.last) == "illegal"
    assert "RS-CARD-IN-ZONE" in rules_broken(r, b.last)


def test_RS_DAMAGE_TO_HAND_an_unknown_point_of_damage_not_named_is_no_choice() -> None:
    b = _combined(gem=False)  # the damage came from A's deck top, unseen
    damage, hand, deck = _a(b.replay())
    assert damage == 1
    b.act("A", "resolve", source="T-606", use=True)
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert _a(r) == (1, [*hand, None], deck - 1)


def test_RS_DAMAGE_TO_HAND_observed_naming_an_unknown_point_of_damage_binds_it() -> None:
    b = _combined(gem=False)
    damage, hand, deck = _a(b.replay())
    b.act("A", "resolve", source="T-606", use=True, targets=["T-609"])
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert _a(r) == (1, [*hand, "A-10"], deck - 1)  # the first unseen Double (A-10…A-12)


def test_RS_DAMAGE_TO_HAND_not_named_among_a_known_and_an_unknown_card_is_not_guessed() -> None:
    b = _combined(striker="T-609")  # 2 damage: the Gem turned, then A's deck top
    damage, hand, deck = _a(b.replay())
    assert damage == 2
    b.act("A", "resolve", source="T-606", use=True)
    resolved = b.last
    b.proceed("A")
    r = b.replay()
    assert verdict(r, resolved) == "unverifiable"
    assert "RS-DAMAGE-TO-HAND" in rules_applied(r, resolved)
    assert _a(r, resolved) == (damage, hand, deck)  # not carried out
    assert verdict(r, b.last) == "uncertain"


def test_RS_DAMAGE_TO_HAND_the_resolves_listed_as_legal_are_judged_legal() -> None:
    from judge.core.replay import position

    listed = [a for a in position(_combined().log()).legal_actions() if a["do"] == "resolve"]
    assert [(a.get("targets"), a.get("use")) for a in listed] == [(["A-4"], None), (None, False)]
    for action in listed:
        b = _combined()
        b.act("A", "resolve", **{k: v for k, v in action.items() if k not in ("p", "do")})
        assert verdict(b.replay(), b.last) == "legal", action


def _six_damage(deck: list[str]) -> dict[str, Any]:
    """A position: A's turn 5, battle phase; A's Moon has just entered, its combination waiting
    (written as the reader reads it: a position takes a card's effects as written); A has 6
    damage (the Gem, A-2, one of them) and ``deck`` (codes, top first)."""
    (read,) = read_card(MOON).combination
    moon = card(
        "T-606", name="Moon", bp=1000, sp=0, size="M", combination={"number": 1, "effects": [read]}
    )
    return {
        "format": "judge-position/1",
        "game": "rangers-strike",
        "variant": "1v1",
        "players": [{"id": "A"}, {"id": "B"}],
        "cards": [moon, GEM, STRIKER, DOUBLE],
        "start": {
            "turn": 5,
            "phase": "battle",
            "turn_player": "A",
            "first": "A",
            "entering": "A-1",
            "players": {
                "A": {
                    "battle": [{"card": {"code": "T-606", "id": "A-1"}}],
                    "power": [{"card": {"code": "T-608", "id": "A-2"}, "face_up": False}]
                    + [
                        {"card": {"code": "T-607", "id": f"A-{i}"}, "face_up": False}
                        for i in range(3, 8)
                    ],
                    "hand": [],
                    "deck": [{"code": c, "id": f"A-{8 + k}"} for k, c in enumerate(deck)],
                    "discard": [],
                },
                "B": {"hand": [], "deck": [], "discard": []},
            },
            "pending": [{"source": "A-1", "combination": True}],
        },
    }


def _resolved(deck: list[str]) -> dict[str, Any]:
    log = position_log(_six_damage(deck))
    log["actions"] = [{"p": "A", "do": "resolve", "source": "A-1", "use": True, "targets": ["A-2"]}]
    return replay(log)


def test_RS_DAMAGE_TO_HAND_six_damage_stay_six() -> None:
    r = _resolved(["T-609"])
    assert verdict(r, 0) == "legal", r["steps"][0]
    ps = player_state(r, "A", 0)
    assert ps["damage"] == 6 and ps["hand"] == ["A-2"] and ps["deck"] == 0
    assert r["summary"]["result"] is None  # the game goes on
    assert "RS-LOSS-DAMAGE" not in rules_applied(r, 0)


def test_RS_DAMAGE_TO_HAND_an_empty_deck_is_not_guessed() -> None:
    log = position_log(_six_damage([]))
    log["actions"] = [{"p": "A", "do": "resolve", "source": "A-1", "use": True, "targets": ["A-2"]}]
    r = replay(log)
    assert verdict(r, 0) == "unverifiable", r["steps"][0]
    assert "RS-DAMAGE-TO-HAND" in rules_applied(r, 0)
    ps = player_state(r, "A", 0)
    assert ps["damage"] == 5 and ps["hand"] == ["A-2"]
