"""The printed-text reader's sentences about a player's hand beyond a draw of one's own:
"相手はカードを1枚引く。" (the opponent draws 1 card), read into the op ``opponent_draw``
(``n``; ``UA-EFFECT-OPPONENT-DRAW``), which :mod:`judge.games.union_arena.resolve` carries out;
"自分の手札を全て場外に置く。" (the whole hand into the outside area, op ``discard_all``,
``UA-EFFECT-DISCARD-ALL``, carried out by :mod:`judge.games.union_arena.zone_moves`); and the
card a discard asks for, "自分の手札の〈X〉を1枚場外に置いてもよい" (``discard_card``:
the discard op's ``card``, ``UA-EFFECT-MAY-DISCARD``).

A module of its own, beside ``textdeck`` and ``textmove``: ``reader.py`` hands it a sentence
(without its "。") and reads what it returns; the pattern is the whole sentence, so a sentence
that differs in any word is not read.
"""

from __future__ import annotations

import re
from typing import Any

from judge.games.union_arena.textoutside import outside_card

#: what a discarded card may be asked to be: conditions the engine checks on a hand card
#: (``targets.card_mismatch``)
DISCARD_CARD_KEYS = frozenset({"name", "trait", "color", "card_type", "energy_max", "not_name"})

#: "相手はカードをN枚引く": the opponent draws N cards from their own deck
_OPPONENT_DRAW = re.compile(r"相手はカードを(\d+)枚引く")
#: "自分の手札を全て場外に置く" (then, optionally, "、カードをN枚引く" in the same sentence)
_DISCARD_ALL = re.compile(r"自分の手札を全て場外に(?:置く|置き、カードを(\d+)枚引く)")


def read_hand(sentence: str) -> list[dict[str, Any]] | None:
    """The ops of a sentence of this module, or None when it is another.

    >>> read_hand("相手はカードを1枚引く")
    [{'op': 'opponent_draw', 'n': 1}]
    >>> read_hand("相手はカードを1枚まで引く") is None
    True
    >>> read_hand("自分の手札を全て場外に置き、カードを5枚引く")
    [{'op': 'discard_all'}, {'op': 'draw', 'n': 5}]
    """
    m = _OPPONENT_DRAW.fullmatch(sentence)
    if m and int(m.group(1)) >= 1:
        return [{"op": "opponent_draw", "n": int(m.group(1))}]
    m = _DISCARD_ALL.fullmatch(sentence)  # the whole hand (UA-EFFECT-DISCARD-ALL)
    if m and m.group(1) is None:
        return [{"op": "discard_all"}]
    if m and int(m.group(1)) >= 1:
        return [{"op": "discard_all"}, {"op": "draw", "n": int(m.group(1))}]
    return None


def discard_card(noun: str) -> dict[str, Any] | None:
    """The conditions a discarded hand card must meet, printed "自分の手札の<noun>を…": a name,
    a trait, a card type ("イベントカード"), with a colour or a required energy; None when the
    noun says anything else (any card: "自分の手札を…", no noun).

    >>> discard_card("[特徴:灯守]")
    {'trait': '灯守'}
    >>> discard_card("〈ミラ〉か〈イロ〉") is None  # alternatives: not read here
    True
    """
    card = outside_card(noun)
    return card if card and set(card) <= DISCARD_CARD_KEYS else None


def discard_card_ok(op: dict[str, Any]) -> bool:
    """Whether a ``discard`` op's ``card`` is one the engine checks (``effects.supported``):
    non-empty, of :data:`DISCARD_CARD_KEYS`, strings but ``energy_max`` (a whole number), on
    the optional discard that opens an effect.

    >>> discard_card_ok({"op": "discard", "n": 1, "card": {"trait": "灯守"}})
    True
    >>> discard_card_ok({"op": "discard", "n": 1, "card": {"bp_max": 3000}})
    False
    """
    card = op.get("card")
    if not isinstance(card, dict) or not card or not set(card) <= DISCARD_CARD_KEYS:
        return False
    energy = card.get("energy_max", 0)
    return (
        all(isinstance(v, str) and v for k, v in card.items() if k != "energy_max")
        and type(energy) is int
        and energy >= 0
        and card.get("card_type", "character") in ("character", "field", "event")
    )


def read_draw_up_to(
    parts: list[str], when: str, tags: list[str], effect: dict[str, Any], ops: list[Any]
) -> list[dict[str, Any]] | None:
    """ "カードを1枚まで引く。" (draw up to 1 card) as the whole of a triggered ability (no tag
    but ``[ターン1]``, nothing read before it, not already optional): the player draws 1 or
    none, which is the ability used or not (the caller marks it ``optional``: the log's
    ``use``; ``UA-EFFECT-DRAW-UP-TO``).  None otherwise: up to 2 or more is a count the log
    would have to record, and within a longer ability declining would skip the rest.

    >>> read_draw_up_to(["カードを1枚まで引く"], "on_attack", [], {}, [])
    [{'op': 'draw', 'n': 1}]
    >>> read_draw_up_to(["カードを2枚まで引く"], "on_attack", [], {}, []) is None
    True
    """
    if (
        parts != ["カードを1枚まで引く"]
        or when == "activate_main"
        or tags not in ([], ["ターン1"])
        or effect.get("optional")
        or ops
    ):
        return None
    return [{"op": "draw", "n": 1}]


def read_retired_to_hand(
    parts: list[str], when: str, tags: list[str]
) -> list[dict[str, Any]] | None:
    """ "[退場時]このカードを手札に加える。" (when retired, put this card into your hand), the
    whole of a when-retired ability with no tag: the op ``self_to_hand``
    (``UA-EFFECT-RETIRED-TO-HAND``); None otherwise.

    >>> read_retired_to_hand(["このカードを手札に加える"], "on_retire", [])
    [{'op': 'self_to_hand'}]
    >>> read_retired_to_hand(["このカードを手札に加える"], "on_play", []) is None
    True
    """
    if parts != ["このカードを手札に加える"] or when != "on_retire" or tags:
        return None
    return [{"op": "self_to_hand"}]


def read_retired_to_hand_if_done(sentence: str, when: str) -> list[dict[str, Any]] | None:
    """ "そうした場合、このカードを手札に加える" on a when-retired ability, after an optional
    first op (``textmay``): ``self_to_hand`` with ``if_done``; None otherwise.

    >>> read_retired_to_hand_if_done("そうした場合、このカードを手札に加える", "on_retire")
    [{'op': 'self_to_hand', 'if_done': True}]
    """
    if sentence != "そうした場合、このカードを手札に加える" or when != "on_retire":
        return None
    return [{"op": "self_to_hand", "if_done": True}]


def read_may_draw(
    parts: list[str], when: str, tags: list[str], effect: dict[str, Any], ops: list[Any]
) -> tuple[list[dict[str, Any]], list[str]] | None:
    """ "カードを1枚引いてもよい。そうした場合、自分の手札を1枚場外に置く。" (you may draw 1 card; if
    you did, put 1 card of your hand into the outside area), the whole of an ability: its ops
    and no sentence left, or None (``UA-EFFECT-MAY-DRAW``).

    Read as :func:`judge.games.union_arena.textdeck.read_may_mill` reads its optional mill
    (``may_open``: a triggered ability, nothing before it); the caller marks the effect
    ``optional`` (the log's ``use``) and the discard carries ``if_done``: it happens only if a
    card was drawn (an empty deck draws none).  One card only: of two, a deck holding one
    would leave "if you did" unsettled.

    >>> read_may_draw(["カードを1枚引いてもよい", "そうした場合、自分の手札を1枚場外に置く"],
    ...               "blocked", [], {}, [])
    ([{'op': 'draw', 'n': 1}, {'op': 'discard', 'n': 1, 'if_done': True}], [])
    >>> read_may_draw(["カードを1枚引いてもよい"], "blocked", [], {}, []) is None
    True
    """
    from judge.games.union_arena.textdeck import may_open

    if parts != ["カードを1枚引いてもよい", "そうした場合、自分の手札を1枚場外に置く"]:
        return None
    if not may_open(parts, when, tags, effect, ops):
        return None
    return [{"op": "draw", "n": 1}, {"op": "discard", "n": 1, "if_done": True}], []
