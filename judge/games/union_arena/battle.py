"""Union Arena action handlers of the attack phase: declaring an attack and blocking.

Dispatched from :mod:`judge.games.union_arena.actions`; the damage the attack deals is
:mod:`judge.games.union_arena.damage`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from judge.core.engine import Plan
from judge.games.union_arena import facedown, this_turn
from judge.games.union_arena.defmemo import triggers
from judge.games.union_arena.playcard import made_active
from judge.games.union_arena.refs import find_unit, ref_text
from judge.games.union_arena.state import Battle

if TYPE_CHECKING:
    from judge.games.union_arena.engine import UnionArenaEngine


# -- attack phase ----------------------------------------------------------------------------------


def check_attack(eng: UnionArenaEngine, plan: Plan) -> None:
    st = eng.state
    pid = plan.action["p"]
    if eng.options.get("first_turn_no_attack") and st.turn == 1:
        plan.violate(
            "UA-ATK-FIRST-TURN",
            "With the rule option first_turn_no_attack, the first player cannot attack on turn 1.",
        )
    found = find_unit(st, plan.action["card"], f"actions[{eng.ctx.index}].card", owner=pid)
    if found is None or found[1] != "front_line":
        plan.violate(
            "UA-ATK-ATTACKER",
            f"{plan.action['card']} is not in {pid}'s front line: only front-line "
            "characters attack.",
        )
        plan.cannot_apply(f"{ref_text(plan.action['card'])} is not in {pid}'s front line")
        return
    unit = found[2]
    top = unit.cards[-1]  # (unit.top and st.card written out)
    if st.defs[st.code_of[top]].type != "character":
        plan.violate("UA-ATK-ATTACKER", f"{eng.name(top)} is not a character.")
    if unit.rested:
        why = " (it entered the field rested this turn)" if unit.entered_turn == st.turn else ""
        plan.violate(
            "UA-ATK-ATTACKER",
            f"{eng.name(top)} is rested{why}: only an active character attacks.",
        )
    target = plan.action["target"]
    tunit = None
    if target != "player":
        opp = st.other(pid)
        tfound = find_unit(st, target, f"actions[{eng.ctx.index}].target", owner=opp)
        if not st.has(unit, "snipe"):
            plan.violate(
                "UA-ATK-TARGET",
                f"Only {opp} can be the attack target; {eng.name(unit.top)} has no Snipe.",
            )
        elif tfound is None or tfound[1] != "front_line":
            plan.violate("UA-KW-SNIPE", f"{target} is not a character in {opp}'s front line.")
        if tfound is None or tfound[1] != "front_line":
            plan.cannot_apply(f"{ref_text(target)} is not in {opp}'s front line")
        else:
            tunit = tfound[2]  # as played, also when the attacker has no Snipe
    plan.data.update(unit=unit, target=tunit)


def apply_attack(eng: UnionArenaEngine, plan: Plan) -> None:
    st = eng.state
    pid = plan.action["p"]
    unit = plan.data["unit"]
    this_turn.rest(st, unit)
    unit.attacks += 1
    opp = st.other(pid)
    tunit = plan.data["target"]
    sniped = tunit is not None and st.has(unit, "snipe")
    st.battle = Battle(
        attacker=unit, attacker_player=pid, defender_player=opp, target=tunit, sniped=sniped
    )
    top = unit.cards[-1]  # (unit.top, read once)
    what = f"{eng.name(tunit.top)}" if tunit else opp
    # (Engine.event written out, as the form it makes, and the name memo read first)
    eng.ctx.events.append(
        {
            "player": pid,
            "card": top,
            "target": tunit.top if tunit else "player",
            "type": "attack",
            "text": f"{pid} attacks {what} with {eng._names.get(top) or eng.name(top)} (rested).",
        }
    )
    if (
        unit.attacks == 1
        and st.has(unit, "double attack")
        and not facedown.stays_rested(eng, unit, "Double Attack")
    ):
        made_active(eng, unit)
        unit.rested = False
        eng.event(
            "activate", f"{eng.name(unit.top)} becomes active (Double Attack).", card=unit.top
        )
        eng.ctx.ruling(
            "UA-KW-DOUBLE-ATTACK",
            f"{eng.name(unit.top)} has Double Attack and attacks for the first time this "
            "turn: it is switched to active now.",
        )
    if sniped:
        eng.ctx.ruling(
            "UA-KW-SNIPE",
            f"{eng.name(unit.top)} has Snipe: it attacks {eng.name(tunit.top)}, which stays "
            f"{'rested' if tunit.rested else 'active'}; {opp} cannot block this attack.",
        )
    whens = triggers(st, unit)  # (fire returns at once for a trigger not in them: most units)
    if whens is None or "on_attack" in whens:
        eng.fire(unit, "on_attack", pid)
    eng.push(
        ("wait_block", {"player": opp}), ("after_block", {}), ("battle", {}), ("battle_end", {})
    )


def blockers(eng: UnionArenaEngine, pid: str) -> list[Any]:
    """The characters of ``pid`` that may block the attack in progress: active characters of
    the front line (UA-BLOCK), none against a Snipe attack on a character (UA-KW-SNIPE), and
    none whose BP the attacker's "cannot be blocked by characters with BP N or less/more"
    rules out (UA-EFFECT-UNBLOCKABLE-BP)."""
    st = eng.state
    b = st.battle
    if b is not None and b.sniped:
        return []
    able = [
        u for u in st.players[pid].front_line if not u.rested and st.card(u.top).type == "character"
    ]
    if b is None:
        return able
    kw = st.keywords(b.attacker)
    if not kw.unblockable:
        return able
    eng.ctx.read("bp")  # who may block rests on BP
    return [u for u in able if kw.blocks_forbidden(st.bp(u)) is None]


def _unblockable_text(side: str, n: int) -> str:
    return f"cannot be blocked by characters with BP {n} or {side}"


def check_block(eng: UnionArenaEngine, plan: Plan) -> None:
    st = eng.state
    pid = plan.action["p"]
    ref = plan.action["card"]
    b = st.battle
    if ref is None:
        plan.data["unit"] = None
        if b is not None and st.has(b.attacker, "must be blocked"):
            able = blockers(eng, pid)
            if able:
                names = ", ".join(eng.name(u.top) for u in able)
                plan.violate(
                    "UA-EFFECT-MUST-BLOCK",
                    f"{eng.name(b.attacker.top)} must be blocked if able, and {pid} can block "
                    f"it (with {names}): not blocking is not allowed.",
                )
        return
    if b is not None and b.sniped and b.target is not None:
        plan.violate(
            "UA-KW-SNIPE",
            f"{eng.name(b.attacker.top)} attacks {eng.name(b.target.top)} with Snipe: "
            f"{pid} cannot block this attack (the log's block decision must be null).",
        )
    found = find_unit(st, ref, f"actions[{eng.ctx.index}].card", owner=pid)
    if found is None or found[1] != "front_line":
        plan.violate(
            "UA-BLOCK", f"{ref} is not in {pid}'s front line: only front-line characters block."
        )
        plan.cannot_apply(f"{ref_text(ref)} is not in {pid}'s front line")
        return
    unit = found[2]
    if unit.rested:
        plan.violate(
            "UA-BLOCK", f"{eng.name(unit.top)} is rested: only an active character blocks."
        )
    if b is not None and not b.sniped:
        kw = st.keywords(b.attacker)
        if kw.unblockable:
            eng.ctx.read("bp")  # the verdict compares BP
            bp = st.bp(unit)
            why = kw.blocks_forbidden(bp)
            if why is not None:
                plan.violate(
                    "UA-EFFECT-UNBLOCKABLE-BP",
                    f"{eng.name(b.attacker.top)} {_unblockable_text(*why)}; "
                    f"{eng.name(unit.top)} has BP {bp}, so it cannot block it.",
                )
    plan.data["unit"] = unit


def apply_block(eng: UnionArenaEngine, plan: Plan) -> None:
    st = eng.state
    st.agenda.pop(0)
    b = st.battle
    unit = plan.data["unit"]  # None: no block
    if b is None:
        return
    if unit is None:
        b.blocked = False
        eng.event(
            "block", f"{plan.action['p']} does not block.", player=plan.action["p"], card=None
        )
        return
    this_turn.rest(eng.state, unit)
    unit.blocks += 1
    b.blocker, b.target, b.blocked = unit, unit, True
    top = unit.cards[-1]  # (unit.top, read once)
    pid = plan.action["p"]  # (Engine.event written out, as the form it makes)
    eng.ctx.events.append(
        {
            "player": pid,
            "card": top,
            "type": "block",
            "text": f"{pid} blocks with {eng._names.get(top) or eng.name(top)} (rested); it "
            "becomes the attack target.",
        }
    )
    if (
        unit.blocks == 1
        and st.has(unit, "double block")
        and not facedown.stays_rested(eng, unit, "Double Block")
    ):
        made_active(eng, unit)
        unit.rested = False
        eng.event("activate", f"{eng.name(unit.top)} becomes active (Double Block).", card=unit.top)
        eng.ctx.ruling(
            "UA-KW-DOUBLE-BLOCK",
            f"{eng.name(unit.top)} has Double Block and blocks for the first time this "
            "turn: it is switched to active now.",
        )
