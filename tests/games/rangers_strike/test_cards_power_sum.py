"""Cards of one's own chosen, and an opposing unit chosen by the required power numbers they
print (RS-CARDS-POWER-SUM), on made-up cards in the catalogue's sentence shape.

The sources' words, which the tests follow: "自軍捨札から特徴「アドベントカード」を持つカードを2枚まで選んで
もよい。そうしたとき選んだカードの必要パワーの数字を合計して、その合計以下の必要パワーの数字を持つ敵軍ユニット
を1体撃破する" (the catalogue's printing: no comma after そうしたとき, no final stop): the player *may*
choose *up to two* cards of its discard pile *printing the feature*; *when it did*, the numbers
of the cards chosen are *added up* and an opposing unit whose number is *no more than* the sum is
destroyed; choosing none stops what follows ("対象を「0枚選ぶ」ことは可能だが、…その後の処理は中断され
る", atwiki renst 1869), and the player who resolves the effect chooses ("解決自体は持ち主…が行う",
ibid.).
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

TWIN = (
    "【ツインバイザー】自軍捨札から特徴「アドベントカード」を持つカードを2枚まで選んでもよい。そうしたとき選んだ"
    "カードの必要パワーの数字を合計して、その合計以下の必要パワーの数字を持つ敵軍ユニットを1体撃破する"
)


def _op(code: str, number: int, features: list[str]) -> dict[str, Any]:
    """An operation printed "N-" with its condition met: required power 0, its number N."""
    return {**card(code, "operation", name=code), "power_number": number, "features": features}


#: A's rider with the rider combination RC and its vehicle; A's operations with the feature,
#: numbers 2 and 3, and one without it, number 9; B's units numbered 5 and 6
RIDER = {
    **printed("T-720", TWIN, name="Rider", bp=2000, sp=0, size="S"),
    "combination": {"rc": True},
}
BIKE = card("T-721", "vehicle", name="Bike")
TWO = _op("T-722", 2, ["アドベントカード"])
THREE = _op("T-723", 3, ["アドベントカード"])
NINE = _op("T-724", 9, ["ミラーライダー"])
FIVE = {**card("T-725", name="Five", bp=1000, sp=0, size="S"), "power_number": 5}
SIX = {**card("T-726", name="Six", bp=1000, sp=0, size="S"), "power_number": 6}
CARDS = [RIDER, BIKE, TWO, THREE, NINE, FIVE, SIX]


#: the same, the unit of the number the sum makes put face down as damage (RS-TO-DAMAGE)
SAME = TWIN.replace("合計以下の", "合計と同じ").replace(
    "1体撃破する", "1体選び、持ち主のパワーゾーンにダメージにして置く。"
)
SAMER = {**RIDER, "text": SAME}


def _rode_off(
    used: tuple[str, ...] = ("T-722", "T-723", "T-724"), rider: dict[str, Any] = RIDER
) -> LogBuilder:
    """A uses an operation in each of its first turns (``used``: into its discard pile); B
    rushes Five and Six; in A's next turn A rushes Bike and Rider, enters Rider riding Bike and
    rides off: the rider combination waits for A."""
    b = LogBuilder([rider, *CARDS[1:]]).setup(first="A")
    b_units = ["T-725", "T-726"]
    for k in range(max(len(used), len(b_units))):
        b.charge("A", "T-000").proceed("A")
        if k < len(used):
            b.use("A", used[k])
        b.proceed("A", 2).charge("B", "T-000").proceed("B")
        if k < len(b_units):
            b.rush("B", b_units[k])
        b.proceed("B", 2)
    b.charge("A", "T-000").proceed("A").rush("A", "T-721").rush("A", "T-720").proceed("A")
    return b.enter("A", "T-720", ride="T-721").ride_off("A", "T-720")


def _b_codes(r: dict[str, Any]) -> list[str]:
    return [u["code"] for u in player_state(r, "B")["rush"] + player_state(r, "B")["battle"]]


def _resolve(b: LogBuilder, **fields: Any) -> dict[str, Any]:
    b.act("A", "resolve", source="T-720", **fields)
    return b.replay()


def test_RS_CARDS_POWER_SUM_read_from_the_printed_rider_combination_and_shown() -> None:
    (effect,) = read_card({"type": "unit", "combination": {"rc": True}, "text": TWIN}).combination
    assert effect == {
        "when": "combination",
        "optional": True,
        "do": [
            {
                "op": "choose_cards",
                "zone": "discard",
                "count": 2,
                "up_to": True,
                "feature": "アドベントカード",
                "if_done": True,
            },
            {
                "op": "destroy",
                "target": {
                    "side": "opponent",
                    "zone": "field",
                    "count": 1,
                    "type": "unit",
                    "power_max": {"cards": "sum"},
                },
            },
        ],
        "text": TWIN,
    }
    assert render_card(RIDER)["reading"] == [
        "Rider Combination RC (when it rides off a vehicle in its battle phase) (optional: you "
        "may): choose up to 2 cards with the feature アドベントカード in your discard pile (one or "
        "more; they stay there), and if you do: destroy 1 unit (not a vehicle) whose required "
        "power is at most the sum of the required power numbers of the cards so chosen in the "
        "opponent's rush or battle area."
    ]


def test_RS_CARDS_POWER_SUM_near_misses_are_not_read() -> None:
    def understood(text: str) -> bool:
        return read_card({"type": "unit", "combination": {"rc": True}, "text": text}).understood

    assert understood(TWIN)
    assert understood(TWIN.replace("そうしたとき", "そうしたとき、") + "。")  # the usual printing
    for text in (
        TWIN.replace("2枚まで選んでもよい", "2枚まで選ぶ"),  # no choice: what follows always
        TWIN.replace("そうしたとき", ""),  # the sum without the choice it counts
        TWIN.replace("選んだカード", "捨札にしたカード"),  # cards nothing was done to
        TWIN.replace("合計以下", "合計以上"),
        TWIN.replace("敵軍ユニット", "自軍ユニット"),
        TWIN.replace("自軍捨札から", "敵軍捨札から"),
        TWIN.replace("撃破する", "撃破してもよい"),  # a second choice after the first
    ):
        assert not understood(text), text
    alone = "【X】選んだカードの必要パワーの数字を合計して、その合計以下の必要パワーの数字を持つ敵軍ユニットを1体撃破する。"
    assert not understood(alone)


def test_RS_CARDS_POWER_SUM_two_cards_make_5_and_a_unit_numbered_5_is_destroyed() -> None:
    b = _rode_off()
    r = _resolve(b, use=True, targets=["T-722", "T-723", "T-725"])
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert "RS-CARDS-POWER-SUM" in rules_applied(r, b.last)
    assert any("2 + A-10 (T-723) 3 = 5" in t for t in ruling_texts(r, b.last))
    assert _b_codes(r) == ["T-726"]
    assert player_state(r, "A")["discard"] == ["A-7", "A-10", "A-13"]  # they stay in the pile


def test_RS_CARDS_POWER_SUM_one_card_makes_3_a_unit_numbered_5_does_not_fit() -> None:
    b = _rode_off()
    r = _resolve(b, use=True, targets=["T-723", "T-725"])
    assert verdict(r, b.last) == "illegal"
    assert "RS-EFFECT-TARGETS" in rules_broken(r, b.last)


def test_RS_CARDS_POWER_SUM_a_unit_numbered_above_the_sum_does_not_fit() -> None:
    b = _rode_off()
    r = _resolve(b, use=True, targets=["T-722", "T-723", "T-726"])
    assert verdict(r, b.last) == "illegal"
    assert "RS-EFFECT-TARGETS" in rules_broken(r, b.last)


def test_RS_CARDS_POWER_SUM_a_card_without_the_feature_cannot_be_chosen() -> None:
    b = _rode_off()
    r = _resolve(b, use=True, targets=["T-724", "T-725"])
    assert verdict(r, b.last) == "illegal"
    assert "RS-CARDS-POWER-SUM" in rules_broken(r, b.last)


def test_RS_CARDS_POWER_SUM_a_unit_that_fits_must_be_destroyed() -> None:
    b = _rode_off()
    r = _resolve(b, use=True, targets=["T-722", "T-723"])
    assert verdict(r, b.last) == "illegal"
    assert "RS-EFFECT-TARGETS" in rules_broken(r, b.last)


def test_RS_CARDS_POWER_SUM_no_unit_within_the_sum_nothing_is_destroyed() -> None:
    b = _rode_off()
    r = _resolve(b, use=True, targets=["T-722"])
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert _b_codes(r) == ["T-725", "T-726"]


def test_RS_CARDS_POWER_SUM_not_used_nothing_is_destroyed() -> None:
    b = _rode_off()
    r = _resolve(b, use=False)
    assert verdict(r, b.last) == "legal"
    assert _b_codes(r) == ["T-725", "T-726"]


def test_RS_CARDS_POWER_SUM_how_many_and_which_is_not_guessed() -> None:
    b = _rode_off()
    r = _resolve(b, use=True)
    assert verdict(r, b.last) == "unverifiable"
    assert "RS-CARDS-POWER-SUM" in rules_applied(r, b.last)
    assert _b_codes(r) == ["T-725", "T-726"]  # not carried out


def test_RS_CARDS_POWER_SUM_one_card_to_choose_is_no_choice() -> None:
    """A's pile: the card numbered 3 with the feature and one without it: choosing it is the
    only way to use the effect, and 3 reaches neither Five nor Six."""
    b = _rode_off(("T-723", "T-724"))
    r = _resolve(b, use=True)
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert any("T-723) 3;" in t for t in ruling_texts(r, b.last))
    assert _b_codes(r) == ["T-725", "T-726"]
    b.doc["actions"].pop()
    r = _resolve(b, use=True, targets=["T-725"])  # Five (5) is above the 3 the card makes
    assert verdict(r, b.last) == "illegal"
    assert "RS-EFFECT-TARGETS" in rules_broken(r, b.last)


def test_RS_CARDS_POWER_SUM_no_card_to_choose_nothing_follows() -> None:
    b = _rode_off(("T-724",))
    r = _resolve(b, use=True)
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert _b_codes(r) == ["T-725", "T-726"]
    b.doc["actions"].pop()
    r = _resolve(b, use=True, targets=["T-725"])
    assert verdict(r, b.last) == "illegal"
    assert "RS-EFFECT-TARGETS" in rules_broken(r, b.last)


def test_RS_CARDS_POWER_SUM_legal_actions_choose_the_first_cards_then_a_unit() -> None:
    from judge.core.replay import position

    b = _rode_off()
    listed = [a for a in position(b.log()).legal_actions() if a["do"] == "resolve"]
    assert {"p": "A", "do": "resolve", "source": "A-1", "use": False} in listed
    (used,) = [a for a in listed if a.get("use") is not False]
    r = b.replay()
    pile = player_state(r, "A")["discard"]
    assert used["targets"][:2] == pile[:2]  # the two cards with the feature, then Five
    b.act(**used)
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert _b_codes(r) == ["T-726"]


def test_RS_CARDS_POWER_SUM_tag_an_allys_pile_is_not_guessed() -> None:
    """A1's pile holds the card numbered 2 with the feature; A2's none that fits: whether
    自軍捨札 means A2's pile or its team's the sources do not say, so nothing is carried out."""
    b = LogBuilder(CARDS, variant="tag").setup(first="B1")
    b.charge("B1", "T-000").proceed("B1").rush("B1", "T-725").proceed("B1", 2)
    b.charge("B2", "T-000").proceed("B2", 3)
    b.charge("A1", "T-000").proceed("A1").use("A1", "T-722").proceed("A1", 2)
    b.charge("A2", "T-000").proceed("A2").use("A2", "T-724").proceed("A2", 2)
    b.charge("B1", "T-000").proceed("B1", 3)
    b.charge("B2", "T-000").proceed("B2", 3)
    b.proceed("A1", 3)
    b.charge("A2", "T-000").proceed("A2").rush("A2", "T-721").rush("A2", "T-720").proceed("A2")
    b.enter("A2", "T-720", ride="T-721").ride_off("A2", "T-720")
    for targets in ([], ["A1-7"]):
        b.act("A2", "resolve", source="T-720", use=True, targets=targets)
        r = b.replay()
        assert [s["verdict"] for s in r["steps"][:-1]].count("illegal") == 0
        assert verdict(r, b.last) == "unverifiable", (targets, r["steps"][b.last])
        assert "RS-CARDS-POWER-SUM" in rules_applied(r, b.last)
        assert _b_codes_of(r, "B1") == ["T-725"]
        b.doc["actions"].pop()


def _b_codes_of(r: dict[str, Any], pid: str) -> list[str]:
    return [u["code"] for u in player_state(r, pid)["rush"] + player_state(r, pid)["battle"]]


def test_RS_CARDS_POWER_SUM_the_same_number_to_damage_read_and_carried_out() -> None:
    (effect,) = read_card({"type": "unit", "combination": {"rc": True}, "text": SAME}).combination
    assert effect["do"][1] == {
        "op": "to_damage",
        "target": {
            "side": "opponent",
            "zone": "field",
            "count": 1,
            "type": "unit",
            "power_equal": {"cards": "sum"},
        },
    }
    assert render_card(SAMER)["reading"][0].endswith(
        "and if you do: put 1 unit (not a vehicle) whose required power is the sum of the "
        "required power numbers of the cards so chosen in the opponent's rush or battle area "
        "face down into its owner's power zone, as damage."
    )
    b = _rode_off(rider=SAMER)
    r = _resolve(b, use=True, targets=["T-723", "T-725"])  # 3: Five is not 3
    assert verdict(r, b.last) == "illegal"
    assert "RS-EFFECT-TARGETS" in rules_broken(r, b.last)
    b.doc["actions"].pop()
    r = _resolve(b, use=True, targets=["T-722", "T-723", "T-725"])  # 5: Five, not Six
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert _b_codes(r) == ["T-726"]
    assert player_state(r, "B")["damage"] == 1
