"""A unit's effect that triggers while it is in its player's rush area when a unit of its
player's enters the battle area (RS-WHILE-IN-AREA), and a held command of one's own released
(RS-RELEASE-COMMAND), on made-up cards in the catalogue's sentence shapes.

The sources' words, which the tests follow: "これが自軍ラッシュエリアにある間、特徴「メカ」を持つ自軍ユニット
がバトルエリアに出たとき、自軍コマンドを1つ選びリリースしてもよい。" (*while* this unit is in its
player's *rush* area, *when* a unit of its player's own with the feature メカ enters the battle
area, the player *may* choose one of its commands and release it); a held command stays so
"リリースされるまでは" (atwiki renst 157), so only a held one is released.
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

NINJA_TEXT = (
    "【ニンジャミセン】これが自軍ラッシュエリアにある間、特徴「メカ」を持つ自軍ユニットがバトルエリアに出たとき、"
    "自軍コマンドを1つ選びリリースしてもよい。"
)


def _with(d: dict[str, Any], *features: str) -> dict[str, Any]:
    return {**d, "features": list(features)}


NINJA = printed("T-950", NINJA_TEXT, name="Ninja", bp=1000, sp=0, size="S")
MECH = _with(card("T-951", name="Mech", bp=1000, sp=0, size="S"), "メカ")
PLAIN = _with(card("T-952", name="Plain", bp=1000, sp=0, size="S"), "男")
#: B's operation: A chooses a unit of its rush area, put into its battle area if it can
THROW = card(
    "T-953",
    "operation",
    name="Throw",
    effects=[
        {
            "when": "on_use",
            "do": [
                {
                    "op": "to_battle",
                    "target": {
                        "side": "opponent",
                        "zone": "rush",
                        "count": 1,
                        "type": "unit",
                        "chooser": "opponent",
                    },
                }
            ],
        }
    ],
)
CARDS = [NINJA, MECH, PLAIN, THROW]


def _mech_enters(*, ninja_first: bool = False, command: str = "T-000") -> LogBuilder:
    """A rushes the Ninja in turn 1; in turn 3 it charges ``command`` and rushes the Mech (one
    of its two commands is held for it), and the Mech enters (the Ninja first, with
    ``ninja_first``)."""
    b = LogBuilder(CARDS).setup(first="A")
    b.charge("A", "T-000").proceed("A").rush("A", "T-950").proceed("A", 2)
    b.pass_turn("B")
    b.charge("A", command).proceed("A").rush("A", "T-951").proceed("A")
    if ninja_first:
        b.enter("A", "T-950")
    return b.enter("A", "T-951")


def _held(r: dict[str, Any], pid: str = "A") -> list[bool]:
    return [bool(c["held"]) for c in player_state(r, pid)["command"]]


def test_RS_RELEASE_COMMAND_read_from_the_printed_sentence_and_shown() -> None:
    (effect,) = read_card({"type": "unit", "text": NINJA_TEXT}).effects
    assert effect == {
        "when": "on_entered",
        "while": "rush",
        "of": {"feature": "メカ", "side": "own"},
        "do": [{"op": "release_command", "count": 1}],
        "optional": True,
        "text": NINJA_TEXT,
    }
    assert render_card(NINJA)["reading"] == [
        "While this is in your rush area, when a unit of yours with the feature メカ enters the "
        "battle area (optional: you may): choose 1 held command of yours and release it."
    ]
    for text in (
        NINJA_TEXT.replace("コマンドを1つ選び", "コマンドをすべて"),  # all of them: not read
        NINJA_TEXT.replace("自軍コマンド", "敵軍コマンド"),
        NINJA_TEXT.replace("バトルエリアに出た", "バトルエリアから離れた"),
        NINJA_TEXT.replace("リリース", "ホールド"),
    ):
        assert not read_card({"type": "unit", "text": text}).understood, text
    # the release is read only in such an effect, alone
    rushed = "【X】これをラッシュしたとき、自軍コマンドを1つ選びリリースしてもよい。1枚ドローする。"
    assert not read_card({"type": "unit", "text": rushed}).understood


def test_RS_RELEASE_COMMAND_the_held_command_named_is_released() -> None:
    b = _mech_enters()
    r = b.replay()
    assert _held(r) == [True, False]
    assert "RS-WHILE-IN-AREA" in rules_applied(r, b.last)
    b.act("A", "resolve", source="T-950", use=True, targets=["T-000"])
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert "RS-RELEASE-COMMAND" in rules_applied(r, b.last)
    assert _held(r) == [False, False]


def test_RS_RELEASE_COMMAND_not_used_the_command_stays_held() -> None:
    b = _mech_enters()
    b.act("A", "resolve", source="T-950", use=False)
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert _held(r) == [True, False]


def test_RS_RELEASE_COMMAND_one_held_command_is_no_choice() -> None:
    b = _mech_enters()
    b.act("A", "resolve", source="T-950", use=True)
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert _held(r) == [False, False]


def test_RS_RELEASE_COMMAND_a_released_command_cannot_be_released() -> None:
    b = _mech_enters(command="T-952")  # the Plain charged: released, the Filler held
    b.act("A", "resolve", source="T-950", use=True, targets=["T-952"])
    r = b.replay()
    assert verdict(r, b.last) == "illegal"
    assert "RS-RELEASE-COMMAND" in rules_broken(r, b.last)


def test_RS_RELEASE_COMMAND_which_of_two_held_commands_is_not_guessed() -> None:
    b = _mech_enters(command="T-952")
    b.proceed("A", 2).pass_turn("B")
    b.charge("A", "T-000").proceed("A").rush("A", "T-951").rush("A", "T-952")  # two held
    b.proceed("A").enter("A", "A-5")
    r = b.replay()
    assert _held(r).count(True) == 2
    b.act("A", "resolve", source="T-950", use=True)
    r = b.replay()
    assert verdict(r, b.last) == "unverifiable"
    assert _held(r).count(True) == 2  # not carried out


def test_RS_WHILE_IN_AREA_a_unit_without_the_feature_or_the_watcher_in_battle() -> None:
    b = LogBuilder(CARDS).setup(first="A")
    b.charge("A", "T-000").proceed("A").rush("A", "T-950").proceed("A", 2)
    b.pass_turn("B")
    b.charge("A", "T-000").proceed("A").rush("A", "T-952").proceed("A").enter("A", "T-952")
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert "RS-WHILE-IN-AREA" not in rules_applied(r, b.last)
    assert not r["steps"][b.last]["pending"] or all(
        p["kind"] != "resolve" for p in r["steps"][b.last]["pending"]
    )
    # in the battle area the Ninja is not in its rush area: nothing triggers
    b = _mech_enters(ninja_first=True)
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert area_ids(r, "A", "battle") == ["A-1", "A-4"]
    assert "RS-WHILE-IN-AREA" not in rules_applied(r, b.last)


def test_RS_WHILE_IN_AREA_a_unit_put_into_the_battle_area_by_an_effect_enters_it() -> None:
    b = LogBuilder(CARDS).setup(first="A")
    b.charge("A", "T-000").proceed("A").rush("A", "T-950").proceed("A", 2)
    b.charge("B", "T-000").proceed("B", 3)
    b.charge("A", "T-000").proceed("A").rush("A", "T-951").proceed("A", 2)
    b.charge("B", "T-000").proceed("B").use("B", "T-953")
    b.act("B", "resolve", source="T-953", targets=["T-951"])
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert area_ids(r, "A", "battle") == ["A-4"]
    assert "RS-WHILE-IN-AREA" in rules_applied(r, b.last)
    b.act("A", "resolve", source="T-950", use=True, targets=["T-000"])
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert _held(r) == [False, False]


def test_RS_WHILE_IN_AREA_tag_an_allys_unit_is_not_guessed() -> None:
    b = LogBuilder(CARDS, variant="tag").setup(first="A1")
    b.charge("A1", "T-000").proceed("A1").rush("A1", "T-950").proceed("A1", 2)
    b.charge("A2", "T-000").proceed("A2").rush("A2", "T-951").proceed("A2").enter("A2", "T-951")
    r = b.replay()
    assert verdict(r, b.last) == "unverifiable"
    (why,) = r["steps"][b.last]["unverifiable"]
    assert "自軍ユニット" in why
