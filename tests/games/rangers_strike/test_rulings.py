"""Rangers Strike rulings checked against the official card Q&A and the tag-battle seed.

Each test is named after the rule it exercises and written from the source's words:

- RS-SIMULTANEOUS — official card Q&A (第1弾カードQ&A), entry RS-018 隠流忍術, the question on
  RS-039 守護獣プテラノドン: effects that trigger at exactly the same timing are applied in the
  order the turn player decides (「まったく同タイミングで発動した効果などは、ターンプレイヤーが
  適用する順番を決めて処理します」) — both players' effects.
- RS-COUNTER — the same entry: against one attack (or strike) two or more matching counters may
  be used (「同時に２枚以上使用することはできますか？」「はい、できます。」), each paid as usual.
- RS-SETUP-FIRST — the rock-paper-scissors winner goes first, with no choice.
- RST-PHASES, RST-STRIKE-ASSIGN, RST-RESIDENT-TAG — the seed's 【リーダー／サポーター制】,
  【ストライク】 and 【常駐オペレーション】.
"""

from __future__ import annotations

from typing import Any

import pytest

from judge.core.errors import BadLog
from judge.games.rangers_strike.testing import (
    SCOUT,
    LogBuilder,
    a_tie_in_bs_turn,
    area_ids,
    card,
    player_state,
    rules_applied,
    rules_broken,
    ruling_texts,
    verdict,
)


def message(r: dict[str, Any], index: int) -> str:
    return " ".join(v["message"] for v in r["steps"][index]["violations"])


# -- RS-SIMULTANEOUS ------------------------------------------------------------------------------


def test_RS_SIMULTANEOUS_the_turn_player_orders_both_players_effects() -> None:
    b = a_tie_in_bs_turn()
    r = b.replay()
    waiting = r["steps"][b.last]["pending"]
    assert sorted(p["source"] for p in waiting) == ["A-1", "B-4"]
    assert {p["player"] for p in waiting} == {"B"}  # B, the turn player, picks the next one
    # A may not pick, not even its own effect: the order is the turn player's to decide
    b.act("A", "resolve", source="A-1", targets=["B-7"])
    r = b.replay()
    assert rules_broken(r, b.last) == ["RS-SIMULTANEOUS"]
    assert "B, the turn player, decides which resolves next" in message(r, b.last)
    # B orders its own effect first: Scout gets BP 4000, and A's effect finds no target
    b.doc["actions"][-1] = {
        "p": "B",
        "do": "resolve",
        "source": "B-4",
        "targets": ["B-7"],
        "order": ["B-4", "A-1"],
    }
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert "RS-SIMULTANEOUS" in rules_applied(r, b.last)
    assert any("B, the turn player, chose the order" in t for t in ruling_texts(r, b.last))
    assert player_state(r, "B")["rush"][0]["bp"] == 4000
    # one effect is left: no order to decide, and A, who controls it, resolves it
    b.act("A", "resolve", source="A-1", targets=[])
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert area_ids(r, "B", "rush") == ["B-7"]


def test_RS_SIMULTANEOUS_the_turn_player_may_put_the_opponents_effect_first() -> None:
    b = a_tie_in_bs_turn()
    # B picks A's effect first; its target is A's choice, recorded on B's resolve
    b.act("B", "resolve", source="A-1", targets=["B-7"])
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    texts = " ".join(ruling_texts(r, b.last))
    assert "B, the turn player, decides the order of all of them" in texts
    assert "it is A's effect, so its targets and use" in texts
    assert area_ids(r, "B", "rush") == []  # Scout was destroyed before Guardian's effect
    # only B's effect is left: B resolves it, with no rush-area unit to target
    b.act("B", "resolve", source="B-4", targets=[])
    assert verdict(b.replay(), b.last) == "legal"


# -- RS-COUNTER -----------------------------------------------------------------------------------

BRUISER = card("T-004", name="Bruiser", bp=3000)
SPARROW = card("T-005", name="Sparrow", bp=1000)
SHIELD = card(
    "T-008",
    "operation",
    name="Shield",
    operation="counter",
    timing="attacked",
    effects=[
        {
            "when": "on_use",
            "do": [
                {
                    "op": "bp",
                    "amount": 1500,
                    "target": {"side": "own", "zone": "battle", "count": 1},
                    "until": "battle",
                }
            ],
        }
    ],
)


def an_attack_on_sparrow(rush_in_turn_4: bool = False) -> LogBuilder:
    """In A's turn 5 A's Bruiser (A-1, BP 3000) attacks B's Sparrow (B-4, BP 1000); B holds two
    Shields (counters: BP +1500 for the battle) and two released commands to pay for them
    (one, if B rushes its Bruiser in turn 4)."""
    b = LogBuilder([BRUISER, SPARROW, SHIELD]).setup(first="A")
    b.charge("A", "T-000").proceed("A").rush("A", "T-004").proceed("A", 2)
    b.charge("B", "T-000").proceed("B").rush("B", "T-005").proceed("B", 2)
    b.charge("A", "T-000").proceed("A", 3)
    b.charge("B", "T-000").proceed("B")
    if rush_in_turn_4:
        b.rush("B", "T-004")
    b.proceed("B").enter("B", "B-4").proceed("B")
    b.charge("A", "T-000").proceed("A", 2).enter("A", "A-1")
    return b.attack("A", "A-1", "B-4")


def test_RS_COUNTER_two_counters_may_answer_one_attack() -> None:
    b = an_attack_on_sparrow().use("B", "T-008", targets=["B-4"])
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    # with one Shield Sparrow has BP 2500 < 3000: it would lose; the window stays open
    texts = ruling_texts(r, b.last)
    assert any("another counter (two or more may answer one attack)" in t for t in texts)
    b.use("B", "T-008", targets=["B-4"])
    r = b.replay()
    assert verdict(r, b.last) == "legal" and "RS-COUNTER" in rules_applied(r, b.last)
    # 1000 + 1500 + 1500 = 4000 > 3000: the attacker is destroyed, after both counters
    assert area_ids(r, "B", "battle") == ["B-4"]
    assert player_state(r, "A")["discard"] == ["A-1"]
    assert player_state(r, "B")["discard"] == ["B-7", "B-8"]
    # each is paid as usual: both of B's commands are held
    assert [c["held"] for c in player_state(r, "B")["command"]] == [True, True]


def test_RS_COUNTER_a_second_counter_needs_its_own_command() -> None:
    b = an_attack_on_sparrow(rush_in_turn_4=True)
    b.use("B", "T-008", targets=["B-4"]).use("B", "T-008", targets=["B-4"])
    r = b.replay()
    assert verdict(r, b.last - 1) == "legal"
    assert rules_broken(r, b.last) == ["RS-COUNTER"]  # no counter B could pay for is open


# -- RS-SETUP-FIRST -------------------------------------------------------------------------------


def test_RS_SETUP_FIRST_in_tag_battle_the_winners_team_goes_first() -> None:
    b = LogBuilder([SCOUT], variant="tag").setup(first="B1", by="A2")
    r = b.replay()
    assert rules_broken(r, 0) == ["RS-SETUP-FIRST"]
    assert "A2's team goes first, its leader A1 first" in message(r, 0)
    b = LogBuilder([SCOUT], variant="tag").setup(first="A1", by="A2")
    r = b.replay()
    assert verdict(r, 0) == "legal" and "RS-SETUP-FIRST" in rules_applied(r, 0)


# -- RST-PHASES: each extra draw in its player's own start phase --------------------------------


def test_RST_PHASES_the_leaders_extra_draw_comes_before_the_supporters_start_phase() -> None:
    # Team A's second turn: A1's start phase, then A2's, then A1's charge phase.  Both extra
    # draws are illegal here (no player has more damage than cards in hand); applied as
    # played (on_illegal apply), they show which order the phases allow.
    b = LogBuilder([SCOUT], variant="tag").setup(first="A1")
    for p in ("A1", "A2", "B1", "B2"):
        b.pass_turn(p)
    b.act("A2", "extra_draw").act("A1", "extra_draw")
    r = b.replay(on_illegal="apply")
    assert rules_broken(r, b.last - 1) == ["RS-START-EXTRA-DRAW"]  # hand 8, damage 0
    assert rules_broken(r, b.last) == ["RST-PHASES"]
    assert "A1's extra draw belongs to A1's own start phase, which comes before A2's" in message(
        r, b.last
    )
    assert "A2's extra draw is recorded already" in message(r, b.last)
    # the leader first, then the supporter: only the hand sizes are wrong, not the order
    b.doc["actions"][-2:] = [
        {"p": "A1", "do": "extra_draw"},
        {"p": "A2", "do": "extra_draw"},
    ]
    r = b.replay(on_illegal="apply")
    assert rules_broken(r, b.last - 1) == ["RS-START-EXTRA-DRAW"]
    assert rules_broken(r, b.last) == ["RS-START-EXTRA-DRAW"]
    assert any("comes before A2's start phase" in t for t in ruling_texts(r, b.last - 1))


# -- RST-STRIKE-ASSIGN / RST-LOSS: a lethal strike when one player is left -------------------------

BURN5 = card(
    "T-006",
    "operation",
    name="Burn Five",
    effects=[{"when": "on_use", "do": [{"op": "damage", "n": 5}]}],
)
BURN4 = card(
    "T-007",
    "operation",
    name="Burn Four",
    effects=[{"when": "on_use", "do": [{"op": "damage", "n": 4}]}],
)


def test_RST_STRIKE_ASSIGN_a_lethal_strike_when_only_one_player_can_take_it() -> None:
    b = LogBuilder([SCOUT, BURN5, BURN4], variant="tag").setup(first="A1")
    b.charge("A1", "T-000").proceed("A1").use("A1", "T-006").assign("B1", "B1")
    b.proceed("A1", 2)
    b.charge("A2", "T-000").proceed("A2").use("A2", "T-007")  # only B2 can take it
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert player_state(r, "B2")["damage"] == 4
    assert "Only B2 can take it, with no choice" in " ".join(ruling_texts(r, b.last))
    b.proceed("A2", 2)
    b.charge("B2", "T-000", to="power").proceed("B2", 3)  # B1 is out: its phases are skipped
    b.charge("A1", "T-000").proceed("A1").rush("A1", "T-003").proceed("A1").enter("A1", "A1-1")
    b.strike("A1", "A1-1")
    r = b.replay()
    # no assignment and no choice of power card: the damage is dealt and the game ends
    assert verdict(r, b.last) == "legal"
    assert r["summary"]["result"] == {"winner": "A", "reason": "damage"}
    assert r["steps"][b.last]["pending"] == []
    assert player_state(r, "B2")["damage"] == 5
    assert {"RST-STRIKE-ASSIGN", "RST-LOSS"} <= set(rules_applied(r, b.last))
    # the assignment had one way, which the engine took: it may still be recorded as that way
    b.assign("B2", "B2")
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert rules_applied(r, b.last) == ["RS-FORCED-DECISION"]
    b.doc["actions"][-1]["to"] = "B1"  # out: not a way the rules leave
    assert rules_broken(b.replay(), b.last) == ["RST-STRIKE-ASSIGN"]


# -- references: copies in different states -------------------------------------------------------


def test_RS_CARD_IN_ZONE_a_code_for_copies_in_different_states_is_ambiguous() -> None:
    # A's two Scouts in the battle area: A-1 has struck, A-2 has just entered and may act
    b = LogBuilder([SCOUT]).setup(first="A")
    b.charge("A", "T-000").proceed("A").rush("A", "T-003").proceed("A", 2).pass_turn("B")
    b.charge("A", "T-000").proceed("A").rush("A", "T-003").proceed("A")
    b.enter("A", "A-1").strike("A", "A-1").enter("A", "A-2")
    assert verdict(b.replay(), b.last) == "legal"
    b.strike("A", "T-003")
    with pytest.raises(BadLog) as caught:
        b.replay()
    error = caught.value.errors[0]
    assert error.path == f"actions[{b.last}].card"
    assert "ambiguous card reference 'T-003': it could mean A-1, A-2" in error.message
    # named by instance, the strike is judged: A-2 may strike, A-1 has struck already
    b.doc["actions"][-1]["card"] = "A-2"
    assert verdict(b.replay(), b.last) == "legal"
    b.doc["actions"][-1]["card"] = "A-1"
    assert rules_broken(b.replay(), b.last) == ["RS-ONE-ACTION"]


# -- RST-RESIDENT-TAG and damage past 5 (RST-STRIKE-ASSIGN, GAP part) -------------------------------


def resident(code: str, amount: int, tag: bool) -> dict[str, Any]:
    """A resident operation: own battle-area units get BP +amount (with Tag, or not)."""
    return card(
        code,
        "operation",
        operation="resident",
        tag=tag,
        effects=[
            {
                "when": "resident",
                "do": [{"op": "bp", "amount": amount, "target": {"side": "own", "zone": "battle"}}],
            }
        ],
    )


def tag_and_plain_residents(**options: Any) -> LogBuilder:
    """A2 has a resident with Tag (+500), A1 one without (+300); A2's Sparrow (BP 1000) has just
    entered A2's battle area."""
    b = LogBuilder(
        [SCOUT, SPARROW, resident("T-008", 500, True), resident("T-009", 300, False)],
        variant="tag",
        options=options,
    ).setup(first="A1")
    b.charge("A1", "T-000").proceed("A1", 3)
    b.charge("A2", "T-000").proceed("A2").use("A2", "T-008").proceed("A2", 2)
    b.pass_turn("B1").pass_turn("B2")
    b.charge("A1", "T-000").proceed("A1").use("A1", "T-009").proceed("A1", 2)
    return (
        b.charge("A2", "T-000").proceed("A2").rush("A2", "T-005").proceed("A2").enter("A2", "T-005")
    )


def test_RST_RESIDENT_TAG_tag_widens_no_residents_units() -> None:
    """The rewording is the bold part's (the reminder: 太字部分を実行するかわりに、他の自軍常駐の太字部分を
    実行できる), not 自軍 read as the team: A2's Tag resident covers A2's units, A1's resident
    (placed beside a Tag resident of the team-mate's) only A1's."""
    b = tag_and_plain_residents()
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert player_state(r, "A2")["battle"][0]["bp"] == 1500  # A2's +500 only, not A1's +300
    use = next(
        s["index"] for s in r["steps"] if s["action"] == {"p": "A1", "do": "use", "card": "T-009"}
    )
    assert "RST-RESIDENT-TAG" not in rules_applied(r, use)


def test_RST_RESIDENT_TAG_the_old_option_is_retired_judged_and_told() -> None:
    """A log recorded with the withdrawn option loses nothing: it is judged as without it (Tag
    widens no resident's units) and the summary says the option was retired and why."""
    b = tag_and_plain_residents(resident_tag="team_residents")
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert player_state(r, "A2")["battle"][0]["bp"] == 1500  # as without the option
    assert "bold part" in r["summary"]["retired_options"]["resident_tag"]


BURN7 = card(
    "T-009",
    "operation",
    name="Burn Seven",
    effects=[{"when": "on_use", "do": [{"op": "damage", "n": 7}]}],
)


def test_RST_STRIKE_ASSIGN_all_the_damage_to_the_one_player_named() -> None:
    b = LogBuilder([BURN7], variant="tag").setup(first="A1")
    b.charge("A1", "T-000").proceed("A1").use("A1", "T-009").assign("B1", "B1")
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert (player_state(r, "B1")["damage"], player_state(r, "B2")["damage"]) == (7, 0)
    assert any("nothing passes to the ally" in t for t in ruling_texts(r, b.last))
    b.doc["rule_options"]["assigned_damage_overflow"] = "ally"
    r = b.replay()
    assert (player_state(r, "B1")["damage"], player_state(r, "B2")["damage"]) == (5, 2)
    assert "RST-STRIKE-ASSIGN" in rules_applied(r, b.last)
    assert player_state(r, "B1")["out"] is True and r["summary"]["result"] is None
