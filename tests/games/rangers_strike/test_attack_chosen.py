"""A Number Combination letting the unit attack an opposing rush-area unit chosen for it
(RS-ATTACK-CHOSEN), on made-up cards in the catalogue's sentence shape.

The sources' words, which the tests follow: "【name】SP1 相手は自分自身のラッシュエリアからユニットを1体選ぶ(自軍ダ
メージが4点以上あれば自分が選ぶ)。このターン、このユニットは、選んだユニットにアタックできる。" — the unit is *SP 1*;
*the opponent chooses one unit of its own rush area* (*the player chooses* when it has *4 or more
damage*); *this turn* the unit *may attack the unit chosen*.
"""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

from judge.core.testing import ruling_texts
from judge.games.rangers_strike import attack_chosen
from judge.games.rangers_strike.reader import read_card
from judge.games.rangers_strike.render import render_card
from judge.games.rangers_strike.testing import (
    LogBuilder,
    card,
    printed,
    rules_applied,
    rules_broken,
    verdict,
)

TEXT = (
    "【二刀の型】SP1 相手は自分自身のラッシュエリアからユニットを1体選ぶ(自軍ダメージが4点以上あれば自分が選ぶ)。"
    "このターン、このユニットは、選んだユニットにアタックできる。"
)
#: A's unit (made-up name), combination number 1, SP only from its combination
FENCER = {
    **printed("T-900", TEXT, name="Twin Fencer", combination={"number": 1, "effects": []}),
    "sp": 0,
    "sp_special": True,
    "size": "S",
    "bp": 6000,
}
#: B's units, rushed and left in its rush area
PREY = card("T-901", name="Prey", bp=1000)
OTHER = card("T-902", name="Other Prey", bp=1000)
CARDS = [FENCER, PREY, OTHER]


def _entered(*b_units: str) -> LogBuilder:
    """A rushes Twin Fencer (turn 1); B rushes ``b_units`` (turns 2 and 4); Twin Fencer enters
    1st in A's turn 5: its Number Combination waits."""
    b = LogBuilder(CARDS).setup(first="A")
    b.charge("A", "T-000").proceed("A").rush("A", "T-900").proceed("A", 2)
    b.charge("B", "T-000").proceed("B").rush("B", b_units[0]).proceed("B", 2)
    b.charge("A", "T-000").proceed("A", 3)
    b.charge("B", "T-000").proceed("B")
    for code in b_units[1:]:
        b.rush("B", code)
    b.proceed("B", 2)
    return b.charge("A", "T-000").proceed("A", 2).enter("A", "T-900")


def test_RS_ATTACK_CHOSEN_read_and_shown() -> None:
    r = read_card({"type": "unit", "combination": {"number": 3}, "text": TEXT})
    assert r.understood
    assert [{k: v for k, v in e.items() if k != "text"} for e in r.combination] == [
        {
            "when": "combination",
            "do": [
                {"op": "sp", "value": 1, "until": "turn"},
                {
                    "op": "attack_chosen",
                    "self_at_damage": 4,
                    "target": {
                        "side": "opponent",
                        "zone": "rush",
                        "count": 1,
                        "type": "unit",
                        "chooser": "opponent",
                    },
                },
            ],
        }
    ]
    assert render_card(FENCER)["reading"][-1] == (
        "Number Combination 1: this unit is SP 1 until the end of the turn; your opponent chooses "
        "1 unit of its own rush area (you choose it instead when you have 4 or more damage); "
        "until the end of the turn this unit may attack the unit chosen, in the rush area."
    )


def test_RS_ATTACK_CHOSEN_near_misses_are_not_read() -> None:
    for text in (
        TEXT.replace("ラッシュエリアから", "バトルエリアから"),
        TEXT.replace("自分が選ぶ", "相手が選ぶ"),
        TEXT.replace("このターン、", ""),
        TEXT.replace("アタックできる", "ストライクできる"),
    ):
        defn = {"type": "unit", "combination": {"number": 3}, "text": text}
        assert not read_card(defn).understood, text
    assert not read_card({"type": "unit", "text": TEXT}).understood  # no combination number


def test_RS_ATTACK_CHOSEN_the_unit_chosen_may_be_attacked_in_the_rush_area() -> None:
    b = _entered("T-901", "T-902").act("A", "resolve", source="T-900", targets=["T-901"])
    r = b.replay()
    assert [s["verdict"] for s in r["steps"]].count("illegal") == 0, r["steps"]
    assert "RS-ATTACK-CHOSEN" in rules_applied(r, b.last)
    assert "RS-OPPONENT-CHOOSES" in rules_applied(r, b.last)
    b.attack("A", "T-900", "T-901")
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert "RS-ATTACK-CHOSEN" in rules_applied(r, b.last)


def test_RS_ATTACK_CHOSEN_another_rush_area_unit_may_not_be_attacked() -> None:
    b = _entered("T-901", "T-902").act("A", "resolve", source="T-900", targets=["T-901"])
    b.attack("A", "T-900", "T-902")
    r = b.replay()
    assert verdict(r, b.last) == "illegal", r["steps"][b.last]
    assert "RS-ATTACK-CHOSEN" not in rules_broken(r, b.last)


def test_RS_ATTACK_CHOSEN_the_opponents_choice_not_recorded_is_not_guessed() -> None:
    # two units it could choose: not guessed
    b = _entered("T-901", "T-902").act("A", "resolve", source="T-900")
    r = b.replay()
    assert verdict(r, b.last) == "unverifiable", r["steps"][b.last]
    assert "Which unit the opponent chose is not recorded" in " ".join(ruling_texts(r, b.last))
    # one: forced
    b = _entered("T-901").act("A", "resolve", source="T-900").attack("A", "T-900", "T-901")
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]


def _eng(damage: int, players: int = 1) -> Any:
    ps = SimpleNamespace(damage=damage)
    return SimpleNamespace(
        state=SimpleNamespace(players={"A": ps}),
        allies=lambda pid: ["A", "A2"][:players],
    )


def test_RS_ATTACK_CHOSEN_the_player_chooses_with_four_damage_or_more() -> None:
    (effect,) = read_card({"type": "unit", "combination": {"number": 3}, "text": TEXT}).combination
    for damage, chooser in ((3, "opponent"), (4, None), (6, None)):
        got = attack_chosen.bound(_eng(damage), "A", effect)["do"][1]["target"]
        assert got.get("chooser") == chooser, damage
    assert attack_chosen.tag_doubt(_eng(0, players=2), "A") is not None
    assert attack_chosen.tag_doubt(_eng(0), "A") is None
