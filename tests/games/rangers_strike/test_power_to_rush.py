"""A card of the power zone rushed by an effect, its required power and its additional condition
met, that cannot then enter the battle area this turn (RS-POWER-TO-RUSH), on made-up cards in the
catalogue's sentence shape.

The sources' words, which the tests follow: "自軍パワーゾーンのオモテ向きのカードから、必要パワーを満たし
ている特徴「女」を持つSユニットのカードを1枚選び、自軍ラッシュエリアに出してもよい(ただし追加条件は満たすこと)。
この効果でラッシュしたユニットは、このターン、バトルエリアに出られない。" (a Number Combination: among the
*face-up* cards of one's power zone, a *size S unit card* with the feature 女 *whose required power
one meets* may be rushed into one's rush area, *its additional condition met*; the unit so rushed
*cannot enter the battle area this turn*); a card an effect rushes needs no command ("効果による
ラッシュ/オペ: 通常ホールド不要", atwiki renst 151 as the fan wiki sums it up); "必要パワーを満たさないカー
ドは使用不可" (RS-RUSH-POWER).
"""

from __future__ import annotations

from typing import Any

from judge.games.rangers_strike.reader import read_card
from judge.games.rangers_strike.render import render_card
from judge.games.rangers_strike.testing import (
    LogBuilder,
    area_ids,
    card,
    player_state,
    printed,
    rules_applied,
    rules_broken,
    verdict,
)

BAIT = (
    "【僕に釣られてみる?】自軍パワーゾーンのオモテ向きのカードから、必要パワーを満たしている特徴「女」を持つS"
    "ユニットのカードを1枚選び、自軍ラッシュエリアに出してもよい(ただし追加条件は満たすこと)。この効果でラッシ"
    "ュしたユニットは、このターン、バトルエリアに出られない。"
)

#: A's Number Combination 3 unit
FISHER = printed("T-630", BAIT, name="Fisher", bp=1000, sp=0, size="S", combination={"number": 3})


def _woman(code: str, name: str, power: int = 1, size: str = "S", **kw: Any) -> dict[str, Any]:
    return {
        **card(code, name=name, power=power, bp=1000, sp=0, size=size, **kw),
        "features": ["女"],
    }


LADY = _woman("T-631", "Lady", 1)
DEAR = _woman("T-632", "Dear Lady", 4)
MAN = {**card("T-633", name="Man", power=1, bp=1000, sp=0, size="S"), "features": ["男"]}
GIANT = _woman("T-634", "Giantess", 1, size="M")
#: an additional condition: a unit named Fisher in one's rush or battle area; another, a cost
ESCORTED = _woman("T-635", "Escorted", 1, condition={"unit_named": "Filler Friend"})
GUARDED = _woman("T-637", "Guarded", 1, condition={"unit_named": "Filler"})
COSTLY = {**_woman("T-636", "Costly", 1), "cost": {"discard": {"name": "Filler"}, "count": 1}}
CARDS = [FISHER, LADY, DEAR, MAN, GIANT, ESCORTED, GUARDED, COSTLY]


def _combined(power: tuple[str, ...]) -> LogBuilder:
    """A rushes two fillers and the Fisher (turns 1, 3, 5), charges ``power`` into its power
    zone (one a turn, face up), and in the last of those turns enters the two fillers and the
    Fisher: its Number Combination 3 waits for A."""
    b = LogBuilder(CARDS).setup(first="A")
    for code in ("T-000", "T-000", "T-630"):
        b.charge("A", "T-000").proceed("A").rush("A", code).proceed("A", 2)
        b.pass_turn("B")
    for code in power[:-1]:
        b.charge("A", code, to="power").proceed("A", 3)
        b.pass_turn("B")
    b.charge("A", power[-1], to="power").proceed("A", 2)
    rush = [u["id"] for u in player_state(b.replay(), "A")["rush"]]
    for iid in rush:  # the two fillers, then the Fisher, third
        b.enter("A", iid)
    return b


def _power(r: dict[str, Any]) -> list[str]:
    return list(player_state(r, "A")["power"]["face_up"])


def _rush_codes(r: dict[str, Any]) -> list[str]:
    return [u["code"] for u in player_state(r, "A")["rush"]]


def test_RS_POWER_TO_RUSH_read_from_the_printed_sentences_and_shown() -> None:
    (effect,) = read_card({"type": "unit", "combination": {"number": 3}, "text": BAIT}).combination
    assert effect == {
        "when": "combination",
        "optional": True,
        "do": [
            {
                "op": "power_to_rush",
                "find": {"type": "unit", "size": "S", "feature": "女"},
                "power_met": True,
                "condition_met": True,
                "no_enter": "turn",
            }
        ],
        "text": BAIT,
    }
    assert render_card(FISHER)["reading"] == [
        "Number Combination 3 (optional: you may): rush 1 size S unit card with the feature 女 "
        "among the face-up cards of your power zone whose required power you meet, its "
        "additional condition met too, into your rush area (no command held); the unit so "
        "rushed cannot enter the battle area this turn."
    ]
    for text in (
        BAIT.replace("(ただし追加条件は満たすこと)", ""),  # no condition said: another sentence
        BAIT.replace("オモテ向きのカード", "カード"),
        BAIT.replace("必要パワーを満たしている", ""),
        BAIT.replace("自軍パワーゾーン", "敵軍パワーゾーン"),
        BAIT.replace("出してもよい", "出す"),
        BAIT.replace("このターン、バトルエリアに出られない", "このターン、アタックできない"),
    ):
        assert not read_card(
            {"type": "unit", "combination": {"number": 3}, "text": text}
        ).understood, text


def test_RS_POWER_TO_RUSH_the_card_named_is_rushed_and_cannot_enter() -> None:
    b = _combined(("T-631", "T-000", "T-000"))
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    lady = _power(r)[0]
    b.act("A", "resolve", source="T-630", use=True, targets=[lady])
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert "RS-POWER-TO-RUSH" in rules_applied(r, b.last)
    assert _rush_codes(r) == ["T-631"]
    assert lady not in _power(r)
    assert not any(c["held"] for c in player_state(r, "A")["command"])  # no command held
    b.enter("A", lady)
    r = b.replay()
    assert verdict(r, b.last) == "illegal"
    assert "RS-POWER-TO-RUSH" in rules_broken(r, b.last)
    # the next turn it may enter
    b.doc["actions"].pop()
    b.proceed("A").pass_turn("B").charge("A", "T-000").proceed("A", 2).enter("A", lady)
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]


def test_RS_POWER_TO_RUSH_not_used_nothing_moves() -> None:
    b = _combined(("T-631", "T-000", "T-000"))
    b.act("A", "resolve", source="T-630", use=False)
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert len(_power(r)) == 3
    assert _rush_codes(r) == []


def test_RS_POWER_TO_RUSH_a_card_that_does_not_fit_is_illegal() -> None:
    for code in ("T-633", "T-634", "T-632"):  # no 女; size M; power 4 with power 3
        b = _combined((code, "T-000", "T-000"))
        r = b.replay()
        b.act("A", "resolve", source="T-630", use=True, targets=[_power(r)[0]])
        r = b.replay()
        assert verdict(r, b.last) == "illegal", code
        assert "RS-POWER-TO-RUSH" in rules_broken(r, b.last), code


def test_RS_POWER_TO_RUSH_power_met_only_counting_the_card_is_not_guessed() -> None:
    b = _combined(("T-000", "T-000", "T-000", "T-632"))  # power 4, the card's own 4
    r = b.replay()
    b.act("A", "resolve", source="T-630", use=True, targets=[_power(r)[-1]])
    r = b.replay()
    assert verdict(r, b.last) == "unverifiable"
    assert _rush_codes(r) == []


def test_RS_POWER_TO_RUSH_an_additional_condition_met_or_not() -> None:
    b = _combined(("T-635", "T-000", "T-000"))
    r = b.replay()
    b.act("A", "resolve", source="T-630", use=True, targets=[_power(r)[0]])
    r = b.replay()
    assert verdict(r, b.last) == "illegal"  # no unit named Filler Friend
    assert "RS-POWER-TO-RUSH" in rules_broken(r, b.last)
    b = _combined(("T-637", "T-000", "T-000"))  # a unit named Filler is there
    r = b.replay()
    b.act("A", "resolve", source="T-630", use=True, targets=[_power(r)[0]])
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert _rush_codes(r) == ["T-637"]
    # a cost the log has no place for: not guessed
    b = _combined(("T-636", "T-000", "T-000"))
    r = b.replay()
    b.act("A", "resolve", source="T-630", use=True, targets=[_power(r)[0]])
    r = b.replay()
    assert verdict(r, b.last) == "unverifiable"
    assert area_ids(r, "A", "rush") == []


def test_RS_POWER_TO_RUSH_without_a_name_one_card_that_fits_is_no_choice() -> None:
    b = _combined(("T-631", "T-633", "T-000"))
    b.act("A", "resolve", source="T-630", use=True)
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert _rush_codes(r) == ["T-631"]
    b = _combined(("T-631", "T-000", "T-000"))
    b.act("A", "resolve", source="T-630")  # used or not is not recorded
    r = b.replay()
    assert verdict(r, b.last) == "unverifiable"
    assert _rush_codes(r) == []


def test_RS_POWER_TO_RUSH_legal_actions_name_a_card_that_fits() -> None:
    from judge.core.replay import position

    b = _combined(("T-633", "T-631", "T-000"))
    listed = [a for a in position(b.log()).legal_actions() if a["do"] == "resolve"]
    (used,) = [a for a in listed if a.get("use") is not False]
    r = b.replay()
    assert used["targets"] == [_power(r)[1]]  # the Lady, not the Man
    b.act(**used)
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
