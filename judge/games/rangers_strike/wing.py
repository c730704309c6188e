"""ウイング (Wing): a unit's attack from its rush area, the unit held for it (RS-WING).

The sources: atwiki renst page 1537 ウイング as copied by the fan wiki
tsukasa19901012/rangers-strike docs/wiki/glossary/wing.md — "バトルエリアに出ずに、ラッシュエリア
からアタックを行う", "デメリットはユニットをホールドする点、発動したターンはバトルエリアに出られない点の２つ",
"ユニットが先にバトルエリアに出てからそのバトルフェイズ中に何らかの効果でラッシュエリアに戻り、その後ウイングを
使うことは可能", "バトルフェイズ中にユニットをリリースする手段があれば、同じユニットのウイングを1ターンに複数回使う
こともできる" —, and page 157 ホールド (docs/wiki/glossary/p157.md): "レジストとウイングなどホールドが
必要な能力を複数持つメガレッドのようなユニットは、普通片方しか使えない".

The log records it as an ``attack`` with ``"wing": true``: ``card`` a unit of the player's own
rush area that has ウイング (printed, :mod:`judge.games.rangers_strike.keywords`), released; the
target as any attack's.  It is a battle action of the battle phase like an ``enter``: a unit
that has just entered and not attacked or struck may no longer (as after the next ``enter``).
The unit is held as it attacks, and cannot enter the battle area for the rest of the turn (a
``Mod`` with ``wing``, until the end of the turn), by an ``enter`` or an effect; it does not
enter, so no Number Combination triggers.  It battles from the rush area as any attacker
does; held, it cannot resist (RS-RESIST).

Not judged (the step unverifiable): an attack with ウイング while a card whose text the engine
does not read names ウイング beyond its own note (it may give ウイング, take it away, or act on an
attack with it: "ウイングでアタックしたとき", as RS-SELECT-KEYWORD doubts a choice by keyword; a card
the unit is stacked on that names it too), and, left open by the sources, a unit riding a
vehicle (what becomes of the vehicle); a unit that must enter the battle area every turn if it
can (RS-MUST-ENTER) and still could; a unit's own text letting it attack again after it won
(RS-ATTACK-AGAIN); a unit of the opposing rush area as the target (the fan simulator lets an attack
with ウイング attack one; no rule source says so either way): carried out as recorded.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from judge.core.engine import Plan
from judge.core.refs import ref_text
from judge.games.rangers_strike import keywords
from judge.games.rangers_strike.handling import _path
from judge.games.rangers_strike.refs import find_unit, is_instance, locate
from judge.games.rangers_strike.state import Mod, Unit

if TYPE_CHECKING:
    from judge.games.rangers_strike.engine import RangersStrikeEngine

RULE = "RS-WING"
WORD = "ウイング"


def declared(action: dict[str, Any]) -> bool:
    """Whether the ``attack`` is recorded as one with ウイング."""
    return action.get("wing") is True


def has(eng: RangersStrikeEngine, unit: Unit) -> bool:
    """Whether ``unit``'s card prints ウイング (a keyword note, read or not)."""
    return WORD in eng.state.card(unit.card).keywords


def _giving(eng: RangersStrikeEngine, unit: Unit) -> list[str]:
    """Cards that may give ``unit`` ウイング: the unread ones in public zones naming it
    (RS-SELECT-KEYWORD), and the cards it is stacked on whose text names it."""
    st = eng.state
    found = keywords.givers(eng, WORD)
    for iid in unit.stacked:
        text = st.card(iid).raw.get("text")
        if isinstance(text, str) and keywords.named_beyond_note(text, WORD) and iid not in found:
            found.append(iid)
    return found


def attacker(eng: RangersStrikeEngine, plan: Plan, pid: str) -> Unit | None:
    """The unit attacking with ウイング, checked (module docstring); None after a violation.
    What the sources leave open is kept in ``plan.data["wing_doubts"]``."""
    st = eng.state
    ref = plan.action["card"]
    found = find_unit(st, ref, _path(eng, "card"), [pid], ("rush",), bp=eng.bp)
    if found is None:
        elsewhere = st.find_unit(ref) if is_instance(st, ref) else None
        if elsewhere is None and not is_instance(st, ref):
            elsewhere = find_unit(st, ref, _path(eng, "card"), [pid], ("battle",), bp=eng.bp)
        if elsewhere is not None and elsewhere[2].vehicle == ref:
            plan.violate(
                "RS-VEHICLE",
                f"{eng.name(ref)} is a vehicle ridden by {eng.name(elsewhere[2].card)}: a vehicle "
                "never attacks.",
            )
        elif elsewhere is not None and elsewhere[:2] == (pid, "battle"):
            plan.violate(
                RULE,
                f"{eng.name(elsewhere[2].card)} is in {pid}'s battle area: a unit attacks with "
                "ウイング from its "
                "rush area, without entering the battle area.",
            )
        else:
            said = (
                f"{eng.name(ref)} is in {locate(st, ref)}"
                if is_instance(st, ref)
                else f"no {ref_text(ref)} is in {pid}'s rush area"
            )
            plan.violate(
                "RS-CARD-IN-ZONE",
                f"{said}: only a unit in {pid}'s rush area may attack with ウイング.",
            )
        return None
    unit = found[2]
    if st.card(unit.card).is_vehicle:
        plan.violate("RS-VEHICLE", f"{eng.name(unit.card)} is a vehicle: a vehicle never attacks.")
        return None
    doubts: list[str] = []
    giving = _giving(eng, unit)
    names = ", ".join(eng.name(c) for c in giving)
    if not has(eng, unit):
        if not giving:
            plan.violate(
                RULE,
                f"{eng.name(unit.card)} does not have ウイング: only a unit with ウイング attacks "
                "from the rush area.",
            )
            return None
        doubts.append(
            f"{eng.name(unit.card)} does not print ウイング; {names}, whose text the engine does "
            "not read, names ウイング and may give it: whether it has ウイング now is not known"
        )
    elif giving:
        doubts.append(
            f"{names}, whose text the engine does not read, names ウイング: what it does to an "
            "attack with ウイング (or to the unit's ウイング) is not known"
        )
    if unit.held:
        plan.violate(
            RULE,
            f"{eng.name(unit.card)} is held: ウイング holds the unit, so a held unit cannot attack "
            "with it (until something releases it).",
        )
        return None
    if unit.vehicle is not None:
        doubts.append(
            f"{eng.name(unit.card)} rides {eng.name(unit.vehicle)}: whether a unit riding a "
            "vehicle attacks with ウイング, and what becomes of the vehicle, the sources do not say"
        )
    from judge.games.rangers_strike.restrictions import must_enter_left

    if any(u is unit for u in must_enter_left(eng, pid)):
        doubts.append(
            f"{eng.name(unit.card)} must enter the battle area every turn if it can, and still "
            "can: whether it may attack with ウイング instead (and then cannot enter) the sources "
            "do not say"
        )
    plan.data["wing_doubts"] = doubts
    return unit


def declare(eng: RangersStrikeEngine, plan: Plan, unit: Unit) -> None:
    """The attack with ウイング is made: the unit is held and cannot enter the battle area for
    the rest of the turn; what the sources leave open makes the step unverifiable."""
    pid = plan.action["p"]
    for doubt in plan.data.get("wing_doubts", ()):
        eng.ctx.ruling(RULE, f"{doubt[0].upper()}{doubt[1:]}.")
        eng.ctx.cannot_verify(doubt)
    if eng.state.entering is not None and eng.state.entering is not unit:
        eng.ctx.ruling(
            RULE,
            f"{eng.name(eng.state.entering.card)} entered and did not attack or strike: the "
            "attack with ウイング is the next battle action, and it may no longer.",
        )
    unit.held = True
    unit.mods.append(Mod(0, "turn", wing=True))
    eng.ctx.ruling(
        RULE,
        f"{pid}'s {eng.name(unit.card)} attacks with ウイング from the rush area: it is held, and "
        "cannot enter the battle area this turn.",
    )


def enter_barred(eng: RangersStrikeEngine, unit: Unit) -> str | None:
    """Why ``unit`` cannot enter the battle area for its attack with ウイング, or None."""
    if any(m.wing for m in unit.mods):
        return (
            f"{eng.name(unit.card)} attacked with ウイング this turn: it cannot enter the battle "
            "area this turn."
        )
    return None
