"""Conditions of card text: "自分の場に〈X〉がある場合、…" (``UA-EFFECT-IF``).

An op may carry ``if``: a condition ``{"side": "own", "zone": "field", "name": X}`` (or
``trait``, ``color``, …: :func:`valid`) that holds when that side's field has at least one
card meeting it.  The op happens only when it holds as the op is carried out.  A selector
may carry ``instead``: ``{"if": condition, "bp_max": N}``, printed "『BP3000以下』の…。自分の
場に〈X〉がある場合、『BP5000以下』に代わる。": while the condition holds, ``bp_max`` is N (or
``{"if": condition, "count": N}``, "…を『1枚』まで…。…場合、『2枚』に代わる。": ``count`` is N).
A card's own continuous BP raise or keyword may carry one too (``UA-EFFECT-STATIC-BP``,
:meth:`judge.games.union_arena.state.UAState.static_bp`), read whenever its BP is.

Targets are checked when the action that records them is judged, which for a played card
or an activated ability is before the effect resolves: the field is then taken as it will
be when it resolves, with the played card on it (``plus``: a character or field being
played or raided) and without the units that leave it first (``gone``: the ability's own
card when its cost retires it, a raid's base, the cards a full line puts into the removal
area), and the hand without the card played.  An op that could change what a later
condition reads before it is read (a retire, a return or a removal of one's own cards, a
change to the opponent's field for a condition on it, a change to a hand for a condition on
hands, a card put into the outside area for a condition on it, a draw, a look, a mill or a card
put on the bottom of a deck for a condition on a deck's size) makes the effect unsupported
(``effects.supported``), so the condition reads the same then and now.
"""

from __future__ import annotations

from collections.abc import Collection
from typing import TYPE_CHECKING, Any

from judge.core.names import name_key
from judge.core.wording import plural
from judge.games.union_arena import (
    counts,
    entered,
    facedown,
    handenergy,
    printed_bp,
    self_state,
    this_turn,
)
from judge.games.union_arena.defmemo import may_reduce_hand
from judge.games.union_arena.state import LINES

if TYPE_CHECKING:
    from judge.games.union_arena.cards import CardDef
    from judge.games.union_arena.engine import UnionArenaEngine
    from judge.games.union_arena.state import UAState, Unit

#: what a condition on the field may state: a card meeting ``name`` / ``trait`` / ``color`` /
#: ``name_contains`` ("カード名に「X」を含む") / ``type`` (``character`` | ``field``) /
#: ``energy_min`` ("必要エナジーが4以上の": printed required energy, all colours, at least N) /
#: ``energy_max`` ("必要エナジーが3以下の": at most N) /
#: ``rested`` (the opponent's only: "相手の場にレストのキャラ"), not the card with the ability
#: (``other``: "他の"), at least ``min`` of them (default 1: "がある場合"; "が3枚以上ある場合"), or
#: at most ``max`` ("自分の場に〈X〉がない場合": ``max`` 0; with no card key, any card)
KEYS = {"side", "zone", "name", "trait", "affinity", "color", "min"}
KEYS |= {"name_contains", "type", "rested", "other", "energy_min", "any_of", "names_min"}
KEYS |= {"has_trigger"}  # "[トリガー]を持たないカード": a card with no trigger (or with one)
KEYS |= {"energy_max"}  # "必要エナジーが3以下のキャラ": printed required energy, at most N
#: the keys that say what card is meant (a field condition states one at least)
CARD_KEYS = {"name", "trait", "affinity", "color", "name_contains", "type", "rested", "energy_min"}
CARD_KEYS |= {"any_of", "has_trigger", "energy_max"}
FIELD_TYPES = ("character", "field")
CARD_TYPES = ("character", "field", "event")
#: what a condition on the outside area may state: a card type, a name or a trait, N of them
OUTSIDE_KEYS = {"side", "zone", "card_type", "name", "trait", "min", "color", "names_min"}
OUTSIDE_KEYS |= {"any_of"}  # "〈A〉と〈B〉の合計枚数": the cards of either name, counted together
#: the rule option of UA-EFFECT-NAME-KINDS (GAP): whether a name a card is also treated as
#: makes up a kind of card name ("all", the default) or only its printed name ("printed")
NAME_KINDS_OPTION = "name_kinds_also"


def valid(cond: Any) -> bool:
    """A condition the engine evaluates exactly: on the field (above; with ``max`` instead of
    ``min``, at most that many: "自分の場に〈X〉がない場合" is ``max`` 0); or ``{"zone":
    "outside", "card_type": "event", "min": N}`` ("自分の場外にイベントカードがN枚以上ある
    場合": at least N cards of that type in that side's outside area; or of a ``name`` /
    ``trait``: "自分の場外に[特徴:X]が2枚以上ある", "自分の場外に〈X〉がある"; the outside area
    is face up, so its cards are known in every mode); or ``{"zone": "life", "max": N}``
    ("相手のライフが4以下の場合": that side has at most N life cards); or ``{"zone": "hand",
    "min": N}`` ("自分の手札がN枚以上の場合": that side's hand holds N cards or more) or
    ``"max": N`` ("自分の手札が0枚の場合": at most N); or ``{"zone": "deck", "max": N}``
    ("自分の山札が15枚以下の場合": that side's deck holds at most N cards).  Hand and deck are
    counts, known in every mode.  Or ``{"zone": "this_turn", "events_used": N}``
    ("このターン中に自分がイベントカードを使用している場合": :mod:`this_turn`).  ``rested`` only
    on the opponent's field: a card of one's own being played enters in a state the
    condition would have to foresee."""
    if not isinstance(cond, dict) or cond.get("side", "own") not in ("own", "opponent"):
        return False
    zone = cond.get("zone", "field")
    if zone == this_turn.ZONE:
        return this_turn.valid(cond)
    if zone == entered.ZONE:  # how the card with the ability entered the field (entered.py)
        return entered.valid(cond)
    if zone == facedown.ZONE:  # "このキャラの下に裏向きのカードがある" (facedown.py)
        return facedown.cond_valid(cond)
    if zone == self_state.ZONE:  # "このキャラがアクティブの場合" (self_state.py)
        return self_state.valid(cond)
    if zone == counts.REMOVAL:  # "自分のリムーブエリアにカードがN枚以上ある" (counts.py)
        return counts.removal_ok(cond)
    if "all_of" in cond:  # "自分の場に〈A〉と〈B〉がどちらもある" (counts.py)
        return counts.all_ok(cond)
    if zone == printed_bp.ZONE:  # "相手のフロントLに元々のBPよりBPが低いキャラがある"
        return printed_bp.cond_valid(cond)
    if "names_min" in cond and not _names_ok(cond):
        return False
    bounded = zone in ("life", "deck") or "max" in cond
    n = cond.get("max") if bounded else cond.get("min", 1)
    if not isinstance(n, int) or isinstance(n, bool) or n < 0:
        return False
    if zone == "outside" and not set(cond) & {"card_type", "name", "trait", "any_of"}:
        # "自分の場外にあるカードが0枚の場合" (``max`` 0), "…カードが10枚以上ある" (``min``)
        return set(cond) <= {"side", "zone", "min"} or set(cond) <= {"side", "zone", "max"}
    if zone == "outside":
        return (
            "max" not in cond
            and set(cond) <= OUTSIDE_KEYS
            and ("any_of" not in cond or either_ok(cond["any_of"]))
            and bool({"card_type", "name", "trait", "any_of"} & set(cond))
            and cond.get("card_type", "event") in CARD_TYPES
            and all(
                isinstance(cond[k], str) and cond[k] for k in {"name", "trait", "color"} & set(cond)
            )
        )
    if zone in ("life", "deck"):
        return set(cond) <= {"side", "zone", "max"}
    if zone == "hand":
        return set(cond) <= {"side", "zone", "min"} or set(cond) <= {"side", "zone", "max"}
    if "max" in cond and (not set(cond) & CARD_KEYS or "min" in cond):
        # "自分の場にカードが1枚もない場合": at most max cards (any card)
        return zone == "field" and set(cond) <= {"side", "zone", "max"}
    energy = cond.get("energy_min", 0)
    return (
        zone == "field"
        and set(cond) <= KEYS | {"max"}
        and bool(set(cond) & CARD_KEYS)
        and all(
            isinstance(cond[k], str) and cond[k]
            for k in (
                CARD_KEYS - {"rested", "type", "energy_min", "energy_max", "any_of", "has_trigger"}
            )
            & set(cond)
        )
        and _bound_ok(cond.get("energy_max", 0))
        and isinstance(cond.get("has_trigger", False), bool)
        and ("any_of" not in cond or either_ok(cond["any_of"]))
        and isinstance(energy, int)
        and not isinstance(energy, bool)
        and energy >= 0
        and cond.get("type", "character") in FIELD_TYPES
        and cond.get("rested", True) is True
        and ("rested" not in cond or cond.get("side") == "opponent")
        and cond.get("other", True) is True
    )


def _bound_ok(n: Any) -> bool:
    """A required-energy bound: a whole number, 0 or more."""
    return isinstance(n, int) and not isinstance(n, bool) and n >= 0


def _names_ok(cond: dict[str, Any]) -> bool:
    """``names_min`` ("[特徴:X]のカード名がN種類以上"): N ≥ 2 kinds of card name among the
    cards meeting a trait (and a colour), on the field or in the outside area; no count of
    cards beside it, nor a name (one name is one kind)."""
    n = cond["names_min"]
    return (
        isinstance(n, int)
        and not isinstance(n, bool)
        and n >= 2
        and cond.get("zone", "field") in ("field", "outside")
        and "trait" in cond
        and not {"min", "max", "name", "any_of", "card_type"} & set(cond)
    )


def name_kinds(st: UAState, cards: Collection[str | None]) -> int:
    """How many kinds of card name ``cards`` have (compared as UA-NAME-FORM): each its
    printed name and, unless rule option ``name_kinds_also`` is "printed", the names it is
    also treated as (UA-EFFECT-NAME-KINDS)."""
    also = st.options.get(NAME_KINDS_OPTION, "all") != "printed"
    names: set[str] = set()
    for c in cards:
        if c is None:
            continue
        d = st.card(c)
        names.add(name_key(d.name))
        if also:
            names.update(name_key(n) for n in d.also_treated_as)
    return len(names)


def either_ok(alts: Any) -> bool:
    """Whether ``any_of`` of a field condition ("自分の場に〈A〉か〈B〉がある") is two or more
    alternatives, each one ``name`` or one ``trait`` (a non-empty string), or each one
    ``name_contains`` ("カード名に「A」か「B」を含むキャラ")."""
    contains = isinstance(alts, list) and any(
        isinstance(a, dict) and "name_contains" in a for a in alts
    )
    return (
        isinstance(alts, list)
        and len(alts) >= 2
        and all(
            isinstance(a, dict)
            and len(a) == 1
            and set(a) <= ({"name_contains"} if contains else {"name", "trait"})
            and all(isinstance(v, str) and v for v in a.values())
            for a in alts
        )
    )


def card_meets(d: CardDef, cond: dict[str, Any]) -> bool:
    """Whether a card meets a condition's ``name`` (or one it is also treated as), ``trait``
    / ``affinity``, ``color``, ``name_contains``, ``type`` and ``any_of`` (one of its
    alternatives): the card's printed facts."""
    if "any_of" in cond and not any(card_meets(d, alt) for alt in cond["any_of"]):
        return False
    if "name" in cond and not d.has_name(cond["name"]):
        return False
    for key in ("trait", "affinity"):
        if key in cond and not d.has_trait(cond[key]):
            return False
    if "color" in cond and d.color != cond["color"]:
        return False
    if "name_contains" in cond and not d.name_contains(cond["name_contains"]):
        return False
    if "energy_min" in cond and sum(d.energy.values()) < cond["energy_min"]:
        return False
    if "energy_max" in cond and sum(d.energy.values()) > cond["energy_max"]:
        return False
    if "has_trigger" in cond and (d.trigger is not None) != cond["has_trigger"]:
        return (
            False  # "[トリガー]を持たない": a card printed with no trigger (UA-EFFECT-IF-TRIGGER)
        )
    return "type" not in cond or d.type == cond["type"]


def outside_count(st: UAState, cards: Collection[str | None], cond: dict[str, Any]) -> int:
    """How many of ``cards`` (an outside area's, face up) meet an outside condition: its
    ``card_type``, ``name`` and ``trait`` (:func:`card_meets`); with none of them, every card
    (one not identified in the log too)."""
    if not set(cond) & {"card_type", "name", "trait", "any_of"}:
        return len(cards)
    return sum(1 for c in cards if c is not None and _outside_meets(st, c, cond))


def _outside_meets(st: UAState, card: str, cond: dict[str, Any]) -> bool:
    """Whether a card of an outside area meets a condition's ``card_type`` and card keys."""
    d = st.card(card)
    return ("card_type" not in cond or d.type == cond["card_type"]) and card_meets(d, cond)


def outside_holds(st: UAState, cards: Collection[str | None], cond: dict[str, Any]) -> bool:
    """Whether an outside condition holds of ``cards``: at least ``min`` (default 1) of them
    meet it, or at most ``max``; with ``names_min``, they have that many kinds of name."""
    if "names_min" in cond:
        meeting = [c for c in cards if c is not None and _outside_meets(st, c, cond)]
        return name_kinds(st, meeting) >= int(cond["names_min"])
    n = outside_count(st, cards, cond)
    return n <= int(cond["max"]) if "max" in cond else n >= int(cond.get("min", 1))


def holds(
    eng: UnionArenaEngine,
    controller: str,
    cond: dict[str, Any],
    plus: str | None = None,
    gone: Collection[str] = (),
    source: str | None = None,
) -> bool:
    """Whether ``cond`` holds for ``controller`` now (:func:`holds_in`)."""
    if cond.get("zone") == printed_bp.ZONE:
        eng.ctx.read("bp")  # it compares BP now with the printed BP
    return holds_in(eng.state, controller, cond, plus, gone, source)


def holds_in(
    st: UAState,
    controller: str,
    cond: dict[str, Any],
    plus: str | None = None,
    gone: Collection[str] = (),
    source: str | None = None,
) -> bool:
    """Whether ``cond`` holds for ``controller`` in ``st``: enough cards of that side's
    field meet it (``plus`` counted as on the controller's field, a unit holding a card of
    ``gone`` not; with ``other``, neither a unit holding ``source``, the card with the
    ability, nor ``plus`` when it is that card), or its hand, deck, outside area or life
    count is within the bound, or its count of event cards used this turn reaches it."""
    side = controller if cond.get("side", "own") == "own" else st.other(controller)
    ps = st.players[side]
    zone = cond.get("zone", "field")
    if zone == this_turn.ZONE:
        return this_turn.holds(st, ps, cond)
    if zone == entered.ZONE:
        return entered.holds(st, controller, cond, source)
    if zone == facedown.ZONE:
        return facedown.cond_holds(st, side, cond, source, gone)
    if zone == self_state.ZONE:  # the card with the ability, on the field and active
        return self_state.holds(st, source)
    if zone == counts.REMOVAL:
        return counts.removal_holds(st, side, cond)
    if "all_of" in cond:  # the card played counts on the field (its controller's)
        return counts.all_holds(st, side, cond, plus if side == controller else None, gone)
    if zone == printed_bp.ZONE:
        return printed_bp.cond_holds(st, side, cond, gone)
    if zone == "life":
        return len(ps.life) <= int(cond["max"])
    if zone == "hand":
        if "max" in cond:
            return len(ps.hand) <= int(cond["max"])
        return len(ps.hand) >= int(cond.get("min", 1))
    if zone == "deck":
        return len(ps.deck) <= int(cond["max"])
    if zone == "outside":
        return outside_holds(st, ps.outside, cond)
    lines = LINES if zone == "field" else (zone,)  # one line: only_if.condition_ok
    units = [u for line in lines for u in ps.line(line) if not any(g in u.cards for g in gone)]
    # a card being played counts on the field, never in one line: its line is not known
    arriving = plus is not None and side == controller and zone == "field"
    if "names_min" in cond:  # "[特徴:X]のカード名がN種類以上": kinds of name, not cards
        tops = [u.top for u in units if unit_meets(st, cond, u, source)]
        if arriving and not (cond.get("other") and plus == source):
            assert plus is not None
            tops += [plus] if card_meets(st.card(plus), cond) else []
        return name_kinds(st, tops) >= int(cond["names_min"])
    # a card key or none (``max`` of any card: every unit and the card played meet it)
    n = sum(1 for u in units if unit_meets(st, cond, u, source))
    if arriving and "rested" not in cond and not (cond.get("other") and plus == source):
        assert plus is not None
        n += card_meets(st.card(plus), cond)
    if "max" in cond:  # "がない場合": at most max of them ("自分の場にカードが1枚もない": any)
        return n <= int(cond["max"])
    return n >= int(cond.get("min", 1))


def unit_meets(st: UAState, cond: dict[str, Any], unit: Unit, source: str | None) -> bool:
    """Whether a unit on the field meets a field condition: its top card's facts, its state
    (``rested``), and with ``other`` that it does not hold ``source``."""
    if cond.get("other") and source is not None and source in unit.cards:
        return False
    if "rested" in cond and unit.rested != cond["rested"]:
        return False
    return card_meets(st.card(unit.top), cond)


def effective(
    eng: UnionArenaEngine,
    controller: str,
    sel: dict[str, Any],
    plus: str | None = None,
    gone: Collection[str] = (),
    source: str | None = None,
) -> dict[str, Any]:
    """The selector as it reads now: its ``instead`` applied when its condition holds, its
    ``bp_max_per`` counted (``counts.limit``)."""
    if counts.BP_PER in sel:  # "[特徴:X]の枚数×1000以下のBP": the field as it is now
        sel = counts.limit(eng.state, controller, sel, plus, gone)
    instead = sel.get("instead")
    if not isinstance(instead, dict):
        return sel
    out = {k: v for k, v in sel.items() if k != "instead"}
    if holds(eng, controller, instead["if"], plus, gone, source):
        out.update((k, v) for k, v in instead.items() if k in ("bp_max", "count"))
        if "bp_plus" in instead:  # "…1枚につき、…BPの範囲+500" (UA-EFFECT-THIS-TURN-EVENTS-RANGE)
            out["bp_max"] = this_turn.widened(
                eng.state, controller, int(sel["bp_max"]), instead["bp_plus"]
            )
        more = instead.get("then")  # a second replacement after it (counts.then_ok)
        if isinstance(more, dict) and holds(eng, controller, more["if"], plus, gone, source):
            out["bp_max"] = more["bp_max"]
    return out


def required_energy(eng: UnionArenaEngine, iid: str, in_hand: bool | None = None) -> dict[str, int]:
    """The energy card ``iid`` requires now: its printed requirement, less what its continuous
    ``reduce_energy`` effects take off while it is in its owner's hand and one of their
    conditions (``if_any``) holds ("相手の場に緑か赤のカードがある場合、手札にあるこのカードの
    必要エナジーを[紫×1]減らす", ``UA-EFFECT-ENERGY-LESS``), and what cards of its owner's
    field take off it ("自分の手札にある全ての〈X〉の…減らす", ``UA-EFFECT-ENERGY-LESS-HAND``);
    never below 0.  ``in_hand``:
    whether the card is in the hand (by default, whether the engine sees it there; a card
    named from the hand in observed mode may not be bound to its slot yet)."""
    st = eng.state
    d = st.defs[st.code_of[iid]]  # (st.card written out)
    need = dict(d.energy)
    owner = st.owner_of[iid]
    if not (iid in st.players[owner].hand if in_hand is None else in_hand):
        return need
    for effect in d.effects:
        if effect.get("when") != "continuous":
            continue
        for op in effect.get("do") or []:
            if not isinstance(op, dict) or op.get("op") != "reduce_energy":
                continue
            if not reduction_ok(op):  # written by hand and malformed: counted as absent
                continue
            conds = op.get("if_any")  # none: always (UA-EFFECT-ENERGY-LESS)
            if conds is None or any(holds(eng, owner, cond, source=iid) for cond in conds):
                colour = op["color"]
                if colour in need:
                    need[colour] = max(0, need[colour] - int(op["n"]))
    # the cards of its owner's field: "自分の手札にある全ての〈X〉の必要エナジーを…減らす"
    # (none in a game none of whose cards has such an op: reduction is {} then, not asked)
    if not eng._any_asked("hand_energy", may_reduce_hand):
        return need
    for colour, n in handenergy.reduction(st, iid, owner).items():
        if colour in need:
            need[colour] = max(0, need[colour] - n)
    return need


def reduction_ok(op: Any) -> bool:
    """A ``reduce_energy`` op the engine counts exactly: with ``if_any`` one condition or
    more, or without it (always while in the hand)."""
    conds = op.get("if_any") if isinstance(op, dict) else None
    return (
        isinstance(op, dict)
        and isinstance(op.get("color"), str)
        and isinstance(op.get("n"), int)
        and not isinstance(op.get("n"), bool)
        and op["n"] >= 1
        and (
            "if_any" not in op
            or isinstance(conds, list)
            and bool(conds)
            and all(valid(c) or _line_ok(c) for c in conds)
        )
    )


def _line_ok(cond: Any) -> bool:
    """A condition on one line of a side's field ("自分のフロントLに〈X〉がある"), which
    :func:`holds_in` evaluates (:func:`judge.games.union_arena.own_static.condition_ok`)."""
    from judge.games.union_arena.own_static import condition_ok

    return isinstance(cond, dict) and cond.get("zone") in LINES and condition_ok(cond)


def describe(cond: dict[str, Any]) -> str:
    """A condition in words, for rulings."""
    whose = "your" if cond.get("side", "own") == "own" else "the opponent's"
    zone = cond.get("zone", "field")
    if zone == this_turn.ZONE:
        return this_turn.describe(whose, cond)
    if zone == entered.ZONE:
        return entered.describe(cond)
    if zone == facedown.ZONE:
        return facedown.describe(cond)
    if zone == self_state.ZONE:
        return self_state.describe(cond)
    counted = counts.describe(cond)  # the removal area, both names (counts.py)
    if counted is not None:
        return counted
    if zone == printed_bp.ZONE:
        return printed_bp.describe(cond)
    if "names_min" in cond:
        where = "outside area" if zone == "outside" else "field"
        colour = f"{cond['color']} " if "color" in cond else ""
        return (
            f"{whose} {where} has {colour}cards with [{cond.get('trait')}] of "
            f"{cond['names_min']} or more different names"
        )
    if zone == "life":
        return f"{whose} life is {cond['max']} or less"
    if zone == "hand" and "max" in cond:
        return f"{whose} hand has {plural(cond['max'], 'card')} or fewer"
    if zone == "hand":
        return f"{whose} hand has {cond.get('min', 1)} or more cards"
    if zone == "deck":
        return f"{whose} deck has {plural(cond.get('max'), 'card')} or fewer"
    if "max" in cond and not set(cond) & CARD_KEYS:
        return f"{whose} field has {plural(cond['max'], 'card')} or fewer"
    if zone == "outside" and "max" in cond:
        n = cond["max"]
        return f"{whose} outside area has " + (
            "no cards" if n == 0 else f"{plural(n, 'card')} or fewer"
        )
    if zone == "outside":
        n = cond.get("min", 1)
        what = f"{cond['card_type']} card" if "card_type" in cond else "card"
        article = "an" if what.startswith("event") else "a"
        what = f"{article if n == 1 else f'{n} or more'} {what}{'' if n == 1 else 's'}"
        if "name" in cond:
            what += f" named <{cond['name']}>"
        if "trait" in cond:
            what += f" with [{cond['trait']}]"
        if isinstance(cond.get("any_of"), list):  # "〈A〉と〈B〉の合計枚数"
            what += " named " + " or ".join(f"<{a.get('name')}>" for a in cond["any_of"])
        return f"{whose} outside area has {what}"
    n = cond.get("min", 1)
    many = "a" if n == 1 else f"{n} or more"
    if "max" in cond:  # "自分の場に〈X〉がない場合": none (at most max) of them
        n = cond["max"]
        many = "no" if n == 0 else f"{n} or fewer"
    adjectives = "".join(
        word for key, word in (("other", "other "), ("rested", "rested ")) if cond.get(key)
    )
    colour = f"{cond['color']} " if "color" in cond else ""
    noun = cond.get("type", "card")
    what = f"{many} {adjectives}{colour}{noun}{'' if n == 1 else 's'}"
    if "energy_min" in cond:
        what += f" requiring {cond['energy_min']} or more energy"
    if "energy_max" in cond:
        what += f" requiring {cond['energy_max']} or less energy"
    if "has_trigger" in cond:
        what += " with a trigger" if cond["has_trigger"] else " without a trigger"
    if "name" in cond:
        what += f" named <{cond['name']}>"
    if "name_contains" in cond:
        what += f" whose name contains “{cond['name_contains']}”"
    for key in ("trait", "affinity"):
        if key in cond:
            what += f" with [{cond[key]}]"
    place = {"front_line": "front line", "energy_line": "energy line"}.get(
        cond.get("zone"), "field"
    )
    return f"{whose} {place} has {what}"
