"""A unit's own SP while a unit so described stands next to it (RS-NEXT-TO, RS-WHILE), on a
made-up card in the catalogue's sentence shape, judged from positions.

The sources' words, which the tests follow: "これは、BP5000以上の、OTを持ち特徴「男」を持つSユニットと隣り
合っている間、次の能力を得る⇒SP1" — SP 1 *while* a size S unit of category OT with the feature 男
and BP 5000 *or more* stands *next to* it; the battle area is where units stand in line ("バト
ルエリアでユニットやビークルが並ぶ事。並び順…"), packed from the left ("左詰めでバトルエリアへ"), a vehicle
taking a place too ("ユニットと同様に並び順の個数に数えられる"). The tag battle rules join the leader's
and the supporter's battle areas for Number Combinations ("リーダーとサポーターのバトルエリアは繋がって
いるものとして扱います"); for units next to each other, as for a rush area, they do not say: not
guessed.
"""

from __future__ import annotations

from typing import Any

from judge.core.position import position_log, read_position
from judge.core.replay import replay, start
from judge.games.rangers_strike.reader import read_card
from judge.games.rangers_strike.render import render_card
from judge.games.rangers_strike.testing import FILLER, card, printed

CUTTER = "【切】これは、BP5000以上の、OTを持ち特徴「男」を持つSユニットと隣り合っている間、次の能力を得る⇒SP1"
#: A's unit with no SP printed but its text's; the unit it wants beside it, BP 5000
HELEN = {
    **printed("T-650", CUTTER, name="Helen", category="OT", bp=2000, sp=0, size="S"),
    "features": ["メカ", "女"],
}
MAN = {**card("T-651", name="Man", category="OT", bp=5000, sp=0, size="S"), "features": ["男"]}
#: the same but BP 4000; of another category; without the feature
WEAK = {**MAN, "code": "T-652", "name": "Weak", "bp": 4000}
ALIEN = {**MAN, "code": "T-653", "name": "Alien", "category": "DA"}
GIRL = {**MAN, "code": "T-654", "name": "Girl", "features": ["女"]}
BIKE = card("T-655", "vehicle", name="Bike", ridden_by={"feature": "女"})
CARDS = [FILLER, HELEN, MAN, WEAK, ALIEN, GIRL, BIKE]


def _position(
    battle: list[Any], *, rush: list[Any] | None = None, entering: str | None = "A-2"
) -> dict[str, Any]:
    """1 vs 1, A's turn 3, battle phase: A's battle area ``battle`` (codes or unit entries,
    position 1 first), A's rush area ``rush``; ``entering`` has just entered."""
    units = [u if isinstance(u, dict) else {"card": u} for u in battle]
    start_: dict[str, Any] = {
        "turn": 3,
        "phase": "battle",
        "turn_player": "A",
        "first": "A",
        "players": {
            "A": {
                "rush": [{"card": u} for u in rush or []],
                "battle": units,
                "deck": {"count": 5},
            },
            "B": {"deck": {"count": 5}},
        },
    }
    if entering:
        start_["entering"] = entering
    return {
        "format": "judge-position/1",
        "game": "rangers-strike",
        "variant": "1v1",
        "players": [{"id": "A"}, {"id": "B"}],
        "cards": CARDS,
        "rule_options": {"deck_construction": False},
        "start": start_,
    }


def _strike(doc: dict[str, Any], pid: str = "A", unit: str = "A-2") -> dict[str, Any]:
    """The step of ``unit``'s strike from the position."""
    log = {**position_log(doc), "actions": [{"p": pid, "do": "strike", "card": unit}]}
    return replay(log)["steps"][-1]


def _rules(step: dict[str, Any], key: str = "rulings") -> list[str]:
    return [r["rule"] for r in step[key]]


def test_RS_NEXT_TO_read_from_the_printed_text_and_shown() -> None:
    (effect,) = read_card({"type": "unit", "text": CUTTER}).effects
    assert effect == {
        "when": "static",
        "do": [
            {
                "op": "sp",
                "value": 1,
                "while": {
                    "next_to": {"size": "S", "category": "OT", "feature": "男", "bp_min": 5000}
                },
            }
        ],
        "text": CUTTER,
    }
    assert render_card(HELEN)["reading"] == [
        "Always: this unit is SP 1 while a size S unit of category OT with the feature 男 and BP "
        "5000 or more stands next to it in its battle area (left or right)."
    ]


def test_RS_NEXT_TO_near_misses_are_not_read() -> None:
    def understood(text: str, **defn: Any) -> bool:
        return read_card({"type": "unit", "text": text, **defn}).understood

    assert understood(CUTTER)
    assert not understood(CUTTER.replace("BP5000以上", "BP5000以下"))
    assert not understood(CUTTER.replace("隣り合っている間", "隣り合っていない間"))
    assert not understood(CUTTER.replace("次の能力を得る⇒SP1", "次の能力を得る⇒SP1/2"))
    assert not understood(CUTTER.replace("これは、", "敵軍ユニットは、"))
    # a numbered unit's named effect is its combination's
    assert not understood(CUTTER, combination={"number": 2})


def test_RS_NEXT_TO_a_unit_so_described_beside_it_makes_it_SP_1() -> None:
    step = _strike(_position(["T-651", "T-650"]))
    assert step["verdict"] == "legal", step
    assert "RS-NEXT-TO" in _rules(step)
    # on its right (Man entered last): SP 1 too
    eng: Any = start(read_position(_position(["T-650", "T-651"], entering="A-2")))
    assert eng.sp_known(eng.state.players["A"].battle[0]) == (1, None)


def test_RS_NEXT_TO_a_unit_that_does_not_fit_leaves_it_SP_0() -> None:
    """BP 4000, another category, without the feature 男, or a unit between: it cannot
    strike."""
    for battle in (["T-652", "T-650"], ["T-653", "T-650"], ["T-654", "T-650"]):
        step = _strike(_position(battle))
        assert step["verdict"] == "illegal", (battle, step)
        assert _rules(step, "violations") == ["RS-STRIKE"]
    step = _strike(_position(["T-651", "T-000", "T-650"], entering="A-3"), unit="A-3")
    assert step["verdict"] == "illegal"


def test_RS_NEXT_TO_the_bp_the_unit_beside_it_has_now_counts() -> None:
    """Weak prints BP 4000 and has BP +1000 until the end of the turn: 5000."""
    weak = {"card": "T-652", "mods": [{"bp": 1000, "until": "turn"}]}
    step = _strike(_position([weak, "T-650"]))
    assert step["verdict"] == "legal", step


def test_RS_NEXT_TO_across_tag_battles_two_battle_areas_is_not_guessed() -> None:
    """Tag: A1's last unit is Man, A2's first is Helen, which has just entered: whether they
    stand next to each other the sources do not say, so its strike is unverifiable."""
    doc = _position([])
    doc["variant"] = "tag"
    doc["players"] = [{"id": p} for p in ("A1", "A2", "B1", "B2")]
    doc["teams"] = [{"id": "A", "players": ["A1", "A2"]}, {"id": "B", "players": ["B1", "B2"]}]
    doc["start"].update(turn_player="A2", first="A1", entering="A2-1")
    doc["start"]["players"] = {
        "A1": {"battle": [{"card": "T-651"}], "deck": {"count": 5}},
        "A2": {"battle": [{"card": "T-650"}], "deck": {"count": 5}},
        "B1": {"deck": {"count": 5}},
        "B2": {"deck": {"count": 5}},
    }
    step = _strike(doc, "A2", "A2-1")
    assert step["verdict"] == "unverifiable", step
    assert "RS-NEXT-TO" in _rules(step)
    assert "across the leader's and the supporter's battle areas" in str(step["rulings"])


def test_RS_NEXT_TO_a_unit_riding_a_vehicle_is_not_guessed() -> None:
    step = _strike(_position(["T-651", {"card": "T-650", "vehicle": "T-655"}]))
    assert step["verdict"] == "unverifiable", step
    assert "RS-NEXT-TO" in _rules(step)


def test_RS_NEXT_TO_in_a_rush_area_its_sp_is_not_known() -> None:
    """Helen and Man in A's rush area: whether they stand next to each other there the
    sources do not say; Helen alone there is SP 0."""
    eng: Any
    eng = start(read_position(_position([], rush=["T-651", "T-650"], entering=None)))
    (helen,) = [u for u in eng.state.players["A"].rush if u.card == "A-2"]
    sp, why = eng.sp_known(helen)
    assert why is not None and "rush area" in why
    eng = start(read_position(_position([], rush=["T-650"], entering=None)))
    assert eng.sp_known(eng.state.players["A"].rush[0]) == (0, None)
