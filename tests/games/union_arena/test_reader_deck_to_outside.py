"""Union Arena: "自分の山札の上から3枚を場外に置く。", "…2枚まで場外に置く。" and "…1枚を場外に
置いてもよい。そうした場合、…" (UA-EFFECT-DECK-TO-OUTSIDE), on made-up cards: read from the
printed text, carried out in seeded mode (the engine knows the cards) and observed mode (the
log names them in ``{"outside": [...]}``), a short deck, and the English rendering."""

from __future__ import annotations

from typing import Any

from judge.core.replay import position
from judge.games.union_arena.effects import supported
from judge.games.union_arena.reader import read_card
from judge.games.union_arena.render import render_card
from judge.games.union_arena.testing import (
    LogBuilder,
    board_at_turn_3,
    event_types,
    free_character,
    player_state,
    rules_applied,
    rules_broken,
    texted,
    verdict,
)

THREE = "[登場時]自分の山札の上から3枚を場外に置く。"
UP_TO = "[登場時]自分の山札の上から2枚まで場外に置く。"
MAY = "[退場時]自分の山札の上から1枚を場外に置いてもよい。そうした場合、カードを1枚引く。"
RULE = "UA-EFFECT-DECK-TO-OUTSIDE"


def only_effect(text: str) -> dict[str, Any]:
    reading = read_card({"type": "character", "text": text})
    assert reading.understood, reading.unread
    assert len(reading.effects) == 1
    return reading.effects[0]


def seeded(text: str) -> LogBuilder:
    """Seeded mode, A's turn-1 main phase: A's deck is 50 copies of the texted card (the
    engine knows every card; one in the hand plays the text)."""
    cards = [texted("T-MILL", text)]
    b = LogBuilder(cards, deck_a=["T-MILL"] * 50, mode="seeded")
    return b.setup(first="A").proceed("A")


def deck_and_hand(b: LogBuilder) -> tuple[list[str], list[str]]:
    ps = position(b.doc).state.players["A"]
    return list(ps.deck), list(ps.hand)


def a_state(b: LogBuilder) -> Any:
    return position(b.doc).state.players["A"]


# -- reading ----------------------------------------------------------------------------------


def test_UA_EFFECT_DECK_TO_OUTSIDE_read_from_printed_text() -> None:
    assert only_effect(THREE) == {"when": "on_play", "do": [{"op": "mill", "n": 3}]}
    assert only_effect("[登場時]自分の山札の上から1枚を場外に置く。")["do"] == [
        {"op": "mill", "n": 1}
    ]
    assert only_effect(UP_TO)["do"] == [{"op": "mill", "n": 2, "up_to": True}]
    assert only_effect("[退場時]自分の山札の上から1枚を場外に置いてもよい。") == {
        "when": "on_retire",
        "optional": True,
        "do": [{"op": "mill", "n": 1}],
    }
    assert only_effect(MAY) == {
        "when": "on_retire",
        "optional": True,
        "do": [{"op": "mill", "n": 1}, {"op": "draw", "n": 1, "if_done": True}],
    }
    event = read_card({"type": "event", "text": "自分の山札の上から3枚を場外に置く。"})
    assert event.effects == ({"when": "on_play", "do": [{"op": "mill", "n": 3}]},)


def test_UA_EFFECT_DECK_TO_OUTSIDE_what_is_not_read_stays_unread() -> None:
    for text in (
        # declining would skip the draw, which does not depend on it
        "[退場時]自分の山札の上から1枚を場外に置いてもよい。カードを1枚引く。",
        # "if you did" after a mill that is not optional: not a form read
        "[登場時]自分の山札の上から2枚まで場外に置く。そうした場合、カードを1枚引く。",
        "[登場時]自分の山札の上から3枚を場外に置く。そうした場合、カードを1枚引く。",
        # optional "up to", an activated optional one, other words, the opponent's deck
        "[退場時]自分の山札の上から2枚まで場外に置いてもよい。",
        "[起動メイン]自分の山札の上から1枚を場外に置いてもよい。",
        "[登場時]自分の山札の上から3枚を公開し、場外に置く。",
        "[登場時]相手の山札の上から3枚を場外に置く。",
        "[登場時]自分の山札の上から0枚を場外に置く。",
        # a choice after the mill asking about the card chosen before it
        "[登場時]相手のフロントLのキャラを1枚選び、レストにする。自分の山札の上から1枚を場外に置く。"
        "選んだキャラが〈ミラ〉の場合、カードを1枚引く。",
    ):
        assert not read_card({"type": "character", "text": text}).understood, text


def test_UA_EFFECT_DECK_TO_OUTSIDE_supported_only_as_executed() -> None:
    ok = {"when": "on_play", "do": [{"op": "mill", "n": 2}]}
    assert supported(ok)
    for op in (
        {"op": "mill", "n": 0},
        {"op": "mill", "n": True},
        {"op": "mill", "n": 2, "up_to": "yes"},
        {"op": "mill", "n": 2, "target": "self"},
        {"op": "mill", "n": 2, "side": "opponent"},
    ):
        assert not supported({"when": "on_play", "do": [op]}), op
    # the optional form is of exactly n, and "if you did" follows only it
    assert not supported(
        {"when": "on_retire", "optional": True, "do": [{"op": "mill", "n": 2, "up_to": True}]}
    )
    draw_if = {"op": "draw", "n": 1, "if_done": True}
    assert supported(
        {"when": "on_retire", "optional": True, "do": [{"op": "mill", "n": 1}, draw_if]}
    )
    assert not supported({"when": "on_retire", "do": [{"op": "mill", "n": 1}, draw_if]})


# -- exactly n -------------------------------------------------------------------------------


def test_UA_EFFECT_DECK_TO_OUTSIDE_seeded_the_top_cards_go_in_order() -> None:
    b = seeded(THREE)
    deck, hand = deck_and_hand(b)
    b.play("A", hand[0], to="front_line", targets=[])  # no record needed: the engine knows
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert RULE in rules_applied(r, b.last)
    assert player_state(r, "A")["outside"] == deck[:3]
    assert a_state(b).deck == deck[3:]
    assert event_types(r, b.last).count("to_outside") == 3
    # the record names them, top first (or in another order: the same cards)
    for named in (deck[:3], [deck[2], deck[0], deck[1]]):
        b = seeded(THREE)
        b.play("A", hand[0], to="front_line", targets=[{"outside": named}])
        r = b.replay()
        assert verdict(r, b.last) == "legal"
        assert player_state(r, "A")["outside"] == deck[:3]


def test_UA_EFFECT_DECK_TO_OUTSIDE_seeded_a_wrong_record_is_illegal() -> None:
    deck, hand = deck_and_hand(seeded(THREE))
    for why, record in {
        "the fourth card": [deck[0], deck[1], deck[3]],
        "two cards": deck[:2],
        "four cards": deck[:4],
        "a card twice": [deck[0], deck[0], deck[1]],
        "a hand card": [deck[0], deck[1], hand[1]],
    }.items():
        b = seeded(THREE)
        b.play("A", hand[0], to="front_line", targets=[{"outside": record}])
        r = b.replay()
        assert verdict(r, b.last) == "illegal", why
        assert rules_broken(r, b.last) == [RULE], why


def test_UA_EFFECT_DECK_TO_OUTSIDE_not_retired() -> None:
    """Cards put from the deck were never on the field: a when-retired effect of one of them
    does not trigger."""
    cards = [
        texted("T-MILL", THREE),
        free_character("T-GONE", effects=[{"when": "on_retire", "do": [{"op": "draw", "n": 1}]}]),
    ]
    b = LogBuilder(cards, deck_a=["T-MILL"] * 8 + ["T-GONE"] * 42, mode="seeded")
    b.setup(first="A").proceed("A")
    deck, hand = deck_and_hand(b)
    mill = next(c for c in hand if position(b.doc).state.code_of[c] == "T-MILL")
    b.play("A", mill, to="front_line", targets=[])
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert player_state(r, "A")["outside"] == deck[:3]
    assert "draw" not in event_types(r, b.last)


def test_UA_EFFECT_DECK_TO_OUTSIDE_observed_the_log_names_the_cards() -> None:
    cards = [texted("T-MILL", THREE), free_character("T-020", name="ミラ")]

    def board() -> LogBuilder:
        return board_at_turn_3(cards, ["T-MILL", "T-020"], [], phase="main")

    b = board().play(
        "A", "A-1", to="front_line", targets=[{"outside": ["T-020", "T-000", "T-000"]}]
    )
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    outside = player_state(r, "A")["outside"]
    assert len(outside) == 3 and "A-2" in outside and None not in outside  # bound, public
    assert "A-2" not in a_state(b).unseen.get("T-020", [])
    # a code no copy of which can be there: the deck holds one T-020
    b = board().play(
        "A", "A-1", to="front_line", targets=[{"outside": ["T-020", "T-020", "T-000"]}]
    )
    r = b.replay()
    assert verdict(r, b.last) == "illegal"
    assert rules_broken(r, b.last) == ["UA-REVEAL"]
    # not named: they go unknown, the step is unverifiable and what follows uncertain
    b = board().play("A", "A-1", to="front_line", targets=[])
    r = b.replay()
    assert verdict(r, b.last) == "unverifiable"
    assert RULE in rules_applied(r, b.last)
    assert player_state(r, "A")["outside"] == [None, None, None]
    b.proceed("A")
    assert verdict(b.replay(), b.last) == "uncertain"
    # an outcome revealing them settles it
    b = board().play("A", "A-1", to="front_line", targets=[])
    reveal = {"op": "reveal", "from": "outside", "cards": ["T-020", "T-000", "T-000"]}
    b.act("A", "outcome", source="A-1", ops=[reveal]).proceed("A")
    r = b.replay()
    assert verdict(r, b.last) == "legal" and None not in player_state(r, "A")["outside"]


def test_UA_EFFECT_DECK_TO_OUTSIDE_a_card_put_may_be_taken_back_by_what_follows() -> None:
    """ "…3枚を場外に置く。自分の場外から〈ミラ〉を1枚まで手札に加える。": the choice that follows
    sees the outside area as the mill left it, in the check of the action and when it
    resolves."""
    text = THREE + "自分の場外から〈ミラ〉を1枚まで手札に加える。"
    cards = [texted("T-MILL", text), free_character("T-020", name="ミラ")]
    b = board_at_turn_3(cards, ["T-MILL", "T-020"], [], phase="main")
    targets = [{"outside": ["T-000", "T-020", "T-000"]}, "T-020"]
    r = b.play("A", "A-1", to="front_line", targets=targets).replay()
    assert verdict(r, b.last) == "legal"
    assert "A-2" in player_state(r, "A")["hand"]
    assert len(player_state(r, "A")["outside"]) == 2
    b = board_at_turn_3(cards, ["T-MILL", "T-020"], [], phase="main")
    r = b.play("A", "A-1", to="front_line", targets=[{"outside": ["T-000"] * 3}, "T-020"]).replay()
    assert "UA-EFFECT-TARGETS" in rules_broken(r, b.last)  # not among the cards put


# -- up to n ---------------------------------------------------------------------------------


def test_UA_EFFECT_DECK_TO_OUTSIDE_up_to_the_chosen_number_from_the_top() -> None:
    deck, hand = deck_and_hand(seeded(UP_TO))
    for record, put in (([], []), (deck[:1], deck[:1]), (deck[:2], deck[:2])):
        b = seeded(UP_TO)
        b.play("A", hand[0], to="front_line", targets=[{"outside": record}])
        r = b.replay()
        assert verdict(r, b.last) == "legal", record
        assert player_state(r, "A")["outside"] == put
        assert a_state(b).deck == deck[len(put) :]
    for record in (deck[:3], [deck[1]], [deck[0], deck[2]]):  # too many; not from the top
        b = seeded(UP_TO)
        b.play("A", hand[0], to="front_line", targets=[{"outside": record}])
        r = b.replay()
        assert rules_broken(r, b.last) == [RULE], record


def test_UA_EFFECT_DECK_TO_OUTSIDE_up_to_without_the_record_is_a_skipped_choice() -> None:
    deck, hand = deck_and_hand(seeded(UP_TO))
    b = seeded(UP_TO).play("A", hand[0], to="front_line", targets=[])
    r = b.replay()
    assert verdict(r, b.last) == "unverifiable"
    assert "UA-CHOICE-RECORDED" in rules_applied(r, b.last)
    assert player_state(r, "A")["outside"] == [] and a_state(b).deck == deck


# -- optional ----------------------------------------------------------------------------------

#: a card whose when-played effect retires one of its player's own characters
RETIRE_OWN = free_character(
    "T-KILL",
    effects=[
        {
            "when": "on_play",
            "do": [{"op": "retire", "target": {"side": "own", "zone": "field", "count": 1}}],
        }
    ],
)


def retired() -> LogBuilder:
    """A's turn 3: A-1 (the optional mill) on the front line is retired by T-KILL."""
    cards = [texted("T-MILL", MAY), RETIRE_OWN]
    b = board_at_turn_3(cards, ["T-MILL", "T-KILL"], [], a_front=("A-1",), phase="main")
    return b.play("A", "A-2", to="front_line", targets=["A-1"])


def test_UA_EFFECT_DECK_TO_OUTSIDE_optional_used_or_declined() -> None:
    before = player_state(retired().replay(), "A")
    b = retired().act("A", "resolve", source="A-1", use=True, targets=[{"outside": ["T-000"]}])
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    after = player_state(r, "A")
    assert after["outside"] == [*before["outside"], "A-3"]  # the first unseen T-000
    assert len(after["hand"]) == len(before["hand"]) + 1  # "そうした場合": drew
    assert after["deck"] == before["deck"] - 2
    b = retired().act("A", "resolve", source="A-1", use=False)
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert player_state(r, "A")["outside"] == before["outside"]
    assert len(player_state(r, "A")["hand"]) == len(before["hand"])
    b = retired().act("A", "resolve", source="A-1", use=False, targets=[{"outside": ["T-000"]}])
    assert "UA-EFFECT-TARGETS" in rules_broken(b.replay(), b.last)  # not used: takes none


# -- a deck with fewer cards -------------------------------------------------------------------


def test_UA_EFFECT_DECK_TO_OUTSIDE_a_short_deck_puts_what_there_is() -> None:
    """A's deck holds 36 cards on turn 1 (50, less 7 in the hand and 7 life cards): "40枚" puts
    all 36, a reading no source confirms (unverifiable); the empty deck loses only at the
    start-phase draw (UA-WIN-DECK), and what follows is uncertain."""
    forty = "[登場時]自分の山札の上から40枚を場外に置く。"
    deck, hand = deck_and_hand(seeded(forty))
    assert len(deck) == 36
    b = seeded(forty).play("A", hand[0], to="front_line", targets=[])
    r = b.replay()
    assert verdict(r, b.last) == "unverifiable"
    assert RULE in rules_applied(r, b.last)
    assert player_state(r, "A")["outside"] == deck and player_state(r, "A")["deck"] == 0
    b.proceed("A")
    assert verdict(b.replay(), b.last) == "uncertain"  # the state rests on that reading
    b = seeded(forty).play("A", hand[0], to="front_line", targets=[{"outside": deck[:35]}])
    assert rules_broken(b.replay(), b.last) == [RULE]  # one card short of what there is
    # "up to" puts at most what there is: a choice, verifiable
    up_to = "[登場時]自分の山札の上から40枚まで場外に置く。"
    b = seeded(up_to).play("A", hand[0], to="front_line", targets=[{"outside": deck}])
    r = b.replay()
    assert verdict(r, b.last) == "legal" and player_state(r, "A")["deck"] == 0
    b.proceed("A", 2).proceed("B", 3)  # A's turn 3: no card to draw
    r = b.replay()
    assert "UA-WIN-DECK" in rules_applied(r, b.last)
    assert r["summary"]["result"] == {"winner": "B", "reason": "deck"}


# -- forced and rendered ----------------------------------------------------------------------


def test_UA_EFFECT_DECK_TO_OUTSIDE_a_seeded_resolve_left_out_is_one_way() -> None:
    """A mandatory mill waiting for a resolve, in seeded mode: the engine knows the cards, so
    a log that leaves the resolve out loses nothing (UA-FORCED-DECISION)."""
    text = "[退場時]自分の山札の上から2枚を場外に置く。"
    cards = [texted("T-MILL", text), RETIRE_OWN]
    b = LogBuilder(cards, deck_a=["T-MILL", "T-KILL"] * 25, mode="seeded")
    b.setup(first="A").proceed("A")
    st = position(b.doc).state
    hand = st.players["A"].hand
    mill = next(c for c in hand if st.code_of[c] == "T-MILL")
    kill = next(c for c in hand if st.code_of[c] == "T-KILL")
    b.play("A", mill, to="front_line").play("A", kill, to="front_line", targets=[mill])
    deck = list(position(b.doc).state.players["A"].deck)
    b.proceed("A")
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert "UA-FORCED-DECISION" in rules_applied(r, b.last)
    assert player_state(r, "A")["outside"][-2:] == deck[:2]


def test_UA_EFFECT_DECK_TO_OUTSIDE_rendered_in_words() -> None:
    def reading(text: str) -> str:
        shown = render_card({"code": "T", "name": "T", "type": "character", "text": text})
        assert shown["understood"]
        return " ".join(shown["reading"])

    assert reading(THREE) == "On play: put the top 3 cards of your deck into your outside area."
    assert "put up to 2 cards from the top of your deck into your outside area" in reading(UP_TO)
    assert reading(MAY) == (
        "When this is retired: you may put the top card of your deck into your outside area; "
        "if you did, draw 1 card."
    )
