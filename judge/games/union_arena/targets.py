"""Matching recorded targets to what an effect's text asks: the selectors.

Target matching is shared by effects (``resolve``, ``play``/``activate`` ``targets``) and
trigger icons (``trigger`` ``targets``); a mismatch is ``UA-EFFECT-TARGETS`` (or the trigger's
own rule).  A selector with ``up_to`` accepts fewer targets, including none.  Running an
effect once its targets are known is :mod:`judge.games.union_arena.resolve`'s.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from judge.core.wording import plural
from judge.games.union_arena import (
    apcost,
    bp_per,
    conditions,
    effects,
    facedown,
    look,
    mill,
    modes,
    moveline,
    playcard,
    printed_bp,
    raid_only,
    raid_source,
    raidtext,
    rested_by,
    swap,
    trigger_where,
    unchoosable,
)
from judge.games.union_arena.refs import Take, find_in_zone, find_unit
from judge.games.union_arena.state import LINE_LIMIT, LINES, Modifier, Unit

if TYPE_CHECKING:
    from judge.games.union_arena.engine import UnionArenaEngine

Problem = tuple[str, str]
TYPE_WORDS = look.TYPE_WORDS


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
    kind: str | None = None,
) -> tuple[list[Any], int, list[Problem]]:
    """Match one selector against ``targets`` from ``pos``; returns (chosen, next pos, problems).
    ``source`` is the effect's own card: a selector with ``other`` ("他の") excludes it.
    ``kind``: the kind of effect choosing (``trigger``; by default the source's card type), for
    the cards its controller's opponent cannot choose (``UA-EFFECT-UNCHOOSABLE``)."""
    st = eng.state
    kind = kind or unchoosable.effect_kind(eng, source)
    count = int(sel.get("count", 1))
    side = controller if sel.get("side", "own") == "own" else st.other(controller)
    zone = sel.get("zone", "field")
    got: list[Any] = []
    problems: list[Problem] = []
    while len(got) < count and pos < len(targets):
        ref = targets[pos]
        if ref == "player" or (isinstance(ref, dict) and "player" in ref):
            break
        if moveline.is_record(ref) or playcard.is_record(ref):  # not a card: a record
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
        if kind is not None and unchoosable.barred(eng, controller, side, unit, kind):
            problems.append(unchoosable.problem(eng, unit, kind))
            continue
        got.append(found)
    if (
        len(got) < count
        and not sel.get("up_to")
        and not problems
        and not (
            sel.get("if_able")
            and candidates(eng, side, sel, source, (controller, kind)) <= len(got)
        )
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
    eng: UnionArenaEngine,
    side: str,
    sel: dict[str, Any],
    source: str | None = None,
    chooser: tuple[str, str | None] | None = None,
) -> int:
    """How many cards of ``side`` meet ``sel`` now, for a selector with ``if_able``: printed
    "choose 1" (a count without "up to", read by ``reader.py``) means one if there is one,
    so a log that names fewer targets is wrong only when more cards could have been chosen.
    A hidden card whose face the engine does not know (observed mode) counts as one that
    could.  ``chooser``: the player choosing and the kind of effect, when a card it cannot
    choose is not one that could (``UA-EFFECT-UNCHOOSABLE``)."""
    st = eng.state
    zone = sel.get("zone", "field")
    ps = st.players[side]
    who, kind = chooser or (side, None)
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
        and not unchoosable.barred(eng, who, side, unit, kind)
    )


def every_unit(
    eng: UnionArenaEngine, controller: str, sel: dict[str, Any], source: str | None = None
) -> list[tuple[str, str, Unit]]:
    """Every card of the field that meets a selector with ``all`` now ("…全ては、…",
    UA-EFFECT-ALL): ``(owner, line, unit)``, in the players' order, then line, then
    position."""
    st = eng.state
    side = controller if sel.get("side", "own") == "own" else st.other(controller)
    zone = sel.get("zone", "field")
    lines = LINES if zone == "field" else (zone,)
    return [
        (side, line, unit)
        for line in lines
        for unit in st.players[side].line(line)
        if _selector_mismatch(eng, sel, line, unit, source) is None
    ]


def match_targets(
    eng: UnionArenaEngine,
    controller: str,
    sels: list[dict[str, Any]],
    targets: list[Any],
    path: str,
    rule: str = "UA-EFFECT-TARGETS",
    kind: str | None = None,
) -> tuple[list[list[Any]], list[Problem]]:
    """Split ``targets`` over the selectors, in order; per selector the resolved objects
    (``kind``: the kind of effect choosing, as for :func:`match_one`)."""
    out: list[list[Any]] = []
    problems: list[Problem] = []
    pos = 0
    for sel in sels:
        got, pos, found = match_one(eng, controller, sel, targets, pos, path, rule, kind=kind)
        problems += found
        out.append(got)
    if pos < len(targets) and not problems:
        problems.append(_too_many(len(targets) - pos, rule))
    return out, problems


_NO_MODES = (
    "The effect lists effects to choose from: the log must name the ones chosen, "
    '{"modes": [k, …]}, before their targets.'
)


def _too_many(n: int, rule: str = "UA-EFFECT-TARGETS") -> Problem:
    return (rule, f"The log names {plural(n, 'target')} more than the effect asks for.")


def op_selector(op: dict[str, Any]) -> dict[str, Any] | None:
    """The selector of one op whose targets the log records, or None (``self``, ``draw``)."""
    if op.get("op") == "discard":  # "自分の手札の〈X〉を": the card asked for (``card``)
        return {"side": "own", "zone": "hand", "count": int(op.get("n", 1)), **op.get("card", {})}
    target = op.get("target", "self")
    return target if isinstance(target, dict) and not target.get("all") else None


@dataclass(frozen=True, slots=True)
class Entering:
    """Where a card being played or raided will be when its when-played effects resolve:
    its ``line``, ``rested`` or not, and for a raid the cards of the base it goes on
    (``below``, bottom first)."""

    line: str
    rested: bool
    below: tuple[str, ...] = ()
    #: a raid's: the face-down cards that stay under its base (UA-UNDER-STAYS)
    face_down: tuple[str | None, ...] = ()


def check_effect_targets(
    eng: UnionArenaEngine,
    controller: str,
    effect_list: list[dict[str, Any]],
    targets: list[Any],
    path: str,
    leaving: str | None = None,
    source: str | None = None,
    gone: Collection[str] = (),
    spent: Collection[str] = (),
    enters: Entering | None = None,
) -> list[Problem]:
    """Check the targets an action records for effects that resolve after it (``source``:
    the effects' card, which an ``other`` selector excludes).

    ``enters``: where the card being played or raided (``leaving``) will be when its
    when-played effects resolve.  It is put there for the check, so that a choice of one's
    own field may name it ("自分の場のキャラを1枚選び…" chooses the card itself too) and the BP
    and conditions that read the field see it; taken out again after.

    The game is taken as it will be when each op is carried out, as far as a choice or a
    condition reads it (``conditions.py``).  The field: with ``leaving`` on it (a character
    or field being played or raided), without a unit holding a card of ``gone`` (a raid's
    base, the cards a full line puts into the removal area) or, when the ability's cost
    retires it, ``source``.  The hands: the controller's without ``leaving`` and ``spent``
    (the cards a cost puts into the outside area), then as the effect's earlier ops leave
    each: with the cards its draws and looks bring from the deck top, without those it
    discards, with those it returns to their owners' hands.  What a hand holds is what a
    hand selector chooses from, and its size what a condition on it reads, and a BP raise
    while one holds (``UA-EFFECT-STATIC-BP``).  The decks the same: as its draws, looks and
    mills leave the controller's, with the cards it puts on the bottom of their owners'
    (only their size is read: "自分の山札が15枚以下の場合").
    """
    st = eng.state
    ps = st.players[controller]
    originals = {pid: st.players[pid].hand for pid in st.order}
    decks = {pid: st.players[pid].deck for pid in st.order}  # staged as the hands (restored)
    outside = ps.outside  # as a mill leaves it, for what follows (restored after)
    hand = list(ps.hand)
    for card in (leaving, *spent):  # observed mode: a card may still be an unknown slot
        if card is not None and (card in hand or None in hand):
            hand.remove(card if card in hand else None)
    problems: list[Problem] = []
    pos = 0
    raised: list[tuple[Unit, Modifier]] = []  # BP changes of earlier ops, for later choices
    plus = leaving if leaving is not None and st.card(leaving).type != "event" else None
    staged = None
    if enters is not None and plus is not None:
        staged = Unit(
            cards=[*enters.below, plus],
            rested=enters.rested,
            entered_turn=st.turn,
            serial=-1,  # never the engine's: a unit for this check only
            raided=bool(enters.below),
            face_down=list(enters.face_down),
        )
        ps.line(enters.line).append(staged)
        plus = None  # on the field itself now, counted there
    # the cards in the controller's lines when the effects resolve, for a card an effect
    # plays (UA-EFFECT-PLAY): the card played is in them now, the units ``gone`` are not
    counts = {
        line: sum(1 for u in ps.line(line) if not any(g in u.cards for g in gone)) for line in LINES
    }
    ps.outside = outside + [c for c in spent if c is not None]  # the cost's discards
    try:
        for effect in effect_list:
            if source is None and not trigger_where.in_line(st, controller, effect, leaving):
                continue  # "[登場時][フロントLにある場合]" played elsewhere: nothing chosen
            hands = {pid: list(hand if pid == controller else originals[pid]) for pid in st.order}
            for pid in st.order:
                st.players[pid].hand = hands[pid]
            held = hands[controller]
            for pid in st.order:  # a deck's size is read by a raise while it is N or less
                st.players[pid].deck = list(decks[pid])
            deck = ps.deck  # the deck as this effect's draws and looks leave it
            took: list[str] = []  # the cards the last look took ("手札に加えた場合")
            off = {*gone, source} if effect.get("cost", {}).get("retire_self") else set(gone)
            off.discard(None)
            lines = dict(counts)  # for a play: the lines as the cost leaves them
            retired = effect.get("cost", {}).get("retire_self") and source is not None
            if retired and (found := st.find_unit(source)) is not None:
                ps.outside = ps.outside + found[2].cards  # the cost retired it, all its cards
                lines[found[1]] -= found[0] == controller
            picked: list[str] = []  # the cards the last choice named ("選んだキャラ")
            done = False  # the last choice chose a card, or a mill put one ("そうした場合")
            ops = list(effect.get("do", []))  # a choice among listed effects adds the chosen
            at = 0
            while at < len(ops):
                op = ops[at]
                at += 1
                if "if" in op and not conditions.holds(
                    eng, controller, op["if"], plus, off, source or leaving
                ):
                    continue
                if op.get("op") == "modes":  # "以下から1つ選ぶ" (UA-EFFECT-MODES)
                    order = eng.options.get("modes_order", "printed")
                    more, after, problem = modes.chosen(op, targets, pos, order)
                    if problem:
                        problems.append(problem)
                    elif more is None and pos < len(targets):
                        problems.append((modes.RULE, _NO_MODES))
                    ops[at:at] = more or []
                    pos = after
                    continue
                if "if_chosen" in op and not chosen_meet(eng, op["if_chosen"], picked):
                    continue
                if op.get("if_done") and not done:
                    continue
                if op.get("op") == "draw":  # "as_many": as many as the op before chose
                    n = len(picked) if op.get("as_many") else int(op.get("n", 1))
                    if at == 1 and effects.optional_draw(effect):  # "引いてもよい。そうした場合"
                        done = bool(deck[:n])
                    held += deck[:n]
                    del deck[:n]
                    continue
                if op.get("op") == "look":
                    n = min(int(op.get("n", 1)), len(deck))
                    choice, pos = look.choose(eng, controller, op, deck[:n], targets, pos)
                    problems += choice.problems
                    picked = [iid for _, iid, _ in choice.taken]
                    took = picked
                    done = bool(picked)
                    where = look.arrange(controller, op, deck[:n], choice, deck[n:])
                    on_top, below = [deck[i] for i in where.top], [deck[i] for i in where.bottom]
                    away = [deck[i] for i in where.outside]  # the outside area's, as for a mill
                    if op.get("to") == "outside":  # "その中から…を場外に置く"
                        away = picked + away
                    else:
                        held += picked
                    ps.outside = ps.outside + [c for c in away if c is not None]
                    deck[:] = on_top + deck[n:] + below
                    continue
                if op.get("op") == "mill":  # the outside area as it leaves it, for what follows
                    milled, pos = mill.choose(eng, controller, op, deck, targets, pos)
                    problems += milled.problems
                    del deck[: len(milled.put)]
                    ps.outside = ps.outside + milled.put
                    picked, done = [], bool(milled.put)
                    continue
                if op.get("op") == "discard_all":  # the whole hand (zone_moves.py)
                    ps.outside = ps.outside + held
                    held.clear()
                    continue
                taken = op.get("if_taken")  # "(…のカードを)手札に加えた場合"
                if taken and not look.taken_meets(eng, taken, took)[0]:
                    continue
                sel = op_selector(op)
                if sel is None:
                    if op.get("op") == "to_hand" and (not op.get("if_none_before") or not picked):
                        held.append(source or leaving)  # "このキャラを手札に戻す"
                    if op.get("op") == "bp":  # a later "BPN以下" choice reads it (UA-EFFECT-IF)
                        owner = source or leaving
                        units = _bp_units(eng, controller, op, picked, owner, off)
                        raised += _raise_for_check(eng, op, units, controller)
                    if op.get("op") == "move_line" and source is not None:  # "このキャラを…移動"
                        here = st.find_unit(source)  # the card a full line's removal follows
                        before = [o for o in ops[: at - 1] if o.get("op") != "modes"]  # expanded
                        settled = not off and len(effect_list) == 1
                        settled = settled and not moveline.changes_field(before)
                        got = [here] if here is not None else []
                        pos, room = moveline.check_room(eng, op, got, targets, pos, settled)
                        problems += room
                    continue
                sel = conditions.effective(eng, controller, sel, plus, off, source or leaving)
                got, pos, found = match_one(
                    eng, controller, sel, targets, pos, path, source=source or leaving
                )
                problems += found
                picked = chosen_ids(got)
                done = bool(picked)
                _into_hands(eng, controller, op, sel, got, hands)
                if op.get("op") == "discard":  # into the outside area, for a later choice there
                    ps.outside = ps.outside + picked
                if op.get("op") == "to_deck_bottom":  # its deck, for a raise on its size
                    for obj in got:
                        if isinstance(obj, tuple):
                            st.players[obj[0]].deck.append(obj[2].top)
                            if obj[0] == controller:  # for a play: its line, the cards under
                                lines[obj[1]] -= 1
                                ps.outside = ps.outside + obj[2].cards[:-1]
                        elif isinstance(obj, Take):  # from the hand (decktop.put_on_bottom)
                            deck.append(obj.iid)
                if op.get("op") == "bp":  # a later "BPN以下" choice reads it
                    units = [obj[2] for obj in got if isinstance(obj, tuple)]
                    raised += _raise_for_check(eng, op, units, controller)
                if op.get("op") == "move_line":  # the card that makes room (moveline.py)
                    settled = leaving is None and not off and len(effect_list) == 1
                    settled = settled and not moveline.changes_field(ops[: at - 1])
                    pos, room = moveline.check_room(eng, op, got, targets, pos, settled)
                    problems += [] if found else room  # a wrong choice is reported already
                if op.get("op") == "play" and not found:  # and the line it enters
                    placed: dict[str, list[str]] = {}  # and each card played after the first
                    for take in got:
                        place, pos, more = playcard.check(
                            eng, controller, op, take.iid, targets, pos, lines, path, placed, off
                        )
                        problems += more
                        if place is not None and place.line is not None:
                            now = placed.setdefault(place.line, [])
                            now[:] = [c for c in now if c not in place.removes_placed]
                            now.append(take.iid)
                            lines[place.line] = min(lines[place.line] + 1, LINE_LIMIT)
    finally:
        for pid, cards in originals.items():
            st.players[pid].hand = cards
            st.players[pid].deck = decks[pid]
        ps.outside = outside
        if staged is not None:
            ps.line(enters.line).remove(staged)
        for unit, mod in raised:  # the BP changes the check assumed, taken back
            unit.mods.remove(mod)
    if pos < len(targets) and not problems:
        problems.append(_too_many(len(targets) - pos))
    return problems


def _bp_units(
    eng: UnionArenaEngine,
    controller: str,
    op: dict[str, Any],
    picked: list[str],
    owner: str | None,
    off: Collection[str],
) -> list[Unit]:
    """The units a ``bp`` op with no choice of its own changes: ``self`` (the effect's card),
    ``chosen`` (the cards the last choice named), or every card a selector with ``all``
    meets now."""
    st = eng.state
    target = op.get("target", "self")
    if target == "self":
        found = st.find_unit(owner) if owner else None
        return [found[2]] if found and not any(g in found[2].cards for g in off) else []
    if target == "chosen":
        return [f[2] for f in (st.find_unit(i) for i in picked) if f is not None]
    if isinstance(target, dict) and target.get("all"):
        units = [u for _, _, u in every_unit(eng, controller, target, owner)]
        return [u for u in units if st.card(u.top).type == "character"]
    return []


def _raise_for_check(
    eng: UnionArenaEngine, op: dict[str, Any], units: list[Unit], controller: str
) -> list[tuple[Unit, Modifier]]:
    """A ``bp`` op's change put on ``units`` for the rest of a targets check, so that a later
    choice bounded by BP ("…BP-1000。BP2000以下の…を1枚選び、退場させる") reads the BP the op
    leaves, as it will when the effect resolves; :func:`check_effect_targets` takes them back."""
    out = []
    bp = bp_per.amount(eng.state, op, controller)  # "…1枚につき": the field as staged now
    for unit in units:
        mod = Modifier(bp=bp, until=op.get("until", "turn"), owner=controller)
        unit.mods.append(mod)
        out.append((unit, mod))
    return out


def _into_hands(
    eng: UnionArenaEngine,
    controller: str,
    op: dict[str, Any],
    sel: dict[str, Any],
    got: list[Any],
    hands: dict[str, list[str | None]],
) -> None:
    """The hands as an op on the chosen cards leaves them: a discard or a removal from a
    hand takes them out (an unknown slot for a card bound as it was named), a return puts
    each top card into its owner's hand."""
    st = eng.state
    side = controller if sel.get("side", "own") == "own" else st.other(controller)
    kind = "discard" if op.get("op") == "discard" else op.get("op")
    for obj in got:
        if (
            isinstance(obj, Take)
            and obj.zone == "hand"
            and kind in ("discard", "remove", "to_deck_bottom")
        ):
            held = hands[side]
            if obj.iid in held or None in held:
                held.remove(None if obj.bind or obj.iid not in held else obj.iid)
        elif isinstance(obj, Take) and kind == "to_hand":
            hands[side].append(obj.iid)
        elif isinstance(obj, tuple) and kind == "to_hand":
            hands[obj[0]].append(obj[2].top)


def _selector_mismatch(
    eng: UnionArenaEngine, sel: dict[str, Any], line: str, unit: Unit, source: str | None = None
) -> str | None:
    st = eng.state
    if sel.get("other") and source is not None and source in unit.cards:
        return f"{unit.top} is the effect's own card; the text asks for another."
    if sel.get(rested_by.SELECTOR) and not rested_by.unit_rested(st, unit):
        return f"{unit.top} was not rested from active by its player's effect this turn."
    zone = sel.get("zone", "field")
    if zone in LINES and line != zone:
        return f"{unit.top} is in the {line.replace('_', ' ')}, not the {zone.replace('_', ' ')}."
    if sel.get(swap.KEY):  # "このキャラと別のラインにある": not in this card's line (swap.py)
        why = swap.mismatch(eng, line, source)
        if why is not None:
            return f"{unit.top} is not in the other line than this card: {why}"
    d = st.card(unit.top)
    want = sel.get("type", None if zone == "field" else "character")
    if want is not None and want != d.type:
        return f"{unit.top} is a {d.type}, not a {want}."
    if "bp_max" in sel:
        eng.ctx.read("bp")  # a "BP N or less" condition
        if d.type != "character" or st.bp(unit) > sel["bp_max"]:
            return f"{unit.top} has BP {st.bp(unit)}, more than {sel['bp_max']}."
    if "bp_min" in sel:
        eng.ctx.read("bp")  # a "BP N or more" condition
        if d.type != "character" or st.bp(unit) < sel["bp_min"]:
            return f"{unit.top} has BP {st.bp(unit)}, less than {sel['bp_min']}."
    printed = printed_bp.mismatch(sel, d.type, d.bp)
    if printed is not None:
        return f"{unit.top} {printed}"
    if "rested" in sel and unit.rested != sel["rested"]:
        return f"{unit.top} is {'rested' if unit.rested else 'active'}."
    under = facedown.mismatch(sel, unit)  # "裏向きのカードが下にない…" (UA-UNDER)
    if under is not None:
        return under
    return card_mismatch(eng, sel, unit.top)


def card_mismatch(
    eng: UnionArenaEngine, sel: dict[str, Any], iid: str | None, in_hand: bool | None = None
) -> str | None:
    """Why card ``iid`` does not meet the selector's card conditions, or None.

    The conditions of card text (seed, "用不同的括號區分不同的指定條件"): ``name`` — <Name>, the
    card's name or one it is also treated as; ``trait`` / ``affinity`` — [Trait], the trait
    (特徴) the English cards call affinity ("[The Order] affinity cards"); ``color``;
    ``energy_max`` — "必要エナジーがN以下の": the card's printed required energy, all colours
    together, is at most N; ``energy_min`` — "必要エナジーがN以上の": at least N; ``card_type`` — "キャラカード", "イベントカード": the card's type,
    wherever it is (a selector's ``type`` is a field's: a line's default is a character);
    ``name_contains`` — "カード名に「X」を含む": its name, or one it is also treated as,
    contains X; ``ap_cost`` — "消費APがN": its AP cost is N (in the hand as
    ``UA-EFFECT-AP-LESS`` reads it); ``not_name`` — "〈X〉以外の":
    neither named X nor treated as X.
    A card nobody has seen (observed mode) is not checked here: it is bound when named.
    """
    if iid is None:
        return None
    d = eng.state.card(iid)
    if "name" in sel and not d.has_name(sel["name"]):
        also = f" (also treated as {', '.join(d.also_treated_as)})" if d.also_treated_as else ""
        return f"{iid} is {d.name}{also}, not <{sel['name']}>."
    for key in ("trait", "affinity"):
        if key in sel and not d.has_trait(sel[key]):
            return f"{iid} does not have the {key} [{sel[key]}]."
    if "color" in sel and d.color != sel["color"]:
        return f"{iid} is {d.color or 'colourless'}, not {sel['color']}."
    if "card_type" in sel and d.type != sel["card_type"]:
        return f"{iid} is {TYPE_WORDS.get(d.type, d.type)}, not {TYPE_WORDS.get(sel['card_type'])}."
    if "name_contains" in sel and not d.name_contains(sel["name_contains"]):
        return f"{iid} ({d.name}) does not have 「{sel['name_contains']}」 in its name."
    if "any_of" in sel and all(card_mismatch(eng, alt, iid) for alt in sel["any_of"]):
        return f"{iid} ({d.name}) is none of the cards the text names."
    if "energy_max" in sel:
        need = sum(conditions.required_energy(eng, iid, in_hand).values())
        if need > sel["energy_max"]:
            return f"{iid} requires {need} energy, more than {sel['energy_max']}."
    if "energy_min" in sel:  # "必要エナジーが4以上の": at least N, as energy_max counts it
        need = sum(conditions.required_energy(eng, iid, in_hand).values())
        if need < sel["energy_min"]:
            return f"{iid} requires {need} energy, less than {sel['energy_min']}."
    if "card_type" in sel and d.type != sel["card_type"]:
        return f"{iid} is a {d.type} card, not a {sel['card_type']} card."
    if "ap_cost" in sel and apcost.ap_cost(eng, iid, in_hand) != sel["ap_cost"]:
        return f"{iid} costs {apcost.ap_cost(eng, iid, in_hand)} AP, not {sel['ap_cost']}."
    if "not_name" in sel and d.has_name(sel["not_name"]):
        return f"{iid} is <{sel['not_name']}>: the text asks for another card."
    if raid_source.KEY in sel:  # "このキャラのレイド元のカード" (UA-EFFECT-RAID-SOURCE)
        why = raid_source.mismatch(sel, iid)
        if why is not None:
            return why
    if "play" in sel and raid_only.barred(d):  # "レイド以外で登場できない" (UA-EFFECT-RAID-ONLY)
        return raid_only.why(iid)
    if sel.get("has_raid") and not raidtext.has_raid(d):  # "[レイド]を持つ" (UA-EFFECT-HAS-RAID)
        return f"{iid} ({d.name}) has no [Raid]."
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
    if "bp_min" in sel:
        bits.append(f"with BP ≥ {sel['bp_min']}")
    if "printed_bp_max" in sel:
        bits.append(f"with printed BP ≤ {sel['printed_bp_max']}")
    if "printed_bp_min" in sel:
        bits.append(f"with printed BP ≥ {sel['printed_bp_min']}")
    if "energy_max" in sel:
        bits.append(f"with required energy ≤ {sel['energy_max']}")
    if "energy_min" in sel:
        bits.append(f"with required energy ≥ {sel['energy_min']}")
    if "card_type" in sel:
        bits.append(f"of type {sel['card_type']}")
    if "ap_cost" in sel:
        bits.append(f"costing {sel['ap_cost']} AP")
    if "not_name" in sel:
        bits.append(f"not named <{sel['not_name']}>")
    if sel.get("other"):
        bits.append("other than the effect's own card")
    if sel.get(rested_by.SELECTOR):
        bits.append("rested from active by its player's effect this turn")
    if "name" in sel:
        bits.append(f"named <{sel['name']}>")
    for key in ("trait", "affinity"):
        if key in sel:
            bits.append(f"with [{sel[key]}]")
    if "color" in sel:
        bits.append(f"of colour {sel['color']}")
    if "card_type" in sel:
        bits.append(f"that is {TYPE_WORDS.get(sel['card_type'], sel['card_type'])} card")
    return " ".join(bits)
