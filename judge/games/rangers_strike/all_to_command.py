"""Every opposing unit of the battle area that fits, held into its owner's command zone
(RS-ALL-TO-COMMAND): "敵軍バトルエリアにある、特徴「A」または「B」を持たないSユニットを、すべて持ち主のコマンドゾ
ーンにホールド状態で置く。置けなければ捨札にする。".

The op, exactly: ``{"op": "all_to_command", "all": {"side": "opponent", "zone": "battle",
"type": "unit", "size": S, "no_features": [A, B]}, "if_full": "discard"}`` — a unit's effect of
one sentence.  Nothing is chosen: every unit (not a vehicle, RS-SELECT-UNIT) of the opposing
battle areas (in tag battle both opposing players', 敵軍) of the printed size that has none of the
features now (printed or added, as RS-SELECT-FEATURE reads "特徴「X」を持つ"; a unit riding a vehicle
has its own features, RS-RIDER) goes held into its owner's command zone, not destroyed; when that
zone holds 5 cards already, into its owner's discard pile, not destroyed (RS-TO-COMMAND).

Not guessed (the step is unverifiable): an owner's command zone with room for some of its units
that go but not all — which go in and which to the discard pile the text does not say.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from judge.games.rangers_strike.state import COMMAND_LIMIT

if TYPE_CHECKING:
    from judge.games.rangers_strike.engine import RangersStrikeEngine
    from judge.games.rangers_strike.state import Unit

RULE = "RS-ALL-TO-COMMAND"
OP = "all_to_command"
_KEYS = {"side", "zone", "type", "size", "no_features"}


def uses(effect: dict[str, Any]) -> bool:
    """Whether ``effect`` has the op (then :func:`ok` decides)."""
    return any(isinstance(op, dict) and op.get("op") == OP for op in effect.get("do") or ())


def op_ok(op: Any) -> bool:
    """The op's one shape (module docstring)."""
    if not isinstance(op, dict) or set(op) != {"op", "all", "if_full"} or op["op"] != OP:
        return False
    sel, features = op["all"], None
    if isinstance(sel, dict):
        features = sel.get("no_features")
    return (
        op["if_full"] == "discard"
        and isinstance(sel, dict)
        and set(sel) == _KEYS
        and sel["side"] == "opponent"
        and sel["zone"] == "battle"
        and sel["type"] == "unit"
        and sel["size"] in ("S", "M", "L")
        and isinstance(features, list)
        and 1 <= len(features) <= 2
        and all(isinstance(f, str) and f for f in features)
    )


def ok(effect: dict[str, Any], timing: str) -> bool:
    """A unit's combination effect (a number or RC) of the one op, not optional."""
    ops = effect.get("do")
    return (
        timing == "combination"
        and not effect.get("optional")
        and set(effect) <= {"when", "do", "text"}
        and isinstance(ops, list)
        and len(ops) == 1
        and op_ok(ops[0])
    )


def sentence(op: dict[str, Any]) -> str:
    """The op in English (``judge cards show``)."""
    sel = op["all"]
    features = " or ".join(sel["no_features"])
    return (
        f"put every size {sel['size']} unit in the opposing battle areas with neither feature "
        f"{features} held into its owner's command zone (not destroyed); a unit whose owner's "
        "command zone holds 5 cards already goes to the discard pile instead"
    )


def fitting(
    eng: RangersStrikeEngine, controller: str, sel: dict[str, Any]
) -> list[tuple[str, str, Unit]]:
    """Every unit the op takes now, in player and position order."""
    st = eng.state
    out = []
    for pid in eng.opponents(controller):
        for unit in st.players[pid].battle:
            d = st.card(unit.card)
            if not d.is_unit or d.size != sel["size"]:
                continue
            if any(f in st.unit_features(unit) for f in sel["no_features"]):
                continue
            out.append((pid, "battle", unit))
    return out


def carry_out(eng: RangersStrikeEngine, pe: Any, op: dict[str, Any], what: str) -> None:
    """Every fitting unit into its owner's command zone (module docstring)."""
    from judge.games.rangers_strike import zone_moves

    st = eng.state
    sel = op["all"]
    found = fitting(eng, pe.controller, sel)
    if not found:
        eng.ctx.ruling(
            RULE,
            f"No size {sel['size']} unit without the feature {' or '.join(sel['no_features'])} "
            f"is in an opposing battle area: {what} puts nothing into a command zone.",
        )
        return
    for owner in dict.fromkeys(st.owner_of[u.card] for _p, _a, u in found):
        going = sum(1 for _p, _a, u in found if st.owner_of[u.card] == owner)
        room = COMMAND_LIMIT - len(st.players[owner].command)
        if 0 < room < going:
            eng.not_guessed(
                pe,
                RULE,
                f"{owner}'s command zone has room for {room} of its {going} units that go, and "
                "which go in and which to the discard pile the text does not say",
                f"{what} moves no unit; the log may record what it did in an `outcome`.",
            )
            return
    eng.ctx.ruling(
        RULE,
        f"Every size {sel['size']} unit in an opposing battle area with neither feature "
        f"{' or '.join(sel['no_features'])} goes: "
        + ", ".join(eng.name(u.card) for _p, _a, u in found)
        + ".",
    )
    zone_moves.put_into_command(eng, found, what, "discard")
