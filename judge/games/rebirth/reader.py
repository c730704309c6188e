"""The printed-text reader of Rebirth for you: a card's Japanese text read into the engine's
effects (``docs/rebirth.md``, "Printed text"), on the shared machinery of
:mod:`judge.core.textread`.

A definition with ``text`` and no ``effects`` is read when it is loaded
(:meth:`judge.games.rebirth.cards.CardDef.from_dict`).  The text is read line by line (an
ability, a keyword, or a reminder in parentheses a line), each line by the first template of
:data:`TEMPLATES` that matches it whole.  A card is **understood** when every line is read
into something the engine executes exactly (R4U-TEXT-READ); then its effects are the ones
read.  Otherwise it is **unsupported** and never silently vanilla: :attr:`Reading.unread`
names each line not read, and every ability of the card becomes an effect with ``text`` only
at its timing (a spark at ``spark``, an ``【起】`` at ``activated``, any other ability of a
Rebirth card at ``rebirth_area``, of a character at ``performance``): the engine cannot
execute it, so the step where it would apply is unverifiable (R4U-EFFECT-UNSUPPORTED).  What
is kept of an unsupported card: its keywords (blocker, cancel), printed on it rather than
effects.

>>> r = read_card({"type": "character", "text": "【スパーク】：あなたは２枚引く。"})
>>> r.understood, r.effects[0]["do"]
(True, [{'op': 'draw', 'n': 2}])
>>> read_card({"type": "character", "text": "【のびしろ】(今後の成長に期待!)"}).keywords
('growing',)
>>> read_card({"type": "rebirth", "text": "【永】:あなたのエントリーを+1/±0。"}).effects[0]["when"]
'rebirth_area'
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from judge.core import textread as tr
from judge.games.rebirth.ability_lines import ABILITY_TEMPLATES
from judge.games.rebirth.effects import supported
from judge.games.rebirth.readparts import ANY_COPIES, Line
from judge.games.rebirth.spark_lines import SPARK_TEMPLATES, cancel_stops

__all__ = ["ANY_COPIES", "TEMPLATES", "Line", "Reading", "cancel_stops", "read_card"]

#: the templates, in the order they are tried (R4U-TEXT-READ): keywords, sparks and a Rebirth
#: card's lines (``spark_lines.py``), then a character's abilities (``ability_lines.py``)
TEMPLATES: tuple[tr.Template, ...] = (*SPARK_TEMPLATES, *ABILITY_TEMPLATES)


#: keyword lines kept on an unsupported card though the line is not read (a cancel line in
#: another wording than the two the templates read: what it stops is not known)
_KEPT = (("cancel", re.compile(r"【キャンセル】.*")),)
#: keyword lines: no stand-in effect is made of them (what they do is a rule of the engine's)
_KEYWORD_LINE = re.compile(r"【(ブロッカー|キャンセル|のびしろ)】.*")


@dataclass(frozen=True, slots=True)
class Reading:
    """What the reader made of a card's text: ``effects`` (read ones when understood, else
    text-only stand-ins), ``keywords``, ``unread`` (every line not read) and ``lines``
    (``(line, template name or None)`` for each line, for ``judge cards show``)."""

    effects: tuple[dict[str, Any], ...] = ()
    keywords: tuple[str, ...] = ()
    unread: tuple[str, ...] = ()
    lines: tuple[tuple[str, str | None], ...] = ()

    @property
    def understood(self) -> bool:
        return not self.unread


def _timing(line: str, kind: str) -> str | None:
    """The timing a stand-in of an unread ability line is put at (None: a reminder)."""
    if line.startswith("("):
        return None
    if line.startswith("【スパーク】"):
        return "spark"
    if line.startswith("【起】"):
        return "activated"
    return "rebirth_area" if kind == "rebirth" else "performance"


def read_card(defn: dict[str, Any]) -> Reading:
    """Read the printed ``text`` of one definition (module docstring)."""
    kind = str(defn.get("type") or "character")
    text = defn.get("text")
    doubts = [str(why) for why in defn.get("unsupported") or []]
    if not isinstance(text, str) or not text.strip():
        return Reading(unread=tuple(doubts))
    keywords: list[str] = []
    effects: list[dict[str, Any]] = []
    unread: list[str] = doubts  # the definition's own doubts come first
    shown: list[tuple[str, str | None]] = []
    reminders: list[tuple[str, str]] = []
    marks: set[str] = set()
    if kind == "partner":
        unread.append("(a partner card with printed text: a partner card has no other function)")
    for lr in tr.read_lines(text, TEMPLATES):
        value: Line | None = lr.value
        if value is None or kind not in value.only:
            for word, pattern in _KEPT:
                if pattern.fullmatch(lr.line) and word not in keywords:
                    keywords.append(word)
            unread.append(lr.line)
            shown.append((lr.line, None))
            continue
        shown.append((lr.line, lr.template))
        for word in value.keywords:
            if word not in keywords:
                keywords.append(word)
        marks.update(value.marks)
        if value.reminder is not None:
            reminders.append((value.reminder, lr.line))
        if value.effect is not None:
            effects.append({**value.effect, "text": lr.line})
    for word, line in reminders:  # a reminder is read only beside its keyword
        if word not in keywords and word not in marks:
            unread.append(line)
    unread += [e["text"] for e in effects if not supported(_bare(e))]
    if unread:
        stand_ins = [
            {"when": when, "text": line}
            for line, _ in shown
            if (when := _timing(line, kind)) is not None and not _KEYWORD_LINE.fullmatch(line)
        ]
        return Reading(tuple(stand_ins), tuple(keywords), tuple(unread), tuple(shown))
    return Reading(tuple(effects), tuple(keywords), (), tuple(shown))


def _bare(effect: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in effect.items() if k != "text"}
