"""Two cards of one's hand shown, an opposing unit of the battle area held, and the unit's BP
raised for the turn when the cards print two numbers (RS-SHOWN-NUMBERS-BP), on made-up cards in
the catalogue's sentence shape.

The source's words, which the tests follow (the card's printed text): "自分の手札を2枚選び、相手に
見せてもよい。そうしたとき、敵軍バトルエリアのSユニットを1体選びホールドする。その後、見せたカードの必要パワーの
数字が「2」と「6」なら、このターン、このユニットのBPを+3000する。" — the player *may* choose *two*
cards of its hand and *show* them (kept in the hand); *when it did*, one opposing *size S* unit
of the *battle area* is held (it must be, when one can be); *then*, *if* the numbers the cards
shown print are *2 and 6*, the unit's BP is +3000 *for the turn*.
"""

from __future__ import annotations

from typing import Any

from judge.games.rangers_strike.reader import read_card
from judge.games.rangers_strike.render import render_card
from judge.games.rangers_strike.testing import (
    LogBuilder,
    card,
    player_state,
    printed,
    rules_applied,
    rules_broken,
    ruling_texts,
    verdict,
)

SLASH = (
    "【閃光斬】自分の手札を2枚選び、相手に見せてもよい。そうしたとき、敵軍バトルエリアのSユニットを1体選びホール"
    "ドする。その後、見せたカードの必要パワーの数字が「2」と「6」なら、このターン、このユニットのBPを+3000する。"
)


def _numbered(code: str, number: int, size: str = "S") -> dict[str, Any]:
    """A unit printed "N-" with its condition met: required power 0, its number N."""
    return {**card(code, name=code, bp=1000, sp=0, size=size), "power_number": number}


#: A's rider with the rider combination RC and its vehicle; A's cards numbered 2, 6 and 3;
#: B's units: size S and size M for its battle area, size S for its rush area
SWORD = {
    **printed("T-760", SLASH, name="Sword", bp=2000, sp=0, size="S"),
    "combination": {"rc": True},
}
BIKE = card("T-761", "vehicle", name="Bike")
TWO, SIX, THREE = _numbered("T-762", 2), _numbered("T-763", 6), _numbered("T-764", 3)
FOE, FOE_M, STAY = (
    _numbered("T-765", 4),
    _numbered("T-766", 4, "M"),
    _numbered("T-767", 4),
)
CARDS = [SWORD, BIKE, TWO, SIX, THREE, FOE, FOE_M, STAY]


def _rode_off() -> LogBuilder:
    """B rushes Foe, then FoeM and Stay, and enters Foe and FoeM; in its third turn A rushes
    Bike and Sword, enters Sword riding Bike and rides off: the rider combination waits for A
    (its hand hidden)."""
    b = LogBuilder(CARDS).setup(first="A")
    b.charge("A", "T-000").proceed("A", 3)
    b.charge("B", "T-000").proceed("B").rush("B", "T-765").proceed("B", 2)
    b.charge("A", "T-000").proceed("A", 3)
    b.charge("B", "T-000").proceed("B").rush("B", "T-766").rush("B", "T-767").proceed("B")
    b.enter("B", "T-765").enter("B", "T-766").proceed("B")
    b.charge("A", "T-000").proceed("A").rush("A", "T-761").rush("A", "T-760").proceed("A")
    return b.enter("A", "T-760", ride="T-761").ride_off("A", "T-760")


def _resolve(b: LogBuilder, **fields: Any) -> dict[str, Any]:
    b.act("A", "resolve", source="T-760", **fields)
    return b.replay()


def _sword_bp(r: dict[str, Any]) -> int:
    return int(next(u["bp"] for u in player_state(r, "A")["battle"] if u["code"] == "T-760"))


def _held(r: dict[str, Any]) -> dict[str, bool]:
    units = player_state(r, "B")["rush"] + player_state(r, "B")["battle"]
    return {u["code"]: bool(u.get("held")) for u in units}


def test_RS_SHOWN_NUMBERS_BP_read_from_the_printed_rider_combination() -> None:
    (effect,) = read_card({"type": "unit", "combination": {"rc": True}, "text": SLASH}).combination
    assert effect == {
        "when": "combination",
        "optional": True,
        "do": [
            {"op": "choose_cards", "zone": "hand", "count": 2, "then": "show", "if_done": True},
            {
                "op": "hold",
                "target": {
                    "side": "opponent",
                    "zone": "battle",
                    "count": 1,
                    "type": "unit",
                    "size": "S",
                    "released": True,
                },
            },
            {"op": "bp", "amount": 3000, "until": "turn", "cards_are": [2, 6]},
        ],
        "text": SLASH,
    }
    (said,) = render_card(SWORD)["reading"]
    assert "choose 2 cards of your hand and show them to the opponent" in said
    assert "hold 1 size S unit" in said
    assert "if the required power numbers of the cards so shown are 2 and 6" in said
    assert "this unit gets BP +3000 until the end of the turn" in said


def test_RS_SHOWN_NUMBERS_BP_near_misses_are_not_read() -> None:
    def understood(text: str) -> bool:
        return read_card({"type": "unit", "combination": {"rc": True}, "text": text}).understood

    assert understood(SLASH)
    for text in (
        SLASH.replace("見せてもよい", "見せる"),  # no choice
        SLASH.replace("手札を2枚", "手札を3枚"),  # three cards for two numbers
        SLASH.replace("見せたカード", "選んだカード"),  # not the cards shown
        SLASH.replace("その後、", ""),
        SLASH.replace("このターン、", ""),  # no duration
        SLASH.replace("敵軍バトルエリアのSユニット", "自軍バトルエリアのSユニット"),
        SLASH.replace("なら、", "以上なら、"),
    ):
        assert not understood(text), text
    # a unit's own effect as it enters, not a combination's: not this shape
    assert not read_card({"type": "unit", "text": SLASH}).understood


def test_RS_SHOWN_NUMBERS_BP_2_and_6_hold_the_unit_and_raise_the_bp() -> None:
    b = _rode_off()
    before = _sword_bp(b.replay())
    cards = len(player_state(b.replay(), "A")["hand"])
    r = _resolve(b, use=True, targets=["T-763", "T-762", "T-765"])
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert {"RS-SHOW-HAND", "RS-SHOWN-NUMBERS-BP"} <= set(rules_applied(r, b.last))
    assert _held(r) == {"T-765": True, "T-766": False, "T-767": False}
    assert _sword_bp(r) == before + 3000
    assert any("asks for 「2」 and 「6」, so the unit's BP" in t for t in ruling_texts(r, b.last))
    hand = player_state(r, "A")["hand"]
    assert len(hand) == cards and hand[:2] == ["A-10", "A-7"]  # shown and kept, seen now


def test_RS_SHOWN_NUMBERS_BP_other_numbers_hold_but_give_no_bp() -> None:
    b = _rode_off()
    before = _sword_bp(b.replay())
    r = _resolve(b, use=True, targets=["T-762", "T-764", "T-765"])  # 2 and 3
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert _held(r)["T-765"] is True
    assert _sword_bp(r) == before
    assert any("so no BP is given" in t for t in ruling_texts(r, b.last))


def test_RS_SHOWN_NUMBERS_BP_only_a_size_S_unit_of_the_battle_area() -> None:
    for unit in ("T-766", "T-767"):  # FoeM (size M), Stay (the rush area)
        b = _rode_off()
        r = _resolve(b, use=True, targets=["T-763", "T-762", unit])
        assert verdict(r, b.last) == "illegal", unit
        assert "RS-EFFECT-TARGETS" in rules_broken(r, b.last)


def test_RS_SHOWN_NUMBERS_BP_two_cards_are_shown_not_one() -> None:
    b = _rode_off()
    r = _resolve(b, use=True, targets=["T-763"])
    assert verdict(r, b.last) == "illegal"
    assert "RS-SHOW-HAND" in rules_broken(r, b.last)


def test_RS_SHOWN_NUMBERS_BP_not_used_nothing_is_shown_held_or_raised() -> None:
    b = _rode_off()
    before = _sword_bp(b.replay())
    r = _resolve(b, use=False)
    assert verdict(r, b.last) == "legal"
    assert not any(_held(r).values())
    assert _sword_bp(r) == before


def test_RS_SHOWN_NUMBERS_BP_which_cards_is_not_guessed() -> None:
    b = _rode_off()
    before = _sword_bp(b.replay())
    r = _resolve(b, use=True)
    assert verdict(r, b.last) == "unverifiable"
    assert "RS-SHOW-HAND" in rules_applied(r, b.last)
    assert not any(_held(r).values())  # not carried out
    assert _sword_bp(r) == before
