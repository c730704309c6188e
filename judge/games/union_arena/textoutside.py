"""The printed-text reader's nouns for a card taken from the outside area, beyond
:func:`~judge.games.union_arena.textgrammar.off_field_noun`.

"自分の場外から青の[特徴:X]を1枚まで手札に加える。", "自分の場外から必要エナジーが2以下の〈X〉を
1枚まで手札に加える。": a name or a trait with the colour and the required energy the card
list also prints before a card type ("必要エナジーが2以下の黄のイベントカード").  Each word is
one of the card conditions the engine checks on a card wherever it is
(``targets.card_mismatch``, ``UA-EFFECT-TARGETS``), so the choice is checked in full.

A module of its own so that the shared grammar (``textgrammar.py``) stays as it is: the
reader asks :func:`outside_noun` only where it reads a card taken from the outside area
into the hand, after ``off_field_noun`` found nothing.  Also "自分の場外から…を1枚まで自分の
山札の上に置く" (:func:`read_to_deck_top`, op ``to_deck_top``, ``UA-EFFECT-DECK-TOP``) and
"自分の場外にあるカードを1枚リムーブエリアに置く" (:func:`read_outside_remove`).
"""

from __future__ import annotations

import re
from typing import Any

from judge.games.union_arena.textgrammar import COLOURS, card_noun, off_field_noun

#: "(〈X〉以外の)(必要エナジーがN以下の|で)(消費APがNの|で)(色の)" then "〈Name〉", "[特徴:X]",
#: "〔alternatives〕" or "(キャラ|フィールド|イベント)カード"; at least one of the first four
_NOUN = re.compile(
    r"(?:〈([^〈〉]+)〉以外の)?(?:必要エナジーが(\d+)以下[ので])?(?:消費APが(\d+)[ので])?"
    rf"(?:([{''.join(COLOURS)}])の)?"
    r"(〈[^〈〉]+〉|\[特徴:[^\[\]]+\]|〔[^〔〕]+〕|(キャラ|フィールド|イベント)カード)"
)
_TYPES = {"キャラ": "character", "フィールド": "field", "イベント": "event"}


def outside_noun(text: str) -> dict[str, Any] | None:
    """A name, a trait, alternatives of them ("〔〈X〉か〈Y〉〕") or a card type, with another
    name excluded ("〈X〉以外の"), a required energy at most N, an AP cost of N and/or a colour
    (each a condition ``targets.card_mismatch`` checks), or None.

    >>> outside_noun("青の[特徴:灯守]")
    {'trait': '灯守', 'color': 'blue'}
    >>> outside_noun("必要エナジーが2以下の〈ミラ〉")
    {'name': 'ミラ', 'energy_max': 2}
    >>> outside_noun("必要エナジーが3以下で消費APが1の[特徴:灯守]")
    {'trait': '灯守', 'ap_cost': 1, 'energy_max': 3}
    >>> outside_noun("必要エナジーが3以下の〔〈ミラ〉か〈イロ〉〕")
    {'any_of': [{'name': 'ミラ'}, {'name': 'イロ'}], 'energy_max': 3}
    >>> outside_noun("〈ミラ〉以外の必要エナジーが3以下のキャラカード")
    {'card_type': 'character', 'energy_max': 3, 'not_name': 'ミラ'}
    >>> outside_noun("〈ミラ〉") is None  # off_field_noun's: not this module's
    True
    """
    m = _NOUN.fullmatch(text)
    if not m or not any(m.group(k) for k in (1, 2, 3, 4)):
        return None
    noun = m.group(5)
    if m.group(6):
        out: dict[str, Any] | None = {"card_type": _TYPES[m.group(6)]}
    elif noun.startswith("〔"):  # "〔〈X〉か〈Y〉〕": alternatives, each a name or a trait
        out = card_noun(noun[1:-1], on_field=False)
        out = out if out and "any_of" in out else None
    else:
        out = card_noun(noun, on_field=False)
    if not out:
        return None
    out = dict(out)
    for key, group, value in (
        ("color", 4, lambda v: COLOURS[v]),
        ("ap_cost", 3, int),
        ("energy_max", 2, int),
        ("not_name", 1, str),
    ):
        if m.group(group):
            out[key] = value(m.group(group))
    return out


def outside_card(text: str) -> dict[str, Any] | None:
    """What a choice of a card of the outside area asks: ``off_field_noun``'s reading (``{}``
    for "カード", any card), else :func:`outside_noun`'s, else None.

    >>> outside_card("カード"), outside_card("青の[特徴:灯守]")
    ({}, {'trait': '灯守', 'color': 'blue'})
    """
    noun = off_field_noun(text)
    return noun if noun is not None else outside_noun(text)


#: "自分の場外から<card>を1枚(まで)自分の山札の上に置く": one card, so no order to record
_TO_DECK_TOP = re.compile(r"自分の場外から(.+?)を1枚(まで)?自分の山札の上に置く")


def read_to_deck_top(sentence: str) -> list[dict[str, Any]] | None:
    """ "自分の場外から[特徴:X]を1枚まで自分の山札の上に置く" (put up to 1 card from your
    outside area on top of your deck): the op ``to_deck_top`` on a choice of one card of the
    outside area (``UA-EFFECT-DECK-TOP``), or None.  The card asked for is what a card taken
    from there into the hand may be (``off_field_noun``, :func:`outside_noun`).

    >>> read_to_deck_top("自分の場外から青の[特徴:灯守]を1枚まで自分の山札の上に置く")[0]["target"]
    {'side': 'own', 'zone': 'outside', 'trait': '灯守', 'color': 'blue', 'count': 1, 'up_to': True}
    >>> read_to_deck_top("自分の場外から[特徴:灯守]を2枚まで自分の山札の上に置く") is None
    True
    """
    m = _TO_DECK_TOP.fullmatch(sentence)
    noun = outside_card(m.group(1)) if m else None
    if m is None or noun is None:
        return None
    sel = {"side": "own", "zone": "outside", **noun, "count": 1}
    sel["up_to" if m.group(2) else "if_able"] = True
    return [{"op": "to_deck_top", "target": sel}]


#: "自分の場外にある<card>" / "自分の場外の<card>": a card of one's own outside area
_OUTSIDE = re.compile(r"自分の場外(?:にある|の)(.+)")


def outside_selector(text: str) -> dict[str, Any] | None:
    """ "自分の場外にあるカード", "自分の場外のイベントカード": a selector of one's own outside area
    (what ``off_field_noun`` or :func:`outside_noun` reads), or None.

    >>> outside_selector("自分の場外にあるカード")
    {'side': 'own', 'zone': 'outside'}
    >>> outside_selector("自分の場外のイベントカード")
    {'side': 'own', 'zone': 'outside', 'card_type': 'event'}
    """
    m = _OUTSIDE.fullmatch(text)
    noun = outside_card(m.group(1)) if m else None
    return None if noun is None else {"side": "own", "zone": "outside", **noun}


def read_outside_remove(sentence: str) -> list[dict[str, Any]] | None:
    """ "自分の場外にあるカードを1枚リムーブエリアに置く" (put 1 card of your outside area into
    your removal area): ``remove`` on a choice of N cards there, N if there are N (``if_able``,
    as "…を1枚レストにする"; ``UA-EFFECT-TARGETS``), or None.

    >>> read_outside_remove("自分の場外のイベントカードを1枚リムーブエリアに置く")
    [{'op': 'remove', 'target': {'side': 'own', 'zone': 'outside', 'card_type': 'event', 'count': 1, 'if_able': True}}]
    """
    m = re.fullmatch(r"(.+?)を(\d+)枚リムーブエリアに置く", sentence)
    sel = outside_selector(m.group(1)) if m else None
    if m is None or sel is None or int(m.group(2)) < 1:
        return None
    return [{"op": "remove", "target": {**sel, "count": int(m.group(2)), "if_able": True}}]
