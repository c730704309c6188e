"""Union Arena: "[レイド]を持つ…キャラカード" (a character card with [Raid] printed,
UA-EFFECT-HAS-RAID), chosen in the outside area, on made-up cards."""

from __future__ import annotations

from typing import Any

from judge.games.union_arena.reader import read_card
from judge.games.union_arena.testing import (
    board_at_turn_3,
    free_character,
    player_state,
    rules_broken,
    texted,
    verdict,
)

TAKE_RAIDER = "[登場時]自分の場外から[レイド]を持つ赤のキャラカードを1枚まで手札に加える。"
DISCARD_TWO = {"when": "on_play", "do": [{"op": "discard", "n": 2}]}
RAID_ONTO_MIRA = {"onto": {"name": "ミラ"}}


def raider_scene(*others: dict[str, Any]) -> Any:
    """A's turn-3 main phase: A-2 discards A-3 and A-4 (the ``others``) into the outside
    area; A-1 then takes one back as ``TAKE_RAIDER`` says."""
    cards = [
        texted("T-TAKE", TAKE_RAIDER),
        free_character("T-DUMP", effects=[DISCARD_TWO]),
        *others,
    ]
    deck = ["T-TAKE", "T-DUMP", *(o["code"] for o in others)]
    b = board_at_turn_3(cards, deck, [], phase="main")
    return b.play("A", "A-2", to="energy_line", targets=["A-3", "A-4"])


def test_UA_EFFECT_HAS_RAID_a_card_with_raid_fits() -> None:
    raider = free_character("T-RAIDER", color="red", raid=RAID_ONTO_MIRA)
    b = raider_scene(raider, free_character("T-PLAIN", color="red"))
    b.play("A", "A-1", to="front_line", targets=["A-3"])
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert "A-3" in player_state(r, "A")["hand"]


def test_UA_EFFECT_HAS_RAID_a_card_without_raid_does_not_fit() -> None:
    raider = free_character("T-RAIDER", color="red", raid=RAID_ONTO_MIRA)
    b = raider_scene(raider, free_character("T-PLAIN", color="red"))
    b.play("A", "A-1", to="front_line", targets=["A-4"])
    r = b.replay()
    assert rules_broken(r, b.last) == ["UA-EFFECT-TARGETS"]
    assert "A-4" in player_state(r, "A")["outside"]


def test_UA_EFFECT_HAS_RAID_the_colour_is_still_asked() -> None:
    blue = free_character("T-BLUE", color="blue", raid=RAID_ONTO_MIRA)
    b = raider_scene(blue, free_character("T-PLAIN", color="red"))
    b.play("A", "A-1", to="front_line", targets=["A-3"])
    r = b.replay()
    assert rules_broken(r, b.last) == ["UA-EFFECT-TARGETS"]


def test_UA_EFFECT_HAS_RAID_read_from_printed_text() -> None:
    r = read_card({"type": "character", "text": TAKE_RAIDER})
    assert r.understood
    assert r.effects[0]["do"][0]["target"] == {
        "side": "own",
        "zone": "outside",
        "card_type": "character",
        "color": "red",
        "has_raid": True,
        "count": 1,
        "up_to": True,
    }
    # not of an event or field card (only a character has a raid)
    for noun in ("[レイド]を持つイベントカード", "[レイド]を持つ[レイド]を持つキャラカード"):
        text = f"[登場時]自分の場外から{noun}を1枚まで手札に加える。"
        assert not read_card({"type": "character", "text": text}).understood
