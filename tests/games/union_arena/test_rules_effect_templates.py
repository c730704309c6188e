"""Union Arena: three printed-text templates of the official card list, on original cards —
"[フロントLにある場合]" on an activated ability (UA-EFFECT-WHERE), "…全ては、…" (every card
of a kind, UA-EFFECT-ALL), and "[ターン1]" on a triggered ability (UA-TRIGGER-ONCE, with the
GAP of a declined one: UA-TRIGGER-ONCE-DECLINED)."""

from __future__ import annotations

from typing import Any

from judge.games.union_arena.reader import read_card
from judge.games.union_arena.testing import (
    board_at_turn_3,
    field_unit,
    free_character,
    rules_applied,
    rules_broken,
    verdict,
)

DRAW = {"op": "draw", "n": 1}


def draws(r: dict[str, Any], index: int) -> int:
    return sum(1 for e in r["steps"][index]["events"] if e["type"] == "draw")


# -- UA-EFFECT-WHERE ---------------------------------------------------------------------------

FRONT_ONLY = {
    "when": "activate_main",
    "where": "front_line",
    "cost": {"rest_self": True},
    "do": [DRAW],
}


def test_UA_EFFECT_WHERE_usable_in_the_front_line() -> None:
    cards = [free_character("T-FRONT", effects=[FRONT_ONLY])]
    b = board_at_turn_3(cards, ["T-FRONT"], [], a_front=("A-1",), phase="main")
    b.act("A", "activate", card="A-1", ability=1)
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert draws(r, b.last) == 1


def test_UA_EFFECT_WHERE_not_usable_from_the_energy_line() -> None:
    cards = [free_character("T-FRONT", effects=[FRONT_ONLY])]
    b = board_at_turn_3(cards, ["T-FRONT"], [], a_energy=("A-1",), phase="main")
    b.act("A", "activate", card="A-1", ability=1)
    r = b.replay()
    assert verdict(r, b.last) == "illegal"
    assert rules_broken(r, b.last) == ["UA-EFFECT-WHERE"]


def test_UA_EFFECT_WHERE_read_from_printed_text() -> None:
    r = read_card(
        {
            "type": "character",
            "text": "[起動メイン][フロントLにある場合][レストにする]カードを1枚引く。",
        }
    )
    assert r.understood
    assert r.effects[0]["where"] == "front_line"
    assert r.effects[0]["cost"] == {"rest_self": True}


# -- UA-EFFECT-ALL -----------------------------------------------------------------------------

WEAKEN_ALL = {
    "when": "on_play",
    "do": [
        {
            "op": "bp",
            "amount": -1000,
            "until": "turn",
            "target": {"side": "opponent", "zone": "front_line", "type": "character", "all": True},
        }
    ],
}


def weaken_scene() -> Any:
    cards = [
        free_character("T-WEAKEN", effects=[WEAKEN_ALL]),
        free_character("T-W3000", bp=3000),
    ]
    return board_at_turn_3(
        cards,
        ["T-WEAKEN"],
        ["T-W3000", "T-W3000", "T-W3000"],
        b_front=("B-1", "B-2"),
        b_energy=("B-3",),
        phase="main",
    )


def test_UA_EFFECT_ALL_every_card_that_meets_it_without_a_choice() -> None:
    b = weaken_scene().play("A", "A-1", to="front_line")
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert "UA-EFFECT-ALL" in rules_applied(r, b.last)
    assert [field_unit(r, "B", i)["bp"] for i in ("B-1", "B-2", "B-3")] == [2000, 2000, 3000]


def test_UA_EFFECT_ALL_the_log_names_no_target_for_it() -> None:
    b = weaken_scene().play("A", "A-1", to="front_line", targets=["B-1"])
    r = b.replay()
    assert verdict(r, b.last) == "illegal"
    assert rules_broken(r, b.last) == ["UA-EFFECT-TARGETS"]


def test_UA_EFFECT_ALL_with_none_meeting_it_nothing_happens() -> None:
    cards = [free_character("T-WEAKEN", effects=[WEAKEN_ALL])]
    b = board_at_turn_3(cards, ["T-WEAKEN"], [], phase="main").play("A", "A-1", to="front_line")
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert "UA-EFFECT-ALL" in rules_applied(r, b.last)


def test_UA_EFFECT_ALL_read_from_printed_text() -> None:
    r = read_card(
        {
            "type": "character",
            "text": "[登場時]相手のフロントLのキャラ全ては、このターン中、BP-1000。",
        }
    )
    assert r.understood
    assert r.effects[0] == WEAKEN_ALL


# -- UA-TRIGGER-ONCE ---------------------------------------------------------------------------


def double_attacker(effect: dict[str, Any], options: dict[str, Any] | None = None) -> Any:
    """A's character with Double Attack (it attacks twice a turn) and ``effect``."""
    cards = [free_character("T-TWICE", bp=1000, keywords=["double attack"], effects=[effect])]
    return board_at_turn_3(cards, ["T-TWICE"], [], a_front=("A-1",), options=options)


ONCE_DRAW = {"when": "on_attack", "once_per_turn": True, "do": [DRAW]}


def unblocked(b: Any) -> Any:
    """B does not block; A picks B's first life card."""
    return b.block("B").act("A", "pick_life", cards=[1])


def test_UA_TRIGGER_ONCE_triggers_once_a_turn() -> None:
    b = double_attacker(ONCE_DRAW)
    b.attack("A", "A-1")
    first = b.last
    unblocked(b).attack("A", "A-1")
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert draws(r, first) == 1  # the first attack's effect drew a card
    assert draws(r, b.last) == 0
    assert "UA-TRIGGER-ONCE" in rules_applied(r, b.last)


def test_UA_TRIGGER_ONCE_without_the_mark_it_triggers_every_time() -> None:
    b = double_attacker({"when": "on_attack", "do": [DRAW]})
    unblocked(b.attack("A", "A-1")).attack("A", "A-1")
    r = b.replay()
    assert draws(r, b.last) == 1


def test_UA_TRIGGER_ONCE_read_from_printed_text() -> None:
    r = read_card({"type": "character", "text": "[アタック時][ターン1]カードを1枚引く。"})
    assert r.understood and r.effects[0] == ONCE_DRAW


OPTIONAL_ONCE = {"when": "on_attack", "optional": True, "once_per_turn": True, "do": [DRAW]}


def test_UA_TRIGGER_ONCE_DECLINED_a_declined_one_may_trigger_again_by_default() -> None:
    b = double_attacker(OPTIONAL_ONCE)
    b.attack("A", "A-1").act("A", "resolve", source="A-1", use=False)
    declined = b.last
    unblocked(b).attack("A", "A-1").act("A", "resolve", source="A-1", use=True)
    r = b.replay()
    assert r["summary"]["illegal_steps"] == []
    assert "UA-TRIGGER-ONCE-DECLINED" in rules_applied(r, declined)
    assert draws(r, b.last) == 1


def test_UA_TRIGGER_ONCE_DECLINED_option_used_counts_a_declined_one() -> None:
    b = double_attacker(OPTIONAL_ONCE, options={"once_per_turn_declined": "used"})
    b.attack("A", "A-1").act("A", "resolve", source="A-1", use=False)
    unblocked(b).attack("A", "A-1")
    r = b.replay()
    assert "UA-TRIGGER-ONCE" in rules_applied(r, b.last)
    assert draws(r, b.last) == 0


# -- UA-EFFECT-LOOK: the official list's other wordings ------------------------------------------

ANY_CARD = (
    "[登場時]自分の山札の上から3枚見る。その中からカードを1枚手札に加える。"
    "残りを望む順で自分の山札の下に置く。"
)


def test_UA_EFFECT_LOOK_a_card_taken_unrevealed_is_one_card_if_there_is_one() -> None:
    # "その中からカードを1枚手札に加える": any card, one (no "まで": not up to), not revealed
    (effect,) = read_card({"type": "character", "text": ANY_CARD}).effects
    assert effect["do"] == [
        {
            "op": "look",
            "n": 3,
            "take": {"count": 1, "if_able": True},
            "rest": "bottom",
            "reveal": False,
        }
    ]


def test_UA_EFFECT_LOOK_the_look_and_the_take_in_one_sentence() -> None:
    text = (
        "[登場時]自分の山札の上から3枚見て、［特徴：灯守］を1枚まで公開し手札に加える。"
        "残りを望む順で山札の下に置く。手札に加えた場合、自分の手札を1枚場外に置く。"
    )
    r = read_card({"type": "character", "text": text})
    assert r.understood
    assert r.effects[0]["do"] == [
        {
            "op": "look",
            "n": 3,
            "take": {"trait": "灯守", "count": 1, "up_to": True},
            "rest": "bottom",
        },
        {"op": "discard", "n": 1, "if_taken": True},
    ]


def test_UA_EFFECT_LOOK_a_card_taken_unrevealed_is_hidden_from_the_opponent() -> None:
    from judge.core.perspective import redact

    cards = [
        {**free_character("T-LOOKER"), "text": ANY_CARD},
        free_character("T-SECRET", name="Secret"),
    ]
    b = board_at_turn_3(cards, ["T-LOOKER", "T-SECRET"], [], phase="main")
    b.play("A", "A-1", to="front_line", targets=["T-SECRET"])
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    moved = [e for e in r["steps"][b.last]["events"] if e["type"] == "move_card"]
    assert moved and moved[0].get("private") == "A"
    seen_by_b = redact(r, "B", ("hand",))
    text = " ".join(e["text"] for e in seen_by_b["steps"][b.last]["events"])
    assert "Secret" not in text and "puts one of the cards looked at into the hand" in text


def test_UA_RAID_an_imported_raid_onto_a_trait_is_read() -> None:
    from judge.core.cardimport import import_ua_simulator

    raw = {
        "code": "XX01/TST-1-001",
        "name": "Raider",
        "cardType": "CHARACTER",
        "color": "PURPLE",
        "bp": 4000,
        "apCost": 1,
        "reqEnergy": 3,
        "genEnergy": 1,
        "traits": ["灯守"],
        "triggers": ["RAID"],
        "effectText": "[レイド]［特徴：灯守］アクティブにし、フロントLに移動できる",
    }
    (card,) = import_ua_simulator([raw], name="raid").document["cards"]
    assert card["raid"] == {"onto": {"trait": "灯守"}}
    assert read_card(card).understood


# -- UA-EFFECT-DECK-BOTTOM -------------------------------------------------------------------------

TO_BOTTOM = "[登場時]相手の場のキャラを1枚まで選び、相手の山札の下に置く。"


def test_UA_EFFECT_DECK_BOTTOM_to_its_owners_deck_bottom_and_not_retired() -> None:
    # B-1 has a when-retired draw: it must not trigger, since the card is not retired
    on_retire = {"when": "on_retire", "do": [DRAW]}
    cards = [
        {**free_character("T-BOTTOM"), "text": TO_BOTTOM},
        free_character("T-VICTIM", effects=[on_retire]),
    ]
    b = board_at_turn_3(cards, ["T-BOTTOM"], ["T-VICTIM"], b_front=("B-1",), phase="main")
    before = b.replay(detail="full")["steps"][-1]["state"]["players"]["B"]["deck"]
    b.play("A", "A-1", to="front_line", targets=["B-1"])
    r = b.replay(detail="full")
    assert verdict(r, b.last) == "legal"
    assert "UA-EFFECT-DECK-BOTTOM" in rules_applied(r, b.last)
    left = [e for e in r["steps"][b.last]["events"] if e["type"] == "leave_field"]
    assert [(e["card"], e["to"]) for e in left] == [("B-1", "deck_bottom")]
    assert r["steps"][b.last]["state"]["players"]["B"]["deck"] == before + 1
    assert draws(r, b.last) == 0
    assert field_unit(r, "B", "B-1") is None


def test_UA_EFFECT_DECK_BOTTOM_read_only_for_the_owners_deck() -> None:
    r = read_card({"type": "character", "text": TO_BOTTOM})
    assert r.understood and r.effects[0]["do"][0]["op"] == "to_deck_bottom"
    # the opponent's card to one's own deck: not a template the engine knows
    wrong = TO_BOTTOM.replace("相手の山札", "自分の山札")
    assert not read_card({"type": "character", "text": wrong}).understood


# -- UA-EFFECT-IF: counts of life, of outside-area events, of cards on the field ---------------


def drew_if(text: str, **board: Any) -> int:
    cards = [{**free_character("T-IF"), "text": text}, free_character("T-LAMP", traits=["灯守"])]
    b = board_at_turn_3(cards, ["T-IF", "T-LAMP", "T-LAMP"], [], phase="main", **board)
    r = b.play("A", "A-1", to="front_line").replay()
    assert verdict(r, b.last) == "legal"
    return draws(r, b.last)


def test_UA_EFFECT_IF_a_sides_life_n_or_less() -> None:
    # B has 7 life cards at turn 3: "7以下" holds, "6以下" does not
    assert drew_if("[登場時]相手のライフが7以下の場合、カードを1枚引く。") == 1
    assert drew_if("[登場時]相手のライフが6以下の場合、カードを1枚引く。") == 0


def test_UA_EFFECT_IF_n_or_more_cards_of_a_kind_on_the_field() -> None:
    text = "[登場時]自分の場に［特徴：灯守］が2枚以上ある場合、カードを1枚引く。"
    assert drew_if(text, a_front=("A-2",)) == 0  # one 灯守
    assert drew_if(text, a_front=("A-2", "A-3")) == 1  # two


def test_UA_EFFECT_IF_n_or_more_events_in_the_outside_area() -> None:
    text = "[登場時]自分の場外にイベントカードが1枚以上ある場合、カードを1枚引く。"
    assert drew_if(text) == 0  # no event used yet
    r = read_card({"type": "character", "text": text})
    assert r.effects[0]["do"][0]["if"] == {
        "side": "own",
        "zone": "outside",
        "card_type": "event",
        "min": 1,
    }


def test_UA_EFFECT_ENERGY_LESS_while_ones_own_field_is_empty() -> None:
    text = "自分の場にカードが1枚もない場合、手札にあるこのカードの必要エナジーを[黄×2]減らす。"
    card = {**free_character("T-EMPTY", color="yellow", energy={"yellow": 2}), "text": text}
    filler = free_character("T-FIELD", generates={"blue": 1})
    # an empty field: it needs no energy
    b = board_at_turn_3([card, filler], ["T-EMPTY", "T-FIELD"], [], phase="main")
    r = b.play("A", "A-1", to="front_line").replay()
    assert verdict(r, b.last) == "legal"
    # one card on the field (generating blue): it needs its 2 yellow
    b = board_at_turn_3([card, filler], ["T-EMPTY", "T-FIELD"], [], a_energy=("A-2",), phase="main")
    r = b.play("A", "A-1", to="front_line").replay()
    assert "UA-ENERGY" in rules_broken(r, b.last)


def test_UA_EFFECT_ALL_bp_for_all_of_a_trait_leaves_a_field_of_that_trait_alone() -> None:
    # "自分の場の[特徴:灯守]全ては、このターン中、BP+500": a field with the trait has no BP
    raise_all = {
        "when": "on_play",
        "do": [
            {
                "op": "bp",
                "amount": 500,
                "until": "turn",
                "target": {"side": "own", "zone": "field", "trait": "灯守", "all": True},
            }
        ],
    }
    cards = [
        free_character("T-RAISER", effects=[raise_all]),
        free_character("T-LAMP", traits=["灯守"], bp=1000),
        {**free_character("T-LANTERN", traits=["灯守"]), "type": "field", "bp": None},
    ]
    b = board_at_turn_3(
        cards,
        ["T-RAISER", "T-LAMP", "T-LANTERN"],
        [],
        a_front=("A-2",),
        a_energy=("A-3",),
        phase="main",
    )
    r = b.play("A", "A-1", to="front_line").replay()
    assert verdict(r, b.last) == "legal"
    assert field_unit(r, "A", "A-2")["bp"] == 1500


# -- UA-EFFECT-MAY-DISCARD -------------------------------------------------------------------------

MAY_DISCARD = "[登場時]自分の手札を1枚場外に置いてもよい。そうした場合、カードを2枚引く。"


def may_discard_scene() -> Any:
    cards = [{**free_character("T-MAY"), "text": MAY_DISCARD}]
    return board_at_turn_3(cards, ["T-MAY"], [], phase="main").play("A", "A-1", to="front_line")


def test_UA_EFFECT_MAY_DISCARD_used_it_discards_then_draws() -> None:
    b = may_discard_scene().act("A", "resolve", source="A-1", use=True, targets=["T-000"])
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    assert "UA-EFFECT-MAY-DISCARD" in rules_applied(r, b.last)
    types = [e["type"] for e in r["steps"][b.last]["events"]]
    assert types.index("discard") < types.index("draw") and draws(r, b.last) == 1


def test_UA_EFFECT_MAY_DISCARD_declined_nothing_happens() -> None:
    b = may_discard_scene().act("A", "resolve", source="A-1", use=False)
    r = b.replay()
    assert verdict(r, b.last) == "legal"
    types = [e["type"] for e in r["steps"][b.last]["events"]]
    assert "discard" not in types and "draw" not in types


def test_UA_EFFECT_MAY_DISCARD_read_from_printed_text() -> None:
    r = read_card({"type": "character", "text": MAY_DISCARD})
    assert r.understood
    assert r.effects[0] == {
        "when": "on_play",
        "optional": True,
        "do": [{"op": "discard", "n": 1}, {"op": "draw", "n": 2, "if_done": True}],
    }


def test_UA_EFFECT_MAY_DISCARD_an_empty_hand_cannot_use_it() -> None:
    # from a position: A's hand is empty when the effect resolves
    import json
    from pathlib import Path

    from judge.core.position import position_log
    from judge.core.replay import replay

    root = Path(__file__).resolve().parents[3]
    doc = json.loads((root / "examples" / "positions" / "ua-two-effects.json").read_text())
    doc["cards"] = [{**free_character("T-MAY"), "text": MAY_DISCARD}]
    zones = doc["start"]["players"]["A"]
    zones["front_line"] = [{"card": "T-MAY", "entered_this_turn": True}]
    zones["unseen"] = zones["unseen"][len(zones["hand"]) :]
    zones["hand"] = []
    doc["start"]["pending"] = [{"source": "A-1"}]
    log = {**position_log(doc), "actions": [{"p": "A", "do": "resolve", "source": "A-1"}]}
    r = replay(log)
    assert rules_broken(r, 0) == [
        "UA-EFFECT-MAY-DISCARD"
    ] or "UA-EFFECT-MAY-DISCARD" in rules_broken(r, 0)
