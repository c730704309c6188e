"""A unit card of one's hand put into one's rush area by an effect, its additional condition met
(RS-HAND-TO-RUSH): "自分の手札からDAを持つBP3000以下のSユニットのカードを1枚選び、ラッシュエリアに出して
もよい。ただし、追加条件は満たすこと。", here triggered while the card is in its player's area when an
opposing unit with a feature is rushed in an opposing player's rush phase (RS-OPPOSING-RUSHED,
:mod:`judge.games.rangers_strike.watch`).

The op ``{"op": "from_hand", "find": {"type": "unit", "category": C, "bp_max": N, "size": S},
"count": 1, "to": "rush", "condition_met": true}``, the one op of an optional effect: the
player may put one unit card of its hand of that printed category, size and BP (N or less) into
its rush area by the effect.  No command is held for it (atwiki renst 151), and no required
power is asked: the text asks the additional condition only, where another prints both
("ただし、必要パワーと追加条件は満たすこと").  The additional condition must be met: a unit it names
in the player's rush or battle area (RS-RUSH-CONDITION).  What the log has no place for, or the
engine does not read, is not guessed (unverifiable): a condition that is a cost (units
discarded, commands held), a card the importer flagged, and in tag battle a condition only the
ally's units meet.  The card is taken as RS-FROM-HAND takes one
(:mod:`judge.games.rangers_strike.deck_search`): named first in the resolve's targets, a
hidden hand's card bound; a when-rushed effect of its own is not run (RS-FROM-DISCARD).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from judge.games.rangers_strike import rush_waiver

if TYPE_CHECKING:
    from judge.games.rangers_strike.engine import RangersStrikeEngine

RULE = "RS-HAND-TO-RUSH"
WATCH_RULE = "RS-OPPOSING-RUSHED"
Problem = tuple[str, str]
_CATEGORIES = ("WB", "ET", "OT", "MA", "DA")
_SIZES = ("S", "M", "L")


def is_op(op: Any) -> bool:
    """Whether ``op`` puts a card of the hand into the rush area, its condition met."""
    return isinstance(op, dict) and op.get("op") == "from_hand" and "condition_met" in op


def ok(effect: dict[str, Any]) -> bool:
    """Whether an effect with such an op is the one shape the engine executes (module
    docstring)."""
    ops = effect.get("do")
    if effect.get("optional") is not True or not isinstance(ops, list) or len(ops) != 1:
        return False
    op = ops[0]
    find = op.get("find")
    bp = find.get("bp_max", 0) if isinstance(find, dict) else None
    return (
        set(op) == {"op", "find", "count", "to", "condition_met"}
        and op["condition_met"] is True
        and op["count"] == 1
        and op["to"] == "rush"
        and isinstance(find, dict)
        and find.get("type") == "unit"
        and set(find) <= {"type", "category", "bp_max", "size"}
        and find.get("category", "WB") in _CATEGORIES
        and find.get("size", "S") in _SIZES
        and isinstance(bp, int)
        and not isinstance(bp, bool)
        and bp >= 0
    )


def condition(eng: RangersStrikeEngine, pid: str, iid: str) -> tuple[Problem | None, str | None]:
    """Whether ``pid`` meets card ``iid``'s additional condition: a problem when it does not, a
    doubt when the engine cannot tell (module docstring), or neither."""
    from judge.games.rangers_strike.rush_phase import units_meeting

    d = eng.state.card(iid)
    if isinstance(d.raw.get("cost"), dict) or d.raw.get("unsupported"):
        return None, (
            f"{eng.name(iid)} has an additional condition the engine cannot check here (a cost "
            "that discards or holds, or one not read), and how it was met is not recorded"
        )
    cond = d.condition
    if cond is None or units_meeting(eng, pid, cond):
        return None, None
    if rush_waiver.fits_any(eng, iid):  # RS-WAIVE-CONDITION
        return None, (
            f"{eng.name(iid)} may be rushed this turn without meeting its additional condition "
            "(RS-WAIVE-CONDITION), and whether that holds for a card an effect rushes, which must "
            "meet it, the sources do not say"
        )
    if any(units_meeting(eng, q, cond) for q in eng.unit_lenders(pid)):
        return None, (
            f"only {pid}'s ally meets {eng.name(iid)}'s additional condition, and whether an "
            "ally may meet it for a card an effect rushes the sources do not say"
        )
    return (
        RULE,
        f"{eng.name(iid)} has an additional condition {pid} does not meet (a unit it names in "
        f"its rush or battle area): the effect cannot put it into the rush area.",
    ), None


def met(eng: RangersStrikeEngine, iid: str, what: str) -> None:
    """A ruling: the card put so has no additional condition, or meets it."""
    d = eng.state.card(iid)
    said = "meets its additional condition" if d.condition else "has no additional condition"
    eng.ctx.ruling(
        RULE,
        f"{eng.name(iid)} {said}; no command is held and no required power is asked for a card "
        f"{what} puts into the rush area.",
    )
