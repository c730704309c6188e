"""Union Arena: sentences that differ from a shape already read by a particle or a word, read
only when the meaning is exactly the same, on made-up cards: "自分の山札の上から3枚場外に
置く。" (を left out, UA-EFFECT-DECK-TO-OUTSIDE) and a name or trait taken from the outside
area with a colour or a required energy before it (UA-EFFECT-TARGETS)."""

from __future__ import annotations

from typing import Any

from judge.games.union_arena.reader import read_card
from judge.games.union_arena.render import render_card
from judge.games.union_arena.testing import (
    LogBuilder,
    board_at_turn_3,
    effects_of,
    field_ids,
    field_unit,
    free_character,
    player_state,
    rules_applied,
    rules_broken,
    texted,
    verdict,
)


def shown(text: str) -> str:
    """The English reading ``judge cards show`` prints of a made-up card with ``text``."""
    out = render_card(texted("T-SHW", text))
    assert out["understood"]
    return " ".join(out["reading"])


def assert_unread(*texts: str) -> None:
    """Each of ``texts``, on a made-up character, is not read in full."""
    for text in texts:
        assert not read_card({"type": "character", "text": text}).understood, text


def only_effect(text: str) -> dict[str, Any]:
    (effect,) = effects_of(text)
    return effect


# -- the deck's top cards, without を -------------------------------------------------------------

NO_PARTICLE = "[登場時]自分の山札の上から3枚場外に置く。"


def test_UA_EFFECT_DECK_TO_OUTSIDE_without_the_particle_only_that_wording() -> None:
    """UA-EFFECT-DECK-TO-OUTSIDE: "自分の山札の上からN枚を場外に置く" (read without を too:
    test_reader_zone_moves.py); the optional form only with を, and only one's own deck."""
    assert_unread(
        "[登場時]自分の山札の上から3枚場外に置いてもよい。",  # optional: only with を
        "[登場時]相手の山札の上から3枚場外に置く。",
        "[登場時]自分の山札の上から3枚の場外に置く。",
    )


def test_UA_EFFECT_DECK_TO_OUTSIDE_without_the_particle_no_other_cards_go() -> None:
    """UA-EFFECT-DECK-TO-OUTSIDE: "the top cards of the player's deck go, face up, into their
    outside area; there is no choice": a record naming other cards than the top 3 is illegal."""
    b = LogBuilder([texted("T-MIL", NO_PARTICLE)], deck_a=["T-MIL"] * 50, mode="seeded")
    b.setup(first="A").proceed("A")
    from judge.core.replay import position

    ps = position(b.doc).state.players["A"]
    deck, hand = list(ps.deck), list(ps.hand)
    b.play("A", hand[0], to="front_line", targets=[{"outside": [deck[0], deck[1], deck[3]]}])
    r = b.replay()
    assert rules_broken(r, b.last) == ["UA-EFFECT-DECK-TO-OUTSIDE"]


def test_UA_EFFECT_DECK_TO_OUTSIDE_without_the_particle_renders() -> None:
    assert shown(NO_PARTICLE) == "On play: put the top 3 cards of your deck into your outside area."


# -- a name or trait from the outside area, with a colour or a required energy -------------------

COLOURED = "[起動メイン][手札を1枚場外に置く]自分の場外から青の[特徴:灯守]を1枚まで手札に加える。"
LOW = "[起動メイン][手札を1枚場外に置く]自分の場外から必要エナジーが2以下の〈ミラ〉を1枚まで手札に加える。"


def test_UA_EFFECT_TARGETS_outside_noun_with_colour_or_energy_read() -> None:
    """UA-EFFECT-TARGETS: "Name, trait and colour apply to cards in any zone the effect looks at
    (hand and outside area included), and so do … a required energy off the field"."""
    take = only_effect(COLOURED)["do"][0]
    assert take == {
        "op": "to_hand",
        "target": {
            "side": "own",
            "zone": "outside",
            "trait": "灯守",
            "color": "blue",
            "count": 1,
            "up_to": True,
        },
    }
    take = only_effect("[退場時]自分の場外から必要エナジーが2以下の〈ミラ〉を1枚手札に加える。")[
        "do"
    ][0]
    assert take["target"] == {
        "side": "own",
        "zone": "outside",
        "name": "ミラ",
        "energy_max": 2,
        "count": 1,
        "if_able": True,
    }
    both = only_effect(
        "[登場時]自分の場外から必要エナジーが3以下の赤の[特徴:灯守]を1枚まで手札に加える。"
    )
    assert {k: both["do"][0]["target"][k] for k in ("trait", "color", "energy_max")} == {
        "trait": "灯守",
        "color": "red",
        "energy_max": 3,
    }
    assert_unread(
        "[登場時]自分の場外から青の〈ミラ〉か[特徴:灯守]を1枚まで手札に加える。",  # alternatives
        "[登場時]自分の場外から必要エナジーが2以上の〈ミラ〉を1枚まで手札に加える。",  # at least
        "[登場時]自分の場外からBP3000以下の〈ミラ〉を1枚まで手札に加える。",  # BP off the field
        "[登場時]自分の場外から青い[特徴:灯守]を1枚まで手札に加える。",
    )


def _board(text: str, cards: list[dict[str, Any]], discard: str, take: str) -> Any:
    cards = [texted("T-TAK", text), *cards]
    codes = [c["code"] for c in cards]
    b = board_at_turn_3(cards, codes, [], a_front=("A-1",), phase="main")
    b.act("A", "activate", card="A-1", ability=1, costs={"discard": [discard]})
    b.act("A", "resolve", source="A-1", targets=[take])
    return b, b.replay()


def test_UA_EFFECT_TARGETS_outside_colour_and_trait_both_checked() -> None:
    """UA-EFFECT-TARGETS: "A target that does not fit makes the choice illegal": a blue card
    with the trait fits; a red one with it, or a blue one without it, does not."""
    cards = [
        free_character("T-BLU", color="blue", traits=["灯守"]),
        free_character("T-RED", color="red", traits=["灯守"]),
        free_character("T-BAR", color="blue"),
    ]
    b, r = _board(COLOURED, cards, "T-BLU", "T-BLU")
    assert verdict(r, b.last) == "legal", rules_broken(r, b.last)
    assert player_state(r, "A")["outside"] == []
    for code in ("T-RED", "T-BAR"):
        b, r = _board(COLOURED, cards, code, code)
        assert verdict(r, b.last) == "illegal", code
        assert rules_broken(r, b.last) == ["UA-EFFECT-TARGETS"], code


def test_UA_EFFECT_TARGETS_outside_name_and_required_energy_both_checked() -> None:
    """UA-EFFECT-TARGETS: "a required energy off the field" is the card's printed required
    energy: <ミラ> requiring 2 fits, <ミラ> requiring 3 and another name do not."""
    cards = [
        free_character("T-LOW", name="ミラ", energy={"blue": 2}),
        free_character("T-HIG", name="ミラ", energy={"blue": 3}),
        free_character("T-OTH", energy={"blue": 1}),
    ]
    b, r = _board(LOW, cards, "T-LOW", "T-LOW")
    assert verdict(r, b.last) == "legal", rules_broken(r, b.last)
    for code in ("T-HIG", "T-OTH"):
        b, r = _board(LOW, cards, code, code)
        assert verdict(r, b.last) == "illegal", code
        assert rules_broken(r, b.last) == ["UA-EFFECT-TARGETS"], code


def test_UA_EFFECT_TARGETS_outside_noun_renders() -> None:
    assert "choose up to 1 of your blue cards in your outside area with [灯守]" in shown(COLOURED)
    assert (
        "choose up to 1 of your cards in your outside area named <ミラ> with required energy 2 "
        "or less"
    ) in shown(LOW)


# -- "[ターン1]" before an optional first sentence ---------------------------------------------------

MAY_ONCE = "[アタック時][ターン1]自分の手札を1枚場外に置いてもよい。そうした場合、カードを2枚引く。"


def test_UA_EFFECT_MAY_DISCARD_read_once_per_turn() -> None:
    """UA-EFFECT-MAY-DISCARD with UA-TRIGGER-ONCE: "[ターン1]" makes the optional ability once
    per turn; the rest reads as without it."""
    assert only_effect(MAY_ONCE) == {
        "when": "on_attack",
        "once_per_turn": True,
        "optional": True,
        "do": [{"op": "discard", "n": 1}, {"op": "draw", "n": 2, "if_done": True}],
    }
    paid = only_effect("[アタック時][ターン1]APを1支払ってもよい。そうした場合、カードを1枚引く。")
    assert paid["once_per_turn"] and paid["optional"] and paid["cost"] == {"ap": 1}
    milled = only_effect(
        "[退場時][ターン1]自分の山札の上から1枚を場外に置いてもよい。そうした場合、カードを1枚引く。"
    )
    assert milled["once_per_turn"] and milled["do"][0] == {"op": "mill", "n": 1}
    assert_unread(  # another tag before it: not read
        "[アタック時][フロントLにある場合]自分の手札を1枚場外に置いてもよい。そうした場合、カードを2枚引く。",
        "[アタック時][ターン2]自分の手札を1枚場外に置いてもよい。そうした場合、カードを2枚引く。",
    )
    assert shown(MAY_ONCE) == (
        "When this attacks (once per turn): you may put 1 card from your hand into the outside "
        "area; if you did, draw 2 cards."
    )


def _double_attacker() -> Any:
    cards = [texted("T-TWC", MAY_ONCE, bp=1000, keywords=["double attack"])]
    return board_at_turn_3(cards, ["T-TWC"], [], a_front=("A-1",))


def test_UA_TRIGGER_ONCE_optional_discard_used_does_not_trigger_again() -> None:
    """UA-TRIGGER-ONCE: a once-per-turn triggered effect "triggers once a turn": used at the
    first attack (a card discarded, two drawn), it does not trigger at the second."""
    from judge.games.union_arena.testing import cards_drawn

    b = _double_attacker()  # observed mode: A's hand is named by code (filler T-000)
    b.attack("A", "A-1").act("A", "resolve", source="A-1", use=True, targets=["T-000"])
    used = b.last
    b.block("B").act("A", "pick_life", cards=[1]).attack("A", "A-1")
    r = b.replay()
    assert r["summary"]["illegal_steps"] == []
    assert cards_drawn(r, used) == 2
    assert len(player_state(r, "A")["outside"]) == 1
    assert "UA-TRIGGER-ONCE" in rules_applied(r, b.last)
    assert cards_drawn(r, b.last) == 0


def test_UA_TRIGGER_ONCE_DECLINED_optional_discard_declined_triggers_again() -> None:
    """UA-TRIGGER-ONCE-DECLINED: "by default it may trigger again the same turn"."""
    from judge.games.union_arena.testing import cards_drawn

    b = _double_attacker()
    b.attack("A", "A-1").act("A", "resolve", source="A-1", use=False)
    declined = b.last
    b.block("B").act("A", "pick_life", cards=[1]).attack("A", "A-1")
    b.act("A", "resolve", source="A-1", use=True, targets=["T-000"])
    r = b.replay()
    assert r["summary"]["illegal_steps"] == []
    assert "UA-TRIGGER-ONCE-DECLINED" in rules_applied(r, declined)
    assert cards_drawn(r, b.last) == 2


# -- "自分の手札の〈X〉を1枚場外に置いてもよい" ------------------------------------------------------------

MAY_TRAIT = "[登場時]自分の手札の[特徴:灯守]を1枚場外に置いてもよい。そうした場合、このキャラをアクティブにする。"


def test_UA_EFFECT_MAY_DISCARD_a_card_of_a_kind_read() -> None:
    """UA-EFFECT-MAY-DISCARD: "自分の手札の〈X〉を1枚場外に置いてもよい。そうした場合、…" (also
    [特徴:X], a card type, with a colour or a required energy before it)."""
    assert only_effect(MAY_TRAIT) == {
        "when": "on_play",
        "optional": True,
        "do": [
            {"op": "discard", "n": 1, "card": {"trait": "灯守"}},
            {"op": "activate", "target": "self", "if_done": True},
        ],
    }
    named = only_effect(
        "[アタック時]自分の手札の〈ミラ〉を1枚場外に置いてもよい。そうした場合、カードを1枚引く。"
    )
    assert named["do"][0] == {"op": "discard", "n": 1, "card": {"name": "ミラ"}}
    typed = only_effect(
        "[登場時]自分の手札の赤のイベントカードを1枚場外に置いてもよい。そうした場合、カードを1枚引く。"
    )
    assert typed["do"][0]["card"] == {"card_type": "event", "color": "red"}
    assert_unread(
        "[登場時]自分の手札の〈ミラ〉か〈イロ〉を1枚場外に置いてもよい。そうした場合、カードを1枚引く。",
        "[登場時]自分の手札のBP3000以下の〈ミラ〉を1枚場外に置いてもよい。そうした場合、カードを1枚引く。",
        "[登場時]自分の手札の〈ミラ〉を1枚場外に置いてもよい。カードを1枚引く。",
    )
    assert shown(MAY_TRAIT) == (
        "On play: you may put 1 card with [灯守] from your hand into the outside area; "
        "if you did, make this card active."
    )


def _may_trait(use: bool, targets: list[Any]) -> Any:
    cards = [
        texted("T-MAY", MAY_TRAIT),
        free_character("T-TOM", traits=["灯守"]),
        free_character("T-OTH", traits=["別"]),
    ]
    b = board_at_turn_3(cards, ["T-MAY", "T-TOM", "T-OTH"], [], phase="main")
    b.play("A", "A-1", to="front_line").act("A", "resolve", source="A-1", use=use, targets=targets)
    return b, b.replay()


def test_UA_EFFECT_MAY_DISCARD_the_card_put_must_be_of_the_kind() -> None:
    """UA-EFFECT-MAY-DISCARD: "the cards put must be such cards (UA-EFFECT-TARGETS)": a hand
    card with the trait makes the character active; one without it is illegal."""
    b, r = _may_trait(True, ["T-TOM"])
    assert verdict(r, b.last) == "legal", rules_broken(r, b.last)
    assert player_state(r, "A")["outside"] == ["A-2"]
    assert "A-1" in field_ids(r, "A", "front_line", b.last)
    unit = field_unit(r, "A", "A-1", b.last)
    assert unit is not None and not unit["rested"]
    b, r = _may_trait(True, ["T-OTH"])
    assert verdict(r, b.last) == "illegal"
    assert rules_broken(r, b.last) == ["UA-EFFECT-TARGETS"]
    b, r = _may_trait(False, [])
    assert verdict(r, b.last) == "legal"
    unit = field_unit(r, "A", "A-1", b.last)
    assert unit is not None and unit["rested"]


# -- a card of the outside area on top of the deck (UA-EFFECT-OUTSIDE-TO-DECK-TOP) -----------------
# test_reader_zone_moves.py reads, renders and judges it; here what it does not assert.


def test_UA_EFFECT_OUTSIDE_TO_DECK_TOP_without_made_one_if_there_is_one() -> None:
    """UA-EFFECT-OUTSIDE-TO-DECK-TOP: "(…; without "まで", one if there is one)"; the card is
    chosen "among the controller's own outside area" and goes "on top of their deck": neither
    the opponent's outside area nor the opponent's deck is read."""
    one = only_effect("[登場時]自分の場外から〈ミラ〉を1枚自分の山札の上に置く。")["do"][0]
    assert one["target"]["if_able"] is True and "up_to" not in one["target"]
    assert_unread(
        "[登場時]自分の場外から〈ミラ〉を1枚まで相手の山札の上に置く。",
        "[登場時]相手の場外から〈ミラ〉を1枚まで自分の山札の上に置く。",
    )


def test_UA_EFFECT_OUTSIDE_TO_DECK_TOP_a_card_a_cost_put_there() -> None:
    """UA-EFFECT-OUTSIDE-TO-DECK-TOP: "the card is chosen among the controller's own outside
    area … a card … that does not meet the condition, is illegal (UA-EFFECT-TARGETS)": a card
    the activation's cost put into the outside area may be named, and it is then the deck's
    top card; one of another colour may not."""
    text = "[起動メイン][手札を1枚場外に置く]自分の場外から青の[特徴:灯守]を1枚まで自分の山札の上に置く。"
    cards = [
        free_character("T-BLU", color="blue", traits=["灯守"]),
        free_character("T-RED", color="red", traits=["灯守"]),
    ]
    b, r = _board(text, cards, "T-BLU", "T-BLU")
    assert verdict(r, b.last) == "legal", rules_broken(r, b.last)
    assert "UA-EFFECT-OUTSIDE-TO-DECK-TOP" in rules_applied(r, b.last)
    assert player_state(r, "A")["outside"] == []
    from judge.core.replay import position

    assert position(b.doc).state.players["A"].deck[0] == "A-2"
    b, r = _board(text, cards, "T-RED", "T-RED")
    assert rules_broken(r, b.last) == ["UA-EFFECT-TARGETS"]


def test_UA_EFFECT_OUTSIDE_TO_DECK_TOP_the_outside_area_nouns() -> None:
    """UA-EFFECT-OUTSIDE-TO-DECK-TOP: "conditions as a look's take …": the outside area's nouns
    with an AP cost or another name excluded (UA-EFFECT-TARGETS) are read there too."""
    target = only_effect(
        "[登場時]自分の場外から必要エナジーが3以下で消費APが1の[特徴:灯守]を1枚まで自分の山札の上に置く。"
    )["do"][0]["target"]
    assert {k: target[k] for k in ("trait", "energy_max", "ap_cost")} == {
        "trait": "灯守",
        "energy_max": 3,
        "ap_cost": 1,
    }


# -- treated as two names ------------------------------------------------------------------------

TWO_NAMES = "このカードは〈ミラ〉としても〈イロ〉としても扱う。"


def test_UA_EFFECT_TARGETS_also_treated_as_two_names_read() -> None:
    """UA-EFFECT-TARGETS: "<Name> is a card with that name, counting a card whose text says
    "This card is also treated as <Name>"": printed with two names, it is treated as both."""
    reading = read_card({"type": "character", "text": TWO_NAMES})
    assert reading.understood and reading.also_treated_as == ("ミラ", "イロ")
    assert_unread(
        "このカードは〈ミラ〉としても〈イロ〉として扱う。",
        "このカードは〈ミラ〉と〈イロ〉としても扱う。",
    )
    assert render_card(texted("T-TWO", TWO_NAMES))["reading"] == [
        "Also treated as <ミラ> and <イロ>."
    ]


def test_UA_EFFECT_TARGETS_also_treated_as_two_names_chosen_by_either() -> None:
    """UA-EFFECT-TARGETS: a choice of <イロ> (or <ミラ>) may name the card printed with both; a
    choice of another name may not."""
    for name, ok in (("イロ", True), ("ミラ", True), ("ソラ", False)):
        text = f"[起動メイン][手札を1枚場外に置く]自分の場外から〈{name}〉を1枚まで手札に加える。"
        b, r = _board(text, [texted("T-TWO", TWO_NAMES)], "T-TWO", "T-TWO")
        assert (verdict(r, b.last) == "legal") is ok, (name, rules_broken(r, b.last))


# -- the outside area: an AP cost, alternatives in brackets; a card just discarded ---------------------


def test_UA_EFFECT_TARGETS_outside_noun_ap_cost_and_alternatives_read() -> None:
    """UA-EFFECT-TARGETS: every stated condition; "消費APが1" (an AP cost of 1) and alternatives
    in brackets "〔〈X〉か〈Y〉〕" with a required energy before them."""
    take = only_effect(
        "[登場時]自分の場外から必要エナジーが3以下で消費APが1の[特徴:灯守]を1枚まで手札に加える。"
    )
    assert take["do"][0]["target"] == {
        "side": "own",
        "zone": "outside",
        "trait": "灯守",
        "ap_cost": 1,
        "energy_max": 3,
        "count": 1,
        "up_to": True,
    }
    take = only_effect(
        "[登場時]自分の場外から必要エナジーが3以下の〔〈ミラ〉か〈イロ〉〕を1枚まで手札に加える。"
    )
    assert take["do"][0]["target"]["any_of"] == [{"name": "ミラ"}, {"name": "イロ"}]
    assert take["do"][0]["target"]["energy_max"] == 3
    assert_unread(
        "[登場時]自分の場外から〔〈ミラ〉〕を1枚まで手札に加える。",  # brackets of one: not a form
        "[登場時]自分の場外から消費APが1以下の〈ミラ〉を1枚まで手札に加える。",
    )


def test_UA_EFFECT_TARGETS_outside_ap_cost_checked() -> None:
    """UA-EFFECT-TARGETS: "A target that does not fit makes the choice illegal": AP cost 1 fits,
    AP cost 2 does not."""
    text = "[起動メイン][手札を1枚場外に置く]自分の場外から消費APが1の[特徴:灯守]を1枚まで手札に加える。"
    cards = [
        free_character("T-ONE", traits=["灯守"], ap=1),
        free_character("T-TWO", traits=["灯守"], ap=2),
    ]
    b, r = _board(text, cards, "T-ONE", "T-ONE")
    assert verdict(r, b.last) == "legal", rules_broken(r, b.last)
    b, r = _board(text, cards, "T-TWO", "T-TWO")
    assert rules_broken(r, b.last) == ["UA-EFFECT-TARGETS"]


def test_UA_EFFECT_MAY_DISCARD_the_card_put_may_be_taken_back() -> None:
    """UA-EFFECT-MAY-DISCARD: "Using it puts that many chosen hand cards into the outside area
    …, and only then does the rest happen": a choice of the outside area after it may take the
    card just put there (by code or by instance)."""
    text = "[登場時]自分の手札を1枚場外に置いてもよい。そうした場合、自分の場外から[特徴:灯守]を1枚まで手札に加える。"
    cards = [texted("T-MAY", text), free_character("T-TOM", traits=["灯守"])]
    for targets, ok in (
        (["T-TOM", "T-TOM"], True),
        (["A-2", "A-2"], True),
        (["T-000", "T-TOM"], False),
    ):
        b = board_at_turn_3(cards, ["T-MAY", "T-TOM"], [], phase="main")
        b.play("A", "A-1", to="front_line").act(
            "A", "resolve", source="A-1", use=True, targets=targets
        )
        r = b.replay()
        assert (verdict(r, b.last) == "legal") is ok, (targets, rules_broken(r, b.last))
        assert ("A-2" in player_state(r, "A")["hand"]) is ok


def test_UA_EFFECT_TARGETS_outside_card_type_with_a_name_excluded() -> None:
    """UA-EFFECT-TARGETS: "〈X〉以外の必要エナジーが3以下のキャラカード" (a character card other
    than <X>, requiring 3 or less): each condition checked; <ミラ> and an event card do not
    fit."""
    text = "[起動メイン][手札を1枚場外に置く]自分の場外から〈ミラ〉以外の必要エナジーが3以下のキャラカードを1枚まで手札に加える。"
    assert only_effect(text)["do"][0]["target"] == {
        "side": "own",
        "zone": "outside",
        "card_type": "character",
        "energy_max": 3,
        "not_name": "ミラ",
        "count": 1,
        "up_to": True,
    }
    from judge.games.union_arena.testing import card

    cards = [
        free_character("T-OKC", energy={"blue": 2}),
        free_character("T-MIR", name="ミラ", energy={"blue": 1}),
        card("T-EVT", type="event", ap=0),
    ]
    for code, ok in (("T-OKC", True), ("T-MIR", False), ("T-EVT", False)):
        b, r = _board(text, cards, code, code)
        assert (verdict(r, b.last) == "legal") is ok, (code, rules_broken(r, b.last))
