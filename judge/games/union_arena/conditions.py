"""Conditions of card text: "自分の場に〈X〉がある場合、…" (``UA-EFFECT-IF``).

An op may carry ``if``: a condition ``{"side": "own", "zone": "field", "name": X}`` (or
``trait``, ``color``) that holds when that side's field has at least one card meeting it.
The op happens only when it holds as the op is carried out.  A selector may carry
``instead``: ``{"if": condition, "bp_max": N}``, printed "『BP3000以下』の…。自分の場に〈X〉が
ある場合、『BP5000以下』に代わる。": while the condition holds, ``bp_max`` is N.

Targets are checked when the action that records them is judged, which for a played card
or an activated ability is before the effect resolves: the field is then taken as it will
be when it resolves, with the played card on it (``plus``: a character or field being
played) and without the ability's own card when its cost retires it (``minus``).  An op that
could change the field before a later condition is read (a retire, a return or a removal of
one's own cards earlier in the effect) makes the effect unsupported (``effects.supported``),
so the condition reads the same then and now.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from judge.games.union_arena.state import LINES

if TYPE_CHECKING:
    from judge.games.union_arena.engine import UnionArenaEngine

#: what a condition on the field may state: a card meeting ``name`` / ``trait`` / ``color``,
#: at least ``min`` of them (default 1: "がある場合"; "が3枚以上ある場合")
KEYS = {"side", "zone", "name", "trait", "affinity", "color", "min"}


def valid(cond: Any) -> bool:
    """A condition the engine evaluates exactly: on the field (above); or ``{"zone":
    "outside", "card_type": "event", "min": N}`` ("自分の場外にイベントカードがN枚以上ある
    場合": at least N cards of that type in that side's outside area); or ``{"zone":
    "life", "max": N}`` ("相手のライフが4以下の場合": that side has at most N life cards)."""
    if not isinstance(cond, dict) or cond.get("side", "own") not in ("own", "opponent"):
        return False
    zone = cond.get("zone", "field")
    n = cond.get("max") if zone == "life" or "max" in cond else cond.get("min", 1)
    if not isinstance(n, int) or isinstance(n, bool) or n < 0:
        return False
    if zone == "outside":
        return set(cond) <= {"side", "zone", "card_type", "min"} and cond.get("card_type") in (
            "character",
            "field",
            "event",
        )
    if zone == "life":
        return set(cond) <= {"side", "zone", "max"}
    if "max" in cond:  # "自分の場にカードが1枚もない場合": at most max cards (any card)
        return zone == "field" and set(cond) <= {"side", "zone", "max"}
    return (
        zone == "field"
        and set(cond) <= KEYS
        and bool(set(cond) & {"name", "trait", "affinity", "color"})
    )


def holds(
    eng: UnionArenaEngine,
    controller: str,
    cond: dict[str, Any],
    plus: str | None = None,
    minus: str | None = None,
) -> bool:
    """Whether ``cond`` holds for ``controller``: a card on that side's field meets it
    (``plus`` counted as on the controller's field, the unit holding ``minus`` not).  A
    ``zone`` of one line (``front_line``, ``energy_line``: "自分のフロントLに〈X〉がある",
    read only where :func:`judge.games.union_arena.only_if.condition_ok` allows it) counts
    that line's cards alone, and never ``plus``, whose line it does not know."""
    from judge.games.union_arena.targets import card_mismatch

    st = eng.state
    side = controller if cond.get("side", "own") == "own" else st.other(controller)
    zone = cond.get("zone", "field")
    if zone == "life":
        return len(st.players[side].life) <= int(cond["max"])
    if zone == "outside":
        cards = [c for c in st.players[side].outside if c is not None]
        return sum(1 for c in cards if st.card(c).type == cond["card_type"]) >= int(cond["min"])
    tops = [
        unit.top
        for line in (LINES if zone == "field" else (zone,))
        for unit in st.players[side].line(line)
        if minus is None or minus not in unit.cards
    ]
    if plus is not None and side == controller and zone == "field":
        tops.append(plus)
    if "max" in cond:
        return len(tops) <= int(cond["max"])
    meets = {k: v for k, v in cond.items() if k != "min"}
    return sum(1 for top in tops if card_mismatch(eng, meets, top) is None) >= int(
        cond.get("min", 1)
    )


def effective(
    eng: UnionArenaEngine,
    controller: str,
    sel: dict[str, Any],
    plus: str | None = None,
    minus: str | None = None,
) -> dict[str, Any]:
    """The selector as it reads now: its ``instead`` applied when its condition holds."""
    instead = sel.get("instead")
    if not isinstance(instead, dict):
        return sel
    out = {k: v for k, v in sel.items() if k != "instead"}
    if holds(eng, controller, instead["if"], plus, minus):
        out["bp_max"] = instead["bp_max"]
    return out


def required_energy(eng: UnionArenaEngine, iid: str, in_hand: bool | None = None) -> dict[str, int]:
    """The energy card ``iid`` requires now: its printed requirement, less what its continuous
    ``reduce_energy`` effects take off while it is in its owner's hand and one of their
    conditions (``if_any``) holds ("相手の場に緑か赤のカードがある場合、手札にあるこのカードの
    必要エナジーを[紫×1]減らす", ``UA-EFFECT-ENERGY-LESS``); never below 0.  ``in_hand``:
    whether the card is in the hand (by default, whether the engine sees it there; a card
    named from the hand in observed mode may not be bound to its slot yet)."""
    st = eng.state
    d = st.card(iid)
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
            if any(holds(eng, owner, cond) for cond in op["if_any"]):
                colour = op["color"]
                if colour in need:
                    need[colour] = max(0, need[colour] - int(op["n"]))
    return need


def reduction_ok(op: Any) -> bool:
    """A ``reduce_energy`` op the engine counts exactly."""
    conds = op.get("if_any") if isinstance(op, dict) else None
    return (
        isinstance(op.get("color"), str)
        and isinstance(op.get("n"), int)
        and op["n"] >= 1
        and isinstance(conds, list)
        and bool(conds)
        and all(valid(c) for c in conds)
    )


def describe(cond: dict[str, Any]) -> str:
    """A condition in words, for rulings."""
    whose = "your" if cond.get("side", "own") == "own" else "the opponent's"
    if cond.get("zone") == "life":
        return f"{whose} life is {cond['max']} or less"
    if "max" in cond:
        return f"{whose} field has {cond['max']} card(s) or fewer"
    if cond.get("zone") == "outside":
        return f"{whose} outside area has {cond['min']} or more {cond['card_type']} cards"
    what = (
        f"<{cond['name']}>"
        if "name" in cond
        else f"[{cond.get('trait') or cond.get('affinity')}]"
        if "trait" in cond or "affinity" in cond
        else f"a {cond.get('color')} card"
    )
    many = f"{cond['min']} or more " if cond.get("min", 1) != 1 else ""
    place = {"front_line": "front line", "energy_line": "energy line"}.get(
        cond.get("zone"), "field"
    )
    return f"{whose} {place} has {many}{what}"
