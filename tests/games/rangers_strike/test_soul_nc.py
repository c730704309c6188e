"""A unit card of one's command zone with a feature and an NC effect held as the unit enters,
its NC effect activated as the unit's own, and the unit barred from striking (RS-SOUL-NC), on
made-up cards in the catalogue's sentence shape.

The source's words, which the tests follow (the card's printed text and its official Q&A as the
fan wiki copies it, atwiki renst 574): "自軍ターン中、これがバトルエリアに出たとき、自軍コマンドゾーンから、
特徴「レッド」とＮＣの効果を持つユニットカードを1枚選びホールドしてもよい。そうしたとき、ホールドしたユニットカードの
NCの効果を、このユニットの効果として発動する。ただしストライクはできない。" — the player *may* hold one
*released* card of its command zone that is a *unit card* with *the feature* and *an NC effect*;
*when it did*, that NC effect is activated as this unit's; and this unit *cannot strike* ("「RS-421
アカレッド」はストライクすることができないだけで、「SP1」を得ることはできます", "その後【ソウル降臨】以外の効果
によって「SP1」を得たとしてもストライクすることができない"); for how long the sources do not say.
"""

from __future__ import annotations

from typing import Any

from judge.games.rangers_strike.reader import read_card
from judge.games.rangers_strike.render import render_card
from judge.games.rangers_strike.testing import (
    LogBuilder,
    player_state,
    printed,
    rules_applied,
    rules_broken,
    verdict,
)

SOUL = (
    "【魂継ぎ】自軍ターン中、これがバトルエリアに出たとき、自軍コマンドゾーンから、特徴「レッド」とNCの効果を持つ"
    "ユニットカードを1枚選びホールドしてもよい。そうしたとき、ホールドしたユニットカードのNCの効果を、このユニットの"
    "効果として発動する。ただしストライクはできない。"
)
#: A's unit with the text: BP 2000, SP 1 (it could strike)
HERO = printed("T-800", SOUL, name="Hero", bp=2000, sp=1, size="S")


def _nc(code: str, text: str, features: list[str], **kw: Any) -> dict[str, Any]:
    return {
        **printed(code, text, name=code, category="tide", bp=1000, size="S", **kw),
        "features": features,
    }


#: a unit card with the feature and an NC effect: this unit BP +2000 for the turn
ELDER = _nc(
    "T-801", "【赤の一撃】このターン、これはBP+2000される。", ["レッド"], combination={"number": 3}
)
#: the same NC effect without the feature
BLUE = _nc(
    "T-802", "【青の一撃】このターン、これはBP+2000される。", ["ブルー"], combination={"number": 3}
)
#: the feature, with an NC whose effect the reader does not read
MYSTERY = _nc(
    "T-803", "【謎の技】自軍山札の上から3枚を見る。", ["レッド"], combination={"number": 3}
)
CARDS = [HERO, ELDER, BLUE, MYSTERY]


def _entered(command: str = "T-801") -> tuple[LogBuilder, str, str]:
    """A charges ``command`` (turn 1) and fillers into its command zone, rushes the Hero in
    turn 5 and enters it: its effect waits.  Returns the builder, the Hero's id and the
    command's."""
    b = LogBuilder(CARDS).setup(first="A")
    b.charge("A", command).proceed("A", 3)
    b.charge("B", "T-000").proceed("B", 3)
    b.charge("A", "T-000").proceed("A", 3)
    b.charge("B", "T-000").proceed("B", 3)
    b.charge("A", "T-000").proceed("A").rush("A", "T-800").proceed("A")
    hero = next(u["id"] for u in player_state(b.replay(), "A")["rush"] if u["code"] == "T-800")
    cmd = player_state(b.replay(), "A")["command"][0]["id"]
    b.enter("A", hero)
    return b, hero, cmd


def _command(b: LogBuilder, iid: str) -> dict[str, Any]:
    return next(c for c in player_state(b.replay(), "A")["command"] if c["id"] == iid)


def _bp(b: LogBuilder, hero: str) -> int:
    return int(next(u["bp"] for u in player_state(b.replay(), "A")["battle"] if u["id"] == hero))


def test_RS_SOUL_NC_read_from_the_printed_effect_and_shown() -> None:
    (effect,) = read_card({"type": "unit", "text": SOUL}).effects
    assert effect == {
        "when": "on_enter",
        "optional": True,
        "do": [
            {
                "op": "as_own",
                "from": "command",
                "feature": "レッド",
                "effect": "nc",
                "no_strike": True,
            }
        ],
        "text": SOUL,
    }
    (said,) = render_card(HERO)["reading"]
    assert "hold 1 released unit card of your command zone with the feature レッド" in said
    assert "this unit cannot strike this turn (in a later turn not judged)" in said
    for text in (
        SOUL.replace("ただしストライクはできない。", ""),
        SOUL.replace("NCの効果を持つ", "RCの効果を持つ"),
        SOUL.replace("ホールドしてもよい", "ホールドする"),
    ):
        assert not read_card({"type": "unit", "text": text}).understood, text
    # a unit with a number: its named effect is its combination's, not this
    assert not read_card({"type": "unit", "combination": {"number": 2}, "text": SOUL}).understood


def test_RS_SOUL_NC_the_nc_effect_applies_and_the_unit_cannot_strike() -> None:
    b, hero, elder = _entered()
    b.act("A", "resolve", source=hero, use=True, targets=[elder])
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert {"RS-SOUL-NC", "RS-AS-OWN-EFFECT"} <= set(rules_applied(r, b.last))
    assert _command(b, elder)["held"]
    assert _bp(b, hero) == 4000  # the elder's "これはBP+2000される", for the Hero
    b.strike("A", hero)
    r = b.replay()
    assert verdict(r, b.last) == "illegal"
    assert rules_broken(r, b.last) == ["RS-SOUL-NC"]


def test_RS_SOUL_NC_not_used_the_unit_may_strike() -> None:
    b, hero, elder = _entered()
    b.act("A", "resolve", source=hero, use=False)
    b.strike("A", hero)
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert not _command(b, elder).get("held")


def test_RS_SOUL_NC_a_card_without_the_feature_is_illegal() -> None:
    b, hero, blue = _entered("T-802")
    b.act("A", "resolve", source=hero, use=True, targets=[blue])
    r = b.replay()
    assert rules_broken(r, b.last) == ["RS-SOUL-NC"]


def test_RS_SOUL_NC_none_fits_nothing_is_held_and_the_unit_may_strike() -> None:
    b, hero, blue = _entered("T-802")
    b.act("A", "resolve", source=hero, use=True)
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert not _command(b, blue).get("held")
    b.strike("A", hero)
    assert verdict(b.replay(), b.last) == "legal"


def test_RS_SOUL_NC_a_card_not_read_is_not_guessed() -> None:
    b, hero, mystery = _entered("T-803")
    b.act("A", "resolve", source=hero, use=True, targets=[mystery])
    r = b.replay()
    assert verdict(r, b.last) == "unverifiable", r["steps"][b.last]
    assert not _command(b, mystery).get("held")  # not carried out
    b.doc["actions"].pop()
    b.act("A", "resolve", source=hero, use=True)
    assert verdict(b.replay(), b.last) == "unverifiable"


def test_RS_SOUL_NC_a_strike_in_a_later_turn_is_not_judged() -> None:
    """The Hero returns to the rush area in A's next start phase and enters again, its effect
    not used this time: whether the bar of the earlier turn still holds is not judged."""
    b, hero, elder = _entered()
    b.act("A", "resolve", source=hero, use=True, targets=[elder])
    b.proceed("A", 1)
    b.charge("B", "T-000").proceed("B", 3)
    b.charge("A", "T-000").proceed("A", 2).enter("A", hero)
    b.act("A", "resolve", source=hero, use=False)
    b.strike("A", hero)
    r = b.replay()
    assert [s["verdict"] for s in r["steps"]].count("illegal") == 0
    assert verdict(r, b.last) == "unverifiable", r["steps"][b.last]
    assert "RS-SOUL-NC" in rules_applied(r, b.last)
