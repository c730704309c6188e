"""The ``outcome`` action: what a Z/X effect the engine cannot execute did, as the log records
it (ZX-OUTCOME).

A card text outside the effect vocabulary (``judge/games/zx/effects.py``) resolves without
being executed: its step is ``unverifiable`` (ZX-EFFECT-UNSUPPORTED) and every later verdict
is ``uncertain`` (a taint, :class:`judge.core.engine.Taint`).  The log may then record what
the effect did, as primitive operations, in an ``outcome`` right after that step::

    {"p": "A", "do": "outcome", "source": "A-12",
     "ops": [{"op": "draw", "n": 1}, {"op": "damage", "card": "B-3", "n": 2000}]}

The core (:mod:`judge.core.outcome`) finds the effect and carries the ops out on a copy first
(each must be possible); it is not checked against the card's text.  The ops, each one of the
seed's keyword actions on Z/X's zones (``player``: whose zones; by default the card's owner
for an instance id, else ``p``; for ``player_damage``, ``p``'s opponent):

- ``move`` ``card``, ``from``, ``to`` among the list zones ``hand``, ``deck`` (``position``
  ``top`` | ``bottom``), ``life``, ``charge``, ``trash``, ``removed``, ``resources``; ``from``
  may be ``square``: the Z/X leaves its square for the zone (not destruction; a Z/X EX goes
  face up to the dynamis, its force materials as ``force_on_leave`` says: ``Moves.leave``);
- ``appear`` ``card``, ``from`` (a list zone), ``to`` (a square it may be put on): it appears
  rebooted, its appear abilities trigger (ZX-APPEAR);
- ``draw`` ``n`` (one at a time, reloading as the rules do: ZX-DRAW);
- ``damage`` ``card`` (a Z/X on a square), ``n`` (ZX-DAMAGE-ZX; lethal damage destroys it as a
  rule effect); ``destroy`` ``card`` (ZX-DESTROY);
- ``sleep`` / ``reboot`` ``card`` (a Z/X on a square or a resource: ZX-REBOOT-SLEEP);
- ``player_damage`` ``n`` (ZX-DAMAGE-PLAYER: the life cards are picked as usual);
- ``recover`` ``n`` (ZX-RECOVER); ``marker`` ``marker``, ``n`` (gain n; a negative n spends,
  not more than there are: ZX-MARKER, ZX-MARKER-SPEND).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from judge.core import outcome as core
from judge.core.engine import Plan
from judge.core.refs import is_instance, ref_code, ref_text
from judge.core.wording import plural
from judge.games.zx.state import Resource

if TYPE_CHECKING:
    from judge.games.zx.engine import ZXEngine

RULE = "ZX-OUTCOME"
LIST_ZONES = ("hand", "deck", "life", "charge", "trash", "removed", "resources")
OPS = (
    "move",
    "appear",
    "draw",
    "damage",
    "destroy",
    "sleep",
    "reboot",
    "player_damage",
    "recover",
    "marker",
)


class Ops:
    """Carries out an outcome's ops one by one; an impossible op is a problem and is skipped."""

    def __init__(self, eng: ZXEngine, p: str, path: str, source: str | None = None) -> None:
        self.eng, self.p, self.path = eng, p, path
        #: the card whose effect the outcome records (ZX-NOT-AFFECTED reads it)
        self.source = source
        self.problems: list[tuple[str, str]] = []
        self.unsupported: list[str] = []

    def run(self, ops: list[dict[str, Any]]) -> None:
        for k, op in enumerate(ops):
            getattr(self, "op_" + op["op"])(op, f"{self.path}[{k}]")
        if self.eng.state.phase != "over":
            self.eng.push(("rules", {}))

    def fail(self, k: str, message: str) -> None:
        self.problems.append((RULE, f"{k}: {message}"))

    def player(self, op: dict[str, Any], card: Any = None) -> str:
        if "player" in op:
            return str(op["player"])
        st = self.eng.state
        if card is not None and is_instance(st, card):
            return st.owner_of[card]
        return self.p

    # -- finding cards ---------------------------------------------------------------------

    def _ids(self, pid: str, zone: str) -> list[str]:
        ps = self.eng.state.players[pid]
        if zone == "resources":
            return [r.card for r in ps.resources]
        return [c for c in getattr(ps, zone) if c is not None]

    def _find(self, pid: str, zone: str, ref: Any) -> str | None:
        """The instance a reference names in ``pid``'s list ``zone`` (an id, or the first copy
        of a code)."""
        st = self.eng.state
        cards = self._ids(pid, zone)
        if is_instance(st, ref):
            return ref if ref in cards else None
        code = ref_code(st, ref)
        return next((c for c in cards if st.code_of[c] == code), None)

    def _take(self, pid: str, zone: str, iid: str) -> None:
        ps = self.eng.state.players[pid]
        if zone == "resources":
            ps.resources = [r for r in ps.resources if r.card != iid]
        else:
            getattr(ps, zone).remove(iid)

    def _put(self, pid: str, zone: str, iid: str, position: str) -> None:
        st = self.eng.state
        ps = st.players[pid]
        if zone == "resources":
            ps.resources.append(Resource(iid, st.next_serial()))
        elif zone == "deck" and position == "top":
            ps.deck.insert(0, iid)
        else:
            getattr(ps, zone).append(iid)

    def _on_square(self, op: dict[str, Any], k: str) -> int | None:
        """The square of the Z/X an op names, or None (a problem)."""
        st = self.eng.state
        ref = op["card"]
        for sq, z in sorted(st.squares.items()):
            if z is None:
                continue
            if ref == z.card if is_instance(st, ref) else ref_code(st, ref) == st.code_of[z.card]:
                if "player" in op and st.controller[sq] != op["player"]:
                    continue
                return sq
        self.fail(k, f"{ref_text(ref)} is not a Z/X on a square.")
        return None

    def _unaffected(self, sq: int, k: str) -> bool:
        """ZX-NOT-AFFECTED: the Z/X on ``sq`` is not affected by the effect whose outcome this
        is (seed 003, keyword action 13): an op that would move or change it is impossible."""
        from judge.games.zx.resolve import not_affected

        z = self.eng.state.squares[sq]
        assert z is not None
        why = not_affected(self.eng, self.p, self.source, z.card) if self.source else None
        if why is None:
            return False
        self.problems.append(
            (
                "ZX-NOT-AFFECTED",
                f"{k}: {self.eng.name(z.card)}: {why}: the effect recorded cannot have "
                "moved or changed it.",
            )
        )
        return True

    # -- the ops ---------------------------------------------------------------------------

    def op_move(self, op: dict[str, Any], k: str) -> None:
        eng = self.eng
        src, dest = op["from"], op["to"]
        if src == dest:
            self.fail(k, f"the card would move from the {src} to the {dest}.")
            return
        if src == "square":
            sq = self._on_square(op, k)
            if sq is None or self._unaffected(sq, k):
                return
            if dest == "resources":
                self.unsupported.append(
                    f"{k}: a Z/X moving from a square into the resources: the engine does not "
                    "carry it out"
                )
                return
            iid = eng.leave(sq, dest, "recorded outcome")
            deck = eng.state.players[eng.state.owner_of[iid]].deck
            if dest == "deck" and op.get("position", "top") == "top" and deck[-1:] == [iid]:
                deck.insert(0, deck.pop())
            return
        pid = self.player(op, op["card"])
        iid = self._find(pid, src, op["card"])
        if iid is None:
            self.fail(k, f"{ref_text(op['card'])} is not in {pid}'s {src}.")
            return
        self._take(pid, src, iid)
        if src == "deck" and dest == "trash":
            # seed 003, keyword ability 5: from the deck to the trash: its Evol Seed triggers
            eng.deck_to_trash(pid, iid, "recorded outcome")
        else:
            self._put(pid, dest, iid, op.get("position", "top"))
            eng.event(
                "outcome_move",
                f"{eng.name(iid)} moves from {pid}'s {src} to the {dest} (recorded outcome).",
                player=pid,
                card=iid,
            )
        if src == "deck":
            eng.reload(pid)

    def op_appear(self, op: dict[str, Any], k: str) -> None:
        eng, st = self.eng, self.eng.state
        pid = self.player(op, op["card"])
        src, to = op["from"], op["to"]
        iid = self._find(pid, src, op["card"])
        if iid is None:
            self.fail(k, f"{ref_text(op['card'])} is not in {pid}'s {src}.")
            return
        if not st.card(iid).is_zx:
            self.fail(k, f"{eng.name(iid)} is not a Z/X: it cannot appear on a square.")
            return
        why = eng.square_problem(pid, to)
        if why is not None:
            self.fail(k, f"{eng.name(iid)} cannot appear on square {to}: {why}.")
            return
        self._take(pid, src, iid)
        eng.appear(pid, iid, to, "recorded outcome")

    def op_draw(self, op: dict[str, Any], k: str) -> None:
        pid, n = self.player(op), int(op["n"])
        ps = self.eng.state.players[pid]
        have = len(ps.deck) + len(ps.trash)
        if have < n:
            self.fail(k, f"{pid} cannot draw {n}: deck and trash hold {plural(have, 'card')}.")
            return
        for _ in range(n):
            self.eng.draw_one(pid, " (recorded outcome)")

    def op_damage(self, op: dict[str, Any], k: str) -> None:
        sq = self._on_square(op, k)
        if sq is not None and not self._unaffected(sq, k):
            self.eng.damage_zx(sq, int(op["n"]), "recorded outcome")

    def op_destroy(self, op: dict[str, Any], k: str) -> None:
        sq = self._on_square(op, k)
        if sq is not None and not self._unaffected(sq, k):
            self.eng.destroy(sq, "recorded outcome")

    def _turn(self, op: dict[str, Any], k: str, sleeping: bool) -> None:
        eng, st = self.eng, self.eng.state
        ref = op["card"]
        pid = self.player(op, ref)
        iid = self._find(pid, "resources", ref)
        if iid is not None and not any(
            z is not None and z.card == iid for z in st.squares.values()
        ):
            res = next(r for r in st.players[pid].resources if r.card == iid)
            if res.sleeping == sleeping:
                self.fail(
                    k, f"{eng.name(iid)} is already {'sleeping' if sleeping else 'rebooted'}."
                )
                return
            res.sleeping = sleeping
            eng.event("outcome_turn", f"{eng.name(iid)} (resource) is {op['op']}ed.", card=iid)
            return
        sq = self._on_square(op, k)
        if sq is None or self._unaffected(sq, k):
            return
        z = st.squares[sq]
        assert z is not None
        if z.sleeping == sleeping:
            self.fail(k, f"{eng.name(z.card)} is already {'sleeping' if sleeping else 'rebooted'}.")
            return
        z.sleeping = sleeping
        eng.event("outcome_turn", f"{eng.name(z.card)} is {op['op']}ed.", card=z.card)

    def op_sleep(self, op: dict[str, Any], k: str) -> None:
        self._turn(op, k, True)

    def op_reboot(self, op: dict[str, Any], k: str) -> None:
        self._turn(op, k, False)

    def op_player_damage(self, op: dict[str, Any], k: str) -> None:
        st = self.eng.state
        pid = op.get("player") or st.opponent(self.p)
        n = int(op["n"])
        self.eng.push(("player_damage", {"player": pid, "n": n, "why": "recorded outcome"}))

    def op_recover(self, op: dict[str, Any], k: str) -> None:
        pid = self.player(op)
        ps = self.eng.state.players[pid]
        n = int(op["n"])
        if len(ps.deck) + len(ps.trash) < n:
            self.fail(k, f"{pid} cannot recover {n}: deck and trash hold too few cards.")
            return
        self.eng.recover(pid, n)

    def op_marker(self, op: dict[str, Any], k: str) -> None:
        pid = self.player(op)
        marks = self.eng.state.players[pid].markers
        name, n = str(op["marker"]), int(op["n"])
        have = marks.get(name, 0)
        if have + n < 0 and self.eng.options["marker_spend_short"] == "impossible":
            self.fail(k, f"{pid} has {have} <{name}>: it cannot spend {-n} (ZX-MARKER-SPEND).")
            return
        marks[name] = max(0, have + n)
        self.eng.event(
            "marker", f"{pid} {'gains' if n >= 0 else 'spends'} {abs(n)} <{name}>.", player=pid
        )


def check_outcome(eng: ZXEngine, plan: Plan) -> None:
    """Which effect the outcome records and whether its ops are possible (ZX-OUTCOME;
    :func:`judge.core.outcome.check_outcome`)."""
    core.check_outcome(eng, plan, RULE, _runner(plan))


def apply_outcome(eng: ZXEngine, plan: Plan) -> None:
    """Carry out the ops; a legal outcome carried out in full clears its effect's taint."""
    core.apply_outcome(eng, plan, RULE, _runner(plan))


def _runner(plan: Plan) -> Any:
    """The ops runner for ``plan``'s outcome, knowing the card whose effect it records (its
    taint's source, once the core has found it)."""

    def make(eng: ZXEngine, p: str, path: str) -> Ops:
        taint = plan.data.get("taint")
        return Ops(eng, p, path, source=taint.source if taint is not None else None)

    return make
