"""Rangers Strike positions, placed: an engine's state set to a position laid out by
:func:`judge.games.rangers_strike.position.layout` (``docs/positions.md``).  A module of its
own, apart from the layout and its checks, as Union Arena's placement is a step after them."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from judge.core.errors import BadLog
from judge.core.position import unseen_by_code
from judge.games.rangers_strike.position import Layout, check_moment
from judge.games.rangers_strike.state import AREAS, Battle, Command, Mod, PowerCard

if TYPE_CHECKING:
    from judge.games.rangers_strike.engine import RangersStrikeEngine


def place(eng: RangersStrikeEngine, start: Mapping[str, Any], lay: Layout) -> None:
    """Set ``eng``'s state to the position (laid out by :func:`layout`, without errors).

    A tag battle's moment is checked here, where the teams are known (:func:`layout`):
    BadLog names the fields, as the log reader would."""
    st = eng.state
    if st.teams:
        teams = [list(t) for t in st.teams]
        errors = check_moment(start, list(st.order), teams, lay, eng.log.cards)
        if errors:
            raise BadLog(errors)
    st.first = start["first"]
    st.turn, st.phase, st.turn_player = start["turn"], start["phase"], start["turn_player"]
    st.partial_turn = st.turn  # RS-IF-DESTROYED-THIS-TURN: what came before is not known
    sides = eng.sides()
    st.side = (st.turn - 1) % 2
    st.schedule = eng.phase_order(sides[st.side])
    st.slot = st.schedule.index((st.turn_player, st.phase))
    st.charged = bool(start.get("charged"))
    opened = start.get("extra_draw_open") or []
    # in the order of the turn's start phases (RST-PHASES: the leader's first)
    st.extra_open = [p for p in sides[st.side] if p in opened]
    for index, side in enumerate(sides):
        for pid in side:
            ps = st.players[pid]
            ps.turns_taken = (st.turn + 1) // 2 if index == 0 else st.turn // 2
    for pid in st.order:
        zones, ids = start["players"][pid], lay.zones[pid]
        ps = st.players[pid]
        ps.out = bool(zones.get("out"))
        ps.hand, ps.deck = list(ids["hand"]), list(ids["deck"])
        ps.discard = list(ids["discard"])
        ps.residents = list(ids["resident"][:1])
        ps.command = [
            Command(iid, held=bool(spec.get("held")))
            for iid, spec in zip(ids["command"], zones.get("command") or [], strict=True)
        ]
        ps.power = [
            PowerCard(iid, face_up=bool(spec.get("face_up", True)))
            for iid, spec in zip(ids["power"], zones.get("power") or [], strict=True)
        ]
        for area in AREAS:
            units = ps.area(area)
            units.clear()
            for spec, stack in zip(zones.get(area) or [], ids[area], strict=True):
                unit = eng.new_unit(stack[0])
                unit.arrived = None  # when it came there, and how, the position does not say
                rides = spec.get("vehicle") is not None
                unit.vehicle = stack[1] if rides else None
                unit.stacked = list(stack[2 if rides else 1 :])  # RS-STACK
                unit.mods = [
                    Mod(int(m["bp"]), m.get("until", "turn")) for m in spec.get("mods") or []
                ]
                unit.acted = spec.get("acted")
                units.append(unit)
        ps.unseen = unseen_by_code(ids["unseen"], st.code_of)
    tp = st.turn_player
    if start.get("entering") is not None:
        st.entering = st.players[tp].battle[-1]
    battle = start.get("battle")
    if battle is not None:
        _place_battle(eng, battle)
    for pe in start.get("pending") or []:
        _place_pending(eng, pe)


def _place_battle(eng: RangersStrikeEngine, battle: Mapping[str, Any]) -> None:
    """An attack or strike declared and not yet resolved: it waits for the counters its
    defending players could use (RS-COUNTER); with none possible it resolves at the first
    step."""
    st = eng.state
    tp = st.turn_player
    assert tp is not None
    attacker = st.players[tp].battle[-1]
    attacker.acted = battle["kind"]
    if battle["kind"] == "attack":
        defender = eng.target_player(tp)
        target = next(u for u in st.players[defender].battle if u.card == battle["target"])
        b = Battle("attack", attacker, tp, target=target, defender=defender)
        resolve = "attack_resolve"
    else:
        b = Battle("strike", attacker, tp, timing="struck")
        resolve = "strike_resolve"
    st.battle = b
    st.agenda[:] = [(resolve, {}), ("battle_over", {})]
    players = [p for p in eng.counter_players(b) if eng.could_counter(p, b.timing)]
    if players:
        st.agenda.insert(0, ("wait_window", {"players": players, "timing": b.timing}))


def _place_pending(eng: RangersStrikeEngine, pe: Mapping[str, Any]) -> None:
    st = eng.state
    iid = pe["source"]
    d = st.card(iid)
    n = pe["effect"] - 1
    found = st.find_unit(iid)
    unit = found[2] if found else None
    owner = st.owner_of[iid]
    if pe.get("combination"):
        effect = d.combination_effects()[n]
        effect = effect if "when" in effect else {**effect, "when": "combination"}
        eng.pool.add(owner, iid, effect, 100 + n, "combination", unit=unit)
        return
    effect = d.effects[n]
    eng.pool.add(owner, iid, effect, n, effect.get("when", "on_use"), unit=unit)
