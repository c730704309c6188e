"""A character that enters the field only by a raid: "このキャラはレイド以外で登場できない"
(UA-EFFECT-RAID-ONLY).

The reader writes it as a continuous ``{"op": "raid_only"}``.  The engine checks it wherever a
character is played onto the field: a play from the hand (``main_phase.check_play``), a play
by an effect ("…を登場させる": ``targets.card_mismatch`` on a ``play`` choice, so the count of a
mandatory choice does not count it either) and the green or purple COLOR trigger
(``resolve.check_trigger``).  A raid (from the hand, by the RAID trigger or an effect that
raids) is how it enters, so none of those is barred.  A module of its own so the three places
ask one question.
"""

from __future__ import annotations

import re
from typing import Any

RULE = "UA-EFFECT-RAID-ONLY"
OP = "raid_only"
_LINE = re.compile(r"このキャラはレイド以外で登場できない。?")


def read_line(defn: dict[str, Any], line: str) -> dict[str, Any] | None:
    """The continuous ability "このキャラはレイド以外で登場できない。" of a character, or None.

    >>> read_line({"type": "character"}, "このキャラはレイド以外で登場できない。")
    {'when': 'continuous', 'do': [{'op': 'raid_only'}]}
    >>> read_line({"type": "event"}, "このキャラはレイド以外で登場できない。") is None
    True
    """
    if defn.get("type") != "character" or not _LINE.fullmatch(line):
        return None
    return {"when": "continuous", "do": [{"op": OP}]}


def barred(d: Any) -> bool:
    """Whether card definition ``d`` may enter the field only by a raid (so not by a play).

    >>> from types import SimpleNamespace as C
    >>> barred(C(effects=({"when": "continuous", "do": [{"op": "raid_only"}]},)))
    True
    >>> barred(C(effects=({"when": "on_play", "do": [{"op": "draw", "n": 1}]},)))
    False
    """
    if not d.effects:  # (no generator made for a card without effects)
        return False
    return any(
        e.get("when") == "continuous"
        and any(isinstance(op, dict) and op.get("op") == OP for op in e.get("do") or [])
        for e in d.effects
    )


def why(iid: str) -> str:
    """The words of a play that breaks it."""
    return f"{iid} cannot enter the field except by a raid: it cannot be played."
