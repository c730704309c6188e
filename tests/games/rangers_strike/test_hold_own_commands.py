"""Commands of one's own held in any number, and an opposing unit destroyed within a BP limit
they make (RS-HOLD-OWN-COMMANDS), on made-up cards in the catalogue's sentence shape.

The sources' words, which the tests follow: "これをラッシュしたとき、自軍コマンドを好きな数選びホールド
してもよい。そうしたとき、ホールドしたコマンド1つにつきBP2000として、そのBPの合計以下のBPを持つ敵軍ユ
ニットを1体選び撃破する。" (when rushed, the player *may* hold *any number* of its commands; *when
it did*, one opposing unit whose BP is no more than 2000 *for each command held* is destroyed);
a command is held by being turned sideways and stays so until released ("横向きになったコマンドは…
リリースされるまではこの状態のままになる", atwiki renst 157), so only a released one can be held;
choosing none stops what follows ("対象を「0枚選ぶ」ことは可能だが、…その後の処理は中断される",
atwiki renst 1869).
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

LAMP = (
    "【マジランプバスター】これをラッシュしたとき、自軍コマンドを好きな数選びホールドしてもよい。そうしたとき、"
    "ホールドしたコマンド1つにつきBP2000として、そのBPの合計以下のBPを持つ敵軍ユニットを1体選び撃破する。"
)

#: A's unit with the text; B's units of BP 3000 and 5000
MAGE = printed("T-620", LAMP, name="Mage", bp=3000, sp=0, size="S")
MID = card("T-621", name="Mid", bp=3000, sp=0, size="S")
BIG = card("T-622", name="Big", bp=5000, sp=0, size="S")
CARDS = [MAGE, MID, BIG]


def _rushed(commands: int, b_units: tuple[str, ...] = ("T-621",)) -> LogBuilder:
    """B rushes ``b_units`` (one a turn, B first); A charges a command in each of its turns,
    ``commands`` in all, and in the last rushes the Mage (one command held for it): its effect
    waits for A, ``commands - 1`` commands of A's released."""
    b = LogBuilder(CARDS).setup(first="B")
    turns = max(len(b_units), commands - 1)
    for k in range(turns):
        if k < len(b_units):
            b.charge("B", "T-000").proceed("B").rush("B", b_units[k]).proceed("B", 2)
        else:
            b.charge("B", "T-000").proceed("B", 3)
        if k < commands - 1:
            b.charge("A", "T-000").proceed("A", 3)
        else:
            b.pass_turn("A")
    b.charge("B", "T-000").proceed("B", 3)
    return b.charge("A", "T-000").proceed("A").rush("A", "T-620")


def _held(r: dict[str, Any], pid: str = "A") -> list[bool]:
    return [bool(c["held"]) for c in player_state(r, pid)["command"]]


def _b_codes(r: dict[str, Any]) -> list[str]:
    return [u["code"] for u in player_state(r, "B")["rush"] + player_state(r, "B")["battle"]]


def test_RS_HOLD_OWN_COMMANDS_read_from_the_printed_sentences_and_shown() -> None:
    (effect,) = read_card({"type": "unit", "text": LAMP}).effects
    assert effect == {
        "when": "on_rush",
        "optional": True,
        "do": [
            {"op": "hold_own_commands", "if_done": True},
            {
                "op": "destroy",
                "target": {
                    "side": "opponent",
                    "zone": "field",
                    "count": 1,
                    "type": "unit",
                    "bp_per_held": 2000,
                },
            },
        ],
        "text": LAMP,
    }
    assert render_card(MAGE)["reading"] == [
        "When rushed (optional: you may): hold any number of released commands of yours (one "
        "or more), and if you do: destroy 1 unit (not a vehicle) with BP no more than 2000 for "
        "each command so held in the opponent's rush or battle area."
    ]
    for text in (
        LAMP.replace("好きな数", "1つ"),  # a number printed: another sentence
        LAMP.replace("自軍コマンドを", "敵軍コマンドを"),
        LAMP.replace("そうしたとき、", ""),  # the limit without the hold it counts
        LAMP.replace("以下のBPを持つ", "以上のBPを持つ"),
        LAMP.replace("撃破する。", "撃破してもよい。"),  # a second choice after the first
        LAMP.replace("敵軍ユニット", "自軍ユニット"),
    ):
        assert not read_card({"type": "unit", "text": text}).understood, text
    # the limit is read only after the hold it counts on
    alone = "【X】これをラッシュしたとき、ホールドしたコマンド1つにつきBP2000として、そのBPの合計以下のBPを持つ敵軍ユニットを1体選び撃破する。"
    assert not read_card({"type": "unit", "text": alone}).understood


def test_RS_HOLD_OWN_COMMANDS_two_held_make_the_limit_4000() -> None:
    b = _rushed(3)
    r = b.replay()
    free = [c["id"] for c in player_state(r, "A")["command"] if not c["held"]]
    assert len(free) == 2
    b.act("A", "resolve", source="T-620", use=True, targets=[*free, "T-621"])
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert "RS-HOLD-OWN-COMMANDS" in rules_applied(r, b.last)
    assert _held(r) == [True, True, True]
    assert _b_codes(r) == []  # the BP 3000 unit is destroyed (3000 <= 2 x 2000)


def test_RS_HOLD_OWN_COMMANDS_one_held_does_not_reach_a_bp_3000_unit() -> None:
    b = _rushed(3)
    b.act("A", "resolve", source="T-620", use=True, targets=["T-000", "T-621"])
    r = b.replay()
    assert verdict(r, b.last) == "illegal"
    assert "RS-EFFECT-TARGETS" in rules_broken(r, b.last)


def test_RS_HOLD_OWN_COMMANDS_no_unit_within_the_limit_nothing_is_destroyed() -> None:
    b = _rushed(2, ("T-622",))
    b.act("A", "resolve", source="T-620", use=True, targets=["T-000"])
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert _held(r) == [True, True]
    assert _b_codes(r) == ["T-622"]


def test_RS_HOLD_OWN_COMMANDS_not_used_nothing_is_held() -> None:
    b = _rushed(3)
    b.act("A", "resolve", source="T-620", use=False)
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert _held(r).count(True) == 1
    assert _b_codes(r) == ["T-621"]


def test_RS_HOLD_OWN_COMMANDS_how_many_is_not_guessed() -> None:
    b = _rushed(3)
    b.act("A", "resolve", source="T-620", use=True)
    r = b.replay()
    assert verdict(r, b.last) == "unverifiable"
    assert "RS-HOLD-OWN-COMMANDS" in rules_applied(r, b.last)
    assert _held(r).count(True) == 1  # not carried out
    assert _b_codes(r) == ["T-621"]


def test_RS_HOLD_OWN_COMMANDS_one_released_command_is_no_choice() -> None:
    b = _rushed(2, ("T-000",))  # B's filler unit, BP 1000
    b.act("A", "resolve", source="T-620", use=True, targets=["B-11"])
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert _held(r) == [True, True]
    assert _b_codes(r) == []


def test_RS_HOLD_OWN_COMMANDS_no_released_command_nothing_follows() -> None:
    b = _rushed(1, ("T-000",))
    b.act("A", "resolve", source="T-620", use=True)
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert _b_codes(r) == ["T-000"]
    b.doc["actions"].pop()
    b.act("A", "resolve", source="T-620", use=True, targets=["B-11"])
    r = b.replay()
    assert verdict(r, b.last) == "illegal"
    assert "RS-EFFECT-TARGETS" in rules_broken(r, b.last)


def test_RS_HOLD_OWN_COMMANDS_a_held_command_cannot_be_held_again() -> None:
    b = _rushed(2)
    r = b.replay()
    held = [c["id"] for c in player_state(r, "A")["command"] if c["held"]]
    b.act("A", "resolve", source="T-620", use=True, targets=[*held, "T-621"])
    r = b.replay()
    assert verdict(r, b.last) == "illegal"
    assert "RS-HOLD-OWN-COMMANDS" in rules_broken(r, b.last)


def test_RS_HOLD_OWN_COMMANDS_a_code_of_a_command_and_a_unit_is_not_guessed() -> None:
    b = _rushed(3, ("T-000",))  # B's filler unit, BP 1000, and A's filler commands
    b.act("A", "resolve", source="T-620", use=True, targets=["T-000", "T-000"])
    r = b.replay()
    assert verdict(r, b.last) == "unverifiable"
    assert _held(r).count(True) == 1
    assert area_ids(r, "B", "rush") == ["B-11"]


def test_RS_HOLD_OWN_COMMANDS_legal_actions_hold_every_command_first() -> None:
    from judge.core.replay import position

    b = _rushed(3)
    listed = [a for a in position(b.log()).legal_actions() if a["do"] == "resolve"]
    assert {"p": "A", "do": "resolve", "source": "A-1", "use": False} in listed
    (used,) = [a for a in listed if a.get("use") is not False]
    assert used["targets"] == ["A-11", "A-12", "B-4"]
    b.act(**used)
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
