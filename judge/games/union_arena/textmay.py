"""The printed-text reader's optional choice opening a triggered ability: "自分の場の他のキャラを
1枚退場させてもよい。そうした場合、カードを2枚引く。" (you may retire 1 of your other characters;
if you do, draw 2 cards), also "…を1枚レストにしてもよい。" (rest) and "自分の場外にある<card>を
N枚リムーブエリアに置いてもよい。" (remove from your outside area; "自分の手札を…": from your hand)
— ``UA-EFFECT-MAY-CHOOSE``.

Read only as :func:`judge.games.union_arena.textdeck.read_may_mill` reads its optional mill:
on a triggered ability with no other tag than ``[ターン1]``, not already optional, with nothing
read before it, and only when every sentence after it begins "そうした場合、" (declining skips
the whole effect, which is right only for what depends on it).  The caller marks the effect
``optional`` (the log's ``use``); the first op acts on a choice of exactly N cards of one's
own (no ``if_able``: a player without them cannot use it), and "そうした場合、…" gives the ops
after it ``if_done``.
"""

from __future__ import annotations

import re
from typing import Any

from judge.games.union_arena import textgrammar as g
from judge.games.union_arena.texthand import discard_card
from judge.games.union_arena.textoutside import outside_selector

#: "<selector>をN枚(退場させ|レストにし|リムーブエリアに置い)てもよい"
_MAY = re.compile(r"(.+?)を(\d+)枚(退場させ|レストにし|リムーブエリアに置い)てもよい")
_OPS = {"退場させ": "retire", "レストにし": "rest", "リムーブエリアに置い": "remove"}
_IF_DONE = "そうした場合、"
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
    if (
        m is None
        or int(m.group(2)) < 1
        or when == "activate_main"
        or tags not in ([], ["ターン1"])
        or effect.get("optional")
        or ops
        or len(parts) < 2
        or not all(p.startswith(_IF_DONE) for p in parts[1:])
    ):
        return None
    kind = _OPS[m.group(3)]
    if kind == "remove":  # from one's outside area, or hand ("自分の手札を1枚リムーブエリアに…")
        sel = outside_selector(m.group(1)) or hand_selector(m.group(1))
    else:
        sel = g.selector(m.group(1))
        if sel is not None and (sel.get("side") != "own" or sel.get("zone") not in FIELD_ZONES):
            sel = None
    if sel is None:
        return None
    return [{"op": kind, "target": {**sel, "count": int(m.group(2))}}], parts[1:]
