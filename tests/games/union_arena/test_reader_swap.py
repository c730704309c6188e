"""Union Arena: "このキャラと別のラインにある…自分のキャラを1枚選び、このキャラと位置を入れ替える"
(this character and a chosen one of the other line swap positions, UA-EFFECT-SWAP), on
original cards.  Each test follows the card text's wording and the rules' sources (the
seed's Step swap: both move at once, no card to the removal area), not what the engine
prints."""

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

SWAP = (
    "[起動メイン]このキャラと別のラインにある特徴に「灯守」を持つ自分のキャラを1枚選び、"
    "このキャラと位置を入れ替える。"
)
SWAP_ANY = (
    "[起動メイン]このキャラと別のラインにある自分のキャラを1枚選び、このキャラと位置を入れ替える。"
)
TARGET = {
    "side": "own",
    "zone": "field",
    "type": "character",
    "trait": "灯守",
    "other_line": True,
    "count": 1,
    "if_able": True,
}


# -- reading -------------------------------------------------------------------------------------


def test_UA_EFFECT_SWAP_read_from_printed_text() -> None:
    r = read_card({"type": "character", "text": SWAP})
    assert r.understood, r.unread
    (effect,) = r.effects
    assert effect["when"] == "activate_main"
    assert effect["do"] == [{"op": "swap", "target": TARGET}]
    r = read_card({"type": "character", "text": SWAP_ANY})
    assert r.understood, r.unread
    assert r.effects[0]["do"][0]["target"] == {k: v for k, v in TARGET.items() if k != "trait"}


def test_UA_EFFECT_SWAP_other_swaps_stay_unread() -> None:
    for text in (
        SWAP.replace("入れ替える。", "入れ替えてもよい。"),  # optional
        SWAP.replace("[起動メイン]", "[登場時]"),  # outside the main phase's activation
        "[起動メイン]フロントLにある自分のキャラを1枚選び、このキャラと位置を入れ替える。",
        SWAP.replace("自分のキャラ", "相手のキャラ"),  # the opponent's card
        SWAP.replace("1枚選び", "2枚選び"),
    ):
        r = read_card({"type": "character", "text": text})
        assert not r.understood, text


def test_UA_EFFECT_SWAP_supported_only_as_read() -> None:
    ok = {"when": "activate_main", "do": [{"op": "swap", "target": TARGET}]}
    assert supported(ok)
    assert not supported({**ok, "when": "on_play"})
    assert not supported({**ok, "do": [{"op": "swap", "target": {**TARGET, "up_to": True}}]})
    assert not supported({**ok, "do": [{"op": "swap", "target": "self"}]})
    assert not supported({**ok, "do": [{"op": "retire", "target": TARGET}]})  # other_line


# -- carrying it out -----------------------------------------------------------------------------


def scene(text: str = SWAP, **kwargs: Any) -> Any:
    cards = [
        texted("T-SWAP", text),
        free_character("T-MIRA", name="ミラ", traits=["灯守"]),
        free_character("T-OTHER", name="ヨミカ"),
        free_character("T-PLACE", type="field", name="灯台", traits=["灯守"]),
    ]
    deck = ["T-SWAP", "T-MIRA", "T-OTHER", "T-PLACE", "T-MIRA", "T-MIRA", "T-MIRA", "T-OTHER"]
    deck += ["T-OTHER", "T-OTHER"]
    return board_at_turn_3(cards, deck, [], phase="main", **kwargs)


def test_UA_EFFECT_SWAP_the_two_cards_change_lines_at_once() -> None:
    b = scene(a_front=("A-1", "A-3"), a_energy=("A-2", "A-8"))
    b.act("A", "activate", card="A-1", ability=1, targets=["A-2"])
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert "UA-EFFECT-SWAP" in rules_applied(r, b.last)
    assert event_types(r, b.last).count("move_line") == 2
    assert field_ids(r, "A", "front_line") == ["A-3", "A-2"]  # after the cards already there
    assert field_ids(r, "A", "energy_line") == ["A-8", "A-1"]
    # and from the energy line: this card goes to the front line
    b = scene(a_front=("A-2",), a_energy=("A-1",))
    b.act("A", "activate", card="A-1", ability=1, targets=["A-2"])
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert field_ids(r, "A", "front_line") == ["A-1"]
    assert field_ids(r, "A", "energy_line") == ["A-2"]


def test_UA_EFFECT_SWAP_full_lines_lose_no_card() -> None:
    # the front line full: a move of A-2 there alone would first remove a card (UA-LINE-LIMIT)
    b = scene(a_front=("A-1", "A-3", "A-8", "A-9"), a_energy=("A-2", "A-5", "A-6"))
    b.act("A", "activate", card="A-1", ability=1, targets=["A-2"])
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert "UA-LINE-LIMIT" not in rules_applied(r, b.last)
    assert field_ids(r, "A", "front_line") == ["A-3", "A-8", "A-9", "A-2"]
    assert field_ids(r, "A", "energy_line") == ["A-5", "A-6", "A-1"]
    assert player_state(r, "A", b.last)["removal"] == []


def test_UA_EFFECT_SWAP_a_card_of_this_cards_line_or_not_meeting_it_is_illegal() -> None:
    for target in ("A-5", "A-3", "A-4"):  # same line; no trait; a field (not a character)
        b = scene(a_front=("A-1", "A-5"), a_energy=("A-3", "A-4"))
        b.act("A", "activate", card="A-1", ability=1, targets=[target])
        r = b.replay()
        assert verdict(r, b.last) == "illegal", target
        assert rules_broken(r, b.last) == ["UA-EFFECT-TARGETS"], target
        assert field_ids(r, "A", "front_line") == ["A-1", "A-5"]


def test_UA_EFFECT_SWAP_one_is_chosen_when_one_qualifies() -> None:
    b = scene(a_front=("A-1",), a_energy=("A-2",))
    b.act("A", "activate", card="A-1", ability=1, targets=[])
    r = b.replay()
    assert verdict(r, b.last) == "illegal"  # "1枚選び": one is there, so one is chosen
    b = scene(a_front=("A-1", "A-2"), a_energy=("A-3",))
    b.act("A", "activate", card="A-1", ability=1, targets=[])
    r = b.replay()
    assert verdict(r, b.last) == "legal"  # none in the other line qualifies
    assert field_ids(r, "A", "front_line") == ["A-1", "A-2"]


def test_UA_EFFECT_SWAP_any_own_character_of_the_other_line() -> None:
    b = scene(SWAP_ANY, a_front=("A-1",), a_energy=("A-3",))
    b.act("A", "activate", card="A-1", ability=1, targets=["A-3"])
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert field_unit(r, "A", "A-1")["rested"] is False  # as it was
    assert field_ids(r, "A", "energy_line") == ["A-1"]
    assert field_ids(r, "A", "front_line") == ["A-3"]


def test_UA_EFFECT_SWAP_rendered() -> None:
    shown = render_card({"code": "T", "name": "T", "type": "character", "text": SWAP})
    text = " ".join(shown["reading"])
    assert shown["understood"]
    assert "with [灯守] in the line this card is not in" in text
    assert "it and this card swap positions" in text
    assert "no card goes to the removal area" in text


# -- "このキャラを別のラインに移動させるか、別のラインのキャラと位置を入れ替える" ------------------------

EITHER = "[起動メイン]このキャラを別のラインに移動させるか、別のラインのキャラと位置を入れ替える。"


def test_UA_EFFECT_SWAP_either_move_or_swap_read_as_a_choice_of_two() -> None:
    r = read_card({"type": "character", "text": EITHER})
    assert r.understood, r.unread
    (effect,) = r.effects
    target = {k: v for k, v in TARGET.items() if k != "trait"}
    assert effect["do"] == [
        {
            "op": "modes",
            "n": 1,
            "modes": [
                [{"op": "move_line", "to": "other", "target": "self"}],
                [{"op": "swap", "target": target}],
            ],
        }
    ]
    for text in (
        EITHER.replace("[起動メイン]", "[登場時]"),  # this card's move judged only when activated
        "[登場時]このキャラを別のラインに移動させる。",
        EITHER.replace("別のラインのキャラと", "相手のキャラと"),
    ):
        assert not read_card({"type": "character", "text": text}).understood, text
    alone = read_card(
        {"type": "character", "text": "[起動メイン]このキャラを別のラインに移動させる。"}
    )
    assert alone.effects[0]["do"] == [{"op": "move_line", "to": "other", "target": "self"}]


def test_UA_EFFECT_SWAP_either_the_log_says_which_was_chosen() -> None:
    b = scene(EITHER, a_front=("A-1", "A-3"), a_energy=("A-2",))
    b.act("A", "activate", card="A-1", ability=1, targets=[{"modes": [1]}])
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert "UA-EFFECT-MODES" in rules_applied(r, b.last)
    assert field_ids(r, "A", "front_line") == ["A-3"]
    assert field_ids(r, "A", "energy_line") == ["A-2", "A-1"]
    b = scene(EITHER, a_front=("A-1", "A-3"), a_energy=("A-2",))
    b.act("A", "activate", card="A-1", ability=1, targets=[{"modes": [2]}, "A-2"])
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert "UA-EFFECT-SWAP" in rules_applied(r, b.last)
    assert field_ids(r, "A", "front_line") == ["A-3", "A-2"]
    assert field_ids(r, "A", "energy_line") == ["A-1"]
    b = scene(EITHER, a_front=("A-1", "A-3"), a_energy=("A-2",))
    b.act("A", "activate", card="A-1", ability=1, targets=[{"modes": [2]}, "A-3"])  # same line
    r = b.replay()
    assert verdict(r, b.last) == "illegal"
    assert rules_broken(r, b.last) == ["UA-EFFECT-TARGETS"]


def test_UA_LINE_LIMIT_this_cards_move_into_a_full_line_removes_the_card_named() -> None:
    lines = {"a_front": ("A-1",), "a_energy": ("A-2", "A-3", "A-5", "A-6")}
    b = scene(EITHER, **lines)
    b.act("A", "activate", card="A-1", ability=1, targets=[{"modes": [1]}, {"remove": "A-3"}])
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert field_ids(r, "A", "energy_line") == ["A-2", "A-5", "A-6", "A-1"]
    assert player_state(r, "A", b.last)["removal"] == ["A-3"]
    b = scene(EITHER, **lines)  # no card named: the engine assumes one, unverifiable
    b.act("A", "activate", card="A-1", ability=1, targets=[{"modes": [1]}])
    r = b.replay()
    assert verdict(r, b.last) == "unverifiable"
    b = scene(EITHER, a_front=("A-1", "A-3"), a_energy=("A-2",))  # room: no removal
    b.act("A", "activate", card="A-1", ability=1, targets=[{"modes": [1]}, {"remove": "A-2"}])
    r = b.replay()
    assert verdict(r, b.last) == "illegal"
    assert rules_broken(r, b.last) == ["UA-LINE-LIMIT"]
    # a swap into the same full energy line removes nothing
    b = scene(EITHER, **lines)
    b.act("A", "activate", card="A-1", ability=1, targets=[{"modes": [2]}, "A-2"])
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert field_ids(r, "A", "energy_line") == ["A-3", "A-5", "A-6", "A-1"]
    assert player_state(r, "A", b.last)["removal"] == []


def test_UA_LINE_LIMIT_legal_actions_name_the_card_this_cards_move_removes() -> None:
    b = scene(EITHER, a_front=("A-1",), a_energy=("A-2", "A-3", "A-5", "A-6"))
    acts = [a for a in position(b.log()).legal_actions() if a["do"] == "activate"]
    assert {"p": "A", "do": "activate", "card": "A-1", "ability": 1} | {
        "targets": [{"modes": [1]}, {"remove": "A-2"}]
    } in acts


# -- "自分のフロントLの他のキャラと、自分のエナジーLの他のキャラを1枚ずつ選び、それらの位置を入れ替えてもよい" --

PAIR = (
    "[アタック時]自分のフロントLの他のキャラと、自分のエナジーLの他のキャラを1枚ずつ選び、"
    "それらの位置を入れ替えてもよい。"
)


def test_UA_EFFECT_SWAP_a_pair_read_front_line_card_first() -> None:
    r = read_card({"type": "character", "text": PAIR})
    assert r.understood, r.unread
    (effect,) = r.effects
    assert effect["when"] == "on_attack" and effect["optional"] is True
    one = {"side": "own", "type": "character", "other": True, "count": 1}
    assert effect["do"] == [
        {"op": "pick_swap", "target": {**one, "zone": "front_line"}},
        {"op": "swap", "target": {**one, "zone": "energy_line"}, "with": "chosen"},
    ]
    for text in (
        PAIR.replace("[アタック時]", "[登場時]"),
        PAIR.replace("てもよい。", "る。").replace("入れ替えて", "入れ替え"),
        PAIR.replace("他のキャラと、", "キャラと、"),
    ):
        assert not read_card({"type": "character", "text": text}).understood, text


def pair_scene() -> Any:
    b = scene(PAIR, a_front=("A-1", "A-3"), a_energy=("A-2", "A-5"))
    return b.proceed("A").attack("A", "A-1")  # into the attack phase


def test_UA_EFFECT_SWAP_a_pair_swaps_when_used() -> None:
    b = pair_scene().act("A", "resolve", source="A-1", use=True, targets=["A-3", "A-5"])
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert "UA-EFFECT-SWAP" in rules_applied(r, b.last)
    assert field_ids(r, "A", "front_line") == ["A-1", "A-5"]  # the attacker stays
    assert field_ids(r, "A", "energy_line") == ["A-2", "A-3"]
    b = pair_scene().act("A", "resolve", source="A-1", use=False)
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert field_ids(r, "A", "front_line") == ["A-1", "A-3"]


def test_UA_EFFECT_SWAP_a_pair_of_the_wrong_lines_or_the_attacker_is_illegal() -> None:
    for targets in (["A-1", "A-2"], ["A-2", "A-3"], ["A-3"]):  # "他の"; the order; one of each
        b = pair_scene().act("A", "resolve", source="A-1", use=True, targets=targets)
        r = b.replay()
        assert verdict(r, b.last) == "illegal", targets
        assert set(rules_broken(r, b.last)) == {"UA-EFFECT-TARGETS"}, targets
        assert field_ids(r, "A", "front_line") == ["A-1", "A-3"], targets


def test_UA_EFFECT_SWAP_legal_actions_choose_other_cards_of_each_line() -> None:
    acts = position(pair_scene().log()).legal_actions()
    assert {"p": "A", "do": "resolve", "source": "A-1", "targets": ["A-3", "A-2"]} in acts
    b = scene(a_front=("A-1", "A-5"), a_energy=("A-3", "A-2"))
    acts = [a for a in position(b.log()).legal_actions() if a["do"] == "activate"]
    assert acts == [{"p": "A", "do": "activate", "card": "A-1", "ability": 1, "targets": ["A-2"]}]


def test_UA_EFFECT_SWAP_a_card_that_cannot_move_stays_unverifiable() -> None:
    cards = [
        texted("T-SWAP", SWAP_ANY),
        texted("T-STAY", "このキャラは移動できない。", name="ミラ"),
    ]
    b = board_at_turn_3(
        cards, ["T-SWAP", "T-STAY"], [], a_front=("A-1",), a_energy=("A-2",), phase="main"
    )
    b.act("A", "activate", card="A-1", ability=1, targets=["A-2"])
    r = b.replay()
    assert verdict(r, b.last) == "unverifiable"  # whether it may be chosen is in no source
    assert field_ids(r, "A", "front_line") == ["A-1"]
    assert field_ids(r, "A", "energy_line") == ["A-2"]
