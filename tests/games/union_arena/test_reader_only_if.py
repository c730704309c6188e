"""Union Arena: conditions on using an ability or a card at all, on original cards —
"[起動メイン]…場合のみ発動できる。" (an activated ability usable only if a condition holds,
UA-EFFECT-ONLY-IF; costs that change it, UA-EFFECT-ONLY-IF-COSTS, GAP) and "このカードは…場合
のみ使用できる。" (an event usable only if a condition holds, UA-PLAY-ONLY-IF).  Each is read
from made-up printed text and judged against what the sentence says."""

from __future__ import annotations

from typing import Any

from judge.games.union_arena.effects import supported
from judge.games.union_arena.reader import read_card
from judge.games.union_arena.render import FLAG, render_card
from judge.games.union_arena.testing import (
    board_at_turn_3,
    card,
    free_character,
    player_state,
    rules_applied,
    rules_broken,
    texted,
    verdict,
)
from judge.games.union_arena.testing import (
    cards_drawn as draws,
)


def shown(defn: dict[str, Any]) -> str:
    return " ".join(render_card({"name": defn["code"], **defn})["reading"])


FREE_EVENT = card("T-SPARK", "event", ap=0)  # a vanilla event: used, then in the outside area

# -- UA-EFFECT-ONLY-IF: "[起動メイン]…場合のみ発動できる。" -------------------------------------

OUTSIDE_TEXT = (
    "[起動メイン][レストにする]自分の場外にイベントカードが2枚以上ある場合のみ発動できる。"
    "カードを2枚引く。"
)
TRAIT_TEXT = (
    "[起動メイン][ターン1]自分の場に[特徴:灯守]が2枚以上ある場合のみ発動できる。カードを1枚引く。"
)
ACTIVE_TEXT = "[起動メイン][ターン1]このキャラがアクティブの場合のみ発動できる。カードを1枚引く。"


def test_UA_EFFECT_ONLY_IF_read_from_printed_text() -> None:
    r = read_card({"type": "character", "text": OUTSIDE_TEXT})
    assert r.understood
    assert r.effects == (
        {
            "when": "activate_main",
            "cost": {"rest_self": True},
            "only_if": {"side": "own", "zone": "outside", "card_type": "event", "min": 2},
            "do": [{"op": "draw", "n": 2}],
        },
    )
    r = read_card({"type": "character", "text": TRAIT_TEXT})
    assert r.understood
    assert r.effects[0]["only_if"] == {"side": "own", "zone": "field", "trait": "灯守", "min": 2}
    r = read_card({"type": "character", "text": ACTIVE_TEXT})
    assert r.understood
    assert r.effects[0]["only_if"] == "active"


def test_UA_EFFECT_ONLY_IF_every_clause_the_conditions_read() -> None:
    clauses = {
        "自分の場に〈ミラ〉がある": {"side": "own", "zone": "field", "name": "ミラ"},
        "自分のフロントLに〈ミラ〉がある": {"side": "own", "zone": "front_line", "name": "ミラ"},
        "相手のライフが3以下の": {"side": "opponent", "zone": "life", "max": 3},
    }
    for clause, cond in clauses.items():
        r = read_card(
            {
                "type": "character",
                "text": f"[起動メイン]{clause}場合のみ発動できる。カードを1枚引く。",
            }
        )
        assert r.understood, clause
        assert r.effects[0]["only_if"] == cond


def test_UA_EFFECT_ONLY_IF_what_the_reader_leaves_unread() -> None:
    unread = [
        # a condition on a triggered ability: the vocabulary has none
        "[登場時]自分の場に〈ミラ〉がある場合のみ発動できる。カードを1枚引く。",
        # a clause the conditions do not read
        "[起動メイン]相手の場に〈ミラ〉がある場合のみ発動できる。カードを1枚引く。",
        # not the first sentence
        "[起動メイン]カードを1枚引く。自分の場に〈ミラ〉がある場合のみ発動できる。",
        # a condition and no effect
        "[起動メイン]自分の場に〈ミラ〉がある場合のみ発動できる。",
    ]
    for text in unread:
        assert not read_card({"type": "character", "text": text}).understood, text
    # "このキャラ" on a field card is not its own card
    assert not read_card({"type": "field", "text": ACTIVE_TEXT}).understood


def outside_scene(events: int) -> Any:
    """A's T-SEER (A-1) on the front line in turn 3, and ``events`` free events used first."""
    cards = [texted("T-SEER", OUTSIDE_TEXT), FREE_EVENT]
    b = board_at_turn_3(cards, ["T-SEER", "T-SPARK", "T-SPARK"], [], a_front=("A-1",), phase="main")
    for iid in ("A-2", "A-3")[:events]:
        b.play("A", iid)
    return b.act("A", "activate", card="A-1", ability=1)


def test_UA_EFFECT_ONLY_IF_legal_when_the_condition_holds() -> None:
    b = outside_scene(events=2)
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert "UA-EFFECT-ONLY-IF" in rules_applied(r, b.last)
    assert "UA-EFFECT-ONLY-IF-COSTS" not in rules_applied(r, b.last)  # resting changes nothing
    assert draws(r, b.last) == 2


def test_UA_EFFECT_ONLY_IF_illegal_when_the_condition_does_not_hold() -> None:
    b = outside_scene(events=1)
    r = b.replay()
    assert verdict(r, b.last) == "illegal"
    assert rules_broken(r, b.last) == ["UA-EFFECT-ONLY-IF"]


def trait_scene(keepers: int) -> Any:
    cards = [
        texted("T-LAMP", TRAIT_TEXT, traits=["灯守"]),
        free_character("T-KEEP", traits=["灯守"]),
        free_character("T-PLAIN"),
    ]
    others = ("A-2",) if keepers == 2 else ("A-3",)
    b = board_at_turn_3(
        cards, ["T-LAMP", "T-KEEP", "T-PLAIN"], [], a_front=("A-1",), a_energy=others, phase="main"
    )
    return b.act("A", "activate", card="A-1", ability=1)


def test_UA_EFFECT_ONLY_IF_a_count_of_traits_on_the_field_this_card_included() -> None:
    b = trait_scene(keepers=2)  # T-LAMP itself and T-KEEP in the energy line
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert draws(r, b.last) == 1
    b = trait_scene(keepers=1)
    r = b.replay()
    assert verdict(r, b.last) == "illegal"
    assert rules_broken(r, b.last) == ["UA-EFFECT-ONLY-IF"]


def test_UA_EFFECT_ONLY_IF_this_character_active() -> None:
    cards = [texted("T-WATCH", ACTIVE_TEXT)]
    b = board_at_turn_3(cards, ["T-WATCH", "T-WATCH"], [], a_front=("A-1",), phase="main")
    b.act("A", "activate", card="A-1", ability=1)
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert draws(r, b.last) == 1
    # played this turn, it entered rested: its ability cannot be used
    b.play("A", "A-2", to="front_line").act("A", "activate", card="A-2", ability=1)
    r = b.replay()
    assert verdict(r, b.last) == "illegal"
    assert rules_broken(r, b.last) == ["UA-EFFECT-ONLY-IF"]


def test_UA_EFFECT_ONLY_IF_supported_only_on_an_activated_ability_with_a_condition_it_reads() -> (
    None
):
    draw = [{"op": "draw", "n": 1}]
    assert supported({"when": "activate_main", "only_if": "active", "do": draw})
    assert not supported({"when": "on_play", "only_if": "active", "do": draw})
    odd = {"side": "own", "zone": "hand", "name": "ミラ"}
    assert not supported({"when": "activate_main", "only_if": odd, "do": draw})


def test_UA_EFFECT_ONLY_IF_a_condition_written_by_hand_it_cannot_read_is_unverifiable() -> None:
    odd = {"when": "activate_main", "only_if": {"zone": "hand", "name": "ミラ"}, "do": []}
    cards = [free_character("T-ODD", effects=[{**odd, "do": [{"op": "draw", "n": 1}]}])]
    b = board_at_turn_3(cards, ["T-ODD"], [], a_front=("A-1",), phase="main")
    b.act("A", "activate", card="A-1", ability=1)
    r = b.replay()
    assert verdict(r, b.last) == "unverifiable"
    assert "UA-EFFECT-UNSUPPORTED" in rules_applied(r, b.last)


def test_UA_EFFECT_ONLY_IF_rendered() -> None:
    text = shown(texted("T-SEER", OUTSIDE_TEXT))
    assert "usable only if your outside area has 2 or more event cards" in text
    assert "usable only if this card is active" in shown(texted("T-WATCH", ACTIVE_TEXT))
    assert "usable only if your field has 2 or more cards with [灯守]" in shown(
        texted("T-LAMP", TRAIT_TEXT)
    )
    assert FLAG not in text


# -- UA-EFFECT-ONLY-IF-COSTS (GAP): costs that change the condition ----------------------------

REST_ACTIVE = (
    "[起動メイン][レストにする]このキャラがアクティブの場合のみ発動できる。カードを1枚引く。"
)


def rest_active_scene(options: dict[str, Any] | None = None) -> Any:
    cards = [texted("T-VIGIL", REST_ACTIVE)]
    b = board_at_turn_3(cards, ["T-VIGIL"], [], a_front=("A-1",), phase="main", options=options)
    return b.act("A", "activate", card="A-1", ability=1)


def test_UA_EFFECT_ONLY_IF_COSTS_read_before_the_costs_by_default() -> None:
    b = rest_active_scene()
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert "UA-EFFECT-ONLY-IF-COSTS" in rules_applied(r, b.last)
    assert draws(r, b.last) == 1


def test_UA_EFFECT_ONLY_IF_COSTS_read_after_the_costs_with_the_option() -> None:
    b = rest_active_scene({"only_if_costs": "after"})
    r = b.replay()
    assert verdict(r, b.last) == "illegal"
    assert rules_broken(r, b.last) == ["UA-EFFECT-ONLY-IF"]
    assert "UA-EFFECT-ONLY-IF-COSTS" in rules_applied(r, b.last)


DISCARD_TEXT = (
    "[起動メイン][手札を1枚場外に置く]自分の場外にイベントカードが1枚以上ある場合のみ発動できる。"
    "カードを1枚引く。"
)


def discard_scene(options: dict[str, Any] | None = None) -> Any:
    """The outside area holds no event; the cost puts one there (A-2, an event in the hand)."""
    cards = [texted("T-SCRIBE", DISCARD_TEXT), FREE_EVENT]
    b = board_at_turn_3(
        cards, ["T-SCRIBE", "T-SPARK"], [], a_front=("A-1",), phase="main", options=options
    )
    return b.act("A", "activate", card="A-1", ability=1, costs={"discard": ["A-2"]})


def test_UA_EFFECT_ONLY_IF_COSTS_an_event_discarded_for_the_cost() -> None:
    b = discard_scene()
    r = b.replay()
    assert verdict(r, b.last) == "illegal"  # before the cost: no event in the outside area
    assert rules_broken(r, b.last) == ["UA-EFFECT-ONLY-IF"]
    b = discard_scene({"only_if_costs": "after"})
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert "UA-EFFECT-ONLY-IF-COSTS" in rules_applied(r, b.last)


def test_UA_EFFECT_ONLY_IF_COSTS_no_option_when_the_costs_change_nothing() -> None:
    text = "[起動メイン][APを1支払う]このキャラがアクティブの場合のみ発動できる。カードを1枚引く。"
    cards = [texted("T-TOLL", text)]
    b = board_at_turn_3(cards, ["T-TOLL"], [], a_front=("A-1",), phase="main")
    b.act("A", "activate", card="A-1", ability=1)
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert "UA-EFFECT-ONLY-IF-COSTS" not in rules_applied(r, b.last)


# -- UA-PLAY-ONLY-IF: "このカードは…場合のみ使用できる。" ----------------------------------------

FIELD_ONLY = "このカードは自分の場に〈ミラ〉がある場合のみ使用できる。\nカードを2枚引く。"
FRONT_ONLY = "このカードは自分のフロントLに〈ミラ〉がある場合のみ使用できる。\nカードを2枚引く。"


def test_UA_PLAY_ONLY_IF_read_from_printed_text() -> None:
    r = read_card({"type": "event", "text": FIELD_ONLY})
    assert r.understood
    assert r.effects == (
        {
            "when": "continuous",
            "do": [{"op": "play_only_if", "if": {"side": "own", "zone": "field", "name": "ミラ"}}],
        },
        {"when": "on_play", "do": [{"op": "draw", "n": 2}]},
    )
    r = read_card({"type": "event", "text": FRONT_ONLY})
    assert r.effects[0]["do"][0]["if"] == {"side": "own", "zone": "front_line", "name": "ミラ"}


def test_UA_PLAY_ONLY_IF_only_an_events_line() -> None:
    # "使用できる" is an event's word: on a character the line is not read
    assert not read_card({"type": "character", "text": FRONT_ONLY}).understood
    # a clause the conditions do not read
    text = "このカードは相手の場に〈ミラ〉がある場合のみ使用できる。\nカードを2枚引く。"
    assert not read_card({"type": "event", "text": text}).understood


def event_scene(text: str, a_front: tuple[str, ...], a_energy: tuple[str, ...]) -> Any:
    """A's <ミラ> (A-1) where the arguments put it, and the event A-2 used in turn 3."""
    cards = [free_character("T-MIRA", name="ミラ"), texted("T-CALL", text, type="event")]
    b = board_at_turn_3(
        cards, ["T-MIRA", "T-CALL"], [], a_front=a_front, a_energy=a_energy, phase="main"
    )
    return b.play("A", "A-2")


def test_UA_PLAY_ONLY_IF_legal_when_the_condition_holds() -> None:
    b = event_scene(FIELD_ONLY, (), ("A-1",))  # the energy line is on the field too
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert "UA-PLAY-ONLY-IF" in rules_applied(r, b.last)
    assert draws(r, b.last) == 2
    assert "A-2" in player_state(r, "A")["outside"]


def test_UA_PLAY_ONLY_IF_illegal_when_the_condition_does_not_hold() -> None:
    b = event_scene(FIELD_ONLY, (), ())
    r = b.replay()
    assert verdict(r, b.last) == "illegal"
    assert rules_broken(r, b.last) == ["UA-PLAY-ONLY-IF"]


def test_UA_PLAY_ONLY_IF_in_the_front_line() -> None:
    b = event_scene(FRONT_ONLY, ("A-1",), ())
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    b = event_scene(FRONT_ONLY, (), ("A-1",))  # on the field, but not in the front line
    r = b.replay()
    assert verdict(r, b.last) == "illegal"
    assert rules_broken(r, b.last) == ["UA-PLAY-ONLY-IF"]


def test_UA_PLAY_ONLY_IF_written_by_hand_on_a_character_is_not_checked() -> None:
    cond = {"side": "own", "zone": "field", "name": "ミラ"}
    odd = {"when": "continuous", "do": [{"op": "play_only_if", "if": cond}]}
    cards = [free_character("T-ODD", effects=[odd])]
    b = board_at_turn_3(cards, ["T-ODD"], [], phase="main").play("A", "A-1", to="front_line")
    r = b.replay()
    assert verdict(r, b.last) == "unverifiable"
    assert "UA-EFFECT-UNSUPPORTED" in rules_applied(r, b.last)


def test_UA_PLAY_ONLY_IF_rendered() -> None:
    text = shown(texted("T-CALL", FRONT_ONLY, type="event"))
    assert "this card can be used only if your front line has a card named <ミラ>" in text
    assert FLAG not in text
