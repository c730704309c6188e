"""How much of a Z/X card set the printed-text reader understands (``judge cards coverage``),
per set and in all, the unread lines grouped by template (:func:`judge.core.textread.shape`).
``judge cards show`` asks :func:`understanding`.

>>> coverage({"B01-001": {"type": "zx"}, "B01-002": {"type": "zx", "text": "【自】X。"}})["percent"]
50.0
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from judge.core.textread import UnreadGroups, percent
from judge.games.zx.effects import supported
from judge.games.zx.reader import read_card


@dataclass(frozen=True, slots=True)
class Understanding:
    """How far one definition is understood: ``kind`` ``no_text``, ``effects_given``
    (written by hand, executed), ``text_read`` (read in full) or ``not_understood``;
    ``unread`` the lines not read, after ``doubts`` (why the definition is not relied on in
    full), which it begins with."""

    kind: str
    unread: tuple[str, ...] = ()
    doubts: tuple[str, ...] = ()

    @property
    def understood(self) -> bool:
        return self.kind != "not_understood"


def understanding(defn: dict[str, Any]) -> Understanding:
    """Whether one definition is understood, and if not, what was not read and why."""
    doubts = tuple(str(why) for why in defn.get("unsupported") or [])
    if defn.get("effects") or defn.get("keywords"):  # written by hand: the text is not read
        given = defn.get("effects") or []
        if not doubts and all(isinstance(e, dict) and supported(e) for e in given):
            return Understanding("effects_given")
        why = (*doubts, "effects written by hand that the engine cannot execute")
        return Understanding("not_understood", why, why)
    if not defn.get("text") and not doubts:
        return Understanding("no_text")
    reading = read_card(defn)
    if reading.understood:
        return Understanding("text_read")
    return Understanding("not_understood", reading.unread, doubts)


def set_of(code: str) -> str:
    """The product a serial names: the part before its last ``-`` (``B01``), or ``other``.

    >>> set_of("B01-001"), set_of("P-012"), set_of("X1")
    ('B01', 'P', 'other')
    """
    head, dash, _ = code.rpartition("-")
    return head if dash and head else "other"


def coverage(cards: dict[str, dict[str, Any]]) -> dict[str, Any]:
    """How much of a card set the reader understands (``judge cards coverage``): a card is
    understood when it has no printed text, when its text is read in full, or when its
    definition gives keywords and effects the engine executes; one an importer flagged
    (``unsupported``) is not, its reason listed as an unread template.  ``sets`` gives the
    figures per product (:func:`set_of`)."""
    groups = UnreadGroups()
    no_text = read_full = by_hand = with_text = flagged = 0
    sets: dict[str, list[int]] = {}
    for code in sorted(cards):
        defn = cards[code]
        u = understanding(defn)
        counts = sets.setdefault(set_of(code), [0, 0])
        counts[0] += 1
        counts[1] += u.understood
        if u.kind == "no_text":
            no_text += 1
            continue
        if u.kind == "effects_given":
            by_hand += 1
            continue
        flagged += bool(u.doubts)
        with_text += bool(defn.get("text"))
        if u.kind == "text_read":
            read_full += 1
            continue
        for line in u.unread:
            groups.add(code, line)
    understood = no_text + read_full + by_hand
    return {
        "cards": len(cards),
        "understood": understood,
        "percent": percent(understood, len(cards)),
        "no_text": no_text,
        "not_relied_on": flagged,
        "effects_given": by_hand,
        "with_text": with_text,
        "text_read": read_full,
        "text_percent": percent(read_full, with_text),
        "sets": {
            name: {"cards": n, "understood": ok, "percent": percent(ok, n)}
            for name, (n, ok) in sorted(sets.items())
        },
        "unread_templates": groups.templates(),
    }
