"""A Number Combination letting the unit attack an opposing rush-area unit chosen for it
(RS-ATTACK-CHOSEN): "【name】SP1 相手は自分自身のラッシュエリアからユニットを1体選ぶ(自軍ダメージが4点以上
あれば自分が選ぶ)。このターン、このユニットは、選んだユニットにアタックできる。"

The unit is SP 1 for the turn (RS-SP-EFFECT).  The opponent chooses one unit of its own rush area
(RS-OPPONENT-CHOOSES; a vehicle is not a unit) — or, when the player has N or more damage as the
effect resolves (RS-DAMAGE), the player chooses it — and until the end of the turn the unit may
attack that unit although it is in the rush area (an attack is on the target player's units,
RS-ATTACK; RS-ATTACK-RUSH-AREA's permission, for that unit only).  The log names the unit chosen
in the resolve's targets.  The permission is the unit's as it is now: once it has left its area
it is another unit; a unit chosen that has left the rush area is another unit too.

Not guessed: tag battle (whose damage 自軍ダメージ counts, which player 相手 is, and whether the
unit chosen is the target player's): the choice is not carried out (the SP is).

The effect: ``{"when": "combination", "do": [{"op": "sp", "value": 1, "until": "turn"}, {"op":
"attack_chosen", "self_at_damage": N, "target": {"side": "opponent", "zone": "rush", "count": 1,
"type": "unit", "chooser": "opponent"}}]}``; :func:`bound` drops ``chooser`` when the player
chooses.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from judge.games.rangers_strike.engine import RangersStrikeEngine
    from judge.games.rangers_strike.state import Unit

RULE = "RS-ATTACK-CHOSEN"
OP = "attack_chosen"
TARGET = {"side": "opponent", "zone": "rush", "count": 1, "type": "unit", "chooser": "opponent"}


def effect(sp: int, damage: int) -> dict[str, Any]:
    """The combination effect of the printed text."""
    return {
        "when": "combination",
        "do": [
            {"op": "sp", "value": sp, "until": "turn"},
            {"op": OP, "self_at_damage": damage, "target": dict(TARGET)},
        ],
    }


def is_effect(eff: dict[str, Any]) -> bool:
    """Whether ``eff`` has this module's op."""
    return any(isinstance(op, dict) and op.get("op") == OP for op in eff.get("do") or [])


def ok(eff: dict[str, Any], when: str | None = None) -> bool:
    """Whether ``eff`` is the one shape of this module, exactly (``when``: as in
    ``combination.effects``, where it may be left out)."""
    ops = eff.get("do")
    if eff.get("when", when) != "combination" or not set(eff) <= {"when", "do", "text"}:
        return False
    if not isinstance(ops, list) or len(ops) != 2 or not all(isinstance(o, dict) for o in ops):
        return False
    sp, grant = ops
    value, damage = sp.get("value"), grant.get("self_at_damage")
    return (
        set(sp) == {"op", "value", "until"}
        and sp["op"] == "sp"
        and isinstance(value, int)
        and not isinstance(value, bool)
        and value >= 1
        and sp["until"] == "turn"
        and set(grant) == {"op", "self_at_damage", "target"}
        and grant["op"] == OP
        and isinstance(damage, int)
        and not isinstance(damage, bool)
        and damage >= 1
        and grant["target"] in (TARGET, _mine())
    )


def _mine() -> dict[str, Any]:
    return {k: v for k, v in TARGET.items() if k != "chooser"}


def words(eff: dict[str, Any]) -> str | None:
    """The effect's ops in English (after its timing), or None when it is not this shape."""
    if not ok(eff):
        return None
    sp = eff["do"][0]["value"]
    n = eff["do"][1]["self_at_damage"]
    return (
        f"this unit is SP {sp} until the end of the turn; your opponent chooses 1 unit of its "
        f"own rush area (you choose it instead when you have {n} or more damage); until the end "
        "of the turn this unit may attack the unit chosen, in the rush area"
    )


def tag_doubt(eng: RangersStrikeEngine, pid: str) -> str | None:
    """Tag battle: not guessed (module docstring)."""
    if len(eng.allies(pid)) > 1:
        return (
            "in tag battle whose damage 自軍ダメージ counts, which player 相手 is and whether the "
            "unit chosen is the target player's the sources do not say"
        )
    return None


def bound(eng: RangersStrikeEngine, pid: str, eff: dict[str, Any]) -> dict[str, Any]:
    """``eff`` with its chooser as it resolves now: the player's own choice when it has N or
    more damage (RS-DAMAGE), the opponent's otherwise."""
    if not is_effect(eff) or not ok(eff):
        return eff
    grant = eff["do"][1]
    mine = eng.state.players[pid].damage >= int(grant["self_at_damage"])
    target = _mine() if mine else dict(TARGET)
    return {**eff, "do": [eff["do"][0], {**grant, "target": target}]}


def grant(
    eng: RangersStrikeEngine,
    pid: str,
    unit: Unit | None,
    found: list[tuple[str, str, Unit]],
    op: dict[str, Any],
) -> None:
    """The unit may attack the units chosen until the end of the turn."""
    st = eng.state
    if unit is None or st.area_of(unit) is None:
        eng.ctx.ruling(RULE, "The unit has left its area: no unit is given the permission.")
        return
    who = "the opponent" if op["target"].get("chooser") == "opponent" else pid
    for _q, _area, chosen in found:
        st.attack_permits.append((unit, chosen))
        eng.event(
            "attack_permit",
            f"{eng.name(unit.card)} may attack {eng.name(chosen.card)} in its rush area until the "
            "end of the turn.",
            player=pid,
            card=unit.card,
        )
        eng.ctx.ruling(
            RULE,
            f"{eng.name(chosen.card)} was chosen by {who} (the player has "
            f"{st.players[pid].damage} damage; {op['self_at_damage']} or more and the player "
            f"chooses): {eng.name(unit.card)} may attack it in the rush area this turn.",
        )


def permitted(
    eng: RangersStrikeEngine, attacker: Unit, tp: str, target: Any
) -> tuple[str, str, Unit] | None:
    """The unit of ``tp``'s rush area that ``target`` names and ``attacker`` may attack by
    this effect, or None."""
    from judge.games.rangers_strike.costs import names_card

    st = eng.state
    for by, chosen in st.attack_permits:
        if by is not attacker:
            continue
        where = st.area_of(chosen)
        if where != (tp, "rush"):
            continue
        if names_card(eng, target, chosen.card):
            return tp, "rush", chosen
    return None
