"""Union Arena action handler of the end phase: discarding down to the hand limit.

Dispatched from :mod:`judge.games.union_arena.actions`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from judge.core.engine import Plan
from judge.core.wording import plural
from judge.games.union_arena.refs import find_many_in_zone, take_many

if TYPE_CHECKING:
    from judge.games.union_arena.engine import UnionArenaEngine


# -- the end phase's steps --------------------------------------------------------------------------

#: whether the end phase's steps run at once where the agenda would run them next, no effect
#: waiting and the game not over (each saves the agenda's round trip: a push, then advance's
#: pop and dispatch); False: pushed, the long way (tests/games/union_arena/test_written_out.py
#: replays games both ways)
AT_ONCE = True


def run_steps(eng: UnionArenaEngine) -> None:
    """The end phase after its start triggers: ``end_activate``, ``end_hand``, ``end_expire``,
    ``start_turn``, each run at once while nothing would run before it (an effect waiting, the
    game over, a discard to the hand limit to wait for), the rest pushed from there on."""
    st = eng.state
    if not AT_ONCE or eng.pool.items or st.phase == "over":
        eng.push(("end_activate", {}), ("end_hand", {}), ("end_expire", {}), ("start_turn", {}))
        return
    eng.op_end_activate()
    if eng.pool.items or st.phase == "over" or len(st.players[st.turn_player].hand) >= 9:
        eng.push(("end_hand", {}), ("end_expire", {}), ("start_turn", {}))
        return
    eng.op_end_expire()  # (end_hand does nothing below 9 cards in hand: not run)
    if eng.pool.items or st.phase == "over":
        eng.push(("start_turn", {}))
        return
    eng.op_start_turn()


# -- end phase and the rest ------------------------------------------------------------------------


def check_discard(eng: UnionArenaEngine, plan: Plan) -> None:
    st = eng.state
    pid = plan.action["p"]
    n = st.agenda[0][1]["n"]
    refs = plan.action["cards"]
    if len(refs) != n:
        plan.violate(
            "UA-END-HAND-LIMIT",
            f"{pid} must put {plural(n, 'card')} into the removal area to keep 8; the "
            f"log names {len(refs)}.",
        )
    takes, problems = find_many_in_zone(st, pid, "hand", refs)
    for rule, msg in problems:
        plan.violate(rule, msg)
    plan.data["takes"] = takes


def apply_discard(eng: UnionArenaEngine, plan: Plan) -> None:
    st = eng.state
    st.agenda.pop(0)
    pid = plan.action["p"]
    ps = st.players[pid]
    removed = take_many(st, pid, plan.data.get("takes", []))
    ps.removal.extend(removed)
    eng.event(
        "hand_limit",
        f"{pid} puts {', '.join(eng.name(c) for c in reversed(removed))} into the removal "
        "area (hand limit 8).",
        player=pid,
        cards=removed,
    )
