"""A unit's text as it returns from its player's battle area to the rush area, putting an opposing
unit of the rush area into its battle area (RS-RETURN-PULL): "【name】これが自軍バトルエリアからラッシュエ
リアに戻るとき、敵軍ラッシュエリアからSユニットを1体選び、可能ならバトルエリアに出してもよい。".

The effect, exactly (a unit's own, read for a unit without a combination number)::

    {"when": "on_return", "optional": true,
     "do": [{"op": "to_battle", "target": {"side": "opponent", "zone": "rush", "count": 1,
                                            "type": "unit", "size": S}}]}

It triggers as the unit returns from its player's battle area to the rush area: in its player's
start phase, when every unit of the battle area returns (RS-START), or when an effect returns it
(``return``).  Its player may choose one unit of the printed size in an opposing rush area (敵軍: in
tag battle either opposing player's), which goes into its owner's battle area if it can, taking the
next position (RS-TO-BATTLE: no combination triggers; a unit that cannot enter stays; one that
enters only by holding commands is not decided).  Not used, nothing happens.

RS-RETURN-HOLD-PULL: "【name】これが自軍バトルエリアからラッシュエリアに戻ったとき、これをホールドしてもよい。そう
したとき、敵軍ラッシュエリアからユニットを1体選び、可能ならバトルエリアに出す。" triggers alike (戻ったとき:
once it has returned); its player may hold the unit (RS-HOLD-SELF: a unit held already, or gone,
cannot be, and then nothing more happens), and only if it did, one unit of any size of an opposing
rush area must be chosen when there is one (not optional: 出す) and goes into its owner's battle
area if it can, as above::

    {"when": "on_return", "optional": true,
     "do": [{"op": "hold"}, {"op": "to_battle", "target": {"side": "opponent", "zone": "rush",
                                                          "count": 1, "type": "unit"}}]}
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from judge.games.rangers_strike.engine import RangersStrikeEngine
    from judge.games.rangers_strike.state import Unit

RULE = "RS-RETURN-PULL"
HELD_RULE = "RS-RETURN-HOLD-PULL"
WHEN = "on_return"


def effect_of(size: str) -> dict[str, Any]:
    """The effect for units of ``size``."""
    target = {"side": "opponent", "zone": "rush", "count": 1, "type": "unit", "size": size}
    return {"when": WHEN, "optional": True, "do": [{"op": "to_battle", "target": target}]}


def held_effect() -> dict[str, Any]:
    """RS-RETURN-HOLD-PULL's effect (module docstring): the unit held first, then an opposing
    unit of any size of the rush area put into its owner's battle area if it can."""
    target = {"side": "opponent", "zone": "rush", "count": 1, "type": "unit"}
    return {
        "when": WHEN,
        "optional": True,
        "do": [{"op": "hold"}, {"op": "to_battle", "target": target}],
    }


def ok(effect: dict[str, Any]) -> bool:
    """The two shapes (module docstring)."""
    bare = {k: v for k, v in effect.items() if k != "text"}
    return bare == held_effect() or any(bare == effect_of(size) for size in ("S", "M", "L"))


def is_unit_effect(effect: dict[str, Any]) -> bool:
    """Whether ``effect`` is a unit's (this module's), not a vehicle's (RS-RIDER-TO-HAND)."""
    return effect.get("when") == WHEN and any(
        isinstance(op, dict) and op.get("op") == "to_battle" for op in effect.get("do") or ()
    )


def returned(eng: RangersStrikeEngine, pid: str, units: list[Unit]) -> None:
    """``units``, ``pid``'s, have returned from the battle area to the rush area: the effect of
    each whose own card has one waits in the pool."""
    codes = eng.codes_known.get("unit_return")  # (read first: no call, no lambda made)
    if codes is None:
        codes = eng.codes_where(
            "unit_return", lambda d: any(is_unit_effect(e) for e in d.effects), shared=True
        )
    code_of = eng.state.code_of
    for unit in units if codes else ():
        if code_of[unit.card] not in codes:
            continue  # (no such text: mine would be empty)
        mine = [e for e in eng.state.card(unit.card).effects if is_unit_effect(e)]
        if not mine:
            continue
        held = any({k: v for k, v in e.items() if k != "text"} == held_effect() for e in mine)
        eng.ctx.ruling(
            HELD_RULE if held else RULE,
            f"{eng.name(unit.card)} returns from the battle area to the rush area: its text of "
            "returning triggers.",
        )
        eng.fire(unit, WHEN, pid, only=is_unit_effect)


def sentence(effect: dict[str, Any]) -> str:
    """The effect's op in English (``judge cards show``)."""
    size = effect["do"][0]["target"]["size"]
    return (
        f"choose 1 size {size} unit in an opposing rush area: it is put into its owner's battle "
        "area if it can (taking the next position; no combination triggers)"
    )
