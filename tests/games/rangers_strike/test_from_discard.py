"""A card put from the discard pile into the rush area (RS-FROM-DISCARD), on made-up cards in
the catalogue's sentence shapes.

The sources' words, which the tests follow: "これが撃破されて捨札になったとき、自軍捨札から「X」
のカードを1枚選び、自軍ラッシュエリアに出す。" (when it is destroyed and goes to the discard pile,
a card named X of one's own discard pile goes into one's rush area); an effect's rush needs no
command (atwiki renst page 151), and the text asks no power nor condition.
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

NOTE = "※これが撃破されて捨札になったとき、自軍捨札から「Ranger」のカードを1枚選び、自軍ラッシュエリアに出す。"


#: the upgraded form (discards a Ranger to be rushed), the base form, B's big unit
UPGRADE = {
    **printed("T-110", NOTE, name="Ranger Mk2", bp=1000, power=0),
    "cost": {"discard": {"name": "Ranger"}, "count": 1},
}
BASE = card("T-111", name="Ranger", bp=1000)
BIG = card("T-112", name="Big", bp=5000)


def _destroyed(*extra: dict[str, Any], base: dict[str, Any] = BASE) -> LogBuilder:
    """A rushes the base (turn 1), then the upgrade discarding it (turn 3) and enters it; B
    attacks it with a BP 5000 unit (turn 4): it is destroyed, and its effect waits."""
    b = LogBuilder([UPGRADE, base, BIG, *extra]).setup(first="A")
    b.charge("A", "T-000").proceed("A").rush("A", base["code"]).proceed("A", 2).pass_turn("B")
    b.charge("A", "T-000").proceed("A").rush("A", "T-110").proceed("A").enter("A", "T-110")
    b.proceed("A").charge("B", "T-000").proceed("B").rush("B", "T-112").proceed("B")
    return b.enter("B", "T-112").attack("B", "T-112", "T-110")


def _ids(r: dict[str, Any], pid: str, code: str) -> list[str]:
    return [u["id"] for u in player_state(r, pid)["rush"] if u["code"] == code]


def test_RS_FROM_DISCARD_read_in_its_forms_and_shown() -> None:
    op = {"op": "from_discard", "name": "Ranger", "count": 1}
    for text, optional in (
        (NOTE, False),
        (NOTE.replace("から「Ranger」のカードを", "に「Ranger」のカードがあれば"), False),
        (NOTE.replace("「Ranger」のカードを1枚", "「Ranger」を1体"), False),
        ("【変身】" + NOTE[1:].replace("出す。", "出してもよい。"), True),
    ):
        r = read_card({"type": "unit", "text": text})
        assert r.understood, text
        assert r.effects[0]["when"] == "on_destroyed" and r.effects[0]["do"] == [op], text
        assert r.effects[0].get("optional", False) is optional, text
    assert render_card(UPGRADE)["reading"][-1] == (
        "When destroyed and put into the discard pile: put 1 card named Ranger from your discard pile into your rush area "
        "(no power, command or condition needed)."
    )


def test_RS_FROM_DISCARD_destroyed_the_named_card_goes_into_the_rush_area() -> None:
    b = _destroyed()
    r = b.replay()
    base = [c for c in player_state(r, "A")["discard"] if c != "A-1"]
    b.act("A", "resolve", source="A-1", targets=["T-111"])
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert "RS-FROM-DISCARD" in rules_applied(r, b.last)
    assert len(_ids(r, "A", "T-111")) == 1
    assert _ids(r, "A", "T-111")[0] in base
    assert "T-111" not in [c for c in player_state(r, "A")["discard"]]


def test_RS_FROM_DISCARD_a_card_of_another_name_does_not_fit() -> None:
    b = _destroyed()
    b.act("A", "resolve", source="A-1", targets=["T-110"])
    r = b.replay()
    assert verdict(r, b.last) == "illegal"
    assert "RS-FROM-DISCARD" in rules_broken(r, b.last)


def test_RS_FROM_DISCARD_not_recorded_the_first_is_taken_and_the_step_is_unverifiable() -> None:
    b = _destroyed().proceed("B")
    r = b.replay()
    assert r["steps"][b.last]["verdict"] == "unverifiable"
    assert "RS-CHOICE-RECORDED" in rules_applied(r, b.last)
    assert len(_ids(r, "A", "T-111")) == 1


def test_RS_FROM_DISCARD_a_when_rushed_effect_of_the_card_put_is_not_run() -> None:
    eager = {
        **card("T-111", name="Ranger", bp=1000),
        "effects": [{"when": "on_rush", "do": [{"op": "draw", "n": 1}]}],
    }
    b = _destroyed(base=eager)
    b.act("A", "resolve", source="A-1", targets=["T-111"])
    r = b.replay()
    assert r["steps"][b.last]["verdict"] == "unverifiable"
    assert len(_ids(r, "A", "T-111")) == 1
