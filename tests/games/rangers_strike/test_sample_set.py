"""The built-in Rangers Strike sample set ``rs-sample`` (``judge/cards/rs-sample.json``).

The set is made up (a city defence squad in four categories: ``blaze`` the fire and rescue
strike team, ``tide`` the harbour watch, ``volt`` the grid engineers, ``shade`` the night
patrol) and exists so that logs, tests and generated games have cards covering the whole card
definition and effect vocabulary of ``docs/rangers-strike.md``: units with Number Combinations
1 to 5, units that cannot strike (SP 0) and strikers (SP 1 and 2), vehicles carrying 1 and 2
units, normal, resident (one with Tag) and counter operations (``attacked`` and ``struck``),
additional conditions by unit name and by unit category, every effect timing and every op.
Most cards need little power (0 to 2), so randomly played games reach their battles.

Conventions the set fixes where the design leaves the shape open:

- every card has the same 13 fields (``code`` … ``effects``), ``null`` where a field does not
  apply (a vehicle's ``sp``, an operation's ``bp``); a counter adds ``timing`` after
  ``operation``, a resident adds ``tag``;
- a resident's continuous ``bp`` op has no ``until`` and a selector without ``count``: it
  applies to every matching card while the resident is in place, and the log records no
  targets for it.

Exactly one card is deliberately beyond the engine: ``RSS-030`` (Blueprint Review) looks at
the top 3 cards of the deck and puts them back in any order.  Its effect carries only
``text`` and no ``do``, so a log that uses it gets an ``unverifiable`` step
(``RS-EFFECT-UNSUPPORTED``) — the set's example of card text the engine cannot check.
"""

from __future__ import annotations

import itertools
import re
from collections import Counter
from typing import Any

import pytest

from judge.core.cards import builtin_set_names, load_builtin_set
from judge.games.rangers_strike.decks import DECK_SIZE, MAX_COPIES, check_deck

UNSUPPORTED = "RSS-030"
CATEGORIES = ("blaze", "tide", "volt", "shade")
TIMINGS = ("on_rush", "on_enter", "combination", "on_destroyed", "on_use", "resident")
OPS = ("draw", "bp", "destroy", "return", "damage", "heal")
UNTIL = ("turn", "battle")
# fmt: off
BASE_FIELDS = (
    "code", "name", "type", "category", "power", "bp", "sp", "size", "combination",
    "condition", "operation",
)
# fmt: on
TAIL_FIELDS = ("carries", "effects")

SET = load_builtin_set("rs-sample")
CARDS: list[dict[str, Any]] = SET["cards"]
BY_CODE = {c["code"]: c for c in CARDS}
UNITS = [c for c in CARDS if c["type"] == "unit"]
VEHICLES = [c for c in CARDS if c["type"] == "vehicle"]
OPERATIONS = [c for c in CARDS if c["type"] == "operation"]


def all_effects() -> list[tuple[dict[str, Any], dict[str, Any]]]:
    """Every effect of the set with its card: printed effects and Number Combinations."""
    out = [(c, e) for c in CARDS for e in c["effects"]]
    out += [(c, e) for c in UNITS if c["combination"] for e in c["combination"]["effects"]]
    return out


EFFECTS = all_effects()
SUPPORTED = [(c, e) for c, e in EFFECTS if "do" in e]


def ops(effect: dict[str, Any]) -> list[dict[str, Any]]:
    return list(effect.get("do", []))


# -- the file ------------------------------------------------------------------------------


def test_set_is_shipped_and_described() -> None:
    assert "rs-sample" in builtin_set_names()
    assert SET["set"] == "rs-sample"
    assert SET["game"] == "rangers-strike"
    assert list(SET) == ["set", "game", "cards"]
    assert len(CARDS) >= 36


def test_every_card_has_every_field() -> None:
    codes = [c["code"] for c in CARDS]
    assert codes == [f"RSS-{n:03d}" for n in range(1, len(CARDS) + 1)]
    for card in CARDS:
        extra = {"counter": ("timing",), "resident": ("tag",)}.get(card["operation"], ())
        tail = ("carries", "ridden_by", "effects") if card["type"] == "vehicle" else TAIL_FIELDS
        assert tuple(card) == BASE_FIELDS + extra + tail, card["code"]
        assert card["type"] in ("unit", "vehicle", "operation"), card["code"]
        assert card["category"] in CATEGORIES, card["code"]
        assert isinstance(card["power"], int) and 0 <= card["power"] <= 5, card["code"]
        assert isinstance(card["effects"], list), card["code"]
    # additional conditions name units, and copies are counted by name: names are unique
    names = [c["name"] for c in CARDS]
    assert len(names) == len(set(names))


def test_units() -> None:
    assert len(UNITS) >= 20
    for card in UNITS:
        assert 1000 <= card["bp"] <= 7000 and card["bp"] % 500 == 0, card["code"]
        assert card["sp"] in (0, 1, 2), card["code"]
        assert card["size"] == "S", card["code"]
        assert card["operation"] is None and card["carries"] is None, card["code"]
        combo = card["combination"]
        if combo is not None:
            assert list(combo) in (["number", "effects"], ["rc", "effects"]), card["code"]
            assert combo["effects"], card["code"]
    numbers = {c["combination"].get("number") for c in UNITS if c["combination"]}
    assert numbers == {1, 2, 3, 4, 5, None}  # None: the rider combination RC (RS-RIDER)
    assert [c["code"] for c in UNITS if (c["combination"] or {}).get("rc")] == ["RSS-005"]
    sps = Counter(c["sp"] for c in UNITS)
    assert sps[0] >= 3 and sps[1] >= 3 and sps[2] >= 3


def test_vehicles() -> None:
    # one unit rides a vehicle and a vehicle has no BP (RS-RIDER, RS-VEHICLE)
    assert {c["carries"] for c in VEHICLES} == {None}
    assert sum(1 for c in VEHICLES if c["ridden_by"] is None) == 1  # RC units only
    assert any((c["ridden_by"] or {}).get("only") for c in VEHICLES)
    for card in VEHICLES:
        assert card["bp"] is None and card["sp"] is None, card["code"]
        assert card["size"] is None and card["combination"] is None, card["code"]
        assert card["operation"] is None and card["condition"] is None, card["code"]
        assert all(e["when"] in ("on_rush", "on_enter") for e in card["effects"]), card["code"]


def test_operations() -> None:
    kinds = Counter(c["operation"] for c in OPERATIONS)
    assert kinds["normal"] >= 4 and kinds["resident"] >= 2 and kinds["counter"] >= 2
    assert set(kinds) == {"normal", "resident", "counter"}
    for card in OPERATIONS:
        assert card["bp"] is None and card["sp"] is None and card["size"] is None
        assert card["combination"] is None and card["carries"] is None, card["code"]
        assert card["effects"], card["code"]
        want = "resident" if card["operation"] == "resident" else "on_use"
        assert all(e["when"] == want for e in card["effects"]), card["code"]
    counters = [c for c in OPERATIONS if c["operation"] == "counter"]
    assert {c["timing"] for c in counters} == {"attacked", "struck"}
    residents = [c for c in OPERATIONS if c["operation"] == "resident"]
    assert [c["tag"] for c in residents].count(True) == 1
    assert all(isinstance(c["tag"], bool) for c in residents)


def test_additional_conditions_by_name_and_by_category() -> None:
    conditioned = [c for c in CARDS if c["condition"] is not None]
    kinds = {next(iter(c["condition"])) for c in conditioned}
    assert kinds == {"unit_named", "unit_category"}
    unit_names = {c["name"] for c in UNITS}
    for card in conditioned:
        assert len(card["condition"]) == 1, card["code"]
        assert card["type"] in ("unit", "operation"), card["code"]
        if "unit_named" in card["condition"]:
            assert card["condition"]["unit_named"] in unit_names, card["code"]
            assert card["condition"]["unit_named"] != card["name"], card["code"]
        else:
            assert card["condition"]["unit_category"] in CATEGORIES, card["code"]
    assert any(c["type"] == "unit" for c in conditioned)
    assert any(c["type"] == "operation" for c in conditioned)


def test_categories() -> None:
    counts = Counter(c["category"] for c in CARDS)
    assert set(counts) == set(CATEGORIES)
    assert all(counts[cat] >= 8 for cat in CATEGORIES), counts
    for cat in CATEGORIES:
        of = [c for c in CARDS if c["category"] == cat]
        assert {c["type"] for c in of} == {"unit", "vehicle", "operation"}, cat
        assert sum(1 for c in of if c["type"] == "unit" and c["power"] <= 1) >= 3, cat


def test_required_power_is_mostly_cheap() -> None:
    powers = Counter(c["power"] for c in CARDS)
    assert set(powers) == {0, 1, 2, 3, 4, 5}
    assert powers[0] + powers[1] + powers[2] >= 0.75 * len(CARDS)
    assert powers[0] >= 8


# -- effects -------------------------------------------------------------------------------


def test_every_effect_is_supported_except_the_documented_one() -> None:
    unsupported = [(c["code"], e) for c, e in EFFECTS if "do" not in e]
    assert [code for code, _ in unsupported] == [UNSUPPORTED]
    ((_, effect),) = unsupported
    assert effect == {"when": "on_use", "text": effect["text"]} and effect["text"]
    assert BY_CODE[UNSUPPORTED]["operation"] == "normal"
    for card, effect in SUPPORTED:
        assert set(effect) <= {"when", "optional", "text", "do"}, card["code"]
        assert effect["when"] in TIMINGS, card["code"]
        assert effect.get("text"), card["code"]
        assert effect["do"], card["code"]
        assert all(op["op"] in OPS for op in effect["do"]), card["code"]
        assert isinstance(effect.get("optional", False), bool), card["code"]


def test_the_engine_reads_every_card_and_executes_every_effect_but_one() -> None:
    engine_effects = pytest.importorskip("judge.games.rangers_strike.effects")
    engine_cards = pytest.importorskip("judge.games.rangers_strike.cards")
    for card in CARDS:
        parsed = engine_cards.CardDef.from_dict(card)
        assert (parsed.code, parsed.type, parsed.category) == (
            card["code"],
            card["type"],
            card["category"],
        )
    unsupported = [c["code"] for c, e in EFFECTS if not engine_effects.supported(e)]
    assert unsupported == [UNSUPPORTED]


def test_timings_belong_to_their_cards() -> None:
    for card, effect in EFFECTS:
        when = effect["when"]
        in_combo = card["combination"] is not None and effect in card["combination"]["effects"]
        assert (when == "combination") == in_combo, card["code"]
        if when in ("on_rush", "on_enter"):
            assert card["type"] in ("unit", "vehicle"), card["code"]
        if when == "on_destroyed":
            assert card["type"] == "unit", card["code"]
        if when == "on_use":
            assert card["operation"] in ("normal", "counter"), card["code"]
        if when == "resident":
            assert card["operation"] == "resident", card["code"]


def test_every_timing_and_every_op_is_used() -> None:
    assert {e["when"] for _, e in SUPPORTED} == set(TIMINGS)
    assert {op["op"] for _, e in SUPPORTED for op in ops(e)} == set(OPS)


def test_op_fields() -> None:
    for card, effect in SUPPORTED:
        for op in ops(effect):
            name = op["op"]
            if name in ("draw", "damage", "heal"):
                assert set(op) == {"op", "n"} and op["n"] >= 1, card["code"]
            elif name == "bp":
                assert op["amount"] != 0 and op["amount"] % 500 == 0, card["code"]
                if effect["when"] == "resident":
                    assert set(op) == {"op", "amount", "target"}, card["code"]
                else:
                    assert set(op) == {"op", "amount", "target", "until"}, card["code"]
                    assert op["until"] in UNTIL, card["code"]
            else:
                assert set(op) == {"op", "target"}, card["code"]


def test_targets_are_resolvable() -> None:
    for card, effect in SUPPORTED:
        for op in ops(effect):
            target = op.get("target")
            if target is None:
                continue
            if target == "self":
                # an operation is never in an area, and a destroyed unit has left it
                assert card["type"] in ("unit", "vehicle"), card["code"]
                assert effect["when"] != "on_destroyed", card["code"]
                continue
            assert set(target) <= {"side", "zone", "count", "bp_max"}, card["code"]
            assert target["side"] in ("own", "opponent"), card["code"]
            assert target["zone"] in ("battle", "rush"), card["code"]
            if effect["when"] == "resident":
                # continuous: every matching card, nothing chosen
                assert op["op"] == "bp" and "count" not in target, card["code"]
            else:
                assert target["count"] >= 1, card["code"]
            if op["op"] == "return":
                assert target["zone"] == "battle", card["code"]  # battle area → rush area


def test_selectors_cover_the_vocabulary() -> None:
    sels = [
        op["target"] for _, e in SUPPORTED for op in ops(e) if isinstance(op.get("target"), dict)
    ]
    assert any(s["side"] == "own" for s in sels)
    assert any(s["side"] == "opponent" for s in sels)
    assert {s["zone"] for s in sels} == {"battle", "rush"}
    assert any("bp_max" in s for s in sels)
    assert any(s.get("count", 1) > 1 for s in sels)
    assert any(op["amount"] < 0 for _, e in SUPPORTED for op in ops(e) if op["op"] == "bp")
    assert any(e.get("optional") for _, e in SUPPORTED)
    assert any(len(ops(e)) > 1 for _, e in SUPPORTED)


def test_resident_effects_are_bp_only() -> None:
    residents = [(c, e) for c, e in SUPPORTED if e["when"] == "resident"]
    assert residents
    for card, effect in residents:
        assert [op["op"] for op in ops(effect)] == ["bp"], card["code"]
    tagged = [c for c, _ in residents if c["tag"]]
    assert len(tagged) == 1 and "Tag" in tagged[0]["effects"][0]["text"]


# -- a legal deck per category pair --------------------------------------------------------


def pair_deck(first: str, second: str) -> list[str]:
    """40 cards of two categories: 3 copies of each card in code order, the last one fewer."""
    pool = [c["code"] for c in CARDS if c["category"] in (first, second)]
    return [code for code in pool for _ in range(MAX_COPIES)][:DECK_SIZE]


@pytest.mark.parametrize("pair", list(itertools.combinations(CATEGORIES, 2)), ids="-".join)
def test_a_legal_deck_per_category_pair(pair: tuple[str, str]) -> None:
    main = pair_deck(*pair)
    assert len(main) == DECK_SIZE
    assert {BY_CODE[code]["category"] for code in main} == set(pair)
    assert max(Counter(BY_CODE[code]["name"] for code in main).values()) <= MAX_COPIES
    assert {BY_CODE[code]["type"] for code in main} == {"unit", "vehicle", "operation"}
    assert check_deck(main, [], BY_CODE) == []


def test_the_deck_checker_sees_the_set_names() -> None:
    main = pair_deck("blaze", "tide")[:-1] + ["RSS-001"]
    problems = check_deck(main, [], BY_CODE)
    assert [p.rule for p in problems] == ["RS-DECK-COPIES"]
    assert problems[0].cards == ("RSS-001",)
    assert "4 copies of Blaze Cadet Rin" in problems[0].message
    assert re.search(r"at most 3 cards", problems[0].message)
