"""A character's printed BP: a selector's "元々のBPがN以下の…キャラ" and a condition's
"相手のフロントLに元々のBPよりBPが低いキャラがある" (UA-EFFECT-PRINTED-BP).

"元々の" (original) BP is the number printed on the character's card, not the BP its effects
make it now; a raided character's card is its top card (the raiding card), so its printed BP
is that card's.  Kept apart from :mod:`judge.games.union_arena.targets` so the legal-action
lister (``legal.py``) checks the same condition without importing the target matcher.
"""

from __future__ import annotations

import re
from collections.abc import Collection
from typing import TYPE_CHECKING, Any

from judge.games.union_arena.state import LINES

if TYPE_CHECKING:
    from judge.games.union_arena.state import UAState

#: the selector keys this module reads
KEYS = ("printed_bp_max", "printed_bp_min")


def mismatch(sel: dict[str, Any], card_type: str, printed: int) -> str | None:
    """Why a unit whose top card is of ``card_type`` with ``printed`` BP does not meet the
    selector's "元々のBPがN以下の/以上の" (its printed BP, no effect counted:
    UA-EFFECT-PRINTED-BP), or None.  Only a character has a BP.

    >>> mismatch({"printed_bp_max": 2500}, "character", 2500) is None
    True
    >>> mismatch({"printed_bp_max": 2500}, "character", 3000)
    'has printed BP 3000, more than 2500.'
    >>> mismatch({"printed_bp_min": 2500}, "field", 0)
    'is a field, with no BP.'
    """
    if "printed_bp_max" not in sel and "printed_bp_min" not in sel:
        return None
    if card_type != "character":
        return f"is a {card_type}, with no BP."
    if printed > sel.get("printed_bp_max", printed):
        return f"has printed BP {printed}, more than {sel['printed_bp_max']}."
    if printed < sel.get("printed_bp_min", printed):
        return f"has printed BP {printed}, less than {sel['printed_bp_min']}."
    return None


#: a condition's zone: "相手のフロントLに元々のBPよりBPが低いキャラがある" (a character of that
#: side whose BP now is below its printed BP), in ``line`` (a line, or ``field``: both)
ZONE = "bp_below_printed"
_LINES = {"フロントL": "front_line", "エナジーL": "energy_line", "場": "field"}
_CLAUSE = re.compile(r"相手の(フロントL|エナジーL|場)に元々のBPよりBPが低いキャラがある")


def clause(text: str) -> dict[str, Any] | None:
    """The condition clause "相手のフロントLに元々のBPよりBPが低いキャラがある" (before "場合"), or
    None.  Only of the opponent's field: a card of one's own being played would enter with a
    BP the check before it resolves would have to foresee.

    >>> clause("相手のフロントLに元々のBPよりBPが低いキャラがある")
    {'side': 'opponent', 'zone': 'bp_below_printed', 'line': 'front_line'}
    >>> clause("自分のフロントLに元々のBPよりBPが低いキャラがある") is None
    True
    """
    m = _CLAUSE.fullmatch(text)
    return {"side": "opponent", "zone": ZONE, "line": _LINES[m.group(1)]} if m else None


def cond_valid(cond: dict[str, Any]) -> bool:
    """Whether a ``bp_below_printed`` condition is one the engine evaluates exactly.

    >>> cond_valid({"side": "opponent", "zone": "bp_below_printed", "line": "front_line"})
    True
    >>> cond_valid({"side": "own", "zone": "bp_below_printed", "line": "front_line"})
    False
    """
    return (
        set(cond) == {"side", "zone", "line"}
        and cond["side"] == "opponent"
        and cond["line"] in _LINES.values()
    )


def cond_holds(st: UAState, side: str, cond: dict[str, Any], gone: Collection[str] = ()) -> bool:
    """Whether ``side`` has a character in the condition's line whose BP now (with effects,
    :meth:`UAState.bp`) is lower than its top card's printed BP (a unit holding a card of
    ``gone``, one that leaves the field before the effect resolves, not)."""
    lines = LINES if cond["line"] == "field" else (cond["line"],)
    for line in lines:
        for unit in st.players[side].line(line):
            d = st.card(unit.top)
            if any(g in unit.cards for g in gone) or d.type != "character":
                continue
            if st.bp(unit) < d.bp:
                return True
    return False


def describe(cond: dict[str, Any]) -> str:
    """A ``bp_below_printed`` condition in words."""
    place = {"front_line": "front line", "energy_line": "energy line"}.get(cond["line"], "field")
    return f"the opponent's {place} has a character whose BP is lower than its printed BP"
