"""A card of one's outside area put on top of one's deck (``op`` ``to_deck_top``, rule
``UA-EFFECT-OUTSIDE-TO-DECK-TOP``), and hand cards put on its bottom (``to_deck_bottom`` on a
selector of the hand, then ``draw`` ``as_many``; ``UA-EFFECT-HAND-TO-DECK-BOTTOM``).

Printed "自分の場外から[特徴:X]を1枚まで自分の山札の上に置く。": the controller chooses up to one
card of their outside area that meets the conditions and puts it on top of their deck.  The
outside area is face up, so the card chosen is public and the deck's top card is then known to
both players.  One card only: of two or more the order on top would be a choice of its own,
which no log records; and the op must be its ability's last, since the checks before an effect
resolves (:func:`judge.games.union_arena.targets.check`) do not see the deck it leaves.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from judge.games.union_arena.engine import UnionArenaEngine


def deck_top_ok(op: dict[str, Any], last: bool) -> bool:
    """Whether a ``to_deck_top`` op is one the engine executes: the last op of its ability, on
    one card (up to one, or one if there is one) of the controller's own outside area."""
    target = op.get("target")
    return (
        last
        and isinstance(target, dict)
        and target.get("zone") == "outside"
        and target.get("side", "own") == "own"
        and target.get("count") == 1
        and not target.get("all")
        and set(op) <= {"op", "target"}
    )


def hand_bottom_ok(op: dict[str, Any], before: dict[str, Any] | None) -> bool:
    """Whether ``op`` is executed exactly as far as hand cards to the bottom of the deck go
    (``UA-EFFECT-HAND-TO-DECK-BOTTOM``): a ``to_deck_bottom`` off the field only of one's own
    hand; a ``draw`` of ``as_many`` only right after one, with no ``n``."""
    target = op.get("target")
    off_field = isinstance(target, dict) and target.get("zone") in ("hand", "outside")
    if op.get("op") == "to_deck_bottom" and off_field:
        return target.get("zone") == "hand" and target.get("side", "own") == "own"
    if op.get("op") == "draw" and "as_many" in op:
        prior = (before or {}).get("target")
        return (
            op["as_many"] is True
            and "n" not in op
            and (before or {}).get("op") == "to_deck_bottom"
            and isinstance(prior, dict)
            and prior.get("zone") == "hand"
        )
    return True


def put_on_bottom(eng: UnionArenaEngine, side: str, iid: str) -> None:
    """Put ``iid`` (taken from ``side``'s hand) on the bottom of ``side``'s deck: the cards
    chosen go there one after another in the order the log names them, top first."""
    eng.state.players[side].deck.append(iid)
    eng.event(
        "move_card",
        f"{side} puts {eng.name(iid)} from the hand on the bottom of the deck.",
        player=side,
        card=iid,
        to="deck_bottom",
    )
    eng.ctx.ruling(
        "UA-EFFECT-HAND-TO-DECK-BOTTOM",
        f"{eng.name(iid)} goes from {side}'s hand to the bottom of the deck, in the order named.",
    )


def put_on_top(eng: UnionArenaEngine, side: str, iid: str, zone: str) -> None:
    """Put ``iid`` (taken from ``side``'s ``zone``) on top of ``side``'s deck: public, as it
    came from the face-up outside area."""
    eng.state.players[side].deck.insert(0, iid)
    eng.event(
        "move_card",
        f"{eng.name(iid)} goes from {side}'s {zone} to the top of the deck.",
        player=side,
        card=iid,
        to="deck_top",
    )
    eng.ctx.ruling(
        "UA-EFFECT-OUTSIDE-TO-DECK-TOP",
        f"{eng.name(iid)} is put on top of {side}'s deck (public: it came from the outside area).",
    )
