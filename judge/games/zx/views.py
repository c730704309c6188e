"""What a Z/X game shows, as a mixin of the engine: each step's state (squares, each player's
zones as the judge sees them) and the snapshot behind the state fingerprint."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from judge.games.zx.geometry import GRID
from judge.games.zx.state import PlayerState

if TYPE_CHECKING:
    from judge.games.zx.engine import ZXEngine

    _Base = ZXEngine
else:
    _Base = object


#: each square's name and its key in a step's state, in name order (:meth:`Views.step_state`)
SQUARE_KEYS = [(sq, str(sq)) for sq in GRID.names()]


class Views(_Base):
    def zx_view(self, sq: int) -> dict[str, Any] | None:
        st = self.state
        z = st.squares[sq]
        if z is None:
            return None
        code = st.code_of[z.card]
        # (:meth:`power`, written out: ``z`` is on the field, on ``sq``)
        power = st.defs[code].power + sum(z.power_mods)
        if z.static:
            power += self.static_power(z.card)
        v: dict[str, Any] = {
            "id": z.card,
            "code": code,
            "controller": st.controller[sq],
            "power": power,
            "state": "sleep" if z.sleeping else "reboot",
            "damage": z.damage,
        }
        if z.force:
            v["force"] = [[f.card, f.face_up] for f in z.force]
        if z.lower is not None:
            v["lower"] = z.lower
        if z.shift is not None:
            from judge.games.zx.shift import colors_of, names_of, races_of

            v["shift"] = z.shift
            v["with_shift"] = {  # ZX-SHIFT-INFO: what the card now has
                "names": list(names_of(self, z.card)),
                "colors": list(colors_of(self, z.card)),
                "races": list(races_of(self, z.card)),
            }
        if z.power_mods:
            v["power_changes"] = list(z.power_mods)
        return v

    def player_view(self, pid: str) -> dict[str, Any]:
        ps = self.state.players[pid]
        v: dict[str, Any] = {
            "hand": list(ps.hand),
            "deck": len(ps.deck),
            "life": len(ps.life),
            "charge": list(ps.charge),
            "trash": list(ps.trash),
            "resources": [[r.card, "sleep" if r.sleeping else "reboot"] for r in ps.resources],
            "dynamis": [iid if up else None for iid, up in ps.dynamis],
        }
        if ps.removed:
            v["removed"] = list(ps.removed)
        if ps.markers:
            v["markers"] = dict(sorted(ps.markers.items()))
        if ps.extend_drive_used:
            v["extend_drive_used"] = True
        if ps.player_card is not None:
            v["player_card"] = [ps.player_card, "ob" if ps.player_card_away else "player"]
        if pid in self.state.player_ex:
            from judge.games.zx.crisis import view

            v["player_ex"] = view(self, pid)
        return v

    def step_state(self) -> dict[str, Any]:
        st = self.state
        # (loops, not comprehensions' calls; an empty square's view is None without a call)
        on = st.squares
        squares: dict[str, Any] = {}
        for sq, key in SQUARE_KEYS:
            squares[key] = None if on[sq] is None else self.zx_view(sq)
        players = {}
        for pid in st.order:
            players[pid] = self.player_view(pid)
        return {
            "turn": st.turn,
            "turn_player": st.turn_player,
            "phase": st.phase,
            "squares": squares,
            "players": players,
        }

    def snapshot_player(self, ps: PlayerState, pv: dict[str, Any]) -> None:
        pv["life"] = list(ps.life)
        pv["dynamis"] = [list(x) for x in ps.dynamis]
        pv["resource_order"] = [r.serial for r in ps.resources]
        pv["start_card"] = ps.start_card
        pv["hatenkourin_turn"] = ps.hatenkourin_turn
        pv["player_card"] = [ps.player_card, ps.player_card_away]
        px = self.state.player_ex.get(ps.id)
        if px is not None:
            pv["player_ex"] = [px.card, px.face_up]

    def snapshot_game(self, view: dict[str, Any]) -> None:
        st = self.state
        view["first"] = st.first
        # (the squares are kept in name order: ``sorted`` gave the same)
        serials = {}
        for sq, key in SQUARE_KEYS:
            z = st.squares[sq]
            if z is not None:
                serials[key] = z.serial
        view["serials"] = serials
        view["resourced"], view["ignited"], view["holding"] = st.resourced, st.ignited, st.holding
        view["ex_played"] = st.ex_played
        view["held"] = [[p, i, idx, w] for p, i, _, idx, w in st.held]
