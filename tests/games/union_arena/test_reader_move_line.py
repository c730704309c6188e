"""Union Arena: "…を1枚(まで)選び、別のラインに移動させる" / "…エナジーLに移動させる" (a chosen card
moved to the other line, UA-EFFECT-MOVE-LINE), the card a full line loses first (UA-LINE-LIMIT,
the log's {"remove": card} after the card moved), and what the moved card keeps
(UA-EFFECT-MOVE-LINE-STATE, GAP), on original cards.  Each test follows the card text's
wording and the rules' sources, not what the engine prints."""

from __future__ import annotations

from typing import Any

from judge.core.replay import position
from judge.games.union_arena.effects import supported
from judge.games.union_arena.reader import read_card
from judge.games.union_arena.render import render_card
from judge.games.union_arena.testing import (
    board_at_turn_3,
    event_types,
    field_ids,
    field_unit,
    free_character,
    player_state,
    rules_applied,
    rules_broken,
    texted,
    verdict,
)

OWN_NAMED = "[登場時]自分の場の〈ミラ〉を1枚まで選び、別のラインに移動させる。"
OWN_TRAITS = "[登場時]自分の場の[特徴:灯守]か[特徴:霧渡り]を1枚まで選び、別のラインに移動させる。"
OWN_ANY = "[登場時]自分の場のキャラを1枚選び、別のラインに移動させる。"
THEIRS = (
    "[登場時]相手のフロントLのキャラを1枚まで選び、エナジーLに移動させる。"
    "（移動させる時にエナジーLに空きがない場合、相手はエナジーLのカードを1枚選んで"
    "リムーブエリアに置いてから移動させる）"
)


def move_of(text: str) -> dict[str, Any]:
    r = read_card({"type": "character", "text": text})
    assert r.understood, r.unread
    (effect,) = r.effects
    (op,) = effect["do"]
    return op


# -- reading -------------------------------------------------------------------------------------


def test_UA_EFFECT_MOVE_LINE_read_from_printed_text() -> None:
    assert move_of(OWN_NAMED) == {
        "op": "move_line",
        "to": "other",
        "target": {"side": "own", "zone": "field", "name": "ミラ", "count": 1, "up_to": True},
    }
    assert move_of(OWN_TRAITS)["target"]["any_of"] == [{"trait": "灯守"}, {"trait": "霧渡り"}]
    assert move_of(OWN_ANY)["target"] == {
        "side": "own",
        "zone": "field",
        "type": "character",
        "count": 1,
        "if_able": True,
    }
    # the reminder restates what a full line does: read, and no op of its own
    assert move_of(THEIRS) == {
        "op": "move_line",
        "to": "energy_line",
        "target": {
            "side": "opponent",
            "zone": "front_line",
            "type": "character",
            "count": 1,
            "up_to": True,
        },
    }


def test_UA_EFFECT_MOVE_LINE_sentences_the_engine_would_not_execute_exactly_stay_unread() -> None:
    reminder_own = THEIRS.replace("相手はエナジーL", "自分はエナジーL")
    for text in (
        "[登場時]自分の場のキャラを2枚まで選び、別のラインに移動させる。",  # several at once
        "[登場時]自分の場のキャラ全てを別のラインに移動させる。",
        "[登場時]このキャラを別のラインに移動させる。",
        "[登場時]自分の場のフィールドを1枚まで選び、別のラインに移動させる。",  # fields never move
        "[登場時]相手のフロントLのキャラを1枚まで選び、フロントLに移動させる。",  # already there
        "[登場時]相手の場のキャラを1枚まで選び、エナジーLに移動させる。",  # from either line
        "[登場時]自分の場のキャラを1枚まで選び、このターン中、別のラインに移動させる。",
        reminder_own,  # the reminder names the wrong player
        "[登場時]カードを1枚引く。"  # a reminder after no move
        "（移動させる時にエナジーLに空きがない場合、相手はエナジーLのカードを1枚選んで"
        "リムーブエリアに置いてから移動させる）",
    ):
        r = read_card({"type": "character", "text": text})
        assert not r.understood, text


def test_UA_EFFECT_MOVE_LINE_supported_only_for_one_card_to_the_other_line() -> None:
    target = {"side": "own", "zone": "front_line", "count": 1, "up_to": True}
    effect = {"when": "on_play", "do": [{"op": "move_line", "to": "energy_line", "target": target}]}
    assert supported(effect)
    for op in (
        {"op": "move_line", "to": "front_line", "target": target},
        {"op": "move_line", "to": "elsewhere", "target": target},
        {"op": "move_line", "to": "other", "target": "self"},
        {"op": "move_line", "to": "other", "target": {**target, "count": 2}},
        {"op": "move_line", "to": "other", "target": {**target, "zone": "hand"}},
        {"op": "move_line", "to": "other", "target": target, "until": "turn"},
    ):
        assert not supported({"when": "on_play", "do": [op]}), op


# -- moving one's own card -----------------------------------------------------------------------


def own_scene(text: str = OWN_NAMED, **kwargs: Any) -> Any:
    cards = [
        texted("T-MOVER", text),
        free_character("T-MIRA", name="ミラ", traits=["灯守"]),
        free_character("T-OTHER", name="ヨミカ"),
        free_character("T-PLACE", type="field", name="ミラ"),
    ]
    deck = ["T-MOVER", "T-MIRA", "T-OTHER", "T-PLACE", "T-MIRA", "T-MIRA", "T-MIRA", "T-MIRA"]
    return board_at_turn_3(cards, deck, [], phase="main", **kwargs)


def test_UA_EFFECT_MOVE_LINE_the_card_goes_to_the_other_line_after_its_cards() -> None:
    b = own_scene(a_front=("A-2",), a_energy=("A-3",))
    b.play("A", "A-1", to="front_line", targets=["A-2"])
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert "UA-EFFECT-MOVE-LINE" in rules_applied(r, b.last)
    assert "move_line" in event_types(r, b.last)
    assert field_ids(r, "A", "front_line") == ["A-1"]
    assert field_ids(r, "A", "energy_line") == ["A-3", "A-2"]  # after the card already there
    # and from the energy line to the front line
    b = own_scene(a_front=("A-3",), a_energy=("A-2",))
    b.play("A", "A-1", to="energy_line", targets=["A-2"])
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert field_ids(r, "A", "front_line") == ["A-3", "A-2"]
    assert field_ids(r, "A", "energy_line") == ["A-1"]


def test_UA_EFFECT_MOVE_LINE_a_card_that_does_not_meet_the_condition_is_illegal() -> None:
    b = own_scene(a_front=("A-3",))
    b.play("A", "A-1", to="energy_line", targets=["A-3"])  # ヨミカ, not ミラ
    r = b.replay()
    assert verdict(r, b.last) == "illegal"
    assert rules_broken(r, b.last) == ["UA-EFFECT-TARGETS"]
    b = own_scene(OWN_TRAITS, a_front=("A-3",))
    b.play("A", "A-1", to="energy_line", targets=["A-3"])  # neither trait
    r = b.replay()
    assert verdict(r, b.last) == "illegal"
    assert rules_broken(r, b.last) == ["UA-EFFECT-TARGETS"]


def test_UA_EFFECT_MOVE_LINE_a_field_is_not_a_character() -> None:
    b = own_scene(OWN_ANY, a_energy=("A-4", "A-2"))
    b.play("A", "A-1", to="front_line", targets=["A-4"])  # a field named by "キャラ"
    r = b.replay()
    assert verdict(r, b.last) == "illegal"
    assert rules_broken(r, b.last) == ["UA-EFFECT-TARGETS"]


def test_UA_EFFECT_MOVE_LINE_a_field_chosen_by_its_name_stays_unverifiable() -> None:
    b = own_scene(a_energy=("A-4",))
    b.play("A", "A-1", to="front_line", targets=["A-4"])  # the field ミラ
    r = b.replay()
    assert verdict(r, b.last) == "unverifiable"
    assert field_ids(r, "A", "energy_line") == ["A-4"]  # fields never move


def test_UA_EFFECT_MOVE_LINE_a_raided_stack_moves_whole() -> None:
    cards = [
        texted("T-MOVER", OWN_ANY),
        free_character("T-BASE", name="ミラ"),
        free_character("T-RAIDER", raid={"onto": {"name": "ミラ"}}, bp=4000),
    ]
    b = board_at_turn_3(
        cards, ["T-MOVER", "T-BASE", "T-RAIDER"], [], a_front=("A-2",), phase="main"
    )
    b.act("A", "raid", card="A-3", onto="A-2")
    b.play("A", "A-1", to="front_line", targets=["A-2"])
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert field_ids(r, "A", "energy_line") == ["A-3"]  # the stack, its top card A-3
    assert field_unit(r, "A", "A-3")["bp"] == 4000


def test_UA_EFFECT_MOVE_LINE_an_opposing_front_line_character_to_its_energy_line() -> None:
    cards = [texted("T-PUSH", THEIRS), free_character("T-B", bp=3000)]
    b = board_at_turn_3(cards, ["T-PUSH"], ["T-B", "T-B"], b_front=("B-1", "B-2"), phase="main")
    b.play("A", "A-1", to="front_line", targets=["B-2"])
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert field_ids(r, "B", "front_line") == ["B-1"]
    assert field_ids(r, "B", "energy_line") == ["B-2"]
    # an energy-line character is not one the text may choose
    b = board_at_turn_3(cards, ["T-PUSH"], ["T-B"], b_energy=("B-1",), phase="main")
    b.play("A", "A-1", to="front_line", targets=["B-1"])
    r = b.replay()
    assert verdict(r, b.last) == "illegal"
    assert rules_broken(r, b.last) == ["UA-EFFECT-TARGETS"]


def test_UA_EFFECT_MOVE_LINE_a_character_moved_out_of_the_front_line_cannot_block() -> None:
    text = THEIRS.replace("[登場時]", "[アタック時]")
    cards = [texted("T-PUSH", text), free_character("T-B", bp=3000)]
    b = board_at_turn_3(cards, ["T-PUSH"], ["T-B"], a_front=("A-1",), b_front=("B-1",))
    b.attack("A", "A-1").act("A", "resolve", source="A-1", targets=["B-1"])
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert field_ids(r, "B", "energy_line") == ["B-1"]
    b.block("B", "B-1")
    r = b.replay()
    assert rules_broken(r, b.last) == ["UA-BLOCK"]


def test_UA_EFFECT_MOVE_LINE_the_attacker_moved_out_of_its_battle_is_unverifiable() -> None:
    text = "[アタック時]自分の場のキャラを1枚まで選び、別のラインに移動させる。"
    cards = [texted("T-SELF", text)]
    b = board_at_turn_3(cards, ["T-SELF"], [], a_front=("A-1",))
    b.attack("A", "A-1").act("A", "resolve", source="A-1", targets=["A-1"])
    r = b.replay()
    assert verdict(r, b.last) == "unverifiable"  # what becomes of the attack: no source
    assert field_ids(r, "A", "energy_line") == ["A-1"]


# -- UA-LINE-LIMIT: a move into a full line ------------------------------------------------------


def full_scene(text: str = THEIRS) -> Any:
    """A's mover in hand (its effect waits for a resolve when played without targets); B with
    one front-line character and a full energy line (three characters and a field)."""
    cards = [
        texted("T-PUSH", text),
        free_character("T-B", bp=3000),
        free_character("T-BFIELD", type="field"),
    ]
    deck_b = ["T-B", "T-B", "T-B", "T-B", "T-BFIELD"]
    return board_at_turn_3(
        cards,
        ["T-PUSH"],
        deck_b,
        b_front=("B-1",),
        b_energy=("B-2", "B-3", "B-4", "B-5"),
        phase="main",
    ).play("A", "A-1", to="front_line")


def test_UA_LINE_LIMIT_an_effect_move_into_a_full_line_removes_the_card_named_first() -> None:
    b = full_scene().act("A", "resolve", source="A-1", targets=["B-1", {"remove": "B-5"}])
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert "UA-LINE-LIMIT" in rules_applied(r, b.last)
    assert player_state(r, "B")["removal"] == ["B-5"]  # a field may be the card removed
    assert field_ids(r, "B", "energy_line") == ["B-2", "B-3", "B-4", "B-1"]
    assert field_ids(r, "B", "front_line") == []


def test_UA_LINE_LIMIT_an_effect_move_removal_off_that_line_or_with_no_move_is_illegal() -> None:
    b = full_scene().act("A", "resolve", source="A-1", targets=["B-1", {"remove": "B-1"}])
    r = b.replay()
    assert verdict(r, b.last) == "illegal"
    assert rules_broken(r, b.last) == ["UA-LINE-LIMIT"]
    b = full_scene().act("A", "resolve", source="A-1", targets=[{"remove": "B-2"}])
    r = b.replay()
    assert verdict(r, b.last) == "illegal"
    assert rules_broken(r, b.last) == ["UA-LINE-LIMIT"]


def test_UA_LINE_LIMIT_an_effect_move_removal_from_a_line_with_room_is_illegal() -> None:
    cards = [texted("T-PUSH", THEIRS), free_character("T-B", bp=3000)]
    b = board_at_turn_3(
        cards, ["T-PUSH"], ["T-B"] * 3, b_front=("B-1",), b_energy=("B-2", "B-3"), phase="main"
    )
    b.play("A", "A-1", to="front_line")
    b.act("A", "resolve", source="A-1", targets=["B-1", {"remove": "B-2"}])
    r = b.replay()
    assert verdict(r, b.last) == "illegal"
    assert rules_broken(r, b.last) == ["UA-LINE-LIMIT"]


def test_UA_LINE_LIMIT_an_effect_move_into_a_full_line_naming_no_card_is_unverifiable() -> None:
    b = full_scene().act("A", "resolve", source="A-1", targets=["B-1"])
    r = b.replay()
    assert verdict(r, b.last) == "unverifiable"
    assert "UA-CHOICE-RECORDED" in rules_applied(r, b.last)
    assert player_state(r, "B")["removal"] == ["B-2"]  # the card there longest, by default


def test_UA_LINE_LIMIT_a_plays_move_record_is_judged_as_its_effect_resolves() -> None:
    """The targets of a play are judged before the card enters the field: here the card
    played fills A's energy line, so the move into it needs a card removed."""
    text = "[登場時]自分の場のキャラを1枚まで選び、別のラインに移動させる。"
    cards = [texted("T-MOVER", text), free_character("T-A")]
    deck = ["T-MOVER", "T-A", "T-A", "T-A", "T-A"]
    b = board_at_turn_3(
        cards, deck, [], a_front=("A-2",), a_energy=("A-3", "A-4", "A-5"), phase="main"
    )
    b.play("A", "A-1", to="energy_line", targets=["A-2", {"remove": "A-3"}])
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert field_ids(r, "A", "energy_line") == ["A-4", "A-5", "A-1", "A-2"]
    assert player_state(r, "A")["removal"] == ["A-3"]
    # the same record for a line that still has room when the effect resolves
    b = board_at_turn_3(cards, deck, [], a_front=("A-2",), a_energy=("A-3", "A-4"), phase="main")
    b.play("A", "A-1", to="front_line", targets=["A-2", {"remove": "A-3"}])
    r = b.replay()
    assert verdict(r, b.last) == "unverifiable"
    assert field_ids(r, "A", "energy_line") == ["A-3", "A-4", "A-2"]  # nothing removed


def test_UA_LINE_LIMIT_the_card_played_may_be_the_one_a_full_line_loses() -> None:
    text = "[登場時]自分の場のキャラを1枚まで選び、別のラインに移動させる。"
    cards = [texted("T-MOVER", text), free_character("T-A")]
    deck = ["T-MOVER", "T-A", "T-A", "T-A", "T-A"]
    b = board_at_turn_3(
        cards, deck, [], a_front=("A-2",), a_energy=("A-3", "A-4", "A-5"), phase="main"
    )
    b.play("A", "A-1", to="energy_line", targets=["A-2", {"remove": "A-1"}])
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert player_state(r, "A")["removal"] == ["A-1"]


def test_UA_LINE_LIMIT_legal_actions_name_the_card_a_full_line_loses() -> None:
    engine = position(full_scene().log())
    assert engine.legal_actions() == [
        {"p": "A", "do": "resolve", "source": "A-1", "targets": ["B-1", {"remove": "B-2"}]}
    ]


# -- UA-EFFECT-MOVE-LINE-STATE (GAP, option move_line_state) ------------------------------------

REST_BOOST_MOVE = (
    "[起動メイン][レストにする]自分の場のキャラを1枚選び、このターン中、BP+1000。"
    "自分の場のキャラを1枚選び、別のラインに移動させる。"
)


def state_scene(options: dict[str, Any] | None = None) -> Any:
    cards = [texted("T-SHIFT", REST_BOOST_MOVE)]
    b = board_at_turn_3(cards, ["T-SHIFT"], [], a_front=("A-1",), phase="main", options=options)
    return b.act("A", "activate", card="A-1", ability=1, targets=["A-1", "A-1"])


def test_UA_EFFECT_MOVE_LINE_STATE_the_card_keeps_its_state_and_effects_by_default() -> None:
    b = state_scene()
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert "UA-EFFECT-MOVE-LINE-STATE" in rules_applied(r, b.last)
    assert field_ids(r, "A", "energy_line") == ["A-1"]
    moved = field_unit(r, "A", "A-1")
    assert moved["rested"] is True
    assert moved["bp"] == 3000


def test_UA_EFFECT_MOVE_LINE_STATE_option_unverifiable_leaves_that_step_unverified() -> None:
    b = state_scene({"move_line_state": "unverifiable"})
    r = b.replay()
    assert verdict(r, b.last) == "unverifiable"
    assert "UA-EFFECT-MOVE-LINE-STATE" in rules_applied(r, b.last)
    assert field_unit(r, "A", "A-1")["rested"] is True  # carried out the same way


# -- rendering -----------------------------------------------------------------------------------


def test_UA_EFFECT_MOVE_LINE_rendered() -> None:
    shown = render_card({"code": "T", "name": "T", "type": "character", "text": THEIRS})
    text = " ".join(shown["reading"])
    assert shown["understood"]
    assert "choose up to 1 opposing front-line character; move it to the energy line" in text
    assert "if that line is full, its owner first puts one card of it into the removal area" in text
    shown = render_card({"code": "T", "name": "T", "type": "character", "text": OWN_NAMED})
    assert "named <ミラ>; move it to the other line" in " ".join(shown["reading"])
