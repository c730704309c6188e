"""Union Arena: "このキャラはレイド以外で登場できない" (a character that enters the field only
by a raid, UA-EFFECT-RAID-ONLY), on made-up cards: never played — from the hand, by an
effect or by a green COLOR trigger — but raided."""

from __future__ import annotations

from typing import Any

from judge.games.union_arena.reader import read_card
from judge.games.union_arena.testing import (
    board_at_turn_3,
    field_ids,
    free_character,
    rules_broken,
    texted,
    verdict,
)

RAID_ONLY = (
    "このキャラはレイド以外で登場できない。\n[レイド]〈ミラ〉アクティブにし、フロントLに移動できる"
)


def raid_only_card(**fields: Any) -> dict[str, Any]:
    """〈ソラ〉: raids onto 〈ミラ〉, and enters the field no other way."""
    return texted("T-SORA", RAID_ONLY, name="ソラ", raid={"onto": {"name": "ミラ"}}, **fields)


def main_scene(*cards: dict[str, Any], deck: list[str]) -> Any:
    """A's turn-3 main phase with 〈ミラ〉 (A-1) in the front line; the rest of ``deck`` in hand."""
    mira = free_character("T-MIRA", name="ミラ")
    return board_at_turn_3([mira, *cards], ["T-MIRA", *deck], [], a_front=("A-1",), phase="main")


def test_UA_EFFECT_RAID_ONLY_read_from_printed_text() -> None:
    r = read_card({"type": "character", "text": RAID_ONLY, "raid": {"onto": {"name": "ミラ"}}})
    assert r.understood
    assert {"when": "continuous", "do": [{"op": "raid_only"}]} in r.effects
    # an event or field has no such line to read
    assert not read_card(
        {"type": "event", "text": "このキャラはレイド以外で登場できない。"}
    ).understood


def test_UA_EFFECT_RAID_ONLY_a_play_from_the_hand_is_illegal() -> None:
    b = main_scene(raid_only_card(), deck=["T-SORA"])
    b.play("A", "A-2", to="energy_line")
    r = b.replay()
    assert rules_broken(r, b.last) == ["UA-EFFECT-RAID-ONLY"]


def test_UA_EFFECT_RAID_ONLY_a_raid_is_legal() -> None:
    b = main_scene(raid_only_card(), deck=["T-SORA"])
    b.act("A", "raid", card="A-2", onto="A-1")
    r = b.replay()
    assert verdict(r, b.last) == "legal", rules_broken(r, b.last)
    assert field_ids(r, "A", "front_line") == ["A-2"]


PLAY_ONE = "[登場時]自分の手札から[特徴:灯守]を1枚まで自分の場にレストで登場させる。"


def effect_scene(targets: list[Any]) -> Any:
    """A plays 〈コール〉 (A-2), whose effect may play a [灯守] from the hand; the only one there
    is the raid-only 〈ソラ〉 (A-3)."""
    player = texted("T-CALL", PLAY_ONE)
    b = main_scene(player, raid_only_card(traits=["灯守"]), deck=["T-CALL", "T-SORA"])
    return b.play("A", "A-2", to="front_line", targets=targets)


def test_UA_EFFECT_RAID_ONLY_a_play_by_an_effect_is_illegal() -> None:
    b = effect_scene(["A-3", {"to": "energy_line"}])
    r = b.replay()
    assert rules_broken(r, b.last) == ["UA-EFFECT-RAID-ONLY"]
    assert (
        "cannot enter the field except by a raid" in r["steps"][b.last]["violations"][0]["message"]
    )
    assert "A-3" not in field_ids(r, "A", "energy_line")


def test_UA_EFFECT_RAID_ONLY_a_play_by_an_effect_may_choose_none() -> None:
    b = effect_scene([])
    r = b.replay()
    assert verdict(r, b.last) == "legal", rules_broken(r, b.last)


def test_UA_EFFECT_RAID_ONLY_a_green_COLOR_trigger_cannot_play_it() -> None:
    sora = raid_only_card(color="green", energy={"green": 1}, ap=1)
    cards = [
        free_character("T-ATK"),
        free_character("T-COL", color="green", trigger="color"),
        sora,
    ]
    b = board_at_turn_3(cards, ["T-ATK"], ["T-COL", "T-SORA"], a_front=("A-1",))
    b.attack("A", "A-1").block("B").act("A", "pick_life", cards=[1], reveal=["T-COL"])
    b.act("B", "trigger", card="B-1", use=True, targets=["B-2"])
    r = b.replay()
    assert rules_broken(r, b.last) == ["UA-EFFECT-RAID-ONLY"]
