"""An opposing held command released (RS-RELEASE-OPPOSING) and, only if one was, a unit card of
the power zone put into the rush area (RS-POWER-TO-RUSH-AREA), on made-up cards in the catalogue's
sentence shape.

The source's words, which the tests follow: "敵軍コマンドを1つ選びリリースしてもよい。そうしたとき、特徴
「炎神」を持つMユニットのカードを、自軍パワーのオモテ向きのカードから1枚選び、ラッシュエリアに出す。" (the
player *may* release one held command of the *opposing* side; *when it did*, one card that is a
*size M unit card* printing the feature 炎神, among the *face-up* cards of its own power zone, goes
into its rush area); a held command stays so "リリースされるまでは" (atwiki renst 157), so only a held
one is released; an effect's rush needs no command ("カードの効果によりラッシュ…する場合、コマンドのホー
ルドは必要がない", atwiki renst 151).
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
    verdict,
)

SORTIE = (
    "【正義の出陣】敵軍コマンドを1つ選びリリースしてもよい。そうしたとき、特徴「炎神」を持つMユニットのカードを、"
    "自軍パワーのオモテ向きのカードから1枚選び、ラッシュエリアに出す。"
)


def _with(d: dict[str, Any], *features: str) -> dict[str, Any]:
    return {**d, "features": list(features)}


#: A's Number Combination 1 unit; cards for A's power zone: two size M 炎神 unit cards, a size S
#: 炎神 one and a size M one without the feature; B's unit, rushed by holding a command
LION = _with(
    printed("T-600", SORTIE, name="Lion", bp=1000, sp=0, size="M", combination={"number": 1}),
    "炎神",
)
BEAR = _with(card("T-601", name="Bear", bp=2000, sp=0, size="M"), "炎神")
HAWK = _with(card("T-602", name="Hawk", bp=2000, sp=0, size="S"), "炎神")
CART = _with(card("T-603", name="Cart", bp=2000, sp=0, size="M"), "車両")
WOLF = card("T-604", name="Wolf", bp=1000, sp=0, size="S")
BOAR = _with(card("T-605", name="Boar", bp=2000, sp=0, size="M"), "炎神")
CARDS = [LION, BEAR, HAWK, CART, WOLF, BOAR]


def _combined(*charged: str, b_rushes: bool = True) -> LogBuilder:
    """A charges ``charged`` into its power zone (one a turn); in B's last turn B rushes the Wolf
    (``b_rushes``), holding its command, which stays held through A's next turn; then A rushes
    the Lion and enters it first: its Number Combination 1 waits for A's choice."""
    b = LogBuilder(CARDS).setup(first="A")
    b.charge("A", "T-000").proceed("A", 3)
    for code in charged[:-1]:
        b.charge("B", "T-000").proceed("B", 3)
        b.charge("A", code, to="power").proceed("A", 3)
    b.charge("B", "T-000").proceed("B")
    if b_rushes:
        b.rush("B", "T-604")
    b.proceed("B", 2)
    b.charge("A", charged[-1], to="power").proceed("A").rush("A", "T-600").proceed("A")
    return b.enter("A", "T-600")


def test_RS_POWER_TO_RUSH_AREA_read_and_shown() -> None:
    unit = {"type": "unit", "combination": {"number": 3}}
    (effect,) = read_card({**unit, "text": SORTIE}).combination
    assert effect == {
        "when": "combination",
        "optional": True,
        "do": [
            {"op": "release_command", "count": 1, "side": "opponent", "if_done": True},
            {"op": "power_card_to_rush", "find": {"type": "unit", "size": "M", "feature": "炎神"}},
        ],
        "text": SORTIE,
    }
    assert render_card(LION)["reading"] == [
        "Number Combination 1 (optional: you may): choose 1 held command of the opposing side "
        "and release it, and if you do: put 1 size M unit card with the feature 炎神 among the "
        "face-up cards of your power zone into your rush area (no power, command or condition "
        "needed)."
    ]
    for near in (
        # no そうしたとき: what the choice governs is not said
        SORTIE.replace("そうしたとき、", ""),
        # two cards
        SORTIE.replace("カードから1枚選び", "カードから2枚選び"),
        # face down too
        SORTIE.replace("オモテ向きの", ""),
        # a second choice
        SORTIE.replace("ラッシュエリアに出す。", "ラッシュエリアに出してもよい。"),
        # the opposing release alone, or all of them
        "【正義の出陣】敵軍コマンドを1つ選びリリースしてもよい。",
        SORTIE.replace("1つ選び", "すべて"),
    ):
        assert not read_card({**unit, "text": near}).understood, near


def _a(r: dict[str, Any], zone: str) -> list[str]:
    ps = player_state(r, "A")
    if zone == "power":
        return list(ps["power"]["face_up"])
    return [u["code"] for u in ps[zone]]


def test_RS_POWER_TO_RUSH_AREA_the_command_released_then_the_card_named_into_the_rush_area() -> (
    None
):
    b = _combined("T-601")
    r = b.replay()
    assert [c["held"] for c in player_state(r, "B")["command"]] == [True]
    assert _a(r, "power") == ["A-4"]  # the Bear
    b.act("A", "resolve", source="T-600", use=True, targets=["T-000", "T-601"])
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert {"RS-RELEASE-OPPOSING", "RS-POWER-TO-RUSH-AREA"} <= set(rules_applied(r, b.last))
    assert [c["held"] for c in player_state(r, "B")["command"]] == [False]
    assert _a(r, "power") == [] and _a(r, "rush") == ["T-601"]
    assert player_state(r, "A")["damage"] == 0


def test_RS_RELEASE_OPPOSING_not_used_nothing_happens() -> None:
    b = _combined("T-601")
    b.act("A", "resolve", source="T-600", use=False)
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert [c["held"] for c in player_state(r, "B")["command"]] == [True]
    assert _a(r, "power") == ["A-4"] and _a(r, "rush") == []


def test_RS_RELEASE_OPPOSING_none_held_so_nothing_follows() -> None:
    b = _combined("T-601", b_rushes=False)
    b.act("A", "resolve", source="T-600", use=True)
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert "RS-IF-DONE" in rules_applied(r, b.last)
    assert _a(r, "power") == ["A-4"] and _a(r, "rush") == []
    # naming the card all the same: the effect takes nothing after a release not done
    b = _combined("T-601", b_rushes=False)
    b.act("A", "resolve", source="T-600", use=True, targets=["T-601"])
    r = b.replay()
    assert verdict(r, b.last) == "illegal"
    assert "RS-RELEASE-OPPOSING" in rules_broken(r, b.last)


def test_RS_RELEASE_OPPOSING_a_command_of_ones_own_cannot_be_released() -> None:
    b = _combined("T-601")
    a_held = [c["id"] for c in player_state(b.replay(), "A")["command"] if c["held"]]
    assert a_held  # A held its command to rush the Lion
    b.act("A", "resolve", source="T-600", use=True, targets=[a_held[0], "T-601"])
    r = b.replay()
    assert verdict(r, b.last) == "illegal"
    assert "RS-RELEASE-OPPOSING" in rules_broken(r, b.last)


def test_RS_POWER_TO_RUSH_AREA_a_card_that_does_not_fit_cannot_be_put() -> None:
    for other in ("T-602", "T-603"):  # size S; no 炎神
        b = _combined(other, "T-601")
        b.act("A", "resolve", source="T-600", use=True, targets=["T-000", other])
        r = b.replay()
        assert verdict(r, b.last) == "illegal", other
        assert "RS-POWER-TO-RUSH-AREA" in rules_broken(r, b.last)


def test_RS_POWER_TO_RUSH_AREA_not_named_one_fitting_code_is_no_choice() -> None:
    b = _combined("T-602", "T-601")
    b.act("A", "resolve", source="T-600", use=True)
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert _a(r, "rush") == ["T-601"] and len(_a(r, "power")) == 1


def test_RS_POWER_TO_RUSH_AREA_none_fits_none_is_put() -> None:
    b = _combined("T-603")
    b.act("A", "resolve", source="T-600", use=True, targets=["T-000"])
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert [c["held"] for c in player_state(r, "B")["command"]] == [False]
    assert _a(r, "rush") == [] and len(_a(r, "power")) == 1


def test_RS_POWER_TO_RUSH_AREA_not_named_among_two_codes_is_not_guessed() -> None:
    b = _combined("T-605", "T-601")
    b.act("A", "resolve", source="T-600", use=True, targets=["T-000"])
    resolved = b.last
    b.proceed("A")
    r = b.replay()
    assert verdict(r, resolved) == "unverifiable"
    assert "RS-POWER-TO-RUSH-AREA" in rules_applied(r, resolved)
    assert _a(r, "rush") == [] and len(_a(r, "power")) == 2
    assert verdict(r, b.last) == "uncertain"


def test_RS_POWER_TO_RUSH_AREA_the_resolves_listed_as_legal_are_judged_legal() -> None:
    from judge.core.replay import position

    listed = [a for a in position(_combined("T-601").log()).legal_actions() if a["do"] == "resolve"]
    assert [(a.get("targets"), a.get("use")) for a in listed] == [
        (["B-19", "A-4"], None),  # B's held command, A's Bear
        (None, False),
    ]
    for action in listed:
        b = _combined("T-601")
        b.act("A", "resolve", **{k: v for k, v in action.items() if k not in ("p", "do")})
        assert verdict(b.replay(), b.last) == "legal", action
