"""Unit cards rushed this turn without meeting their additional condition (RS-WAIVE-CONDITION):
"このターン、特徴「加速」を持つBP2000以下のSユニットのカードは、追加条件を満たさなくてもラッシュできる。" (a listed
effect of an operation's, RS-CHOOSE-ONE).

The effect, exactly (:func:`ok`): ``{"when": "on_use", "do": [{"op": "waive_condition", "find":
{"type": "unit", "size": "S", "feature": X, "bp_max": N}}]}``.  Once it has resolved, until the end
of the turn (RS-END), a unit card whose printed size, BP and features fit ``find`` (a card in the
hand has its printed ones) may be rushed by its player (the rush action, RS-RUSH) without meeting
its additional condition: a unit it names in the rush or battle area (RS-RUSH-CONDITION) or a cost,
units discarded or commands held (RS-RUSH-DISCARD, RS-RUSH-HOLD); the required power and the
command are still needed (RS-RUSH-ORDER).  The player may still meet it: a cost the rush records
is carried out.  Not guessed (the step unverifiable):

- a cost the rush does not record, when it could have been paid (the log's default, which pays
  it, RS-RUSH-DISCARD, may not be what was done): the engine does not pay it;
- a rush by the player's ally in tag battle (the text does not say whose cards);
- a card an effect rushes "(ただし追加条件は満たすこと)" (RS-POWER-TO-RUSH) while it fits: which of the
  two texts prevails the sources do not say.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from judge.core.engine import Plan
    from judge.core.timing import PendingEffect
    from judge.games.rangers_strike.engine import RangersStrikeEngine

RULE = "RS-WAIVE-CONDITION"
OP = "waive_condition"
_FIND = {"type", "size", "feature", "bp_max"}


@dataclass(frozen=True)
class Waiver:
    """A waiver in force until the end of the turn: its player, its card, the cards it covers."""

    controller: str
    source: str
    find: tuple[tuple[str, Any], ...]


def _find_ok(find: Any) -> bool:
    return (
        isinstance(find, dict)
        and set(find) == _FIND
        and find["type"] == "unit"
        and find["size"] in ("S", "M", "L")
        and isinstance(find["feature"], str)
        and bool(find["feature"])
        and isinstance(find["bp_max"], int)
        and not isinstance(find["bp_max"], bool)
        and find["bp_max"] >= 0
    )


def ok(effect: dict[str, Any], timing: str | None) -> bool:
    """Whether ``effect`` is the one shape of the module docstring."""
    ops = effect.get("do")
    return (
        timing == "on_use"
        and not effect.get("optional")
        and set(effect) <= {"when", "do", "text"}
        and isinstance(ops, list)
        and len(ops) == 1
        and isinstance(ops[0], dict)
        and set(ops[0]) == {"op", "find"}
        and ops[0]["op"] == OP
        and _find_ok(ops[0]["find"])
    )


def words(find: dict[str, Any]) -> str:
    """The cards covered, in English."""
    return (
        f"size {find['size']} unit cards with the feature {find['feature']} and BP "
        f"{find['bp_max']} or less"
    )


def sentence(effect: dict[str, Any]) -> str:
    """The effect of :func:`ok`'s shape in English."""
    find = effect["do"][0]["find"]
    return (
        f"until the end of the turn, you may rush {words(find)} (as printed) without meeting their "
        "additional condition"
    )


def grant(eng: RangersStrikeEngine, pe: PendingEffect, op: dict[str, Any], what: str) -> None:
    """The waiver is in force from now until the end of the turn."""
    find = op["find"]
    eng.state.waivers.append(Waiver(pe.controller, pe.source, tuple(sorted(find.items()))))
    eng.event(
        "waiver",
        f"Until the end of the turn, {pe.controller}'s {words(find)} may be rushed without meeting "
        f"their additional condition ({what}).",
        player=pe.controller,
        card=pe.source,
    )


def _fits(eng: RangersStrikeEngine, iid: str, find: dict[str, Any]) -> bool:
    d = eng.state.card(iid)
    return (
        d.type == find["type"]
        and d.size == find["size"]
        and find["feature"] in d.features
        and d.bp <= int(find["bp_max"])
    )


def fits_any(eng: RangersStrikeEngine, iid: str) -> bool:
    """Whether a waiver in force covers the card, whoever's it is."""
    return any(_fits(eng, iid, dict(w.find)) for w in eng.state.waivers)


def applies(eng: RangersStrikeEngine, pid: str, iid: str) -> tuple[bool | None, str]:
    """Whether ``pid`` may rush ``iid`` without meeting its additional condition: True, False,
    or None when not known (module docstring); in words."""
    found = [w for w in eng.state.waivers if _fits(eng, iid, dict(w.find))]
    if any(w.controller == pid for w in found):
        w = next(w for w in found if w.controller == pid)
        return True, (
            f"{eng.name(iid)} is one of the {words(dict(w.find))} that {eng.name(w.source)} lets "
            f"{pid} rush this turn without meeting their additional condition"
        )
    allied = [w for w in found if w.controller in eng.allies(pid)]
    if allied:
        return None, (
            f"{eng.name(allied[0].source)}, {allied[0].controller}'s, lets {words(dict(allied[0].find))} "
            f"be rushed this turn without their additional condition, and whether it covers "
            f"{pid}'s, its ally's, the sources do not say"
        )
    return False, ""


def _payable(eng: RangersStrikeEngine, pid: str, iid: str) -> bool:
    """Whether the card's cost could be paid now (units to discard, commands to hold)."""
    from judge.games.rangers_strike import costs

    cost = eng.state.card(iid).raw.get("cost")
    if not isinstance(cost, dict):
        return False
    if isinstance(cost.get("discard"), dict):
        units, aboard = costs.fitting(eng, pid, cost)
        parts = cost["discard"].get("parts")
        if parts is not None:
            return costs.cover_units(eng, parts, units) is not None or aboard
        return len(units) >= int(cost.get("count", 1)) or aboard
    released = [c for c in eng.state.players[pid].command if not c.held]
    return len(released) > int(cost.get("hold") or 0)


def skips_cost(eng: RangersStrikeEngine, plan: Plan, pid: str, iid: str) -> bool:
    """Whether the rush leaves the card's cost unpaid under a waiver: the card has a cost (not
    an optional discard for power 0), the rush records none of it, and a waiver covers the card
    (True or not known).  A ruling says so; the step is unverifiable when the cost could have
    been paid or the waiver's reach is not known."""
    d = eng.state.defs[eng.state.code_of[iid]]
    cost = d.raw.get("cost")
    if (
        plan.action.get("do") != "rush"
        or not isinstance(cost, dict)
        or cost.get("zero_power")
        or plan.action.get("discard")
        or plan.action.get("also_hold")
    ):
        return False
    waived, said = applies(eng, pid, iid)
    if waived is False:
        return False
    eng.ctx.ruling(
        RULE, f"{said[0].upper()}{said[1:]}: the rush records no cost, and none is paid."
    )
    if waived is None:
        eng.ctx.cannot_verify(said)
    elif _payable(eng, pid, iid):
        why = (
            f"whether {pid} paid {eng.name(iid)}'s cost, which it could pay and need not, is not "
            "recorded"
        )
        eng.ctx.ruling(RULE, f"{why[0].upper()}{why[1:]}.")
        eng.ctx.cannot_verify(why)
    return True


def rule_on_condition(eng: RangersStrikeEngine, pid: str, iid: str) -> bool:
    """The card's condition (a unit it names) is not met: whether a waiver lets it be rushed
    all the same (a ruling says so; unverifiable when its reach is not known)."""
    waived, said = applies(eng, pid, iid)
    if waived is False:
        return False
    eng.ctx.ruling(RULE, f"{said[0].upper()}{said[1:]}: its additional condition is not needed.")
    if waived is None:
        eng.ctx.cannot_verify(said)
    return True
