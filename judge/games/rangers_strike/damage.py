"""Rangers Strike action handlers of damage: turning power cards face down and, in the tag
battle, assigning the damage to a player of the team.

Dispatched from :mod:`judge.games.rangers_strike.actions`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from judge.core.engine import Plan
from judge.core.wording import noun_for
from judge.games.rangers_strike.handling import _head
from judge.games.rangers_strike.refs import find_face_up

if TYPE_CHECKING:
    from judge.games.rangers_strike.engine import RangersStrikeEngine


# -- damage ---------------------------------------------------------------------------------------


def check_take_damage(eng: RangersStrikeEngine, plan: Plan) -> None:
    st = eng.state
    args = _head(eng)[1]
    player, amount = args["player"], args["amount"]
    ps = st.players[player]
    need = min(amount, len(ps.face_up()))
    refs = plan.action["cards"]
    if len(refs) != need:
        plan.violate(
            "RS-DAMAGE-CHOICE",
            f"{amount} damage: {player} turns {need} of its {len(ps.face_up())} face-up power "
            f"{noun_for(len(ps.face_up()), 'card')} face down; the log names {len(refs)}.",
        )
    picks, problems = find_face_up(st, player, list(refs))
    for rule, msg in problems:
        plan.violate(rule, msg)
    plan.data["picks"] = picks[:need]


def apply_take_damage(eng: RangersStrikeEngine, plan: Plan) -> None:
    st = eng.state
    args = st.agenda.pop(0)[1]
    player = args["player"]
    picks = plan.data.get("picks", [])
    turned = eng.turn_face_down(player, picks)
    names = ", ".join(eng.name(c) for c in turned) or "nothing"
    eng.event(
        "take_damage",
        f"{player} turns {names} face down.",
        player=player,
        cards=turned,
    )
    eng.ctx.ruling(
        "RS-DAMAGE-CHOICE",
        f"{player}, the damaged player, chose which power cards to turn face down.",
    )


def check_assign_damage(eng: RangersStrikeEngine, plan: Plan) -> None:
    args = _head(eng)[1]
    to = plan.action["to"]
    if to not in args["team"]:
        plan.violate(
            "RST-STRIKE-ASSIGN",
            f"{to} is not in the damaged team ({', '.join(args['team'])}).",
        )
    elif to not in args["choices"]:
        plan.violate(
            "RST-STRIKE-ASSIGN",
            f"{to} can no longer continue play: the damage goes to "
            f"{' or '.join(args['choices'])} (rule option strike_to_out_player false).",
        )


def apply_assign_damage(eng: RangersStrikeEngine, plan: Plan) -> None:
    st = eng.state
    args = st.agenda.pop(0)[1]
    to = plan.action["to"]
    st_ = eng.state
    tid = st_.team_ids[st_.teams.index(tuple(args["team"]))] if st_.teams else ""
    _assign(eng, args, to, f"Team {tid} chose {to} ({plan.action['p']} recorded it)")


def _assign(eng: RangersStrikeEngine, args: dict[str, Any], to: str, why: str) -> None:
    st = eng.state
    tid = st.team_ids[st.teams.index(tuple(args["team"]))] if st.teams else ""
    eng.event(
        "assign_damage",
        f"Team {tid} assigns the {args['amount']} damage to {to}.",
        player=to,
        team=tid,
    )
    eng.ctx.ruling(
        "RST-STRIKE-ASSIGN",
        f"{why}: the damaged team, not the striker, chooses who takes the damage, all of it.",
    )
    amount, parts = args["amount"], [(to, args["amount"])]
    ally = next(p for p in args["team"] if p != to)
    ps = st.players[to]
    past = ps.damage + amount - eng.damage_limit() if eng.can_act(to) else 0
    if past > 0 and eng.options.get("assigned_damage_overflow") == "ally" and eng.can_act(ally):
        parts = [(to, amount - past), (ally, past)]
        eng.ctx.ruling(
            "RST-STRIKE-ASSIGN",
            f"Rule option assigned_damage_overflow ally: {to} takes {amount - past} (to "
            f"{eng.damage_limit()}), the {past} past it go to {ally}.",
        )
    elif past > 0:
        eng.ctx.ruling(
            "RST-STRIKE-ASSIGN",
            f"{to} takes all {amount}, {past} past {eng.damage_limit()} (rule option "
            "assigned_damage_overflow stays: nothing passes to the ally).",
        )
    eng.push(
        *(
            ("damage", {"player": p, "amount": n, "source": args["source"], "by": args["by"]})
            for p, n in parts
        )
    )
