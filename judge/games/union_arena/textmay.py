"""The printed-text reader's optional choice opening a triggered ability: "自分の場の他のキャラを
1枚退場させてもよい。そうした場合、カードを2枚引く。" (you may retire 1 of your other characters;
if you do, draw 2 cards), also "…を1枚レストにしてもよい。" (rest) and "自分の手札を1枚リムーブ
エリアに置いてもよい。" (remove from your hand) — ``UA-EFFECT-MAY-CHOOSE``.  The same choice of
one's outside area ("自分の場外にある<card>をN枚リムーブエリアに置いてもよい。") is
:func:`judge.games.union_arena.textoutside.read_may_remove`'s (``UA-EFFECT-OUTSIDE-TO-REMOVAL``),
which the reader asks first.

Read only as :func:`judge.games.union_arena.textdeck.read_may_mill` reads its optional mill
(:func:`~judge.games.union_arena.textdeck.may_open`): on a triggered ability with no other tag
than ``[ターン1]``, not already optional, with nothing read before it, and only when every
sentence after it begins "そうした場合、" (declining skips the whole effect, which is right only
for what depends on it); here at least one such sentence must follow.  The caller marks the effect
``optional`` (the log's ``use``); the first op acts on a choice of exactly N cards of one's
own (no ``if_able``: a player without them cannot use it), and "そうした場合、…" gives the ops
after it ``if_done``.
"""

from __future__ import annotations

import re
from typing import Any

from judge.games.union_arena import textgrammar as g
from judge.games.union_arena.textdeck import may_open
from judge.games.union_arena.texthand import discard_card

#: "<selector>をN枚(退場させ|レストにし|リムーブエリアに置い)てもよい"
_MAY = re.compile(r"(.+?)を(\d+)枚(退場させ|レストにし|リムーブエリアに置い)てもよい")
_OPS = {"退場させ": "retire", "レストにし": "rest", "リムーブエリアに置い": "remove"}
#: the zones of one's own field a retire or a rest may choose from
FIELD_ZONES = ("field", "front_line", "energy_line")


def hand_selector(text: str) -> dict[str, Any] | None:
    """ "自分の手札" (any card of one's hand) or "自分の手札の<card>" (``texthand.discard_card``'s
    conditions): a selector of one's own hand, or None.

    >>> hand_selector("自分の手札"), hand_selector("自分の手札の[特徴:灯守]")
    ({'side': 'own', 'zone': 'hand'}, {'side': 'own', 'zone': 'hand', 'trait': '灯守'})
    """
    if text == "自分の手札":
        return {"side": "own", "zone": "hand"}
    card = (
        discard_card(text.removeprefix("自分の手札の")) if text.startswith("自分の手札の") else None
    )
    return None if card is None else {"side": "own", "zone": "hand", **card}


def read_may_choose(
    parts: list[str], when: str, tags: list[str], effect: dict[str, Any], ops: list[Any]
) -> tuple[list[dict[str, Any]], list[str]] | None:
    """An ability's sentences opening with the optional choice: its first op and the sentences
    left to read, or None when they do not (see the module docstring).

    >>> read_may_choose(["自分の場の他のキャラを1枚退場させてもよい", "そうした場合、カードを2枚引く"],
    ...                 "on_play", [], {}, [])[0]
    [{'op': 'retire', 'target': {'side': 'own', 'zone': 'field', 'type': 'character', 'other': True, 'count': 1}}]
    """
    m = _MAY.fullmatch(parts[0]) if parts else None
    if m is None or int(m.group(2)) < 1 or len(parts) < 2:
        return None
    if not may_open(parts, when, tags, effect, ops):
        return None
    kind = _OPS[m.group(3)]
    if kind == "remove":  # from one's hand ("自分の手札を1枚リムーブエリアに置いてもよい")
        sel = hand_selector(m.group(1))
    else:
        sel = g.selector(m.group(1))
        if sel is not None and (sel.get("side") != "own" or sel.get("zone") not in FIELD_ZONES):
            sel = None
    if sel is None:
        return None
    return [{"op": kind, "target": {**sel, "count": int(m.group(2))}}], parts[1:]


def read_may_rest_after(parts: list[str], before: list[Any]) -> list[dict[str, Any]] | None:
    """ "…。自分のフロントLのアクティブの〈X〉を1枚レストにしてもよい。そうした場合、…" after other
    sentences of the effect: resting one card of one's own is the player's choice, and what
    follows "そうした場合、" happens only if one was rested; declining skips nothing else.  So
    it is a choice of up to 1 (none chosen: declined) and the sentence after it reads as
    ``if_done`` (``UA-EFFECT-MAY-CHOOSE``).  One card only: "2枚…てもよい" is both or none,
    which "up to 2" would not say.  None unless a sentence was read before it and the next
    one begins "そうした場合、".

    >>> read_may_rest_after(["自分のフロントLの〈ミラ〉を1枚レストにしてもよい", "そうした場合、カードを1枚引く"],
    ...                     [{"op": "draw", "n": 1}])
    [{'op': 'rest', 'target': {'side': 'own', 'zone': 'front_line', 'name': 'ミラ', 'count': 1, 'up_to': True}}]
    """
    if not before or len(parts) < 2 or not parts[1].startswith("そうした場合、"):
        return None
    m = _MAY.fullmatch(parts[0])
    if m is None or m.group(3) != "レストにし" or int(m.group(2)) != 1:
        return None
    sel = g.selector(m.group(1))
    if sel is None or sel.get("side") != "own" or sel.get("zone") not in FIELD_ZONES:
        return None
    return [{"op": "rest", "target": {**sel, "count": 1, "up_to": True}}]
