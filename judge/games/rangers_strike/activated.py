"""A unit's effect its player activates in its own rush phase, putting the unit into the discard
pile as the cost (RS-ACTIVATE): "【name】自軍ラッシュフェイズ中、このユニットを捨札にして次の効果を発動で
きる⇒…".

The effect is ``{"when": "activated", "cost": "discard_self", …}`` with the body's ops; the one
body read so far is a search of one's deck for a card of one name or, when one's discard pile
holds cards of two other names, of a third (RS-SEARCH-EITHER-NAME, :func:`ok`).

The action ``{"do": "activate", "card": <the unit>, "ability": N}`` (``ability``: the N-th
activated effect of the card, from 1), a decision of the turn player in its rush phase, as
``rush`` and ``use`` are: the unit must be the player's, in its rush area (in the rush phase
its units are there), not riding a vehicle nor stacked on a card (what then becomes of the
vehicle or the card the engine does not guess: unverifiable).  The cost is paid at once: the
unit goes into its owner's discard pile, not destroyed (no when-destroyed effect, as
RS-DISCARD-SELF).  The effect then waits in the pending pool, and its player resolves it (its
choices in a ``resolve``), as a triggered effect is.  The text sets no limit on how often; a
unit in the discard pile cannot pay the cost again.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from judge.core.engine import Plan
from judge.games.rangers_strike.refs import find_unit

if TYPE_CHECKING:
    from judge.games.rangers_strike.engine import RangersStrikeEngine

RULE = "RS-ACTIVATE"
SEARCH_RULE = "RS-SEARCH-EITHER-NAME"
WHEN = "activated"
COST = "discard_self"


def effects_of(eng: RangersStrikeEngine, iid: str) -> list[tuple[int, dict[str, Any]]]:
    """The card's activated effects, ``(index in its effects, effect)``, in order."""
    return [(i, e) for i, e in enumerate(eng.state.card(iid).effects) if e.get("when") == WHEN]


def either_ok(find: Any) -> bool:
    """``{"name": A, "or": {"name": D, "if_discard": [B, C]}}`` (RS-SEARCH-EITHER-NAME)."""
    if not isinstance(find, dict) or set(find) != {"name", "or"}:
        return False
    alt = find["or"]
    return (
        isinstance(find["name"], str)
        and bool(find["name"])
        and isinstance(alt, dict)
        and set(alt) == {"name", "if_discard"}
        and isinstance(alt["name"], str)
        and bool(alt["name"])
        and isinstance(alt["if_discard"], list)
        and len(alt["if_discard"]) >= 1
        and all(isinstance(n, str) and n for n in alt["if_discard"])
    )


def ok(effect: dict[str, Any]) -> bool:
    """Whether an activated effect is one the engine executes: the cost, and the search of
    RS-SEARCH-EITHER-NAME then the shuffle, optional."""
    ops = effect.get("do")
    return (
        effect.get("when") == WHEN
        and effect.get("cost") == COST
        and effect.get("optional") is True
        and not set(effect) - {"when", "cost", "optional", "do", "text"}
        and isinstance(ops, list)
        and len(ops) == 2
        and ops[1] == {"op": "shuffle"}
        and isinstance(ops[0], dict)
        and set(ops[0]) == {"op", "find", "count", "to"}
        and ops[0]["op"] == "from_deck"
        and ops[0]["count"] == 1
        and ops[0]["to"] == "rush"
        and either_ok(ops[0]["find"])
    )


def fits(eng: RangersStrikeEngine, pid: str, d: Any, find: dict[str, Any]) -> bool:
    """RS-SEARCH-EITHER-NAME: the card ``d`` is named A, or named D while ``pid``'s discard
    pile holds a card of each name the alternative asks."""
    if d.named(find["name"]):
        return True
    alt = find["or"]
    return d.named(alt["name"]) and discard_holds(eng, pid, alt["if_discard"])


def discard_holds(eng: RangersStrikeEngine, pid: str, names: list[str]) -> bool:
    """Whether ``pid``'s discard pile holds a card of each of ``names``."""
    st = eng.state
    pile = st.players[pid].discard
    return all(any(st.card(c).named(n) for c in pile) for n in names)


def took(eng: RangersStrikeEngine, pid: str, iid: str, find: dict[str, Any], what: str) -> None:
    """A ruling: which of the two names the card taken has, and why it may be taken."""
    alt = find["or"]
    d = eng.state.card(iid)
    if d.named(find["name"]):
        said = f"is named {find['name']}"
    else:
        held = " and ".join(alt["if_discard"])
        said = f"is named {alt['name']}, and {pid}'s discard pile holds cards named {held}"
    eng.ctx.ruling(SEARCH_RULE, f"{eng.name(iid)} {said}: {what} may take it.")


def check_activate(eng: RangersStrikeEngine, plan: Plan) -> None:
    """The unit is the player's, in its rush area, and has the activated effect asked."""
    st = eng.state
    pid = plan.action["p"]
    ref = plan.action.get("card")
    found = find_unit(st, ref, "card", [pid], ("rush",))
    if found is None:
        plan.violate(
            RULE,
            f"{ref} is not a unit of {pid}'s rush area: only a unit there can be put into the "
            "discard pile to activate its effect in the rush phase.",
        )
        plan.cannot_apply("no such unit")
        return
    _owner, _area, unit = found
    if not st.card(unit.card).is_unit:
        plan.violate(RULE, f"{eng.name(unit.card)} is a vehicle: its text says このユニット.")
        plan.cannot_apply("not a unit")
        return
    n = int(plan.action["ability"])
    listed = effects_of(eng, unit.card)
    if not 1 <= n <= len(listed):
        plan.violate(
            RULE,
            f"{eng.name(unit.card)} has {len(listed)} effect(s) activated so: no effect {n}.",
        )
        plan.cannot_apply("no such effect")
        return
    plan.data["unit"] = unit
    plan.data["index"], plan.data["effect"] = listed[n - 1]


def apply_activate(eng: RangersStrikeEngine, plan: Plan) -> None:
    """Pay the cost (the unit into the discard pile, not destroyed) and put the effect into the
    pending pool."""
    from judge.games.rangers_strike import watch

    st = eng.state
    pid = plan.action["p"]
    unit = plan.data["unit"]
    iid = unit.card
    what = f"{eng.name(iid)}'s activated effect"
    if unit.vehicle is not None or unit.stacked:
        why = (
            f"{eng.name(iid)} rides a vehicle or is stacked on a card, and what becomes of it "
            "as the unit goes to the discard pile for a cost is not guessed"
        )
        eng.ctx.ruling(RULE, f"{why[0].upper()}{why[1:]}.")
        eng.ctx.cannot_verify(why)
    where = st.area_of(unit)
    watch.discard_self(eng, [(pid, where[1] if where else "rush", unit)], f"the cost of {what}")
    eng.ctx.ruling(
        RULE,
        f"{pid} puts {eng.name(iid)} into the discard pile to activate its effect in its rush "
        "phase: the effect waits for its resolve.",
    )
    eng.pool.add(pid, iid, plan.data["effect"], plan.data["index"], WHEN)
