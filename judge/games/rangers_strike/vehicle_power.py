"""A vehicle of one's own battle area chosen and sent, with the unit riding it first, into the
power zone (RS-VEHICLE-TO-POWER): a unit's named effect "自軍ターン中、これがバトルエリアに出たとき、自軍
バトルエリアからビークルを1体選んでもよい。そうしたとき、選んだビークルにライドしているユニットがあれば、そのユニット
をパワーゾーンに送る。その後、選んだビークルをパワーゾーンに送る。".

The effect is exactly ``{"when": "on_enter", "optional": true, "do": [{"op": "vehicle_to_power",
"target": {"side": "own", "zone": "battle", "count": 1, "type": "vehicle"}}]}``.  Its player may
choose one vehicle of its own battle area, ridden or not (the log names the vehicle itself in the
resolve's ``targets``, as RS-SELECT-VEHICLE's choices are named); only when one is chosen does the
rest happen ("そうしたとき"): the unit riding it, if any, goes face up into the power zone, not
destroyed (RS-TO-POWER-ZONE: "送る" is face up, the official card Q&A on 圧縮冷凍); the vehicle
stays in its place meanwhile (RS-RIDER: the fan wiki's Q&A on vehicles, A8), then ("その後") the
vehicle goes face up into the power zone too.  Each goes into its owner's power zone: the text
names no owner, and the cards of one's own battle area are one's own.

Not guessed (the step is unverifiable): a unit riding the vehicle that a card it is stacked on
keeps in place (RS-STACK-STAY), where the sources leave it once the vehicle has gone; in tag battle
自軍バトルエリア may be the player's battle area or its team's: when the ally's holds a vehicle, the
log may name it (it is not illegal) and nothing is moved.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from judge.games.rangers_strike.state import PowerCard, remove_unit

if TYPE_CHECKING:
    from judge.games.rangers_strike.engine import RangersStrikeEngine
    from judge.games.rangers_strike.state import Unit

RULE = "RS-VEHICLE-TO-POWER"
OP = "vehicle_to_power"
TARGET = {"side": "own", "zone": "battle", "count": 1, "type": "vehicle"}
EFFECT: dict[str, Any] = {
    "when": "on_enter",
    "optional": True,
    "do": [{"op": OP, "target": TARGET}],
}


def uses(effect: dict[str, Any]) -> bool:
    """Whether ``effect`` has the op (then :func:`ok` decides)."""
    return any(isinstance(op, dict) and op.get("op") == OP for op in effect.get("do") or ())


def ok(effect: dict[str, Any], timing: str) -> bool:
    """The one shape (module docstring)."""
    return timing == "on_enter" and {k: v for k, v in effect.items() if k != "text"} == EFFECT


def sentence() -> str:
    """The effect in English (``judge cards show``)."""
    return (
        "choose 1 vehicle in your battle area, ridden or not; if you do, the unit riding it, if "
        "any, is sent face up into its owner's power zone (not destroyed), then the vehicle is "
        "sent face up into its owner's power zone"
    )


def owners(eng: RangersStrikeEngine, controller: str) -> list[str]:
    """Whose battle areas the selector looks at: the controller's, and in tag battle its ally's
    too (自軍 may be the team's: a vehicle of the ally's named is not illegal, :func:`carry_out`)."""
    return list(eng.allies(controller))


def carry_out(
    eng: RangersStrikeEngine,
    pe: Any,
    found: list[tuple[str, str, Unit]],
    fitting: list[tuple[str, str, Unit]],
    what: str,
) -> None:
    """The rider first, then the vehicle, each face up into its owner's power zone; nothing,
    not guessed, when an ally's vehicle could be chosen (``fitting``, tag battle)."""
    from judge.games.rangers_strike import zone_moves

    st = eng.state
    if found and any(pid != pe.controller for pid, _area, _u in fitting):
        eng.not_guessed(
            pe,
            RULE,
            "自軍バトルエリア may be the player's battle area or its team's, and the ally's holds "
            "a vehicle",
            f"{what} moves nothing; the log may record what it did in an `outcome`.",
        )
        return
    for pid, area, unit in found[:1]:
        if st.area_of(unit) is None:
            continue
        vehicle = unit.vehicle
        if vehicle is not None:  # a unit rides it: that unit goes first
            zone_moves.put_into_power(eng, [(pid, area, unit)], what)
            if st.area_of(unit) is not None and unit.vehicle == vehicle:
                eng.not_guessed(
                    pe,
                    RULE,
                    f"{eng.name(unit.card)} stayed in place on {eng.name(vehicle)} (a card it is "
                    "stacked on keeps it), and where it is once the vehicle goes to the power zone "
                    "the sources do not say",
                    f"{eng.name(vehicle)} stays where it is; the log may record what happened in "
                    "an `outcome`.",
                )
                return
            left = st.find_unit(vehicle)
            if left is None:
                continue
            pid, area, unit = left
        owner = st.owner_of[unit.card]
        remove_unit(st.players[pid].area(area), unit)
        if st.entering is unit:
            st.entering = None
        st.players[owner].power.append(PowerCard(unit.card, face_up=True))
        eng.event(
            "to_power",
            f"{eng.name(unit.card)} (a vehicle) goes from {pid}'s {area} area face up into "
            f"{owner}'s power zone ({what}).",
            player=owner,
            card=unit.card,
        )
        rider = (
            f"the unit riding it, {eng.name(found[0][2].card)}, was sent there first; "
            if vehicle is not None
            else "no unit rode it; "
        )
        eng.ctx.ruling(
            RULE,
            f"{eng.name(unit.card)} was chosen: {rider}the vehicle goes face up into "
            f"{owner}'s power zone (not destroyed).",
        )
