"""What an effect costs the unit whose effect it is, after an opposing unit has gone into the
command zone: held if it is released, destroyed if it is held (RS-HOLD-OR-DESTROY-SELF):
"敵軍バトルエリアから敵軍ダメージの点数以下の必要パワーの数字を持つSユニットを1体選び、持ち主のコマンドゾーンに
ホールド状態で置く。置けなければ捨札にする。そうしたとき、このユニットがリリース状態ならホールドし、ホールド状態なら撃破
する。"

The effect is exactly ``{"do": [{"op": "to_command", "target": {…}, "if_full": "discard",
"if_done": true}, {"op": "hold_or_destroy_self"}]}``: a unit's when-it-enters effect, not
optional.  Only when a unit was chosen and moved (into the command zone, or into the discard pile
when the zone was full) does the unit whose effect it is pay: released, it is held; held, it is
destroyed (by its player's effect).  When no opposing unit fits, nothing is chosen and nothing
follows.

The sentence "そうしたとき" follows "置けなければ捨札にする。": the engine reads it as the effect having
moved the unit either way, not only as its having gone into the discard pile (which the sources
do not settle): rule option ``toll_after_fallback`` (``effect``, the default; ``unverifiable``:
the engine does the same and leaves the step unverifiable, for a judge to decide).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from judge.games.rangers_strike.quantities import is_quantity

if TYPE_CHECKING:
    from judge.games.rangers_strike.engine import RangersStrikeEngine
    from judge.games.rangers_strike.state import Unit

RULE = "RS-HOLD-OR-DESTROY-SELF"
OP = "hold_or_destroy_self"
OPTION = "toll_after_fallback"
#: the keys the unit chosen first may be asked by (the printed "敵軍バトルエリアから<count>以下の必要
#: パワーの数字を持つ[S]ユニットを1体選び")
_KEYS = {"side", "zone", "count", "type", "size", "power_max"}


def uses(effect: dict[str, Any]) -> bool:
    """Whether ``effect`` has the op (then :func:`ok` decides)."""
    return any(isinstance(op, dict) and op.get("op") == OP for op in effect.get("do") or ())


def ok(effect: dict[str, Any]) -> bool:
    """The one shape (module docstring)."""
    ops = effect.get("do")
    if effect.get("optional") or "if" in effect or not isinstance(ops, list) or len(ops) != 2:
        return False
    first, then = ops
    if then != {"op": OP} or not isinstance(first, dict):
        return False
    target = first.get("target")
    if set(first) != {"op", "target", "if_full", "if_done"} or first["op"] != "to_command":
        return False
    if first["if_full"] != "discard" or first["if_done"] is not True:
        return False
    if not isinstance(target, dict) or not set(target) <= _KEYS:
        return False
    most = target.get("power_max")
    return (
        target.get("side") == "opponent"
        and target.get("zone") == "battle"
        and target.get("count") == 1
        and target.get("type") == "unit"
        and target.get("size", "S") in ("S", "M", "L")
        and (most is None or is_quantity(most) or (isinstance(most, int) and most >= 0))
    )


def carry_out(eng: RangersStrikeEngine, pe: Any, unit: Unit | None, what: str) -> None:
    """RS-HOLD-OR-DESTROY-SELF: the effect's own unit, released, is held; held, destroyed; gone,
    nothing (what came before has happened: a unit was chosen and moved)."""
    st = eng.state
    where = st.area_of(unit) if unit is not None else None
    if unit is None or where is None:
        eng.ctx.ruling(RULE, f"The unit of {what} is no longer in an area: nothing more happens.")
        return
    if eng.options.get(OPTION, "effect") == "unverifiable":
        eng.ctx.ruling(
            RULE,
            "Whether そうしたとき after 置けなければ捨札にする means the unit moved either way (as the "
            f"engine reads it) is left to a judge (rule option {OPTION}).",
        )
        eng.ctx.cannot_verify(f"what {what} costs its own unit (rule option {OPTION})")
    if not unit.held:
        unit.held = True
        eng.event("hold", f"{where[0]} holds {eng.name(unit.card)} (a unit).", card=unit.card)
        eng.ctx.ruling(
            RULE,
            f"A unit was moved, so {eng.name(unit.card)}, released, is held.",
        )
        return
    eng.ctx.ruling(RULE, f"A unit was moved, so {eng.name(unit.card)}, held, is destroyed.")
    eng.destroy(where[0], unit, what, by=pe.controller)
