"""Resolving effects: matching recorded targets to what the text asks, and running it.

Target matching is shared by effects (``resolve``, ``play``/``activate`` ``targets``) and
trigger icons (``trigger`` ``targets``); a mismatch is ``UA-EFFECT-TARGETS`` (or the trigger's
own rule).  A selector with ``up_to`` accepts fewer targets, including none.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from judge.core.timing import PendingEffect
from judge.games.union_arena import conditions, effects, look
from judge.games.union_arena.refs import Take, do_take, find_in_zone, find_unit
from judge.games.union_arena.state import LINES, Modifier, Unit

if TYPE_CHECKING:
    from judge.games.union_arena.engine import UnionArenaEngine

Problem = tuple[str, str]


@dataclass(frozen=True, slots=True)
class APCard:
    """An AP card in play chosen by a selector of ``zone`` ``ap`` (its player and instance)."""

    side: str
    iid: str


def _match_ap(
    eng: UnionArenaEngine, side: str, ref: Any, got: list[Any], rule: str
) -> tuple[APCard | None, Problem | None]:
    """An AP card in play named by instance id (AP cards are alike: a code cannot say which)."""
    st = eng.state
    if not isinstance(ref, str) or ref not in st.players[side].ap_cards:
        return None, (rule, f"{ref} is not an AP card in play of {side}.")
    if any(isinstance(g, APCard) and g.iid == ref for g in got):
        return None, (rule, f"{ref} is chosen twice.")
    return APCard(side, ref), None


def match_one(
    eng: UnionArenaEngine,
    controller: str,
    sel: dict[str, Any],
    targets: list[Any],
    pos: int,
    path: str,
    rule: str = "UA-EFFECT-TARGETS",
    source: str | None = None,
) -> tuple[list[Any], int, list[Problem]]:
    """Match one selector against ``targets`` from ``pos``; returns (chosen, next pos, problems).
    ``source`` is the effect's own card: a selector with ``other`` ("他の") excludes it."""
    st = eng.state
    count = int(sel.get("count", 1))
    side = controller if sel.get("side", "own") == "own" else st.other(controller)
    zone = sel.get("zone", "field")
    got: list[Any] = []
    problems: list[Problem] = []
    while len(got) < count and pos < len(targets):
        ref = targets[pos]
        if ref == "player" or (isinstance(ref, dict) and "player" in ref):
            break
        pos += 1
        if zone == effects.AP_ZONE:
            ap, err = _match_ap(eng, side, ref, got, rule)
            if err:
                problems.append(err)
            else:
                got.append(ap)
            continue
        if zone in effects.CARD_ZONES:
            take, err = find_in_zone(st, side, zone, ref)
            if err:
                problems.append((rule, err[1]))
                continue
            assert take is not None
            if any(isinstance(g, Take) and g.iid == take.iid for g in got):
                problems.append((rule, f"{take.iid} is chosen twice."))
                continue
            msg = card_mismatch(eng, sel, take.iid, in_hand=zone == "hand")
            if msg:
                problems.append((rule, msg))
                continue
            got.append(take)
            continue
        found = find_unit(st, ref, f"{path}[{pos - 1}]", owner=side)
        if found is None:
            problems.append((rule, f"{ref} is not a card in {side}'s {zone.replace('_', ' ')}."))
            continue
        _, line, unit = found
        msg = _selector_mismatch(eng, sel, line, unit, source)
        if msg:
            problems.append((rule, msg))
            continue
        if any(g[2] is unit for g in got if isinstance(g, tuple)):
            problems.append((rule, f"{unit.top} is chosen twice."))
            continue
        got.append(found)
    if (
        len(got) < count
        and not sel.get("up_to")
        and not problems
        and not (sel.get("if_able") and candidates(eng, side, sel, source) <= len(got))
    ):
        problems.append(
            (
                rule,
                f"The effect needs {count} target{'s' if count > 1 else ''} "
                f"({describe_selector(sel, controller, st.other(controller))}); "
                f"the log names {len(got)}.",
            )
        )
    return got, pos, problems


def chosen_ids(got: list[Any]) -> list[str]:
    """The cards a selector's choice named: units' top cards, cards taken, AP cards."""
    out = []
    for obj in got:
        if isinstance(obj, tuple):
            out.append(obj[2].top)
        elif isinstance(obj, Take | APCard):
            out.append(obj.iid)
    return out


def chosen_meet(eng: UnionArenaEngine, cond: dict[str, Any], picked: list[str]) -> bool:
    """Whether a card the last choice named meets ``cond`` (``if_chosen``)."""
    return any(card_mismatch(eng, cond, iid) is None for iid in picked)


def candidates(
    eng: UnionArenaEngine, side: str, sel: dict[str, Any], source: str | None = None
) -> int:
    """How many cards of ``side`` meet ``sel`` now, for a selector with ``if_able``: printed
    "choose 1" (a count without "up to", read by ``reader.py``) means one if there is one,
    so a log that names fewer targets is wrong only when more cards could have been chosen.
    A hidden card whose face the engine does not know (observed mode) counts as one that
    could."""
    st = eng.state
    zone = sel.get("zone", "field")
    ps = st.players[side]
    if zone == effects.AP_ZONE:
        return len(ps.ap_cards)
    if zone in effects.CARD_ZONES:
        cards = ps.hand if zone == "hand" else ps.outside
        return sum(1 for iid in cards if iid is None or card_mismatch(eng, sel, iid) is None)
    lines = LINES if zone == "field" else (zone,)
    return sum(
        1
        for line in lines
        for unit in ps.line(line)
        if _selector_mismatch(eng, sel, line, unit, source) is None
    )


def match_targets(
    eng: UnionArenaEngine,
    controller: str,
    sels: list[dict[str, Any]],
    targets: list[Any],
    path: str,
    rule: str = "UA-EFFECT-TARGETS",
) -> tuple[list[list[Any]], list[Problem]]:
    """Split ``targets`` over the selectors, in order; per selector the resolved objects."""
    out: list[list[Any]] = []
    problems: list[Problem] = []
    pos = 0
    for sel in sels:
        got, pos, found = match_one(eng, controller, sel, targets, pos, path, rule)
        problems += found
        out.append(got)
    if pos < len(targets) and not problems:
        problems.append(_too_many(len(targets) - pos, rule))
    return out, problems


def _too_many(n: int, rule: str = "UA-EFFECT-TARGETS") -> Problem:
    return (rule, f"The log names {n} target(s) more than the effect asks for.")


def op_selector(op: dict[str, Any]) -> dict[str, Any] | None:
    """The selector of one op whose targets the log records, or None (``self``, ``draw``)."""
    if op.get("op") == "discard":
        return {"side": "own", "zone": "hand", "count": int(op.get("n", 1))}
    target = op.get("target", "self")
    return target if isinstance(target, dict) else None


def check_effect_targets(
    eng: UnionArenaEngine,
    controller: str,
    effect_list: list[dict[str, Any]],
    targets: list[Any],
    path: str,
    leaving: str | None = None,
    source: str | None = None,
) -> list[Problem]:
    """Check the targets an action records for effects that resolve after it (``source``:
    the effects' card, which an ``other`` selector excludes).

    The hand is taken as it will be when the effect resolves: without ``leaving`` (the card
    being played), and for a hand selector that follows ``draw`` ops, with the cards those
    draws bring from the deck top.
    """
    ps = eng.state.players[controller]
    original = ps.hand
    hand = list(original)
    if leaving is not None:  # observed mode: the played card may still be an unknown slot
        hand.remove(leaving if leaving in hand else None)
    problems: list[Problem] = []
    pos = 0
    st = eng.state
    # the field as it will be when the effects resolve, for their conditions (conditions.py)
    plus = leaving if leaving is not None and st.card(leaving).type != "event" else None
    try:
        for effect in effect_list:
            deck = list(ps.deck)  # the deck as this effect's draws and looks leave it
            brought: list[str | None] = []  # cards its draws and looks bring to the hand
            taken = 0
            minus = source if effect.get("cost", {}).get("retire_self") else None
            picked: list[str] = []  # the cards the last choice named ("選んだキャラ")
            for op in effect.get("do", []):
                if "if" in op and not conditions.holds(eng, controller, op["if"], plus, minus):
                    continue
                if "if_chosen" in op and not chosen_meet(eng, op["if_chosen"], picked):
                    continue
                if op.get("if_done") and not picked:
                    continue
                if op.get("op") == "draw":
                    brought += deck[: int(op.get("n", 1))]
                    del deck[: int(op.get("n", 1))]
                    continue
                if op.get("op") == "look":
                    n = min(int(op.get("n", 1)), len(deck))
                    choice, pos = look.choose(eng, controller, op, deck[:n], targets, pos)
                    problems += choice.problems
                    taken = len(choice.taken)
                    picked = [iid for _, iid, _ in choice.taken]
                    brought += picked
                    kept = {slot for slot, _, _ in choice.taken}
                    deck = deck[n:] + [c for i, c in enumerate(deck[:n]) if i not in kept]
                    continue
                if op.get("op") == "discard" and op.get("if_taken") and not taken:
                    continue
                sel = op_selector(op)
                if sel is None:
                    continue
                sel = conditions.effective(eng, controller, sel, plus, minus)
                own_hand = sel.get("zone") == "hand" and sel.get("side", "own") == "own"
                ps.hand = hand + brought if own_hand and brought else hand
                got, pos, found = match_one(
                    eng, controller, sel, targets, pos, path, source=source or leaving
                )
                problems += found
                picked = chosen_ids(got)
    finally:
        ps.hand = original
    if pos < len(targets) and not problems:
        problems.append(_too_many(len(targets) - pos))
    return problems


def _selector_mismatch(
    eng: UnionArenaEngine, sel: dict[str, Any], line: str, unit: Unit, source: str | None = None
) -> str | None:
    st = eng.state
    if sel.get("other") and source is not None and source in unit.cards:
        return f"{unit.top} is the effect's own card; the text asks for another."
    zone = sel.get("zone", "field")
    if zone in LINES and line != zone:
        return f"{unit.top} is in the {line.replace('_', ' ')}, not the {zone.replace('_', ' ')}."
    d = st.card(unit.top)
    want = sel.get("type", None if zone == "field" else "character")
    if want is not None and want != d.type:
        return f"{unit.top} is a {d.type}, not a {want}."
    if "bp_max" in sel:
        eng.ctx.read("bp")  # a "BP N or less" condition
        if d.type != "character" or st.bp(unit) > sel["bp_max"]:
            return f"{unit.top} has BP {st.bp(unit)}, more than {sel['bp_max']}."
    if "rested" in sel and unit.rested != sel["rested"]:
        return f"{unit.top} is {'rested' if unit.rested else 'active'}."
    return card_mismatch(eng, sel, unit.top)


def card_mismatch(
    eng: UnionArenaEngine, sel: dict[str, Any], iid: str | None, in_hand: bool | None = None
) -> str | None:
    """Why card ``iid`` does not meet the selector's card conditions, or None.

    The conditions of card text (seed, "用不同的括號區分不同的指定條件"): ``name`` — <Name>, the
    card's name or one it is also treated as; ``trait`` / ``affinity`` — [Trait], the trait
    (特徴) the English cards call affinity ("[The Order] affinity cards"); ``color``;
    ``energy_max`` — "必要エナジーがN以下の": the card's printed required energy, all colours
    together, is at most N.
    A card nobody has seen (observed mode) is not checked here: it is bound when named.
    """
    if iid is None:
        return None
    d = eng.state.card(iid)
    if "name" in sel and not d.has_name(sel["name"]):
        also = f" (also treated as {', '.join(d.also_treated_as)})" if d.also_treated_as else ""
        return f"{iid} is {d.name}{also}, not <{sel['name']}>."
    for key in ("trait", "affinity"):
        if key in sel and sel[key] not in d.traits:
            return f"{iid} does not have the {key} [{sel[key]}]."
    if "color" in sel and d.color != sel["color"]:
        return f"{iid} is {d.color or 'colourless'}, not {sel['color']}."
    if "any_of" in sel and all(card_mismatch(eng, alt, iid) for alt in sel["any_of"]):
        return f"{iid} ({d.name}) is none of the cards the text names."
    if "energy_max" in sel:
        need = sum(conditions.required_energy(eng, iid, in_hand).values())
        if need > sel["energy_max"]:
            return f"{iid} requires {need} energy, more than {sel['energy_max']}."
    return None


def describe_selector(sel: dict[str, Any], me: str, them: str) -> str:
    side = me if sel.get("side", "own") == "own" else them
    if sel.get("zone") == effects.AP_ZONE:
        return f"{'up to ' if sel.get('up_to') else ''}{sel.get('count', 1)} of {side}'s AP cards"
    bits = [
        f"{'up to ' if sel.get('up_to') else ''}{sel.get('count', 1)} of {side}'s",
        sel.get("zone", "field").replace("_", " "),
    ]
    if "bp_max" in sel:
        bits.append(f"with BP ≤ {sel['bp_max']}")
    if "energy_max" in sel:
        bits.append(f"with required energy ≤ {sel['energy_max']}")
    if sel.get("other"):
        bits.append("other than the effect's own card")
    if "name" in sel:
        bits.append(f"named <{sel['name']}>")
    for key in ("trait", "affinity"):
        if key in sel:
            bits.append(f"with [{sel[key]}]")
    if "color" in sel:
        bits.append(f"of colour {sel['color']}")
    return " ".join(bits)


def run_effect(
    eng: UnionArenaEngine, pe: PendingEffect, targets: list[Any], use: bool | None
) -> None:
    """Resolve ``pe``.  Each op takes its targets from ``targets`` when it executes, so a
    discard after a draw can name the drawn card.  ``use`` False skips an optional effect."""
    st = eng.state
    ctx = eng.ctx
    if not effects.supported(pe.effect):
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
    if pe.effect.get("optional") and use is False:
        eng.event(
            "effect_declined", f"{pe.controller} does not use {pe.describe()}.", source=pe.source
        )
        return
    eng.event("effect", f"{pe.describe()} resolves.", source=pe.source, trigger=pe.trigger)
    ap = effects.optional_ap(pe.effect)
    if ap:  # "APを1支払ってもよい。そうした場合、…": used, so paid (checked before)
        paid = eng.pay_ap(pe.controller, ap)
        ctx.ruling("UA-EFFECT-COST", f"{pe.controller} pays {paid} AP for {pe.describe()}.")
        if paid < ap:
            return
    unit: Unit | None = pe.context.get("unit")
    pos = 0
    taken = 0  # cards the last look took (for "手札に加えた場合": if_taken)
    chosen = -1  # cards the last op with a selector chose (for "戻せない場合": if_none_before)
    picked: list[str] = []  # and which ("選んだキャラが…の場合", "公開したカードが…の場合")
    for op in pe.effect["do"]:
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
            met = conditions.holds(eng, pe.controller, op["if"])
            ctx.ruling(
                "UA-EFFECT-IF",
                f"{pe.describe()}: {conditions.describe(op['if'])}"
                f"{'' if met else ' is not so'}: its {kind} "
                f"{'happens' if met else 'does not happen'}.",
            )
            if not met:
                continue
        if kind == "draw":
            eng.draw(pe.controller, int(op.get("n", 1)), why=f" ({pe.source}'s effect)")
            continue
        if kind == "look":
            picked, pos = look.run(eng, pe.controller, op, targets, pos, f" ({pe.source}'s effect)")
            taken = len(picked)
            continue
        if kind == "discard" and op.get("if_taken") and not taken:
            continue
        if kind == "at_attack_start":
            _set_up_attack_start(eng, pe, op)
            continue
        sel = op_selector(op)
        objs: list[Any]
        if op.get("target") == "chosen":  # "選んだキャラ…さらに": the cards the last choice named
            objs = [f for f in (st.find_unit(i) for i in picked) if f is not None]
        elif sel is None:
            found = st.find_unit(unit.top) if unit is not None and unit.cards else None
            objs = [found] if found else []
        else:
            if "instead" in sel:
                sel = conditions.effective(eng, pe.controller, sel)
                ctx.ruling(
                    "UA-EFFECT-IF",
                    f"{pe.describe()}: the choice is of BP {sel.get('bp_max')} or less "
                    "(its condition read now).",
                )
            objs, pos, problems = match_one(
                eng, pe.controller, sel, targets, pos, "targets", source=pe.source
            )
            if problems:  # checked before resolving; reached only when forced or defaulted
                ctx.ruling(problems[0][0], f"{pe.describe()}: {problems[0][1]} Nothing is chosen.")
                objs = []
            chosen = len(objs)
            picked = chosen_ids(objs)
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
    eng.check_bp_zero()


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
    """``to_hand`` or ``remove`` on a card in a hand or the outside area (``CARD_OPS``)."""
    st = eng.state
    side = pe.controller if op["target"].get("side", "own") == "own" else st.other(pe.controller)
    found, _ = find_in_zone(st, side, take.zone, take.iid)
    if found is None:
        return
    iid = do_take(st, side, found)
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
        amount = int(op.get("amount", 0))
        u.mods.append(Modifier(bp=amount, until=op.get("until", "turn"), owner=pe.controller))
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
        u.rested = True
        eng.event("rest", f"{name} is rested.", card=u.top)
    elif kind == "activate":
        u.rested = False
        eng.event("activate", f"{name} becomes active.", card=u.top)
    elif kind == "generate":
        u.mods.append(Modifier(until="turn", owner=pe.controller, energy=op["color"]))
        eng.event(
            "energy",
            f"{name} generates one more {op['color']} energy until end of turn.",
            card=u.top,
            color=op["color"],
        )
    elif kind == "retire" and op.get("at") == "main_phase_end":
        u.retire_at_main_end = True
        eng.event("retire_later", f"{name} will retire at the end of the main phase.", card=u.top)
    elif kind == "retire":
        eng.retire(owner, u)
    elif kind == "to_hand":
        eng.leave_field(owner, u, "hand", retire=False)
    elif kind == "remove":
        eng.leave_field(owner, u, "removal", retire=False)


# -- trigger icons -------------------------------------------------------------------------


def trigger_selectors(eng: UnionArenaEngine, iid: str) -> list[dict[str, Any]]:
    """What the trigger of life card ``iid`` asks the damaged player to choose."""
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
    chosen, problems = match_targets(eng, pid, sels, targets, "targets", rule=rule)
    if problems or not chosen:
        return chosen, problems
    picked = chosen[0]
    if d.trigger == "raid" and picked:
        base = st.card(picked[0][2].top)
        if not d.raid_matches(base):
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
    if d.trigger == "color" and d.color in ("green", "purple") and picked:
        c = st.card(picked[0].iid)
        need = sum(conditions.required_energy(eng, picked[0].iid, in_hand=True).values())
        if c.type != "character" or c.color != d.color or need > 2 or c.ap != 1:
            problems.append(
                (
                    rule,
                    f"{picked[0].iid} is not a {d.color} character with required energy ≤ 2 and AP 1.",
                )
            )
    return chosen, problems


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
    if icon == "get":
        eng.ctx.ruling(rule, f"GET: {eng.name(iid)} goes to {pid}'s hand.")
        return "hand"
    if icon == "draw":
        eng.ctx.ruling(rule, f"DRAW: {pid} draws a card.")
        eng.draw(pid, 1, why=" (DRAW trigger)")
    elif icon == "active" and picked:
        u = picked[0][2]
        u.rested = False
        u.mods.append(Modifier(bp=3000, until="turn", owner=me))
        eng.ctx.ruling(
            rule, f"ACTIVE: {eng.name(u.top)} becomes active and gets BP +3000 this turn."
        )
    elif icon == "special" and picked:
        eng.ctx.ruling(rule, f"SPECIAL: {eng.name(picked[0][2].top)} goes to the outside area.")
        eng.retire(them, picked[0][2])
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
            base_owner, _line, base = picked[0]
            cost = d.energy
            have = st.energy(pid)
            if all(have.get(c, 0) >= n for c, n in cost.items()):
                base.cards.append(iid)
                base.raided = True
                base.mods.clear()
                base.used.clear()
                base.rested = False
                eng.ctx.ruling(
                    rule,
                    f"RAID: required energy is met: {eng.name(iid)} raids onto {base.cards[-2]}.",
                )
                eng.fire(base, "on_play", base_owner)
                return "field"
            eng.ctx.ruling(
                rule, f"RAID: required energy is not met: {eng.name(iid)} goes to the hand."
            )
        else:
            eng.ctx.ruling(rule, f"RAID: {eng.name(iid)} goes to {pid}'s hand.")
        return "hand"
    elif icon == "color":
        colour = d.color
        if colour == "yellow" and picked:
            u = picked[0][2]
            u.rested = True
            u.no_activate = True
            eng.ctx.ruling(
                rule,
                f"COLOR (yellow): {eng.name(u.top)} is rested and does not become active the next time.",
            )
        elif colour == "red" and picked:
            eng.ctx.ruling(
                rule, f"COLOR (red): {eng.name(picked[0][2].top)} goes to the outside area."
            )
            eng.retire(them, picked[0][2])
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
            eng.ctx.ruling(
                rule, f"COLOR ({colour}): {eng.name(card)} enters {pid}'s front line active."
            )
            eng.fire(unit, "on_play", pid)
    return "outside"
