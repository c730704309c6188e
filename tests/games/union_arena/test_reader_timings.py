"""Union Arena: triggered timings printed as words, not as a tag (texttimings.py): "このキャラが
アタックしてブロックされた時" (UA-TRIGGER-BLOCKED), "このキャラがアタックしてバトルに勝利した時"
(UA-TRIGGER-WIN-ATTACKING), "このキャラがブロックしてバトルに勝利した時"
(UA-TRIGGER-WIN-BLOCKING), "自分のアタックフェイズ終了時" and "自分と相手のアタックフェイズ終了時"
(UA-TRIGGER-ATTACK-PHASE-END).  Made-up cards read from printed text, judged through the engine.
"""

from __future__ import annotations

from typing import Any

from judge.games.union_arena.reader import read_card
from judge.games.union_arena.testing import (
    LogBuilder,
    board_at_turn_3,
    field_unit,
    free_character,
    one_ability,
    player_state,
    reading_words,
    rules_broken,
    texted,
    verdict,
)

DRAW = "カードを1枚引く。"
BLOCKED = "このキャラがアタックしてブロックされた時、"
NOT_BLOCKED = "このキャラがアタックしてブロックされなかった時、"
WIN_ATK = "このキャラがアタックしてバトルに勝利した時、"
WIN_BLK = "このキャラがブロックしてバトルに勝利した時、"
OWN_END = "自分のアタックフェイズ終了時、"
EACH_END = "自分と相手のアタックフェイズ終了時、"
RETIRE_SELF = "このキャラを退場させる。"


def draws(r: dict[str, Any], index: int) -> list[str]:
    """Who drew, in order, during step ``index``."""
    return [e["player"] for e in r["steps"][index]["events"] if e["type"] == "draw"]


def battle(a_text: str, b_text: str, a_bp: int, b_bp: int, **kw: Any) -> LogBuilder:
    """A's 〈ミラ〉 (A-1) attacks in A's turn 3; B's 〈リオ〉 (B-1) stands on B's front line."""
    cards = [
        texted("T-MIRA", a_text, name="ミラ", bp=a_bp, **kw),
        texted("T-RIO", b_text, name="リオ", bp=b_bp),
    ]
    b = board_at_turn_3(cards, ["T-MIRA"], ["T-RIO"], a_front=("A-1",), b_front=("B-1",))
    return b


# -- reading -----------------------------------------------------------------------------------


def test_UA_TRIGGER_BLOCKED_read_from_printed_text() -> None:
    assert one_ability(BLOCKED + DRAW) == {"when": "blocked", "do": [{"op": "draw", "n": 1}]}
    once = one_ability("[ターン1]" + BLOCKED + DRAW)
    assert once["when"] == "blocked" and once["once_per_turn"] is True
    words = reading_words(texted("T-MIRA", BLOCKED + DRAW))
    assert "When this attacks and is blocked: draw 1" in words


def test_UA_TRIGGER_WIN_ATTACKING_read_and_other_subjects_left_unread() -> None:
    assert one_ability(WIN_ATK + DRAW)["when"] == "win_battle_attacking"
    for text in (
        "自分のキャラがアタックしてバトルに勝利した時、" + DRAW,  # another card's win
        "自分の[特徴:灯守]がブロックしてバトルに勝利した時、" + DRAW,  # blocked: not read
        "[エナジーLにある場合]" + WIN_ATK + DRAW,  # a condition tag the engine does not keep here
        "このキャラのアタック終了時、" + DRAW,  # a moment not read
        "自分のターン開始時、" + RETIRE_SELF,
        "自分のメインフェイズ開始時、" + RETIRE_SELF,
    ):
        assert not read_card(texted("T-READ", text)).understood, text


def test_UA_TRIGGER_WIN_BLOCKING_read_from_printed_text() -> None:
    effect = one_ability(WIN_BLK + "このキャラはこのターン中、BP-500。")
    assert effect == {
        "when": "win_battle_blocking",
        "do": [{"op": "bp", "amount": -500, "until": "turn", "target": "self"}],
    }
    assert "When this blocks and wins the battle" in reading_words(texted("T-RIO", WIN_BLK + DRAW))


def test_UA_TRIGGER_ATTACK_PHASE_END_read_own_and_each() -> None:
    assert one_ability(OWN_END + RETIRE_SELF) == {
        "when": "attack_phase_end",
        "do": [{"op": "retire", "target": "self"}],
    }
    assert one_ability(EACH_END + RETIRE_SELF)["when"] == "each_attack_phase_end"
    assert "At the end of each player's attack phase: retire this card" in reading_words(
        texted("T-YUU", EACH_END + RETIRE_SELF)
    )
    # on an event it would mean nothing the engine fires: unread
    assert not read_card(texted("T-EV", OWN_END + DRAW, type="event")).understood
    # "相手のアタックフェイズ終了時" alone is not read
    assert not read_card(texted("T-READ", "相手のアタックフェイズ終了時、" + DRAW)).understood


# -- UA-TRIGGER-BLOCKED: through the engine ------------------------------------------------------


def test_UA_TRIGGER_BLOCKED_attacker_draws_first_then_blockers_when_blocking() -> None:
    b = battle(BLOCKED + DRAW, "[ブロック時]" + DRAW, 5000, 1000)
    b.attack("A", "A-1").block("B", "B-1")
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert draws(r, b.last) == ["A", "B"]  # the turn player's effect first (UA-SIMULTANEOUS)


def test_UA_TRIGGER_BLOCKED_not_when_not_blocked() -> None:
    b = battle(BLOCKED + DRAW, "", 5000, 1000)
    b.attack("A", "A-1").block("B", None)
    r = b.replay()
    assert draws(r, b.last) == []
    b.act("A", "pick_life", cards=[1], reveal=["T-000"])
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert player_state(r, "B")["life"] == 6  # the unblocked attack dealt its damage
    assert draws(r, b.last) == []


def test_UA_TRIGGER_BLOCKED_optional_declined_by_the_log() -> None:
    b = battle(BLOCKED + "カードを1枚まで引く。", "", 5000, 1000)
    b.attack("A", "A-1").block("B", "B-1")
    b.act("A", "resolve", source="A-1", use=False)
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert draws(r, b.last) == []
    b2 = battle(BLOCKED + "カードを1枚まで引く。", "", 5000, 1000)
    b2.attack("A", "A-1").block("B", "B-1").act("B", "resolve", source="A-1", use=True)
    r2 = b2.replay()
    assert verdict(r2, b2.last) == "illegal"  # A's effect, not B's to resolve


def test_UA_TRIGGER_BLOCKED_not_blocked_read_and_fired_only_when_not_blocked() -> None:
    assert one_ability(NOT_BLOCKED + DRAW) == {
        "when": "not_blocked",
        "do": [{"op": "draw", "n": 1}],
    }
    assert "When this attacks and is not blocked" in reading_words(
        texted("T-M", NOT_BLOCKED + DRAW)
    )
    b = battle(NOT_BLOCKED + DRAW, "", 5000, 1000)
    b.attack("A", "A-1").block("B", None)
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert draws(r, b.last) == ["A"]  # before the damage (which waits for A's pick)
    assert player_state(r, "B")["life"] == 7
    b = battle(NOT_BLOCKED + DRAW, "", 5000, 1000)
    b.attack("A", "A-1").block("B", "B-1")
    r = b.replay()
    assert draws(r, b.last) == []


# -- UA-TRIGGER-WIN-ATTACKING ----------------------------------------------------------------


def test_UA_TRIGGER_WIN_ATTACKING_draws_after_the_loser_retired() -> None:
    b = battle(WIN_ATK + DRAW, "", 4000, 3000)
    b.attack("A", "A-1").block("B", "B-1")
    r = b.replay()
    events = r["steps"][b.last]["events"]
    leave = [i for i, e in enumerate(events) if e["type"] == "leave_field" and e["card"] == "B-1"]
    drew = [i for i, e in enumerate(events) if e["type"] == "draw" and e["player"] == "A"]
    assert leave and drew and leave[0] < drew[0]


def test_UA_TRIGGER_WIN_ATTACKING_not_when_it_loses_or_wins_as_blocker() -> None:
    b = battle(WIN_ATK + DRAW, "", 1000, 3000)
    b.attack("A", "A-1").block("B", "B-1")
    r = b.replay()
    assert draws(r, b.last) == []
    # B's 〈リオ〉 carries the text, blocks A's attack and wins: it did not attack
    b = battle("", WIN_ATK + DRAW, 1000, 3000)
    b.attack("A", "A-1").block("B", "B-1")
    r = b.replay()
    assert draws(r, b.last) == []
    assert field_unit(r, "B", "B-1") is not None


# -- UA-TRIGGER-WIN-BLOCKING -----------------------------------------------------------------


def test_UA_TRIGGER_WIN_BLOCKING_blocker_wins_and_loses_bp() -> None:
    b = battle("", WIN_BLK + "このキャラはこのターン中、BP-500。", 1000, 3000)
    b.attack("A", "A-1").block("B", "B-1")
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert field_unit(r, "B", "B-1")["bp"] == 2500
    assert field_unit(r, "A", "A-1") is not None  # the attacker that lost is not retired


def test_UA_TRIGGER_WIN_BLOCKING_after_the_attackers_lost_effects() -> None:
    lost = free_character(
        "T-MIRA",
        bp=1000,
        effects=[{"when": "lose_battle_attacking", "do": [{"op": "draw", "n": 1}]}],
    )
    cards = [lost, texted("T-RIO", WIN_BLK + DRAW, bp=3000)]
    b = board_at_turn_3(cards, ["T-MIRA"], ["T-RIO"], a_front=("A-1",), b_front=("B-1",))
    b.attack("A", "A-1").block("B", "B-1")
    r = b.replay()
    assert draws(r, b.last) == ["A", "B"]


def test_UA_TRIGGER_WIN_BLOCKING_not_as_a_snipe_target_nor_when_it_loses() -> None:
    b = battle("", WIN_BLK + DRAW, 1000, 3000, keywords=["snipe"])
    b.attack("A", "A-1", target="B-1").block("B", None)
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert draws(r, b.last) == []  # it won, but it did not block
    b = battle("", WIN_BLK + DRAW, 5000, 3000)
    b.attack("A", "A-1").block("B", "B-1")
    r = b.replay()
    assert draws(r, b.last) == []
    assert field_unit(r, "B", "B-1") is None


# -- UA-TRIGGER-ATTACK-PHASE-END ---------------------------------------------------------------


def end_scene(a_card: dict[str, Any], b_text: str) -> LogBuilder:
    """B's 〈リオ〉 (B-1, ``b_text``) played on B's turn 2; in A's turn-3 main phase A plays
    ``a_card`` (A-1) to the front line and goes on to the attack phase."""
    cards = [a_card, texted("T-RIO", b_text, name="リオ")]
    b = board_at_turn_3(cards, ["T-MIRA"], ["T-RIO"], b_front=("B-1",), phase="main")
    return b.play("A", "A-1", to="front_line").proceed("A")


def test_UA_TRIGGER_ATTACK_PHASE_END_own_retires_when_its_attack_phase_ends() -> None:
    b = end_scene(texted("T-MIRA", OWN_END + RETIRE_SELF, name="ミラ"), OWN_END + DRAW)
    r = b.replay()
    assert field_unit(r, "A", "A-1") is not None  # not at the main phase's end
    b.proceed("A")
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert field_unit(r, "A", "A-1") is None
    assert "A-1" in player_state(r, "A")["outside"]
    # B's own ability waits for B's attack phase: B draws only its start-phase card
    assert draws(r, b.last) == ["B"]
    b.proceed("B", 2)
    r = b.replay()
    assert draws(r, b.last) == []
    b.proceed("B")
    r = b.replay()
    drawn = [e for e in r["steps"][b.last]["events"] if e["type"] == "draw"]
    assert drawn and "B-1's effect" in drawn[0]["text"]  # at the end of B's attack phase


def test_UA_TRIGGER_ATTACK_PHASE_END_each_triggers_on_the_opponents_too() -> None:
    b = end_scene(free_character("T-MIRA", name="ミラ"), EACH_END + RETIRE_SELF)
    b.proceed("A")
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert field_unit(r, "B", "B-1") is None
    assert "B-1" in player_state(r, "B")["outside"]


def test_UA_TRIGGER_ATTACK_PHASE_END_turn_player_first_then_end_phase() -> None:
    a_effects = [
        {"when": "attack_phase_end", "do": [{"op": "draw", "n": 1}]},
        {"when": "end_phase_start", "do": [{"op": "retire", "target": "self"}]},
    ]
    b = end_scene(free_character("T-MIRA", name="ミラ", effects=a_effects), EACH_END + DRAW)
    b.proceed("A")
    r = b.replay()
    events = r["steps"][b.last]["events"]
    order = [
        (e["type"], e.get("player"))
        for e in events
        if e["type"] in ("draw", "leave_field", "turn_end")
    ]
    # A's attack-phase-end draw, then B's, then A's start-of-end-phase retire, then the turn ends
    assert order[:4] == [("draw", "A"), ("draw", "B"), ("leave_field", "A"), ("turn_end", "A")]
    assert rules_broken(r, b.last) == []
