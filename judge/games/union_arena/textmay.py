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
