"""A listed effect that is itself optional (``UA-EFFECT-MODES-MAY``): one of the effects a
choice lists ("以下から1つ選ぶ。", :mod:`judge.games.union_arena.modes`) opening with "…てもよい。
そうした場合、…", as a whole triggered ability reads it (textmay.py, texthand.py)::

    ・自分の手札のイベントカードを1枚場外に置いてもよい。そうした場合、カードを1枚引く。
    ・自分の場のフィールドを1枚退場させてもよい。そうした場合、カードを1枚引く。

The reader writes the mode's first op with ``"may": true`` (the player may decline it once the
effect is chosen) and the ops after it with ``if_done``.  The log records the choice as
``{"modes": [k], "use": false}`` when the chosen effect is declined (``use`` true, the default,
when used: its targets follow as for any chosen effect).  Read only for a choice of exactly one
effect, so that ``use`` speaks of one effect, and only where a whole ability of the same words is
read (a triggered ability with no tag but ``[ターン1]``; every sentence after it "そうした場合、").
"""

from __future__ import annotations

import re
from typing import Any

from judge.games.union_arena.texthand import discard_card
from judge.games.union_arena.textmay import read_may_choose

#: the key of a listed effect's first op that makes the effect optional
MAY = "may"
#: the ops an optional listed effect may open with
MAY_OPS = ("discard", "retire", "rest", "remove")
#: "(〈X〉以外の)自分の手札(の<card>)をN枚場外に置いてもよい"
_DISCARD = re.compile(r"(?:〈([^〈〉]+)〉以外の)?自分の手札(?:の(.+?))?を(\d+)枚場外に置いてもよい")


def read_may_mode(
    parts: list[str], when: str, tags: list[str]
) -> tuple[list[dict[str, Any]], list[str]]:
    """The first op of a listed effect that opens with an optional choice (marked ``may``) and
    its sentences left to read; ``([], parts)`` when it does not.

    >>> read_may_mode(["自分の手札のイベントカードを1枚場外に置いてもよい", "そうした場合、カードを1枚引く"],
    ...               "on_play", [])
    ([{'op': 'discard', 'n': 1, 'card': {'card_type': 'event'}, 'may': True}], ['そうした場合、カードを1枚引く'])
    >>> read_may_mode(["自分の場のフィールドを1枚退場させてもよい", "カードを1枚引く"], "on_play", [])[0]
    []
    """
    if len(parts) < 2 or not all(p.startswith("そうした場合、") for p in parts[1:]):
        return [], parts
    if when == "activate_main" or tags not in ([], ["ターン1"]):
        return [], parts
    m = _DISCARD.fullmatch(parts[0])
    if m is not None:
        card = discard_card(m.group(2)) if m.group(2) else {}
        if card is None or int(m.group(3)) < 1 or (m.group(1) and "not_name" in card):
            return [], parts
        card = {**card, **({"not_name": m.group(1)} if m.group(1) else {})}  # "〈X〉以外の"
        op = {"op": "discard", "n": int(m.group(3)), **({"card": card} if card else {})}
        return [{**op, MAY: True}], parts[1:]
    chose = read_may_choose(parts, when, tags, {}, [])
    if chose is None:
        return [], parts
    return [{**chose[0][0], MAY: True}], chose[1]


def may_mode_ok(mode: list[dict[str, Any]], n: int) -> bool:
    """Whether a listed effect's ``may`` is one the engine executes: only on its first op, one
    of :data:`MAY_OPS`, every op after it ``if_done``, in a choice of exactly one effect."""
    if not any(isinstance(o, dict) and MAY in o for o in mode):
        return True
    first = mode[0]
    return (
        n == 1
        and first.get(MAY) is True
        and first.get("op") in MAY_OPS
        and len(mode) > 1
        and all(isinstance(o, dict) and MAY not in o and o.get("if_done") for o in mode[1:])
    )


def without_may(mode: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The listed effect as used (its first op without ``may``), for the engine's checks."""
    return [{k: v for k, v in o.items() if k != MAY} for o in mode]
