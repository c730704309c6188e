"""Union Arena: triggered abilities waiting for another card's event, printed as words
(texttimings.watched): "自分の[特徴:X]がアタックしてバトルに勝利した時"
(UA-TRIGGER-OWN-WIN-ATTACKING).  Made-up cards read from printed text, judged through the engine.
"""

from __future__ import annotations

from typing import Any

from judge.games.union_arena.reader import read_card
from judge.games.union_arena.testing import (
    LogBuilder,
    board_at_turn_3,
    one_ability,
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
