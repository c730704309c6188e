"""The decisions the Z/X rules wait for in the middle of a procedure: which life card a
damage or reload takes (ZX-LIFE-PICK), whether a revealed IG card is played (ZX-IGNITION,
ZX-LIFE-CHANGE), which charge cards over the limit go (ZX-CHARGE-LIMIT)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from judge.core.engine import Plan
from judge.core.wording import plural
from judge.games.zx.observed import forced_reveal, name_unseen, reveal_at
from judge.games.zx.refs import find

if TYPE_CHECKING:
    from judge.games.zx.engine import ZXEngine


def life_pick(eng: ZXEngine, player: str, why: str) -> None:
    """ZX-LIFE-PICK: for a point of player damage (or a reload) the opponent picks one of
    ``player``'s life cards (``wait_pick_life``); with one life card left there is no choice:
    the engine takes it, and the opponent may still record the pick as its one way, with the
    observed-mode ``reveal`` of the card (ZX-FORCED-DECISION, ZX-LOG-REVEAL)."""
    ps = eng.state.players[player]
    if not ps.life:
        return
    opponent = eng.state.opponent(player)
    if len(ps.life) == 1:
        eng.ctx.ruling("ZX-LIFE-PICK", f"{player} has one life card: it is the one taken.")
        why_one = f"{player} has one life card"
        extras = forced_reveal(player, ps.life[0])
        eng.take_forced([opponent], "pick_life", {"position": 1}, "ZX-LIFE-PICK", why_one, **extras)
        eng.push(("life_out", {"player": player, "index": 0, "why": why}))
        return
    eng.push(("wait_pick_life", {"player": opponent, "damaged": player, "why": why}))


def check_pick_life(eng: ZXEngine, plan: Plan) -> None:
    args = eng.state.agenda[0][1]
    n = len(eng.state.players[args["damaged"]].life)
    pos = plan.action["position"]
    if not 1 <= pos <= n:
        plan.violate(
            "ZX-LIFE-PICK", f"{args['damaged']} has {n} life cards: position {pos} does not exist."
        )
        plan.cannot_apply("no such life card")
        return
    code = plan.action.get("reveal")
    if code is None:
        return
    card = eng.state.players[args["damaged"]].life[pos - 1]
    if card is None:
        what = f"{args['damaged']}'s life card {pos}"
        plan.data["reveal"] = name_unseen(eng, plan, args["damaged"], code, what)
    elif eng.state.code_of[card] != code:
        plan.violate(
            "ZX-LOG-REVEAL",
            f"{args['damaged']}'s life card {pos} is known to be {eng.name(card)}, not {code}.",
        )


def apply_pick_life(eng: ZXEngine, plan: Plan) -> None:
    _, args = eng.state.agenda.pop(0)
    if plan.data.get("reveal") is not None:
        reveal_at(eng, args["damaged"], "life", plan.action["position"] - 1, plan.data["reveal"])
    eng.ctx.ruling(
        "ZX-LIFE-PICK",
        f"{plan.action['p']} picks {args['damaged']}'s life card {plan.action['position']}.",
    )
    index = plan.action["position"] - 1
    if eng.pool.items:
        eng.push(("life_out", {"player": args["damaged"], "index": index, "why": args["why"]}))
    else:  # the step now, not pushed: the runner would run it next, first (ZXEngine.op_rules)
        eng.op_life_out(args["damaged"], index, args["why"])


def check_play_revealed(eng: ZXEngine, plan: Plan) -> None:
    st = eng.state
    args = st.agenda[0][1]
    iid = args["card"]
    rule = "ZX-IGNITION" if args["source"] == "ignition" else "ZX-LIFE-CHANGE"
    to = plan.action.get("to")
    if not plan.action.get("use"):
        if to is not None:
            plan.violate(rule, "A card that is not played goes to no square: leave `to` out.")
        return
    if st.card(iid).is_zx:
        if to is None:
            plan.violate(rule, f"{eng.name(iid)} is played to a square: `to` is missing.")
            plan.cannot_apply("no square given")
            return
        why = eng.square_problem(plan.action["p"], to)
        if why is not None:
            plan.violate(
                "ZX-PLAY-SQUARE", f"{eng.name(iid)} cannot be played to square {to}: {why}."
            )
            plan.cannot_apply(why)
    elif to is not None:
        plan.violate(rule, "An event is not played to a square: leave `to` out.")


def apply_play_revealed(eng: ZXEngine, plan: Plan) -> None:
    st = eng.state
    _, args = st.agenda.pop(0)
    p, iid, source = args["player"], args["card"], args["source"]
    d = st.card(iid)
    if not plan.action.get("use"):
        if source == "ignition":
            eng.deck_to_trash(p, iid, "ignition, not played")
        else:
            st.players[p].charge.append(iid)
            eng.event(
                "to_charge", f"{eng.name(iid)} goes to {p}'s charge zone.", player=p, card=iid
            )
        return
    how = "by ignition, for free" if source == "ignition" else "from the life zone, for free"
    if source == "ignition":
        eng.ctx.ruling("ZX-IGNITION", f"{eng.name(iid)} has the IG icon: {p} plays it {how}.")
    else:
        eng.ctx.ruling(
            "ZX-LIFE-CHANGE",
            f"{eng.name(iid)} has the IG icon: {p} plays it {how} (rule option life_ig_play).",
        )
    if d.is_zx:
        eng.appear(p, iid, plan.action["to"], how)
        if source == "life":
            for kw in ("life_recovery", "void_bringer"):
                if d.has(kw):
                    eng.pool_special(p, iid, kw)
    else:
        from judge.games.zx.actions import play_event

        play_event(eng, p, iid)


def check_trash_charge(eng: ZXEngine, plan: Plan) -> None:
    st = eng.state
    args = st.agenda[0][1]
    p = args["player"]
    chosen: list[str] = []
    for ref in plan.action["cards"]:
        iid = find(eng, ref, [c for c in st.players[p].charge if c not in chosen])
        if iid is None:
            plan.violate("ZX-CHARGE-LIMIT", f"{ref} is not in {p}'s charge zone.")
            plan.cannot_apply("the card is not in the charge zone")
            return
        chosen.append(iid)
    if len(chosen) != args["n"]:
        plan.violate(
            "ZX-CHARGE-LIMIT",
            f"{p} puts exactly {plural(args['n'], 'charge card')} into the trash, not "
            f"{len(chosen)}.",
        )
        plan.cannot_apply("wrong number of cards")
    plan.data["cards"] = chosen


def apply_trash_charge(eng: ZXEngine, plan: Plan) -> None:
    st = eng.state
    _, args = st.agenda.pop(0)
    p = args["player"]
    for iid in plan.data["cards"]:
        st.players[p].charge.remove(iid)
        st.players[p].trash.append(iid)
    eng.event(
        "charge_excess",
        f"{p} puts {', '.join(plan.data['cards'])} from the charge zone into the trash.",
        player=p,
    )
    eng.push(("rules", {}))


def fill_forced_trash_charge(eng: ZXEngine) -> bool:
    """ZX-FORCED-DECISION: a skipped ``trash_charge`` whose charge zone holds copies of one
    card only (ZX-CHARGE-LIMIT: the player chooses the excess) has one way, that many of that
    code, and is filled in as it, verifiable.  False: it is a choice (or a card is unknown)."""
    st = eng.state
    args = st.agenda[0][1]
    p = args["player"]
    charge = st.players[p].charge
    codes = {st.code_of[c] for c in charge if c is not None}
    if len(codes) != 1 or None in charge:
        return False
    (code,) = codes
    plan = Plan({"p": p, "do": "trash_charge", "cards": [code] * args["n"]}, "trash_charge")
    check_trash_charge(eng, plan)
    if plan.violations:
        return False
    eng.ctx.ruling(
        "ZX-FORCED-DECISION",
        f"The log records no trash_charge by {p}; every card of its charge zone is a copy of "
        f"{code} ({st.defs[code].name}): filled in as its one way, {args['n']} of {code}.",
    )
    apply_trash_charge(eng, plan)
    return True
