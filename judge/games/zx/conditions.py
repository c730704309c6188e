"""The conditions of Z/X keyword abilities, as a mixin of the engine: the IG marks of the
resources (Zero Optima), Lv counts in the dynamis, adjacent pairs, Break state, current power."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from judge.games.zx.geometry import GRID

if TYPE_CHECKING:
    from judge.games.zx.engine import ZXEngine

    _Base = ZXEngine
else:
    _Base = object

DRAGON = ("ドラゴン", "龍", "Dragon")


class Conditions(_Base):
    def ig_marks(self, pid: str) -> list[str]:
        """The resource cards of ``pid`` with the IG mark, in placement order (ZX-ZERO-OPTIMA):
        a printed IG icon, or a mark gained by a Zero Optima ability whose condition holds,
        counted in the order of each card's reference time (when it was placed): an earlier
        card does not count a mark a later card gains, and a card does not count its own."""
        st = self.state
        res = sorted(st.players[pid].resources, key=lambda r: r.serial)
        printed = [r.card for r in res if st.card(r.card).ig]
        gained: list[str] = []
        for r in res:
            d = st.card(r.card)
            if d.ig:
                continue
            for eff in d.effects:
                if eff.get("when") == "static" and eff.get("gain_ig"):
                    if len(printed) + len(gained) >= int(eff.get("zero_optima", 0)):
                        gained.append(r.card)
                    break
        return [r.card for r in res if r.card in printed or r.card in gained]

    def lv_count(self, pid: str, race: str) -> int:
        """Face-up cards of ``race`` in ``pid``'s dynamis (ZX-LV); a Dragon race spec matches
        every race containing the word."""
        st = self.state
        n = 0
        for iid, face_up in st.players[pid].dynamis:
            if not face_up:
                continue
            races = st.card(iid).races
            hit = any(race in r for r in races) if race in DRAGON else race in races
            n += hit
        return n

    def adjacent_pairs(self, pid: str | None = None) -> int:
        """Pairs of Z/X on orthogonally adjacent squares (ZX-ADJACENT): each pair once, so a
        row of three holds 2 pairs; ``pid``: only pairs both of whose Z/X it controls."""
        st = self.state
        occupied = [
            sq
            for sq, z in st.squares.items()
            if z is not None and (pid is None or st.controller[sq] == pid)
        ]
        return sum(
            1 for i, a in enumerate(occupied) for b in occupied[i + 1 :] if GRID.distance(a, b) == 1
        )

    def conditions_hold(self, pid: str, iid: str, eff: dict[str, Any]) -> bool:
        """Whether the keyword conditions on ``eff`` hold now for its controller ``pid``."""
        st = self.state
        static = eff.get("when") == "static"
        if (
            "zero_optima" in eff
            and not static
            and len(self.ig_marks(pid)) < int(eff["zero_optima"])
        ):
            return False
        lv = eff.get("lv")
        if lv is not None:
            from judge.games.zx.ex import lv_holds

            if not lv_holds(self, pid, lv):
                return False
        if eff.get("extend_drive") and st.players[pid].extend_drive_used:
            return False
        if eff.get("alter_break") and not self.in_break_state(iid):
            return False
        return not (
            "adjacent_pairs" in eff and self.adjacent_pairs(pid) < int(eff["adjacent_pairs"])
        )

    def in_break_state(self, iid: str) -> bool:
        """ZX-ALTER-BREAK: ``iid`` is on a square and has a face-down force material."""
        z = self.state.on_field.get(iid)
        return z is not None and z.broken

    def power(self, iid: str) -> int:
        """``iid``'s current power: printed, with the changes on it until the end of the turn
        (ZX-POWER) and what its own 【常】 abilities give it now (ZX-STATIC-POWER)."""
        st = self.state
        printed = st.defs[st.code_of[iid]].power  # (st.card, written out)
        z = st.on_field.get(iid)
        if z is None:
            return printed
        return printed + sum(z.power_mods) + (self.static_power(iid) if z.static else 0)

    def static_power_effects(self, code: str) -> list[dict[str, Any]]:
        """The 【常】 power effects of the card ``code`` (ZX-STATIC-POWER), most of them none:
        found once a code (definitions never change in a game)."""
        memo = self._static_power_effects
        mine = memo.get(code)
        if mine is None:
            mine = memo[code] = [
                e
                for e in self.state.defs[code].effects
                if e.get("when") == "static" and "resources_min" in e
            ]
        return mine

    def static_power(self, iid: str) -> int:
        """The power ``iid`` gets now from its own 【常】 abilities (ZX-STATIC-POWER): a
        ``static`` effect with op ``self_power`` N and ``resources_min`` M gives +N while
        the card is on a square and its controller has M or more cards in the resource zone
        (rebooted or slept alike); 0 for a card without one (most: checked first)."""
        st = self.state
        mine = self.static_power_effects(st.code_of[iid])
        if not mine:
            return 0
        z = st.on_field.get(iid)
        if z is None:
            return 0
        have = len(st.players[st.controller[z.square]].resources)
        return sum(
            int(op.get("n", 0))
            for e in mine
            if have >= int(e["resources_min"])
            for op in e.get("do") or ()
            if op.get("op") == "self_power"
        )
