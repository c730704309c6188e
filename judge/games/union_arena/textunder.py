"""Union Arena printed text: the deck's top card put face down under a character, read into
``put_under`` (``UA-EFFECT-PUT-UNDER``, carried out by :mod:`judge.games.union_arena.facedown`).

The sentences (the official card list's wording)::

    自分の山札の上から1枚を裏向きでこのキャラの下に置く。
    自分の場のキャラを1枚まで選び、自分の山札の上から1枚を裏向きでそのキャラの下に置く。

    このキャラの下に裏向きのカードがある場合、このキャラはアクティブにならない。

The second is read as any "…を1枚(まで)選び、<operation>": the reader reads the selector and
the count, and this module gives it the operation (:func:`under_operation`).  Only one card
is read ("1枚"): the engine's op puts one, which the printed texts do.

The third, a line of a character's text, is a continuous ``stays_rested`` on a ``face_down``
condition of the card itself (:func:`static_no_activate`, ``UA-EFFECT-UNDER-NO-ACTIVATE``).

Why a module of its own: the reader (``reader.py``) is the frame, and full.
"""

from __future__ import annotations

from typing import Any

#: "…このキャラの下に置く": under this character itself
_SELF = "自分の山札の上から1枚を裏向きでこのキャラの下に置く"
#: "…そのキャラの下に置く" / "…選んだキャラの下に置く": under the character just chosen
_CHOSEN = ("自分の山札の上から1枚を裏向きでそのキャラの下に置く",)


def under_self(sentence: str, self_ok: bool) -> list[dict[str, Any]] | None:
    """The ops of "自分の山札の上から1枚を裏向きでこのキャラの下に置く" when "このキャラ" names
    a card on the field as the effect resolves (``self_ok``); None otherwise.

    >>> under_self("自分の山札の上から1枚を裏向きでこのキャラの下に置く", True)
    [{'op': 'put_under', 'n': 1, 'target': 'self'}]
    >>> under_self("自分の山札の上から1枚を裏向きでこのキャラの下に置く", False) is None
    True
    """
    if sentence == _SELF and self_ok:
        return [{"op": "put_under", "n": 1, "target": "self"}]
    return None


def under_operation(text: str) -> dict[str, Any] | None:
    """The operation of "…を1枚(まで)選び、<this>": "自分の山札の上から1枚を裏向きでそのキャラの
    下に置く"; None for anything else.

    >>> under_operation("自分の山札の上から1枚を裏向きでそのキャラの下に置く")
    {'op': 'put_under', 'n': 1}
    >>> under_operation("自分の山札の上から2枚を裏向きでそのキャラの下に置く") is None
    True
    """
    return {"op": "put_under", "n": 1} if text in _CHOSEN else None


#: "このキャラの下に裏向きのカードがある場合、このキャラはアクティブにならない"
_STAYS = "このキャラの下に裏向きのカードがある場合、このキャラはアクティブにならない"


def static_no_activate(defn: dict[str, Any], line: str) -> dict[str, Any] | None:
    """The continuous effect of a character's line "このキャラの下に裏向きのカードがある場合、
    このキャラはアクティブにならない。" (while a face-down card lies under it, it does not become
    active); None for any other line or card type.

    >>> static_no_activate({"type": "character"}, _STAYS + "。")
    {'when': 'continuous', 'do': [{'op': 'stays_rested', 'if': {'zone': 'face_down', 'of': 'self', 'min': 1}}]}
    >>> static_no_activate({"type": "field"}, _STAYS + "。") is None
    True
    """
    if defn.get("type") != "character" or line.rstrip("。") != _STAYS:
        return None
    cond = {"zone": "face_down", "of": "self", "min": 1}
    return {"when": "continuous", "do": [{"op": "stays_rested", "if": cond}]}
