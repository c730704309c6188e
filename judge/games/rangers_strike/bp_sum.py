"""Two units of one's own chosen, and an opposing unit by the sum of their printed BP
(RS-CHOSEN-BP-SUM): "特徴「男」を持つ自軍ユニットを1体と、特徴「女」を持つ自軍ユニットを1体選び、選んだ2体の
本来のBPを合計する。そして、合計したBP以下の敵軍ユニットを1体選び、持ち主のパワーゾーンに送る。" (a normal
operation's whole text).

The effect, of this shape only (:func:`ok`)::

    {"when": "on_use", "do": [
        {"op": "choose", "target": {"side": "own", "zone": "field", "count": 1, "type": "unit",
                                    "feature": "男"}},
        {"op": "choose", "target": {…, "feature": "女"}},
        {"op": "to_power_zone", "target": {"side": "opponent", "zone": "field", "count": 1,
                                           "type": "unit", "bp_max_chosen_sum": true}}]}

The log names the three units in ``targets``, in that order.  The two units of one's own are two
("2体"): the second is another than the first.  Their printed BP (本来のBP: the card's, RS-PRINTED-BP)
is summed as they are chosen, and the opposing unit (of a rush or battle area, RS-SELECT-FIELD)
has BP — its BP now — no more than the sum (:func:`bind` makes the selector's ``bp_max``); it goes
face up into its owner's power zone (RS-TO-POWER-ZONE).  When the two cannot both be chosen
(no unit of one's own with one of the features, or one unit alone has both), whether the rest
happens, and with what sum, the sources do not say: the units the log names are not judged
(:func:`possible`), and unless there is no opposing unit it could send, the effect is not
carried out and the step is unverifiable (:func:`doubt`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from judge.games.rangers_strike.engine import RangersStrikeEngine
    from judge.games.rangers_strike.state import Unit

RULE = "RS-CHOSEN-BP-SUM"
#: a selector's "合計したBP以下の": BP no more than the printed BPs of the units chosen before
KEY = "bp_max_chosen_sum"
Found = tuple[str, str, "Unit"]


def _chosen_ok(op: Any) -> bool:
    sel = op.get("target") if isinstance(op, dict) else None
    return (
        isinstance(op, dict)
        and set(op) == {"op", "target"}
        and op["op"] == "choose"
        and isinstance(sel, dict)
        and set(sel) == {"side", "zone", "count", "type", "feature"}
        and (sel["side"], sel["zone"], sel["count"], sel["type"]) == ("own", "field", 1, "unit")
        and isinstance(sel["feature"], str)
        and bool(sel["feature"])
    )


def ok(effect: dict[str, Any]) -> bool:
    """Whether ``effect`` is the one shape of the module docstring."""
    ops = effect.get("do")
    if not isinstance(ops, list) or len(ops) != 3:
        return False
    last = ops[2]
    sel = last.get("target") if isinstance(last, dict) else None
    return (
        set(effect) <= {"when", "do", "text"}
        and effect.get("when") == "on_use"
        and _chosen_ok(ops[0])
        and _chosen_ok(ops[1])
        and isinstance(last, dict)
        and set(last) == {"op", "target"}
        and last["op"] == "to_power_zone"
        and isinstance(sel, dict)
        and sel == {"side": "opponent", "zone": "field", "count": 1, "type": "unit", KEY: True}
    )


def is_sum(effect: dict[str, Any]) -> bool:
    """Whether an effect chooses by the sum of the units chosen before (any op's selector)."""
    for op in effect.get("do") or ():  # (a loop, not any() over a generator: asked often)
        if isinstance(op, dict) and isinstance(op.get("target"), dict) and KEY in op["target"]:
            return True
    return False


def other_than_first(
    effect: dict[str, Any], index: int, groups: list[list[Found]], cands: list[Found]
) -> list[Found]:
    """The units the second choice may take: not the unit the first took ("2体")."""
    if index != 1 or not is_sum(effect) or not groups:
        return cands
    return [c for c in cands if not any(g[2] is c[2] for g in groups[0])]


def possible(cands: list[list[Found]]) -> bool:
    """Whether two units can be chosen, one of each list of candidates, another than the first."""
    return len(cands) == 2 and any(a[2] is not b[2] for a in cands[0] for b in cands[1])


def other_words(effect: dict[str, Any], index: int) -> str:
    """What :func:`other_than_first` adds to the words of the second choice."""
    return " other than the unit chosen first" if index == 1 and is_sum(effect) else ""


def total(eng: RangersStrikeEngine, groups: list[list[Found]]) -> int | None:
    """The sum of the printed BP of the two units chosen, or None unless two were."""
    if len(groups) < 2 or len(groups[0]) != 1 or len(groups[1]) != 1:
        return None
    return sum(eng.state.card(g[0][2].card).bp for g in groups[:2])


def bind(
    eng: RangersStrikeEngine, sel: dict[str, Any], groups: list[list[Found]]
) -> dict[str, Any] | None:
    """``sel`` with its limit made a number (``bp_max``), or None when it is not known."""
    n = total(eng, groups)
    if n is None:
        return None
    return {**{k: v for k, v in sel.items() if k != KEY}, "bp_max": n}


def bound(
    eng: RangersStrikeEngine, effect: dict[str, Any], groups: list[list[Found]]
) -> dict[str, Any]:
    """The effect with its last selector's limit made a number (unchanged when not known)."""
    ops = []
    for op in effect["do"]:
        sel = op.get("target")
        if isinstance(sel, dict) and KEY in sel:
            made = bind(eng, sel, groups)
            op = op if made is None else {**op, "target": made}
        ops.append(op)
    return {**effect, "do": ops}


def doubt(eng: RangersStrikeEngine, controller: str, groups: list[list[Found]]) -> str | None:
    """Why the effect is not carried out (module docstring), or None."""
    if total(eng, groups) is not None:
        return None
    st = eng.state
    foes = [
        u
        for pid in eng.opponents(controller)
        for u in st.players[pid].units()
        if st.card(u.card).is_unit
    ]
    if not foes:
        return None  # no opposing unit: nothing could be sent, whatever the sum
    return (
        f"{controller} could not choose two units of its own, one with each feature, and whether "
        "the effect then sends an opposing unit, and by what sum, the sources do not say"
    )


def rule(eng: RangersStrikeEngine, groups: list[list[Found]]) -> None:
    """The ruling of the sum the units chosen make (or of no unit to send)."""
    n = total(eng, groups)
    if n is None:
        eng.ctx.ruling(
            RULE,
            "Two units of one's own, one with each feature, could not be chosen, but no opposing "
            "unit is in a rush or battle area: nothing is sent, whatever the sum.",
        )
        return
    names = " and ".join(
        f"{eng.name(g[0][2].card)} ({eng.state.card(g[0][2].card).bp})" for g in groups[:2]
    )
    eng.ctx.ruling(
        RULE,
        f"The printed BPs of {names} add up to {n}: an opposing unit with BP {n} or less may "
        "be chosen (its BP now).",
    )


def words() -> str:
    """The limit in English (a selector shown alone)."""
    return "with BP no more than the printed BPs of the two units chosen before add up to"


def sentence(effect: dict[str, Any]) -> str:
    """The effect of :func:`ok`'s shape in English."""
    first, second = (op["target"]["feature"] for op in effect["do"][:2])
    return (
        f"choose 1 unit (not a vehicle) of yours with the feature {first} and 1 other unit of "
        f"yours with the feature {second} (rush or battle area), and add up the two units' "
        "printed BPs; then put 1 unit (not a vehicle) in the opponent's rush or battle area "
        "with BP no more than that sum face up into its owner's power zone (not destroyed)"
    )
