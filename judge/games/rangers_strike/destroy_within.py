"""Opposing units chosen within a total BP, as many as one's units of a category and size count,
and destroyed (RS-DESTROY-BP-TOTAL): "特徴「メカ」を持たない敵軍ユニットを、BPの合計が5000以下になるように選
んで撃破してもよい。ただし選べるユニットの数は、WBの自軍Mユニットの数までとする。".

The op (the one op of an optional effect, :func:`ok`)::

    {"op": "destroy_bp_total", "no_feature": X, "bp_total_max": N,
     "count_max": {"category": C, "size": S}}

The player may choose opposing units (敵軍ユニット: the rush and battle areas of the opposing side,
RS-SELECT-FIELD; a vehicle is no unit) that do not have the feature X now, whose BPs now add up to
N or less, and no more of them than the player's own units of category C and size S count as the
effect resolves (the effect's own unit counted when it is one); the units chosen are destroyed.
The log names them in the resolve's ``targets``; used, it names at least one when one could be
chosen.  What the log names that does not fit, or that breaks the total or the count, is illegal
(RS-EFFECT-TARGETS).  In tag battle 自軍 may be the player's units or its team's, and a unit's BP
may have two readings (RS-BP-PER-UNITS and its kin): where the readings disagree on whether the
units named keep within the count or the total, the step is unverifiable and nothing is
destroyed (not guessed).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from judge.core.refs import ref_text

if TYPE_CHECKING:
    from judge.games.rangers_strike.engine import RangersStrikeEngine
    from judge.games.rangers_strike.resolve import Found

RULE = "RS-DESTROY-BP-TOTAL"
OP = "destroy_bp_total"
CATEGORIES = ("WB", "ET", "OT", "MA", "DA")
SIZES = ("S", "M", "L")
AREAS = ("rush", "battle")
#: the timings the effect is read at
TIMINGS = ("on_rush", "on_enter", "combination", "on_use")

Picks = tuple[list["Found"] | None, list[Any], list[tuple[str, str]], str | None]


def op_of(effect: dict[str, Any]) -> dict[str, Any] | None:
    """The effect's ``destroy_bp_total`` op, if any."""
    for op in effect.get("do") or ():
        if isinstance(op, dict) and op.get("op") == OP:
            return op
    return None


def ok(effect: dict[str, Any], timing: str | None) -> bool:
    """Whether an effect with a ``destroy_bp_total`` op is the one shape the engine executes."""
    ops = effect.get("do")
    if (
        timing not in TIMINGS
        or effect.get("optional") is not True
        or set(effect) - {"when", "optional", "do", "text"}
        or not isinstance(ops, list)
        or len(ops) != 1
        or not isinstance(ops[0], dict)
    ):
        return False
    op = ops[0]
    most = op.get("count_max")
    total = op.get("bp_total_max")
    return (
        set(op) == {"op", "no_feature", "bp_total_max", "count_max"}
        and op["op"] == OP
        and isinstance(op["no_feature"], str)
        and bool(op["no_feature"])
        and isinstance(total, int)
        and not isinstance(total, bool)
        and total > 0
        and isinstance(most, dict)
        and set(most) == {"category", "size"}
        and most["category"] in CATEGORIES
        and most["size"] in SIZES
    )


def words(op: dict[str, Any]) -> str:
    """The op in plain English (``judge cards show``)."""
    most = op["count_max"]
    return (
        f"choose opposing units without the feature {op['no_feature']} whose BPs add up to "
        f"{op['bp_total_max']} or less, no more of them than the number of your size "
        f"{most['size']} units of category {most['category']} (of your rush and battle areas, "
        "counted as it resolves), and destroy them"
    )


def _counts(eng: RangersStrikeEngine, pid: str, most: dict[str, Any]) -> tuple[int, int]:
    """The player's units of the category and size (rush and battle areas), read as its own
    and as its team's (the same in 1 vs 1)."""
    st = eng.state

    def of(q: str) -> int:
        n = 0
        for area in AREAS:
            for u in getattr(st.players[q], area):
                d = st.card(u.card)
                if (
                    d.type == "unit"
                    and most["category"] in st.unit_categories(u)  # RS-ADD-FEATURE: added too
                    and d.size == most["size"]
                ):
                    n += 1
        return n

    own = of(pid)
    return own, sum(of(q) for q in eng.allies(pid))


def _fits(eng: RangersStrikeEngine, unit: Any, op: dict[str, Any]) -> bool:
    st = eng.state
    return st.card(unit.card).type == "unit" and op["no_feature"] not in st.unit_features(unit)


def candidates(eng: RangersStrikeEngine, pid: str, op: dict[str, Any]) -> list[Found]:
    """The opposing units that may be chosen, each alone (without the feature, BP within the
    total under either reading)."""
    st = eng.state
    out: list[Found] = []
    for q in eng.opponents(pid):
        for area in AREAS:
            for u in getattr(st.players[q], area):
                if _fits(eng, u, op) and min(eng.bp_readings(u)) <= op["bp_total_max"]:
                    out.append((q, area, u))
    return out


def picks(
    eng: RangersStrikeEngine, pid: str, effect: dict[str, Any], targets: list[Any], use: bool | None
) -> Picks:
    """The units the log names for the op: ``(units, targets left, problems, doubt)``; units
    None when nothing is destroyed (not used, a problem, or a doubt)."""
    from judge.games.rangers_strike.refs import find_unit

    op = op_of(effect)
    if op is None or use is False:
        return None, targets, [], None
    st = eng.state
    cands = candidates(eng, pid, op)
    most = _counts(eng, pid, op["count_max"])
    got: list[Found] = []
    for k, ref in enumerate(targets):
        found = find_unit(st, ref, f"targets[{k}]", eng.opponents(pid), AREAS, bp=eng.bp)
        if found is None or not _fits(eng, found[2], op):
            why = (
                f"{ref_text(ref)} does not fit: the effect asks for opposing units without the "
                f"feature {op['no_feature']}."
            )
            return None, [], [("RS-EFFECT-TARGETS", why)], None
        if any(g[2] is found[2] for g in got):
            return None, [], [("RS-EFFECT-TARGETS", f"{ref_text(ref)} is chosen twice.")], None
        got.append(found)
    if not got:
        if cands and max(most) > 0:
            why = "The effect is used and a unit could be chosen: the log names none."
            return None, [], [("RS-EFFECT-TARGETS", why)], None
        return [], [], [], None
    totals = [sum(eng.bp_readings(g[2])[k] for g in got) for k in (0, 1)]
    cap = op["bp_total_max"]
    if min(totals) > cap:
        why = f"The units named have BP {totals[0]} in all: more than {cap}."
        return None, [], [("RS-EFFECT-TARGETS", why)], None
    if len(got) > max(most):
        why = (
            f"{len(got)} units are named: more than the {max(most)} units of {pid}'s of category "
            f"{op['count_max']['category']} and size {op['count_max']['size']}."
        )
        return None, [], [("RS-EFFECT-TARGETS", why)], None
    if max(totals) > cap:
        return (
            None,
            [],
            [],
            "tag battle's readings of 自軍 give the units named BPs on both sides of the total",
        )
    if len(got) > min(most):
        return (
            None,
            [],
            [],
            (
                f"自軍 read as {pid}'s units ({most[0]}) or its team's ({most[1]}) disagree on how many "
                "units may be chosen"
            ),
        )
    return got, [], [], None


def carry_out(
    eng: RangersStrikeEngine, pe: Any, got: list[Found] | None, doubt: str | None, what: str
) -> None:
    """Destroy the units chosen (by the effect's controller), or, on a doubt, nothing: not
    guessed."""
    st = eng.state
    if doubt is not None:
        eng.not_guessed(
            pe,
            RULE,
            doubt,
            f"{what} destroys nothing; the log may record what it did in an `outcome`.",
        )
        return
    if got is None:
        return
    if not got:
        eng.ctx.ruling(RULE, f"No opposing unit can be chosen: {what} destroys nothing.")
        return
    names = ", ".join(eng.name(u.card) for _q, _a, u in got)
    eng.ctx.ruling(RULE, f"{pe.controller} chooses {names}, within the total and the count.")
    for q, _area, u in got:
        if st.area_of(u) is not None:
            unit = pe.context.get("unit")  # RS-FEATURE-DESTROYS-DRAW: a unit's effect
            eng.destroy(
                q, u, what, by=pe.controller, killer=None if unit is None else (unit, "effect")
            )
