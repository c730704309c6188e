"""Rules a card's continuous text lays on other units while the card is in its player's area
(read by :mod:`judge.games.rangers_strike.reader` into the card's ``restrictions``, looked up
here where the action they govern is checked).

Why a module of its own: :mod:`judge.games.rangers_strike.restrictions` holds a unit's rules
for itself; these are one card's rules for the units around it, in force only while the card
stands in its player's rush or battle area, so each check first looks for the cards in play
that lay them and then asks whether the unit concerned is one they name.

Rules (``{"rule": …}``, on the card whose text it is):

- ``void_must_enter`` ``of`` ``{"side": "own", "feature": X}`` (``【name】これが自軍エリアにある
  間、特徴「X」を持つ自軍ユニットは「これは毎ターン、可能ならバトルエリアに出る」と書かれていても、その
  テキストは無効になる。``): while the card is in its player's rush or battle area, the note
  "※これは毎ターン、可能ならバトルエリアに出る。" (RS-MUST-ENTER) of that player's units with the
  feature X (printed or added, RS-SELECT-FEATURE) is void: such a unit need not enter
  (RS-VOID-MUST-ENTER, :func:`must_enter_void`).  In tag battle, whether a card in the ally's
  area voids the player's unit's note (自軍: the player's or its team's) the sources do not say:
  not guessed.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from judge.games.rangers_strike.state import AREAS, Unit

if TYPE_CHECKING:
    from judge.games.rangers_strike.engine import RangersStrikeEngine

VOID_MUST_ENTER = "RS-VOID-MUST-ENTER"
#: the rules of this module, and the rule id of each
RULES = {"void_must_enter": VOID_MUST_ENTER}


def laying(eng: RangersStrikeEngine, rule: str) -> Iterator[tuple[str, str, str, dict[str, Any]]]:
    """Every card in a rush or battle area whose text lays ``rule``: ``(player, area, card,
    the rule)``, in player, area and position order (a unit, then the vehicle it rides)."""
    st = eng.state
    for pid in st.order:
        ps = st.players[pid]
        for area in AREAS:
            for unit in ps.area(area):
                for iid in unit.cards():
                    for r in st.card(iid).restrictions:
                        if r.get("rule") == rule:
                            yield pid, area, iid, r


def must_enter_void(eng: RangersStrikeEngine, pid: str, unit: Unit) -> tuple[bool | None, str]:
    """RS-VOID-MUST-ENTER: whether the must-enter note of ``pid``'s ``unit`` is void by a card
    of ``pid``'s in its rush or battle area whose text voids it for units with a feature the
    unit has (True), or not (False); None when only a card of ``pid``'s ally would (tag battle:
    自軍 read as the player's or as its team's); and why, in words."""
    st = eng.state
    features = st.unit_features(unit)
    ally: str | None = None
    for q, _area, iid, r in laying(eng, "void_must_enter"):
        feature = r["of"]["feature"]
        if feature not in features:
            continue
        said = (
            f"{eng.name(iid)} is in {q}'s rush or battle area, and {eng.name(unit.card)} has the "
            f"feature {feature}"
        )
        if q == pid:
            return True, f"{said}: its note to enter the battle area every turn is void"
        if q in eng.allies(pid) and ally is None:
            ally = said
    if ally is not None:
        return None, (
            f"{ally}, but it is {pid}'s ally's, and whether its 自軍ユニット takes in {pid}'s "
            "units the sources do not say"
        )
    return False, ""
