"""The unit with the lowest BP of all destroyed, one's own when both sides have one (RS-BP-LOWEST):
a unit's named effect "【name】自軍ターン中、これがバトルエリアに出たとき、BPの一番低いユニットを1体選び撃破する。
ただし、BPの一番低いユニットが自軍と敵軍にある場合は、自軍ユニットの中から選ぶこと。".

The effect, exactly: ``{"when": "on_enter", "do": [{"op": "destroy_lowest"}]}`` (not optional).
As it resolves, the BP of every unit in every rush and battle area (ユニット: a unit riding a
vehicle is one; a vehicle none) is compared; the units with the lowest are the candidates, and when
both the player's side and an opposing side have one, only the player's own.  One candidate is
destroyed (by the player's effect); when there are several, the log names it first in the resolve's
``targets`` (naming a unit that is not a candidate is illegal: RS-EFFECT-TARGETS).

Not guessed (the step is unverifiable, nothing destroyed): several candidates not named; BPs whose
two readings (tag battle's 自軍, RS-NEXT-TO) give different candidates; the effect's own unit among
the candidates (the text says ユニット, not これ以外の); and tag battle, where 自軍 may be the team.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from judge.games.rangers_strike.costs import leading

if TYPE_CHECKING:
    from judge.games.rangers_strike.engine import RangersStrikeEngine
    from judge.games.rangers_strike.refs import Problem
    from judge.games.rangers_strike.state import Unit

RULE = "RS-BP-LOWEST"
OP = "destroy_lowest"
EFFECT: dict[str, Any] = {"when": "on_enter", "do": [{"op": OP}]}

Found = tuple[str, str, "Unit"]


def uses(effect: dict[str, Any]) -> bool:
    """Whether ``effect`` has the op (then :func:`ok` decides)."""
    return any(isinstance(op, dict) and op.get("op") == OP for op in effect.get("do") or ())


def ok(effect: dict[str, Any], timing: str) -> bool:
    """The one shape (module docstring)."""
    return timing == "on_enter" and {k: v for k, v in effect.items() if k != "text"} == EFFECT


def _all_units(eng: RangersStrikeEngine) -> list[Found]:
    st = eng.state
    return [
        (pid, area, u)
        for pid in st.order
        for area in ("rush", "battle")
        for u in st.players[pid].area(area)
        if st.card(u.card).is_unit
    ]


def _lowest(eng: RangersStrikeEngine, pid: str, units: list[Found], k: int) -> list[Found]:
    """The candidates with BP read the ``k``-th way (0: narrowly, 1: widely)."""
    if not units:
        return []
    bps = [eng.bp_readings(u)[k] for _p, _a, u in units]
    low = min(bps)
    found = [f for f, bp in zip(units, bps, strict=True) if bp == low]
    mine = [f for f in found if f[0] == pid]
    return mine or found  # both sides have one: one's own


def candidates(eng: RangersStrikeEngine, pid: str) -> tuple[list[Found], str | None]:
    """The units that may be chosen now, and why they are not known (or None)."""
    if len(eng.allies(pid)) > 1:
        return (
            [],
            "in tag battle 自軍 may be the player's side or its team's, which the sources do not say",
        )
    eng.ctx.read("bp")
    units = _all_units(eng)
    narrow, wide = _lowest(eng, pid, units, 0), _lowest(eng, pid, units, 1)
    if [f[2] for f in narrow] != [f[2] for f in wide]:
        return [], "the units' BPs read two ways (RS-NEXT-TO) give different units the lowest BP"
    return narrow, None


def named(
    eng: RangersStrikeEngine, pid: str, effect: dict[str, Any], targets: list[Any], source: str
) -> tuple[Unit | None, list[Any], list[Problem], str | None]:
    """The unit destroyed: ``(unit, targets left, problems, doubt)``; unit None when none is
    (no unit at all) or it is not known (the doubt says why).  Not this module's effect:
    ``(None, targets, [], None)``."""
    if not ok(effect, str(effect.get("when"))):
        return None, targets, [], None
    cands, why = candidates(eng, pid)
    if why is not None:
        return None, targets, [], why
    if not cands:
        return None, targets, [], None
    if any(u.card == source for _p, _a, u in cands):
        return (
            None,
            targets,
            [],
            "this unit itself is among the units with the lowest BP, and whether its text "
            "(ユニット, not これ以外の) may choose it the sources do not say",
        )
    got = leading(eng, [u.card for _p, _a, u in cands], targets, 1)
    if got:
        return cands[got[0]][2], targets[1:], [], None
    if targets and any(
        u.card == targets[0] or eng.state.code_of[u.card] == targets[0]
        for _p, _a, u in _all_units(eng)
    ):
        said = (
            f"{targets[0]} is not a unit with the lowest BP"
            + (" of the player's own" if any(f[0] == pid for f in cands) else "")
            + ": "
            + ", ".join(eng.name(u.card) for _p, _a, u in cands)
            + (" may be chosen." if len(cands) > 1 else " must be.")
        )
        return None, targets[1:], [("RS-EFFECT-TARGETS", said)], None
    if len(cands) == 1:
        return cands[0][2], targets, [], None
    return None, targets, [], "which of the units with the lowest BP was chosen is not recorded"


def carry_out(
    eng: RangersStrikeEngine, pe: Any, unit: Unit | None, doubt: str | None, what: str
) -> None:
    """Destroy the unit chosen (module docstring)."""
    if doubt is not None:
        eng.not_guessed(
            pe,
            RULE,
            doubt,
            f"{what} destroys no unit; the log may record what it did in an `outcome`.",
        )
        return
    where = eng.state.area_of(unit) if unit is not None else None
    if unit is None or where is None:
        eng.ctx.ruling(RULE, f"No unit is in a rush or battle area: {what} destroys nothing.")
        return
    eng.ctx.ruling(
        RULE,
        f"{eng.name(unit.card)} has the lowest BP ({eng.bp(unit)})"
        + (" of its player's own, which come first" if where[0] == pe.controller else "")
        + ": it is destroyed.",
    )
    eng.destroy(where[0], unit, what, by=pe.controller)


def sentence() -> str:
    """The op in English (``judge cards show``)."""
    return (
        "destroy the unit with the lowest BP of all units in rush and battle areas (you choose "
        "among several; when both your side and the opponent's have one, choose among yours)"
    )
