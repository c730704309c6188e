"""Union Arena: a character's original (printed) BP, "元々のBPがN以下の…" (UA-EFFECT-PRINTED-BP),
on made-up cards: the printed number decides, not the BP effects give the character now."""

from __future__ import annotations

from typing import Any

from judge.games.union_arena.reader import read_card
from judge.games.union_arena.testing import (
    board_at_turn_3,
    field_unit,
    free_character,
    rules_applied,
    rules_broken,
    texted,
    verdict,
)

#: "[登場時]自分のフロントLのキャラ全ては、このターン中、BP-1000。": lowers the front line first
LOWER_FRONT = {
    "when": "on_play",
    "do": [
        {
            "op": "bp",
            "amount": -1000,
            "until": "turn",
            "target": {"side": "own", "zone": "front_line", "type": "character", "all": True},
        }
    ],
}
RALLY = "[登場時]元々のBPが2000以下の自分の場のキャラ全ては、このターン中、BP+1000。"


def rally_scene(text: str = RALLY) -> Any:
    """A's front line: 〈ミラ〉 printed 2000 (A-1) and 〈ソラ〉 printed 3000 (A-2); in the main
    phase A plays the lowering card (printed 1000, A-3) to the energy line, then the card
    reading ``text`` (printed 3000, A-4) to the energy line."""
    cards = [
        free_character("T-MIRA", name="ミラ", bp=2000),
        free_character("T-SORA", name="ソラ", bp=3000),
        free_character("T-LOWER", bp=1000, effects=[LOWER_FRONT]),
        texted("T-RALLY", text, bp=3000),
    ]
    b = board_at_turn_3(
        cards,
        ["T-MIRA", "T-SORA", "T-LOWER", "T-RALLY"],
        [],
        a_front=("A-1", "A-2"),
        phase="main",
    )
    return b.play("A", "A-3", to="energy_line").play("A", "A-4", to="energy_line")


def bps(r: dict[str, Any]) -> list[int]:
    return [field_unit(r, "A", i)["bp"] for i in ("A-1", "A-2", "A-3", "A-4")]  # type: ignore[index]


def test_UA_EFFECT_PRINTED_BP_the_printed_number_decides_not_the_bp_now() -> None:
    b = rally_scene()
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert "UA-EFFECT-ALL" in rules_applied(r, b.last)
    # A-1: printed 2000, now 1000 -> raised; A-2: printed 3000, now 2000 (2000 or less) -> not;
    # A-3: printed 1000 -> raised; A-4: printed 3000 -> not
    assert bps(r) == [2000, 2000, 2000, 3000]


def test_UA_EFFECT_PRINTED_BP_without_original_it_is_the_bp_now() -> None:
    b = rally_scene("[登場時]BP2000以下の自分の場のキャラ全ては、このターン中、BP+1000。")
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert bps(r) == [2000, 3000, 2000, 3000]  # A-2 is 2000 now, so it is raised


def test_UA_EFFECT_PRINTED_BP_read_from_printed_text() -> None:
    r = read_card(
        {
            "type": "event",
            "text": "元々のBPが3500以下の自分の場のキャラ全ては、このターン中、BP+500。",
        }
    )
    assert r.understood
    (op,) = r.effects[0]["do"]
    assert op["target"] == {
        "side": "own",
        "zone": "field",
        "type": "character",
        "printed_bp_max": 3500,
        "all": True,
    }
    r = read_card(
        {
            "type": "event",
            "text": "元々のBPが4000以上の相手のフロントLのキャラを1枚選び、レストにする。",
        }
    )
    assert r.understood
    assert r.effects[0]["do"][0]["target"]["printed_bp_min"] == 4000


def test_UA_EFFECT_PRINTED_BP_not_read_of_a_field_or_twice() -> None:
    for text in (
        "元々のBPが2500以下の自分の場のフィールド全ては、このターン中、BP+500。",
        "元々のBPが2500以下の元々のBPが2000以下の自分の場のキャラ全ては、このターン中、BP+500。",
    ):
        assert not read_card({"type": "event", "text": text}).understood


def choose_scene(target: str) -> Any:
    """B's front line: printed 3000 (B-1) and printed 1500 (B-2); A plays a card that rests
    one of B's front-line characters whose original BP is 2000 or less, naming ``target``."""
    cards = [
        texted(
            "T-PICK", "[登場時]元々のBPが2000以下の相手のフロントLのキャラを1枚選び、レストにする。"
        ),
        free_character("T-BIG", bp=3000),
        free_character("T-SMALL", bp=1500),
    ]
    b = board_at_turn_3(
        cards, ["T-PICK"], ["T-BIG", "T-SMALL"], b_front=("B-1", "B-2"), phase="main"
    )
    return b.play("A", "A-1", to="front_line", targets=[target])


def test_UA_EFFECT_PRINTED_BP_a_chosen_card_above_it_is_illegal() -> None:
    b = choose_scene("B-1")
    r = b.replay()
    assert verdict(r, b.last) == "illegal"
    assert rules_broken(r, b.last) == ["UA-EFFECT-TARGETS"]


def test_UA_EFFECT_PRINTED_BP_a_chosen_card_within_it_is_legal() -> None:
    b = choose_scene("B-2")
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert field_unit(r, "B", "B-2")["rested"] is True  # type: ignore[index]


# -- the condition "相手のフロントLに元々のBPよりBPが低いキャラがある場合" -----------------------------

LOWERED_DRAW = (
    "[アタック時]相手のフロントLに元々のBPよりBPが低いキャラがある場合、カードを1枚引く。"
)


def shift_one(amount: int) -> dict[str, Any]:
    """ "[登場時]相手の場のキャラを1枚選び、このターン中、BP<amount>。" """
    target = {"side": "opponent", "zone": "field", "type": "character", "count": 1}
    return {
        "when": "on_play",
        "do": [{"op": "bp", "amount": amount, "until": "turn", "target": target}],
    }


def lowered_scene(amount: int | None, b_line: str = "front") -> tuple[Any, int]:
    """A's 〈ミラ〉 (A-1, front line) reads ``LOWERED_DRAW``; B's one character (B-1, printed
    3000) is in ``b_line``.  In the main phase A plays a card (A-2) that shifts B-1's BP by
    ``amount`` (None: A plays nothing), then attacks with A-1.  The log and the attack's step."""
    cards = [
        texted("T-MIRA", LOWERED_DRAW, name="ミラ"),
        free_character("T-SHIFT", effects=[shift_one(amount or 0)]),
        free_character("T-BIG", bp=3000),
    ]
    lines = {"b_front": ("B-1",)} if b_line == "front" else {"b_energy": ("B-1",)}
    b = board_at_turn_3(
        cards, ["T-MIRA", "T-SHIFT"], ["T-BIG"], a_front=("A-1",), phase="main", **lines
    )
    if amount is not None:
        b.play("A", "A-2", to="energy_line", targets=["B-1"])
    b.proceed("A", 1).attack("A", "A-1")
    return b, b.last


def drew(r: dict[str, Any], index: int) -> int:
    return sum(1 for e in r["steps"][index]["events"] if e["type"] == "draw")


def test_UA_EFFECT_PRINTED_BP_condition_holds_for_a_lowered_character() -> None:
    b, step = lowered_scene(-1000)
    r = b.replay()
    assert verdict(r, step) == "legal"
    assert field_unit(r, "B", "B-1")["bp"] == 2000  # type: ignore[index]
    assert drew(r, step) == 1


def test_UA_EFFECT_PRINTED_BP_condition_fails_at_its_printed_bp_or_above() -> None:
    for amount in (None, 1000):  # as printed, or raised
        b, step = lowered_scene(amount)
        r = b.replay()
        assert verdict(r, step) == "legal"
        assert drew(r, step) == 0


def test_UA_EFFECT_PRINTED_BP_condition_reads_only_the_line_it_names() -> None:
    b, step = lowered_scene(-1000, b_line="energy")
    r = b.replay()
    assert verdict(r, step) == "legal"
    assert field_unit(r, "B", "B-1")["bp"] == 2000  # type: ignore[index]
    assert drew(r, step) == 0


def test_UA_EFFECT_PRINTED_BP_condition_read_from_printed_text() -> None:
    r = read_card({"type": "character", "text": LOWERED_DRAW})
    assert r.understood
    assert r.effects[0]["do"] == [
        {
            "op": "draw",
            "n": 1,
            "if": {"side": "opponent", "zone": "bp_below_printed", "line": "front_line"},
        }
    ]
    then = "相手のフロントLに元々のBPよりBPが低いキャラがある場合、カードを1枚引く。"
    assert read_card({"type": "character", "text": "[登場時]カードを1枚引く。" + then}).understood
    # of one's own field, or after a BP change in the same effect (checked before it): not read
    for text in (
        "[アタック時]自分のフロントLに元々のBPよりBPが低いキャラがある場合、カードを1枚引く。",
        "[登場時]自分のフロントLのキャラを1枚選び、このターン中、BP+1000。" + then,
    ):
        assert not read_card({"type": "character", "text": text}).understood
