"""Scrum (``※スクラム``, RS-SCRUM), on made-up cards.

The source's words, which the tests follow: the reminder as the fan wiki copies it (atwiki renst
page 1290) "これのCNより1多いCNを持つユニットがこれの次に並んでいる間、これはアタックされない": while the
unit directly after it has a combination number one more than its own, it cannot be attacked.
What the sources leave open (a unit without a number, tag battle's joined battle areas, a number
an effect may have changed) leaves the attack unverifiable, never judged.
"""

from __future__ import annotations

from typing import Any

from judge.core.testing import ruling_texts
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

REMINDER = "(これのCNより1多いCNを持つユニットがこれの次に並んでいる間、これはアタックされない)"


def _number(n: int | None) -> dict[str, Any] | None:
    return None if n is None else {"number": n, "effects": []}


#: a scrum unit with combination number 2; units with numbers 3, 4 and none; an attacker
SCRUM = printed("T-680", f"※スクラム{REMINDER}", name="Scrum Two", combination=_number(2))
THREE = card("T-681", name="Three", combination=_number(3))
FOUR = card("T-682", name="Four", combination=_number(4))
PLAIN = card("T-683", name="Plain")
ATTACKER = card("T-684", name="Attacker", bp=9000)
NO_NUMBER_SCRUM = printed("T-685", "※スクラム", name="Scrum None")


def _line(
    first: dict[str, Any], *others: dict[str, Any], extra: tuple = (), charge: str = "T-000"
) -> LogBuilder:
    """B's battle area holds ``first`` then ``others`` (entered in B's turn 4, when B charges
    ``charge`` into its command zone), and A's Attacker has just entered in turn 5."""
    cards = [first, *others, ATTACKER, *extra]
    b = LogBuilder(list({c["code"]: c for c in cards}.values())).setup(first="A")
    b.charge("A", "T-000").proceed("A").rush("A", "T-684").proceed("A", 2)
    b.charge("B", "T-000").proceed("B").rush("B", first["code"]).proceed("B", 2)
    b.pass_turn("A")
    b.charge("B", charge).proceed("B")
    for c in others:
        b.rush("B", c["code"])
    b.proceed("B")
    for c in (first, *others):
        b.enter("B", c["code"])
    b.proceed("B")
    return b.charge("A", "T-000").proceed("A", 2).enter("A", "T-684")


def test_RS_SCRUM_read_with_or_without_its_reminder_and_shown() -> None:
    for text in (
        "※スクラム",
        f"※スクラム{REMINDER}",
        "※スクラム（これのＣＮより1多いCNを持つユニットがこれの次に並んでいる間、これはアタックされない）",
    ):
        r = read_card({"type": "unit", "text": text})
        assert r.understood and r.restrictions == ({"rule": "scrum"},), text
    assert render_card(SCRUM)["reading"] == [
        "Scrum: it cannot be attacked while the unit directly after it in its battle area has a "
        "combination number one more than its own (RS-SCRUM)."
    ]


def test_RS_SCRUM_near_misses_are_not_read() -> None:
    for defn in (
        # another number
        {
            "type": "unit",
            "text": "※スクラム(これのCNより2多いCNを持つユニットがこれの次に並んでいる間、"
            "これはアタックされない)",
        },
        # an operation has no scrum
        {"type": "operation", "operation": "normal", "text": "※スクラム"},
    ):
        assert not read_card(defn).understood, defn
    # scrum given to other units (a resident's) is another sentence: not the card's own scrum
    # (RS-RESIDENT-SCRUM reads it)
    given = read_card(
        {
            "type": "operation",
            "operation": "resident",
            "text": f"※常駐 特徴「ブルー」を持つ自軍ユニットは、次の能力を得る⇒スクラム{REMINDER}",
        }
    )
    assert given.restrictions == () and [e["when"] for e in given.effects] == ["resident"]


def test_RS_SCRUM_a_unit_with_one_more_after_it_cannot_be_attacked() -> None:
    b = _line(SCRUM, THREE).attack("A", "T-684", "T-680")
    r = b.replay()
    assert verdict(r, b.last) == "illegal", r["steps"][b.last]
    assert rules_broken(r, b.last) == ["RS-SCRUM"]
    # the unit after it may be attacked
    b = _line(SCRUM, THREE).attack("A", "T-684", "T-681")
    assert verdict(b.replay(), b.last) == "legal"


def test_RS_SCRUM_another_number_after_it_or_none_does_not_shield_it() -> None:
    for after in (FOUR, PLAIN):
        b = _line(SCRUM, after).attack("A", "T-684", "T-680")
        r = b.replay()
        assert verdict(r, b.last) == "legal", after["name"]
        assert "RS-SCRUM" in rules_applied(r, b.last)
        assert "it may be attacked" in " ".join(ruling_texts(r, b.last))


def test_RS_SCRUM_only_the_unit_directly_after_it_counts() -> None:
    """Three stands after it, but not directly: Plain is between."""
    b = _line(SCRUM, PLAIN, THREE).attack("A", "T-684", "T-680")
    assert verdict(b.replay(), b.last) == "legal"
    # nothing after it: nothing shields it; a unit with one more before it does not either
    b = _line(THREE, SCRUM).attack("A", "T-684", "T-680")
    assert verdict(b.replay(), b.last) == "legal"


def test_RS_SCRUM_the_shield_lasts_only_while_the_unit_stands_after_it() -> None:
    """In turn 5 Attacker destroys Three (BP 9000 > 2000); A's Second, entering next, may
    attack Scrum Two: nothing stands after it any more."""
    second = card("T-689", name="Second", bp=9000)
    b = LogBuilder([SCRUM, THREE, ATTACKER, second]).setup(first="A")
    b.charge("A", "T-000").proceed("A").rush("A", "T-684").proceed("A", 2)
    b.charge("B", "T-000").proceed("B").rush("B", "T-680").proceed("B", 2)
    b.charge("A", "T-000").proceed("A").rush("A", "T-689").proceed("A", 2)
    b.charge("B", "T-000").proceed("B").rush("B", "T-681").proceed("B")
    b.enter("B", "T-680").enter("B", "T-681").proceed("B")
    b.charge("A", "T-000").proceed("A", 2).enter("A", "T-684")
    b.attack("A", "T-684", "T-680")
    r = b.replay()
    assert rules_broken(r, b.last) == ["RS-SCRUM"]  # Three stands after it
    b.doc["actions"][-1]["target"] = "T-681"
    b.enter("A", "T-689").attack("A", "T-689", "T-680")
    r = b.replay()
    assert [s["verdict"] for s in r["steps"][-3:]] == ["legal"] * 3, r["steps"][b.last]


def test_RS_SCRUM_a_scrum_unit_without_a_number_is_unverifiable() -> None:
    b = _line(NO_NUMBER_SCRUM, THREE).attack("A", "T-684", "T-685")
    r = b.replay()
    assert verdict(r, b.last) == "unverifiable", r["steps"][b.last]
    assert "RS-SCRUM" in rules_applied(r, b.last)
    # alone in its battle area nothing is open: it may be attacked
    b = _line(NO_NUMBER_SCRUM).attack("A", "T-684", "T-685")
    assert verdict(b.replay(), b.last) == "legal"


def test_RS_SCRUM_an_unread_card_that_may_change_numbers_leaves_it_unverifiable() -> None:
    """A card in B's command zone whose text is not read names クロス: the numbers in force
    may not be the printed ones, whether they fit or not."""
    cross = printed("T-686", "【交差の構え】このターン、これはクロス2を得る。", name="Crosser")
    for after in (THREE, FOUR):
        b = _line(SCRUM, after, extra=(cross,), charge="T-686")
        b.attack("A", "T-684", "T-680")
        r = b.replay()
        assert verdict(r, b.last) == "unverifiable", (after["name"], r["steps"][b.last])
        assert "may change them" in " ".join(ruling_texts(r, b.last))


def test_RS_SCRUM_an_unread_card_that_may_give_scrum_leaves_a_fitting_line_unverifiable() -> None:
    """Plain Two prints no scrum; a card not read in B's command zone names スクラム (it may
    give it): with Three after it the attack is not judged, with Four it is."""
    two = card("T-687", name="Plain Two", combination=_number(2))
    giver = printed(
        "T-688", f"【隊列】自軍ユニットは、次の能力を得る⇒スクラム{REMINDER}", name="Giver"
    )
    b = _line(two, THREE, extra=(giver,), charge="T-688").attack("A", "T-684", "T-687")
    r = b.replay()
    assert verdict(r, b.last) == "unverifiable", r["steps"][b.last]
    assert "may give it" in " ".join(ruling_texts(r, b.last))
    # with Four after it scrum could not shield it: judged (uncertain only because the card
    # not read was charged, RS-TEXT-UNREAD)
    b = _line(two, FOUR, extra=(giver,), charge="T-688").attack("A", "T-684", "T-687")
    r = b.replay()
    assert verdict(r, b.last) == "uncertain", r["steps"][b.last]
    assert "RS-SCRUM" not in rules_applied(r, b.last)
    # without such a card the same line is judged: a unit without scrum may be attacked
    b = _line(two, THREE).attack("A", "T-684", "T-687")
    assert verdict(b.replay(), b.last) == "legal"


def test_RS_SCRUM_tag_the_leaders_last_and_the_supporters_first_are_not_guessed() -> None:
    """B1's Scrum Two is the last unit of the leader's battle area; B2's Three is the first of
    the supporter's: one line for Number Combination, but whether for scrum is not said."""
    b = LogBuilder([SCRUM, THREE, ATTACKER], variant="tag").setup(first="A1")
    b.charge("A1", "T-000").proceed("A1").rush("A1", "T-684").proceed("A1", 2)
    b.pass_turn("A2")
    b.charge("B1", "T-000").proceed("B1").rush("B1", "T-680").proceed("B1")
    b.enter("B1", "T-680").proceed("B1")
    b.charge("B2", "T-000").proceed("B2").rush("B2", "T-681").proceed("B2")
    b.enter("B2", "T-681").proceed("B2")
    b.charge("A1", "T-000").proceed("A1", 2).enter("A1", "T-684").attack("A1", "T-684", "T-680")
    r = b.replay()
    assert [s["verdict"] for s in r["steps"][:-1]].count("illegal") == 0
    assert verdict(r, b.last) == "unverifiable", r["steps"][b.last]
    assert "Which line scrum reads in tag battle" in " ".join(ruling_texts(r, b.last))


def test_RS_SCRUM_a_card_not_read_in_full_still_prints_scrum() -> None:
    """Its named effect is not read, so the card is unsupported; but ※スクラム is printed on
    it: with Three after it, it cannot be attacked."""
    unread = printed(
        "T-680", "※スクラム 【謎の力】このユニットは不思議な力を持つ。", combination=_number(2)
    )
    b = _line(unread, THREE).attack("A", "T-684", "T-680")
    r = b.replay()
    assert rules_broken(r, b.last) == ["RS-SCRUM"], r["steps"][b.last]


#: XG7-064's partner part, read: "特徴「警察」を持つ自軍ユニットの数を数え、その数以下の必要パワーの数字を持つ
#: 敵軍ユニットを1体選び、持ち主のコマンドゾーンにホールド状態で置いてもよい。置けなければ捨札にする。"
#: (RS-POWER-AT-MOST, RS-TO-COMMAND), its Number Combination (number 1)
POLICE_TEXT = (
    "※スクラム 【リボルバックG-3】特徴「警察」を持つ自軍ユニットの数を数え、その数以下の必要パワーの"
    "数字を持つ敵軍ユニットを1体選び、持ち主のコマンドゾーンにホールド状態で置いてもよい。置けなければ"
    "捨札にする。"
)
POLICE = {
    **printed("T-680", POLICE_TEXT, name="Police", combination=_number(1)),
    "features": ["警察"],
}
#: B's units, rushed for no power, printed required power 1 and 2
LOW = {**card("T-681", name="Low"), "power_number": 1}
MID = {**card("T-682", name="Mid"), "power_number": 2}


def _police_enters() -> LogBuilder:
    """B rushes Low and Mid; A's Police enters 1st in turn 5: its Number Combination."""
    b = LogBuilder([POLICE, LOW, MID]).setup(first="A")
    b.charge("A", "T-000").proceed("A").rush("A", "T-680").proceed("A", 2)
    b.charge("B", "T-000").proceed("B").rush("B", "T-681").proceed("B", 2)
    b.charge("A", "T-000").proceed("A", 3)
    b.charge("B", "T-000").proceed("B").rush("B", "T-682").proceed("B", 2)
    return b.charge("A", "T-000").proceed("A", 2).enter("A", "T-680")


def test_RS_TO_COMMAND_counted_police_may_put_a_unit_into_its_command_zone_read() -> None:
    r = read_card({"type": "unit", "combination": _number(1), "text": POLICE_TEXT})
    assert r.understood and r.restrictions == ({"rule": "scrum"},)
    (effect,) = r.combination
    assert effect["optional"] is True
    assert effect["do"] == [
        {
            "op": "to_command",
            "target": {
                "side": "opponent",
                "zone": "field",
                "count": 1,
                "type": "unit",
                "power_max": {"own_units": {"feature": "警察"}},
            },
            "if_full": "discard",
        }
    ]
    assert render_card(POLICE)["reading"][1] == (
        "Number Combination 1 (optional: you may): put 1 unit (not a vehicle) whose required "
        "power is at most the number of your units with the feature 警察 in the "
        "opponent's rush or battle area held into its owner's command zone; when that zone "
        "holds 5 already, it goes to the discard pile instead (not destroyed)."
    )
    # without the card's number its named effect is no combination: not read
    assert not read_card({"type": "unit", "text": POLICE_TEXT}).understood


def test_RS_TO_COMMAND_counted_police_puts_a_unit_its_count_allows() -> None:
    """One unit with 警察 (Police itself): Low (printed 1) fits, Mid (printed 2) does not."""
    b = _police_enters().act("A", "resolve", source="T-680", use=True, targets=["T-681"])
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert {"RS-POWER-AT-MOST", "RS-TO-COMMAND"} <= set(rules_applied(r, b.last))
    command = player_state(r, "B")["command"]
    assert [c["held"] for c in command][-1] is True and len(command) == 3
    b = _police_enters().act("A", "resolve", source="T-680", use=True, targets=["T-682"])
    r = b.replay()
    assert verdict(r, b.last) == "illegal"
    # or not at all: B's units stay
    b = _police_enters().act("A", "resolve", source="T-680", use=False)
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert len(player_state(r, "B")["rush"]) == 2
