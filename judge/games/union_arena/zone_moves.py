"""Card moves between a player's hand, deck and outside area that choose nothing on the field:
the ops ``opponent_draw`` ("相手はカードを1枚引く", ``UA-EFFECT-OPPONENT-DRAW``),
``discard_all`` ("自分の手札を全て場外に置く", ``UA-EFFECT-DISCARD-ALL``) and ``self_to_hand``
("[退場時]このカードを手札に加える", ``UA-EFFECT-RETIRED-TO-HAND``).  A card of the outside area
put on top of the deck, which chooses a card, is :mod:`judge.games.union_arena.decktop`'s
(``to_deck_top``, ``UA-EFFECT-OUTSIDE-TO-DECK-TOP``).

Why a module of its own: :func:`judge.games.union_arena.effects.supported` asks :func:`op_ok`
and :func:`changes`, and :func:`judge.games.union_arena.resolve.run_effect` asks :func:`run`,
so the frame modules each gain a line per question, not a branch per op.

**The whole hand.**  Every card of the controller's hand goes, face up, into their outside
area; nobody chooses anything, and an empty hand puts none.  The cards were never on the
field, so they are not retired.  The log records nothing for it: in seeded mode the engine
knows the hand; in observed mode a card of the hand it does not know goes into the outside
area unknown, and the step is unverifiable (the later ones uncertain) until an ``outcome``
reveals it, as for the deck's top cards put there with no record (``mill.py``).  The check
of an action's targets empties the staged hand (``targets.check_effect_targets``).

**The retired card.**  A retired card is in its owner's outside area; the ability puts it
into their hand if it is still there (another effect may have moved it first: then nothing).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from judge.core.wording import agree, plural
from judge.games.union_arena import nextap

if TYPE_CHECKING:
    from judge.core.timing import PendingEffect
    from judge.games.union_arena.engine import UnionArenaEngine

DISCARD_ALL_RULE = "UA-EFFECT-DISCARD-ALL"
RETIRED_RULE = "UA-EFFECT-RETIRED-TO-HAND"
OPPONENT_DRAW_RULE = "UA-EFFECT-OPPONENT-DRAW"
#: the ops of this module
OPS = ("opponent_draw", "discard_all", "self_to_hand", *nextap.OPS)


def op_ok(effect: dict[str, Any], i: int) -> bool:
    """Whether op ``i`` of ``effect``, one of :data:`OPS` (any other: True), is one the engine
    executes exactly (``effects.supported``)."""
    ops = effect["do"]
    op = ops[i]
    kind = op.get("op")
    if kind == "opponent_draw":  # n cards of their own deck
        n = op.get("n")
        return set(op) <= {"op", "n", "if", "if_done", "if_chosen"} and type(n) is int and n >= 1
    if kind == "discard_all":  # no choice, so nothing "if you did" after it
        return set(op) <= {"op", "if", "if_chosen"}
    if kind in nextap.OPS:  # "次に手札から使用する…の消費APを-N" (nextap.py)
        return nextap.op_ok(op)
    if kind == "self_to_hand":  # a when-retired ability's last op, or a milled card's only one
        if effect.get("when") == "own_milled":  # UA-TRIGGER-OWN-MILLED: "…てもよい"
            return set(op) == {"op"} and len(ops) == 1 and effect.get("optional") is True
        return (
            set(op) <= {"op", "if_done"} and effect.get("when") == "on_retire" and i == len(ops) - 1
        )
    return True


def changes(kind: Any) -> set[str] | None:
    """What an op of :data:`OPS` may change that a later condition reads (``interference._changes``'
    names), or None for another op."""
    return {
        "opponent_draw": {"opponent_hand", "opponent_deck"},
        "discard_all": {"hand", "outside"},
        "self_to_hand": {"outside", "hand"},
        "ap_less_next": set(),
    }.get(kind)


def run(eng: UnionArenaEngine, pe: PendingEffect, op: dict[str, Any]) -> bool:
    """Carry out ``op`` of ``pe`` if it is ``opponent_draw``, ``discard_all`` or
    ``self_to_hand``; whether it was one of them."""
    kind = op.get("op")
    if kind == "opponent_draw":
        other = eng.state.other(pe.controller)
        drawn = eng.draw(other, int(op["n"]), why=f" ({pe.source}'s effect)")
        eng.ctx.ruling(
            OPPONENT_DRAW_RULE,
            f"{pe.describe()}: {other}, the opponent, draws {drawn} from their own deck.",
        )
        return True
    if kind == "discard_all":
        _discard_all(eng, pe)
        return True
    if kind == "self_to_hand":
        _retired_to_hand(eng, pe)
        return True
    if kind in nextap.OPS:
        nextap.run(eng, pe, op)
        return True
    return False


def _discard_all(eng: UnionArenaEngine, pe: PendingEffect) -> None:
    """Put every card of ``pe``'s controller's hand into their outside area."""
    pid = pe.controller
    ps = eng.state.players[pid]
    cards = list(ps.hand)
    ps.hand.clear()
    ps.outside.extend(cards)
    for iid in cards:
        eng.event(
            "discard",
            f"{pid} puts {eng.name(iid) if iid else 'a card'} from hand into the outside area "
            f"({pe.source}'s effect).",
            player=pid,
            card=iid,
        )
    eng.ctx.ruling(
        DISCARD_ALL_RULE,
        f"{pe.describe()}: {pid} puts the whole hand, {plural(len(cards), 'card')}, into the "
        f"outside area, face up; {agree(len(cards), 'it is', 'they are')} not retired.",
    )
    if None in cards:
        eng.ctx.ruling(
            DISCARD_ALL_RULE,
            f"The engine does not know every card of {pid}'s hand (observed mode): the unknown "
            "ones are public in the outside area but not known here, so this step is "
            "unverifiable and the steps after it uncertain until an outcome reveals them.",
        )
        eng.ctx.cannot_verify(f"the cards {pe.describe()} put into the outside area are not known")
        eng.taint_effect(pe, DISCARD_ALL_RULE)


def _retired_to_hand(eng: UnionArenaEngine, pe: PendingEffect) -> None:
    """The retired card itself from its owner's outside area into their hand, if it is still
    there."""
    ps = eng.state.players[pe.controller]
    name = eng.name(pe.source)
    if pe.source not in ps.outside:
        eng.ctx.ruling(
            RETIRED_RULE,
            f"{pe.describe()}: {name} is no longer in {pe.controller}'s outside area: nothing "
            "is put into the hand.",
        )
        return
    ps.outside.remove(pe.source)
    ps.hand.append(pe.source)
    eng.event(
        "move_card",
        f"{name} goes from {pe.controller}'s outside area to the hand.",
        player=pe.controller,
        card=pe.source,
        to="hand",
    )
    eng.ctx.ruling(
        RETIRED_RULE,
        f"{pe.describe()}: the {'milled' if pe.trigger == 'own_milled' else 'retired'} {name} "
        f"goes from the outside area into {pe.controller}'s hand.",
    )
