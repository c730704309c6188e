"""A unit's SP for the turn when its BP is the highest of all units (RS-IF-BP-HIGHEST):
"このターン、これはBP+2000される。さらに、このユニットのBPがすべてのユニットのBPとくらべて一番高ければ、この
ターン、これはSP1になる。".

The effect, exactly (a unit's own, not optional, :func:`ok`)::

    [{"op": "bp", "amount": N, "until": "turn"},
     {"op": "sp", "value": K, "until": "turn", "if": {"bp_highest": "all_units"}}]

The unit gets BP +N until the end of the turn; then (さらに), as the effect resolves, its BP is
compared with the BP of every other unit (すべてのユニット: the units of every player's rush and
battle areas, a unit riding a vehicle included, a vehicle not: a vehicle is no unit and has no
BP).  Only if it is higher than each of them is the unit SP K until the end of the turn: the
comparison is made once, then, and the SP stays for the turn whatever BP does later (the
sentence says "このターン").  Whether a unit whose BP equals the highest other's is "一番高い" the
sources do not say: the SP part is then not carried out and the step is unverifiable (not
guessed), as it is when a unit's BP is not known (tag battle's readings of 自軍 disagree on the
comparison).  A unit that has left its area by then gets nothing (the BP part is not carried
out either).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from judge.games.rangers_strike.engine import RangersStrikeEngine
    from judge.games.rangers_strike.state import Unit

RULE = "RS-IF-BP-HIGHEST"
#: the condition of the ``sp`` op
CONDITION = {"bp_highest": "all_units"}
#: the timings of a unit's own effect (the BP and SP are the unit's)
TIMINGS = ("on_rush", "on_enter", "combination")
#: the areas whose cards are units (RS-SELECT-FIELD)
AREAS = ("rush", "battle")


def is_op(op: Any) -> bool:
    """Whether ``op`` is the SP op of such an effect."""
    return isinstance(op, dict) and op.get("op") == "sp" and op.get("if") == CONDITION


def _is_int(value: Any, least: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= least


def ok(effect: dict[str, Any], timing: str | None) -> bool:
    """Whether an effect with an op of :func:`is_op` is the one shape the engine executes (module
    docstring)."""
    ops = effect.get("do")
    if (
        timing not in TIMINGS
        or set(effect) - {"when", "do", "text"}
        or not isinstance(ops, list)
        or len(ops) != 2
        or not all(isinstance(op, dict) for op in ops)
    ):
        return False
    bp, sp = ops
    return (
        set(bp) == {"op", "amount", "until"}
        and bp["op"] == "bp"
        and bp["until"] == "turn"
        and _is_int(bp["amount"], 1)
        and set(sp) == {"op", "value", "until", "if"}
        and is_op(sp)
        and sp["until"] == "turn"
        and _is_int(sp["value"], 0)
    )


def words(op: dict[str, Any]) -> str:
    """The op in plain English (``judge cards show``)."""
    return (
        "then, if this unit's BP is higher than that of every other unit (the units of every "
        f"player's rush and battle areas), this unit is SP {op['value']} until the end of the "
        "turn "
        "(a tie with the highest is not settled by the sources)"
    )


def _units(eng: RangersStrikeEngine, unit: Unit) -> list[Unit]:
    """Every unit in play but ``unit``: the rush and battle areas of every player, in seat
    order (vehicles are not units)."""
    st = eng.state
    out: list[Unit] = []
    for pid in st.players:
        ps = st.players[pid]
        for area in AREAS:
            for u in getattr(ps, area):
                if u is not unit and st.card(u.card).type == "unit":
                    out.append(u)
    return out


def _highest(value: int, others: list[int]) -> bool | None:
    """Whether ``value`` is higher than every one of ``others``; None on a tie with the highest."""
    top = max(others, default=None)
    if top is None or value > top:
        return True
    if value < top:
        return False
    return None


def holds(eng: RangersStrikeEngine, pe: Any, found: list[Any], what: str) -> bool:
    """Whether the SP part applies: the unit (``found``, itself while it is in an area) has a
    BP higher than every other unit's now.  A tie with the highest, or BP not known (tag battle's
    readings disagree), is not guessed: not carried out, the step unverifiable."""
    if not found:
        return False
    unit: Unit = found[0][2]
    others = _units(eng, unit)
    mine = eng.bp_readings(unit)
    theirs = [eng.bp_readings(u) for u in others]
    results = [_highest(mine[k], [v[k] for v in theirs]) for k in (0, 1)]
    top = max((v[0] for v in theirs), default=None)
    said = f"{eng.name(unit.card)} has BP {mine[0]}" + (
        "" if top is None else f", the highest other unit's is {top}"
    )
    if results[0] != results[1]:
        eng.not_guessed(
            pe,
            RULE,
            "自軍 read as the player's or as its team's gives units other BPs, which disagree on "
            f"whether {eng.name(unit.card)}'s BP is the highest",
            f"the SP of {what} is not given.",
        )
        return False
    if results[0] is None:
        eng.not_guessed(
            pe,
            RULE,
            f"{said}: whether a BP equal to the highest other is the highest (一番高い) the "
            "sources do not say",
            f"the SP of {what} is not given; the log may record what it did in an `outcome`.",
        )
        return False
    eng.ctx.ruling(
        RULE,
        f"{said}: "
        + ("it is the highest, the SP applies." if results[0] else "not the highest, no SP."),
    )
    return bool(results[0])
