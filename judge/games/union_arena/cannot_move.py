""" "このキャラは移動できない。" (this character cannot move, ``UA-CANNOT-MOVE``): a line of a
character's text, written as the keyword ``cannot move`` (``cards.Keywords``), as the other
printed abilities that are not bracketed keywords are.

The character never moves between the lines: a movement-phase move of it (from the energy
line to the front line, or back with Step) is illegal (``turn_start.check_move``), and an
effect that moves a chosen card leaves it where it is; whether such an effect may choose it
is in no source, so that step is unverifiable (``moveline.run``), as for a field chosen by
its name.  Not read on a card with a raid: whether the raid's move to the front line is a
move it cannot make is in no source.  Leaving the field, and a card of a full line put into
the removal area, are not moves.
"""

from __future__ import annotations

from typing import Any

RULE = "UA-CANNOT-MOVE"
KEYWORD = "cannot move"
#: the line as printed (normalised, reminders stripped), with or without its full stop
_LINES = ("このキャラは移動できない。", "このキャラは移動できない")


def line_keyword(defn: dict[str, Any], clean: str) -> str | None:
    """The keyword a text line of ``defn`` says, when the line is "このキャラは移動できない。" on
    a character without a raid; else None.

    >>> line_keyword({"type": "character"}, "このキャラは移動できない。")
    'cannot move'
    >>> line_keyword({"type": "character", "raid": {"name": "ミラ"}}, "このキャラは移動できない。")
    """
    if clean in _LINES and defn.get("type") == "character" and not defn.get("raid"):
        return KEYWORD
    return None
