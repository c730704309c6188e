"""Union Arena: "[退場時]このキャラのレイド元のカードを1枚まで手札に戻す" (the cards a retired
raided character was raided onto, in the outside area by then: UA-EFFECT-RAID-SOURCE), on
made-up cards."""

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

BACK = "[退場時]このキャラのレイド元のカードを1枚まで手札に戻す。"
RAIDER = "[レイド]〈ミラ〉アクティブにし、フロントLに移動できる\n" + BACK
#: "[登場時]自分のフロントLのキャラを1枚選び、退場させる。"
RETIRE_OWN = {
    "when": "on_play",
    "do": [
        {
            "op": "retire",
            "target": {"side": "own", "zone": "front_line", "type": "character", "count": 1},
        }
    ],
}


def retired_scene(raided: bool) -> Any:
    """A's turn-3 main phase: 〈ミラ〉 (A-1) in the front line, 〈ソラ〉 (A-2) raided onto it
    (``raided``) or played beside it; A plays A-3, which retires 〈ソラ〉; A-4 is discarded
    into the outside area before, by A-5."""
    cards = [
        free_character("T-MIRA", name="ミラ"),
        texted("T-SORA", RAIDER, name="ソラ", raid={"onto": {"name": "ミラ"}}),
        free_character("T-END", effects=[RETIRE_OWN]),
        free_character("T-JUNK"),
        free_character("T-DUMP", effects=[{"when": "on_play", "do": [{"op": "discard", "n": 1}]}]),
    ]
    deck = ["T-MIRA", "T-SORA", "T-END", "T-JUNK", "T-DUMP"]
    b = board_at_turn_3(cards, deck, [], a_front=("A-1",), phase="main")
    b.play("A", "A-5", to="energy_line", targets=["A-4"])
    if raided:
        b.act("A", "raid", card="A-2", onto="A-1")
    else:
        b.play("A", "A-2", to="front_line")
    return b.play("A", "A-3", to="energy_line", targets=["A-2"])


def outside(r: dict[str, Any]) -> list[str]:
    return player_state(r, "A")["outside"]


def test_UA_EFFECT_RAID_SOURCE_the_card_under_it_returns_to_the_hand() -> None:
    b = retired_scene(raided=True)
    assert {"A-1", "A-2"} <= set(outside(b.replay()))  # the stack left: both are outside
    b.act("A", "resolve", source="A-2", targets=["A-1"])
    r = b.replay()
    assert verdict(r, b.last) == "legal", rules_broken(r, b.last)
    assert "A-1" in player_state(r, "A")["hand"] and "A-1" not in outside(r)


def test_UA_EFFECT_RAID_SOURCE_another_card_of_the_outside_area_is_illegal() -> None:
    for other in ("A-4", "A-2"):  # a card discarded before, the retired top card itself
        b = retired_scene(raided=True)
        b.act("A", "resolve", source="A-2", targets=[other])
        r = b.replay()
        assert rules_broken(r, b.last) == ["UA-EFFECT-TARGETS"], other


def test_UA_EFFECT_RAID_SOURCE_not_raided_it_has_none() -> None:
    b = retired_scene(raided=False)
    b.act("A", "resolve", source="A-2", targets=["A-4"])
    r = b.replay()
    assert rules_broken(r, b.last) == ["UA-EFFECT-TARGETS"]
    b = retired_scene(raided=False)
    b.act("A", "resolve", source="A-2", targets=[])
    r = b.replay()
    assert verdict(r, b.last) == "legal", rules_broken(r, b.last)


def test_UA_EFFECT_RAID_SOURCE_read_from_printed_text() -> None:
    r = read_card({"type": "character", "text": BACK})
    assert r.understood
    assert r.effects[0] == {
        "when": "on_retire",
        "do": [
            {
                "op": "to_hand",
                "target": {
                    "side": "own",
                    "zone": "outside",
                    "raid_source": True,
                    "count": 1,
                    "up_to": True,
                },
            }
        ],
    }
    # at another timing the cards under it are on the field: not read
    text = "[登場時]このキャラのレイド元のカードを1枚まで手札に戻す。"
    assert not read_card({"type": "character", "text": text}).understood
