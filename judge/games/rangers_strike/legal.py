"""``legal_actions``: the decisions the players may record now.

As in Union Arena, candidates are generated per decision kind and then passed through the
engine's own ``check``: a listed action is legal by construction (a boarding, and an attack by
or on a vehicle, are judged on the engine's own model of vehicles and so unverifiable,
RS-VEHICLE: they are listed, being the only way to record a ride).  Cards are named by instance
id.  Choices with many combinations are sampled in a fixed way (the first fitting targets; the
first or the last face-up power cards for damage; for a rush or use, the own command first,
then the ally's, and the first ally unit that meets a condition) — the list is *sound* (all
legal) and covers every kind that is possible.  ``concede`` is always legal and never listed.
In observed mode only revealed hand cards are listed.

After an attack or strike that a defending player could answer with a counter, the list
holds the actions legal now (the attack or strike has resolved) *and* that player's counters,
checked on a copy of the engine taken back to before the resolution (as ``fill_missing`` does
when the counter is recorded).
"""

from __future__ import annotations

import copy
from typing import TYPE_CHECKING, Any

from judge.core.refs import distinct_in_zone
from judge.core.verdict import StepContext
from judge.games.rangers_strike import (
    as_own,
    attack_again,
    bp_pair,
    command_discard,
    damage_cards,
    deck_search,
    discard_bp_cross,
    discard_namesake,
    effects,
    held_number,
    held_return,
    modes,
    morph,
    opponent_power,
    own_cards,
    own_commands,
    power_moves,
    release,
    release_count,
    restrictions,
    strike_damage,
    wing,
    zone_moves,
)
from judge.games.rangers_strike.resolve import condition_known, first_targets

if TYPE_CHECKING:
    from judge.games.rangers_strike.engine import RangersStrikeEngine


def _entering(eng: RangersStrikeEngine, pid: str, unit: Any) -> dict[str, Any]:
    """An ``enter``, naming the first released commands a unit's note holds (RS-ENTER-HOLD)."""
    act: dict[str, Any] = {"p": pid, "do": "enter", "card": unit.card}
    n = restrictions.enter_holds(eng, unit)
    if n:
        free = [c.card for c in eng.state.players[pid].command if not c.held]
        act["also_hold"] = free[:n]
    return act


def _paying(eng: RangersStrikeEngine, act: dict[str, Any], pid: str, iid: str) -> list[dict]:
    """Variants of a rush or use: own command or the ally's; lend an ally unit if needed."""
    st = eng.state
    d = st.card(iid)
    lends: list[list[str]] = [[]]
    if d.condition is not None:
        for other in eng.unit_lenders(pid):
            for unit in st.players[other].units():
                for c in unit.cards():
                    if _meets(eng, d.condition, c):
                        lends.append([unit.card])
                        break
                if len(lends) > 1:
                    break
    out = []
    discard = _discard(eng, pid, iid)
    for holder in eng.command_holders(pid):
        for lend in lends:
            variant = dict(act)
            if holder != pid:
                variant["hold_by"] = holder
            if lend:
                variant["lend"] = lend
            if discard:
                variant["discard"] = discard
            out.append(variant)
    return out


def _discard(eng: RangersStrikeEngine, pid: str, iid: str) -> list[str]:
    """The first units of ``pid``'s that a discard cost may take (RS-RUSH-DISCARD)."""
    from judge.games.rangers_strike import costs

    cost = costs.cost_of(eng, iid)
    if cost is None:
        return []
    units, _ = costs.fitting(eng, pid, cost)
    n = int(cost.get("count", 1))
    parts = cost["discard"].get("parts")
    if parts is not None:  # RS-COMBINE-PARTS: one for each part
        taken = costs.cover_units(eng, parts, units)
        return [u.card for u in taken] if taken is not None else []
    return [u.card for u in units[:n]] if len(units) >= n else []


def _meets(eng: RangersStrikeEngine, cond: dict[str, Any], iid: str) -> bool:
    from judge.games.rangers_strike.actions import _meets as meets

    return meets(eng, cond, iid)


def _use_targets(eng: RangersStrikeEngine, pid: str, iid: str) -> list[str] | None:
    for e in eng.state.card(iid).effects:
        if e.get("when") == "on_use" and effects.selectors(e):
            return first_targets(eng, pid, e)
    return None


def candidates(eng: RangersStrikeEngine) -> list[dict[str, Any]]:
    st = eng.state
    out: list[dict[str, Any]] = []
    for who, kinds in eng.decisions():
        players = [who] if who else list(st.order)
        for p in players:
            ps = st.players[p]
            for kind in kinds:
                if kind == "first_player":
                    firsts = [t[0] for t in st.teams] if st.teams else list(st.order)
                    out += [{"p": p, "do": "first_player", "first": f} for f in firsts]
                elif kind in ("extra_draw", "proceed"):
                    out.append({"p": p, "do": kind})
                elif kind == "charge":
                    for iid in distinct_in_zone(eng.state, p, "hand"):
                        for to in ("power", "command"):
                            out.append({"p": p, "do": "charge", "card": iid, "to": to})
                elif kind == "rush":
                    for iid in distinct_in_zone(eng.state, p, "hand"):
                        if st.card(iid).type in ("unit", "vehicle"):
                            out += _paying(eng, {"p": p, "do": "rush", "card": iid}, p, iid)
                elif kind == "use":
                    for iid in distinct_in_zone(eng.state, p, "hand"):
                        if st.card(iid).type != "operation":
                            continue
                        act: dict[str, Any] = {"p": p, "do": "use", "card": iid}
                        targets = _use_targets(eng, p, iid)
                        if targets is not None:
                            act["targets"] = targets
                        out += _paying(eng, act, p, iid)
                elif kind == "enter":
                    vehicles = [u.card for u in ps.rush if st.card(u.card).is_vehicle]
                    for u in ps.rush:
                        out.append(_entering(eng, p, u))
                        if u.vehicle is None and st.card(u.card).is_unit:  # RS-RIDE
                            out += [{**_entering(eng, p, u), "ride": v} for v in vehicles]
                elif kind == "ride_off":
                    if st.entering is not None and st.entering.vehicle is not None:
                        out.append({"p": p, "do": "ride_off", "card": st.entering.card})
                elif kind == "attack":
                    tp = st.players[eng.target_player(p)]
                    if st.entering is not None:
                        areas = restrictions.attack_areas(eng, st.entering)
                        out += [
                            {"p": p, "do": "attack", "card": st.entering.card, "target": u.card}
                            for a in areas
                            for u in tp.area(a)
                            if not st.card(u.card).is_vehicle
                        ]
                    for w in ps.rush:  # RS-WING: from the rush area, released
                        if not wing.has(eng, w) or w.held:
                            continue
                        out += [
                            {"p": p, "do": "attack", "card": w.card, "target": u.card, "wing": True}
                            for a in restrictions.attack_areas(eng, w)
                            for u in tp.area(a)
                            if not st.card(u.card).is_vehicle
                        ]
                elif kind == "strike":
                    if st.entering is not None and not st.entering.again:  # RS-ATTACK-AGAIN
                        out.append({"p": p, "do": "strike", "card": st.entering.card})
                elif kind == "take_damage":
                    args = st.agenda[0][1]
                    ups = [pc.card for pc in ps.power if pc.face_up]
                    n = min(args["amount"], len(ups))
                    out.append({"p": p, "do": "take_damage", "cards": ups[:n]})
                    if len(ups) > n:
                        out.append({"p": p, "do": "take_damage", "cards": ups[len(ups) - n :]})
                elif kind == "assign_damage":
                    # either player of the damaged team may record the team's choice
                    for to in st.agenda[0][1]["choices"]:
                        out.append({"p": p, "do": "assign_damage", "to": to})
                elif kind == "resolve":
                    for pe in eng.pool.candidates():
                        if modes.listed(pe.effect) is not None:  # RS-CHOOSE-ONE
                            out += _chosen(eng, p, pe)
                            continue
                        act = {"p": p, "do": "resolve", "source": pe.source}
                        targets = _first_targets(eng, pe, pe.effect)
                        if targets is not None:
                            act["targets"] = targets
                        optional = pe.effect.get("optional")
                        if not optional or condition_known(eng, pe):  # RS-IF-UNITS
                            out.append(act)
                        if optional:
                            out.append({"p": p, "do": "resolve", "source": pe.source, "use": False})
    return out


def _first_targets(eng: RangersStrikeEngine, pe: Any, effect: dict[str, Any]) -> list[Any] | None:
    """The targets a legal resolve of ``effect`` (``pe``'s, or the effect it lists that is
    chosen) names: its selectors' first fitting units, or the first cards a search may take
    (RS-SEARCH-DECK); None when it takes none."""
    if morph.is_effect(effect):  # RS-MORPH: the first card the unit may be replaced with
        return morph.first_targets(eng, pe) or None
    if own_commands.op_of(effect) is not None:  # RS-HOLD-OWN-COMMANDS, RS-COMMANDS-TO-HAND
        return own_commands.first_targets(eng, pe, effect)
    if release_count.op_of(effect) is not None:  # RS-RELEASE-TIMES
        return release_count.first_targets(eng, pe, effect)
    if own_cards.op_of(effect) is not None:  # RS-CARDS-POWER-SUM
        return own_cards.first_targets(eng, pe, effect)
    if discard_bp_cross.ok(effect):  # RS-DISCARD-BP-CROSS: the first card that fits
        return discard_bp_cross.first_pick(eng, pe.controller, effect) or None
    if attack_again.ok(effect):  # RS-ATTACK-AGAIN: the first released opposing command
        return attack_again.first_free(eng, pe.controller) or None
    if opponent_power.choice_at(effect) is not None:  # RS-OPPONENT-RETURNS-POWER
        return opponent_power.first_card(eng, pe.controller) or None
    if bp_pair.op_of(effect) is not None:  # RS-BP-PAIR-TO-COMMAND
        return bp_pair.first_targets(eng, pe.controller, effect)
    if discard_namesake.op_of(effect) is not None:  # RS-DISCARD-NAMESAKE: the card, then the unit
        card = discard_namesake.first_targets(eng, pe.controller)
        if not card:
            return None
        bound = discard_namesake.bound(effect, card, eng)
        return card + (first_targets(eng, pe.controller, bound, pe.context.get("unit")) or [])
    if held_return.ok(effect):  # RS-TURN-END-HELD-TO-HAND
        return held_return.first_held(eng, pe.controller, effect) or None
    if command_discard.op_of(effect) is not None:  # RS-DISCARD-HELD-COMMAND
        return command_discard.first_held(eng, pe.controller, effect) or None
    if held_number.op_at(effect) is not None:  # RS-HELD-NUMBER
        return held_number.first_targets(eng, pe.controller, effect, pe.context.get("unit"))
    if effects.selectors(effect):
        return first_targets(eng, pe.controller, effect, pe.context.get("unit"))
    if deck_search.op_of(effect) is not None:
        return deck_search.first_found(eng, pe.controller, effect)
    if any(op.get("op") == "resident_to_deck" for op in effect["do"]):  # RS-RESIDENT-TO-DECK
        placed = zone_moves.residents_in_place(eng)
        return placed[:1] or None
    held = release.first_held(eng, pe.controller, effect)  # RS-RELEASE-COMMAND
    if held:  # and the card put into the rush area, if any (RS-POWER-TO-RUSH-AREA)
        return held + power_moves.first_put(eng, pe.controller, effect)
    if power_moves.op_of(effect) is not None:  # RS-POWER-TO-HAND
        return power_moves.first_found(eng, pe.controller)
    used = as_own.op_of(effect)
    if used is not None:  # RS-HOLD-NAMED-COMMAND: the card of the command zone held
        return as_own.first_target(eng, pe.controller, used)
    if effect.get("do") == [strike_damage.PICK]:  # RS-OPPONENT-PICKS-DISCARD
        return strike_damage.candidates(eng, pe.controller, strike_damage.PICK["find"])[:1] or None
    if power_moves.rush_op(effect) is not None:  # RS-POWER-TO-RUSH
        return power_moves.first_rushable(eng, pe.controller, effect)
    if damage_cards.op_of(effect) is not None:  # RS-DAMAGE-TO-HAND
        return damage_cards.first_named(eng, pe.controller) or None
    if power_moves.put_op_of(effect) is not None:  # RS-POWER-CHOICE-TO-RUSH
        return power_moves.first_put(eng, pe.controller, effect) or None
    return None


def _chosen(eng: RangersStrikeEngine, p: str, pe: Any) -> list[dict[str, Any]]:
    """A resolve for each effect listed to choose one from (RS-CHOOSE-ONE), its choice
    recorded first in ``targets``, then the chosen effect's (and, for an optional one, the
    record of not using it)."""
    out = []
    for k, mode in enumerate(modes.listed(pe.effect) or [], start=1):
        sub = modes.as_effect(pe.effect, mode)
        targets: list[Any] = [{"modes": [k]}, *(_first_targets(eng, pe, sub) or [])]
        out.append({"p": p, "do": "resolve", "source": pe.source, "targets": targets})
        if sub.get("optional"):
            record = {"modes": [k], "use": False}
            out.append({"p": p, "do": "resolve", "source": pe.source, "targets": [record]})
    return out


def counter_uses(eng: RangersStrikeEngine, pid: str, timing: str) -> list[dict[str, Any]]:
    """The counters ``pid`` could use now, right after an attack or strike of ``timing``
    (checked as if the engine waited for them).  In observed mode an unknown hand card may
    be an unseen copy of a counter: the first unseen copy of each such counter is a
    candidate too, checked like any card (power, command, condition)."""
    st = eng.state
    ps = st.players[pid]
    # the codes of the game's counters of this timing (codes_where, shared: the definition
    # alone): a hand without one, and without an unknown card, has nothing to check (every
    # attack and strike asks, for each defending player)
    key = ("counter", timing)
    codes = eng.codes_known.get(key)
    if codes is None:
        codes = eng.codes_where(
            key, lambda d: d.operation == "counter" and d.timing == timing, shared=True
        )
    code_of = st.code_of
    for c in ps.hand:
        if c is None or code_of[c] in codes:
            break
    else:
        return []
    hand = list(distinct_in_zone(eng.state, pid, "hand"))
    if None in ps.hand:
        hand += [
            ids[0]
            for code, ids in sorted(ps.unseen.items())
            if ids and st.defs[code].operation == "counter" and st.defs[code].timing == timing
        ]
    acts = []
    for iid in hand:
        d = st.defs[st.code_of[iid]]
        if d.operation != "counter" or d.timing != timing:
            continue
        act: dict[str, Any] = {"p": pid, "do": "use", "card": iid}
        targets = _use_targets(eng, pid, iid)
        if targets is not None:
            act["targets"] = targets
        acts += _paying(eng, act, pid, iid)
    if not acts:
        return []
    st.agenda.insert(0, ("wait_window", {"players": [pid], "timing": timing}))
    try:
        return eng.checked(acts)
    finally:
        st.agenda.pop(0)


def legal_actions(eng: RangersStrikeEngine) -> list[dict[str, Any]]:
    """Every listed candidate that the engine's own check finds legal now."""
    out = eng.checked(candidates(eng))
    st = eng.state
    if st.phase != "over" and st.agenda and st.agenda[0][0] == "wait_window":
        out += after_window(eng)
    window = eng.window
    if window is not None:
        # a counter as the next action goes back to before the attack or strike resolved
        out = [a for a in out if not (a["do"] == "use" and a["p"] in window["players"])]
        clone = copy.deepcopy(eng, memo={id(eng.log): eng.log})
        saved, clone.window = clone.window, None
        assert saved is not None
        clone.restore_window(saved)
        for pid in window["players"]:
            out += counter_uses(clone, pid, window["timing"])
    return out


def after_window(eng: RangersStrikeEngine) -> list[dict[str, Any]]:
    """The actions legal once the counter window has closed with no counter."""
    from judge.games.rangers_strike.actions import close_window

    clone = copy.deepcopy(eng, memo={id(eng.log): eng.log})
    clone.ctx = StepContext(-1)
    clone.window = None
    close_window(clone)
    clone.advance()
    window = eng.state.agenda[0][1]["players"]
    # a `use` by a defending player would be read as a counter in the open window
    return [a for a in legal_actions(clone) if not (a["do"] == "use" and a["p"] in window)]
