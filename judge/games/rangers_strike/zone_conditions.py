"""Conditions on the face-up cards of players' zones, checked as an effect resolves: "自軍ゾーン
のオモテ向きのカードがすべてXを持つなら" (RS-IF-ZONES-ALL) and "敵軍パワーゾーンのオモテ向きのカードにS
ユニットのカードが無ければ" (RS-IF-POWER-NONE).

自軍ゾーン is the player's command zone and power zone and nothing else (the official Q&A on
モーフ, atwiki renst 1294 A1).  A command card is face up (a charge is always face up, and a
command is only held or released); a power card may be face down (damage).

What the sources leave open is not guessed: with no face-up card at all in those zones, whether
"every one of them is X" holds; in tag battle, whether 自軍 is the player's or its team's (where
the two readings disagree).  Such a condition is not known: the effect is not carried out and
the step is unverifiable (:func:`judge.games.rangers_strike.resolve.condition_met`).  敵軍 is
every opposing player (in tag battle both), as for the units an effect chooses.

A Number Combination's effect lasts until the end of the turn unless its text says otherwise
(atwiki renst 267), so a condition before a lasting change (BP, SP, a feature) might be read as
lasting while it holds, which the sources do not settle: such a condition is read on a
combination only before ops that are done at once (:func:`at_once`).

Why a module of its own: the condition reads zones no other condition does, in both readings
of 自軍, and says why it is not known.

>>> words({"own_zones_all": "DA"})
'if every face-up card of your command zone and power zone is of category DA'
>>> words({"opposing_power_none": {"type": "unit", "size": "S"}})
'if no face-up card of the opposing power zones is a size S unit card'
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from judge.core.wording import noun_for

if TYPE_CHECKING:
    from judge.games.rangers_strike.engine import RangersStrikeEngine

#: the rule of each condition this module checks, by its key in an effect's ``if``
RULES = {"own_zones_all": "RS-IF-ZONES-ALL", "opposing_power_none": "RS-IF-POWER-NONE"}
#: ops whose change lasts (until the end of the turn, or while something holds)
LASTING = ("bp", "sp", "add_feature")


def is_condition(cond: Any) -> bool:
    """Whether an effect's ``if`` is one of this module's (its shape checked by :func:`ok`)."""
    return isinstance(cond, dict) and any(k in cond for k in RULES)


def ok(cond: Any) -> bool:
    """``{"own_zones_all": X}``: X a category (RS-IF-ZONES-ALL); ``{"opposing_power_none":
    {"type": "unit", "size": S}}``: no size S unit card (``size`` optional: any unit card) among
    the opposing face-up power cards (RS-IF-POWER-NONE)."""
    if not isinstance(cond, dict):
        return False
    if set(cond) == {"own_zones_all"}:
        return isinstance(cond["own_zones_all"], str) and bool(cond["own_zones_all"])
    card = cond.get("opposing_power_none")
    return (
        set(cond) == {"opposing_power_none"}
        and isinstance(card, dict)
        and set(card) - {"size"} == {"type"}
        and card["type"] == "unit"
        and card.get("size", "S") in ("S", "M", "L")
    )


def at_once(effect: dict[str, Any]) -> bool:
    """Whether every op of ``effect`` is done at once (none of :data:`LASTING`, no ``until``):
    what a combination's condition of this module may come before."""
    return all(
        isinstance(op, dict) and op.get("op") not in LASTING and "until" not in op
        for op in effect.get("do") or ()
    )


def rule_of(cond: dict[str, Any]) -> str:
    return next(RULES[k] for k in RULES if k in cond)


def _face_up(eng: RangersStrikeEngine, pids: list[str]) -> list[str | None]:
    """The face-up cards of ``pids``' command zones and power zones (None: not known)."""
    out: list[str | None] = []
    for q in pids:
        ps = eng.state.players[q]
        out += [c.card for c in ps.command]
        out += [p.card for p in ps.power if p.face_up]
    return out


def _all_of(eng: RangersStrikeEngine, pids: list[str], want: str) -> tuple[bool | None, str]:
    """Whether every face-up card of ``pids``' command and power zones is of category
    ``want`` (None when not known), and the cards looked at, in words."""
    cards = _face_up(eng, pids)
    whose = " and ".join(f"{q}'s" for q in pids)
    if not cards:
        return None, f"{whose} command and power zones hold no face-up card"
    if any(c is None for c in cards):
        return None, f"a face-up card of {whose} zones is not known"
    other = [c for c in cards if c is not None and eng.state.card(c).category != want]
    if other:
        return False, (
            f"{eng.name(other[0])} in {whose} zones is not of category {want}"
            f" ({len(cards)} face-up {noun_for(len(cards), 'card')} there)"
        )
    if len(cards) == 1:
        return True, f"the one face-up card of {whose} zones is {want}"
    return True, f"all {len(cards)} face-up cards of {whose} zones are {want}"


def _power_none(
    eng: RangersStrikeEngine, pid: str, card: dict[str, Any]
) -> tuple[bool | None, str]:
    """RS-IF-POWER-NONE: whether no face-up card of the opposing power zones is a unit card (of
    ``card``'s size), in words (None when a face-up card there is not known)."""
    st = eng.state
    size = card.get("size")
    kind = f"size {size} unit card" if size else "unit card"
    whose = " and ".join(f"{q}'s" for q in eng.opponents(pid)) or "no player's"
    cards = [p.card for q in eng.opponents(pid) for p in st.players[q].power if p.face_up]
    if any(c is None for c in cards):
        return None, f"a face-up card of {whose} power zone is not known"
    found = [
        c
        for c in cards
        if c is not None and st.card(c).is_unit and (size is None or st.card(c).size == size)
    ]
    if found:
        return False, f"{eng.name(found[0])}, a {kind}, is face up in {whose} power zone"
    return True, f"no face-up card of {whose} power zone is a {kind} ({len(cards)} face up)"


def holds(eng: RangersStrikeEngine, pid: str, cond: dict[str, Any]) -> tuple[bool | None, str]:
    """Whether ``cond`` holds for ``pid`` now (None when it is not known), in words."""
    if "opposing_power_none" in cond:
        return _power_none(eng, pid, cond["opposing_power_none"])
    want = str(cond["own_zones_all"])
    own, said = _all_of(eng, [pid], want)
    team = eng.allies(pid)
    if own is None and "no face-up card" in said:
        return None, (
            f"{said}, and whether 自軍ゾーンのオモテ向きのカードがすべて{want}を持つ holds with none "
            "the sources do not say"
        )
    if own is None or len(team) < 2:
        return own, said
    theirs, team_said = _all_of(eng, team, want)
    if theirs != own:
        return None, (
            f"自軍ゾーン read as {pid}'s zones and as its team's disagree ({said}; {team_said})"
        )
    return own, said


def words(cond: dict[str, Any]) -> str:
    """A condition of this module in English, after the effect's timing."""
    if "opposing_power_none" in cond:
        size = cond["opposing_power_none"].get("size")
        kind = f"a size {size} unit card" if size else "a unit card"
        return f"if no face-up card of the opposing power zones is {kind}"
    return (
        "if every face-up card of your command zone and power zone is of category "
        f"{cond['own_zones_all']}"
    )
