"""Union Arena: a card played by an effect (UA-EFFECT-PLAY) joined to what comes before and
after it — "そうした場合、" (if you did), "その後、" (after that), a draw before it ("カードを1枚
引き、…"), a BP change of the card played after it ("…登場させ、そのキャラはこのターン中、
BP+1000") — and after a cost that puts cards into the outside area (a discard, "[このカードを
退場させる]"), on made-up cards.  Each test follows the rule's wording: the card played meets
every condition printed, from the zone named, as the zone is when the effect resolves."""

from __future__ import annotations

from typing import Any

from judge.core.testing import player_state, rules_applied, rules_broken, verdict
from judge.games.union_arena.render import render_card
from judge.games.union_arena.testing import (
    LogBuilder,
    board_at_turn_3,
    card,
    field_ids,
    field_unit,
    free_character,
    one_ability,
    read_in_full,
    texted,
)

OUTSIDE_GREEN = "自分の場外から緑のキャラカードを1枚まで自分の場にレストで登場させる"
HAND_GREEN = "自分の手札から緑のキャラカードを1枚まで自分の場にレストで登場させる"
MAY_THEN = f"[登場時]自分の手札を1枚場外に置いてもよい。そうした場合、{OUTSIDE_GREEN}。"
THEN = f"[登場時]カードを1枚引き、自分の手札を1枚場外に置く。その後、{OUTSIDE_GREEN}。"
DRAW_FIRST = f"[登場時]カードを1枚引き、{HAND_GREEN}。"
PLAYED_BP = (
    "[登場時]自分の手札から緑のキャラカードを1枚まで自分の場にアクティブで登場させ、"
    "そのキャラはこのターン中、BP+1000。"
)
RETIRE_COST = f"[起動メイン][このカードを退場させる]{OUTSIDE_GREEN}。"
DISCARD_COST = f"[起動メイン][手札を1枚場外に置く]{OUTSIDE_GREEN}。"
ZERO = (
    "[起動メイン][このカードを退場させる]自分の場外から〈ミラ〉以外の必要エナジーが0の緑の"
    "キャラカードを1枚まで自分の場にレストで登場させる。"
)
PLAY = {
    "op": "play",
    "target": {
        "side": "own",
        "color": "green",
        "card_type": "character",
        "count": 1,
        "up_to": True,
    },
    "to": "field",
    "rested": True,
}


def green(code: str = "T-SPROUT", **fields: Any) -> dict[str, Any]:
    """A green character with required energy 2 and AP cost 1."""
    return card(code, **{"color": "green", "energy": {"green": 2}, "ap": 1, **fields})


def play_from(zone: str, **more: Any) -> dict[str, Any]:
    return {**PLAY, "target": {**PLAY["target"], "zone": zone}, **more}


# -- reading -------------------------------------------------------------------------------------


def test_UA_EFFECT_PLAY_read_after_if_you_did_then_and_a_draw() -> None:
    effect = one_ability(MAY_THEN)
    assert effect["optional"] is True
    assert effect["do"] == [{"op": "discard", "n": 1}, play_from("outside", if_done=True)]
    assert one_ability(THEN)["do"] == [
        {"op": "draw", "n": 1},
        {"op": "discard", "n": 1},
        play_from("outside"),
    ]
    assert one_ability(DRAW_FIRST)["do"] == [{"op": "draw", "n": 1}, play_from("hand")]


def test_UA_EFFECT_PLAY_read_you_may_play_one() -> None:
    may = f"[登場時]{OUTSIDE_GREEN.replace('1枚まで', '1枚').replace('させる', 'させてもよい')}。"
    assert one_ability(may)["do"] == [play_from("outside")]  # one or none: "up to 1"
    assert not read_in_full(
        may.replace("1枚", "2枚"),  # "you may play 2": all or none? not read
        may.replace("1枚", "1枚まで"),
        # what happens "if you did" after it is checked without the card played: not read
        may.replace("。", "。そうした場合、カードを1枚引く。"),
    )


def test_UA_EFFECT_PLAY_read_with_a_bp_change_of_the_card_played() -> None:
    assert one_ability(PLAYED_BP)["do"] == [
        play_from("hand", rested=False),
        {"op": "bp", "amount": 1000, "until": "turn", "target": "chosen"},
    ]


def test_UA_EFFECT_PLAY_read_after_a_cost_into_the_outside_area() -> None:
    assert one_ability(RETIRE_COST)["cost"] == {"retire_self": True}
    assert one_ability(DISCARD_COST)["cost"] == {"discard": 1}
    zero = one_ability(ZERO)["do"][0]["target"]
    assert zero["energy_max"] == 0 and zero["not_name"] == "ミラ"


def test_UA_EFFECT_PLAY_chained_forms_that_stay_unread() -> None:
    assert not read_in_full(
        # "そうした場合" / "その後" with nothing before them
        f"[登場時]そうした場合、{OUTSIDE_GREEN}。",
        f"[登場時]その後、{OUTSIDE_GREEN}。",
        # required energy exactly 1: not "1 or less"
        "[登場時]自分の場外から必要エナジーが1の緑のキャラカードを1枚まで自分の場にレストで登場させる。",
        # something else given to the card played, or a BP change with no duration
        "[登場時]自分の手札から緑のキャラカードを1枚まで自分の場に"
        "アクティブで登場させ、そのキャラにこのターン中、[インパクト(1)]を与える。",
        "[登場時]自分の手札から緑のキャラカードを1枚まで自分の場にアクティブで登場させ、"
        "そのキャラはBP+1000。",
        # a draw after the play: the check would read the hand without it
        f"[登場時]{HAND_GREEN}。カードを1枚引く。",
    )


# -- the engine ----------------------------------------------------------------------------------


def may_scene() -> LogBuilder:
    """A's turn-3 main phase: A-1 (MAY_THEN) is played; A-2 is a green card in the hand."""
    cards = [texted("T-SOWER", MAY_THEN), green()]
    b = board_at_turn_3(cards, ["T-SOWER", "T-SPROUT"], [], phase="main")
    return b.play("A", "A-1", to="front_line")


def test_UA_EFFECT_PLAY_the_card_just_discarded_is_played_if_you_did() -> None:
    b = may_scene().act(
        "A", "resolve", source="A-1", use=True, targets=["A-2", "A-2", {"to": "energy_line"}]
    )
    r = b.replay()
    assert verdict(r, b.last) == "legal", rules_broken(r, b.last)
    assert "UA-EFFECT-PLAY" in rules_applied(r, b.last)
    assert field_ids(r, "A", "energy_line") == ["A-2"]
    assert "A-2" not in player_state(r, "A")["outside"]
    # not used: nothing discarded, nothing played
    b = may_scene().act("A", "resolve", source="A-1", use=False)
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert field_ids(r, "A", "energy_line") == []
    # a card still in the hand is not in the outside area
    b = may_scene().act(
        "A", "resolve", source="A-1", use=True, targets=["A-3", "A-2", {"to": "energy_line"}]
    )
    r = b.replay()
    assert rules_broken(r, b.last) == ["UA-EFFECT-TARGETS"]


def test_UA_EFFECT_PLAY_after_that_the_card_discarded_first() -> None:
    cards = [texted("T-SOWER", THEN), green()]
    b = board_at_turn_3(cards, ["T-SOWER", "T-SPROUT"], [], phase="main")
    b.play("A", "A-1", to="front_line", targets=["A-2", "A-2", {"to": "front_line"}])
    r = b.replay()
    assert verdict(r, b.last) == "legal", rules_broken(r, b.last)
    assert field_ids(r, "A", "front_line") == ["A-1", "A-2"]
    assert field_unit(r, "A", "A-2")["rested"] is True


def test_UA_EFFECT_PLAY_the_card_played_gets_the_bp_change() -> None:
    cards = [texted("T-SOWER", PLAYED_BP), green(bp=3000)]
    b = board_at_turn_3(cards, ["T-SOWER", "T-SPROUT"], [], phase="main")
    b.play("A", "A-1", to="front_line", targets=["A-2", {"to": "front_line"}])
    r = b.replay()
    assert verdict(r, b.last) == "legal", rules_broken(r, b.last)
    unit = field_unit(r, "A", "A-2")
    assert unit["rested"] is False and unit["bp"] == 4000


def retire_scene(text: str = RETIRE_COST, wanted: dict[str, Any] | None = None) -> LogBuilder:
    """A's turn-3 main phase: A-1 (``text``) and three others fill A's front line; A-5 (by
    default green, required energy 2) is put into the outside area by A-6's when played."""
    dump = free_character(
        "T-DUMP", effects=[{"when": "on_play", "do": [{"op": "discard", "n": 1}]}]
    )
    cards = [texted("T-SOWER", text), free_character("T-WALL"), dump, wanted or green()]
    deck = ["T-SOWER", "T-WALL", "T-WALL", "T-WALL", "T-SPROUT", "T-DUMP"]
    b = board_at_turn_3(cards, deck, [], a_front=("A-1", "A-2", "A-3", "A-4"), phase="main")
    return b.play("A", "A-6", to="energy_line", targets=["A-5"])


def test_UA_EFFECT_PLAY_after_the_cost_retired_its_card() -> None:
    # the cost takes A-1 off the full front line: the card played needs no room there
    b = retire_scene().act(
        "A", "activate", card="A-1", ability=1, targets=["A-5", {"to": "front_line"}]
    )
    r = b.replay()
    assert verdict(r, b.last) == "legal", rules_broken(r, b.last)
    assert field_ids(r, "A", "front_line") == ["A-2", "A-3", "A-4", "A-5"]
    assert player_state(r, "A")["outside"] == ["A-1"] and player_state(r, "A")["removal"] == []
    # making room in a line the cost emptied is wrong
    record = {"to": "front_line", "remove": ["A-2"]}
    b = retire_scene().act("A", "activate", card="A-1", ability=1, targets=["A-5", record])
    assert rules_broken(b.replay(), b.last) == ["UA-LINE-LIMIT"]


def test_UA_EFFECT_PLAY_required_energy_0() -> None:
    for energy, ok in (({}, True), ({"green": 1}, False)):
        b = retire_scene(ZERO, green(energy=energy))
        b.act("A", "activate", card="A-1", ability=1, targets=["A-5", {"to": "front_line"}])
        r = b.replay()
        assert (verdict(r, b.last) == "legal") is ok, rules_broken(r, b.last)
        assert ok or rules_broken(r, b.last) == ["UA-EFFECT-TARGETS"]


def test_UA_EFFECT_PLAY_the_card_a_cost_discarded() -> None:
    cards = [texted("T-SOWER", DISCARD_COST), green()]
    b = board_at_turn_3(cards, ["T-SOWER", "T-SPROUT"], [], a_front=("A-1",), phase="main")
    b.act(
        "A",
        "activate",
        card="A-1",
        ability=1,
        costs={"discard": ["A-2"]},
        targets=["A-2", {"to": "energy_line"}],
    )
    r = b.replay()
    assert verdict(r, b.last) == "legal", rules_broken(r, b.last)
    assert field_ids(r, "A", "energy_line") == ["A-2"]


# -- rendering -----------------------------------------------------------------------------------


def test_UA_EFFECT_PLAY_chained_rendered() -> None:
    out = render_card({"code": "X", "name": "X", "type": "character", "text": MAY_THEN})
    assert out["reading"] == [
        "On play: you may put 1 card from your hand into the outside area; if you did, choose "
        "up to 1 of your green character cards in your outside area; play it to your field "
        "(the front line or the energy line, your choice), rested (no AP paid, required energy "
        "not checked)."
    ]
    out = render_card({"code": "X", "name": "X", "type": "character", "text": PLAYED_BP})
    assert out["reading"][0].endswith(
        "active (no AP paid, required energy not checked); the card played gets BP +1000 "
        "until end of turn."
    )


# -- several cards: "N枚まで", and UA-EFFECT-PLAY-COUNT-INSTEAD ------------------------------------

MORE = (
    "[登場時]自分の場外から必要エナジーが0の緑のキャラカードを『1枚』まで自分の場にレストで"
    "登場させる。自分のフロントLに〈ミラ〉がある場合、『2枚』に代わる。"
)


def test_UA_EFFECT_PLAY_COUNT_INSTEAD_read_from_printed_text() -> None:
    (op,) = one_ability(MORE)["do"]
    assert op["target"]["count"] == 1 and op["target"]["up_to"] is True
    assert op["target"]["instead"] == {
        "if": {"side": "own", "zone": "front_line", "name": "ミラ"},
        "count": 2,
    }
    two = one_ability(f"[登場時]{HAND_GREEN.replace('1枚まで', '2枚まで')}。")
    assert two["do"][0]["target"]["count"] == 2
    assert not read_in_full(
        # two cards that must be chosen; a count that becomes fewer; a BP change of "that" one
        f"[登場時]{OUTSIDE_GREEN.replace('1枚まで', '2枚')}。",
        MORE.replace("『2枚』に代わる", "『1枚』に代わる").replace("『1枚』まで", "『2枚』まで"),
        "[登場時]自分の手札から緑のキャラカードを2枚まで自分の場にアクティブで登場させ、"
        "そのキャラはこのターン中、BP+1000。",
    )


def more_scene(with_mira: bool, front: tuple[str, ...] = ()) -> LogBuilder:
    """A's turn-3 main phase: A-3 and A-4 (green, required energy 0) are in the outside area
    (A-5's when played discards them); 〈ミラ〉 (A-2) is in A's front line if ``with_mira``,
    with ``front``; A-1 has MORE."""
    dump = free_character(
        "T-DUMP", effects=[{"when": "on_play", "do": [{"op": "discard", "n": 2}]}]
    )
    cards = [texted("T-SOWER", MORE), free_character("T-MIRA", name="ミラ"), green(energy={})]
    cards += [dump, free_character("T-WALL")]
    deck = ["T-SOWER", "T-MIRA", "T-SPROUT", "T-SPROUT", "T-DUMP", "T-WALL", "T-WALL"]
    a_front = (("A-2",) if with_mira else ()) + front
    b = board_at_turn_3(cards, deck, [], a_front=a_front, phase="main")
    return b.play("A", "A-5", to="energy_line", targets=["A-3", "A-4"])


def test_UA_EFFECT_PLAY_COUNT_INSTEAD_two_while_the_condition_holds() -> None:
    both = ["A-3", "A-4", {"to": "energy_line"}, {"to": "front_line"}]
    b = more_scene(True).play("A", "A-1", to="front_line", targets=both)
    r = b.replay()
    assert verdict(r, b.last) == "legal", rules_broken(r, b.last)
    assert "UA-EFFECT-PLAY-COUNT-INSTEAD" in rules_applied(r, b.last)
    assert field_ids(r, "A", "energy_line") == ["A-5", "A-3"]
    assert field_ids(r, "A", "front_line") == ["A-2", "A-1", "A-4"]
    # without 〈ミラ〉 in the front line: up to one
    b = more_scene(False).play("A", "A-1", to="front_line", targets=both)
    r = b.replay()
    assert rules_broken(r, b.last) == ["UA-EFFECT-TARGETS"]
    b = more_scene(False).play("A", "A-1", to="front_line", targets=["A-3", {"to": "front_line"}])
    r = b.replay()
    assert verdict(r, b.last) == "legal", rules_broken(r, b.last)
    assert field_ids(r, "A", "front_line") == ["A-1", "A-3"]


def test_UA_EFFECT_PLAY_the_second_card_into_a_line_the_first_filled() -> None:
    # A-2, A-6, A-1: the first card played makes four, the second needs room
    first = {"to": "front_line"}
    for removed, broken in (("A-3", []), ("A-6", []), ("A-4", ["UA-LINE-LIMIT"])):
        second = {"to": "front_line", "remove": [removed]}
        b = more_scene(True, ("A-6",))
        b.play("A", "A-1", to="front_line", targets=["A-3", "A-4", first, second])
        r = b.replay()
        assert rules_broken(r, b.last) == broken, removed
        if not broken:
            assert player_state(r, "A")["removal"] == [removed]
            assert len(field_ids(r, "A", "front_line")) == 4
    # the first into the energy line: the front line has room for the second
    b = more_scene(True, ("A-6",))
    record = {"to": "front_line", "remove": ["A-3"]}
    b.play("A", "A-1", to="front_line", targets=["A-3", "A-4", {"to": "energy_line"}, record])
    assert set(rules_broken(b.replay(), b.last)) == {"UA-LINE-LIMIT"}


def test_UA_EFFECT_PLAY_COUNT_INSTEAD_rendered() -> None:
    out = render_card({"code": "X", "name": "X", "type": "character", "text": MORE})
    assert out["reading"] == [
        "On play: choose up to 1 of your green character cards in your outside area with "
        "required energy 0 or less (2 instead of 1 if your front line has a card named <ミラ>); "
        "play them to your field (the front line or the energy line, your choice), rested (no "
        "AP paid, required energy not checked)."
    ]


# -- a card put on the bottom of the deck first; UA-EFFECT-PLAY-QUIET -----------------------------

QUIET = (
    "[起動メイン][フロントLにある場合] [ターン1]自分の場の他の［特徴：灯守］を1枚自分の山札の下に"
    "置く。そうした場合、自分の場外から〈ミラ〉以外の必要エナジーが3以下で消費APが1の紫の"
    "［特徴：灯守］を1枚まで自分の場にレストで登場させる。この効果で登場したキャラの[登場時]は"
    "発動しない。"
)


def test_UA_EFFECT_PLAY_QUIET_read_from_printed_text() -> None:
    effect = one_ability(QUIET, name="ミラ")
    assert effect["where"] == "front_line" and effect["once_per_turn"] is True
    bottom, play = effect["do"]
    assert bottom == {
        "op": "to_deck_bottom",
        "target": {
            "side": "own",
            "zone": "field",
            "trait": "灯守",
            "other": True,
            "count": 1,
            "if_able": True,
        },
    }
    assert play["if_done"] is True and play["when_played"] is False
    assert play["target"]["not_name"] == "ミラ" and play["target"]["zone"] == "outside"
    assert not read_in_full(
        # the sentence alone, with nothing played before it
        "[登場時]この効果で登場したキャラの[登場時]は発動しない。",
        # the opponent's card to one's own deck
        "[登場時]相手の場のキャラを1枚自分の山札の下に置く。",
    )


def quiet_scene(front: tuple[str, ...] = ()) -> LogBuilder:
    """A's turn-3 main phase: A-1 (QUIET, named 〈ミラ〉) and A-2 (a [灯守]) in A's front line,
    with ``front``; A-3 (a purple [灯守] that draws when played) put into the outside area by
    A-4's when played."""
    seeker = card("T-SEEK", color="purple", energy={"purple": 3}, ap=1, traits=["灯守"])
    seeker = {
        **{k: v for k, v in seeker.items() if k != "effects"},
        "text": "[登場時]カードを1枚引く。",
    }
    dump = free_character(
        "T-DUMP", effects=[{"when": "on_play", "do": [{"op": "discard", "n": 1}]}]
    )
    cards = [texted("T-SOWER", QUIET, name="ミラ"), free_character("T-KIN", traits=["灯守"])]
    cards += [seeker, dump, free_character("T-WALL")]
    deck = ["T-SOWER", "T-KIN", "T-SEEK", "T-DUMP", "T-WALL", "T-WALL"]
    b = board_at_turn_3(cards, deck, [], a_front=("A-1", "A-2", *front), phase="main")
    return b.play("A", "A-4", to="energy_line", targets=["A-3"])


def test_UA_EFFECT_PLAY_QUIET_its_when_played_effects_do_not_activate() -> None:
    before = player_state(quiet_scene().replay(), "A")
    hand, deck = len(before["hand"]), before["deck"]
    b = quiet_scene().act(
        "A", "activate", card="A-1", ability=1, targets=["A-2", "A-3", {"to": "front_line"}]
    )
    r = b.replay()
    assert verdict(r, b.last) == "legal", rules_broken(r, b.last)
    assert "UA-EFFECT-PLAY-QUIET" in rules_applied(r, b.last)
    assert "UA-EFFECT-PLAY-WHEN-PLAYED" not in rules_applied(r, b.last)
    assert field_ids(r, "A", "front_line") == ["A-1", "A-3"]
    assert player_state(r, "A")["deck"] == deck + 1  # A-2 on its bottom
    assert len(player_state(r, "A")["hand"]) == hand  # nothing drawn


def test_UA_EFFECT_PLAY_room_made_by_the_card_put_on_the_deck_bottom() -> None:
    # A-1, A-2, A-5, A-6: a full front line; A-2 leaves it before the play
    b = quiet_scene(("A-5", "A-6")).act(
        "A", "activate", card="A-1", ability=1, targets=["A-2", "A-3", {"to": "front_line"}]
    )
    r = b.replay()
    assert verdict(r, b.last) == "legal", rules_broken(r, b.last)
    assert field_ids(r, "A", "front_line") == ["A-1", "A-5", "A-6", "A-3"]
    assert player_state(r, "A")["removal"] == []
    # none put on the bottom (one could be): the play does not happen either
    b = quiet_scene().act("A", "activate", card="A-1", ability=1, targets=[])
    r = b.replay()
    assert rules_broken(r, b.last) == ["UA-EFFECT-TARGETS"]


def test_UA_EFFECT_PLAY_QUIET_rendered() -> None:
    out = render_card({"code": "X", "name": "ミラ", "type": "character", "text": QUIET})
    assert out["reading"][0].endswith(
        "rested (no AP paid, required energy not checked); its when-played effects do not activate."
    )


# -- "必要エナジーを満たし": the required energy met; a play among listed effects ---------------------

MET = (
    "[登場時]以下から1つ選ぶ。\n"
    "・自分の場外から必要エナジーを満たし消費APが1の〈カナ〉を1枚まで自分の場にレストで登場させる。\n"
    "・カードを1枚引く。"
)


def test_UA_EFFECT_PLAY_energy_met_read_from_printed_text() -> None:
    (modes,) = one_ability(MET)["do"]
    play = modes["modes"][0][0]
    assert play["target"] == {
        "side": "own",
        "zone": "outside",
        "energy_met": True,
        "ap_cost": 1,
        "name": "カナ",
        "count": 1,
        "up_to": True,
    }
    assert not read_in_full(
        # a cost that rests this card may change what the energy line generates
        "[起動メイン][レストにする]自分の場外から必要エナジーを満たし消費APが1の〈カナ〉を1枚まで"
        "自分の場にレストで登場させる。",
        # two cards: the second read with the first on the field
        "[登場時]自分の場外から必要エナジーを満たし消費APが1の〈カナ〉を2枚まで自分の場にレストで"
        "登場させる。",
        # "満たしている": another wording
        "[登場時]自分の手札から必要エナジーを満たしている緑のキャラカードを1枚まで自分の場に"
        "レストで登場させる。",
    )


def met_scene(energy: tuple[str, ...]) -> LogBuilder:
    """A's turn-3 main phase: 〈カナ〉 (A-2, 2 red energy, AP 1) is put into the outside area by
    A-3's when played; A's energy line holds ``energy`` (red cards generating 1 red each)."""
    kana = card("T-KANA", name="カナ", color="red", energy={"red": 2}, ap=1)
    dump = free_character(
        "T-DUMP", effects=[{"when": "on_play", "do": [{"op": "discard", "n": 1}]}]
    )
    red = free_character("T-RED", color="red")
    cards = [texted("T-SOWER", MET), kana, dump, red]
    deck = ["T-SOWER", "T-KANA", "T-DUMP", "T-RED", "T-RED"]
    b = board_at_turn_3(cards, deck, [], a_energy=energy, phase="main")
    return b.play("A", "A-3", to="front_line", targets=["A-2"])


def test_UA_EFFECT_PLAY_energy_met_checked_as_the_effect_resolves() -> None:
    targets = [{"modes": [1]}, "A-2", {"to": "front_line"}]
    b = met_scene(("A-4", "A-5")).play("A", "A-1", to="front_line", targets=targets)
    r = b.replay()
    assert verdict(r, b.last) == "legal", rules_broken(r, b.last)
    assert field_ids(r, "A", "front_line") == ["A-3", "A-1", "A-2"]
    # one red energy: 〈カナ〉 needs two
    b = met_scene(("A-4",)).play("A", "A-1", to="front_line", targets=targets)
    r = b.replay()
    assert verdict(r, b.last) == "illegal"
    assert rules_broken(r, b.last) == ["UA-EFFECT-PLAY"]
    assert field_unit(r, "A", "A-2") is None
    # the other listed effect: a draw
    b = met_scene(("A-4",)).play("A", "A-1", to="front_line", targets=[{"modes": [2]}])
    assert verdict(b.replay(), b.last) == "legal"


def test_UA_EFFECT_PLAY_energy_met_rendered() -> None:
    out = render_card({"code": "X", "name": "X", "type": "character", "text": MET})
    assert (
        "play it to your field (the front line or the energy line, your choice), rested (no AP "
        "paid, its required energy met by your energy line)"
    ) in out["reading"][0]


def test_UA_EFFECT_PLAY_the_card_under_the_card_a_cost_retired() -> None:
    """A raided card retired as the cost: its raid base goes to the outside area with it, and
    the play may take it from there (UA-RAID-LEAVE)."""
    raider = texted("T-RAIDER", RETIRE_COST, raid={"onto": {"name": "T-BASE"}}, ap=1)
    cards = [green("T-BASE", energy={}), raider]
    b = board_at_turn_3(cards, ["T-BASE", "T-RAIDER"], [], a_front=("A-1",), phase="main")
    b.act("A", "raid", card="A-2", onto="A-1")
    b.act("A", "activate", card="A-2", ability=1, targets=["A-1", {"to": "energy_line"}])
    r = b.replay()
    assert verdict(r, b.last) == "legal", rules_broken(r, b.last)
    assert field_ids(r, "A", "energy_line") == ["A-1"]
    assert player_state(r, "A")["outside"] == ["A-2"]


def test_UA_EFFECT_PLAY_the_card_under_the_card_put_on_the_deck_bottom() -> None:
    """A raided [灯守] put on the bottom of the deck: its raid base goes to the outside area
    (UA-EFFECT-DECK-BOTTOM, UA-RAID-LEAVE), where the play may take it."""
    base = card("T-BASE", color="purple", ap=1, traits=["灯守"])
    raider = free_character("T-UP", traits=["灯守"], raid={"onto": {"name": "T-BASE"}}, ap=1)
    cards = [texted("T-SOWER", QUIET, name="ミラ"), base, raider]
    deck = ["T-SOWER", "T-BASE", "T-UP"]
    b = board_at_turn_3(cards, deck, [], a_front=("A-1", "A-2"), phase="main")
    b.act("A", "raid", card="A-3", onto="A-2")
    b.act("A", "activate", card="A-1", ability=1, targets=["A-3", "A-2", {"to": "energy_line"}])
    r = b.replay()
    assert verdict(r, b.last) == "legal", rules_broken(r, b.last)
    assert field_ids(r, "A", "energy_line") == ["A-2"]
    assert field_ids(r, "A", "front_line") == ["A-1"]
