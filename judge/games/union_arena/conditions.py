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

#: what a condition may state (it is about the field: zone ``field`` only)
KEYS = {"side", "zone", "name", "trait", "affinity", "color"}


def valid(cond: Any) -> bool:
    """A condition the engine evaluates exactly."""
    return (
        isinstance(cond, dict)
        and set(cond) <= KEYS
        and cond.get("side", "own") in ("own", "opponent")
        and cond.get("zone", "field") == "field"
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
    (``plus`` counted as on the controller's field, the unit holding ``minus`` not)."""
    from judge.games.union_arena.targets import card_mismatch

    st = eng.state
    side = controller if cond.get("side", "own") == "own" else st.other(controller)
    tops = [
        unit.top
        for line in LINES
        for unit in st.players[side].line(line)
        if minus is None or minus not in unit.cards
    ]
    if plus is not None and side == controller:
        tops.append(plus)
    return any(card_mismatch(eng, cond, top) is None for top in tops)


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
    what = (
        f"<{cond['name']}>"
        if "name" in cond
        else f"[{cond.get('trait') or cond.get('affinity')}]"
        if "trait" in cond or "affinity" in cond
        else f"a {cond.get('color')} card"
    )
    return f"{'your' if cond.get('side', 'own') == 'own' else 'the opponent'}'s field has {what}"
