"""A selector's printed BP: "元々のBPがN以下の…キャラ" (UA-EFFECT-PRINTED-BP).

"元々の" (original) BP is the number printed on the character's card, not the BP its effects
make it now; a raided character's card is its top card (the raiding card), so its printed BP
is that card's.  Kept apart from :mod:`judge.games.union_arena.targets` so the legal-action
lister (``legal.py``) checks the same condition without importing the target matcher.
"""

from __future__ import annotations

from typing import Any

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
