"""Reading two families of printed sentences: a card played by an effect, and a rested card
that does not become active the next time.

- "自分の手札から必要エナジーが2以下で消費APが1の緑のキャラカードを1枚まで自分の場にレストで登場
  させる。" (also "自分の場外から", "自分のフロントLに" / "自分のエナジーLに", "アクティブで"): the op
  ``play`` (``UA-EFFECT-PLAY``, :mod:`judge.games.union_arena.playcard`).  The card is
  described by conditions — "必要エナジーがN以下", "消費APがN", a colour, "〈X〉以外の",
  "[特徴:X]の" — and a noun: "キャラカード", "〈Name〉" or "[特徴:X]".
- "それは次の1回アクティブにならない。" right after a sentence that rested one chosen card
  ("相手のフロントLのキャラを1枚まで選び、レストにする。"): the op ``no_activate`` on that card
  (``UA-EFFECT-NO-ACTIVATE``).

Why apart from :mod:`judge.games.union_arena.reader`: that module is the sentence loop; the
templates live where their grammar does.  What is not read stays unread (the reader never
guesses): a play with "必要エナジーを満たし" (energy checked), with no state ("レストで",
"アクティブで"), "N枚" of more than one card (a mandatory choice of several), or "1枚" (a
mandatory choice) of a noun that could name a card that cannot enter the field (only
"キャラカード" is surely a character), or "1枚" from the hand (observed mode hides it: whether
none could be chosen is not known).

"…を1枚自分の場にレストで登場させてもよい" (you may play one) is "up to one".
A play is also read joined to what comes before and after it (:func:`read_chained_play`:
"そうした場合、", "その後、", "カードを1枚引き、", "…登場させ、そのキャラはこのターン中、BP+1000")
and with its count replaced while a condition holds (:func:`read_replaced_count`: "『1枚』まで
…『2枚』に代わる", ``UA-EFFECT-PLAY-COUNT-INSTEAD``).
"""

from __future__ import annotations

import re
from typing import Any

from judge.games.union_arena import textgrammar as g

_PLAY = re.compile(
    r"自分の(手札|場外)から(.+?)を(\d+枚(?:まで)?)自分の(場|フロントL|エナジーL)に"
    r"(レスト|アクティブ)で登場させ(る|てもよい)"
)
_FROM = {"手札": "hand", "場外": "outside"}
_TO = {"場": "field", "フロントL": "front_line", "エナジーL": "energy_line"}
_COLOUR = "".join(g.COLOURS)
#: the conditions of a card to play, each at most once: (pattern, key, value of the match)
_CONDITIONS: tuple[tuple[re.Pattern[str], str, Any], ...] = (
    (re.compile(r"必要エナジーが(\d+)以下[での]"), "energy_max", int),
    # "必要エナジーが0の": none is less than 0, so it is "0 or less" (another N is not read)
    (re.compile(r"必要エナジーが(0)[での]"), "energy_max", int),
    # "必要エナジーを満たし": your energy line meets its required energy (UA-EFFECT-PLAY)
    (re.compile(r"必要エナジーを(満たし)"), "energy_met", bool),
    (re.compile(r"消費APが(\d+)[での]"), "ap_cost", int),
    (re.compile(rf"([{_COLOUR}])の"), "color", g.COLOURS.get),
    (re.compile(r"〈([^〈〉]+)〉以外の"), "not_name", str),
    (re.compile(r"\[特徴:([^\[\]]+)\]の"), "trait", str),
)


def read(sentence: str, before: list[dict[str, Any]]) -> list[dict[str, Any]] | None:
    """The ops of ``sentence`` when it is one of this module's templates, else None;
    ``before``: the ops of the ability read before it (what "それ" refers to)."""
    return read_chained_play(sentence, before) or read_no_activate(sentence, before)


#: "カードを1枚引き、<play>": a draw, then the play
_DRAW_FIRST = re.compile(r"カードを(\d+)枚引き、(.+)")
#: "<play>させ、そのキャラはこのターン中、BP+1000": the card played gets a BP change
_PLAYED_BP = re.compile(r"(.+登場)させ、そのキャラは(.+)")


def read_chained_play(sentence: str, before: list[dict[str, Any]]) -> list[dict[str, Any]] | None:
    """A play with what joins it to the ops before and after (``UA-EFFECT-PLAY``), or None:
    "そうした場合、<play>" (only if the choice or discard before it chose a card: ``if_done``),
    "その後、<play>" (after that: the ops before it come first, and it happens whatever they
    did), "カードを1枚引き、<play>" (a draw first), "<play>させ、そのキャラはこのターン中、
    BP+1000" (the card played, if one was, gets the change: target ``chosen``).

    >>> read_chained_play("そうした場合、自分の場外から〈ミラ〉を1枚まで自分の場にレストで登場させる",
    ...                   [{"op": "discard", "n": 1}])[0]["if_done"]
    True
    >>> [op["op"] for op in read_chained_play("カードを1枚引き、自分の手札から[特徴:灯守]を"
    ...                                       "1枚まで自分の場にレストで登場させる", [])]
    ['draw', 'play']
    >>> read_chained_play("自分の手札から〈ミラ〉を1枚まで自分の場にアクティブで登場させ、"
    ...                   "そのキャラはこのターン中、BP+1000", [])[1]
    {'op': 'bp', 'amount': 1000, 'until': 'turn', 'target': 'chosen'}
    """
    if sentence.startswith("そうした場合、"):
        ops = read_chained_play(sentence[len("そうした場合、") :], [])
        if not before or not ops or ops[0]["op"] != "play":
            return None
        return [{**op, "if_done": True} if op["op"] == "play" else op for op in ops]
    if sentence.startswith("その後、"):
        return read_chained_play(sentence[len("その後、") :], []) if before else None
    m = _DRAW_FIRST.fullmatch(sentence)
    if m and int(m.group(1)) >= 1:
        ops = read_chained_play(m.group(2), [])
        return [{"op": "draw", "n": int(m.group(1))}, *ops] if ops else None
    m = _PLAYED_BP.fullmatch(sentence)
    if m:
        play = read_play(m.group(1) + "させる")
        until, rest = g.duration(m.group(2))
        amount = g.bp_change(rest)
        if play is None or until is None or amount is None or play[0]["target"]["count"] != 1:
            return None  # "そのキャラ": the one card played
        return [*play, {"op": "bp", "amount": amount, "until": until, "target": "chosen"}]
    return read_play(sentence)


def read_play(sentence: str) -> list[dict[str, Any]] | None:
    """ "自分の手札から…を1枚まで自分の場にレストで登場させる" as a ``play`` op, or None.

    >>> read_play("自分の場外から消費APが1の[特徴:灯守]を1枚まで自分のフロントLにアクティブで登場させる")
    [{'op': 'play', 'target': {'side': 'own', 'zone': 'outside', 'ap_cost': 1, 'trait': '灯守', 'count': 1, 'up_to': True}, 'to': 'front_line', 'rested': False}]
    """
    m = _PLAY.fullmatch(sentence)
    n = g.count(m.group(3)) if m else None
    what = card_description(m.group(2)) if m else None
    if m is None or n is None or what is None or (n[0] != 1 and not n[1]):
        return None  # "N枚" of more than one: a mandatory choice of several (not read)
    if m.group(6) == "てもよい":  # "1枚…登場させてもよい": you may play one, i.e. up to one
        if n != (1, False):
            return None
        n = (1, True)
    if not n[1] and (what.get("card_type") != "character" or m.group(1) == "手札"):
        # a mandatory choice: of a card that may not be able to enter the field, or in a
        # hand the engine may not see (observed mode: choosing none could not be judged)
        return None
    target = {"side": "own", "zone": _FROM[m.group(1)], **what, "count": n[0]}
    target["up_to" if n[1] else "if_able"] = True
    return [
        {"op": "play", "target": target, "to": _TO[m.group(4)], "rested": m.group(5) == "レスト"}
    ]


#: after a play: the card played does not use its "[登場時]" abilities
_QUIET = "この効果で登場したキャラの[登場時]は発動しない"


def read_quiet_play(parts: list[str], before: list[dict[str, Any]]) -> list[dict[str, Any]] | None:
    """ "<play>。この効果で登場したキャラの[登場時]は発動しない": the play with
    ``when_played`` False (``UA-EFFECT-PLAY-QUIET``: its when-played abilities do not
    activate), or None.

    >>> read_quiet_play(["自分の場外から〈ミラ〉を1枚まで自分の場にレストで登場させる",
    ...                  "この効果で登場したキャラの[登場時]は発動しない"], [])[0]["when_played"]
    False
    """
    if len(parts) < 2 or parts[1] != _QUIET:
        return None
    ops = read_chained_play(parts[0], before)
    if not ops or ops[-1]["op"] != "play":
        return None
    return [*ops[:-1], {**ops[-1], "when_played": False}]


#: "…を『1枚』まで…登場させる" and "…場合、『2枚』に代わる"
_COUNT_MARKED = re.compile(r"を『(\d+)枚』まで")
_COUNT_INSTEAD = re.compile(r"(.+?)場合、『(\d+)枚』に代わる")


def read_replaced_count(parts: list[str]) -> list[dict[str, Any]] | None:
    """ "自分の場外から…を『1枚』まで自分の場にレストで登場させる。自分のフロントLに〈X〉がある
    場合、『2枚』に代わる": a play of up to the second number of cards while the condition
    holds as it resolves (selector ``instead``, ``UA-EFFECT-PLAY-COUNT-INSTEAD``), or None.

    >>> read_replaced_count(["自分の場外から[特徴:灯守]を『1枚』まで自分の場にレストで登場させる",
    ...                      "自分のフロントLに〈ミラ〉がある場合、『2枚』に代わる"])[0]["target"]["instead"]
    {'if': {'side': 'own', 'zone': 'front_line', 'name': 'ミラ'}, 'count': 2}
    """
    from judge.games.union_arena.textconditions import only_if_clause

    if len(parts) < 2 or len(_COUNT_MARKED.findall(parts[0])) != 1:
        return None
    m = _COUNT_MARKED.search(parts[0])
    r = _COUNT_INSTEAD.fullmatch(parts[1])
    assert m is not None
    ops = read_play(_COUNT_MARKED.sub(r"を\1枚まで", parts[0]))
    cond = only_if_clause(r.group(1)) if r else None  # also a card in one line
    if ops is None or r is None or cond is None or int(r.group(2)) <= int(m.group(1)):
        return None
    ops[0]["target"]["instead"] = {"if": cond, "count": int(r.group(2))}
    return ops


def card_description(text: str) -> dict[str, Any] | None:
    """The card a play takes: conditions, then a noun ("キャラカード", "〈Name〉", "[特徴:X]").

    >>> card_description("必要エナジーが2以下で消費APが1の緑のキャラカード")
    {'energy_max': 2, 'ap_cost': 1, 'color': 'green', 'card_type': 'character'}
    >>> card_description("〈ミラ〉以外の[特徴:灯守]")
    {'not_name': 'ミラ', 'trait': '灯守'}
    >>> card_description("BP3000以下のキャラカード") is None
    True
    """
    out: dict[str, Any] = {}
    while True:
        for pattern, key, value in _CONDITIONS:
            m = pattern.match(text)
            if m and key not in out:
                out[key] = value(m.group(1))
                text = text[m.end() :]
                break
        else:
            break
    if text == "キャラカード":
        return {**out, "card_type": "character"}
    noun = g.card_noun(text, on_field=False)
    if not noun or set(noun) & set(out) or "any_of" in noun:
        return None
    return {**out, **noun}


def read_no_activate(sentence: str, before: list[dict[str, Any]]) -> list[dict[str, Any]] | None:
    """ "それは次の1回アクティブにならない" after the ``rest`` of one chosen card: ``no_activate``
    on it (``target`` ``chosen``), or None."""
    if sentence != "それは次の1回アクティブにならない" or not before:
        return None
    last = before[-1]
    target = last.get("target")
    if last.get("op") != "rest" or not isinstance(target, dict) or target.get("count") != 1:
        return None
    return [{"op": "no_activate", "target": "chosen"}]
