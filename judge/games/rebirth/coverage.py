"""How much of a Rebirth for you card set the printed-text reader understands
(``judge cards coverage``), per set and in all, the unread lines grouped by template
(:func:`judge.core.textread.shape`).  ``judge cards show`` asks :func:`understanding`.

>>> coverage({"X/001-001": {"type": "partner"}})["percent"]
100.0
"""

from __future__ import annotations

from typing import Any

from judge.core.textread import Understanding, coverage_of
from judge.games.rebirth.effects import supported
from judge.games.rebirth.reader import read_card


def understanding(defn: dict[str, Any]) -> Understanding:
    """Whether one definition is understood, and if not, what was not read and why."""
    doubts = tuple(str(why) for why in defn.get("unsupported") or [])
    if "effects" in defn:  # written by hand: the text is then not read
        given = defn.get("effects") or []
        if not doubts and all(isinstance(e, dict) and supported(e) for e in given):
            return Understanding("effects_given" if given or defn.get("text") else "no_text")
        why = (*doubts, "effects written by hand that the engine cannot execute")
        return Understanding("not_understood", why, why)
    if not defn.get("text") and not doubts:
        return Understanding("no_text")
    reading = read_card(defn)
    if reading.understood:
        return Understanding("text_read")
    return Understanding("not_understood", reading.unread, doubts)


def coverage(cards: dict[str, dict[str, Any]]) -> dict[str, Any]:
    """How much of a card set the reader understands (``judge cards coverage``):
    :func:`judge.core.textread.coverage_of` by this game's :func:`understanding`."""
    return coverage_of(cards, understanding)
