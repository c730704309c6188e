"""The ``outcome`` action: what an effect the engine cannot execute did (R4U-OUTCOME).

The core (:mod:`judge.core.outcome`) finds the effect and carries the ops out on a copy first;
this module has Rebirth for you's primitive ops:

- ``move`` ``card``, ``from`` and ``to`` among the list zones ``hand``, ``deck`` (to the
  ``position`` ``top`` | ``bottom``), ``waiting_room``, ``retire``, ``rebirth_area``; ``from``
  may also be ``member`` (a member square, left empty) or ``entry`` (the entry character;
  entry-in follows, R4U-ENTRY-IN);
- ``rest`` ``card``: a member rested (``rested`` false: stood);
- ``draw`` ``n`` (refreshing as the rules do);
- ``mod`` ``atk``, ``def``: the acting player's entry character, until the end of the turn.

``player`` names whose zones (default: the card's owner for an instance id, else ``p``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from judge.core import outcome as core
from judge.core.engine import Plan
from judge.core.refs import do_take, is_instance, ref_code, ref_text
from judge.games.rebirth.refs import find_in_zone
from judge.games.rebirth.state import Mod

if TYPE_CHECKING:
    from judge.games.rebirth.engine import RebirthEngine

RULE = "R4U-OUTCOME"
ZONES = ("hand", "deck", "waiting_room", "retire", "rebirth_area")


class Ops:
    def __init__(self, eng: RebirthEngine, p: str, path: str) -> None:
        self.eng, self.p, self.path = eng, p, path
        self.problems: list[tuple[str, str]] = []
        self.unsupported: list[str] = []

    def run(self, ops: list[dict[str, Any]]) -> None:
        for k, op in enumerate(ops):
            getattr(self, "op_" + op["op"])(op, f"{self.path}[{k}]")
        if self.eng.state.phase != "over":
            self.eng.push(("settle", {}))

    def fail(self, k: str, message: str) -> None:
        self.problems.append((RULE, f"{k}: {message}"))

    def _player(self, op: dict[str, Any]) -> str:
        st = self.eng.state
        card = op["card"]
        return op.get("player") or (st.owner_of[card] if is_instance(st, card) else self.p)

    def _on_field(self, pid: str, zone: str, ref: Any) -> tuple[str | None, int | None]:
        """The card ``ref`` names in ``pid``'s entry or member squares: (id, square index or
        None for the entry), or (None, None)."""
        st = self.eng.state
        ps = st.players[pid]
        cards = (
            [(ps.entry, None)]
            if zone == "entry"
            else [(s.card, i) for i, s in enumerate(ps.members) if s is not None]
        )
        for iid, idx in cards:
            if iid is not None and (
                iid == ref or (not is_instance(st, ref) and st.code_of[iid] == ref_code(st, ref))
            ):
                return iid, idx
        return None, None

    def op_rest(self, op: dict[str, Any], k: str) -> None:
        pid = self._player(op)
        iid, idx = self._on_field(pid, "member", op["card"])
        if iid is None or idx is None:
            self.fail(k, f"{ref_text(op['card'])} is not a member of {pid}'s.")
            return
        slot = self.eng.state.players[pid].members[idx]
        assert slot is not None
        slot.rested = op.get("rested", True)
        self.eng.event(
            "outcome_rest",
            f"{self.eng.name(iid)} is {'rested' if slot.rested else 'stood'}.",
            player=pid,
            card=iid,
        )

    def op_move(self, op: dict[str, Any], k: str) -> None:
        st = self.eng.state
        card = op["card"]
        pid = self._player(op)
        if op["from"] in ("member", "entry"):
            found, idx = self._on_field(pid, op["from"], card)
            if found is None:
                where = "entry" if op["from"] == "entry" else "member squares"
                self.fail(k, f"{ref_text(card)} is not in {pid}'s {where}.")
                return
            ps = st.players[pid]
            if idx is None:
                ps.entry, ps.entry_mods = None, []  # entry-in follows when the ops are done
            else:
                ps.members[idx] = None
            iid = found
        else:
            take, err = find_in_zone(st, pid, op["from"], card)
            if take is None:
                self.fail(k, err[1] if err else "no such card")
                return
            iid = do_take(st, pid, take)
        dest = getattr(st.players[pid], op["to"])
        if op["to"] == "deck" and op.get("position", "top") == "top":
            dest.insert(0, iid)
        else:
            dest.append(iid)
        if op["to"] == "rebirth_area":
            self.eng.arrive(iid)
        self.eng.event(
            "outcome_move",
            f"{self.eng.name(iid)} moves from {pid}'s "
            f"{op['from'].replace('_', ' ')} to the {op['to'].replace('_', ' ')}.",
            player=pid,
            card=iid,
        )

    def op_draw(self, op: dict[str, Any], k: str) -> None:
        pid = op.get("player") or self.p
        ps = self.eng.state.players[pid]
        if not ps.deck and not ps.waiting_room:
            self.fail(k, f"{pid} has no card to draw.")
            return
        self.eng.draw_cards(pid, op["n"])

    def op_mod(self, op: dict[str, Any], k: str) -> None:
        pid = op.get("player") or self.p
        ps = self.eng.state.players[pid]
        if ps.entry is None:
            self.fail(k, f"{pid}'s entry is empty.")
            return
        ps.entry_mods.append(Mod(op.get("atk", 0), op.get("def", 0)))


def check_outcome(eng: RebirthEngine, plan: Plan) -> None:
    core.check_outcome(eng, plan, RULE, Ops)


def apply_outcome(eng: RebirthEngine, plan: Plan) -> None:
    core.apply_outcome(eng, plan, RULE, Ops)
