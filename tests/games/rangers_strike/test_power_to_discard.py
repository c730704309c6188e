"""A card of one's own power zone discarded, and an opposing unit of the same required power
number destroyed (RS-POWER-TO-DISCARD, RS-CARDS-POWER-SUM), on made-up cards in the catalogue's
sentence shape.

The sources' words, which the tests follow: "これをラッシュしたとき、自軍パワーゾーンからカードを1枚選び捨
札にしてもよい。そうしたとき、捨札にしたカードの必要パワーの数字と同じ必要パワーの数字を持つ敵軍Sユニットを1体
選び、撃破する。" — the player *may* choose *a card* of its power zone and discard it; *when it did*,
an opposing *size S* unit whose number is *the same* is chosen and destroyed.  The text says カード
where others say オモテ向きのカード (face up only) or ダメージ以外のカード (not damage): whether a
face-down card (a point of damage, "パワーゾーンにあるウラ向きのカード1枚につき1点", atwiki renst 105)
may be chosen the sources do not say, so such a choice is carried out as recorded and the step is
unverifiable.
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

DRIVE = (
    "【ファイヤードライブ】これをラッシュしたとき、自軍パワーゾーンからカードを1枚選び捨札にしてもよい。そうしたとき、"
    "捨札にしたカードの必要パワーの数字と同じ必要パワーの数字を持つ敵軍Sユニットを1体選び、撃破する。"
)


def _numbered(code: str, number: int, size: str = "S", **kw: Any) -> dict[str, Any]:
    """A card printed "N-" with its condition met: required power 0, its number N."""
    return {**card(code, name=code, bp=1000, sp=0, size=size, **kw), "power_number": number}


#: A's unit with the text; A's power cards numbered 4 and 5; B's units: size S numbered 4 and
#: 5, size M numbered 4; B's operation dealing a point of damage
DRIVER = printed("T-727", DRIVE, name="Driver", bp=3000, sp=1, size="S")
QUAD = _numbered("T-731", 4)
PENTA = _numbered("T-732", 5)
FOUR = _numbered("T-728", 4)
FOUR_M = _numbered("T-729", 4, size="M")
FIVE = _numbered("T-730", 5)
BURN = card(
    "T-733", "operation", name="Burn", effects=[{"when": "on_use", "do": [{"op": "damage"}]}]
)
CARDS = [DRIVER, QUAD, PENTA, FOUR, FOUR_M, FIVE, BURN]


def _rushed(powers: tuple[str, ...] = ("T-731", "T-732"), burn: bool = False) -> LogBuilder:
    """A charges ``powers`` face up into its power zone (one a turn, A first); B rushes Four,
    then Five and FourM (or, with ``burn``, deals A a point of damage: A turns its second power
    card face down); then A rushes Driver: its effect waits for A."""
    b = LogBuilder(CARDS).setup(first="A")
    for k in range(2):
        if k < len(powers):
            b.charge("A", powers[k], to="power").proceed("A", 3)
        else:
            b.pass_turn("A")
        b.charge("B", "T-000").proceed("B")
        if k == 0:
            b.rush("B", "T-728")
        elif burn:
            b.rush("B", "T-730").use("B", "T-733")
            face_up = player_state(b.replay(), "A")["power"]["face_up"]
            b.take_damage("A", face_up[-1:])
        else:
            b.rush("B", "T-730").rush("B", "T-729")
        b.proceed("B", 2)
    return b.charge("A", "T-000").proceed("A").rush("A", "T-727")


def _b_codes(r: dict[str, Any]) -> list[str]:
    return [u["code"] for u in player_state(r, "B")["rush"] + player_state(r, "B")["battle"]]


def _resolve(b: LogBuilder, **fields: Any) -> dict[str, Any]:
    b.act("A", "resolve", source="T-727", **fields)
    return b.replay()


def test_RS_POWER_TO_DISCARD_read_from_the_printed_sentences_and_shown() -> None:
    effect = read_card({"type": "unit", "text": DRIVE}).effects[0]
    assert effect == {
        "when": "on_rush",
        "optional": True,
        "do": [
            {"op": "choose_cards", "zone": "power", "count": 1, "then": "discard", "if_done": True},
            {
                "op": "destroy",
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
        "text": DRIVE,
    }
    assert render_card(DRIVER)["reading"] == [
        "When rushed (optional: you may): choose 1 card of your power zone (face up or face "
        "down) and put it into its owner's discard pile (not destroyed), and if you do: destroy "
        "1 size S unit (not a vehicle) whose required power is the required power number of the "
        "card so discarded in the opponent's rush or battle area."
    ]


def test_RS_POWER_TO_DISCARD_near_misses_are_not_read() -> None:
    def understood(text: str) -> bool:
        return read_card({"type": "unit", "text": text}).understood

    assert understood(DRIVE)
    for text in (
        DRIVE.replace("捨札にしてもよい", "捨札にする"),  # no choice
        DRIVE.replace("カードを1枚選び", "カードを2枚選び"),  # two: "that card's number" unsaid
        DRIVE.replace("捨札にしたカード", "選んだカード"),  # not the card the text discarded
        DRIVE.replace("と同じ必要パワー", "以上の必要パワー"),
        DRIVE.replace("敵軍Sユニット", "自軍Sユニット"),
        DRIVE.replace("自軍パワーゾーンから", "敵軍パワーゾーンから"),
    ):
        assert not understood(text), text


def test_RS_POWER_TO_DISCARD_a_card_numbered_4_destroys_a_size_S_unit_numbered_4() -> None:
    b = _rushed()
    r = _resolve(b, use=True, targets=["T-731", "T-728"])
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert {"RS-POWER-TO-DISCARD", "RS-CARDS-POWER-SUM"} <= set(rules_applied(r, b.last))
    assert sorted(_b_codes(r)) == ["T-729", "T-730"]
    a = player_state(r, "A")
    assert [c for c in a["discard"]] == ["A-4"]  # QUAD, out of the power zone
    assert a["power"]["face_up"] == ["A-7"] and a["power"]["face_down"] == 0


def test_RS_POWER_TO_DISCARD_another_number_does_not_fit() -> None:
    b = _rushed()
    r = _resolve(b, use=True, targets=["T-732", "T-728"])  # 5 is not Four's 4
    assert verdict(r, b.last) == "illegal"
    assert "RS-EFFECT-TARGETS" in rules_broken(r, b.last)


def test_RS_POWER_TO_DISCARD_a_size_M_unit_of_the_number_does_not_fit() -> None:
    b = _rushed()
    r = _resolve(b, use=True, targets=["T-731", "T-729"])
    assert verdict(r, b.last) == "illegal"
    assert "RS-EFFECT-TARGETS" in rules_broken(r, b.last)


def test_RS_POWER_TO_DISCARD_a_unit_that_fits_must_be_destroyed() -> None:
    b = _rushed()
    r = _resolve(b, use=True, targets=["T-732"])
    assert verdict(r, b.last) == "illegal"
    assert "RS-EFFECT-TARGETS" in rules_broken(r, b.last)


def test_RS_POWER_TO_DISCARD_not_used_nothing_is_discarded() -> None:
    b = _rushed()
    r = _resolve(b, use=False)
    assert verdict(r, b.last) == "legal"
    assert player_state(r, "A")["power"]["face_up"] == ["A-4", "A-7"]
    assert sorted(_b_codes(r)) == ["T-728", "T-729", "T-730"]


def test_RS_POWER_TO_DISCARD_which_card_is_not_guessed() -> None:
    b = _rushed()
    r = _resolve(b, use=True)
    assert verdict(r, b.last) == "unverifiable"
    assert "RS-POWER-TO-DISCARD" in rules_applied(r, b.last)
    assert player_state(r, "A")["power"]["face_up"] == ["A-4", "A-7"]  # not carried out


def test_RS_POWER_TO_DISCARD_one_card_is_no_choice_and_none_is_nothing() -> None:
    b = _rushed(("T-732",))
    r = _resolve(b, use=True, targets=["T-730"])  # the one card, 5: Five
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert player_state(r, "A")["discard"] == ["A-7"]
    assert sorted(_b_codes(r)) == ["T-728", "T-729"]
    empty = _rushed(())
    r = _resolve(empty, use=True)
    assert verdict(r, empty.last) == "legal", r["steps"][empty.last]
    assert any("chooses no card" in t for t in ruling_texts(r, empty.last))
    assert sorted(_b_codes(r)) == ["T-728", "T-729", "T-730"]


def test_RS_POWER_TO_DISCARD_a_face_down_card_is_carried_out_and_unverifiable() -> None:
    b = _rushed(burn=True)
    r = b.replay()
    assert player_state(r, "A")["damage"] == 1
    r = _resolve(b, use=True, targets=["A-7", "T-730"])  # PENTA, face down: 5, Five
    assert verdict(r, b.last) == "unverifiable", r["steps"][b.last]
    assert "RS-POWER-TO-DISCARD" in rules_applied(r, b.last)
    assert any("face down" in t for t in ruling_texts(r, b.last))
    a = player_state(r, "A")
    assert a["damage"] == 0 and a["discard"] == ["A-7"]
    assert _b_codes(r) == ["T-728"]
    b.doc["actions"].pop()
    r = _resolve(b, use=True, targets=["A-4", "T-728"])  # the face-up one: no doubt
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert player_state(r, "A")["damage"] == 1


def test_RS_POWER_TO_DISCARD_legal_actions_discard_a_face_up_card_first() -> None:
    from judge.core.replay import position

    b = _rushed()
    listed = [a for a in position(b.log()).legal_actions() if a["do"] == "resolve"]
    assert {"p": "A", "do": "resolve", "source": "A-1", "use": False} in listed
    (used,) = [a for a in listed if a.get("use") is not False]
    assert used["targets"] == ["A-4", "B-10"]  # QUAD (4), then Four
    b.act(**used)
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]


def test_RS_POWER_TO_DISCARD_a_hidden_face_down_card_named_is_bound() -> None:
    """Observed mode: A's one power card is the deck's top card, put face down as damage (not
    seen); the log names it by its code, which binds it as it goes to the discard pile."""
    b = LogBuilder(CARDS).setup(first="A")
    b.pass_turn("A").charge("B", "T-000").proceed("B").rush("B", "T-728").proceed("B", 2)
    b.pass_turn("A").charge("B", "T-000").proceed("B").rush("B", "T-730").use("B", "T-733")
    b.proceed("B", 2).charge("A", "T-000").proceed("A").rush("A", "T-727")
    assert player_state(b.replay(), "A")["power"] == {"face_up": [], "face_down": 1}
    r = _resolve(b, use=True, targets=["T-732", "T-730"])
    assert verdict(r, b.last) == "unverifiable", r["steps"][b.last]
    a = player_state(r, "A")
    assert a["discard"] == ["A-7"] and a["damage"] == 0
    assert _b_codes(r) == ["T-728"]
