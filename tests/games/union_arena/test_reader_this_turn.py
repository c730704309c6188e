"""Union Arena: "このターン中に自分がイベントカードを使用している" (you have used an event card
this turn), a condition on what happened this turn, read from made-up printed text and judged
against what the sentence says: before "場合、<sentence>" (UA-EFFECT-IF), in "[起動メイン]…
場合のみ発動できる" (UA-EFFECT-ONLY-IF), in "このカードは…場合のみ使用できる" (UA-PLAY-ONLY-IF)
and in a character's continuous BP raise or quoted ability (UA-EFFECT-STATIC-BP).  An event
counts from its use from the hand, before its own effect resolves; the count starts anew at
every turn's start."""

from __future__ import annotations

from typing import Any

from judge.core.replay import position
from judge.games.union_arena.effects import supported
from judge.games.union_arena.reader import read_card
from judge.games.union_arena.render import render_card
from judge.games.union_arena.testing import (
    board_at_turn_3,
    card,
    effects_of,
    field_unit,
    free_character,
    rules_applied,
    rules_broken,
    texted,
    verdict,
)
from judge.games.union_arena.testing import (
    cards_drawn as draws,
)

USED = {"side": "own", "zone": "this_turn", "events_used": 1}
CLAUSE = "このターン中に自分がイベントカードを使用している"
FREE_EVENT = card("T-SPARK", "event", ap=0)  # a vanilla event: used, then in the outside area

DRAW_IF = f"[起動メイン]{CLAUSE}場合、カードを1枚引く。"
ONLY_IF = f"[起動メイン][ターン1]{CLAUSE}場合のみ発動できる。カードを1枚引く。"
BP_IF = f"{CLAUSE}場合、このキャラはBP+2000。"
UNBLOCKABLE_IF = f"[自分のターン中]{CLAUSE}場合、このキャラは「このキャラはBP3000以下のキャラにブロックされない。」を得る。"


def shown(defn: dict[str, Any]) -> str:
    return " ".join(render_card({"name": defn["code"], **defn})["reading"])


def scene(text: str, events: int, **board: Any) -> Any:
    """A's character with ``text`` (A-1) on the front line in A's turn-3 main phase, and
    ``events`` free events (A-2, A-3) used first."""
    cards = [texted("T-SEER", text), FREE_EVENT, free_character("T-FOE")]
    b = board_at_turn_3(
        cards, ["T-SEER", "T-SPARK", "T-SPARK"], ["T-FOE"], a_front=("A-1",), phase="main", **board
    )
    for iid in ("A-2", "A-3")[:events]:
        b.play("A", iid)
    return b


# -- UA-EFFECT-IF: reading ---------------------------------------------------------------------


def test_UA_EFFECT_IF_this_turn_clause_read_from_printed_text() -> None:
    (effect,) = effects_of(f"[登場時]{CLAUSE}場合、カードを1枚引く。")
    assert effect == {"when": "on_play", "do": [{"op": "draw", "n": 1, "if": USED}]}
    (effect,) = effects_of(DRAW_IF)
    assert effect["do"] == [{"op": "draw", "n": 1, "if": USED}]


def test_UA_EFFECT_IF_this_turn_clause_left_unread_on_an_event_of_its_own() -> None:
    """On an event's own text the event itself, used before its effect resolves, is
    counted: the clause would always hold, so the card may mean another event; unread."""
    reading = read_card(texted("T-EV", f"{CLAUSE}場合、カードを1枚引く。", type="event"))
    assert not reading.understood
    # other wordings stay unread everywhere
    for text in (
        "[登場時]このターン中に自分が他のイベントカードを使用している場合、カードを1枚引く。",
        "[登場時]このターン中に相手がイベントカードを使用している場合、カードを1枚引く。",
        "[登場時]このターン中に自分がイベントカードを2枚以上使用している場合、カードを1枚引く。",
    ):
        assert not read_card(texted("T-READ", text)).understood, text


def test_UA_EFFECT_IF_this_turn_condition_valid_only_as_the_engine_counts_it() -> None:
    draw = {"op": "draw", "n": 1}
    assert supported({"when": "on_play", "do": [{**draw, "if": USED}]})
    assert supported({"when": "on_play", "do": [{**draw, "if": {**USED, "events_used": 2}}]})
    for odd in ({**USED, "events_used": 0}, {**USED, "events_used": True}, {**USED, "min": 1}):
        assert not supported({"when": "on_play", "do": [{**draw, "if": odd}]}), odd


# -- UA-EFFECT-IF: the engine ------------------------------------------------------------------


def test_UA_EFFECT_IF_this_turn_false_before_any_event_true_after_one() -> None:
    b = scene(DRAW_IF, events=0).act("A", "activate", card="A-1", ability=1)
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert "UA-EFFECT-IF" in rules_applied(r, b.last)
    assert draws(r, b.last) == 0
    b = scene(DRAW_IF, events=1).act("A", "activate", card="A-1", ability=1)
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert draws(r, b.last) == 1


def test_UA_EFFECT_IF_this_turn_starts_anew_at_the_next_turn() -> None:
    b = scene(DRAW_IF, events=1).proceed("A", 2).pass_turn("B")
    b.act("B", "discard_to_limit", cards=["B-1"]).proceed("A")  # A's turn 5, main phase
    b.act("A", "activate", card="A-1", ability=1)
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert draws(r, b.last) == 0


def test_UA_EFFECT_IF_this_turn_an_events_own_effect_counts_it_in_the_targets_check() -> None:
    """Written by hand on an event: the event has been used when its effect resolves, and
    the check of its recorded targets, before that, counts it the same way."""

    def bolt(n: int) -> dict[str, Any]:
        sel = {"side": "opponent", "zone": "front_line", "type": "character", "count": 1}
        op = {"op": "retire", "target": sel, "if": {**USED, "events_used": n}}
        return card("T-BOLT", "event", ap=0, effects=[{"when": "on_play", "do": [op]}])

    def bolt_scene(n: int, first: int) -> Any:
        cards = [bolt(n), FREE_EVENT, free_character("T-FOE")]
        b = board_at_turn_3(cards, ["T-BOLT", "T-SPARK"], ["T-FOE"], b_front=("B-1",), phase="main")
        for iid in ("A-2",)[:first]:
            b.play("A", iid)
        return b.play("A", "A-1", targets=["B-1"])

    b = bolt_scene(1, first=0)  # itself: the first event this turn
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert field_unit(r, "B", "B-1") is None
    b = bolt_scene(2, first=0)  # only itself: the choice is not made
    r = b.replay()
    assert rules_broken(r, b.last) == ["UA-EFFECT-TARGETS"]
    b = bolt_scene(2, first=1)
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert field_unit(r, "B", "B-1") is None


def test_UA_EFFECT_IF_this_turn_in_the_fingerprint_only_when_a_card_reads_it() -> None:
    b = scene(DRAW_IF, events=1)
    assert position(b.log()).snapshot()["players"]["A"]["events_used"] == 1
    assert "events_used" not in position(b.proceed("A", 2).log()).snapshot()["players"]["A"]
    plain = board_at_turn_3([FREE_EVENT], ["T-SPARK"], [], phase="main").play("A", "A-1")
    assert "events_used" not in position(plain.log()).snapshot()["players"]["A"]


# -- UA-EFFECT-ONLY-IF / UA-PLAY-ONLY-IF -----------------------------------------------------------


def test_UA_EFFECT_ONLY_IF_this_turn_read_illegal_before_an_event_legal_after() -> None:
    (effect,) = effects_of(ONLY_IF)
    assert effect["only_if"] == USED
    b = scene(ONLY_IF, events=0).act("A", "activate", card="A-1", ability=1)
    r = b.replay()
    assert verdict(r, b.last) == "illegal"
    assert rules_broken(r, b.last) == ["UA-EFFECT-ONLY-IF"]
    b = scene(ONLY_IF, events=1).act("A", "activate", card="A-1", ability=1)
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert "UA-EFFECT-ONLY-IF" in rules_applied(r, b.last)
    assert draws(r, b.last) == 1


def test_UA_PLAY_ONLY_IF_this_turn_the_event_itself_not_counted_when_declared() -> None:
    text = f"このカードは{CLAUSE}場合のみ使用できる。\nカードを1枚引く。"
    ev = texted("T-LATE", text, type="event")
    assert read_card(ev).effects[0] == {
        "when": "continuous",
        "do": [{"op": "play_only_if", "if": USED}],
    }
    b = board_at_turn_3([ev, FREE_EVENT], ["T-LATE", "T-SPARK"], [], phase="main")
    r = b.play("A", "A-1").replay()
    assert verdict(r, b.last) == "illegal"
    assert rules_broken(r, b.last) == ["UA-PLAY-ONLY-IF"]
    b = board_at_turn_3([ev, FREE_EVENT], ["T-LATE", "T-SPARK"], [], phase="main")
    r = b.play("A", "A-2").play("A", "A-1").replay()
    assert verdict(r, b.last) == "legal"
    assert draws(r, b.last) == 1


# -- UA-EFFECT-STATIC-BP ---------------------------------------------------------------------------


def test_UA_EFFECT_STATIC_BP_this_turn_read_from_printed_text() -> None:
    (effect,) = effects_of(f"[自分のターン中]{BP_IF}")
    assert effect == {
        "when": "continuous",
        "do": [{"op": "bp", "amount": 2000, "target": "self", "during": "own_turn", "if": USED}],
    }
    (effect,) = effects_of(UNBLOCKABLE_IF)
    assert effect["do"] == [
        {
            "op": "grant",
            "keyword": "unblockable by bp 3000 or less",
            "target": "self",
            "during": "own_turn",
            "if": USED,
        }
    ]


def test_UA_EFFECT_STATIC_BP_this_turn_raise_after_an_event_and_gone_next_turn() -> None:
    b = scene(BP_IF, events=0)
    assert field_unit(b.replay(), "A", "A-1")["bp"] == 2000
    b.play("A", "A-2")
    assert field_unit(b.replay(), "A", "A-1")["bp"] == 4000
    b.proceed("A", 2)  # B's turn: nothing used yet this turn
    assert field_unit(b.replay(), "A", "A-1")["bp"] == 2000


def test_UA_EFFECT_STATIC_BP_this_turn_quoted_ability_after_an_event() -> None:
    b = scene(UNBLOCKABLE_IF, events=0, b_front=("B-1",)).proceed("A")
    b.attack("A", "A-1").block("B", "B-1")
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    b = scene(UNBLOCKABLE_IF, events=1, b_front=("B-1",)).proceed("A")
    b.attack("A", "A-1").block("B", "B-1")
    r = b.replay()
    assert verdict(r, b.last) == "illegal"
    assert rules_broken(r, b.last) == ["UA-EFFECT-UNBLOCKABLE-BP"]


# -- rendering -----------------------------------------------------------------------------------


def test_UA_EFFECT_IF_this_turn_rendered() -> None:
    assert "if you have used an event card this turn, draw 1 card" in shown(
        texted("T-SEER", DRAW_IF)
    )
    assert "usable only if you have used an event card this turn" in shown(
        texted("T-SEER", ONLY_IF)
    )
    assert "during your turn, if you have used an event card this turn, this card gets" in shown(
        texted("T-SEER", f"[自分のターン中]{BP_IF}")
    )
    two = {**USED, "events_used": 2}
    hand = card("T-HAND", effects=[{"when": "on_play", "do": [{"op": "draw", "n": 1, "if": two}]}])
    assert "if you have used 2 or more event cards this turn" in shown(hand)
