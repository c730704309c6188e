"""The Rebirth for you handlers of the setup's decisions (:mod:`judge.games.rebirth.actions`
dispatches to them): the starting entry, the first player, the second player's preset partner,
and an observed deck's reveal (R4U-SETUP-ENTRY, R4U-SETUP-FIRST, R4U-SETUP-PRESET,
R4U-REVEAL).

Why apart from the other handlers: that module was long enough already.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from judge.core.engine import Plan
from judge.core.refs import Take, do_take
from judge.games.rebirth.refs import ZONE_REFS, take_from
from judge.games.rebirth.state import Slot

if TYPE_CHECKING:
    from judge.games.rebirth.engine import RebirthEngine


def check_entry_select(eng: RebirthEngine, plan: Plan) -> None:
    take = take_from(eng, plan, "deck")
    if take is None:
        return
    d = eng.state.card(take.iid)
    if not d.is_character or d.level > 2:
        what = "a Rebirth card" if d.is_rebirth else f"a level {d.level} character"
        plan.violate(
            "R4U-SETUP-ENTRY",
            f"{eng.name(take.iid)} is {what}: the starting entry "
            "must be a character of level 2 or less.",
        )
    plan.data["take"] = take


def apply_entry_select(eng: RebirthEngine, plan: Plan) -> None:
    st = eng.state
    pid = plan.action["p"]
    ps = st.players[pid]
    iid = do_take(st, pid, plan.data["take"])
    ps.entry, ps.chose_entry = iid, True
    eng.event(
        "entry_select",
        f"{pid} puts {eng.name(iid)} from the deck into the entry.",
        player=pid,
        card=iid,
    )
    eng.ctx.ruling(
        "R4U-SETUP-ENTRY",
        f"{pid} chose a character of level 2 or less from its deck for the entry.",
    )
    if all(st.players[q].chose_entry for q in st.order):
        st.agenda.pop(0)
        eng.push(("deal", {}), ("wait_first_player", {}))


def check_first_player(eng: RebirthEngine, plan: Plan) -> None:
    if plan.action["first"] not in eng.state.players:
        plan.violate("R4U-SETUP-FIRST", f"{plan.action['first']} is not a player.")
        plan.cannot_apply("no such player")


def apply_first_player(eng: RebirthEngine, plan: Plan) -> None:
    st = eng.state
    st.agenda.pop(0)
    st.first = plan.action["first"]
    second = st.opponent(st.first)
    eng.event("first_player", f"{st.first} goes first; {second} second.", player=st.first)
    eng.ctx.ruling("R4U-SETUP-FIRST", f"{st.first} goes first (recorded by {plan.action['p']}).")
    eng.push(("wait_preset", {"player": second}))


def partner_from_hand(eng: RebirthEngine, plan: Plan, rule: str) -> Take | None:
    take = take_from(eng, plan, "hand")
    if take is not None and not eng.state.card(take.iid).is_partner:
        plan.violate(rule, f"{eng.name(take.iid)} is not a partner card.")
    return take


def check_preset(eng: RebirthEngine, plan: Plan) -> None:
    plan.data["take"] = partner_from_hand(eng, plan, "R4U-SETUP-PRESET")


def apply_preset(eng: RebirthEngine, plan: Plan) -> None:
    st = eng.state
    pid = plan.action["p"]
    st.agenda.pop(0)
    iid = do_take(st, pid, plan.data["take"])
    st.players[pid].partners.append(Slot(iid))
    eng.event("preset", f"{pid} presets its partner {eng.name(iid)} face up.", player=pid, card=iid)
    eng.ctx.ruling("R4U-SETUP-PRESET", f"{pid} goes second: it presets one partner card.")
    eng.push(("next_turn", {}))


def check_reveal(eng: RebirthEngine, plan: Plan) -> None:
    """Observed mode: the top card of the deck is shown by the rules (R4U-REVEAL)."""
    pid = plan.action["p"]
    what = f"the top card of {pid}'s deck"
    iid, problem = ZONE_REFS.unseen_copy(eng.state, pid, plan.action["card"], what)
    if problem is not None:
        plan.violate(*problem)
        plan.cannot_apply("no such card can be there")
        return
    plan.data["iid"] = iid


def apply_reveal(eng: RebirthEngine, plan: Plan) -> None:
    from judge.core.refs import bind

    st = eng.state
    pid = plan.action["p"]
    st.agenda.pop(0)
    iid = plan.data["iid"]
    bind(st, pid, iid)
    st.players[pid].deck[0] = iid
    eng.event("reveal", f"The top card of {pid}'s deck is {eng.name(iid)}.", player=pid, card=iid)
