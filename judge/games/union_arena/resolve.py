"""Resolving effects: running an effect with the targets the log recorded, and trigger icons.

Which targets an effect's text allows is :mod:`judge.games.union_arena.targets`'s (the
selectors); a mismatch is ``UA-EFFECT-TARGETS`` (or the trigger's own rule).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from judge.core.timing import PendingEffect
from judge.games.union_arena import (
    apcost,
    attack_end,
    bp_per,
    conditions,
    counts,
    decktop,
    effects,
    entered,
    facedown,
    look,
    mill,
    modes,
    moveline,
    once_name,
    playcard,
    raid_only,
    rested_by,
    self_state,
    swap,
    this_turn,
    trigger_where,
    zone_moves,
)
from judge.games.union_arena.refs import Take, do_take, find_in_zone
from judge.games.union_arena.state import Modifier, Unit
from judge.games.union_arena.targets import (
    APCard,
    chosen_ids,
    chosen_meet,
    every_unit,
    match_one,
    match_targets,
    op_selector,
)

if TYPE_CHECKING:
    from judge.games.union_arena.engine import UnionArenaEngine

Problem = tuple[str, str]


def run_effect(
    eng: UnionArenaEngine, pe: PendingEffect, targets: list[Any], use: bool | None
) -> None:
    """Resolve ``pe``.  Each op takes its targets from ``targets`` when it executes, so a
    discard after a draw can name the drawn card.  ``use`` False skips an optional effect."""
    st = eng.state
    ctx = eng.ctx
    if pe.trigger == attack_end.TRIGGER:  # a given ability (UA-EFFECT-ATTACK-END-RETIRE)
        attack_end.resolve(eng, pe)
        return
    if not eng.supports(pe.effect):
        text = pe.effect.get("text") or "(no text given)"
        # a stand-in for printed text the reader could not read in full (reader.py) says which
        unread = pe.effect.get("unread")
        why = (
            " (its printed text is not read in full: " + "; ".join(f'"{s}"' for s in unread) + ")"
            if unread
            else ""
        )
        ctx.cannot_verify(
            f"{eng.name(pe.source)}: the engine cannot execute this card text (UA-EFFECT-UNSUPPORTED): "
            f'"{text}"{why}; its result is not checked.'
        )
        ctx.ruling(
            "UA-EFFECT-UNSUPPORTED",
            f'{pe.describe()} was not executed: "{text}". What it did is not checked; the log '
            "may record it in an `outcome` right after this step (UA-OUTCOME).",
        )
        eng.taint_effect(pe, "UA-EFFECT-UNSUPPORTED", effects.scope(pe.effect))
        return
    if not trigger_where.holds(eng, pe):  # "[登場時][フロントLにある場合]": not in that line
        return
    unit_now: Unit | None = pe.context.get("unit")
    once = pe.effect.get("once_per_turn") and pe.effect.get("when") != "activate_main"
    if once and unit_now is not None and pe.index in unit_now.used:
        ctx.ruling(
            "UA-TRIGGER-ONCE",
            f"{pe.describe()} is once per turn and {eng.name(pe.source)} already used it "
            "this turn: it does nothing.",
        )
        return
    if not once_name.before_resolving(eng, pe, use):  # "〈X〉のこの効果は1ターンに1回…"
        return
    if pe.effect.get("optional") and use is False:
        eng.event(
            "effect_declined", f"{pe.controller} does not use {pe.describe()}.", source=pe.source
        )
        if once and unit_now is not None:
            # UA-TRIGGER-ONCE-DECLINED (GAP): whether a declined one counts as used
            used = eng.options.get("once_per_turn_declined", "not_used") == "used"
            if used:
                unit_now.used.add(pe.index)
            ctx.ruling(
                "UA-TRIGGER-ONCE-DECLINED",
                f"{pe.describe()} is once per turn and was declined: it "
                + ("counts as used" if used else "does not count as used")
                + " this turn (rule option once_per_turn_declined).",
            )
        return
    if once and unit_now is not None:
        unit_now.used.add(pe.index)
    if effects.optional_discard(pe.effect):
        ctx.ruling(
            "UA-EFFECT-MAY-DISCARD",
            f"{pe.controller} uses {pe.describe()}: the hand cards are put into the outside "
            "area first, and what follows happens only if they were.",
        )
    eng.event("effect", f"{pe.describe()} resolves.", source=pe.source, trigger=pe.trigger)
    ap = effects.optional_ap(pe.effect)
    if ap:  # "APを1支払ってもよい。そうした場合、…": used, so paid (checked before)
        paid = eng.pay_ap(pe.controller, ap)
        this_turn.record_ap(st, pe.controller, pe.source, paid)  # "…キャラの効果でAPを支払っている"
        ctx.ruling("UA-EFFECT-COST", f"{pe.controller} pays {paid} AP for {pe.describe()}.")
        if paid < ap:
            return
    unit: Unit | None = pe.context.get("unit")
    pos = 0
    took: list[str] = []  # the cards the last look took (for "手札に加えた場合": if_taken)
    chosen = -1  # cards the last op with a selector chose (for "戻せない場合": if_none_before)
    picked: list[str] = []  # and which ("選んだキャラが…の場合", "公開したカードが…の場合")
    ops = list(pe.effect["do"])  # a choice among listed effects puts the chosen ones here
    at = 0
    while at < len(ops):
        op = ops[at]
        at += 1
        kind = op["op"]
        if op.get("if_none_before") and chosen != 0:
            continue
        if op.get("if_done") and chosen <= 0:  # "そうした場合": the choice before chose none
            continue
        if "if_chosen" in op:
            met = chosen_meet(eng, op["if_chosen"], picked)
            ctx.ruling(
                "UA-EFFECT-IF",
                f"{pe.describe()}: the card chosen {'meets' if met else 'does not meet'} the "
                f"condition: its {kind} {'happens' if met else 'does not happen'}.",
            )
            if not met:
                continue
        if "if" in op:
            met = conditions.holds(eng, pe.controller, op["if"], source=pe.source)
            ctx.ruling(
                self_state.RULE if op["if"].get("zone") == self_state.ZONE else "UA-EFFECT-IF",
                f"{pe.describe()}: {conditions.describe(op['if'])}"
                f"{'' if met else ' is not so'}: its {kind} "
                f"{'happens' if met else 'does not happen'}.",
            )
            if not met:
                continue
        if "instead_op" in op:  # "『手札に戻す』…『退場させる』に代わる": read now (UA-EFFECT-IF)
            alt = op["instead_op"]
            met = conditions.holds(eng, pe.controller, alt["if"])
            ctx.ruling(
                "UA-EFFECT-IF",
                f"{pe.describe()}: {conditions.describe(alt['if'])}"
                f"{'' if met else ' is not so'}: the chosen card "
                + (f"is dealt {alt['op']} instead of {kind}." if met else f"is dealt {kind}."),
            )
            if met:
                op, kind = {**op, "op": alt["op"]}, alt["op"]
        if kind == "modes":
            ops[at:at] = _chosen_modes(eng, pe, op, targets, pos)
            pos += 1 if pos < len(targets) and modes.is_record(targets[pos]) else 0
            continue
        if (
            kind == "draw"
        ):  # "as_many": as many as the op before put (UA-EFFECT-HAND-TO-DECK-BOTTOM)
            n = max(chosen, 0) if op.get("as_many") else int(op.get("n", 1))
            drawn = eng.draw(pe.controller, n, why=f" ({pe.source}'s effect)")
            if at == 1 and effects.optional_draw(pe.effect):  # "引いてもよい。そうした場合"
                chosen = drawn
                if not drawn:
                    ctx.ruling(
                        "UA-EFFECT-MAY-DRAW",
                        f"{pe.describe()}: no card was drawn (the deck is empty), so what "
                        'follows "if you did" does not happen.',
                    )
            continue
        if zone_moves.run(eng, pe, op):  # the whole hand, the opponent's draw, …
            continue
        if kind == "look":
            picked, pos = look.run(eng, pe.controller, op, targets, pos, f" ({pe.source}'s effect)")
            took = picked
            continue
        if kind == "mill":  # the deck's top cards to the outside area; chose none of them
            chosen, pos = mill.run(eng, pe, op, targets, pos)
            picked = []
            continue
        if op.get("if_taken"):  # "(…のカードを)手札に加えた場合", "手札に加えたカードが…場合"
            met, unsure = look.taken_meets(eng, op["if_taken"], took)
            if unsure:
                ctx.cannot_verify(unsure)
            if not met:
                continue
        if kind == "at_attack_start":
            _set_up_attack_start(eng, pe, op)
            continue
        prior = picked  # what the op before chose ("pick_under" for a "move_under")
        sel = op_selector(op)
        objs: list[Any]
        target = op.get("target")
        if op.get("target") == "chosen":  # "選んだキャラ…さらに": the cards the last choice named
            objs = [f for f in (st.find_unit(i) for i in picked) if f is not None]
        elif isinstance(target, dict) and target.get("all"):  # "…全ては": no choice
            objs = list(every_unit(eng, pe.controller, target, pe.source))
            if kind in ("bp", "grant"):  # BP and keywords are characters' (a field has none)
                objs = [o for o in objs if st.card(o[2].top).type == "character"]
            if "bp_max" in target or "bp_min" in target:
                ctx.read("bp")
            ctx.ruling(
                "UA-EFFECT-ALL",
                f"{pe.describe()}: every card that meets it now, "
                f"{len(objs)} in all: "
                + (", ".join(eng.name(o[2].top) for o in objs) or "none")
                + ".",
            )
        elif sel is None:
            found = st.find_unit(unit.top) if unit is not None and unit.cards else None
            objs = [found] if found else []
        else:
            if counts.BP_PER in sel:  # "[特徴:X]の枚数×1000以下のBP": counted now
                sel = conditions.effective(eng, pe.controller, sel, source=pe.source)
                ctx.ruling(
                    counts.BP_RULE,
                    f"{pe.describe()}: the choice is of BP {sel['bp_max']} or less "
                    "(counted on the field now).",
                )
            if "instead" in sel:
                more = "count" in sel["instead"]  # a play's "『1枚』まで…『2枚』に代わる"
                sel = conditions.effective(eng, pe.controller, sel, source=pe.source)
                what = f"up to {sel.get('count')}" if more else f"BP {sel.get('bp_max')} or less"
                ctx.ruling(
                    playcard.COUNT_RULE if more else "UA-EFFECT-IF",
                    f"{pe.describe()}: the choice is of {what} (its condition read now).",
                )
            objs, pos, problems = match_one(
                eng, pe.controller, sel, targets, pos, "targets", source=pe.source
            )
            if problems:  # checked before resolving; reached only when forced or defaulted
                ctx.ruling(problems[0][0], f"{pe.describe()}: {problems[0][1]} Nothing is chosen.")
                objs = []
            chosen = len(objs)
            picked = chosen_ids(objs)
        if kind == "play":  # a card an effect plays, and the line the log says (playcard.py)
            pos = playcard.run_all(eng, pe, op, objs, targets, pos)
            continue
        if kind == "discard":
            for take in sorted(objs, key=lambda t: -t.index):
                iid = do_take(st, pe.controller, take)
                st.players[pe.controller].outside.append(iid)
                eng.event(
                    "discard",
                    f"{pe.controller} puts {eng.name(iid)} from hand into the outside area.",
                    player=pe.controller,
                    card=iid,
                )
            continue
        if kind == "move_under":  # a face-down card to under another (facedown.py)
            facedown.move(eng, pe, prior, objs)
            continue
        if kind == "move_line":  # to the other line, a full one made room in first
            pos = moveline.run(eng, pe, op, objs, targets, pos)
            continue
        if kind == "swap":  # this card (or the card picked) and the chosen one swap (swap.py)
            swap.run(eng, pe, op, objs, prior)
            continue
        if kind == swap.PICK:  # the first of a pair: only chosen, for the swap after it
            continue
        if kind == "bp" and "per" in op and objs:  # "…1枚につき": counted now (bp_per.py)
            bp_per.ruling(eng, pe.describe(), op, pe.controller)
        for obj in objs:
            if isinstance(obj, APCard):
                _activate_ap(eng, obj)
                continue
            if isinstance(obj, Take):
                _apply_card_op(eng, pe, op, obj)
                continue
            owner, _line, u = obj
            if u in st.players[owner].units():
                _apply_op(eng, pe, op, owner, u)
    # the last step: nothing retired, the engine's check after an effect resolved by itself
    # would find the same (UnionArenaEngine.after_auto_resolve)
    eng._bp_settled = not eng.check_bp_zero()


def _chosen_modes(
    eng: UnionArenaEngine, pe: PendingEffect, op: dict[str, Any], targets: list[Any], pos: int
) -> list[dict[str, Any]]:
    """The ops of the listed effects the log chose ("以下から1つ選ぶ", UA-EFFECT-MODES), in the
    order ``modes_order`` carries them out; none when the record is missing (a skipped choice:
    unverifiable, and what follows uncertain) or wrong (checked before resolving)."""
    order = eng.options.get("modes_order", "printed")
    ops, _, problem = modes.chosen(op, targets, pos, order)
    if ops is None:
        eng.ctx.ruling(
            "UA-CHOICE-RECORDED",
            f"{pe.describe()}: the log does not say which of the effects listed "
            f"{pe.controller} chose: none is carried out.",
        )
        eng.ctx.cannot_verify(f"missing `modes` choice of {pe.describe()}")
        eng.taint_effect(pe, "UA-CHOICE-RECORDED", "anything")
        return []
    if problem:  # checked before resolving; reached only when forced or defaulted
        eng.ctx.ruling(problem[0], f"{pe.describe()}: {problem[1]} Nothing is carried out.")
        return []
    picks = targets[pos]["modes"]
    eng.ctx.ruling(
        modes.RULE,
        f"{pe.describe()}: {pe.controller} chooses {modes.describe(op, picks)}"
        + (
            ", carried out in the order listed on the card (rule option modes_order)."
            if len(picks) > 1 and order == "printed"
            else "."
        ),
    )
    if (
        any(modes.MAY in o for m in op["modes"] for o in m)
        and len(picks) == 1
        and "use" in targets[pos]
    ):
        used = targets[pos]["use"]  # "…てもよい。そうした場合、…" (textmodes.py)
        eng.ctx.ruling(
            modes.MAY_RULE,
            f"{pe.describe()}: the effect chosen is optional; {pe.controller} "
            + ("uses it." if used else "declines it: nothing is carried out."),
        )
    return ops


def _set_up_attack_start(eng: UnionArenaEngine, pe: PendingEffect, op: dict[str, Any]) -> None:
    """ "このターンのアタックフェイズ開始時、…": waits for this turn's attack phase, if it is
    still ahead (UA-EFFECT-ATTACK-START)."""
    st = eng.state
    if st.turn_player != pe.controller or st.phase not in ("start", "movement", "main"):
        eng.ctx.ruling(
            "UA-EFFECT-ATTACK-START",
            f"{pe.describe()}: this turn's attack phase has begun, or it is not "
            f"{pe.controller}'s turn: what it sets up for that moment never happens.",
        )
        return
    effect = {"when": "attack_phase_start", "do": op["do"]}
    st.delayed.append((pe.controller, pe.source, pe.index, effect))
    eng.event(
        "effect_later",
        f"{pe.describe()} waits for the start of this turn's attack phase.",
        source=pe.source,
    )


def _activate_ap(eng: UnionArenaEngine, ap: APCard) -> None:
    """An AP card chosen to be made active (an active one stays as it is)."""
    ps = eng.state.players[ap.side]
    i = ps.ap_cards.index(ap.iid)
    if not ps.ap_rested[i]:
        return
    ps.ap_rested[i] = False
    eng.event("activate", f"{ap.side}'s AP card {ap.iid} becomes active.", card=ap.iid)
    eng.ctx.ruling("UA-EFFECT-AP", f"The effect makes {ap.side}'s AP card {ap.iid} active.")


def _apply_card_op(
    eng: UnionArenaEngine, pe: PendingEffect, op: dict[str, Any], take: Take
) -> None:
    """``to_hand``, ``remove`` or ``to_deck_top`` on a card in a hand or the outside area
    (``CARD_OPS``)."""
    st = eng.state
    side = pe.controller if op["target"].get("side", "own") == "own" else st.other(pe.controller)
    found, _ = find_in_zone(st, side, take.zone, take.iid)
    if found is None:
        return
    iid = do_take(st, side, found)
    if op["op"] == "to_deck_top":  # "自分の場外から…を1枚まで自分の山札の上に置く"
        decktop.put_on_top(eng, side, iid, take.zone)
        return
    if op["op"] == "to_deck_bottom":  # "自分の手札を3枚まで望む順で自分の山札の下に置く"
        decktop.put_on_bottom(eng, side, iid)
        return
    dest = "hand" if op["op"] == "to_hand" else "removal"
    getattr(st.players[side], dest).append(iid)
    where = "hand" if dest == "hand" else "removal area"
    eng.event(
        "move_card",
        f"{eng.name(iid)} goes from {side}'s {take.zone} to the {where}.",
        player=side,
        card=iid,
        to=dest,
    )


def _apply_op(
    eng: UnionArenaEngine, pe: PendingEffect, op: dict[str, Any], owner: str, u: Unit
) -> None:
    kind = op["op"]
    name = eng.name(u.top)
    if kind == "bp":
        amount = bp_per.amount(eng.state, op, pe.controller)  # "…1枚につき": counted now
        until = op.get("until", "turn")
        u.mods.append(Modifier(bp=amount, until=until, owner=pe.controller, source=pe.source))
        eng.event(
            "bp",
            f"{name} gets BP {amount:+d} {effects.until_text(op.get('until', 'turn'), pe.controller)}.",
            card=u.top,
            amount=amount,
        )
    elif kind == "grant":
        u.mods.append(
            Modifier(keyword=op["keyword"], until=op.get("until", "turn"), owner=pe.controller)
        )
        eng.event("grant", f"{name} gains {op['keyword']}.", card=u.top, keyword=op["keyword"])
    elif kind == "rest":
        rested_by.record(eng, owner, pe.controller, u)  # "自分の効果で…レストに" (rested_by.py)
        this_turn.rest(eng.state, u)
        eng.event("rest", f"{name} is rested.", card=u.top)
    elif kind == "activate" and facedown.stays_rested(eng, u, f"{pe.describe()}"):
        pass  # its own text keeps it rested (UA-EFFECT-UNDER-NO-ACTIVATE)
    elif kind == "activate":
        playcard.made_active(eng, u)
        u.rested = False
        eng.event("activate", f"{name} becomes active.", card=u.top)
    elif kind == "no_activate":  # "それは次の1回アクティブにならない", on the card just rested
        u.no_activate = playcard.NO_ACTIVATE_RULE
        eng.event("no_activate", f"{name} does not become active the next time.", card=u.top)
    elif kind == "generate":
        u.mods.append(Modifier(until="turn", owner=pe.controller, energy=op["color"]))
        eng.event(
            "energy",
            f"{name} generates one more {op['color']} energy until end of turn.",
            card=u.top,
            color=op["color"],
        )
    elif kind == "retire" and op.get("at") == "attack_phase_end":
        attack_end.give(eng, u)
    elif kind == "retire" and op.get("at") == "main_phase_end":
        u.retire_at_main_end = True
        eng.event("retire_later", f"{name} will retire at the end of the main phase.", card=u.top)
    elif kind == "retire":
        eng.retire(owner, u, "effect", pe.source)
    elif kind == "to_hand":
        eng.leave_field(owner, u, "hand", retire=False)
    elif kind == "remove":
        eng.leave_field(owner, u, "removal", retire=False)
    elif kind == "put_under":  # "自分の山札の上から1枚を裏向きで…の下に置く" (facedown.py)
        facedown.put(eng, pe, owner, u)
    elif kind == "under_to_outside":  # "…の下の裏向きのカードを1枚場外に置いてもよい"
        facedown.to_outside(eng, pe, owner, u)
    elif kind == "self_under":  # "[退場時]…選び、このカードを裏向きで選んだキャラの下に置く"
        facedown.self_under(eng, pe, owner, u)
    elif kind == "to_deck_bottom":
        eng.leave_field(owner, u, "deck_bottom", retire=False)
        eng.ctx.ruling(
            "UA-EFFECT-DECK-BOTTOM",
            f"{name} goes to the bottom of {owner}'s deck; it is not retired.",
        )


# -- trigger icons -------------------------------------------------------------------------


#: the trigger icons that choose one card that must qualify (UA-TRG-NO-TARGET)
CHOOSING = ("active", "special", "color")


def trigger_selectors(eng: UnionArenaEngine, iid: str) -> list[dict[str, Any]]:
    """What the trigger of life card ``iid`` asks the damaged player to choose.  With rule
    option ``trigger_no_target`` "does_nothing" (the default, UA-TRG-NO-TARGET) a choosing
    trigger's choice is ``if_able``: with no card that qualifies, used, it chooses nothing."""
    sels = _trigger_selectors(eng, iid)
    if eng.options.get("trigger_no_target", "does_nothing") == "does_nothing":
        sels = [s if s.get("up_to") else {**s, "if_able": True} for s in sels]
    return sels


def _trigger_selectors(eng: UnionArenaEngine, iid: str) -> list[dict[str, Any]]:
    d = eng.state.card(iid)
    icon = d.trigger
    if icon == "active":
        return [{"side": "own", "zone": "field", "count": 1, "type": "character"}]
    if icon == "special":
        return [{"side": "opponent", "zone": "front_line", "count": 1}]
    if icon == "raid":
        return [{"side": "own", "zone": "field", "count": 1, "up_to": True}]
    if icon == "color":
        colour = d.color
        if colour == "yellow":
            return [{"side": "opponent", "zone": "front_line", "count": 1}]
        if colour == "red":
            return [{"side": "opponent", "zone": "front_line", "count": 1, "bp_max": 2500}]
        if colour == "blue":
            return [{"side": "opponent", "zone": "front_line", "count": 1, "bp_max": 3500}]
        if colour == "green":
            return [{"side": "own", "zone": "hand", "count": 1, "up_to": True}]
        if colour == "purple":
            return [{"side": "own", "zone": "outside", "count": 1, "up_to": True}]
    return []


def check_trigger(
    eng: UnionArenaEngine, pid: str, iid: str, targets: list[Any]
) -> tuple[list[list[Any]], list[Problem]]:
    """Match the targets of a used trigger; extra checks for RAID and green/purple COLOR."""
    st = eng.state
    d = st.card(iid)
    rule = effects.TRIGGER_RULES.get(d.trigger or "", "UA-DMG-TRIGGERS")
    sels = trigger_selectors(eng, iid)
    chosen, problems = match_targets(eng, pid, sels, targets, "targets", rule=rule, kind="trigger")
    if problems or not chosen:
        return chosen, problems
    picked = chosen[0]
    if d.trigger == "raid" and picked:
        base = st.card(picked[0][2].top)
        unread = d.raid_unread()
        if unread is not None and not base.raid:  # its designation is not known
            eng.ctx.cannot_verify(
                f'{iid}\'s printed raid "{unread}" was not read: whether '
                f"{picked[0][2].top} is a base it may raid onto is not checked"
            )
        elif unread is None and not d.raid:
            problems.append((rule, f"{iid} has no raid: its RAID trigger cannot raid."))
        elif unread is None and not d.raid_matches(base):
            problems.append(
                (
                    rule,
                    f"{iid} cannot raid onto {picked[0][2].top}: its raid names another character.",
                )
            )
        elif base.raid:
            problems.append(
                ("UA-RAID-BASE", f"{picked[0][2].top} has raid itself and cannot be a raid base.")
            )
        # the trigger raids only where the card's required energy is met (as a raid from the
        # hand must meet it, UA-RAID); a raid recorded without it is not carried out as some
        # other choice: it is illegal, and the card goes to the hand only if the log says so
        short = raid_energy_short(eng, pid, iid)
        if short:
            problems.append(
                (
                    rule,
                    f"{iid} cannot raid: its required energy is not met ({short}); the RAID "
                    "trigger can only put it into the hand (no target).",
                )
            )
    if d.trigger == "color" and d.color in ("green", "purple") and picked:
        c = st.card(picked[0].iid)
        need = sum(conditions.required_energy(eng, picked[0].iid, in_hand=True).values())
        ap = apcost.ap_cost(eng, picked[0].iid, in_hand=True)
        if c.type != "character" or c.color != d.color or need > 2 or ap != 1:
            problems.append(
                (
                    rule,
                    f"{picked[0].iid} is not a {d.color} character with required energy ≤ 2 and AP 1.",
                )
            )
        elif raid_only.barred(c):  # "このキャラはレイド以外で登場できない": not by a play
            problems.append((raid_only.RULE, raid_only.why(picked[0].iid)))
    return chosen, problems


def raid_energy_short(eng: UnionArenaEngine, pid: str, iid: str) -> str:
    """What ``pid``'s energy line lacks for card ``iid``'s required energy, in words ("" when
    it is met).  Checked before the card is stacked, so the base's own energy counts (UA-RAID)."""
    have = eng.state.energy(pid)
    need = conditions.required_energy(eng, iid, in_hand=False)
    return "; ".join(
        f"it needs {n} {colour}, {pid}'s energy line generates {have.get(colour, 0)}"
        for colour, n in sorted(need.items())
        if have.get(colour, 0) < n
    )


def run_trigger(
    eng: UnionArenaEngine,
    pid: str,
    iid: str,
    chosen: list[list[Any]],
    make_room: Callable[[str], None] | None = None,
) -> str:
    """Carry out the trigger of ``iid`` for the damaged player ``pid``.  ``make_room`` (given
    the name of the card entering) empties a place in a full front line first (UA-LINE-LIMIT).

    Returns where the life card goes afterwards: ``outside`` (the rule), ``hand`` (GET, or
    RAID not raided), or ``field`` (RAID raided).
    """
    st = eng.state
    d = st.card(iid)
    icon = d.trigger
    rule = effects.TRIGGER_RULES[icon or ""]
    picked = chosen[0] if chosen else []
    me, them = pid, st.other(pid)
    base = _trigger_selectors(eng, iid)
    nothing = eng.options.get("trigger_no_target", "does_nothing") == "does_nothing"
    if icon in CHOOSING and not picked and base and not base[0].get("up_to") and nothing:
        what = f"{icon.upper()}" + (f" ({d.color})" if icon == "color" else "")
        eng.ctx.ruling(
            "UA-TRG-NO-TARGET",
            f"{what}: no card can be chosen for {eng.name(iid)}'s trigger, so using it does "
            "nothing (rule option trigger_no_target does_nothing).",
        )
        return "outside"
    if icon == "get":
        eng.ctx.ruling(rule, f"GET: {eng.name(iid)} goes to {pid}'s hand.")
        return "hand"
    if icon == "draw":
        eng.ctx.ruling(rule, f"DRAW: {pid} draws a card.")
        eng.draw(pid, 1, why=" (DRAW trigger)")
    elif icon == "active" and picked:
        u = picked[0][2]
        if not facedown.stays_rested(eng, u, "ACTIVE trigger"):  # UA-EFFECT-UNDER-NO-ACTIVATE
            playcard.made_active(eng, u)
            u.rested = False
        u.mods.append(Modifier(bp=3000, until="turn", owner=me))
        eng.ctx.ruling(
            rule, f"ACTIVE: {eng.name(u.top)} becomes active and gets BP +3000 this turn."
        )
    elif icon == "special" and picked:
        eng.ctx.ruling(rule, f"SPECIAL: {eng.name(picked[0][2].top)} goes to the outside area.")
        eng.retire(them, picked[0][2], "trigger", iid)  # retired_by.py
    elif icon == "final":
        if not st.players[pid].life and st.players[pid].deck:
            card = st.players[pid].deck.pop(0)
            st.players[pid].life.append(card)
            eng.ctx.ruling(
                rule, f"FINAL: {pid} has no life: the top card of the deck becomes a life card."
            )
        else:
            eng.ctx.ruling(
                rule, f"FINAL: {pid} still has life cards (or no deck): nothing happens."
            )
    elif icon == "raid":
        if picked:
            # check_trigger made sure the required energy is met; a raid recorded without it
            # is illegal and, under on_illegal=apply, carried out as recorded
            base_owner, _line, base = picked[0]
            met = "not met (applied as recorded)" if raid_energy_short(eng, pid, iid) else "met"
            base.cards.append(iid)
            base.raided = True
            entered.record(eng, iid, "life", iid, trigger=True)  # its own trigger (entered.py)
            facedown.on_raid(eng, base_owner, base)  # UA-UNDER-STAYS
            base.mods.clear()
            base.used.clear()
            base.no_activate = ""  # an effect it received (UA-RAID-PROCEDURE step 2)
            if not facedown.stays_rested(eng, base, "raid"):  # UA-EFFECT-UNDER-NO-ACTIVATE
                base.rested = False
            eng.ctx.ruling(
                rule,
                f"RAID: required energy is {met}: {eng.name(iid)} raids onto {base.cards[-2]}.",
            )
            eng.fire(base, "on_play", base_owner)
            return "field"
        else:
            eng.ctx.ruling(rule, f"RAID: {eng.name(iid)} goes to {pid}'s hand.")
        return "hand"
    elif icon == "color":
        colour = d.color
        if colour == "yellow" and picked:
            u = picked[0][2]
            this_turn.rest(eng.state, u)
            u.no_activate = rule
            eng.ctx.ruling(
                rule,
                f"COLOR (yellow): {eng.name(u.top)} is rested and does not become active the next time.",
            )
        elif colour == "red" and picked:
            eng.ctx.ruling(
                rule, f"COLOR (red): {eng.name(picked[0][2].top)} goes to the outside area."
            )
            eng.retire(them, picked[0][2], "trigger", iid)
        elif colour == "blue" and picked:
            eng.ctx.ruling(
                rule, f"COLOR (blue): {eng.name(picked[0][2].top)} returns to its owner's hand."
            )
            eng.leave_field(them, picked[0][2], "hand", retire=False)
        elif colour in ("green", "purple") and picked:
            take = picked[0]
            if make_room is not None:
                make_room(eng.name(take.iid))
            card = do_take(st, pid, take)
            unit = eng.new_unit([card], rested=False)
            st.players[pid].front_line.append(unit)
            entered.record(eng, card, take.zone, iid, trigger=True)  # entered.py
            eng.ctx.ruling(
                rule, f"COLOR ({colour}): {eng.name(card)} enters {pid}'s front line active."
            )
            playcard.when_played(eng, unit, pid)
    return "outside"
