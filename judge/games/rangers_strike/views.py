"""The Rangers Strike engine's views: what a step shows of the game (each player's areas,
their units with their BP and what is on them) and what a keyframe's snapshot adds, as
methods of :class:`~judge.games.rangers_strike.engine.RangersStrikeEngine` (this mixin's
subclass).

Why apart from the engine: that module was long enough already; the views read the state
and change nothing of it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from judge.games.rangers_strike import bp_scan, next_in_line
from judge.games.rangers_strike.state import AREAS, Mod, PlayerState, Unit

if TYPE_CHECKING:
    from judge.games.rangers_strike.cards import CardDef
    from judge.games.rangers_strike.engine import RangersStrikeEngine, ViewBasis

    _Base = RangersStrikeEngine
else:
    _Base = object


class EngineViews(_Base):
    """A step's view and a keyframe's snapshot (RangersStrikeEngine's)."""

    def view_basis(self) -> ViewBasis:
        """What :meth:`unit_views` reads of the whole state, the same for every player and area
        of one view (nothing a view reads changes the taxis in play, the definitions, the
        battle, the texts in force or the residents in place): whether a unit with taxis
        stands in a battle area (RS-TAXIS), the cards whose view is plain when nothing is on
        the unit (:meth:`_plain_view`), of those the cards whose unit riding a vehicle has its
        printed BP and the vehicle's rider BP now (bp_scan.printed_now: no attack in progress,
        nothing that changes BP from afar), and the residents in place (:meth:`residents_now`).
        Worked out once a view (:meth:`step_state`: a few player views of two areas each)."""
        # (shared: _plain_view reads the definition alone, through per_card's reads)
        plain = self.codes_where("plain view", self._plain_view, shared=True)
        return (
            next_in_line.taxis_in_play(self),
            plain,
            bp_scan.printed_now(self) if plain else frozenset(),
            self.residents_now(),
        )

    def unit_views(
        self, pid: str, area: str, basis: ViewBasis | None = None
    ) -> list[dict[str, Any]]:
        """The units of ``pid``'s ``area``, with their BP (:meth:`bp`, what residents give
        worked out once per category) and SP (:meth:`sp`).  A unit that is not a vehicle has
        its printed BP and SP, its effects' BP and the residents' (the two methods' sums,
        written out here: a keyframe's views read every unit on the field, hundreds on a
        long log).  ``basis``: :meth:`view_basis`, when the caller has it already."""
        st = self.state
        defs, code_of = st.defs, st.code_of  # (st.card, written out)
        out = []
        # the view of a plain unit (no effects on it, not riding, no printed K/N SP, not a
        # vehicle) is its card's, with what residents give: the same dict (read-only, as the
        # step views are: the snapshot copies) for every keyframe that shows it unchanged
        memo = self._plain_views
        in_play, plain_cards, plain_riders, residents = (
            self.view_basis() if basis is None else basis
        )
        by_category = residents[0]
        taxis = area == "battle" and in_play  # RS-TAXIS
        # the cards whose view is plain when nothing is on the unit (none while a taxis is)
        plain = frozenset() if taxis else plain_cards
        # of those, the riders' (view_basis)
        riders = plain_riders if plain else frozenset()
        same: int | None = None  # what residents give each unit, when none names a category
        ps = st.players[pid]
        # (PlayerState.area written out: for each area of each keyframe's views)
        for unit in ps.rush if area == "rush" else ps.battle:
            code = code_of[unit.card]
            if code in plain and not (unit.mods or unit.stacked):
                if unit.vehicle is not None and code not in riders:
                    pass  # (the view below)
                else:
                    if by_category:
                        extra = self.resident_bonus(unit, pid, area, residents)
                    else:
                        if same is None:
                            same = self.resident_bonus(unit, pid, area, residents)
                        extra = same
                    view = memo.get((unit.card, unit.vehicle, extra, unit.held))
                    if view is None:
                        view = self._plain_view_of(unit, defs[code], extra)
                    out.append(view)
                    continue
            d = defs[code]
            if d.type == "vehicle":  # no BP, no SP (RS-VEHICLE): its card's view, always
                view = self._vehicle_views.get(unit.card)
                if view is None:
                    view = self._vehicle_views[unit.card] = {
                        "id": unit.card,
                        "code": d.code,
                        "name": d.name,
                    }
                out.append(view)
                continue
            extra = self.resident_bonus(unit, pid, area, residents)
            own = self.own_text_of(d)
            bp = self.bp(unit, pid, area, extra)
            sp = self.sp(unit) if unit.mods or d.sp_at or own or taxis else d.sp
            view = {
                "id": unit.card,
                "code": d.code,
                "name": d.name,
                "bp": bp,
                "sp": sp,
            }
            if unit.vehicle is not None:
                view["vehicle"] = unit.vehicle
            if unit.stacked:  # RS-STACK: the operation cards under it
                view["stacked"] = list(unit.stacked)
            if unit.held:
                view["held"] = True
            out.append(view)
        return out

    def _plain_view_of(self, unit: Unit, d: CardDef, extra: int) -> dict[str, Any]:
        """:meth:`unit_views`' view of a unit of a plain card (:meth:`_plain_view`) with
        nothing on it, residents giving it ``extra``: its card's, or, riding a vehicle, with
        the vehicle's rider BP (RS-RIDER-BP) and the vehicle; kept for every keyframe that
        shows it unchanged (read-only, as the step views are: the snapshot copies)."""
        vehicle = unit.vehicle
        bp = d.bp + extra
        if vehicle is not None:
            bp += self.state.card(vehicle).rider_bp
        view = self._plain_views[(unit.card, vehicle, extra, unit.held)] = {
            "id": unit.card,
            "code": d.code,
            "name": d.name,
            "bp": bp,
            "sp": d.sp,
        }
        if vehicle is not None:
            view["vehicle"] = vehicle
        if unit.held:
            view["held"] = True
        return view

    def _plain_view(self, d: CardDef) -> bool:
        """Whether card ``d``'s view as a unit with nothing on it (no effect, vehicle or card
        stacked) is its printed BP and SP with what residents give (:meth:`unit_views`): a
        unit, without a printed K/N SP or a text of its own BP or SP."""
        return d.type != "vehicle" and not d.sp_at and self.printed_bp_only(d)

    def player_view(self, pid: str, basis: ViewBasis | None = None) -> dict[str, Any]:
        """``pid``'s part of the step's view (``basis``: :meth:`view_basis`, when the caller
        has it already)."""
        ps = self.state.players[pid]
        face_up = [p.card for p in ps.power if p.face_up]
        # RS-DAMAGE: the face-down cards (PlayerState.damage, counted in the same walk of a
        # power zone that holds dozens of cards on a long log)
        damage = len(ps.power) - len(face_up)
        view = {
            "hand": list(ps.hand),
            "deck": len(ps.deck),
            "command": [{"id": c.card, "held": c.held} for c in ps.command],
            "power": {
                "face_up": face_up,
                "face_down": damage,
            },
            "damage": damage,
            "rush": self.unit_views(pid, "rush", basis),
            "battle": self.unit_views(pid, "battle", basis),
            "resident": ps.residents[0] if ps.residents else None,
            # RS-TAG: a second resident beside the first (the key only then, so that views
            # without one stay as they were)
            **({"residents": list(ps.residents)} if len(ps.residents) > 1 else {}),
            "discard": list(ps.discard),
        }
        if self.VIEW_OUT:  # (tag battle: whether the player is out, last)
            view["out"] = ps.out
        return view

    def step_state(self) -> dict[str, Any]:
        st = self.state
        basis = self.view_basis()
        return {
            "turn": st.turn,
            "turn_player": st.turn_player,
            "phase": st.phase,
            # (what the views read of the whole state worked out once, not once an area)
            "players": {pid: self.player_view(pid, basis) for pid in st.order},
        }

    def snapshot_player(self, ps: PlayerState, pv: dict[str, Any]) -> None:
        """For ``snapshot()``: the power zone in order, what effects did to units, turns taken
        and whether the player is out."""
        pv["power"] = [[p.card, p.face_up] for p in ps.power]
        for area in AREAS:
            views = []
            units = ps.rush if area == "rush" else ps.battle  # (PlayerState.area written out)
            for uv, unit in zip(pv[area], units, strict=True):
                uv = dict(uv)  # the step's view may be shared: a copy
                uv["mods"] = [_mod_view(m) for m in unit.mods] if unit.mods else []
                uv["serial"] = unit.serial
                if unit.acted:
                    uv["acted"] = unit.acted
                if unit.rode_off:  # RS-RIDE-OFF, until it returns to the rush area
                    uv["rode_off"] = True
                views.append(uv)
            pv[area] = views
        pv["turns_taken"] = ps.turns_taken
        pv["out"] = ps.out

    def snapshot_game(self, view: dict[str, Any]) -> None:
        """For ``snapshot()``: the turn's schedule, the battle and the counter window."""
        st = self.state
        view["first"] = st.first
        view["schedule"] = [list(s) for s in st.schedule]
        view["slot"] = st.slot
        view["entering"] = st.entering.card if st.entering else None
        view["battle"] = (
            {
                "kind": st.battle.kind,
                "attacker": st.battle.attacker.card,
                "target": st.battle.target.card if st.battle.target else None,
            }
            if st.battle
            else None
        )
        view["charged"] = st.charged
        view["window"] = (
            {"players": list(self.window["players"]), "timing": self.window["timing"]}
            if self.window
            else None
        )
        view["extra_open"] = list(st.extra_open)
        if st.granted:  # RS-COMBINATION-TURN
            view["granted"] = [[g.source, g.index, g.unit.serial] for g in st.granted]
        if st.shields:  # RS-NEXT-TURN-SHIELD
            view["shields"] = [[s.source, s.unit.serial, s.turn] for s in st.shields]
        if st.waivers:  # RS-WAIVE-CONDITION
            view["waivers"] = [[w.controller, w.source, dict(w.find)] for w in st.waivers]
        if st.auras:  # RS-HELD-AURA-BP
            view["auras"] = [[a.source, a.bp, [u.serial for u in a.locked]] for a in st.auras]
        if st.attack_permits:  # RS-ATTACK-CHOSEN
            view["attack_permits"] = [[a.serial, b.serial] for a, b in st.attack_permits]
        if st.no_strike_from:  # RS-SOUL-NC
            view["no_strike_from"] = [[u.serial, t] for u, t in st.no_strike_from]
        if st.extra_closed:
            view["extra_closed"] = dict(sorted(st.extra_closed.items()))


def _mod_view(m: Mod) -> list[Any]:
    """A unit's effect in a snapshot: ``[bp, until]``, and the SP it makes when it makes one,
    and its attack condition when it has one (RS-ATTACK-BP)."""
    view: list[Any] = [m.bp, m.until] if m.sp is None else [m.bp, m.until, m.sp]
    if m.sp_at is not None:
        view.append(f"{m.sp_at[0]}/{m.sp_at[1]}")
    if m.features:
        view.append({"features": list(m.features)})
    if m.during is not None:
        view.append({"during": m.during, "against": m.against})
    if m.no_enter:
        view.append({"no_enter": True})  # RS-POWER-TO-RUSH
    if m.wing:
        view.append({"wing": True})  # RS-WING
    if m.no_strike:
        view.append({"no_strike": True})  # RS-OPPONENT-RETURNS-POWER
    if m.cross:
        view.append({"cross": m.cross})  # RS-CROSS
    return view
