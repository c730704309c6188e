"""A card of one's command zone held by name, and its RC effect activated as this unit's own
(RS-HOLD-NAMED-COMMAND, RS-AS-OWN-EFFECT), on made-up cards in the catalogue's sentence shape.

The sources' words, which the tests follow: "自軍コマンドゾーンから「A」か「B」のカードを1枚選びホールドし
てもよい。そうしたとき、ホールドしたユニットカードのＲＣの効果を、このユニットの効果として発動する。" — *from
one's command zone*, *a card named A or B*, *may* choose one and *hold* it (only a released one can
be turned sideways); *when one did so*, *the RC effect of the unit card held* is *activated as this
unit's effect* (its これ is this unit).  What a card not read in full would do is not guessed.
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

TEXT = (
    "【二段旋風】自軍コマンドゾーンから「先輩一号」か「先輩二号」のカードを1枚選びホールドしてもよい。そうしたとき、"
    "ホールドしたユニットカードのＲＣの効果を、このユニットの効果として発動する。"
)
#: A's unit with the rider combination RC, BP 4000
HERO = printed("T-790", TEXT, name="Hero", bp=4000, sp=1, size="S", combination={"rc": True})
#: an RC unit named 先輩一号 (tide): this unit BP +2000 for the turn
SENIOR = printed(
    "T-791",
    "【旋風突き】このターン、これはBP+2000される。",
    name="先輩一号",
    category="tide",
    bp=3000,
    size="S",
    combination={"rc": True},
)
#: an RC unit named 先輩二号 (tide): destroy an opposing battle-area unit with BP 3000 or less
SECOND = printed(
    "T-792",
    "【旋風落とし】敵軍バトルエリアからBP3000以下のユニットを1体選び撃破する。",
    name="先輩二号",
    category="tide",
    bp=3000,
    size="S",
    combination={"rc": True},
)
#: a unit named 先輩二号 whose text the reader does not read
UNREAD = printed(
    "T-793",
    "【謎の技】自軍山札の上から3枚を見る。",
    name="先輩二号",
    category="tide",
    size="S",
    combination={"rc": True},
)
#: a unit named 先輩一号 with a Number Combination, no RC
NUMBERED = printed(
    "T-794",
    "【一号突き】このターン、これはBP+1000される。",
    name="先輩一号",
    category="tide",
    size="S",
    combination={"number": 3},
)
#: a vehicle
BIKE = card("T-795", "vehicle", name="Bike")
CARDS = [HERO, SENIOR, SECOND, UNREAD, NUMBERED, BIKE]


def _ridden(senior: str = "T-791", b_enters: bool = False) -> tuple[LogBuilder, str, str]:
    """A charges a filler (turn 1) and ``senior`` (turn 3) into its command zone, then in turn 5
    a filler, rushes the Bike and the Hero, and the Hero enters riding the Bike and rides off:
    its rider combination waits.  With ``b_enters`` B has a filler (BP 1000) in its battle
    area.  Returns the builder, the Hero's id and the command's."""
    b = LogBuilder(CARDS).setup(first="A")
    b.charge("A", "T-000").proceed("A", 3)
    b.charge("B", "T-000").proceed("B", 3)
    b.charge("A", senior).proceed("A", 3)
    b.charge("B", "T-000").proceed("B")
    if b_enters:
        b.rush("B", "T-000").proceed("B")
        unit = player_state(b.replay(), "B")["rush"][0]["id"]
        b.enter("B", unit).proceed("B", 2)
    else:
        b.proceed("B", 2)
    b.charge("A", "T-000").proceed("A").rush("A", "T-795").rush("A", "T-790").proceed("A")
    rush = player_state(b.replay(), "A")["rush"]
    hero = next(u["id"] for u in rush if u["code"] == "T-790")
    bike = next(u["id"] for u in rush if u["code"] == "T-795")
    command = player_state(b.replay(), "A")["command"][1]["id"]  # charged in turn 3
    b.enter("A", hero, ride=bike).ride_off("A", hero)
    return b, hero, command


def _command(b: LogBuilder, iid: str) -> dict[str, Any]:
    return next(c for c in player_state(b.replay(), "A")["command"] if c["id"] == iid)


def _bp(b: LogBuilder, hero: str) -> int:
    return int(next(u["bp"] for u in player_state(b.replay(), "A")["battle"] if u["id"] == hero))


def test_RS_HOLD_NAMED_COMMAND_read_from_the_printed_named_effect_and_shown() -> None:
    r = read_card(HERO)
    assert r.understood
    assert r.combination[0] == {
        "when": "combination",
        "optional": True,
        "do": [
            {"op": "as_own", "from": "command", "names": ["先輩一号", "先輩二号"], "effect": "rc"}
        ],
        "text": read_card(HERO).combination[0]["text"],
    }
    assert render_card(HERO)["reading"][-1] == (
        "Rider Combination RC (when it rides off a vehicle in its battle phase) (optional: you "
        "may): hold 1 released card named 先輩一号 or 先輩二号 of your command zone, and if you do: "
        'activate the RC effect of the unit card held as this unit\'s own effect (its "this" is '
        "this unit; carried out only when that card's text is read in full)."
    )


def test_RS_HOLD_NAMED_COMMAND_near_misses_are_not_read() -> None:
    for text in (
        TEXT.replace("ホールドしてもよい", "ホールドする"),
        TEXT.replace("ＲＣの効果", "ＮＣの効果"),
        TEXT.replace("このユニットの効果として", "そのカードの効果として"),
        TEXT.replace("自軍コマンドゾーンから", "自軍捨札から"),
        TEXT.replace("1枚選び", "2枚選び"),
        TEXT.replace("そうしたとき、", ""),
    ):
        assert not read_card({**HERO, "text": text}).understood, text
    assert not read_card({**HERO, "combination": None}).understood  # neither RC nor a number


def test_RS_AS_OWN_EFFECT_the_held_cards_rc_effect_applies_to_this_unit() -> None:
    b, hero, senior = _ridden()
    assert not _command(b, senior)["held"]
    assert _bp(b, hero) == 4000  # the combination waits for A's choice
    b.act("A", "resolve", source=hero, use=True, targets=[senior])
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert {"RS-HOLD-NAMED-COMMAND", "RS-AS-OWN-EFFECT"} <= set(rules_applied(r, b.last))
    assert _command(b, senior)["held"]
    assert _bp(b, hero) == 6000  # 先輩一号's "これはBP+2000される", for the Hero


def test_RS_HOLD_NAMED_COMMAND_the_only_card_so_named_need_not_be_named() -> None:
    b, hero, senior = _ridden()
    b.act("A", "resolve", source=hero, use=True)
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert _command(b, senior)["held"]
    assert _bp(b, hero) == 6000


def test_RS_HOLD_NAMED_COMMAND_not_used_nothing_is_held_nor_activated() -> None:
    b, hero, senior = _ridden()
    b.act("A", "resolve", source=hero, use=False)
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert "RS-AS-OWN-EFFECT" not in rules_applied(r, b.last)
    assert not _command(b, senior)["held"]
    assert _bp(b, hero) == 4000


def test_RS_HOLD_NAMED_COMMAND_a_card_not_so_named_is_illegal() -> None:
    b, hero, _ = _ridden()
    filler = player_state(b.replay(), "A")["command"][0]["id"]  # charged in turn 1
    b.act("A", "resolve", source=hero, use=True, targets=[filler])
    r = b.replay()
    assert rules_broken(r, b.last) == ["RS-HOLD-NAMED-COMMAND"]


def test_RS_AS_OWN_EFFECT_an_effect_with_a_choice_waits_for_its_own_resolve() -> None:
    b, hero, second = _ridden("T-792", b_enters=True)
    foe = player_state(b.replay(), "B")["battle"][0]["id"]
    b.act("A", "resolve", source=hero, use=True, targets=[second])
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert _command(b, second)["held"]
    assert [u["id"] for u in player_state(r, "B")["battle"]] == [foe]  # not yet: it waits
    b.act("A", "resolve", source=hero, targets=[foe])
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert player_state(r, "B")["battle"] == []
    assert foe in player_state(r, "B")["discard"]


def test_RS_AS_OWN_EFFECT_a_card_not_read_is_not_guessed() -> None:
    b, hero, unread = _ridden("T-793")
    b.act("A", "resolve", source=hero, use=True, targets=[unread])
    r = b.replay()
    assert verdict(r, b.last) == "unverifiable", r["steps"][b.last]
    assert "RS-AS-OWN-EFFECT" in rules_applied(r, b.last)
    assert any("not read in full" in t for t in ruling_texts(r, b.last))
    assert _command(b, unread)["held"]  # the hold itself is known


def test_RS_AS_OWN_EFFECT_a_card_without_rc_activates_nothing() -> None:
    b, hero, numbered = _ridden("T-794")
    b.act("A", "resolve", source=hero, use=True, targets=[numbered])
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert any("has no RC effect" in t for t in ruling_texts(r, b.last))
    assert _command(b, numbered)["held"]
    assert _bp(b, hero) == 4000
