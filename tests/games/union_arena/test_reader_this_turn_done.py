"""Union Arena: two more conditions on what was done this turn, read from made-up printed text
and judged: a card of yours retired this turn ("このターン中に自分の〈X〉が退場している",
"…自分の場のフィールドが退場している", UA-EFFECT-THIS-TURN-RETIRED) and AP paid for an effect of
your characters ("このターン中に自分のキャラの効果でAPを支払っている", UA-EFFECT-THIS-TURN-AP;
an activated ability's AP cost under the rule option ap_paid_costs,
UA-EFFECT-THIS-TURN-AP-COSTS)."""

from __future__ import annotations

from typing import Any

from judge.core.replay import position
from judge.games.union_arena.effects import supported
from judge.games.union_arena.reader import read_card
from judge.games.union_arena.testing import (
    board_at_turn_3,
    card,
    effects_of,
    free_character,
    reading_words,
    rules_applied,
    rules_broken,
    texted,
    verdict,
)
from judge.games.union_arena.testing import cards_drawn as draws

RETIRED_LUKA = {"side": "own", "zone": "this_turn", "retired": {"name": "ルカ"}}
RETIRED_FIELD = {"side": "own", "zone": "this_turn", "retired": {"type": "field"}}
AP_PAID = {"side": "own", "zone": "this_turn", "ap_paid": 1}
DRAW = {"op": "draw", "n": 1}

LUKA_GONE = "このターン中に自分の〈ルカ〉が退場している"
FIELD_GONE = "このターン中に自分の場のフィールドが退場している"
PAID = "このターン中に自分のキャラの効果でAPを支払っている"
SELF_RETIRE = "[起動メイン][このカードを退場させる]カードを1枚引く。"


def main_phase(cards: list[dict[str, Any]], deck: list[str], **board: Any) -> Any:
    return board_at_turn_3(
        cards + [free_character("T-FOE")], deck, ["T-FOE"], phase="main", **board
    )


# -- reading -----------------------------------------------------------------------------------


def test_UA_EFFECT_THIS_TURN_RETIRED_read_from_printed_text() -> None:
    (effect,) = effects_of(f"[起動メイン]{LUKA_GONE}場合のみ発動できる。カードを1枚引く。")
    assert effect == {"when": "activate_main", "only_if": RETIRED_LUKA, "do": [DRAW]}
    (effect,) = effects_of(f"[アタック時]{FIELD_GONE}場合、カードを1枚引く。")
    assert effect["do"] == [{**DRAW, "if": RETIRED_FIELD}]
    (effect,) = effects_of(f"{FIELD_GONE}場合、このキャラの発生エナジー+[緑]。")
    assert effect["do"][0]["if"] == RETIRED_FIELD
    (effect,) = effects_of(
        "[登場時]このターン中に自分の[特徴:灯守]が退場している場合、カードを1枚引く。"
    )
    assert effect["do"][0]["if"]["retired"] == {"trait": "灯守"}
    (effect,) = effects_of(
        "[登場時]このターン中に自分の場のキャラが退場している場合、カードを1枚引く。"
    )
    assert effect["do"][0]["if"]["retired"] == {"type": "character"}
    words = reading_words(
        texted("T-R", f"[起動メイン]{LUKA_GONE}場合のみ発動できる。カードを1枚引く。")
    )
    assert "a card of yours named <ルカ> has been retired from the field this turn" in words
    for text in (
        "[登場時]このターン中に相手の〈ルカ〉が退場している場合、カードを1枚引く。",
        "[登場時]このターン中に自分の〈ルカ〉が退場していた場合、カードを1枚引く。",
        "[登場時]このターン中に自分の場のイベントが退場している場合、カードを1枚引く。",
    ):
        assert not read_card(texted("T-READ", text)).understood, text


def test_UA_EFFECT_THIS_TURN_RETIRED_supported_only_as_kept() -> None:
    assert supported({"when": "on_play", "do": [{**DRAW, "if": RETIRED_LUKA}]})
    for odd in (
        {**RETIRED_LUKA, "side": "opponent"},
        {**RETIRED_LUKA, "retired": {"name": ""}},
        {**RETIRED_LUKA, "retired": {"type": "event"}},
        {**RETIRED_LUKA, "retired": {"name": "ルカ", "type": "field"}},
        {**RETIRED_LUKA, "min": 2},
    ):
        assert not supported({"when": "on_play", "do": [{**DRAW, "if": odd}]}), odd
    # an op that takes one's own cards off the field before the condition is read: not kept
    retire = {"op": "retire", "target": {"side": "own", "zone": "field", "count": 1}}
    assert not supported({"when": "on_play", "do": [retire, {**DRAW, "if": RETIRED_LUKA}]})


# -- retired: the engine -----------------------------------------------------------------------

ONLY_IF_LUKA = f"[起動メイン]{LUKA_GONE}場合のみ発動できる。カードを1枚引く。"


def luka_scene() -> Any:
    """A's reader (A-1) and its ルカ (A-2), which retires itself to draw, on the front line."""
    cards = [texted("T-SEER", ONLY_IF_LUKA), texted("T-LUKA", SELF_RETIRE, name="ルカ")]
    return main_phase(cards, ["T-SEER", "T-LUKA"], a_front=("A-1", "A-2"))


def test_UA_EFFECT_THIS_TURN_RETIRED_holds_once_the_named_card_retired() -> None:
    b = luka_scene().act("A", "activate", card="A-1", ability=1)
    r = b.replay()
    assert rules_broken(r, b.last) == ["UA-EFFECT-ONLY-IF"]
    b = luka_scene().act("A", "activate", card="A-2", ability=1)
    assert position(b.log()).snapshot()["players"]["A"]["retired"] == ["A-2"]
    b.act("A", "activate", card="A-1", ability=1)
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert "UA-EFFECT-ONLY-IF" in rules_applied(r, b.last)
    assert draws(r, b.last) == 1


def test_UA_EFFECT_THIS_TURN_RETIRED_starts_anew_at_the_next_turn() -> None:
    b = luka_scene().act("A", "activate", card="A-2", ability=1)
    b.proceed("A", 2).pass_turn("B")
    b.act("B", "discard_to_limit", cards=["B-1"]).proceed("A")  # A's turn 5, main phase
    assert "retired" not in position(b.log()).snapshot()["players"]["A"]
    b.act("A", "activate", card="A-1", ability=1)
    assert rules_broken(b.replay(), b.last) == ["UA-EFFECT-ONLY-IF"]


def test_UA_EFFECT_THIS_TURN_RETIRED_a_field_card_and_the_energy_it_gives() -> None:
    """A field card that retires itself; A's character in the energy line generates one more
    green energy once a field card of A's was retired this turn."""
    field = texted("T-FIELD", SELF_RETIRE, type="field")
    grower = texted("T-GROW", f"{FIELD_GONE}場合、このキャラの発生エナジー+[緑]。")
    b = main_phase([grower, field], ["T-GROW", "T-FIELD"], a_energy=("A-1", "A-2"))
    before = position(b.log()).state.energy("A").get("green", 0)
    b.act("A", "activate", card="A-2", ability=1)
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert position(b.log()).state.energy("A").get("green", 0) == before + 1


def test_UA_EFFECT_THIS_TURN_RETIRED_its_own_card_retired_as_the_cost() -> None:
    """The cost retires the field card itself: the condition holds only once the cost is
    paid, so rule option only_if_costs decides (UA-EFFECT-ONLY-IF-COSTS)."""
    text = f"[起動メイン][このカードを退場させる]{FIELD_GONE}場合のみ発動できる。カードを1枚引く。"
    for at, ok in (("before", False), ("after", True)):
        field = texted("T-FIELD", text, type="field")
        b = main_phase([field], ["T-FIELD"], a_energy=("A-1",), options={"only_if_costs": at})
        b.act("A", "activate", card="A-1", ability=1)
        r = b.replay()
        assert "UA-EFFECT-ONLY-IF-COSTS" in rules_applied(r, b.last)
        assert (verdict(r, b.last) == "legal") is ok, at


# -- AP paid by a character's effect -----------------------------------------------------------

MAY_PAY = "[登場時]APを1支払ってもよい。そうした場合、カードを1枚引く。"
ONLY_IF_PAID = f"[起動メイン]{PAID}場合のみ発動できる。カードを1枚引く。"


def test_UA_EFFECT_THIS_TURN_AP_read_from_printed_text() -> None:
    (effect,) = effects_of(ONLY_IF_PAID)
    assert effect == {"when": "activate_main", "only_if": AP_PAID, "do": [DRAW]}
    (effect,) = effects_of(f"[アタック時]{PAID}場合、カードを1枚引く。")
    assert effect["do"] == [{**DRAW, "if": AP_PAID}]
    assert "you have paid AP for an effect of your characters this turn" in reading_words(
        texted("T-R", ONLY_IF_PAID)
    )
    for odd in ({**AP_PAID, "ap_paid": 2}, {**AP_PAID, "side": "opponent"}):
        assert not supported({"when": "on_play", "do": [{**DRAW, "if": odd}]}), odd
    # paid as the optional effect resolves, after the check of its targets: not read after it
    assert not supported(
        {"when": "on_play", "optional": True, "cost": {"ap": 1}, "do": [{**DRAW, "if": AP_PAID}]}
    )
    for text in (
        "[登場時]このターン中に自分の効果でAPを支払っている場合、カードを1枚引く。",
        "[登場時]このターン中に相手のキャラの効果でAPを支払っている場合、カードを1枚引く。",
    ):
        assert not read_card(texted("T-READ", text)).understood, text


def pay_scene(payer: dict[str, Any], **board: Any) -> Any:
    """A's reader (A-1) on the front line, and ``payer`` (A-2) in the deck."""
    return main_phase(
        [texted("T-SEER", ONLY_IF_PAID), payer],
        ["T-SEER", payer["code"]],
        a_front=("A-1",),
        **board,
    )


def test_UA_EFFECT_THIS_TURN_AP_paid_by_a_characters_effect_counts() -> None:
    b = pay_scene(texted("T-PAY", MAY_PAY)).act("A", "activate", card="A-1", ability=1)
    assert rules_broken(b.replay(), b.last) == ["UA-EFFECT-ONLY-IF"]
    b = pay_scene(texted("T-PAY", MAY_PAY)).play("A", "A-2", to="front_line")
    b.act("A", "resolve", source="A-2", use=True)
    assert position(b.log()).snapshot()["players"]["A"]["char_ap_paid"] == 1
    b.act("A", "activate", card="A-1", ability=1)
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert draws(r, b.last) == 1
    # declined: nothing paid
    b = pay_scene(texted("T-PAY", MAY_PAY)).play("A", "A-2", to="front_line")
    b.act("A", "resolve", source="A-2", use=False).act("A", "activate", card="A-1", ability=1)
    assert rules_broken(b.replay(), b.last) == ["UA-EFFECT-ONLY-IF"]


def test_UA_EFFECT_THIS_TURN_AP_an_events_effect_and_a_play_do_not_count() -> None:
    event = texted("T-EV", "APを1支払ってもよい。そうした場合、カードを1枚引く。", type="event")
    b = pay_scene(event).play("A", "A-2").act("A", "resolve", source="A-2", use=True)
    b.act("A", "activate", card="A-1", ability=1)
    assert rules_broken(b.replay(), b.last) == ["UA-EFFECT-ONLY-IF"]
    costly = card("T-COST", ap=1)  # AP paid to play it: no effect's
    b = (
        pay_scene(costly)
        .play("A", "A-2", to="front_line")
        .act("A", "activate", card="A-1", ability=1)
    )
    assert rules_broken(b.replay(), b.last) == ["UA-EFFECT-ONLY-IF"]


def test_UA_EFFECT_THIS_TURN_AP_COSTS_not_counted_by_default() -> None:
    payer = texted("T-PAY", "[起動メイン][APを1支払う]カードを1枚引く。")
    for option, ok in (("not_counted", False), ("counted", True)):
        b = pay_scene(payer, a_energy=("A-2",), options={"ap_paid_costs": option})
        b.act("A", "activate", card="A-2", ability=1).act("A", "activate", card="A-1", ability=1)
        r = b.replay()
        assert (verdict(r, b.last) == "legal") is ok, option


# -- a condition before a choice to discard ----------------------------------------------------

EVENT_USED = "このターン中に自分がイベントカードを使用している"
MAY_DISCARD = f"[起動メイン]{EVENT_USED}場合、自分の手札を1枚場外に置いてもよい。そうした場合、カードを2枚引く。"
TRIGGERED = MAY_DISCARD.replace("[起動メイン]", "[登場時]")


def test_UA_EFFECT_IF_MAY_DISCARD_read_from_printed_text() -> None:
    (effect,) = effects_of(TRIGGERED)
    used = {"side": "own", "zone": "this_turn", "events_used": 1}
    assert effect == {
        "when": "on_play",
        "optional": True,
        "do": [{"op": "discard", "n": 1, "if": used}, {"op": "draw", "n": 2, "if_done": True}],
    }
    assert "if you have used an event card this turn, you may put 1 card" in reading_words(
        texted("T-R", TRIGGERED)
    )
    for text in (
        MAY_DISCARD,  # activated: the optional discard is a triggered ability's form
        f"[登場時]{EVENT_USED}場合、自分の手札を1枚場外に置いてもよい。カードを2枚引く。",
        "[登場時]自分の場にミラがいる場合、自分の手札を1枚場外に置いてもよい。そうした場合、カードを2枚引く。",
    ):
        assert not read_card(texted("T-READ", text)).understood, text


def may_scene(events: int) -> Any:
    """A's character with TRIGGERED in the hand (A-1), a free event (A-2) used first or not,
    and a filler card (A-3) to discard."""
    event = card("T-SPARK", "event", ap=0)
    b = main_phase([texted("T-MAY", TRIGGERED), event], ["T-MAY", "T-SPARK", "T-000"])
    for iid in ("A-2",)[:events]:
        b.play("A", iid)
    return b.play("A", "A-1", to="front_line")


def test_UA_EFFECT_IF_MAY_DISCARD_offered_only_while_the_condition_holds() -> None:
    b = may_scene(events=1).act("A", "resolve", source="A-1", use=True, targets=["A-3"])
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert draws(r, b.last) == 2
    for use in (True, False):
        b = may_scene(events=0).act("A", "resolve", source="A-1", use=use)
        r = b.replay()
        assert verdict(r, b.last) == "legal", use
        assert draws(r, b.last) == 0
        if use:
            assert "UA-EFFECT-IF-MAY-DISCARD" in rules_applied(r, b.last)
    # naming a card to discard when the choice is not offered: a target too many
    b = may_scene(events=0).act("A", "resolve", source="A-1", use=True, targets=["A-3"])
    assert rules_broken(b.replay(), b.last) == ["UA-EFFECT-TARGETS"]


# -- if it is your turn ------------------------------------------------------------------------

OWN_TURN = {"side": "own", "zone": "this_turn", "own_turn": True}
RETIRE_DRAW = "[退場時]自分のターン中の場合、カードを1枚引く。"


def test_UA_EFFECT_IF_OWN_TURN_read_from_printed_text() -> None:
    (effect,) = effects_of(RETIRE_DRAW)
    assert effect == {"when": "on_retire", "do": [{**DRAW, "if": OWN_TURN}]}
    assert "if it is your turn, draw 1 card" in reading_words(texted("T-R", RETIRE_DRAW))
    assert not supported(
        {"when": "on_play", "do": [{**DRAW, "if": {**OWN_TURN, "side": "opponent"}}]}
    )
    assert not supported({"when": "on_play", "do": [{**DRAW, "if": {**OWN_TURN, "own_turn": 1}}]})


def test_UA_EFFECT_IF_OWN_TURN_only_in_the_turn_of_the_effects_controller() -> None:
    """A's copy retires itself in A's turn: it draws; then A retires B's copy, whose effect
    resolves in A's turn: B draws nothing."""
    text = SELF_RETIRE + "\n" + RETIRE_DRAW
    axe = "[起動メイン][このカードを退場させる]相手のフロントLのキャラを1枚選び、退場させる。"
    b = board_at_turn_3(
        [texted("T-OGI", text), texted("T-AXE", axe)],
        ["T-OGI", "T-AXE"],
        ["T-OGI"],
        a_front=("A-1", "A-2"),
        b_front=("B-1",),
        phase="main",
    )
    b.act("A", "activate", card="A-1", ability=1).act("A", "resolve", source="A-1")
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert draws(r, b.last) == 2  # the activated effect, and the retire effect in A's turn
    b.act("A", "activate", card="A-2", ability=1, targets=["B-1"])
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert draws(r, b.last) == 0
    assert "UA-EFFECT-IF" in rules_applied(r, b.last)


# -- usable only if this character became rested this turn -------------------------------------

BECAME = "このターン中にアクティブのこのキャラがレストになっている"
RESTED_ONLY = f"[起動メイン]{BECAME}場合のみ発動できる。カードを1枚引く。"
REST_TO_DRAW = "[起動メイン][レストにする]カードを1枚引く。"


def test_UA_EFFECT_ONLY_IF_RESTED_read_from_printed_text() -> None:
    first, _ = effects_of(RESTED_ONLY + "\n" + REST_TO_DRAW)
    assert first == {"when": "activate_main", "only_if": "rested_this_turn", "do": [DRAW]}
    words = reading_words(texted("T-R", RESTED_ONLY))
    assert "usable only if this card went from active to rested this turn" in words
    assert not read_card(texted("T-F", RESTED_ONLY, type="field")).understood
    assert not supported({"when": "on_play", "only_if": "rested_this_turn", "do": [DRAW]})


def rested_scene(**board: Any) -> Any:
    text = RESTED_ONLY + "\n" + REST_TO_DRAW
    return main_phase([texted("T-HOSH", text)], ["T-HOSH", "T-HOSH"], a_front=("A-1",), **board)


def test_UA_EFFECT_ONLY_IF_RESTED_after_the_card_was_rested_this_turn() -> None:
    b = rested_scene().act("A", "activate", card="A-1", ability=1)
    assert rules_broken(b.replay(), b.last) == ["UA-EFFECT-ONLY-IF"]
    b = rested_scene().act("A", "activate", card="A-1", ability=2)
    b.act("A", "activate", card="A-1", ability=1)
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert draws(r, b.last) == 1
    # a copy played this turn enters rested: it did not become rested
    b = rested_scene().play("A", "A-2", to="front_line").act("A", "activate", card="A-2", ability=1)
    assert rules_broken(b.replay(), b.last) == ["UA-EFFECT-ONLY-IF"]


def test_UA_EFFECT_ONLY_IF_RESTED_its_own_rest_cost_under_only_if_costs() -> None:
    text = f"[起動メイン][レストにする]{BECAME}場合のみ発動できる。カードを1枚引く。"
    for at, ok in (("before", False), ("after", True)):
        b = main_phase(
            [texted("T-HOSH", text)], ["T-HOSH"], a_front=("A-1",), options={"only_if_costs": at}
        )
        b.act("A", "activate", card="A-1", ability=1)
        r = b.replay()
        assert "UA-EFFECT-ONLY-IF-COSTS" in rules_applied(r, b.last)
        assert (verdict(r, b.last) == "legal") is ok, at
