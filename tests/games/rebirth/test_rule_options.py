"""Rebirth for you: the stand phase's order and the choices the seed leaves open, each a rule
option tested in both settings (R4U-STAND, R4U-PERFORMANCE-APPLY, R4U-STAT-FLOOR,
R4U-ATTACK-NEW-MEMBER, R4U-REBIRTH-DRAW)."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

from judge.core.position import position_log
from judge.core.replay import replay
from judge.games.rebirth.testing import (
    REBIRTH,
    LogBuilder,
    card,
    event_types,
    player_state,
    rules_applied,
    rules_broken,
    ruling_texts,
    to_b_battle,
    verdict,
)

ROOT = Path(__file__).resolve().parents[3]
ATTACK = json.loads((ROOT / "examples/positions/rebirth-attack-guard.json").read_text())
FREE = {"energy": 0, "partner": 0}


# -- R4U-STAND ------------------------------------------------------------------------------


def test_R4U_STAND_draws_first_then_stands() -> None:
    """Seed 004, 游戏流程 2 准备阶段: "抽一张卡。将成员与能量区中横置状态的卡片变为竖直状态" — the
    draw comes first. A player who must draw from an empty deck and an empty waiting room
    (R4U-REFRESH-EMPTY, default lose) loses at that draw, before anything stands."""
    doc = copy.deepcopy(ATTACK)
    doc["start"].update(turn=5, phase="stand", turn_player="A", battle=None, damage=0)
    a = doc["start"]["players"]["A"]
    a["members"] = [{"card": "R4S-001", "rested": True}, None, None]
    a["deck"], a["waiting_room"] = [], []
    a["unseen"] = a["unseen"][:3]  # the hand's and the energy's unknown cards
    log = {**position_log(doc), "actions": [{"p": "A", "do": "proceed"}]}
    step = replay(log)["steps"][0]
    assert replay(log)["summary"]["result"] == {"winner": "B", "reason": "deck"}
    assert step["state"]["players"]["A"]["members"][0]["rested"] is True
    assert "R4U-STAND" not in [x["rule"] for x in step["rulings"]]


def test_R4U_STAND_the_ruling_names_the_draw_then_the_stand() -> None:
    """R4U-STAND: "抽一张卡。将…横置状态的卡片变为竖直状态": the ruling says it in that order."""
    b = LogBuilder([REBIRTH]).setup(first="A").proceed("A", 2)
    r = b.replay()
    text = next(t for t in ruling_texts(r, b.last) if "stand phase" in t)
    assert "draws 1 card, then stands" in text


# -- R4U-PERFORMANCE-APPLY ---------------------------------------------------------------------

FAN = card(
    "T-FAN",
    name="Fan",
    level=0,
    atk=1,
    def_=3,
    effects=[{"when": "performance", "count": 1, "do": [{"op": "mod", "atk": 4}]}],
)


def _member_performer(option: str) -> dict[str, Any]:
    b = LogBuilder([FAN], options={"performance_from": option}).setup(first="A").proceed("A")
    b.act("A", "play", card="T-FAN", to="member", square=1, pay=FREE)
    return b.replay()


def test_R4U_PERFORMANCE_APPLY_entry_only_the_entrys_own_performance() -> None:
    """R4U-PERFORMANCE-APPLY (GAP), performance_from "entry" (default): the seed's 本领发挥 is
    "可以发动的特别效果" with no place given; by default a member's performance does not change
    the entry (the filler entry keeps ATK 1)."""
    r = _member_performer("entry")
    assert player_state(r, "A")["entry"]["atk"] == 1


def test_R4U_PERFORMANCE_APPLY_field_a_members_performance_applies_to_the_entry() -> None:
    """R4U-PERFORMANCE-APPLY, performance_from "field": the member's performance (1 card in
    members and retire area) gives the entry ATK +4."""
    r = _member_performer("field")
    assert player_state(r, "A")["entry"]["atk"] == 5


# -- R4U-STAT-FLOOR ------------------------------------------------------------------------

SLUMP = card(
    "T-SLP",
    name="Slump",
    level=1,
    atk=1,
    def_=5,
    effects=[{"when": "performance", "count": 1, "do": [{"op": "mod", "atk": -3}]}],
)


def _negative_attack(option: str) -> tuple[LogBuilder, dict[str, Any]]:
    b = to_b_battle([SLUMP], options={"stat_floor": option}, entry="T-SLP")
    b.act("B", "attack", card="T-000").act("A", "guard", card=None)
    return b, b.replay()


def test_R4U_STAT_FLOOR_zero_an_atk_below_0_counts_as_0() -> None:
    """R4U-STAT-FLOOR (GAP), stat_floor "zero" (default): ATK 1 - 3 (its performance, with the
    one member B has) counts as 0; the attack deals 0 damage."""
    b, r = _negative_attack("zero")
    assert player_state(r, "B")["entry"]["atk"] == 0
    assert r["steps"][b.last]["state"]["damage"]["total"] == 0
    assert verdict(r, b.last) == "legal" and "R4U-DAMAGE" in rules_applied(r, b.last)


def test_R4U_STAT_FLOOR_none_a_negative_atk_lowers_the_total() -> None:
    """R4U-STAT-FLOOR, stat_floor "none": ATK stays -2 and the turn's total is -2."""
    b, r = _negative_attack("none")
    assert player_state(r, "B")["entry"]["atk"] == -2
    assert r["steps"][b.last]["state"]["damage"]["total"] == -2


# -- R4U-ATTACK-NEW-MEMBER -------------------------------------------------------------------


def test_R4U_ATTACK_NEW_MEMBER_allowed_a_member_moved_this_turn_attacks_at_once() -> None:
    """R4U-ATTACK-NEW-MEMBER (GAP), new_member_attack "allowed" (default): the seed rests "a
    member" ("将一个成员横置…视为一次攻击") and sets no waiting time; B's filler, moved to member
    square 1 this turn, may attack."""
    b = to_b_battle(options={"new_member_attack": "allowed"}).act("B", "attack", card="T-000")
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert "R4U-ATTACK" in rules_applied(r, b.last)


def test_R4U_ATTACK_NEW_MEMBER_next_turn_a_member_moved_this_turn_cannot_attack() -> None:
    """R4U-ATTACK-NEW-MEMBER, new_member_attack "next_turn": the member moved this turn may
    not be rested for an attack until its player's next turn."""
    b = to_b_battle(options={"new_member_attack": "next_turn"}).act("B", "attack", card="T-000")
    r = b.replay()
    assert rules_broken(r, b.last) == ["R4U-ATTACK-NEW-MEMBER"]
    assert player_state(r, "B")["members"][0]["rested"] is False
    b.proceed("B").proceed("A", 3).proceed("B", 2).act("B", "attack", card="T-000")
    r = b.replay()
    assert verdict(r, b.last) == "legal"  # B's next turn


# -- R4U-REBIRTH-DRAW ------------------------------------------------------------------------


def _placed(option: str | None, draw: bool | None) -> tuple[LogBuilder, dict[str, Any]]:
    options = {} if option is None else {"rebirth_draw": option}
    b = LogBuilder([REBIRTH], options=options).setup(first="A").proceed("A")
    fields = {} if draw is None else {"draw": draw}
    b.act("A", "rebirth", card="T-RB", **fields)
    return b, b.replay()


def test_R4U_REBIRTH_DRAW_must_the_draw_follows_every_placement() -> None:
    """R4U-REBIRTH-DRAW (GAP), rebirth_draw "must" (default): "然后抽一张卡": the draw is no
    choice; it may be recorded (draw true) or left out, and draw false is illegal."""
    for draw in (None, True):
        b, r = _placed(None, draw)
        assert verdict(r, b.last) == "legal"
        assert "draw" in event_types(r, b.last) and len(player_state(r, "A")["hand"]) == 7
        assert "R4U-REBIRTH-DRAW" in rules_applied(r, b.last)
    b, r = _placed("must", False)
    assert rules_broken(r, b.last) == ["R4U-REBIRTH-DRAW"]
    assert player_state(r, "A")["rebirth_area"] == []  # on_illegal skip: nothing placed


def test_R4U_REBIRTH_DRAW_may_draw_false_declines_the_draw() -> None:
    """R4U-REBIRTH-DRAW, rebirth_draw "may" ("每放置一张便可以抽一张卡"): draw false places the
    card without drawing; left out, the engine assumes a draw and cannot verify it."""
    b, r = _placed("may", False)
    assert verdict(r, b.last) == "legal"
    assert "draw" not in event_types(r, b.last)
    assert player_state(r, "A")["rebirth_area"] == ["A-1"]
    assert len(player_state(r, "A")["hand"]) == 6  # 7 before, one placed, none drawn
    b, r = _placed("may", None)
    assert verdict(r, b.last) == "unverifiable"
    assert "draw" in event_types(r, b.last)
    assert "R4U-CHOICE-RECORDED" in rules_applied(r, b.last)
