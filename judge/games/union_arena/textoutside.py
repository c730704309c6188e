"""Union Arena printed text: cards of one's own outside area moved elsewhere by an effect — on
top of one's deck ("自分の場外から<条件>を1枚まで自分の山札の上に置く", ``to_deck_top``,
UA-EFFECT-OUTSIDE-TO-DECK-TOP) or into the removal area ("自分の場外(にある|の)<条件>をN枚(まで)
リムーブエリアに置く", ``remove``, UA-EFFECT-OUTSIDE-TO-REMOVAL).  The outside area is face up,
so the cards chosen are public; the log names them as any card chosen off the field.  A module
of its own: :mod:`judge.games.union_arena.reader` asks it of each sentence.

Also the nouns of a card chosen in the outside area beyond
:func:`~judge.games.union_arena.textgrammar.off_field_noun` (:func:`outside_noun`):
"自分の場外から青の[特徴:X]を1枚まで手札に加える。", "自分の場外から必要エナジーが2以下の〈X〉を
1枚まで手札に加える。" — a name or a trait with the colour and the required energy the card list
also prints before a card type ("必要エナジーが2以下の黄のイベントカード"), an AP cost, alternatives
in brackets, another name excluded.  Each word is one of the card conditions the engine checks
on a card wherever it is (``targets.card_mismatch``, ``UA-EFFECT-TARGETS``), so the choice is
checked in full; the shared grammar (``textgrammar.py``) stays as it is.
"""

from __future__ import annotations

import re
from typing import Any

from judge.games.union_arena import textgrammar as g
from judge.games.union_arena.textdeck import may_open

#: "自分の場外から<条件>を1枚(まで)自分の山札の上に置く" (decktop.py)
_TO_TOP = re.compile(r"自分の場外から(.+?)を1枚(まで)?自分の山札の上に置く")
#: "自分の場外(にある|の)<条件>をN枚(まで)リムーブエリアに置く"
_TO_REMOVAL = re.compile(r"(自分の場外(?:にある|の).+?)を(\d+)枚(まで)?リムーブエリアに置く")
#: "自分の場外にある<条件>をN枚リムーブエリアに置いてもよい" (you may), opening a triggered ability
_MAY_REMOVE = re.compile(r"(自分の場外(?:にある|の).+?を\d+枚リムーブエリアに置)いてもよい")

#: "(〈X〉以外の)(必要エナジーがN以下の|で)(消費APがNの|で)(色の)" then "〈Name〉", "[特徴:X]",
#: "〔alternatives〕" or "(キャラ|フィールド|イベント)カード"; at least one of the first four
_NOUN = re.compile(
    r"(?:〈([^〈〉]+)〉以外の)?(?:必要エナジーが(\d+)以下[ので])?(?:消費APが(\d+)[ので])?"
    rf"(?:([{''.join(g.COLOURS)}])の)?"
    r"(〈[^〈〉]+〉|\[特徴:[^\[\]]+\]|〔[^〔〕]+〕|(キャラ|フィールド|イベント)カード)"
)
_TYPES = {"キャラ": "character", "フィールド": "field", "イベント": "event"}


def read(sentence: str) -> list[dict[str, Any]] | None:
    """The op of a sentence (without its "。") that moves cards of one's outside area, or None.

    >>> read("自分の場外から青の[特徴:灯守]を1枚まで自分の山札の上に置く")
    [{'op': 'to_deck_top', 'target': {'side': 'own', 'zone': 'outside', 'color': 'blue', 'trait': '灯守', 'count': 1, 'up_to': True}}]
    >>> read("自分の場外にあるキャラカードを2枚までリムーブエリアに置く")
    [{'op': 'remove', 'target': {'side': 'own', 'zone': 'outside', 'card_type': 'character', 'count': 2, 'up_to': True}}]
    >>> read("自分の場外のイベントカードを1枚リムーブエリアに置く")
    [{'op': 'remove', 'target': {'side': 'own', 'zone': 'outside', 'card_type': 'event', 'count': 1, 'if_able': True}}]
    """
    m = _TO_TOP.fullmatch(sentence)
    if m:  # one card only: of two, the order on top would be a choice of its own
        noun = g.take_noun(m.group(1))
        if noun is None:  # an AP cost, another name excluded, … (outside_noun)
            noun = outside_noun(m.group(1))
        if noun is None or any("name_contains" in alt for alt in [noun, *noun.get("any_of", [])]):
            return None  # a part of a name: not a condition checked off the field (SELECTOR_KEYS)
        return [{"op": "to_deck_top", "target": _target(noun, 1, bool(m.group(2)))}]
    m = _TO_REMOVAL.fullmatch(sentence)
    if m and int(m.group(2)) >= 1:  # names, traits, card types, required energy, …
        sel = outside_selector(m.group(1))
        if sel is None:
            return None
        noun = {k: v for k, v in sel.items() if k not in ("side", "zone")}
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
        out = g.card_noun(noun[1:-1], on_field=False)
        out = out if out and "any_of" in out else None
    else:
        out = g.card_noun(noun, on_field=False)
    if not out:
        return None
    out = dict(out)
    for key, group, value in (
        ("color", 4, lambda v: g.COLOURS[v]),
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
    >>> outside_card("[レイド]を持つ赤のキャラカード")
    {'card_type': 'character', 'color': 'red', 'has_raid': True}
    """
    if text.startswith(_HAS_RAID):  # "[レイド]を持つ赤のキャラカード": a raid printed on it
        rest = outside_card(text[len(_HAS_RAID) :])
        if not rest or rest.get("card_type", "character") != "character" or "has_raid" in rest:
            return None
        return {**rest, "has_raid": True}
    noun = g.off_field_noun(text)
    return noun if noun is not None else outside_noun(text)


#: "[レイド]を持つ" before a card of the outside area (UA-EFFECT-HAS-RAID)
_HAS_RAID = "[レイド]を持つ"


#: one alternative of :func:`outside_alternatives`: what follows it starts a new one
_ALT_SPLIT = re.compile(r"(?<=[〉\]])か")


def outside_alternatives(text: str) -> dict[str, Any] | None:
    """ "〈X〉か必要エナジーが1以下の〈Y〉": alternatives joined by "か" after a name or a trait,
    each one a name or a trait with its own words before it (:func:`outside_noun`: a required
    energy, a colour, an AP cost), which are that alternative's only (they stand after the
    "か" that opens it); ``any_of`` of them, each checked whole (``targets.card_mismatch``).
    None for one card, or when one part is not read, or is any card or a card type.

    >>> outside_alternatives("〈ミラ〉か必要エナジーが1以下の〈イロ〉")
    {'any_of': [{'name': 'ミラ'}, {'name': 'イロ', 'energy_max': 1}]}
    >>> outside_alternatives("〈ミラ〉か〈イロ〉") is None  # card_noun's
    True
    >>> outside_alternatives("青の〈ミラ〉か〈イロ〉") is None
    True
    """
    parts = _ALT_SPLIT.split(text)
    if len(parts) < 2:
        return None
    alts: list[dict[str, Any]] = []
    for i, part in enumerate(parts):
        # words before the first one ("青の〈X〉か〈Y〉") may be all the alternatives': not read
        alt = g.card_noun(part, on_field=False) or (outside_noun(part) if i else None)
        if not alt or set(alt) - {"name", "trait", "color", "energy_max"}:
            return None  # any card, a card type, another name excluded, nested alternatives
        alts.append(alt)
    if all(set(a) <= {"name", "trait"} for a in alts):
        return None  # plain names and traits: card_noun reads them
    return {"any_of": alts}


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
