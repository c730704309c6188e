"""How much of a Z/X card set the printed-text reader understands (``judge cards coverage``),
per set and in all, the unread lines grouped by template (:func:`judge.core.textread.shape`).
``judge cards show`` asks :func:`understanding`.

>>> coverage({"B01-001": {"type": "zx"}, "B01-002": {"type": "zx", "text": "【自】X。"}})["percent"]
50.0
"""

from __future__ import annotations

from typing import Any

from judge.core.textread import Understanding, coverage_of
from judge.games.zx.cards import printed_text
from judge.games.zx.effects import supported
from judge.games.zx.reader import read_card


def understanding(defn: dict[str, Any]) -> Understanding:
    """Whether one definition is understood, and if not, what was not read and why."""
    doubts = tuple(str(why) for why in defn.get("unsupported") or [])
    if defn.get("effects") or defn.get("keywords"):  # written by hand: the text is not read
        given = defn.get("effects") or []
        if not doubts and all(isinstance(e, dict) and supported(e) for e in given):
            return Understanding("effects_given")
        why = (*doubts, "effects written by hand that the engine cannot execute")
        return Understanding("not_understood", why, why)
    if not printed_text(defn):  # no text, or a hand-made card's note (ZX-TEXT-READ)
        return Understanding("no_text")
    reading = read_card(defn)
    if reading.understood:
        return Understanding("text_read")
    return Understanding("not_understood", reading.unread, doubts)


def coverage(cards: dict[str, dict[str, Any]]) -> dict[str, Any]:
    """How much of a card set the reader understands (``judge cards coverage``):
    :func:`judge.core.textread.coverage_of` by this game's :func:`understanding`."""
    return coverage_of(cards, understanding)
