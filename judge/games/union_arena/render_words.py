"""Conditions, choices, continuous effects and costs in plain English, for
:mod:`judge.games.union_arena.render`: what a card must be (a name, a trait, a colour, a
bound), a condition on the game (``conditions``' ``if``), a choice of cards (a selector), a
continuous effect (what the engine counts whenever it reads BP, energy or a cost), an
activated ability's cost, and the raw form of a field the renderer does not know.

Why a module of its own: these words are the vocabulary of every op's rendering, and the ops,
effects and cards (render.py) read them; they read nothing of render.py.  Pure: no I/O.
"""

from __future__ import annotations

import json
from typing import Any

from judge.games.union_arena import (
    apcost,
    conditions,
    counts,
    effects,
    entered,
    facedown,
    handenergy,
    only_if,
    own_static,
    printed_bp,
    raid_only,
    rested_by,
    retired_by,
    self_state,
    state,
    this_turn,
    unchoosable,
)

FLAG = "(not rendered)"
SELECTOR_KEYS = effects.SELECTOR_KEYS
#: what the engine checks on a card in a hand, the outside area or the AP area
CARD_ZONE_KEYS = {"side", "zone", "count", "up_to", "if_able", "name", "trait", "affinity"}
CARD_ZONE_KEYS |= {"color", "any_of", "energy_max", "card_type", "ap_cost", "not_name", "instead"}
CARD_ZONE_KEYS |= {"energy_met", "energy_min"}  # energy_met: said by the play
CARD_ZONE_KEYS |= {"has_raid", "raid_source"}  # "[レイド]を持つ", "レイド元": card_conditions
ZONE_WORDS = {"front_line": "front-line ", "energy_line": "energy-line ", "field": ""}
COLOUR_WORDS = {c: c for c in effects.COLOURS}


def raw(what: dict[str, Any]) -> str:
    """Fields shown as they are, flagged: the renderer does not know them."""
    return f"{FLAG} {json.dumps(what, ensure_ascii=False, sort_keys=True)}"


def _leftover(d: dict[str, Any], known: set[str]) -> str:
    extra = {k: v for k, v in d.items() if k not in known}
    return f" {raw(extra)}" if extra else ""


def _plural(n: Any, word: str) -> str:
    return word if n == 1 else f"{word}s"


def _amount(n: Any) -> str:
    if isinstance(n, int) and not isinstance(n, bool):
        return f"+{n}" if n >= 0 else f"−{-n}"
    return raw({"amount": n})


def _alternative(alt: Any) -> str:
    """One of the alternatives of ``any_of`` ("[特徴:A]か〈B〉")."""
    if not isinstance(alt, dict) or not alt:
        return raw({"any_of": alt})
    bits = []
    if "card_type" in alt:  # the noun first: "a character whose name contains …"
        bits.append(f"a {alt['card_type']}")
    for key, value in alt.items():
        if key == "card_type":
            continue
        if key == "name":
            bits.append(f"<{value}>")
        elif key in ("trait", "affinity"):
            bits.append(f"with [{value}]")
        elif key == "color":
            bits.append(f"{value}")
        elif key == "name_contains":
            bits.append(f"whose name contains “{value}”")
        elif key == "energy_max" and isinstance(value, int):  # "必要エナジーが1以下の〈Y〉"
            bits.append(f"with required energy {value} or less")
        elif key == "any_of" and isinstance(value, list):
            bits.append(_either(value))
        else:
            bits.append(raw({key: value}))
    return " ".join(bits)


#: the keys of an alternative that name the card itself (a name, a trait, a type)
_NOUN_KEYS = {"name", "trait", "affinity", "card_type", "name_contains"}


def _either(alts: list[Any]) -> str:
    """Alternatives joined by "or", each of more than one word of condition in parentheses,
    so that a condition is read with its own alternative only ("<X> or (<Y> with required
    energy 1 or less)", "〈X〉か必要エナジーが1以下の〈Y〉")."""
    words = []
    for alt in alts:
        said = _alternative(alt)
        # a bound or a colour beside the noun: its own ("a character whose name contains X"
        # is one noun, said without them)
        several = isinstance(alt, dict) and len(alt) > 1 and bool(set(alt) - _NOUN_KEYS)
        words.append(f"({said})" if several and len(alts) > 1 else said)
    return " or ".join(words)


def card_conditions(sel: dict[str, Any]) -> str:
    """What a chosen or looked-at card must be: name, trait, colour, … (after the noun)."""
    bits = []
    if "name" in sel:
        bits.append(f"named <{sel['name']}>")
    if "name_contains" in sel:
        bits.append(f"whose name contains “{sel['name_contains']}”")
    for key in ("trait", "affinity"):
        if key in sel:
            bits.append(f"with [{sel[key]}]")
    if "bp" in sel:  # a look's take: "BPが5000の"
        bits.append(f"with BP {sel['bp']}")
    if "bp_max" in sel:
        bits.append(f"with BP {sel['bp_max']} or less")
    if "bp_min" in sel:
        bits.append(f"with BP {sel['bp_min']} or more")
    per = sel.get(counts.BP_PER)
    if counts.per_ok(per):  # "[特徴:X]の枚数×1000以下のBP" (UA-EFFECT-BP-COUNT)
        bits.append(
            f"with BP at most {per['each']} × the number of {counts.describe_spec(per['of'])}"
            " (counted as it resolves)"
        )
    elif per is not None:
        bits.append(raw({counts.BP_PER: per}))
    if "printed_bp_max" in sel:
        bits.append(f"with printed BP {sel['printed_bp_max']} or less")
    if "printed_bp_min" in sel:
        bits.append(f"with printed BP {sel['printed_bp_min']} or more")
    if "energy_max" in sel:
        bits.append(f"with required energy {sel['energy_max']} or less")
    if "energy_min" in sel:
        bits.append(f"with required energy {sel['energy_min']} or more")
    if isinstance(sel.get("has_trigger"), bool):  # "[トリガー]を持たない" (UA-EFFECT-IF-TRIGGER)
        bits.append("with a trigger" if sel["has_trigger"] else "without a trigger")
    if "ap_cost" in sel:
        bits.append(f"with AP cost {sel['ap_cost']}")
    if "not_name" in sel:
        bits.append(f"not named <{sel['not_name']}>")
    if "raid_source" in sel:  # "このキャラのレイド元のカード" (raid_source.py)
        bits.append("that were under this character when it left the field (its raid source)")
    if sel.get("has_raid"):  # "[レイド]を持つ" (raidtext.has_raid)
        bits.append("with [Raid]")
    if "any_of" in sel:
        alts = sel["any_of"] if isinstance(sel["any_of"], list) else [sel["any_of"]]
        words = [a.get("name_contains") if isinstance(a, dict) else None for a in alts]
        if all(isinstance(w, str) and len(a) == 1 for w, a in zip(words, alts, strict=True)):
            bits.append("whose name contains " + " or ".join(f"“{w}”" for w in words))
        else:
            bits.append("that is " + _either(alts))
    if sel.get("other"):
        bits.append("other than this card")
    if sel.get(rested_by.SELECTOR):  # rested_by.py
        bits.append("that has been rested from active by your effect this turn")
    if sel.get("other_line"):  # swap.py: "このキャラと別のラインにある"
        bits.append("in the line this card is not in")
    if facedown.ZONE in sel:  # UA-UNDER
        bits.append(
            "with a face-down card under it"
            if sel[facedown.ZONE]
            else "with no face-down card under it"
        )
    return "".join(f" {b}" for b in bits)


def condition(cond: Any) -> str:
    """A condition on a side's field (or one line of it), outside area, life or what it did
    this turn (:mod:`conditions`, :mod:`only_if`), in words."""
    if not isinstance(cond, dict):
        return raw({"if": cond})
    whose = "your" if cond.get("side", "own") == "own" else "the opponent's"
    zone = cond.get("zone", "field")
    if zone == facedown.ZONE and facedown.cond_valid(cond):
        return facedown.describe(cond)
    if zone == entered.ZONE and entered.valid(cond):  # how this card entered (entered.py)
        return entered.describe(cond)
    if zone == self_state.ZONE and self_state.valid(cond):  # "このキャラがアクティブの場合"
        return self_state.describe(cond)
    if counts.removal_ok(cond) or counts.all_ok(cond):  # counts.py
        return str(counts.describe(cond))
    if zone == printed_bp.ZONE and printed_bp.cond_valid(cond):  # "元々のBPよりBPが低い"
        return printed_bp.describe(cond)
    if "names_min" in cond:  # "[特徴:X]のカード名がN種類以上" (UA-EFFECT-NAME-KINDS)
        known = {"side", "zone", "color", "trait", "names_min"}
        return conditions.describe(cond) + _leftover(cond, known)
    if zone == this_turn.ZONE and "events_used" in cond:
        return this_turn.describe(whose, cond) + _leftover(cond, {"side", "zone", "events_used"})
    if zone == this_turn.ZONE and {
        "retired",
        "ap_paid",
        "own_turn",
        "used",
        "attack_ap_paid",
        retired_by.KEY,
        rested_by.KEY,
    } & set(cond):
        known = {"side", "zone", "retired", "ap_paid", "own_turn", "used", "attack_ap_paid"}
        known |= {retired_by.KEY, rested_by.KEY}
        return this_turn.describe(whose, cond) + _leftover(cond, known)
    if zone == "life" and "max" in cond:
        return f"{whose} life is {cond['max']} or less" + _leftover(cond, {"side", "zone", "max"})
    if zone == "outside" and "max" in cond:  # "自分の場外にあるカードが0枚の"
        n = cond["max"]
        has = "no cards" if n == 0 else f"{n} or fewer {_plural(n, 'card')}"
        return f"{whose} outside area has {has}" + _leftover(cond, {"side", "zone", "max"})
    if zone == "outside":
        n = cond.get("min", 1)
        kind = f"{cond['card_type']} card" if "card_type" in cond else "card"
        kind = f"{cond['color']} {kind}" if isinstance(cond.get("color"), str) else kind
        alts = cond.get("any_of")
        names = [a.get("name") for a in alts] if isinstance(alts, list) else []
        if names and all(isinstance(a, dict) and set(a) == {"name"} for a in alts):
            # "〈A〉と〈B〉の合計枚数": the cards of either name
            what = " named " + " or ".join(f"<{x}>" for x in names)
            rest = {k: v for k, v in cond.items() if k != "any_of"}
            return f"{whose} outside area has {n} or more {kind}s{card_conditions(rest)}{what}" + (
                _leftover(
                    cond, {"side", "zone", "min", "card_type", "name", "trait", "any_of", "color"}
                )
            )
        return f"{whose} outside area has {n} or more {kind}s{card_conditions(cond)}" + _leftover(
            cond, {"side", "zone", "min", "card_type", "name", "trait", "any_of", "color"}
        )
    if zone in ("hand", "deck") and "max" in cond:  # "自分の手札が0枚の", "自分の山札が15枚以下の"
        n = cond["max"]
        has = "no cards" if n == 0 else f"{n} or fewer {_plural(n, 'card')}"
        return f"{whose} {zone} has {has}" + _leftover(cond, {"side", "zone", "max"})
    if zone == "hand":
        n = cond.get("min", 1)
        return f"{whose} hand has {n} or more {_plural(n, 'card')}" + _leftover(
            cond, {"side", "zone", "min"}
        )
    if zone == "field" and "max" in cond and not set(cond) & conditions.CARD_KEYS:
        n = cond["max"]
        has = "no cards" if n == 0 else f"{n} or fewer {_plural(n, 'card')}"
        return f"{whose} field has {has}" + _leftover(cond, {"side", "zone", "max"})
    n = cond.get("min", 1)
    many = "a " if n == 1 else f"{n} or more "
    if "max" in cond:  # "自分の場に〈X〉がない": none (at most max) of them
        n = cond["max"]
        many = "no " if n == 0 else f"{n} or fewer "
    colour = f"{cond['color']} " if "color" in cond else ""
    rested = "rested " if cond.get("rested") is True else ""
    noun = cond.get("type") if cond.get("type") in conditions.FIELD_TYPES else "card"
    what = f"{many}{rested}{colour}{_plural(n, noun)}{card_conditions(cond)}"
    known = {"side", "zone", "min", "max", "name", "trait", "affinity", "color", "name_contains"}
    known |= {"any_of"}
    known |= (
        {"other", "energy_min", "energy_max", "has_trigger"}
        | ({"rested"} if rested else set())
        | ({"type"} if noun != "card" else set())
    )
    if zone == own_static.LINE_VS:  # UA-EFFECT-STATIC-COMPARE
        line = {"front_line": "front line", "energy_line": "energy line"}.get(cond.get("line"))
        return (
            f"{whose} {line} has as many characters as the opponent's {line}, or more"
            + _leftover(cond, {"side", "zone", "line"})
            if line
            else raw({"if": cond})
        )
    if zone == own_static.SAME_LINE:  # "同じラインに〈X〉がある": this card's line, it aside
        return f"the line of {whose} field this card is in has {what} besides it" + _leftover(
            cond, known
        )
    place = {"field": "field", "front_line": "front line", "energy_line": "energy line"}
    return f"{whose} {place.get(zone, 'field')} has {what}" + _leftover(
        cond, known if zone in place else {"side"}
    )


def selector(sel: dict[str, Any], verb: str = "choose") -> tuple[str, bool]:
    """A selector as words (``choose up to 1 opposing front-line character``), and whether
    it names several cards."""
    zone = sel.get("zone", "field")
    count = sel.get("count", 1)
    own = sel.get("side", "own") == "own"
    if zone in (*effects.CARD_ZONES, effects.AP_ZONE):
        known = CARD_ZONE_KEYS
        kind = sel.get("card_type")
        noun = "AP card" if zone == effects.AP_ZONE else "card"
        if zone != effects.AP_ZONE and kind in effects.CARD_TYPES:
            noun = f"{kind} card"  # "キャラカード": a character card
        where = {"hand": "hand", "outside": "outside area", "ap": "AP area"}[zone]
        whose = "your" if own else "the opponent's"
        place = f" in {whose} {where}"
    else:
        known = SELECTOR_KEYS - {"card_type"}  # its type is `type` on the field
        noun = sel.get("type", None if zone == "field" else "character") or "card"
        place = ""
    state_word = (
        {True: "rested ", False: "active "}.get(sel.get("rested"), "")
        if ("rested" in sel and zone not in (*effects.CARD_ZONES, effects.AP_ZONE))
        else ""
    )
    colour = f"{sel['color']} " if "color" in sel else ""
    line = ZONE_WORDS.get(zone, "")
    adjectives = f"{state_word}{line}{colour}"
    more = sel.get("instead", {}).get("count", 1) if isinstance(sel.get("instead"), dict) else 1
    several = bool(sel.get("all")) or count != 1 or more != 1
    if sel.get("all"):
        if own:
            phrase = f"each of your {adjectives}{noun}s{place}"
        else:
            phrase = f"every opposing {adjectives}{noun}{place}"
    else:
        how = f"up to {count}" if sel.get("up_to") else f"{count}"
        if own:
            phrase = f"{how} of your {adjectives}{noun}s{place}"
        else:
            phrase = f"{how} opposing {adjectives}{_plural(count, noun)}{place}"
        phrase = f"{verb} {phrase}"
    phrase += card_conditions(sel)
    instead = sel.get("instead")
    if isinstance(instead, dict) and "count" in instead:
        phrase += (
            f" ({instead.get('count')} instead of {count} if {condition(instead.get('if'))})"
            + _leftover(instead, {"if", "count"})
        )
    elif isinstance(instead, dict) and "bp_plus" in instead:  # UA-EFFECT-THIS-TURN-EVENTS-RANGE
        plus = instead["bp_plus"]
        each = plus.get("each") if isinstance(plus, dict) else plus
        phrase += (
            f" (if {condition(instead.get('if'))}, the BP limit is {each} higher for each event"
            " card you have used this turn)" + _leftover(instead, {"if", "bp_plus"})
        )
    elif isinstance(instead, dict):
        phrase += (
            f" (BP {instead.get('bp_max')} or less instead if {condition(instead.get('if'))})"
            + _leftover(instead, {"if", "bp_max", "then"})
        )
        more = instead.get("then")
        if isinstance(more, dict):  # a second replacement (counts.then_ok)
            phrase += (
                f" (BP {more.get('bp_max')} or less instead if {condition(more.get('if'))})"
                + _leftover(more, {"if", "bp_max"})
            )
    if sel.get("if_able") and not sel.get("all"):
        phrase += " (as many as there are, up to that many)"
    return phrase + _leftover(sel, known), several


def _continuous(op: dict[str, Any]) -> str:
    kind = op["op"]
    if kind == "enters_active":
        return "this card is played active"
    if kind == raid_only.OP:  # UA-EFFECT-RAID-ONLY
        return "this character enters the field only by a raid (it cannot be played)"
    if kind == unchoosable.OTHERS:  # UA-EFFECT-UNCHOOSABLE-OTHERS
        text = (
            f"while this card is in your front line, your characters not named "
            f"<{op.get('not_name')}> cannot be chosen by the effects of event cards your "
            "opponent uses from the hand"
        )
        return text if unchoosable.others_ok(op) else f"{text} — not executed by the engine"
    if kind == facedown.STAYS:  # UA-EFFECT-UNDER-NO-ACTIVATE
        text = f"while {condition(op.get('if'))}, this card does not become active"
        return text if facedown.stays_ok(op) else f"{text} — not executed by the engine"
    if kind == "play_only_if":  # UA-PLAY-ONLY-IF: checked when the use is declared
        text = f"this card can be used only if {condition(op.get('if'))}"
        return text if only_if.condition_ok(op.get("if")) else f"{text} — not checked by the engine"
    if kind == handenergy.OP:  # UA-EFFECT-ENERGY-LESS-HAND
        text = f"while this card is on your field, {handenergy.describe(op)}"
        return text if handenergy.op_ok(op) else f"{text} — not counted by the engine"
    if kind == "reduce_energy":
        conds = op.get("if_any") if isinstance(op.get("if_any"), list) else [op.get("if_any")]
        cond = f"if {' or '.join(condition(c) for c in conds)}, " if "if_any" in op else ""
        text = (
            f"while this card is in your hand, {cond}"
            f"it requires {op.get('n')} less {op.get('color')} energy"
        )
        return text if conditions.reduction_ok(op) else f"{text} — not counted by the engine"
    if kind == "reduce_ap":  # UA-EFFECT-AP-LESS
        text = f"while this card is in your hand, if {condition(op.get('if'))}, it costs {op.get('n')} AP less"
        return text if apcost.reduction_ok(op) else f"{text} — not counted by the engine"
    if kind == "generate":  # UA-EFFECT-ENERGY: counted whenever energy is
        cond = op.get("if")
        lead = "while this card is active, " if cond == "active" else ""
        if isinstance(cond, dict):
            lead = f"while {condition(cond)}, "
        extra = "" if cond is None or lead else f" {raw({'if': cond})}"
        where = op.get("where")
        if where is not None:  # "[エナジーLにある場合]"
            line = {"front_line": "front line", "energy_line": "energy line"}.get(where)
            lead = (
                f"while this card is in your {line}, " if line else raw({"where": where})
            ) + lead
        text = f"{lead}it generates {op.get('n', 1)} more {op.get('color')} energy{extra}"
        return text if state.generation_ok(op) else f"{text} — not counted by the engine"
    bits = []
    during = op.get("during")
    if during == "own_turn":
        bits.append("during your turn")
    elif during == "opponent_turn":
        bits.append("during the opponent's turn")
    elif during is not None:
        bits.append(raw({"during": during}))
    where = op.get("where")
    if where is not None:  # "[フロントLにある場合]" (UA-EFFECT-STATIC-WHERE)
        line = {"front_line": "front line", "energy_line": "energy line"}.get(where)
        bits.append(f"while this card is in your {line}" if line else raw({"where": where}))
    if "if" in op:
        bits.append(f"if {condition(op['if'])}")
    alts = op.get("if_any")  # UA-EFFECT-STATIC-EITHER: one of them is enough
    if isinstance(alts, list):
        bits.append(f"if {' or '.join(condition(c) for c in alts)}")
    elif alts is not None:
        bits.append(raw({"if_any": alts}))
    outside = op.get("if_outside")
    if isinstance(outside, dict):
        bits.append(
            f"if your outside area has {outside.get('min')} or more {outside.get('card_type')} cards"
        )
    elif outside is not None:
        bits.append(raw({"if_outside": outside}))
    lead = "".join(f"{b}, " for b in bits)
    target = op.get("target", "self")
    who = "this card" if target == "self" else raw({"target": target})
    if kind == "bp":
        text = f"{lead}{who} gets BP {_amount(op.get('amount'))}{_per(op)}"
        ok = state.static_bp_ok(op)
    else:
        text = f"{lead}{who} has “{op.get('keyword')}”"
        ok = state.static_grant_ok(op)
    return text if ok else f"{text} — not counted by the engine"


def _per(op: dict[str, Any]) -> str:
    """ "…1枚につき" of a continuous raise (``UA-EFFECT-STATIC-PER``), in words."""
    per = op.get("per")
    if per is None:
        return ""
    if not isinstance(per, dict):
        return f" {raw({'per': per})}"
    if per.get("zone") == this_turn.ZONE:
        return " for each event card you used this turn" + _leftover(
            per, {"side", "zone", "events_used"}
        )
    whose = "your" if per.get("side", "own") == "own" else "the opponent's"
    other = "other " if per.get("other") else ""
    noun = per.get("type") if per.get("type") in conditions.FIELD_TYPES else "card"
    place = {"field": "field", "front_line": "front line", "energy_line": "energy line"}
    return (
        f" for each {other}{noun}{card_conditions({k: v for k, v in per.items() if k != 'other'})}"
        f" in {whose} {place.get(per.get('zone'), 'field')}"
        + _leftover(per, {"side", "zone", "other", "type", "name", "trait", "any_of"})
    )


def _cost(cost: Any, optional: bool) -> str:
    if not isinstance(cost, dict):
        return raw({"cost": cost}) + " "
    bits = []
    if cost.get("rest_self"):
        bits.append("rest this card")
    if cost.get("discard"):
        n = cost["discard"]
        bits.append(f"put {n} {_plural(n, 'card')} from your hand into the outside area")
    if cost.get("ap"):
        bits.append(f"pay {cost['ap']} AP")
    if cost.get("retire_self"):
        bits.append("retire this card")
    extra = _leftover(cost, {"rest_self", "discard", "ap", "retire_self"})
    if optional:
        return f"you may {', '.join(bits)}{extra}; if you do: "
    return f"cost: {', '.join(bits)}{extra}; "
