"""クロス, printed (※クロスN) or gained by an effect: the numbers and SP denominators of the units to
its right lowered (RS-CROSS).

The keyword's reminder, as the fan wiki copies it (atwiki renst page 2393, "原文より"): "クロスX
効果：これが自軍バトルエリアにある間、これより右にあるユニットの、ナンバーの数字とSPの分母の数字はX少なくなる。ただ
し2より少なくならない。"; a unit given クロス besides its own has both, their numbers added ("効果が重複
して全てのクロスの数字の合計分まで以降のナンバーがずれる").  A unit has the クロス its card prints, its
keyword note ``※クロスN`` ("標準でこの能力を持つカード", the same page; a printed fact, whether or not the
engine reads the rest of the card, :mod:`judge.games.rangers_strike.keywords`), and the クロス effects
give it (``Mod.cross``, until the end of the turn: "このターン、これはクロス1を得る"), added.

While such a unit is in its player's battle area, each unit to its right in that battle area has
its combination number, and the denominator of a printed or given SP K/N, lowered by the sum of
the クロス of the units to its left, not below 2: its Number Combination triggers at the number so
lowered (RS-NUMBER-COMBINATION), its SP K/N counts the place so lowered (RS-SP-FRACTION).  Taxis
counts the actual place and is not changed (the official Q&A on クロス, A3).  Not guessed (the step
unverifiable): a number or denominator already below 2 (whether it stays or becomes 2), and tag
battle, whose two battle areas are one line for Number Combination (RST-COMBINATION) while the
reminder says 自軍バトルエリア; and scrum, or a choice by combination number (RS-HELD-NUMBER), while
such a unit is in play (:func:`next_in_line.number_changers`).
"""

from __future__ import annotations

import re
from functools import lru_cache
from operator import attrgetter
from typing import TYPE_CHECKING, Any

from judge.games.rangers_strike.discard_bp_cross import GAIN
from judge.games.rangers_strike.keywords import _notes, public_cards
from judge.games.rangers_strike.state import Unit

if TYPE_CHECKING:
    from judge.games.rangers_strike.cards import CardDef
    from judge.games.rangers_strike.engine import RangersStrikeEngine

RULE = "RS-CROSS"
#: a unit's effects in force (``any(map(_MODS, area))``: whether a unit of an area has one)
_MODS = attrgetter("mods")


_PRINTED = re.compile(r"クロス(?P<n>[1-9])")


def gained(unit: Unit) -> int:
    """The クロス effects have given ``unit`` (0: none)."""
    return sum(m.cross for m in unit.mods)


def printed(eng: RangersStrikeEngine, unit: Unit) -> int:
    """The クロス ``unit``'s card prints, its keyword note ※クロスN (0: none)."""
    return _printed_in(eng.state.card(unit.card).keywords)


@lru_cache(maxsize=4096)
def _printed_in(words: tuple[str, ...]) -> int:
    """The クロス the keyword notes ``words`` print, read once per notes (a unit's クロス is read
    for each unit to the left of one entering)."""
    return sum(int(m["n"]) for w in words if (m := _PRINTED.fullmatch(w)) is not None)


def total(eng: RangersStrikeEngine, unit: Unit) -> int:
    """The クロス ``unit`` has: printed and gained, added (module docstring)."""
    return printed(eng, unit) + gained(unit)


def _prints(d: CardDef) -> bool:
    return any(_PRINTED.fullmatch(w) for w in d.keywords)


def _gives(d: CardDef) -> bool:
    """Whether card ``d`` has a text that gives a unit クロス (the op of
    :mod:`~judge.games.rangers_strike.discard_bp_cross`, the one that makes a ``Mod.cross``),
    anywhere in its effects or its combination's."""
    return _has_op([d.effects, d.combination], GAIN)


def _has_op(value: Any, op: str) -> bool:
    """Whether ``value`` (an effect, its ops, a card's lists of them) holds ``{"op": op}``."""
    if isinstance(value, dict):
        return value.get("op") == op or any(_has_op(v, op) for v in value.values())
    if isinstance(value, (list, tuple)):
        return any(_has_op(v, op) for v in value)
    return False


def holders(eng: RangersStrikeEngine) -> list[str]:
    """The cards of units that have クロス, printed or given, in any area.  Only a unit whose
    card prints it or that has effects in force can (the others are passed over unread: a
    long log's areas hold hundreds of units)."""
    st = eng.state
    code_of = st.code_of
    printing = eng.codes_where("cross_printed", _prints, shared=True)
    return [
        u.card
        for q in st.order
        for u in st.players[q].units()
        if (u.mods or code_of[u.card] in printing) and total(eng, u)
    ]


def any_holder(eng: RangersStrikeEngine) -> bool:
    """Whether :func:`holders` names a card, found without listing them: the walk stops at
    the first (a long log's areas hold hundreds of units, and a unit enters at every other
    action)."""
    st = eng.state
    code_of = st.code_of
    known = eng.codes_known  # (codes_where's answers read first: no call)
    printing = known.get("cross_printed")
    if printing is None:
        printing = eng.codes_where("cross_printed", _prints, shared=True)
    if not printing:
        given = known.get("cross_given")
        if given is None:
            given = eng.codes_where("cross_given", _gives, shared=True)
        if not given:
            return False  # no card of the game prints it or gives it
    for q in st.order:
        ps = st.players[q]
        for area in (ps.rush, ps.battle):
            if printing:
                for u in area:
                    if (u.mods or code_of[u.card] in printing) and total(eng, u):
                        return True
            elif any(map(_MODS, area)):  # (looked at in C: few units have effects on them)
                for u in area:
                    if u.mods and gained(u):
                        return True  # (no card of the game prints it: what effects gave)
    return False


def left_of(eng: RangersStrikeEngine, unit: Unit) -> int:
    """The クロス of the units to the left of ``unit`` in its battle area (0 elsewhere)."""
    where = eng.state.area_of(unit)
    if where is None or where[1] != "battle":
        return 0
    line = eng.state.players[where[0]].battle
    return sum(total(eng, u) for u in line[: line.index(unit)])


def _has_left(eng: RangersStrikeEngine, unit: Unit) -> bool:
    """Whether a unit stands to the left of ``unit`` in its battle area."""
    where = eng.state.area_of(unit)
    if where is None or where[1] != "battle":
        return False
    return eng.state.players[where[0]].battle.index(unit) > 0


def givers(eng: RangersStrikeEngine) -> list[str]:
    """The known cards in public zones the engine does not read whose text names クロス other than
    in their own keyword note ※クロスN: an effect on them may give a unit クロス ("次の能力を得る⇒
    ※クロス1", a vehicle's rider, a declared クロス1), and the engine would not know it."""
    codes = eng.codes_known.get("cross_giver")  # (codes_where's answer read first: no call)
    if codes is None:
        codes = eng.codes_where("cross_giver", _may_give, shared=True)
    if not codes:  # no card of the game's (the public zones grow with a long log)
        return []
    code_of = eng.state.code_of
    return [iid for iid in public_cards(eng) if code_of[iid] in codes]


def _may_give(d: CardDef) -> bool:
    """Whether ``d`` is a card the engine does not read whose text names クロス other than in
    its own keyword note (:func:`givers`)."""
    text = d.raw.get("text")
    if not d.unread or not isinstance(text, str):
        return False
    return any("クロス" in part and not (w and _PRINTED.fullmatch(w)) for part, w in _notes(text))


def lowered(eng: RangersStrikeEngine, unit: Unit, number: int, what: str) -> tuple[int | None, str]:
    """``number`` (``unit``'s combination number or SP denominator, ``what``) as the クロス to
    its left lower it; None when that is not known; in words."""
    if len(eng.state.teams) and any_holder(eng):
        return None, (
            f"a unit has クロス and, in tag battle, whether it lowers {what} of the units after it "
            "in the team's joined line or in its player's battle area alone the sources do not say"
        )
    giving = givers(eng)
    if giving and _has_left(eng, unit):
        names = ", ".join(dict.fromkeys(eng.name(c) for c in giving))
        return None, (
            f"{names}, whose text the engine does not read, names クロス and may give a unit to the "
            f"left of {eng.name(unit.card)} クロス: its {what} now is not known"
        )
    x = left_of(eng, unit)
    if not x:
        return number, ""
    if number < 2:
        return None, (
            f"{eng.name(unit.card)}'s {what} is {number}, below the 2 クロス lowers it no further "
            "than: whether it stays or becomes 2 the sources do not say"
        )
    now = max(number - x, 2)
    return now, (
        f"the units to the left of {eng.name(unit.card)} have クロス {x}: its {what} {number} is "
        f"{now} (not below 2)"
    )
