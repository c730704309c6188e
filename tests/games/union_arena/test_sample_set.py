"""The built-in Union Arena sample set ``ua-sample`` (``judge/cards/ua-sample.json``).

The set is made-up (a harbour town against sky pirates) and exists so that logs, tests and
generated games have cards covering the whole vocabulary: every keyword, every trigger icon
(COLOR in all five colours), raid by name and by trait, every effect timing, operation and
activation cost.  Each coverage family has its own test below.

Exactly one card is deliberately beyond the engine: ``UAS-033`` (Chart Reader Mirelle) looks
at the top 3 cards of the deck and puts them back in any order.  Its effect carries only
``text`` and no ``do``, so a log that plays it gets an ``unverifiable`` step
(``UA-EFFECT-UNSUPPORTED``) — the set's example of card text the engine cannot check.
"""

from __future__ import annotations

import re
from collections import Counter
from typing import Any

import pytest

from judge.core.cards import builtin_set_names, load_builtin_set
from judge.games.union_arena import effects
from judge.games.union_arena.cards import CardDef, Keywords
from judge.games.union_arena.decks import (
    AP_COUNT,
    DECK_SIZE,
    LIMITED_TRIGGERS,
    MAX_PER_TRIGGER,
    check_deck,
)

UNSUPPORTED = "UAS-033"
COLOURS = ("red", "blue", "yellow", "green", "purple")
# fmt: off
FIELDS = {
    "character": (
        "code", "name", "type", "title", "number", "color", "energy", "ap", "bp",
        "generates", "traits", "keywords", "trigger", "raid", "effects",
    ),
    "field": (
        "code", "name", "type", "title", "number", "color", "energy", "ap",
        "generates", "traits", "keywords", "trigger", "raid", "effects",
    ),
    "event": (
        "code", "name", "type", "title", "number", "color", "energy", "ap",
        "traits", "keywords", "trigger", "raid", "effects",
    ),
    "ap": ("code", "name", "type", "title", "number"),
}
# fmt: on

SET = load_builtin_set("ua-sample")
CARDS: list[dict[str, Any]] = SET["cards"]
BY_CODE = {c["code"]: c for c in CARDS}
PLAYABLE = [c for c in CARDS if c["type"] != "ap"]
EFFECTS = [(c, e) for c in CARDS for e in c.get("effects", [])]
SUPPORTED = [(c, e) for c, e in EFFECTS if effects.supported(e)]


def ops(effect: dict[str, Any]) -> list[dict[str, Any]]:
    return list(effect.get("do", []))


def selector_list() -> list[dict[str, Any]]:
    return [s for _, e in SUPPORTED for s in effects.selectors(e)]


# -- the file ------------------------------------------------------------------------------


def test_set_is_shipped_and_described() -> None:
    assert "ua-sample" in builtin_set_names()
    assert SET["set"] == "ua-sample"
    assert SET["game"] == "union-arena"
    assert SET["title"] == "UAS"
    assert len(PLAYABLE) >= 40
    assert [c["code"] for c in CARDS if c["type"] == "ap"] == ["UAS-AP"]


def test_every_card_has_all_fields_and_parses() -> None:
    codes = [c["code"] for c in CARDS]
    assert len(codes) == len(set(codes))
    for card in CARDS:
        assert tuple(card) == FIELDS[card["type"]], card["code"]
        assert card["title"] == "UAS"
        assert card["number"] == card["code"]
        assert re.fullmatch(r"UAS-(\d{3}|AP)", card["code"])
        parsed = CardDef.from_dict(card)
        assert parsed.code == card["code"]
        if card["type"] != "ap":
            assert card["color"] in COLOURS
            assert all(colour in COLOURS for colour in card["energy"])
    # raid by name needs unambiguous names
    names = [c["name"] for c in PLAYABLE]
    assert len(names) == len(set(names))


def test_costs_are_sensible_for_play() -> None:
    characters = [c for c in CARDS if c["type"] == "character"]
    for card in characters:
        assert 1000 <= card["bp"] <= 6000 and card["bp"] % 500 == 0, card["code"]
        assert sum(card["generates"].values()) == 1, card["code"]
    for card in PLAYABLE:
        assert card["ap"] in (1, 2), card["code"]
        assert sum(card["energy"].values()) <= 3, card["code"]
    cheap = [c for c in characters if sum(c["energy"].values()) <= 2 and c["ap"] == 1]
    assert len(cheap) >= 25
    free = [c for c in characters if not c["energy"] and c["ap"] == 1]
    assert len(free) >= 8


def test_colours_mostly_red_and_blue() -> None:
    counts = Counter(c["color"] for c in PLAYABLE)
    assert counts["red"] + counts["blue"] >= 0.8 * len(PLAYABLE)
    assert counts["red"] >= 15 and counts["blue"] >= 15
    for colour in ("yellow", "green", "purple"):
        assert counts[colour] >= 1, colour


# -- effects -------------------------------------------------------------------------------


def test_every_effect_is_supported_except_the_documented_one() -> None:
    unsupported = [(c["code"], e) for c, e in EFFECTS if not effects.supported(e)]
    assert [code for code, _ in unsupported] == [UNSUPPORTED]
    ((_, effect),) = unsupported
    assert "do" not in effect and effect["when"] == "on_play" and effect["text"]
    for card, effect in SUPPORTED:
        assert effect["when"] in effects.TIMINGS, card["code"]
        assert effect.get("text"), card["code"]
        assert set(effect) <= {
            "when",
            "optional",
            "raid_only",
            "once_per_turn",
            "cost",
            "do",
            "text",
        }


def test_targets_are_resolvable() -> None:
    for card, effect in SUPPORTED:
        for op in ops(effect):
            if op["op"] in ("draw", "discard"):
                assert op.get("n", 1) >= 1
                continue
            target = op["target"]
            if target == "self":
                # an event is never on the field, and a retired card has left it
                assert card["type"] != "event", card["code"]
                assert effect["when"] != "on_retire", card["code"]
                continue
            assert target["side"] in ("own", "opponent")
            # hand and outside-area choices are for discard only: the other ops act on units
            assert target["zone"] in ("front_line", "energy_line", "field"), card["code"]
            assert target["count"] >= 1
        if effect["when"] != "activate_main":
            assert "cost" not in effect and "once_per_turn" not in effect, card["code"]
    for _, effect in SUPPORTED:
        for op in ops(effect):
            if op["op"] in ("bp", "grant"):
                assert op["until"] in effects.UNTIL
            if op["op"] == "grant":
                Keywords.parse([op["keyword"]])


#: timings no sample card uses yet: the printed-text reader's tests (test_reader_timings.py)
#: (and test_reader_watch_timings.py) cover them
READER_ONLY_TIMINGS = {"blocked", "win_battle_attacking", "win_battle_blocking"}
READER_ONLY_TIMINGS |= {"attack_phase_end", "each_attack_phase_end"}
READER_ONLY_TIMINGS |= {"own_win_battle_attacking", "other_line_enters", "own_milled"}


def test_every_timing_is_used() -> None:
    used = {e["when"] for _, e in SUPPORTED}
    assert used | READER_ONLY_TIMINGS == set(effects.TIMINGS)
    assert not used & READER_ONLY_TIMINGS


#: ops no sample card uses yet: the printed-text reader's tests (test_reader.py) cover them
READER_ONLY_OPS = {"look", "generate", "at_attack_start", "to_deck_bottom", "modes", "mill"}
READER_ONLY_OPS |= {"move_line", "play", "no_activate", "opponent_draw", "discard_all"}
READER_ONLY_OPS |= {"to_deck_top", "self_to_hand", "put_under", "pick_under", "move_under"}
READER_ONLY_OPS |= {"under_to_outside", "self_under", "swap", "pick_swap"}
READER_ONLY_OPS |= {"ap_less_next"}


def test_every_op_is_used() -> None:
    used = {op["op"] for _, e in SUPPORTED for op in ops(e)}
    assert used | READER_ONLY_OPS == set(effects.OPS)


def test_selectors_cover_bp_max_up_to_and_the_opponent() -> None:
    sels = selector_list()
    assert any("bp_max" in s for s in sels)
    assert any(s.get("up_to") for s in sels)
    assert any(s["side"] == "opponent" for s in sels)
    assert any(s["side"] == "own" for s in sels)
    assert any(s.get("count", 1) > 1 for s in sels)
    assert any("rested" in s for s in sels)


def test_activated_effects_cover_every_cost() -> None:
    activated = [e for _, e in SUPPORTED if e["when"] == "activate_main"]
    costs = {key for e in activated for key in e.get("cost", {})}
    assert costs == {"rest_self", "discard", "ap", "retire_self"}
    assert any(e.get("once_per_turn") is True for e in activated)
    assert any(len(e.get("cost", {})) > 1 for e in activated)


def test_raid_only_effects_are_on_raid_cards() -> None:
    raid_only = [(c, e) for c, e in SUPPORTED if e.get("raid_only")]
    assert raid_only
    for card, _ in raid_only:
        assert card["raid"], card["code"]


def test_optional_effect_exists() -> None:
    assert any(e.get("optional") for _, e in SUPPORTED)


def test_events() -> None:
    events = [c for c in CARDS if c["type"] == "event"]
    assert events
    for card in events:
        assert card["effects"] and all(e["when"] == "on_play" for e in card["effects"])
    do = [op for c in events for e in c["effects"] for op in ops(e)]
    assert {"op": "draw", "n": 2} in do
    assert any(
        op["op"] == "bp"
        and op["amount"] == 2000
        and op["until"] == "turn"
        and op["target"]["side"] == "own"
        and op["target"]["count"] == 1
        for op in do
    )
    assert any(
        op["op"] == "retire"
        and op["target"]["side"] == "opponent"
        and op["target"]["zone"] == "front_line"
        and op["target"].get("bp_max") == 2000
        for op in do
    )


def test_fields() -> None:
    fields = [c for c in CARDS if c["type"] == "field"]
    assert fields
    for card in fields:
        assert card["generates"], card["code"]
    assert any(e["when"] == "activate_main" for c in fields for e in c["effects"])


# -- keywords, triggers, raid --------------------------------------------------------------


def test_every_keyword_is_used() -> None:
    words = {w for c in PLAYABLE for w in c["keywords"]}
    assert words == {
        "step",
        "snipe",
        "double attack",
        "double block",
        "impact 1",
        "impact +1",
        "damage 2",
        "damage +1",
        "nullify impact",
    }
    for card in PLAYABLE:
        Keywords.parse(card["keywords"])
        if card["type"] != "character":
            assert card["keywords"] == [], card["code"]


def test_every_trigger_icon_is_used() -> None:
    icons = {c["trigger"] for c in PLAYABLE} - {None}
    assert icons == set(effects.TRIGGER_RULES)
    colour_triggers = {c["color"] for c in PLAYABLE if c["trigger"] == "color"}
    assert colour_triggers == set(COLOURS) == set(effects.COLOR_TRIGGERS)


@pytest.mark.parametrize("colour", ["green", "purple"])
def test_green_and_purple_color_triggers_have_something_to_play(colour: str) -> None:
    fits = [
        c
        for c in PLAYABLE
        if c["type"] == "character"
        and c["color"] == colour
        and sum(c["energy"].values()) <= 2
        and c["ap"] == 1
    ]
    assert len(fits) >= 2


def test_raid_by_name_and_by_trait() -> None:
    raids = [c for c in PLAYABLE if c["raid"]]
    kinds = {next(iter(c["raid"]["onto"])) for c in raids}
    assert kinds == {"name", "trait"}
    by_name = {c["name"]: c for c in PLAYABLE}
    for card in raids:
        assert card["type"] == "character", card["code"]
        onto = card["raid"]["onto"]
        assert len(onto) == 1
        if "name" in onto:
            base = by_name[onto["name"]]
            assert base["code"] != card["code"] and base["raid"] is None
            assert base["type"] == "character"
            bases = [base]
        else:
            bases = [
                c
                for c in PLAYABLE
                if c["type"] == "character" and onto["trait"] in c["traits"] and not c["raid"]
            ]
            assert bases, card["code"]
        parsed = CardDef.from_dict(card)
        assert all(parsed.raid_matches(CardDef.from_dict(b)) for b in bases)
    # a RAID trigger needs a raid to perform
    for card in PLAYABLE:
        if card["trigger"] == "raid":
            assert card["raid"], card["code"]


# -- a legal deck --------------------------------------------------------------------------


#: A red/blue deck: 10 numbers x 4 and 5 numbers x 2; the two COLOR cards (UAS-007 and
#: UAS-024) twice each, so four COLOR triggers in all.
# fmt: off
DECK = {
    "UAS-001": 4, "UAS-002": 4, "UAS-003": 4, "UAS-005": 4, "UAS-007": 2, "UAS-009": 4,
    "UAS-011": 4, "UAS-017": 2, "UAS-020": 4, "UAS-021": 4, "UAS-022": 4, "UAS-023": 4,
    "UAS-024": 2, "UAS-025": 2, "UAS-036": 2,
}
# fmt: on


def deck() -> list[str]:
    return [code for code, copies in DECK.items() for _ in range(copies)]


def test_a_legal_two_colour_deck_can_be_built() -> None:
    main = deck()
    assert len(main) == DECK_SIZE
    assert {BY_CODE[code]["color"] for code in main} == {"red", "blue"}
    assert {BY_CODE[code]["type"] for code in main} == {"character", "event", "field"}
    limited = Counter(BY_CODE[code]["trigger"] for code in main)
    assert all(limited[kind] <= MAX_PER_TRIGGER for kind in LIMITED_TRIGGERS)
    assert all(effects.supported(e) for code in DECK for e in BY_CODE[code]["effects"])
    assert check_deck(main, ["UAS-AP"] * AP_COUNT, BY_CODE) == []


def test_the_deck_checker_sees_the_set_trigger_limits() -> None:
    # two more COLOR cards (the yellow one) in place of the two events: six in all
    main = [code for code in deck() if code != "UAS-017"] + ["UAS-038"] * 2
    problems = check_deck(main, ["UAS-AP"] * AP_COUNT, BY_CODE)
    assert [p.rule for p in problems] == ["UA-DECK-TRIGGERS"]
    assert problems[0].cards == ("UAS-007", "UAS-024", "UAS-038")
