"""The ``activate`` decision of a Z/X game: an activated ability of a Z/X on a square (or a
破天降臨 ability from the dynamis), its conditions and its cost (ZX-ACTIVATE); a handler of
:mod:`judge.games.zx.actions`' table."""

from __future__ import annotations

from typing import TYPE_CHECKING

from judge.core.engine import Plan
from judge.core.wording import plural
from judge.games.zx.ex import check_hatenkourin, check_hatenkourin_from, hatenkourin_card, lv_holds
from judge.games.zx.refs import field_zx

if TYPE_CHECKING:
    from judge.games.zx.engine import ZXEngine


def check_activate(eng: ZXEngine, plan: Plan) -> None:
    st = eng.state
    p = plan.action["p"]
    iid = field_zx(eng, p, plan.action["card"])
    from_dynamis = False
    if iid is None:  # a 破天降臨 ability may be used from the dynamis (ZX-HATENKOURIN)
        iid = hatenkourin_card(eng, plan, p)
        from_dynamis = iid is not None
    if iid is None:
        plan.violate("ZX-ACTIVATE", f"{plan.action['card']} is not {p}'s Z/X on a square.")
        plan.cannot_apply("no such Z/X")
        return
    abilities = [(i, e) for i, e in eng.effects_of(iid) if e.get("when") == "activated"]
    k = int(plan.action.get("ability", 1))
    if not 1 <= k <= len(abilities):
        plan.violate(
            "ZX-ACTIVATE", f"{eng.name(iid)} has {len(abilities)} activated abilities, not #{k}."
        )
        plan.cannot_apply("no such ability")
        return
    index, eff = abilities[k - 1]
    if eff.get("extend_drive") and st.players[p].extend_drive_used:
        plan.violate(
            "ZX-EXTEND-DRIVE", f"{p} has used a Z/X Extend Drive! ability this game already."
        )
    check_hatenkourin(eng, plan, p, eff)
    check_hatenkourin_from(eng, plan, iid, eff, from_dynamis)
    if eff.get("alter_break") and not eng.in_break_state(iid):
        plan.violate(
            "ZX-ALTER-BREAK",
            f"{eng.name(iid)}'s Alter Break ability is valid only while it is in Break state "
            "(a face-down force material); it has none.",
        )
    if "zero_optima" in eff and len(eng.ig_marks(p)) < int(eff["zero_optima"]):
        plan.violate(
            "ZX-ZERO-OPTIMA",
            f"Zero Optima {eff['zero_optima']}: {p} has "
            f"{plural(len(eng.ig_marks(p)), 'resource')} with the IG mark.",
        )
    lv = eff.get("lv")
    if lv is not None and not lv_holds(eng, p, lv):
        kind = lv.get("race") or lv.get("type")
        plan.violate(
            "ZX-LV",
            f"[{kind}] Lv {lv['n']}: {p}'s dynamis has fewer than {lv['n']} face-up {kind} cards.",
        )
    if "adjacent_pairs" in eff and eng.adjacent_pairs(p) < int(eff["adjacent_pairs"]):
        plan.violate(
            "ZX-ADJACENT",
            f"{p} has {eng.adjacent_pairs(p)} adjacent pairs, fewer than {eff['adjacent_pairs']}.",
        )
    cost = eff.get("cost") or {}
    sq = st.square_of(iid)
    z = st.squares[sq] if sq is not None else None
    if cost.get("sleep_self") and z is not None and z.sleeping:
        plan.violate(
            "ZX-ACTIVATE", f"{eng.name(iid)} is sleeping: it cannot sleep to pay the cost."
        )
    for marker, n in sorted((cost.get("spend") or {}).items()):
        have = st.players[p].markers.get(marker, 0)
        if have < n and eng.options["marker_spend_short"] == "impossible":
            plan.violate(
                "ZX-MARKER-SPEND",
                f"Spending {n} <{marker}> needs {n}; {p} has {have} (rule option "
                "marker_spend_short impossible).",
            )
    if cost.get("place_force"):
        from judge.games.zx.ex import check_force_cost

        check_force_cost(eng, plan, iid, z, cost["place_force"])
    plan.data.update(card=iid, index=index, effect=eff)


def apply_activate(eng: ZXEngine, plan: Plan) -> None:
    st = eng.state
    p = plan.action["p"]
    iid, eff = plan.data["card"], plan.data["effect"]
    cost = eff.get("cost") or {}
    sq = st.square_of(iid)
    if cost.get("sleep_self") and sq is not None and st.squares[sq] is not None:
        st.squares[sq].sleeping = True  # type: ignore[union-attr]
    for marker, n in sorted((cost.get("spend") or {}).items()):
        st.players[p].markers[marker] = max(0, st.players[p].markers.get(marker, 0) - n)
        eng.ctx.ruling("ZX-MARKER", f"{p} spends {n} <{marker}>.")
    if plan.data.get("force_cost"):
        from judge.games.zx.ex import pay_force_cost

        pay_force_cost(eng, plan, iid)
    if eff.get("hatenkourin"):
        st.players[p].hatenkourin_turn = st.turn
        eng.ctx.ruling("ZX-HATENKOURIN", f"{p} uses its one 破天降臨 ability of this turn.")
    if eff.get("extend_drive"):
        st.players[p].extend_drive_used = True
        eng.ctx.ruling(
            "ZX-EXTEND-DRIVE", f"{p} uses its one Z/X Extend Drive! ability of the game."
        )
    eng.event("activate", f"{p} activates {eng.name(iid)}'s ability.", player=p, card=iid)
    eng.pool.add(p, iid, eff, plan.data["index"], "activated")
    eng.push(("rules", {}))
