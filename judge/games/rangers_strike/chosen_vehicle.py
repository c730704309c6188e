"""A vehicle of one's rush area chosen, and the unit's BP raised by the number it prints
(RS-BP-PER-VEHICLE-POWER): "自軍ラッシュエリアから、特徴「メカ」を持つビークルを1体選んでもよい。そうしたとき、
このターン、これは選んだビークルの必要パワーの数字1ごとにBP+1000される。".

The effect, exactly (a unit's own, optional, :func:`ok`)::

    [{"op": "choose", "if_done": true,
      "target": {"side": "own", "zone": "rush", "count": 1, "type": "vehicle", "feature": X}},
     {"op": "bp", "amount": N, "until": "turn", "per": "chosen_power"}]

The player may choose one vehicle printing the feature X in its own rush area (a vehicle that a
unit there rides included: it is in the rush area); the vehicle stays where it is.  Only if one
was chosen (RS-IF-DONE), the unit gets BP +N for each 1 of the number the vehicle prints as its
required power (必要パワーの数字, as RS-POWER-AT-MOST reads it), until the end of the turn: worked
out once, as the effect resolves.  In tag battle 自軍ラッシュエリア may be the player's or its team's:
when the ally's rush area holds such a vehicle, the log may name it (it is not illegal) and the
BP is not given: the step is unverifiable (not guessed).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from judge.games.rangers_strike.engine import RangersStrikeEngine
    from judge.games.rangers_strike.resolve import Found

RULE = "RS-BP-PER-VEHICLE-POWER"
#: the ``per`` of the ``bp`` op: for each 1 of the chosen vehicle's printed required power
PER = "chosen_power"
#: the timings of a unit's own effect (the BP is the unit's)
TIMINGS = ("on_rush", "on_enter", "combination")


def is_selector(sel: Any) -> bool:
    """Whether ``sel`` chooses vehicles of its own side's rush area (this module's)."""
    return (
        isinstance(sel, dict)
        and sel.get("type") == "vehicle"
        and sel.get("zone") == "rush"
        and sel.get("side", "own") == "own"
    )


def is_op(op: Any) -> bool:
    """Whether ``op`` is one of such an effect's: the vehicle chosen, or the BP by its number."""
    if not isinstance(op, dict):
        return False
    return (op.get("op") == "bp" and op.get("per") == PER) or (
        op.get("op") == "choose" and is_selector(op.get("target"))
    )


def ok(effect: dict[str, Any], timing: str | None) -> bool:
    """Whether an effect with an op of :func:`is_op` is the one shape the engine executes (module
    docstring)."""
    ops = effect.get("do")
    if (
        timing not in TIMINGS
        or effect.get("optional") is not True
        or set(effect) - {"when", "optional", "do", "text"}
        or not isinstance(ops, list)
        or len(ops) != 2
        or not all(isinstance(op, dict) for op in ops)
    ):
        return False
    choose, bp = ops
    sel = choose.get("target")
    amount = bp.get("amount")
    return (
        set(choose) == {"op", "target", "if_done"}
        and choose["op"] == "choose"
        and choose["if_done"] is True
        and is_selector(sel)
        and set(sel) == {"side", "zone", "count", "type", "feature"}
        and sel["side"] == "own"
        and sel["count"] == 1
        and isinstance(sel["feature"], str)
        and bool(sel["feature"])
        and set(bp) == {"op", "amount", "until", "per"}
        and bp["op"] == "bp"
        and bp["until"] == "turn"
        and bp["per"] == PER
        and isinstance(amount, int)
        and not isinstance(amount, bool)
        and amount > 0
    )


def owners(eng: RangersStrikeEngine, controller: str) -> list[str]:
    """Whose rush areas such a selector looks at: the controller's, and in tag battle its ally's
    too (自軍 may be the team's: a vehicle of the ally's named is not illegal, :func:`bound`)."""
    return list(eng.allies(controller))


def words(op: dict[str, Any]) -> str:
    """The BP op in plain English (``judge cards show``)."""
    return (
        f"this unit gets BP +{op['amount']} for each 1 of the required power the chosen vehicle "
        "prints, until the end of the turn"
    )


def bound(
    eng: RangersStrikeEngine,
    pe: Any,
    op: dict[str, Any],
    chosen: list[Found],
    fitting: list[Found],
    what: str,
) -> dict[str, Any] | None:
    """The ``bp`` op with its amount worked out from the vehicle ``chosen``; None when none was
    chosen, or when whose rush area 自軍 means is not known (tag battle, an ally's vehicle
    among ``fitting``): then not guessed."""
    from judge.games.rangers_strike.resolve import vehicle_of

    if not chosen:
        return None
    st = eng.state
    if any(pid != pe.controller for pid, _area, _u in fitting):
        eng.not_guessed(
            pe,
            RULE,
            "自軍ラッシュエリア may be the player's rush area or its team's, and the ally's holds "
            "such a vehicle",
            f"the BP of {what} is not given; the log may record what it did in an `outcome`.",
        )
        return None
    iid = vehicle_of(eng, chosen[0][2])
    if iid is None:
        return None
    number = st.card(iid).power_number
    amount = int(op["amount"]) * number
    eng.ctx.ruling(
        RULE,
        f"{eng.name(iid)} prints the required power {number}: BP +{op['amount']} for each 1, "
        f"+{amount} in all.",
    )
    return {"op": "bp", "amount": amount, "until": "turn"}
