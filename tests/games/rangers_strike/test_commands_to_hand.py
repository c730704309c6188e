"""Commands of one's own returned to the hand in any number (RS-COMMANDS-TO-HAND), and as many of
the opponent's size S units of its rush area, chosen by the opponent (RS-OPPONENT-CHOOSES), put
on the bottom of their owner's deck in the order it likes (RS-TO-DECK-BOTTOM), on made-up cards
in the catalogue's sentence shape.

The sources' words, which the tests follow: "自軍コマンドを好きな数選び、自分の手札に戻してもよい。そうし
たとき、相手は、戻した数と同じ数まで可能な限り自分自身のラッシュエリアのSユニットを選び、持ち主の山札の下に好
きな順番で戻す。" (a Number Combination: the player *may* return *any number* of its commands to its
hand; *when it did*, the opponent chooses *as many as it can, up to* that number of size S units
of its own rush area, and puts them on the bottom of their owner's deck *in the order it
likes*); choosing none stops what follows ("対象を「0枚選ぶ」ことは可能だが、…その後の処理は中断され
る", atwiki renst 1869).
"""

from __future__ import annotations

from typing import Any

from judge.core.replay import position
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

KNOCK = (
    "【超忍法・秘打千本ノック】自軍コマンドを好きな数選び、自分の手札に戻してもよい。そうしたとき、相手は、"
    "戻した数と同じ数まで可能な限り自分自身のラッシュエリアのSユニットを選び、持ち主の山札の下に好きな順番で戻す。"
)

#: A's Number Combination 1 unit; B's units: two of size S, one of size M
KNOCKER = printed(
    "T-625", KNOCK, name="Knocker", bp=3000, sp=0, size="S", combination={"number": 1}
)
ONE = card("T-626", name="Small One", bp=1000, sp=0, size="S")
TWO = card("T-627", name="Small Two", bp=1000, sp=0, size="S")
MACHINE = card("T-628", name="Machine", bp=1000, sp=0, size="M")
CARDS = [KNOCKER, ONE, TWO, MACHINE]


def _combined(
    b_units: tuple[str, ...] = ("T-626", "T-627", "T-628"), commands: int = 4
) -> LogBuilder:
    """B rushes ``b_units`` (one a turn, B first); A charges a command in each of its turns,
    ``commands`` in all, and in the last rushes the Knocker (one command held for it) and enters
    it first: its Number Combination 1 waits for A."""
    b = LogBuilder(CARDS).setup(first="B")
    for k in range(max(len(b_units), commands - 1)):
        if k < len(b_units):
            b.charge("B", "T-000").proceed("B").rush("B", b_units[k]).proceed("B", 2)
        else:
            b.charge("B", "T-000").proceed("B", 3)
        if k < commands - 1:
            b.charge("A", "T-000").proceed("A", 3)
        else:
            b.pass_turn("A")
    b.charge("B", "T-000").proceed("B", 3)
    return b.charge("A", "T-000").proceed("A").rush("A", "T-625").proceed("A").enter("A", "T-625")


def _commands(r: dict[str, Any]) -> list[str]:
    return [c["id"] for c in player_state(r, "A")["command"]]


def test_RS_COMMANDS_TO_HAND_read_from_the_printed_sentences_and_shown() -> None:
    (effect,) = read_card({"type": "unit", "combination": {"number": 1}, "text": KNOCK}).combination
    assert effect == {
        "when": "combination",
        "optional": True,
        "do": [
            {"op": "commands_to_hand", "if_done": True},
            {
                "op": "to_deck_bottom",
                "target": {
                    "side": "opponent",
                    "zone": "rush",
                    "type": "unit",
                    "size": "S",
                    "chooser": "opponent",
                    "count_returned": True,
                },
            },
        ],
        "text": KNOCK,
    }
    assert render_card(KNOCKER)["reading"] == [
        "Number Combination 1 (optional: you may): return any number of commands of yours, held "
        "or released (one or more), to your hand, and if you do: put as many size S units (not "
        "vehicles) as commands were so returned (as many as there are, up to that) in the "
        "opponent's rush area (the opponent chooses which) on the bottom of their owner's deck, "
        "in the order the opponent likes."
    ]
    for text in (
        KNOCK.replace("可能な限り", ""),  # as printed first: up to, not as many as it can
        KNOCK.replace("山札の下", "山札の上"),
        KNOCK.replace("自軍コマンド", "敵軍コマンド"),
        KNOCK.replace("好きな数", "1つ"),
        KNOCK.replace("そうしたとき、", ""),
        KNOCK.replace("戻した数と同じ数まで", "1体"),
    ):
        assert not read_card(
            {"type": "unit", "combination": {"number": 1}, "text": text}
        ).understood
    # the opponent's part is read only after the commands it counts
    alone = "【X】相手は、戻した数と同じ数まで可能な限り自分自身のラッシュエリアのSユニットを選び、持ち主の山札の下に好きな順番で戻す。"
    assert not read_card({"type": "unit", "combination": {"number": 1}, "text": alone}).understood


def test_RS_TO_DECK_BOTTOM_two_returned_two_units_in_the_order_named() -> None:
    b = _combined()
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    held, first, *_ = _commands(r)
    assert player_state(r, "A")["command"][0]["held"] is True
    b.act("A", "resolve", source="T-625", use=True, targets=[held, first, "T-627", "T-626"])
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert {"RS-COMMANDS-TO-HAND", "RS-OPPONENT-CHOOSES", "RS-TO-DECK-BOTTOM"} <= set(
        rules_applied(r, b.last)
    )
    assert len(_commands(r)) == 2  # a held command may be returned too
    assert area_ids(r, "B", "rush") == ["B-10"]  # the size M unit stays
    eng = position(b.log())
    assert {held, first} <= set(eng.state.players["A"].hand)
    assert eng.state.players["B"].deck[-2:] == ["B-7", "B-4"]  # Small One at the very bottom


def test_RS_COMMANDS_TO_HAND_as_many_as_returned_not_more() -> None:
    b = _combined()
    r = b.replay()
    one = _commands(r)[1]
    b.act("A", "resolve", source="T-625", use=True, targets=[one, "T-627", "T-626"])
    r = b.replay()
    assert verdict(r, b.last) == "illegal"
    assert "RS-EFFECT-TARGETS" in rules_broken(r, b.last)


def test_RS_OPPONENT_CHOOSES_which_of_two_is_not_guessed() -> None:
    b = _combined()
    r = b.replay()
    one = _commands(r)[1]
    b.act("A", "resolve", source="T-625", use=True, targets=[one])
    r = b.replay()
    assert verdict(r, b.last) == "unverifiable"
    assert area_ids(r, "B", "rush") == ["B-4", "B-7", "B-10"]


def test_RS_COMMANDS_TO_HAND_as_many_as_the_opponent_can() -> None:
    b = _combined(("T-626", "T-628"))
    r = b.replay()
    small, machine = area_ids(r, "B", "rush")
    two = _commands(r)[1:3]
    b.act("A", "resolve", source="T-625", use=True, targets=two)
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert area_ids(r, "B", "rush") == [machine]  # the one size S unit went, the size M stays
    assert position(b.log()).state.players["B"].deck[-1] == small


def test_RS_TO_DECK_BOTTOM_the_order_of_two_is_not_guessed() -> None:
    b = _combined()
    r = b.replay()
    two = _commands(r)[1:3]
    b.act("A", "resolve", source="T-625", use=True, targets=two)
    r = b.replay()
    assert verdict(r, b.last) == "unverifiable"
    assert "RS-TO-DECK-BOTTOM" in rules_applied(r, b.last)
    assert area_ids(r, "B", "rush") == ["B-4", "B-7", "B-10"]


def test_RS_COMMANDS_TO_HAND_a_size_M_unit_cannot_be_chosen() -> None:
    b = _combined()
    r = b.replay()
    one = _commands(r)[1]
    b.act("A", "resolve", source="T-625", use=True, targets=[one, "T-628"])
    r = b.replay()
    assert verdict(r, b.last) == "illegal"
    assert "RS-EFFECT-TARGETS" in rules_broken(r, b.last)


def test_RS_COMMANDS_TO_HAND_not_used_nothing_moves() -> None:
    b = _combined()
    b.act("A", "resolve", source="T-625", use=False)
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert len(_commands(r)) == 4
    assert area_ids(r, "B", "rush") == ["B-4", "B-7", "B-10"]


def test_RS_COMMANDS_TO_HAND_how_many_is_not_guessed() -> None:
    b = _combined()
    b.act("A", "resolve", source="T-625", use=True)
    r = b.replay()
    assert verdict(r, b.last) == "unverifiable"
    assert "RS-COMMANDS-TO-HAND" in rules_applied(r, b.last)
    assert len(_commands(r)) == 4


def test_RS_COMMANDS_TO_HAND_legal_actions_return_every_command() -> None:
    b = _combined(("T-626", "T-628"))
    listed = [a for a in position(b.log()).legal_actions() if a["do"] == "resolve"]
    (used,) = [a for a in listed if a.get("use") is not False]
    r = b.replay()
    assert used["targets"] == [*_commands(r), area_ids(r, "B", "rush")[0]]
    b.act(**used)
    r = b.replay()
    assert verdict(r, b.last) == "legal", r["steps"][b.last]
    assert _commands(r) == []
