"""A condition on the state of the card with the ability, read when its effect resolves:
"このキャラがアクティブの場合、<sentence>" (if this character is active, …;
``UA-EFFECT-IF-SELF-ACTIVE``), as in::

    [起動メイン][APを1支払う]以下から1つ選ぶ。
    ・このキャラをアクティブにする。
    ・このキャラがアクティブの場合、カードを1枚引く。

The condition is ``{"zone": "self_state", "active": true}``: it holds when the unit holding the
card with the ability is on the field and active (not rested) as the op is carried out; a card no
longer on the field is not an active character, so it does not hold.  Read only where "このキャラ"
names a card on the field when the effect resolves (the reader's ``self_ok``).  An activation
condition "このキャラがアクティブの場合のみ発動できる" is another rule's (``UA-EFFECT-ONLY-IF``):
checked when the ability is used, not as it resolves.
"""

from __future__ import annotations

from typing import Any

ZONE = "self_state"
RULE = "UA-EFFECT-IF-SELF-ACTIVE"
#: the clause before "場合、"
CLAUSE = "このキャラがアクティブの"
COND: dict[str, Any] = {"zone": ZONE, "active": True}


def clause(text: str, self_ok: bool) -> dict[str, Any] | None:
    """The condition of the clause "このキャラがアクティブの" where "このキャラ" is a card on
    the field (``self_ok``), or None.

    >>> clause("このキャラがアクティブの", True), clause("このキャラがアクティブの", False)
    ({'zone': 'self_state', 'active': True}, None)
    """
    return dict(COND) if self_ok and text == CLAUSE else None


def valid(cond: dict[str, Any]) -> bool:
    """Whether a ``self_state`` condition is one the engine evaluates: exactly :data:`COND`
    (``side`` own allowed).

    >>> valid({"zone": "self_state", "active": True}), valid({"zone": "self_state"})
    (True, False)
    """
    return {k: v for k, v in cond.items() if k != "side"} == COND and cond.get(
        "side", "own"
    ) == "own"


def holds(st: Any, source: str | None) -> bool:
    """Whether the card ``source`` (the card with the ability) is on the field and active."""
    found = st.find_unit(source) if source is not None else None
    return found is not None and not found[2].rested


def describe(cond: dict[str, Any]) -> str:
    """The condition in words."""
    return "this character is active"
