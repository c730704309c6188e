"""Union Arena action handlers of damage: picking life cards and using their triggers.

Dispatched from :mod:`judge.games.union_arena.actions`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from judge.core.engine import Plan
from judge.core.wording import agree, noun_for, plural
from judge.games.union_arena import effects
from judge.games.union_arena.main_phase import check_full_line_removal, make_room
from judge.games.union_arena.refs import is_instance, ref_text
from judge.games.union_arena.resolve import check_trigger, run_trigger

if TYPE_CHECKING:
    from judge.games.union_arena.engine import UnionArenaEngine


# -- damage ------------------------------------------------------------------------------------------


def check_pick_life(eng: UnionArenaEngine, plan: Plan) -> None:
    st = eng.state
    d = st.damage
    assert d is not None
    ps = st.players[d.player]
    picks = plan.action["cards"]
    if len(set(picks)) != len(picks):
        plan.violate("UA-DMG-PICK", "A life card is picked twice.")
    bad = [n for n in picks if n > len(ps.life)]
    if bad:
        plan.violate(
            "UA-DMG-PICK",
            f"{d.player} has {plural(len(ps.life), 'life card')}; {noun_for(len(bad), 'position')} "
            f"{', '.join(map(str, bad))} {agree(len(bad), 'does', 'do')} not exist.",
        )
    if len(picks) != d.amount:
        plan.violate(
            "UA-DMG-PICK",
            f"The damage is {d.amount}: {d.by} picks {d.amount} life card"
            f"{'s' if d.amount != 1 else ''}; the log picks {len(picks)}.",
        )
    reveal = plan.action.get("reveal")
    if reveal is not None and len(reveal) != len(picks):
        plan.violate(
            "UA-REVEAL", f"The log reveals {len(reveal)} codes for {len(picks)} picked cards."
        )
    if plan.violations:
        return
    binds: list[tuple[int, str | None]] = []
    unseen_left = {c: list(v) for c, v in ps.unseen.items()}
    for k, pos in enumerate(picks):
        slot = ps.life[pos - 1]
        code = reveal[k] if reveal is not None else None
        if slot is not None:
            if code is not None and st.code_of[slot] != code:
                plan.violate(
                    "UA-REVEAL",
                    f"Life position {pos} holds {eng.name(slot)}; the log reveals {code}.",
                )
            binds.append((pos, slot))
        elif code is None:
            binds.append((pos, None))
        else:
            pool = unseen_left.get(code, [])
            if not pool:
                plan.violate(
                    "UA-REVEAL",
                    f"No copy of {code} can be in {d.player}'s life: every copy is known "
                    "to be elsewhere.",
                )
                continue
            binds.append((pos, pool.pop(0)))
    plan.data["binds"] = binds


def apply_pick_life(eng: UnionArenaEngine, plan: Plan) -> None:
    st = eng.state
    st.agenda.pop(0)
    d = st.damage
    assert d is not None
    ps = st.players[d.player]
    binds = plan.data.get("binds") or [
        (n, ps.life[n - 1] if n <= len(ps.life) else None)
        for n in plan.action["cards"]
        if n <= len(ps.life)
    ]
    cards: list[str | None] = []
    for pos, iid in binds:
        if iid is not None and ps.life[pos - 1] is None:
            from judge.games.union_arena.refs import bind

            bind(st, d.player, iid)
            ps.life[pos - 1] = iid
        cards.append(ps.life[pos - 1])
    for pos in sorted((p for p, _ in binds), reverse=True):
        ps.life.pop(pos - 1)
    d.turned = cards
    names = ", ".join(eng.name(c) for c in cards)
    eng.event(
        "life_turned",
        f"{d.by} picks {d.player}'s {noun_for(len(binds), 'life card')} at "
        f"{noun_for(len(binds), 'position')} "
        f"{', '.join(str(p) for p, _ in binds)}; turned face up: {names}.",
        player=d.player,
        cards=cards,
        positions=[p for p, _ in binds],
    )
    eng.ctx.ruling(
        "UA-DMG-PICK", f"{d.by}, the attacking player, picks which life cards take the damage."
    )
    if any(c is None for c in cards):
        eng.ctx.cannot_verify(
            "Observed mode: the log does not reveal the turned life cards, so their "
            "triggers cannot be checked."
        )
    for c in cards:
        if c is not None and st.card(c).trigger:
            d.triggers.append(c)
        else:
            ps.outside.append(c)
    if d.triggers:
        eng.ctx.ruling(
            "UA-DMG-TRIGGERS",
            f"{d.player} may use the triggers of "
            f"{', '.join(d.triggers)} in any order; each card then goes to the outside area.",
        )


def check_trigger_action(eng: UnionArenaEngine, plan: Plan) -> None:
    st = eng.state
    d = st.damage
    assert d is not None
    ref = plan.action["card"]
    code = (
        st.code_of.get(ref)
        if is_instance(st, ref)
        else (ref["code"] if isinstance(ref, dict) else ref)
    )
    match = [c for c in d.triggers if c == ref or st.code_of[c] == code]
    if not match:
        plan.violate(
            "UA-DMG-TRIGGERS",
            f"{ref} is not one of the turned life cards waiting with a trigger "
            f"({', '.join(d.triggers)}).",
        )
        plan.cannot_apply(f"{ref_text(ref)} is not a turned life card waiting with a trigger")
        return
    iid = match[0]
    plan.data["card"] = iid
    if plan.action["use"]:
        chosen, problems = check_trigger(eng, d.player, iid, list(plan.action.get("targets", [])))
        for rule, msg in problems:
            plan.violate(rule, msg)
        plan.data["chosen"] = chosen
    else:
        # not used, the trigger chooses nothing: a record naming what it would choose is a
        # choice that cannot happen, never dropped quietly (UA-CHOICE-RECORDED)
        # (a `remove` is UA-LINE-LIMIT's: no card enters, so none makes room)
        if plan.action.get("targets"):
            rule = effects.TRIGGER_RULES.get(st.card(iid).trigger or "", "UA-DMG-TRIGGERS")
            plan.violate(
                rule,
                f"The trigger of {iid} is not used (`use: false`): a trigger not used chooses "
                "nothing, but the log names `targets`.",
            )
    c = st.card(iid)
    plays = (
        bool(plan.action["use"])
        and c.trigger == "color"
        and c.color in ("green", "purple")
        and bool(plan.data.get("chosen") and plan.data["chosen"][0])
    )
    removes, skipped = check_full_line_removal(eng, plan, d.player, plays)
    plan.data.update(removes=removes, skipped_removal=skipped)


def apply_trigger(eng: UnionArenaEngine, plan: Plan) -> None:
    st = eng.state
    st.agenda.pop(0)
    d = st.damage
    assert d is not None
    iid = plan.data["card"]
    d.triggers.remove(iid)
    ps = st.players[d.player]
    dest = "outside"
    if plan.action["use"]:
        eng.event(
            "trigger",
            f"{d.player} uses the {st.card(iid).trigger.upper()} trigger of {eng.name(iid)}.",
            player=d.player,
            card=iid,
            use=True,
        )
        dest = run_trigger(
            eng,
            d.player,
            iid,
            plan.data.get("chosen") or [],
            lambda what: make_room(
                eng, d.player, plan.data["removes"], plan.data["skipped_removal"], what
            ),
        )
    else:
        eng.event(
            "trigger",
            f"{d.player} does not use the trigger of {eng.name(iid)}.",
            player=d.player,
            card=iid,
            use=False,
        )
    if dest == "hand":
        ps.hand.append(iid)
    elif dest == "outside":
        ps.outside.append(iid)
