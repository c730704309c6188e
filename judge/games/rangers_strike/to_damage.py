"""Units put face down into their owner's power zone as damage (RS-TO-DAMAGE).

"敵軍Sユニットを1体選び、持ち主のパワーゾーンにダメージにして置く。": the unit chosen leaves its
area (it is not destroyed: no when-destroyed effect) and goes face down into its owner's power
zone, where a face-down card is a point of damage (RS-DAMAGE).  The fan wiki's page on damage
says so of such effects: "ダメージにするカードを特に指定する効果もある" (atwiki renst page 105
ダメージ).  A player who so reaches the damage limit loses, as from any damage
(RS-LOSS-DAMAGE; in tag battle the player's play ends, RST-OUT).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from judge.games.rangers_strike.state import PowerCard, Unit, remove_unit

if TYPE_CHECKING:
    from judge.games.rangers_strike.engine import RangersStrikeEngine


def put_as_damage(eng: RangersStrikeEngine, found: list[tuple[str, str, Unit]], what: str) -> None:
    """Each unit of ``found`` (``(player, area, unit)``, units only) still where it was goes
    face down into its owner's power zone; then the damage limit is checked for each owner."""
    st = eng.state
    owners: list[str] = []
    for pid, area, unit in found:
        where = st.area_of(unit)
        if where is None:
            eng.event("effect", f"{eng.name(unit.card)} has left its area.", card=unit.card)
            continue
        remove_unit(st.players[where[0]].area(where[1]), unit)
        if st.entering is unit:
            st.entering = None
        owner = st.owner_of[unit.card]
        ps = st.players[owner]
        ps.power.append(PowerCard(unit.card, face_up=False))
        eng.event(
            "to_damage",
            f"{eng.name(unit.card)} goes from {pid}'s {area} area face down into {owner}'s power "
            f"zone ({what}): {owner} has {ps.damage} damage.",
            player=owner,
            card=unit.card,
        )
        eng.ctx.ruling(
            "RS-TO-DAMAGE",
            f"{eng.name(unit.card)} is put into {owner}'s power zone face down: a point of "
            "damage (it is not destroyed, so no when-destroyed effect triggers).",
        )
        if owner not in owners:
            owners.append(owner)
    for owner in owners:
        if st.players[owner].damage >= eng.damage_limit() and eng.can_act(owner):
            eng.reach_limit(owner)
