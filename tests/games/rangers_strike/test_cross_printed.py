"""The printed keyword note ※クロスN (RS-CROSS), on made-up cards in the catalogue's sentence shape.

The sources' words, which the tests follow (atwiki renst page 2393, クロス): "効果：これが自軍バトルエリ
アにある間、これより右にあるユニットの、ナンバーの数字とSPの分母の数字はX少なくなる。ただし2より少なくならない。",
of the printed keyword "標準でこの能力を持つカードは、カード名が「○○×△△」という形になっている。", and of several
"全てのクロスの数字の合計分まで以降のナンバーがずれる".
"""

from __future__ import annotations

from judge.games.rangers_strike.reader import read_card
from judge.games.rangers_strike.render import render_card
from judge.games.rangers_strike.testing import (
    LogBuilder,
    card,
    printed,
    rules_applied,
    rules_broken,
    ruling_texts,
    verdict,
)

#: a unit printing ※クロス1 and nothing else
PAIR = printed("T-801", "※クロス1", name="Twin Pair", bp=3000, sp=0, size="S")
#: a unit printing ※クロス1 and a sentence the reader does not read
ODD_PAIR = printed("T-802", "※クロス1 【謎の構え】これは何かをする。", name="Odd Pair", bp=3000, sp=0,
                   size="S")  # fmt: skip
#: units of combination numbers 3 and 4, their Number Combination a BP change
THIRD = printed("T-803", "【三番】このターン、これはBP+1000される。", name="Third", bp=1000, sp=0,
                size="S", combination={"number": 3})  # fmt: skip
FOURTH = printed("T-804", "【四番】このターン、これはBP+1000される。", name="Fourth", bp=1000, sp=0,
                 size="S", combination={"number": 4})  # fmt: skip
#: a unit of SP 1/3
FRACTION = {**card("T-805", name="Fraction", bp=1000, sp=0, size="S"),
            "sp_at": {"sp": 1, "position": 3}}  # fmt: skip
#: a unit with no text (no クロス)
PLAIN = card("T-806", name="Plain", bp=3000, sp=0, size="S")
#: a unit the engine does not read whose text names クロス beyond its own note: it may give クロス
GIVER = printed("T-807", "【交差の誓い】これの次に並ぶユニットはクロス1を得る。", name="Giver", bp=3000,
                sp=0, size="S")  # fmt: skip
CARDS = [PAIR, ODD_PAIR, THIRD, FOURTH, FRACTION, PLAIN, GIVER]


def _line(*codes: str) -> LogBuilder:
    """A rushes ``codes[0]`` in turn 1 and the rest in turn 3 (two commands), then enters them
    all in order in turn 3: the last enters last."""
    b = LogBuilder(CARDS).setup(first="A")
    b.charge("A", "T-000").proceed("A").rush("A", codes[0]).proceed("A", 2).pass_turn("B")
    b.charge("A", "T-000").proceed("A")
    for code in codes[1:]:
        b.rush("A", code)
    b.proceed("A")
    for code in codes:
        b.enter("A", code)
    return b


def test_RS_CROSS_printed_note_read_and_shown() -> None:
    r = read_card({"type": "unit", "text": "※クロス1"})
    assert r.understood
    assert r.keywords == ("cross 1",)
    assert read_card({"type": "unit", "text": "※クロス2"}).keywords == ("cross 2",)
    assert render_card(PAIR)["reading"][0].startswith(
        "Keywords: クロス 1: while it is in your battle area, the combination numbers and SP "
        "denominators of the units to its right are 1 less, not below 2"
    )


def test_RS_CROSS_printed_near_misses_are_not_read() -> None:
    for text in ("※クロス", "※クロスX", "※クロス0", "※クロス1を得る。", "クロス1"):
        assert not read_card({"type": "unit", "text": text}).understood, text
    assert not read_card({"type": "vehicle", "text": "※クロス1"}).understood


def test_RS_CROSS_printed_a_number_after_it_lowered() -> None:
    b = _line("T-801", "T-803")  # Third (CN 3) enters 2nd after Twin Pair: 3 - 1 = 2
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert {"RS-CROSS", "RS-NUMBER-COMBINATION"} <= set(rules_applied(r, b.last))
    b = _line("T-806", "T-803")  # after a unit without クロス: 3 is not 2
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert "RS-NUMBER-COMBINATION" not in rules_applied(r, b.last)


def test_RS_CROSS_printed_on_a_card_not_read_in_full_counts_too() -> None:
    """A card whose other text is not read still prints ※クロス1 (a printed fact): the SP 1/3
    unit after it strikes at position 2, which is not illegal."""
    b = _line("T-802", "T-803")
    r = b.replay()
    assert "RS-CROSS" in rules_applied(r, b.last)
    assert "RS-NUMBER-COMBINATION" in rules_applied(r, b.last)
    b = _line("T-802", "T-805").strike("A", "T-805")
    r = b.replay()
    assert verdict(r, b.last) != "illegal", r["steps"][b.last]
    assert "RS-CROSS" in rules_applied(r, b.last)


def test_RS_CROSS_printed_two_to_the_left_added() -> None:
    b = _line("T-801", "T-801", "T-804")  # Fourth (CN 4) 3rd: 4 - 2 = 2, not 3
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert "RS-NUMBER-COMBINATION" not in rules_applied(r, b.last)
    assert any("クロス 2" in t for t in ruling_texts(r, b.last)), ruling_texts(r, b.last)
    b = _line("T-801", "T-806", "T-804")  # one クロス 1 to its left: 4 - 1 = 3
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert {"RS-CROSS", "RS-NUMBER-COMBINATION"} <= set(rules_applied(r, b.last))


def test_RS_CROSS_printed_an_sp_denominator_after_it_lowered() -> None:
    b = _line("T-801", "T-805").strike("A", "T-805")  # SP 1/3 at position 2: 1/2 now, SP 1
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert "RS-CROSS" in rules_applied(r, b.last)
    b = _line("T-806", "T-805").strike("A", "T-805")
    r = b.replay()
    assert verdict(r, b.last) == "illegal", r["steps"][b.last]
    assert "RS-STRIKE" in rules_broken(r, b.last)


def test_RS_CROSS_printed_in_tag_battle_not_guessed() -> None:
    b = LogBuilder(CARDS, variant="tag").setup(first="A1")
    b.charge("A1", "T-000").proceed("A1").rush("A1", "T-801").proceed("A1", 2)
    for p in ("A2", "B1", "B2"):
        b.pass_turn(p)
    b.charge("A1", "T-000").proceed("A1").rush("A1", "T-803").proceed("A1")
    b.enter("A1", "T-801").enter("A1", "T-803")
    r = b.replay()
    assert verdict(r, b.last) == "unverifiable", r["steps"][b.last]
    assert "RS-NUMBER-COMBINATION" not in rules_applied(r, b.last)


def test_RS_CROSS_a_card_not_read_naming_it_leaves_the_numbers_after_it_unknown() -> None:
    """A card in play whose text the engine does not read and that names クロス other than as its
    own note may give a unit クロス ("…はクロス1を得る"): the SP 1/3 unit after it striking 2nd
    is not judged (not illegal, as it would be with no クロス), nor a Number Combination at a
    number クロス could lower."""
    b = _line("T-807", "T-805").strike("A", "T-805")
    r = b.replay()
    assert verdict(r, b.last) == "unverifiable", r["steps"][b.last]
    assert "RS-STRIKE" not in rules_broken(r, b.last)
    assert any("names クロス" in t for t in ruling_texts(r, b.last)), ruling_texts(r, b.last)
    b = _line("T-807", "T-806", "T-804")  # Fourth (CN 4) 3rd: 4, or 3 if a クロス was given
    r = b.replay()
    assert verdict(r, b.last) == "unverifiable", r["steps"][b.last]
