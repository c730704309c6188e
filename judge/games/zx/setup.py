"""The Z/X setup's decisions: who goes first, the cards taken out of the deck (start card,
start resource, gate card; a Z/X OB lower half or a PL EX behind the player card), the
mulligan (ZX-SETUP)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from judge.core.engine import Plan
from judge.core.wording import plural
from judge.games.zx.crisis import apply_setup_ex, check_setup_ex
from judge.games.zx.refs import find
from judge.games.zx.state import Resource

if TYPE_CHECKING:
    from judge.games.zx.engine import ZXEngine


def check_first_player(eng: ZXEngine, plan: Plan) -> None:
    if plan.action["first"] not in eng.state.players:
        plan.violate("ZX-SETUP", f"{plan.action['first']} is not a player of this game.")
        plan.cannot_apply("no such player")


def apply_first_player(eng: ZXEngine, plan: Plan) -> None:
    st = eng.state
    st.agenda.pop(0)
    first = plan.action["first"]
    st.first = first
    eng.event(
        "first_player",
        f"{plan.action['p']} won rock-paper-scissors: {first} goes first.",
        first=first,
    )
    eng.push(
        ("wait_setup", {"player": first}),
        ("wait_setup", {"player": st.opponent(first)}),
        ("deal", {}),
    )


SETUP_KEYWORDS = {
    "start_card": "ZX-START-CARD",
    "start_resource": "ZX-START-RESOURCE",
    "gate_card": "ZX-GATE-CARD",
}


def check_setup(eng: ZXEngine, plan: Plan) -> None:
    st = eng.state
    p = plan.action["p"]
    deck = list(st.players[p].deck)
    chosen: dict[str, str] = {}
    for field, rule in SETUP_KEYWORDS.items():
        ref = plan.action.get(field)
        if ref is None:
            continue
        taken = list(chosen.values())
        iid = find(eng, ref, [c for c in deck if c not in taken] if taken else deck)
        if iid is None:
            plan.violate(rule, f"{ref} is not in {p}'s deck.")
            plan.cannot_apply(f"{ref} is not in {p}'s deck")
            continue
        if not st.card(iid).has(field):
            plan.violate(rule, f"{eng.name(iid)} does not have 【常】{field.replace('_', ' ')}.")
        chosen[field] = iid
    plan.data["chosen"] = chosen
    ob = plan.action.get("overboost")
    if ob is not None:
        code = ob if isinstance(ob, str) else None
        d = st.defs.get(code) if code else None
        if d is None or d.type != "player" or not d.raw.get("overboost"):
            plan.violate(
                "ZX-OB-SETUP",
                f"{ob} is not a player card with a Z/X OB lower half (type player, overboost).",
            )
        else:
            plan.data["overboost"] = code
    check_setup_ex(eng, plan)


def apply_setup(eng: ZXEngine, plan: Plan) -> None:
    st = eng.state
    p = plan.action["p"]
    ps = st.players[p]
    st.agenda.pop(0)
    for field, iid in plan.data["chosen"].items():
        ps.deck.remove(iid)
        if field == "start_card":
            ps.start_card = iid
            eng.ctx.ruling(
                "ZX-START-CARD",
                f"{p} puts {eng.name(iid)} face down on its player square as its start card.",
            )
        elif field == "start_resource":
            ps.resources.append(Resource(iid, st.next_serial()))
            eng.ctx.ruling(
                "ZX-START-RESOURCE",
                f"{p} puts {eng.name(iid)} into its resources as its start resource.",
            )
        else:
            ps.dynamis.append([iid, True])
            eng.ctx.ruling(
                "ZX-GATE-CARD",
                f"{p} puts {eng.name(iid)} face up into its dynamis as its gate card.",
            )
    apply_setup_ex(eng, plan)
    code = plan.data.get("overboost")
    if code is not None:
        iid = f"{p}-P1"
        eng.dealt(iid, code, p)
        ps.player_card = iid
        eng.ctx.ruling(
            "ZX-OB-SETUP",
            f"{p} prepares {eng.name(iid)}: its Z/X OB lower half lies face down on {p}'s "
            "player square.",
        )
    eng.event(
        "setup_choice",
        f"{p} takes out {plural(len(plan.data['chosen']), 'card')} for setup.",
        player=p,
    )


def check_mulligan(eng: ZXEngine, plan: Plan) -> None:
    pass


def apply_mulligan(eng: ZXEngine, plan: Plan) -> None:
    st = eng.state
    p = plan.action["p"]
    ps = st.players[p]
    st.agenda.pop(0)
    if plan.action.get("redraw"):
        ps.deck.extend(ps.hand)
        ps.hand.clear()
        eng.shuffle(p)
        for _ in range(4):
            eng.draw_one(p, " (mulligan)")
        eng.ctx.ruling(
            "ZX-SETUP", f"{p} redraws: the 4 cards go back, the deck is shuffled, 4 are drawn."
        )
    else:
        eng.event("mulligan", f"{p} keeps its hand.", player=p)
