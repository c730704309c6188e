"""The cards a raided character was raided onto, after it retired: "[退場時]このキャラのレイド元の
カードを1枚まで手札に戻す" (UA-EFFECT-RAID-SOURCE).

When a raided character leaves the field its top card goes where it is sent and the cards under
it (the raid source, 激躍源) to the outside area (seed; ``engine.leave_field``), so when its
[退場時] effect resolves they are in its owner's outside area.  The reader writes the choice as a
``to_hand`` of the outside area with ``raid_source``; when the effect triggers
(``engine.fire``) the pending copy of the effect names the cards that were under the unit that
left (:func:`bind`), and a card chosen must be one of them (``targets.card_mismatch``).  Read on
a [退場時] effect only: at any other time the cards under a character are on the field.
"""

from __future__ import annotations

from typing import Any

RULE = "UA-EFFECT-RAID-SOURCE"
KEY = "raid_source"
_SENTENCE = "このキャラのレイド元のカードを1枚まで手札に戻す"


def read(s: str) -> list[dict[str, Any]] | None:
    """The ops of "このキャラのレイド元のカードを1枚まで手札に戻す", or None.  Read whatever
    the timing ("このキャラ" names a card on the field only at others, but this names the
    cards that were under it): :func:`ok` keeps it to a [退場時] effect.

    >>> read("このキャラのレイド元のカードを1枚まで手札に戻す")[0]["target"]
    {'side': 'own', 'zone': 'outside', 'raid_source': True, 'count': 1, 'up_to': True}
    """
    if s != _SENTENCE:
        return None
    target = {"side": "own", "zone": "outside", KEY: True, "count": 1, "up_to": True}
    return [{"op": "to_hand", "target": target}]


def ok(effect: dict[str, Any]) -> bool:
    """Whether every ``raid_source`` choice of ``effect`` is one the engine executes: on a
    [退場時] effect (``on_retire``), a ``to_hand`` of one's own outside area, unbound (``True``)
    or bound to the cards' ids."""
    for op in effect.get("do") or []:
        target = op.get("target") if isinstance(op, dict) else None
        if not isinstance(target, dict) or KEY not in target:
            continue
        value = target[KEY]
        bound = isinstance(value, list) and all(isinstance(c, str) for c in value)
        if not (
            effect.get("when") == "on_retire"
            and op.get("op") == "to_hand"
            and target.get("zone") == "outside"
            and target.get("side", "own") == "own"
            and (value is True or bound)
        ):
            return False
    return True


def bind(effect: dict[str, Any], unit: Any) -> dict[str, Any]:
    """``effect`` as it triggers for ``unit`` (the unit that left the field): each
    ``raid_source`` choice names the cards that were under it (none when it was not raided).
    The same object when the effect has no such choice.

    >>> from types import SimpleNamespace as U
    >>> e = {"when": "on_retire", "do": read("このキャラのレイド元のカードを1枚まで手札に戻す")}
    >>> bind(e, U(cards=["A-1", "A-2"]))["do"][0]["target"]["raid_source"]
    ['A-1']
    """
    ops = effect.get("do") or []
    if not any(
        isinstance(op, dict) and isinstance(op.get("target"), dict) and KEY in op["target"]
        for op in ops
    ):
        return effect
    under = list(unit.cards[:-1]) if unit is not None else []
    do = [
        {**op, "target": {**op["target"], KEY: under}}
        if isinstance(op, dict) and isinstance(op.get("target"), dict) and KEY in op["target"]
        else op
        for op in ops
    ]
    return {**effect, "do": do}


def mismatch(sel: dict[str, Any], iid: str) -> str | None:
    """Why card ``iid`` is not one of the raid source cards the choice names, or None."""
    if KEY not in sel:
        return None
    value = sel[KEY]
    if not isinstance(value, list) or iid not in value:
        return f"{iid} is not a card the character was raided onto (its raid source)."
    return None
