"""Union Arena printed text: cards of one's own outside area moved elsewhere by an effect — on
top of one's deck ("自分の場外から<条件>を1枚まで自分の山札の上に置く", ``to_deck_top``,
UA-EFFECT-OUTSIDE-TO-DECK-TOP) or into the removal area ("自分の場外にある<条件>をN枚(まで)
リムーブエリアに置く", ``remove``, UA-EFFECT-OUTSIDE-TO-REMOVAL).  The outside area is face up,
so the cards chosen are public; the log names them as any card chosen off the field.  A module
of its own: :mod:`judge.games.union_arena.reader` asks it of each sentence.
"""

from __future__ import annotations

import re
from typing import Any

from judge.games.union_arena import textgrammar as g
from judge.games.union_arena.textdeck import may_open

#: "自分の場外から<条件>を1枚(まで)自分の山札の上に置く" (decktop.py)
_TO_TOP = re.compile(r"自分の場外から(.+?)を1枚(まで)?自分の山札の上に置く")
#: "自分の場外にある<条件>をN枚(まで)リムーブエリアに置く"
_TO_REMOVAL = re.compile(r"自分の場外にある(.+?)を(\d+)枚(まで)?リムーブエリアに置く")
#: "自分の場外にある<条件>をN枚リムーブエリアに置いてもよい" (you may), opening a triggered ability
_MAY_REMOVE = re.compile(r"(自分の場外にある.+?を\d+枚リムーブエリアに置)いてもよい")


def read(sentence: str) -> list[dict[str, Any]] | None:
    """The op of a sentence (without its "。") that moves cards of one's outside area, or None.

    >>> read("自分の場外から青の[特徴:灯守]を1枚まで自分の山札の上に置く")
    [{'op': 'to_deck_top', 'target': {'side': 'own', 'zone': 'outside', 'color': 'blue', 'trait': '灯守', 'count': 1, 'up_to': True}}]
    >>> read("自分の場外にあるキャラカードを2枚までリムーブエリアに置く")
    [{'op': 'remove', 'target': {'side': 'own', 'zone': 'outside', 'card_type': 'character', 'count': 2, 'up_to': True}}]
    """
    m = _TO_TOP.fullmatch(sentence)
    if m:  # one card only: of two, the order on top would be a choice of its own
        noun = g.take_noun(m.group(1))
        if noun is None or any("name_contains" in alt for alt in [noun, *noun.get("any_of", [])]):
            return None  # a part of a name: not a condition checked off the field (SELECTOR_KEYS)
        return [{"op": "to_deck_top", "target": _target(noun, 1, bool(m.group(2)))}]
    m = _TO_REMOVAL.fullmatch(sentence)
    if m and int(m.group(2)) >= 1:  # names, traits, card types, required energy
        noun = g.off_field_noun(m.group(1))
        if noun is None:
            return None
        return [{"op": "remove", "target": _target(noun, int(m.group(2)), bool(m.group(3)))}]
    return None


def _target(noun: dict[str, Any], count: int, up_to: bool) -> dict[str, Any]:
    """A choice of ``count`` cards of one's outside area (up to, or that many if there are)."""
    return {
        "side": "own",
        "zone": "outside",
        **noun,
        "count": count,
        ("up_to" if up_to else "if_able"): True,
    }


def read_may_remove(
    parts: list[str], when: str, tags: list[str], effect: dict[str, Any], ops: list[Any]
) -> tuple[list[dict[str, Any]], list[str]] | None:
    """An ability's sentences opening with "自分の場外にある<条件>をN枚リムーブエリアに置いてもよい"
    (exactly N: with fewer it cannot be used): its first op (the ``remove``) and the sentences
    left to read, or None; read as "…場外に置いてもよい" of the deck's top cards is
    (:func:`~judge.games.union_arena.textdeck.read_may_mill`): the caller marks the effect
    ``optional``, and "そうした場合、…" gives the ops after it ``if_done``.

    >>> read_may_remove(["自分の場外にあるイベントカードを4枚リムーブエリアに置いてもよい"],
    ...                 "on_attack", [], {}, [])
    ([{'op': 'remove', 'target': {'side': 'own', 'zone': 'outside', 'card_type': 'event', 'count': 4}}], [])
    """
    m = _MAY_REMOVE.fullmatch(parts[0]) if parts else None
    ops_read = read(m.group(1) + "く") if m else None
    if ops_read is None or not may_open(parts, when, tags, effect, ops):
        return None
    target = {k: v for k, v in ops_read[0]["target"].items() if k != "if_able"}  # exactly N
    return [{"op": "remove", "target": target}], parts[1:]
