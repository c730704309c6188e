"""The ``outcome`` action: what an effect the engine cannot execute did, as the log records it.

A card whose text is outside the effect vocabulary resolves without being executed: its
step is ``unverifiable`` (``UA-EFFECT-UNSUPPORTED``) and every later verdict that could
depend on it is ``uncertain`` (a *taint*, :class:`judge.core.engine.Taint`).  The log may
then record what the effect did, as primitive operations, in an ``outcome`` right after that
step (after other outcomes of the same step, if several effects resolved there)::

    {"p": "A", "do": "outcome", "source": "A-12",
     "ops": [{"op": "bp", "card": "A-12", "amount": 3000, "until": "turn"}]}

The engine applies the ops in order and checks that each one is possible (``UA-OUTCOME``):
the cards are where the op says, a BP change or a rest names a card on the field, a line has
room, the deck has the cards to draw.  It does not check them against the card's text (it
cannot read it): the step's verdict is ``recorded``.  A legal outcome applied in full clears
its effect's taint, so the verdicts after it are decided again.

The ops (``player``: whose zones, by default the card's owner for an instance id, else the
acting player; for ``damage``, the acting player's opponent):

- ``move`` ``card``, ``from``, ``to`` (``position`` ``top`` | ``bottom`` when ``to`` is
  ``deck``) — zones ``hand``, ``deck``, ``life``, ``outside``, ``removal``, ``front_line``,
  ``energy_line``.  Onto the field: a new character or field, active, in a line with room
  (its when-played effects trigger, as for a card a trigger plays); from the field: the card
  on top of its stack (to ``outside`` it is *retired*: its when-retired effects trigger; the
  cards under it go to the outside area); between the lines: the card keeps its state.
- ``bp`` ``card`` (on the field), ``amount``, ``until`` (``turn`` | ``battle`` |
  ``next_turn``, default ``turn``).
- ``rest`` / ``activate`` ``card`` (on the field).
- ``draw`` ``n``; ``discard`` ``cards`` (hand to outside area); ``reveal`` ``cards``,
  ``from`` (``hand`` | ``deck`` | ``life`` | ``outside``: the cards are shown, nothing moves).
- ``damage`` ``n`` — n damage dealt to ``player`` as by an effect (life cards picked and
  turned, triggers); ``life`` ``n`` — the top n cards of the deck become life cards.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from judge.core import outcome as core
from judge.core.engine import Plan
from judge.core.refs import bind, is_instance, ref_text
from judge.core.wording import agree, plural
from judge.games.union_arena import entered, facedown, rested_by, this_turn
from judge.games.union_arena.effects import until_text
from judge.games.union_arena.refs import (
    Problem,
    do_take,
    find_in_zone,
    find_many_in_zone,
    find_unit,
    take_many,
)
from judge.games.union_arena.state import LINE_LIMIT, LINES, Modifier, Unit

if TYPE_CHECKING:
    from judge.games.union_arena.engine import UnionArenaEngine

RULE = "UA-OUTCOME"
LIST_ZONES = ("hand", "deck", "life", "outside", "removal")
ZONES = (*LIST_ZONES, *LINES)
REVEAL_ZONES = ("hand", "deck", "life", "outside")
OPS = ("move", "bp", "rest", "activate", "draw", "discard", "reveal", "damage", "life")
UNTIL = ("turn", "battle", "next_turn")


class Ops:
    """Carries out an outcome's ops one by one; an impossible op is a problem and is skipped,
    an op the engine cannot carry out at this moment is noted in ``unsupported``."""

    def __init__(self, eng: UnionArenaEngine, p: str, path: str) -> None:
        self.eng, self.p, self.path = eng, p, path
        self.problems: list[Problem] = []
        self.unsupported: list[str] = []

    def run(self, ops: list[dict[str, Any]]) -> None:
        for k, op in enumerate(ops):
            getattr(self, "op_" + op["op"])(op, f"{self.path}[{k}]")
        self.eng.check_bp_zero()

    def fail(self, k: str, message: str) -> None:
        self.problems.append((RULE, f"{k}: {message}"))

    def player(self, op: dict[str, Any], card: Any = None) -> str:
        if "player" in op:
            return str(op["player"])
        st = self.eng.state
        if card is not None and is_instance(st, card):
            return st.owner_of[card]
        return self.p

    def unit(self, op: dict[str, Any], k: str) -> tuple[str, str, Unit] | None:
        """The card on the field an op names (the top of its stack), or None (a problem)."""
        st = self.eng.state
        ref = op["card"]
        owner = op.get("player")
        found = find_unit(st, ref, f"{k}.card", owner=owner)
        if found is None or (is_instance(st, ref) and found[2].top != ref):
            where = f"{owner}'s field" if owner else "the field"
            self.fail(k, f"{ref_text(ref)} is not a card on top of its stack on {where}.")
            return None
        return found

    # -- the ops ---------------------------------------------------------------------------

    def op_bp(self, op: dict[str, Any], k: str) -> None:
        found = self.unit(op, k)
        if found is None:
            return
        eng, u = self.eng, found[2]
        if eng.state.card(u.top).type != "character":
            self.fail(k, f"{eng.name(u.top)} is not a character: it has no BP.")
            return
        amount, until = int(op["amount"]), op.get("until", "turn")
        u.mods.append(Modifier(bp=amount, until=until, owner=self.p))
        eng.event(
            "bp",
            f"{eng.name(u.top)} gets BP {amount:+d} {until_text(until, self.p)}.",
            card=u.top,
            amount=amount,
        )

    def op_rest(self, op: dict[str, Any], k: str) -> None:
        found = self.unit(op, k)
        if found is not None:
            rested_by.record(self.eng, found[0], self.p, found[2])  # by the recorder's effect
            this_turn.rest(self.eng.state, found[2])
            self.eng.event("rest", f"{self.eng.name(found[2].top)} is rested.", card=found[2].top)

    def op_activate(self, op: dict[str, Any], k: str) -> None:
        found = self.unit(op, k)
        if found is not None:
            found[2].rested = False
            self.eng.event(
                "activate", f"{self.eng.name(found[2].top)} becomes active.", card=found[2].top
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
        takes, problems = find_many_in_zone(st, pid, "hand", op["cards"])
        if problems:
            for _, message in problems:
                self.fail(k, message)
            return
        for iid in take_many(st, pid, takes):
            st.players[pid].outside.append(iid)
            self.eng.event(
                "discard",
                f"{pid} puts {self.eng.name(iid)} from hand into the outside area.",
                player=pid,
                card=iid,
            )

    def op_reveal(self, op: dict[str, Any], k: str) -> None:
        st, zone = self.eng.state, op.get("from", "hand")
        pid = self.player(op, op["cards"][0])
        takes, problems = find_many_in_zone(st, pid, zone, op["cards"])
        if problems:
            for _, message in problems:
                self.fail(k, message)
            return
        cards = getattr(st.players[pid], zone)
        for take in takes:  # seen now: bound where it is (observed mode)
            if take.bind:
                bind(st, pid, take.iid)
                cards[take.index] = take.iid
        shown = ", ".join(self.eng.name(t.iid) for t in takes)
        self.eng.event(
            "reveal",
            f"{pid} reveals {shown} from the {zone}.",
            player=pid,
            cards=[t.iid for t in takes],
        )

    def op_damage(self, op: dict[str, Any], k: str) -> None:
        st = self.eng.state
        pid = op.get("player") or st.other(self.p)
        if st.damage is not None:
            self.unsupported.append(
                f"{k}: damage recorded while another damage is being dealt: the engine cannot "
                "order the two, so it was not applied"
            )
            return
        n = int(op["n"])
        self.eng.push(
            ("damage", {"player": pid, "by": st.other(pid), "amount": n, "source": "effect"})
        )
        self.eng.event("effect", f"{pid} takes {n} damage (recorded outcome).", player=pid)

    def op_life(self, op: dict[str, Any], k: str) -> None:
        st, pid, n = self.eng.state, self.player(op), int(op["n"])
        ps = st.players[pid]
        if len(ps.deck) < n:
            self.fail(
                k, f"{pid}'s deck has {plural(len(ps.deck), 'card')}: {n} cannot become life cards."
            )
            return
        cards = ps.deck[:n]
        del ps.deck[:n]
        ps.life.extend(cards)
        self.eng.event(
            "life",
            f"The top {plural(n, 'card')} of {pid}'s deck "
            + agree(n, "becomes a life card.", "become life cards."),
            player=pid,
            n=n,
        )

    def op_move(self, op: dict[str, Any], k: str) -> None:
        src, dest = op["from"], op["to"]
        if src == dest and src in LIST_ZONES:
            self.fail(k, f"the card would move from the {src} to the {dest}.")
            return
        if src in LINES:
            self._from_field(op, k)
        else:
            self._from_list(op, k)

    def _from_list(self, op: dict[str, Any], k: str) -> None:
        eng, st = self.eng, self.eng.state
        src, dest, ref = op["from"], op["to"], op["card"]
        pid = self.player(op, ref)
        take, err = find_in_zone(st, pid, src, ref)
        if take is None:
            self.fail(k, err[1] if err else f"{ref_text(ref)} is not in {pid}'s {src}.")
            return
        iid = take.iid
        if dest in LINES:
            d = st.card(iid)
            line = st.players[pid].line(dest)
            if d.type not in ("character", "field"):
                self.fail(k, f"{eng.name(iid)} is a {d.type}: it cannot be put on the field.")
                return
            if len(line) >= LINE_LIMIT:
                self.fail(k, f"{pid}'s {dest.replace('_', ' ')} is full ({LINE_LIMIT} cards).")
                return
            do_take(st, pid, take)
            unit = eng.new_unit([iid], rested=False)
            line.append(unit)
            entered.record(eng, iid, src)  # by no card the engine knows (entered.py)
            eng.event(
                "move_card",
                f"{eng.name(iid)} goes from {pid}'s {src} to the {dest.replace('_', ' ')}.",
                player=pid,
                card=iid,
                to=dest,
            )
            eng.fire(unit, "on_play", pid)
            return
        do_take(st, pid, take)
        self._put(pid, iid, dest, op.get("position", "top"))
        eng.event(
            "move_card",
            f"{eng.name(iid)} goes from {pid}'s {src} to the {dest}.",
            player=pid,
            card=iid,
            to=dest,
        )

    def _put(self, pid: str, iid: str, dest: str, position: str) -> None:
        cards = getattr(self.eng.state.players[pid], dest)
        if dest == "deck" and position == "top":
            cards.insert(0, iid)
        else:
            cards.append(iid)

    def _from_field(self, op: dict[str, Any], k: str) -> None:
        eng, st = self.eng, self.eng.state
        found = self.unit(op, k)
        if found is None:
            return
        owner, line, u = found
        src, dest = op["from"], op["to"]
        if line != src:
            self.fail(k, f"{eng.name(u.top)} is in the {line.replace('_', ' ')}, not the {src}.")
            return
        ps = st.players[owner]
        if dest in LINES:
            if dest == line:
                self.fail(k, f"{eng.name(u.top)} is already in the {line.replace('_', ' ')}.")
                return
            if len(ps.line(dest)) >= LINE_LIMIT:
                self.fail(k, f"{owner}'s {dest.replace('_', ' ')} is full ({LINE_LIMIT} cards).")
                return
            ps.line(line).remove(u)
            ps.line(dest).append(u)
            eng.event(
                "move",
                f"{eng.name(u.top)} moves to the {dest.replace('_', ' ')}.",
                player=owner,
                card=u.top,
            )
            return
        if dest in ("hand", "outside", "removal"):
            eng.leave_field(owner, u, dest, retire=dest == "outside")
            return
        ps.line(line).remove(u)  # to the deck or the life area: the cards under it go outside
        self._put(owner, u.top, dest, op.get("position", "top"))
        ps.outside.extend(u.cards[:-1])
        facedown.leave(eng, owner, u, "outside")  # UA-UNDER-LEAVE
        eng.event(
            "leave_field",
            f"{eng.name(u.top)} goes to {owner}'s {dest}.",
            player=owner,
            card=u.top,
            to=dest,
        )


def check_outcome(eng: UnionArenaEngine, plan: Plan) -> None:
    """Which effect the outcome records and whether its ops are possible (``UA-OUTCOME``;
    :func:`judge.core.outcome.check_outcome`)."""
    core.check_outcome(eng, plan, RULE, Ops)


def apply_outcome(eng: UnionArenaEngine, plan: Plan) -> None:
    """Carry out the ops; a legal outcome carried out in full clears its effect's taint
    (:func:`judge.core.outcome.apply_outcome`)."""
    core.apply_outcome(eng, plan, RULE, Ops)
