"""Union Arena: a card you used this turn ("このターン中に自分が〈X〉を使用している", "〈X〉か〈Y〉",
"[特徴:X]", "手札から…"; UA-EFFECT-THIS-TURN-USED), read from made-up printed text and judged:
a character or field played from the hand, a raid and an event count; a card an effect plays
does not."""

from __future__ import annotations

from typing import Any

from judge.core.replay import position
from judge.games.union_arena.effects import supported
from judge.games.union_arena.reader import read_card
from judge.games.union_arena.testing import (
    board_at_turn_3,
    card,
    effects_of,
    field_unit,
    free_character,
    reading_words,
    rules_applied,
    rules_broken,
    texted,
    verdict,
)
from judge.games.union_arena.testing import cards_drawn as draws

USED_MIRA_SORA = {
    "side": "own",
    "zone": "this_turn",
    "used": {"any_of": [{"name": "ミラ"}, {"name": "ソラ"}]},
}
USED_LAMP = {"side": "own", "zone": "this_turn", "used": {"trait": "灯守"}}
DRAW = {"op": "draw", "n": 1}

MIRA_OR_SORA = "このターン中に自分が〈ミラ〉か〈ソラ〉を使用している"
LAMP_FROM_HAND = "このターン中に自分が手札から[特徴:灯守]を使用している"
ONLY_IF = f"[起動メイン]{MIRA_OR_SORA}場合のみ発動できる。カードを1枚引く。"
STATIC = f"[自分のターン中]{LAMP_FROM_HAND}場合、このキャラはBP+1000。"


# -- reading -----------------------------------------------------------------------------------


def test_UA_EFFECT_THIS_TURN_USED_read_from_printed_text() -> None:
    (effect,) = effects_of(ONLY_IF)
    assert effect == {"when": "activate_main", "only_if": USED_MIRA_SORA, "do": [DRAW]}
    (effect,) = effects_of(STATIC)
    (op,) = effect["do"]
    assert effect["when"] == "continuous"
    assert op["if"] == USED_LAMP and op["amount"] == 1000 and op["during"] == "own_turn"
    (effect,) = effects_of(
        "[アタック時]このターン中に自分が〈ミラ〉を使用している場合、カードを1枚引く。"
    )
    assert effect["do"] == [{**DRAW, "if": {**USED_LAMP, "used": {"name": "ミラ"}}}]
    words = reading_words(texted("T-R", ONLY_IF))
    assert (
        "you have used a card named <ミラ> or a card named <ソラ> from the hand this turn" in words
    )


def test_UA_EFFECT_THIS_TURN_USED_what_stays_unread() -> None:
    for text in (
        "[登場時]このターン中に相手が〈ミラ〉を使用している場合、カードを1枚引く。",
        "[登場時]このターン中に自分がキャラカードを使用している場合、カードを1枚引く。",
        "[登場時]このターン中に自分が山札から〈ミラ〉を使用している場合、カードを1枚引く。",
        "[登場時]このターン中に自分が〈ミラ〉を2枚使用している場合、カードを1枚引く。",
    ):
        assert not read_card(texted("T-READ", text)).understood, text
    # on an event's own text: the event itself, used before its effect resolves, would count
    own = "このターン中に自分が[特徴:灯守]を使用している場合、カードを1枚引く。"
    assert not read_card(texted("T-EV", own, type="event", traits=["灯守"])).understood


def test_UA_EFFECT_THIS_TURN_USED_supported_only_as_kept() -> None:
    assert supported({"when": "on_play", "do": [{**DRAW, "if": USED_LAMP}]})
    for odd in (
        {**USED_LAMP, "side": "opponent"},
        {**USED_LAMP, "used": {"trait": ""}},
        {**USED_LAMP, "used": {"type": "event"}},
        {**USED_LAMP, "used": {"name": "ミラ", "trait": "灯守"}},
        {**USED_LAMP, "used": {"any_of": [{"name": "ミラ"}]}},
        {**USED_LAMP, "min": 2},
    ):
        assert not supported({"when": "on_play", "do": [{**DRAW, "if": odd}]}), odd


# -- the engine --------------------------------------------------------------------------------


def used_scene(*more: dict[str, Any], **board: Any) -> Any:
    """A's turn-3 main phase: A's reader (A-1, ONLY_IF) on the front line, a character named
    ミラ (A-2) and an event named ソラ (A-3) in the hand, then ``more`` (A-4, ...)."""
    cards = [
        texted("T-SEER", ONLY_IF),
        free_character("T-MIRA", name="ミラ"),
        card("T-SORA", "event", name="ソラ", ap=0),
        *more,
        free_character("T-FOE"),
    ]
    deck = [c["code"] for c in cards[:-1]]
    return board_at_turn_3(cards, deck, ["T-FOE"], a_front=("A-1",), phase="main", **board)


def test_UA_EFFECT_THIS_TURN_USED_a_character_played_from_the_hand() -> None:
    b = used_scene().act("A", "activate", card="A-1", ability=1)
    assert rules_broken(b.replay(), b.last) == ["UA-EFFECT-ONLY-IF"]
    b = used_scene().play("A", "A-2", to="energy_line")
    assert position(b.log()).snapshot()["players"]["A"]["used"] == ["A-2"]
    b.act("A", "activate", card="A-1", ability=1)
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert "UA-EFFECT-ONLY-IF" in rules_applied(r, b.last)
    assert draws(r, b.last) == 1


def test_UA_EFFECT_THIS_TURN_USED_an_event_used() -> None:
    b = used_scene().play("A", "A-3").act("A", "activate", card="A-1", ability=1)
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert draws(r, b.last) == 1


def test_UA_EFFECT_THIS_TURN_USED_starts_anew_at_the_next_turn() -> None:
    b = used_scene().play("A", "A-2", to="energy_line")
    b.proceed("A", 2).pass_turn("B")
    b.act("B", "discard_to_limit", cards=["B-1"]).proceed("A")  # A's turn 5, main phase
    assert "used" not in position(b.log()).snapshot()["players"]["A"]
    b.act("A", "activate", card="A-1", ability=1)
    assert rules_broken(b.replay(), b.last) == ["UA-EFFECT-ONLY-IF"]


def lamp_scene(*more: dict[str, Any]) -> Any:
    """A's turn-3 main phase: A's lamp (A-1, STATIC, BP 2000) and a base named Base (A-2) on
    the front line, then ``more`` (A-3, ...) in the hand."""
    cards = [
        texted("T-LAMP", STATIC, bp=2000),
        free_character("T-BASE", name="Base"),
        *more,
        free_character("T-FOE"),
    ]
    deck = [c["code"] for c in cards[:-1]]
    return board_at_turn_3(cards, deck, ["T-FOE"], a_front=("A-1", "A-2"), phase="main")


def test_UA_EFFECT_THIS_TURN_USED_a_raid_counts_in_a_continuous_ability() -> None:
    raider = free_character("T-RAID", traits=["灯守"], raid={"onto": {"name": "Base"}})
    b = lamp_scene(raider)
    assert field_unit(b.replay(), "A", "A-1")["bp"] == 2000
    b.act("A", "raid", card="A-3", onto="A-2")
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert field_unit(r, "A", "A-1")["bp"] == 3000
    # a card without the trait: nothing changes
    b = lamp_scene(free_character("T-PLAIN")).play("A", "A-3", to="energy_line")
    assert field_unit(b.replay(), "A", "A-1")["bp"] == 2000


def test_UA_EFFECT_THIS_TURN_USED_a_card_an_effect_plays_is_not_used() -> None:
    """A-3 plays A-4 (green, with the trait) from the hand by its effect: not a use; A-5 (with
    the trait) played from the hand is."""
    sower = texted(
        "T-SOWER",
        "[登場時]自分の手札から必要エナジーが2以下で消費APが1の緑のキャラカードを1枚まで"
        "自分の場にレストで登場させる。",
    )
    sprout = card("T-SPROUT", color="green", energy={"green": 2}, ap=1, traits=["灯守"])
    b = lamp_scene(sower, sprout, free_character("T-LAMP2", traits=["灯守"]))
    b.play("A", "A-3", to="energy_line", targets=["A-4", {"to": "energy_line"}])
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert field_unit(r, "A", "A-4") is not None
    assert field_unit(r, "A", "A-1")["bp"] == 2000
    b.play("A", "A-5", to="energy_line")
    assert field_unit(b.replay(), "A", "A-1")["bp"] == 3000


# -- AP paid in this turn's attack phase (UA-EFFECT-THIS-TURN-ATTACK-AP) -------------------------

ATTACK_AP = {"side": "own", "zone": "this_turn", "attack_ap_paid": 1}
PAID_IN_ATTACK = "このターンのアタックフェイズ中に自分がAPを支払っている"
PAYER = "[アタック時]APを1支払ってもよい。そうした場合、カードを1枚引く。"


def test_UA_EFFECT_THIS_TURN_ATTACK_AP_read_from_printed_text() -> None:
    (effect,) = effects_of(f"[自分のターン中]{PAID_IN_ATTACK}場合、このキャラはBP+2000。")
    (op,) = effect["do"]
    assert effect["when"] == "continuous" and op["if"] == ATTACK_AP and op["amount"] == 2000
    (effect,) = effects_of(f"[アタック時]{PAID_IN_ATTACK}場合、カードを1枚引く。")
    assert effect["do"] == [{**DRAW, "if": ATTACK_AP}]
    words = reading_words(texted("T-R", f"[アタック時]{PAID_IN_ATTACK}場合、カードを1枚引く。"))
    assert "you have paid AP during this turn's attack phase" in words
    for odd in ({**ATTACK_AP, "attack_ap_paid": 2}, {**ATTACK_AP, "side": "opponent"}):
        assert not supported({"when": "on_play", "do": [{**DRAW, "if": odd}]}), odd
    # paid as the optional effect resolves, after the check of its targets: not read after it
    paid_first = {"when": "on_attack", "optional": True, "cost": {"ap": 1}}
    assert not supported({**paid_first, "do": [{**DRAW, "if": ATTACK_AP}]})
    text = "[登場時]このターンのアタックフェイズ中に相手がAPを支払っている場合、カードを1枚引く。"
    assert not read_card(texted("T-READ", text)).understood


def attack_scene(spent: int = 0) -> Any:
    """A's turn 3: A's reader (A-1, BP 2000 +2000 while the condition holds) and its payer
    (A-2, PAYER) on the front line; ``spent`` cards of 1 AP (A-3, ...) played in the main
    phase; then A-2 attacks."""
    reader = texted("T-SEER", f"[自分のターン中]{PAID_IN_ATTACK}場合、このキャラはBP+2000。")
    cards = [reader, texted("T-PAYER", PAYER), free_character("T-COSTLY", ap=1)]
    deck = ["T-SEER", "T-PAYER", "T-COSTLY"]
    b = board_at_turn_3(cards, deck, [], a_front=("A-1", "A-2"), phase="main")
    for iid in ("A-3",)[:spent]:
        b.play("A", iid, to="energy_line")
    return b.proceed("A").attack("A", "A-2")


def test_UA_EFFECT_THIS_TURN_ATTACK_AP_paid_as_an_attack_trigger_resolves() -> None:
    b = attack_scene()
    assert field_unit(b.replay(), "A", "A-1")["bp"] == 2000
    b.act("A", "resolve", source="A-2", use=True)
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert position(b.log()).snapshot()["players"]["A"]["attack_ap_paid"] == 1
    assert field_unit(r, "A", "A-1")["bp"] == 4000
    b = attack_scene().act("A", "resolve", source="A-2", use=False)
    assert field_unit(b.replay(), "A", "A-1")["bp"] == 2000


def test_UA_EFFECT_THIS_TURN_ATTACK_AP_paid_in_the_main_phase_does_not_count() -> None:
    b = attack_scene(spent=1)
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert "attack_ap_paid" not in position(b.log()).snapshot()["players"]["A"]
    assert field_unit(r, "A", "A-1")["bp"] == 2000


# -- a choice's BP range widened per event used (UA-EFFECT-THIS-TURN-EVENTS-RANGE) ---------------

WIDENED = (
    "[登場時]『BP3000』以下の相手のフロントLのキャラを1枚まで選び、退場させる。"
    "自分の場に〈リーリヤ〉がある場合、このターン中に自分が使用したイベントカード1枚につき、"
    "この効果で選べるキャラのBPの範囲+500。"
)


def test_UA_EFFECT_THIS_TURN_EVENTS_RANGE_read_from_printed_text() -> None:
    (effect,) = effects_of(WIDENED)
    (op,) = effect["do"]
    assert op["op"] == "retire" and op["target"]["bp_max"] == 3000
    assert op["target"]["instead"] == {
        "if": {"side": "own", "zone": "field", "name": "リーリヤ"},
        "bp_plus": {"each": 500, "per": {"side": "own", "zone": "this_turn", "events_used": 1}},
    }
    words = reading_words(texted("T-R", WIDENED))
    assert "the BP limit is 500 higher for each event card you have used this turn" in words
    for text in (
        WIDENED.replace("『BP3000』以下", "BP3000以下"),  # no limit marked as the one widened
        WIDENED.replace("イベントカード1枚につき", "キャラカード1枚につき"),
        WIDENED.replace("相手のフロントLのキャラを1枚まで選び、退場させる", "カードを1枚引く"),
    ):
        assert not read_card(texted("T-READ", text)).understood, text
    target = {"side": "opponent", "zone": "front_line", "count": 1, "type": "character"}
    for plus in ({"each": 0, "per": USED_LAMP}, {"each": 500, "per": USED_LAMP}):
        instead = {"if": {"side": "own", "zone": "field", "name": "リーリヤ"}, "bp_plus": plus}
        retire = {"op": "retire", "target": {**target, "bp_max": 3000, "instead": instead}}
        assert not supported({"when": "on_play", "do": [retire]}), plus


def range_scene(lily: bool, events: int) -> Any:
    """A's turn-3 main phase: A's widener (A-1) in the hand, リーリヤ (A-2) on the front line if
    ``lily``, ``events`` free event cards (A-3, A-4) used; B's BP 3500 (B-1) and BP 4000 (B-2)
    characters on the front line."""
    cards = [
        texted("T-WIDE", WIDENED),
        free_character("T-LILY", name="リーリヤ"),
        card("T-EV", "event", ap=0),
        free_character("T-B35", bp=3500),
        free_character("T-B40", bp=4000),
    ]
    b = board_at_turn_3(
        cards,
        ["T-WIDE", "T-LILY", "T-EV", "T-EV"],
        ["T-B35", "T-B40"],
        a_front=("A-2",) if lily else (),
        b_front=("B-1", "B-2"),
        phase="main",
    )
    for iid in ("A-3", "A-4")[:events]:
        b.play("A", iid)
    return b


def test_UA_EFFECT_THIS_TURN_EVENTS_RANGE_widened_per_event_while_the_condition_holds() -> None:
    for lily, events, target, ok in (
        (True, 1, "B-1", True),  # 3000 + 500
        (True, 0, "B-1", False),
        (False, 1, "B-1", False),  # the condition does not hold: 3000
        (True, 1, "B-2", False),
        (True, 2, "B-2", True),  # 3000 + 1000
    ):
        b = range_scene(lily, events).play("A", "A-1", to="front_line", targets=[target])
        r = b.replay()
        assert (verdict(r, b.last) == "legal") is ok, (lily, events, target)
        if ok:
            assert field_unit(r, "B", target) is None  # retired


def test_UA_EFFECT_THIS_TURN_USED_not_read_on_a_card_it_names_itself() -> None:
    """A card asking whether a card it meets itself was used: once used it always holds."""
    text = "[登場時]このターン中に自分が〈ミラ〉を使用している場合、カードを1枚引く。"
    assert not read_card(texted("T-MIRA", text, name="ミラ")).understood
    assert read_card(texted("T-SORA", text, name="ソラ")).understood
    trait = STATIC.replace("BP+1000", "BP+500")
    assert not read_card(texted("T-LAMP", trait, traits=["灯守"])).understood


def test_UA_EFFECT_THIS_TURN_USED_the_played_card_counted_at_the_check_of_targets() -> None:
    """A played card's when-played choice, checked before the play is carried out, reads the
    card as used, as the effect does when it resolves (after the play).  The reader leaves such
    text unread on the card itself: the effect is written as an engine definition."""
    choose = {"side": "opponent", "zone": "front_line", "count": 1, "type": "character"}
    effect = {
        "when": "on_play",
        "do": [{"op": "rest", "target": choose, "if": USED_LAMP}],
    }
    for traits, ok in ((["灯守"], True), (["星守"], False)):
        lamp = free_character("T-LAMP", traits=traits, effects=[effect])
        b = board_at_turn_3(
            [lamp, free_character("T-FOE")], ["T-LAMP"], ["T-FOE"], b_front=("B-1",), phase="main"
        )
        b.play("A", "A-1", to="front_line", targets=["B-1"])
        r = b.replay()
        assert (verdict(r, b.last) == "legal") is ok, traits
        if ok:
            assert field_unit(r, "B", "B-1")["rested"] is True
