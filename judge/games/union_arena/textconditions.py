"""Union Arena printed text: the conditions on using an ability or a card at all,
"…場合のみ発動できる" on an activated ability (``only_if``, ``UA-EFFECT-ONLY-IF``) and
"このカードは…場合のみ使用できる。" on an event (``play_only_if``, ``UA-PLAY-ONLY-IF``); the
engine's side is :mod:`judge.games.union_arena.only_if`.

A module of its own: :mod:`judge.games.union_arena.reader` calls it with a line each, and
it reads only condition clauses (those of
:func:`~judge.games.union_arena.textlines.condition_clause`, and a card in one line of the
field), never a sentence of the effect.
"""

from __future__ import annotations

import re
from typing import Any

from judge.games.union_arena import rested_by
from judge.games.union_arena import textgrammar as g
from judge.games.union_arena.textlines import condition_clause

#: "自分のフロントLに〈X〉が(N枚以上)ある": a card (N cards) in one line of your field; also
#: "必要エナジーが3以下のキャラ" (a character whose printed required energy is at most 3)
_LINE_CLAUSE = re.compile(
    r"自分の(フロントL|エナジーL)に(〈[^〈〉]+〉|\[特徴:[^\[\]]+\]|カード名に「[^「」]+」を含むキャラ"
    r"|必要エナジーが\d+以下のキャラ)"
    r"が(?:(\d+)枚以上)?ある"
)
_LINES = {"フロントL": "front_line", "エナジーL": "energy_line"}


def only_if_clause(text: str) -> dict[str, Any] | None:
    """A condition clause before "場合のみ…できる": one :func:`condition_clause` reads, or a
    card (N cards) in your front line or energy line.

    >>> only_if_clause("自分のフロントLに〈ミラ〉がある")
    {'side': 'own', 'zone': 'front_line', 'name': 'ミラ'}
    >>> only_if_clause("自分の場外にイベントカードが4枚以上ある")
    {'side': 'own', 'zone': 'outside', 'card_type': 'event', 'min': 4}
    """
    cond = condition_clause(text)
    if cond is not None:
        return cond
    return line_clause(text)


def line_clause(text: str) -> dict[str, Any] | None:
    """ "自分のフロントLに〈X〉が(N枚以上)ある" (also a trait, a name containing a word, or
    "必要エナジーがN以下のキャラ"): a card (N cards) in one line of your field, or None.

    >>> line_clause("自分のフロントLに必要エナジーが3以下のキャラが2枚以上ある")
    {'side': 'own', 'zone': 'front_line', 'type': 'character', 'energy_max': 3, 'min': 2}
    """
    m = _LINE_CLAUSE.fullmatch(text)
    contains = re.fullmatch(r"カード名に「([^「」]+)」を含むキャラ", m.group(2)) if m else None
    noun = g.card_noun(m.group(2), on_field=False) if m else None
    if contains:  # "自分のフロントLにカード名に「X」を含むキャラがある"
        noun = {"type": "character", "name_contains": contains.group(1)}
    cheap = re.fullmatch(r"必要エナジーが(\d+)以下のキャラ", m.group(2)) if m else None
    if cheap:  # printed required energy, all colours, at most N (conditions.card_meets)
        noun = {"type": "character", "energy_max": int(cheap.group(1))}
    if m is None or not noun:
        return None
    cond = {"side": "own", "zone": _LINES[m.group(1)], **noun}
    if m.group(3):
        cond["min"] = int(m.group(3))
    return cond


def activation_condition(
    defn: dict[str, Any], when: str, parts: list[str]
) -> tuple[dict[str, Any] | str | None, list[str]]:
    """An activated ability's condition on its use, its body's first sentence
    "<clause>場合のみ発動できる" (or, on a character, "このキャラがアクティブの場合のみ発動
    できる": ``"active"``), and the sentences after it; (None, ``parts``) when there is none
    or it is not read (the sentence is then left to the reader, which does not read it).

    >>> activation_condition({"type": "character"}, "activate_main",
    ...                      ["このキャラがアクティブの場合のみ発動できる", "カードを1枚引く"])
    ('active', ['カードを1枚引く'])
    """
    m = re.fullmatch(r"(.+?)場合のみ発動できる", parts[0]) if parts else None
    if m is None or when != "activate_main":
        return None, parts
    if m.group(1) == "このキャラがアクティブの":
        return ("active", parts[1:]) if defn.get("type") == "character" else (None, parts)
    if m.group(1) == "このターン中にアクティブのこのキャラがレストになっている":  # this_turn.py
        return ("rested_this_turn", parts[1:]) if defn.get("type") == "character" else (None, parts)
    if m.group(1) == rested_by.ONLY_IF_CLAUSE:  # by its player's own effect (rested_by.py)
        ok = defn.get("type") == "character"
        return (rested_by.ONLY_IF, parts[1:]) if ok else (None, parts)
    cond = only_if_clause(m.group(1))
    return (cond, parts[1:]) if cond is not None else (None, parts)


def play_condition(defn: dict[str, Any], line: str) -> dict[str, Any] | None:
    """ "このカードは自分の場に〈X〉がある場合のみ使用できる。" (also "自分のフロントLに〈X〉",
    and the other clauses of :func:`only_if_clause`), a line of its own on an event: the
    continuous ``play_only_if`` the engine checks when the event's use is declared.  On a
    character or a field the card list prints no such line ("使用できる" is an event's
    word): not read there.

    >>> play_condition({"type": "event"}, "このカードは自分の場に〈ミラ〉がある場合のみ使用できる。")
    {'when': 'continuous', 'do': [{'op': 'play_only_if', 'if': {'side': 'own', 'zone': 'field', 'name': 'ミラ'}}]}
    """
    m = re.fullmatch(r"このカードは(.+?)場合のみ使用できる。?", line)
    cond = only_if_clause(m.group(1)) if m else None
    if cond is None or defn.get("type") != "event":
        return None
    return {"when": "continuous", "do": [{"op": "play_only_if", "if": cond}]}
