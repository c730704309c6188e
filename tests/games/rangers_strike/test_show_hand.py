"""Cards of one's hand shown, and an opposing unit of the number they make put face down as
damage (RS-SHOW-HAND, RS-CARDS-POWER-SUM, RS-TO-DAMAGE), on made-up cards in the catalogue's
sentence shape.

The sources' words, which the tests follow: "自分の手札からカードを2枚選び相手に見せてもよい。そうしたとき、
見せた2枚のカードの必要パワーの数字を合計して、その合計と同じ必要パワーの数字を持つ敵軍Sユニットを1体選び、持ち主
のパワーゾーンにダメージにして置く。" — the player *may* choose *two* cards of its hand and *show* them
(they stay in the hand: the text does nothing else to them); *when it did*, their numbers are
*added up* and an opposing *size S* unit whose number is *the same* goes face down into its
owner's power zone as damage.  The log names the cards (a hand is hidden: observed mode binds
them as they are shown).
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

FLUTTER = (
    "【乱れ蝶】自分の手札からカードを2枚選び相手に見せてもよい。そうしたとき、見せた2枚のカードの必要パワーの数字を合計"
    "して、その合計と同じ必要パワーの数字を持つ敵軍Sユニットを1体選び、持ち主のパワーゾーンにダメージにして置く。"
)


def _numbered(code: str, number: int, size: str = "S") -> dict[str, Any]:
    """A unit printed "N-" with its condition met: required power 0, its number N."""
    return {**card(code, name=code, bp=1000, sp=0, size=size), "power_number": number}


#: A's Number Combination 1 unit with the text and its cards numbered 2 and 3; B's units: size S
#: numbered 5 and 4, size M numbered 5
BUTTERFLY = printed(
    "T-734", FLUTTER, name="Butterfly", bp=2000, sp=0, combination={"number": 1}, size="S"
)
TWO, THREE = _numbered("T-735", 2), _numbered("T-736", 3)
FIVE, FIVE_M, FOUR = _numbered("T-737", 5), _numbered("T-738", 5, "M"), _numbered("T-739", 4)
CARDS = [BUTTERFLY, TWO, THREE, FIVE, FIVE_M, FOUR]


def _entered() -> LogBuilder:
    """B rushes Five, then FiveM and Four; A rushes Butterfly in its third turn and enters it
    first: its Number Combination 1 waits for A (five hidden cards in A's hand)."""
    b = LogBuilder(CARDS).setup(first="A")
    b.charge("A", "T-000").proceed("A", 3)
    b.charge("B", "T-000").proceed("B").rush("B", "T-737").proceed("B", 2)
    b.charge("A", "T-000").proceed("A", 3)
    b.charge("B", "T-000").proceed("B").rush("B", "T-738").rush("B", "T-739").proceed("B", 2)
    return b.charge("A", "T-000").proceed("A").rush("A", "T-734").proceed("A").enter("A", "T-734")


def _b_codes(r: dict[str, Any]) -> list[str]:
    return [u["code"] for u in player_state(r, "B")["rush"] + player_state(r, "B")["battle"]]


def _resolve(b: LogBuilder, **fields: Any) -> dict[str, Any]:
    b.act("A", "resolve", source="T-734", **fields)
    return b.replay()


def test_RS_SHOW_HAND_read_from_the_printed_combination_and_shown() -> None:
    (effect,) = read_card(
        {"type": "unit", "combination": {"number": 4}, "text": FLUTTER}
    ).combination
    assert effect == {
        "when": "combination",
        "optional": True,
        "do": [
            {"op": "choose_cards", "zone": "hand", "count": 2, "then": "show", "if_done": True},
            {
                "op": "to_damage",
                "target": {
                    "side": "opponent",
                    "zone": "field",
                    "count": 1,
                    "type": "unit",
                    "size": "S",
                    "power_equal": {"cards": "sum"},
                },
            },
        ],
        "text": FLUTTER,
    }
    assert render_card(BUTTERFLY)["reading"] == [
        "Number Combination 1 (optional: you may): choose 2 cards of your hand and show them to "
        "the opponent (kept in your hand), and if you do: put 1 size S unit (not a vehicle) "
        "whose required power is the sum of the required power numbers of the cards so shown in "
        "the opponent's rush or battle area face down into its owner's power zone, as damage."
    ]


def test_RS_SHOW_HAND_near_misses_are_not_read() -> None:
    def understood(text: str) -> bool:
        return read_card({"type": "unit", "combination": {"number": 4}, "text": text}).understood

    assert understood(FLUTTER)
    for text in (
        FLUTTER.replace("見せてもよい", "見せる"),  # no choice
        FLUTTER.replace("見せた2枚", "見せた3枚"),  # not the cards shown
        FLUTTER.replace("見せた2枚の", "選んだ"),  # cards only chosen: not these
        FLUTTER.replace("合計と同じ必要パワー", "合計と同じの必要パワー"),
        FLUTTER.replace("自分の手札から", "相手の手札から"),
        FLUTTER.replace("敵軍Sユニット", "自軍Sユニット"),
    ):
        assert not understood(text), text


def test_RS_SHOW_HAND_two_cards_make_5_and_a_size_S_unit_numbered_5_is_damage() -> None:
    b = _entered()
    r = _resolve(b, use=True, targets=["T-735", "T-736", "T-737"])
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert {"RS-SHOW-HAND", "RS-CARDS-POWER-SUM"} <= set(rules_applied(r, b.last))
    assert any("2 + A-7 (T-736) 3 = 5" in t for t in ruling_texts(r, b.last))
    assert sorted(_b_codes(r)) == ["T-738", "T-739"]
    assert player_state(r, "B")["damage"] == 1
    hand = player_state(r, "A")["hand"]
    assert hand[:2] == ["A-4", "A-7"] and len(hand) == 5  # shown and kept, seen now


def test_RS_SHOW_HAND_two_copies_of_one_card_count_twice() -> None:
    b = _entered()
    r = _resolve(b, use=True, targets=["T-735", "T-735", "T-739"])  # 2 + 2: Four
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert sorted(_b_codes(r)) == ["T-737", "T-738"]


def test_RS_SHOW_HAND_units_of_another_number_or_size_do_not_fit() -> None:
    for unit in ("T-739", "T-738"):  # Four (4), FiveM (size M)
        b = _entered()
        r = _resolve(b, use=True, targets=["T-735", "T-736", unit])
        assert verdict(r, b.last) == "illegal", unit
        assert "RS-EFFECT-TARGETS" in rules_broken(r, b.last)


def test_RS_SHOW_HAND_two_cards_are_shown_not_one() -> None:
    b = _entered()
    r = _resolve(b, use=True, targets=["T-736"])
    assert verdict(r, b.last) == "illegal"
    assert "RS-SHOW-HAND" in rules_broken(r, b.last)


def test_RS_SHOW_HAND_not_used_nothing_is_shown() -> None:
    b = _entered()
    r = _resolve(b, use=False)
    assert verdict(r, b.last) == "legal"
    assert player_state(r, "A")["hand"] == [None] * 5
    assert player_state(r, "B")["damage"] == 0


def test_RS_SHOW_HAND_which_cards_is_not_guessed() -> None:
    b = _entered()
    r = _resolve(b, use=True)
    assert verdict(r, b.last) == "unverifiable"
    assert "RS-SHOW-HAND" in rules_applied(r, b.last)
    assert player_state(r, "B")["damage"] == 0  # not carried out


def test_RS_SHOW_HAND_one_card_in_hand_showing_fewer_is_not_guessed() -> None:
    """A rushes fillers until one card is left in its hand: whether one card may be shown for
    "2枚選び" the sources do not say; not using the effect is legal either way."""
    b = LogBuilder(CARDS).setup(first="A")
    b.charge("A", "T-000").proceed("A").rush("A", "T-000").proceed("A", 2)
    b.charge("B", "T-000").proceed("B").rush("B", "T-737").proceed("B", 2)
    b.charge("A", "T-000").proceed("A").rush("A", "T-000").rush("A", "T-000").proceed("A", 2)
    b.pass_turn("B")
    b.charge("A", "T-000").proceed("A").rush("A", "T-000").rush("A", "T-734").proceed("A")
    b.enter("A", "T-734")
    assert player_state(b.replay(), "A")["hand"] == [None]
    for fields in ({"use": True}, {"use": True, "targets": ["T-735", "T-737"]}):
        r = _resolve(b, **fields)
        assert verdict(r, b.last) == "unverifiable", fields
        assert "RS-SHOW-HAND" in rules_applied(r, b.last)
        assert player_state(r, "B")["damage"] == 0
        b.doc["actions"].pop()
    r = _resolve(b)
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert player_state(r, "B")["damage"] == 0


def test_RS_SHOW_HAND_legal_actions_of_a_hidden_hand_name_no_card() -> None:
    from judge.core.replay import position

    b = _entered()
    listed = [a for a in position(b.log()).legal_actions() if a["do"] == "resolve"]
    assert {"p": "A", "do": "resolve", "source": "A-1", "use": False} in listed
    (used,) = [a for a in listed if a.get("use") is not False]
    assert used["targets"] == []  # the hand is hidden: its cards cannot be named here
