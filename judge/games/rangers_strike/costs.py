"""Additional conditions that are costs: discarding units of one's own to rush or use a card
(RS-RUSH-DISCARD), read by the ``rs-catalog`` importer into the definition's ``cost``.

``cost`` is ``{"discard": {"name": X} | {"features": [X, …]}, "count": N}``: N units of the
player's (rush or battle area) named X, or having every feature listed, go to the discard pile
when the card is rushed or used; with ``"zero_power": true`` the discard is optional and makes
the card's required power 0 ("…を捨札にすれば必要パワー0になる"), otherwise the card cannot be
rushed without it.  The action names the units in ``discard``.

Why a module of its own: a cost is checked with the card's requirements, in the official order
(power, whether the condition can be met, the command, then carrying the condition out), and
carried out after the command is held; the units discarded are not destroyed (no when-destroyed
effect triggers), which is neither an effect nor a battle.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from judge.core.engine import Plan
from judge.core.wording import plural
from judge.games.rangers_strike import stacking
from judge.games.rangers_strike.cards import name_key
from judge.games.rangers_strike.handling import _path
from judge.games.rangers_strike.refs import find_unit
from judge.games.rangers_strike.state import AREAS, Unit, leave_area

if TYPE_CHECKING:
    from judge.games.rangers_strike.engine import RangersStrikeEngine


def cost_of(eng: RangersStrikeEngine, iid: str) -> dict[str, Any] | None:
    """The card's discard cost, or None."""
    st = eng.state
    cost = st.defs[st.code_of[iid]].raw.get("cost")  # (RSState.card written out: asked often)
    return cost if isinstance(cost, dict) and isinstance(cost.get("discard"), dict) else None


def holds_of(eng: RangersStrikeEngine, iid: str) -> int:
    """How many more commands of the player's the card holds (``cost.hold``), 0 for none."""
    cost = eng.state.defs[eng.state.code_of[iid]].raw.get("cost")
    return int(cost.get("hold") or 0) if isinstance(cost, dict) else 0


def check_holds(
    eng: RangersStrikeEngine,
    plan: Plan,
    pid: str,
    iid: str,
    holder: str,
    main: int,
    stand_ins: Sequence[Unit] = (),
    extra: int = 0,
) -> bool:
    """RS-RUSH-HOLD: ``追加で自軍コマンドをNつホールドする``: N more released commands of
    ``pid``'s own, besides the one held for the card (index ``main`` of ``holder``'s zone),
    named in ``also_hold``.  Sets ``plan.data["also_hold"]`` (indexes) and
    ``plan.data["hold_doubt"]``.

    ``stand_ins``: units of ``pid``'s with Lead of an operation's category (RS-LEAD), besides
    the one held for it, if any.  Whether such a unit may be held for the further commands as
    well the sources do not say: one named in ``also_hold`` is held as the log says, and the
    step is unverifiable; and so it is when only with them could there be enough, or when
    the log names none and one could have been held.

    ``extra``: further commands a resident's restriction asks besides (RS-NAMESAKE-HOLD), held
    with the card's own; when it asks some the rulings name that rule."""
    taken = {main} if holder == pid else set()
    n = holds_of(eng, iid) + extra
    why = NAMESAKE_HOLD if extra else RUSH_HOLD
    refs = list(plan.action.get("also_hold") or [])
    units = [u for u in stand_ins if any(names_card(eng, r, u.card) for r in refs)]
    if n and units:
        rest = [r for r in refs if not any(names_card(eng, r, u.card) for u in units)]
        if len(rest) + len(units) != n:
            plan.violate(
                why.rule,
                f"{eng.name(iid)} holds {n} more command{'s' if n > 1 else ''}; the record names "
                f"{len(rest) + len(units)}.",
            )
            return False
        plan.data["also_hold_units"] = units
        plan.data["hold_doubt"] = _lead_doubt(eng, units)
        return check_further(eng, plan, pid, iid, len(rest), taken, why, rest)
    cmds = eng.state.players[pid].command
    free = 0
    for i, c in enumerate(cmds):  # (a loop, not sum() over a generator)
        if not c.held and i not in taken:
            free += 1
    if n and not refs and stand_ins and free < n <= free + len(stand_ins):
        plan.data["hold_doubt"] = _lead_doubt(eng, list(stand_ins))
        return check_further(eng, plan, pid, iid, free, taken, why)
    if n and not refs and stand_ins and free >= n:
        plan.data["hold_doubt"] = (
            f"whether {pid} held commands or a unit with Lead for the further commands is not "
            "recorded (and whether such a unit may be held for them the sources do not say)"
        )
    return check_further(eng, plan, pid, iid, n, taken, why)


def _lead_doubt(eng: RangersStrikeEngine, units: list[Unit]) -> str:
    """RS-LEAD's doubt on further commands (:func:`check_holds`)."""
    names = ", ".join(eng.name(u.card) for u in units)
    return (
        f"whether a unit with Lead ({names}) may be held for the further commands as well the "
        "sources do not say"
    )


@dataclass(frozen=True)
class HoldFor:
    """What further commands are held for, in the rulings: the rule; ``more`` and ``further``,
    the words before "command" ("2 more commands", "the further command") when they are held
    besides the card's own; ``none``, said of a card that holds none; ``purpose``, after "of
    A's" in a ruling; ``part``, the card's part that asks them."""

    rule: str
    more: str
    further: str
    none: str
    purpose: str
    part: str


RUSH_HOLD = HoldFor(
    "RS-RUSH-HOLD",
    "more ",
    "further ",
    "holds no more commands than one",
    "",
    "additional condition",
)

#: RS-NAMESAKE-HOLD: a resident's "…コマンドを追加でNつホールドしなければ、そのユニットカードはラッシュ
#: できない。" (with the card's own further commands, RS-RUSH-HOLD, when it has some)
NAMESAKE_HOLD = HoldFor(
    "RS-NAMESAKE-HOLD",
    "more ",
    "further ",
    "holds no more commands than one",
    "",
    "rush under a resident's restriction",
)

#: RS-ENTER-HOLD: "※これは自軍コマンドをNつホールドしなければバトルエリアに出られない。"
ENTER_HOLD = HoldFor(
    "RS-ENTER-HOLD",
    "",
    "",
    "holds no commands to enter the battle area",
    " to enter the battle area",
    "note",
)

#: RS-RIDER: "※特徴「X」を持つSユニットは、自軍コマンドをNつホールドすれば、RCを持っていなくても
#: このビークルにライドできる。" (the vehicle's note; the iid in the rulings is the vehicle's)
RIDE_HOLD = HoldFor(
    "RS-RIDER",
    "",
    "",
    "holds no commands to ride it",
    " to ride the vehicle",
    "note",
)


def check_further(
    eng: RangersStrikeEngine,
    plan: Plan,
    pid: str,
    iid: str,
    n: int,
    taken: set[int],
    why: HoldFor,
    refs: list[Any] | None = None,
) -> bool:
    """``n`` released commands of ``pid``'s own (not those at ``taken``) that ``iid`` holds,
    as the action names them in ``also_hold`` (or ``refs``), or the first ones (a doubt when
    more could be: ``plan.data["hold_doubt"]``).  In tag battle, whether the ally may hold one
    is not known: when only the ally could, a doubt too.  Sets ``plan.data["also_hold"]``
    (indexes)."""
    if refs is None:
        refs = plan.action.get("also_hold") or []
    rule, more, further = why.rule, why.more, why.further
    if not n:
        if refs:
            plan.violate(rule, f"{eng.name(iid)} {why.none}.")
            return False
        return True
    ps = eng.state.players[pid]
    free = [i for i, c in enumerate(ps.command) if not c.held and i not in taken]
    s = "s" if n > 1 else ""
    if refs:
        cards = [ps.command[i].card for i in free]
        chosen = [free[k] for k in leading(eng, cards, refs, len(refs))]
        if len(chosen) < len(refs):
            plan.violate(
                rule,
                f"{refs[len(chosen)]} is not another released command in {pid}'s own command zone.",
            )
            return False
        if len(chosen) != n:
            plan.violate(
                rule,
                f"{eng.name(iid)} holds {n} {more}command{s}{why.purpose}; the record names "
                f"{len(chosen)}.",
            )
            return False
        plan.data["also_hold"] = chosen
        return True
    if len(free) < n:
        ally = [q for q in eng.command_holders(pid) if q != pid]
        if ally and any(not c.held for q in ally for c in eng.state.players[q].command):
            plan.data["hold_doubt"] = f"whether the ally may hold the {further}command is not known"
            plan.data["also_hold"] = free
            return True
        besides = " besides the one held for it" if taken or more else ""
        plan.violate(
            rule,
            f"{eng.name(iid)} holds {n} {more}released command{s} of {pid}'s{why.purpose}; "
            f"{pid} has {len(free)}{besides}.",
        )
        return False
    plan.data["also_hold"] = free[:n]
    if len(free) > n and "hold_doubt" not in plan.data:
        plan.data["hold_doubt"] = f"which {further}command {pid} held is not recorded"
    return True


def pay_holds(
    eng: RangersStrikeEngine, plan: Plan, pid: str, iid: str, why: HoldFor = RUSH_HOLD
) -> None:
    """Hold the further commands (RS-RUSH-HOLD, or what ``why`` names)."""
    doubt = plan.data.get("hold_doubt")
    if doubt is not None:
        rule = "RS-LEAD" if "unit with Lead" in doubt else why.rule
        eng.ctx.ruling(rule, f"{eng.name(iid)}'s {why.part}: {doubt}.")
        eng.ctx.cannot_verify(doubt)
    for i in plan.data.get("also_hold") or []:
        eng.hold_command(pid, i, pid, iid)
    for unit in plan.data.get("also_hold_units") or []:  # RS-LEAD: as the log says
        unit.held = True
        _watch_unit(eng, pid, unit)
        eng.event(
            "hold",
            f"{pid} holds its unit {eng.name(unit.card)} for {eng.name(iid)}'s further commands.",
            player=pid,
            card=unit.card,
        )
    if plan.data.get("also_hold"):
        eng.ctx.ruling(
            why.rule,
            f"{eng.name(iid)}: {plural(len(plan.data['also_hold']), why.further + 'command')} of "
            f"{pid}'s "
            f"held for its {why.part}.",
        )


def leading(eng: RangersStrikeEngine, cards: list[str], refs: list[Any], most: int) -> list[int]:
    """The positions in ``cards`` that the leading ``refs`` name, a different card each, at
    most ``most`` of them: it stops at the first reference naming none left (what the log
    names first in a resolve's ``targets``, before the selectors' units)."""
    chosen: list[int] = []
    for ref in refs[:most]:
        hit = next(
            (k for k, c in enumerate(cards) if k not in chosen and names_card(eng, ref, c)), None
        )
        if hit is None:
            break
        chosen.append(hit)
    return chosen


def names_card(eng: RangersStrikeEngine, ref: Any, card: str) -> bool:
    """Whether the card reference ``ref`` (an instance id or a code) names ``card``."""
    from judge.games.rangers_strike.refs import is_instance, ref_code

    st = eng.state
    return card == ref if is_instance(st, ref) else st.code_of[card] == ref_code(st, ref)


def name_distinct(eng: RangersStrikeEngine, refs: list[Any], cands: list[Any]) -> bool:
    """Whether each reference of ``refs`` names a different unit of ``cands`` (``(player,
    area, unit)`` triples), in order, the first not yet taken that it names: whether a list of
    references could all be units, where it is not known where the cards before them end."""
    used: list[int] = []
    for ref in refs:
        hit = next(
            (k for k, c in enumerate(cands) if k not in used and names_card(eng, ref, c[2].card)),
            None,
        )
        if hit is None:
            return False
        used.append(hit)
    return True


def describe(cost: dict[str, Any]) -> str:
    """The units a cost discards, in English."""
    want = cost["discard"]
    n = int(cost.get("count", 1))
    units = "unit" if n == 1 else "units"
    if "name" in want:
        return f"{n} {units} of yours named {want['name']}"
    if "parts" in want:  # RS-COMBINE-PARTS
        listed = ", ".join(" or ".join(p) for p in want["parts"])
        return f"{n} {units} of yours, one for each part of the combination ({listed})"
    features = " and ".join(want["features"])
    return f"{n} {units} of yours with the feature{'s' if len(want['features']) > 1 else ''} {features}"


def fits(eng: RangersStrikeEngine, cost: dict[str, Any], card: str) -> bool:
    d = eng.state.card(card)
    want = cost["discard"]
    if "parts" in want and d.is_vehicle:  # a combination may name a vehicle (atwiki 1841)
        return any(d.named(*part) for part in want["parts"])
    if not d.is_unit:
        return False
    if "name" in want:
        return d.named(want["name"])
    if "parts" in want:  # RS-COMBINE-PARTS: a unit named by any part
        return any(d.named(*part) for part in want["parts"])
    have = eng.state.features_of(card)
    return all(f in have for f in want["features"])


def fitting(eng: RangersStrikeEngine, pid: str, cost: dict[str, Any]) -> tuple[list[Unit], bool]:
    """``pid``'s units and vehicles (rush and battle area; a unit riding a vehicle is one,
    atwiki renst 141 A2) that the cost may discard, and whether a vehicle ridden by a unit
    fits too (which the engine does not offer: whether it may be is not in the sources)."""
    units = [u for u in eng.state.players[pid].units() if fits(eng, cost, u.card)]
    aboard = any(
        u.vehicle is not None and fits(eng, cost, u.vehicle) for u in eng.state.players[pid].units()
    )
    return units, aboard


def required_power(eng: RangersStrikeEngine, plan: Plan, iid: str) -> int:
    """The card's required power: 0 when its optional discard is recorded (``zero_power``)."""
    cost = cost_of(eng, iid)
    if cost is not None and cost.get("zero_power") and plan.action.get("discard"):
        return 0
    return eng.state.defs[eng.state.code_of[iid]].power


def cover(parts: list[list[str]], names: list[str] | list[frozenset[str]]) -> list[int] | None:
    """RS-COMBINE-PARTS: positions in ``names``, one for each part in order, each a name the
    part lists, none used twice; None when the names cannot make up every part.  An entry of
    ``names`` may be a set: a card's names, the names it may be used as among them
    (RS-USABLE-AS), of which it fills one part only.

    >>> cover([["A"], ["B", "C"]], ["C", "A", "B"])
    [1, 0]
    >>> cover([["A"], ["A"]], ["A"]) is None
    True
    >>> cover([["A"], ["B"]], [frozenset({"A", "B"})]) is None
    True
    >>> cover([["A"], ["B"]], [frozenset({"A", "B"}), "A"])
    [1, 0]
    """

    def fill(k: int, used: list[int]) -> list[int] | None:
        if k == len(parts):
            return used
        for i, name in enumerate(names):
            has = {name} if isinstance(name, str) else name
            if i not in used and any(n in parts[k] for n in has):
                found = fill(k + 1, [*used, i])
                if found is not None:
                    return found
        return None

    return fill(0, [])


def cover_units(
    eng: RangersStrikeEngine, parts: list[list[str]], units: list[Unit]
) -> list[Unit] | None:
    """RS-COMBINE-PARTS: ``units``, one for each part (:func:`cover` by their names), or None."""
    taken = cover(
        [[name_key(n) for n in part] for part in parts],
        [eng.state.card(u.card).match_names for u in units],  # RS-USABLE-AS
    )
    return None if taken is None else [units[k] for k in taken]


def check(eng: RangersStrikeEngine, plan: Plan, pid: str, iid: str) -> bool:
    """Whether the cost can be paid as recorded (False: a violation was recorded).  Sets
    ``plan.data["discard"]`` to the units to discard and ``plan.data["discard_doubt"]`` when
    the log left a choice unrecorded."""
    cost = cost_of(eng, iid)
    refs = plan.action.get("discard") or []
    if cost is None:
        if refs:
            plan.violate(
                "RS-RUSH-DISCARD",
                f"{eng.name(iid)} states no additional condition that discards units.",
            )
            return False
        return True
    n = int(cost.get("count", 1))
    owners = [pid, *eng.unit_lenders(pid)]
    if refs:
        chosen: list[tuple[str, Unit]] = []
        for i, ref in enumerate(refs):
            found = find_unit(eng.state, ref, _path(eng, f"discard[{i}]"), owners, AREAS)
            if found is None or not fits(eng, cost, found[2].card):
                plan.violate(
                    "RS-RUSH-DISCARD",
                    f"{ref} is not {describe({**cost, 'count': 1})[2:]} in the rush or battle "
                    f"area of {' or '.join(owners)}.",
                )
                return False
            if any(u is found[2] for _, u in chosen):
                plan.violate("RS-RUSH-DISCARD", f"{ref} is named twice.")
                return False
            chosen.append((found[0], found[2]))
        if len(chosen) != n:
            plan.violate(
                "RS-RUSH-DISCARD",
                f"{eng.name(iid)} discards exactly {n}; the record names {len(chosen)}.",
            )
            return False
        parts = cost["discard"].get("parts")
        if parts is not None and cover_units(eng, parts, [u for _, u in chosen]) is None:
            plan.violate(
                "RS-COMBINE-PARTS",
                f"The units named are not one for each part of {eng.name(iid)}'s combination "
                f"({describe(cost).split('(', 1)[1]}.",
            )
            return False
        plan.data["discard"] = chosen
        return True
    if cost.get("zero_power"):
        return True  # not used: the required power was checked as printed
    units, aboard = fitting(eng, pid, cost)
    parts = cost["discard"].get("parts")
    if parts is not None:  # RS-COMBINE-PARTS: one unit for each part, when they make them up
        taken = cover_units(eng, parts, units)
        if taken is None and not aboard:
            plan.violate(
                "RS-COMBINE-PARTS",
                f"{eng.name(iid)} needs {describe(cost)} to discard; {pid}'s units do not make "
                "up every part. (The condition is checked after power, RS-RUSH-ORDER.)",
            )
            return False
        if taken is not None:
            if len(units) > n:
                plan.data["discard_doubt"] = (
                    f"which of {pid}'s {len(units)} fitting units were discarded is not recorded"
                )
            plan.data["discard"] = [(pid, u) for u in taken]
            return True
        units = []
    if len(units) < n:
        if aboard:
            plan.data["discard_doubt"] = "only a vehicle ridden by a unit could be discarded"
            plan.data["discard"] = []
            return True
        plan.violate(
            "RS-RUSH-DISCARD",
            f"{eng.name(iid)} needs {describe(cost)} to discard; {pid} has {len(units)}. "
            "(The condition is checked after power, RS-RUSH-ORDER.)",
        )
        return False
    plan.data["discard"] = [(pid, u) for u in units[:n]]
    if len(units) > n:
        plan.data["discard_doubt"] = (
            f"which of {pid}'s {len(units)} fitting units were discarded is not recorded"
        )
    return True


def pay(eng: RangersStrikeEngine, plan: Plan, pid: str, iid: str) -> None:
    """Discard the units (not destroyed: no when-destroyed effect triggers)."""
    chosen: list[tuple[str, Unit]] = plan.data.get("discard") or []
    doubt = plan.data.get("discard_doubt")
    if doubt is not None:
        eng.ctx.ruling("RS-RUSH-DISCARD", f"{eng.name(iid)}'s additional condition: {doubt}.")
        eng.ctx.cannot_verify(doubt)
    for owner, unit in chosen:
        ps = eng.state.players[owner]
        if stacking.leaving(eng, unit, f"is discarded for {eng.name(iid)}'s additional condition"):
            why = (
                f"{eng.name(unit.card)} stays in place instead of being discarded: whether "
                f"{eng.name(iid)}'s additional condition is met the sources do not say"
            )
            eng.ctx.ruling("RS-STACK-STAY", f"{why[0].upper()}{why[1:]}.")
            eng.ctx.cannot_verify(why)
            continue
        left = None
        for area in ("rush", "battle"):
            if any(u is unit for u in ps.area(area)):
                left = leave_area(eng.state, ps.area(area), unit)
        for card in unit.cards():
            eng.state.players[eng.state.owner_of[card]].discard.append(card)
        eng.event(
            "discard",
            f"{owner} discards {eng.name(unit.card)} for {eng.name(iid)}'s additional condition "
            "(it is not destroyed).",
            player=owner,
            card=unit.card,
        )
        if left is not None:
            eng.rider_left(left, unit.card)
        if owner != pid:
            eng.ctx.ruling(
                "RST-LEND-UNIT",
                f"{eng.name(iid)}'s additional condition is met by {owner}'s unit "
                f"{eng.name(unit.card)}, lent by the ally.",
            )
    if chosen:
        cost = cost_of(eng, iid) or {}
        power = " (its required power is 0)" if cost.get("zero_power") else ""
        eng.ctx.ruling(
            "RS-RUSH-DISCARD",
            f"{eng.name(iid)}: {describe(cost)} discarded for its additional condition{power}.",
        )


def _watch_unit(eng: RangersStrikeEngine, pid: str, unit: Any) -> None:
    """RS-COMMAND-HELD-WATCH: a unit held in place of a command, as a watch in force sees it."""
    from judge.games.rangers_strike import command_watch

    command_watch.held(eng, [(pid, unit.card)], "unit")
