"""A player's whole hand put into the outside area ("自分の手札を全て場外に置く。", op
``discard_all``, rule ``UA-EFFECT-DISCARD-ALL``).

Every card of the controller's hand goes, face up, into their outside area; nobody chooses
anything, and an empty hand puts none.  The cards were never on the field, so they are not
retired.  The log records nothing for it: in seeded mode the engine knows the hand; in
observed mode a card of the hand it does not know goes into the outside area unknown, and
the step is unverifiable (the later ones uncertain) until an ``outcome`` reveals it, as for
the deck's top cards put there with no record (``mill.py``).

The reader gives it (``texthand.py``); :func:`judge.games.union_arena.resolve.run_effect`
calls :func:`run`, and the check of an action's targets empties the staged hand
(``targets.check_effect_targets``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from judge.core.timing import PendingEffect
    from judge.games.union_arena.engine import UnionArenaEngine

RULE = "UA-EFFECT-DISCARD-ALL"
OP = "discard_all"


def op_ok(op: dict[str, Any]) -> bool:
    """A ``discard_all`` the engine executes: no key but the conditions any op may carry (no
    ``if_done``: it chooses nothing)."""
    return set(op) <= {"op", "if", "if_chosen"}


def run(eng: UnionArenaEngine, pe: PendingEffect) -> None:
    """Put every card of ``pe``'s controller's hand into their outside area."""
    pid = pe.controller
    ps = eng.state.players[pid]
    cards = list(ps.hand)
    ps.hand.clear()
    ps.outside.extend(cards)
    for iid in cards:
        eng.event(
            "discard",
            f"{pid} puts {eng.name(iid) if iid else 'a card'} from hand into the outside area "
            f"({pe.source}'s effect).",
            player=pid,
            card=iid,
        )
    eng.ctx.ruling(
        RULE,
        f"{pe.describe()}: {pid} puts the whole hand, {len(cards)} card(s), into the outside "
        "area, face up; they are not retired.",
    )
    if None in cards:
        eng.ctx.ruling(
            RULE,
            f"The engine does not know every card of {pid}'s hand (observed mode): the unknown "
            "ones are public in the outside area but not known here, so this step is "
            "unverifiable and the steps after it uncertain until an outcome reveals them.",
        )
        eng.ctx.cannot_verify(f"the cards {pe.describe()} put into the outside area are not known")
        eng.taint_effect(pe, RULE)
