"""A member's ability "when this character supports" (【自】【メンバー】:このキャラがサポートした時),
``when`` ``on_support`` (R4U-TEXT-ON-SUPPORT).

Why: the seed says the member rested for an attack supports it and the character it supports
is the attacking player's entry (攻击的基本流程 5), so the ability triggers when its card is the
member rested to declare an attack (a partner attack too: a member is rested for it as well).
It waits with the pending effects and its player resolves it before the defender's guard
decision, as a spark resolves before what follows it (the engine's order of the log).  "The
supported character" is the entry the attack was declared with: a change "during this attack"
(このアタック中) is kept on the attack and applies while that character is still the entry, until
the attack has resolved.

Costs: 「あなたは[エネN]してよい。そうしたら、…」 (you may rest N; if you do, …) is optional as
printed; 「あなたはエネNすることで、…」 and 「あなたはこのキャラをデッキの下に置くことで、…」 ("by doing
so") are read the same way under the rule option ``by_doing`` ``may`` (the default), and under
``must`` the cost must be paid when it can be (R4U-TEXT-BY-DOING, GAP).  Energy is paid as for
an activated effect (``pay`` on the ``resolve``, R4U-COST); this member goes onto the bottom of
its owner's deck (it must still be a member: otherwise the cost cannot be paid).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from judge.games.rebirth.during import inactive
from judge.games.rebirth.state import Mod

if TYPE_CHECKING:
    from judge.core.engine import Plan
    from judge.core.timing import PendingEffect
    from judge.games.rebirth.engine import RebirthEngine

RULE = "R4U-TEXT-ON-SUPPORT"


def fire(eng: RebirthEngine, pid: str, iid: str) -> None:
    """``iid``, a member of ``pid``'s, was rested to declare an attack: its ``on_support``
    abilities go to the pending effects (a skill showcase checked now, as a spark's is)."""
    st = eng.state
    d = st.defs[st.code_of[iid]]  # (st.card written out: at every attack)
    whens = d.by_when
    if whens is None:
        whens = d._sort_whens()
    if "on_support" not in whens:  # none of its effects would pass the walk's first test
        return
    for index, eff in enumerate(d.effects):
        if eff.get("when") != "on_support":
            continue
        why = inactive(eng, pid, eff)
        if why is not None:
            eng.ctx.ruling(why[0], f"{eng.name(iid)}'s ability: {why[1]}; it does not trigger.")
            continue
        eng.ctx.ruling(RULE, f"{eng.name(iid)} supports the attack: its ability triggers.")
        eng.pool.add(pid, iid, eff, index, "on_support")


def _is_member(eng: RebirthEngine, pid: str, iid: str) -> bool:
    return iid in eng.state.players[pid].member_cards()


def check_cost(eng: RebirthEngine, plan: Plan, pe: PendingEffect) -> None:
    """The cost of an ``on_support`` ability being used (or, under ``by_doing`` ``must``,
    declined): payable, and paid as ``pay`` says (R4U-COST)."""
    from judge.games.rebirth.actions import check_pay

    eff = pe.effect
    if eff.get("when") != "on_support" or not eff.get("optional"):
        return
    ps = eng.state.players[pe.controller]
    cost = int(eff.get("cost", 0))
    payable = len(ps.standing_energy(cost)) + len(ps.standing_partners()) >= cost
    if "pay_self" in eff:
        payable = payable and _is_member(eng, pe.controller, pe.source)
    if plan.action.get("use") is False:
        if eff.get("by_doing") and payable and eng.options.get("by_doing", "may") == "must":
            plan.violate(
                "R4U-TEXT-BY-DOING",
                f"{pe.describe()}: its cost can be paid, and under rule option by_doing must "
                "it is paid (use false is not possible).",
            )
        return
    if "pay_self" in eff and not _is_member(eng, pe.controller, pe.source):
        plan.violate(
            RULE,
            f"{eng.name(pe.source)} is no longer a member: it cannot be put "
            "onto the deck's bottom to pay the cost.",
        )
    check_pay(eng, plan, cost)


def pay_cost(eng: RebirthEngine, plan: Plan, pe: PendingEffect) -> None:
    """Pay an ``on_support`` ability's cost when it is used (after :func:`check_cost`)."""
    from judge.games.rebirth.actions import do_pay

    eff = pe.effect
    if eff.get("when") != "on_support" or plan.action.get("use") is False:
        return
    do_pay(eng, plan, int(eff.get("cost", 0)))
    if eff.get("pay_self") == "deck_bottom":
        ps = eng.state.players[pe.controller]
        idx = next(i for i, s in enumerate(ps.members) if s is not None and s.card == pe.source)
        ps.members[idx] = None
        ps.deck.append(pe.source)
        eng.event(
            "to_deck_bottom",
            f"{eng.name(pe.source)} goes from member square {idx + 1} onto the bottom of "
            f"{pe.controller}'s deck (the cost of its ability).",
            player=pe.controller,
            card=pe.source,
        )


def attack_mod(eng: RebirthEngine, pid: str, op: dict[str, Any], what: str) -> None:
    """A ``mod`` ``until`` ``attack``: the supported character gets it during this attack."""
    a = eng.state.attack
    entry = eng.state.players[pid].entry
    if a is None or a.player != pid or a.entry is None or a.entry != entry:
        eng.event(
            "effect_fizzled",
            f"{what}: the character it supported is not attacking now; nothing changes.",
            player=pid,
        )
        return
    a.mods.append(Mod(op.get("atk", 0), op.get("def", 0)))
    eng.event(
        "mod",
        f"{what}: {eng.name(entry)} gets ATK {op.get('atk', 0):+d} / DEF {op.get('def', 0):+d} "
        "during this attack.",
        player=pid,
        card=entry,
    )


def next_attack_mod(
    eng: RebirthEngine, pid: str, source: str, op: dict[str, Any], what: str
) -> None:
    """A ``mod`` ``until`` ``next_attack``: this character (still the entry) gets it during the
    next attack it makes this turn (R4U-TEXT-NEXT-ATTACK)."""
    st = eng.state
    if st.players[pid].entry != source:
        eng.event(
            "effect_fizzled",
            f"{what}: {eng.name(source)} is no longer {pid}'s entry; nothing changes.",
            player=pid,
            card=source,
        )
        return
    st.next_attack.setdefault(source, []).append(Mod(op.get("atk", 0), op.get("def", 0)))
    eng.event(
        "mod",
        f"{what}: {eng.name(source)} will get ATK {op.get('atk', 0):+d} / DEF "
        f"{op.get('def', 0):+d} during its next attack this turn.",
        player=pid,
        card=source,
    )


def attack_mods(eng: RebirthEngine, pid: str) -> tuple[int, int]:
    """The changes "during this attack" of ``pid``'s entry now (0, 0 when none)."""
    a = eng.state.attack
    ps = eng.state.players[pid]
    if a is None or a.player != pid or a.entry is None or a.entry != ps.entry:
        return 0, 0
    return sum(m.atk for m in a.mods), sum(m.defence for m in a.mods)
