"""Union Arena printed text: the deck's top card put face down under a character, read into
``put_under`` (``UA-EFFECT-PUT-UNDER``, carried out by :mod:`judge.games.union_arena.facedown`).

The sentences (the official card list's wording)::

    自分の山札の上から1枚を裏向きでこのキャラの下に置く。
    自分の場のキャラを1枚まで選び、自分の山札の上から1枚を裏向きでそのキャラの下に置く。

    このキャラの下に裏向きのカードがある場合、このキャラはアクティブにならない。
    自分の場のキャラの下に裏向きのカードがない場合、自分の山札の上から1枚を裏向きで自分の場の
    キャラ1枚の下に置いてもよい。
    自分の場のキャラの下の裏向きのカードを1枚、裏向きのカードが下にない自分の場のキャラの下に
    移動させる。
    自分の場のキャラの下の裏向きのカードを1枚場外に置いてもよい。そうした場合、…

The second is read as any "…を1枚(まで)選び、<operation>": the reader reads the selector and
the count, and this module gives it the operation (:func:`under_operation`).  Only one card
is read ("1枚"): the engine's op puts one, which the printed texts do.

The third, a line of a character's text, is a continuous ``stays_rested`` on a ``face_down``
condition of the card itself (:func:`static_no_activate`, ``UA-EFFECT-UNDER-NO-ACTIVATE``).

The fourth, a triggered ability's whole text, is optional (the log's ``use``): a ``put_under``
on exactly one character of one's own field, carried out only if no character of one's own has
a face-down card under it as it resolves (:func:`read_may_put`).  The fifth is a
``pick_under`` (the character a card comes from) and a ``move_under`` (the one it goes to:
:func:`read_move`, ``UA-EFFECT-MOVE-UNDER``).

The sixth opens a triggered ability (as :func:`~judge.games.union_arena.textdeck.may_open`
allows: every sentence after it "そうした場合、…"): optional, an ``under_to_outside`` on exactly one
character of one's own field with a face-down card under it (:func:`read_may_outside`,
``UA-EFFECT-UNDER-TO-OUTSIDE``).

Why a module of its own: the reader (``reader.py``) is the frame, and full.
"""

from __future__ import annotations

import re
from typing import Any

from judge.games.union_arena import textgrammar as g
from judge.games.union_arena.textdeck import may_open

#: "…このキャラの下に置く": under this character itself
_SELF = "自分の山札の上から1枚を裏向きでこのキャラの下に置く"
#: "…そのキャラの下に置く" / "…選んだキャラの下に置く": under the character just chosen
_CHOSEN = (
    "自分の山札の上から1枚を裏向きでそのキャラの下に置く",
    "自分の山札の上から1枚を裏向きで選んだキャラの下に置く",
)


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
    下に置く" (``put_under``), "このカードを裏向きで選んだキャラの下に置く" (``self_under``: a
    when-retired card itself, from the outside area); None for anything else.

    >>> under_operation("自分の山札の上から1枚を裏向きでそのキャラの下に置く")
    {'op': 'put_under', 'n': 1}
    >>> under_operation("自分の山札の上から2枚を裏向きでそのキャラの下に置く") is None
    True
    """
    if text == _SELF_UNDER:
        return {"op": "self_under"}
    return {"op": "put_under", "n": 1} if text in _CHOSEN else None


#: "このカードを裏向きで選んだキャラの下に置く": the card with the ability itself
_SELF_UNDER = "このカードを裏向きで選んだキャラの下に置く"
#: "裏向きのカードが下に(ある|ない)<selector>をN枚(まで)選び、<operation>"
_CHOOSE_UNDER = re.compile(r"裏向きのカードが下に(ある|ない)(自分の.+?)を(\d+)枚(まで)?選び、(.+)")


def read_choose_under(sentence: str) -> list[dict[str, Any]] | None:
    """ "裏向きのカードが下にない自分の場の〈X〉を1枚まで選び、<operation>": a choice of one's own
    characters with (ある) or without (ない) a face-down card under them, then an operation of
    :func:`under_operation`; None for anything else.  A name chosen this way is a character's
    (the operation puts a card under "選んだキャラ").

    >>> read_choose_under("裏向きのカードが下にない自分の場の〈ミラ〉を1枚まで選び、"
    ...                   "このカードを裏向きで選んだキャラの下に置く")
    [{'op': 'self_under', 'target': {'side': 'own', 'zone': 'field', 'name': 'ミラ', 'type': 'character', 'face_down': False, 'count': 1, 'up_to': True}}]
    """
    m = _CHOOSE_UNDER.fullmatch(sentence)
    sel = g.selector(m.group(2)) if m else None
    op = under_operation(m.group(5)) if m else None
    if m is None or sel is None or op is None or sel.get("zone") not in ("field",):
        return None
    if sel.get("side") != "own" or sel.get("type", "character") != "character":
        return None
    sel.update(type="character", face_down=m.group(1) == "ある", count=int(m.group(3)))
    sel["up_to" if m.group(4) else "if_able"] = True
    return [{**op, "target": sel}]


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


#: "自分の場のキャラの下に裏向きのカードがない場合、…自分の場のキャラ1枚の下に置いてもよい"
_MAY_PUT = (
    "自分の場のキャラの下に裏向きのカードがない場合、自分の山札の上から1枚を裏向きで自分の場の"
    "キャラ1枚の下に置いてもよい"
)
#: "自分の場のキャラの下の裏向きのカードを1枚、裏向きのカードが下にない自分の場のキャラの下に移動させる"
_MOVE = (
    "自分の場のキャラの下の裏向きのカードを1枚、裏向きのカードが下にない自分の場のキャラの下に"
    "移動させる"
)
_OWN_CHARACTER = {"side": "own", "zone": "field", "type": "character", "count": 1}


def read_may_put(
    parts: list[str], when: str, tags: list[str], effect: dict[str, Any], ops: list[Any]
) -> list[dict[str, Any]] | None:
    """The ops of a triggered ability whose whole text is "自分の場のキャラの下に裏向きのカードが
    ない場合、自分の山札の上から1枚を裏向きで自分の場のキャラ1枚の下に置いてもよい" (the caller
    marks it optional), or None: only with no other tag than [ターン1], not already
    optional, nothing read before it.

    >>> read_may_put([_MAY_PUT], "on_play", [], {}, [])[0]["if"]
    {'zone': 'face_down', 'of': 'field', 'max': 0}
    >>> read_may_put([_MAY_PUT], "activate_main", [], {}, []) is None
    True
    """
    if (
        parts != [_MAY_PUT]
        or when == "activate_main"
        or tags not in ([], ["ターン1"])
        or effect.get("optional")
        or ops
    ):
        return None
    cond = {"zone": "face_down", "of": "field", "max": 0}
    return [{"op": "put_under", "n": 1, "target": dict(_OWN_CHARACTER), "if": cond}]


def read_move(sentence: str) -> list[dict[str, Any]] | None:
    """The ops of "自分の場のキャラの下の裏向きのカードを1枚、裏向きのカードが下にない自分の場の
    キャラの下に移動させる", or None: the character chosen with a card under it, then the one
    chosen with none (each one if there is one: ``if_able``).

    >>> [op["op"] for op in read_move(_MOVE)]
    ['pick_under', 'move_under']
    """
    if sentence != _MOVE:
        return None
    return [
        {"op": "pick_under", "target": {**_OWN_CHARACTER, "face_down": True, "if_able": True}},
        {"op": "move_under", "target": {**_OWN_CHARACTER, "face_down": False, "if_able": True}},
    ]


#: "自分の場のキャラの下の裏向きのカードを1枚場外に置いてもよい"
_MAY_OUTSIDE = "自分の場のキャラの下の裏向きのカードを1枚場外に置いてもよい"


def read_may_outside(
    parts: list[str], when: str, tags: list[str], effect: dict[str, Any], ops: list[Any]
) -> tuple[list[dict[str, Any]], list[str]] | None:
    """An ability's sentences opening with "自分の場のキャラの下の裏向きのカードを1枚場外に置いても
    よい": its first op and the sentences left to read (each "そうした場合、…"), or None (the
    caller marks the effect optional).

    >>> read_may_outside([_MAY_OUTSIDE, "そうした場合、カードを1枚引く"], "on_play", [], {}, [])[0]
    [{'op': 'under_to_outside', 'target': {'side': 'own', 'zone': 'field', 'type': 'character', 'count': 1, 'face_down': True}}]
    >>> read_may_outside([_MAY_OUTSIDE, "カードを1枚引く"], "on_play", [], {}, []) is None
    True

    On an activated ability (its tags are its costs, read by the caller) "you may" is the
    choice of up to one such character, none declining (the log's targets: an activation has
    no ``use``), and "そうした場合、…" follows only a card put: the same, exactly.

    >>> read_may_outside([_MAY_OUTSIDE], "activate_main", ["ターン1"], {}, [])[0][0]["target"]["up_to"]
    True
    """
    if not parts or parts[0] != _MAY_OUTSIDE:
        return None
    target = {**_OWN_CHARACTER, "face_down": True}
    if when == "activate_main":
        if (
            ops
            or effect.get("optional")
            or not all(p.startswith("そうした場合、") for p in parts[1:])
        ):
            return None
        return [{"op": "under_to_outside", "target": {**target, "up_to": True}}], parts[1:]
    if not may_open(parts, when, tags, effect, ops):
        return None
    return [{"op": "under_to_outside", "target": target}], parts[1:]


#: "[自分のターン中]このキャラの下に裏向きのカードがある場合、このキャラはBP+1000"
_BP_UNDER = re.compile(
    r"(?:\[(自分|相手)のターン中\])?このキャラの下に裏向きのカードがある場合、このキャラはBP\+(\d+)。?"
)


def static_line(defn: dict[str, Any], line: str) -> dict[str, Any] | None:
    """A character's continuous line on the face-down cards under it: "…アクティブにならない"
    (:func:`static_no_activate`) or "([自分のターン中])このキャラの下に裏向きのカードがある場合、
    このキャラはBP+N" (its own BP raise while one lies under it, ``UA-EFFECT-STATIC-BP`` on the
    condition of ``UA-EFFECT-IF-UNDER``); None for any other line.

    >>> static_line({"type": "character"}, "[自分のターン中]このキャラの下に裏向きのカードがある場合、このキャラはBP+1000。")["do"]
    [{'op': 'bp', 'amount': 1000, 'target': 'self', 'if': {'zone': 'face_down', 'of': 'self', 'min': 1}, 'during': 'own_turn'}]
    """
    stays = static_no_activate(defn, line)
    m = _BP_UNDER.fullmatch(line)
    if stays is not None or m is None or defn.get("type") != "character":
        return stays
    cond = {"zone": "face_down", "of": "self", "min": 1}
    op: dict[str, Any] = {"op": "bp", "amount": int(m.group(2)), "target": "self", "if": cond}
    if m.group(1):
        op["during"] = "own_turn" if m.group(1) == "自分" else "opponent_turn"
    return {"when": "continuous", "do": [op]}
