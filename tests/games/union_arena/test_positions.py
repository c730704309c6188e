"""Union Arena positions (docs/positions.md): what a position says about the AP cards in play
must follow the turn number, as the engine's start phase brings them (UA-START-AP)."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from judge.core.errors import BadLog
from judge.core.position import read_position

ROOT = Path(__file__).resolve().parents[3]
ATTACK = ROOT / "examples" / "positions" / "ua-attack-block.json"
AP = {"card": "UAS-AP"}


def position(turn: int, turn_player: str, ap_a: int, ap_b: int) -> dict[str, Any]:
    """The sample attack position moved to the main phase of ``turn`` (A went first), with
    ``ap_a`` / ``ap_b`` AP cards in play and the rest of each player's 3 in reserve."""
    doc = json.loads(ATTACK.read_text())
    start = doc["start"]
    start.update(turn=turn, turn_player=turn_player, phase="main")
    start.pop("battle", None)
    for pid, n in (("A", ap_a), ("B", ap_b)):
        start["players"][pid]["ap"] = [copy.deepcopy(AP) for _ in range(n)]
        start["players"][pid]["ap_reserve"] = ["UAS-AP"] * (3 - n)
    return doc


def problems(doc: dict[str, Any]) -> dict[str, str]:
    with pytest.raises(BadLog) as caught:
        read_position(doc)
    return {e.path: e.message for e in caught.value.errors}


@pytest.mark.parametrize(
    ("turn", "turn_player", "ap_a", "ap_b"),
    [
        (1, "A", 1, 0),
        (2, "B", 1, 2),
        (3, "A", 2, 2),
        (4, "B", 2, 2),
        (5, "A", 3, 2),
        (6, "B", 3, 3),
    ],
)
def test_UA_START_AP_a_positions_ap_cards_follow_the_turn_number(
    turn: int, turn_player: str, ap_a: int, ap_b: int
) -> None:
    """Seed 000, 開始階段 step 3: "自己的AP卡會變更為以下的數量 … 第一回合配置1張，第二回合配置總共2張，
    第三回合之後配置總共3張 … 後攻玩家在第一回合便會配置2張AP卡"; the Rule Manual: the first player
    1, 2, 3 on its turns 1, 2, 3+, the second player 2, 2, 3. A position holding those counts
    is read."""
    read_position(position(turn, turn_player, ap_a, ap_b))


def test_UA_START_AP_three_ap_cards_on_the_first_players_first_turn_are_refused() -> None:
    """UA-START-AP: "第一回合配置1張": on turn 1 the first player has 1 AP card in play, not 3."""
    found = problems(position(1, "A", 3, 0))
    assert set(found) == {"start.players.A.ap"}
    assert "UA-START-AP" in found["start.players.A.ap"]
    assert "3 AP cards in play" in found["start.players.A.ap"]
    assert "so it has 1" in found["start.players.A.ap"]


def test_UA_START_AP_the_second_player_has_none_in_play_before_its_first_turn() -> None:
    """UA-START-AP: the AP cards change to the turn's number at step 3 of the player's *own*
    start phase ("自己的AP卡"); the second player's 2 come "在第一回合" — its first turn, turn 2.
    On turn 1 it has had no start phase, so it has none in play, as the engine's replay from
    the first turn has it."""
    found = problems(position(1, "A", 1, 2))
    assert set(found) == {"start.players.B.ap"}
    message = found["start.players.B.ap"]
    assert "has not had a turn yet" in message and "so it has 0" in message
    assert "UA-START-AP" in message


def test_UA_START_AP_the_second_player_has_2_on_the_first_players_second_turn() -> None:
    """UA-START-AP: "第三回合之後配置總共3張" counts the player's own turns: on turn 3 the
    second player has had one turn of its own, so 2 AP cards, not 3."""
    found = problems(position(3, "A", 2, 3))
    assert set(found) == {"start.players.B.ap"}
    assert "so it has 2" in found["start.players.B.ap"]


def test_UA_START_AP_a_player_with_fewer_ap_cards_has_them_all_in_play() -> None:
    """UA-START-AP with fewer than the turn's number (a position is not a whole deck): the
    start phase puts every AP card the player has into play, so all of them are in play."""
    doc = position(5, "A", 2, 2)
    doc["start"]["players"]["A"]["ap_reserve"] = []
    read_position(doc)
    doc["start"]["players"]["A"]["ap"] = [copy.deepcopy(AP)]
    doc["start"]["players"]["A"]["ap_reserve"] = ["UAS-AP"]
    assert set(problems(doc)) == {"start.players.A.ap"}


def test_UA_START_AP_a_replay_from_turn_1_agrees_with_the_position_check() -> None:
    """UA-START-AP: the engine's own start phases give the same counts as the position check:
    after A's turn 1 and B's turn 2, A has 1 AP card in play and B 2."""
    from judge.games.union_arena.testing import LogBuilder, player_state

    b = LogBuilder().setup().proceed("A")  # A's turn 1, main phase
    r = b.replay()
    assert r["steps"][b.last]["turn"] == 1
    assert player_state(r, "A")["ap"]["total"] == 1
    assert player_state(r, "B")["ap"]["total"] == 0
    b.proceed("A", 2).proceed("B")  # B's turn 2, main phase
    r = b.replay()
    assert r["steps"][b.last]["turn"] == 2
    assert player_state(r, "A")["ap"]["total"] == 1
    assert player_state(r, "B")["ap"]["total"] == 2
