"""The ``outcome`` action: what an effect the engine cannot execute did, as the log records it.

As in Union Arena (:mod:`judge.games.union_arena.outcome`): a card whose text is outside the
effect vocabulary resolves without being executed (``RS-EFFECT-UNSUPPORTED``), its step is
``unverifiable`` and the later verdicts that could depend on it are ``uncertain``; an
``outcome`` right after that step (after the other outcomes of that step) records what the
effect did, as primitive operations::

    {"p": "A", "do": "outcome", "source": "A-9",
     "ops": [{"op": "bp", "card": "A-3", "amount": 2000, "until": "turn"}]}

The engine carries the ops out in order and checks each is possible (``RS-OUTCOME``); it does
not check them against the card's text: the step's verdict is ``recorded``.  A legal outcome
carried out in full clears its effect's taint.  An outcome is not a decision: it closes a
counter window as any action other than a counter does (the attack or strike it follows has
resolved, so no counter answered it), and it defaults no skipped decision.

The ops (``player``: whose zones, by default the card's owner for an instance id, else the
acting player):

- ``move`` ``card``, ``from`` (``hand``, ``deck``, ``discard``, ``rush``, ``battle``), ``to``
  (``hand``, ``deck`` with ``position`` ``top`` | ``bottom``, ``discard``, ``power`` — face
  up — and, from the battle area only, ``rush``).  From an area to the discard pile the unit
  is *destroyed* (its when-destroyed effects trigger); a unit that rode a vehicle leaves it
  in its place (RS-RIDE).  Nothing enters an area
  by an outcome (that is a rush or an enter, with their own rules).
- ``bp`` ``card`` (a unit or vehicle in a rush or battle area), ``amount``, ``until``
  (``turn`` | ``battle``, default ``turn``).
- ``draw`` ``n``; ``discard`` ``cards`` (hand to discard pile); ``reveal`` ``cards``,
  ``from`` (``hand`` | ``deck`` | ``discard``: shown, nothing moves).
- ``damage`` ``n`` — n damage from the acting player to the opposing side, as an effect's
  (the damaged player turns power cards face down; in tag battle the team assigns it);
  ``heal`` ``n`` — the acting player (or ``player``) turns n face-down power cards face up,
  the most recently turned first.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from judge.core import outcome as core
from judge.core.engine import Plan
from judge.core.refs import bind, is_instance, ref_text
from judge.core.wording import noun_for, plural
from judge.games.rangers_strike import stacking, strike_sp
from judge.games.rangers_strike.refs import Problem, do_take, find_in_zone, find_unit
from judge.games.rangers_strike.state import AREAS, Mod, PowerCard, Unit, leave_area

if TYPE_CHECKING:
    from judge.games.rangers_strike.engine import RangersStrikeEngine

RULE = "RS-OUTCOME"
LIST_ZONES = ("hand", "deck", "discard")
FROM_ZONES = (*LIST_ZONES, *AREAS)
TO_ZONES = ("hand", "deck", "discard", "power", "rush")
REVEAL_ZONES = ("hand", "deck", "discard")
OPS = ("move", "bp", "draw", "discard", "reveal", "damage", "heal")


class Ops:
    """Carries out an outcome's ops one by one; an impossible op is a problem and is skipped,
    an op the engine cannot carry out at this moment is noted in ``unsupported``."""

    def __init__(self, eng: RangersStrikeEngine, p: str, path: str) -> None:
        self.eng, self.p, self.path = eng, p, path
        self.problems: list[Problem] = []
        self.unsupported: list[str] = []

    def run(self, ops: list[dict[str, Any]]) -> None:
        for k, op in enumerate(ops):
            getattr(self, "op_" + op["op"])(op, f"{self.path}[{k}]")

    def fail(self, k: str, message: str) -> None:
        self.problems.append((RULE, f"{k}: {message}"))

    def player(self, op: dict[str, Any], card: Any = None) -> str:
        if "player" in op:
            return str(op["player"])
        st = self.eng.state
        if card is not None and is_instance(st, card):
            return st.owner_of[card]
        return self.p

    def unit(self, op: dict[str, Any], k: str, areas: tuple[str, ...] = AREAS) -> Any:
        """``(owner, area, unit)`` of the unit or vehicle an op names, or None (a problem)."""
        st, ref = self.eng.state, op["card"]
        owners = [op["player"]] if "player" in op else list(st.order)
        found = find_unit(st, ref, f"{k}.card", owners, areas, bp=self.eng.bp)
        if found is None:
            where = " or ".join(f"{a} area" for a in areas)
            self.fail(k, f"{ref_text(ref)} is not a unit or vehicle in a {where}.")
        return found

    def list_take(self, k: str, pid: str, zone: str, refs: list[Any]) -> list[Any] | None:
        """The cards ``refs`` in ``pid``'s list ``zone`` (one take each), or None (problems)."""
        st, takes, taken = self.eng.state, [], set()
        for ref in refs:
            take, err = find_in_zone(st, pid, zone, ref)
            if take is not None and take.iid in taken:
                take, err = None, (RULE, f"{take.iid} is named twice.")
            if take is None:
                self.fail(k, err[1] if err else f"{ref_text(ref)} is not in {pid}'s {zone}.")
                return None
            if take.bind:  # bound where it is, so that the next reference finds another
                bind(st, pid, take.iid)
                getattr(st.players[pid], zone)[take.index] = take.iid
                take.bind = False
            taken.add(take.iid)
            takes.append(take)
        return takes

    # -- the ops ---------------------------------------------------------------------------

    def op_bp(self, op: dict[str, Any], k: str) -> None:
        found = self.unit(op, k)
        if found is None:
            return
        eng, u = self.eng, found[2]
        amount, until = int(op["amount"]), op.get("until", "turn")
        u.mods.append(Mod(amount, until))
        eng.event(
            "bp",
            f"{eng.name(u.card)} gets BP {amount:+d} until the end of the {until} "
            f"(BP {eng.bp(u)}).",
            card=u.card,
            amount=amount,
        )

    def op_draw(self, op: dict[str, Any], k: str) -> None:
        pid, n = self.player(op), int(op["n"])
        have = len(self.eng.state.players[pid].deck)
        if have < n:
            self.fail(k, f"{pid} cannot draw {n}: the deck has {plural(have, 'card')}.")
            return
        self.eng.draw(pid, n, why=" (recorded outcome)")

    def op_discard(self, op: dict[str, Any], k: str) -> None:
        st, pid = self.eng.state, self.player(op, op["cards"][0])
        takes = self.list_take(k, pid, "hand", op["cards"])
        if takes is None:
            return
        for take in sorted(takes, key=lambda t: -t.index):
            do_take(st, pid, take)
        for take in takes:
            st.players[pid].discard.append(take.iid)
            self.eng.event(
                "discard",
                f"{pid} puts {self.eng.name(take.iid)} from hand into the discard pile.",
                player=pid,
                card=take.iid,
            )

    def op_reveal(self, op: dict[str, Any], k: str) -> None:
        zone = op.get("from", "hand")
        pid = self.player(op, op["cards"][0])
        takes = self.list_take(k, pid, zone, op["cards"])
        if takes is None:
            return
        shown = ", ".join(self.eng.name(t.iid) for t in takes)
        self.eng.event(
            "reveal",
            f"{pid} reveals {shown} from the {zone}.",
            player=pid,
            cards=[t.iid for t in takes],
        )

    def op_damage(self, op: dict[str, Any], k: str) -> None:
        if self.eng.state.damage is not None:
            self.unsupported.append(
                f"{k}: damage recorded while another damage is being dealt: the engine cannot "
                "order the two, so it was not applied"
            )
            return
        self.eng.damage_side(self.p, int(op["n"]), "effect")

    def op_heal(self, op: dict[str, Any], k: str) -> None:
        pid, n = self.player(op), int(op["n"])
        ps = self.eng.state.players[pid]
        if ps.damage < n:
            self.fail(
                k, f"{pid} has {plural(ps.damage, 'face-down power card')}: {n} cannot be healed."
            )
            return
        turned = 0
        for pc in reversed(ps.power):
            if turned == n:
                break
            if not pc.face_up:
                pc.face_up = True
                turned += 1
        self.eng.event(
            "heal",
            f"{pid} turns {n} face-down power {noun_for(n, 'card')} face up ({ps.damage} damage).",
            player=pid,
            n=n,
        )

    def op_move(self, op: dict[str, Any], k: str) -> None:
        src, dest = op["from"], op["to"]
        if src == dest:
            self.fail(k, f"the card would move from the {src} to the {dest}.")
            return
        if src in AREAS:
            self._from_area(op, k)
            return
        if dest in AREAS:
            self.fail(k, "an outcome puts no card into a rush or battle area (rush or enter it).")
            return
        eng, st, ref = self.eng, self.eng.state, op["card"]
        pid = self.player(op, ref)
        takes = self.list_take(k, pid, src, [ref])
        if takes is None:
            return
        iid = do_take(st, pid, takes[0])
        self._put(pid, iid, dest, op.get("position", "top"))
        if src == "discard" and dest == "hand":
            strike_sp.record(eng, pid, iid)  # RS-STRIKE-SP-RETRIEVED
        eng.event(
            "move_card",
            f"{eng.name(iid)} goes from {pid}'s {src} to the {dest}.",
            player=pid,
            card=iid,
            to=dest,
        )

    def _put(self, pid: str, iid: str, dest: str, position: str) -> None:
        ps = self.eng.state.players[pid]
        if dest == "power":
            ps.power.append(PowerCard(iid, face_up=True))
        elif dest == "deck" and position == "top":
            ps.deck.insert(0, iid)
        else:
            getattr(ps, dest).append(iid)

    def _from_area(self, op: dict[str, Any], k: str) -> None:
        eng, st = self.eng, self.eng.state
        src, dest = op["from"], op["to"]
        found = self.unit(op, k, (src,))
        if found is None:
            return
        owner, area, u = found
        if dest == "rush":
            if area != "battle":
                self.fail(k, f"{eng.name(u.card)} is already in the rush area.")
                return
            st.players[owner].battle.remove(u)
            st.players[owner].rush.append(u)
            if st.entering is u:
                st.entering = None
            eng.event(
                "return",
                f"{eng.name(u.card)} returns from the battle area to the rush area.",
                player=owner,
                card=u.card,
            )
            return
        if dest == "discard":
            eng.destroy(owner, u, "recorded outcome")
            return
        self._leave(owner, area, u, dest, op.get("position", "top"))

    def _leave(self, owner: str, area: str, u: Unit, dest: str, position: str) -> None:
        eng, st = self.eng, self.eng.state
        if stacking.leaving(eng, u, f"is put into the {dest}"):
            return  # RS-STACK-STAY: a card it is stacked on keeps it in place
        left = leave_area(st, st.players[owner].area(area), u)
        if st.entering is u:
            st.entering = None
        self._put(st.owner_of[u.card], u.card, dest, position)
        eng.event(
            "move_card",
            f"{eng.name(u.card)} goes from {owner}'s {area} area to the {dest}.",
            player=owner,
            card=u.card,
            to=dest,
        )
        if left is not None:
            eng.rider_left(left, u.card)


def check_outcome(eng: RangersStrikeEngine, plan: Plan) -> None:
    """Which effect the outcome records and whether its ops are possible (``RS-OUTCOME``;
    :func:`judge.core.outcome.check_outcome`)."""
    core.check_outcome(eng, plan, RULE, Ops)


def apply_outcome(eng: RangersStrikeEngine, plan: Plan) -> None:
    """Carry out the ops; a legal outcome carried out in full clears its effect's taint
    (:func:`judge.core.outcome.apply_outcome`)."""
    core.apply_outcome(eng, plan, RULE, Ops)
