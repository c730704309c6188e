"""Union Arena action handlers before and at the start of a turn.

Setup (the first-player choice, the mulligan), the start phase's extra draw and the movement
phase's moves between the front line and the energy line.  Dispatched from
:mod:`judge.games.union_arena.actions`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from judge.core.engine import Plan
from judge.games.union_arena import cannot_move
from judge.games.union_arena.refs import find_unit
from judge.games.union_arena.state import LINE_LIMIT

if TYPE_CHECKING:
    from judge.games.union_arena.engine import UnionArenaEngine


# -- setup ----------------------------------------------------------------------------------------


def check_first_player(eng: UnionArenaEngine, plan: Plan) -> None:
    eng.ctx.ruling(
        "UA-SETUP-FIRST",
        f"{plan.action['p']} won rock-paper-scissors and chose {plan.action['first']} to go first.",
    )


def apply_first_player(eng: UnionArenaEngine, plan: Plan) -> None:
    st = eng.state
    st.agenda.pop(0)
    st.first = plan.action["first"]
    second = st.other(st.first)
    for pid in (st.first, second):
        eng.draw(pid, 7, why=" (opening hand)")
    eng.ctx.ruling("UA-SETUP-HAND", "Each player draws 7 cards.")
    eng.push(
        ("wait_mulligan", {"player": st.first}),
        ("wait_mulligan", {"player": second}),
        ("setup_after_mulligans", {}),
    )


def check_mulligan(eng: UnionArenaEngine, plan: Plan) -> None:
    pass  # who may decide is checked by the agenda: first player, then second, once each


def apply_mulligan(eng: UnionArenaEngine, plan: Plan) -> None:
    st = eng.state
    st.agenda.pop(0)
    pid = plan.action["p"]
    ps = st.players[pid]
    ps.mulliganed = bool(plan.action["redraw"])
    if not ps.mulliganed:
        eng.event("mulligan", f"{pid} keeps the opening hand.", player=pid, redraw=False)
        return
    old = ps.hand
    ps.hand = []
    eng.event(
        "mulligan",
        f"{pid} takes a mulligan: the hand goes to the bottom of the deck.",
        player=pid,
        redraw=True,
    )
    ps.deck.extend(old)
    eng.draw(pid, 7, why=" (mulligan)")
    eng.shuffle(pid)
    eng.ctx.ruling(
        "UA-SETUP-MULLIGAN", f"{pid} put its hand at the bottom of the deck, drew 7 and shuffled."
    )


# -- start and movement phase ---------------------------------------------------------------------


def check_extra_draw(eng: UnionArenaEngine, plan: Plan) -> None:
    ps = eng.state.players[plan.action["p"]]
    if ps.active_ap() < 1:
        plan.violate("UA-START-EXTRA-DRAW", "The extra draw costs 1 AP; no AP card is active.")
    if not ps.deck:
        plan.violate("UA-START-EXTRA-DRAW", "The deck is empty: there is nothing to draw.")


def apply_extra_draw(eng: UnionArenaEngine, plan: Plan) -> None:
    pid = plan.action["p"]
    eng.state.extra_draw_open = False
    eng.pay_ap(pid, 1)
    eng.draw(pid, 1, why=" (extra draw)")
    eng.ctx.ruling("UA-START-EXTRA-DRAW", f"{pid} paid 1 AP for the extra draw.")


def check_move(eng: UnionArenaEngine, plan: Plan) -> None:
    st = eng.state
    pid = plan.action["p"]
    ps = st.players[pid]
    if st.moved:
        plan.violate(
            "UA-MOVE-ONCE",
            f"The movement phase's moves are one simultaneous decision; {pid} has already moved.",
        )
    resolved: dict[str, list[Any]] = {"cards": [], "step_back": [], "remove": []}
    seen: set[int] = set()
    for field in ("cards", "step_back", "remove"):
        for i, ref in enumerate(plan.action.get(field, [])):
            found = find_unit(st, ref, f"actions[{eng.ctx.index}].{field}[{i}]", owner=pid)
            if found is None:
                plan.violate("UA-CARD-IN-ZONE", f"{ref} is not on {pid}'s field.")
                continue
            _, line, unit = found
            if id(unit) in seen:
                plan.violate("UA-MOVE-EL-FL", f"{unit.top} is named twice.")
                continue
            seen.add(id(unit))
            d = st.card(unit.top)
            if field != "remove" and st.has(unit, cannot_move.KEYWORD):
                plan.violate(
                    cannot_move.RULE,
                    f"{eng.name(unit.top)} cannot move (このキャラは移動できない).",
                )
            if field == "cards":
                if d.type != "character":
                    plan.violate(
                        "UA-MOVE-EL-FL", f"{eng.name(unit.top)} is a field card: fields never move."
                    )
                elif line != "energy_line":
                    plan.violate(
                        "UA-MOVE-EL-FL",
                        f"{eng.name(unit.top)} is already in the front line; "
                        "characters move from the energy line to the front line only.",
                    )
            elif field == "step_back":
                if line != "front_line":
                    plan.violate("UA-MOVE-STEP", f"{eng.name(unit.top)} is not in the front line.")
                elif not st.has(unit, "step"):
                    plan.violate(
                        "UA-MOVE-STEP",
                        f"{eng.name(unit.top)} has no Step: it cannot move from the "
                        "front line to the energy line.",
                    )
            resolved[field].append((line, unit))
    fl = len(ps.front_line) + len(resolved["cards"]) - len(resolved["step_back"])
    el = len(ps.energy_line) - len(resolved["cards"]) + len(resolved["step_back"])
    rem_fl = [u for line, u in resolved["remove"] if line == "front_line"]
    rem_el = [u for line, u in resolved["remove"] if line == "energy_line"]
    for line_name, count, removed in (("front line", fl, rem_fl), ("energy line", el, rem_el)):
        needed = max(0, count - LINE_LIMIT)
        if len(removed) < needed:
            plan.violate(
                "UA-MOVE-FULL",
                f"After the move {pid}'s {line_name} would hold {count} cards; "
                f"{needed} must first go to the removal area (the log removes {len(removed)}).",
            )
        elif len(removed) > needed:
            plan.violate(
                "UA-MOVE-FULL",
                f"Cards go to the removal area only to make room: {pid}'s {line_name} "
                f"needs {needed} removed, the log removes {len(removed)}.",
            )
    moving = {id(u) for _, u in resolved["cards"] + resolved["step_back"]}
    for _, u in resolved["remove"]:
        if st.card(u.top).type != "character":
            plan.violate(
                "UA-MOVE-FULL",
                f"{eng.name(u.top)} is a field: the cards removed to make room are characters.",
            )
        if id(u) in moving:
            plan.violate("UA-MOVE-FULL", f"{u.top} cannot both move and go to the removal area.")
    plan.data.update(resolved)


def apply_move(eng: UnionArenaEngine, plan: Plan) -> None:
    st = eng.state
    pid = plan.action["p"]
    ps = st.players[pid]
    st.moved = True
    for _, unit in plan.data["remove"]:
        eng.leave_field(pid, unit, "removal", retire=False)
    ups = [u for _, u in plan.data["cards"] if u in ps.energy_line]
    downs = [u for _, u in plan.data["step_back"] if u in ps.front_line]
    for u in ups:
        ps.energy_line.remove(u)
    for u in downs:
        ps.front_line.remove(u)
    ps.front_line.extend(ups)
    ps.energy_line.extend(downs)
    if ups or downs:
        bits = [f"{', '.join(u.top for u in ups)} to the front line"] if ups else []
        bits += [f"{', '.join(u.top for u in downs)} to the energy line (Step)"] if downs else []
        eng.event(
            "move",
            f"{pid} moves {' and '.join(bits)}.",
            player=pid,
            up=[u.top for u in ups],
            down=[u.top for u in downs],
        )
        if downs:
            eng.ctx.ruling(
                "UA-MOVE-STEP", "Characters with Step moved from the front line to the energy line."
            )
    else:
        eng.event("move", f"{pid} moves nothing.", player=pid, up=[], down=[])
