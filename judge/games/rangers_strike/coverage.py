"""How much of a Rangers Strike card set the printed-text reader understands (``judge cards
coverage``), per expansion and in all, the unread parts grouped by template
(:func:`judge.core.textread.shape`).  ``judge cards show`` asks :func:`understanding`.

>>> coverage({"RS-001": {"type": "unit"}, "RS-002": {"type": "unit", "text": "【X】Yする。"}})["percent"]
50.0
"""

from __future__ import annotations

from typing import Any

from judge.core.textread import Understanding, coverage_of, percent, set_of
from judge.games.rangers_strike.cards import printed_text
from judge.games.rangers_strike.effects import supported
from judge.games.rangers_strike.reader import read_card


def _hand_written(defn: dict[str, Any]) -> list[Any]:
    combo = defn.get("combination") or {}
    return [*(defn.get("effects") or []), *(combo.get("effects") or [])]


def understanding(defn: dict[str, Any]) -> Understanding:
    """Whether one definition is understood, and if not, what was not read and why."""
    doubts = tuple(str(why) for why in defn.get("unsupported") or [])
    given = _hand_written(defn)
    if given:  # written by hand: the text is not read
        if not doubts and all(isinstance(e, dict) and supported(e, "combination") for e in given):
            return Understanding("effects_given")
        why = (*doubts, "effects written by hand that the engine cannot execute")
        return Understanding("not_understood", why, why)
    if not printed_text(defn):  # no text, or a hand-made card's note (RS-TEXT-READ)
        return Understanding("no_text")
    reading = read_card(defn)
    if reading.understood:
        return Understanding("text_read")
    return Understanding("not_understood", reading.unread, doubts)


def _expansion(code: str, defn: dict[str, Any]) -> str:
    found = defn.get("expansion")
    return found if isinstance(found, str) and found else set_of(code)


def coverage(cards: dict[str, dict[str, Any]]) -> dict[str, Any]:
    """How much of a card set the reader understands (``judge cards coverage``):
    :func:`judge.core.textread.coverage_of` by this game's :func:`understanding`, its
    ``sets`` by the definitions' ``expansion`` (the catalogue's product; the code's prefix
    when a definition has none)."""
    figures = coverage_of(cards, understanding)
    counts: dict[str, list[int]] = {}
    for code in sorted(cards):
        got = counts.setdefault(_expansion(code, cards[code]), [0, 0])
        got[0] += 1
        got[1] += understanding(cards[code]).understood
    figures["sets"] = {
        name: {"cards": n, "understood": ok, "percent": percent(ok, n)}
        for name, (n, ok) in sorted(counts.items())
    }
    return figures
