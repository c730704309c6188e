"""A unit's text of destroying an opposing unit in a battle (RS-DESTROYS-IN-BATTLE), only when
that unit's BP was not its printed one (RS-IF-BP-NOT-PRINTED), on made-up cards in the
catalogue's sentence shape.

The sources' words, which the tests follow: "これとバトルする敵軍ユニットのBPが本来のBPでなかったなら、そのバ
トルで敵軍ユニットを撃破したとき、相手に1点ダメージを与える。" — in a battle *of this unit* (it attacks
or is attacked), *if* the opposing unit's BP was *not its 本来のBP*, the BP printed on the card
("カードに表記された本来のBP", "カード左上の数値がそれに当たる"), *when* this unit destroys it in *that
battle*: 1 damage to the opponent.  A unit that resists is destroyed all the same ("「撃破された」とい
う事実は変わらないため「撃破した・されたとき」の効果は発動する").  A tie ("お互いに撃破されること") and a
BP equal to the printed one although effects change it the sources leave open: not guessed.
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
    ruling_texts,
    verdict,
)

SWORD_TEXT = (
    "【剣の使い手】これとバトルする敵軍ユニットのBPが本来のBPでなかったなら、そのバトルで敵軍ユニットを"
    "撃破したとき、相手に1点ダメージを与える。"
)
#: the unit whose text is tested: BP 3000, +3000 while attacked
SWORD = printed(
    "T-660",
    "※これはアタックされるときBP+3000される。 " + SWORD_TEXT,
    name="Swordsman",
    bp=3000,
    sp=0,
    size="S",
)
#: printed BP 1000, +1000 while attacked: it battles with 2000
GUARD = printed(
    "T-661", "※これはアタックされるときBP+1000される。", name="Guard", bp=1000, sp=0, size="S"
)
#: printed BP 3000, +1000 while it attacks: 4000 against the Swordsman's 6000
RAIDER = printed(
    "T-663", "※これはアタックするときBP+1000される。", name="Raider", bp=3000, sp=0, size="S"
)
#: printed BP 2000, +1000 while attacked: 3000, a tie with the Swordsman attacking
TWIN = printed(
    "T-664", "※これはアタックされるときBP+1000される。", name="Twin", bp=2000, sp=0, size="S"
)
#: printed BP 3000, +1000 while attacked: 4000, more than the Swordsman attacking
BRUTE = printed(
    "T-667", "※これはアタックされるときBP+1000される。", name="Brute", bp=3000, sp=0, size="S"
)
#: A's operation: an opposing battle-area unit gets BP -1000 until the end of the turn
SAP = card(
    "T-665",
    "operation",
    name="Sap",
    effects=[
        {
            "when": "on_use",
            "do": [
                {
                    "op": "bp",
                    "amount": -1000,
                    "target": {"side": "opponent", "zone": "battle", "count": 1},
                    "until": "turn",
                }
            ],
        }
    ],
)
#: printed BP 1000 with resist, +1000 while attacked
STUBBORN = {**GUARD, "code": "T-666", "name": "Stubborn", "resist": True}
CARDS = [SWORD, GUARD, RAIDER, TWIN, BRUTE, SAP, STUBBORN]
#: the ids of B's first copy of each card (three copies each, in CARDS order)
B_OF = {c["code"]: f"B-{3 * i + 1}" for i, c in enumerate(CARDS)}


def _waiting(code: str) -> LogBuilder:
    """A goes first and passes; B rushes ``code`` and puts it into its battle area; A's turn
    3 is in its battle phase, the Swordsman (A-1) rushed."""
    b = LogBuilder(CARDS).setup(first="A")
    b.charge("A", "T-000").proceed("A", 3)
    b.charge("B", "T-000").proceed("B").rush("B", code).proceed("B").enter("B", _b_unit(b, code))
    b.proceed("B", 2)
    return b.charge("A", "T-000").proceed("A").rush("A", "T-660").proceed("A")


def _attacks(code: str) -> LogBuilder:
    b = _waiting(code)
    return b.enter("A", "A-1").attack("A", "A-1", _b_unit(b, code, "battle"))


def _b_unit(b: LogBuilder, code: str, area: str = "rush") -> str:
    """The id of B's unit of ``code`` in ``area`` (the filler's is bound as it is named)."""
    return next(u["id"] for u in player_state(b.replay(), "B")[area] if u["code"] == code)


def test_RS_DESTROYS_IN_BATTLE_read_from_the_printed_named_effect_and_shown() -> None:
    r = read_card({"type": "unit", "text": SWORD["text"]})
    assert r.understood
    assert r.effects[1] == {
        "when": "on_destroys",
        "foe": {"bp": "not_printed"},
        "do": [{"op": "damage", "n": 1}],
        "text": SWORD_TEXT,
    }
    assert render_card(SWORD)["reading"] == [
        "Always: this unit gets BP +3000 while it is attacked.",
        "When this unit destroys an opposing unit in a battle (attacking or attacked), if that "
        "unit's BP in the battle was not the BP printed on its card: deal 1 damage to the "
        "opposing side, as a strike's.",
    ]


def test_RS_DESTROYS_IN_BATTLE_near_misses_are_not_read() -> None:
    for text in (
        SWORD_TEXT.replace("与える。", "与えてもよい。"),  # a choice: not this sentence
        SWORD_TEXT.replace("本来のBPでなかった", "本来のBPだった"),
        SWORD_TEXT.replace("そのバトルで", ""),
    ):
        assert not read_card({"type": "unit", "text": text}).understood, text
    # a unit with a combination number: its named effect is its combination's
    assert not read_card(
        {"type": "unit", "combination": {"number": 2}, "text": SWORD_TEXT}
    ).understood


def _damage(r: dict[str, Any], pid: str) -> int:
    return int(player_state(r, pid)["damage"])


def test_RS_IF_BP_NOT_PRINTED_a_raised_BP_destroyed_in_battle_deals_1_damage() -> None:
    b = _attacks("T-661")  # Guard: 1000 printed, 2000 as it is attacked
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert {"RS-DESTROYS-IN-BATTLE", "RS-IF-BP-NOT-PRINTED"} <= set(rules_applied(r, b.last))
    assert _damage(r, "B") == 1
    assert _damage(r, "A") == 0
    assert player_state(r, "B")["battle"] == []


def test_RS_IF_BP_NOT_PRINTED_the_printed_BP_no_damage() -> None:
    b = _attacks("T-000")  # the filler: 1000 printed, nothing changes it
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert "RS-IF-BP-NOT-PRINTED" in rules_applied(r, b.last)
    assert any("its printed BP: the text does not apply" in t for t in ruling_texts(r, b.last))
    assert _damage(r, "B") == 0
    assert player_state(r, "B")["battle"] == []


def test_RS_DESTROYS_IN_BATTLE_attacked_it_wins_and_deals_damage_in_the_opponents_turn() -> None:
    """B's Raider (3000, 4000 while it attacks) attacks the Swordsman (3000, 6000 attacked)."""
    b = LogBuilder(CARDS).setup(first="A")
    b.charge("A", "T-000").proceed("A").rush("A", "T-660").proceed("A").enter("A", "A-1")
    b.proceed("A", 2)
    b.charge("B", "T-000").proceed("B").rush("B", "T-663").proceed("B").enter("B", "B-7")
    b.attack("B", "B-7", "A-1")
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert "RS-DESTROYS-IN-BATTLE" in rules_applied(r, b.last)
    assert _damage(r, "B") == 1  # the Swordsman's opponent: B, the turn player
    assert [u["code"] for u in player_state(r, "A")["battle"]] == ["T-660"]


def test_RS_DESTROYS_IN_BATTLE_it_loses_nothing_happens() -> None:
    b = _attacks("T-667")  # Brute: 3000 printed, 4000 attacked; the Swordsman 3000 loses
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert "RS-DESTROYS-IN-BATTLE" not in rules_applied(r, b.last)
    assert _damage(r, "B") == 0
    assert player_state(r, "A")["battle"] == []


def test_RS_DESTROYS_IN_BATTLE_a_tie_is_not_guessed() -> None:
    b = _attacks("T-664")  # Twin: 2000 printed, 3000 attacked; the Swordsman 3000: a tie
    r = b.replay()
    assert verdict(r, b.last) == "unverifiable", r["steps"][b.last]
    assert "RS-DESTROYS-IN-BATTLE" in rules_applied(r, b.last)
    assert _damage(r, "B") == 0
    assert player_state(r, "A")["battle"] == [] and player_state(r, "B")["battle"] == []


def test_RS_IF_BP_NOT_PRINTED_effects_that_cancel_out_are_not_guessed() -> None:
    """The Twin: 2000 printed, +1000 attacked, -1000 by A's Sap: it battles with 2000."""
    b = LogBuilder(CARDS).setup(first="A")
    b.charge("A", "T-000").proceed("A", 3)
    b.charge("B", "T-000").proceed("B").rush("B", "T-664").proceed("B").enter("B", "B-10")
    b.proceed("B", 2)
    b.charge("A", "T-000").proceed("A").rush("A", "T-660").use("A", "T-665", targets=["B-10"])
    b.proceed("A").enter("A", "A-1").attack("A", "A-1", "B-10")
    r = b.replay()
    assert verdict(r, b.last) == "unverifiable", r["steps"][b.last]
    assert "RS-IF-BP-NOT-PRINTED" in rules_applied(r, b.last)
    assert _damage(r, "B") == 0
    assert player_state(r, "B")["battle"] == []


def test_RS_DESTROYS_IN_BATTLE_a_unit_that_resists_was_destroyed_all_the_same() -> None:
    b = _attacks("T-666")  # Stubborn: the Guard with resist
    # two effects wait, B's choice to resist and A's text: A, the turn player, orders them
    b.act("A", "resolve", source="B-19", use=True)
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert [u["code"] for u in player_state(r, "B")["battle"]] == ["T-666"]
    assert _damage(r, "B") == 1
