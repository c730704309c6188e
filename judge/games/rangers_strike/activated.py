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
from judge.core.wording import plural
from judge.games.rangers_strike import placed_watch, tag_activated, usable_as
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


#: the vehicle's search: an operation card put held into the command zone, a command of one's
#: own discarded first when the zone is full (RS-SEARCH-TO-COMMAND)
TO_COMMAND = {
    "op": "from_deck",
    "find": {"type": "operation"},
    "count": 1,
    "to": "command",
    "if_full": "discard_command",
}
COMMAND_RULE = "RS-SEARCH-TO-COMMAND"


def is_command_op(op: Any) -> bool:
    """Whether ``op`` is the search of RS-SEARCH-TO-COMMAND."""
    return op == TO_COMMAND


def ok(effect: dict[str, Any]) -> bool:
    """Whether an activated effect is one the engine executes: the cost, and the search of
    RS-SEARCH-EITHER-NAME then the shuffle, optional, or the search of RS-SEARCH-TO-COMMAND
    then the shuffle."""
    ops = effect.get("do")
    if (
        isinstance(ops, list)
        and len(ops) == 2
        and is_command_op(ops[0])
        and ops[1] == {"op": "shuffle"}
    ):
        return (
            effect.get("when") == WHEN
            and effect.get("cost") == COST
            and not set(effect) - {"when", "cost", "do", "text"}
        )
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
    """Whether ``pid``'s discard pile holds a card of each of ``names``, a card that may be used
    as one counting (RS-USABLE-AS).  When only one card counted as two of the names would do,
    whether it may be is not in the sources: the step is left unverifiable (and the pile taken
    to hold them)."""
    st = eng.state
    pile = [c for c in st.players[pid].discard if c is not None]
    each = [[c for c in pile if st.card(c).named(n)] for n in names]
    if _distinct(each, []):
        return True
    if not all(each):
        return False
    eng.ctx.cannot_verify(
        f"{pid}'s discard pile holds cards named " + " and ".join(names) + " only if one card "
        "that may be used as another (としてつかえる) counts as two of them, which the sources "
        f"do not say ({usable_as.RULE})"
    )
    return True


def _distinct(each: list[list[str]], used: list[str]) -> bool:
    """Whether one card of each list can be taken, none twice."""
    if not each:
        return True
    return any(_distinct(each[1:], [*used, c]) for c in each[0] if c not in used)


def took(eng: RangersStrikeEngine, pid: str, iid: str, find: dict[str, Any], what: str) -> None:
    """A ruling: which of the two names the card taken has, and why it may be taken."""
    alt = find["or"]
    d = eng.state.card(iid)
    if d.named(find["name"]):  # RS-USABLE-AS: or may be used as it
        said = ("is named " if d.name_match(find["name"]) else "may be used as ") + find["name"]
    else:
        held = " and ".join(alt["if_discard"])
        said = f"is named {alt['name']}, and {pid}'s discard pile holds cards named {held}"
    eng.ctx.ruling(SEARCH_RULE, f"{eng.name(iid)} {said}: {what} may take it.")


def check_activate(eng: RangersStrikeEngine, plan: Plan) -> None:
    """The unit is the player's, in its rush area, and has the activated effect asked."""
    st = eng.state
    pid = plan.action["p"]
    ref = plan.action.get("card")
    resident = tag_activated.resident_named(eng, pid, ref)
    if resident is not None:  # RS-TAG-ONCE: a resident's text, once in the rush phase
        tag_activated.check(eng, plan, resident)
        return
    found = find_unit(st, ref, "card", [pid], ("rush",))
    ridden = next(
        (u for u in st.players[pid].rush if u.vehicle is not None and u.vehicle == ref), None
    )
    if found is None and ridden is not None:  # a vehicle a unit rides: named by its own id
        found = (pid, "rush", ridden)
        plan.data["vehicle"] = ref
    if found is None:
        plan.violate(
            RULE,
            f"{ref} is not a unit of {pid}'s rush area: only a unit there can be put into the "
            "discard pile to activate its effect in the rush phase.",
        )
        plan.cannot_apply("no such unit")
        return
    _owner, _area, unit = found
    n = int(plan.action["ability"])
    card = plan.data.get("vehicle", unit.card)
    listed = effects_of(eng, card)
    if not 1 <= n <= len(listed):
        plan.violate(
            RULE,
            f"{eng.name(card)} has {plural(len(listed), 'effect')} activated so: no effect {n}.",
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
    if "resident" in plan.data:  # RS-TAG-ONCE
        tag_activated.apply(eng, plan)
        return
    unit = plan.data["unit"]
    vehicle = plan.data.get("vehicle")
    if vehicle is not None:  # a vehicle a unit rides, put into the discard pile
        _discard_ridden(eng, pid, unit, vehicle, plan)
        return
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


def _discard_ridden(
    eng: RangersStrikeEngine, pid: str, unit: Any, vehicle: str, plan: Plan
) -> None:
    """A vehicle a unit rides pays the cost: the vehicle goes into its owner's discard pile and
    the unit stays in the rush area, riding nothing; whether the unit stays so the sources do
    not say (unverifiable)."""
    st = eng.state
    what = f"{eng.name(vehicle)}'s activated effect"
    unit.vehicle = None
    st.players[st.owner_of[vehicle]].discard.append(vehicle)
    eng.event(
        "to_discard",
        f"{eng.name(vehicle)} goes from {pid}'s rush area to the discard pile (the cost of {what}; "
        "not destroyed).",
        player=pid,
        card=vehicle,
    )
    why = (
        f"{eng.name(unit.card)} rides {eng.name(vehicle)}, which goes into the discard pile, and "
        "what becomes of the unit riding it the sources do not say (the engine leaves it in the "
        "rush area, riding nothing)"
    )
    eng.ctx.ruling(RULE, f"{why[0].upper()}{why[1:]}.")
    eng.ctx.cannot_verify(why)
    eng.pool.add(pid, vehicle, plan.data["effect"], plan.data["index"], WHEN)


Pick = tuple[int | None, list[Any], list[tuple[str, str]], str | None]


def command_pick(
    eng: RangersStrikeEngine, pid: str, effect: dict[str, Any], targets: list[Any], taking: bool
) -> Pick:
    """RS-SEARCH-TO-COMMAND: the command of ``pid``'s own to discard first, when its command
    zone is full and a card is taken (``taking``): ``(index, targets left, problems, doubt)``.
    The log names it after the card searched; not named, it is not guessed."""
    from judge.core.refs import is_instance, ref_code, ref_text
    from judge.games.rangers_strike.state import COMMAND_LIMIT

    ops = effect.get("do") or []
    if not ops or not is_command_op(ops[0]):
        return None, targets, [], None
    st = eng.state
    ps = st.players[pid]
    full = len(ps.command) >= COMMAND_LIMIT
    if not taking or not full:
        if taking and targets:
            return (
                None,
                targets[1:],
                [
                    (
                        COMMAND_RULE,
                        f"{pid}'s command zone has room: no command is put into the discard pile "
                        f"for the card, and {ref_text(targets[0])} is named for nothing.",
                    )
                ],
                None,
            )
        return None, targets, [], None
    if not targets:
        return (
            None,
            targets,
            [],
            (
                f"{pid}'s command zone is full, and which command of its own it put into the "
                "discard pile first is not recorded"
            ),
        )
    ref, rest = targets[0], targets[1:]
    code = ref_code(st, ref)
    matches = [
        i
        for i, c in enumerate(ps.command)
        if (c.card == ref if is_instance(st, ref) else st.code_of[c.card] == code)
    ]
    if not matches:
        return (
            None,
            rest,
            [("RS-CARD-IN-ZONE", f"{ref_text(ref)} is not a card of {pid}'s command zone.")],
            None,
        )
    if len({ps.command[i].held for i in matches}) > 1 and not is_instance(st, ref):
        return (
            None,
            rest,
            [],
            f"which command {ref_text(ref)} names (held or released) is not known",
        )
    return matches[0], rest, [], None


def to_command(
    eng: RangersStrikeEngine,
    pe: Any,
    takes: list[Any],
    index: int | None,
    doubt: str | None,
    what: str,
) -> None:
    """The card taken goes held into the command zone; when that is full, the command chosen
    goes into the discard pile first (RS-SEARCH-TO-COMMAND)."""
    from judge.core.refs import take_many
    from judge.games.rangers_strike.state import COMMAND_LIMIT, Command

    st = eng.state
    pid = pe.controller
    ps = st.players[pid]
    if doubt is not None:
        eng.not_guessed(
            pe,
            COMMAND_RULE,
            doubt,
            f"{what} is not carried out; the log may name the command after the card, or record "
            "what happened in an `outcome`.",
        )
        return
    cards = take_many(st, pid, takes)
    if not cards:
        eng.event("from_deck", f"{pid} takes no card from its deck for {what}.", player=pid)
        return
    card = cards[0]
    if len(ps.command) >= COMMAND_LIMIT and index is not None:
        gone = ps.command.pop(index).card
        st.players[st.owner_of[gone]].discard.append(gone)
        eng.event(
            "to_discard",
            f"{pid} puts its command {eng.name(gone)} into the discard pile first ({what}).",
            player=pid,
            card=gone,
        )
    ps.command.append(Command(card, held=True))
    placed_watch.placed(eng, [(pid, card)], "held")  # RS-PLACED-HELD-WATCH
    eng.event(
        "to_command",
        f"{pid} takes {eng.name(card)} from its deck and puts it held into its command zone "
        f"({what}).",
        player=pid,
        card=card,
    )
    eng.ctx.ruling(
        COMMAND_RULE,
        f"{eng.name(card)}, an operation card, goes held into {pid}'s command zone"
        + (", a command of its own put into the discard pile first." if index is not None else "."),
    )
