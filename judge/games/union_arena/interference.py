"""What an effect's ops change that a later condition of the same effect reads.

A condition is read as its op is carried out, but the check of an effect's targets (when the
action that records them is judged, before the effect resolves) reads the game as it is then.
An effect is executed only when the two cannot differ: no op before a condition may change
what it reads (:func:`judge.games.union_arena.effects.supported`).  This module names both
sides in one vocabulary of zones, one's own (``field``) or the opponent's
(``opponent_field``): :func:`_reads` (what a condition reads), :func:`_changes` (what an op
may change), :func:`_cost_changes` (what an activated ability's cost changes first).

Why a module of its own: every new op and condition must say what it changes and reads, and
the table is easier to keep exact apart from the validation of the effect vocabulary.
"""

from __future__ import annotations

from typing import Any

from judge.games.union_arena import (
    entered,
    facedown,
    only_if,
    printed_bp,
    rested_by,
    retired_by,
    self_state,
    this_turn,
    zone_moves,
)

#: ops that take a card off the field, and those that turn one
LEAVE_OPS = ("retire", "to_hand", "remove", "to_deck_bottom")
TURN_OPS = ("rest", "activate")
#: the ops that move a card of the field from one line to the other (textmove.py, swap.py)
MOVE_OPS = ("move_line", "swap", "pick_swap")


def _reads(cond: dict[str, Any]) -> set[str]:
    """What of the game a condition reads, in the names :func:`_changes` gives: a zone,
    one's own (``field``) or the opponent's (``opponent_field``)."""
    whose = "" if cond.get("side", "own") == "own" else "opponent_"
    if cond.get("zone") == this_turn.ZONE and "retired" in cond:  # its cards leaving the field
        return {"field", "retired"}
    if cond.get("zone") == entered.ZONE:  # the card itself: an op may take it off the field
        return {"field"}
    if cond.get("zone") == this_turn.ZONE and rested_by.KEY in cond:
        return set()  # an op before it on the same card: this_turn.read_on
    if cond.get("zone") == this_turn.ZONE and retired_by.KEY in cond:
        return {"char_retired"}  # an op before it on a character's card: this_turn.read_on
    if cond.get("zone") == this_turn.ZONE and {"ap_paid", "attack_ap_paid"} & set(cond):
        return {"ap_paid"}
    if cond.get("zone") == this_turn.ZONE and "used" in cond:
        return set()  # the cards used from the hand: no op uses one (a play by an effect is not)
    if cond.get("zone") == this_turn.ZONE and "own_turn" in cond:
        return set()  # whose turn it is: nothing within a turn changes it
    if cond.get("zone") == facedown.ZONE:  # under a card of one's field: it may leave too
        return {"face_down", "field"}
    if cond.get("zone") == printed_bp.ZONE:  # BP now: a BP op, a card leaving, one played
        return {"bp", "opponent_bp", "field", "opponent_field"}  # (its continuous effects)
    if cond.get("zone") == self_state.ZONE:  # the card itself: a cost may rest it (and
        return {self_state.ZONE}  # supported reads it only before any op)
    return {whose + cond.get("zone", "field")}


def _whole_field(cond: dict[str, Any]) -> dict[str, Any]:
    """A condition on one line read as one on its side's field, for what it reads."""
    return {**cond, "zone": "field"} if cond.get("zone") in only_if.LINE_ZONES else cond


def _outside_count_for_self(op: dict[str, Any]) -> bool:
    """ "自分の場外にカードが10枚以上ある場合、このキャラはこのターン中、発生エナジー+[紫]": a
    count of every card of one's outside area, read as the op resolves (resolve.py), for an
    op on the card itself that chooses nothing.  The cost's discards and the effect's mills
    before it are in that count, whatever the cards are, so it is exact however they
    changed it; the check of targets before resolution has nothing of this op's to check."""
    cond = op.get("if")
    return (
        op["op"] == "generate"
        and op.get("target", "self") == "self"
        and isinstance(cond, dict)
        and cond.get("zone") == "outside"
        and cond.get("side", "own") == "own"
        and set(cond) <= {"side", "zone", "min", "max"}
    )


def _cost_changes(effect: dict[str, Any]) -> set[str]:
    """What an activated ability's cost changes before its effect resolves, which the
    check of its targets (at the activation) reads before the cost is paid: a card of the
    hand into the outside area, its own card retired into it."""
    cost = effect.get("cost") if isinstance(effect.get("cost"), dict) else {}
    out: set[str] = set()
    if cost.get("discard"):
        out |= {"hand", "outside"}
    if cost.get("retire_self"):
        out |= {"outside", "retired"}
    if cost.get("retire_self") or cost.get("rest_self"):  # the card itself (self_state.py)
        out.add(self_state.ZONE)
    if cost.get("ap"):  # paid before the ops, after the check of targets (this_turn.py)
        out.add("ap_paid")
    return out


def _changes(op: dict[str, Any]) -> set[str]:
    """What an op may change that a later condition reads (:func:`_reads`): a card leaving
    a side's field, hand or outside area changes all three of that side's (it goes to one
    of them, or a raided stack's lower cards go to the outside area); a card moved to the
    other line (or two swapped) that side's field, for a condition on a line, and its removal
    area (a full line's card goes there first); a card rested or made
    active changes the opponent's field (one's own is never read for its state); a draw or
    a look one's own hand and deck (a mill its deck: :func:`supported`), a card put on the
    bottom of a deck that deck too, a discard one's hand and outside area.  A target ``chosen`` may
    be either side's card."""
    kind = op.get("op")
    target = op.get("target", "self")
    if target == "self":
        whose = {""}
    elif isinstance(target, dict):
        whose = {"" if target.get("side", "own") == "own" else "opponent_"}
    else:
        whose = {"", "opponent_"}
    if kind in LEAVE_OPS:
        to = ("field", "hand", "outside", *(("deck",) if kind == "to_deck_bottom" else ()))
        return {w + zone for w in whose for zone in to}
    if kind in TURN_OPS:
        return {"opponent_field"} & {w + "field" for w in whose}
    if kind in MOVE_OPS:  # a card changes lines (a line condition reads it), and a full line
        # puts one of its cards into the removal area first
        return {w + zone for w in whose for zone in ("field", "removal")}
    if kind == "look" and (op.get("to") == "outside" or op.get("rest") == "top_or_outside"):
        return {"hand", "deck", "outside"}  # a card looked at may go into the outside area
    if kind in ("draw", "look"):
        return {"hand", "deck"}
    if kind == "discard":
        return {"hand", "outside"}
    if kind == "to_deck_top":
        return {"outside", "deck"}
    if kind == "bp":  # read by a condition on BP now (printed_bp.py)
        return {w + "bp" for w in whose}
    return zone_moves.changes(kind) or facedown.changes(kind) or set()
