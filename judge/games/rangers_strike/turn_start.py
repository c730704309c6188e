"""Rangers Strike action handlers up to the rush phase.

Setup (the first-player choice), the start phase's extra draw and the charge phase.
Dispatched from :mod:`judge.games.rangers_strike.actions`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from judge.core.engine import Plan
from judge.core.timing import PendingEffect
from judge.core.wording import plural
from judge.games.rangers_strike import placed_held
from judge.games.rangers_strike.refs import Take, do_take, find_in_zone
from judge.games.rangers_strike.state import COMMAND_LIMIT, Command, PowerCard

if TYPE_CHECKING:
    from judge.games.rangers_strike.engine import RangersStrikeEngine


# -- setup and start phase ------------------------------------------------------------------------


def check_first_player(eng: RangersStrikeEngine, plan: Plan) -> None:
    """RS-SETUP-FIRST: the rock-paper-scissors winner (``p``) goes first, with no choice; the
    log's ``first`` must name the winner (tag battle: the leader of the winner's team, as a
    team's leader goes first, RST-SEATING)."""
    st = eng.state
    p, first = plan.action["p"], plan.action["first"]
    if st.teams and first not in (t[0] for t in st.teams):
        leaders = ", ".join(t[0] for t in st.teams)
        plan.violate(
            "RST-SEATING",
            f"{first} is a supporter: in tag battle a team's leader goes first ({leaders}).",
        )
        return
    team = next((t for t in st.teams if p in t), None)
    goes = team[0] if team else p
    who = f"{p}'s team goes first, its leader {goes} first" if team else f"{p} goes first"
    if first != goes:
        plan.violate(
            "RS-SETUP-FIRST",
            f"{p} won rock-paper-scissors, so {who}: the winner has no choice; the log names "
            f"{first}.",
        )
        return
    eng.ctx.ruling("RS-SETUP-FIRST", f"{p} won rock-paper-scissors: {who} (no choice).")


def apply_first_player(eng: RangersStrikeEngine, plan: Plan) -> None:
    st = eng.state
    st.agenda.pop(0)
    st.first = plan.action["first"]
    for side in eng.sides():
        for pid in side:
            eng.draw(pid, 7, why=" (opening hand)")
    eng.ctx.ruling("RS-SETUP-HAND", "Each player draws 7 cards (no mulligan).")
    if st.teams:
        pairs = " and ".join(f"{a} with {b}" for a, b in st.teams)
        eng.ctx.ruling(
            "RST-SHARED-INFO",
            f"Team-mates see each other's hands ({pairs}); their perspectives of the replay "
            "show both hands.",
        )
    eng.push(("next_phase", {}))


def check_extra_draw(eng: RangersStrikeEngine, plan: Plan) -> None:
    ps = eng.state.players[plan.action["p"]]
    if len(ps.hand) >= ps.damage:
        plan.violate(
            "RS-START-EXTRA-DRAW",
            f"{ps.id} has {plural(len(ps.hand), 'card')} in hand and {ps.damage} damage: the "
            "extra draw needs fewer cards in hand than damage.",
        )
    elif not ps.deck:
        plan.violate("RS-START-EXTRA-DRAW", f"{ps.id}'s deck is empty: there is nothing to draw.")


def apply_extra_draw(eng: RangersStrikeEngine, plan: Plan) -> None:
    pid = plan.action["p"]
    ps = eng.state.players[pid]
    st = eng.state
    earlier: list[str] = []
    if pid in st.extra_open:
        # each extra draw belongs to its player's own start phase, in the turn's order
        # (tag battle: the leader's start phase, then the supporter's, RST-PHASES): the
        # start phases before this one are over
        at = st.extra_open.index(pid)
        earlier = st.extra_open[:at]
        del st.extra_open[: at + 1]
        for q in earlier:
            st.extra_closed[q] = pid
    hand, damage = len(ps.hand), ps.damage
    eng.draw(pid, 1, why=" (extra draw)")
    eng.ctx.ruling(
        "RS-START-EXTRA-DRAW",
        f"{pid} had {plural(hand, 'card')} in hand and {damage} damage: it takes the extra draw.",
    )
    if len(eng.allies(pid)) > 1:
        ally = eng.allies(pid)[1]
        text = f"{pid}'s extra draw belongs to its own start phase"
        if earlier:
            text += (
                f"; {' and '.join(earlier)}'s start phase came before it and is over, so "
                f"{' and '.join(earlier)} can no longer take the extra draw"
            )
        elif ally in st.extra_open:
            text += f", which comes before {ally}'s start phase"
        eng.ctx.ruling("RST-PHASES", text + ".")


# -- charge phase ---------------------------------------------------------------------------------


def _from_hand(eng: RangersStrikeEngine, plan: Plan) -> Take | None:
    take, err = find_in_zone(eng.state, plan.action["p"], "hand", plan.action["card"])
    if err:
        plan.violate(*err)
    return take


def check_charge(eng: RangersStrikeEngine, plan: Plan) -> None:
    st = eng.state
    pid = plan.action["p"]
    if st.charged:
        plan.violate("RS-CHARGE", f"{pid} has charged a card already in this charge phase.")
    take = _from_hand(eng, plan)
    if plan.action["to"] == "command" and len(st.players[pid].command) >= COMMAND_LIMIT:
        plan.violate(
            eng.COMMAND_RULE,
            f"{pid}'s command zone holds {len(st.players[pid].command)} cards already "
            f"(at most {COMMAND_LIMIT}).",
        )
    plan.data["take"] = take


def apply_charge(eng: RangersStrikeEngine, plan: Plan) -> None:
    st = eng.state
    pid = plan.action["p"]
    take = plan.data.get("take")
    st.charged = True
    if take is None:
        eng.ctx.cannot_verify("The charge could not be applied as recorded: no such card in hand.")
        return
    iid = do_take(st, pid, take)
    ps = st.players[pid]
    if plan.action["to"] == "power":
        ps.power.append(PowerCard(iid, face_up=True))
        text = f"{pid} charges {eng.name(iid)} face up into the power zone (power {len(ps.power)})."
    else:
        ps.command.append(Command(iid))
        text = (
            f"{pid} charges {eng.name(iid)} into the command zone as a released "
            f"{st.card(iid).category} command."
        )
    eng.event("charge", text, player=pid, card=iid, to=plan.action["to"])
    if plan.action["to"] != "power":  # RS-PLACED-HELD: an opposing unit's restriction
        placed_held.placed(eng, pid, len(ps.command) - 1)
    unread = st.defs[st.code_of[iid]].unread
    if unread:  # its text may act from the power or command zone (RS-TEXT-UNREAD)
        eng.ctx.ruling(
            "RS-TEXT-UNREAD",
            f"{eng.name(iid)}'s printed text is not read in full, and the engine does not "
            f"execute what it did not read: {unread[0]!r}"
            + (f" and {len(unread) - 1} more" if len(unread) > 1 else ""),
        )
        eng.ctx.cannot_verify(f"{eng.name(iid)}'s unread text may act where it is charged")
        eng.taint_effect(PendingEffect(0, pid, iid, {}, 0, "printed text"), "RS-TEXT-UNREAD")
