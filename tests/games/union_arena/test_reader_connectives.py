"""Union Arena: connectives that join a sentence to the ops before it, taught to the reader
on made-up cards and tested against what the sentence says: "その後、…" (after that, whatever
the ops before did: UA-EFFECT-THEN) and "<condition>場合、さらに…を与える" (more to the card
chosen before, if the condition holds: UA-EFFECT-IF-MORE-CHOSEN)."""

from __future__ import annotations

from typing import Any

import pytest

from judge.core.replay import position
from judge.games.union_arena.testing import (
    board_at_turn_3,
    effects_of,
    field_unit,
    free_character,
    player_state,
    read_in_full,
    reading_words,
    rules_broken,
    texted,
    unit_now,
    verdict,
)

MIRA = {"side": "own", "zone": "field", "name": "ミラ"}

# -- UA-EFFECT-THEN ---------------------------------------------------------------------------

THEN = (
    "BP1500以上の相手のフロントLのキャラを1枚選び、このターン中、BP-1000。"
    "その後、自分の場に〈ミラ〉がある場合、BP4000以下の相手のフロントLのキャラを1枚まで選び、退場させる。"
)


def test_UA_EFFECT_THEN_read_from_printed_text() -> None:
    (effect,) = effects_of(THEN, type="event")
    assert effect["do"][1] == {
        "op": "retire",
        "target": {
            "side": "opponent",
            "zone": "front_line",
            "type": "character",
            "bp_max": 4000,
            "count": 1,
            "up_to": True,
        },
        "if": MIRA,
    }
    words = reading_words(texted("T-THN", THEN, type="event"))
    assert "BP −1000 until end of turn; if your field has a card named <ミラ>, choose" in words
    # "その後、" with nothing before it, or before an unread sentence: not read
    assert not read_in_full(
        "[登場時]その後、カードを1枚引く。",
        "[登場時]カードを1枚引く。その後、自分の手札の〈ミラ〉を1枚場外に置いてもよい。",
    )
    (plain,) = effects_of(
        "[登場時]カードを1枚引く。その後、自分の場外にイベントカードが2枚以上ある場合、カードを1枚引く。"
    )
    assert plain["do"][1]["if"]["zone"] == "outside"
    look = "カードを1枚引く。その後、自分の場に〈ミラ〉がある場合、自分の山札の上から1枚見る。そのカードを山札の上か場外に置く。"
    (effect,) = effects_of(look, type="event")
    assert effect["do"][1] == {"op": "look", "n": 1, "rest": "top_or_outside", "if": MIRA}


def then_scene(mate: str, foe_bp: int) -> Any:
    cards = [
        texted("T-THN", THEN, type="event"),
        free_character("T-M", name=mate),
        free_character("T-FOE", bp=foe_bp),
    ]
    return board_at_turn_3(
        cards, ["T-THN", "T-M"], ["T-FOE"], a_front=("A-2",), b_front=("B-1",), phase="main"
    )


def test_UA_EFFECT_THEN_comes_after_the_ops_before() -> None:
    """The BP-1000 comes first: a BP 5000 character is then BP 4000 and may be retired."""
    b = then_scene("ミラ", 5000).play("A", "A-1", targets=["B-1", "B-1"])
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert field_unit(r, "B", "B-1") is None


def test_UA_EFFECT_THEN_its_condition_read_as_it_is_carried_out() -> None:
    b = then_scene("ソラ", 5000).play("A", "A-1", targets=["B-1"])
    r = b.replay()  # no <ミラ>: nothing more is chosen
    assert verdict(r, b.last) == "legal"
    assert field_unit(r, "B", "B-1")["bp"] == 4000
    b = then_scene("ソラ", 5000).play("A", "A-1", targets=["B-1", "B-1"])
    assert "UA-EFFECT-TARGETS" in rules_broken(b.replay(), b.last)


def test_UA_EFFECT_THEN_happens_whatever_the_ops_before_did() -> None:
    """No character of BP 1500 or more: the first choice chooses none, and what follows
    "その後、" still happens (it is not "そうした場合", if you did)."""
    text = (
        "BP1500以上の相手のフロントLのキャラを1枚選び、このターン中、BP-1000。"
        "その後、自分の場に〈ミラ〉がある場合、カードを1枚引く。"
    )
    cards = [
        texted("T-THD", text, type="event"),
        free_character("T-M", name="ミラ"),
        free_character("T-FOE", bp=1000),
    ]
    b = board_at_turn_3(
        cards, ["T-THD", "T-M"], ["T-FOE"], a_front=("A-2",), b_front=("B-1",), phase="main"
    )
    before = len(player_state(b.replay(), "A")["hand"])
    b.play("A", "A-1", targets=[])
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert len(player_state(r, "A")["hand"]) == before - 1 + 1  # used one, drew one
    assert field_unit(r, "B", "B-1")["bp"] == 1000


DID = "[登場時]相手のフロントLのキャラを1枚レストにする。そうした場合、カードを2枚引く。その後、カードを1枚引く。"


def test_UA_EFFECT_THEN_not_read_in_an_optional_effect() -> None:
    """Declining an optional effect does nothing, so not what "その後、" says happens anyway."""
    assert not read_in_full(
        "[登場時]自分の手札を1枚場外に置いてもよい。そうした場合、カードを2枚引く。その後、カードを1枚引く。",
        "[登場時]APを1支払ってもよい。そうした場合、カードを2枚引く。その後、カードを1枚引く。",
    )
    (effect,) = effects_of(DID)
    assert [op.get("if_done", False) for op in effect["do"]] == [False, True, False]


@pytest.mark.parametrize(("foes", "draws"), [(("B-1",), 3), ((), 1)])
def test_UA_EFFECT_THEN_after_if_you_did(foes: tuple[str, ...], draws: int) -> None:
    """ "そうした場合" happens only if a card was rested, "その後" whatever happened."""
    cards = [texted("T-DID", DID), free_character("T-FOE")]
    b = board_at_turn_3(cards, ["T-DID"], ["T-FOE"], b_front=foes, phase="main")
    before = len(player_state(b.replay(), "A")["hand"])
    b.play("A", "A-1", to="front_line", targets=list(foes))
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert len(player_state(r, "A")["hand"]) == before - 1 + draws


# -- UA-EFFECT-IF-MORE-CHOSEN -----------------------------------------------------------------

MORE = (
    "自分のフロントLのキャラを1枚選び、このターン中、BP+2000。"
    "自分の場に〈ミラ〉がある場合、さらにこのターン中、[インパクト(+1)]を与える。"
)


def test_UA_EFFECT_IF_MORE_CHOSEN_read_from_printed_text() -> None:
    (effect,) = effects_of(MORE, type="event")
    assert effect["do"][1] == {
        "op": "grant",
        "keyword": "impact +1",
        "until": "turn",
        "target": "chosen",
        "if": MIRA,
    }
    words = reading_words(texted("T-MOR", MORE, type="event"))
    assert "if your field has a card named <ミラ>, the chosen card gains “impact +1”" in words
    active = "自分の場のキャラを1枚選び、このターン中、BP+1000。自分の場に〈ミラ〉がある場合、さらにアクティブにする。"
    (effect,) = effects_of(active, type="event")
    assert effect["do"][1] == {"op": "activate", "target": "chosen", "if": MIRA}


def test_UA_EFFECT_IF_MORE_CHOSEN_not_read_without_one_card_chosen_just_before() -> None:
    cond = "自分の場に〈ミラ〉がある場合、さらに"
    assert not read_in_full(
        f"カードを1枚引く。{cond}このターン中、[インパクト(+1)]を与える。",  # nothing chosen
        # two cards chosen, every card, a card of the outside area
        f"自分のフロントLのキャラを2枚まで選び、このターン中、BP+1000。{cond}このターン中、BP+1000。",
        f"自分のフロントLのキャラ全ては、このターン中、BP+1000。{cond}このターン中、BP+1000。",
        f"自分の場外から〈イロ〉を1枚まで手札に加える。{cond}アクティブにする。",
        f"相手のフロントLのキャラを1枚選び、手札に戻す。{cond}このターン中、BP+1000。",  # gone
        # no duration printed: how long is not settled
        f"自分のフロントLのキャラを1枚選び、このターン中、BP+1000。{cond}[狙い撃ち]を与える。",
        f"自分のフロントLのキャラを1枚選び、このターン中、BP+1000。{cond}退場させる。",
        type="event",
    )


def impact_plus(b: Any, iid: str) -> int:
    return position(b.doc).state.keywords(unit_now(b, iid)).impact_plus


@pytest.mark.parametrize(("mate", "more"), [("ミラ", 1), ("ソラ", 0)])
def test_UA_EFFECT_IF_MORE_CHOSEN_gives_the_chosen_card_more_only_if_it_holds(
    mate: str, more: int
) -> None:
    cards = [
        texted("T-MOR", MORE, type="event"),
        free_character("T-M", name=mate, bp=1000),
        free_character("T-O", bp=1000),
    ]
    b = board_at_turn_3(cards, ["T-MOR", "T-M", "T-O"], [], a_front=("A-2", "A-3"), phase="main")
    b.play("A", "A-1", targets=["A-3"])
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert field_unit(r, "A", "A-3")["bp"] == 3000
    assert impact_plus(b, "A-3") == more  # the chosen card, not the other one
    assert impact_plus(b, "A-2") == 0


def test_UA_EFFECT_IF_MORE_CHOSEN_nothing_when_no_card_was_chosen() -> None:
    text = (
        "自分のフロントLのキャラを1枚まで選び、このターン中、BP+2000。"
        "自分の場に〈ミラ〉がある場合、さらにアクティブにする。"
    )
    cards = [texted("T-UPT", text, type="event"), free_character("T-M", name="ミラ", bp=1000)]
    b = board_at_turn_3(cards, ["T-UPT", "T-M"], [], phase="main")
    b.play("A", "A-2", to="front_line")  # enters rested
    b.play("A", "A-1", targets=[])
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert field_unit(r, "A", "A-2")["rested"] is True
    b = board_at_turn_3(cards, ["T-UPT", "T-M"], [], phase="main")
    b.play("A", "A-2", to="front_line").play("A", "A-1", targets=["A-2"])
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert field_unit(r, "A", "A-2")["rested"] is False


# -- UA-EFFECT-IF-TRIGGER -----------------------------------------------------------------------

TRIGGERS = "カードを2枚引く。自分の場に[トリガー]を持たないカードが2枚以上ある場合、さらにカードを1枚引く。"


def test_UA_EFFECT_IF_TRIGGER_read_from_printed_text() -> None:
    (effect,) = effects_of(TRIGGERS, type="event")
    cond = {"side": "own", "zone": "field", "has_trigger": False, "min": 2}
    assert effect["do"] == [{"op": "draw", "n": 2}, {"op": "draw", "n": 1, "if": cond}]
    words = reading_words(texted("T-TRG", TRIGGERS, type="event"))
    assert "if your field has 2 or more cards without a trigger, draw 1 card" in words
    (effect,) = effects_of(TRIGGERS.replace("持たない", "持つ"), type="event")
    assert effect["do"][1]["if"]["has_trigger"] is True


@pytest.mark.parametrize(("trigger", "more"), [(None, 1), ("draw", 0)])
def test_UA_EFFECT_IF_TRIGGER_counts_the_cards_without_a_trigger(
    trigger: str | None, more: int
) -> None:
    """Two cards of the field, one without a trigger and one of ``trigger``: with no trigger
    both count (two: one more draw), with one only one does (no more draw)."""
    cards = [
        texted("T-TRG", TRIGGERS, type="event"),
        free_character("T-NO"),
        free_character("T-MAY", trigger=trigger),
    ]
    b = board_at_turn_3(cards, ["T-TRG", "T-NO", "T-MAY"], [], a_front=("A-2", "A-3"), phase="main")
    before = len(player_state(b.replay(), "A")["hand"])
    b.play("A", "A-1")
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert len(player_state(r, "A")["hand"]) == before - 1 + 2 + more
