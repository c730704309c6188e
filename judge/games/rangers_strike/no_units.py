"""An effect's condition that one has no unit with a feature: "特徴「X」を持つ自軍ユニットが1体もなけれ
ば、…" (RS-IF-NONE-WITH-FEATURE), checked as the effect resolves.

The condition is ``{"own_none": {"feature": X}}``.  自軍ユニット are the units of the player's rush
and battle areas (a vehicle is no unit, the unit riding one is), with the feature now, printed or
added (RS-SELECT-FEATURE), counted by :func:`judge.games.rangers_strike.quantities.count`: in tag
battle, where 自軍 read as the player's and as its team's disagree, the condition is not known
and the effect is not carried out (unverifiable).

When it does not hold nothing of the effect happens.  Whether a shuffle printed after the
search the condition opens (その後、山札をシャッフルする。) happens then the sources do not say:
the engine does not shuffle, and such a step is unverifiable.

Why a module of its own: a condition on units by a feature, with its reading, check and words
in one place.

>>> ok({"own_none": {"feature": "宇宙刑事"}}), words({"own_none": {"feature": "宇宙刑事"}})
(True, 'if you have no unit with the feature 宇宙刑事 (rush and battle areas)')
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from judge.games.rangers_strike import quantities

if TYPE_CHECKING:
    from judge.games.rangers_strike.engine import RangersStrikeEngine

RULE = "RS-IF-NONE-WITH-FEATURE"
KEY = "own_none"


def is_condition(cond: Any) -> bool:
    """Whether an effect's ``if`` is this module's (its shape checked by :func:`ok`)."""
    return isinstance(cond, dict) and KEY in cond


def ok(cond: Any) -> bool:
    """``{"own_none": {"feature": X}}``, X a feature's name."""
    if not isinstance(cond, dict) or set(cond) != {KEY}:
        return False
    which = cond[KEY]
    return (
        isinstance(which, dict)
        and set(which) == {"feature"}
        and isinstance(which["feature"], str)
        and bool(which["feature"])
    )


def holds(eng: RangersStrikeEngine, pid: str, cond: dict[str, Any]) -> tuple[bool | None, str]:
    """Whether ``pid`` has no unit with the feature now (None when the readings of 自軍
    disagree), in words."""
    n, said = quantities.count(eng, pid, {quantities.OWN_UNITS: cond[KEY]})
    if n is None:
        return None, said
    return n == 0, said


def met(eng: RangersStrikeEngine, pe: Any, what: str) -> bool:
    """Whether the effect's condition holds as it resolves, with a ruling; not known, the
    effect is not carried out (unverifiable); not holding, nothing happens, and a shuffle the
    effect prints is not made (unverifiable: the sources do not say)."""
    holds_, said = holds(eng, pe.controller, pe.effect["if"])
    if holds_ is None:
        eng.not_guessed(pe, RULE, said, f"{what} is not carried out.")
        return False
    eng.ctx.ruling(RULE, f"{what}: {said} ({'it applies' if holds_ else 'nothing happens'}).")
    shuffles = any(isinstance(op, dict) and op.get("op") == "shuffle" for op in pe.effect["do"])
    if not holds_ and shuffles:
        why = (
            f"{what}'s condition does not hold, and whether the deck is shuffled all the same "
            "(その後、山札をシャッフルする) the sources do not say"
        )
        eng.not_guessed(pe, RULE, why, f"{pe.controller}'s deck is not shuffled.")
    return holds_


def words(cond: dict[str, Any]) -> str:
    """The condition in English, after the effect's timing."""
    return f"if you have no unit with the feature {cond[KEY]['feature']} (rush and battle areas)"
