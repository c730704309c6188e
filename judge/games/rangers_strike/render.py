"""A Rangers Strike card's reading rendered in plain English (``judge cards show``).

The English is made from what the engine executes (the effects written by hand, else those
read from the printed text by :mod:`judge.games.rangers_strike.reader`), never from stored
text.  A key, op or timing the renderer does not know is shown raw and flagged
``(not rendered)``, never dropped.  Pure.

>>> render_effect({"when": "combination", "do": [{"op": "destroy", "target": {"side":
...     "opponent", "zone": "battle", "count": 1, "bp_max": 3000, "type": "unit"}}]})
"Number Combination: destroy 1 unit (not a vehicle) with BP 3000 or less in the opponent's battle area."
"""

from __future__ import annotations

import json
from typing import Any

from judge.core.textread import STATUS, unread_part
from judge.core.wording import noun_for, plural
from judge.games.rangers_strike import (
    activated,
    added_traits,
    all_to_command,
    area_rules,
    as_own,
    attack_again,
    attack_bp,
    attack_chosen,
    aura_bp,
    battle_wins,
    bp_highest,
    bp_lowest,
    bp_pair,
    bp_sum,
    chosen_vehicle,
    combination_turn,
    command_discard,
    command_rush,
    command_watch,
    counter_search,
    deck_search,
    deck_top,
    destroy_within,
    discard_bp_cross,
    discard_namesake,
    escort,
    granted,
    hand_cycle,
    held_command,
    held_number,
    held_return,
    keyword_hold,
    modes,
    morph,
    namesake_rush,
    neighbours,
    next_combination,
    no_units,
    only_size,
    opponent_power,
    opponent_search,
    own_cards,
    own_text,
    placed_held,
    placed_watch,
    release_count,
    resident_watch,
    resist_damage,
    reveal_return,
    rush_discard,
    rush_guard,
    rush_waiver,
    rushed_bar,
    self_cost,
    self_toll,
    strike_damage,
    strike_sp,
    tag_activated,
    tag_resident,
    this_turn,
    top_fortune,
    top_look,
    top_three,
    unit_destroys,
    unpowered,
    usable_as,
    vehicle_power,
    zone_conditions,
)
from judge.games.rangers_strike.cards import from_words, taxis_of
from judge.games.rangers_strike.costs import describe
from judge.games.rangers_strike.coverage import understanding
from judge.games.rangers_strike.effects import CHOOSERS, cost_at, fraction, per_ok, while_ok
from judge.games.rangers_strike.power_moves import choice_at
from judge.games.rangers_strike.power_moves import wanted as power_wanted
from judge.games.rangers_strike.quantities import is_quantity
from judge.games.rangers_strike.quantities import words as count_words
from judge.games.rangers_strike.reader import read_card
from judge.games.rangers_strike.resist import discards

FLAG = "(not rendered)"
_KEYWORDS = {
    "any_copies": "A deck may hold any number of this card (RS-DECK-ANY-COPIES)",
    "resist": "Resist: destroyed by a battle while released, it may be held and stay in place "
    "instead of going to the discard pile (RS-RESIST)",
    "wing": "Wing: in your battle phase, while released, it may attack from the rush area without "
    "entering the battle area; it is held, and cannot enter the battle area this turn (RS-WING)",
    "tag": "Tag: it may be placed beside one other resident of yours, two in all, and where its "
    "text executes its bold part (the words in 『…』) you may execute instead the bold part of "
    "another resident of yours in place (RS-TAG)",
}
_WHEN = {
    "combination": "Number Combination",
    "on_use": "When used",
    "on_rush": "When rushed",
    "on_enter": "When it enters the battle area in your turn",
    "on_destroyed": "When destroyed",
}
_WHEN["on_strike_damage"] = (
    "When the unit stacked on this card strikes and deals damage"  # RS-STACK-STRIKE
)
_WHEN["resident"] = "While in place"
_WHEN["on_return"] = "When this returns from the battle area to the rush area"
_WHEN["static"] = "Always"
_SIDES = {"own": "your", "opponent": "the opponent's"}
_SELECTOR = {
    "unridden",
    "riding",
    "side",
    "zone",
    "count",
    "bp_max",
    "bp_equal",
    "printed_bp_max",
    "bp_max_self",
    "type",
    "category",
    "size",
    "no_number",
    "other",
    "released",
    "chooser",
    "power_max",
    "feature",
    "sp_printed",
    "keyword",
    "no_feature",
    "numbered",
    "bp_per_held",
    "count_returned",
    "power_equal",
    "written",
    "number_equal",
    "bp_max_chosen_sum",
    "named_as",
    "no_condition",
}
_ZONES = {"battle": "battle area", "rush": "rush area", "field": "rush or battle area"}
_UNTIL = {"turn": "the end of the turn", "battle": "the end of the battle"}
_BP_KEYS = {"op", "amount", "until", "target", "during", "against"}


#: where a watched effect's card must be (``while``, RS-WHILE-IN-AREA)
_WHILE = {"rush": "your rush area", "field": "your rush or battle area"}
#: what a watched effect's unit does
_SEEN = {"on_rushed": "is rushed", "on_entered": "enters the battle area"}
#: when a ``turn_end`` effect triggers (RS-TURN-END)
_TURN_END = {
    "own": "At the end of your turn",
    "opponent": "at the end of each of the opponent's turns",
}


def _watch_when(effect: dict[str, Any]) -> str | None:
    """A watched effect's timing in English (RS-WHILE-IN-AREA), or None when not known.

    >>> _watch_when({"when": "on_rushed", "while": "field", "of": {"feature": "F"}})
    "While this is in your rush or battle area, when a unit (either player's) with the feature F is rushed"
    """
    where, seen, of = (
        _WHILE.get(effect.get("while")),
        _SEEN.get(effect.get("when")),
        effect.get("of"),
    )  # type: ignore[arg-type]
    if where is None or seen is None or not isinstance(of, dict):
        return None
    if set(of) - {"feature", "side", "phase"} or ("phase" in of) != (of.get("side") == "opponent"):
        return None
    whose = "a unit of yours" if of.get("side") == "own" else "a unit (either player's)"
    if of.get("phase") == "rush":  # RS-HAND-TO-RUSH: "敵軍ラッシュフェイズ中、…敵軍ユニット"
        return (
            f"While this is in {where}, in an opponent's rush phase, when an opposing unit with "
            f"the feature {of.get('feature')} {seen}"
        )
    return f"While this is in {where}, when {whose} with the feature {of.get('feature')} {seen}"


#: the counts a text makes, as the reader of ``judge cards show`` is the card's player
_COUNT_YOU = {
    "own_hand": "the number of cards in your hand",
    "opponent_hand": "the number of cards in the opponent's hand",
    "own_damage": "your damage",
    "opponent_damage": "the opposing side's damage",
    "own_face_up_power": "the number of face-up cards in your power zone",
}


def _count_you(value: Any) -> str:
    """A count (:func:`judge.games.rangers_strike.quantities.is_quantity`) in the words of the
    card's player: "your", never "its controller's", which reads as the unit chosen's."""
    if isinstance(value, dict) and "own_units" in value:
        return f"the number of your units with the feature {value['own_units']['feature']}"
    return _COUNT_YOU.get(value) or count_words(value)


def raw(what: Any) -> str:
    return f"{FLAG} {json.dumps(what, ensure_ascii=False, sort_keys=True)}"


def _cards(sel: Any) -> str | None:
    """A selector in English, or None for one the renderer does not know (no ``count``:
    every unit it covers, as a resident's)."""
    if not isinstance(sel, dict) or set(sel) - _SELECTOR:
        return None
    if sel.get("zone") == "command":  # RS-COMMAND-TO-POWER: cards, not units
        return _commands(sel)
    side = _SIDES.get(sel.get("side", "own"))
    count = sel.get("count")
    zone = _ZONES.get(sel.get("zone", "battle"))
    if side is None or zone is None or sel.get("chooser", "controller") not in CHOOSERS:
        return None
    if count is not None and not isinstance(count, int):
        return None
    one = count in (1, None)
    # a vehicle is never chosen as a unit (RS-VEHICLE), typed or not
    noun = "unit (not a vehicle)" if one else "units (not vehicles)"
    if sel.get("type") == "vehicle":  # RS-SELECT-VEHICLE
        ridden = "no unit rides" if sel.get("unridden") else "ridden or not"
        noun = f"vehicle{'' if one else 's'} ({ridden})"
    if "size" in sel:  # RS-SELECT-SIZE
        noun = f"size {sel['size']} {noun}"
    bits = ["every" if count is None else str(count), noun]
    if sel.get("count_returned") is True and count is None:  # RS-COMMANDS-TO-HAND
        noun = noun.replace("unit (not a vehicle)", "units (not vehicles)")
        bits = ["as many", noun, "as commands were so returned (as many as there are, up to that)"]
    if sel.get("other") is True:
        bits.append("other than this one")
    if sel.get("released") is True:
        bits.append("that is not held")
    if sel.get("no_number") is True:
        bits.append("without a combination number")
    if sel.get("riding") is True:  # RS-SELECT-RIDING
        bits.append("riding a vehicle")
    if "category" in sel:
        wanted = sel["category"]
        bits.append(f"of category {' or '.join(wanted) if isinstance(wanted, list) else wanted}")
    if "feature" in sel:  # RS-SELECT-FEATURE
        bits.append(f"with the feature {sel['feature']}")
    if "no_feature" in sel:  # RS-STACK: "特徴「X」を持たない"
        bits.append(f"without the feature {sel['no_feature']}")
    if sel.get("numbered") is True:  # RS-STACK: "ナンバーに数字を持ち"
        bits.append("with a number as its combination number")
    if sel.get("sp_printed") is True:
        bits.append("whose printed SP is not blank")
    if "keyword" in sel:  # RS-SELECT-KEYWORD
        bits.append(f"with {sel['keyword']}")
    if "written" in sel:  # RS-SELECT-WRITTEN
        bits.append(f"whose card prints the sentence 「{sel['written']}」")
    if sel.get(bp_sum.KEY) is True:  # RS-CHOSEN-BP-SUM
        bits.append(bp_sum.words())
    if sel.get("no_condition") is True:  # RS-REVEAL-RETURN-TO-HAND
        bits.append("without an additional condition")
    if sel.get(discard_namesake.KEY) == discard_namesake.CHOSEN:  # RS-DISCARD-NAMESAKE
        bits.append("with the card name of the unit card chosen")
    elif discard_namesake.KEY in sel:
        return None
    if "bp_max" in sel:
        bits.append(f"with BP {sel['bp_max']} or less")
    if "bp_equal" in sel:  # RS-SELECT-BP-EXACT
        bits.append(f"with BP {sel['bp_equal']} (its BP now)")
    if "bp_per_held" in sel:  # RS-HOLD-OWN-COMMANDS
        bits.append(f"with BP no more than {sel['bp_per_held']} for each command so held")
    if "printed_bp_max" in sel:  # RS-PRINTED-BP
        bits.append(f"whose printed BP is {sel['printed_bp_max']} or less")
    if sel.get("bp_max_self") is True:  # RS-BP-AT-MOST-THIS
        bits.append("with BP no more than this unit's")
    most = sel.get("power_max")
    if most == own_cards.SUM:  # RS-CARDS-POWER-SUM (the words: render_effect's)
        bits.append(f"whose required power is at most {_CARDS_MAKE}")
        most = None
    if held_number.waits(sel):  # RS-HELD-NUMBER (the condition: render_op's)
        bits.append("with that same combination number")
    elif "number_equal" in sel:
        return None
    if sel.get("power_equal") == command_watch.HELD_POWER:  # RS-COMMAND-HELD-WATCH
        bits.append("whose required power is the one that opposing command prints")
    elif sel.get("power_equal") == own_cards.SUM:
        bits.append(f"whose required power is {_CARDS_MAKE}")
    elif "power_equal" in sel:
        return None
    if most == release_count.TIMES:  # RS-RELEASE-TIMES
        bits.append("whose required power is at most the number of times so done")
        most = None
    if most == {"chosen": "power"}:  # RS-CHOOSE-FIRST
        bits.append("whose required power is at most the one the unit chosen prints")
        most = None
    if most is not None:  # RS-POWER-AT-MOST
        if not isinstance(most, int) and not is_quantity(most):
            return None
        bits.append(
            f"whose required power is at most {most if isinstance(most, int) else _count_you(most)}"
        )
    bits.append(f"in {side} {zone}")
    if sel.get("chooser") == "opponent":
        bits.append("(the opponent chooses which)")
    return " ".join(bits)


#: a selector's limit made by the cards the effect chose first (RS-CARDS-POWER-SUM), said by
#: :func:`render_effect` in the words of what was done to them
_CARDS_MAKE = "the number the cards chosen first make"


def _chosen_cards(op: dict[str, Any]) -> str:
    """A ``choose_cards`` op in English (RS-CARDS-POWER-SUM, RS-POWER-TO-DISCARD,
    RS-SHOW-HAND)."""
    if op["zone"] == "hand":
        n = op["count"]
        return (
            f"choose {plural(n, 'card')} of your hand and show "
            f"{'them' if n != 1 else 'it'} to the opponent (kept in your hand)"
        )
    if op["zone"] == "power":
        return (
            "choose 1 card of your power zone (face up or face down) and put it into its owner's "
            "discard pile (not destroyed)"
        )
    n = op["count"]
    what = f"{'up to ' if op.get('up_to') else ''}{plural(n, 'card')}"
    if "feature" in op:
        what += f" with the feature {op['feature']}"
    return f"choose {what} in your discard pile (one or more; they stay there)"


def _commands(sel: dict[str, Any]) -> str | None:
    """A selector of command cards in English, or None for one the renderer does not know."""
    side = _SIDES.get(sel.get("side", "own"))
    count = sel.get("count", 1)
    if set(sel) - {"side", "zone", "count", "category"} or side is None:
        return None
    if not isinstance(count, int) or isinstance(count, bool):
        return None
    bits = [f"{plural(count, 'card')} (held or released, any type)"]
    if "category" in sel:
        wanted = sel["category"]
        bits.append(f"of category {' or '.join(wanted) if isinstance(wanted, list) else wanted}")
    bits.append(f"in {side} command zone")
    return " ".join(bits)


#: what becomes of a stacked card when its unit stops being a unit (RS-STACK-LEAVES,
#: RS-STACK-STAY)
_STACK_LEAVES = {
    "hand": "this card returns to its owner's hand",
    "discard": "this card goes to the discard pile",
    "stay": "this card goes to the discard pile instead and the unit stays where it is",
}


def _stack(op: dict[str, Any]) -> str | None:
    """A ``stack`` op in English (RS-STACK), or None for one the renderer does not know."""
    cards = _cards(op.get("target"))
    leaves = _STACK_LEAVES.get(op.get("leaves"))  # type: ignore[arg-type]
    keys = {"op", "target", "leaves", "bp", "feature", "number", "number_min"}
    if cards is None or leaves is None or set(op) - keys:
        return None
    bp, feature = op.get("bp"), op.get("feature")
    if ("bp" in op and not isinstance(bp, int)) or (
        "feature" in op and not isinstance(feature, str)
    ):
        return None
    given = " and ".join(
        ([f"BP {bp:+d}"] if isinstance(bp, int) else [])
        + ([f"the feature {feature}"] if isinstance(feature, str) else [])
    )
    down, floor = op.get("number"), op.get("number_min")
    if ("number" in op or "number_min" in op) and not (
        isinstance(down, int) and isinstance(floor, int)
    ):
        return None
    if isinstance(down, int) and isinstance(floor, int):
        lowered = f"its combination number {-down} less (but not less than {floor})"
        given = f"{given} and {lowered}" if given else lowered
    while_ = f"; while stacked, the unit has {given}" if given else ""
    return (
        f"choose {cards}; place this card in your rush area (not into the discard pile) and "
        f"stack the unit chosen on it (it is not rushed anew){while_}; when the unit stops being "
        f"a unit, {leaves}"
    )


def render_op(op: Any, resident: bool = False) -> str:
    """One op in English (the vocabulary's ops; any other raw, flagged)."""
    if not isinstance(op, dict):
        return raw(op)
    name, target = op.get("op"), op.get("target", "self")
    n = op.get("n", 1)
    per = op.get("per")
    if name == as_own.OP:  # RS-HOLD-NAMED-COMMAND, RS-AS-OWN-EFFECT
        return as_own.words(op) or raw(op)
    if name == "draw" and set(op) == {"op", "n", "per"} and isinstance(per, dict):
        return (
            f"draw {plural(n, 'card')} for every {per.get('units')} units of yours "
            f"with the feature {per.get('feature')} (rush and battle area)"
        )
    if name == "draw" and set(op) <= {"op", "n"} and isinstance(n, int):
        return f"draw {plural(n, 'card')}"
    if name == "damage" and set(op) <= {"op", "n"} and isinstance(n, int):
        return f"deal {n} damage to the opposing side, as a strike's"
    if name == "heal" and set(op) <= {"op", "n"} and isinstance(n, int):
        return f"turn {n} of your face-down power {noun_for(n, 'card')} face up"
    until = _UNTIL.get(op.get("until", "turn"))
    amount = op.get("amount")
    if (
        name == "bp"
        and set(op) == {"op", "amount", "per"}
        and isinstance(amount, int)
        and per_ok(per)
    ):  # RS-BP-PER, RS-BP-PER-UNITS, RS-BP-PER-DAMAGE
        return f"this unit gets BP {amount:+d} for {own_text.words_per(per)}"
    cond = op.get("while")
    value = op.get("value")
    if while_ok(cond):  # RS-WHILE
        if name == "bp" and set(op) == {"op", "amount", "while"} and isinstance(amount, int):
            return f"this unit gets BP {amount:+d} {own_text.words_while(cond)}"
        if name == "sp" and set(op) == {"op", "value", "while"} and isinstance(value, int):
            return f"this unit is SP {value} {own_text.words_while(cond)}"
        if name == "resist" and set(op) == {"op", "while"}:  # RS-WHILE-NAMED
            return f"this unit has resist {own_text.words_while(cond)}"
        if name == "bp_set" and set(op) == {"op", "value", "while"}:  # RS-COMMAND-FEATURES
            return (
                f"this unit's BP is {value} (other changes to its BP void) "
                f"{own_text.words_while(cond)}"
            )
        if name == "taxis" and set(op) == {"op", "category", "while"}:
            return (
                f"this unit has taxis {op['category']} (RS-TAXIS, its place by rule option "
                f"taxis_position) {own_text.words_while(cond)}"
            )
    numbers = op.get(own_cards.NUMBERS)
    if name == "bp" and isinstance(numbers, list) and numbers:  # RS-SHOWN-NUMBERS-BP
        rest = render_op({k: v for k, v in op.items() if k != own_cards.NUMBERS}, resident)
        said = " and ".join(str(k) for k in numbers)
        return f"then, if the required power numbers of the cards so shown are {said}, {rest}"
    if name == "bp" and set(op) <= _BP_KEYS and isinstance(amount, int) and until:
        cards = "this unit" if target == "self" else _cards(target)
        if cards:
            return (
                f"{cards} get{'s' if cards.startswith(('1 ', 'this', 'every')) else ''} BP {amount:+d}"
                + attack_bp.words(op)
                + ("" if resident else f" until {until}")
            )
    if name == namesake_rush.OP:  # RS-NAMESAKE-HOLD
        said = namesake_rush.op_words(op)
        if said is not None:
            return said
    if name == granted.OP:  # RS-RESIDENT-SCRUM
        said = granted.op_words(op)
        if said is not None:
            return said
    if name == "reveal_top" and set(op) == {"op", "name"}:
        return (
            f"reveal the top card of your deck: named {op['name']}, it goes into your rush area, "
            "otherwise into your discard pile"
        )
    if name == "resident_to_deck" and set(op) == {"op"}:
        return (
            "choose a resident operation in place (either player's): it goes back into its "
            "owner's deck, which is shuffled"
        )
    if name == "stack" and isinstance(target, dict):  # RS-STACK
        said = _stack(op)
        if said is not None:
            return said
    find = op.get("find")
    if (
        name == "discard_to_command"
        and set(op) == {"op", "find", "if_full"}
        and op.get("if_full") == "hand"
        and isinstance(find, dict)
        and set(find) == {"type", "size"}
        and find.get("type") == "unit"
    ):  # RS-STACK-STRIKE
        return (
            f"take 1 size {find.get('size')} unit card from your discard pile and put it held "
            "into your command zone; when that zone holds 5 already, into your hand"
        )
    if name == "to_power_self" and set(op) == {"op"}:  # RS-SELF-TO-POWER
        return "put this card face up into your power zone (not into the discard pile)"
    if (
        name == "power_to_hand" and set(op) == {"op", "find"} and op["find"] == {"type": "unit"}
    ):  # RS-POWER-TO-HAND
        return "take 1 unit card among the face-up cards of your power zone into your hand"
    wants = op.get("find")
    if (
        name == "power_to_rush"
        and isinstance(wants, dict)
        and set(op) - {"no_enter"} == {"op", "find", "power_met", "condition_met"}
    ):  # RS-POWER-TO-RUSH
        find = wants
        size = f"size {find['size']} " if "size" in find else ""
        feature = f" with the feature {find['feature']}" if "feature" in find else ""
        said = (
            f"rush 1 {size}unit card{feature} among the face-up cards of your power zone whose "
            "required power you meet, its additional condition met too, into your rush area (no "
            "command held)"
        )
        if op.get("no_enter") == "turn":
            said += "; the unit so rushed cannot enter the battle area this turn"
        return said
    if name == "discards_to_decks" and set(op) == {"op"}:  # RS-DISCARDS-TO-DECKS
        return (
            "put every card of every player's discard pile into its owner's deck, then shuffle "
            "each deck a card went into"
        )
    if name == "discard_vehicle" and isinstance(target, dict):  # RS-SELECT-VEHICLE
        n = target.get("count", 1)
        size = f"size {target['size']} " if "size" in target else ""
        return (
            f"choose {n} {size}{noun_for(n, 'vehicle')} in an opposing player's battle "
            "area, ridden or not: the unit riding one is destroyed, then the vehicle goes to "
            "the discard pile"
        )
    if name == "hold_own_commands" and set(op) - {"if_done"} == {"op"}:  # RS-HOLD-OWN-COMMANDS
        return "hold any number of released commands of yours (one or more)"
    if name == "commands_to_hand" and set(op) - {"if_done"} == {"op"}:  # RS-COMMANDS-TO-HAND
        return (
            "return any number of commands of yours, held or released (one or more), to your hand"
        )
    if name == release_count.OP and isinstance(op.get("max"), int):  # RS-RELEASE-TIMES
        return (
            f"1 to {op['max']} times, release a held command of yours or a held unit of yours "
            "(one each time)"
        )
    if name == own_cards.OP and own_cards.first_ok({**op, "if_done": True}):
        return _chosen_cards(op)  # RS-CARDS-POWER-SUM
    if name == "hold" and set(op) == {"op"}:
        return "hold this unit (only a released unit can be)"
    count, category = op.get("count"), op.get("category")
    if (
        name == "hold_commands"
        and set(op) == {"op", "count", "category"}
        and isinstance(count, int)
    ):
        return f"hold {count} released {category} {noun_for(count, 'command')} of yours"
    back = _cards(target) if name == reveal_return.RETURN else None
    if back and set(op) == {"op", "target", "if"}:  # RS-REVEAL-RETURN-TO-HAND
        find = op["if"]["revealed"]
        return (
            f"if the card revealed is {reveal_return.words(find)}, return {back} to its owner's "
            "hand (not destroyed)"
        )
    if name == reveal_return.TO_HAND and set(op) == {"op"}:
        return "then put the card revealed into your hand, whatever it is"
    if name == self_cost.OP and isinstance(target, dict) and "power_max" in target:
        return self_cost.sentence(op)  # RS-SELF-COST-TO-COMMAND
    if name == bp_lowest.OP and set(op) == {"op"}:  # RS-BP-LOWEST
        return bp_lowest.sentence()
    if name == resist_damage.OP and set(op) == {"op"}:  # RS-RESIST-TO-DAMAGE
        return resist_damage.sentence()
    if name == all_to_command.OP and all_to_command.op_ok(op):  # RS-ALL-TO-COMMAND
        return all_to_command.sentence(op)
    if name == vehicle_power.OP and op == vehicle_power.EFFECT["do"][0]:  # RS-VEHICLE-TO-POWER
        return vehicle_power.sentence()
    if name == self_toll.OP and set(op) == {"op"}:  # RS-HOLD-OR-DESTROY-SELF
        return "if this unit is released, hold it; if it is held, destroy it"
    if name == bp_pair.OP and set(op) == {"op", "size", "if_full"}:  # RS-BP-PAIR-TO-COMMAND
        full = (
            "into the discard pile instead, not destroyed"
            if op["if_full"] == "discard"
            else "nowhere: it stays"
        )
        return (
            f"choose 1 size {op['size']} unit (not a vehicle) in the opponent's battle area and 1 "
            f"in the opponent's rush area with the same BP, and if you do: put both held into "
            f"their owners' command zones (a unit whose owner's command zone holds 5 cards goes "
            f"{full})"
        )
    if name == discard_namesake.OP and op == discard_namesake.FIRST:  # RS-DISCARD-NAMESAKE
        return "choose 1 unit card in an opposing discard pile (it stays there)"
    if name == "from_discard" and set(op) == {"op", "name", "count"} and isinstance(count, int):
        return (
            f"put {plural(count, 'card')} named {op['name']} from your discard "
            "pile into your rush area (no power, command or condition needed)"
        )
    find = op.get("find")
    if name == "from_deck" and op.get("distinct_names") is True and isinstance(find, dict):
        return (  # RS-SEARCH-DISTINCT-NAMES
            f"take {deck_search.wanted(op)}, no two with the same card name, from your deck and "
            "put them into your rush area (no power, command or condition needed)"
        )
    if name == "from_deck" and set(op) == {"op", "find", "count", "to"} and isinstance(find, dict):
        what = deck_search.wanted(op)
        if op["to"] == deck_top.TO:  # RS-SEARCH-TO-TOP: 選び (no choice to take none)
            return (
                f"look through your deck and choose {what} in it, if there is one, and show it "
                "to the opponent"
            )
        them = "it" if op["count"] == 1 else "them"  # 1枚 / N枚まで
        if op["to"] == "hand":
            return (
                f"take {what} from your deck, show {them} to the opponent and put {them} into "
                "your hand"
            )
        return (
            f"take {what} from your deck and put {them} into your rush area (no power, command "
            "or condition needed)"
        )
    if name == "gather_named" and set(op) == {"op", "name", "upto"}:  # RS-GATHER-NAMED
        return (
            f"if you have {op['upto']} or fewer units named 「{op['name']}」 in your rush and battle "
            f"areas, put cards named 「{op['name']}」 from the face-up cards of your power zone or "
            f"the cards of your command zone into your rush area, until you have {op['upto']} (no "
            "power, command or condition needed)"
        )
    if name == "from_hand" and op.get("condition_met") is True and isinstance(find, dict):
        return (  # RS-HAND-TO-RUSH
            f"put {deck_search.wanted(op)} from your hand into your rush area (its additional "
            "condition must be met; no power or command needed)"
        )
    if name == "from_hand" and set(op) == {"op", "find", "count", "to"} and isinstance(find, dict):
        return (
            f"put {deck_search.wanted(op)} from your hand into your rush area (no power, "
            "command or condition needed)"
        )
    if name == "from_hand_or_discard" and set(op) == {"op", "hand", "discard"}:  # RS-EITHER-PILE
        return (
            f"put one card, a card named {op['hand']} from your hand or one named "
            f"{op['discard']} from your discard pile, into your rush area (no power, command or "
            "condition needed)"
        )
    inner = op.get("do")
    if name == placed_watch.OP and set(op) == {"op"}:  # RS-PLACED-HELD-WATCH
        return placed_watch.words()
    if name == command_watch.OP and isinstance(inner, list) and len(inner) == 1:
        return command_watch.words(op, render_op(inner[0]))  # RS-COMMAND-HELD-WATCH
    if name == command_discard.OP and set(op) - {"if_done"} == {"op", "count"}:
        n = op["count"]  # RS-DISCARD-HELD-COMMAND
        return (
            f"choose {n} held {noun_for(n, 'command')} of yours and put "
            f"{'them' if n != 1 else 'it'} into your discard pile"
        )
    cond = op.get("released_if")
    if name == "top_to_command" and set(op) == {"op", "released_if"} and isinstance(cond, dict):
        return (  # RS-DISCARD-HELD-COMMAND
            "put the top card of your deck into your command zone: released if it has the "
            f"feature {cond.get('feature')}, held if not"
        )
    if name == "top_to_command" and set(op) == {"op"}:
        return (
            "put the top card of your deck held into your command zone (into the discard pile "
            "when the zone holds 5)"
        )
    if op == deck_top.SHUFFLE:  # RS-SEARCH-TO-TOP
        return "shuffle your deck without the card chosen and put that card on top of it"
    if name == "shuffle" and set(op) == {"op"}:
        return "shuffle your deck"
    if name == "hold_all_commands" and set(op) == {"op"}:
        return "hold every released command of the opposing side"
    if name == aura_bp.HELD_OP and set(op) == {"op", "size", "bp"}:  # RS-HELD-AURA-BP
        return (
            f"until the end of the turn, every held opposing size {op['size']} unit has BP "
            f"{op['bp']} (one so brought to BP 0 or less is destroyed)"
        )
    if name == keyword_hold.OP and set(op) == {"op", "keywords"}:  # RS-HOLD-KEYWORD
        words = " or ".join(str(w) for w in op["keywords"])
        return (
            f"hold every opposing unit (not a vehicle) of the rush and battle areas that has {words} "
            "(those held already stay held)"
        )
    if (
        name == "release_command"
        and set(op) - {"if_done", "side"} == {"op", "count"}
        and isinstance(count, int)
        and op.get("side", "own") in _SIDES
    ):  # RS-RELEASE-COMMAND, RS-RELEASE-OPPOSING
        it = "it" if count == 1 else "them"
        whose = "of yours" if op.get("side", "own") == "own" else "of the opposing side"
        return f"choose {count} held {noun_for(count, 'command')} {whose} and release {it}"
    if name == "reveal" and set(op) - {"if_done"} == {"op"}:  # RS-REVEAL-TO-BOTTOM
        return "reveal the top card of your deck"
    if name == "revealed_to_bottom" and set(op) == {"op"}:  # RS-REVEAL-TO-BOTTOM
        return "afterwards put the card revealed at the bottom of your deck"
    if name == destroy_within.OP and set(op) == {"op", "no_feature", "bp_total_max", "count_max"}:
        return destroy_within.words(op)  # RS-DESTROY-BP-TOTAL
    if bp_highest.is_op(op) and set(op) == {"op", "value", "until", "if"}:  # RS-IF-BP-HIGHEST
        return bp_highest.words(op)
    if (
        name == "bp"
        and op.get("per") == chosen_vehicle.PER
        and set(op)
        == {
            "op",
            "amount",
            "until",
            "per",
        }
    ):  # RS-BP-PER-VEHICLE-POWER
        return chosen_vehicle.words(op)
    cond = op.get("if")
    shown = cond.get("revealed") if isinstance(cond, dict) else None
    if (
        name == "sp"
        and target == "self"
        and set(op) == {"op", "value", "until", "if"}
        and isinstance(shown, dict)
        and set(cond) == {"revealed"}
        and shown.get("type") == "unit"
        and set(shown) <= {"type", "feature"}
        and isinstance(op["value"], int)
        and op["until"] == "turn"
    ):  # RS-REVEAL-TO-BOTTOM
        feature = f" with the feature {shown['feature']}" if "feature" in shown else ""
        return (
            f"if the card revealed is a unit card{feature}, this unit is SP {op['value']} until "
            "the end of the turn"
        )
    if name == "damage_to_hand" and set(op) - {"if_done"} == {"op"}:  # RS-DAMAGE-TO-HAND
        return (
            "take 1 face-down card (a point of damage) of your power zone into your hand, "
            "without turning it face up"
        )
    if name == "top_to_damage" and set(op) == {"op"}:  # RS-DAMAGE-TO-HAND
        return (
            "put the top card of your deck face down into your power zone without looking at it "
            "(a point of damage)"
        )
    if name == "power_card_to_rush" and set(op) == {"op", "find"} and isinstance(find, dict):
        # RS-POWER-TO-RUSH-AREA
        return (
            f"put 1 {power_wanted(find).removeprefix('a ')} among the face-up cards of your power "
            "zone into your rush area (no power, command or condition needed)"
        )
    if name == "rider_to_hand" and set(op) == {"op"}:  # RS-RIDER-TO-HAND
        return "return the unit riding this vehicle to its owner's hand"
    if name == "release_rider" and set(op) == {"op"}:  # RS-RELEASE-RIDER
        return "release the unit riding this vehicle"
    if op == area_rules.SHIELD:  # RS-NEXT-TURN-SHIELD
        return (
            "in the next opponent's turn, while this unit is in your rush or battle area, your "
            "size S units riding a vehicle cannot be attacked by opposing units"
        )
    if name == "discard" and set(op) == {"op"}:  # RS-DISCARD-SELF
        return "put this unit into its owner's discard pile (it is not destroyed)"
    if name == "to_power" and set(op) == {"op"}:
        return "put this card from the discard pile into your power zone, face up"
    sp_keys = {"op", "value", "until", "target"}
    if name == "sp" and target == "self" and set(op) <= sp_keys and isinstance(value, int):
        return f"this unit is SP {value} until {until or raw(op.get('until'))}"
    chosen = _cards(target) if isinstance(target, dict) else None
    if name == "add_feature" and chosen and set(op) == {"op", "target", "feature"}:
        return f"{chosen} has the feature {op['feature']} too, until the end of the turn"
    if name == "sp" and chosen and set(op) <= sp_keys and until:
        at = fraction(value)
        if isinstance(value, int) and not isinstance(value, bool):
            return f"{chosen} is SP {value} until {until}"
        if at is not None:
            return (
                f"{chosen} is SP {value} until {until}: SP {at[0]} while it stands number "
                f"{at[1]} in its battle area, 0 elsewhere"
            )
    if name == "to_damage" and target == "chosen" and op.get("if") == "namesake":
        return (
            "if another unit on its side has the card name of the unit chosen, put the unit "
            "chosen face down into its owner's power zone, as damage"
        )
    cards = _cards(target)
    if cards and set(op) - {"if_done"} == {"op", "target"}:
        if name == "destroy" and held_number.waits(target):  # RS-HELD-NUMBER
            return f"if the command so held prints a combination number, destroy {cards}"
        if name == "destroy":
            return f"destroy {cards}"
        if name == "hold":
            return f"hold {cards}"
        if name == "choose":  # RS-CHOOSE-FIRST
            return f"choose {cards}"
        if name == "to_damage":
            return f"put {cards} face down into its owner's power zone, as damage"
        if name == "to_deck_bottom":  # RS-TO-DECK-BOTTOM
            whose = "its" if target.get("count") == 1 else "their"
            who = "the opponent likes" if target.get("chooser") == "opponent" else "you like"
            return f"put {cards} on the bottom of {whose} owner's deck, in the order {who}"
        if name == "to_battle":
            return f"put {cards} into its owner's battle area if it can (no combination triggers)"
        if name == "to_power_zone" and target.get("zone") == "command":
            return f"put {cards} face up into its owner's power zone"
        if name == "to_power_zone":
            return f"put {cards} face up into its owner's power zone (not destroyed)"
        if name == "return":
            return f"return {cards} to the rush area"
    picked = strike_damage.op_words(op)
    if picked is not None:  # RS-OPPONENT-PICKS-DISCARD
        return picked
    if name == "discard_command" and isinstance(target, dict) and set(op) == {"op", "target"}:
        most = target.get("power_max")  # RS-DISCARD-COMMAND
        limit = (
            "the required power the destroyed unit prints"
            if most == battle_wins.DESTROYED_POWER
            else str(most)
        )
        return (
            f"put {target.get('count')} card of an opposing command zone (held or released) "
            f"whose required power is at most {limit} into its owner's discard pile"
        )
    if cards and set(op) - {"if_done"} == {"op", "target", "if_full"} and name == "to_command":
        full = {
            "discard": "it goes to the discard pile instead (not destroyed)",
            "nothing": "the effect does nothing",
        }.get(op["if_full"])
        if full:
            return (
                f"put {cards} held into its owner's command zone; when that zone holds 5 "
                f"already, {full}"
            )
    return raw(op)


def render_effect(effect: dict[str, Any]) -> str:
    """One effect in English: its timing, then its ops."""
    if effect.get("when") == top_look.WHEN and top_look.ok(effect):
        return f"{top_look.words(effect)} (RS-LOOK-TOP-CATEGORY)."
    if effect.get("when") == tag_activated.WHEN and tag_activated.ok(effect):
        return f"{tag_activated.words(effect)} (RS-TAG-ONCE, RS-TURN-FEATURE, RS-TAG)."
    if effect.get("when") == tag_resident.WHEN and tag_resident.ok(effect):
        return f"{tag_resident.words(effect)} (RS-TAG-HELD-ENTERED, RS-TAG)."
    if effect.get("when") == counter_search.WHEN and counter_search.ok(effect):
        return f"{counter_search.words(effect)} (RS-COUNTER-NAMESAKE-SEARCH)."
    if effect.get("when") == hand_cycle.WHEN and hand_cycle.ok(effect):
        return f"{hand_cycle.words(effect)} (RS-RUSHED-HAND-CYCLE)."
    if effect.get("when") == unit_destroys.WHEN and unit_destroys.ok(effect):
        return f"{unit_destroys.words(effect)} (RS-FEATURE-DESTROYS-DRAW)."
    if activated.ok(effect) and activated.is_command_op(effect["do"][0]):  # RS-SEARCH-TO-COMMAND
        return (
            "In your rush phase, you may put this vehicle from your rush area into your discard "
            "pile (not destroyed) to activate this: look through your deck, choose an operation "
            "card in it, if there is one, and put it held into your command zone (when the zone "
            "is full, first choose a command of yours and put it into the discard pile); then "
            "shuffle your deck."
        )
    if activated.ok(effect):  # RS-ACTIVATE, RS-SEARCH-EITHER-NAME
        return (
            "In your rush phase, you may put this unit from your rush area into your discard pile "
            "(not destroyed) to activate this: you may take "
            f"{deck_search.wanted(effect['do'][0])} from your deck and put it into your rush area "
            "(no power, command or condition needed); then, a card taken or not, shuffle your deck."
        )
    if attack_again.ok(effect):  # RS-ATTACK-AGAIN: the one shape
        return (
            "Each time this unit attacks and wins the battle (optional: you may): choose 1 "
            "released command of the opposing side and hold it, and if you do: this unit may "
            "attack again (right away; it cannot strike for it)."
        )
    if resident_watch.is_effect(effect) and resident_watch.ok(effect):  # RS-RESIDENT-ENTERED
        op = effect["do"][0]
        return (
            f"{resident_watch.words(effect)} (optional: you may activate it): put "
            f"{deck_search.wanted(op)} from your hand into your rush area, if you have one (no "
            "power, command or condition needed)."
        )
    if held_return.is_effect(effect):  # RS-TURN-END-HELD-TO-HAND
        said = held_return.words(effect)
        return raw({k: v for k, v in effect.items() if k != "text"}) if said is None else said
    if placed_held.is_effect(effect):  # RS-PLACED-HELD
        said = placed_held.words(effect)
        return raw({k: v for k, v in effect.items() if k != "text"}) if said is None else said
    if rush_discard.is_effect(effect):  # RS-RUSH-HELD-DISCARD
        said = rush_discard.words(effect)
        return raw({k: v for k, v in effect.items() if k != "text"}) if said is None else said
    if effect.get("when") == next_combination.WHEN:  # RS-NEXT-COMBINATION
        return next_combination.words(effect) or raw(
            {k: v for k, v in effect.items() if k != "text"}
        )
    when = _WHEN.get(effect.get("when"))  # type: ignore[arg-type]
    if as_own.as_entering(effect):  # RS-SHOW-FOR-NAMED-EFFECT: "出るとき"
        when = "As it enters the battle area in your turn"
    if effect.get("when") == "on_destroyed" and discards(effect):
        when = (
            "When destroyed and put into the discard pile"  # 撃破されて捨札になったとき (RS-RESIST)
        )
    if "while" in effect or "of" in effect:  # RS-WHILE-IN-AREA
        when = _watch_when(effect)
    if effect.get("when") == "turn_end":  # RS-TURN-END
        when = _TURN_END.get(effect.get("turn"))  # type: ignore[arg-type]
        where = _WHILE.get(effect.get("while"))  # type: ignore[arg-type]
        if when is not None and "while" in effect:
            when = (
                None if where is None else f"While this is in {where}, {when[0].lower()}{when[1:]}"
            )
        elif when is not None:
            when = when[0].upper() + when[1:]
        if when is not None and "destroyed" in effect:  # RS-IF-DESTROYED-THIS-TURN
            said = this_turn.words(effect["destroyed"])
            when = None if said is None else f"{when}, {said}"
    if effect.get("when") == battle_wins.WHEN:  # RS-DESTROYS-IN-BATTLE
        when = battle_wins.words(effect)
    if effect.get("when") == strike_damage.WHEN and isinstance(effect.get("by"), dict):
        # RS-STRIKE-DEALT (by "stacked", a stacked card's, is RS-STACK-STRIKE's: _WHEN)
        when = strike_damage.words(effect)
    if when is not None and effect.get("turn") == "opponent" and effect["when"] != "turn_end":
        when += " in an opponent's turn"
    if when is not None and effect.get("turn") == "own" and effect["when"] == "on_rush":
        when += " in your turn"  # RS-SELECT-RIDING: "自軍ターン中、これをラッシュしたとき"
    cond = effect.get("if")
    if when is not None and cond == {"rider_held": True}:
        when += ", if the unit riding this vehicle is held"  # RS-RELEASE-RIDER
    if when is not None and cond == {"self_held": True}:
        when += ", if this unit is held then"  # RS-TURN-END-HELD-DISCARD
    if when is not None and isinstance(cond, dict) and "own_units_at_most" in cond:  # RS-IF-UNITS
        kind = f"size {cond['size']} units" if cond.get("size") else "units"
        when += f", if you have {cond['own_units_at_most']} {kind} or fewer"
    if when is not None and isinstance(cond, dict) and "own_has" in cond:  # RS-IF-NAMED
        when += f", if a card named 「{cond['own_has']}」 is in your rush or battle area"
    if when is not None and isinstance(cond, dict) and "opposing_more" in cond:
        kind = f"size {cond['size']} units" if cond.get("size") else "units"  # RS-IF-OUTNUMBERED
        when += (
            f", if the opposing side has at least {cond['opposing_more']} more {kind} than you "
            "(rush and battle areas)"
        )
    if when is not None and zone_conditions.ok(cond):  # RS-IF-ZONES-ALL
        when += f", {zone_conditions.words(cond)}"  # type: ignore[arg-type]
    if when is not None and no_units.ok(cond):  # RS-IF-NONE-WITH-FEATURE
        when += f", {no_units.words(cond)}"  # type: ignore[arg-type]
    if when is not None and only_size.ok(cond):  # RS-IF-OPPOSING-ONLY-SIZE
        when += f", {only_size.words(cond)}"  # type: ignore[arg-type]
    if when is not None and neighbours.ok(cond):  # RS-NEXT-TO: the ability it has then
        when += f", {neighbours.words(cond)} (the ability it has then)"  # type: ignore[arg-type]
    known = ("own_units_at_most", "own_has", "opposing_more", "rider_held", "self_held")
    if cond is not None and not (
        zone_conditions.ok(cond)
        or no_units.ok(cond)
        or only_size.ok(cond)
        or neighbours.ok(cond)
        or (isinstance(cond, dict) and any(k in cond for k in known))
    ):
        when = None  # a condition the renderer does not know: shown raw
    extra = set(effect) - {
        "when",
        "do",
        "text",
        "optional",
        "turn",
        "if",
        "activate",
        "while",
        "of",
        *(("foe",) if effect.get("when") == battle_wins.WHEN else ()),
        *(("by",) if effect.get("when") == strike_damage.WHEN else ()),
        *(("destroyed",) if effect.get("when") == "turn_end" else ()),
    }
    if effect.get("when") == "on_strike_damage" and effect.get("by") == "stacked":
        extra.discard("by")  # RS-STACK-STRIKE: the unit stacked on the card
    if when is None or extra or not isinstance(effect.get("do"), list):
        return raw({k: v for k, v in effect.items() if k != "text"})
    listed = modes.listed(effect)
    if listed is not None and effect.get("when") == "on_use":  # RS-CHOOSE-ONE
        each = [_body(render_effect(modes.as_effect(effect, m)), when) for m in listed]
        return f"{when}, choose one — " + " ".join(
            f"({k}) {text}" for k, text in enumerate(each, start=1)
        )
    if bp_sum.ok(effect):  # RS-CHOSEN-BP-SUM
        return f"{when}: {bp_sum.sentence(effect)}."
    if held_command.ok(effect, effect.get("when")):  # RS-IF-HELD-FEATURE
        return f"{when}: {held_command.sentence(effect)}."
    if opponent_search.ok(effect, effect.get("when")):  # RS-OPPONENT-SEARCH
        return f"{when}: {opponent_search.sentence()}."
    if unpowered.ok(effect, effect.get("when")):  # RS-DISCARD-UNPOWERED
        return f"{when}: {unpowered.sentence(effect['do'][0])}."
    if rush_waiver.ok(effect, effect.get("when")):  # RS-WAIVE-CONDITION
        return f"{when}: {rush_waiver.sentence(effect)}."
    if attack_chosen.is_effect(effect):  # RS-ATTACK-CHOSEN
        said = attack_chosen.words(effect)
        return (
            raw({k: v for k, v in effect.items() if k != "text"})
            if said is None
            else f"{when}: {said}."
        )
    if added_traits.is_effect(effect):  # RS-ADDED-TO-BOTTOM: the SP either way, then the choice
        said = added_traits.words(effect)
        return (
            raw({k: v for k, v in effect.items() if k != "text"})
            if said is None
            else f"{when}: {said}."
        )
    may = " (optional: you may)" if effect.get("optional") else ""
    resident = effect.get("when") in ("resident", "static")  # (no end: while it holds)
    ops = [render_op(op, resident) for op in effect["do"]]
    first = effect["do"][0]
    if discard_bp_cross.ok(effect):  # RS-DISCARD-BP-CROSS
        pick, gain = effect["do"]
        find = pick["find"]
        return (
            f"{when} (optional: you may): choose 1 size {find['size']} unit card whose category is "
            f"not {find['not_category']} in your discard pile (it stays there), and if you do: "
            "until the end of the turn this unit gets BP + the BP that card prints and has クロス "
            f"{gain['cross']} (the combination numbers and SP denominators of the units to its "
            f"right in your battle area {gain['cross']} less, not below 2)."
        )
    if top_three.ok(effect, effect.get("when")):  # RS-REVEAL-EITHER-DECK
        return f"{when} (optional: you may): {top_three.sentence(effect)}."
    if top_fortune.ok(effect, effect.get("when")):  # RS-REVEALED-NUMBER: the opponent's choice
        return f"{when}: {top_fortune.sentence(effect)}."
    if opponent_power.ok(effect):  # RS-OPPONENT-RETURNS-POWER: the opponent's choice, not yours
        return f"{when}: {opponent_power.sentence(effect, ops)}."
    if isinstance(first, dict) and first.get("op") == own_cards.OP:  # RS-CARDS-POWER-SUM
        ops = [o.replace(_CARDS_MAKE, own_cards.words(first)) for o in ops]
    if len(ops) > 1 and (first == {"op": "hold"} or first.get("if_done") is True):
        # RS-HOLD-SELF, RS-IF-DONE
        return f"{when}{may}: {ops[0]}, and if you do: " + "; ".join(ops[1:]) + "."
    if deck_top.is_op(first) and len(ops) == 2 and effect.get("activate"):  # RS-SEARCH-TO-TOP
        return f"{when} (optional: you may activate it): {ops[0]}; then {ops[1]}."
    if first.get("op") == "from_deck" and len(ops) == 2 and effect.get("activate"):
        # RS-MAY-ACTIVATE: not activated, nothing happens (no shuffle)
        return (
            f"{when} (optional: you may activate it): you may {ops[0]}; then, a card taken or "
            f"not, {ops[1]}."
        )
    if first.get("op") == "from_deck" and len(ops) == 2:  # RS-SEARCH-DECK
        return f"{when}: you may {ops[0]}; then, a card taken or not, {ops[1]}."
    tail = choice_at(effect)
    if tail and effect.get("optional"):  # RS-POWER-TO-HAND: what comes before, either way
        return f"{when}: " + "; ".join(ops[:tail]) + f"; then you may {ops[tail]}."
    at = cost_at(effect)
    if at is not None and effect.get("optional") and 0 < at < len(ops) - 1:  # RS-COMMAND-COST
        return (
            f"{when}: "
            + "; ".join(ops[:at])
            + f"; then you may {ops[at]}, and if you do: "
            + "; ".join(ops[at + 1 :])
            + "."
        )
    if at == 0 and effect.get("optional") and len(ops) > 1:
        return f"{when}: you may {ops[0]}, and if you do: " + "; ".join(ops[1:]) + "."
    return f"{when}{may}: " + "; ".join(ops) + "."


def _body(text: str, when: str) -> str:
    """An effect's words without its timing ``when``: what it does ("you may …" when it is
    optional)."""
    rest = text[len(when) :] if text.startswith(when) else text
    may = " (optional: you may): "
    return "you may " + rest[len(may) :] if rest.startswith(may) else rest.removeprefix(": ")


def render_restriction(rule: dict[str, Any]) -> str:
    """A unit's own printed restriction in English (RS-CARD-RESTRICTION, RS-MUST-ENTER), or a
    rule its text lays on other units (:mod:`judge.games.rangers_strike.area_rules`)."""
    name = rule.get("rule")
    if name == "no_attack":
        return "It cannot attack."
    if name == rushed_bar.NAME and rushed_bar.ok(rule):  # RS-BARS-RUSHED
        return rushed_bar.words(rule)
    if name == "no_enter_own_turn":  # RS-CARD-RESTRICTION
        return "It cannot enter the battle area in your turn."
    if name == rush_guard.NAME and rush_guard.ok(rule):  # RS-RUSH-GUARD
        return rush_guard.words(rule)
    if name == escort.NAME and escort.ok(rule):  # RS-NOT-ATTACKED-WITH-OWN, RS-NEXT-TO-BP
        return escort.words(rule)
    if name == aura_bp.NAME and aura_bp.ok(rule):  # RS-AURA-BP
        return aura_bp.words(rule)
    if name == "no_attack_on" and set(rule) == {"rule", "size"}:
        return f"It cannot attack a size {rule['size']} unit."
    if name == "no_attack_on" and set(rule) == {"rule", "features"}:
        return f"It cannot attack a unit with the feature {' or '.join(rule['features'])}."
    if name == "no_enter":
        return "It cannot enter the battle area."
    if name == "battle_category":  # RS-ADD-FEATURE
        return (
            f"While it is in a battle area it has the category {rule.get('category')} besides "
            "its printed one (RS-ADD-FEATURE)."
        )
    if name == "no_enter_rush_turn":  # RS-CARD-RESTRICTION
        unless = rule.get("unless_damage")
        void = f", unless its player has {unless} damage or more" if unless else ""
        return f"It cannot enter the battle area in the turn it was rushed{void}."
    if name == "must_enter":
        return "Every turn it enters the battle area if it can: the battle phase ends only after."
    if name == "dies_winning":
        when = "In an opponent's turn, it" if rule.get("turn") == "opponent" else "It"
        if "feature" in rule:
            against = f"a unit with the feature {rule['feature']}"
        else:
            against = f"a unit with SP {rule.get('sp_min')} or more"
        return f"{when} is destroyed when it battles {against}, even when it wins (no resist)."
    if name == "not_attacked_by" and rule.get("while_held"):
        return "While it is held it cannot be attacked by an opposing unit (RS-CARD-RESTRICTION)."
    if name == "not_attacked_by":
        limit = ""
        if "bp_min" in rule:
            limit = f" with BP {rule['bp_min']} or more"
        elif "bp_max" in rule:
            limit = f" with BP {rule['bp_max']} or less"
        size = f"size {rule['size']} " if "size" in rule else ""
        cond = rule.get("while_own_battle")
        if isinstance(cond, dict):  # "特徴「X」を持つユニットが自軍バトルエリアにあれば"
            other = "another unit" if cond.get("other") else "a unit"
            return (
                f"While {other} with the feature {cond['feature']} is in your battle area, it "
                f"cannot be attacked by a {size}unit{limit}."
            )
        return f"It cannot be attacked by a {size}unit{limit}."
    if name == "rides":  # RS-RIDER
        what = f"a vehicle with the feature {rule['feature']}" if "feature" in rule else "a vehicle"
        return f"It may ride {what} without RC (RS-RIDER)."
    if name == "no_strike_after_ride_off":
        return "It cannot strike once it has ridden off (RS-RIDE-OFF)."
    if name == "enter_hold":
        n = rule.get("count")
        but = "; not when Morph puts it there, RS-MORPH" if rule.get("except_morph") else ""
        return (
            f"It enters the battle area only by holding {n} released command"
            f"{'s' if n != 1 else ''} of yours (any category{but}) (RS-ENTER-HOLD)."
        )
    if name == morph.NAME and set(rule) == {"rule"}:  # RS-MORPH
        return morph.words(rule)
    if name == "rush_held":
        return "When it is rushed it is put into the rush area held (RS-RUSH-HELD)."
    if name == command_rush.NAME and set(rule) == {"rule"}:  # RS-COMMAND-TO-RUSH-SELF
        return command_rush.words(rule)
    if name == strike_sp.NAME and strike_sp.ok(rule):  # RS-STRIKE-SP-RETRIEVED
        return strike_sp.words(rule)
    if name == "attack_rush":
        return "It may attack a unit in the opponent's rush area too (RS-ATTACK-RUSH-AREA)."
    if name == "turn_end_destroy":  # RS-TURN-END-DESTROY
        return (
            f"As you end your turn (your end phase), it is destroyed if its BP is "
            f"{rule.get('bp_min')} or more."
        )
    if name == "scrum":  # RS-SCRUM
        return (
            "Scrum: it cannot be attacked while the unit directly after it in its battle area "
            "has a combination number one more than its own (RS-SCRUM)."
        )
    if name == "void_must_enter":  # RS-VOID-MUST-ENTER
        return (
            "While it is in your rush or battle area, your units with the feature "
            f"{(rule.get('of') or {}).get('feature')} need not enter the battle area: their "
            "printed note to enter it every turn if they can is void (RS-VOID-MUST-ENTER)."
        )
    if name == "bars_acting":  # RS-BARS-OPPOSING
        of = rule.get("of") or {}
        size = f"size {of['size']} " if of.get("size") else ""
        n = rule.get("held")
        return (
            "While it is in your battle area, in an opponent's battle phase, if the opposing side "
            f"has {n} or more held commands, opposing {size}units with the "
            f"feature {of.get('feature')} can neither attack nor strike (RS-BARS-OPPOSING)."
        )
    if name == "shields":  # RS-SHIELDS-OWN
        of = rule.get("of") or {}
        size = f"size {of['size']} " if of.get("size") else ""
        but = f", except those named {of['not_named']}," if of.get("not_named") else ""
        return (
            f"While it is in your battle area, in an opponent's turn, your {size}units with the "
            f"feature {of.get('feature')}{but} cannot be attacked (RS-SHIELDS-OWN)."
        )
    if name == "bars_entering":  # RS-BARS-ENTERING
        of = rule.get("of") or {}
        size = f"size {of['size']} " if of.get("size") else ""
        named = (rule.get("number_is") or {}).get("named")
        return (
            f"While it is in your battle area, in an opponent's turn, an opposing {size}unit "
            "whose printed combination number is the number of cards named "
            f"{named} in your battle area cannot enter the battle area (RS-BARS-ENTERING)."
        )
    if name == "no_strike_while":
        unless = rule.get("unless_damage")
        void = f", unless its player has {unless} damage or more" if unless else ""
        return (
            "It cannot strike while an opposing unit (rush or battle area) has the feature "
            f"{rule.get('feature')}{void}."
        )
    return raw(rule)


def _cost_lines(defn: dict[str, Any]) -> list[str]:
    """An additional condition that discards units, in English (RS-RUSH-DISCARD)."""
    cost = defn.get("cost")
    if isinstance(cost, dict) and isinstance(cost.get("hold"), int):
        n = cost["hold"]
        return [
            f"Additional condition: hold {n} more released command{'s' if n > 1 else ''} of "
            "yours (any category) to rush or use it."
        ]
    if not isinstance(cost, dict) or not isinstance(cost.get("discard"), dict):
        return []
    if cost.get("zero_power"):
        return [
            f"Additional condition (optional): discard {describe(cost)}; then its required "
            "power is 0."
        ]
    return [f"Additional condition: discard {describe(cost)} to rush or use it."]


def _sp_lines(defn: dict[str, Any]) -> list[str]:
    """A printed SP that is not a whole number, in English (RS-SP-FRACTION, RS-SP-SPECIAL)."""
    at = defn.get("sp_at")
    if isinstance(at, dict):
        n = at.get("position")
        return [f"SP {at.get('sp')}/{n}: SP {at.get('sp')} while {_nth(n)} in the battle area."]
    if defn.get("sp_special"):
        return ["SP ！: SP only from its Number Combination or text."]
    return []


def _nth(n: Any) -> str:
    suffix = {1: "st", 2: "nd", 3: "rd"}.get(n if isinstance(n, int) and n < 20 else -1, "th")
    return f"{n}{suffix}"


def _combination_words(
    line: str, number: Any, frm: dict[str, Any] | None, rides_off: bool = False
) -> str:
    """A combination effect's line with its trigger said: its number, and the unit it is
    made from (RS-COMBINATION-FROM).

    >>> _combination_words("Number Combination: draw 1 card.", None, {"feature": "F"})
    'Combination (when it enters directly after a unit with the feature F): draw 1 card.'
    >>> _combination_words("Number Combination: draw 1 card.", 5, {"names": ["A"]})
    'Number Combination 5 (also, whatever its number, when it enters directly after a unit named A): draw 1 card.'
    """
    if isinstance(number, int):
        said = f"Number Combination {number}"
        if frm is not None:
            said += f" (also, whatever its number, when it enters directly after {from_words(frm)})"
        if rides_off:  # RS-RIDE-OFF-NUMBER
            said += " (also, whatever its number, when it rides off a vehicle)"
    elif frm is not None:
        said = f"Combination (when it enters directly after {from_words(frm)})"
    else:
        return line
    return line.replace("Number Combination", said, 1)


def _riding_lines(defn: dict[str, Any]) -> list[str]:
    """A vehicle's notes on who may ride it and what the unit riding it gets (RS-RIDER,
    RS-RIDER-BP), from the definition or its reading.

    >>> _riding_lines({"type": "vehicle", "ridden_by": {"feature": "F", "size": "S"}})
    ['A size S unit with the feature F may ride it without RC (RS-RIDER).']
    """
    if defn.get("type") != "vehicle":
        return []
    who, bonus = defn.get("ridden_by"), defn.get("rider_bp")
    attacking = defn.get("rider_attack_bp")
    resisting = defn.get("rider_resist")
    for word in read_card(defn).keywords if not (who or bonus or attacking) else ():
        if word.startswith("ridden_by "):
            who = json.loads(word.removeprefix("ridden_by "))
        elif word.startswith("rider_bp "):
            bonus = int(word.removeprefix("rider_bp "))
        elif word.startswith("rider_attack_bp "):
            attacking = int(word.removeprefix("rider_attack_bp "))
        elif word.startswith("rider_resist "):
            resisting = json.loads(word.removeprefix("rider_resist "))
    out = []
    if who is not None:
        size = f"size {who['size']} " if who.get("size") else ""
        if who.get("feature") is not None:
            unit = f"A {size}unit with the feature {who['feature']}"
        elif who.get("category") is not None:
            unit = f"A {size}{who['category']} unit"
        else:
            unit = f"A {size}unit named " + " or ".join(who.get("names") or ())
        n = int(who.get("hold") or 0)
        held = f" by holding {plural(n, 'command')} of its player's" if n else ""
        only = ", and no other unit, RC or not" if who.get("only") else ""
        out.append(f"{unit} may ride it without RC{held}{only} (RS-RIDER).")
    if bonus:
        out.append(f"The unit riding it gets BP +{bonus} (RS-RIDER-BP).")
    if attacking:
        out.append(f"The unit riding it gets BP +{attacking} while it attacks (RS-RIDER-BP).")
    if isinstance(resisting, dict):
        with_f = f" with the feature {resisting['feature']}" if resisting.get("feature") else ""
        out.append(f"The unit riding it{with_f} has resist (RS-RIDER-BP, RS-RESIST).")
    return out


def _taxis_words(taxis: dict[str, Any]) -> str:
    """A unit's taxis in English (RS-TAXIS)."""
    cat, n = taxis["category"], taxis.get("position")
    if n is not None:
        where = f"{_nth(n)} in its battle area"
    else:
        where = (
            f"at the place of taxis {cat} in its battle area (its reminder not printed: rule "
            "option taxis_position; a printed reminder gives ET 4th, the fan wiki WB 1st, MA 2nd "
            "and OT 3rd)"
        )
    return (
        f"Taxis {cat}: while it stands {where}, the size S {cat} unit directly after it gets "
        "SP 1 (RS-TAXIS)"
    )


def render_card(defn: dict[str, Any]) -> dict[str, Any]:
    """A definition's printed text beside its reading: ``code``, ``name``, ``type``, ``text``
    (printed, or None), ``understood``, ``status``, ``reading`` (English), and for a card not
    understood ``unread`` and ``reasons``."""
    u = understanding(defn)
    combo = defn.get("combination") or {}
    keywords = ["any_copies"] if defn.get("any_copies") else []
    if defn.get("resist") or "resist" in read_card(defn).keywords:
        keywords.append("resist")
    if "wing" in read_card(defn).keywords:  # RS-WING
        keywords.append("wing")
    if "tag" in read_card(defn).keywords:  # RS-TAG: read from its printed reminder
        keywords.append("tag")
    if defn.get("effects") or combo.get("effects"):
        effects = list(defn.get("effects") or ())
        effects += [{"when": "combination", **e} for e in combo.get("effects") or ()]
        rules: list[dict[str, Any]] = []
        frm = combo.get("combines_from")
        rides_off = bool(combo.get("ride_off"))
        later = [combination_turn.later(e) for e in combo.get("effects") or ()]
    else:
        reading = read_card(defn)
        effects = [*reading.effects, *reading.combination]
        rules = list(reading.restrictions)
        frm = reading.combines_from
        rides_off = reading.rides_off
        later = [combination_turn.later(e) for e in reading.combination]
    shown = [render_effect(e) for e in effects]
    for k, is_later in enumerate(later, start=len(effects) - len(later)):
        if is_later:  # RS-COMBINATION-TURN: in force from the combination for the turn
            line = shown[k]
            until = "" if effects[k].get("when") == "turn_end" else "until the end of the turn, "
            shown[k] = f"Number Combination: {until}{line[:1].lower()}{line[1:]}"
            effects[k] = {**effects[k], "when": "combination"}
    shown[:0] = [render_restriction(r) for r in rules]
    if any(e.get("when") == "combination" for e in effects):
        if combo.get("rc"):  # RS-RIDER-COMBINATION
            said = "Rider Combination RC (when it rides off a vehicle in its battle phase)"
            shown = [line.replace("Number Combination", said, 1) for line in shown]
        else:
            shown = [_combination_words(s, combo.get("number"), frm, rides_off) for s in shown]
    shown += _riding_lines(defn)
    words = [_KEYWORDS[w] for w in keywords]
    called = defn.get("call") or next(
        (w.removeprefix("call ") for w in read_card(defn).keywords if w.startswith("call ")), None
    )
    if called:  # RS-CALL
        words.append(
            f"Call {called}: it may be held in place of a command to rush a {called} unit (RS-CALL)"
        )
    led = defn.get("lead") or next(
        (w.removeprefix("lead ") for w in read_card(defn).keywords if w.startswith("lead ")), None
    )
    if led:  # RS-LEAD
        words.append(
            f"Lead {led}: it may be held in place of a command to use "
            f"{'an' if led in ('ET', 'OT', 'MA') else 'a'} {led} operation card, a counter too; "
            "held so, it is the command held to use it (RS-LEAD)"
        )
    taxis = defn.get("taxis") or next(
        (taxis_of(w) for w in read_card(defn).keywords if w.startswith("taxis ")), None
    )
    if taxis:  # RS-TAXIS
        words.append(_taxis_words(taxis))
    crossed = next(
        (int(w.removeprefix("cross ")) for w in read_card(defn).keywords if w.startswith("cross ")),
        None,
    )
    usable = usable_as.names(defn.get("text"), str(defn.get("type", "unit")))
    if usable and "usable_as" in read_card(defn).keywords:  # RS-USABLE-AS
        words.append(
            "It may be used as "
            + " or ".join(f"「{n}」" for n in usable)
            + ": a text asking for a card of that name to be chosen may choose it (its printed "
            "name stays its own for the deck's limit per name; RS-USABLE-AS)"
        )
    if crossed:  # RS-CROSS
        words.append(
            f"クロス {crossed}: while it is in your battle area, the combination numbers and SP "
            f"denominators of the units to its right are {crossed} less, not below 2 (with any "
            "クロス an effect gives it, added; RS-CROSS)"
        )
    if words:
        shown.insert(0, "Keywords: " + "; ".join(words) + ".")
    shown[:0] = _sp_lines(defn)
    shown[:0] = _cost_lines(defn)
    out: dict[str, Any] = {
        "code": defn.get("code"),
        "name": defn.get("name") or defn.get("code"),
        "type": defn.get("type", "unit"),
        "text": defn.get("text"),
        "understood": u.understood,
        "status": STATUS[u.kind],
        "reading": shown or ["No effects."],
    }
    if not u.understood:
        out.update(
            unread_part(
                u,
                "the reader cannot read these parts into effects the engine executes exactly "
                "(RS-TEXT-READ): the step where the card is rushed or used is unverifiable and "
                "the later steps uncertain (RS-TEXT-UNREAD)",
            )
        )
    return out
