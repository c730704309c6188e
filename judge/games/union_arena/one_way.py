"""A ``resolve`` the rules leave exactly one way (UA-FORCED-DECISION): which targets it has.

A waiting effect's ``resolve`` is a decision (its order, whether to use it, its targets).  It
has one way when the effect is the only one its controller may resolve now, it is mandatory
(not optional, no optional cost), and each choice it makes has one answer: a selector that
names exactly as many cards as meet it (or, for a printed "choose 1" with ``if_able``, every
card that meets it, none when none does).  Left out, such a ``resolve`` is filled in as that
way and the step stays verifiable; recorded, it is judged as any ``resolve`` (another target
breaks UA-EFFECT-TARGETS).

What this does not call one way (the log's record is needed, as before): an "up to" choice
with any card to choose, a choice among more cards than it names, a card a hidden zone may
hold (observed mode), a look at the deck, a choice among listed effects, a move to the other
line (a full line needs the card removed), a choice in the hand after a draw, a card played by
an effect (when one can be), and an op with a condition (whether it happens is read when it
resolves).  The deck's top cards put into the outside area ("自分の山札の上から3枚を場外に置く")
are one way when the engine knows them (seeded mode) and nothing before it in the effect moved
the deck: their record ``{"outside": [...]}`` names them; not "up to" (a choice), nor a deck
too short, nor when a choice follows the mill (it could take a card the mill put).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from judge.games.union_arena import conditions, effects, mill, trigger_where
from judge.games.union_arena.state import LINES
from judge.games.union_arena.targets import (
    _selector_mismatch,
    card_mismatch,
    check_effect_targets,
    op_selector,
)

if TYPE_CHECKING:
    from judge.core.timing import PendingEffect
    from judge.games.union_arena.engine import UnionArenaEngine

#: op fields that make whether an op happens, or what it chooses, depend on the moment
CONDITIONAL = ("if", "if_chosen", "if_done", "if_none_before", "if_taken")


def forced_targets(eng: UnionArenaEngine, pe: PendingEffect) -> list[Any] | None:
    """The targets of ``pe``'s ``resolve`` when the rules leave them one way, else None."""
    effect = pe.effect
    if eng.supports(effect) and not trigger_where.applies(eng, pe):
        return []  # "[登場時][フロントLにある場合]", its card elsewhere: it does nothing
    if (
        not eng.supports(effect)
        or effect.get("optional")
        or effects.optional_ap(effect)
        or effects.optional_discard(effect)
    ):
        return None
    targets: list[Any] = []
    drew = milled = False
    for op in effect.get("do", []):
        if op.get("op") in ("look", "modes", "move_line") or any(k in op for k in CONDITIONAL):
            return None
        if op.get("op") in ("draw", "discard_all"):  # the hand changed: a hand choice waits
            drew = True
            continue
        if op.get("op") == "mill":  # the top cards the engine knows, if the deck is as it is now
            record = None if drew or milled else mill.one_way(eng, pe.controller, op)
            if record is None:
                return None
            targets.append(record)
            milled = True  # the deck and the outside area moved: not followed further here
            continue
        sel = op_selector(op)
        if sel is None:
            continue
        sel = conditions.effective(eng, pe.controller, sel, source=pe.source)
        if drew and sel.get("zone") == "hand" or milled:
            return None
        cands = _candidates(eng, pe, sel)
        if cands is None:
            return None
        count = int(sel.get("count", 1))
        if (sel.get("up_to") or op.get("op") == "play") and cands:
            return None  # a card played is also placed: the log says where (playcard.py)
        if len(cands) > count or (len(cands) < count and not sel.get("if_able")):
            return None
        targets += cands
    path = f"actions[{eng.ctx.index}].targets"
    if check_effect_targets(eng, pe.controller, [effect], targets, path, source=pe.source):
        return None
    return targets


def _candidates(eng: UnionArenaEngine, pe: PendingEffect, sel: dict[str, Any]) -> list[str] | None:
    """The instance ids of every card that meets ``sel`` now; None when a card of the zone is
    hidden from the engine (it may or may not meet it)."""
    st = eng.state
    side = pe.controller if sel.get("side", "own") == "own" else st.other(pe.controller)
    zone = sel.get("zone", "field")
    ps = st.players[side]
    if zone == effects.AP_ZONE:
        return list(ps.ap_cards)
    if zone in effects.CARD_ZONES:
        cards = ps.hand if zone == "hand" else ps.outside
        if None in cards:
            return None
        return [iid for iid in cards if card_mismatch(eng, sel, iid, zone == "hand") is None]
    lines = LINES if zone == "field" else (zone,)
    return [
        unit.top
        for line in lines
        for unit in ps.line(line)
        if _selector_mismatch(eng, sel, line, unit, pe.source) is None
    ]
