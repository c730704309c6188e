"""Union Arena: triggered abilities waiting for another card's event, printed as words
(texttimings.watched): "自分の[特徴:X]がアタックしてバトルに勝利した時"
(UA-TRIGGER-OWN-WIN-ATTACKING), "このキャラと別のラインに〈X〉が登場した時"
(UA-TRIGGER-OTHER-LINE-ENTERS).  Made-up cards read from printed text, judged through the engine.
"""

from __future__ import annotations

from typing import Any

from judge.core.replay import position
from judge.games.union_arena.reader import read_card
from judge.games.union_arena.testing import (
    LogBuilder,
    board_at_turn_3,
    field_ids,
    one_ability,
    player_state,
    reading_words,
    rules_applied,
    rules_broken,
    texted,
    verdict,
)

DRAW = "カードを1枚引く。"
WATCH = "自分の[特徴:灯守]がアタックしてバトルに勝利した時、"
WIN_ATK = "このキャラがアタックしてバトルに勝利した時、"


def draws(r: dict[str, Any], index: int) -> list[str]:
    """The texts of the draws during step ``index``."""
    return [e["text"] for e in r["steps"][index]["events"] if e["type"] == "draw"]


def scene(
    watcher: dict[str, Any],
    a_bp: int = 5000,
    b_text: str = "",
    mira_text: str = "",
    yuu_traits: tuple[str, ...] = (),
) -> LogBuilder:
    """A: 〈ミラ〉 [灯守] (A-1, ``mira_text``) and 〈ユウ〉 (A-2, ``yuu_traits``) on the front
    line, ``watcher`` (A-3) in the energy line; B: 〈リオ〉 [灯守] (B-1, ``b_text``) and 〈レン〉
    (B-2), BP 3000, on the front line."""
    cards = [
        texted("T-MIRA", mira_text, name="ミラ", bp=a_bp, traits=["灯守"]),
        texted("T-YUU", "", name="ユウ", bp=5000, traits=list(yuu_traits)),
        watcher,
        texted("T-RIO", b_text, name="リオ", bp=3000, traits=["灯守"]),
        texted("T-REN", "", name="レン", bp=3000),
    ]
    return board_at_turn_3(
        cards,
        ["T-MIRA", "T-YUU", "T-LAMP"],
        ["T-RIO", "T-REN"],
        a_front=("A-1", "A-2"),
        a_energy=("A-3",),
        b_front=("B-1", "B-2"),
    )


def lamp(text: str = "[ターン1]" + WATCH + DRAW) -> dict[str, Any]:
    """The watching card: a field 〈灯台〉 (A-3)."""
    return texted("T-LAMP", text, name="灯台", type="field")


# -- reading -----------------------------------------------------------------------------------


def test_UA_TRIGGER_OWN_WIN_ATTACKING_read_on_a_field_and_a_character() -> None:
    once = one_ability("[ターン1]" + WATCH + DRAW, type="field")
    assert once == {
        "when": "own_win_battle_attacking",
        "by": {"trait": "灯守"},
        "once_per_turn": True,
        "do": [{"op": "draw", "n": 1}],
    }
    assert one_ability(WATCH + DRAW)["by"] == {"trait": "灯守"}
    words = reading_words(lamp())
    assert "When any of your [灯守] cards attacks and wins the battle (once per turn)" in words


def test_UA_TRIGGER_OWN_WIN_ATTACKING_other_subjects_and_tags_left_unread() -> None:
    for text in (
        "自分のキャラがアタックしてバトルに勝利した時、" + DRAW,  # any character: not read
        "相手の[特徴:灯守]がアタックしてバトルに勝利した時、" + DRAW,
        "自分の[特徴:灯守]がブロックしてバトルに勝利した時、" + DRAW,
        "自分の〈ミラ〉がアタックしてバトルに勝利した時、" + DRAW,
        "[相手のターン中]" + WATCH + DRAW,
    ):
        assert not read_card(texted("T-READ", text)).understood, text
    # an event is never on the field when a battle is won
    assert not read_card(texted("T-EV", WATCH + DRAW, type="event")).understood


# -- through the engine ------------------------------------------------------------------------


def test_UA_TRIGGER_OWN_WIN_ATTACKING_draws_when_a_trait_card_wins_attacking() -> None:
    b = scene(lamp())
    b.attack("A", "A-1").block("B", "B-1")
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    texts = draws(r, b.last)
    assert len(texts) == 1 and "A-3" in texts[0]  # the field's effect drew


def test_UA_TRIGGER_OWN_WIN_ATTACKING_only_for_the_trait() -> None:
    b = scene(lamp(WATCH + DRAW))
    b.attack("A", "A-2").block("B", "B-1")  # 〈ユウ〉 has no [灯守]: nothing
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert draws(r, b.last) == []


def test_UA_TRIGGER_OWN_WIN_ATTACKING_once_per_turn() -> None:
    b = scene(lamp(), yuu_traits=("灯守",))
    b.attack("A", "A-1").block("B", "B-1")
    b.attack("A", "A-2").block("B", "B-2")  # a second [灯守] wins: "[ターン1]" stops it
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert draws(r, b.last) == []
    assert "UA-TRIGGER-ONCE" in rules_applied(r, b.last)
    b = scene(lamp(WATCH + DRAW), yuu_traits=("灯守",))
    b.attack("A", "A-1").block("B", "B-1")
    b.attack("A", "A-2").block("B", "B-2")  # without "[ターン1]": again
    r = b.replay()
    assert len(draws(r, b.last)) == 1


def test_UA_TRIGGER_OWN_WIN_ATTACKING_not_when_it_loses_nor_the_opponents_blocker() -> None:
    b = scene(lamp(), a_bp=1000)
    b.attack("A", "A-1").block("B", "B-1")
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert draws(r, b.last) == []  # A's [灯守] lost
    # B's [灯守] 〈リオ〉 blocks and wins; its own text waits for B's cards attacking
    b = scene(lamp(""), a_bp=1000, b_text=WATCH + DRAW)
    b.attack("A", "A-1").block("B", "B-1")
    r = b.replay()
    assert draws(r, b.last) == []


def test_UA_TRIGGER_OWN_WIN_ATTACKING_beside_the_attackers_own_the_player_orders() -> None:
    b = scene(lamp(WATCH + DRAW), mira_text=WIN_ATK + DRAW)
    b.attack("A", "A-1").block("B", "B-1")
    b.act("A", "resolve", source="A-3", use=True)  # A chooses its field's effect first
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert rules_broken(r, b.last) == []
    texts = draws(r, b.last)
    assert len(texts) == 2 and "A-3" in texts[0] and "A-1" in texts[1]


# -- UA-TRIGGER-OTHER-LINE-ENTERS ------------------------------------------------------------

ENTERS = "[ターン1]このキャラと別のラインに〈ミラ〉が登場した時、このキャラを別のラインに移動させてもよい。"


def enters_scene(watcher_text: str = ENTERS, a_front: tuple[str, ...] = ()) -> LogBuilder:
    """A's 〈ユウ〉 (A-1, ``watcher_text``) in A's energy line since turn 1 (``a_front`` on the
    front line); A's turn-3 main phase, 〈ミラ〉 (A-2, A-3) and 〈リオ〉 (A-4) in A's hand."""
    cards = [
        texted("T-YUU", watcher_text, name="ユウ"),
        texted("T-MIRA", "", name="ミラ"),
        texted("T-RIO", "", name="リオ"),
        texted("T-MIRA-R", "", name="ミラ", raid={"onto": {"name": "リオ"}}, bp=4000),
    ]
    deck = ["T-YUU", "T-MIRA", "T-MIRA", "T-RIO", "T-MIRA-R", "T-RIO", "T-RIO", "T-RIO"]
    return board_at_turn_3(cards, deck, [], a_energy=("A-1",), a_front=a_front, phase="main")


def test_UA_TRIGGER_OTHER_LINE_ENTERS_read_and_rendered() -> None:
    effect = one_ability(ENTERS)
    assert effect == {
        "when": "other_line_enters",
        "by": {"name": "ミラ"},
        "once_per_turn": True,
        "optional": True,
        "do": [{"op": "move_line", "to": "other", "target": "self"}],
    }
    words = reading_words(texted("T-YUU", ENTERS))
    assert "When <ミラ> enters your line other than this card's (once per turn): you may" in words
    for text in (
        "このキャラと同じラインに〈ミラ〉が登場した時、カードを1枚引く。",
        "このキャラと別のラインに[特徴:灯守]が登場した時、カードを1枚引く。",
        "このキャラを別のラインに移動させてもよい。",  # no timing: not read
        "[登場時]このキャラを別のラインに移動させてもよい。",
    ):
        assert not read_card(texted("T-READ", text)).understood, text
    # a field has no "このキャラ"
    assert not read_card(texted("T-F", ENTERS, type="field")).understood


def test_UA_TRIGGER_OTHER_LINE_ENTERS_played_to_the_other_line_moves_when_used() -> None:
    b = enters_scene().play("A", "A-2", to="front_line")
    b.act("A", "resolve", source="A-1", use=True)
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert field_ids(r, "A", "front_line") == ["A-2", "A-1"]
    assert field_ids(r, "A", "energy_line") == []
    b = enters_scene().play("A", "A-2", to="front_line")
    b.act("A", "resolve", source="A-1", use=False)  # declined: it stays
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert field_ids(r, "A", "energy_line") == ["A-1"]


def test_UA_TRIGGER_OTHER_LINE_ENTERS_not_in_its_own_line_nor_another_name() -> None:
    b = enters_scene().play("A", "A-2", to="energy_line")  # the same line as 〈ユウ〉
    b.play("A", "A-4", to="front_line")  # 〈リオ〉: another name
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert rules_broken(r, b.last) == []
    b.act("A", "resolve", source="A-1", use=True)
    r = b.replay()
    assert verdict(r, b.last) == "illegal"  # nothing of A-1's waits


def test_UA_TRIGGER_OTHER_LINE_ENTERS_once_per_turn() -> None:
    b = enters_scene().play("A", "A-2", to="front_line")
    b.act("A", "resolve", source="A-1", use=True)  # 〈ユウ〉 now in the front line
    b.play("A", "A-3", to="energy_line")  # another 〈ミラ〉 in its other line: "[ターン1]"
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert "UA-TRIGGER-ONCE" in rules_applied(r, b.last)
    assert field_ids(r, "A", "energy_line") == ["A-3"]


def test_UA_TRIGGER_OTHER_LINE_ENTERS_a_raid_enters_too() -> None:
    b = enters_scene(a_front=("A-4",))  # 〈リオ〉 on the front line since turn 1
    b.act("A", "raid", card="A-5", onto="A-4")  # 〈ミラ〉 raids onto it
    b.act("A", "resolve", source="A-1", use=True)
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert "A-1" in field_ids(r, "A", "front_line")


def test_UA_TRIGGER_OTHER_LINE_ENTERS_into_a_full_line_removes_the_card_named() -> None:
    b = enters_scene(a_front=("A-4", "A-6", "A-7"))
    b.play("A", "A-2", to="front_line")  # the front line holds 4
    b.act("A", "resolve", source="A-1", use=True, targets=[{"remove": "A-6"}])
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert field_ids(r, "A", "front_line") == ["A-4", "A-7", "A-2", "A-1"]
    assert "A-6" in player_state(r, "A")["removal"]


def test_UA_TRIGGER_OTHER_LINE_ENTERS_legal_actions_name_the_card_a_full_line_loses() -> None:
    b = enters_scene(a_front=("A-4", "A-6", "A-7"))
    b.play("A", "A-2", to="front_line")
    actions = position(b.log()).legal_actions()
    assert {"p": "A", "do": "resolve", "source": "A-1", "targets": [{"remove": "A-4"}]} in (
        [{k: v for k, v in a.items() if k != "use"} for a in actions]
    )
