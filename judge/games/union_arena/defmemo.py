"""What a card definition says that the hot paths ask again and again, worked out once per
definition: the triggers of its effects, and its own continuous ops of each kind the engine
reads (those that pass the op's own checks, which read nothing but the op).

Why: most cards of a game have effects, and every attack, block, turn end and BP or keyword
read walked all of them (``fire``, ``own_static.lowers``, ``UAState.static_keywords``, …)
to find, most of the time, nothing.  Definitions never change (CardDefs are immutable, the
engines only read them, :func:`~judge.games.union_arena.cards.card_def`), and the checks
kept here read only the op: the same ops, in the same order, as the walks found.  Kept on the
definition itself (``CardDef.memo``, set once: one attribute read an ask).

A definition whose effects the checks cannot read (one raises) gets ``False``: its callers
then walk its effects as before, so that what happens, error included, is what happened.
"""

from __future__ import annotations

from typing import Any

from judge.games.union_arena.cards import CardDef


class Facts:
    """A definition's facts (see the module)."""

    __slots__ = ("whens", "lowering", "grants", "raises", "reductions", "stays", "generations")

    def __init__(self, effects: tuple[dict[str, Any], ...]) -> None:
        from judge.games.union_arena.facedown import stays_ok
        from judge.games.union_arena.handenergy import op_ok
        from judge.games.union_arena.state import generation_ok, static_bp_ok, static_grant_ok

        #: every effect's ``when``: ``fire`` finds none of its trigger's unless it is here
        self.whens = frozenset(e.get("when") for e in effects)
        ops = [op for e in effects if e.get("when") == "continuous" for op in e.get("do") or []]
        #: the continuous lowerings of its own (``own_static.lowers``' checks but the last)
        self.lowering = tuple(
            op
            for op in ops
            if isinstance(op, dict)
            and op.get("op") == "bp"
            and isinstance(op.get("amount"), int)
            and op["amount"] < 0
            and static_bp_ok(op)
        )
        #: the continuous keywords of its own (``UAState.static_keywords``)
        self.grants = tuple(op for op in ops if static_grant_ok(op))
        #: the continuous BP changes of its own (``UAState.static_bp``)
        self.raises = tuple(op for op in ops if static_bp_ok(op))
        #: the required energy it takes off cards in the hand (``handenergy.reduction``)
        self.reductions = tuple(op for op in ops if op_ok(op))
        #: "…場合、このキャラはアクティブにならない" (``facedown.stays_rested``)
        self.stays = tuple(op for op in ops if stays_ok(op))
        #: the energy it generates while a condition holds (``UAState.energy``)
        self.generations = tuple(op for op in ops if generation_ok(op))


def facts(d: CardDef) -> Facts | bool:
    """The facts of ``d``, worked out at the first ask and kept on it (False: see the
    module).  The hot paths read ``d.memo`` first and call this only when it is None."""
    found = d.memo
    if found is None:
        try:
            found = Facts(d.effects)
        except Exception:  # noqa: BLE001 - its callers walk its effects as before, and fail there
            found = False
        object.__setattr__(d, "memo", found)  # a frozen dataclass: set once, as a cache
    return found


#: the triggers of a card without effects
NO_TRIGGERS: frozenset[Any] = frozenset()


def triggers(st: Any, unit: Any) -> frozenset[Any] | None:
    """The ``when`` of every effect of ``unit``'s top card (empty: it has none), or None when
    its facts are not kept (see the module).  ``eng.fire(unit, t, pid)`` with no ``card``,
    for a trigger ``t`` other than ``on_play``, returns at once, doing nothing, unless ``t``
    is in it or it is None (``fire``'s first lines): the loops over units that fire at every
    attack, battle and turn end ask this first, one call where ``fire`` was one or two."""
    d = st.defs[st.code_of[unit.cards[-1]]]
    if not d.effects:
        return NO_TRIGGERS
    found = d.memo or facts(d)
    return found.whens if found else None


def may_watch(effects: tuple[dict[str, Any], ...]) -> bool:
    """Whether a card with ``effects`` may fire as a card enters the other line
    (``other_line_enters``); True too where its effects cannot be read so (they are then
    walked as before)."""
    try:
        return any(e.get("when") == "other_line_enters" for e in effects)
    except Exception:  # noqa: BLE001 - fire walks them as before, and fails there
        return True


def may_reduce_hand(effects: tuple[dict[str, Any], ...]) -> bool:
    """Whether a card with ``effects`` takes required energy off cards in its owner's hand
    (``handenergy.reduction`` counts one of its ops); True too where its effects cannot be
    read so (they are then walked as before)."""
    from judge.games.union_arena.handenergy import op_ok

    try:
        return any(
            e.get("when") == "continuous" and any(op_ok(op) for op in e.get("do") or [])
            for e in effects
        )
    except Exception:  # noqa: BLE001 - reduction walks them as before, and fails there
        return True


def may_lower(effects: tuple[dict[str, Any], ...]) -> bool:
    """Whether a card with ``effects`` has a continuous lowering of its own (``Facts.lowering``,
    ``own_static.lowers``); True too where its facts cannot be kept (its effects are then
    walked as before)."""
    try:
        return bool(Facts(effects).lowering)
    except Exception:  # noqa: BLE001 - lowers walks them as before, and fails there
        return True


def game_whens(defs: dict[str, CardDef]) -> frozenset[Any] | None:
    """The ``when`` of every effect of every card of ``defs`` (None when the facts of one are
    not kept): a trigger not in it fires nothing in the game."""
    out: set[Any] = set()
    for d in defs.values():
        found = d.memo or facts(d)
        if not found:
            return None
        out |= found.whens
    return frozenset(out)
