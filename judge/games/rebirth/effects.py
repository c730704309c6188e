"""The structured effect vocabulary of Rebirth for you card text (``docs/rebirth.md``).

A card's ``effects`` is a list of effects, each with a ``when``:

- ``spark`` — fires when the card appears in the entry by an entry-in (R4U-SPARK), a Rebirth
  card's too (R4U-REBIRTH-ENTRY); ops: ``draw`` ``n`` (its player draws n), ``heal`` ``n`` (the
  last n cards put into its player's retire area go to the waiting room), ``mod`` ``atk``,
  ``def`` (its player's entry character, until the end of the turn).
- ``rebirth_area`` — applies while the Rebirth card is in its owner's Rebirth area
  (R4U-REBIRTH-AREA); ops: ``mod`` (its owner's entry character).
- ``performance`` — with ``count`` and optionally ``attribute``: applies to the card while it is
  its owner's entry and the owner's members and retire area hold at least ``count`` cards (of
  ``attribute``) (R4U-PERFORMANCE); ops: ``mod``.

Anything else (an unknown ``when`` or ``op``, a ``text`` only) cannot be executed
(R4U-EFFECT-UNSUPPORTED) and can be recorded by an ``outcome`` (R4U-OUTCOME).  No effect of this
vocabulary asks its controller for a choice.

>>> supported({"when": "spark", "do": [{"op": "draw", "n": 1}]})
True
>>> supported({"when": "performance", "count": 3, "do": [{"op": "draw", "n": 1}]})
False
"""

from __future__ import annotations

from typing import Any

WHENS = ("spark", "rebirth_area", "performance")
OPS_BY_WHEN = {
    "spark": ("draw", "heal", "mod"),
    "rebirth_area": ("mod",),
    "performance": ("mod",),
}


def _is_int(value: Any, minimum: int | None = None) -> bool:
    ok = isinstance(value, int) and not isinstance(value, bool)
    return ok and (minimum is None or value >= minimum)


def supported(effect: dict[str, Any]) -> bool:
    """Whether the engine can execute ``effect`` exactly."""
    when = effect.get("when")
    ops = effect.get("do")
    if when not in WHENS or not isinstance(ops, list) or not ops:
        return False
    if when == "performance":
        if not _is_int(effect.get("count"), 1):
            return False
        attr = effect.get("attribute")
        if attr is not None and not isinstance(attr, str):
            return False
    for op in ops:
        if not isinstance(op, dict) or op.get("op") not in OPS_BY_WHEN[when]:
            return False
        if op["op"] in ("draw", "heal") and not _is_int(op.get("n", 1), 1):
            return False
        if op["op"] == "mod" and not (_is_int(op.get("atk", 0)) and _is_int(op.get("def", 0))):
            return False
    return True


def needs_choice(effect: dict[str, Any]) -> bool:
    """No effect of this vocabulary needs a decision (AgendaEngine's interface)."""
    return False


def mods(effect: dict[str, Any]) -> tuple[int, int]:
    """The total (ATK, DEF) change of an effect's ``mod`` ops."""
    atk = sum(op.get("atk", 0) for op in effect["do"] if op.get("op") == "mod")
    dfn = sum(op.get("def", 0) for op in effect["do"] if op.get("op") == "mod")
    return atk, dfn
